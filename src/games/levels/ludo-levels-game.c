/* ludo-levels-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "core/ludo-ai.h"
#include "core/ludo-text.h"
#include "core/ludo-xml.h"
#include "levels-ai.h"
#include "ludo-levels-game.h"

struct _LudoLevelsGame
{
  LudoGame  parent_instance;

  char     *start;   /* a start position other than the options', or NULL */
};

G_DEFINE_FINAL_TYPE (LudoLevelsGame, ludo_levels_game, LUDO_TYPE_GAME)

static const char * const size_choices[] = { N_("9 × 9"), N_("12 × 12"), N_("15 × 15"), NULL };

static const LudoOptionSpec levels_options[] = {
  { "size",    N_("Board"),   LVL_MIN_SIZE, LVL_MAX_SIZE, 9, size_choices, 3 },
  { "players", N_("Players"), LVL_MIN_PLAYERS, LVL_MAX_PLAYERS, 2, NULL, 0 },
};

enum { OPTION_SIZE, OPTION_PLAYERS };

static guint
levels_count_seats (const int *option_values)
{
  return (guint) option_values[OPTION_PLAYERS];
}

const LudoGameInfo ludo_levels_game_info = {
  .id = "levels",
  .name = N_("Levels"),
  .summary = N_("Pieces of levels 1 to 8 see, capture into blocks and destroy"),
  .origin = N_("The “Level Theory” game of Yakov Feldman"),
  .n_seats = LVL_MAX_PLAYERS,
  .options = levels_options,
  .n_options = G_N_ELEMENTS (levels_options),
  .get_type = ludo_levels_game_get_type,
  .count_seats = levels_count_seats,
};

/* ------------------------------------------------------------------------ */
/* Words                                                                     */

const char *
ludo_levels_side_name (int colour)
{
  /* each player's side, named as in chess */
  static const char * const names[LVL_MAX_PLAYERS] = {
    N_("White"), N_("Black"), N_("Red"), N_("Blue"),
  };

  return colour >= 0 && colour < LVL_MAX_PLAYERS ? _(names[colour]) : "?";
}

const char *
ludo_levels_looking (int dir)
{
  static const char * const names[LVL_DIRS] = {
    N_("looking north"), N_("looking north-east"), N_("looking east"), N_("looking south-east"),
    N_("looking south"), N_("looking south-west"), N_("looking west"), N_("looking north-west"),
  };

  return dir >= 0 && dir < LVL_DIRS ? _(names[dir]) : "?";
}

char *
ludo_levels_piece_name (const LevelsPos *pos,
                        int              piece)
{
  int level = levels_piece_level (piece);

  /* whole phrases, so that the colour agrees with the word for piece */
  switch (pos->piece[piece].colour)
    {
    case 0: return g_strdup_printf (_("white level %d"), level);
    case 1: return g_strdup_printf (_("black level %d"), level);
    case 2: return g_strdup_printf (_("red level %d"), level);
    default: return g_strdup_printf (_("blue level %d"), level);
    }
}

char *
ludo_levels_piece_description (const LevelsPos *pos,
                               int              piece)
{
  const LevelsPiece *p = &pos->piece[piece];
  g_autofree char *name = ludo_levels_piece_name (pos, piece);
  GString *text = g_string_new (name);

  if (levels_piece_level (piece) >= 7)
    {
      g_string_append (text, ", ");
      /* Translators: of a level 7 or 8: "white level 7, in state 3" */
      g_string_append_printf (text, _("in state %d"), p->state);
    }
  if (p->state == 3 || p->state == 4)
    {
      g_string_append (text, ", ");
      g_string_append (text, ludo_levels_looking (p->dir));
    }
  return g_string_free (text, FALSE);
}

static char *
cell_name (const LevelsPos *pos,
           int              cell)
{
  char name[8];

  levels_cell_name (pos, cell, name, sizeof name);
  return g_strdup (name);
}

