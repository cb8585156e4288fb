/* levels-ai.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "levels-ai.h"

#define INF          32000
#define MAX_PLY      20
#define QUIESCENCE   3
#define QUIESCENCE_WIDTH 6
#define TT_BITS      18

#ifndef MIN
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#endif

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

typedef struct {
  uint64_t   key;
  LevelsMove move;
  int16_t    score;
  int8_t     depth;
  uint8_t    flag;
} TTEntry;

typedef struct {
  const LevelsLimits *limits;
  int             root_player;
  TTEntry        *tt;
  uint64_t        nodes;
  struct timespec start;
  bool            stopped;
  int             iteration;
  int             history[LVL_MAX_CELLS][LVL_MAX_CELLS];
  uint64_t        path[LVL_REPEAT_WINDOW + MAX_PLY + 8];   /* hashes: the game's, then the search's */
  int             path_len;
  uint64_t        noise_seed;
  LevelsMove      moves[MAX_PLY + QUIESCENCE + 2][LVL_MAX_MOVES];
  int             keys[LVL_MAX_MOVES];
} Search;

/* ------------------------------------------------------------------------ */
/* Evaluation                                                                */

/* What a piece is worth by its level: a level 1 can never move alone, a
 * level 2 only in its square; the rays and the queens see far (and are
 * the targets of destruction); 7 and 8 can be either. */
static const int piece_value[LVL_LEVELS + 1] = { 0, 60, 85, 100, 110, 125, 135, 125, 135 };

/* A piece and everything under it in its block. */
static int
subtree_value (const LevelsPos *pos,
               int              top)
{
  int value = 0;

  for (int i = 0; i < LVL_MAX_PIECES; i++)
    {
      if (pos->piece[i].cell == LVL_NO_CELL)
        continue;
      for (int k = i; k >= 0; k = pos->piece[k].dom)
        if (k == top)
          {
            value += piece_value[levels_piece_level (i)];
            break;
          }
    }
  return value;
}

int
levels_evaluate (const LevelsPos *pos,
                 int              player)
{
  int score[LVL_MAX_PLAYERS] = { 0 };
  int others = 0, best_other = -INF;

  for (int i = 0; i < LVL_MAX_PIECES; i++)
    {
      const LevelsPiece *p = &pos->piece[i];
      int level = levels_piece_level (i);
      const LevelsSet *view;

      if (p->cell == LVL_NO_CELL)
        continue;
      view = levels_view (pos, i);
      /* what it sees is where it can go and what it can reach */
      score[p->colour] += piece_value[level] + levels_set_count (view) / 4 + (p->dom >= 0 ? 6 : 0);

      for (int j = 0; j < LVL_MAX_PIECES; j++)
        {
          const LevelsPiece *q = &pos->piece[j];
          int other = levels_piece_level (j);
          bool to_move;

          if (q->cell == LVL_NO_CELL || q->colour == p->colour)
            continue;
          to_move = q->colour == pos->to_move;
          /* q one level higher, in sight either way: the next action of
           * q's side that stirs either of them takes i and its subtree */
          if (other == level + 1 &&
              (levels_set_has (view, q->cell) || levels_set_has (levels_view (pos, j), p->cell)))
            {
              int v = subtree_value (pos, i) * (to_move ? 5 : 2) / 10;
              score[p->colour] -= v;
              score[q->colour] += v;
            }
          /* q two or more levels lower and sees i: it may destroy i */
          else if (other + 2 <= level && levels_set_has (levels_view (pos, j), p->cell))
            score[p->colour] -= piece_value[level] * (to_move ? 5 : 1) / 10;
        }
    }

  /* paranoid: against the strongest of the others */
  for (int p = 0; p < pos->players; p++)
    if (p != player)
      {
        others++;
        if (score[p] > best_other)
          best_other = score[p];
      }
  return others ? score[player] - best_other : score[player];
}

static int
noise (Search          *s,
       const LevelsPos *pos)
{
  uint64_t z = pos->hash ^ s->noise_seed;

  if (s->limits->noise <= 0)
    return 0;
  z = (z ^ (z >> 31)) * 0x9E3779B97F4A7C15ull;
  z ^= z >> 29;
  return (int) (z % (uint64_t) (2 * s->limits->noise + 1)) - s->limits->noise;
}

