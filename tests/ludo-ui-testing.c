/* ludo-ui-testing.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ludo-ui-testing.h"

static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect (c, type, out);
}

GPtrArray *
ludo_test_find_all (GtkWidget *root,
                    GType      type)
{
  GPtrArray *out = g_ptr_array_new ();

  collect (root, type, out);
  return out;
}

GtkWidget *
ludo_test_find_button (GtkWidget  *root,
                       const char *label,
                       gboolean    prefix)
{
  g_autoptr(GPtrArray) buttons = ludo_test_find_all (root, GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    {
      const char *text = gtk_button_get_label (buttons->pdata[i]);

      if (text && (prefix ? g_str_has_prefix (text, label) : g_str_equal (text, label)) &&
          gtk_widget_get_mapped (buttons->pdata[i]))
        return buttons->pdata[i];
    }
  return NULL;
}
