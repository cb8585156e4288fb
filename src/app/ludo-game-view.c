/* ludo-game-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "ludo-accessible.h"
#include "ludo-board.h"
#include "ludo-cell.h"
#include "ludo-game-view.h"
#include "app/ludo-game-views.h"

typedef struct
{
  LudoGame *game;
  int       viewer;
  gboolean  interactive;
  char     *status;
  gulong    position_handler;
  gulong    seats_handler;
  guint     shown_position;
  int       shown_viewer;    /* what the input in hand was for */
  GSettings *settings;   /* the animation speed; NULL without the schema */

  /* pieces sliding from cell to cell, drawn over the board */
  GArray   *slides;
  gint64    slide_start;     /* µs, frame clock time; 0 until the first frame */
  guint     slide_duration;  /* µs */
  guint     slide_tick;

  /* a piece picked up on a board (ludo_game_view_add_input) */
  int       drag_from;         /* its cell, -1 if none */
  gboolean  dragging;          /* lifted */
  double    drag_start_x, drag_start_y;
  double    drag_x, drag_y;

  gboolean  sight_pending;     /* the focus to be scrolled into sight */
  guint     sight_idle;
  GtkRoot  *focus_root;        /* while mapped: whose focus is followed */
  gulong    focus_handler;
  int       last_width, last_height;
} LudoGameViewPrivate;

typedef struct
{
  LudoCell      *from, *to;
  GskRenderNode *piece;
} Slide;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (LudoGameView, ludo_game_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_VIEWER,
  PROP_INTERACTIVE,
  PROP_STATUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The views of the games, by game id: the app-side half of the registry,
 * made from the list of games. */
static const struct {
  const char *id;
  GType     (*get_type) (void);
} views[] = { LUDO_GAME_VIEWS };

LudoGameView *
ludo_game_view_new_for_game (LudoGame *game)
{
  const char *id = ludo_game_get_id (game);

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    if (g_str_equal (views[i].id, id))
      return g_object_new (views[i].get_type (), "game", game, NULL);
  g_critical ("No view for the game %s", id);
  return NULL;
}

/* How long a change takes to show, by the preference and the desktop's
 * "reduce animation" (gtk-enable-animations): 0 for none. */
static guint
change_duration (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);
  static const guint durations[] = { 0, 600, 300, 150 };
  gboolean enabled = TRUE;
  guint speed = 2;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  if (priv->settings)
    speed = MIN (g_settings_get_uint (priv->settings, "animation-speed"), 3);
  return enabled ? durations[speed] : 0;
}

static void
collect_cells (GtkWidget *widget,
               GPtrArray *cells)
{
  if (LUDO_IS_CELL (widget))
    g_ptr_array_add (cells, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_cells (c, cells);
}

static void
clear_slide (gpointer data)
{
  Slide *slide = data;

  ludo_cell_set_piece_away (slide->to, FALSE);
  g_clear_pointer (&slide->piece, gsk_render_node_unref);
  g_object_unref (slide->from);
  g_object_unref (slide->to);
}

static void
end_slides (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  if (priv->slide_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), priv->slide_tick);
  priv->slide_tick = 0;
  if (priv->slides->len > 0)
    {
      g_array_set_size (priv->slides, 0);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static double
slide_progress (LudoGameView  *self,
                GdkFrameClock *clock)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (priv->slide_start == 0)
    priv->slide_start = now;
  return MIN (1.0, (double) (now - priv->slide_start) / priv->slide_duration);
}

static gboolean
slide_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       user_data)
{
  LudoGameView *self = LUDO_GAME_VIEW (widget);
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  if (slide_progress (self, clock) >= 1)
    {
      priv->slide_tick = 0;
      end_slides (self);
      return G_SOURCE_REMOVE;
    }
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

/* The pieces the move carried leave their cells at once and are drawn
 * over the board on their way; the cells they go to show what was there
 * fading away under them (a piece taken), and show the piece on arrival. */
static void
start_slides (LudoGameView *self,
              GPtrArray    *pairs,
              guint         duration)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  for (guint i = 0; i + 1 < pairs->len; i += 2)
    {
      Slide slide = { g_object_ref (pairs->pdata[i]), g_object_ref (pairs->pdata[i + 1]), NULL };
      gboolean left = FALSE;

      /* a block moving along itself: what was there has slid on */
      for (guint j = 0; j < pairs->len && !left; j += 2)
        left = pairs->pdata[j] == slide.to;
      slide.piece = ludo_cell_draw_piece (slide.to);
      if (!left)
        ludo_cell_animate_change (slide.to, 0, duration);
      ludo_cell_set_piece_away (slide.to, TRUE);
      g_array_append_val (priv->slides, slide);
    }
  priv->slide_start = 0;
  priv->slide_duration = duration * 1000;
  priv->slide_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), slide_tick_cb, NULL, NULL);
}

