/* test-logik-view.c — Logik between two people at one screen: what each
 * of them may see, and what the board lets them do
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "app/ludo-application.h"
#include "app/ludo-cell.h"
#include "app/ludo-window-private.h"
#include "games/logik/ludo-logik-game.h"
#include "games/logik/ludo-logik-view.h"
#include "ludo-ui-testing.h"

static LudoApplication *app;

static LudoCell *
swatch (LudoGameView *view,
        int           colour)
{
  g_autoptr(GPtrArray) cells = ludo_test_find_all (GTK_WIDGET (view), LUDO_TYPE_CELL);
  g_autofree char *label = g_strdup_printf ("%s (%c)", ludo_logik_colour_name (colour), 'A' + colour);

  for (guint i = 0; i < cells->len; i++)
    if (g_strcmp0 (ludo_cell_get_label (cells->pdata[i]), label) == 0)
      return cells->pdata[i];
  g_error ("no swatch %s", label);
}

static void
compose_and_send (LudoWindow *window,
                  const char *letters)
{
  LudoGameView *view = ludo_window_get_view (window);
  GtkWidget *send;

  for (int i = 0; letters[i]; i++)
    g_signal_emit_by_name (swatch (view, letters[i] - 'A'), "activate");
  send = ludo_test_find_button (GTK_WIDGET (view), "_Send Guess", TRUE);
  if (send == NULL)
    send = ludo_test_find_button (GTK_WIDGET (view), "_Set Code", TRUE);
  g_assert_nonnull (send);
  g_assert_true (gtk_widget_is_sensitive (send));
  g_signal_emit_by_name (send, "clicked");
}

/* Nothing in hand: no colour picked, no swatch shown as pressed. */
static void
assert_nothing_in_hand (LudoGameView *view)
{
  g_autofree char *pending = ludo_logik_view_get_pending (LUDO_LOGIK_VIEW (view));

  g_assert_cmpint (ludo_logik_view_get_selected_colour (LUDO_LOGIK_VIEW (view)), ==, -1);
  g_assert_null (strpbrk (pending, "ABCDEFGHIJ"));
  for (int c = 0; c < 8; c++)
    g_assert_false (ludo_cell_get_selected (swatch (view, c)));
}

/* Which code labels name a colour: a seat's code is named only to its
 * owner (and to everyone at the end). */
static gboolean
code_shown (LudoGameView *view,
            const char   *whose)
{
  g_autoptr(GPtrArray) cells = ludo_test_find_all (GTK_WIDGET (view), LUDO_TYPE_CELL);

  for (guint i = 0; i < cells->len; i++)
    {
      const char *label = ludo_cell_get_label (cells->pdata[i]);
      if (label && g_str_has_prefix (label, whose) && strstr (label, "hidden") == NULL &&
          strstr (label, ": ") != NULL && strstr (label, "empty") == NULL)
        return TRUE;
    }
  return FALSE;
}

static LudoGame *
two_people (void)
{
  LudoGame *game = ludo_game_new ("logik", NULL, NULL);

  ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, "Anna");
  ludo_game_set_seat (game, 1, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, "Bela");
  return game;
}

/* The view itself: whatever the viewer had in hand goes with the viewer. */
static void
test_palette_cleared (void)
{
  g_autoptr(LudoGame) game = two_people ();
  LudoGameView *view = ludo_game_view_new_for_game (game);
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  gtk_window_present (GTK_WINDOW (window));
  ludo_game_view_set_viewer (view, 0);
  ludo_game_view_set_interactive (view, TRUE);
  g_signal_emit_by_name (swatch (view, 2), "activate");
  g_assert_cmpint (ludo_logik_view_get_selected_colour (LUDO_LOGIK_VIEW (view)), ==, 2);
  g_assert_true (ludo_cell_get_selected (swatch (view, 2)));

  ludo_game_view_set_viewer (view, LUDO_VIEWER_NONE);
  assert_nothing_in_hand (view);
  ludo_game_view_set_viewer (view, 1);
  assert_nothing_in_hand (view);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Anna's colour is not in Bela's hand when Bela's board opens, and Undo
 * behind the privacy screen shows nobody's code. */
static void
test_two_people (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = two_people ();
  LudoGameView *view;

  ludo_window_set_game (window, game, NULL);
  view = ludo_window_get_view (window);

  ludo_test_show_board (window);
  compose_and_send (window, "ABCDE");
  ludo_test_show_board (window);
  compose_and_send (window, "EDCBA");
  ludo_test_show_board (window);
  compose_and_send (window, "AABBC");

  /* Bela's turn: her board opens with nothing of Anna's in hand */
  ludo_test_show_board (window);
  g_assert_cmpint (ludo_game_view_get_viewer (view), ==, 1);
  assert_nothing_in_hand (view);
  g_assert_true (code_shown (view, "Your code"));

  /* Bela guesses; Anna's privacy screen is up; Ctrl+Z there shows no one */
  compose_and_send (window, "CCDDE");
  g_assert_true (ludo_window_privacy_shown (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 3);
  g_assert_true (ludo_window_privacy_shown (window));
  g_assert_cmpint (ludo_game_view_get_viewer (view), ==, LUDO_VIEWER_NONE);
  g_assert_false (ludo_game_view_get_interactive (view));
  g_assert_false (code_shown (view, "Code of Bela"));
  g_assert_false (code_shown (view, "Code of Anna"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_true (ludo_window_privacy_shown (window));
  g_assert_cmpint (ludo_game_view_get_viewer (view), ==, LUDO_VIEWER_NONE);

  /* a replay and its Continue from Here ask again too */
  ludo_test_show_board (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-back", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-continue", NULL);
  g_assert_true (ludo_window_privacy_shown (window));
  g_assert_cmpint (ludo_game_view_get_viewer (view), ==, LUDO_VIEWER_NONE);
  ludo_test_close_window (window);
}

/* A finished game taken back a move is played on: the composer and Send
 * are there for the person to move. */
static void
test_play_on_after_the_end (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = ludo_game_new ("logik", NULL, NULL);
  LudoGameView *view;
  const char *moves[] = { "code:ABCDE", "code:EDCBA", "guess:EDCBA", "guess:ABCDE" };

  ludo_game_set_seat (game, 1, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (ludo_game_play (game, moves[i], NULL));
  g_assert_true (ludo_game_is_over (game));
  ludo_window_set_game (window, game, NULL);
  view = ludo_window_get_view (window);
  g_assert_cmpint (ludo_game_view_get_viewer (view), ==, LUDO_VIEWER_ALL);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_false (ludo_game_is_over (game));
  g_assert_cmpint (ludo_game_view_get_viewer (view), ==, 0);
  g_assert_true (ludo_game_view_get_interactive (view));
  g_assert_nonnull (ludo_test_find_button (GTK_WIDGET (view), "_Send Guess", TRUE));
  g_assert_false (code_shown (view, "Code of Computer"));
  ludo_test_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmpdir = NULL;
  int status;

  tmpdir = ludo_test_init (&argc, &argv);
  app = ludo_test_app_new ();

  g_test_add_func ("/logik-view/palette-cleared", test_palette_cleared);
  g_test_add_func ("/logik-view/two-people", test_two_people);
  g_test_add_func ("/logik-view/play-on-after-the-end", test_play_on_after_the_end);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
