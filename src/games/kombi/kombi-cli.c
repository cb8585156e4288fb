/* kombi-cli.c — Kombi's own commands of ludoteka-cli: perft, analyse, and
 * the solver's table (the exact value of the start for each claim limit)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cli/ludo-cli.h"
#include "games/kombi/kombi-ai.h"
#include "games/kombi/kombi-rules.h"

typedef struct {
  char *position;
  int   field_players, task_players, claims, shifts;
  gboolean single;
} PositionArgs;

#define POSITION_ENTRIES(a) \
  { "position", 0, 0, G_OPTION_ARG_STRING, &(a).position, N_("Position (default: the start)"), "TEXT" }, \
  { "field-players", 0, 0, G_OPTION_ARG_INT, &(a).field_players, N_("Field players of the start (default 1)"), "F" }, \
  { "task-players", 0, 0, G_OPTION_ARG_INT, &(a).task_players, N_("Task players of the start (default 1)"), "T" }, \
  { "claims", 0, 0, G_OPTION_ARG_INT, &(a).claims, N_("Claims per game of the start (default 12)"), "N" }, \
  { "shifts", 0, 0, G_OPTION_ARG_INT, &(a).shifts, N_("Markers moved per turn, 1 or 2 (default 1)"), "S" }, \
  { "single", 0, 0, G_OPTION_ARG_NONE, &(a).single, N_("A single game, not a match"), NULL }

static void
position_args_init (PositionArgs *a)
{
  *a = (PositionArgs) { NULL, 1, 1, KOMBI_DEFAULT_LIMIT, 1, FALSE };
}

static void
position_args_clear (PositionArgs *a)
{
  g_clear_pointer (&a->position, g_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PositionArgs, position_args_clear)

/* The position of --position, or the start of the other options; on
 * error reports it and sets status. */
static gboolean
read_position (GOptionContext     *context,
               const PositionArgs *a,
               KombiPos           *pos,
               int                *status)
{
  static const char * const reasons[] = {
    [KOMBI_TEXT_SYNTAX] = N_("it is not “F T LIMIT SHIFTS GAMES GAME TURN FIELDS UPPER LOWER”"),
    [KOMBI_TEXT_OPTIONS] = N_("there are 1–3 field players, 1–2 task players, 1–35 claims, 1 or 2 markers moved"),
    [KOMBI_TEXT_FIELDS] = N_("a field is named twice, is not one of 1–35, or has an owner who does not play"),
    [KOMBI_TEXT_TURNS] = N_("the claims, the turn and the markers do not fit the order of turns"),
  };
  KombiTextError error;

  if (a->position == NULL)
    {
      if (!kombi_valid_options (a->field_players, a->task_players, a->claims, a->shifts, !a->single))
        {
          *status = ludo_cli_usage_error (context, _(reasons[KOMBI_TEXT_OPTIONS]));
          return FALSE;
        }
      kombi_init (pos, a->field_players, a->task_players, a->claims, a->shifts, !a->single);
      return TRUE;
    }
  error = kombi_from_text (pos, a->position);
  if (error != KOMBI_TEXT_OK)
    {
      g_autofree char *message = g_strdup_printf (_("bad position “%s”: %s"), a->position, _(reasons[error]));
      *status = ludo_cli_usage_error (context, message);
      return FALSE;
    }
  return TRUE;
}

