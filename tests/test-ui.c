/* test-ui.c — the window, driven as a person would: through its actions
 * and widgets, under a virtual X server. What every game's window does
 * alike, with the games of the registry (each game's own: its folder's
 * test-ID-view).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "app/ludo-application.h"
#include "app/ludo-cell.h"
#include "app/ludo-export-view.h"
#include "app/ludo-game-chooser.h"
#include "app/ludo-new-game-dialog.h"
#include "app/ludo-preferences-window.h"
#include "app/ludo-replay-bar.h"
#include "app/ludo-review-graph.h"
#include "app/ludo-rules-view.h"
#include "app/ludo-stats-window.h"
#include "app/ludo-window-private.h"
#include "core/ludo-registry.h"
#include "core/ludo-autosave.h"
#include "core/ludo-review.h"
#include "core/ludo-save.h"
#include "core/ludo-stats.h"
#include "ludo-testing.h"
#include "ludo-ui-testing.h"

static LudoApplication *app;
static char *tmpdir;

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

static LudoWindow *
new_window (void)
{
  return ludo_test_new_window (app);
}

/* The i-th game of the registry. */
static const LudoGameInfo *
nth_game (guint i)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  g_assert_cmpuint (i, <, n_games);
  return games[i];
}

/* A new game of id: seat 0 of kind first, the others of kind rest. */
static LudoGame *
new_game (const char   *id,
          LudoSeatKind  first,
          LudoSeatKind  rest,
          LudoLevel     level)
{
  LudoGame *game = ludo_game_new (id, NULL, NULL);

  g_assert_nonnull (game);
  ludo_game_set_seed (game, 7);
  for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
    ludo_game_set_seat (game, s, s == 0 ? first : rest, level, NULL);
  return game;
}

/* Between people, a game of the first game of the registry. */
static LudoGame *
people_game (void)
{
  return new_game (nth_game (0)->id, LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);
}

/* A move at the position that is not the one played there next (the
 * redo tail's first). */
static char *
other_move (LudoGame *game)
{
  const char *next = ludo_game_get_position (game) < ludo_game_get_n_moves (game)
                     ? ludo_game_get_move (game, ludo_game_get_position (game)) : NULL;

  for (guint k = 0; k < 100; k++)
    {
      g_autofree char *move = ludo_test_some_move (game, k);

      if (g_strcmp0 (move, next) != 0)
        return g_steal_pointer (&move);
    }
  g_error ("%s: no other move than %s", ludo_game_get_id (game), next);
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
      g_autofree char *icon = g_strdup_printf (RESOURCE_BASE "/icons/scalable/apps/%s.svg", ludo_game_info_get_icon_name (games[i]));
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
          g_autofree char *page = g_strdup_printf (RESOURCE_BASE "/help/%s/%s.page", languages[l], ludo_game_info_get_help_page (games[i]));
          if (!g_resources_get_info (page, 0, NULL, NULL, NULL))
            g_error ("%s has no manual page %s", games[i]->id, page);
        }
    }
}

static void
store_string (char      **store,
              const char *value)
{
  g_free (*store);
  *store = g_strdup (value);
}

static void
test_chooser (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(GPtrArray) rows = ludo_test_find_all (GTK_WIDGET (window), ADW_TYPE_PREFERENCES_ROW);
  g_autoptr(GPtrArray) images = ludo_test_find_all (GTK_WIDGET (window), GTK_TYPE_IMAGE);
  g_autoptr(GPtrArray) flaps = NULL;
  guint n_games, n_pictures = 0;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);
  g_autoptr(GPtrArray) choosers = ludo_test_find_all (GTK_WIDGET (window), LUDO_TYPE_GAME_CHOOSER);
  g_autofree char *activated = NULL;
  GtkWidget *first = NULL;
  int min_free, nat_free, min_given, nat_given;

  /* each game has its row, named by its id */
  for (guint g = 0; g < n_games; g++)
    {
      GtkWidget *row = NULL;

      for (guint i = 0; i < rows->len; i++)
        if (g_strcmp0 (gtk_widget_get_name (rows->pdata[i]), games[g]->id) == 0)
          row = rows->pdata[i];
      g_assert_nonnull (row);
      if (g == 0)
        first = row;
    }
  g_assert_null (ludo_window_get_game (window));

  /* a row activated (as by click or Enter) names its game */
  g_assert_cmpuint (choosers->len, ==, 1);
  g_signal_connect_swapped (choosers->pdata[0], "game-activated", G_CALLBACK (store_string), &activated);
  g_signal_handlers_block_matched (choosers->pdata[0], G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, window);
  gtk_widget_activate (first);
  g_signal_handlers_unblock_matched (choosers->pdata[0], G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, window);
  g_assert_cmpstr (activated, ==, games[0]->id);

  /* the chooser scrolls, so it needs the same width at any height: asked
   * at a height, its wrapping labels would search for their width at it
   * (ludo_game_chooser_measure) */
  gtk_widget_measure (choosers->pdata[0], GTK_ORIENTATION_HORIZONTAL, -1, &min_free, &nat_free, NULL, NULL);
  gtk_widget_measure (choosers->pdata[0], GTK_ORIENTATION_HORIZONTAL, 300, &min_given, &nat_given, NULL, NULL);
  g_assert_cmpint (min_given, ==, min_free);
  g_assert_cmpint (nat_given, ==, nat_free);

  /* each game's picture is the PNG drawn at build time, at 1x and 2x,
   * not an icon the theme would draw from SVG in a thread at start-up */
  for (guint i = 0; i < n_games; i++)
    for (int scale = 1; scale <= 2; scale++)
      {
        g_autofree char *path = g_strdup_printf (RESOURCE_BASE "/pictures/%s@%d.png", ludo_game_info_get_icon_name (games[i]), 48 * scale);
        g_autoptr(GdkTexture) texture = gdk_texture_new_from_resource (path);

        g_assert_cmpint (gdk_texture_get_width (texture), ==, 48 * scale);
      }
  for (guint i = 0; i < images->len; i++)
    if (gtk_image_get_storage_type (images->pdata[i]) == GTK_IMAGE_PAINTABLE &&
        GDK_IS_TEXTURE (gtk_image_get_paintable (images->pdata[i])) &&
        gtk_image_get_pixel_size (images->pdata[i]) == 48)
      n_pictures++;
  g_assert_cmpuint (n_pictures, ==, n_games);

  /* the game page is built with the first game, not with the window */
  flaps = ludo_test_find_all (GTK_WIDGET (window), ADW_TYPE_FLAP);
  g_assert_cmpuint (flaps->len, ==, 0);
  g_assert_cmpstr (ludo_window_get_status (window), ==, "");
  g_assert_false (ludo_window_privacy_shown (window));

  /* a disabled action does nothing */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_null (ludo_window_get_game (window));

  {
    g_autoptr(LudoGame) game = people_game ();

    ludo_window_set_game (window, game, NULL);
  }
  g_clear_pointer (&flaps, g_ptr_array_unref);
  flaps = ludo_test_find_all (GTK_WIDGET (window), ADW_TYPE_FLAP);
  g_assert_cmpuint (flaps->len, ==, 1);
  ludo_test_close_window (window);
}

