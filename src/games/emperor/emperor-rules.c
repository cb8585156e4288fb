/* emperor-rules.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The move generator is legal by construction: it finds the checkers and
 * the pinned pieces from the king once, then only emits moves that keep the
 * king safe, so that perft can count the last ply without making moves.
 * The castle rules (RULES.md §2) act as filters on the squares e5 f5 e6 f6:
 * only the claimant's king may step there, no enemy of an emperor may land
 * there, and once a king has entered, nothing lands there (or slides there
 * across) a square the enemy attacks. An immune emperor is never in check.
 * En passant, rare and subtle, is checked by making it.
 */
#include "emperor-rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Directions: 0–3 along ranks and files, 4–7 diagonal; d and d ^ 1 are
 * opposite (N S, E W, NE SW, NW SE) */
static const int dir_file[8] = { 0, 0, 1, -1, 1, -1, -1, 1 };
static const int dir_rank[8] = { 1, -1, 0, 0, 1, -1, 1, -1 };

static uint8_t knight_n[EMP_SQUARES], knight_to[EMP_SQUARES][8];
static uint8_t king_n[EMP_SQUARES], king_to[EMP_SQUARES][8];
static uint8_t ray_n[EMP_SQUARES][8], ray_to[EMP_SQUARES][8][9];
static int8_t  dir_of[EMP_SQUARES][EMP_SQUARES];   /* direction from a to b, -1 if none */
static uint8_t is_castle[EMP_SQUARES], is_fort[EMP_SQUARES];

static uint64_t zob_piece[16][EMP_SQUARES];
static uint64_t zob_side, zob_castling[16], zob_ep[10];
static uint64_t zob_claimant[3], zob_entered, zob_failed[4];

static const uint8_t castle_squares[4] = { 44, 45, 54, 55 };   /* e5 f5 e6 f6 */
static const uint8_t fort_squares[4] = { 33, 36, 63, 66 };     /* d4 g4 d7 g7 */

static const char piece_letters[] = " pnbrqgk";

static uint64_t
splitmix (uint64_t *state)
{
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);

  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void
init_tables (void)
{
  static const int knight_df[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };
  static const int knight_dr[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };
  uint64_t seed = 0x4C55444F54454B41ull;   /* "LUDOTEKA" */

  for (int sq = 0; sq < EMP_SQUARES; sq++)
    {
      int f = EMP_FILE (sq), r = EMP_RANK (sq);

      for (int k = 0; k < 8; k++)
        {
          int nf = f + knight_df[k], nr = r + knight_dr[k];
          if (nf >= 0 && nf < 10 && nr >= 0 && nr < 10)
            knight_to[sq][knight_n[sq]++] = (uint8_t) EMP_SQ (nf, nr);
        }
      for (int d = 0; d < 8; d++)
        {
          int nf = f + dir_file[d], nr = r + dir_rank[d];
          if (nf >= 0 && nf < 10 && nr >= 0 && nr < 10)
            king_to[sq][king_n[sq]++] = (uint8_t) EMP_SQ (nf, nr);
          while (nf >= 0 && nf < 10 && nr >= 0 && nr < 10)
            {
              ray_to[sq][d][ray_n[sq][d]++] = (uint8_t) EMP_SQ (nf, nr);
              nf += dir_file[d];
              nr += dir_rank[d];
            }
        }
      for (int to = 0; to < EMP_SQUARES; to++)
        dir_of[sq][to] = -1;
    }
  for (int sq = 0; sq < EMP_SQUARES; sq++)
    for (int d = 0; d < 8; d++)
      for (int i = 0; i < ray_n[sq][d]; i++)
        dir_of[sq][ray_to[sq][d][i]] = (int8_t) d;

  for (int i = 0; i < 4; i++)
    {
      is_castle[castle_squares[i]] = 1;
      is_fort[fort_squares[i]] = 1;
    }

  for (int p = 0; p < 16; p++)
    for (int sq = 0; sq < EMP_SQUARES; sq++)
      zob_piece[p][sq] = splitmix (&seed);
  zob_side = splitmix (&seed);
  for (int i = 0; i < 16; i++)
    zob_castling[i] = splitmix (&seed);
  for (int i = 0; i < 10; i++)
    zob_ep[i] = splitmix (&seed);
  for (int i = 0; i < 3; i++)
    zob_claimant[i] = splitmix (&seed);
  zob_entered = splitmix (&seed);
  for (int i = 0; i < 4; i++)
    zob_failed[i] = splitmix (&seed);
}

void
emperor_init (void)
{
  static int done;

  /* idempotent and cheap; callers on several threads get the same tables */
  if (!__atomic_load_n (&done, __ATOMIC_ACQUIRE))
    {
      static int running;
      if (__atomic_exchange_n (&running, 1, __ATOMIC_ACQ_REL) == 0)
        {
          init_tables ();
          __atomic_store_n (&done, 1, __ATOMIC_RELEASE);
        }
      else
        while (!__atomic_load_n (&done, __ATOMIC_ACQUIRE))
          ;
    }
}

bool emperor_is_castle (int sq) { return sq >= 0 && sq < EMP_SQUARES && is_castle[sq]; }
bool emperor_is_fort (int sq)   { return sq >= 0 && sq < EMP_SQUARES && is_fort[sq]; }

/* ------------------------------------------------------------------------ */
/* Attacks                                                                   */

