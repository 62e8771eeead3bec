"""The room kept in SQLite (standard library): the room's settings, each table's save file,
its seats with their tokens, and a journal of every accepted move.

A move is written, with the table's new save file, in one transaction before the server
acknowledges it; a server killed and started again on the same file resumes every table
exactly (same positions, seats and tokens). The journal's key (table, move number) makes a
move recorded twice fail instead of being kept twice.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

SCHEMA = """
CREATE TABLE IF NOT EXISTS room (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (number INTEGER PRIMARY KEY, save TEXT NOT NULL, paused INTEGER NOT NULL,
                                   takeover NOT NULL);
CREATE TABLE IF NOT EXISTS seats (tbl INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
                                  token TEXT NOT NULL, bot TEXT NOT NULL, PRIMARY KEY (tbl, seat));
CREATE TABLE IF NOT EXISTS moves (tbl INTEGER NOT NULL, n INTEGER NOT NULL, seat INTEGER, move TEXT NOT NULL,
                                  PRIMARY KEY (tbl, n));
"""


class Store:
    """One room's database file (``":memory:"`` for a room that forgets)."""

    def __init__(self, path):
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")  # a move acknowledged is on disk
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def _write(self, statements: Sequence[tuple]) -> None:
        """Run ``(sql, args)`` statements in one transaction: all of them are kept, or none."""
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                cur.execute(sql, args)
        except BaseException:
            cur.execute("ROLLBACK")
            raise
        cur.execute("COMMIT")

    # -- reading ---------------------------------------------------------------------------
    def settings(self) -> Optional[Dict[str, Any]]:
        """The room's settings (game, code, secret, players...), None for a new file."""
        rows = self.db.execute("SELECT key, value FROM room").fetchall()
        return {k: json.loads(v) for k, v in rows} or None

    def tables(self) -> List[dict]:
        """Every table: number, save, paused, takeover (the bot playing a seat left empty, "" for
        none; 0 or 1 in a room stored by an older kit), and its seats (index, name, token, bot)."""
        out = []
        for number, save, paused, takeover in self.db.execute(
                "SELECT number, save, paused, takeover FROM tables ORDER BY number"):
            seats = [dict(index=s, name=n, token=t, bot=b) for s, n, t, b in self.db.execute(
                "SELECT seat, name, token, bot FROM seats WHERE tbl=? ORDER BY seat", (number,))]
            out.append(dict(number=number, save=save, paused=bool(paused), takeover=takeover, seats=seats))
        return out

    def journal(self, table: int) -> List[dict]:
        """The accepted moves of a table, in order, as save files write them."""
        return [json.loads(m) for (m,) in self.db.execute("SELECT move FROM moves WHERE tbl=? ORDER BY n", (table,))]

    def dump(self) -> Dict[str, Any]:
        """Everything stored, as plain data (for comparing the room before and after)."""
        return {"settings": self.settings(), "tables": self.tables(),
                "moves": self.db.execute("SELECT tbl, n, seat, move FROM moves ORDER BY tbl, n").fetchall()}

    # -- writing ---------------------------------------------------------------------------
    def create(self, settings: Dict[str, Any], tables: Sequence[dict]) -> None:
        """Write a new room: its settings and tables (as ``tables()`` returns them)."""
        statements = [("INSERT INTO room VALUES (?, ?)", (k, json.dumps(v))) for k, v in settings.items()]
        for t in tables:
            statements += self._table_rows(t)
        self._write(statements)

    @staticmethod
    def _table_rows(t: dict) -> List[tuple]:
        rows = [("INSERT OR REPLACE INTO tables VALUES (?, ?, ?, ?)",
                 (t["number"], t["save"], int(t["paused"]), t["takeover"]))]
        rows += [("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?, ?)",
                  (t["number"], s["index"], s["name"], s["token"], s["bot"])) for s in t["seats"]]
        return rows

    def moves(self, table: int, first: int, moves: Sequence[tuple], save: str) -> None:
        """Record moves number ``first``, ``first + 1``... of a table (each ``(seat, move data)``)
        with the table's new save file, in one transaction."""
        statements = [("INSERT INTO moves VALUES (?, ?, ?, ?)", (table, first + i, seat, json.dumps(data, sort_keys=True)))
                      for i, (seat, data) in enumerate(moves)]
        statements.append(("UPDATE tables SET save=? WHERE number=?", (save, table)))
        self._write(statements)

    def rewind(self, table: int, length: int, save: str) -> None:
        """A table went back to ``length`` moves (undo, reset): the journal and save follow."""
        self._write([("DELETE FROM moves WHERE tbl=? AND n>=?", (table, length)),
                     ("UPDATE tables SET save=? WHERE number=?", (save, table))])

    def table(self, t: dict) -> None:
        """Write a table's settings and seats (its journal is left as it is)."""
        self._write(self._table_rows(t))