static int
kombi_cmd_perft (int    argc,
                 char **argv)
{
  g_auto(PositionArgs) a = { 0 };
  int depth = 0;
  gboolean divide = FALSE;
  GOptionEntry entries[] = {
    POSITION_ENTRIES (a),
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Depth in plies (required)"), "D" },
    { "divide", 0, 0, G_OPTION_ARG_NONE, &divide, N_("Count below each move of the position"), NULL },
    { NULL }
  };
  GOptionContext *context;
  KombiPos pos;
  guint64 nodes = 0;
  gint64 start;
  int status = 0;

  position_args_init (&a);
  context = g_option_context_new (_("— count the positions reachable in D plies"));
  g_option_context_set_summary (context,
    _("Counts the leaf positions of the legal move tree, to check the move generator. "
      "The last line is nodes=N time_ms=T nps=X."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!ludo_cli_parse_options (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return ludo_cli_usage_error (context, _("perft takes no file"));
  if (depth < 1 || depth > 12)
    return ludo_cli_usage_error (context, _("--depth must be between 1 and 12"));
  if (!read_position (context, &a, &pos, &status))
    return status;
  g_option_context_free (context);

  start = g_get_monotonic_time ();
  if (divide)
    {
      KombiMove moves[KOMBI_MAX_MOVES];
      int n = kombi_gen_moves (&pos, moves);
      for (int i = 0; i < n; i++)
        {
          KombiPos next = pos;
          char text[32];
          guint64 count;

          kombi_make (&next, moves[i]);
          count = kombi_perft (&next, depth - 1);
          kombi_move_to_text (&pos, moves[i], text, sizeof text);
          g_print ("%s: %" G_GUINT64_FORMAT "\n", text, count);
          nodes += count;
        }
      g_print ("\n");
    }
  else
    nodes = kombi_perft (&pos, depth);
  ludo_cli_print_perft (nodes, (g_get_monotonic_time () - start) / 1000.0);
  return 0;
}

static void
print_result (const KombiPos    *pos,
              const KombiResult *result)
{
  char text[32];

  kombi_move_to_text (pos, result->best, text, sizeof text);
  /* values in points: exact ones are whole */
  g_print ("best=%s value=%.3f exact=%s depth=%d nodes=%" G_GUINT64_FORMAT " time_ms=%d nps=%.0f\n",
           text, result->value / (double) KOMBI_EIGHTHS, result->exact ? "yes" : "no", result->depth,
           result->nodes, result->ms, result->ms > 0 ? result->nodes / (result->ms / 1000.0) : 0.0);
}

static int
kombi_cmd_analyse (int    argc,
                   char **argv)
{
  g_auto(PositionArgs) a = { 0 };
  g_autofree char *level_text = NULL;
  gint64 nodes = 0;
  GOptionEntry entries[] = {
    POSITION_ENTRIES (a),
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_text, N_("easy, medium or hard (default hard)"), "LEVEL" },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, N_("Stop after N nodes instead of the level's time"), "N" },
    { NULL }
  };
  GOptionContext *context;
  LudoLevel level = LUDO_LEVEL_HARD;
  KombiPos pos;
  KombiLimits limits;
  KombiResult result;
  int status = 0;

  position_args_init (&a);
  context = g_option_context_new (_("— what the computer would play, and why"));
  g_option_context_set_summary (context,
    _("Searches the position as the computer does at the level and prints its move, the value it "
      "expects for the side it plays for (exact when the search reached the end of the game), the "
      "depth, the nodes and the time."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!ludo_cli_parse_options (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return ludo_cli_usage_error (context, _("analyse takes no file"));
  if (!ludo_cli_parse_level (context, level_text, &level, &status))
    return status;
  if (nodes < 0)
    return ludo_cli_usage_error (context, _("--nodes must not be negative"));
  if (!read_position (context, &a, &pos, &status))
    return status;
  g_option_context_free (context);

  kombi_level_limits (level, &limits);
  if (nodes > 0)
    {
      limits.max_nodes = (guint64) nodes;
      limits.max_ms = 0;
    }
  kombi_search (&pos, &limits, &result);
  if (result.best == KOMBI_MOVE_NONE)
    {
      g_print (_("No legal move.\n"));
      return 0;
    }
  print_result (&pos, &result);
  return 0;
}

/* The solver's table: the exact value of the start of a game between one
 * field player and one task player, for claim limits 1, 2, 3 … */
static int
kombi_cmd_bench (int    argc,
                 char **argv)
{
  int shifts = 1, max_limit = KOMBI_FIELDS, seconds = 60, table_mb = 256;
  GOptionEntry entries[] = {
    { "shifts", 0, 0, G_OPTION_ARG_INT, &shifts, N_("Markers moved per turn, 1 or 2 (default 1)"), "S" },
    { "max-limit", 0, 0, G_OPTION_ARG_INT, &max_limit, N_("The largest claim limit to solve (default 35)"), "N" },
    { "seconds", 0, 0, G_OPTION_ARG_INT, &seconds, N_("Time for each limit (default 60)"), "S" },
    { "table-mb", 0, 0, G_OPTION_ARG_INT, &table_mb, N_("Size of the transposition table (default 256)"), "MB" },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("— solve the start exactly for claim limits 1, 2, 3 …"));
  int status = 0;

  g_option_context_set_summary (context,
    _("For one field player against one task player, solves the start of a game exactly for each "
      "claim limit in turn and prints limit=L value=V nodes=N time_ms=T, until a limit is not solved "
      "within the time."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!ludo_cli_parse_options (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return ludo_cli_usage_error (context, _("bench kombi takes no file"));
  if (shifts < 1 || shifts > KOMBI_MAX_SHIFTS)
    return ludo_cli_usage_error (context, _("--shifts must be 1 or 2"));
  if (max_limit < 1 || max_limit > KOMBI_FIELDS)
    return ludo_cli_usage_error (context, _("--max-limit must be between 1 and 35"));
  if (seconds < 1 || table_mb < 1 || table_mb > 4096)
    return ludo_cli_usage_error (context, _("--seconds must be positive and --table-mb between 1 and 4096"));
  g_option_context_free (context);

  for (int limit = 1; limit <= max_limit; limit++)
    {
      KombiPos pos;
      KombiLimits limits = { 0 };
      KombiResult result;
      int value;

      kombi_init (&pos, 1, 1, limit, shifts, FALSE);
      limits.max_ms = seconds * 1000;
      limits.table_mb = table_mb;
      if (!kombi_solve (&pos, &limits, &value, &result))
        {
          g_print ("limit=%d unsolved nodes=%" G_GUINT64_FORMAT " time_ms=%d\n", limit, result.nodes, result.ms);
          break;
        }
      g_print ("limit=%d value=%d nodes=%" G_GUINT64_FORMAT " time_ms=%d\n", limit, value, result.nodes, result.ms);
    }
  return 0;
}

static const LudoCliCommand kombi_commands[] = {
  { "perft",   N_("--game kombi [--position TEXT | --field-players F --task-players T --claims N --shifts S --single] --depth D [--divide]"),
    N_("Count the move tree of a Kombi position"), kombi_cmd_perft },
  { "analyse", N_("--game kombi [--position TEXT] [--level L] [--nodes N]"),
    N_("Show what the computer would play in a Kombi position"), kombi_cmd_analyse },
  { "bench",   N_("kombi [--shifts S] [--max-limit N] [--seconds S] [--table-mb MB]"),
    N_("Solve the start of Kombi exactly for claim limits 1, 2, 3 …"), kombi_cmd_bench },
};

const LudoCliGame ludo_kombi_cli = {
  .game_id = "kombi",
  .commands = kombi_commands,
  .n_commands = G_N_ELEMENTS (kombi_commands),
};
