"""The Savernake Forest board, driven from Python by clicks on hit areas."""

import base64
import random
import re

import pytest

from savannah_kit import forest
from savannah_kit.forest.advice import explain, signed
from savannah_kit.forest.moves import Keep, Lair, Orient, Place, Take, Water
from savannah_kit.forest.widget import GIFTS, KEEPS_PAWN, TAKEN, ForestBoard, gain_words
from savannah_kit.ui.board import MARK_STYLES, verdict


def click_move(b, m):
    """Make the board play move ``m`` by clicks (and turns)."""
    p = b.game.current_player
    if isinstance(m, Take):
        b.click_hit(f"market:{m.slot}")
    elif isinstance(m, (Place, Orient)):
        while b.rotation != m.rotation:
            b.rotate(1)
        x, y = (m.x, m.y) if isinstance(m, Place) else b.game.starting_animal()[1]
        b.click_hit(f"cell:{p}:{x}:{y}")
    elif isinstance(m, (Lair, Keep)):
        b.click_hit(f"animal:{p}:{m.x}:{m.y}")
    elif isinstance(m, Water):
        b.click_hit(f"corner:{p}:{m.x}:{m.y}:{m.food}")


def legal_cells_drawn(b):
    p = b.game.current_player
    return {tuple(int(v) for v in sh.hit.split(":")[2:]) for sh in b.canvas.scene.shapes
            if sh.hit and sh.hit.startswith(f"cell:{p}:") and sh.style.fill == "#c8f0b0"}


def banner(b):
    """The texts of the picture's title bar (round, decision, scores)."""
    return [t for t in b.canvas.scene.texts() if "Savernake Forest" in t or "Round" in t or "Game over" in t]


def test_game_widget_returns_board():
    g = forest.new_game(players=2, seed=1)
    b = g.widget()
    assert isinstance(b, ForestBoard) and b.game is g
    bundle, _metadata = b._repr_mimebundle_()
    assert b.widget.children and "application/vnd.jupyter.widget-view+json" in bundle
    assert base64.b64decode(bundle["image/png"])[:4] == b"\x89PNG"  # a picture where widgets cannot run
    assert "click a card" in b.status.text
    assert any("Round 1" in t for t in banner(b)) and "sk-board" in b.widget._dom_classes


def test_the_dark_theme_lays_the_paper_on_a_dark_table_and_the_board_and_its_sandbox_take_it():
    from savannah_kit.forest import render

    g = forest.new_game(players=2, seed=1)
    light, dark = g.scene(), g.scene(theme="dark")
    assert light.background == "#ffffff" and dark.background == render.PALETTES["dark"].page
    assert dark.hits() == light.hits() and len(dark.shapes) == len(light.shapes) + 1  # the key's own panel
    classroom = g.scene(theme="dark", large=True)
    assert classroom.background == dark.background and classroom.hits() == g.scene(large=True).hits()
    board = g.widget(theme="dark")
    assert board.theme == "dark" and board.canvas.scene.background == dark.background
    button = next(b for b in board.buttons if b.description == "Sandbox")
    button.click()
    assert board.sandbox.theme == "dark" and board.sandbox.canvas.scene.background == dark.background
    for bad in ("pink", None):
        with pytest.raises(ValueError, match="theme"):
            g.widget(theme=bad)
        with pytest.raises(ValueError, match="theme"):
            g.scene(theme=bad)
    assert g.history == []