static inline bool
attacked_on (const uint8_t *b,
             int            sq,
             int            by)
{
  int f = EMP_FILE (sq), r = EMP_RANK (sq);
  uint8_t pawn = EMP_PIECE (by, EMP_PAWN);
  uint8_t knight = EMP_PIECE (by, EMP_KNIGHT);
  uint8_t king = EMP_PIECE (by, EMP_KING), general = EMP_PIECE (by, EMP_GENERAL);
  uint8_t rook = EMP_PIECE (by, EMP_ROOK), bishop = EMP_PIECE (by, EMP_BISHOP);
  uint8_t queen = EMP_PIECE (by, EMP_QUEEN);

  if (by == EMP_WHITE)
    {
      if (r > 0 && ((f > 0 && b[sq - 11] == pawn) || (f < 9 && b[sq - 9] == pawn)))
        return true;
    }
  else if (r < 9 && ((f > 0 && b[sq + 9] == pawn) || (f < 9 && b[sq + 11] == pawn)))
    return true;

  for (int i = 0; i < knight_n[sq]; i++)
    if (b[knight_to[sq][i]] == knight)
      return true;
  for (int i = 0; i < king_n[sq]; i++)
    {
      uint8_t p = b[king_to[sq][i]];
      if (p == king || p == general)
        return true;
    }
  for (int d = 0; d < 8; d++)
    {
      uint8_t slider = d < 4 ? rook : bishop;
      for (int i = 0; i < ray_n[sq][d]; i++)
        {
          uint8_t p = b[ray_to[sq][d][i]];
          if (p)
            {
              if (p == slider || p == queen)
                return true;
              break;
            }
        }
    }
  return false;
}

bool
emperor_attacked (const EmperorPos *pos,
                  int               sq,
                  int               by)
{
  return attacked_on (pos->board, sq, by);
}

/* How many pieces of by attack sq: each piece tried alone, the others of
 * its side turned into blockers of the other colour. Slow; for FENs only. */
static int
count_attackers (const uint8_t *board,
                 int            sq,
                 int            by)
{
  uint8_t b[EMP_SQUARES];
  int n = 0;

  for (int s = 0; s < EMP_SQUARES; s++)
    {
      if (!board[s] || EMP_COLOR (board[s]) != by)
        continue;
      memcpy (b, board, sizeof b);
      for (int t = 0; t < EMP_SQUARES; t++)
        if (t != s && b[t] && EMP_COLOR (b[t]) == by)
          b[t] = EMP_PIECE (!by, EMP_PAWN);
      n += attacked_on (b, sq, by);
    }
  return n;
}

bool
emperor_is_emperor (const EmperorPos *pos,
                    int               side)
{
  return is_castle[pos->king[side]];
}

static inline int
enemies_on_castle_and_forts (const EmperorPos *pos,
                             int               side)
{
  int n = 0;

  for (int i = 0; i < 4; i++)
    {
      uint8_t c = pos->board[castle_squares[i]], f = pos->board[fort_squares[i]];
      n += (c && EMP_COLOR (c) != side) + (f && EMP_COLOR (f) != side);
    }
  return n;
}

bool
emperor_is_immune (const EmperorPos *pos,
                   int               side)
{
  return emperor_is_emperor (pos, side) && enemies_on_castle_and_forts (pos, side) == 0;
}

bool
emperor_in_check (const EmperorPos *pos)
{
  int us = pos->side;

  if (emperor_is_immune (pos, us))
    return false;
  return attacked_on (pos->board, pos->king[us], !us);
}

int
emperor_officers (const EmperorPos *pos,
                  int               side)
{
  int n = 0;

  for (int sq = 0; sq < EMP_SQUARES; sq++)
    {
      uint8_t p = pos->board[sq];
      int t = EMP_TYPE (p);
      n += p && EMP_COLOR (p) == side && t != EMP_PAWN && t != EMP_KING;
    }
  return n;
}

/* ------------------------------------------------------------------------ */
/* Move generation                                                           */

typedef struct {
  const EmperorPos *pos;
  const uint8_t    *b;
  EmperorMove      *moves;
  int               n;
  int               us, them, ksq;
  int               n_checkers;
  bool              double_check;
  bool              safe;              /* our king is an immune emperor */
  bool              no_castle_landing; /* an enemy emperor stands in the castle */
  int               restore_sq;        /* capturing here makes our emperor immune again */
  int8_t            pin[EMP_SQUARES];  /* pin direction from the king, or -1 */
  uint8_t           block[EMP_SQUARES];/* squares that answer a single check */
  int8_t            castle_attacked[EMP_SQUARES]; /* lazily: -1 unknown */
} Gen;

static inline bool
square_attacked_lazy (Gen *g,
                      int  sq)
{
  if (g->castle_attacked[sq] < 0)
    g->castle_attacked[sq] = attacked_on (g->b, sq, g->them);
  return g->castle_attacked[sq];
}

/* The castle rules for a piece of ours landing on a castle square. */
static bool
castle_landing_ok (Gen *g,
                   int  from,
                   int  to,
                   bool slider)
{
  if (g->no_castle_landing)
    return false;
  if (EMP_TYPE (g->b[from]) == EMP_KING && g->pos->claimant != g->us)
    return false;
  if (g->pos->entered)
    {
      if (square_attacked_lazy (g, to))
        return false;
      if (slider)
        {
          int d = dir_of[from][to];
          for (int i = 0; i < ray_n[from][d]; i++)
            {
              int s = ray_to[from][d][i];
              if (s == to)
                break;
              if (square_attacked_lazy (g, s))
                return false;
            }
        }
    }
  return true;
}

static inline void
emit (Gen *g,
      int  from,
      int  to,
      int  promo,
      int  flags)
{
  g->moves[g->n++] = EMP_MOVE (from, to, promo, flags);
}

/* A move of a piece other than the king, to a square it can reach. */
static inline void
try_move (Gen *g,
          int  from,
          int  to,
          bool slider)
{
  if (!g->safe && to != g->restore_sq)
    {
      if (g->double_check)
        return;
      if (g->pin[from] >= 0 && dir_of[g->ksq][to] != g->pin[from])
        return;
      if (g->n_checkers && !g->block[to])
        return;
    }
  if (is_castle[to] && !castle_landing_ok (g, from, to, slider))
    return;
  emit (g, from, to, 0, 0);
}

