"""The conformance checks: what every registered game must do, game-blind.

Like OpenSpiel's random-simulation test, each check takes a registry name and
uses only the game's spec (``core.spec``: ``new_game``, ``from_json``,
``from_scenario`` and its hooks) and the protocol of ``core.game.Game``. A new
game passes them or says exactly where it does not. The last checks hold every
game to one API shape: the same signatures, scenarios and their text that
round-trip, ``to_move`` for whose turn it is, and a discard that is a move class
of its own.
"""

import dataclasses
import enum
import inspect
import json
import random

from savannah_kit.core.errors import IllegalMove, SaveFileError, ScenarioError
from savannah_kit.core.registry import games
from savannah_kit.core.rules_index import RULES, rules_for
from savannah_kit.core.scoring import ScoreBreakdown
from savannah_kit.core.state import GameState, mutable_parts
from savannah_kit.fuzz import check_step

MAX_DECISIONS = 5_000
PLAYOUTS = 3


def module_of(name):
    return games()[name].load()


def positions(name, count=1):
    """(game, the options ``from_scenario`` needs) at positions along random games that can be
    written as a scenario."""
    for _module, _game, _rng, trail in playouts(name, count):
        for g in trail:
            try:
                g.to_scenario()
            except ScenarioError:
                continue  # not every decision can be written as a position
            yield g, {k: v for k, v in g.options.items() if k != "players"}


def playouts(name, count=PLAYOUTS):
    """(module, finished game, rng) for ``count`` random games of every player count."""
    entry = games()[name]
    module = entry.load()
    for players in entry.players:
        for k in range(count):
            rng = random.Random(1000 * players + k)
            game = module.new_game(players=players, seed=rng.randrange(2**31))
            trail = [game.copy()]
            for _ in range(MAX_DECISIONS):
                if game.is_over:
                    break
                game.play(rng.choice(game.legal_moves()))
                if rng.random() < 0.15:
                    trail.append(game.copy())
            else:
                raise AssertionError(f"{name}: a {players}-player game did not end in {MAX_DECISIONS} decisions")
            yield module, game, rng, trail


def _cites_own_rules(name, events):
    own = {r.id for r in rules_for(name)}
    for e in events:
        assert e.rule in RULES, f"{name}: event cites unknown rule {e.rule!r}: {e.message}"
        if own:
            assert e.rule in own, f"{name}: event cites another game's rule {e.rule!r}: {e.message}"


def check_random_playouts_end_soundly(name):
    for _module, game, _rng, _trail in playouts(name):
        assert game.is_over and game.legal_moves() == [] and game.current_player is None
        scores, winners = game.scores(), game.winners()
        assert len(scores) == game.players and winners and set(winners) <= set(range(game.players))
        best = max(scores)
        assert all(scores[w] == best for w in winners), f"{name}: a winner without the best score"
        _cites_own_rules(name, game.log)
        assert isinstance(str(game), str) and repr(game).startswith("<")


def check_phases_are_an_enum(name):
    for _module, game, _rng, trail in playouts(name, 1):
        Phase = type(game).Phase
        assert isinstance(Phase, type) and issubclass(Phase, enum.Enum), f"{name}: Phase is not an Enum"
        for g in trail + [game]:
            assert isinstance(g.phase, Phase), f"{name}: phase {g.phase!r} is not a {Phase.__name__}"


def check_explain_agrees_with_is_legal(name):
    for _module, game, rng, trail in playouts(name, 1):
        others = [m for g in trail for m in g.legal_moves()]
        for g in trail:
            for move in g.legal_moves()[:10] + rng.sample(others, min(len(others), 10)):
                text = g.explain(move)
                assert text.startswith("Legal" if g.is_legal(move) else "Not legal"), (move, text)


def check_refusals_change_nothing(name):
    for _module, game, rng, trail in playouts(name, 1):
        others = [m for g in trail for m in g.legal_moves()]
        for g in trail + [game]:
            before = (g.to_json(), str(g), g.legal_moves())
            for move in rng.sample(others, min(len(others), 15)) + ["junk", None]:
                if g.is_legal(move):
                    continue
                try:
                    g.play(move)
                except IllegalMove as err:
                    assert err.rule_id in RULES and err.reason
                else:
                    raise AssertionError(f"{name}: illegal {move!r} was played")
            assert (g.to_json(), str(g), g.legal_moves()) == before


