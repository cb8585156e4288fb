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
#include "core/ludo-search.h"

G_BEGIN_DECLS

#define LUDO_CLI_EXIT_USAGE 2

/* argv[0] is the command's name; a game's command no longer sees the game
 * it was given for (ludoteka-cli perft --game ID --depth 3 runs
 * the game's perft with "perft --depth 3"). */
typedef int (*LudoCliRun) (int    argc,
                           char **argv);

typedef struct _LudoCliEngine LudoCliEngine;
/* A command every game with an engine has (ludo_cli_perft () …), run for
 * one game's. */
typedef int (*LudoCliEngineRun) (int                  argc,
                                 char               **argv,
                                 const LudoCliEngine *engine);

typedef struct {
  const char          *name;      /* "perft" */
  const char          *args;      /* N_() its options, for the usage */
  const char          *summary;   /* N_() one line */
  LudoCliRun           run;
  /* or, without run: */
  LudoCliEngineRun     run_engine;
  const LudoCliEngine *engine;
} LudoCliCommand;

int       ludo_cli_command_run    (const LudoCliCommand *command,
                                   int                   argc,
                                   char                **argv);

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
/* A command's options, parsed: parameter (after the command's name in
 * --help) and summary are translated, summary and entries may be NULL.
 * With no_file, the message to refuse a file with. Returns the context
 * (ludo_cli_usage_error () or g_option_context_free () frees it); NULL
 * after reporting an error, with status set. */
GOptionContext *ludo_cli_parse_command (int                 *argc,
                                        char              ***argv,
                                        const char          *parameter,
                                        const char          *summary,
                                        const GOptionEntry  *entries,
                                        const char          *no_file,
                                        int                 *status);
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

/* ------------------------------------------------------------------------ */
/* perft, analyse and bench, for a game's engine                            */

/* A move of a position, in the game's notation, and the position after it. */
typedef void (*LudoCliMoveFunc) (const char    *move,
                                 gconstpointer  next,
                                 gpointer       data);

/* What the shared commands need of a game. Positions are the game's own
 * type; moves the game's own, of up to 32 bits. ludo-cli-engine.h writes
 * the functions on the rules for a game's cli file. */
struct _LudoCliEngine {
  /* positions are written in FEN (--fen FEN), not in a notation of the
   * game's own (--position TEXT) */
  gboolean            fen;
  gsize               position_size;
  /* the position text names, into pos: NULL, or why it names none
   * (translated) */
  const char       *(*parse_position) (const char    *text,
                                       gpointer       pos);
  /* the options of the start position (--size N …; NULL if none), and
   * the start they name, into pos: NULL, or why there is none */
  const GOptionEntry *start_entries;
  const char       *(*start_position) (gpointer       pos);

  guint64           (*perft)          (gconstpointer  pos,
                                       int            depth);
  /* Calls func for each legal move of pos. */
  void              (*each_move)      (gconstpointer   pos,
                                       LudoCliMoveFunc func,
                                       gpointer        data);
  /* a move written on its position, and made */
  void              (*move_to_text)   (gconstpointer  pos,
                                       uint32_t       move,
                                       char          *text,
                                       gsize          size);
  void              (*make)           (gpointer       pos,
                                       uint32_t       move);

  /* analyse: the game's search (ludo-search.h) … */
  void              (*level_limits)   (int                     level,
                                       LudoSearchLimits       *limits);
  void              (*search)         (gconstpointer           pos,
                                       const LudoSearchLimits *limits,
                                       LudoSearchResult       *result);
  int                 nodes_max_depth;  /* with --nodes, the deepest iteration (0: the level's) */
  /* … or analyse of its own: searches pos as the computer does at level
   * (nodes > 0: with that many nodes instead of the level's time) and
   * prints what it found; FALSE if pos has no legal move. */
  gboolean          (*analyse)        (gconstpointer  pos,
                                       LudoLevel      level,
                                       guint64        nodes);

  /* N_(): perft's and analyse's --help (NULL: the summaries of a game
   * whose perft checks the move generator and whose analyse prints the
   * line the computer expects) */
  const char         *perft_summary;
  const char         *analyse_summary;
  int                 perft_max_depth;
  const char         *perft_depth_error;    /* N_() "--depth must be between 1 and 8" */
};

/* The perft and analyse commands of a game (LudoCliCommand.run_engine). */
int       ludo_cli_perft          (int                  argc,
                                   char               **argv,
                                   const LudoCliEngine *engine);
int       ludo_cli_analyse        (int                  argc,
                                   char               **argv,
                                   const LudoCliEngine *engine);

/* What analyse prints for pos. */
gboolean  ludo_cli_analyse_position (const LudoCliEngine *engine,
                                     gconstpointer        pos,
                                     LudoLevel            level,
                                     guint64              nodes);

/* A bench's table of perft: a line per position, then the sums. */
typedef struct {
  guint64 nodes;
  double  seconds;
} LudoCliBench;

/* Times perft of pos and prints "perft LABEL depth D: NODES S.SSSs". */
void      ludo_cli_bench_perft    (LudoCliBench        *bench,
                                   const LudoCliEngine *engine,
                                   gconstpointer        pos,
                                   int                  depth,
                                   const char          *label);
/* perft_nodes=N perft_s=S perft_nps=X */
void      ludo_cli_bench_total    (const LudoCliBench  *bench);

G_END_DECLS
