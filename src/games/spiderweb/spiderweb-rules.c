/* spiderweb-rules.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spiderweb-rules.h"

/* ------------------------------------------------------------------------ */
/* Tables: the lines of every web, and the Zobrist keys                      */

typedef struct {
  uint64_t all;                        /* every node of the web */
  uint64_t neighbours[SPW_MAX_NODES];
} Web;

static Web webs[SPW_MAX_RINGS + 1][SPW_MAX_SPOKES + 1];
static uint64_t zob_piece[SPW_MAX_PLAYERS][SPW_MAX_NODES];
static uint64_t zob_turn[SPW_MAX_PLAYERS];
static uint64_t zob_hand[SPW_MAX_PLAYERS][16];

static uint64_t
splitmix (uint64_t *state)
{
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);

  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void
init_tables (void)
{
  uint64_t seed = 36643;   /* the patent's number */

  for (int rings = SPW_MIN_RINGS; rings <= SPW_MAX_RINGS; rings++)
    for (int spokes = 6; spokes <= SPW_MAX_SPOKES; spokes += 2)
      {
        Web *w = &webs[rings][spokes];

        for (int r = 0; r < rings; r++)
          for (int s = 0; s < spokes; s++)
            {
              int n = r * spokes + s;
              uint64_t nb = 0;

              nb |= 1ull << (r * spokes + (s + 1) % spokes);
              nb |= 1ull << (r * spokes + (s + spokes - 1) % spokes);
              if (r > 0)
                nb |= 1ull << ((r - 1) * spokes + s);
              if (r < rings - 1)
                nb |= 1ull << ((r + 1) * spokes + s);
              w->neighbours[n] = nb;
              w->all |= 1ull << n;
            }
      }
  for (int p = 0; p < SPW_MAX_PLAYERS; p++)
    {
      for (int n = 0; n < SPW_MAX_NODES; n++)
        zob_piece[p][n] = splitmix (&seed);
      zob_turn[p] = splitmix (&seed);
      for (int k = 0; k < 16; k++)
        zob_hand[p][k] = splitmix (&seed);
    }
}

static void
ensure_tables (void)
{
  static int done;

  /* idempotent; callers on several threads get the same tables */
  if (!__atomic_load_n (&done, __ATOMIC_ACQUIRE))
    {
      static int running;
      if (__atomic_exchange_n (&running, 1, __ATOMIC_ACQ_REL) == 0)
        {
          init_tables ();
          __atomic_store_n (&done, 1, __ATOMIC_RELEASE);
        }
      else
        while (!__atomic_load_n (&done, __ATOMIC_ACQUIRE))
          ;
    }
}

static inline const Web *
web_of (const SpiderwebPos *pos)
{
  return &webs[pos->rings][pos->spokes];
}

static inline int
popcount (uint64_t x)
{
  return __builtin_popcountll (x);
}

static inline int
lowest (uint64_t x)
{
  return __builtin_ctzll (x);
}

/* ------------------------------------------------------------------------ */
/* The board                                                                 */

bool
spiderweb_valid_board (int rings,
                       int spokes,
                       int players)
{
  return rings >= SPW_MIN_RINGS && rings <= SPW_MAX_RINGS &&
         (spokes == 6 || spokes == 8) &&
         players >= SPW_MIN_PLAYERS && players <= SPW_MAX_PLAYERS;
}

int
spiderweb_pieces_each (int rings,
                       int spokes,
                       int players)
{
  static const int each[SPW_MAX_PLAYERS + 1] = { 0, 0, 12, 8, 6 };
  int room;

  if (!spiderweb_valid_board (rings, spokes, players))
    return 0;
  room = (rings * spokes - SPW_MIN_EMPTY) / players;
  return each[players] < room ? each[players] : room;
}

int
spiderweb_n_nodes (const SpiderwebPos *pos)
{
  return pos->rings * pos->spokes;
}

uint64_t
spiderweb_neighbours (const SpiderwebPos *pos,
                      int                 node)
{
  return web_of (pos)->neighbours[node];
}

uint64_t
spiderweb_occupied (const SpiderwebPos *pos)
{
  uint64_t occupied = 0;

  for (int p = 0; p < pos->players; p++)
    occupied |= pos->pieces[p];
  return occupied;
}

