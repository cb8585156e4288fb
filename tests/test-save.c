/* test-save.c — save files: round trips, the schema, the bad-file corpus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libxml/relaxng.h>
#include <stdio.h>
#include <string.h>

#include "core/ludo-game.h"
#include "core/ludo-save.h"
#include "core/ludo-text.h"
#include "core/ludo-xml.h"
#include "ludo-testing.h"

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

/* A random game of any game of the registry: random options (of those the
 * registry allows), seats and seed; moves of the rules' lists, or the
 * computer's at Easy for a game that does not list them; its cursor
 * somewhere in the middle. */
static LudoGame *
random_game (GRand *rand)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);
  const LudoGameInfo *info = games[g_rand_int_range (rand, 0, n_games)];
  LudoGame *game = NULL;
  guint target;

  /* options the game takes together (a combination may be refused) */
  while (game == NULL)
    {
      GVariantBuilder b;

      g_variant_builder_init (&b, G_VARIANT_TYPE ("a{si}"));
      for (guint o = 0; o < info->n_options; o++)
        {
          const LudoOptionSpec *spec = &info->options[o];
          int value = ludo_option_spec_nearest (spec, g_rand_int_range (rand, spec->min, spec->max + 1));

          g_variant_builder_add (&b, "{si}", spec->id, value);
        }
      game = ludo_game_new (info->id, g_variant_builder_end (&b), NULL);
    }
  ludo_game_set_seed (game, g_rand_int (rand));
  random_seats (game, rand);

  target = g_rand_int_range (rand, 0, 80);
  while (!ludo_game_is_over (game) && ludo_game_get_n_moves (game) < target)
    {
      g_autofree char *move = ludo_test_some_move (game, g_rand_int (rand));
      ludo_test_play_ok (game, move);
    }
  ludo_game_seek (game, g_rand_int_range (rand, 0, ludo_game_get_n_moves (game) + 1));
  return game;
}

/* The seats of a new game of id, all people, as a save lists them. */
static char *
seats_xml (const char *id)
{
  g_autoptr(LudoGame) game = ludo_game_new (id, NULL, NULL);
  GString *seats = g_string_new ("<seats>");

  for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
    g_string_append (seats, "<seat kind=\"human\"/>");
  g_string_append (seats, "</seats>");
  return g_string_free (seats, FALSE);
}

/* The first game of the registry. */
static const char *
first_game (void)
{
  guint n_games;

  return ludo_registry_get_games (&n_games)[0]->id;
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
      ludo_test_assert_schema_valid (data, length);
      loaded = ludo_save_read_data (data, length, &error);
      g_assert_no_error (error);
      ludo_test_assert_same_game (game, loaded);
    }
  g_rand_free (rand);
}

/* Found by fuzzing: a year before 1000 must still be written as a valid
 * xsd:dateTime, or the game would not load again. */
