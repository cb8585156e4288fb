/* logik-ai.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "logik-ai.h"

#include <glib.h>
#include <math.h>
#include <string.h>

/* Work allowed for one guess, in scorings of a candidate against a remaining
 * code (a few nanoseconds each): about 0.2 s on a slow machine. Larger
 * boards sample their candidates to stay within it. */
#define HARD_BUDGET   (40u * 1000u * 1000u)
/* Rollouts (see guess_hard) are used once at most this many codes remain,
 * for this many candidates of each kind. */
#define ROLLOUT_MAX_SET       6000
#define ROLLOUT_CONSISTENT    12
#define ROLLOUT_INCONSISTENT  4
#define MEDIUM_CANDIDATES  24
#define MEDIUM_SAMPLE      600

struct _LogikTable {
  int       places;
  int       colours;
  uint32_t  n;
  uint32_t *pegs;    /* 4 bits per place, place 0 lowest */
  uint64_t *counts;  /* 4 bits per colour: how often it occurs */
  uint32_t  first_guess;
};

/* ------------------------------------------------------------------------ */
/* Scoring                                                                  */

#define NIBBLE_LOW  0x1111111111111111ull
#define NIBBLE_HIGH 0x8888888888888888ull

static inline int
feedback (const LogikTable *t,
          uint32_t          a,
          uint32_t          b)
{
  /* blacks: places whose nibbles are equal */
  uint32_t x = t->pegs[a] ^ t->pegs[b];
  uint32_t differ = (x | x >> 1 | x >> 2 | x >> 3) & 0x111111u;
  int blacks = t->places - __builtin_popcount (differ);

  /* common colours: sum over colours of min(count in a, count in b);
   * counts are at most 6, so a guard bit per nibble keeps the subtraction
   * from borrowing across colours. */
  uint64_t ca = t->counts[a], cb = t->counts[b];
  uint64_t ge = (((ca | NIBBLE_HIGH) - cb) & NIBBLE_HIGH) >> 3;  /* 1 where ca >= cb */
  uint64_t mask = ge * 0xF;
  uint64_t m = (cb & mask) | (ca & ~mask);
  m = (m & 0x0F0F0F0F0F0F0F0Full) + ((m >> 4) & 0x0F0F0F0F0F0F0F0Full);
  int common = (int) ((m * 0x0101010101010101ull) >> 56);

  return blacks * (LOGIK_MAX_PLACES + 1) + (common - blacks);
}

static inline int
score_class (const LogikTable *t,
             LogikScore        sc)
{
  (void) t;
  return sc.blacks * (LOGIK_MAX_PLACES + 1) + sc.whites;
}

int
logik_table_feedback (const LogikTable *t,
                      uint32_t          a,
                      uint32_t          b)
{
  return feedback (t, a, b);
}

/* ------------------------------------------------------------------------ */
/* Random numbers: xorshift64*, so a seed gives the same game everywhere     */

uint64_t
logik_rng_next (uint64_t *rng)
{
  uint64_t x = *rng ? *rng : 0x9E3779B97F4A7C15ull;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *rng = x;
  return x * 0x2545F4914F6CDD1Dull;
}

static uint32_t
rng_below (uint64_t *rng,
           uint32_t  n)
{
  return (uint32_t) ((logik_rng_next (rng) >> 32) * n >> 32);
}

/* ------------------------------------------------------------------------ */
/* Partitions                                                               */

/* Σ n·log2 n over the feedback classes of candidate g on the codes set[]:
 * the smaller, the more the feedback tells (maximum entropy). */
static double
partition_cost (const LogikTable *t,
                uint32_t          g,
                const uint32_t   *set,
                uint32_t          n_set,
                const double     *nlogn,
                int              *n_parts)
{
  uint32_t hist[LOGIK_N_FEEDBACK] = { 0 };
  double cost = 0;
  int parts = 0;

  for (uint32_t i = 0; i < n_set; i++)
    hist[feedback (t, g, set[i])]++;
  for (int k = 0; k < LOGIK_N_FEEDBACK; k++)
    if (hist[k])
      {
        cost += nlogn[hist[k]];
        parts++;
      }
  if (n_parts)
    *n_parts = parts;
  return cost;
}

