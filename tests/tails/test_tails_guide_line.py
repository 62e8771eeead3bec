"""The guided race's guide line says where your last move went and your place in the race
as it is now, not as it was before the bots moved (issue 32, defect 8)."""

import re

from savannah_kit import tails
from savannah_kit.tails import render


def test_the_guide_gives_your_place_after_the_bots_moves():
    stale_before = 0
    for seed in range(6):
        g = tails.new_game(players=3, seed=seed)
        b = g.widget(guided=True, bots={1: "greedy", 2: "greedy"})
        for _turn in range(6):
            if g.is_over or not b.human_turn or g.phase.name != "MOVE":
                break
            move = g.legal_moves()[0]
            mover = g.current_player
            g_after = g.copy()
            g_after.play(move)
            place_then = g_after.race_order().index(mover)
            b.play(move)
            if g.is_over:
                break
            said = re.search(r"now (\w+) in the race", b.guide.text)
            assert said, b.guide.text
            now = g.race_order().index(mover)
            assert said.group(1) == render.ORDINALS[now], (b.guide.text, g.race_order())
            stale_before += now != place_then
    assert stale_before, "no race where the bots changed your place: the test checks nothing"
