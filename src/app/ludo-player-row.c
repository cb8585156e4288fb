/* ludo-player-row.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ludo-player-row.h"

struct _LudoPlayerRow
{
  GtkListBoxRow  parent_instance;

  GtkWidget     *icon;
  GtkWidget     *name_label;
  GtkWidget     *details_label;

  int            seat;
  gboolean       to_play;
};

G_DEFINE_FINAL_TYPE (LudoPlayerRow, ludo_player_row, GTK_TYPE_LIST_BOX_ROW)

enum {
  PROP_0,
  PROP_SEAT,
  PROP_TO_PLAY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
ludo_player_row_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  LudoPlayerRow *self = LUDO_PLAYER_ROW (object);

  switch (prop_id)
    {
    case PROP_SEAT:
      g_value_set_int (value, self->seat);
      break;
    case PROP_TO_PLAY:
      g_value_set_boolean (value, self->to_play);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_player_row_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  LudoPlayerRow *self = LUDO_PLAYER_ROW (object);

  switch (prop_id)
    {
    case PROP_SEAT:
      self->seat = g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_player_row_class_init (LudoPlayerRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ludo_player_row_get_property;
  object_class->set_property = ludo_player_row_set_property;

  properties[PROP_SEAT] =
    g_param_spec_int ("seat", NULL, NULL, 0, 7, 0,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TO_PLAY] =
    g_param_spec_boolean ("to-play", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-player-row.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoPlayerRow, icon);
  gtk_widget_class_bind_template_child (widget_class, LudoPlayerRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, LudoPlayerRow, details_label);
}

static void
ludo_player_row_init (LudoPlayerRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
ludo_player_row_new (GtkDrawingAreaDrawFunc draw_icon,
                     int                    seat)
{
  LudoPlayerRow *self = g_object_new (LUDO_TYPE_PLAYER_ROW, "seat", seat, NULL);

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->icon), draw_icon, GINT_TO_POINTER (seat), NULL);
  return GTK_WIDGET (self);
}


void
ludo_player_row_set_player (LudoPlayerRow *self,
                            const char    *name,
                            const char    *details,
                            gboolean       to_play)
{
  PangoAttrList *attrs;

  g_return_if_fail (LUDO_IS_PLAYER_ROW (self));

  gtk_label_set_text (GTK_LABEL (self->name_label), name);
  gtk_label_set_text (GTK_LABEL (self->details_label), details);
  /* attributes, not a style class: GTK 4.8 kept a stale bold weight
   * after the class was removed */
  attrs = pango_attr_list_new ();
  if (to_play)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  gtk_label_set_attributes (GTK_LABEL (self->name_label), attrs);
  pango_attr_list_unref (attrs);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, details,
                                  -1);
  gtk_widget_queue_draw (self->icon);
  if (self->to_play != !!to_play)
    {
      self->to_play = !!to_play;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TO_PLAY]);
    }
}



void
ludo_player_row_redraw_icon (LudoPlayerRow *self)
{
  g_return_if_fail (LUDO_IS_PLAYER_ROW (self));
  gtk_widget_queue_draw (self->icon);
}
