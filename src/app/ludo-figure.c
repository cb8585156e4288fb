/* ludo-figure.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The manual's figures are SVGs, and librsvg takes tens of milliseconds
 * to draw each of them (a page may have a dozen): drawn on the main
 * thread while a page was laid out, they froze the window for seconds. A
 * figure knows its size from the SVG's own width and height (made smaller
 * to fit the width it is given), so that the text around it is laid out
 * once and does not move, and it is drawn in a worker thread, at that size
 * and the screen's scale, the first time it is painted, that is, in sight.
 * What has been drawn at a size is shared by every figure of the same file
 * while any shows it.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ludo-figure.h"

struct _LudoFigure
{
  GObject       parent_instance;

  char         *path;
  GBytes       *bytes;
  int           width;         /* in units, as librsvg would size it */
  int           height;
  int           max_width;     /* 0: any */
  int           shown_width;   /* in units: the size fitted to max_width */
  int           shown_height;
  int           scale;
  gboolean      vector;        /* an SVG, drawn for each size */
  GdkTexture   *texture;       /* drawn at drawn_width × drawn_height, or NULL */
  int           drawn_width;   /* in pixels; 0: not drawn yet */
  int           drawn_height;
  gpointer      drawing;       /* the Drawing under way (it holds the figure), or NULL */
};

static void ludo_figure_paintable_init (GdkPaintableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LudoFigure, ludo_figure, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GDK_TYPE_PAINTABLE, ludo_figure_paintable_init))

/* ------------------------------------------------------------------------ */
/* What has been drawn: "path@scale" → GdkTexture, held by the figures that
 * show it (a weak reference takes it out when the last lets go). Touched
 * on the main thread only.                                                  */

static GHashTable *drawn;

static void
texture_gone_cb (gpointer  data,
                 GObject  *where_the_object_was)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, drawn);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (value == (gpointer) where_the_object_was)
      g_hash_table_iter_remove (&iter);
}

static char *
drawn_key (const char *path,
           int         width,
           int         height)
{
  return g_strdup_printf ("%s@%dx%d", path, width, height);
}

static GdkTexture *
drawn_lookup (const char *path,
              int         width,
              int         height)
{
  g_autofree char *key = drawn_key (path, width, height);

  return drawn ? g_hash_table_lookup (drawn, key) : NULL;
}

static void
drawn_insert (const char *path,
              GdkTexture *texture)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);

  if (drawn == NULL)
    drawn = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (drawn_lookup (path, width, height))
    return;
  g_hash_table_insert (drawn, drawn_key (path, width, height), texture);
  g_object_weak_ref (G_OBJECT (texture), texture_gone_cb, NULL);
}

/* ------------------------------------------------------------------------ */
/* The size, from the SVG's root element                                     */

/* A length of the root <svg> in pixels, at the 90 dpi librsvg gives
 * gdk-pixbuf; 0 for a relative one or none. */
static double
svg_length (const char *value)
{
  static const struct { const char *unit; double px; } units[] = {
    { "", 1 }, { "px", 1 }, { "pt", 90.0 / 72 }, { "pc", 15 }, { "in", 90 },
    { "mm", 90 / 25.4 }, { "cm", 90 / 2.54 },
  };
  char *end;
  double number = g_ascii_strtod (value, &end);
  gsize len = strcspn (end, "\"'");

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (strlen (units[i].unit) == len && strncmp (end, units[i].unit, len) == 0)
      return number > 0 ? number * units[i].px : 0;
  return 0;
}

/* The value of attribute name in the tag tag (which ends at '>'). */
static const char *
tag_attribute (const char *tag,
               const char *name)
{
  g_autofree char *needle = g_strdup_printf (" %s=", name);
  const char *end = strchr (tag, '>');
  const char *at = strstr (tag, needle);

  if (at == NULL || (end && at > end))
    return NULL;
  at += strlen (needle);
  return *at == '"' || *at == '\'' ? at + 1 : NULL;
}

/* The size librsvg gives the SVG in bytes: its width and height, else
 * its viewBox's. */
static gboolean
svg_size (GBytes *bytes,
          int    *width,
          int    *height)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  g_autofree char *head = g_strndup (data, MIN (size, 4096));
  const char *tag = strstr (head, "<svg");
  const char *w, *h, *box;
  double dw = 0, dh = 0;

  if (tag == NULL || strchr (tag, '>') == NULL)
    return FALSE;
  if ((w = tag_attribute (tag, "width")) && (h = tag_attribute (tag, "height")))
    {
      dw = svg_length (w);
      dh = svg_length (h);
    }
  if ((dw <= 0 || dh <= 0) && (box = tag_attribute (tag, "viewBox")))
    {
      g_auto(GStrv) parts = g_strsplit_set (box, " ,\"'", 5);
      if (g_strv_length (parts) >= 4)
        {
          dw = g_ascii_strtod (parts[2], NULL);
          dh = g_ascii_strtod (parts[3], NULL);
        }
    }
  if (dw <= 0 || dh <= 0 || dw > 8192 || dh > 8192)
    return FALSE;
  *width = (int) ceil (dw);
  *height = (int) ceil (dh);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Drawing, in a worker thread. The thread holds nothing of GTK's or the
 * figure's own: the Drawing is handed back to the figure's main context,
 * which frees it, so that a figure (and a texture the pane let go) is
 * always finalised there.                                                   */

