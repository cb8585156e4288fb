/* ludo-window.h — the main window: the game chooser, or a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "core/ludo-game.h"
#include "core/ludo-session.h"

G_BEGIN_DECLS

#define LUDO_TYPE_WINDOW (ludo_window_get_type ())
G_DECLARE_FINAL_TYPE (LudoWindow, ludo_window, LUDO, WINDOW, AdwApplicationWindow)

LudoWindow   *ludo_window_new              (AdwApplication      *application);

/* Plays game in the window; file is where it came from (or NULL). The
 * game shown before is given up. */
void          ludo_window_set_game         (LudoWindow          *self,
                                            LudoGame            *game,
                                            GFile               *file);
LudoSession  *ludo_window_get_session      (LudoWindow          *self);
/* The file of the game shown, NULL if none. */
GFile        *ludo_window_get_file         (LudoWindow          *self);
/* Reads a save in a worker thread, then plays it; on error shows a dialog
 * and leaves the game as it was. Of several files asked for, the last one
 * read well is shown. A new game cancels the reading. */
void          ludo_window_open_file        (LudoWindow          *self,
                                            GFile               *file,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
gboolean      ludo_window_open_file_finish (LudoWindow          *self,
                                            GAsyncResult        *result,
                                            GError             **error);
/* Looks for the unfinished games nobody plays (in a worker thread) and
 * offers them on the game chooser. */
void          ludo_window_find_unfinished  (LudoWindow          *self);
/* Whether the window shows no game and reads no file: a file opened from
 * outside may take it instead of a new window. */
gboolean      ludo_window_is_blank         (LudoWindow          *self);

G_END_DECLS