int
spiderweb_owner (const SpiderwebPos *pos,
                 int                 node)
{
  for (int p = 0; p < pos->players; p++)
    if (pos->pieces[p] & (1ull << node))
      return p;
  return -1;
}

int
spiderweb_pieces_left (const SpiderwebPos *pos,
                       int                 player)
{
  return popcount (pos->pieces[player]) + pos->in_hand[player];
}

static uint64_t
enclosed_in (const Web *w,
             uint64_t   occupied)
{
  uint64_t empty = w->all & ~occupied;
  uint64_t enclosed = 0;

  for (uint64_t rest = occupied; rest; rest &= rest - 1)
    {
      int n = lowest (rest);
      if ((w->neighbours[n] & empty) == 0)
        enclosed |= 1ull << n;
    }
  return enclosed;
}

uint64_t
spiderweb_enclosed (const SpiderwebPos *pos)
{
  return enclosed_in (web_of (pos), spiderweb_occupied (pos));
}

uint64_t
spiderweb_would_remove (const SpiderwebPos *pos,
                        SpiderwebMove       move)
{
  uint64_t occupied = spiderweb_occupied (pos);

  if (!SPW_MOVE_IS_PLACE (move))
    occupied &= ~(1ull << SPW_MOVE_FROM (move));
  occupied |= 1ull << SPW_MOVE_TO (move);
  return enclosed_in (web_of (pos), occupied);
}

uint64_t
spiderweb_castles (const SpiderwebPos *pos,
                   int                 player)
{
  const Web *w = web_of (pos);
  uint64_t empty = w->all & ~spiderweb_occupied (pos);
  uint64_t castles = 0;

  for (uint64_t rest = empty; rest; rest &= rest - 1)
    {
      int n = lowest (rest);
      if ((w->neighbours[n] & ~pos->pieces[player]) == 0)
        castles |= 1ull << n;
    }
  return castles;
}

/* ------------------------------------------------------------------------ */
/* Moves                                                                     */

static uint64_t
placeable (const SpiderwebPos *pos,
           uint64_t            empty)
{
  const Web *w = web_of (pos);
  uint64_t nodes = 0;

  /* "it is not allowed to place on a node that is surrounded all round" */
  for (uint64_t rest = empty; rest; rest &= rest - 1)
    {
      int n = lowest (rest);
      if (w->neighbours[n] & empty)
        nodes |= 1ull << n;
    }
  return nodes;
}

static int
gen_steps (const SpiderwebPos *pos,
           int                 player,
           uint64_t            empty,
           SpiderwebMove      *moves)
{
  const Web *w = web_of (pos);
  int n = 0;

  for (uint64_t rest = pos->pieces[player]; rest; rest &= rest - 1)
    {
      int from = lowest (rest);
      for (uint64_t to = w->neighbours[from] & empty; to; to &= to - 1)
        {
          if (moves)
            moves[n] = SPW_STEP (from, lowest (to));
          n++;
        }
    }
  return n;
}

int
spiderweb_gen_moves (const SpiderwebPos *pos,
                     SpiderwebMove      *moves)
{
  uint64_t empty = web_of (pos)->all & ~spiderweb_occupied (pos);
  int n = 0;

  if (pos->phase == SPW_PLACING)
    {
      for (uint64_t rest = placeable (pos, empty); rest; rest &= rest - 1)
        moves[n++] = SPW_PLACE (lowest (rest));
      return n;
    }
  if (pos->phase == SPW_MOVING)
    return gen_steps (pos, pos->to_move, empty, moves);
  return 0;
}

bool
spiderweb_is_legal (const SpiderwebPos *pos,
                    SpiderwebMove       move)
{
  SpiderwebMove moves[SPW_MAX_MOVES];
  int n = spiderweb_gen_moves (pos, moves);

  for (int i = 0; i < n; i++)
    if (moves[i] == move)
      return true;
  return false;
}

static uint64_t
hand_hash (const SpiderwebPos *pos)
{
  uint64_t h = 0;

  for (int p = 0; p < pos->players; p++)
    h ^= zob_hand[p][pos->in_hand[p] & 15];
  return h;
}

/* After a move, or for a position read from text: the end of the game,
 * the end of the placing phase, and who is to move. The hash comes in
 * and goes out with the turn and the hands in it. */
