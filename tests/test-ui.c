/* test-ui.c — the window, driven as a person would: through its actions
 * and widgets, under a virtual X server.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "app/ludo-application.h"
#include "app/ludo-cell.h"
#include "app/ludo-new-game-dialog.h"
#include "app/ludo-rules-view.h"
#include "app/ludo-window.h"
#include "core/ludo-registry.h"
#include "core/ludo-save.h"
#include "games/emperor/ludo-emperor-game.h"
#include "games/emperor/ludo-emperor-view.h"
#include "games/logik/ludo-logik-game.h"
#include "games/logik/ludo-logik-view.h"

static LudoApplication *app;
static char *tmpdir;

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

typedef gboolean (*Condition) (gpointer data);

static gboolean
timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
wait_until (Condition cond,
            gpointer  data,
            guint     seconds)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (seconds, timed_out_cb, &timed_out);

  while (!cond (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  g_assert_false (timed_out);
}

static void
spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, timed_out_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static gboolean
not_thinking (gpointer data)
{
  return !ludo_window_is_thinking (data);
}

static LudoWindow *
new_window (void)
{
  LudoWindow *window = ludo_window_new (ADW_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
close_window (LudoWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  spin (10);
}

typedef struct {
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Opened;

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Opened *opened = user_data;

  opened->ok = ludo_window_open_file_finish (LUDO_WINDOW (source), result, &opened->error);
  opened->done = TRUE;
}

static gboolean
is_opened (gpointer data)
{
  return ((Opened *) data)->done;
}

/* Opens a file as the window does, in the background, and waits for it:
 * the call itself must come back before the file is read. */
static gboolean
open_file (LudoWindow  *window,
           GFile       *file,
           GError     **error)
{
  Opened opened = { FALSE, FALSE, NULL };

  ludo_window_open_file (window, file, opened_cb, &opened);
  g_assert_false (opened.done);
  wait_until (is_opened, &opened, 20);
  if (opened.error)
    g_propagate_error (error, opened.error);
  return opened.ok;
}

/* The message dialog on the screen, if any. */
static AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) top = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (top))
        return ADW_MESSAGE_DIALOG (top);
    }
  return NULL;
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

/* All descendants of a widget that are of a type, in tree order. */
static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect (c, type, out);
}

static GPtrArray *
find_all (GtkWidget *root,
          GType      type)
{
  GPtrArray *out = g_ptr_array_new ();

  collect (root, type, out);
  return out;
}

/* The palette's cells: activatable cells whose label names a colour. */
static LudoCell *
swatch (LudoWindow *window,
        int         colour)
{
  g_autoptr(GPtrArray) cells = find_all (GTK_WIDGET (ludo_window_get_view (window)), LUDO_TYPE_CELL);
  g_autofree char *label = g_strdup_printf ("%s (%c)", ludo_logik_colour_name (colour), 'A' + colour);

  for (guint i = 0; i < cells->len; i++)
    if (g_strcmp0 (ludo_cell_get_label (cells->pdata[i]), label) == 0)
      return cells->pdata[i];
  g_error ("no swatch %s", label);
}

static GtkWidget *
button_with_label (GtkWidget  *root,
                   const char *label)
{
  g_autoptr(GPtrArray) buttons = find_all (root, GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), label) == 0 &&
        gtk_widget_get_mapped (buttons->pdata[i]))
      return buttons->pdata[i];
  return NULL;
}

/* Composes a code or guess with the palette and sends it, as a person. */
static void
compose_and_send (LudoWindow *window,
                  const char *letters)
{
  GtkWidget *send;

  for (int i = 0; letters[i]; i++)
    g_signal_emit_by_name (swatch (window, letters[i] - 'A'), "activate");
  send = button_with_label (GTK_WIDGET (ludo_window_get_view (window)), "_Send Guess");
  if (send == NULL)
    send = button_with_label (GTK_WIDGET (ludo_window_get_view (window)), "_Set Code");
  g_assert_nonnull (send);
  g_assert_true (gtk_widget_is_sensitive (send));
  g_signal_emit_by_name (send, "clicked");
}

/* ------------------------------------------------------------------------ */

/* Every game of the registry plugs in whole: a view of its own, its icon,
 * its style and its manual page in every language. */
static void
test_games_plug_in (void)
{
  static const char * const languages[] = { "C", "hu", "ru", "et" };
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  g_assert_cmpuint (n_games, >=, 2);
  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr(LudoGame) game = ludo_game_new (games[i]->id, NULL, NULL);
      g_autofree char *icon = g_strdup_printf (RESOURCE_BASE "/icons/scalable/apps/%s.svg", games[i]->icon_name);
      g_autofree char *style = g_strdup_printf (RESOURCE_BASE "/games/%s/style.css", games[i]->id);
      LudoGameView *view;

      g_assert_nonnull (game);
      view = g_object_ref_sink (ludo_game_view_new_for_game (game));
      g_assert_nonnull (view);
      g_assert_true (G_TYPE_FROM_INSTANCE (view) != LUDO_TYPE_GAME_VIEW);
      g_object_unref (view);
      g_assert_true (g_resources_get_info (icon, 0, NULL, NULL, NULL));
      g_assert_true (g_resources_get_info (style, 0, NULL, NULL, NULL));
      for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
        {
          g_autofree char *page = g_strdup_printf (RESOURCE_BASE "/help/%s/%s.page", languages[l], games[i]->help_page);
          if (!g_resources_get_info (page, 0, NULL, NULL, NULL))
            g_error ("%s has no manual page %s", games[i]->id, page);
        }
    }
}

