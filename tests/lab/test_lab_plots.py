"""The lab's plots draw the table's numbers (checked as data, not pixels), off screen."""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from savannah_kit import lab  # noqa: E402
from savannah_kit.lab import plots  # noqa: E402


@pytest.fixture(scope="module")
def circle():
    return lab.study("circle", bots="greedy,random", games=40, rotate=True, executor="serial", progress=False)


@pytest.fixture(scope="module")
def tails():
    first = lab.study("tails", games=10, executor="serial", progress=False)
    second = lab.study("tails", games=10, options={"course": "second-race"}, executor="serial", progress=False)
    return pd.concat([first, second], ignore_index=True)


@pytest.fixture(scope="module")
def forest():
    return lab.study("forest", games=12, executor="serial", progress=False)


def bar_heights(ax):
    return [p.get_height() for p in ax.patches]


def test_win_rate_by_seat_draws_the_win_rates_and_intervals(circle):
    ax = plots.win_rate_by_seat(circle)
    wins = [circle[circle["seat"] == s]["winner"].mean() for s in (0, 1)]
    assert bar_heights(ax) == pytest.approx(wins)
    (fair,) = [line for line in ax.lines if line.get_label().startswith("fair share")]
    assert list(fair.get_ydata()) == [0.5, 0.5]
    caps = sorted({round(y, 6) for line in ax.lines[:-1] for y in line.get_ydata()})
    expected = sorted({round(v, 6) for s in (0, 1) for v in lab.wilson(circle[circle["seat"] == s]["winner"].sum(),
                                                                      40)})
    assert caps == pytest.approx(expected)
    assert isinstance(ax, matplotlib.axes.Axes)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["seat 0", "seat 1"]  # as the table numbers them


def test_win_rate_by_turn_order_and_mixed_player_counts(forest, circle):
    ax = plots.win_rate_by_seat(forest, by="turn_order")
    first = forest[forest["turn_order"] == 1]["winner"].mean()
    assert bar_heights(ax)[0] == pytest.approx(first)
    three = lab.study("circle", players=3, games=3, executor="serial", progress=False)
    with pytest.raises(ValueError, match="mixed"):
        plots.win_rate_by_seat(pd.concat([circle, three]))


def test_score_distributions_count_every_score(circle):
    ax = plots.score_distributions(circle, by="bot")
    assert len(ax.patches) == 2
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    for label, bot in zip(labels, ["greedy", "random"]):
        mean, low, high = lab.mean_interval(circle[circle["bot"] == bot]["score"])
        assert label == f"bot {bot}: mean {mean:.1f} [{low:.1f}–{high:.1f}], n 40"
    assert "(80 seats)" in ax.get_title()
    # each step histogram's outline climbs to the tallest bin of its scores
    for patch, bot in zip(ax.patches, ["greedy", "random"]):
        tallest = circle[circle["bot"] == bot]["score"].value_counts().max()
        assert patch.get_path().vertices[:, 1].max() == tallest


def test_game_lengths_count_each_game_once(tails):
    ax = plots.game_lengths(tails, unit="turns")
    heights = bar_heights(ax)
    assert sum(heights) == 20  # 20 games, not 40 rows
    games = tails[tails["seat"] == 0]["turns"]
    assert max(heights) == games.value_counts().max()
    assert all(float(t).is_integer() for t in ax.get_xticks()) and all(float(t).is_integer() for t in ax.get_yticks())


def test_game_lengths_of_games_all_as_long_say_so(circle, forest):
    for table, length in ((circle, circle["turns"].iloc[0]), (forest, 30)):
        assert set(table["turns"]) == {length}
        ax = plots.game_lengths(table)
        assert len(ax.patches) == 0 and f"every game lasts {length} turns ({table['game_index'].nunique()} games)" \
            in ax.get_title()


def test_bot_against_bot_writes_the_bot_table(circle):
    ax = plots.bot_against_bot(circle)
    grid = lab.bot_table(circle)
    assert np.allclose(ax.images[0].get_array(), grid.to_numpy(dtype=float), equal_nan=True)
    texts = [t.get_text() for t in ax.texts]
    low, high = lab.wilson(grid.loc["greedy", "random"] * 40, 40)
    assert f"{grid.loc['greedy', 'random']:.0%}\n[{low:.0%}–{high:.0%}]\nn 40" in texts
    assert "40 games, 95% intervals" in ax.get_title()
    # the title stays inside its axes, clear of the colour bar beside them
    ax.figure.canvas.draw()
    title, box = ax.title.get_window_extent(), ax.get_window_extent()
    assert box.x0 - 1 <= title.x0 and title.x1 <= box.x1 + 1


