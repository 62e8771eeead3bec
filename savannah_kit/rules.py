"""``python -m savannah_kit.rules``: the rule index and its coverage from the command line.

The same as ``savannah-kit rules``; the code lives in ``rules_cli``.
"""

from .rules_cli import coverage, exercise_rules, main

__all__ = ["main", "coverage", "exercise_rules"]

if __name__ == "__main__":
    raise SystemExit(main())
