/* ludo-move-model.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A row's words change when its move changes (a new move, the redo tail
 * dropped), when it crosses the cursor (in or out of the redo tail), when
 * its secret is kept or revealed at the new position, and for everything
 * secret when the viewer changes. Only those rows are described again.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "ludo-move-model.h"
#include "ludo-review.h"

typedef struct {
  int   seat;
  char *notation;
} Move;

struct _LudoMoveModel
{
  GObject    parent_instance;

  LudoGame  *game;
  int        viewer;
  gulong     changed_handler;
  gulong     seats_handler;
  gulong     review_handler;

  GPtrArray *items;      /* LudoMoveItem: the start, then one per move */
  GArray    *moves;      /* Move: what the rows describe */
  guint      position;   /* the cursor they were described at */
};

static void ludo_move_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LudoMoveModel, ludo_move_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, ludo_move_model_list_model_init))

enum {
  PROP_0,
  PROP_GAME,
  PROP_VIEWER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GType
ludo_move_model_get_item_type (GListModel *list)
{
  return LUDO_TYPE_MOVE_ITEM;
}

static guint
ludo_move_model_get_n_items (GListModel *list)
{
  return LUDO_MOVE_MODEL (list)->items->len;
}

static gpointer
ludo_move_model_get_item (GListModel *list,
                          guint       position)
{
  LudoMoveModel *self = LUDO_MOVE_MODEL (list);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (self->items->pdata[position]);
}

static void
ludo_move_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = ludo_move_model_get_item_type;
  iface->get_n_items = ludo_move_model_get_n_items;
  iface->get_item = ludo_move_model_get_item;
}

static void
clear_move (gpointer data)
{
  g_free (((Move *) data)->notation);
}

static LudoMoveItem *
describe_row (LudoMoveModel *self,
              guint          row)
{
  guint position = ludo_game_get_position (self->game);
  GPtrArray *review = ludo_game_get_review (self->game);
  g_autofree char *text = NULL;

  if (row == 0)
    return ludo_move_item_new (0, _("Start"), FALSE);
  text = ludo_game_describe_move_line (self->game, row - 1, self->viewer);
  /* the computer's mark after the move, and its verdict in words */
  if (review && row - 1 < review->len && ((LudoMoveReview *) review->pdata[row - 1])->mark != LUDO_MARK_NONE)
    {
      const LudoMoveReview *r = review->pdata[row - 1];
      g_autofree char *marked = g_strdup_printf ("%s %s", text, ludo_mark_to_string (r->mark));
      g_autofree char *verdict = ludo_review_describe (self->game, r, self->viewer);
      /* Translators: a move of the list and the computer's verdict on it */
      g_autofree char *spoken = g_strdup_printf (_("%s — %s"), text, verdict);

      return ludo_move_item_new_spoken (row, marked, row > position, spoken);
    }
  return ludo_move_item_new (row, text, row > position);
}

/* Puts a fresh description of row in place, if it says something else. */
static void
refresh_row (LudoMoveModel *self,
             guint          row)
{
  g_autoptr(LudoMoveItem) item = describe_row (self, row);
  LudoMoveItem *old = self->items->pdata[row];

  if (g_strcmp0 (ludo_move_item_get_text (old), ludo_move_item_get_text (item)) == 0 &&
      g_strcmp0 (ludo_move_item_get_spoken (old), ludo_move_item_get_spoken (item)) == 0 &&
      ludo_move_item_get_tail (old) == ludo_move_item_get_tail (item))
    return;
  g_ptr_array_index (self->items, row) = g_steal_pointer (&item);
  g_object_unref (old);
  g_list_model_items_changed (G_LIST_MODEL (self), row, 1, 1);
}

/* How many moves, from the first, the rows describe as the game has them
 * (a string compare a move: nothing next to describing one). */
static guint
moves_kept (LudoMoveModel *self)
{
  guint n = MIN (self->moves->len, ludo_game_get_n_moves (self->game));

  for (guint i = 0; i < n; i++)
    {
      Move *m = &g_array_index (self->moves, Move, i);

      if (m->seat != ludo_game_get_move_seat (self->game, i) ||
          g_strcmp0 (m->notation, ludo_game_get_move (self->game, i)) != 0)
        return i;
    }
  return n;
}

/* Brings the rows up to the game. all: every row may read otherwise (the
 * seats' names changed); secrets: every secret row may (the viewer did). */
static void
update_rows (LudoMoveModel *self,
      gboolean       all,
      gboolean       secrets)
{
  guint n, position, kept, removed, lo, hi;
  gboolean has_secrets;

  n = ludo_game_get_n_moves (self->game);
  position = ludo_game_get_position (self->game);
  has_secrets = ludo_game_has_secrets (self->game);

  /* the moves that changed, and those added, first: rows kept+1 … */
  kept = moves_kept (self);
  removed = self->moves->len - kept;
  g_array_set_size (self->moves, kept);
  g_ptr_array_set_size (self->items, kept + 1);
  for (guint i = kept; i < n; i++)
    {
      Move m = { ludo_game_get_move_seat (self->game, i), g_strdup (ludo_game_get_move (self->game, i)) };

      g_array_append_val (self->moves, m);
      g_ptr_array_add (self->items, describe_row (self, i + 1));
    }
  if (removed > 0 || n > kept)
    g_list_model_items_changed (G_LIST_MODEL (self), kept + 1, removed, n - kept);

  /* … then the rows kept whose words may have changed: without secrets
   * only those the cursor crossed */
  lo = MIN (self->position, position);
  hi = MIN (MAX (self->position, position), kept);
  for (guint row = all || has_secrets ? 1 : lo + 1; row <= (all || has_secrets ? kept : hi); row++)
    {
      guint i = row - 1;
      gboolean crossed = row > lo && row <= hi;
      /* (the old cursor may be past the end of a history cut short) */
      gboolean secret = has_secrets &&
                        (secrets || self->position > n ||
                         ludo_game_move_is_secret (self->game, i, self->position) !=
                           ludo_game_move_is_secret (self->game, i, position));

      if (all || crossed || secret)
        refresh_row (self, row);
    }
  self->position = position;
}

