"""Draw the README's board pictures with the kit's own renderer.

    .venv/bin/python scripts/readme_pictures.py          rewrite docs/*.svg
    .venv/bin/python scripts/readme_pictures.py --check  exit 1 if a picture is out of date
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def forest_midgame() -> str:
    from savannah_kit import forest
    from savannah_kit.core.bots import GreedyBot

    game = forest.new_game(players=2, seed=7)
    bots = [GreedyBot(1), GreedyBot(2)]
    for _ in range(24):
        game.play(bots[game.current_player].choose(game))
    return game.to_svg()


PICTURES = {"docs/forest_board.svg": forest_midgame}


def main(argv) -> int:
    stale = []
    for rel, draw in PICTURES.items():
        path = ROOT / rel
        svg = draw() + "\n"
        if "--check" in argv:
            if not path.is_file() or path.read_text("utf-8") != svg:
                stale.append(rel)
        else:
            path.write_text(svg, "utf-8")
            print("wrote", rel)
    if stale:
        print("out of date (run scripts/readme_pictures.py):", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
