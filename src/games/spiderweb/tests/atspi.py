# atspi.py — Spider Web for tests/test-atspi.py: a move by keyboard, found
# by the nodes' names (T is test-atspi, with its helpers).
# SPDX-License-Identifier: GPL-3.0-or-later


def is_cell(name):
    return name.startswith('ring ')


def play(t, app, view):
    """A piece placed on a free node, by keyboard."""
    t.focus_board(app, view, is_cell)
    target = t.wait(lambda: t.find(view, role='push button', match=lambda o: 'a piece may be placed here' in o.name),
                    'a free node')
    t.move_focus_to(app, target.name)
    t.key('Return')
