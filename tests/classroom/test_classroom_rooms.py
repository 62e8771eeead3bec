"""The room without a server: joining, turns, the teacher's actions, the store, and what a
seat's picture may show (its own hand only)."""

import random
import subprocess
import sys

import pytest

from savannah_kit.classroom.rooms import Room, RoomError, clean_name
from savannah_kit.classroom.store import Store
from savannah_kit.classroom.views import RoomViews, _board, svg
from savannah_kit.core.hidden import determinise
from savannah_kit.core.registry import games

GAMES = sorted(games())
HIDDEN = [name for name in GAMES if games()[name].hidden is not None]


def room(game="forest", path=":memory:", **options):
    options.setdefault("tables", 2)
    options.setdefault("players", 3)
    return Room(game, Store(path), **options)


def test_join_gives_free_seats_in_order_and_refuses_a_wrong_code_or_a_full_table():
    r = room(players=2)
    with pytest.raises(RoomError) as err:
        r.join("WRONG1", "Ana")
    assert err.value.field == "code"
    seats = [r.join(r.code.lower(), name) for name in ("Ana", "Ben", "Cy")]  # the code in any case
    assert [(t.number, s.index) for t, s in seats] == [(1, 0), (1, 1), (2, 0)]
    assert len({s.token for _, s in seats}) == 3
    r.join(r.code, "Di", 2)
    with pytest.raises(RoomError) as err:
        r.join(r.code, "Ed", 2)
    assert err.value.field == "table" and "no free seat" in err.value.reason


@pytest.mark.parametrize("bad, words", [("", "type your first name"), ("x" * 25, "at most 24"),
                                        ("a\x00b", "control"), (7, "text")])
def test_a_bad_name_is_refused_naming_the_field(bad, words):
    with pytest.raises(RoomError) as err:
        clean_name(bad)
    assert err.value.field == "name" and words in err.value.reason


def test_a_script_tag_is_an_ordinary_name():
    r = room()
    _t, seat = r.join(r.code, "<script>alert(1)")
    assert seat.name == "<script>alert(1)"


def test_only_the_seat_to_move_may_move_and_a_paused_table_waits():
    r = room()
    t, a = r.join(r.code, "Ana", 1)
    _t, b = r.join(r.code, "Ben", 1)
    mover, other = (a, b) if t.to_move.index == a.index else (b, a)
    r.check_turn(t, mover)
    with pytest.raises(RoomError) as err:
        r.check_turn(t, other)
    assert err.value.field == t.game.turn_rule and "turn" in err.value.reason
    r.pause(t, True)
    with pytest.raises(RoomError) as err:
        r.check_turn(t, mover)
    assert err.value.field == "paused"


def test_teacher_secret_is_checked():
    r = room()
    r.check_teacher(r.secret)
    for bad in ("", r.secret + "x", None, 12):
        with pytest.raises(RoomError) as err:
            r.check_teacher(bad)
        assert err.value.field == "secret"


def test_bots_play_their_seats_the_same_way_every_time():
    stories = []
    for _ in range(2):
        r = room(players=3, bots=["greedy", "random"])
        t = r.tables[1]
        r.run_bots(t)
        stories.append([m.to_data() for m in t.game.history])
        assert t.to_move is None or not t.to_move.bot
    assert stories[0] == stories[1]


def test_undo_takes_back_the_last_students_move_and_the_bot_moves_after_it(tmp_path):
    r = room(path=tmp_path / "r.sqlite", players=2, bots=["greedy"], tables=1)
    t = r.tables[1]
    r.run_bots(t)
    start = len(t.game.history)
    student = t.to_move.index
    t.game.play(t.game.legal_moves()[0])
    r.commit(t, student)
    r.run_bots(t)
    assert len(t.game.history) > start + 1 or t.game.is_over or t.to_move.index == student
    r.undo(t)
    assert len(t.game.history) == start and t.to_move.index == student
    assert len(Store(tmp_path / "r.sqlite").journal(1)) == start


def test_give_a_seat_to_a_bot_free_it_and_the_old_token_no_longer_plays(tmp_path):
    r = room()
    t, seat = r.join(r.code, "Ana", 1)
    token = seat.token
    r.give_to_bot(t, seat, "greedy")
    with pytest.raises(RoomError) as err:
        r.seat_of(token)
    assert err.value.field == "token"
    assert seat.bot == "greedy" and seat.name == ""
    with pytest.raises(RoomError) as err:
        r.give_to_bot(t, seat, "nobody")
    assert err.value.field == "bot"
    r.free(t, seat)
    assert (seat.bot, seat.token) == ("", "")
    assert r.join(r.code, "Ben", 1)[1].index == seat.index


