"""Small helpers for the Savannah Tails tests: hand-built races and move filters."""

import json
from importlib import resources

import pytest

from savannah_kit import tails
from savannah_kit.core.errors import IllegalMove


def race(ostriches, course=None, seed=0, **options):
    """A race from a scenario: ``ostriches`` are dicts (space, hand, ...)."""
    scenario = {"ostriches": ostriches, "turn_order": list(range(len(ostriches)))}
    if course is not None:
        scenario["course"] = course
    for key in ("turn_order", "start_order", "turn", "round", "last_round", "pending_discard"):
        if key in options:
            scenario[key] = options.pop(key)
    return tails.from_scenario(scenario, seed=seed, **options)


def dests(game, card, kind="normal", **flags):
    """The destinations of the legal moves playing ``card`` as ``kind`` (other flags off unless given)."""
    out = set()
    for m in game.legal_moves():
        if m.card != card or m.kind != kind:
            continue
        if any(getattr(m, k) != flags.get(k, False) for k in ("boinnnggg", "neck_stretch", "leapfrog")):
            continue
        if "lane" in flags and m.lane != flags["lane"]:
            continue
        out.add(m.to)
    return out


def moves_for(game, card, kind="normal"):
    return [m for m in game.legal_moves() if m.card == card and m.kind == kind]


def rules_of(events):
    return [e.rule for e in events]


def other(space="start", hand=("black-6",)):
    return {"space": space, "hand": list(hand)}


def refusal(game, move):
    """Why ``game.play`` refuses ``move``: (rule id, reason); the game is left as it was."""
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    return err.value.rule_id, err.value.reason


def kit_data(name="tiles.json"):
    """A fresh copy of one of the kit's catalogues (``tiles.json``, ``cards.json``...)."""
    return json.loads(resources.files("savannah_kit.tails").joinpath(name).read_text("utf-8"))


def tiles_with(tile, *features, side="hard"):
    """The kit's tile catalogue with more ``(kind, lane, index)`` features on one side of ``tile``."""
    doc = kit_data()
    next(t for t in doc["tiles"] if t["id"] == tile)[side]["features"] += [
        {"kind": kind, "lane": lane, "index": index} for kind, lane, index in features]
    return doc


def lit_drawn(board):
    """The spaces a board's picture lights (the badges in the ring colour, clickable as the space)."""
    from savannah_kit.tails.render import PALETTES

    ring = PALETTES["light"].ring
    return {s.hit[len("space:"):] for s in board.canvas.scene.shapes
            if s.hit and s.hit.startswith("space:") and s.style.fill == ring}
