/* ludo-ui-testing.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ludo-ui-testing.h"

#include <cairo-svg.h>
#include <glib/gstdio.h>
#include <string.h>

#include "app/ludo-cell.h"
#include "app/ludo-window-private.h"
#include "ludo-testing.h"

char *
ludo_test_init (int    *argc,
                char ***argv)
{
  static const char * const vars[][2] = {
    { "XDG_DATA_HOME", "data" }, { "XDG_CONFIG_HOME", "config" },
    { "XDG_CACHE_HOME", "cache" }, { "XDG_STATE_HOME", "state" },
  };
  char *home = ludo_test_make_tmp ("ludoteka-test-XXXXXX");
  g_autofree char *data = NULL;

  g_assert_nonnull (home);
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      g_autofree char *dir = g_build_filename (home, vars[i][1], NULL);
      g_mkdir_with_parents (dir, 0700);
      g_setenv (vars[i][0], dir, TRUE);
    }
  gtk_test_init (argc, argv, NULL);
  adw_init ();
  /* GLib reads them once: too late, and the home's autosaves are used */
  data = g_build_filename (home, "data", NULL);
  g_assert_cmpstr (g_get_user_data_dir (), ==, data);
  return home;
}

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

GPtrArray *
ludo_test_find_all (GtkWidget *root,
                    GType      type)
{
  GPtrArray *out = g_ptr_array_new ();

  collect (root, type, out);
  return out;
}

GtkWidget *
ludo_test_find_button (GtkWidget  *root,
                       const char *label,
                       gboolean    prefix)
{
  g_autoptr(GPtrArray) buttons = ludo_test_find_all (root, GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    {
      const char *text = gtk_button_get_label (buttons->pdata[i]);

      if (text && (prefix ? g_str_has_prefix (text, label) : g_str_equal (text, label)) &&
          gtk_widget_get_mapped (buttons->pdata[i]))
        return buttons->pdata[i];
    }
  return NULL;
}

static gboolean
timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

void
ludo_test_wait_until (gboolean (*cond) (gpointer data),
                      gpointer   data,
                      guint      seconds)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (seconds, timed_out_cb, &timed_out);

  while (!cond (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  g_assert_false (timed_out);
}

void
ludo_test_spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, timed_out_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

char *
ludo_test_statuses (GtkWidget *root)
{
  g_autoptr(GPtrArray) labels = ludo_test_find_all (root, GTK_TYPE_LABEL);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < labels->len; i++)
    if (gtk_accessible_get_accessible_role (labels->pdata[i]) == GTK_ACCESSIBLE_ROLE_STATUS &&
        gtk_widget_get_mapped (labels->pdata[i]))
      g_string_append_printf (out, "%s%s", out->len ? "\n" : "", gtk_label_get_text (labels->pdata[i]));
  return g_string_free (out, FALSE);
}

static gboolean
allocated (gpointer widget)
{
  return gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0;
}

guchar *
ludo_test_render (GtkWidget *widget,
                  int       *width,
                  int       *height)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GskRenderer) renderer = NULL;
  int w, h;
  guchar *pixels;

  /* a busy machine may take longer than the tests' spins to lay a window
   * out: drawn once it has its size */
  ludo_test_wait_until (allocated, widget, 30);
  paintable = gtk_widget_paintable_new (widget);
  w = gdk_paintable_get_intrinsic_width (paintable);
  h = gdk_paintable_get_intrinsic_height (paintable);

  g_assert_cmpint (w, >, 0);
  g_assert_cmpint (h, >, 0);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_to_node (snapshot);
  g_assert_nonnull (node);
  /* by cairo, not the window's GL renderer: GTK 4.8's GL renderer keeps
   * textures of earlier nodes it may hand out again, and two drawings of
   * the same thing must compare equal byte for byte */
  renderer = gsk_cairo_renderer_new ();
  g_assert_true (gsk_renderer_realize (renderer, NULL, NULL));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  gsk_renderer_unrealize (renderer);
  if (g_getenv ("LUDOTEKA_TEST_SNAPSHOT"))
    gdk_texture_save_to_png (texture, g_getenv ("LUDOTEKA_TEST_SNAPSHOT"));
  pixels = g_malloc (w * h * 4);
  gdk_texture_download (texture, pixels, w * 4);
  *width = w;
  *height = h;
  return pixels;
}

void
ludo_test_check_high_contrast (void)
{
  if (g_getenv ("ADW_DEBUG_HIGH_CONTRAST"))
    g_assert_true (adw_style_manager_get_high_contrast (adw_style_manager_get_default ()));
}

void
ludo_test_assert_contains (const char *text,
                           const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” does not say “%s”", text ? text : "(null)", part);
}

/* ------------------------------------------------------------------------ */

LudoApplication *
ludo_test_app_new (void)
{
  LudoApplication *app;

  g_setenv ("LUDOTEKA_DEMO_DELAY_MS", "10", TRUE);
  app = ludo_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  return app;
}

