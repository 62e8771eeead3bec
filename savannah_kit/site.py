"""``savannah-kit site --out site/``: the lessons as a static website that runs offline.

JupyterLite serves the notebooks and Pyodide runs the kit inside the learner's browser: no
install, and no server beyond one that hands out files. Every part comes from a package
registry at build time and nothing from a CDN at run time: Pyodide from npm's ``pyodide``
package, the pure-Python wheels from PyPI (at the versions this environment runs, else
Pyodide's), the front ends (widgets, anywidget, the Pyodide kernel) from this environment's
JupyterLab extensions. Pyodide's package list is replaced by one naming just the wheels the
site ships, and the kernel loads them all as it starts, the kit included: the notebooks
``import savannah_kit`` as they are. A learner's saved notebooks and solved exercises stay in
the browser's storage (``SAVANNAH_KIT_HOME`` points into the browser's drive).

Left out, since their browser builds are not on PyPI: Pillow (the kit then skips its PNG
copies of pictures), reportlab (the printable PDFs need Pillow too) and the lab notebooks
(pandas, matplotlib). The front page says so.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional

from .core.registry import games as registered_games

ROOT = Path(__file__).resolve().parents[1]  # the source checkout: notebooks/ and pyproject.toml
START = "00_start_here.ipynb"
LABEXTENSIONS = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
SHARED_FOLDERS = ("reference", "teacher")  # the three games' reference and teacher notebooks
LEFT_OUT_FOLDERS = {
    "lab": "the studies of many games need pandas and matplotlib, which have no browser build on PyPI",
    "classroom": "classroom mode is a projector board served by Voila: ./kit demo GAME",
}
#: requirements the site does not ship, and why
LEFT_OUT = {
    "pillow": "its browser build is not on PyPI: pictures show as SVG only",
    "reportlab": "the printable PDFs (savannah-kit handout) need Pillow too",
    "jupyterlab-widgets": "a front end only: the site has it as a JupyterLab extension",
}
#: what the Pyodide kernel itself imports as it starts (its own wheels add piplite and ipykernel)
KERNEL_NEEDS = ("micropip", "comm", "ipython", "jedi", "ipython-pygments-lexers")
#: the runtime files of npm's pyodide package that the site serves
PYODIDE_FILES = tuple("pyodide" + end for end in (".mjs", ".js", ".asm.mjs", ".asm.wasm")) + (
    "python_stdlib.zip", "package.json")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: the JupyterLab extensions the site ships (this environment's): the kernel, the boards' front ends
EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget",
              "jupyterlab_pygments")
DRIVE_HOME = "/drive/.savannah_kit"  # the browser's drive: kept in its storage between visits
LAB_SETTINGS = {
    # open a notebook on the site's one kernel at once; never fetch news or updates (offline)
    "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True},
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}


def cache_dir() -> Path:
    """Where downloads are kept between builds (``$SAVANNAH_KIT_CACHE``, else the user's cache)."""
    if os.environ.get("SAVANNAH_KIT_CACHE"):
        return Path(os.environ["SAVANNAH_KIT_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "savannah_kit"


def canonical(name: str) -> str:
    from packaging.utils import canonicalize_name

    return str(canonicalize_name(name))


def notebooks(root: Path = ROOT) -> List[str]:
    """The notebooks the site holds, relative to ``notebooks/``: the start notebook, each
    game's lessons, the reference and teacher notebooks."""
    base = root / "notebooks"
    folders = [spec.teaching.lesson_notebooks for spec in registered_games().values()] + list(SHARED_FOLDERS)
    found = [START] + [p.relative_to(base).as_posix() for f in folders for p in sorted((base / f).glob("*.ipynb"))]
    return [name for name in found if (base / name).is_file()]


# -- parts from the registries ------------------------------------------------------------------
def pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def pyodide_runtime(cache: Path, log: Callable = print) -> Path:
    """The Pyodide runtime of the kernel's version, from the npm registry (``npm pack``)."""
    version = pyodide_version()
    folder = cache / f"pyodide-{version}"
    if all((folder / name).is_file() for name in PYODIDE_FILES + ("pyodide-lock.json",)):
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("savannah-kit site: npm is needed once, to fetch Pyodide from the npm registry "
                         "(Debian: apt-get install npm)")
    cache.mkdir(parents=True, exist_ok=True)
    log(f"fetching pyodide@{version} from the npm registry")
    out = _run([npm, "pack", f"pyodide@{version}", "--pack-destination", str(cache), "--silent"],
               f"npm pack pyodide@{version}", cwd=cache)
    tarball = cache / out.strip().splitlines()[-1]
    partial = Path(tempfile.mkdtemp(prefix="pyodide-", dir=cache))
    with tarfile.open(tarball) as tar:
        for name in PYODIDE_FILES + ("pyodide-lock.json",):
            with tar.extractfile(f"package/{name}") as src:
                (partial / name).write_bytes(src.read())
    tarball.unlink()
    shutil.rmtree(folder, ignore_errors=True)
    partial.rename(folder)  # whole or not at all
    return folder


def kernel_wheels() -> Dict[str, Path]:
    """The Pyodide kernel's own wheels (piplite, pyodide-kernel, the ipykernel and widgets shims),
    shipped in its JupyterLab extension."""
    from packaging.utils import parse_wheel_filename

    folder = LABEXTENSIONS / EXTENSIONS[0] / "static" / "pypi"
    found: Dict[str, Path] = {}
    for wheel in sorted(folder.glob("*.whl")):  # newest last: widgetsnbextension 4.0.999 over 3.6.999
        found[canonical(str(parse_wheel_filename(wheel.name)[0]))] = wheel
    if "pyodide-kernel" not in found:
        raise SystemExit(f"savannah-kit site: the Pyodide kernel's wheels are not in {folder}")
    return found


def _run(cmd: List[str], what: str, cwd=None) -> str:
    """Run ``cmd``; its output only if it fails (pip warns about every local index it skips)."""
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"savannah-kit site: {what} failed:\n{(done.stdout + done.stderr)[-4000:]}")
    return done.stdout


def kit_wheel(root: Path, into: Path) -> Path:
    """The kit's own wheel, built from the source checkout."""
    into.mkdir(parents=True, exist_ok=True)
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-w", str(into),
          str(root)], "building the kit's wheel")
    return next(into.glob("savannah_kit-*.whl"))


