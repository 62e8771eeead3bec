"""A Circle of Life hunt as it happens (``render``; the board's before/after step): what the
played card did to each card of the savannah, and the arrows and crosses drawn over it."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, Optional, Tuple

from ..core.scene import line, polygon, rect, text
from .render_card import TILE_BAND, TILE_NAME
from .render_style import KILL_INK, SCARE_INK, _fit, text_w
from .text import player_name

if TYPE_CHECKING:
    from .rules import CircleGame


# -- a hunt as it happens (the board's before/after step) ------------------------------------------------------

@dataclass(frozen=True)
class HuntStory:
    """A played card's hunt as it happened, to draw the savannah "during" the turn: the row just
    after the card entered (step A) as (card, owner) pairs, what each hunt took ("kill" or
    "scare"), the cards of its group that then move next to it (step D), and who played it."""

    row: Tuple[Tuple[int, int], ...]
    taken: Dict[int, str]
    moving: Tuple[int, ...]
    player: int
    card: int
    words: str


def hunt_story(before: "CircleGame", move) -> Optional[HuntStory]:
    """The story of ``move`` (a ``Play``) played in ``before`` (the position just before it);
    None for a move that neither took a card nor moved a group (nothing to show)."""
    from .moves import Play

    if type(move) is not Play:
        return None
    st, cat = before.state, before.catalogue
    player = st.to_move
    card = cat.index[move.card]
    row = list(zip(st.row, st.owners)) + [(card, player if st.supply is None or st.supply[player] > 0 else -1)]
    actions = before.tables.actions[card]
    taken: Dict[int, str] = {}
    for k, (branch, targets) in enumerate(move.actions):
        for tid in targets:
            taken[cat.index[tid]] = "kill" if actions[k][branch][0] else "scare"
    group = before.tables.group
    left = [c for c, _o in row[:-1] if c not in taken]
    moving = [i for i, c in enumerate(left) if group[c] == group[card]]
    staying = [i for i, c in enumerate(left) if group[c] != group[card]]
    movers = tuple(left[i] for i in moving) if moving and staying and moving[0] < staying[-1] else ()
    if not taken and not movers:
        return None
    who, name = player_name(player), cat.name[card]
    parts = []
    kills = [cat.name[c] for c, v in taken.items() if v == "kill"]
    scares = [cat.name[c] for c, v in taken.items() if v == "scare"]
    if kills:
        parts.append(f"kills {', '.join(kills)}")
    if scares:
        parts.append(f"scares {', '.join(scares)}")
    if movers:
        parts.append(f"the {cat.card_species[card].group.lower()} move up")
    return HuntStory(tuple(row), taken, movers, player, card, f"{who}'s {name}: " + "; ".join(parts))


STORY_INK = {"kill": KILL_INK, "scare": SCARE_INK, "move": "#1b5e20"}


def _arrow(x0, y0, x1, y1, colour, width=2.5, head=9.0) -> list:
    """A dashed arrow from (x0, y0) to (x1, y1), its head a filled triangle."""
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    bx, by = x1 - ux * head, y1 - uy * head
    return [line([(x0, y0), (bx, by)], stroke=colour, width=width, dash=(8, 5)),
            polygon([(x1, y1), (bx - uy * head * 0.6, by + ux * head * 0.6),
                     (bx + uy * head * 0.6, by - ux * head * 0.6)], fill=colour)]


def story_marks(story: HuntStory, boxes: Dict[int, Tuple[float, float, float, float]], kill_at, out_at,
                size: float, tags: str = "card") -> list:
    """The taken cards crossed out and tagged, with arrows to where they go (``kill_at`` and
    ``out_at``: points), and the cards that move tagged: drawn over a savannah of ``boxes``
    (card -> x0, y0, x1, y1). ``tags`` says where a card's tag goes: "card" across its middle,
    "below" under it (a board's one line of full cards: clear of the card's name and token),
    "tile" across a small tile's middle, between its band and its name."""
    out: list = []
    for c, (x0, y0, x1, y1) in boxes.items():
        kind = story.taken.get(c) or ("move" if c in story.moving else None)
        if kind is None:
            continue
        ink = STORY_INK[kind]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        if kind != "move":
            out += [line([(x0 + 8, y0 + 8), (x1 - 8, y1 - 8)], stroke="#ffffff", width=9),
                    line([(x1 - 8, y0 + 8), (x0 + 8, y1 - 8)], stroke="#ffffff", width=9),
                    line([(x0 + 8, y0 + 8), (x1 - 8, y1 - 8)], stroke=ink, width=5),
                    line([(x1 - 8, y0 + 8), (x0 + 8, y1 - 8)], stroke=ink, width=5)]
            tx, ty = kill_at if kind == "kill" else out_at
            out += _arrow(cx, cy, tx, ty, ink)
        label = {"kill": "killed", "scare": "scared", "move": "moves ▶"}[kind]
        out += _tag(label, ink, size, (x0, y0, x1, y1), tags)
        out.append(rect(x0 - 4, y0 - 4, x1 - x0 + 8, y1 - y0 + 8, stroke=ink, width=4, radius=8,
                        dash=() if kind != "move" else (6, 4)))
    return out


def _tag(label: str, ink: str, size: float, box: Tuple[float, float, float, float], where: str) -> list:
    """A card's tag ("killed", "moves ▶") at ``where`` (see ``story_marks``)."""
    x0, y0, x1, y1 = box
    if where == "card":
        w = min(text_w(label, size, True) + 12, x1 - x0 - 36)
        tx, ty = x0 + 32 + (x1 - x0 - 32) / 2, (y0 + y1) / 2  # clear of the level number in the top-left corner
    elif where == "below":
        w = text_w(label, size, True) + 12
        tx, ty = (x0 + x1) / 2, y1 + 6 + size * 0.75
    else:
        size = min(size, _fit(label, size, x1 - x0 - 16, True))
        w = min(text_w(label, size, True) + 10, x1 - x0 - 4)
        tx, ty = (x0 + x1) / 2, (y0 + TILE_BAND + y1 - TILE_NAME) / 2
    return [rect(tx - w / 2, ty - size * 0.75, w, size * 1.5, fill=ink, stroke="#ffffff", width=1.5, radius=6),
            text(tx, ty, label, size=size, bold=True, fill="#ffffff")]
