/* ludo-kombi-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "core/ludo-ai.h"
#include "ludo-kombi-game.h"
#include "kombi-ai.h"

struct _LudoKombiGame
{
  LudoGame    parent_instance;

  /* exact values the computer found, by position: for hints and the end
   * of a single game; written from its thread */
  GMutex      exact_lock;
  GHashTable *exact;
};

G_DEFINE_FINAL_TYPE (LudoKombiGame, ludo_kombi_game, LUDO_TYPE_GAME)

static const char * const shift_choices[] = { N_("One"), N_("One or two"), NULL };
static const char * const match_choices[] = { N_("Single game"), N_("A game per seat"), NULL };

static const LudoOptionSpec kombi_options[] = {
  { "field-players", N_("Field players"), 1, KOMBI_MAX_FIELD_PLAYERS, 1, NULL, 0 },
  { "task-players",  N_("Task players"),  1, KOMBI_MAX_TASK_PLAYERS, 1, NULL, 0 },
  { "claims",        N_("Claims per game"), 1, KOMBI_FIELDS, KOMBI_DEFAULT_LIMIT, NULL, 0 },
  { "shifts",        N_("Markers moved per turn"), 1, KOMBI_MAX_SHIFTS, 1, shift_choices, 0 },
  { "match",         N_("Match"), 0, 1, 1, match_choices, 0 },
};

enum { OPTION_FIELD_PLAYERS, OPTION_TASK_PLAYERS };

static guint
kombi_count_seats (const int *option_values)
{
  return (guint) (option_values[OPTION_FIELD_PLAYERS] + option_values[OPTION_TASK_PLAYERS]);
}

const LudoGameInfo ludo_kombi_game_info = {
  .id = "kombi",
  .name = N_("Kombi"),
  .summary = N_("Claim the fields the task player’s markers will match; as task player, dodge them"),
  .origin = N_("Hungarian patent 180181, a combinatorial logic game"),
  .n_seats = KOMBI_MAX_SEATS,
  .options = kombi_options,
  .n_options = G_N_ELEMENTS (kombi_options),
  .get_type = ludo_kombi_game_get_type,
  .count_seats = kombi_count_seats,
};

/* ------------------------------------------------------------------------ */
/* Words                                                                     */

char *
ludo_kombi_sectors_label (guint8 set)
{
  GString *text = g_string_new (NULL);

  for (int s = 0; s < KOMBI_SECTORS; s++)
    if (set >> s & 1)
      g_string_append_printf (text, "%s%d", text->len ? ", " : "", KOMBI_FIRST_CODE + s);
  return g_string_free (text, FALSE);
}

char *
ludo_kombi_role_name (const KombiPos *pos,
                      int             role)
{
  if (role < pos->field_players)
    {
      if (pos->field_players == 1)
        return g_strdup (_("field player"));
      /* Translators: the first, second … of the field players */
      return g_strdup_printf (_("field player %d"), role + 1);
    }
  if (pos->task_players == 1)
    return g_strdup (_("task player"));
  return g_strdup (kombi_task_field_of_role (pos, role) == KOMBI_UPPER
                   ? _("task player (upper field)") : _("task player (lower field)"));
}

char *
ludo_kombi_field_description (const KombiPos *pos,
                              int             field)
{
  g_autofree char *codes = ludo_kombi_sectors_label (kombi_field_sectors[field]);

  /* Translators: a game field and the code marks of its three marked sectors */
  return g_strdup_printf (_("field %d (%s)"), field + 1, codes);
}

/* ------------------------------------------------------------------------ */

static void
ludo_kombi_game_init_state (LudoGame *game,
                            gpointer  state)
{
  kombi_init (state,
              ludo_game_get_option (game, "field-players"),
              ludo_game_get_option (game, "task-players"),
              ludo_game_get_option (game, "claims"),
              ludo_game_get_option (game, "shifts"),
              ludo_game_get_option (game, "match") != 0);
}