static void
test_early_date (void)
{
  g_autoptr(LudoGame) game = ludo_game_new (first_game (), NULL, NULL);
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
  g_autofree char *dir = ludo_test_make_tmp ("ludoteka-save-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "game.ludoteka", NULL);
  g_autofree char *old = NULL, *now = NULL;
  g_autoptr(LudoGame) game = ludo_game_new (first_game (), NULL, NULL);
  g_autoptr(LudoGame) loaded = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (ludo_save_write (game, path, &error));
  g_assert_cmpuint (ludo_test_play_some (game, 1), ==, 1);
  g_assert_true (ludo_save_write (game, path, &error));
  loaded = ludo_save_read (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, 1);

  /* A failed write leaves the old file as it was. */
  g_assert_true (g_file_get_contents (path, &old, NULL, NULL));
  if (getuid () != 0)
    {
      g_assert_cmpint (g_chmod (dir, 0500), ==, 0);
      g_assert_cmpuint (ludo_test_play_some (game, 1), ==, 1);
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

/* Each bad file NAME.ludoteka has NAME.expect beside it: the error code
 * (ILLEGAL_MOVE …) on the first line, a part of the message on the second.
 * A game adds its own cases by adding files. */
static const char * const error_names[] = {
  [LUDO_SAVE_ERROR_IO] = "IO",
  [LUDO_SAVE_ERROR_TOO_LARGE] = "TOO_LARGE",
  [LUDO_SAVE_ERROR_NOT_XML] = "NOT_XML",
  [LUDO_SAVE_ERROR_TRUNCATED] = "TRUNCATED",
  [LUDO_SAVE_ERROR_FORBIDDEN] = "FORBIDDEN",
  [LUDO_SAVE_ERROR_NOT_A_SAVE] = "NOT_A_SAVE",
  [LUDO_SAVE_ERROR_NEWER_VERSION] = "NEWER_VERSION",
  [LUDO_SAVE_ERROR_UNKNOWN_GAME] = "UNKNOWN_GAME",
  [LUDO_SAVE_ERROR_INVALID] = "INVALID",
  [LUDO_SAVE_ERROR_BAD_OPTION] = "BAD_OPTION",
  [LUDO_SAVE_ERROR_BAD_SETUP] = "BAD_SETUP",
  [LUDO_SAVE_ERROR_ILLEGAL_MOVE] = "ILLEGAL_MOVE",
  [LUDO_SAVE_ERROR_BAD_RESULT] = "BAD_RESULT",
  [LUDO_SAVE_ERROR_BAD_REVIEW] = "BAD_REVIEW",
};

/* A message may quote a file, but never hand a terminal a control
 * character or a direction override, nor run on for ever. */
static void
assert_printable (const char *message)
{
  g_assert_true (g_utf8_validate (message, -1, NULL));
  g_assert_cmpuint (strlen (message), <, 600);
  for (const char *p = message; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069))
        g_error ("“%s” has the character U+%04X", message, c);
    }
}

/* A message is ours from end to end: no English of libxml2's (which
 * names the parser, not the file) and no line given twice. */
static void
assert_our_words (const char *message)
{
  static const char * const theirs[] = {
    "Premature", "XML_PARSE_HUGE", "Datatype", "Excessive", "libxml", "xmlParse", "Couldn't",
    "Opening and ending tag", "failed to validate", "Did not expect", "Expecting", "StartTag",
    "PCDATA", "Document is empty", "Start tag expected", "Extra content", "labelled",
    "indicate encoding", "Invalid attribute", "Element ", "Input is not", "Unsupported",
    "Entity '", "redefined", "doesn't allow", "is over",
  };
  long line;

  for (guint i = 0; i < G_N_ELEMENTS (theirs); i++)
    if (strstr (message, theirs[i]))
      g_error ("“%s” has libxml2's words “%s”", message, theirs[i]);
  if (sscanf (message, "Line %ld:", &line) == 1)
    {
      g_autofree char *again = g_strdup_printf ("(line %ld)", line);
      g_assert_null (strstr (message, again));
    }
  /* a game's reason goes on the sentence, not as a new one */
  g_assert_null (strstr (message, "not legal: The"));
}

/* The bad saves of every game of the registry (src/games/ID/tests/data/bad)
 * and of the format (tests/data/bad). */
static void
test_corpus_bad (void)
{
  g_autoptr(GPtrArray) expects = ludo_test_data_files ("bad", ".expect");
  g_autoptr(GPtrArray) saves = ludo_test_data_files ("bad", ".ludoteka");
  guint n_files = 0;

  for (guint i = 0; i < expects->len; i++)
    {
      const char *expect_path = expects->pdata[i];
      g_autofree char *base = g_strndup (expect_path, strlen (expect_path) - strlen (".expect"));
      g_autofree char *save_path = g_strconcat (base, ".ludoteka", NULL);

      if (!g_file_test (save_path, G_FILE_TEST_EXISTS))
        g_error ("%s has no save beside it", expect_path);
    }
  for (guint i = 0; i < saves->len; i++)
    {
      const char *path = saves->pdata[i];
      g_autofree char *name = g_path_get_basename (path);
      g_autofree char *expect_path = NULL;
      g_autofree char *expect = NULL;
      g_autofree char *before = NULL, *after = NULL;
      g_auto(GStrv) lines = NULL;
      g_autoptr(GError) error = NULL;
      gsize len_before = 0, len_after = 0;
      int code = -1;
      LudoGame *game;

      {
        g_autofree char *base = g_strndup (path, strlen (path) - strlen (".ludoteka"));
        expect_path = g_strconcat (base, ".expect", NULL);
      }
      if (!g_file_get_contents (expect_path, &expect, NULL, NULL))
        g_error ("%s has no .expect file", path);
      lines = g_strsplit (expect, "\n", 3);
      g_assert_cmpuint (g_strv_length (lines), >=, 2);
      for (guint k = 0; k < G_N_ELEMENTS (error_names); k++)
        if (g_strcmp0 (error_names[k], lines[0]) == 0)
          code = (int) k;
      if (code < 0)
        g_error ("%s: unknown error code “%s”", expect_path, lines[0]);

      g_assert_true (g_file_get_contents (path, &before, &len_before, NULL));
      game = ludo_save_read (path, &error);
      g_test_message ("%s: %s", name, error ? error->message : "(loaded)");
      g_assert_null (game);
      g_assert_error (error, LUDO_SAVE_ERROR, code);
      if (strstr (error->message, lines[1]) == NULL)
        g_error ("%s: “%s” does not say “%s”", name, error->message, lines[1]);
      assert_printable (error->message);
      assert_our_words (error->message);
      /* the same file, the same verdict, every time */
      for (int k = 0; k < 3; k++)
        {
          g_autoptr(GError) again = NULL;
          g_assert_null (ludo_save_read (path, &again));
          g_assert_cmpstr (again->message, ==, error->message);
        }
      /* the file on disk is untouched */
      g_assert_true (g_file_get_contents (path, &after, &len_after, NULL));
      g_assert_cmpmem (before, len_before, after, len_after);
      n_files++;
    }
  g_assert_cmpuint (n_files, >=, 68);
}

/* The good saves of every game (each has its sample, ID-selfplay) and of
 * the format: all load. */
static void
test_corpus_good (void)
{
  g_autoptr(GPtrArray) saves = ludo_test_data_files ("good", ".ludoteka");
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint i = 0; i < saves->len; i++)
    {
      g_autoptr(LudoGame) game = ludo_test_load (saves->pdata[i]);

      g_assert_nonnull (game);
    }
  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) sample = ludo_test_load_sample (games[g]->id);

      g_assert_cmpstr (ludo_game_get_id (sample), ==, games[g]->id);
    }
  g_assert_cmpuint (saves->len, >, n_games);

  /* numbers as the schema allows them: " +05 ", "+010", "-0": the same
   * game as the sample of the game it names */
  {
    const char *path = g_test_get_filename (G_TEST_DIST, "data", "good", "lenient-numbers.ludoteka", NULL);
    g_autoptr(LudoGame) lenient = ludo_test_load (path);
    g_autoptr(LudoGame) game = ludo_test_load_sample (ludo_game_get_id (lenient));

    ludo_test_assert_same_game (lenient, game);
    g_assert_cmpuint (ludo_game_get_position (lenient), ==, ludo_game_get_n_moves (game));
    g_assert_cmpuint (ludo_game_get_position (lenient), >=, 10);
  }
  /* tokens as the schema reads them: game=" ID ", kind=" computer " … */
  {
    const char *path = g_test_get_filename (G_TEST_DIST, "data", "good", "lenient-tokens.ludoteka", NULL);
    g_autoptr(LudoGame) lenient = ludo_test_load (path);
    g_autoptr(LudoGame) game = ludo_test_load_sample (ludo_game_get_id (lenient));

    ludo_test_assert_same_game (lenient, game);
    g_assert_true (g_date_time_equal (ludo_game_get_created (lenient), ludo_game_get_created (game)));
  }
}

