"""Classroom servers for the tests: real ``savannah-kit classroom`` processes on loopback, each
with a database of its own in the test's folder, stopped after the test."""

import pytest

from savannah_kit.classroom.load import ServerProcess


@pytest.fixture
def start_server(tmp_path):
    started = []

    def start(game="circle", **options):
        options.setdefault("tables", 2)
        options.setdefault("players", 3)
        server = ServerProcess(game, tmp_path / f"room{len(started)}.sqlite", log=tmp_path / "server.log", **options)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
