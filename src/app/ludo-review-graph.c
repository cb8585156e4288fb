/* ludo-review-graph.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One line a seat through the values the review gave it, before and
 * after each of its moves, from the start (left) to the last move
 * reviewed (right); a dot on every move marked an inaccuracy or worse,
 * larger as the loss grows, and a bar at the position shown. A click
 * goes to the position under the pointer. The seats' colours are the
 * statistics' (ludo_stats_chart_get_colour ()), named in a legend above.
 * The move list says in words what the graph shows.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "core/ludo-review.h"
#include "ludo-review-graph.h"
#include "ludo-stats-chart.h"

#define MARGIN 8.f
#define PLOT_HEIGHT 64

struct _LudoReviewGraph
{
  GtkWidget  parent_instance;

  LudoGame  *game;
  gulong     handlers[2];
};

G_DEFINE_FINAL_TYPE (LudoReviewGraph, ludo_review_graph, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

enum {
  PLY_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The moves the graph spans: the review's, at least one. */
static guint
n_plies (LudoReviewGraph *self)
{
  GPtrArray *review = self->game ? ludo_game_get_review (self->game) : NULL;

  return review && review->len > 0 ? review->len : 1;
}

/* How far from 0 the plot reaches: the largest value drawn, at least a
 * blunder's loss (small wobbles stay small) and at most a won game. */
static int
value_range (const LudoReviewScale *scale,
             GPtrArray             *review)
{
  int range = MAX (scale->thresholds[2], 1);

  for (guint i = 0; i < review->len; i++)
    {
      const LudoMoveReview *r = review->pdata[i];
      range = MAX (range, MAX (ABS (r->value_before), ABS (r->value_after)));
    }
  return scale->cap > 0 ? MIN (range, scale->cap) : range;
}

static PangoLayout *
legend_layout (LudoReviewGraph *self,
               guint            seat)
{
  g_autofree char *label = ludo_game_get_seat_label (self->game, seat);

  return gtk_widget_create_pango_layout (GTK_WIDGET (self), label);
}

static int
legend_height (LudoReviewGraph *self)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), "Ag");
  int height;

  pango_layout_get_pixel_size (layout, NULL, &height);
  return height + 4;
}

static void
draw_legend (LudoReviewGraph *self,
             GtkSnapshot     *snapshot,
             const GdkRGBA   *fg)
{
  float x = MARGIN;

  for (guint seat = 0; seat < ludo_game_get_n_seats (self->game); seat++)
    {
      g_autoptr(PangoLayout) layout = legend_layout (self, seat);
      GdkRGBA colour;
      int width, height;

      pango_layout_get_pixel_size (layout, &width, &height);
      ludo_stats_chart_get_colour ((int) seat, &colour);
      gtk_snapshot_append_color (snapshot, &colour, &GRAPHENE_RECT_INIT (x, height / 2.f - 2, 14, 4));
      x += 18;
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, 0));
      gtk_snapshot_append_layout (snapshot, layout, fg);
      gtk_snapshot_restore (snapshot);
      x += width + 14;
    }
}

static void
ludo_review_graph_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  LudoReviewGraph *self = LUDO_REVIEW_GRAPH (widget);
  float width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GPtrArray *review = self->game ? ludo_game_get_review (self->game) : NULL;
  const LudoReviewScale *scale;
  guint n, n_seats, position;
  float top, mid, half, step;
  int range;
  GdkRGBA fg, faint;

  if (review == NULL || review->len == 0 || width <= 2 * MARGIN)
    return;
  scale = ludo_game_get_review_scale (self->game);
  n = review->len;
  n_seats = ludo_game_get_n_seats (self->game);
  position = MIN (ludo_game_get_position (self->game), n);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  faint = fg;
  faint.alpha *= 0.3f;

  draw_legend (self, snapshot, &fg);
  top = legend_height (self);
  half = (height - top) / 2 - 7;
  mid = top + (height - top) / 2;
  step = (width - 2 * MARGIN) / n;
  range = value_range (scale, review);
