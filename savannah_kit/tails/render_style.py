"""What every Savannah Tails picture (``render``) is drawn with: the sizes of a cell and the
gaps, the colours of the lanes, cards, ostriches and sand, the palettes of the light and dark
themes (the tiles are the same in both), the words for features and markers, text widths."""

from __future__ import annotations

from dataclasses import dataclass

from .data import BonusState


#: side of a tile's square cell (scene units = CSS px at scale 1), the table and a focused view
CELL = 170
FOCUS_CELL = 210
#: a piece of the course is at most this many cells wide and high (5 × 170 + margins < 900 px)
MAX_COLS, MAX_ROWS = 5, 4
FOCUS_COLS = 4
MARGIN = 0.118   # × cell: the strip on each side of the four lanes (baobab, tile id)
PAD = 14         # around the picture and between its blocks
SEG_GAP = 28     # between two pieces of a cut course

LANE_FILL = {"red": "#d32f2f", "blue": "#1e63c4", "yellow": "#f4c20d", "black": "#262626"}
LANE_EDGE = {"red": "#5c0b0b", "blue": "#0a2552", "yellow": "#6b4f00", "black": "#000000"}
#: hand cards: the lane colour and an ink that reads on it (4.5:1 or more)
CARD_FILL = {"red": "#c62828", "blue": "#1565c0", "yellow": "#f4c20d", "black": "#262626"}
CARD_INK = {"red": "#ffffff", "blue": "#ffffff", "yellow": "#1a1a1a", "black": "#ffffff"}
#: ostrich tokens: deeper or brighter than the lanes' colours, each with an ink for its initial
PLAYER_FILL = {"red": "#b71c1c", "purple": "#7b1fa2", "green": "#2e7d32", "yellow": "#ffd54f", "blue": "#0d47a1"}
PLAYER_INK = {"red": "#ffffff", "purple": "#ffffff", "green": "#ffffff", "yellow": "#1a1a1a", "blue": "#ffffff"}
SAND = ("#f0dcaa", "#e6cf95")
SAND_EDGE = "#a88a4f"
SAND_INK = "#5a4421"   # tile ids on the sand (6:1 or more)
VIRTUAL_SAND = "#efe6cf"


@dataclass(frozen=True)
class Palette:
    """The colours of what lies around the tiles (the tiles are the same in both themes)."""

    background: str
    band: str        # header bar
    band_ink: str
    panel: str
    panel_edge: str
    ink: str
    muted: str
    now: str         # the row of the player to move
    now_edge: str
    ring: str        # highlighted spaces


PALETTES = {
    "light": Palette("#f7f3e8", "#4a3516", "#ffffff", "#ffffff", "#c9bfa6", "#1f1f1f", "#54504a", "#fff3c4",
                     "#c98a00", "#0b57d0"),
    "dark": Palette("#1f1d1a", "#4a3516", "#ffffff", "#2b2925", "#5d564a", "#f1efe9", "#c2bdb3", "#4a3f1e",
                    "#f2b705", "#8ab4f8"),
}

FEATURE_TEXT = {"water": "water hole", "quicksand": "quicksand (costs 2)", "dune": "dune arrow",
                "lion": "lion (no entry)", "cheetah": "cheetah (lose a bonus)", "porcupine": "porcupine (stop)",
                "crocodile": "crocodile (no stopping)", "warthog": "warthog (new hand)"}
MARKER_TEXT = {BonusState.INACTIVE: "no marker yet", BonusState.ARMED: "armed: usable next turn",
               BonusState.ACTIVE: "active: usable now", BonusState.GONE: "gone (used or lost)"}
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def text_w(s: str, size: float, bold: bool = False) -> float:
    """Estimated width of a line of text (no font metrics in plain data)."""
    return len(s) * size * (0.64 if bold else 0.6)