/* A value of the option other than its default that it allows. */
static int
other_value (const LudoOptionSpec *spec)
{
  int step = spec->step ? spec->step : 1;

  return spec->default_value > spec->min ? spec->min : ludo_option_spec_nearest (spec, spec->default_value + step);
}

/* The New Game dialog: the seats and options chosen are the game's, and
 * are remembered for the next game, each game's apart. (The first game of
 * the registry, with options; and the second.) */
static void
test_new_game_dialog (void)
{
  LudoWindow *window = new_window ();
  const LudoGameInfo *a = nth_game (0), *b = nth_game (1);
  guint n_options = MIN (a->n_options, 2);
  int values[2];
  GtkWindow *dialog = ludo_window_new_game_dialog (window, a->id);
  LudoGame *game;

  g_assert_cmpuint (n_options, >, 0);
  g_assert_true (LUDO_IS_NEW_GAME_DIALOG (dialog));
  ludo_new_game_dialog_set_seat (LUDO_NEW_GAME_DIALOG (dialog), 0, 0);
  ludo_new_game_dialog_set_seat (LUDO_NEW_GAME_DIALOG (dialog), 1, 3);
  for (guint o = 0; o < n_options; o++)
    {
      values[o] = other_value (&a->options[o]);
      ludo_new_game_dialog_set_option (LUDO_NEW_GAME_DIALOG (dialog), a->options[o].id, values[o]);
    }
  ludo_new_game_dialog_start (LUDO_NEW_GAME_DIALOG (dialog));

  game = ludo_window_get_game (window);
  g_assert_nonnull (game);
  g_assert_cmpstr (ludo_game_get_id (game), ==, a->id);
  for (guint o = 0; o < n_options; o++)
    g_assert_cmpint (ludo_game_get_option (game, a->options[o].id), ==, values[o]);
  g_assert_cmpint (ludo_game_get_seat_kind (game, 0), ==, LUDO_SEAT_HUMAN);
  g_assert_cmpint (ludo_game_get_seat_kind (game, 1), ==, LUDO_SEAT_COMPUTER);
  g_assert_cmpint (ludo_game_get_seat_level (game, 1), ==, LUDO_LEVEL_HARD);

  /* the choices are remembered for the next game */
  dialog = ludo_window_new_game_dialog (window, NULL);
  {
    g_autoptr(LudoGame) again = ludo_new_game_dialog_build_game (LUDO_NEW_GAME_DIALOG (dialog));
    g_assert_cmpstr (ludo_game_get_id (again), ==, a->id);
    g_assert_cmpint (ludo_game_get_option (again, a->options[0].id), ==, values[0]);
    g_assert_cmpint (ludo_game_get_seat_level (again, 1), ==, LUDO_LEVEL_HARD);
  }
  gtk_window_destroy (dialog);

  /* each game keeps its own: choices for the second leave the first's */
  dialog = ludo_window_new_game_dialog (window, b->id);
  ludo_new_game_dialog_set_seat (LUDO_NEW_GAME_DIALOG (dialog), 0, 1);
  ludo_new_game_dialog_start (LUDO_NEW_GAME_DIALOG (dialog));
  g_assert_cmpstr (ludo_game_get_id (ludo_window_get_game (window)), ==, b->id);
  g_assert_cmpint (ludo_game_get_seat_level (ludo_window_get_game (window), 0), ==, LUDO_LEVEL_EASY);
  dialog = ludo_window_new_game_dialog (window, a->id);
  {
    g_autoptr(LudoGame) again = ludo_new_game_dialog_build_game (LUDO_NEW_GAME_DIALOG (dialog));
    g_assert_cmpint (ludo_game_get_option (again, a->options[n_options - 1].id), ==, values[n_options - 1]);
    g_assert_cmpint (ludo_game_get_seat_level (again, 1), ==, LUDO_LEVEL_HARD);
  }
  gtk_window_destroy (dialog);
  dialog = ludo_window_new_game_dialog (window, b->id);
  {
    g_autoptr(LudoGame) again = ludo_new_game_dialog_build_game (LUDO_NEW_GAME_DIALOG (dialog));
    g_assert_cmpint (ludo_game_get_seat_kind (again, 0), ==, LUDO_SEAT_COMPUTER);
    g_assert_cmpint (ludo_game_get_seat_level (again, 0), ==, LUDO_LEVEL_EASY);
  }
  gtk_window_destroy (dialog);
  ludo_test_close_window (window);
}

/* A finished game (the first game's sample, between people) replayed:
 * step by step, to the end and back, by itself; Continue from Here makes
 * it a live game again, and a new move drops the rest. */
static void
test_replay (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = ludo_test_load_sample (nth_game (0)->id);
  GtkWidget *w = GTK_WIDGET (window);
  guint n = ludo_game_get_n_moves (game);
  g_autofree char *move = NULL;

  g_assert_cmpuint (n, >=, 6);
  for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
    ludo_game_set_seat (game, s, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, NULL);
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
  g_assert_cmpuint (ludo_game_get_position (game), ==, n);
  g_assert_true (gtk_widget_activate_action (w, "win.replay-first", NULL));

  /* play: the replay advances by itself */
  g_object_set (window, "replay-playing", TRUE, NULL);
  ludo_test_spin (2500);
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
  move = other_move (game);
  g_assert_true (ludo_game_play (game, move, NULL));
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 4);
  ludo_test_close_window (window);
}

static void
click_graph (GtkWidget *graph,
             double     x)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (graph);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller))
        {
          g_signal_emit_by_name (controller, "pressed", 1, x, gtk_widget_get_height (graph) / 2.);
          return;
        }
    }
  g_assert_not_reached ();
}

/* A reviewed game opens reviewed: its replay shows the graph of its
 * values and offers no second review; a click on the graph goes to the
 * position under the pointer, and the status names the computer's move
 * from there. */
static void
test_review_graph (void)
{
  LudoWindow *window = new_window ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", "reviewed.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) graphs = NULL;
  g_autofree char *best = NULL;
  GtkWidget *graph;
  LudoGame *game;
  GPtrArray *review;
  guint n, width;

  g_assert_true (ludo_test_open_file (window, file, NULL));
  game = ludo_window_get_game (window);
  review = ludo_game_get_review (game);
  g_assert_nonnull (review);
  n = ludo_game_get_n_moves (game);
  g_assert_cmpuint (review->len, ==, n);
  graphs = ludo_test_find_all (GTK_WIDGET (window), LUDO_TYPE_REVIEW_GRAPH);
  g_assert_cmpuint (graphs->len, ==, 1);
  graph = graphs->pdata[0];

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.replay", NULL));
  ludo_test_spin (600);
  g_assert_true (gtk_widget_get_mapped (graph));
  g_assert_null (ludo_test_find_button (GTK_WIDGET (window), "_Review the Game", FALSE));
  width = gtk_widget_get_width (graph);
  g_assert_cmpuint (width, >, 100);

  /* the right end is the last move, the left the start, the middle half way */
  click_graph (graph, width - 1);
  g_assert_cmpuint (ludo_game_get_position (game), ==, n);
  click_graph (graph, 0);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 0);
  click_graph (graph, width / 2.);
  g_assert_cmpuint (ludo_game_get_position (game), ==, n / 2);
  ludo_test_spin (100);
  best = ludo_review_describe_best (game, review->pdata[n / 2], LUDO_VIEWER_ALL);
  g_assert_nonnull (best);
  ludo_test_assert_contains (ludo_window_get_status (window), best);
  ludo_test_close_window (window);
}

