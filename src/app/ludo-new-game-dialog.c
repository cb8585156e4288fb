/* ludo-new-game-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ludo-accessible.h"
#include "ludo-new-game-dialog.h"

#define MAX_SEATS 8
#define MAX_OPTIONS 16

struct _LudoNewGameDialog
{
  AdwWindow  parent_instance;

  GtkWidget *window_title;
  GtkWidget *start_button;
  GtkWidget *players_group;
  GtkWidget *options_group;

  const LudoGameInfo *info;
  GSettings *settings;
  GtkWidget *seat_rows[MAX_SEATS];     /* AdwComboRow */
  GtkWidget *name_rows[MAX_SEATS];     /* AdwEntryRow */
  GtkWidget *option_widgets[MAX_OPTIONS];  /* GtkSpinButton or AdwComboRow */
};

G_DEFINE_FINAL_TYPE (LudoNewGameDialog, ludo_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  GAME_CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Seat choices: a person, or the computer at a level */
static const char * const seat_words[] = { "human", "easy", "medium", "hard" };

static int option_value (LudoNewGameDialog *self, guint i);

static int
option_step (const LudoOptionSpec *spec)
{
  return spec->step > 0 ? spec->step : 1;
}

/* The seats the options chosen so far give (some games: the players). */
static guint
n_seats (LudoNewGameDialog *self)
{
  int values[MAX_OPTIONS];

  for (guint i = 0; i < self->info->n_options && i < MAX_OPTIONS; i++)
    values[i] = option_value (self, i);
  return ludo_game_info_count_seats (self->info, values);
}

/* A seat's rows are shown when the game has the seat; its name row when
 * a person sits there. */
static void
update_seats (LudoNewGameDialog *self)
{
  guint n = n_seats (self);

  for (guint i = 0; i < (guint) self->info->n_seats; i++)
    {
      gboolean person = adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[i])) == 0;
      gtk_widget_set_visible (self->seat_rows[i], i < n);
      gtk_widget_set_visible (self->name_rows[i], i < n && person);
    }
}

static GtkStringList *
translated_list (const char * const *items)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; items[i]; i++)
    gtk_string_list_append (list, _(items[i]));
  return list;
}

static void
build (LudoNewGameDialog *self)
{
  static const char * const seat_labels[] = {
    N_("Person"), N_("Computer: Easy"), N_("Computer: Medium"), N_("Computer: Hard"), NULL
  };
  g_autoptr(GVariant) saved_seats = g_settings_get_value (self->settings, "seats");
  g_autoptr(GVariant) saved_options = g_settings_get_value (self->settings, "options");
  g_autoptr(GVariant) seats = g_variant_lookup_value (saved_seats, self->info->id, G_VARIANT_TYPE ("as"));
  g_autoptr(GVariant) options = g_variant_lookup_value (saved_options, self->info->id, G_VARIANT_TYPE ("a{si}"));
  g_autofree char *subtitle = NULL;

  subtitle = g_strdup (_(self->info->name));
  adw_window_title_set_subtitle (ADW_WINDOW_TITLE (self->window_title), subtitle);

  for (int i = 0; i < self->info->n_seats; i++)
    {
      g_autofree char *title = g_strdup_printf (_("Player %d"), i + 1);
      g_autofree char *name_title = g_strdup_printf (_("Name of player %d"), i + 1);
      GtkWidget *row = adw_combo_row_new ();
      GtkWidget *name = adw_entry_row_new ();
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
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (translated_list (seat_labels)));
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), choice);
      gtk_widget_set_name (row, title);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (name), name_title);
      g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (update_seats), self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->players_group), row);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->players_group), name);
      self->seat_rows[i] = row;
      self->name_rows[i] = name;
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
          adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (translated_list (spec->choices)));
          adw_combo_row_set_selected (ADW_COMBO_ROW (row), (value - spec->min) / option_step (spec));
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->options_group), row);
          g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (update_seats), self);
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
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->options_group), row);
          g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (update_seats), self);
          self->option_widgets[i] = spin;
        }
    }
  gtk_widget_set_visible (self->options_group, self->info->n_options > 0);
  update_seats (self);
}

