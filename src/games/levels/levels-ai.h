/* levels-ai.h — the computer's Levels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A paranoid alpha-beta search (with two players, plain minimax): the
 * player to move at the root against everybody else. Iterative deepening,
 * a transposition table, the table's move, destructions and captures
 * first, history, a short quiescence search over actions that destroy or
 * capture, and an evaluation of material by level, blocks, room to see,
 * and the pieces each side can capture or destroy next.
 */
#pragma once

#include "core/ludo-search.h"
#include "levels-rules.h"

typedef LudoSearchLimits LevelsLimits;
typedef LudoSearchResult LevelsResult;

#define LVL_SCORE_WIN 30000

/* The limits of a level: 0 Easy, 1 Medium, 2 Hard */
void levels_level_limits (int level, LevelsLimits *limits);

/* The static value of a position for a player: what the search sees at
 * its leaves. */
int  levels_evaluate     (const LevelsPos *pos, int player);

/* Searches the game's position (its history gives the repetitions). */
void levels_search       (const LevelsGame   *game,
                          const LevelsLimits *limits,
                          LevelsResult       *result);
/* The position valued for seat by the search (a review): searched even
 * with one move, without the root move exclude (0: none); result->best is
 * 0 if no move is left. */
void levels_evaluate_game (const LevelsGame   *game,
                           const LevelsLimits *limits,
                           int                seat,
                           LevelsMove         exclude,
                           LevelsResult       *result);