/* Saved and opened again, at the position shown with the moves after it;
 * a bad file (the first game's sample with a move after its end) says why
 * in a dialog, and the game shown stays. */
static void
test_save_open (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = people_game ();
  g_autofree char *path = g_build_filename (tmpdir, "ui.ludoteka", NULL);
  g_autofree char *bad = g_build_filename (tmpdir, "after-the-end.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);
  g_autoptr(GError) error = NULL;
  g_autofree char *bad_text = NULL;
  g_autofree char *says = NULL;
  guint line, move;
  LudoGame *loaded;

  bad_text = ludo_test_move_after_end (nth_game (0)->id, &line, &move);
  g_assert_true (g_file_set_contents (bad, bad_text, -1, NULL));
  says = g_strdup_printf ("move %u", move);

  g_assert_cmpuint (ludo_test_play_some (game, 3), ==, 3);
  ludo_game_seek (game, 2);
  ludo_window_set_game (window, game, NULL);
  g_assert_true (ludo_window_save_to_file (window, file, &error));
  g_assert_no_error (error);

  g_assert_true (ludo_test_open_file (window, file, &error));
  loaded = ludo_window_get_game (window);
  g_assert_true (loaded != game);
  g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, 3);
  g_assert_cmpuint (ludo_game_get_position (loaded), ==, 2);
  g_assert_true (ludo_game_can_redo (loaded));

  /* a bad file: an error dialog, and the game stays */
  g_assert_false (ludo_test_open_file (window, bad_file, &error));
  g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_ILLEGAL_MOVE);
  g_assert_true (ludo_window_get_game (window) == loaded);
  {
    AdwMessageDialog *dialog = ludo_test_find_message_dialog ();
    g_assert_nonnull (dialog);
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), says));
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
  g_remove (bad);
  g_remove (path);
  ludo_test_close_window (window);
}

/* ------------------------------------------------------------------------ */
/* Statistics                                                                */

typedef struct {
  const char *game_id;
  const char *seats;
  guint       total;
} Counted;

static guint
count_in_file (const char *game_id,
               const char *seats)
{
  g_autofree char *path = ludo_stats_default_path ();
  g_autoptr(LudoStats) stats = ludo_stats_load (path, NULL);
  g_autoptr(GPtrArray) modes = stats ? ludo_stats_get_modes (stats, game_id) : NULL;

  for (guint i = 0; modes && i < modes->len; i++)
    {
      LudoStatsMode *mode = modes->pdata[i];
      if (g_str_equal (mode->seats, seats))
        return ludo_stats_mode_total (mode);
    }
  return 0;
}

static gboolean
is_counted (gpointer data)
{
  Counted *counted = data;

  return count_in_file (counted->game_id, counted->seats) == counted->total;
}

static LudoStatsWindow *
find_stats_window (void)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (LUDO_IS_STATS_WINDOW (l->data))
      return l->data;
  return NULL;
}

/* The game whose statistics are looked at. */
static const char *stats_game;

static gboolean
stats_text_has (gpointer data)
{
  LudoStatsWindow *stats = find_stats_window ();
  g_autofree char *text = stats ? ludo_stats_window_get_text (stats, stats_game) : NULL;

  return text && strstr (text, data) != NULL;
}

/* The first game of the registry whose sample is won, between two seats,
 * by the seat that played its last move. */
static LudoGame *
won_sample (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      LudoGame *sample = ludo_test_load_sample (games[g]->id);
      guint n = ludo_game_get_n_moves (sample);
      LudoOutcome outcome;

      ludo_game_get_outcome_at (sample, n, &outcome);
      if (ludo_game_get_n_seats (sample) == 2 && outcome.kind == LUDO_RESULT_WIN &&
          outcome.winner == ludo_game_get_move_seat (sample, n - 1))
        return sample;
      g_object_unref (sample);
    }
  g_error ("no game's sample is won by its last move");
}

/* Games played to their end here are counted, once each, by mode and
 * result; the Statistics window shows them and resets a game's counts.
 * A finished game opened from a file is not counted again. (The first game
 * whose sample is won by its last move, played again by a person and the
 * computer.) */
static void
test_statistics (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) finished = won_sample ();
  const char *id = ludo_game_get_id (finished);
  guint n = ludo_game_get_n_moves (finished);
  int person = ludo_game_get_move_seat (finished, n - 1);
  g_autoptr(LudoGame) game = ludo_game_new (id, g_variant_ref (ludo_game_get_options (finished)), NULL);
  g_autoptr(LudoGame) demo = new_game (id, LUDO_SEAT_COMPUTER, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY);
  g_autofree char *people_mode = NULL, *computers_mode = NULL, *other_mode = NULL;
  const char *other_id = nth_game (g_str_equal (nth_game (0)->id, id) ? 1 : 0)->id;
  g_autofree char *other_path = ludo_test_game_sample (other_id);
  g_autoptr(GFile) other_file = g_file_new_for_path (other_path);
  Counted people, computers;
  LudoStatsWindow *stats;
  LudoOutcome outcome;

  stats_game = id;
  ludo_game_set_seed (game, 7);
  ludo_game_set_seat (game, person, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, NULL);
  ludo_game_set_seat (game, 1 - person, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY, NULL);
  people_mode = ludo_stats_mode_of (game);
  computers_mode = ludo_stats_mode_of (demo);
  people = (Counted) { id, people_mode, 1 };
  computers = (Counted) { id, computers_mode, 1 };
  g_assert_cmpuint (count_in_file (id, people_mode), ==, 0);

  /* a person plays the saved game again against the computer, the last
   * move through the view */
  for (guint i = 0; i + 1 < n; i++)
    g_assert_true (ludo_game_play (game, ludo_game_get_move (finished, i), NULL));
  ludo_window_set_game (window, game, NULL);
  g_assert_true (ludo_game_view_play (ludo_window_get_view (window), ludo_game_get_move (finished, n - 1)));
  g_assert_true (ludo_game_is_over (game));
  ludo_test_wait_until (is_counted, &people, 20);

  /* undone and ended again: the same game, not counted twice */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (ludo_game_view_play (ludo_window_get_view (window), ludo_game_get_move (finished, n - 1)));
  ludo_test_spin (300);
  g_assert_cmpuint (count_in_file (id, people_mode), ==, 1);

  /* the window: the mode, the count, the winner's share */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.statistics", NULL));
  stats = find_stats_window ();
  g_assert_nonnull (stats);
  ludo_game_get_outcome_at (game, n, &outcome);
  g_assert_cmpint (outcome.kind, ==, LUDO_RESULT_WIN);
  g_assert_cmpint (outcome.winner, ==, person);
  {
    g_autofree char *text = ludo_stats_window_get_text (stats, id);
    g_autofree char *winner = g_strdup_printf ("Player %d wins\nPerson\n1 (100 %%)", outcome.winner + 1);

    g_assert_nonnull (strstr (text, person == 1 ? "Computer (Easy) against Person" : "Person against Computer (Easy)"));
    g_assert_nonnull (strstr (text, "1 finished game\n"));
    g_assert_nonnull (strstr (text, winner));
    g_assert_nonnull (strstr (text, "Draws\n0 (0 %)"));
    /* and the places: the person first, once */
    g_autofree char *first = g_strdup_printf ("Player %d\nPerson — place 1: 1\n%s: %g", outcome.winner + 1,
                                              ludo_game_get_score_name (game), outcome.score[person]);
    g_assert_nonnull (strstr (text, "Places and scores in 1 game\n"));
    ludo_test_assert_contains (text, first);
  }

  /* the computer against itself, while the window is open: it shows it */
  ludo_window_set_game (window, demo, NULL);
  ludo_test_wait_until (ludo_test_game_over, demo, 60);
  ludo_test_wait_until (is_counted, &computers, 20);
  ludo_test_wait_until (stats_text_has, (gpointer) "Computer (Easy) against Computer (Easy)", 20);

  /* a finished game from a file (another game's sample) is not a game
   * finished here */
  {
    g_autoptr(LudoGame) other = ludo_test_load (other_path);
    other_mode = ludo_stats_mode_of (other);
  }
  g_assert_true (ludo_test_open_file (window, other_file, NULL));
  ludo_test_spin (300);
  g_assert_cmpuint (count_in_file (other_id, other_mode), ==, 0);

  /* reset, after a confirmation */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (stats), "stats.reset", "s", id));
  {
    AdwMessageDialog *dialog = ludo_test_find_message_dialog ();
    g_assert_nonnull (dialog);
    adw_message_dialog_response (dialog, "reset");
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
  g_assert_cmpuint (count_in_file (id, people_mode), ==, 0);
  g_assert_true (stats_text_has ((gpointer) "No Finished Games Yet"));

  gtk_window_destroy (GTK_WINDOW (stats));
  ludo_test_close_window (window);
}

