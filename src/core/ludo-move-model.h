/* ludo-move-model.h — the moves of a game as a list model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Item 0 (a LudoMoveItem) is the start position, item n the position after
 * move n, each described as the viewer may see it. After a change of the
 * game only the rows that changed are replaced: a move played costs a row
 * (and the row its tail mark left), whatever the length of the game.
 */
#pragma once

#include <gio/gio.h>

#include "ludo-game.h"
#include "ludo-move-item.h"

G_BEGIN_DECLS

#define LUDO_TYPE_MOVE_MODEL (ludo_move_model_get_type ())
G_DECLARE_FINAL_TYPE (LudoMoveModel, ludo_move_model, LUDO, MOVE_MODEL, GObject)

LudoMoveModel *ludo_move_model_new        (LudoGame      *game);
LudoGame      *ludo_move_model_get_game   (LudoMoveModel *self);
void           ludo_move_model_set_game   (LudoMoveModel *self,
                                           LudoGame      *game);
int            ludo_move_model_get_viewer (LudoMoveModel *self);
void           ludo_move_model_set_viewer (LudoMoveModel *self,
                                           int            viewer);

G_END_DECLS