static void
ludo_game_view_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  LudoGameView *self = LUDO_GAME_VIEW (widget);
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  double t, eased;

  GTK_WIDGET_CLASS (ludo_game_view_parent_class)->snapshot (widget, snapshot);
  if (priv->slides->len == 0 || clock == NULL)
    return;
  t = slide_progress (self, clock);
  eased = 1 - (1 - t) * (1 - t) * (1 - t);   /* ease out: it lands gently */
  for (guint i = 0; i < priv->slides->len; i++)
    {
      Slide *slide = &g_array_index (priv->slides, Slide, i);
      graphene_point_t from, to;

      if (slide->piece == NULL
          || !gtk_widget_compute_point (GTK_WIDGET (slide->from), widget, &GRAPHENE_POINT_INIT (0, 0), &from)
          || !gtk_widget_compute_point (GTK_WIDGET (slide->to), widget, &GRAPHENE_POINT_INIT (0, 0), &to))
        continue;
      /* centre to centre, whatever the two cells' sizes */
      from.x += (gtk_widget_get_width (GTK_WIDGET (slide->from)) - gtk_widget_get_width (GTK_WIDGET (slide->to))) / 2.0;
      from.y += (gtk_widget_get_height (GTK_WIDGET (slide->from)) - gtk_widget_get_height (GTK_WIDGET (slide->to))) / 2.0;
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (from.x + (to.x - from.x) * eased,
                                                              from.y + (to.y - from.y) * eased));
      gtk_snapshot_append_node (snapshot, slide->piece);
      gtk_snapshot_restore (snapshot);
    }
}

/* A scrolled board (sixteen rows of guesses) shows the place with the
 * keyboard focus, with a margin: the row to play is in sight when a game
 * starts or loads, after every move and when the board is resized, not
 * only once a key has moved the focus (the viewport scrolls to the focus
 * only when it moves, and not before the board is laid out). Done as the
 * view is allocated, when the rows are where they are drawn. */
/* As gtk_adjustment_clamp_page, which leaves a scroll under way to go on. */
static void
show_range (GtkAdjustment *adjustment,
            double         lower,
            double         upper)
{
  double value = gtk_adjustment_get_value (adjustment);
  double page = gtk_adjustment_get_page_size (adjustment);

  lower = MAX (lower, gtk_adjustment_get_lower (adjustment));
  upper = MIN (upper, gtk_adjustment_get_upper (adjustment));
  if (value + page < upper)
    value = upper - page;
  if (value > lower)
    value = lower;
  gtk_adjustment_set_value (adjustment, value);
}

static void
scroll_focus_into_sight (LudoGameView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
  GtkWidget *scroller, *content;
  graphene_rect_t bounds;
  const double margin = 24;

  if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
    return;
  scroller = gtk_widget_get_ancestor (focus, GTK_TYPE_SCROLLED_WINDOW);
  if (scroller == NULL || !gtk_widget_is_ancestor (scroller, GTK_WIDGET (self)))
    return;
  /* the viewport's child: where the content is, whatever the scroll */
  content = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  if (GTK_IS_VIEWPORT (content))
    content = gtk_viewport_get_child (GTK_VIEWPORT (content));
  if (content == NULL || !gtk_widget_compute_bounds (focus, content, &bounds))
    return;
  show_range (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)),
              bounds.origin.y - margin, bounds.origin.y + bounds.size.height + margin);
  show_range (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller)),
              bounds.origin.x - margin, bounds.origin.x + bounds.size.width + margin);
}

