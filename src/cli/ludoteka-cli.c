/* ludoteka-cli.c — Ludoteka without a window: check and replay saves,
 * let the computer play itself; and each game's own commands (perft,
 * analyse, bench …), which live in the game's folder.
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
#include <sys/wait.h>

#include "cli/ludo-cli.h"
#include "cli/ludo-cli-games.h"
#include "core/ludo-ai.h"
#include "core/ludo-export.h"
#include "core/ludo-game.h"
#include "core/ludo-registry.h"
#include "core/ludo-review.h"
#include "core/ludo-save.h"
#include "core/ludo-text.h"

typedef LudoCliCommand Command;

/* Each game's own commands, from the list of games. */
static const LudoCliGame * const cli_games[] = { LUDO_CLI_GAMES };

/* ------------------------------------------------------------------------ */
/* validate                                                                  */

static int
cmd_validate (int    argc,
              char **argv)
{
  GOptionContext *context;
  int status = 0;

  context = ludo_cli_parse_command (&argc, &argv, _("FILE… — check saved games"),
    _("Loads each file, checks it against the save format and replays every move through the rules."),
    NULL, NULL, &status);
  if (context == NULL)
    return status;
  if (argc < 2)
    return ludo_cli_usage_error (context, _("no file given"));
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
  GOptionContext *context;
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoGame) game = NULL;
  g_autofree char *position = NULL;
  int status = 0;

  context = ludo_cli_parse_command (&argc, &argv, _("FILE — print a saved game"),
    _("Prints the moves of a saved game and the position after the last one."), NULL, NULL, &status);
  if (context == NULL)
    return status;
  if (argc != 2)
    return ludo_cli_usage_error (context, _("give exactly one file"));
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

/* --option name=value …, checked against the game's options. */
static GVariant *
parse_game_options (const LudoGameInfo  *info,
                    char               **texts,
                    GError             **error)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  for (guint i = 0; texts && texts[i]; i++)
    {
      g_auto(GStrv) parts = g_strsplit (texts[i], "=", 2);
      gint64 value;

      if (g_strv_length (parts) != 2 || ludo_game_info_find_option (info, parts[0]) == NULL ||
          !g_ascii_string_to_signed (parts[1], 10, G_MININT32, G_MAXINT32, &value, NULL))
        {
          GString *names = g_string_new (NULL);
          for (guint k = 0; k < info->n_options; k++)
            g_string_append_printf (names, "%s%s", k ? ", " : "", info->options[k].id);
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--option takes NAME=VALUE with a number, NAME one of: %s (not “%s”)"),
                       names->len ? names->str : "—", texts[i]);
          g_string_free (names, TRUE);
          g_variant_builder_clear (&builder);
          return NULL;
        }
      g_variant_builder_add (&builder, "{si}", parts[0], (int) value);
    }
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

