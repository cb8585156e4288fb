/* test-layout.c — every game's board fits its window: for each game of the
 * registry, each set of its choices with every number at its largest (the
 * largest boards), beside the side pane and without it, at 800×600 and
 * 1024×768, in each language
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * It fails where a cell lies outside the drawing of its board (the two
 * are given different rectangles), where a cell is given less room than
 * it needs (the board squeezed smaller than its cells), where the window
 * must be larger than asked for, where a cell is out of the window and
 * not in a scrolled pane, where the keyboard focus is out of sight in a
 * board that scrolls, and where a label of the game page is cut short
 * with an ellipsis. The New Game dialogs and the shortcuts window are
 * looked at in each language too. It names no game.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "app/ludo-application.h"
#include "app/ludo-board.h"
#include "app/ludo-cell.h"
#include "app/ludo-game-view.h"
#include "app/ludo-window-private.h"
#include "core/ludo-registry.h"
#include "ludo-ui-testing.h"
#include "ludo-test-scale.h"

/* glibc reads LANGUAGE again only when this changes */
extern int _nl_msg_cat_cntr;

static LudoApplication *app;

static const char * const languages[] = { "en", "hu", "ru", "et" };
static const struct { int width, height; } sizes[] = { { 800, 600 }, { 1024, 768 } };

/* At a reduced scale (the quick suite): the longest language's words are
 * the ones that overflow, so Russian alone, at the smallest size. */
static guint
first_language (void)
{
  return ludo_test_is_reduced () ? 2 : 0;
}

static guint
n_languages (void)
{
  return ludo_test_is_reduced () ? 3 : G_N_ELEMENTS (languages);
}

static guint
n_sizes (void)
{
  return ludo_test_is_reduced () ? 1 : G_N_ELEMENTS (sizes);
}

typedef struct {
  const LudoGameInfo *info;
  int                 values[16];
} Case;

/* Where the test is, for the messages: "ID size=15 players=4, hu,
 * 800×600, side pane". */
static char *
describe (const Case *c,
          const char *language,
          int         width,
          int         height,
          gboolean    side_pane)
{
  GString *s = g_string_new (c->info->id);

  for (guint i = 0; i < c->info->n_options; i++)
    g_string_append_printf (s, " %s=%d", c->info->options[i].id, c->values[i]);
  g_string_append_printf (s, ", %s, %d×%d, %s", language, width, height,
                          side_pane ? "side pane" : "no side pane");
  return g_string_free (s, FALSE);
}

static void
set_language (const char *language)
{
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "");
  ++_nl_msg_cat_cntr;
}

static gboolean
bounds_in (GtkWidget *widget,
           GtkWidget *target,
           graphene_rect_t *bounds)
{
  return gtk_widget_compute_bounds (widget, target, bounds);
}

/* a inside b, give or take a pixel of rounding */
static gboolean
rect_inside (const graphene_rect_t *a,
             const graphene_rect_t *b)
{
  return a->origin.x >= b->origin.x - 1 && a->origin.y >= b->origin.y - 1 &&
         a->origin.x + a->size.width <= b->origin.x + b->size.width + 1 &&
         a->origin.y + a->size.height <= b->origin.y + b->size.height + 1;
}

/* The board a cell is laid on: its drawing and its cells in layers. */
static GtkWidget *
board_of (GtkWidget *cell,
          GtkWidget *view)
{
  for (GtkWidget *w = gtk_widget_get_parent (cell); w && w != view; w = gtk_widget_get_parent (w))
    if (LUDO_IS_BOARD (w) || GTK_IS_OVERLAY (w))
      return w;
  return NULL;
}

