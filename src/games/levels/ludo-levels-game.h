/* ludo-levels-game.h — Levels as a LudoGame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "core/ludo-game.h"
#include "levels-rules.h"

G_BEGIN_DECLS

#define LUDO_TYPE_LEVELS_GAME (ludo_levels_game_get_type ())
G_DECLARE_FINAL_TYPE (LudoLevelsGame, ludo_levels_game, LUDO, LEVELS_GAME, LudoGame)

extern const LudoGameInfo ludo_levels_game_info;

/* The position at the cursor, and at any ply of the history. */
const LevelsPos *ludo_levels_game_get_position      (LudoLevelsGame *self);
const LevelsPos *ludo_levels_game_get_position_at   (LudoLevelsGame *self,
                                                     guint           ply);
/* Starts from another position, in levels_to_text()'s form, of the
 * game's size and players (no moves may have been played). Saves carry
 * it. */
gboolean         ludo_levels_game_set_start_position (LudoLevelsGame *self,
                                                      const char     *text,
                                                      GError        **error);

/* Words for people, translated: "White" (a player's side), "looking
 * north-east" (a ray) … */
const char      *ludo_levels_side_name              (int             colour);
const char      *ludo_levels_looking                (int             dir);
/* "white level 4", and with its state and ray: "white level 4, looking
 * north-east" */
char            *ludo_levels_piece_name             (const LevelsPos *pos,
                                                     int              piece);
char            *ludo_levels_piece_description      (const LevelsPos *pos,
                                                     int              piece);
/* Why a position text is not one of Levels, in words. */
const char      *ludo_levels_text_error_message     (LevelsTextError  error);
/* Why the action in notation is not legal, in words (NULL if it is). */
char            *ludo_levels_explain_illegal        (const LevelsPos *pos,
                                                     const char      *notation);

/* What an action does beyond itself: the pieces it brings into the
 * mover's blocks, the pieces that change colour (either way), the piece
 * it destroys, and the position it leaves. */
typedef struct {
  uint32_t  recoloured;   /* a bit per piece */
  uint32_t  joined;       /* pieces with a new dominator */
  int       destroyed;    /* a piece, or -1 */
  LevelsPos after;        /* the position after it (the same, if it is not legal) */
} LudoLevelsEffect;

void             ludo_levels_effect                 (const LevelsPos  *before,
                                                     LevelsMove        move,
                                                     LudoLevelsEffect *effect);
/* What an action does to other pieces: "h9: black level 4 turns white;
 * g2 joins a block", NULL if nothing. */
char            *ludo_levels_describe_effect        (const LevelsPos *before,
                                                     LevelsMove       move);
/* A legal action in words, for the move list, the status line and hints:
 * "c3 moves to e5", "a7 switches to state 6" … */
char            *ludo_levels_describe_action        (const LevelsPos *pos,
                                                     LevelsMove       move);

G_END_DECLS
