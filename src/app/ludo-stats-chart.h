/* ludo-stats-chart.h — one bar split into the shares of a set of counts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LUDO_TYPE_STATS_CHART (ludo_stats_chart_get_type ())
G_DECLARE_FINAL_TYPE (LudoStatsChart, ludo_stats_chart, LUDO, STATS_CHART, GtkWidget)

/* The colour a share is drawn in: the seats' wins in order, then draws. */
#define LUDO_STATS_CHART_DRAWS (-1)

GtkWidget *ludo_stats_chart_new        (void);
/* counts[i] is drawn in colours[i] (a seat, or LUDO_STATS_CHART_DRAWS). */
void       ludo_stats_chart_set_counts (LudoStatsChart *self,
                                        const guint    *counts,
                                        const int      *colours,
                                        guint           n);
/* How often a seat came first, second, …: counts[i] the (i + 1)-th
 * places, in the seat's colour, paler place by place. */
void       ludo_stats_chart_set_places (LudoStatsChart *self,
                                        const guint    *counts,
                                        guint           n,
                                        int             seat);
/* The colour a seat (or LUDO_STATS_CHART_DRAWS) is drawn in, here and in
 * the review's graph. */
void       ludo_stats_chart_get_colour (int             colour,
                                        GdkRGBA        *rgba);
/* A small square of one colour, to stand beside a row as its legend. */
GtkWidget *ludo_stats_chart_new_swatch (int             colour);

G_END_DECLS
