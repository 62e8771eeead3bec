"""A class's room: its tables, their seats and seat tokens, turn order and the teacher's actions.

Pure Python (no web, no Jupyter): the server calls it, the store keeps it. A student joins
with the room's join code and a first name and gets a seat token, a secret that plays that
seat only; the teacher's actions need the teacher secret. Every refusal is a ``RoomError``
naming the field or the rule, raised before anything changes.

Moves are played on a table's game by the seat's board (``views``), the same board code the
notebooks run; ``commit`` then writes the new moves to the store before anything is
acknowledged, and ``run_bots`` plays the seats given to bots, seeded by the position so the
same game always gets the same bot moves.
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from dataclasses import asdict, dataclass
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from ..core.bots import bots_for, make_bot
from ..core.ratings import LEVELS, bot_of
from ..core.registry import game as game_spec
from .store import Store

#: join codes avoid letters and digits that read alike (0/O, 1/I/L)
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
NAME_LENGTH = 24
#: a reset table gets a seed this far on, so that no two tables of a room deal alike
RESET_SEED_STEP = 1000


class RoomError(ValueError):
    """A refused request: ``field`` names the field or rule it is about, ``reason`` says why."""

    def __init__(self, field: str, reason: str):
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


@dataclass
class Seat:
    """One seat of a table: the student's first name and token (empty: free), and the bot
    playing it (empty: none). A token with a bot is a student away: the bot plays until they
    come back."""

    index: int
    name: str = ""
    token: str = ""
    bot: str = ""


@dataclass
class Table:
    number: int
    game: object
    seats: List[Seat]
    paused: bool = False
    takeover: str = ""      # the bot (or level) that plays a seat left empty long enough; "": none
    recorded: int = 0       # moves of the game written to the store

    def row(self) -> dict:
        return dict(number=self.number, save=self.game.to_json(), paused=self.paused, takeover=self.takeover,
                    seats=[asdict(s) for s in self.seats])

    @property
    def to_move(self) -> Optional[Seat]:
        g = self.game
        return None if g.is_over or g.current_player is None else self.seats[g.current_player]


def clean_name(name) -> str:
    """A student's first name as typed, checked: text, 1 to ``NAME_LENGTH`` characters, no
    control characters. It is shown as text everywhere, so ``<script>`` is a fine name."""
    if not isinstance(name, str):
        raise RoomError("name", "a first name is text")
    name = " ".join(name.split())
    if not name:
        raise RoomError("name", "type your first name")
    if len(name) > NAME_LENGTH:
        raise RoomError("name", f"a first name has at most {NAME_LENGTH} characters")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise RoomError("name", "a first name holds no control characters")
    return name


class Room:
    """The tables of one class (see the module docstring). A room is opened on a store: a store
    that holds a room gives it back exactly (``settings`` must then name the same game)."""

    def __init__(self, game: str, store: Store, *, tables: int = 1, players: int = 4, bots: Sequence[str] = (),
                 seed: int = 1):
        self.spec = game_spec(game)
        self.store = store
        known = store.settings()
        if known is not None:
            if known["game"] != self.spec.name:
                raise RoomError("db", f"this database holds a {known['game']} room, not {self.spec.name}")
            self.settings = known
            self.tables = {t["number"]: self._restore(t) for t in store.tables()}
        else:
            self._check_new(tables, players, bots)
            self.settings = dict(game=self.spec.name, code="".join(secrets.choice(CODE_LETTERS)
                                                                    for _ in range(CODE_LENGTH)),
                                 secret=secrets.token_urlsafe(18), players=players, created=time.time())
            self.tables = {}
            for n in range(1, tables + 1):
                seats = [Seat(i) for i in range(players)]
                for seat, kind in zip(seats[players - len(bots):], bots):
                    seat.bot = kind
                self.tables[n] = Table(n, self.spec.new_game(players=players, seed=seed + n - 1), seats)
            store.create(self.settings, [t.row() for t in self.tables.values()])
        self.tokens: Dict[str, Tuple[int, int]] = {}
        for t in self.tables.values():
            for s in t.seats:
                if s.token:
                    self.tokens[s.token] = (t.number, s.index)

    def _check_new(self, tables: int, players: int, bots: Sequence[str]) -> None:
        if not isinstance(tables, int) or not 1 <= tables <= 60:
            raise RoomError("tables", "a room has 1 to 60 tables")
        if players not in self.spec.players:
            counts = ", ".join(map(str, self.spec.players))
            raise RoomError("players", f"{self.spec.title} is played by {counts} players")
        if len(bots) >= players:
            raise RoomError("bots", "at least one seat of each table must be left to a student")
        for kind in bots:
            self.check_bot(kind)

    def check_bot(self, kind) -> str:
        """A bot's name, or a level (easy, medium, hard: the bots' rating table says which bot)."""
        known = bots_for(self.spec.name)
        if not isinstance(kind, str) or (kind not in known and kind not in LEVELS):
            raise RoomError("bot", f"unknown bot {str(kind)[:40]!r}; choose a level ({', '.join(LEVELS)}) "
                                   f"or a bot ({', '.join(sorted(known))})")
        return kind

    def levels(self) -> Dict[str, str]:
        """The bot of each level in this game (``core.ratings``)."""
        return {level: bot_of(level, self.spec.name) for level in LEVELS}

    def bot_names(self) -> List[str]:
        return sorted(bots_for(self.spec.name))

    def _restore(self, row: dict) -> Table:
        game = self.spec.from_json(row["save"])
        seats = [Seat(s["index"], s["name"], s["token"], s["bot"]) for s in row["seats"]]
        takeover = row["takeover"]
        if not isinstance(takeover, str):  # a room stored before take-over had a level: a yes or no
            takeover = self.spec.bots.greedy if takeover else ""
        return Table(row["number"], game, seats, row["paused"], takeover, recorded=len(game.history))

    # -- who is who --------------------------------------------------------------------------
    @property
    def code(self) -> str:
        return self.settings["code"]

    @property
    def secret(self) -> str:
        return self.settings["secret"]

    def table(self, number) -> Table:
        if isinstance(number, bool) or not isinstance(number, int) or number not in self.tables:
            raise RoomError("table", f"there is no table {number!r} (tables 1 to {len(self.tables)})")
        return self.tables[number]

    def seat(self, table: Table, index) -> Seat:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(table.seats):
            raise RoomError("seat", f"table {table.number} has seats 0 to {len(table.seats) - 1}, not {index!r}")
        return table.seats[index]

    def seat_of(self, token) -> Tuple[Table, Seat]:
        """The table and seat a token plays; a token that is not, or no longer, a seat's is refused."""
        if not isinstance(token, str) or token not in self.tokens:
            raise RoomError("token", "this seat token is not valid here (the seat was freed, or the room is "
                                     "another): join again with the code")
        number, index = self.tokens[token]
        return self.tables[number], self.tables[number].seats[index]

    def check_teacher(self, secret) -> None:
        if not isinstance(secret, str) or not secrets.compare_digest(secret, self.secret):
            raise RoomError("secret", "only the teacher's link can do this")

    def join(self, code, name, table=None) -> Tuple[Table, Seat]:
        """Give a student the first free seat (at ``table`` if given): a new token."""
        if not isinstance(code, str) or code.strip().upper() != self.code:
            raise RoomError("code", "this is not the room's join code (it is on the projector)")
        name = clean_name(name)
        choices = [self.table(table)] if table is not None else list(self.tables.values())
        for t in choices:
            for s in t.seats:
                if not s.token and not s.bot:
                    s.name, s.token = name, secrets.token_urlsafe(18)
                    self._save_table(t)
                    self.tokens[s.token] = (t.number, s.index)
                    return t, s
        where = f"table {table}" if table is not None else "any table"
        raise RoomError("table", f"there is no free seat at {where}: ask the teacher")

    # -- playing -------------------------------------------------------------------------------
    def check_turn(self, table: Table, seat: Seat) -> None:
        """Refuse a move from ``seat`` unless it may move now (naming the game's rule)."""
        g = table.game
        if table.paused:
            raise RoomError("paused", "the teacher paused this table: wait")
        if g.is_over:
            raise RoomError(g.end_rule, "the game is over")
        mover = table.to_move
        if mover.index != seat.index:
            raise RoomError(g.turn_rule, f"it is {self.who(table, mover)}'s turn, not yours")
        if seat.bot:
            raise RoomError("seat", "a bot plays this seat now")

    def who(self, table: Table, seat: Seat) -> str:
        """A seat in words: "Blue (Ana)", "Red (greedy bot)", "Green (free seat)"."""
        g = table.game
        colour = g.player_name(seat.index) if hasattr(g, "player_name") else g.who(seat.index)
        person = f"{seat.bot} bot" if seat.bot else seat.name or "free seat"
        return f"{colour} ({person})"

    def commit(self, table: Table, seat: Optional[int]) -> int:
        """Write the moves played on the table's game since the last commit, made by ``seat``;
        returns how many. If the store fails, the moves are taken back and the error raised."""
        g = table.game
        new = g.history[table.recorded:]
        if not new:
            return 0
        try:
            self.store.moves(table.number, table.recorded, [(seat, m.to_data()) for m in new], g.to_json())
        except BaseException:
            for _ in new:
                g.undo()
            raise
        table.recorded = len(g.history)
        return len(new)

    def run_bots(self, table: Table) -> int:
        """Let the bots of the table play until a student is to move; returns their moves."""
        played = 0
        while not table.paused and table.to_move is not None and table.to_move.bot:
            seat = table.to_move
            g = table.game
            move = make_bot(seat.bot, (g.seed * 4099 + len(g.history)) * 8 + seat.index, g.name).choose(g)
            g.play(move)
            played += self.commit(table, seat.index)
        return played

    # -- the teacher's actions ----------------------------------------------------------------------
    def pause(self, table: Table, paused: bool) -> None:
        table.paused = bool(paused)
        self._save_table(table)

    def set_takeover(self, table: Table, on: bool, bot: Optional[str] = None) -> None:
        """Seats left empty at ``table`` are played by ``bot`` (a level or a bot; default the
        game's greedy bot), or (``on`` False) by nobody."""
        table.takeover = self.check_bot(self.spec.bots.greedy if bot is None else bot) if on else ""
        self._save_table(table)

    def undo(self, table: Table) -> int:
        """Take back the last move a student made, and the bot moves after it; returns how many."""
        g = table.game
        humans = [n for n, mover in enumerate(table.game.movers()) if not table.seats[mover].bot]
        if not humans:
            raise RoomError(g.turn_rule, "nothing to undo: no student has moved at this table yet")
        taken = len(g.history) - humans[-1]
        for _ in range(taken):
            g.undo()
        self.store.rewind(table.number, len(g.history), g.to_json())
        table.recorded = len(g.history)
        return taken

    def reset(self, table: Table) -> None:
        """A new game at the table (the next seed), same seats."""
        g = table.game
        g.reset(g.seed + RESET_SEED_STEP)
        self.store.rewind(table.number, 0, g.to_json())
        table.recorded = 0

    def give_to_bot(self, table: Table, seat: Seat, kind: str) -> None:
        """A bot plays the seat from now on; its student's token no longer plays it."""
        self.check_bot(kind)
        self._forget(seat)
        seat.name, seat.bot = "", kind
        self._save_table(table)

    def free(self, table: Table, seat: Seat) -> None:
        """Nobody plays the seat: a student may join it (the old token no longer plays it)."""
        self._forget(seat)
        seat.name, seat.bot = "", ""
        self._save_table(table)

    def _forget(self, seat: Seat) -> None:
        self.tokens.pop(seat.token, None)
        seat.token = ""

    def come_back(self, table: Table, seat: Seat) -> bool:
        """The student of a seat a bot took over is back: they play it again. True if so."""
        if seat.token and seat.bot:
            seat.bot = ""
            self._save_table(table)
            return True
        return False

    def take_over(self, away: Iterable[Tuple[int, int]]) -> List[Table]:
        """The seats in ``away`` (table, seat) have been empty too long: at tables where the
        teacher allows it, the bot the teacher chose plays them until their student comes back.
        Returns the tables changed."""
        changed = []
        for number, index in away:
            table = self.tables.get(number)
            if table is None or not table.takeover:
                continue
            seat = table.seats[index]
            if seat.token and not seat.bot:
                seat.bot = table.takeover
                self._save_table(table)
                changed.append(table)
        return changed

    def _save_table(self, table: Table) -> None:
        self.store.table(table.row())

    def saves(self) -> Dict[str, str]:
        """Every table's save file (the games' own format), by file name."""
        return {f"{self.spec.name}-table-{n}.json": t.game.to_json() for n, t in self.tables.items()}
