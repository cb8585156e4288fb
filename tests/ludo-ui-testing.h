/* ludo-ui-testing.h — what the UI tests share: finding widgets as a
 * person finds them on the screen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* All descendants of root (root too) of a type, in tree order. */
GPtrArray *ludo_test_find_all    (GtkWidget  *root,
                                  GType       type);
/* The button on the screen (mapped) whose label is label, or begins with
 * it if prefix; NULL if there is none. */
GtkWidget *ludo_test_find_button (GtkWidget  *root,
                                  const char *label,
                                  gboolean    prefix);

G_END_DECLS
