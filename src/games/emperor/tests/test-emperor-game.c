/* test-emperor-game.c — Emperor Chess as a LudoGame: setups and saves,
 * every way a game ends, the computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "core/ludo-ai.h"
#include "core/ludo-save.h"
#include "ludo-test-scale.h"
#include "games/emperor/emperor-ai.h"
#include "games/emperor/ludo-emperor-game.h"
#include "ludo-testing.h"

static LudoGame *
game_from (const char *fen)
{
  LudoGame *game = ludo_game_new ("emperor", NULL, NULL);
  g_autoptr(GError) error = NULL;

  if (fen && !ludo_emperor_game_set_start_fen (LUDO_EMPEROR_GAME (game), fen, &error))
    g_error ("%s", error->message);
  return game;
}

static void
play_ok (LudoGame   *game,
         const char *move)
{
  g_autoptr(GError) error = NULL;

  if (!ludo_game_play (game, move, &error))
    g_error ("%s: %s", move, error->message);
}

static void
test_claimant_option (void)
{
  g_autoptr(GVariant) black = g_variant_ref_sink (g_variant_new_parsed ("{'claimant': 1}"));
  g_autoptr(LudoGame) white_game = ludo_game_new ("emperor", NULL, NULL);
  g_autoptr(LudoGame) black_game = ludo_game_new ("emperor", g_variant_ref (black), NULL);
  int seen[2] = { 0, 0 };

  g_assert_cmpint (ludo_emperor_game_get_position (LUDO_EMPEROR_GAME (white_game))->claimant, ==, EMP_WHITE);
  g_assert_cmpint (ludo_emperor_game_get_position (LUDO_EMPEROR_GAME (black_game))->claimant, ==, EMP_BLACK);

  /* by lot: both happen, and a save keeps what the lot gave */
  for (int i = 0; i < 40; i++)
    {
      g_autoptr(GVariant) lot = g_variant_ref_sink (g_variant_new_parsed ("{'claimant': 2}"));
      g_autoptr(LudoGame) game = ludo_game_new ("emperor", g_variant_ref (lot), NULL);
      g_autoptr(LudoGame) loaded = NULL;
      g_autofree char *data = NULL;
      gsize length;
      int claimant = ludo_emperor_game_get_position (LUDO_EMPEROR_GAME (game))->claimant;

      seen[claimant]++;
      play_ok (game, "e2e4");
      data = ludo_save_to_data (game, &length);
      loaded = ludo_save_read_data (data, length, NULL);
      g_assert_nonnull (loaded);
      g_assert_cmpint (ludo_emperor_game_get_position_at (LUDO_EMPEROR_GAME (loaded), 0)->claimant, ==, claimant);
    }
  g_assert_cmpint (seen[0], >, 0);
  g_assert_cmpint (seen[1], >, 0);
}

static void
test_illegal_moves (void)
{
  g_autoptr(LudoGame) game = game_from (NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (ludo_game_play (game, "e2e5", &error));
  g_assert_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "e2e5"));
  g_clear_error (&error);
  g_assert_false (ludo_game_play (game, "hello", &error));
  g_assert_nonnull (strstr (error->message, "e2e4"));   /* says what a move looks like */
  g_clear_error (&error);
  g_assert_false (ludo_game_play (game, "e7e5", &error));   /* Black's pawn, White to move */
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);
}

/* Every way a game ends, reached through the game. */
static void
assert_end (LudoGame       *game,
            LudoResultKind  kind,
            int             winner,
            const char     *reason)
{
  LudoOutcome outcome;
  g_autofree char *text = ludo_game_describe_outcome (game);

  ludo_game_get_outcome (game, &outcome);
  g_assert_cmpint (outcome.kind, ==, kind);
  if (kind == LUDO_RESULT_WIN)
    g_assert_cmpint (outcome.winner, ==, winner);
  g_assert_cmpstr (outcome.reason, ==, reason);
  g_assert_cmpint (ludo_game_get_current_seat (game), ==, -1);
  g_assert_nonnull (text);
}

