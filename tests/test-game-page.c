/* test-game-page.c — what every game's page does the same way, for each
 * game of the registry: the end of a game takes the focus and is read
 * out, a replay says each move, a position change leaves nothing of a
 * person's half-made move or of a hint on the board.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "app/ludo-application.h"
#include "app/ludo-cell.h"
#include "app/ludo-window-private.h"
#include "core/ludo-ai.h"
#include "core/ludo-registry.h"
#include "ludo-ui-testing.h"

static LudoApplication *app;

/* A game of id played to its end by the computer at its easiest, every
 * seat a person's (so that the window's computer never thinks). */
static LudoGame *
finished_game (const char *id)
{
  g_autoptr(GError) error = NULL;
  LudoGame *game = ludo_game_new (id, NULL, &error);

  g_assert_no_error (error);
  ludo_game_set_seed (game, 3);
  for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
    ludo_game_set_seat (game, s, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, NULL);
  for (guint ply = 0; !ludo_game_is_over (game); ply++)
    {
      g_autofree char *move = ludo_ai_think (game, LUDO_LEVEL_EASY, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (ply, <, 5000);
      g_assert_true (ludo_game_play (game, move, &error));
      g_assert_no_error (error);
    }
  return game;
}

static LudoWindow *
new_window (void)
{
  LudoWindow *window = ludo_window_new (ADW_APPLICATION (app));

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
close_window (LudoWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  ludo_test_spin (10);
}

/* The privacy screen, where a game has one, asks before a board shows. */
static void
show_board (LudoWindow *window)
{
  if (ludo_window_privacy_shown (window))
    {
      GtkWidget *show = ludo_test_find_button (GTK_WIDGET (window), "_Show the Board", TRUE);

      g_assert_nonnull (show);
      g_signal_emit_by_name (show, "clicked");
      g_assert_false (ludo_window_privacy_shown (window));
    }
}

static GtkWidget *
focus_of (LudoWindow *window)
{
  return gtk_root_get_focus (GTK_ROOT (window));
}

/* The end of a game, reached by a move (Redo here, as after Undo) and on
 * opening a finished game: the focus is on Play Again, and the result is
 * in a status line a screen reader reads out. */
static void
test_end (gconstpointer data)
{
  const LudoGameInfo *info = data;
  g_autoptr(LudoGame) game = finished_game (info->id);
  g_autofree char *outcome = ludo_game_describe_outcome (game);
  LudoWindow *window = new_window ();
  GtkWidget *play_again;

  ludo_window_set_game (window, game, NULL);
  ludo_test_spin (50);
  play_again = ludo_test_find_button (GTK_WIDGET (window), "_Play Again", FALSE);
  g_assert_nonnull (play_again);
  g_assert_true (focus_of (window) == play_again);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_false (ludo_game_is_over (game));
  show_board (window);
  ludo_game_page_focus_board (LUDO_GAME_PAGE (window->page));
  ludo_test_spin (50);
  g_assert_false (gtk_widget_get_mapped (play_again) && focus_of (window) == play_again);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_true (ludo_game_is_over (game));
  ludo_test_spin (50);
  g_assert_true (focus_of (window) == play_again);
  g_assert_true (gtk_widget_get_mapped (play_again));
  {
    g_autofree char *said = ludo_test_statuses (GTK_WIDGET (window));
    g_test_message ("%s: %s", info->id, said);
    g_assert_nonnull (strstr (said, outcome));
  }
  close_window (window);
}

/* Stepping through a replay says the move, in the move list's words. */
static void
test_replay_says_move (gconstpointer data)
{
  const LudoGameInfo *info = data;
  g_autoptr(LudoGame) game = finished_game (info->id);
  LudoWindow *window = new_window ();
  GtkWidget *w = GTK_WIDGET (window);

  ludo_window_set_game (window, game, NULL);
  g_assert_true (gtk_widget_activate_action (w, "win.replay", NULL));
  for (guint ply = 1; ply <= MIN (3, ludo_game_get_n_moves (game)); ply++)
    {
      g_autofree char *line = NULL;
      g_autofree char *said = NULL;

      g_assert_true (gtk_widget_activate_action (w, "win.replay-forward", NULL));
      g_assert_cmpuint (ludo_game_get_position (game), ==, ply);
      line = ludo_game_describe_move_line (game, ply - 1, ludo_game_view_get_viewer (ludo_window_get_view (window)));
      said = ludo_test_statuses (w);
      g_assert_nonnull (strstr (said, line));
    }
  g_assert_true (gtk_widget_activate_action (w, "win.replay-last", NULL));
  {
    guint n = ludo_game_get_n_moves (game);
    g_autofree char *line = ludo_game_describe_move_line (game, n - 1, ludo_game_view_get_viewer (ludo_window_get_view (window)));
    g_autofree char *said = ludo_test_statuses (w);
    g_assert_nonnull (strstr (said, line));
  }
  close_window (window);
}

int
main (int    argc,
      char **argv)
{
  const LudoGameInfo * const *games;
  guint n_games;
  g_autofree char *tmpdir = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  tmpdir = g_dir_make_tmp ("ludoteka-page-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);

  app = ludo_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));

  games = ludo_registry_get_games (&n_games);
  for (guint i = 0; i < n_games; i++)
    {
      g_autofree char *end = g_strdup_printf ("/game-page/%s/end", games[i]->id);
      g_autofree char *replay = g_strdup_printf ("/game-page/%s/replay-says-move", games[i]->id);

      g_test_add_data_func (end, games[i], test_end);
      g_test_add_data_func (replay, games[i], test_replay_says_move);
    }

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
