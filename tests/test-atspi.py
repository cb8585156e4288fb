#!/usr/bin/python3
# test-atspi.py APP CLI [GAME…] — Ludoteka as a screen reader user meets it,
# through the accessibility bus (AT-SPI), not GTK's test backend: the real
# app, controls found by their accessible names only, moves played by
# keyboard. For each game against the computer: start it, play, undo, play
# again, save to a file, quit, start again with the file and find the same
# position in the accessibility tree. On every screen it counts the
# actionable objects and fails on any with an empty or type-like name.
#
# The games are those the CLI lists (ludoteka-cli --help), each named as
# its sample save's moves as text say (its window's title); how a move of
# a game is played by keyboard is the game's own, in its folder:
# LUDOTEKA_GAMES_SRCDIR/ID/tests/atspi.py (is_cell, play, and maybe a
# prelude before the first move and SCENARIOS of its own). GAME…: names of
# games to play (all of them by default).
#
# SPDX-License-Identifier: GPL-3.0-or-later
import importlib.util
import os
import xml.etree.ElementTree as ET
import re
import shutil
import subprocess
import sys
import tempfile
import time

# the games' atspi.py are read from the source tree: no __pycache__ there
sys.dont_write_bytecode = True

# the AT-SPI client library warns of what the app's objects do as they come
# and go: not fatal here (the app keeps the suite's G_DEBUG)
APP_G_DEBUG = os.environ.pop('G_DEBUG', None)

import pyatspi  # noqa: E402
from pyatspi import Registry  # noqa: E402

APP = sys.argv[1] if len(sys.argv) > 1 else None
CLI = sys.argv[2] if len(sys.argv) > 2 else None
GAMES_SRCDIR = os.environ.get('LUDOTEKA_GAMES_SRCDIR')
# the quick suite (LUDOTEKA_TEST_SCALE under 1) plays one game, the first
# that needs no prelude; the screens and dialogs every game shares are all
# visited
REDUCED = float(os.environ.get('LUDOTEKA_TEST_SCALE') or 1) < 1
ENV = None


class Game:
    """A game of the registry: its id, its name, its sample save and how
    it is played by keyboard (its folder's atspi.py)."""

    def __init__(self, game_id):
        self.id = game_id
        self.folder = os.path.join(GAMES_SRCDIR, game_id, 'tests')
        self.sample = os.path.join(self.folder, 'data', 'good', game_id + '-selfplay.ludoteka')
        self.name = cli('export', '--text', '-', self.sample).splitlines()[0]
        spec = importlib.util.spec_from_file_location('atspi_' + game_id, os.path.join(self.folder, 'atspi.py'))
        self.play = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(self.play)


def cli(*args):
    return subprocess.run([CLI] + list(args), capture_output=True, text=True, check=True).stdout


def registry_games():
    """The games, in the order of the chooser."""
    listed = re.search(r'^Games: (.*)$', cli('--help'), re.M)
    return [Game(game_id) for game_id in listed.group(1).split()]


KEYSYMS = {
    'Tab': 0xff09, 'Return': 0xff0d, 'Escape': 0xff1b, 'space': 0x20, 'question': 0x3f,
    'Left': 0xff51, 'Up': 0xff52, 'Right': 0xff53, 'Down': 0xff54, 'F1': 0xffbe,
}
CONTROL, SHIFT = 1 << 2, 1 << 0
TYPE_LIKE = re.compile(r'^(Gtk|Adw|Gdk|Ludo)[A-Z]\w*$')

counts = {'objects': 0, 'actionable': 0, 'named': 0, 'unnamed': 0}
failures = []
test_number = 0


def ok(good, what):
    global test_number
    test_number += 1
    print(('ok %d - %s' if good else 'not ok %d - %s') % (test_number, what), flush=True)
    if not good:
        failures.append(what)
    return good


def note(text):
    for line in str(text).splitlines():
        print('# ' + line, flush=True)