static void
test_ends (void)
{
  {
    g_autoptr(LudoGame) game = game_from ("k9/10/K9/10/10/10/10/10/10/9R w - - 0 1");
    play_ok (game, "j1j10");
    assert_end (game, LUDO_RESULT_WIN, 0, "checkmate");
  }
  {
    g_autoptr(LudoGame) game = game_from ("k9/10/1QK7/10/10/10/10/10/10/10 w - - 0 1");
    play_ok (game, "b8c9");
    assert_end (game, LUDO_RESULT_DRAW, -1, "stalemate");
  }
  {
    g_autoptr(LudoGame) game = game_from ("k9/10/10/10/4G4R/4KN4/10/10/10/10 w - - 0 1 w 50 1 -");
    play_ok (game, "j6f6");
    assert_end (game, LUDO_RESULT_WIN, 0, "castle");
  }
  {
    g_autoptr(LudoGame) game = game_from ("9k/10/10/10/10/10/10/10/10/RN4K3 w - - 0 1 w 1 0 b");
    play_ok (game, "g1h1");
    assert_end (game, LUDO_RESULT_DRAW, -1, "claims-failed");
  }
  {
    g_autoptr(LudoGame) game = game_from ("k9/10/2K7/10/10/10/10/10/10/7R2 w - - 99 80");
    play_ok (game, "h1h2");
    assert_end (game, LUDO_RESULT_DRAW, -1, "fifty-moves");
  }
  {
    /* knights out and back, twice: the start position a third time */
    g_autoptr(LudoGame) game = game_from (NULL);
    const char *moves[] = { "b1c3", "b10c8", "c3b1", "c8b10", "b1c3", "b10c8", "c3b1", "c8b10" };
    for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
      {
        g_assert_false (ludo_game_is_over (game));
        play_ok (game, moves[i]);
      }
    assert_end (game, LUDO_RESULT_DRAW, -1, "repetition");
  }
}

/* Hard beats Easy: a short match, repeatable because the searches are
 * bounded by nodes, not time. */
static void
test_hard_beats_easy (void)
{
  int hard_wins = 0;

  /* whole games at the full budget: a measure of strength, not of a rule */
  if (ludo_test_is_reduced ())
    {
      g_test_skip ("the computer's strength is measured at the full scale");
      return;
    }

  for (int g = 0; g < 2; g++)
    {
      EmperorPos pos;
      uint64_t history[512];
      int n_history = 0, hard = g % 2, winner = -1;
      EmperorEnd end = EMP_END_NONE;

      emperor_from_fen (&pos, EMP_START_FEN);
      for (int ply = 0; ply < 300; ply++)
        {
          EmperorLimits limits;
          EmperorResult result;
          uint64_t before = pos.hash;

          end = emperor_outcome (&pos, &winner);
          if (end != EMP_END_NONE)
            break;
          emperor_level_limits (pos.side == hard ? 2 : 0, &limits);
          if (pos.side == hard)
            limits.max_nodes = 60000;
          limits.max_ms = 0;
          limits.seed = (uint64_t) (g * 1000 + ply);
          emperor_search (&pos, history, n_history, &limits, &result);
          g_assert_true (result.best != EMP_MOVE_NONE);
          emperor_make (&pos, result.best);
          if (pos.halfmove == 0)
            n_history = 0;
          else
            history[n_history++] = before;
          pos.repetitions = 1;
          for (int i = 0; i < n_history; i++)
            pos.repetitions += history[i] == pos.hash;
        }
      g_test_message ("game %d: Hard plays %s, end %d, winner %d", g, hard ? "Black" : "White", end, winner);
      hard_wins += end != EMP_END_NONE && winner == hard;
    }
  g_assert_cmpint (hard_wins, ==, 2);
}

