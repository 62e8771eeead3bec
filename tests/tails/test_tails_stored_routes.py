"""The route sets shipped for the named courses: complete, equal to a fresh search, and
ignored wherever they do not fit (a damaged, stale or foreign file only means searching)."""

import zlib

import pytest

from savannah_kit.tails import stored_routes
from savannah_kit.tails.data import COURSES
from savannah_kit.tails.track import (_NO_ROUTES, MAX_POINTS, MODE_COUNT, RouteEnd, Track, build_course, move_key,
                                      named_course)

REGENERATE = "regenerate them: python -m savannah_kit.dev.route_files"


@pytest.fixture(scope="module", params=sorted(COURSES))
def tracks(request):
    """(the track as a game gets it, a track that searches every route set) for one named course."""
    course = named_course(request.param)
    return Track(course), Track(course, stored=False)


def test_every_named_course_ships_route_sets_that_fit_it(tracks):
    stored, _fresh = tracks
    assert stored_routes.path_for(stored.course.name).is_file(), REGENERATE
    assert stored._stored is not None, f"the stored route sets of {stored.course.name} no longer fit its track: " \
                                       + REGENERATE


@pytest.mark.slow
def test_every_stored_route_set_equals_a_fresh_search(tracks):
    stored, fresh = tracks
    questions = 0
    for start in range(stored.size):
        for points in range(MAX_POINTS):
            for target in range(4):
                for mode in range(MODE_COUNT):
                    got, want = stored.routes(start, points, target, mode), fresh.routes(start, points, target, mode)
                    assert got == want, (stored.names[start], points, target, mode, REGENERATE)
                    assert [type(part) for part in got] == [type(part) for part in want]
                    assert [type(group[0].ending) for group in got[2:]] == [type(group[0].ending) for group in want[2:]]
                    questions += 1
    assert questions == len(stored._routes) > 50_000


def _contents(blob: bytes) -> bytes:
    """A stored-routes file with its body decompressed (another zlib may compress differently)."""
    size = stored_routes.HEADER.size
    return blob[:size] + zlib.decompress(blob[size:])


def test_the_shipped_file_is_what_the_kit_writes_today(tracks):
    _stored, fresh = tracks
    shipped = stored_routes.path_for(fresh.course.name).read_bytes()
    assert _contents(stored_routes.encode(fresh)) == _contents(shipped), REGENERATE


def test_a_route_set_is_built_once_and_shared_by_the_questions_that_share_it(tracks):
    stored, _fresh = tracks
    seen = {}
    for key in range(len(stored._routes)):
        route_set = stored._stored.route_set(key)
        assert seen.setdefault(route_set, route_set) is route_set
    assert len(seen) < len(stored._routes) / 2


def _load(track, path=None):
    return stored_routes.load(track, RouteEnd, _NO_ROUTES, path)


def _damaged(tmp_path, name, change):
    data = bytearray(stored_routes.path_for(name).read_bytes())
    change(data)
    path = tmp_path / "routes.bin"
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize("change", [
    lambda data: data.__setitem__(0, ord("X")),                          # not a route file
    lambda data: data.__setitem__(4, stored_routes.FORMAT + 1),          # another format
    lambda data: data.__setitem__(5, data[5] ^ 1),                        # another track's fingerprint
    lambda data: data.__setitem__(len(data) - 9, data[-9] ^ 0x55),      # damaged
    lambda data: data.__delitem__(slice(len(data) // 2, None)),          # cut short
    lambda data: data.__delitem__(slice(10, None)),                      # no more than a header
], ids=["magic", "format", "fingerprint", "damaged", "cut-short", "header-only"])
def test_a_file_that_does_not_fit_is_ignored_and_the_track_searches(tmp_path, change):
    track = Track(named_course("first-race"), stored=False)
    assert _load(track, _damaged(tmp_path, "first-race", change)) is None


def test_another_courses_file_and_a_missing_one_are_ignored(tmp_path):
    first = Track(named_course("first-race"), stored=False)
    assert _load(first, stored_routes.path_for("second-race")) is None
    assert _load(first, tmp_path / "missing.bin") is None
    assert _load(first) is not None


def test_a_custom_course_searches_even_with_a_named_courses_tiles():
    tiles = [[tile.id, side] for tile, side in named_course("first-race").tiles]
    custom = Track(build_course(tiles))
    assert custom._stored is None
    named = Track(named_course("first-race"))
    key = move_key(0, 5, 1, 0)
    assert custom.routes(0, 5, 1, 0) == named.routes(0, 5, 1, 0) and named._routes[key] is not None


def _rewritten(tmp_path, change):
    """The first race's file with its numbers changed by ``change(words, header)``, framed and
    compressed as the kit writes it: a file zlib accepts whose contents do not decode."""
    blob = stored_routes.path_for("first-race").read_bytes()
    header = stored_routes.HEADER.unpack_from(blob)
    words = memoryview(bytearray(zlib.decompress(blob[stored_routes.HEADER.size:]))).cast("Q")
    change(words, dict(zip(("questions", "ends", "groups", "sets"), header[3:])))
    path = tmp_path / "routes.bin"
    path.write_bytes(blob[:stored_routes.HEADER.size] + zlib.compress(words.tobytes()))
    return path


def _every_end(words, counts, field, value):
    ends_at = len(words) - 5 * counts["ends"]
    for at in range(ends_at + field, len(words), 5):
        words[at] = value


KEY = (0, 5, 1, 0)  # start line, 5 points, yellow, normal: a route set with groups


@pytest.mark.parametrize("change", [
    lambda words, counts: words.__setitem__(move_key(*KEY), counts["sets"] + 7),          # no such route set
    lambda words, counts: words.__setitem__(counts["questions"] + words[move_key(*KEY)] + 1, 0),  # offsets reversed
    lambda words, counts: _every_end(words, counts, 0, 10_000),                          # off the track
    lambda words, counts: _every_end(words, counts, 4, 99),                              # no such ending
], ids=["set-number", "offsets", "space", "ending"])
def test_contents_that_do_not_decode_are_refused_and_the_track_searches(tmp_path, change):
    fresh = Track(named_course("first-race"), stored=False)
    assert len(fresh.routes(*KEY)) > 2
    track = Track(named_course("first-race"), stored=False)
    track._stored = _load(track, _rewritten(tmp_path, change))
    assert track._stored is not None  # its frame fits: only decoding finds the fault
    with pytest.raises(stored_routes.StoredRoutesError, match=f"route set {move_key(*KEY)} does not decode"):
        track._stored.route_set(move_key(*KEY))
    assert track.routes(*KEY) == fresh.routes(*KEY)
    assert track._stored is None  # searched from then on
    assert track.routes(3, 4, 2, 0) == fresh.routes(3, 4, 2, 0)


def test_an_unchanged_rewrite_still_decodes(tmp_path):
    track = Track(named_course("first-race"), stored=False)
    track._stored = _load(track, _rewritten(tmp_path, lambda words, counts: None))
    assert track.routes(*KEY) == Track(named_course("first-race"), stored=False).routes(*KEY)
    assert track._stored is not None