@pytest.mark.rule("forest.turn.take", "forest.place.rotation", "forest.path.connect")
def test_a_full_turn_by_clicks():
    g = forest.new_game(players=2, seed=4)
    b = g.widget()
    p = g.current_player
    r0 = b.canvas.redraws
    b.click_hit("market:rooster")
    assert g.phase == "place" and g.history[-1] == Take(p, "rooster")
    assert b.canvas.redraws == r0 + 1
    assert legal_cells_drawn(b) == set(g.legal_placements())
    assert "rooster" in b.log.text and "[forest.turn.take]" in b.log.text
    b.rotate(+1)
    assert b.rotation == 90 and b.canvas.redraws == r0 + 2
    b.rotate(-1)
    b.rotate(-1)
    assert b.rotation == 270
    (x, y), rots = sorted(g.legal_placements().items())[0]
    while b.rotation not in rots:
        b.rotate(1)
    rot = b.rotation
    n = len(g.history)
    b.click_hit(f"cell:{p}:{x}:{y}")
    assert len(g.history) == n + 1 and g.history[-1] == Place(p, x, y, rot)
    assert "[forest.place" in b.log.text or "[forest.path" in b.log.text
    assert g.phase == "take" and g.current_player != p
    assert ("card", f"{p}") == tuple(b.marks[0][0].split(":")[:2]) or b.marks[0][0].startswith("animal:")
    assert any(f"{g.player_name(g.pawn)} · " in t or "★" in t for t in b.canvas.scene.texts())


@pytest.mark.rule("forest.advisor.armadillo", "forest.advisor.goat")
@pytest.mark.parametrize("guided", [False, True])
def test_lair_and_water_questions_answered_by_clicks(guided):
    asked = set()
    for seed in range(40):
        g = forest.new_game(players=2, seed=seed)
        b = g.widget(guided=guided)
        rng = random.Random(seed)
        while not g.is_over and len(asked) < 2:
            if g.phase in ("lair", "water"):
                asked.add(g.phase)
                assert "click" in b.status.text
                if guided:  # the guide says what the placement did, then what the question is about
                    assert b.guide.text.startswith("You placed ")
                    assert ("stores one more food" if g.phase == "lair" else "+1 for each food") in b.guide.text
                tokens_before = dict(g.tokens)
                m = rng.choice(g.legal_moves())
                click_move(b, m)
                assert g.history[-1] == m
                assert sum(g.tokens.values()) == sum(tokens_before.values()) - 1
                assert ("lair token" if isinstance(m, Lair) else "water drop") in b.log.text
            else:
                click_move(b, rng.choice(g.legal_moves()))
        if len(asked) == 2:
            break
    assert asked == {"lair", "water"}


@pytest.mark.rule("forest.place.adjacent")
def test_refused_clicks_explain_and_change_nothing():
    g = forest.new_game(players=2, seed=4)
    b = g.widget()
    p = g.current_player
    b.click_hit("market:goat")
    saved = g.to_json()
    # a cell that touches nothing (diagonal to the starting animal): refused, outlined, in board words
    b.click_hit(f"cell:{p}:1:1")
    assert b.status.text.startswith("Not allowed")
    assert "forest.place.adjacent" in b.status.text and "(1, 1)" not in b.status.text
    assert ("cell:%d:1:1" % p, "refused") in b.marks
    assert g.to_json() == saved
    # an occupied cell
    b.click_hit(f"animal:{p}:0:0")
    assert "Not allowed" in b.status.text and "forest.place.adjacent" in b.status.text
    assert g.to_json() == saved
    # the other player's forest, another market card
    b.click_hit(f"cell:{1 - p}:1:0")
    assert "Not allowed" in b.status.text and "forest.turn.take" in b.status.text
    b.click_hit("market:rabbit")
    assert "Not allowed" in b.status.text
    assert g.to_json() == saved and [m for m in b.marks if m[1] == "refused"] == [("hand", "refused")]


@pytest.mark.rule("forest.place.one-animal-per-path")
def test_illegal_rotation_is_refused_with_the_rule():
    for seed in range(60):
        g = forest.new_game(players=2, seed=seed)
        b = g.widget()
        rng = random.Random(seed)
        while not g.is_over:
            if g.phase == "place":
                bad = [(c, r) for c, r in g.legal_placements().items() if len(r) < 4]
                if bad:
                    (x, y), rots = bad[0]
                    b.rotation = next(r for r in (0, 90, 180, 270) if r not in rots)
                    saved = g.to_json()
                    b.click_hit(f"cell:{g.current_player}:{x}:{y}")
                    assert g.to_json() == saved
                    assert "Not allowed" in b.status.text and "forest.place.one-animal-per-path" in b.status.text
                    assert f"{rots[0]}°" in b.status.text
                    return
            click_move(b, rng.choice(g.legal_moves()))
    pytest.fail("no placement with an illegal rotation found")


