/* ludo-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ludo-game.h"
#include "ludo-history.h"
#include "ludo-text.h"

#define MAX_SEATS LUDO_MAX_SEATS

typedef struct {
  LudoSeatKind  kind;
  LudoLevel     level;
  char         *name;
} Seat;

typedef struct
{
  const LudoGameInfo *info;
  GVariant           *options;     /* a{si}, every option of the game */
  int                 option_values[16];
  Seat                seats[MAX_SEATS];
  guint               n_seats;     /* the options may decide it */
  LudoHistory        *history;
  guint               serial;      /* bumped on every change of the history */
  guint64             seed;
  GDateTime          *created;
  gboolean            was_over;
  GPtrArray          *review;      /* LudoMoveReview of the first moves, or NULL */
  guint               review_budget;
} LudoGamePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (LudoGame, ludo_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_OPTIONS,
  PROP_POSITION,
  PROP_N_MOVES,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_CURRENT_SEAT,
  PROP_IS_OVER,
  PROP_N_REVIEWED,
  N_PROPS
};

enum {
  POSITION_CHANGED,
  MOVE_PLAYED,
  GAME_OVER,
  SEATS_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void changed (LudoGame *self);

G_DEFINE_QUARK (ludo-game-error-quark, ludo_game_error)

/* ------------------------------------------------------------------------ */

static void
ludo_game_constructed (GObject *object)
{
  LudoGame *self = LUDO_GAME (object);
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (self);
  g_autofree guint8 *start = NULL;

  G_OBJECT_CLASS (ludo_game_parent_class)->constructed (object);

  priv->info = ludo_registry_lookup_type (G_OBJECT_TYPE (self));
  g_assert (priv->info != NULL);
  g_assert (priv->info->n_options <= G_N_ELEMENTS (priv->option_values));

  for (guint i = 0; i < priv->info->n_options; i++)
    {
      const LudoOptionSpec *spec = &priv->info->options[i];
      int value = spec->default_value;

      if (priv->options != NULL)
        g_variant_lookup (priv->options, spec->id, "i", &value);
      priv->option_values[i] = ludo_option_spec_nearest (spec, value);
    }
  priv->n_seats = ludo_game_info_count_seats (priv->info, priv->option_values);
  g_assert (priv->n_seats >= 1 && priv->n_seats <= MAX_SEATS);

  /* Normalise: the stored options name every option of the game. */
  {
    GVariantBuilder b;
    g_variant_builder_init (&b, G_VARIANT_TYPE ("a{si}"));
    for (guint i = 0; i < priv->info->n_options; i++)
      g_variant_builder_add (&b, "{si}", priv->info->options[i].id, priv->option_values[i]);
    g_clear_pointer (&priv->options, g_variant_unref);
    priv->options = g_variant_ref_sink (g_variant_builder_end (&b));
  }

  for (guint i = 0; i < priv->n_seats; i++)
    {
      priv->seats[i].kind = LUDO_SEAT_HUMAN;
      priv->seats[i].level = LUDO_LEVEL_MEDIUM;
    }

  start = g_malloc0 (klass->state_size);
  klass->init_state (self, start);
  priv->history = ludo_history_new (klass->state_size, start);
}

void
ludo_game_restart (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (self);
  g_autofree guint8 *start = g_malloc0 (klass->state_size);

  klass->init_state (self, start);
  g_clear_pointer (&priv->history, ludo_history_free);
  priv->history = ludo_history_new (klass->state_size, start);
  changed (self);
}

static void
ludo_game_finalize (GObject *object)
{
  LudoGame *self = LUDO_GAME (object);
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  for (guint i = 0; i < MAX_SEATS; i++)
    g_free (priv->seats[i].name);
  g_clear_pointer (&priv->history, ludo_history_free);
  g_clear_pointer (&priv->options, g_variant_unref);
  g_clear_pointer (&priv->created, g_date_time_unref);
  g_clear_pointer (&priv->review, g_ptr_array_unref);

  G_OBJECT_CLASS (ludo_game_parent_class)->finalize (object);
}

static void
ludo_game_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  LudoGame *self = LUDO_GAME (object);
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_OPTIONS:
      g_value_set_variant (value, priv->options);
      break;
    case PROP_POSITION:
      g_value_set_uint (value, ludo_game_get_position (self));
      break;
    case PROP_N_MOVES:
      g_value_set_uint (value, ludo_game_get_n_moves (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, ludo_game_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, ludo_game_can_redo (self));
      break;
    case PROP_CURRENT_SEAT:
      g_value_set_int (value, ludo_game_get_current_seat (self));
      break;
    case PROP_IS_OVER:
      g_value_set_boolean (value, ludo_game_is_over (self));
      break;
    case PROP_N_REVIEWED:
      g_value_set_uint (value, priv->review ? priv->review->len : 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_game_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  LudoGame *self = LUDO_GAME (object);
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_OPTIONS:
      g_clear_pointer (&priv->options, g_variant_unref);
      priv->options = g_value_dup_variant (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static char *
ludo_game_real_describe_move (LudoGame      *self,
                              gconstpointer  before,
                              int            seat,
                              const char    *notation,
                              int            viewer,
                              gboolean       revealed)
{
  return g_strdup (notation);
}

static void
ludo_game_class_init (LudoGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = ludo_game_constructed;
  object_class->finalize = ludo_game_finalize;
  object_class->get_property = ludo_game_get_property;
  object_class->set_property = ludo_game_set_property;

  klass->describe_move = ludo_game_real_describe_move;

  properties[PROP_OPTIONS] =
    g_param_spec_variant ("options", NULL, NULL,
                          G_VARIANT_TYPE ("a{si}"), NULL,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_POSITION] =
    g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_MOVES] =
    g_param_spec_uint ("n-moves", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_SEAT] =
    g_param_spec_int ("current-seat", NULL, NULL, -1, MAX_SEATS, 0,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_IS_OVER] =
    g_param_spec_boolean ("is-over", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* how many of the first moves the computer's review covers */
  properties[PROP_N_REVIEWED] =
    g_param_spec_uint ("n-reviewed", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Any move of the cursor: a move played, undo, redo, seek. */
  signals[POSITION_CHANGED] =
    g_signal_new ("position-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A new move was played (not a redo); the index of the move. */
  signals[MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* A move ended the game. */
  signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SEATS_CHANGED] =
    g_signal_new ("seats-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ludo_game_init (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  priv->seed = ((guint64) g_random_int () << 32) | g_random_int ();
  priv->created = g_date_time_new_now_utc ();
}

/* ------------------------------------------------------------------------ */

LudoGame *
ludo_game_new (const char  *id,
               GVariant    *options,
               GError     **error)
{
  const LudoGameInfo *info = ludo_registry_lookup (id);
  /* the caller's reference (or a floating one) is ours, dropped on return */
  g_autoptr(GVariant) sunk = options ? g_variant_take_ref (options) : NULL;

  if (info == NULL)
    {
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_UNKNOWN_GAME,
                   _("Unknown game “%s”"), id);
      return NULL;
    }

  if (sunk != NULL)
    {
      GVariantIter iter;
      const char *key;
      int value;

      if (!g_variant_is_of_type (sunk, G_VARIANT_TYPE ("a{si}")))
        {
          g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_OPTION,
                               _("The game options are not a list of numbers"));
          return NULL;
        }
      g_variant_iter_init (&iter, sunk);
      while (g_variant_iter_next (&iter, "{&si}", &key, &value))
        {
          const LudoOptionSpec *spec = ludo_game_info_find_option (info, key);

          if (spec == NULL)
            {
              g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_OPTION,
                           _("%s has no option “%s”"), _(info->name), key);
              return NULL;
            }
          if (value < spec->min || value > spec->max)
            {
              g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_OPTION,
                           _("The option “%s” is %d, but must be between %d and %d"),
                           key, value, spec->min, spec->max);
              return NULL;
            }
          if (!ludo_option_spec_allows (spec, value))
            {
              g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_OPTION,
                           _("The option “%s” cannot be %d"), key, value);
              return NULL;
            }
        }
    }

  return g_object_new (info->get_type (), "options", sunk, NULL);
}

const LudoGameInfo *
ludo_game_get_info (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  g_return_val_if_fail (LUDO_IS_GAME (self), NULL);
  return priv->info;
}

const char *
ludo_game_get_id (LudoGame *self)
{
  return ludo_game_get_info (self)->id;
}

int
ludo_game_get_option (LudoGame   *self,
                      const char *id)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  for (guint i = 0; i < priv->info->n_options; i++)
    if (g_str_equal (priv->info->options[i].id, id))
      return priv->option_values[i];
  g_critical ("%s has no option %s", priv->info->id, id);
  return 0;
}

GVariant *
ludo_game_get_options (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return priv->options;
}

/* ------------------------------------------------------------------------ */
/* Seats                                                                     */

guint
ludo_game_get_n_seats (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return priv->n_seats;
}

LudoSeatKind
ludo_game_get_seat_kind (LudoGame *self,
                         guint     seat)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  g_return_val_if_fail (seat < ludo_game_get_n_seats (self), LUDO_SEAT_HUMAN);
  return priv->seats[seat].kind;
}

