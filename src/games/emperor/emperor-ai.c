/* emperor-ai.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "emperor-ai.h"

#include <stdlib.h>
#include <string.h>

#define MAX_PLY      64
#define INF          AB_INF

#ifndef MIN
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#endif

typedef struct {
  LudoSearch   base;
  EmperorMove  killers[MAX_PLY][2];
  int          history[EMP_SQUARES][EMP_SQUARES];
  uint64_t     path[MAX_PLY + 256];   /* hashes: the game's, then the search's */
  int          path_len;
} Search;

/* Negamax: the search below is Emperor Chess's own (ab_root ()); the
 * template gives the table, the budgets and iterative deepening. */
#define AB_SEARCH      Search
#define AB_POS         EmperorPos
#define AB_MOVE        EmperorMove
#define AB_PV_MAX      32
#define AB_TT_BITS     20
#define AB_CHECK_MASK  4095
#define AB_FIRST_ENDS  0
#define AB_DECIDED     (EMP_SCORE_MATE - 199)   /* a mate is not made surer by searching deeper */
#define AB_TIME_GUARD  3
#include "core/ludo-alphabeta.h"

/* ------------------------------------------------------------------------ */
/* Evaluation                                                                */

static const int piece_value[8] = { 0, 100, 310, 330, 500, 950, 320, 0 };

/* distance of a square to the nearest castle square (Chebyshev) */
static int
castle_distance (int sq)
{
  int f = EMP_FILE (sq), r = EMP_RANK (sq);
  int df = f < 4 ? 4 - f : f > 5 ? f - 5 : 0;
  int dr = r < 4 ? 4 - r : r > 5 ? r - 5 : 0;

  return df > dr ? df : dr;
}

static int
centre_bonus (int sq)
{
  int f = EMP_FILE (sq), r = EMP_RANK (sq);
  int df = f < 5 ? 4 - f : f - 5;
  int dr = r < 5 ? 4 - r : r - 5;

  return 8 - df - dr;   /* 8 in the middle … 0 in a corner */
}

static int
mobility (const uint8_t *b,
          int            sq,
          int            type,
          int            color)
{
  static const int df[8] = { 0, 0, 1, -1, 1, -1, -1, 1 };
  static const int dr[8] = { 1, -1, 0, 0, 1, -1, 1, -1 };
  int f = EMP_FILE (sq), r = EMP_RANK (sq), n = 0;
  int first = type == EMP_BISHOP ? 4 : 0, last = type == EMP_ROOK ? 3 : 7;

  for (int d = first; d <= last; d++)
    for (int nf = f + df[d], nr = r + dr[d]; nf >= 0 && nf < 10 && nr >= 0 && nr < 10; nf += df[d], nr += dr[d])
      {
        uint8_t p = b[EMP_SQ (nf, nr)];
        if (p && EMP_COLOR (p) == color)
          break;
        n++;
        if (p)
          break;
      }
  return n;
}

