"""Savannah Tails moves as data: what a save file may hold, and how a move reads."""

import pytest

from savannah_kit.core.errors import SaveFileError
from savannah_kit.tails import Move

FULL = Move("crazy-wings", to="T03:red:4", lane="red", arm=("bird-brain", "boinnnggg"), lose=("leapfrog",),
            warthog=True, boinnnggg=True, neck_stretch=True, leapfrog=True, player=2)


def bad_field(data):
    with pytest.raises(SaveFileError) as err:
        Move.from_data(data)
    return err.value.field


def test_a_move_writes_only_what_differs_from_a_plain_move():
    assert Move("red-3", to="T03:red:2").to_data() == {"card": "red-3", "to": "T03:red:2"}
    assert Move(kind="discard", discard=("red-2", "red-3")).to_data() == {"kind": "discard",
                                                                          "discard": ["red-2", "red-3"]}
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
    assert str(Move(kind="discard", discard=("red-2", "red-3"))) == "discard red-2, red-3"
    assert repr(FULL) == ("Move('crazy-wings', player=2, to='T03:red:4', lane='red', arm=('bird-brain', 'boinnnggg'), "
                          "lose=('leapfrog',), warthog=True, boinnnggg=True, neck_stretch=True, leapfrog=True)")
    assert repr(Move(kind="discard", discard=("red-2",))) == "Move(kind='discard', discard=('red-2',))"
