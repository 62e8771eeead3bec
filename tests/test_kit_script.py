"""The ``kit`` script's install steps, run with stub commands so they can be
watched on any machine: the browser step must really try apt-get when Chromium
is missing, the test step likewise for Chromium and poppler-utils (pdftoppm, for
the handout tests) in one apt-get call, and the kit is reinstalled only when
``pyproject.toml`` changed."""

import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "kit"


def _script(path: Path, body: str) -> None:
    path.write_text("#!/bin/bash\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def _bin_without_chromium(tmp_path: Path, uid: int) -> Path:
    """A PATH of stubs and just the real tools the kit script needs: no chromium anywhere."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("bash", "dirname", "cat", "chmod"):
        os.symlink(shutil.which(tool), bin_dir / tool)
    _script(bin_dir / "id", f'echo {uid}\n')
    _script(bin_dir / "sudo", 'echo "sudo $*" >> "$RECORD"\nexec "$@"\n')
    return bin_dir


def _run_kit(args, bin_dir: Path, tmp_path: Path, **env):
    full_env = {"PATH": str(bin_dir), "RECORD": str(tmp_path / "record"), "TMPDIR": str(tmp_path), **env}
    return subprocess.run([str(bin_dir / "bash"), str(KIT), *args], capture_output=True, text=True,
                          env=full_env, timeout=60)


@pytest.mark.parametrize("uid", [0, 1000])
def test_browser_step_installs_debian_chromium_when_it_is_missing(tmp_path, uid):
    bin_dir = _bin_without_chromium(tmp_path, uid)
    # apt-get "installs" chromium by putting a stub on the PATH
    _script(bin_dir / "apt-get", 'echo "apt-get $*" >> "$RECORD"\n'
            'if [ "$1" = install ]; then printf "#!/bin/bash\\n" > "$(dirname "$0")/chromium"; '
            'chmod +x "$(dirname "$0")/chromium"; fi\n')
    result = _run_kit(["browser"], bin_dir, tmp_path)
    assert result.returncode == 0, result.stderr
    calls = (tmp_path / "record").read_text().splitlines()
    apt_calls = [c for c in calls if c.startswith("apt-get")]
    assert apt_calls == ["apt-get update -q", "apt-get install -y -q chromium"]
    assert any(c.startswith("sudo apt-get install") for c in calls) == (uid != 0)
    # once installed, the step does nothing
    result = _run_kit(["browser"], bin_dir, tmp_path)
    assert result.returncode == 0 and result.stdout == ""
    assert len((tmp_path / "record").read_text().splitlines()) == len(calls)


def test_browser_step_fails_with_one_clear_line_when_apt_get_fails(tmp_path):
    bin_dir = _bin_without_chromium(tmp_path, 0)
    _script(bin_dir / "apt-get", 'echo "apt-get $*" >> "$RECORD"\necho "E: Unable to locate package" >&2\n'
            '[ "$1" = update ] || exit 100\n')
    result = _run_kit(["browser"], bin_dir, tmp_path)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kit: could not install Debian's chromium")
    assert "apt-get install -y -q chromium" in (tmp_path / "record").read_text()


def test_browser_step_fails_when_apt_get_is_missing(tmp_path):
    bin_dir = _bin_without_chromium(tmp_path, 0)
    result = _run_kit(["browser"], bin_dir, tmp_path)
    assert result.returncode != 0
    assert result.stderr.strip().splitlines() == [
        f"kit: could not install Debian's chromium with apt-get (log: {tmp_path}/savannah_kit-apt.log)"]


#: An apt-get that "installs" a package by putting stubs of its commands on the PATH.
APT_GET_INSTALLING = ('echo "apt-get $*" >> "$RECORD"\n'
                      'if [ "$1" = install ]; then for pkg in "$@"; do case "$pkg" in\n'
                      '  chromium) tools=chromium ;; poppler-utils) tools="pdftoppm pdftotext" ;; *) tools="" ;;\n'
                      'esac; for t in $tools; do printf "#!/bin/bash\\n" > "$(dirname "$0")/$t"; '
                      'chmod +x "$(dirname "$0")/$t"; done; done; fi\n')


@pytest.mark.parametrize("uid", [0, 1000])
def test_tools_step_installs_chromium_and_poppler_in_one_apt_get_call(tmp_path, uid):
    bin_dir = _bin_without_chromium(tmp_path, uid)
    _script(bin_dir / "apt-get", APT_GET_INSTALLING)
    result = _run_kit(["tools"], bin_dir, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "== installing Debian's chromium and poppler-utils for the tests\n"
    calls = (tmp_path / "record").read_text().splitlines()
    apt_calls = [c for c in calls if c.startswith("apt-get")]
    assert apt_calls == ["apt-get update -q", "apt-get install -y -q chromium poppler-utils"]
    assert any(c.startswith("sudo apt-get install") for c in calls) == (uid != 0)
    assert all((bin_dir / tool).exists() for tool in ("chromium", "pdftoppm", "pdftotext"))
    # once installed, the step does nothing
    result = _run_kit(["tools"], bin_dir, tmp_path)
    assert result.returncode == 0 and result.stdout == ""
    assert len((tmp_path / "record").read_text().splitlines()) == len(calls)


def test_tools_step_installs_only_what_is_missing(tmp_path):
    bin_dir = _bin_without_chromium(tmp_path, 0)
    _script(bin_dir / "apt-get", APT_GET_INSTALLING)
    _script(bin_dir / "chromium", "")
    result = _run_kit(["tools"], bin_dir, tmp_path)
    assert result.returncode == 0, result.stderr
    assert [c for c in (tmp_path / "record").read_text().splitlines() if c.startswith("apt-get install")] == [
        "apt-get install -y -q poppler-utils"]


def test_tools_step_fails_with_one_clear_line_when_a_tool_is_still_missing(tmp_path):
    """apt-get "succeeds" but leaves pdftoppm missing: the step must notice, in one line."""
    bin_dir = _bin_without_chromium(tmp_path, 0)
    _script(bin_dir / "apt-get", 'echo "apt-get $*" >> "$RECORD"\n')
    result = _run_kit(["tools"], bin_dir, tmp_path)
    assert result.returncode != 0
    assert result.stderr.strip().splitlines() == [
        f"kit: could not install Debian's chromium and poppler-utils with apt-get "
        f"(log: {tmp_path}/savannah_kit-apt.log)"]


def test_the_test_command_installs_the_same_tools_before_running_the_suite():
    body = KIT.read_text()
    test_case = body[body.index("\n  test)"):body.index(";;", body.index("\n  test)"))]
    assert "kit_ensure_test_tools" in test_case
    assert test_case.index("kit_ensure_test_tools") < test_case.index("pytest")
    helper = body[body.index("kit_ensure_test_tools() {"):]
    helper = helper[:helper.index("\n}")]
    assert "chromium:chromium" in helper and "poppler-utils:pdftoppm" in helper


def test_no_helper_function_shadows_a_command():
    names = re.findall(r"^([A-Za-z_][A-Za-z0-9_]*)\(\)\s*\{", KIT.read_text(), re.M)
    assert names, "the kit script defines its helpers as functions"
    for name in names:
        assert name.startswith("kit_"), f"helper {name}() could hide a command of the same name"
        assert shutil.which(name) is None


def _project(tmp_path: Path, python: str):
    """A copy of the kit script and pyproject.toml, and a venv whose python is the stub ``python``."""
    project = tmp_path / "project"
    project.mkdir()
    shutil.copy(KIT, project / "kit")
    shutil.copy(ROOT / "pyproject.toml", project / "pyproject.toml")
    venv = project / "venv"
    (venv / "bin").mkdir(parents=True)
    _script(venv / "bin" / "python", python)
    return project, venv


def test_the_kit_is_reinstalled_only_when_pyproject_changes(tmp_path):
    """A second ``./kit start`` must not run pip again (a stamp in the venv remembers the install)."""
    project, venv = _project(tmp_path, 'echo "python $*" >> "$RECORD"\n')
    env = {"PATH": os.environ["PATH"], "RECORD": str(tmp_path / "record"), "SAVANNAH_KIT_VENV": str(venv)}

    def bench():
        result = subprocess.run(["bash", str(project / "kit"), "bench"], capture_output=True, text=True,
                                env=env, timeout=60)
        assert result.returncode == 0, result.stderr
        lines = (tmp_path / "record").read_text().splitlines()
        (tmp_path / "record").unlink()
        return [line for line in lines if "pip install" in line], result.stdout

    installs, out = bench()
    assert len(installs) == 1 and "-e .[test]" in installs[0] and "installing savannah_kit[test]" in out
    installs, out = bench()
    assert installs == [] and out == ""
    with open(project / "pyproject.toml", "a") as f:
        f.write("\n# changed\n")
    installs, _ = bench()
    assert len(installs) == 1


def test_help_names_the_start_options_and_the_demo_lists_every_bot():
    import sys

    from savannah_kit.core.bots import BOTS, bots_for
    from savannah_kit.core.ratings import LEVELS

    kit_help = subprocess.run(["bash", str(KIT), "help"], capture_output=True, text=True, check=True).stdout
    assert "--no-browser" in kit_help and "--port" in kit_help
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "./kit start --no-browser" in readme and "./kit start --port" in readme
    lab = subprocess.run([sys.executable, "-m", "savannah_kit.cli", "lab", "--help"], capture_output=True, text=True,
                         check=True).stdout
    assert "--no-browser" in lab and "serve only" in lab and "--port" in lab
    demo = " ".join(subprocess.run([sys.executable, "-m", "savannah_kit.cli", "demo", "--help"], capture_output=True,
                                   text=True, check=True).stdout.split())
    for name in list(BOTS) + list(bots_for("circle")) + list(LEVELS):
        assert name in demo, name


def test_the_install_says_how_it_goes_while_pip_runs(tmp_path):
    """A long install is never silent: every few seconds a line with the time so far and pip's latest step."""
    project, venv = _project(tmp_path, 'if [ "$2" = pip ]; then echo "Collecting ipywidgets"; sleep 2.2\n'
                             'echo "Downloading anywidget-0.9.whl (200 kB)"; sleep 2.2\n'
                             'echo "Successfully installed"; fi\n')
    env = {"PATH": os.environ["PATH"], "SAVANNAH_KIT_VENV": str(venv), "KIT_PROGRESS_SECONDS": "1"}
    result = subprocess.run(["bash", str(project / "kit"), "bench"], capture_output=True, text=True, env=env,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    steps = re.findall(r"^   (\d+) s: (.*)$", result.stdout, re.M)
    assert len(steps) >= 3, result.stdout
    assert [int(s) for s, _ in steps] == sorted(int(s) for s, _ in steps)
    assert steps[0][1] == "Collecting ipywidgets" and steps[-1][1].startswith("Downloading anywidget"), steps


def test_servers_the_kit_starts_leave_out_a_third_party_deprecation_warning():
    import sys

    from savannah_kit.cli import server_env

    code = ("import warnings\nwarnings.warn('ServerApp.token config is deprecated in jupyter-server 2.0. "
            "Use IdentityProvider.token', DeprecationWarning)\nwarnings.warn('the kit\\'s own', DeprecationWarning)")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=server_env()).stderr
    assert "ServerApp.token" not in shown and "the kit's own" in shown  # only the third-party one is left out
    plain = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stderr
    assert "ServerApp.token" in plain


def test_the_kit_imports_without_a_deprecation_warning():
    import sys

    result = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c",
                             "import savannah_kit, savannah_kit.ui, savannah_kit.cli, savannah_kit.lab"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