LudoLevel
ludo_game_get_seat_level (LudoGame *self,
                          guint     seat)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  g_return_val_if_fail (seat < ludo_game_get_n_seats (self), LUDO_LEVEL_MEDIUM);
  return priv->seats[seat].level;
}

const char *
ludo_game_get_seat_name (LudoGame *self,
                         guint     seat)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  g_return_val_if_fail (seat < ludo_game_get_n_seats (self), NULL);
  return priv->seats[seat].name;
}

/* A name to show: the player's own, or "Player 2" / "Computer". */
char *
ludo_game_get_seat_label (LudoGame *self,
                          guint     seat)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  g_return_val_if_fail (seat < ludo_game_get_n_seats (self), NULL);
  if (priv->seats[seat].name && *priv->seats[seat].name)
    return g_strdup (priv->seats[seat].name);
  if (priv->seats[seat].kind == LUDO_SEAT_COMPUTER && ludo_game_count_humans (self) > 0 &&
      ludo_game_get_n_seats (self) - ludo_game_count_humans (self) == 1)
    return g_strdup (_("Computer"));
  /* Translators: a seat at the table, e.g. "Player 2" */
  return g_strdup_printf (_("Player %u"), seat + 1);
}

void
ludo_game_set_seat (LudoGame     *self,
                    guint         seat,
                    LudoSeatKind  kind,
                    LudoLevel     level,
                    const char   *name)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  g_return_if_fail (seat < ludo_game_get_n_seats (self));
  priv->seats[seat].kind = kind;
  priv->seats[seat].level = level;
  g_free (priv->seats[seat].name);
  /* whatever a dialog, a file or a caller gives, a save can hold */
  priv->seats[seat].name = ludo_text_clean_name (name);
  priv->serial++;
  g_signal_emit (self, signals[SEATS_CHANGED], 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

guint
ludo_game_count_humans (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);
  guint n = 0;

  for (guint i = 0; i < priv->n_seats; i++)
    n += priv->seats[i].kind == LUDO_SEAT_HUMAN;
  return n;
}

