/* ludo-logik-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <string.h>

#include "core/ludo-ai.h"
#include "ludo-logik-game.h"
#include "logik-ai.h"

struct _LudoLogikGame
{
  LudoGame parent_instance;
};

G_DEFINE_FINAL_TYPE (LudoLogikGame, ludo_logik_game, LUDO_TYPE_GAME)

static const char * const variant_choices[] = {
  N_("Both players guess (Logik)"),
  N_("Only player 1 guesses (classic Mastermind)"),
  NULL
};

static const LudoOptionSpec logik_options[] = {
  { "places",  N_("Places"),  LOGIK_MIN_PLACES,  LOGIK_MAX_PLACES,  LOGIK_DEFAULT_PLACES,  NULL },
  { "colours", N_("Colours"), LOGIK_MIN_COLOURS, LOGIK_MAX_COLOURS, LOGIK_DEFAULT_COLOURS, NULL },
  { "rows",    N_("Rows"),    LOGIK_MIN_ROWS,    LOGIK_MAX_ROWS,    LOGIK_DEFAULT_ROWS,    NULL },
  { "solo",    N_("Who guesses"), 0, 1, 0, variant_choices },
};

const LudoGameInfo ludo_logik_game_info = {
  .id = "logik",
  .name = N_("Logik"),
  .summary = N_("Two-player Mastermind: crack your opponent’s colour code first"),
  .origin = N_("From an Estonian rules page (“Loogik”)"),
  .n_seats = 2,
  .options = logik_options,
  .n_options = G_N_ELEMENTS (logik_options),
  .get_type = ludo_logik_game_get_type,
};

static const char * const colour_names[LOGIK_MAX_COLOURS] = {
  N_("red"), N_("orange"), N_("yellow"), N_("green"), N_("teal"),
  N_("blue"), N_("purple"), N_("pink"), N_("brown"), N_("grey"),
};

const char *
ludo_logik_colour_name (int colour)
{
  g_return_val_if_fail (colour >= 0 && colour < LOGIK_MAX_COLOURS, "");
  return _(colour_names[colour]);
}

/* ------------------------------------------------------------------------ */

static void
ludo_logik_game_init_state (LudoGame *game,
                            gpointer  state)
{
  LogikOptions opt = {
    .places = ludo_game_get_option (game, "places"),
    .colours = ludo_game_get_option (game, "colours"),
    .rows = ludo_game_get_option (game, "rows"),
    .solo = ludo_game_get_option (game, "solo") != 0,
  };

  logik_state_init (state, &opt);
}

static gboolean
ludo_logik_game_apply (LudoGame    *game,
                       gpointer     state,
                       const char  *notation,
                       GError     **error)
{
  LogikState *s = state;
  LogikMove move;
  int bad;

  switch (logik_parse_move (s, notation, &move, &bad))
    {
    case LOGIK_OK:
      logik_apply (s, &move);
      return TRUE;
    case LOGIK_ERR_SYNTAX:
      g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                           _("a Logik move is “code:” or “guess:” followed by colour letters"));
      break;
    case LOGIK_ERR_LENGTH:
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                   ngettext ("a code has %d place in this game",
                             "a code has %d places in this game", s->opt.places),
                   s->opt.places);
      break;
    case LOGIK_ERR_COLOUR:
      {
        const char *letters = strchr (notation, ':');
        const char *c = letters && bad >= 0 ? letters + 1 + bad : "?";
        g_autofree char *quoted = NULL;

        /* the whole character, not one byte of it: the move is UTF-8 */
        while (c > notation && (*c & 0xC0) == 0x80)
          c--;
        quoted = g_strndup (c, g_utf8_next_char (c) - c);
        g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                     _("“%s” is not one of the colours A–%c of this game"),
                     quoted, 'A' + s->opt.colours - 1);
      }
      break;
    case LOGIK_ERR_WRONG_KIND:
      if (move.kind == LOGIK_MOVE_CODE)
        g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                             _("the codes are already set; a guess is due"));
      else
        g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                             _("a secret code must be set before the guessing starts"));
      break;
    case LOGIK_ERR_GAME_OVER:
    default:
      g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_GAME_OVER,
                           _("the game is over"));
      break;
    }
  return FALSE;
}

static int
ludo_logik_game_current_seat (LudoGame      *game,
                              gconstpointer  state)
{
  return logik_current_seat (state);
}