static void
try_pawn_move (Gen *g,
               int  from,
               int  to,
               int  flags)
{
  int last = g->us == EMP_WHITE ? 9 : 0;

  if (!g->safe && to != g->restore_sq)
    {
      if (g->double_check)
        return;
      if (g->pin[from] >= 0 && dir_of[g->ksq][to] != g->pin[from])
        return;
      if (g->n_checkers && !g->block[to])
        return;
    }
  if (is_castle[to] && !castle_landing_ok (g, from, to, false))
    return;
  if (EMP_RANK (to) == last)
    {
      emit (g, from, to, EMP_QUEEN, flags);
      emit (g, from, to, EMP_ROOK, flags);
      emit (g, from, to, EMP_BISHOP, flags);
      emit (g, from, to, EMP_KNIGHT, flags);
      emit (g, from, to, EMP_GENERAL, flags);
    }
  else
    emit (g, from, to, 0, flags);
}

/* Is our king safe after a move? The slow way: make it and look. */
static bool
safe_after (const EmperorPos *pos,
            EmperorMove       move)
{
  EmperorPos next = *pos;
  int us = pos->side;

  emperor_make (&next, move);
  if (emperor_is_immune (&next, us))
    return true;
  return !attacked_on (next.board, next.king[us], !us);
}

static void
find_checks_and_pins (Gen *g)
{
  const uint8_t *b = g->b;
  int k = g->ksq, them = g->them;
  uint8_t rook = EMP_PIECE (them, EMP_ROOK), bishop = EMP_PIECE (them, EMP_BISHOP);
  uint8_t queen = EMP_PIECE (them, EMP_QUEEN), knight = EMP_PIECE (them, EMP_KNIGHT);
  uint8_t pawn = EMP_PIECE (them, EMP_PAWN), general = EMP_PIECE (them, EMP_GENERAL);
  int f = EMP_FILE (k), r = EMP_RANK (k);

  /* leapers */
  for (int i = 0; i < knight_n[k]; i++)
    if (b[knight_to[k][i]] == knight)
      {
        g->n_checkers++;
        g->block[knight_to[k][i]] = 1;
      }
  /* a general gives check from next door — and so does an emperor, who may
   * step up to the enemy king because attacks on him do not count */
  for (int i = 0; i < king_n[k]; i++)
    if (b[king_to[k][i]] == general || b[king_to[k][i]] == EMP_PIECE (them, EMP_KING))
      {
        g->n_checkers++;
        g->block[king_to[k][i]] = 1;
      }
  {
    int dr = them == EMP_BLACK ? 1 : -1;   /* an enemy pawn attacks from in front of us */
    int pr = r + dr;
    if (pr >= 0 && pr < 10)
      {
        if (f > 0 && b[EMP_SQ (f - 1, pr)] == pawn)
          {
            g->n_checkers++;
            g->block[EMP_SQ (f - 1, pr)] = 1;
          }
        if (f < 9 && b[EMP_SQ (f + 1, pr)] == pawn)
          {
            g->n_checkers++;
            g->block[EMP_SQ (f + 1, pr)] = 1;
          }
      }
  }

  /* sliders: checks along the rays, and the pieces pinned on them */
  for (int d = 0; d < 8; d++)
    {
      uint8_t slider = d < 4 ? rook : bishop;
      int own = -1;

      for (int i = 0; i < ray_n[k][d]; i++)
        {
          int s = ray_to[k][d][i];
          uint8_t p = b[s];

          if (!p)
            continue;
          if (EMP_COLOR (p) == g->us)
            {
              if (own >= 0)
                break;
              own = s;
              continue;
            }
          if (p == slider || p == queen)
            {
              if (own >= 0)
                g->pin[own] = (int8_t) d;
              else
                {
                  g->n_checkers++;
                  for (int j = 0; j <= i; j++)
                    g->block[ray_to[k][d][j]] = 1;
                }
            }
          break;
        }
    }
}

static void
gen_king (Gen *g)
{
  const EmperorPos *pos = g->pos;
  const uint8_t *b = g->b;
  int k = g->ksq, us = g->us, them = g->them;
  uint8_t board[EMP_SQUARES];
  int enemies_cf = -1;

  /* attacks on the king's targets are seen with the king gone */
  memcpy (board, b, sizeof board);
  board[k] = EMP_EMPTY;

  for (int i = 0; i < king_n[k]; i++)
    {
      int to = king_to[k][i];
      uint8_t p = b[to];

      if (p && EMP_COLOR (p) == us)
        continue;
      if (is_castle[to])
        {
          if (!castle_landing_ok (g, k, to, false))
            continue;
          /* an emperor with no enemy on the castle or the forts is immune */
          if (enemies_cf < 0)
            enemies_cf = enemies_on_castle_and_forts (pos, us);
          if (enemies_cf - (p && (is_castle[to] || is_fort[to])) == 0)
            {
              emit (g, k, to, 0, 0);
              continue;
            }
        }
      if (!attacked_on (board, to, them))
        emit (g, k, to, 0, 0);
    }

  /* castling: king and rook unmoved, the squares between them empty, the
   * king not in check and crossing no attacked square */
  if (g->n_checkers == 0 && !g->safe)
    {
      int home = us == EMP_WHITE ? 0 : 90;
      int rights = us == EMP_WHITE ? pos->castling : pos->castling >> 2;

      if (k == home + 6)
        {
          if ((rights & EMP_CASTLE_WK) && b[home + 9] == EMP_PIECE (us, EMP_ROOK) &&
              !b[home + 7] && !b[home + 8] &&
              !attacked_on (b, home + 7, them) && !attacked_on (b, home + 8, them))
            emit (g, k, home + 8, 0, EMP_FLAG_CASTLE);
          if ((rights & EMP_CASTLE_WQ) && b[home] == EMP_PIECE (us, EMP_ROOK) &&
              !b[home + 1] && !b[home + 2] && !b[home + 3] && !b[home + 4] && !b[home + 5] &&
              !attacked_on (b, home + 5, them) && !attacked_on (b, home + 4, them) &&
              !attacked_on (b, home + 3, them) && !attacked_on (b, home + 2, them))
            emit (g, k, home + 2, 0, EMP_FLAG_CASTLE);
        }
    }
}

