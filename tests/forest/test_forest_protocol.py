"""The common game protocol on Savernake Forest: bad input, saving, undo, copies,
scenarios and their text form, bots."""

import json

import pytest

from savannah_kit import forest
from savannah_kit.core import IllegalMove, SaveFileError, ScenarioError
from savannah_kit.core.bots import GreedyBot, RandomBot
from savannah_kit.core.sim import play_out
from savannah_kit.forest import Take

from forest_positions import FOX_OTHER, FOX_PATH, OTHER_FULL, SCORING_EXAMPLE, refused


def played(seed=3, moves=25, **options):
    g = forest.new_game(seed=seed, **options)
    bot = RandomBot(seed)
    for _ in range(moves):
        g.play(bot.choose(g))
    return g


@pytest.mark.rule("forest.round.order", "forest.turn.take")
def test_wrong_player_and_junk_moves_leave_the_game_untouched():
    g = played()
    p = g.current_player
    move = g.legal_moves()[0]
    wrong = type(move)(**{**move.__dict__, "player": 1 - p})
    err = refused(g, wrong, "forest.round.order")
    assert err.reason == f"it is {g.player_name(p)}'s decision, not {g.player_name(1 - p)}'s"
    refused(g, "take the goat", "forest.turn.take")
    refused(g, Take(7, "goat"), "forest.round.order")
    assert g.explain("nonsense").startswith("Not legal:")


def test_save_and_load_round_trip_and_replay_the_same_game():
    g = played(moves=40, players=3)
    text = g.to_json()
    again = forest.from_json(text)
    assert again.to_json() == text and str(again) == str(g) and again.legal_moves() == g.legal_moves()
    assert [str(e) for e in again.log] == [str(e) for e in g.log]
    adv = played(moves=30, advanced=True, names=["Ann", "Bob"])
    assert str(forest.from_json(adv.to_json())) == str(adv)
    sc = forest.from_scenario({"forests": [FOX_PATH, FOX_OTHER], "pawn": 1})
    sc.play(sc.legal_moves()[0])
    assert str(forest.from_json(sc.to_json())) == str(sc)


def test_a_corrupt_save_file_names_the_bad_field():
    g = played(moves=6)
    data = json.loads(g.to_json())
    bad = json.loads(json.dumps(data))
    i = [m["move"] for m in bad["moves"]].index("place", 2)
    bad["moves"][i]["rotation"] = 45
    with pytest.raises(SaveFileError) as err:
        forest.from_json(json.dumps(bad))
    assert err.value.field == f"moves[{i}]" and "illegal at this point" in err.value.reason
    assert "0, 90, 180 or 270" in err.value.reason
    bad = json.loads(json.dumps(data))
    bad["moves"][1] = {"move": "fly", "player": 0}
    with pytest.raises(SaveFileError) as err:
        forest.from_json(json.dumps(bad))
    assert err.value.field == "moves[1].move" and "unknown move kind 'fly'" in err.value.reason
    bad = json.loads(json.dumps(data))
    bad["moves"][0]["player"] = "zero"
    with pytest.raises(SaveFileError, match=r"moves\[0\].player: must be a whole number"):
        forest.from_json(json.dumps(bad))
    bad = json.loads(json.dumps(data))
    bad["options"]["players"] = 9
    with pytest.raises(SaveFileError) as err:
        forest.from_json(json.dumps(bad))
    assert err.value.field == "options.players" and "must be 2, 3 or 4, not 9" in str(err.value)


def test_undo_copy_and_same_seed_same_moves():
    g = played(moves=30)
    before = (g.to_json(), str(g))
    move = g.legal_moves()[-1]
    g.play(move)
    assert g.undo() == move and (g.to_json(), str(g)) == before
    c = g.copy()
    c.play(c.legal_moves()[0])
    assert (g.to_json(), str(g)) == before and c.history != g.history
    twin = forest.new_game(seed=3)
    for m in g.history:
        twin.play(m)
    assert str(twin) == str(g) and twin.to_json() == g.to_json() and repr(twin) == repr(g)
    assert repr(g) == "<ForestGame players=2 seed=3 moves=30, player %d to move>" % g.current_player
    with pytest.raises(IllegalMove, match="nothing to undo"):
        forest.new_game(seed=1).undo()


