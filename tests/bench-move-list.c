/* bench-move-list.c — what a move costs the move list, as the game grows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plays a long game (random legal moves from a fixed seed, of the first
 * game of the registry that lists its moves and lasts that long) into the
 * real LudoMoveList in a window, and after each move waits until
 * the window has painted a frame. Prints, for each hundred plies, the CPU
 * time the main thread spent per move: the signal handlers, the list's
 * layout and the drawing. CPU time, not wall time: a frame waits for the
 * frame clock, which is not the list's cost.
 *
 *   meson test --benchmark bench-move-list --verbose   (needs a display)
 *
 * BENCH_MOVE_LIST_PLIES sets the length (900).
 */
#include "config.h"

#include <time.h>

#include <adwaita.h>

#include "app/ludo-move-list.h"
#include "core/ludo-game.h"

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
painted_cb (GdkFrameClock *clock,
            gpointer       data)
{
  *(gboolean *) data = TRUE;
}

/* Until the window has drawn what the last change asked for. */
static void
wait_painted (GtkWidget *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  gboolean painted = FALSE;
  gulong handler;

  if (clock == NULL)
    return;
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (painted_cb), &painted);
  gtk_widget_queue_draw (window);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, handler);
  /* what the frame left for idle time (scrolling to the new row) */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A game of random legal moves that lasts at least plies: of the first
 * game of the registry that lists its moves and gives one from a seed
 * below 100, from the first such seed. */
static GPtrArray *
long_game (guint                plies,
           const LudoGameInfo **info_out,
           guint64             *seed_out)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    for (guint64 seed = 1; seed < 100; seed++)
      {
        g_autoptr(LudoGame) game = ludo_game_new (games[g]->id, NULL, NULL);
        g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
        GPtrArray *moves = g_ptr_array_new_with_free_func (g_free);

        ludo_game_set_seed (game, seed);
        while (moves->len < plies && !ludo_game_is_over (game))
          {
            g_auto(GStrv) legal = ludo_game_legal_moves (game);
            const char *move;

            if (legal == NULL || legal[0] == NULL)
              break;
            move = legal[g_rand_int_range (rand, 0, g_strv_length (legal))];
            g_ptr_array_add (moves, g_strdup (move));
            g_assert_true (ludo_game_play (game, move, NULL));
          }
        if (moves->len == plies)
          {
            *info_out = games[g];
            *seed_out = seed;
            return moves;
          }
        g_ptr_array_unref (moves);
        if (ludo_game_get_n_moves (game) == 0)
          break;   /* it lists no moves */
      }
  g_error ("no game lasts %u plies of random moves", plies);
}

int
main (int    argc,
      char **argv)
{
  const char *env = g_getenv ("BENCH_MOVE_LIST_PLIES");
  guint plies = env ? (guint) g_ascii_strtoull (env, NULL, 10) : 900;
  g_autoptr(GPtrArray) moves = NULL;
  g_autoptr(LudoGame) game = NULL;
  GtkWidget *window, *list;
  const LudoGameInfo *info = NULL;
  guint64 seed;
  double spent = 0, total = 0;

  gtk_init ();
  adw_init ();
  if (plies == 0)
    plies = 900;
  moves = long_game (plies, &info, &seed);
  g_print ("# %s, %u plies of random moves (seed %" G_GUINT64_FORMAT "), GSK renderer %s\n",
           info->name, plies, seed, g_getenv ("GSK_RENDERER") ? g_getenv ("GSK_RENDERER") : "default");

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 340, 700);
  list = g_object_new (LUDO_TYPE_MOVE_LIST, NULL);
  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_present (GTK_WINDOW (window));

  game = ludo_game_new (info->id, NULL, NULL);
  ludo_game_set_seed (game, seed);
  ludo_move_list_set_game (LUDO_MOVE_LIST (list), game);
  wait_painted (window);

  for (guint i = 0; i < moves->len; i++)
    {
      double t0 = cpu_ms ();

      if (!ludo_game_play (game, moves->pdata[i], NULL))
        g_error ("the move %s was refused", (char *) moves->pdata[i]);
      wait_painted (window);
      spent += cpu_ms () - t0;
      if ((i + 1) % 100 == 0 || i + 1 == moves->len)
        {
          guint n = (i % 100) + 1;
          g_print ("ply=%u ms_per_move=%.2f\n", i + 1, spent / n);
          total += spent;
          spent = 0;
        }
    }
  g_print ("# all %u plies: %.2f ms per move on average\n", moves->len, total / moves->len);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
