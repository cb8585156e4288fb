/* ludo-preferences-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every choice is saved at once in GSettings, as GNOME's preferences are;
 * the windows follow the settings.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/ludo-registry.h"
#include "ludo-accessible.h"
#include "ludo-preferences-window.h"
#include "ludo-rules-view.h"
#include "ludo-setup-form.h"

struct _LudoPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GtkWidget *confirm_switch;
  GtkWidget *orientation_row;
  GtkWidget *animation_row;
  GtkWidget *replay_row;
  GtkWidget *language_row;
  GtkWidget *games_group;

  GSettings  *settings;
  GHashTable *forms;      /* game id → LudoSetupForm */
  GHashTable *game_rows;  /* game id → its AdwActionRow */
};

G_DEFINE_FINAL_TYPE (LudoPreferencesWindow, ludo_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The orientation key's words, in the order of the row's items. */
static const char * const orientations[] = { "first", "person", NULL };
/* The rules language key: '' for the desktop's, then the manual's languages. */
static const char * const rules_languages[] = { "", "C", "hu", "ru", "et", NULL };

static gboolean
word_to_index (GValue   *value,
               GVariant *variant,
               gpointer  user_data)
{
  const char * const *words = user_data;
  const char *word = g_variant_get_string (variant, NULL);

  for (guint i = 0; words[i]; i++)
    if (g_str_equal (words[i], word))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
index_to_word (const GValue       *value,
               const GVariantType *expected_type,
               gpointer            user_data)
{
  const char * const *words = user_data;
  guint i = g_value_get_uint (value);

  if (i >= g_strv_length ((char **) words))
    return NULL;
  return g_variant_new_string (words[i]);
}

/* ------------------------------------------------------------------------ */
/* Games                                                                     */

static void
update_game_row (LudoPreferencesWindow *self,
                 const char            *game_id)
{
  LudoSetupForm *form = g_hash_table_lookup (self->forms, game_id);
  GtkWidget *row = g_hash_table_lookup (self->game_rows, game_id);
  g_autofree char *summary = ludo_setup_form_describe (form);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), summary);
}

static void
form_changed_cb (LudoSetupForm         *form,
                 LudoPreferencesWindow *self)
{
  const char *game_id = g_object_get_data (G_OBJECT (form), "game-id");

  ludo_setup_form_save (form);
  if (g_hash_table_contains (self->game_rows, game_id))
    update_game_row (self, game_id);
}

static void
close_subpage_cb (LudoPreferencesWindow *self)
{
  adw_preferences_window_close_subpage (ADW_PREFERENCES_WINDOW (self));
}

/* A subpage with the game's players and options, behind a back button. */
static GtkWidget *
game_subpage (LudoPreferencesWindow *self,
              const LudoGameInfo    *info)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *back = gtk_button_new_from_icon_name ("go-previous-symbolic");
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *players = adw_preferences_group_new ();
  GtkWidget *options = adw_preferences_group_new ();
  LudoSetupForm *form;

  gtk_widget_set_tooltip_text (back, _("Back"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (back), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Back"), -1);
  g_signal_connect_swapped (back, "clicked", G_CALLBACK (close_subpage_cb), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), back);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new (_(info->name), _("New games")));
  gtk_box_append (GTK_BOX (box), header);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (players), _("Players"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (players),
                                         _("A person plays at the screen; the computer plays at the level chosen."));
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (options), _("Options"));
  /* as in New Game: a seat row added does not move the option that added it */
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (options));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (players));
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), page);
  ludo_accessible_unfocus_scrollers (page);

  form = g_hash_table_lookup (self->forms, info->id);
  if (form == NULL)
    {
      form = ludo_setup_form_new (info->id, self->settings, ADW_PREFERENCES_GROUP (players),
                                  ADW_PREFERENCES_GROUP (options), FALSE);
      g_object_set_data_full (G_OBJECT (form), "game-id", g_strdup (info->id), g_free);
      g_signal_connect_object (form, "changed", G_CALLBACK (form_changed_cb), self, 0);
      g_hash_table_replace (self->forms, (gpointer) info->id, form);
    }
  return box;
}