def check_saves_undo_copies_and_determinism(name):
    for module, game, rng, trail in playouts(name, 1):
        for g in trail + [game]:
            check_step(g, module, rng, name)


def check_state_is_one_copied_dataclass(name):
    for _module, game, _rng, trail in playouts(name, 1):
        for g in trail[:3] + [game]:
            assert isinstance(g.state, GameState), f"{name}: game.state is not a GameState"
            assert dataclasses.is_dataclass(g.state) and not hasattr(g.state, "__dict__"), \
                f"{name}: the state must be a slotted dataclass"
            twin = g.copy()
            mine = {id(obj): path for path, obj in mutable_parts(g.state, "state")}
            for path, obj in mutable_parts(twin.state, "state"):
                assert id(obj) not in mine, f"{name}: a copy shares {path}"
            for attr, value in vars(g).items():
                if attr in ("state", "history", "log", "rng", "scenario") or attr.startswith("_legal"):
                    continue  # the protocol's own (copied by Game.copy, or the scenario as given, never
                    # changed after set-up), or caches of the current decision
                assert type(value) not in (list, dict, set), \
                    f"{name}: game.{attr} is a mutable {type(value).__name__} outside the state"


def check_score_breakdowns_add_up(name):
    for _module, game, _rng, trail in playouts(name, 1):
        for g in trail + [game]:
            scores = g.scores()
            for p in range(g.players):
                sb = g.score_breakdown(p)
                assert isinstance(sb, ScoreBreakdown), f"{name}: score_breakdown gives {type(sb).__name__}"
                assert sb.total == scores[p], f"{name}: breakdown {sb.total} != score {scores[p]}"
                assert sb.player == p and sb.final == g.is_over
                assert all(line.rule in RULES for line in sb.lines)
                json.dumps(sb.to_data())


def check_scenarios_round_trip(name):
    module = module_of(name)
    built = 0
    for _module, game, _rng, trail in playouts(name, 1):
        for g in trail:
            try:
                scenario = g.to_scenario()
            except ScenarioError:
                continue  # not every decision can be written as a position
            json.dumps(scenario)
            options = {k: v for k, v in g.options.items() if k != "players"}
            again = module.from_scenario(scenario, seed=g.seed, **options)
            assert again.to_scenario() == scenario
            assert again.legal_moves() == g.legal_moves() and again.current_player == g.current_player
            assert again.scores() == g.scores()
            built += 1
    assert built, f"{name}: no position could be written as a scenario"
    with_errors = 0
    for bad in (None, [], {"zzz": 1}, "zzz"):
        try:
            module.from_scenario(bad)
        except ScenarioError as err:
            assert err.field and err.reason
            with_errors += 1
    assert with_errors == 4


def check_moves_round_trip_through_data(name):
    game_cls = None
    for _module, game, _rng, trail in playouts(name, 1):
        game_cls = type(game)
        for move in game.history:
            data = json.loads(json.dumps(move.to_data()))
            assert game_cls.move_from_data(data) == move
    for junk in (None, [], {"zzz": 1}, "move", 7):
        try:
            game_cls.move_from_data(junk)
        except SaveFileError as err:
            assert err.reason
        else:
            raise AssertionError(f"{name}: move_from_data accepted {junk!r}")


def check_options_are_checked(name):
    entry = games()[name]
    module = entry.load()
    for bad, field in (({"zzz": 1}, "options.zzz"), ({"players": max(entry.players) + 1}, "options.players"),
                       ({"players": True}, "options.players")):
        try:
            module.new_game(seed=1, **bad)
        except ScenarioError as err:
            assert err.field == field, (bad, err)
        else:
            raise AssertionError(f"{name}: option {bad} accepted")
    game = module.new_game(players=entry.players[0], seed=3)
    assert game.title == entry.title and game.name == name
    game.play(game.legal_moves()[0])
    game.reset()
    assert game.history == [] and game.to_json() == module.new_game(players=entry.players[0], seed=3).to_json()


