/* ludo-alphabeta.h — the alpha-beta search of the engines, as a template
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An engine's search file defines the macros below and its search state,
 * includes this header once, then defines the hooks the header declares.
 * Everything is static in the engine's file, so the compiler inlines the
 * engine's move generation, evaluation and ordering into the search as if
 * it had been written there: no calls through pointers at the nodes.
 *
 * Every engine gets ab_run (): the table, the clock, the game's positions
 * for repetitions, then iterative deepening with its budgets (nodes, time,
 * the stop function) and the result. With AB_PARANOID the header also
 * gives the search itself: the player to move at the root against all the
 * others (paranoid; with two players plain minimax), a transposition
 * table, the table's move first, history on cut-offs and a quiescence
 * search. Without it the engine writes ab_root (), its own search of one
 * iteration (a two-player negamax with its null move, reductions and
 * killers, say).
 *
 * The macros:
 *   AB_SEARCH      the engine's search state, a struct with at least
 *                    LudoSearch base;  uint64_t path[];  int path_len;
 *                  and with AB_PARANOID
 *                    int root_player;
 *                    AB_MOVE moves[AB_MAX_PLY + AB_QUIESCENCE + 2][max moves];
 *   AB_POS, AB_MOVE (of up to 32 bits)
 *   AB_PV_MAX      the longest line kept, plus one (up to 33)
 *   AB_TT_BITS     the table has 2^AB_TT_BITS entries
 *   AB_CHECK_MASK  the clock and the stop function are read every
 *                  AB_CHECK_MASK + 1 nodes
 *   AB_FIRST_ENDS  1 if the node budget never stops the first iteration
 *   AB_DECIDED     a score this far from 0 is a won or lost game: no
 *                  deeper iteration follows
 *   AB_TIME_GUARD  0, or n: no iteration starts after 1/n of the time
 *                  (the next takes several times longer)
 * and with AB_PARANOID:
 *   AB_MAX_PLY, AB_QUIESCENCE (plies of the quiescence search),
 *   AB_SCORE_WIN, AB_IS_OVER (pos),
 *   AB_GEN_MOVES (pos, moves)  the legal moves, their number
 *   AB_MAKE (pos, move)
 *   AB_GAME        a position and the hashes of the positions before it:
 *                    AB_POS pos;  uint64_t history[];  n_history
 *                  ab_search_game () searches it
 */

#include <string.h>

#include "core/ludo-search.h"

#define AB_INF 32000

#ifndef AB_MIN
#define AB_MIN(a, b) ((a) < (b) ? (a) : (b))
#endif

static inline bool
ab_spent (AB_SEARCH *s)
{
  return ludo_search_spent (&s->base, AB_CHECK_MASK, AB_FIRST_ENDS);
}

#ifdef AB_PARANOID

/* The hooks of a paranoid engine. */

/* The static value of the position for the root player (the noise is
 * added by the search). */
static int   ab_evaluate      (AB_SEARCH *s, const AB_POS *pos);
/* The winner of an ended game (-1: a draw) and by how much, a bonus that
 * makes a bigger win better. */
static int   ab_winner        (const AB_POS *pos, int *margin);
/* If the position stood before (path[0 … path_len - 2]), its value in
 * *score. */
static bool  ab_repeated      (AB_SEARCH *s, const AB_POS *pos, int ply, int *score);
/* Sorts moves best first, first before all. */
static void  ab_order_moves   (AB_SEARCH *s, const AB_POS *pos, AB_MOVE *moves, int n, AB_MOVE first);
/* The moves the quiescence search looks at, in order … */
static int   ab_gen_tactical  (AB_SEARCH *s, const AB_POS *pos, AB_MOVE *moves);
/* … and each made into next; false to pass over it. */
static bool  ab_make_tactical (const AB_POS *pos, AB_MOVE move, AB_POS *next);
/* The history counter of a move that cut off. */
static int  *ab_history       (AB_SEARCH *s, AB_MOVE move);

/* The value of an ended game for the root player: a win is worth more
 * the sooner it comes and the bigger it is. */
static int
ab_end_value (AB_SEARCH    *s,
              const AB_POS *pos,
              int           ply)
{
  int margin = 0, winner = ab_winner (pos, &margin);

  if (winner < 0)
    return 0;
  if (winner == s->root_player)
    return AB_SCORE_WIN - ply + margin;
  return -AB_SCORE_WIN + ply - margin;
}

