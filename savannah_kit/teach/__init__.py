"""The teaching parts shared by every game's lessons: exercises, progress, handouts.

Game-agnostic on purpose: a game's ``lessons`` module declares its exercises with
these parts; the notebooks, the rule coverage report and the teacher pack read them.
"""
