/* ludo-accessible.c — what GTK 4.8 leaves nameless for a screen reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "ludo-accessible.h"

/* The choice a GtkDropDown or an AdwComboRow shows sits in a list item
 * widget that takes the focus on its own and is named only
 * "GtkListItemWidget" or nothing; the button or row around it says the
 * same and opens the list. GTK makes these items as it lays the widget
 * out, and again as the choice changes: they are taken out of the
 * keyboard's way then. The list in the pop-up is left alone. */
static void
unfocus_list_items (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_POPOVER (child))
        continue;
      if (g_str_equal (G_OBJECT_TYPE_NAME (child), "GtkListItemWidget"))
        gtk_widget_set_focusable (child, FALSE);
      unfocus_list_items (child);
    }
}

static gboolean
unfocus_list_items_idle (gpointer data)
{
  GtkWidget *widget = data;

  unfocus_list_items (widget);
  g_object_set_data (G_OBJECT (widget), "ludo-unfocus-idle", NULL);
  return G_SOURCE_REMOVE;
}

static void
shown_choice_changed_cb (GtkWidget *widget)
{
  guint id;

  if (g_object_get_data (G_OBJECT (widget), "ludo-unfocus-idle"))
    return;
  id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, unfocus_list_items_idle,
                        g_object_ref (widget), g_object_unref);
  g_object_set_data (G_OBJECT (widget), "ludo-unfocus-idle", GUINT_TO_POINTER (id));
}

static void
keep_list_items_unfocused (GtkWidget *widget)
{
  g_signal_connect (widget, "map", G_CALLBACK (shown_choice_changed_cb), NULL);
  g_signal_connect (widget, "notify::selected", G_CALLBACK (shown_choice_changed_cb), NULL);
  g_signal_connect (widget, "notify::model", G_CALLBACK (shown_choice_changed_cb), NULL);
  unfocus_list_items (widget);
}

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
  keep_list_items_unfocused (GTK_WIDGET (drop_down));
}

/* GTK 4.8 gives a button with a mnemonic the name "_New Game New Game":
 * the label with its underscore, then the label again; the button inside a
 * GtkMenuButton it calls "GtkMenuButton". */
static void
name_button (GtkWidget  *button,
             const char *label)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  /* the button's label, which names it a second time */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

/* "_Replay Speed" as it reads: "__" is an underscore; a single one marks
 * the mnemonic. */
static char *
without_mnemonic (const char *label)
{
  GString *name = g_string_sized_new (strlen (label));

  for (const char *p = label; *p; p++)
    {
      if (*p == '_' && *++p == '\0')
        break;
      g_string_append_c (name, *p);
    }
  return g_string_free (name, FALSE);
}

static void
button_label_cb (GtkWidget  *button,
                 GParamSpec *pspec,
                 gpointer    user_data)
{
  const char *label;
  gboolean underline;
  g_autofree char *name = NULL;

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
  name = without_mnemonic (label);
  name_button (button, name);
  if (GTK_IS_MENU_BUTTON (button))
    for (GtkWidget *child = gtk_widget_get_first_child (button);
         child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_TOGGLE_BUTTON (child))
        name_button (child, name);
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
  g_autofree char *title = NULL;

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  title = adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (row))
          ? without_mnemonic (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)))
          : g_strdup (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
  label_list_views (row, title);
  keep_list_items_unfocused (row);
}

void
ludo_accessible_name_button (GtkWidget  *button,
                             const char *name)
{
  g_return_if_fail (GTK_IS_BUTTON (button));

  name_button (button, name);
}

void
ludo_accessible_unfocus_scrollers (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_SCROLLED_WINDOW (root))
    gtk_widget_set_focusable (root, FALSE);
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    ludo_accessible_unfocus_scrollers (child);
}

static void
message_dialog_show_cb (GtkWidget *dialog)
{
  ludo_accessible_strip_mnemonics (dialog);
}

GtkWidget *
ludo_message_dialog_new (GtkWindow  *parent,
                         const char *heading,
                         const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, body);

  /* the buttons are made as responses are added: named when it shows */
  g_signal_connect (dialog, "show", G_CALLBACK (message_dialog_show_cb), NULL);
  return dialog;
}

void
ludo_accessible_show_file_chooser (GtkNativeDialog *dialog)
{
  GtkWindow *parent;
  GListModel *toplevels;

  g_return_if_fail (GTK_IS_NATIVE_DIALOG (dialog));

  gtk_native_dialog_show (dialog);
  parent = gtk_native_dialog_get_transient_for (dialog);
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER_DIALOG (window) && gtk_window_get_transient_for (window) == parent &&
          gtk_widget_get_visible (GTK_WIDGET (window)))
        ludo_accessible_strip_mnemonics (GTK_WIDGET (window));
    }
}

static void
name_shortcuts_parts (GtkWidget *widget)
{
  if (GTK_IS_SEARCH_ENTRY (widget))
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Search Shortcuts"), -1);
  else if (GTK_IS_MENU_BUTTON (widget))
    {
      /* the sections, when there is more than one */
      name_button (widget, _("Sections"));
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
        if (GTK_IS_TOGGLE_BUTTON (c))
          name_button (c, _("Sections"));
      return;
    }
  else if (GTK_IS_BUTTON (widget))
    {
      const char *label = gtk_button_get_label (GTK_BUTTON (widget));

      if (label && label[0] == '_' && g_ascii_isdigit (label[1]))
        {
          /* Translators: a page of the keyboard shortcuts window: "Page 2" */
          g_autofree char *name = g_strdup_printf (_("Page %s"), label + 1);
          name_button (widget, name);
        }
      else if (label == NULL)
        name_button (widget, _("Search Shortcuts"));
    }
  else if (GTK_IS_SCROLLED_WINDOW (widget))
    gtk_widget_set_focusable (widget, FALSE);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    name_shortcuts_parts (c);
}

void
ludo_accessible_name_shortcuts_window (GtkWidget *window)
{
  g_return_if_fail (GTK_IS_SHORTCUTS_WINDOW (window));

  name_shortcuts_parts (window);
  /* its header bar's search button and section list are its own children;
   * the title bar is not under the window's first child */
  name_shortcuts_parts (gtk_window_get_titlebar (GTK_WINDOW (window)) ?: window);
}
