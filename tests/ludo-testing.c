/* ludo-testing.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ludo-testing.h"

#include <glib/gstdio.h>
#include <libxml/relaxng.h>
#include <stdlib.h>
#include <string.h>

#include "core/ludo-save.h"

static GPtrArray *tmp_dirs;

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir)
    {
      while ((name = g_dir_read_name (dir)))
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_dir_close (dir);
      g_rmdir (path);
    }
  else
    g_remove (path);
}

static void
remove_tmp_dirs (void)
{
  for (guint i = 0; i < tmp_dirs->len; i++)
    remove_tree (g_ptr_array_index (tmp_dirs, i));
  g_clear_pointer (&tmp_dirs, g_ptr_array_unref);
}

char *
ludo_test_make_tmp (const char *tmpl)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp (tmpl, &error);

  g_assert_no_error (error);
  if (tmp_dirs == NULL)
    {
      tmp_dirs = g_ptr_array_new_with_free_func (g_free);
      atexit (remove_tmp_dirs);
    }
  g_ptr_array_add (tmp_dirs, g_strdup (dir));
  return dir;
}

static const char *
games_dir (void)
{
  const char *dir = g_getenv ("LUDOTEKA_GAMES_SRCDIR");

  if (dir == NULL)
    g_error ("LUDOTEKA_GAMES_SRCDIR is not set: run the tests with meson test");
  return dir;
}

char *
ludo_test_game_file (const char *id,
                     const char *first,
                     ...)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list args;

  g_ptr_array_add (parts, (gpointer) games_dir ());
  g_ptr_array_add (parts, (gpointer) id);
  g_ptr_array_add (parts, (gpointer) "tests");
  va_start (args, first);
  for (const char *part = first; part; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

char *
ludo_test_game_sample (const char *id)
{
  g_autofree char *name = g_strconcat (id, "-selfplay.ludoteka", NULL);
  char *path = ludo_test_game_file (id, "data", "good", name, NULL);

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    g_error ("the game %s has no sample save %s", id, path);
  return path;
}

LudoGame *
ludo_test_load (const char *path)
{
  g_autoptr(GError) error = NULL;
  LudoGame *game = ludo_save_read (path, &error);

  if (game == NULL)
    g_error ("%s: %s", path, error->message);
  return game;
}

LudoGame *
ludo_test_load_sample (const char *id)
{
  g_autofree char *path = ludo_test_game_sample (id);

  return ludo_test_load (path);
}

char *
ludo_test_move_after_end (const char *id,
                          guint      *line,
                          guint      *move)
{
  g_autofree char *path = ludo_test_game_sample (id);
  g_autoptr(LudoGame) game = ludo_test_load (path);
  g_autofree char *text = NULL;
  const char *end;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  end = strstr (text, "</moves>");
  g_assert_nonnull (end);
  *line = 1;
  for (const char *p = text; p < end; p++)
    *line += *p == '\n';
  *move = ludo_game_get_n_moves (game) + 1;
  return g_strdup_printf ("%.*s<move seat=\"0\">x</move>%s", (int) (end - text), text, end);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
add_files (GPtrArray  *out,
           const char *folder,
           const char *suffix)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    if (g_str_has_suffix (name, suffix))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_ptr_array_add (out, g_build_filename (folder, names->pdata[i], NULL));
}

GPtrArray *
ludo_test_data_files (const char *kind,
                      const char *suffix)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);
  const char *shared = g_getenv ("G_TEST_SRCDIR");

  for (guint i = 0; i < n_games; i++)
    {
      g_autofree char *folder = ludo_test_game_file (games[i]->id, "data", kind, NULL);
      add_files (out, folder, suffix);
    }
  if (shared)
    {
      g_autofree char *folder = g_build_filename (shared, "data", kind, NULL);
      add_files (out, folder, suffix);
    }
  return out;
}

char *
ludo_test_some_move (LudoGame *game,
                     guint     k)
{
  g_auto(GStrv) legal = NULL;

  if (ludo_game_is_over (game))
    return NULL;
  legal = ludo_game_legal_moves (game);
  if (legal && legal[0])
    return g_strdup (legal[k % g_strv_length (legal)]);
  /* a seed of its own for each ply: the same seed twice could give two
   * seats the same secret, and the second the first's at once */
  return ludo_game_compute_move (game, ludo_game_get_state (game), LUDO_LEVEL_EASY,
                                 (guint64) k * 1000003 + ludo_game_get_position (game) + 1, NULL);
}

void
ludo_test_play_ok (LudoGame   *game,
                   const char *move)
{
  g_autoptr(GError) error = NULL;

  if (!ludo_game_play (game, move, &error))
    g_error ("%s: %s refused: %s", ludo_game_get_id (game), move, error->message);
}

void
ludo_test_assert_places (LudoGame     *game,
                         const double *scores)
{
  guint n = ludo_game_get_n_seats (game), firsts = 0;
  LudoOutcome outcome;

  ludo_game_get_outcome (game, &outcome);
  g_assert_cmpint (outcome.kind, !=, LUDO_RESULT_NONE);
  g_assert_cmpuint (outcome.n_seats, ==, n);
  for (guint s = 0; s < n; s++)
    {
      guint above = 0;

      g_assert_cmpfloat (outcome.score[s], ==, scores[s]);
      for (guint t = 0; t < n; t++)
        above += scores[t] > scores[s];
      g_assert_cmpuint (outcome.rank[s], ==, above + 1);
      firsts += outcome.rank[s] == 1;
    }
  if (outcome.kind == LUDO_RESULT_WIN)
    {
      g_assert_cmpuint (firsts, ==, 1);
      g_assert_cmpuint (outcome.rank[outcome.winner], ==, 1);
    }
  else
    g_assert_cmpuint (firsts, >, 1);
}

