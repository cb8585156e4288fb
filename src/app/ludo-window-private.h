/* ludo-window-private.h — what ludo-window.c and ludo-window-actions.c
 * share, and what the UI tests look at
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "app/ludo-game-page.h"
#include "app/ludo-window.h"
#include "core/ludo-autosave.h"

G_BEGIN_DECLS

struct _LudoWindow
{
  AdwApplicationWindow parent_instance;

  /* from ludo-window.ui */
  GtkWidget    *toast_overlay;
  GtkWidget    *back_button;
  GtkWidget    *new_game_button;
  GtkWidget    *undo_box;
  GtkWidget    *hint_button;
  GtkWidget    *side_button;
  GtkWidget    *window_title;
  GtkWidget    *pause_button;
  GtkWidget    *stack;
  GtkWidget    *chooser;

  GtkWidget    *page;        /* LudoGamePage: NULL until the first game */
  GtkWidget    *shortcuts;   /* built when first asked for */
  GtkEventController *mode_keys;

  GSettings    *settings;
  LudoSession  *session;
  gulong        session_handlers[4];
  gulong        game_handler;
  GPtrArray    *unfinished;        /* LudoAutosaveEntry: what the chooser offers */
  GCancellable *unfinished_cancellable;
  GCancellable *load_cancellable;  /* files being read; cancelled by a new game */
  guint         open_serial;       /* files asked for … */
  guint         shown_serial;      /* … and the last of them shown */
  gboolean      side_panel;
};

/* ludo-window.c */
void          _ludo_window_toast             (LudoWindow   *self,
                                              const char   *text);
void          _ludo_window_show_error        (LudoWindow   *self,
                                              const char   *heading,
                                              const char   *body);
void          _ludo_window_update            (LudoWindow   *self);
/* Plays game instead of the one on the board, asking first if that
 * abandons a game in progress. */
void          _ludo_window_replace_game      (LudoWindow   *self,
                                              LudoGame     *game,
                                              GFile        *file);

/* ludo-window-actions.c: the window's actions, their keys, and the file
 * and export dialogs they open */
void          _ludo_window_class_actions_init (GtkWidgetClass *widget_class);

/* For the UI tests */
LudoGame     *ludo_window_get_game           (LudoWindow   *self);
LudoGameView *ludo_window_get_view           (LudoWindow   *self);
gboolean      ludo_window_is_thinking        (LudoWindow   *self);
gboolean      ludo_window_is_replaying       (LudoWindow   *self);
gboolean      ludo_window_privacy_shown      (LudoWindow   *self);
const char   *ludo_window_get_status         (LudoWindow   *self);
void          ludo_window_show_chooser       (LudoWindow   *self);
/* Opens the new game dialog for a game (the current one if NULL). */
GtkWindow    *ludo_window_new_game_dialog    (LudoWindow   *self,
                                              const char   *game_id);
/* Saves as Ctrl+S does, asking in a dialog where the file may not or
 * should not be written (read-only, changed on disk). */
gboolean      ludo_window_save_to_file       (LudoWindow   *self,
                                              GFile        *file,
                                              GError      **error);
/* Writes the moves up to the position shown as text, with only what the
 * screen may show of secret moves (the menu's Export Moves as Text). */
gboolean      ludo_window_export_moves       (LudoWindow   *self,
                                              GFile        *file,
                                              GError      **error);
/* The unfinished games the chooser offers (LudoAutosaveEntry). */
GPtrArray    *ludo_window_get_unfinished     (LudoWindow   *self);
void          ludo_window_resume             (LudoWindow   *self,
                                              guint         index);

G_END_DECLS
