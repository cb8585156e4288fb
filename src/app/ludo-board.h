/* ludo-board.h — a board's layers: its drawing and the cells over it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every child of a board is given the same rectangle, and the board is
 * as large as its largest child needs: a drawing and a grid of LudoCells
 * laid over it are one size at every window size, so each cell is where
 * its square is drawn, and the board is never squeezed smaller than its
 * cells. (A GtkOverlay is measured by its main child alone.) The last
 * child is on top.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LUDO_TYPE_BOARD (ludo_board_get_type ())
G_DECLARE_FINAL_TYPE (LudoBoard, ludo_board, LUDO, BOARD, GtkWidget)

GtkWidget *ludo_board_new (void);

/* A widget's children laid out as a board's are, one over the other (its
 * GtkBinLayout), for a widget that has its own size_allocate (a layout
 * manager would be allocated in its place): the request mode of its first
 * child, and every child that should be laid out measured and given the
 * whole widget. */
GtkSizeRequestMode ludo_layers_get_request_mode (GtkWidget      *widget);
void               ludo_layers_measure          (GtkWidget      *widget,
                                                 GtkOrientation  orientation,
                                                 int             for_size,
                                                 int            *minimum,
                                                 int            *natural,
                                                 int            *minimum_baseline,
                                                 int            *natural_baseline);
void               ludo_layers_allocate         (GtkWidget      *widget,
                                                 int             width,
                                                 int             height,
                                                 int             baseline);

G_END_DECLS
