/* kombi-ai.h — the computer's Kombi
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rest of a game is a two-sided contest over one number: the value of
 * the fields of the player the computer plays for (or, for a task player,
 * of every field player). Everybody else is taken to play against it (a
 * paranoid search; with one field player that is simply the game). An
 * alpha-beta search with iterative deepening and a transposition table
 * keyed on the position up to the symmetries of the seven sectors; it
 * solves the game exactly once the depth reaches its end. The last task
 * turn and the claim before it are worked out directly, not searched.
 */
#pragma once

#include "kombi-rules.h"

typedef bool (*KombiStopFunc) (void *data);

typedef struct {
  int           max_depth;    /* plies; 0: to the end of the game */
  uint64_t      max_nodes;    /* 0: no limit; nodes make searches repeatable */
  int           max_ms;       /* 0: no limit */
  int           noise;        /* seeded noise in eighths of a point (Easy, Medium) */
  int           random_share; /* percent of moves played at random (Easy) */
  uint64_t      seed;
  size_t        table_mb;     /* the transposition table; 0: the default */
  bool          solve_only;   /* only the search to the end, with all the time */
  unsigned      target;       /* the field roles searched for, a bit each; 0: the player to move's */
  KombiMove     exclude;      /* a move not searched (a review's second best); 0: none */
  KombiStopFunc stop;
  void         *stop_data;
} KombiLimits;

typedef struct {
  KombiMove best;
  int       value;            /* the value searched for, in eighths of a point */
  bool      exact;            /* the search reached the end of the game: value is best play's */
  int       depth;            /* plies of the deepest iteration completed */
  uint64_t  nodes;
  int       ms;
} KombiResult;

/* Values are counted in eighths of a point, so that the estimate of what
 * is still to come can be fractional; exact values are multiples of 8. */
#define KOMBI_EIGHTHS 8

/* The limits of a level: 0 Easy, 1 Medium, 2 Hard */
void kombi_level_limits (int level, KombiLimits *limits);

/* Searches the current game from pos for the player to move. Between two
 * games of a match (or with the match over) there is nothing to search:
 * the first claim of a game is every field's equal. */
void kombi_search       (const KombiPos    *pos,
                         const KombiLimits *limits,
                         KombiResult       *result);

/* The value best play by both sides gives the field player from here to
 * the end of the current game (one field player only). False if the
 * limits stopped it first. */
bool kombi_solve        (const KombiPos    *pos,
                         const KombiLimits *limits,
                         int               *value,
                         KombiResult       *result);

/* The value of the start of a game between one field player and one task
 * player with best play by both, from the solver's table (ludoteka-cli
 * bench kombi made it; the tests solve its first entries again); -1 where
 * the table stops. */
int  kombi_start_value  (int shifts, int limit);
