/* ludo-setup-form.h — the players and options of one game, as rows of two
 * preferences groups, remembered in GSettings ("seats", "options")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The New Game dialog starts a game from it; the Preferences window shows
 * one for each game and saves every change at once.
 */
#pragma once

#include <adwaita.h>

#include "core/ludo-game.h"

G_BEGIN_DECLS

#define LUDO_TYPE_SETUP_FORM (ludo_setup_form_get_type ())
G_DECLARE_FINAL_TYPE (LudoSetupForm, ludo_setup_form, LUDO, SETUP_FORM, GObject)

/* Fills players and options with the game's rows, from what settings
 * remember; with_names adds a name row under each person's seat. */
LudoSetupForm *ludo_setup_form_new          (const char          *game_id,
                                             GSettings           *settings,
                                             AdwPreferencesGroup *players,
                                             AdwPreferencesGroup *options,
                                             gboolean             with_names);
LudoGame      *ludo_setup_form_build_game   (LudoSetupForm       *self);
/* Remembers the choices for the next game of the same kind. */
void           ludo_setup_form_save         (LudoSetupForm       *self);
/* choice: 0 a person, 1 … 3 the computer, Easy … Hard */
void           ludo_setup_form_set_seat     (LudoSetupForm       *self,
                                             guint                seat,
                                             guint                choice);
void           ludo_setup_form_set_option   (LudoSetupForm       *self,
                                             const char          *option,
                                             int                  value);
/* "Person, Computer: Hard · Places: 5 …": the choices in one line. */
char          *ludo_setup_form_describe     (LudoSetupForm       *self);

G_END_DECLS