typedef struct {
  LudoFigure   *figure;
  GMainContext *context;
  GCancellable *cancellable;
  GBytes       *bytes;
  int           width;     /* in pixels */
  int           height;
  GdkTexture   *texture;   /* the result, or NULL and error */
  GError       *error;
} Drawing;

static void
drawing_free (gpointer data)
{
  Drawing *drawing = data;

  g_object_unref (drawing->figure);
  g_main_context_unref (drawing->context);
  g_object_unref (drawing->cancellable);
  g_bytes_unref (drawing->bytes);
  g_clear_object (&drawing->texture);
  g_clear_error (&drawing->error);
  g_free (drawing);
}

/* GdkTexture's own gdk_texture_new_for_pixbuf, spelled out: a memory
 * texture is plain data, made in any thread. */
static GdkTexture *
texture_for_pixbuf (GdkPixbuf *pixbuf)
{
  g_autoptr(GBytes) pixels = gdk_pixbuf_read_pixel_bytes (pixbuf);

  return gdk_memory_texture_new (gdk_pixbuf_get_width (pixbuf), gdk_pixbuf_get_height (pixbuf),
                                 gdk_pixbuf_get_has_alpha (pixbuf) ? GDK_MEMORY_R8G8B8A8 : GDK_MEMORY_R8G8B8,
                                 pixels, gdk_pixbuf_get_rowstride (pixbuf));
}

static gboolean drawn_cb (gpointer data);

/* In the worker thread. */
static void
draw_thread (gpointer data,
             gpointer user_data)
{
  Drawing *drawing = data;
  GSource *source;

  if (!g_cancellable_set_error_if_cancelled (drawing->cancellable, &drawing->error))
    {
      g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_bytes (drawing->bytes);
      g_autoptr(GdkPixbuf) pixbuf =
        gdk_pixbuf_new_from_stream_at_scale (stream, drawing->width, drawing->height, FALSE,
                                             drawing->cancellable, &drawing->error);

      if (pixbuf)
        drawing->texture = texture_for_pixbuf (pixbuf);
    }
  /* a source of its own, not g_main_context_invoke (), which would run
   * drawn_cb here if the main thread happened not to hold the context */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, drawn_cb, drawing, drawing_free);
  g_source_attach (source, drawing->context);
  g_source_unref (source);
}

/* One figure at a time, in a thread of their own: drawn side by side on
 * every core, a screenful of them would slow the main thread too. */
static void
draw_later (Drawing *drawing)
{
  static GThreadPool *pool;

  if (pool == NULL)
    pool = g_thread_pool_new (draw_thread, NULL, 1, FALSE, NULL);
  g_thread_pool_push (pool, drawing, NULL);
}

/* Back in the main context. */
static gboolean
drawn_cb (gpointer data)
{
  Drawing *drawing = data;
  LudoFigure *self = drawing->figure;

  /* given up, or another drawing asked for since (at another size) */
  if (self->drawing != drawing)
    return G_SOURCE_REMOVE;
  self->drawing = NULL;
  self->drawn_width = drawing->width;
  self->drawn_height = drawing->height;
  if (drawing->texture == NULL)
    {
      /* not again at every frame: the figure stays blank */
      g_warning ("Cannot draw the figure %s: %s", self->path, drawing->error->message);
      return G_SOURCE_REMOVE;
    }
  drawn_insert (self->path, drawing->texture);
  g_set_object (&self->texture, drawing->texture);
  gdk_paintable_invalidate_contents (GDK_PAINTABLE (self));
  return G_SOURCE_REMOVE;
}

/* Whether what it shows is drawn for its size and scale (or cannot be). */
static gboolean
is_drawn (LudoFigure *self)
{
  return !self->vector || (self->drawn_width == self->shown_width * self->scale &&
                           self->drawn_height == self->shown_height * self->scale);
}

/* Takes what is drawn at the figure's size and scale, or has it drawn. */
static void
draw (LudoFigure *self)
{
  int width = self->shown_width * self->scale;
  int height = self->shown_height * self->scale;
  GdkTexture *texture = drawn_lookup (self->path, width, height);
  Drawing *drawing;

  if (texture)
    {
      g_set_object (&self->texture, texture);
      self->drawn_width = width;
      self->drawn_height = height;
      return;
    }
  if (self->drawing)
    return;
  drawing = g_new0 (Drawing, 1);
  drawing->figure = g_object_ref (self);
  drawing->context = g_main_context_ref_thread_default ();
  drawing->cancellable = g_cancellable_new ();
  drawing->bytes = g_bytes_ref (self->bytes);
  drawing->width = width;
  drawing->height = height;
  self->drawing = drawing;
  draw_later (drawing);
}

/* ------------------------------------------------------------------------ */
/* GdkPaintable                                                              */

