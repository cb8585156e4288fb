/* ludo-move-item.h — one row of the move list: a position and the move
 * that led to it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define LUDO_TYPE_MOVE_ITEM (ludo_move_item_get_type ())
G_DECLARE_FINAL_TYPE (LudoMoveItem, ludo_move_item, LUDO, MOVE_ITEM, GObject)

LudoMoveItem *ludo_move_item_new      (guint         ply,
                                       const char   *text,
                                       gboolean      tail);
/* The position the row stands for: 0 is the start, n the position after
 * move n. */
/* A row whose screen reader words are not only its text (the computer's
 * verdict on the move) */
LudoMoveItem *ludo_move_item_new_spoken (guint       ply,
                                         const char *text,
                                         gboolean    tail,
                                         const char *spoken);
const char   *ludo_move_item_get_spoken (LudoMoveItem *self);
guint         ludo_move_item_get_ply  (LudoMoveItem *self);
/* "7. Anna: Guess 3: ABCDE — 2 black, 1 white", as the viewer may see it. */
const char   *ludo_move_item_get_text (LudoMoveItem *self);
/* Whether the move is in the redo tail, after the current position. */
gboolean      ludo_move_item_get_tail (LudoMoveItem *self);

G_END_DECLS
