"""Save files: a versioned JSON envelope holding the options, the seed and the
move history. Loading replays the moves through the checked ``play``, so a
tampered file cannot produce an impossible position. Never pickle, never eval.
"""

from __future__ import annotations

import json
import math
from typing import Any, Optional, Tuple

from . import debug
from .errors import IllegalMove, KitError, SaveFileError
from .fields import safe_repr

FORMAT_VERSION = 1
MAX_BYTES = 2_000_000
MAX_MOVES = 20_000
MAX_DEPTH = 32
MAX_DIGITS = 30  # no number in a save file needs more; Python refuses past 4,300 anyway
KEYS = {"game", "format_version", "options", "seed", "moves", "scenario"}


def dump(game) -> str:
    """The save-file text of ``game`` (deterministic: sorted keys)."""
    envelope = {
        "game": game.name,
        "format_version": FORMAT_VERSION,
        "options": dict(game.options),
        "seed": game.seed,
        "moves": [m.to_data() for m in game.history],
    }
    if game.scenario is not None:
        envelope["scenario"] = game.scenario
    return json.dumps(envelope, sort_keys=True, separators=(",", ":"))


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max([_depth(v, level + 1) for v in value.values()] or [level])
    if isinstance(value, list):
        return max([_depth(v, level + 1) for v in value] or [level])
    return level


def unsavable(options: Any, scenario: Any) -> Optional[Tuple[str, str]]:
    """``(field, reason)`` if options or a scenario could not be written to a save file that
    loads again (nested too deeply, an unreasonable number), else None: a game refuses
    such input up front rather than write a save file it cannot read."""
    for name, value in (("options", options), ("scenario", scenario)):
        if value is None:
            continue
        if _depth(value, 1) > MAX_DEPTH:  # the envelope is level 0, the options or scenario level 1
            return name, f"nested more than {MAX_DEPTH - 1} levels deep, which a save file cannot hold"
        huge = _find_huge(_as_parsed(value), name)
        if huge is not None:
            return huge
    return None


def _as_parsed(value: Any) -> Any:
    """``value`` with each number as the save-file reader would see it (too large: flagged)."""
    if isinstance(value, dict):
        return {k: _as_parsed(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_as_parsed(v) for v in value]
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return _parse_int(str(value))
    if isinstance(value, float):
        return _parse_float(repr(value))
    return value


def read_envelope(text, game_name: str) -> dict:
    """Parse and validate an envelope for ``game_name``; raises ``SaveFileError``."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise SaveFileError("", f"too large: {len(text)} bytes, at most {MAX_BYTES}")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveFileError("", f"not UTF-8 text ({exc.reason})") from None
    if not isinstance(text, str):
        raise SaveFileError("", f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise SaveFileError("", f"too large: {len(text)} characters, at most {MAX_BYTES}")
    try:
        data = json.loads(text, parse_constant=_reject_constant, parse_int=_parse_int, parse_float=_parse_float)
    except RecursionError:
        raise SaveFileError("", "nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise SaveFileError("", f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict):
        raise SaveFileError("", f"expected a JSON object, got {type(data).__name__}")
    if _depth(data) > MAX_DEPTH:
        raise SaveFileError("", f"nested more than {MAX_DEPTH} levels deep")
    huge = _find_huge(data, "")
    if huge is not None:
        raise SaveFileError(*huge)
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise SaveFileError(unknown[0], "unknown field")
    for key in ("game", "format_version", "options", "seed", "moves"):
        if key not in data:
            raise SaveFileError(key, "missing")
    if data["game"] != game_name:
        raise SaveFileError("game", f"this file is for {data['game']!r}, not {game_name!r}")
    version = data["format_version"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveFileError("format_version", f"must be an integer, not {version!r}")
    if version != FORMAT_VERSION:
        raise SaveFileError("format_version", f"version {version} is not supported (this kit reads {FORMAT_VERSION})")
    if not isinstance(data["options"], dict):
        raise SaveFileError("options", "must be an object")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SaveFileError("seed", f"must be an integer, not {seed!r}")
    if not isinstance(data["moves"], list):
        raise SaveFileError("moves", "must be a list")
    if len(data["moves"]) > MAX_MOVES:
        raise SaveFileError("moves", f"{len(data['moves'])} moves, at most {MAX_MOVES}")
    if "scenario" in data and not isinstance(data["scenario"], dict):
        raise SaveFileError("scenario", "must be an object")
    return data


def _reject_constant(name: str):
    raise SaveFileError("", f"{name} is not allowed in a save file")


class _HugeNumber(str):
    """Stands in for an unreasonable number until its field is known (the text says why)."""


def _parse_int(text: str):
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return _HugeNumber(f"a number of {digits} digits: numbers in a save file have at most {MAX_DIGITS}")
    return int(text)


def _parse_float(text: str):
    value = float(text) if len(text) <= MAX_DIGITS + 10 else math.inf
    if not math.isfinite(value):
        return _HugeNumber(f"the number {text[:20]} is too large for a save file")
    return value


def _find_huge(value: Any, where: str):
    """(field path, reason) of the first unreasonable number, or None."""
    if isinstance(value, _HugeNumber):
        return where, str(value)
    if isinstance(value, dict):
        for key, item in value.items():
            got = _find_huge(item, f"{where}.{key}" if where else key)
            if got:
                return got
    elif isinstance(value, list):
        for i, item in enumerate(value):
            got = _find_huge(item, f"{where}[{i}]")
            if got:
                return got
    return None


def load(cls, text):
    """Rebuild a game of class ``cls`` from save-file text, replaying every move."""
    data = read_envelope(text, cls.name)
    try:
        game = cls(seed=data["seed"], scenario=data.get("scenario"), **data["options"])
    except SaveFileError:
        raise
    except KitError as exc:
        field = getattr(exc, "field", "") or ""
        where = field if field.startswith(("scenario", "options", "seed")) else "options"
        raise SaveFileError(where, getattr(exc, "reason", str(exc))) from None
    except TypeError as exc:  # e.g. an option name that is not text
        raise SaveFileError("options", str(exc)) from None
    for i, raw in enumerate(data["moves"]):
        where = f"moves[{i}]"
        try:
            move = cls.move_from_data(raw)
        except SaveFileError as exc:  # the field is relative to the move
            raise SaveFileError(f"{where}.{exc.field}" if exc.field else where, exc.reason) from None
        except KitError as exc:
            raise SaveFileError(where, getattr(exc, "reason", str(exc))) from None
        except Exception as exc:  # a gap in a game's move reader: still a named error
            if debug.RAISE_INTERNAL_ERRORS:
                raise
            raise SaveFileError(where, f"not a move: {safe_repr(raw)} ({type(exc).__name__})") from None
        try:
            game.play(move)
        except IllegalMove as exc:
            raise SaveFileError(where, f"illegal at this point: {exc}") from None
    return game
