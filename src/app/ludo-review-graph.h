/* ludo-review-graph.h — the game's value over its moves, per seat, from
 * the computer's review
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "core/ludo-game.h"

G_BEGIN_DECLS

#define LUDO_TYPE_REVIEW_GRAPH (ludo_review_graph_get_type ())
G_DECLARE_FINAL_TYPE (LudoReviewGraph, ludo_review_graph, LUDO, REVIEW_GRAPH, GtkWidget)

GtkWidget *ludo_review_graph_new      (void);
LudoGame  *ludo_review_graph_get_game (LudoReviewGraph *self);
void       ludo_review_graph_set_game (LudoReviewGraph *self,
                                       LudoGame        *game);
/* The position (a ply, 0 for the start) drawn at x across the graph. */
guint      ludo_review_graph_ply_at   (LudoReviewGraph *self,
                                       double           x);

G_END_DECLS
