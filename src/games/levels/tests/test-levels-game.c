/* test-levels-game.c — Levels as a LudoGame: options and seats, actions in
 * notation and why a wrong one is refused, start positions in saves,
 * whole games, the words people read, the computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "core/ludo-ai.h"
#include "core/ludo-save.h"
#include "games/levels/levels-ai.h"
#include "games/levels/ludo-levels-game.h"
#include "ludo-test-scale.h"
#include "ludo-testing.h"

static LudoGame *
new_game (int size,
          int players)
{
  g_autoptr(GVariant) options = g_variant_ref_sink (
    g_variant_new_parsed ("{'size': %i, 'players': %i}", size, players));
  g_autoptr(GError) error = NULL;
  LudoGame *game = ludo_game_new ("levels", g_variant_ref (options), &error);

  g_assert_no_error (error);
  return game;
}

static LudoGame *
game_from (const char *position)
{
  LevelsPos pos;
  LudoGame *game;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (levels_from_text (&pos, position), ==, LVL_TEXT_OK);
  game = new_game (pos.size, pos.players);
  g_assert_true (ludo_levels_game_set_start_position (LUDO_LEVELS_GAME (game), position, &error));
  g_assert_no_error (error);
  return game;
}

static const LevelsPos *
pos_of (LudoGame *game)
{
  return ludo_levels_game_get_position (LUDO_LEVELS_GAME (game));
}

/* The number of players is the number of seats; the board is 9, 12 or 15. */
static void
test_options (void)
{
  g_autoptr(LudoGame) defaults = ludo_game_new ("levels", NULL, NULL);
  g_autoptr(GVariant) ten = g_variant_ref_sink (g_variant_new_parsed ("{'size': 10}"));
  g_autoptr(GVariant) five = g_variant_ref_sink (g_variant_new_parsed ("{'players': 5}"));
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (ludo_game_get_n_seats (defaults), ==, 2);
  g_assert_cmpint (pos_of (defaults)->size, ==, 9);
  g_assert_cmpint (levels_count_pieces (pos_of (defaults), 0), ==, 8);
  for (int size = 9; size <= 15; size += 3)
    for (int players = 2; players <= 4; players++)
      {
        g_autoptr(LudoGame) game = new_game (size, players);
        g_assert_cmpuint (ludo_game_get_n_seats (game), ==, (guint) players);
        g_assert_cmpint (pos_of (game)->size, ==, size);
        g_assert_cmpint (levels_count_pieces (pos_of (game), -1), ==, 8 * players);
        g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);
      }
  g_assert_null (ludo_game_new ("levels", g_variant_ref (ten), &error));
  g_assert_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_OPTION);
  g_clear_error (&error);
  g_assert_null (ludo_game_new ("levels", g_variant_ref (five), &error));
  g_assert_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_OPTION);
}

static void
assert_refused (LudoGame   *game,
                const char *move,
                const char *says)
{
  g_autoptr(GError) error = NULL;
  guint n = ludo_game_get_n_moves (game);

  g_assert_false (ludo_game_play (game, move, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, says) == NULL)
    g_error ("%s: “%s” does not say “%s”", move, error->message, says);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, n);
}

