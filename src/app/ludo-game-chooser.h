/* ludo-game-chooser.h — the first page: the games, and the game to resume
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LUDO_TYPE_GAME_CHOOSER (ludo_game_chooser_get_type ())
G_DECLARE_FINAL_TYPE (LudoGameChooser, ludo_game_chooser, LUDO, GAME_CHOOSER, AdwBin)

/* The unfinished games to offer, a row each (NULL or none: no rows):
 * "resume-activated" gives the index of the one picked. */
void ludo_game_chooser_set_unfinished (LudoGameChooser    *self,
                                       const char * const *titles,
                                       const char * const *descriptions);

G_END_DECLS
