"""The bots that look ahead: the lookahead bot and the information-set MCTS bot, on every game.

The information-set test is the heart of it: two games that look the same to the bot's
player but hide different cards (other hands, deck order, the dice of future shuffles)
get the same move from the same seed, so the bot cannot be reading the hidden cards."""

import random

import pytest
from toy_game import RaceTo, registered

from savannah_kit import circle, forest, tails
from savannah_kit.core.bots import GreedyBot, LookaheadBot, RandomBot, bots_for, make_bot
from savannah_kit.core import search
from savannah_kit.core.hidden import determinise, search_copy
from savannah_kit.core.search import MCTSBot, outcome
from savannah_kit.core.sim import play_out

MODULES = {"tails": tails, "circle": circle, "forest": forest}
#: (seed, random moves) of a position per game where the hidden cards matter to a bot that peeks
POSITIONS = {"tails": (5, 12), "circle": (4, 20), "forest": (5, 12)}


def midgame(name, seed=4, decisions=12):
    """A 2-player game of ``name`` after ``decisions`` seeded random moves."""
    game = MODULES[name].new_game(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        game._play_legal(rng.choice(game.legal_moves()))
    return game


def with_other_hidden_cards(game, seed=99):
    """A copy of ``game`` that the player to move cannot tell apart from it, with every hidden
    card re-dealt by another shuffle and other dice (its true hidden cards differ)."""
    twin = game.copy()
    rng = random.Random(seed)
    st, me = twin.state, game.current_player
    if game.name == "circle":
        others = [p for p in range(len(st.hands)) if p != me]
        pool = [c for p in others for c in st.hands[p]] + st.draw_pile + st.box
        rng.shuffle(pool)
        for p in others:
            st.hands[p], pool = pool[:len(st.hands[p])], pool[len(st.hands[p]):]
        st.draw_pile, st.box = pool[:len(st.draw_pile)], pool[len(st.draw_pile):]
    elif game.name == "tails":
        for p in range(len(st.hands)):
            pool = st.decks[p] + ([] if p == me else st.hands[p])
            rng.shuffle(pool)
            if p != me:
                st.hands[p], pool = pool[:len(st.hands[p])], pool[len(st.hands[p]):]
            st.decks[p] = pool
    else:
        rng.shuffle(st.animal_deck)
        rng.shuffle(st.path_deck)
    twin.rng = random.Random(seed + 1)
    twin._legal = None
    return twin


def hidden_part(game):
    st = game.state
    if game.name == "forest":
        return st.animal_deck, st.path_deck
    others = [sorted(h) for p, h in enumerate(st.hands) if p != game.current_player]
    return (others, st.draw_pile) if game.name == "circle" else (others, st.decks)


def comparable(state):
    """The state's fields, with objects that do not compare by value (a Forest) as their repr."""
    return {f: [repr(v) for v in value] if f == "forests" else value
            for f, value in ((f, getattr(state, f)) for f in type(state).__dataclass_fields__)}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_mcts_choice_does_not_depend_on_the_hidden_cards(name):
    game = midgame(name, *POSITIONS[name])
    twin = with_other_hidden_cards(game)
    assert hidden_part(twin) != hidden_part(game)  # the two games really hide different cards
    assert twin.legal_moves() == game.legal_moves()  # and look the same to the player to move
    assert len(game.legal_moves()) > 1
    for seed in (1, 2):
        a = MCTSBot(seed=seed, iterations=40).choose(game)
        b = MCTSBot(seed=seed, iterations=40).choose(twin)
        assert a == b


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_bot_that_peeked_at_the_hidden_cards_would_be_caught(name, monkeypatch):
    """The same positions with a search that copies the true position instead of re-dealing
    it: its choices do change with the hidden cards, so the test above can fail."""
    monkeypatch.setattr(search, "determinise", lambda game, observer, rng: search_copy(game, rng))
    game = midgame(name, *POSITIONS[name])
    twin = with_other_hidden_cards(game)
    choices = [(MCTSBot(seed=s, iterations=40).choose(game), MCTSBot(seed=s, iterations=40).choose(twin))
               for s in (1, 2)]
    assert any(a != b for a, b in choices)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_determinisation_depends_only_on_what_the_player_sees(name):
    game = midgame(name, seed=7)
    twin = with_other_hidden_cards(game, seed=5)
    me = game.current_player
    a = determinise(game, me, random.Random(3))
    b = determinise(twin, me, random.Random(3))
    assert comparable(a.state) == comparable(b.state)  # the hidden cards were re-dealt from what is seen only
    assert hidden_part(a) != hidden_part(game) or hidden_part(b) != hidden_part(twin)


def test_the_lookahead_and_greedy_values_ignore_the_hidden_cards_too():
    game = midgame("circle", seed=11)
    twin = with_other_hidden_cards(game)
    a = LookaheadBot(3).move_values(game, game.legal_moves())
    b = LookaheadBot(3).move_values(twin, twin.legal_moves())
    assert a == b


def test_circle_greedy_values_do_not_read_the_last_card_of_the_draw_pile():
    """The last draw empties the pile, so the hand penalty starts to count: the drawn card is
    hidden, and two games that differ only there get the same values and the same choices."""
    game = midgame("circle", seed=1, decisions=49)
    twin = with_other_hidden_cards(game, seed=1)
    penalty = game.catalogue.penalty
    assert len(game.state.draw_pile) == 1 and len(game.legal_moves()) > 1
    assert penalty[game.state.draw_pile[-1]] != penalty[twin.state.draw_pile[-1]]  # the hidden card matters
    peeked = []
    for g in (game, twin):  # what playing each move on the true position gives: the drawn card counts
        values = []
        for move in g.legal_moves():
            trial = g.copy()
            trial._play_legal(move)
            values.append(trial.evaluate(game.current_player))
        peeked.append(values)
    assert peeked[0] != peeked[1]
    for weight in (0.0, 6.0):
        assert game.greedy_values(game.legal_moves(), weight) == twin.greedy_values(twin.legal_moves(), weight)
    for seed in (1, 2, 3):
        for kind in ("greedy", "big-five"):
            assert make_bot(kind, seed, "circle").choose(game) == make_bot(kind, seed, "circle").choose(twin)


@pytest.mark.parametrize("name", sorted(MODULES))
@pytest.mark.parametrize("kind", ["lookahead", "mcts"])
def test_the_strong_bots_always_choose_a_legal_move(name, kind):
    game = MODULES[name].new_game(players=2, seed=21)
    bots = [make_bot(kind, 5, name, **({"iterations": 15} if kind == "mcts" else {})), RandomBot(6)]
    for _ in range(14):
        if game.is_over:
            break
        move = bots[game.current_player].choose(game)
        assert move in game.legal_moves()
        game.play(move)  # the checked path: an illegal move would raise


@pytest.mark.parametrize("name", sorted(MODULES))
def test_mcts_is_repeatable_for_a_seed_and_an_iteration_budget(name):
    game = midgame(name, seed=9, decisions=6)

    def line(seed):
        g, bot, moves = game.copy(), MCTSBot(seed=seed, iterations=25), []
        for _ in range(4):
            if g.is_over:
                break
            moves.append(bot.choose(g))
            g._play_legal(moves[-1])
        return moves

    assert line(8) == line(8)
    assert game.copy().history == game.history  # searching changed nothing in the game


def test_the_lookahead_takes_the_kill_that_also_costs_the_opponent_points():
    """A Hyena may kill the untokened Zebra or Blue's Wildebeest: both give Red 2 kill points
    (greedy sees a tie), but only the Wildebeest also takes Blue's survivor points away."""
    game = circle.from_scenario({"savannah": ["Zebra", "Wildebeest@1"],
                                 "hands": [["Hyena", "Impala", "Gazelle"], ["Impala", "Gazelle", "Warthog"]],
                                 "to_move": 0})
    moves = game.legal_moves()

    def engine_margin(move):
        trial = game.copy()
        trial.play(move)
        scores = trial.scores()
        return scores[0] - scores[1]

    margins = {m: engine_margin(m) for m in moves}
    best = max(margins.values())
    greedy_margins = {margins[GreedyBot(seed).choose(game)] for seed in range(12)}
    for seed in range(12):
        assert margins[LookaheadBot(seed).choose(game)] == best
    assert max(greedy_margins) <= best
    assert min(greedy_margins) < best  # greedy really can do worse here: the position tells them apart


def test_the_strong_bots_are_seated_by_name_with_their_settings():
    assert {"lookahead", "mcts"} <= set(bots_for("forest")) and {"lookahead", "mcts"} <= set(bots_for())
    bot = make_bot("mcts", 3, "tails", iterations=12)
    assert isinstance(bot, MCTSBot) and bot.iterations == 12
    assert isinstance(make_bot("lookahead", 3, "circle"), LookaheadBot)
    with pytest.raises(ValueError, match="iterations"):
        MCTSBot(iterations=0)
    with pytest.raises(ValueError, match="rollout"):
        MCTSBot(rollout="clever")


def test_a_time_budget_still_gives_a_legal_move():
    game = midgame("circle", seed=2)
    bot = MCTSBot(seed=1, seconds=0.05)
    assert bot.choose(game) in game.legal_moves()
    assert bot.last_root.visits >= 1


def test_a_game_without_hidden_cards_is_searched_on_plain_copies():
    game = RaceTo(seed=3, target=10)
    with registered():  # its spec says hidden=None: a search copies it plainly
        n = play_out(game, [MCTSBot(seed=1, iterations=30), MCTSBot(seed=2, iterations=30)])
    assert game.is_over and n >= 5


def test_outcome_values_lie_between_zero_and_one_and_favour_the_winner():
    game = circle.new_game(players=2, seed=5)
    play_out(game, [GreedyBot(1), GreedyBot(2)])
    values = [outcome(game, p) for p in range(2)]
    assert all(0.0 <= v <= 1.0 for v in values)
    winner = game.winners()[0]
    assert values[winner] > values[1 - winner]


def test_mcts_move_stats_list_every_legal_move_best_first():
    game = midgame("circle", seed=3)
    stats = MCTSBot(seed=1, iterations=30).move_stats(game)
    assert {m for m, _, _ in stats} == set(game.legal_moves())
    assert [n for _, n, _ in stats] == sorted((n for _, n, _ in stats), reverse=True)


def test_the_wilson_interval_holds_the_win_rate_and_narrows_with_more_games():
    from savannah_kit.bench import wilson

    low, high = wilson(7, 10)
    assert 0.0 <= low < 0.7 < high <= 1.0
    low_big, high_big = wilson(70, 100)
    assert low < low_big < 0.7 < high_big < high
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_the_ladder_plays_every_pairing_with_seats_alternating(capsys):
    from savannah_kit.bench import LADDER, bot_ladder, main

    rows = bot_ladder(games=2, names=["circle"], iterations=5)
    assert [(r["bot"], r["rival"]) for r in rows] == list(LADDER)
    for r in rows:
        assert r["games"] == 2 and 0.0 <= r["win_rate"] <= 1.0
        assert r["interval"][0] <= r["win_rate"] <= r["interval"][1]
        assert 0 < r["seconds_per_decision"] <= r["max_seconds_per_decision"]  # processor seconds
    assert main(["--bots", "--games", "2", "--game", "circle", "--iterations", "5"]) == 0
    said = capsys.readouterr()
    assert "95% interval" in said.out and said.out.count("circle") == len(LADDER)
    for bot, rival in LADDER:  # a progress bar per pairing, on stderr: the table stays clean
        assert f"circle: {bot} against {rival}" in said.err


def test_the_ladder_seats_one_bot_against_rivals_round_a_bigger_table(capsys):
    from savannah_kit import bench

    jobs = []
    played = bench._ladder_game

    def spy(args):
        jobs.append(args)
        return played(args)

    bench._ladder_game = spy
    try:
        (row,) = bench.bot_ladder(games=6, names=["circle"], pairs=[("greedy", "random")], players=3)
    finally:
        bench._ladder_game = played
    assert [job[4] for job in jobs] == [0, 1, 2, 0, 1, 2] and {job[6] for job in jobs} == {3}  # the bot's seat
    assert row["players"] == 3 and row["fair_share"] == 0.333
    wins, rival_wins = round(row["win_rate"] * 6), round(row["rival_win_rate"] * 12)  # 2 rival seats a game
    assert wins + rival_wins >= 6  # every game has a winner (a shared win counts for each)
    assert row["rival_interval"][0] <= row["rival_win_rate"] <= row["rival_interval"][1]
    assert row["seconds_per_decision"] <= row["p90_seconds_per_decision"] <= row["max_seconds_per_decision"]
    assert bench.main(["--bots", "--games", "3", "--game", "circle", "--pair", "greedy:random", "--seats", "3"]) == 0
    out = capsys.readouterr().out
    assert "a rival seat" in out and out.count("circle") == 1


def test_the_search_ranks_circle_moves_with_the_big_five_in_mind_and_other_games_by_greedy_value():
    from savannah_kit.circle.bots import BIG_FIVE_WEIGHT
    from savannah_kit.core.search import search_values
    from savannah_kit.core.values import move_values

    game = midgame("circle", seed=4, decisions=4)
    moves = game.legal_moves()
    assert search_values(game, moves) == game.greedy_values(moves, BIG_FIVE_WEIGHT)
    for ranked, points in zip(search_values(game, moves), move_values(game, moves)):
        extra = (ranked - points) / BIG_FIVE_WEIGHT  # the Big Five kinds in the kill pile after the move
        assert extra == int(extra) and 0 <= extra <= 5
    race = midgame("tails", seed=4, decisions=4)
    assert search_values(race, race.legal_moves()) == move_values(race, race.legal_moves())


def test_the_paired_search_plays_every_move_left_on_each_deal_and_halves_the_field():
    """Circle of Life's search (``paired``): one deal of the hidden cards a round, played out from
    every move still in the running; after each round of rounds the worse half drops out."""
    game = midgame("circle", seed=4, decisions=4)
    bot = MCTSBot(seed=3, iterations=120)
    assert bot.configure(game)["paired"] is True
    deals = []
    real = search.determinise
    search.determinise = lambda g, observer, rng: deals.append(observer) or real(g, observer, rng)
    try:
        stats = bot.move_stats(game)
    finally:
        search.determinise = real
    visits = sorted((n for _m, n, _v in stats if n), reverse=True)
    assert len(visits) >= 3  # a field to halve
    assert sum(visits) <= 120 and len(deals) == visits[0]  # the last move standing met every deal
    assert visits[-1] < visits[0]  # the worst dropped out early
    assert stats[0][0] == MCTSBot(seed=3, iterations=120).choose(game)  # the move played met the most deals


def test_a_spec_may_leave_paired_out_but_not_give_it_as_a_word():
    from savannah_kit.core.spec import SpecError, _bots
    from savannah_kit.core.registry import games
    from dataclasses import replace

    spec = games()["circle"]
    _bots(replace(spec, bots=replace(spec.bots, search={k: v for k, v in spec.bots.search.items() if k != "paired"})))
    with pytest.raises(SpecError, match="paired"):
        _bots(replace(spec, bots=replace(spec.bots, search=dict(spec.bots.search, paired="yes"))))
    assert MCTSBot(seed=1).configure(midgame("tails"))["paired"] is False