static void
test_too_large (void)
{
  g_autoptr(GString) big = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);
  int fd;

  /* more moves than any game can have, under the size limit: each game's
   * first move again and again, which its rules refuse soon */
  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = ludo_game_new (games[g]->id, NULL, NULL);
      g_autofree char *seats = seats_xml (games[g]->id);
      g_autofree char *first = ludo_test_some_move (game, 0);
      g_autofree char *move = g_strdup_printf ("<move seat=\"%d\">%s</move>", ludo_game_get_current_seat (game), first);
      gint64 start;

      if (big)
        g_string_free (big, TRUE);
      big = g_string_new (NULL);
      g_string_printf (big, "<?xml version=\"1.0\"?>\n<ludoteka version=\"1\" game=\"%s\">%s<moves position=\"0\">",
                       games[g]->id, seats);
      for (int i = 0; i < LUDO_SAVE_MAX_MOVES + 1; i++)
        g_string_append (big, move);
      g_string_append (big, "</moves></ludoteka>\n");
      g_assert_cmpuint (big->len, <, LUDO_SAVE_MAX_BYTES);
      start = g_get_monotonic_time ();
      g_assert_null (ludo_save_read_data (big->str, big->len, &error));
      g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_ILLEGAL_MOVE);
      g_test_message ("%s: %d moves (%" G_GSIZE_FORMAT " bytes): parsed, validated and refused in %.0f ms: %s",
                      games[g]->id, LUDO_SAVE_MAX_MOVES + 1, big->len,
                      (g_get_monotonic_time () - start) / 1000.0, error->message);
      g_clear_error (&error);
    }

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
  /* eight gigabytes (of nothing, on the disk): refused from its size,
   * not after reading it */
  g_assert_cmpint (truncate (path, (off_t) 8 << 30), ==, 0);
  g_assert_null (ludo_save_read (path, &error));
  g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TOO_LARGE);
  g_test_message ("8 GiB: %s", error->message);
  g_clear_error (&error);
  g_remove (path);

  g_assert_null (ludo_save_read ("/nonexistent/nothing.ludoteka", &error));
  g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO);
}

