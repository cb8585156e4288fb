/* test-rules-view.c — the rules pane never freezes its window: a save of
 * each game is opened, its rules shown and read to the end (every figure
 * drawn), in each language of the manual and from the game chooser, while
 * a high-priority tick measures the longest time the main loop did not
 * turn. The target is 0.2 s; the test fails over a generous bound
 * and prints what it measured. It draws with cairo (tests/meson.build):
 * the software GL of a virtual X server takes 0.1–0.3 s for a frame of a
 * large window on a busy machine, which is not the app's work. And the
 * figures fit the pane.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "app/ludo-application.h"
#include "app/ludo-rules-view.h"
#include "app/ludo-window.h"
#include "core/ludo-registry.h"
#include "core/ludo-save.h"
#include "ludo-ui-testing.h"

#if defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define UNDER_SANITIZER 1
# endif
#endif
#if defined(__SANITIZE_ADDRESS__)
# define UNDER_SANITIZER 1
#endif

/* The test's bound, in µs: the target's 0.2 s with room for a loaded
 * machine, and more under the sanitizers (several times slower) */
#ifdef UNDER_SANITIZER
# define STALL_BOUND (1500 * 1000)
#else
# define STALL_BOUND (500 * 1000)
#endif

static LudoApplication *app;
static char *tmpdir;

/* ------------------------------------------------------------------------ */
/* The meter: a tick at high priority every few ms; the longest gap between
 * two is the longest the window could not answer                           */

#define TICK_MS 4

typedef struct {
  guint  source;
  gint64 last;
  gint64 longest;
} Meter;

static gboolean
tick_cb (gpointer data)
{
  Meter *meter = data;
  gint64 now = g_get_monotonic_time ();

  meter->longest = MAX (meter->longest, now - meter->last);
  meter->last = now;
  return G_SOURCE_CONTINUE;
}

static void
meter_start (Meter *meter)
{
  meter->last = g_get_monotonic_time ();
  meter->longest = 0;
  meter->source = g_timeout_add_full (G_PRIORITY_HIGH, TICK_MS, tick_cb, meter, NULL);
}

/* The longest stall in µs, less the tick's own period. */
static gint64
meter_stop (Meter *meter)
{
  tick_cb (meter);
  g_source_remove (meter->source);
  return MAX (0, meter->longest - TICK_MS * 1000);
}

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

static LudoRulesView *
rules_view_of (LudoWindow *window)
{
  g_autoptr(GPtrArray) views = ludo_test_find_all (GTK_WIDGET (window), LUDO_TYPE_RULES_VIEW);

  g_assert_cmpuint (views->len, ==, 1);
  return views->pdata[0];
}

/* Reads the rules to the end as a person would, a screenful at a time, so
 * that every figure comes into sight, till the last one is drawn; FALSE if
 * the rules are not in sight (a window too narrow for the board and the
 * side panel folds it away). */
static gboolean
read_to_end (LudoRulesView *view)
{
  g_autoptr(GPtrArray) texts = ludo_test_find_all (GTK_WIDGET (view), GTK_TYPE_TEXT_VIEW);
  GtkAdjustment *adjustment;
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  g_assert_cmpuint (texts->len, ==, 1);
  adjustment = gtk_scrollable_get_vadjustment (texts->pdata[0]);
  gtk_adjustment_set_value (adjustment, 0);
  ludo_test_spin (50);
  if (!gtk_widget_get_mapped (GTK_WIDGET (view)))
    return FALSE;
  /* the text view lays its lines out a few at a time: the end is where
   * it is when the figures are all drawn */
  while (ludo_rules_view_get_n_pending (view) > 0)
    {
      double value = gtk_adjustment_get_value (adjustment);
      double end = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);

      if (!gtk_widget_get_mapped (GTK_WIDGET (view)))
        return FALSE;
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      /* and again from the top: lines laid out late may have moved a
       * figure above the part in sight */
      if (value >= end)
        gtk_adjustment_set_value (adjustment, 0);
      else
        gtk_adjustment_set_value (adjustment, MIN (end, value + gtk_adjustment_get_page_size (adjustment) * 0.8));
      ludo_test_spin (30);
    }
  ludo_test_spin (50);
  return TRUE;
}