def wait(condition, what, timeout=30.0):
    """Polls CONDITION until it gives something true; fails after TIMEOUT s."""
    end = time.monotonic() + timeout
    while True:
        try:
            result = condition()
        except Exception:   # an object that went away meanwhile
            result = None
        if result:
            return result
        if time.monotonic() > end:
            raise TimeoutError('waited %.0f s for %s' % (timeout, what))
        time.sleep(0.1)


def walk(obj, skip=None):
    """Every object under OBJ, OBJ first, skipping the ones that vanish
    (and those under one that SKIP matches)."""
    try:
        children = list(obj)
        if skip is not None and skip(obj):
            return
    except Exception:
        return
    yield obj
    for child in children:
        if child is not None:
            yield from walk(child, skip)


def find(root, role=None, name=None, match=None):
    for obj in walk(root):
        try:
            if role and obj.getRoleName() != role:
                continue
            if name is not None and obj.name != name:
                continue
            if match and not match(obj):
                continue
            return obj
        except Exception:
            continue
    return None


def find_all(root, role=None, match=None):
    found = []
    for obj in walk(root):
        try:
            if (role is None or obj.getRoleName() == role) and (match is None or match(obj)):
                found.append(obj)
        except Exception:
            continue
    return found


def key(name, modifiers=0):
    if modifiers:
        Registry.generateKeyboardEvent(modifiers, None, pyatspi.KEY_LOCKMODIFIERS)
    if name in KEYSYMS:
        Registry.generateKeyboardEvent(KEYSYMS[name], None, pyatspi.KEY_SYM)
    else:
        Registry.generateKeyboardEvent(ord(name), None, pyatspi.KEY_SYM)
    if modifiers:
        Registry.generateKeyboardEvent(modifiers, None, pyatspi.KEY_UNLOCKMODIFIERS)
    time.sleep(0.15)


def type_text(text):
    # a Latin-1 character's X keysym is its code point
    for ch in text:
        Registry.generateKeyboardEvent(ord(ch), None, pyatspi.KEY_SYM)
        time.sleep(0.02)
    time.sleep(0.2)


def extents(obj):
    return obj.queryComponent().getExtents(pyatspi.WINDOW_COORDS)


class App:
    def __init__(self, *args):
        # A start, not a speed test: a sanitized build on a busy machine is
        # slow. Twice, on the first start of a run, the app could not open
        # the display and ended at once (the cause is not known): an app
        # that ends before it shows is started again, not waited for.
        for attempt in range(3):
            self.process = subprocess.Popen([APP] + list(args), env=ENV)
            self.app = wait(self._find_app, 'the app on the accessibility bus', timeout=120)
            if not isinstance(self.app, str):
                return
            note('the app ended before it showed (exit status %d): started again' % self.process.returncode)
            time.sleep(1)
        raise AssertionError('the app ended before it showed, three times')

    def _find_app(self):
        if self.process.poll() is not None:
            return 'ended'
        for app in Registry.getDesktop(0):
            if app is not None and app.get_process_id() == self.process.pid:
                return app
        return None

    def window(self, name):
        return wait(lambda: find(self.app, name=name, match=lambda o: o.getRoleName() in ('frame', 'dialog', 'filler')
                                 and o.parent is not None and o.parent.getRoleName() == 'application'),
                    'the window "%s"' % name)

    def focused(self):
        return find(self.app, match=lambda o: o.getState().contains(pyatspi.STATE_FOCUSED))

    def focus_by_tab(self, name, limit=40):
        """Tab through the window until NAME has the focus, as a person would."""
        for _ in range(limit):
            f = self.focused()
            if f is not None and f.name == name:
                return f
            key('Tab')
        raise AssertionError('Tab never reached "%s"' % name)

    def quit(self):
        """Ctrl+Q; the app must end, and end well: a crash, or in a
        sanitized build an error (leaks aside, see main), fails here."""
        key('q', CONTROL)
        try:
            status = self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise
        if status != 0:
            raise AssertionError('the app ended with exit status %d after Ctrl+Q' % status)

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


