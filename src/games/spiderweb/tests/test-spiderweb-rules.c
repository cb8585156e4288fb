/* test-spiderweb-rules.c — the Spider Web rules engine, checked case by
 * case and against a slow reference written differently
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "games/spiderweb/spiderweb-ai.h"
#include "games/spiderweb/spiderweb-rules.h"
#include "ludo-properties.h"
#include "ludo-test-scale.h"

static void
load (SpiderwebPos *pos,
      const char   *text)
{
  SpiderwebTextError error = spiderweb_from_text (pos, text);

  if (error != SPW_TEXT_OK)
    g_error ("position %s refused: %d", text, error);
}

static SpiderwebMove
parse (const SpiderwebPos *pos,
       const char         *text)
{
  SpiderwebMove move = spiderweb_move_from_text (pos, text);

  if (move == SPW_MOVE_NONE)
    g_error ("%s is not legal here", text);
  return move;
}

static void
play (SpiderwebPos *pos,
      const char   *text)
{
  spiderweb_make (pos, parse (pos, text));
}

static int
node (const SpiderwebPos *pos,
      int                 ring,
      int                 spoke)
{
  return ring * pos->spokes + spoke;
}

static gboolean
has_piece (const SpiderwebPos *pos,
           int                 player,
           int                 ring,
           int                 spoke)
{
  return (pos->pieces[player] >> node (pos, ring, spoke)) & 1;
}

/* ------------------------------------------------------------------------ */
/* The web                                                                   */

/* Every board option: the lines as the patent's figure has them — each
 * polygon closed, each spoke from the innermost polygon to the outermost. */
static void
test_neighbours (void)
{
  for (int rings = SPW_MIN_RINGS; rings <= SPW_MAX_RINGS; rings++)
    for (int spokes = 6; spokes <= 8; spokes += 2)
      {
        SpiderwebPos pos;
        int edges = 0;

        spiderweb_init (&pos, rings, spokes, 2);
        g_assert_cmpint (spiderweb_n_nodes (&pos), ==, rings * spokes);
        for (int r = 0; r < rings; r++)
          for (int s = 0; s < spokes; s++)
            {
              int n = node (&pos, r, s);
              uint64_t nb = spiderweb_neighbours (&pos, n);
              uint64_t expect = 0;

              expect |= 1ull << node (&pos, r, (s + 1) % spokes);
              expect |= 1ull << node (&pos, r, (s + spokes - 1) % spokes);
              if (r > 0)
                expect |= 1ull << node (&pos, r - 1, s);
              if (r + 1 < rings)
                expect |= 1ull << node (&pos, r + 1, s);
              g_assert_cmphex (nb, ==, expect);
              /* the innermost and outermost polygons have three lines a node */
              g_assert_cmpint (__builtin_popcountll (nb), ==, (r == 0 || r == rings - 1) ? 3 : 4);
              g_assert_false ((nb >> n) & 1);
              for (int m = 0; m < rings * spokes; m++)
                if ((nb >> m) & 1)
                  {
                    g_assert_true ((spiderweb_neighbours (&pos, m) >> n) & 1);
                    edges++;
                  }
            }
        g_assert_cmpint (edges / 2, ==, rings * spokes + (rings - 1) * spokes);
      }
}

static void
test_piece_counts (void)
{
  /* RULES.md: 12, 8, 6; on webs too small for six empty nodes, fewer */
  g_assert_cmpint (spiderweb_pieces_each (4, 8, 2), ==, 12);
  g_assert_cmpint (spiderweb_pieces_each (4, 8, 3), ==, 8);
  g_assert_cmpint (spiderweb_pieces_each (4, 8, 4), ==, 6);
  g_assert_cmpint (spiderweb_pieces_each (5, 6, 2), ==, 12);
  g_assert_cmpint (spiderweb_pieces_each (6, 8, 4), ==, 6);
  g_assert_cmpint (spiderweb_pieces_each (4, 6, 2), ==, 9);
  g_assert_cmpint (spiderweb_pieces_each (3, 8, 2), ==, 9);
  g_assert_cmpint (spiderweb_pieces_each (3, 6, 2), ==, 6);
  g_assert_cmpint (spiderweb_pieces_each (3, 6, 3), ==, 4);
  g_assert_cmpint (spiderweb_pieces_each (3, 6, 4), ==, 3);
  for (int rings = SPW_MIN_RINGS; rings <= SPW_MAX_RINGS; rings++)
    for (int spokes = 6; spokes <= 8; spokes += 2)
      for (int players = 2; players <= 4; players++)
        {
          int each = spiderweb_pieces_each (rings, spokes, players);
          g_assert_cmpint (rings * spokes - each * players, >=, SPW_MIN_EMPTY);
          g_assert_cmpint (each, >, SPW_PIECES_LEFT_LOSE);
        }
  g_assert_cmpint (spiderweb_pieces_each (2, 8, 2), ==, 0);
  g_assert_cmpint (spiderweb_pieces_each (4, 7, 2), ==, 0);
  g_assert_cmpint (spiderweb_pieces_each (4, 8, 5), ==, 0);
}

/* ------------------------------------------------------------------------ */
/* Removal                                                                   */

/* "regardless of whether it was enclosed by the opponent's pieces or by
 * pieces of its own colour": a player may enclose his own piece, and the
 * opponent takes it. */
static void
test_enclosed_by_own (void)
{
  SpiderwebPos pos;

  /* a on 0.0 with b on 0.7 and a on 1.0: a placing on 0.1 encloses 0.0 */
  load (&pos, "4x8 a......b/a......./......../........ a 10,11 0,0");
  play (&pos, "place:0.1");
  g_assert_false (has_piece (&pos, 0, 0, 0));
  g_assert_cmpint (pos.lost[0], ==, 1);
  g_assert_cmpint (pos.taken[1], ==, 1);
  g_assert_cmpint (pos.taken[0], ==, 0);
  g_assert_cmphex (pos.removed, ==, 1ull << node (&pos, 0, 0));
  /* the pieces that enclosed it stay */
  g_assert_true (has_piece (&pos, 0, 0, 1));
  g_assert_true (has_piece (&pos, 0, 1, 0));
  g_assert_true (has_piece (&pos, 1, 0, 7));
}

/* One placement encloses several pieces, of both colours, all at once. */
static void
test_several_at_once (void)
{
  SpiderwebPos pos;

  /* 0.0 (b) has 0.7 (a), 1.0 (a) and 0.1 empty; 0.2 (a) has 0.3 (b),
   * 1.2 (b) and 0.1 empty. Placing on 0.1 fills the last free node of
   * both, and of none of the others. */
  load (&pos, "4x8 b.ab...a/a.b...../......../........ a 9,9 0,0");
  g_assert_cmphex (spiderweb_would_remove (&pos, parse (&pos, "place:0.1")), ==,
                   (1ull << node (&pos, 0, 0)) | (1ull << node (&pos, 0, 2)));
  play (&pos, "place:0.1");
  g_assert_false (has_piece (&pos, 1, 0, 0));
  g_assert_false (has_piece (&pos, 0, 0, 2));
  g_assert_cmpint (pos.lost[0], ==, 1);
  g_assert_cmpint (pos.lost[1], ==, 1);
  g_assert_cmpint (pos.taken[0], ==, 1);
  g_assert_cmpint (pos.taken[1], ==, 1);
  /* the placed piece itself had a free node beside it */
  g_assert_true (has_piece (&pos, 0, 0, 1));
  /* removal all at once: 0.1 kept its free nodes 0.0 and 0.2 only after */
  g_assert_cmpint (__builtin_popcountll (pos.removed), ==, 2);
}