char *
ludo_levels_explain_illegal (const LevelsPos *pos,
                             const char      *notation)
{
  LevelsMove move;
  int from, to, arg, x, level;
  g_autofree char *from_name = NULL;
  g_autofree char *to_name = NULL;

  if (!levels_parse_move (pos, notation, &move))
    {
      g_autofree char *quoted = ludo_text_for_message (notation, 40);
      return g_strdup_printf (_("“%s” is not an action on this board (like c3-e5, c3=e5, c3xe7, c3>ne, c3@5 or c3/)"),
                              quoted);
    }
  if (levels_is_legal (pos, move))
    return NULL;
  if (pos->end != LVL_END_NONE)
    return g_strdup (_("the game is over"));
  from = LVL_MOVE_FROM (move);
  to = LVL_MOVE_TO (move);
  arg = LVL_MOVE_ARG (move);
  from_name = cell_name (pos, from);
  to_name = cell_name (pos, to);
  x = levels_piece_at (pos, from);
  if (x < 0)
    return g_strdup_printf (_("there is no piece on %s"), from_name);
  level = levels_piece_level (x);
  if (pos->piece[x].colour != pos->to_move)
    {
      g_autofree char *what = ludo_levels_piece_name (pos, x);
      /* Translators: "the piece on c3 is not yours to act with: it is black level 4" */
      return g_strdup_printf (_("the piece on %s is not yours to act with: it is %s"), from_name, what);
    }

  switch (LVL_MOVE_KIND (move))
    {
    case LVL_ACT_MOVE:
      if (to == from || levels_piece_at (pos, to) >= 0)
        return g_strdup_printf (_("the cell %s is taken"), to_name);
      return g_strdup_printf (_("the level %d on %s does not see %s"), level, from_name, to_name);

    case LVL_ACT_BLOCK:
      {
        uint32_t members = levels_block_members (pos, x);
        if ((members & (members - 1)) == 0)
          return g_strdup_printf (_("the piece on %s is not in a block: it moves alone"), from_name);
        if (to == from)
          return g_strdup (_("the block would not move"));
        {
          /* off the board or onto another piece, or no member lands in view */
          int dx = to % pos->size - from % pos->size, dy = to / pos->size - from / pos->size;
          for (uint32_t rest = members; rest; rest &= rest - 1)
            {
              int c = pos->piece[__builtin_ctz (rest)].cell;
              int nx = c % pos->size + dx, ny = c / pos->size + dy, there;
              if (nx < 0 || ny < 0 || nx >= pos->size || ny >= pos->size)
                return g_strdup (_("the block would leave the board"));
              there = levels_piece_at (pos, ny * pos->size + nx);
              if (there >= 0 && !(members & (1u << there)))
                {
                  g_autofree char *where = cell_name (pos, ny * pos->size + nx);
                  return g_strdup_printf (_("the block would land on the piece on %s"), where);
                }
            }
        }
        return g_strdup (_("no piece of the block would land on a cell the block sees"));
      }

    case LVL_ACT_DESTROY:
      {
        int a = levels_piece_at (pos, to);
        if (a < 0)
          return g_strdup_printf (_("there is no piece on %s to destroy"), to_name);
        if (pos->piece[a].colour == pos->to_move)
          return g_strdup_printf (_("the piece on %s is your own"), to_name);
        if (levels_piece_level (a) < level + 2)
          return g_strdup_printf (_("a level %d destroys only pieces of level %d or higher, and the piece on %s is level %d"),
                                  level, level + 2, to_name, levels_piece_level (a));
        if (!levels_set_has (levels_view (pos, x), to))
          return g_strdup_printf (_("the level %d on %s does not see %s"), level, from_name, to_name);
        return g_strdup_printf (_("its block cannot follow it to %s: a piece or the edge is in the way"), to_name);
      }

    case LVL_ACT_TURN:
      if (pos->piece[x].state != 3 && pos->piece[x].state != 4)
        return g_strdup_printf (_("the piece on %s has no ray to turn"), from_name);
      return g_strdup (_("the ray already looks that way"));

    case LVL_ACT_STATE:
      if (level < 7)
        return g_strdup (_("only levels 7 and 8 switch state"));
      if ((arg & 15) == pos->piece[x].state)
        return g_strdup_printf (_("the piece is already in state %d: turning its ray is a turn (>)"), arg & 15);
      return g_strdup (_("a level 7 takes the states 1, 3 and 5, a level 8 the states 2, 4 and 6"));

    case LVL_ACT_RELEASE:
    default:
      return g_strdup_printf (_("the piece on %s is in no block under another piece: there is nothing to release it from"),
                              from_name);
    }
}