static void
ludo_logik_game_get_outcome (LudoGame      *game,
                             gconstpointer  state,
                             LudoOutcome   *outcome)
{
  const LogikState *s = state;

  switch (s->result)
    {
    case LOGIK_RESULT_WIN:
      outcome->kind = LUDO_RESULT_WIN;
      outcome->winner = s->winner;
      break;
    case LOGIK_RESULT_DRAW:
      outcome->kind = LUDO_RESULT_DRAW;
      break;
    default:
      outcome->kind = LUDO_RESULT_NONE;
      return;
    }
  switch (s->end)
    {
    case LOGIK_END_SOLVED:
      outcome->reason = "solved";
      break;
    case LOGIK_END_BOTH_SOLVED:
      outcome->reason = "both-solved";
      break;
    case LOGIK_END_ROWS_USED:
    default:
      outcome->reason = "rows-used";
      break;
    }
}

static gboolean
ludo_logik_game_move_is_secret (LudoGame *game,
                                guint     index,
                                guint     ply)
{
  const LogikState *before = ludo_game_get_state_at (game, index);
  const LogikState *at = ludo_game_get_state_at (game, ply);
  int seat = ludo_game_get_move_seat (game, index);

  if (index >= ply)
    return TRUE;          /* the redo tail */
  if (at->result != LOGIK_RESULT_NONE)
    return FALSE;         /* everything is shown at the end */
  if (logik_in_setup (before))
    return TRUE;          /* a code */
  return before->n_guesses[seat] >= logik_rounds_revealed (at);
}

static char *
ludo_logik_game_describe_move (LudoGame      *game,
                               gconstpointer  state,
                               int            seat,
                               const char    *notation,
                               int            viewer,
                               gboolean       revealed)
{
  const LogikState *before = state;
  gboolean visible = revealed || viewer == LUDO_VIEWER_ALL || viewer == seat;
  const char *letters = strchr (notation, ':');

  letters = letters ? letters + 1 : notation;
  if (logik_in_setup (before))
    {
      if (visible)
        return g_strdup_printf (_("Code %s"), letters);
      return g_strdup (_("Secret code set"));
    }

  int row = before->n_guesses[seat] + 1;
  if (!visible)
    return g_strdup_printf (_("Guess %d (hidden until the round ends)"), row);

  LogikState after = *before;
  LogikMove move;
  if (logik_parse_move (&after, notation, &move, NULL) != LOGIK_OK)
    return g_strdup (notation);
  logik_apply (&after, &move);
  if (!revealed && viewer != LUDO_VIEWER_ALL)
    return g_strdup_printf (_("Guess %d: %s"), row, letters);

  LogikScore sc = after.score[seat][row - 1];
  /* Translators: "Guess 3: ABCDE — 2 black, 1 white" */
  return g_strdup_printf (_("Guess %d: %s — %d black, %d white"), row, letters, sc.blacks, sc.whites);
}

static char *
ludo_logik_game_describe_outcome (LudoGame      *game,
                                  gconstpointer  state)
{
  const LogikState *s = state;
  g_autofree char *winner = NULL;
  g_autofree char *loser = NULL;

  if (s->result == LOGIK_RESULT_WIN)
    {
      winner = ludo_game_get_seat_label (game, s->winner);
      loser = ludo_game_get_seat_label (game, 1 - s->winner);
    }

  if (s->opt.solo)
    {
      if (s->end == LOGIK_END_SOLVED)
        return g_strdup_printf (ngettext ("%s solved the code with %d guess.",
                                          "%s solved the code with %d guesses.", s->n_guesses[0]),
                                winner, s->n_guesses[0]);
      return g_strdup_printf (_("Every row is used and the code is not solved: %s wins."), winner);
    }

  switch (s->end)
    {
    case LOGIK_END_SOLVED:
      return g_strdup_printf (ngettext ("%s solved the code in round %d and wins.",
                                        "%s solved the code in round %d and wins.", s->n_guesses[0]),
                              winner, s->n_guesses[0]);
    case LOGIK_END_BOTH_SOLVED:
      return g_strdup_printf (_("Both codes were solved in round %d: a draw."), s->n_guesses[0]);
    case LOGIK_END_ROWS_USED:
    default:
      return g_strdup (_("Every row is used and neither code is solved: a draw."));
    }
}

