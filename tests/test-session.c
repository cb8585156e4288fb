/* test-session.c — who sees what, and no game lost: LudoSession without a
 * display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Privacy between people at one screen after every way the position can
 * change; the viewer following the position shown; one autosave for each
 * game, private, written off the main loop, offered at the next start;
 * saving over a read-only file, or a file changed on disk, refused.
 *
 * fsync () is this program's own (before the C library's in symbol
 * lookup): it notes a call from the main thread, and can hold the
 * autosave's writer until the test lets it go.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "core/ludo-autosave.h"
#include "core/ludo-save.h"
#include "core/ludo-session.h"
#include "ludo-testing.h"

static char *tmpdir;
static GThread *main_thread;

static GMutex gate_mutex;
static GCond gate_cond;
static gboolean gate_closed;
static gboolean gate_reached;
static gboolean fsync_on_main_thread;

int
fsync (int fd)
{
  static int (*real) (int);

  if (real == NULL)
    real = (int (*) (int)) dlsym (RTLD_NEXT, "fsync");
  if (g_thread_self () == main_thread)
    fsync_on_main_thread = TRUE;
  else
    {
      g_mutex_lock (&gate_mutex);
      gate_reached = TRUE;
      g_cond_broadcast (&gate_cond);
      while (gate_closed)
        g_cond_wait (&gate_cond, &gate_mutex);
      g_mutex_unlock (&gate_mutex);
    }
  return real (fd);
}

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

/* A game with secrets (the first of the registry), of two seats: Anna
 * and the second. */
static LudoGame *
secret_game (LudoSeatKind second)
{
  const LudoGameInfo *info = ludo_test_find_game (ludo_test_has_secrets);
  LudoGame *game = ludo_game_new (info->id, NULL, NULL);

  g_assert_cmpuint (ludo_game_get_n_seats (game), ==, 2);
  ludo_game_set_seed (game, 5);
  ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, "Anna");
  ludo_game_set_seat (game, 1, second, LUDO_LEVEL_EASY, second == LUDO_SEAT_HUMAN ? "Bela" : NULL);
  return game;
}

/* A move for the position: the first legal one, or the computer's. */
static void
play_some (LudoGame *game)
{
  g_assert_cmpuint (ludo_test_play_some (game, 1), ==, 1);
}

/* A game without secrets between people, plies into it. */
static LudoGame *
open_game (guint plies)
{
  const LudoGameInfo *info = ludo_test_find_game (ludo_test_no_secrets);
  LudoGame *game = ludo_game_new (info->id, NULL, NULL);

  g_assert_cmpuint (ludo_test_play_some (game, plies), ==, plies);
  return game;
}

static void
spin_until_idle (LudoSession *session)
{
  while (ludo_session_is_computer_busy (session) || g_main_context_pending (NULL))
    g_main_context_iteration (NULL, TRUE);
}

static char *
slot_path (const char *id)
{
  g_autofree char *folder = ludo_autosave_get_folder ();
  g_autofree char *name = g_strconcat (id, ".ludoteka", NULL);

  return g_build_filename (folder, name, NULL);
}

static char *
autosave_of (LudoSession *session)
{
  return slot_path (ludo_session_get_autosave_id (session));
}

static void
empty_autosaves (void)
{
  g_autofree char *folder = ludo_autosave_get_folder ();
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_remove (path);
    }
}

static guint
moves_in (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoGame) game = ludo_save_read (path, &error);

  g_assert_no_error (error);
  return ludo_game_get_n_moves (game);
}

/* ------------------------------------------------------------------------ */
/* Who sees what                                                             */

static void
assert_hidden (LudoSession *session)
{
  g_assert_true (ludo_session_get_privacy (session));
  g_assert_cmpint (ludo_session_get_viewer (session), ==, LUDO_VIEWER_NONE);
  g_assert_false (ludo_session_get_can_move (session));
}