MNEMONIC = re.compile(r'(?<![\w_])_[^\W_]')
REPEATED = re.compile(r'^(.+) \1$')
per_screen = []


def interactive(obj):
    """Actionable, or a stop for the keyboard."""
    try:
        if obj.getState().contains(pyatspi.STATE_FOCUSABLE):
            return True
    except Exception:
        return False
    try:
        return obj.queryAction().nActions > 0
    except Exception:
        return False


def name_fault(name):
    """What is wrong with an interactive object's name, or None."""
    name = name.strip()
    if name == '':
        return 'empty'
    if TYPE_LIKE.match(name):
        return 'a type name'
    if REPEATED.match(name):
        return 'said twice'
    if MNEMONIC.search(name):
        return 'a mnemonic underscore'
    return None


def audit(root, where, skip=None):
    """Counts the interactive objects under ROOT (actionable, or taking the
    keyboard); any with an empty name, a type's name, a name said twice or
    a mnemonic's underscore fails. Objects under one that SKIP matches are
    not Ludoteka's."""
    bad = []
    seen = 0
    for obj in walk(root, skip):
        counts['objects'] += 1
        try:
            if not interactive(obj):
                continue
            name = obj.name
            role = obj.getRoleName()
        except Exception:
            continue
        counts['actionable'] += 1
        seen += 1
        fault = name_fault(name)
        if fault:
            counts['unnamed'] += 1
            bad.append('%s "%s": %s' % (role, name, fault))
        else:
            counts['named'] += 1
    per_screen.append((where, seen))
    ok(not bad, 'every interactive object is named: %s (%d)' % (where, seen))
    for b in bad:
        note('badly named: ' + b)


# ----------------------------------------------------------------------------
# The board, by keyboard

def board(app, game):
    return wait(lambda: find(app.app, role='filler', name=game), 'the %s board' % game)


def cells(view):
    return find_all(view, role='push button',
                    match=lambda o: o.parent is not None and o.getRoleName() == 'push button')


def cell_names(view):
    return [c.name for c in find_all(view, role='push button')]


def move_focus_to(app, target_name, limit=60):
    """Arrow keys towards the cell named TARGET_NAME, by where it is on
    the screen, until it has the focus."""
    for _ in range(limit):
        f = app.focused()
        if f is not None and f.name == target_name:
            return f
        target = find(app.app, role='push button', name=target_name)
        if f is None or target is None:
            raise AssertionError('no focus or no "%s"' % target_name)
        fx, fy, fw, fh = extents(f)
        tx, ty, tw, th = extents(target)
        dx = (tx + tw / 2) - (fx + fw / 2)
        dy = (ty + th / 2) - (fy + fh / 2)
        if abs(dx) > abs(dy):
            key('Right' if dx > 0 else 'Left')
        else:
            key('Down' if dy > 0 else 'Up')
    raise AssertionError('the arrows never reached "%s"' % target_name)


def focus_board(app, view, is_cell):
    """Tabs into the board: the focus lands on its cursor cell."""
    for _ in range(40):
        f = app.focused()
        if f is not None and is_cell(f.name):
            return f
        key('Tab')
    raise AssertionError('Tab never reached the board')


def status(app):
    s = find(app.app, role='status bar')
    return s.name if s is not None else ''


def moves(app):
    lst = find(app.app, role='list', name='Moves')
    return [c.name for c in find_all(lst, role='list item')] if lst is not None else []


def position(app):
    """The row of the move list that is selected: the position shown."""
    lst = find(app.app, role='list', name='Moves')
    rows = find_all(lst, role='list item') if lst is not None else []
    for i, row in enumerate(rows):
        if row.getState().contains(pyatspi.STATE_SELECTED):
            return i
    return -1