void
ludo_levels_effect (const LevelsPos  *before,
                    LevelsMove        move,
                    LudoLevelsEffect *effect)
{
  const LevelsPiece *now = effect->after.piece;

  memset (effect, 0, sizeof *effect);
  effect->destroyed = -1;
  effect->after = *before;
  if (!levels_is_legal (before, move))
    return;
  if (LVL_MOVE_KIND (move) == LVL_ACT_DESTROY)
    effect->destroyed = levels_piece_at (before, LVL_MOVE_TO (move));
  levels_make (&effect->after, move);
  for (int i = 0; i < LVL_MAX_PIECES; i++)
    {
      if (now[i].cell == LVL_NO_CELL || i == effect->destroyed)
        continue;
      if (now[i].colour != before->piece[i].colour)
        effect->recoloured |= 1u << i;
      if (now[i].dom >= 0 && now[i].dom != before->piece[i].dom)
        effect->joined |= 1u << i;
    }
}

char *
ludo_levels_describe_effect (const LevelsPos *before,
                             LevelsMove       move)
{
  LudoLevelsEffect effect;
  const LevelsPos *after = &effect.after;
  GString *text = g_string_new (NULL);

  /* the piece destroyed is the action's own words (ludo_levels_describe_action) */
  ludo_levels_effect (before, move, &effect);
  for (uint32_t rest = effect.recoloured; rest; rest &= rest - 1)
    {
      int i = __builtin_ctz (rest);
      g_autofree char *where = cell_name (before, after->piece[i].cell);
      g_autofree char *what = ludo_levels_piece_name (before, i);

      if (text->len)
        g_string_append (text, "; ");
      /* Translators: "h9: black level 4 turns white" */
      switch (after->piece[i].colour)
        {
        case 0: g_string_append_printf (text, _("%s: %s turns white"), where, what); break;
        case 1: g_string_append_printf (text, _("%s: %s turns black"), where, what); break;
        case 2: g_string_append_printf (text, _("%s: %s turns red"), where, what); break;
        default: g_string_append_printf (text, _("%s: %s turns blue"), where, what); break;
        }
    }
  for (uint32_t rest = effect.joined & ~effect.recoloured; rest; rest &= rest - 1)
    {
      int i = __builtin_ctz (rest);
      g_autofree char *where = cell_name (before, after->piece[i].cell);
      if (text->len)
        g_string_append (text, "; ");
      /* Translators: a piece of the mover's colour that joins another block */
      g_string_append_printf (text, _("%s joins a block"), where);
    }
  return g_string_free (text, text->len == 0);
}

char *
ludo_levels_describe_action (const LevelsPos *pos,
                             LevelsMove       move)
{
  g_autofree char *from = cell_name (pos, LVL_MOVE_FROM (move));
  g_autofree char *to = cell_name (pos, LVL_MOVE_TO (move));
  int arg = LVL_MOVE_ARG (move);

  switch (LVL_MOVE_KIND (move))
    {
    case LVL_ACT_MOVE:
      /* Translators: an action in the move list and the status line: "c3 moves to e5" */
      return g_strdup_printf (_("%s moves to %s"), from, to);
    case LVL_ACT_BLOCK:
      /* Translators: the block of the piece on c3 moves with it, c3 landing on e5 */
      return g_strdup_printf (_("%s and its block move to %s"), from, to);
    case LVL_ACT_DESTROY:
      {
        int victim = levels_piece_at (pos, LVL_MOVE_TO (move));
        g_autofree char *what = victim >= 0 ? ludo_levels_piece_name (pos, victim) : NULL;

        if (what == NULL)
          return g_strdup_printf (_("%s destroys the piece on %s"), from, to);
        /* Translators: "c2 destroys black level 6 on c8" */
        return g_strdup_printf (_("%s destroys %s on %s"), from, what, to);
      }
    case LVL_ACT_TURN:
      /* Translators: a ray turns: "c3 turns, now looking north-east" */
      return g_strdup_printf (_("%s turns, now %s"), from, ludo_levels_looking (arg & 7));
    case LVL_ACT_STATE:
      if ((arg & 15) == 3 || (arg & 15) == 4)
        /* Translators: a level 7 or 8 switches state: "e5 switches to state 3, looking south-west" */
        return g_strdup_printf (_("%s switches to state %d, %s"), from, arg & 15, ludo_levels_looking (arg >> 4));
      /* Translators: a level 7 or 8 switches state: "a7 switches to state 5" */
      return g_strdup_printf (_("%s switches to state %d"), from, arg & 15);
    case LVL_ACT_RELEASE:
    default:
      /* Translators: a release: the piece on c3 is no longer under another */
      return g_strdup_printf (_("%s leaves the piece over it"), from);
    }
}