LudoWindow *
ludo_test_new_window (LudoApplication *app)
{
  LudoWindow *window = ludo_window_new (ADW_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

void
ludo_test_close_window (LudoWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  ludo_test_spin (10);
}

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  LudoTestOpening *opening = user_data;

  opening->ok = ludo_window_open_file_finish (LUDO_WINDOW (source), result, &opening->error);
  opening->done = TRUE;
}

static gboolean
is_opened (gpointer data)
{
  return ((LudoTestOpening *) data)->done;
}

void
ludo_test_open_file_begin (LudoWindow      *window,
                           GFile           *file,
                           LudoTestOpening *opening)
{
  *opening = (LudoTestOpening) { FALSE, FALSE, NULL };
  ludo_window_open_file (window, file, opened_cb, opening);
  g_assert_false (opening->done);
}

void
ludo_test_open_file_wait (LudoTestOpening *opening)
{
  ludo_test_wait_until (is_opened, opening, 30);
}

gboolean
ludo_test_open_file (LudoWindow  *window,
                     GFile       *file,
                     GError     **error)
{
  LudoTestOpening opening;

  ludo_test_open_file_begin (window, file, &opening);
  ludo_test_open_file_wait (&opening);
  if (opening.error)
    g_propagate_error (error, opening.error);
  return opening.ok;
}

GtkWindow *
ludo_test_find_toplevel (GType      type,
                         GtkWindow *parent)
{
  /* GTK's list of every window on the screen, the application's or not */
  GListModel *windows = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (windows); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (windows, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) &&
          (parent == NULL || gtk_window_get_transient_for (window) == parent))
        return window;
    }
  return NULL;
}

AdwMessageDialog *
ludo_test_find_message_dialog (void)
{
  GtkWindow *dialog = ludo_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG, NULL);

  return dialog ? ADW_MESSAGE_DIALOG (dialog) : NULL;
}

void
ludo_test_show_board (LudoWindow *window)
{
  GtkWidget *show = ludo_test_find_button (GTK_WIDGET (window), "_Show the Board", TRUE);

  g_assert_true (ludo_window_privacy_shown (window));
  g_assert_nonnull (show);
  g_signal_emit_by_name (show, "clicked");
  g_assert_false (ludo_window_privacy_shown (window));
}

void
ludo_test_check_names (GtkWidget *widget)
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
      const char *icon = GTK_IS_BUTTON (widget) ? gtk_button_get_icon_name (GTK_BUTTON (widget))
                                                : gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget));
      gboolean text_child = FALSE;
      g_autoptr(GPtrArray) labels = ludo_test_find_all (widget, GTK_TYPE_LABEL);
      for (guint i = 0; i < labels->len; i++)
        text_child |= *gtk_label_get_text (labels->pdata[i]) != '\0';
      if (!(label && *label && !icon) &&
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
    ludo_test_check_names (c);
}

gboolean
ludo_test_not_thinking (gpointer window)
{
  return !ludo_window_is_thinking (window);
}

gboolean
ludo_test_game_over (gpointer game)
{
  return ludo_game_is_over (game);
}

guint
ludo_test_count_animating (LudoGameView *view)
{
  g_autoptr(GPtrArray) cells = ludo_test_find_all (GTK_WIDGET (view), LUDO_TYPE_CELL);
  guint n = 0;

  for (guint i = 0; i < cells->len; i++)
    n += ludo_cell_is_animating (cells->pdata[i]);
  return n;
}

gboolean
ludo_test_board_still (gpointer window)
{
  LudoGameView *view = ludo_window_get_view (window);

  return ludo_test_count_animating (view) == 0 && ludo_game_view_get_n_slides (view) == 0;
}

guchar *
ludo_test_render_view (LudoWindow *window,
                       int        *width,
                       int        *height)
{
  guchar *pixels = ludo_test_render (GTK_WIDGET (ludo_window_get_view (window)), width, height);

  g_assert_cmpint (*width, >, 300);
  g_assert_cmpint (*height, >, 300);
  return pixels;
}

/* ------------------------------------------------------------------------ */

LudoGameView *
ludo_test_show_view (LudoGame   *game,
                     int         width,
                     int         height,
                     GtkWindow **window)
{
  LudoGameView *view = ludo_game_view_new_for_game (game);

  *window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (*window, width, height);
  gtk_window_set_child (*window, GTK_WIDGET (view));
  gtk_window_present (*window);
  ludo_game_view_set_interactive (view, TRUE);
  ludo_test_spin (150);
  return view;
}

gboolean
ludo_test_press_key (GtkWidget *widget,
                     guint      keyval)
{
  gboolean handled = FALSE;

  for (GtkWidget *w = widget; w && !handled; w = gtk_widget_get_parent (w))
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (w);

      for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
        {
          g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
          if (GTK_IS_EVENT_CONTROLLER_KEY (c))
            g_signal_emit_by_name (c, "key-pressed", keyval, 0, 0, &handled);
        }
    }
  return handled;
}

