"""The README's first command ends in ``savannah-kit lab``: it must open
JupyterLab on the start notebook."""

import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from savannah_kit.dev.servers import free_port, wait_for_http
from browser_helpers import wait_kernel_idle

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def test_savannah_kit_lab_opens_the_start_notebook(page, tmp_path, browser_type_launch_args):
    port = free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"), JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "ws"))
    cmd = [sys.executable, "-m", "savannah_kit.cli", "lab", "--no-browser", "--port", str(port),
           "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.port_retries=0", "--ip=127.0.0.1"]
    log = (tmp_path / "lab.log").open("w")
    project = tmp_path / "project"  # a copy, so the server's checkpoints never land in the checkout
    shutil.copytree(ROOT / "notebooks", project / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    proc = subprocess.Popen(cmd, env=env, cwd=project, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for_http(f"http://127.0.0.1:{port}/api/status", proc)
        page.goto(f"http://127.0.0.1:{port}/", wait_until="domcontentloaded")
        page.wait_for_selector(".jp-Notebook >> visible=true", timeout=90_000)
        assert "/lab/tree/notebooks/00_start_here.ipynb" in page.url
        page.wait_for_selector(".lm-TabBar-tabLabel:text-is('00_start_here.ipynb')", timeout=30_000)
        page.wait_for_selector(".jp-Notebook h1:has-text('Start here: the savannah_kit') >> visible=true", timeout=30_000)
        wait_kernel_idle(page)
    finally:
        proc.terminate()
        proc.wait(20)
    # stopping savannah-kit stops JupyterLab too: nothing answers on the port any more
    with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=5)