static void
test_chooser (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(GPtrArray) rows = find_all (GTK_WIDGET (window), ADW_TYPE_ACTION_ROW);
  gboolean found = FALSE;

  for (guint i = 0; i < rows->len; i++)
    found |= g_strcmp0 (gtk_widget_get_name (rows->pdata[i]), "logik") == 0;
  g_assert_true (found);
  g_assert_null (ludo_window_get_game (window));
  /* a disabled action does nothing */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_null (ludo_window_get_game (window));
  close_window (window);
}

static void
test_new_game_dialog (void)
{
  LudoWindow *window = new_window ();
  GtkWindow *dialog = ludo_window_new_game_dialog (window, "logik");
  LudoGame *game;

  g_assert_true (LUDO_IS_NEW_GAME_DIALOG (dialog));
  ludo_new_game_dialog_set_seat (LUDO_NEW_GAME_DIALOG (dialog), 0, 0);
  ludo_new_game_dialog_set_seat (LUDO_NEW_GAME_DIALOG (dialog), 1, 3);
  ludo_new_game_dialog_set_option (LUDO_NEW_GAME_DIALOG (dialog), "places", 4);
  ludo_new_game_dialog_set_option (LUDO_NEW_GAME_DIALOG (dialog), "rows", 12);
  ludo_new_game_dialog_start (LUDO_NEW_GAME_DIALOG (dialog));

  game = ludo_window_get_game (window);
  g_assert_nonnull (game);
  g_assert_cmpint (ludo_game_get_option (game, "places"), ==, 4);
  g_assert_cmpint (ludo_game_get_option (game, "rows"), ==, 12);
  g_assert_cmpint (ludo_game_get_seat_kind (game, 0), ==, LUDO_SEAT_HUMAN);
  g_assert_cmpint (ludo_game_get_seat_kind (game, 1), ==, LUDO_SEAT_COMPUTER);
  g_assert_cmpint (ludo_game_get_seat_level (game, 1), ==, LUDO_LEVEL_HARD);

  /* the choices are remembered for the next game */
  dialog = ludo_window_new_game_dialog (window, NULL);
  {
    g_autoptr(LudoGame) again = ludo_new_game_dialog_build_game (LUDO_NEW_GAME_DIALOG (dialog));
    g_assert_cmpint (ludo_game_get_option (again, "places"), ==, 4);
    g_assert_cmpint (ludo_game_get_seat_level (again, 1), ==, LUDO_LEVEL_HARD);
  }
  gtk_window_destroy (dialog);

  /* each game keeps its own: choices for Emperor Chess leave Logik's */
  dialog = ludo_window_new_game_dialog (window, "emperor");
  ludo_new_game_dialog_set_seat (LUDO_NEW_GAME_DIALOG (dialog), 0, 1);
  ludo_new_game_dialog_start (LUDO_NEW_GAME_DIALOG (dialog));
  g_assert_cmpint (ludo_game_get_seat_level (ludo_window_get_game (window), 0), ==, LUDO_LEVEL_EASY);
  dialog = ludo_window_new_game_dialog (window, "logik");
  {
    g_autoptr(LudoGame) again = ludo_new_game_dialog_build_game (LUDO_NEW_GAME_DIALOG (dialog));
    g_assert_cmpint (ludo_game_get_option (again, "rows"), ==, 12);
    g_assert_cmpint (ludo_game_get_seat_level (again, 1), ==, LUDO_LEVEL_HARD);
  }
  gtk_window_destroy (dialog);
  dialog = ludo_window_new_game_dialog (window, "emperor");
  {
    g_autoptr(LudoGame) again = ludo_new_game_dialog_build_game (LUDO_NEW_GAME_DIALOG (dialog));
    g_assert_cmpint (ludo_game_get_seat_kind (again, 0), ==, LUDO_SEAT_COMPUTER);
    g_assert_cmpint (ludo_game_get_seat_level (again, 0), ==, LUDO_LEVEL_EASY);
  }
  gtk_window_destroy (dialog);
  close_window (window);
}

/* A round against the computer through the widgets; undo; the computer
 * thinks without blocking the window. */
static void
test_play_round (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_COMPUTER, LUDO_LEVEL_HARD);
  const LogikState *s;

  ludo_window_set_game (window, game, NULL);
  g_assert_true (ludo_game_view_get_interactive (ludo_window_get_view (window)));
  g_assert_cmpint (ludo_game_view_get_viewer (ludo_window_get_view (window)), ==, 0);

  compose_and_send (window, "ABCDE");
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
  /* the computer chooses its code in a worker thread */
  wait_until (not_thinking, window, 20);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 2);

  compose_and_send (window, "AABCD");
  g_assert_true (ludo_window_is_thinking (window));
  /* the main loop keeps running while the computer thinks */
  spin (1);
  wait_until (not_thinking, window, 20);
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
        spin (50);
      }
    g_autofree char *pending = ludo_logik_view_get_pending (view);
    g_assert_null (strchr (pending, '_'));
  }
  close_window (window);
}

