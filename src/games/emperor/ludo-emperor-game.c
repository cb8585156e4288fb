/* ludo-emperor-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "core/ludo-ai.h"
#include "core/ludo-text.h"
#include "emperor-ai.h"
#include "ludo-emperor-game.h"

struct _LudoEmperorGame
{
  LudoGame  parent_instance;

  char     *start_fen;   /* with the castle fields, as saves carry it */
  gboolean  set_up;      /* start_fen was given, not worked out from the options */
};

G_DEFINE_FINAL_TYPE (LudoEmperorGame, ludo_emperor_game, LUDO_TYPE_GAME)

static const char * const claimant_choices[] = {
  N_("White"), N_("Black"), N_("By lot"), NULL
};

static const LudoOptionSpec emperor_options[] = {
  { "claimant", N_("Claim to the castle"), 0, 2, 0, claimant_choices },
};

const LudoGameInfo ludo_emperor_game_info = {
  .id = "emperor",
  .name = N_("Emperor Chess"),
  .summary = N_("Chess on ten by ten squares: bring your king into the castle and make him emperor"),
  .origin = N_("Hungarian patent 18574 of Samuel Simmins, 1900"),
  .n_seats = 2,
  .options = emperor_options,
  .n_options = G_N_ELEMENTS (emperor_options),
  .get_type = ludo_emperor_game_get_type,
};

const char *
ludo_emperor_fen_error_message (EmperorFenError error)
{
  switch (error)
    {
    case EMP_FEN_KINGS:
      return _("a position needs exactly one king of each colour");
    case EMP_FEN_PAWNS:
      return _("a pawn stands on the first or the last rank");
    case EMP_FEN_CASTLING:
      return _("a castling right is given without its king and rook in place");
    case EMP_FEN_EN_PASSANT:
      return _("the en passant square is not behind a pawn that has just moved two squares");
    case EMP_FEN_CHECK:
      return _("the side that has just moved is in check");
    case EMP_FEN_CLAIM:
      return _("the castle fields (claimant, moves left, entered, failed claims) do not fit");
    case EMP_FEN_CHECKERS:
      return _("the side to move is in check from more than two pieces, which no move can give");
    case EMP_FEN_SYNTAX:
    default:
      return _("it is not a FEN of ten ranks of ten squares with side, castling, en passant and clocks");
    }
}

/* ------------------------------------------------------------------------ */

static void
ludo_emperor_game_init_state (LudoGame *game,
                              gpointer  state)
{
  LudoEmperorGame *self = LUDO_EMPEROR_GAME (game);
  EmperorGameState *s = state;
  char fen[256];

  memset (s, 0, sizeof *s);
  emperor_init ();
  if (self->set_up && emperor_from_fen (&s->pos, self->start_fen) == EMP_FEN_OK)
    return;

  emperor_from_fen (&s->pos, EMP_START_FEN);
  switch (ludo_game_get_option (game, "claimant"))
    {
    case 1:
      s->pos.claimant = EMP_BLACK;
      break;
    case 2:
      /* the patent: "at the start of the game the side is determined …";
       * the lot is the game's seed, so that the same seed plays the same game */
      s->pos.claimant = (ludo_game_get_seed (game) * 0x9E3779B97F4A7C15ull) >> 63 ? EMP_BLACK : EMP_WHITE;
      break;
    default:
      s->pos.claimant = EMP_WHITE;
      break;
    }
  /* keep the hash in step with the claimant */
  emperor_to_fen (&s->pos, fen, sizeof fen, TRUE);
  emperor_from_fen (&s->pos, fen);
  g_free (self->start_fen);
  self->start_fen = g_strdup (fen);
}

