/* ludo-spiderweb-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "core/ludo-ai.h"
#include "ludo-spiderweb-game.h"
#include "spiderweb-ai.h"

struct _LudoSpiderwebGame
{
  LudoGame parent_instance;
};

G_DEFINE_FINAL_TYPE (LudoSpiderwebGame, ludo_spiderweb_game, LUDO_TYPE_GAME)

static const char * const spoke_choices[] = { N_("Six"), N_("Eight"), NULL };

static const LudoOptionSpec spiderweb_options[] = {
  { "rings",   N_("Rings"),   SPW_MIN_RINGS, SPW_MAX_RINGS, 4, NULL, 0 },
  { "spokes",  N_("Spokes"),  6, 8, 8, spoke_choices, 2 },
  { "players", N_("Players"), SPW_MIN_PLAYERS, SPW_MAX_PLAYERS, 2, NULL, 0 },
};

enum { OPTION_RINGS, OPTION_SPOKES, OPTION_PLAYERS };

static guint
spiderweb_count_seats (const int *option_values)
{
  return (guint) option_values[OPTION_PLAYERS];
}

const LudoGameInfo ludo_spiderweb_game_info = {
  .id = "spiderweb",
  .name = N_("Spider Web"),
  .summary = N_("Place and move your pieces on a web: a piece with no free node beside it is taken"),
  .origin = N_("Hungarian patent 36643 of Ernő Hegeler, 1906"),
  .n_seats = SPW_MAX_PLAYERS,
  .options = spiderweb_options,
  .n_options = G_N_ELEMENTS (spiderweb_options),
  .get_type = ludo_spiderweb_game_get_type,
  .count_seats = spiderweb_count_seats,
};

char *
ludo_spiderweb_node_label (const SpiderwebPos *pos,
                           int                 node)
{
  /* Translators: a node of the web, counted from the centre and round */
  return g_strdup_printf (_("ring %d, spoke %d"), node / pos->spokes + 1, node % pos->spokes + 1);
}

/* ------------------------------------------------------------------------ */

static void
ludo_spiderweb_game_init_state (LudoGame *game,
                                gpointer  state)
{
  SpiderwebGame *g = state;
  SpiderwebPos start;

  spiderweb_init (&start,
                  ludo_game_get_option (game, "rings"),
                  ludo_game_get_option (game, "spokes"),
                  ludo_game_get_option (game, "players"));
  spiderweb_game_init (g, &start);
}

/* Why a move in notation is not legal, in words. */
static void
explain_illegal (const SpiderwebPos *pos,
                 const char         *notation,
                 GError            **error)
{
  SpiderwebMove move;
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;

  if (!spiderweb_parse_move (pos, notation, &move))
    {
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                   _("“%s” is not a placement or a move on this web (like place:2.5 or move:2.5-3.5)"),
                   notation);
      return;
    }
  /* the nodes as the board names them, not as the notation does */
  to = ludo_spiderweb_node_label (pos, SPW_MOVE_TO (move));
  from = ludo_spiderweb_node_label (pos, SPW_MOVE_FROM (move));
  if (pos->phase == SPW_OVER)
    g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_GAME_OVER, _("the game is over"));
  else if (SPW_MOVE_IS_PLACE (move) && pos->phase != SPW_PLACING)
    g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                         _("every piece has been placed: now pieces move"));
  else if (!SPW_MOVE_IS_PLACE (move) && pos->phase == SPW_PLACING)
    g_set_error_literal (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                         _("pieces are still being placed: no piece moves yet"));
  else if (spiderweb_owner (pos, SPW_MOVE_TO (move)) >= 0)
    g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                 _("the node at %s is taken"), to);
  else if (SPW_MOVE_IS_PLACE (move))
    g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                 _("the node at %s has no free node beside it: nobody may place there"), to);
  else if (spiderweb_owner (pos, SPW_MOVE_FROM (move)) != pos->to_move)
    g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                 _("there is no piece of the player to move at %s"), from);
  else
    g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE,
                 /* Translators: "no line joins ring 1, spoke 2 and ring 3, spoke 2" */
                 _("no line joins %s and %s"), from, to);
}

