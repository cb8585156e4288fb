/* ludo-cell.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ludo-cell.h"

struct _LudoCell
{
  GtkWidget         parent_instance;

  LudoCellDrawFunc  draw_func;
  gpointer          draw_data;
  GDestroyNotify    draw_destroy;
  char             *label;
  int               size;
  int               min_size;   /* 0: the same as size */
  int               data;
  guint             selected : 1;
  guint             activatable : 1;
  guint             wipe : 1;
  guint             piece_away : 1;
  LudoCellLayer     layer;        /* while the draw function runs */

  /* a change shown over time: what was drawn before, fading into (or
   * wiped over by) what is drawn now */
  GskRenderNode    *last_node;    /* the drawing last shown whole */
  GskRenderNode    *from_node;    /* while changing: the drawing before */
  gint64            change_start; /* µs, frame clock time; 0 until the first frame */
  guint             change_delay; /* µs before it starts */
  guint             change_duration;
  guint             tick_id;
};

G_DEFINE_FINAL_TYPE (LudoCell, ludo_cell, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LABEL,
  PROP_SELECTED,
  PROP_ACTIVATABLE,
  PROP_SIZE,
  N_PROPS
};

enum {
  ACTIVATE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static double
change_progress (LudoCell *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  gint64 now;

  if (clock == NULL)
    return 1;
  now = gdk_frame_clock_get_frame_time (clock);
  if (self->change_start == 0)
    self->change_start = now;
  if (now - self->change_start < self->change_delay)
    return 0;
  return MIN (1.0, (double) (now - self->change_start - self->change_delay) / self->change_duration);
}

static void
end_change (LudoCell *self)
{
  if (self->tick_id)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  g_clear_pointer (&self->from_node, gsk_render_node_unref);
}

static void
ludo_cell_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  LudoCell *self = LUDO_CELL (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GtkSnapshot *own;
  GskRenderNode *node;
  double t;

  if (self->draw_func == NULL)
    return;
  /* drawn apart, so that the drawing can be kept for the next change */
  own = gtk_snapshot_new ();
  self->layer = self->piece_away ? LUDO_CELL_LAYER_BOARD : LUDO_CELL_LAYER_ALL;
  self->draw_func (self, own, width, height, self->draw_data);
  self->layer = LUDO_CELL_LAYER_ALL;
  node = gtk_snapshot_free_to_node (own);
  if (node == NULL)
    node = gsk_container_node_new (NULL, 0);

  t = self->from_node ? change_progress (self) : 1;
  if (t >= 1)
    {
      gtk_snapshot_append_node (snapshot, node);
      if (self->from_node)
        end_change (self);
    }
  else if (self->wipe)
    {
      /* the new drawing comes in from the start of the line: pegs one by one */
      gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
      float edge = width * t;

      gtk_snapshot_append_node (snapshot, self->from_node);
      gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (rtl ? width - edge : 0, 0, edge, height));
      gtk_snapshot_append_node (snapshot, node);
      gtk_snapshot_pop (snapshot);
    }
  else
    {
      gtk_snapshot_push_cross_fade (snapshot, t);
      gtk_snapshot_append_node (snapshot, self->from_node);
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_append_node (snapshot, node);
      gtk_snapshot_pop (snapshot);
    }
  if (self->last_node)
    gsk_render_node_unref (self->last_node);
  self->last_node = node;
}

static gboolean
change_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