/* A child's score taken in by the side to move: its best so far and the
 * window. True on a cut-off. */
static inline bool
ab_take (bool  maximizing,
         int   score,
         int  *best,
         int  *alpha,
         int  *beta)
{
  if (maximizing)
    {
      if (score > *best)
        *best = score;
      if (*best > *alpha)
        *alpha = *best;
    }
  else
    {
      if (score < *best)
        *best = score;
      if (*best < *beta)
        *beta = *best;
    }
  return *alpha >= *beta;
}

static int
ab_quiesce (AB_SEARCH    *s,
            const AB_POS *pos,
            int           alpha,
            int           beta,
            int           ply,
            int           qdepth)
{
  AB_MOVE *moves = s->moves[ply];
  bool maximizing = pos->to_move == s->root_player;
  int stand, n;

  s->base.nodes++;
  if (AB_IS_OVER (pos))
    return ab_end_value (s, pos, ply);
  stand = ab_evaluate (s, pos) + ludo_search_noise (&s->base, pos->hash);
  if (qdepth == 0 || ply >= AB_MAX_PLY + AB_QUIESCENCE || ab_spent (s))
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

  n = ab_gen_tactical (s, pos, moves);
  for (int i = 0; i < n; i++)
    {
      AB_POS next;
      int score;

      if (!ab_make_tactical (pos, moves[i], &next))
        continue;
      score = ab_quiesce (s, &next, alpha, beta, ply + 1, qdepth - 1);
      if (ab_take (maximizing, score, &stand, &alpha, &beta))
        break;
    }
  return stand;
}

static int
ab_search (AB_SEARCH    *s,
           const AB_POS *pos,
           int           depth,
           int           alpha,
           int           beta,
           int           ply,
           AB_MOVE      *pv,
           int          *pv_length)
{
  AB_MOVE *moves = s->moves[ply];
  AB_MOVE tt_move = 0, best_move = 0;
  AB_MOVE child_pv[AB_PV_MAX];
  bool maximizing = pos->to_move == s->root_player;
  int alpha0 = alpha, beta0 = beta;
  int best, n, score;
  LudoTTEntry *e;

  *pv_length = 0;
  if (AB_IS_OVER (pos))
    return ab_end_value (s, pos, ply);
  if (ply > 0 && ab_repeated (s, pos, ply, &score))
    return score;
  if (depth <= 0 || ply >= AB_MAX_PLY - 1)
    return ab_quiesce (s, pos, alpha, beta, ply, AB_QUIESCENCE);

  s->base.nodes++;
  if (ab_spent (s))
    return 0;

  e = ludo_tt_entry (&s->base.tt, pos->hash);
  if (e->key == pos->hash)
    {
      tt_move = (AB_MOVE) e->move;
      if (ply > 0 && e->depth >= depth && ludo_tt_settles (e, e->score, alpha, beta))
        return e->score;
    }

  n = AB_GEN_MOVES (pos, moves);
  ab_order_moves (s, pos, moves, n, tt_move);
  best = maximizing ? -AB_INF : AB_INF;
  for (int i = 0; i < n; i++)
    {
      AB_POS next = *pos;
      int child_len;

      if (ply == 0 && s->base.exclude && moves[i] == s->base.exclude)
        continue;
      AB_MAKE (&next, moves[i]);
      s->path[s->path_len++] = next.hash;
      score = ab_search (s, &next, depth - 1, alpha, beta, ply + 1, child_pv, &child_len);
      s->path_len--;
      if (s->base.stopped)
        return best == -AB_INF || best == AB_INF ? 0 : best;

      if (maximizing ? score > best : score < best)
        {
          best_move = moves[i];
          pv[0] = moves[i];
          memcpy (pv + 1, child_pv, sizeof (AB_MOVE) * (size_t) AB_MIN (child_len, AB_PV_MAX - 2));
          *pv_length = 1 + AB_MIN (child_len, AB_PV_MAX - 2);
        }
      if (ab_take (maximizing, score, &best, &alpha, &beta))
        {
          *ab_history (s, moves[i]) += depth * depth;
          break;
        }
    }

  ludo_tt_store (e, pos->hash, best_move, best, depth,
                 best <= alpha0 ? LUDO_TT_UPPER : best >= beta0 ? LUDO_TT_LOWER : LUDO_TT_EXACT);
  return best;
}