def test_undo_and_new_game():
    g = forest.new_game(players=2, seed=4)
    b = g.widget()
    start = g.to_json()
    b.click_hit("market:rooster")
    b.undo()
    assert g.to_json() == start and g.phase == "take"
    assert "Undone" in b.log.text
    b.undo()  # nothing left: said plainly, no rule, no exception
    assert b.status.text.startswith("Nothing to undo yet") and b.status.kind == "info"
    seed = g.seed
    b.new_game()
    assert b.game is g and g.seed == seed + 1 and not g.history
    assert "click a card" in b.status.text


@pytest.mark.rule("forest.round.order")
def test_bots_play_their_seats_and_undo_skips_them():
    g = forest.new_game(players=3, seed=2)
    b = g.widget(bots={1: "random", 2: "greedy"})
    assert b.seats == [0]
    assert g.current_player == 0  # the bots already played up to the human's decision
    rng = random.Random(0)
    r = b.canvas.redraws
    human = 0
    start = len(g.history)
    while True:
        m = rng.choice(g.legal_moves())
        if isinstance(m, Place):
            b.rotation = m.rotation  # turning frames are not counted here
        click_move(b, m)
        human += 1
        if g.phase == "take" or g.is_over:
            break
    assert b.canvas.redraws == r + human  # bot moves batched into the last frame
    bot_moves = [m for m in g.history[start:] if m.player != 0]
    assert bot_moves and "bot] " in b.log.text
    assert g.current_player == 0 or g.is_over
    last_human = max(i for i, m in enumerate(g.history) if m.player == 0)
    b.undo()
    assert len(g.history) == last_human and g.current_player == 0


def test_one_redraw_per_human_action_with_bots_batched():
    g = forest.new_game(players=2, seed=6)
    b = g.widget(bots={1: "greedy"})
    rng = random.Random(1)
    for _ in range(12):
        if g.is_over:
            break
        r = b.canvas.redraws
        m = rng.choice(g.legal_moves())
        if isinstance(m, Place):
            b.rotation = m.rotation  # no rotate() frames in this count
        n = len(g.history)
        click_move(b, m)
        assert len(g.history) > n
        assert b.canvas.redraws == r + 1


def test_orient_phase_of_advanced_mode_by_clicks():
    g = forest.new_game(players=2, seed=3, advanced=True)
    b = g.widget()
    assert g.phase == "orient" and "starting" in b.status.text
    for _ in range(4):
        m = g.legal_moves()[-1]
        click_move(b, m)
        assert g.history[-1] == m
    assert g.phase == "take" and len(g.forest(0).animal_cells()) == 2


def test_classroom_mode_and_keyboard():
    g = forest.new_game(players=2, seed=4)
    b = g.widget(classroom=True)
    assert b.canvas.scene.width > forest.new_game(players=2, seed=4).scene().width
    assert b.log.recent in b.widget.children and b.log.widget not in b.widget.children  # the table fills the window
    assert b.canvas.view.fit == "window" and "sk-classroom" in b.widget._dom_classes
    assert "R turns the card" in b.canvas.view.label  # the board's accessible name says what R does
    b.click_hit("market:armadillo")
    b._key("r", False)
    assert b.rotation == 90
    b._key("r", True)
    assert b.rotation == 0
    b._key("r", True)
    assert b.rotation == 270
    b._key("u", False)
    assert g.phase == "take" and b.status.text.startswith(f"Undone: {g.player_name(g.current_player)} took the armadillo's card")


def test_unexpected_errors_become_status_messages():
    g = forest.new_game(players=2, seed=4)
    b = g.widget()
    b._guard(b._click)("cell:x:y", 0, 0)
    assert "went wrong" in b.status.text
    with pytest.raises(KeyError):
        b.click_hit("market:nowhere")