static void
test_many_moves_limit (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  /* every game, its options written out */
  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(GString) s = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GVariant) options = NULL;
      g_autofree char *seats = NULL;
      GVariantBuilder b;

      g_variant_builder_init (&b, G_VARIANT_TYPE ("a{si}"));
      g_string_printf (s, "<?xml version=\"1.0\"?>\n<ludoteka version=\"1\" game=\"%s\"><options>", games[g]->id);
      for (guint o = 0; o < games[g]->n_options; o++)
        {
          const LudoOptionSpec *spec = &games[g]->options[o];
          int value = spec->default_value;

          g_string_append_printf (s, "<option name=\"%s\" value=\"%d\"/>", spec->id, value);
          g_variant_builder_add (&b, "{si}", spec->id, value);
        }
      options = g_variant_ref_sink (g_variant_builder_end (&b));
      {
        g_autoptr(LudoGame) game = ludo_game_new (games[g]->id, g_variant_ref (options), NULL);
        GString *list = g_string_new ("<seats>");

        g_assert_nonnull (game);
        for (guint k = 0; k < ludo_game_get_n_seats (game); k++)
          g_string_append (list, "<seat kind=\"human\"/>");
        g_string_append (list, "</seats>");
        seats = g_string_free (list, FALSE);
      }
      g_string_append_printf (s, "</options>%s<moves position=\"0\">", seats);
      for (int i = 0; i < LUDO_SAVE_MAX_MOVES + 5; i++)
        g_string_append (s, "<move seat=\"0\">x</move>");
      g_string_append (s, "</moves></ludoteka>\n");
      g_assert_null (ludo_save_read_data (s->str, s->len, &error));
      /* the first move is already wrong, and the error says which */
      g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_ILLEGAL_MOVE);
      g_assert_nonnull (strstr (error->message, "move 1"));
    }
}

/* ------------------------------------------------------------------------ */
/* Found by hostile testing                                                  */

/* Every kind of name a person or a file can give: what the game keeps
 * saves and reads back as it is, and is no longer than the format allows. */
