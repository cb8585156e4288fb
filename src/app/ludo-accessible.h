/* ludo-accessible.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void ludo_accessible_label_drop_down (GtkDropDown *drop_down,
                                      const char  *label);

void ludo_accessible_strip_mnemonics (GtkWidget   *root);
void ludo_accessible_label_combo_row  (GtkWidget   *row);

G_END_DECLS
