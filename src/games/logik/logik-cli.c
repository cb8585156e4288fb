/* logik-cli.c — Logik's own command of ludoteka-cli: the code breaker
 * measured against every code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cli/ludo-cli.h"
#include "games/logik/logik-ai.h"

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
logik_cmd_bench (int    argc,
                 char **argv)
{
  gboolean all = FALSE;
  int sample = 0;
  int places = LOGIK_DEFAULT_PLACES, colours = LOGIK_DEFAULT_COLOURS;
  gint64 seed = 1;
  g_autofree char *level_text = NULL;
  GOptionEntry entries[] = {
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, N_("Play against every code"), NULL },
    { "sample", 0, 0, G_OPTION_ARG_INT, &sample, N_("Play against N random codes"), "N" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_text, N_("easy, medium or hard (default hard)"), "LEVEL" },
    { "places", 0, 0, G_OPTION_ARG_INT, &places, N_("Places (default 5)"), "P" },
    { "colours", 0, 0, G_OPTION_ARG_INT, &colours, N_("Colours (default 8)"), "C" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the random choices (default 1)"), "S" },
    { NULL }
  };
  GOptionContext *context;
  LudoLevel level = LUDO_LEVEL_HARD;
  int status = 0;

  context = ludo_cli_parse_command (&argc, &argv, _("— measure the code breaker"),
    _("Plays the computer's code breaker against every code (--all) or a random sample and "
      "prints the average and worst number of guesses and the time per guess."),
    entries, _("bench logik takes no file"), &status);
  if (context == NULL)
    return status;
  if (all == (sample > 0))
    return ludo_cli_usage_error (context, _("give either --all or --sample N (N at least 1)"));
  if (!ludo_cli_parse_level (context, level_text, &level, &status))
    return status;
  if (places < LOGIK_MIN_PLACES || places > LOGIK_MAX_PLACES ||
      colours < LOGIK_MIN_COLOURS || colours > LOGIK_MAX_COLOURS)
    {
      g_autofree char *message =
        g_strdup_printf (_("places must be %d–%d and colours %d–%d"),
                         LOGIK_MIN_PLACES, LOGIK_MAX_PLACES, LOGIK_MIN_COLOURS, LOGIK_MAX_COLOURS);
      return ludo_cli_usage_error (context, message);
    }
  g_option_context_free (context);

  return bench_logik (places, colours, (LogikLevel) level, all, sample, seed);
}

static const LudoCliCommand logik_commands[] = {
  { "bench", N_("logik [--all | --sample N] [--level L] [--places P] [--colours C]"),
    N_("Measure the Logik code breaker"), logik_cmd_bench },
};

const LudoCliGame ludo_logik_cli = {
  .game_id = "logik",
  .commands = logik_commands,
  .n_commands = G_N_ELEMENTS (logik_commands),
};
