"""After a turn that hunted, the status line says whose hunt the picture shows, and the
learner chooses: step through the hunts with Next, or see the turn at once (issue 32, defect 7)."""

from savannah_kit.circle import Play
from circle_helpers import played


def two_hunts():
    """A board just after the person's hunting move and the bot's hunting answer."""
    for seed in range(30):
        for depth in (2, 4, 6, 8):
            base = played(seed=seed, players=2, moves=depth)
            if base.is_over or base.current_player != 0:
                continue
            for move in base.legal_moves():
                if type(move) is not Play or not any(t for _b, t in move.actions):
                    continue
                b = base.copy().widget(bots={1: "greedy"})
                b.play(move)
                if len(b.stories) >= 2 and b.human_turn:
                    return b
    raise AssertionError("no two hunts in a row found")


def test_the_status_names_whose_hunt_the_picture_shows():
    b = two_hunts()
    assert b.stories[0].player == 0 and b.stories[1].player == 1
    assert b.status.text.startswith(f"Red: the picture shows your hunt (1 of {len(b.stories)})"), b.status.text
    assert "last hunt" not in b.status.text
    b.click_hit("story:next")
    assert b.status.text.startswith(f"Red: the picture shows Blue's hunt (2 of {len(b.stories)})"), b.status.text


def test_see_the_turn_at_once_skips_the_steps_in_one_click():
    b = two_hunts()
    assert "story:now" in b.hits() and b.keyboard_order()[:2] == ["story:next", "story:now"]
    assert "▶▶ See the turn at once" in b.canvas.scene.texts()
    frames = b.canvas.redraws
    b.click_hit("story:now")
    assert b.story is None and b.canvas.redraws == frames + 1
    assert b.status.text == b.instruction() and "picture shows" not in b.status.text
    assert "card:" + b.game.catalogue.ids[b.game.state.row[-1]] in b.hits()  # the savannah as it is now


def test_stepping_through_still_works_and_the_last_step_offers_no_skip():
    b = two_hunts()
    while b.story_at + 1 < len(b.stories):
        b.click_hit("story:next")
    assert "story:now" not in b.hits() and "story:next" in b.hits()
    b.click_hit("story:next")
    assert b.story is None
