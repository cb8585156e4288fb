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
/* A button named otherwise than its label says (the label is not read
 * after the name). */
void ludo_accessible_name_button      (GtkWidget   *button,
                                       const char  *name);
/* Scrolled windows under root that GTK 4.8 makes focusable: a stop for
 * the keyboard with no name. The keyboard goes to what is in them. */
void ludo_accessible_unfocus_scrollers (GtkWidget  *root);

/* What GtkShortcutsWindow leaves nameless, or named by a type or with
 * an underscore: its search, its pages, its list of sections. */
void ludo_accessible_name_shortcuts_window (GtkWidget *window);

/* Shows a file chooser; where GTK draws its own (no portal), its buttons
 * are named by their labels alone. */
void ludo_accessible_show_file_chooser (GtkNativeDialog *dialog);

/* An AdwMessageDialog whose response buttons a screen reader names by
 * their labels alone (GTK 4.8 reads "_Cancel Cancel"), whatever
 * responses are added before it shows. */
GtkWidget *ludo_message_dialog_new    (GtkWindow   *parent,
                                       const char  *heading,
                                       const char  *body);

G_END_DECLS