static gboolean
scroll_focus_idle_cb (gpointer data)
{
  LudoGameView *self = data;
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  priv->sight_idle = 0;
  scroll_focus_into_sight (self);
  return G_SOURCE_REMOVE;
}

static void
keep_focus_in_sight (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  priv->sight_pending = TRUE;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
ludo_game_view_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  LudoGameView *self = LUDO_GAME_VIEW (widget);
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  ludo_layers_allocate (widget, width, height, baseline);
  /* after a change, or at a new size; not when a person scrolls. Once
   * the window is laid out: a scroll now would be lost with the rest. */
  if ((priv->sight_pending || width != priv->last_width || height != priv->last_height) && priv->sight_idle == 0)
    priv->sight_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, scroll_focus_idle_cb, self, NULL);
  priv->sight_pending = FALSE;
  priv->last_width = width;
  priv->last_height = height;
}

/* What a person had in hand (a piece dragged too), and a hint shown. */
static void
forget_input (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  priv->drag_from = -1;
  priv->dragging = FALSE;
  LUDO_GAME_VIEW_GET_CLASS (self)->clear_input (self);
}

/* A move played (or stepped through in a replay) shows itself: the
 * pieces it carried slide from cell to cell, and every other cell whose
 * name changed — what is there is in its name — fades from what it showed
 * to what it shows, one after the other in the board's order, so that
 * pieces taken go and pegs appear in turn. */
static void
update (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);
  LudoGameViewClass *klass = LUDO_GAME_VIEW_GET_CLASS (self);
  guint position = ludo_game_get_position (priv->game);
  guint duration = 0;
  g_autoptr(GPtrArray) cells = NULL;
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) slides = NULL;

  if (position != priv->shown_position)
    end_slides (self);
  /* no game can forget it: what a person had in hand, and a hint, were
   * for another position or another person */
  if (position != priv->shown_position || priv->viewer != priv->shown_viewer)
    forget_input (self);
  priv->shown_viewer = priv->viewer;
  if (position == priv->shown_position + 1 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    duration = change_duration (self);
  if (duration > 0)
    {
      cells = g_ptr_array_new ();
      before = g_ptr_array_new_with_free_func (g_free);
      collect_cells (GTK_WIDGET (self), cells);
      for (guint i = 0; i < cells->len; i++)
        g_ptr_array_add (before, g_strdup (ludo_cell_get_label (cells->pdata[i])));
    }

  if (klass->update)
    klass->update (self);
  priv->shown_position = position;
  keep_focus_in_sight (self);

  if (duration > 0)
    {
      guint changed;

      slides = g_ptr_array_new ();
      if (klass->collect_slides)
        klass->collect_slides (self, slides);
      changed = slides->len > 0;   /* what a slide takes fades after it starts */
      for (guint i = 0; i < cells->len; i++)
        if (g_strcmp0 (before->pdata[i], ludo_cell_get_label (cells->pdata[i])) != 0
            && !g_ptr_array_find (slides, cells->pdata[i], NULL))
          ludo_cell_animate_change (cells->pdata[i], MIN (changed++ * duration / 3, 2 * duration), duration);
      if (slides->len > 0)
        start_slides (self, slides, duration);
    }
}

static void
focus_changed_cb (LudoGameView *self)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self)));

  if (focus && gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
    keep_focus_in_sight (self);
}

/* A viewport's own scroll to the focus, animated from where the focus
 * was before the layout, would take the view's back. */
static void
stop_viewports_following_focus (GtkWidget *widget)
{
  if (GTK_IS_VIEWPORT (widget))
    gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (widget), FALSE);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    stop_viewports_following_focus (child);
}

