/* ludo-setup-form.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ludo-accessible.h"
#include "ludo-setup-form.h"

#define MAX_SEATS 8
#define MAX_OPTIONS 16

struct _LudoSetupForm
{
  GObject    parent_instance;

  const LudoGameInfo *info;
  GSettings *settings;
  GtkWidget *seat_rows[MAX_SEATS];         /* AdwComboRow */
  GtkWidget *name_rows[MAX_SEATS];         /* AdwEntryRow, or NULL */
  GtkWidget *option_widgets[MAX_OPTIONS];  /* GtkSpinButton or AdwComboRow */
};

G_DEFINE_FINAL_TYPE (LudoSetupForm, ludo_setup_form, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Seat choices: a person, or the computer at a level */
static const char * const seat_words[] = { "human", "easy", "medium", "hard" };
static const char * const seat_labels[] = {
  N_("Person"), N_("Computer: Easy"), N_("Computer: Medium"), N_("Computer: Hard"), NULL
};

static int
option_step (const LudoOptionSpec *spec)
{
  return spec->step > 0 ? spec->step : 1;
}

static int
option_value (LudoSetupForm *self,
              guint          i)
{
  const LudoOptionSpec *spec = &self->info->options[i];

  if (spec->choices)
    return spec->min + option_step (spec) * (int) adw_combo_row_get_selected (ADW_COMBO_ROW (self->option_widgets[i]));
  return ludo_option_spec_nearest (spec, gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->option_widgets[i])));
}

/* The seats the options chosen so far give (some games: the players). */
static guint
n_seats (LudoSetupForm *self)
{
  int values[MAX_OPTIONS];

  for (guint i = 0; i < self->info->n_options && i < MAX_OPTIONS; i++)
    values[i] = option_value (self, i);
  return ludo_game_info_count_seats (self->info, values);
}

/* A seat's rows are shown when the game has the seat; its name row when
 * a person sits there. */
static void
changed_cb (LudoSetupForm *self)
{
  guint n = n_seats (self);

  for (guint i = 0; i < (guint) self->info->n_seats; i++)
    {
      gboolean person = adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[i])) == 0;

      gtk_widget_set_visible (self->seat_rows[i], i < n);
      if (self->name_rows[i])
        gtk_widget_set_visible (self->name_rows[i], i < n && person);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

static GtkStringList *
translated_list (const char * const *items)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; items[i]; i++)
    gtk_string_list_append (list, _(items[i]));
  return list;
}

/* A choice in the combo row's pop-up: its whole text, wrapped, and a
 * check mark at the one chosen. */
static void
choice_setup_cb (GtkListItemFactory *factory,
                 GtkListItem        *item,
                 gpointer            user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *check = g_object_new (GTK_TYPE_IMAGE, "icon-name", "object-select-symbolic",
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (item, box);
}

static void
choice_update_check (GtkListItem *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  AdwComboRow *row = g_object_get_data (G_OBJECT (item), "ludo-combo-row");

  gtk_widget_set_opacity (gtk_widget_get_last_child (box),
                          row && adw_combo_row_get_selected (row) == gtk_list_item_get_position (item));
}

static void
choice_bind_cb (GtkListItemFactory *factory,
                GtkListItem        *item,
                AdwComboRow        *row)
{
  GtkWidget *box = gtk_list_item_get_child (item);

  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)),
                      gtk_string_object_get_string (gtk_list_item_get_item (item)));
  g_object_set_data (G_OBJECT (item), "ludo-combo-row", row);
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (choice_update_check), item, G_CONNECT_SWAPPED);
  choice_update_check (item);
}

static void
choice_unbind_cb (GtkListItemFactory *factory,
                  GtkListItem        *item,
                  AdwComboRow        *row)
{
  g_signal_handlers_disconnect_by_func (row, choice_update_check, item);
  g_object_set_data (G_OBJECT (item), "ludo-combo-row", NULL);
}

/* AdwComboRow ellipsises a choice after 20 characters, in the row and in
 * its pop-up ("Both players guess (L…"): a row with a longer choice, in
 * the language shown, says its choice in its subtitle, which wraps, and
 * its pop-up wraps too. */
static void
set_choices (GtkWidget     *row,
             GtkStringList *list)
{
  gboolean long_choice = FALSE;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  for (guint i = 0; i < n; i++)
    long_choice |= g_utf8_strlen (gtk_string_list_get_string (list, i), -1) > 20;
  if (long_choice)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

      g_signal_connect (factory, "setup", G_CALLBACK (choice_setup_cb), NULL);
      g_signal_connect (factory, "bind", G_CALLBACK (choice_bind_cb), row);
      g_signal_connect (factory, "unbind", G_CALLBACK (choice_unbind_cb), row);
      adw_combo_row_set_list_factory (ADW_COMBO_ROW (row), factory);
      g_object_unref (factory);
      adw_combo_row_set_expression (ADW_COMBO_ROW (row),
                                    gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
      adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (row), TRUE);
    }
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
  g_object_unref (list);
}

