/* test-export-text.c — a game's moves exported as text, for every game:
 * the header, the numbered moves in the move list's words, the result,
 * secrets, and the atomic write.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "core/ludo-export.h"
#include "core/ludo-registry.h"
#include "core/ludo-save.h"
#include "ludo-testing.h"

static char *tmpdir;

/* The lines of text, which must end with a newline. */
static GStrv
lines_of (const char *text)
{
  g_assert_true (g_str_has_suffix (text, "\n"));
  return g_strsplit (text, "\n", -1);
}

/* Checks text against game at its position: header, moves, result. */
static void
check_text (LudoGame   *game,
            const char *text,
            int         viewer)
{
  g_auto(GStrv) lines = lines_of (text);
  const LudoGameInfo *info = ludo_game_get_info (game);
  guint n_seats = ludo_game_get_n_seats (game);
  guint position = ludo_game_get_position (game);
  guint i = 0, n = g_strv_length (lines);

  /* the game, the date, a line per seat and per option, then a blank line */
  g_assert_cmpstr (lines[i++], ==, info->name);
  g_assert_true (g_str_has_prefix (lines[i++], "Date: "));
  for (guint s = 0; s < n_seats; s++, i++)
    {
      g_autofree char *label = ludo_game_get_seat_label (game, s);
      g_autofree char *prefix = g_strconcat (label, ": ", NULL);
      g_assert_true (g_str_has_prefix (lines[i], prefix));
      g_assert_nonnull (strstr (lines[i], ludo_game_get_seat_kind (game, s) == LUDO_SEAT_COMPUTER
                                          ? "computer" : "a person"));
    }
  for (guint o = 0; o < info->n_options; o++, i++)
    {
      g_autofree char *prefix = g_strconcat (info->options[o].label, ": ", NULL);
      g_assert_true (g_str_has_prefix (lines[i], prefix));
    }
  g_assert_cmpstr (lines[i++], ==, "");

  /* the moves, numbered, as the move list says them */
  if (position == 0)
    g_assert_cmpstr (lines[i++], ==, "No moves yet.");
  for (guint m = 0; m < position; m++, i++)
    {
      g_autofree char *who = ludo_game_get_seat_label (game, ludo_game_get_move_seat (game, m));
      g_autofree char *what = ludo_game_describe_move (game, m, viewer);
      g_autofree char *expected = g_strdup_printf ("%u. %s: %s", m + 1, who, what);
      g_assert_cmpstr (lines[i], ==, expected);
    }

  /* the result, when the game is over here */
  if (ludo_game_is_over (game))
    {
      g_autofree char *outcome = ludo_game_describe_outcome (game);
      g_autofree char *expected = g_strconcat ("Result: ", outcome, NULL);
      g_assert_cmpstr (lines[i++], ==, "");
      g_assert_cmpstr (lines[i++], ==, expected);
    }
  else
    g_assert_null (strstr (text, "Result: "));
  /* and nothing else (the last "line" is what follows the last newline) */
  g_assert_cmpuint (i, ==, n - 1);
  g_assert_cmpstr (lines[i], ==, "");
}

/* The good saves of every game (src/games/ID/tests/data/good) and of the
 * format: at the end, at the start, half-way. */
static void
test_saves (void)
{
  g_autoptr(GPtrArray) saves = ludo_test_data_files ("good", ".ludoteka");
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  g_assert_cmpuint (saves->len, >, 0);
  for (guint f = 0; f < saves->len; f++)
    {
      g_autoptr(LudoGame) game = ludo_test_load (saves->pdata[f]);
      g_autoptr(GError) error = NULL;
      guint n_moves;

      g_test_message ("%s", (char *) saves->pdata[f]);
      n_moves = ludo_game_get_n_moves (game);
      g_hash_table_add (seen, (gpointer) ludo_game_get_id (game));

      for (guint k = 0; k < 3; k++)
        {
          guint ply = k == 0 ? n_moves : k == 1 ? 0 : n_moves / 2;
          g_autofree char *text = NULL;

          ludo_game_seek (game, ply);
          text = ludo_export_moves_text_for_viewer (game, LUDO_VIEWER_ALL, &error);
          g_assert_no_error (error);
          check_text (game, text, LUDO_VIEWER_ALL);
        }

      /* a finished game says its result at its end */
      ludo_game_seek (game, n_moves);
      if (ludo_game_is_over (game))
        {
          g_autofree char *text = ludo_export_moves_text (game, NULL);
          g_autofree char *last = g_strdup_printf ("%u. ", n_moves);
          g_assert_nonnull (strstr (text, "\nResult: "));
          g_assert_nonnull (strstr (text, last));
          /* everything is shown once it is over */
          g_assert_cmpint (ludo_export_default_viewer (game), ==, LUDO_VIEWER_ALL);
        }
    }
  /* the test data has a save of every game */
  for (guint g = 0; g < n_games; g++)
    g_assert_true (g_hash_table_contains (seen, games[g]->id));
}

