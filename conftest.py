"""Test runs keep their own data folder: the progress file a lesson writes goes to a
fresh temporary folder (set before any notebook kernel starts, once per process, so
each parallel worker has its own), so a learner's real progress is never touched and
stored notebook outputs never depend on it.

The test tiers (ARCHITECTURE.md, "Test tiers"): every notebook cell nbval collects is
marked ``notebooks`` and every test under ``tests/browser`` ``browser``; ``./kit test
--quick`` leaves out the ``slow``, ``notebooks`` and ``browser`` tests. Under pytest-xdist
with ``--dist loadgroup`` the work is shared out by `TierScheduling` below."""

import os
import tempfile

import pytest


def pytest_configure(config):
    os.environ["SAVANNAH_KIT_HOME"] = tempfile.mkdtemp(prefix="savannah_kit_home_")


def _is_notebook(nodeid: str) -> bool:
    return nodeid.split("::", 1)[0].endswith(".ipynb")


def _is_browser(nodeid: str) -> bool:
    return nodeid.startswith("tests/browser/")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _is_notebook(item.nodeid):
            item.add_marker(pytest.mark.notebooks)
        elif _is_browser(item.nodeid):
            item.add_marker(pytest.mark.browser)  # whether or not its module says so
    if hasattr(config, "workerinput"):  # a parallel worker: the queue starts with the longest work
        items.sort(key=lambda item: queue_rank(item.nodeid))


def work_unit(nodeid: str) -> str:
    """What one parallel worker runs as a whole: a file (a notebook's cells share one kernel,
    in order), or all the browser tests (one JupyterLab, one Voila and one Chromium serve them)."""
    return "tests/browser" if _is_browser(nodeid) else nodeid.split("::", 1)[0]


def queue_rank(nodeid: str) -> int:
    """Longest work first: the browser tests, then the notebooks, then the rest (files of
    seconds), so that no long unit is left for the end while the other worker waits."""
    return 0 if _is_browser(nodeid) else 1 if _is_notebook(nodeid) else 2


try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # pytest-xdist is in the ``test`` extra; without it the suite runs serially
    pass
else:
    class TierScheduling(LoadScopeScheduling):
        """``--dist loadgroup`` by `work_unit`, queued by `queue_rank`. (pytest-xdist's own
        loadgroup reads ``xdist_group`` marks by rewriting node ids, which pytest 9.2 ignores.)"""

        def __init__(self, config, log=None):
            super().__init__(config, log)
            config.option.loadscopereorder = False  # keep the workers' longest-first order

        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_make_scheduler(config, log):
        if config.getvalue("dist") == "loadgroup":
            return TierScheduling(config, log)
        return None