static gboolean
ludo_spiderweb_game_apply (LudoGame    *game,
                           gpointer     state,
                           const char  *notation,
                           GError     **error)
{
  SpiderwebGame *g = state;
  SpiderwebMove move = spiderweb_move_from_text (&g->pos, notation);

  if (move == SPW_MOVE_NONE)
    {
      explain_illegal (&g->pos, notation, error);
      return FALSE;
    }
  spiderweb_game_play (g, move);
  return TRUE;
}

static int
ludo_spiderweb_game_current_seat (LudoGame      *game,
                                  gconstpointer  state)
{
  const SpiderwebGame *g = state;

  return g->pos.phase == SPW_OVER ? -1 : g->pos.to_move;
}

static void
ludo_spiderweb_game_get_outcome (LudoGame      *game,
                                 gconstpointer  state,
                                 LudoOutcome   *outcome)
{
  const SpiderwebGame *g = state;
  static const char * const reasons[] = { NULL, "two-left", "no-moves", "repetition", "no-removal" };
  int winner;
  SpiderwebEnd end = spiderweb_outcome (&g->pos, &winner);

  if (end == SPW_END_NONE)
    {
      outcome->kind = LUDO_RESULT_NONE;
      return;
    }
  outcome->kind = winner >= 0 ? LUDO_RESULT_WIN : LUDO_RESULT_DRAW;
  outcome->winner = winner;
  outcome->reason = reasons[end];
  /* every end ranks by the pieces left, as the winner is found */
  {
    double left[LUDO_MAX_SEATS];

    for (int p = 0; p < g->pos.players; p++)
      left[p] = spiderweb_pieces_left (&g->pos, p);
    ludo_outcome_rank_by_score (outcome, g->pos.players, left);
  }
}

static char *
ludo_spiderweb_game_describe_move (LudoGame      *game,
                                   gconstpointer  state,
                                   int            seat,
                                   const char    *notation,
                                   int            viewer,
                                   gboolean       revealed)
{
  const SpiderwebGame *g = state;
  SpiderwebMove move = spiderweb_move_from_text (&g->pos, notation);
  g_autofree char *text = NULL;
  g_autofree char *to = NULL;
  int removed;

  if (move == SPW_MOVE_NONE)
    return g_strdup (notation);
  /* the nodes in the cells' words, as the board and the hints say them */
  to = ludo_spiderweb_node_label (&g->pos, SPW_MOVE_TO (move));
  if (SPW_MOVE_IS_PLACE (move))
    /* Translators: a placement in the move list: "places on ring 3, spoke 1" */
    text = g_strdup_printf (_("places on %s"), to);
  else
    {
      g_autofree char *from = ludo_spiderweb_node_label (&g->pos, SPW_MOVE_FROM (move));
      /* Translators: a move in the move list: "moves from ring 3, spoke 1 to ring 2, spoke 1" */
      text = g_strdup_printf (_("moves from %s to %s"), from, to);
    }
  removed = __builtin_popcountll (spiderweb_would_remove (&g->pos, move));
  if (removed > 0)
    /* Translators: a move in the move list, and the pieces it takes:
     * "places on ring 1, spoke 8 — 2 pieces taken" */
    return g_strdup_printf (ngettext ("%s — %d piece taken", "%s — %d pieces taken", removed), text, removed);
  return g_steal_pointer (&text);
}

