/* spiderweb-ai.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "spiderweb-ai.h"

#define INF          32000
#define MAX_PLY      64
#define QUIESCENCE   4
#define TT_BITS      18

#ifndef MIN
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#endif

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

typedef struct {
  uint64_t      key;
  SpiderwebMove move;
  int16_t       score;
  int8_t        depth;
  uint8_t       flag;
} TTEntry;

typedef struct {
  const SpiderwebLimits *limits;
  int            root_player;
  TTEntry       *tt;
  uint64_t       nodes;
  struct timespec start;
  bool           stopped;
  int            history[SPW_MAX_NODES + 1][SPW_MAX_NODES];
  uint64_t       path[SPW_QUIET_LIMIT + MAX_PLY + 8];   /* hashes: the game's, then the search's */
  int            path_len;
  uint64_t       noise_seed;
} Search;

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

/* For the player, against the strongest of the others (paranoid). */
static int
evaluate (const SpiderwebPos *pos,
                    int                 player)
{
  uint64_t all = (1ull << spiderweb_n_nodes (pos)) - 1;
  uint64_t empty = all & ~spiderweb_occupied (pos);
  int mine = player_value (pos, player, empty);
  int best_other = -INF;

  /* paranoid: against the strongest of the others */
  for (int p = 0; p < pos->players; p++)
    if (p != player)
      {
        int v = player_value (pos, p, empty);
        if (v > best_other)
          best_other = v;
      }
  return mine - best_other;
}

static int
noise (Search             *s,
       const SpiderwebPos *pos)
{
  uint64_t z = pos->hash ^ s->noise_seed;

  if (s->limits->noise <= 0)
    return 0;
  z = (z ^ (z >> 31)) * 0x9E3779B97F4A7C15ull;
  z ^= z >> 29;
  return (int) (z % (uint64_t) (2 * s->limits->noise + 1)) - s->limits->noise;
}

/* The value of an ended game for the root player: a win is worth more
 * the sooner it comes and the more points it brings. */
static int
end_value (Search             *s,
           const SpiderwebPos *pos,
           int                 ply)
{
  int winner;

  spiderweb_outcome (pos, &winner);
  if (winner < 0)
    return 0;
  if (winner == s->root_player)
    return SPW_SCORE_WIN - ply + spiderweb_points (pos);
  return -SPW_SCORE_WIN + ply - spiderweb_points (pos);
}

/* ------------------------------------------------------------------------ */
/* Search                                                                    */

static bool
out_of_time (Search *s)
{
  struct timespec now;
  long ms;

  if (s->stopped)
    return true;
  if (s->limits->max_nodes && s->nodes >= s->limits->max_nodes)
    return s->stopped = true;
  if ((s->nodes & 1023) != 0)
    return false;
  if (s->limits->stop && s->limits->stop (s->limits->stop_data))
    return s->stopped = true;
  if (s->limits->max_ms <= 0)
    return false;
  clock_gettime (CLOCK_MONOTONIC, &now);
  ms = (now.tv_sec - s->start.tv_sec) * 1000 + (now.tv_nsec - s->start.tv_nsec) / 1000000;
  if (ms >= s->limits->max_ms)
    return s->stopped = true;
  return false;
}