@pytest.mark.parametrize("scenario, field, reason", [
    ({"forests": ["A01@0,0r0"]}, "scenario.forests", "list of 2 forests"),
    ({"forests": ["A01@0,0r45", "A02@0,0r0"]}, "scenario.forests[0].cards[0].rotation", "0, 90, 180 or 270"),
    ({"forests": [{"cards": [{"card": "A01", "x": 0, "y": 0, "rotation": 0}, {"card": "Z9", "x": 1, "y": 0}]},
                  "A02@0,0r0"]}, "scenario.forests[0].cards[1].card", "unknown card 'Z9'"),
    ({"forests": ["A01@0,0r0", "A01@0,0r0"]}, "scenario.forests[1].cards[0].card", "already used at"),
    ({"forests": ["A01@0,0r0 P01@2,0r0", "A02@0,0r0 P02@1,0r0"]}, "scenario.forests[0]", "not connected"),
    ({"forests": ["A01@0,0r0 P01@1,0r0 P02@2,0r0 P03@3,0r0 P04@4,0r0", "A02@0,0r0 P05@1,0r0 P06@2,0r0 "
                  "P07@3,0r0 P08@3,1r0"]}, "scenario.forests[0]", "must fit 4×4"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0 P02@1,0r0"]}, "scenario.forests", "do not fit a round"),
    ({"forests": ["A01@0,0r0 P01@1,0r0[lair=1]", "A02@0,0r0 P02@1,0r0"]}, "scenario.forests[0].cards[1].lairs",
     "tokens go on animals"),
    ({"forests": ["A01@0,0r0[water=egg,egg]", "A02@0,0r0"]}, "scenario.forests[0].cards[0].water[1]",
     "at most one water drop"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0"], "market": {"rabbit": "P01"}}, "scenario.market.rabbit",
     "not an animal card"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0"], "market": {"pig": "P01"}}, "scenario.market.pig", "no such advisor"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0"], "pawn": 2}, "scenario.pawn", "seat from 0 to 1"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0"], "weather": "rain"}, "scenario.weather", "unknown field"),
    ({"forests": ["A01@0,0 r0", "A02@0,0r0"]}, "scenario.forests[0]", "is not like 'A01@0,0r90'"),
    ({"forests": ["A01@0,0r0", "A02@0,0r0"], "decks": {"animals": ["A03"], "paths": []},
      "market": {"rabbit": "A05", "rooster": "P12", "armadillo": "P11", "goat": "P10"}}, "scenario.decks",
     "more round(s) need"),
])
def test_malformed_scenarios_name_the_field(scenario, field, reason):
    with pytest.raises(ScenarioError) as err:
        forest.from_scenario(scenario)
    assert err.value.field == field
    assert reason in err.value.reason


@pytest.mark.parametrize("options, field", [
    ({"players": 5}, "options.players"), ({"players": 3, "advanced": True}, "options.advanced"),
    ({"advanced": "yes"}, "options.advanced"), ({"names": ["A"]}, "options.names"), ({"colour": 1}, "options.colour"),
])
def test_bad_options_are_refused(options, field):
    with pytest.raises(ScenarioError) as err:
        forest.new_game(seed=1, **options)
    assert err.value.field == field


def test_the_text_form_of_a_forest_round_trips():
    g = forest.from_scenario({"forests": [FOX_PATH, FOX_OTHER], "pawn": 1})
    assert g.forest_text(0) == "P16@0,0r0 P06@1,0r0 P22@2,0r90 A01@0,1r0"
    assert forest.parse_layout("A01@0,1r0[lair=2;water=egg,worm]") == [
        {"card": "A01", "x": 0, "y": 1, "rotation": 0, "lairs": 2, "water": ["egg", "worm"]}]
    full = forest.from_scenario({"forests": [SCORING_EXAMPLE, OTHER_FULL], "pawn": 0})
    again = forest.from_scenario({"forests": [full.forest_text(0), full.forest_text(1)], "pawn": 0})
    assert again.forest_text(0) == full.forest_text(0) and again.scores() == [32, 1]
    assert "A01@0,1r0[lair=2;water=worm,egg]" in full.forest_text(0)
    g = played(moves=33, players=3)
    while g.phase != "take":
        g.play(g.legal_moves()[0])
    copy = forest.from_scenario(forest.scenario_from_game(g), seed=99)
    assert [copy.forest_text(p) for p in range(3)] == [g.forest_text(p) for p in range(3)]
    assert copy.legal_moves() == g.legal_moves() and copy.scores() == g.scores()
    assert str(copy).splitlines()[1:] == str(g).splitlines()[1:]
    for m in [g.legal_moves()[0]]:
        g.play(m)
        copy.play(m)
    assert str(copy).splitlines()[1:] == str(g).splitlines()[1:]


def test_bots_play_whole_games():
    for kind in (RandomBot, GreedyBot):
        g = forest.new_game(players=2, seed=21)
        n = play_out(g, [kind(1), kind(2)])
        assert g.is_over and n > 60 and len(g.winners()) == 1
    greedy_wins = 0
    for seed in range(6):
        g = forest.new_game(players=2, seed=seed)
        play_out(g, [GreedyBot(seed), RandomBot(seed)])
        greedy_wins += g.winners() == [0]
    assert greedy_wins >= 5


def test_board_text_is_plain_and_deterministic():
    g = forest.from_scenario({"forests": [FOX_PATH.replace("A01@0,1r0", "A01@0,1r0[lair=1]"), FOX_OTHER],
                              "pawn": 1, "market": {"rabbit": "A05", "rooster": "P12", "armadillo": "P11",
                                                    "goat": "P10"}})
    assert str(g) == "\n".join([
        "Savernake Forest (2 players), round 4: Blue to take a card",
        "Market: rabbit A05 | rooster P12 | armadillo P11 | goat P10",
        "Pawn: Blue   Supply: 14 lair, 15 water   Decks: 16 animals, 36 paths   Discard: 0",
        "Red: 4 cards, 7 points",
        "              0        1        2",
        "     0    P16/0    P06/0   P22/90",
        "     1    A01/0        .        .",
        "  tokens: Fox (0, 1): lair 1, water -",
        "Blue: 4 cards, 4 points",
        "              0        1        2        3",
        "     0    A02/0    P01/0    P02/0    P03/0",
    ])
