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

  GtkWidget *app_icon;
  GtkWidget *resume_group;
  GPtrArray *resume_rows;     /* (element-type AdwActionRow) */
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
resume_activated_cb (AdwActionRow    *row,
                     LudoGameChooser *self)
{
  guint index;

  if (g_ptr_array_find (self->resume_rows, row, &index))
    g_signal_emit (self, signals[RESUME_ACTIVATED], 0, index);
}

static void
game_row_activated_cb (GtkListBox      *list,
                       GtkListBoxRow   *row,
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

  gtk_image_set_from_paintable (GTK_IMAGE (self->app_icon), GDK_PAINTABLE (app_icon));
  /* the images are the registry's games, in its order */
  games = ludo_registry_get_games (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GdkTexture) texture = picture (ludo_game_info_get_icon_name (games[i]), 48, scale);

      gtk_image_set_from_paintable (g_ptr_array_index (self->game_icons, i), GDK_PAINTABLE (texture));
    }
}

/* The chooser scrolls vertically, so the width it needs does not depend on
 * the height it gets. GTK 4.8 asks for it all the same: the window's box
 * when it shares out the window's height, and the viewport when it centres
 * the chooser. A box asked for its width at a height tries width after
 * width, and every wrapping label in it searches for its own at each: more
 * than a thousand text layouts before the first frame, for the same answer
 * as without the height. So the chooser, and not AdwStatusPage (whose
 * centred box inside would be asked the same), is the scrolled page, and
 * it answers for any height as for none. Inside it nothing but the rows'
 * pictures and arrows is aligned other than to fill, for the same reason. */
static GtkSizeRequestMode
ludo_game_chooser_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ludo_game_chooser_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    for_size = -1;
  gtk_widget_measure (adw_bin_get_child (ADW_BIN (widget)), orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
ludo_game_chooser_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  gtk_widget_allocate (adw_bin_get_child (ADW_BIN (widget)), width, height, baseline, NULL);
}

static void
ludo_game_chooser_finalize (GObject *object)
{
  LudoGameChooser *self = LUDO_GAME_CHOOSER (object);

  g_ptr_array_unref (self->game_icons);
  g_ptr_array_unref (self->resume_rows);

  G_OBJECT_CLASS (ludo_game_chooser_parent_class)->finalize (object);
}

static void
ludo_game_chooser_class_init (LudoGameChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ludo_game_chooser_finalize;
  widget_class->get_request_mode = ludo_game_chooser_get_request_mode;
  widget_class->measure = ludo_game_chooser_measure;
  widget_class->size_allocate = ludo_game_chooser_size_allocate;

  /* A game was picked: its id. */
  signals[GAME_ACTIVATED] =
    g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* An unfinished game was picked: its index in the list given. */
  signals[RESUME_ACTIVATED] =
    g_signal_new ("resume-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-game-chooser.ui");
  gtk_widget_class_set_css_name (widget_class, "gamechooser");
  gtk_widget_class_bind_template_child (widget_class, LudoGameChooser, app_icon);
  gtk_widget_class_bind_template_child (widget_class, LudoGameChooser, resume_group);
  gtk_widget_class_bind_template_child (widget_class, LudoGameChooser, games_group);
}

/* A game's row: its picture, name, summary and origin, and an arrow, with
 * AdwActionRow's look. The picture and the arrow lie over the text's
 * margins instead of beside it in a box: a horizontal box in GTK 4.8 finds
 * the height of wrapping text by trying height after height, and at each
 * the labels search for their width. In AdwActionRows that was most of the
 * text layout before the chooser first showed; the overlay measures only
 * the text, once for a width. */
static GtkWidget *
game_row_new (LudoGameChooser    *self,
              const LudoGameInfo *info)
{
  GtkWidget *row = adw_preferences_row_new ();
  GtkWidget *overlay = gtk_overlay_new ();
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *title = gtk_label_new (_(info->name));
  g_autofree char *description = g_strdup_printf ("%s\n%s", _(info->summary), _(info->origin));
  GtkWidget *subtitle = gtk_label_new (description);
  GtkWidget *icon = gtk_image_new ();
  GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

  /* AdwActionRow's measures: 12 px to the row's edges, 12 between the
   * picture and the text, 6 between the text and the arrow, 6 above and
   * below the text, at least 50 px high */
  gtk_widget_set_margin_start (text, 12 + 48 + 12);
  gtk_widget_set_margin_end (text, 6 + 16 + 12);
  gtk_widget_set_margin_top (text, 6);
  gtk_widget_set_margin_bottom (text, 6);
  gtk_widget_set_size_request (text, -1, 48);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_widget_add_css_class (subtitle, "subtitle");
  gtk_box_append (GTK_BOX (text), title);
  gtk_box_append (GTK_BOX (text), subtitle);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), text);

  gtk_image_set_pixel_size (GTK_IMAGE (icon), 48);
  gtk_widget_set_halign (icon, GTK_ALIGN_START);
  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_start (icon, 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, _(info->name), -1);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), icon);
  g_ptr_array_add (self->game_icons, icon);
  gtk_widget_set_halign (arrow, GTK_ALIGN_END);
  gtk_widget_set_valign (arrow, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_end (arrow, 12);
  gtk_accessible_update_state (GTK_ACCESSIBLE (arrow), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), arrow);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(info->name));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(info->name),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), overlay);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data (G_OBJECT (row), "game-id", (gpointer) info->id);
  gtk_widget_set_name (row, info->id);

  return row;
}

static void
ludo_game_chooser_init (LudoGameChooser *self)
{
  const LudoGameInfo * const *games;
  guint n;

  /* measured and allocated by the functions above, not by AdwBin's layout */
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->game_icons = g_ptr_array_new ();
  self->resume_rows = g_ptr_array_new ();

  games = ludo_registry_get_games (&n);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = game_row_new (self, games[i]);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->games_group), row);
      /* rows are activated by their list, by click and by key alike */
      if (i == 0)
        g_signal_connect (gtk_widget_get_parent (row), "row-activated", G_CALLBACK (game_row_activated_cb), self);
    }
  draw_pictures (self);
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (draw_pictures), NULL);
}

void
ludo_game_chooser_set_unfinished (LudoGameChooser    *self,
                                  const char * const *titles,
                                  const char * const *descriptions)
{
  guint n;

  g_return_if_fail (LUDO_IS_GAME_CHOOSER (self));

  for (guint i = 0; i < self->resume_rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->resume_group), self->resume_rows->pdata[i]);
  g_ptr_array_set_size (self->resume_rows, 0);

  n = titles ? g_strv_length ((char **) titles) : 0;
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *icon = gtk_image_new_from_icon_name ("document-open-recent-symbolic");
      GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), titles[i]);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), descriptions[i]);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, titles[i],
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, descriptions[i],
                                      -1);
      /* the row's title and subtitle labels would say both again */
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY);
      gtk_accessible_update_state (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      gtk_accessible_update_state (GTK_ACCESSIBLE (arrow), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
      g_signal_connect (row, "activated", G_CALLBACK (resume_activated_cb), self);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->resume_group), row);
      g_ptr_array_add (self->resume_rows, row);
    }
  gtk_widget_set_visible (self->resume_group, n > 0);
}