static int
cmd_selfplay (int    argc,
              char **argv)
{
  g_autofree char *game_id = NULL;
  g_autofree char *level_text = NULL;
  g_autofree char *versus_text = NULL;
  g_autofree char *save_dir = NULL;
  g_auto(GStrv) option_texts = NULL;
  int n_games = 1;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &game_id, N_("Game to play (required)"), "ID" },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &option_texts, N_("An option of the game, e.g. players=3 (repeatable)"), "NAME=VALUE" },
    { "games", 0, 0, G_OPTION_ARG_INT, &n_games, N_("Number of games (default 1)"), "N" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_text, N_("easy, medium or hard, or one per seat: hard,easy"), "LEVEL" },
    { "versus", 0, 0, G_OPTION_ARG_STRING, &versus_text,
      N_("A match: --level plays against this level, taking each seat in turn"), "LEVEL" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the first game (default 1)"), "S" },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save_dir, N_("Write each game to this folder"), "DIR" },
    { NULL }
  };
  GOptionContext *context;
  const LudoGameInfo *info;
  g_autoptr(GVariant) options = NULL;
  g_autoptr(LudoGame) probe = NULL;
  LudoLevel levels[8], level = LUDO_LEVEL_MEDIUM, versus = LUDO_LEVEL_MEDIUM;
  guint wins[8] = { 0 };
  guint match_wins = 0, match_losses = 0;
  guint n_seats;
  guint draws = 0;
  guint64 total_moves = 0;
  gint64 start;
  int status = 0;

  context = ludo_cli_parse_command (&argc, &argv, _("— the computer plays itself"), NULL, entries,
                                    _("selfplay takes no file"), &status);
  if (context == NULL)
    return status;
  if (game_id == NULL)
    return ludo_cli_usage_error (context, _("--game is required"));
  info = ludo_registry_lookup (game_id);
  if (info == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("unknown game “%s”"), game_id);
      return ludo_cli_usage_error (context, message);
    }
  if (n_games < 1)
    return ludo_cli_usage_error (context, _("--games must be at least 1"));
  {
    g_autoptr(GError) error = NULL;
    options = parse_game_options (info, option_texts, &error);
    if (options)
      probe = ludo_game_new (game_id, g_variant_ref (options), &error);
    if (probe == NULL)
      return ludo_cli_usage_error (context, error->message);
    n_seats = ludo_game_get_n_seats (probe);
    if (versus_text)
      {
        if (!ludo_cli_parse_level (context, level_text ? level_text : "medium", &level, &status) ||
            !ludo_cli_parse_level (context, versus_text, &versus, &status))
          return status;
      }
    else if (!parse_levels (level_text ? level_text : "medium", n_seats, levels, &error))
      return ludo_cli_usage_error (context, error->message);
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
      g_autoptr(LudoGame) game = ludo_game_new (game_id, g_variant_ref (options), NULL);
      g_autofree char *outcome = NULL;
      g_autofree char *seed_text = NULL;
      LudoOutcome result;

      /* a match: the first level takes each seat in turn */
      if (versus_text)
        for (guint s = 0; s < n_seats; s++)
          levels[s] = s == (guint) g % n_seats ? level : versus;
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
        {
          wins[result.winner]++;
          if ((guint) result.winner == (guint) g % n_seats)
            match_wins++;
          else
            match_losses++;
        }
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
  for (guint s = 0; s < n_seats; s++)
    g_print (" wins_seat%u=%u", s, wins[s]);
  if (versus_text)
    g_print (" level_wins=%u versus_wins=%u", match_wins, match_losses);
  g_print (" draws=%u mean_moves=%.1f seconds=%.2f\n", draws,
           (double) total_moves / n_games, (g_get_monotonic_time () - start) / 1e6);
  return 0;
}


/* ------------------------------------------------------------------------ */
/* export                                                                    */

/* ludoteka-render, which draws boards (it links GTK; this program does
 * not): $LUDOTEKA_RENDER (meson devenv and the tests set it); else beside
 * this program in the build tree (src/cli/ and src/app/); else where it
 * is installed. */
static char *
find_renderer (void)
{
  const char *env = g_getenv ("LUDOTEKA_RENDER");
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);

  if (env && *env)
    return g_strdup (env);
  if (self)
    {
      g_autofree char *dir = g_path_get_dirname (self);
      g_autofree char *build_tree = g_build_filename (dir, "..", "..", "meson-info", NULL);
      char *candidate = g_build_filename (dir, "..", "app", "ludoteka-render", NULL);

      if (g_file_test (build_tree, G_FILE_TEST_IS_DIR) &&
          g_file_test (candidate, G_FILE_TEST_IS_EXECUTABLE))
        return candidate;
      g_free (candidate);
    }
  return g_build_filename (LUDOTEKA_LIBEXECDIR, "ludoteka-render", NULL);
}

/* Runs ludoteka-render for the pictures; returns its exit status. */
static int
render_pictures (const char *file,
                 guint       ply,
                 const char *png,
                 const char *svg)
{
  g_autofree char *renderer = find_renderer ();
  g_autofree char *ply_text = g_strdup_printf ("%u", ply);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status;

  g_ptr_array_add (args, renderer);
  /* its messages then start with our name */
  g_ptr_array_add (args, "ludoteka-cli");
  g_ptr_array_add (args, "--ply");
  g_ptr_array_add (args, ply_text);
  if (png)
    {
      g_ptr_array_add (args, "--png");
      g_ptr_array_add (args, (char *) png);
    }
  if (svg)
    {
      g_ptr_array_add (args, "--svg");
      g_ptr_array_add (args, (char *) svg);
    }
  g_ptr_array_add (args, "--");
  g_ptr_array_add (args, (char *) file);
  g_ptr_array_add (args, NULL);

  if (!g_spawn_sync (NULL, (char **) args->pdata, NULL,
                     G_SPAWN_FILE_AND_ARGV_ZERO | G_SPAWN_CHILD_INHERITS_STDIN,
                     NULL, NULL, NULL, NULL, &wait_status, &error))
    {
      g_printerr ("ludoteka-cli: ");
      /* Translators: the program's path, then why it could not be run */
      g_printerr (_("cannot draw the board: the drawing program “%s” could not be run (%s). "
                    "It comes with the app (the package ludoteka); "
                    "or set LUDOTEKA_RENDER to where ludoteka-render is."), renderer, error->message);
      g_printerr ("\n");
      return 1;
    }
  if (WIFEXITED (wait_status))
    return WEXITSTATUS (wait_status);
  g_printerr ("ludoteka-cli: ");
  g_printerr (_("cannot draw the board: the drawing program “%s” stopped unexpectedly."), renderer);
  g_printerr ("\n");
  return 1;
}