static void
build (LudoSetupForm       *self,
       AdwPreferencesGroup *players,
       AdwPreferencesGroup *options_group,
       gboolean             with_names)
{
  g_autoptr(GVariant) saved_seats = g_settings_get_value (self->settings, "seats");
  g_autoptr(GVariant) saved_options = g_settings_get_value (self->settings, "options");
  g_autoptr(GVariant) seats = g_variant_lookup_value (saved_seats, self->info->id, G_VARIANT_TYPE ("as"));
  g_autoptr(GVariant) options = g_variant_lookup_value (saved_options, self->info->id, G_VARIANT_TYPE ("a{si}"));

  for (int i = 0; i < self->info->n_seats && i < MAX_SEATS; i++)
    {
      g_autofree char *title = g_strdup_printf (_("Player %d"), i + 1);
      GtkWidget *row = adw_combo_row_new ();
      guint choice = i == 0 ? 0 : 2;   /* a person against the computer */

      if (seats && (gsize) i < g_variant_n_children (seats))
        {
          const char *word;
          g_variant_get_child (seats, i, "&s", &word);
          for (guint k = 0; k < G_N_ELEMENTS (seat_words); k++)
            if (g_str_equal (word, seat_words[k]))
              choice = k;
        }

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      ludo_accessible_label_combo_row (row);
      set_choices (row, translated_list (seat_labels));
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), choice);
      gtk_widget_set_name (row, title);
      g_signal_connect_object (row, "notify::selected", G_CALLBACK (changed_cb), self, G_CONNECT_SWAPPED);
      adw_preferences_group_add (players, row);
      self->seat_rows[i] = row;
      if (with_names)
        {
          g_autofree char *name_title = g_strdup_printf (_("Name of player %d"), i + 1);
          GtkWidget *name = adw_entry_row_new ();

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (name), name_title);
          adw_preferences_group_add (players, name);
          self->name_rows[i] = name;
        }
    }

  for (guint i = 0; i < self->info->n_options && i < MAX_OPTIONS; i++)
    {
      const LudoOptionSpec *spec = &self->info->options[i];
      int value = spec->default_value;

      if (options)
        g_variant_lookup (options, spec->id, "i", &value);
      value = ludo_option_spec_nearest (spec, value);

      if (spec->choices)
        {
          GtkWidget *row = adw_combo_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->label));
          ludo_accessible_label_combo_row (row);
          set_choices (row, translated_list (spec->choices));
          adw_combo_row_set_selected (ADW_COMBO_ROW (row), (value - spec->min) / option_step (spec));
          adw_preferences_group_add (options_group, row);
          g_signal_connect_object (row, "notify::selected", G_CALLBACK (changed_cb), self, G_CONNECT_SWAPPED);
          self->option_widgets[i] = row;
        }
      else
        {
          GtkWidget *row = adw_action_row_new ();
          GtkWidget *spin = gtk_spin_button_new_with_range (spec->min, spec->max, option_step (spec));
          g_autofree char *range = g_strdup_printf (_("From %d to %d"), spec->min, spec->max);

          gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
          gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
          gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          _(spec->label), -1);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->label));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), range);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
          /* the row labels its spin button by its title as well, which GTK
           * 4.8 reads after the name: "Places Places" */
          gtk_accessible_reset_relation (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
          adw_preferences_group_add (options_group, row);
          g_signal_connect_object (spin, "value-changed", G_CALLBACK (changed_cb), self, G_CONNECT_SWAPPED);
          self->option_widgets[i] = spin;
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (options_group), self->info->n_options > 0);
  changed_cb (self);
}

LudoGame *
ludo_setup_form_build_game (LudoSetupForm *self)
{
  GVariantBuilder b;
  LudoGame *game;

  g_return_val_if_fail (LUDO_IS_SETUP_FORM (self), NULL);

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{si}"));
  for (guint i = 0; i < self->info->n_options; i++)
    g_variant_builder_add (&b, "{si}", self->info->options[i].id, option_value (self, i));
  game = ludo_game_new (self->info->id, g_variant_builder_end (&b), NULL);
  g_return_val_if_fail (game != NULL, NULL);

  for (guint i = 0; i < ludo_game_get_n_seats (game); i++)
    {
      guint choice = adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[i]));
      g_autofree char *name = self->name_rows[i] ?
        g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_rows[i])))) : g_strdup ("");

      ludo_game_set_seat (game, i, choice == 0 ? LUDO_SEAT_HUMAN : LUDO_SEAT_COMPUTER,
                          choice == 0 ? LUDO_LEVEL_MEDIUM : (LudoLevel) (choice - 1),
                          choice == 0 && *name ? name : NULL);
    }
  return game;
}

