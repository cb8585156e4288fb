/* test-stats.c — the statistics file: counting, reading back, bad files,
 * and processes counting at once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/ludo-save.h"
#include "core/ludo-stats.h"
#include "ludo-testing.h"

static char *tmpdir;

static gboolean
record (const char  *path,
        LudoGame    *game,
        char       **kept_as,
        GError     **error)
{
  g_autofree char *seats = ludo_stats_mode_of (game);
  LudoOutcome outcome;

  ludo_game_get_outcome_at (game, ludo_game_get_n_moves (game), &outcome);
  return ludo_stats_record (path, ludo_game_get_id (game), seats, &outcome, kept_as, error);
}

/* The sample saves of the games of the registry, finished games played
 * by the computer: one of each game, in the registry's order. */
static GPtrArray *
finished_games (void)
{
  guint n_games;
  const LudoGameInfo * const *infos = ludo_registry_get_games (&n_games);
  GPtrArray *games = g_ptr_array_new_with_free_func (g_object_unref);

  g_assert_cmpuint (n_games, >=, 2);
  for (guint i = 0; i < n_games; i++)
    {
      LudoGame *game = ludo_test_load_sample (infos[i]->id);
      LudoOutcome outcome;

      ludo_game_get_outcome_at (game, ludo_game_get_n_moves (game), &outcome);
      g_assert_cmpint (outcome.kind, !=, LUDO_RESULT_NONE);
      g_ptr_array_add (games, game);
    }
  return games;
}

/* The id of the i-th game of the registry. */
static const char *
game_id (guint i)
{
  guint n_games;

  return ludo_registry_get_games (&n_games)[i]->id;
}

static void
test_count (void)
{
  g_autoptr(GPtrArray) games = finished_games ();
  g_autoptr(LudoStats) stats = ludo_stats_new ();

  for (guint round = 0; round < 3; round++)
    for (guint i = 0; i < games->len; i++)
      ludo_stats_add (stats, games->pdata[i]);

  for (guint i = 0; i < games->len; i++)
    {
      LudoGame *game = games->pdata[i];
      g_autoptr(GPtrArray) modes = ludo_stats_get_modes (stats, ludo_game_get_id (game));
      g_autofree char *seats = ludo_stats_mode_of (game);
      LudoStatsMode *mode;
      LudoOutcome outcome;

      g_assert_nonnull (modes);
      g_assert_cmpuint (modes->len, ==, 1);
      mode = modes->pdata[0];
      g_assert_cmpstr (mode->seats, ==, seats);
      g_assert_cmpuint (mode->n_seats, ==, ludo_game_get_n_seats (game));
      g_assert_cmpuint (ludo_stats_mode_total (mode), ==, 3);
      ludo_game_get_outcome_at (game, ludo_game_get_n_moves (game), &outcome);
      if (outcome.kind == LUDO_RESULT_DRAW)
        g_assert_cmpuint (mode->draws, ==, 3);
      else
        g_assert_cmpuint (mode->wins[outcome.winner], ==, 3);
      /* each seat's place three times, and its score three times over */
      g_assert_cmpuint (mode->placed, ==, 3);
      for (guint s = 0; s < mode->n_seats; s++)
        {
          guint placed = 0;

          g_assert_cmpuint (mode->places[s][outcome.rank[s] - 1], ==, 3);
          for (guint r = 0; r < mode->n_seats; r++)
            placed += mode->places[s][r];
          g_assert_cmpuint (placed, ==, 3);
          g_assert_cmpfloat (mode->points[s], ==, 3 * outcome.score[s]);
        }
    }
  /* a computer-only game is a mode of its own: no person in it */
  {
    g_autofree char *seats = ludo_stats_mode_of (games->pdata[0]);
    g_assert_null (strstr (seats, "human"));
  }

  /* a reset is the one game's */
  ludo_stats_reset (stats, game_id (0));
  g_assert_null (ludo_stats_get_modes (stats, game_id (0)));
  for (guint i = 1; i < games->len; i++)
    {
      g_autoptr(GPtrArray) modes = ludo_stats_get_modes (stats, game_id (i));
      g_assert_nonnull (modes);
    }
}