static void
check_cells (GtkWidget  *window,
             GtkWidget  *view,
             const char *where,
             GString    *faults)
{
  g_autoptr(GPtrArray) cells = ludo_test_find_all (view, LUDO_TYPE_CELL);
  graphene_rect_t window_bounds;
  guint n_checked = 0;

  g_assert_true (bounds_in (window, window, &window_bounds));
  for (guint i = 0; i < cells->len; i++)
    {
      GtkWidget *cell = cells->pdata[i];
      GtkWidget *board, *scroller;
      graphene_rect_t bounds;
      int min_width, min_height;

      if (!gtk_widget_get_mapped (cell))
        continue;
      n_checked++;
      g_assert_true (bounds_in (cell, window, &bounds));

      /* as large as it needs */
      gtk_widget_measure (cell, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
      gtk_widget_measure (cell, GTK_ORIENTATION_VERTICAL, -1, &min_height, NULL, NULL, NULL);
      if (gtk_widget_get_width (cell) < min_width || gtk_widget_get_height (cell) < min_height)
        g_string_append_printf (faults, "%s: the cell “%s” is %d×%d, smaller than the %d×%d it needs\n",
                                where, ludo_cell_get_label (LUDO_CELL (cell)),
                                gtk_widget_get_width (cell), gtk_widget_get_height (cell),
                                min_width, min_height);

      /* where its board is drawn */
      board = board_of (cell, view);
      if (board)
        for (GtkWidget *layer = gtk_widget_get_first_child (board); layer; layer = gtk_widget_get_next_sibling (layer))
          {
            graphene_rect_t drawn;

            if (!GTK_IS_DRAWING_AREA (layer) || !gtk_widget_get_mapped (layer))
              continue;
            g_assert_true (bounds_in (layer, window, &drawn));
            if (!rect_inside (&bounds, &drawn))
              g_string_append_printf (faults, "%s: the cell “%s” at %.0f,%.0f %.0f×%.0f lies outside "
                                      "its board's drawing at %.0f,%.0f %.0f×%.0f\n",
                                      where, ludo_cell_get_label (LUDO_CELL (cell)),
                                      bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
                                      drawn.origin.x, drawn.origin.y, drawn.size.width, drawn.size.height);
          }

      /* in the window, or in a pane that scrolls to it */
      scroller = gtk_widget_get_ancestor (cell, GTK_TYPE_SCROLLED_WINDOW);
      if (scroller == NULL && !rect_inside (&bounds, &window_bounds))
        g_string_append_printf (faults, "%s: the cell “%s” at %.0f,%.0f lies outside the %.0f×%.0f window\n",
                                where, ludo_cell_get_label (LUDO_CELL (cell)),
                                bounds.origin.x, bounds.origin.y,
                                window_bounds.size.width, window_bounds.size.height);
    }
  g_assert_cmpuint (n_checked, >, 0);

  /* a board's layers are one rectangle: a click lands where it is drawn */
  {
    g_autoptr(GPtrArray) boards = ludo_test_find_all (view, LUDO_TYPE_BOARD);

    for (guint i = 0; i < boards->len; i++)
      for (GtkWidget *layer = gtk_widget_get_first_child (boards->pdata[i]); layer;
           layer = gtk_widget_get_next_sibling (layer))
        if (gtk_widget_get_visible (layer) &&
            (gtk_widget_get_width (layer) != gtk_widget_get_width (boards->pdata[i]) ||
             gtk_widget_get_height (layer) != gtk_widget_get_height (boards->pdata[i])))
          g_string_append_printf (faults, "%s: a %s layer of a board is %d×%d, the board %d×%d\n",
                                  where, G_OBJECT_TYPE_NAME (layer),
                                  gtk_widget_get_width (layer), gtk_widget_get_height (layer),
                                  gtk_widget_get_width (boards->pdata[i]),
                                  gtk_widget_get_height (boards->pdata[i]));
  }
}

/* The place with the keyboard focus, in a board that scrolls, is in sight:
 * the row to play, not out of sight below. */
static void
check_focus_in_sight (GtkWidget  *window,
                      GtkWidget  *view,
                      const char *where,
                      GString    *faults)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  GtkWidget *scroller;
  graphene_rect_t bounds, seen;

  if (focus == NULL || !gtk_widget_is_ancestor (focus, view))
    return;
  scroller = gtk_widget_get_ancestor (focus, GTK_TYPE_SCROLLED_WINDOW);
  if (scroller == NULL || !gtk_widget_is_ancestor (scroller, view))
    return;
  g_assert_true (bounds_in (focus, window, &bounds));
  g_assert_true (bounds_in (scroller, window, &seen));
  if (!rect_inside (&bounds, &seen))
    g_string_append_printf (faults, "%s: the focus at %.0f,%.0f is out of sight of its scrolled "
                            "board at %.0f,%.0f %.0f×%.0f\n", where, bounds.origin.x, bounds.origin.y,
                            seen.origin.x, seen.origin.y, seen.size.width, seen.size.height);
}

/* Labels shown cut short with an ellipsis. */
static void
check_labels (GtkWidget  *root,
              const char *where,
              GString    *faults)
{
  g_autoptr(GPtrArray) labels = ludo_test_find_all (root, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = labels->pdata[i];

      if (!gtk_widget_get_mapped (GTK_WIDGET (label)) ||
          gtk_label_get_ellipsize (label) == PANGO_ELLIPSIZE_NONE)
        continue;
      if (pango_layout_is_ellipsized (gtk_label_get_layout (label)))
        g_string_append_printf (faults, "%s: the label “%s” is cut short\n",
                                where, gtk_label_get_text (label));
    }
}



static gboolean
count_frame_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

typedef struct {
  guint frames;
  guint wanted;
} Frames;

