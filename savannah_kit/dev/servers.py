"""JupyterLab and Voila servers for the browser tests and the latency benchmark.

Each server runs on a free loopback port with throwaway config, runtime,
workspace and settings folders, serving a private copy of ``notebooks/`` so
nothing a browser runs is ever saved over the committed notebooks. Chromium is
Debian's package (``./kit test`` installs it), never a downloaded browser.
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
from typing import Optional

ROOT = Path(__file__).resolve().parents[2]  # the project: savannah_kit/dev/servers.py -> ../..
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage"]
LAB_SETTINGS = {
    # a fresh server would otherwise ask which kernel to start, and Run All would do nothing
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"autoStartDefaultKernel": True},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                       "checkForUpdates": False},
}


def chromium_executable() -> Optional[str]:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, proc: subprocess.Popen, timeout: float = 90) -> None:
    """Wait until ``url`` answers 200, failing early if the server process dies."""
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
    """A running server: ``url``, the served ``root`` folder, its ``log`` file."""

    def __init__(self, proc, url, root, log):
        self.proc, self.url, self.root, self.log = proc, url, root, log

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def start_server(kind: str, tmp: Path, notebooks: Path = ROOT / "notebooks") -> Server:
    """Start ``"lab"`` (JupyterLab) or ``"voila"`` (directory mode) on a copy of ``notebooks``."""
    root = tmp / "notebooks"
    shutil.copytree(notebooks, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
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
               "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={root}", "--LabApp.news_url="]
        probe = f"http://127.0.0.1:{port}/api/status"
    elif kind == "voila":
        cmd = [sys.executable, "-m", "voila", str(root), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               "--Voila.port_retries=0", "--Voila.show_tracebacks=True"]
        probe = f"http://127.0.0.1:{port}/"  # directory mode: the listing, no kernel started
    else:
        raise ValueError(f"unknown server kind {kind!r}: lab or voila")
    log = tmp / f"{kind}.log"
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    server = Server(proc, f"http://127.0.0.1:{port}", root, log)
    try:
        wait_for_http(probe, proc)
    except Exception:
        server.stop()
        raise RuntimeError(f"{kind} did not start:\n{server.log_text()[-3000:]}") from None
    return server
