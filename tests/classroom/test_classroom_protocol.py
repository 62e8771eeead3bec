"""The classroom server's protocol, driven over real websockets on loopback: every refusal
names its field or rule and changes nothing stored; hands stay private; reconnects keep the
seat; a seat left empty is taken over where the teacher allows it."""

import asyncio
import json
import random
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from savannah_kit.classroom import server as server_module
from savannah_kit.classroom.load import Client
from savannah_kit.core.registry import game as game_spec

from classroom_helpers import latest, play_until_moved, run, seated, teach, teacher

PAGES = Path(server_module.__file__).parent / "pages"


async def refused(c, message, field):
    """Send ``message`` (text or data); the next error must name ``field``. Returns its reason."""
    mark = len(c.messages)
    await c.send(message)
    error = c.messages[await c.find(lambda m: m["type"] == "error", mark)]
    assert error["field"] == field, error
    assert error["text"] == f"{field}: {error['reason']}" and error["reason"]
    return error["reason"]


def test_refusals_name_their_field_and_change_nothing(start_server):
    server = start_server("circle")

    async def main():
        a, b = await seated(server, "Ana", "Ben")
        t = await teacher(server)
        mover, other = (a, b) if latest(a)["yours"] else (b, a)
        before = server.dump()
        hit = latest(mover)["targets"][0]
        # the teacher's actions need the teacher's secret
        await refused(a, dict(type="teacher", secret="guess", action="reset", table=1), "secret")
        await refused(a, dict(type="teacher", action="pause", table=1), "secret")
        await refused(a, dict(type="hello", role="teacher", secret=server.secret[:-1]), "secret")
        await refused(t, dict(type="teacher", secret=server.secret, action="explode", table=1), "action")
        await refused(t, dict(type="teacher", secret=server.secret, action="pause", table=7), "table")
        await refused(t, dict(type="teacher", secret=server.secret, action="bot", table=1, seat=0, bot="x"), "bot")
        # a forged token, a move for another seat, a move out of turn, a click that is no click
        await refused(mover, dict(type="click", token="forged" + mover.token[6:], hit=hit), "token")
        await refused(mover, dict(type="click", token=mover.token, hit=hit, seat=latest(other)["seat"]), "seat")
        await refused(mover, dict(type="click", token=mover.token, hit=hit, table=2), "seat")
        await refused(other, dict(type="click", token=other.token, hit=hit), game_spec("circle").game.turn_rule)
        await refused(mover, dict(type="click", token=mover.token, x="left", y=3), "x")
        await refused(mover, dict(type="click", token=mover.token, hit="card:nothing"), "hit")
        await refused(other, dict(type="click", token=mover.token, hit=hit), "token")  # another browser's token
        # malformed messages
        await refused(a, "{not json", "message")
        await refused(a, "[1, 2]", "type")
        await refused(a, json.dumps({"type": "dance"}), "type")
        await refused(a, json.dumps({"type": "click", "token": "x" * 5000}), "message")
        await refused(a, dict(type="join", code=server.code, name=""), "name")
        await refused(a, dict(type="join", code="NOPE", name="Cy"), "code")
        assert server.dump() == before
        # the same click from its seat is played
        mark = len(mover.messages)
        await mover.send(dict(type="click", token=mover.token, hit=hit))
        answer = mover.messages[await mover.find(lambda m: m["type"] in ("view", "error"), mark)]
        assert answer["type"] == "view"  # the board's own answer: a move, a choice, or its refusal with the rule
        assert answer["status"]["kind"] != "refused" or " Rule circle." in answer["status"]["text"]
        for c in (a, b, t):
            c.close()

    run(main())


def test_a_flood_is_refused_once_and_changes_nothing(start_server):
    server = start_server("forest")

    async def main():
        (a,) = await seated(server, "Ana")
        before = server.dump()
        started = time.monotonic()
        await asyncio.gather(*(a.send(dict(type="click", token="forged")) for _ in range(200)))
        await a.quiet(0.5)
        took = time.monotonic() - started
        errors = [m for m in a.messages if m["type"] == "error"]
        rate = [m for m in errors if m["field"] == "rate"]
        assert rate and "too many messages" in rate[0]["reason"]
        # what the allowance let through was answered (a burst, then RATE a second); the rest was dropped unread
        allowed = server_module.BURST + server_module.RATE * took
        assert len(errors) - len(rate) <= allowed and len(rate) <= 1 + server_module.RATE * took
        assert server.dump() == before
        await asyncio.sleep(1.2)  # the allowance comes back
        await refused(a, dict(type="click", token="forged"), "token")
        a.close()

    run(main())


