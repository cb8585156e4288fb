/* test-logik-view.c — Logik in the window: a round against the computer
 * through the palette, between two people at one screen what each of them
 * may see, a demo paused, the pegs drawn and named, its rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "app/ludo-application.h"
#include "app/ludo-cell.h"
#include "app/ludo-rules-view.h"
#include "app/ludo-window-private.h"
#include "games/logik/ludo-logik-game.h"
#include "games/logik/ludo-logik-view.h"
#include "ludo-testing.h"
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

static LudoGame *
logik_game (LudoSeatKind s0,
            LudoSeatKind s1,
            LudoLevel    level)
{
  LudoGame *game = ludo_game_new ("logik", NULL, NULL);

  ludo_game_set_seed (game, 7);
  ludo_game_set_seat (game, 0, s0, level, NULL);
  ludo_game_set_seat (game, 1, s1, level, NULL);
  return game;
}

/* A round against the computer through the widgets; undo; the computer
 * thinks without blocking the window. */
static void
test_play_round (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_COMPUTER, LUDO_LEVEL_HARD);
  const LogikState *s;

  ludo_window_set_game (window, game, NULL);
  g_assert_true (ludo_game_view_get_interactive (ludo_window_get_view (window)));
  g_assert_cmpint (ludo_game_view_get_viewer (ludo_window_get_view (window)), ==, 0);

  compose_and_send (window, "ABCDE");
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
  /* the computer chooses its code in a worker thread */
  ludo_test_wait_until (ludo_test_not_thinking, window, 20);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 2);

  compose_and_send (window, "AABCD");
  g_assert_true (ludo_window_is_thinking (window));
  /* the main loop keeps running while the computer thinks */
  ludo_test_spin (1);
  ludo_test_wait_until (ludo_test_not_thinking, window, 20);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 4);
  s = ludo_logik_game_get_rules (LUDO_LOGIK_GAME (game));
  g_assert_cmpint (logik_rounds_revealed (s), ==, 1);
  g_assert_nonnull (strstr (ludo_window_get_status (window), "Round 2"));

  /* undo takes back the whole round */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (ludo_game_get_position (game), ==, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpuint (ludo_game_get_position (game), ==, 4);

  /* a hint fills the row being composed */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  {
    LudoLogikView *view = LUDO_LOGIK_VIEW (ludo_window_get_view (window));
    for (int i = 0; i < 200; i++)
      {
        g_autofree char *pending = ludo_logik_view_get_pending (view);
        if (strchr (pending, '_') == NULL)
          break;
        ludo_test_spin (50);
      }
    g_autofree char *pending = ludo_logik_view_get_pending (view);
    g_assert_null (strchr (pending, '_'));
  }
  ludo_test_close_window (window);
}

/* Two people: the board hides before each turn, and never shows the
 * other's code. */
static void
test_privacy (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);
  LudoGameView *view;
  g_autoptr(GPtrArray) buttons = NULL;

  ludo_window_set_game (window, game, NULL);
  view = ludo_window_get_view (window);
  g_assert_true (ludo_window_privacy_shown (window));
  g_assert_false (ludo_game_view_get_interactive (view));
  g_assert_cmpint (ludo_game_view_get_viewer (view), ==, LUDO_VIEWER_NONE);

  buttons = ludo_test_find_all (GTK_WIDGET (window), GTK_TYPE_BUTTON);
  for (guint i = 0; i < buttons->len; i++)
    if (g_str_has_prefix (gtk_button_get_label (buttons->pdata[i]) ?: "", "_Show the Board"))
      g_signal_emit_by_name (buttons->pdata[i], "clicked");
  g_assert_false (ludo_window_privacy_shown (window));
  g_assert_cmpint (ludo_game_view_get_viewer (view), ==, 0);

  compose_and_send (window, "HHHHH");
  g_assert_true (ludo_window_privacy_shown (window));
  g_assert_cmpint (ludo_game_view_get_viewer (view), ==, LUDO_VIEWER_NONE);

  /* nothing on the screen names player 1's code */
  {
    g_autoptr(GPtrArray) cells = ludo_test_find_all (GTK_WIDGET (window), LUDO_TYPE_CELL);
    for (guint i = 0; i < cells->len; i++)
      {
        const char *label = ludo_cell_get_label (cells->pdata[i]);
        if (label && g_str_has_prefix (label, "Code of Player 1"))
          g_assert_null (strstr (label, "pink"));
      }
  }
  ludo_test_close_window (window);
}

static void
test_demo_and_pause (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_COMPUTER, LUDO_SEAT_COMPUTER, LUDO_LEVEL_MEDIUM);
  guint n;

  ludo_window_set_game (window, game, NULL);
  g_assert_cmpint (ludo_game_view_get_viewer (ludo_window_get_view (window)), ==, LUDO_VIEWER_ALL);
  ludo_test_wait_until (ludo_test_game_over, game, 60);

  /* replay it, pause a demo */
  ludo_game_seek (game, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.paused", NULL));
  n = ludo_game_get_n_moves (game);
  ludo_test_spin (300);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 0);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, n);
  ludo_test_close_window (window);
}

