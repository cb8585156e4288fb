/* ludo-stats-chart.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "ludo-stats-chart.h"

#define MAX_SHARES 9

struct _LudoStatsChart
{
  GtkWidget parent_instance;

  guint     counts[MAX_SHARES];
  int       colours[MAX_SHARES];
  guint     n;
  gboolean  fading;   /* one colour, paler share by share */
};

G_DEFINE_FINAL_TYPE (LudoStatsChart, ludo_stats_chart, GTK_TYPE_WIDGET)

/* GNOME's palette: blue, orange, green, purple, yellow, red, brown, dark
 * blue; draws in grey. Each share also has a gap after it, so that shares
 * are told apart without their colours (and in high contrast). */
static const char * const seat_colours[] = {
  "#3584e4", "#ff7800", "#2ec27e", "#9141ac", "#f5c211", "#e01b24", "#986a44", "#1a5fb4",
};
#define DRAW_COLOUR "#9a9996"

void
ludo_stats_chart_get_colour (int      colour,
                             GdkRGBA *rgba)
{
  gdk_rgba_parse (rgba, colour < 0 ? DRAW_COLOUR : seat_colours[colour % G_N_ELEMENTS (seat_colours)]);
}

static void
ludo_stats_chart_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  LudoStatsChart *self = LUDO_STATS_CHART (widget);
  float width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  guint total = 0, shown = 0;
  float x = 0, gap = 2;
  GskRoundedRect clip;

  for (guint i = 0; i < self->n; i++)
    {
      total += self->counts[i];
      shown += self->counts[i] > 0;
    }
  if (total == 0 || width <= 0)
    return;

  gsk_rounded_rect_init_from_rect (&clip, &GRAPHENE_RECT_INIT (0, 0, width, height), MIN (6, height / 2));
  gtk_snapshot_push_rounded_clip (snapshot, &clip);
  width -= gap * (shown - 1);
  for (guint i = 0; i < self->n; i++)
    {
      float w;
      GdkRGBA rgba;

      if (self->counts[i] == 0)
        continue;
      w = width * self->counts[i] / total;
      ludo_stats_chart_get_colour (self->colours[i], &rgba);
      if (self->fading)
        rgba.alpha = 1.f - 0.75f * i / MAX (self->n - 1, 1);
      gtk_snapshot_append_color (snapshot, &rgba, &GRAPHENE_RECT_INIT (x, 0, w, height));
      x += w + gap;
    }
  gtk_snapshot_pop (snapshot);
}

static void
ludo_stats_chart_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  /* a bar: as wide as it is given, a line of text high */
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 16 : 16;
}

static void
ludo_stats_chart_class_init (LudoStatsChartClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = ludo_stats_chart_snapshot;
  widget_class->measure = ludo_stats_chart_measure;
  gtk_widget_class_set_css_name (widget_class, "statschart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ludo_stats_chart_init (LudoStatsChart *self)
{
}

GtkWidget *
ludo_stats_chart_new (void)
{
  return g_object_new (LUDO_TYPE_STATS_CHART, NULL);
}

void
ludo_stats_chart_set_counts (LudoStatsChart *self,
                             const guint    *counts,
                             const int      *colours,
                             guint           n)
{
  g_return_if_fail (LUDO_IS_STATS_CHART (self));
  g_return_if_fail (n <= MAX_SHARES);

  memcpy (self->counts, counts, n * sizeof *counts);
  memcpy (self->colours, colours, n * sizeof *colours);
  self->n = n;
  self->fading = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ludo_stats_chart_set_places (LudoStatsChart *self,
                             const guint    *counts,
                             guint           n,
                             int             seat)
{
  int colours[MAX_SHARES];

  g_return_if_fail (LUDO_IS_STATS_CHART (self));
  g_return_if_fail (n <= MAX_SHARES);

  for (guint i = 0; i < n; i++)
    colours[i] = seat;
  ludo_stats_chart_set_counts (self, counts, colours, n);
  self->fading = TRUE;
}

GtkWidget *
ludo_stats_chart_new_swatch (int colour)
{
  GtkWidget *swatch = ludo_stats_chart_new ();
  const guint one = 1;

  ludo_stats_chart_set_counts (LUDO_STATS_CHART (swatch), &one, &colour, 1);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  /* the legend is the row's own text: the swatch says nothing more */
  gtk_accessible_update_state (GTK_ACCESSIBLE (swatch), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  return swatch;
}
