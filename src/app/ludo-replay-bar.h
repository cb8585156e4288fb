/* ludo-replay-bar.h — controls to step through a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The buttons drive the window's replay actions; the bar keeps the speed
 * and shows where the replay is.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LUDO_TYPE_REPLAY_BAR (ludo_replay_bar_get_type ())
G_DECLARE_FINAL_TYPE (LudoReplayBar, ludo_replay_bar, LUDO, REPLAY_BAR, GtkWidget)

/* 0 slow … 3 very fast */
guint ludo_replay_bar_get_speed        (LudoReplayBar *self);
void  ludo_replay_bar_set_speed        (LudoReplayBar *self,
                                        guint          speed);
/* Milliseconds between moves at the current speed */
guint ludo_replay_bar_get_interval     (LudoReplayBar *self);
void  ludo_replay_bar_set_position     (LudoReplayBar *self,
                                        guint          ply,
                                        guint          n_moves);

/* The computer's review: its button if offered, or, while it runs, how
 * far it is (done moves of total) and its Stop button */
void  ludo_replay_bar_set_review       (LudoReplayBar *self,
                                        gboolean       offered,
                                        gboolean       reviewing,
                                        guint          done,
                                        guint          total);

G_END_DECLS
