/* ludo-spiderweb-view.h — the web, its nodes and pieces
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>

#include "app/ludo-cell.h"
#include "app/ludo-game-view.h"

G_BEGIN_DECLS

#define LUDO_TYPE_SPIDERWEB_VIEW (ludo_spiderweb_view_get_type ())
G_DECLARE_FINAL_TYPE (LudoSpiderwebView, ludo_spiderweb_view, LUDO, SPIDERWEB_VIEW, LudoGameView)

/* As a click or Enter on the node does (tests). */
void      ludo_spiderweb_view_activate_node (LudoSpiderwebView *self,
                                             int                node);
/* The piece picked up, or -1. */
int       ludo_spiderweb_view_get_selected  (LudoSpiderwebView *self);
/* The pieces the move to the node under the pointer or cursor would enclose. */
uint64_t  ludo_spiderweb_view_get_preview   (LudoSpiderwebView *self);
int       ludo_spiderweb_view_get_cursor    (LudoSpiderwebView *self);
LudoCell *ludo_spiderweb_view_get_cell      (LudoSpiderwebView *self,
                                             int                node);

G_END_DECLS
