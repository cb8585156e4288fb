/* ludo-ai.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "ludo-ai.h"

G_DEFINE_QUARK (ludo-ai-error-quark, ludo_ai_error)

bool
ludo_ai_cancelled (void *cancellable)
{
  return cancellable != NULL && g_cancellable_is_cancelled (cancellable);
}

typedef struct {
  gpointer  state;
  LudoLevel level;
  guint64   seed;
  guint     serial;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_free (job->state);
  g_free (job);
}

guint64
ludo_ai_seed_for_ply (LudoGame *game,
                      guint     ply)
{
  return ludo_game_get_seed (game) ^ ((guint64) (ply + 1) * 0x9E3779B97F4A7C15ull);
}

static Job *
job_new (LudoGame  *game,
         LudoLevel  level)
{
  Job *job = g_new0 (Job, 1);

  job->state = g_memdup2 (ludo_game_get_state (game), LUDO_GAME_GET_CLASS (game)->state_size);
  job->level = level;
  job->seed = ludo_ai_seed_for_ply (game, ludo_game_get_position (game));
  job->serial = ludo_game_get_serial (game);
  return job;
}

static char *
run_job (LudoGame      *game,
         Job           *job,
         GCancellable  *cancellable,
         GError       **error)
{
  char *move;

  move = ludo_game_compute_move (game, job->state, job->level, job->seed, cancellable);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      g_free (move);
      return NULL;
    }
  if (move == NULL)
    g_set_error_literal (error, LUDO_AI_ERROR, LUDO_AI_ERROR_NO_MOVE,
                         _("The computer found no move"));
  return move;
}

static void
think_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GError *error = NULL;
  char *move = run_job (source_object, task_data, cancellable, &error);

  if (move)
    g_task_return_pointer (task, move, g_free);
  else
    g_task_return_error (task, error);
}

void
ludo_ai_think_async (LudoGame            *game,
                     LudoLevel            level,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (LUDO_IS_GAME (game));

  task = g_task_new (game, cancellable, callback, user_data);
  g_task_set_source_tag (task, ludo_ai_think_async);
  g_task_set_task_data (task, job_new (game, level), job_free);
  g_task_run_in_thread (task, think_thread);
}

char *
ludo_ai_think_finish (LudoGame      *game,
                      GAsyncResult  *result,
                      GError       **error)
{
  Job *job;
  char *move;

  g_return_val_if_fail (g_task_is_valid (result, game), NULL);

  job = g_task_get_task_data (G_TASK (result));
  move = g_task_propagate_pointer (G_TASK (result), error);
  if (move && job->serial != ludo_game_get_serial (game))
    {
      g_free (move);
      g_set_error_literal (error, LUDO_AI_ERROR, LUDO_AI_ERROR_STALE,
                           "The game changed while the computer was thinking");
      return NULL;
    }
  return move;
}

char *
ludo_ai_think (LudoGame      *game,
               LudoLevel      level,
               GCancellable  *cancellable,
               GError       **error)
{
  Job *job = job_new (game, level);
  char *move = run_job (game, job, cancellable, error);

  job_free (job);
  return move;
}