@pytest.mark.rule("forest.end.trigger", "forest.end.winner")
@pytest.mark.parametrize("advanced", [False, True])
def test_whole_two_player_game_through_the_widget(advanced):
    g = forest.new_game(players=2, seed=8, advanced=advanced)
    b = g.widget()
    rng = random.Random(8)
    while not g.is_over:
        m = rng.choice(g.legal_moves())
        n = len(g.history)
        click_move(b, m)
        assert len(g.history) == n + 1 and g.history[-1] == m, b.status.text
    assert "Game over" in b.status.text and any("Game over" in t for t in banner(b))
    assert "[forest.end.winner]" in b.log.text or "[forest.end.tie-break]" in b.log.text


class PublicGame:
    """The game seen through its public API only: any other name fails the test."""

    API = {"market", "held_card", "held_from", "forced", "shared_path_to_clean", "starting_animal", "pawn",
           "round", "round_order", "picks_done", "tokens", "deck_sizes", "discard_pile", "card", "player_name",
           "catalogue", "forest", "legal_placements", "legal_moves", "phase", "current_player", "players",
           "is_over", "scores", "winners", "history", "log", "score_breakdown", "total_rounds", "advanced",
           "forest_bounds", "play", "undo", "explain", "is_legal", "reset", "seed", "replay", "end_rule", "name"}

    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        if name not in self.API:
            raise AssertionError(f"the board reads game.{name}, which is not public API")
        return getattr(self._game, name)


@pytest.mark.rule("forest.place.one-animal-per-path", "forest.adv.two-animals")
@pytest.mark.parametrize("advanced", [False, True])
def test_board_uses_only_the_public_engine_api(advanced):
    g = forest.new_game(players=2, seed=11, advanced=advanced)
    b = ForestBoard(PublicGame(g))
    rng = random.Random(11)
    refused = False
    while not g.is_over and len(g.history) < 60:
        if g.phase == "place" and not refused:
            bad = [(c, r) for c, r in g.legal_placements().items() if len(r) < 4]
            if bad:  # a legal cell with a wrong turn: the engine's reason, the turns that fit
                (x, y), rots = bad[0]
                b.rotation = next(r for r in (0, 90, 180, 270) if r not in rots)
                saved = g.to_json()
                b.click_hit(f"cell:{g.current_player}:{x}:{y}")
                assert g.to_json() == saved and "Not allowed" in b.status.text
                assert "forest.place.one-animal-per-path" in b.status.text
                assert f"{rots[0]}°" in b.status.text and "went wrong" not in b.status.text
                refused = True
        m = rng.choice(g.legal_moves())
        n = len(g.history)
        click_move(b, m)
        assert len(g.history) == n + 1 and g.history[-1] == m, b.status.text
        assert "went wrong" not in b.status.text
    assert refused
    b.undo()
    assert "went wrong" not in b.status.text
    assert any(f"of {g.total_rounds}" in t for t in banner(b))
    b.new_game()  # a game in progress: asked first
    assert b.new_game_question.asking and g.history and "new game" in b.status.text.lower()
    b.new_game_question.no.click()
    assert not b.new_game_question.asking and g.history and g.seed == 11
    b.new_game()
    b.new_game_question.yes.click()
    assert "went wrong" not in b.status.text and g.history == [] and g.seed == 12


def test_the_log_names_who_acted_in_board_words():
    """Your own moves carry no bot label, the round events after a bot's move neither;
    no line quotes cell coordinates (the board shows none); the newest line is marked."""
    g = forest.new_game(players=2, seed=1)
    b = g.widget(bots={1: "greedy"})
    rng = random.Random(1)
    while g.round < 3:
        click_move(b, rng.choice(g.legal_moves()))
    lines = b.log.text.splitlines()
    assert any(line.startswith("Red ") for line in lines) and any(line.startswith("[greedy bot] Blue") for line in lines)
    assert not any(line.startswith("[greedy bot]") and not line.startswith("[greedy bot] Blue") for line in lines)
    assert not any(re.search(r"\(-?\d+, -?\d+\)", line) for line in lines), [l for l in lines if "(" in l][:3]
    assert any(re.search(r"(above|below|left of|right of) the ", line) for line in lines)
    assert 'class="sk-line sk-newest"' in b.log.recent.value and b.log.recent.value.count("sk-line") == 3


