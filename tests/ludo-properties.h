/* ludo-properties.h — seeded property tests, the same for every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game's test gives its id and its own checks; the driver plays many
 * random games with options drawn from the registry, random players and
 * the computer, and checks after every move and at the end of each game:
 *
 *   - the game's own invariants on the state (check_state);
 *   - the legal moves against a slow reference generator written
 *     differently from the engine (reference_moves);
 *   - the seat to move agrees with the outcome;
 *   - undo all the way gives back the start state bit for bit, and redo
 *     all the way the last one;
 *   - save → load → save gives the same bytes (but for the time of saving);
 *   - replaying the move list in a new game reaches the same states and
 *     the same result;
 *   - seeking to any ply equals replaying to it.
 *
 * Every game's property test plays LUDO_PROPERTY_GAMES games unless its
 * spec says otherwise. LUDOTEKA_PROPERTY_GAMES sets the number of games
 * exactly; otherwise LUDOTEKA_TEST_SCALE scales games and whole_games
 * (ludo-test-scale.h: `build-aux/ludoteka test --long` plays 10 times as
 * many). LUDOTEKA_PROPERTY_SEED sets
 * the first seed.
 */
#pragma once

#include "core/ludo-game.h"

G_BEGIN_DECLS

/* Enough for every rule to be met many times over in each game (the
 * games' tests assert it), in some 30 s for the slowest game. */
#define LUDO_PROPERTY_GAMES 300

typedef struct {
  const char *game_id;
  /* games to play; 0: LUDO_PROPERTY_GAMES */
  guint       games;
  /* a game still going after this many plies stops there */
  guint       max_plies;
  /* the first this many games play on to their end however long they
   * last, random players only (for a game whose max_plies is short) */
  guint       whole_games;
  /* options every game takes, as GVariant text ("{'players': 2}"); the
   * others are drawn at random from what the registry allows. NULL: all
   * drawn. */
  const char *fixed_options;
  /* the game's invariants: fail with g_error() naming what is wrong */
  void      (*check_state)     (LudoGame      *game,
                                gconstpointer  state);
  /* the legal moves by the reference generator, in notation (any order);
   * NULL if the game lists no moves (legal_moves returns NULL) */
  GPtrArray *(*reference_moves) (LudoGame      *game,
                                 gconstpointer  state);
  /* a random legal move, for a game that does not list its moves */
  char      *(*random_move)     (LudoGame      *game,
                                 gconstpointer  state,
                                 GRand         *rand);
} LudoPropertySpec;

typedef struct {
  guint   games;
  guint   finished;     /* ended by a rule, not by max_plies */
  guint64 plies;
  guint64 computer_moves;
  guint64 moves_compared;
} LudoPropertyStats;

/* Plays spec->games games and checks them; fails the test at the first
 * broken property, with the seed and the move list to play it again. */
void ludo_properties_run (const LudoPropertySpec *spec,
                          LudoPropertyStats      *stats);

G_END_DECLS
