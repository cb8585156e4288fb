# atspi.py — Kombi for tests/test-atspi.py: a move by keyboard, found by
# the fields' names (T is test-atspi, with its helpers).
# SPDX-License-Identifier: GPL-3.0-or-later


def is_cell(name):
    return name.startswith('Field ') or ', sector ' in name


def play(t, app, view):
    """A free field claimed, by keyboard."""
    t.focus_board(app, view, is_cell)
    target = t.wait(lambda: t.find(view, role='push button', match=lambda o: o.name.startswith('Field ')
                                   and ', free' in o.name), 'a free field')
    t.move_focus_to(app, target.name)
    t.key('Return')