static void
gen_sliders (Gen *g,
             int  from,
             int  first_dir,
             int  last_dir)
{
  const uint8_t *b = g->b;

  for (int d = first_dir; d <= last_dir; d++)
    {
      /* a pinned piece moves only along its pin (unless some capture
       * makes our emperor immune again: try_move knows) */
      if (!g->safe && g->restore_sq < 0 && g->pin[from] >= 0 && (g->pin[from] >> 1) != (d >> 1))
        continue;
      if (!g->safe && g->double_check && g->restore_sq < 0)
        return;
      for (int i = 0; i < ray_n[from][d]; i++)
        {
          int to = ray_to[from][d][i];
          uint8_t p = b[to];

          if (p && EMP_COLOR (p) == g->us)
            break;
          try_move (g, from, to, true);
          if (p)
            break;
        }
    }
}

static void
gen_pawn (Gen *g,
          int  from)
{
  const EmperorPos *pos = g->pos;
  const uint8_t *b = g->b;
  int us = g->us;
  int step = us == EMP_WHITE ? 10 : -10;
  int f = EMP_FILE (from), r = EMP_RANK (from);
  int start = us == EMP_WHITE ? 1 : 8;
  int to = from + step;

  if (!b[to])
    {
      try_pawn_move (g, from, to, 0);
      if (r == start && !b[to + step])
        try_pawn_move (g, from, to + step, EMP_FLAG_DOUBLE);
    }
  for (int side = -1; side <= 1; side += 2)
    {
      int tf = f + side;
      int cap;

      if (tf < 0 || tf > 9)
        continue;
      cap = to + side;
      if (b[cap] && EMP_COLOR (b[cap]) == g->them)
        try_pawn_move (g, from, cap, 0);
      else if (cap == pos->ep)
        {
          EmperorMove m = EMP_MOVE (from, cap, 0, EMP_FLAG_EP);
          if (!(is_castle[cap] && !castle_landing_ok (g, from, cap, false)) && safe_after (pos, m))
            g->moves[g->n++] = m;
        }
    }
}

int
emperor_gen_legal (const EmperorPos *pos,
                   EmperorMove      *moves)
{
  Gen g;

  if (pos->end == EMP_END_CASTLE || pos->end == EMP_END_CLAIMS_FAILED)
    return 0;

  g.pos = pos;
  g.b = pos->board;
  g.moves = moves;
  g.n = 0;
  g.us = pos->side;
  g.them = !pos->side;
  g.ksq = pos->king[g.us];
  g.n_checkers = 0;
  g.double_check = false;
  g.restore_sq = -1;
  g.no_castle_landing = is_castle[pos->king[g.them]];
  memset (g.castle_attacked, -1, sizeof g.castle_attacked);

  g.safe = false;
  if (is_castle[g.ksq])
    {
      int n = enemies_on_castle_and_forts (pos, g.us);
      if (n == 0)
        g.safe = true;
      else if (n == 1)
        for (int i = 0; i < 4; i++)
          {
            uint8_t c = pos->board[castle_squares[i]], f = pos->board[fort_squares[i]];
            if (c && EMP_COLOR (c) == g.them)
              g.restore_sq = castle_squares[i];
            if (f && EMP_COLOR (f) == g.them)
              g.restore_sq = fort_squares[i];
          }
    }

  if (!g.safe)
    {
      memset (g.pin, -1, sizeof g.pin);
      memset (g.block, 0, sizeof g.block);
      find_checks_and_pins (&g);
    }

  gen_king (&g);
  /* in double check only the king moves — or a capture that makes our
   * emperor immune again */
  g.double_check = !g.safe && g.n_checkers > 1;
  if (g.double_check && g.restore_sq < 0)
    return g.n;

  for (int sq = 0; sq < EMP_SQUARES; sq++)
    {
      uint8_t p = g.b[sq];

      if (!p || EMP_COLOR (p) != g.us)
        continue;
      switch (EMP_TYPE (p))
        {
        case EMP_PAWN:
          gen_pawn (&g, sq);
          break;
        case EMP_KNIGHT:
          if (!g.safe && g.restore_sq < 0 && g.pin[sq] >= 0)
            break;   /* a pinned knight cannot move */
          for (int i = 0; i < knight_n[sq]; i++)
            {
              int to = knight_to[sq][i];
              uint8_t q = g.b[to];
              if (!q || EMP_COLOR (q) != g.us)
                try_move (&g, sq, to, false);
            }
          break;
        case EMP_GENERAL:
          for (int i = 0; i < king_n[sq]; i++)
            {
              int to = king_to[sq][i];
              uint8_t q = g.b[to];
              if (!q || EMP_COLOR (q) != g.us)
                try_move (&g, sq, to, false);
            }
          break;
        case EMP_BISHOP:
          gen_sliders (&g, sq, 4, 7);
          break;
        case EMP_ROOK:
          gen_sliders (&g, sq, 0, 3);
          break;
        case EMP_QUEEN:
          gen_sliders (&g, sq, 0, 7);
          break;
        default:
          break;
        }
    }
  return g.n;
}

/* ------------------------------------------------------------------------ */
/* Making moves                                                              */

static inline void
put (EmperorPos *pos,
     int         sq,
     uint8_t     piece)
{
  pos->board[sq] = piece;
  pos->hash ^= zob_piece[piece][sq];
}

static inline void
lift (EmperorPos *pos,
      int         sq)
{
  pos->hash ^= zob_piece[pos->board[sq]][sq];
  pos->board[sq] = EMP_EMPTY;
}

