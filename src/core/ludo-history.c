/* ludo-history.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ludo-history.h"

#include <string.h>

typedef struct {
  int   seat;
  char *notation;
} Move;

struct _LudoHistory {
  gsize       state_size;
  GByteArray *states;    /* length + 1 states, back to back */
  GArray     *moves;     /* of Move */
  guint       position;
};

static void
move_clear (gpointer data)
{
  Move *move = data;

  g_free (move->notation);
}

LudoHistory *
ludo_history_new (gsize         state_size,
                  gconstpointer start)
{
  LudoHistory *self = g_new0 (LudoHistory, 1);

  self->state_size = state_size;
  self->states = g_byte_array_sized_new (state_size * 16);
  g_byte_array_append (self->states, start, state_size);
  self->moves = g_array_new (FALSE, FALSE, sizeof (Move));
  g_array_set_clear_func (self->moves, move_clear);
  return self;
}

void
ludo_history_free (LudoHistory *self)
{
  if (self == NULL)
    return;
  g_byte_array_unref (self->states);
  g_array_unref (self->moves);
  g_free (self);
}

guint
ludo_history_get_length (LudoHistory *self)
{
  return self->moves->len;
}

guint
ludo_history_get_position (LudoHistory *self)
{
  return self->position;
}

gconstpointer
ludo_history_get_state (LudoHistory *self,
                        guint        ply)
{
  g_return_val_if_fail (ply <= self->moves->len, NULL);
  return self->states->data + ply * self->state_size;
}

const char *
ludo_history_get_move (LudoHistory *self,
                       guint        index)
{
  g_return_val_if_fail (index < self->moves->len, NULL);
  return g_array_index (self->moves, Move, index).notation;
}

int
ludo_history_get_seat (LudoHistory *self,
                       guint        index)
{
  g_return_val_if_fail (index < self->moves->len, -1);
  return g_array_index (self->moves, Move, index).seat;
}

void
ludo_history_seek (LudoHistory *self,
                   guint        ply)
{
  g_return_if_fail (ply <= self->moves->len);
  self->position = ply;
}

void
ludo_history_truncate (LudoHistory *self)
{
  g_array_set_size (self->moves, self->position);
  g_byte_array_set_size (self->states, (self->position + 1) * self->state_size);
}

gboolean
ludo_history_push (LudoHistory   *self,
                   int            seat,
                   const char    *notation,
                   gconstpointer  state_after)
{
  Move move;

  if (self->position < self->moves->len &&
      g_strcmp0 (ludo_history_get_move (self, self->position), notation) == 0)
    {
      self->position++;
      return FALSE;
    }

  gboolean dropped = self->position < self->moves->len;
  ludo_history_truncate (self);
  move.seat = seat;
  move.notation = g_strdup (notation);
  g_array_append_val (self->moves, move);
  g_byte_array_append (self->states, state_after, self->state_size);
  self->position++;
  return dropped;
}
