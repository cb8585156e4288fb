/* ludo-review.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A move's verdict from three evaluations at most, all for the seat that
 * moved: the position before it (its value and the best move), then
 * either the position after the move played, or, when the best move was
 * played, the position without it (the second best: is the move the only
 * one that keeps the value?).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "ludo-ai.h"
#include "ludo-game.h"
#include "ludo-review.h"
#include "ludo-save.h"

G_DEFINE_QUARK (ludo-review-error-quark, ludo_review_error)

static const char * const mark_names[LUDO_N_MARKS] = { "-", "!", "?!", "?", "??" };

const char *
ludo_mark_to_string (LudoMark mark)
{
  g_return_val_if_fail (mark < LUDO_N_MARKS, "-");
  return mark_names[mark];
}

gboolean
ludo_mark_from_string (const char *text,
                       LudoMark   *mark)
{
  for (guint i = 0; i < LUDO_N_MARKS; i++)
    if (g_strcmp0 (text, mark_names[i]) == 0)
      {
        *mark = (LudoMark) i;
        return TRUE;
      }
  return FALSE;
}

void
ludo_evaluation_clear (LudoEvaluation *evaluation)
{
  g_clear_pointer (&evaluation->best, g_free);
}

void
ludo_move_review_clear (LudoMoveReview *review)
{
  g_clear_pointer (&review->move, g_free);
  g_clear_pointer (&review->best, g_free);
}

void
ludo_move_review_free (LudoMoveReview *review)
{
  if (review == NULL)
    return;
  ludo_move_review_clear (review);
  g_free (review);
}

LudoMoveReview *
ludo_move_review_copy (const LudoMoveReview *review)
{
  LudoMoveReview *copy = g_memdup2 (review, sizeof *review);

  copy->move = g_strdup (review->move);
  copy->best = g_strdup (review->best);
  return copy;
}

gboolean
ludo_game_can_review (LudoGame *game)
{
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (game);

  return (klass->evaluate != NULL || klass->review_move != NULL) && klass->review_scale != NULL;
}

const LudoReviewScale *
ludo_game_get_review_scale (LudoGame *game)
{
  return LUDO_GAME_GET_CLASS (game)->review_scale;
}

char *
ludo_review_describe (LudoGame             *game,
                      const LudoMoveReview *review,
                      int                   viewer)
{
  g_autofree char *best = NULL;
  const char *mark;

  switch (review->mark)
    {
    case LUDO_MARK_ONLY:
      return g_strdup (_("the only move that keeps the game’s value"));
    case LUDO_MARK_INACCURACY:
      mark = _("an inaccuracy");
      break;
    case LUDO_MARK_MISTAKE:
      mark = _("a mistake");
      break;
    case LUDO_MARK_BLUNDER:
      mark = _("a blunder");
      break;
    case LUDO_MARK_NONE:
    default:
      return NULL;
    }
  best = ludo_review_describe_best (game, review, viewer);
  if (best == NULL)
    return g_strdup (mark);
  /* Translators: the computer's verdict on a move, read out with it:
   * "a mistake; the computer would play e2-e4" */
  return g_strdup_printf (_("%s; the computer would play %s"), mark, best);
}

char *
ludo_review_describe_best (LudoGame             *game,
                           const LudoMoveReview *review,
                           int                   viewer)
{
  if (review->best == NULL || review->ply == 0 || review->ply > ludo_game_get_n_moves (game))
    return NULL;
  return LUDO_GAME_GET_CLASS (game)->describe_move (game, ludo_game_get_state_at (game, review->ply - 1),
                                                    review->seat, review->best, viewer, TRUE);
}

LudoMark
ludo_review_mark_for_loss (const LudoReviewScale *scale,
                           int                    loss)
{
  if (loss >= scale->thresholds[2])
    return LUDO_MARK_BLUNDER;
  if (loss >= scale->thresholds[1])
    return LUDO_MARK_MISTAKE;
  if (loss >= scale->thresholds[0])
    return LUDO_MARK_INACCURACY;
  return LUDO_MARK_NONE;
}

/* A search's sure win (or loss) comes within its longest line of win. */
static gboolean
sure_end (int score,
          int win)
{
  return ABS (score) >= win - 1000;
}

int
ludo_review_clamp (const LudoReviewScale *scale,
                   int                    score,
                   int                    win)
{
  if (sure_end (score, win))
    return score > 0 ? scale->cap : -scale->cap;
  return CLAMP (score, -scale->cap, scale->cap);
}

void
ludo_review_search_limits (LudoSearchLimits *limits,
                           guint64           budget,
                           GCancellable     *cancellable)
{
  limits->max_nodes = budget;
  limits->max_ms = 0;
  limits->noise = 0;
  limits->stop = ludo_ai_cancelled;
  limits->stop_data = cancellable;
}