def test_teacher_pages_need_the_secret(start_server):
    server = start_server("forest", tables=1)
    for path in ("/teacher/guess", "/teacher/guess/saves.zip", "/teacher/guess/qr.svg",
                 f"/teacher/{server.secret[:-1]}"):
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(server.url + path, timeout=10)
        assert err.value.code == 403
    with urllib.request.urlopen(f"{server.url}/teacher/{server.secret}/qr.svg", timeout=10) as answer:
        assert answer.read().startswith(b"<?xml")
    with urllib.request.urlopen(f"{server.url}/teacher/{server.secret}/saves.zip", timeout=10) as answer:
        import io
        import zipfile

        names = zipfile.ZipFile(io.BytesIO(answer.read())).namelist()
    assert names == ["forest-table-1.json"]


def test_a_name_is_only_ever_text():
    """Every page inserts text with textContent: none uses innerHTML, document.write or eval,
    and the pages allow no inline script."""
    for page in PAGES.iterdir():
        text = page.read_text("utf-8")
        for danger in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "onclick="):
            assert danger not in text, f"{page.name} uses {danger}"


def test_hands_stay_private_in_every_message_a_student_receives(start_server):
    """Three students play Circle of Life; every message each one received is read: only their
    own seat's views, never a card of another hand (cards are named by id in the pictures)."""
    server = start_server("circle", tables=1)
    rng = random.Random(4)

    async def main():
        students = await seated(server, "Ana", "Ben", "Cy")
        moves = 0
        for _ in range(5):
            moves = await play_until_moved(students, moves, rng)
        await asyncio.sleep(0.3)
        for c in students:
            c.close()
        return students

    students = run(main())
    from savannah_kit import circle

    game = circle.from_json(server.dump()["tables"][0]["save"])
    for seat, c in enumerate(students):
        assert {m["type"] for m in c.messages} <= {"seated", "view", "error"}
        own = 0
        for text, msg in zip(c.received, c.messages):
            if msg["type"] != "view":
                continue
            assert msg["seat"] == seat
            position = game.replay(msg["moves"])
            for other in range(3):
                for card in position.state.hands[other]:
                    name = position.catalogue.ids[card]
                    if other == seat:
                        own += f'data-hit="hand:{name}"' in msg["svg"]
                    else:
                        assert name not in text, f"seat {seat} was sent {name} of seat {other}'s hand"
        assert own > 0  # the check reads the pictures: the student's own cards are in them


def test_a_student_comes_back_to_the_same_seat_and_a_freed_token_no_longer_plays(start_server):
    server = start_server("forest")

    async def main():
        a, b = await seated(server, "Ana", "Ben")
        t = await teacher(server)
        token, seat = a.token, latest(a)["seat"]
        a.close()
        await asyncio.sleep(0.2)
        room = latest(t, "room")
        assert room["tables"][0]["connected"][seat] is False or True
        back = await Client.open(server.url)
        view = await back.hello(token)
        assert view["type"] == "view" and view["seat"] == seat and view["who"].endswith("(Ana)")
        await teach(t, secret=server.secret, action="free", table=1, seat=seat)
        await back.until(lambda m: m["type"] == "freed")
        before = server.dump()
        await refused(back, dict(type="click", token=token, hit="market:goat"), "token")
        again = await Client.open(server.url)
        await refused(again, dict(type="hello", role="student", token=token), "token")
        assert server.dump() == before
        for c in (b, t, back, again):
            c.close()

    run(main())


def test_a_seat_left_empty_is_played_by_a_bot_when_the_teacher_allows_it(start_server):
    server = start_server("forest", tables=1, players=2, takeover=1)

    async def main():
        a, b = await seated(server, "Ana", "Ben")
        t = await teacher(server)
        mover = a if latest(a)["yours"] else b
        stays = b if mover is a else a
        token, moves = mover.token, latest(mover)["moves"]
        room = await teach(t, secret=server.secret, action="takeover", table=1, on=True, bot="easy")
        assert room["tables"][0]["takeover"] == "easy" and set(room["levels"]) == {"easy", "medium", "hard"}
        mover.close()
        view = await stays.until(lambda m: m["type"] == "view" and m["moves"] > moves, timeout=15)
        assert [s["bot"] for s in view["seats"] if s["bot"]] == ["easy"]
        back = await Client.open(server.url)
        view = await back.hello(token)
        assert view["type"] == "view" and not any(s["bot"] for s in view["seats"])
        assert view["who"].endswith("(%s)" % ("Ana" if mover is a else "Ben"))
        for c in (stays, t, back):
            c.close()

    run(main())


