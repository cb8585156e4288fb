/* spiderweb-ai.h — the computer's Spider Web
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A paranoid alpha-beta search (with two players, plain minimax): the
 * player to move at the root against everybody else. Iterative deepening,
 * a transposition table, the table's move, removals and history first, a
 * short quiescence search over moves that remove pieces, and an
 * evaluation of pieces left, pieces with one free neighbour (the next move
 * may enclose them), castles and room to move.
 */
#pragma once

#include "core/ludo-search.h"
#include "spiderweb-rules.h"

typedef LudoSearchLimits SpiderwebLimits;
typedef LudoSearchResult SpiderwebResult;

#define SPW_SCORE_WIN 30000

/* The limits of a level: 0 Easy, 1 Medium, 2 Hard */
void spiderweb_level_limits (int level, SpiderwebLimits *limits);

/* Searches the game's position (its history gives the repetitions). */
void spiderweb_search       (const SpiderwebGame   *game,
                             const SpiderwebLimits *limits,
                             SpiderwebResult       *result);
/* The position valued for seat by the search (a review): searched even
 * with one move, without the root move exclude (0: none); result->best is
 * 0 if no move is left. */
void spiderweb_evaluate_game (const SpiderwebGame   *game,
                              const SpiderwebLimits *limits,
                              int                   seat,
                              SpiderwebMove         exclude,
                              SpiderwebResult       *result);
