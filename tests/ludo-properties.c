/* ludo-properties.c — seeded property tests, the same for every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ludo-properties.h"
#include "ludo-test-scale.h"

#include <string.h>

#include "core/ludo-ai.h"
#include "core/ludo-save.h"

typedef struct {
  const LudoPropertySpec *spec;
  LudoPropertyStats      *stats;
  GRand                  *rand;
  guint64                 seed;
  gsize                   state_size;
  gboolean                random_seat[8];   /* else the computer plays it */
  gboolean                whole;            /* played to the end */
  LudoLevel               level[8];
} Run;

/* Where a failure happened, so that it can be played again. */
static G_GNUC_NORETURN void
fail (Run        *run,
      LudoGame   *game,
      const char *what)
{
  g_autoptr(GString) moves = g_string_new (NULL);
  g_autofree char *options = g_variant_print (ludo_game_get_options (game), FALSE);

  for (guint i = 0; i < ludo_game_get_n_moves (game); i++)
    g_string_append_printf (moves, " %s", ludo_game_get_move (game, i));
  g_error ("%s, game seed %" G_GUINT64_FORMAT ", options %s, at ply %u; moves:%s",
           what, run->seed, options, ludo_game_get_position (game), moves->str);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Options drawn from what the registry allows; fixed ones kept. */
static LudoGame *
new_game_with_random_options (Run *run)
{
  const LudoGameInfo *info = ludo_registry_lookup (run->spec->game_id);
  g_autoptr(GVariant) fixed = NULL;

  g_assert_nonnull (info);
  if (run->spec->fixed_options)
    fixed = g_variant_ref_sink (g_variant_new_parsed (run->spec->fixed_options));

  /* some combinations of options may be refused: draw again */
  for (int attempt = 0; attempt < 100; attempt++)
    {
      GVariantBuilder builder;
      LudoGame *game;

      g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
      for (guint i = 0; i < info->n_options; i++)
        {
          const LudoOptionSpec *o = &info->options[i];
          int step = o->step ? o->step : 1;
          int value;

          if (fixed && g_variant_lookup (fixed, o->id, "i", &value))
            ;
          else
            value = o->min + step * g_rand_int_range (run->rand, 0, (o->max - o->min) / step + 1);
          g_variant_builder_add (&builder, "{si}", o->id, value);
        }
      game = ludo_game_new (info->id, g_variant_builder_end (&builder), NULL);
      if (game)
        return game;
    }
  g_error ("%s: no options drawn from the registry make a game", info->id);
}

/* A second game with the same options, seats and seed, and no move. */
static LudoGame *
new_twin (LudoGame *game)
{
  LudoGame *twin = ludo_game_new (ludo_game_get_id (game),
                                  g_variant_ref (ludo_game_get_options (game)), NULL);

  g_assert_nonnull (twin);
  for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
    ludo_game_set_seat (twin, s, ludo_game_get_seat_kind (game, s),
                        ludo_game_get_seat_level (game, s), ludo_game_get_seat_name (game, s));
  ludo_game_set_seed (twin, ludo_game_get_seed (game));
  return twin;
}

static void
check_moves (Run           *run,
             LudoGame      *game,
             gconstpointer  state)
{
  g_auto(GStrv) moves = ludo_game_legal_moves (game);
  g_autoptr(GPtrArray) reference = NULL;
  gboolean over = ludo_game_is_over (game);

  if (moves && !over && moves[0] == NULL)
    fail (run, game, "the game is not over but has no legal move");
  if (moves && over && moves[0] != NULL)
    fail (run, game, "the game is over but lists legal moves");
  if (run->spec->reference_moves == NULL || moves == NULL || over)
    return;

  reference = run->spec->reference_moves (game, state);
  g_ptr_array_sort (reference, compare_strings);
  qsort (moves, g_strv_length (moves), sizeof (char *), compare_strings);
  for (guint i = 0; ; i++)
    {
      const char *a = moves[i];
      const char *b = i < reference->len ? g_ptr_array_index (reference, i) : NULL;

      if (a == NULL && b == NULL)
        break;
      if (g_strcmp0 (a, b) != 0)
        {
          g_autofree char *what = g_strdup_printf ("the engine lists %u moves, the reference %u; first difference: engine “%s”, reference “%s”",
                                                   g_strv_length (moves), reference->len,
                                                   a ? a : "(none)", b ? b : "(none)");
          fail (run, game, what);
        }
    }
  run->stats->moves_compared += reference->len;
}

static char *
pick_move (Run      *run,
           LudoGame *game)
{
  int seat = ludo_game_get_current_seat (game);
  g_auto(GStrv) moves = NULL;
  g_autoptr(GError) error = NULL;

  if (!run->random_seat[seat])
    {
      char *move = ludo_ai_think (game, run->level[seat], NULL, &error);

      if (move == NULL)
        fail (run, game, error->message);
      run->stats->computer_moves++;
      return move;
    }
  moves = ludo_game_legal_moves (game);
  if (moves)
    return g_strdup (moves[g_rand_int_range (run->rand, 0, g_strv_length (moves))]);
  g_assert_nonnull (run->spec->random_move);
  return run->spec->random_move (game, ludo_game_get_state (game), run->rand);
}

/* Every move played: the game's own checks, and a move that is refused
 * leaves everything as it was. */
static void
check_position (Run      *run,
                LudoGame *game)
{
  gconstpointer state = ludo_game_get_state (game);
  g_autofree guint8 *copy = g_memdup2 (state, run->state_size);
  guint n = ludo_game_get_n_moves (game);
  LudoOutcome outcome;

  ludo_game_get_outcome (game, &outcome);
  if ((ludo_game_get_current_seat (game) < 0) != (outcome.kind != LUDO_RESULT_NONE))
    fail (run, game, "the seat to move and the outcome disagree");
  if (outcome.kind == LUDO_RESULT_WIN &&
      (outcome.winner < 0 || outcome.winner >= (int) ludo_game_get_n_seats (game)))
    fail (run, game, "the winner is not a seat");
  if (run->spec->check_state)
    run->spec->check_state (game, state);
  check_moves (run, game, state);

  if (!ludo_game_is_over (game))
    {
      static const char * const nonsense[] = { "", "x", "zz:99", "move:", "1,2,3,4,5,6,7,8,9", "\xff",
                                               ("guess:AB\x93" "CD"), "claim:1\n", "\u202Ee2e4" };
      g_autofree char *long_move = g_strnfill (5000, 'a');

      for (guint i = 0; i <= G_N_ELEMENTS (nonsense); i++)
        {
          g_autoptr(GError) error = NULL;
          if (ludo_game_play (game, i < G_N_ELEMENTS (nonsense) ? nonsense[i] : long_move, &error))
            fail (run, game, "a nonsense move was played");
          /* the message is shown as it is: text, and not a page long */
          g_assert_nonnull (error);
          if (!g_utf8_validate (error->message, -1, NULL) || strlen (error->message) > 600)
            fail (run, game, "a refused move gives a message that is not fit to show");
        }
      if (ludo_game_get_n_moves (game) != n || memcmp (copy, ludo_game_get_state (game), run->state_size) != 0)
        fail (run, game, "a refused move changed the game");
    }
}

static gboolean
same_state (Run           *run,
            gconstpointer  a,
            gconstpointer  b)
{
  return memcmp (a, b, run->state_size) == 0;
}

/* The one thing two saves of a game may differ in: when they were made. */
static void
blank_save_time (char *data)
{
  char *p = strstr (data, " saved=\"");

  if (p)
    for (p += 8; *p && *p != '"'; p++)
      *p = '0';
}

static void
check_end (Run      *run,
           LudoGame *game)
{
  guint n = ludo_game_get_n_moves (game);
  g_autoptr(LudoGame) twin = new_twin (game);
  g_autoptr(LudoGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL, *again = NULL;
  gsize saved_length, again_length;
  LudoOutcome a, b;
  guint first_human = 0;

  /* save → load → save: the same bytes, the same game */
  saved = ludo_save_to_data (game, &saved_length);
  loaded = ludo_save_read_data (saved, saved_length, &error);
  if (loaded == NULL)
    fail (run, game, error->message);
  again = ludo_save_to_data (loaded, &again_length);
  blank_save_time (saved);
  blank_save_time (again);
  if (saved_length != again_length || memcmp (saved, again, saved_length) != 0)
    {
      gsize at = 0;
      g_autofree char *what = NULL;

      while (at < saved_length && at < again_length && saved[at] == again[at])
        at++;
      at = at > 40 ? at - 40 : 0;
      what = g_strdup_printf ("saving the loaded game gives other bytes: “%.100s” became “%.100s”",
                              saved + at, again + at);
      fail (run, game, what);
    }
  if (ludo_game_get_n_moves (loaded) != n || !same_state (run, ludo_game_get_state (loaded), ludo_game_get_state (game)))
    fail (run, game, "the loaded game is another game");

  /* the move list played again: the same states, the same result */
  if (!same_state (run, ludo_game_get_state (twin), ludo_game_get_state_at (game, 0)))
    fail (run, game, "a new game with the same options and seed starts elsewhere");
  for (guint i = 0; i < n; i++)
    {
      if (!ludo_game_play (twin, ludo_game_get_move (game, i), &error))
        fail (run, game, error->message);
      if (!same_state (run, ludo_game_get_state (twin), ludo_game_get_state_at (game, i + 1)))
        fail (run, game, "replaying the moves reaches another state");
    }
  ludo_game_get_outcome (game, &a);
  ludo_game_get_outcome (twin, &b);
  if (a.kind != b.kind || a.winner != b.winner || g_strcmp0 (a.reason, b.reason) != 0)
    fail (run, game, "replaying the moves gives another result");

  /* seeking to a ply is replaying to it */
  for (int k = 0; k < 8; k++)
    {
      guint ply = k == 0 ? 0 : k == 1 ? n : (guint) g_rand_int_range (run->rand, 0, n + 1);

      ludo_game_seek (game, ply);
      ludo_game_seek (twin, ply);
      if (!same_state (run, ludo_game_get_state (game), ludo_game_get_state (twin)) ||
          ludo_game_get_current_seat (game) != ludo_game_get_current_seat (twin))
        fail (run, game, "seeking reaches another state than replaying");
    }

  /* undo all the way: back to the first ply a person (here a random
   * player) was to move, bit for bit; redo all the way: the end */
  ludo_game_seek (game, n);
  while (first_human < n && !run->random_seat[ludo_game_get_move_seat (game, first_human)])
    first_human++;
  if (ludo_game_count_humans (game) == 0)
    first_human = 0;
  while (ludo_game_can_undo (game))
    ludo_game_undo (game);
  if (ludo_game_get_position (game) != first_human ||
      !same_state (run, ludo_game_get_state (game), ludo_game_get_state_at (twin, first_human)))
    fail (run, game, "undoing all the way does not give back the start");
  while (ludo_game_can_redo (game))
    ludo_game_redo (game);
  if (ludo_game_get_position (game) != n || !same_state (run, ludo_game_get_state (game), ludo_game_get_state_at (twin, n)))
    fail (run, game, "redoing all the way does not give back the end");
}

static void
play_one (Run *run)
{
  g_autoptr(LudoGame) game = new_game_with_random_options (run);
  /* one game in eight has computers in it: they are slower than random
   * players, and random players reach more odd corners */
  gboolean computers = !run->whole && g_rand_int_range (run->rand, 0, 8) == 0;
  guint max_plies = run->whole ? G_MAXUINT : run->spec->max_plies;
  guint plies = 0;

  ludo_game_set_seed (game, run->seed);
  for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
    {
      run->random_seat[s] = !computers || g_rand_boolean (run->rand);
      run->level[s] = g_rand_int_range (run->rand, 0, 4) == 0 ? LUDO_LEVEL_MEDIUM : LUDO_LEVEL_EASY;
      ludo_game_set_seat (game, s, run->random_seat[s] ? LUDO_SEAT_HUMAN : LUDO_SEAT_COMPUTER,
                          run->level[s], NULL);
    }

  check_position (run, game);
  while (!ludo_game_is_over (game) && plies < max_plies)
    {
      g_autofree char *move = pick_move (run, game);
      g_autoptr(GError) error = NULL;

      if (!ludo_game_play (game, move, &error))
        {
          g_autofree char *what = g_strdup_printf ("the move “%s” was refused: %s", move, error->message);
          fail (run, game, what);
        }
      plies++;
      check_position (run, game);
    }
  run->stats->plies += plies;
  if (ludo_game_is_over (game))
    run->stats->finished++;
  check_end (run, game);
}

void
ludo_properties_run (const LudoPropertySpec *spec,
                     LudoPropertyStats      *stats)
{
  const LudoGameInfo *info = ludo_registry_lookup (spec->game_id);
  const char *env_games = g_getenv ("LUDOTEKA_PROPERTY_GAMES");
  const char *env_seed = g_getenv ("LUDOTEKA_PROPERTY_SEED");
  guint games = env_games ? (guint) g_ascii_strtoull (env_games, NULL, 10) : ludo_test_scaled (spec->games ? spec->games : LUDO_PROPERTY_GAMES);
  guint whole_games = MIN (ludo_test_scaled (spec->whole_games), games);
  guint64 first = env_seed ? g_ascii_strtoull (env_seed, NULL, 10) : 1;
  Run run = { spec, stats, NULL, 0, 0 };

  g_assert_nonnull (info);
  g_assert_cmpint (info->n_seats, <=, G_N_ELEMENTS (run.random_seat));
  {
    gpointer klass = g_type_class_ref (info->get_type ());
    run.state_size = LUDO_GAME_CLASS (klass)->state_size;
    g_type_class_unref (klass);
  }
  memset (stats, 0, sizeof *stats);
  for (guint i = 0; i < games; i++)
    {
      run.seed = first + i;
      run.whole = i < whole_games;
      run.rand = g_rand_new_with_seed ((guint32) (run.seed * 2654435761u));
      play_one (&run);
      g_rand_free (run.rand);
      stats->games++;
    }
  g_test_message ("%s: %u games (%u ended by a rule), %" G_GUINT64_FORMAT " plies, %" G_GUINT64_FORMAT
                  " computer moves, %" G_GUINT64_FORMAT " moves compared with the reference",
                  spec->game_id, stats->games, stats->finished, stats->plies, stats->computer_moves,
                  stats->moves_compared);
}