/* The drag gesture of widget or of its nearest ancestor, and whose it is. */
static GtkGestureDrag *
find_drag_gesture (GtkWidget  *widget,
                   GtkWidget **owner)
{
  for (GtkWidget *w = widget; w; w = gtk_widget_get_parent (w))
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (w);

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
          if (GTK_IS_GESTURE_DRAG (c))
            {
              *owner = w;
              return GTK_GESTURE_DRAG (c);   /* w holds it */
            }
        }
    }
  return NULL;
}

static graphene_point_t
middle_in (GtkWidget *widget,
           GtkWidget *target)
{
  graphene_point_t middle = GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0,
                                                 gtk_widget_get_height (widget) / 2.0);
  graphene_point_t point;

  g_assert_true (gtk_widget_compute_point (widget, target, &middle, &point));
  return point;
}

void
ludo_test_drag (GtkWidget *from,
                GtkWidget *to,
                double     dx,
                double     dy)
{
  enum { STEPS = 4 };
  GtkWidget *board = NULL;
  GtkGestureDrag *drag = find_drag_gesture (from, &board);
  graphene_point_t start, end;
  double offset_x, offset_y;

  g_assert_nonnull (drag);
  start = middle_in (from, board);
  end = middle_in (to ? to : from, board);
  offset_x = end.x + dx - start.x;
  offset_y = end.y + dy - start.y;
  g_signal_emit_by_name (drag, "drag-begin", (double) start.x, (double) start.y);
  for (int i = 1; i <= STEPS; i++)
    g_signal_emit_by_name (drag, "drag-update", offset_x * i / STEPS, offset_y * i / STEPS);
  g_signal_emit_by_name (drag, "drag-end", offset_x, offset_y);
}

guint
ludo_test_count_to_play (GtkWidget *root)
{
  guint n = 0;

  if (GTK_IS_LABEL (root) && gtk_widget_get_ancestor (root, GTK_TYPE_LIST_BOX_ROW) &&
      gtk_widget_is_visible (root) && gtk_label_get_attributes (GTK_LABEL (root)))
    {
      PangoAttrIterator *it = pango_attr_list_get_iterator (gtk_label_get_attributes (GTK_LABEL (root)));
      n += pango_attr_iterator_get (it, PANGO_ATTR_WEIGHT) != NULL;
      pango_attr_iterator_destroy (it);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    n += ludo_test_count_to_play (c);
  return n;
}

char *
ludo_test_figures_dir (gboolean *scratch)
{
  const char *dir = g_getenv ("LUDOTEKA_FIGURES_DIR");

  /* drawn always (so that drawing to SVG works); kept when asked */
  *scratch = dir == NULL;
  return dir ? g_strdup (dir) : g_dir_make_tmp ("ludoteka-figures-XXXXXX", NULL);
}

/* A word: two letters in a row (a file's letter, a level or a code mark
 * is not one). */
static gboolean
has_word (const char *text)
{
  guint run = 0;

  for (const char *p = text; *p; p = g_utf8_next_char (p))
    if (!g_unichar_isalpha (g_utf8_get_char (p)))
      run = 0;
    else if (++run == 2)
      return TRUE;
  return FALSE;
}

/* The manual's figures are the same in its four languages: what is drawn
 * of a widget must hold no words (a caption says them, translated). */
static void
assert_no_words (GtkWidget *widget)
{
  if (!gtk_widget_is_drawable (widget))
    return;
  if (GTK_IS_LABEL (widget) && has_word (gtk_label_get_text (GTK_LABEL (widget))))
    g_error ("a figure would show the words “%s”, in one language: hide them, and let the caption say them",
             gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    assert_no_words (child);
}

void
ludo_test_draw_svg (GtkWidget  *widget,
                    const char *path,
                    gboolean    square)
{
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int w = square ? MIN (width, height) : width;
  int h = square ? MIN (width, height) : height;
  cairo_surface_t *surface = cairo_svg_surface_create (path, w, h);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) render = NULL;

  assert_no_words (widget);
  cairo_translate (cr, -(width - w) / 2.0, -(height - h) / 2.0);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  render = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  gsk_render_node_draw (render, cr);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_test_message ("drew %s", path);
}

void
ludo_test_figures_done (const char *dir,
                        gboolean    scratch,
                        const char *prefix,
                        guint       n)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint found = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;

      if (!g_str_has_prefix (name, prefix))
        continue;
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      g_assert_nonnull (strstr (text, "<svg"));
      /* vector drawing only: no embedded images */
      g_assert_null (strstr (text, "<image"));
      if (scratch)
        g_remove (path);
      found++;
    }
  g_assert_cmpuint (found, ==, n);
  if (scratch)
    g_rmdir (dir);
}
