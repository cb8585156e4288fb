/* ludo-game-page.h — a game on the screen: the board, what the game says,
 * the replay bar, the moves and the rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The page renders a LudoSession: it shows the board for the session's
 * viewer, lets people move when the session says they may, hides the
 * board behind the privacy screen when it must, and says what is going on
 * in its status lines. The policy is the session's; the page only draws it.
 */
#pragma once

#include <adwaita.h>

#include "app/ludo-game-view.h"
#include "core/ludo-session.h"

G_BEGIN_DECLS

#define LUDO_TYPE_GAME_PAGE (ludo_game_page_get_type ())
G_DECLARE_FINAL_TYPE (LudoGamePage, ludo_game_page, LUDO, GAME_PAGE, AdwBin)

LudoSession  *ludo_game_page_get_session    (LudoGamePage *self);
void          ludo_game_page_set_session    (LudoGamePage *self,
                                             LudoSession  *session);
LudoGameView *ludo_game_page_get_view       (LudoGamePage *self);
gboolean      ludo_game_page_privacy_shown  (LudoGamePage *self);
/* What the status line says (for tests). */
const char   *ludo_game_page_get_status     (LudoGamePage *self);
/* Into the board, unless the focus is there already; at the end of a
 * game to Play Again. */
void          ludo_game_page_focus_board    (LudoGamePage *self);
/* The rules in the side panel. */
void          ludo_game_page_show_rules     (LudoGamePage *self);

G_END_DECLS
