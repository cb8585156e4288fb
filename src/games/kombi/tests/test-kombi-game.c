/* test-kombi-game.c — Kombi as a LudoGame: options and seats, moves in
 * notation and why they are refused, matches, saves, and the computer:
 * its exact values checked against a plain minimax with no table and no
 * symmetry, its table of start values, Hard against Easy.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "core/ludo-ai.h"
#include "core/ludo-save.h"
#include "games/kombi/kombi-ai.h"
#include "games/kombi/ludo-kombi-game.h"
#include "ludo-testing.h"

static LudoGame *
new_game (int field_players,
          int task_players,
          int claims,
          int shifts,
          int match)
{
  g_autoptr(GVariant) options = g_variant_ref_sink (
    g_variant_new_parsed ("{'field-players': %i, 'task-players': %i, 'claims': %i, 'shifts': %i, 'match': %i}",
                          field_players, task_players, claims, shifts, match));
  g_autoptr(GError) error = NULL;
  LudoGame *game = ludo_game_new ("kombi", g_variant_ref (options), &error);

  g_assert_no_error (error);
  return game;
}

static const KombiPos *
pos_of (LudoGame *game)
{
  return ludo_kombi_game_get_position (LUDO_KOMBI_GAME (game));
}

/* Seats are field players and task players; the defaults are one of each,
 * 12 claims, one marker, a match. */
static void
test_options (void)
{
  g_autoptr(LudoGame) defaults = ludo_game_new ("kombi", NULL, NULL);
  g_autoptr(GVariant) four = g_variant_ref_sink (g_variant_new_parsed ("{'field-players': 4}"));
  g_autoptr(GVariant) many = g_variant_ref_sink (g_variant_new_parsed ("{'claims': 36}"));
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (ludo_game_get_n_seats (defaults), ==, 2);
  g_assert_cmpint (pos_of (defaults)->limit, ==, 12);
  g_assert_cmpint (pos_of (defaults)->shifts, ==, 1);
  g_assert_cmpint (pos_of (defaults)->games, ==, 2);
  for (int f = 1; f <= 3; f++)
    for (int t = 1; t <= 2; t++)
      {
        g_autoptr(LudoGame) game = new_game (f, t, 5, 1, 1);
        g_autoptr(LudoGame) single = new_game (f, t, 5, 1, 0);
        g_assert_cmpuint (ludo_game_get_n_seats (game), ==, (guint) (f + t));
        g_assert_cmpint (pos_of (game)->games, ==, f + t);
        g_assert_cmpint (pos_of (single)->games, ==, 1);
      }
  g_assert_null (ludo_game_new ("kombi", g_variant_ref (four), &error));
  g_assert_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_OPTION);
  g_clear_error (&error);
  g_assert_null (ludo_game_new ("kombi", g_variant_ref (many), &error));
  g_assert_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_OPTION);
}

static void
assert_refused (LudoGame   *game,
                const char *move,
                const char *words)
{
  g_autoptr(GError) error = NULL;
  guint n = ludo_game_get_n_moves (game);

  g_assert_false (ludo_game_play (game, move, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, words) == NULL)
    g_error ("“%s” refused with “%s”, not “%s”", move, error->message, words);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, n);
}

