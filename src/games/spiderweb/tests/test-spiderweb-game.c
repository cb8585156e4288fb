/* test-spiderweb-game.c — Spider Web as a LudoGame: options and seats,
 * moves in notation, saves, the computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "core/ludo-ai.h"
#include "core/ludo-save.h"
#include "games/spiderweb/ludo-spiderweb-game.h"
#include "games/spiderweb/spiderweb-ai.h"
#include "ludo-test-scale.h"
#include "ludo-testing.h"

static LudoGame *
new_game (int rings,
          int spokes,
          int players)
{
  g_autoptr(GVariant) options = g_variant_ref_sink (
    g_variant_new_parsed ("{'rings': %i, 'spokes': %i, 'players': %i}", rings, spokes, players));
  g_autoptr(GError) error = NULL;
  LudoGame *game = ludo_game_new ("spiderweb", g_variant_ref (options), &error);

  g_assert_no_error (error);
  return game;
}

static const SpiderwebPos *
pos_of (LudoGame *game)
{
  return ludo_spiderweb_game_get_position (LUDO_SPIDERWEB_GAME (game));
}

/* The number of players is the number of seats; spokes are 6 or 8. */
static void
test_options (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoGame) defaults = ludo_game_new ("spiderweb", NULL, NULL);
  g_autoptr(GVariant) seven = g_variant_ref_sink (g_variant_new_parsed ("{'spokes': 7}"));
  g_autoptr(GVariant) rings = g_variant_ref_sink (g_variant_new_parsed ("{'rings': 7}"));

  g_assert_cmpuint (ludo_game_get_n_seats (defaults), ==, 2);
  g_assert_cmpint (pos_of (defaults)->rings, ==, 4);
  g_assert_cmpint (pos_of (defaults)->spokes, ==, 8);
  g_assert_cmpint (pos_of (defaults)->in_hand[0], ==, 12);
  for (int players = 2; players <= 4; players++)
    {
      g_autoptr(LudoGame) game = new_game (5, 6, players);
      g_assert_cmpuint (ludo_game_get_n_seats (game), ==, (guint) players);
      g_assert_cmpint (pos_of (game)->players, ==, players);
    }
  g_assert_null (ludo_game_new ("spiderweb", g_variant_ref (seven), &error));
  g_assert_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_OPTION);
  g_clear_error (&error);
  g_assert_null (ludo_game_new ("spiderweb", g_variant_ref (rings), &error));
  g_assert_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_OPTION);
}

/* Wrong moves say why. */
static void
test_illegal_moves (void)
{
  g_autoptr(LudoGame) game = new_game (4, 8, 2);
  static const struct {
    const char *move;
    const char *says;
  } placing[] = {
    { "place:4.0", "not a placement or a move" },
    { "pass", "not a placement or a move" },
    { "move:0.0-0.1", "still being placed" },
  };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (placing); i++)
    {
      g_assert_false (ludo_game_play (game, placing[i].move, &error));
      g_assert_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE);
      if (strstr (error->message, placing[i].says) == NULL)
        g_error ("%s: “%s”", placing[i].move, error->message);
      g_clear_error (&error);
    }
  g_assert_true (ludo_game_play (game, "place:0.1", NULL));
  g_assert_false (ludo_game_play (game, "place:0.1", &error));
  /* the node in the cells' words, not the notation's */
  {
    g_autofree char *where = ludo_spiderweb_node_label (pos_of (game), 1);
    g_autofree char *says = g_strdup_printf ("the node at %s is taken", where);

    g_assert_cmpstr (where, ==, "ring 1, spoke 2");
    g_assert_cmpstr (error->message, ==, says);
  }
  g_clear_error (&error);
  g_assert_true (ludo_game_play (game, "place:0.7", NULL));
  g_assert_true (ludo_game_play (game, "place:1.0", NULL));
  /* 0.0 has 0.1, 0.7 and 1.0 around it: nobody may place there */
  g_assert_false (ludo_game_play (game, "place:0.0", &error));
  g_assert_nonnull (strstr (error->message, "no free node beside it"));
  g_clear_error (&error);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 3);
}

