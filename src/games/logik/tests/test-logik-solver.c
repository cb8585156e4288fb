/* test-logik-solver.c — the computer's code breaker and code maker
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>

#include "core/ludo-ai.h"
#include "core/ludo-game.h"
#include "games/logik/logik-ai.h"
#include "games/logik/ludo-logik-game.h"
#include "ludo-test-scale.h"

typedef struct {
  int guesses;
  int inconsistent;   /* guesses that could not be the code */
} Play;

/* Plays one level against a secret; checks every guess on the way. */
static Play
play_against (const LogikTable *t,
              uint32_t          secret,
              LogikLevel        level,
              uint64_t          seed)
{
  LogikClue clues[32];
  uint32_t *set = g_new (uint32_t, logik_table_n_codes (t));
  Play play = { 0, 0 };
  int places = logik_table_places (t);

  for (;;)
    {
      uint64_t rng = seed + play.guesses;
      uint32_t guess = logik_ai_guess (t, clues, play.guesses, level, &rng, NULL, NULL);
      uint32_t n_set = logik_consistent (t, clues, play.guesses, set);

      g_assert_cmpuint (guess, <, logik_table_n_codes (t));
      g_assert_true (logik_is_consistent (t, clues, play.guesses, secret));
      for (int k = 0; k < play.guesses; k++)
        g_assert_cmpuint (guess, !=, clues[k].guess);    /* never asks twice */

      if (!logik_is_consistent (t, clues, play.guesses, guess))
        {
          /* Only Hard may ask a code that cannot be the answer, and only
           * one that splits the remaining codes. */
          gboolean seen[LOGIK_N_FEEDBACK] = { 0 };
          int classes = 0;

          play.inconsistent++;
          g_assert_cmpint (level, ==, LOGIK_LEVEL_HARD);
          for (uint32_t i = 0; i < n_set; i++)
            {
              int f = logik_table_feedback (t, guess, set[i]);
              classes += !seen[f];
              seen[f] = TRUE;
            }
          g_assert_cmpint (classes, >=, 2);
        }

      int fb = logik_table_feedback (t, guess, secret);
      clues[play.guesses].guess = guess;
      clues[play.guesses].score.blacks = fb / (LOGIK_MAX_PLACES + 1);
      clues[play.guesses].score.whites = fb % (LOGIK_MAX_PLACES + 1);
      play.guesses++;
      if (clues[play.guesses - 1].score.blacks == places)
        break;
      g_assert_cmpint (play.guesses, <, 20);
    }
  g_free (set);
  return play;
}

static void
test_consistent_levels (void)
{
  static const int sizes[][2] = { { 4, 6 }, { 5, 8 }, { 4, 10 }, { 6, 6 } };
  GRand *rand = g_rand_new_with_seed (11);

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      const LogikTable *t = logik_table_get (sizes[s][0], sizes[s][1]);
      for (int level = LOGIK_LEVEL_EASY; level <= LOGIK_LEVEL_MEDIUM; level++)
        for (int k = 0; k < 60; k++)
          {
            uint32_t secret = g_rand_int_range (rand, 0, logik_table_n_codes (t));
            Play p = play_against (t, secret, level, g_rand_int (rand));
            g_assert_cmpint (p.inconsistent, ==, 0);
          }
    }
  g_rand_free (rand);
}

static void
test_hard_sample (void)
{
  const LogikTable *t = logik_table_get (5, 8);
  GRand *rand = g_rand_new_with_seed (5);
  int total = 0, n = (int) ludo_test_scaled (120);

  for (int k = 0; k < n; k++)
    {
      uint32_t secret = g_rand_int_range (rand, 0, logik_table_n_codes (t));
      Play p = play_against (t, secret, LOGIK_LEVEL_HARD, 1);
      g_assert_cmpint (p.guesses, <=, 7);
      total += p.guesses;
    }
  /* the whole space averages 5.46 (ludoteka-cli bench logik --all); a
   * few codes say nothing of the mean */
  if (!ludo_test_is_reduced ())
    g_assert_cmpfloat ((double) total / n, <, 5.9);
  g_rand_free (rand);
}