/* A move leaves its node empty at once: a piece beside that node gains a
 * free node, and the move into its other free node no longer encloses it. */
static void
test_move_frees (void)
{
  SpiderwebPos pos;

  /* b on 1.1: 1.0, 1.2 and 2.1 are a's, 0.1 is its last free node */
  load (&pos, "4x8 ..a...../aba...../.a....../....b.b. a 0,0 8,9");
  g_assert_cmphex (spiderweb_would_remove (&pos, SPW_STEP (node (&pos, 0, 2), node (&pos, 0, 1))), ==,
                   1ull << node (&pos, 1, 1));
  /* a moves 1.0 away: 1.1 has 1.0 free too */
  play (&pos, "move:1.0-1.7");
  g_assert_cmphex (pos.removed, ==, 0);
  g_assert_cmphex (spiderweb_would_remove (&pos, SPW_STEP (node (&pos, 0, 2), node (&pos, 0, 1))), ==, 0);

  /* the web has no triangles: the node a piece leaves is never beside the
   * node it goes to and a third piece at once, so leaving cannot save a
   * piece whose last free node the same move fills */
  for (int n = 0; n < spiderweb_n_nodes (&pos); n++)
    for (uint64_t nb = spiderweb_neighbours (&pos, n); nb; nb &= nb - 1)
      g_assert_cmphex (spiderweb_neighbours (&pos, n) & spiderweb_neighbours (&pos, __builtin_ctzll (nb)), ==, 0);
}

/* A moved piece is never enclosed on arrival: the node it left is empty
 * and beside it. Nor does anybody pass: checked on every move of many
 * random games. */
static void
test_moved_piece_never_enclosed (void)
{
  GRand *rand = g_rand_new_with_seed (7);
  guint moves_checked = 0;

  for (int game = 0; game < 300; game++)
    {
      SpiderwebPos pos;

      spiderweb_init (&pos, g_rand_int_range (rand, 3, 7), g_rand_boolean (rand) ? 6 : 8,
                      g_rand_int_range (rand, 2, 5));
      while (pos.phase != SPW_OVER)
        {
          SpiderwebMove moves[SPW_MAX_MOVES];
          int n = spiderweb_gen_moves (&pos, moves);
          SpiderwebMove m;
          int mover = pos.to_move;

          /* a piece on the web always has a free node beside it (or it
           * would have been taken): the player to move always can, and
           * nobody ever passes */
          g_assert_cmpint (n, >, 0);
          m = moves[g_rand_int_range (rand, 0, n)];
          spiderweb_make (&pos, m);
          if (pos.phase != SPW_OVER)
            g_assert_cmpint (pos.to_move, ==, (mover + 1) % pos.players);
          if (!SPW_MOVE_IS_PLACE (m))
            {
              g_assert_false ((pos.removed >> SPW_MOVE_TO (m)) & 1);
              moves_checked++;
            }
          /* and placed pieces neither: they go where a node is free beside */
          else
            g_assert_false ((pos.removed >> SPW_MOVE_TO (m)) & 1);
          /* after every turn, no piece stands enclosed */
          g_assert_cmphex (spiderweb_enclosed (&pos), ==, 0);
        }
    }
  g_assert_cmpuint (moves_checked, >, 1000);
  g_rand_free (rand);
}

/* With three players, a removal counts for the player who moved, or for
 * nobody if the piece is his own. */
static void
test_taken_three_players (void)
{
  SpiderwebPos pos;

  /* c on 0.0 with a on 0.7 and 1.0; a places on 0.1: c's piece is a's */
  load (&pos, "4x8 c......a/a......./......../........ a 6,8,7 0,0,0");
  play (&pos, "place:0.1");
  g_assert_cmpint (pos.lost[2], ==, 1);
  g_assert_cmpint (pos.taken[0], ==, 1);
  g_assert_cmpint (pos.taken[1], ==, 0);

  /* a encloses his own piece: nobody takes it */
  load (&pos, "4x8 a......b/a......./......../........ a 6,7,8 0,0,0");
  play (&pos, "place:0.1");
  g_assert_cmpint (pos.lost[0], ==, 1);
  g_assert_cmpint (pos.taken[0] + pos.taken[1] + pos.taken[2], ==, 0);
}

/* ------------------------------------------------------------------------ */
/* Placing                                                                   */

/* "it is not allowed to place on a node that is surrounded all round" */
static void
test_forbidden_placement (void)
{
  SpiderwebPos pos;

  /* 0.0 has 0.7, 0.1 and 1.0 taken */
  load (&pos, "4x8 .b.....b/a......./......../........ a 11,10 0,0");
  g_assert_cmpint (spiderweb_move_from_text (&pos, "place:0.0"), ==, SPW_MOVE_NONE);
  g_assert_false (spiderweb_is_legal (&pos, SPW_PLACE (0)));
  /* a taken node neither */
  g_assert_cmpint (spiderweb_move_from_text (&pos, "place:0.1"), ==, SPW_MOVE_NONE);
  /* but a node with one free neighbour is */
  g_assert_cmpint (spiderweb_move_from_text (&pos, "place:0.2"), !=, SPW_MOVE_NONE);
  /* and no moves while pieces are placed */
  g_assert_cmpint (spiderweb_move_from_text (&pos, "move:1.0-2.0"), ==, SPW_MOVE_NONE);
}

/* When one player cannot place, nobody can: the placing phase ends and the
 * pieces still in hand are set aside. (Found by random play.) */
static void
test_placing_impossible (void)
{
  SpiderwebPos pos;

  load (&pos, "4x8 ab.a.ba./b.a.b.ba/ba.a.ab./..a.bb.a a 1,1 1,2 2,1 0,0 0");
  g_assert_cmpint (pos.phase, ==, SPW_PLACING);
  play (&pos, "place:3.1");
  g_assert_cmphex (pos.removed, ==, 0);
  /* every empty node now has only pieces beside it */
  for (int n = 0; n < spiderweb_n_nodes (&pos); n++)
    if (spiderweb_owner (&pos, n) < 0)
      g_assert_cmphex (spiderweb_neighbours (&pos, n) & ~spiderweb_occupied (&pos), ==, 0);
  g_assert_cmpint (pos.phase, ==, SPW_MOVING);
  g_assert_cmpint (pos.in_hand[0] + pos.in_hand[1], ==, 0);
  g_assert_cmpint (pos.aside[0], ==, 0);
  g_assert_cmpint (pos.aside[1], ==, 1);
  /* set aside is neither on the web nor lost, and out of play */
  g_assert_cmpint (pos.lost[1], ==, 2);
  g_assert_cmpint (spiderweb_pieces_left (&pos, 1), ==, 9);
  /* the player after the last to place moves first */
  g_assert_cmpint (pos.to_move, ==, 1);
}