/* Wrong moves say why, and leave the game as it was. */
static void
test_illegal_moves (void)
{
  g_autoptr(LudoGame) game = new_game (1, 1, 2, 1, 0);
  g_autoptr(LudoGame) two = new_game (1, 1, 3, 2, 0);
  g_autoptr(LudoGame) markers = new_game (1, 1, 3, 2, 0);

  assert_refused (game, "claim:36", "1 to 35");
  assert_refused (game, "mark:1,2,3", "field player");
  assert_refused (game, "take:3", "not a Kombi move");
  g_assert_true (ludo_game_play (game, "claim:17", NULL));
  assert_refused (game, "claim:18", "task player");
  assert_refused (game, "mark:1,2", "exactly three");
  assert_refused (game, "mark:1,2,2", "exactly three");
  assert_refused (game, "shift:1-2", "no markers yet");
  g_assert_true (ludo_game_play (game, "mark:1,4,6", NULL));
  assert_refused (game, "claim:17", "covered");
  g_assert_true (ludo_game_play (game, "claim:3", NULL));
  assert_refused (game, "mark:2,3,5", "marked already");
  assert_refused (game, "shift:2-3", "no marker on sector 2");
  assert_refused (game, "shift:1-4", "sector 4");
  assert_refused (game, "shift:1-2,4-3", "only 1 marker");
  g_assert_true (ludo_game_play (game, "shift:1-2", NULL));
  g_assert_true (ludo_game_is_over (game));
  assert_refused (game, "claim:1", "game is over");

  g_assert_true (ludo_game_play (two, "claim:1", NULL));
  g_assert_true (ludo_game_play (two, "mark:1,2,3", NULL));
  g_assert_true (ludo_game_play (two, "claim:35", NULL));
  assert_refused (two, "shift:1-4,2-5,3-6", "at most 2 markers");
  assert_refused (two, "shift:1-4,1-5", "the marker on sector 1 (code mark 51) is moved twice");
  assert_refused (two, "shift:1-4,2-1", "sector 1 (code mark 51) was marked at the start of the turn");
  assert_refused (two, "shift:1-4,4-5", "there is no marker on sector 4");
  assert_refused (two, "shift:1-5,2-5", "two markers are moved to sector 5 (code mark 55)");
  g_assert_true (ludo_game_play (two, "shift:3-6,1-4", NULL));
  g_assert_cmpint (pos_of (two)->marks[0], ==, 0x2a);   /* 2, 4, 6 */

  /* from 1, 4, 6: the fault is the two markers meeting on 7, which was
   * free at the start of the turn */
  g_assert_true (ludo_game_play (markers, "claim:1", NULL));
  g_assert_true (ludo_game_play (markers, "mark:1,4,6", NULL));
  g_assert_true (ludo_game_play (markers, "claim:35", NULL));
  assert_refused (markers, "shift:4-7,6-7",
                  "two markers are moved to sector 7 (code mark 57): a sector holds one marker");
}

/* The worked example of the manual, and a match of two games: the board
 * stays until the next game's first claim, the roles swap, totals add. */
static void
test_values_and_match (void)
{
  static const char * const moves[] = {
    "claim:1", "mark:1,4,6", "claim:12", "shift:1-2", "claim:35", "shift:2-1",
    /* game 2: seat 1 claims */
    "claim:1", "mark:5,6,7", "claim:2", "shift:5-4", "claim:3", "shift:4-5",
  };
  g_autoptr(LudoGame) game = new_game (1, 1, 3, 1, 1);
  LudoOutcome outcome;
  g_autofree char *text = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      int seat = ludo_game_get_current_seat (game);
      g_assert_cmpint (seat, ==, i < 6 ? (int) i % 2 : 1 - (int) i % 2);
      g_assert_true (ludo_game_play (game, moves[i], NULL));
      if (i == 5)
        {
          /* fields 1 {1,2,3}, 12 {1,4,7}, 35 {5,6,7} with markers 1, 4, 6 */
          g_assert_cmpint (kombi_field_value (pos_of (game), 0), ==, 1);
          g_assert_cmpint (kombi_field_value (pos_of (game), 11), ==, 2);
          g_assert_cmpint (kombi_field_value (pos_of (game), 34), ==, 1);
          g_assert_cmpint (kombi_seat_total (pos_of (game), 0), ==, 4);
          g_assert_false (ludo_game_is_over (game));
          g_assert_cmpint (ludo_game_get_current_seat (game), ==, 1);
          g_assert_cmpint (pos_of (game)->claims, ==, 3);   /* still in view */
        }
    }
  g_assert_true (ludo_game_is_over (game));
  /* game 2: fields 1, 2, 3 ({1,2,3}, {1,2,4}, {1,2,5}) against 5, 6, 7 */
  g_assert_cmpint (kombi_seat_total (pos_of (game), 1), ==, 1);
  ludo_game_get_outcome (game, &outcome);
  g_assert_cmpint (outcome.kind, ==, LUDO_RESULT_WIN);
  g_assert_cmpint (outcome.winner, ==, 0);
  text = ludo_game_describe_outcome (game);
  g_assert_nonnull (strstr (text, "4"));
  g_assert_cmpuint (ludo_kombi_game_get_game_start (LUDO_KOMBI_GAME (game), 1), ==, 6);
}

