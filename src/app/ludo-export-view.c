/* ludo-export-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * How a view becomes a picture on GTK 4.8: gtk_widget_paintable_new()
 * gives the render node the widget kept from its last frame (it never
 * draws a widget by itself: gtk_widget_snapshot() skips widgets that are
 * not mapped, and a widget is mapped only inside a shown window). That node,
 * on the window's background colour, goes to the window's own GskRenderer
 * for a PNG (the same pixels as on screen), and through cairo
 * (gsk_render_node_draw) onto an SVG surface for an SVG.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <cairo-svg.h>
#include <math.h>
#include <string.h>

#include "app/ludo-export-view.h"
#include "app/ludo-game-view.h"

G_DEFINE_QUARK (ludo-export-view-error-quark, ludo_export_view_error)

/* A picture larger than this on either side is refused (memory). */
#define MAX_SIDE 16384

static void
set_write_error (GError **error,
                 GFile   *file,
                 GError  *cause)
{
  g_autofree char *name = g_file_get_parse_name (file);

  /* GIO's own messages mostly name the file already */
  if (strstr (cause->message, name))
    g_set_error_literal (error, cause->domain, cause->code, cause->message);
  else
    /* Translators: the file, then why (a system message) */
    g_set_error (error, cause->domain, cause->code, _("Could not write “%s”: %s"), name, cause->message);
}

static gboolean
write_bytes (GFile   *file,
             GBytes  *bytes,
             GError **error)
{
  g_autoptr(GError) local_error = NULL;
  gsize size;
  gconstpointer data = g_bytes_get_data (bytes, &size);

  /* a temporary file renamed over the old one: a failure leaves it intact */
  if (!g_file_replace_contents (file, data, size, NULL, FALSE, G_FILE_CREATE_NONE,
                                NULL, NULL, &local_error))
    {
      set_write_error (error, file, local_error);
      return FALSE;
    }
  return TRUE;
}

static void
background_colour (GtkWidget *view,
                   GdkRGBA   *colour)
{
  GtkStyleContext *context = gtk_widget_get_style_context (view);

  /* libadwaita's name for it; plain GTK's; else white */
  if (!gtk_style_context_lookup_color (context, "window_bg_color", colour) &&
      !gtk_style_context_lookup_color (context, "theme_bg_color", colour))
    *colour = (GdkRGBA) { 1, 1, 1, 1 };
  colour->alpha = 1;
}

GskRenderNode *
ludo_export_view_render_node (GtkWidget  *view,
                              double      scale,
                              int        *width,
                              int        *height,
                              GError    **error)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) drawing = NULL;
  GtkSnapshot *snapshot;
  GdkRGBA background;
  int w, h, pw, ph;

  g_return_val_if_fail (GTK_IS_WIDGET (view), NULL);
  g_return_val_if_fail (scale > 0, NULL);

  paintable = gtk_widget_paintable_new (view);
  w = gdk_paintable_get_intrinsic_width (paintable);
  h = gdk_paintable_get_intrinsic_height (paintable);
  if (w > 0 && h > 0 && gtk_widget_get_mapped (view))
    {
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
      drawing = gtk_snapshot_free_to_node (snapshot);
    }
  if (drawing == NULL)
    {
      g_set_error_literal (error, LUDO_EXPORT_VIEW_ERROR, LUDO_EXPORT_VIEW_ERROR_NOT_DRAWN,
                           _("The board is not shown on screen, so there is no picture of it to save."));
      return NULL;
    }

  pw = (int) ceil (w * scale);
  ph = (int) ceil (h * scale);
  if (pw > MAX_SIDE || ph > MAX_SIDE)
    {
      g_set_error (error, LUDO_EXPORT_VIEW_ERROR, LUDO_EXPORT_VIEW_ERROR_FAILED,
                   _("The picture would be %d × %d pixels; at most %d are allowed on a side."),
                   pw, ph, MAX_SIDE);
      return NULL;
    }

  background_colour (view, &background);
  snapshot = gtk_snapshot_new ();
  gtk_snapshot_append_color (snapshot, &background, &GRAPHENE_RECT_INIT (0, 0, pw, ph));
  gtk_snapshot_scale (snapshot, (float) scale, (float) scale);
  gtk_snapshot_append_node (snapshot, drawing);
  if (width)
    *width = pw;
  if (height)
    *height = ph;
  return gtk_snapshot_free_to_node (snapshot);
}

/* Without a window's renderer (a view that is drawn but no longer in a
 * window): cairo draws it. */
static GBytes *
png_with_cairo (GskRenderNode *node,
                int            width,
                int            height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GdkTexture) texture = NULL;

  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
    {
      g_autoptr(GBytes) pixels = g_bytes_new (cairo_image_surface_get_data (surface),
                                               (gsize) cairo_image_surface_get_stride (surface) * height);
      texture = gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, pixels,
                                        cairo_image_surface_get_stride (surface));
    }
  cairo_surface_destroy (surface);
  return texture ? gdk_texture_save_to_png_bytes (texture) : NULL;
}