static void
test_moving_errors (void)
{
  g_autoptr(LudoGame) game = new_game (3, 6, 2);
  g_autoptr(GError) error = NULL;
  GRand *rand = g_rand_new_with_seed (3);

  /* place everything at random */
  while (pos_of (game)->phase == SPW_PLACING)
    {
      g_auto(GStrv) moves = ludo_game_legal_moves (game);
      g_assert_true (ludo_game_play (game, moves[g_rand_int_range (rand, 0, g_strv_length (moves))], NULL));
    }
  g_rand_free (rand);
  if (pos_of (game)->phase != SPW_MOVING)
    return;
  g_assert_false (ludo_game_play (game, "place:0.0", &error));
  g_assert_nonnull (strstr (error->message, "every piece has been placed"));
  g_clear_error (&error);
  {
    const SpiderwebPos *pos = pos_of (game);
    int mine = __builtin_ctzll (pos->pieces[pos->to_move]);
    int theirs = __builtin_ctzll (pos->pieces[1 - pos->to_move]);
    uint64_t empty = ~spiderweb_occupied (pos) & ((1ull << spiderweb_n_nodes (pos)) - 1);
    int far = -1;
    char text[32], from[8], to[8];

    spiderweb_node_name (pos, theirs, from, sizeof from);
    for (int n = 0; n < spiderweb_n_nodes (pos); n++)
      if (((empty >> n) & 1) && !((spiderweb_neighbours (pos, mine) >> n) & 1))
        far = n;
    spiderweb_node_name (pos, far, to, sizeof to);
    g_snprintf (text, sizeof text, "move:%s-%s", from, to);
    g_assert_false (ludo_game_play (game, text, &error));
    g_assert_nonnull (strstr (error->message, "no piece of the player to move"));
    g_clear_error (&error);
    spiderweb_node_name (pos, mine, from, sizeof from);
    g_snprintf (text, sizeof text, "move:%s-%s", from, to);
    g_assert_false (ludo_game_play (game, text, &error));
    g_assert_nonnull (strstr (error->message, "no line joins"));
  }
}

/* Whole games between computers, with every number of players: they end
 * by a rule, the save carries them, undo goes back to the start. */
static void
test_games_and_saves (void)
{
  static const int boards[][3] = { { 4, 8, 2 }, { 3, 6, 2 }, { 5, 6, 3 }, { 6, 8, 4 }, { 3, 8, 4 } };
  GRand *rand = g_rand_new_with_seed (36643);

  for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
    for (int round = 0; round < 3; round++)
      {
        g_autoptr(LudoGame) game = new_game (boards[b][0], boards[b][1], boards[b][2]);
        g_autoptr(LudoGame) loaded = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *data = NULL;
        g_autofree guint8 *start = g_memdup2 (ludo_game_get_state_at (game, 0), sizeof (SpiderwebGame));
        LudoOutcome outcome;
        gsize length;

        ludo_game_set_seed (game, g_rand_int (rand));
        for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
          ludo_game_set_seat (game, s, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY, s == 1 ? "Anna & <Ödön>" : NULL);
        while (!ludo_game_is_over (game))
          {
            g_autofree char *move = NULL;
            /* Easy moves and random ones */
            if (g_rand_boolean (rand))
              move = ludo_ai_think (game, LUDO_LEVEL_EASY, NULL, &error);
            else
              {
                g_auto(GStrv) moves = ludo_game_legal_moves (game);
                move = g_strdup (moves[g_rand_int_range (rand, 0, g_strv_length (moves))]);
              }
            g_assert_no_error (error);
            g_assert_true (ludo_game_play (game, move, &error));
            g_assert_cmpuint (ludo_game_get_n_moves (game), <, 2000);
          }
        ludo_game_get_outcome (game, &outcome);
        g_assert_cmpint (outcome.kind, !=, LUDO_RESULT_NONE);
        g_assert_nonnull (outcome.reason);
        {
          g_autofree char *text = ludo_game_describe_outcome (game);
          g_assert_nonnull (text);
          /* the patent's points for its own end, the pieces left for the others */
          if (boards[b][2] == 2 && outcome.kind == LUDO_RESULT_WIN)
            g_assert_nonnull (strstr (text, g_str_equal (outcome.reason, "two-left") ? " point" : " left to "));
          g_test_message ("%dx%d, %d players, %u moves: %s", boards[b][0], boards[b][1], boards[b][2],
                          ludo_game_get_n_moves (game), text);
        }

        /* every end ranks the players by the pieces they have left */
        {
          const SpiderwebGame *g = ludo_game_get_state (game);
          double left[LUDO_MAX_SEATS];

          for (int p = 0; p < boards[b][2]; p++)
            left[p] = spiderweb_pieces_left (&g->pos, p);
          ludo_test_assert_places (game, left);
        }

        data = ludo_save_to_data (game, &length);
        loaded = ludo_save_read_data (data, length, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (ludo_game_get_n_seats (loaded), ==, (guint) boards[b][2]);
        g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, ludo_game_get_n_moves (game));
        for (guint p = 0; p <= ludo_game_get_n_moves (game); p++)
          g_assert_cmpmem (ludo_game_get_state_at (game, p), sizeof (SpiderwebGame),
                           ludo_game_get_state_at (loaded, p), sizeof (SpiderwebGame));
        g_assert_cmpstr (ludo_game_get_seat_name (loaded, 1), ==, "Anna & <Ödön>");

        while (ludo_game_can_undo (game))
          ludo_game_undo (game);
        g_assert_cmpmem (ludo_game_get_state (game), sizeof (SpiderwebGame), start, sizeof (SpiderwebGame));
      }
  g_rand_free (rand);
}

