"""The strongest bot that fits a budget (``core.bots.pick_bot``) and the Hint button that asks
it: the pick for several budgets, worked out from a table and never a clock; the hint is the
MCTS bot's legal move, repeatable, and its words name the search's figures; a tiny budget
falls back to the greedy bot and its old words."""

import time

import pytest
import toy_game
from test_strong_bots import midgame

from savannah_kit import circle, forest, tails
from savannah_kit.core.bots import MIN_PLAYOUTS, decide, make_bot, pick_bot
from savannah_kit.core.registry import game as spec_of
from savannah_kit.forest.advice import explain
from savannah_kit.ui.board import HINT_SECONDS, Decision, verdict
from savannah_kit.ui.suggest import SUGGEST_SECONDS

GAMES = {"tails": tails, "circle": circle, "forest": forest}
GREEDY = {"tails": "greedy", "circle": "greedy", "forest": "greedy"}
#: a budget that still searches (a few hundred playouts) but keeps the tests quick
SMALL = 0.2


@pytest.fixture(params=sorted(GAMES))
def name(request):
    return request.param


def position(name):
    """A 2-player game after 4 seeded random moves."""
    return midgame(name, seed=4, decisions=4)


@pytest.mark.parametrize("seconds,want", [
    (HINT_SECONDS, {"tails": ("mcts", 1050), "circle": ("mcts", 1050), "forest": ("mcts", 1000)}),
    (SUGGEST_SECONDS, {"tails": ("mcts", 2100), "circle": ("mcts", 2100), "forest": ("mcts", 2000)}),
    (0.1, {"tails": ("mcts", 100), "circle": ("mcts", 100), "forest": ("mcts", 100)}),
    (0.05, {"tails": ("lookahead", None), "circle": ("lookahead", None), "forest": ("lookahead", None)}),
    (0.005, {"tails": ("greedy", None), "circle": ("lookahead", None), "forest": ("greedy", None)}),
    (0.0001, {"tails": ("greedy", None), "circle": ("greedy", None), "forest": ("greedy", None)}),
])
def test_the_pick_for_a_budget_is_the_strongest_bot_that_fits(seconds, want):
    for game, (kind, playouts) in want.items():
        pick = pick_bot(game, seconds)
        assert (pick.kind, pick.settings.get("iterations")) == (kind, playouts), (game, seconds, pick)
        assert pick.seconds <= seconds or kind == GREEDY[game]  # the greedy bot answers whatever the budget
        assert pick.searches == (kind == "mcts")
        if pick.searches:
            assert playouts >= MIN_PLAYOUTS and f"{playouts:,} playouts" in pick.label
            assert (playouts + 10) * spec_of(game).bots.decision_cost["mcts"] > seconds  # no more playouts fit


def test_the_pick_reads_a_table_not_a_clock(monkeypatch):
    def no_clock():
        raise AssertionError("the pick read the clock")

    monkeypatch.setattr(time, "perf_counter", no_clock)
    monkeypatch.setattr(time, "time", no_clock)
    picks = [pick_bot(g, s) for g in GAMES for s in (0.0001, 0.05, 1.0)]
    assert picks == [pick_bot(g, s) for g in GAMES for s in (0.0001, 0.05, 1.0)]
    with pytest.raises(KeyError, match="unknown game 'toy'"):
        pick_bot("toy", 1.0)  # an unregistered game has no costs: no silent default
    with toy_game.registered():  # a registered one has the costs its spec declares
        assert pick_bot("toy", 1.0) == pick_bot("toy", 1.0) and pick_bot("toy", 1.0).settings == {"iterations": 10000}


@pytest.mark.parametrize("bad", [0, -1.0, "1", True, None, float("inf"), float("nan")])
def test_a_bad_budget_is_refused_naming_the_field(bad):
    with pytest.raises(ValueError, match="seconds"):
        pick_bot("tails", bad)
    game = tails.new_game(players=2, seed=1)
    with pytest.raises(ValueError, match="hint_seconds"):
        game.widget(hint_seconds=bad)
    board = game.widget()
    with pytest.raises(ValueError, match="hint_seconds"):
        board.hint_seconds = bad
    assert board.hint_seconds == HINT_SECONDS and game.history == []
    board.hint_seconds = 0.05  # a budget set later: the button says which bot it asks
    assert board.hint_pick.kind == "lookahead" and "the lookahead bot" in board.btn_hint.tooltip


VERDICT_HEADS = ("the only move worth playing", "clearly the best move", "a good move",
                 "one of a few about equally good moves")


def test_the_verdict_reads_the_search_in_a_learners_words():
    """Issue 32: "a good move: it keeps you ahead", not the search's playouts and percentages."""
    pick = pick_bot("circle", SMALL)
    a, b, c = "a", "b", "c"

    def said(values):
        return verdict(Decision(pick, a, [(m, 100, v) for m, v in zip((a, b, c), values)], 3))

    assert said([0.62, 0.58, 0.2]) == "a good move: it keeps you ahead"
    assert said([0.8, 0.5, 0.4]) == "clearly the best move: it keeps you well ahead"
    assert said([0.5, 0.49, 0.1]) == "one of a few about equally good moves: the game stays close"
    assert said([0.3, 0.1, 0.0]).endswith("you are behind, and it gives you the best chance to catch up")
    assert said([0.1, 0.02, 0.0]).endswith("you are well behind, and it loses least")
    assert verdict(Decision(pick, a, [], 3)) == ""  # no search: the board's own words say why


