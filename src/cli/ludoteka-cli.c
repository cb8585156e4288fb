/* ludoteka-cli.c — Ludoteka without a window: check and replay saves,
 * let the computer play itself, measure the solvers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exit status: 0 success, 1 a file or game was bad, 2 a wrong command line.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "core/ludo-ai.h"
#include "core/ludo-game.h"
#include "core/ludo-registry.h"
#include "core/ludo-save.h"
#include "games/emperor/emperor-ai.h"
#include "games/emperor/emperor-perft.h"
#include "games/emperor/emperor-rules.h"
#include "games/emperor/ludo-emperor-game.h"
#include "games/logik/logik-ai.h"

#define EXIT_USAGE 2

typedef int (*CommandFunc) (int argc, char **argv);

typedef struct {
  const char  *name;
  const char  *args;
  const char  *summary;
  CommandFunc  run;
} Command;

static int
usage_error (GOptionContext *context,
             const char     *message)
{
  g_printerr ("ludoteka-cli: %s\n", message);
  g_printerr (_("Try “%s --help” for more information."), g_get_prgname ());
  g_printerr ("\n");
  g_option_context_free (context);
  return EXIT_USAGE;
}

static gboolean
parse_options (GOptionContext  *context,
               int             *argc,
               char          ***argv,
               int             *status)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *status = usage_error (context, error->message);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* validate                                                                  */

static int
cmd_validate (int    argc,
              char **argv)
{
  GOptionContext *context = g_option_context_new (_("FILE… — check saved games"));
  int status = 0;

  g_option_context_set_summary (context,
    _("Loads each file, checks it against the save format and replays every move through the rules."));
  if (!parse_options (context, &argc, &argv, &status))
    return status;
  if (argc < 2)
    return usage_error (context, _("no file given"));
  g_option_context_free (context);

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(LudoGame) game = ludo_save_read (argv[i], &error);

      if (game == NULL)
        {
          g_printerr ("%s: %s: %s\n", argv[i], _("error"), error->message);
          status = 1;
          continue;
        }
      g_print (ngettext ("%s: ok (%s, %u move)\n", "%s: ok (%s, %u moves)\n",
                         ludo_game_get_n_moves (game)),
               argv[i], ludo_game_get_id (game), ludo_game_get_n_moves (game));
    }
  return status;
}

/* ------------------------------------------------------------------------ */
/* replay                                                                    */

static int
cmd_replay (int    argc,
            char **argv)
{
  GOptionContext *context = g_option_context_new (_("FILE — print a saved game"));
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoGame) game = NULL;
  g_autofree char *position = NULL;
  int status = 0;

  g_option_context_set_summary (context,
    _("Prints the moves of a saved game and the position after the last one."));
  if (!parse_options (context, &argc, &argv, &status))
    return status;
  if (argc != 2)
    return usage_error (context, _("give exactly one file"));
  g_option_context_free (context);

  game = ludo_save_read (argv[1], &error);
  if (game == NULL)
    {
      g_printerr ("%s: %s: %s\n", argv[1], _("error"), error->message);
      return 1;
    }

  g_print ("%s\n", _(ludo_game_get_info (game)->name));
  for (guint i = 0; i < ludo_game_get_n_seats (game); i++)
    {
      g_autofree char *label = ludo_game_get_seat_label (game, i);
      if (ludo_game_get_seat_kind (game, i) == LUDO_SEAT_COMPUTER)
        g_print ("  %u: %s (%s, %s)\n", i, label, _("computer"),
                 ludo_level_get_label (ludo_game_get_seat_level (game, i)));
      else
        g_print ("  %u: %s\n", i, label);
    }

  ludo_game_seek (game, ludo_game_get_n_moves (game));
  for (guint i = 0; i < ludo_game_get_n_moves (game); i++)
    {
      g_autofree char *label = ludo_game_get_seat_label (game, ludo_game_get_move_seat (game, i));
      g_autofree char *text = ludo_game_describe_move (game, i, LUDO_VIEWER_ALL);
      g_print ("%4u. %-12s %-12s %s\n", i + 1, label, ludo_game_get_move (game, i), text);
    }
  position = ludo_game_format_position (game);
  g_print ("\n%s", position);
  return 0;
}