/* A copy of a per-game settings dictionary with @value for game @id. */
static GVariant *
with_entry (GVariant   *dict,
            const char *id,
            GVariant   *value)
{
  GVariantBuilder builder;
  GVariantIter iter;
  GVariant *entry;

  g_variant_builder_init (&builder, g_variant_get_type (dict));
  g_variant_iter_init (&iter, dict);
  while ((entry = g_variant_iter_next_value (&iter)))
    {
      g_autoptr(GVariant) key = g_variant_get_child_value (entry, 0);

      if (!g_str_equal (g_variant_get_string (key, NULL), id))
        g_variant_builder_add_value (&builder, entry);
      g_variant_unref (entry);
    }
  g_variant_builder_add_value (&builder, g_variant_new_dict_entry (g_variant_new_string (id), value));
  return g_variant_builder_end (&builder);
}

void
ludo_setup_form_save (LudoSetupForm *self)
{
  g_autoptr(GVariant) old_seats = g_settings_get_value (self->settings, "seats");
  g_autoptr(GVariant) old_options = g_settings_get_value (self->settings, "options");
  GVariantBuilder seat_list, option_dict;

  g_return_if_fail (LUDO_IS_SETUP_FORM (self));

  g_variant_builder_init (&seat_list, G_VARIANT_TYPE ("as"));
  for (int i = 0; i < self->info->n_seats && i < MAX_SEATS; i++)
    g_variant_builder_add (&seat_list, "s",
                           seat_words[MIN (adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[i])), 3)]);
  g_variant_builder_init (&option_dict, G_VARIANT_TYPE ("a{si}"));
  for (guint i = 0; i < self->info->n_options; i++)
    g_variant_builder_add (&option_dict, "{si}", self->info->options[i].id, option_value (self, i));

  g_settings_set_value (self->settings, "seats",
                        with_entry (old_seats, self->info->id, g_variant_builder_end (&seat_list)));
  g_settings_set_value (self->settings, "options",
                        with_entry (old_options, self->info->id, g_variant_builder_end (&option_dict)));
}

void
ludo_setup_form_set_seat (LudoSetupForm *self,
                          guint          seat,
                          guint          choice)
{
  g_return_if_fail (LUDO_IS_SETUP_FORM (self));
  g_return_if_fail (seat < (guint) self->info->n_seats);

  adw_combo_row_set_selected (ADW_COMBO_ROW (self->seat_rows[seat]), choice);
}

void
ludo_setup_form_set_option (LudoSetupForm *self,
                            const char    *option,
                            int            value)
{
  g_return_if_fail (LUDO_IS_SETUP_FORM (self));

  for (guint i = 0; i < self->info->n_options; i++)
    if (g_str_equal (self->info->options[i].id, option))
      {
        const LudoOptionSpec *spec = &self->info->options[i];

        if (spec->choices)
          adw_combo_row_set_selected (ADW_COMBO_ROW (self->option_widgets[i]),
                                      (value - spec->min) / option_step (spec));
        else
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->option_widgets[i]), value);
      }
}

char *
ludo_setup_form_describe (LudoSetupForm *self)
{
  GString *text = g_string_new (NULL);
  guint n = n_seats (self);

  for (guint i = 0; i < n; i++)
    {
      guint choice = MIN (adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[i])), 3);

      if (i > 0)
        g_string_append (text, _(", "));
      g_string_append (text, _(seat_labels[choice]));
    }
  return g_string_free (text, FALSE);
}

static void
ludo_setup_form_dispose (GObject *object)
{
  LudoSetupForm *self = LUDO_SETUP_FORM (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (ludo_setup_form_parent_class)->dispose (object);
}

static void
ludo_setup_form_class_init (LudoSetupFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ludo_setup_form_dispose;

  /* a seat or an option was changed */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ludo_setup_form_init (LudoSetupForm *self)
{
}

LudoSetupForm *
ludo_setup_form_new (const char          *game_id,
                     GSettings           *settings,
                     AdwPreferencesGroup *players,
                     AdwPreferencesGroup *options,
                     gboolean             with_names)
{
  LudoSetupForm *self = g_object_new (LUDO_TYPE_SETUP_FORM, NULL);

  self->info = ludo_registry_lookup (game_id);
  g_return_val_if_fail (self->info != NULL, self);
  self->settings = g_object_ref (settings);
  build (self, players, options, with_names);
  return self;
}
