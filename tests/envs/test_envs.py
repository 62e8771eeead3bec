"""The games as PettingZoo environments (``savannah_kit.envs``): PettingZoo's own API and seed
tests on every game, what a seat may see, whole random episodes, and the action numbering."""

import random
import sys
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from savannah_kit import envs
from savannah_kit.core.encoding import EncodingError, LegalIndex
from savannah_kit.core.errors import IllegalMove
from savannah_kit.core.hidden import determinise
from savannah_kit.core.registry import games

GAMES = list(games())
TOY_DIR = Path(__file__).resolve().parents[1] / "core"


def _counts(name):
    players = games()[name].players
    return sorted({players[0], players[-1]})


def play_random(env, seed, rng):
    """A whole episode: every agent acts by a random legal action; returns the actions taken and
    the final rewards."""
    env.reset(seed=seed)
    actions, final = [], {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(env.game.legal_moves()) > 0
        action = int(rng.choice(legal))
        actions.append(action)
        env.step(action)
    return actions, final


#: every configuration the benchmark measures (courses, player counts, the advanced mode), per game
CONFIGS = [(name, config) for name, spec in games().items() for config in spec.bench_configs]


@pytest.mark.parametrize("name, config", CONFIGS, ids=[f"{n}-{'-'.join(map(str, c.values()))}" for n, c in CONFIGS])
def test_pettingzoo_api_test_passes(name, config):
    api_test(envs.env(name, **config), num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test_passes(name):
    seed_test(lambda: envs.env(name), num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_a_random_episode_reaches_the_end_with_win_or_loss_rewards(name):
    for players in _counts(name):
        env = envs.env(name, players=players)
        actions, final = play_random(env, seed=3, rng=random.Random(3))
        game = env.game
        assert game.is_over and env.agents == [] and actions
        assert len(game.history) == len(actions)
        winners = set(game.winners())
        assert winners and final == {f"player_{p}": (1 if p in winners else -1) for p in range(players)}


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_and_actions_give_the_same_episode(name):
    first, second = envs.env(name), envs.env(name)
    actions, _ = play_random(first, seed=11, rng=random.Random(5))
    second.reset(seed=11)
    for action in actions:
        second.step(action)
    assert second.game.to_json() == first.game.to_json()
    assert second.game.seed == 11 and second.game.history == first.game.history
    other, _ = play_random(envs.env(name), seed=12, rng=random.Random(5))
    assert other != actions or envs.env(name).game.to_json() != first.game.to_json()


def test_reset_without_a_seed_follows_the_last_seed():
    a, b = envs.env("circle"), envs.env("circle")
    a.reset(seed=4)
    b.reset(seed=4)
    seeds = []
    for _ in range(3):
        a.reset()
        b.reset()
        seeds.append(a.game.seed)
        assert a.game.seed == b.game.seed and a.game.to_json() == b.game.to_json()
    assert len(set(seeds)) == 3


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_sees_the_same_when_only_what_it_cannot_see_is_redealt(name):
    """Two deals that differ only in the cards seat 0 cannot see (the other hands, the order of
    the decks: ``core.hidden`` re-deals them) give seat 0 the same observation; a seat whose own
    hand was re-dealt sees the difference (so the test would catch a leak)."""
    env = envs.env(name, players=3 if 3 in games()[name].players else None)
    env.reset(seed=2)
    rng, seen_change = random.Random(0), 0
    for step in range(60):
        if env.game.is_over:
            break
        for k in range(3):
            twin = determinise(env.game, 0, random.Random(step * 10 + k))
            assert env.encoding.observe(twin, 0) == env.encoding.observe(env.game, 0)
            hands = getattr(env.game.state, "hands", None)
            if hands is not None and sorted(twin.state.hands[1]) != sorted(hands[1]):
                seen_change += 1
                assert env.encoding.observe(twin, 1) != env.encoding.observe(env.game, 1)
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(rng.choice(legal)))
    if getattr(env.game.state, "hands", None) is not None:
        assert seen_change > 0


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_move_has_one_action_and_comes_back_from_it(name):
    env = envs.env(name)
    env.reset(seed=5)
    rng = random.Random(5)
    while not env.game.is_over:
        moves = env.moves()
        assert len(moves) == len(env.game.legal_moves())
        mask = env.observe(env.agent_selection)["action_mask"]
        assert sorted(np.flatnonzero(mask)) == sorted(moves)
        for action, move in moves.items():
            assert env.action(move) == action and env.encoding.decode(env.game, action) == move
        others = [a for a in env.possible_agents if a != env.agent_selection]
        assert all(not env.observe(a)["action_mask"].any() for a in others)
        env.step(rng.choice(sorted(moves)))


@pytest.mark.parametrize("name", GAMES)
def test_a_forbidden_action_is_refused_and_changes_nothing(name):
    env = envs.env(name)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    forbidden = int(np.flatnonzero(mask == 0)[-1])
    before = env.game.to_json()
    with pytest.raises((EncodingError, IllegalMove)):
        env.step(forbidden)
    with pytest.raises(EncodingError):
        env.step(env.action_space(env.agent_selection).n)
    assert env.game.to_json() == before


def test_a_legal_index_refuses_more_moves_than_it_numbers():
    env = envs.env("circle")
    env.reset(seed=0)
    small = LegalIndex(1, env.encoding.observation_size, lambda g, s: [])
    assert len(env.game.legal_moves()) > 1
    with pytest.raises(EncodingError, match="more than the 1 actions"):
        small.mask(env.game)


@pytest.mark.parametrize("name", GAMES)
def test_render_gives_the_text_or_the_picture(name, capsys):
    text = envs.env(name)
    text.reset(seed=0)
    assert text.render() == str(text.game)
    picture = envs.env(name, render_mode="svg")
    picture.reset(seed=0)
    assert picture.render().lstrip().startswith("<svg")
    shown = envs.env(name, render_mode="human")
    shown.reset(seed=0)
    capsys.readouterr()
    assert shown.render() is None and capsys.readouterr().out == str(shown.game) + "\n"
    render_test(lambda render_mode: envs.env(name, render_mode=render_mode),
                custom_tests={"svg": lambda svg: svg.lstrip().startswith("<svg")})


def test_a_registered_game_outside_the_kit_is_an_environment_too():
    sys.path.insert(0, str(TOY_DIR))
    try:
        import toy_game

        with toy_game.registered():
            api_test(envs.env("toy"), num_cycles=50)
            env = envs.env("toy")
            _actions, final = play_random(env, seed=0, rng=random.Random(0))
            assert sorted(final.values()) == [-1, 1]
    finally:
        sys.path.remove(str(TOY_DIR))


def test_bad_arguments_are_named():
    with pytest.raises(KeyError, match="unknown game"):
        envs.env("chess")
    with pytest.raises(ValueError, match="render_mode"):
        envs.env("tails", render_mode="rgb_array")
    with pytest.raises(ValueError, match="players"):
        envs.env("forest", players=9)


def test_the_readme_example_plays_a_whole_race():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text("utf-8")
    section = readme.split("## Reinforcement learning: the games as PettingZoo environments", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(code.strip().splitlines()) == 5
    space = {}
    exec(code, space)
    table = space["table"]
    assert table.game.is_over and table.game.seed == 7 and table.game.players == 3


def test_the_engines_and_their_encodings_import_no_learning_library():
    import subprocess

    code = ("import sys\n"
            "from savannah_kit.core.registry import games\n"
            "for spec in games().values():\n"
            "    spec.hook('encoding')(spec.new_game(seed=0))\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pettingzoo', 'gymnasium')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_two_circle_deals_differing_only_in_the_other_hands_look_the_same_to_a_seat():
    """Seats 1 and 2 exchange their hands (a deal as real as the first: every card is where a deal
    could put it): seat 0's observation is unchanged, seats 1 and 2 see their new hands."""
    env = envs.env("circle", players=3)
    env.reset(seed=8)
    game = env.game
    swapped = game.copy()
    hands = swapped.state.hands
    assert len(hands[1]) == len(hands[2]) and set(hands[1]) != set(hands[2])
    hands[1], hands[2] = hands[2], hands[1]
    assert env.encoding.observe(swapped, 0) == env.encoding.observe(game, 0)
    for seat in (1, 2):
        assert env.encoding.observe(swapped, seat) != env.encoding.observe(game, seat)
