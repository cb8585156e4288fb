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

  GtkWidget *status_page;
  GtkWidget *resume_group;
  GtkWidget *resume_row;
  GtkWidget *games_group;
  GPtrArray *game_icons;      /* (element-type GtkImage): each game's */
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

/* The chooser is the first screen, so its pictures are PNGs drawn at build
 * time (src/app/meson.build) for every game, at 1x and 2x. Looked up by
 * name in the icon theme instead, each SVG would be drawn at start-up in a
 * worker thread of its own, and every such thread leaves a malloc arena
 * of a few hundred kB behind for the life of the process. */
static GdkTexture *
picture (const char *name,
         int         size,
         int         scale)
{
  g_autofree char *path = g_strdup_printf (RESOURCE_BASE "/pictures/%s@%d.png",
                                           name, size * CLAMP (scale, 1, 2));

  return gdk_texture_new_from_resource (path);
}

static void
draw_pictures (LudoGameChooser *self)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  g_autoptr(GdkTexture) app_icon = picture (APP_ID, 96, scale);
  const LudoGameInfo * const *games;
  guint n;

  adw_status_page_set_paintable (ADW_STATUS_PAGE (self->status_page), GDK_PAINTABLE (app_icon));
  /* the images are the registry's games, in its order */
  games = ludo_registry_get_games (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GdkTexture) texture = picture (games[i]->icon_name, 48, scale);

      gtk_image_set_from_paintable (g_ptr_array_index (self->game_icons, i), GDK_PAINTABLE (texture));
    }
}

static void
ludo_game_chooser_finalize (GObject *object)
{
  LudoGameChooser *self = LUDO_GAME_CHOOSER (object);

  g_ptr_array_unref (self->game_icons);

  G_OBJECT_CLASS (ludo_game_chooser_parent_class)->finalize (object);
}

static void
ludo_game_chooser_class_init (LudoGameChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ludo_game_chooser_finalize;

  /* A game was picked: its id. */
  signals[GAME_ACTIVATED] =
    g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[RESUME_ACTIVATED] =
    g_signal_new ("resume-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-game-chooser.ui");
  gtk_widget_class_set_css_name (widget_class, "gamechooser");
  gtk_widget_class_bind_template_child (widget_class, LudoGameChooser, status_page);
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
  self->game_icons = g_ptr_array_new ();

  games = ludo_registry_get_games (&n);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *icon = gtk_image_new ();
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
      g_ptr_array_add (self->game_icons, icon);
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
  draw_pictures (self);
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (draw_pictures), NULL);
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