static int
cmd_export (int    argc,
            char **argv)
{
  g_autofree char *ply_text = NULL;
  g_autofree char *png = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *text_path = NULL;
  GOptionEntry entries[] = {
    { "ply", 0, 0, G_OPTION_ARG_STRING, &ply_text,
      N_("The position after this many moves, 0 for the start (default: the file’s position)"), "N" },
    { "text", 0, 0, G_OPTION_ARG_FILENAME, &text_path, N_("Write the moves as text to this file (- for the output)"), "OUT" },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png, N_("Write the board as a PNG picture to this file"), "OUT" },
    { "svg", 0, 0, G_OPTION_ARG_FILENAME, &svg, N_("Write the board as an SVG picture to this file"), "OUT" },
    { NULL }
  };
  GOptionContext *context;
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoGame) game = NULL;
  g_autofree char *text = NULL;
  guint n_moves, ply;
  int status = 0;

  context = ludo_cli_parse_command (&argc, &argv, _("FILE — export a saved game"),
    _("Writes the moves of a saved game as text and its board as a picture, at the file’s position or "
      "after --ply moves. Without --text, --png or --svg it prints the moves. The pictures need a display."),
    entries, NULL, &status);
  if (context == NULL)
    return status;
  if (argc != 2)
    return ludo_cli_usage_error (context, _("give exactly one file"));

  game = ludo_save_read (argv[1], &error);
  if (game == NULL)
    {
      g_option_context_free (context);
      g_printerr ("%s: %s: %s\n", argv[1], _("error"), error->message);
      return 1;
    }

  n_moves = ludo_game_get_n_moves (game);
  ply = ludo_game_get_position (game);
  if (ply_text)
    {
      guint64 value;

      if (!g_ascii_string_to_unsigned (ply_text, 10, 0, n_moves, &value, NULL))
        {
          g_autofree char *quoted = ludo_text_for_message (ply_text, 40);
          g_autofree char *message =
            g_strdup_printf (ngettext ("--ply %s is out of range: this game has plies 0 to %u (%u move)",
                                       "--ply %s is out of range: this game has plies 0 to %u (%u moves)",
                                       n_moves),
                             quoted, n_moves, n_moves);
          return ludo_cli_usage_error (context, message);
        }
      ply = (guint) value;
    }
  g_option_context_free (context);
  ludo_game_seek (game, ply);

  /* the file's whole content, as `replay` prints it */
  if (text_path || (png == NULL && svg == NULL))
    {
      text = ludo_export_moves_text_for_viewer (game, LUDO_VIEWER_ALL, &error);
      if (text == NULL)
        {
          g_printerr ("ludoteka-cli: %s\n", error->message);
          return 1;
        }
      if (text_path == NULL || g_str_equal (text_path, "-"))
        g_print ("%s", text);
      else
        {
          g_autoptr(GFile) file = g_file_new_for_commandline_arg (text_path);
          if (!ludo_export_write_text (text, file, &error))
            {
              g_printerr ("ludoteka-cli: %s\n", error->message);
              return 1;
            }
        }
    }

  fflush (stdout);
  if (png || svg)
    return render_pictures (argv[1], ply, png, svg);
  return 0;
}

/* ------------------------------------------------------------------------ */
/* review                                                                    */

/* A value in the game's unit, for a machine: a point, never a comma */
static const char *
units (char  buffer[G_ASCII_DTOSTR_BUF_SIZE],
       int   hundredths)
{
  return g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.2f", hundredths / 100.0);
}

