"""Browser test fixtures: Debian's Chromium driven by Playwright, and JupyterLab
and Voila servers on free loopback ports, each with throwaway config, runtime
and settings folders, stopped at teardown.

Chromium is never downloaded: ``./kit test`` installs Debian's package when it
is missing. With ``CI=true`` a missing browser fails the run instead of
skipping it.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage"]
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"autoStartDefaultKernel": True},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                       "checkForUpdates": False},
}


def chromium_executable():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before answering {url}")
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.25)
    raise RuntimeError(f"no answer from {url} within {timeout} s")


class Server:
    def __init__(self, proc, url, root, log):
        self.proc, self.url, self.root, self.log = proc, url, root, log

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def start_server(kind: str, tmp: Path) -> Server:
    """JupyterLab or Voila serving a private copy of notebooks/ (runs never touch the originals)."""
    root = tmp / "notebooks"
    shutil.copytree(ROOT / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    env = dict(os.environ)
    for var in ("JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "JUPYTERLAB_WORKSPACES_DIR", "JUPYTERLAB_SETTINGS_DIR"):
        env[var] = str(tmp / var.lower())
        os.makedirs(env[var], exist_ok=True)
    for rel, values in LAB_SETTINGS.items():
        path = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    port = free_port()
    if kind == "lab":
        cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
               "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.port_retries=0", "--allow-root",
               "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={root}",
               "--LabApp.news_url=", "--ContentsManager.allow_hidden=False"]
        probe = f"http://127.0.0.1:{port}/api/status"
    else:
        cmd = [sys.executable, "-m", "voila", str(root), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               "--Voila.show_tracebacks=True"]
        probe = f"http://127.0.0.1:{port}/"
    log = tmp / f"{kind}.log"
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    server = Server(proc, f"http://127.0.0.1:{port}", root, log)
    try:
        wait_for_http(probe, proc)
    except Exception:
        server.stop()
        raise RuntimeError(f"{kind} did not start:\n{server.log_text()[-3000:]}")
    return server


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