static uint64_t
castle_state_hash (const EmperorPos *pos)
{
  return zob_claimant[pos->claimant + 1] ^ (pos->entered ? zob_entered : 0) ^ zob_failed[pos->failed & 3];
}

static bool
holds_castle (const EmperorPos *pos,
              int               side)
{
  int officers = 0;

  if (!is_castle[pos->king[side]])
    return false;
  for (int i = 0; i < 4; i++)
    {
      uint8_t p = pos->board[castle_squares[i]];
      uint8_t f = pos->board[fort_squares[i]];
      if (!p || EMP_COLOR (p) != side)
        return false;
      if (EMP_TYPE (p) != EMP_PAWN && EMP_TYPE (p) != EMP_KING)
        officers++;
      if (f && EMP_COLOR (f) != side)
        return false;
    }
  return officers == 3;
}

void
emperor_make (EmperorPos  *pos,
              EmperorMove  move)
{
  int from = EMP_MOVE_FROM (move), to = EMP_MOVE_TO (move);
  int promo = EMP_MOVE_PROMO (move), flags = EMP_MOVE_FLAGS (move);
  int us = pos->side, them = !us;
  uint8_t piece = pos->board[from];
  uint8_t captured = pos->board[to];
  int type = EMP_TYPE (piece);
  bool was_emperor = type == EMP_KING && is_castle[from];

  pos->hash ^= zob_castling[pos->castling] ^ castle_state_hash (pos);
  if (pos->ep != EMP_NO_SQUARE)
    pos->hash ^= zob_ep[EMP_FILE (pos->ep)];

  if (captured)
    lift (pos, to);
  if (flags & EMP_FLAG_EP)
    {
      lift (pos, to - (us == EMP_WHITE ? 10 : -10));
      captured = EMP_PIECE (them, EMP_PAWN);
    }
  lift (pos, from);
  put (pos, to, promo ? EMP_PIECE (us, promo) : piece);

  if (flags & EMP_FLAG_CASTLE)
    {
      int home = us == EMP_WHITE ? 0 : 90;
      if (to == home + 8)
        {
          lift (pos, home + 9);
          put (pos, home + 7, EMP_PIECE (us, EMP_ROOK));
        }
      else
        {
          lift (pos, home);
          put (pos, home + 3, EMP_PIECE (us, EMP_ROOK));
        }
    }
  if (type == EMP_KING)
    pos->king[us] = (uint8_t) to;

  /* castling rights go with the king and rooks that move or are taken */
  if (from == 6 || to == 6) pos->castling &= ~(EMP_CASTLE_WK | EMP_CASTLE_WQ);
  if (from == 96 || to == 96) pos->castling &= ~(EMP_CASTLE_BK | EMP_CASTLE_BQ);
  if (from == 9 || to == 9) pos->castling &= ~EMP_CASTLE_WK;
  if (from == 0 || to == 0) pos->castling &= ~EMP_CASTLE_WQ;
  if (from == 99 || to == 99) pos->castling &= ~EMP_CASTLE_BK;
  if (from == 90 || to == 90) pos->castling &= ~EMP_CASTLE_BQ;

  pos->ep = (flags & EMP_FLAG_DOUBLE) ? (uint8_t) ((from + to) / 2) : EMP_NO_SQUARE;
  pos->halfmove = (captured || type == EMP_PAWN) ? 0 : (uint8_t) (pos->halfmove < 255 ? pos->halfmove + 1 : 255);
  /* stops at the largest a FEN may give, so every position can be written
   * as a FEN that reads back */
  if (us == EMP_BLACK && pos->fullmove < EMP_MAX_FULLMOVE)
    pos->fullmove++;
  pos->side = (uint8_t) them;
  pos->hash ^= zob_side;

  /* the castle game */
  if (type == EMP_KING && is_castle[to] && !was_emperor)
    pos->entered = 1;
  if (pos->claimant == us)
    {
      if (was_emperor && !is_castle[to])
        {
          /* a sally: the claim passes to the other side */
          pos->claimant = (int8_t) them;
          pos->claim_left = EMP_CLAIM_MOVES;
        }
      else if (!is_castle[pos->king[us]] && pos->claim_left > 0)
        pos->claim_left--;
    }
  if (pos->claimant >= 0)
    {
      int c = pos->claimant;
      if (!is_castle[pos->king[c]] && pos->claim_left == 0 && emperor_officers (pos, c) < 3)
        {
          /* both conditions of the patent: the time is up and the support is gone */
          pos->failed |= (uint8_t) (1 << c);
          if (pos->failed & (1 << !c))
            {
              pos->claimant = -1;
              pos->end = EMP_END_CLAIMS_FAILED;
              pos->winner = -1;
            }
          else
            {
              pos->claimant = (int8_t) !c;
              pos->claim_left = EMP_CLAIM_MOVES;
            }
        }
    }
  for (int side = 0; side < 2; side++)
    if (holds_castle (pos, side))
      {
        pos->end = EMP_END_CASTLE;
        pos->winner = (int8_t) side;
      }

  pos->repetitions = 1;
  pos->hash ^= zob_castling[pos->castling] ^ castle_state_hash (pos);
  if (pos->ep != EMP_NO_SQUARE)
    pos->hash ^= zob_ep[EMP_FILE (pos->ep)];
}

EmperorEnd
emperor_outcome (const EmperorPos *pos,
                 int              *winner)
{
  EmperorMove moves[EMP_MAX_MOVES];

  *winner = -1;
  if (pos->end == EMP_END_CASTLE || pos->end == EMP_END_CLAIMS_FAILED)
    {
      *winner = pos->winner;
      return (EmperorEnd) pos->end;
    }
  if (emperor_gen_legal (pos, moves) == 0)
    {
      if (emperor_in_check (pos))
        {
          *winner = !pos->side;
          return EMP_END_CHECKMATE;
        }
      return EMP_END_STALEMATE;
    }
  if (pos->repetitions >= 3)
    return EMP_END_REPETITION;
  if (pos->halfmove >= 100)
    return EMP_END_FIFTY;
  return EMP_END_NONE;
}

