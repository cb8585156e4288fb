/* levels-cli.c — Levels' own commands of ludoteka-cli: perft, analyse,
 * and the speed of the move generator and of the search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cli/ludo-cli.h"
#include "games/levels/levels-ai.h"
#include "games/levels/levels-rules.h"
#include "games/levels/ludo-levels-game.h"

/* The position of --position, or the start of --size and --players; on
 * error reports it and sets status. */
static gboolean
read_position (GOptionContext *context,
               const char     *text,
               int             size,
               int             players,
               LevelsPos      *pos,
               int            *status)
{

  LevelsTextError error;

  if (text == NULL)
    {
      if (!levels_valid_board (size, players))
        {
          *status = ludo_cli_usage_error (context, ludo_levels_text_error_message (LVL_TEXT_BOARD));
          return FALSE;
        }
      levels_init (pos, size, players);
      return TRUE;
    }
  error = levels_from_text (pos, text);
  if (error != LVL_TEXT_OK)
    {
      g_autofree char *message = g_strdup_printf (_("bad position “%s”: %s"), text,
                                                  ludo_levels_text_error_message (error));
      *status = ludo_cli_usage_error (context, message);
      return FALSE;
    }
  return TRUE;
}

#define POSITION_ENTRIES(position, size, players) \
  { "position", 0, 0, G_OPTION_ARG_STRING, &position, N_("Position (default: the start)"), "TEXT" }, \
  { "size", 0, 0, G_OPTION_ARG_INT, &size, N_("Board size of the start position: 9, 12 or 15 (default 9)"), "N" }, \
  { "players", 0, 0, G_OPTION_ARG_INT, &players, N_("Players of the start position (default 2)"), "P" }

static int
levels_cmd_perft (int    argc,
                  char **argv)
{
  g_autofree char *position = NULL;
  int depth = 0, size = 9, players = 2;
  gboolean divide = FALSE;
  GOptionEntry entries[] = {
    POSITION_ENTRIES (position, size, players),
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Depth in plies (required)"), "D" },
    { "divide", 0, 0, G_OPTION_ARG_NONE, &divide, N_("Count below each move of the position"), NULL },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("— count the positions reachable in D plies"));
  LevelsPos pos;
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
  if (depth < 1 || depth > 8)
    return ludo_cli_usage_error (context, _("--depth must be between 1 and 8"));
  if (!read_position (context, position, size, players, &pos, &status))
    return status;
  g_option_context_free (context);

  start = g_get_monotonic_time ();
  if (divide)
    {
      LevelsMove *moves = g_new (LevelsMove, LVL_MAX_MOVES);
      int n = levels_gen_moves (&pos, moves);
      for (int i = 0; i < n; i++)
        {
          LevelsPos next = pos;
          char text[24];
          guint64 count;

          levels_make (&next, moves[i]);
          count = levels_perft (&next, depth - 1);
          levels_move_to_text (&pos, moves[i], text, sizeof text);
          g_print ("%s: %" G_GUINT64_FORMAT "\n", text, count);
          nodes += count;
        }
      g_print ("\n");
      g_free (moves);
    }
  else
    nodes = levels_perft (&pos, depth);
  ms = (g_get_monotonic_time () - start) / 1000.0;
  ludo_cli_print_perft (nodes, ms);
  return 0;
}

static void
print_result (const LevelsPos    *pos,
              const LevelsResult *result)
{
  LevelsPos at = *pos;
  char text[24];

  g_print ("pv");
  for (int i = 0; i < result->pv_length; i++)
    {
      /* each action is written on its own position */
      levels_move_to_text (&at, result->pv[i], text, sizeof text);
      g_print (" %s", text);
      levels_make (&at, result->pv[i]);
    }
  g_print ("\n");
  levels_move_to_text (pos, result->best, text, sizeof text);
  g_print ("best=%s score=%d depth=%d nodes=%" G_GUINT64_FORMAT " time_ms=%d nps=%.0f\n",
           text, result->score, result->depth, result->nodes, result->ms,
           result->ms > 0 ? result->nodes / (result->ms / 1000.0) : 0.0);
}

