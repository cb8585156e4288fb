/* ludo-ui-testing.h — what the UI tests share: finding widgets as a
 * person finds them on the screen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

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
char      *ludo_test_statuses    (GtkWidget  *root);/* widget drawn by its window's renderer: width × height pixels of 4
 * bytes, as gdk_texture_download () gives them; g_free () them. */
guchar    *ludo_test_render      (GtkWidget  *widget,
                                  int        *width,
                                  int        *height);

G_END_DECLS
