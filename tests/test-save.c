/* test-save.c — save files: round trips, the schema, the bad-file corpus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <libxml/relaxng.h>
#include <string.h>

#include "core/ludo-ai.h"
#include "core/ludo-game.h"
#include "core/ludo-save.h"
#include "games/emperor/ludo-emperor-game.h"
#include "games/logik/ludo-logik-game.h"

/* Random seats, named with characters XML must escape. */
static void
random_seats (LudoGame *game,
              GRand    *rand)
{
  for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
    ludo_game_set_seat (game, s, g_rand_boolean (rand) ? LUDO_SEAT_HUMAN : LUDO_SEAT_COMPUTER,
                        g_rand_int_range (rand, 0, 3),
                        g_rand_boolean (rand) ? "Kati & <Jüri> \"Õ\"" : NULL);
}

/* Logik: random options; the computer (Easy, so that it is quick) plays
 * every move, since there are too many codes to pick from at random. */
static LudoGame *
random_logik (GRand *rand)
{
  GVariantBuilder b;
  LudoGame *game;
  guint target;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{si}"));
  g_variant_builder_add (&b, "{si}", "places", g_rand_int_range (rand, 4, 7));
  g_variant_builder_add (&b, "{si}", "colours", g_rand_int_range (rand, 6, 11));
  g_variant_builder_add (&b, "{si}", "rows", g_rand_int_range (rand, 6, 17));
  g_variant_builder_add (&b, "{si}", "solo", g_rand_int_range (rand, 0, 2));
  game = ludo_game_new ("logik", g_variant_builder_end (&b), NULL);
  g_assert_nonnull (game);
  ludo_game_set_seed (game, g_rand_int (rand));
  random_seats (game, rand);

  target = g_rand_int_range (rand, 0, 40);
  while (!ludo_game_is_over (game) && ludo_game_get_n_moves (game) < target)
    {
      g_autofree char *move = ludo_ai_think (game, LUDO_LEVEL_EASY, NULL, NULL);
      g_assert_true (ludo_game_play (game, move, NULL));
    }
  return game;
}

/* Emperor Chess: any claimant, sometimes a set-up position (which the save
 * must carry), random legal moves. */
static LudoGame *
random_emperor (GRand *rand)
{
  static const char *const setups[] = {
    NULL,
    "k9/10/10/10/4G4R/4KN4/10/10/10/10 w - - 0 1 w 50 1 -",
    "9k/10/10/10/10/10/10/10/10/RN4K3 w - - 0 1 w 3 0 b",
  };
  g_autoptr(GVariant) options = NULL;
  const char *setup = setups[g_rand_int_range (rand, 0, G_N_ELEMENTS (setups))];
  LudoGame *game;
  guint target;

  options = g_variant_ref_sink (g_variant_new_parsed ("{'claimant': %i}", g_rand_int_range (rand, 0, 3)));
  game = ludo_game_new ("emperor", options, NULL);
  g_assert_nonnull (game);
  if (setup)
    g_assert_true (ludo_emperor_game_set_start_fen (LUDO_EMPEROR_GAME (game), setup, NULL));
  random_seats (game, rand);

  target = g_rand_int_range (rand, 0, 120);
  while (!ludo_game_is_over (game) && ludo_game_get_n_moves (game) < target)
    {
      g_auto(GStrv) moves = ludo_game_legal_moves (game);
      g_assert_true (ludo_game_play (game, moves[g_rand_int_range (rand, 0, g_strv_length (moves))], NULL));
    }
  return game;
}

/* A random game of any kind, its cursor somewhere in the middle. */
static LudoGame *
random_game (GRand *rand)
{
  LudoGame *game = g_rand_boolean (rand) ? random_logik (rand) : random_emperor (rand);

  ludo_game_seek (game, g_rand_int_range (rand, 0, ludo_game_get_n_moves (game) + 1));
  return game;
}

