/* test-emperor-rules.c — the Emperor Chess move generator: perft against
 * Fairy-Stockfish's counts, and the castle rules checked by hand
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "games/emperor/emperor-perft.h"
#include "games/emperor/emperor-rules.h"
#include "games/emperor/ludo-emperor-game.h"
#include "ludo-properties.h"
#include "ludo-test-scale.h"

static void
load (EmperorPos *pos,
      const char *fen)
{
  EmperorFenError error = emperor_from_fen (pos, fen);

  if (error != EMP_FEN_OK)
    g_error ("FEN %s refused: %d", fen, error);
}

static gboolean
has_move (const EmperorPos *pos,
          const char       *uci)
{
  return emperor_move_from_uci (pos, uci) != EMP_MOVE_NONE;
}

static void
play (EmperorPos *pos,
      const char *uci)
{
  EmperorMove move = emperor_move_from_uci (pos, uci);

  if (move == EMP_MOVE_NONE)
    g_error ("%s is not legal", uci);
  emperor_make (pos, move);
}

/* ------------------------------------------------------------------------ */
/* Perft                                                                     */

static void
test_perft_positions (void)
{
  g_assert_cmpuint (G_N_ELEMENTS (emperor_perft_positions), >=, 12);
  for (guint i = 0; i < G_N_ELEMENTS (emperor_perft_positions); i++)
    {
      const EmperorPerftPosition *p = &emperor_perft_positions[i];
      EmperorPos pos;

      load (&pos, p->fen);
      for (int depth = 1; depth <= 5; depth++)
        {
          /* the deepest counts only where they are quick (a reduced
           * run stops sooner) */
          if (depth > 3 && p->nodes[depth] > ludo_test_scaled (60000000))
            break;
          guint64 nodes = emperor_perft (&pos, depth);
          if (nodes != p->nodes[depth])
            g_error ("%s: perft(%d) = %" G_GUINT64_FORMAT ", Fairy-Stockfish says %" G_GUINT64_FORMAT,
                     p->name, depth, nodes, p->nodes[depth]);
        }
    }
}

/* Incremental hashes equal hashes computed from scratch; FEN round trips. */
static void
test_hash_and_fen (void)
{
  GRand *rand = g_rand_new_with_seed (99);

  for (int game = 0; game < 40; game++)
    {
      EmperorPos pos;

      load (&pos, EMP_START_FEN);
      for (int ply = 0; ply < 160; ply++)
        {
          EmperorMove moves[EMP_MAX_MOVES];
          int n = emperor_gen_legal (&pos, moves);
          EmperorPos copy;
          char fen[256], again[256];

          if (n == 0)
            break;
          emperor_make (&pos, moves[g_rand_int_range (rand, 0, n)]);
          emperor_to_fen (&pos, fen, sizeof fen, TRUE);
          load (&copy, fen);
          emperor_to_fen (&copy, again, sizeof again, TRUE);
          g_assert_cmpstr (fen, ==, again);
          g_assert_cmphex (copy.hash, ==, pos.hash);
          g_assert_cmpmem (copy.board, sizeof copy.board, pos.board, sizeof pos.board);
        }
    }
  g_rand_free (rand);
}

static void
test_fen_errors (void)
{
  static const struct {
    const char     *fen;
    EmperorFenError error;
  } bad[] = {
    { "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP w KQkq - 0 1", EMP_FEN_SYNTAX },
    { "rnbqggkbnr/ppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR w KQkq - 0 1", EMP_FEN_SYNTAX },
    { "rnbqggkbnr/pppppppppp/11/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR w KQkq - 0 1", EMP_FEN_SYNTAX },
    { "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR x KQkq - 0 1", EMP_FEN_SYNTAX },
    { "rnbqggkbnr/ppppppxppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR w KQkq - 0 1", EMP_FEN_SYNTAX },
    { "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR w KQkq - 0 1 junk", EMP_FEN_CLAIM },
    { "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR w KQkq - 0 1 w 51 0 -", EMP_FEN_CLAIM },
    { "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGQBNR w KQkq - 0 1", EMP_FEN_KINGS },
    { "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGKKNR w - - 0 1", EMP_FEN_KINGS },
    { "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/PNBQGGKBNR w - - 0 1", EMP_FEN_PAWNS },
    { "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1NBQGGKBNR w KQkq - 0 1", EMP_FEN_CASTLING },
    { "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR w KQkq e3 0 1", EMP_FEN_EN_PASSANT },
    { "k9/10/10/10/10/10/10/10/10/K8r b - - 0 1", EMP_FEN_CHECK },
    { "10/10/10/10/5k4/10/10/10/10/K9 w - - 0 1", EMP_FEN_CLAIM },   /* Black's king in the castle, White claims */
    /* a run of empty squares is one number */
    { "rnbqggkbnr/pppppppppp/55/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR w KQkq - 0 1", EMP_FEN_SYNTAX },
    { "rnbqggkbnr/pppppppppp/19/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR w KQkq - 0 1", EMP_FEN_SYNTAX },
    { "rnbqggkbnr/pppppppppp/010/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR w KQkq - 0 1", EMP_FEN_SYNTAX },
    /* rook, bishop and knight all check the white king: no move does that */
    { "k9/10/4r5/10/10/b9/10/3n6/10/4K5 w - - 0 1", EMP_FEN_CHECKERS },
    { "k9/10/10/10/10/10/10/10/10/K9 w - - 0 65536", EMP_FEN_SYNTAX },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      EmperorPos pos;
      EmperorFenError error = emperor_from_fen (&pos, bad[i].fen);
      if (error != bad[i].error)
        g_error ("%s: error %d, expected %d", bad[i].fen, error, bad[i].error);
    }

  /* a double check is possible, and so allowed */
  {
    EmperorPos pos;
    g_assert_cmpint (emperor_from_fen (&pos, "k9/10/4r5/10/10/10/10/3n6/10/4K5 w - - 0 1"), ==, EMP_FEN_OK);
    g_assert_true (emperor_in_check (&pos));
  }
}

/* The full-move counter stops at the largest a FEN may give: a position
 * reached from there still writes a FEN that reads back. */
static void
test_fullmove_limit (void)
{
  EmperorPos pos;
  EmperorMove moves[EMP_MAX_MOVES];
  char fen[256];

  load (&pos, "k9/10/10/10/10/10/10/10/10/K9 b - - 0 65535");
  for (int i = 0; i < 4; i++)
    {
      g_assert_cmpint (emperor_gen_legal (&pos, moves), >, 0);
      emperor_make (&pos, moves[0]);
    }
  g_assert_cmpuint (pos.fullmove, ==, EMP_MAX_FULLMOVE);
  emperor_to_fen (&pos, fen, sizeof fen, TRUE);
  g_assert_nonnull (strstr (fen, " 65535 w "));
  g_assert_cmpint (emperor_from_fen (&pos, fen), ==, EMP_FEN_OK);
}


/* ------------------------------------------------------------------------ */
/* A slow reference: every move a piece could make, kept if the castle
 * rules allow it and the own king is safe (or an immune emperor) after
 * making it. Written independently of the generator's checks and pins. */

static const int ref_df[8] = { 0, 0, 1, -1, 1, -1, -1, 1 };
static const int ref_dr[8] = { 1, -1, 0, 0, 1, -1, 1, -1 };