static void
settle (SpiderwebPos *pos)
{
  uint64_t empty = web_of (pos)->all & ~spiderweb_occupied (pos);

  pos->hash ^= zob_turn[pos->to_move] ^ hand_hash (pos);

  for (int p = 0; p < pos->players; p++)
    if (spiderweb_pieces_left (pos, p) <= SPW_PIECES_LEFT_LOSE)
      {
        pos->phase = SPW_OVER;
        pos->end = SPW_END_TWO_LEFT;
        goto done;
      }

  if (pos->phase == SPW_PLACING)
    {
      bool any = false;

      for (int p = 0; p < pos->players; p++)
        any |= pos->in_hand[p] > 0;
      /* whether a node may be placed on does not depend on the colour:
       * when one player cannot place, nobody can */
      if (any && placeable (pos, empty) == 0)
        {
          for (int p = 0; p < pos->players; p++)
            {
              pos->aside[p] += pos->in_hand[p];
              pos->in_hand[p] = 0;
            }
          any = false;
        }
      if (any)
        {
          while (pos->in_hand[pos->to_move] == 0)
            pos->to_move = (uint8_t) ((pos->to_move + 1) % pos->players);
          goto done;
        }
      pos->phase = SPW_MOVING;
      pos->quiet = 0;
      /* the pieces set aside are out of play: a player may be down to two */
      for (int p = 0; p < pos->players; p++)
        if (spiderweb_pieces_left (pos, p) <= SPW_PIECES_LEFT_LOSE)
          {
            pos->phase = SPW_OVER;
            pos->end = SPW_END_TWO_LEFT;
            goto done;
          }
    }

  if (pos->quiet >= SPW_QUIET_LIMIT)
    {
      pos->phase = SPW_OVER;
      pos->end = SPW_END_QUIET;
      goto done;
    }
  /* a player who cannot move passes; if nobody can, the game is over */
  for (int i = 0; i < pos->players; i++)
    {
      int p = (pos->to_move + i) % pos->players;
      if (gen_steps (pos, p, empty, NULL) > 0)
        {
          pos->to_move = (uint8_t) p;
          goto done;
        }
    }
  pos->phase = SPW_OVER;
  pos->end = SPW_END_NO_MOVES;

done:
  pos->hash ^= zob_turn[pos->to_move] ^ hand_hash (pos);
}

void
spiderweb_init (SpiderwebPos *pos,
                int           rings,
                int           spokes,
                int           players)
{
  int each = spiderweb_pieces_each (rings, spokes, players);

  ensure_tables ();
  memset (pos, 0, sizeof *pos);
  pos->rings = (uint8_t) rings;
  pos->spokes = (uint8_t) spokes;
  pos->players = (uint8_t) players;
  pos->phase = SPW_PLACING;
  for (int p = 0; p < players; p++)
    pos->in_hand[p] = (uint8_t) each;
  pos->hash = zob_turn[0] ^ hand_hash (pos);
  settle (pos);
}

void
spiderweb_make (SpiderwebPos  *pos,
                SpiderwebMove  move)
{
  const Web *w = web_of (pos);
  int me = pos->to_move;
  int to = SPW_MOVE_TO (move);
  uint64_t enclosed;

  pos->hash ^= zob_turn[me] ^ hand_hash (pos);
  if (SPW_MOVE_IS_PLACE (move))
    {
      pos->pieces[me] |= 1ull << to;
      pos->in_hand[me]--;
      pos->hash ^= zob_piece[me][to];
    }
  else
    {
      int from = SPW_MOVE_FROM (move);
      pos->pieces[me] ^= (1ull << from) | (1ull << to);
      pos->hash ^= zob_piece[me][from] ^ zob_piece[me][to];
    }

  /* every piece of any colour with no empty neighbour goes, all at once,
   * "regardless of whether it was enclosed by the opponent's pieces or by
   * pieces of its own colour" */
  enclosed = enclosed_in (w, spiderweb_occupied (pos));
  pos->removed = enclosed;
  for (int p = 0; enclosed && p < pos->players; p++)
    {
      uint64_t gone = pos->pieces[p] & enclosed;
      int k = popcount (gone);

      if (k == 0)
        continue;
      pos->pieces[p] &= ~gone;
      pos->lost[p] = (uint8_t) (pos->lost[p] + k);
      for (uint64_t rest = gone; rest; rest &= rest - 1)
        pos->hash ^= zob_piece[p][lowest (rest)];
      /* two players: the opponent takes it; more: the mover, unless it is his own */
      if (pos->players == 2)
        pos->taken[1 - p] = (uint8_t) (pos->taken[1 - p] + k);
      else if (p != me)
        pos->taken[me] = (uint8_t) (pos->taken[me] + k);
    }
  if (pos->phase == SPW_MOVING)
    pos->quiet = enclosed ? 0 : (uint8_t) (pos->quiet + 1);

  pos->to_move = (uint8_t) ((me + 1) % pos->players);
  pos->hash ^= zob_turn[pos->to_move] ^ hand_hash (pos);
  settle (pos);
}