/* ------------------------------------------------------------------------ */
/* selfplay                                                                  */

static gboolean
parse_levels (const char  *text,
              guint        n_seats,
              LudoLevel   *levels,
              GError     **error)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  guint n = g_strv_length (parts);

  if (n != 1 && n != n_seats)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--level takes one level or one per seat (%u), not “%s”"), n_seats, text);
      return FALSE;
    }
  for (guint i = 0; i < n_seats; i++)
    if (!ludo_level_from_string (parts[n == 1 ? 0 : i], &levels[i]))
      {
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("unknown level “%s” (use easy, medium or hard)"), parts[n == 1 ? 0 : i]);
        return FALSE;
      }
  return TRUE;
}

static int
cmd_selfplay (int    argc,
              char **argv)
{
  g_autofree char *game_id = NULL;
  g_autofree char *level_text = NULL;
  g_autofree char *save_dir = NULL;
  int n_games = 1;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &game_id, N_("Game to play (required)"), "ID" },
    { "games", 0, 0, G_OPTION_ARG_INT, &n_games, N_("Number of games (default 1)"), "N" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_text, N_("easy, medium or hard, or one per seat: hard,easy"), "LEVEL" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the first game (default 1)"), "S" },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save_dir, N_("Write each game to this folder"), "DIR" },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("— the computer plays itself"));
  const LudoGameInfo *info;
  LudoLevel levels[8];
  guint wins[8] = { 0 };
  guint draws = 0;
  guint64 total_moves = 0;
  gint64 start;
  int status = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!parse_options (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return usage_error (context, _("selfplay takes no file"));
  if (game_id == NULL)
    return usage_error (context, _("--game is required"));
  info = ludo_registry_lookup (game_id);
  if (info == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("unknown game “%s”"), game_id);
      return usage_error (context, message);
    }
  if (n_games < 1)
    return usage_error (context, _("--games must be at least 1"));
  {
    g_autoptr(GError) error = NULL;
    if (!parse_levels (level_text ? level_text : "medium", info->n_seats, levels, &error))
      return usage_error (context, error->message);
  }
  g_option_context_free (context);

  if (save_dir && g_mkdir_with_parents (save_dir, 0755) != 0)
    {
      g_printerr ("ludoteka-cli: %s: %s\n", save_dir, g_strerror (errno));
      return 1;
    }

  start = g_get_monotonic_time ();
  for (int g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = ludo_game_new (game_id, NULL, NULL);
      g_autofree char *outcome = NULL;
      g_autofree char *seed_text = NULL;
      LudoOutcome result;

      ludo_game_set_seed (game, (guint64) seed + g);
      for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
        ludo_game_set_seat (game, s, LUDO_SEAT_COMPUTER, levels[s], NULL);

      while (!ludo_game_is_over (game))
        {
          g_autoptr(GError) error = NULL;
          int seat = ludo_game_get_current_seat (game);
          g_autofree char *move = ludo_ai_think (game, levels[seat], NULL, &error);

          if (move == NULL || !ludo_game_play (game, move, &error))
            {
              g_printerr ("ludoteka-cli: game %d, move %u: %s\n", g + 1,
                          ludo_game_get_n_moves (game) + 1, error ? error->message : "?");
              return 1;
            }
        }

      ludo_game_get_outcome (game, &result);
      if (result.kind == LUDO_RESULT_WIN)
        wins[result.winner]++;
      else
        draws++;
      total_moves += ludo_game_get_n_moves (game);
      outcome = ludo_game_describe_outcome (game);
      seed_text = g_strdup_printf ("%" G_GINT64_FORMAT, seed + g);
      g_print (_("game %d: seed %s, %u moves: %s\n"),
               g + 1, seed_text, ludo_game_get_n_moves (game), outcome);

      if (save_dir)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *name = g_strdup_printf ("%s-%03d.ludoteka", game_id, g + 1);
          g_autofree char *path = g_build_filename (save_dir, name, NULL);
          if (!ludo_save_write (game, path, &error))
            {
              g_printerr ("ludoteka-cli: %s: %s\n", path, error->message);
              return 1;
            }
        }
    }

  g_print ("games=%d", n_games);
  for (int s = 0; s < info->n_seats; s++)
    g_print (" wins_seat%d=%u", s, wins[s]);
  g_print (" draws=%u mean_moves=%.1f seconds=%.2f\n", draws,
           (double) total_moves / n_games, (g_get_monotonic_time () - start) / 1e6);
  return 0;
}


