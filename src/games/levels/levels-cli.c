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

#define CLI_POS          LevelsPos
#define CLI_MOVE         LevelsMove
#define CLI_MAX_MOVES    LVL_MAX_MOVES
#define CLI_PERFT        levels_perft
#define CLI_GEN_MOVES    levels_gen_moves
#define CLI_MAKE         levels_make
#define CLI_MOVE_TO_TEXT levels_move_to_text   /* each action of a line on its own position */
#define CLI_GAME         LevelsGame
#define CLI_GAME_INIT    levels_game_init
#define CLI_SEARCH       levels_search
#include "cli/ludo-cli-engine.h"

/* --size and --players: the start of a board */
static struct {
  int size, players;
} start = { 9, 2 };

static const GOptionEntry start_entries[] = {
  { "size", 0, 0, G_OPTION_ARG_INT, &start.size, N_("Board size of the start position: 9, 12 or 15 (default 9)"), "N" },
  { "players", 0, 0, G_OPTION_ARG_INT, &start.players, N_("Players of the start position (default 2)"), "P" },
  { NULL }
};

static const char *
start_position (gpointer pos)
{
  if (!levels_valid_board (start.size, start.players))
    return ludo_levels_text_error_message (LVL_TEXT_BOARD);
  levels_init (pos, start.size, start.players);
  return NULL;
}

static const char *
parse_position (const char *text,
                gpointer    pos)
{
  LevelsTextError error = levels_from_text (pos, text);

  return error == LVL_TEXT_OK ? NULL : ludo_levels_text_error_message (error);
}

static const LudoCliEngine levels_engine = {
  LUDO_CLI_ENGINE_RULES
  .parse_position = parse_position,
  .start_entries = start_entries,
  .start_position = start_position,
  .level_limits = levels_level_limits,
  .perft_max_depth = 8,
  .perft_depth_error = N_("--depth must be between 1 and 8"),
};

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
  GOptionContext *context;
  LudoCliBench bench = { 0 };
  int status = 0;

  context = ludo_cli_parse_command (&argc, &argv, _("— time the move generator and the search"),
    _("Times perft on the start of every board and number of players, then the Hard search on two positions."),
    entries, _("bench levels takes no file"), &status);
  if (context == NULL)
    return status;
  if (depth < 1 || depth > 5)
    return ludo_cli_usage_error (context, _("--depth must be between 1 and 5"));
  g_option_context_free (context);

  for (int size = LVL_MIN_SIZE; size <= LVL_MAX_SIZE; size += 3)
    for (int players = LVL_MIN_PLAYERS; players <= LVL_MAX_PLAYERS; players++)
      {
        g_autofree char *label = g_strdup_printf ("%dx%d %d players", size, size, players);
        LevelsPos pos;

        levels_init (&pos, size, players);
        ludo_cli_bench_perft (&bench, &levels_engine, &pos, depth, label);
      }
  ludo_cli_bench_total (&bench);

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      LevelsPos pos;

      if (positions[i])
        g_assert (levels_from_text (&pos, positions[i]) == LVL_TEXT_OK);
      else
        levels_init (&pos, 9, 2);
      ludo_cli_analyse_position (&levels_engine, &pos, LUDO_LEVEL_HARD, 0);
    }
  return 0;
}

static const LudoCliCommand levels_commands[] = {
  { "perft",    N_("--game levels [--position TEXT | --size N --players P] --depth D [--divide]"),
    N_("Count the move tree of a Levels position"),
    .run_engine = ludo_cli_perft, .engine = &levels_engine },
  { "analyse",  N_("--game levels [--position TEXT] [--level L] [--nodes N]"),
    N_("Show what the computer would play in a Levels position"),
    .run_engine = ludo_cli_analyse, .engine = &levels_engine },
  { "bench",    N_("levels [--depth D]"),
    N_("Time Levels perft and the Hard search"), levels_cmd_bench },
};

const LudoCliGame ludo_levels_cli = {
  .game_id = "levels",
  .commands = levels_commands,
  .n_commands = G_N_ELEMENTS (levels_commands),
};
