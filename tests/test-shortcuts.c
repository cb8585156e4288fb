/* test-shortcuts.c — each game of the registry has its section of the
 * keyboard shortcuts window (its folder's shortcuts.ui) and its section of
 * the manual's keyboard page (its folder's help/keyboard.xml), and the two
 * name the same keys: the accelerators the window shows for the game, as
 * the app builds it, against the keys of the table in the page the app
 * carries (in English).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "app/ludo-application.h"
#include "app/ludo-window.h"
#include "core/ludo-registry.h"
#include "core/ludo-xml.h"
#include "ludo-ui-testing.h"

static LudoApplication *app;
static GtkWidget *shortcuts;   /* the window, built once */
static xmlDocPtr keyboard;     /* the manual's keyboard page */

/* The shortcuts window as a person opens it, with Ctrl+? in a window. */
static GtkWidget *
get_shortcuts_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GLogLevelFlags old_fatal;
  LudoWindow *window;

  if (shortcuts)
    return shortcuts;
  window = ludo_window_new (ADW_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  /* GTK 4.8's shortcuts window warns as it lays itself out */
  old_fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && shortcuts == NULL; i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_SHORTCUTS_WINDOW (w))
        shortcuts = GTK_WIDGET (w);
    }
  g_assert_nonnull (shortcuts);
  ludo_test_spin (50);
  g_log_set_always_fatal (old_fatal);
  return shortcuts;
}

/* A key as both sides are reduced to: its lower-case keyval and its
 * Ctrl, Shift and Alt, named as GTK names accelerators ("<Control>m"). */
static void
add_key (GHashTable      *keys,
         guint            keyval,
         GdkModifierType  mods)
{
  mods &= GDK_CONTROL_MASK | GDK_SHIFT_MASK | GDK_ALT_MASK;
  g_hash_table_add (keys, gtk_accelerator_name (gdk_keyval_to_lower (keyval), mods));
}

/* The keys of a GtkShortcutsShortcut's accelerator: "Left Right", "a...j"
 * (a range: its two ends), "<Primary>Return". */
static void
add_accelerator (GHashTable *keys,
                 const char *accelerator,
                 const char *game)
{
  g_auto(GStrv) tokens = g_strsplit (accelerator, " ", -1);

  for (guint i = 0; tokens[i]; i++)
    {
      g_auto(GStrv) ends = g_strsplit (tokens[i], "...", -1);

      for (guint e = 0; ends[e]; e++)
        {
          guint keyval;
          GdkModifierType mods;

          if (*ends[e] == '\0')
            continue;
          if (!gtk_accelerator_parse (ends[e], &keyval, &mods))
            g_error ("%s: the shortcuts window's accelerator “%s” does not parse", game, accelerator);
          add_key (keys, keyval, mods);
        }
    }
}

/* What the manual's <key> says, as a keyval, or a modifier. */
static gboolean
parse_help_key (const char      *text,
                guint           *keyval,
                GdkModifierType *mod)
{
  static const struct {
    const char      *text;
    guint            keyval;
    GdkModifierType  mod;
  } names[] = {
    { "Ctrl", 0, GDK_CONTROL_MASK }, { "Shift", 0, GDK_SHIFT_MASK }, { "Alt", 0, GDK_ALT_MASK },
    { "←", GDK_KEY_Left, 0 }, { "→", GDK_KEY_Right, 0 }, { "↑", GDK_KEY_Up, 0 }, { "↓", GDK_KEY_Down, 0 },
    { "Enter", GDK_KEY_Return, 0 }, { "Esc", GDK_KEY_Escape, 0 }, { "Space", GDK_KEY_space, 0 },
    { "Backspace", GDK_KEY_BackSpace, 0 }, { "Delete", GDK_KEY_Delete, 0 }, { "Tab", GDK_KEY_Tab, 0 },
    { "Home", GDK_KEY_Home, 0 }, { "End", GDK_KEY_End, 0 }, { "Pause", GDK_KEY_Pause, 0 },
    { "Page Up", GDK_KEY_Page_Up, 0 }, { "Page Down", GDK_KEY_Page_Down, 0 },
  };

  *keyval = 0;
  *mod = 0;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (text, names[i].text))
      {
        *keyval = names[i].keyval;
        *mod = names[i].mod;
        return TRUE;
      }
  /* F1, and single characters: letters, digits, "?" */
  *keyval = gdk_keyval_from_name (text);
  if ((*keyval == GDK_KEY_VoidSymbol || *keyval == 0) && g_utf8_strlen (text, -1) == 1)
    *keyval = gdk_unicode_to_keyval (g_utf8_get_char (text));
  return *keyval != GDK_KEY_VoidSymbol && *keyval != 0 && (*keyval & 0x01000000) == 0;
}

/* The keys named in an element of a table's first column: each <key>, and
 * each <keyseq> as one key with its modifiers. */