static void
assert_shown_to (LudoSession *session,
                 int          seat)
{
  g_assert_false (ludo_session_get_privacy (session));
  g_assert_cmpint (ludo_session_get_viewer (session), ==, seat);
  g_assert_true (ludo_session_get_can_move (session));
}

/* A game with secrets between two people: a board is shown only to the
 * person to move, after they confirmed at this very position; undo, redo,
 * a seek, a replay and its Continue from Here all ask again. */
static void
test_privacy_secrets (void)
{
  g_autoptr(LudoGame) game = secret_game (LUDO_SEAT_HUMAN);
  g_autoptr(LudoSession) session = ludo_session_new (game, NULL);

  assert_hidden (session);
  ludo_session_confirm_privacy (session);
  assert_shown_to (session, 0);
  play_some (game);
  assert_hidden (session);                  /* Bela's turn */
  ludo_session_confirm_privacy (session);
  g_assert_cmpint (ludo_game_get_current_seat (game), ==, 1);
  assert_shown_to (session, 1);
  play_some (game);
  ludo_session_confirm_privacy (session);
  play_some (game);
  ludo_session_confirm_privacy (session);
  assert_shown_to (session, ludo_game_get_current_seat (game));
  play_some (game);
  assert_hidden (session);                  /* the privacy screen is up */
  g_assert_false (ludo_game_is_over (game));

  /* Undo on the privacy screen: the position changes, nothing shows */
  ludo_session_undo (session);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 3);
  assert_hidden (session);
  ludo_session_redo (session);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 4);
  assert_hidden (session);

  /* a confirmation holds for the position it was given at only */
  ludo_session_confirm_privacy (session);
  assert_shown_to (session, ludo_game_get_current_seat (game));
  ludo_session_undo (session);
  assert_hidden (session);
  ludo_session_confirm_privacy (session);
  assert_shown_to (session, ludo_game_get_current_seat (game));
  ludo_session_redo (session);
  assert_hidden (session);

  /* a replay shows nobody's secrets, and Continue from Here asks again */
  ludo_session_confirm_privacy (session);
  ludo_session_seek (session, 2);
  g_assert_true (ludo_session_get_replaying (session));
  g_assert_false (ludo_session_get_privacy (session));
  g_assert_cmpint (ludo_session_get_viewer (session), ==, LUDO_VIEWER_NONE);
  g_assert_false (ludo_session_get_can_move (session));
  ludo_session_continue_from_here (session);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 2);
  assert_hidden (session);

  /* … and so does the end of a replay, back where it started */
  ludo_session_confirm_privacy (session);
  ludo_session_start_replay (session);
  ludo_session_seek (session, 0);
  ludo_session_end_replay (session);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 2);
  assert_hidden (session);
}

/* A game read from a file, or taken up from its autosave, starts behind
 * the privacy screen. */
static void
test_privacy_load_and_resume (void)
{
  g_autoptr(LudoGame) game = secret_game (LUDO_SEAT_HUMAN);
  g_autofree char *path = g_build_filename (tmpdir, "two-people.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  play_some (game);
  play_some (game);
  g_assert_true (ludo_save_write (game, path, &error));
  {
    g_autoptr(LudoGame) read = ludo_save_read (path, &error);
    g_autoptr(LudoSession) session = ludo_session_new (read, file);

    g_assert_no_error (error);
    assert_hidden (session);
  }
  {
    g_autoptr(LudoGame) read = ludo_save_read (path, &error);
    g_autoptr(LudoSession) session = ludo_session_new_resumed (read, file, "0a1b2c3d-0000-4000-8000-000000000000");

    assert_hidden (session);
    ludo_session_confirm_privacy (session);
    assert_shown_to (session, 0);
    ludo_session_discard (session);
  }
}

/* One person against the computer: always that person's board, with no
 * privacy screen, whatever happens to the position. */
static void
test_privacy_against_computer (void)
{
  g_autoptr(LudoGame) game = secret_game (LUDO_SEAT_COMPUTER);
  g_autoptr(LudoSession) session = ludo_session_new (game, NULL);

  g_assert_false (ludo_session_get_privacy (session));
  g_assert_cmpint (ludo_session_get_viewer (session), ==, 0);
  play_some (game);
  spin_until_idle (session);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 2);
  assert_shown_to (session, 0);
  play_some (game);
  spin_until_idle (session);
  ludo_session_undo (session);
  assert_shown_to (session, 0);
  ludo_session_seek (session, 1);
  g_assert_false (ludo_session_get_privacy (session));
  g_assert_cmpint (ludo_session_get_viewer (session), ==, 0);
  ludo_session_end_replay (session);
  assert_shown_to (session, 0);
  ludo_session_discard (session);
}