void
ludo_cell_animate_change (LudoCell *self,
                          guint     delay_ms,
                          guint     duration_ms)
{
  g_return_if_fail (LUDO_IS_CELL (self));

  end_change (self);
  /* a cell never drawn, or not shown, has nothing to change from */
  if (self->last_node == NULL || duration_ms == 0 || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  self->from_node = gsk_render_node_ref (self->last_node);
  self->change_start = 0;
  self->change_delay = delay_ms * 1000;
  self->change_duration = duration_ms * 1000;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), change_tick_cb, NULL, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
ludo_cell_is_animating (LudoCell *self)
{
  return self->from_node != NULL;
}

LudoCellLayer
ludo_cell_get_layer (LudoCell *self)
{
  g_return_val_if_fail (LUDO_IS_CELL (self), LUDO_CELL_LAYER_ALL);

  return self->layer;
}

GskRenderNode *
ludo_cell_draw_piece (LudoCell *self)
{
  GtkSnapshot *own;

  g_return_val_if_fail (LUDO_IS_CELL (self), NULL);

  if (self->draw_func == NULL)
    return NULL;
  own = gtk_snapshot_new ();
  self->layer = LUDO_CELL_LAYER_PIECE;
  self->draw_func (self, own, gtk_widget_get_width (GTK_WIDGET (self)),
                   gtk_widget_get_height (GTK_WIDGET (self)), self->draw_data);
  self->layer = LUDO_CELL_LAYER_ALL;
  return gtk_snapshot_free_to_node (own);
}

void
ludo_cell_set_piece_away (LudoCell *self,
                          gboolean  away)
{
  g_return_if_fail (LUDO_IS_CELL (self));

  if (self->piece_away == !!away)
    return;
  self->piece_away = !!away;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ludo_cell_set_wipe (LudoCell *self,
                    gboolean  wipe)
{
  self->wipe = !!wipe;
}

static void
ludo_cell_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  LudoCell *self = LUDO_CELL (widget);

  *natural = self->size;
  *minimum = self->min_size > 0 ? MIN (self->min_size, self->size) : self->size;
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            LudoCell        *self)
{
  if (!self->activatable || !gtk_widget_is_sensitive (GTK_WIDGET (self)))
    return;
  /* not claimed: a board may also drag from here */
  if (gtk_widget_get_focusable (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  g_signal_emit (self, signals[ACTIVATE], 0);
}

static void
ludo_cell_real_activate (LudoCell *self)
{
}

static void
ludo_cell_dispose (GObject *object)
{
  LudoCell *self = LUDO_CELL (object);

  if (self->draw_destroy)
    g_clear_pointer (&self->draw_data, self->draw_destroy);
  self->draw_func = NULL;
  end_change (self);
  g_clear_pointer (&self->last_node, gsk_render_node_unref);

  G_OBJECT_CLASS (ludo_cell_parent_class)->dispose (object);
}

static void
ludo_cell_finalize (GObject *object)
{
  LudoCell *self = LUDO_CELL (object);

  g_free (self->label);
  G_OBJECT_CLASS (ludo_cell_parent_class)->finalize (object);
}

static void
ludo_cell_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  LudoCell *self = LUDO_CELL (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_SELECTED:
      g_value_set_boolean (value, self->selected);
      break;
    case PROP_ACTIVATABLE:
      g_value_set_boolean (value, self->activatable);
      break;
    case PROP_SIZE:
      g_value_set_int (value, self->size);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_cell_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  LudoCell *self = LUDO_CELL (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      ludo_cell_set_label (self, g_value_get_string (value));
      break;
    case PROP_SELECTED:
      ludo_cell_set_selected (self, g_value_get_boolean (value));
      break;
    case PROP_ACTIVATABLE:
      self->activatable = g_value_get_boolean (value);
      break;
    case PROP_SIZE:
      ludo_cell_set_size (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_cell_constructed (GObject *object)
{
  LudoCell *self = LUDO_CELL (object);

  G_OBJECT_CLASS (ludo_cell_parent_class)->constructed (object);
  gtk_widget_set_focusable (GTK_WIDGET (self), self->activatable);
  if (self->activatable)
    gtk_widget_add_css_class (GTK_WIDGET (self), "activatable");
}

/* The cursor: GTK 4.8 stops drawing :focus-visible 3 s after the last
 * key, but a board's cursor is where the next key acts, and a person
 * waiting for the computer's reply must still see it. Once the keyboard
 * brought the focus here, the cell keeps the "cursor" class (the style
 * sheets draw the ring on it) until the focus goes. */
static void
ludo_cell_state_flags_changed (GtkWidget     *widget,
                               GtkStateFlags  previous)
{
  GtkStateFlags flags = gtk_widget_get_state_flags (widget);

  GTK_WIDGET_CLASS (ludo_cell_parent_class)->state_flags_changed (widget, previous);
  if (flags & GTK_STATE_FLAG_FOCUS_VISIBLE)
    gtk_widget_add_css_class (widget, "cursor");
  else if (!(flags & GTK_STATE_FLAG_FOCUSED))
    gtk_widget_remove_css_class (widget, "cursor");
}

static void
ludo_cell_class_init (LudoCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = ludo_cell_constructed;
  object_class->dispose = ludo_cell_dispose;
  object_class->finalize = ludo_cell_finalize;
  object_class->get_property = ludo_cell_get_property;
  object_class->set_property = ludo_cell_set_property;
  widget_class->snapshot = ludo_cell_snapshot;
  widget_class->measure = ludo_cell_measure;
  widget_class->state_flags_changed = ludo_cell_state_flags_changed;

  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] =
    g_param_spec_boolean ("selected", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACTIVATABLE] =
    g_param_spec_boolean ("activatable", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIZE] =
    g_param_spec_int ("size", NULL, NULL, 8, 256, 32,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[ACTIVATE] =
    g_signal_new_class_handler ("activate", G_TYPE_FROM_CLASS (klass),
                                G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION,
                                G_CALLBACK (ludo_cell_real_activate),
                                NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_activate_signal (widget_class, signals[ACTIVATE]);

  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_space, 0, "activate", NULL);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_KP_Space, 0, "activate", NULL);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_Return, 0, "activate", NULL);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_KP_Enter, 0, "activate", NULL);

  gtk_widget_class_set_css_name (widget_class, "ludocell");
}

static void
ludo_cell_init (LudoCell *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->size = 32;
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
ludo_cell_new (gboolean activatable)
{
  return g_object_new (LUDO_TYPE_CELL,
                       "activatable", activatable,
                       "accessible-role", activatable ? GTK_ACCESSIBLE_ROLE_BUTTON
                                                      : GTK_ACCESSIBLE_ROLE_IMG,
                       NULL);
}

void
ludo_cell_set_draw_func (LudoCell         *self,
                         LudoCellDrawFunc  func,
                         gpointer          user_data,
                         GDestroyNotify    destroy)
{
  g_return_if_fail (LUDO_IS_CELL (self));

  if (self->draw_destroy)
    self->draw_destroy (self->draw_data);
  self->draw_func = func;
  self->draw_data = user_data;
  self->draw_destroy = destroy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
ludo_cell_get_label (LudoCell *self)
{
  g_return_val_if_fail (LUDO_IS_CELL (self), NULL);
  return self->label;
}

void
ludo_cell_set_label (LudoCell   *self,
                     const char *label)
{
  g_return_if_fail (LUDO_IS_CELL (self));

  if (g_strcmp0 (self->label, label) == 0)
    return;
  g_free (self->label);
  self->label = g_strdup (label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label ? label : "",
                                  -1);
  /* no tooltip: on a board it would cover the pieces round the cell, and
   * it would say what is drawn there, which the name says to a screen
   * reader (a cell may still have a tip of its own, as a colour's name) */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

gboolean
ludo_cell_get_selected (LudoCell *self)
{
  g_return_val_if_fail (LUDO_IS_CELL (self), FALSE);
  return self->selected;
}

void
ludo_cell_set_selected (LudoCell *self,
                        gboolean  selected)
{
  g_return_if_fail (LUDO_IS_CELL (self));

  selected = !!selected;
  if (self->selected == selected)
    return;
  self->selected = selected;
  if (selected)
    gtk_widget_add_css_class (GTK_WIDGET (self), "selected");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "selected");
  if (self->activatable)
    gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_PRESSED,
                                 selected ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE,
                                 -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

gboolean
ludo_cell_get_activatable (LudoCell *self)
{
  g_return_val_if_fail (LUDO_IS_CELL (self), FALSE);
  return self->activatable;
}

void
ludo_cell_set_size (LudoCell *self,
                    int       size)
{
  g_return_if_fail (LUDO_IS_CELL (self));

  if (self->size == size)
    return;
  self->size = size;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIZE]);
}

/* Cells of a board that grows with the window may shrink to min_size. */
void
ludo_cell_set_min_size (LudoCell *self,
                        int       min_size)
{
  g_return_if_fail (LUDO_IS_CELL (self));

  self->min_size = min_size;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
ludo_cell_set_data (LudoCell *self,
                    int       data)
{
  g_return_if_fail (LUDO_IS_CELL (self));

  if (self->data == data)
    return;
  self->data = data;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
ludo_cell_get_data (LudoCell *self)
{
  g_return_val_if_fail (LUDO_IS_CELL (self), 0);
  return self->data;
}

void
ludo_cell_move_cursor (LudoCell *from,
                       LudoCell *to)
{
  GtkRoot *root;

  g_return_if_fail (LUDO_IS_CELL (from));
  g_return_if_fail (LUDO_IS_CELL (to));

  root = gtk_widget_get_root (GTK_WIDGET (to));
  /* the board takes the arrow keys before the window sees them, so the
   * window would not know that the keyboard is in use: show the focus */
  if (GTK_IS_WINDOW (root))
    gtk_window_set_focus_visible (GTK_WINDOW (root), TRUE);
  if (from == to)
    return;
  gtk_widget_set_focusable (GTK_WIDGET (to), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (to));
  gtk_widget_set_focusable (GTK_WIDGET (from), FALSE);
}

LudoCell *
ludo_cell_pick (GtkWidget *board,
                double     x,
                double     y)
{
  GtkWidget *w = gtk_widget_pick (board, x, y, GTK_PICK_DEFAULT);

  while (w && !LUDO_IS_CELL (w))
    w = gtk_widget_get_parent (w);
  return w ? LUDO_CELL (w) : NULL;
}
