"""Interrupting a study or a comparison, the two ways a user does: Ctrl-C (a progress callback
raising ``KeyboardInterrupt``) and a process killed outright."""

import subprocess
import sys
import textwrap


def stop_after(k):
    """A progress callback that interrupts the run once ``k`` games are finished."""
    def progress(done, total):
        if done >= k:
            raise KeyboardInterrupt
    return progress


def killed_after(k, call: str, folder) -> int:
    """Run ``call`` (``lab.study(...)`` or ``lab.compare(...)`` with ``progress=die``) in a new
    process killed outright once ``k`` games are finished; returns its exit code (9)."""
    script = folder / "run.py"
    script.write_text(textwrap.dedent(f"""
        import os
        from savannah_kit import lab

        def die(done, total):
            if done >= {k}:
                os._exit(9)

    """) + call + "\n")
    return subprocess.run([sys.executable, str(script)], timeout=300).returncode
