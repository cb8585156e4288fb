# atspi.py — Levels for tests/test-atspi.py: a move by keyboard, found by
# the cells' names (T is test-atspi, with its helpers).
# SPDX-License-Identifier: GPL-3.0-or-later
import re


def is_cell(name):
    return re.match(r'^[a-o]\d+, ', name)


def play(t, app, view):
    """A white level 4 of the first rank to a cell it can reach, by
    keyboard."""
    t.focus_board(app, view, is_cell)
    piece = t.find(view, role='push button', match=lambda o: re.match(r'^[a-i]1, white level 4', o.name))
    t.move_focus_to(app, piece.name)
    t.key('Return')
    target = t.wait(lambda: t.find(view, role='push button', match=lambda o: 'can' in o.name and 'empty' in o.name),
                    'a cell the piece can reach')
    t.move_focus_to(app, target.name)
    t.key('Return')