/* A game without secrets never hides its board. */
static void
test_no_secrets (void)
{
  g_autoptr(LudoGame) game = open_game (0);
  g_autoptr(LudoSession) session = ludo_session_new (game, NULL);

  assert_shown_to (session, 0);
  for (int i = 0; i < 6; i++)
    {
      play_some (game);
      assert_shown_to (session, ludo_game_get_current_seat (game));
    }
  ludo_session_undo (session);
  assert_shown_to (session, ludo_game_get_current_seat (game));
  ludo_session_seek (session, 2);
  g_assert_false (ludo_session_get_privacy (session));
  ludo_session_continue_from_here (session);
  assert_shown_to (session, 0);
  ludo_session_discard (session);
}

/* After Undo from a finished game, the seat to move plays on: the viewer
 * is theirs, not everyone's. Between two people, they confirm first. The
 * moves of the game's sample save, played by a person and the computer,
 * and by two people. */
static void
test_viewer_after_the_end (void)
{
  g_autoptr(LudoGame) against = secret_game (LUDO_SEAT_COMPUTER);
  g_autoptr(LudoGame) people = secret_game (LUDO_SEAT_HUMAN);
  g_autoptr(LudoGame) sample = ludo_test_load_sample (ludo_game_get_id (people));
  guint n = ludo_game_get_n_moves (sample), person = 0;

  for (guint i = 0; i < n; i++)
    {
      ludo_test_play_ok (against, ludo_game_get_move (sample, i));
      ludo_test_play_ok (people, ludo_game_get_move (sample, i));
    }
  g_assert_true (ludo_game_is_over (against));
  /* the person's last turn */
  for (guint p = 0; p < n; p++)
    if (ludo_game_get_move_seat (against, p) == 0)
      person = p;
  {
    g_autoptr(LudoSession) session = ludo_session_new (against, NULL);

    g_assert_cmpint (ludo_session_get_viewer (session), ==, LUDO_VIEWER_ALL);
    g_assert_false (ludo_session_get_can_move (session));
    ludo_session_undo (session);
    g_assert_cmpuint (ludo_game_get_position (against), ==, person);
    assert_shown_to (session, 0);
    ludo_session_discard (session);
  }
  {
    g_autoptr(LudoSession) session = ludo_session_new (people, NULL);

    g_assert_cmpint (ludo_session_get_viewer (session), ==, LUDO_VIEWER_ALL);
    ludo_session_undo (session);
    assert_hidden (session);
    ludo_session_confirm_privacy (session);
    assert_shown_to (session, ludo_game_get_current_seat (people));

    /* Continue from Here inside a finished game plays on too */
    ludo_session_seek (session, n - 1);
    ludo_session_continue_from_here (session);
    assert_hidden (session);
    ludo_session_confirm_privacy (session);
    assert_shown_to (session, ludo_game_get_move_seat (people, n - 1));
    ludo_session_discard (session);
  }
}

/* ------------------------------------------------------------------------ */
/* Autosaves                                                                 */

/* Two games at once, one finished: the finished one's session never
 * touches the other's autosave. */
