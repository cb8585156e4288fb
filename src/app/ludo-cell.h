/* ludo-cell.h — one square, hole or point of a board, as a real widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every game view builds its board from cells, so that each place is
 * announced by assistive technology with a name that says what is there,
 * can take keyboard focus (arrow keys move between cells of a grid) and is
 * activated by click, Enter or Space. What a cell shows is drawn by the
 * view's draw function.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LUDO_TYPE_CELL (ludo_cell_get_type ())
G_DECLARE_FINAL_TYPE (LudoCell, ludo_cell, LUDO, CELL, GtkWidget)

/* What the draw function is asked to draw: all of the cell; or, while a
 * piece slides in (see ludo_cell_set_piece_away), the cell without its
 * piece; or the piece alone, which the slide carries. */
typedef enum {
  LUDO_CELL_LAYER_ALL,
  LUDO_CELL_LAYER_BOARD,
  LUDO_CELL_LAYER_PIECE,
} LudoCellLayer;

typedef void (*LudoCellDrawFunc) (LudoCell    *cell,
                                  GtkSnapshot *snapshot,
                                  int          width,
                                  int          height,
                                  gpointer     user_data);

/* An activatable cell is a button to assistive technology; the other kind
 * is an image with a name (it may still take focus, to be read). */
GtkWidget  *ludo_cell_new            (gboolean          activatable);
void        ludo_cell_set_draw_func  (LudoCell         *self,
                                      LudoCellDrawFunc  func,
                                      gpointer          user_data,
                                      GDestroyNotify    destroy);
const char *ludo_cell_get_label      (LudoCell         *self);
void        ludo_cell_set_label      (LudoCell         *self,
                                      const char       *label);
gboolean    ludo_cell_get_selected   (LudoCell         *self);
void        ludo_cell_set_selected   (LudoCell         *self,
                                      gboolean          selected);
gboolean    ludo_cell_get_activatable (LudoCell        *self);
void        ludo_cell_set_size       (LudoCell         *self,
                                      int               size);
void        ludo_cell_set_min_size   (LudoCell         *self,
                                      int               min_size);
/* For the draw function: any integer the view wants to keep on the cell. */
void        ludo_cell_set_data       (LudoCell         *self,
                                      int               data);
int         ludo_cell_get_data       (LudoCell         *self);

/* Shows the change from what the cell showed last to what it shows now:
 * a cross-fade of duration_ms (or a wipe, see below) after delay_ms. The
 * view calls it after a move; nothing happens for a cell not yet shown. */
void        ludo_cell_animate_change (LudoCell         *self,
                                      guint             delay_ms,
                                      guint             duration_ms);
gboolean    ludo_cell_is_animating   (LudoCell         *self);
/* A change comes in from the start of the line instead of fading in:
 * for a row of pegs, one peg after the other. */
void        ludo_cell_set_wipe       (LudoCell         *self,
                                      gboolean          wipe);

/* For the draw function: which layer it draws now. */
LudoCellLayer ludo_cell_get_layer    (LudoCell         *self);
/* The piece alone, drawn at the cell's size, or NULL for none. */
GskRenderNode *ludo_cell_draw_piece  (LudoCell         *self);
/* While a piece slides onto the cell, the cell draws itself without it. */
void        ludo_cell_set_piece_away (LudoCell         *self,
                                      gboolean          away);

/* A board's keyboard cursor: only the cursor's cell is in the Tab chain.
 * Moves it from one cell to another and gives that one the focus. */
void        ludo_cell_move_cursor    (LudoCell         *from,
                                      LudoCell         *to);
/* The cell under a point of a board (a widget that holds cells), or NULL. */
LudoCell   *ludo_cell_pick           (GtkWidget        *board,
                                      double            x,
                                      double            y);

G_END_DECLS
