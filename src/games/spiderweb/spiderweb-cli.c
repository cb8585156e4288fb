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

#define CLI_POS          SpiderwebPos
#define CLI_MOVE         SpiderwebMove
#define CLI_MAX_MOVES    SPW_MAX_MOVES
#define CLI_PERFT        spiderweb_perft
#define CLI_GEN_MOVES    spiderweb_gen_moves
#define CLI_MAKE         spiderweb_make
#define CLI_MOVE_TO_TEXT spiderweb_move_to_text   /* each move of a line on its own position */
#define CLI_GAME         SpiderwebGame
#define CLI_GAME_INIT    spiderweb_game_init
#define CLI_SEARCH       spiderweb_search
#include "cli/ludo-cli-engine.h"

static const char * const reasons[] = {
  [SPW_TEXT_SYNTAX] = N_("it is not “RxS BOARD TURN HAND LOST [TAKEN [ASIDE [QUIET]]]”"),
  [SPW_TEXT_BOARD] = N_("the web has 3–6 rings of 6 or 8 spokes, and 2–4 players"),
  [SPW_TEXT_COUNTS] = N_("the pieces of a player do not add up to what each player gets"),
  [SPW_TEXT_ENCLOSED] = N_("a piece with no free node beside it stands on the web"),
};

/* --rings, --spokes and --players: the start of a web */
static struct {
  int rings, spokes, players;
} start = { 4, 8, 2 };

static const GOptionEntry start_entries[] = {
  { "rings", 0, 0, G_OPTION_ARG_INT, &start.rings, N_("Rings of the start position (default 4)"), "R" },
  { "spokes", 0, 0, G_OPTION_ARG_INT, &start.spokes, N_("Spokes of the start position (default 8)"), "S" },
  { "players", 0, 0, G_OPTION_ARG_INT, &start.players, N_("Players of the start position (default 2)"), "P" },
  { NULL }
};

static const char *
start_position (gpointer pos)
{
  if (!spiderweb_valid_board (start.rings, start.spokes, start.players))
    return _(reasons[SPW_TEXT_BOARD]);
  spiderweb_init (pos, start.rings, start.spokes, start.players);
  return NULL;
}

static const char *
parse_position (const char *text,
                gpointer    pos)
{
  SpiderwebTextError error = spiderweb_from_text (pos, text);

  return error == SPW_TEXT_OK ? NULL : _(reasons[error]);
}

static const LudoCliEngine spiderweb_engine = {
  LUDO_CLI_ENGINE_RULES
  .parse_position = parse_position,
  .start_entries = start_entries,
  .start_position = start_position,
  .level_limits = spiderweb_level_limits,
  .perft_max_depth = 12,
  .perft_depth_error = N_("--depth must be between 1 and 12"),
};

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
  GOptionContext *context;
  LudoCliBench bench = { 0 };
  int status = 0;

  context = ludo_cli_parse_command (&argc, &argv, _("— time the move generator and the search"),
    _("Times perft on the start of every web, then the Hard search on a position of each phase."),
    entries, _("bench spiderweb takes no file"), &status);
  if (context == NULL)
    return status;
  if (depth < 1 || depth > 7)
    return ludo_cli_usage_error (context, _("--depth must be between 1 and 7"));
  g_option_context_free (context);

  for (int rings = SPW_MIN_RINGS; rings <= SPW_MAX_RINGS; rings++)
    for (int spokes = 6; spokes <= 8; spokes += 2)
      {
        g_autofree char *label = g_strdup_printf ("%dx%d", rings, spokes);
        SpiderwebPos pos;

        spiderweb_init (&pos, rings, spokes, 2);
        ludo_cli_bench_perft (&bench, &spiderweb_engine, &pos, depth, label);
      }
  ludo_cli_bench_total (&bench);

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      SpiderwebPos pos;

      if (positions[i])
        g_assert (spiderweb_from_text (&pos, positions[i]) == SPW_TEXT_OK);
      else
        spiderweb_init (&pos, 4, 8, 2);
      ludo_cli_analyse_position (&spiderweb_engine, &pos, LUDO_LEVEL_HARD, 0);
    }
  return 0;
}

static const LudoCliCommand spiderweb_commands[] = {
  { "perft",    N_("--game spiderweb [--position TEXT | --rings R --spokes S --players P] --depth D [--divide]"),
    N_("Count the move tree of a Spider Web position"),
    .run_engine = ludo_cli_perft, .engine = &spiderweb_engine },
  { "analyse",  N_("--game spiderweb [--position TEXT] [--level L] [--nodes N]"),
    N_("Show what the computer would play in a Spider Web position"),
    .run_engine = ludo_cli_analyse, .engine = &spiderweb_engine },
  { "bench",    N_("spiderweb [--depth D]"),
    N_("Time Spider Web perft and the Hard search"), spiderweb_cmd_bench },
};

const LudoCliGame ludo_spiderweb_cli = {
  .game_id = "spiderweb",
  .commands = spiderweb_commands,
  .n_commands = G_N_ELEMENTS (spiderweb_commands),
};