/* The board draws: render it and look for the colour of its pegs. */
static void
test_snapshot (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);
  g_autofree guchar *pixels = NULL;
  int w, h;
  gboolean red = FALSE;

  /* the suite's high-contrast run draws it again there */
  ludo_test_check_high_contrast ();

  g_assert_true (ludo_game_play (game, "code:AAAAA", NULL));
  g_assert_true (ludo_game_play (game, "code:BBBBB", NULL));
  g_assert_true (ludo_game_play (game, "guess:AAAAA", NULL));
  g_assert_true (ludo_game_play (game, "guess:CCCCC", NULL));
  g_assert_true (ludo_game_play (game, "guess:BBBBB", NULL));
  g_assert_true (ludo_game_play (game, "guess:DDDDD", NULL));
  g_assert_true (ludo_game_is_over (game));
  ludo_window_set_game (window, game, NULL);
  ludo_test_spin (200);

  pixels = ludo_test_render_view (window, &w, &h);
  /* the red pegs (A) of the game over board */
  for (int i = 0; i < w * h && !red; i++)
    red = pixels[4 * i + 2] > 180 && pixels[4 * i + 1] < 80 && pixels[4 * i] < 80;
  g_assert_true (red);
  ludo_test_close_window (window);
}

/* The holes of a code and a guess's result say what is there, to a
 * screen reader as to the eye; every control is named. */
static void
test_accessible_names (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY);
  g_autoptr(GPtrArray) cells = NULL;
  gboolean hole = FALSE, result = FALSE;

  ludo_window_set_game (window, game, NULL);
  g_object_set (window, "side-panel", TRUE, NULL);
  compose_and_send (window, "ABCDE");
  ludo_test_wait_until (ludo_test_not_thinking, window, 20);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 2);
  compose_and_send (window, "AAAAA");
  ludo_test_wait_until (ludo_test_not_thinking, window, 20);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 4);
  ludo_test_check_names (GTK_WIDGET (window));

  cells = ludo_test_find_all (GTK_WIDGET (window), LUDO_TYPE_CELL);
  for (guint i = 0; i < cells->len; i++)
    {
      const char *label = ludo_cell_get_label (cells->pdata[i]);
      hole |= g_strcmp0 (label, "Your code, place 2: orange (B)") == 0;
      result |= g_str_has_prefix (label, "Your guess 1: red (A), red (A), red (A), red (A), red (A) — ") &&
                g_str_has_suffix (label, " white");
    }
  g_assert_true (hole);
  g_assert_true (result);
  ludo_test_close_window (window);
}

/* The moves exported from the window against the computer: its code is
 * the person's to find, and no letter of it is there. */
static void
test_export_hides_code (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY);
  g_autofree char *dir = ludo_test_make_tmp ("ludoteka-logik-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "moves.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (ludo_game_play (game, "code:ABCDE", NULL));
  g_assert_true (ludo_game_play (game, "code:HGFED", NULL));
  ludo_window_set_game (window, game, NULL);
  ludo_test_wait_until (ludo_test_not_thinking, window, 30);
  g_assert_true (ludo_window_export_moves (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "ABCDE"));
  g_assert_null (strstr (text, "HGFED"));
  g_remove (path);
  g_rmdir (dir);
  ludo_test_close_window (window);
}

/* Logik's rules in all four languages, whatever the UI language: its own
 * title in each, and the Estonian source quoted in every one. */
static void
test_rules (void)
{
  LudoRulesView *view = g_object_ref_sink (g_object_new (LUDO_TYPE_RULES_VIEW, NULL));
  const char * const *languages = ludo_rules_view_get_languages ();
  static const char * const titles[] = { "Logik", "Logik", "Логик", "Loogik" };

  /* a copy of the game under another name (test-plug-in) has no
   * translations: translations aside, as test-data there */
  if (g_getenv ("LUDOTEKA_SKIP_PO_CHECKS"))
    {
      g_test_skip ("the translations are not checked (LUDOTEKA_SKIP_PO_CHECKS)");
      g_object_unref (view);
      return;
    }
  ludo_rules_view_set_page (view, "logik");
  for (guint i = 0; languages[i]; i++)
    {
      g_autofree char *text = NULL;

      g_assert_cmpuint (i, <, G_N_ELEMENTS (titles));
      ludo_rules_view_set_language (view, languages[i]);
      text = ludo_rules_view_get_text (view);
      g_assert_true (g_str_has_prefix (text, titles[i]));
      g_assert_nonnull (strstr (text, "Kumbki mängija moodustab värvikoodi"));
    }
  g_object_unref (view);
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
  g_test_add_func ("/logik-view/play-round", test_play_round);
  g_test_add_func ("/logik-view/privacy", test_privacy);
  g_test_add_func ("/logik-view/demo-and-pause", test_demo_and_pause);
  g_test_add_func ("/logik-view/accessible-names", test_accessible_names);
  g_test_add_func ("/logik-view/snapshot", test_snapshot);
  g_test_add_func ("/logik-view/export-hides-code", test_export_hides_code);
  g_test_add_func ("/logik-view/rules", test_rules);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
