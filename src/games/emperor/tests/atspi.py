# atspi.py — Emperor Chess for tests/test-atspi.py: a move by keyboard,
# found by the squares' names (T is test-atspi, with its helpers).
# SPDX-License-Identifier: GPL-3.0-or-later
import re


def is_cell(name):
    return re.match(r'^[a-j]\d+, ', name)


def play(t, app, view):
    """The king's pawn two squares on, by keyboard."""
    t.focus_board(app, view, is_cell)
    t.move_focus_to(app, 'e2, white pawn')
    t.key('Return')
    t.wait(lambda: t.find(view, role='push button', name='e2, white pawn, picked up'), 'e2 picked up')
    target = t.wait(lambda: t.find(view, role='push button', match=lambda o: o.name.startswith('e4, empty')
                                   and 'it can go here' in o.name), 'e4 as a target')
    t.move_focus_to(app, target.name)
    t.key('Return')
