"""What a long run of Savannah Tails races leaves in memory. The shared track of a course keeps what
its races found (route sets, moves, the generator's memo) so that later races are faster: those
caches must fill up and stop growing, and ``forget_course`` must give every byte of them back.
Measured with tracemalloc in a fresh process, so that nothing else the test run holds counts."""

import json
import subprocess
import sys

import pytest

RACES = """
import gc, json, random, sys, tracemalloc
from savannah_kit import tails
rng = random.Random(1)
def race(seed):
    game = tails.new_game(players=4, seed=seed, course="second-race")
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
race(10 ** 6)
gc.collect()
tracemalloc.start()
base = tracemalloc.get_traced_memory()[0]
grown = []
for half in range(2):
    for seed in range({n}):
        race(half * {n} + seed)
    gc.collect()
    grown.append(tracemalloc.get_traced_memory()[0] - base)
tails.forget_course()
gc.collect()
print(json.dumps({{"grown": grown, "left": tracemalloc.get_traced_memory()[0] - base}}))
"""


@pytest.mark.slow
def test_the_caches_of_a_long_run_of_races_stop_growing_and_are_given_back():
    n = 60
    out = subprocess.run([sys.executable, "-c", RACES.format(n=n)], capture_output=True, text=True, check=True,
                         timeout=600)
    got = json.loads(out.stdout)
    first, both = got["grown"]
    mb = 2 ** 20
    assert first > 1 * mb  # the caches do fill: a test that measures nothing would pass the bounds below
    assert both < 14 * mb, f"{2 * n} races keep {both / mb:.1f} MB"
    assert both - first < 0.6 * first, f"the second {n} races added {(both - first) / mb:.1f} MB, the first " \
                                       f"{first / mb:.1f} MB: the caches do not level off"
    assert got["left"] < 0.25 * mb, f"forget_course left {got['left'] / mb:.2f} MB"
