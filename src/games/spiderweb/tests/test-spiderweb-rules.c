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
  gboolean gone[SPW_MAX_RINGS][SPW_MAX_SPOKES] = { { FALSE } };
  gboolean any_removed = FALSE;

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
            return;
          }
    }
  if (ref->quiet >= SPW_QUIET_LIMIT)
    {
      ref->over = TRUE;
      return;
    }
  for (int i = 0; i < ref->players; i++)
    if (ref_can_move (ref, (me + 1 + i) % ref->players))
      {
        ref->turn = (me + 1 + i) % ref->players;
        return;
      }
  ref->over = TRUE;
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

  return g_test_run ();
}