def test_a_seat_left_empty_is_taken_over_only_where_the_teacher_allows_and_given_back():
    r = room()
    t, seat = r.join(r.code, "Ana", 1)
    assert r.take_over([(1, seat.index)]) == []
    r.set_takeover(t, True)
    assert r.take_over([(1, seat.index)]) == [t]
    assert seat.bot == games()["forest"].bots.greedy and seat.token
    assert r.come_back(t, seat) and seat.bot == ""



def test_the_teacher_chooses_the_level_of_the_bot_that_takes_over_or_plays_a_seat():
    r = room()
    t, seat = r.join(r.code, "Ana", 1)
    _t, other = r.join(r.code, "Ben", 1)
    assert set(r.levels()) == {"easy", "medium", "hard"} and r.levels()["hard"] in r.bot_names()
    r.set_takeover(t, True, "hard")
    assert t.takeover == "hard" and r.take_over([(1, seat.index)]) == [t] and seat.bot == "hard"
    r.give_to_bot(t, other, "easy")
    assert other.bot == "easy" and "(easy bot)" in r.who(t, other)
    r.run_bots(t)  # the levels' bots play
    assert t.to_move is None or not t.to_move.bot
    for bad in ("hardest", 3, None):
        with pytest.raises(RoomError) as err:
            r.set_takeover(t, True, bad) if bad is not None else r.give_to_bot(t, seat, bad)
        assert err.value.field == "bot" and "easy, medium, hard" in err.value.reason
    assert t.takeover == "hard"  # a refusal changes nothing
    r.set_takeover(t, False)
    assert t.takeover == ""


def test_a_room_reopened_on_its_store_is_the_same_room(tmp_path):
    path = tmp_path / "room.sqlite"
    r = room(path=path, players=3, bots=["greedy"])
    t, seat = r.join(r.code, "Ana", 1)
    for _ in range(3):
        mover = t.to_move.index
        t.game.play(t.game.legal_moves()[-1])
        r.commit(t, mover)
        r.run_bots(t)
    r.set_takeover(r.tables[2], True, "medium")
    again = Room("forest", Store(path), tables=5, players=2)  # the stored room wins over new options
    assert again.code == r.code and again.secret == r.secret and len(again.tables) == 2
    for n in (1, 2):
        assert again.tables[n].game.to_json() == r.tables[n].game.to_json()
        assert again.tables[n].seats == r.tables[n].seats and again.tables[n].takeover == r.tables[n].takeover
    assert again.seat_of(seat.token)[1].name == "Ana"
    with pytest.raises(RoomError) as err:
        Room("circle", Store(path))
    assert err.value.field == "db"


def test_a_failed_write_takes_the_move_back(tmp_path):
    r = room(path=tmp_path / "r.sqlite", tables=1)
    t = r.tables[1]
    before = t.game.to_json()
    t.game.play(t.game.legal_moves()[0])
    r.store.db.close()  # the disk is gone
    with pytest.raises(Exception):
        r.commit(t, 0)
    assert t.game.to_json() == before


def test_new_rooms_refuse_bad_options_naming_them():
    for options, field in ((dict(players=9), "players"), (dict(tables=0), "tables"),
                           (dict(players=2, bots=["greedy", "greedy"]), "bots"), (dict(bots=["nobody"]), "bot")):
        with pytest.raises(RoomError) as err:
            room(**options)
        assert err.value.field == field


