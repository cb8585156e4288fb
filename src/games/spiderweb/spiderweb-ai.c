/* spiderweb-ai.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "spiderweb-ai.h"

#define MAX_PLY      64
#define QUIESCENCE   4

typedef struct {
  LudoSearch     base;
  int            root_player;
  int            history[SPW_MAX_NODES + 1][SPW_MAX_NODES];
  uint64_t       path[SPW_QUIET_LIMIT + MAX_PLY + 8];   /* hashes: the game's, then the search's */
  int            path_len;
  SpiderwebMove  moves[MAX_PLY + QUIESCENCE + 2][SPW_MAX_MOVES];
} Search;

#define AB_PARANOID
#define AB_SEARCH      Search
#define AB_GAME        SpiderwebGame
#define AB_POS         SpiderwebPos
#define AB_MOVE        SpiderwebMove
#define AB_PV_MAX      32
#define AB_TT_BITS     18
#define AB_CHECK_MASK  1023
#define AB_FIRST_ENDS  0
#define AB_DECIDED     (SPW_SCORE_WIN - MAX_PLY)
#define AB_TIME_GUARD  0
#define AB_MAX_PLY     MAX_PLY
#define AB_QUIESCENCE  QUIESCENCE
#define AB_SCORE_WIN   SPW_SCORE_WIN
#define AB_IS_OVER(pos) ((pos)->phase == SPW_OVER)
#define AB_GEN_MOVES(pos, moves) spiderweb_gen_moves (pos, moves)
#define AB_MAKE(pos, move)        spiderweb_make (pos, move)
#include "core/ludo-alphabeta.h"

static inline int
popcount (uint64_t x)
{
  return __builtin_popcountll (x);
}

/* ------------------------------------------------------------------------ */
/* Evaluation                                                                */

/* What a player's position is worth on its own. */
static int
player_value (const SpiderwebPos *pos,
              int                 player,
              uint64_t            empty)
{
  int value = 100 * spiderweb_pieces_left (pos, player);
  int single = 0, room = 0;

  for (uint64_t rest = pos->pieces[player]; rest; rest &= rest - 1)
    {
      int n = __builtin_ctzll (rest);
      int free = popcount (spiderweb_neighbours (pos, n) & empty);

      /* one free neighbour: the next piece there encloses it */
      single += free == 1;
      room += free;
    }
  value -= 30 * single;
  value += 3 * room;
  /* a castle keeps every piece around it from being enclosed */
  value += 25 * popcount (spiderweb_castles (pos, player));
  return value;
}

/* For the root player, against the strongest of the others (paranoid). */
static int
ab_evaluate (Search             *s,
             const SpiderwebPos *pos)
{
  uint64_t all = (1ull << spiderweb_n_nodes (pos)) - 1;
  uint64_t empty = all & ~spiderweb_occupied (pos);
  int mine = player_value (pos, s->root_player, empty);
  int best_other = -AB_INF;

  for (int p = 0; p < pos->players; p++)
    if (p != s->root_player)
      {
        int v = player_value (pos, p, empty);
        if (v > best_other)
          best_other = v;
      }
  return mine - best_other;
}

/* A win brings points. */
static int
ab_winner (const SpiderwebPos *pos,
           int                *margin)
{
  int winner;

  spiderweb_outcome (pos, &winner);
  if (winner >= 0)
    *margin = spiderweb_points (pos);
  return winner;
}

/* ------------------------------------------------------------------------ */
/* The search's hooks (ludo-alphabeta.h)                                     */

/* Pieces of the others a move removes, less the mover's own. */
static int
removal_gain (const SpiderwebPos *pos,
              SpiderwebMove       move)
{
  uint64_t removed = spiderweb_would_remove (pos, move);
  int own = popcount (removed & pos->pieces[pos->to_move]);

  return popcount (removed) - 2 * own;
}

static void
ab_order_moves (Search             *s,
                const SpiderwebPos *pos,
                SpiderwebMove      *moves,
                int                 n,
                SpiderwebMove       first)
{
  int keys[SPW_MAX_MOVES];

  for (int i = 0; i < n; i++)
    {
      SpiderwebMove m = moves[i];

      if (m == first)
        keys[i] = 1 << 30;
      else
        keys[i] = removal_gain (pos, m) * (1 << 20) + *ab_history (s, m);
    }
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && keys[j] > keys[j - 1]; j--)
      {
        int k = keys[j];
        SpiderwebMove m = moves[j];
        keys[j] = keys[j - 1];
        moves[j] = moves[j - 1];
        keys[j - 1] = k;
        moves[j - 1] = m;
      }
}

static int *
ab_history (Search        *s,
            SpiderwebMove  move)
{
  int from = SPW_MOVE_IS_PLACE (move) ? SPW_MAX_NODES : SPW_MOVE_FROM (move);

  return &s->history[from][SPW_MOVE_TO (move)];
}

/* A position come again will likely come a third time, and then the
 * pieces left decide (RULES.md): a draw only if the most are shared. */
static bool
ab_repeated (Search             *s,
             const SpiderwebPos *pos,
             int                 ply,
             int                *score)
{
  int order[SPW_MAX_PLAYERS], places[SPW_MAX_PLAYERS];
  bool seen = false;

  for (int i = s->path_len - 2; i >= 0 && !seen; i--)
    seen = s->path[i] == pos->hash;
  if (!seen)
    return false;
  spiderweb_ranking (pos, order, places);
  if (places[order[1]] == 0)
    *score = 0;
  else
    *score = order[0] == s->root_player ? SPW_SCORE_WIN / 2 - ply : -SPW_SCORE_WIN / 2 + ply;
  return true;
}

/* The quiescence search: the moves that remove pieces of the others. */
static int
ab_gen_tactical (Search             *s,
                 const SpiderwebPos *pos,
                 SpiderwebMove      *moves)
{
  return spiderweb_gen_moves (pos, moves);
}

static bool
ab_make_tactical (const SpiderwebPos *pos,
                  SpiderwebMove       move,
                  SpiderwebPos       *next)
{
  if (removal_gain (pos, move) <= 0)
    return false;
  *next = *pos;
  spiderweb_make (next, move);
  return true;
}

void
spiderweb_level_limits (int              level,
                        SpiderwebLimits *limits)
{
  memset (limits, 0, sizeof *limits);
  switch (level)
    {
    case 0:
      limits->max_depth = 1;
      limits->max_nodes = 5000;
      limits->max_ms = 1000;
      limits->noise = 60;
      break;
    case 1:
      limits->max_depth = 4;
      limits->max_nodes = 150000;
      limits->max_ms = 1500;
      break;
    default:
      limits->max_depth = MAX_PLY - 2;
      limits->max_nodes = 1500000;
      limits->max_ms = 1800;
      break;
    }
}

void
spiderweb_search (const SpiderwebGame   *game,
                  const SpiderwebLimits *limits,
                  SpiderwebResult       *result)
{
  ab_search_game (game, limits, result);
}

void
spiderweb_evaluate_game (const SpiderwebGame   *game,
                         const SpiderwebLimits *limits,
                         int                   seat,
                         SpiderwebMove         exclude,
                         SpiderwebResult       *result)
{
  ab_evaluate_game (game, limits, seat, exclude, result);
}