static void
test_two_sessions (void)
{
  g_autoptr(LudoGame) playing = open_game (2);
  g_autoptr(LudoSession) first = ludo_session_new (playing, NULL);
  g_autofree char *path = autosave_of (first);
  g_autofree char *finished_path = ludo_test_game_sample (ludo_test_find_game (ludo_test_has_secrets)->id);
  g_autoptr(GFile) finished_file = g_file_new_for_path (finished_path);

  empty_autosaves ();
  play_some (playing);
  ludo_session_flush (first);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(LudoGame) finished = ludo_save_read (finished_path, &error);
    LudoSession *second;

    g_assert_no_error (error);
    g_assert_true (ludo_game_is_over (finished));
    second = ludo_session_new (finished, finished_file);
    g_assert_cmpstr (ludo_session_get_autosave_id (second), !=, ludo_session_get_autosave_id (first));
    ludo_session_undo (second);
    ludo_session_redo (second);
    ludo_session_flush (second);
    g_object_unref (second);
  }
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (moves_in (path), ==, 3);
}

/* Quitting with two unfinished games keeps both; the next start offers
 * each, newest first, and none with no move. */
static void
test_quit_with_two (void)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *empty_id = g_uuid_string_random ();
  g_autofree char *empty = slot_path (empty_id);
  char *ids[2];

  empty_autosaves ();
  for (int i = 0; i < 2; i++)
    {
      g_autoptr(LudoGame) game = open_game (i + 1);
      LudoSession *session = ludo_session_new (game, NULL);

      play_some (game);
      ids[i] = g_strdup (ludo_session_get_autosave_id (session));
      g_object_unref (session);   /* as a window closing at Ctrl+Q */
      g_usleep (20000);           /* the second is written later */
    }
  {
    g_autoptr(LudoGame) none = open_game (0);
    LudoSession *session = ludo_session_new (none, NULL);

    g_object_unref (session);
    g_assert_true (ludo_save_write (none, empty, NULL));   /* as an older version left it */
  }

  entries = ludo_autosave_list (NULL);
  g_assert_cmpuint (entries->len, ==, 2);
  for (int i = 0; i < 2; i++)
    {
      LudoAutosaveEntry *entry = entries->pdata[i];

      g_assert_cmpstr (entry->id, ==, ids[1 - i]);
      g_assert_cmpuint (ludo_game_get_n_moves (entry->game), ==, 2 - i + 1);
      g_assert_null (entry->origin);
    }
  g_assert_false (g_file_test (empty, G_FILE_TEST_EXISTS));
  g_free (ids[0]);
  g_free (ids[1]);
}

/* The one autosave an older Ludoteka kept becomes a slot of its own, and
 * is offered like the others. */