static void
ludo_game_view_map (GtkWidget *widget)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (LUDO_GAME_VIEW (widget));

  GTK_WIDGET_CLASS (ludo_game_view_parent_class)->map (widget);
  stop_viewports_following_focus (widget);
  /* the focus may come to the board without a change of position */
  priv->focus_root = gtk_widget_get_root (widget);
  priv->focus_handler = g_signal_connect_swapped (priv->focus_root, "notify::focus-widget",
                                                  G_CALLBACK (focus_changed_cb), widget);
  keep_focus_in_sight (LUDO_GAME_VIEW (widget));
}

static void
ludo_game_view_unmap (GtkWidget *widget)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (LUDO_GAME_VIEW (widget));

  if (priv->focus_root)
    g_clear_signal_handler (&priv->focus_handler, priv->focus_root);
  priv->focus_root = NULL;
  GTK_WIDGET_CLASS (ludo_game_view_parent_class)->unmap (widget);
}

static void
ludo_game_view_constructed (GObject *object)
{
  LudoGameView *self = LUDO_GAME_VIEW (object);
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  G_OBJECT_CLASS (ludo_game_view_parent_class)->constructed (object);

  g_assert (priv->game != NULL);
  /* every view forgets its hints, selections, drags and previews when the
   * position changes (see update ()) */
  if (LUDO_GAME_VIEW_GET_CLASS (self)->clear_input == NULL)
    g_critical ("%s does not implement LudoGameView.clear_input", G_OBJECT_TYPE_NAME (self));
  /* the view carries the game's actions (flip, show matches…): a screen
   * reader names it after the game, not after its type */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _(ludo_game_get_info (priv->game)->name), -1);
  ludo_accessible_strip_mnemonics (GTK_WIDGET (self));
  priv->shown_position = ludo_game_get_position (priv->game);
  priv->shown_viewer = priv->viewer;
  {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
    GSettingsSchema *schema = source ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;
    if (schema)
      {
        priv->settings = g_settings_new (APP_ID);
        g_settings_schema_unref (schema);
      }
  }
  priv->position_handler = g_signal_connect_swapped (priv->game, "position-changed",
                                                     G_CALLBACK (update), self);
  priv->seats_handler = g_signal_connect_swapped (priv->game, "seats-changed",
                                                  G_CALLBACK (update), self);
}

static void
ludo_game_view_dispose (GObject *object)
{
  LudoGameView *self = LUDO_GAME_VIEW (object);
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  if (priv->game)
    {
      g_clear_signal_handler (&priv->position_handler, priv->game);
      g_clear_signal_handler (&priv->seats_handler, priv->game);
      g_clear_object (&priv->game);
    }
  g_clear_pointer (&priv->status, g_free);
  g_clear_object (&priv->settings);
  g_clear_handle_id (&priv->sight_idle, g_source_remove);
  end_slides (self);

  G_OBJECT_CLASS (ludo_game_view_parent_class)->dispose (object);
}

static void
ludo_game_view_finalize (GObject *object)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (LUDO_GAME_VIEW (object));

  g_array_unref (priv->slides);

  G_OBJECT_CLASS (ludo_game_view_parent_class)->finalize (object);
}