static int
cmd_review (int    argc,
            char **argv)
{
  int budget_ms = 0;
  g_autofree char *save = NULL;
  GOptionEntry entries[] = {
    { "budget-ms", 0, 0, G_OPTION_ARG_INT, &budget_ms,
      N_("The search’s budget for each position, in milliseconds of this machine, counted in nodes so that "
         "the same file reviews the same way anywhere (default: the game’s)"), "N" },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save, N_("Write the game with its review to this file"), "OUT" },
    { NULL }
  };
  GOptionContext *context;
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoGame) game = NULL;
  g_autoptr(GPtrArray) reviews = NULL;
  guint n_seats;
  gboolean solves;
  int status = 0;

  context = ludo_cli_parse_command (&argc, &argv, _("FILE — the computer’s verdict on every move"),
    _("Values every move of a saved game for the seat that played it, with the computer’s best move, and "
      "marks it: ! the only move that keeps the value, ?! an inaccuracy, ? a mistake, ?? a blunder, - none. "
      "One line a move (ply and seat counted from 1, values in the game’s unit), then a summary per seat."),
    entries, NULL, &status);
  if (context == NULL)
    return status;
  if (argc != 2)
    return ludo_cli_usage_error (context, _("give exactly one file"));
  if (budget_ms < 0 || budget_ms > 600000)
    return ludo_cli_usage_error (context, _("--budget-ms must be between 1 and 600000"));
  g_option_context_free (context);

  game = ludo_save_read (argv[1], &error);
  if (game == NULL)
    {
      g_printerr ("%s: %s: %s\n", argv[1], _("error"), error->message);
      return 1;
    }
  reviews = ludo_review_game (game, (guint) budget_ms, NULL, NULL, NULL, &error);
  if (reviews == NULL)
    {
      g_printerr ("%s: %s: %s\n", argv[1], _("error"), error->message);
      return 1;
    }
  if (save)
    {
      ludo_game_set_review (game, g_ptr_array_ref (reviews),
                            budget_ms ? (guint) budget_ms : ludo_game_get_review_scale (game)->budget_ms);
      if (!ludo_save_write (game, save, &error))
        {
          g_printerr ("%s: %s: %s\n", save, _("error"), error->message);
          return 1;
        }
    }

  solves = ludo_game_get_review_scale (game)->solves;
  for (guint i = 0; i < reviews->len; i++)
    {
      const LudoMoveReview *r = reviews->pdata[i];
      char v[4][G_ASCII_DTOSTR_BUF_SIZE];

      g_print ("ply=%u seat=%d move=%s value_before=%s value_after=%s best=%s best_value=%s loss=%s mark=%s",
               r->ply, r->seat + 1, r->move, units (v[0], r->value_before), units (v[1], r->value_after),
               r->best ? r->best : "-", units (v[2], r->best_value), units (v[3], r->loss),
               ludo_mark_to_string (r->mark));
      if (r->remaining >= 0)
        g_print (" remaining=%" G_GINT64_FORMAT " best_remaining=%" G_GINT64_FORMAT, r->remaining, r->best_remaining);
      if (solves)
        g_print (" exact=%d", r->exact ? 1 : 0);
      g_print ("\n");
    }

  n_seats = ludo_game_get_n_seats (game);
  for (guint seat = 0; seat < n_seats; seat++)
    {
      guint moves = 0, marks[LUDO_N_MARKS] = { 0 };
      gint64 loss = 0;
      char average[G_ASCII_DTOSTR_BUF_SIZE];

      for (guint i = 0; i < reviews->len; i++)
        {
          const LudoMoveReview *r = reviews->pdata[i];

          if (r->seat != (int) seat)
            continue;
          moves++;
          marks[r->mark]++;
          loss += r->loss;
        }
      g_print ("summary seat=%u moves=%u only=%u inaccuracies=%u mistakes=%u blunders=%u average_loss=%s\n",
               seat + 1, moves, marks[LUDO_MARK_ONLY], marks[LUDO_MARK_INACCURACY], marks[LUDO_MARK_MISTAKE],
               marks[LUDO_MARK_BLUNDER], units (average, moves ? (int) (loss / moves) : 0));
    }
  return 0;
}

/* ------------------------------------------------------------------------ */

