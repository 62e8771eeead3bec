"""One Circle of Life card as the kit draws it (``render``): its words (the actions and the
placement rule, shortened to fit), its face (level, group band, icon, marks, the owner's token),
and the chips that count cards in the panels."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import List, Tuple

from ..core.scene import circle, line, polygon, rect, text
from .data import Action, Catalogue, Choose, Condition, Filter, Species
from .render_icons import species_icon
from .render_style import (ACTION_LINE, ACTION_SIZE, CARD_EDGE, CARD_FACE, CARD_INK, CARD_MUTED, CARD_W, GROUP_FILL,
                           GROUP_SHAPES, KILL_INK, SCARE_INK, SHORT_NAMES, big_five_mark, _fit, group_shape,
                           predator_mark, reach_arrows, _star, text_w, token, _wrap)
from .text import player_name


# -- card words -------------------------------------------------------------------------------------------------

def _short_filter(f: Filter, plural: bool = False) -> str:
    """A filter in as few words as a card has room for: "≤5", "Impala/Gazelle", "predators"."""
    parts: List[str] = []
    if f.species is not None:
        parts.append("/".join(sorted(f.species)))
    if f.not_species is not None:
        parts.append("not " + "/".join(sorted(f.not_species)))
    if f.group is not None:
        parts.append("/".join(sorted(g.lower() for g in f.group)))
    if f.predator is True:
        parts.append("predators" if plural else "predator")
    elif f.predator is False:
        parts.append("prey")
    if f.big_five is True:
        parts.append("Big Five")
    elif f.big_five is False:
        parts.append("not Big Five")
    if f.level_min is not None and f.level_max is not None:
        parts.append(f"{f.level_min}-{f.level_max}")
    elif f.level_max is not None:
        parts.append(f"≤{f.level_max}")
    elif f.level_min is not None:
        parts.append(f"≥{f.level_min}")
    return " ".join(parts) if parts else "any"


def _short_action(a: Action) -> str:
    count = "all" if a.count is None else str(a.count)
    return f"{a.verb} {count} {_short_filter(a.filter, plural=a.count != 1)}"


def _short_condition(c: Condition) -> str:
    what = _short_filter(c.filter)
    if c.kind == "forbid":
        return f"not after {what}" if c.rightmost == 1 else f"no {what} in last\u00a0{c.rightmost}"
    return f"only after {what}" if c.rightmost == 1 else f"needs {what} in last\u00a0{c.rightmost}"


@dataclass(frozen=True)
class CardLine:
    """One line of a card's text: kind is kill/scare/special/forbid/require/penalty (what the card
    costs left in a hand at the end); reach arrows for actions."""

    kind: str
    words: str
    reach: int = 0


def card_lines(sp: Species) -> List[CardLine]:
    """A species' hunting actions (top to bottom), specials, then its placement restriction."""
    out: List[CardLine] = []
    for act in sp.actions:
        if isinstance(act, Choose):
            for k, b in enumerate(act.branches):
                out.append(CardLine(b.verb, ("or " if k else "") + _short_action(b), b.reach))
        else:
            out.append(CardLine(act.verb, _short_action(act), act.reach))
    if sp.lookout is not None:
        lk = sp.lookout
        out.append(CardLine("special", f"+1 per {_short_filter(lk.filter)}, max {lk.max}", lk.reach))
    if sp.immune:
        out.append(CardLine("special", "immune: never taken"))
    if sp.rightmost_penalty:
        out.append(CardLine("special", f"−{sp.rightmost_penalty} to owner if rightmost at end"))
    out.extend(CardLine(c.kind, _short_condition(c)) for c in sp.restriction)
    out.append(CardLine("penalty", f"in hand at end: −{sp.hand_penalty}"))
    return out


def card_title(sp: Species) -> str:
    """The full card text in words (the tooltip of a card)."""
    parts = [f"level {sp.level}", f"group {sp.group}"]
    if sp.predator:
        parts.append("predator")
    if sp.big_five:
        parts.append("Big Five")
    acts = [a.text() for a in sp.actions]
    if sp.lookout is not None:
        acts.append(sp.lookout.text())
    words = ", ".join(parts)
    if acts:
        words += ". Hunting, top to bottom: " + "; then ".join(acts)
    if sp.restriction:
        words += ". Placement: " + "; ".join(c.text() for c in sp.restriction)
    if sp.immune:
        words += ". Immune: cannot be killed or scared"
    if sp.rightmost_penalty:
        words += f". Its token owner loses {sp.rightmost_penalty} if it is rightmost at the end"
    return words + f". Left in a hand at the end it costs {sp.hand_penalty}"


TEXT_ROOM = CARD_W - 10  # for action text and arrows on a card


