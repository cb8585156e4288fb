/* emperor-cli.c — Emperor Chess's own commands of ludoteka-cli: perft,
 * analyse, and perft timed against Fairy-Stockfish
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <string.h>

#include "cli/ludo-cli.h"
#include "games/emperor/emperor-ai.h"
#include "games/emperor/emperor-perft.h"
#include "games/emperor/emperor-rules.h"
#include "games/emperor/ludo-emperor-game.h"

#define CLI_POS          EmperorPos
#define CLI_MOVE         EmperorMove
#define CLI_MAX_MOVES    EMP_MAX_MOVES
#define CLI_PERFT        emperor_perft
#define CLI_GEN_MOVES    emperor_gen_legal
#define CLI_MAKE         emperor_make
#define CLI_MOVE_TO_TEXT(pos, move, text, size) emperor_move_to_uci (move, text, size)
#define CLI_SEARCH(pos, limits, result)         emperor_search (pos, NULL, 0, limits, result)
#include "cli/ludo-cli-engine.h"

static const char *
parse_position (const char *text,
                gpointer    pos)
{
  EmperorFenError error = emperor_from_fen (pos, text);

  return error == EMP_FEN_OK ? NULL : ludo_emperor_fen_error_message (error);
}

static const char *
start_position (gpointer pos)
{
  return parse_position (EMP_START_FEN, pos);
}

static const LudoCliEngine emperor_engine = {
  LUDO_CLI_ENGINE_RULES
  .fen = TRUE,
  .parse_position = parse_position,
  .start_position = start_position,
  .level_limits = emperor_level_limits,
  .nodes_max_depth = 64,
  .perft_summary = N_("Counts the leaf positions of the legal move tree, to check the move generator against "
                      "another program. The last line is nodes=N time_ms=T nps=X."),
  .perft_max_depth = 12,
  .perft_depth_error = N_("--depth must be between 1 and 12"),
};

/* ------------------------------------------------------------------------ */
/* bench: our perft and Fairy-Stockfish's on the same positions              */

typedef struct {
  GSubprocess      *process;
  GDataInputStream *out;
  GOutputStream    *in;
} Uci;

static gboolean
uci_send (Uci        *uci,
          const char *line)
{
  g_autofree char *with_newline = g_strconcat (line, "\n", NULL);

  return g_output_stream_write_all (uci->in, with_newline, strlen (with_newline), NULL, NULL, NULL) &&
         g_output_stream_flush (uci->in, NULL, NULL);
}

/* Reads lines until one starts with prefix; returns it. */
static char *
uci_wait (Uci        *uci,
          const char *prefix)
{
  for (;;)
    {
      char *line = g_data_input_stream_read_line_utf8 (uci->out, NULL, NULL, NULL);
      if (line == NULL)
        return NULL;
      if (g_str_has_prefix (line, prefix))
        return line;
      g_free (line);
    }
}

static gboolean
uci_start (Uci        *uci,
           const char *program,
           const char *ini)
{
  g_autofree char *variant_path = g_strdup_printf ("setoption name VariantPath value %s", ini);
  g_autofree char *ok = NULL;

  uci->process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                   G_SUBPROCESS_FLAGS_STDERR_SILENCE, NULL, program, NULL);
  if (uci->process == NULL)
    return FALSE;
  uci->in = g_subprocess_get_stdin_pipe (uci->process);
  uci->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (uci->process));
  uci_send (uci, "uci");
  g_free (uci_wait (uci, "uciok"));
  uci_send (uci, variant_path);
  uci_send (uci, "setoption name UCI_Variant value emperor");
  uci_send (uci, "setoption name Threads value 1");
  uci_send (uci, "isready");
  ok = uci_wait (uci, "readyok");
  return ok != NULL;
}

static void
uci_stop (Uci *uci)
{
  if (uci->process)
    {
      uci_send (uci, "quit");
      g_subprocess_wait (uci->process, NULL, NULL);
    }
  g_clear_object (&uci->out);
  g_clear_object (&uci->process);
}

