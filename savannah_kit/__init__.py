"""savannah_kit: learn, teach and study three tabletop games in Jupyter.

The games live in ``savannah_kit.tails`` (Savannah Tails), ``savannah_kit.circle``
(Circle of Life: on the Savannah) and ``savannah_kit.forest`` (Savernake Forest).
Each exposes ``new_game(players=..., seed=..., **options)`` returning a game that
follows the common protocol in ``savannah_kit.core.game``, and declares its ``SPEC``
(``savannah_kit.core.spec``: what the rest of the kit needs about it);
``savannah_kit.core.registry`` lists them.
"""

__version__ = "0.1.0"