def wait_for_turn(app, ply):
    """Until the game is at PLY and nobody is thinking."""
    wait(lambda: position(app) == ply and 'thinking' not in status(app),
         'the position after move %d, and the computer done' % ply, timeout=60)
    time.sleep(0.3)


def save_as(app, path):
    key('s', CONTROL | SHIFT)
    chooser = wait(lambda: find(app.app, match=lambda o: o.getRoleName() in ('dialog', 'frame', 'filler')
                                and o.parent is not None and o.parent.getRoleName() == 'application'
                                and o.name not in ('', ) and 'Ludoteka' not in o.name),
                   'the file chooser')
    time.sleep(0.5)
    # the name field has the focus; a screen reader fills it in through
    # the field's editable text, as a person types it
    name = wait(app.focused, 'the focus in the file chooser')
    ok(name.getRoleName() == 'text' and name.getState().contains(pyatspi.STATE_EDITABLE),
       'the file chooser opens with the focus in its name field (%s)' % chooser.name)
    name.queryEditableText().setTextContents(path)
    key('Return')
    wait(lambda: os.path.exists(path), 'the save at %s' % path)


def play_game(g, folder):
    game = g.name
    path = os.path.join(folder, g.id + '.ludoteka')
    app = App()
    try:
        main = app.window('Ludoteka')
        audit(main, 'the game chooser')
        app.focus_by_tab(game)
        key('Return')
        dialog = app.window('New Game')
        ok(dialog.getRoleName() == 'dialog', 'the New Game dialog is a dialog (%s)' % dialog.getRoleName())
        audit(dialog, 'the New Game dialog of %s' % game)
        seat = find(dialog, role='combo box', name='Player 2')
        ok(seat is not None and find(seat, role='label', match=lambda o: o.name.startswith('Computer')) is not None,
           '%s: the second player is the computer' % game)
        app.focus_by_tab('Start')
        key('Return')
        app.window('%s — Ludoteka' % game)
        view = board(app, game)
        wait_for_turn(app, 0)
        if hasattr(g.play, 'prelude'):
            g.play.prelude(THIS, app, view)
        before = position(app)
        start = cell_names(view)

        g.play.play(THIS, app, view)
        wait_for_turn(app, before + 2)
        played = moves(app)
        note('%s: %s' % (game, '; '.join(played)))
        ok(True, '%s: a move by keyboard and the computer’s answer' % game)
        # the computer's move is in a status line, which a screen reader
        # reads out when it changes
        answer = played[position(app)]
        ok(find(app.app, role='status bar', name=answer) is not None,
           '%s: the computer’s move is announced (“%s”)' % (game, answer))
        audit(app.app, '%s in play' % game)

        # Undo takes back the computer's answer and the move before it
        undo = find(app.app, role='push button', name='Undo')
        undo.queryAction().doAction(0)
        wait(lambda: cell_names(view) == start, 'the board as it was before the move, after Undo')
        ok(True, '%s: Undo gives back the position before the move' % game)

        g.play.play(THIS, app, view)
        wait_for_turn(app, before + 2)
        saved = cell_names(view)
        listed = moves(app)

        save_as(app, path)
        ok(os.path.getsize(path) > 0, '%s: saved to %s' % (game, os.path.basename(path)))
        app.quit()
        ok(True, '%s: quit with Ctrl+Q' % game)
    finally:
        app.kill()

    app = App(path)
    try:
        app.window('%s — Ludoteka' % game)
        view = board(app, game)
        wait(lambda: len(moves(app)) == len(listed), 'the moves read back')
        again = cell_names(view)
        ok(again == saved, '%s: the file opens at the same position (%d cells named alike)' % (game, len(again)))
        if again != saved:
            for a, b in zip(saved, again):
                if a != b:
                    note('before: %s / after: %s' % (a, b))
        ok(moves(app) == listed, '%s: the same %d moves in the list' % (game, len(listed)))
        audit(app.app, '%s opened from its file' % game)
    finally:
        app.kill()