static void
test_placing_then_moving (void)
{
  SpiderwebPos pos;

  spiderweb_init (&pos, 4, 8, 2);
  g_assert_cmpint (pos.phase, ==, SPW_PLACING);
  g_assert_cmpint (pos.to_move, ==, 0);
  /* 24 placements on the outer two rings and the inside: all in turn */
  for (int i = 0; i < 24; i++)
    {
      SpiderwebMove moves[SPW_MAX_MOVES];
      int n = spiderweb_gen_moves (&pos, moves);
      g_assert_cmpint (pos.phase, ==, SPW_PLACING);
      g_assert_cmpint (pos.to_move, ==, i % 2);
      g_assert_cmpint (n, >, 0);
      spiderweb_make (&pos, moves[(i * 7) % n]);
    }
  g_assert_cmpint (pos.in_hand[0] + pos.in_hand[1], ==, 0);
  /* the player after the last to place moves first */
  if (pos.phase == SPW_MOVING)
    g_assert_cmpint (pos.to_move, ==, 0);
}

/* ------------------------------------------------------------------------ */
/* Castles                                                                   */

static void
test_castles (void)
{
  SpiderwebPos pos;

  /* 1.1 is empty and a holds 1.0, 1.2, 0.1 and 2.1: a castle of a */
  load (&pos, "4x8 .a....../a.a...../.a....../........ b 8,12 0,0");
  g_assert_cmphex (spiderweb_castles (&pos, 0), ==, 1ull << node (&pos, 1, 1));
  g_assert_cmphex (spiderweb_castles (&pos, 1), ==, 0);
  /* nobody may place in it */
  g_assert_cmpint (spiderweb_move_from_text (&pos, "place:1.1"), ==, SPW_MOVE_NONE);

  /* three pieces make a castle on the outer polygon */
  load (&pos, "4x8 ......../......../.b....../b.b..... a 12,9 0,0");
  g_assert_cmphex (spiderweb_castles (&pos, 1), ==, 1ull << node (&pos, 3, 1));
}

/* ------------------------------------------------------------------------ */
/* The end                                                                   */

/* "When one of the players has only two pieces left, the game is over;
 * that player has lost ten pieces, from which the number of pieces taken
 * from the opponent is deducted." */
static void
test_end_two_left_score (void)
{
  SpiderwebPos pos;
  int winner;

  /* b has three pieces left and has lost nine; a has lost two (and set
   * seven aside). a fills 1.0, the last free node of b's 0.0 */
  load (&pos, "4x8 ba.....a/.a....../...b..../.b...... a 0,0 2,9 9,2 7,0 0");
  g_assert_cmpint (pos.phase, ==, SPW_MOVING);
  g_assert_cmpint (spiderweb_outcome (&pos, &winner), ==, SPW_END_NONE);
  play (&pos, "move:1.1-1.0");
  g_assert_cmpint (pos.phase, ==, SPW_OVER);
  g_assert_cmpint (spiderweb_outcome (&pos, &winner), ==, SPW_END_TWO_LEFT);
  g_assert_cmpint (winner, ==, 0);
  g_assert_cmpint (spiderweb_pieces_left (&pos, 1), ==, 2);
  g_assert_cmpint (pos.lost[1], ==, 10);
  /* ten lost, less the two taken from the winner */
  g_assert_cmpint (spiderweb_points (&pos), ==, 8);
  g_assert_cmpint (spiderweb_gen_moves (&pos, (SpiderwebMove[SPW_MAX_MOVES]) { 0 }), ==, 0);
}

/* More players: the game ends when one is down to two, and the most
 * pieces left wins; a first place shared is a draw. */
static void
test_end_ranking (void)
{
  SpiderwebPos pos;
  int order[4], places[4], winner;

  /* a fills 1.0, the last free node of c's 0.0 */
  load (&pos, "4x8 ca.....b/.a...c../..c.b.b./a.a.a.b. a 0,0,0 3,4,5");
  play (&pos, "move:1.1-1.0");
  g_assert_cmpint (pos.phase, ==, SPW_OVER);
  g_assert_cmpint (spiderweb_outcome (&pos, &winner), ==, SPW_END_TWO_LEFT);
  g_assert_cmpint (winner, ==, 0);
  g_assert_cmpint (pos.taken[0], ==, 1);
  spiderweb_ranking (&pos, order, places);
  g_assert_cmpint (order[0], ==, 0);
  g_assert_cmpint (order[1], ==, 1);
  g_assert_cmpint (order[2], ==, 2);
  g_assert_cmpint (places[2], ==, 2);

  /* b with five left too: first place shared */
  load (&pos, "4x8 ca.....b/.a...c../..c.b.b./a.a.a.bb a 0,0,0 3,3,5");
  play (&pos, "move:1.1-1.0");
  g_assert_cmpint (spiderweb_outcome (&pos, &winner), ==, SPW_END_TWO_LEFT);
  g_assert_cmpint (winner, ==, -1);
  spiderweb_ranking (&pos, order, places);
  g_assert_cmpint (places[0], ==, 0);
  g_assert_cmpint (places[1], ==, 0);
  g_assert_cmpint (places[2], ==, 2);
}

static void
test_end_quiet (void)
{
  SpiderwebPos pos;
  int winner;

  /* 99 quiet moving turns; one more without a removal ends the game */
  load (&pos, "4x8 a.a.a.../......../......../...b.b.b a 0,0 9,9 9,9 0,0 99");
  g_assert_cmpint (pos.phase, ==, SPW_MOVING);
  play (&pos, "move:0.0-0.1");
  g_assert_cmpint (pos.phase, ==, SPW_OVER);
  g_assert_cmpint (spiderweb_outcome (&pos, &winner), ==, SPW_END_QUIET);
  g_assert_cmpint (winner, ==, -1);   /* as many pieces each */
}

static void
test_end_repetition (void)
{
  SpiderwebGame game;
  SpiderwebPos start;
  const char *shuffle[] = { "move:0.0-0.1", "move:3.7-3.6", "move:0.1-0.0", "move:3.6-3.7" };
  int winner;

  load (&start, "4x8 a.a.a.../......../......../...b.b.b a 0,0 9,9");
  spiderweb_game_init (&game, &start);
  for (int i = 0; i < 8; i++)
    {
      g_assert_cmpint (game.pos.phase, ==, SPW_MOVING);
      spiderweb_game_play (&game, parse (&game.pos, shuffle[i % 4]));
    }
  /* back to the start for the third time */
  g_assert_cmpint (game.pos.phase, ==, SPW_OVER);
  g_assert_cmpint (spiderweb_outcome (&game.pos, &winner), ==, SPW_END_REPETITION);
  g_assert_cmpint (winner, ==, -1);
}

/* ------------------------------------------------------------------------ */
/* Notation and text                                                         */