/* Every wrong action says why, and nothing is played. */
static void
test_illegal (void)
{
  g_autoptr(LudoGame) game = new_game (9, 2);

  assert_refused (game, "e5", "is not an action on this board");
  assert_refused (game, "g1->g2", "is not an action on this board");
  assert_refused (game, "j1-j2", "is not an action on this board");
  assert_refused (game, "e5-e6", "there is no piece on e5");
  assert_refused (game, "a9-a8", "the piece on a9 is not yours to act with: it is black level 1");
  assert_refused (game, "b1-c1", "the cell c1 is taken");
  assert_refused (game, "a1-a4", "the level 2 on a1 does not see a4");
  assert_refused (game, "c1=c2", "the piece on c1 is not in a block");
  assert_refused (game, "h1xh9", "a level 3 destroys only pieces of level 5 or higher, and the piece on h9 is level 4");
  assert_refused (game, "h1xg1", "is your own");
  assert_refused (game, "h1xh5", "there is no piece on h5 to destroy");
  assert_refused (game, "a1>n", "the piece on a1 has no ray to turn");
  assert_refused (game, "b1>n", "the ray already looks that way");
  assert_refused (game, "c1@5", "only levels 7 and 8 switch state");
  assert_refused (game, "f1@1", "already in state 1");
  assert_refused (game, "f1@2", "a level 7 takes the states 1, 3 and 5");
  assert_refused (game, "c1/", "there is nothing to release it from");
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);

  /* a block that would leave the board, or land on a piece */
  {
    g_autoptr(LudoGame) block = game_from ("9 2 a a1a6,b2a5^a1,e5a2,i9b2 0");
    assert_refused (block, "a1=a9", "the block would leave the board");
    assert_refused (block, "b2=e5", "the block would land on the piece on e5");
    /* not through its field of view: no member lands on a cell it sees */
    assert_refused (block, "a1=e8", "no piece of the block would land on a cell the block sees");
  }
  /* a destruction its block cannot follow, and one out of view */
  {
    g_autoptr(LudoGame) follow = game_from ("9 2 a a1a3ne^a2,a2a4n,e5b6,e6b1,i1b2 0");
    assert_refused (follow, "a1xe5", "its block cannot follow it to e5");
    assert_refused (follow, "a2xe5", "the level 4 on a2 does not see e5");
  }
  /* the game is over */
  {
    g_autoptr(LudoGame) over = game_from ("9 2 a a1a6,b2a5 0");
    g_autoptr(GError) error = NULL;
    g_assert_true (ludo_game_is_over (over));
    g_assert_false (ludo_game_play (over, "a1-a2", &error));
    g_assert_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_GAME_OVER);
  }
}

/* A start position of one's own: set, played from, saved with the game
 * and read back; a wrong one refused. */
static void
test_start_position (void)
{
  static const char *start = "9 2 a a1a6,b2a5^a1,e5a2,i9b2 0 0";
  g_autoptr(LudoGame) game = game_from (start);
  g_autoptr(LudoGame) loaded = NULL;
  g_autoptr(LudoGame) plain = new_game (9, 2);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;
  char text[LVL_TEXT_MAX];

  levels_to_text (pos_of (game), text, sizeof text);
  g_assert_cmpstr (text, ==, start);
  g_assert_true (ludo_game_play (game, "a1=a4", NULL));
  data = ludo_save_to_data (game, &length);
  g_assert_nonnull (strstr (data, "<value name=\"position\">9 2 a a1a6,b2a5^a1,e5a2,i9b2 0 0</value>"));
  loaded = ludo_save_read_data (data, length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, 1);
  for (guint p = 0; p <= 1; p++)
    g_assert_cmpmem (ludo_game_get_state_at (game, p), sizeof (LevelsGame),
                     ludo_game_get_state_at (loaded, p), sizeof (LevelsGame));

  /* the usual start writes none */
  {
    g_autofree char *usual = ludo_save_to_data (plain, &length);
    g_assert_null (strstr (usual, "name=\"position\""));
  }
  /* a start of another size than the options', and one that is no position */
  g_assert_false (ludo_levels_game_set_start_position (LUDO_LEVELS_GAME (plain), "12 2 a a1a6,l12b6 0", &error));
  g_assert_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_SETUP);
  g_assert_nonnull (strstr (error->message, "for 2 players on 12 × 12, but the options say 2 players on 9 × 9"));
  g_clear_error (&error);
  g_assert_false (ludo_levels_game_set_start_position (LUDO_LEVELS_GAME (plain), "9 2 a a1a9,i9b2 0", &error));
  g_assert_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_SETUP);
  g_assert_nonnull (strstr (error->message, "is not one of Levels"));
  g_clear_error (&error);
  levels_to_text (pos_of (plain), text, sizeof text);
  g_assert_true (g_str_has_prefix (text, "9 2 a a1a2,b1a4n,"));

  /* a save whose set-up names something else */
  {
    static const char *save =
      "<?xml version=\"1.0\"?>\n<ludoteka version=\"1\" game=\"levels\">\n"
      "  <options><option name=\"size\" value=\"9\"/><option name=\"players\" value=\"2\"/></options>\n"
      "  <seats><seat kind=\"human\"/><seat kind=\"human\"/></seats>\n"
      "  <setup><value name=\"board\">x</value></setup>\n"
      "  <moves position=\"0\"/>\n</ludoteka>\n";
    g_autoptr(LudoGame) bad = ludo_save_read_data (save, strlen (save), &error);
    g_assert_null (bad);
    g_assert_nonnull (error);
    g_assert_cmpstr (error->message, ==, "Line 5: the set-up of Levels has no value “board”.");
  }
}