int
ludo_game_get_first_human (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  for (guint i = 0; i < priv->n_seats; i++)
    if (priv->seats[i].kind == LUDO_SEAT_HUMAN)
      return (int) i;
  return -1;
}

gboolean
ludo_game_seat_is_computer (LudoGame *self,
                            int       seat)
{
  return seat >= 0 && (guint) seat < ludo_game_get_n_seats (self) &&
         ludo_game_get_seat_kind (self, seat) == LUDO_SEAT_COMPUTER;
}

/* ------------------------------------------------------------------------ */
/* History                                                                   */

static int
seat_at (LudoGame *self,
         guint     ply)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return LUDO_GAME_GET_CLASS (self)->current_seat (self, ludo_history_get_state (priv->history, ply));
}

static gboolean
human_to_move_at (LudoGame *self,
                  guint     ply)
{
  int seat = seat_at (self, ply);

  return seat >= 0 && ludo_game_get_seat_kind (self, seat) == LUDO_SEAT_HUMAN;
}

/* Undo and redo step between positions where a person is to move, so that
 * against the computer one undo takes back a whole round. Without people
 * (a demo) they step one ply. */
static int
undo_target (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);
  guint pos = ludo_history_get_position (priv->history);

  if (pos == 0)
    return -1;
  if (ludo_game_count_humans (self) == 0)
    return pos - 1;
  for (int p = pos - 1; p >= 0; p--)
    if (human_to_move_at (self, p))
      return p;
  return -1;
}

