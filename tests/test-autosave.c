/* test-autosave.c — the autosave survives being killed and being shared
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This program runs itself as the processes that autosave: one resumes the
 * autosaved game, plays on and saves after every move, as the window does,
 * until it is killed at a random moment; two others save their own games
 * into the same autosave at once. Between kills, the next start must find
 * the game as it was before the last save or after it — never a broken
 * file, never an older game — and remove what the killed process left.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "core/ludo-game.h"
#include "core/ludo-save.h"
#include "ludo-test-scale.h"
#include "ludo-testing.h"

static const char *self_path;

/* The game played: the first of the registry that lists its moves. */
static const char *
game_id (void)
{
  return ludo_test_find_game (ludo_test_lists_moves)->id;
}

/* One move of a random player, then the autosave; a finished game is
 * removed and a new one begun, as the window does. The first seat's name
 * tells one game from another: name, or a new random one when NULL. */
static LudoGame *
play_and_save (LudoGame    *game,
               GRand       *rand,
               const char  *path,
               const char  *name)
{
  g_auto(GStrv) moves = ludo_game_legal_moves (game);
  g_autoptr(GError) error = NULL;

  if (ludo_game_is_over (game) || moves == NULL || moves[0] == NULL)
    {
      g_remove (path);
      g_object_unref (game);
      game = ludo_game_new (game_id (), NULL, NULL);
      ludo_game_set_seed (game, g_rand_int (rand));
      {
        g_autofree char *fresh = g_strdup_printf ("game %08x", g_rand_int (rand));
        ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, name ? name : fresh);
      }
      return game;
    }
  if (!ludo_game_play (game, moves[g_rand_int_range (rand, 0, g_strv_length (moves))], &error))
    g_error ("a legal move was refused: %s", error->message);
  if (!ludo_save_write (game, path, &error))
    g_error ("the autosave failed: %s", error->message);
  return game;
}

/* Resumes the autosave (as the next start offers) and plays on for ever. */
G_GNUC_NORETURN static void
child_resume (const char *path,
              guint32     seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  LudoGame *game = NULL;

  /* started: the parent's clock runs from here */
  if (write (STDOUT_FILENO, "!", 1) != 1)
    g_error ("cannot tell the parent");
  ludo_save_remove_stale (path);
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autoptr(GError) error = NULL;
      game = ludo_save_read (path, &error);
      if (game == NULL)
        g_error ("the autosave is broken: %s", error->message);
    }
  else
    {
      /* a name of its own: a finished game's autosave is gone, and the
       * next game must not pass for it */
      g_autofree char *name = g_strdup_printf ("game %08x", seed);

      game = ludo_game_new (game_id (), NULL, NULL);
      ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, name);
    }
  for (;;)
    game = play_and_save (game, rand, path, NULL);
}

/* Saves its own game after each move, for a second. */
static int
child_writer (const char *path,
              guint32     seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autofree char *name = g_strdup_printf ("writer %u", seed);
  LudoGame *game = ludo_game_new (game_id (), NULL, NULL);
  gint64 end = g_get_monotonic_time () + G_USEC_PER_SEC;

  ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, name);
  while (g_get_monotonic_time () < end)
    game = play_and_save (game, rand, path, name);
  g_object_unref (game);
  return 0;
}

/* Starts this program in MODE; with READY, the read end of the child's
 * standard output, where it says it has started. */
static GPid
spawn (const char *mode,
       const char *path,
       guint32     seed,
       int        *ready)
{
  g_autofree char *seed_text = g_strdup_printf ("%u", seed);
  const char *argv[] = { self_path, mode, path, seed_text, NULL };
  g_autoptr(GError) error = NULL;
  GPid pid;

  if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                 NULL, NULL, &pid, NULL, ready, NULL, &error))
    g_error ("%s", error->message);
  return pid;
}

static int
wait_for (GPid pid)
{
  int status;

  while (waitpid (pid, &status, 0) < 0)
    g_assert_cmpint (errno, ==, EINTR);
  return status;
}

/* The folder holds the autosave and nothing else. */
static void
assert_only_autosave (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)))
    g_assert_cmpstr (name, ==, "autosave.ludoteka");
}