/* Whole games of every board and number of players, by Easy and random
 * actions: they end by a rule, the save carries them, undo goes back to
 * the start bit for bit. */
static void
test_games_and_saves (void)
{
  GRand *rand = g_rand_new_with_seed (1990);

  for (int size = 9; size <= 15; size += 3)
    for (int players = 2; players <= 4; players++)
      {
        g_autoptr(LudoGame) game = new_game (size, players);
        g_autoptr(LudoGame) loaded = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *data = NULL;
        g_autofree guint8 *start = g_memdup2 (ludo_game_get_state_at (game, 0), sizeof (LevelsGame));
        LudoOutcome outcome;
        gsize length;

        ludo_game_set_seed (game, g_rand_int (rand));
        for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
          ludo_game_set_seat (game, s, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY, s == 1 ? "Anna & <Ödön>" : NULL);
        while (!ludo_game_is_over (game))
          {
            g_autofree char *move = NULL;
            /* Easy moves and random ones */
            if (g_rand_int_range (rand, 0, 4) == 0)
              move = ludo_ai_think (game, LUDO_LEVEL_EASY, NULL, &error);
            else
              {
                g_auto(GStrv) moves = ludo_game_legal_moves (game);
                move = g_strdup (moves[g_rand_int_range (rand, 0, g_strv_length (moves))]);
              }
            g_assert_no_error (error);
            g_assert_true (ludo_game_play (game, move, &error));
            g_assert_cmpuint (ludo_game_get_n_moves (game), <, 5000);
          }
        ludo_game_get_outcome (game, &outcome);
        g_assert_cmpint (outcome.kind, !=, LUDO_RESULT_NONE);
        g_assert_nonnull (outcome.reason);
        {
          g_autofree char *text = ludo_game_describe_outcome (game);
          g_assert_nonnull (text);
          g_test_message ("%dx%d, %d players, %u moves: %s", size, size, players,
                          ludo_game_get_n_moves (game), text);
        }
        /* every end ranks the players by the pieces they hold */
        {
          const LevelsGame *g = ludo_game_get_state (game);
          double pieces[LUDO_MAX_SEATS];

          for (int p = 0; p < players; p++)
            pieces[p] = levels_count_pieces (&g->pos, p);
          ludo_test_assert_places (game, pieces);
        }

        data = ludo_save_to_data (game, &length);
        loaded = ludo_save_read_data (data, length, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (ludo_game_get_n_seats (loaded), ==, (guint) players);
        g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, ludo_game_get_n_moves (game));
        for (guint p = 0; p <= ludo_game_get_n_moves (game); p++)
          g_assert_cmpmem (ludo_game_get_state_at (game, p), sizeof (LevelsGame),
                           ludo_game_get_state_at (loaded, p), sizeof (LevelsGame));
        g_assert_cmpstr (ludo_game_get_seat_name (loaded, 1), ==, "Anna & <Ödön>");

        while (ludo_game_can_undo (game))
          ludo_game_undo (game);
        g_assert_cmpmem (ludo_game_get_state (game), sizeof (LevelsGame), start, sizeof (LevelsGame));
      }
  g_rand_free (rand);
}

