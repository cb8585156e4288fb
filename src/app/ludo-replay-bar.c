/* ludo-replay-bar.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ludo-accessible.h"
#include "ludo-replay-bar.h"

struct _LudoReplayBar
{
  GtkWidget  parent_instance;

  GtkWidget *play_button;
  GtkWidget *speed_dropdown;
  GtkWidget *position_label;
  GtkWidget *review_button;
  GtkWidget *review_progress;
  GtkWidget *review_cancel_button;
};

G_DEFINE_FINAL_TYPE (LudoReplayBar, ludo_replay_bar, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SPEED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const guint intervals[] = { 2000, 1000, 450, 150 };

static void
play_toggled_cb (LudoReplayBar *self)
{
  gboolean playing = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->play_button));

  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->play_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, playing ? _("Pause") : _("Play"),
                                  -1);
}

static void
speed_changed_cb (LudoReplayBar *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

static void
ludo_replay_bar_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (ludo_replay_bar_parent_class)->dispose (object);
}

static void
ludo_replay_bar_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  LudoReplayBar *self = LUDO_REPLAY_BAR (object);

  switch (prop_id)
    {
    case PROP_SPEED:
      g_value_set_uint (value, ludo_replay_bar_get_speed (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_replay_bar_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  LudoReplayBar *self = LUDO_REPLAY_BAR (object);

  switch (prop_id)
    {
    case PROP_SPEED:
      ludo_replay_bar_set_speed (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_replay_bar_class_init (LudoReplayBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ludo_replay_bar_dispose;
  object_class->get_property = ludo_replay_bar_get_property;
  object_class->set_property = ludo_replay_bar_set_property;

  properties[PROP_SPEED] =
    g_param_spec_uint ("speed", NULL, NULL, 0, G_N_ELEMENTS (intervals) - 1, 1,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-replay-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoReplayBar, play_button);
  gtk_widget_class_bind_template_child (widget_class, LudoReplayBar, speed_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LudoReplayBar, position_label);
  gtk_widget_class_bind_template_child (widget_class, LudoReplayBar, review_button);
  gtk_widget_class_bind_template_child (widget_class, LudoReplayBar, review_progress);
  gtk_widget_class_bind_template_child (widget_class, LudoReplayBar, review_cancel_button);
  gtk_widget_class_bind_template_callback (widget_class, play_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, speed_changed_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "replaybar");
}

static void
ludo_replay_bar_init (LudoReplayBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ludo_accessible_label_drop_down (GTK_DROP_DOWN (self->speed_dropdown), _("Replay speed"));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->speed_dropdown), 1);
}

guint
ludo_replay_bar_get_speed (LudoReplayBar *self)
{
  g_return_val_if_fail (LUDO_IS_REPLAY_BAR (self), 1);
  return MIN (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->speed_dropdown)),
              G_N_ELEMENTS (intervals) - 1);
}

void
ludo_replay_bar_set_speed (LudoReplayBar *self,
                           guint          speed)
{
  g_return_if_fail (LUDO_IS_REPLAY_BAR (self));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->speed_dropdown),
                              MIN (speed, G_N_ELEMENTS (intervals) - 1));
}

guint
ludo_replay_bar_get_interval (LudoReplayBar *self)
{
  return intervals[ludo_replay_bar_get_speed (self)];
}

void
ludo_replay_bar_set_position (LudoReplayBar *self,
                              guint          ply,
                              guint          n_moves)
{
  /* Translators: the replay's place: "move 5 of 12" */
  g_autofree char *text = g_strdup_printf (_("move %u of %u"), ply, n_moves);

  g_return_if_fail (LUDO_IS_REPLAY_BAR (self));
  gtk_label_set_text (GTK_LABEL (self->position_label), text);
}

void
ludo_replay_bar_set_review (LudoReplayBar *self,
                            gboolean       offered,
                            gboolean       reviewing,
                            guint          done,
                            guint          total)
{
  g_return_if_fail (LUDO_IS_REPLAY_BAR (self));

  gtk_widget_set_visible (self->review_button, offered && !reviewing);
  gtk_widget_set_visible (self->review_progress, reviewing);
  gtk_widget_set_visible (self->review_cancel_button, reviewing);
  if (reviewing)
    {
      /* Translators: the review's progress: "Reviewing move 34 of 120" */
      g_autofree char *text = g_strdup_printf (_("Reviewing move %u of %u"), MIN (done + 1, total), total);

      gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->review_progress), text);
      gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->review_progress), total ? (double) done / total : 0);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->review_progress),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
    }
}