static gboolean
privacy_shown (gpointer data)
{
  return ludo_window_privacy_shown (data);
}

/* Two people: the board hides before each turn, and never shows the
 * other's code. */
static void
test_privacy (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);
  LudoGameView *view;
  g_autoptr(GPtrArray) buttons = NULL;

  ludo_window_set_game (window, game, NULL);
  view = ludo_window_get_view (window);
  g_assert_true (ludo_window_privacy_shown (window));
  g_assert_false (ludo_game_view_get_interactive (view));
  g_assert_cmpint (ludo_game_view_get_viewer (view), ==, LUDO_VIEWER_NONE);

  buttons = find_all (GTK_WIDGET (window), GTK_TYPE_BUTTON);
  for (guint i = 0; i < buttons->len; i++)
    if (g_str_has_prefix (gtk_button_get_label (buttons->pdata[i]) ?: "", "_Show the Board"))
      g_signal_emit_by_name (buttons->pdata[i], "clicked");
  g_assert_false (ludo_window_privacy_shown (window));
  g_assert_cmpint (ludo_game_view_get_viewer (view), ==, 0);

  compose_and_send (window, "HHHHH");
  g_assert_true (privacy_shown (window));
  g_assert_cmpint (ludo_game_view_get_viewer (view), ==, LUDO_VIEWER_NONE);

  /* nothing on the screen names player 1's code */
  {
    g_autoptr(GPtrArray) cells = find_all (GTK_WIDGET (window), LUDO_TYPE_CELL);
    for (guint i = 0; i < cells->len; i++)
      {
        const char *label = ludo_cell_get_label (cells->pdata[i]);
        if (label && g_str_has_prefix (label, "Code of Player 1"))
          g_assert_null (strstr (label, "pink"));
      }
  }
  close_window (window);
}

static gboolean
game_over (gpointer data)
{
  return ludo_game_is_over (data);
}

static void
test_demo_and_pause (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_COMPUTER, LUDO_SEAT_COMPUTER, LUDO_LEVEL_MEDIUM);
  guint n;

  ludo_window_set_game (window, game, NULL);
  g_assert_cmpint (ludo_game_view_get_viewer (ludo_window_get_view (window)), ==, LUDO_VIEWER_ALL);
  wait_until (game_over, game, 60);

  /* replay it, pause a demo */
  ludo_game_seek (game, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.paused", NULL));
  n = ludo_game_get_n_moves (game);
  spin (300);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 0);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, n);
  close_window (window);
}

static void
test_replay (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);
  GtkWidget *w = GTK_WIDGET (window);
  const char *moves[] = { "code:ABCDE", "code:HHHHH", "guess:AAAAA", "guess:BBBBB",
                          "guess:HHHHH", "guess:ABCDE" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (ludo_game_play (game, moves[i], NULL));
  g_assert_true (ludo_game_is_over (game));
  ludo_window_set_game (window, game, NULL);

  g_assert_true (gtk_widget_activate_action (w, "win.replay", NULL));
  g_assert_true (ludo_window_is_replaying (window));
  g_assert_cmpuint (ludo_game_get_position (game), ==, 0);
  g_assert_false (ludo_game_view_get_interactive (ludo_window_get_view (window)));
  gtk_widget_activate_action (w, "win.undo", NULL);   /* off in a replay */
  g_assert_cmpuint (ludo_game_get_position (game), ==, 0);
  g_assert_true (gtk_widget_activate_action (w, "win.replay-forward", NULL));
  g_assert_true (gtk_widget_activate_action (w, "win.replay-forward", NULL));
  g_assert_cmpuint (ludo_game_get_position (game), ==, 2);
  g_assert_true (gtk_widget_activate_action (w, "win.replay-last", NULL));
  g_assert_cmpuint (ludo_game_get_position (game), ==, 6);
  g_assert_true (gtk_widget_activate_action (w, "win.replay-first", NULL));

  /* play: the replay advances by itself */
  g_object_set (window, "replay-playing", TRUE, NULL);
  spin (2500);
  g_assert_cmpuint (ludo_game_get_position (game), >=, 1);
  g_object_set (window, "replay-playing", FALSE, NULL);

  /* continue from here makes it a live game, and a new move drops the tail */
  gtk_widget_activate_action (w, "win.replay-first", NULL);
  gtk_widget_activate_action (w, "win.replay-forward", NULL);
  gtk_widget_activate_action (w, "win.replay-forward", NULL);
  gtk_widget_activate_action (w, "win.replay-forward", NULL);
  g_assert_true (gtk_widget_activate_action (w, "win.replay-continue", NULL));
  g_assert_false (ludo_window_is_replaying (window));
  g_assert_cmpuint (ludo_game_get_position (game), ==, 3);
  g_assert_true (ludo_game_play (game, "guess:CCCCC", NULL));
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 4);
  close_window (window);
}