static gboolean
ludo_emperor_game_apply (LudoGame    *game,
                         gpointer     state,
                         const char  *notation,
                         GError     **error)
{
  EmperorGameState *s = state;
  EmperorMove move = emperor_move_from_uci (&s->pos, notation);
  uint64_t before = s->pos.hash;
  int n1;

  if (move == EMP_MOVE_NONE)
    {
      int from = emperor_parse_square (notation, &n1);
      if (from < 0 || emperor_parse_square (notation + n1, NULL) < 0)
        g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                     _("“%s” is not a move from square to square (like e2e4 or c9c10q)"), notation);
      else
        g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                     _("“%s” is not a legal move in this position"), notation);
      return FALSE;
    }

  emperor_make (&s->pos, move);

  /* repetitions count only since the last capture or pawn move */
  if (s->pos.halfmove == 0)
    s->n_history = 0;
  else
    {
      if (s->n_history == EMP_HISTORY)
        {
          memmove (s->history, s->history + 1, sizeof (uint64_t) * (EMP_HISTORY - 1));
          s->n_history--;
        }
      s->history[s->n_history++] = before;
    }
  s->pos.repetitions = 1;
  for (int i = 0; i < s->n_history; i++)
    s->pos.repetitions += s->history[i] == s->pos.hash;
  return TRUE;
}

static int
ludo_emperor_game_current_seat (LudoGame      *game,
                                gconstpointer  state)
{
  const EmperorGameState *s = state;
  int winner;

  if (emperor_outcome (&s->pos, &winner) != EMP_END_NONE)
    return -1;
  return s->pos.side;
}

static void
ludo_emperor_game_get_outcome (LudoGame      *game,
                               gconstpointer  state,
                               LudoOutcome   *outcome)
{
  const EmperorGameState *s = state;
  int winner;
  EmperorEnd end = emperor_outcome (&s->pos, &winner);
  static const char * const reasons[] = {
    NULL, "checkmate", "stalemate", "castle", "claims-failed", "fifty-moves", "repetition",
  };

  if (end == EMP_END_NONE)
    {
      outcome->kind = LUDO_RESULT_NONE;
      return;
    }
  outcome->kind = winner >= 0 ? LUDO_RESULT_WIN : LUDO_RESULT_DRAW;
  outcome->winner = winner;
  outcome->reason = reasons[end];
}

static char *
ludo_emperor_game_describe_move (LudoGame      *game,
                                 gconstpointer  state,
                                 int            seat,
                                 const char    *notation,
                                 int            viewer,
                                 gboolean       revealed)
{
  const EmperorGameState *s = state;
  EmperorMove move = emperor_move_from_uci (&s->pos, notation);
  char san[24];

  if (move == EMP_MOVE_NONE)
    return g_strdup (notation);
  emperor_move_to_san (&s->pos, move, san, sizeof san);
  return g_strdup (san);
}

static char *
ludo_emperor_game_describe_outcome (LudoGame      *game,
                                    gconstpointer  state)
{
  const EmperorGameState *s = state;
  int winner;
  EmperorEnd end = emperor_outcome (&s->pos, &winner);
  g_autofree char *who = winner >= 0 ? ludo_game_get_seat_label (game, winner) : NULL;

  switch (end)
    {
    case EMP_END_CHECKMATE:
      return g_strdup_printf (_("Checkmate: %s wins."), who);
    case EMP_END_CASTLE:
      return g_strdup_printf (_("The emperor and three officers hold the castle: %s wins."), who);
    case EMP_END_STALEMATE:
      return g_strdup (_("Stalemate: a draw."));
    case EMP_END_CLAIMS_FAILED:
      return g_strdup (_("Both sides have lost their claim to the castle: the game is over, a draw."));
    case EMP_END_FIFTY:
      return g_strdup (_("A hundred half-moves without a capture or a pawn move: a draw."));
    case EMP_END_REPETITION:
      return g_strdup (_("The same position for the third time: a draw."));
    case EMP_END_NONE:
    default:
      return NULL;
    }
}

static GStrv
ludo_emperor_game_legal_moves (LudoGame      *game,
                               gconstpointer  state)
{
  const EmperorGameState *s = state;
  EmperorMove moves[EMP_MAX_MOVES];
  /* a draw by repetition or by the hundred half-moves ends the game too:
   * then no move is legal, though the position has some */
  int n = s->pos.repetitions >= 3 || s->pos.halfmove >= 100 ? 0 : emperor_gen_legal (&s->pos, moves);
  GStrv out = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    {
      char text[16];
      emperor_move_to_uci (moves[i], text, sizeof text);
      out[i] = g_strdup (text);
    }
  return out;
}