static void
test_notation (void)
{
  SpiderwebPos pos;
  char text[32];
  SpiderwebMove m;
  static const char * const bad[] = {
    "", "place:", "place:4.0", "place:0.8", "place:1.-1", "place:10.1", "place:1.1 ", "place:1,1",
    "move:1.1", "move:1.1-", "move:1.1-2.2x", "Place:1.1", "pass", "move:1.1--2.1",
  };

  spiderweb_init (&pos, 4, 8, 2);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (spiderweb_parse_move (&pos, bad[i], &m));
  g_assert_true (spiderweb_parse_move (&pos, "place:3.7", &m));
  spiderweb_move_to_text (&pos, m, text, sizeof text);
  g_assert_cmpstr (text, ==, "place:3.7");
  g_assert_true (spiderweb_parse_move (&pos, "move:2.5-3.5", &m));
  g_assert_cmpint (SPW_MOVE_FROM (m), ==, 2 * 8 + 5);
  g_assert_cmpint (SPW_MOVE_TO (m), ==, 3 * 8 + 5);
  spiderweb_move_to_text (&pos, m, text, sizeof text);
  g_assert_cmpstr (text, ==, "move:2.5-3.5");
  spiderweb_node_name (&pos, 13, text, sizeof text);
  g_assert_cmpstr (text, ==, "1.5");
}

static void
test_text (void)
{
  static const struct {
    const char        *text;
    SpiderwebTextError error;
  } bad[] = {
    { "", SPW_TEXT_SYNTAX },
    { "4x8 ......../......../........ a 12,12 0,0", SPW_TEXT_SYNTAX },
    { "4x8 ......../......../......../.......  a 12,12 0,0", SPW_TEXT_SYNTAX },
    { "4x7 ......./......./......./....... a 12,12 0,0", SPW_TEXT_BOARD },
    { "2x8 ......../........ a 12,12 0,0", SPW_TEXT_BOARD },
    { "4x8 ......../......../......../........ a 12,12,12,12,12 0,0,0,0,0", SPW_TEXT_BOARD },
    { "4x8 ......../......../......../........ c 12,12 0,0", SPW_TEXT_SYNTAX },
    { "4x8 ......../......../......../.......c a 12,12 0,0", SPW_TEXT_SYNTAX },
    { "4x8 ......../......../......../........ a 12,11 0,0", SPW_TEXT_COUNTS },
    { "4x8 a......./......../......../........ a 12,12 0,0", SPW_TEXT_COUNTS },
    { "4x8 ......../......../......../........ a 12,12 0,0 0,0 0,0 101", SPW_TEXT_SYNTAX },
    { "4x8 bab...../.b....../......../........ a 11,9 0,0", SPW_TEXT_ENCLOSED },
    { "4x8 ......../......../......../........ a 12,12 0,0 0,0 0,0 0 extra", SPW_TEXT_SYNTAX },
    { "4x8 ......../......../......../........ a 12,12 0,000", SPW_TEXT_SYNTAX },
  };
  SpiderwebPos pos, again;
  char text[256];

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      SpiderwebTextError e = spiderweb_from_text (&pos, bad[i].text);
      if (e != bad[i].error)
        g_error ("“%s”: error %d, expected %d", bad[i].text, e, bad[i].error);
    }

  load (&pos, "5x6 ab..../....../....../....../...... a 11,11 0,0");
  spiderweb_to_text (&pos, text, sizeof text);
  g_assert_cmpstr (text, ==, "5x6 ab..../....../....../....../...... a 11,11 0,0 0,0 0,0 0");
  load (&again, text);
  g_assert_cmpmem (&pos, sizeof pos, &again, sizeof again);
}

/* ------------------------------------------------------------------------ */
/* A slow reference, written differently: nodes as (ring, spoke), lines
 * found by looking round each node, removal by scanning the board. */

typedef struct {
  int rings, spokes, players;
  int owner[SPW_MAX_RINGS][SPW_MAX_SPOKES];   /* -1 empty */
  int hand[4], lost[4], taken[4], aside[4];
  int turn, quiet;
  gboolean placing, over;
  gboolean gone[SPW_MAX_RINGS][SPW_MAX_SPOKES];  /* what the last move removed */
  const char *end;                               /* why it is over, as the outcome's reason */
} Ref;

static void
ref_from (Ref                *ref,
          const SpiderwebPos *pos)
{
  memset (ref, 0, sizeof *ref);
  ref->rings = pos->rings;
  ref->spokes = pos->spokes;
  ref->players = pos->players;
  for (int r = 0; r < pos->rings; r++)
    for (int s = 0; s < pos->spokes; s++)
      ref->owner[r][s] = spiderweb_owner (pos, r * pos->spokes + s);
  for (int p = 0; p < pos->players; p++)
    {
      ref->hand[p] = pos->in_hand[p];
      ref->lost[p] = pos->lost[p];
      ref->taken[p] = pos->taken[p];
      ref->aside[p] = pos->aside[p];
    }
  ref->turn = pos->to_move;
  ref->quiet = pos->quiet;
  ref->placing = pos->phase == SPW_PLACING;
  ref->over = pos->phase == SPW_OVER;
}

/* The nodes joined to (r, s): up to four. */
static int
ref_lines (const Ref *ref,
           int        r,
           int        s,
           int       *rr,
           int       *ss)
{
  int n = 0;
  static const int dr[] = { 0, 0, -1, 1 };
  static const int ds[] = { 1, -1, 0, 0 };

  for (int d = 0; d < 4; d++)
    {
      int r2 = r + dr[d];
      int s2 = ((s + ds[d]) % ref->spokes + ref->spokes) % ref->spokes;
      if (r2 < 0 || r2 >= ref->rings)
        continue;
      rr[n] = r2;
      ss[n] = s2;
      n++;
    }
  return n;
}