static gboolean
on_board (int f,
          int r)
{
  return f >= 0 && f < 10 && r >= 0 && r < 10;
}

static gboolean
ref_castle_ok (const EmperorPos *pos,
               int               from,
               int               to,
               gboolean          slider)
{
  int us = pos->side, them = !us;

  if (!emperor_is_castle (to))
    return TRUE;
  if (emperor_is_castle (pos->king[them]))
    return FALSE;                 /* an enemy emperor holds it */
  if (EMP_TYPE (pos->board[from]) == EMP_KING && pos->claimant != us)
    return FALSE;                 /* only the claimant's king */
  if (pos->entered)
    {
      if (emperor_attacked (pos, to, them))
        return FALSE;
      if (slider)
        {
          int df = (EMP_FILE (to) > EMP_FILE (from)) - (EMP_FILE (to) < EMP_FILE (from));
          int dr = (EMP_RANK (to) > EMP_RANK (from)) - (EMP_RANK (to) < EMP_RANK (from));
          for (int sq = from + df + 10 * dr; sq != to; sq += df + 10 * dr)
            if (emperor_attacked (pos, sq, them))
              return FALSE;
        }
    }
  return TRUE;
}

static void
ref_add (const EmperorPos *pos,
         GArray           *out,
         int               from,
         int               to,
         int               promo,
         int               flags,
         gboolean          slider)
{
  EmperorPos next = *pos;
  EmperorMove m = EMP_MOVE (from, to, promo, flags);
  int us = pos->side;

  if (!ref_castle_ok (pos, from, to, slider))
    return;
  emperor_make (&next, m);
  if (!emperor_is_immune (&next, us) && emperor_attacked (&next, next.king[us], !us))
    return;
  g_array_append_val (out, m);
}

static GArray *
reference_moves (const EmperorPos *pos)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (EmperorMove));
  int us = pos->side;

  if (pos->end == EMP_END_CASTLE || pos->end == EMP_END_CLAIMS_FAILED)
    return out;
  for (int from = 0; from < EMP_SQUARES; from++)
    {
      uint8_t p = pos->board[from];
      int f = EMP_FILE (from), r = EMP_RANK (from), t = EMP_TYPE (p);

      if (!p || EMP_COLOR (p) != us)
        continue;
      if (t == EMP_PAWN)
        {
          int dir = us == EMP_WHITE ? 1 : -1, last = us == EMP_WHITE ? 9 : 0;
          int promos[] = { EMP_QUEEN, EMP_ROOK, EMP_BISHOP, EMP_KNIGHT, EMP_GENERAL };
          for (int df = -1; df <= 1; df++)
            {
              int nf = f + df, nr = r + dir, to;
              if (!on_board (nf, nr))
                continue;
              to = EMP_SQ (nf, nr);
              if (df == 0 && pos->board[to])
                continue;
              if (df != 0 && !(pos->board[to] && EMP_COLOR (pos->board[to]) != us) && to != pos->ep)
                continue;
              if (nr == last)
                for (int k = 0; k < 5; k++)
                  ref_add (pos, out, from, to, promos[k], 0, FALSE);
              else
                ref_add (pos, out, from, to, 0, to == pos->ep && df != 0 ? EMP_FLAG_EP : 0, FALSE);
            }
          if (r == (us == EMP_WHITE ? 1 : 8) && !pos->board[from + 10 * dir] && !pos->board[from + 20 * dir])
            ref_add (pos, out, from, from + 20 * dir, 0, EMP_FLAG_DOUBLE, FALSE);
          continue;
        }
      if (t == EMP_KNIGHT)
        {
          static const int kf[8] = { 1, 2, 2, 1, -1, -2, -2, -1 }, kr[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };
          for (int k = 0; k < 8; k++)
            if (on_board (f + kf[k], r + kr[k]))
              {
                int to = EMP_SQ (f + kf[k], r + kr[k]);
                if (!pos->board[to] || EMP_COLOR (pos->board[to]) != us)
                  ref_add (pos, out, from, to, 0, 0, FALSE);
              }
          continue;
        }
      for (int d = 0; d < 8; d++)
        {
          gboolean slides = t == EMP_QUEEN || (t == EMP_ROOK && d < 4) || (t == EMP_BISHOP && d >= 4);
          gboolean steps = t == EMP_KING || t == EMP_GENERAL;
          if (!slides && !steps)
            continue;
          for (int nf = f + ref_df[d], nr = r + ref_dr[d]; on_board (nf, nr); nf += ref_df[d], nr += ref_dr[d])
            {
              int to = EMP_SQ (nf, nr);
              if (pos->board[to] && EMP_COLOR (pos->board[to]) == us)
                break;
              ref_add (pos, out, from, to, 0, 0, slides);
              if (pos->board[to] || steps)
                break;
            }
        }
      if (t == EMP_KING && from == (us == EMP_WHITE ? 6 : 96) && !emperor_in_check (pos))
        {
          int home = us == EMP_WHITE ? 0 : 90, rights = us == EMP_WHITE ? pos->castling : pos->castling >> 2;
          uint8_t rook = EMP_PIECE (us, EMP_ROOK);
          if ((rights & 1) && pos->board[home + 9] == rook && !pos->board[home + 7] && !pos->board[home + 8] &&
              !emperor_attacked (pos, home + 7, !us) && !emperor_attacked (pos, home + 8, !us))
            ref_add (pos, out, from, home + 8, 0, EMP_FLAG_CASTLE, FALSE);
          if ((rights & 2) && pos->board[home] == rook)
            {
              gboolean ok = TRUE;
              for (int sq = home + 1; sq <= home + 5; sq++)
                ok &= !pos->board[sq];
              for (int sq = home + 2; sq <= home + 5; sq++)
                ok &= !emperor_attacked (pos, sq, !us);
              if (ok)
                ref_add (pos, out, from, home + 2, 0, EMP_FLAG_CASTLE, FALSE);
            }
        }
    }
  return out;
}

static int
compare_moves (gconstpointer a,
               gconstpointer b)
{
  EmperorMove x = *(const EmperorMove *) a, y = *(const EmperorMove *) b;
  return x < y ? -1 : x > y;
}

/* Random games that make for the castle: kings walk in, claims run out,
 * emperors sally. The generator must agree with the reference everywhere. */