static void
test_hard_deterministic (void)
{
  const LogikTable *t = logik_table_get (5, 8);
  LogikClue clues[1] = { { 12345, { 1, 2 } } };
  uint64_t r1 = 1, r2 = 999;

  g_assert_cmpuint (logik_ai_guess (t, NULL, 0, LOGIK_LEVEL_HARD, &r1, NULL, NULL), ==,
                    logik_ai_guess (t, NULL, 0, LOGIK_LEVEL_HARD, &r2, NULL, NULL));
  g_assert_cmpuint (logik_ai_guess (t, clues, 1, LOGIK_LEVEL_HARD, &r1, NULL, NULL), ==,
                    logik_ai_guess (t, clues, 1, LOGIK_LEVEL_HARD, &r2, NULL, NULL));
}

static void
test_consistent_set (void)
{
  const LogikTable *t = logik_table_get (4, 6);
  LogikClue clues[2] = { { 7, { 1, 1 } }, { 500, { 0, 2 } } };
  uint32_t *set = g_new (uint32_t, 1296);
  uint32_t n = logik_consistent (t, clues, 2, set), brute = 0;

  for (uint32_t c = 0; c < 1296; c++)
    {
      gboolean ok = TRUE;
      for (int k = 0; k < 2; k++)
        ok &= logik_table_feedback (t, clues[k].guess, c) ==
              clues[k].score.blacks * (LOGIK_MAX_PLACES + 1) + clues[k].score.whites;
      if (ok)
        g_assert_cmpuint (set[brute++], ==, c);
    }
  g_assert_cmpuint (n, ==, brute);

  /* contradicting clues: no code is left, and the solver says so */
  LogikClue contradiction[2] = { { 0, { 4, 0 } }, { 0, { 0, 0 } } };
  uint64_t rng = 1;
  g_assert_cmpuint (logik_consistent (t, contradiction, 2, set), ==, 0);
  g_assert_cmpuint (logik_ai_guess (t, contradiction, 2, LOGIK_LEVEL_HARD, &rng, NULL, NULL), ==, UINT32_MAX);
  g_free (set);
}

static bool
always_stop (void *data)
{
  return true;
}

static void
test_stop (void)
{
  const LogikTable *t = logik_table_get (5, 8);
  LogikClue clues[1] = { { 0, { 0, 1 } } };
  uint64_t rng = 1;

  g_assert_cmpuint (logik_ai_guess (t, clues, 1, LOGIK_LEVEL_HARD, &rng, always_stop, NULL), ==, UINT32_MAX);
}

/* ------------------------------------------------------------------------ */
/* Through LudoGame and the AI runner                                        */

static LudoGame *
new_game (LudoSeatKind seat0,
          LudoSeatKind seat1)
{
  LudoGame *game = ludo_game_new ("logik", NULL, NULL);

  ludo_game_set_seat (game, 0, seat0, LUDO_LEVEL_HARD, NULL);
  ludo_game_set_seat (game, 1, seat1, LUDO_LEVEL_HARD, NULL);
  return game;
}

static void
test_computer_code (void)
{
  int counts[8] = { 0 };
  int n = 400;

  /* The code is drawn uniformly: every colour turns up about as often. */
  for (int i = 0; i < n; i++)
    {
      g_autoptr(LudoGame) game = new_game (LUDO_SEAT_COMPUTER, LUDO_SEAT_COMPUTER);
      g_autofree char *move = NULL;

      ludo_game_set_seed (game, 1000 + i);
      move = ludo_ai_think (game, LUDO_LEVEL_EASY, NULL, NULL);
      g_assert_true (g_str_has_prefix (move, "code:"));
      g_assert_true (ludo_game_play (game, move, NULL));
      for (int p = 5; move[p]; p++)
        counts[move[p] - 'A']++;
    }
  for (int c = 0; c < 8; c++)
    {
      /* 2000 pegs, 250 expected per colour */
      g_assert_cmpint (counts[c], >, 180);
      g_assert_cmpint (counts[c], <, 320);
    }
}

static void
test_ai_uses_only_its_clues (void)
{
  /* The computer must not peek at the other code: its guess depends only
   * on its own guesses and their scores. */
  g_autoptr(LudoGame) a = new_game (LUDO_SEAT_HUMAN, LUDO_SEAT_COMPUTER);
  g_autoptr(LudoGame) b = new_game (LUDO_SEAT_HUMAN, LUDO_SEAT_COMPUTER);
  g_autofree char *ga = NULL, *gb = NULL;

  g_assert_true (ludo_game_play (a, "code:ABCDE", NULL));
  g_assert_true (ludo_game_play (b, "code:HHGGF", NULL));
  g_assert_true (ludo_game_play (a, "code:AAAAA", NULL));
  g_assert_true (ludo_game_play (b, "code:AAAAA", NULL));
  g_assert_true (ludo_game_play (a, "guess:AAAAA", NULL));
  g_assert_true (ludo_game_play (b, "guess:BBBBB", NULL));
  ga = ludo_ai_think (a, LUDO_LEVEL_HARD, NULL, NULL);
  gb = ludo_ai_think (b, LUDO_LEVEL_HARD, NULL, NULL);
  g_assert_cmpstr (ga, ==, gb);
}

static void
test_ai_cancel (void)
{
  g_autoptr(LudoGame) game = new_game (LUDO_SEAT_COMPUTER, LUDO_SEAT_COMPUTER);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  char *move;

  ludo_game_play (game, "code:ABCDE", NULL);
  ludo_game_play (game, "code:BCDEF", NULL);
  ludo_game_play (game, "guess:AABCD", NULL);
  ludo_game_play (game, "guess:AABCD", NULL);
  g_cancellable_cancel (cancellable);
  move = ludo_ai_think (game, LUDO_LEVEL_HARD, cancellable, &error);
  g_assert_null (move);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

typedef struct {
  GMainLoop *loop;
  char      *move;
  GError    *error;
} AsyncResult;

static void
think_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  AsyncResult *r = user_data;

  r->move = ludo_ai_think_finish (LUDO_GAME (source), result, &r->error);
  g_main_loop_quit (r->loop);
}

static void
test_ai_async (void)
{
  g_autoptr(LudoGame) game = new_game (LUDO_SEAT_HUMAN, LUDO_SEAT_COMPUTER);
  AsyncResult r = { g_main_loop_new (NULL, FALSE), NULL, NULL };

  ludo_game_play (game, "code:ABCDE", NULL);
  ludo_ai_think_async (game, LUDO_LEVEL_MEDIUM, NULL, think_done, &r);
  g_main_loop_run (r.loop);
  g_assert_no_error (r.error);
  g_assert_true (g_str_has_prefix (r.move, "code:"));
  g_assert_true (ludo_game_play (game, r.move, NULL));
  g_clear_pointer (&r.move, g_free);

  /* The position changes while the computer thinks: the answer is dropped. */
  ludo_ai_think_async (game, LUDO_LEVEL_HARD, NULL, think_done, &r);
  ludo_game_undo (game);
  g_main_loop_run (r.loop);
  g_assert_null (r.move);
  g_assert_error (r.error, LUDO_AI_ERROR, LUDO_AI_ERROR_STALE);
  g_clear_error (&r.error);
  g_main_loop_unref (r.loop);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/logik/solver/easy-medium-consistent", test_consistent_levels);
  g_test_add_func ("/logik/solver/hard-sample", test_hard_sample);
  g_test_add_func ("/logik/solver/hard-deterministic", test_hard_deterministic);
  g_test_add_func ("/logik/solver/consistent-set", test_consistent_set);
  g_test_add_func ("/logik/solver/stop", test_stop);
  g_test_add_func ("/logik/ai/computer-code", test_computer_code);
  g_test_add_func ("/logik/ai/own-clues-only", test_ai_uses_only_its_clues);
  g_test_add_func ("/logik/ai/cancel", test_ai_cancel);
  g_test_add_func ("/logik/ai/async", test_ai_async);

  return g_test_run ();
}