def check_rulings_are_declared_options(name):
    """Each option of the spec names a ruling of the game (a label of its rulings, or a rule id),
    plays at each of its values, keeps them in its save file and refuses a value it does not take."""
    spec = games()[name]
    labels = set(spec.teaching_module("rulings").RULINGS) if spec.teaching.rulings else set()
    for o in spec.options:
        assert o.ruling in labels or o.ruling in RULES, f"{name}: option {o.name} names no ruling ({o.ruling})"
        assert o.name in spec.game.option_names, f"{name}: new_game does not take {o.name}"
        for value in o.values:
            game = spec.new_game(players=spec.players[0], seed=5, **{o.name: value})
            assert game.option(o.name) == value
            game.play(game.legal_moves()[0])
            again = spec.from_json(game.to_json())
            assert again.option(o.name) == value and again.to_json() == game.to_json(), (name, o.name, value)
        if not o.others:
            try:
                spec.new_game(players=spec.players[0], seed=5, **{o.name: "no such value"})
            except ScenarioError as err:
                assert err.field == f"options.{o.name}" and repr(o.values[0]) in str(err), err
            else:
                raise AssertionError(f"{name}: option {o.name} took a value it does not list")
    assert spec.new_game(players=spec.players[0], seed=5).option is not None


# -- one API shape for every game --------------------------------------------------------------------

def _parameters(fn):
    return inspect.signature(fn).parameters


def check_the_entry_points_have_one_shape(name):
    spec = games()[name]
    module = spec.load()
    for key in ("new_game", "from_scenario", "from_json"):
        assert getattr(module, key) is getattr(spec, key), f"{name}: the package's {key} is not its spec's"
    made = _parameters(spec.new_game)
    assert list(made)[:2] == ["players", "seed"], f"{name}: new_game{inspect.signature(spec.new_game)}"
    assert list(made.values())[-1].kind is inspect.Parameter.VAR_KEYWORD
    built = list(_parameters(spec.from_scenario).values())
    assert [(p.name, p.kind, p.default) for p in built] == [
        ("scenario", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty),
        ("seed", inspect.Parameter.POSITIONAL_OR_KEYWORD, 0), ("options", inspect.Parameter.VAR_KEYWORD,
                                                                 inspect.Parameter.empty)], \
        f"{name}: from_scenario{inspect.signature(spec.from_scenario)} is not (scenario, seed=0, **options)"
    for method in ("to_scenario", "scenario_text", "scene", "widget", "sandbox"):
        assert callable(getattr(spec.game, method, None)), f"{name}: the game has no {method}()"


def check_the_picture_and_the_board_take_the_same_options(name):
    spec = games()[name]
    for hook, wanted in (("render", {"theme", "viewer", "highlights"}),
                         ("widget", {"theme", "guided", "branching", "suggest"})):
        taken = _parameters(spec.hook(hook))
        missing = {w for w in wanted if w not in taken or taken[w].kind is not inspect.Parameter.KEYWORD_ONLY}
        assert not missing, f"{name}: its {hook} takes no keyword {', '.join(sorted(missing))}"
    game = spec.new_game(players=spec.players[0], seed=2)
    for theme in ("light", "dark"):
        assert game.scene(theme=theme, viewer=game.current_player, highlights=()).width > 0
    try:
        game.scene(theme="pink")
    except ValueError as err:
        assert "theme" in str(err)
    else:
        raise AssertionError(f"{name}: scene(theme='pink') was drawn")


def check_every_hook_of_the_spec_resolves(name):
    spec = games()[name]
    for hook in ("scenario_text", "describe", "render", "clicks", "widget", "sandbox", "hidden", "encoding", "lab.columns",
                 "teaching.handout", "teaching.demo_course"):
        if spec.declared(hook) is not None:
            assert callable(spec.hook(hook)), f"{name}: {hook} names nothing callable"
    for key in ("lessons", "puzzles"):
        if getattr(spec.teaching, key) is not None:
            assert spec.teaching_module(key) is not None


def check_scenarios_and_their_text_round_trip(name):
    spec = games()[name]
    built = 0
    for g, options in positions(name):
        data, text = g.to_scenario(), g.scenario_text()
        assert isinstance(text, str) and text.strip(), f"{name}: an empty scenario text"
        for again in (spec.from_scenario(data, seed=g.seed, **options),
                      spec.from_scenario(text, seed=g.seed, **options)):
            assert again.to_scenario() == data and again.scenario_text() == text
            assert again.legal_moves() == g.legal_moves() and again.current_player == g.current_player
        built += 1
    assert built, f"{name}: no position could be written as a scenario"
    try:
        spec.from_scenario("zzz: 1\n")
    except ScenarioError as err:
        assert err.field and err.reason
    else:
        raise AssertionError(f"{name}: from_scenario read a text of nonsense")