static char *
ludo_emperor_game_ai_move (LudoGame      *game,
                           gconstpointer  state,
                           LudoLevel      level,
                           guint64        seed,
                           GCancellable  *cancellable)
{
  const EmperorGameState *s = state;
  EmperorLimits limits;
  EmperorResult result;
  char text[16];

  emperor_level_limits (level, &limits);
  limits.seed = seed;
  limits.stop = ludo_ai_cancelled;
  limits.stop_data = cancellable;
  emperor_search (&s->pos, s->history, s->n_history, &limits, &result);
  if (result.best == EMP_MOVE_NONE)
    return NULL;
  emperor_move_to_uci (result.best, text, sizeof text);
  return g_strdup (text);
}

/* The review: in pawns, a mate worth 50 of them */
static const LudoReviewScale review_scale = {
  .unit = N_("pawns"),
  .cap = 5000,
  .thresholds = { 50, 100, 300 },
  .nodes_per_ms = 1000,
  .budget_ms = 100,
};

static gboolean
ludo_emperor_game_evaluate (LudoGame       *game,
                            gconstpointer   state,
                            int             seat,
                            const char     *exclude,
                            guint64         budget,
                            GCancellable   *cancellable,
                            LudoEvaluation *evaluation)
{
  const EmperorGameState *s = state;
  EmperorLimits limits;
  EmperorResult result;
  char text[16] = "";

  emperor_level_limits (LUDO_LEVEL_HARD, &limits);
  ludo_review_search_limits (&limits, budget, cancellable);
  emperor_evaluate_position (&s->pos, s->history, s->n_history, &limits, true,
                             exclude ? emperor_move_from_uci (&s->pos, exclude) : EMP_MOVE_NONE, &result);
  if (result.best != EMP_MOVE_NONE)
    emperor_move_to_uci (result.best, text, sizeof text);
  /* the search's score is the player to move's */
  return ludo_review_take_search (&review_scale, result.best != EMP_MOVE_NONE,
                                  seat == s->pos.side ? result.score : -result.score, EMP_SCORE_MATE,
                                  text, cancellable, evaluation);
}

static char *
ludo_emperor_game_format_position (LudoGame      *game,
                                   gconstpointer  state)
{
  const EmperorGameState *s = state;
  static const char letters[] = ".pnbrqgk";
  GString *out = g_string_new (NULL);
  char fen[256];

  for (int rank = 9; rank >= 0; rank--)
    {
      g_string_append_printf (out, "%2d ", rank + 1);
      for (int file = 0; file < 10; file++)
        {
          int sq = EMP_SQ (file, rank);
          uint8_t p = s->pos.board[sq];
          char c = letters[EMP_TYPE (p)];
          if (p && EMP_COLOR (p) == EMP_WHITE)
            c = g_ascii_toupper (c);
          if (!p && emperor_is_castle (sq))
            c = '+';
          else if (!p && emperor_is_fort (sq))
            c = '*';
          g_string_append_printf (out, " %c", c);
        }
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "    a b c d e f g h i j\n");
  emperor_to_fen (&s->pos, fen, sizeof fen, TRUE);
  g_string_append_printf (out, "FEN %s\n", fen);
  if (s->pos.claimant >= 0)
    {
      g_autofree char *who = ludo_game_get_seat_label (game, s->pos.claimant);
      if (emperor_is_emperor (&s->pos, s->pos.claimant))
        g_string_append_printf (out, _("%s’s king is emperor%s.\n"), who,
                                emperor_is_immune (&s->pos, s->pos.claimant) ? _(", immune") : "");
      else
        g_string_append_printf (out, _("%s claims the castle, %d moves left.\n"), who, s->pos.claim_left);
    }
  {
    g_autofree char *outcome = ludo_emperor_game_describe_outcome (game, state);
    if (outcome)
      g_string_append_printf (out, "%s\n", outcome);
  }
  return g_string_free (out, FALSE);
}

static void
ludo_emperor_game_write_setup (LudoGame         *game,
                               xmlTextWriterPtr  writer)
{
  LudoEmperorGame *self = LUDO_EMPEROR_GAME (game);

  xmlTextWriterWriteAttribute (writer, BAD_CAST "fen", BAD_CAST self->start_fen);
}