/* ------------------------------------------------------------------------ */
/* perft                                                                     */

static int
cmd_perft (int    argc,
           char **argv)
{
  g_autofree char *game_id = NULL;
  g_autofree char *fen = NULL;
  int depth = 0;
  gboolean divide = FALSE;
  GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &game_id, N_("Game (emperor)"), "ID" },
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
  if (!parse_options (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return usage_error (context, _("perft takes no file"));
  if (g_strcmp0 (game_id, "emperor") != 0)
    return usage_error (context, _("perft is for --game emperor"));
  if (depth < 1 || depth > 12)
    return usage_error (context, _("--depth must be between 1 and 12"));

  error = emperor_from_fen (&pos, fen ? fen : EMP_START_FEN);
  if (error != EMP_FEN_OK)
    {
      g_autofree char *message = g_strdup_printf (_("bad FEN “%s”: %s"), fen, ludo_emperor_fen_error_message (error));
      return usage_error (context, message);
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
  g_print ("nodes=%" G_GUINT64_FORMAT " time_ms=%.0f nps=%.0f\n", nodes, ms,
           ms > 0 ? nodes / (ms / 1000.0) : 0.0);
  return 0;
}


/* ------------------------------------------------------------------------ */
/* analyse: the computer's search on one position                           */

static int
cmd_analyse (int    argc,
             char **argv)
{
  g_autofree char *game_id = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *level_text = NULL;
  gint64 nodes = 0;
  GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &game_id, N_("Game (emperor)"), "ID" },
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
  if (!parse_options (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    return usage_error (context, _("analyse takes no file"));
  if (g_strcmp0 (game_id, "emperor") != 0)
    return usage_error (context, _("analyse is for --game emperor"));
  if (level_text && !ludo_level_from_string (level_text, &level))
    {
      g_autofree char *message = g_strdup_printf (_("unknown level “%s” (use easy, medium or hard)"), level_text);
      return usage_error (context, message);
    }
  if (nodes < 0)
    return usage_error (context, _("--nodes must not be negative"));
  error = emperor_from_fen (&pos, fen ? fen : EMP_START_FEN);
  if (error != EMP_FEN_OK)
    {
      g_autofree char *message = g_strdup_printf (_("bad FEN “%s”: %s"), fen, ludo_emperor_fen_error_message (error));
      return usage_error (context, message);
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
/* bench emperor: our perft and Fairy-Stockfish's on the same positions      */

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

/* Pads by characters, not bytes: the headers are translated.
 * width < 0 pads on the right. */
static void
print_padded (const char *text,
              int         width)
{
  int pad = ABS (width) - (int) g_utf8_strlen (text, -1);

  if (width > 0)
    for (int i = 0; i < pad; i++)
      g_print (" ");
  g_print ("%s", text);
  if (width < 0)
    for (int i = 0; i < pad; i++)
      g_print (" ");
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

  print_padded (_("position"), -18);
  print_padded (_("nodes"), 13);
  print_padded ("ludoteka", 11);
  print_padded ("fairy-sf", 11);
  print_padded (_("ratio"), 9);
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

/* ------------------------------------------------------------------------ */
/* bench logik                                                               */

/* A deterministic code breaker is a decision tree: walking it for every
 * secret code, each node is computed once and remembered. */
static int
bench_logik (int         places,
             int         colours,
             LogikLevel  level,
             gboolean    all,
             int         sample,
             gint64      seed)
{
  const LogikTable *t = logik_table_get (places, colours);
  uint32_t n_codes = logik_table_n_codes (t);
  g_autoptr(GHashTable) tree = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  uint64_t pick = (uint64_t) seed * 0x9E3779B97F4A7C15ull + 1;
  guint histogram[LOGIK_MAX_ROWS * 4 + 2] = { 0 };
  guint n_secrets = all ? n_codes : (guint) sample;
  guint64 total = 0;
  guint worst = 0, nodes = 0;
  guint64 inconsistent = 0;   /* guesses that could not have been the code */
  double think_ms = 0, max_ms = 0;

  for (guint i = 0; i < n_secrets; i++)
    {
      uint32_t secret = all ? i : (uint32_t) (logik_rng_next (&pick) % n_codes);
      LogikClue clues[G_N_ELEMENTS (histogram)];
      g_autoptr(GString) key = g_string_new (NULL);
      guint k = 0;

      for (;;)
        {
          gpointer found;
          uint32_t guess;
          int fb;

          if (k + 1 >= G_N_ELEMENTS (histogram))
            {
              g_printerr ("ludoteka-cli: the solver did not finish on code %u\n", secret);
              return 1;
            }
          if (g_hash_table_lookup_extended (tree, key->str, NULL, &found))
            guess = GPOINTER_TO_UINT (found);
          else
            {
              /* the node's own seed: the same tree whatever the order */
              uint64_t rng = (uint64_t) seed ^ g_str_hash (key->str) ^ 0x5851F42D4C957F2Dull;
              gint64 t0 = g_get_monotonic_time ();
              guess = logik_ai_guess (t, clues, k, level, &rng, NULL, NULL);
              double ms = (g_get_monotonic_time () - t0) / 1000.0;
              think_ms += ms;
              max_ms = MAX (max_ms, ms);
              nodes++;
              g_hash_table_insert (tree, g_strdup (key->str), GUINT_TO_POINTER (guess));
            }
          inconsistent += !logik_is_consistent (t, clues, k, guess);
          fb = logik_table_feedback (t, guess, secret);
          clues[k].guess = guess;
          clues[k].score.blacks = fb / (LOGIK_MAX_PLACES + 1);
          clues[k].score.whites = fb % (LOGIK_MAX_PLACES + 1);
          k++;
          g_string_append_printf (key, "%u:%d,", guess, fb);
          if (clues[k - 1].score.blacks == places)
            break;
        }
      histogram[k]++;
      total += k;
      worst = MAX (worst, k);
    }

  g_print (_("Logik %d places × %d colours, level %s, %u codes\n"), places, colours,
           ludo_level_to_string ((LudoLevel) level), n_secrets);
  g_print (_("guesses needed:"));
  for (guint k = 1; k < G_N_ELEMENTS (histogram); k++)
    if (histogram[k])
      g_print (" %u:%u", k, histogram[k]);
  g_print ("\n");
  g_print ("decisions=%u max_ms_per_guess=%.1f inconsistent_guesses=%.2f%%\n", nodes, max_ms,
           100.0 * inconsistent / total);
  g_print ("average=%.4f worst=%u mean_ms_per_guess=%.3f\n",
           (double) total / n_secrets, worst, nodes ? think_ms / nodes : 0.0);
  return 0;
}

static int
cmd_bench (int    argc,
           char **argv)
{
  gboolean all = FALSE;
  int sample = 0;
  int places = LOGIK_DEFAULT_PLACES, colours = LOGIK_DEFAULT_COLOURS;
  gint64 seed = 1;
  int depth = 4;
  g_autofree char *level_text = NULL;
  g_autofree char *ini = NULL;
  GOptionEntry entries[] = {
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, N_("Play against every code"), NULL },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("emperor: perft depth (default 4)"), "D" },
    { "fairy-ini", 0, 0, G_OPTION_ARG_FILENAME, &ini, N_("emperor: the variant file for Fairy-Stockfish"), "FILE" },
    { "sample", 0, 0, G_OPTION_ARG_INT, &sample, N_("Play against N random codes"), "N" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_text, N_("easy, medium or hard (default hard)"), "LEVEL" },
    { "places", 0, 0, G_OPTION_ARG_INT, &places, N_("Places (default 5)"), "P" },
    { "colours", 0, 0, G_OPTION_ARG_INT, &colours, N_("Colours (default 8)"), "C" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the random choices (default 1)"), "S" },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("logik|emperor — measure the code breaker or the move generator"));
  LudoLevel level = LUDO_LEVEL_HARD;
  int status = 0;

  g_option_context_set_summary (context,
    _("logik: plays the computer's code breaker against every code (--all) or a random sample "
      "and prints the average and worst number of guesses and the time per guess. emperor: "
      "times perft on the test positions, and Fairy-Stockfish on the same ones when it is installed."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!parse_options (context, &argc, &argv, &status))
    return status;
  if (argc == 2 && g_strcmp0 (argv[1], "emperor") == 0)
    {
      if (depth < 1 || depth > 6)
        return usage_error (context, _("--depth must be between 1 and 6"));
      g_option_context_free (context);
      return bench_emperor (depth, ini ? ini : PKGDATADIR "/emperor-fairy.ini");
    }
  if (argc != 2 || g_strcmp0 (argv[1], "logik") != 0)
    return usage_error (context, _("the benchmarks are “logik” and “emperor”"));
  if (all == (sample > 0))
    return usage_error (context, _("give either --all or --sample N (N at least 1)"));
  if (level_text && !ludo_level_from_string (level_text, &level))
    {
      g_autofree char *message = g_strdup_printf (_("unknown level “%s” (use easy, medium or hard)"), level_text);
      return usage_error (context, message);
    }
  if (places < LOGIK_MIN_PLACES || places > LOGIK_MAX_PLACES ||
      colours < LOGIK_MIN_COLOURS || colours > LOGIK_MAX_COLOURS)
    {
      g_autofree char *message =
        g_strdup_printf (_("places must be %d–%d and colours %d–%d"),
                         LOGIK_MIN_PLACES, LOGIK_MAX_PLACES, LOGIK_MIN_COLOURS, LOGIK_MAX_COLOURS);
      return usage_error (context, message);
    }
  g_option_context_free (context);

  return bench_logik (places, colours, (LogikLevel) level, all, sample, seed);
}

/* ------------------------------------------------------------------------ */

static const Command commands[] = {
  { "validate", N_("FILE…"), N_("Check saved games: format, every move, the result"), cmd_validate },
  { "replay",   N_("FILE"),  N_("Print the moves and final position of a saved game"), cmd_replay },
  { "selfplay", N_("--game ID [--games N] [--level L] [--seed S] [--save DIR]"),
    N_("Let the computer play itself"), cmd_selfplay },
  { "perft",    N_("--game emperor [--fen FEN] --depth D [--divide]"),
    N_("Count the move tree of a position"), cmd_perft },
  { "analyse",  N_("--game emperor [--fen FEN] [--level L] [--nodes N]"),
    N_("Show what the computer would play in a position"), cmd_analyse },
  { "bench",    N_("logik [--all | --sample N] [--level L] | emperor [--depth D]"),
    N_("Measure the Logik code breaker, or Emperor Chess perft against Fairy-Stockfish"), cmd_bench },
};

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n  ludoteka-cli %s\n\n%s\n", _("Usage:"), _("COMMAND [OPTION…]"), _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-9s %s\n            %s\n", commands[i].name, _(commands[i].args), _(commands[i].summary));
  fprintf (out, "\n%s\n", _("“ludoteka-cli COMMAND --help” describes a command’s options."));
  fprintf (out, "%s", _("Games:"));
  {
    guint n;
    const LudoGameInfo * const *games = ludo_registry_get_games (&n);
    for (guint i = 0; i < n; i++)
      fprintf (out, " %s", games[i]->id);
  }
  fprintf (out, "\n");
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *prgname = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("LUDOTEKA_LOCALEDIR") ? g_getenv ("LUDOTEKA_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      print_usage (stderr);
      return EXIT_USAGE;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") || g_str_equal (argv[1], "help"))
    {
      print_usage (stdout);
      return 0;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      {
        prgname = g_strdup_printf ("ludoteka-cli %s", commands[i].name);
        g_set_prgname (prgname);
        return commands[i].run (argc - 1, argv + 1);
      }

  g_printerr (_("ludoteka-cli: unknown command “%s”\n"), argv[1]);
  print_usage (stderr);
  return EXIT_USAGE;
}
