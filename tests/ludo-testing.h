/* ludo-testing.h — what the tests share below the window: each game's
 * test data found from its id, games of the registry chosen by what they
 * have, and moves of any game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game's own test data lives in its folder, src/games/ID/tests/:
 *
 *   data/good/ID-selfplay.ludoteka   a finished game played by the computer
 *                                    (every game has one)
 *   data/good/NAME.ludoteka          other saves that load
 *   data/bad/NAME.ludoteka           saves that are refused, each with
 *   data/bad/NAME.expect             its error code and message
 *   data/long/NAME.ludoteka          long games, for the costs of length
 *   fuzz-moves/                      the seeds of its fuzz-moves target
 *
 * The shared tests find them by the registry's ids, under
 * LUDOTEKA_GAMES_SRCDIR (src/games, set by the build for every test); the
 * shared test data (saves of the format itself) are in tests/data.
 */
#pragma once

#include "core/ludo-game.h"

G_BEGIN_DECLS

/* A new folder for a test's files (a g_dir_make_tmp () template),
 * removed with what is in it when the test program exits; a failed
 * assertion (an abort) leaves it to look at. */
char               *ludo_test_make_tmp       (const char  *tmpl);

/* A path in the test folder of game id: src/games/ID/tests/first/… */
char               *ludo_test_game_file      (const char  *id,
                                              const char  *first,
                                              ...) G_GNUC_NULL_TERMINATED;
/* data/good/ID-selfplay.ludoteka of game id (it must be there). */
char               *ludo_test_game_sample    (const char  *id);
/* The save at path, read (it must load). */
LudoGame           *ludo_test_load           (const char  *path);
LudoGame           *ludo_test_load_sample    (const char  *id);
/* The sample save of game id with one move more, after the game's end,
 * on the line of </moves>: a save the loader refuses (an illegal move).
 * *line: that line; *move: the move's number (from 1). g_free () it. */
char               *ludo_test_move_after_end (const char  *id,
                                              guint       *line,
                                              guint       *move);
/* Every file ending in suffix in data/kind ("good", "bad", "long") of
 * every game of the registry, in the registry's order, then of the shared
 * tests/data/kind; each folder's files sorted by name. Full paths. */
GPtrArray          *ludo_test_data_files     (const char  *kind,
                                              const char  *suffix);

/* A move for the position at the cursor: the k-th legal move (modulo
 * their number) for a game that lists them, else the computer's move at
 * Easy, with a seed from k and the position. NULL when the game is over. */
char               *ludo_test_some_move      (LudoGame    *game,
                                              guint        k);
/* Plays move; fails the test, naming it, if the game refuses it. */
void                ludo_test_play_ok        (LudoGame    *game,
                                              const char  *move);
/* Plays n moves of ludo_test_some_move () (k = 0, 1, …), fewer if the
 * game ends first; returns how many. */
guint               ludo_test_play_some      (LudoGame    *game,
                                              guint        n);

/* The review of the move at index (the game's own budget) gives it mark;
 * a move marked as an error was not the best move. Returns the loss. */
int                 ludo_test_assert_review  (LudoGame    *game,
                                              guint        index,
                                              LudoMark     mark);

/* The outcome of the game (over) gives each seat the score expected,
 * places the seats by it (the highest first; a tie shares the better
 * place: 1, 2, 2, 4), and is a win exactly when one seat is first, that
 * seat the winner. */
void                ludo_test_assert_places  (LudoGame     *game,
                                              const double *scores);

/* a and b are the same game: id, options, seats, every move and state,
 * the position and the outcome. */
void                ludo_test_assert_same_game    (LudoGame   *a,
                                                   LudoGame   *b);
/* data (a save, length bytes) follows the save format's schema. */
void                ludo_test_assert_schema_valid (const char *data,
                                                   gsize       length);

/* The first game of the registry whose new game (default options) passes
 * filter; the test fails if there is none. */
typedef gboolean  (*LudoTestGameFilter)      (LudoGame    *game);
const LudoGameInfo *ludo_test_find_game      (LudoTestGameFilter filter);
/* Filters: a game with secrets (ludo_game_has_secrets ()); one without;
 * one that lists its moves; one of two seats. */
gboolean            ludo_test_has_secrets    (LudoGame    *game);
gboolean            ludo_test_no_secrets     (LudoGame    *game);
gboolean            ludo_test_lists_moves    (LudoGame    *game);
gboolean            ludo_test_two_seats      (LudoGame    *game);

G_END_DECLS
