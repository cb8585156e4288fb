/* test-contrast.c — every game's pieces and marks stand out of what they
 * stand on: WCAG 2.1's 3:1 for non-text contrast, in the light and the
 * dark style (and in high contrast, when the suite runs with
 * ADW_DEBUG_HIGH_CONTRAST)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each view lists the colours it draws pieces and marks in, against each
 * ground they can stand on (LudoGameViewClass.list_colours). The keyboard
 * cursor is drawn by the style sheets, so it is measured where a person
 * sees it: the board is rendered without and with the focus on a cell,
 * and the pixels the focus changed are compared with what they were.
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "app/ludo-application.h"
#include "app/ludo-cell.h"
#include "app/ludo-window-private.h"
#include "core/ludo-registry.h"
#include "ludo-ui-testing.h"

#define MIN_CONTRAST 3.0

static LudoApplication *app;



static const char *
style_name (void)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  if (adw_style_manager_get_high_contrast (manager))
    return adw_style_manager_get_dark (manager) ? "dark high contrast" : "light high contrast";
  return adw_style_manager_get_dark (manager) ? "dark" : "light";
}

/* The board as a person sees it, 4 bytes a pixel (B G R A, premultiplied). */
static guchar *
render_view (LudoWindow *window,
             int        *width,
             int        *height)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (ludo_window_get_view (window)));
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int w = gdk_paintable_get_intrinsic_width (paintable);
  int h = gdk_paintable_get_intrinsic_height (paintable);
  guchar *pixels;

  g_assert_cmpint (w, >, 100);
  g_assert_cmpint (h, >, 100);
  /* nothing is drawn while a layout is pending: wait for it */
  for (int i = 0; i < 100 && node == NULL; i++)
    {
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
      node = gtk_snapshot_to_node (snapshot);
      if (node == NULL)
        ludo_test_spin (20);
    }
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (g_getenv ("LUDOTEKA_TEST_SNAPSHOT"))
    {
      static int n;
      g_autofree char *path = g_strdup_printf ("%s-%03d.png", g_getenv ("LUDOTEKA_TEST_SNAPSHOT"), n++);
      gdk_texture_save_to_png (texture, path);
    }
  pixels = g_malloc (w * h * 4);
  gdk_texture_download (texture, pixels, w * 4);
  *width = w;
  *height = h;
  return pixels;
}

/* A rendered pixel as an opaque colour: what is transparent in the
 * board shows the window behind it. */
static GdkRGBA
pixel (const guchar  *p,
       const GdkRGBA *window_bg)
{
  double a = p[3] / 255.0;

  return (GdkRGBA) {
    p[2] / 255.0 + window_bg->red * (1 - a),
    p[1] / 255.0 + window_bg->green * (1 - a),
    p[0] / 255.0 + window_bg->blue * (1 - a),
    1,
  };
}

/* Notes a failure (the test goes on, to name them all). */
static void G_GNUC_PRINTF (2, 3)
fail (GPtrArray  *failures,
      const char *format,
      ...)
{
  va_list args;
  char *text;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_test_message ("FAIL: %s", text);
  g_ptr_array_add (failures, text);
}

static void
check_pairs (GPtrArray    *failures,
             const char   *id,
             LudoGameView *view)
{
  g_autoptr(GArray) pairs = ludo_game_view_list_colours (view);

  if (pairs->len == 0)
    fail (failures, "%s lists no colours of its pieces and marks", id);
  for (guint i = 0; i < pairs->len; i++)
    {
      const LudoColourPair *pair = &g_array_index (pairs, LudoColourPair, i);
      double ratio = ludo_colour_pair_contrast (pair);

      g_test_message ("%s, %s: %s on %s: %.2f:1%s", id, style_name (), pair->what, pair->ground, ratio,
                      ratio < MIN_CONTRAST ? " (too low)" : "");
      if (ratio < MIN_CONTRAST)
        fail (failures, "%s, %s style: %s on %s is %.2f:1, under %.0f:1",
                            id, style_name (), pair->what, pair->ground, ratio, MIN_CONTRAST);
    }
}

/* Whether x, y lies within 8 pixels of the edge of bounds, in or out:
 * where a focus ring is drawn. */