static void
assert_same_game (LudoGame *a,
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

static void
assert_schema_valid (const char *data,
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

static void
test_round_trip (void)
{
  GRand *rand = g_rand_new_with_seed (42);

  for (int i = 0; i < 200; i++)
    {
      g_autoptr(LudoGame) game = random_game (rand);
      g_autoptr(LudoGame) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      gsize length;

      data = ludo_save_to_data (game, &length);
      assert_schema_valid (data, length);
      loaded = ludo_save_read_data (data, length, &error);
      g_assert_no_error (error);
      assert_same_game (game, loaded);
    }
  g_rand_free (rand);
}

/* Found by fuzzing: a year before 1000 must still be written as a valid
 * xsd:dateTime, or the game would not load again. */
static void
test_early_date (void)
{
  g_autoptr(LudoGame) game = ludo_game_new ("logik", NULL, NULL);
  g_autoptr(GDateTime) date = g_date_time_new_utc (226, 12, 2, 14, 11, 44);
  g_autoptr(LudoGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  ludo_game_set_created (game, date);
  data = ludo_save_to_data (game, &length);
  g_assert_nonnull (strstr (data, "created=\"0226-12-02T14:11:44Z\""));
  loaded = ludo_save_read_data (data, length, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_date_time_get_year (ludo_game_get_created (loaded)), ==, 226);
}

static void
test_write_atomic (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ludoteka-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.ludoteka", NULL);
  g_autofree char *old = NULL, *now = NULL;
  g_autoptr(LudoGame) game = ludo_game_new ("logik", NULL, NULL);
  g_autoptr(LudoGame) loaded = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (ludo_save_write (game, path, &error));
  g_assert_true (ludo_game_play (game, "code:ABCDE", NULL));
  g_assert_true (ludo_save_write (game, path, &error));
  loaded = ludo_save_read (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, 1);

  /* A failed write leaves the old file as it was. */
  g_assert_true (g_file_get_contents (path, &old, NULL, NULL));
  if (getuid () != 0)
    {
      g_assert_cmpint (g_chmod (dir, 0500), ==, 0);
      g_assert_true (ludo_game_play (game, "code:ABCDE", NULL));
      g_assert_false (ludo_save_write (game, path, &error));
      g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO);
      g_clear_error (&error);
      g_chmod (dir, 0700);
    }
  else
    {
      /* root writes anywhere: make the target a folder to fail the rename */
      g_autofree char *blocked = g_build_filename (dir, "blocked.ludoteka", NULL);
      g_autofree char *inside = g_build_filename (blocked, "keep", NULL);
      g_mkdir (blocked, 0700);
      g_file_set_contents (inside, "x", 1, NULL);
      g_assert_false (ludo_save_write (game, blocked, &error));
      g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO);
      g_clear_error (&error);
      g_assert_true (g_file_test (inside, G_FILE_TEST_IS_REGULAR));
      g_remove (inside);
      g_rmdir (blocked);
    }
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (old, ==, now);

  g_remove (path);
  g_rmdir (dir);
}

/* ------------------------------------------------------------------------ */
/* The corpus of bad files                                                   */

static const struct {
  const char   *file;
  LudoSaveError code;
  const char   *says;     /* part of the message */
} corpus[] = {
  { "empty.ludoteka",               LUDO_SAVE_ERROR_TRUNCATED,     "ends too early" },
  { "truncated.ludoteka",           LUDO_SAVE_ERROR_TRUNCATED,     "line 21" },
  { "not-xml.ludoteka",             LUDO_SAVE_ERROR_NOT_XML,       "Line 1" },
  { "binary.ludoteka",              LUDO_SAVE_ERROR_NOT_XML,       "Line 1" },
  { "billion-laughs.ludoteka",      LUDO_SAVE_ERROR_FORBIDDEN,     "Line 2" },
  { "external-entity.ludoteka",     LUDO_SAVE_ERROR_FORBIDDEN,     "DTD" },
  { "external-dtd.ludoteka",        LUDO_SAVE_ERROR_FORBIDDEN,     "DTD" },
  { "not-a-save.ludoteka",          LUDO_SAVE_ERROR_NOT_A_SAVE,    "<savegame>" },
  { "newer-version.ludoteka",       LUDO_SAVE_ERROR_NEWER_VERSION, "format 7" },
  { "unknown-game.ludoteka",        LUDO_SAVE_ERROR_UNKNOWN_GAME,  "tetris" },
  { "schema-bad-seat.ludoteka",     LUDO_SAVE_ERROR_INVALID,       "Line 11" },
  { "three-seats.ludoteka",         LUDO_SAVE_ERROR_INVALID,       "3 seats" },
  { "option-out-of-range.ludoteka", LUDO_SAVE_ERROR_BAD_OPTION,    "places" },
  { "unknown-option.ludoteka",      LUDO_SAVE_ERROR_BAD_OPTION,    "timer" },
  { "illegal-colour.ludoteka",      LUDO_SAVE_ERROR_ILLEGAL_MOVE,  "move 5" },
  { "illegal-length.ludoteka",      LUDO_SAVE_ERROR_ILLEGAL_MOVE,  "move 5" },
  { "illegal-code-twice.ludoteka",  LUDO_SAVE_ERROR_ILLEGAL_MOVE,  "Line 19" },
  { "wrong-seat.ludoteka",          LUDO_SAVE_ERROR_ILLEGAL_MOVE,  "seat 1" },
  { "position-beyond.ludoteka",     LUDO_SAVE_ERROR_INVALID,       "position 11" },
  { "wrong-winner.ludoteka",        LUDO_SAVE_ERROR_BAD_RESULT,    "does not match" },
  { "wrong-draw.ludoteka",          LUDO_SAVE_ERROR_BAD_RESULT,    "does not match" },
  { "missing-result.ludoteka",      LUDO_SAVE_ERROR_BAD_RESULT,    "no result" },
  { "result-without-end.ludoteka",  LUDO_SAVE_ERROR_BAD_RESULT,    "do not end" },
  { "emperor-illegal-move.ludoteka", LUDO_SAVE_ERROR_ILLEGAL_MOVE, "move 3 (“e2e7”)" },
  { "emperor-bad-fen.ludoteka",     LUDO_SAVE_ERROR_BAD_SETUP,     "start position" },
};

static void
test_corpus_bad (void)
{
  g_autoptr(GDir) dir = g_dir_open (g_test_get_filename (G_TEST_DIST, "data", "bad", NULL), 0, NULL);
  const char *name;
  guint n_files = 0;

  /* every file of the folder is listed above */
  while ((name = g_dir_read_name (dir)))
    {
      gboolean listed = FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (corpus); i++)
        listed |= g_str_equal (corpus[i].file, name);
      if (!listed)
        g_error ("tests/data/bad/%s is not in the corpus table", name);
      n_files++;
    }
  g_assert_cmpuint (n_files, ==, G_N_ELEMENTS (corpus));

  for (guint i = 0; i < G_N_ELEMENTS (corpus); i++)
    {
      const char *path = g_test_get_filename (G_TEST_DIST, "data", "bad", corpus[i].file, NULL);
      g_autoptr(GError) error = NULL;
      g_autofree char *before = NULL, *after = NULL;
      gsize len_before = 0, len_after = 0;
      LudoGame *game;

      g_assert_true (g_file_get_contents (path, &before, &len_before, NULL));
      game = ludo_save_read (path, &error);
      g_test_message ("%s: %s", corpus[i].file, error ? error->message : "(loaded)");
      g_assert_null (game);
      g_assert_error (error, LUDO_SAVE_ERROR, (int) corpus[i].code);
      if (strstr (error->message, corpus[i].says) == NULL)
        g_error ("%s: “%s” does not say “%s”", corpus[i].file, error->message, corpus[i].says);
      /* the file on disk is untouched */
      g_assert_true (g_file_get_contents (path, &after, &len_after, NULL));
      g_assert_cmpmem (before, len_before, after, len_after);
    }
}

