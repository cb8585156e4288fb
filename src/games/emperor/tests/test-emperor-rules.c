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
          /* the deepest counts only where they are quick */
          if (depth == 5 && p->nodes[5] > 60000000)
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

  for (int game = 0; game < 1000; game++)
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

  return g_test_run ();
}