static void
test_save_open (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);
  g_autofree char *path = g_build_filename (tmpdir, "ui.ludoteka", NULL);
  g_autofree char *bad = g_test_build_filename (G_TEST_DIST, "data", "bad", "illegal-colour.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);
  g_autoptr(GError) error = NULL;
  LudoGame *loaded;

  g_assert_true (ludo_game_play (game, "code:ABCDE", NULL));
  g_assert_true (ludo_game_play (game, "code:HHHHH", NULL));
  g_assert_true (ludo_game_play (game, "guess:AAAAA", NULL));
  ludo_game_seek (game, 2);
  ludo_window_set_game (window, game, NULL);
  g_assert_true (ludo_window_save_to_file (window, file, &error));
  g_assert_no_error (error);

  g_assert_true (open_file (window, file, &error));
  loaded = ludo_window_get_game (window);
  g_assert_true (loaded != game);
  g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, 3);
  g_assert_cmpuint (ludo_game_get_position (loaded), ==, 2);
  g_assert_true (ludo_game_can_redo (loaded));

  /* a bad file: an error dialog, and the game stays */
  g_assert_false (open_file (window, bad_file, &error));
  g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_ILLEGAL_MOVE);
  g_assert_true (ludo_window_get_game (window) == loaded);
  {
    AdwMessageDialog *dialog = find_message_dialog ();
    g_assert_nonnull (dialog);
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "move 5"));
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
  g_remove (path);
  close_window (window);
}

static gboolean
find_label_text (GtkWidget  *widget,
                 const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (find_label_text (c, text))
      return TRUE;
  return FALSE;
}

/* Names and file names with markup characters, mnemonics and characters
 * XML forbids: shown as they are, saved, read back. (A Gtk warning about
 * markup is fatal here.) */
static void
test_markup_names (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = ludo_game_new ("logik", NULL, NULL);
  g_autofree char *path = g_build_filename (tmpdir, "Tom & Jerry <1>.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  gboolean toast_seen = FALSE;
  LudoGame *loaded;

  ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, "Tom & <Jerry> _1");
  ludo_game_set_seat (game, 1, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, "Ann\001e\xef\xbf\xbe &amp;");
  g_assert_cmpstr (ludo_game_get_seat_name (game, 1), ==, "Anne &amp;");
  ludo_window_set_game (window, game, NULL);
  g_assert_true (ludo_window_privacy_shown (window));
  g_assert_true (find_label_text (GTK_WIDGET (window), "Pass the Device to Tom & <Jerry> _1"));
  g_assert_true (find_label_text (GTK_WIDGET (window), "Show the Board of Tom & <Jerry> _1"));
  g_assert_true (ludo_game_play (game, "code:ABCDE", NULL));
  spin (20);

  g_assert_true (ludo_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  for (int i = 0; i < 50 && !toast_seen; i++)
    {
      spin (10);
      toast_seen = find_label_text (GTK_WIDGET (window), "Saved as “Tom & Jerry <1>.ludoteka”");
    }
  g_assert_true (toast_seen);

  g_assert_true (open_file (window, file, &error));
  g_assert_no_error (error);
  loaded = ludo_window_get_game (window);
  g_assert_true (loaded != game);
  g_assert_cmpstr (ludo_game_get_seat_name (loaded, 0), ==, "Tom & <Jerry> _1");
  g_assert_cmpstr (ludo_game_get_seat_name (loaded, 1), ==, "Anne &amp;");
  spin (20);
  g_remove (path);
  close_window (window);
}

/* Counts the main loop's turns while a file is read. */
static gboolean
tick_cb (gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* A small file that once took a quarter of an hour to parse, on the main
 * thread: 300,000 attributes on one element. It is read in the
 * background and refused before libxml2 sees it; the window turns its
 * main loop meanwhile and shows why. */
static void
test_open_hostile (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);
  g_autofree char *path = g_build_filename (tmpdir, "attributes.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GString) text = g_string_new ("<?xml version=\"1.0\"?>\n<ludoteka version=\"1\" game=\"logik\">\n<info");
  g_autoptr(GError) error = NULL;
  Opened opened = { FALSE, FALSE, NULL };
  guint ticks = 0, tick;
  gint64 start;

  for (int i = 0; i < 300000; i++)
    g_string_append_printf (text, " a%d=\"\"", i);
  g_string_append (text, "/>\n<seats><seat kind=\"human\"/><seat kind=\"human\"/></seats>"
                         "<moves position=\"0\"/></ludoteka>\n");
  g_assert_cmpuint (text->len, <, LUDO_SAVE_MAX_BYTES);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));

  ludo_window_set_game (window, game, NULL);
  tick = g_timeout_add (1, tick_cb, &ticks);
  start = g_get_monotonic_time ();
  ludo_window_open_file (window, file, opened_cb, &opened);
  g_assert_false (opened.done);
  wait_until (is_opened, &opened, 20);
  g_test_message ("300,000 attributes refused in %.3f s, %u main loop ticks meanwhile",
                  (g_get_monotonic_time () - start) / 1e6, ticks);
  g_source_remove (tick);

  g_assert_false (opened.ok);
  g_assert_error (opened.error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TOO_LARGE);
  g_clear_error (&opened.error);
  g_assert_true (ludo_window_get_game (window) == game);
  {
    AdwMessageDialog *dialog = find_message_dialog ();
    g_assert_nonnull (dialog);
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "more than 64 attributes"));
    gtk_window_destroy (GTK_WINDOW (dialog));
  }

  /* a file asked for and then given up for a new game is not shown */
  {
    g_autofree char *good = g_test_build_filename (G_TEST_DIST, "data", "good", "emperor-easy-selfplay.ludoteka", NULL);
    g_autoptr(GFile) good_file = g_file_new_for_path (good);
    Opened late = { FALSE, FALSE, NULL };
    g_autoptr(LudoGame) other = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);

    ludo_window_open_file (window, good_file, opened_cb, &late);
    ludo_window_set_game (window, other, NULL);
    wait_until (is_opened, &late, 20);
    g_clear_error (&late.error);
    spin (50);
    g_assert_true (ludo_window_get_game (window) == other);
  }
  g_remove (path);
  close_window (window);
}

