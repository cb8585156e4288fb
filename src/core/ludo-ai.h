/* ludo-ai.h — the computer thinks in a worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search runs on a copy of the rules state at the cursor. If the game
 * has changed by the time it finishes (a move, undo, new seats), the result
 * is dropped with LUDO_AI_ERROR_STALE; cancelling gives G_IO_ERROR_CANCELLED.
 * The same call gives a person a hint.
 */
#pragma once

#include <stdbool.h>

#include "ludo-game.h"

G_BEGIN_DECLS

#define LUDO_AI_ERROR (ludo_ai_error_quark ())

typedef enum {
  LUDO_AI_ERROR_STALE,
  LUDO_AI_ERROR_NO_MOVE,
} LudoAiError;

GQuark  ludo_ai_error_quark       (void);

/* An engine's stop function (polled during a search) for a GCancellable
 * given as its data; NULL data never stops. */
bool    ludo_ai_cancelled         (void                *cancellable);

/* The seed of the search for the position at ply: a game's moves are
 * reproducible from its seed. */
guint64 ludo_ai_seed_for_ply      (LudoGame            *game,
                                   guint                ply);

void    ludo_ai_think_async       (LudoGame            *game,
                                   LudoLevel            level,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data);
char   *ludo_ai_think_finish      (LudoGame            *game,
                                   GAsyncResult        *result,
                                   GError             **error);
/* The same, blocking: for the CLI and tests. */
char   *ludo_ai_think             (LudoGame            *game,
                                   LudoLevel            level,
                                   GCancellable        *cancellable,
                                   GError             **error);

G_END_DECLS
