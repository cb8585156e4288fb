/* levels-rules.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels-rules.h"

const int8_t levels_dir_dx[LVL_DIRS] = { 0, 1, 1, 1, 0, -1, -1, -1 };
const int8_t levels_dir_dy[LVL_DIRS] = { 1, 1, 0, -1, -1, -1, 0, 1 };

static const char * const dir_names[LVL_DIRS] = { "n", "ne", "e", "se", "s", "sw", "w", "nw" };

/* ------------------------------------------------------------------------ */
/* Tables: every field of view on every board                                */

/* What a piece sees as: level 1, 2, a narrow ray in 8 directions, a wide
 * ray in 8 directions, level 5, level 6. */
#define VIEW_KINDS 20
#define N_SIZES    3

static LevelsSet views[N_SIZES][VIEW_KINDS][LVL_MAX_CELLS];

static inline int
size_index (int size)
{
  return size / 3 - 3;
}

static inline int
view_kind (int state,
           int dir)
{
  switch (state)
    {
    case 1: return 0;
    case 2: return 1;
    case 3: return 2 + dir;
    case 4: return 10 + dir;
    case 5: return 18;
    default: return 19;
    }
}

static void
add_square (LevelsSet *s,
            int        size,
            int        sx,
            int        sy)
{
  for (int y = sy * 3; y < sy * 3 + 3; y++)
    for (int x = sx * 3; x < sx * 3 + 3; x++)
      levels_set_add (s, y * size + x);
}

static void
add_narrow_ray (LevelsSet *s,
                int        size,
                int        x,
                int        y,
                int        d)
{
  levels_set_add (s, y * size + x);
  for (x += levels_dir_dx[d], y += levels_dir_dy[d];
       x >= 0 && y >= 0 && x < size && y < size;
       x += levels_dir_dx[d], y += levels_dir_dy[d])
    levels_set_add (s, y * size + x);
}

static void
add_wide_ray (LevelsSet *s,
              int        size,
              int        x,
              int        y,
              int        d)
{
  int n = size / 3;

  for (int sx = x / 3, sy = y / 3; sx >= 0 && sy >= 0 && sx < n && sy < n;
       sx += levels_dir_dx[d], sy += levels_dir_dy[d])
    add_square (s, size, sx, sy);
}

static void
init_tables (void)
{
  for (int si = 0; si < N_SIZES; si++)
    {
      int size = (si + 3) * 3;

      for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
          {
            int c = y * size + x;
            LevelsSet (*v)[LVL_MAX_CELLS] = views[si];

            levels_set_add (&v[0][c], c);
            add_square (&v[1][c], size, x / 3, y / 3);
            for (int d = 0; d < LVL_DIRS; d++)
              {
                add_narrow_ray (&v[2 + d][c], size, x, y, d);
                add_wide_ray (&v[10 + d][c], size, x, y, d);
                add_narrow_ray (&v[18][c], size, x, y, d);
                add_wide_ray (&v[19][c], size, x, y, d);
              }
          }
    }
}

static void
ensure_tables (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;

  /* the AI's thread and the main one may ask at once */
  pthread_once (&once, init_tables);
}

int
levels_set_count (const LevelsSet *s)
{
  return __builtin_popcountll (s->w[0]) + __builtin_popcountll (s->w[1]) +
         __builtin_popcountll (s->w[2]) + __builtin_popcountll (s->w[3]);
}

const LevelsSet *
levels_view_as (int size,
                int cell,
                int state,
                int dir)
{
  ensure_tables ();
  return &views[size_index (size)][view_kind (state, dir)][cell];
}

const LevelsSet *
levels_view (const LevelsPos *pos,
             int              piece)
{
  const LevelsPiece *p = &pos->piece[piece];

  return &views[size_index (pos->size)][view_kind (p->state, p->dir)][p->cell];
}

/* ------------------------------------------------------------------------ */
/* Hashing: keys mixed from what is where, so equal positions hash equal    */
/* whichever piece of a level stands on a cell                               */

