/* ludo-kombi-game.h — Kombi as a LudoGame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/ludo-game.h"
#include "kombi-rules.h"

G_BEGIN_DECLS

#define LUDO_TYPE_KOMBI_GAME (ludo_kombi_game_get_type ())
G_DECLARE_FINAL_TYPE (LudoKombiGame, ludo_kombi_game, LUDO, KOMBI_GAME, LudoGame)

extern const LudoGameInfo ludo_kombi_game_info;

/* The position at the cursor, and at any ply of the history. */
const KombiPos *ludo_kombi_game_get_position    (LudoKombiGame  *self);
const KombiPos *ludo_kombi_game_get_position_at (LudoKombiGame  *self,
                                                 guint           ply);
/* The value best play reaches from pos to the end of its game, if the
 * computer has worked it out (for a hint, or at the end): one field
 * player only. Thread-safe: the computer's thread fills it. */
gboolean        ludo_kombi_game_lookup_exact    (LudoKombiGame  *self,
                                                 const KombiPos *pos,
                                                 int            *value);
void            ludo_kombi_game_store_exact     (LudoKombiGame  *self,
                                                 const KombiPos *pos,
                                                 int             value);
/* The ply where the game of index game (0-based) of the match began. */
guint           ludo_kombi_game_get_game_start  (LudoKombiGame  *self,
                                                 int             game);

/* Words for people, translated */
char           *ludo_kombi_sectors_label        (guint8          set);
char           *ludo_kombi_role_name            (const KombiPos *pos,
                                                 int             role);
char           *ludo_kombi_field_description    (const KombiPos *pos,
                                                 int             field);

G_END_DECLS