static int
redo_target (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);
  guint pos = ludo_history_get_position (priv->history);
  guint len = ludo_history_get_length (priv->history);

  if (pos >= len)
    return -1;
  if (ludo_game_count_humans (self) == 0)
    return pos + 1;
  for (guint p = pos + 1; p <= len; p++)
    if (p == len || human_to_move_at (self, p))
      return p;
  return -1;
}

static void
changed (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);
  GObject *object = G_OBJECT (self);

  priv->serial++;
  g_object_freeze_notify (object);
  g_object_notify_by_pspec (object, properties[PROP_POSITION]);
  g_object_notify_by_pspec (object, properties[PROP_N_MOVES]);
  g_object_notify_by_pspec (object, properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (object, properties[PROP_CAN_REDO]);
  g_object_notify_by_pspec (object, properties[PROP_CURRENT_SEAT]);
  g_object_notify_by_pspec (object, properties[PROP_IS_OVER]);
  g_signal_emit (self, signals[POSITION_CHANGED], 0);
  g_object_thaw_notify (object);
}

/* Longer than any move of any game, written in any way a game accepts. */
#define MAX_MOVE_BYTES 256

static gboolean
move_is_text (const char *notation)
{
  if (strlen (notation) > MAX_MOVE_BYTES || !g_utf8_validate (notation, -1, NULL))
    return FALSE;
  for (const char *p = notation; *p; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}

gboolean
ludo_game_play (LudoGame    *self,
                const char  *notation,
                GError     **error)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (self);
  g_autofree guint8 *state = NULL;
  int seat;
  guint index;

  g_return_val_if_fail (LUDO_IS_GAME (self), FALSE);
  g_return_val_if_fail (notation != NULL, FALSE);

  seat = ludo_game_get_current_seat (self);
  if (seat < 0)
    {
      g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_GAME_OVER,
                           _("the game is over"));
      return FALSE;
    }

  /* Every game's messages quote the move: what is not a short line of
   * text is refused here, before it can reach one of them. */
  if (!move_is_text (notation))
    {
      g_autofree char *quoted = ludo_text_for_message (notation, 32);
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                   _("“%s” is not a move: a move is one short line of text"), quoted);
      return FALSE;
    }

  state = g_memdup2 (ludo_game_get_state (self), klass->state_size);
  if (!klass->apply (self, state, notation, error))
    return FALSE;

  index = ludo_history_get_position (priv->history);
  /* a new move replaces the moves after it: so does it their review */
  if (priv->review && priv->review->len > index)
    {
      g_ptr_array_set_size (priv->review, index);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_REVIEWED]);
    }
  ludo_history_push (priv->history, seat, notation, state);
  changed (self);
  g_signal_emit (self, signals[MOVE_PLAYED], 0, index);
  if (ludo_game_is_over (self))
    g_signal_emit (self, signals[GAME_OVER], 0);
  return TRUE;
}

GPtrArray *
ludo_game_get_review (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return priv->review;
}

guint
ludo_game_get_review_budget (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return priv->review_budget;
}

void
ludo_game_set_review (LudoGame  *self,
                      GPtrArray *review,
                      guint      budget_ms)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  g_return_if_fail (review == NULL || review->len <= ludo_game_get_n_moves (self));
  g_clear_pointer (&priv->review, g_ptr_array_unref);
  priv->review = review;
  priv->review_budget = review ? budget_ms : 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_REVIEWED]);
}

gboolean
ludo_game_can_undo (LudoGame *self)
{
  return undo_target (self) >= 0;
}

gboolean
ludo_game_can_redo (LudoGame *self)
{
  return redo_target (self) >= 0;
}

void
ludo_game_undo (LudoGame *self)
{
  int target = undo_target (self);

  if (target >= 0)
    ludo_game_seek (self, target);
}