/* save → load → save gives the same bytes, and the file validates */
static void
test_round_trip (void)
{
  g_autoptr(GPtrArray) games = finished_games ();
  g_autoptr(LudoStats) stats = ludo_stats_new ();
  g_autofree char *path = g_build_filename (tmpdir, "round", "statistics.xml", NULL);
  g_autoptr(LudoStats) loaded = NULL;
  g_autofree char *first = NULL, *second = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < games->len; i++)
    for (guint n = 0; n <= i; n++)
      ludo_stats_add (stats, games->pdata[i]);
  g_assert_true (ludo_stats_save (stats, path, &error));
  g_assert_no_error (error);
  loaded = ludo_stats_load (path, &error);
  g_assert_no_error (error);
  first = ludo_stats_to_data (stats, NULL);
  second = ludo_stats_to_data (loaded, NULL);
  g_assert_cmpstr (first, ==, second);
  for (guint i = 0; i < games->len; i++)
    {
      g_autofree char *element = g_strdup_printf ("<game id=\"%s\">", game_id (i));
      g_assert_nonnull (strstr (first, element));
    }
}

static void
test_bad_files (void)
{
  /* (GAME: the first game of the registry) */
  const struct { const char *data; const char *message; } cases[] = {
    { "", "cannot be read" },
    { "<statistics version=\"1\"><game id=\"GAME\">", "cannot be read" },
    { "<statistics version=\"2\"/>", "does not follow its format" },
    { "<statistics version=\"1\"><game id=\"GAME\"><mode seats=\"human robot\" draws=\"0\"/></game></statistics>",
      "does not follow its format" },
    { "<statistics version=\"1\"><game id=\"GAME\"><mode seats=\"human hard\" draws=\"-1\"/></game></statistics>",
      "does not follow its format" },
    { "<statistics version=\"1\"><game id=\"GAME\"><mode seats=\"human hard\" draws=\"0\">"
      "<wins seat=\"2\" count=\"1\"/></mode></game></statistics>", "seat 2 is not one of the 2 seats" },
    { "<!DOCTYPE statistics [<!ENTITY a \"aaaa\">]><statistics version=\"1\"/>", "document type" },
    { "<statistics version=\"1\"><game id=\"GAME\"><mode seats=\"human hard\" draws=\"0\">"
      "<placed games=\"1\"><seat index=\"0\" points=\"1.0\"><place rank=\"3\" count=\"1\"/></seat></placed>"
      "</mode></game></statistics>", "place 3 is not one of the 2 places" },
    { "<statistics version=\"1\"><game id=\"GAME\"><mode seats=\"human hard\" draws=\"0\">"
      "<placed games=\"1\"><seat index=\"2\" points=\"1.0\"/></placed>"
      "</mode></game></statistics>", "seat 2 is not one of the 2 seats" },
    { "<statistics version=\"1\"><game id=\"GAME\"><mode seats=\"human hard\" draws=\"0\">"
      "<placed games=\"1\"><seat index=\"0\" points=\"1e5\"/></placed>"
      "</mode></game></statistics>", "does not follow its format" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GString) data = g_string_new (cases[i].data);
      g_autoptr(LudoStats) stats = NULL;

      g_string_replace (data, "GAME", game_id (0), 0);
      stats = ludo_stats_read_data (data->str, data->len, &error);

      g_assert_null (stats);
      g_assert_error (error, LUDO_STATS_ERROR, LUDO_STATS_ERROR_INVALID);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: “%s” does not say “%s”", i, error->message, cases[i].message);
    }

  /* a file from before places were kept reads as it did: wins and draws,
   * no places */
  {
    g_autofree char *data = g_strdup_printf ("<statistics version=\"1\"><game id=\"%s\">"
      "<mode seats=\"human hard\" draws=\"2\"><wins seat=\"1\" count=\"3\"/></mode>"
      "</game></statistics>", game_id (0));
    g_autoptr(GError) error = NULL;
    g_autoptr(LudoStats) stats = ludo_stats_read_data (data, strlen (data), &error);
    g_autoptr(GPtrArray) modes = NULL;
    LudoStatsMode *mode;

    g_assert_no_error (error);
    modes = ludo_stats_get_modes (stats, game_id (0));
    mode = modes->pdata[0];
    g_assert_cmpuint (ludo_stats_mode_total (mode), ==, 5);
    g_assert_cmpuint (mode->wins[1], ==, 3);
    g_assert_cmpuint (mode->placed, ==, 0);
    g_assert_cmpfloat (mode->points[1], ==, 0);
  }

  /* counts that add up past the schema's limit stop there */
  {
    g_autofree char *data = g_strdup_printf ("<statistics version=\"1\"><game id=\"%s\">"
      "<mode seats=\"human human\" draws=\"1000000000\"/><mode seats=\"human human\" draws=\"5\"/>"
      "</game></statistics>", game_id (0));
    g_autoptr(GError) error = NULL;
    g_autoptr(LudoStats) stats = ludo_stats_read_data (data, strlen (data), &error);
    g_autoptr(GPtrArray) modes = NULL;
    g_autofree char *again = NULL;
    g_autoptr(LudoStats) reread = NULL;

    g_assert_no_error (error);
    modes = ludo_stats_get_modes (stats, game_id (0));
    g_assert_cmpuint (((LudoStatsMode *) modes->pdata[0])->draws, ==, 1000000000);
    again = ludo_stats_to_data (stats, NULL);
    reread = ludo_stats_read_data (again, strlen (again), &error);
    g_assert_no_error (error);
  }
}

