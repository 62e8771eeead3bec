"""Savannah Tails' own lookahead bot: it replaces the kit's under the same name, plays on past
its own turn to its next one, searches only its most promising moves, and repeats itself."""

from savannah_kit import tails
from savannah_kit.core.bots import GreedyBot, LookaheadBot as KitLookahead, bots_for, make_bot
from savannah_kit.core.values import move_values
from savannah_kit.tails import bots as tails_bots


def midrace(seed=3, decisions=6):
    g = tails.new_game(players=2, seed=seed)
    for _ in range(decisions):
        g._play_legal(GreedyBot(seed).choose(g))
    return g


def test_tails_names_its_own_lookahead_bot():
    assert bots_for("tails")["lookahead"] is tails_bots.LookaheadBot
    assert type(make_bot("lookahead", 1, "tails")) is tails_bots.LookaheadBot
    assert type(make_bot("lookahead", 1, "forest")) is KitLookahead


def test_it_plays_on_through_the_others_turns_and_its_own_next_turn():
    g = midrace()
    mover = g.current_player
    trial = g.copy()
    trial._play_legal(g.legal_moves()[0])
    before = len(trial.history)
    tails_bots.LookaheadBot(0).play_on(trial, mover)
    assert not trial.is_over and trial.current_player != mover
    kit = g.copy()
    kit._play_legal(g.legal_moves()[0])
    KitLookahead(0).play_on(kit, mover)  # the kit's bot stops at the end of the mover's turn
    assert len(kit.history) < len(trial.history) and len(trial.history) - before >= 2


def test_only_its_most_promising_moves_are_played_on():
    g = midrace()
    moves = g.legal_moves()
    assert len(moves) > tails_bots.WIDTH
    values = tails_bots.LookaheadBot(0).move_values(g, moves)
    quick = move_values(g, moves)
    kept = [i for i, v in enumerate(values) if v != float("-inf")]
    assert len(kept) == tails_bots.WIDTH
    assert min(quick[i] for i in kept) >= max(q for i, q in enumerate(quick) if i not in kept)


def test_same_position_same_move():
    g = midrace(seed=8)
    assert make_bot("lookahead", 5, "tails").choose(g) == make_bot("lookahead", 5, "tails").choose(g)


def test_each_move_is_judged_on_several_deals_averaged_then_its_immediate_value(monkeypatch):
    g = midrace(seed=5)
    moves = g.legal_moves()
    quick = move_values(g, moves)
    kept = sorted(sorted(range(len(moves)), key=lambda i: -quick[i])[:tails_bots.WIDTH])
    twin = tails_bots.LookaheadBot(7)  # the same dice: the same deals, one at a time
    deals = [KitLookahead.move_values(twin, g, [moves[i] for i in kept]) for _ in range(tails_bots.DEALS)]
    assert tails_bots.DEALS > 1 and len({tuple(d) for d in deals}) > 1, "the deals differ"
    values = tails_bots.LookaheadBot(7).move_values(g, moves)
    for k, i in enumerate(kept):
        mean = sum(d[k] for d in deals) / tails_bots.DEALS
        assert abs(values[i] - (mean + tails_bots.TIE_BREAK * quick[i])) < 1e-9
