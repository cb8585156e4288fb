/* ludo-window.h — the main window: the game chooser, a game with its view,
 * moves, rules and replay controls
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "app/ludo-game-view.h"
#include "core/ludo-game.h"

G_BEGIN_DECLS

#define LUDO_TYPE_WINDOW (ludo_window_get_type ())
G_DECLARE_FINAL_TYPE (LudoWindow, ludo_window, LUDO, WINDOW, AdwApplicationWindow)

LudoWindow   *ludo_window_new             (AdwApplication *application);

/* Plays game in the window; file is where it came from (or NULL). */
void          ludo_window_set_game        (LudoWindow     *self,
                                           LudoGame       *game,
                                           GFile          *file);
LudoGame     *ludo_window_get_game        (LudoWindow     *self);
LudoGameView *ludo_window_get_view        (LudoWindow     *self);
GFile        *ludo_window_get_file        (LudoWindow     *self);
/* Reads a save in a worker thread, then plays it; on error shows a dialog
 * and leaves the game as it was. Of several files asked for, the last one
 * read well is shown. A new game cancels the reading. */
void          ludo_window_open_file       (LudoWindow          *self,
                                           GFile               *file,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
gboolean      ludo_window_open_file_finish (LudoWindow         *self,
                                            GAsyncResult       *result,
                                            GError            **error);
gboolean      ludo_window_save_to_file    (LudoWindow     *self,
                                           GFile          *file,
                                           GError        **error);
/* Writes the moves up to the position shown as text, with only what the
 * screen may show of secret moves (the menu's Export Moves as Text). */
gboolean      ludo_window_export_moves    (LudoWindow     *self,
                                           GFile          *file,
                                           GError        **error);
/* Offers to resume the autosaved game, if there is an unfinished one
 * (read in a worker thread; the offer comes when it is read). */
void          ludo_window_check_autosave  (LudoWindow     *self);
void          ludo_window_show_chooser    (LudoWindow     *self);
/* Opens the new game dialog for a game (the current one if NULL). */
GtkWindow    *ludo_window_new_game_dialog (LudoWindow     *self,
                                           const char     *game_id);
gboolean      ludo_window_is_thinking     (LudoWindow     *self);
gboolean      ludo_window_is_replaying    (LudoWindow     *self);
gboolean      ludo_window_privacy_shown   (LudoWindow     *self);
/* Whether the window shows no game and reads no file: a file opened from
 * outside may take it instead of a new window. */
gboolean      ludo_window_is_blank        (LudoWindow     *self);
const char   *ludo_window_get_status      (LudoWindow     *self);

G_END_DECLS