static void
test_against_reference (void)
{
  GRand *rand = g_rand_new_with_seed (2026);
  guint positions = 0, emperors = 0, entered = 0;

  for (guint game = 0; game < ludo_test_scaled (1000); game++)
    {
      EmperorPos pos;
      char fen[256];

      load (&pos, EMP_START_FEN);
      pos.claimant = g_rand_boolean (rand) ? EMP_WHITE : EMP_BLACK;
      pos.claim_left = g_rand_int_range (rand, 0, 51);
      emperor_to_fen (&pos, fen, sizeof fen, TRUE);
      load (&pos, fen);

      for (int ply = 0; ply < 220; ply++)
        {
          EmperorMove moves[EMP_MAX_MOVES];
          int n = emperor_gen_legal (&pos, moves), pick = -1;
          g_autoptr(GArray) ref = reference_moves (&pos);

          qsort (moves, n, sizeof (EmperorMove), (int (*)(const void *, const void *)) compare_moves);
          g_array_sort (ref, compare_moves);
          /* no legal moves: nothing to compare (and memcmp may not see NULL) */
          if ((guint) n != ref->len || (n > 0 && memcmp (moves, ref->data, n * sizeof (EmperorMove)) != 0))
            {
              GString *diff = g_string_new (NULL);
              char text[16];
              for (int i = 0; i < n; i++)
                {
                  gboolean found = FALSE;
                  for (guint j = 0; j < ref->len; j++)
                    found |= g_array_index (ref, EmperorMove, j) == moves[i];
                  emperor_move_to_uci (moves[i], text, sizeof text);
                  if (!found)
                    g_string_append_printf (diff, " +%s", text);
                }
              for (guint j = 0; j < ref->len; j++)
                {
                  gboolean found = FALSE;
                  for (int i = 0; i < n; i++)
                    found |= g_array_index (ref, EmperorMove, j) == moves[i];
                  emperor_move_to_uci (g_array_index (ref, EmperorMove, j), text, sizeof text);
                  if (!found)
                    g_string_append_printf (diff, " -%s", text);
                }
              emperor_to_fen (&pos, fen, sizeof fen, TRUE);
              g_error ("%s: the generator finds %d moves, the reference %u; generator only (+), reference only (-):%s",
                       fen, n, ref->len, diff->str);
            }
          positions++;
          emperors += emperor_is_emperor (&pos, EMP_WHITE) || emperor_is_emperor (&pos, EMP_BLACK);
          entered += pos.entered;
          if (n == 0)
            break;
          /* prefer king moves towards the castle, and captures, to reach
           * the positions where the castle rules bite */
          for (int i = 0; i < n && pick < 0; i++)
            {
              int from = EMP_MOVE_FROM (moves[i]), to = EMP_MOVE_TO (moves[i]);
              if (EMP_TYPE (pos.board[from]) == EMP_KING && g_rand_int_range (rand, 0, 3) == 0)
                {
                  int df = ABS (EMP_FILE (to) - 4.5), dr = ABS (EMP_RANK (to) - 4.5);
                  int dfo = ABS (EMP_FILE (from) - 4.5), dro = ABS (EMP_RANK (from) - 4.5);
                  if (df + dr < dfo + dro || emperor_is_castle (to))
                    pick = i;
                }
            }
          if (pick < 0)
            pick = g_rand_int_range (rand, 0, n);
          emperor_make (&pos, moves[pick]);
        }
    }
  g_test_message ("%u positions, %u with an emperor, %u after a king had entered", positions, emperors, entered);
  g_assert_cmpuint (emperors, >, 500);
  g_rand_free (rand);
}

/* ------------------------------------------------------------------------ */
/* The castle rules                                                          */

static void
test_only_claimant_enters (void)
{
  EmperorPos pos;

  /* Black's king beside the castle while White claims: it may not step in */
  load (&pos, "10/10/10/5k4/10/10/10/10/10/6K3 b - - 0 1 w 50 0 -");
  g_assert_false (has_move (&pos, "f7f6"));
  g_assert_false (has_move (&pos, "f7e6"));
  g_assert_true (has_move (&pos, "f7g6"));
  /* with the claim, it may */
  load (&pos, "10/10/10/5k4/10/10/10/10/10/6K3 b - - 0 1 b 50 0 -");
  g_assert_true (has_move (&pos, "f7f6"));
  play (&pos, "f7f6");
  g_assert_true (emperor_is_emperor (&pos, EMP_BLACK));
  g_assert_true (pos.entered);
}

static void
test_entering_and_the_clock (void)
{
  EmperorPos pos;

  load (&pos, "4k5/10/10/10/10/10/4K5/10/10/10 w - - 0 1 w 50 0 -");
  play (&pos, "e4d4");
  g_assert_cmpint (pos.claim_left, ==, 49);   /* the claimant's own moves count */
  play (&pos, "e10e9");
  g_assert_cmpint (pos.claim_left, ==, 49);   /* the other side's do not */
  play (&pos, "d4e5");
  g_assert_true (emperor_is_emperor (&pos, EMP_WHITE));
  g_assert_true (emperor_is_immune (&pos, EMP_WHITE));
  g_assert_true (pos.entered);
  g_assert_cmpint (pos.claim_left, ==, 49);   /* entered in time */
}

static void
test_entry_rule (void)
{
  EmperorPos pos;

  /* A king has entered: nothing lands on an attacked castle square */
  load (&pos, "9k/10/7b2/10/R9/4K5/10/10/10/10 w - - 0 1 w 50 1 -");
  g_assert_true (has_move (&pos, "a6e6"));    /* e6 is not attacked */
  g_assert_false (has_move (&pos, "a6f6"));   /* f6 is, by the bishop */
  g_assert_true (has_move (&pos, "a6b6"));
  /* a slider must not cross an attacked square on its way in either */
  load (&pos, "9k/10/7b2/10/R9/4K5/10/10/10/3r6 w - - 0 1 w 50 1 -");
  g_assert_false (has_move (&pos, "a6e6"));   /* crosses d6, attacked by the rook */
  g_assert_true (has_move (&pos, "a6c6"));
  /* a knight only cares where it lands */
  load (&pos, "k9/10/3N3b2/10/10/4K5/10/10/10/3r6 w - - 0 1 w 50 1 -");
  g_assert_true (has_move (&pos, "d8e6"));
  load (&pos, "k9/10/6Nb2/10/10/4K5/10/10/10/10 w - - 0 1 w 50 1 -");
  g_assert_false (has_move (&pos, "g8f6"));   /* f6 is attacked by the bishop */
  g_assert_true (has_move (&pos, "g8e7"));
  /* before any king has entered, castle squares are ordinary */
  load (&pos, "9k/10/7b2/10/R9/10/10/10/10/4K5 w - - 0 1 w 50 0 -");
  g_assert_true (has_move (&pos, "a6f6"));
}

static void
test_emperor_immune (void)
{
  EmperorPos pos;

  /* the rook bears on the emperor, but he is immune: no check */
  load (&pos, "k9/10/10/10/10/4K5/10/10/10/4r5 w - - 0 1 w 50 1 -");
  g_assert_false (emperor_in_check (&pos));
  g_assert_false (has_move (&pos, "e5e4"));   /* stepping out into the rook's line is not */
  g_assert_true (has_move (&pos, "e5f5"));
  g_assert_true (has_move (&pos, "e5e6"));    /* attacks are taken before the move */
  /* no enemy lands on the castle while the emperor stands there */
  load (&pos, "k9/10/10/10/10/4K5/10/10/10/4r5 b - - 0 1 w 50 1 -");
  g_assert_false (has_move (&pos, "e1e5"));
  g_assert_true (has_move (&pos, "e1e4"));
  load (&pos, "k9/10/10/6n3/10/4K5/10/10/10/10 b - - 0 1 w 50 1 -");
  g_assert_false (has_move (&pos, "g7e6"));
  g_assert_false (has_move (&pos, "g7f5"));
  g_assert_true (has_move (&pos, "g7h5"));
  /* sliders may cross the castle */
  load (&pos, "k9/10/10/10/r9/6K3/10/10/10/10 b - - 0 1 w 50 1 -");
  g_assert_true (has_move (&pos, "a6j6"));
}