/* White's view; the caller turns it to the side to move. */
static int
evaluate_white (const EmperorPos *pos)
{
  const uint8_t *b = pos->board;
  int score[2] = { 0, 0 };
  int officers[2] = { 0, 0 };
  int material[2] = { 0, 0 };
  int near_castle[2] = { 0, 0 };
  int on_castle[2] = { 0, 0 }, on_fort[2] = { 0, 0 };

  for (int sq = 0; sq < EMP_SQUARES; sq++)
    {
      uint8_t p = b[sq];
      int c, t;

      if (!p)
        continue;
      c = EMP_COLOR (p);
      t = EMP_TYPE (p);
      score[c] += piece_value[t];
      if (t != EMP_PAWN && t != EMP_KING)
        {
          officers[c]++;
          material[c] += piece_value[t];
          if (castle_distance (sq) <= 2)
            near_castle[c]++;
        }
      if (emperor_is_castle (sq) && t != EMP_KING)
        on_castle[c]++;
      if (emperor_is_fort (sq))
        on_fort[c]++;

      switch (t)
        {
        case EMP_PAWN:
          {
            int advance = c == EMP_WHITE ? EMP_RANK (sq) - 1 : 8 - EMP_RANK (sq);
            int f = EMP_FILE (sq);
            score[c] += advance * advance * 2 + (f >= 3 && f <= 6 ? advance * 3 : 0);
          }
          break;
        case EMP_KNIGHT:
          score[c] += centre_bonus (sq) * 4;
          break;
        case EMP_GENERAL:
          score[c] += centre_bonus (sq) * 3;
          break;
        case EMP_BISHOP:
        case EMP_ROOK:
        case EMP_QUEEN:
          score[c] += mobility (b, sq, t, c) * (t == EMP_QUEEN ? 1 : 3);
          break;
        default:
          break;
        }
    }

  for (int c = 0; c < 2; c++)
    {
      int king = pos->king[c];
      bool emperor = emperor_is_castle (king);
      int total = material[0] + material[1];

      if (pos->claimant == c)
        {
          /* the claimant wants its king in the castle, the more so as the
           * board empties and the clock runs down */
          if (emperor)
            {
              int enemies = on_castle[!c] + on_fort[!c];
              score[c] += enemies == 0 ? 320 : 120;
              score[c] += on_castle[c] * 90;     /* three officers in the castle win */
              score[c] -= enemies * 60;
            }
          else
            {
              int dist = castle_distance (king);
              int weight = total < 3000 ? 14 : 6;
              score[c] += (8 - dist) * weight;
              score[c] += near_castle[c] * 8;
              if (pos->claim_left < 12 && officers[c] < 4)
                score[c] -= (12 - pos->claim_left) * (4 - officers[c]) * 6;
            }
          score[c] += on_fort[c] * 20;
        }
      else
        {
          /* the other side keeps a foot in the castle and the forts: an
           * enemy piece there spoils the emperor's immunity */
          score[c] += (on_castle[c] + on_fort[c]) * 25;
          if (!emperor)
            {
              /* a king in the open middle game is a target */
              int home = c == EMP_WHITE ? EMP_RANK (king) : 9 - EMP_RANK (king);
              if (total > 3000)
                score[c] -= home * 8;
            }
        }
    }

  return score[EMP_WHITE] - score[EMP_BLACK];
}

int
emperor_evaluate (const EmperorPos *pos)
{
  int white = evaluate_white (pos);

  return pos->side == EMP_WHITE ? white : -white;
}

static int
evaluate (Search           *s,
          const EmperorPos *pos)
{
  int score = emperor_evaluate (pos) + 10;   /* the move is worth something */

  if (s->base.limits->noise)
    {
      /* the same position gets the same noise within a search */
      uint64_t x = pos->hash ^ s->base.noise_seed;
      x ^= x >> 33;
      x *= 0xFF51AFD7ED558CCDull;
      x ^= x >> 33;
      score += (int) (x % (uint64_t) (2 * s->base.limits->noise + 1)) - s->base.limits->noise;
    }
  return score;
}

/* ------------------------------------------------------------------------ */
/* Search                                                                    */

static bool
is_capture (const EmperorPos *pos,
            EmperorMove       m)
{
  return pos->board[EMP_MOVE_TO (m)] || (EMP_MOVE_FLAGS (m) & EMP_FLAG_EP);
}

static int
move_order_score (Search           *s,
                  const EmperorPos *pos,
                  EmperorMove       m,
                  EmperorMove       tt_move,
                  int               ply)
{
  int to = EMP_MOVE_TO (m), from = EMP_MOVE_FROM (m);

  if (m == tt_move)
    return 1 << 30;
  if (is_capture (pos, m))
    {
      int victim = pos->board[to] ? piece_value[EMP_TYPE (pos->board[to])] : 100;
      int attacker = piece_value[EMP_TYPE (pos->board[from])];
      return (1 << 28) + victim * 16 - attacker / 16;
    }
  if (EMP_MOVE_PROMO (m))
    return (1 << 27) + piece_value[EMP_MOVE_PROMO (m)];
  if (ply < MAX_PLY && (m == s->killers[ply][0] || m == s->killers[ply][1]))
    return 1 << 26;
  return s->history[from][to];
}

