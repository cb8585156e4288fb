/* ludo-history.h — the moves of a game and a cursor into them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A plain structure owned by LudoGame. It keeps a copy of the rules state
 * after every ply (states are small), so undo, redo and seeking a replay
 * cost nothing. Moves after the cursor are the redo tail.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _LudoHistory LudoHistory;

LudoHistory   *ludo_history_new          (gsize          state_size,
                                          gconstpointer  start);
void           ludo_history_free         (LudoHistory   *self);

guint          ludo_history_get_length   (LudoHistory   *self);
guint          ludo_history_get_position (LudoHistory   *self);
/* ply 0 … length: the state before move ply */
gconstpointer  ludo_history_get_state    (LudoHistory   *self,
                                          guint          ply);
const char    *ludo_history_get_move     (LudoHistory   *self,
                                          guint          index);
int            ludo_history_get_seat     (LudoHistory   *self,
                                          guint          index);
void           ludo_history_seek         (LudoHistory   *self,
                                          guint          ply);
/* Plays a move at the cursor. If it is the move the redo tail starts with,
 * the tail is kept and the cursor steps into it; otherwise the tail is
 * dropped. Returns TRUE if the tail was dropped. */
gboolean       ludo_history_push         (LudoHistory   *self,
                                          int            seat,
                                          const char    *notation,
                                          gconstpointer  state_after);
void           ludo_history_truncate     (LudoHistory   *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LudoHistory, ludo_history_free)

G_END_DECLS