static char *
ludo_spiderweb_game_describe_outcome (LudoGame      *game,
                                      gconstpointer  state)
{
  const SpiderwebGame *g = state;
  const SpiderwebPos *pos = &g->pos;
  int winner, order[SPW_MAX_PLAYERS], places[SPW_MAX_PLAYERS];
  SpiderwebEnd end = spiderweb_outcome (pos, &winner);
  g_autofree char *why = NULL;
  g_autofree char *who = winner >= 0 ? ludo_game_get_seat_label (game, winner) : NULL;
  GString *text;

  switch (end)
    {
    case SPW_END_TWO_LEFT:
      {
        int loser = -1;
        for (int p = 0; p < pos->players; p++)
          if (spiderweb_pieces_left (pos, p) <= SPW_PIECES_LEFT_LOSE && loser < 0)
            loser = p;
        {
          g_autofree char *name = ludo_game_get_seat_label (game, loser);
          int left = spiderweb_pieces_left (pos, loser);

          /* the end comes at two or fewer: say what is there */
          if (left == 0)
            why = g_strdup_printf (_("%s has no pieces left."), name);
          else
            why = g_strdup_printf (ngettext ("%s has only %d piece left.", "%s has only %d pieces left.", left),
                                   name, left);
        }
      }
      break;
    case SPW_END_NO_MOVES:
      why = g_strdup (_("Nobody can move."));
      break;
    case SPW_END_REPETITION:
      why = g_strdup (_("The same position for the third time."));
      break;
    case SPW_END_QUIET:
      why = g_strdup_printf (ngettext ("%d move without a piece taken.", "%d moves without a piece taken.",
                                       SPW_QUIET_LIMIT), SPW_QUIET_LIMIT);
      break;
    case SPW_END_NONE:
    default:
      return NULL;
    }

  text = g_string_new (why);
  g_string_append_c (text, ' ');
  if (pos->players == 2)
    {
      if (winner >= 0 && end == SPW_END_TWO_LEFT)
        {
          int points = spiderweb_points (pos);
          /* 0 when pieces were set aside: still a win (RULES.md §3) */
          if (points == 0)
            g_string_append_printf (text, _("%s wins, by no points: neither lost more pieces than the other."),
                                    who);
          else
            g_string_append_printf (text, ngettext ("%s wins by %d point.", "%s wins by %d points.", points),
                                    who, points);
        }
      else if (winner >= 0)
        {
          /* the patent's points are for its own end: here the pieces left decide */
          int left = spiderweb_pieces_left (pos, winner), other = spiderweb_pieces_left (pos, 1 - winner);
          g_string_append_printf (text, ngettext ("%s wins with %d piece left to %d.",
                                                  "%s wins with %d pieces left to %d.", left),
                                  who, left, other);
        }
      else
        g_string_append (text, _("A draw: both have as many pieces left."));
      return g_string_free (text, FALSE);
    }

  if (winner >= 0)
    g_string_append_printf (text, _("%s wins."), who);
  else
    g_string_append (text, _("A draw: the most pieces left are shared."));
  spiderweb_ranking (pos, order, places);
  for (int i = 0; i < pos->players; i++)
    {
      g_autofree char *name = ludo_game_get_seat_label (game, order[i]);
      int left = spiderweb_pieces_left (pos, order[i]);
      g_string_append (text, i == 0 ? " " : ", ");
      /* Translators: a place in the ranking: "2. Player 3 (3 pieces)" */
      g_string_append_printf (text, ngettext ("%d. %s (%d piece)", "%d. %s (%d pieces)", left),
                              places[order[i]] + 1, name, left);
    }
  g_string_append_c (text, '.');
  return g_string_free (text, FALSE);
}

static GStrv
ludo_spiderweb_game_legal_moves (LudoGame      *game,
                                 gconstpointer  state)
{
  const SpiderwebGame *g = state;
  SpiderwebMove moves[SPW_MAX_MOVES];
  int n = spiderweb_gen_moves (&g->pos, moves);
  GStrv out = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    {
      char text[24];
      spiderweb_move_to_text (&g->pos, moves[i], text, sizeof text);
      out[i] = g_strdup (text);
    }
  return out;
}

static char *
ludo_spiderweb_game_ai_move (LudoGame      *game,
                             gconstpointer  state,
                             LudoLevel      level,
                             guint64        seed,
                             GCancellable  *cancellable)
{
  const SpiderwebGame *g = state;
  SpiderwebLimits limits;
  SpiderwebResult result;
  char text[24];

  spiderweb_level_limits (level, &limits);
  limits.seed = seed;
  limits.stop = ludo_ai_cancelled;
  limits.stop_data = cancellable;
  spiderweb_search (g, &limits, &result);
  if (result.best == SPW_MOVE_NONE || (cancellable && g_cancellable_is_cancelled (cancellable)))
    return NULL;
  spiderweb_move_to_text (&g->pos, result.best, text, sizeof text);
  return g_strdup (text);
}

/* The review: in pieces, a won game worth all of a player's */
static const LudoReviewScale review_scale = {
  .unit = N_("pieces"),
  .cap = 1200,
  .thresholds = { 30, 60, 100 },
  .nodes_per_ms = 2000,
  .budget_ms = 100,
};