/* Equal totals draw; a single game is won by the highest value. */
static void
test_draws (void)
{
  static const char * const both_three[] = { "claim:1", "mark:1,2,3", "claim:1", "mark:1,2,3", NULL };
  static const char * const single[] = { "claim:35", "mark:1,2,3", NULL };
  g_autoptr(LudoGame) match = new_game (1, 1, 1, 1, 1);
  g_autoptr(LudoGame) game = new_game (1, 1, 1, 1, 0);
  g_autoptr(LudoGame) rivals = new_game (2, 1, 4, 1, 0);
  LudoOutcome outcome;

  for (guint i = 0; both_three[i]; i++)
    g_assert_true (ludo_game_play (match, both_three[i], NULL));
  ludo_game_get_outcome (match, &outcome);
  g_assert_cmpint (outcome.kind, ==, LUDO_RESULT_DRAW);
  g_assert_cmpstr (outcome.reason, ==, "match");
  g_assert_cmpint (kombi_seat_total (pos_of (match), 0), ==, 3);
  g_assert_cmpint (kombi_seat_total (pos_of (match), 1), ==, 3);

  /* held to 0, the field player only draws with the task player */
  for (guint i = 0; single[i]; i++)
    g_assert_true (ludo_game_play (game, single[i], NULL));
  ludo_game_get_outcome (game, &outcome);
  g_assert_cmpint (outcome.kind, ==, LUDO_RESULT_DRAW);
  g_assert_cmpstr (outcome.reason, ==, "game");

  /* two field players: 1 {1,2,3} and 33 {4,5,7} (3) against 35 {5,6,7} and
   * 2 {1,2,4} (2), with the markers on 1, 2, 3 */
  g_assert_true (ludo_game_play (rivals, "claim:1", NULL));
  g_assert_true (ludo_game_play (rivals, "mark:1,2,4", NULL));
  g_assert_true (ludo_game_play (rivals, "claim:35", NULL));
  g_assert_true (ludo_game_play (rivals, "shift:4-3", NULL));
  g_assert_true (ludo_game_play (rivals, "claim:33", NULL));
  g_assert_true (ludo_game_play (rivals, "shift:3-4", NULL));
  g_assert_true (ludo_game_play (rivals, "claim:2", NULL));
  g_assert_true (ludo_game_play (rivals, "shift:4-3", NULL));
  ludo_game_get_outcome (rivals, &outcome);
  g_assert_cmpint (outcome.kind, ==, LUDO_RESULT_WIN);
  g_assert_cmpint (outcome.winner, ==, 0);
}

/* Random and Easy games over every seat combination: every game ends,
 * saves, reads back state by state, and undoes to the start. */
