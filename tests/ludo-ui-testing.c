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

static gboolean
timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

void
ludo_test_wait_until (gboolean (*cond) (gpointer data),
                      gpointer   data,
                      guint      seconds)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (seconds, timed_out_cb, &timed_out);

  while (!cond (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  g_assert_false (timed_out);
}

void
ludo_test_spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, timed_out_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

char *
ludo_test_statuses (GtkWidget *root)
{
  g_autoptr(GPtrArray) labels = ludo_test_find_all (root, GTK_TYPE_LABEL);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < labels->len; i++)
    if (gtk_accessible_get_accessible_role (labels->pdata[i]) == GTK_ACCESSIBLE_ROLE_STATUS &&
        gtk_widget_get_mapped (labels->pdata[i]))
      g_string_append_printf (out, "%s%s", out->len ? "\n" : "", gtk_label_get_text (labels->pdata[i]));
  return g_string_free (out, FALSE);
}
