"""``lab.compare``: rule variants against the standard rules on the same seeds and bots (a
paired design), each effect with a 95% bootstrap interval from the paired differences."""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from savannah_kit import lab  # noqa: E402
from savannah_kit.cli import main  # noqa: E402
from savannah_kit.lab import plots  # noqa: E402
from savannah_kit.core.registry import spec_of  # noqa: E402
from savannah_kit.lab.comparison import STANDARD  # noqa: E402

from lab_interrupts import killed_after, stop_after  # noqa: E402

TOKENS = {"8 tokens": {"tokens": 8}, "plenty of tokens": {"tokens": 99}}


@pytest.fixture(scope="module")
def circle():
    return lab.compare("circle", TOKENS, games=30, seed=5, executor="serial", progress=False)


def width(result, measure):
    row = result.summary.set_index("measure").loc[measure]
    return row["high"] - row["low"]


def test_paired_intervals_are_narrower_than_unpaired_ones_of_the_same_size():
    variant = {"flat +2 bonus": {"flat_bonus": True}}
    paired = lab.compare("tails", variant, games=60, seed=1, executor="serial", progress=False, decisions=False)
    unpaired = lab.compare("tails", variant, games=60, seed=1, executor="serial", progress=False, decisions=False,
                           paired=False)
    print("paired:\n" + paired.text())
    print("unpaired:\n" + unpaired.text())
    assert set(unpaired.games[unpaired.games["variant"] != STANDARD]["seed"]) == set(range(61, 121))
    for measure in ("length", "score_spread"):
        print(f"{measure}: paired interval {width(paired, measure):.2f} wide, unpaired {width(unpaired, measure):.2f}")
        assert width(paired, measure) < width(unpaired, measure)
    assert paired.summary.set_index("measure").loc["length", "high"] < 0  # the flat bonus shortens races


def test_effects_are_the_mean_paired_differences_with_their_intervals(circle):
    games = circle.games.set_index(["variant", "game_index"])
    for _, row in circle.summary.iterrows():
        if row["measure"] == "decisions_changed":
            continue
        own, standard = games.loc[row["variant"]][row["measure"]], games.loc[STANDARD][row["measure"]]
        assert row["effect"] == pytest.approx((own - standard).mean())
        assert row["low"] <= row["effect"] <= row["high"]
    # the rows of every study are the plain study's, on the same seeds
    first = circle.table[circle.table["variant"] == STANDARD].drop(columns="variant").reset_index(drop=True)
    first = first.dropna(axis=1, how="all")  # the columns only the variants have
    plain = lab.study("circle", bots="greedy,random", seeds=range(5, 35), rotate=True, executor="serial",
                      progress=False)
    pd.testing.assert_frame_equal(first, plain)
    eight = circle.table[circle.table["variant"] == "8 tokens"].reset_index(drop=True)
    plain = lab.study("circle", bots="greedy,random", seeds=range(5, 35), rotate=True, options={"tokens": 8},
                      executor="serial", progress=False)
    # (its option column holds floats in the whole table: the standard games have no value there)
    pd.testing.assert_frame_equal(eight[plain.columns], plain, check_dtype=False)


def test_a_variant_that_changes_nothing_has_no_effect_and_one_that_does_has(circle):
    same = circle.summary[circle.summary["variant"] == "plenty of tokens"].set_index("measure")
    # 99 tokens never run out in 26 turns: the same games, move for move
    assert (same[["effect", "low", "high"]] == 0).all().all()
    eight = circle.summary[circle.summary["variant"] == "8 tokens"].set_index("measure")
    print(circle.text())
    assert eight.loc["decisions_changed", "variant_value"] > 0 and eight.loc["decisions_changed", "low"] > 0
    assert eight.loc["score_spread", "high"] < 0  # unmarked cards score nobody: closer scores
    games = circle.games[circle.games["variant"] == "8 tokens"]
    assert (games["decisions_changed"] <= games["decisions_compared"]).all()
    assert games["decisions_compared"].sum() > 0


def test_the_same_seeds_give_the_same_comparison_serial_or_on_processes(circle):
    again = lab.compare("circle", TOKENS, games=30, seed=5, workers=2, chunk=4, progress=False)
    pd.testing.assert_frame_equal(again.table, circle.table)
    pd.testing.assert_frame_equal(again.summary, circle.summary)  # the bootstrap is seeded too


def test_one_progress_bar_counts_every_study():
    seen = []
    lab.compare("circle", {"8 tokens": {"tokens": 8}}, games=4, executor="serial", chunk=2,
                progress=lambda done, total: seen.append((done, total)))
    assert seen == [(2, 8), (4, 8), (6, 8), (8, 8)]