static gboolean
enough_frames (gpointer data)
{
  Frames *f = data;

  return f->frames >= f->wanted;
}

/* Until the window has drawn a few frames, however loaded the machine:
 * what a change queued is laid out. */
static void
wait_frames (GtkWidget *widget,
             guint      n)
{
  Frames f = { 0, n };
  guint id = gtk_widget_add_tick_callback (widget, count_frame_cb, &f.frames, NULL);

  ludo_test_wait_until (enough_frames, &f, 20);
  gtk_widget_remove_tick_callback (widget, id);
}

static gboolean
not_thinking (gpointer data)
{
  return !ludo_window_is_thinking (data);
}

static void
wait_not_thinking (LudoWindow *window)
{
  ludo_test_wait_until (not_thinking, window, 30);
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

/* Until the widget is on the screen and laid out. */
static void
wait_mapped (GtkWidget *widget)
{
  ludo_test_wait_until (is_mapped, widget, 10);
}

static void
check_case (const Case *c,
            const char *language,
            int         width,
            int         height,
            gboolean    side_pane,
            GString    *faults)
{
  g_autofree char *where = describe (c, language, width, height, side_pane);
  LudoWindow *window = ludo_window_new (ADW_APPLICATION (app));
  GVariantBuilder options;
  g_autoptr(LudoGame) game = NULL;
  LudoGameView *view;

  g_variant_builder_init (&options, G_VARIANT_TYPE ("a{si}"));
  for (guint i = 0; i < c->info->n_options; i++)
    g_variant_builder_add (&options, "{si}", c->info->options[i].id, c->values[i]);
  game = ludo_game_new (c->info->id, g_variant_builder_end (&options), NULL);
  g_assert_nonnull (game);
  /* a person at the first seat against the computer: no privacy screen */
  for (guint s = 1; s < ludo_game_get_n_seats (game); s++)
    ludo_game_set_seat (game, s, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  ludo_window_set_game (window, game, NULL);
  g_object_set (window, "side-panel", side_pane, NULL);
  gtk_window_present (GTK_WINDOW (window));
  view = ludo_window_get_view (window);
  g_assert_nonnull (view);
  wait_mapped (GTK_WIDGET (view));
  /* the computer's first move played (a code set), the side pane in
   * (animations are off: it does not slide) */
  wait_not_thinking (window);
  wait_frames (GTK_WIDGET (view), 4);

  if (gtk_widget_get_width (GTK_WIDGET (window)) > width || gtk_widget_get_height (GTK_WIDGET (window)) > height)
    g_string_append_printf (faults, "%s: the window needs %d×%d\n", where,
                            gtk_widget_get_width (GTK_WIDGET (window)), gtk_widget_get_height (GTK_WIDGET (window)));
  check_cells (GTK_WIDGET (window), GTK_WIDGET (view), where, faults);
  check_focus_in_sight (GTK_WIDGET (window), GTK_WIDGET (view), where, faults);
  check_labels (gtk_widget_get_ancestor (GTK_WIDGET (view), ADW_TYPE_FLAP), where, faults);

  gtk_window_destroy (GTK_WINDOW (window));
  ludo_test_spin (10);
}

/* For each combination of the game's choices, the numbers at their most. */
static void
test_boards (gconstpointer data)
{
  const LudoGameInfo *info = data;
  g_autoptr(GString) faults = g_string_new (NULL);
  Case c = { info, { 0 } };
  guint n_sets = 1;

  g_assert_cmpuint (info->n_options, <=, G_N_ELEMENTS (c.values));
  for (guint i = 0; i < info->n_options; i++)
    if (info->options[i].choices)
      n_sets *= (info->options[i].max - info->options[i].min) /
                (info->options[i].step > 0 ? info->options[i].step : 1) + 1;

  for (guint set = 0; set < n_sets; set++)
    {
      guint rest = set;

      for (guint i = 0; i < info->n_options; i++)
        {
          const LudoOptionSpec *spec = &info->options[i];
          int step = spec->step > 0 ? spec->step : 1;

          if (spec->choices)
            {
              guint n = (spec->max - spec->min) / step + 1;
              c.values[i] = spec->min + step * (int) (rest % n);
              rest /= n;
            }
          else
            c.values[i] = ludo_option_spec_nearest (spec, spec->max);
        }
      for (guint l = first_language (); l < n_languages (); l++)
        {
          set_language (languages[l]);
          for (guint s = 0; s < n_sizes (); s++)
            for (int side_pane = 0; side_pane <= 1; side_pane++)
              check_case (&c, languages[l], sizes[s].width, sizes[s].height, side_pane, faults);
        }
    }
  set_language ("en");
  if (faults->len > 0)
    g_test_fail_printf ("%s", faults->str);
}

/* Every game's New Game dialog, in each language, at its own size: no
 * choice, no row cut short. */
static void
test_new_game_dialogs (void)
{
  const LudoGameInfo * const *games;
  g_autoptr(GString) faults = g_string_new (NULL);
  guint n_games;

  games = ludo_registry_get_games (&n_games);
  for (guint l = first_language (); l < n_languages (); l++)
    {
      LudoWindow *window;

      set_language (languages[l]);
      window = ludo_window_new (ADW_APPLICATION (app));
      gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
      gtk_window_present (GTK_WINDOW (window));
      for (guint i = 0; i < n_games; i++)
        {
          g_autofree char *where = g_strdup_printf ("New Game of %s, %s", games[i]->id, languages[l]);
          GtkWindow *dialog = ludo_window_new_game_dialog (window, games[i]->id);

          g_assert_nonnull (dialog);
          wait_mapped (GTK_WIDGET (dialog));
          wait_frames (GTK_WIDGET (dialog), 4);
          check_labels (GTK_WIDGET (dialog), where, faults);
          gtk_window_destroy (dialog);
        }
      gtk_window_destroy (GTK_WINDOW (window));
      ludo_test_spin (10);
    }
  set_language ("en");
  if (faults->len > 0)
    g_test_fail_printf ("%s", faults->str);
}

/* The shortcuts window fits a 1024×768 screen in each language; its
 * sections are the general one, then each game's in the chooser's order,
 * and it opens at the game shown. */
static void
test_shortcuts_window (void)
{
  const LudoGameInfo * const *games;
  guint n_games;
  GLogLevelFlags old_fatal;

  games = ludo_registry_get_games (&n_games);
  /* GTK 4.8's shortcuts window warns as it lays itself out */
  old_fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  for (guint l = first_language (); l < n_languages (); l++)
    {
      LudoWindow *window;
      g_autoptr(LudoGame) game = ludo_game_new (games[n_games - 1]->id, NULL, NULL);
      g_autoptr(GPtrArray) sections = NULL;
      GtkWidget *shortcuts;
      char *section = NULL;

      set_language (languages[l]);
      window = ludo_window_new (ADW_APPLICATION (app));
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
      shortcuts = GTK_WIDGET (ludo_test_find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW, NULL));
      g_assert_nonnull (shortcuts);
      wait_mapped (shortcuts);
      wait_frames (shortcuts, 4);
      if (gtk_widget_get_width (shortcuts) > 1024 || gtk_widget_get_height (shortcuts) > 768)
        g_test_fail_printf ("%s: the shortcuts window is %d×%d", languages[l],
                            gtk_widget_get_width (shortcuts), gtk_widget_get_height (shortcuts));
      g_object_get (shortcuts, "section-name", &section, NULL);
      g_assert_cmpstr (section, ==, "general");
      g_free (section);

      sections = ludo_test_find_all (shortcuts, GTK_TYPE_SHORTCUTS_SECTION);
      g_assert_cmpuint (sections->len, ==, n_games + 1);
      for (guint i = 0; i < sections->len; i++)
        {
          g_object_get (sections->pdata[i], "section-name", &section, NULL);
          g_assert_cmpstr (section, ==, i == 0 ? "general" : games[i - 1]->id);
          g_free (section);
        }

      /* at a game, its own section */
      gtk_window_close (GTK_WINDOW (shortcuts));
      ludo_window_set_game (window, game, NULL);
      ludo_test_spin (50);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
      ludo_test_spin (50);
      g_object_get (shortcuts, "section-name", &section, NULL);
      g_assert_cmpstr (section, ==, games[n_games - 1]->id);
      g_free (section);
      gtk_window_destroy (GTK_WINDOW (window));
      ludo_test_spin (20);
    }
  g_log_set_always_fatal (old_fatal);
  set_language ("en");
}

int
main (int    argc,
      char **argv)
{
  const LudoGameInfo * const *games;
  g_autofree char *tmpdir = NULL;
  const char *localedir = g_getenv ("LUDOTEKA_LOCALEDIR");
  guint n_games;
  int status;

  set_language ("en");
  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  tmpdir = ludo_test_init (&argc, &argv);
  app = ludo_test_app_new ();
  /* the layout a change ends in, without waiting for the slides to it */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  games = ludo_registry_get_games (&n_games);
  for (guint i = 0; i < n_games; i++)
    {
      g_autofree char *path = g_strdup_printf ("/layout/%s", games[i]->id);
      g_test_add_data_func (path, games[i], test_boards);
    }

  g_test_add_func ("/layout/new-game-dialogs", test_new_game_dialogs);
  g_test_add_func ("/layout/shortcuts-window", test_shortcuts_window);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