static inline uint64_t
mix (uint64_t z)
{
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static uint64_t
compute_hash (const LevelsPos *pos)
{
  uint64_t h = mix (0x4c564c53ull + pos->to_move);

  for (int i = 0; i < LVL_MAX_PIECES; i++)
    {
      const LevelsPiece *p = &pos->piece[i];
      uint64_t code;

      if (p->cell == LVL_NO_CELL)
        continue;
      code = ((((uint64_t) p->cell * 4 + p->colour) * 8 + (uint64_t) (i % LVL_LEVELS)) * 8 + p->state) * 8 + p->dir;
      h ^= mix (code + 1);
      if (p->dom >= 0)
        h ^= mix (0x100000000ull + ((uint64_t) p->cell << 8) + pos->piece[p->dom].cell);
    }
  return h;
}

/* ------------------------------------------------------------------------ */
/* The board                                                                 */

bool
levels_valid_board (int size,
                    int players)
{
  return (size == 9 || size == 12 || size == 15) &&
         players >= LVL_MIN_PLAYERS && players <= LVL_MAX_PLAYERS;
}

static inline int
cell_x (const LevelsPos *pos,
        int              cell)
{
  return cell % pos->size;
}

static inline int
cell_y (const LevelsPos *pos,
        int              cell)
{
  return cell / pos->size;
}

static void
put (LevelsPos *pos,
     int        piece,
     int        cell)
{
  pos->piece[piece].cell = (uint8_t) cell;
  pos->board[cell] = (uint8_t) (piece + 1);
  levels_set_add (&pos->occupied, cell);
}

static void
lift (LevelsPos *pos,
      int        piece)
{
  int cell = pos->piece[piece].cell;

  pos->board[cell] = 0;
  levels_set_remove (&pos->occupied, cell);
}

static void
clear (LevelsPos *pos,
       int        size,
       int        players)
{
  ensure_tables ();
  memset (pos, 0, sizeof *pos);
  pos->size = (uint8_t) size;
  pos->players = (uint8_t) players;
  for (int i = 0; i < LVL_MAX_PIECES; i++)
    {
      pos->piece[i].cell = LVL_NO_CELL;
      pos->piece[i].dom = -1;
    }
}

/* The setup of RULES.md: on a player's own edge, from their left,
 * 2 4 6 8 · 7 5 3 1, centred; rays forward; level 7 in state 1, level 8
 * in state 2. With three or four players the 9×9 board has no room for
 * the gap: the eight pieces stand side by side from the player's left
 * corner, and each leaves the corner on their right to the next. */
void
levels_init (LevelsPos *pos,
             int        size,
             int        players)
{
  static const int gapped[9] = { 2, 4, 6, 8, 0, 7, 5, 3, 1 };
  static const int packed[8] = { 2, 4, 6, 8, 7, 5, 3, 1 };
  /* each seat's edge and forward direction: south, north for two; south,
   * west, north, east round the board for more */
  static const int sides[2][LVL_MAX_PLAYERS] = { { 0, 2, -1, -1 }, { 0, 1, 2, 3 } };
  static const int forward[4] = { LVL_N, LVL_E, LVL_S, LVL_W };
  const int *row = (players > 2 && size == 9) ? packed : gapped;
  int width = (players > 2 && size == 9) ? 8 : 9;
  int offset = (size - width) / 2;

  clear (pos, size, players);
  for (int p = 0; p < players; p++)
    {
      int side = sides[players > 2][p];

      for (int f = 0; f < width; f++)
        {
          int level = row[f], file = offset + f, x, y, piece, reversed;

          if (level == 0)
            continue;
          /* the player's file f on their first rank, counted from their
           * left; a centred row fills the same files (or ranks) as the
           * row facing it, so that on 12×12, with its odd margin, a level
           * faces the one next to it, as on 9×9; the packed rows turn
           * round the board */
          reversed = (width == 9 ? 2 * offset + width : size) - 1 - file;
          switch (side)
            {
            case 0: x = file; y = 0; break;
            case 1: x = 0; y = reversed; break;
            case 2: x = reversed; y = size - 1; break;
            default: x = size - 1; y = file; break;
            }
          piece = p * LVL_LEVELS + level - 1;
          pos->piece[piece].colour = (uint8_t) p;
          pos->piece[piece].state = (uint8_t) (level == 7 ? 1 : level == 8 ? 2 : level);
          pos->piece[piece].dir = (uint8_t) ((level == 3 || level == 4) ? forward[side] : 0);
          put (pos, piece, y * size + x);
        }
    }
  pos->hash = compute_hash (pos);
}

int
levels_root (const LevelsPos *pos,
             int              piece)
{
  while (pos->piece[piece].dom >= 0)
    piece = pos->piece[piece].dom;
  return piece;
}

uint32_t
levels_block_members (const LevelsPos *pos,
                      int              piece)
{
  int root = levels_root (pos, piece);
  uint32_t members = 0;

  for (int i = 0; i < LVL_MAX_PIECES; i++)
    if (pos->piece[i].cell != LVL_NO_CELL && levels_root (pos, i) == root)
      members |= 1u << i;
  return members;
}

void
levels_block_view (const LevelsPos *pos,
                   int              piece,
                   LevelsSet       *view)
{
  memset (view, 0, sizeof *view);
  for (uint32_t rest = levels_block_members (pos, piece); rest; rest &= rest - 1)
    {
      const LevelsSet *v = levels_view (pos, __builtin_ctz (rest));
      for (int k = 0; k < 4; k++)
        view->w[k] |= v->w[k];
    }
}

int
levels_count_pieces (const LevelsPos *pos,
                     int              colour)
{
  int n = 0;

  for (int i = 0; i < LVL_MAX_PIECES; i++)
    if (pos->piece[i].cell != LVL_NO_CELL && (colour < 0 || pos->piece[i].colour == colour))
      n++;
  return n;
}

static inline bool
sees_empty (const LevelsPos *pos,
            const LevelsSet *view)
{
  return ((view->w[0] & ~pos->occupied.w[0]) | (view->w[1] & ~pos->occupied.w[1]) |
          (view->w[2] & ~pos->occupied.w[2]) | (view->w[3] & ~pos->occupied.w[3])) != 0;
}

/* Can the player act? Every piece that can turn or switch state can act,
 * and so can every piece in a block (it can be released); a piece alone
 * can act if it sees an empty cell or an enemy it may destroy (alone, it
 * needs no room for a block). */
bool
levels_can_act (const LevelsPos *pos,
                int              player)
{
  for (int i = 0; i < LVL_MAX_PIECES; i++)
    {
      const LevelsPiece *p = &pos->piece[i];
      int level = levels_piece_level (i);
      const LevelsSet *view;

      if (p->cell == LVL_NO_CELL || p->colour != player)
        continue;
      if (level == 3 || level == 4 || level >= 7 || p->dom >= 0)
        return true;
      view = levels_view (pos, i);
      if (sees_empty (pos, view))
        return true;
      for (int a = 0; a < LVL_MAX_PIECES; a++)
        if (pos->piece[a].cell != LVL_NO_CELL && pos->piece[a].colour != player &&
            levels_piece_level (a) >= level + 2 && levels_set_has (view, pos->piece[a].cell))
          return true;
    }
  return false;
}

/* ------------------------------------------------------------------------ */
/* Legality                                                                  */

/* Can the members move by (dx, dy): every target on the board, empty or
 * vacated by a member (or by the piece destroyed, vacated)? */
static bool
block_fits (const LevelsPos *pos,
            uint32_t         members,
            int              dx,
            int              dy,
            int              vacated)
{
  int size = pos->size;

  for (uint32_t rest = members; rest; rest &= rest - 1)
    {
      int i = __builtin_ctz (rest);
      int x = cell_x (pos, pos->piece[i].cell) + dx, y = cell_y (pos, pos->piece[i].cell) + dy;
      int t, there;

      if (x < 0 || y < 0 || x >= size || y >= size)
        return false;
      t = y * size + x;
      there = levels_piece_at (pos, t);
      if (there >= 0 && !(members & (1u << there)) && t != vacated)
        return false;
    }
  return true;
}

/* Does a member land in the block's field of view? */
static bool
block_lands_in_view (const LevelsPos *pos,
                     uint32_t         members,
                     const LevelsSet *view,
                     int              dx,
                     int              dy)
{
  for (uint32_t rest = members; rest; rest &= rest - 1)
    {
      int i = __builtin_ctz (rest);
      int t = pos->piece[i].cell + dy * pos->size + dx;

      if (levels_set_has (view, t))
        return true;
    }
  return false;
}

static bool
valid_state (int level,
             int state,
             int dir)
{
  if (level == 7 && state != 1 && state != 3 && state != 5)
    return false;
  if (level == 8 && state != 2 && state != 4 && state != 6)
    return false;
  return (state == 3 || state == 4) ? dir < LVL_DIRS : dir == 0;
}

bool
levels_is_legal (const LevelsPos *pos,
                 LevelsMove       move)
{
  int kind = LVL_MOVE_KIND (move), from = LVL_MOVE_FROM (move), to = LVL_MOVE_TO (move);
  int arg = LVL_MOVE_ARG (move);
  int cells = pos->size * pos->size;
  int x, level;
  const LevelsPiece *p;

  if (pos->end != LVL_END_NONE || from >= cells || to >= cells)
    return false;
  x = levels_piece_at (pos, from);
  if (x < 0 || pos->piece[x].colour != pos->to_move)
    return false;
  p = &pos->piece[x];
  level = levels_piece_level (x);

  switch (kind)
    {
    case LVL_ACT_MOVE:
      return arg == 0 && levels_piece_at (pos, to) < 0 && levels_set_has (levels_view (pos, x), to);

    case LVL_ACT_BLOCK:
      {
        uint32_t members = levels_block_members (pos, x);
        int dx = cell_x (pos, to) - cell_x (pos, from), dy = cell_y (pos, to) - cell_y (pos, from);
        LevelsSet view;

        if (arg != 0 || to == from || (members & (members - 1)) == 0 ||
            !block_fits (pos, members, dx, dy, -1))
          return false;
        levels_block_view (pos, x, &view);
        return block_lands_in_view (pos, members, &view, dx, dy);
      }

    case LVL_ACT_DESTROY:
      {
        int a = levels_piece_at (pos, to);

        if (arg != 0 || a < 0 || pos->piece[a].colour == pos->to_move ||
            levels_piece_level (a) < level + 2 || !levels_set_has (levels_view (pos, x), to))
          return false;
        return block_fits (pos, levels_block_members (pos, x),
                           cell_x (pos, to) - cell_x (pos, from), cell_y (pos, to) - cell_y (pos, from), to);
      }

    case LVL_ACT_TURN:
      return to == from && (p->state == 3 || p->state == 4) && arg < LVL_DIRS && arg != p->dir;

    case LVL_ACT_STATE:
      return to == from && level >= 7 && (arg & 15) != p->state && valid_state (level, arg & 15, arg >> 4);

    case LVL_ACT_RELEASE:
      return to == from && arg == 0 && p->dom >= 0;

    default:
      return false;
    }
}

LevelsMove
levels_canonical (const LevelsPos *pos,
                  LevelsMove       move)
{
  int from, to, root;

  if (LVL_MOVE_KIND (move) != LVL_ACT_BLOCK)
    return move;
  from = LVL_MOVE_FROM (move);
  to = LVL_MOVE_TO (move);
  root = levels_root (pos, levels_piece_at (pos, from));
  return LVL_MOVE (LVL_ACT_BLOCK, pos->piece[root].cell, pos->piece[root].cell + to - from, 0);
}

/* ------------------------------------------------------------------------ */
/* Move generation                                                           */

static int
gen_block_moves (const LevelsPos *pos,
                 int              root,
                 uint32_t         members,
                 LevelsMove      *moves)
{
  int size = pos->size, n = 0;
  int minx = size, miny = size, maxx = -1, maxy = -1;
  int rc = pos->piece[root].cell;
  LevelsSet view;

  levels_block_view (pos, root, &view);
  for (uint32_t rest = members; rest; rest &= rest - 1)
    {
      int c = pos->piece[__builtin_ctz (rest)].cell;
      int x = cell_x (pos, c), y = cell_y (pos, c);
      minx = x < minx ? x : minx;
      maxx = x > maxx ? x : maxx;
      miny = y < miny ? y : miny;
      maxy = y > maxy ? y : maxy;
    }
  for (int dy = -miny; dy < size - maxy; dy++)
    for (int dx = -minx; dx < size - maxx; dx++)
      if ((dx || dy) && block_fits (pos, members, dx, dy, -1) &&
          block_lands_in_view (pos, members, &view, dx, dy))
        moves[n++] = LVL_MOVE (LVL_ACT_BLOCK, rc, rc + dy * size + dx, 0);
  return n;
}

int
levels_gen_moves (const LevelsPos *pos,
                  LevelsMove      *moves)
{
  int n = 0, player = pos->to_move;

  if (pos->end != LVL_END_NONE)
    return 0;
  for (int i = 0; i < LVL_MAX_PIECES; i++)
    {
      const LevelsPiece *p = &pos->piece[i];
      int level = levels_piece_level (i), c = p->cell;
      const LevelsSet *view;

      if (c == LVL_NO_CELL || p->colour != player)
        continue;
      view = levels_view (pos, i);

      /* alone, to an empty cell it sees */
      for (int k = 0; k < 4; k++)
        for (uint64_t rest = view->w[k] & ~pos->occupied.w[k]; rest; rest &= rest - 1)
          moves[n++] = LVL_MOVE (LVL_ACT_MOVE, c, k * 64 + __builtin_ctzll (rest), 0);

      /* destroying an enemy two or more levels higher that it sees */
      if (level <= LVL_LEVELS - 2)
        {
          uint32_t members = 0;
          for (int a = 0; a < LVL_MAX_PIECES; a++)
            {
              const LevelsPiece *e = &pos->piece[a];
              if (e->cell == LVL_NO_CELL || e->colour == player || levels_piece_level (a) < level + 2 ||
                  !levels_set_has (view, e->cell))
                continue;
              if (members == 0)
                members = levels_block_members (pos, i);
              if (block_fits (pos, members, cell_x (pos, e->cell) - cell_x (pos, c),
                              cell_y (pos, e->cell) - cell_y (pos, c), e->cell))
                moves[n++] = LVL_MOVE (LVL_ACT_DESTROY, c, e->cell, 0);
            }
        }

      /* turning its ray */
      if (p->state == 3 || p->state == 4)
        for (int d = 0; d < LVL_DIRS; d++)
          if (d != p->dir)
            moves[n++] = LVL_MOVE (LVL_ACT_TURN, c, c, d);

      /* switching state */
      if (level >= 7)
        for (int s = level - 6; s <= 6; s += 2)
          {
            if (s == p->state)
              continue;
            if (s == 3 || s == 4)
              for (int d = 0; d < LVL_DIRS; d++)
                moves[n++] = LVL_MOVE (LVL_ACT_STATE, c, c, LVL_STATE_ARG (s, d));
            else
              moves[n++] = LVL_MOVE (LVL_ACT_STATE, c, c, LVL_STATE_ARG (s, 0));
          }

      if (p->dom >= 0)
        moves[n++] = LVL_MOVE (LVL_ACT_RELEASE, c, c, 0);
      else
        {
          /* a root with members moves its block */
          uint32_t members = levels_block_members (pos, i);
          if (members & (members - 1))
            n += gen_block_moves (pos, i, members, moves + n);
        }
    }
  return n;
}

/* ------------------------------------------------------------------------ */
/* Making an action                                                          */

static int
chebyshev (const LevelsPos *pos,
           int              a,
           int              b)
{
  int dx = abs (cell_x (pos, a) - cell_x (pos, b)), dy = abs (cell_y (pos, a) - cell_y (pos, b));

  return dx > dy ? dx : dy;
}

/* Is candidate y a better dominator for x than best (RULES.md's order)? */
static bool
better_dominator (const LevelsPos *pos,
                  int              x,
                  int              y,
                  int              best,
                  int              mover)
{
  const LevelsPiece *px = &pos->piece[x];
  int cx = px->cell, cy = pos->piece[y].cell, cb;
  bool y_sees, b_sees;
  int dy_, db_;

  if (best < 0)
    return true;
  cb = pos->piece[best].cell;
  /* 1. its current dominator */
  if (px->dom == y || px->dom == best)
    return px->dom == y;
  /* 2. a candidate that sees it */
  y_sees = levels_set_has (levels_view (pos, y), cx);
  b_sees = levels_set_has (levels_view (pos, best), cx);
  if (y_sees != b_sees)
    return y_sees;
  /* 3. the mover's colour */
  if ((pos->piece[y].colour == mover) != (pos->piece[best].colour == mover))
    return pos->piece[y].colour == mover;
  /* 4. the nearest */
  dy_ = chebyshev (pos, cx, cy);
  db_ = chebyshev (pos, cx, cb);
  if (dy_ != db_)
    return dy_ < db_;
  /* 5. the lowest cell */
  return cy < cb;
}

/* After an action: every piece of level k that an active piece of an
 * adjacent level sees or is seen by joins the level-(k+1) piece's block,
 * with its subtree; then every piece takes its root's colour. Returns
 * whether a piece changed colour. */
static bool
form_blocks (LevelsPos *pos,
             uint32_t   active,
             int        mover)
{
  int8_t dom[LVL_MAX_PIECES];
  bool recoloured = false;

  if (active == 0)
    return false;
  for (int i = 0; i < LVL_MAX_PIECES; i++)
    dom[i] = pos->piece[i].dom;
  for (int x = 0; x < LVL_MAX_PIECES; x++)
    {
      int level = levels_piece_level (x), best = -1;
      const LevelsSet *xv;

      if (level == LVL_LEVELS || pos->piece[x].cell == LVL_NO_CELL)
        continue;
      xv = levels_view (pos, x);
      /* the pieces one level higher: one per seat's starting set */
      for (int p = 0; p < pos->players; p++)
        {
          int y = p * LVL_LEVELS + level;   /* level + 1, as an index */
          if (pos->piece[y].cell == LVL_NO_CELL || !((active >> x) & 1 || (active >> y) & 1))
            continue;
          if (!levels_set_has (xv, pos->piece[y].cell) && !levels_set_has (levels_view (pos, y), pos->piece[x].cell))
            continue;
          if (better_dominator (pos, x, y, best, mover))
            best = y;
        }
      if (best >= 0)
        dom[x] = (int8_t) best;
    }
  for (int i = 0; i < LVL_MAX_PIECES; i++)
    pos->piece[i].dom = dom[i];
  for (int i = 0; i < LVL_MAX_PIECES; i++)
    if (pos->piece[i].cell != LVL_NO_CELL)
      {
        int colour = pos->piece[levels_root (pos, i)].colour;
        if (colour != pos->piece[i].colour)
          {
            pos->piece[i].colour = (uint8_t) colour;
            recoloured = true;
          }
      }
  return recoloured;
}

/* Its subordinates become roots of their own blocks. */
static void
free_subordinates (LevelsPos *pos,
                   int        piece)
{
  for (int i = 0; i < LVL_MAX_PIECES; i++)
    if (pos->piece[i].dom == piece)
      pos->piece[i].dom = -1;
}

static void
translate (LevelsPos *pos,
           uint32_t   members,
           int        delta)
{
  for (uint32_t rest = members; rest; rest &= rest - 1)
    lift (pos, __builtin_ctz (rest));
  for (uint32_t rest = members; rest; rest &= rest - 1)
    {
      int i = __builtin_ctz (rest);
      put (pos, i, pos->piece[i].cell + delta);
    }
}

/* Whose turn it is after the mover, or the end. */
static void
next_turn (LevelsPos *pos,
           int        mover)
{
  int counts[LVL_MAX_PLAYERS] = { 0 }, colours = 0;

  for (int i = 0; i < LVL_MAX_PIECES; i++)
    if (pos->piece[i].cell != LVL_NO_CELL)
      counts[pos->piece[i].colour]++;
  for (int p = 0; p < pos->players; p++)
    colours += counts[p] > 0;
  if (colours <= 1)
    {
      pos->end = LVL_END_ONE_COLOUR;
      return;
    }
  if (pos->quiet >= LVL_QUIET_LIMIT)
    {
      pos->end = LVL_END_QUIET;
      return;
    }
  if (pos->turns >= LVL_TURN_LIMIT)
    {
      pos->end = LVL_END_TURN_LIMIT;
      return;
    }
  /* the next in turn who can act; a player who cannot passes */
  for (int k = 1; k <= pos->players; k++)
    {
      int p = (mover + k) % pos->players;
      if (counts[p] > 0 && levels_can_act (pos, p))
        {
          pos->to_move = (uint8_t) p;
          return;
        }
    }
  pos->end = LVL_END_NO_ACTION;
}

void
levels_make (LevelsPos  *pos,
             LevelsMove  move)
{
  int kind = LVL_MOVE_KIND (move), from = LVL_MOVE_FROM (move), to = LVL_MOVE_TO (move);
  int arg = LVL_MOVE_ARG (move), mover = pos->to_move;
  int x = levels_piece_at (pos, from);
  uint32_t active = 0;
  bool destroyed = false, recoloured;

  switch (kind)
    {
    case LVL_ACT_MOVE:
      pos->piece[x].dom = -1;
      free_subordinates (pos, x);
      lift (pos, x);
      put (pos, x, to);
      active = 1u << x;
      break;

    case LVL_ACT_BLOCK:
      active = levels_block_members (pos, x);
      translate (pos, active, to - from);
      break;

    case LVL_ACT_DESTROY:
      {
        int a = levels_piece_at (pos, to);
        lift (pos, a);
        pos->piece[a].cell = LVL_NO_CELL;
        pos->piece[a].dom = -1;
        free_subordinates (pos, a);
        active = levels_block_members (pos, x);
        translate (pos, active, to - from);
        destroyed = true;
      }
      break;

    case LVL_ACT_TURN:
      pos->piece[x].dir = (uint8_t) arg;
      active = 1u << x;
      break;

    case LVL_ACT_STATE:
      pos->piece[x].state = (uint8_t) (arg & 15);
      pos->piece[x].dir = (uint8_t) (arg >> 4);
      active = 1u << x;
      break;

    case LVL_ACT_RELEASE:
      pos->piece[x].dom = -1;
      break;

    default:
      return;
    }

  recoloured = form_blocks (pos, active, mover);
  pos->changed = destroyed || recoloured;
  pos->quiet = pos->changed ? 0 : (uint8_t) (pos->quiet + 1);
  pos->turns++;
  next_turn (pos, mover);
  pos->hash = compute_hash (pos);
}

LevelsEnd
levels_outcome (const LevelsPos *pos,
                int             *winner)
{
  int best = -1, best_count = -1, shared = 0;

  if (pos->end == LVL_END_NONE)
    {
      *winner = -1;
      return LVL_END_NONE;
    }
  /* one colour left has the most pieces too */
  for (int p = 0; p < pos->players; p++)
    {
      int count = levels_count_pieces (pos, p);
      if (count > best_count)
        {
          best = p;
          best_count = count;
          shared = 0;
        }
      else if (count == best_count)
        shared = 1;
    }
  *winner = shared ? -1 : best;
  return (LevelsEnd) pos->end;
}

/* ------------------------------------------------------------------------ */
/* A game: the history for repetitions                                       */

void
levels_game_init (LevelsGame      *game,
                  const LevelsPos *start)
{
  memset (game, 0, sizeof *game);
  game->pos = *start;
}

void
levels_game_play (LevelsGame *game,
                  LevelsMove  move)
{
  int seen = 0;

  /* the position the action is played on joins the window */
  game->history[game->next] = game->pos.hash;
  game->next = (uint8_t) ((game->next + 1) % LVL_REPEAT_WINDOW);
  if (game->n_history < LVL_REPEAT_WINDOW)
    game->n_history++;
  levels_make (&game->pos, move);
  for (int i = 0; i < game->n_history; i++)
    seen += game->history[i] == game->pos.hash;
  if (seen >= 2 && game->pos.end == LVL_END_NONE)
    game->pos.end = LVL_END_REPETITION;
}

/* ------------------------------------------------------------------------ */
/* Perft                                                                     */

static uint64_t
perft (const LevelsPos *pos,
       int              depth,
       LevelsMove      *buffer)
{
  int n = levels_gen_moves (pos, buffer);
  uint64_t nodes = 0;

  if (depth == 1)
    return (uint64_t) n;
  for (int i = 0; i < n; i++)
    {
      LevelsPos next = *pos;
      levels_make (&next, buffer[i]);
      nodes += perft (&next, depth - 1, buffer + n);
    }
  return nodes;
}

uint64_t
levels_perft (const LevelsPos *pos,
              int              depth)
{
  LevelsMove *buffer;
  uint64_t nodes;

  if (depth <= 0)
    return 1;
  /* a ply's moves stay in the buffer below the next ply's */
  buffer = malloc (sizeof (LevelsMove) * LVL_MAX_MOVES * (size_t) depth);
  if (buffer == NULL)
    return 0;
  nodes = perft (pos, depth, buffer);
  free (buffer);
  return nodes;
}

/* ------------------------------------------------------------------------ */
/* Notation                                                                  */

void
levels_cell_name (const LevelsPos *pos,
                  int              cell,
                  char            *buf,
                  size_t           len)
{
  snprintf (buf, len, "%c%d", 'a' + cell % pos->size, cell / pos->size + 1);
}

int
levels_parse_cell (int         size,
                   const char *text,
                   int        *cell)
{
  int x, y, n = 1;

  if (text[0] < 'a' || text[0] >= 'a' + size || text[1] < '1' || text[1] > '9')
    return 0;
  x = text[0] - 'a';
  y = text[1] - '0';
  if (text[2] >= '0' && text[2] <= '9')
    {
      y = y * 10 + text[2] - '0';
      n++;
    }
  if (y > size)
    return 0;
  *cell = (y - 1) * size + x;
  return n + 1;
}

const char *
levels_dir_name (int dir)
{
  return dir >= 0 && dir < LVL_DIRS ? dir_names[dir] : "?";
}

/* A direction's name at the start of text: the characters read, 0 if none. */
static int
parse_dir (const char *text,
           int        *dir)
{
  /* the two-letter names first: "ne" is not "n" */
  for (int d = 1; d < LVL_DIRS; d += 2)
    if (strncmp (text, dir_names[d], 2) == 0)
      {
        *dir = d;
        return 2;
      }
  for (int d = 0; d < LVL_DIRS; d += 2)
    if (text[0] == dir_names[d][0])
      {
        *dir = d;
        return 1;
      }
  return 0;
}

void
levels_move_to_text (const LevelsPos *pos,
                     LevelsMove       move,
                     char            *buf,
                     size_t           len)
{
  char from[8], to[8];
  int arg = LVL_MOVE_ARG (move);

  levels_cell_name (pos, LVL_MOVE_FROM (move), from, sizeof from);
  levels_cell_name (pos, LVL_MOVE_TO (move), to, sizeof to);
  switch (LVL_MOVE_KIND (move))
    {
    case LVL_ACT_MOVE:    snprintf (buf, len, "%s-%s", from, to); break;
    case LVL_ACT_BLOCK:   snprintf (buf, len, "%s=%s", from, to); break;
    case LVL_ACT_DESTROY: snprintf (buf, len, "%sx%s", from, to); break;
    case LVL_ACT_TURN:    snprintf (buf, len, "%s>%s", from, levels_dir_name (arg)); break;
    case LVL_ACT_STATE:
      if ((arg & 15) == 3 || (arg & 15) == 4)
        snprintf (buf, len, "%s@%d%s", from, arg & 15, levels_dir_name (arg >> 4));
      else
        snprintf (buf, len, "%s@%d", from, arg & 15);
      break;
    case LVL_ACT_RELEASE: snprintf (buf, len, "%s/", from); break;
    default:              snprintf (buf, len, "?"); break;
    }
}

bool
levels_parse_move (const LevelsPos *pos,
                   const char      *text,
                   LevelsMove      *move)
{
  int from, to, dir, n, kind;

  if (text == NULL || (n = levels_parse_cell (pos->size, text, &from)) == 0)
    return false;
  text += n;
  switch (*text++)
    {
    case '-': kind = LVL_ACT_MOVE; break;
    case '=': kind = LVL_ACT_BLOCK; break;
    case 'x': kind = LVL_ACT_DESTROY; break;
    case '>':
      n = parse_dir (text, &dir);
      if (n == 0 || text[n] != '\0')
        return false;
      *move = LVL_MOVE (LVL_ACT_TURN, from, from, dir);
      return true;
    case '@':
      {
        int state = *text - '0';
        if (state < 1 || state > 6)
          return false;
        text++;
        dir = 0;
        if (state == 3 || state == 4)
          {
            n = parse_dir (text, &dir);
            if (n == 0)
              return false;
            text += n;
          }
        if (*text != '\0')
          return false;
        *move = LVL_MOVE (LVL_ACT_STATE, from, from, LVL_STATE_ARG (state, dir));
        return true;
      }
    case '/':
      if (*text != '\0')
        return false;
      *move = LVL_MOVE (LVL_ACT_RELEASE, from, from, 0);
      return true;
    default:
      return false;
    }
  n = levels_parse_cell (pos->size, text, &to);
  if (n == 0 || text[n] != '\0')
    return false;
  *move = LVL_MOVE (kind, from, to, 0);
  return true;
}

LevelsMove
levels_move_from_text (const LevelsPos *pos,
                       const char      *text)
{
  LevelsMove move;

  if (!levels_parse_move (pos, text, &move) || !levels_is_legal (pos, move))
    return LVL_MOVE_NONE;
  return levels_canonical (pos, move);
}

/* ------------------------------------------------------------------------ */
/* Positions as text                                                         */

void
levels_to_text (const LevelsPos *pos,
                char            *buf,
                size_t           len)
{
  size_t at;
  bool first = true;

  at = (size_t) snprintf (buf, len, "%d %d %c ", pos->size, pos->players, 'a' + pos->to_move);
  for (int c = 0; c < pos->size * pos->size && at < len; c++)
    {
      int i = levels_piece_at (pos, c);
      const LevelsPiece *p;
      int level;
      char cell[8], dom[8] = "";

      if (i < 0)
        continue;
      p = &pos->piece[i];
      level = levels_piece_level (i);
      levels_cell_name (pos, c, cell, sizeof cell);
      if (p->dom >= 0)
        {
          dom[0] = '^';
          levels_cell_name (pos, pos->piece[p->dom].cell, dom + 1, sizeof dom - 1);
        }
      if (level == 3 || level == 4)
        at += (size_t) snprintf (buf + at, len - at, "%s%s%c%d%s%s", first ? "" : ",", cell, 'a' + p->colour,
                                 level, levels_dir_name (p->dir), dom);
      else if (level >= 7)
        at += (size_t) snprintf (buf + at, len - at, "%s%s%c%d@%d%s%s", first ? "" : ",", cell, 'a' + p->colour,
                                 level, p->state, (p->state == 3 || p->state == 4) ? levels_dir_name (p->dir) : "",
                                 dom);
      else
        at += (size_t) snprintf (buf + at, len - at, "%s%s%c%d%s", first ? "" : ",", cell, 'a' + p->colour,
                                 level, dom);
      first = false;
    }
  if (at < len)
    snprintf (buf + at, len - at, " %d %d", pos->quiet, pos->turns);
}

/* One piece "c3a4ne^d4"; the dominator's cell goes to dom_cell (-1). */
static LevelsTextError
parse_piece (const char *text,
             int         size,
             int         players,
             int        *cell,
             int        *colour,
             int        *level,
             int        *state,
             int        *dir,
             int        *dom_cell)
{
  int n = levels_parse_cell (size, text, cell);

  if (n == 0)
    return text[0] >= 'a' && text[0] <= 'z' && text[1] >= '0' && text[1] <= '9' ? LVL_TEXT_PIECE : LVL_TEXT_SYNTAX;
  text += n;
  if (*text < 'a' || *text > 'd')
    return LVL_TEXT_SYNTAX;
  *colour = *text++ - 'a';
  if (*colour >= players)
    return LVL_TEXT_PIECE;
  if (*text < '0' || *text > '9')
    return LVL_TEXT_SYNTAX;
  *level = *text++ - '0';
  if (*level < 1 || *level > LVL_LEVELS)
    return LVL_TEXT_PIECE;
  *state = *level;
  *dir = 0;
  if (*text == '@')
    {
      if (text[1] < '0' || text[1] > '9')
        return LVL_TEXT_SYNTAX;
      *state = text[1] - '0';
      text += 2;
      if ((n = parse_dir (text, dir)))
        text += n;
      if (*level < 7 || !valid_state (*level, *state, *dir) || (n == 0 && (*state == 3 || *state == 4)))
        return LVL_TEXT_ORIENT;
    }
  else if ((n = parse_dir (text, dir)))
    {
      text += n;
      if (*level != 3 && *level != 4)
        return LVL_TEXT_ORIENT;
    }
  else if (*level == 3 || *level == 4 || *level >= 7)
    return LVL_TEXT_ORIENT;
  *dom_cell = -1;
  if (*text == '^')
    {
      n = levels_parse_cell (size, text + 1, dom_cell);
      if (n == 0)
        return LVL_TEXT_SYNTAX;
      text += n + 1;
    }
  return *text == '\0' ? LVL_TEXT_OK : LVL_TEXT_SYNTAX;
}

static bool
parse_number (const char *text,
              int         min,
              int         max,
              int        *value)
{
  char *end;
  long v;

  if (text == NULL || *text < '0' || *text > '9')
    return false;
  v = strtol (text, &end, 10);
  if (*end != '\0' || v < min || v > max)
    return false;
  *value = (int) v;
  return true;
}

LevelsTextError
levels_from_text (LevelsPos  *pos,
                  const char *text)
{
  char copy[LVL_TEXT_MAX];
  char *fields[6], *save = NULL, *token;
  int n_fields = 0, size, players, turn, quiet = 0, turns = 0;
  int per_level[LVL_LEVELS] = { 0 };
  int dom_cells[LVL_MAX_PIECES];

  if (text == NULL || strlen (text) >= sizeof copy)
    return LVL_TEXT_SYNTAX;
  strcpy (copy, text);
  for (token = strtok_r (copy, " ", &save); token; token = strtok_r (NULL, " ", &save))
    {
      if (n_fields == 6)
        return LVL_TEXT_SYNTAX;
      fields[n_fields++] = token;
    }
  if (n_fields < 4)
    return LVL_TEXT_SYNTAX;
  if (!parse_number (fields[0], 0, 99, &size) || !parse_number (fields[1], 0, 9, &players))
    return LVL_TEXT_SYNTAX;
  if (!levels_valid_board (size, players))
    return LVL_TEXT_BOARD;
  if (fields[2][0] < 'a' || fields[2][0] >= 'a' + players || fields[2][1] != '\0')
    return LVL_TEXT_SYNTAX;
  turn = fields[2][0] - 'a';
  /* a game ended by the quiet limit reads back as ended */
  if (n_fields >= 5 && !parse_number (fields[4], 0, LVL_QUIET_LIMIT, &quiet))
    return LVL_TEXT_SYNTAX;
  if (n_fields == 6 && !parse_number (fields[5], 0, LVL_TURN_LIMIT, &turns))
    return LVL_TEXT_SYNTAX;
  /* every piece between commas: no empty one */
  if (fields[3][0] == ',' || fields[3][strlen (fields[3]) - 1] == ',' || strstr (fields[3], ",,"))
    return LVL_TEXT_SYNTAX;

  clear (pos, size, players);
  for (token = strtok_r (fields[3], ",", &save); token; token = strtok_r (NULL, ",", &save))
    {
      int cell, colour, level, state, dir, dom_cell, piece;
      LevelsTextError e = parse_piece (token, size, players, &cell, &colour, &level, &state, &dir, &dom_cell);

      if (e != LVL_TEXT_OK)
        return e;
      if (pos->board[cell])
        return LVL_TEXT_PIECE;
      if (per_level[level - 1] >= players)
        return LVL_TEXT_COUNT;
      piece = per_level[level - 1]++ * LVL_LEVELS + level - 1;
      pos->piece[piece].colour = (uint8_t) colour;
      pos->piece[piece].state = (uint8_t) state;
      pos->piece[piece].dir = (uint8_t) dir;
      dom_cells[piece] = dom_cell;
      put (pos, piece, cell);
    }
  if (levels_count_pieces (pos, -1) == 0)
    return LVL_TEXT_SYNTAX;
  for (int i = 0; i < LVL_MAX_PIECES; i++)
    if (pos->piece[i].cell != LVL_NO_CELL && dom_cells[i] >= 0)
      {
        int d = levels_piece_at (pos, dom_cells[i]);
        if (d < 0 || levels_piece_level (d) != levels_piece_level (i) + 1)
          return LVL_TEXT_BLOCK;
        pos->piece[i].dom = (int8_t) d;
      }
  for (int i = 0; i < LVL_MAX_PIECES; i++)
    if (pos->piece[i].cell != LVL_NO_CELL && pos->piece[levels_root (pos, i)].colour != pos->piece[i].colour)
      return LVL_TEXT_BLOCK;

  pos->quiet = (uint8_t) quiet;
  pos->turns = (uint16_t) turns;
  /* the player named, or the next who can act; an ended game keeps it */
  pos->to_move = (uint8_t) turn;
  next_turn (pos, (turn + pos->players - 1) % pos->players);
  pos->hash = compute_hash (pos);
  return LVL_TEXT_OK;
}