def _played(name, moves, seed=3):
    g = games()[name].new_game(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    return g


def _picture(game, seat=None):
    """The picture a seat's board draws (``seat`` None: the projector's)."""
    return svg(_board(game, [] if seat is None else [seat], classroom=seat is None).canvas.scene)


@pytest.mark.parametrize("name", HIDDEN)
def test_a_seats_picture_shows_nothing_it_may_not_see(name):
    """Re-dealing what seat p cannot see (other hands, deck order) leaves p's picture as it is;
    re-dealing what nobody at the table can see leaves the projector's as it is."""
    for moves in (0, 7):
        g = _played(name, moves)
        for p in range(3):
            mine = _picture(g, p)
            for seed in range(3):
                assert _picture(determinise(g, p, random.Random(seed)), p) == mine
        projected = _picture(g)
        for p in range(3):
            assert _picture(determinise(g, p, random.Random(9))) == projected


def test_the_hidden_check_catches_a_picture_showing_another_hand():
    """The check above fails for a picture that shows another seat's hand: seat p shown the
    picture of the seat to move changes when what p cannot see is re-dealt, in every game with
    hands to hide."""
    caught = []
    for name in HIDDEN:
        g = _played(name, 4)
        p = (g.current_player + 1) % 3
        leaky = _picture(g, g.current_player)
        if any(_picture(determinise(g, p, random.Random(seed)), g.current_player) != leaky for seed in range(4)):
            caught.append(name)
    assert len(caught) >= 2, f"only {caught} show a hand in their pictures"


@pytest.mark.parametrize("name", GAMES)
def test_a_click_plays_through_the_games_own_board(name):
    """The seat to move clicks its lit targets until a move is made: the room records it and
    every seat's view follows; other seats' clicks are refused by the room."""
    r = room(name, tables=1)
    views = RoomViews(r)
    t = r.tables[1]
    view = views[1]
    rng = random.Random(2)
    for _ in range(40):
        seat = t.to_move.index
        view.click(seat, hit=rng.choice(view.board(seat).keyboard_order()))
        if r.commit(t, seat):
            view.after_moves(seat)
            break
    assert r.store.journal(1) == [m.to_data() for m in t.game.history] != []
    moves = len(t.game.history)
    assert {view.student(s)["moves"] for s in range(3)} == {moves} == {view.projector_view()["moves"]}
    with pytest.raises(RoomError) as err:
        view.click(t.to_move.index, hit="no-such-area")
    assert err.value.field == "hit"


def test_the_class_server_imports_no_widget_library():
    """The class server runs each seat's clicks without widgets (``ui.clicks``): importing it, and
    playing a move of every game through its views, loads no Jupyter widget module."""
    code = ("import sys\n"
            "import savannah_kit.classroom.server\n"
            "from savannah_kit.classroom.rooms import Room\n"
            "from savannah_kit.classroom.store import Store\n"
            "from savannah_kit.classroom.views import RoomViews\n"
            f"for name in {GAMES!r}:\n"
            "    r = Room(name, Store(':memory:'), tables=1, players=2)\n"
            "    t, s = r.join(r.code, 'Ana', 1)\n"
            "    views = RoomViews(r)\n"
            "    views[1].student(s.index); views[1].projector_view()\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'ipycanvas', 'anywidget', 'IPython', 'ipykernel', 'traitlets')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("name", [n for n in GAMES if games()[n].hook("clicks").same_picture_while_waiting])
def test_a_picture_shared_by_the_waiting_seats_is_each_ones_own(name):
    """Where a game's clicks say every seat not to move sees the same picture, the one picture
    the class server draws for them is, move after move, the one each seat's own board draws."""
    r = room(name, players=3, tables=1)
    for who in ("Ana", "Ben", "Cy"):
        r.join(r.code, who, 1)
    views = RoomViews(r)
    t, v = r.tables[1], views[1]
    rng = random.Random(5)
    compared = 0
    while len(t.game.history) < 40 and not t.game.is_over:
        mover = t.to_move.index
        hits = v.student(mover)["targets"] or v.student(mover)["hits"]
        v.click(mover, hit=rng.choice(hits))
        if r.commit(t, mover):
            v.after_moves(mover)
            for seat in range(3):
                if seat != t.to_move.index:
                    shared = v.student(seat)["svg"]
                    assert shared == svg(v.board(seat).canvas.scene), (seat, len(t.game.history))
                    compared += 1
    assert compared >= 60


def test_the_projector_shows_no_hand_even_when_scoring_reveals_them():
    """At the end of a Circle game the seats' pictures show every hand (their penalties are
    scored), but the projector's shows none face up: no card of a hand, only hidden hands."""
    g = _played("circle", 10_000)
    assert g.is_over
    def hand_cards(scene):  # a card in a hand face up: "hand:<card id>" (a hand face down: "hand:<seat>")
        return [s.hit for s in scene.shapes if (s.hit or "").startswith("hand:") and not s.hit[5:].isdigit()]

    assert hand_cards(_board(g, [0], classroom=True).canvas.scene)  # the check sees a hand shown
    projected = _board(g, [], classroom=True).canvas.scene
    assert hand_cards(projected) == []
    assert "face down" in svg(projected)