static void
test_killed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ludoteka-autosave-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "autosave.ludoteka", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261204);
  const char *env = g_getenv ("LUDOTEKA_KILLS");
  guint kills = env ? (guint) g_ascii_strtoull (env, NULL, 10) : ludo_test_scaled (300);
  g_autofree char *last_game = NULL;
  guint last_moves = 0, stale = 0, most = 0, games = 0;

  /* on until a kill has landed mid-write too (a slow sanitized start can
   * take most kills before the first save), at most four times as long,
   * and at least 300 kills: a reduced run's few kills on a busy machine
   * can all miss the writes */
  for (guint i = 0; i < kills || (stale == 0 && i < MAX (4 * kills, 300)); i++)
    {
      int ready, status;
      GPid pid = spawn ("--resume", path, g_rand_int (rand), &ready);
      char byte;

      /* from the moment it has started, however slowly (the sanitizers
       * make a start take longer than its moves) */
      g_assert_cmpint (read (ready, &byte, 1), ==, 1);
      close (ready);
      g_usleep (g_rand_int_range (rand, 0, 40000));
      kill (pid, SIGKILL);
      status = wait_for (pid);
      /* killed, not failed of its own accord */
      g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);

      /* the next start */
      stale += ludo_save_remove_stale (path);
      assert_only_autosave (dir);
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(LudoGame) game = ludo_save_read (path, &error);
          guint n;

          g_assert_no_error (error);
          n = ludo_game_get_n_moves (game);
          /* the same game as before has not lost a move */
          if (g_strcmp0 (ludo_game_get_seat_name (game, 0), last_game) == 0)
            g_assert_cmpuint (n, >=, last_moves);
          else
            games++;
          g_free (last_game);
          last_game = g_strdup (ludo_game_get_seat_name (game, 0));
          last_moves = n;
          most = MAX (most, n);
        }
      else
        {
          /* a finished game removes its autosave; whatever comes next
           * is another game */
          g_clear_pointer (&last_game, g_free);
          last_moves = 0;
        }
    }
  g_test_message ("%u kills: %u left a temporary file, removed at the next start; "
                  "%u games played, up to %u moves", kills, stale, games, most);
  /* the kills did land while a file was being written */
  g_assert_cmpuint (stale, >, 0);

  g_remove (path);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_two_writers (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ludoteka-autosave-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "autosave.ludoteka", NULL);
  GPid a = spawn ("--write", path, 1, NULL), b = spawn ("--write", path, 2, NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean a_done = FALSE, b_done = FALSE;
  guint reads = 0;

  while (!a_done || !b_done)
    {
      int status;

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(LudoGame) game = ludo_save_read (path, &error);

          /* gone between the test and the read: a finished game removed */
          if (!g_error_matches (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO))
            {
              g_assert_no_error (error);
              g_hash_table_add (seen, g_strdup (ludo_game_get_seat_name (game, 0)));
              reads++;
            }
        }
      if (!a_done && waitpid (a, &status, WNOHANG) == a)
        {
          g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
          a_done = TRUE;
        }
      if (!b_done && waitpid (b, &status, WNOHANG) == b)
        {
          g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
          b_done = TRUE;
        }
    }
  /* every read above was of a whole game; which of the two it was is up
   * to the scheduler */
  g_test_message ("%u whole games read while two processes wrote for a second (%u of the two seen)",
                  reads, g_hash_table_size (seen));
  g_assert_cmpuint (reads, >, 0);
  assert_only_autosave (dir);
  g_remove (path);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A temporary file that a living process holds is not removed. */
static void
test_stale_only (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ludoteka-autosave-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "autosave.ludoteka", NULL);
  g_autofree char *dead = g_build_filename (dir, "autosave.ludoteka.aB3xYz", NULL);
  g_autofree char *held = g_build_filename (dir, "autosave.ludoteka.Q1w2E3", NULL);
  g_autofree char *other = g_build_filename (dir, "autosave.ludoteka.toolong", NULL);
  int fd;

  g_assert_true (g_file_set_contents (dead, "<ludoteka", -1, NULL));
  g_assert_true (g_file_set_contents (held, "<ludoteka", -1, NULL));
  g_assert_true (g_file_set_contents (other, "mine", -1, NULL));
  fd = g_open (held, O_RDONLY, 0);
  g_assert_cmpint (flock (fd, LOCK_EX), ==, 0);

  g_assert_cmpuint (ludo_save_remove_stale (path), ==, 1);
  g_assert_false (g_file_test (dead, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (held, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));

  close (fd);
  g_remove (held);
  g_remove (other);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  self_path = argv[0];
  if (argc == 4 && strcmp (argv[1], "--resume") == 0)
    child_resume (argv[2], (guint32) g_ascii_strtoull (argv[3], NULL, 10));
  if (argc == 4 && strcmp (argv[1], "--write") == 0)
    return child_writer (argv[2], (guint32) g_ascii_strtoull (argv[3], NULL, 10));

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/autosave/stale-only", test_stale_only);
  g_test_add_func ("/autosave/killed", test_killed);
  g_test_add_func ("/autosave/two-writers", test_two_writers);
  return g_test_run ();
}