uint64_t
emperor_perft (const EmperorPos *pos,
               int               depth)
{
  EmperorMove moves[EMP_MAX_MOVES];
  int n = emperor_gen_legal (pos, moves);
  uint64_t total = 0;

  if (depth <= 1)
    return depth == 1 ? (uint64_t) n : 1;
  for (int i = 0; i < n; i++)
    {
      EmperorPos next = *pos;
      emperor_make (&next, moves[i]);
      total += emperor_perft (&next, depth - 1);
    }
  return total;
}

/* ------------------------------------------------------------------------ */
/* FEN                                                                       */

static uint64_t
full_hash (const EmperorPos *pos)
{
  uint64_t h = 0;

  for (int sq = 0; sq < EMP_SQUARES; sq++)
    if (pos->board[sq])
      h ^= zob_piece[pos->board[sq]][sq];
  if (pos->side)
    h ^= zob_side;
  h ^= zob_castling[pos->castling] ^ castle_state_hash (pos);
  if (pos->ep != EMP_NO_SQUARE)
    h ^= zob_ep[EMP_FILE (pos->ep)];
  return h;
}

void
emperor_square_name (int   sq,
                     char *buf)
{
  int rank = EMP_RANK (sq) + 1;
  int n = 0;

  buf[n++] = (char) ('a' + EMP_FILE (sq));
  if (rank == 10)
    buf[n++] = '1';
  buf[n++] = (char) ('0' + rank % 10);
  buf[n] = '\0';
}

int
emperor_parse_square (const char *text,
                      int        *consumed)
{
  int f, r = 0, i = 1;

  if (text[0] < 'a' || text[0] > 'j')
    return -1;
  f = text[0] - 'a';
  if (text[1] < '1' || text[1] > '9')
    return -1;
  r = text[1] - '0';
  i = 2;
  if (r == 1 && text[2] == '0')
    {
      r = 10;
      i = 3;
    }
  if (consumed)
    *consumed = i;
  return EMP_SQ (f, r - 1);
}

static const char *
next_field (const char **p)
{
  while (**p == ' ')
    (*p)++;
  return **p ? *p : NULL;
}

static size_t
field_len (const char *p)
{
  size_t n = 0;

  while (p[n] && p[n] != ' ')
    n++;
  return n;
}