def test_the_same_position_gets_the_same_bot_move_after_undo():
    g = forest.new_game(players=2, seed=6)
    b = g.widget(bots={1: "greedy"})
    rng = random.Random(6)
    start = len(g.history)
    while len(g.history) == start or g.current_player != 0:
        click_move(b, rng.choice(g.legal_moves()))
    played, said = list(g.history), b.status.text
    while len(g.history) > start:
        b.undo()
    for m in played[start:]:
        if g.current_player == 0:
            click_move(b, m)
    assert g.history == played and b.status.text == said


# -- hints and the guided first game ------------------------------------------------------------


def outlines(b, kind):
    return [s for s in b.canvas.scene.shapes if s.style.stroke == MARK_STYLES[kind][0] and s.hit is None]


def real_gain(g, move):
    """The mover's real score change when ``move`` is played (on a copy)."""
    trial = g.copy()
    trial.play(move)
    return trial.scores()[move.player] - g.scores()[move.player]


def test_an_ordinary_board_is_not_guided():
    g = forest.new_game(players=2, seed=3)
    b = g.widget(bots={1: "greedy"})
    assert not b.guided and b.guide.widget not in b.widget.children and not outlines(b, "next")
    assert b.status.text == "Red: click a card on the board to take it."
    b.click_hit("market:goat")
    assert b.previews() == {} and "click a green cell" in b.status.text and b.guide.text == ""


@pytest.mark.rule("forest.turn.take")
def test_the_hint_button_outlines_the_best_bots_move_and_does_not_play_it():
    g = forest.new_game(players=2, seed=3)
    b = g.widget(bots={1: "greedy"}, hint_seconds=0.2)
    assert b.btn_hint in b.buttons and b.btn_hint.layout.visibility == "visible"
    for step in range(3):  # a take, a place, and whatever comes next
        saved = g.to_json()
        b.btn_hint.click()
        assert g.to_json() == saved, "a hint plays nothing"
        move, why = b.suggestion()
        decision = b.hint_decision()
        advice, searched = explain(g, move), verdict(decision)
        assert move == decision.move and why.split(": ")[0] == advice.reason.split(": ")[0]  # the same points
        said = why[:-len(searched) - 2] if searched else why  # what it does, then why the bot chose it
        assert not searched or (why.endswith("; " + searched) and "playouts" not in searched)  # a learner's words
        assert advice.reason.endswith(said.partition(": ")[2]) and "take the" not in said  # said once, not twice
        assert b.status.text == f"Hint: {b.move_words(advice.move, g, hint=True)} — {why}"
        hinted = [h for h, kind in b.marks if kind == "hint"]
        assert hinted and outlines(b, "hint") and not re.search(r"\(-?\d+, -?\d+\)", b.status.text)
        if isinstance(advice.move, Take):
            assert hinted == [f"market:{advice.move.slot}"]
        elif isinstance(advice.move, Place):
            assert hinted == [f"cell:0:{advice.move.x}:{advice.move.y}"] and b.rotation == advice.move.rotation
        click_hit_of = hinted[0]
        b.click_hit(click_hit_of)  # the outlined thing plays the hinted move
        assert not outlines(b, "hint") and b.status.kind != "hint"
        assert advice.move in g.history


def test_a_hint_clears_on_the_next_action_and_survives_a_hover():
    g = forest.new_game(players=2, seed=3)
    b = g.widget(bots={1: "greedy"})
    b._key("h", False)
    assert b.status.text.startswith("Hint: take the ") and "card — " in b.status.text
    b.hovered("market:rabbit")
    assert b.status.kind == "hint" and outlines(b, "hint")
    b.click_hit("market:rooster")
    b.hint()
    cell = next(h for h, kind in b.marks if kind == "hint")
    other = next(f"cell:0:{x}:{y}" for (x, y) in g.legal_placements() if f"cell:0:{x}:{y}" != cell)
    b.hovered(other)
    assert b.status.kind == "hint", "a hover must not wipe the hint"
    b.rotate(+1)
    assert b.status.kind != "hint" and not outlines(b, "hint")


