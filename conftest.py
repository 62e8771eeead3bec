"""Test runs keep their own data folder: the progress file a lesson writes goes to a
fresh temporary folder (set before any notebook kernel starts), so a learner's real
progress is never touched and stored notebook outputs never depend on it."""

import os
import tempfile


def pytest_configure(config):
    os.environ["SAVANNAH_KIT_HOME"] = tempfile.mkdtemp(prefix="savannah_kit_home_")