/* The value of an ended game for the root player: a win is worth more
 * the sooner it comes and the more pieces it keeps. */
static int
end_value (Search          *s,
           const LevelsPos *pos,
           int              ply)
{
  int winner;

  levels_outcome (pos, &winner);
  if (winner < 0)
    return 0;
  if (winner == s->root_player)
    return LVL_SCORE_WIN - ply + levels_count_pieces (pos, winner);
  return -LVL_SCORE_WIN + ply - levels_count_pieces (pos, winner);
}

/* ------------------------------------------------------------------------ */
/* Ordering: what an action wins or risks, seen without making it            */

/* The value of the enemy pieces a piece of the level would catch on cell
 * with the view, less its own value if a higher enemy would catch it. */
static int
contact_gain (const LevelsPos *pos,
              int              piece,
              int              cell,
              const LevelsSet *view)
{
  int level = levels_piece_level (piece), colour = pos->piece[piece].colour, gain = 0;

  for (int j = 0; j < LVL_MAX_PIECES; j++)
    {
      const LevelsPiece *q = &pos->piece[j];
      int other = levels_piece_level (j);

      if (q->cell == LVL_NO_CELL || q->colour == colour || (other != level - 1 && other != level + 1))
        continue;
      if (!levels_set_has (view, q->cell) && !levels_set_has (levels_view (pos, j), cell))
        continue;
      gain += other == level - 1 ? piece_value[other] : -piece_value[level];
    }
  return gain;
}

static int
tactical_gain (const LevelsPos *pos,
               LevelsMove       m)
{
  int from = LVL_MOVE_FROM (m), to = LVL_MOVE_TO (m), arg = LVL_MOVE_ARG (m);
  int x = levels_piece_at (pos, from);
  const LevelsPiece *p = &pos->piece[x];

  switch (LVL_MOVE_KIND (m))
    {
    case LVL_ACT_DESTROY:
      return 2 * piece_value[levels_piece_level (levels_piece_at (pos, to))];
    case LVL_ACT_MOVE:
      return contact_gain (pos, x, to, levels_view_as (pos->size, to, p->state, p->dir));
    case LVL_ACT_TURN:
      return contact_gain (pos, x, from, levels_view_as (pos->size, from, p->state, arg));
    case LVL_ACT_STATE:
      return contact_gain (pos, x, from, levels_view_as (pos->size, from, arg & 15, arg >> 4));
    default:
      return 0;
    }
}

static inline void
set_or (LevelsSet       *a,
        const LevelsSet *b)
{
  for (int k = 0; k < 4; k++)
    a->w[k] |= b->w[k];
}

/* The actions worth a look at the horizon: destructions, and a piece
 * moving alone to a cell, or turning, or switching state, where it and an
 * enemy one level lower see each other (the enemy then joins its block).
 * A cell sees a piece through a ray exactly when the piece sees the cell
 * through the opposite ray, so the cells are found as sets. */