/* The Ludoteka windows of the application. */
static GPtrArray *
app_windows (void)
{
  GPtrArray *out = g_ptr_array_new ();

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (LUDO_IS_WINDOW (l->data))
      g_ptr_array_add (out, l->data);
  return out;
}

static gboolean
all_windows_have_games (gpointer data)
{
  g_autoptr(GPtrArray) windows = app_windows ();

  if (windows->len != GPOINTER_TO_UINT (data))
    return FALSE;
  for (guint i = 0; i < windows->len; i++)
    if (ludo_window_get_game (windows->pdata[i]) == NULL)
      return FALSE;
  return TRUE;
}

/* Files opened from outside (a file manager, a second "ludoteka FILE"):
 * each in a window of its own, a blank window used first, a file already
 * shown brought forward rather than opened twice. (A game of the first
 * game of the registry, and the second's sample.) */
static void
test_open_windows (void)
{
  LudoWindow *blank = new_window ();
  g_autoptr(LudoGame) game = people_game ();
  g_autofree char *path1 = g_build_filename (tmpdir, "one.ludoteka", NULL);
  g_autofree char *path2 = ludo_test_game_sample (nth_game (1)->id);
  g_autoptr(GFile) file1 = g_file_new_for_path (path1);
  g_autoptr(GFile) file2 = g_file_new_for_path (path2);
  GFile *files[] = { file1, file2 };
  g_autoptr(GPtrArray) windows = NULL;

  g_assert_true (ludo_save_write (game, path1, NULL));
  g_assert_true (ludo_window_is_blank (blank));
  g_application_open (G_APPLICATION (app), files, 2, "");
  ludo_test_wait_until (all_windows_have_games, GUINT_TO_POINTER (2), 20);
  windows = app_windows ();
  g_assert_true (g_ptr_array_find (windows, blank, NULL));
  g_assert_false (ludo_window_is_blank (blank));
  for (guint i = 0; i < 2; i++)
    {
      LudoWindow *window = windows->pdata[i];
      const char *id = ludo_game_get_id (ludo_window_get_game (window));
      GFile *shown = ludo_window_get_file (window);

      g_assert_true (g_file_equal (shown, g_str_equal (id, nth_game (0)->id) ? file1 : file2));
    }
  /* each window plays its own game */
  g_assert_true (ludo_window_get_game (windows->pdata[0]) != ludo_window_get_game (windows->pdata[1]));

  /* the same file again: no third window */
  g_application_open (G_APPLICATION (app), files, 1, "");
  ludo_test_spin (200);
  g_clear_pointer (&windows, g_ptr_array_unref);
  windows = app_windows ();
  g_assert_cmpuint (windows->len, ==, 2);

  for (guint i = 0; i < windows->len; i++)
    ludo_test_close_window (windows->pdata[i]);
  g_remove (path1);
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
 * XML forbids: shown as they are (on the privacy screen of the first game
 * with secrets), saved, read back. (A Gtk warning about markup is fatal
 * here.) */
static void
test_markup_names (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = ludo_game_new (ludo_test_find_game (ludo_test_has_secrets)->id, NULL, NULL);
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
  g_assert_cmpuint (ludo_test_play_some (game, 1), ==, 1);
  ludo_test_spin (20);

  g_assert_true (ludo_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  for (int i = 0; i < 50 && !toast_seen; i++)
    {
      ludo_test_spin (10);
      toast_seen = find_label_text (GTK_WIDGET (window), "Saved as “Tom & Jerry <1>.ludoteka”");
    }
  g_assert_true (toast_seen);

  g_assert_true (ludo_test_open_file (window, file, &error));
  g_assert_no_error (error);
  loaded = ludo_window_get_game (window);
  g_assert_true (loaded != game);
  g_assert_cmpstr (ludo_game_get_seat_name (loaded, 0), ==, "Tom & <Jerry> _1");
  g_assert_cmpstr (ludo_game_get_seat_name (loaded, 1), ==, "Anne &amp;");
  ludo_test_spin (20);
  g_remove (path);
  ludo_test_close_window (window);
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
  g_autoptr(LudoGame) game = people_game ();
  g_autofree char *path = g_build_filename (tmpdir, "attributes.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GString) text = g_string_new (NULL);
  LudoTestOpening opened;
  guint ticks = 0, tick;
  gint64 start;

  g_string_printf (text, "<?xml version=\"1.0\"?>\n<ludoteka version=\"1\" game=\"%s\">\n<info", nth_game (0)->id);
  for (int i = 0; i < 300000; i++)
    g_string_append_printf (text, " a%d=\"\"", i);
  g_string_append (text, "/>\n<seats>");
  for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
    g_string_append (text, "<seat kind=\"human\"/>");
  g_string_append (text, "</seats><moves position=\"0\"/></ludoteka>\n");
  g_assert_cmpuint (text->len, <, LUDO_SAVE_MAX_BYTES);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));

  ludo_window_set_game (window, game, NULL);
  tick = g_timeout_add (1, tick_cb, &ticks);
  start = g_get_monotonic_time ();
  ludo_test_open_file_begin (window, file, &opened);
  ludo_test_open_file_wait (&opened);
  g_test_message ("300,000 attributes refused in %.3f s, %u main loop ticks meanwhile",
                  (g_get_monotonic_time () - start) / 1e6, ticks);
  g_source_remove (tick);

  g_assert_false (opened.ok);
  g_assert_error (opened.error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TOO_LARGE);
  g_clear_error (&opened.error);
  g_assert_true (ludo_window_get_game (window) == game);
  {
    AdwMessageDialog *dialog = ludo_test_find_message_dialog ();
    g_assert_nonnull (dialog);
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "more than 64 attributes"));
    gtk_window_destroy (GTK_WINDOW (dialog));
  }

  /* a file asked for and then given up for a new game is not shown */
  {
    g_autofree char *good = ludo_test_game_sample (nth_game (1)->id);
    g_autoptr(GFile) good_file = g_file_new_for_path (good);
    LudoTestOpening late;
    g_autoptr(LudoGame) other = people_game ();

    ludo_test_open_file_begin (window, good_file, &late);
    ludo_window_set_game (window, other, NULL);
    ludo_test_open_file_wait (&late);
    g_clear_error (&late.error);
    ludo_test_spin (50);
    g_assert_true (ludo_window_get_game (window) == other);
  }
  g_remove (path);
  ludo_test_close_window (window);
}