/* A save of game in the test's folder. */
static GFile *
save_of (const LudoGameInfo *info)
{
  g_autoptr(LudoGame) game = ludo_game_new (info->id, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_strdup_printf ("%s/%s.ludoteka", tmpdir, info->id);

  g_assert_nonnull (game);
  g_assert_true (ludo_save_write (game, path, &error));
  g_assert_no_error (error);
  return g_file_new_for_path (path);
}

static void
report (const char *what,
        const char *game,
        gboolean    read,
        gint64      stall)
{
  g_test_message ("%s %s%s: longest main-loop stall %.3f s", what, game,
                  read ? ", its rules read to the end" : " (the rules out of sight)", stall / 1e6);
}

/* ------------------------------------------------------------------------ */
/* Tests                                                                     */

/* A save of each game opened in a new window with the side panel open (as
 * it was left), its rules shown and read to the end. */
static void
test_open_save (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(GFile) file = save_of (games[g]);
      LudoWindow *window = ludo_window_new (ADW_APPLICATION (app));
      g_autoptr(GError) error = NULL;
      LudoRulesView *view;
      Meter meter;
      gboolean read;
      gint64 stall;

      gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
      g_object_set (window, "side-panel", TRUE, NULL);
      gtk_window_present (GTK_WINDOW (window));
      ludo_test_spin (200);

      meter_start (&meter);
      g_assert_true (ludo_test_open_file (window, file, &error));
      g_assert_no_error (error);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-rules", NULL);
      view = rules_view_of (window);
      g_assert_cmpstr (ludo_rules_view_get_page (view), ==, ludo_game_info_get_help_page (games[g]));
      read = read_to_end (view);
      stall = meter_stop (&meter);
      report ("open a save of", games[g]->id, read, stall);
      g_assert_cmpint (stall, <, STALL_BOUND);

      gtk_window_destroy (GTK_WINDOW (window));
      ludo_test_spin (20);
    }
}

/* The game chooser's way: a new game of each kind in a window that shows
 * the chooser (the game page is built then). */
static void
test_chooser (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = ludo_game_new (games[g]->id, NULL, NULL);
      LudoWindow *window = ludo_window_new (ADW_APPLICATION (app));
      Meter meter;
      gboolean read;
      gint64 stall;

      gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
      g_object_set (window, "side-panel", TRUE, NULL);
      gtk_window_present (GTK_WINDOW (window));
      ludo_test_spin (200);

      meter_start (&meter);
      ludo_window_set_game (window, game, NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-rules", NULL);
      read = read_to_end (rules_view_of (window));
      stall = meter_stop (&meter);
      report ("new game from the chooser:", games[g]->id, read, stall);
      g_assert_cmpint (stall, <, STALL_BOUND);

      gtk_window_destroy (GTK_WINDOW (window));
      ludo_test_spin (20);
    }
}

/* Each game's rules in a pane of their own, read to the end in every
 * language of the manual in turn (the figures are the same in each: they
 * are not drawn again); then the same in a second pane. */
static void
test_languages (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);
  const char * const *languages = ludo_rules_view_get_languages ();

  for (guint g = 0; g < n_games; g++)
    for (guint pane = 0; pane < 2; pane++)
      {
        GtkWidget *window = gtk_window_new ();
        LudoRulesView *view = g_object_new (LUDO_TYPE_RULES_VIEW, NULL);

        gtk_window_set_default_size (GTK_WINDOW (window), 420, 800);
        gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
        gtk_window_present (GTK_WINDOW (window));
        ludo_test_spin (100);
        for (guint l = 0; languages[l]; l++)
          {
            g_autofree char *what = g_strdup_printf ("pane %u, rules in %s of", pane + 1, languages[l]);
            Meter meter;
            gint64 stall;

            meter_start (&meter);
            ludo_rules_view_set_language (view, languages[l]);
            ludo_rules_view_set_page (view, ludo_game_info_get_help_page (games[g]));
            g_assert_true (read_to_end (view));
            stall = meter_stop (&meter);
            report (what, games[g]->id, TRUE, stall);
            g_assert_cmpint (stall, <, STALL_BOUND);
          }
        gtk_window_destroy (GTK_WINDOW (window));
        ludo_test_spin (20);
      }
}