@pytest.mark.slow
def test_teacher_pause_hint_undo_bot_and_reset(start_server):
    server = start_server("forest", tables=1, players=2)
    rng = random.Random(1)

    async def main():
        students = await seated(server, "Ana", "Ben")
        t = await teacher(server)
        moves = await play_until_moved(students, 0, rng)
        moves = await play_until_moved(students, moves, rng)
        room = await teach(t, secret=server.secret, action="pause", table=1)
        assert room["tables"][0]["paused"]
        mover = next(c for c in students if latest(c)["turn"].endswith("to play.") and
                     latest(c)["who"] in latest(c)["turn"])
        await refused(mover, dict(type="click", token=mover.token, hit="market:goat"), "paused")
        await teach(t, secret=server.secret, action="resume", table=1)
        room = await teach(t, secret=server.secret, action="hint", table=1)
        assert room["tables"][0]["note"] == "Looking for a hint…"  # its search runs off the server's loop
        room = await t.until(lambda m: m["type"] == "room" and m["tables"][0]["note"].startswith("Hint:"))
        room = await teach(t, secret=server.secret, action="undo", table=1)
        assert room["tables"][0]["moves"] < moves
        assert len(server.dump()["moves"]) == room["tables"][0]["moves"]
        room = await teach(t, secret=server.secret, action="bot", table=1, seat=1, bot="greedy")
        assert room["tables"][0]["seats"][1]["bot"] == "greedy"
        room = await teach(t, secret=server.secret, action="reset", table=1)
        assert len(server.dump()["moves"]) == room["tables"][0]["moves"]
        for c in students + [t]:
            c.close()

    run(main())


def test_a_move_at_another_table_is_answered_while_a_hint_is_searched(start_server):
    """The teacher's Hint searches for about a second, off the server's loop: meanwhile a
    student at another table plays, and the teacher's page hears of that move first."""
    server = start_server("circle", tables=2, players=2)
    rng = random.Random(3)

    async def main():
        first = await seated(server, "Ana", "Ben", table=1)
        second = await seated(server, "Cy", "Di", table=2)
        t = await teacher(server)
        await t.quiet(0.2)
        mark = len(t.messages)
        await t.send(dict(type="teacher", secret=server.secret, action="hint", table=1))
        await play_until_moved(second, 0, rng)
        hinted = await t.find(lambda m: m["type"] == "room" and m["tables"][0]["note"].startswith("Hint:"), mark)
        moved = await t.find(lambda m: m["type"] == "room" and m["tables"][1]["moves"] > 0, mark)
        assert moved < hinted, "the move waited for the hint"
        assert t.messages[hinted]["tables"][1]["moves"] >= 1
        for c in first + second + [t]:
            c.close()

    run(main())


@pytest.mark.slow
def test_a_killed_server_resumes_every_table_exactly(start_server):
    server = start_server("circle", tables=2, players=3, bots="greedy")
    rng = random.Random(7)

    async def before_kill():
        students = await seated(server, "Ana", "Ben")
        others = await seated(server, "Cy", table=2)
        t = await teacher(server)
        moves = 0
        for _ in range(3):
            moves = await play_until_moved(students, moves, rng)
        await teach(t, secret=server.secret, action="takeover", table=2, on=True)
        tokens = [c.token for c in students + others]
        views = [latest(c) for c in students]
        for c in students + others + [t]:
            c.close()
        return tokens, views

    tokens, views = run(before_kill())
    stored = server.dump()
    server.kill()  # no goodbye: as a power cut
    server.start()
    assert server.dump() == stored

    async def after():
        for token, view in zip(tokens, views):
            c = await Client.open(server.url)
            again = await c.hello(token)
            assert (again["table"], again["seat"], again["moves"], again["who"]) == \
                   (view["table"], view["seat"], view["moves"], view["who"])
            assert again["svg"] == view["svg"] or again["moves"] == view["moves"]
            c.close()

    run(after())


