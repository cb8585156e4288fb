/* levels-ai.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "levels-ai.h"

#define MAX_PLY      20
#define QUIESCENCE   3
#define QUIESCENCE_WIDTH 6

#ifndef MIN
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#endif

typedef struct {
  LudoSearch      base;
  int             root_player;
  int             history[LVL_MAX_CELLS][LVL_MAX_CELLS];
  uint64_t        path[LVL_REPEAT_WINDOW + MAX_PLY + 8];   /* hashes: the game's, then the search's */
  int             path_len;
  LevelsMove      moves[MAX_PLY + QUIESCENCE + 2][LVL_MAX_MOVES];
  int             keys[LVL_MAX_MOVES];
} Search;

#define AB_PARANOID
#define AB_SEARCH      Search
#define AB_GAME        LevelsGame
#define AB_POS         LevelsPos
#define AB_MOVE        LevelsMove
#define AB_PV_MAX      16
#define AB_TT_BITS     18
#define AB_CHECK_MASK  255
#define AB_FIRST_ENDS  1
#define AB_DECIDED     (LVL_SCORE_WIN - MAX_PLY)
#define AB_TIME_GUARD  0
#define AB_MAX_PLY     MAX_PLY
#define AB_QUIESCENCE  QUIESCENCE
#define AB_SCORE_WIN   LVL_SCORE_WIN
#define AB_IS_OVER(pos) ((pos)->end != LVL_END_NONE)
#define AB_GEN_MOVES(pos, moves) levels_gen_moves (pos, moves)
#define AB_MAKE(pos, move)        levels_make (pos, move)
#include "core/ludo-alphabeta.h"

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
  int others = 0, best_other = -AB_INF;

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
ab_evaluate (Search          *s,
             const LevelsPos *pos)
{
  return levels_evaluate (pos, s->root_player);
}

/* A win keeps more pieces. */
static int
ab_winner (const LevelsPos *pos,
           int             *margin)
{
  int winner;

  levels_outcome (pos, &winner);
  if (winner >= 0)
    *margin = levels_count_pieces (pos, winner);
  return winner;
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
ab_order_moves (Search          *s,
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
        keys[i] = tactical_gain (pos, m) * (1 << 12) + MIN (*ab_history (s, m), 4095);
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
/* The search's hooks (ludo-alphabeta.h)                                     */

/* The likeliest gains first, and only a few: the horizon is wide. */
static int
ab_gen_tactical (Search          *s,
                 const LevelsPos *pos,
                 LevelsMove      *moves)
{
  int n = gen_tactical (pos, moves);

  ab_order_moves (s, pos, moves, n, LVL_MOVE_NONE);
  return MIN (n, QUIESCENCE_WIDTH);
}

/* An action that changed no piece is quiet after all. */
static bool
ab_make_tactical (const LevelsPos *pos,
                  LevelsMove       move,
                  LevelsPos       *next)
{
  *next = *pos;
  levels_make (next, move);
  return next->changed;
}

static int *
ab_history (Search     *s,
            LevelsMove  move)
{
  return &s->history[LVL_MOVE_FROM (move)][LVL_MOVE_TO (move)];
}

/* The third time the position stands, in the game's window and on the
 * search's path, ends the game and the most pieces win (a capture can be
 * undone, so positions come back even while pieces change colour). */
static bool
ab_repeated (Search          *s,
             const LevelsPos *pos,
             int              ply,
             int             *score)
{
  LevelsPos ended;
  int n = 0;

  for (int i = s->path_len - 2; i >= 0; i--)
    n += s->path[i] == pos->hash;
  if (n < 2)
    return false;
  ended = *pos;
  ended.end = LVL_END_REPETITION;
  *score = ab_end_value (s, &ended, ply);
  return true;
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
  ab_search_game (game, limits, result);
}

void
levels_evaluate_game (const LevelsGame   *game,
                      const LevelsLimits *limits,
                      int                seat,
                      LevelsMove         exclude,
                      LevelsResult       *result)
{
  ab_evaluate_game (game, limits, seat, exclude, result);
}