static void
changed_cb (LudoMoveModel *self)
{
  update_rows (self, FALSE, FALSE);
}

static void
seats_changed_cb (LudoMoveModel *self)
{
  update_rows (self, TRUE, FALSE);
}

/* the computer's review came, or went: every row may read otherwise */
static void
review_changed_cb (LudoMoveModel *self)
{
  update_rows (self, TRUE, FALSE);
}

static void
ludo_move_model_dispose (GObject *object)
{
  LudoMoveModel *self = LUDO_MOVE_MODEL (object);

  if (self->game)
    {
      g_clear_signal_handler (&self->changed_handler, self->game);
      g_clear_signal_handler (&self->seats_handler, self->game);
      g_clear_signal_handler (&self->review_handler, self->game);
      g_clear_object (&self->game);
    }
  G_OBJECT_CLASS (ludo_move_model_parent_class)->dispose (object);
}

static void
ludo_move_model_finalize (GObject *object)
{
  LudoMoveModel *self = LUDO_MOVE_MODEL (object);

  g_ptr_array_unref (self->items);
  g_array_unref (self->moves);
  G_OBJECT_CLASS (ludo_move_model_parent_class)->finalize (object);
}

static void
ludo_move_model_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  LudoMoveModel *self = LUDO_MOVE_MODEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_VIEWER:
      g_value_set_int (value, self->viewer);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_move_model_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  LudoMoveModel *self = LUDO_MOVE_MODEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      ludo_move_model_set_game (self, g_value_get_object (value));
      break;
    case PROP_VIEWER:
      ludo_move_model_set_viewer (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_move_model_class_init (LudoMoveModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ludo_move_model_dispose;
  object_class->finalize = ludo_move_model_finalize;
  object_class->get_property = ludo_move_model_get_property;
  object_class->set_property = ludo_move_model_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, LUDO_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWER] =
    g_param_spec_int ("viewer", NULL, NULL, LUDO_VIEWER_NONE, G_MAXINT, LUDO_VIEWER_ALL,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ludo_move_model_init (LudoMoveModel *self)
{
  self->viewer = LUDO_VIEWER_ALL;
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->moves = g_array_new (FALSE, FALSE, sizeof (Move));
  g_array_set_clear_func (self->moves, clear_move);
}

LudoMoveModel *
ludo_move_model_new (LudoGame *game)
{
  return g_object_new (LUDO_TYPE_MOVE_MODEL, "game", game, NULL);
}

LudoGame *
ludo_move_model_get_game (LudoMoveModel *self)
{
  g_return_val_if_fail (LUDO_IS_MOVE_MODEL (self), NULL);
  return self->game;
}

void
ludo_move_model_set_game (LudoMoveModel *self,
                          LudoGame      *game)
{
  guint old;

  g_return_if_fail (LUDO_IS_MOVE_MODEL (self));
  g_return_if_fail (game == NULL || LUDO_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game)
    {
      g_clear_signal_handler (&self->changed_handler, self->game);
      g_clear_signal_handler (&self->seats_handler, self->game);
      g_clear_signal_handler (&self->review_handler, self->game);
    }
  g_set_object (&self->game, game);
  /* another game: every row anew */
  old = self->items->len;
  g_ptr_array_set_size (self->items, 0);
  g_array_set_size (self->moves, 0);
  self->position = 0;
  if (game)
    {
      self->changed_handler = g_signal_connect_swapped (game, "position-changed", G_CALLBACK (changed_cb), self);
      self->seats_handler = g_signal_connect_swapped (game, "seats-changed", G_CALLBACK (seats_changed_cb), self);
      self->review_handler = g_signal_connect_swapped (game, "notify::n-reviewed", G_CALLBACK (review_changed_cb), self);
      g_ptr_array_add (self->items, describe_row (self, 0));
    }
  if (old > 0 || self->items->len > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old, self->items->len);
  /* the moves, as if each had just been played */
  if (game)
    update_rows (self, FALSE, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

int
ludo_move_model_get_viewer (LudoMoveModel *self)
{
  g_return_val_if_fail (LUDO_IS_MOVE_MODEL (self), LUDO_VIEWER_ALL);
  return self->viewer;
}

void
ludo_move_model_set_viewer (LudoMoveModel *self,
                            int            viewer)
{
  g_return_if_fail (LUDO_IS_MOVE_MODEL (self));

  if (self->viewer == viewer)
    return;
  self->viewer = viewer;
  if (self->game)
    update_rows (self, FALSE, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
}