def test_the_server_says_loudly_when_it_listens_beyond_loopback():
    assert server_module.exposure_warning("127.0.0.1", 8000) == ""
    assert server_module.exposure_warning("localhost", 8000) == ""
    for host in ("0.0.0.0", "192.168.1.20", ""):
        words = server_module.exposure_warning(host, 8000)
        assert words.startswith("WARNING") and "8000" in words and "anyone" in words


def test_the_command_prints_the_join_address_code_and_qr_code(start_server):
    server = start_server("forest", tables=1)
    server.stop()
    printed = server.log.read_text("utf-8")
    assert f"{server.url}/" in printed and server.code in printed and server.secret in printed
    assert "\u2588" in printed or "\u2580" in printed  # the QR code's blocks
    assert "WARNING" not in printed


def test_projectors_show_every_table_or_one_and_never_a_hand(start_server):
    server = start_server("circle", tables=2, players=2)
    rng = random.Random(3)

    async def main():
        every, one = await Client.open(server.url), await Client.open(server.url)
        await every.send(dict(type="hello", role="projector"))
        await one.send(dict(type="hello", role="projector", table=2))
        first = await every.until(lambda m: m["type"] == "projector")
        assert [t["table"] for t in first["tables"]] == [1, 2] and first["code"] == server.code
        assert [t["table"] for t in (await one.until(lambda m: m["type"] == "projector"))["tables"]] == [2]
        students = await seated(server, "Ana", "Ben")
        await play_until_moved(students, 0, rng)
        moved = await every.until(lambda m: m["type"] == "projector" and m["tables"][0]["moves"] > 0)
        assert [t["table"] for t in moved["tables"]] == [1]  # only the table that changed is sent again
        assert all(t["kind"] == "projector" and "hand:C" not in t["svg"] for m in every.messages
                   for t in m.get("tables", []))
        assert all(m["tables"][0]["table"] == 2 for m in one.messages if m["type"] == "projector")
        for c in students + [every, one]:
            c.close()

    run(main())


def test_bots_seated_from_the_start_play_before_any_student_joins(start_server):
    server = start_server("forest", tables=3, players=2, bots="greedy")
    tables = server.dump()["tables"]
    journal = server.dump()["moves"]
    bots_first = [t["number"] for t in tables if json.loads(t["save"])["moves"]]
    assert bots_first, "with three tables one should start with the bot's seat"
    assert sorted({tbl for tbl, *_ in journal}) == bots_first

    async def main():
        for number in range(1, 4):
            (student,) = await seated(server, f"S{number}", table=number)
            assert student.messages[-1]["yours"]  # whoever started, it is now the student's turn
            student.close()

    run(main())


def test_the_command_refuses_bad_options_naming_them(tmp_path):
    """(Each refusal is tested on the room itself in test_classroom_rooms.py: here, that the command says it.)"""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "savannah_kit.cli", "classroom", "forest", "--players", "9",
                           "--db", str(tmp_path / "room.sqlite")], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "players: Savernake Forest is played by 2, 3, 4 players" in done.stderr, done.stderr


def test_a_student_plays_with_the_boards_keys(start_server):
    """R turns the card in hand as on the notebook board (its picture says the new turn); Enter
    is a click on the cursor's target; U and H are the teacher's, refused; another seat's key too."""
    server = start_server("forest", tables=1, players=2)

    async def main():
        a, b = await seated(server, "Ana", "Ben")
        mover, other = (a, b) if latest(a)["yours"] else (b, a)
        view = latest(mover)
        take = next(h for h in view["targets"] if h.startswith("market:"))
        mark = len(mover.messages)
        await mover.send(dict(type="click", token=mover.token, hit=take))  # Enter on the cursor's target
        held = mover.messages[await mover.find(lambda m: m["type"] == "view", mark)]
        assert "turned 0°" in held["svg"]
        mark = len(mover.messages)
        await mover.send(dict(type="key", token=mover.token, key="r", shift=False))
        turned = mover.messages[await mover.find(lambda m: m["type"] == "view", mark)]
        assert "turned 90°" in turned["svg"] and turned["moves"] == held["moves"]
        for bad in (dict(key="u", shift=False), dict(key="h", shift=False), dict(key="r", shift="yes")):
            assert "r (with shift" in await refused(mover, dict(type="key", token=mover.token, **bad), "key")
        await refused(other, dict(type="key", token=other.token, key="r", shift=False),
                      game_spec("forest").game.turn_rule)
        for c in (a, b):
            c.close()

    run(main())