void
ludo_game_redo (LudoGame *self)
{
  int target = redo_target (self);

  if (target >= 0)
    ludo_game_seek (self, target);
}

void
ludo_game_seek (LudoGame *self,
                guint     ply)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  g_return_if_fail (ply <= ludo_history_get_length (priv->history));
  if (ply == ludo_history_get_position (priv->history))
    return;
  ludo_history_seek (priv->history, ply);
  changed (self);
}

guint
ludo_game_get_position (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return ludo_history_get_position (priv->history);
}

guint
ludo_game_get_n_moves (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return ludo_history_get_length (priv->history);
}

const char *
ludo_game_get_move (LudoGame *self,
                    guint     index)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return ludo_history_get_move (priv->history, index);
}

int
ludo_game_get_move_seat (LudoGame *self,
                         guint     index)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return ludo_history_get_seat (priv->history, index);
}

gconstpointer
ludo_game_get_state (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return ludo_history_get_state (priv->history, ludo_history_get_position (priv->history));
}

gconstpointer
ludo_game_get_state_at (LudoGame *self,
                        guint     ply)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return ludo_history_get_state (priv->history, ply);
}

guint
ludo_game_get_serial (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return priv->serial;
}

guint64
ludo_game_get_seed (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return priv->seed;
}

void
ludo_game_set_seed (LudoGame *self,
                    guint64   seed)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  priv->seed = seed;
  /* draws by lot at the start come from the seed: the same seed, the same game */
  if (ludo_history_get_length (priv->history) == 0)
    ludo_game_restart (self);
}

GDateTime *
ludo_game_get_created (LudoGame *self)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  return priv->created;
}

void
ludo_game_set_created (LudoGame  *self,
                       GDateTime *created)
{
  LudoGamePrivate *priv = ludo_game_get_instance_private (self);

  g_return_if_fail (created != NULL);
  g_clear_pointer (&priv->created, g_date_time_unref);
  priv->created = g_date_time_ref (created);
}

/* ------------------------------------------------------------------------ */
/* Rules, through the subclass                                               */

int
ludo_game_get_current_seat (LudoGame *self)
{
  return seat_at (self, ludo_game_get_position (self));
}

gboolean
ludo_game_is_over (LudoGame *self)
{
  LudoOutcome outcome;

  ludo_game_get_outcome (self, &outcome);
  return outcome.kind != LUDO_RESULT_NONE;
}

gboolean
ludo_game_is_over_at_end (LudoGame *self)
{
  LudoOutcome outcome;

  ludo_game_get_outcome_at (self, ludo_game_get_n_moves (self), &outcome);
  return outcome.kind != LUDO_RESULT_NONE;
}

void
ludo_outcome_rank_by_score (LudoOutcome  *outcome,
                            guint         n_seats,
                            const double *score)
{
  g_return_if_fail (n_seats <= LUDO_MAX_SEATS);

  outcome->n_seats = n_seats;
  for (guint i = 0; i < n_seats; i++)
    {
      outcome->score[i] = score[i];
      outcome->rank[i] = 1;
      for (guint j = 0; j < n_seats; j++)
        outcome->rank[i] += score[j] > score[i];
    }
}

void
ludo_game_get_outcome_at (LudoGame    *self,
                          guint        ply,
                          LudoOutcome *outcome)
{
  memset (outcome, 0, sizeof *outcome);
  outcome->winner = -1;
  LUDO_GAME_GET_CLASS (self)->get_outcome (self, ludo_game_get_state_at (self, ply), outcome);
  if (outcome->kind == LUDO_RESULT_NONE)
    outcome->n_seats = 0;
  else if (outcome->n_seats == 0)
    {
      /* a win or a draw and no more: a point for a win, half for a draw */
      double score[LUDO_MAX_SEATS];
      guint n = ludo_game_get_n_seats (self);

      for (guint i = 0; i < n; i++)
        score[i] = outcome->kind == LUDO_RESULT_DRAW ? 0.5 : outcome->winner == (int) i ? 1 : 0;
      ludo_outcome_rank_by_score (outcome, n, score);
    }
}

const char *
ludo_game_class_get_score_name (LudoGameClass *klass)
{
  return klass->score_name ? g_dgettext (GETTEXT_PACKAGE, klass->score_name) : _("Points");
}

