"""Write the route sets shipped for the named Savannah Tails courses (``tails.stored_routes``).

    python -m savannah_kit.dev.route_files

Run it after a change to how routes are searched or to a named course: the tests
compare the shipped files with what this writes, and fail until it has run.
"""

from __future__ import annotations

from ..tails import stored_routes
from ..tails.data import COURSES
from ..tails.track import Track, named_course


def main() -> int:
    """Search every question of every named course and store the answers."""
    for name in sorted(COURSES):
        data = stored_routes.encode(Track(named_course(name), stored=False))
        stored_routes.path_for(name).write_bytes(data)
        print(f"{stored_routes.path_for(name).name}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
