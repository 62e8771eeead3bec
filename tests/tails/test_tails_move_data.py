"""Savannah Tails moves as data: what a save file may hold, and how a move reads."""

import pytest

from savannah_kit.core.errors import SaveFileError
from savannah_kit import tails
from savannah_kit.tails import Discard, Move
from savannah_kit.tails.moves import move_from_data

FULL = Move("crazy-wings", to="T03:red:4", lane="red", arm=("bird-brain", "boinnnggg"), lose=("leapfrog",),
            warthog=True, boinnnggg=True, neck_stretch=True, leapfrog=True, player=2)


def bad_field(data):
    with pytest.raises(SaveFileError) as err:
        move_from_data(data)
    return err.value.field


def test_a_move_writes_only_what_differs_from_a_plain_move():
    assert Move("red-3", to="T03:red:2").to_data() == {"card": "red-3", "to": "T03:red:2"}
    assert Discard(("red-3", "red-2")).to_data() == {"discard": ["red-2", "red-3"]}
    assert FULL.to_data() == {"card": "crazy-wings", "to": "T03:red:4", "lane": "red", "player": 2,
                              "arm": ["bird-brain", "boinnnggg"], "lose": ["leapfrog"], "warthog": True,
                              "boinnnggg": True, "neck_stretch": True, "leapfrog": True}
    assert Move.from_data(FULL.to_data()) == FULL and Move.from_data(FULL.to_data()).player == 2
    assert Move.from_data(FULL) is FULL


def test_move_data_is_read_in_a_canonical_form():
    """Lists are read in sorted order, so the same choice always makes the same move."""
    got = Move.from_data({"card": "red-3", "to": "T03:red:2", "arm": ["boinnnggg", "bird-brain"]})
    assert got == Move("red-3", to="T03:red:2", arm=("bird-brain", "boinnnggg")) and got.kind == "normal"
    assert Move.from_data({"kind": "one-space", "card": "red-3"}).kind == "one-space"
    assert Move.from_data({"card": "red-3", "player": 0}).player == 0
    assert Move.from_data({"card": "red-3", "player": 4}).player == 4


@pytest.mark.parametrize("data, field", [
    ({"card": "red-3", "to": 5}, "to"),
    ({"card": "red-3", "to": ["T03:red:2"]}, "to"),
    ({"card": "red-9"}, "card"),
    ({"card": 3}, "card"),
    ({"kind": "jump"}, "kind"),
    ({"card": "crazy-wings", "lane": "green"}, "lane"),
    ({"card": "red-3", "arm": "boinnnggg"}, "arm"),
    ({"card": "red-3", "lose": ["wings"]}, "lose"),
    ({"kind": "discard", "discard": ["red-7"]}, "discard"),
    ({"discard": ["red-2"], "to": "T03:red:2"}, "to"),
    ({"discard": ["red-2"], "kind": "normal"}, "kind"),
    ({"discard": "red-2"}, "discard"),
    ({"card": "red-3", "warthog": 1}, "warthog"),
    ({"card": "red-3", "leapfrog": "yes"}, "leapfrog"),
    ({"card": "red-3", "player": 5}, "player"),
    ({"card": "red-3", "player": -1}, "player"),
    ({"card": "red-3", "player": True}, "player"),
    ({"card": "red-3", "speed": 2}, "speed"),
])
def test_bad_move_data_names_the_field(data, field):
    assert bad_field(data) == field


def test_a_move_reads_as_words_and_as_code():
    assert str(FULL) == ("crazy-wings (red) to T03:red:4, Boinnnggg, Neck Stretch, Leapfrog, "
                         "arm bird-brain+boinnnggg, lose leapfrog, via warthog")
    assert str(Move("red-3", to="T03:red:1", kind="one-space")) == "red-3 one space to T03:red:1"
    assert str(Discard(("red-2", "red-3"))) == "discard red-2, red-3"
    assert repr(FULL) == ("Move('crazy-wings', player=2, to='T03:red:4', lane='red', arm=('bird-brain', 'boinnnggg'), "
                          "lose=('leapfrog',), warthog=True, boinnnggg=True, neck_stretch=True, leapfrog=True)")
    assert repr(Discard(("red-2",))) == "Discard(('red-2',))"
    assert repr(Discard(("red-2",), player=1)) == "Discard(('red-2',), player=1)"


@pytest.mark.rule("tails.draw.hand-size")
def test_a_discard_is_a_move_class_of_its_own():
    """The hand-size decision is a ``Discard``: its cards in name order, read back from save files
    (an earlier ``"kind": "discard"`` too)."""
    assert Discard(("red-3", "blue-4")) == Discard(("blue-4", "red-3"))
    assert Discard("red-3").cards == ("red-3",)
    assert move_from_data({"discard": ["red-3", "blue-4"], "player": 1}) == Discard(("blue-4", "red-3"))
    assert move_from_data({"kind": "discard", "discard": ["red-3"]}) == Discard(("red-3",))
    assert move_from_data({"card": "red-3", "to": "T03:red:2"}) == Move("red-3", to="T03:red:2")
    assert tails.TailsGame.move_types == (Move, Discard)


@pytest.mark.rule("tails.draw.hand-size")
def test_the_old_spelling_of_a_discard_still_plays_with_a_warning():
    from tails_helpers import race

    g = race([{"space": "T03:red:0", "hand": ["red-2", "red-3", "red-4", "red-5", "red-6"]},
              {"space": "T03:blue:1", "holds": []}], pending_discard=1)
    assert Discard(("red-6",)) in g.legal_moves()
    with pytest.warns(DeprecationWarning, match="use Discard"):
        assert g.is_legal(Move(kind="discard", discard=("red-6",)))
    with pytest.warns(DeprecationWarning, match="use Discard"):
        g.play(Move(kind="discard", discard=("red-6",)))
    assert g.history == [Discard(("red-6",))]