static void
sort_moves (Search           *s,
            const EmperorPos *pos,
            EmperorMove      *moves,
            int               n,
            EmperorMove       tt_move,
            int               ply,
            int              *scores)
{
  for (int i = 0; i < n; i++)
    scores[i] = move_order_score (s, pos, moves[i], tt_move, ply);
}

/* picks the best remaining move to the front: cheaper than sorting all,
 * since most nodes cut off early */
static void
pick (EmperorMove *moves,
      int         *scores,
      int          n,
      int          i)
{
  int best = i;

  for (int j = i + 1; j < n; j++)
    if (scores[j] > scores[best])
      best = j;
  if (best != i)
    {
      EmperorMove m = moves[i];
      int sc = scores[i];
      moves[i] = moves[best];
      scores[i] = scores[best];
      moves[best] = m;
      scores[best] = sc;
    }
}

static bool
repeated (const Search *s,
          uint64_t      hash,
          int           halfmove)
{
  /* only positions since the last irreversible move can repeat, with the
   * same side to move, four plies back at the nearest */
  int stop = s->path_len - 1 - halfmove;

  for (int i = s->path_len - 5; i >= 0 && i >= stop; i -= 2)
    if (s->path[i] == hash)
      return true;
  return false;
}

/* The score of a position where the game is over, or INF + 1 if it is not
 * decided by the rules alone (checkmate and stalemate need the moves). */
static int
terminal_score (const EmperorPos *pos,
                int               ply)
{
  if (pos->end == EMP_END_CASTLE)
    return pos->winner == pos->side ? EMP_SCORE_MATE - ply : -(EMP_SCORE_MATE - ply);
  if (pos->end == EMP_END_CLAIMS_FAILED)
    return 0;
  if (pos->halfmove >= 100)
    return 0;
  return INF + 1;
}

static int
quiesce (Search           *s,
         const EmperorPos *pos,
         int               alpha,
         int               beta,
         int               ply)
{
  EmperorMove moves[EMP_MAX_MOVES];
  int scores[EMP_MAX_MOVES];
  int n, stand, t;
  bool in_check;

  s->base.nodes++;
  if (ab_spent (s))
    return 0;
  t = terminal_score (pos, ply);
  if (t <= INF)
    return t;

  n = emperor_gen_legal (pos, moves);
  in_check = emperor_in_check (pos);
  if (n == 0)
    return in_check ? -(EMP_SCORE_MATE - ply) : 0;
  if (ply >= MAX_PLY - 1)
    return evaluate (s, pos);

  stand = evaluate (s, pos);
  if (!in_check)
    {
      if (stand >= beta)
        return stand;
      if (stand > alpha)
        alpha = stand;
    }

  /* captures and promotions; every move when in check */
  int k = 0;
  for (int i = 0; i < n; i++)
    if (in_check || is_capture (pos, moves[i]) || EMP_MOVE_PROMO (moves[i]) == EMP_QUEEN)
      moves[k++] = moves[i];
  n = k;
  sort_moves (s, pos, moves, n, EMP_MOVE_NONE, MAX_PLY - 1, scores);
  for (int i = 0; i < n; i++)
    {
      EmperorPos next = *pos;
      int score;

      pick (moves, scores, n, i);
      emperor_make (&next, moves[i]);
      score = -quiesce (s, &next, -beta, -alpha, ply + 1);
      if (s->base.stopped)
        return 0;
      if (score >= beta)
        return score;
      if (score > alpha)
        alpha = score;
    }
  return alpha;
}