gboolean
ludo_review_take_search (const LudoReviewScale *scale,
                         gboolean               found,
                         int                    score,
                         int                    win,
                         const char            *best,
                         GCancellable          *cancellable,
                         LudoEvaluation        *evaluation)
{
  if (!found || g_cancellable_is_cancelled (cancellable))
    return FALSE;
  evaluation->value = ludo_review_clamp (scale, score, win);
  /* a sure win or loss is what best play gives (a large score clamped to
   * the cap is not one) */
  evaluation->exact = sure_end (score, win);
  evaluation->best = g_strdup (best);
  return TRUE;
}

/* An ended game's value for seat: won, lost or drawn, as any search
 * would find it */
static int
end_value (LudoGame              *game,
           gconstpointer          state,
           int                    seat,
           const LudoReviewScale *scale)
{
  LudoOutcome outcome;

  LUDO_GAME_GET_CLASS (game)->get_outcome (game, state, &outcome);
  if (outcome.kind != LUDO_RESULT_WIN)
    return 0;
  return outcome.winner == seat ? scale->cap : -scale->cap;
}

static gboolean
cancelled (GCancellable  *cancellable,
           GError       **error)
{
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_set_error_literal (error, LUDO_REVIEW_ERROR, LUDO_REVIEW_ERROR_CANCELLED,
                           _("The review was cancelled."));
      return TRUE;
    }
  return FALSE;
}

/* Whether two moves from before lead to the same position: the same
 * notation, or two spellings of one move (Kombi's shifts in either
 * order, say). */
static gboolean
same_move (LudoGame      *game,
           gconstpointer  before,
           const char    *a,
           const char    *b)
{
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (game);
  g_autofree guint8 *sa = NULL, *sb = NULL;
  g_autofree char *pa = NULL, *pb = NULL;

  if (g_strcmp0 (a, b) == 0)
    return TRUE;
  if (a == NULL || b == NULL || klass->format_position == NULL)
    return FALSE;
  sa = g_memdup2 (before, klass->state_size);
  sb = g_memdup2 (before, klass->state_size);
  if (!klass->apply (game, sa, a, NULL) || !klass->apply (game, sb, b, NULL))
    return FALSE;
  pa = klass->format_position (game, sa);
  pb = klass->format_position (game, sb);
  return g_strcmp0 (pa, pb) == 0;
}

gboolean
ludo_review_move (LudoGame        *game,
                  guint            index,
                  guint            budget_ms,
                  GCancellable    *cancellable,
                  LudoMoveReview  *review,
                  GError         **error)
{
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (game);
  const LudoReviewScale *scale = klass->review_scale;
  gconstpointer before, after;
  LudoEvaluation now = { 0 }, then = { 0 };
  guint64 budget;
  gboolean done = FALSE;

  g_return_val_if_fail (index < ludo_game_get_n_moves (game), FALSE);
  memset (review, 0, sizeof *review);
  if (!ludo_game_can_review (game))
    {
      g_set_error_literal (error, LUDO_REVIEW_ERROR, LUDO_REVIEW_ERROR_NOT_OFFERED,
                           _("This game offers no review."));
      return FALSE;
    }
  budget = (guint64) (budget_ms ? budget_ms : scale->budget_ms) * scale->nodes_per_ms;
  review->ply = index + 1;
  review->seat = ludo_game_get_move_seat (game, index);
  review->move = g_strdup (ludo_game_get_move (game, index));
  review->remaining = review->best_remaining = -1;
  review->best_expected = -1;

  if (klass->review_move)
    {
      done = klass->review_move (game, index, budget, cancellable, review);
      if (!done || cancelled (cancellable, error))
        goto failed;
      review->loss = MAX (0, review->loss);
      return TRUE;
    }

  before = ludo_game_get_state_at (game, index);
  after = ludo_game_get_state_at (game, index + 1);
  if (!klass->evaluate (game, before, review->seat, NULL, budget, cancellable, &now) ||
      cancelled (cancellable, error))
    goto failed;
  review->value_before = review->best_value = now.value;
  review->best = g_strdup (now.best);
  review->exact = now.exact;

  if (same_move (game, before, review->move, now.best))
    {
      /* the best move: is it the only one that keeps the value? */
      review->value_after = now.value;
      if (klass->evaluate (game, before, review->seat, now.best, budget, cancellable, &then) &&
          now.value - then.value >= scale->thresholds[2])
        review->mark = LUDO_MARK_ONLY;
      if (cancelled (cancellable, error))
        goto failed;
    }
  else
    {
      if (klass->current_seat (game, after) < 0 && !scale->values_ends)
        {
          then.value = end_value (game, after, review->seat, scale);
          then.exact = TRUE;
        }
      else if (!klass->evaluate (game, after, review->seat, NULL, budget, cancellable, &then) ||
               cancelled (cancellable, error))
        goto failed;
      review->value_after = then.value;
      review->exact = review->exact && then.exact;
      /* a search of the position after the move can see further than
       * the one before it did: what it finds better is no loss */
      review->loss = MAX (0, review->value_before - review->value_after);
      review->mark = ludo_review_mark_for_loss (scale, review->loss);
    }
  ludo_evaluation_clear (&now);
  ludo_evaluation_clear (&then);
  return TRUE;

failed:
  if (error && *error == NULL)
    cancelled (cancellable, error);
  /* not cancelled: the engine had nothing to say of a position */
  if (error && *error == NULL)
    g_set_error (error, LUDO_REVIEW_ERROR, LUDO_REVIEW_ERROR_FAILED,
                 _("The computer could not value the position of move %u (“%s”)."),
                 index + 1, ludo_game_get_move (game, index));
  ludo_evaluation_clear (&now);
  ludo_evaluation_clear (&then);
  ludo_move_review_clear (review);
  return FALSE;
}

