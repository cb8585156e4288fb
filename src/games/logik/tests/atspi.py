# atspi.py — Logik for tests/test-atspi.py: a code and a guess by keyboard,
# and the privacy screen between two people as a screen reader meets it
# (T is test-atspi, with its helpers).
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import time


def is_cell(name):
    return ', place ' in name


def prelude(t, app, view):
    """Logik begins with a code of one's own, which the computer answers
    with its own: two moves before the first guess."""
    t.focus_board(app, view, is_cell)
    t.type_text('abcde')
    t.ok(t.cell_names(view)[:5] == ['Your code, place %d: %s' % (i + 1, c) for i, c in
                                    enumerate(('red (A)', 'orange (B)', 'yellow (C)', 'green (D)', 'teal (E)'))],
         'Logik: the code typed by keyboard')
    t.key('Return', t.CONTROL)
    t.wait_for_turn(app, 2)


def play(t, app, view):
    """A guess typed and sent."""
    t.focus_board(app, view, is_cell)
    t.type_text('abcde')
    t.key('Return', t.CONTROL)


TWO_PEOPLE = """<?xml version="1.0" encoding="UTF-8"?>
<ludoteka version="1" game="logik">
  <seats><seat kind="human" name="Anna"/><seat kind="human" name="Bela"/></seats>
  <moves position="4">
    <move seat="0">code:ABCDE</move><move seat="1">code:EDCBA</move>
    <move seat="0">guess:AABBC</move><move seat="1">guess:CCDDE</move>
  </moves>
</ludoteka>
"""

# A code's peg or a peg being placed, with its colour: "Your code, place 1:
# red (A)", "Code of Bela, place 3: teal (E)", "Your guess, place 2: …"
# (the guesses of a finished round are everyone's)
SECRET = re.compile(r'^(Your code|Code of [^,]+|Your guess), place \d+: [^,]*\([A-J]\)$')


def secrets_shown(t, app):
    return [o.name for o in t.walk(app.app) if o.name and SECRET.search(o.name)]


def privacy_between_people(t, folder):
    """Logik between two people at one screen: the privacy screen hides
    every code and peg, also after Ctrl+Z pressed on it."""
    path = os.path.join(folder, 'two-people.ludoteka')
    with open(path, 'w') as f:
        f.write(TWO_PEOPLE)
    app = t.App(path)
    try:
        app.window('Logik — Ludoteka')
        show = t.wait(lambda: t.find(app.app, role='push button', name='Show the Board of Anna'),
                      'the privacy screen for Anna')
        t.audit(app.app, 'the privacy screen')
        shown = secrets_shown(t, app)
        t.ok(not shown, 'privacy: the board of a file opened between two people is hidden (%s)' % shown)
        show.queryAction().doAction(0)
        view = t.board(app, 'Logik')
        t.focus_board(app, view, is_cell)
        t.type_text('abcde')
        t.key('Return', t.CONTROL)
        t.wait(lambda: t.find(app.app, role='push button', name='Show the Board of Bela'),
               'the privacy screen for Bela')
        shown = secrets_shown(t, app)
        t.ok(not shown, 'privacy: nothing of Anna’s shows when the device goes to Bela (%s)' % shown)

        t.key('z', t.CONTROL)
        t.wait(lambda: t.position(app) == 4, 'Ctrl+Z on the privacy screen')
        time.sleep(0.5)
        t.ok(t.find(app.app, role='push button', name='Show the Board of Anna') is not None,
             'privacy: after Ctrl+Z the privacy screen asks for Anna')
        shown = secrets_shown(t, app)
        t.ok(not shown, 'privacy: Ctrl+Z on the privacy screen shows no code and no peg (%s)' % shown)
        t.key('z', t.CONTROL | t.SHIFT)
        t.wait(lambda: t.position(app) == 5, 'Ctrl+Shift+Z on the privacy screen')
        time.sleep(0.5)
        shown = secrets_shown(t, app)
        t.ok(not shown and t.find(app.app, role='push button', name='Show the Board of Bela') is not None,
             'privacy: Ctrl+Shift+Z on the privacy screen shows nothing either (%s)' % shown)
        app.quit()
    finally:
        app.kill()


# The game's own visits, after the shared ones (this one last of all: it
# leaves an unfinished game, which the next start offers)
SCENARIOS = [privacy_between_people]
