/* ludo-logik-game.h — Logik as a LudoGame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/ludo-game.h"
#include "logik-rules.h"

G_BEGIN_DECLS

#define LUDO_TYPE_LOGIK_GAME (ludo_logik_game_get_type ())
G_DECLARE_FINAL_TYPE (LudoLogikGame, ludo_logik_game, LUDO, LOGIK_GAME, LudoGame)

extern const LudoGameInfo ludo_logik_game_info;

const LogikState *ludo_logik_game_get_rules     (LudoLogikGame *self);
const LogikState *ludo_logik_game_get_rules_at  (LudoLogikGame *self,
                                                 guint          ply);
/* The name of colour c (0 … 9), translated: "red" */
const char       *ludo_logik_colour_name        (int            colour);

G_END_DECLS
