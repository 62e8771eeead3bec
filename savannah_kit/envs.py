"""The kit's games as PettingZoo environments, for reinforcement learning (the ``rl`` extra).

``env("tails")`` (or any registered game's name, with ``players=`` and the game's own
``new_game`` options) returns an AEC environment (``pettingzoo.AECEnv``):

* agents ``"player_0"``, ``"player_1"``, ... are the seats; the agent to act is the game's
  ``current_player`` (one seat may act several times in a row: Savernake Forest takes, then places);
* ``reset(seed=s)`` starts ``new_game(players, seed=s, **options)``: the kit's seeds, so the same
  seed and the same actions give the same episode. ``reset()`` without a seed draws the next
  game's seed from the last seed given (or at random if none was); ``env.game`` is the game, a
  kit game like any other (``env.game.seed``, ``env.game.to_json()``, its picture);
* actions are ``Discrete(N)``, numbered by the game's encoding (the ``encoding`` hook of its spec,
  ``core.encoding``; each game's ``encoding.py`` documents its numbering and its observation);
  ``env.moves()`` gives the kit's move for each action legal now, ``env.action(move)`` the number of a
  move. An action the mask forbids raises ``EncodingError`` or ``IllegalMove`` and changes nothing;
* an observation is ``{"observation": what the seat may see (float32 in [0, 1]), "action_mask":
  1 for each legal action (int8; all 0 when it is not the seat's turn)}``;
* rewards are 0 until the end; then +1 for each winner (``game.winners()``: several when they tie)
  and -1 for every other seat, and every agent is terminated (a game always ends: no truncation);
* ``render()`` returns the position as text (``render_mode="ansi"``, the default) or as an SVG
  picture (``render_mode="svg"``); ``render_mode="human"`` prints the text and returns None.

The engines never import this module (nor PettingZoo): it reads them through their specs.
"""

from __future__ import annotations

import operator
import random
from typing import Any, Dict, List, Optional

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as err:  # pragma: no cover - only without the extra
    raise ImportError("savannah_kit.envs needs PettingZoo and Gymnasium: "
                      "pip install 'savannah_kit[rl]'") from err

from .core.encoding import Encoding, EncodingError
from .core.registry import game as game_spec

RENDER_MODES = ("human", "ansi", "svg")


def env(name: str, players: Optional[int] = None, render_mode: Optional[str] = "ansi", **options) -> "GameEnv":
    """The game ``name`` ("tails", "circle", "forest", or any registered game) as a PettingZoo
    AEC environment for ``players`` seats (default: 2, or the game's smallest count) and the
    game's own ``new_game`` options (``course=``, ``tokens=``, ``advanced=``...)."""
    return GameEnv(name, players=players, render_mode=render_mode, **options)


class GameEnv(AECEnv):
    """One kit game as an AEC environment (see the module docstring)."""

    def __init__(self, name: str, players: Optional[int] = None, render_mode: Optional[str] = "ansi", **options):
        super().__init__()
        self.game_spec = game_spec(name)
        if self.game_spec.encoding is None:
            raise LookupError(f"{self.game_spec.title} has no encoding for learning agents (its spec says None)")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        if players is None:
            players = 2 if 2 in self.game_spec.players else self.game_spec.players[0]
        self.render_mode = render_mode
        self.game_options: Dict[str, Any] = {"players": players, **options}
        self.metadata = {"name": f"savannah_kit_{self.game_spec.name}_v0", "render_modes": list(RENDER_MODES),
                         "is_parallelizable": False}
        self.game = self.game_spec.new_game(seed=0, **self.game_options)  # also checks the options
        self.encoding: Encoding = self.game_spec.hook("encoding")(self.game)
        self.possible_agents = [f"player_{p}" for p in range(self.game.players)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        n, size = self.encoding.action_size, self.encoding.observation_size
        self._action_space = spaces.Discrete(n)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
        })
        self._seeds = random.Random()
        self.agents: List[str] = []

    # -- spaces ------------------------------------------------------------------------------------
    def observation_space(self, agent: str):
        return self._observation_space

    def action_space(self, agent: str):
        return self._action_space

    # -- the episode -------------------------------------------------------------------------------
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game: ``seed`` is the game's seed (``options`` is accepted as PettingZoo asks, and not
        used: the game's options are given to ``env()``)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        else:
            seed = self._seeds.randrange(2**31)
        self.game = self.game_spec.new_game(seed=seed, **self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: Dict[str, dict] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.game.current_player]
        self._end_if_over()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self.encoding.decode(self.game, operator.index(action))
        self.game.play(move)  # an illegal move raises IllegalMove and changes nothing
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        if not self._end_if_over():
            self.agent_selection = self.possible_agents[self.game.current_player]
        self._accumulate_rewards()

    def _end_if_over(self) -> bool:
        if not self.game.is_over:
            return False
        winners = set(self.game.winners())
        for agent, seat in self._seat.items():
            self.rewards[agent] = 1 if seat in winners else -1
            self.terminations[agent] = True
        return True

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self._seat[agent]
        vector = self.encoding.observe(self.game, seat)
        if not self.game.is_over and self.game.current_player == seat:
            mask = self.encoding.mask(self.game)
        else:
            mask = [0] * self.encoding.action_size
        return {"observation": np.asarray(vector, dtype=np.float32), "action_mask": np.asarray(mask, dtype=np.int8)}

    # -- reading the actions -------------------------------------------------------------------------
    def moves(self) -> Dict[int, Any]:
        """The kit's move of every action legal now, by action number."""
        return self.encoding.legal(self.game)

    def action(self, move) -> int:
        """The action number of ``move`` (a legal move of the player to act)."""
        if not self.game.is_legal(move):
            raise EncodingError(f"{move!r} is not a legal move here")
        return self.encoding.encode(self.game, move)

    # -- pictures ----------------------------------------------------------------------------------
    def render(self) -> Optional[str]:
        """The position as text (``render_mode="ansi"``) or as SVG (``"svg"``); ``"human"`` prints
        the text (None without a mode, or printed)."""
        if self.render_mode == "svg":
            return self.game._repr_svg_()
        if self.render_mode == "ansi":
            return str(self.game)
        if self.render_mode == "human":
            print(self.game)
        return None

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return f"{self.game_spec.title} ({self.game.players} players)"
