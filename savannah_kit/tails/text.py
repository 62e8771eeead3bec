"""The plain-text board of Savannah Tails: the course tile by tile, lane by lane.

Each space is one character: an ostrich's initial (R purple P, G, Y, B for the
player colours), else its feature (w water hole, q quicksand, l lion, c cheetah,
p porcupine, k crocodile, h warthog, > or < dune arrow), else ``.``.
"""

from __future__ import annotations

from .data import BONUS_NAMES, CARD_NAMES, LANES
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
                title += ", finish line after row 2"
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