static void
test_games_and_saves (void)
{
  GRand *rand = g_rand_new_with_seed (180181);

  for (int f = 1; f <= 3; f++)
    for (int t = 1; t <= 2; t++)
      for (int shifts = 1; shifts <= 2; shifts++)
        {
          g_autoptr(LudoGame) game = new_game (f, t, g_rand_int_range (rand, 1, 10), shifts, g_rand_boolean (rand));
          g_autoptr(LudoGame) loaded = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *data = NULL;
          g_autofree guint8 *start = g_memdup2 (ludo_game_get_state_at (game, 0), sizeof (KombiPos));
          LudoOutcome outcome;
          gsize length;

          ludo_game_set_seed (game, g_rand_int (rand));
          ludo_game_set_seat (game, 0, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY, "Anna & <Ödön>");
          while (!ludo_game_is_over (game))
            {
              g_autofree char *move = NULL;
              if (g_rand_boolean (rand))
                move = ludo_ai_think (game, LUDO_LEVEL_EASY, NULL, &error);
              else
                {
                  g_auto(GStrv) moves = ludo_game_legal_moves (game);
                  move = g_strdup (moves[g_rand_int_range (rand, 0, g_strv_length (moves))]);
                }
              g_assert_no_error (error);
              g_assert_true (ludo_game_play (game, move, &error));
            }
          ludo_game_get_outcome (game, &outcome);
          g_assert_cmpint (outcome.kind, !=, LUDO_RESULT_NONE);
          {
            g_autofree char *text = ludo_game_describe_outcome (game);
            g_test_message ("%d+%d seats, %d markers: %s", f, t, shifts, text);
          }
          /* the match's totals rank the seats (task players score none) */
          {
            const KombiPos *pos = ludo_game_get_state (game);
            double totals[LUDO_MAX_SEATS];

            for (int s = 0; s < f + t; s++)
              totals[s] = kombi_seat_total (pos, s);
            ludo_test_assert_places (game, totals);
          }
          data = ludo_save_to_data (game, &length);
          loaded = ludo_save_read_data (data, length, &error);
          g_assert_no_error (error);
          g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, ludo_game_get_n_moves (game));
          for (guint p = 0; p <= ludo_game_get_n_moves (game); p++)
            g_assert_cmpmem (ludo_game_get_state_at (game, p), sizeof (KombiPos),
                             ludo_game_get_state_at (loaded, p), sizeof (KombiPos));
          g_assert_cmpstr (ludo_game_get_seat_name (loaded, 0), ==, "Anna & <Ödön>");
          /* undo goes back to a person's turn; seeking goes to the start */
          while (ludo_game_can_undo (game))
            ludo_game_undo (game);
          g_assert_cmpint (ludo_game_get_current_seat (game), !=, 0);
          ludo_game_seek (game, 0);
          g_assert_cmpmem (ludo_game_get_state (game), sizeof (KombiPos), start, sizeof (KombiPos));
        }
  g_rand_free (rand);
}

/* The moves people read. */
static void
test_describe (void)
{
  g_autoptr(LudoGame) game = new_game (1, 1, 2, 2, 1);
  g_autofree char *claim = NULL, *mark = NULL, *shift = NULL, *next = NULL;

  g_assert_true (ludo_game_play (game, "claim:17", NULL));
  g_assert_true (ludo_game_play (game, "mark:1,4,6", NULL));
  g_assert_true (ludo_game_play (game, "claim:2", NULL));
  g_assert_true (ludo_game_play (game, "shift:6-2,1-7", NULL));
  g_assert_true (ludo_game_play (game, "claim:5", NULL));
  claim = ludo_game_describe_move (game, 0, LUDO_VIEWER_ALL);
  mark = ludo_game_describe_move (game, 1, LUDO_VIEWER_ALL);
  shift = ludo_game_describe_move (game, 3, LUDO_VIEWER_ALL);
  next = ludo_game_describe_move (game, 4, LUDO_VIEWER_ALL);
  g_assert_cmpstr (claim, ==, "field 17");
  g_assert_cmpstr (mark, ==, "51, 54, 56");
  g_assert_cmpstr (shift, ==, "51 → 52, 56 → 57");
  g_assert_cmpstr (next, ==, "game 2: field 5");
}

/* ------------------------------------------------------------------------ */
/* The solver against a plain minimax: every move, no table, no symmetry,
 * no bounds, no shortcuts at the end */

static int
plain_value (const KombiPos *pos,
             int             game)
{
  KombiMove moves[KOMBI_MAX_MOVES];
  int n, best;
  bool field;

  if (kombi_game_over (pos) || pos->game != game)
    return kombi_role_value (pos, 0);
  n = kombi_gen_moves (pos, moves);
  field = !kombi_task_to_move (pos);
  best = field ? -1 : 1 << 20;
  for (int i = 0; i < n; i++)
    {
      KombiPos next = *pos;
      int v;
      kombi_make (&next, moves[i]);
      v = plain_value (&next, game);
      if (field ? v > best : v < best)
        best = v;
    }
  return best;
}

