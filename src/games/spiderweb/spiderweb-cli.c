/* spiderweb-cli.c — Spider Web's own commands of ludoteka-cli: perft,
 * analyse, and the speed of the move generator and of the search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cli/ludo-cli.h"
#include "games/spiderweb/spiderweb-ai.h"
#include "games/spiderweb/spiderweb-rules.h"

/* The position of --position, or the start of --rings, --spokes and
 * --players; on error reports it and sets status. */
static gboolean
read_position (GOptionContext *context,
               const char     *text,
               int             rings,
               int             spokes,
               int             players,
               SpiderwebPos   *pos,
               int            *status)
{
  static const char * const reasons[] = {
    [SPW_TEXT_SYNTAX] = N_("it is not “RxS BOARD TURN HAND LOST [TAKEN [ASIDE [QUIET]]]”"),
    [SPW_TEXT_BOARD] = N_("the web has 3–6 rings of 6 or 8 spokes, and 2–4 players"),
    [SPW_TEXT_COUNTS] = N_("the pieces of a player do not add up to what each player gets"),
    [SPW_TEXT_ENCLOSED] = N_("a piece with no free node beside it stands on the web"),
  };
  SpiderwebTextError error;

  if (text == NULL)
    {
      if (!spiderweb_valid_board (rings, spokes, players))
        {
          *status = ludo_cli_usage_error (context, _(reasons[SPW_TEXT_BOARD]));
          return FALSE;
        }
      spiderweb_init (pos, rings, spokes, players);
      return TRUE;
    }
  error = spiderweb_from_text (pos, text);
  if (error != SPW_TEXT_OK)
    {
      g_autofree char *message = g_strdup_printf (_("bad position “%s”: %s"), text, _(reasons[error]));
      *status = ludo_cli_usage_error (context, message);
      return FALSE;
    }
  return TRUE;
}

#define POSITION_ENTRIES(position, rings, spokes, players) \
  { "position", 0, 0, G_OPTION_ARG_STRING, &position, N_("Position (default: the start)"), "TEXT" }, \
  { "rings", 0, 0, G_OPTION_ARG_INT, &rings, N_("Rings of the start position (default 4)"), "R" }, \
  { "spokes", 0, 0, G_OPTION_ARG_INT, &spokes, N_("Spokes of the start position (default 8)"), "S" }, \
  { "players", 0, 0, G_OPTION_ARG_INT, &players, N_("Players of the start position (default 2)"), "P" }

static int
spiderweb_cmd_perft (int    argc,
                     char **argv)
{
  g_autofree char *position = NULL;
  int depth = 0, rings = 4, spokes = 8, players = 2;
  gboolean divide = FALSE;
  GOptionEntry entries[] = {
    POSITION_ENTRIES (position, rings, spokes, players),
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Depth in plies (required)"), "D" },
    { "divide", 0, 0, G_OPTION_ARG_NONE, &divide, N_("Count below each move of the position"), NULL },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("— count the positions reachable in D plies"));
  SpiderwebPos pos;
  SpiderwebMove moves[SPW_MAX_MOVES];
  guint64 nodes = 0;
  gint64 start;
  double ms;
  int status = 0;

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
  if (!read_position (context, position, rings, spokes, players, &pos, &status))
    return status;
  g_option_context_free (context);

  start = g_get_monotonic_time ();
  if (divide)
    {
      int n = spiderweb_gen_moves (&pos, moves);
      for (int i = 0; i < n; i++)
        {
          SpiderwebPos next = pos;
          char text[24];
          guint64 count;

          spiderweb_make (&next, moves[i]);
          count = spiderweb_perft (&next, depth - 1);
          spiderweb_move_to_text (&pos, moves[i], text, sizeof text);
          g_print ("%s: %" G_GUINT64_FORMAT "\n", text, count);
          nodes += count;
        }
      g_print ("\n");
    }
  else
    nodes = spiderweb_perft (&pos, depth);
  ms = (g_get_monotonic_time () - start) / 1000.0;
  ludo_cli_print_perft (nodes, ms);
  return 0;
}

static void
print_result (const SpiderwebPos    *pos,
              const SpiderwebResult *result)
{
  char text[24];

  g_print ("pv");
  for (int i = 0; i < result->pv_length; i++)
    {
      SpiderwebPos at = *pos;
      /* each move is written on its own position */
      for (int k = 0; k < i; k++)
        spiderweb_make (&at, result->pv[k]);
      spiderweb_move_to_text (&at, result->pv[i], text, sizeof text);
      g_print (" %s", text);
    }
  g_print ("\n");
  spiderweb_move_to_text (pos, result->best, text, sizeof text);
  g_print ("best=%s score=%d depth=%d nodes=%" G_GUINT64_FORMAT " time_ms=%d nps=%.0f\n",
           text, result->score, result->depth, result->nodes, result->ms,
           result->ms > 0 ? result->nodes / (result->ms / 1000.0) : 0.0);
}