#define X(ply) (MARGIN + (ply) * step)
#define Y(value) (mid - CLAMP ((value), -range, range) * half / range)

  /* the even line, and the position shown */
  gtk_snapshot_append_color (snapshot, &faint, &GRAPHENE_RECT_INIT (MARGIN, mid, width - 2 * MARGIN, 1));
  gtk_snapshot_append_color (snapshot, &fg, &GRAPHENE_RECT_INIT (X (position) - 1, top, 2, height - top));

  for (guint seat = 0; seat < n_seats; seat++)
    {
      cairo_t *cr;
      GdkRGBA colour;

      ludo_stats_chart_get_colour ((int) seat, &colour);
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, top, width, height - top));
      gdk_cairo_set_source_rgba (cr, &colour);
      cairo_set_line_width (cr, 2);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      for (guint i = 0; i < n; i++)
        {
          const LudoMoveReview *r = review->pdata[i];

          if (r->seat != (int) seat)
            continue;
          /* the first line_to, with no point yet, moves there */
          cairo_line_to (cr, X (i), Y (r->value_before));
          cairo_line_to (cr, X (i + 1), Y (r->value_after));
        }
      cairo_stroke (cr);
      /* a dot on each mistake, ringed so that it shows on any line */
      for (guint i = 0; i < n; i++)
        {
          const LudoMoveReview *r = review->pdata[i];
          double radius;

          if (r->seat != (int) seat || r->mark < LUDO_MARK_INACCURACY)
            continue;
          radius = 2.5 + (r->mark - LUDO_MARK_INACCURACY);
          cairo_arc (cr, X (i + 1), Y (r->value_after), radius, 0, 2 * G_PI);
          gdk_cairo_set_source_rgba (cr, &colour);
          cairo_fill_preserve (cr);
          gdk_cairo_set_source_rgba (cr, &fg);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
        }
      cairo_destroy (cr);
    }
#undef X
#undef Y
}

static void
ludo_review_graph_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 480;
    }
  else
    *minimum = *natural = legend_height (LUDO_REVIEW_GRAPH (widget)) + PLOT_HEIGHT;
}

guint
ludo_review_graph_ply_at (LudoReviewGraph *self,
                          double           x)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * MARGIN;
  guint n = n_plies (self);

  g_return_val_if_fail (LUDO_IS_REVIEW_GRAPH (self), 0);
  if (width <= 0)
    return 0;
  return (guint) CLAMP (round ((x - MARGIN) * n / width), 0, n);
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            LudoReviewGraph *self)
{
  if (self->game == NULL || ludo_game_get_review (self->game) == NULL)
    return;
  g_signal_emit (self, signals[PLY_ACTIVATED], 0, ludo_review_graph_ply_at (self, x));
}

static void
disconnect_game (LudoReviewGraph *self)
{
  if (self->game == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (self->handlers); i++)
    g_clear_signal_handler (&self->handlers[i], self->game);
  g_clear_object (&self->game);
}

static void
ludo_review_graph_dispose (GObject *object)
{
  disconnect_game (LUDO_REVIEW_GRAPH (object));
  G_OBJECT_CLASS (ludo_review_graph_parent_class)->dispose (object);
}

static void
ludo_review_graph_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  LudoReviewGraph *self = LUDO_REVIEW_GRAPH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_review_graph_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  LudoReviewGraph *self = LUDO_REVIEW_GRAPH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      ludo_review_graph_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_review_graph_class_init (LudoReviewGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ludo_review_graph_dispose;
  object_class->get_property = ludo_review_graph_get_property;
  object_class->set_property = ludo_review_graph_set_property;
  widget_class->snapshot = ludo_review_graph_snapshot;
  widget_class->measure = ludo_review_graph_measure;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, LUDO_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* a position (0: the start) was clicked */
  signals[PLY_ACTIVATED] =
    g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_css_name (widget_class, "reviewgraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ludo_review_graph_init (LudoReviewGraph *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_add_css_class (GTK_WIDGET (self), "caption");
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("The game’s value after each move, for each player"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Click a move to go to it. The move list reads out each move’s verdict."),
                                  -1);
}

GtkWidget *
ludo_review_graph_new (void)
{
  return g_object_new (LUDO_TYPE_REVIEW_GRAPH, NULL);
}

LudoGame *
ludo_review_graph_get_game (LudoReviewGraph *self)
{
  g_return_val_if_fail (LUDO_IS_REVIEW_GRAPH (self), NULL);
  return self->game;
}

void
ludo_review_graph_set_game (LudoReviewGraph *self,
                            LudoGame        *game)
{
  g_return_if_fail (LUDO_IS_REVIEW_GRAPH (self));
  g_return_if_fail (game == NULL || LUDO_IS_GAME (game));

  if (self->game == game)
    return;
  disconnect_game (self);
  if (game)
    {
      self->game = g_object_ref (game);
      self->handlers[0] = g_signal_connect_swapped (game, "position-changed", G_CALLBACK (gtk_widget_queue_draw), self);
      self->handlers[1] = g_signal_connect_swapped (game, "notify::n-reviewed", G_CALLBACK (gtk_widget_queue_draw), self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}
