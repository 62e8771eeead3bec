"""Savannah Tails as plain text: the board, and the compact text form of a position.

On the board each space is one character: an ostrich's initial (R purple P, G, Y, B
for the player colours), else its feature (w water hole, q quicksand, l lion,
c cheetah, p porcupine, k crocodile, h warthog, > or < dune arrow), else ``.``.
The text form (``position_text``) is a position's scenario data line by line;
``parse_position_text`` reads it back.
"""

from __future__ import annotations

from typing import Any, Dict, List

from ..core.errors import ScenarioError
from .data import BONUS_NAMES, CARD_NAMES, LANES
from .scenario import position_data
from .track import FEATURE_NAMES, START

SYMBOLS = {"water": "w", "quicksand": "q", "lion": "l", "cheetah": "c", "porcupine": "p",
           "crocodile": "k", "warthog": "h"}
LEGEND = ("legend: R P G Y B ostriches (player colours red, purple, green, yellow, blue); "
          "w water hole, q quicksand, l lion, c cheetah, p porcupine, k crocodile, h warthog, "
          "> < dune arrows, = rope bridge")


def space_symbol(game, s: int, who: dict) -> str:
    if s in who:
        return who[s]
    track = game.track
    if track.dune[s]:
        return ">" if track.dune[s] > 0 else "<"
    f = track.feat[s]
    if f:
        return SYMBOLS[FEATURE_NAMES[f]]
    return "=" if track.lane[s] < 0 else "."


def board_text(game) -> str:
    track = game.track
    who = {game.state.pos[p]: game.colours[p][0].upper() for p in range(game.players) if game.state.pos[p] != START}
    if game.state.over:
        state = "race over, winner " + ", ".join(game.who(w) for w in game.winners())
    else:
        state = f"{game.who(game.current_player)} to move"
    lines = [f"Savannah Tails, course {game.course.name}, round {game.state.round}"
             f"{' (last round)' if game.state.last_round else ''}: {state}",
             "turn order: " + ", ".join(game.who(p) for p in game.state.order),
             "behind the start line: " + (", ".join(game.who(p) for p in game.start_order if game.state.pos[p] == START) or "-")]
    shown = len(track.tiles)
    # show the virtual straights only once an ostrich stands on one
    for p in range(game.players):
        if track.tile_pos[game.state.pos[p]] >= shown:
            shown = track.tile_pos[game.state.pos[p]] + 1
    for pos in range(shown):
        tid = track.tile_id[[s for s in range(1, track.size) if track.tile_pos[s] == pos][0]]
        if pos < len(track.tiles):
            tile, side = game.course.tiles[pos]
            title = f"{tid} {tile.kind} ({side}), baobab {tile.tree}"
            if tile.kind == "finish":
                title += ", finish line after row 3"
        else:
            title = f"{tid} virtual straight after the finish"
        lines.append(title)
        cells = track.grid[pos]
        bridge = track.bridge_rows[pos]
        for lane in range(4):
            row = []
            length = max(i for (l, i) in cells if l == lane) + 1
            for i in range(length):
                if (lane, i) in cells:
                    row.append(space_symbol(game, cells[(lane, i)], who))
                else:
                    row.append(" ")
                if pos == track.finish_pos and i == 2:
                    row.append("|")
            lines.append(f"  {LANES[lane]:<7}{' '.join(row)}")
        if bridge is not None:
            spans = " ".join(space_symbol(game, b, who) for b in track.bridges[pos])
            lines.append(f"  {'bridge':<7}{'  ' * bridge[0]}{spans}")
    lines.append("ostriches:")
    scores = game.scores()
    for p in range(game.players):
        bon = ", ".join(f"{BONUS_NAMES[f]} {game.state.bonuses[p][i].label}"
                        for i, f in enumerate(game.faces))
        top = CARD_NAMES[game.state.discards[p][-1]] if game.state.discards[p] else "-"
        lines.append(f"  {game.who(p):<7} on {track.names[game.state.pos[p]]}, score {scores[p]}; hand "
                     f"{' '.join(CARD_NAMES[c] for c in sorted(game.state.hands[p]))}; deck {len(game.state.decks[p])}, "
                     f"discard {len(game.state.discards[p])} (top {top}); {bon}")
    lines.append(LEGEND)
    return "\n".join(lines)