static void
test_names (void)
{
  static const char * const names[] = {
    "Kati", "Tom & Jerry", "<b>bold</b>", "\"quoted\" 'and' `back`", "]]>", "&amp;",
    "Ann\001e", "tab\there", "new\nline", "cr\rlf", "del\177", "c1\302\233[31m", "\357\277\276fffe",
    "\357\277\277ffff", "\355\240\200surrogate", "bad \377\376 utf-8", "  padded  ", "   ",
    "Ĺudőteka Ünnep", "Лудотека", "שחקן", "e\314\201 (combining)", "😀 emoji 🎲",
    "0123456789012345678901234567890123456789012345678901234567890123456789",
    "ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé",
    "\342\200\250line sep", "_mnemonic_",
  };
  GRand *rand = g_rand_new_with_seed (11);

  for (guint i = 0; i < G_N_ELEMENTS (names) + 500; i++)
    {
      g_autoptr(LudoGame) game = ludo_game_new (first_game (), NULL, NULL);
      g_autoptr(LudoGame) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *random = NULL;
      g_autofree char *data = NULL;
      const char *name, *kept;
      gsize length;

      /* then random bytes, any of them but NUL */
      if (i < G_N_ELEMENTS (names))
        name = names[i];
      else
        {
          int n = g_rand_int_range (rand, 0, 90);
          random = g_malloc (n + 1);
          for (int k = 0; k < n; k++)
            random[k] = (char) g_rand_int_range (rand, 1, 256);
          random[n] = '\0';
          name = random;
        }
      ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, name);
      kept = ludo_game_get_seat_name (game, 0);
      if (kept)
        {
          g_assert_true (g_utf8_validate (kept, -1, NULL));
          g_assert_cmpuint (g_utf8_strlen (kept, -1), <=, 64);
          g_assert_cmpuint (strlen (kept), >, 0);
          g_assert_false (g_ascii_isspace (kept[0]));
          for (const char *p = kept; *p; p = g_utf8_next_char (p))
            {
              gunichar c = g_utf8_get_char (p);
              g_assert_true (c >= 0x20 && !(c >= 0x7F && c <= 0x9F) && c != 0xFFFE && c != 0xFFFF);
            }
        }
      data = ludo_save_to_data (game, &length);
      ludo_test_assert_schema_valid (data, length);
      loaded = ludo_save_read_data (data, length, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (ludo_game_get_seat_name (loaded, 0), ==, kept);
    }
  g_rand_free (rand);

  /* what is kept, for a few */
  {
    g_autoptr(LudoGame) game = ludo_game_new (first_game (), NULL, NULL);
    static const char * const given[][2] = {
      { "Ann\001e", "Anne" }, { "  padded  ", "padded" }, { "   ", NULL }, { "new\nline", "new line" },
      { "e\314\201", "\303\251" }, { "Tom & Jerry", "Tom & Jerry" },
    };
    for (guint i = 0; i < G_N_ELEMENTS (given); i++)
      {
        ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, given[i][0]);
        g_assert_cmpstr (ludo_game_get_seat_name (game, 0), ==, given[i][1]);
      }
  }
}

static void
assert_fast_refusal (const char   *what,
                     GString      *text,
                     LudoSaveError code,
                     const char   *says)
{
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();

  g_assert_cmpuint (text->len, <=, LUDO_SAVE_MAX_BYTES);
  g_assert_null (ludo_save_read_data (text->str, text->len, &error));
  g_test_message ("%s (%" G_GSIZE_FORMAT " bytes): refused in %.3f s: %s", what, text->len,
                  (g_get_monotonic_time () - start) / 1e6, error->message);
  g_assert_error (error, LUDO_SAVE_ERROR, (int) code);
  g_assert_nonnull (strstr (error->message, says));
}

/* Small files that libxml2 2.9 parses in quadratic time: hundreds of
 * thousands of attributes or namespace declarations on one element. They
 * are refused before libxml2 sees them (the figures go to the log). */
static void
test_many_attributes (void)
{
  const char *id = first_game ();
  g_autofree char *seats = seats_xml (id);
  g_autofree char *head = g_strdup_printf ("<?xml version=\"1.0\"?>\n<ludoteka version=\"1\" game=\"%s\">\n<info", id);
  g_autofree char *tail = g_strdup_printf ("/>\n%s<moves position=\"0\"/></ludoteka>\n", seats);
  g_autoptr(GString) text = g_string_new (head);

  for (int i = 0; i < 300000; i++)
    g_string_append_printf (text, " a%d=\"\"", i);
  g_string_append (text, tail);
  assert_fast_refusal ("300,000 attributes", text, LUDO_SAVE_ERROR_TOO_LARGE, "Line 3: an element has more than 64 attributes");

  g_string_assign (text, head);
  for (int i = 0; i < 100000; i++)
    g_string_append_printf (text, " xmlns:a%d='urn:x'", i);
  g_string_append (text, tail);
  assert_fast_refusal ("100,000 namespace declarations", text, LUDO_SAVE_ERROR_TOO_LARGE, "more than 64 attributes");

  /* namespaces few enough to count are still refused: saves have none,
   * and prefixes looked up through 256 nestings of them are slow too */
  g_string_printf (text, "<?xml version=\"1.0\"?>\n<ludoteka version=\"1\" game=\"%s\">\n", id);
  for (int i = 0; i < 200; i++)
    g_string_append_printf (text, "<e xmlns:p%d=\"urn:x\" xmlns:q%d=\"urn:x\">\n", i, i);
  assert_fast_refusal ("nested namespaces", text, LUDO_SAVE_ERROR_FORBIDDEN, "Line 3: the file uses XML namespaces");

  /* a prefix nobody declared */
  g_string_printf (text, "<?xml version=\"1.0\"?>\n<ludoteka version=\"1\" game=\"%s\" p:version=\"1\">"
                         "%s<moves position=\"0\"/></ludoteka>\n", id, seats);
  assert_fast_refusal ("undeclared prefix", text, LUDO_SAVE_ERROR_FORBIDDEN, "namespaces");

  /* up to the limit is the schema's business; '=' in text does not count */
  g_string_assign (text, head);
  for (int i = 0; i < LUDO_SAVE_MAX_ATTRIBUTES; i++)
    g_string_append_printf (text, " a%d=\"\"", i);
  g_string_append (text, tail);
  assert_fast_refusal ("64 attributes", text, LUDO_SAVE_ERROR_INVALID, "Line 3: the file does not follow the Ludoteka save format: <info> has the attribute “a0”, which the save format does not allow there.");
  {
    g_autoptr(GString) comment = g_string_new ("<?xml version=\"1.0\"?>\n<!-- ");
    g_autoptr(GError) error = NULL;
    g_autoptr(LudoGame) game = NULL;
    for (int i = 0; i < 1000; i++)
      g_string_append (comment, "==== = ");
    g_string_append_printf (comment, "-->\n<ludoteka version=\"1\" game=\"%s\">%s<moves position=\"0\"/></ludoteka>\n",
                            id, seats);
    game = ludo_save_read_data (comment->str, comment->len, &error);
    g_assert_no_error (error);
  }
}