static char *
ludo_logik_game_ai_move (LudoGame      *game,
                         gconstpointer  state,
                         LudoLevel      level,
                         guint64        seed,
                         GCancellable  *cancellable)
{
  const LogikState *s = state;
  const LogikTable *table = logik_table_get (s->opt.places, s->opt.colours);
  int seat = logik_current_seat (s);
  LogikMove move = { 0 };
  LogikClue clues[LOGIK_MAX_ROWS];
  /* spread the seed first: "| 1" alone would give seeds 2k and 2k + 1
   * the same codes */
  uint64_t rng = seed * 0x9E3779B97F4A7C15ull | 1;
  uint32_t code;
  char text[32];

  if (seat < 0)
    return NULL;

  if (logik_in_setup (s))
    {
      move.kind = LOGIK_MOVE_CODE;
      code = logik_ai_random_code (table, &rng);
    }
  else
    {
      /* Only what this seat has been told: its own guesses and their
       * scores (every earlier round of the seat is complete). */
      int n = s->n_guesses[seat];
      for (int i = 0; i < n; i++)
        {
          clues[i].guess = logik_code_to_index (&s->guess[seat][i], s->opt.places, s->opt.colours);
          clues[i].score = s->score[seat][i];
        }
      move.kind = LOGIK_MOVE_GUESS;
      code = logik_ai_guess (table, clues, n, (LogikLevel) level, &rng,
                             ludo_ai_cancelled, cancellable);
      if (code == UINT32_MAX)
        return NULL;
    }
  logik_code_from_index (code, s->opt.places, s->opt.colours, &move.code);
  logik_format_move (s, &move, text, sizeof text);
  return g_strdup (text);
}

/* The review: what each guess told, in bits (log2 of the codes it left),
 * with the code known. A guess is marked when it could not be the code
 * (?!) or told nothing new (??), not by what it lost: luck decides how
 * many codes a guess leaves, and even the best guess may leave more than
 * another did. */
static const LudoReviewScale review_scale = {
  .unit = N_("bits"),
  .cap = 100 * 32,
  .thresholds = { 100, 200, 300 },
  .nodes_per_ms = 1,
  .budget_ms = 100,
};

static gint64
codes_left (const LogikTable *table,
            LogikClue        *clues,
            int               n,
            uint32_t          guess,
            const LogikCode  *secret,
            int               places,
            int               colours)
{
  LogikCode code;
  g_autofree uint32_t *set = g_new (uint32_t, logik_table_n_codes (table));

  logik_code_from_index (guess, places, colours, &code);
  clues[n].guess = guess;
  clues[n].score = logik_score (&code, secret, places);
  return logik_consistent (table, clues, n + 1, set);
}

static int
bits (gint64 codes)
{
  return codes > 1 ? (int) -lround (100 * log2 ((double) codes)) : 0;
}

static gboolean
ludo_logik_game_review_move (LudoGame       *game,
                             guint           index,
                             guint64         budget,
                             GCancellable   *cancellable,
                             LudoMoveReview *review)
{
  const LogikState *s = ludo_game_get_state_at (game, index);
  const LogikTable *table = logik_table_get (s->opt.places, s->opt.colours);
  int seat = review->seat, n = s->n_guesses[seat];
  int places = s->opt.places, colours = s->opt.colours;
  const LogikCode *secret = &s->code[1 - seat];
  LogikClue clues[LOGIK_MAX_ROWS + 1];
  LogikMove move;
  uint64_t rng = (index + 1) * 0x9E3779B97F4A7C15ull | 1;
  uint32_t guess, best;
  gint64 before;
  g_autofree uint32_t *set = g_new (uint32_t, logik_table_n_codes (table));
  char text[32];

  /* a code set up is no guess: nothing to say of it */
  if (logik_parse_move (s, review->move, &move, NULL) != LOGIK_OK || move.kind != LOGIK_MOVE_GUESS)
    return TRUE;
  for (int i = 0; i < n; i++)
    {
      clues[i].guess = logik_code_to_index (&s->guess[seat][i], places, colours);
      clues[i].score = s->score[seat][i];
    }
  before = logik_consistent (table, clues, n, set);
  guess = logik_code_to_index (&move.code, places, colours);
  best = logik_ai_guess (table, clues, n, LOGIK_LEVEL_HARD, &rng, ludo_ai_cancelled, cancellable);
  if (best == UINT32_MAX || g_cancellable_is_cancelled (cancellable))
    return FALSE;

  review->remaining = codes_left (table, clues, n, guess, secret, places, colours);
  review->best_remaining = codes_left (table, clues, n, best, secret, places, colours);
  review->best_expected = logik_ai_expected_guesses (table, clues, n, best);
  logik_code_from_index (best, places, colours, &move.code);
  logik_format_move (s, &move, text, sizeof text);
  review->best = g_strdup (text);
  review->exact = TRUE;
  review->value_after = bits (review->remaining);
  review->value_before = review->best_value = bits (review->best_remaining);
  review->loss = MAX (0, review->value_before - review->value_after);
  if (guess == logik_code_to_index (secret, places, colours))
    return TRUE;
  /* nothing new: the feedback ruled out no code */
  if (review->remaining == before)
    review->mark = LUDO_MARK_BLUNDER;
  /* a guess that could not be the code, and not the breaker's own: the
   * breaker itself plays such a guess when it splits the codes better */
  else if (!logik_is_consistent (table, clues, n, guess) && guess != best)
    {
      double expected = logik_ai_expected_guesses (table, clues, n, guess);

      if (expected < 0 || review->best_expected < 0 || expected > review->best_expected + 1e-9)
        review->mark = LUDO_MARK_INACCURACY;
    }
  return TRUE;
}

