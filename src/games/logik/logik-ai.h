/* logik-ai.h — the computer's code breaker for Logik
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Easy:   a random code consistent with every clue so far.
 * Medium: a fixed good first guess, then the consistent code that splits a
 *         sample of the remaining codes into the most feedback classes.
 * Hard:   the first guess of greatest entropy, then a rollout search: the
 *         most informative candidates are each followed by a greedy policy
 *         to the end and the one that needs the fewest guesses in total is
 *         played. Candidates include codes that cannot be the answer, when
 *         they split the remaining codes better (that is how the published
 *         heuristics reach their figures); free colours — colours no guess
 *         has used yet — are interchangeable, so one code of each class of
 *         such codes is enough.
 * Easy and Medium only ever guess codes consistent with the clues.
 */
#pragma once

#include "logik-rules.h"

typedef enum {
  LOGIK_LEVEL_EASY,
  LOGIK_LEVEL_MEDIUM,
  LOGIK_LEVEL_HARD,
} LogikLevel;

/* Every code of one (places, colours) size, prepared for fast scoring.
 * Shared and immutable: safe to use from several threads. */
typedef struct _LogikTable LogikTable;

typedef struct {
  uint32_t   guess;   /* code index */
  LogikScore score;
} LogikClue;

/* Returns true to stop the search early (the caller was cancelled). */
typedef bool (*LogikStopFunc) (void *data);

const LogikTable *logik_table_get       (int places, int colours);
uint32_t          logik_table_n_codes   (const LogikTable *t);
int               logik_table_places    (const LogikTable *t);
int               logik_table_colours   (const LogikTable *t);
/* Feedback class 0 … LOGIK_N_FEEDBACK-1 of two code indices */
int               logik_table_feedback  (const LogikTable *t, uint32_t a, uint32_t b);

/* Collects in out (room for logik_table_n_codes) the codes consistent with
 * every clue; returns their number. */
uint32_t          logik_consistent      (const LogikTable *t, const LogikClue *clues, int n_clues,
                                         uint32_t *out);
bool              logik_is_consistent   (const LogikTable *t, const LogikClue *clues, int n_clues,
                                         uint32_t code);

/* The next guess for a code breaker that has had the clues so far. rng is a
 * state for a xorshift generator (any non-zero seed); the same seed gives the
 * same guess. Returns UINT32_MAX if no code is consistent with the clues
 * (they contradict each other) or if stop said so. */
uint32_t          logik_ai_guess        (const LogikTable *t, const LogikClue *clues, int n_clues,
                                         LogikLevel level, uint64_t *rng,
                                         LogikStopFunc stop, void *stop_data);

/* A secret code drawn uniformly at random. */
uint32_t          logik_ai_random_code  (const LogikTable *t, uint64_t *rng);
/* The expected number of guesses, guess included, to solve a code of those
 * clues leave (every one alike) with guess and then the Hard breaker's
 * policy; -1 if too many codes are left to count them. */
double            logik_ai_expected_guesses (const LogikTable *t, const LogikClue *clues, int n_clues,
                                             uint32_t guess);

uint64_t          logik_rng_next        (uint64_t *rng);
