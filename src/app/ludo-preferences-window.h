/* ludo-preferences-window.h — Preferences: how games are played and shown,
 * and what each kind of game starts with
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LUDO_TYPE_PREFERENCES_WINDOW (ludo_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (LudoPreferencesWindow, ludo_preferences_window, LUDO, PREFERENCES_WINDOW, AdwPreferencesWindow)

GtkWidget *ludo_preferences_window_new       (GtkWindow             *parent);
/* Shows the players and options of a game, as its row does. */
void       ludo_preferences_window_show_game (LudoPreferencesWindow *self,
                                              const char            *game_id);

G_END_DECLS