/* Line numbers past 65,535 are still right: the first game's sample with
 * a move after its end, 70,000 lines further down. */
static void
test_big_lines (void)
{
  guint line, move;
  g_autofree char *contents = ludo_test_move_after_end (first_game (), &line, &move);
  g_autofree char *says = g_strdup_printf ("Line %u: move %u", line + 70000, move);
  g_autoptr(GString) text = NULL;
  g_autoptr(GError) error = NULL;
  char *moves;

  moves = strstr (contents, "  <moves");
  g_assert_nonnull (moves);
  text = g_string_new_len (contents, moves - contents);
  for (int i = 0; i < 70000; i++)
    g_string_append_c (text, '\n');
  g_string_append (text, moves);
  g_assert_null (ludo_save_read_data (text->str, text->len, &error));
  g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_ILLEGAL_MOVE);
  if (!g_str_has_prefix (error->message, says))
    g_error ("“%s” does not begin “%s”", error->message, says);
}

/* A file's text in a message is cut short: a game id of 100,000
 * characters is not printed whole. */
static void
test_long_quotes (void)
{
  g_autoptr(GString) text = g_string_new ("<?xml version=\"1.0\"?>\n<ludoteka version=\"1\" game=\"");
  g_autoptr(GError) error = NULL;

  for (int i = 0; i < 100000; i++)
    g_string_append_c (text, 'a' + i % 26);
  g_string_append (text, "\"><seats><seat kind=\"human\"/></seats><moves position=\"0\"/></ludoteka>\n");
  g_assert_null (ludo_save_read_data (text->str, text->len, &error));
  g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_UNKNOWN_GAME);
  g_assert_nonnull (strstr (error->message, "“abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuv…”"));
  assert_printable (error->message);
}

/* What shows as a space or as nothing is quoted so that it shows. */
static void
test_invisible_quotes (void)
{
  g_autofree char *quoted = ludo_text_for_message ("9\u00a02\u200bX\u2003\ufeff\u00adY \u3164Z", 40);

  g_assert_cmpstr (quoted, ==, "9\\u{00A0}2\\u{200B}X\\u{2003}\\u{FEFF}\\u{00AD}Y \\u{3164}Z");
}

/* An attribute in a namespace is not the attribute of that name. */
static void
test_namespaced_attribute (void)
{
  static const char text[] = "<setup xmlns:x=\"urn:x\" x:fen=\"theirs\" fen=\"ours\"/>";
  static const char only[] = "<setup xmlns:x=\"urn:x\" x:fen=\"theirs\"/>";
  xmlDocPtr doc = xmlReadMemory (text, sizeof text - 1, NULL, NULL, 0);
  xmlDocPtr doc2 = xmlReadMemory (only, sizeof only - 1, NULL, NULL, 0);
  g_autofree char *fen = ludo_xml_prop (xmlDocGetRootElement (doc), "fen");
  g_autofree char *none = ludo_xml_prop (xmlDocGetRootElement (doc2), "fen");

  g_assert_cmpstr (fen, ==, "ours");
  g_assert_null (none);
  xmlFreeDoc (doc);
  xmlFreeDoc (doc2);
}

