"""The rule reference: every rule with its picture cell and tag, kit rulings marked (and only
they), links that lead somewhere, and a glossary that validates."""

import json
import re
from pathlib import Path

import pytest

from savannah_kit.core.errors import DataError
from savannah_kit.core.rules_index import rules_for
from savannah_kit.teach import reference
from savannah_kit.teach.reference import badge, check_glossary, load_glossary, ruling

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "reference" / "forest_rules.ipynb"
GLOSSARY = ROOT / "savannah_kit" / "forest" / "glossary.json"
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def cells():
    return json.loads(NOTEBOOK.read_text("utf-8"))["cells"]


def source(cell):
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def rule_text(rule_id):
    found = [source(c) for c in cells() if c["cell_type"] == "markdown" and
             source(c).startswith(f"### `{rule_id}`\n")]
    assert len(found) == 1, f"{rule_id}: {len(found)} text cells"
    return found[0]


@pytest.mark.parametrize("r", rules_for("forest"), ids=lambda r: r.id)
def test_every_rule_has_its_text_and_a_tagged_cell_that_draws_its_picture(r):
    text = rule_text(r.id)
    assert f"> {r.text}" in text and "**Picture:**" in text
    tagged = [c for c in cells() if f"rule:{r.id}" in c.get("metadata", {}).get("tags", [])]
    assert len(tagged) == 1 and tagged[0]["cell_type"] == "code"
    assert source(tagged[0]) == f'rule_picture(rule_id="{r.id}")'
    kinds = {k for o in tagged[0].get("outputs", []) for k in o.get("data", {})}
    assert {"image/png", "image/svg+xml"} <= kinds, "the picture is stored (run scripts/execute_notebooks.py)"


@pytest.mark.parametrize("r", rules_for("forest"), ids=lambda r: r.id)
def test_kit_rulings_carry_the_badge_and_other_rules_do_not(r):
    text = rule_text(r.id)
    code = ruling(r)
    if code:
        assert badge(code) in text
    else:
        assert "⚖" not in text and "Kit ruling" not in text


def test_the_badge_is_explained_once_at_the_top():
    intro = source(cells()[0])
    assert reference.RULING_NOTE in intro
    assert sum(reference.RULING_NOTE in source(c) for c in cells()) == 1
    assert ruling(next(r for r in rules_for("forest") if r.id == "forest.place.forced")) == "K13"
    assert ruling(next(r for r in rules_for("forest") if r.id == "forest.path.food-order")) == "D2"


def test_every_link_leads_to_a_file_that_exists():
    links = [m for c in cells() if c["cell_type"] == "markdown" for m in LINK.findall(source(c))]
    assert any("../forest/" in link for link in links)
    missing = [link for link in links if not (NOTEBOOK.parent / link).resolve().is_file()]
    assert missing == []


def test_the_reference_ends_with_the_glossary_and_the_way_back_to_the_lessons():
    last, glossary = source(cells()[-1]), source(cells()[-2])
    assert last.startswith("## Back to the lessons") and "../00_start_here.ipynb" in last
    lesson_files = sorted(p.name for p in (ROOT / "notebooks" / "forest").glob("[0-9]*.ipynb"))
    assert all(f"../forest/{name}" in last for name in lesson_files)
    assert glossary.startswith("## Glossary")
    assert all(f"**{t.term}**" in glossary for t in load_glossary("forest"))


def test_the_rules_follow_the_topics_in_order():
    from savannah_kit.forest.puzzles import TOPICS

    headings = [source(c)[3:] for c in cells() if c["cell_type"] == "markdown" and source(c).startswith("## ")]
    topics = [title for _, title in TOPICS]
    assert headings[:len(topics)] == topics


def test_every_rule_gets_a_picture_even_with_no_exercises(monkeypatch):
    monkeypatch.setattr(reference, "exercises", lambda game: {})
    for r in rules_for("forest")[::5]:
        ex, caption = reference.picture_source(r.id)
        assert ex is None and caption
        pic = reference.rule_picture(r.id)
        assert pic.scene.shapes and "image/png" in pic._repr_mimebundle_()


def test_a_rule_with_an_exercise_shows_its_starting_picture_not_its_answer():
    from savannah_kit.teach.exercise import exercises

    found = exercises("forest")
    if not found:
        pytest.skip("no forest exercises yet")
    ex = next(iter(found.values()))
    shown, caption = reference.picture_source(ex.rules[0])
    first = next(e for e in found.values() if ex.rules[0] in e.rules)
    assert shown is first and first.id in caption
    assert reference.rule_picture(ex.rules[0]).scene.shapes == first.picture(first.position()).shapes


# -- the glossary ---------------------------------------------------------------------------------------

def test_the_glossary_file_validates():
    terms = load_glossary("forest")
    known = {r.id for r in rules_for("forest")}
    assert len(terms) >= 20
    assert all(t.term.strip() and t.meaning.strip() and t.rules for t in terms)
    assert all(rid in known for t in terms for rid in t.rules)


def test_the_glossary_has_the_game_words():
    words = {t.term for t in load_glossary("forest")}
    for word in ("den", "path", "segment", "dead end", "food corner", "storage", "lair token", "water drop",
                 "market", "advisor", "rabbit", "rooster", "armadillo", "goat", "first-player pawn",
                 "forced placement", "clean-up", "forest", "cell", "rotation", "turn"):
        assert word in words


def _glossary(**change):
    data = json.loads(GLOSSARY.read_text("utf-8"))
    data["terms"][0].update(change)
    return data


@pytest.mark.parametrize("change, field", [
    ({"rules": ["forest.no.such-rule"]}, "glossary.terms[0].rules[0]"),
    ({"rules": ["tails.move.bonus-movement"]}, "glossary.terms[0].rules[0]"),
    ({"term": "  "}, "glossary.terms[0].term"),
    ({"meaning": ""}, "glossary.terms[0].meaning"),
    ({"rules": []}, "glossary.terms[0].rules"),
    ({"term": "Cell"}, "glossary.terms[1].term"),
])
def test_a_broken_glossary_is_refused_naming_the_field(change, field):
    with pytest.raises(DataError) as err:
        check_glossary(_glossary(**change), "forest")
    assert err.value.field == field


def test_a_glossary_of_another_game_or_shape_is_refused():
    with pytest.raises(DataError):
        check_glossary(json.loads(GLOSSARY.read_text("utf-8")), "tails")
    with pytest.raises(DataError):
        check_glossary({"game": "forest", "terms": []}, "forest")