def actionable(obj):
    try:
        return obj.queryAction().nActions > 0
    except Exception:
        return False


def other_windows(first):
    """Preferences (Ctrl+comma) and Statistics (the main menu): every
    actionable object of theirs is named too (in Preferences, the players
    and options of the FIRST game)."""
    app = App()
    try:
        main = app.window('Ludoteka')
        key(',', CONTROL)
        preferences = app.window('Preferences')
        audit(preferences, 'the Preferences window')
        games = wait(lambda: find(preferences, name='Games', match=actionable), 'the Games page of Preferences')
        games.queryAction().doAction(0)
        app.focus_by_tab(first.name)
        key('Return')
        wait(lambda: find(preferences, role='combo box', name='Player 2'), 'the %s players in Preferences' % first.name)
        audit(preferences, 'the players and options of %s in Preferences' % first.name)
        key('Escape')
        key('w', CONTROL)
        wait(lambda: find(app.app, name='Preferences', match=lambda o: o.getRoleName() == 'frame') is None,
             'Preferences closed')

        menu = wait(lambda: find(main, name='Main menu', match=actionable), 'the main menu button')
        menu.queryAction().doAction(0)
        item = wait(lambda: find(app.app, name='Statistics', match=actionable), 'the Statistics menu item')
        item.queryAction().doAction(0)
        statistics = app.window('Statistics')
        audit(statistics, 'the Statistics window')
        ok(find(statistics, name='No Finished Games Yet') is not None,
           'Statistics: a new user has no finished games')
        app.quit()
    finally:
        app.kill()


def near_end(g, folder):
    """G's sample save one move from its end, between people (the last
    move kept for Redo); and the result it ends with, in the CLI's words,
    which are the window's."""
    with open(g.sample) as f:
        text = f.read()
    plies = int(re.search(r'<moves position="(\d+)"', text).group(1))
    text = re.sub(r'<moves position="\d+"', '<moves position="%d"' % (plies - 1), text)
    text = re.sub(r'kind="computer"( level="\w+")?', 'kind="human"', text)
    path = os.path.join(folder, 'near-end.ludoteka')
    with open(path, 'w') as f:
        f.write(text)
    result = re.search(r'^Result: (.*)$', cli('export', '--ply', str(plies), '--text', '-', path), re.M).group(1)
    return path, result


def open_menu_item(app, main, label):
    menu = wait(lambda: find(main, name='Main menu', match=actionable), 'the main menu button')
    menu.queryAction().doAction(0)
    item = wait(lambda: find(app.app, name=label, match=actionable), 'the menu item %s' % label)
    item.queryAction().doAction(0)


def top_window(app, match, what):
    try:
        return wait(lambda: find(app.app, match=lambda o: o.parent is not None
                                 and o.parent.getRoleName() == 'application' and match(o)), what)
    except TimeoutError:
        note('windows: %s' % ', '.join('%s "%s"' % (w.getRoleName(), w.name) for w in app.app))
        raise