static int
search (Search           *s,
        const EmperorPos *pos,
        int               depth,
        int               alpha,
        int               beta,
        int               ply,
        bool              null_ok,
        EmperorMove      *pv,
        int              *pv_length)
{
  EmperorMove moves[EMP_MAX_MOVES];
  int scores[EMP_MAX_MOVES];
  EmperorMove child_pv[32];
  int child_pv_length = 0;
  EmperorMove tt_move = EMP_MOVE_NONE, best_move = EMP_MOVE_NONE;
  LudoTTEntry *entry;
  int n, best = -INF, alpha0 = alpha, t;
  bool in_check, pv_node = beta - alpha > 1;

  *pv_length = 0;
  t = terminal_score (pos, ply);
  if (t <= INF)
    return t;
  if (ply > 0 && repeated (s, pos->hash, pos->halfmove))
    return 0;
  if (depth <= 0)
    return quiesce (s, pos, alpha, beta, ply);

  s->base.nodes++;
  if (ab_spent (s))
    return 0;

  /* mate distance: no score here can beat a mate already found nearer */
  alpha = alpha > -(EMP_SCORE_MATE - ply) ? alpha : -(EMP_SCORE_MATE - ply);
  beta = beta < EMP_SCORE_MATE - ply - 1 ? beta : EMP_SCORE_MATE - ply - 1;
  if (alpha >= beta)
    return alpha;

  entry = ludo_tt_entry (&s->base.tt, pos->hash);
  if (entry->key == pos->hash)
    {
      tt_move = entry->move;
      if (!pv_node && entry->depth >= depth && ply > 0)
        {
          int sc = entry->score;
          if (sc > EMP_SCORE_MATE - 200) sc -= ply;
          if (sc < -(EMP_SCORE_MATE - 200)) sc += ply;
          if (ludo_tt_settles (entry, sc, alpha, beta))
            return sc;
        }
    }

  n = emperor_gen_legal (pos, moves);
  in_check = emperor_in_check (pos);
  if (n == 0)
    return in_check ? -(EMP_SCORE_MATE - ply) : 0;

  /* null move: if passing still holds beta, the position is good enough.
   * Not in check, not near the end where zugzwang rules. */
  if (null_ok && !pv_node && !in_check && depth >= 3 && ply > 0 &&
      emperor_officers (pos, pos->side) >= 2 && evaluate (s, pos) >= beta)
    {
      EmperorPos next = *pos;
      int score, r = depth >= 6 ? 3 : 2;
      int dummy;
      EmperorMove dummy_pv[32];

      next.side ^= 1;
      next.hash ^= 0x5bd1e995ull * 0x9E3779B97F4A7C15ull;   /* a different position */
      next.ep = EMP_NO_SQUARE;
      s->path[s->path_len++] = next.hash;
      score = -search (s, &next, depth - 1 - r, -beta, -beta + 1, ply + 1, false, dummy_pv, &dummy);
      s->path_len--;
      if (s->base.stopped)
        return 0;
      if (score >= beta && score < EMP_SCORE_MATE - 200)
        return beta;
    }

  sort_moves (s, pos, moves, n, tt_move, ply, scores);
  for (int i = 0; i < n; i++)
    {
      EmperorPos next = *pos;
      EmperorMove m;
      int score, new_depth = depth - 1;
      bool quiet;

      pick (moves, scores, n, i);
      m = moves[i];
      if (ply == 0 && s->base.exclude && m == s->base.exclude)
        continue;
      quiet = !is_capture (pos, m) && !EMP_MOVE_PROMO (m);
      emperor_make (&next, m);
      if (in_check)
        new_depth++;   /* look further when escaping checks */
      s->path[s->path_len++] = next.hash;

      if (i == 0)
        score = -search (s, &next, new_depth, -beta, -alpha, ply + 1, true, child_pv, &child_pv_length);
      else
        {
          /* late quiet moves first get a shallower look */
          int reduction = (quiet && !in_check && depth >= 3 && i >= 4) ? (i >= 12 ? 2 : 1) : 0;
          score = -search (s, &next, new_depth - reduction, -alpha - 1, -alpha, ply + 1, true,
                           child_pv, &child_pv_length);
          if (score > alpha && (reduction || score < beta))
            score = -search (s, &next, new_depth, -beta, -alpha, ply + 1, true, child_pv, &child_pv_length);
        }
      s->path_len--;
      if (s->base.stopped)
        return 0;

      if (score > best)
        {
          best = score;
          best_move = m;
          if (score > alpha)
            {
              alpha = score;
              pv[0] = m;
              for (int j = 0; j < child_pv_length && j < 30; j++)
                pv[j + 1] = child_pv[j];
              *pv_length = MIN (child_pv_length + 1, 31);
            }
        }
      if (alpha >= beta)
        {
          if (quiet && ply < MAX_PLY)
            {
              if (s->killers[ply][0] != m)
                {
                  s->killers[ply][1] = s->killers[ply][0];
                  s->killers[ply][0] = m;
                }
              s->history[EMP_MOVE_FROM (m)][EMP_MOVE_TO (m)] += depth * depth;
              if (s->history[EMP_MOVE_FROM (m)][EMP_MOVE_TO (m)] > (1 << 20))
                for (int a = 0; a < EMP_SQUARES; a++)
                  for (int b = 0; b < EMP_SQUARES; b++)
                    s->history[a][b] /= 2;
            }
          break;
        }
    }

  {
    int sc = best;
    if (sc > EMP_SCORE_MATE - 200) sc += ply;
    if (sc < -(EMP_SCORE_MATE - 200)) sc -= ply;
    ludo_tt_store (entry, pos->hash, best_move, sc, depth,
                   best >= beta ? LUDO_TT_LOWER : best > alpha0 ? LUDO_TT_EXACT : LUDO_TT_UPPER);
  }
  return best;
}

