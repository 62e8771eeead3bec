"""The rule index: every rule id the engines cite, with a one-line text.

The ids and texts live in the package data file ``rules.json``; ``RULES.md`` in
the design notes is the same list for people. Ids are stable: a rule is never
renamed, only withdrawn. A rule's text is the kit's default reading; where a game
declares an option that plays the rule another way (``core.spec.Option``, naming a
ruling the rule's section cites, or the rule itself), ``Rule.options`` finds it and
``Rule.entry`` adds what it changes, from that one declaration.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Collection, Dict, List, Optional, Tuple

from .errors import DataError, UnknownRuleError
from .registry import find, games

if TYPE_CHECKING:
    from .spec import Option

#: "game.part.name": the first part is a registered game's name
RULE_ID_PATTERN = re.compile(r"^([a-z][a-z0-9]*)\.[a-z0-9-]+(\.[a-z0-9-]+)+$")
#: how a rule's section cites a ruling: "kit ruling K6", "decision A3" ("decision data": the kit's card texts, K17)
_CITED = re.compile(r"\b(?:kit ruling (K\d+)|decision ([A-D]\d+)|decision (data))\b")


def ruling_label(part: str) -> Optional[str]:
    """The ruling label a part of a rule's section cites ("K6", "A3", "K17" for the kit's own card texts),
    or None for a part that names a rulebook section."""
    found = _CITED.search(part)
    if not found:
        return None
    return found.group(1) or found.group(2) or "K17"


@dataclass(frozen=True)
class Rule:
    id: str
    text: str
    section: str

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]

    def __str__(self) -> str:
        return f"{self.id}: {self.text}"

    @property
    def rulings(self) -> Tuple[str, ...]:
        """The labels of the rulings the rule rests on ("K8", "A6"), in the order its section cites them."""
        return tuple(dict.fromkeys(filter(None, map(ruling_label, self.section.split(";")))))

    @property
    def options(self) -> Tuple["Option", ...]:
        """The options of the rule's game that play it another way: those making one of its rulings
        optional, or naming the rule itself (``core.spec.Option.ruling``, ``Option.rules``)."""
        spec = find(self.game)
        return tuple(o for o in (spec.options if spec else ()) if o.ruling == self.id or o.ruling in self.rulings
                     or self.id in o.rules)

    @property
    def entry(self) -> str:
        """The rule's text, then for each option that changes it what the option does: "Option `porcupine`
        ('anywhere' (default), 'card-lane'): ..."."""
        return " ".join([self.text] + [f"Option `{o.name}` ({o.shown()}): {o.sentence}" for o in self.options])


def _load(known: Optional[Collection[str]] = None, any_game: bool = False) -> Dict[str, Rule]:
    """The index, checked row by row; ``known`` are the game names an id may start with
    (default: the registered games). ``any_game`` skips that check: at import, since the
    games import this module (``unregistered_rules`` checks them afterwards)."""
    raw = json.loads(resources.files(__package__).joinpath("rules.json").read_text("utf-8"))
    rules: Dict[str, Rule] = {}
    if known is None and not any_game:
        known = games()
    for i, row in enumerate(raw["rules"]):
        rid = row.get("id", "")
        found = RULE_ID_PATTERN.match(rid)
        if not found or (not any_game and found.group(1) not in known):
            games_named = "" if any_game else f" ({', '.join(known)})"
            raise DataError(f"rules[{i}].id", f"{rid!r} is not a rule id like 'forest.place.adjacent' of a "
                            f"registered game{games_named}")
        if rid in rules:
            raise DataError(f"rules[{i}].id", f"{rid!r} appears twice")
        for key in ("text", "section"):
            if not isinstance(row.get(key), str) or not row[key].strip():
                raise DataError(f"rules[{i}].{key}", f"missing for {rid!r}")
        rules[rid] = Rule(rid, row["text"], row["section"])
    return rules


RULES = _load(any_game=True)


def unregistered_rules() -> List[str]:
    """The ids whose first part is no registered game's name (none, in a sound index)."""
    known = games()
    return [rid for rid in RULES if rid.split(".", 1)[0] not in known]


def rule(rule_id: str) -> Rule:
    """The rule with this id; raises ``UnknownRuleError`` (with a suggestion) otherwise."""
    try:
        return RULES[rule_id]
    except (KeyError, TypeError):
        close = difflib.get_close_matches(str(rule_id), list(RULES), n=1)
        raise UnknownRuleError(rule_id, close[0] if close else "") from None


def check(rule_id: str) -> str:
    """Return ``rule_id`` unchanged if it exists, else raise ``UnknownRuleError``."""
    rule(rule_id)
    return rule_id


def rules_for(game: str) -> List[Rule]:
    """Every rule of one registered game (``"forest"``), in index order."""
    if not isinstance(game, str) or game not in games():
        raise UnknownRuleError(f"{game}.*")
    return [r for r in RULES.values() if r.game == game]