static int
gen_tactical (const LevelsPos *pos,
              LevelsMove      *moves)
{
  int n = 0, player = pos->to_move;

  for (int i = 0; i < LVL_MAX_PIECES; i++)
    {
      const LevelsPiece *p = &pos->piece[i];
      int level = levels_piece_level (i), c = p->cell;
      const LevelsSet *view;
      LevelsSet catch = { { 0 } };
      bool seen_by_prey = false;
      uint32_t members = 0;
      int prey_cells[LVL_MAX_PLAYERS], n_prey = 0;

      if (c == LVL_NO_CELL || p->colour != player)
        continue;
      view = levels_view (pos, i);
      for (int j = 0; j < LVL_MAX_PIECES; j++)
        {
          const LevelsPiece *q = &pos->piece[j];
          int other = levels_piece_level (j);

          if (q->cell == LVL_NO_CELL || q->colour == player)
            continue;
          if (other == level - 1)
            {
              const LevelsSet *prey = levels_view (pos, j);
              set_or (&catch, prey);
              set_or (&catch, levels_view_as (pos->size, q->cell, p->state, (p->dir + 4) % LVL_DIRS));
              seen_by_prey |= levels_set_has (prey, c);
              prey_cells[n_prey++] = q->cell;
            }
          else if (other >= level + 2 && levels_set_has (view, q->cell))
            {
              if (members == 0)
                members = levels_block_members (pos, i);
              if (levels_is_legal (pos, LVL_MOVE (LVL_ACT_DESTROY, c, q->cell, 0)))
                moves[n++] = LVL_MOVE (LVL_ACT_DESTROY, c, q->cell, 0);
            }
        }
      if (level == 1)
        continue;
      for (int k = 0; k < 4; k++)
        for (uint64_t rest = view->w[k] & catch.w[k] & ~pos->occupied.w[k]; rest; rest &= rest - 1)
          moves[n++] = LVL_MOVE (LVL_ACT_MOVE, c, k * 64 + __builtin_ctzll (rest), 0);
      /* turning stirs it where it stands: any turn if a prey sees it,
       * else the turns that bring a prey into view */
      if (n_prey > 0 && (p->state == 3 || p->state == 4))
        for (int d = 0; d < LVL_DIRS; d++)
          {
            bool catches = seen_by_prey;
            if (d == p->dir)
              continue;
            for (int k = 0; k < n_prey && !catches; k++)
              catches = levels_set_has (levels_view_as (pos->size, c, p->state, d), prey_cells[k]);
            if (catches)
              {
                moves[n++] = LVL_MOVE (LVL_ACT_TURN, c, c, d);
                if (seen_by_prey)
                  break;
              }
          }
    }
  return n;
}

static void
order_moves (Search          *s,
             const LevelsPos *pos,
             LevelsMove      *moves,
             int              n,
             LevelsMove       first)
{
  int *keys = s->keys;

  for (int i = 0; i < n; i++)
    {
      LevelsMove m = moves[i];

      if (m == first)
        keys[i] = 1 << 30;
      else
        keys[i] = tactical_gain (pos, m) * (1 << 12) + MIN (s->history[LVL_MOVE_FROM (m)][LVL_MOVE_TO (m)], 4095);
    }
  /* a shell sort: hundreds of actions */
  for (int gap = n / 2; gap > 0; gap /= 2)
    for (int i = gap; i < n; i++)
      {
        int k = keys[i];
        LevelsMove m = moves[i];
        int j = i;
        for (; j >= gap && keys[j - gap] < k; j -= gap)
          {
            keys[j] = keys[j - gap];
            moves[j] = moves[j - gap];
          }
        keys[j] = k;
        moves[j] = m;
      }
}

/* ------------------------------------------------------------------------ */
/* Search                                                                    */

static int
elapsed_ms (Search *s)
{
  struct timespec now;

  clock_gettime (CLOCK_MONOTONIC, &now);
  return (int) ((now.tv_sec - s->start.tv_sec) * 1000 + (now.tv_nsec - s->start.tv_nsec) / 1000000);
}

static bool
out_of_time (Search *s)
{
  if (s->stopped)
    return true;
  /* the first iteration always ends: a level plays a searched action */
  if (s->limits->max_nodes && s->nodes >= s->limits->max_nodes && s->iteration > 1)
    return s->stopped = true;
  if ((s->nodes & 255) != 0)
    return false;
  if (s->limits->stop && s->limits->stop (s->limits->stop_data))
    return s->stopped = true;
  if (s->limits->max_ms > 0 && elapsed_ms (s) >= s->limits->max_ms)
    return s->stopped = true;
  return false;
}

/* How often the position stood before, in the game's window and on the
 * search's path: the third time ends the game (a capture can be undone,
 * so positions come back even while pieces change colour). */
static int
occurrences (Search   *s,
             uint64_t  hash)
{
  int n = 0;

  for (int i = s->path_len - 2; i >= 0; i--)
    n += s->path[i] == hash;
  return n;
}

