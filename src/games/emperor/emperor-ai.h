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

#include "core/ludo-search.h"
#include "emperor-rules.h"

/* The noise in centipawns; the score in centipawns for the side to move,
 * mates near ±EMP_SCORE_MATE. */
typedef LudoSearchLimits EmperorLimits;
typedef LudoSearchResult EmperorResult;

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
/* The search as a review needs it: the position valued for the player to
 * move even with one move, without the root move exclude
 * (EMP_MOVE_NONE: none); result->best is EMP_MOVE_NONE if no move is left.
 * Without evaluating, emperor_search (). */
void emperor_evaluate_position (const EmperorPos    *root,
                                const uint64_t      *history,
                                int                  n_history,
                                const EmperorLimits *limits,
                                bool                 evaluating,
                                EmperorMove          exclude,
                                EmperorResult       *result);
