"""Browser test fixtures: Debian's Chromium driven by Playwright, and JupyterLab
and Voila servers on free loopback ports, each with throwaway config, runtime
and settings folders, stopped at teardown.

Chromium is never downloaded: ``./kit test`` installs Debian's package when it
is missing. With ``CI=true`` a missing browser fails the run instead of
skipping it.
"""

from __future__ import annotations

import os

import pytest

from savannah_kit.dev.servers import CHROMIUM_ARGS, chromium_executable, start_server


@pytest.fixture(scope="session")
def browser_type_launch_args():
    """pytest-playwright's launch arguments, pointed at the system Chromium."""
    exe = chromium_executable()
    if exe is None:
        message = "Chromium is not installed (./kit test installs Debian's chromium package)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return {"executable_path": exe, "headless": True, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args():
    return {"viewport": {"width": 1400, "height": 1600}}


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory, browser_type_launch_args):
    server = start_server("lab", tmp_path_factory.mktemp("lab"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory, browser_type_launch_args):
    server = start_server("voila", tmp_path_factory.mktemp("voila"))
    yield server
    server.stop()


@pytest.fixture
def page_errors(page):
    """Uncaught page errors collected during a test (checked by the tests)."""
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors
