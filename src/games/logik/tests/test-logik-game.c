/* test-logik-game.c — Logik as a LudoGame: what stays secret, and when
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "core/ludo-export.h"
#include "core/ludo-game.h"
#include "games/logik/logik-rules.h"
#include "ludo-testing.h"

static LudoGame *
two_people (void)
{
  LudoGame *game = ludo_game_new ("logik", NULL, NULL);

  ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, NULL);
  ludo_game_set_seat (game, 1, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, NULL);
  return game;
}

/* A code is hidden until the end, a guess until its round ends. */
static void
test_secrets (void)
{
  g_autoptr(LudoGame) game = two_people ();
  g_autofree char *hidden = NULL, *own = NULL, *shown = NULL;

  ludo_test_play_ok (game, "code:ABCDE");
  ludo_test_play_ok (game, "code:HHHHH");
  ludo_test_play_ok (game, "guess:AAAAA");
  g_assert_true (ludo_game_move_is_secret (game, 0, 3));
  g_assert_true (ludo_game_move_is_secret (game, 2, 3));
  hidden = ludo_game_describe_move (game, 2, 1);
  own = ludo_game_describe_move (game, 2, 0);
  g_assert_null (strstr (hidden, "AAAAA"));
  g_assert_nonnull (strstr (own, "AAAAA"));
  ludo_test_play_ok (game, "guess:BBBBB");
  g_assert_false (ludo_game_move_is_secret (game, 2, 4));
  g_assert_true (ludo_game_move_is_secret (game, 0, 4));
  shown = ludo_game_describe_move (game, 2, LUDO_VIEWER_NONE);
  g_assert_nonnull (strstr (shown, "AAAAA"));
}

/* People sharing the screen: the codes are not in the default export, and
 * are in everyone's. */
static void
test_export_secrets (void)
{
  g_autoptr(LudoGame) game = two_people ();
  g_autofree char *hidden = NULL;
  g_autofree char *all = NULL;

  ludo_test_play_ok (game, "code:ABCDE");
  ludo_test_play_ok (game, "code:EDCBA");
  g_assert_cmpint (ludo_export_default_viewer (game), ==, LUDO_VIEWER_NONE);

  hidden = ludo_export_moves_text (game, NULL);
  g_assert_null (strstr (hidden, "ABCDE"));
  g_assert_null (strstr (hidden, "EDCBA"));
  all = ludo_export_moves_text_for_viewer (game, LUDO_VIEWER_ALL, NULL);
  g_assert_nonnull (strstr (all, "ABCDE"));
}

/* Codes of the board that every clue so far allows, counted one by one:
 * the review's remaining, worked out without its tables. */
static gint64
brute_force_left (const LogikState *s,
                  int               seat,
                  int               rounds)
{
  int places = s->opt.places, colours = s->opt.colours;
  gint64 left = 0;

  for (uint32_t c = 0; c < logik_n_codes (places, colours); c++)
    {
      LogikCode code;
      gboolean allowed = TRUE;

      logik_code_from_index (c, places, colours, &code);
      for (int r = 0; r < rounds && allowed; r++)
        {
          LogikScore score = logik_score (&s->guess[seat][r], &code, places);
          allowed = score.blacks == s->score[seat][r].blacks && score.whites == s->score[seat][r].whites;
        }
      left += allowed;
    }
  return left;
}

/* The review of guesses: the codes each left, counted by brute force;
 * a guess asked again tells nothing new (??); the solving guess is no
 * error; a code set up gets no verdict. */
static void
test_review (void)
{
  static const char * const moves[] = {
    "code:ABCDE", "code:BADDA",
    "guess:AABBC", "guess:AABBC",
    "guess:AABBC", "guess:DDEEF",
    "guess:BBDDA", "guess:ABCDE",
  };
  g_autoptr(LudoGame) game = ludo_game_new ("logik", NULL, NULL);
  g_autoptr(GPtrArray) reviews = NULL;
  g_autoptr(GError) error = NULL;
  const LogikState *end;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    ludo_test_play_ok (game, moves[i]);
  reviews = ludo_review_game (game, 0, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  end = ludo_game_get_state (game);
  for (guint i = 0; i < reviews->len; i++)
    {
      const LudoMoveReview *r = reviews->pdata[i];

      g_test_message ("%u %s: remaining %" G_GINT64_FORMAT ", best %s %" G_GINT64_FORMAT ", %s", r->ply, r->move,
                      r->remaining, r->best ? r->best : "-", r->best_remaining, ludo_mark_to_string (r->mark));
      if (i < 2)
        {
          g_assert_cmpint (r->remaining, ==, -1);
          g_assert_cmpint (r->mark, ==, LUDO_MARK_NONE);
          continue;
        }
      /* guess k of its seat (rounds from 1) */
      g_assert_cmpint (r->remaining, ==, brute_force_left (end, r->seat, (int) (i - 2) / 2 + 1));
      g_assert_cmpint (r->best_remaining, >=, 1);
      g_assert_true (r->exact);
    }
  /* seat 0 asked AABBC again */
  g_assert_cmpint (((LudoMoveReview *) reviews->pdata[4])->mark, ==, LUDO_MARK_BLUNDER);
  /* seat 1 found seat 0's code */
  g_assert_cmpint (((LudoMoveReview *) reviews->pdata[7])->mark, ==, LUDO_MARK_NONE);
  g_assert_cmpint (((LudoMoveReview *) reviews->pdata[7])->remaining, ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/logik/game/secrets", test_secrets);
  g_test_add_func ("/logik/game/export-secrets", test_export_secrets);
  g_test_add_func ("/logik/game/review", test_review);

  return g_test_run ();
}