static void
ludo_game_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  LudoGameView *self = LUDO_GAME_VIEW (object);
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, priv->game);
      break;
    case PROP_VIEWER:
      g_value_set_int (value, priv->viewer);
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, priv->interactive);
      break;
    case PROP_STATUS:
      g_value_set_string (value, priv->status);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_game_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  LudoGameView *self = LUDO_GAME_VIEW (object);
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_GAME:
      priv->game = g_value_dup_object (value);
      break;
    case PROP_VIEWER:
      ludo_game_view_set_viewer (self, g_value_get_int (value));
      break;
    case PROP_INTERACTIVE:
      ludo_game_view_set_interactive (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ------------------------------------------------------------------------ */
/* Colours for the contrast test                                             */

GArray *
ludo_game_view_list_colours (LudoGameView *self)
{
  GArray *pairs = g_array_new (FALSE, TRUE, sizeof (LudoColourPair));

  g_return_val_if_fail (LUDO_IS_GAME_VIEW (self), pairs);

  if (LUDO_GAME_VIEW_GET_CLASS (self)->list_colours)
    LUDO_GAME_VIEW_GET_CLASS (self)->list_colours (self, pairs);
  return pairs;
}

GdkRGBA
ludo_colour_over (const GdkRGBA *top,
                  const GdkRGBA *ground)
{
  return (GdkRGBA) {
    top->red * top->alpha + ground->red * (1 - top->alpha),
    top->green * top->alpha + ground->green * (1 - top->alpha),
    top->blue * top->alpha + ground->blue * (1 - top->alpha),
    1,
  };
}

void
ludo_colour_pairs_add (GArray        *pairs,
                       const char    *what,
                       const GdkRGBA *colour,
                       const GdkRGBA *rim,
                       const char    *ground,
                       const GdkRGBA *ground_colour)
{
  LudoColourPair pair = {
    .what = g_intern_string (what),
    .ground = g_intern_string (ground),
    .ground_colour = ludo_colour_over (ground_colour, &(GdkRGBA) { 0, 0, 0, 1 }),
  };

  pair.colour = ludo_colour_over (colour, &pair.ground_colour);
  if (rim)
    pair.rim = ludo_colour_over (rim, &pair.ground_colour);
  g_array_append_val (pairs, pair);
}

static double
luminance (const GdkRGBA *c)
{
  double v[3] = { c->red, c->green, c->blue };

  for (int i = 0; i < 3; i++)
    v[i] = v[i] <= 0.03928 ? v[i] / 12.92 : pow ((v[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

double
ludo_colour_contrast (const GdkRGBA *a,
                      const GdkRGBA *b)
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

double
ludo_colour_pair_contrast (const LudoColourPair *pair)
{
  double ratio = ludo_colour_contrast (&pair->colour, &pair->ground_colour);

  if (pair->rim.alpha > 0)
    ratio = MAX (ratio, MIN (ludo_colour_contrast (&pair->rim, &pair->ground_colour),
                             ludo_colour_contrast (&pair->rim, &pair->colour)));
  return ratio;
}

static void
ludo_game_view_class_init (LudoGameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = ludo_game_view_constructed;
  object_class->dispose = ludo_game_view_dispose;
  object_class->finalize = ludo_game_view_finalize;
  object_class->get_property = ludo_game_view_get_property;
  object_class->set_property = ludo_game_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, LUDO_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWER] =
    g_param_spec_int ("viewer", NULL, NULL, LUDO_VIEWER_NONE, 8, LUDO_VIEWER_ALL,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATUS] =
    g_param_spec_string ("status", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->snapshot = ludo_game_view_snapshot;
  widget_class->map = ludo_game_view_map;
  widget_class->unmap = ludo_game_view_unmap;
  widget_class->size_allocate = ludo_game_view_size_allocate;

  /* laid out as a board's layers, its own size_allocate keeps the focus in sight */
  widget_class->get_request_mode = ludo_layers_get_request_mode;
  widget_class->measure = ludo_layers_measure;
  gtk_widget_class_set_css_name (widget_class, "gameview");

  /* for the views' templates */
  g_type_ensure (LUDO_TYPE_BOARD);
}

static void
ludo_game_view_init (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  priv->viewer = LUDO_VIEWER_ALL;
  priv->drag_from = -1;
  priv->slides = g_array_new (FALSE, TRUE, sizeof (Slide));
  g_array_set_clear_func (priv->slides, clear_slide);
  /* with the first board, not at start-up: until then, GTK would match
   * every widget of the game chooser against the games' rules too */
  ludo_game_view_load_styles (gdk_display_get_default ());
}

LudoGame *
ludo_game_view_get_game (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_val_if_fail (LUDO_IS_GAME_VIEW (self), NULL);
  return priv->game;
}

int
ludo_game_view_get_viewer (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_val_if_fail (LUDO_IS_GAME_VIEW (self), LUDO_VIEWER_NONE);
  return priv->viewer;
}

void
ludo_game_view_set_viewer (LudoGameView *self,
                           int           viewer)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_if_fail (LUDO_IS_GAME_VIEW (self));
  if (priv->viewer == viewer)
    return;
  priv->viewer = viewer;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
}

gboolean
ludo_game_view_get_interactive (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_val_if_fail (LUDO_IS_GAME_VIEW (self), FALSE);
  return priv->interactive;
}

void
ludo_game_view_set_interactive (LudoGameView *self,
                                gboolean      interactive)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_if_fail (LUDO_IS_GAME_VIEW (self));
  interactive = !!interactive;
  if (priv->interactive == interactive)
    return;
  priv->interactive = interactive;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

guint
ludo_game_view_get_n_slides (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_val_if_fail (LUDO_IS_GAME_VIEW (self), 0);
  return priv->slides->len;
}

const char *
ludo_game_view_get_status (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_val_if_fail (LUDO_IS_GAME_VIEW (self), NULL);
  return priv->status;
}

void
ludo_game_view_set_status (LudoGameView *self,
                           const char   *status)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_if_fail (LUDO_IS_GAME_VIEW (self));
  if (g_strcmp0 (priv->status, status) == 0)
    return;
  g_free (priv->status);
  priv->status = g_strdup (status);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

/* Forgets, as a new position does, a hint shown and what a person had in
 * hand. */
void
ludo_game_view_clear_input (LudoGameView *self)
{
  g_return_if_fail (LUDO_IS_GAME_VIEW (self));
  forget_input (self);
  update (self);
}

void
ludo_game_view_show_hint (LudoGameView *self,
                          const char   *move)
{
  LudoGameViewClass *klass = LUDO_GAME_VIEW_GET_CLASS (self);

  g_return_if_fail (LUDO_IS_GAME_VIEW (self));
  if (klass->show_hint)
    klass->show_hint (self, move);
}

gboolean
ludo_game_view_play (LudoGameView *self,
                     const char   *move)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);
  g_autoptr(GError) error = NULL;

  if (!priv->interactive)
    return FALSE;
  if (!ludo_game_play (priv->game, move, &error))
    {
      ludo_game_view_set_status (self, error->message);
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }
  return TRUE;
}

void
ludo_game_view_load_styles (GdkDisplay *display)
{
  const char *base = RESOURCE_BASE "/games";
  g_auto(GStrv) games = g_resources_enumerate_children (base, 0, NULL);

  g_return_if_fail (GDK_IS_DISPLAY (display));

  if (g_object_get_data (G_OBJECT (display), "ludo-game-styles"))
    return;
  g_object_set_data (G_OBJECT (display), "ludo-game-styles", GINT_TO_POINTER (TRUE));
  for (guint i = 0; games && games[i]; i++)
    {
      g_autofree char *path = g_strconcat (base, "/", games[i], "style.css", NULL);
      g_autoptr(GtkCssProvider) provider = NULL;

      if (!g_resources_get_info (path, 0, NULL, NULL, NULL))
        continue;
      provider = gtk_css_provider_new ();
      gtk_css_provider_load_from_resource (provider, path);
      gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
}

/* ------------------------------------------------------------------------ */
/* The keys and the pointer on a board                                      */

/* What a board's controllers answer to. */
typedef struct
{
  LudoGameView            *view;
  const LudoGameViewInput *input;
} Input;

static int
cell_at (GtkEventController *controller,
         double              x,
         double              y)
{
  LudoCell *cell = ludo_cell_pick (gtk_event_controller_get_widget (controller), x, y);

  return cell ? ludo_cell_get_data (cell) : -1;
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                Input                 *in)
{
  const LudoGameViewInput *input = in->input;
  int right = 0, up = 0;

  if (input->key_pressed && input->key_pressed (in->view, keyval, state))
    return GDK_EVENT_STOP;
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return GDK_EVENT_PROPAGATE;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left:   right = -1; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: right = 1; break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up:       up = 1; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down:   up = -1; break;
    case GDK_KEY_Escape:
      return input->escape && input->escape (in->view) ? GDK_EVENT_STOP : GDK_EVENT_PROPAGATE;
    default:
      return GDK_EVENT_PROPAGATE;
    }
  if (input->move_cursor == NULL)
    return GDK_EVENT_PROPAGATE;
  input->move_cursor (in->view, right, up);
  return GDK_EVENT_STOP;
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           Input                    *in)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (in->view);

  if (!priv->dragging)
    in->input->point_at (in->view, cell_at (GTK_EVENT_CONTROLLER (controller), x, y));
}

static void
leave_cb (GtkEventControllerMotion *controller,
          Input                    *in)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (in->view);

  if (!priv->dragging)
    in->input->point_at (in->view, -1);
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               Input          *in)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (in->view);
  int cell = cell_at (GTK_EVENT_CONTROLLER (gesture), x, y);

  priv->drag_from = -1;
  priv->dragging = FALSE;
  if (cell < 0 || !in->input->drag_start (in->view, cell))
    return;
  priv->drag_from = cell;
  priv->drag_start_x = x;
  priv->drag_start_y = y;
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                Input          *in)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (in->view);
  const LudoGameViewInput *input = in->input;

  if (priv->drag_from < 0)
    return;
  if (!priv->dragging && dx * dx + dy * dy > 36)
    {
      if (input->drag_lift && !input->drag_lift (in->view, priv->drag_from))
        {
          priv->drag_from = -1;
          return;
        }
      priv->dragging = TRUE;
    }
  if (priv->dragging)
    {
      priv->drag_x = priv->drag_start_x + dx;
      priv->drag_y = priv->drag_start_y + dy;
      if (input->drag_move)
        input->drag_move (in->view, cell_at (GTK_EVENT_CONTROLLER (gesture), priv->drag_x, priv->drag_y));
    }
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             Input          *in)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (in->view);
  const LudoGameViewInput *input = in->input;
  gboolean was_dragging = priv->dragging;
  int from = priv->drag_from;

  priv->dragging = FALSE;
  priv->drag_from = -1;
  if (from < 0)
    return;
  if (input->drop_distance ? dx * dx + dy * dy < input->drop_distance * input->drop_distance : !was_dragging)
    return;
  input->drop (in->view, from, cell_at (GTK_EVENT_CONTROLLER (gesture), priv->drag_start_x + dx, priv->drag_start_y + dy));
}