/* recording keeps a file it cannot read, and starts anew */
static void
test_record_unreadable (void)
{
  g_autoptr(GPtrArray) games = finished_games ();
  g_autofree char *dir = g_build_filename (tmpdir, "unreadable", NULL);
  g_autofree char *path = g_build_filename (dir, "statistics.xml", NULL);
  g_autofree char *kept = NULL;
  g_autofree char *kept_data = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoStats) stats = NULL;

  g_mkdir_with_parents (dir, 0700);
  g_assert_true (g_file_set_contents (path, "not a statistics file", -1, NULL));
  g_assert_true (record (path, games->pdata[1], &kept, &error));
  g_assert_no_error (error);
  g_assert_nonnull (kept);
  g_assert_true (g_file_get_contents (kept, &kept_data, NULL, NULL));
  g_assert_cmpstr (kept_data, ==, "not a statistics file");
  stats = ludo_stats_load (path, &error);
  g_assert_no_error (error);
  {
    g_autoptr(GPtrArray) modes = ludo_stats_get_modes (stats, game_id (1));
    g_assert_cmpuint (ludo_stats_mode_total (modes->pdata[0]), ==, 1);
  }

  /* a folder where the file should be: an error, nothing kept or lost */
  {
    g_autofree char *blocked = g_build_filename (tmpdir, "blocked", NULL);
    g_autofree char *inner = g_build_filename (blocked, "statistics.xml", NULL);
    g_autofree char *kept2 = NULL;

    g_mkdir_with_parents (inner, 0700);
    g_assert_false (record (inner, games->pdata[0], &kept2, &error));
    g_assert_error (error, LUDO_STATS_ERROR, LUDO_STATS_ERROR_IO);
    g_assert_null (kept2);
    g_assert_true (g_file_test (inner, G_FILE_TEST_IS_DIR));
  }
}

/* Processes that count at the same time lose no game. */
static void
test_concurrent (void)
{
  g_autoptr(GPtrArray) games = finished_games ();
  g_autofree char *path = g_build_filename (tmpdir, "concurrent", "statistics.xml", NULL);
  const guint n_children = 4, n_each = 40;
  g_autoptr(LudoStats) stats = NULL;
  g_autoptr(GError) error = NULL;
  guint total = 0;

  for (guint c = 0; c < n_children; c++)
    {
      pid_t pid = fork ();

      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        {
          for (guint i = 0; i < n_each; i++)
            if (!record (path, games->pdata[(c + i) % games->len], NULL, NULL))
              _exit (1);
          _exit (0);
        }
    }
  for (guint c = 0; c < n_children; c++)
    {
      int status;

      g_assert_cmpint (wait (&status), >, 0);
      g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
    }

  stats = ludo_stats_load (path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      g_autoptr(GPtrArray) modes = ludo_stats_get_modes (stats, ludo_game_get_id (games->pdata[i]));
      for (guint m = 0; modes && m < modes->len; m++)
        total += ludo_stats_mode_total (modes->pdata[m]);
    }
  g_assert_cmpuint (total, ==, n_children * n_each);
  g_test_message ("%u processes counted %u games at once: %u in the file", n_children, n_each, total);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = ludo_test_make_tmp ("ludoteka-stats-XXXXXX");

  g_test_add_func ("/stats/count", test_count);
  g_test_add_func ("/stats/round-trip", test_round_trip);
  g_test_add_func ("/stats/bad-files", test_bad_files);
  g_test_add_func ("/stats/record-unreadable", test_record_unreadable);
  g_test_add_func ("/stats/concurrent", test_concurrent);

  status = g_test_run ();
  {
    g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmpdir);
    (void) !system (cmd);
  }
  return status;
}