static double *
nlogn_table (uint32_t n)
{
  double *table = g_new (double, n + 1);

  table[0] = 0;
  for (uint32_t i = 1; i <= n; i++)
    table[i] = i * log2 ((double) i);
  return table;
}

/* ------------------------------------------------------------------------ */
/* Tables                                                                   */

/* The first guess: try one code of each shape (AAAAA, AAAAB, … ABCDE) —
 * with nothing known, every code of a shape is as good as any other. */
static uint32_t
best_first_guess (const LogikTable *t)
{
  int shape[LOGIK_MAX_PLACES + 1];
  uint32_t *all = g_new (uint32_t, t->n);
  double *nlogn = nlogn_table (t->n);
  double best_cost = INFINITY;
  uint32_t best = 0;

  for (uint32_t i = 0; i < t->n; i++)
    all[i] = i;

  /* Enumerate shapes as non-increasing sequences of repeat counts. */
  shape[0] = t->places;
  int len = 1;
  for (;;)
    {
      if (len <= t->colours)
        {
          LogikCode code = { { 0 } };
          int p = 0;
          for (int c = 0; c < len; c++)
            for (int k = 0; k < shape[c]; k++)
              code.peg[p++] = (uint8_t) c;
          uint32_t index = logik_code_to_index (&code, t->places, t->colours);
          double cost = partition_cost (t, index, all, t->n, nlogn, NULL);
          if (cost < best_cost - 1e-9)
            {
              best_cost = cost;
              best = index;
            }
        }
      /* next partition of places in reverse lexicographic order */
      int rest = 0;
      while (len > 0 && shape[len - 1] == 1)
        {
          rest++;
          len--;
        }
      if (len == 0)
        break;
      int v = --shape[len - 1];
      rest++;
      while (rest > 0)
        {
          int part = rest < v ? rest : v;
          shape[len++] = part;
          rest -= part;
        }
    }

  g_free (nlogn);
  g_free (all);
  return best;
}

static LogikTable *
table_new (int places,
           int colours)
{
  LogikTable *t = g_new0 (LogikTable, 1);

  t->places = places;
  t->colours = colours;
  t->n = logik_n_codes (places, colours);
  t->pegs = g_new (uint32_t, t->n);
  t->counts = g_new (uint64_t, t->n);
  for (uint32_t i = 0; i < t->n; i++)
    {
      LogikCode code;
      uint32_t pegs = 0;
      uint64_t counts = 0;

      logik_code_from_index (i, places, colours, &code);
      for (int p = 0; p < places; p++)
        {
          pegs |= (uint32_t) code.peg[p] << (4 * p);
          counts += 1ull << (4 * code.peg[p]);
        }
      t->pegs[i] = pegs;
      t->counts[i] = counts;
    }
  t->first_guess = best_first_guess (t);
  return t;
}

const LogikTable *
logik_table_get (int places,
                 int colours)
{
  static GMutex lock;
  static LogikTable *tables[LOGIK_MAX_PLACES + 1][LOGIK_MAX_COLOURS + 1];
  LogikTable *t;

  g_return_val_if_fail (places >= 1 && places <= LOGIK_MAX_PLACES, NULL);
  g_return_val_if_fail (colours >= 2 && colours <= LOGIK_MAX_COLOURS, NULL);

  g_mutex_lock (&lock);
  if (tables[places][colours] == NULL)
    tables[places][colours] = table_new (places, colours);
  t = tables[places][colours];
  g_mutex_unlock (&lock);
  return t;
}

uint32_t logik_table_n_codes (const LogikTable *t) { return t->n; }
int      logik_table_places  (const LogikTable *t) { return t->places; }
int      logik_table_colours (const LogikTable *t) { return t->colours; }

/* ------------------------------------------------------------------------ */
/* Consistency                                                              */

bool
logik_is_consistent (const LogikTable *t,
                     const LogikClue  *clues,
                     int               n_clues,
                     uint32_t          code)
{
  for (int k = 0; k < n_clues; k++)
    if (feedback (t, clues[k].guess, code) != score_class (t, clues[k].score))
      return false;
  return true;
}

