/* ludo-cli.h — what the commands of ludoteka-cli share, the games' own
 * commands among them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exit status: 0 success, 1 a file or game was bad, 2 a wrong command line.
 */
#pragma once

#include <glib.h>

#include "core/ludo-game.h"

G_BEGIN_DECLS

#define LUDO_CLI_EXIT_USAGE 2

/* argv[0] is the command's name; a game's command no longer sees the game
 * it was given for (ludoteka-cli perft --game emperor --depth 3 runs
 * emperor's perft with "perft --depth 3"). */
typedef int (*LudoCliRun) (int    argc,
                           char **argv);

typedef struct {
  const char *name;      /* "perft" */
  const char *args;      /* N_() its options, for the usage */
  const char *summary;   /* N_() one line */
  LudoCliRun  run;
} LudoCliCommand;

/* A game's own commands (perft, analyse, bench …): each game's folder
 * defines one as ludo_<id>_cli. */
typedef struct {
  const char           *game_id;
  const LudoCliCommand *commands;
  guint                 n_commands;
} LudoCliGame;

/* Prints the message and the hint to --help, frees context, returns
 * LUDO_CLI_EXIT_USAGE. */
int       ludo_cli_usage_error    (GOptionContext  *context,
                                   const char      *message);
/* Parses the options; on error reports it and sets status. */
gboolean  ludo_cli_parse_options  (GOptionContext  *context,
                                   int             *argc,
                                   char          ***argv,
                                   int             *status);
/* A level named on the command line; on error reports it and sets status.
 * text NULL leaves level as it is. */
gboolean  ludo_cli_parse_level    (GOptionContext  *context,
                                   const char      *text,
                                   LudoLevel       *level,
                                   int             *status);
/* The last line of perft: nodes=N time_ms=T nps=X */
void      ludo_cli_print_perft    (guint64          nodes,
                                   double           ms);
/* Pads by characters, not bytes (headers are translated); width < 0 pads
 * on the right. */
void      ludo_cli_print_padded   (const char      *text,
                                   int              width);

G_END_DECLS