static int
option_value (LudoNewGameDialog *self,
              guint              i)
{
  const LudoOptionSpec *spec = &self->info->options[i];

  if (spec->choices)
    return spec->min + option_step (spec) * (int) adw_combo_row_get_selected (ADW_COMBO_ROW (self->option_widgets[i]));
  return ludo_option_spec_nearest (spec, gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->option_widgets[i])));
}

LudoGame *
ludo_new_game_dialog_build_game (LudoNewGameDialog *self)
{
  GVariantBuilder b;
  LudoGame *game;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{si}"));
  for (guint i = 0; i < self->info->n_options; i++)
    g_variant_builder_add (&b, "{si}", self->info->options[i].id, option_value (self, i));
  game = ludo_game_new (self->info->id, g_variant_builder_end (&b), NULL);
  g_return_val_if_fail (game != NULL, NULL);

  for (guint i = 0; i < ludo_game_get_n_seats (game); i++)
    {
      guint choice = adw_combo_row_get_selected (ADW_COMBO_ROW (self->seat_rows[i]));
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_rows[i]))));

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

/* Remember the choices for the next game of the same kind. */
static void
save_choices (LudoNewGameDialog *self)
{
  g_autoptr(GVariant) old_seats = g_settings_get_value (self->settings, "seats");
  g_autoptr(GVariant) old_options = g_settings_get_value (self->settings, "options");
  GVariantBuilder seat_list, option_dict;

  g_variant_builder_init (&seat_list, G_VARIANT_TYPE ("as"));
  for (int i = 0; i < self->info->n_seats; i++)
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
ludo_new_game_dialog_start (LudoNewGameDialog *self)
{
  g_autoptr(LudoGame) game = ludo_new_game_dialog_build_game (self);

  save_choices (self);
  g_signal_emit (self, signals[GAME_CREATED], 0, game);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
start_clicked_cb (LudoNewGameDialog *self)
{
  ludo_new_game_dialog_start (self);
}

static void
ludo_new_game_dialog_dispose (GObject *object)
{
  LudoNewGameDialog *self = LUDO_NEW_GAME_DIALOG (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (ludo_new_game_dialog_parent_class)->dispose (object);
}

static void
ludo_new_game_dialog_class_init (LudoNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ludo_new_game_dialog_dispose;

  /* Start was pressed: the new game, with its seats set. */
  signals[GAME_CREATED] =
    g_signal_new ("game-created", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, LUDO_TYPE_GAME);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoNewGameDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, LudoNewGameDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, LudoNewGameDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, LudoNewGameDialog, options_group);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ludo_new_game_dialog_init (LudoNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* named for the window list and for screen readers */
  gtk_window_set_title (GTK_WINDOW (self), _("New Game"));
  ludo_accessible_strip_mnemonics (GTK_WIDGET (self));
}

LudoNewGameDialog *
ludo_new_game_dialog_new (GtkWindow  *parent,
                          const char *game_id,
                          GSettings  *settings)
{
  LudoNewGameDialog *self = g_object_new (LUDO_TYPE_NEW_GAME_DIALOG,
                                          "transient-for", parent,
                                          NULL);

  self->info = ludo_registry_lookup (game_id);
  g_return_val_if_fail (self->info != NULL, self);
  self->settings = g_object_ref (settings);
  build (self);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->start_button);
  gtk_widget_grab_focus (self->start_button);
  return self;
}

void
ludo_new_game_dialog_set_seat (LudoNewGameDialog *self,
                               guint              seat,
                               guint              choice)
{
  g_return_if_fail (seat < (guint) self->info->n_seats);
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->seat_rows[seat]), choice);
}

void
ludo_new_game_dialog_set_option (LudoNewGameDialog *self,
                                 const char        *option,
                                 int                value)
{
  for (guint i = 0; i < self->info->n_options; i++)
    if (g_str_equal (self->info->options[i].id, option))
      {
        if (self->info->options[i].choices)
          adw_combo_row_set_selected (ADW_COMBO_ROW (self->option_widgets[i]),
                                      (value - self->info->options[i].min) / option_step (&self->info->options[i]));
        else
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->option_widgets[i]), value);
      }
}