uint32_t
logik_consistent (const LogikTable *t,
                  const LogikClue  *clues,
                  int               n_clues,
                  uint32_t         *out)
{
  uint32_t n = 0;

  for (uint32_t i = 0; i < t->n; i++)
    if (logik_is_consistent (t, clues, n_clues, i))
      out[n++] = i;
  return n;
}

/* Colours that no clue's guess has used: they are interchangeable. */
static unsigned
free_colours (const LogikTable *t,
              const LogikClue  *clues,
              int               n_clues)
{
  unsigned used = 0;

  for (int k = 0; k < n_clues; k++)
    for (int p = 0; p < t->places; p++)
      used |= 1u << ((t->pegs[clues[k].guess] >> (4 * p)) & 0xF);
  return ((1u << t->colours) - 1) & ~used;
}

/* A code is the canonical one of its class when the free colours it uses
 * appear, from place 0 on, in increasing order. */
static bool
is_canonical (const LogikTable *t,
              uint32_t          code,
              unsigned          free)
{
  unsigned seen = 0;
  unsigned next = free;

  for (int p = 0; p < t->places; p++)
    {
      unsigned c = (t->pegs[code] >> (4 * p)) & 0xF;
      unsigned bit = 1u << c;

      if (!(free & bit) || (seen & bit))
        continue;
      if (bit != (next & -next))   /* must be the lowest free colour not yet used */
        return false;
      seen |= bit;
      next &= ~bit;
    }
  return true;
}

/* ------------------------------------------------------------------------ */
/* Levels                                                                   */

static void
shuffle_prefix (uint32_t *a,
                uint32_t  n,
                uint32_t  k,
                uint64_t *rng)
{
  for (uint32_t i = 0; i < k && i < n; i++)
    {
      uint32_t j = i + rng_below (rng, n - i);
      uint32_t tmp = a[i];
      a[i] = a[j];
      a[j] = tmp;
    }
}

static uint32_t
guess_medium (const LogikTable *t,
              uint32_t         *set,
              uint32_t          n_set,
              uint64_t         *rng)
{
  uint32_t n_cand = MIN (n_set, MEDIUM_CANDIDATES);
  uint32_t cand[MEDIUM_CANDIDATES];
  uint32_t *sample;
  uint32_t n_sample = MIN (n_set, MEDIUM_SAMPLE);
  uint32_t best = set[0];
  int best_parts = -1;

  shuffle_prefix (set, n_set, n_cand, rng);
  memcpy (cand, set, n_cand * sizeof (uint32_t));
  shuffle_prefix (set, n_set, n_sample, rng);
  sample = set;

  for (uint32_t i = 0; i < n_cand; i++)
    {
      uint32_t seen[LOGIK_N_FEEDBACK] = { 0 };
      int parts = 0;

      for (uint32_t j = 0; j < n_sample; j++)
        {
          int f = feedback (t, cand[i], sample[j]);
          parts += !seen[f];
          seen[f] = 1;
        }
      if (parts > best_parts)
        {
          best_parts = parts;
          best = cand[i];
        }
    }
  return best;
}

/* Rollouts. The value of a guess is the total number of guesses needed to
 * solve every remaining code when this guess is followed by the base policy:
 * the consistent code of maximum entropy. Choosing the guess with the best
 * rollout is never worse than the base policy itself, and in practice much
 * better (5 places × 8 colours: 5.46 guesses on average instead of 5.54,
 * and at most 7 instead of 9). */
typedef struct {
  double total;   /* guesses summed over the codes of the set */
  int    depth;   /* most guesses any of them needs */
} Rollout;

static uint32_t
greedy_pick (const LogikTable *t,
             const uint32_t   *set,
             uint32_t          n,
             const double     *nlogn)
{
  double best_cost = INFINITY;
  uint32_t best = set[0];

  for (uint32_t i = 0; i < n; i++)
    {
      double cost = partition_cost (t, set[i], set, n, nlogn, NULL);
      if (cost < best_cost - 1e-9)
        {
          best_cost = cost;
          best = set[i];
        }
    }
  return best;
}

static Rollout policy_rollout (const LogikTable *t, const uint32_t *set, uint32_t n, const double *nlogn);

