/* ludo-ui-testing.h — what the UI tests share: the application and its
 * windows, a view shown on its own, finding widgets as a person finds
 * them on the screen, keys, waiting, drawing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "app/ludo-application.h"
#include "app/ludo-game-view.h"
#include "app/ludo-window.h"

G_BEGIN_DECLS

/* gtk_test_init () and adw_init () in a home of the test's own: a new
 * folder (returned; g_free () it) holds the XDG data, config, cache and
 * state folders, set before GLib reads them, so that no autosave, setting
 * or statistic comes from or goes to the person's home. */
char      *ludo_test_init        (int        *argc,
                                  char     ***argv);

/* All descendants of root (root too) of a type, in tree order. */
GPtrArray *ludo_test_find_all    (GtkWidget  *root,
                                  GType       type);
/* The button on the screen (mapped) whose label is label, or begins with
 * it if prefix; NULL if there is none. */
GtkWidget *ludo_test_find_button (GtkWidget  *root,
                                  const char *label,
                                  gboolean    prefix);

/* Runs the main loop until cond (data) is true; fails after seconds. */
void       ludo_test_wait_until  (gboolean  (*cond) (gpointer data),
                                  gpointer    data,
                                  guint       seconds);
/* Runs the main loop for ms milliseconds. */
void       ludo_test_spin        (guint       ms);
/* What a screen reader can read out under root now: the text of every
 * mapped label whose role is status, joined by newlines. */
char      *ludo_test_statuses    (GtkWidget  *root);
/* widget drawn (by cairo): width × height pixels of 4 bytes, as
 * gdk_texture_download () gives them; g_free () them. */
guchar    *ludo_test_render      (GtkWidget  *widget,
                                  int        *width,
                                  int        *height);
/* A run with ADW_DEBUG_HIGH_CONTRAST (the suite's high-contrast runs) is
 * in libadwaita's high contrast: fails if not. */
void       ludo_test_check_high_contrast (void);
/* Fails, quoting both, unless text says part. */
void       ludo_test_assert_contains (const char *text,
                                      const char *part);

/* ------------------------------------------------------------------------ */
/* The application and its windows                                          */

/* The application the test's windows belong to: not unique, it opens
 * files, registered; the computer's moves in a demo come at once
 * (LUDOTEKA_DEMO_DELAY_MS). After ludo_test_init (); g_object_unref () it. */
LudoApplication  *ludo_test_app_new             (void);
/* A window of app, shown; closed with ludo_test_close_window (). */
LudoWindow       *ludo_test_new_window          (LudoApplication *app);
void              ludo_test_close_window        (LudoWindow      *window);
/* Opens file as the window does, in the background, and waits for it:
 * the call itself must come back before the file is read. */
gboolean          ludo_test_open_file           (LudoWindow      *window,
                                                 GFile           *file,
                                                 GError         **error);
/* The same in two halves, for what happens meanwhile: the window's call
 * (which must come back before the file is read), then waiting until it
 * is done; opening->error is the caller's to free. */
typedef struct {
  gboolean  done;
  gboolean  ok;
  GError   *error;
} LudoTestOpening;
void              ludo_test_open_file_begin     (LudoWindow      *window,
                                                 GFile           *file,
                                                 LudoTestOpening *opening);
void              ludo_test_open_file_wait      (LudoTestOpening *opening);
/* The first window on the screen (of any application) of type, transient
 * for parent unless parent is NULL; NULL if there is none. */
GtkWindow        *ludo_test_find_toplevel       (GType            type,
                                                 GtkWindow       *parent);
/* The message dialog on the screen, if any. */
AdwMessageDialog *ludo_test_find_message_dialog (void);
/* The privacy screen, where the game has one up: its Show the Board
 * button, clicked, and the board is shown. */
void              ludo_test_show_board          (LudoWindow      *window);
/* Every control on the screen under widget has a name for assistive
 * technology: each board cell, each button (its label, text or accessible
 * label); fails naming the first that has none. */
void              ludo_test_check_names         (GtkWidget       *widget);
/* Conditions for ludo_test_wait_until (): the window (data) is not
 * waiting for the computer; the game (data) is over; nothing moves on the
 * window's (data) board, no piece sliding, no cell changing. */
gboolean          ludo_test_not_thinking        (gpointer         window);
gboolean          ludo_test_game_over           (gpointer         game);
gboolean          ludo_test_board_still         (gpointer         window);
/* How many cells of view are changing (fading from one picture to the
 * next). */
guint             ludo_test_count_animating     (LudoGameView    *view);
/* The window's board view drawn, as ludo_test_render (); it is at least
 * 300 px each way. */
guchar           *ludo_test_render_view         (LudoWindow      *window,
                                                 int             *width,
                                                 int             *height);

/* ------------------------------------------------------------------------ */
/* A game's view on its own                                                  */

/* A view of game in a window of its own, width × height, shown and
 * interactive, drawn once; *window is the window, to destroy. */
LudoGameView     *ludo_test_show_view           (LudoGame        *game,
                                                 int              width,
                                                 int              height,
                                                 GtkWindow      **window);
/* keyval pressed as a person would on widget (a board's cell): the key
 * controllers of widget and of its ancestors, nearest first, until one
 * takes it (a board's controller sits above its cells). */
gboolean          ludo_test_press_key           (GtkWidget       *widget,
                                                 guint            keyval);
/* A piece dragged with the pointer as a person drags it, from the middle
 * of from to the middle of to (of from if to is NULL) moved by dx, dy:
 * the drag gesture of from or of its nearest ancestor that has one (a
 * board's sits above its cells) begins, follows the pointer there in
 * steps, and ends. */
void              ludo_test_drag                (GtkWidget       *from,
                                                 GtkWidget       *to,
                                                 double           dx,
                                                 double           dy);
/* How many labels of the side panel's rows under root are marked (bold)
 * as the player to play. */
guint             ludo_test_count_to_play       (GtkWidget       *root);

/* The manual's figures, drawn by a game's view (help/C/figures): */
/* the folder to draw them in: LUDOTEKA_FIGURES_DIR, else a scratch folder
 * of the test's own (*scratch TRUE); g_free () it. */
char             *ludo_test_figures_dir         (gboolean        *scratch);
/* widget as it is drawn now, into an SVG file at path: all of it, or the
 * square in its middle if square. The figure must show no words: it is
 * the same in every language. */
void              ludo_test_draw_svg            (GtkWidget       *widget,
                                                 const char      *path,
                                                 gboolean         square);
/* The files of dir whose names begin with prefix are SVG drawings, vector
 * only (no embedded image), n of them; in a scratch folder they go, and
 * the folder with them. */
void              ludo_test_figures_done        (const char      *dir,
                                                 gboolean         scratch,
                                                 const char      *prefix,
                                                 guint            n);

G_END_DECLS
