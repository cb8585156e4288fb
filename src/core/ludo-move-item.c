/* ludo-move-item.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Immutable: a row that changes is replaced in the model, so that a list
 * built on it hears of exactly the rows that changed.
 */
#include "config.h"

#include "ludo-move-item.h"

struct _LudoMoveItem
{
  GObject   parent_instance;

  guint     ply;
  char     *text;
  char     *spoken;
  gboolean  tail;
};

G_DEFINE_FINAL_TYPE (LudoMoveItem, ludo_move_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PLY,
  PROP_TEXT,
  PROP_TAIL,
  PROP_SPOKEN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
ludo_move_item_finalize (GObject *object)
{
  LudoMoveItem *self = LUDO_MOVE_ITEM (object);

  g_free (self->text);
  g_free (self->spoken);
  G_OBJECT_CLASS (ludo_move_item_parent_class)->finalize (object);
}

static void
ludo_move_item_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  LudoMoveItem *self = LUDO_MOVE_ITEM (object);

  switch (prop_id)
    {
    case PROP_PLY:
      g_value_set_uint (value, self->ply);
      break;
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_TAIL:
      g_value_set_boolean (value, self->tail);
      break;
    case PROP_SPOKEN:
      g_value_set_string (value, ludo_move_item_get_spoken (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_move_item_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  LudoMoveItem *self = LUDO_MOVE_ITEM (object);

  switch (prop_id)
    {
    case PROP_PLY:
      self->ply = g_value_get_uint (value);
      break;
    case PROP_TEXT:
      self->text = g_value_dup_string (value);
      break;
    case PROP_TAIL:
      self->tail = g_value_get_boolean (value);
      break;
    case PROP_SPOKEN:
      self->spoken = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_move_item_class_init (LudoMoveItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ludo_move_item_finalize;
  object_class->get_property = ludo_move_item_get_property;
  object_class->set_property = ludo_move_item_set_property;

  properties[PROP_PLY] =
    g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TAIL] =
    g_param_spec_boolean ("tail", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* what a screen reader says of the row: the text, and the computer's
   * verdict on the move; NULL: the text */
  properties[PROP_SPOKEN] =
    g_param_spec_string ("spoken", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ludo_move_item_init (LudoMoveItem *self)
{
}

LudoMoveItem *
ludo_move_item_new (guint       ply,
                    const char *text,
                    gboolean    tail)
{
  return g_object_new (LUDO_TYPE_MOVE_ITEM, "ply", ply, "text", text, "tail", tail, NULL);
}

LudoMoveItem *
ludo_move_item_new_spoken (guint       ply,
                           const char *text,
                           gboolean    tail,
                           const char *spoken)
{
  return g_object_new (LUDO_TYPE_MOVE_ITEM, "ply", ply, "text", text, "tail", tail, "spoken", spoken, NULL);
}

const char *
ludo_move_item_get_spoken (LudoMoveItem *self)
{
  g_return_val_if_fail (LUDO_IS_MOVE_ITEM (self), NULL);
  return self->spoken ? self->spoken : self->text;
}

guint
ludo_move_item_get_ply (LudoMoveItem *self)
{
  g_return_val_if_fail (LUDO_IS_MOVE_ITEM (self), 0);
  return self->ply;
}

const char *
ludo_move_item_get_text (LudoMoveItem *self)
{
  g_return_val_if_fail (LUDO_IS_MOVE_ITEM (self), NULL);
  return self->text;
}

gboolean
ludo_move_item_get_tail (LudoMoveItem *self)
{
  g_return_val_if_fail (LUDO_IS_MOVE_ITEM (self), FALSE);
  return self->tail;
}