/* The row that offers an unfinished game of the first game of the
 * registry, once it is shown (the games' own rows are plain preferences
 * rows). */
static GtkWidget *
resume_offered (LudoWindow *window)
{
  g_autoptr(GPtrArray) rows = ludo_test_find_all (GTK_WIDGET (window), ADW_TYPE_ACTION_ROW);

  for (guint i = 0; i < rows->len; i++)
    if (gtk_widget_get_mapped (rows->pdata[i]) &&
        g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), nth_game (0)->name) == 0)
      return rows->pdata[i];
  return NULL;
}

static gboolean
has_resume_offer (gpointer data)
{
  return resume_offered (data) != NULL;
}

static char *
autosave_path (LudoWindow *window)
{
  g_autofree char *folder = ludo_autosave_get_folder ();
  g_autofree char *name = g_strconcat (ludo_session_get_autosave_id (ludo_window_get_session (window)),
                                       ".ludoteka", NULL);

  return g_build_filename (folder, name, NULL);
}

static gboolean
file_exists (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

/* A window closed on an unfinished game keeps it; the next start offers
 * it on the chooser, and resumes it in the same autosave. */
static void
test_autosave (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(LudoGame) game = people_game ();
  g_autofree char *path = NULL;
  g_autofree char *again = NULL;
  LudoWindow *second;

  ludo_window_set_game (window, game, NULL);
  g_assert_cmpuint (ludo_test_play_some (game, 1), ==, 1);
  path = autosave_path (window);
  ludo_test_wait_until (file_exists, path, 20);
  ludo_test_close_window (window);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  second = new_window ();
  ludo_window_find_unfinished (second);
  ludo_test_wait_until (has_resume_offer, second, 20);
  g_signal_emit_by_name (resume_offered (second), "activated");
  g_assert_nonnull (ludo_window_get_game (second));
  g_assert_cmpuint (ludo_game_get_n_moves (ludo_window_get_game (second)), ==, 1);
  again = autosave_path (second);
  g_assert_cmpstr (again, ==, path);
  ludo_test_close_window (second);
}

static gboolean
unfinished_listed (gpointer data)
{
  return ludo_window_get_unfinished (data) != NULL;
}

/* An autosave that cannot be read is not offered, and not lost either:
 * it is kept under another name for the next game not to overwrite. */
static void
test_autosave_unreadable (void)
{
  g_autofree char *folder = ludo_autosave_get_folder ();
  g_autofree char *dir = g_path_get_dirname (folder);
  g_autofree char *path = g_build_filename (folder, "0badc0de-0000-4000-8000-000000000000.ludoteka", NULL);
  g_autofree char *broken = g_strdup_printf ("<ludoteka version=\"1\" game=\"%s\"><seats>", nth_game (0)->id);
  LudoWindow *window;
  gboolean kept = FALSE;

  g_mkdir_with_parents (folder, 0700);
  g_assert_true (g_file_set_contents (path, broken, -1, NULL));
  window = new_window ();
  ludo_window_find_unfinished (window);
  ludo_test_wait_until (unfinished_listed, window, 20);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  /* (the other tests' unfinished games are offered) */
  for (guint i = 0; i < ludo_window_get_unfinished (window)->len; i++)
    {
      LudoAutosaveEntry *entry = ludo_window_get_unfinished (window)->pdata[i];
      g_assert_false (g_str_has_prefix (entry->id, "0badc0de"));
    }
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
  ludo_test_close_window (window);
}

/* Every control has a name for assistive technology: on the chooser, and
 * for every game, a person against the computer, after two of the
 * person's moves through the view with the side panel open. */
static void
test_accessible_names (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  {
    LudoWindow *window = new_window ();
    ludo_test_check_names (GTK_WIDGET (window));
    ludo_test_close_window (window);
  }
  for (guint g = 0; g < n_games; g++)
    {
      LudoWindow *window = new_window ();
      g_autoptr(LudoGame) game = new_game (games[g]->id, LUDO_SEAT_HUMAN, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY);

      g_test_message ("%s", games[g]->id);
      ludo_window_set_game (window, game, NULL);
      g_object_set (window, "side-panel", TRUE, NULL);
      for (guint k = 0; k < 2; k++)
        {
          g_autofree char *move = NULL;
          guint n;

          ludo_test_wait_until (ludo_test_not_thinking, window, 30);
          g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);
          n = ludo_game_get_n_moves (game);
          move = ludo_test_some_move (game, k);
          g_assert_true (ludo_game_view_play (ludo_window_get_view (window), move));
          ludo_test_wait_until (ludo_test_not_thinking, window, 30);
          g_assert_cmpuint (ludo_game_get_n_moves (game), >, n + 1);
        }
      ludo_test_check_names (GTK_WIDGET (window));
      ludo_test_close_window (window);
    }
}

/* Every game's board draws, after a few moves: at least 300 px each way,
 * and not of one colour (1 % of the pixels at least are not the first's).
 * The suite's high-contrast run draws them again there. */
static void
test_snapshot (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  ludo_test_check_high_contrast ();
  for (guint g = 0; g < n_games; g++)
    {
      LudoWindow *window = new_window ();
      g_autoptr(LudoGame) game = new_game (games[g]->id, LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);
      g_autofree guchar *pixels = NULL;
      int w, h, differ = 0;

      g_assert_cmpuint (ludo_test_play_some (game, 6), >, 0);
      ludo_window_set_game (window, game, NULL);
      if (ludo_window_privacy_shown (window))
        ludo_test_show_board (window);
      ludo_test_spin (200);
      pixels = ludo_test_render_view (window, &w, &h);
      for (int i = 1; i < w * h; i++)
        differ += memcmp (pixels + 4 * i, pixels, 4) != 0;
      g_test_message ("%s: %d×%d, %d pixels not the first's", games[g]->id, w, h, differ);
      g_assert_cmpint (differ, >, w * h / 100);
      ludo_test_close_window (window);
    }
}