static gboolean
ludo_emperor_game_read_setup (LudoGame    *game,
                              xmlNodePtr   setup,
                              GError     **error)
{
  xmlChar *fen = setup ? xmlGetNoNsProp (setup, BAD_CAST "fen") : NULL;
  gboolean ok = TRUE;

  if (fen)
    ok = ludo_emperor_game_set_start_fen (LUDO_EMPEROR_GAME (game), (const char *) fen, error);
  else if (ludo_game_get_option (game, "claimant") == 2)
    {
      /* a save always says who was drawn, or each load would draw again */
      g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_SETUP,
                           _("the claim to the castle was drawn by lot, but the file does not say "
                             "who drew it (it has no start position)"));
      ok = FALSE;
    }
  xmlFree (fen);
  return ok;
}

static const char * const setup_attributes[] = { "fen", NULL };

static void
ludo_emperor_game_finalize (GObject *object)
{
  LudoEmperorGame *self = LUDO_EMPEROR_GAME (object);

  g_free (self->start_fen);
  G_OBJECT_CLASS (ludo_emperor_game_parent_class)->finalize (object);
}

static void
ludo_emperor_game_class_init (LudoEmperorGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  LudoGameClass *game_class = LUDO_GAME_CLASS (klass);

  object_class->finalize = ludo_emperor_game_finalize;

  game_class->state_size = sizeof (EmperorGameState);
  game_class->init_state = ludo_emperor_game_init_state;
  game_class->apply = ludo_emperor_game_apply;
  game_class->current_seat = ludo_emperor_game_current_seat;
  game_class->get_outcome = ludo_emperor_game_get_outcome;
  game_class->describe_move = ludo_emperor_game_describe_move;
  game_class->describe_outcome = ludo_emperor_game_describe_outcome;
  game_class->legal_moves = ludo_emperor_game_legal_moves;
  game_class->ai_move = ludo_emperor_game_ai_move;
  game_class->evaluate = ludo_emperor_game_evaluate;
  game_class->review_scale = &review_scale;
  game_class->format_position = ludo_emperor_game_format_position;
  game_class->write_setup = ludo_emperor_game_write_setup;
  game_class->read_setup = ludo_emperor_game_read_setup;
  game_class->setup_attributes = setup_attributes;
}

static void
ludo_emperor_game_init (LudoEmperorGame *self)
{
}

const EmperorPos *
ludo_emperor_game_get_position (LudoEmperorGame *self)
{
  const EmperorGameState *s = ludo_game_get_state (LUDO_GAME (self));

  return &s->pos;
}

const EmperorPos *
ludo_emperor_game_get_position_at (LudoEmperorGame *self,
                                   guint            ply)
{
  const EmperorGameState *s = ludo_game_get_state_at (LUDO_GAME (self), ply);

  return &s->pos;
}

const char *
ludo_emperor_game_get_start_fen (LudoEmperorGame *self)
{
  return self->start_fen;
}

gboolean
ludo_emperor_game_set_start_fen (LudoEmperorGame  *self,
                                 const char       *fen,
                                 GError          **error)
{
  EmperorPos pos;
  EmperorFenError e;
  int claimant;

  g_return_val_if_fail (ludo_game_get_n_moves (LUDO_GAME (self)) == 0, FALSE);

  e = emperor_from_fen (&pos, fen);
  if (e != EMP_FEN_OK)
    {
      g_autofree char *quoted = ludo_text_for_message (fen, 120);
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_SETUP,
                   _("the start position “%s” is not legal: %s"), quoted, ludo_emperor_fen_error_message (e));
      return FALSE;
    }
  /* Before anyone has entered the castle or lost a claim, the claim is
   * still where the option put it. */
  claimant = ludo_game_get_option (LUDO_GAME (self), "claimant");
  if (claimant < 2 && !pos.entered && pos.failed == 0 && pos.claimant != claimant)
    {
      g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_SETUP,
                           claimant == EMP_WHITE
                           ? _("the options give the claim to the castle to White, but in the start position Black has it")
                           : _("the options give the claim to the castle to Black, but in the start position White has it"));
      return FALSE;
    }
  {
    char full[256];
    emperor_to_fen (&pos, full, sizeof full, TRUE);
    g_free (self->start_fen);
    self->start_fen = g_strdup (full);
    self->set_up = TRUE;
  }
  ludo_game_restart (LUDO_GAME (self));
  return TRUE;
}