static void
test_corpus_good (void)
{
  g_autoptr(GDir) dir = g_dir_open (g_test_get_filename (G_TEST_DIST, "data", "good", NULL), 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (dir)))
    {
      const char *path = g_test_get_filename (G_TEST_DIST, "data", "good", name, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(LudoGame) game = ludo_save_read (path, &error);

      g_assert_no_error (error);
      g_assert_nonnull (game);
      n++;
    }
  g_assert_cmpuint (n, >, 0);
}

static void
test_too_large (void)
{
  g_autoptr(GString) big = g_string_new ("<?xml version=\"1.0\"?>\n<ludoteka version=\"1\" game=\"logik\">"
                                         "<seats><seat kind=\"human\"/><seat kind=\"human\"/></seats>"
                                         "<moves position=\"0\">");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  int fd;

  /* more moves than any game can have, under the size limit */
  for (int i = 0; i < LUDO_SAVE_MAX_MOVES + 1; i++)
    g_string_append (big, "<move seat=\"0\">code:AAAAA</move>");
  g_string_append (big, "</moves></ludoteka>\n");
  g_assert_cmpuint (big->len, <, LUDO_SAVE_MAX_BYTES);
  g_assert_null (ludo_save_read_data (big->str, big->len, &error));
  g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_ILLEGAL_MOVE);  /* the 3rd code already */
  g_clear_error (&error);

  /* over the size limit: refused before parsing */
  while (big->len <= LUDO_SAVE_MAX_BYTES)
    g_string_append (big, "<!-- padding padding padding padding padding padding -->\n");
  g_assert_null (ludo_save_read_data (big->str, big->len, &error));
  g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TOO_LARGE);
  g_clear_error (&error);

  fd = g_file_open_tmp ("ludoteka-big-XXXXXX.ludoteka", &path, NULL);
  g_assert_cmpint (fd, >=, 0);
  g_assert_true (g_file_set_contents (path, big->str, big->len, NULL));
  close (fd);
  g_assert_null (ludo_save_read (path, &error));
  g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TOO_LARGE);
  g_clear_error (&error);
  g_remove (path);

  g_assert_null (ludo_save_read ("/nonexistent/nothing.ludoteka", &error));
  g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO);
}

