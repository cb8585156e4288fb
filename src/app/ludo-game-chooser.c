/* ludo-game-chooser.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/ludo-registry.h"
#include "ludo-game-chooser.h"

struct _LudoGameChooser
{
  AdwBin     parent_instance;

  GtkWidget *resume_group;
  GtkWidget *resume_row;
  GtkWidget *games_group;
};

G_DEFINE_FINAL_TYPE (LudoGameChooser, ludo_game_chooser, ADW_TYPE_BIN)

enum {
  GAME_ACTIVATED,
  RESUME_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
resume_activated_cb (LudoGameChooser *self)
{
  g_signal_emit (self, signals[RESUME_ACTIVATED], 0);
}

static void
game_row_activated_cb (AdwActionRow    *row,
                       LudoGameChooser *self)
{
  g_signal_emit (self, signals[GAME_ACTIVATED], 0, g_object_get_data (G_OBJECT (row), "game-id"));
}

static void
ludo_game_chooser_class_init (LudoGameChooserClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /* A game was picked: its id. */
  signals[GAME_ACTIVATED] =
    g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[RESUME_ACTIVATED] =
    g_signal_new ("resume-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-game-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoGameChooser, resume_group);
  gtk_widget_class_bind_template_child (widget_class, LudoGameChooser, resume_row);
  gtk_widget_class_bind_template_child (widget_class, LudoGameChooser, games_group);
  gtk_widget_class_bind_template_callback (widget_class, resume_activated_cb);
}

static void
ludo_game_chooser_init (LudoGameChooser *self)
{
  const LudoGameInfo * const *games;
  guint n;

  gtk_widget_init_template (GTK_WIDGET (self));

  games = ludo_registry_get_games (&n);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *icon = gtk_image_new_from_icon_name (games[i]->icon_name);
      GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");
      g_autofree char *subtitle = g_strdup_printf ("%s\n%s", _(games[i]->summary), _(games[i]->origin));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(games[i]->name));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      /* a limit of lines (the title one, the summary and the origin two
       * each) makes GTK lay these labels out far fewer times to find
       * their size: unlimited wrapping labels were a good part of the work
       * before the window first shows. The text still wraps; only a very
       * narrow window ends it with an ellipsis. */
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 1);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 2);
      gtk_image_set_pixel_size (GTK_IMAGE (icon), 48);
      gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, _(games[i]->name), -1);
      gtk_accessible_update_state (GTK_ACCESSIBLE (arrow), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data (G_OBJECT (row), "game-id", (gpointer) games[i]->id);
      gtk_widget_set_name (row, games[i]->id);
      g_signal_connect (row, "activated", G_CALLBACK (game_row_activated_cb), self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->games_group), row);
    }
}

void
ludo_game_chooser_set_resume (LudoGameChooser *self,
                              const char      *description)
{
  g_return_if_fail (LUDO_IS_GAME_CHOOSER (self));

  gtk_widget_set_visible (self->resume_group, description != NULL);
  if (description)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->resume_row), description);
}