/* Why a move in notation is not legal, in words. */
static void
explain_illegal (const KombiPos  *pos,
                 const char      *notation,
                 KombiParseError  why,
                 int              detail,
                 GError         **error)
{
  switch (why)
    {
    case KOMBI_PARSE_OVER:
      g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_GAME_OVER,
                           pos->games > 1 ? _("the match is over") : _("the game is over"));
      return;
    case KOMBI_PARSE_NOT_FIELD_TURN:
      g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                           _("it is a task player’s turn: no field is claimed now"));
      return;
    case KOMBI_PARSE_NOT_TASK_TURN:
      g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                           _("it is a field player’s turn: no marker moves now"));
      return;
    case KOMBI_PARSE_NO_FIELD:
      g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                           _("the game fields are numbered 1 to 35"));
      return;
    case KOMBI_PARSE_COVERED:
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                   _("field %d is covered already"), detail);
      return;
    case KOMBI_PARSE_MARK_COUNT:
      g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                           _("a task field is marked on exactly three different sectors"));
      return;
    case KOMBI_PARSE_MARKED_BEFORE:
      g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                           _("this task field is marked already: now its markers move (like shift:4-7)"));
      return;
    case KOMBI_PARSE_NOT_MARKED:
      g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                           _("this task field has no markers yet: first mark three sectors (like mark:1,4,6)"));
      return;
    case KOMBI_PARSE_TOO_MANY:
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                   ngettext ("in this game a task player moves only %d marker a turn, not %d",
                             "in this game a task player moves at most %d markers a turn, not %d",
                             pos->shifts),
                   pos->shifts, detail);
      return;
    case KOMBI_PARSE_NO_MARKER:
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                   _("there is no marker on sector %d (code mark %d) to move"),
                   detail, KOMBI_FIRST_CODE + detail - 1);
      return;
    case KOMBI_PARSE_MOVED_TWICE:
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                   _("the marker on sector %d (code mark %d) is moved twice: each marker moves at most once a turn"),
                   detail, KOMBI_FIRST_CODE + detail - 1);
      return;
    case KOMBI_PARSE_ONTO_ONE:
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                   _("two markers are moved to sector %d (code mark %d): a sector holds one marker"),
                   detail, KOMBI_FIRST_CODE + detail - 1);
      return;
    case KOMBI_PARSE_TAKEN:
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                   _("sector %d (code mark %d) was marked at the start of the turn: a marker moves to a free sector"),
                   detail, KOMBI_FIRST_CODE + detail - 1);
      return;
    case KOMBI_PARSE_SYNTAX:
    case KOMBI_PARSE_OK:
    default:
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                   _("“%s” is not a Kombi move (like claim:17, mark:1,4,6 or shift:4-7)"), notation);
      return;
    }
}

static gboolean
ludo_kombi_game_apply (LudoGame    *game,
                       gpointer     state,
                       const char  *notation,
                       GError     **error)
{
  KombiParseError why;
  int detail;
  KombiMove move = kombi_move_from_text (state, notation, &why, &detail);

  if (move == KOMBI_MOVE_NONE)
    {
      explain_illegal (state, notation, why, detail, error);
      return FALSE;
    }
  kombi_make (state, move);
  return TRUE;
}

static int
ludo_kombi_game_current_seat (LudoGame      *game,
                              gconstpointer  state)
{
  return kombi_seat_to_move (state);
}

/* The seats with the highest total, as a mask; how many share it. */
static int
leaders (const KombiPos *pos,
         int            *best)
{
  int n = 0;

  *best = -1;
  for (int seat = 0; seat < kombi_seats (pos); seat++)
    if (kombi_seat_total (pos, seat) > *best)
      {
        *best = kombi_seat_total (pos, seat);
        n = 1;
      }
    else if (kombi_seat_total (pos, seat) == *best)
      n++;
  return n;
}

static void
ludo_kombi_game_get_outcome (LudoGame      *game,
                             gconstpointer  state,
                             LudoOutcome   *outcome)
{
  const KombiPos *pos = state;
  double totals[LUDO_MAX_SEATS];
  int best;

  if (!kombi_match_over (pos))
    {
      outcome->kind = LUDO_RESULT_NONE;
      return;
    }
  outcome->reason = pos->games > 1 ? "match" : "game";
  /* the match's totals rank the seats, as they find the winner */
  for (int seat = 0; seat < kombi_seats (pos); seat++)
    totals[seat] = kombi_seat_total (pos, seat);
  ludo_outcome_rank_by_score (outcome, kombi_seats (pos), totals);
  if (leaders (pos, &best) > 1)
    {
      outcome->kind = LUDO_RESULT_DRAW;
      outcome->winner = -1;
      return;
    }
  outcome->kind = LUDO_RESULT_WIN;
  for (int seat = 0; seat < kombi_seats (pos); seat++)
    if (kombi_seat_total (pos, seat) == best)
      outcome->winner = seat;
}

