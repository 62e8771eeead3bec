"""One switch for finding bugs rather than hiding them.

Normally a crash inside a game's refusal diagnosis, scenario reader or move
reader is turned into a named refusal (``IllegalMove``, ``ScenarioError``,
``SaveFileError``), so a learner never sees a traceback. The fuzz suite and
``python -m savannah_kit.fuzz`` turn this on (as does the environment variable
``SAVANNAH_KIT_RAISE_INTERNAL_ERRORS=1``) so that such crashes surface and get fixed.
"""

import os

RAISE_INTERNAL_ERRORS = bool(os.environ.get("SAVANNAH_KIT_RAISE_INTERNAL_ERRORS"))