static int
ab_root (AB_SEARCH    *s,
         const AB_POS *root,
         int           depth,
         AB_MOVE      *pv,
         int          *pv_length)
{
  return ab_search (s, root, depth, -AB_INF, AB_INF, 0, pv, pv_length);
}

#else

/* One iteration of the engine's own search from the root. */
static int ab_root (AB_SEARCH *s, const AB_POS *root, int depth, AB_MOVE *pv, int *pv_length);

#endif

/* Searches root, whose n moves are root_moves, after the game's positions
 * history (oldest first; for repetitions), and fills result. */
static void
ab_run (AB_SEARCH              *s,
        const AB_POS           *root,
        const uint64_t         *history,
        int                     n_history,
        const LudoSearchLimits *limits,
        const AB_MOVE          *root_moves,
        int                     n,
        LudoSearchResult       *result)
{
  bool table = ludo_search_begin (&s->base, limits, AB_TT_BITS);

  memset (result, 0, sizeof *result);
#ifdef AB_PARANOID
  s->root_player = s->base.evaluating ? s->base.seat : root->to_move;
#endif
  if (n_history > 0)
    memcpy (s->path, history, sizeof (uint64_t) * (size_t) n_history);
  s->path_len = n_history;
  s->path[s->path_len++] = root->hash;

  /* the first move searched, till a search says better */
  for (int i = 0; i < n && result->best == 0; i++)
    if (root_moves[i] != s->base.exclude || s->base.exclude == 0)
      result->best = root_moves[i];
  /* one move is played without a search, but valued in an evaluation */
  for (int depth = 1; table && result->best && (n > 1 || s->base.evaluating) && depth <= limits->max_depth; depth++)
    {
      AB_MOVE pv[AB_PV_MAX];
      int pv_length, score;

      s->base.iteration = depth;
      score = ab_root (s, root, depth, pv, &pv_length);
      if (s->base.stopped && depth > 1)
        break;
      if (pv_length > 0)
        {
          result->best = pv[0];
          result->score = score;
          result->depth = depth;
          for (int i = 0; i < pv_length; i++)
            result->pv[i] = pv[i];
          result->pv_length = pv_length;
        }
      if (s->base.stopped || score >= AB_DECIDED || score <= -AB_DECIDED)
        break;
      if (AB_TIME_GUARD && limits->max_ms && ludo_search_elapsed_ms (&s->base) * AB_TIME_GUARD > limits->max_ms)
        break;
    }
  result->nodes = s->base.nodes;
  result->ms = ludo_search_elapsed_ms (&s->base);
  ludo_search_end (&s->base);
}

/* Sets s up for an evaluation of the position for seat, without the root
 * move exclude (0: none), before ab_run (). */
static inline void
ab_evaluating (AB_SEARCH *s,
               int        seat,
               uint32_t   exclude)
{
  s->base.evaluating = true;
  s->base.seat = seat;
  s->base.exclude = exclude;
}

#ifdef AB_PARANOID

/* Searches a game: its position pos and the hashes of the positions
 * before, history[0 … n_history - 1]. */
/* … or evaluates it for seat (-1: a search for the player to move's move)
 * without the root move exclude (0: none); result->best is 0 if no move is
 * left to search. */
static void
ab_evaluate_game (const AB_GAME          *game,
                  const LudoSearchLimits *limits,
                  int                     seat,
                  AB_MOVE                 exclude,
                  LudoSearchResult       *result)
{
  AB_SEARCH *s = calloc (1, sizeof *s);
  int n;

  memset (result, 0, sizeof *result);
  if (s == NULL)
    return;
  if (seat >= 0)
    ab_evaluating (s, seat, exclude);
  n = AB_GEN_MOVES (&game->pos, s->moves[0]);
  ab_run (s, &game->pos, game->history, game->n_history, limits, s->moves[0], n, result);
  free (s);
}

static void
ab_search_game (const AB_GAME          *game,
                const LudoSearchLimits *limits,
                LudoSearchResult       *result)
{
  ab_evaluate_game (game, limits, -1, 0, result);
}

#endif