/* What people read: the move list, the preview's words, the end. */
static void
test_words (void)
{
  g_autoptr(LudoGame) game = new_game (9, 2);
  g_autofree char *first = NULL;
  g_autofree char *effect = NULL;
  g_autofree char *piece = NULL;
  LevelsMove move;

  /* g1-g2: White's level 6 on c1 takes the level 5 into its block, and
   * Black's level 4 on h9, which sees g2, joins under it */
  move = levels_move_from_text (pos_of (game), "g1-g2");
  effect = ludo_levels_describe_effect (pos_of (game), move);
  g_assert_cmpstr (effect, ==, "h9: black level 4 turns white; g2 joins a block");
  g_assert_true (ludo_game_play (game, "g1-g2", NULL));
  first = ludo_game_describe_move (game, 0, LUDO_VIEWER_ALL);
  g_assert_cmpstr (first, ==, "g1 moves to g2, 1 changes colour");
  piece = ludo_levels_piece_description (pos_of (game), levels_piece_at (pos_of (game), 8 * 9 + 7));
  g_assert_cmpstr (piece, ==, "white level 4, looking south");

  /* each kind of action in the move list, in words — the status line's
   * (ludo_levels_describe_action), never the notation */
  {
    static const struct {
      const char *position, *move, *says;
    } cases[] = {
      { "9 2 a a1a6,b2a5^a1,e5a2,i9b2 0", "a1=a4", "a1 and its block move to a4" },
      { "9 2 a b2a3ne,a1a2,f6b6,g9b2 0", "b2xf6", "b2 destroys black level 6 on f6" },
      { "9 2 a b2a3ne,a1a2,f6b6,g9b2 0", "b2>n", "b2 turns, now looking north" },
      { "9 2 a e5a7@1,a1a2,g9b2 0", "e5@3sw", "e5 switches to state 3, looking south-west" },
      { "9 2 a e5a7@1,a1a2,g9b2 0", "e5@5", "e5 switches to state 5" },
      { "9 2 a a1a6,b2a5^a1,e5a2,i9b2 0", "b2/", "b2 leaves the piece over it" },
    };
    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autoptr(LudoGame) g = game_from (cases[i].position);
        const LevelsPos *before = pos_of (g);
        g_autofree char *action = ludo_levels_describe_action (before, levels_move_from_text (before, cases[i].move));
        g_autofree char *text = NULL;

        g_assert_cmpstr (action, ==, cases[i].says);
        g_assert_true (ludo_game_play (g, cases[i].move, NULL));
        text = ludo_game_describe_move (g, 0, LUDO_VIEWER_ALL);
        if (!g_str_has_prefix (text, cases[i].says))
          g_error ("%s: “%s”", cases[i].move, text);
        /* no notation: no arrows, no @, no =, no ×, no / */
        if (strpbrk (text, "@=/") || strstr (text, "×") || strstr (text, "⇒") || strstr (text, "↑") || strstr (text, "↙"))
          g_error ("%s: “%s” is notation", cases[i].move, text);
      }
  }

  /* the ends, in words */
  {
    g_autoptr(LudoGame) one = game_from ("9 2 a b2a3ne,a1a2,f6b6,i9b2 0");
    g_autofree char *text = NULL;
    g_assert_true (ludo_game_play (one, "b2xf6", NULL));
    g_assert_true (ludo_game_is_over (one));
    text = ludo_game_describe_outcome (one);
    g_assert_cmpstr (text, ==, "Only white pieces are left on the board: Player 1 wins.");
  }
  {
    /* Black passes (only a level 1 left, which cannot act), White turns
     * back and forth: the third time the same position stands, White has
     * the most pieces */
    g_autoptr(LudoGame) rep = game_from ("9 2 a a1a3n,c5a5,i9b1 0");
    g_autofree char *text = NULL;
    LudoOutcome outcome;
    const char *moves[] = { "a1>e", "a1>n", "a1>e", "a1>n" };
    for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
      {
        g_assert_cmpint (ludo_game_get_current_seat (rep), ==, 0);
        g_assert_true (ludo_game_play (rep, moves[i], NULL));
      }
    g_assert_true (ludo_game_is_over (rep));
    ludo_game_get_outcome (rep, &outcome);
    g_assert_cmpint (outcome.kind, ==, LUDO_RESULT_WIN);
    g_assert_cmpint (outcome.winner, ==, 0);
    g_assert_cmpstr (outcome.reason, ==, "repetition");
    text = ludo_game_describe_outcome (rep);
    g_assert_cmpstr (text, ==, "The same position for the third time. Player 1 wins with the most pieces: "
                               "1. Player 1 (2 pieces), 2. Player 2 (1 piece).");
  }
  {
    g_autoptr(LudoGame) quiet = game_from ("9 2 a a1a3n,c5a5,i9b8@2,h9b1 99");
    g_autofree char *text = NULL;
    LudoOutcome outcome;
    g_assert_true (ludo_game_play (quiet, "a1>e", NULL));
    ludo_game_get_outcome (quiet, &outcome);
    g_assert_cmpint (outcome.kind, ==, LUDO_RESULT_DRAW);
    g_assert_cmpstr (outcome.reason, ==, "quiet");
    text = ludo_game_describe_outcome (quiet);
    g_assert_cmpstr (text, ==, "100 turns without a destruction or a change of colour. A draw: the most pieces "
                               "are shared: 1. Player 1 (2 pieces), 1. Player 2 (2 pieces).");
  }
  {
    /* the last resort: captures back and forth never end a game by the
     * rules above, so the five hundredth turn does */
    g_autoptr(LudoGame) limit = game_from ("9 2 a a1a3n,c5a5,i9b8@2,h9b1 0 499");
    g_autofree char *text = NULL;
    LudoOutcome outcome;
    g_assert_true (ludo_game_play (limit, "a1>e", NULL));
    ludo_game_get_outcome (limit, &outcome);
    g_assert_cmpint (outcome.kind, ==, LUDO_RESULT_DRAW);
    g_assert_cmpstr (outcome.reason, ==, "turn-limit");
    text = ludo_game_describe_outcome (limit);
    g_assert_true (g_str_has_prefix (text, "500 turns in all. A draw"));
  }
}