static char *
ludo_kombi_game_describe_move (LudoGame      *game,
                               gconstpointer  state,
                               int            seat,
                               const char    *notation,
                               int            viewer,
                               gboolean       revealed)
{
  const KombiPos *pos = state;
  KombiMove move = kombi_move_from_text (pos, notation, NULL, NULL);
  uint8_t old, set, from, to;
  GString *text;

  if (move == KOMBI_MOVE_NONE)
    return g_strdup (notation);
  if (KOMBI_MOVE_IS_CLAIM (move))
    {
      if (kombi_game_over (pos))
        /* Translators: a claim that begins the next game of a match */
        return g_strdup_printf (_("game %d: field %d"), pos->game + 2, KOMBI_MOVE_FIELD (move) + 1);
      /* Translators: a claim in the move list */
      return g_strdup_printf (_("field %d"), KOMBI_MOVE_FIELD (move) + 1);
    }
  set = KOMBI_MOVE_SET (move);
  old = pos->marks[pos->task_turns % pos->task_players];
  if (old == 0)
    return ludo_kombi_sectors_label (set);
  from = old & ~set;
  to = set & ~old;
  text = g_string_new (NULL);
  for (; from; from &= from - 1, to &= to - 1)
    g_string_append_printf (text, "%s%d → %d", text->len ? ", " : "",
                            KOMBI_FIRST_CODE + __builtin_ctz (from), KOMBI_FIRST_CODE + __builtin_ctz (to));
  return g_string_free (text, FALSE);
}

static char *
ludo_kombi_game_describe_outcome (LudoGame      *game,
                                  gconstpointer  state)
{
  const KombiPos *pos = state;
  LudoOutcome outcome;
  GString *text;
  int best;

  ludo_kombi_game_get_outcome (game, state, &outcome);
  if (outcome.kind == LUDO_RESULT_NONE)
    return NULL;
  leaders (pos, &best);
  text = g_string_new (NULL);
  if (outcome.kind == LUDO_RESULT_WIN)
    {
      g_autofree char *who = ludo_game_get_seat_label (game, outcome.winner);
      if (pos->games > 1)
        g_string_append_printf (text, ngettext ("%s wins the match with a total field value of %d.",
                                                "%s wins the match with a total field value of %d.", best),
                                who, best);
      else
        g_string_append_printf (text, ngettext ("%s wins with a field value of %d.",
                                                "%s wins with a field value of %d.", best),
                                who, best);
    }
  else
    g_string_append_printf (text, _("A draw: the highest total, %d, is shared."), best);
  for (int seat = 0; seat < kombi_seats (pos); seat++)
    {
      g_autofree char *who = ludo_game_get_seat_label (game, seat);
      /* Translators: a seat's total in the result: "Player 2: 14" */
      g_string_append_printf (text, "%s%s", seat ? ", " : " ", who);
      g_string_append_printf (text, _(": %d"), kombi_seat_total (pos, seat));
    }
  g_string_append_c (text, '.');
  return g_string_free (text, FALSE);
}

static GStrv
ludo_kombi_game_legal_moves (LudoGame      *game,
                             gconstpointer  state)
{
  KombiMove moves[KOMBI_MAX_MOVES];
  int n = kombi_gen_moves (state, moves);
  GStrv out = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    {
      char text[32];
      kombi_move_to_text (state, moves[i], text, sizeof text);
      out[i] = g_strdup (text);
    }
  return out;
}

static char *
ludo_kombi_game_ai_move (LudoGame      *game,
                         gconstpointer  state,
                         LudoLevel      level,
                         guint64        seed,
                         GCancellable  *cancellable)
{
  const KombiPos *pos = state;
  KombiLimits limits;
  KombiResult result;
  char text[32];

  kombi_level_limits (level, &limits);
  limits.seed = seed;
  limits.stop = ludo_ai_cancelled;
  limits.stop_data = cancellable;
  kombi_search (pos, &limits, &result);
  if (result.best == KOMBI_MOVE_NONE || (cancellable && g_cancellable_is_cancelled (cancellable)))
    return NULL;
  if (result.exact && pos->field_players == 1 && !kombi_game_over (pos))
    ludo_kombi_game_store_exact (LUDO_KOMBI_GAME (game), pos, result.value / KOMBI_EIGHTHS);
  kombi_move_to_text (pos, result.best, text, sizeof text);
  return g_strdup (text);
}

