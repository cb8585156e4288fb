/* ludo-spiderweb-game.h — Spider Web as a LudoGame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/ludo-game.h"
#include "spiderweb-rules.h"

G_BEGIN_DECLS

#define LUDO_TYPE_SPIDERWEB_GAME (ludo_spiderweb_game_get_type ())
G_DECLARE_FINAL_TYPE (LudoSpiderwebGame, ludo_spiderweb_game, LUDO, SPIDERWEB_GAME, LudoGame)

extern const LudoGameInfo ludo_spiderweb_game_info;

/* The position at the cursor, and at any ply of the history. */
const SpiderwebPos *ludo_spiderweb_game_get_position    (LudoSpiderwebGame *self);
const SpiderwebPos *ludo_spiderweb_game_get_position_at (LudoSpiderwebGame *self,
                                                         guint              ply);
/* "ring 3, spoke 6", 1-based as people count, translated. */
char               *ludo_spiderweb_node_label           (const SpiderwebPos *pos,
                                                         int                 node);

G_END_DECLS
