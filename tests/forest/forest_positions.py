"""Hand-built Savernake Forest positions shared by the forest tests."""

# The rulebook's scoring example: Titmouse 6, Squirrel 4, Fox 10, Badger 4,
# animals 7, pawn 1 = 32 (Red holds the pawn). Cells are (x, y), y downward.
SCORING_EXAMPLE = " ".join([
    "P16@0,0r0 P06@1,0r0 P22@2,0r90 P08@3,0r0",
    "A01@0,1r0[lair=2;water=egg,worm] A04@1,1r90 P07@2,1r0 P14@3,1r90",
    "A03@0,2r180[water=worm] P05@1,2r0 A02@2,2r90 P28@3,2r180",
    "P24@0,3r270 P10@1,3r0 P38@2,3r0 P39@3,3r90",
])

# A full 4×4 forest for the other seat (one animal, path cards in rows).
OTHER_FULL = " ".join(
    ["A05@0,0r0"] + [f"{cid}@{i % 4},{i // 4}r0" for i, cid in enumerate(
        ["P01", "P02", "P03", "P04", "P09", "P11", "P12", "P13", "P15", "P17", "P18", "P19", "P20", "P21",
         "P23"], start=1)])

# The fox of the rulebook example: its path meets worm, nut, egg, egg, worm.
FOX_PATH = "A01@0,1r0 P16@0,0r0 P06@1,0r0 P22@2,0r90"
FOX_OTHER = "A02@0,0r0 P01@1,0r0 P02@2,0r0 P03@3,0r0"

# Four animals whose stubs all point at the hole (1, 1): nothing on this
# market fits there without joining two of them, so placement is forced.
FORCED_RED = " ".join([
    "P01@0,0r0 A01@1,0r180 P02@2,0r0 P03@3,0r0",
    "A02@0,1r90 A03@2,1r270 P04@3,1r0",
    "P05@0,2r0 A04@1,2r0 P06@2,2r0 P07@3,2r0",
    "P08@0,3r0 P09@1,3r0 P10@2,3r0 P11@3,3r0",
])
FORCED_BLUE = " ".join(
    ["A06@0,0r0"] + [f"{cid}@{i % 4},{i // 4}r0" for i, cid in enumerate(
        ["P14", "P15", "P16", "P17", "P18", "P19", "P20", "P21", "P22", "P23", "P24", "P26", "P27", "P29"],
        start=1)])
FORCED_MARKET = {"rabbit": "A05", "rooster": "P13", "armadillo": "P25", "goat": "P12"}


def forced_scenario():
    return {"forests": [FORCED_RED, FORCED_BLUE], "market": dict(FORCED_MARKET), "pawn": 0}


#: The forced scenario's moves up to the end-of-game clean-up: Red's P13 joins the Squirrel and the Titmouse.
FORCED_TO_CLEAN_UP = (("take", 0, "rooster"), ("place", 0, 1, 1, 0), ("take", 1, "armadillo"), ("place", 1, 3, 3, 0))


def at_the_clean_up(keep=None):
    """The forced scenario played to its end-of-game clean-up choice (and past it: ``keep=(x, y)``)."""
    from savannah_kit import forest

    g = forest.from_scenario(forced_scenario())
    for kind, *fields in FORCED_TO_CLEAN_UP:
        g.play(forest.Take(*fields) if kind == "take" else forest.Place(*fields))
    if keep is not None:
        g.play(forest.Keep(0, *keep))
    return g


def at_a_lair_question():
    """Red has two animals and the armadillo's card just placed: which animal gets the lair token?"""
    from savannah_kit import forest

    g = forest.from_scenario({"forests": ["A01@0,0r90 P06@1,0r0 P07@2,0r0 A05@0,1r180",
                                          "A02@0,0r0 P03@1,0r0 P04@2,0r0 P05@3,0r0"],
                              "market": {"rabbit": "A06", "rooster": "P12", "armadillo": "P11", "goat": "P02"},
                              "pawn": 0})
    g.play(forest.Take(0, "armadillo"))
    g.play(forest.Place(0, 3, 0, 0))
    return g


def refused(game, move, rule):
    """Play an illegal ``move``: it must cite ``rule`` and leave the game exactly as it was."""
    import pytest

    from savannah_kit.core import IllegalMove

    before = (game.to_json(), str(game), game.phase, game.legal_moves(), game.scores())
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    assert err.value.rule_id == rule
    assert (game.to_json(), str(game), game.phase, game.legal_moves(), game.scores()) == before
    return err.value
