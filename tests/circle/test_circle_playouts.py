"""Whole games: random playouts with invariants after every move, bots, and the Big Five bonus."""

import random
import re
from pathlib import Path

import pytest

from savannah_kit import circle
from savannah_kit.circle import Phase, Play
from savannah_kit.core.bots import GreedyBot, RandomBot
from savannah_kit.core.rules_index import rule, rules_for
from savannah_kit.core.sim import play_out, simulate

from circle_helpers import BIG_FIVE_BONUS, HAND, KIT_CARDS, SAVANNAH, TOKENS, play


def check_invariants(g):
    st = g.state
    cards = st.row + sum(st.hands, []) + sum(st.kill_piles, []) + st.draw_pile + st.out_of_game + st.box
    assert sorted(cards) == list(range(KIT_CARDS)), "every card in exactly one place"
    assert len(st.owners) == len(st.row)
    for p in range(g.players):
        assert st.supply[p] + st.owners.count(p) == TOKENS, "tokens are conserved"
        assert st.supply[p] >= 0
    sizes = [len(h) for h in st.hands]
    if g.phase is Phase.PLAY:
        assert sizes == [HAND] * g.players
        assert st.draw_pile
    elif g.phase is Phase.LAST_DISCARDS:
        assert set(sizes) <= {HAND - 1, HAND} and not st.draw_pile
        assert len(st.hands[g.current_player]) == HAND
    else:
        assert g.phase is Phase.OVER and sizes == [HAND - 1] * g.players
    for sb, score in zip(g.score_breakdowns(), g.scores()):
        assert score == sb.total == sum(sb.steps.values())
        assert sb.steps["hand_penalty"] <= 0 and sb.steps["maasai"] <= 0


@pytest.mark.rule("circle.setup.players", "circle.setup.savannah", "circle.setup.hand", "circle.turn.steps",
                  "circle.draw.refill", "circle.hunt.tokens-return", "circle.end.trigger", "circle.end.last-discard",
                  "circle.end.total")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_invariants(players):
    rng = random.Random(players)
    for seed in range(200):
        g = circle.new_game(players=players, seed=seed, first_player=seed % players)
        check_invariants(g)
        turns = 0
        while not g.is_over:
            moves = g.legal_moves()
            assert moves and len(set(moves)) == len(moves)
            move = rng.choice(moves)
            events = g.play(move)
            for e in events:
                assert rule(e.rule) and e.message
            check_invariants(g)
            turns += 1
        assert turns == KIT_CARDS - SAVANNAH - HAND * players + players  # every card drawn, then the last discards
        assert g.state.turns_played == turns - players
        assert g.winners() and set(g.winners()) <= set(range(players))


@pytest.mark.rule("circle.hunt.kill", "circle.end.winner")
def test_bots_play_whole_games():
    for seed in range(5):
        g = circle.new_game(players=3, seed=seed)
        play_out(g, [GreedyBot(seed), RandomBot(seed), GreedyBot(seed + 1)])
        assert g.is_over and g.winners()
    summary = simulate("circle", games=20, players=2, bots=["greedy", "random"], seed=3)
    assert summary.games == 20
    again = simulate("circle", games=20, players=2, bots=["greedy", "random"], seed=3)
    assert [r.scores for r in summary.results] == [r.scores for r in again.results]


@pytest.mark.rule("circle.hunt.kill")
def test_greedy_takes_the_best_immediate_points():
    # Lion: killing the Elephant (5) beats the Zebra (2) or the Impala (1)
    g = circle.new_game(players=2, seed=0, scenario={
        "savannah": ["C47", "C20", "C35"], "hands": [["C01", "C36", "C37"], ["C38", "C39", "C40"]],
        "draw_pile": ["C41", "C42"]})
    assert GreedyBot(0).choose(g) == play("C01", ["C20"], [])
    values = dict(zip(g.legal_moves(), g.greedy_values(g.legal_moves())))
    assert values[play("C01", ["C20"], [])] == 5 + 5  # the kill plus the surviving Lion
    assert values[Play("C36")] == 2


@pytest.mark.rule("circle.end.big-five")
def test_the_big_five_bonus_is_reached_by_legal_moves():
    # Red already holds a Buffalo and a Rhinoceros; three Lions then kill a Leopard, a Lion and an Elephant
    g = circle.new_game(players=2, seed=0, scenario={
        "savannah": ["C35", "C05", "C36"],
        "hands": [["C01", "C02", "C30"], ["C20", "C31", "C38"]],
        "kill_piles": [["C26", "C23"], []],
        "draw_pile": ["C03", "C41", "C42", "C43", "C44", "C45", "C46", "C47"]})
    sequence = [play("C01", ["C05"], []), Play("C31"), play("C02", ["C01"], []), Play("C38"), Play("C30"),
                play("C20", []), play("C03", ["C20"], [])]
    for move in sequence:
        assert move in g.legal_moves()
        g.play(move)
    assert sorted(g.to_scenario()["kill_piles"][0]) == ["C01", "C05", "C20", "C23", "C26"]
    assert g.score_breakdown(0).steps["big_five"] == BIG_FIVE_BONUS
    assert g.to_scenario()["bonus"] == [0, 1]  # Blue's Giraffe saw the first Lion


@pytest.mark.rule("circle.end.big-five", "circle.hunt.own-cards")
def test_big_five_from_empty_kill_piles_with_a_stronger_leopard():
    # The kit catalogue allows at most three Big-Five kills per kill pile (3 Lions, each kills 1, and only a
    # Lion kills level 3 or more). With a Leopard that kills up to level 4 the bonus is reachable from empty
    # kill piles: Red's Leopards take a Rhinoceros and Red's own Leopard, Red's Lions a Buffalo, Red's own
    # Lion and an Elephant, while Blue plays Giraffes, a Buffalo, a Zebra and the Elephant.
    data = circle.catalogue_data()
    data["species"][1]["actions"][0]["filter"] = {"level_max": 4}
    g = circle.new_game(players=2, seed=0, catalogue=data, scenario={
        "savannah": ["C35", "C23", "C36"],
        "hands": [["C04", "C05", "C01"], ["C30", "C26", "C31"]],
        "draw_pile": ["C02", "C32", "C37", "C20", "C03", "C41", "C42", "C43", "C44", "C45", "C46", "C47"]})
    sequence = [play("C04", ["C23"]), Play("C30"), play("C05", ["C04"]), play("C26", []), play("C01", ["C26"], []),
                Play("C31"), play("C02", ["C01"], []), Play("C32"), Play("C37"), play("C20", []),
                play("C03", ["C20"], [])]
    for move in sequence:
        assert move in g.legal_moves()
        g.play(move)
    assert g.to_scenario()["kill_piles"] == [["C23", "C04", "C26", "C01", "C20"], []]
    assert g.score_breakdown(0).steps["big_five"] == BIG_FIVE_BONUS


def test_every_circle_rule_is_named_by_a_test_marker():
    ids = set()
    for path in Path(__file__).parent.glob("test_circle_*.py"):
        for args in re.findall(r"@pytest\.mark\.rule\(([^)]*)\)", path.read_text()):
            ids.update(re.findall(r'"([a-z0-9.\-]+)"', args))
    missing = [r.id for r in rules_for("circle") if r.id not in ids]
    assert missing == []


def test_bench_configs_lead_with_four_players():
    assert circle.BENCH_CONFIGS == [{"players": 4}, {"players": 2}, {"players": 5}]
