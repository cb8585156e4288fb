/* ludo-search.h — what the game-tree searches of the engines share: their
 * limits, the count of nodes, the clock and cancellation, the
 * transposition table and the seeded noise of the easy levels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain C, all inline: it runs at every node. ludo-alphabeta.h builds the
 * alpha-beta search on it.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

typedef bool (*LudoSearchStopFunc) (void *data);

/* What a search may spend, and how it plays (each game's *_level_limits ()
 * fills them for a level). */
typedef struct {
  int                max_depth;   /* plies */
  uint64_t           max_nodes;   /* 0: no limit; nodes make searches repeatable */
  int                max_ms;      /* 0: no limit; the safety net */
  int                noise;       /* points of seeded noise in the evaluation (Easy) */
  uint64_t           seed;
  LudoSearchStopFunc stop;        /* polled now and then: true stops the search */
  void              *stop_data;
} LudoSearchLimits;

/* What a search found. Moves are the game's own (a move type of up to 32
 * bits, 0 for none). */
typedef struct {
  uint32_t best;          /* 0: there is no legal move */
  int      score;         /* for the player to move; a won game near ± the game's win */
  int      depth;         /* deepest iteration completed */
  uint64_t nodes;
  int      ms;
  uint32_t pv[32];        /* the line the search expects, best first */
  int      pv_length;
} LudoSearchResult;

/* ------------------------------------------------------------------------ */
/* The transposition table: one entry a slot, the newest kept               */

enum { LUDO_TT_EXACT = 1, LUDO_TT_LOWER = 2, LUDO_TT_UPPER = 3 };

typedef struct {
  uint64_t key;
  uint32_t move;
  int16_t  score;
  int8_t   depth;
  uint8_t  flag;
} LudoTTEntry;

typedef struct {
  LudoTTEntry *entries;
  uint64_t     mask;
} LudoTT;

static inline LudoTTEntry *
ludo_tt_entry (const LudoTT *tt,
               uint64_t      hash)
{
  return &tt->entries[hash & tt->mask];
}

/* Does the stored score settle the node: exact, or a bound outside
 * alpha–beta? (score is the entry's, as the caller reads it.) */
static inline bool
ludo_tt_settles (const LudoTTEntry *e,
                 int                score,
                 int                alpha,
                 int                beta)
{
  return e->flag == LUDO_TT_EXACT ||
         (e->flag == LUDO_TT_LOWER && score >= beta) ||
         (e->flag == LUDO_TT_UPPER && score <= alpha);
}

static inline void
ludo_tt_store (LudoTTEntry *e,
               uint64_t     key,
               uint32_t     move,
               int          score,
               int          depth,
               int          flag)
{
  e->key = key;
  e->move = move;
  e->score = (int16_t) score;
  e->depth = (int8_t) depth;
  e->flag = (uint8_t) flag;
}

/* ------------------------------------------------------------------------ */
/* A search: its limits, nodes, clock and table                              */

typedef struct {
  const LudoSearchLimits *limits;
  uint64_t        nodes;
  struct timespec start;
  bool            stopped;
  int             iteration;      /* the depth being searched, from 1 */
  uint64_t        noise_seed;
  LudoTT          tt;
  /* An evaluation (a review of a game) rather than a move to play: the
   * position is searched even with one move, for seat (paranoid engines;
   * a negamax engine's score is the player to move's), and exclude, a
   * root move, is not searched (the second best move's value). */
  bool            evaluating;
  int             seat;
  uint32_t        exclude;
} LudoSearch;

static inline int
ludo_search_elapsed_ms (const LudoSearch *s)
{
  struct timespec now;

  clock_gettime (CLOCK_MONOTONIC, &now);
  return (int) ((now.tv_sec - s->start.tv_sec) * 1000 + (now.tv_nsec - s->start.tv_nsec) / 1000000);
}

/* Starts the clock with a table of 2^tt_bits entries; false if there is
 * no memory for it. */
static inline bool
ludo_search_begin (LudoSearch             *s,
                   const LudoSearchLimits *limits,
                   int                     tt_bits)
{
  s->limits = limits;
  s->nodes = 0;
  s->stopped = false;
  s->iteration = 0;
  s->tt.entries = calloc ((size_t) 1 << tt_bits, sizeof (LudoTTEntry));
  s->tt.mask = ((uint64_t) 1 << tt_bits) - 1;
  s->noise_seed = limits->seed * 0x9E3779B97F4A7C15ull + 1;
  clock_gettime (CLOCK_MONOTONIC, &s->start);
  return s->tt.entries != NULL;
}

static inline void
ludo_search_end (LudoSearch *s)
{
  free (s->tt.entries);
  s->tt.entries = NULL;
}

/* Must the search stop? Once the nodes are spent (with first_ends, not
 * before the first iteration is done: a level always plays a searched
 * move), and, every check_mask + 1 nodes, once the time is up or the stop
 * function says so. Stays true once true. */
static inline bool
ludo_search_spent (LudoSearch *s,
                   uint64_t    check_mask,
                   bool        first_ends)
{
  const LudoSearchLimits *limits = s->limits;

  if (s->stopped)
    return true;
  if (limits->max_nodes && s->nodes >= limits->max_nodes && (!first_ends || s->iteration > 1))
    return s->stopped = true;
  if ((s->nodes & check_mask) != 0)
    return false;
  if (limits->stop && limits->stop (limits->stop_data))
    return s->stopped = true;
  if (limits->max_ms > 0 && ludo_search_elapsed_ms (s) >= limits->max_ms)
    return s->stopped = true;
  return false;
}

/* The seeded noise of a position, -limits->noise … limits->noise: the
 * same position gets the same noise within a search. */
static inline int
ludo_search_noise (const LudoSearch *s,
                   uint64_t          hash)
{
  uint64_t z = hash ^ s->noise_seed;
  int noise = s->limits->noise;

  if (noise <= 0)
    return 0;
  z = (z ^ (z >> 31)) * 0x9E3779B97F4A7C15ull;
  z ^= z >> 29;
  return (int) (z % (uint64_t) (2 * noise + 1)) - noise;
}