static gboolean
ref_has_free_line (const Ref *ref,
                   int        r,
                   int        s)
{
  int rr[4], ss[4];
  int n = ref_lines (ref, r, s, rr, ss);

  for (int i = 0; i < n; i++)
    if (ref->owner[rr[i]][ss[i]] < 0)
      return TRUE;
  return FALSE;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* The moves as text, sorted. */
static GPtrArray *
ref_moves (const Ref *ref)
{
  GPtrArray *moves = g_ptr_array_new_with_free_func (g_free);

  if (ref->over)
    return moves;
  for (int r = 0; r < ref->rings; r++)
    for (int s = 0; s < ref->spokes; s++)
      {
        if (ref->placing)
          {
            if (ref->owner[r][s] < 0 && ref_has_free_line (ref, r, s))
              g_ptr_array_add (moves, g_strdup_printf ("place:%d.%d", r, s));
            continue;
          }
        if (ref->owner[r][s] == ref->turn)
          {
            int rr[4], ss[4];
            int n = ref_lines (ref, r, s, rr, ss);
            for (int i = 0; i < n; i++)
              if (ref->owner[rr[i]][ss[i]] < 0)
                g_ptr_array_add (moves, g_strdup_printf ("move:%d.%d-%d.%d", r, s, rr[i], ss[i]));
          }
      }
  g_ptr_array_sort (moves, compare_strings);
  return moves;
}

static int
ref_left (const Ref *ref,
          int        p)
{
  int n = ref->hand[p];

  for (int r = 0; r < ref->rings; r++)
    for (int s = 0; s < ref->spokes; s++)
      n += ref->owner[r][s] == p;
  return n;
}

static gboolean
ref_can_move (const Ref *ref,
              int        p)
{
  for (int r = 0; r < ref->rings; r++)
    for (int s = 0; s < ref->spokes; s++)
      if (ref->owner[r][s] == p && ref_has_free_line (ref, r, s))
        return TRUE;
  return FALSE;
}

static void
ref_play (Ref        *ref,
          const char *text)
{
  int r1, s1, r2, s2, me = ref->turn;
  gboolean (*gone)[SPW_MAX_SPOKES] = ref->gone;
  gboolean any_removed = FALSE;

  memset (ref->gone, 0, sizeof ref->gone);

  if (sscanf (text, "place:%d.%d", &r2, &s2) == 2)
    {
      ref->owner[r2][s2] = me;
      ref->hand[me]--;
    }
  else
    {
      g_assert_cmpint (sscanf (text, "move:%d.%d-%d.%d", &r1, &s1, &r2, &s2), ==, 4);
      ref->owner[r1][s1] = -1;
      ref->owner[r2][s2] = me;
    }
  /* first find every enclosed piece, then take them all */
  for (int r = 0; r < ref->rings; r++)
    for (int s = 0; s < ref->spokes; s++)
      gone[r][s] = ref->owner[r][s] >= 0 && !ref_has_free_line (ref, r, s);
  for (int r = 0; r < ref->rings; r++)
    for (int s = 0; s < ref->spokes; s++)
      if (gone[r][s])
        {
          int p = ref->owner[r][s];
          ref->owner[r][s] = -1;
          ref->lost[p]++;
          if (ref->players == 2)
            ref->taken[1 - p]++;
          else if (p != me)
            ref->taken[me]++;
          any_removed = TRUE;
        }
  if (!ref->placing)
    ref->quiet = any_removed ? 0 : ref->quiet + 1;
  ref->turn = (me + 1) % ref->players;

  for (int p = 0; p < ref->players; p++)
    if (ref_left (ref, p) <= 2)
      {
        ref->over = TRUE;
        ref->end = "two-left";
        return;
      }
  if (ref->placing)
    {
      gboolean in_hand = FALSE, room = FALSE;
      for (int p = 0; p < ref->players; p++)
        in_hand |= ref->hand[p] > 0;
      for (int r = 0; r < ref->rings; r++)
        for (int s = 0; s < ref->spokes; s++)
          room |= ref->owner[r][s] < 0 && ref_has_free_line (ref, r, s);
      if (in_hand && room)
        {
          while (ref->hand[ref->turn] == 0)
            ref->turn = (ref->turn + 1) % ref->players;
          return;
        }
      for (int p = 0; p < ref->players; p++)
        {
          ref->aside[p] += ref->hand[p];
          ref->hand[p] = 0;
        }
      ref->placing = FALSE;
      ref->quiet = 0;
      for (int p = 0; p < ref->players; p++)
        if (ref_left (ref, p) <= 2)
          {
            ref->over = TRUE;
            ref->end = "two-left";
            return;
          }
    }
  if (ref->quiet >= SPW_QUIET_LIMIT)
    {
      ref->over = TRUE;
      ref->end = "no-removal";
      return;
    }
  for (int i = 0; i < ref->players; i++)
    if (ref_can_move (ref, (me + 1 + i) % ref->players))
      {
        ref->turn = (me + 1 + i) % ref->players;
        return;
      }
  ref->over = TRUE;
  ref->end = "no-moves";
}

static void
assert_same (const Ref          *ref,
             const SpiderwebPos *pos)
{
  Ref got;

  ref_from (&got, pos);
  for (int r = 0; r < ref->rings; r++)
    for (int s = 0; s < ref->spokes; s++)
      g_assert_cmpint (got.owner[r][s], ==, ref->owner[r][s]);
  for (int p = 0; p < ref->players; p++)
    {
      g_assert_cmpint (got.hand[p], ==, ref->hand[p]);
      g_assert_cmpint (got.lost[p], ==, ref->lost[p]);
      g_assert_cmpint (got.taken[p], ==, ref->taken[p]);
      g_assert_cmpint (got.aside[p], ==, ref->aside[p]);
    }
  g_assert_cmpint (got.over, ==, ref->over);
  if (!ref->over)
    {
      g_assert_cmpint (got.turn, ==, ref->turn);
      g_assert_cmpint (got.placing, ==, ref->placing);
      g_assert_cmpint (got.quiet, ==, ref->quiet);
    }
}

/* Random games on every web, with every number of players: at each
 * position the legal moves agree, and so does what each of them leads to. */
static void
test_against_reference (void)
{
  GRand *rand = g_rand_new_with_seed (1906);
  guint positions = 0, removals = 0, asides = 0;

  for (int game = 0; game < 400; game++)
    {
      SpiderwebPos pos;
      Ref ref;

      spiderweb_init (&pos, SPW_MIN_RINGS + game % 4, (game / 4) % 2 ? 6 : 8, 2 + game % 3);
      ref_from (&ref, &pos);
      while (pos.phase != SPW_OVER)
        {
          SpiderwebMove moves[SPW_MAX_MOVES];
          int n = spiderweb_gen_moves (&pos, moves);
          g_autoptr(GPtrArray) expected = ref_moves (&ref);
          g_autoptr(GPtrArray) got = g_ptr_array_new_with_free_func (g_free);
          int pick;

          for (int i = 0; i < n; i++)
            {
              char text[24];
              spiderweb_move_to_text (&pos, moves[i], text, sizeof text);
              g_ptr_array_add (got, g_strdup (text));
            }
          g_ptr_array_sort (got, compare_strings);
          g_assert_cmpuint (got->len, ==, expected->len);
          for (guint i = 0; i < got->len; i++)
            g_assert_cmpstr (((char **) got->pdata)[i], ==, ((char **) expected->pdata)[i]);

          /* every move's result, from a copy */
          for (int i = 0; i < n; i++)
            {
              SpiderwebPos next = pos;
              Ref ref_next = ref;
              char text[24];

              spiderweb_move_to_text (&pos, moves[i], text, sizeof text);
              spiderweb_make (&next, moves[i]);
              ref_play (&ref_next, text);
              assert_same (&ref_next, &next);
              /* the hash is the hash of the position, however reached */
              if (next.phase != SPW_OVER)
                {
                  SpiderwebPos again;
                  char position[256];
                  spiderweb_to_text (&next, position, sizeof position);
                  g_assert_cmpint (spiderweb_from_text (&again, position), ==, SPW_TEXT_OK);
                  g_assert_cmphex (again.hash, ==, next.hash);
                }
            }

          pick = g_rand_int_range (rand, 0, n);
          {
            char text[24];
            spiderweb_move_to_text (&pos, moves[pick], text, sizeof text);
            spiderweb_make (&pos, moves[pick]);
            ref_play (&ref, text);
          }
          removals += pos.removed != 0;
          positions++;
        }
      for (int p = 0; p < pos.players; p++)
        asides += pos.aside[p] > 0;
    }
  g_test_message ("%u positions, %u with removals, %u players with pieces set aside", positions, removals, asides);
  g_assert_cmpuint (positions, >, 10000);
  g_assert_cmpuint (removals, >, 1000);
  g_assert_cmpuint (asides, >, 0);
  g_rand_free (rand);
}

/* Perft of the start positions: the first plies are counted by hand. */
static void
test_perft (void)
{
  SpiderwebPos pos;

  spiderweb_init (&pos, 4, 8, 2);
  g_assert_cmpuint (spiderweb_perft (&pos, 1), ==, 32);
  g_assert_cmpuint (spiderweb_perft (&pos, 2), ==, 32 * 31);
  g_assert_cmpuint (spiderweb_perft (&pos, 3), ==, 32 * 31 * 30);
  /* the fourth piece may not close a polygon node's last free line:
   * 32·31·30·29 less the orders that do */
  g_assert_cmpuint (spiderweb_perft (&pos, 4), ==, 862944);
  spiderweb_init (&pos, 3, 6, 4);
  g_assert_cmpuint (spiderweb_perft (&pos, 2), ==, 18 * 17);
}

/* ------------------------------------------------------------------------ */
/* Properties: many random games through LudoGame                            */

/* The start, from the rules: 12, 8 or 6 pieces each, fewer on a web that
 * would not keep six nodes empty. */
static void
ref_init (Ref *ref,
          int  rings,
          int  spokes,
          int  players)
{
  static const int each[] = { 0, 0, 12, 8, 6 };

  memset (ref, 0, sizeof *ref);
  ref->rings = rings;
  ref->spokes = spokes;
  ref->players = players;
  for (int r = 0; r < SPW_MAX_RINGS; r++)
    for (int s = 0; s < SPW_MAX_SPOKES; s++)
      ref->owner[r][s] = -1;
  for (int p = 0; p < players; p++)
    ref->hand[p] = MIN (each[players], (rings * spokes - 6) / players);
  ref->placing = TRUE;
}

static gboolean
ref_same_position (const Ref *a,
                   const Ref *b)
{
  if (a->turn != b->turn)
    return FALSE;
  for (int r = 0; r < a->rings; r++)
    for (int s = 0; s < a->spokes; s++)
      if (a->owner[r][s] != b->owner[r][s])
        return FALSE;
  return TRUE;
}

/* The reference at the game's position, replayed from the start by the
 * game's own moves, with the repetition the reference sees by itself: the
 * positions (board and turn) since the last removal or placement. Kept
 * from one call to the next and carried on as long as the game's moves
 * begin with those played into it, so that a game of n plies costs n
 * reference moves and not n²/2. */
typedef struct {
  GVariant  *options;
  GPtrArray *moves;    /* played into ref */
  Ref        ref;
  GArray    *since;    /* of Ref: since the last removal or placement, ref last */
  guint      ends[5];  /* games seen over, by reason (property_end_names) */
} PropertyRef;

static PropertyRef property_ref;

static const char * const property_end_names[] = { "two-left", "no-moves", "repetition", "no-removal", NULL };

static void
property_ref_play (PropertyRef *pr,
                   const char  *move)
{
  Ref *ref = &pr->ref;
  gboolean reset = g_str_has_prefix (move, "place:");
  int seen = 0;

  ref_play (ref, move);
  for (int r = 0; r < ref->rings; r++)
    for (int s = 0; s < ref->spokes; s++)
      reset |= ref->gone[r][s];
  if (reset)
    g_array_set_size (pr->since, 0);
  g_array_append_val (pr->since, *ref);
  if (ref->over || ref->placing)
    return;
  /* the same position for the third time */
  for (guint i = 0; i < pr->since->len; i++)
    seen += ref_same_position (&g_array_index (pr->since, Ref, i), ref);
  if (seen >= 3)
    {
      ref->over = TRUE;
      ref->end = "repetition";
    }
}

static const Ref *
ref_from_game (LudoGame *game)
{
  PropertyRef *pr = &property_ref;
  GVariant *options = ludo_game_get_options (game);
  guint position = ludo_game_get_position (game);
  gboolean same = pr->options && g_variant_equal (pr->options, options) && pr->moves->len <= position;

  for (guint i = 0; same && i < pr->moves->len; i++)
    same = strcmp (g_ptr_array_index (pr->moves, i), ludo_game_get_move (game, i)) == 0;
  if (!same)
    {
      g_clear_pointer (&pr->options, g_variant_unref);
      pr->options = g_variant_ref (options);
      if (pr->moves == NULL)
        {
          pr->moves = g_ptr_array_new_with_free_func (g_free);
          pr->since = g_array_new (FALSE, FALSE, sizeof (Ref));
        }
      g_ptr_array_set_size (pr->moves, 0);
      ref_init (&pr->ref, ludo_game_get_option (game, "rings"), ludo_game_get_option (game, "spokes"),
                ludo_game_get_option (game, "players"));
      g_array_set_size (pr->since, 0);
      g_array_append_val (pr->since, pr->ref);
    }
  for (guint i = pr->moves->len; i < position; i++)
    {
      const char *move = ludo_game_get_move (game, i);

      if (pr->ref.over)
        g_error ("the reference is over before the move %u, %s", i, move);
      property_ref_play (pr, move);
      g_ptr_array_add (pr->moves, g_strdup (move));
    }
  return &pr->ref;
}

static void
property_ref_clear (void)
{
  g_clear_pointer (&property_ref.options, g_variant_unref);
  g_clear_pointer (&property_ref.moves, g_ptr_array_unref);
  g_clear_pointer (&property_ref.since, g_array_unref);
}

/* What is wrong, with the position and the moves to it. */
static G_GNUC_NORETURN G_GNUC_PRINTF (3, 4) void
property_fail (LudoGame           *game,
               const SpiderwebPos *pos,
               const char         *format,
               ...)
{
  g_autoptr(GString) moves = g_string_new (NULL);
  g_autofree char *what = NULL;
  char text[256];
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  spiderweb_to_text (pos, text, sizeof text);
  for (guint i = 0; i < ludo_game_get_position (game); i++)
    g_string_append_printf (moves, " %s", ludo_game_get_move (game, i));
  g_error ("spiderweb: %s; at ply %u, position %s (phase %d, end %d); moves:%s",
           what, ludo_game_get_position (game), text, pos->phase, pos->end, moves->str);
}

/* The engine's own bookkeeping: the board, the counts, the phase, the
 * hash and the history of hashes that repetition is seen by. */
static void
check_engine_state (LudoGame            *game,
                    const SpiderwebGame *g)
{
  const SpiderwebPos *pos = &g->pos;
  int rings = ludo_game_get_option (game, "rings");
  int spokes = ludo_game_get_option (game, "spokes");
  int players = ludo_game_get_option (game, "players");
  uint64_t web = (1ull << (rings * spokes)) - 1, occupied = 0;
  guint position = ludo_game_get_position (game);
  int each, any_hand = 0, any_aside = 0, sum_lost = 0, sum_taken = 0;
  SpiderwebPos again;
  char text[256], text_again[256];

  if (pos->rings != rings || pos->spokes != spokes || pos->players != players)
    property_fail (game, pos, "the web is %dx%d for %d, the options ask for %dx%d for %d",
                   pos->rings, pos->spokes, pos->players, rings, spokes, players);
  each = spiderweb_pieces_each (rings, spokes, players);

  /* every piece on a node of the web, one a node, and all accounted for */
  for (int p = 0; p < SPW_MAX_PLAYERS; p++)
    {
      if (p >= players)
        {
          if (pos->pieces[p] || pos->in_hand[p] || pos->aside[p] || pos->lost[p] || pos->taken[p])
            property_fail (game, pos, "player %c is not in the game but has pieces or counts", 'a' + p);
          continue;
        }
      if (pos->pieces[p] & ~web)
        property_fail (game, pos, "a piece of %c is off the web: %" G_GINT64_MODIFIER "x",
                       'a' + p, pos->pieces[p] & ~web);
      if (pos->pieces[p] & occupied)
        property_fail (game, pos, "a piece of %c shares a node with another", 'a' + p);
      occupied |= pos->pieces[p];
      if (__builtin_popcountll (pos->pieces[p]) + pos->in_hand[p] + pos->aside[p] + pos->lost[p] != each)
        property_fail (game, pos, "%c has %d on the web, %d in hand, %d set aside and %d lost: not %d",
                       'a' + p, __builtin_popcountll (pos->pieces[p]), pos->in_hand[p], pos->aside[p],
                       pos->lost[p], each);
      if (pos->in_hand[p] && pos->aside[p])
        property_fail (game, pos, "%c has pieces both in hand and set aside", 'a' + p);
      any_hand |= pos->in_hand[p];
      any_aside |= pos->aside[p];
      sum_lost += pos->lost[p];
      sum_taken += pos->taken[p];
      if (players == 2 && pos->taken[1 - p] != pos->lost[p])
        property_fail (game, pos, "%c lost %d but %c took %d", 'a' + p, pos->lost[p], 'a' + 1 - p, pos->taken[1 - p]);
    }
  if (sum_taken > sum_lost)
    property_fail (game, pos, "%d pieces taken, but only %d lost", sum_taken, sum_lost);

  /* the rules remove a piece with no free node beside it after every move */
  if (spiderweb_enclosed (pos))
    property_fail (game, pos, "a piece has no free node beside it: %" G_GINT64_MODIFIER "x", spiderweb_enclosed (pos));
  if (pos->removed & (occupied | ~web))
    property_fail (game, pos, "a node the last move emptied is not empty");

  /* the phase and the counters */
  if (pos->phase > SPW_OVER || (pos->phase == SPW_OVER) != (pos->end != SPW_END_NONE) || pos->end > SPW_END_QUIET)
    property_fail (game, pos, "the phase %d and the end %d do not go together", pos->phase, pos->end);
  if (pos->phase == SPW_PLACING && !any_hand)
    property_fail (game, pos, "pieces are placed, but nobody has any in hand");
  if (pos->phase == SPW_MOVING && any_hand)
    property_fail (game, pos, "pieces move, but some are still in hand");
  if (pos->phase == SPW_PLACING && any_aside)
    property_fail (game, pos, "pieces are set aside while others are still placed");
  if (pos->quiet > SPW_QUIET_LIMIT || (pos->phase == SPW_PLACING && pos->quiet != 0))
    property_fail (game, pos, "%d quiet moving turns in phase %d", pos->quiet, pos->phase);
  if (pos->phase != SPW_OVER)
    {
      if (pos->to_move >= players)
        property_fail (game, pos, "player %d to move, of %d", pos->to_move, players);
      if (pos->phase == SPW_PLACING && pos->in_hand[pos->to_move] == 0)
        property_fail (game, pos, "%c is to place but has nothing in hand", 'a' + pos->to_move);
    }

  /* the history of hashes: one for each quiet moving turn, the positions
   * played through since the last removal or placement */
  if (g->n_history != pos->quiet || g->n_history > position)
    property_fail (game, pos, "%d hashes in the history, %d quiet turns, at ply %u", g->n_history, pos->quiet, position);
  for (int i = 0; i < g->n_history; i++)
    {
      const SpiderwebGame *then = ludo_game_get_state_at (game, position - g->n_history + i);
      if (g->history[i] != then->pos.hash)
        property_fail (game, pos, "the history's hash %d is not the hash of ply %u", i, position - g->n_history + i);
    }

  /* the position written and read again: the hash computed from scratch,
   * and (but for a repetition, which the text does not know) the same
   * position and end */
  spiderweb_to_text (pos, text, sizeof text);
  if (spiderweb_from_text (&again, text) != SPW_TEXT_OK)
    property_fail (game, pos, "the position's text is refused");
  if (again.hash != pos->hash)
    property_fail (game, pos, "the hash is %" G_GINT64_MODIFIER "x, from scratch %" G_GINT64_MODIFIER "x",
                   pos->hash, again.hash);
  spiderweb_to_text (&again, text_again, sizeof text_again);
  if (pos->end != SPW_END_REPETITION &&
      (strcmp (text, text_again) != 0 || again.phase != pos->phase || again.end != pos->end))
    property_fail (game, pos, "read again, the position is %s (phase %d, end %d)", text_again, again.phase, again.end);
}

/* The reference's own position, turn, end and result against the engine. */
static void
check_against_reference (LudoGame            *game,
                         const SpiderwebGame *g,
                         const Ref           *ref)
{
  const SpiderwebPos *pos = &g->pos;
  LudoOutcome outcome;
  int left[SPW_MAX_PLAYERS], best = -1, winner = -1;
  uint64_t removed = 0;

  for (int r = 0; r < ref->rings; r++)
    for (int s = 0; s < ref->spokes; s++)
      {
        int n = r * ref->spokes + s;
        int owner = spiderweb_owner (pos, n);

        if (owner != ref->owner[r][s])
          property_fail (game, pos, "node %d.%d holds %d, the reference %d", r, s, owner, ref->owner[r][s]);
        if (owner >= 0 && !ref_has_free_line (ref, r, s))
          property_fail (game, pos, "the piece on %d.%d has no free node beside it", r, s);
        if (ref->gone[r][s])
          removed |= 1ull << n;
      }
  if (removed != pos->removed)
    property_fail (game, pos, "the last move removed %" G_GINT64_MODIFIER "x, the reference %" G_GINT64_MODIFIER "x",
                   pos->removed, removed);
  for (int p = 0; p < ref->players; p++)
    if (pos->in_hand[p] != ref->hand[p] || pos->lost[p] != ref->lost[p] ||
        pos->taken[p] != ref->taken[p] || pos->aside[p] != ref->aside[p])
      property_fail (game, pos, "%c has %d in hand, %d lost, %d taken, %d aside; the reference %d, %d, %d, %d",
                     'a' + p, pos->in_hand[p], pos->lost[p], pos->taken[p], pos->aside[p],
                     ref->hand[p], ref->lost[p], ref->taken[p], ref->aside[p]);
  if (pos->quiet != ref->quiet)
    property_fail (game, pos, "%d quiet turns, the reference %d", pos->quiet, ref->quiet);

  /* castles: empty nodes all of whose neighbours hold one player's pieces */
  for (int p = 0; p < ref->players; p++)
    {
      uint64_t castles = 0;

      for (int r = 0; r < ref->rings; r++)
        for (int s = 0; s < ref->spokes; s++)
          {
            int rr[4], ss[4], k = ref_lines (ref, r, s, rr, ss), mine = 0;

            for (int i = 0; i < k; i++)
              mine += ref->owner[rr[i]][ss[i]] == p;
            if (ref->owner[r][s] < 0 && mine == k)
              castles |= 1ull << (r * ref->spokes + s);
          }
      if (castles != spiderweb_castles (pos, p))
        property_fail (game, pos, "the castles of %c are %" G_GINT64_MODIFIER "x, the reference's %" G_GINT64_MODIFIER "x",
                       'a' + p, spiderweb_castles (pos, p), castles);
    }

  /* who is to move, and the end */
  if ((pos->phase == SPW_OVER) != ref->over)
    property_fail (game, pos, ref->over ? "the reference is over (%s), the engine not" : "the engine is over, the reference not%s",
                   ref->over ? ref->end : "");
  if (!ref->over && (pos->to_move != ref->turn || (pos->phase == SPW_PLACING) != ref->placing))
    property_fail (game, pos, "%c to move in phase %d, the reference %c %s", 'a' + pos->to_move, pos->phase,
                   'a' + ref->turn, ref->placing ? "placing" : "moving");
  if (ludo_game_get_current_seat (game) != (ref->over ? -1 : ref->turn))
    property_fail (game, pos, "the seat to move is %d, the reference's %d",
                   ludo_game_get_current_seat (game), ref->over ? -1 : ref->turn);

  /* the most pieces left wins; first place shared is a draw */
  for (int p = 0; p < ref->players; p++)
    {
      left[p] = ref_left (ref, p);
      if (best < 0 || left[p] > left[best])
        best = p;
    }
  winner = best;
  for (int p = 0; p < ref->players; p++)
    if (p != best && left[p] == left[best])
      winner = -1;
  ludo_game_get_outcome (game, &outcome);
  if (!ref->over)
    {
      if (outcome.kind != LUDO_RESULT_NONE)
        property_fail (game, pos, "an outcome %d for a game not over", outcome.kind);
      return;
    }
  if (outcome.kind != (winner >= 0 ? LUDO_RESULT_WIN : LUDO_RESULT_DRAW) ||
      (winner >= 0 && outcome.winner != winner) || g_strcmp0 (outcome.reason, ref->end) != 0)
    property_fail (game, pos, "the outcome is %d for %d by %s, the reference's %s for %d by %s",
                   outcome.kind, outcome.winner, outcome.reason,
                   winner >= 0 ? "a win" : "a draw", winner, ref->end);
  /* the patent's points: the pieces the loser lost, less those he took */
  if (ref->players == 2 && winner >= 0 &&
      spiderweb_points (pos) != ref->lost[1 - winner] - ref->taken[1 - winner])
    property_fail (game, pos, "%d points, the reference %d", spiderweb_points (pos),
                   ref->lost[1 - winner] - ref->taken[1 - winner]);
  for (guint i = 0; property_end_names[i]; i++)
    if (strcmp (property_end_names[i], ref->end) == 0)
      property_ref.ends[i]++;
}

static void
property_check_state (LudoGame      *game,
                      gconstpointer  state)
{
  const SpiderwebGame *g = state;

  check_engine_state (game, g);
  check_against_reference (game, g, ref_from_game (game));
}

static GPtrArray *
property_reference_moves (LudoGame      *game,
                          gconstpointer  state)
{
  return ref_moves (ref_from_game (game));
}

static void
test_properties (void)
{
  const LudoPropertySpec spec = {
    .game_id = "spiderweb",
    .max_plies = 1000,
    .check_state = property_check_state,
    .reference_moves = property_reference_moves,
  };
  LudoPropertyStats stats;

  memset (property_ref.ends, 0, sizeof property_ref.ends);
  ludo_properties_run (&spec, &stats);
  g_test_message ("ends: %u two-left, %u no-moves, %u repetition, %u no-removal",
                  property_ref.ends[0], property_ref.ends[1], property_ref.ends[2], property_ref.ends[3]);
  property_ref_clear ();

  /* games ended and the computer played (the quick suite plays few) */
  if (!ludo_test_is_reduced ())
    {
      g_assert_cmpuint (stats.finished, >, 0);
      g_assert_cmpuint (stats.computer_moves, >, 0);
    }
  /* every position not over has a move at least */
  g_assert_cmpuint (stats.moves_compared, >=, stats.plies);
  /* the end the engine gave was checked for every game that ended */
  g_assert_cmpuint (property_ref.ends[0] + property_ref.ends[1] + property_ref.ends[2] + property_ref.ends[3], ==,
                    stats.finished);
  /* a full run sees the ends random play can reach (nobody ever is
   * without a move: every piece on the web has a free node beside it,
   * and a player with two left has lost) */
  if (stats.games >= LUDO_PROPERTY_GAMES)
    {
      g_assert_cmpuint (stats.finished, >=, stats.games * 9 / 10);
      g_assert_cmpuint (property_ref.ends[0], >, 0);
      g_assert_cmpuint (property_ref.ends[2], >, 0);
      g_assert_cmpuint (property_ref.ends[3], >, 0);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/spiderweb/neighbours", test_neighbours);
  g_test_add_func ("/spiderweb/piece-counts", test_piece_counts);
  g_test_add_func ("/spiderweb/removal/enclosed-by-own", test_enclosed_by_own);
  g_test_add_func ("/spiderweb/removal/several-at-once", test_several_at_once);
  g_test_add_func ("/spiderweb/removal/move-frees", test_move_frees);
  g_test_add_func ("/spiderweb/removal/moved-piece-never-enclosed", test_moved_piece_never_enclosed);
  g_test_add_func ("/spiderweb/removal/taken-three-players", test_taken_three_players);
  g_test_add_func ("/spiderweb/placing/forbidden", test_forbidden_placement);
  g_test_add_func ("/spiderweb/placing/impossible", test_placing_impossible);
  g_test_add_func ("/spiderweb/placing/then-moving", test_placing_then_moving);
  g_test_add_func ("/spiderweb/castles", test_castles);
  g_test_add_func ("/spiderweb/end/two-left-score", test_end_two_left_score);
  g_test_add_func ("/spiderweb/end/ranking", test_end_ranking);
  g_test_add_func ("/spiderweb/end/quiet", test_end_quiet);
  g_test_add_func ("/spiderweb/end/repetition", test_end_repetition);
  g_test_add_func ("/spiderweb/notation", test_notation);
  g_test_add_func ("/spiderweb/text", test_text);
  g_test_add_func ("/spiderweb/against-reference", test_against_reference);
  g_test_add_func ("/spiderweb/perft", test_perft);
  g_test_add_func ("/spiderweb/properties", test_properties);

  return g_test_run ();
}