/* Four players: one down to two pieces ends the game, and the other three,
 * with four left each, share the first place (a draw). A file without the
 * places gets them from its moves, and a save writes them. */
static void
test_places (void)
{
  g_autofree char *old_path = ludo_test_game_file ("spiderweb", "data", "good", "spiderweb-four-players.ludoteka", NULL);
  g_autofree char *path = ludo_test_game_file ("spiderweb", "data", "good", "spiderweb-four-players-placed.ludoteka", NULL);
  g_autoptr(LudoGame) old = ludo_save_read (old_path, NULL);
  g_autoptr(LudoGame) game = ludo_save_read (path, NULL);
  static const double left[] = { 2, 4, 4, 4 };
  g_autofree char *data = NULL, *expected = NULL;
  LudoOutcome outcome;

  g_assert_nonnull (old);
  g_assert_nonnull (game);
  ludo_test_assert_places (old, left);
  ludo_test_assert_places (game, left);
  ludo_game_get_outcome (game, &outcome);
  g_assert_cmpint (outcome.kind, ==, LUDO_RESULT_DRAW);
  g_assert_cmpuint (outcome.rank[0], ==, 4);
  g_assert_cmpstr (ludo_game_get_score_name (game), ==, "Pieces left");
  data = ludo_save_to_data (old, NULL);
  g_assert_nonnull (strstr (data, "<place seat=\"0\" rank=\"4\" score=\"2\"/>"));
  g_assert_nonnull (strstr (data, "<place seat=\"3\" rank=\"1\" score=\"4\"/>"));
}