void
ludo_preferences_window_show_game (LudoPreferencesWindow *self,
                                   const char            *game_id)
{
  const LudoGameInfo *info = ludo_registry_lookup (game_id);

  g_return_if_fail (LUDO_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (info != NULL);

  /* each visit builds the rows again from the settings */
  g_hash_table_remove (self->forms, game_id);
  adw_preferences_window_present_subpage (ADW_PREFERENCES_WINDOW (self), game_subpage (self, info));
}

static void
game_row_activated_cb (AdwActionRow          *row,
                       LudoPreferencesWindow *self)
{
  ludo_preferences_window_show_game (self, gtk_widget_get_name (GTK_WIDGET (row)));
}

static void
add_game_rows (LudoPreferencesWindow *self)
{
  const LudoGameInfo * const *games;
  guint n_games;

  games = ludo_registry_get_games (&n_games);
  for (guint i = 0; i < n_games; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *icon = gtk_image_new_from_icon_name (ludo_game_info_get_icon_name (games[i]));
      GtkWidget *players = adw_preferences_group_new ();
      GtkWidget *options = adw_preferences_group_new ();
      LudoSetupForm *form;

      gtk_image_set_pixel_size (GTK_IMAGE (icon), 32);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(games[i]->name));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_widget_set_name (row, games[i]->id);
      g_signal_connect (row, "activated", G_CALLBACK (game_row_activated_cb), self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->games_group), row);
      g_hash_table_insert (self->game_rows, (gpointer) games[i]->id, row);

      /* a form that is not shown, for the row's summary of the settings */
      form = ludo_setup_form_new (games[i]->id, self->settings, ADW_PREFERENCES_GROUP (g_object_ref_sink (players)),
                                  ADW_PREFERENCES_GROUP (g_object_ref_sink (options)), FALSE);
      g_object_set_data_full (G_OBJECT (form), "players", players, g_object_unref);
      g_object_set_data_full (G_OBJECT (form), "options", options, g_object_unref);
      g_object_set_data_full (G_OBJECT (form), "game-id", g_strdup (games[i]->id), g_free);
      g_signal_connect_object (form, "changed", G_CALLBACK (form_changed_cb), self, 0);
      g_hash_table_insert (self->forms, (gpointer) games[i]->id, form);
      update_game_row (self, games[i]->id);
    }
}

/* ------------------------------------------------------------------------ */

/* The window's own search, there even with the search off: its entry and
 * its list of results are otherwise announced by their types; and so is
 * the empty list of rows of a group that holds no rows. */
static void
label_search (GtkWidget *widget,
              gboolean   in_group)
{
  if (GTK_IS_LIST_BOX (widget) && in_group && gtk_widget_get_first_child (widget) == NULL)
    gtk_widget_set_visible (widget, FALSE);
  else if (GTK_IS_SEARCH_ENTRY (widget))
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Search preferences"), -1);
  else if (GTK_IS_LIST_BOX (widget) && !in_group)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Search results"), -1);
  in_group = in_group || ADW_IS_PREFERENCES_GROUP (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    label_search (c, in_group);
}

static void
ludo_preferences_window_dispose (GObject *object)
{
  LudoPreferencesWindow *self = LUDO_PREFERENCES_WINDOW (object);

  g_clear_pointer (&self->forms, g_hash_table_unref);
  g_clear_pointer (&self->game_rows, g_hash_table_unref);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (ludo_preferences_window_parent_class)->dispose (object);
}

static void
ludo_preferences_window_class_init (LudoPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ludo_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoPreferencesWindow, confirm_switch);
  gtk_widget_class_bind_template_child (widget_class, LudoPreferencesWindow, orientation_row);
  gtk_widget_class_bind_template_child (widget_class, LudoPreferencesWindow, animation_row);
  gtk_widget_class_bind_template_child (widget_class, LudoPreferencesWindow, replay_row);
  gtk_widget_class_bind_template_child (widget_class, LudoPreferencesWindow, language_row);
  gtk_widget_class_bind_template_child (widget_class, LudoPreferencesWindow, games_group);
}

static void
ludo_preferences_window_init (LudoPreferencesWindow *self)
{
  g_autoptr(GtkStringList) languages = gtk_string_list_new (NULL);
  const char * const *names = ludo_rules_view_get_language_names ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new (APP_ID);
  self->forms = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  self->game_rows = g_hash_table_new (g_str_hash, g_str_equal);

  gtk_string_list_append (languages, _("The desktop’s language"));
  for (guint i = 0; names[i]; i++)
    gtk_string_list_append (languages, names[i]);
  adw_combo_row_set_model (ADW_COMBO_ROW (self->language_row), G_LIST_MODEL (languages));

  g_settings_bind (self->settings, "confirm-abandon", self->confirm_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "animation-speed", self->animation_row, "selected", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "replay-speed", self->replay_row, "selected", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->settings, "board-orientation", self->orientation_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, word_to_index, index_to_word,
                                (gpointer) orientations, NULL);
  g_settings_bind_with_mapping (self->settings, "rules-language", self->language_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, word_to_index, index_to_word,
                                (gpointer) rules_languages, NULL);
  {
    GtkWidget *combo_rows[] = { self->orientation_row, self->animation_row, self->replay_row, self->language_row };
    for (guint i = 0; i < G_N_ELEMENTS (combo_rows); i++)
      ludo_accessible_label_combo_row (combo_rows[i]);
  }
  ludo_accessible_strip_mnemonics (GTK_WIDGET (self));
  add_game_rows (self);
  label_search (GTK_WIDGET (self), FALSE);
  ludo_accessible_unfocus_scrollers (GTK_WIDGET (self));
}

GtkWidget *
ludo_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (LUDO_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "application", parent ? gtk_window_get_application (parent) : NULL,
                       NULL);
}