const char *
ludo_game_get_score_name (LudoGame *self)
{
  return ludo_game_class_get_score_name (LUDO_GAME_GET_CLASS (self));
}

gboolean
ludo_game_counts_score (LudoGame *self)
{
  return LUDO_GAME_GET_CLASS (self)->score_name != NULL;
}

void
ludo_game_get_outcome (LudoGame    *self,
                       LudoOutcome *outcome)
{
  ludo_game_get_outcome_at (self, ludo_game_get_position (self), outcome);
}

gboolean
ludo_game_has_secrets (LudoGame *self)
{
  return LUDO_GAME_GET_CLASS (self)->move_is_secret != NULL;
}

gboolean
ludo_game_move_is_secret (LudoGame *self,
                          guint     index,
                          guint     ply)
{
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (self);

  if (klass->move_is_secret == NULL)
    return FALSE;
  return klass->move_is_secret (self, index, ply);
}

char *
ludo_game_describe_move (LudoGame *self,
                         guint     index,
                         int       viewer)
{
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (self);
  gboolean revealed = !ludo_game_move_is_secret (self, index, ludo_game_get_position (self));

  g_return_val_if_fail (index < ludo_game_get_n_moves (self), NULL);
  return klass->describe_move (self, ludo_game_get_state_at (self, index),
                               ludo_game_get_move_seat (self, index),
                               ludo_game_get_move (self, index),
                               viewer, revealed);
}

/* The move list's words for a move: "7. Anna: Guess 3: ABCDE — 2 black,
 * 1 white". The status line that announces a move says the same. */
char *
ludo_game_describe_move_line (LudoGame *self,
                              guint     index,
                              int       viewer)
{
  g_autofree char *who = NULL;
  g_autofree char *what = NULL;

  g_return_val_if_fail (index < ludo_game_get_n_moves (self), NULL);
  who = ludo_game_get_seat_label (self, ludo_game_get_move_seat (self, index));
  what = ludo_game_describe_move (self, index, viewer);
  /* Translators: a line of the move list: "7. Player 1: Guess 3: ABCDE — 2 black, 1 white" */
  return g_strdup_printf (_("%u. %s: %s"), index + 1, who, what);
}

char *
ludo_game_describe_outcome (LudoGame *self)
{
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (self);

  if (!ludo_game_is_over (self))
    return NULL;
  return klass->describe_outcome (self, ludo_game_get_state (self));
}

GStrv
ludo_game_legal_moves (LudoGame *self)
{
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (self);

  if (klass->legal_moves == NULL)
    return NULL;
  return klass->legal_moves (self, ludo_game_get_state (self));
}

char *
ludo_game_format_position (LudoGame *self)
{
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (self);

  if (klass->format_position == NULL)
    return g_strdup ("");
  return klass->format_position (self, ludo_game_get_state (self));
}

char *
ludo_game_compute_move (LudoGame     *self,
                        gconstpointer state,
                        LudoLevel     level,
                        guint64       seed,
                        GCancellable *cancellable)
{
  return LUDO_GAME_GET_CLASS (self)->ai_move (self, state, level, seed, cancellable);
}

/* ------------------------------------------------------------------------ */

static const char * const level_names[] = { "easy", "medium", "hard" };

const char *
ludo_level_to_string (LudoLevel level)
{
  g_return_val_if_fail (level <= LUDO_LEVEL_HARD, "medium");
  return level_names[level];
}

gboolean
ludo_level_from_string (const char *text,
                        LudoLevel  *level)
{
  for (guint i = 0; i < G_N_ELEMENTS (level_names); i++)
    if (g_strcmp0 (text, level_names[i]) == 0)
      {
        *level = i;
        return TRUE;
      }
  return FALSE;
}

const char *
ludo_level_get_label (LudoLevel level)
{
  switch (level)
    {
    case LUDO_LEVEL_EASY:
      return C_("level", "Easy");
    case LUDO_LEVEL_MEDIUM:
      return C_("level", "Medium");
    case LUDO_LEVEL_HARD:
    default:
      return C_("level", "Hard");
    }
}