static const Command commands[] = {
  { "validate", N_("FILE…"), N_("Check saved games: format, every move, the result"), cmd_validate },
  { "replay",   N_("FILE"),  N_("Print the moves and final position of a saved game"), cmd_replay },
  { "selfplay", N_("--game ID [--option NAME=VALUE] [--games N] [--level L [--versus L]] [--seed S] [--save DIR]"),
    N_("Let the computer play itself"), cmd_selfplay },
  { "export",   N_("FILE [--ply N] [--text OUT] [--png OUT] [--svg OUT]"),
    N_("Write a saved game’s moves as text and its board as a picture"), cmd_export },
  { "review",   N_("FILE [--budget-ms N] [--save OUT]"), N_("The computer’s verdict on every move of a saved game"), cmd_review },
};

static const LudoCliCommand *
find_game_command (const LudoCliGame *game,
                   const char        *name)
{
  for (guint i = 0; i < game->n_commands; i++)
    if (g_str_equal (game->commands[i].name, name))
      return &game->commands[i];
  return NULL;
}

/* The games that have a command of this name, for messages: "ID, ID". */
static char *
games_with_command (const char *name)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cli_games); i++)
    if (find_game_command (cli_games[i], name))
      g_string_append_printf (list, "%s%s", list->len ? ", " : "", cli_games[i]->game_id);
  return g_string_free (list, list->len == 0);
}

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n  ludoteka-cli %s\n\n%s\n", _("Usage:"), _("COMMAND [OPTION…]"), _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-9s %s\n            %s\n", commands[i].name, _(commands[i].args), _(commands[i].summary));
  for (guint g = 0; g < G_N_ELEMENTS (cli_games); g++)
    for (guint i = 0; i < cli_games[g]->n_commands; i++)
      {
        const LudoCliCommand *c = &cli_games[g]->commands[i];
        fprintf (out, "  %-9s %s\n            %s\n", c->name, _(c->args), _(c->summary));
      }
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

/* A game's own command: the game is the first word (bench ID …) or
 * --game ID; it is taken out of the arguments before the command sees
 * them. */
static int
run_game_command (const char  *name,
                  int          argc,
                  char       **argv)
{
  g_autofree char *games = games_with_command (name);
  g_autofree char *prgname = g_strdup_printf ("ludoteka-cli %s", name);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *game_id = NULL;
  gboolean help = FALSE;

  g_ptr_array_add (args, argv[0]);
  for (int i = 1; i < argc; i++)
    {
      if (i == 1 && argv[i][0] != '-')
        game_id = argv[i];
      else if (g_str_equal (argv[i], "--game") && i + 1 < argc && game_id == NULL)
        game_id = argv[++i];
      else if (g_str_has_prefix (argv[i], "--game=") && game_id == NULL)
        game_id = argv[i] + strlen ("--game=");
      else
        {
          help |= g_str_equal (argv[i], "--help") || g_str_equal (argv[i], "-h");
          g_ptr_array_add (args, argv[i]);
        }
    }
  g_ptr_array_add (args, NULL);

  for (guint g = 0; game_id && g < G_N_ELEMENTS (cli_games); g++)
    if (g_str_equal (cli_games[g]->game_id, game_id))
      {
        const LudoCliCommand *command = find_game_command (cli_games[g], name);
        if (command == NULL)
          break;
        g_set_prgname (prgname);
        return ludo_cli_command_run (command, (int) args->len - 1, (char **) args->pdata);
      }

  /* without a game, --help tells the games and their options */
  if (help && game_id == NULL)
    {
      for (guint g = 0; g < G_N_ELEMENTS (cli_games); g++)
        {
          const LudoCliCommand *command = find_game_command (cli_games[g], name);
          if (command)
            g_print ("ludoteka-cli %s %s\n  %s\n", name, _(command->args), _(command->summary));
        }
      return 0;
    }
  g_printerr ("ludoteka-cli: ");
  g_printerr (_("“%s” is for the games: %s"), name, games);
  g_printerr ("\n");
  return LUDO_CLI_EXIT_USAGE;
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
      return LUDO_CLI_EXIT_USAGE;
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
  {
    g_autofree char *games = games_with_command (argv[1]);
    if (games)
      return run_game_command (argv[1], argc - 1, argv + 1);
  }

  g_printerr (_("ludoteka-cli: unknown command “%s”\n"), argv[1]);
  print_usage (stderr);
  return LUDO_CLI_EXIT_USAGE;
}