void
emperor_level_limits (int            level,
                      EmperorLimits *limits)
{
  memset (limits, 0, sizeof *limits);
  switch (level)
    {
    case 0:
      limits->max_depth = 2;
      limits->max_nodes = 30000;
      limits->max_ms = 1000;
      limits->noise = 70;
      break;
    case 1:
      limits->max_depth = 5;
      limits->max_nodes = 600000;
      limits->max_ms = 2000;
      break;
    default:
      limits->max_depth = 40;
      limits->max_nodes = 0;
      limits->max_ms = 5000;
      break;
    }
}

static int
ab_root (Search           *s,
         const EmperorPos *root,
         int               depth,
         EmperorMove      *pv,
         int              *pv_length)
{
  return search (s, root, depth, -INF, INF, 0, false, pv, pv_length);
}

void
emperor_search (const EmperorPos    *root,
                const uint64_t      *history,
                int                  n_history,
                const EmperorLimits *limits,
                EmperorResult       *result)
{
  emperor_evaluate_position (root, history, n_history, limits, false, EMP_MOVE_NONE, result);
}

void
emperor_evaluate_position (const EmperorPos    *root,
                           const uint64_t      *history,
                           int                  n_history,
                           const EmperorLimits *limits,
                           bool                 evaluating,
                           EmperorMove          exclude,
                           EmperorResult       *result)
{
  Search *s = calloc (1, sizeof *s);
  EmperorMove moves[EMP_MAX_MOVES];
  int n;

  emperor_init ();
  memset (result, 0, sizeof *result);
  if (s == NULL)
    return;
  /* the game's last positions, for repetitions */
  if (n_history > 255)
    {
      history += n_history - 255;
      n_history = 255;
    }
  n = emperor_gen_legal (root, moves);
  if (evaluating)
    ab_evaluating (s, root->side, exclude);
  ab_run (s, root, history, n_history, limits, moves, n, result);
  free (s);
}