EmperorFenError
emperor_from_fen (EmperorPos *pos,
                  const char *fen)
{
  const char *p = fen;
  int rank = 9, file = 0;
  int kings[2] = { 0, 0 };

  emperor_init ();
  memset (pos, 0, sizeof *pos);
  pos->ep = EMP_NO_SQUARE;
  pos->winner = -1;
  pos->repetitions = 1;

  /* board */
  while (*p == ' ')
    p++;
  for (; *p && *p != ' '; p++)
    {
      char c = *p;
      if (c == '/')
        {
          if (file != 10 || rank == 0)
            return EMP_FEN_SYNTAX;
          rank--;
          file = 0;
        }
      else if (c >= '1' && c <= '9')
        {
          int n = c - '0';
          /* a run of empty squares is one number: "55" is not "10" */
          if (p > fen && p[-1] >= '0' && p[-1] <= '9')
            return EMP_FEN_SYNTAX;
          if (c == '1' && p[1] == '0')
            {
              n = 10;
              p++;
            }
          file += n;
          if (file > 10)
            return EMP_FEN_SYNTAX;
        }
      else
        {
          const char *l;
          int color = c >= 'a' ? EMP_BLACK : EMP_WHITE;
          /* only ASCII letters name pieces: strchr would find the
           * terminator for a byte that folds to 0 */
          if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) || file >= 10)
            return EMP_FEN_SYNTAX;
          l = strchr (piece_letters + 1, c >= 'a' ? c : c - 'A' + 'a');
          if (l == NULL)
            return EMP_FEN_SYNTAX;
          pos->board[EMP_SQ (file, rank)] = EMP_PIECE (color, (int) (l - piece_letters));
          if (l - piece_letters == EMP_KING)
            {
              kings[color]++;
              pos->king[color] = (uint8_t) EMP_SQ (file, rank);
            }
          file++;
        }
    }
  if (rank != 0 || file != 10)
    return EMP_FEN_SYNTAX;
  if (kings[0] != 1 || kings[1] != 1)
    return EMP_FEN_KINGS;
  for (int f = 0; f < 10; f++)
    if (EMP_TYPE (pos->board[f]) == EMP_PAWN || EMP_TYPE (pos->board[90 + f]) == EMP_PAWN)
      return EMP_FEN_PAWNS;

  /* side */
  if (!next_field (&p) || field_len (p) != 1 || (*p != 'w' && *p != 'b'))
    return EMP_FEN_SYNTAX;
  pos->side = *p == 'b';
  p++;

  /* castling */
  if (!next_field (&p))
    return EMP_FEN_SYNTAX;
  if (*p == '-')
    p++;
  else
    for (; *p && *p != ' '; p++)
      switch (*p)
        {
        case 'K': pos->castling |= EMP_CASTLE_WK; break;
        case 'Q': pos->castling |= EMP_CASTLE_WQ; break;
        case 'k': pos->castling |= EMP_CASTLE_BK; break;
        case 'q': pos->castling |= EMP_CASTLE_BQ; break;
        default: return EMP_FEN_SYNTAX;
        }
  if (((pos->castling & (EMP_CASTLE_WK | EMP_CASTLE_WQ)) && pos->board[6] != EMP_PIECE (EMP_WHITE, EMP_KING)) ||
      ((pos->castling & EMP_CASTLE_WK) && pos->board[9] != EMP_PIECE (EMP_WHITE, EMP_ROOK)) ||
      ((pos->castling & EMP_CASTLE_WQ) && pos->board[0] != EMP_PIECE (EMP_WHITE, EMP_ROOK)) ||
      ((pos->castling & (EMP_CASTLE_BK | EMP_CASTLE_BQ)) && pos->board[96] != EMP_PIECE (EMP_BLACK, EMP_KING)) ||
      ((pos->castling & EMP_CASTLE_BK) && pos->board[99] != EMP_PIECE (EMP_BLACK, EMP_ROOK)) ||
      ((pos->castling & EMP_CASTLE_BQ) && pos->board[90] != EMP_PIECE (EMP_BLACK, EMP_ROOK)))
    return EMP_FEN_CASTLING;

  /* en passant */
  if (!next_field (&p))
    return EMP_FEN_SYNTAX;
  if (*p == '-')
    p++;
  else
    {
      int n, sq = emperor_parse_square (p, &n);
      int behind = pos->side == EMP_WHITE ? -10 : 10;   /* where the pawn now stands */
      if (sq < 0 || (p[n] && p[n] != ' '))
        return EMP_FEN_SYNTAX;
      if (EMP_RANK (sq) != (pos->side == EMP_WHITE ? 7 : 2) || pos->board[sq] ||
          pos->board[sq + behind] != EMP_PIECE (!pos->side, EMP_PAWN))
        return EMP_FEN_EN_PASSANT;
      pos->ep = (uint8_t) sq;
      p += n;
    }

  /* clocks (optional, as in many FENs) */
  pos->fullmove = 1;
  if (next_field (&p))
    {
      char *end;
      long half = strtol (p, &end, 10);
      if (end == p || half < 0 || half > 255 || (*end && *end != ' '))
        return EMP_FEN_SYNTAX;
      pos->halfmove = (uint8_t) half;
      p = end;
      if (next_field (&p))
        {
          long full = strtol (p, &end, 10);
          if (end == p || full < 1 || full > EMP_MAX_FULLMOVE || (*end && *end != ' '))
            return EMP_FEN_SYNTAX;
          pos->fullmove = (uint16_t) full;
          p = end;
        }
    }

  /* the castle fields: without them, the state at the start of a game */
  pos->claimant = EMP_WHITE;
  pos->claim_left = EMP_CLAIM_MOVES;
  if (next_field (&p))
    {
      char *end;
      long left;

      if (field_len (p) != 1 || (*p != 'w' && *p != 'b' && *p != '-'))
        return EMP_FEN_CLAIM;
      pos->claimant = (int8_t) (*p == 'w' ? EMP_WHITE : *p == 'b' ? EMP_BLACK : -1);
      p++;
      if (!next_field (&p))
        return EMP_FEN_CLAIM;
      left = strtol (p, &end, 10);
      if (end == p || left < 0 || left > EMP_CLAIM_MOVES || (*end && *end != ' '))
        return EMP_FEN_CLAIM;
      pos->claim_left = (uint8_t) left;
      p = end;
      if (!next_field (&p) || field_len (p) != 1 || (*p != '0' && *p != '1'))
        return EMP_FEN_CLAIM;
      pos->entered = *p == '1';
      p++;
      if (!next_field (&p))
        return EMP_FEN_CLAIM;
      if (*p == '-')
        p++;
      else
        for (; *p && *p != ' '; p++)
          {
            if (*p == 'w')
              pos->failed |= 1;
            else if (*p == 'b')
              pos->failed |= 2;
            else
              return EMP_FEN_CLAIM;
          }
      if (next_field (&p))
        return EMP_FEN_SYNTAX;
      if (pos->claimant >= 0 && (pos->failed & (1 << pos->claimant)) && (pos->failed & (1 << !pos->claimant)))
        return EMP_FEN_CLAIM;
      if (pos->claimant < 0 && pos->failed != 3)
        return EMP_FEN_CLAIM;
    }
  /* a king in the castle means one has entered, and only the claimant's may */
  for (int side = 0; side < 2; side++)
    if (is_castle[pos->king[side]])
      {
        if (pos->claimant != side)
          return EMP_FEN_CLAIM;
        pos->entered = 1;
      }

  /* the side that just moved cannot have left its king in check */
  if (!emperor_is_immune (pos, !pos->side) && attacked_on (pos->board, pos->king[!pos->side], pos->side))
    return EMP_FEN_CHECK;
  /* one move uncovers at most one line and gives check itself once — but
   * a move onto a fort or the castle that lifts an emperor's immunity makes
   * every attack on him count at once, however many */
  if (!emperor_is_emperor (pos, pos->side) &&
      count_attackers (pos->board, pos->king[pos->side], !pos->side) > 2)
    return EMP_FEN_CHECKERS;

  if (pos->claimant < 0)
    {
      pos->end = EMP_END_CLAIMS_FAILED;
      pos->winner = -1;
    }
  for (int side = 0; side < 2; side++)
    if (holds_castle (pos, side))
      {
        pos->end = EMP_END_CASTLE;
        pos->winner = (int8_t) side;
      }
  pos->hash = full_hash (pos);
  return EMP_FEN_OK;
}