/* What the controller answers to, for as long as it lives. */
static Input *
input_new (GtkEventController      *controller,
           LudoGameView            *self,
           const LudoGameViewInput *input)
{
  Input *in = g_new (Input, 1);

  in->view = self;
  in->input = input;
  g_object_set_data_full (G_OBJECT (controller), "ludo-game-view-input", in, g_free);
  return in;
}

void
ludo_game_view_add_input (LudoGameView            *self,
                          GtkWidget               *board,
                          const LudoGameViewInput *input)
{
  g_return_if_fail (LUDO_IS_GAME_VIEW (self));
  g_return_if_fail (GTK_IS_WIDGET (board));

  if (input->drag_start)
    {
      GtkEventController *drag = GTK_EVENT_CONTROLLER (gtk_gesture_drag_new ());
      Input *in = input_new (drag, self, input);

      g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), in);
      g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), in);
      g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), in);
      gtk_widget_add_controller (board, drag);
    }
  if (input->point_at)
    {
      GtkEventController *motion = gtk_event_controller_motion_new ();
      Input *in = input_new (motion, self, input);

      g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), in);
      g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), in);
      gtk_widget_add_controller (board, motion);
    }
  if (input->key_pressed || input->move_cursor || input->escape)
    {
      GtkEventController *keys = gtk_event_controller_key_new ();

      if (input->keys_first)
        gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
      g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), input_new (keys, self, input));
      gtk_widget_add_controller (board, keys);
    }
}

int
ludo_game_view_get_drag (LudoGameView *self,
                         double       *x,
                         double       *y)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  if (x)
    *x = priv->drag_x;
  if (y)
    *y = priv->drag_y;
  return priv->dragging ? priv->drag_from : -1;
}