static gboolean
near_edge (const graphene_rect_t *bounds,
           int                    x,
           int                    y)
{
  double left = x + 0.5 - bounds->origin.x, top = y + 0.5 - bounds->origin.y;
  double right = bounds->size.width - left, bottom = bounds->size.height - top;
  double inside = MIN (MIN (left, right), MIN (top, bottom));

  if (inside >= 0)
    return inside <= 8;
  return left > -8 && top > -8 && right > -8 && bottom > -8;
}

/* The keyboard cursor on cells all over the board: where it is drawn in
 * its own colour (not its anti-aliased edges), that colour against what
 * was there before. */
static void
check_cursor (GPtrArray  *failures,
              const char *id,
              LudoWindow *window)
{
  LudoGameView *view = ludo_window_get_view (window);
  g_autoptr(GPtrArray) all = ludo_test_find_all (GTK_WIDGET (view), LUDO_TYPE_CELL);
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  GdkRGBA window_bg = { 1, 1, 1, 1 };
  double worst = G_MAXDOUBLE;
  guint n_cells;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (window)), "window_bg_color", &window_bg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  for (guint i = 0; i < all->len; i++)
    if (gtk_widget_get_mapped (all->pdata[i]) && gtk_widget_get_can_focus (all->pdata[i]))
      g_ptr_array_add (cells, all->pdata[i]);
  g_assert_cmpuint (cells->len, >, 0);
  n_cells = MIN (cells->len, 16);

  for (guint k = 0; k < n_cells; k++)
    {
      /* spread over the board, odd and even alike (a chequered board's
       * two colours) */
      GtkWidget *cell = cells->pdata[MIN (k * cells->len / n_cells + k % 2, cells->len - 1)];
      g_autofree guchar *before = NULL, *after = NULL;
      g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
      g_autoptr(GHashTable) grounds = g_hash_table_new (NULL, NULL);
      GHashTableIter iter;
      gpointer key, value;
      guint32 ring = 0;
      guint best = 0, n_ring = 0, most = 0;
      gboolean focusable;
      graphene_rect_t bounds;
      int w, h, w2, h2;

      /* a board may show more while a cell has the focus (what the piece
       * there sees, say): the ring alone is the focus made visible */
      focusable = gtk_widget_get_focusable (cell);
      gtk_widget_set_focusable (cell, TRUE);
      g_assert_true (gtk_widget_grab_focus (cell));
      /* the style follows at the next frame: wait for it */
      for (int tries = 0; tries < 10 && (before == NULL || memcmp (before, after, (gsize) w * h * 4) == 0); tries++)
        {
          g_clear_pointer (&before, g_free);
          g_clear_pointer (&after, g_free);
          gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
          ludo_test_spin (30 + 30 * tries);
          after = render_view (window, &w2, &h2);
          /* LudoCell keeps its cursor when GTK stops showing the focus:
           * without the class, the cell as it is drawn unfocused */
          gtk_window_set_focus_visible (GTK_WINDOW (window), FALSE);
          gtk_widget_remove_css_class (cell, "cursor");
          ludo_test_spin (30 + 30 * tries);
          before = render_view (window, &w, &h);
          g_assert_cmpint (w, ==, w2);
          g_assert_cmpint (h, ==, h2);
        }
      gtk_widget_set_focusable (cell, focusable);

      /* the ring's colour: what most of the pixels changed along the
       * cell's edge became */
      g_assert_true (gtk_widget_compute_bounds (cell, GTK_WIDGET (view), &bounds));
      for (int i = 0; i < w * h; i++)
        if (near_edge (&bounds, i % w, i / w) && memcmp (before + 4 * i, after + 4 * i, 4) != 0)
          {
            guint32 c;
            guint n;
            memcpy (&c, after + 4 * i, 4);
            n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, GUINT_TO_POINTER (c))) + 1;
            g_hash_table_insert (counts, GUINT_TO_POINTER (c), GUINT_TO_POINTER (n));
            if (n > best)
              best = n, ring = c;
          }
      if (best == 0)
        {
          fail (failures, "%s, %s style: the keyboard focus on %s is not drawn", id, style_name (),
                              ludo_cell_get_label (LUDO_CELL (cell)));
          continue;
        }
      /* what lay under the ring: the colour under most of it, and any
       * under two fifths, is a ground it must stand out of (not the lines
       * of the board it crosses or runs along) */
      for (int i = 0; i < w * h; i++)
        if (near_edge (&bounds, i % w, i / w) && memcmp (after + 4 * i, &ring, 4) == 0 &&
            memcmp (before + 4 * i, after + 4 * i, 4) != 0)
          {
            guint32 c;
            memcpy (&c, before + 4 * i, 4);
            g_hash_table_insert (grounds, GUINT_TO_POINTER (c),
                                 GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (grounds, GUINT_TO_POINTER (c))) + 1));
            n_ring++;
          }
      g_hash_table_iter_init (&iter, grounds);
      while (g_hash_table_iter_next (&iter, &key, &value))
        most = MAX (most, GPOINTER_TO_UINT (value));
      g_hash_table_iter_init (&iter, grounds);
      while (g_hash_table_iter_next (&iter, &key, &value))
        if (GPOINTER_TO_UINT (value) == most || GPOINTER_TO_UINT (value) * 5 >= n_ring * 2)
          {
            guint32 c = GPOINTER_TO_UINT (key);
            GdkRGBA was = pixel ((guchar *) &c, &window_bg), is = pixel ((guchar *) &ring, &window_bg);
            double ratio = ludo_colour_contrast (&was, &is);

            worst = MIN (worst, ratio);
            if (ratio < MIN_CONTRAST)
              {
                g_autofree char *colour = gdk_rgba_to_string (&is), *ground = gdk_rgba_to_string (&was);
                fail (failures, "%s, %s style: the keyboard cursor (%s) on %s stands out of %s (%u%% of its ground) "
                      "%.2f:1", id, style_name (), colour, ludo_cell_get_label (LUDO_CELL (cell)), ground,
                      GPOINTER_TO_UINT (value) * 100 / n_ring, ratio);
              }
          }
    }
  g_test_message ("%s, %s: keyboard cursor on its ground: at least %.2f:1 (%u cells)", id, style_name (),
                  worst, n_cells);
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
}

