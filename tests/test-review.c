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

#include "core/ludo-export.h"
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

static GPtrArray *
review_first (LudoGame *game,
              guint     n)
{
  GPtrArray *reviews = g_ptr_array_new_with_free_func ((GDestroyNotify) ludo_move_review_free);

  for (guint i = 0; i < n; i++)
    {
      LudoMoveReview *r = g_new0 (LudoMoveReview, 1);

      g_assert_true (ludo_review_move (game, i, 5, NULL, r, NULL));
      g_ptr_array_add (reviews, r);
    }
  return reviews;
}

/* A reviewed game saves its review, reads back reviewed and saves again
 * byte for byte; the exported moves carry the marks; a move played over
 * the redo tail drops the review of the moves it replaces. */
static void
test_saved (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = sample (games[g]);
      g_autoptr(LudoGame) again = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL, *data_again = NULL, *text = NULL;
      g_auto(GStrv) lines = NULL;
      guint n = n_reviewed (game), first_move_line = 0;
      gsize length;
      GPtrArray *read;

      ludo_game_set_review (game, review_first (game, n), 5);
      data = ludo_save_to_data (game, &length);
      ludo_test_assert_schema_valid (data, length);
      again = ludo_save_read_data (data, length, &error);
      g_assert_no_error (error);
      read = ludo_game_get_review (again);
      g_assert_nonnull (read);
      g_assert_cmpuint (read->len, ==, n);
      g_assert_cmpuint (ludo_game_get_review_budget (again), ==, 5);
      for (guint i = 0; i < n; i++)
        {
          const LudoMoveReview *a = ludo_game_get_review (game)->pdata[i], *b = read->pdata[i];

          g_assert_cmpuint (a->ply, ==, b->ply);
          g_assert_cmpint (a->seat, ==, b->seat);
          g_assert_cmpstr (a->move, ==, b->move);
          g_assert_cmpint (a->value_before, ==, b->value_before);
          g_assert_cmpint (a->value_after, ==, b->value_after);
          g_assert_cmpstr (a->best, ==, b->best);
          g_assert_cmpint (a->best_value, ==, b->best_value);
          g_assert_cmpint (a->loss, ==, b->loss);
          g_assert_cmpint (a->mark, ==, b->mark);
          g_assert_cmpint (a->exact, ==, b->exact);
          g_assert_cmpint (a->remaining, ==, b->remaining);
          g_assert_cmpint (a->best_remaining, ==, b->best_remaining);
          g_assert_cmpfloat_with_epsilon (a->best_expected, b->best_expected, 0.001);
        }
      data_again = ludo_save_to_data (again, NULL);
      g_assert_cmpstr (data, ==, data_again);

      /* the marks in the exported moves: "N. WHO: MOVE MARK" */
      ludo_game_seek (again, ludo_game_get_n_moves (again));
      text = ludo_export_moves_text_for_viewer (again, LUDO_VIEWER_ALL, &error);
      g_assert_no_error (error);
      lines = g_strsplit (text, "\n", -1);
      while (lines[first_move_line] && !g_str_has_prefix (lines[first_move_line], "1. "))
        first_move_line++;
      for (guint i = 0; i < n; i++)
        {
          const LudoMoveReview *r = read->pdata[i];
          const char *line = lines[first_move_line + i];
          g_autofree char *suffix = g_strconcat (" ", ludo_mark_to_string (r->mark), NULL);

          g_assert_nonnull (line);
          if (r->mark != LUDO_MARK_NONE)
            g_assert_true (g_str_has_suffix (line, suffix));
          else
            g_assert_false (g_str_has_suffix (line, "?") || g_str_has_suffix (line, "!"));
        }

      /* a move over the redo tail: the review of the moves it replaces goes */
      if (n >= 2)
        {
          g_autofree char *other = NULL;

          ludo_game_seek (again, 1);
          other = ludo_test_some_move (again, 7);
          if (other && g_strcmp0 (other, ludo_game_get_move (again, 1)) != 0)
            {
              ludo_test_play_ok (again, other);
              g_assert_cmpuint (ludo_game_get_review (again)->len, ==, 1);
            }
        }
    }
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
  g_test_add_func ("/review/saved", test_saved);
  return g_test_run ();
}
