/* test-review.c — the computer's verdict on every move, for every game that
 * offers one: the same game reviews the same way, a cancelled review
 * lands nothing, and the verdicts hold together (values within the
 * game's cap, losses and marks as the thresholds say).
 *
 * The planted blunders are each game's own (its tests folder).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "core/ludo-review.h"
#include "core/ludo-save.h"
#include "ludo-test-scale.h"
#include "ludo-testing.h"

/* the first moves of each sample: enough for every kind of verdict, few
 * enough for the quick suite */
#define MOVES 8

static LudoGame *
sample (const LudoGameInfo *info)
{
  g_autofree char *path = ludo_test_game_sample (info->id);
  g_autoptr(GError) error = NULL;
  LudoGame *game = ludo_save_read (path, &error);

  g_assert_no_error (error);
  return game;
}

static guint
n_reviewed (LudoGame *game)
{
  return MIN (ludo_game_get_n_moves (game), MAX (2, ludo_test_scaled (MOVES)));
}

static void
test_consistent (void)
{
  guint n_games, reviewed = 0;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = sample (games[g]);
      const LudoReviewScale *scale;

      /* every game offers one */
      g_assert_true (ludo_game_can_review (game));
      reviewed++;
      scale = ludo_game_get_review_scale (game);
      g_assert_nonnull (scale->unit);
      g_assert_cmpint (0, <, scale->thresholds[0]);
      g_assert_cmpint (scale->thresholds[0], <, scale->thresholds[1]);
      g_assert_cmpint (scale->thresholds[1], <, scale->thresholds[2]);
      g_assert_cmpint (scale->thresholds[2], <, scale->cap);
      for (guint i = 0; i < n_reviewed (game); i++)
        {
          LudoMoveReview a, b;
          g_autoptr(GError) error = NULL;

          g_assert_true (ludo_review_move (game, i, 0, NULL, &a, &error));
          g_assert_no_error (error);
          g_test_message ("%s %u %s: %d -> %d, best %s %d, loss %d %s", games[g]->id, a.ply, a.move,
                          a.value_before, a.value_after, a.best ? a.best : "-", a.best_value, a.loss,
                          ludo_mark_to_string (a.mark));
          g_assert_cmpuint (a.ply, ==, i + 1);
          g_assert_cmpint (a.seat, ==, ludo_game_get_move_seat (game, i));
          g_assert_cmpstr (a.move, ==, ludo_game_get_move (game, i));
          g_assert_cmpint (ABS (a.value_before), <=, scale->cap);
          g_assert_cmpint (ABS (a.value_after), <=, scale->cap);
          g_assert_cmpint (a.loss, >=, 0);
          g_assert_cmpint (a.loss, ==, MAX (0, a.value_before - a.value_after));
          /* marked by the loss, unless the game marks its moves itself */
          if (LUDO_GAME_GET_CLASS (game)->review_move == NULL && a.mark != LUDO_MARK_ONLY)
            g_assert_cmpint (a.mark, ==, ludo_review_mark_for_loss (scale, a.loss));
          else if (a.mark == LUDO_MARK_ONLY)
            g_assert_cmpint (a.loss, ==, 0);

          /* the budget is nodes, not time: the same verdict again */
          g_assert_true (ludo_review_move (game, i, 0, NULL, &b, NULL));
          g_assert_cmpint (a.value_before, ==, b.value_before);
          g_assert_cmpint (a.value_after, ==, b.value_after);
          g_assert_cmpstr (a.best, ==, b.best);
          g_assert_cmpint (a.mark, ==, b.mark);
          ludo_move_review_clear (&a);
          ludo_move_review_clear (&b);
        }
    }
  g_assert_cmpuint (reviewed, >, 0);
}

typedef struct {
  GCancellable *cancellable;
  guint         calls;
} Progress;

static void
cancel_after_two (guint    done,
                  guint    n,
                  gpointer data)
{
  Progress *progress = data;

  g_assert_cmpuint (done, ==, ++progress->calls);
  g_assert_cmpuint (done, <=, n);
  if (done == 2)
    g_cancellable_cancel (progress->cancellable);
}

/* Cancelled mid-way: no verdicts land, and the error says why */
static void
test_cancel (void)
{
  guint n_games, cancelled = 0;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = sample (games[g]);
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) reviews = NULL;
      Progress progress = { cancellable, 0 };

      if (!ludo_game_can_review (game) || ludo_game_get_n_moves (game) < 4)
        continue;
      cancelled++;
      reviews = ludo_review_game (game, 0, cancel_after_two, &progress, cancellable, &error);
      g_assert_null (reviews);
      g_assert_error (error, LUDO_REVIEW_ERROR, LUDO_REVIEW_ERROR_CANCELLED);
      g_assert_cmpuint (progress.calls, ==, 2);
    }
  g_assert_cmpuint (cancelled, >, 0);
}

static void
test_marks (void)
{
  for (guint i = 0; i < LUDO_N_MARKS; i++)
    {
      LudoMark mark;

      g_assert_true (ludo_mark_from_string (ludo_mark_to_string ((LudoMark) i), &mark));
      g_assert_cmpint (mark, ==, i);
    }
  g_assert_cmpstr (ludo_mark_to_string (LUDO_MARK_BLUNDER), ==, "??");
  g_assert_false (ludo_mark_from_string ("???", NULL));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/review/marks", test_marks);
  g_test_add_func ("/review/consistent", test_consistent);
  g_test_add_func ("/review/cancel", test_cancel);
  return g_test_run ();
}
