/* ludo-levels-view.h — the board of Levels: cells, squares, pieces, blocks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "app/ludo-cell.h"
#include "app/ludo-game-view.h"
#include "levels-rules.h"

G_BEGIN_DECLS

#define LUDO_TYPE_LEVELS_VIEW (ludo_levels_view_get_type ())
G_DECLARE_FINAL_TYPE (LudoLevelsView, ludo_levels_view, LUDO, LEVELS_VIEW, LudoGameView)

/* As a click or Enter on the cell does (tests). */
void       ludo_levels_view_activate_cell (LudoLevelsView *self,
                                           int             cell);
/* As the pointer or the keyboard cursor resting on the cell does: the
 * action there is previewed (tests; -1 for none). */
void       ludo_levels_view_point_at      (LudoLevelsView *self,
                                           int             cell);
/* The cell of the chosen piece, or -1. */
int        ludo_levels_view_get_selected  (LudoLevelsView *self);
/* The action whose effect is shown, or LVL_MOVE_NONE. */
LevelsMove ludo_levels_view_get_preview   (LudoLevelsView *self);
int        ludo_levels_view_get_cursor    (LudoLevelsView *self);
LudoCell  *ludo_levels_view_get_cell      (LudoLevelsView *self,
                                           int             cell);

G_END_DECLS