def position_text(game) -> str:
    """A compact text form of the position; ``parse_position_text`` reads it back."""
    d = position_data(game)
    course = d["course"] if isinstance(d["course"], str) else " ".join(f"{t}/{s}" for t, s in d["course"])
    lines = [f"course {course}",
             f"faces {' '.join(game.faces)}",
             f"round {d['round']} to_move {d['to_move']} order {' '.join(map(str, d['turn_order']))}"
             f" start {' '.join(map(str, d['start_order']))} last {'yes' if d['last_round'] else 'no'}"
             f" pending {d.get('pending_discard', 0)}"]
    for p, o in enumerate(d["ostriches"]):
        bon = " ".join(f"{k}={v}" for k, v in o.get("bonuses", {}).items())
        player = f" | player {o['colour']}" if "colour" in o else ""
        lines.append(f"ostrich {p} {o['space']}{player} | hand {' '.join(o['hand'])} | deck {' '.join(o['deck'])}"
                     f" | discard {' '.join(o['discard'])} | bonuses {bon}".rstrip())
    return "\n".join(lines)


def parse_position_text(text: str) -> dict:
    """Scenario data (plus ``bonuses`` option under ``faces``) from ``position_text`` output.

    Returns ``{"scenario": ..., "bonuses": [...]}`` so both can be passed to ``new_game``."""
    if not isinstance(text, str):
        raise ScenarioError("text", f"expected text, got {type(text).__name__}")
    out: Dict[str, Any] = {"scenario": {"ostriches": []}}
    for no, line in enumerate(text.strip().splitlines()):
        words = line.split()
        if words and words[0] not in _LINES:
            raise ScenarioError(f"text line {no + 1}", f"unknown line {words[0]!r}")
        try:
            if words:
                _LINES[words[0]](words, line, out)
        except _Unreadable as exc:
            raise ScenarioError(f"text line {no + 1}", str(exc)) from None
        except (KeyError, ValueError, IndexError):
            raise ScenarioError(f"text line {no + 1}", f"cannot read {line!r}") from None
    return out


class _Unreadable(Exception):
    """A line of the text form that says what is wrong with it."""


def _course_line(words: List[str], _line: str, out: dict) -> None:
    """``course first-race`` or ``course T01/easy T03/hard ...``."""
    if len(words) == 2 and "/" not in words[1]:
        out["scenario"]["course"] = words[1]
    elif all(w.count("/") == 1 for w in words[1:]):
        out["scenario"]["course"] = [w.split("/") for w in words[1:]]
    else:
        raise _Unreadable("course tiles read like T03/easy")


def _turn_line(words: List[str], _line: str, out: dict) -> None:
    """``round R to_move SEAT order ... start ... last yes|no pending N`` (``turn T``, an index
    into the order, in texts written before ``to_move``)."""
    sc, kv = out["scenario"], dict(zip(words[0::2], words[1::2]))
    at = {key: words.index(key) for key in ("order", "start", "last")}
    sc["round"] = int(kv["round"])
    who = "to_move" if "to_move" in kv else "turn"
    sc[who] = int(kv[who])
    sc["turn_order"] = [int(x) for x in words[at["order"] + 1:at["start"]]]
    sc["start_order"] = [int(x) for x in words[at["start"] + 1:at["last"]]]
    sc["last_round"] = words[at["last"] + 1] == "yes"
    if "pending" in words:
        sc["pending_discard"] = int(words[words.index("pending") + 1])


def _ostrich_line(_words: List[str], line: str, out: dict) -> None:
    """``ostrich N SPACE | player C | hand ... | deck ... | discard ... | bonuses face=state ...``."""
    parts = [part.split() for part in line.split("|")]
    if len(parts) < 4 or len(parts[0]) != 3:
        raise KeyError(line)
    entry: Dict[str, Any] = {"space": parts[0][2]}
    for key, *values in filter(None, parts[1:]):
        if key in ("hand", "deck", "discard"):
            entry[key] = values
        elif key == "player" and len(values) == 1:
            entry["colour"] = values[0]
        elif key == "bonuses":
            if not all(v.count("=") == 1 for v in values):
                raise _Unreadable(f"bonuses read like boinnnggg=active, not {values!r}")
            entry["bonuses"] = dict(v.split("=") for v in values)
        else:
            raise _Unreadable(f"unknown part {key!r}")
    out["scenario"]["ostriches"].append(entry)


#: how each kind of line of the text form is read
_LINES = {"course": _course_line, "round": _turn_line, "ostrich": _ostrich_line,
          "faces": lambda words, _line, out: out.update(bonuses=words[1:])}
