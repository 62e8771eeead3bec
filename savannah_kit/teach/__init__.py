"""The teaching parts shared by every game's lessons: exercises, progress, handouts.

Game-agnostic on purpose: a game's exercises are records in its ``lessons.json``, read by
``records`` into these parts with the named functions of its ``lessons`` module; the notebooks,
the rule coverage report and the teacher pack read them.
"""
