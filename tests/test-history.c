/* test-history.c — undo, redo, seeking, the redo tail
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "core/ludo-ai.h"
#include "core/ludo-game.h"
#include "core/ludo-history.h"
#include "core/ludo-save.h"
#include "ludo-testing.h"

static void
test_history_plain (void)
{
  int start = 0, one = 1, two = 2, three = 3;
  g_autoptr(LudoHistory) h = ludo_history_new (sizeof (int), &start);

  g_assert_cmpuint (ludo_history_get_length (h), ==, 0);
  g_assert_false (ludo_history_push (h, 0, "a", &one));
  g_assert_false (ludo_history_push (h, 1, "b", &two));
  g_assert_cmpuint (ludo_history_get_length (h), ==, 2);
  g_assert_cmpuint (ludo_history_get_position (h), ==, 2);
  g_assert_cmpint (*(const int *) ludo_history_get_state (h, 1), ==, 1);

  ludo_history_seek (h, 0);
  g_assert_cmpint (*(const int *) ludo_history_get_state (h, ludo_history_get_position (h)), ==, 0);
  /* the same move as the tail's first: the tail stays */
  g_assert_false (ludo_history_push (h, 0, "a", &one));
  g_assert_cmpuint (ludo_history_get_length (h), ==, 2);
  g_assert_cmpuint (ludo_history_get_position (h), ==, 1);
  /* another move: the tail goes */
  g_assert_true (ludo_history_push (h, 1, "c", &three));
  g_assert_cmpuint (ludo_history_get_length (h), ==, 2);
  g_assert_cmpstr (ludo_history_get_move (h, 1), ==, "c");
  g_assert_cmpint (ludo_history_get_seat (h, 1), ==, 1);
  g_assert_cmpint (*(const int *) ludo_history_get_state (h, 2), ==, 3);
}

/* A new game of info, seat 0 of kind first, the others of kind rest. */
static LudoGame *
new_game (const LudoGameInfo *info,
          LudoSeatKind        first,
          LudoSeatKind        rest)
{
  LudoGame *game = ludo_game_new (info->id, NULL, NULL);

  ludo_game_set_seed (game, 7);
  for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
    ludo_game_set_seat (game, s, s == 0 ? first : rest, LUDO_LEVEL_MEDIUM, NULL);
  return game;
}

/* The seat to move at ply (the seat of the move played there). */
static int
seat_at (LudoGame *game,
         guint     ply)
{
  return ply < ludo_game_get_n_moves (game) ? ludo_game_get_move_seat (game, ply) : -1;
}

/* One person against the computer, in every game: undo takes back to the
 * person's last turn (a whole round), redo to the next. */
static void
test_undo_rounds (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = new_game (games[g], LUDO_SEAT_HUMAN, LUDO_SEAT_COMPUTER);
      guint n, person = 0;

      g_test_message ("%s", games[g]->id);
      g_assert_false (ludo_game_can_undo (game));
      n = ludo_test_play_some (game, 6);
      g_assert_cmpuint (n, ==, 6);
      g_assert_cmpuint (ludo_game_get_position (game), ==, 6);
      for (guint p = 0; p < n; p++)
        person += seat_at (game, p) == 0;
      g_assert_cmpuint (person, >=, 2);

      while (ludo_game_can_undo (game))
        {
          guint from = ludo_game_get_position (game), to = from - 1;

          while (to > 0 && seat_at (game, to) != 0)
            to--;
          ludo_game_undo (game);
          g_assert_cmpuint (ludo_game_get_position (game), ==, to);
          g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);
        }
      /* back to the person's first turn */
      g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);
      for (guint p = 0; p < ludo_game_get_position (game); p++)
        g_assert_cmpint (seat_at (game, p), !=, 0);

      while (ludo_game_can_redo (game))
        {
          guint to = ludo_game_get_position (game) + 1;

          while (to < n && seat_at (game, to) != 0)
            to++;
          ludo_game_redo (game);
          g_assert_cmpuint (ludo_game_get_position (game), ==, to);
        }
      g_assert_cmpuint (ludo_game_get_position (game), ==, 6);
    }
}

/* Between people, and in a demo, undo takes back one move. */
static void
test_undo_plies (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) people = new_game (games[g], LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN);
      g_autoptr(LudoGame) demo = new_game (games[g], LUDO_SEAT_COMPUTER, LUDO_SEAT_COMPUTER);
      LudoGame *both[] = { people, demo };

      for (guint i = 0; i < G_N_ELEMENTS (both); i++)
        {
          g_assert_cmpuint (ludo_test_play_some (both[i], 3), ==, 3);
          ludo_game_undo (both[i]);
          g_assert_cmpuint (ludo_game_get_position (both[i]), ==, 2);
          ludo_game_undo (both[i]);
          g_assert_cmpuint (ludo_game_get_position (both[i]), ==, 1);
          ludo_game_redo (both[i]);
          g_assert_cmpuint (ludo_game_get_position (both[i]), ==, 2);
        }
    }
}

/* A move at the cursor that is not the move played there next. */
static char *
other_move (LudoGame *game)
{
  const char *next = ludo_game_get_move (game, ludo_game_get_position (game));

  for (guint k = 0; k < 100; k++)
    {
      g_autofree char *move = ludo_test_some_move (game, k);

      if (g_strcmp0 (move, next) != 0)
        return g_steal_pointer (&move);
    }
  g_error ("%s: no other move than %s", ludo_game_get_id (game), next);
}