static Rollout
split_rollout (const LogikTable *t,
               uint32_t          g,
               const uint32_t   *set,
               uint32_t          n,
               const double     *nlogn)
{
  const int solved = t->places * (LOGIK_MAX_PLACES + 1);
  uint32_t hist[LOGIK_N_FEEDBACK] = { 0 };
  uint32_t start[LOGIK_N_FEEDBACK + 1];
  uint32_t pos[LOGIK_N_FEEDBACK];
  uint8_t *fb = g_new (uint8_t, n);
  uint32_t *sorted = g_new (uint32_t, n);
  Rollout r = { n, 1 };

  /* bucket the set by feedback class */
  for (uint32_t i = 0; i < n; i++)
    hist[fb[i] = (uint8_t) feedback (t, g, set[i])]++;
  start[0] = 0;
  for (int k = 0; k < LOGIK_N_FEEDBACK; k++)
    start[k + 1] = start[k] + hist[k];
  memcpy (pos, start, sizeof pos);
  for (uint32_t i = 0; i < n; i++)
    sorted[pos[fb[i]]++] = set[i];

  for (int k = 0; k < LOGIK_N_FEEDBACK; k++)
    {
      if (hist[k] == 0 || k == solved)
        continue;
      Rollout sub = policy_rollout (t, sorted + start[k], hist[k], nlogn);
      r.total += sub.total;
      r.depth = MAX (r.depth, sub.depth + 1);
    }
  g_free (sorted);
  g_free (fb);
  return r;
}

static Rollout
policy_rollout (const LogikTable *t,
                const uint32_t   *set,
                uint32_t          n,
                const double     *nlogn)
{
  if (n == 1)
    return (Rollout) { 1, 1 };
  if (n == 2)
    return (Rollout) { 3, 2 };
  return split_rollout (t, greedy_pick (t, set, n, nlogn), set, n, nlogn);
}

/* Moves the k best-ranked candidates (lowest cost) of one kind to the front
 * of the order array and returns how many there were. */
static uint32_t
take_best (const double  *cost,
           const uint8_t *consistent,
           uint32_t       n,
           bool           want_consistent,
           uint32_t       k,
           uint32_t      *order)
{
  uint32_t taken = 0;
  uint8_t *used = g_new0 (uint8_t, n);

  while (taken < k)
    {
      uint32_t best = UINT32_MAX;
      for (uint32_t i = 0; i < n; i++)
        if (!used[i] && consistent[i] == want_consistent &&
            (best == UINT32_MAX || cost[i] < cost[best]))
          best = i;
      if (best == UINT32_MAX)
        break;
      used[best] = 1;
      order[taken++] = best;
    }
  g_free (used);
  return taken;
}

