/* ludo-logik-view.h — the Logik board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "app/ludo-game-view.h"

G_BEGIN_DECLS

#define LUDO_TYPE_LOGIK_VIEW (ludo_logik_view_get_type ())
G_DECLARE_FINAL_TYPE (LudoLogikView, ludo_logik_view, LUDO, LOGIK_VIEW, LudoGameView)

/* For tests: what is being composed, as letters ("AB_D_") */
char *ludo_logik_view_get_pending         (LudoLogikView *self);
/* For tests: the colour in hand (0 is A), -1 for none */
int   ludo_logik_view_get_selected_colour (LudoLogikView *self);

G_END_DECLS
