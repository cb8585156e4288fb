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

static int
emperor_cmd_perft (int    argc,
           char **argv)
{
  g_autofree char *fen = NULL;
  int depth = 0;
  gboolean divide = FALSE;
  GOptionEntry entries[] = {
    { "fen", 0, 0, G_OPTION_ARG_STRING, &fen, N_("Position (default: the start)"), "FEN" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Depth in plies (required)"), "D" },
    { "divide", 0, 0, G_OPTION_ARG_NONE, &divide, N_("Count below each move of the position"), NULL },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("— count the positions reachable in D plies"));
  EmperorPos pos;
  EmperorFenError error;
  EmperorMove moves[EMP_MAX_MOVES];
  guint64 nodes = 0;
  gint64 start;
  double ms;
  int status = 0;

  g_option_context_set_summary (context,
    _("Counts the leaf positions of the legal move tree, to check the move generator against "
      "another program. The last line is nodes=N time_ms=T nps=X."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!ludo_cli_parse_options (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return ludo_cli_usage_error (context, _("perft takes no file"));
  if (depth < 1 || depth > 12)
    return ludo_cli_usage_error (context, _("--depth must be between 1 and 12"));

  error = emperor_from_fen (&pos, fen ? fen : EMP_START_FEN);
  if (error != EMP_FEN_OK)
    {
      g_autofree char *message = g_strdup_printf (_("bad FEN “%s”: %s"), fen, ludo_emperor_fen_error_message (error));
      return ludo_cli_usage_error (context, message);
    }
  g_option_context_free (context);

  start = g_get_monotonic_time ();
  if (divide)
    {
      int n = emperor_gen_legal (&pos, moves);
      for (int i = 0; i < n; i++)
        {
          EmperorPos next = pos;
          char text[16];
          guint64 count;

          emperor_make (&next, moves[i]);
          count = emperor_perft (&next, depth - 1);
          emperor_move_to_uci (moves[i], text, sizeof text);
          g_print ("%s: %" G_GUINT64_FORMAT "\n", text, count);
          nodes += count;
        }
      g_print ("\n");
    }
  else
    nodes = emperor_perft (&pos, depth);
  ms = (g_get_monotonic_time () - start) / 1000.0;
  ludo_cli_print_perft (nodes, ms);
  return 0;
}


/* ------------------------------------------------------------------------ */
/* analyse: the computer's search on one position                           */

static int
emperor_cmd_analyse (int    argc,
             char **argv)
{
  g_autofree char *fen = NULL;
  g_autofree char *level_text = NULL;
  gint64 nodes = 0;
  GOptionEntry entries[] = {
    { "fen", 0, 0, G_OPTION_ARG_STRING, &fen, N_("Position (default: the start)"), "FEN" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_text, N_("easy, medium or hard (default hard)"), "LEVEL" },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, N_("Stop after N nodes instead of the level's time"), "N" },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("— what the computer would play, and why"));
  LudoLevel level = LUDO_LEVEL_HARD;
  EmperorPos pos;
  EmperorFenError error;
  EmperorLimits limits;
  EmperorResult result;
  char text[16];
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
  error = emperor_from_fen (&pos, fen ? fen : EMP_START_FEN);
  if (error != EMP_FEN_OK)
    {
      g_autofree char *message = g_strdup_printf (_("bad FEN “%s”: %s"), fen, ludo_emperor_fen_error_message (error));
      return ludo_cli_usage_error (context, message);
    }
  g_option_context_free (context);

  emperor_level_limits (level, &limits);
  if (nodes > 0)
    {
      limits.max_nodes = (guint64) nodes;
      limits.max_ms = 0;
      limits.max_depth = 64;
    }
  emperor_search (&pos, NULL, 0, &limits, &result);
  if (result.best == EMP_MOVE_NONE)
    {
      g_print (_("No legal move.\n"));
      return 0;
    }
  g_print ("pv");
  for (int i = 0; i < result.pv_length; i++)
    {
      emperor_move_to_uci (result.pv[i], text, sizeof text);
      g_print (" %s", text);
    }
  g_print ("\n");
  emperor_move_to_uci (result.best, text, sizeof text);
  g_print ("best=%s score=%d depth=%d nodes=%" G_GUINT64_FORMAT " time_ms=%d nps=%.0f\n",
           text, result.score, result.depth, result.nodes, result.ms,
           result.ms > 0 ? result.nodes / (result.ms / 1000.0) : 0.0);
  return 0;
}

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
  GOptionContext *context = g_option_context_new (_("— time the move generator here and in Fairy-Stockfish"));
  int status = 0;

  g_option_context_set_summary (context,
    _("Times perft on the test positions, and Fairy-Stockfish on the same ones when it is installed."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!ludo_cli_parse_options (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return ludo_cli_usage_error (context, _("bench emperor takes no file"));
  if (depth < 1 || depth > 6)
    return ludo_cli_usage_error (context, _("--depth must be between 1 and 6"));
  g_option_context_free (context);
  return bench_emperor (depth, ini ? ini : PKGDATADIR "/emperor-fairy.ini");
}

static const LudoCliCommand emperor_commands[] = {
  { "perft",    N_("--game emperor [--fen FEN] --depth D [--divide]"),
    N_("Count the move tree of a position"), emperor_cmd_perft },
  { "analyse",  N_("--game emperor [--fen FEN] [--level L] [--nodes N]"),
    N_("Show what the computer would play in a position"), emperor_cmd_analyse },
  { "bench",    N_("emperor [--depth D] [--fairy-ini FILE]"),
    N_("Time Emperor Chess perft against Fairy-Stockfish"), emperor_cmd_bench },
};

const LudoCliGame ludo_emperor_cli = {
  .game_id = "emperor",
  .commands = emperor_commands,
  .n_commands = G_N_ELEMENTS (emperor_commands),
};