@pytest.mark.rule("forest.turn.take")
def test_the_guided_take_step_outlines_the_market_and_says_what_to_do():
    g = forest.new_game(players=2, seed=3)
    b = g.widget(guided=True, bots={1: "greedy"})
    assert b.guide.widget in b.widget.children
    assert b.status.text == "Red, take a card from the market: click one of the four outlined cards."
    assert sorted(b.emphasis()) == sorted(f"market:{s}" for s in forest.SLOTS)
    assert len(outlines(b, "next")) == 4
    assert b.guide.text.startswith("Each turn: take a card, then place it")


@pytest.mark.rule("forest.advisor.rooster", "forest.advisor.armadillo", "forest.advisor.goat",
                  "forest.advisor.rabbit")
def test_the_guide_explains_each_advisors_gift_when_you_point_at_it_or_take_it():
    g = forest.new_game(players=2, seed=1)
    b = g.widget(guided=True, bots={1: "greedy"})  # Blue holds the pawn and has played
    assert g.pawn == 1 and g.current_player == 0 and g.market["rooster"] is not None
    start = b.guide.text
    for slot in forest.SLOTS:  # a card the bot took is a gift no more: the guide says what the step is about
        b.hovered(f"market:{slot}")
        assert b.guide.text == (GIFTS[slot] if g.market[slot] is not None else start)
    assert "first-player pawn: you'll play first next round" in GIFTS["rooster"]
    assert "lair token: +1 storage" in GIFTS["armadillo"] and "water drop: +1 to one food" in GIFTS["goat"]
    assert "only way to get another animal" in GIFTS["rabbit"]
    b.hovered(None)
    assert b.guide.text == start
    b.click_hit("market:rooster")
    assert b.guide.text == TAKEN["rooster"] and "play first next round" in b.guide.text


@pytest.mark.parametrize("seed", [5, 6])
def test_previews_are_the_real_score_gains_with_the_best_turn(seed):
    g = forest.new_game(players=2, seed=seed)
    b = g.widget(guided=True)  # both seats people: nothing moves between a click and its check
    rng = random.Random(seed)
    checked = 0
    slots = set()
    while checked < 14 and not g.is_over:
        if g.phase == "place":
            p = g.current_player
            slots.add(g.held_from)
            shown = b.previews()
            assert set(shown) == set(g.legal_placements())
            assert set(b.emphasis()) == {f"cell:{p}:{x}:{y}" for (x, y) in shown}
            for (x, y), turns in g.legal_placements().items():
                gains = {t: real_gain(g, Place(p, x, y, t)) for t in turns}
                assert b.placement_gains()[(x, y)] == gains and shown[(x, y)] == max(gains.values())
            (x, y), n = rng.choice(sorted(shown.items()))
            before = g.scores()[p]
            b.hovered(f"cell:{p}:{x}:{y}")  # the card turns itself to its best turn there
            assert f"turned {b.rotation}°, {signed(n)} (its best turn)" in b.status.text
            assert b.guide.text.startswith(f"Here, turned {b.rotation}°, it would give ")
            b.click_hit(f"cell:{p}:{x}:{y}")
            assert not b.status.refused and isinstance(g.history[-1], Place)
            assert g.scores()[p] - before == n and b.guide.text.startswith("You placed ")
            checked += 1
        else:
            b.click_hit(rng.choice(b.emphasis() or b.keyboard_order()))
    assert checked == 14 and slots == set(forest.SLOTS)  # every advisor's card, tokens placed at once too


def test_a_guided_click_places_the_card_with_its_best_turn_unless_you_turned_it():
    g = forest.new_game(players=2, seed=5)
    b = g.widget(guided=True)
    b.click_hit("market:goat")
    p = g.current_player
    cell = next(c for c in sorted(g.legal_placements()) if len(g.legal_placements()[c]) == 4)
    turns = b.placement_gains()[cell]
    turn = b.best_turn(cell)
    assert turns[turn] == max(turns.values()) == b.previews()[cell]
    b.click_hit(f"cell:{p}:{cell[0]}:{cell[1]}")  # no hover first (a tap): the best turn still
    assert g.history[-1] == Place(p, cell[0], cell[1], turn)
    b.undo()
    b.click_hit("market:goat")
    b.rotate(+1)
    b.rotate(+1)
    b.click_hit(f"cell:{p}:{cell[0]}:{cell[1]}")
    assert g.history[-1] == Place(p, cell[0], cell[1], 180)


