/* kombi-ai.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "kombi-ai.h"

#define INF 30000
#define N_ELEMENTS(a) (sizeof (a) / sizeof ((a)[0]))

/* What the rest of a game depends on, for the side searched for: the
 * covered fields, which of them count (the target's), the markers and
 * whose turn it is. */
typedef struct {
  uint64_t claimed;
  uint64_t mine;
  uint8_t  marks[KOMBI_MAX_TASK_PLAYERS];
  uint8_t  claims;
  uint8_t  task_turns;
  uint8_t  ct[KOMBI_SECTORS];   /* the target's covered fields using each sector */
} Node;

typedef struct {
  uint64_t k1;          /* claimed | marks << 35 | task turn << 49 | 1 << 63 (used) */
  uint64_t k2;          /* mine */
  int16_t  lo, hi;
  uint8_t  depth;
} Entry;

typedef struct {
  /* the game */
  int           field_players, task_players, limit, shifts;
  unsigned      target;         /* field roles whose fields count */
  /* the search */
  Entry        *table;
  size_t        table_mask;
  uint64_t      nodes, max_nodes;
  int64_t       deadline_us;
  KombiStopFunc stop;
  void         *stop_data;
  bool          aborted;
  int           noise;
  uint64_t      seed;
} Search;

static int64_t
now_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static uint64_t
mix64 (uint64_t x)
{
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

/* ------------------------------------------------------------------------ */
/* Values                                                                    */

static inline int
set_value (const uint8_t *ct,
           uint8_t        set)
{
  int v = 0;

  for (int s = 0; s < KOMBI_SECTORS; s++)
    if (set >> s & 1)
      v += ct[s];
  return v;
}

/* The value of the target's fields with the markers as they stand. */
static inline int
standing_value (const Search *S,
                const Node   *n)
{
  int v = 0;

  for (int t = 0; t < S->task_players; t++)
    v += set_value (n->ct, n->marks[t]);
  return v;
}

/* The least a task field at set can be brought to in one turn (the task
 * player always plays against the target): move the markers on the
 * most-used sectors to the least-used free ones. */
static int
best_task_value (const Search  *S,
                 const uint8_t *ct,
                 uint8_t        set)
{
  int in1 = -1, in2 = -1, out1 = INF, out2 = INF, v = 0, best;

  if (set == 0)
    {
      /* a first marking: the three least-used sectors */
      int sorted[KOMBI_SECTORS];
      memcpy (sorted, (int[]) { ct[0], ct[1], ct[2], ct[3], ct[4], ct[5], ct[6] }, sizeof sorted);
      for (int i = 1; i < KOMBI_SECTORS; i++)
        for (int j = i; j > 0 && sorted[j] < sorted[j - 1]; j--)
          {
            int x = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = x;
          }
      return sorted[0] + sorted[1] + sorted[2];
    }
  for (int s = 0; s < KOMBI_SECTORS; s++)
    {
      int c = ct[s];
      if (set >> s & 1)
        {
          v += c;
          if (c > in1)
            {
              in2 = in1;
              in1 = c;
            }
          else if (c > in2)
            in2 = c;
        }
      else if (c < out1)
        {
          out2 = out1;
          out1 = c;
        }
      else if (c < out2)
        out2 = c;
    }
  best = v - in1 + out1;
  if (S->shifts >= 2 && v - in1 - in2 + out1 + out2 < best)
    best = v - in1 - in2 + out1 + out2;
  return best;
}

static inline bool
game_over (const Search *S,
           const Node   *n)
{
  return n->claims >= S->limit && n->task_turns == n->claims;
}

static inline bool
task_to_move (const Node *n)
{
  return n->task_turns < n->claims;
}

/* Does the side to move play for the target? */
static inline bool
maximizing (const Search *S,
            const Node   *n)
{
  return !task_to_move (n) && (S->target >> (n->claims % S->field_players) & 1);
}

/* The last task turn of the game, worked out: the other task fields stand
 * as they are. */
static int
last_task_value (const Search *S,
                 const Node   *n)
{
  int t = n->task_turns % S->task_players, v = 0;

  for (int k = 0; k < S->task_players; k++)
    if (k != t)
      v += set_value (n->ct, n->marks[k]);
  return (v + best_task_value (S, n->ct, n->marks[t])) * KOMBI_EIGHTHS;
}

/* What a position not searched to the end is worth: the standing value if
 * each marked task field made its best move now, and a share of what the
 * claims still to come will bring (9/7 of a point a field and task field,
 * by chance). */
static int
evaluate (const Search *S,
          const Node   *n)
{
  int v = 0, in_play = 0, own_left = 0;

  for (int t = 0; t < S->task_players; t++)
    if (n->marks[t])
      {
        v += best_task_value (S, n->ct, n->marks[t]) * KOMBI_EIGHTHS;
        in_play++;
      }
  for (int c = n->claims; c < S->limit; c++)
    if (S->target >> (c % S->field_players) & 1)
      own_left++;
  /* every task field will be in play by the end but with a single claim */
  return v + own_left * (S->task_players * 9 * KOMBI_EIGHTHS) / 7;
}

static void
play (const Search *S,
      Node         *n,
      KombiMove     move)
{
  if (KOMBI_MOVE_IS_CLAIM (move))
    {
      int f = KOMBI_MOVE_FIELD (move);
      uint8_t set = kombi_field_sectors[f];
      if (S->target >> (n->claims % S->field_players) & 1)
        {
          n->mine |= 1ull << f;
          for (int s = 0; s < KOMBI_SECTORS; s++)
            n->ct[s] += set >> s & 1;
        }
      n->claimed |= 1ull << f;
      n->claims++;
    }
  else
    {
      n->marks[n->task_turns % S->task_players] = KOMBI_MOVE_SET (move);
      n->task_turns++;
    }
}

static int
gen_moves (const Search *S,
           const Node   *n,
           KombiMove    *moves)
{
  int count = 0;

  if (task_to_move (n))
    {
      uint8_t old = n->marks[n->task_turns % S->task_players];
      for (int f = 0; f < KOMBI_FIELDS; f++)
        {
          uint8_t set = kombi_field_sectors[f];
          int moved = KOMBI_MARKED - __builtin_popcount (set & old);
          if (old == 0 || (moved >= 1 && moved <= S->shifts))
            moves[count++] = KOMBI_MOVE_MARKS (set);
        }
      return count;
    }
  for (int f = 0; f < KOMBI_FIELDS; f++)
    if (!(n->claimed >> f & 1))
      moves[count++] = KOMBI_MOVE_CLAIM (f);
  return count;
}

static uint8_t field_index[128];
static uint8_t field_triple[KOMBI_FIELDS][KOMBI_MARKED];
/* the fields sharing 3, 2 and 1 sectors with each field's set */
static uint64_t overlap[KOMBI_FIELDS][KOMBI_MARKED + 1];

static inline int
triple_sum (const uint8_t *ct,
            int            field)
{
  const uint8_t *t = field_triple[field];

  return ct[t[0]] + ct[t[1]] + ct[t[2]];
}

/* A rough order, best for the side to move first: claims by what they
 * match now (a rival takes what the target wants most), task moves by
 * what they leave. */
static void
order_moves (const Search *S,
             const Node   *n,
             KombiMove    *moves,
             int           count)
{
  int keys[KOMBI_MAX_MOVES];

  for (int i = 0; i < count; i++)
    {
      if (KOMBI_MOVE_IS_CLAIM (moves[i]))
        {
          int f = KOMBI_MOVE_FIELD (moves[i]);
          uint8_t set = kombi_field_sectors[f];
          int k = 0;
          for (int t = 0; t < S->task_players; t++)
            k += kombi_match (set, n->marks[t]) * 8;
          /* fields on the target's least-used sectors spread its claims */
          keys[i] = k - triple_sum (n->ct, f);
        }
      else
        keys[i] = -triple_sum (n->ct, field_index[KOMBI_MOVE_SET (moves[i])]);
    }
  for (int i = 1; i < count; i++)
    for (int j = i; j > 0 && keys[j] > keys[j - 1]; j--)
      {
        int k = keys[j]; keys[j] = keys[j - 1]; keys[j - 1] = k;
        KombiMove m = moves[j]; moves[j] = moves[j - 1]; moves[j - 1] = m;
      }
}

/* The last claim of the game and the task turn after it, worked out. */
static int
last_claim_value (Search     *S,
                  const Node *n,
                  int         alpha,
                  int         beta)
{
  bool max = maximizing (S, n);
  uint64_t free = ~n->claimed & ((1ull << KOMBI_FIELDS) - 1);
  Node child = *n;
  int best = max ? -INF : INF;

  child.claims++;
  S->nodes++;
  if (!max)
    /* a rival's field does not count: every claim leaves the same */
    return last_task_value (S, &child);
  for (; free; free &= free - 1)
    {
      const uint8_t *t = field_triple[__builtin_ctzll (free)];
      int v;

      child.ct[t[0]]++, child.ct[t[1]]++, child.ct[t[2]]++;
      v = last_task_value (S, &child);
      child.ct[t[0]]--, child.ct[t[1]]--, child.ct[t[2]]--;
      if (v > best)
        {
          best = v;
          if (best >= beta)
            break;
        }
    }
  return best;
}

/* ------------------------------------------------------------------------ */
/* The seven sectors' symmetry                                               */

static void
init_tables (void)
{
  static bool done;

  if (done)
    return;
  memset (field_index, 0xff, sizeof field_index);
  for (int f = 0; f < KOMBI_FIELDS; f++)
    {
      int k = 0;
      field_index[kombi_field_sectors[f]] = f;
      for (int g = 0; g < KOMBI_FIELDS; g++)
        overlap[f][kombi_match (kombi_field_sectors[f], kombi_field_sectors[g])] |= 1ull << g;
      for (int s = 0; s < KOMBI_SECTORS; s++)
        if (kombi_field_sectors[f] >> s & 1)
          field_triple[f][k++] = s;
    }
  done = true;
}

static inline uint8_t
map_set (const uint8_t *to,
         uint8_t        set)
{
  uint8_t out = 0;

  for (; set; set &= set - 1)
    out |= 1 << to[__builtin_ctz (set)];
  return out;
}

static inline uint64_t
map_fields (const uint8_t *to,
            uint64_t       fields)
{
  uint64_t out = 0;

  for (; fields; fields &= fields - 1)
    out |= 1ull << field_index[map_set (to, kombi_field_sectors[__builtin_ctzll (fields)])];
  return out;
}

typedef struct {
  uint64_t k1, k2;
} Key;

static inline bool
key_less (Key a,
          Key b)
{
  return a.k1 < b.k1 || (a.k1 == b.k1 && a.k2 < b.k2);
}

static Key
make_key (const Node *n,
          uint64_t    claimed,
          uint64_t    mine,
          uint8_t     m0,
          uint8_t     m1)
{
  Key key;

  key.k1 = claimed | (uint64_t) m0 << 35 | (uint64_t) m1 << 42
           | (uint64_t) (task_to_move (n) ? 1 : 0) << 49 | 1ull << 63;
  key.k2 = mine;
  return key;
}

/* The least key over every relabelling of the sectors that keeps what
 * tells them apart: sectors are first sorted by what is on them and
 * around them, and only sectors alike are tried in every order. */
static Key
canonical_key (const Node *n)
{
  uint64_t sig[KOMBI_SECTORS], sig2[KOMBI_SECTORS];
  int order[KOMBI_SECTORS], groups[KOMBI_SECTORS + 1], n_groups = 0;
  uint8_t to[KOMBI_SECTORS];
  int perm[KOMBI_SECTORS];
  Key best = { UINT64_MAX, UINT64_MAX };

  for (int s = 0; s < KOMBI_SECTORS; s++)
    {
      int covered = 0;
      for (uint64_t f = n->claimed; f; f &= f - 1)
        covered += kombi_field_sectors[__builtin_ctzll (f)] >> s & 1;
      sig[s] = (n->marks[0] >> s & 1) | (uint64_t) (n->marks[1] >> s & 1) << 1
               | (uint64_t) n->ct[s] << 2 | (uint64_t) covered << 8;
    }
  /* one round of refinement: what the fields through a sector join it to */
  for (int s = 0; s < KOMBI_SECTORS; s++)
    {
      uint64_t h = 0;
      for (uint64_t f = n->claimed; f; f &= f - 1)
        {
          int field = __builtin_ctzll (f);
          uint8_t set = kombi_field_sectors[field];
          if (!(set >> s & 1))
            continue;
          uint64_t a = 0, b = 0;
          for (int r = 0; r < KOMBI_SECTORS; r++)
            if (r != s && (set >> r & 1))
              {
                if (a == 0)
                  a = sig[r] + 1;
                else
                  b = sig[r] + 1;
              }
          if (a > b)
            {
              uint64_t x = a; a = b; b = x;
            }
          h += mix64 (a * 0x9e3779b97f4a7c15ull + b + ((n->mine >> field & 1) << 20));
        }
      sig2[s] = mix64 (sig[s] * 0x100000001b3ull + h);
    }
  for (int s = 0; s < KOMBI_SECTORS; s++)
    order[s] = s;
  for (int i = 1; i < KOMBI_SECTORS; i++)
    for (int j = i; j > 0 && sig2[order[j]] < sig2[order[j - 1]]; j--)
      {
        int x = order[j]; order[j] = order[j - 1]; order[j - 1] = x;
      }
  for (int i = 0; i < KOMBI_SECTORS; i++)
    if (i == 0 || sig2[order[i]] != sig2[order[i - 1]])
      groups[n_groups++] = i;
  groups[n_groups] = KOMBI_SECTORS;

  /* every order within the groups: perm[i] is the sector put at place i */
  memcpy (perm, order, sizeof perm);
  for (;;)
    {
      int g;
      Key key;

      for (int i = 0; i < KOMBI_SECTORS; i++)
        to[perm[i]] = i;
      key = make_key (n, map_fields (to, n->claimed), map_fields (to, n->mine),
                      map_set (to, n->marks[0]), map_set (to, n->marks[1]));
      if (key_less (key, best))
        best = key;
      /* the next permutation, group by group (lexicographic within each) */
      for (g = n_groups - 1; g >= 0; g--)
        {
          int lo = groups[g], hi = groups[g + 1] - 1, i, j;
          for (i = hi - 1; i >= lo && perm[i] > perm[i + 1]; i--)
            ;
          if (i < lo)
            {
              /* this group wraps round to its first order */
              for (int a = lo, b = hi; a < b; a++, b--)
                {
                  int x = perm[a]; perm[a] = perm[b]; perm[b] = x;
                }
              continue;
            }
          for (j = hi; perm[j] < perm[i]; j--)
            ;
          {
            int x = perm[i]; perm[i] = perm[j]; perm[j] = x;
          }
          for (int a = i + 1, b = hi; a < b; a++, b--)
            {
              int x = perm[a]; perm[a] = perm[b]; perm[b] = x;
            }
          break;
        }
      if (g < 0)
        break;
    }
  return best;
}

/* ------------------------------------------------------------------------ */
/* Bounds                                                                    */

/* Can a task field at old reach set in turns turns? */
static inline bool
reachable (const Search *S,
           uint8_t       old,
           uint8_t       set,
           int           turns)
{
  int moved;

  if (turns == 0)
    return set == old;
  if (old == 0)
    return true;
  moved = KOMBI_MARKED - __builtin_popcount (set & old);
  /* a turn moves at least one marker, so standing still takes two */
  return moved <= turns * S->shifts && !(moved == 0 && turns == 1);
}

/* What the rest of the game can bring the target at least and at most:
 * the task fields can end on any set they can reach; at least, the claims
 * to come add nothing; at most, they add the most they could to the set
 * (its own field, then those sharing two sectors with it, …). Each task
 * field is bounded alone, which the sum of their values cannot exceed. */
static void
bounds (const Search *S,
        const Node   *n,
        int          *lo,
        int          *hi)
{
  uint64_t free = ~n->claimed & ((1ull << KOMBI_FIELDS) - 1);
  int turns[KOMBI_MAX_TASK_PLAYERS] = { 0 }, claims = 0;

  for (int c = n->claims; c < S->limit; c++)
    if (S->target >> (c % S->field_players) & 1)
      claims++;
  for (int j = n->task_turns; j < S->limit; j++)
    turns[j % S->task_players]++;
  *lo = *hi = 0;
  for (int t = 0; t < S->task_players; t++)
    {
      int least = INF, most = INF;
      if (n->marks[t] == 0 && turns[t] == 0)
        continue;  /* never in play */
      for (int x = 0; x < KOMBI_FIELDS; x++)
        {
          uint8_t set = kombi_field_sectors[x];
          int v, left = claims, gain = 0;
          if (!reachable (S, n->marks[t], set, turns[t]))
            continue;
          v = triple_sum (n->ct, x);
          if (v < least)
            least = v;
          for (int k = KOMBI_MARKED; k > 0 && left > 0; k--)
            {
              int avail = __builtin_popcountll (free & overlap[x][k]);
              int take = avail < left ? avail : left;
              gain += take * k;
              left -= take;
            }
          if (v + gain < most)
            most = v + gain;
        }
      *lo += least;
      *hi += most;
    }
  *lo *= KOMBI_EIGHTHS;
  *hi *= KOMBI_EIGHTHS;
}

/* ------------------------------------------------------------------------ */
/* The search                                                                */

static bool
out_of_time (Search *S)
{
  if (S->aborted)
    return true;
  if (S->max_nodes && S->nodes >= S->max_nodes)
    S->aborted = true;
  else if ((S->nodes & 1023) == 0
           && ((S->deadline_us && now_us () >= S->deadline_us) || (S->stop && S->stop (S->stop_data))))
    S->aborted = true;
  return S->aborted;
}

static inline int
plies_left (const Search *S,
            const Node   *n)
{
  return 2 * (S->limit - n->claims) + (task_to_move (n) ? 1 : 0);
}

static int
noise (const Search *S,
       const Node   *n)
{
  uint64_t h;

  if (S->noise == 0)
    return 0;
  h = mix64 (S->seed ^ n->claimed * 0x9e3779b97f4a7c15ull ^ (uint64_t) n->marks[0] << 50
             ^ (uint64_t) n->marks[1] << 57 ^ n->mine);
  return (int) (h % (uint64_t) (2 * S->noise + 1)) - S->noise;
}

static int
alphabeta (Search     *S,
           const Node *n,
           int         depth,
           int         alpha,
           int         beta)
{
  KombiMove moves[KOMBI_MAX_MOVES];
  int count, best, alpha0, beta0;
  bool max, use_table;
  Entry *e = NULL;
  Key key = { 0, 0 };

  S->nodes++;
  if (game_over (S, n))
    return standing_value (S, n) * KOMBI_EIGHTHS;
  if (task_to_move (n) && n->claims >= S->limit)
    return last_task_value (S, n);
  if (!task_to_move (n) && n->claims == S->limit - 1 && depth >= 2)
    return last_claim_value (S, n, alpha, beta);
  if (depth <= 0)
    return evaluate (S, n) + noise (S, n);
  if (out_of_time (S))
    return 0;

  /* the last claim and task turn cost less to search than to look up */
  use_table = plies_left (S, n) > 2;
  if (use_table)
    {
      key = canonical_key (n);
      e = &S->table[(mix64 (key.k1 ^ mix64 (key.k2)) & S->table_mask)];
      /* the entry is far off in memory: fetch it while the bounds are worked out */
      __builtin_prefetch (e);
    }
  {
    int lo, hi;
    bounds (S, n, &lo, &hi);
    if (hi <= alpha)
      return hi;
    if (lo >= beta)
      return lo;
  }
  if (use_table)
    {
      if (e->k1 == key.k1 && e->k2 == key.k2 && e->depth >= depth)
        {
          if (e->lo == e->hi || e->lo >= beta)
            return e->lo;
          if (e->hi <= alpha)
            return e->hi;
          if (e->lo > alpha)
            alpha = e->lo;
          if (e->hi < beta)
            beta = e->hi;
        }
    }
  alpha0 = alpha;
  beta0 = beta;
  max = maximizing (S, n);
  count = gen_moves (S, n, moves);
  order_moves (S, n, moves, count);
  best = max ? -INF : INF;
  for (int i = 0; i < count; i++)
    {
      Node child = *n;
      int v;

      play (S, &child, moves[i]);
      v = alphabeta (S, &child, depth - 1, alpha, beta);
      if (S->aborted)
        return 0;
      if (max)
        {
          if (v > best)
            best = v;
          if (best > alpha)
            alpha = best;
        }
      else
        {
          if (v < best)
            best = v;
          if (best < beta)
            beta = best;
        }
      if (alpha >= beta)
        break;
    }
  if (use_table)
    {
      e->k1 = key.k1;
      e->k2 = key.k2;
      e->depth = depth;
      e->lo = best > alpha0 ? best : -INF;
      e->hi = best < beta0 ? best : INF;
      if (best > alpha0 && best < beta0)
        e->lo = e->hi = best;
    }
  return best;
}

static void
node_from_pos (const Search   *S,
               const KombiPos *pos,
               Node           *n)
{
  memset (n, 0, sizeof *n);
  n->claimed = pos->claimed;
  n->claims = pos->claims;
  n->task_turns = pos->task_turns;
  memcpy (n->marks, pos->marks, sizeof n->marks);
  for (int f = 0; f < KOMBI_FIELDS; f++)
    if (pos->owner[f] != KOMBI_NO_OWNER && (S->target >> pos->owner[f] & 1))
      {
        n->mine |= 1ull << f;
        for (int s = 0; s < KOMBI_SECTORS; s++)
          n->ct[s] += kombi_field_sectors[f] >> s & 1;
      }
}

void
kombi_level_limits (int          level,
                    KombiLimits *limits)
{
  memset (limits, 0, sizeof *limits);
  switch (level)
    {
    case 0:
      /* random-greedy: now and then any move, otherwise what a move brings
       * at once, with a good deal of chance */
      limits->max_depth = 1;
      limits->noise = 16;
      limits->random_share = 30;
      break;
    case 1:
      limits->max_depth = 4;
      limits->noise = 4;
      break;
    default:
      /* exact whenever the end is in reach; otherwise as deep as 2 s allow */
      limits->max_ms = 2000;
      break;
    }
}

/* The table is probed at random all over: in huge pages where the system
 * gives them, so that a probe does not miss the page tables too. */
static Entry *
table_new (size_t entries)
{
  size_t bytes = entries * sizeof (Entry);
  void *table = mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

  if (table == MAP_FAILED)
    return NULL;
#ifdef MADV_HUGEPAGE
  madvise (table, bytes, MADV_HUGEPAGE);
#endif
  return table;
}

static void
table_free (Entry  *table,
            size_t  entries)
{
  if (table)
    munmap (table, entries * sizeof (Entry));
}

/* The value of a position searched to depth, by null-window searches
 * closing in on it from a guess (MTD(f)): each one settles only whether
 * the value is above or below a number, which cuts far more. */
static int
mtdf (Search     *S,
      const Node *root,
      int         depth,
      int         guess)
{
  int lo = -INF, hi = INF, g = guess;

  while (lo < hi && !S->aborted)
    {
      int beta = g == lo ? g + 1 : g;
      g = alphabeta (S, root, depth, beta - 1, beta);
      if (g < beta)
        hi = g;
      else
        lo = g;
    }
  return g;
}

/* A move of the root that keeps its value: the first, in order, that
 * does not fall short of it. */
static KombiMove
move_keeping (Search          *S,
              const Node      *root,
              const KombiMove *moves,
              int              count,
              int              depth,
              int              value)
{
  bool max = maximizing (S, root);

  for (int i = 0; i < count && !S->aborted; i++)
    {
      Node child = *root;
      int v;

      play (S, &child, moves[i]);
      if (max ? (v = alphabeta (S, &child, depth - 1, value - 1, value)) >= value
              : (v = alphabeta (S, &child, depth - 1, value, value + 1)) <= value)
        return moves[i];
    }
  return KOMBI_MOVE_NONE;
}

void
kombi_search (const KombiPos    *pos,
              const KombiLimits *limits,
              KombiResult       *result)
{
  int64_t start = now_us ();
  KombiMove moves[KOMBI_MAX_MOVES];
  Search S = { 0 };
  Node root;
  int count, role, left, max_depth;
  size_t entries;
  bool max;

  init_tables ();
  memset (result, 0, sizeof *result);
  count = kombi_gen_moves (pos, moves);
  for (int i = 0; limits->exclude && i < count; i++)
    if (moves[i] == limits->exclude)
      moves[i--] = moves[--count];
  if (count == 0)
    return;
  if (kombi_game_over (pos)
      || (limits->random_share && mix64 (limits->seed ^ 0x5eed) % 100 < (uint64_t) limits->random_share))
    {
      /* the first claim of the next game (every field is alike), or Easy's chance */
      result->best = moves[mix64 (limits->seed) % (uint64_t) count];
      return;
    }

  S.field_players = pos->field_players;
  S.task_players = pos->task_players;
  S.limit = pos->limit;
  S.shifts = pos->shifts;
  role = kombi_role_to_move (pos);
  /* a field player plays for its own fields, a task player against all */
  S.target = limits->target ? limits->target
           : role < pos->field_players ? 1u << role : (1u << pos->field_players) - 1;
  S.max_nodes = limits->max_nodes;
  S.stop = limits->stop;
  S.stop_data = limits->stop_data;
  S.seed = limits->seed;
  entries = ((limits->table_mb ? limits->table_mb : 16) << 20) / sizeof (Entry);
  for (S.table_mask = 1; S.table_mask * 2 <= entries; S.table_mask *= 2)
    ;
  S.table = table_new (S.table_mask);
  if (S.table == NULL)
    {
      /* no memory for the table: the first move, rather than none */
      result->best = moves[0];
      return;
    }
  S.table_mask--;
  node_from_pos (&S, pos, &root);
  max = maximizing (&S, &root);
  left = plies_left (&S, &root);
  max_depth = limits->max_depth > 0 && limits->max_depth < left ? limits->max_depth : left;
  order_moves (&S, &root, moves, count);

  /* first the whole rest of the game, in half the time */
  if (max_depth == left && limits->noise == 0)
    {
      int guess = evaluate (&S, &root) / KOMBI_EIGHTHS * KOMBI_EIGHTHS, value;
      S.deadline_us = limits->max_ms ? start + (int64_t) limits->max_ms * (limits->solve_only ? 1000 : 500) : 0;
      S.max_nodes = limits->solve_only ? limits->max_nodes : limits->max_nodes / 2;
      value = mtdf (&S, &root, left, guess);
      result->best = S.aborted ? KOMBI_MOVE_NONE : move_keeping (&S, &root, moves, count, left, value);
      if (result->best != KOMBI_MOVE_NONE)
        {
          result->value = value;
          result->depth = left;
          result->exact = true;
          goto done;
        }
      if (limits->solve_only)
        goto done;
      S.aborted = false;
      max_depth = left - 1;
    }

  /* then as deep as the rest of the time allows */
  S.noise = limits->noise;
  S.max_nodes = limits->max_nodes;
  S.deadline_us = limits->max_ms ? start + (int64_t) limits->max_ms * 1000 : 0;
  for (int depth = 1; depth <= max_depth; depth++)
    {
      KombiMove best_move = KOMBI_MOVE_NONE;
      int best = max ? -INF : INF, alpha = -INF, beta = INF, best_index = 0;

      for (int i = 0; i < count; i++)
        {
          Node child = root;
          int v;

          play (&S, &child, moves[i]);
          v = alphabeta (&S, &child, depth - 1, alpha, beta);
          if (S.aborted)
            break;
          if (max ? v > best : v < best)
            {
              best = v;
              best_move = moves[i];
              best_index = i;
              if (max)
                alpha = v;
              else
                beta = v;
            }
        }
      if (S.aborted)
        break;
      result->best = best_move;
      result->value = best;
      result->depth = depth;
      result->exact = depth >= left;
      /* the best move first in the next iteration */
      memmove (moves + 1, moves, best_index * sizeof *moves);
      moves[0] = best_move;
    }

done:
  if (result->best == KOMBI_MOVE_NONE)
    result->best = moves[0];
  result->nodes = S.nodes;
  result->ms = (int) ((now_us () - start) / 1000);
  table_free (S.table, S.table_mask + 1);
}

bool
kombi_solve (const KombiPos    *pos,
             const KombiLimits *limits,
             int               *value,
             KombiResult       *result)
{
  KombiLimits exact = *limits;

  exact.max_depth = 0;
  exact.noise = 0;
  exact.solve_only = true;
  kombi_search (pos, &exact, result);
  if (!result->exact)
    return false;
  *value = result->value / KOMBI_EIGHTHS;
  return true;
}

int
kombi_start_value (int shifts,
                   int limit)
{
  /* by claim limit 1, 2, 3 … */
  static const int8_t one[] = { 0, 2, 4, 5, 6, 8, 9, 10, 11, 13, 14, 15, 16 };
  static const int8_t two[] = { 0, 2, 3, 4, 6, 7, 9, 9, 11, 12, 13, 15, 16 };
  const int8_t *table = shifts == 1 ? one : two;

  if (shifts < 1 || shifts > KOMBI_MAX_SHIFTS || limit < 1 || limit > (int) N_ELEMENTS (one))
    return -1;
  return table[limit - 1];
}