static void
test_immunity_lost (void)
{
  EmperorPos pos;
  EmperorMove moves[EMP_MAX_MOVES];

  /* a knight on the fort g4: immunity is gone, rook and knight give check */
  load (&pos, "k9/10/10/10/8B1/4K5/6n3/10/10/4r5 w - - 0 1 w 50 1 -");
  g_assert_false (emperor_is_immune (&pos, EMP_WHITE));
  g_assert_true (emperor_in_check (&pos));
  /* taking the knight on the fort makes him immune again, whatever the rook does */
  g_assert_true (has_move (&pos, "i6g4"));
  g_assert_false (has_move (&pos, "i6h7"));
  for (int i = 0, n = emperor_gen_legal (&pos, moves); i < n; i++)
    {
      EmperorPos next = pos;
      emperor_make (&next, moves[i]);
      next.side = EMP_WHITE;   /* look at White's king after White's move */
      g_assert_true (emperor_is_immune (&next, EMP_WHITE) ||
                     !emperor_attacked (&next, next.king[EMP_WHITE], EMP_BLACK));
    }
}

static void
test_castle_victory (void)
{
  EmperorPos pos;
  EmperorMove moves[EMP_MAX_MOVES];
  int winner;

  load (&pos, "k9/10/10/10/4G4R/4KN4/10/10/10/10 w - - 0 1 w 50 1 -");
  play (&pos, "j6f6");
  g_assert_cmpint (pos.end, ==, EMP_END_CASTLE);
  g_assert_cmpint (emperor_outcome (&pos, &winner), ==, EMP_END_CASTLE);
  g_assert_cmpint (winner, ==, EMP_WHITE);
  g_assert_cmpint (emperor_gen_legal (&pos, moves), ==, 0);

  /* not while an enemy holds a fort */
  load (&pos, "k9/10/10/3p6/4G4R/4KN4/10/10/10/10 w - - 0 1 w 50 1 -");
  play (&pos, "j6f6");
  g_assert_cmpint (pos.end, ==, EMP_END_NONE);

  /* a pawn is not an officer */
  load (&pos, "k9/10/10/10/4G5/4KN4/10/10/10/10 w - - 0 1 w 50 1 -");
  pos.board[EMP_SQ (5, 5)] = EMP_PIECE (EMP_WHITE, EMP_PAWN);
  pos.side = EMP_BLACK;
  play (&pos, "a10a9");
  g_assert_cmpint (pos.end, ==, EMP_END_NONE);
}

static void
test_claim_lost_and_passed (void)
{
  EmperorPos pos;
  int winner;

  /* fifty moves spent, fewer than three officers: the claim passes */
  load (&pos, "9k/10/10/10/10/10/10/10/10/RN4K3 w - - 0 1 w 1 0 -");
  play (&pos, "g1h1");
  g_assert_cmpint (pos.claimant, ==, EMP_BLACK);
  g_assert_cmpint (pos.claim_left, ==, EMP_CLAIM_MOVES);
  g_assert_cmpint (pos.failed, ==, 1);

  /* with three officers the claim holds, until one is lost */
  load (&pos, "9k/10/10/10/10/10/10/2q7/10/RNB3K3 w - - 0 1 w 1 0 -");
  play (&pos, "g1h1");
  g_assert_cmpint (pos.claimant, ==, EMP_WHITE);
  g_assert_cmpint (pos.claim_left, ==, 0);
  play (&pos, "c3c1");
  g_assert_cmpint (pos.claimant, ==, EMP_BLACK);

  /* the other side has failed already: "the game is over" */
  load (&pos, "9k/10/10/10/10/10/10/10/10/RN4K3 w - - 0 1 w 1 0 b");
  play (&pos, "g1h1");
  g_assert_cmpint (emperor_outcome (&pos, &winner), ==, EMP_END_CLAIMS_FAILED);
  g_assert_cmpint (winner, ==, -1);
}

static void
test_sally (void)
{
  EmperorPos pos;

  load (&pos, "k9/10/10/10/10/4K5/10/10/10/10 w - - 0 1 w 30 1 -");
  play (&pos, "e5d5");
  g_assert_false (emperor_is_emperor (&pos, EMP_WHITE));
  g_assert_cmpint (pos.claimant, ==, EMP_BLACK);
  g_assert_cmpint (pos.claim_left, ==, EMP_CLAIM_MOVES);
}

static void
test_ends (void)
{
  EmperorPos pos;
  int winner;

  load (&pos, "k9/1Q8/2K7/10/10/10/10/10/10/10 b - - 0 1");
  g_assert_cmpint (emperor_outcome (&pos, &winner), ==, EMP_END_CHECKMATE);
  g_assert_cmpint (winner, ==, EMP_WHITE);
  load (&pos, "k9/2Q7/2K7/10/10/10/10/10/10/10 b - - 0 1");
  g_assert_cmpint (emperor_outcome (&pos, &winner), ==, EMP_END_STALEMATE);
  load (&pos, "k9/10/2K7/10/10/10/10/10/10/7R2 b - - 100 80");
  g_assert_cmpint (emperor_outcome (&pos, &winner), ==, EMP_END_FIFTY);
  load (&pos, "k9/10/2K7/10/10/10/10/10/10/7R2 b - - 99 80");
  g_assert_cmpint (emperor_outcome (&pos, &winner), ==, EMP_END_NONE);
}

static void
test_notation (void)
{
  EmperorPos pos;
  EmperorMove move;
  char san[24], uci[16];

  load (&pos, EMP_START_FEN);
  move = emperor_move_from_uci (&pos, "b1c3");
  emperor_move_to_san (&pos, move, san, sizeof san);
  g_assert_cmpstr (san, ==, "Nc3");
  g_assert_true (emperor_move_from_uci (&pos, "e2e5") == EMP_MOVE_NONE);
  g_assert_true (emperor_move_from_uci (&pos, "e2") == EMP_MOVE_NONE);
  g_assert_true (emperor_move_from_uci (&pos, "k2k4") == EMP_MOVE_NONE);

  load (&pos, "r5k2r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R5K2R w KQkq - 0 1");
  move = emperor_move_from_uci (&pos, "g1i1");
  emperor_move_to_san (&pos, move, san, sizeof san);
  g_assert_cmpstr (san, ==, "O-O");
  move = emperor_move_from_uci (&pos, "g1c1");
  emperor_move_to_san (&pos, move, san, sizeof san);
  g_assert_cmpstr (san, ==, "O-O-O");

  load (&pos, "1r8/P8k/10/10/10/10/10/10/p9/K9 w - - 0 1");
  move = emperor_move_from_uci (&pos, "a9b10g");
  g_assert_true (move != EMP_MOVE_NONE);
  emperor_move_to_san (&pos, move, san, sizeof san);
  g_assert_cmpstr (san, ==, "axb10=G");
  emperor_move_to_uci (move, uci, sizeof uci);
  g_assert_cmpstr (uci, ==, "a9b10g");

  load (&pos, "k9/10/K9/10/10/10/10/10/10/9R w - - 0 1");
  move = emperor_move_from_uci (&pos, "j1j10");
  emperor_move_to_san (&pos, move, san, sizeof san);
  g_assert_cmpstr (san, ==, "Rj10#");
  move = emperor_move_from_uci (&pos, "j1j9");
  emperor_move_to_san (&pos, move, san, sizeof san);
  g_assert_cmpstr (san, ==, "Rj9");
}

