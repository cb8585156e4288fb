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

/* The privacy screen, where a game has one, asks before a board shows. */
static void
show_board (LudoWindow *window)
{
  if (ludo_window_privacy_shown (window))
    ludo_test_show_board (window);
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
  ludo_test_close_window (window);
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
  ludo_test_close_window (window);
}

/* The cells of the view, their names joined. */
static char *
cell_labels (LudoGameView *view)
{
  g_autoptr(GPtrArray) cells = ludo_test_find_all (GTK_WIDGET (view), LUDO_TYPE_CELL);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < cells->len; i++)
    g_string_append_printf (out, "%s\n", ludo_cell_get_label (cells->pdata[i]) ?: "");
  return g_string_free (out, FALSE);
}

/* The cell the keyboard is on: a board lets one cell at a time take the
 * focus (the others come by arrow keys). */
static LudoCell *
cursor_cell (LudoGameView *view)
{
  g_autoptr(GPtrArray) cells = ludo_test_find_all (GTK_WIDGET (view), LUDO_TYPE_CELL);
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (view)));

  for (guint i = 0; i < cells->len; i++)
    if (cells->pdata[i] == (gpointer) focus)
      return cells->pdata[i];
  for (guint i = 0; i < cells->len; i++)
    if (gtk_widget_get_focusable (cells->pdata[i]) && gtk_widget_get_mapped (cells->pdata[i]))
      return cells->pdata[i];
  return NULL;
}

/* The keyboard on cell (or on the first cell that takes it), shown. */
static void
put_cursor (LudoWindow *window,
            LudoCell   *cell)
{
  LudoCell *now = cursor_cell (ludo_window_get_view (window));

  g_assert_nonnull (now);
  ludo_cell_move_cursor (now, cell ? cell : now);
  gtk_widget_grab_focus (GTK_WIDGET (cell ? cell : now));
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  ludo_test_spin (200);
}

/* A hint shown and a piece picked up (or whatever a person's first
 * activation of a cell leaves in hand), then the position changes and
 * comes back: the board is drawn and named as before, with nothing of
 * either. */
static void
test_marks_cleared (gconstpointer data)
{
  const LudoGameInfo *info = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoGame) game = ludo_game_new (info->id, NULL, &error);
  LudoWindow *window = new_window ();
  GtkWidget *w = GTK_WIDGET (window);
  LudoGameView *view;
  LudoCell *cursor;
  g_autofree char *first = NULL;
  g_autofree char *hint = NULL;
  g_autofree char *labels = NULL;
  g_autofree guchar *pixels = NULL;
  g_autoptr(GPtrArray) cells = NULL;
  gboolean in_hand = FALSE;
  int width, height;

  g_assert_no_error (error);
  ludo_game_set_seed (game, 5);
  for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
    ludo_game_set_seat (game, s, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, NULL);
  first = ludo_ai_think (game, LUDO_LEVEL_EASY, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ludo_game_play (game, first, &error));

  ludo_window_set_game (window, game, NULL);
  show_board (window);
  view = ludo_window_get_view (window);
  put_cursor (window, NULL);
  cursor = cursor_cell (view);
  labels = cell_labels (view);
  pixels = ludo_test_render (GTK_WIDGET (view), &width, &height);

  hint = ludo_ai_think (game, LUDO_LEVEL_EASY, NULL, &error);
  g_assert_no_error (error);
  ludo_game_view_show_hint (view, hint);
  cells = ludo_test_find_all (GTK_WIDGET (view), LUDO_TYPE_CELL);
  for (guint i = 0; i < cells->len && !in_hand && ludo_game_get_position (game) == 1; i++)
    {
      g_autofree char *now = NULL;

      if (!gtk_widget_is_sensitive (cells->pdata[i]) || !gtk_widget_get_mapped (cells->pdata[i]) ||
          gtk_accessible_get_accessible_role (cells->pdata[i]) != GTK_ACCESSIBLE_ROLE_BUTTON)
        continue;
      g_signal_emit_by_name (cells->pdata[i], "activate");
      now = cell_labels (view);
      in_hand = ludo_game_get_position (game) == 1 && g_strcmp0 (now, labels) != 0;
    }
  g_test_message ("%s: %s", info->id, in_hand ? "a piece in hand" : "a move played by a cell");

  /* away from the position and back */
  if (ludo_game_get_position (game) == 1)
    {
      g_assert_true (gtk_widget_activate_action (w, "win.undo", NULL));
      show_board (window);
      g_assert_true (gtk_widget_activate_action (w, "win.redo", NULL));
    }
  else
    g_assert_true (gtk_widget_activate_action (w, "win.undo", NULL));
  g_assert_cmpuint (ludo_game_get_position (game), ==, 1);
  show_board (window);
  put_cursor (window, cursor);

  {
    g_autofree char *labels_after = cell_labels (view);
    g_autofree guchar *pixels_after = NULL;
    int width_after, height_after, differ = 0;

    g_assert_cmpstr (labels_after, ==, labels);
    pixels_after = ludo_test_render (GTK_WIDGET (view), &width_after, &height_after);
    g_assert_cmpint (width_after, ==, width);
    g_assert_cmpint (height_after, ==, height);
    for (int i = 0; i < width * height * 4; i++)
      differ += pixels[i] != pixels_after[i];
    if (differ)
      g_error ("%s: %d bytes of the board differ after the position came back", info->id, differ);
  }
  ludo_test_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  const LudoGameInfo * const *games;
  guint n_games;
  g_autofree char *tmpdir = NULL;
  int status;

  tmpdir = ludo_test_init (&argc, &argv);

  /* a move shows at once: what is drawn can be compared */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  app = ludo_test_app_new ();

  games = ludo_registry_get_games (&n_games);
  for (guint i = 0; i < n_games; i++)
    {
      g_autofree char *end = g_strdup_printf ("/game-page/%s/end", games[i]->id);
      g_autofree char *replay = g_strdup_printf ("/game-page/%s/replay-says-move", games[i]->id);

      g_test_add_data_func (end, games[i], test_end);
      g_autofree char *marks = g_strdup_printf ("/game-page/%s/marks-cleared", games[i]->id);

      g_test_add_data_func (replay, games[i], test_replay_says_move);
      g_test_add_data_func (marks, games[i], test_marks_cleared);
    }

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