def test_a_board_hints_with_a_one_second_budget_unless_told(name):
    game = position(name)
    assert game.widget().hint_pick == pick_bot(name, HINT_SECONDS)
    assert game.widget(hint_seconds=3).hint_pick == pick_bot(name, 3.0)


def test_the_hint_is_the_mcts_bots_legal_move_and_its_verdict_is_in_a_learners_words(name):
    game = position(name)
    board = game.widget(bots={1: "greedy"}, hint_seconds=SMALL)
    saved = game.to_json()
    pick = board.hint_pick
    assert pick.searches
    board.hint()
    move, why = board.suggestion()
    assert game.to_json() == saved and move in game.legal_moves()
    p = game.current_player
    assert move == make_bot("mcts", board.position_seed() * 8 + p, name, **pick.settings).choose(game)
    said = verdict(board.hint_decision())
    assert said and said in why and said.split(": ")[0] in VERDICT_HEADS
    assert "playouts" not in why and "%" not in why and "searched" not in why  # no search figures
    assert "none of your other" not in why and "no other card gains more" not in why
    assert board.status.text == f"Hint: {board.hint_text(move)} — {why}"
    again = position(name).widget(bots={1: "greedy"}, hint_seconds=SMALL)
    again.hint()
    assert again.status.text == board.status.text  # the same position, the same hint


def test_the_status_says_the_bot_is_thinking_before_it_searches_and_not_when_it_knows(name):
    game = position(name)
    board = game.widget(bots={1: "greedy"}, hint_seconds=SMALL)
    said = []
    shown = board.status.set
    board.status.set = lambda text, kind="info", more="", then="": (said.append(text), shown(text, kind, more, then))
    assert not board.hint_decided
    board.hint()
    assert said[0] == f"Thinking… ({board.hint_pick.label} looks for a move)" and said[-1].startswith("Hint: ")
    assert board.hint_decided
    said.clear()
    board.hint()  # the same position: the answer is kept, nothing to wait for
    assert said[-1].startswith("Hint: ") and not any(text.startswith("Thinking") for text in said)


def test_the_page_hears_thinking_before_the_search_though_an_action_sends_at_its_end(name):
    """An action's changes reach the page together when it ends, but "Thinking…" goes out before
    the search: the learner sees at once that the hint is coming."""
    board = position(name).widget(bots={1: "greedy"}, hint_seconds=SMALL)
    view = board.status.widget
    sent = []
    view.comm.send = lambda data=None, *args, **kwargs: sent.append(data.get("state", {}).get("value", ""))
    board.hint()
    texts = [text for text in sent if text]
    assert len(texts) == 2 and "Thinking…" in texts[0] and "Hint:" in texts[1], texts


def test_the_words_say_best_only_when_no_searched_move_rates_higher():
    game = position("circle")
    decision = decide(pick_bot("circle", SMALL), game, 7)
    said = decision.words()
    n, value = decision.of(decision.move)
    assert n == max(k for _m, k, _v in decision.stats) and f"({n:,})" in said
    best = all(value >= v for _m, k, v in decision.stats if k)
    assert ("the best of" in said) == best
    decision.stats = [(m, k, 1.0 if m != decision.move and k else v) for m, k, v in decision.stats]
    assert "the best of" not in decision.words()  # another move rated higher: no such claim


def test_a_tiny_budget_falls_back_to_the_greedy_bot_and_its_old_words(name):
    game = position(name)
    board = game.widget(bots={1: "greedy"}, hint_seconds=0.0001)
    assert board.hint_pick.kind == GREEDY[name]
    move, why = board.suggestion()
    p = game.current_player
    assert move == make_bot(GREEDY[name], board.position_seed() * 8 + p, name).choose(game)
    assert "playouts" not in why and "lookahead" not in why
    if name == "tails":
        assert why.endswith("(the greedy bot counts spaces gained, +2 for each armed bonus)")
    elif name == "forest":
        assert why.startswith(explain(game, move).reason.split(": ")[0])


def test_a_small_budget_uses_the_lookahead_bot_and_says_what_it_weighs(name):
    game = position(name)
    board = game.widget(bots={1: "greedy"}, hint_seconds=0.05)
    move, why = board.suggestion()
    p = game.current_player
    assert board.hint_pick.kind == "lookahead"
    assert move == make_bot("lookahead", board.position_seed() * 8 + p, name).choose(game)
    assert "after your turn it leaves you furthest ahead of the other players" in why and "greedy bot" not in why


def test_a_forest_move_the_greedy_count_ranks_lower_is_not_said_to_be_the_best():
    game = forest.new_game(players=2, seed=1)
    moves = game.legal_moves()
    values = game.greedy_values(moves)
    low = moves[values.index(min(values))]
    assert min(values) < max(values)
    reason = explain(game, low).reason
    assert reason.startswith("+0 points: ") and reason.endswith(": it scores nothing this turn")
    assert "no card on the board scores" not in reason
    with pytest.raises(ValueError, match="move"):
        explain(game, object())