/* ------------------------------------------------------------------------ */
/* Properties: many random games through LudoGame                            */

/* The castle and the forts, from the rules: e5 f5 e6 f6 and d4 g4 d7 g7. */
static gboolean
ref_in_castle (int sq)
{
  return (EMP_FILE (sq) == 4 || EMP_FILE (sq) == 5) && (EMP_RANK (sq) == 4 || EMP_RANK (sq) == 5);
}

static gboolean
ref_on_fort (int sq)
{
  return (EMP_FILE (sq) == 3 || EMP_FILE (sq) == 6) && (EMP_RANK (sq) == 3 || EMP_RANK (sq) == 6);
}

static int
ref_officers (const EmperorPos *pos,
              int               side)
{
  int n = 0;

  for (int sq = 0; sq < EMP_SQUARES; sq++)
    {
      uint8_t p = pos->board[sq];
      n += p && EMP_COLOR (p) == side && EMP_TYPE (p) != EMP_PAWN && EMP_TYPE (p) != EMP_KING;
    }
  return n;
}

/* An emperor is immune while no enemy stands on the castle or a fort. */
static gboolean
ref_immune (const EmperorPos *pos,
            int               side)
{
  if (!ref_in_castle (pos->king[side]))
    return FALSE;
  for (int sq = 0; sq < EMP_SQUARES; sq++)
    if ((ref_in_castle (sq) || ref_on_fort (sq)) && pos->board[sq] && EMP_COLOR (pos->board[sq]) != side)
      return FALSE;
  return TRUE;
}

/* Castle victory: the emperor and three officers on the four castle
 * squares, no enemy on a fort. */
static gboolean
ref_holds_castle (const EmperorPos *pos,
                  int               side)
{
  int officers = 0, kings = 0;

  for (int sq = 0; sq < EMP_SQUARES; sq++)
    {
      uint8_t p = pos->board[sq];

      if (ref_in_castle (sq))
        {
          if (!p || EMP_COLOR (p) != side || EMP_TYPE (p) == EMP_PAWN)
            return FALSE;
          kings += EMP_TYPE (p) == EMP_KING;
          officers += EMP_TYPE (p) != EMP_KING;
        }
      else if (ref_on_fort (sq) && p && EMP_COLOR (p) != side)
        return FALSE;
    }
  return kings == 1 && officers == 3;
}

/* a1 … j10, written by hand: the notation is asked for on every move */
static char *
ref_square_name (int   sq,
                 char *out)
{
  *out++ = (char) ('a' + EMP_FILE (sq));
  if (EMP_RANK (sq) == 9)
    {
      *out++ = '1';
      *out++ = '0';
    }
  else
    *out++ = (char) ('1' + EMP_RANK (sq));
  return out;
}

static const char ref_promo_letters[] = "??nbrqg";   /* by EMP_KNIGHT … EMP_GENERAL */

static char *
ref_notation (EmperorMove move)
{
  char text[8], *end;
  int promo = EMP_MOVE_PROMO (move);

  end = ref_square_name (EMP_MOVE_TO (move), ref_square_name (EMP_MOVE_FROM (move), text));
  if (promo)
    *end++ = ref_promo_letters[promo];
  *end = '\0';
  return g_strdup (text);
}

static gboolean
ref_parse_square (const char **text,
                  int         *sq)
{
  const char *p = *text;
  int file, rank;

  if (*p < 'a' || *p > 'j' || p[1] < '1' || p[1] > '9')
    return FALSE;
  file = *p - 'a';
  rank = p[1] - '0';
  p += 2;
  if (rank == 1 && *p == '0')
    {
      rank = 10;
      p++;
    }
  *sq = EMP_SQ (file, rank - 1);
  *text = p;
  return TRUE;
}

/* A move in notation played by the rules, not by emperor_make: the board,
 * castling, en passant, the clocks and the castle game. The hash and the
 * repetitions are left as they were. */
