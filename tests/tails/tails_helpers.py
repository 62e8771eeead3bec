"""Small helpers for the Savannah Tails tests: hand-built races and move filters."""

from savannah_kit import tails


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
