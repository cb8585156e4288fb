/* ludo-player-row.h — a player in a board's side panel: the look of their
 * pieces, their name, what they hold, and whether it is their turn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LUDO_TYPE_PLAYER_ROW (ludo_player_row_get_type ())
G_DECLARE_FINAL_TYPE (LudoPlayerRow, ludo_player_row, LUDO, PLAYER_ROW, GtkListBoxRow)

/* draw_icon draws the seat's piece (user data: the seat, as an int). */
GtkWidget  *ludo_player_row_new         (GtkDrawingAreaDrawFunc  draw_icon,
                                         int                     seat);
/* The name in bold while it is the player's turn; the details below it.
 * Both are what assistive technology reads for the row. */
void        ludo_player_row_set_player  (LudoPlayerRow          *self,
                                         const char             *name,
                                         const char             *details,
                                         gboolean                to_play);
/* After a change of style: the icon again. */
void        ludo_player_row_redraw_icon (LudoPlayerRow          *self);

G_END_DECLS
