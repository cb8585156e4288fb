/* ludo-kombi-view.h — the 35 game fields, the task fields and their
 * markers, the players' values and the match table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "app/ludo-cell.h"
#include "app/ludo-game-view.h"

G_BEGIN_DECLS

/* The view's places: the fields, then the sectors of the upper and of the
 * lower task field. */
#define LUDO_KOMBI_PLACE_UPPER  35
#define LUDO_KOMBI_PLACE_LOWER  42
#define LUDO_KOMBI_N_PLACES     49

#define LUDO_TYPE_KOMBI_VIEW (ludo_kombi_view_get_type ())
G_DECLARE_FINAL_TYPE (LudoKombiView, ludo_kombi_view, LUDO, KOMBI_VIEW, LudoGameView)

/* As a click or Enter on the place does (tests). */
void      ludo_kombi_view_activate_place (LudoKombiView *self,
                                          int            place);
LudoCell *ludo_kombi_view_get_cell       (LudoKombiView *self,
                                          int            place);
int       ludo_kombi_view_get_cursor     (LudoKombiView *self);
/* The best value from the start of a single game, once known (-1 before). */
int       ludo_kombi_view_get_best_value (LudoKombiView *self);
GtkWidget *ludo_kombi_view_get_board     (LudoKombiView *self);

G_END_DECLS
