/* ludo-figure.h — a figure of the manual as a paintable: its size known at
 * once, its picture drawn in a worker thread the first time it is in sight
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LUDO_TYPE_FIGURE (ludo_figure_get_type ())
G_DECLARE_FINAL_TYPE (LudoFigure, ludo_figure, LUDO, FIGURE, GObject)

/* The figure in the resource at path; NULL if there is none. */
LudoFigure *ludo_figure_new             (const char *resource_path);
const char *ludo_figure_get_path        (LudoFigure *self);
/* The pixels per unit it is drawn for (the widget's scale factor). */
void        ludo_figure_set_scale       (LudoFigure *self,
                                         int         scale);
/* The widest it may be shown, in units (0: as wide as it is); a wider
 * figure is shown smaller, keeping its proportions. */
void        ludo_figure_set_max_width   (LudoFigure *self,
                                         int         max_width);
/* Whether it has nothing left to draw at its size and scale (for tests). */
gboolean    ludo_figure_is_drawn        (LudoFigure *self);
/* Gives up a drawing asked for and not yet done: the page is left. */
void        ludo_figure_cancel          (LudoFigure *self);

G_END_DECLS
