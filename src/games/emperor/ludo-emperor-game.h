/* ludo-emperor-game.h — Emperor Chess as a LudoGame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/ludo-game.h"
#include "emperor-rules.h"

G_BEGIN_DECLS

/* The game's state: the position and the hashes of the positions before it
 * since the last capture or pawn move, for repetitions. */
#define EMP_HISTORY 100

typedef struct {
  EmperorPos pos;
  uint8_t    n_history;
  uint64_t   history[EMP_HISTORY];
} EmperorGameState;

#define LUDO_TYPE_EMPEROR_GAME (ludo_emperor_game_get_type ())
G_DECLARE_FINAL_TYPE (LudoEmperorGame, ludo_emperor_game, LUDO, EMPEROR_GAME, LudoGame)

extern const LudoGameInfo ludo_emperor_game_info;

const EmperorPos *ludo_emperor_game_get_position    (LudoEmperorGame *self);
const EmperorPos *ludo_emperor_game_get_position_at (LudoEmperorGame *self,
                                                     guint            ply);
/* The start position as FEN with the castle fields */
const char       *ludo_emperor_game_get_start_fen   (LudoEmperorGame *self);
/* Starts from another position (no moves may have been played). */
gboolean          ludo_emperor_game_set_start_fen   (LudoEmperorGame *self,
                                                     const char      *fen,
                                                     GError         **error);
/* "a position needs exactly one king …", translated */
const char       *ludo_emperor_fen_error_message    (EmperorFenError  error);

G_END_DECLS