/* The row that offers the unfinished game, once it is shown. */
static GtkWidget *
resume_offered (LudoWindow *window)
{
  g_autoptr(GPtrArray) rows = find_all (GTK_WIDGET (window), ADW_TYPE_ACTION_ROW);

  for (guint i = 0; i < rows->len; i++)
    if (gtk_widget_get_mapped (rows->pdata[i]) &&
        g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), "Continue the Unfinished Game") == 0)
      return rows->pdata[i];
  return NULL;
}

static gboolean
has_resume_offer (gpointer data)
{
  return resume_offered (data) != NULL;
}

static void
test_autosave (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);
  g_autofree char *path = ludo_save_autosave_path ();
  LudoWindow *second;

  ludo_window_set_game (window, game, NULL);
  g_assert_true (ludo_game_play (game, "code:ABCDE", NULL));
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  close_window (window);

  /* the next start offers the game, and resumes it */
  second = new_window ();
  ludo_window_check_autosave (second);
  wait_until (has_resume_offer, second, 20);
  g_signal_emit_by_name (resume_offered (second), "activated");
  g_assert_nonnull (ludo_window_get_game (second));
  g_assert_cmpuint (ludo_game_get_n_moves (ludo_window_get_game (second)), ==, 1);
  close_window (second);
}

/* An autosave that cannot be read is not offered, and not lost either:
 * it is kept under another name for the next game not to overwrite. */
static void
test_autosave_unreadable (void)
{
  g_autofree char *path = ludo_save_autosave_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  LudoWindow *window;
  gboolean kept = FALSE;

  g_mkdir_with_parents (dir, 0700);
  g_assert_true (g_file_set_contents (path, "<ludoteka version=\"1\" game=\"logik\"><seats>", -1, NULL));
  window = new_window ();
  ludo_window_check_autosave (window);
  for (int i = 0; i < 200 && g_file_test (path, G_FILE_TEST_EXISTS); i++)
    spin (10);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_null (resume_offered (window));
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    while ((name = g_dir_read_name (d)))
      if (g_str_has_prefix (name, "unreadable-autosave-"))
        {
          g_autofree char *kept_path = g_build_filename (dir, name, NULL);
          g_autofree char *contents = NULL;
          g_assert_true (g_file_get_contents (kept_path, &contents, NULL, NULL));
          g_assert_nonnull (strstr (contents, "<seats>"));
          g_remove (kept_path);
          kept = TRUE;
        }
  }
  g_assert_true (kept);
  close_window (window);
}

/* Every control has a name for assistive technology. */
static void
check_names (GtkWidget *widget)
{
  GtkAccessible *a = GTK_ACCESSIBLE (widget);

  /* what is on the screen: hidden pages have not been set up yet */
  if (!gtk_widget_get_mapped (widget))
    return;

  if (LUDO_IS_CELL (widget))
    {
      const char *label = ludo_cell_get_label (LUDO_CELL (widget));
      if (label == NULL || *label == '\0')
        g_error ("a board cell has no name");
      g_assert_true (gtk_test_accessible_has_property (a, GTK_ACCESSIBLE_PROPERTY_LABEL));
    }
  else if (GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget))
    {
      const char *label = GTK_IS_BUTTON (widget) ? gtk_button_get_label (GTK_BUTTON (widget))
                                                 : gtk_menu_button_get_label (GTK_MENU_BUTTON (widget));
      gboolean text_child = FALSE;
      g_autoptr(GPtrArray) labels = find_all (widget, GTK_TYPE_LABEL);
      for (guint i = 0; i < labels->len; i++)
        text_child |= *gtk_label_get_text (labels->pdata[i]) != '\0';
      if (!(label && *label && !gtk_button_get_icon_name (GTK_IS_BUTTON (widget) ? GTK_BUTTON (widget) : NULL)) &&
          !text_child &&
          !gtk_test_accessible_has_property (a, GTK_ACCESSIBLE_PROPERTY_LABEL) &&
          !gtk_test_accessible_has_relation (a, GTK_ACCESSIBLE_RELATION_LABELLED_BY))
        {
          g_autoptr(GString) path = g_string_new (NULL);
          for (GtkWidget *p = widget; p; p = gtk_widget_get_parent (p))
            g_string_append_printf (path, "%s%s.%s", path->len ? " < " : "", G_OBJECT_TYPE_NAME (p),
                                    gtk_widget_get_css_name (p));
          g_error ("a button has no accessible name: %s", path->str);
        }
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    check_names (c);
}