/* The moves people read: where, in the cells' words, and what was taken. */
static void
test_describe (void)
{
  g_autoptr(LudoGame) game = new_game (4, 8, 2);
  g_autofree char *first = NULL;
  g_autofree char *third = NULL;
  g_autofree char *line = NULL;
  g_autofree char *where = NULL;
  g_autofree char *placed = NULL;
  GRand *rand = g_rand_new_with_seed (5);

  g_assert_true (ludo_game_play (game, "place:0.0", NULL));
  g_assert_true (ludo_game_play (game, "place:0.1", NULL));
  g_assert_true (ludo_game_play (game, "place:1.0", NULL));
  first = ludo_game_describe_move (game, 0, LUDO_VIEWER_ALL);
  where = ludo_spiderweb_node_label (pos_of (game), 0);
  placed = g_strdup_printf ("places on %s", where);
  g_assert_cmpstr (first, ==, placed);
  g_assert_cmpstr (first, ==, "places on ring 1, spoke 1");
  line = ludo_game_describe_move_line (game, 0, LUDO_VIEWER_ALL);
  g_assert_cmpstr (line, ==, "1. Player 1: places on ring 1, spoke 1");
  /* b fills 0.7: a's 0.0 has no free node, and it is taken */
  g_assert_true (ludo_game_play (game, "place:0.7", NULL));
  third = ludo_game_describe_move (game, 3, LUDO_VIEWER_ALL);
  g_assert_cmpstr (third, ==, "places on ring 1, spoke 8 — 1 piece taken");
  g_assert_cmpint (pos_of (game)->lost[0], ==, 1);

  /* a step names both nodes as the cells do */
  while (pos_of (game)->phase == SPW_PLACING)
    {
      g_auto(GStrv) moves = ludo_game_legal_moves (game);
      g_assert_true (ludo_game_play (game, moves[g_rand_int_range (rand, 0, g_strv_length (moves))], NULL));
    }
  g_rand_free (rand);
  g_assert_cmpint (pos_of (game)->phase, ==, SPW_MOVING);
  {
    g_auto(GStrv) moves = ludo_game_legal_moves (game);
    SpiderwebMove m;
    g_autofree char *from = NULL;
    g_autofree char *to = NULL;
    g_autofree char *moved = NULL;
    g_autofree char *said = NULL;

    g_assert_true (spiderweb_parse_move (pos_of (game), moves[0], &m));
    from = ludo_spiderweb_node_label (pos_of (game), SPW_MOVE_FROM (m));
    to = ludo_spiderweb_node_label (pos_of (game), SPW_MOVE_TO (m));
    moved = g_strdup_printf ("moves from %s to %s", from, to);
    g_assert_true (ludo_game_play (game, moves[0], NULL));
    said = ludo_game_describe_move (game, ludo_game_get_n_moves (game) - 1, LUDO_VIEWER_ALL);
    g_assert_true (g_str_has_prefix (said, moved));
    g_assert_null (strchr (said, '.'));   /* no 0-based "r.s" */
  }
}

/* The result of a position reached by the move in notation, in words. */
static char *
outcome_after (LudoGame   *game,
               const char *position,
               const char *move,
               int        *points)
{
  SpiderwebGame state;
  SpiderwebPos start;
  SpiderwebMove m;

  g_assert_cmpint (spiderweb_from_text (&start, position), ==, SPW_TEXT_OK);
  spiderweb_game_init (&state, &start);
  m = spiderweb_move_from_text (&state.pos, move);
  g_assert_cmpuint (m, !=, SPW_MOVE_NONE);
  spiderweb_game_play (&state, m);
  g_assert_cmpint (state.pos.phase, ==, SPW_OVER);
  *points = spiderweb_points (&state.pos);
  /* the game has no setup to start from a position: ask its class */
  return LUDO_GAME_GET_CLASS (game)->describe_outcome (game, &state);
}

/* The end says what is there: one piece is one, not "two"; a win by no
 * points (pieces set aside) is a win, said as the rule has it. */
static void
test_outcome_words (void)
{
  g_autoptr(LudoGame) game = new_game (4, 8, 2);
  g_autoptr(LudoGame) small = new_game (3, 6, 2);
  g_autofree char *one = NULL;
  g_autofree char *none = NULL;
  int points;

  /* b's step to 0.1 encloses a's 0.0 and 0.2: a keeps only 3.4 */
  one = outcome_after (game, "4x8 a.ab...b/bbb...../......../....a... b 0,0 9,7", "move:1.1-0.1", &points);
  g_assert_cmpint (points, ==, 4);
  g_assert_cmpstr (one, ==, "Player 1 has only 1 piece left. Player 2 wins by 4 points.");

  /* b set one piece aside; a's step to 0.1 encloses b's 0.0: both have
   * lost three, b is down to two */
  none = outcome_after (small, "3x6 b....a/aa..../...bb. a 0,0 3,2 2,3 0,1", "move:1.1-0.1", &points);
  g_assert_cmpint (points, ==, 0);
  g_assert_cmpstr (none, ==,
                   "Player 2 has only 2 pieces left. Player 1 wins, by no points: neither lost more pieces than the other.");
}

