/* ludo-new-game-dialog.h — seats, levels and options for a new game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built from the game's row in the registry; remembers the last choices
 * per game in GSettings.
 */
#pragma once

#include <adwaita.h>

#include "core/ludo-game.h"

G_BEGIN_DECLS

#define LUDO_TYPE_NEW_GAME_DIALOG (ludo_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (LudoNewGameDialog, ludo_new_game_dialog, LUDO, NEW_GAME_DIALOG, AdwWindow)

LudoNewGameDialog *ludo_new_game_dialog_new        (GtkWindow         *parent,
                                                    const char        *game_id,
                                                    GSettings         *settings);
/* The game as set up so far (what Start would create) */
LudoGame          *ludo_new_game_dialog_build_game (LudoNewGameDialog *self);
/* For tests: 0 person, 1–3 computer Easy–Hard */
void               ludo_new_game_dialog_set_seat   (LudoNewGameDialog *self,
                                                    guint              seat,
                                                    guint              choice);
void               ludo_new_game_dialog_set_option (LudoNewGameDialog *self,
                                                    const char        *option,
                                                    int                value);
void               ludo_new_game_dialog_start      (LudoNewGameDialog *self);

G_END_DECLS