GPtrArray *
ludo_review_game (LudoGame            *game,
                  guint                budget_ms,
                  LudoReviewProgress   progress,
                  gpointer             data,
                  GCancellable        *cancellable,
                  GError             **error)
{
  guint n = ludo_game_get_n_moves (game);
  g_autoptr(GPtrArray) reviews = g_ptr_array_new_with_free_func ((GDestroyNotify) ludo_move_review_free);

  for (guint i = 0; i < n; i++)
    {
      LudoMoveReview *review = g_new0 (LudoMoveReview, 1);

      if (!ludo_review_move (game, i, budget_ms, cancellable, review, error))
        {
          g_free (review);
          return NULL;
        }
      g_ptr_array_add (reviews, review);
      if (progress)
        progress (i + 1, n, data);
    }
  return g_steal_pointer (&reviews);
}

/* ------------------------------------------------------------------------ */
/* In a worker thread                                                        */

typedef struct {
  char               *save;       /* the game as a save: the worker's own copy */
  gsize               length;
  guint               budget_ms;
  LudoReviewProgress  progress;
  gpointer            data;
  GMainContext       *context;
  GCancellable       *cancellable;
} Job;

/* A step reported in the caller's context, unless cancelled meanwhile:
 * the caller cancels before it lets data go. */
typedef struct {
  LudoReviewProgress progress;
  gpointer           data;
  GCancellable      *cancellable;
  guint              done, n;
} Step;

static void
job_free (Job *job)
{
  g_free (job->save);
  g_main_context_unref (job->context);
  g_clear_object (&job->cancellable);
  g_free (job);
}

static void
step_free (Step *step)
{
  g_clear_object (&step->cancellable);
  g_free (step);
}

static gboolean
report_step (gpointer user_data)
{
  Step *step = user_data;

  if (!g_cancellable_is_cancelled (step->cancellable))
    step->progress (step->done, step->n, step->data);
  return G_SOURCE_REMOVE;
}

static void
worker_progress (guint    done,
                 guint    n,
                 gpointer data)
{
  Job *job = data;
  Step *step;

  if (job->progress == NULL)
    return;
  step = g_new (Step, 1);
  *step = (Step) { job->progress, job->data, job->cancellable ? g_object_ref (job->cancellable) : NULL, done, n };
  g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, report_step, step, (GDestroyNotify) step_free);
}

static void
review_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoGame) copy = ludo_save_read_data (job->save, job->length, &error);
  GPtrArray *reviews;

  if (copy == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  reviews = ludo_review_game (copy, job->budget_ms, worker_progress, job, cancellable, &error);
  if (reviews == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, reviews, (GDestroyNotify) g_ptr_array_unref);
}

void
ludo_review_game_async (LudoGame            *game,
                        guint                budget_ms,
                        LudoReviewProgress   progress,
                        gpointer             data,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  g_task_set_source_tag (task, ludo_review_game_async);
  job->save = ludo_save_to_data (game, &job->length);
  job->budget_ms = budget_ms;
  job->progress = progress;
  job->data = data;
  job->context = g_main_context_ref_thread_default ();
  job->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, review_thread);
}

GPtrArray *
ludo_review_game_finish (GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

gboolean
ludo_review_matches (GPtrArray *reviews,
                     LudoGame  *game)
{
  if (reviews->len > ludo_game_get_n_moves (game))
    return FALSE;
  for (guint i = 0; i < reviews->len; i++)
    if (g_strcmp0 (((LudoMoveReview *) reviews->pdata[i])->move, ludo_game_get_move (game, i)) != 0)
      return FALSE;
  return TRUE;
}
