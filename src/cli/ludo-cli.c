/* ludo-cli.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cli/ludo-cli.h"

int
ludo_cli_command_run (const LudoCliCommand *command,
                      int                   argc,
                      char                **argv)
{
  if (command->run)
    return command->run (argc, argv);
  return command->run_engine (argc, argv, command->engine);
}

int
ludo_cli_usage_error (GOptionContext *context,
                      const char     *message)
{
  g_printerr ("ludoteka-cli: %s\n", message);
  g_printerr (_("Try “%s --help” for more information."), g_get_prgname ());
  g_printerr ("\n");
  g_option_context_free (context);
  return LUDO_CLI_EXIT_USAGE;
}

gboolean
ludo_cli_parse_options (GOptionContext  *context,
                        int             *argc,
                        char          ***argv,
                        int             *status)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *status = ludo_cli_usage_error (context, error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
ludo_cli_parse_level (GOptionContext *context,
                      const char     *text,
                      LudoLevel      *level,
                      int            *status)
{
  g_autofree char *message = NULL;

  if (text == NULL || ludo_level_from_string (text, level))
    return TRUE;
  message = g_strdup_printf (_("unknown level “%s” (use easy, medium or hard)"), text);
  *status = ludo_cli_usage_error (context, message);
  return FALSE;
}

void
ludo_cli_print_padded (const char *text,
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

void
ludo_cli_print_perft (guint64 nodes,
                      double  ms)
{
  g_print ("nodes=%" G_GUINT64_FORMAT " time_ms=%.0f nps=%.0f\n", nodes, ms,
           ms > 0 ? nodes / (ms / 1000.0) : 0.0);
}

static GOptionContext *
command_context_new (const char         *parameter,
                     const char         *summary,
                     const GOptionEntry *entries)
{
  GOptionContext *context = g_option_context_new (parameter);

  if (summary)
    g_option_context_set_summary (context, summary);
  if (entries)
    g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  return context;
}

static GOptionContext *
command_parse (GOptionContext   *context,
               int              *argc,
               char           ***argv,
               const char       *no_file,
               int              *status)
{
  if (!ludo_cli_parse_options (context, argc, argv, status))
    return NULL;
  if (no_file && *argc > 1)
    {
      *status = ludo_cli_usage_error (context, no_file);
      return NULL;
    }
  return context;
}

GOptionContext *
ludo_cli_parse_command (int                 *argc,
                        char              ***argv,
                        const char          *parameter,
                        const char          *summary,
                        const GOptionEntry  *entries,
                        const char          *no_file,
                        int                 *status)
{
  return command_parse (command_context_new (parameter, summary, entries), argc, argv, no_file, status);
}

/* "pv MOVE …", each move written on the position before it, then
 * best=… score=… depth=… nodes=… time_ms=… nps=… */
static void
print_search (const LudoCliEngine    *engine,
              gconstpointer           pos,
              const LudoSearchResult *result)
{
  g_autofree gpointer at = g_memdup2 (pos, engine->position_size);
  char text[32];

  g_print ("pv");
  for (int i = 0; i < result->pv_length; i++)
    {
      engine->move_to_text (at, result->pv[i], text, sizeof text);
      g_print (" %s", text);
      engine->make (at, result->pv[i]);
    }
  g_print ("\n");
  engine->move_to_text (pos, result->best, text, sizeof text);
  g_print ("best=%s score=%d depth=%d nodes=%" G_GUINT64_FORMAT " time_ms=%d nps=%.0f\n",
           text, result->score, result->depth, result->nodes, result->ms,
           result->ms > 0 ? result->nodes / (result->ms / 1000.0) : 0.0);
}

gboolean
ludo_cli_analyse_position (const LudoCliEngine *engine,
                           gconstpointer        pos,
                           LudoLevel            level,
                           guint64              nodes)
{
  LudoSearchLimits limits;
  LudoSearchResult result;

  if (engine->analyse)
    return engine->analyse (pos, level, nodes);
  engine->level_limits (level, &limits);
  if (nodes > 0)
    {
      limits.max_nodes = nodes;
      limits.max_ms = 0;
      if (engine->nodes_max_depth)
        limits.max_depth = engine->nodes_max_depth;
    }
  engine->search (pos, &limits, &result);
  if (result.best == 0)
    return FALSE;
  print_search (engine, pos, &result);
  return TRUE;
}

/* The options every command on a position has: the position in the
 * game's notation and the start options, then the command's own. */
typedef struct {
  const LudoCliEngine *engine;
  char                *text;
  gpointer             pos;
} PositionOptions;