/* ------------------------------------------------------------------------ */
/* Export from the window                                                    */

/* The menu's exports: the moves up to the position shown, with no secret
 * the screen would not show, and the board as it is shown, in a replay.
 * (The first game with secrets, a person against the computer, one move
 * each: the computer's is the person's to find.) */
static void
test_window_export (void)
{
  LudoWindow *window = new_window ();
  const LudoGameInfo *info = ludo_test_find_game (ludo_test_has_secrets);
  g_autoptr(LudoGame) game = new_game (info->id, LUDO_SEAT_HUMAN, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY);
  g_autofree char *text_path = g_build_filename (tmpdir, "moves.txt", NULL);
  g_autofree char *png_path = g_build_filename (tmpdir, "board.png", NULL);
  g_autoptr(GFile) text_file = g_file_new_for_path (text_path);
  g_autoptr(GFile) png_file = g_file_new_for_path (png_path);
  g_autofree char *hidden = NULL, *shown = NULL, *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (ludo_test_play_some (game, 2), ==, 2);
  g_assert_cmpint (ludo_game_get_move_seat (game, 1), ==, 1);
  g_assert_true (ludo_game_move_is_secret (game, 1, 2));
  ludo_window_set_game (window, game, NULL);
  ludo_test_wait_until (ludo_test_not_thinking, window, 30);
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (window)));

  /* the computer's code is the person's to find: not in the text */
  shown = ludo_game_describe_move (game, 0, 0);
  hidden = ludo_game_describe_move (game, 1, LUDO_VIEWER_ALL);
  g_assert_true (ludo_window_export_moves (window, text_file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (text_path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, info->name));
  g_assert_nonnull (strstr (text, shown));
  g_assert_null (strstr (text, hidden));

  /* the board from the replay, at the start */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.replay", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-first", NULL));
  g_assert_true (ludo_export_view_wait_drawn (GTK_WIDGET (ludo_window_get_view (window)), 10000, &error));
  g_assert_true (ludo_export_view_save (GTK_WIDGET (ludo_window_get_view (window)), png_file, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GdkTexture) texture = gdk_texture_new_from_file (png_file, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_texture_get_width (texture), ==,
                     gtk_widget_get_width (GTK_WIDGET (ludo_window_get_view (window))));
  }
  g_remove (text_path);
  g_remove (png_path);
  ludo_test_close_window (window);
}

/* ------------------------------------------------------------------------ */
/* Preferences                                                               */

static GtkWidget *
find_named (GtkWidget  *root,
            GType       type,
            const char *name)
{
  g_autoptr(GPtrArray) all = ludo_test_find_all (root, type);

  for (guint i = 0; i < all->len; i++)
    if (g_str_equal (gtk_widget_get_name (all->pdata[i]), name))
      return all->pdata[i];
  return NULL;
}

static LudoPreferencesWindow *
find_preferences_window (void)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (LUDO_IS_PREFERENCES_WINDOW (l->data))
      return l->data;
  return NULL;
}

/* The first game of the registry whose view can turn its board round (a
 * "flipped" property). */
static const LudoGameInfo *
turning_game (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = ludo_game_new (games[g]->id, NULL, NULL);
      g_autoptr(LudoGameView) view = g_object_ref_sink (ludo_game_view_new_for_game (game));
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (view), "flipped");

      if (pspec && pspec->value_type == G_TYPE_BOOLEAN && (pspec->flags & G_PARAM_WRITABLE))
        return games[g];
    }
  g_error ("no game's view turns its board");
}

static gboolean
view_flipped (LudoWindow *window)
{
  gboolean flipped = FALSE;

  g_object_get (ludo_window_get_view (window), "flipped", &flipped, NULL);
  return flipped;
}

/* Each choice of the Preferences window is saved at once and followed by
 * the game windows: the seats and options of the next game (of the first
 * game of the registry), the board's orientation (of the first game whose
 * view turns), the replay speed, the question before a game in progress
 * is abandoned. */
static void
test_preferences (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  const LudoGameInfo *turning = turning_game ();
  const char *next_id = nth_game (g_str_equal (nth_game (0)->id, turning->id) ? 1 : 0)->id;
  g_autoptr(LudoGame) chess = new_game (turning->id, LUDO_SEAT_COMPUTER, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);
  LudoPreferencesWindow *prefs;
  GtkWindow *dialog;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  prefs = find_preferences_window ();
  g_assert_nonnull (prefs);

  /* the next game: the computer at Hard as player 2 */
  ludo_preferences_window_show_game (prefs, next_id);
  adw_combo_row_set_selected (ADW_COMBO_ROW (find_named (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, "Player 2")), 3);
  {
    g_autoptr(GVariant) seats = g_settings_get_value (settings, "seats");
    g_autoptr(GVariant) game_seats = g_variant_lookup_value (seats, next_id, G_VARIANT_TYPE ("as"));
    const char *second;

    g_assert_nonnull (game_seats);
    g_variant_get_child (game_seats, 1, "&s", &second);
    g_assert_cmpstr (second, ==, "hard");
  }
  dialog = ludo_window_new_game_dialog (window, next_id);
  {
    g_autoptr(LudoGame) next = ludo_new_game_dialog_build_game (LUDO_NEW_GAME_DIALOG (dialog));
    g_assert_cmpint (ludo_game_get_seat_kind (next, 1), ==, LUDO_SEAT_COMPUTER);
    g_assert_cmpint (ludo_game_get_seat_level (next, 1), ==, LUDO_LEVEL_HARD);
  }
  gtk_window_destroy (dialog);

  /* a person playing the second seat against the computer sees that side
   * at the bottom */
  g_settings_set_boolean (settings, "confirm-abandon", TRUE);
  g_settings_set_string (settings, "board-orientation", "person");
  ludo_window_set_game (window, chess, NULL);
  ludo_test_wait_until (ludo_test_not_thinking, window, 30);
  g_assert_true (view_flipped (window));
  g_settings_set_string (settings, "board-orientation", "first");
  g_assert_false (view_flipped (window));
  g_settings_set_string (settings, "board-orientation", "person");

  /* the replay bar follows the speed chosen there */
  g_settings_set_uint (settings, "replay-speed", 3);
  {
    g_autoptr(GPtrArray) bars = ludo_test_find_all (GTK_WIDGET (window), LUDO_TYPE_REPLAY_BAR);
    g_assert_cmpuint (ludo_replay_bar_get_speed (bars->pdata[0]), ==, 3);
  }
  g_settings_reset (settings, "replay-speed");

  /* a new game over the unfinished one: asked first, kept on Cancel */
  g_assert_cmpuint (ludo_game_get_n_moves (chess), >, 0);
  dialog = ludo_window_new_game_dialog (window, next_id);
  ludo_new_game_dialog_start (LUDO_NEW_GAME_DIALOG (dialog));
  {
    AdwMessageDialog *question = ludo_test_find_message_dialog ();
    g_assert_nonnull (question);
    adw_message_dialog_response (question, "cancel");
    gtk_window_destroy (GTK_WINDOW (question));
  }
  g_assert_true (ludo_window_get_game (window) == chess);
  dialog = ludo_window_new_game_dialog (window, next_id);
  ludo_new_game_dialog_start (LUDO_NEW_GAME_DIALOG (dialog));
  {
    AdwMessageDialog *question = ludo_test_find_message_dialog ();
    g_assert_nonnull (question);
    adw_message_dialog_response (question, "abandon");
    gtk_window_destroy (GTK_WINDOW (question));
  }
  g_assert_cmpstr (ludo_game_get_id (ludo_window_get_game (window)), ==, next_id);

  /* switched off there: no question */
  {
    g_autoptr(GPtrArray) switches = ludo_test_find_all (GTK_WIDGET (prefs), GTK_TYPE_SWITCH);
    g_assert_cmpuint (switches->len, ==, 1);
    gtk_switch_set_active (switches->pdata[0], FALSE);
  }
  g_assert_false (g_settings_get_boolean (settings, "confirm-abandon"));
  ludo_window_set_game (window, chess, NULL);
  dialog = ludo_window_new_game_dialog (window, next_id);
  ludo_new_game_dialog_start (LUDO_NEW_GAME_DIALOG (dialog));
  g_assert_null (ludo_test_find_message_dialog ());
  g_assert_cmpstr (ludo_game_get_id (ludo_window_get_game (window)), ==, next_id);

  g_settings_reset (settings, "confirm-abandon");
  g_settings_reset (settings, "board-orientation");
  g_settings_reset (settings, "seats");
  gtk_window_destroy (GTK_WINDOW (prefs));
  ludo_test_close_window (window);
}

