"""The start notebook reads well before anything runs (an untrusted notebook shows its stored
outputs' plain text: sentences, never widget reprs) and its checklist follows its own advice."""

import json
import re
from pathlib import Path

from savannah_kit.core import registry
from savannah_kit.teach.checklist import checklist

START = Path(__file__).resolve().parents[2] / "notebooks" / "00_start_here.ipynb"
REPRS = re.compile(r"\b(Label|Button|VBox|HBox|Output|HTML)\(|object at 0x")


def _cells():
    return json.loads(START.read_text("utf-8"))["cells"]


def _plain(cell) -> str:
    out = []
    for o in cell.get("outputs", []):
        out.append("".join(o.get("data", {}).get("text/plain", "")) + "".join(o.get("text", "")))
    return "".join(out)


def test_the_stored_outputs_read_as_sentences_before_widgets_run():
    plain = [_plain(c) for c in _cells() if c["cell_type"] == "code"]
    assert any("Click the green card." in p for p in plain), "the demo's line is stored as words"
    bad = [p for p in plain if REPRS.search(p)]
    assert bad == [], bad


def test_the_checklist_lists_the_games_in_the_order_the_advice_gives():
    cells = _cells()
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    folders = re.findall(r"^\| `(\w+)/` \|", text, re.M)
    advised = [f for f in folders if f in registry.games()]
    first = re.search(r"Start with \[[^\]]+\]\(([^)]+)\)", text).group(1)
    stored = next(_plain(c) for c in cells if "checklist(" in "".join(c["source"]))
    titles = [registry.game(g).title for g in advised]
    assert [t for t in re.findall(r"^(.+): \d+ of \d+ exercises solved$", stored, re.M)] == titles
    assert first.startswith(advised[0] + "/")
    assert first in "".join("".join(o.get("data", {}).get("text/markdown", "")) for c in cells
                            for o in c.get("outputs", []))


def test_the_checklist_in_markdown_has_one_bullet_a_line(tmp_path):
    folder = tmp_path / "notebooks"
    (folder / "forest").mkdir(parents=True)
    nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# Play\n"},
                    {"cell_type": "code", "metadata": {"tags": ["exercise:forest.a"]}, "source": ""}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (folder / "forest" / "01_play.ipynb").write_text(json.dumps(nb))
    assert checklist(folder)._repr_markdown_().splitlines()[1] == "- [Play](forest/01_play.ipynb) — 0/1 exercises"