/* ------------------------------------------------------------------------ */

static void
ludo_levels_game_init_state (LudoGame *game,
                             gpointer  state)
{
  LudoLevelsGame *self = LUDO_LEVELS_GAME (game);
  LevelsGame *g = state;
  LevelsPos start;

  if (self->start == NULL || levels_from_text (&start, self->start) != LVL_TEXT_OK)
    levels_init (&start, ludo_game_get_option (game, "size"), ludo_game_get_option (game, "players"));
  levels_game_init (g, &start);
}

static gboolean
ludo_levels_game_apply (LudoGame    *game,
                        gpointer     state,
                        const char  *notation,
                        GError     **error)
{
  LevelsGame *g = state;
  LevelsMove move = levels_move_from_text (&g->pos, notation);

  if (move == LVL_MOVE_NONE)
    {
      g_autofree char *why = ludo_levels_explain_illegal (&g->pos, notation);
      g_set_error_literal (error, LUDO_GAME_ERROR,
                           g->pos.end != LVL_END_NONE ? LUDO_GAME_ERROR_GAME_OVER : LUDO_GAME_ERROR_ILLEGAL_MOVE,
                           why ? why : notation);
      return FALSE;
    }
  levels_game_play (g, move);
  return TRUE;
}

static int
ludo_levels_game_current_seat (LudoGame      *game,
                               gconstpointer  state)
{
  const LevelsGame *g = state;

  return g->pos.end != LVL_END_NONE ? -1 : g->pos.to_move;
}

static void
ludo_levels_game_get_outcome (LudoGame      *game,
                              gconstpointer  state,
                              LudoOutcome   *outcome)
{
  const LevelsGame *g = state;
  static const char * const reasons[] = { NULL, "one-colour", "no-action", "repetition", "quiet", "turn-limit" };
  int winner;
  LevelsEnd end = levels_outcome (&g->pos, &winner);

  if (end == LVL_END_NONE)
    {
      outcome->kind = LUDO_RESULT_NONE;
      return;
    }
  outcome->kind = winner >= 0 ? LUDO_RESULT_WIN : LUDO_RESULT_DRAW;
  outcome->winner = winner;
  outcome->reason = reasons[end];
  /* every end ranks by the pieces held, as the winner is found */
  {
    double pieces[LUDO_MAX_SEATS];

    for (int p = 0; p < g->pos.players; p++)
      pieces[p] = levels_count_pieces (&g->pos, p);
    ludo_outcome_rank_by_score (outcome, g->pos.players, pieces);
  }
}

static char *
ludo_levels_game_describe_move (LudoGame      *game,
                                gconstpointer  state,
                                int            seat,
                                const char    *notation,
                                int            viewer,
                                gboolean       revealed)
{
  const LevelsGame *g = state;
  const LevelsPos *pos = &g->pos;
  LevelsMove move = levels_move_from_text (pos, notation);
  LudoLevelsEffect effect;
  g_autofree char *text = NULL;
  int changes;

  if (move == LVL_MOVE_NONE)
    return g_strdup (notation);
  /* the status line's words for the action */
  text = ludo_levels_describe_action (pos, move);
  ludo_levels_effect (pos, move, &effect);
  changes = __builtin_popcount (effect.recoloured);
  if (changes > 0)
    /* Translators: a move in the move list, and how many pieces it recolours */
    return g_strdup_printf (ngettext ("%s, %d changes colour", "%s, %d change colour", changes), text, changes);
  return g_steal_pointer (&text);
}