@pytest.mark.parametrize("variants, message", [
    ({}, "variants: give at least one"),
    ({"standard": {"tokens": 3}}, "variants: 'standard' cannot name a variant"),
    ({"odd": {"colour": 3}}, "variants.odd: .*options.colour: unknown option"),
    ({"odd": {"tokens": -1}}, "variants.odd: .*options.tokens"),
    ({"odd": "tokens=3"}, r"variants.odd: give its options as \{option: value\}"),
])
def test_bad_variants_are_refused_naming_them(variants, message):
    with pytest.raises(ValueError, match=message):
        lab.compare("circle", variants, games=4, progress=False)


def test_compare_from_the_command_line(tmp_path, capsys, circle):
    out = tmp_path / "tokens.csv"
    assert main(["compare", "circle", "--variant", "tokens=8", "--games", "30", "--seed", "5", "--workers", "1",
                 "--no-progress", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "tokens=8:" in printed and "decisions the ruling changes" in printed
    table = lab.load(out)
    assert list(table["variant"].unique()) == [STANDARD, "tokens=8"]
    expected = circle.table[circle.table["variant"] != "plenty of tokens"].reset_index(drop=True)
    assert table["score"].tolist() == expected["score"].tolist()
    assert main(["compare", "circle", "--variant", "tokens", "--no-progress"]) == 2
    assert main(["compare", "circle", "--variant", "tokens=8", "--out", str(tmp_path / "x.txt")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["savannah-kit compare: --variant 'tokens': write it as KEY=VALUE (flat_bonus=true)",
                   "savannah-kit compare: out: save a table as .csv or .parquet, not 'x.txt'"]


def test_the_effects_plot_draws_each_effect_and_interval(circle):
    axes = plots.compare_effects(circle)
    measures = list(dict.fromkeys(circle.summary["measure"]))
    assert len(axes) == len(measures)
    for ax, measure in zip(axes, measures):
        rows = circle.summary[circle.summary["measure"] == measure]
        points = ax.lines[0].get_xdata()
        assert np.allclose(points, rows["effect"])
        bars = ax.collections[0].get_segments()  # the interval of each variant, low to high
        assert np.allclose([[s[0][0], s[1][0]] for s in bars], rows[["low", "high"]].to_numpy())
    assert "30 games each, paired seeds" in axes[0].figure.texts[0].get_text()
    ax = plots.compare_distributions(circle, "score_spread")
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[0].startswith("8 tokens: mean") and labels[-1].startswith("standard: mean")


def test_the_board_grows_a_comparison_round_by_round_to_the_whole_one(circle):
    from savannah_kit.lab.what_if_board import grow

    rounds = list(grow("circle", TOKENS, games=30, step=10, seed=5))
    assert [r.setup["games"] for r in rounds] == [10, 20, 30]
    last = rounds[-1]
    pd.testing.assert_frame_equal(last.table, circle.table)
    pd.testing.assert_frame_equal(last.summary, circle.summary)
    eight = [r.summary[(r.summary["variant"] == "8 tokens") & (r.summary["measure"] == "score_spread")].iloc[0]
             for r in rounds]
    widths = [row["high"] - row["low"] for row in eight]
    print("8 tokens, score spread interval after 10, 20, 30 games:", [round(w, 2) for w in widths])
    assert widths[0] > widths[-1]  # the intervals narrow as the games add up
    with pytest.raises(ValueError, match="games: a multiple of step"):
        list(grow("circle", TOKENS, games=25, step=10))


def test_the_board_offers_each_game_the_rulings_its_spec_declares():
    board = lab.rulings_board(games=4, step=2)
    game, count, run = board.children[0].children
    assert set(game.options) == {"forest", "tails", "circle"}
    game.value = "circle"
    rulings, status = board.children[1].children, board.children[2]
    assert [box.description for box in rulings] == list(lab.declared_rulings("circle"))
    assert "tie_break='kills' (K12)" in lab.declared_rulings("circle")
    defaults = {o.name: o.default for o in spec_of("tails").options}
    offered = [next(iter(r.items())) for r in lab.declared_rulings("tails").values()]
    assert ("tiptoe", "always") in offered and all(value != defaults[name] for name, value in offered)
    for box in rulings[1:]:
        box.value = False
    run.click()
    assert status.value == "4 of 4 games per ruling" and not run.disabled and count.value == 4
    for box in rulings:
        box.value = False
    run.click()
    assert status.value == "tick at least one ruling"


def test_the_board_says_what_a_game_refuses(monkeypatch):
    from savannah_kit.lab import what_if_board

    monkeypatch.setattr(what_if_board, "declared_rulings",
                        lambda game: {"8 tokens": {"tokens": 8}, "minus one token": {"tokens": -1}})
    board = lab.rulings_board(["circle"], games=4, step=2)
    run = board.children[0].children[2]
    rulings, status = board.children[1].children, board.children[2]
    run.click()
    assert status.value.startswith("variants.minus one token:") and "options.tokens" in status.value
    rulings[1].value = False
    run.click()
    assert status.value == "4 of 4 games per ruling" and not run.disabled


# -- a comparison that never loses work ---------------------------------------------------------

@pytest.mark.filterwarnings("ignore:study interrupted")
def test_an_interrupted_comparison_resumes_with_the_games_it_lacks(tmp_path, circle):
    out = tmp_path / "tokens.csv"
    with pytest.raises(KeyboardInterrupt):  # in the middle of the first variant's study
        lab.compare("circle", TOKENS, games=30, seed=5, executor="serial", chunk=4, progress=stop_after(40), out=out)
    parts = tmp_path / "tokens.csv.parts"
    kept = {p.name: len(lab.load(p)) // 2 for p in parts.iterdir()}
    assert kept["study-0.csv"] == 30 and 10 <= kept["study-1.csv"] < 30 and not out.exists()
    with pytest.raises(ValueError, match="holds the games of an unfinished comparison: complete it with resume=True"):
        lab.compare("circle", TOKENS, games=30, seed=5, executor="serial", progress=False, out=out)
    played = []
    resumed = lab.compare("circle", TOKENS, games=30, seed=5, executor="serial", chunk=4, out=out, resume=True,
                          progress=lambda done, total: played.append(done))
    print(f"interrupted after {sum(kept.values())} of 90 games, resumed with {played[-1]}")
    assert played[-1] == 90 - sum(kept.values())  # exactly the games it lacked
    pd.testing.assert_frame_equal(resumed.table, circle.table)
    pd.testing.assert_frame_equal(resumed.summary, circle.summary)
    pd.testing.assert_frame_equal(lab.load(out), circle.table)
    assert not parts.exists()


@pytest.mark.filterwarnings("ignore:study interrupted")
def test_compare_resumes_from_the_command_line(tmp_path, capsys, circle):
    out = tmp_path / "tokens.parquet"
    eight = {"tokens=8": {"tokens": 8}}
    with pytest.raises(KeyboardInterrupt):
        lab.compare("circle", eight, games=30, seed=5, executor="serial", chunk=4, progress=stop_after(12), out=out)
    assert main(["compare", "circle", "--variant", "tokens=8", "--resume", "--no-progress"]) == 2
    assert main(["compare", "circle", "--variant", "tokens=8", "--games", "30", "--seed", "5", "--workers", "1",
                 "--no-progress", "--out", str(out), "--resume"]) == 0
    assert "--resume: give --out FILE" in capsys.readouterr().err
    expected = circle.table[circle.table["variant"] != "plenty of tokens"].reset_index(drop=True)
    expected["variant"] = expected["variant"].replace("8 tokens", "tokens=8")
    pd.testing.assert_frame_equal(lab.load(out), expected)


def test_a_killed_comparison_leaves_its_games_and_resumes(tmp_path, circle):
    """A comparison killed outright (no chance to write a table) has written each finished chunk."""
    out = tmp_path / "tokens.parquet"
    call = (f'lab.compare("circle", {TOKENS!r}, games=30, seed=5, executor="serial", chunk=4, progress=die, '
            f'out={str(out)!r})')
    assert killed_after(40, call, tmp_path) == 9
    parts = tmp_path / "tokens.parquet.parts"
    assert sorted(p.name for p in parts.iterdir()) == ["study-0.parquet", "study-1.parquet.parts"]
    assert len(list((parts / "study-1.parquet.parts").iterdir())) == 3  # games 30-41 of the 90, in chunks of 4
    played = []
    resumed = lab.compare("circle", TOKENS, games=30, seed=5, executor="serial", chunk=4, out=out, resume=True,
                          progress=lambda done, total: played.append(done))
    assert played[-1] == 90 - 42
    pd.testing.assert_frame_equal(resumed.table, circle.table)
    pd.testing.assert_frame_equal(lab.load(out), circle.table)
    assert not parts.exists()


def test_resuming_a_finished_comparison_reads_its_table_and_plays_nothing(tmp_path, circle):
    out = tmp_path / "tokens.csv"
    lab.compare("circle", TOKENS, games=30, seed=5, executor="serial", progress=False, out=out)
    played = []
    again = lab.compare("circle", TOKENS, games=30, seed=5, executor="serial", out=out, resume=True,
                        progress=lambda done, total: played.append(done))
    assert played in ([], [0]) or played[-1] == 0, played  # not one game played again
    pd.testing.assert_frame_equal(again.table, circle.table)
    pd.testing.assert_frame_equal(again.summary, circle.summary)
    assert not (tmp_path / "tokens.csv.parts").exists()
    with pytest.raises(ValueError, match="holds a comparison of other variants"):
        lab.compare("circle", {"6 tokens": {"tokens": 6}}, games=30, seed=5, executor="serial", progress=False,
                    out=out, resume=True)
    with pytest.raises(ValueError, match="holds games of another study"):
        lab.compare("circle", TOKENS, games=30, seed=6, executor="serial", progress=False, out=out, resume=True)
    assert not (tmp_path / "tokens.csv.parts").exists()  # the finished file stays as it was, alone
    pd.testing.assert_frame_equal(lab.load(out), circle.table)