static char *
ludo_logik_game_format_position (LudoGame      *game,
                                 gconstpointer  state)
{
  const LogikState *s = state;
  GString *out = g_string_new (NULL);
  int seats = s->opt.solo ? 1 : 2;
  int rows = MAX (s->n_guesses[0], s->n_guesses[1]);
  char buf[LOGIK_MAX_PLACES + 1];

  g_string_append_printf (out, _("Logik: %d places, %d colours, %d rows"),
                          s->opt.places, s->opt.colours, s->opt.rows);
  g_string_append_c (out, '\n');
  for (int seat = 0; seat < 2; seat++)
    {
      g_autofree char *label = ludo_game_get_seat_label (game, seat);
      if (s->opt.solo && seat == 0)
        continue;
      logik_format_code (&s->code[seat], s->opt.places, buf, sizeof buf);
      g_string_append_printf (out, _("Code of %s: %s"), label, s->has_code[seat] ? buf : "-");
      g_string_append_c (out, '\n');
    }
  for (int r = 0; r < rows; r++)
    {
      g_string_append_printf (out, "%2d", r + 1);
      for (int seat = 0; seat < seats; seat++)
        {
          if (r >= s->n_guesses[seat])
            continue;
          logik_format_code (&s->guess[seat][r], s->opt.places, buf, sizeof buf);
          g_string_append_printf (out, "   %s %d/%d", buf,
                                  s->score[seat][r].blacks, s->score[seat][r].whites);
        }
      g_string_append_c (out, '\n');
    }
  if (s->result != LOGIK_RESULT_NONE)
    {
      g_autofree char *outcome = ludo_logik_game_describe_outcome (game, state);
      g_string_append_printf (out, "%s\n", outcome);
    }
  return g_string_free (out, FALSE);
}

static void
ludo_logik_game_class_init (LudoLogikGameClass *klass)
{
  LudoGameClass *game_class = LUDO_GAME_CLASS (klass);

  game_class->state_size = sizeof (LogikState);
  game_class->init_state = ludo_logik_game_init_state;
  game_class->apply = ludo_logik_game_apply;
  game_class->current_seat = ludo_logik_game_current_seat;
  game_class->get_outcome = ludo_logik_game_get_outcome;
  game_class->describe_move = ludo_logik_game_describe_move;
  game_class->describe_outcome = ludo_logik_game_describe_outcome;
  game_class->move_is_secret = ludo_logik_game_move_is_secret;
  game_class->ai_move = ludo_logik_game_ai_move;
  game_class->review_move = ludo_logik_game_review_move;
  game_class->review_scale = &review_scale;
  game_class->format_position = ludo_logik_game_format_position;
}

static void
ludo_logik_game_init (LudoLogikGame *self)
{
}

const LogikState *
ludo_logik_game_get_rules (LudoLogikGame *self)
{
  return ludo_game_get_state (LUDO_GAME (self));
}

const LogikState *
ludo_logik_game_get_rules_at (LudoLogikGame *self,
                              guint          ply)
{
  return ludo_game_get_state_at (LUDO_GAME (self), ply);
}