static char *
ranking_text (LudoGame        *game,
              const LevelsPos *pos)
{
  int order[LVL_MAX_PLAYERS], counts[LVL_MAX_PLAYERS];
  GString *text = g_string_new (NULL);

  for (int p = 0; p < pos->players; p++)
    {
      order[p] = p;
      counts[p] = levels_count_pieces (pos, p);
    }
  for (int i = 1; i < pos->players; i++)
    for (int j = i; j > 0 && counts[order[j]] > counts[order[j - 1]]; j--)
      {
        int t = order[j];
        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  for (int i = 0; i < pos->players; i++)
    {
      g_autofree char *name = ludo_game_get_seat_label (game, order[i]);
      int place = 1;
      for (int k = 0; k < i; k++)
        place += counts[order[k]] > counts[order[i]];
      if (i > 0)
        g_string_append (text, ", ");
      /* Translators: a place in the ranking: "2. Player 3 (3 pieces)" */
      g_string_append_printf (text, ngettext ("%d. %s (%d piece)", "%d. %s (%d pieces)", counts[order[i]]),
                              place, name, counts[order[i]]);
    }
  return g_string_free (text, FALSE);
}

static char *
ludo_levels_game_describe_outcome (LudoGame      *game,
                                   gconstpointer  state)
{
  const LevelsGame *g = state;
  const LevelsPos *pos = &g->pos;
  int winner;
  LevelsEnd end = levels_outcome (pos, &winner);
  g_autofree char *who = winner >= 0 ? ludo_game_get_seat_label (game, winner) : NULL;
  g_autofree char *why = NULL;
  g_autofree char *ranking = NULL;

  switch (end)
    {
    case LVL_END_ONE_COLOUR:
      /* Translators: Feldman's end of the game; %s is the winner */
      switch (winner)
        {
        case 0: return g_strdup_printf (_("Only white pieces are left on the board: %s wins."), who);
        case 1: return g_strdup_printf (_("Only black pieces are left on the board: %s wins."), who);
        case 2: return g_strdup_printf (_("Only red pieces are left on the board: %s wins."), who);
        default: return g_strdup_printf (_("Only blue pieces are left on the board: %s wins."), who);
        }
    case LVL_END_NO_ACTION:
      why = g_strdup (_("Nobody can act."));
      break;
    case LVL_END_REPETITION:
      why = g_strdup (_("The same position for the third time."));
      break;
    case LVL_END_QUIET:
      why = g_strdup_printf (ngettext ("%d turn without a destruction or a change of colour.",
                                       "%d turns without a destruction or a change of colour.", LVL_QUIET_LIMIT),
                             LVL_QUIET_LIMIT);
      break;
    case LVL_END_TURN_LIMIT:
      why = g_strdup_printf (ngettext ("%d turn in all.", "%d turns in all.", LVL_TURN_LIMIT), LVL_TURN_LIMIT);
      break;
    case LVL_END_NONE:
    default:
      return NULL;
    }
  ranking = ranking_text (game, pos);
  if (winner >= 0)
    /* Translators: "Nobody can act. Anna wins with the most pieces: 1. Anna (9 pieces), 2. …" */
    return g_strdup_printf (_("%s %s wins with the most pieces: %s."), why, who, ranking);
  return g_strdup_printf (_("%s A draw: the most pieces are shared: %s."), why, ranking);
}

static GStrv
ludo_levels_game_legal_moves (LudoGame      *game,
                              gconstpointer  state)
{
  const LevelsGame *g = state;
  LevelsMove *moves = g_new (LevelsMove, LVL_MAX_MOVES);
  int n = levels_gen_moves (&g->pos, moves);
  GStrv out = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    {
      char text[24];
      levels_move_to_text (&g->pos, moves[i], text, sizeof text);
      out[i] = g_strdup (text);
    }
  g_free (moves);
  return out;
}

static char *
ludo_levels_game_ai_move (LudoGame      *game,
                          gconstpointer  state,
                          LudoLevel      level,
                          guint64        seed,
                          GCancellable  *cancellable)
{
  const LevelsGame *g = state;
  LevelsLimits limits;
  LevelsResult result;
  char text[24];

  levels_level_limits (level, &limits);
  limits.seed = seed;
  limits.stop = ludo_ai_cancelled;
  limits.stop_data = cancellable;
  levels_search (g, &limits, &result);
  if (result.best == LVL_MOVE_NONE || (cancellable && g_cancellable_is_cancelled (cancellable)))
    return NULL;
  levels_move_to_text (&g->pos, result.best, text, sizeof text);
  return g_strdup (text);
}

/* The review: in pieces, a won game worth all of a player's */
static const LudoReviewScale review_scale = {
  .unit = N_("pieces"),
  .cap = 800,
  .thresholds = { 30, 60, 100 },
  .nodes_per_ms = 500,
  .budget_ms = 100,
};

static gboolean
ludo_levels_game_evaluate (LudoGame       *game,
                          gconstpointer   state,
                          int             seat,
                          const char     *exclude,
                          guint64         budget,
                          GCancellable   *cancellable,
                          LudoEvaluation *evaluation)
{
  const LevelsGame *g = state;
  LevelsLimits limits;
  LevelsResult result;
  char text[32] = "";

  levels_level_limits (LUDO_LEVEL_HARD, &limits);
  ludo_review_search_limits (&limits, budget, cancellable);
  levels_evaluate_game (g, &limits, seat, exclude ? levels_move_from_text (&g->pos, exclude) : LVL_MOVE_NONE, &result);
  if (result.best != LVL_MOVE_NONE)
    levels_move_to_text (&g->pos, result.best, text, sizeof text);
  return ludo_review_take_search (&review_scale, result.best != LVL_MOVE_NONE, result.score, LVL_SCORE_WIN, text,
                                  cancellable, evaluation);
}

static char *
ludo_levels_game_format_position (LudoGame      *game,
                                  gconstpointer  state)
{
  const LevelsGame *g = state;
  const LevelsPos *pos = &g->pos;
  GString *out = g_string_new (NULL);
  char text[LVL_TEXT_MAX];

  /* rank by rank from the top; a piece as its colour letter and level,
   * a capital letter for a block's root with members */
  for (int y = pos->size - 1; y >= 0; y--)
    {
      g_string_append_printf (out, "%2d ", y + 1);
      for (int x = 0; x < pos->size; x++)
        {
          int i = levels_piece_at (pos, y * pos->size + x);
          if (i < 0)
            g_string_append (out, (x / 3 + y / 3) % 2 ? "  ." : "  ,");
          else
            {
              uint32_t members = levels_block_members (pos, i);
              gboolean root = pos->piece[i].dom < 0 && (members & (members - 1));
              g_string_append_printf (out, " %c%d", (root ? 'A' : 'a') + pos->piece[i].colour,
                                      levels_piece_level (i));
            }
        }
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "   ");
  for (int x = 0; x < pos->size; x++)
    g_string_append_printf (out, "  %c", 'a' + x);
  g_string_append_c (out, '\n');
  levels_to_text (pos, text, sizeof text);
  g_string_append_printf (out, "POSITION %s\n", text);
  for (int p = 0; p < pos->players; p++)
    {
      g_autofree char *who = ludo_game_get_seat_label (game, p);
      int n = levels_count_pieces (pos, p);
      /* Translators: "a: Player 1 (white), 8 pieces" */
      g_string_append_printf (out, ngettext ("%c: %s (%s), %d piece\n", "%c: %s (%s), %d pieces\n", n),
                              'a' + p, who, ludo_levels_side_name (p), n);
    }
  {
    g_autofree char *outcome = ludo_levels_game_describe_outcome (game, state);
    if (outcome)
      g_string_append_printf (out, "%s\n", outcome);
  }
  return g_string_free (out, FALSE);
}

static void
ludo_levels_game_write_setup (LudoGame         *game,
                              xmlTextWriterPtr  writer)
{
  LudoLevelsGame *self = LUDO_LEVELS_GAME (game);

  /* only a start other than the options' is written */
  if (self->start == NULL)
    return;
  xmlTextWriterStartElement (writer, BAD_CAST "value");
  xmlTextWriterWriteAttribute (writer, BAD_CAST "name", BAD_CAST "position");
  xmlTextWriterWriteString (writer, BAD_CAST self->start);
  xmlTextWriterEndElement (writer);
}

static gboolean
ludo_levels_game_read_setup (LudoGame    *game,
                             xmlNodePtr   setup,
                             GError     **error)
{
  /* the save reader let through only one <value name="position"> */
  for (xmlNodePtr node = setup ? setup->children : NULL; node; node = node->next)
    if (ludo_xml_is (node, "value"))
      {
        g_autofree char *text = ludo_xml_text (node);
        return ludo_levels_game_set_start_position (LUDO_LEVELS_GAME (game), text, error);
      }
  return TRUE;
}

static const char * const setup_values[] = { "position", NULL };

static void
ludo_levels_game_finalize (GObject *object)
{
  LudoLevelsGame *self = LUDO_LEVELS_GAME (object);

  g_free (self->start);
  G_OBJECT_CLASS (ludo_levels_game_parent_class)->finalize (object);
}

static void
ludo_levels_game_class_init (LudoLevelsGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  LudoGameClass *game_class = LUDO_GAME_CLASS (klass);

  object_class->finalize = ludo_levels_game_finalize;

  game_class->state_size = sizeof (LevelsGame);
  game_class->init_state = ludo_levels_game_init_state;
  game_class->apply = ludo_levels_game_apply;
  game_class->current_seat = ludo_levels_game_current_seat;
  game_class->get_outcome = ludo_levels_game_get_outcome;
  game_class->describe_move = ludo_levels_game_describe_move;
  game_class->describe_outcome = ludo_levels_game_describe_outcome;
  game_class->legal_moves = ludo_levels_game_legal_moves;
  game_class->ai_move = ludo_levels_game_ai_move;
  game_class->evaluate = ludo_levels_game_evaluate;
  game_class->review_scale = &review_scale;
  game_class->score_name = N_("Pieces");
  game_class->format_position = ludo_levels_game_format_position;
  game_class->write_setup = ludo_levels_game_write_setup;
  game_class->read_setup = ludo_levels_game_read_setup;
  game_class->setup_values = setup_values;
}

static void
ludo_levels_game_init (LudoLevelsGame *self)
{
}

const LevelsPos *
ludo_levels_game_get_position (LudoLevelsGame *self)
{
  const LevelsGame *g = ludo_game_get_state (LUDO_GAME (self));

  return &g->pos;
}

const LevelsPos *
ludo_levels_game_get_position_at (LudoLevelsGame *self,
                                  guint           ply)
{
  const LevelsGame *g = ludo_game_get_state_at (LUDO_GAME (self), ply);

  return &g->pos;
}

const char *
ludo_levels_text_error_message (LevelsTextError error)
{
  switch (error)
    {
    case LVL_TEXT_BOARD:
      return _("the board is 9, 12 or 15 cells wide, for 2 to 4 players");
    case LVL_TEXT_PIECE:
      return _("a piece stands off the board or on a taken cell, or has a colour or level out of range");
    case LVL_TEXT_COUNT:
      return _("there are more pieces of one level than there are players");
    case LVL_TEXT_ORIENT:
      return _("a piece has a direction or state its level cannot have");
    case LVL_TEXT_BLOCK:
      return _("a piece is dominated by one that is not one level higher, or has another colour than its block");
    case LVL_TEXT_SYNTAX:
    default:
      return _("it is not “SIZE PLAYERS TURN PIECES [QUIET [TURNS]]”");
    }
}

gboolean
ludo_levels_game_set_start_position (LudoLevelsGame  *self,
                                     const char      *text,
                                     GError         **error)
{
  LevelsPos pos;
  LevelsTextError e;
  char canonical[LVL_TEXT_MAX];

  g_return_val_if_fail (ludo_game_get_n_moves (LUDO_GAME (self)) == 0, FALSE);

  e = levels_from_text (&pos, text);
  if (e != LVL_TEXT_OK)
    {
      g_autofree char *quoted = ludo_text_for_message (text, 120);
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_SETUP,
                   _("the start position “%s” is not one of Levels: %s"), quoted, ludo_levels_text_error_message (e));
      return FALSE;
    }
  if (pos.size != ludo_game_get_option (LUDO_GAME (self), "size") ||
      pos.players != ludo_game_get_option (LUDO_GAME (self), "players"))
    {
      g_set_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_BAD_SETUP,
                   _("the start position is for %d players on %d × %d, but the options say %d players on %d × %d"),
                   pos.players, pos.size, pos.size, ludo_game_get_option (LUDO_GAME (self), "players"),
                   ludo_game_get_option (LUDO_GAME (self), "size"), ludo_game_get_option (LUDO_GAME (self), "size"));
      return FALSE;
    }
  levels_to_text (&pos, canonical, sizeof canonical);
  g_free (self->start);
  self->start = g_strdup (canonical);
  ludo_game_restart (LUDO_GAME (self));
  return TRUE;
}