static void
test_accessible_names (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY);
  g_autoptr(GPtrArray) cells = NULL;
  gboolean hole = FALSE, result = FALSE;

  check_names (GTK_WIDGET (window));
  ludo_window_set_game (window, game, NULL);
  g_object_set (window, "side-panel", TRUE, NULL);
  compose_and_send (window, "ABCDE");
  wait_until (not_thinking, window, 20);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 2);
  compose_and_send (window, "AAAAA");
  wait_until (not_thinking, window, 20);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 4);
  check_names (GTK_WIDGET (window));

  /* holes and results say what is there */
  cells = find_all (GTK_WIDGET (window), LUDO_TYPE_CELL);
  for (guint i = 0; i < cells->len; i++)
    {
      const char *label = ludo_cell_get_label (cells->pdata[i]);
      hole |= g_strcmp0 (label, "Your code, place 2: orange (B)") == 0;
      result |= g_str_has_prefix (label, "Your guess 1: red (A), red (A), red (A), red (A), red (A) — ") &&
                g_str_has_suffix (label, " white");
    }
  g_assert_true (hole);
  g_assert_true (result);
  close_window (window);
}

/* Renders the window's board view as a person would see it (so that its
 * drawing code runs) and returns the pixels, 4 bytes each in memory order
 * B G R A; g_free() them. */
static guchar *
render_view (LudoWindow *window,
             int        *width,
             int        *height)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (ludo_window_get_view (window)));
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int w = gdk_paintable_get_intrinsic_width (paintable);
  int h = gdk_paintable_get_intrinsic_height (paintable);
  guchar *pixels;

  g_assert_cmpint (w, >, 300);
  g_assert_cmpint (h, >, 300);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (g_getenv ("LUDOTEKA_TEST_SNAPSHOT"))
    gdk_texture_save_to_png (texture, g_getenv ("LUDOTEKA_TEST_SNAPSHOT"));
  pixels = g_malloc (w * h * 4);
  gdk_texture_download (texture, pixels, w * 4);
  *width = w;
  *height = h;
  return pixels;
}

/* The board draws: render it and look for the colour of its pegs. */
static void
test_snapshot (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = logik_game (LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);
  g_autofree guchar *pixels = NULL;
  int w, h;
  gboolean red = FALSE;

  g_assert_true (ludo_game_play (game, "code:AAAAA", NULL));
  g_assert_true (ludo_game_play (game, "code:BBBBB", NULL));
  g_assert_true (ludo_game_play (game, "guess:AAAAA", NULL));
  g_assert_true (ludo_game_play (game, "guess:CCCCC", NULL));
  g_assert_true (ludo_game_play (game, "guess:BBBBB", NULL));
  g_assert_true (ludo_game_play (game, "guess:DDDDD", NULL));
  g_assert_true (ludo_game_is_over (game));
  ludo_window_set_game (window, game, NULL);
  spin (200);

  pixels = render_view (window, &w, &h);
  /* the red pegs (A) of the game over board */
  for (int i = 0; i < w * h && !red; i++)
    red = pixels[4 * i + 2] > 180 && pixels[4 * i + 1] < 80 && pixels[4 * i] < 80;
  g_assert_true (red);
  close_window (window);
}

/* ------------------------------------------------------------------------ */
/* Emperor Chess                                                             */

static LudoGame *
emperor_game (const char   *fen,
              LudoSeatKind  black)
{
  LudoGame *game = ludo_game_new ("emperor", NULL, NULL);

  if (fen)
    g_assert_true (ludo_emperor_game_set_start_fen (LUDO_EMPEROR_GAME (game), fen, NULL));
  ludo_game_set_seed (game, 3);
  ludo_game_set_seat (game, 1, black, LUDO_LEVEL_EASY, NULL);
  return game;
}

static void
test_emperor_play (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = emperor_game (NULL, LUDO_SEAT_COMPUTER);
  LudoEmperorView *view;

  ludo_window_set_game (window, game, NULL);
  view = LUDO_EMPEROR_VIEW (ludo_window_get_view (window));
  g_assert_false (ludo_window_privacy_shown (window));   /* no secrets in chess */

  /* click-click: pick up the pawn, put it down two squares on */
  ludo_emperor_view_activate_square (view, EMP_SQ (4, 1));
  g_assert_cmpint (ludo_emperor_view_get_selected (view), ==, EMP_SQ (4, 1));
  ludo_emperor_view_activate_square (view, EMP_SQ (4, 5));   /* not a legal target: let go */
  g_assert_cmpint (ludo_emperor_view_get_selected (view), ==, -1);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);
  ludo_emperor_view_activate_square (view, EMP_SQ (4, 1));
  ludo_emperor_view_activate_square (view, EMP_SQ (4, 3));
  g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "e2e4");
  wait_until (not_thinking, window, 30);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 2);
  g_assert_nonnull (strstr (ludo_window_get_status (window), "to move"));

  /* the other side's pieces do not move */
  ludo_emperor_view_activate_square (view, EMP_SQ (0, 8));
  g_assert_cmpint (ludo_emperor_view_get_selected (view), ==, -1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (ludo_game_get_position (game), ==, 0);

  g_assert_false (ludo_emperor_view_get_flipped (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "emperor.flip", NULL));
  g_assert_true (ludo_emperor_view_get_flipped (view));
  check_names (GTK_WIDGET (window));
  close_window (window);
}