static gboolean
ref_play_notation (const EmperorPos *pos,
                   const char       *text,
                   EmperorPos       *next)
{
  static const struct { int sq, rights; } corners[] = {
    { 6, EMP_CASTLE_WK | EMP_CASTLE_WQ }, { 9, EMP_CASTLE_WK }, { 0, EMP_CASTLE_WQ },
    { 96, EMP_CASTLE_BK | EMP_CASTLE_BQ }, { 99, EMP_CASTLE_BK }, { 90, EMP_CASTLE_BQ },
  };
  int from, to, promo = 0, us = pos->side, them = !us, type;
  uint8_t piece;
  gboolean capture, pawn, king;

  if (!ref_parse_square (&text, &from) || !ref_parse_square (&text, &to))
    return FALSE;
  if (*text)
    {
      const char *l = strchr (ref_promo_letters + 2, *text);
      if (l == NULL || text[1])
        return FALSE;
      promo = (int) (l - ref_promo_letters);
    }
  piece = pos->board[from];
  if (!piece || EMP_COLOR (piece) != us)
    return FALSE;
  type = EMP_TYPE (piece);
  pawn = type == EMP_PAWN;
  king = type == EMP_KING;
  capture = pos->board[to] != EMP_EMPTY;

  *next = *pos;
  next->board[from] = EMP_EMPTY;
  next->board[to] = promo ? EMP_PIECE (us, promo) : piece;
  if (pawn && EMP_FILE (from) != EMP_FILE (to) && !capture)
    {
      /* en passant: the pawn taken stands beside the one that takes */
      next->board[EMP_SQ (EMP_FILE (to), EMP_RANK (from))] = EMP_EMPTY;
      capture = TRUE;
    }
  if (king)
    {
      next->king[us] = (uint8_t) to;
      if (EMP_FILE (to) - EMP_FILE (from) == 2)
        {
          next->board[EMP_SQ (9, EMP_RANK (from))] = EMP_EMPTY;
          next->board[EMP_SQ (7, EMP_RANK (from))] = EMP_PIECE (us, EMP_ROOK);
        }
      else if (EMP_FILE (from) - EMP_FILE (to) == 4)
        {
          next->board[EMP_SQ (0, EMP_RANK (from))] = EMP_EMPTY;
          next->board[EMP_SQ (3, EMP_RANK (from))] = EMP_PIECE (us, EMP_ROOK);
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    if (from == corners[i].sq || to == corners[i].sq)
      next->castling &= (uint8_t) ~corners[i].rights;
  next->ep = pawn && ABS (EMP_RANK (to) - EMP_RANK (from)) == 2 ? (uint8_t) EMP_SQ (EMP_FILE (from), (EMP_RANK (from) + EMP_RANK (to)) / 2)
                                                              : EMP_NO_SQUARE;
  next->halfmove = capture || pawn ? 0 : (uint8_t) MIN (pos->halfmove + 1, 255);
  if (us == EMP_BLACK && pos->fullmove < EMP_MAX_FULLMOVE)
    next->fullmove++;
  next->side = (uint8_t) them;

  /* the castle game: an entry, the claimant's clock, a sally, a lost claim */
  if (king && ref_in_castle (to) && !ref_in_castle (from))
    next->entered = 1;
  if (pos->claimant == us)
    {
      if (king && ref_in_castle (from) && !ref_in_castle (to))
        {
          next->claimant = (int8_t) them;
          next->claim_left = EMP_CLAIM_MOVES;
        }
      else if (!ref_in_castle (next->king[us]) && next->claim_left > 0)
        next->claim_left--;
    }
  if (next->claimant >= 0)
    {
      int c = next->claimant;

      if (!ref_in_castle (next->king[c]) && next->claim_left == 0 && ref_officers (next, c) < 3)
        {
          next->failed |= (uint8_t) (1 << c);
          if (next->failed & (1 << !c))
            {
              next->claimant = -1;
              next->end = EMP_END_CLAIMS_FAILED;
              next->winner = -1;
            }
          else
            {
              next->claimant = (int8_t) !c;
              next->claim_left = EMP_CLAIM_MOVES;
            }
        }
    }
  for (int side = 0; side < 2; side++)
    if (ref_holds_castle (next, side))
      {
        next->end = EMP_END_CASTLE;
        next->winner = (int8_t) side;
      }
  return TRUE;
}

/* Positions that count as the same for a repetition: the pieces, the side
 * to move, the castling rights, the en passant square and the castle state
 * (but not its clock, as not the half-move clock). */
static gboolean
ref_same_position (const EmperorPos *a,
                   const EmperorPos *b)
{
  return memcmp (a->board, b->board, sizeof a->board) == 0 && a->side == b->side &&
         a->castling == b->castling && a->ep == b->ep && a->claimant == b->claimant &&
         a->entered == b->entered && a->failed == b->failed;
}

static G_GNUC_NORETURN void
state_error (const EmperorPos *pos,
             const char       *format,
             ...) G_GNUC_PRINTF (2, 3);

/* The game being checked, to say how to play it again. */
static LudoGame *checked_game;

static void
state_error (const EmperorPos *pos,
             const char       *format,
             ...)
{
  va_list args;
  g_autofree char *what = NULL;
  g_autoptr(GString) moves = g_string_new (NULL);
  char fen[256];

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  emperor_to_fen (pos, fen, sizeof fen, TRUE);
  if (checked_game)
    {
      g_autofree char *options = g_variant_print (ludo_game_get_options (checked_game), FALSE);

      g_string_append_printf (moves, "game seed %" G_GUINT64_FORMAT ", options %s, at ply %u; moves:",
                              ludo_game_get_seed (checked_game), options, ludo_game_get_position (checked_game));
      for (guint i = 0; i < ludo_game_get_n_moves (checked_game); i++)
        g_string_append_printf (moves, " %s", ludo_game_get_move (checked_game, i));
    }
  g_error ("emperor state %s: %s; %s", fen, what, moves->str);
}

/* What the position must be, whatever the moves. */
static void
check_emperor_position (const EmperorPos *pos)
{
  /* initial counts: 1 K, 1 Q, 2 R, 2 B, 2 N, 2 G, 10 P */
  static const int initial[8] = { 0, 10, 2, 2, 2, 1, 2, 1 };
  EmperorPos copy;
  char fen[256], again[256];
  EmperorFenError error;

  for (int side = 0; side < 2; side++)
    {
      int count[8] = { 0 }, promoted = 0;

      for (int sq = 0; sq < EMP_SQUARES; sq++)
        {
          uint8_t p = pos->board[sq];
          if (p & ~(uint8_t) 0xF || (p && EMP_TYPE (p) == EMP_EMPTY))
            state_error (pos, "square %d holds %u, no piece", sq, p);
          if (p && EMP_COLOR (p) == side)
            count[EMP_TYPE (p)]++;
        }
      if (count[EMP_KING] != 1 || pos->king[side] >= EMP_SQUARES ||
          pos->board[pos->king[side]] != EMP_PIECE (side, EMP_KING))
        state_error (pos, "side %d has %d kings, its king is said to be on %d", side, count[EMP_KING], pos->king[side]);
      for (int t = EMP_KNIGHT; t <= EMP_GENERAL; t++)
        promoted += MAX (0, count[t] - initial[t]);
      if (count[EMP_PAWN] + promoted > 10)
        state_error (pos, "side %d has %d pawns and %d promoted pieces", side, count[EMP_PAWN], promoted);
      /* a king on a castle square is the claimant's, and has entered */
      if (ref_in_castle (pos->king[side]) && (pos->claimant != side || !pos->entered))
        state_error (pos, "side %d is emperor without the claim or an entry", side);
    }
  if (pos->side > 1 || pos->castling > 15 || pos->claim_left > EMP_CLAIM_MOVES ||
      pos->entered > 1 || pos->failed > 3 || pos->halfmove > 100 || pos->fullmove < 1)
    state_error (pos, "a field is out of its range");
  if ((pos->claimant < 0) != (pos->failed == 3) || pos->claimant > 1)
    state_error (pos, "claimant %d with failed claims %d", pos->claimant, pos->failed);
  if ((pos->end == EMP_END_CLAIMS_FAILED) != (pos->claimant < 0) ||
      (pos->end != EMP_END_NONE && pos->end != EMP_END_CASTLE && pos->end != EMP_END_CLAIMS_FAILED))
    state_error (pos, "end %d does not fit the claim", pos->end);
  if ((pos->end == EMP_END_CASTLE) != (ref_holds_castle (pos, EMP_WHITE) || ref_holds_castle (pos, EMP_BLACK)) ||
      (pos->end == EMP_END_CASTLE && !ref_holds_castle (pos, pos->winner)) ||
      (pos->end == EMP_END_CLAIMS_FAILED && pos->winner != -1))
    state_error (pos, "end %d, winner %d: not who holds the castle", pos->end, pos->winner);
  /* the side that has just moved is not in check (an immune emperor never is) */
  if (!ref_immune (pos, !pos->side) && emperor_attacked (pos, pos->king[!pos->side], pos->side))
    state_error (pos, "the side that has moved is in check");

  /* the FEN reads back, to the same FEN and the hash computed from scratch */
  emperor_to_fen (pos, fen, sizeof fen, TRUE);
  error = emperor_from_fen (&copy, fen);
  if (error != EMP_FEN_OK)
    state_error (pos, "its FEN is refused (%d)", error);
  emperor_to_fen (&copy, again, sizeof again, TRUE);
  if (strcmp (fen, again) != 0)
    state_error (pos, "its FEN reads back as %s", again);
  if (copy.hash != pos->hash)
    state_error (pos, "hash %016" G_GINT64_MODIFIER "x, from scratch %016" G_GINT64_MODIFIER "x",
                 (guint64) pos->hash, (guint64) copy.hash);
  if (copy.end != pos->end || (pos->end != EMP_END_NONE && copy.winner != pos->winner))
    state_error (pos, "the FEN reads back with end %d winner %d", copy.end, copy.winner);
}

/* The fields the rules decide, compared with what the reference played. */
static void
compare_positions (const EmperorPos *pos,
                   const EmperorPos *expected,
                   const char       *how)
{
  char fen[256];

#define SAME(field) \
  if (pos->field != expected->field) \
    { \
      emperor_to_fen (expected, fen, sizeof fen, TRUE); \
      state_error (pos, "%s: " #field " is %d, the reference says %d (%s)", how, \
                   (int) pos->field, (int) expected->field, fen); \
    }
  if (memcmp (pos->board, expected->board, sizeof pos->board) != 0)
    {
      emperor_to_fen (expected, fen, sizeof fen, TRUE);
      state_error (pos, "%s: the board should be %s", how, fen);
    }
  SAME (side);
  SAME (castling);
  SAME (ep);
  SAME (halfmove);
  SAME (fullmove);
  SAME (king[0]);
  SAME (king[1]);
  SAME (claimant);
  SAME (claim_left);
  SAME (entered);
  SAME (failed);
  SAME (end);
  if (pos->end != EMP_END_NONE)
    SAME (winner);
#undef SAME
}

/* The reference's moves of the last position asked for: check_state and
 * reference_moves look at the same one, one after the other. */
static struct {
  EmperorPos pos;
  GArray    *moves;
} ref_cache;

static const GArray *
ref_moves_cached (const EmperorPos *pos)
{
  if (ref_cache.moves == NULL || memcmp (&ref_cache.pos, pos, sizeof ref_cache.pos) != 0)
    {
      g_clear_pointer (&ref_cache.moves, g_array_unref);
      ref_cache.moves = reference_moves (pos);
      memcpy (&ref_cache.pos, pos, sizeof ref_cache.pos);
    }
  return ref_cache.moves;
}

/* The reference's legal moves, in the notation of the rules. */
static GPtrArray *
ref_legal_moves (const EmperorPos *pos)
{
  const GArray *moves = ref_moves_cached (pos);
  GPtrArray *out = g_ptr_array_new_full (moves->len, g_free);

  for (guint i = 0; i < moves->len; i++)
    g_ptr_array_add (out, ref_notation (g_array_index (moves, EmperorMove, i)));
  return out;
}

/* What the random games reached, to see that the castle rules were played. */
static struct {
  guint64 positions, emperors, entered, claim_passed, claim_failed;
  guint   ends[EMP_END_REPETITION + 1];
} coverage;

static void
property_check_state (LudoGame      *game,
                      gconstpointer  state)
{
  const EmperorGameState *s = state;
  const EmperorPos *pos = &s->pos;
  guint ply = ludo_game_get_position (game);
  EmperorPos expected;
  guint repetitions = 1, first;
  EmperorEnd end = EMP_END_NONE;
  int winner = -1;
  LudoOutcome outcome;
  static const char * const reasons[] = {
    NULL, "checkmate", "stalemate", "castle", "claims-failed", "fifty-moves", "repetition",
  };

  checked_game = game;
  check_emperor_position (pos);

  /* the start from the options, or the last move played by the reference */
  if (ply == 0)
    {
      int claimant = ludo_game_get_option (game, "claimant");

      load (&expected, EMP_START_FEN);
      expected.claimant = (int8_t) (claimant < 2 ? claimant : pos->claimant);
      if (expected.claimant != EMP_WHITE && expected.claimant != EMP_BLACK)
        state_error (pos, "the lot gave the claim to %d", pos->claimant);
      compare_positions (pos, &expected, "the start");
    }
  else
    {
      const EmperorGameState *before = ludo_game_get_state_at (game, ply - 1);
      const char *move = ludo_game_get_move (game, ply - 1);
      g_autofree char *how = g_strdup_printf ("after %s", move);

      if (!ref_play_notation (&before->pos, move, &expected))
        state_error (&before->pos, "the reference cannot read the move %s", move);
      compare_positions (pos, &expected, how);
    }

  /* repetitions: the positions since the last capture or pawn move, each
   * state as the game keeps it; and the history the computer is given */
  first = ply >= pos->halfmove ? ply - pos->halfmove : 0;
  for (guint i = first; i < ply; i++)
    repetitions += ref_same_position (&((const EmperorGameState *) ludo_game_get_state_at (game, i))->pos, pos);
  if (pos->repetitions != repetitions)
    state_error (pos, "seen %u times, the game counts %u", repetitions, pos->repetitions);
  if (s->n_history != MIN (ply - first, EMP_HISTORY))
    state_error (pos, "%u positions in the history, %u since the last capture or pawn move", s->n_history, ply - first);
  for (guint i = 0; i < s->n_history; i++)
    if (s->history[s->n_history - 1 - i] != ((const EmperorGameState *) ludo_game_get_state_at (game, ply - 1 - i))->pos.hash)
      state_error (pos, "history entry %u is not the hash of ply %u", s->n_history - 1 - i, ply - 1 - i);

  /* the end of the game by the rules: castle, claims, mate, stalemate,
   * repetition, fifty moves */
  if (pos->end == EMP_END_CASTLE || pos->end == EMP_END_CLAIMS_FAILED)
    {
      end = pos->end;
      winner = pos->winner;
    }
  else
    {
      const GArray *moves = ref_moves_cached (pos);

      if (moves->len == 0)
        {
          if (!ref_immune (pos, pos->side) && emperor_attacked (pos, pos->king[pos->side], !pos->side))
            {
              end = EMP_END_CHECKMATE;
              winner = !pos->side;
            }
          else
            end = EMP_END_STALEMATE;
        }
      else if (repetitions >= 3)
        end = EMP_END_REPETITION;
      else if (pos->halfmove >= 100)
        end = EMP_END_FIFTY;
    }
  ludo_game_get_outcome (game, &outcome);
  if (end == EMP_END_NONE ? outcome.kind != LUDO_RESULT_NONE
                          : outcome.kind != (winner >= 0 ? LUDO_RESULT_WIN : LUDO_RESULT_DRAW) ||
                            (winner >= 0 && outcome.winner != winner) ||
                            g_strcmp0 (outcome.reason, reasons[end]) != 0)
    state_error (pos, "the game says result %d winner %d (%s), the reference %s winner %d",
                 outcome.kind, outcome.winner, outcome.reason ? outcome.reason : "-",
                 reasons[end] ? reasons[end] : "none", winner);
  if (ludo_game_get_current_seat (game) != (end == EMP_END_NONE ? pos->side : -1))
    state_error (pos, "seat %d to move", ludo_game_get_current_seat (game));

  coverage.positions++;
  coverage.emperors += ref_in_castle (pos->king[EMP_WHITE]) || ref_in_castle (pos->king[EMP_BLACK]);
  coverage.entered += pos->entered;
  coverage.claim_failed += pos->failed != 0;
  coverage.claim_passed += ply > 0 && expected.claimant != ((const EmperorGameState *) ludo_game_get_state_at (game, ply - 1))->pos.claimant;
  coverage.ends[end]++;
  checked_game = NULL;
}

static GPtrArray *
property_reference_moves (LudoGame      *game,
                          gconstpointer  state)
{
  const EmperorGameState *s = state;

  return ref_legal_moves (&s->pos);
}

/* A draw by repetition or by the hundred half-moves ends the game: the game
 * then lists no legal move, as after a mate (found by the property test:
 * it listed the position's moves, which play refused). */
static void
test_drawn_game_lists_no_moves (void)
{
  static const char * const knights[] = { "b1c3", "b10c8", "c3b1", "c8b10" };
  g_autoptr(LudoGame) game = ludo_game_new ("emperor", NULL, NULL);
  g_autoptr(LudoGame) fifty = ludo_game_new ("emperor", NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) moves = NULL;
  g_auto(GStrv) none = NULL;

  /* the start position for the third time */
  for (int i = 0; i < 8; i++)
    g_assert_true (ludo_game_play (game, knights[i % 4], NULL));
  g_assert_true (ludo_game_is_over (game));
  moves = ludo_game_legal_moves (game);
  g_assert_nonnull (moves);
  g_assert_cmpuint (g_strv_length (moves), ==, 0);

  /* the hundredth half-move without a capture or a pawn move */
  if (!ludo_emperor_game_set_start_fen (LUDO_EMPEROR_GAME (fifty), "k9/10/2K7/10/10/10/10/10/10/7R2 w - - 99 80", &error))
    g_error ("%s", error->message);
  none = ludo_game_legal_moves (fifty);
  g_assert_cmpuint (g_strv_length (none), >, 0);
  g_clear_pointer (&none, g_strfreev);
  g_assert_true (ludo_game_play (fifty, "h1h2", NULL));
  g_assert_true (ludo_game_is_over (fifty));
  none = ludo_game_legal_moves (fifty);
  g_assert_nonnull (none);
  g_assert_cmpuint (g_strv_length (none), ==, 0);
  g_assert_false (ludo_game_play (fifty, "h2h3", NULL));
}

/* A knight on a fort lifts the emperor's immunity: the rook, the pawn and
 * the knight all give check at once. The position is legal, and its FEN
 * reads back (found by the property test: the FEN was refused as a triple
 * check no move can give). */
static void
test_immunity_lifted_triple_check (void)
{
  EmperorPos pos, again;
  EmperorMove moves[EMP_MAX_MOVES];
  char fen[256];
  int n;

  load (&pos, "1b4gr2/3K5p/10/1P5p2/R3kpp3/P2P6/9P/5N4/1B8/R4b4 w - - 2 118 b 0 1 -");
  g_assert_true (emperor_is_immune (&pos, EMP_BLACK));
  play (&pos, "f3d4");
  g_assert_false (emperor_is_immune (&pos, EMP_BLACK));
  g_assert_true (emperor_in_check (&pos));
  emperor_to_fen (&pos, fen, sizeof fen, TRUE);
  g_assert_cmpstr (fen, ==, "1b4gr2/3K5p/10/1P5p2/R3kpp3/P2P6/3N5P/10/1B8/R4b4 b - - 3 118 b 0 1 -");
  g_assert_cmpint (emperor_from_fen (&again, fen), ==, EMP_FEN_OK);
  g_assert_cmphex (again.hash, ==, pos.hash);
  /* the king steps aside; nothing else answers three checks */
  n = emperor_gen_legal (&pos, moves);
  {
    g_autoptr(GArray) ref = reference_moves (&pos);
    g_assert_cmpuint (ref->len, ==, (guint) n);
  }
  for (int i = 0; i < n; i++)
    g_assert_cmpint (EMP_MOVE_FROM (moves[i]), ==, pos.king[EMP_BLACK]);
  /* without an emperor, three checkers are still refused */
  g_assert_cmpint (emperor_from_fen (&again, "k9/10/4r5/10/10/b9/10/3n6/10/4K5 w - - 0 1"), ==, EMP_FEN_CHECKERS);
}

static void
test_properties (void)
{
  const LudoPropertySpec spec = {
    .game_id = "emperor",
    .max_plies = 1000,
    .check_state = property_check_state,
    .reference_moves = property_reference_moves,
  };
  LudoPropertyStats stats;

  memset (&coverage, 0, sizeof coverage);
  ludo_properties_run (&spec, &stats);
  g_clear_pointer (&ref_cache.moves, g_array_unref);
  g_test_message ("%" G_GUINT64_FORMAT " positions, %" G_GUINT64_FORMAT " with an emperor, %" G_GUINT64_FORMAT
                  " after an entry, %" G_GUINT64_FORMAT " after a lost claim, %" G_GUINT64_FORMAT " claims passed; "
                  "ends: %u checkmate, %u stalemate, %u castle, %u claims failed, %u fifty moves, %u repetition",
                  coverage.positions, coverage.emperors, coverage.entered, coverage.claim_failed, coverage.claim_passed,
                  coverage.ends[EMP_END_CHECKMATE], coverage.ends[EMP_END_STALEMATE], coverage.ends[EMP_END_CASTLE],
                  coverage.ends[EMP_END_CLAIMS_FAILED], coverage.ends[EMP_END_FIFTY], coverage.ends[EMP_END_REPETITION]);
  g_assert_cmpuint (stats.games, >, 0);
  g_assert_cmpuint (stats.finished, >, stats.games / 2);
  g_assert_cmpuint (stats.computer_moves, >, 0);
  g_assert_cmpuint (stats.moves_compared, >, stats.plies);
  g_assert_cmpuint (coverage.positions, ==, stats.plies + stats.games);
  /* the whole run (300 games) reaches the castle rules and most ends;
   * a short one (the quick suite's) may not */
  if (stats.games >= LUDO_PROPERTY_GAMES)
    {
      g_assert_cmpuint (coverage.emperors, >, 3 * stats.games);
      g_assert_cmpuint (coverage.claim_passed, >, 100);
      g_assert_cmpuint (coverage.ends[EMP_END_CHECKMATE], >, 0);
      g_assert_cmpuint (coverage.ends[EMP_END_CLAIMS_FAILED], >, 0);
      g_assert_cmpuint (coverage.ends[EMP_END_FIFTY], >, 0);
      g_assert_cmpuint (coverage.ends[EMP_END_REPETITION], >, 0);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  emperor_init ();

  g_test_add_func ("/emperor/perft/positions", test_perft_positions);
  g_test_add_func ("/emperor/hash-and-fen", test_hash_and_fen);
  g_test_add_func ("/emperor/fullmove-limit", test_fullmove_limit);
  g_test_add_func ("/emperor/against-reference", test_against_reference);
  g_test_add_func ("/emperor/fen-errors", test_fen_errors);
  g_test_add_func ("/emperor/castle/only-claimant-enters", test_only_claimant_enters);
  g_test_add_func ("/emperor/castle/entering-and-clock", test_entering_and_the_clock);
  g_test_add_func ("/emperor/castle/entry-rule", test_entry_rule);
  g_test_add_func ("/emperor/castle/emperor-immune", test_emperor_immune);
  g_test_add_func ("/emperor/castle/immunity-lost", test_immunity_lost);
  g_test_add_func ("/emperor/castle/victory", test_castle_victory);
  g_test_add_func ("/emperor/castle/claim-lost-and-passed", test_claim_lost_and_passed);
  g_test_add_func ("/emperor/castle/sally", test_sally);
  g_test_add_func ("/emperor/ends", test_ends);
  g_test_add_func ("/emperor/notation", test_notation);
  g_test_add_func ("/emperor/drawn-game-lists-no-moves", test_drawn_game_lists_no_moves);
  g_test_add_func ("/emperor/castle/immunity-lifted-triple-check", test_immunity_lifted_triple_check);
  g_test_add_func ("/emperor/properties", test_properties);

  return g_test_run ();
}