def _wrapped(cl: CardLine) -> List[str]:
    arrows = cl.reach * 6.5 + 2 if cl.reach else 12
    return _wrap(cl.words, ACTION_SIZE, TEXT_ROOM - arrows)


@lru_cache(maxsize=8)
def card_height(catalogue: Catalogue) -> float:
    """One height for every card of a catalogue: room for the wordiest species."""
    most = max(sum(len(_wrapped(cl)) for cl in card_lines(sp)) for sp in catalogue.species)
    return 128 + ACTION_LINE * max(2, most) + 4


# -- a card ------------------------------------------------------------------------------------------------------

def group_style(catalogue: Catalogue, group: str) -> Tuple[str, str]:
    """A group's band fill and shape."""
    names = list(catalogue.groups)
    colour = catalogue.groups.get(group, "")
    fill = GROUP_FILL.get(colour.lower(), colour if colour.startswith("#") else "#6d4c41")
    return fill, GROUP_SHAPES[names.index(group) % len(GROUP_SHAPES)] if group in names else "hexagon"


def card_shapes(catalogue: Catalogue, card: int, x: float, y: float, owner: int = -1, hit=None,
                title_extra: str = "") -> list:
    """A full card at (x, y), ``CARD_W`` wide and ``card_height`` high (kept: a board redraws the
    same cards frame after frame, and shapes never change)."""
    return list(_card_shapes(catalogue, card, x, y, owner, hit, title_extra))


@lru_cache(maxsize=4096)
def _card_shapes(catalogue: Catalogue, card: int, x: float, y: float, owner: int, hit, title_extra: str) -> tuple:
    return tuple(_draw_card(catalogue, card, x, y, owner, hit, title_extra))


def _draw_card(catalogue: Catalogue, card: int, x: float, y: float, owner: int = -1, hit=None,
               title_extra: str = "") -> list:
    sp = catalogue.card_species[card]
    cid = catalogue.ids[card]
    w, h = CARD_W, card_height(catalogue)
    title = f"{sp.name} ({cid}): {card_title(sp)}" + title_extra
    fill, shape = group_style(catalogue, sp.group)
    out = [rect(x, y, w, h, fill=CARD_FACE, stroke=CARD_EDGE, width=1.4, radius=7, hit=hit, title=title),
           rect(x + 0.7, y + 0.7, w - 1.4, 21, fill=fill, radius=6),
           rect(x + 0.7, y + 12, w - 1.4, 10, fill=fill)]
    out += group_shape(shape, x + 12, y + 11.5, 6, "#ffffff", "#1a1a1a", 1, title=f"group {sp.group}")
    out.append(text(x + 23, y + 11.5, sp.group, size=_fit(sp.group, 10, w - 30, True), bold=True,
                    anchor="start", fill="#ffffff", title=f"group {sp.group}"))
    out.append(text(x + 15, y + 39, str(sp.level), size=24, bold=True, fill=CARD_INK, title=f"level {sp.level}"))
    right = x + w - 14
    if sp.big_five:
        out += big_five_mark(right, y + 37, 11)
        right -= 26
    if sp.predator:
        out += predator_mark(right, y + 37, 10)
    out += species_icon(sp.name, x + w / 2, y + 76, 25)
    # the card id, printed so that a typed answer can name one of two cards of a kind
    out.append(text(x + 6, y + 96, cid, size=10, anchor="start", fill=CARD_MUTED, title=f"card id {cid}"))
    if owner >= 0:
        out += token(x + w - 15, y + 96, 10, owner, title=f"{player_name(owner)}'s token")
    name_size = _fit(sp.name, 12.5, w - 10, True)
    out.append(text(x + w / 2, y + 113, sp.name, size=name_size, bold=True, fill=CARD_INK))
    out.append(line([(x + 6, y + 123), (x + w - 6, y + 123)], stroke="#cdbf9f", width=1))
    ty = y + 132
    for cl in card_lines(sp):
        ink = {"kill": KILL_INK, "scare": SCARE_INK}.get(cl.kind, CARD_INK if cl.kind == "special" else CARD_MUTED)
        lines = _wrapped(cl)
        if cl.reach:
            arrows, aw = reach_arrows(x + 6, ty, cl.reach, ink)
            out += arrows
        else:
            aw = 12
            if cl.kind == "forbid":
                out += [circle(x + 11, ty, 4.2, stroke=CARD_MUTED, width=1.4),
                        line([(x + 8, ty + 3), (x + 14, ty - 3)], stroke=CARD_MUTED, width=1.4)]
            elif cl.kind == "penalty":
                pass  # the words say it all
            elif cl.kind == "require":
                out += [circle(x + 11, ty, 4.2, stroke=CARD_MUTED, width=1.4),
                        line([(x + 8.8, ty + 0.2), (x + 10.6, ty + 2), (x + 13.4, ty - 2)], stroke=CARD_MUTED,
                             width=1.4)]
            else:
                out.append(polygon(_star(x + 11, ty, 4.8), fill=CARD_INK))
        for k, words in enumerate(lines):
            out.append(text(x + 6 + aw, ty + k * ACTION_LINE, words, size=ACTION_SIZE, anchor="start", fill=ink))
        ty += ACTION_LINE * len(lines)
    return out