static void
ludo_figure_snapshot (GdkPaintable *paintable,
                      GdkSnapshot  *snapshot,
                      double        width,
                      double        height)
{
  LudoFigure *self = LUDO_FIGURE (paintable);

  /* painted, so in sight: now is the time to draw it */
  if (!is_drawn (self))
    draw (self);
  if (self->texture)
    gdk_paintable_snapshot (GDK_PAINTABLE (self->texture), snapshot, width, height);
}

static int
ludo_figure_get_intrinsic_width (GdkPaintable *paintable)
{
  return LUDO_FIGURE (paintable)->shown_width;
}

static int
ludo_figure_get_intrinsic_height (GdkPaintable *paintable)
{
  return LUDO_FIGURE (paintable)->shown_height;
}

static void
ludo_figure_paintable_init (GdkPaintableInterface *iface)
{
  iface->snapshot = ludo_figure_snapshot;
  iface->get_intrinsic_width = ludo_figure_get_intrinsic_width;
  iface->get_intrinsic_height = ludo_figure_get_intrinsic_height;
}

/* ------------------------------------------------------------------------ */

static void
ludo_figure_dispose (GObject *object)
{
  LudoFigure *self = LUDO_FIGURE (object);

  ludo_figure_cancel (self);
  g_clear_object (&self->texture);
  G_OBJECT_CLASS (ludo_figure_parent_class)->dispose (object);
}

static void
ludo_figure_finalize (GObject *object)
{
  LudoFigure *self = LUDO_FIGURE (object);

  g_free (self->path);
  g_clear_pointer (&self->bytes, g_bytes_unref);
  G_OBJECT_CLASS (ludo_figure_parent_class)->finalize (object);
}

static void
ludo_figure_class_init (LudoFigureClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ludo_figure_dispose;
  object_class->finalize = ludo_figure_finalize;
}

static void
ludo_figure_init (LudoFigure *self)
{
  self->scale = 1;
}

LudoFigure *
ludo_figure_new (const char *resource_path)
{
  g_autoptr(GBytes) bytes = NULL;
  LudoFigure *self;

  g_return_val_if_fail (resource_path != NULL, NULL);

  /* the resource's own memory: nothing is read or copied */
  bytes = g_resources_lookup_data (resource_path, 0, NULL);
  if (bytes == NULL)
    return NULL;
  self = g_object_new (LUDO_TYPE_FIGURE, NULL);
  self->path = g_strdup (resource_path);
  self->bytes = g_bytes_ref (bytes);
  self->vector = svg_size (bytes, &self->width, &self->height);
  if (!self->vector)
    {
      /* not an SVG (a PNG decodes quickly): as it is, at once */
      self->texture = gdk_texture_new_from_bytes (bytes, NULL);
      if (self->texture == NULL)
        {
          g_object_unref (self);
          return NULL;
        }
      self->width = gdk_texture_get_width (self->texture);
      self->height = gdk_texture_get_height (self->texture);
    }
  self->shown_width = self->width;
  self->shown_height = self->height;
  return self;
}

const char *
ludo_figure_get_path (LudoFigure *self)
{
  g_return_val_if_fail (LUDO_IS_FIGURE (self), NULL);
  return self->path;
}

/* A size or scale changed: the figure is drawn again when next in sight,
 * the old picture shown (stretched) till then. */
static void
changed (LudoFigure *self,
         gboolean    size)
{
  ludo_figure_cancel (self);
  if (size)
    gdk_paintable_invalidate_size (GDK_PAINTABLE (self));
  gdk_paintable_invalidate_contents (GDK_PAINTABLE (self));
}

void
ludo_figure_set_scale (LudoFigure *self,
                       int         scale)
{
  g_return_if_fail (LUDO_IS_FIGURE (self));

  scale = MAX (scale, 1);
  if (self->scale == scale)
    return;
  self->scale = scale;
  if (self->vector)
    changed (self, FALSE);
}

void
ludo_figure_set_max_width (LudoFigure *self,
                           int         max_width)
{
  int width, height;

  g_return_if_fail (LUDO_IS_FIGURE (self));

  max_width = MAX (max_width, 0);
  if (self->max_width == max_width)
    return;
  self->max_width = max_width;
  width = self->width;
  height = self->height;
  if (max_width > 0 && width > max_width)
    {
      height = MAX (1, (int) round ((double) height * max_width / width));
      width = max_width;
    }
  if (width == self->shown_width && height == self->shown_height)
    return;
  self->shown_width = width;
  self->shown_height = height;
  changed (self, TRUE);
}

gboolean
ludo_figure_is_drawn (LudoFigure *self)
{
  g_return_val_if_fail (LUDO_IS_FIGURE (self), FALSE);
  return is_drawn (self);
}

void
ludo_figure_cancel (LudoFigure *self)
{
  g_return_if_fail (LUDO_IS_FIGURE (self));

  if (self->drawing)
    {
      Drawing *drawing = self->drawing;

      g_cancellable_cancel (drawing->cancellable);
      self->drawing = NULL;
    }
}