static void
test_boards (gconstpointer data)
{
  AdwColorScheme scheme = GPOINTER_TO_INT (data);
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);
  g_autoptr(GPtrArray) failures = g_ptr_array_new_with_free_func (g_free);

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme);
  ludo_test_spin (50);
  g_assert_true (adw_style_manager_get_dark (adw_style_manager_get_default ()) == (scheme == ADW_COLOR_SCHEME_FORCE_DARK));
  ludo_test_check_high_contrast ();

  for (guint g = 0; g < n_games; g++)
    {
      LudoWindow *window = ludo_window_new (ADW_APPLICATION (app));
      g_autoptr(LudoGame) game = ludo_game_new (games[g]->id, NULL, NULL);

      for (guint i = 0; i < ludo_game_get_n_seats (game); i++)
        ludo_game_set_seat (game, i, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, NULL);
      gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
      gtk_window_present (GTK_WINDOW (window));
      ludo_window_set_game (window, game, NULL);
      if (ludo_window_privacy_shown (window))
        {
          GtkWidget *show = ludo_test_find_button (GTK_WIDGET (window), "_Show the Board", TRUE);
          g_assert_nonnull (show);
          g_signal_emit_by_name (show, "clicked");
        }
      ludo_test_spin (200);
      for (int i = 0; i < 100 && gtk_widget_get_width (GTK_WIDGET (ludo_window_get_view (window))) < 100; i++)
        ludo_test_spin (50);

      check_pairs (failures, games[g]->id, ludo_window_get_view (window));
      check_cursor (failures, games[g]->id, window);
      gtk_window_destroy (GTK_WINDOW (window));
      ludo_test_spin (10);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  if (failures->len > 0)
    g_test_fail_printf ("%u colours under %.0f:1, the first: %s", failures->len, MIN_CONTRAST,
                        (const char *) failures->pdata[0]);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmpdir = NULL;
  int status;

  tmpdir = ludo_test_init (&argc, &argv);
  app = ludo_test_app_new ();

  g_test_add_data_func ("/contrast/light", GINT_TO_POINTER (ADW_COLOR_SCHEME_FORCE_LIGHT), test_boards);
  g_test_add_data_func ("/contrast/dark", GINT_TO_POINTER (ADW_COLOR_SCHEME_FORCE_DARK), test_boards);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