gboolean
ludo_export_view_png_scaled (GtkWidget  *view,
                             double      scale,
                             GFile      *file,
                             GError    **error)
{
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GtkNative *native;
  GskRenderer *renderer;
  int width, height;

  g_return_val_if_fail (GTK_IS_WIDGET (view), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  node = ludo_export_view_render_node (view, scale, &width, &height, error);
  if (node == NULL)
    return FALSE;

  native = gtk_widget_get_native (view);
  renderer = native ? gtk_native_get_renderer (native) : NULL;
  if (renderer && gsk_renderer_is_realized (renderer))
    {
      g_autoptr(GdkTexture) texture =
        gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
      bytes = gdk_texture_save_to_png_bytes (texture);
    }
  else
    bytes = png_with_cairo (node, width, height);

  if (bytes == NULL || g_bytes_get_size (bytes) == 0)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_set_error (error, LUDO_EXPORT_VIEW_ERROR, LUDO_EXPORT_VIEW_ERROR_FAILED,
                   _("Could not write “%s”: the picture could not be made."), name);
      return FALSE;
    }
  return write_bytes (file, bytes, error);
}

gboolean
ludo_export_view_png (GtkWidget  *view,
                      GFile      *file,
                      GError    **error)
{
  return ludo_export_view_png_scaled (view, 1.0, file, error);
}

static cairo_status_t
append_to_array (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
ludo_export_view_svg (GtkWidget  *view,
                      GFile      *file,
                      GError    **error)
{
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GByteArray) array = NULL;
  g_autoptr(GBytes) bytes = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  int width, height;

  g_return_val_if_fail (GTK_IS_WIDGET (view), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  node = ludo_export_view_render_node (view, 1.0, &width, &height, error);
  if (node == NULL)
    return FALSE;

  array = g_byte_array_new ();
  surface = cairo_svg_surface_create_for_stream (append_to_array, array, width, height);
  /* sizes in pixels, as on screen (cairo 1.16 would say points) */
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS || array->len == 0)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_debug ("cairo: %s", cairo_status_to_string (status));
      g_set_error (error, LUDO_EXPORT_VIEW_ERROR, LUDO_EXPORT_VIEW_ERROR_FAILED,
                   _("Could not write “%s”: the picture could not be made."), name);
      return FALSE;
    }
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&array));
  return write_bytes (file, bytes, error);
}

gboolean
ludo_export_view_save (GtkWidget  *view,
                       GFile      *file,
                       GError    **error)
{
  g_autofree char *name = NULL;
  g_autofree char *lower = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (view), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  name = g_file_get_basename (file);
  lower = name ? g_ascii_strdown (name, -1) : NULL;
  if (lower && g_str_has_suffix (lower, ".svg"))
    return ludo_export_view_svg (view, file, error);
  return ludo_export_view_png_scaled (view, gtk_widget_get_scale_factor (view), file, error);
}

/* ------------------------------------------------------------------------ */

void
ludo_export_view_load_styles (GdkDisplay *display)
{
  g_autoptr(GtkCssProvider) app = gtk_css_provider_new ();

  g_return_if_fail (GDK_IS_DISPLAY (display));

  /* what AdwApplication does for the app: its style.css and icons */
  gtk_css_provider_load_from_resource (app, RESOURCE_BASE "/style.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (app),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (display), RESOURCE_BASE "/icons");

  /* and what the first game view does: each game's own */
  ludo_game_view_load_styles (display);
}

typedef struct {
  gboolean painted;
  gboolean timed_out;
} WaitData;

static void
after_paint_cb (GdkFrameClock *clock,
                WaitData      *data)
{
  data->painted = TRUE;
}

static gboolean
timeout_cb (gpointer user_data)
{
  WaitData *data = user_data;

  data->timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

gboolean
ludo_export_view_wait_drawn (GtkWidget  *view,
                             guint       timeout_ms,
                             GError    **error)
{
  WaitData data = { FALSE, FALSE };
  GtkNative *native;
  GdkSurface *surface;
  GdkFrameClock *clock;
  gulong handler;
  guint timeout;

  g_return_val_if_fail (GTK_IS_WIDGET (view), FALSE);

  native = gtk_widget_get_native (view);
  surface = native ? gtk_native_get_surface (native) : NULL;
  clock = surface ? gdk_surface_get_frame_clock (surface) : NULL;
  if (clock == NULL || !gtk_widget_get_visible (GTK_WIDGET (native)))
    {
      g_set_error_literal (error, LUDO_EXPORT_VIEW_ERROR, LUDO_EXPORT_VIEW_ERROR_NOT_DRAWN,
                           _("The board is not shown on screen, so there is no picture of it to save."));
      return FALSE;
    }

  g_object_ref (clock);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &data);
  timeout = g_timeout_add (timeout_ms, timeout_cb, &data);
  gtk_widget_queue_draw (view);
  /* the frame that draws the view after it was told to; mapped too, for
   * a window presented just before */
  while (!data.timed_out && !(data.painted && gtk_widget_get_mapped (view)))
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, handler);
  g_object_unref (clock);
  if (!data.timed_out)
    g_source_remove (timeout);

  if (!data.painted || !gtk_widget_get_mapped (view))
    {
      g_set_error (error, LUDO_EXPORT_VIEW_ERROR, LUDO_EXPORT_VIEW_ERROR_NOT_DRAWN,
                   _("The board was not drawn within %u seconds."), (timeout_ms + 999) / 1000);
      return FALSE;
    }
  return TRUE;
}
