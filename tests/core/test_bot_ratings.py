"""The bots' rating table: the Bradley-Terry fit finds the true order of made-up bots, its
intervals repeat and hold the fit, and the levels a board offers follow the stored table."""

import json
import random

import pytest

from savannah_kit.bench import bot_ratings, build_parser, rating_entry, write_ratings
from savannah_kit.core import ratings
from savannah_kit.core.bots import bots_for, make_bot
from savannah_kit.core.registry import games

TRUE = {"random": 0, "greedy": 300, "lookahead": 450, "mcts": 800}


def made_up(games=60, seed=1):
    """Results of bots whose true Elo ratings are ``TRUE``: (bot, rival) -> the bot's scores."""
    dice, bots, results = random.Random(seed), list(TRUE), {}
    for i, a in enumerate(bots):
        for b in bots[i + 1:]:
            p = 1 / (1 + 10 ** ((TRUE[b] - TRUE[a]) / 400))
            results[(a, b)] = [float(dice.random() < p) for _ in range(games)]
    return results


def test_the_fit_finds_the_true_order_and_its_intervals_hold_the_truth():
    entry = ratings.table(list(TRUE), made_up(games=200))
    assert [row["bot"] for row in entry["bots"]] == ["mcts", "lookahead", "greedy", "random"]
    for row in entry["bots"]:
        assert row["low"] <= row["rating"] <= row["high"]
        assert row["low"] - 10 <= TRUE[row["bot"]] <= row["high"] + 10, row
    assert entry["bots"][-1] == {"bot": "random", "rating": 0, "low": 0, "high": 0}


def test_a_bot_that_won_every_game_still_has_a_finite_rating():
    rated = ratings.fit(["random", "mcts"], [("random", "mcts", 0.0, 10)])
    assert rated["random"] == 0 and 0 < rated["mcts"] < 1000


def test_the_intervals_repeat_with_their_seed():
    results = made_up(games=20)
    assert ratings.intervals(list(TRUE), results, samples=50) == ratings.intervals(list(TRUE), results, samples=50)
    assert ratings.intervals(list(TRUE), results, samples=50) != ratings.intervals(list(TRUE), results, samples=50,
                                                                                   seed=35)


def test_the_stored_table_rates_every_bot_of_every_game_and_says_how():
    stored = ratings.load()
    assert "Bradley-Terry" in stored["method"] and "seed 34" in stored["method"]
    for name in games():
        entry = stored["games"][name]
        assert sorted(row["bot"] for row in entry["bots"]) == sorted(bots_for(name))
        assert len(entry["pairs"]) == len(bots_for(name)) * (len(bots_for(name)) - 1) // 2
        assert all(p["games"] in (entry["games_per_pair"], entry["mcts_games_per_pair"]) for p in entry["pairs"])


@pytest.mark.parametrize("name", sorted(games()))
def test_the_levels_follow_the_ratings(name):
    rating = {row["bot"]: row["rating"] for row in ratings.ranked(name)}
    level = ratings.levels(name)
    assert rating[level["easy"]] < rating[level["medium"]] < rating[level["hard"]]
    assert rating[level["hard"]] == max(rating.values()) and rating[level["easy"]] == min(rating.values())
    assert type(make_bot("hard", 3, name)) is bots_for(name)[level["hard"]]


@pytest.mark.parametrize("name", sorted(games()))
def test_the_table_tells_easy_from_the_other_levels(name):
    """The easy bot's 95% interval lies clear of medium's and hard's: the table's games are
    enough to say it is the weaker."""
    rows = {row["bot"]: row for row in ratings.ranked(name)}
    easy, medium, hard = (rows[ratings.levels(name)[level]] for level in ratings.LEVELS)
    assert easy["high"] < medium["low"] and easy["high"] < hard["low"], (easy, medium, hard)


def test_medium_is_the_bot_nearest_halfway_rated_clear_of_easy_and_hard(tmp_path):
    rows = [{"bot": "mcts", "rating": 400, "low": 330, "high": 470},
            {"bot": "lookahead", "rating": 300, "low": 200, "high": 350},
            {"bot": "greedy", "rating": 190, "low": 140, "high": 340},  # its interval reaches mcts's
            {"bot": "big-five", "rating": 170, "low": 120, "high": 230},
            {"bot": "random", "rating": 0, "low": 0, "high": 0}]
    path = tmp_path / "ratings.json"

    def medium():
        path.write_text(json.dumps({"games": {"circle": {"bots": rows}}}))
        return ratings.levels("circle", path)

    assert medium() == {"easy": "random", "medium": "greedy", "hard": "mcts"}
    rows[2]["rating"] = 335  # greedy rated inside mcts's interval: not clearly weaker
    assert medium()["medium"] == "big-five"
    rows[3]["rating"] = 300  # a tie with lookahead: the one the table lists first
    assert medium()["medium"] == "lookahead"
    rows[1]["rating"], rows[3]["rating"] = 340, -0.0  # none rated clear of both: halfway down the table
    assert medium()["medium"] == "greedy"


def test_a_board_seats_a_bot_by_level():
    from savannah_kit import circle

    board = circle.new_game(players=2, seed=2).widget(bots={1: "easy"})
    assert type(board.bot_for(1)) is bots_for("circle")[ratings.levels("circle")["easy"]]
    with pytest.raises(ValueError, match="unknown level"):
        ratings.bot_of("expert", "circle")


def test_the_bench_writes_a_rating_table(tmp_path, monkeypatch):
    import savannah_kit.bench as bench
    from savannah_kit.core import bots

    # the two quick bots stand for the game's bots, so the test plays a few real games
    monkeypatch.setattr(bots, "bots_for", lambda game=None: {"random": bots.RandomBot, "greedy": bots.GreedyBot})
    found = bot_ratings(games=4, names=["tails"])
    assert [p["games"] for p in found["tails"]["pairs"]] == [4]
    path = write_ratings(found, tmp_path / "ratings.json")
    assert ratings.load(path)["games"]["tails"] == found["tails"] and bench.METHOD in path.read_text()
    assert rating_entry(["random", "greedy"], {("random", "greedy"): [0.0] * 4}, 4, 4)["pairs"][0]["wins"] == 0
    assert build_parser().parse_args(["--bots", "--ratings", "--mcts-games", "5"]).mcts_games == 5


@pytest.mark.parametrize("name", sorted(games()))
def test_the_order_a_budget_picks_from_is_not_contradicted_by_the_ratings(name):
    """Each bot of the spec's ``bots.strength`` is rated at least as high as the next one, or
    their intervals overlap (the table's games cannot tell them apart)."""
    bots = games()[name].bots
    rated = {row["bot"]: row for row in ratings.ranked(name)}
    order = [rated[bots.greedy if kind == "greedy" else kind] for kind in bots.strength]
    for stronger, weaker in zip(order, order[1:]):
        assert stronger["rating"] >= weaker["rating"] or stronger["high"] >= weaker["low"], (name, stronger, weaker)
