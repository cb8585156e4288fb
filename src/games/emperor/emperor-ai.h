/* emperor-ai.h — the computer's Emperor Chess
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Alpha-beta (principal variation search) with iterative deepening, a
 * transposition table, quiescence search over captures and promotions,
 * move ordering by the table's move, captures (most valuable victim first),
 * killer moves and history, and an evaluation that knows the castle game
 * as well as material, piece placement and mobility.
 */
#pragma once

#include "emperor-rules.h"

typedef bool (*EmperorStopFunc) (void *data);

typedef struct {
  int             max_depth;     /* plies */
  uint64_t        max_nodes;     /* 0: no limit */
  int             max_ms;        /* 0: no limit; a safety net, nodes make searches repeatable */
  int             noise;         /* centipawns of seeded noise in the evaluation (Easy) */
  uint64_t        seed;
  EmperorStopFunc stop;
  void           *stop_data;
} EmperorLimits;

typedef struct {
  EmperorMove best;
  int         score;             /* centipawns for the side to move; mates near ±30000 */
  int         depth;             /* deepest iteration completed */
  uint64_t    nodes;
  int         ms;
  EmperorMove pv[32];
  int         pv_length;
} EmperorResult;

#define EMP_SCORE_MATE 30000

/* The limits of a level: 0 Easy, 1 Medium, 2 Hard */
void emperor_level_limits (int level, EmperorLimits *limits);

/* Searches the position. history holds the hashes of the game's earlier
 * positions since the last capture or pawn move (for repetitions). */
void emperor_search       (const EmperorPos     *root,
                           const uint64_t       *history,
                           int                   n_history,
                           const EmperorLimits  *limits,
                           EmperorResult        *result);

/* The static evaluation, for the side to move (tests, the view's bar). */
int  emperor_evaluate     (const EmperorPos     *pos);
