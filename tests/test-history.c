/* test-history.c — undo, redo, seeking, the redo tail
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "core/ludo-ai.h"
#include "core/ludo-game.h"
#include "core/ludo-history.h"
#include "core/ludo-save.h"
#include "games/logik/ludo-logik-game.h"

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

static LudoGame *
logik (LudoSeatKind s0,
       LudoSeatKind s1)
{
  LudoGame *game = ludo_game_new ("logik", NULL, NULL);

  ludo_game_set_seat (game, 0, s0, LUDO_LEVEL_MEDIUM, NULL);
  ludo_game_set_seat (game, 1, s1, LUDO_LEVEL_MEDIUM, NULL);
  return game;
}

static void
play_ok (LudoGame   *game,
         const char *move)
{
  g_autoptr(GError) error = NULL;

  if (!ludo_game_play (game, move, &error))
    g_error ("%s: %s", move, error->message);
}

/* Against the computer, undo takes back a whole round. */
static void
test_undo_rounds (void)
{
  g_autoptr(LudoGame) game = logik (LUDO_SEAT_HUMAN, LUDO_SEAT_COMPUTER);

  g_assert_false (ludo_game_can_undo (game));
  play_ok (game, "code:ABCDE");      /* human */
  play_ok (game, "code:HHHHH");      /* computer */
  play_ok (game, "guess:AAAAA");     /* human */
  play_ok (game, "guess:BBBBB");     /* computer */
  play_ok (game, "guess:CCCCC");
  play_ok (game, "guess:DDDDD");
  g_assert_cmpuint (ludo_game_get_position (game), ==, 6);

  g_assert_true (ludo_game_can_undo (game));
  ludo_game_undo (game);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 4);
  g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);
  ludo_game_undo (game);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 2);
  ludo_game_undo (game);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 0);
  g_assert_false (ludo_game_can_undo (game));

  g_assert_true (ludo_game_can_redo (game));
  ludo_game_redo (game);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 2);
  ludo_game_redo (game);
  ludo_game_redo (game);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 6);
  g_assert_false (ludo_game_can_redo (game));
}

/* Between people, and in a demo, undo takes back one move. */
static void
test_undo_plies (void)
{
  g_autoptr(LudoGame) people = logik (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN);
  g_autoptr(LudoGame) demo = logik (LUDO_SEAT_COMPUTER, LUDO_SEAT_COMPUTER);
  LudoGame *games[] = { people, demo };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      play_ok (games[i], "code:ABCDE");
      play_ok (games[i], "code:HHHHH");
      play_ok (games[i], "guess:AAAAA");
      ludo_game_undo (games[i]);
      g_assert_cmpuint (ludo_game_get_position (games[i]), ==, 2);
      ludo_game_undo (games[i]);
      g_assert_cmpuint (ludo_game_get_position (games[i]), ==, 1);
      ludo_game_redo (games[i]);
      g_assert_cmpuint (ludo_game_get_position (games[i]), ==, 2);
    }
}

static void
test_redo_tail_dropped (void)
{
  g_autoptr(LudoGame) game = logik (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN);

  play_ok (game, "code:ABCDE");
  play_ok (game, "code:HHHHH");
  play_ok (game, "guess:AAAAA");
  play_ok (game, "guess:BBBBB");
  ludo_game_seek (game, 2);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 4);
  g_assert_true (ludo_game_can_redo (game));

  /* the same move keeps the tail */
  play_ok (game, "guess:AAAAA");
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 4);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 3);

  /* a different move drops it */
  play_ok (game, "guess:CCCCC");
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 4);
  g_assert_cmpstr (ludo_game_get_move (game, 3), ==, "guess:CCCCC");
  ludo_game_seek (game, 2);
  play_ok (game, "guess:EEEEE");
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 3);
  g_assert_false (ludo_game_can_redo (game));
}

static void
test_seek_and_signals (void)
{
  g_autoptr(LudoGame) game = logik (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN);
  guint serial;

  play_ok (game, "code:ABCDE");
  play_ok (game, "code:HHHHH");
  play_ok (game, "guess:HHHHH");
  play_ok (game, "guess:ABCDE");
  g_assert_true (ludo_game_is_over (game));
  g_assert_false (ludo_game_play (game, "guess:AAAAA", NULL));

  serial = ludo_game_get_serial (game);
  ludo_game_seek (game, 1);
  g_assert_cmpuint (ludo_game_get_serial (game), !=, serial);
  g_assert_false (ludo_game_is_over (game));
  g_assert_cmpint (ludo_game_get_current_seat (game), ==, 1);
  ludo_game_seek (game, 4);
  g_assert_true (ludo_game_is_over (game));
  g_assert_cmpint (ludo_game_get_current_seat (game), ==, -1);
}

/* Secrets: a code is hidden until the end, a guess until its round ends. */
static void
test_secrets (void)
{
  g_autoptr(LudoGame) game = logik (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN);
  g_autofree char *hidden = NULL, *own = NULL, *shown = NULL;

  play_ok (game, "code:ABCDE");
  play_ok (game, "code:HHHHH");
  play_ok (game, "guess:AAAAA");
  g_assert_true (ludo_game_move_is_secret (game, 0, 3));
  g_assert_true (ludo_game_move_is_secret (game, 2, 3));
  hidden = ludo_game_describe_move (game, 2, 1);
  own = ludo_game_describe_move (game, 2, 0);
  g_assert_null (strstr (hidden, "AAAAA"));
  g_assert_nonnull (strstr (own, "AAAAA"));
  play_ok (game, "guess:BBBBB");
  g_assert_false (ludo_game_move_is_secret (game, 2, 4));
  g_assert_true (ludo_game_move_is_secret (game, 0, 4));
  shown = ludo_game_describe_move (game, 2, LUDO_VIEWER_NONE);
  g_assert_nonnull (strstr (shown, "AAAAA"));
}

/* Long random games: undoing to the start gives the start state again,
 * and redoing gives every state again. */
static void
test_random_invariants (void)
{
  GRand *rand = g_rand_new_with_seed (3);
  guint plies = 0;

  while (plies < 5000)
    {
      g_autoptr(LudoGame) game = logik (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN);
      gsize size = LUDO_GAME_GET_CLASS (game)->state_size;
      g_autofree guint8 *start = g_memdup2 (ludo_game_get_state (game), size);
      GPtrArray *states = g_ptr_array_new_with_free_func (g_free);

      while (!ludo_game_is_over (game))
        {
          char move[16];
          const char *kind = ludo_game_get_n_moves (game) < 2 ? "code" : "guess";
          int k = g_snprintf (move, sizeof move, "%s:", kind);
          for (int p = 0; p < 5; p++)
            move[k++] = 'A' + g_rand_int_range (rand, 0, 3);
          move[k] = 0;
          play_ok (game, move);
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
  g_test_add_func ("/history/secrets", test_secrets);
  g_test_add_func ("/history/random-invariants", test_random_invariants);
  g_test_add_func ("/history/longest", test_longest);

  return g_test_run ();
}