/* A move shows itself: a piece slides from cell to cell, the cells it
 * changed fade from the old position to the new; not when the desktop
 * turns animations off, nor when the preferences say None; not after an
 * undo. (The first game whose view slides its pieces, two people, its
 * first move at the start that slides.) */
static void
test_move_animation (void)
{
  LudoWindow *window = new_window ();
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkSettings *gtk = gtk_widget_get_settings (GTK_WIDGET (window));
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);
  g_autoptr(LudoGame) game = NULL;
  g_autofree char *slide = NULL;
  LudoGameView *view = NULL;

  g_object_set (gtk, "gtk-enable-animations", TRUE, NULL);
  g_settings_set_uint (settings, "animation-speed", 1);   /* slow: 600 ms */
  for (guint g = 0; g < n_games && slide == NULL; g++)
    {
      g_auto(GStrv) moves = NULL;

      g_clear_object (&game);
      game = new_game (games[g]->id, LUDO_SEAT_HUMAN, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY);
      ludo_window_set_game (window, game, NULL);
      view = ludo_window_get_view (window);
      if (LUDO_GAME_VIEW_GET_CLASS (view)->collect_slides == NULL)
        continue;
      ludo_test_spin (200);   /* drawn once: the cells have a picture to change from */
      moves = ludo_game_legal_moves (game);
      for (guint i = 0; moves && moves[i] && slide == NULL; i++)
        {
          g_assert_true (ludo_game_view_play (view, moves[i]));
          if (ludo_game_view_get_n_slides (view) > 0)
            slide = g_strdup (moves[i]);
          else
            {
              g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
              ludo_test_wait_until (ludo_test_board_still, window, 10);
            }
        }
    }
  g_assert_nonnull (slide);
  g_test_message ("%s: %s slides", ludo_game_get_id (game), slide);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
  g_assert_cmpuint (ludo_game_view_get_n_slides (view), ==, 1);
  g_assert_cmpuint (ludo_test_count_animating (view), >=, 1);   /* the cell under it */
  {
    /* on its way: the picture changes from frame to frame */
    g_autofree guchar *first = NULL, *later = NULL;
    int w, h, w2, h2;
    ludo_test_spin (60);
    first = ludo_test_render_view (window, &w, &h);
    ludo_test_spin (120);
    if (ludo_game_view_get_n_slides (view) > 0)
      {
        later = ludo_test_render_view (window, &w2, &h2);
        g_assert_true (w == w2 && h == h2 && memcmp (first, later, 4 * w * h) != 0);
      }
  }
  ludo_test_wait_until (ludo_test_board_still, window, 10);

  /* an undo jumps back */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (ludo_test_count_animating (view), ==, 0);
  ludo_test_spin (100);

  g_object_set (gtk, "gtk-enable-animations", FALSE, NULL);
  g_assert_true (ludo_game_view_play (view, slide));
  g_assert_cmpuint (ludo_test_count_animating (view), ==, 0);
  g_object_set (gtk, "gtk-enable-animations", TRUE, NULL);

  g_settings_set_uint (settings, "animation-speed", 0);
  ludo_test_spin (100);
  {
    g_autofree char *answer = ludo_test_some_move (game, 0);
    g_assert_true (ludo_game_view_play (view, answer));
  }
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 2);
  g_assert_cmpuint (ludo_test_count_animating (view), ==, 0);
  g_assert_cmpuint (ludo_game_view_get_n_slides (view), ==, 0);
  g_settings_reset (settings, "animation-speed");
  ludo_test_close_window (window);
}

/* The shortcuts window: not built with the window, built once when asked
 * for (Ctrl+? is bound), shown over its window, and gone with it. */
static GtkWidget *
find_shortcuts_window (LudoWindow *window)
{
  return GTK_WIDGET (ludo_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW, GTK_WINDOW (window)));
}

static void
test_shortcuts_window (void)
{
  LudoWindow *window = new_window ();
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay");
  g_autoptr(GPtrArray) shortcuts = NULL;
  GLogLevelFlags old_fatal;
  GtkWidget *shown;

  ludo_test_spin (50);
  g_assert_null (find_shortcuts_window (window));
  g_assert_true (g_strv_contains ((const char * const *) accels, "<Control>question"));

  /* GTK 4.8's own shortcuts window warns as it lays itself out (a label
   * of it measures -3 px wide): not fatal here, the rest still is */
  old_fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  ludo_test_spin (100);
  shown = find_shortcuts_window (window);
  g_assert_nonnull (shown);
  g_assert_true (gtk_widget_get_visible (shown));
  shortcuts = ludo_test_find_all (shown, GTK_TYPE_SHORTCUTS_SHORTCUT);
  g_assert_cmpuint (shortcuts->len, >=, 20);

  /* closed, it is kept for the next time */
  gtk_window_close (GTK_WINDOW (shown));
  ludo_test_spin (20);
  g_assert_false (gtk_widget_get_visible (shown));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  g_assert_true (find_shortcuts_window (window) == shown);

  ludo_test_spin (100);
  g_log_set_always_fatal (old_fatal);

  ludo_test_close_window (window);
  ludo_test_spin (20);
  g_assert_null (ludo_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW, NULL));
}

/* ------------------------------------------------------------------------ */
/* Large text and high contrast                                              */

/* A label that cuts its text short (ellipsized), anywhere in widget. */
static GtkWidget *
find_cut_label (GtkWidget *widget)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (GTK_IS_LABEL (widget) && gtk_label_get_ellipsize (GTK_LABEL (widget)) != PANGO_ELLIPSIZE_NONE)
    {
      PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (widget));
      if (pango_layout_is_ellipsized (layout))
        return widget;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *cut = find_cut_label (c);
      if (cut)
        return cut;
    }
  return NULL;
}