def chip(catalogue: Catalogue, name: str, count: int, x, y, w, ink) -> list:
    """A kill-pile entry: the species icon in a small card face, its name, ×count."""
    sp = catalogue.by_name[name]
    fill, shape = group_style(catalogue, sp.group)
    title = f"{name} ×{count} (level {sp.level} each, {sp.level * count} points)" if count else \
        f"{name} (level {sp.level})"
    out = [rect(x, y, w, 30, fill=CARD_FACE, stroke=CARD_EDGE, width=1, radius=5, title=title),
           rect(x, y, 6, 30, fill=fill, radius=2)]
    out += group_shape(shape, x + 3, y + 24, 2.6, "#ffffff", None, 0)
    out += species_icon(name, x + 22, y + 15, 11)
    label = f"{name} ×{count}" if count else name
    out.append(text(x + 37, y + 15, label, size=_fit(label, 11.5, w - 40 - (16 if sp.big_five else 0), True),
                    anchor="start", fill=CARD_INK, bold=True, title=title))
    if sp.big_five:
        out += big_five_mark(x + w - 10, y + 15, 7.5)
    return out


def tile_shapes(catalogue: Catalogue, card: int, x: float, y: float, w: float, h: float, owner: int = -1, hit=None,
                title_extra: str = "") -> list:
    """A savannah card as a small tile, for a board whose row is too long for full cards: a band in
    its group colour (group shape, predator and Big Five marks, the owner's token), the level and
    the animal, and the name along the bottom. The middle (level and animal) is where a board's tag
    may go: it never covers the name or the token (``TILE_BAND``, ``TILE_NAME``)."""
    return list(_tile_shapes(catalogue, card, x, y, w, h, owner, hit, title_extra))


#: a tile's band height, and the height of its name line at the bottom
TILE_BAND, TILE_NAME = 18, 17


@lru_cache(maxsize=4096)
def _tile_shapes(catalogue: Catalogue, card: int, x: float, y: float, w: float, h: float, owner: int, hit,
                 title_extra: str) -> tuple:
    sp = catalogue.card_species[card]
    cid = catalogue.ids[card]
    title = f"{sp.name} ({cid}): {card_title(sp)}" + title_extra
    fill, shape = group_style(catalogue, sp.group)
    out = [rect(x, y, w, h, fill=CARD_FACE, stroke=CARD_EDGE, width=1.2, radius=6, hit=hit, title=title),
           rect(x + 0.6, y + 0.6, w - 1.2, TILE_BAND, fill=fill, radius=5),
           rect(x + 0.6, y + TILE_BAND / 2, w - 1.2, TILE_BAND / 2 + 0.6, fill=fill)]
    out += group_shape(shape, x + 9, y + TILE_BAND / 2 + 0.5, 4.5, "#ffffff", "#1a1a1a", 1, title=f"group {sp.group}")
    right = x + w - 10
    if owner >= 0:
        out += token(right, y + TILE_BAND / 2 + 0.5, 6.5, owner, title=f"{player_name(owner)}'s token")
        right -= 19
    if sp.big_five:
        out += big_five_mark(right, y + TILE_BAND / 2 + 0.5, 7)
        right -= 17
    if sp.predator:
        out += predator_mark(right, y + TILE_BAND / 2 + 0.5, 6.5)
    mid_top, mid_bottom = y + TILE_BAND, y + h - TILE_NAME
    cy = (mid_top + mid_bottom) / 2
    room = mid_bottom - mid_top
    out.append(text(x + 12, cy, str(sp.level), size=min(20.0, room * 0.8), bold=True, fill=CARD_INK,
                    title=f"level {sp.level}"))
    out += species_icon(sp.name, x + w / 2 + 6, cy, max(6.0, min(room / 2 - 2, w / 4)))
    name = sp.name if text_w(sp.name, 12, True) <= w - 6 else SHORT_NAMES.get(sp.name, sp.name)
    out.append(text(x + w / 2, y + h - TILE_NAME / 2 - 1, name, size=_fit(name, 12, w - 6, True), bold=True,
                    fill=CARD_INK, title=title))
    return out