/* The review: in points, the value of the fields; exact wherever the
 * solver reaches the end of the game */
static const LudoReviewScale review_scale = {
  .unit = N_("points"),
  .cap = 100 * KOMBI_FIELDS * 3 * KOMBI_MAX_TASK_PLAYERS,
  .thresholds = { 100, 200, 300 },
  .nodes_per_ms = 1000,
  .budget_ms = 100,
  .solves = TRUE,
  .values_ends = TRUE,
};

/* What seat plays for in the current game, a bit a field role: its own
 * fields as a field player, every field player's as a task player (for
 * whom the value counts against) */
static unsigned
target_of (const KombiPos *pos,
           int             seat,
           int            *sign)
{
  int role = kombi_seat_role (pos, pos->game, seat);

  *sign = role < pos->field_players ? 1 : -1;
  return role < pos->field_players ? 1u << role : (1u << pos->field_players) - 1;
}

static gboolean
ludo_kombi_game_evaluate (LudoGame       *game,
                          gconstpointer   state,
                          int             seat,
                          const char     *exclude,
                          guint64         budget,
                          GCancellable   *cancellable,
                          LudoEvaluation *evaluation)
{
  const KombiPos *pos = state;
  KombiLimits limits;
  KombiResult result;
  char text[32] = "";
  int sign;
  unsigned target = target_of (pos, seat, &sign);

  /* a game just over: its value is settled */
  if (kombi_game_over (pos))
    {
      int value = 0;

      if (exclude)
        return FALSE;
      for (int role = 0; role < pos->field_players; role++)
        if (target >> role & 1)
          value += kombi_role_value (pos, role);
      evaluation->value = sign * value * 100;
      evaluation->exact = TRUE;
      return TRUE;
    }
  kombi_level_limits (LUDO_LEVEL_HARD, &limits);
  limits.max_nodes = budget;
  limits.max_ms = 0;
  limits.noise = 0;
  limits.random_share = 0;
  limits.stop = ludo_ai_cancelled;
  limits.stop_data = cancellable;
  limits.target = target;
  limits.exclude = exclude ? kombi_move_from_text (pos, exclude, NULL, NULL) : KOMBI_MOVE_NONE;
  if (exclude && limits.exclude == KOMBI_MOVE_NONE)
    return FALSE;
  kombi_search (pos, &limits, &result);
  if (result.best == KOMBI_MOVE_NONE || g_cancellable_is_cancelled (cancellable))
    return FALSE;
  kombi_move_to_text (pos, result.best, text, sizeof text);
  evaluation->value = sign * result.value * 100 / KOMBI_EIGHTHS;
  evaluation->exact = result.exact;
  evaluation->best = g_strdup (text);
  return TRUE;
}

static char *
ludo_kombi_game_format_position (LudoGame      *game,
                                 gconstpointer  state)
{
  const KombiPos *pos = state;
  GString *out = g_string_new (NULL);
  char text[256];

  /* the fields as the board shows them: 7 rows of 5, an owner's letter or
   * the field's value when covered */
  for (int row = 0; row < 7; row++)
    {
      for (int col = 0; col < 5; col++)
        {
          int f = row * 5 + col;
          g_autofree char *codes = ludo_kombi_sectors_label (kombi_field_sectors[f]);
          if (pos->owner[f] == KOMBI_NO_OWNER)
            g_string_append_printf (out, "%2d %-10s     ", f + 1, codes);
          else
            g_string_append_printf (out, "%2d %-10s %c=%d ", f + 1, codes, 'a' + pos->owner[f],
                                    kombi_field_value (pos, f));
        }
      g_string_truncate (out, out->len - 1);
      g_string_append_c (out, '\n');
    }
  for (int t = 0; t < pos->task_players; t++)
    {
      g_autofree char *codes = ludo_kombi_sectors_label (pos->marks[t]);
      g_string_append_printf (out, "%s: %s\n", t == KOMBI_UPPER ? _("upper task field") : _("lower task field"),
                              pos->marks[t] ? codes : "-");
    }
  kombi_to_text (pos, text, sizeof text);
  g_string_append_printf (out, "POSITION %s\n", text);
  for (int seat = 0; seat < kombi_seats (pos); seat++)
    {
      g_autofree char *who = ludo_game_get_seat_label (game, seat);
      int role = kombi_seat_role (pos, pos->game, seat);
      g_autofree char *role_name = ludo_kombi_role_name (pos, role);
      if (role < pos->field_players)
        g_string_append_printf (out, _("%s, %s: %d now, %d in the match\n"), who, role_name,
                                kombi_role_value (pos, role), kombi_seat_total (pos, seat));
      else
        g_string_append_printf (out, _("%s, %s: %d in the match\n"), who, role_name,
                                kombi_seat_total (pos, seat));
    }
  {
    g_autofree char *outcome = ludo_kombi_game_describe_outcome (game, state);
    if (outcome)
      g_string_append_printf (out, "%s\n", outcome);
  }
  return g_string_free (out, FALSE);
}