int
ludo_test_assert_review (LudoGame *game,
                         guint     index,
                         LudoMark  mark)
{
  g_autoptr(GError) error = NULL;
  LudoMoveReview review;
  int loss;

  if (!ludo_review_move (game, index, 0, NULL, &review, &error))
    g_error ("%s: the review of move %u failed: %s", ludo_game_get_id (game), index + 1, error->message);
  g_test_message ("%s, move %u, %s: %d before, %d after, best %s (%d), loss %d, mark %s",
                  ludo_game_get_id (game), review.ply, review.move, review.value_before, review.value_after,
                  review.best ? review.best : "-", review.best_value, review.loss, ludo_mark_to_string (review.mark));
  g_assert_cmpstr (ludo_mark_to_string (review.mark), ==, ludo_mark_to_string (mark));
  if (mark >= LUDO_MARK_INACCURACY)
    g_assert_cmpstr (review.best, !=, review.move);
  loss = review.loss;
  ludo_move_review_clear (&review);
  return loss;
}

guint
ludo_test_play_some (LudoGame *game,
                     guint     n)
{
  guint k;

  for (k = 0; k < n; k++)
    {
      g_autofree char *move = ludo_test_some_move (game, k);

      if (move == NULL)
        break;
      ludo_test_play_ok (game, move);
    }
  return k;
}

void
ludo_test_assert_same_game (LudoGame *a,
                            LudoGame *b)
{
  gsize size = LUDO_GAME_GET_CLASS (a)->state_size;
  LudoOutcome oa, ob;

  g_assert_cmpstr (ludo_game_get_id (a), ==, ludo_game_get_id (b));
  g_assert_true (g_variant_equal (ludo_game_get_options (a), ludo_game_get_options (b)));
  g_assert_cmpuint (ludo_game_get_n_moves (a), ==, ludo_game_get_n_moves (b));
  g_assert_cmpuint (ludo_game_get_position (a), ==, ludo_game_get_position (b));
  for (guint s = 0; s < ludo_game_get_n_seats (a); s++)
    {
      g_assert_cmpint (ludo_game_get_seat_kind (a, s), ==, ludo_game_get_seat_kind (b, s));
      g_assert_cmpstr (ludo_game_get_seat_name (a, s), ==, ludo_game_get_seat_name (b, s));
      if (ludo_game_get_seat_kind (a, s) == LUDO_SEAT_COMPUTER)
        g_assert_cmpint (ludo_game_get_seat_level (a, s), ==, ludo_game_get_seat_level (b, s));
    }
  for (guint i = 0; i < ludo_game_get_n_moves (a); i++)
    {
      g_assert_cmpstr (ludo_game_get_move (a, i), ==, ludo_game_get_move (b, i));
      g_assert_cmpint (ludo_game_get_move_seat (a, i), ==, ludo_game_get_move_seat (b, i));
    }
  for (guint p = 0; p <= ludo_game_get_n_moves (a); p++)
    g_assert_cmpmem (ludo_game_get_state_at (a, p), size, ludo_game_get_state_at (b, p), size);
  ludo_game_get_outcome (a, &oa);
  ludo_game_get_outcome (b, &ob);
  g_assert_cmpint (oa.kind, ==, ob.kind);
  g_assert_cmpint (oa.winner, ==, ob.winner);
}

void
ludo_test_assert_schema_valid (const char *data,
                               gsize       length)
{
  g_autoptr(GBytes) schema_bytes = ludo_save_get_schema ();
  gsize size;
  const char *schema_text = g_bytes_get_data (schema_bytes, &size);
  xmlRelaxNGParserCtxtPtr pctxt = xmlRelaxNGNewMemParserCtxt (schema_text, (int) size);
  xmlRelaxNGPtr schema = xmlRelaxNGParse (pctxt);
  xmlRelaxNGValidCtxtPtr vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlDocPtr doc = xmlReadMemory (data, (int) length, "written.ludoteka", NULL, XML_PARSE_NONET);

  g_assert_nonnull (schema);
  g_assert_nonnull (doc);
  g_assert_cmpint (xmlRelaxNGValidateDoc (vctxt, doc), ==, 0);
  xmlFreeDoc (doc);
  xmlRelaxNGFreeValidCtxt (vctxt);
  xmlRelaxNGFree (schema);
  xmlRelaxNGFreeParserCtxt (pctxt);
}

const LudoGameInfo *
ludo_test_find_game (LudoTestGameFilter filter)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr(LudoGame) game = ludo_game_new (games[i]->id, NULL, NULL);

      if (filter (game))
        return games[i];
    }
  g_error ("no game of the registry is one the test needs");
}

gboolean
ludo_test_has_secrets (LudoGame *game)
{
  return ludo_game_has_secrets (game);
}

gboolean
ludo_test_no_secrets (LudoGame *game)
{
  return !ludo_game_has_secrets (game);
}

gboolean
ludo_test_lists_moves (LudoGame *game)
{
  g_auto(GStrv) legal = ludo_game_legal_moves (game);

  return legal != NULL && legal[0] != NULL;
}

gboolean
ludo_test_two_seats (LudoGame *game)
{
  return ludo_game_get_n_seats (game) == 2;
}
