"""Savannah Tails route tables against a plain reference search."""

import pytest

from savannah_kit.tails.data import Ending
from savannah_kit.tails.track import (CHEETAH, LION, MAX_POINTS, MODE_COUNT, NO_END, NORMAL, PORCUPINE, QUICKSAND,
                                      WARTHOG, WATER, Track, build_course)

SMALL = [["T01", "easy"], ["T03", "hard"], ["T04", "hard"], ["T06", "hard"], ["T02", "easy"]]


def reference_routes(track, start, points, target, mode):
    """Every route of a normal move by a plain depth-first walk: {(end, water, cheetahs, warthog, ending): masks}."""
    ignore, found = mode != NORMAL, {}

    def walk(s, left, mask, water, cheetahs, warthog):
        for t in track.toward[target][s]:
            f = track.feat[t]
            cost = 2 if f & QUICKSAND and not ignore else 1
            if cost > left or (f & LION and not ignore):
                continue
            mask2, water2 = mask | track.bit[t], water + (1 if f & WATER else 0)
            cheetahs2 = cheetahs + (1 if f & CHEETAH and not ignore else 0)
            warthog2 = warthog or bool(f & WARTHOG and not ignore)
            if not ignore and f & PORCUPINE:
                found.setdefault((t, water2, cheetahs2, warthog2, Ending.PORCUPINE), []).append(mask2 >> start)
            elif left > cost:
                walk(t, left - cost, mask2, water2, cheetahs2, warthog2)
            elif not f & NO_END[mode] and (track.lane[t] == target or track.lane[t] < 0):
                found.setdefault((t, water2, cheetahs2, warthog2, Ending.FULL), []).append(mask2 >> start)

    walk(start, points, 0, 0, 0, False)
    return found


@pytest.mark.rule("tails.move.free-lane-timing", "tails.quicksand.cost", "tails.animal.porcupine")
def test_route_sets_list_every_route_of_a_plain_search_in_its_order():
    """Every route set of a small all-hard course equals a plain depth-first search, full routes
    first, then those stopped by a porcupine, each group's routes in the order the search finds them."""
    track = Track(build_course(SMALL))
    compared = 0
    for start in range(track.size):
        for points in range(1, MAX_POINTS):
            for target in range(4):
                for mode in range(MODE_COUNT):
                    routes = track.routes(start, points, target, mode)
                    got = {tuple(group[0]): list(group[1:]) for group in routes[2:]}
                    want = reference_routes(track, start, points, target, mode)
                    assert got == want and list(got) == sorted(want, key=lambda k: (k[4], list(want).index(k)))
                    assert routes[1] == sum(1 for k in want if k[4] == Ending.FULL)
                    compared += len(want)
    assert compared > 1000