/* The computer: the same seed plays the same move; cancelling stops it
 * at once; it finds a move that takes a piece. */
static void
test_computer (void)
{
  g_autoptr(LudoGame) game = new_game (4, 8, 2);
  g_autofree char *a = NULL, *b = NULL, *take = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  ludo_game_set_seed (game, 11);
  a = ludo_ai_think (game, LUDO_LEVEL_MEDIUM, NULL, NULL);
  b = ludo_ai_think (game, LUDO_LEVEL_MEDIUM, NULL, NULL);
  g_assert_cmpstr (a, ==, b);

  g_cancellable_cancel (cancellable);
  g_assert_null (ludo_ai_think (game, LUDO_LEVEL_HARD, cancellable, &error));
  g_clear_error (&error);

  /* a to play: 0.0 (b) has 0.1 and 0.7 taken; placing on 1.0 takes it */
  g_assert_true (ludo_game_play (game, "place:0.1", NULL));
  g_assert_true (ludo_game_play (game, "place:0.0", NULL));
  g_assert_true (ludo_game_play (game, "place:0.7", NULL));
  g_assert_true (ludo_game_play (game, "place:3.3", NULL));
  take = ludo_ai_think (game, LUDO_LEVEL_MEDIUM, NULL, NULL);
  g_assert_cmpstr (take, ==, "place:1.0");
}

/* Hard against Easy, both ways round: Hard wins (a short match; the
 * twenty-game one is ludoteka-cli selfplay --versus). */
static void
test_hard_beats_easy (void)
{
  guint hard_wins = 0;

  /* whole games at the full budget: a measure of strength, not of a rule */
  if (ludo_test_is_reduced ())
    {
      g_test_skip ("the computer's strength is measured at the full scale");
      return;
    }
  for (int g = 0; g < 2; g++)
    {
      g_autoptr(LudoGame) game = new_game (4, 8, 2);
      LudoOutcome outcome;

      ludo_game_set_seed (game, 100 + g);
      while (!ludo_game_is_over (game))
        {
          int seat = ludo_game_get_current_seat (game);
          LudoLevel level = seat == g ? LUDO_LEVEL_HARD : LUDO_LEVEL_EASY;
          g_autofree char *move = ludo_ai_think (game, level, NULL, NULL);
          g_assert_true (ludo_game_play (game, move, NULL));
        }
      ludo_game_get_outcome (game, &outcome);
      hard_wins += outcome.kind == LUDO_RESULT_WIN && outcome.winner == g;
    }
  g_assert_cmpuint (hard_wins, ==, 2);
}

/* The review: placing a piece where the next placement encloses it is a
 * blunder. Light holds both ring neighbours of 0.0; dark places there,
 * and light's piece on 1.0 would take it. */
static void
test_review_blunder (void)
{
  static const char * const moves[] = { "place:3.3", "place:0.1", "place:3.5", "place:0.7" };
  g_autoptr(LudoGame) game = ludo_game_new ("spiderweb", NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    ludo_test_play_ok (game, moves[i]);
  ludo_test_play_ok (game, "place:0.0");
  g_assert_cmpint (ludo_test_assert_review (game, 4, LUDO_MARK_BLUNDER), >=, 100);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/spiderweb-game/options", test_options);
  g_test_add_func ("/spiderweb-game/illegal-moves", test_illegal_moves);
  g_test_add_func ("/spiderweb-game/moving-errors", test_moving_errors);
  g_test_add_func ("/spiderweb-game/games-and-saves", test_games_and_saves);
  g_test_add_func ("/spiderweb-game/describe", test_describe);
  g_test_add_func ("/spiderweb-game/outcome-words", test_outcome_words);
  g_test_add_func ("/spiderweb-game/places", test_places);
  g_test_add_func ("/spiderweb-game/computer", test_computer);
  g_test_add_func ("/spiderweb-game/hard-beats-easy", test_hard_beats_easy);
  g_test_add_func ("/spiderweb-game/review-blunder", test_review_blunder);

  return g_test_run ();
}
