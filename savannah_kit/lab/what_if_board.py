"""A small board for "what if we played it differently?": pick a game, tick rulings, press Run,
and watch each ruling's effects and their intervals narrow as the games finish.

The rulings are the ones each game declares in its spec (``declared_rulings``: every value of
its options but the kit's default), so the board knows no game. Each round plays ``step`` more games of the standard rules and of
every ticked ruling, on the next seeds (a paired design, ``savannah_kit.lab.comparison``), and
redraws the effects of all the games so far. Needs ipywidgets (the kit's boards have it).
"""

from __future__ import annotations

from typing import Dict, Optional, Sequence

import pandas as pd

from ..core.registry import games as registered_games, spec_of
from .comparison import compare, summarise
from .runner import column_order


def declared_rulings(game: str) -> Dict[str, dict]:
    """The rulings ``game`` lets a player change, as ``compare`` variants: each listed value of
    each option of its spec but the kit's default, named ``option=value (ruling)``."""
    return {f"{o.name}={v!r} ({o.ruling})": {o.name: v} for o in spec_of(game).options
            for v in o.values if not (type(v) is type(o.default) and v == o.default)}


def grow(game: str, variants: Dict[str, dict], games: int, step: int, seed: int = 0, bots=None, players: int = 2,
         decisions: bool = True):
    """``compare`` played ``step`` games at a time: yields the ``Comparison`` of all the games
    so far after each round; the last is ``compare(game, variants, games=games, seed=seed)``."""
    if step < 2 or games < step or games % step:
        raise ValueError(f"games: a multiple of step ({step}, at least 2), not {games}")
    studies: Dict[str, list] = {}
    for first in range(0, games, step):
        part = compare(game, variants, bots=bots, games=min(step, games - first), seed=seed + first,
                       players=players, executor="serial", progress=False, decisions=decisions)
        for name, rows in part.table.groupby("variant", sort=False):
            rows = rows.drop(columns="variant").dropna(axis=1, how="all")  # the columns of the others
            studies.setdefault(name, []).append(rows.assign(game_index=rows["game_index"] + first))
        tables = {name: _joined(parts) for name, parts in studies.items()}
        yield summarise(game, tables, dict(part.setup, games=first + step, seed=seed))


def _joined(parts) -> pd.DataFrame:
    """One study's rounds as one table, as one study of all their games gives it (a scoring
    rule no seat of a round met scores 0 there)."""
    table = pd.concat(parts, ignore_index=True)
    points = [c for c in table.columns if c.startswith("points:")]
    table[points] = table[points].fillna(0).astype("int64")
    return table[column_order(table.columns)]


def rulings_board(names: Optional[Sequence[str]] = None, games: int = 100, step: int = 20, seed: int = 0,
                  bots: Optional[str] = None):
    """The board for the games ``names`` (every registered game with rulings to change by
    default), each with the rulings it declares (``declared_rulings``). Returns the widget."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from .plots import compare_effects

    rulings = {name: declared_rulings(name) for name in (registered_games() if names is None else names)}
    rulings = {name: found for name, found in rulings.items() if found}
    if not rulings:
        raise ValueError("names: none of these games declares a ruling to change (its spec's options)")
    game = widgets.Dropdown(options=list(rulings), description="game")
    boxes = widgets.VBox()
    count = widgets.IntSlider(value=games, min=2 * step, max=10 * games, step=step, description="games")
    run = widgets.Button(description="Run", button_style="primary")
    status = widgets.Label()
    out = widgets.Output()

    def show_rulings(_change=None):
        boxes.children = [widgets.Checkbox(value=True, description=name, indent=False)
                          for name in rulings[game.value]]

    def play(_button):
        chosen = {box.description: rulings[game.value][box.description] for box in boxes.children if box.value}
        if not chosen:
            status.value = "tick at least one ruling"
            return
        run.disabled = True
        try:
            for result in grow(game.value, chosen, count.value, step, seed, bots):
                status.value = f"{result.setup['games']} of {count.value} games per ruling"
                with out:
                    out.clear_output(wait=True)
                    compare_effects(result)
                    plt.show()
                    print(result.text())
        except ValueError as err:  # a ruling the game refuses: say so, as a board does
            status.value = str(err)
        finally:
            run.disabled = False

    game.observe(show_rulings, names="value")
    run.on_click(play)
    show_rulings()
    return widgets.VBox([widgets.HBox([game, count, run]), boxes, status, out])