static void
test_older_autosave_adopted (void)
{
  g_autofree char *old = ludo_save_autosave_path ();
  g_autofree char *dir = g_path_get_dirname (old);
  g_autoptr(LudoGame) game = open_game (3);
  g_autoptr(GPtrArray) entries = NULL;

  empty_autosaves ();
  g_mkdir_with_parents (dir, 0700);
  g_assert_true (ludo_save_write (game, old, NULL));
  entries = ludo_autosave_list (NULL);
  g_assert_false (g_file_test (old, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_cmpuint (ludo_game_get_n_moves (((LudoAutosaveEntry *) entries->pdata[0])->game), ==, 3);
  empty_autosaves ();
}

/* A game read from a file and played on is offered with that file's
 * name, and resumed it saves there again. */
static void
test_resume_keeps_the_file (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "resumed.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  LudoAutosaveEntry *entry;

  empty_autosaves ();
  {
    g_autoptr(LudoGame) game = open_game (2);
    g_assert_true (ludo_save_write (game, path, &error));
  }
  {
    g_autoptr(LudoGame) game = ludo_save_read (path, &error);
    LudoSession *session = ludo_session_new (game, file);

    g_assert_false (ludo_session_get_unsaved (session));
    play_some (game);
    g_assert_true (ludo_session_get_unsaved (session));
    g_object_unref (session);
  }
  entries = ludo_autosave_list (NULL);
  g_assert_cmpuint (entries->len, ==, 1);
  entry = entries->pdata[0];
  g_assert_nonnull (entry->origin);
  g_assert_true (g_file_equal (entry->origin, file));
  {
    g_autoptr(LudoSession) session = ludo_session_new_resumed (entry->game, entry->origin, entry->id);
    g_autofree char *slot = autosave_of (session);

    g_assert_cmpstr (ludo_session_get_autosave_id (session), ==, entry->id);
    g_assert_true (g_file_equal (ludo_session_get_file (session), file));
    g_assert_true (ludo_session_get_unsaved (session));
    g_assert_true (ludo_session_save (session, file, LUDO_SESSION_SAVE_NONE, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (moves_in (path), ==, 3);
    /* saved: the file has it all, the autosave goes */
    ludo_session_flush (session);
    g_assert_false (g_file_test (slot, G_FILE_TEST_EXISTS));
  }
}

/* An autosave is its user's alone, even in a folder others may read. */
static void
test_autosave_private (void)
{
  g_autofree char *folder = ludo_autosave_get_folder ();
  g_autoptr(LudoGame) game = open_game (1);
  g_autoptr(LudoSession) session = NULL;
  g_autofree char *path = NULL;
  GStatBuf st;

  empty_autosaves ();
  g_assert_cmpint (g_chmod (folder, 0755), ==, 0);
  umask (022);
  session = ludo_session_new (game, NULL);
  path = autosave_of (session);
  /* an older autosave that others could read becomes private too */
  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  play_some (game);
  ludo_session_flush (session);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  ludo_session_discard (session);
}

/* A file whose permissions say read-only is not written over, whoever
 * runs the program (root too); nothing of it changes. */
static void
test_read_only (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "read-only.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(LudoGame) game = open_game (2);
  g_autoptr(LudoSession) session = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GStatBuf st0, st1;

  g_assert_true (ludo_save_write (game, path, &error));
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  g_assert_cmpint (g_stat (path, &st0), ==, 0);

  session = ludo_session_new (game, file);
  play_some (game);
  g_assert_false (ludo_session_save (session, file, LUDO_SESSION_SAVE_NONE, &error));
  g_assert_error (error, LUDO_SESSION_ERROR, LUDO_SESSION_ERROR_READ_ONLY);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  /* "save anyway" is no way past permissions */
  g_assert_false (ludo_session_save (session, file, LUDO_SESSION_SAVE_OVERWRITE_CHANGED, &error));
  g_assert_error (error, LUDO_SESSION_ERROR, LUDO_SESSION_ERROR_READ_ONLY);

  g_assert_cmpint (g_stat (path, &st1), ==, 0);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpuint (st0.st_ino, ==, st1.st_ino);
  g_assert_cmpstr (before, ==, after);
  g_assert_true (ludo_session_get_unsaved (session));
  ludo_session_discard (session);
  g_chmod (path, 0644);
}

/* Another program (another instance) wrote the file since it was read
 * here: saving asks first, and writes over it only when told to. */
static void
test_changed_on_disk (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "shared.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoGame) mine = NULL;
  g_autoptr(LudoGame) theirs = NULL;
  g_autoptr(LudoSession) session = NULL;

  {
    g_autoptr(LudoGame) game = open_game (4);
    g_assert_true (ludo_save_write (game, path, &error));
  }
  mine = ludo_save_read (path, &error);
  theirs = ludo_save_read (path, &error);
  session = ludo_session_new (mine, file);
  play_some (mine);

  /* the other instance saves its own game over the file */
  for (int i = 0; i < 6; i++)
    play_some (theirs);
  g_assert_true (ludo_save_write (theirs, path, &error));

  g_assert_false (ludo_session_save (session, file, LUDO_SESSION_SAVE_NONE, &error));
  g_assert_error (error, LUDO_SESSION_ERROR, LUDO_SESSION_ERROR_CHANGED_ON_DISK);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  g_assert_cmpuint (moves_in (path), ==, 10);
  g_assert_true (ludo_session_get_unsaved (session));

  g_assert_true (ludo_session_save (session, file, LUDO_SESSION_SAVE_OVERWRITE_CHANGED, &error));
  g_assert_cmpuint (moves_in (path), ==, 5);
  /* written here: the next save goes without a question */
  play_some (mine);
  g_assert_true (ludo_session_save (session, file, LUDO_SESSION_SAVE_NONE, &error));
  g_assert_no_error (error);
  g_assert_false (ludo_session_get_unsaved (session));
}

static gboolean
tick_cb (gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* A move in a game of 5,000 (the long saves of the games' test data)
 * costs the main loop a copy of the move list; the file is written by a
 * worker thread while the loop goes on. */
static void
test_autosave_off_the_main_loop (void)
{
  g_autoptr(GPtrArray) long_games = ludo_test_data_files ("long", ".ludoteka");
  g_autoptr(LudoGame) game = NULL;
  g_autoptr(LudoSession) session = NULL;
  g_autofree char *path = NULL;
  guint ticks = 0, source, n;
  gint64 start, played;

  g_assert_cmpuint (long_games->len, >, 0);
  game = ludo_test_load (long_games->pdata[0]);
  n = ludo_game_get_n_moves (game);
  g_assert_cmpuint (n, >=, 5000);
  empty_autosaves ();
  session = ludo_session_new (game, NULL);   /* no file: its moves are in none */
  ludo_session_flush (session);
  path = autosave_of (session);
  g_assert_cmpuint (moves_in (path), ==, n);

  /* the writer waits at its fsync () until the loop has ticked */
  g_mutex_lock (&gate_mutex);
  gate_closed = TRUE;
  gate_reached = FALSE;
  g_mutex_unlock (&gate_mutex);
  fsync_on_main_thread = FALSE;
  source = g_timeout_add (1, tick_cb, &ticks);

  start = g_get_monotonic_time ();
  play_some (game);
  played = g_get_monotonic_time ();
  g_assert_false (fsync_on_main_thread);
  while (ticks < 20)
    g_main_context_iteration (NULL, TRUE);
  g_mutex_lock (&gate_mutex);
  while (!gate_reached)
    g_cond_wait (&gate_cond, &gate_mutex);
  gate_closed = FALSE;
  g_cond_broadcast (&gate_cond);
  g_mutex_unlock (&gate_mutex);
  g_test_message ("a move of a %u-move game: %.2f ms on the main loop; %u ticks while the file was written",
                  n, (played - start) / 1000.0, ticks);

  g_assert_false (fsync_on_main_thread);
  ludo_session_flush (session);
  g_source_remove (source);
  g_assert_cmpuint (moves_in (path), ==, n + 1);
  ludo_session_discard (session);
  ludo_session_flush (session);
}

/* A failed autosave is said, once. */
static void
notice_cb (LudoSession *session,
           const char  *text,
           GPtrArray   *notices)
{
  g_ptr_array_add (notices, g_strdup (text));
}

static void
test_autosave_failure_said (void)
{
  g_autoptr(GPtrArray) notices = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(LudoGame) game = open_game (0);
  g_autoptr(LudoSession) session = ludo_session_new (game, NULL);
  g_autofree char *path = autosave_of (session);

  g_signal_connect (session, "notice", G_CALLBACK (notice_cb), notices);
  /* the slot's name is taken by a folder: no file can be written there */
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  for (int i = 0; i < 3; i++)
    {
      play_some (game);
      ludo_session_flush (session);
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
    }
  g_assert_cmpuint (notices->len, ==, 1);
  g_test_message ("%s", (char *) notices->pdata[0]);
  g_assert_nonnull (strstr (notices->pdata[0], "not being kept"));
  g_rmdir (path);
  ludo_session_discard (session);
}

/* ------------------------------------------------------------------------ */
/* The review                                                                */

static void
count_review (LudoSession *session,
              GParamSpec  *pspec,
              guint       *steps)
{
  (*steps)++;
  g_assert_cmpuint (ludo_session_get_review_done (session), ==, *steps);
  g_assert_cmpuint (ludo_session_get_review_done (session), <=, ludo_session_get_review_total (session));
}

/* A review runs in a worker, says how far it is, lands in the game and
 * leaves it unsaved; cancelled, nothing lands. A game with secrets between
 * people is not reviewed while they are hidden, and is once it is over. */
static void
test_review (void)
{
  {
    g_autoptr(LudoGame) game = open_game (4);
    g_autoptr(LudoSession) session = ludo_session_new (game, NULL);
    guint steps = 0;

    g_assert_true (ludo_session_can_review (session));
    ludo_session_review (session);
    g_signal_connect (session, "notify::review-done", G_CALLBACK (count_review), &steps);
    g_assert_true (ludo_session_get_reviewing (session));
    g_assert_cmpuint (ludo_session_get_review_total (session), ==, 4);
    while (ludo_session_get_reviewing (session))
      g_main_context_iteration (NULL, TRUE);
    g_assert_cmpuint (steps, ==, 4);
    g_assert_nonnull (ludo_game_get_review (game));
    g_assert_cmpuint (ludo_game_get_review (game)->len, ==, 4);
    g_assert_true (ludo_session_get_unsaved (session));
  }
  {
    g_autoptr(LudoGame) game = open_game (6);
    g_autoptr(LudoSession) session = ludo_session_new (game, NULL);

    ludo_session_review (session);
    ludo_session_cancel_review (session);
    g_assert_false (ludo_session_get_reviewing (session));
    /* whatever the worker was doing ends, and nothing lands */
    for (int i = 0; i < 50; i++)
      {
        while (g_main_context_pending (NULL))
          g_main_context_iteration (NULL, FALSE);
        g_usleep (20000);
      }
    g_assert_null (ludo_game_get_review (game));
  }
  {
    g_autoptr(LudoGame) game = secret_game (LUDO_SEAT_HUMAN);
    g_autoptr(LudoSession) session = ludo_session_new (game, NULL);

    play_some (game);
    play_some (game);
    g_assert_false (ludo_session_can_review (session));
    while (!ludo_game_is_over (game))
      play_some (game);
    g_assert_true (ludo_session_can_review (session));
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  main_thread = g_thread_self ();
  tmpdir = ludo_test_make_tmp ("ludoteka-session-XXXXXX");
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  g_setenv ("LUDOTEKA_DEMO_DELAY_MS", "10", TRUE);

  g_test_add_func ("/session/privacy/secrets", test_privacy_secrets);
  g_test_add_func ("/session/privacy/load-and-resume", test_privacy_load_and_resume);
  g_test_add_func ("/session/privacy/against-computer", test_privacy_against_computer);
  g_test_add_func ("/session/privacy/no-secrets", test_no_secrets);
  g_test_add_func ("/session/viewer-after-the-end", test_viewer_after_the_end);
  g_test_add_func ("/session/autosave/two-sessions", test_two_sessions);
  g_test_add_func ("/session/autosave/quit-with-two", test_quit_with_two);
  g_test_add_func ("/session/autosave/resume-keeps-the-file", test_resume_keeps_the_file);
  g_test_add_func ("/session/autosave/older-adopted", test_older_autosave_adopted);
  g_test_add_func ("/session/autosave/private", test_autosave_private);
  g_test_add_func ("/session/autosave/off-the-main-loop", test_autosave_off_the_main_loop);
  g_test_add_func ("/session/autosave/failure-said", test_autosave_failure_said);
  g_test_add_func ("/session/save/read-only", test_read_only);
  g_test_add_func ("/session/save/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/session/review", test_review);

  status = g_test_run ();
  g_test_message ("%s", tmpdir);
  return status;
}