static void
ludo_kombi_game_finalize (GObject *object)
{
  LudoKombiGame *self = LUDO_KOMBI_GAME (object);

  g_clear_pointer (&self->exact, g_hash_table_unref);
  g_mutex_clear (&self->exact_lock);
  G_OBJECT_CLASS (ludo_kombi_game_parent_class)->finalize (object);
}

static void
ludo_kombi_game_class_init (LudoKombiGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  LudoGameClass *game_class = LUDO_GAME_CLASS (klass);

  object_class->finalize = ludo_kombi_game_finalize;
  game_class->state_size = sizeof (KombiPos);
  game_class->init_state = ludo_kombi_game_init_state;
  game_class->apply = ludo_kombi_game_apply;
  game_class->current_seat = ludo_kombi_game_current_seat;
  game_class->get_outcome = ludo_kombi_game_get_outcome;
  game_class->describe_move = ludo_kombi_game_describe_move;
  game_class->describe_outcome = ludo_kombi_game_describe_outcome;
  game_class->legal_moves = ludo_kombi_game_legal_moves;
  game_class->ai_move = ludo_kombi_game_ai_move;
  game_class->evaluate = ludo_kombi_game_evaluate;
  game_class->review_scale = &review_scale;
  game_class->score_name = N_("Field value");
  game_class->format_position = ludo_kombi_game_format_position;
}

static void
ludo_kombi_game_init (LudoKombiGame *self)
{
  g_mutex_init (&self->exact_lock);
  self->exact = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

const KombiPos *
ludo_kombi_game_get_position (LudoKombiGame *self)
{
  return ludo_game_get_state (LUDO_GAME (self));
}

const KombiPos *
ludo_kombi_game_get_position_at (LudoKombiGame *self,
                                 guint          ply)
{
  return ludo_game_get_state_at (LUDO_GAME (self), ply);
}

gboolean
ludo_kombi_game_lookup_exact (LudoKombiGame  *self,
                              const KombiPos *pos,
                              int            *value)
{
  gint64 key = (gint64) kombi_hash (pos);
  gpointer found;
  gboolean known;

  g_mutex_lock (&self->exact_lock);
  known = g_hash_table_lookup_extended (self->exact, &key, NULL, &found);
  g_mutex_unlock (&self->exact_lock);
  if (known)
    *value = GPOINTER_TO_INT (found);
  return known;
}

void
ludo_kombi_game_store_exact (LudoKombiGame  *self,
                             const KombiPos *pos,
                             int             value)
{
  gint64 *key = g_new (gint64, 1);

  *key = (gint64) kombi_hash (pos);
  g_mutex_lock (&self->exact_lock);
  g_hash_table_replace (self->exact, key, GINT_TO_POINTER (value));
  g_mutex_unlock (&self->exact_lock);
}

guint
ludo_kombi_game_get_game_start (LudoKombiGame *self,
                                int            game)
{
  guint n = ludo_game_get_n_moves (LUDO_GAME (self));

  for (guint ply = 0; ply <= n; ply++)
    {
      const KombiPos *pos = ludo_kombi_game_get_position_at (self, ply);
      if (pos->game == game && pos->claims == 0)
        return ply;
      if (pos->game == game && ply > 0)
        return ply - 1;
    }
  return 0;
}
