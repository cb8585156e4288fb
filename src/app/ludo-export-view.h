/* ludo-export-view.h — a board view as a picture (PNG or SVG)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The UI half of exporting (the moves as text are in core/ludo-export.h).
 * A view is drawn as it was last drawn on screen, at its current size:
 * GTK 4.8 keeps a widget's drawing (its render node) only once a frame of
 * a mapped window has drawn it, so the view must be in a window that has
 * been shown and painted since the position changed. The window's menu
 * exports the view it shows; ludoteka-render (src/app/ludoteka-render.c)
 * shows one out of the way for `ludoteka-cli export --png/--svg`.
 */
#pragma once

#include <gtk/gtk.h>

#include "core/ludo-game.h"

G_BEGIN_DECLS

#define LUDO_EXPORT_VIEW_ERROR (ludo_export_view_error_quark ())

typedef enum {
  LUDO_EXPORT_VIEW_ERROR_NOT_DRAWN,   /* the view is not shown or not drawn yet */
  LUDO_EXPORT_VIEW_ERROR_NO_DISPLAY,
  LUDO_EXPORT_VIEW_ERROR_FAILED,      /* drawing or encoding failed */
} LudoExportViewError;

GQuark         ludo_export_view_error_quark   (void);

/* The view's drawing, scaled by scale (1: its size on screen, in logical
 * pixels), on the window's background colour, with its size in pixels.
 * NULL and an error if the view has not been drawn. */
GskRenderNode *ludo_export_view_render_node   (GtkWidget  *view,
                                               double      scale,
                                               int        *width,
                                               int        *height,
                                               GError    **error);

/* PNG at the view's size on screen. Written atomically (a temporary file
 * renamed over file), so a failure leaves an older file intact; errors
 * are translated and name the file. */
gboolean       ludo_export_view_png           (GtkWidget  *view,
                                               GFile      *file,
                                               GError    **error);
/* The same with the size multiplied by scale (e.g. the widget's scale
 * factor, for a sharp picture on a HiDPI screen). */
gboolean       ludo_export_view_png_scaled    (GtkWidget  *view,
                                               double      scale,
                                               GFile      *file,
                                               GError    **error);
/* SVG (vector: lines and text stay sharp at any size; images inside the
 * board, like a game's piece pictures, are embedded as pixels). */
gboolean       ludo_export_view_svg           (GtkWidget  *view,
                                               GFile      *file,
                                               GError    **error);

/* The window's "Export Board as Picture…": SVG when the file's name ends
 * in .svg (any case), else PNG at the view's scale factor (sharp on a HiDPI
 * screen). */
gboolean       ludo_export_view_save          (GtkWidget  *view,
                                               GFile      *file,
                                               GError    **error);

/* Loads the app's and every game's style sheet and icons for display, as
 * the application does at startup (for a program that is not the app). */
void           ludo_export_view_load_styles   (GdkDisplay *display);

/* Runs the main loop until view has been painted in a frame that started
 * after this call (it queues one), so that its drawing shows the current
 * position; the view must be in a window that is shown. FALSE and an
 * error after timeout_ms. */
gboolean       ludo_export_view_wait_drawn    (GtkWidget  *view,
                                               guint       timeout_ms,
                                               GError    **error);

G_END_DECLS