static void
test_emperor_promotion (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = emperor_game ("k9/5P4/10/10/10/10/10/10/10/9K w - - 0 1", LUDO_SEAT_HUMAN);
  LudoEmperorView *view;

  ludo_window_set_game (window, game, NULL);
  view = LUDO_EMPEROR_VIEW (ludo_window_get_view (window));
  ludo_emperor_view_activate_square (view, EMP_SQ (5, 8));
  ludo_emperor_view_activate_square (view, EMP_SQ (5, 9));
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);   /* it asks first */
  ludo_emperor_view_choose_promotion (view, EMP_GENERAL);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
  g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "f9f10g");
  g_assert_cmpint (EMP_TYPE (ludo_emperor_game_get_position (LUDO_EMPEROR_GAME (game))->board[EMP_SQ (5, 9)]), ==,
                   EMP_GENERAL);
  close_window (window);
}

static gboolean
hint_found (gpointer data)
{
  return g_str_has_prefix (ludo_window_get_status (data), "Hint: ");
}

/* A hint names a move in the status; asking again, or starting another
 * game, while the computer looks leaves no stale spinner behind. */
static void
test_emperor_hint (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) first = emperor_game (NULL, LUDO_SEAT_HUMAN);
  g_autoptr(LudoGame) second = emperor_game ("k9/10/1K8/10/10/10/10/10/10/9R w - - 0 1", LUDO_SEAT_HUMAN);

  ludo_window_set_game (window, first, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_cmpstr (ludo_window_get_status (window), ==, "Looking for a hint…");
  ludo_window_set_game (window, second, NULL);
  g_assert_cmpstr (ludo_window_get_status (window), !=, "Looking for a hint…");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  spin (100);   /* the first, cancelled, has answered by now */
  g_assert_true (hint_found (window) || g_str_equal (ludo_window_get_status (window), "Looking for a hint…"));
  wait_until (hint_found, window, 30);
  /* mate in one: the rook to the tenth rank */
  g_assert_cmpstr (ludo_window_get_status (window), ==, "Hint: Rj10#.");
  close_window (window);
}

/* Cancelling the computer at any moment — undo, a new game, closing the
 * window while it thinks — a thousand times: no crash, and no move lands
 * where it no longer belongs (the game it was for is gone, or it is a
 * person's turn). The computer plays Easy, which answers in time to
 * be caught now and then. */
static void
test_cancel_computer (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1204);
  g_autoptr(GPtrArray) left = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) left_moves = g_array_new (FALSE, FALSE, sizeof (guint));
  /* not shown: drawing a thousand boards would take minutes, and what is
   * tested happens off screen */
  LudoWindow *window = ludo_window_new (ADW_APPLICATION (app));
  LudoGame *game = NULL;
  guint undos = 0, news = 0, closes = 0, computer_moves = 0;

  for (guint i = 0; i < 1000; i++)
    {
      g_auto(GStrv) moves = NULL;
      guint n;

      if (game == NULL || ludo_game_is_over (game))
        {
          if (game)
            {
              g_ptr_array_add (left, game);
              n = ludo_game_get_n_moves (game);
              g_array_append_val (left_moves, n);
            }
          game = emperor_game (NULL, LUDO_SEAT_COMPUTER);
          ludo_game_set_seed (game, g_rand_int (rand));
          ludo_window_set_game (window, game, NULL);
        }

      /* the person's turn: whatever the computer was thinking was
       * cancelled, and nothing may arrive now */
      n = ludo_game_get_n_moves (game);
      spin (g_rand_int_range (rand, 1, 4));
      g_assert_cmpuint (ludo_game_get_n_moves (game), ==, n);
      g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);

      moves = ludo_game_legal_moves (game);
      g_assert_true (ludo_game_play (game, moves[g_rand_int_range (rand, 0, g_strv_length (moves))], NULL));
      if (ludo_game_is_over (game))
        continue;
      g_assert_true (ludo_window_is_thinking (window));
      /* now and then the computer finishes first */
      if (g_rand_int_range (rand, 0, 4) == 0)
        {
          wait_until (not_thinking, window, 60);
          computer_moves++;
          g_assert_cmpint (ludo_game_get_current_seat (game), !=, 1);
          if (ludo_game_is_over (game))
            continue;
          g_assert_true (ludo_game_play (game, "", NULL) == FALSE);
          moves = (g_strfreev (moves), ludo_game_legal_moves (game));
          g_assert_true (ludo_game_play (game, moves[g_rand_int_range (rand, 0, g_strv_length (moves))], NULL));
          if (ludo_game_is_over (game))
            continue;
        }
      else
        spin (g_rand_int_range (rand, 0, 3));

      switch (g_rand_int_range (rand, 0, 3))
        {
        case 0:   /* undo the person's move while the computer answers it */
          if (ludo_window_is_thinking (window))
            {
              g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
              g_assert_false (ludo_window_is_thinking (window));
              undos++;
            }
          else
            {
              /* it answered already: take back both */
              g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
              g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
            }
          break;
        case 1:   /* another game */
        case 2:   /* or closing the window */
          g_ptr_array_add (left, game);
          n = ludo_game_get_n_moves (game);
          g_array_append_val (left_moves, n);
          game = NULL;
          if (g_rand_boolean (rand))
            {
              news++;
              game = emperor_game (NULL, LUDO_SEAT_COMPUTER);
              ludo_game_set_seed (game, g_rand_int (rand));
              ludo_window_set_game (window, game, NULL);
            }
          else
            {
              closes++;
              gtk_window_destroy (GTK_WINDOW (window));
              window = ludo_window_new (ADW_APPLICATION (app));
            }
          break;
        default:
          g_assert_not_reached ();
        }
    }

  /* every answer still under way has come and gone: the games left
   * behind did not move since */
  spin (500);
  for (guint i = 0; i < left->len; i++)
    g_assert_cmpuint (ludo_game_get_n_moves (left->pdata[i]), ==, g_array_index (left_moves, guint, i));
  g_test_message ("1000 rounds: %u undos, %u new games and %u closed windows while the computer "
                  "thought; it answered %u times", undos, news, closes, computer_moves);
  g_assert_cmpuint (undos, >, 100);
  g_assert_cmpuint (news, >, 100);
  g_assert_cmpuint (closes, >, 100);
  g_clear_object (&game);
  close_window (window);
}

