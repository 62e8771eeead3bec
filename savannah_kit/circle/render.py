"""Circle of Life pictures: the table as a ``Scene`` (plain data, no Jupyter).

``scene(game)`` draws, top to bottom: a header (round, turn, who is to move, or
the result), the draw pile and the pile of cards out of the game, the savannah
row left to right (the oldest card on the left; new cards enter at the right
end, marked by a dashed "new cards enter here" slot, and hunting reaches to the
left), one panel per player (token colour, hand, kill pile grouped by species,
Big Five tally, tokens left in the scarce variant), the end-of-game scoring
table (automatically once the game is over, or with ``scoring=True``) and a
legend for every mark.

How a card reads (``TEACHING.md``: colour is never the only cue): a group band
in the group colour *with* the group name and a group shape (circle, triangle,
square, diamond, hexagon); the level as a large number; a drawn animal icon per
species (mane, spots, tusks, horn, stripes …); the species name; a claw mark on
predators; a gold star with "5" on Big Five cards; the hunting actions in short
words ("kill 2 ≤5") with the reach drawn as that many small arrows pointing
left; the placement restriction under a no-entry (forbid) or check (require)
mark; and the owner's token (a disc in the player colour with their initial).
Long savannahs wrap onto more lines; cards keep their size (``CARD_W``).

``scene(game, classroom=True)`` is the classroom layout, for a board on a projector (the page
fits the picture to the window): a fixed landscape (``CLASSROOM_SIZE``) with no text under
``CLASSROOM_TEXT`` units (24 px or more fitted to 1920x1080): the savannah as wrapped tiles
(group, level, icon, name, marks, token; large tiles while the row is short), the piles as two
counts, the hand shown as large cards with their hunts and placement rule, and a table of the
players (score, kills, Big Five). ``scene(game, story=hunt_story(before, move))`` draws the
savannah as it was during a turn: the taken cards crossed out and tagged, with arrows to the
kill pile or out of the game, and the cards that move up tagged (the board's before/after step).

Hidden information: ``viewer`` is whose hand is shown face up (a seat), ``None``
a spectator (no hand face up) or ``"all"`` (the teacher's view). Other hands are
drawn face down with their count and no word of their species. Once the game is
over the hands are revealed, as their penalties are scored, except to ``"nobody"``
(a public screen, the class server's projector: no hand face up, ever).

The picture brings its own background (``theme="light"`` or ``"dark"``).

This module puts the table together; its parts are ``render_panels`` (header, piles,
savannah, players' panels, scoring table, legend), ``render_classroom`` (the classroom
layout), ``render_story`` (a hunt as it happens), ``render_card`` (one card),
``render_icons`` (the species icons) and ``render_style`` (sizes, colours, palettes and the
small marks they share).

Clickable areas (hit ids):

* ``card:<id>``      every savannah card, e.g. ``card:C01``;
* ``hand:<id>``      every hand card drawn face up;
* ``hand:<seat>``    a face-down hand;
* ``savannah:new``   the slot where the next card enters;
* ``pile:draw`` and ``pile:out``  the draw pile and the cards out of the game;
* ``rule:<rule id>`` a row of the scoring table (e.g. ``rule:circle.end.survivors``);
* ``story:<id>``     a savannah card drawn as it was during a turn (``story``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..core.scene import Scene
from .render_card import card_height, card_lines, card_shapes
from .render_classroom import (CLASSROOM_BAR, CLASSROOM_SCALE, CLASSROOM_SIZE, CLASSROOM_TEXT, COMPACT_WIDTH, LARGE_TILE,
                               SHORT_NAMES, TILE_H, TILE_W, _classroom_scene, classroom_bar, classroom_bottom,
                               tile_geometry)
from .render_icons import SPECIES_ICONS, species_icon
from .render_panels import (PILES_H, hand_visible, _header, _legend, _piles, _player_panel, _ring_ids, _savannah,
                            savannah_layout, savannah_tiled, score_rows, _scoring, scoring_height, status_text,
                            _viewer)
from .render_story import HuntStory, hunt_story, story_marks
from .render_style import CARD_W, HEADER_H, KILL_INK, MIN_CARD_W, PAD, PALETTES, PER_LINE, WIDTH, text_w

if TYPE_CHECKING:
    from .rules import CircleGame


def scene(game: "CircleGame", *, viewer=None, theme: str = "light", highlights=(), legend: bool = True,
          scoring: Optional[bool] = None, classroom: bool = False, story: Optional[HuntStory] = None,
          steady: bool = False, compact: bool = False) -> Scene:
    """The table as a ``Scene`` (see the module docstring for what is drawn and the hit ids).

    ``viewer``: whose hand is face up (a seat or colour), ``None`` for a spectator (no hand),
    ``"nobody"`` for a public screen (no hand, even at the end) or ``"all"`` for the teacher's view. ``highlights``: card ids (``"C01"`` or ``"card:C01"``) to ring,
    on the savannah or in a hand shown. ``scoring``: draw the scoring table (default: once the game is
    over; mid-game it shows the score if the game ended now). ``classroom=True`` draws the classroom
    layout (see ``CLASSROOM_SIZE``: large tiles, the hand shown, the players' table; no legend nor
    scoring table). ``story`` (``hunt_story``) draws the savannah as it was during a turn, the taken
    cards crossed out with arrows to the kill pile or out of the game, the cards that move tagged.
    ``steady=True`` is a board's layout, the same size for the whole game: the savannah keeps one
    line's height (a long row as small tiles), each panel the room of a full hand and of every
    species killed, the scoring table takes the legend's place at the end, a story's words go to
    the header and its tags under the cards (or on a tile's middle). ``compact=True`` is a board's
    picture for a narrow column (under about 1,050 px): the classroom's large pieces ``COMPACT_WIDTH``
    wide, the players' table under the hand, so that its text reads at 12 px or more in a 620 px
    column."""
    if theme not in PALETTES:
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    if classroom or compact:
        return _classroom_scene(game, viewer=viewer, theme=theme, highlights=highlights, story=story,
                                compact=compact and not classroom)
    pal = PALETTES[theme]
    viewer = _viewer(game, viewer)
    rings = _ring_ids(game, highlights)
    shapes = _header(game, pal, WIDTH, story.words if steady and story is not None else None)
    y = HEADER_H + PAD
    shapes += _piles(game, pal, y)
    y += PILES_H + 8
    sav, h, boxes = _savannah(game, pal, y, rings, story, steady)
    shapes += sav
    y += h + PAD
    kills_at = {}
    for seat in range(game.players):
        panel, h, kx = _player_panel(game, seat, pal, y, viewer, rings, steady)
        shapes += panel
        kills_at[seat] = (kx + 80, y + 36)
        y += h + 10
    if story is not None:
        shapes += story_marks(story, boxes, kills_at[story.player], (PAD + 245, HEADER_H + PAD + 52), 12,
                              tags=("tile" if savannah_tiled(game, story, steady) else "below") if steady else "card")
    if scoring is None:
        scoring = game.is_over
    if steady and legend:  # one room for both: the legend in play, the scoring table at the end
        key, key_h = _legend(game, pal, y)
        shapes += _scoring(game, pal, y + 4)[0] if scoring else key
        y += max(key_h, scoring_height() + 4)
    else:
        if scoring:
            table, h = _scoring(game, pal, y + 4)
            shapes += table
            y += h + PAD + 4
        if legend:
            key, h = _legend(game, pal, y)
            shapes += key
            y += h
    sc = Scene(WIDTH, y + PAD, background=pal.background, title=f"Circle of Life: {status_text(game)}")
    sc.shapes.extend(shapes)
    return sc


__all__ = ["scene", "hunt_story", "HuntStory", "CLASSROOM_SIZE", "CLASSROOM_TEXT", "CLASSROOM_BAR", "CLASSROOM_SCALE",
           "COMPACT_WIDTH", "classroom_bar",
           "LARGE_TILE", "SHORT_NAMES", "TILE_W", "TILE_H", "classroom_bottom", "tile_geometry", "card_shapes",
           "card_lines", "card_height", "species_icon", "status_text", "score_rows", "savannah_layout", "hand_visible",
           "savannah_tiled", "PALETTES", "CARD_W", "MIN_CARD_W", "PER_LINE", "PILES_H", "HEADER_H", "PAD", "WIDTH",
           "KILL_INK", "text_w", "SPECIES_ICONS"]