static GOptionContext *
position_options_parse (PositionOptions      *options,
                        const LudoCliEngine  *engine,
                        int                  *argc,
                        char               ***argv,
                        const char           *parameter,
                        const char           *summary,
                        const GOptionEntry   *entries,
                        const char           *no_file,
                        int                  *status)
{
  GOptionEntry position[] = {
    { engine->fen ? "fen" : "position", 0, 0, G_OPTION_ARG_STRING, &options->text, N_("Position (default: the start)"),
      engine->fen ? "FEN" : "TEXT" },
    { NULL }
  };
  GOptionContext *context = command_context_new (parameter, summary, position);

  options->engine = engine;
  options->pos = g_malloc0 (engine->position_size);
  if (engine->start_entries)
    g_option_context_add_main_entries (context, engine->start_entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  return command_parse (context, argc, argv, no_file, status);
}

static void
position_options_clear (PositionOptions *options)
{
  g_clear_pointer (&options->text, g_free);
  g_clear_pointer (&options->pos, g_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (PositionOptions, position_options_clear)

/* Reads the position the options name; on error reports it (the context
 * is freed) and sets status. */
static gboolean
position_options_read (PositionOptions *options,
                       GOptionContext  *context,
                       int             *status)
{
  const LudoCliEngine *engine = options->engine;
  g_autofree char *message = NULL;
  const char *reason;

  if (options->text == NULL)
    {
      reason = engine->start_position (options->pos);
      message = g_strdup (reason);
    }
  else if ((reason = engine->parse_position (options->text, options->pos)))
    message = engine->fen ? g_strdup_printf (_("bad FEN “%s”: %s"), options->text, reason)
                          : g_strdup_printf (_("bad position “%s”: %s"), options->text, reason);
  if (message)
    {
      *status = ludo_cli_usage_error (context, message);
      return FALSE;
    }
  return TRUE;
}

typedef struct {
  const LudoCliEngine *engine;
  int                  depth;
  guint64              nodes;
} Divide;

static void
divide_move (const char    *move,
             gconstpointer  next,
             gpointer       data)
{
  Divide *divide = data;
  guint64 count = divide->engine->perft (next, divide->depth - 1);

  g_print ("%s: %" G_GUINT64_FORMAT "\n", move, count);
  divide->nodes += count;
}

int
ludo_cli_perft (int                  argc,
                char               **argv,
                const LudoCliEngine *engine)
{
  g_auto(PositionOptions) options = { 0 };
  Divide divide = { engine, 0, 0 };
  gboolean by_move = FALSE;
  GOptionEntry entries[] = {
    { "depth", 0, 0, G_OPTION_ARG_INT, &divide.depth, N_("Depth in plies (required)"), "D" },
    { "divide", 0, 0, G_OPTION_ARG_NONE, &by_move, N_("Count below each move of the position"), NULL },
    { NULL }
  };
  GOptionContext *context;
  gint64 start;
  int status = 0;

  context = position_options_parse (&options, engine, &argc, &argv, _("— count the positions reachable in D plies"),
                                    engine->perft_summary ? _(engine->perft_summary) :
                                    _("Counts the leaf positions of the legal move tree, to check the move generator. "
                                      "The last line is nodes=N time_ms=T nps=X."),
                                    entries, _("perft takes no file"), &status);
  if (context == NULL)
    return status;
  if (divide.depth < 1 || divide.depth > engine->perft_max_depth)
    return ludo_cli_usage_error (context, _(engine->perft_depth_error));
  if (!position_options_read (&options, context, &status))
    return status;
  g_option_context_free (context);

  start = g_get_monotonic_time ();
  if (by_move)
    {
      engine->each_move (options.pos, divide_move, &divide);
      g_print ("\n");
    }
  else
    divide.nodes = engine->perft (options.pos, divide.depth);
  ludo_cli_print_perft (divide.nodes, (g_get_monotonic_time () - start) / 1000.0);
  return 0;
}

int
ludo_cli_analyse (int                  argc,
                  char               **argv,
                  const LudoCliEngine *engine)
{
  g_auto(PositionOptions) options = { 0 };
  g_autofree char *level_text = NULL;
  gint64 nodes = 0;
  GOptionEntry entries[] = {
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_text, N_("easy, medium or hard (default hard)"), "LEVEL" },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, N_("Stop after N nodes instead of the level's time"), "N" },
    { NULL }
  };
  GOptionContext *context;
  LudoLevel level = LUDO_LEVEL_HARD;
  int status = 0;

  context = position_options_parse (&options, engine, &argc, &argv, _("— what the computer would play, and why"),
                                    engine->analyse_summary ? _(engine->analyse_summary) :
                                    _("Searches the position as the computer does at the level and prints the depth "
                                      "reached, the nodes, the time, the score and the line it expects."),
                                    entries, _("analyse takes no file"), &status);
  if (context == NULL)
    return status;
  if (!ludo_cli_parse_level (context, level_text, &level, &status))
    return status;
  if (nodes < 0)
    return ludo_cli_usage_error (context, _("--nodes must not be negative"));
  if (!position_options_read (&options, context, &status))
    return status;
  g_option_context_free (context);

  if (!ludo_cli_analyse_position (engine, options.pos, level, (guint64) nodes))
    g_print (_("No legal move.\n"));
  return 0;
}

void
ludo_cli_bench_perft (LudoCliBench        *bench,
                      const LudoCliEngine *engine,
                      gconstpointer        pos,
                      int                  depth,
                      const char          *label)
{
  gint64 t0 = g_get_monotonic_time ();
  guint64 nodes = engine->perft (pos, depth);
  double s = (g_get_monotonic_time () - t0) / 1e6;

  g_print ("perft %s depth %d: %" G_GUINT64_FORMAT " %.3fs\n", label, depth, nodes, s);
  bench->nodes += nodes;
  bench->seconds += s;
}

void
ludo_cli_bench_total (const LudoCliBench *bench)
{
  g_print ("perft_nodes=%" G_GUINT64_FORMAT " perft_s=%.3f perft_nps=%.0f\n", bench->nodes, bench->seconds,
           bench->nodes / MAX (bench->seconds, 1e-6));
}