static uint32_t
guess_hard (const LogikTable *t,
            const LogikClue  *clues,
            int               n_clues,
            uint32_t         *set,
            uint32_t          n_set,
            uint64_t         *rng,
            LogikStopFunc     stop,
            void             *stop_data)
{
  unsigned free = free_colours (t, clues, n_clues);
  uint32_t *cand = g_new (uint32_t, t->n);
  uint8_t *consistent;
  double *cost;
  uint32_t n_cand = 0;
  uint32_t n_eval = n_set;
  double *nlogn;
  uint32_t best = UINT32_MAX;

  /* Every code is a candidate, inconsistent ones too: a code that cannot be
   * the answer sometimes splits the rest far better. Only one code of each
   * class of free-colour permutations needs looking at. */
  for (uint32_t i = 0; i < t->n; i++)
    if (is_canonical (t, i, free))
      cand[n_cand++] = i;

  /* Over budget (large boards only): sample the candidates, then if need
   * be the codes they are scored against. The sample is seeded, so the
   * guess stays reproducible. */
  if ((uint64_t) n_cand * n_set > HARD_BUDGET)
    {
      uint32_t keep = MAX (64u, HARD_BUDGET / n_set);
      if (keep < n_cand)
        {
          shuffle_prefix (cand, n_cand, keep, rng);
          n_cand = keep;
        }
      if ((uint64_t) n_cand * n_set > HARD_BUDGET)
        {
          n_eval = HARD_BUDGET / n_cand;
          shuffle_prefix (set, n_set, n_eval, rng);
        }
    }

  nlogn = nlogn_table (n_set);
  consistent = g_new (uint8_t, n_cand);
  cost = g_new (double, n_cand);
  for (uint32_t i = 0; i < n_cand; i++)
    {
      if (stop && (i & 255) == 0 && stop (stop_data))
        goto out;
      consistent[i] = logik_is_consistent (t, clues, n_clues, cand[i]);
      cost[i] = partition_cost (t, cand[i], set, n_eval, nlogn, NULL);
    }

  if (n_set <= ROLLOUT_MAX_SET)
    {
      /* Roll out the most informative consistent and inconsistent codes. */
      uint32_t order[ROLLOUT_CONSISTENT + ROLLOUT_INCONSISTENT];
      uint32_t n_order = take_best (cost, consistent, n_cand, true, ROLLOUT_CONSISTENT, order);
      Rollout best_r = { INFINITY, 0 };

      n_order += take_best (cost, consistent, n_cand, false, ROLLOUT_INCONSISTENT, order + n_order);
      for (uint32_t j = 0; j < n_order; j++)
        {
          uint32_t i = order[j];
          if (stop && stop (stop_data))
            {
              best = UINT32_MAX;
              goto out;
            }
          Rollout r = split_rollout (t, cand[i], set, n_set, nlogn);
          /* ties: the code that may be the answer, then the shallower tree */
          if (r.total < best_r.total - 1e-9 ||
              (r.total < best_r.total + 1e-9 && r.depth < best_r.depth))
            {
              best_r = r;
              best = cand[i];
            }
        }
    }
  else
    {
      /* Too many codes left to roll out: maximum entropy, and between equals
       * the code that may be the answer. */
      double best_cost = INFINITY;
      for (uint32_t i = 0; i < n_cand; i++)
        {
          double c = cost[i] - (consistent[i] ? 1e-6 : 0);
          if (c < best_cost - 1e-9)
            {
              best_cost = c;
              best = cand[i];
            }
        }
    }

out:
  g_free (cost);
  g_free (consistent);
  g_free (nlogn);
  g_free (cand);
  return best;
}

uint32_t
logik_ai_guess (const LogikTable *t,
                const LogikClue  *clues,
                int               n_clues,
                LogikLevel        level,
                uint64_t         *rng,
                LogikStopFunc     stop,
                void             *stop_data)
{
  uint32_t *set;
  uint32_t n_set;
  uint32_t guess;

  if (n_clues == 0 && level != LOGIK_LEVEL_EASY)
    return t->first_guess;

  set = g_new (uint32_t, t->n);
  n_set = logik_consistent (t, clues, n_clues, set);
  if (n_set == 0)
    guess = UINT32_MAX;
  else if (n_set <= 2)
    guess = set[level == LOGIK_LEVEL_EASY ? rng_below (rng, n_set) : 0];
  else if (level == LOGIK_LEVEL_EASY)
    guess = set[rng_below (rng, n_set)];
  else if (level == LOGIK_LEVEL_MEDIUM)
    guess = guess_medium (t, set, n_set, rng);
  else
    guess = guess_hard (t, clues, n_clues, set, n_set, rng, stop, stop_data);
  g_free (set);
  return guess;
}

double
logik_ai_expected_guesses (const LogikTable *t,
                           const LogikClue  *clues,
                           int               n_clues,
                           uint32_t          guess)
{
  uint32_t *set = g_new (uint32_t, t->n);
  uint32_t n_set = logik_consistent (t, clues, n_clues, set);
  double expected = -1;

  if (n_set > 0 && n_set <= ROLLOUT_MAX_SET)
    {
      double *nlogn = nlogn_table (n_set);
      Rollout r = split_rollout (t, guess, set, n_set, nlogn);

      /* a guess that may be the code ends the game when it is: the
       * rollout counts it as the solving guess of that code */
      expected = r.total / n_set;
      g_free (nlogn);
    }
  g_free (set);
  return expected;
}

uint32_t
logik_ai_random_code (const LogikTable *t,
                      uint64_t         *rng)
{
  return rng_below (rng, t->n);
}
