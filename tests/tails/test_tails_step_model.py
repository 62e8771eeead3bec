"""The step rules are written once: only ``tails/step.py`` reads what a space holds to move an
ostrich (``tails/track.py`` defines the features; the pictures and the plain-text board draw them)."""

import ast
from pathlib import Path

import pytest

from savannah_kit.tails import track
from savannah_kit.tails.data import MODE_COUNT, Mode
from savannah_kit.tails.step import ENTRIES, entry

TAILS = Path(track.__file__).parent
FEATURES = {"WATER", "QUICKSAND", "LION", "CHEETAH", "PORCUPINE", "CROCODILE", "WARTHOG", "DUNE", "ANIMAL",
            "FEATURE_BITS"}
#: the track's per-space feature tables, and the mask of spaces whose features a move narrates
FEATURE_TABLES = {"feat", "dune", "narrated"}
#: modules that draw the features or hold them: they never decide a move
DRAWING = {"render.py", "render_course.py", "render_panels.py", "render_style.py", "text.py", "designer.py", "design.py", "sandbox.py", "widget.py", "clicks.py", "lessons.py", "puzzles.py"}


def feature_reads(path: Path):
    """(line, what) for each feature bit a module imports and each feature table it reads."""
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("track"):
            yield from ((node.lineno, a.name) for a in node.names if a.name in FEATURES)
        if isinstance(node, ast.Attribute) and node.attr in FEATURE_TABLES:
            yield node.lineno, "." + node.attr


@pytest.mark.rule("tails.move.links", "tails.animal.lion", "tails.quicksand.cost")
def test_no_other_engine_module_reads_the_features_of_a_space_for_movement():
    engine = [p for p in sorted(TAILS.glob("*.py")) if p.name not in DRAWING | {"step.py", "track.py"}]
    assert len(engine) >= 10
    found = {p.name: list(feature_reads(p)) for p in engine}
    assert {name: reads for name, reads in found.items() if reads} == {}
    # and the check can see one: the step module itself reads them
    assert list(feature_reads(TAILS / "step.py"))


@pytest.mark.rule("tails.tiptoe.ignore", "tails.bonus.boinnnggg", "tails.animal.crocodile", "tails.animal.porcupine")
def test_the_step_table_says_what_each_space_does_in_each_mode():
    lion, croc, sand, porc, cheetah = track.LION, track.CROCODILE, track.QUICKSAND, track.PORCUPINE, track.CHEETAH
    normal, tiptoe, boing = ENTRIES[Mode.NORMAL][0], ENTRIES[Mode.TIPTOE][0], ENTRIES[Mode.BOINNNGGG][0]
    assert (normal[lion].through, normal[lion].end) == (0, 0)            # a lion is never entered
    assert (normal[croc].through, normal[croc].end) == (1, 0)            # a crocodile is passed, not ended on
    assert (normal[sand].through, normal[sand].end) == (2, 2)            # quicksand costs 2
    assert normal[porc].stops and not boing[porc].stops and not tiptoe[porc].stops
    assert normal[cheetah].passing & cheetah and not boing[cheetah].passing & cheetah  # Boinnnggg passes it...
    assert boing[cheetah].ending & cheetah                                # ...but where it ends, it acts (K6)
    assert (boing[sand].through, boing[sand].end) == (1, 2)              # quicksand where Boinnnggg ends costs 2
    assert (boing[lion].through, boing[lion].end) == (1, 0)
    assert all(e.through == e.end == 1 and not e.stops for e in tiptoe.values())  # tiptoeing ignores everything
    for mode in range(MODE_COUNT):  # another ostrich: passed only by Boinnnggg, never ended on
        occupied = ENTRIES[mode][1][0]
        assert occupied.end == 0 and occupied.through == (1 if mode & Mode.BOINNNGGG else 0)


def test_entry_reads_the_space_and_the_other_ostriches():
    t = track.Track(track.build_course([["T01", "easy"], ["T06", "hard"], ["T02", "easy"]]))
    lion = t.by_name["T06:blue:4"]
    assert entry(t, Mode.NORMAL, lion).what == "lion"
    assert entry(t, Mode.NORMAL, lion, occ=t.bit[lion]).what == "ostrich"


def test_a_course_no_longer_raced_can_drop_what_its_track_keeps():
    """The shared track of a course keeps its route sets and known moves for every race on it,
    within fixed bounds; ``forget_course`` lets them go (races still running keep their own)."""
    from savannah_kit import tails
    from savannah_kit.tails.generate import KNOWN_LIMIT

    game = tails.new_game(players=3, seed=5, course="second-race")
    for _ in range(30):
        game.play(game.legal_moves()[0])
    track = game.track
    kept = sum(r is not None for r in track.route_sets)
    assert kept and track.known and len(track.known) <= KNOWN_LIMIT
    assert len(track.route_sets) == track.size * 12 * 5 * 4  # one slot per question: set by the course
    tails.forget_course(game.course)
    assert not any(track.route_sets) and not track.known
    assert tails.new_game(players=3, seed=5, course="second-race").track is not track
    game.play(game.legal_moves()[0])  # the running race goes on, finding its routes again