/* The redo tail: kept by the move it begins with, dropped by another. */
static void
test_redo_tail_dropped (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = new_game (games[g], LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN);
      g_autofree char *same = NULL;
      g_autofree char *other = NULL;
      g_autofree char *third = NULL;

      g_assert_cmpuint (ludo_test_play_some (game, 4), ==, 4);
      ludo_game_seek (game, 2);
      g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 4);
      g_assert_true (ludo_game_can_redo (game));

      /* the same move keeps the tail */
      same = g_strdup (ludo_game_get_move (game, 2));
      ludo_test_play_ok (game, same);
      g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 4);
      g_assert_cmpuint (ludo_game_get_position (game), ==, 3);

      /* a different move drops it */
      other = other_move (game);
      ludo_test_play_ok (game, other);
      g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 4);
      g_assert_cmpstr (ludo_game_get_move (game, 3), ==, other);
      ludo_game_seek (game, 2);
      third = other_move (game);
      ludo_test_play_ok (game, third);
      g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 3);
      g_assert_false (ludo_game_can_redo (game));
    }
}

/* A finished game of each (its sample save): no move after the end; a
 * seek changes the serial and the seat to move. */
static void
test_seek_and_signals (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = ludo_test_load_sample (games[g]->id);
      guint n = ludo_game_get_n_moves (game);
      guint serial;

      g_assert_true (ludo_game_is_over (game));
      g_assert_false (ludo_game_play (game, ludo_game_get_move (game, n - 1), NULL));

      serial = ludo_game_get_serial (game);
      ludo_game_seek (game, 1);
      g_assert_cmpuint (ludo_game_get_serial (game), !=, serial);
      g_assert_false (ludo_game_is_over (game));
      g_assert_cmpint (ludo_game_get_current_seat (game), ==, ludo_game_get_move_seat (game, 1));
      ludo_game_seek (game, n);
      g_assert_true (ludo_game_is_over (game));
      g_assert_cmpint (ludo_game_get_current_seat (game), ==, -1);
    }
}

/* Long random games of every game: undoing to the start gives the start
 * state again, and redoing gives every state again. */
static void
test_random_invariants (void)
{
  GRand *rand = g_rand_new_with_seed (3);
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);
  guint plies = 0;

  for (guint round = 0; plies < 5000; round++)
    {
      g_autoptr(LudoGame) game = new_game (games[round % n_games], LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN);
      gsize size = LUDO_GAME_GET_CLASS (game)->state_size;
      g_autofree guint8 *start = g_memdup2 (ludo_game_get_state (game), size);
      GPtrArray *states = g_ptr_array_new_with_free_func (g_free);

      while (!ludo_game_is_over (game) && states->len < 400)
        {
          g_autofree char *move = ludo_test_some_move (game, g_rand_int (rand));

          ludo_test_play_ok (game, move);
          g_ptr_array_add (states, g_memdup2 (ludo_game_get_state (game), size));
          plies++;
        }
      while (ludo_game_can_undo (game))
        ludo_game_undo (game);
      g_assert_cmpuint (ludo_game_get_position (game), ==, 0);
      g_assert_cmpmem (ludo_game_get_state (game), size, start, size);
      for (guint i = 0; i < states->len; i++)
        {
          ludo_game_redo (game);
          g_assert_cmpmem (ludo_game_get_state (game), size, states->pdata[i], size);
        }
      g_ptr_array_unref (states);
    }
  g_rand_free (rand);
}

/* A game as long as a save may be, of the largest state any game has:
 * every ply is there to seek to at once. */
static void
test_longest (void)
{
  const gsize size = 1280;
  g_autofree guint8 *state = g_malloc0 (size);
  g_autoptr(LudoHistory) history = ludo_history_new (size, state);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  gint64 start, pushed;

  start = g_get_monotonic_time ();
  for (guint32 ply = 1; ply <= LUDO_SAVE_MAX_MOVES; ply++)
    {
      memcpy (state, &ply, sizeof ply);
      state[size - 1] = (guint8) ply;
      ludo_history_push (history, ply % 2, "a1b2", state);
    }
  pushed = g_get_monotonic_time ();
  g_assert_cmpuint (ludo_history_get_length (history), ==, LUDO_SAVE_MAX_MOVES);
  for (guint i = 0; i < 100000; i++)
    {
      guint32 ply = g_rand_int_range (rand, 0, LUDO_SAVE_MAX_MOVES + 1), seen;
      const guint8 *at;

      ludo_history_seek (history, ply);
      at = ludo_history_get_state (history, ply);
      memcpy (&seen, at, sizeof seen);
      g_assert_cmpuint (seen, ==, ply);
      g_assert_cmpuint (at[size - 1], ==, (guint8) ply);
    }
  g_test_message ("%u plies of %zu bytes kept in %.0f ms; 100000 seeks in %.0f ms",
                  LUDO_SAVE_MAX_MOVES, size, (pushed - start) / 1000.0,
                  (g_get_monotonic_time () - pushed) / 1000.0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/history/plain", test_history_plain);
  g_test_add_func ("/history/undo-rounds", test_undo_rounds);
  g_test_add_func ("/history/undo-plies", test_undo_plies);
  g_test_add_func ("/history/redo-tail-dropped", test_redo_tail_dropped);
  g_test_add_func ("/history/seek", test_seek_and_signals);
  g_test_add_func ("/history/random-invariants", test_random_invariants);
  g_test_add_func ("/history/longest", test_longest);

  return g_test_run ();
}