def test_tails_turns_to_finish_by_course(tails):
    ax = plots.tails_turns_to_finish(tails)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    for course in ("first-race", "second-race"):
        rounds = tails[(tails["course"] == course) & (tails["seat"] == 0)]["seat_turns"]
        mean, low, high = lab.mean_interval(rounds)
        assert f"{course}: mean {mean:.1f} [{low:.1f}–{high:.1f}], n 10" in labels


def test_tails_animals_met_by_course(tails):
    ax = plots.tails_animals_met(tails)
    expected = [tails[tails["course"] == c][f"animal:{a}"].mean() for c in ("first-race", "second-race")
                for a in ("lion", "cheetah", "crocodile", "porcupine", "warthog")]
    assert bar_heights(ax) == pytest.approx(expected)
    assert sum(expected[5:]) > 0 and sum(expected[:5]) == 0  # the second race has animals, the first none
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["first-race (no animals on this course)", "second-race"]
    cheetah = tails[tails["course"] == "second-race"]["animal:cheetah"]
    mean, low, high = lab.mean_interval(cheetah)
    bars = [line for line in ax.lines if len(line.get_ydata()) == 5]  # the error bars' caps
    assert any(y == pytest.approx(high) for line in bars for y in line.get_ydata())
    assert low >= 0  # an interval of a count stays at 0 or more


def test_tails_animals_met_on_a_course_without_animals_says_so(tails):
    ax = plots.tails_animals_met(tails[tails["course"] == "first-race"])
    assert len(ax.patches) == 0 and [t.get_text() for t in ax.texts] == ["no animals on this course"]


def test_circle_survivors_against_kills(circle):
    ax = plots.circle_survivors_vs_kills(circle)
    others, winners = ax.collections
    won = circle[circle["winner"]]
    assert np.array_equal(winners.get_offsets(), won[["points:circle.end.survivors",
                                                      "points:circle.end.kill-pile"]].to_numpy())
    assert len(others.get_offsets()) == (~circle["winner"]).sum()


def test_circle_big_five_rates():
    table = lab.study("circle", bots="big-five,greedy", games=20, rotate=True, executor="serial", progress=False)
    ax = plots.circle_big_five(table, by="bot")
    assert bar_heights(ax) == pytest.approx([table[table["bot"] == b]["big_five"].mean()
                                             for b in ("big-five", "greedy")])
    counts = [f"{table[table['bot'] == b]['big_five'].sum()} of 20" for b in ("big-five", "greedy")]
    assert [t.get_text() for t in ax.texts] == counts  # "0 of 20" where no seat scored it


def test_forest_points_by_food_and_advisor(forest):
    ax = plots.forest_points_by_food(forest)
    assert bar_heights(ax) == pytest.approx([forest[f"food:{f}"].mean() for f in ("berry", "worm", "egg", "nut")])
    ax = plots.forest_points_by_advisor(forest, by="seat")
    expected = [forest[forest["seat"] == s][f"advisor:{a}"].mean() for s in (0, 1)
                for a in ("rooster", "armadillo", "goat", "rabbit")]
    assert bar_heights(ax) == pytest.approx(expected)
    assert "(24 forests, 95% intervals)" in ax.get_title()
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["seat 0", "seat 1"]


def test_a_plot_for_another_game_says_which_study_it_needs(circle):
    with pytest.raises(ValueError, match="needs a Savernake Forest study"):
        plots.forest_points_by_food(circle)
    with pytest.raises(ValueError, match="needs a Savannah Tails study"):
        plots.tails_animals_met(circle)


def test_mean_intervals_are_normal_and_stay_within_the_values():
    mean, low, high = lab.mean_interval([1, 2, 3, 4])
    half = 1.959963984540054 * np.std([1, 2, 3, 4], ddof=1) / 2
    assert (mean, low, high) == pytest.approx((2.5, 2.5 - half, 2.5 + half))
    assert lab.mean_interval([0] * 19 + [1])[1] == 0.0  # not below the smallest value
    found = lab.means(pd.DataFrame({"x": [1, 2, 3, 4], "g": ["a", "a", "b", "b"]}), "x", by="g")
    assert list(found["n"]) == [2, 2] and list(found["mean"]) == [1.5, 3.5]


def test_intervals_hold_their_rate_even_at_none_and_all():
    from savannah_kit.lab.tables import wilson

    for wins, games in ((0, 2000), (2000, 2000), (0, 1), (1, 1), (7, 20)):
        low, high = wilson(wins, games)
        assert 0.0 <= low <= wins / games <= high <= 1.0
    assert wilson(0, 2000)[0] == 0.0 and wilson(2000, 2000)[1] == 1.0