/* In a pane as narrow as the side panel, every figure of every game is
 * shown whole: one wider than the text is made smaller, keeping its
 * proportions. */
static void
test_figures_fit (void)
{
  guint n_games, n_figures = 0;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);
  GtkWidget *window = gtk_window_new ();
  LudoRulesView *view = g_object_new (LUDO_TYPE_RULES_VIEW, NULL);
  g_autoptr(GPtrArray) texts = ludo_test_find_all (GTK_WIDGET (view), GTK_TYPE_TEXT_VIEW);
  GtkTextView *text = texts->pdata[0];

  gtk_window_set_default_size (GTK_WINDOW (window), 340, 600);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  gtk_window_present (GTK_WINDOW (window));
  for (guint g = 0; g < n_games; g++)
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (text);
      GtkTextIter iter;
      int room;

      ludo_rules_view_set_page (view, ludo_game_info_get_help_page (games[g]));
      g_assert_true (read_to_end (view));
      room = gtk_widget_get_width (GTK_WIDGET (text)) - gtk_text_view_get_left_margin (text) -
             gtk_text_view_get_right_margin (text);
      g_assert_cmpint (room, >, 0);
      gtk_text_buffer_get_start_iter (buffer, &iter);
      do
        {
          GdkPaintable *figure = gtk_text_iter_get_paintable (&iter);

          if (figure == NULL)
            continue;
          n_figures++;
          g_assert_cmpint (gdk_paintable_get_intrinsic_width (figure), >, 0);
          g_assert_cmpint (gdk_paintable_get_intrinsic_width (figure), <=, room);
        }
      while (gtk_text_iter_forward_char (&iter));
    }
  g_test_message ("%u figures, each at most as wide as the text", n_figures);
  g_assert_cmpuint (n_figures, >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  ludo_test_spin (20);
}

/* Pages left before their figures are drawn, and a pane closed while
 * drawing: what was asked for is given up (under G_DEBUG=fatal-warnings
 * and the sanitizers, nothing is drawn into a figure or pane gone). */
static void
test_left_while_drawing (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);
  GtkWidget *window = gtk_window_new ();
  LudoRulesView *view = g_object_new (LUDO_TYPE_RULES_VIEW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 420, 800);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  gtk_window_present (GTK_WINDOW (window));
  for (guint g = 0; g < n_games; g++)
    {
      ludo_rules_view_set_page (view, ludo_game_info_get_help_page (games[g]));
      ludo_test_spin (5);
    }
  ludo_rules_view_set_page (view, "index");
  g_assert_cmpuint (ludo_rules_view_get_n_pending (view), ==, 0);
  ludo_rules_view_set_page (view, ludo_game_info_get_help_page (games[n_games - 1]));
  ludo_test_spin (5);
  gtk_window_destroy (GTK_WINDOW (window));
  ludo_test_spin (500);
}

int
main (int    argc,
      char **argv)
{
  int status;

  /* autosaves and saves go to a folder of the test's own */
  tmpdir = ludo_test_init (&argc, &argv);

  app = ludo_test_app_new ();

  g_test_add_func ("/rules-view/open-save", test_open_save);
  g_test_add_func ("/rules-view/chooser", test_chooser);
  g_test_add_func ("/rules-view/languages", test_languages);
  g_test_add_func ("/rules-view/figures-fit", test_figures_fit);
  g_test_add_func ("/rules-view/left-while-drawing", test_left_while_drawing);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