/* Every game's board with text half as large again (GNOME's Large Text),
 * and in high contrast when the suite runs with ADW_DEBUG_HIGH_CONTRAST:
 * the window still fits a 1280×1024 screen, no text of the board or the
 * status line is cut short, and the keyboard focus shows on the board. */
static void
test_look (void)
{
  GtkSettings *gtk = gtk_settings_get_default ();
  int dpi = 0;
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  ludo_test_check_high_contrast ();
  g_object_get (gtk, "gtk-xft-dpi", &dpi, NULL);
  g_object_set (gtk, "gtk-xft-dpi", (int) (96 * 1.5 * 1024), NULL);

  for (guint g = 0; g < n_games; g++)
    {
      LudoWindow *window = new_window ();
      g_autoptr(LudoGame) game = ludo_game_new (games[g]->id, NULL, NULL);
      g_autofree guchar *before = NULL, *after = NULL;
      g_autoptr(GPtrArray) cells = NULL;
      GtkWidget *cut, *cell = NULL;
      int min_w, min_h, w, h, w2, h2, differ = 0;

      for (guint i = 0; i < ludo_game_get_n_seats (game); i++)
        ludo_game_set_seat (game, i, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, NULL);
      ludo_window_set_game (window, game, NULL);
      if (ludo_window_privacy_shown (window))
        {
          GtkWidget *show = NULL;
          g_autoptr(GPtrArray) buttons = ludo_test_find_all (GTK_WIDGET (window), GTK_TYPE_BUTTON);
          for (guint i = 0; i < buttons->len && !show; i++)
            if (gtk_widget_get_mapped (buttons->pdata[i]) && gtk_widget_has_css_class (buttons->pdata[i], "pill"))
              show = buttons->pdata[i];
          g_assert_nonnull (show);
          g_signal_emit_by_name (show, "clicked");
        }
      gtk_window_set_default_size (GTK_WINDOW (window), 1280, 1024);
      ludo_test_spin (300);

      gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
      gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, min_w, &min_h, NULL, NULL, NULL);
      g_test_message ("%s with large text: at least %d×%d", games[g]->id, min_w, min_h);
      if (min_w > 1280 || min_h > 1024)
        g_error ("%s: with large text the window needs %d×%d", games[g]->id, min_w, min_h);

      cut = find_cut_label (GTK_WIDGET (window));
      if (cut)
        g_error ("%s: with large text “%s” is cut short", games[g]->id, gtk_label_get_text (GTK_LABEL (cut)));

      /* the focus on the board: a cell drawn otherwise with it */
      cells = ludo_test_find_all (GTK_WIDGET (ludo_window_get_view (window)), LUDO_TYPE_CELL);
      for (guint i = 0; i < cells->len && !cell; i++)
        if (gtk_widget_get_focusable (cells->pdata[i]) && gtk_widget_get_mapped (cells->pdata[i]))
          cell = cells->pdata[i];
      g_assert_nonnull (cell);
      gtk_window_set_focus (GTK_WINDOW (window), NULL);
      ludo_test_spin (100);
      before = ludo_test_render_view (window, &w, &h);
      gtk_widget_grab_focus (cell);
      gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
      ludo_test_spin (100);
      after = ludo_test_render_view (window, &w2, &h2);
      g_assert_cmpint (w, ==, w2);
      g_assert_cmpint (h, ==, h2);
      for (int i = 0; i < w * h * 4; i++)
        differ += before[i] != after[i];
      g_test_message ("%s: the focus changes %d bytes", games[g]->id, differ);
      g_assert_cmpint (differ, >, 100);
      /* GTK stops showing the focus 3 s after the last key: the board's
       * cursor stays */
      gtk_window_set_focus_visible (GTK_WINDOW (window), FALSE);
      ludo_test_spin (100);
      {
        g_autofree guchar *later = ludo_test_render_view (window, &w2, &h2);
        g_assert_cmpint (w * h, ==, w2 * h2);
        g_assert_cmpmem (later, w * h * 4, after, w * h * 4);
      }
      ludo_test_close_window (window);
    }
  g_object_set (gtk, "gtk-xft-dpi", dpi, NULL);
}

/* The rules of every game in all four languages, whatever the UI
 * language: each translation is its own; links between pages work. */
static void
test_rules_view (void)
{
  LudoRulesView *view = g_object_ref_sink (g_object_new (LUDO_TYPE_RULES_VIEW, NULL));
  const char * const *languages = ludo_rules_view_get_languages ();
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autofree char *english = NULL;

      ludo_rules_view_set_page (view, ludo_game_info_get_help_page (games[g]));
      for (guint i = 0; languages[i]; i++)
        {
          g_autofree char *text = NULL;

          ludo_rules_view_set_language (view, languages[i]);
          g_assert_cmpstr (ludo_rules_view_get_language (view), ==, languages[i]);
          text = ludo_rules_view_get_text (view);
          g_assert_cmpuint (strlen (text), >, 100);
          if (i == 0)
            english = g_steal_pointer (&text);
          else
            g_assert_cmpstr (text, !=, english);
        }
    }

  /* links between pages work: the index lists every game */
  ludo_rules_view_set_language (view, "C");
  ludo_rules_view_set_page (view, "index");
  {
    g_autofree char *text = ludo_rules_view_get_text (view);
    for (guint g = 0; g < n_games; g++)
      g_assert_nonnull (strstr (text, games[g]->name));
    g_assert_nonnull (strstr (text, "Undo, saving and replays"));
  }
  g_object_unref (view);
}

int
main (int    argc,
      char **argv)
{
  int status;

  tmpdir = ludo_test_init (&argc, &argv);
  app = ludo_test_app_new ();

  g_test_add_func ("/ui/games-plug-in", test_games_plug_in);
  g_test_add_func ("/ui/chooser", test_chooser);
  g_test_add_func ("/ui/new-game-dialog", test_new_game_dialog);
  g_test_add_func ("/ui/replay", test_replay);
  g_test_add_func ("/ui/review-graph", test_review_graph);
  g_test_add_func ("/ui/save-open", test_save_open);
  g_test_add_func ("/ui/open-hostile", test_open_hostile);
  g_test_add_func ("/ui/open-windows", test_open_windows);
  g_test_add_func ("/ui/statistics", test_statistics);
  g_test_add_func ("/ui/markup-names", test_markup_names);
  g_test_add_func ("/ui/autosave", test_autosave);
  g_test_add_func ("/ui/autosave-unreadable", test_autosave_unreadable);
  g_test_add_func ("/ui/accessible-names", test_accessible_names);
  g_test_add_func ("/ui/snapshot", test_snapshot);
  g_test_add_func ("/ui/rules-view", test_rules_view);
  g_test_add_func ("/ui/preferences", test_preferences);
  g_test_add_func ("/ui/window-export", test_window_export);
  g_test_add_func ("/ui/move-animation", test_move_animation);
  g_test_add_func ("/ui/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/ui/look/large-text-and-focus", test_look);
  /* the suite's high-contrast run draws every board again there */
  if (g_getenv ("ADW_DEBUG_HIGH_CONTRAST"))
    g_test_add_func ("/ui/look/snapshot", test_snapshot);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