static void
test_many_moves_limit (void)
{
  g_autoptr(GString) s = g_string_new ("<?xml version=\"1.0\"?>\n<ludoteka version=\"1\" game=\"logik\">"
                                       "<options><option name=\"solo\" value=\"1\"/>"
                                       "<option name=\"rows\" value=\"16\"/></options>"
                                       "<seats><seat kind=\"human\"/><seat kind=\"human\"/></seats>"
                                       "<moves position=\"0\">");
  g_autoptr(GError) error = NULL;

  for (int i = 0; i < LUDO_SAVE_MAX_MOVES + 5; i++)
    g_string_append (s, "<move seat=\"0\">x</move>");
  g_string_append (s, "</moves></ludoteka>\n");
  g_assert_null (ludo_save_read_data (s->str, s->len, &error));
  /* the first move is already wrong, and the error says which */
  g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "move 1"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/save/round-trip", test_round_trip);
  g_test_add_func ("/save/early-date", test_early_date);
  g_test_add_func ("/save/write-atomic", test_write_atomic);
  g_test_add_func ("/save/corpus/bad", test_corpus_bad);
  g_test_add_func ("/save/corpus/good", test_corpus_good);
  g_test_add_func ("/save/too-large", test_too_large);
  g_test_add_func ("/save/many-moves", test_many_moves_limit);

  return g_test_run ();
}