/* ------------------------------------------------------------------------ */
/* The end                                                                   */

void
spiderweb_ranking (const SpiderwebPos *pos,
                   int                *order,
                   int                *places)
{
  int left[SPW_MAX_PLAYERS];

  for (int p = 0; p < pos->players; p++)
    {
      order[p] = p;
      left[p] = spiderweb_pieces_left (pos, p);
    }
  /* a stable insertion sort: ties keep the seat order */
  for (int i = 1; i < pos->players; i++)
    for (int j = i; j > 0 && left[order[j]] > left[order[j - 1]]; j--)
      {
        int t = order[j];
        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  for (int i = 0; i < pos->players; i++)
    places[order[i]] = (i > 0 && left[order[i]] == left[order[i - 1]]) ? places[order[i - 1]] : i;
}

SpiderwebEnd
spiderweb_outcome (const SpiderwebPos *pos,
                   int                *winner)
{
  int order[SPW_MAX_PLAYERS], places[SPW_MAX_PLAYERS];

  *winner = -1;
  if (pos->phase != SPW_OVER)
    return SPW_END_NONE;
  /* most pieces left wins; first place shared is a draw */
  spiderweb_ranking (pos, order, places);
  if (places[order[1]] != 0)
    *winner = order[0];
  return (SpiderwebEnd) pos->end;
}

int
spiderweb_points (const SpiderwebPos *pos)
{
  int winner;

  if (pos->players != 2 || spiderweb_outcome (pos, &winner) == SPW_END_NONE || winner < 0)
    return 0;
  return pos->lost[1 - winner] - pos->taken[1 - winner];
}

void
spiderweb_game_init (SpiderwebGame      *game,
                     const SpiderwebPos *start)
{
  memset (game, 0, sizeof *game);
  game->pos = *start;
}

void
spiderweb_game_play (SpiderwebGame *game,
                     SpiderwebMove  move)
{
  uint64_t before = game->pos.hash;
  int seen = 1;

  spiderweb_make (&game->pos, move);
  /* only positions since the last removal (or placement) can come again */
  if (game->pos.removed || SPW_MOVE_IS_PLACE (move) ||
      game->n_history == sizeof game->history / sizeof game->history[0])
    game->n_history = 0;
  else
    game->history[game->n_history++] = before;
  if (game->pos.phase != SPW_MOVING)
    return;
  for (int i = 0; i < game->n_history; i++)
    seen += game->history[i] == game->pos.hash;
  if (seen >= 3)
    {
      game->pos.phase = SPW_OVER;
      game->pos.end = SPW_END_REPETITION;
    }
}

uint64_t
spiderweb_perft (const SpiderwebPos *pos,
                 int                 depth)
{
  SpiderwebMove moves[SPW_MAX_MOVES];
  int n = spiderweb_gen_moves (pos, moves);
  uint64_t nodes = 0;

  if (depth <= 1)
    return depth == 1 ? (uint64_t) n : 1;
  for (int i = 0; i < n; i++)
    {
      SpiderwebPos next = *pos;
      spiderweb_make (&next, moves[i]);
      nodes += spiderweb_perft (&next, depth - 1);
    }
  return nodes;
}

/* ------------------------------------------------------------------------ */
/* Notation                                                                  */

void
spiderweb_node_name (const SpiderwebPos *pos,
                     int                 node,
                     char               *buf,
                     size_t              len)
{
  snprintf (buf, len, "%d.%d", node / pos->spokes, node % pos->spokes);
}

void
spiderweb_move_to_text (const SpiderwebPos *pos,
                        SpiderwebMove       move,
                        char               *buf,
                        size_t              len)
{
  char from[8], to[8];

  spiderweb_node_name (pos, SPW_MOVE_TO (move), to, sizeof to);
  if (SPW_MOVE_IS_PLACE (move))
    snprintf (buf, len, "place:%s", to);
  else
    {
      spiderweb_node_name (pos, SPW_MOVE_FROM (move), from, sizeof from);
      snprintf (buf, len, "move:%s-%s", from, to);
    }
}

/* "r.s": one digit each, within the web. */
static const char *
parse_node (const SpiderwebPos *pos,
            const char         *p,
            int                *node)
{
  if (p[0] < '0' || p[0] > '9' || p[1] != '.' || p[2] < '0' || p[2] > '9')
    return NULL;
  if (p[0] - '0' >= pos->rings || p[2] - '0' >= pos->spokes)
    return NULL;
  *node = (p[0] - '0') * pos->spokes + (p[2] - '0');
  return p + 3;
}

bool
spiderweb_parse_move (const SpiderwebPos *pos,
                      const char         *text,
                      SpiderwebMove      *move)
{
  int from, to;
  const char *p;

  if (strncmp (text, "place:", 6) == 0)
    {
      p = parse_node (pos, text + 6, &to);
      if (p == NULL || *p)
        return false;
      *move = SPW_PLACE (to);
      return true;
    }
  if (strncmp (text, "move:", 5) == 0)
    {
      p = parse_node (pos, text + 5, &from);
      if (p == NULL || *p != '-')
        return false;
      p = parse_node (pos, p + 1, &to);
      if (p == NULL || *p)
        return false;
      *move = SPW_STEP (from, to);
      return true;
    }
  return false;
}

SpiderwebMove
spiderweb_move_from_text (const SpiderwebPos *pos,
                          const char         *text)
{
  SpiderwebMove move;

  if (!spiderweb_parse_move (pos, text, &move) || !spiderweb_is_legal (pos, move))
    return SPW_MOVE_NONE;
  return move;
}

/* ------------------------------------------------------------------------ */
/* Position text                                                             */

/* "n,n,…": exactly players numbers of 0–99. */
static bool
parse_counts (const char *field,
              int         players,
              uint8_t    *out)
{
  const char *p = field;

  for (int i = 0; i < players; i++)
    {
      int v = 0, digits = 0;

      while (*p >= '0' && *p <= '9' && digits < 3)
        {
          v = v * 10 + (*p++ - '0');
          digits++;
        }
      if (digits == 0 || digits > 2)
        return false;
      out[i] = (uint8_t) v;
      if (i + 1 < players && *p++ != ',')
        return false;
    }
  return *p == '\0';
}

SpiderwebTextError
spiderweb_from_text (SpiderwebPos *pos,
                     const char   *text)
{
  char buf[256];
  char *fields[8];
  int n_fields = 0, rings, spokes, players = 0, each;
  char *save = NULL, *rest, *ring;

  ensure_tables ();
  if (strlen (text) >= sizeof buf)
    return SPW_TEXT_SYNTAX;
  strcpy (buf, text);
  for (char *f = strtok_r (buf, " ", &save); f; f = strtok_r (NULL, " ", &save))
    {
      if (n_fields == 8)
        return SPW_TEXT_SYNTAX;
      fields[n_fields++] = f;
    }
  if (n_fields < 5)
    return SPW_TEXT_SYNTAX;

  if (strlen (fields[0]) != 3 || fields[0][1] != 'x' ||
      fields[0][0] < '0' || fields[0][0] > '9' || fields[0][2] < '0' || fields[0][2] > '9')
    return SPW_TEXT_SYNTAX;
  rings = fields[0][0] - '0';
  spokes = fields[0][2] - '0';
  for (const char *c = fields[3]; *c; c++)
    players += *c == ',';
  players++;
  if (!spiderweb_valid_board (rings, spokes, players))
    return SPW_TEXT_BOARD;

  memset (pos, 0, sizeof *pos);
  pos->rings = (uint8_t) rings;
  pos->spokes = (uint8_t) spokes;
  pos->players = (uint8_t) players;

  /* the board: rings of spokes characters, separated by '/' */
  rest = fields[1];
  for (int r = 0; r < rings; r++)
    {
      ring = rest;
      rest = strchr (ring, '/');
      if ((rest == NULL) != (r == rings - 1))
        return SPW_TEXT_SYNTAX;
      if (rest)
        *rest++ = '\0';
      if ((int) strlen (ring) != spokes)
        return SPW_TEXT_SYNTAX;
      for (int s = 0; s < spokes; s++)
        {
          if (ring[s] == '.')
            continue;
          if (ring[s] < 'a' || ring[s] >= 'a' + players)
            return SPW_TEXT_SYNTAX;
          pos->pieces[ring[s] - 'a'] |= 1ull << (r * spokes + s);
        }
    }
  if (strlen (fields[2]) != 1 || fields[2][0] < 'a' || fields[2][0] >= 'a' + players)
    return SPW_TEXT_SYNTAX;
  pos->to_move = (uint8_t) (fields[2][0] - 'a');
  if (!parse_counts (fields[3], players, pos->in_hand) || !parse_counts (fields[4], players, pos->lost))
    return SPW_TEXT_SYNTAX;
  if (n_fields > 5 && !parse_counts (fields[5], players, pos->taken))
    return SPW_TEXT_SYNTAX;
  if (n_fields <= 5 && players == 2)
    {
      pos->taken[0] = pos->lost[1];
      pos->taken[1] = pos->lost[0];
    }
  if (n_fields > 6 && !parse_counts (fields[6], players, pos->aside))
    return SPW_TEXT_SYNTAX;
  if (n_fields > 7)
    {
      char *end;
      long quiet = strtol (fields[7], &end, 10);
      if (end == fields[7] || *end || quiet < 0 || quiet > SPW_QUIET_LIMIT)
        return SPW_TEXT_SYNTAX;
      pos->quiet = (uint8_t) quiet;
    }

  each = spiderweb_pieces_each (rings, spokes, players);
  for (int p = 0; p < players; p++)
    {
      if (popcount (pos->pieces[p]) + pos->in_hand[p] + pos->aside[p] + pos->lost[p] != each)
        return SPW_TEXT_COUNTS;
      if (pos->in_hand[p] && pos->aside[p])
        return SPW_TEXT_COUNTS;
    }
  if (spiderweb_enclosed (pos))
    return SPW_TEXT_ENCLOSED;

  pos->phase = SPW_MOVING;
  for (int p = 0; p < players; p++)
    if (pos->in_hand[p])
      pos->phase = SPW_PLACING;
  for (int p = 0; p < players; p++)
    for (uint64_t b = pos->pieces[p]; b; b &= b - 1)
      pos->hash ^= zob_piece[p][lowest (b)];
  pos->hash ^= zob_turn[pos->to_move] ^ hand_hash (pos);
  settle (pos);
  return SPW_TEXT_OK;
}

static void
append_counts (char          *out,
               size_t        *n,
               size_t         len,
               const uint8_t *counts,
               int            players)
{
  for (int p = 0; p < players; p++)
    *n += (size_t) snprintf (out + *n, len - *n, "%s%d", p ? "," : " ", counts[p]);
}

void
spiderweb_to_text (const SpiderwebPos *pos,
                   char               *buf,
                   size_t              len)
{
  char out[256];
  size_t n = 0;

  n += (size_t) snprintf (out + n, sizeof out - n, "%dx%d ", pos->rings, pos->spokes);
  for (int r = 0; r < pos->rings; r++)
    {
      for (int s = 0; s < pos->spokes; s++)
        {
          int owner = spiderweb_owner (pos, r * pos->spokes + s);
          out[n++] = owner < 0 ? '.' : (char) ('a' + owner);
        }
      if (r < pos->rings - 1)
        out[n++] = '/';
    }
  n += (size_t) snprintf (out + n, sizeof out - n, " %c", 'a' + pos->to_move);
  append_counts (out, &n, sizeof out, pos->in_hand, pos->players);
  append_counts (out, &n, sizeof out, pos->lost, pos->players);
  append_counts (out, &n, sizeof out, pos->taken, pos->players);
  append_counts (out, &n, sizeof out, pos->aside, pos->players);
  n += (size_t) snprintf (out + n, sizeof out - n, " %d", pos->quiet);
  snprintf (buf, len, "%s", out);
}