static int
spiderweb_cmd_analyse (int    argc,
                       char **argv)
{
  g_autofree char *position = NULL;
  g_autofree char *level_text = NULL;
  int rings = 4, spokes = 8, players = 2;
  gint64 nodes = 0;
  GOptionEntry entries[] = {
    POSITION_ENTRIES (position, rings, spokes, players),
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_text, N_("easy, medium or hard (default hard)"), "LEVEL" },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, N_("Stop after N nodes instead of the level's time"), "N" },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("— what the computer would play, and why"));
  LudoLevel level = LUDO_LEVEL_HARD;
  SpiderwebGame game;
  SpiderwebPos pos;
  SpiderwebLimits limits;
  SpiderwebResult result;
  int status = 0;

  g_option_context_set_summary (context,
    _("Searches the position as the computer does at the level and prints the depth reached, "
      "the nodes, the time, the score and the line it expects."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!ludo_cli_parse_options (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return ludo_cli_usage_error (context, _("analyse takes no file"));
  if (!ludo_cli_parse_level (context, level_text, &level, &status))
    return status;
  if (nodes < 0)
    return ludo_cli_usage_error (context, _("--nodes must not be negative"));
  if (!read_position (context, position, rings, spokes, players, &pos, &status))
    return status;
  g_option_context_free (context);

  spiderweb_level_limits (level, &limits);
  if (nodes > 0)
    {
      limits.max_nodes = (guint64) nodes;
      limits.max_ms = 0;
    }
  spiderweb_game_init (&game, &pos);
  spiderweb_search (&game, &limits, &result);
  if (result.best == SPW_MOVE_NONE)
    {
      g_print (_("No legal move.\n"));
      return 0;
    }
  print_result (&pos, &result);
  return 0;
}

/* Perft of the start of every web, and Hard's search on a position of
 * each phase. */
static int
spiderweb_cmd_bench (int    argc,
                     char **argv)
{
  static const char * const positions[] = {
    /* the start; the middle of placing; the moving phase */
    NULL,
    "4x8 ab.a.ba./b.a.b.ba/ba.a.ab./..a.bb.a a 1,1 1,2 2,1 0,0 0",
    "4x8 b.a.a.a./a.bababb/..ab.b../a.b.b.b. a 0,0 3,0 0,3 1,2 0",
  };
  int depth = 5;
  GOptionEntry entries[] = {
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Perft depth (default 5)"), "D" },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("— time the move generator and the search"));
  guint64 total_nodes = 0;
  double total_s = 0;
  int status = 0;

  g_option_context_set_summary (context,
    _("Times perft on the start of every web, then the Hard search on a position of each phase."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!ludo_cli_parse_options (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return ludo_cli_usage_error (context, _("bench spiderweb takes no file"));
  if (depth < 1 || depth > 7)
    return ludo_cli_usage_error (context, _("--depth must be between 1 and 7"));
  g_option_context_free (context);

  for (int rings = SPW_MIN_RINGS; rings <= SPW_MAX_RINGS; rings++)
    for (int spokes = 6; spokes <= 8; spokes += 2)
      {
        SpiderwebPos pos;
        gint64 t0 = g_get_monotonic_time ();
        guint64 nodes;
        double s;

        spiderweb_init (&pos, rings, spokes, 2);
        nodes = spiderweb_perft (&pos, depth);
        s = (g_get_monotonic_time () - t0) / 1e6;
        g_print ("perft %dx%d depth %d: %" G_GUINT64_FORMAT " %.3fs\n", rings, spokes, depth, nodes, s);
        total_nodes += nodes;
        total_s += s;
      }
  g_print ("perft_nodes=%" G_GUINT64_FORMAT " perft_s=%.3f perft_nps=%.0f\n", total_nodes, total_s,
           total_nodes / MAX (total_s, 1e-6));

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      SpiderwebPos pos;
      SpiderwebGame game;
      SpiderwebLimits limits;
      SpiderwebResult result;

      if (positions[i])
        g_assert (spiderweb_from_text (&pos, positions[i]) == SPW_TEXT_OK);
      else
        spiderweb_init (&pos, 4, 8, 2);
      spiderweb_level_limits (LUDO_LEVEL_HARD, &limits);
      spiderweb_game_init (&game, &pos);
      spiderweb_search (&game, &limits, &result);
      print_result (&pos, &result);
    }
  return 0;
}

static const LudoCliCommand spiderweb_commands[] = {
  { "perft",    N_("--game spiderweb [--position TEXT | --rings R --spokes S --players P] --depth D [--divide]"),
    N_("Count the move tree of a Spider Web position"), spiderweb_cmd_perft },
  { "analyse",  N_("--game spiderweb [--position TEXT] [--level L] [--nodes N]"),
    N_("Show what the computer would play in a Spider Web position"), spiderweb_cmd_analyse },
  { "bench",    N_("spiderweb [--depth D]"),
    N_("Time Spider Web perft and the Hard search"), spiderweb_cmd_bench },
};

const LudoCliGame ludo_spiderweb_cli = {
  .game_id = "spiderweb",
  .commands = spiderweb_commands,
  .n_commands = G_N_ELEMENTS (spiderweb_commands),
};