def end_and_dialogs(g, folder):
    """The end of a game (of G, its sample one move from the end, between
    people), reached by a key: the focus on Play Again and the result in a
    status line. Then every dialog a game window opens: New Game, the
    abandon prompt, Export, Keyboard Shortcuts."""
    path, result = near_end(g, folder)
    app = App(path)
    try:
        main = app.window('%s — Ludoteka' % g.name)
        wait(lambda: find(app.app, role='push button', match=lambda o: o.name.startswith('Show the Board'))
             or find(app.app, role='filler', name=g.name), 'the game, or the privacy screen before it')
        key('z', CONTROL | SHIFT)
        focused = wait(lambda: (lambda f: f if f is not None and f.name == 'Play Again' else None)(app.focused()),
                       'the focus on Play Again', timeout=10)
        ok(focused is not None, 'the end of a game: the focus goes to Play Again')
        said = find(app.app, role='status bar', match=lambda o: result in o.name)
        ok(said is not None, 'the end of a game: the result is in a status line')
        audit(main, 'the end of a game')

        # a new game of it against the computer, a move played: in progress
        key('n', CONTROL)
        dialog = app.window('New Game')
        ok(dialog.getRoleName() == 'dialog', 'New Game is a dialog (%s)' % dialog.getRoleName())
        audit(dialog, 'the New Game dialog')
        app.focus_by_tab('Start')
        key('Return')
        wait(lambda: find(app.app, name='New Game', match=lambda o: o.getRoleName() == 'dialog') is None, 'the new game')
        view = board(app, g.name)
        wait_for_turn(app, 0)
        (getattr(g.play, 'prelude', None) or g.play.play)(THIS, app, view)
        time.sleep(1)

        key('n', CONTROL)
        dialog = app.window('New Game')
        app.focus_by_tab('Start')
        key('Return')
        prompt = top_window(app, lambda o: o.name == 'Abandon the Game in Progress?', 'the abandon prompt')
        ok(prompt.getRoleName() == 'dialog', 'the abandon prompt is a dialog')
        audit(prompt, 'the abandon prompt')
        f = wait(app.focused, 'the focus in the abandon prompt')
        ok(f.name == 'Keep Playing', 'the abandon prompt offers Keep Playing first (%s)' % f.name)
        key('Escape')
        wait(lambda: find(app.app, name='Abandon the Game in Progress?', match=lambda o: o.getRoleName() == 'dialog')
             is None, 'the abandon prompt closed')

        key('question', CONTROL | SHIFT)
        shortcuts = top_window(app, lambda o: o.name == 'Shortcuts' or o.name.startswith('Keyboard'), 'the shortcuts')
        audit(shortcuts, 'the Keyboard Shortcuts window')
        key('Escape')
        time.sleep(0.5)

        open_menu_item(app, main, 'Export Board as Picture…')
        chooser = top_window(app, lambda o: o.name == 'Export the Board as a Picture', 'the Export dialog')
        # GTK's own file chooser, which a GNOME desktop replaces by its
        # portal's: only what Ludoteka gives it is audited here
        audit(chooser, 'the Export dialog', skip=lambda o: o.name == 'GtkFileChooserWidget')
        key('Escape')
        time.sleep(0.5)
        app.kill()
    finally:
        app.kill()

    # an error: a file that is not there
    app = App(os.path.join(folder, 'no-such-game.ludoteka'))
    try:
        error = top_window(app, lambda o: o.name.startswith('Could Not Open'), 'the error')
        ok(error.getRoleName() == 'dialog', 'an error is a dialog')
        audit(error, 'an error')
        f = wait(app.focused, 'the focus in the error')
        ok(f.name == 'Close', 'the error’s Close has the focus (%s)' % f.name)
        key('Return')
        time.sleep(0.5)
        app.quit()
    finally:
        app.kill()


def first_quote(g):
    """The first quote of the game's manual page: the source's words and
    their language, and our translation under them (whitespace collapsed)."""
    page = ET.parse(os.path.join(GAMES_SRCDIR, g.id, 'help', g.id + '.page'))
    ns = {'mal': 'http://projectmallard.org/1.0/'}
    quote = page.find('.//mal:quote', ns)
    words = quote.find('mal:p', ns)
    translation = quote.find('mal:note/mal:p', ns)
    return (' '.join(''.join(words.itertext()).split()), words.get('{http://www.w3.org/XML/1998/namespace}lang'),
            ' '.join(''.join(translation.itertext()).split()))