def _pin(name: str, lock: dict) -> str:
    """``name==version``: this environment's version (the one the tests run), else Pyodide's."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"{name}=={version(name)}"
    except PackageNotFoundError:
        entry = lock["packages"].get(name)
        return f"{name}=={entry['version']}" if entry else name


def _find(folder: Path, spec: str):
    from packaging.utils import parse_wheel_filename

    name, _, version = spec.partition("==")
    for wheel in folder.glob("*.whl"):
        got, got_version, _build, _tags = parse_wheel_filename(wheel.name)
        if canonical(str(got)) == name and (not version or str(got_version) == version):
            return wheel
    return None


def _requires(wheel: Path, python: str) -> List[str]:
    """The names ``wheel`` needs in the browser (its markers read for Pyodide), less the left-outs."""
    from packaging.requirements import Requirement

    env = {"sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
           "os_name": "posix", "python_version": ".".join(python.split(".")[:2]), "python_full_version": python,
           "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        lines = z.read(meta).decode("utf-8").splitlines()
    names = []
    for line in lines:
        if not line.strip():
            break  # the headers end; the description follows
        if line.startswith("Requires-Dist:"):
            req = Requirement(line.split(":", 1)[1].strip())
            if (req.marker is None or req.marker.evaluate(env)) and canonical(req.name) not in LEFT_OUT:
                names.append(canonical(req.name))
    return names


def browser_wheels(cache: Path, own: Dict[str, Path], lock: dict, log: Callable = print) -> Dict[str, Path]:
    """Every wheel the kernel and the kit need in the browser: ``own`` (the kit's and the kernel's
    wheels) and all they require, pure-Python wheels fetched from PyPI once and kept in ``cache``."""
    python = lock["info"]["python"]
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    have = dict(own)
    wanted = {canonical(n) for n in KERNEL_NEEDS}
    for wheel in own.values():
        wanted.update(_requires(wheel, python))
    while True:
        todo = sorted(wanted - set(have))
        if not todo:
            return have
        specs = [_pin(name, lock) for name in todo]
        missing = [s for s in specs if _find(folder, s) is None]
        if missing:
            log(f"fetching {len(missing)} wheels from PyPI: {', '.join(missing)}")
            _run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--no-deps",
                  "--only-binary=:all:", "--platform", "any", "--implementation", "py",
                  "--python-version", python.rsplit(".", 1)[0], "-d", str(folder), *missing], "pip download")
        for name, spec in zip(todo, specs):
            have[name] = _find(folder, spec)
            if have[name] is None:
                raise SystemExit(f"savannah-kit site: no pure-Python wheel of {spec} on PyPI")
            wanted.update(_requires(have[name], python))


def _imports(wheel: Path) -> List[str]:
    """The top-level modules a wheel installs."""
    with zipfile.ZipFile(wheel) as z:
        tops = {n.split("/")[0] for n in z.namelist()}
    return sorted(t[:-3] if t.endswith(".py") else t for t in tops
                  if not t.endswith((".dist-info", ".data", ".pth")) and (t.endswith(".py") or "." not in t))


def write_lock(runtime_lock: dict, wheels: Dict[str, Path], path: Path) -> None:
    """A Pyodide package list naming exactly ``wheels`` (copied beside it), each with its sha256."""
    python = runtime_lock["info"]["python"]
    from packaging.utils import parse_wheel_filename

    packages = {}
    for name, wheel in sorted(wheels.items()):
        shutil.copyfile(wheel, path.parent / wheel.name)
        packages[name] = {
            "name": name, "version": str(parse_wheel_filename(wheel.name)[1]), "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": _imports(wheel),
            "depends": sorted(d for d in set(_requires(wheel, python)) if d in wheels),
            "unvendored_tests": False}
    path.write_text(json.dumps({"info": runtime_lock["info"], "packages": packages}, indent=1), "utf-8")


# -- the site -----------------------------------------------------------------------------------
def stage_notebooks(root: Path, into: Path) -> List[str]:
    """Copy the site's notebooks into ``into``, each set to the browser's Python kernel."""
    names = notebooks(root)
    for name in names:
        nb = json.loads((root / "notebooks" / name).read_text("utf-8"))
        nb.setdefault("metadata", {})["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                                       "language": "python"}
        (into / name).parent.mkdir(parents=True, exist_ok=True)
        (into / name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return names


def lite_config(packages: Iterable[str]) -> dict:
    """``jupyter-lite.json``: the kernel loads every shipped package at start and never looks
    past the site for more."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "savannah_kit lessons",
        "litePluginSettings": {KERNEL_PLUGIN: {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": sorted(packages), "env": {"SAVANNAH_KIT_HOME": DRIVE_HOME}}}}}}


def front_page(names: List[str]) -> str:
    """The site's index.html: every notebook with a link that opens it, and what is left out."""
    titles = {spec.teaching.lesson_notebooks: spec.title for spec in registered_games().values()}
    groups: Dict[str, List[str]] = {}
    for name in names:
        groups.setdefault(name.split("/")[0] if "/" in name else "", []).append(name)
    parts = []
    for folder, items in groups.items():
        heading = titles.get(folder, folder.capitalize() or "Start")
        links = "".join(f'<li><a href="lab/index.html?path={html.escape(n)}">{html.escape(_label(n))}</a></li>'
                        for n in items)
        parts.append(f"<h2>{html.escape(heading)}</h2><ul>{links}</ul>")
    left = "".join(f"<li><code>{html.escape(f)}/</code>: {html.escape(why)}</li>"
                   for f, why in LEFT_OUT_FOLDERS.items())
    return (f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>savannah_kit: the lessons</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<!-- the apps read their settings from here (the jupyter-lite.json beside this page adds the rest) -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<style>body{{font:17px/1.5 system-ui,sans-serif;max-width:46em;margin:2em auto;padding:0 1em;color:#222}}
h2{{margin-bottom:.2em}} a{{color:#2a5d9f}} .note{{background:#f6f1e4;padding:.6em 1em;border-radius:6px}}</style>
</head><body>
<h1>savannah_kit: the lessons</h1>
<p>Savernake Forest, Savannah Tails and Circle of Life: on the Savannah, taught one idea at a time
with boards you can click. Everything runs here in your browser: nothing to install. Open a
notebook, then run it (<b>Run &#9656; Run All Cells</b>). Your work and your solved exercises are
kept in this browser.</p>
<p><a href="lab/index.html?path={START}">Start here</a> &middot;
<a href="lab/index.html">all notebooks</a></p>
{''.join(parts)}
<div class="note"><p>Left out of this website (they run in the full kit, <code>./kit start</code>):</p>
<ul>{left}</ul>
<p>Pictures show as SVG only here, and the printable handouts (PDF) are not made in the browser.</p></div>
</body></html>
""")


def _label(name: str) -> str:
    stem = Path(name).stem
    number, _, rest = stem.partition("_")
    text = rest if number.isdigit() else stem
    return (f"{int(number)}. " if number.isdigit() else "") + text.replace("_", " ").capitalize()


def build(out: Path, root: Path = ROOT, cache: Optional[Path] = None, log: Callable = print) -> Path:
    """Build the site into ``out`` (replaced); returns it."""
    cache = Path(cache) if cache else cache_dir() / "site"
    out = Path(out).resolve()
    runtime = pyodide_runtime(cache, log)
    runtime_lock = json.loads((runtime / "pyodide-lock.json").read_text("utf-8"))
    with tempfile.TemporaryDirectory(prefix="savannah-kit-site-") as tmp:
        work = Path(tmp)
        own = dict(kernel_wheels())
        own["savannah-kit"] = kit_wheel(root, work / "kit")
        wheels = browser_wheels(cache, own, runtime_lock, log)
        lite = work / "lite"
        pyodide = lite / "static" / "pyodide"
        pyodide.mkdir(parents=True)
        for name in PYODIDE_FILES:
            shutil.copyfile(runtime / name, pyodide / name)
        write_lock(runtime_lock, wheels, pyodide / "pyodide-lock.json")
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(wheels), indent=1), "utf-8")
        (lite / "overrides.json").write_text(json.dumps(LAB_SETTINGS, indent=1), "utf-8")
        contents = work / "contents"
        names = stage_notebooks(root, contents)
        if out.exists():
            shutil.rmtree(out)
        log(f"building the site: {len(names)} notebooks, {len(wheels)} wheels, Pyodide {pyodide_version()}")
        extensions = work / "labextensions"
        for name in EXTENSIONS:
            shutil.copytree(LABEXTENSIONS / name, extensions / name)
        _run([sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite), "--contents", str(contents),
              "--output-dir", str(out), "--apps", "lab", "--no-sourcemaps", "--no-unused-shared-packages",
              "--ignore-sys-prefix", f"--FederatedExtensionAddon.extra_labextensions_path={extensions}"],
             "jupyter lite build", cwd=lite)
    (out / "index.html").write_text(front_page(names), "utf-8")
    check(out)
    return out


def check(site: Path) -> None:
    """The built site loads nothing from elsewhere: its kernel's Pyodide is its own."""
    config = json.loads((site / "jupyter-lite.json").read_text("utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"][KERNEL_PLUGIN]
    if not kernel.get("pyodideUrl", "").startswith("./") or not kernel.get("disablePyPIFallback"):
        raise SystemExit(f"savannah-kit site: the kernel would load Pyodide from {kernel.get('pyodideUrl')!r}")


def size(site: Path) -> int:
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