static void
add_help_keys (GHashTable *keys,
               xmlNodePtr  parent,
               const char *game)
{
  for (xmlNodePtr node = parent->children; node; node = node->next)
    {
      if (ludo_xml_is (node, "keyseq"))
        {
          GdkModifierType mods = 0;
          guint keyval = 0;

          for (xmlNodePtr k = node->children; k; k = k->next)
            if (ludo_xml_is (k, "key"))
              {
                g_autofree char *text = ludo_xml_text (k);
                guint v;
                GdkModifierType m;

                if (!parse_help_key (text, &v, &m))
                  g_error ("%s: the manual's key “%s” is not one this test knows", game, text);
                mods |= m;
                if (v)
                  keyval = v;
              }
          g_assert_cmpuint (keyval, !=, 0);
          add_key (keys, keyval, mods);
        }
      else if (ludo_xml_is (node, "key"))
        {
          g_autofree char *text = ludo_xml_text (node);
          guint keyval;
          GdkModifierType mod;

          if (!parse_help_key (text, &keyval, &mod) || keyval == 0)
            g_error ("%s: the manual's key “%s” is not one this test knows", game, text);
          add_key (keys, keyval, 0);
        }
      else if (node->type == XML_ELEMENT_NODE)
        add_help_keys (keys, node, game);
    }
}

/* The element of the keyboard page with this id, or NULL. */
static xmlNodePtr
find_section (xmlNodePtr  node,
              const char *id)
{
  for (; node; node = node->next)
    {
      g_autofree char *node_id = ludo_xml_is (node, "section") ? ludo_xml_prop (node, "id") : NULL;
      xmlNodePtr found;

      if (g_strcmp0 (node_id, id) == 0)
        return node;
      if (node->type == XML_ELEMENT_NODE && (found = find_section (node->children, id)))
        return found;
    }
  return NULL;
}

/* The keys of each row of the section's tables (their first column). */
static void
add_section_keys (GHashTable *keys,
                  xmlNodePtr  node,
                  const char *game)
{
  for (; node; node = node->next)
    if (ludo_xml_is (node, "tr"))
      {
        xmlNodePtr first = ludo_xml_child (node, "td");

        g_assert_nonnull (first);
        add_help_keys (keys, first, game);
      }
    else if (node->type == XML_ELEMENT_NODE)
      add_section_keys (keys, node->children, game);
}

static char *
describe (GHashTable *keys,
          GHashTable *without)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, keys);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (without, key))
      g_ptr_array_add (names, key);
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (names, NULL);
  return names->len > 1 ? g_strjoinv (" ", (char **) names->pdata) : g_strdup ("nothing more");
}

static void
test_game (gconstpointer data)
{
  const LudoGameInfo *info = data;
  g_autoptr(GHashTable) window_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) help_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) sections = ludo_test_find_all (get_shortcuts_window (), GTK_TYPE_SHORTCUTS_SECTION);
  GtkWidget *section = NULL;
  xmlNodePtr help;

  /* the window's section, named by the game's id */
  for (guint i = 0; i < sections->len; i++)
    {
      g_autofree char *name = NULL;

      g_object_get (sections->pdata[i], "section-name", &name, NULL);
      if (g_strcmp0 (name, info->id) == 0)
        section = sections->pdata[i];
    }
  if (section == NULL)
    {
      g_test_fail_printf ("%s has no section in the shortcuts window (src/games/%s/shortcuts.ui)",
                          info->id, info->id);
      return;
    }
  {
    g_autoptr(GPtrArray) items = ludo_test_find_all (section, GTK_TYPE_SHORTCUTS_SHORTCUT);

    for (guint i = 0; i < items->len; i++)
      {
        g_autofree char *accelerator = NULL;
        GtkShortcutType type;

        g_object_get (items->pdata[i], "accelerator", &accelerator, "shortcut-type", &type, NULL);
        if (type == GTK_SHORTCUT_ACCELERATOR && accelerator)
          add_accelerator (window_keys, accelerator, info->id);
      }
  }

  /* the manual's section, with the game's id */
  help = find_section (xmlDocGetRootElement (keyboard), info->id);
  if (help == NULL)
    {
      g_test_fail_printf ("%s has no section in the manual's keyboard page (src/games/%s/help/keyboard.xml)",
                          info->id, info->id);
      return;
    }
  add_section_keys (help_keys, help->children, info->id);

  g_test_message ("%s: %u keys in the shortcuts window, %u in the manual", info->id,
                  g_hash_table_size (window_keys), g_hash_table_size (help_keys));
  g_assert_cmpuint (g_hash_table_size (window_keys), >, 0);
  {
    g_autofree char *only_window = describe (window_keys, help_keys);
    g_autofree char *only_help = describe (help_keys, window_keys);

    if (!g_str_equal (only_window, "nothing more") || !g_str_equal (only_help, "nothing more"))
      g_test_fail_printf ("%s: the shortcuts window (shortcuts.ui) has %s; the manual "
                          "(help/keyboard.xml) has %s", info->id, only_window, only_help);
  }
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmpdir = NULL;
  g_autoptr(GBytes) page = NULL;
  const LudoGameInfo * const *games;
  guint n_games;
  gsize size;
  const char *text;
  int status;

  tmpdir = ludo_test_init (&argc, &argv);
  app = ludo_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));

  page = g_resources_lookup_data (RESOURCE_BASE "/help/C/keyboard.page", 0, NULL);
  g_assert_nonnull (page);
  text = g_bytes_get_data (page, &size);
  keyboard = xmlReadMemory (text, (int) size, "keyboard.page", "UTF-8", XML_PARSE_NONET);
  g_assert_nonnull (keyboard);

  games = ludo_registry_get_games (&n_games);
  g_assert_cmpuint (n_games, >, 0);
  for (guint i = 0; i < n_games; i++)
    {
      g_autofree char *path = g_strdup_printf ("/shortcuts/%s", games[i]->id);
      g_test_add_data_func (path, games[i], test_game);
    }

  status = g_test_run ();
  xmlFreeDoc (keyboard);
  g_object_unref (app);
  return status;
}
