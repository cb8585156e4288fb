/* ludo-emperor-view.h — the Emperor Chess board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "app/ludo-game-view.h"

G_BEGIN_DECLS

#define LUDO_TYPE_EMPEROR_VIEW (ludo_emperor_view_get_type ())
G_DECLARE_FINAL_TYPE (LudoEmperorView, ludo_emperor_view, LUDO, EMPEROR_VIEW, LudoGameView)

/* For tests and the keyboard: what a click on the square does */
void     ludo_emperor_view_activate_square (LudoEmperorView *self,
                                            int              square);
int      ludo_emperor_view_get_selected    (LudoEmperorView *self);
gboolean ludo_emperor_view_get_flipped     (LudoEmperorView *self);
/* Chooses the piece when a pawn promotes (an EMP_* type) */
void     ludo_emperor_view_choose_promotion (LudoEmperorView *self,
                                             int              type);

G_END_DECLS