static int
elapsed_ms (Search *s)
{
  struct timespec now;

  clock_gettime (CLOCK_MONOTONIC, &now);
  return (int) ((now.tv_sec - s->start.tv_sec) * 1000 + (now.tv_nsec - s->start.tv_nsec) / 1000000);
}

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
order_moves (Search             *s,
             const SpiderwebPos *pos,
             SpiderwebMove      *moves,
             int                 n,
             SpiderwebMove       first)
{
  int keys[SPW_MAX_MOVES];

  for (int i = 0; i < n; i++)
    {
      SpiderwebMove m = moves[i];
      int from = SPW_MOVE_IS_PLACE (m) ? SPW_MAX_NODES : SPW_MOVE_FROM (m);

      if (m == first)
        keys[i] = 1 << 30;
      else
        keys[i] = removal_gain (pos, m) * (1 << 20) + s->history[from][SPW_MOVE_TO (m)];
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

/* A position come again will likely come a third time, and then the
 * pieces left decide (RULES.md): a draw only if the most are shared. */
static int
repetition_value (Search             *s,
                  const SpiderwebPos *pos,
                  int                 ply)
{
  int order[SPW_MAX_PLAYERS], places[SPW_MAX_PLAYERS];

  spiderweb_ranking (pos, order, places);
  if (places[order[1]] == 0)
    return 0;
  return order[0] == s->root_player ? SPW_SCORE_WIN / 2 - ply : -SPW_SCORE_WIN / 2 + ply;
}

static bool
repeats (Search   *s,
         uint64_t  hash)
{
  for (int i = s->path_len - 2; i >= 0; i--)
    if (s->path[i] == hash)
      return true;
  return false;
}

static int
quiesce (Search             *s,
         const SpiderwebPos *pos,
         int                 alpha,
         int                 beta,
         int                 ply,
         int                 qdepth)
{
  SpiderwebMove moves[SPW_MAX_MOVES];
  bool maximizing = pos->to_move == s->root_player;
  int stand, n;

  s->nodes++;
  if (pos->phase == SPW_OVER)
    return end_value (s, pos, ply);
  stand = evaluate (pos, s->root_player) + noise (s, pos);
  if (qdepth == 0 || out_of_time (s))
    return stand;

  /* the player to move may always do something quiet instead */
  if (maximizing)
    {
      if (stand >= beta)
        return stand;
      if (stand > alpha)
        alpha = stand;
    }
  else
    {
      if (stand <= alpha)
        return stand;
      if (stand < beta)
        beta = stand;
    }

  n = spiderweb_gen_moves (pos, moves);
  for (int i = 0; i < n; i++)
    {
      SpiderwebPos next;
      int score;

      if (removal_gain (pos, moves[i]) <= 0)
        continue;
      next = *pos;
      spiderweb_make (&next, moves[i]);
      score = quiesce (s, &next, alpha, beta, ply + 1, qdepth - 1);
      if (maximizing)
        {
          if (score > stand)
            stand = score;
          if (score > alpha)
            alpha = score;
        }
      else
        {
          if (score < stand)
            stand = score;
          if (score < beta)
            beta = score;
        }
      if (alpha >= beta)
        break;
    }
  return stand;
}

static int
search (Search             *s,
        const SpiderwebPos *pos,
        int                 depth,
        int                 alpha,
        int                 beta,
        int                 ply,
        SpiderwebMove      *pv,
        int                *pv_length)
{
  SpiderwebMove moves[SPW_MAX_MOVES], tt_move = SPW_MOVE_NONE, best_move = SPW_MOVE_NONE;
  SpiderwebMove child_pv[32];
  bool maximizing = pos->to_move == s->root_player;
  int alpha0 = alpha, beta0 = beta;
  int best, n;
  TTEntry *e;

  *pv_length = 0;
  if (pos->phase == SPW_OVER)
    return end_value (s, pos, ply);
  if (ply > 0 && repeats (s, pos->hash))
    return repetition_value (s, pos, ply);
  if (depth <= 0 || ply >= MAX_PLY - 1)
    return quiesce (s, pos, alpha, beta, ply, QUIESCENCE);

  s->nodes++;
  if (out_of_time (s))
    return 0;

  e = &s->tt[pos->hash & ((1u << TT_BITS) - 1)];
  if (e->key == pos->hash)
    {
      tt_move = e->move;
      if (ply > 0 && e->depth >= depth)
        {
          if (e->flag == TT_EXACT ||
              (e->flag == TT_LOWER && e->score >= beta) ||
              (e->flag == TT_UPPER && e->score <= alpha))
            return e->score;
        }
    }

  n = spiderweb_gen_moves (pos, moves);
  order_moves (s, pos, moves, n, tt_move);
  best = maximizing ? -INF : INF;
  for (int i = 0; i < n; i++)
    {
      SpiderwebPos next = *pos;
      int child_len, score;

      spiderweb_make (&next, moves[i]);
      s->path[s->path_len++] = next.hash;
      score = search (s, &next, depth - 1, alpha, beta, ply + 1, child_pv, &child_len);
      s->path_len--;
      if (s->stopped)
        return best == -INF || best == INF ? 0 : best;

      if (maximizing ? score > best : score < best)
        {
          best = score;
          best_move = moves[i];
          pv[0] = moves[i];
          memcpy (pv + 1, child_pv, sizeof (SpiderwebMove) * (size_t) MIN (child_len, 30));
          *pv_length = 1 + MIN (child_len, 30);
        }
      if (maximizing && best > alpha)
        alpha = best;
      if (!maximizing && best < beta)
        beta = best;
      if (alpha >= beta)
        {
          int from = SPW_MOVE_IS_PLACE (moves[i]) ? SPW_MAX_NODES : SPW_MOVE_FROM (moves[i]);
          s->history[from][SPW_MOVE_TO (moves[i])] += depth * depth;
          break;
        }
    }

  e->key = pos->hash;
  e->move = best_move;
  e->score = (int16_t) best;
  e->depth = (int8_t) depth;
  e->flag = best <= alpha0 ? TT_UPPER : best >= beta0 ? TT_LOWER : TT_EXACT;
  return best;
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
  const SpiderwebPos *root = &game->pos;
  Search *s = calloc (1, sizeof *s);
  SpiderwebMove moves[SPW_MAX_MOVES];
  int n = spiderweb_gen_moves (root, moves);

  memset (result, 0, sizeof *result);
  s->limits = limits;
  s->root_player = root->to_move;
  s->tt = calloc ((size_t) 1 << TT_BITS, sizeof (TTEntry));
  s->noise_seed = limits->seed * 0x9E3779B97F4A7C15ull + 1;
  clock_gettime (CLOCK_MONOTONIC, &s->start);
  memcpy (s->path, game->history, sizeof (uint64_t) * game->n_history);
  s->path_len = game->n_history;
  s->path[s->path_len++] = root->hash;

  if (n > 0)
    result->best = moves[0];
  for (int depth = 1; n > 1 && depth <= limits->max_depth; depth++)
    {
      SpiderwebMove pv[32];
      int pv_length;
      int score = search (s, root, depth, -INF, INF, 0, pv, &pv_length);

      if (s->stopped && depth > 1)
        break;
      if (pv_length > 0)
        {
          result->best = pv[0];
          result->score = score;
          result->depth = depth;
          memcpy (result->pv, pv, sizeof (SpiderwebMove) * (size_t) pv_length);
          result->pv_length = pv_length;
        }
      if (s->stopped || score >= SPW_SCORE_WIN - MAX_PLY || score <= -SPW_SCORE_WIN + MAX_PLY)
        break;
    }
  result->nodes = s->nodes;
  result->ms = elapsed_ms (s);
  free (s->tt);
  free (s);
}