/* The computer: the same seed plays the same action; cancelling stops it
 * at once; every level takes a free piece; a position with blocks and
 * three players is searched without trouble. */
static void
test_computer (void)
{
  g_autoptr(LudoGame) game = new_game (9, 2);
  g_autofree char *a = NULL, *b = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  ludo_game_set_seed (game, 11);
  a = ludo_ai_think (game, LUDO_LEVEL_MEDIUM, NULL, NULL);
  b = ludo_ai_think (game, LUDO_LEVEL_MEDIUM, NULL, NULL);
  g_assert_cmpstr (a, ==, b);
  g_assert_true (ludo_game_play (game, a, NULL));

  g_cancellable_cancel (cancellable);
  g_assert_null (ludo_ai_think (game, LUDO_LEVEL_HARD, cancellable, &error));
  g_clear_error (&error);

  /* b2xf6 wins: the level 3 destroys the 6 and, on f6, sees and takes
   * the last black piece on i9 */
  for (LudoLevel level = LUDO_LEVEL_EASY; level <= LUDO_LEVEL_HARD; level++)
    {
      g_autoptr(LudoGame) win = game_from ("9 2 a b2a3ne,a1a2,f6b6,i9b2 0");
      g_autofree char *move = ludo_ai_think (win, level, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (move, ==, "b2xf6");
    }

  /* the search's own limits: nodes make it repeatable */
  {
    LevelsPos pos;
    LevelsGame g;
    LevelsLimits limits;
    LevelsResult r1, r2;

    levels_init (&pos, 12, 3);
    levels_game_init (&g, &pos);
    levels_level_limits (LUDO_LEVEL_HARD, &limits);
    limits.max_nodes = 20000;
    limits.max_ms = 0;
    levels_search (&g, &limits, &r1);
    levels_search (&g, &limits, &r2);
    g_assert_cmpuint (r1.best, ==, r2.best);
    g_assert_cmpint (r1.score, ==, r2.score);
    g_assert_true (levels_is_legal (&pos, r1.best));
    g_assert_cmpint (r1.depth, >=, 1);
  }
}

/* A strong search against Easy, both ways round: it wins (a short match
 * with a node budget, so that it plays the same everywhere; the
 * twenty-game one is ludoteka-cli selfplay --versus). */
static void
test_strong_beats_easy (void)
{
  guint wins = 0;

  /* whole games at the full budget: a measure of strength, not of a rule */
  if (ludo_test_is_reduced ())
    {
      g_test_skip ("the computer's strength is measured at the full scale");
      return;
    }
  for (int g = 0; g < 2; g++)
    {
      LevelsPos start;
      LevelsGame game;
      int winner, ply = 0;

      levels_init (&start, 9, 2);
      levels_game_init (&game, &start);
      while (game.pos.end == LVL_END_NONE && ply < 400)
        {
          LevelsLimits limits;
          LevelsResult result;
          gboolean strong = game.pos.to_move == g;

          levels_level_limits (strong ? LUDO_LEVEL_HARD : LUDO_LEVEL_EASY, &limits);
          limits.seed = (guint64) (ply + 1) * 7919 + g;
          limits.max_ms = 0;
          if (strong)
            limits.max_nodes = 150000;
          levels_search (&game, &limits, &result);
          g_assert_true (levels_is_legal (&game.pos, result.best));
          levels_game_play (&game, result.best);
          ply++;
        }
      g_assert_cmpint (game.pos.end, !=, LVL_END_NONE);
      levels_outcome (&game.pos, &winner);
      g_test_message ("game %d: %d plies, end %d, winner %d", g, ply, game.pos.end, winner);
      wins += winner == g;
    }
  g_assert_cmpuint (wins, ==, 2);
}

/* The review: a move into the ray of an enemy two levels lower, which
 * destroys it, is a blunder; a step aside is no error. */
static void
test_review_blunder (void)
{
  static const char *position = "9 2 a a1a6,a9a1,e9b3s,i1b1 0";
  g_autoptr(LudoGame) into = game_from (position);
  g_autoptr(LudoGame) aside = game_from (position);

  ludo_test_play_ok (into, "a1-e4");
  g_assert_cmpint (ludo_test_assert_review (into, 0, LUDO_MARK_BLUNDER), >=, 100);
  ludo_test_play_ok (aside, "a1-b2");
  ludo_test_assert_review (aside, 0, LUDO_MARK_NONE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/levels-game/options", test_options);
  g_test_add_func ("/levels-game/illegal", test_illegal);
  g_test_add_func ("/levels-game/start-position", test_start_position);
  g_test_add_func ("/levels-game/games-and-saves", test_games_and_saves);
  g_test_add_func ("/levels-game/words", test_words);
  g_test_add_func ("/levels-game/computer", test_computer);
  g_test_add_func ("/levels-game/strong-beats-easy", test_strong_beats_easy);
  g_test_add_func ("/levels-game/review-blunder", test_review_blunder);

  return g_test_run ();
}
