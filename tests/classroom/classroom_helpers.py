"""What the classroom tests share: running a test's coroutine, students taking seats, the
teacher's actions, the latest view."""

import asyncio

from savannah_kit.classroom.load import Client


def run(coro, timeout: float = 60):
    """Run a test's coroutine, bounded in time."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


async def seated(server, *names, table=1):
    """Students joining ``table``: their clients, each with its first view read."""
    clients = []
    for name in names:
        c = await Client.open(server.url)
        await c.join(server.code, name, table)
        clients.append(c)
    return clients


async def teacher(server):
    c = await Client.open(server.url)
    await c.send(dict(type="hello", role="teacher", secret=server.secret))
    await c.until(lambda m: m["type"] == "room")
    return c


async def teach(c, **message):
    """Send a teacher's action; returns the room message that follows it (or the error)."""
    await c.quiet(0.2)  # what earlier moves sent has arrived
    mark = len(c.messages)
    await c.send(dict(type="teacher", **message))
    at = await c.find(lambda m: m["type"] in ("room", "error"), mark)
    c.read = at + 1
    return c.messages[at]


def latest(c, kind="view"):
    return next(m for m in reversed(c.messages) if m["type"] == kind)


async def play_until_moved(clients, table_moves, rng, tries=60):
    """The seat to move clicks its lit targets until a move is made; returns the new move count."""
    for _ in range(tries):
        mover = next(c for c in clients if latest(c)["yours"])
        view = latest(mover)
        mark = len(mover.messages)
        await mover.send(dict(type="click", token=mover.token, hit=rng.choice(view["targets"] or view["hits"])))
        at = await mover.find(lambda m: m["type"] == "view", mark)
        if mover.messages[at]["moves"] > table_moves:
            for c in clients:  # every seat hears of it
                await c.find(lambda m: m["type"] == "view" and m["moves"] > table_moves)
            return mover.messages[at]["moves"]
    raise AssertionError("no move made")
