/* ludo-accessible.c — what GTK 4.8 leaves nameless for a screen reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ludo-accessible.h"

/* GtkDropDown opens with a button of its own, which a screen reader meets
 * as "GtkToggleButton": it gets the drop-down's name as well. */
void
ludo_accessible_label_drop_down (GtkDropDown *drop_down,
                                 const char  *label)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  gtk_accessible_update_property (GTK_ACCESSIBLE (drop_down), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop_down));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* GTK 4.8 gives a button with a mnemonic the name "_New Game New Game":
 * the label with its underscore, then the label again; the button inside a
 * GtkMenuButton it calls "GtkMenuButton". */
static void
name_button (GtkWidget *button,
             const char *label)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  /* the button's label, which names it a second time */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static void
button_label_cb (GtkWidget  *button,
                 GParamSpec *pspec,
                 gpointer    user_data)
{
  const char *label;
  gboolean underline;
  GString *name;

  if (GTK_IS_MENU_BUTTON (button))
    {
      label = gtk_menu_button_get_label (GTK_MENU_BUTTON (button));
      underline = gtk_menu_button_get_use_underline (GTK_MENU_BUTTON (button));
    }
  else
    {
      label = gtk_button_get_label (GTK_BUTTON (button));
      underline = gtk_button_get_use_underline (GTK_BUTTON (button));
    }
  if (label == NULL || !underline)
    return;
  name = g_string_sized_new (strlen (label));
  for (const char *p = label; *p; p++)
    {
      /* "__" is an underscore; a single one marks the mnemonic */
      if (*p == '_' && *++p == '\0')
        break;
      g_string_append_c (name, *p);
    }
  name_button (button, name->str);
  if (GTK_IS_MENU_BUTTON (button))
    for (GtkWidget *child = gtk_widget_get_first_child (button);
         child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_TOGGLE_BUTTON (child))
        name_button (child, name->str);
  g_string_free (name, TRUE);
}

/* Names every button with a mnemonic under ROOT by its label alone, now
 * and whenever its label changes. */
void
ludo_accessible_strip_mnemonics (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_MENU_BUTTON (root) || GTK_IS_BUTTON (root))
    {
      g_signal_connect (root, "notify::label", G_CALLBACK (button_label_cb), NULL);
      g_signal_connect (root, "notify::use-underline", G_CALLBACK (button_label_cb), NULL);
      button_label_cb (root, NULL, NULL);
    }
  /* a menu button's own button is named with it */
  if (GTK_IS_MENU_BUTTON (root))
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    ludo_accessible_strip_mnemonics (child);
}

static void
label_list_views (GtkWidget  *widget,
                  const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LIST_VIEW (child))
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      label_list_views (child, label);
    }
}

/* An AdwComboRow shows its choice in a GtkListView that a screen reader
 * meets as "GtkListView": it gets the row's title. */
void
ludo_accessible_label_combo_row (GtkWidget *row)
{
  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  label_list_views (row, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
}