def rules_languages(g, folder):
    """The rules pane (F1) as a screen reader reads it: the source's words
    in their own language, our translation and the rest in the page's."""
    words, lang, translation = first_quote(g)
    app = App(g.sample)
    try:
        app.window('%s — Ludoteka' % g.name)
        key('F1')

        def rules_text():
            for obj in walk(app.app):
                try:
                    text = obj.queryText()
                except NotImplementedError:
                    continue
                if words[:40] in text.getText(0, -1):
                    return text
            return None
        text = wait(rules_text, 'the rules pane with the words of the source')
        content = text.getText(0, -1)

        def language(at):
            attributes = text.getAttributeRun(at, True)[0]
            return next((a.split(':', 1)[1] for a in attributes if a.startswith('language:')), None)
        ok(language(content.index(words[:40]) + 1) == lang,
           '%s: the source\'s words in the rules pane are read in their language (%s)' % (g.name, lang))
        ok(language(content.index(translation[:40]) + 1) == 'en',
           '%s: the translation under them is read in the page\'s language (en)' % g.name)
        app.quit()
    finally:
        app.kill()


def main():
    global ENV
    folder = tempfile.mkdtemp(prefix='ludoteka-atspi-')
    ENV = dict(os.environ)
    for var in ('GTK_A11Y', 'NO_AT_BRIDGE'):
        ENV.pop(var, None)
    if APP_G_DEBUG:
        ENV['G_DEBUG'] = APP_G_DEBUG
    # In a sanitized build the app's exit status (App.quit) tells of its
    # errors, not of leaks: GTK 4.8 leaks what it builds to answer an AT-SPI
    # client (strings and key arrays, all allocated under GDBus's dispatch of
    # the client's calls). Ludoteka's own leaks are test-ui's and
    # test-valgrind's to find, where no client asks.
    ENV['ASAN_OPTIONS'] = ':'.join(filter(None, [ENV.get('ASAN_OPTIONS'), 'detect_leaks=0']))
    # a home of its own: no autosave of another run offered, no settings kept
    ENV.update({'XDG_DATA_HOME': os.path.join(folder, 'data'), 'XDG_CONFIG_HOME': os.path.join(folder, 'config'),
                'XDG_CACHE_HOME': os.path.join(folder, 'cache'), 'GSETTINGS_BACKEND': 'memory'})
    for var in ('XDG_DATA_HOME', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME'):
        os.makedirs(ENV[var])

    games = registry_games()
    if len(sys.argv) > 3:
        played = [g for g in games if g.name in sys.argv[3:]]
    elif REDUCED:
        played = [g for g in games if not hasattr(g.play, 'prelude')][:1]
    else:
        played = games
    for g in played:
        try:
            play_game(g, folder)
        except Exception as e:   # a step that never came: this game fails, the others run
            ok(False, '%s: %s' % (g.name, e))
    try:
        other_windows(games[0])
    except Exception as e:
        ok(False, 'Preferences and Statistics: %s' % e)
    try:
        end_and_dialogs(games[0], folder)
    except Exception as e:
        ok(False, 'the end of a game and the dialogs: %s' % e)
    try:
        rules_languages(games[0], folder)
    except Exception as e:
        ok(False, 'the rules pane\'s languages: %s' % e)
    # each game's own, last: they may leave an unfinished game, which the
    # next start offers
    for g in games:
        for scenario in getattr(g.play, 'SCENARIOS', []):
            try:
                scenario(THIS, folder)
            except Exception as e:
                ok(False, '%s: %s: %s' % (g.name, scenario.__name__, e))
    print('1..%d' % test_number)
    for where, n in per_screen:
        note('%4d interactive objects: %s' % (n, where))
    note('AT-SPI objects seen: %(objects)d; interactive: %(actionable)d, well named %(named)d, '
         'badly named %(unnamed)d' % counts)
    # the saves and homes are kept to look at when something failed
    if not failures:
        shutil.rmtree(folder, ignore_errors=True)
    sys.exit(1 if failures else 0)


# what the games' atspi.py use: this module's helpers
THIS = sys.modules[__name__]

if __name__ == '__main__':
    main()