static int
quiesce (Search          *s,
         const LevelsPos *pos,
         int              alpha,
         int              beta,
         int              ply,
         int              qdepth)
{
  LevelsMove *moves = s->moves[ply];
  bool maximizing = pos->to_move == s->root_player;
  int stand, n;

  s->nodes++;
  if (pos->end != LVL_END_NONE)
    return end_value (s, pos, ply);
  stand = levels_evaluate (pos, s->root_player) + noise (s, pos);
  if (qdepth == 0 || ply >= MAX_PLY + QUIESCENCE || out_of_time (s))
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

  n = gen_tactical (pos, moves);
  /* the likeliest gains first, and only a few: the horizon is wide */
  order_moves (s, pos, moves, n, LVL_MOVE_NONE);
  if (n > QUIESCENCE_WIDTH)
    n = QUIESCENCE_WIDTH;
  for (int i = 0; i < n; i++)
    {
      LevelsPos next;
      int score;

      next = *pos;
      levels_make (&next, moves[i]);
      if (!next.changed)
        continue;
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
search (Search          *s,
        const LevelsPos *pos,
        int              depth,
        int              alpha,
        int              beta,
        int              ply,
        LevelsMove      *pv,
        int             *pv_length)
{
  LevelsMove *moves = s->moves[ply];
  LevelsMove tt_move = LVL_MOVE_NONE, best_move = LVL_MOVE_NONE;
  LevelsMove child_pv[16];
  bool maximizing = pos->to_move == s->root_player;
  int alpha0 = alpha, beta0 = beta;
  int best, n;
  TTEntry *e;

  *pv_length = 0;
  if (pos->end != LVL_END_NONE)
    return end_value (s, pos, ply);
  if (ply > 0 && occurrences (s, pos->hash) >= 2)
    {
      /* the third time: the most pieces win */
      LevelsPos ended = *pos;
      ended.end = LVL_END_REPETITION;
      return end_value (s, &ended, ply);
    }
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

  n = levels_gen_moves (pos, moves);
  order_moves (s, pos, moves, n, tt_move);
  best = maximizing ? -INF : INF;
  for (int i = 0; i < n; i++)
    {
      LevelsPos next = *pos;
      int child_len, score;

      levels_make (&next, moves[i]);
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
          memcpy (pv + 1, child_pv, sizeof (LevelsMove) * (size_t) MIN (child_len, 14));
          *pv_length = 1 + MIN (child_len, 14);
        }
      if (maximizing && best > alpha)
        alpha = best;
      if (!maximizing && best < beta)
        beta = best;
      if (alpha >= beta)
        {
          s->history[LVL_MOVE_FROM (moves[i])][LVL_MOVE_TO (moves[i])] += depth * depth;
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
levels_level_limits (int           level,
                     LevelsLimits *limits)
{
  memset (limits, 0, sizeof *limits);
  switch (level)
    {
    case 0:
      /* the best-looking action, give or take a piece's worth */
      limits->max_depth = 1;
      limits->max_nodes = 20000;
      limits->max_ms = 1000;
      limits->noise = 60;
      break;
    case 1:
      /* a little noise: two Medium players would play the same game over
       * and over */
      limits->max_depth = 2;
      limits->max_nodes = 60000;
      limits->max_ms = 1500;
      limits->noise = 12;
      break;
    default:
      limits->max_depth = MAX_PLY - 2;
      limits->max_nodes = 1200000;
      limits->max_ms = 1800;
      break;
    }
}

void
levels_search (const LevelsGame   *game,
               const LevelsLimits *limits,
               LevelsResult       *result)
{
  const LevelsPos *root = &game->pos;
  Search *s = calloc (1, sizeof *s);
  LevelsMove *moves = malloc (sizeof (LevelsMove) * LVL_MAX_MOVES);
  int n;

  memset (result, 0, sizeof *result);
  if (s == NULL || moves == NULL)
    {
      free (s);
      free (moves);
      return;
    }
  n = levels_gen_moves (root, moves);
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
  for (int depth = 1; s->tt && n > 1 && depth <= limits->max_depth; depth++)
    {
      LevelsMove pv[16];
      int pv_length;
      int score;

      s->iteration = depth;
      score = search (s, root, depth, -INF, INF, 0, pv, &pv_length);

      if (s->stopped && depth > 1)
        break;
      if (pv_length > 0)
        {
          result->best = pv[0];
          result->score = score;
          result->depth = depth;
          memcpy (result->pv, pv, sizeof (LevelsMove) * (size_t) pv_length);
          result->pv_length = pv_length;
        }
      if (s->stopped || score >= LVL_SCORE_WIN - MAX_PLY || score <= -LVL_SCORE_WIN + MAX_PLY)
        break;
    }
  result->nodes = s->nodes;
  result->ms = elapsed_ms (s);
  free (s->tt);
  free (s);
  free (moves);
}