/* Each game of the registry, new, with its default options: a few moves. */
static void
test_new_games (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LudoGame) game = ludo_game_new (games[g]->id, NULL, &error);
      g_autofree char *start = NULL;
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      g_test_message ("%s", games[g]->id);
      ludo_game_set_seed (game, 7);
      for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
        ludo_game_set_seat (game, s, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY, NULL);
      ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, "Anna");

      start = ludo_export_moves_text (game, &error);
      g_assert_no_error (error);
      check_text (game, start, ludo_export_default_viewer (game));
      g_assert_nonnull (strstr (start, "\nAnna: a person\n"));

      for (guint k = 0; k < 6 && !ludo_game_is_over (game); k++)
        {
          g_autofree char *move = ludo_test_some_move (game, k);
          g_assert_nonnull (move);
          g_assert_true (ludo_game_play (game, move, &error));
          g_assert_no_error (error);
        }
      /* one person against the computer: that person's view */
      g_assert_cmpint (ludo_export_default_viewer (game), ==,
                       ludo_game_is_over (game) ? LUDO_VIEWER_ALL : 0);
      text = ludo_export_moves_text (game, &error);
      g_assert_no_error (error);
      check_text (game, text, ludo_export_default_viewer (game));
      g_assert_nonnull (strstr (text, "\n1. Anna: "));
    }
}

/* People sharing the screen: secrets stay secret in the default export,
 * for every game that has them. */
static void
test_secrets (void)
{
  guint n_games, n_secret = 0;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = ludo_game_new (games[g]->id, NULL, NULL);
      g_autofree char *hidden = NULL;
      g_autofree char *all = NULL;
      guint secret = 0;

      if (!ludo_game_has_secrets (game))
        continue;
      for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
        ludo_game_set_seat (game, s, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, NULL);
      /* until every seat has played a move still secret */
      while (secret < ludo_game_get_n_seats (game) && !ludo_game_is_over (game))
        {
          g_autofree char *move = ludo_test_some_move (game, 0);
          guint n = ludo_game_get_n_moves (game);

          ludo_test_play_ok (game, move);
          if (ludo_game_move_is_secret (game, n, n + 1))
            secret++;
        }
      g_assert_cmpuint (secret, ==, ludo_game_get_n_seats (game));
      g_assert_cmpint (ludo_export_default_viewer (game), ==, LUDO_VIEWER_NONE);

      hidden = ludo_export_moves_text (game, NULL);
      check_text (game, hidden, LUDO_VIEWER_NONE);
      all = ludo_export_moves_text_for_viewer (game, LUDO_VIEWER_ALL, NULL);
      for (guint m = 0; m < ludo_game_get_n_moves (game); m++)
        if (ludo_game_move_is_secret (game, m, ludo_game_get_n_moves (game)))
          {
            g_autofree char *said = ludo_game_describe_move (game, m, LUDO_VIEWER_ALL);

            g_assert_null (strstr (hidden, said));
            g_assert_nonnull (strstr (all, said));
            n_secret++;
          }
    }
  g_assert_cmpuint (n_secret, >, 0);
}

static void
test_write (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "moves.txt", NULL);
  g_autofree char *missing = g_build_filename (tmpdir, "no-such-folder", "moves.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad = g_file_new_for_path (missing);
  g_autoptr(GError) error = NULL;
  g_autofree char *back = NULL;
  g_autofree char *folder_path = g_build_filename (tmpdir, "a-folder", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (folder_path);
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  g_assert_true (ludo_export_write_text ("old\n", file, &error));
  g_assert_no_error (error);
  g_assert_true (ludo_export_write_text ("Title\nnew\n", file, &error));
  g_assert_true (g_file_get_contents (path, &back, NULL, NULL));
  g_assert_cmpstr (back, ==, "Title\nnew\n");
  g_clear_pointer (&back, g_free);

  /* a whole game of each, as the window writes it */
  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = ludo_test_load_sample (games[g]->id);
      g_autofree char *text = ludo_export_moves_text_for_viewer (game, LUDO_VIEWER_ALL, NULL);
      g_autofree char *title = g_strconcat (games[g]->name, "\n", NULL);

      g_assert_true (ludo_export_moves_to_file (game, LUDO_VIEWER_ALL, file, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &back, NULL, NULL));
      g_assert_cmpstr (back, ==, text);
      g_assert_true (g_str_has_prefix (back, title));
      g_clear_pointer (&back, g_free);
    }

  /* the message names the file */
  g_assert_false (ludo_export_write_text ("x", bad, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, missing));
  g_clear_error (&error);

  /* a folder is not overwritten */
  g_assert_cmpint (g_mkdir (folder_path, 0700), ==, 0);
  g_assert_false (ludo_export_write_text ("x", folder, &error));
  g_assert_nonnull (strstr (error->message, folder_path));
  g_assert_true (g_file_test (folder_path, G_FILE_TEST_IS_DIR));
  g_rmdir (folder_path);
  g_unlink (path);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = ludo_test_make_tmp ("ludoteka-export-XXXXXX");

  g_test_add_func ("/export/text/saves", test_saves);
  g_test_add_func ("/export/text/new-games", test_new_games);
  g_test_add_func ("/export/text/secrets", test_secrets);
  g_test_add_func ("/export/text/write", test_write);

  status = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