static void
test_solver_exact (void)
{
  GRand *rand = g_rand_new_with_seed (51);
  guint checked = 0;

  /* the starts of short games, and positions of longer ones near the end */
  for (int shifts = 1; shifts <= 2; shifts++)
    for (int limit = 1; limit <= 2; limit++)
      {
        KombiPos pos;
        KombiLimits limits = { 0 };
        KombiResult result;
        int value;

        kombi_init (&pos, 1, 1, limit, shifts, false);
        g_assert_true (kombi_solve (&pos, &limits, &value, &result));
        g_assert_cmpint (value, ==, plain_value (&pos, 0));
        g_assert_cmpint (value, ==, kombi_start_value (shifts, limit));
        checked++;
      }
  for (int round = 0; round < 60; round++)
    {
      int shifts = 1 + round % 2, t = 1 + (round / 2) % 2, left = 1 + round % 2;
      KombiPos pos;
      KombiLimits limits = { 0 };
      KombiResult result;
      int value;

      kombi_init (&pos, 1, t, 4 + left, shifts, false);
      /* play at random until `left` claims remain (task turns included) */
      while (pos.claims < pos.limit - left || kombi_task_to_move (&pos))
        {
          KombiMove moves[KOMBI_MAX_MOVES];
          int n = kombi_gen_moves (&pos, moves);
          kombi_make (&pos, moves[g_rand_int_range (rand, 0, n)]);
        }
      if (g_rand_boolean (rand))
        {
          KombiMove moves[KOMBI_MAX_MOVES];
          int n = kombi_gen_moves (&pos, moves);
          kombi_make (&pos, moves[g_rand_int_range (rand, 0, n)]);   /* a task player to move */
        }
      g_assert_true (kombi_solve (&pos, &limits, &value, &result));
      g_assert_cmpint (value, ==, plain_value (&pos, 0));
      /* the move it chose keeps the value */
      {
        KombiPos next = pos;
        kombi_make (&next, result.best);
        g_assert_cmpint (plain_value (&next, 0), ==, value);
      }
      checked++;
    }
  g_test_message ("%u positions solved and checked by plain minimax", checked);
  g_rand_free (rand);
}

/* The table of start values, solved again where it is quick. */
static void
test_start_table (void)
{
  for (int shifts = 1; shifts <= 2; shifts++)
    for (int limit = 1; limit <= 8; limit++)
      {
        KombiPos pos;
        KombiLimits limits = { 0 };
        KombiResult result;
        int value;

        kombi_init (&pos, 1, 1, limit, shifts, false);
        g_assert_true (kombi_solve (&pos, &limits, &value, &result));
        g_assert_cmpint (value, ==, kombi_start_value (shifts, limit));
      }
  g_assert_cmpint (kombi_start_value (1, 12), ==, 15);
  g_assert_cmpint (kombi_start_value (1, 35), ==, -1);
}

/* The computer: the same seed plays the same move; cancelling stops it;
 * Hard finds the value of the rest when it can, and says so for a hint. */
static void
test_computer (void)
{
  g_autoptr(LudoGame) game = new_game (1, 1, 4, 1, 0);
  g_autofree char *a = NULL, *b = NULL, *c = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  int value;

  ludo_game_set_seed (game, 11);
  a = ludo_ai_think (game, LUDO_LEVEL_MEDIUM, NULL, NULL);
  b = ludo_ai_think (game, LUDO_LEVEL_MEDIUM, NULL, NULL);
  g_assert_cmpstr (a, ==, b);
  g_cancellable_cancel (cancellable);
  g_assert_null (ludo_ai_think (game, LUDO_LEVEL_HARD, cancellable, &error));
  g_clear_error (&error);

  c = ludo_ai_think (game, LUDO_LEVEL_HARD, NULL, NULL);
  g_assert_nonnull (c);
  g_assert_true (ludo_kombi_game_lookup_exact (LUDO_KOMBI_GAME (game), pos_of (game), &value));
  g_assert_cmpint (value, ==, kombi_start_value (1, 4));
}

