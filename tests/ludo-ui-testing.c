/* ludo-ui-testing.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ludo-ui-testing.h"

#include <adwaita.h>

char *
ludo_test_init (int    *argc,
                char ***argv)
{
  static const char * const vars[][2] = {
    { "XDG_DATA_HOME", "data" }, { "XDG_CONFIG_HOME", "config" },
    { "XDG_CACHE_HOME", "cache" }, { "XDG_STATE_HOME", "state" },
  };
  char *home = g_dir_make_tmp ("ludoteka-test-XXXXXX", NULL);
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

guchar *
ludo_test_render (GtkWidget *widget,
                  int       *width,
                  int       *height)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GskRenderer) renderer = NULL;
  int w = gdk_paintable_get_intrinsic_width (paintable);
  int h = gdk_paintable_get_intrinsic_height (paintable);
  guchar *pixels;

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
