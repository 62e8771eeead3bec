"""The rule reference: every rule with its picture cell and tag, kit rulings marked (and only
they) and explained under the notebook's "Kit rulings" anchor, no design-note words, links that
lead somewhere, a glossary that validates, and for every rule of every game a picture that shows
the rule happening (the engine cites it) and is never an exercise's starting position."""

import functools
import json
import re
from pathlib import Path

import pytest

from savannah_kit.core.errors import DataError
from savannah_kit.core.rules_index import rules_for
from savannah_kit.core.svg import to_svg
from savannah_kit.teach import reference
from savannah_kit.teach.exercise import exercises
from savannah_kit.teach.reference import badge, check_glossary, load_glossary, ruling, ruling_labels
from savannah_kit.forest.rulings import RULINGS as FOREST_RULINGS

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
    assert "image/png" in kinds, "the picture is stored (run scripts/execute_notebooks.py)"


@pytest.mark.parametrize("r", rules_for("forest"), ids=lambda r: r.id)
def test_kit_rulings_carry_the_badge_and_other_rules_do_not(r):
    text = rule_text(r.id)
    labels = ruling_labels(r)
    if labels:
        assert badge(", ".join(labels)) in text
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


# -- the kit rulings, in every game's reference -----------------------------------------------------------------

GAMES = ("tails", "circle", "forest")
#: the letters of the ruling labels each game's reference may show (K: the kit's own; A, B, D: a reading)
LETTERS = {"tails": "KA", "circle": "KB", "forest": "KD"}
#: words of the kit's design notes that no learner reads
DESIGN_WORDS = ("GAMES.md", "RULES.md", "decision", "ASSUMPTION", "decision data", "rulebook leaves this open")


def markdown_of(game):
    nb = json.loads((ROOT / "notebooks" / "reference" / f"{game}_rules.ipynb").read_text("utf-8"))
    return [source(c) for c in nb["cells"] if c["cell_type"] == "markdown"]


@pytest.mark.parametrize("game", GAMES)
def test_the_reference_explains_every_ruling_it_shows_under_its_anchor(game):
    texts = markdown_of(game)
    (section,) = [t for t in texts if t.startswith(reference.ANCHOR)]
    assert "## Kit rulings" in section and "differently" in section
    defined = set(re.findall(r"^- \*\*([KABD]\d+) · ", section, re.M))
    shown = {m for t in texts for m in re.findall(rf"\b([{LETTERS[game]}]\d{{1,2}})\b", t)}
    assert shown <= defined, f"labels shown but not explained: {sorted(shown - defined)}"
    cited = {code for r in rules_for(game) for code in ruling_labels(r)}
    assert cited == defined
    for r in rules_for(game):
        for code in ruling_labels(r):
            assert f"`{r.id}`" in section.split(f"**{code} · ", 1)[1].split("\n- ", 1)[0]


@pytest.mark.parametrize("game", GAMES)
def test_no_learner_text_of_the_reference_names_the_design_notes(game):
    for text in markdown_of(game):
        for word in DESIGN_WORDS:
            assert word not in text, (word, text[:120])


def test_the_one_animal_ruling_says_what_the_rulebook_says():
    title, text = FOREST_RULINGS["D1"]
    assert "leaves" not in text and "open" not in text
    assert "says twice" in text and "never share a path" in text


def test_every_ruling_a_rule_cites_is_explained():
    for game in GAMES:
        assert reference.rulings_text(game).startswith(reference.ANCHOR)
    with pytest.raises(LookupError, match="no explanation"):
        saved = FOREST_RULINGS.pop("D9")
        try:
            reference.rulings_text("forest")
        finally:
            FOREST_RULINGS["D9"] = saved


# -- every rule's picture shows the rule happening, never an exercise's start ---------------------------------

ALL_RULES = [r for game in GAMES for r in rules_for(game)]


@functools.lru_cache(maxsize=None)
def exercise_starts(game):
    """Every exercise's and puzzle's starting position and starting picture (SVG) of ``game``."""
    found = list(exercises(game).values())
    module = reference.teacher_module(game)
    found += list(getattr(module, "PUZZLES", ()) if module else ())
    positions, pictures = {}, {}
    for ex in found:
        game_ = ex.position()
        positions[reference.position_key(game_)] = ex.id
        pictures[to_svg(ex.picture(game_))] = ex.id
    return positions, pictures


def starts_like_an_exercise(shown, game):
    """The exercise whose starting position or picture ``shown`` draws, or None."""
    positions, pictures = exercise_starts(game)
    for key in shown.positions:
        if key in positions:
            return positions[key]
    return pictures.get(to_svg(shown.scene))


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_has_a_picture_entry(game):
    module = reference.rule_pictures_module(game)
    assert set(module.PICTURES) == {r.id for r in rules_for(game)}


@pytest.mark.parametrize("r", ALL_RULES, ids=lambda r: r.id)
def test_each_rule_picture_shows_its_rule_and_is_no_exercise_start(r, tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path))
    entry = reference.rule_pictures_module(r.game).PICTURES[r.id]
    shown = reference.shown(r.id)
    assert shown.scene.shapes and shown.caption.strip() and shown.positions
    if entry["kind"] != "still":
        assert (entry.get("cite") or r.id) in shown.cites, "the engine cites the rule for what is drawn"
    assert "The engine:" in shown.caption or entry["kind"] == "still"
    assert starts_like_an_exercise(shown, r.game) is None
    assert not any(s.hit for s in shown.scene.shapes), "a reference picture is not clickable"


def test_a_picture_that_is_an_exercise_start_is_caught(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path))
    for game in GAMES:
        ex = next(iter(exercises(game).values()))
        start = ex.position()
        same_picture = reference.Shown(ex.picture(start), "a copy")
        same_position = reference.Shown(reference.panels([("", start.scene())]), "a copy",
                                        positions=(reference.position_key(start),))
        assert starts_like_an_exercise(same_picture, game) is not None
        assert starts_like_an_exercise(same_position, game) is not None  # this one, or one that starts alike


def test_how_many_rule_pictures_show_a_move_or_a_refusal():
    kinds = {}
    for game in GAMES:
        for entry in reference.rule_pictures_module(game).PICTURES.values():
            kinds[entry["kind"]] = kinds.get(entry["kind"], 0) + 1
    assert sum(kinds.values()) == len(ALL_RULES)
    assert kinds.get("still", 0) <= len(ALL_RULES) // 4, kinds