/* Hard plays perfectly as either side: against every reply of a plain
 * minimax it gets the value of the start (a short game, all of it). */
static void
test_hard_is_perfect (void)
{
  for (int hard = 0; hard < 2; hard++)
    {
      g_autoptr(LudoGame) game = new_game (1, 1, 2, 1, 0);
      int value = kombi_start_value (1, 2);

      while (!ludo_game_is_over (game))
        {
          g_autofree char *move = NULL;
          if (ludo_game_get_current_seat (game) == hard)
            move = ludo_ai_think (game, LUDO_LEVEL_HARD, NULL, NULL);
          else
            {
              /* the other side plays a best reply too */
              g_auto(GStrv) moves = ludo_game_legal_moves (game);
              int goal = plain_value (pos_of (game), 0);
              for (guint i = 0; moves[i] && move == NULL; i++)
                {
                  KombiPos next = *pos_of (game);
                  kombi_make (&next, kombi_move_from_text (&next, moves[i], NULL, NULL));
                  if (plain_value (&next, 0) == goal)
                    move = g_strdup (moves[i]);
                }
            }
          g_assert_true (ludo_game_play (game, move, NULL));
          g_assert_cmpint (plain_value (pos_of (game), 0), ==, value);
        }
      g_assert_cmpint (kombi_role_value (pos_of (game), 0), ==, value);
    }
}

/* Hard against Easy, a match of two games both ways round: Hard wins. */
static void
test_hard_beats_easy (void)
{
  guint hard_wins = 0;

  for (int g = 0; g < 2; g++)
    {
      g_autoptr(LudoGame) game = new_game (1, 1, 8, 1, 1);
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

/* The review of a game between two exact players: every value exact, no
 * move an error (each keeps the value best play gives). */
static void
test_review_exact (void)
{
  g_autoptr(LudoGame) game = new_game (1, 1, 4, 1, 0);
  g_autoptr(GPtrArray) reviews = NULL;
  g_autoptr(GError) error = NULL;

  while (!ludo_game_is_over (game))
    {
      g_autofree char *move = ludo_ai_think (game, LUDO_LEVEL_HARD, NULL, NULL);
      g_assert_true (ludo_game_play (game, move, NULL));
    }
  reviews = ludo_review_game (game, 0, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (reviews->len, ==, ludo_game_get_n_moves (game));
  for (guint i = 0; i < reviews->len; i++)
    {
      const LudoMoveReview *r = reviews->pdata[i];

      g_test_message ("%u %s: %d -> %d, best %s, %s", r->ply, r->move, r->value_before, r->value_after,
                      r->best, ludo_mark_to_string (r->mark));
      g_assert_true (r->exact);
      g_assert_cmpint (r->loss, ==, 0);
      g_assert_cmpint (r->mark, <, LUDO_MARK_INACCURACY);
      /* the field player's value, the same all through */
      g_assert_cmpint (ABS (r->value_before), ==, 100 * kombi_start_value (1, 4));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/kombi-game/options", test_options);
  g_test_add_func ("/kombi-game/illegal-moves", test_illegal_moves);
  g_test_add_func ("/kombi-game/values-and-match", test_values_and_match);
  g_test_add_func ("/kombi-game/draws", test_draws);
  g_test_add_func ("/kombi-game/games-and-saves", test_games_and_saves);
  g_test_add_func ("/kombi-game/describe", test_describe);
  g_test_add_func ("/kombi-game/solver-exact", test_solver_exact);
  g_test_add_func ("/kombi-game/start-table", test_start_table);
  g_test_add_func ("/kombi-game/computer", test_computer);
  g_test_add_func ("/kombi-game/hard-is-perfect", test_hard_is_perfect);
  g_test_add_func ("/kombi-game/hard-beats-easy", test_hard_beats_easy);
  g_test_add_func ("/kombi-game/review-exact", test_review_exact);
  return g_test_run ();
}
