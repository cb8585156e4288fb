/* ludo-move-list.h — the moves of the game; choosing one goes there
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "core/ludo-game.h"

G_BEGIN_DECLS

#define LUDO_TYPE_MOVE_LIST (ludo_move_list_get_type ())
G_DECLARE_FINAL_TYPE (LudoMoveList, ludo_move_list, LUDO, MOVE_LIST, AdwBin)

void      ludo_move_list_set_game   (LudoMoveList *self,
                                     LudoGame     *game);
LudoGame *ludo_move_list_get_game   (LudoMoveList *self);
void      ludo_move_list_set_viewer (LudoMoveList *self,
                                     int           viewer);

G_END_DECLS