static void
test_ai_through_the_game (void)
{
  g_autoptr(LudoGame) game = game_from (NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *move = NULL;

  ludo_game_set_seat (game, 0, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY, NULL);
  move = ludo_ai_think (game, LUDO_LEVEL_EASY, NULL, &error);
  g_assert_no_error (error);
  play_ok (game, move);

  /* cancelled, the search stops and says so */
  g_cancellable_cancel (cancellable);
  g_assert_null (ludo_ai_think (game, LUDO_LEVEL_HARD, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* A mate in one is found at every level that looks ahead. */
static void
test_ai_finds_mate (void)
{
  EmperorPos pos;

  emperor_from_fen (&pos, "k9/10/K9/10/10/10/10/10/10/9R w - - 0 1");
  for (int level = 1; level <= 2; level++)
    {
      EmperorLimits limits;
      EmperorResult result;
      char text[16];

      emperor_level_limits (level, &limits);
      limits.max_ms = 0;
      limits.max_nodes = 200000;
      emperor_search (&pos, NULL, 0, &limits, &result);
      emperor_move_to_uci (result.best, text, sizeof text);
      g_assert_cmpstr (text, ==, "j1j10");
      g_assert_cmpint (result.score, >, EMP_SCORE_MATE - 10);
    }
}

/* The review: a general left hanging is a blunder; the king's step that
 * keeps him is no error. */
static void
test_review_blunder (void)
{
  static const char *fen = "4r4k/10/10/10/10/10/10/10/10/K4G4 w - - 0 1";
  g_autoptr(LudoGame) hanging = game_from (fen);
  g_autoptr(LudoGame) safe = game_from (fen);

  ludo_test_play_ok (hanging, "f1e2");
  g_assert_cmpint (ludo_test_assert_review (hanging, 0, LUDO_MARK_BLUNDER), >=, 300);
  ludo_test_play_ok (safe, "a1b1");
  ludo_test_assert_review (safe, 0, LUDO_MARK_NONE);
}

/* The longest games the rules allow: every capture and pawn move held back
 * until the hundred-half-move rule is about to end the game. Such a game
 * saves, loads and seeks as a short one does; the figures are printed,
 * not judged. */
static void
test_long_game (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(LudoGame) game = ludo_game_new ("emperor", NULL, NULL);
  g_autoptr(LudoGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = ludo_test_make_tmp ("ludoteka-long-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "long.ludoteka", NULL);
  gsize state_size = LUDO_GAME_GET_CLASS (game)->state_size;
  g_autofree char *outcome = NULL;
  gint64 start, saved, read, sought;
  GStatBuf st;
  guint n;

  while (!ludo_game_is_over (game) && ludo_game_get_n_moves (game) < 30000)
    {
      g_auto(GStrv) moves = ludo_game_legal_moves (game);
      guint count = g_strv_length (moves);
      gboolean hold = ludo_emperor_game_get_position (LUDO_EMPEROR_GAME (game))->halfmove < 97;
      guint first = g_rand_int_range (rand, 0, count), chosen = first;

      /* a move of the kind wanted that does not end the game, if any */
      for (guint k = 0; k < count; k++)
        {
          const char *move = moves[(first + k) % count];
          gboolean reversible, over;

          g_assert_true (ludo_game_play (game, move, NULL));
          reversible = ludo_emperor_game_get_position (LUDO_EMPEROR_GAME (game))->halfmove != 0;
          over = ludo_game_is_over (game);
          ludo_game_undo (game);
          if (!over && reversible == hold)
            {
              chosen = (first + k) % count;
              break;
            }
        }
      g_assert_true (ludo_game_play (game, moves[chosen], NULL));
    }
  n = ludo_game_get_n_moves (game);
  g_assert_cmpuint (n, >, 4000);
  g_assert_cmpuint (n, <=, LUDO_SAVE_MAX_MOVES);

  start = g_get_monotonic_time ();
  g_assert_true (ludo_save_write (game, path, &error));
  saved = g_get_monotonic_time ();
  loaded = ludo_save_read (path, &error);
  read = g_get_monotonic_time ();
  g_assert_no_error (error);
  g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, n);
  g_assert_true (memcmp (ludo_game_get_state (loaded), ludo_game_get_state (game), state_size) == 0);

  /* seeking anywhere is as quick as seeking near */
  for (guint i = 0; i < 1000; i++)
    {
      guint ply = g_rand_int_range (rand, 0, (gint32) n + 1);

      ludo_game_seek (loaded, ply);
      g_assert_true (memcmp (ludo_game_get_state (loaded), ludo_game_get_state_at (game, ply), state_size) == 0);
    }
  sought = g_get_monotonic_time ();
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  outcome = ludo_game_describe_outcome (game);
  g_test_message ("a game of %u moves (%s): %ld bytes, saved in %.0f ms, loaded in %.0f ms, "
                  "1000 seeks in %.1f ms", n, outcome,
                  (long) st.st_size, (saved - start) / 1000.0, (read - saved) / 1000.0,
                  (sought - read) / 1000.0);
  g_remove (path);
  g_rmdir (dir);
}

/* Emperor Chess with the claim drawn by lot: the draw comes from the
 * game's seed, and a save carries what was drawn. */
static void
test_lot_in_save (void)
{
  g_autoptr(GVariant) options = g_variant_ref_sink (g_variant_new_parsed ("{'claimant': 2}"));
  guint white = 0;

  for (guint64 seed = 0; seed < 64; seed++)
    {
      g_autoptr(LudoGame) a = ludo_game_new ("emperor", g_variant_ref (options), NULL);
      g_autoptr(LudoGame) b = ludo_game_new ("emperor", g_variant_ref (options), NULL);
      g_autoptr(LudoGame) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      const EmperorPos *pos;
      gsize length;

      ludo_game_set_seed (a, seed);
      ludo_game_set_seed (b, seed);
      pos = ludo_emperor_game_get_position (LUDO_EMPEROR_GAME (a));
      g_assert_cmpint (pos->claimant, ==, ludo_emperor_game_get_position (LUDO_EMPEROR_GAME (b))->claimant);
      white += pos->claimant == EMP_WHITE;

      data = ludo_save_to_data (a, &length);
      for (int k = 0; k < 5; k++)
        {
          g_clear_object (&loaded);
          loaded = ludo_save_read_data (data, length, &error);
          g_assert_no_error (error);
          g_assert_cmpint (ludo_emperor_game_get_position (LUDO_EMPEROR_GAME (loaded))->claimant, ==, pos->claimant);
        }
    }
  /* both sides are drawn */
  g_assert_cmpuint (white, >, 10);
  g_assert_cmpuint (white, <, 54);
}

/* Set-up positions (which a save must carry), any claimant, random legal
 * moves: save → load gives the same game, and the save follows the
 * schema. (Every game's random games: test-save's /save/round-trip.) */
static void
test_setup_round_trip (void)
{
  static const char *const setups[] = {
    NULL,
    "k9/10/10/10/4G4R/4KN4/10/10/10/10 w - - 0 1 w 50 1 -",
    "9k/10/10/10/10/10/10/10/10/RN4K3 w - - 0 1 w 3 0 b",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);

  for (int i = 0; i < 100; i++)
    {
      g_autoptr(GVariant) options = g_variant_ref_sink (g_variant_new_parsed ("{'claimant': %i}",
                                                                              g_rand_int_range (rand, 0, 3)));
      const char *setup = setups[g_rand_int_range (rand, 0, G_N_ELEMENTS (setups))];
      g_autoptr(LudoGame) game = ludo_game_new ("emperor", g_variant_ref (options), NULL);
      g_autoptr(LudoGame) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      guint target = g_rand_int_range (rand, 0, 120);
      gsize length;

      g_assert_nonnull (game);
      if (setup)
        g_assert_true (ludo_emperor_game_set_start_fen (LUDO_EMPEROR_GAME (game), setup, NULL));
      for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
        ludo_game_set_seat (game, s, g_rand_boolean (rand) ? LUDO_SEAT_HUMAN : LUDO_SEAT_COMPUTER,
                            g_rand_int_range (rand, 0, 3), g_rand_boolean (rand) ? "Kati & <Jüri> \"Õ\"" : NULL);
      while (!ludo_game_is_over (game) && ludo_game_get_n_moves (game) < target)
        {
          g_auto(GStrv) moves = ludo_game_legal_moves (game);
          play_ok (game, moves[g_rand_int_range (rand, 0, g_strv_length (moves))]);
        }
      ludo_game_seek (game, g_rand_int_range (rand, 0, ludo_game_get_n_moves (game) + 1));

      data = ludo_save_to_data (game, &length);
      ludo_test_assert_schema_valid (data, length);
      loaded = ludo_save_read_data (data, length, &error);
      g_assert_no_error (error);
      ludo_test_assert_same_game (game, loaded);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  emperor_init ();

  g_test_add_func ("/emperor/game/claimant-option", test_claimant_option);
  g_test_add_func ("/emperor/game/illegal-moves", test_illegal_moves);
  g_test_add_func ("/emperor/game/ends", test_ends);
  g_test_add_func ("/emperor/game/long", test_long_game);
  g_test_add_func ("/emperor/game/lot-in-save", test_lot_in_save);
  g_test_add_func ("/emperor/game/setup-round-trip", test_setup_round_trip);
  g_test_add_func ("/emperor/ai/hard-beats-easy", test_hard_beats_easy);
  g_test_add_func ("/emperor/ai/through-the-game", test_ai_through_the_game);
  g_test_add_func ("/emperor/ai/finds-mate", test_ai_finds_mate);
  g_test_add_func ("/emperor/review/blunder", test_review_blunder);

  return g_test_run ();
}
