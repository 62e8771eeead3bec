"""The classroom server: a class plays at several tables, each student in their own browser.

``rooms`` (tables, seats, tokens, teacher actions; pure Python), ``store`` (SQLite: every
accepted move is kept before it is acknowledged), ``views`` (what one browser may see),
``server`` (Tornado pages and websockets), ``pages/`` (the browser side). Started by
``savannah-kit classroom GAME``.
"""
