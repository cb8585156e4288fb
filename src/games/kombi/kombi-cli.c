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

#define CLI_POS          KombiPos
#define CLI_MOVE         KombiMove
#define CLI_MAX_MOVES    KOMBI_MAX_MOVES
#define CLI_PERFT        kombi_perft
#define CLI_GEN_MOVES    kombi_gen_moves
#define CLI_MAKE         kombi_make
#define CLI_MOVE_TO_TEXT kombi_move_to_text
#include "cli/ludo-cli-engine.h"

static const char * const reasons[] = {
  [KOMBI_TEXT_SYNTAX] = N_("it is not “F T LIMIT SHIFTS GAMES GAME TURN FIELDS UPPER LOWER”"),
  [KOMBI_TEXT_OPTIONS] = N_("there are 1–3 field players, 1–2 task players, 1–35 claims, 1 or 2 markers moved"),
  [KOMBI_TEXT_FIELDS] = N_("a field is named twice, is not one of 1–35, or has an owner who does not play"),
  [KOMBI_TEXT_TURNS] = N_("the claims, the turn and the markers do not fit the order of turns"),
};

/* the options of the start of a match or a game */
static struct {
  int      field_players, task_players, claims, shifts;
  gboolean single;
} start = { 1, 1, KOMBI_DEFAULT_LIMIT, 1, FALSE };

static const GOptionEntry start_entries[] = {
  { "field-players", 0, 0, G_OPTION_ARG_INT, &start.field_players, N_("Field players of the start (default 1)"), "F" },
  { "task-players", 0, 0, G_OPTION_ARG_INT, &start.task_players, N_("Task players of the start (default 1)"), "T" },
  { "claims", 0, 0, G_OPTION_ARG_INT, &start.claims, N_("Claims per game of the start (default 12)"), "N" },
  { "shifts", 0, 0, G_OPTION_ARG_INT, &start.shifts, N_("Markers moved per turn, 1 or 2 (default 1)"), "S" },
  { "single", 0, 0, G_OPTION_ARG_NONE, &start.single, N_("A single game, not a match"), NULL },
  { NULL }
};

static const char *
start_position (gpointer pos)
{
  if (!kombi_valid_options (start.field_players, start.task_players, start.claims, start.shifts, !start.single))
    return _(reasons[KOMBI_TEXT_OPTIONS]);
  kombi_init (pos, start.field_players, start.task_players, start.claims, start.shifts, !start.single);
  return NULL;
}

static const char *
parse_position (const char *text,
                gpointer    pos)
{
  KombiTextError error = kombi_from_text (pos, text);

  return error == KOMBI_TEXT_OK ? NULL : _(reasons[error]);
}

static gboolean
analyse (gconstpointer position,
         LudoLevel     level,
         guint64       nodes)
{
  const KombiPos *pos = position;
  KombiLimits limits;
  KombiResult result;
  char text[32];

  kombi_level_limits (level, &limits);
  if (nodes > 0)
    {
      limits.max_nodes = nodes;
      limits.max_ms = 0;
    }
  kombi_search (pos, &limits, &result);
  if (result.best == KOMBI_MOVE_NONE)
    return FALSE;
  kombi_move_to_text (pos, result.best, text, sizeof text);
  /* values in points: exact ones are whole */
  g_print ("best=%s value=%.3f exact=%s depth=%d nodes=%" G_GUINT64_FORMAT " time_ms=%d nps=%.0f\n",
           text, result.value / (double) KOMBI_EIGHTHS, result.exact ? "yes" : "no", result.depth,
           result.nodes, result.ms, result.ms > 0 ? result.nodes / (result.ms / 1000.0) : 0.0);
  return TRUE;
}

static const LudoCliEngine kombi_engine = {
  LUDO_CLI_ENGINE_RULES
  .parse_position = parse_position,
  .start_entries = start_entries,
  .start_position = start_position,
  .analyse = analyse,
  .analyse_summary = N_("Searches the position as the computer does at the level and prints its move, the value it "
                        "expects for the side it plays for (exact when the search reached the end of the game), the "
                        "depth, the nodes and the time."),
  .perft_max_depth = 12,
  .perft_depth_error = N_("--depth must be between 1 and 12"),
};

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
  GOptionContext *context;
  int status = 0;

  context = ludo_cli_parse_command (&argc, &argv, _("— solve the start exactly for claim limits 1, 2, 3 …"),
    _("For one field player against one task player, solves the start of a game exactly for each "
      "claim limit in turn and prints limit=L value=V nodes=N time_ms=T, until a limit is not solved "
      "within the time."),
    entries, _("bench kombi takes no file"), &status);
  if (context == NULL)
    return status;
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
    N_("Count the move tree of a Kombi position"),
    .run_engine = ludo_cli_perft, .engine = &kombi_engine },
  { "analyse", N_("--game kombi [--position TEXT] [--level L] [--nodes N]"),
    N_("Show what the computer would play in a Kombi position"),
    .run_engine = ludo_cli_analyse, .engine = &kombi_engine },
  { "bench",   N_("kombi [--shifts S] [--max-limit N] [--seconds S] [--table-mb MB]"),
    N_("Solve the start of Kombi exactly for claim limits 1, 2, 3 …"), kombi_cmd_bench },
};

const LudoCliGame ludo_kombi_cli = {
  .game_id = "kombi",
  .commands = kombi_commands,
  .n_commands = G_N_ELEMENTS (kombi_commands),
};
