/* ludo-stats-window.h — the Statistics window: finished games of each
 * game and mode, with a chart, resettable per game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LUDO_TYPE_STATS_WINDOW (ludo_stats_window_get_type ())
G_DECLARE_FINAL_TYPE (LudoStatsWindow, ludo_stats_window, LUDO, STATS_WINDOW, AdwWindow)

GtkWidget  *ludo_stats_window_new       (GtkWindow       *parent);
/* Reads the statistics file again and shows what it holds. */
void        ludo_stats_window_reload    (LudoStatsWindow *self);
/* Shows the page of a game. */
void        ludo_stats_window_show_game (LudoStatsWindow *self,
                                         const char      *game_id);
/* The text of a game's page, for tests: every title and count shown. */
char       *ludo_stats_window_get_text  (LudoStatsWindow *self,
                                         const char      *game_id);

G_END_DECLS