static void
test_emperor_snapshot (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = emperor_game ("k9/10/10/10/4K5/10/10/10/10/10 w - - 0 1 w 50 1 -", LUDO_SEAT_HUMAN);
  g_autofree guchar *pixels = NULL;
  int w, h, gold = 0;

  ludo_window_set_game (window, game, NULL);
  spin (200);
  pixels = render_view (window, &w, &h);
  /* the emperor's crown is drawn: gold pixels */
  for (int i = 0; i < w * h; i++)
    gold += pixels[4 * i + 2] > 220 && pixels[4 * i + 1] > 170 && pixels[4 * i + 1] < 225 && pixels[4 * i] < 90;
  g_assert_cmpint (gold, >, 10);
  close_window (window);
}

/* The rules in all four languages, whatever the UI language. */
static void
test_rules_view (void)
{
  LudoRulesView *view = g_object_ref_sink (g_object_new (LUDO_TYPE_RULES_VIEW, NULL));
  const char * const *languages = ludo_rules_view_get_languages ();
  static const char * const titles[] = { "Logik", "Logik", "Логик", "Loogik" };
  g_autofree char *english = NULL;

  ludo_rules_view_set_page (view, "logik");
  for (guint i = 0; languages[i]; i++)
    {
      g_autofree char *text = NULL;
      ludo_rules_view_set_language (view, languages[i]);
      g_assert_cmpstr (ludo_rules_view_get_language (view), ==, languages[i]);
      text = ludo_rules_view_get_text (view);
      g_assert_true (g_str_has_prefix (text, titles[i]));
      /* the Estonian source is quoted in every language */
      g_assert_nonnull (strstr (text, "Kumbki mängija moodustab värvikoodi"));
      if (i == 0)
        english = g_steal_pointer (&text);
      else
        g_assert_cmpstr (text, !=, english);
    }

  /* links between pages work */
  ludo_rules_view_set_language (view, "C");
  ludo_rules_view_set_page (view, "index");
  {
    g_autofree char *text = ludo_rules_view_get_text (view);
    g_assert_nonnull (strstr (text, "Logik"));
    g_assert_nonnull (strstr (text, "Undo, saving and replays"));
  }
  g_object_unref (view);
}

int
main (int    argc,
      char **argv)
{
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  /* autosaves go to a folder of the test's own */
  tmpdir = g_dir_make_tmp ("ludoteka-ui-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", tmpdir, TRUE);
  g_setenv ("LUDOTEKA_DEMO_DELAY_MS", "10", TRUE);

  app = ludo_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));

  g_test_add_func ("/ui/games-plug-in", test_games_plug_in);
  g_test_add_func ("/ui/chooser", test_chooser);
  g_test_add_func ("/ui/new-game-dialog", test_new_game_dialog);
  g_test_add_func ("/ui/logik/play-round", test_play_round);
  g_test_add_func ("/ui/logik/privacy", test_privacy);
  g_test_add_func ("/ui/logik/demo-and-pause", test_demo_and_pause);
  g_test_add_func ("/ui/replay", test_replay);
  g_test_add_func ("/ui/save-open", test_save_open);
  g_test_add_func ("/ui/open-hostile", test_open_hostile);
  g_test_add_func ("/ui/markup-names", test_markup_names);
  g_test_add_func ("/ui/autosave", test_autosave);
  g_test_add_func ("/ui/autosave-unreadable", test_autosave_unreadable);
  g_test_add_func ("/ui/accessible-names", test_accessible_names);
  g_test_add_func ("/ui/snapshot", test_snapshot);
  g_test_add_func ("/ui/rules-view", test_rules_view);
  g_test_add_func ("/ui/emperor/play", test_emperor_play);
  g_test_add_func ("/ui/emperor/promotion", test_emperor_promotion);
  g_test_add_func ("/ui/emperor/hint", test_emperor_hint);
  g_test_add_func ("/ui/emperor/snapshot", test_emperor_snapshot);
  g_test_add_func ("/ui/emperor/cancel-computer", test_cancel_computer);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