static int
bench_emperor (int         depth,
               const char *ini)
{
  g_autofree char *program = g_find_program_in_path ("fairy-stockfish");
  Uci uci = { NULL, NULL, NULL };
  gboolean with_fsf = FALSE;
  double ours_total = 0, theirs_total = 0;
  guint64 nodes_total = 0;

  if (program == NULL && g_file_test ("/usr/games/fairy-stockfish", G_FILE_TEST_IS_EXECUTABLE))
    program = g_strdup ("/usr/games/fairy-stockfish");
  if (program && g_file_test (ini, G_FILE_TEST_IS_REGULAR))
    with_fsf = uci_start (&uci, program, ini);
  if (!with_fsf)
    g_print (_("fairy-stockfish is not installed (or %s is missing): timing Ludoteka alone\n"), ini);

  ludo_cli_print_padded (_("position"), -18);
  ludo_cli_print_padded (_("nodes"), 13);
  ludo_cli_print_padded ("ludoteka", 11);
  ludo_cli_print_padded ("fairy-sf", 11);
  ludo_cli_print_padded (_("ratio"), 9);
  g_print ("\n");
  for (guint i = 0; i < G_N_ELEMENTS (emperor_perft_positions); i++)
    {
      const EmperorPerftPosition *p = &emperor_perft_positions[i];
      EmperorPos pos;
      guint64 nodes;
      gint64 t0;
      double ours, theirs = 0;

      emperor_from_fen (&pos, p->fen);
      t0 = g_get_monotonic_time ();
      nodes = emperor_perft (&pos, depth);
      ours = (g_get_monotonic_time () - t0) / 1e6;
      if (depth <= 5 && nodes != p->nodes[depth])
        {
          g_printerr ("ludoteka-cli: %s: perft(%d) = %" G_GUINT64_FORMAT ", expected %" G_GUINT64_FORMAT "\n",
                      p->name, depth, nodes, p->nodes[depth]);
          uci_stop (&uci);
          return 1;
        }
      if (with_fsf)
        {
          g_autofree char *position = g_strdup_printf ("position fen %s", p->fen);
          g_autofree char *go = g_strdup_printf ("go perft %d", depth);
          g_autofree char *line = NULL;

          uci_send (&uci, position);
          uci_send (&uci, "isready");
          g_free (uci_wait (&uci, "readyok"));
          t0 = g_get_monotonic_time ();
          uci_send (&uci, go);
          line = uci_wait (&uci, "Nodes searched");
          theirs = (g_get_monotonic_time () - t0) / 1e6;
          if (line == NULL || g_ascii_strtoull (strchr (line, ':') + 1, NULL, 10) != nodes)
            {
              g_printerr ("ludoteka-cli: %s: fairy-stockfish counts %s\n", p->name, line ? line : "nothing");
              uci_stop (&uci);
              return 1;
            }
          theirs_total += theirs;
          g_print ("%-18s %12" G_GUINT64_FORMAT " %9.3fs %9.3fs %7.2fx\n", p->name, nodes, ours, theirs,
                   theirs / MAX (ours, 1e-6));
        }
      else
        g_print ("%-18s %12" G_GUINT64_FORMAT " %9.3fs\n", p->name, nodes, ours);
      ours_total += ours;
      nodes_total += nodes;
    }
  uci_stop (&uci);

  if (with_fsf)
    g_print ("nodes=%" G_GUINT64_FORMAT " ludoteka_s=%.3f fairy_stockfish_s=%.3f ratio=%.2f\n",
             nodes_total, ours_total, theirs_total, theirs_total / MAX (ours_total, 1e-6));
  else
    g_print ("nodes=%" G_GUINT64_FORMAT " ludoteka_s=%.3f nps=%.0f\n", nodes_total, ours_total,
             nodes_total / MAX (ours_total, 1e-6));
  return 0;
}

static int
emperor_cmd_bench (int    argc,
                   char **argv)
{
  int depth = 4;
  g_autofree char *ini = NULL;
  GOptionEntry entries[] = {
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Perft depth (default 4)"), "D" },
    { "fairy-ini", 0, 0, G_OPTION_ARG_FILENAME, &ini, N_("The variant file for Fairy-Stockfish"), "FILE" },
    { NULL }
  };
  GOptionContext *context;
  int status = 0;

  context = ludo_cli_parse_command (&argc, &argv, _("— time the move generator here and in Fairy-Stockfish"),
    _("Times perft on the test positions, and Fairy-Stockfish on the same ones when it is installed."),
    entries, _("bench emperor takes no file"), &status);
  if (context == NULL)
    return status;
  if (depth < 1 || depth > 6)
    return ludo_cli_usage_error (context, _("--depth must be between 1 and 6"));
  g_option_context_free (context);
  return bench_emperor (depth, ini ? ini : PKGDATADIR "/emperor-fairy.ini");
}

static const LudoCliCommand emperor_commands[] = {
  { "perft",    N_("--game emperor [--fen FEN] --depth D [--divide]"),
    N_("Count the move tree of a position"),
    .run_engine = ludo_cli_perft, .engine = &emperor_engine },
  { "analyse",  N_("--game emperor [--fen FEN] [--level L] [--nodes N]"),
    N_("Show what the computer would play in a position"),
    .run_engine = ludo_cli_analyse, .engine = &emperor_engine },
  { "bench",    N_("emperor [--depth D] [--fairy-ini FILE]"),
    N_("Time Emperor Chess perft against Fairy-Stockfish"), emperor_cmd_bench },
};

const LudoCliGame ludo_emperor_cli = {
  .game_id = "emperor",
  .commands = emperor_commands,
  .n_commands = G_N_ELEMENTS (emperor_commands),
};