static int
levels_cmd_analyse (int    argc,
                    char **argv)
{
  g_autofree char *position = NULL;
  g_autofree char *level_text = NULL;
  int size = 9, players = 2;
  gint64 nodes = 0;
  GOptionEntry entries[] = {
    POSITION_ENTRIES (position, size, players),
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_text, N_("easy, medium or hard (default hard)"), "LEVEL" },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, N_("Stop after N nodes instead of the level's time"), "N" },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("— what the computer would play, and why"));
  LudoLevel level = LUDO_LEVEL_HARD;
  LevelsGame game;
  LevelsPos pos;
  LevelsLimits limits;
  LevelsResult result;
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
  if (!read_position (context, position, size, players, &pos, &status))
    return status;
  g_option_context_free (context);

  levels_level_limits (level, &limits);
  if (nodes > 0)
    {
      limits.max_nodes = (guint64) nodes;
      limits.max_ms = 0;
    }
  levels_game_init (&game, &pos);
  levels_search (&game, &limits, &result);
  if (result.best == LVL_MOVE_NONE)
    {
      g_print (_("No legal move.\n"));
      return 0;
    }
  print_result (&pos, &result);
  return 0;
}

/* Perft of the start of every board and number of players, and the Hard
 * search on a position of the opening and one of the middle game. */
static int
levels_cmd_bench (int    argc,
                  char **argv)
{
  static const char * const positions[] = {
    NULL,
    /* a block on each side, pieces changing hands (from a game) */
    "9 2 a a1a2,b1a4n,c1a6,f1b7@1^d7,g1a5,h1a3n,i1a1,f2a8@6,d7b8@6,a9b1,b9b3s,c9b5,d9b7@1^d7,"
    "g9b6,h9b4s,i9b2 0",
  };
  int depth = 3;
  GOptionEntry entries[] = {
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Perft depth (default 3)"), "D" },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("— time the move generator and the search"));
  guint64 total_nodes = 0;
  double total_s = 0;
  int status = 0;

  g_option_context_set_summary (context,
    _("Times perft on the start of every board and number of players, then the Hard search on two positions."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!ludo_cli_parse_options (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return ludo_cli_usage_error (context, _("bench levels takes no file"));
  if (depth < 1 || depth > 5)
    return ludo_cli_usage_error (context, _("--depth must be between 1 and 5"));
  g_option_context_free (context);

  for (int size = LVL_MIN_SIZE; size <= LVL_MAX_SIZE; size += 3)
    for (int players = LVL_MIN_PLAYERS; players <= LVL_MAX_PLAYERS; players++)
      {
        LevelsPos pos;
        gint64 t0 = g_get_monotonic_time ();
        guint64 nodes;
        double s;

        levels_init (&pos, size, players);
        nodes = levels_perft (&pos, depth);
        s = (g_get_monotonic_time () - t0) / 1e6;
        g_print ("perft %dx%d %d players depth %d: %" G_GUINT64_FORMAT " %.3fs\n", size, size, players, depth, nodes, s);
        total_nodes += nodes;
        total_s += s;
      }
  g_print ("perft_nodes=%" G_GUINT64_FORMAT " perft_s=%.3f perft_nps=%.0f\n", total_nodes, total_s,
           total_nodes / MAX (total_s, 1e-6));

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      LevelsPos pos;
      LevelsGame game;
      LevelsLimits limits;
      LevelsResult result;

      if (positions[i])
        g_assert (levels_from_text (&pos, positions[i]) == LVL_TEXT_OK);
      else
        levels_init (&pos, 9, 2);
      levels_level_limits (LUDO_LEVEL_HARD, &limits);
      levels_game_init (&game, &pos);
      levels_search (&game, &limits, &result);
      print_result (&pos, &result);
    }
  return 0;
}

static const LudoCliCommand levels_commands[] = {
  { "perft",    N_("--game levels [--position TEXT | --size N --players P] --depth D [--divide]"),
    N_("Count the move tree of a Levels position"), levels_cmd_perft },
  { "analyse",  N_("--game levels [--position TEXT] [--level L] [--nodes N]"),
    N_("Show what the computer would play in a Levels position"), levels_cmd_analyse },
  { "bench",    N_("levels [--depth D]"),
    N_("Time Levels perft and the Hard search"), levels_cmd_bench },
};

const LudoCliGame ludo_levels_cli = {
  .game_id = "levels",
  .commands = levels_commands,
  .n_commands = G_N_ELEMENTS (levels_commands),
};