def check_whose_turn_it_is_is_to_move(name):
    for g, options in positions(name):
        if g.is_over:
            continue  # no one is to move
        data = g.to_scenario()
        assert data.get("to_move") == g.current_player, f"{name}: to_scenario names no to_move"
        again = games()[name].from_scenario(dict(data, to_move=g.current_player), seed=g.seed, **options)
        assert again.current_player == g.current_player and again.legal_moves() == g.legal_moves()


def check_a_discard_is_a_move_class_of_its_own(name):
    move_types = games()[name].game.move_types
    for _module, game, _rng, _trail in playouts(name, 1):
        kinds = [m for m in game.history if getattr(m, "kind", None) == "discard"]
        assert not kinds, f"{name}: {kinds[0]!r} is a discard told by a kind field, not a Discard class"
        assert all(type(m) in move_types for m in game.history)


def check_the_position_reads_in_words(name):
    """``describe()`` (what a board's Describe button reads out) is a few sentences that change
    with the position, the same for a copy, naming no move object and no memory address."""
    said = set()
    for g, _options in positions(name):
        text = g.describe()
        assert isinstance(text, str) and text.strip(), f"{name}: describe() said nothing"
        assert text == g.copy().describe(), f"{name}: describe() differs for a copy of the same position"
        assert " object at 0x" not in text and "Move(" not in text, f"{name}: describe() shows code: {text[:200]}"
        assert len(text) < 6000, f"{name}: describe() is {len(text)} characters, not a few sentences"
        said.add(text)
    for _module, game, _rng, trail in playouts(name, 1):  # a finished game reads unlike its start
        said.update({game.describe(), trail[0].describe()})
    assert len(said) > 1, f"{name}: describe() says the same for every position"
    spec = games()[name]
    assert callable(spec.hook("describe")), f"{name}: its spec names no describe"


def check_the_encoding_numbers_every_legal_move(name):
    """The spec's encoding (``core.encoding``, read by ``savannah_kit.envs``): one action a legal move
    and back, a mask of exactly the legal moves, observations of a fixed size in [0, 1] for every seat,
    and sizes that depend on the configuration only."""
    spec = games()[name]
    if spec.encoding is None:
        return
    make = spec.hook("encoding")
    checked = 0
    for _module, _game, _rng, trail in playouts(name, 1):
        fresh = make(spec.new_game(seed=0, **dict(trail[0].options)))
        for g in trail:
            encoding = make(g)
            assert (encoding.action_size, encoding.observation_size) == (fresh.action_size, fresh.observation_size)
            legal = encoding.legal(g)
            assert sorted(legal.values(), key=repr) == sorted(g.legal_moves(), key=repr), f"{name}: {g!r}"
            assert sum(encoding.mask(g)) == len(legal)
            for action, move in legal.items():
                assert encoding.encode(g, move) == action and encoding.decode(g, action) == move
            for seat in range(g.players):
                vector = encoding.observe(g, seat)
                assert len(vector) == encoding.observation_size and all(0 <= x <= 1 for x in vector)
            checked += 1
    assert checked


CHECKS = [check_random_playouts_end_soundly, check_phases_are_an_enum, check_explain_agrees_with_is_legal,
          check_refusals_change_nothing, check_saves_undo_copies_and_determinism, check_state_is_one_copied_dataclass,
          check_score_breakdowns_add_up, check_scenarios_round_trip, check_moves_round_trip_through_data,
          check_options_are_checked, check_rulings_are_declared_options, check_the_entry_points_have_one_shape,
          check_the_picture_and_the_board_take_the_same_options, check_every_hook_of_the_spec_resolves,
          check_scenarios_and_their_text_round_trip, check_whose_turn_it_is_is_to_move,
          check_a_discard_is_a_move_class_of_its_own, check_the_position_reads_in_words,
          check_the_encoding_numbers_every_legal_move]