static void
assert_read_error (const char *path,
                   const char *says)
{
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();

  g_assert_null (ludo_save_read (path, &error));
  g_test_message ("“%s”: %.3f s: %s", path, (g_get_monotonic_time () - start) / 1e6, error->message);
  g_assert_nonnull (error);
  if (strstr (error->message, says) == NULL)
    g_error ("“%s”: “%s” does not say “%s”", path, error->message, says);
}

/* What is not a save file is named for what it is, and read no further. */
static void
test_read_special (void)
{
  g_autofree char *dir = ludo_test_make_tmp ("ludoteka-special-XXXXXX");
  g_autofree char *dangling = g_build_filename (dir, "dangling.ludoteka", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.ludoteka", NULL);

  g_assert_cmpint (symlink ("nowhere.ludoteka", dangling), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  assert_read_error ("", "no file name was given");
  assert_read_error (dangling, "it is a link to “nowhere.ludoteka”, which does not exist");
  assert_read_error (dir, "it is a folder, not a file");
  assert_read_error (fifo, "not a regular file");   /* and does not wait for a writer */
  assert_read_error ("/dev/zero", "not a regular file");
  /* a "regular" file of size 0 that never ends */
  if (g_file_test ("/proc/self/pagemap", G_FILE_TEST_EXISTS))
    assert_read_error ("/proc/self/pagemap", "too large");
  if (getuid () != 0)
    {
      g_autofree char *secret = g_build_filename (dir, "secret.ludoteka", NULL);
      g_assert_true (g_file_set_contents (secret, "x", 1, NULL));
      g_chmod (secret, 0);
      assert_read_error (secret, "Permission denied");
      g_remove (secret);
    }

  g_remove (dangling);
  g_remove (fifo);
  g_rmdir (dir);
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d))
    n++;
  return n;
}

/* Saving over a file keeps what it is: its permissions (a save may hold
 * a game's secrets), a symbolic link, the other names of a hard link. */
static void
test_write_keeps_file (void)
{
  g_autofree char *dir = ludo_test_make_tmp ("ludoteka-keep-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "secret.ludoteka", NULL);
  g_autofree char *symlinked = g_build_filename (dir, "link.ludoteka", NULL);
  g_autofree char *hard = g_build_filename (dir, "hard.ludoteka", NULL);
  g_autoptr(LudoGame) game = ludo_game_new (first_game (), NULL, NULL);
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_true (ludo_save_write (game, path, &error));
  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  g_assert_cmpuint (ludo_test_play_some (game, 1), ==, 1);
  g_assert_true (ludo_save_write (game, path, &error));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  /* a symbolic link stays one; the file it names gets the game */
  g_assert_cmpint (symlink ("secret.ludoteka", symlinked), ==, 0);
  g_assert_cmpuint (ludo_test_play_some (game, 1), ==, 1);
  g_assert_true (ludo_save_write (game, symlinked, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (symlinked, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  {
    g_autoptr(LudoGame) loaded = ludo_save_read (path, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, 2);
  }
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  /* both names of a hard link see the new game */
  g_assert_cmpint (link (path, hard), ==, 0);
  g_assert_cmpuint (ludo_test_play_some (game, 1), ==, 1);
  g_assert_true (ludo_save_write (game, hard, &error));
  g_assert_no_error (error);
  {
    g_autoptr(LudoGame) loaded = ludo_save_read (path, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, 3);
  }
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpuint (st.st_nlink, ==, 2);

  /* nothing else was left in the folder */
  g_assert_cmpuint (count_files (dir), ==, 3);
  g_remove (hard);
  g_remove (symlinked);
  g_remove (path);
  g_rmdir (dir);
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
  g_test_add_func ("/save/names", test_names);
  g_test_add_func ("/save/many-attributes", test_many_attributes);
  g_test_add_func ("/save/big-lines", test_big_lines);
  g_test_add_func ("/save/namespaced-attribute", test_namespaced_attribute);
  g_test_add_func ("/save/long-quotes", test_long_quotes);
  g_test_add_func ("/save/invisible-quotes", test_invisible_quotes);
  g_test_add_func ("/save/read-special", test_read_special);
  g_test_add_func ("/save/write-keeps-file", test_write_keeps_file);

  return g_test_run ();
}