void
emperor_to_fen (const EmperorPos *pos,
                char             *buf,
                size_t            len,
                bool              castle_fields)
{
  char out[256];
  size_t n = 0;

  for (int rank = 9; rank >= 0; rank--)
    {
      int empty = 0;
      for (int file = 0; file < 10; file++)
        {
          uint8_t p = pos->board[EMP_SQ (file, rank)];
          if (!p)
            {
              empty++;
              continue;
            }
          if (empty)
            n += (size_t) snprintf (out + n, sizeof out - n, "%d", empty);
          empty = 0;
          out[n++] = EMP_COLOR (p) ? piece_letters[EMP_TYPE (p)] : (char) (piece_letters[EMP_TYPE (p)] - 'a' + 'A');
        }
      if (empty)
        n += (size_t) snprintf (out + n, sizeof out - n, "%d", empty);
      if (rank)
        out[n++] = '/';
    }
  out[n++] = ' ';
  out[n++] = pos->side ? 'b' : 'w';
  out[n++] = ' ';
  if (!pos->castling)
    out[n++] = '-';
  if (pos->castling & EMP_CASTLE_WK) out[n++] = 'K';
  if (pos->castling & EMP_CASTLE_WQ) out[n++] = 'Q';
  if (pos->castling & EMP_CASTLE_BK) out[n++] = 'k';
  if (pos->castling & EMP_CASTLE_BQ) out[n++] = 'q';
  out[n++] = ' ';
  if (pos->ep == EMP_NO_SQUARE)
    out[n++] = '-';
  else
    {
      char sq[4];
      emperor_square_name (pos->ep, sq);
      n += (size_t) snprintf (out + n, sizeof out - n, "%s", sq);
    }
  n += (size_t) snprintf (out + n, sizeof out - n, " %d %d", pos->halfmove, pos->fullmove);
  if (castle_fields)
    n += (size_t) snprintf (out + n, sizeof out - n, " %c %d %d %s",
                            pos->claimant == EMP_WHITE ? 'w' : pos->claimant == EMP_BLACK ? 'b' : '-',
                            pos->claim_left, pos->entered,
                            pos->failed == 3 ? "wb" : pos->failed == 1 ? "w" : pos->failed == 2 ? "b" : "-");
  out[n] = '\0';
  snprintf (buf, len, "%s", out);
}

/* ------------------------------------------------------------------------ */
/* Notation                                                                  */

void
emperor_move_to_uci (EmperorMove  move,
                     char        *buf,
                     size_t       len)
{
  char from[4], to[4];
  int promo = EMP_MOVE_PROMO (move);

  emperor_square_name (EMP_MOVE_FROM (move), from);
  emperor_square_name (EMP_MOVE_TO (move), to);
  snprintf (buf, len, "%s%s%s", from, to, promo ? (char[]) { piece_letters[promo], 0 } : "");
}

EmperorMove
emperor_move_from_uci (const EmperorPos *pos,
                       const char       *text)
{
  EmperorMove moves[EMP_MAX_MOVES];
  int n1, n2, from, to, promo = 0;
  int n;

  from = emperor_parse_square (text, &n1);
  if (from < 0)
    return EMP_MOVE_NONE;
  to = emperor_parse_square (text + n1, &n2);
  if (to < 0)
    return EMP_MOVE_NONE;
  if (text[n1 + n2])
    {
      const char *l = strchr (piece_letters + 2, text[n1 + n2]);
      if (l == NULL || text[n1 + n2 + 1] || l - piece_letters == EMP_KING)
        return EMP_MOVE_NONE;
      promo = (int) (l - piece_letters);
    }
  n = emperor_gen_legal (pos, moves);
  for (int i = 0; i < n; i++)
    if (EMP_MOVE_FROM (moves[i]) == from && EMP_MOVE_TO (moves[i]) == to &&
        EMP_MOVE_PROMO (moves[i]) == promo)
      return moves[i];
  return EMP_MOVE_NONE;
}

void
emperor_move_to_san (const EmperorPos *pos,
                     EmperorMove       move,
                     char             *buf,
                     size_t            len)
{
  EmperorMove moves[EMP_MAX_MOVES];
  int from = EMP_MOVE_FROM (move), to = EMP_MOVE_TO (move);
  int type = EMP_TYPE (pos->board[from]);
  bool capture = pos->board[to] || (EMP_MOVE_FLAGS (move) & EMP_FLAG_EP);
  char out[24], sq[4];
  size_t n = 0;
  EmperorPos next;

  if (EMP_MOVE_FLAGS (move) & EMP_FLAG_CASTLE)
    n += (size_t) snprintf (out, sizeof out, "%s", EMP_FILE (to) > EMP_FILE (from) ? "O-O" : "O-O-O");
  else
    {
      if (type == EMP_PAWN)
        {
          if (capture)
            out[n++] = (char) ('a' + EMP_FILE (from));
        }
      else
        {
          bool same_file = false, same_rank = false, ambiguous = false;
          int count = emperor_gen_legal (pos, moves);

          out[n++] = (char) (piece_letters[type] - 'a' + 'A');
          for (int i = 0; i < count; i++)
            {
              int f = EMP_MOVE_FROM (moves[i]);
              if (f == from || EMP_MOVE_TO (moves[i]) != to || EMP_TYPE (pos->board[f]) != type)
                continue;
              ambiguous = true;
              same_file |= EMP_FILE (f) == EMP_FILE (from);
              same_rank |= EMP_RANK (f) == EMP_RANK (from);
            }
          if (ambiguous)
            {
              emperor_square_name (from, sq);
              if (!same_file)
                out[n++] = sq[0];
              else if (!same_rank)
                n += (size_t) snprintf (out + n, sizeof out - n, "%s", sq + 1);
              else
                n += (size_t) snprintf (out + n, sizeof out - n, "%s", sq);
            }
        }
      if (capture)
        out[n++] = 'x';
      emperor_square_name (to, sq);
      n += (size_t) snprintf (out + n, sizeof out - n, "%s", sq);
      if (EMP_MOVE_PROMO (move))
        {
          out[n++] = '=';
          out[n++] = (char) (piece_letters[EMP_MOVE_PROMO (move)] - 'a' + 'A');
        }
    }

  next = *pos;
  emperor_make (&next, move);
  if (next.end == EMP_END_CASTLE)
    out[n++] = '#';
  else if (emperor_in_check (&next))
    out[n++] = emperor_gen_legal (&next, moves) == 0 ? '#' : '+';
  out[n] = '\0';
  snprintf (buf, len, "%s", out);
}