static gboolean
ludo_spiderweb_game_evaluate (LudoGame       *game,
                             gconstpointer   state,
                             int             seat,
                             const char     *exclude,
                             guint64         budget,
                             GCancellable   *cancellable,
                             LudoEvaluation *evaluation)
{
  const SpiderwebGame *g = state;
  SpiderwebLimits limits;
  SpiderwebResult result;
  char text[32] = "";

  spiderweb_level_limits (LUDO_LEVEL_HARD, &limits);
  ludo_review_search_limits (&limits, budget, cancellable);
  spiderweb_evaluate_game (g, &limits, seat, exclude ? spiderweb_move_from_text (&g->pos, exclude) : SPW_MOVE_NONE, &result);
  if (result.best != SPW_MOVE_NONE)
    spiderweb_move_to_text (&g->pos, result.best, text, sizeof text);
  return ludo_review_take_search (&review_scale, result.best != SPW_MOVE_NONE, result.score, SPW_SCORE_WIN, text,
                                  cancellable, evaluation);
}

static char *
ludo_spiderweb_game_format_position (LudoGame      *game,
                                     gconstpointer  state)
{
  const SpiderwebGame *g = state;
  const SpiderwebPos *pos = &g->pos;
  GString *out = g_string_new (NULL);
  char text[256];

  /* rings from the outside in, as the web is drawn */
  for (int r = pos->rings - 1; r >= 0; r--)
    {
      g_string_append_printf (out, "%d ", r);
      for (int s = 0; s < pos->spokes; s++)
        {
          int owner = spiderweb_owner (pos, r * pos->spokes + s);
          g_string_append_printf (out, " %c", owner < 0 ? '.' : 'a' + owner);
        }
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "  ");
  for (int s = 0; s < pos->spokes; s++)
    g_string_append_printf (out, " %d", s);
  g_string_append_c (out, '\n');
  spiderweb_to_text (pos, text, sizeof text);
  g_string_append_printf (out, "POSITION %s\n", text);
  for (int p = 0; p < pos->players; p++)
    {
      g_autofree char *who = ludo_game_get_seat_label (game, p);
      g_string_append_printf (out, _("%c: %s, %d on the web, %d in hand, %d lost, %d taken\n"),
                              'a' + p, who, __builtin_popcountll (pos->pieces[p]),
                              pos->in_hand[p], pos->lost[p], pos->taken[p]);
    }
  {
    g_autofree char *outcome = ludo_spiderweb_game_describe_outcome (game, state);
    if (outcome)
      g_string_append_printf (out, "%s\n", outcome);
  }
  return g_string_free (out, FALSE);
}

static void
ludo_spiderweb_game_class_init (LudoSpiderwebGameClass *klass)
{
  LudoGameClass *game_class = LUDO_GAME_CLASS (klass);

  game_class->state_size = sizeof (SpiderwebGame);
  game_class->init_state = ludo_spiderweb_game_init_state;
  game_class->apply = ludo_spiderweb_game_apply;
  game_class->current_seat = ludo_spiderweb_game_current_seat;
  game_class->get_outcome = ludo_spiderweb_game_get_outcome;
  game_class->describe_move = ludo_spiderweb_game_describe_move;
  game_class->describe_outcome = ludo_spiderweb_game_describe_outcome;
  game_class->legal_moves = ludo_spiderweb_game_legal_moves;
  game_class->ai_move = ludo_spiderweb_game_ai_move;
  game_class->evaluate = ludo_spiderweb_game_evaluate;
  game_class->review_scale = &review_scale;
  game_class->score_name = N_("Pieces left");
  game_class->format_position = ludo_spiderweb_game_format_position;
}

static void
ludo_spiderweb_game_init (LudoSpiderwebGame *self)
{
}

const SpiderwebPos *
ludo_spiderweb_game_get_position (LudoSpiderwebGame *self)
{
  const SpiderwebGame *g = ludo_game_get_state (LUDO_GAME (self));

  return &g->pos;
}

const SpiderwebPos *
ludo_spiderweb_game_get_position_at (LudoSpiderwebGame *self,
                                     guint              ply)
{
  const SpiderwebGame *g = ludo_game_get_state_at (LUDO_GAME (self), ply);

  return &g->pos;
}