def test_after_a_move_the_guide_says_what_it_scored_in_one_sentence():
    g = forest.new_game(players=2, seed=3)
    b = g.widget(guided=True, bots={1: "greedy"})
    b.click_hit("market:goat")
    p = g.current_player
    (x, y), n = max(b.previews().items(), key=lambda item: item[1])
    turn = b.best_turn((x, y))
    b.click_hit(f"cell:{p}:{x}:{y}")
    said = b.happened
    assert b.guide.text.startswith(said)  # (then what the advisor's question is about, if one follows)
    assert said.startswith("You placed path card ") and f"turned {turn}°, for {signed(n)}" in said
    assert said.endswith(".") and said.count(". ") == 0 and not re.search(r"\(-?\d+, -?\d+\)", said)


def test_gain_words_name_what_each_animal_stores():
    g = forest.from_scenario({"forests": ["A01@0,0r0", "A02@0,0r0"]})
    before = g.score_breakdown(0)
    assert gain_words(before, before) == "no points"
    p = g.current_player
    for _ in range(40):
        m = g.legal_moves()[0]
        if isinstance(m, Take) or g.phase != "place" or g.current_player != p:
            g.play(m)
            continue
        gains = [(real_gain(g, Place(p, x, y, t)), Place(p, x, y, t)) for (x, y), ts in g.legal_placements().items()
                 for t in ts]
        n, best = max(gains, key=lambda item: item[0])
        before = g.score_breakdown(p)
        g.play(best)
        words = gain_words(before, g.score_breakdown(p))
        if n > 0:
            assert words.startswith(signed(n)) and re.search(r"the \w[\w ]* (stores|joins|gets)", words), words
            return
    pytest.fail("no scoring placement found")


@pytest.mark.rule("forest.end.trigger", "forest.end.winner")
def test_a_whole_guided_game_by_clicking_only_what_the_guide_outlines():
    g = forest.new_game(players=2, seed=8)
    b = g.widget(guided=True, bots={1: "greedy"})
    clicks = 0
    while not g.is_over:
        target = (b.emphasis() or b.keyboard_order())[0]
        b.click_hit(target)
        clicks += 1
        assert not b.status.refused and "went wrong" not in b.status.text, b.status.text
    assert clicks >= 30 and "Game over" in b.status.text and b.btn_hint.layout.visibility == "hidden"
    assert "Red's forest scored" in b.guide.text


def test_in_a_guided_game_the_hinted_cell_takes_the_hinted_turn():
    g = forest.new_game(players=2, seed=9)
    b = g.widget(guided=True, bots={1: "greedy"}, hint_seconds=0.2)
    for _ in range(4):
        b.click_hit(b.emphasis()[0])  # take
        b.hint()
        advice = explain(g, b.hint_decision().move)
        hinted = next(h for h, kind in b.marks if kind == "hint")
        assert b.rotation == advice.move.rotation and hinted == f"cell:0:{advice.move.x}:{advice.move.y}"
        b.hovered(hinted)
        assert b.status.kind == "hint"
        b.click_hit(hinted)
        assert advice.move in g.history and not b.status.refused
        while g.current_player == 0 and g.phase != "take":
            b.click_hit(b.keyboard_order()[0])


@pytest.mark.rule("forest.advisor.rooster")
def test_the_rooster_keeps_the_pawn_with_its_holder_and_the_guide_says_so():
    g = forest.new_game(players=2, seed=3)
    b = g.widget(guided=True, bots={1: "greedy"})
    assert g.pawn == 0
    b.hovered("market:rooster")
    assert b.guide.text == KEEPS_PAWN[0]
    b.click_hit("market:rooster")
    assert b.guide.text == KEEPS_PAWN[1]
