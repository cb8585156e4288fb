/* test-levels-rules.c — the Levels rules engine, checked case by case and
 * against a slow reference written differently
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "games/levels/levels-rules.h"
#include "ludo-properties.h"
#include "ludo-test-scale.h"

/* ------------------------------------------------------------------------ */
/* A slow reference, written from RULES.md §4 and not from the engine:
 * pieces kept by cell, links as the cell of the dominator, fields of view
 * built by walking coordinates, actions as notation strings and positions
 * written as text in the engine's format. */

static const int ref_dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int ref_dy[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
static const char * const ref_dir_names[8] = { "n", "ne", "e", "se", "s", "sw", "w", "nw" };

typedef struct {
  int    size, players, turn, quiet, turns, end, changed;
  /* by cell; colour -1 where empty */
  gint8  colour[LVL_MAX_CELLS];
  gint8  level[LVL_MAX_CELLS];
  gint8  state[LVL_MAX_CELLS];    /* the level it sees as */
  gint8  dir[LVL_MAX_CELLS];      /* for states 3 and 4, else 0 */
  gint16 dom[LVL_MAX_CELLS];      /* the cell of its dominator, or -1 */
} Ref;

static gboolean
ref_on_board (int size,
              int x,
              int y)
{
  return x >= 0 && y >= 0 && x < size && y < size;
}

static int
ref_chebyshev (int size,
               int a,
               int b)
{
  return MAX (ABS (a % size - b % size), ABS (a / size - b / size));
}

static void
ref_cell_name (int   size,
               int   cell,
               char *buf)
{
  int rank = cell / size + 1;

  *buf++ = 'a' + cell % size;
  if (rank >= 10)
    *buf++ = '0' + rank / 10;
  *buf++ = '0' + rank % 10;
  *buf = '\0';
}

/* Reads a cell name; returns the characters read, 0 if none. */
static int
ref_read_cell (int         size,
               const char *text,
               int        *cell)
{
  int x, y = 0, n = 1;

  if (text[0] < 'a' || text[0] > 'z')
    return 0;
  x = text[0] - 'a';
  if (text[1] < '1' || text[1] > '9')
    return 0;
  while (text[n] >= '0' && text[n] <= '9' && n < 4)
    y = y * 10 + text[n++] - '0';
  if (!ref_on_board (size, x, y - 1))
    return 0;
  *cell = (y - 1) * size + x;
  return n;
}

/* Reads a direction's name (the longest that fits); -1 if none. */
static int
ref_read_dir (const char *text,
              int        *len)
{
  int best = -1;

  *len = 0;
  for (int d = 0; d < 8; d++)
    {
      int n = strlen (ref_dir_names[d]);
      if (strncmp (text, ref_dir_names[d], n) == 0 && n > *len)
        {
          best = d;
          *len = n;
        }
    }
  return best;
}

/* ---- fields of view ---- */

typedef struct {
  int    n;
  guint8 cells[LVL_MAX_CELLS];
  guint8 has[LVL_MAX_CELLS];
} RefView;

static RefView *ref_view_cache[3][LVL_MAX_CELLS][7][8];

static void
see (RefView *v,
     int      size,
     int      x,
     int      y)
{
  int c = y * size + x;

  if (!v->has[c])
    {
      v->has[c] = 1;
      v->cells[v->n++] = c;
    }
}

static void
see_square (RefView *v,
            int      size,
            int      sx,
            int      sy)
{
  for (int y = 3 * sy; y < 3 * sy + 3; y++)
    for (int x = 3 * sx; x < 3 * sx + 3; x++)
      see (v, size, x, y);
}

/* A narrow ray: cells one step at a time, to the edge. */
static void
see_ray (RefView *v,
         int      size,
         int      x,
         int      y,
         int      d)
{
  for (x += ref_dx[d], y += ref_dy[d]; ref_on_board (size, x, y); x += ref_dx[d], y += ref_dy[d])
    see (v, size, x, y);
}

/* A wide ray: squares one square-step at a time, to the edge. */
static void
see_wide_ray (RefView *v,
              int      size,
              int      sx,
              int      sy,
              int      d)
{
  for (sx += ref_dx[d], sy += ref_dy[d]; ref_on_board (size / 3, sx, sy); sx += ref_dx[d], sy += ref_dy[d])
    see_square (v, size, sx, sy);
}

static const RefView *
ref_view_as (int size,
             int cell,
             int as,
             int dir)
{
  RefView **slot;
  RefView *v;
  int x = cell % size, y = cell / size;

  if (as != 3 && as != 4)
    dir = 0;
  slot = &ref_view_cache[(size - 9) / 3][cell][as][dir];
  if (*slot)
    return *slot;

  v = g_new0 (RefView, 1);
  see (v, size, x, y);
  switch (as)
    {
    case 1:
      break;
    case 2:
      see_square (v, size, x / 3, y / 3);
      break;
    case 3:
      see_ray (v, size, x, y, dir);
      break;
    case 4:
      see_square (v, size, x / 3, y / 3);
      see_wide_ray (v, size, x / 3, y / 3, dir);
      break;
    case 5:
      for (int d = 0; d < 8; d++)
        see_ray (v, size, x, y, d);
      break;
    case 6:
      see_square (v, size, x / 3, y / 3);
      for (int d = 0; d < 8; d++)
        see_wide_ray (v, size, x / 3, y / 3, d);
      break;
    default:
      g_assert_not_reached ();
    }
  *slot = v;
  return v;
}

static const RefView *
ref_view (const Ref *ref,
          int        cell)
{
  return ref_view_as (ref->size, cell, ref->state[cell], ref->dir[cell]);
}

/* ---- blocks ---- */

static int
ref_root (const Ref *ref,
          int        cell)
{
  while (ref->dom[cell] >= 0)
    cell = ref->dom[cell];
  return cell;
}

/* The cells of the block rooted at root. */
static int
ref_members (const Ref *ref,
             int        root,
             int       *cells)
{
  int n = 0;

  for (int c = 0; c < ref->size * ref->size; c++)
    if (ref->colour[c] >= 0 && ref_root (ref, c) == root)
      cells[n++] = c;
  return n;
}

/* Moves every cell in cells by (dx, dy): FALSE if one would leave the board
 * or land on a piece that is not in the block and not `vacated`. */
static gboolean
ref_block_fits (const Ref *ref,
                const int *cells,
                int        n,
                int        dx,
                int        dy,
                int        vacated)
{
  for (int i = 0; i < n; i++)
    {
      int x = cells[i] % ref->size + dx, y = cells[i] / ref->size + dy, t;
      gboolean member = FALSE;

      if (!ref_on_board (ref->size, x, y))
        return FALSE;
      t = y * ref->size + x;
      for (int j = 0; j < n; j++)
        member |= cells[j] == t;
      if (ref->colour[t] >= 0 && !member && t != vacated)
        return FALSE;
    }
  return TRUE;
}

/* ---- text ---- */

static void
ref_to_text (const Ref *ref,
             char      *buf)
{
  char *p = buf;
  gboolean first = TRUE;

  p += sprintf (p, "%d %d %c ", ref->size, ref->players, 'a' + ref->turn);
  for (int c = 0; c < ref->size * ref->size; c++)
    {
      if (ref->colour[c] < 0)
        continue;
      if (!first)
        *p++ = ',';
      first = FALSE;
      ref_cell_name (ref->size, c, p);
      p += strlen (p);
      *p++ = 'a' + ref->colour[c];
      *p++ = '0' + ref->level[c];
      if (ref->level[c] == 3 || ref->level[c] == 4)
        p = g_stpcpy (p, ref_dir_names[ref->dir[c]]);
      else if (ref->level[c] >= 7)
        {
          *p++ = '@';
          *p++ = '0' + ref->state[c];
          if (ref->state[c] == 3 || ref->state[c] == 4)
            p = g_stpcpy (p, ref_dir_names[ref->dir[c]]);
        }
      if (ref->dom[c] >= 0)
        {
          *p++ = '^';
          ref_cell_name (ref->size, ref->dom[c], p);
          p += strlen (p);
        }
    }
  sprintf (p, " %d %d", ref->quiet, ref->turns);
}

/* Reads the engine's text format; only what the engine writes. */
static void
ref_from_text (Ref        *ref,
               const char *text)
{
  char turn, pieces[LVL_TEXT_MAX];
  int quiet = 0, turns = 0;
  gchar **tokens;

  memset (ref, 0, sizeof *ref);
  memset (ref->colour, -1, sizeof ref->colour);
  for (int c = 0; c < LVL_MAX_CELLS; c++)
    ref->dom[c] = -1;
  if (sscanf (text, "%d %d %c %1023s %d %d", &ref->size, &ref->players, &turn, pieces, &quiet, &turns) < 4)
    g_error ("reference cannot read “%s”", text);
  ref->turn = turn - 'a';
  ref->quiet = quiet;
  ref->turns = turns;
  tokens = g_strsplit (pieces, ",", -1);
  for (int i = 0; tokens[i]; i++)
    {
      const char *t = tokens[i];
      int cell, n = ref_read_cell (ref->size, t, &cell), len;

      g_assert_cmpint (n, >, 0);
      t += n;
      ref->colour[cell] = t[0] - 'a';
      ref->level[cell] = t[1] - '0';
      ref->state[cell] = ref->level[cell];
      t += 2;
      if (ref->level[cell] == 3 || ref->level[cell] == 4)
        {
          ref->dir[cell] = ref_read_dir (t, &len);
          g_assert_cmpint (ref->dir[cell], >=, 0);
          t += len;
        }
      else if (ref->level[cell] >= 7)
        {
          g_assert_cmpint (t[0], ==, '@');
          ref->state[cell] = t[1] - '0';
          t += 2;
          if (ref->state[cell] == 3 || ref->state[cell] == 4)
            {
              ref->dir[cell] = ref_read_dir (t, &len);
              g_assert_cmpint (ref->dir[cell], >=, 0);
              t += len;
            }
        }
      if (t[0] == '^')
        {
          int dom;
          n = ref_read_cell (ref->size, t + 1, &dom);
          g_assert_cmpint (n, >, 0);
          ref->dom[cell] = dom;
          t += 1 + n;
        }
      g_assert_cmpint (t[0], ==, '\0');
    }
  g_strfreev (tokens);
}

/* ---- actions ---- */

static void
add_action (GPtrArray  *out,
            const char *fmt,
            ...) G_GNUC_PRINTF (2, 3);

static void
add_action (GPtrArray  *out,
            const char *fmt,
            ...)
{
  va_list args;

  va_start (args, fmt);
  g_ptr_array_add (out, g_strdup_vprintf (fmt, args));
  va_end (args);
}

/* The legal actions of player's pieces, in notation, into out; with out
 * NULL, stops at the first and returns 1 if there is one. */
static int
ref_gen_player (const Ref *ref,
                int        player,
                GPtrArray *out)
{
  int size = ref->size, count = 0;

#define FOUND(...) G_STMT_START { count++; if (!out) return 1; add_action (out, __VA_ARGS__); } G_STMT_END

  for (int c = 0; c < size * size; c++)
    {
      const RefView *view;
      char from[8], to[8];
      int level = ref->level[c];

      if (ref->colour[c] != player)
        continue;
      view = ref_view (ref, c);
      ref_cell_name (size, c, from);

      /* a piece alone, to an empty cell it sees */
      for (int i = 0; i < view->n; i++)
        if (ref->colour[view->cells[i]] < 0)
          {
            ref_cell_name (size, view->cells[i], to);
            FOUND ("%s-%s", from, to);
          }

      /* destroy: an enemy two levels up or more, in the piece's own view;
       * its whole block follows */
      for (int i = 0; i < view->n; i++)
        {
          int a = view->cells[i], cells[LVL_MAX_PIECES], n;

          if (ref->colour[a] < 0 || ref->colour[a] == player || ref->level[a] < level + 2)
            continue;
          n = ref_members (ref, ref_root (ref, c), cells);
          if (!ref_block_fits (ref, cells, n, a % size - c % size, a / size - c / size, a))
            continue;
          ref_cell_name (size, a, to);
          FOUND ("%sx%s", from, to);
        }

      /* turn a ray */
      if (ref->state[c] == 3 || ref->state[c] == 4)
        for (int d = 0; d < 8; d++)
          if (d != ref->dir[c])
            FOUND ("%s>%s", from, ref_dir_names[d]);

      /* switch state */
      if (level >= 7)
        for (int s = level - 6; s <= 6; s += 2)
          {
            if (s == ref->state[c])
              continue;
            if (s == 3 || s == 4)
              for (int d = 0; d < 8; d++)
                FOUND ("%s@%d%s", from, s, ref_dir_names[d]);
            else
              FOUND ("%s@%d", from, s);
          }

      /* release */
      if (ref->dom[c] >= 0)
        FOUND ("%s/", from);

      /* the whole block, named by its root, by every vector that keeps it
       * on the board and lands a member on the block's view */
      if (ref->dom[c] < 0)
        {
          int cells[LVL_MAX_PIECES], n = ref_members (ref, c, cells);
          guint8 seen[LVL_MAX_CELLS] = { 0 };

          if (n < 2)
            continue;
          for (int i = 0; i < n; i++)
            {
              const RefView *v = ref_view (ref, cells[i]);
              for (int j = 0; j < v->n; j++)
                seen[v->cells[j]] = 1;
            }
          for (int dy = -(size - 1); dy < size; dy++)
            for (int dx = -(size - 1); dx < size; dx++)
              {
                gboolean lands = FALSE;

                if ((dx == 0 && dy == 0) || !ref_block_fits (ref, cells, n, dx, dy, -1))
                  continue;
                for (int i = 0; i < n; i++)
                  lands |= seen[cells[i] + dy * size + dx];
                if (!lands)
                  continue;
                ref_cell_name (size, c + dy * size + dx, to);
                FOUND ("%s=%s", from, to);
              }
        }
    }
#undef FOUND
  return count;
}

static gboolean
ref_can_act (const Ref *ref,
             int        player)
{
  return ref_gen_player (ref, player, NULL) > 0;
}

static int
ref_count (const Ref *ref,
           int        colour)
{
  int n = 0;

  for (int c = 0; c < ref->size * ref->size; c++)
    n += ref->colour[c] >= 0 && (colour < 0 || ref->colour[c] == colour);
  return n;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* Every legal action, sorted. */
static GPtrArray *
ref_gen (const Ref *ref)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  if (ref->end == LVL_END_NONE)
    ref_gen_player (ref, ref->turn, out);
  g_ptr_array_sort (out, compare_strings);
  return out;
}

static gboolean
ref_in (GPtrArray  *sorted,
        const char *text)
{
  guint lo = 0, hi = sorted->len;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      int c = strcmp (sorted->pdata[mid], text);
      if (c == 0)
        return TRUE;
      if (c < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return FALSE;
}

/* Whether text is a legal action; a block move may name any member. */
static gboolean
ref_is_legal (const Ref  *ref,
              GPtrArray  *sorted,
              const char *text)
{
  int from, to, n;
  char a[8], b[8], *canon;
  gboolean legal;

  if (ref_in (sorted, text))
    return TRUE;
  n = ref_read_cell (ref->size, text, &from);
  if (n == 0 || text[n] != '=' || ref->colour[from] < 0)
    return FALSE;
  {
    int m = ref_read_cell (ref->size, text + n + 1, &to);
    int root = ref_root (ref, from);
    int x = root % ref->size + to % ref->size - from % ref->size;
    int y = root / ref->size + to / ref->size - from / ref->size;

    if (m == 0 || text[n + 1 + m] != '\0' || !ref_on_board (ref->size, x, y))
      return FALSE;
    ref_cell_name (ref->size, root, a);
    ref_cell_name (ref->size, y * ref->size + x, b);
  }
  canon = g_strdup_printf ("%s=%s", a, b);
  legal = ref_in (sorted, canon);
  g_free (canon);
  return legal;
}

/* Moves the pieces of ref: where[c] is the new cell of the piece on c, or
 * -1 if it is removed; links follow their pieces. */
static void
ref_relocate (Ref       *ref,
              const int *where)
{
  Ref old = *ref;

  memset (ref->colour, -1, sizeof ref->colour);
  for (int c = 0; c < ref->size * ref->size; c++)
    {
      ref->dom[c] = -1;
      ref->level[c] = ref->state[c] = ref->dir[c] = 0;
    }
  for (int c = 0; c < ref->size * ref->size; c++)
    {
      int t = where[c];

      if (old.colour[c] < 0 || t < 0)
        continue;
      ref->colour[t] = old.colour[c];
      ref->level[t] = old.level[c];
      ref->state[t] = old.state[c];
      ref->dir[t] = old.dir[c];
      ref->dom[t] = old.dom[c] >= 0 ? where[old.dom[c]] : -1;
    }
}

/* Plays a legal action given in notation. */
static void
ref_play (Ref        *ref,
          const char *text)
{
  int size = ref->size, cells = size * size, mover = ref->turn;
  int from, to = -1, n, where[LVL_MAX_CELLS];
  gboolean active[LVL_MAX_CELLS] = { FALSE }, destroyed = FALSE, any_active = FALSE;
  gint8 before[LVL_MAX_CELLS];
  char op;

  for (int c = 0; c < cells; c++)
    where[c] = c;
  n = ref_read_cell (size, text, &from);
  g_assert_cmpint (n, >, 0);
  op = text[n];
  if (op == '-' || op == '=' || op == 'x')
    g_assert_cmpint (ref_read_cell (size, text + n + 1, &to), >, 0);

  switch (op)
    {
    case '-':
      /* alone: the piece leaves its dominator, its subordinates stay */
      for (int c = 0; c < cells; c++)
        if (ref->colour[c] >= 0 && ref->dom[c] == from)
          ref->dom[c] = -1;
      ref->dom[from] = -1;
      where[from] = to;
      ref_relocate (ref, where);
      active[to] = TRUE;
      break;

    case '=':
    case 'x':
      {
        int members[LVL_MAX_PIECES], m;
        int dx = to % size - from % size, dy = to / size - from / size;

        if (op == 'x')
          {
            /* the enemy's subordinates become roots, keeping their colour */
            for (int c = 0; c < cells; c++)
              if (ref->colour[c] >= 0 && ref->dom[c] == to)
                ref->dom[c] = -1;
            where[to] = -1;
            destroyed = TRUE;
          }
        m = ref_members (ref, ref_root (ref, from), members);
        for (int i = 0; i < m; i++)
          where[members[i]] = members[i] + dy * size + dx;
        ref_relocate (ref, where);
        for (int i = 0; i < m; i++)
          active[members[i] + dy * size + dx] = TRUE;
      }
      break;

    case '>':
      {
        int len, d = ref_read_dir (text + n + 1, &len);
        g_assert_cmpint (d, >=, 0);
        ref->dir[from] = d;
        active[from] = TRUE;
      }
      break;

    case '@':
      {
        int s = text[n + 1] - '0', len;
        ref->state[from] = s;
        ref->dir[from] = s == 3 || s == 4 ? ref_read_dir (text + n + 2, &len) : 0;
        active[from] = TRUE;
      }
      break;

    case '/':
      ref->dom[from] = -1;
      break;

    default:
      g_error ("reference cannot play %s", text);
    }

  memcpy (before, ref->colour, sizeof before);
  for (int c = 0; c < cells; c++)
    any_active |= active[c];

  /* blocks form: choices made from the links as they are now, then
   * applied together */
  if (any_active)
    {
      gint16 dom[LVL_MAX_CELLS];

      int on[LVL_MAX_PIECES], n_on = 0;

      memcpy (dom, ref->dom, sizeof dom);
      for (int c = 0; c < cells; c++)
        if (ref->colour[c] >= 0)
          on[n_on++] = c;
      for (int i = 0; i < n_on; i++)
        {
          int x = on[i], best = -1, best_key[5] = { 0 };

          if (ref->level[x] == 8)
            continue;
          for (int j = 0; j < n_on; j++)
            {
              int y = on[j], key[5], better = 0;
              gboolean y_sees, x_sees;

              if (ref->level[y] != ref->level[x] + 1 || !(active[x] || active[y]))
                continue;
              y_sees = ref_view (ref, y)->has[x];
              x_sees = ref_view (ref, x)->has[y];
              if (!y_sees && !x_sees)
                continue;
              /* smaller is better, field by field */
              key[0] = y != ref->dom[x];
              key[1] = !y_sees;
              key[2] = ref->colour[y] != mover;
              key[3] = ref_chebyshev (size, x, y);
              key[4] = y;
              for (int k = 0; k < 5 && !better; k++)
                better = key[k] < best_key[k] ? 1 : key[k] > best_key[k] ? -1 : 0;
              if (best < 0 || better > 0)
                {
                  best = y;
                  memcpy (best_key, key, sizeof key);
                }
            }
          if (best >= 0)
            dom[x] = best;
        }
      memcpy (ref->dom, dom, sizeof dom);
    }
  for (int c = 0; c < cells; c++)
    if (ref->colour[c] >= 0)
      ref->colour[c] = before[ref_root (ref, c)];

  ref->changed = destroyed;
  for (int c = 0; c < cells; c++)
    ref->changed |= ref->colour[c] != before[c];
  ref->quiet = ref->changed ? 0 : ref->quiet + 1;
  ref->turns++;

  {
    int colours = 0;
    for (int p = 0; p < ref->players; p++)
      colours += ref_count (ref, p) > 0;
    if (colours <= 1)
      {
        ref->end = LVL_END_ONE_COLOUR;
        return;
      }
  }
  if (ref->quiet >= LVL_QUIET_LIMIT)
    {
      ref->end = LVL_END_QUIET;
      return;
    }
  if (ref->turns >= LVL_TURN_LIMIT)
    {
      ref->end = LVL_END_TURN_LIMIT;
      return;
    }
  for (int i = 1; i <= ref->players; i++)
    {
      int p = (mover + i) % ref->players;
      if (ref_count (ref, p) > 0 && ref_can_act (ref, p))
        {
          ref->turn = p;
          return;
        }
    }
  ref->end = LVL_END_NO_ACTION;
}

/* The most pieces wins; a shared first place draws. */
static int
ref_winner (const Ref *ref)
{
  int best = -1, best_count = -1;

  for (int p = 0; p < ref->players; p++)
    {
      int n = ref_count (ref, p);
      if (n > best_count)
        {
          best = p;
          best_count = n;
        }
      else if (n == best_count)
        best = -1;
    }
  return best;
}

/* The reference's picture of an engine position, read from its fields
 * rather than its text. */
static void
ref_from_pos (Ref             *ref,
              const LevelsPos *pos)
{
  memset (ref, 0, sizeof *ref);
  memset (ref->colour, -1, sizeof ref->colour);
  for (int c = 0; c < LVL_MAX_CELLS; c++)
    ref->dom[c] = -1;
  ref->size = pos->size;
  ref->players = pos->players;
  ref->turn = pos->to_move;
  ref->quiet = pos->quiet;
  ref->turns = pos->turns;
  ref->end = pos->end;
  ref->changed = pos->changed;
  for (int c = 0; c < pos->size * pos->size; c++)
    {
      int i = levels_piece_at (pos, c);
      const LevelsPiece *p;

      if (i < 0)
        continue;
      p = &pos->piece[i];
      g_assert_cmpint (p->cell, ==, c);
      ref->colour[c] = p->colour;
      ref->level[c] = levels_piece_level (i);
      ref->state[c] = p->state;
      ref->dir[c] = p->dir;
      ref->dom[c] = p->dom >= 0 ? pos->piece[p->dom].cell : -1;
    }
}

/* ------------------------------------------------------------------------ */
/* Helpers on the engine                                                     */

static void
load (LevelsPos  *pos,
      const char *text)
{
  LevelsTextError error = levels_from_text (pos, text);

  if (error != LVL_TEXT_OK)
    g_error ("position %s refused: %d", text, error);
}

static LevelsMove
parse (const LevelsPos *pos,
       const char      *text)
{
  LevelsMove move = levels_move_from_text (pos, text);

  if (move == LVL_MOVE_NONE)
    g_error ("%s is not legal here", text);
  return move;
}

static void
play (LevelsPos  *pos,
      const char *text)
{
  levels_make (pos, parse (pos, text));
}

static gboolean
is_legal_text (const LevelsPos *pos,
               const char      *text)
{
  return levels_move_from_text (pos, text) != LVL_MOVE_NONE;
}

/* The position as text, in a buffer of its own each call (four rotate). */
static const char *
text_of (const LevelsPos *pos)
{
  static char bufs[4][LVL_TEXT_MAX];
  static int next;
  char *buf = bufs[next++ % 4];

  levels_to_text (pos, buf, LVL_TEXT_MAX);
  return buf;
}

/* The position's text is expected; written with the quiet count last,
 * expected leaves out the count of turns played (the cases are about the
 * board; the turns have tests of their own). */
static void
assert_text (const LevelsPos *pos,
             const char      *expected)
{
  char got[LVL_TEXT_MAX];
  g_auto(GStrv) fields = g_strsplit (expected, " ", -1);

  g_strlcpy (got, text_of (pos), sizeof got);
  if (g_strv_length (fields) == 5)
    *strrchr (got, ' ') = '\0';
  if (strcmp (got, expected) != 0)
    g_error ("position\n  %s\nexpected\n  %s", got, expected);
}

static int
cell_at (const LevelsPos *pos,
         const char      *name)
{
  int cell;

  g_assert_cmpint (levels_parse_cell (pos->size, name, &cell), ==, (int) strlen (name));
  return cell;
}

static int
piece_on (const LevelsPos *pos,
          const char      *name)
{
  int i = levels_piece_at (pos, cell_at (pos, name));

  g_assert_cmpint (i, >=, 0);
  return i;
}

static int
count_links (const LevelsPos *pos)
{
  int n = 0;

  for (int i = 0; i < LVL_MAX_PIECES; i++)
    n += pos->piece[i].cell != LVL_NO_CELL && pos->piece[i].dom >= 0;
  return n;
}

/* The engine's actions as sorted text; fails on duplicates. */
static GPtrArray *
engine_actions (const LevelsPos *pos,
                LevelsMove      *moves,
                int             *n_moves)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  int n = levels_gen_moves (pos, moves);

  g_assert_cmpint (n, >=, 0);
  g_assert_cmpint (n, <=, LVL_MAX_MOVES);
  for (int i = 0; i < n; i++)
    {
      char text[32];
      levels_move_to_text (pos, moves[i], text, sizeof text);
      g_ptr_array_add (out, g_strdup (text));
    }
  g_ptr_array_sort (out, compare_strings);
  for (guint i = 1; i < out->len; i++)
    if (strcmp (out->pdata[i - 1], out->pdata[i]) == 0)
      g_error ("%s generated twice in %s", (char *) out->pdata[i], text_of (pos));
  *n_moves = n;
  return out;
}

static void
assert_same_actions (const LevelsPos *pos,
                     GPtrArray       *got,
                     GPtrArray       *expected)
{
  guint i = 0, j = 0;
  GString *diff = NULL;

  while (i < got->len || j < expected->len)
    {
      int c = i == got->len ? 1 : j == expected->len ? -1 : strcmp (got->pdata[i], expected->pdata[j]);
      if (c == 0)
        {
          i++;
          j++;
          continue;
        }
      if (!diff)
        diff = g_string_new (NULL);
      if (c < 0)
        g_string_append_printf (diff, " +%s", (char *) got->pdata[i++]);
      else
        g_string_append_printf (diff, " -%s", (char *) expected->pdata[j++]);
    }
  if (diff)
    g_error ("legal actions of\n  %s\ndiffer from the reference (+ engine only, - reference only):%s",
             text_of (pos), diff->str);
}

static const char *end_names[] = { "none", "one-colour", "no-action", "repetition", "quiet", "turn-limit" };

/* ------------------------------------------------------------------------ */
/* Against the reference                                                     */

typedef struct {
  guint positions, actions, block_moves, destroys, releases, member_names;
  guint captures, links, illegal_checked, random_legal, ends[5];
} Tally;

/* Every check on one position; the results of every action are left in
 * next[] for the playout to choose from. */
static int
check_position (const LevelsPos *pos,
                GRand           *rand,
                Tally           *tally,
                LevelsMove      *moves,
                LevelsPos       *next)
{
  char buf[LVL_TEXT_MAX], expected[LVL_TEXT_MAX], text[LVL_TEXT_MAX], result[LVL_TEXT_MAX];
  g_autoptr(GPtrArray) got = NULL;
  g_autoptr(GPtrArray) want = NULL;
  Ref ref, from_fields;
  LevelsPos reloaded;
  int n;

  /* the reference reads the engine's text and writes it back the same */
  levels_to_text (pos, text, sizeof text);
  ref_from_text (&ref, text);
  ref.end = pos->end;
  ref_to_text (&ref, buf);
  g_assert_cmpstr (buf, ==, text);
  ref_from_pos (&from_fields, pos);
  ref_to_text (&from_fields, buf);
  g_assert_cmpstr (buf, ==, text);

  /* views, blocks, counts, who can act */
  for (int c = 0; c < pos->size * pos->size; c++)
    {
      int i = levels_piece_at (pos, c), root, members[LVL_MAX_PIECES], m;
      const RefView *v;
      LevelsSet block_view;
      uint32_t bits = 0;

      if (i < 0)
        continue;
      v = ref_view (&ref, c);
      g_assert_cmpint (levels_set_count (levels_view (pos, i)), ==, v->n);
      for (int k = 0; k < v->n; k++)
        g_assert_true (levels_set_has (levels_view (pos, i), v->cells[k]));
      root = ref_root (&ref, c);
      g_assert_cmpint (pos->piece[levels_root (pos, i)].cell, ==, root);
      m = ref_members (&ref, root, members);
      for (int k = 0; k < m; k++)
        bits |= 1u << levels_piece_at (pos, members[k]);
      g_assert_cmphex (levels_block_members (pos, i), ==, bits);
      levels_block_view (pos, i, &block_view);
      for (int k = 0; k < pos->size * pos->size; k++)
        {
          gboolean seen = FALSE;
          for (int j = 0; j < m; j++)
            seen |= ref_view (&ref, members[j])->has[k];
          g_assert_cmpint (levels_set_has (&block_view, k), ==, seen);
        }
    }
  g_assert_cmpint (levels_count_pieces (pos, -1), ==, ref_count (&ref, -1));
  for (int p = 0; p < pos->players; p++)
    {
      g_assert_cmpint (levels_count_pieces (pos, p), ==, ref_count (&ref, p));
      g_assert_cmpint (levels_can_act (pos, p), ==, ref_can_act (&ref, p));
    }

  got = engine_actions (pos, moves, &n);
  want = ref_gen (&ref);
  assert_same_actions (pos, got, want);
  if (pos->end != LVL_END_NONE)
    return 0;

  /* the same position read from text numbers its pieces its own way: it
   * must act the same */
  load (&reloaded, text);
  g_assert_cmpint (reloaded.to_move, ==, pos->to_move);
  g_assert_cmphex (reloaded.hash, ==, pos->hash);
  {
    g_autoptr(GPtrArray) again = engine_actions (&reloaded, moves, &n);
    assert_same_actions (&reloaded, again, want);
  }
  n = levels_gen_moves (pos, moves);

  for (int i = 0; i < n; i++)
    {
      Ref after = ref;
      char action[32];
      int kind = LVL_MOVE_KIND (moves[i]), winner;

      levels_move_to_text (pos, moves[i], action, sizeof action);
      g_assert_true (levels_is_legal (pos, moves[i]));
      g_assert_cmphex (levels_canonical (pos, moves[i]), ==, moves[i]);
      g_assert_cmphex (levels_move_from_text (pos, action), ==, moves[i]);

      next[i] = *pos;
      levels_make (&next[i], moves[i]);
      ref_play (&after, action);
      ref_to_text (&after, expected);
      levels_to_text (&next[i], result, sizeof result);
      if (strcmp (result, expected) != 0 || next[i].end != after.end
          || next[i].changed != after.changed)
        g_error ("%s after %s:\n  engine    %s (end %s, changed %d)\n  reference %s (end %s, changed %d)",
                 text, action, result, end_names[next[i].end], next[i].changed,
                 expected, end_names[after.end], after.changed);
      {
        LevelsPos other = reloaded;
        char other_text[LVL_TEXT_MAX];

        levels_make (&other, parse (&reloaded, action));
        levels_to_text (&other, other_text, sizeof other_text);
        if (strcmp (other_text, result) != 0 || other.end != next[i].end)
          g_error ("%s after %s: %s, but read from text: %s", text, action, result, other_text);
      }
      if (next[i].end != LVL_END_NONE)
        {
          g_assert_cmpint (levels_outcome (&next[i], &winner), ==, after.end);
          g_assert_cmpint (winner, ==, ref_winner (&after));
          tally->ends[after.end]++;
        }
      else
        g_assert_cmpint (levels_outcome (&next[i], &winner), ==, LVL_END_NONE);

      /* the hash is the position's, however its pieces are numbered
       * (a finished game's hash serves no repetition) */
      if (next[i].end == LVL_END_NONE)
      {
        LevelsPos again;
        g_assert_cmpint (levels_from_text (&again, result), ==, LVL_TEXT_OK);
        if (again.hash != next[i].hash)
          g_error ("%s after %s: hash differs from the same position read from text", text, action);
      }

      /* a block move may be named by any member */
      if (kind == LVL_ACT_BLOCK)
        {
          int members[LVL_MAX_PIECES], m = ref_members (&ref, LVL_MOVE_FROM (moves[i]), members);
          int shift = LVL_MOVE_TO (moves[i]) - LVL_MOVE_FROM (moves[i]);

          for (int k = 0; k < m; k++)
            {
              LevelsMove by_member = LVL_MOVE (LVL_ACT_BLOCK, members[k], members[k] + shift, 0);
              char name[32], a[8], b[8];

              ref_cell_name (pos->size, members[k], a);
              ref_cell_name (pos->size, members[k] + shift, b);
              snprintf (name, sizeof name, "%s=%s", a, b);
              g_assert_true (levels_is_legal (pos, by_member));
              g_assert_cmphex (levels_canonical (pos, by_member), ==, moves[i]);
              g_assert_cmphex (levels_move_from_text (pos, name), ==, moves[i]);
              g_assert_true (ref_is_legal (&ref, want, name));
              tally->member_names++;
            }
          tally->block_moves++;
        }
      tally->destroys += kind == LVL_ACT_DESTROY;
      tally->releases += kind == LVL_ACT_RELEASE;
      tally->captures += after.changed && kind != LVL_ACT_DESTROY;
    }
  tally->actions += n;

  /* random notation: the engine's verdict is the reference's */
  for (int k = 0; k < 40; k++)
    {
      static const char ops[] = "-=x>@/";
      char a[8], b[8], action[32];
      char op = ops[g_rand_int_range (rand, 0, 6)];
      LevelsMove m;

      ref_cell_name (pos->size, g_rand_int_range (rand, 0, pos->size * pos->size), a);
      ref_cell_name (pos->size, g_rand_int_range (rand, 0, pos->size * pos->size), b);
      /* aim at the player's own pieces half the time */
      if (k % 2 == 0)
        {
          int c = g_rand_int_range (rand, 0, pos->size * pos->size);
          for (int t = 0; t < pos->size * pos->size; t++, c = (c + 1) % (pos->size * pos->size))
            if (ref.colour[c] == ref.turn)
              break;
          ref_cell_name (pos->size, c, a);
        }
      if (op == '>')
        snprintf (action, sizeof action, "%s>%s", a, ref_dir_names[g_rand_int_range (rand, 0, 8)]);
      else if (op == '@')
        {
          int s = g_rand_int_range (rand, 1, 7);
          snprintf (action, sizeof action, "%s@%d%s", a, s,
                    s == 3 || s == 4 ? ref_dir_names[g_rand_int_range (rand, 0, 8)] : "");
        }
      else if (op == '/')
        snprintf (action, sizeof action, "%s/", a);
      else
        snprintf (action, sizeof action, "%s%c%s", a, op, b);
      g_assert_true (levels_parse_move (pos, action, &m));
      if (levels_is_legal (pos, m) != ref_is_legal (&ref, want, action))
        g_error ("%s: levels_is_legal (%s) = %d, the reference says %d", text, action,
                 levels_is_legal (pos, m), ref_is_legal (&ref, want, action));
      g_assert_cmpint (levels_move_from_text (pos, action) != LVL_MOVE_NONE, ==, ref_is_legal (&ref, want, action));
      tally->random_legal += levels_is_legal (pos, m);
      tally->illegal_checked++;
    }
  /* random encodings: legal exactly when they spell a legal action, with
   * nothing in the fields the kind does not use */
  for (int k = 0; k < 40; k++)
    {
      int kind = g_rand_int_range (rand, 1, 7), from, to, arg;
      char a[8], b[8], action[32] = "";
      int state;
      LevelsMove m;

      from = g_rand_int_range (rand, 0, pos->size * pos->size);
      for (int t = 0; t < pos->size * pos->size && ref.colour[from] != ref.turn; t++)
        from = (from + 1) % (pos->size * pos->size);
      to = g_rand_boolean (rand) ? from : g_rand_int_range (rand, 0, pos->size * pos->size);
      arg = g_rand_boolean (rand) ? g_rand_int_range (rand, 0, 8) : g_rand_int_range (rand, 0, 256);
      if (kind == LVL_ACT_STATE && g_rand_boolean (rand))
        {
          int s = g_rand_int_range (rand, 1, 7);
          arg = LVL_STATE_ARG (s, g_rand_int_range (rand, 0, 8));
        }
      m = LVL_MOVE (kind, from, to, arg);
      ref_cell_name (pos->size, from, a);
      ref_cell_name (pos->size, to, b);
      state = arg & 15;
      if (kind <= LVL_ACT_DESTROY && arg == 0)
        snprintf (action, sizeof action, "%s%c%s", a, "-=x"[kind - 1], b);
      else if (kind == LVL_ACT_TURN && to == from && arg < 8)
        snprintf (action, sizeof action, "%s>%s", a, ref_dir_names[arg]);
      else if (kind == LVL_ACT_STATE && to == from && state >= 1 && state <= 6
               && ((state == 3 || state == 4) ? arg >> 4 < 8 : arg >> 4 == 0))
        snprintf (action, sizeof action, "%s@%d%s", a, state,
                  state == 3 || state == 4 ? ref_dir_names[arg >> 4] : "");
      else if (kind == LVL_ACT_RELEASE && to == from && arg == 0)
        snprintf (action, sizeof action, "%s/", a);
      if (levels_is_legal (pos, m) != (*action && ref_is_legal (&ref, want, action)))
        g_error ("%s: levels_is_legal (%08x) = %d, the reference says %d (%s)", text, m,
                 levels_is_legal (pos, m), !levels_is_legal (pos, m), *action ? action : "no action");
      tally->random_legal += levels_is_legal (pos, m);
      tally->illegal_checked++;
    }
  /* and encodings no notation has: unknown kinds, cells off the board */
  for (int k = 0; k < 10; k++)
    {
      guint32 kind = g_rand_boolean (rand) ? 0 : g_rand_int_range (rand, 7, 256);
      int from = g_rand_int_range (rand, 0, 256), to = g_rand_int_range (rand, 0, 256);
      int arg = g_rand_int_range (rand, 0, 256);

      g_assert_false (levels_is_legal (pos, LVL_MOVE (kind, from, to, arg)));
      kind = g_rand_int_range (rand, 1, 7);
      from = g_rand_int_range (rand, pos->size * pos->size, 256);
      to = g_rand_int_range (rand, 0, 256);
      arg = g_rand_int_range (rand, 0, 8);
      g_assert_false (levels_is_legal (pos, LVL_MOVE (kind, from, to, arg)));
      g_assert_false (levels_is_legal (pos, LVL_MOVE (kind, to % (pos->size * pos->size), from, arg)));
    }

  tally->positions++;
  tally->links += count_links (pos);
  return n;
}

/* A start with each player's eight pieces thrown anywhere, rays and states
 * at random, no links: pieces meet at once. */
static void
scattered_start (LevelsPos *pos,
                 GRand     *rand,
                 int        size,
                 int        players)
{
  Ref ref;
  char text[LVL_TEXT_MAX];

  memset (&ref, 0, sizeof ref);
  memset (ref.colour, -1, sizeof ref.colour);
  for (int c = 0; c < LVL_MAX_CELLS; c++)
    ref.dom[c] = -1;
  ref.size = size;
  ref.players = players;
  for (int p = 0; p < players; p++)
    for (int level = 1; level <= 8; level++)
      {
        int c;
        do
          c = g_rand_int_range (rand, 0, size * size);
        while (ref.colour[c] >= 0);
        ref.colour[c] = p;
        ref.level[c] = level;
        ref.state[c] = level == 7 ? 1 + 2 * g_rand_int_range (rand, 0, 3)
                       : level == 8 ? 2 + 2 * g_rand_int_range (rand, 0, 3) : level;
        if (ref.state[c] == 3 || ref.state[c] == 4)
          ref.dir[c] = g_rand_int_range (rand, 0, 8);
      }
  ref_to_text (&ref, text);
  load (pos, text);
}

typedef enum {
  PLAY_UNIFORM,
  PLAY_BIASED,   /* towards destructions and blocks */
  PLAY_CALM,     /* away from them, to reach the quiet limit */
} Policy;

/* The actions a biased playout prefers: destructions, then captures and
 * new links. */
static int
score (const LevelsPos *before,
       LevelsMove       move,
       const LevelsPos *after)
{
  if (LVL_MOVE_KIND (move) == LVL_ACT_DESTROY)
    return 3;
  if (after->changed)
    return 2;
  return count_links (after) > count_links (before) ? 1 : 0;
}

static void
playout (LevelsPos  *pos,
         GRand      *rand,
         Tally      *tally,
         int         plies,
         Policy      policy,
         LevelsMove *moves,
         LevelsPos  *next)
{
  for (int ply = 0; ply < plies; ply++)
    {
      int n = check_position (pos, rand, tally, moves, next), pick;

      if (pos->end != LVL_END_NONE || n == 0)
        break;
      pick = g_rand_int_range (rand, 0, n);
      if (policy != PLAY_UNIFORM && g_rand_int_range (rand, 0, 4) != 0)
        {
          int best = -1, ties = 0;
          for (int i = 0; i < n; i++)
            {
              int s = policy == PLAY_BIASED ? score (pos, moves[i], &next[i]) : -score (pos, moves[i], &next[i]);
              if (s > best)
                {
                  best = s;
                  ties = 0;
                }
              if (s == best && g_rand_int_range (rand, 0, ++ties) == 0)
                pick = i;
            }
        }
      *pos = next[pick];
    }
}

static void
test_against_reference (void)
{
  GRand *rand = g_rand_new_with_seed (1979);
  LevelsMove *moves = g_new (LevelsMove, LVL_MAX_MOVES);
  LevelsPos *next = g_new (LevelsPos, LVL_MAX_MOVES);
  Tally tally = { 0 };
  gint64 start = g_get_monotonic_time ();

  /* every board and number of players, from the start and from scattered
   * pieces, played at random and towards blocks and destructions */
  /* at least each board, number of players and start once */
  for (int game = 0; game < (int) MAX (18, ludo_test_scaled (108)); game++)
    {
      int size = 9 + 3 * (game % 3), players = 2 + (game / 3) % 3;
      gboolean scattered = (game / 9) % 2;
      LevelsPos pos;

      if (scattered)
        scattered_start (&pos, rand, size, players);
      else
        levels_init (&pos, size, players);
      playout (&pos, rand, &tally, 60, (game / 18) % 3 ? PLAY_BIASED : PLAY_UNIFORM, moves, next);
    }
  /* near the quiet limit, calmly */
  for (int game = 0; game < 18; game++)
    {
      int size = 9 + 3 * (game % 3), players = 2 + (game / 3) % 3;
      LevelsPos pos;
      char text[LVL_TEXT_MAX];

      if (game < 9)
        levels_init (&pos, size, players);
      else
        scattered_start (&pos, rand, size, players);
      levels_to_text (&pos, text, sizeof text);
      /* the last two fields: 90 quiet turns, none played */
      *strrchr (text, ' ') = '\0';
      strcpy (strrchr (text, ' '), " 90 0");
      load (&pos, text);
      playout (&pos, rand, &tally, 20, PLAY_CALM, moves, next);
    }
  /* print before the floors, so a miss shows what was reached */
  g_test_message ("%u positions, %u actions played both ways (%u block moves, named %u times by a member; "
                  "%u destructions, %u releases, %u captures), %u links seen, %u random actions judged (%u legal); "
                  "ends: %u one-colour, %u no-action, %u quiet; %.1f s",
                  tally.positions, tally.actions, tally.block_moves, tally.member_names,
                  tally.destroys, tally.releases, tally.captures, tally.links, tally.illegal_checked, tally.random_legal,
                  tally.ends[LVL_END_ONE_COLOUR], tally.ends[LVL_END_NO_ACTION], tally.ends[LVL_END_QUIET],
                  (g_get_monotonic_time () - start) / 1e6);
  /* enough of everything was met (the quick suite meets less) */
  if (!ludo_test_is_reduced ())
    {
      g_assert_cmpuint (tally.positions, >, 5000);
      g_assert_cmpuint (tally.destroys, >, 1000);
      g_assert_cmpuint (tally.block_moves, >, 10000);
      g_assert_cmpuint (tally.ends[LVL_END_ONE_COLOUR], >, 0);
      g_assert_cmpuint (tally.ends[LVL_END_QUIET], >, 0);
    }
  g_free (moves);
  g_free (next);
  g_rand_free (rand);
}

/* ------------------------------------------------------------------------ */
/* Fields of view                                                            */

static gboolean
along (int dx,
       int dy,
       int dir)
{
  int t = MAX (ABS (dx), ABS (dy));

  return t > 0 && dx == t * ref_dx[dir] && dy == t * ref_dy[dir];
}

/* A third way to the same sets: asked of the geometry, not walked. */
static gboolean
sees_by_geometry (int size,
                  int from,
                  int to,
                  int as,
                  int dir)
{
  int dx = to % size - from % size, dy = to / size - from / size;
  int sdx = to % size / 3 - from % size / 3, sdy = to / size / 3 - from / size / 3;
  gboolean same_square = sdx == 0 && sdy == 0, any = FALSE;

  if (from == to)
    return TRUE;
  switch (as)
    {
    case 1:
      return FALSE;
    case 2:
      return same_square;
    case 3:
      return along (dx, dy, dir);
    case 4:
      return same_square || along (sdx, sdy, dir);
    case 5:
      for (int d = 0; d < 8; d++)
        any |= along (dx, dy, d);
      return any;
    case 6:
      for (int d = 0; d < 8; d++)
        any |= along (sdx, sdy, d);
      return same_square || any;
    default:
      g_assert_not_reached ();
    }
}

/* Every cell of every board, every way of seeing: the engine's tables,
 * the walked reference and the geometry agree. */
static void
test_view_every_cell (void)
{
  for (int size = LVL_MIN_SIZE; size <= LVL_MAX_SIZE; size += 3)
    for (int cell = 0; cell < size * size; cell++)
      for (int as = 1; as <= 6; as++)
        for (int dir = 0; dir < (as == 3 || as == 4 ? 8 : 1); dir++)
          {
            const LevelsSet *set = levels_view_as (size, cell, as, dir);
            const RefView *v = ref_view_as (size, cell, as, dir);

            g_assert_cmpint (levels_set_count (set), ==, v->n);
            for (int c = 0; c < 256; c++)
              {
                gboolean on = c < size * size && v->has[c];
                g_assert_cmpint (levels_set_has (set, c), ==, on);
                if (c < size * size)
                  g_assert_cmpint (sees_by_geometry (size, cell, c, as, dir), ==, on);
              }
          }
}

static void
check_view (const LevelsSet *set,
            int              size,
            int              count,
            const char      *in,
            const char      *out)
{
  g_auto(GStrv) ins = g_strsplit (in, " ", -1);
  g_auto(GStrv) outs = g_strsplit (out, " ", -1);

  g_assert_cmpint (levels_set_count (set), ==, count);
  for (int i = 0; ins[i] && *ins[i]; i++)
    {
      int c;
      g_assert_cmpint (levels_parse_cell (size, ins[i], &c), >, 0);
      if (!levels_set_has (set, c))
        g_error ("%s should be seen", ins[i]);
    }
  for (int i = 0; outs[i] && *outs[i]; i++)
    {
      int c;
      g_assert_cmpint (levels_parse_cell (size, outs[i], &c), >, 0);
      if (levels_set_has (set, c))
        g_error ("%s should not be seen", outs[i]);
    }
}

/* Counts worked out by hand, on corners, edges and the middle. */
static void
test_view_counts (void)
{
  static const struct {
    int size;
    const char *cell;
    int as, dir, count;
    const char *in, *out;
  } cases[] = {
    { 9, "e5", 1, 0, 1, "e5", "d5 e6" },
    { 9, "a1", 2, 0, 9, "a1 c3", "d1 a4" },
    { 9, "e5", 2, 0, 9, "d4 f6", "c3 g7 e7" },
    { 9, "i9", 2, 0, 9, "g7 i9", "f9 i6" },
    { 9, "a1", 3, LVL_N, 9, "a1 a9", "b1 b2" },
    { 9, "a1", 3, LVL_E, 9, "i1", "a2" },
    { 9, "a1", 3, LVL_NE, 9, "b2 i9", "b1" },
    { 9, "a1", 3, LVL_S, 1, "a1", "a2" },
    { 9, "a1", 3, LVL_SW, 1, "a1", "b2" },
    { 9, "a1", 3, LVL_W, 1, "a1", "b1" },
    { 9, "e5", 3, LVL_NE, 5, "e5 f6 g7 h8 i9", "d4 f5 e6" },
    { 9, "e5", 3, LVL_SW, 5, "a1 d4", "f6" },
    { 9, "b1", 3, LVL_NW, 2, "b1 a2", "c2" },
    { 9, "a1", 4, LVL_N, 27, "c9 a7", "d1" },
    { 9, "a1", 4, LVL_S, 9, "c3", "a4" },
    { 9, "a1", 4, LVL_NE, 27, "d4 i9 f6", "d1 a4 g4" },
    { 9, "e5", 4, LVL_NE, 18, "d4 i9 g7", "c3 g4 d7" },
    { 9, "e5", 4, LVL_W, 18, "a4 c6 f6", "g5 d7" },
    { 9, "a1", 5, 0, 25, "a9 i1 i9 b2", "b3 c2" },
    { 9, "e5", 5, 0, 33, "a1 i9 a9 i1 e1 e9 a5 i5", "d3 f7" },
    { 9, "b1", 5, 0, 25, "a2 i8 a1", "c3 a3" },
    { 9, "a1", 6, 0, 63, "i9 a9 i1 c3 d1", "d7 g4" },
    { 9, "e5", 6, 0, 81, "a1 i9", "" },
    { 12, "l1", 1, 0, 1, "l1", "k1 l2" },
    { 12, "l12", 2, 0, 9, "j10 l12", "i12" },
    { 12, "a1", 3, LVL_NE, 12, "l12", "b1" },
    { 12, "f6", 3, LVL_N, 7, "f6 f12", "f5" },
    { 12, "f6", 3, LVL_S, 6, "f1", "f7" },
    { 12, "a1", 4, LVL_NE, 36, "l12 d4 f6", "d1 d7" },
    { 12, "e5", 4, LVL_N, 27, "d4 f12", "g4 d3" },
    { 12, "a1", 5, 0, 34, "l12 a12 l1", "b3" },
    { 12, "e5", 6, 0, 108, "a1 l12 a9", "a12 l1 a10 j1" },
    { 12, "a1", 6, 0, 90, "l12 a12 l1", "d7 g4" },
    { 15, "h8", 1, 0, 1, "h8", "g7" },
    { 15, "o15", 2, 0, 9, "m13", "l15" },
    { 15, "a15", 3, LVL_SE, 15, "o1 b14", "a14" },
    { 15, "a15", 4, LVL_E, 45, "o13 d14", "a12" },
    { 15, "h8", 5, 0, 57, "a1 o15 a15 o1 h1 h15 a8 o8", "g10" },
    { 15, "a1", 5, 0, 43, "o15", "b3" },
    { 15, "h8", 6, 0, 153, "a1 o15", "a4 d1" },
    { 15, "a1", 6, 0, 117, "o15 o1 a15", "d7 g4" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      int c;
      g_assert_cmpint (levels_parse_cell (cases[i].size, cases[i].cell, &c), >, 0);
      check_view (levels_view_as (cases[i].size, c, cases[i].as, cases[i].dir), cases[i].size,
                  cases[i].count, cases[i].in, cases[i].out);
    }
  /* the middle of the largest board: every ray as long as every other */
  for (int dir = 0; dir < LVL_DIRS; dir++)
    {
      int c;
      g_assert_cmpint (levels_parse_cell (15, "h8", &c), ==, 2);
      check_view (levels_view_as (15, c, 3, dir), 15, 8, "h8", "");
      check_view (levels_view_as (15, c, 4, dir), 15, 27, "g7 i9", "");
      g_assert_cmpint (levels_parse_cell (9, "e5", &c), ==, 2);
      check_view (levels_view_as (9, c, 3, dir), 9, 5, "e5", "");
      check_view (levels_view_as (9, c, 4, dir), 9, 18, "d4 f6", "");
    }
}

/* Levels 7 and 8 see as the level of their state, and a piece's own view
 * is what it sees on its cell. */
static void
test_view_states (void)
{
  static const struct {
    const char *text;
    int count;
    const char *in, *out;
  } cases[] = {
    { "9 2 a e5a7@1,i9b1 0", 1, "e5", "f5" },
    { "9 2 a e5a7@3e,i9b1 0", 5, "e5 i5", "d5 f6" },
    { "9 2 a e5a7@3sw,i9b1 0", 5, "a1", "f6" },
    { "9 2 a e5a7@5,i9b1 0", 33, "a1 i9 e9", "d3" },
    { "9 2 a e5a8@2,i9b1 0", 9, "d4 f6", "g7" },
    { "9 2 a e5a8@4sw,i9b1 0", 18, "a1 c3 f6", "g7 a4" },
    { "9 2 a e5a8@4n,i9b1 0", 18, "d9 f4", "c9" },
    { "9 2 a e5a8@6,i9b1 0", 81, "a1 i9", "" },
    { "9 2 a e5a3w,i9b1 0", 5, "a5", "f5" },
    { "9 2 a e5a4se,i9b1 0", 18, "i1 g3", "c3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      LevelsPos pos;

      load (&pos, cases[i].text);
      check_view (levels_view (&pos, piece_on (&pos, "e5")), 9, cases[i].count, cases[i].in, cases[i].out);
    }
}

/* ------------------------------------------------------------------------ */
/* The start                                                                 */

/* RULES.md's setup, built from its description: seats south, west, north,
 * east (two players: south and north); each player's pieces left to right
 * from their own view, rays forward. A centred row fills the same cells of
 * its edge as the row facing it (on 12×12 the margins are 1 and 2: each
 * player's left margin is the smaller), so that each level faces the one
 * next to it, as on 9×9. */
static void
expected_start (int   size,
                int   players,
                char *text)
{
  static const int levels_gap[9] = { 2, 4, 6, 8, 0, 7, 5, 3, 1 };
  static const int levels_packed[8] = { 2, 4, 6, 8, 7, 5, 3, 1 };
  static const int forward[4] = { LVL_N, LVL_E, LVL_S, LVL_W };
  gboolean packed = size == 9 && players > 2;
  Ref ref;

  memset (&ref, 0, sizeof ref);
  memset (ref.colour, -1, sizeof ref.colour);
  for (int c = 0; c < LVL_MAX_CELLS; c++)
    ref.dom[c] = -1;
  ref.size = size;
  ref.players = players;
  for (int p = 0; p < players; p++)
    {
      int seat = players == 2 ? 2 * p : p;

      for (int i = 0; i < (packed ? 8 : 9); i++)
        {
          int level = packed ? levels_packed[i] : levels_gap[i];
          int k = packed ? i : (size - 9) / 2 + i, x, y, c;

          if (level == 0)
            continue;
          /* counted from the far end of the row facing it */
          int mirrored = packed ? size - 1 - k : 2 * ((size - 9) / 2) + 8 - k;
          switch (seat)
            {
            case 0: x = k; y = 0; break;
            case 1: x = 0; y = mirrored; break;
            case 2: x = mirrored; y = size - 1; break;
            default: x = size - 1; y = k; break;
            }
          c = y * size + x;
          g_assert_cmpint (ref.colour[c], <, 0);
          ref.colour[c] = p;
          ref.level[c] = level;
          ref.state[c] = level == 7 ? 1 : level == 8 ? 2 : level;
          ref.dir[c] = level == 3 || level == 4 ? forward[seat] : 0;
        }
    }
  ref_to_text (&ref, text);
}

/* The same position: every cell's piece, the scalars and the hash (the
 * pieces' numbers may differ). */
static void
assert_same_position (const LevelsPos *a,
                      const LevelsPos *b)
{
  g_assert_cmpstr (text_of (a), ==, text_of (b));
  g_assert_cmpint (a->size, ==, b->size);
  g_assert_cmpint (a->players, ==, b->players);
  g_assert_cmpint (a->to_move, ==, b->to_move);
  g_assert_cmpint (a->end, ==, b->end);
  g_assert_cmpint (a->quiet, ==, b->quiet);
  g_assert_cmphex (a->hash, ==, b->hash);
  g_assert_cmpmem (&a->occupied, sizeof a->occupied, &b->occupied, sizeof b->occupied);
  for (int c = 0; c < a->size * a->size; c++)
    {
      int i = levels_piece_at (a, c), j = levels_piece_at (b, c);
      g_assert_cmpint (i < 0, ==, j < 0);
      if (i < 0)
        continue;
      g_assert_cmpint (levels_piece_level (i), ==, levels_piece_level (j));
      g_assert_cmpint (a->piece[i].colour, ==, b->piece[j].colour);
      g_assert_cmpint (a->piece[i].state, ==, b->piece[j].state);
      g_assert_cmpint (a->piece[i].dir, ==, b->piece[j].dir);
      g_assert_cmpint (a->piece[i].dom < 0, ==, b->piece[j].dom < 0);
    }
}

static void
test_start (void)
{
  LevelsPos pos, again;
  char text[LVL_TEXT_MAX];

  /* RULES.md: a1…i1 = 2 4 6 8 · 7 5 3 1, i9…a9 the same */
  levels_init (&pos, 9, 2);
  assert_text (&pos, "9 2 a a1a2,b1a4n,c1a6,d1a8@2,f1a7@1,g1a5,h1a3n,i1a1,"
                     "a9b1,b9b3s,c9b5,d9b7@1,f9b8@2,g9b6,h9b4s,i9b2 0");

  for (int size = LVL_MIN_SIZE; size <= LVL_MAX_SIZE; size += 3)
    for (int players = LVL_MIN_PLAYERS; players <= LVL_MAX_PLAYERS; players++)
      {
        g_assert_true (levels_valid_board (size, players));
        levels_init (&pos, size, players);
        expected_start (size, players, text);
        assert_text (&pos, text);
        g_assert_cmpint (pos.to_move, ==, 0);
        g_assert_cmpint (pos.end, ==, LVL_END_NONE);
        g_assert_cmpint (pos.quiet, ==, 0);
        g_assert_cmpint (count_links (&pos), ==, 0);
        g_assert_cmpint (levels_count_pieces (&pos, -1), ==, 8 * players);
        for (int p = 0; p < players; p++)
          {
            int levels = 0;

            g_assert_cmpint (levels_count_pieces (&pos, p), ==, 8);
            g_assert_true (levels_can_act (&pos, p));
            for (int i = 0; i < LVL_MAX_PIECES; i++)
              if (pos.piece[i].cell != LVL_NO_CELL && pos.piece[i].colour == p)
                levels |= 1 << levels_piece_level (i);
            g_assert_cmphex (levels, ==, 0x1fe);
          }
        g_assert_cmpint (levels_from_text (&again, text_of (&pos)), ==, LVL_TEXT_OK);
        assert_same_position (&pos, &again);
      }
  g_assert_false (levels_valid_board (10, 2));
  g_assert_false (levels_valid_board (18, 2));
  g_assert_false (levels_valid_board (9, 1));
  g_assert_false (levels_valid_board (9, 5));
}

/* ------------------------------------------------------------------------ */
/* Actions                                                                   */

/* a's L4 on a1 (rows 1–3) over a's L3 on c3 over a's L2 on b2. */
#define CHAIN "9 2 a a1a4e,b2a2^c3,c3a3n^a1,i8b7@1,i9b1 0"

/* Alone: the piece leaves its dominator and its subordinates, which stay
 * where they are as roots of their colour. */
static void
test_action_move (void)
{
  LevelsPos pos;

  load (&pos, CHAIN);
  /* to a cell the piece itself sees, and empty */
  g_assert_false (is_legal_text (&pos, "c3-c2"));
  g_assert_false (is_legal_text (&pos, "c3-d4"));
  g_assert_false (is_legal_text (&pos, "a1-b2"));
  g_assert_false (is_legal_text (&pos, "a1-a1"));
  g_assert_true (is_legal_text (&pos, "a1-i3"));
  /* only the player to move */
  g_assert_false (is_legal_text (&pos, "i8-i7"));
  play (&pos, "c3-c7");
  assert_text (&pos, "9 2 b a1a4e,b2a2,c7a3n,i8b7@1,i9b1 1");
  g_assert_cmpint (pos.changed, ==, 0);
}

/* The whole block by one vector; every member is active, and a link whose
 * pieces no longer see each other stays. */
static void
test_action_block (void)
{
  LevelsPos pos;

  load (&pos, CHAIN);
  /* named by the root or by any member */
  g_assert_cmphex (parse (&pos, "c3=d3"), ==, parse (&pos, "a1=b1"));
  g_assert_cmphex (parse (&pos, "b2=c2"), ==, parse (&pos, "a1=b1"));
  g_assert_cmphex (levels_canonical (&pos, LVL_MOVE (LVL_ACT_BLOCK, cell_at (&pos, "b2"), cell_at (&pos, "c2"), 0)), ==,
                   LVL_MOVE (LVL_ACT_BLOCK, cell_at (&pos, "a1"), cell_at (&pos, "b1"), 0));
  {
    char text[32];
    levels_move_to_text (&pos, parse (&pos, "b2=c2"), text, sizeof text);
    g_assert_cmpstr (text, ==, "a1=b1");
  }
  /* no zero vector */
  g_assert_false (is_legal_text (&pos, "a1=a1"));
  play (&pos, "a1=b1");
  /* c2 and d3 no longer see each other: the L2 keeps its dominator */
  assert_text (&pos, "9 2 b b1a4e,c2a2^d3,d3a3n^b1,i8b7@1,i9b1 1");

  /* a piece alone is no block */
  load (&pos, "9 2 a a1a4e,i8b7@1,i9b1 0");
  g_assert_false (is_legal_text (&pos, "a1=b1"));
  g_assert_true (is_legal_text (&pos, "a1-b1"));
}

/* A move legal only through the block's joint view: the L3 lands where
 * only the L2 sees, the L2 where nobody does. */
static void
test_block_joint_view (void)
{
  LevelsPos pos;

  load (&pos, "9 2 a a1a3n,b2a2^a1,i8b7@1,i9b1 0");
  /* c2 is not on the L3's ray, d3 not in the L2's square */
  g_assert_false (levels_set_has (levels_view (&pos, piece_on (&pos, "a1")), cell_at (&pos, "c2")));
  g_assert_false (levels_set_has (levels_view (&pos, piece_on (&pos, "b2")), cell_at (&pos, "d3")));
  g_assert_true (levels_set_has (levels_view (&pos, piece_on (&pos, "b2")), cell_at (&pos, "c2")));
  g_assert_true (is_legal_text (&pos, "a1=c2"));
  /* and a vector landing nowhere the block sees */
  g_assert_false (is_legal_text (&pos, "a1=f6"));
  g_assert_false (is_legal_text (&pos, "a1=h2"));
  play (&pos, "a1=c2");
  assert_text (&pos, "9 2 b c2a3n,d3a2^c2,i8b7@1,i9b1 1");
}

/* The edge and other pieces stop a block; its own cells do not. */
static void
test_block_edge_and_piece (void)
{
  LevelsPos pos;

  load (&pos, "9 2 a a1a3n,b2a2^a1,c3b1,i8b7@1,i9b1 0");
  /* the L2 would land on c3, taken */
  g_assert_false (is_legal_text (&pos, "a1=b2"));
  /* the L3 would leave the board */
  g_assert_false (is_legal_text (&pos, "b2=a2"));
  g_assert_false (is_legal_text (&pos, "a1=a9"));
  g_assert_true (is_legal_text (&pos, "a1=a8"));
  /* without b's piece the same vector is legal: the L3 lands on the
   * L2's cell, which the block leaves */
  load (&pos, "9 2 a a1a3n,b2a2^a1,i8b7@1,i9b1 0");
  g_assert_true (is_legal_text (&pos, "a1=b2"));

  /* up one: the L2 lands beside b's L1 and takes it in */
  load (&pos, "9 2 a a1a3n,b2a2^a1,c3b1,i8b7@1,i9b1 0");
  play (&pos, "a1=a2");
  assert_text (&pos, "9 2 b a2a3n,b3a2^a2,c3a1^b3,i8b7@1,i9b1 0");
  g_assert_cmpint (pos.changed, ==, 1);
}

static void
test_action_turn (void)
{
  LevelsPos pos;

  load (&pos, CHAIN);
  g_assert_false (is_legal_text (&pos, "c3>n"));
  g_assert_false (is_legal_text (&pos, "b2>n"));
  g_assert_false (is_legal_text (&pos, "i8>n"));
  for (int d = 1; d < LVL_DIRS; d++)
    {
      char text[16];
      snprintf (text, sizeof text, "c3>%s", levels_dir_name (d));
      g_assert_true (is_legal_text (&pos, text));
    }
  play (&pos, "c3>e");
  assert_text (&pos, "9 2 b a1a4e,b2a2^c3,c3a3e^a1,i8b7@1,i9b1 1");

  /* level 7 turns in state 3 only, level 8 in state 4 only */
  load (&pos, "9 2 a a1a7@3n,i9b7@5 0");
  g_assert_false (is_legal_text (&pos, "a1>n"));
  play (&pos, "a1>e");
  assert_text (&pos, "9 2 b a1a7@3e,i9b7@5 1");
  g_assert_false (is_legal_text (&pos, "i9>s"));
  load (&pos, "9 2 a e5a8@4n,i9b7@1 0");
  g_assert_false (is_legal_text (&pos, "e5>n"));
  play (&pos, "e5>s");
  assert_text (&pos, "9 2 b e5a8@4s,i9b7@1 1");
  load (&pos, "9 2 a c1a7@1,d1a8@6,i9b1 0");
  g_assert_false (is_legal_text (&pos, "c1>s"));
  g_assert_false (is_legal_text (&pos, "d1>s"));
}

static void
test_action_state (void)
{
  LevelsPos pos;
  LevelsMove moves[LVL_MAX_MOVES];
  int states = 0, n;

  load (&pos, "9 2 a e5a7@1,i8b7@1,i9b1 0");
  /* 1 → 3 with any of eight directions, or 5; not 1 again */
  n = levels_gen_moves (&pos, moves);
  for (int i = 0; i < n; i++)
    states += LVL_MOVE_KIND (moves[i]) == LVL_ACT_STATE;
  g_assert_cmpint (states, ==, 9);
  g_assert_cmpint (n, ==, 9);
  g_assert_false (is_legal_text (&pos, "e5@1"));
  g_assert_false (is_legal_text (&pos, "e5@2"));
  g_assert_false (is_legal_text (&pos, "e5@4n"));
  play (&pos, "e5@3e");
  assert_text (&pos, "9 2 b e5a7@3e,i8b7@1,i9b1 1");
  g_assert_cmpint (levels_set_count (levels_view (&pos, piece_on (&pos, "e5"))), ==, 5);
  play (&pos, "i8@5");
  assert_text (&pos, "9 2 a e5a7@3e,i8b7@5,i9b1 2");
  /* in state 3, another direction is a turn, not a state */
  g_assert_false (is_legal_text (&pos, "e5@3n"));
  g_assert_true (is_legal_text (&pos, "e5>n"));
  g_assert_true (is_legal_text (&pos, "e5@1"));
  play (&pos, "e5@5");
  assert_text (&pos, "9 2 b e5a7@5,i8b7@5,i9b1 3");

  /* level 8: 2, 4 with a direction, 6 */
  load (&pos, "9 2 a e5a8@2,i9b1 0");
  g_assert_true (is_legal_text (&pos, "e5@4sw"));
  g_assert_true (is_legal_text (&pos, "e5@6"));
  g_assert_false (is_legal_text (&pos, "e5@2"));
  g_assert_false (is_legal_text (&pos, "e5@3n"));
  g_assert_false (is_legal_text (&pos, "e5@5"));
  play (&pos, "e5@4sw");
  assert_text (&pos, "9 2 a e5a8@4sw,i9b1 1");
  g_assert_cmpint (levels_set_count (levels_view (&pos, piece_on (&pos, "e5"))), ==, 18);
}

/* Release: the piece and its subtree leave the dominator, and no block
 * forms although the L2 still sees the L3. */
static void
test_action_release (void)
{
  LevelsPos pos;

  load (&pos, CHAIN);
  g_assert_false (is_legal_text (&pos, "a1/"));
  play (&pos, "b2/");
  assert_text (&pos, "9 2 b a1a4e,b2a2,c3a3n^a1,i8b7@1,i9b1 1");

  load (&pos, CHAIN);
  play (&pos, "c3/");
  assert_text (&pos, "9 2 b a1a4e,b2a2^c3,c3a3n,i8b7@1,i9b1 1");
}

/* ------------------------------------------------------------------------ */
/* Destruction                                                               */

static void
test_destroy_alone (void)
{
  LevelsPos pos;

  /* two levels up or more, in the destroyer's own view */
  load (&pos, "9 2 a e1a3n,e2b4s,g3b8@2,e5b5,e6b6,i9b1 0");
  g_assert_false (is_legal_text (&pos, "e1xe2"));
  g_assert_true (is_legal_text (&pos, "e1xe5"));
  g_assert_true (is_legal_text (&pos, "e1xe6"));
  g_assert_false (is_legal_text (&pos, "e1xg3"));
  g_assert_false (is_legal_text (&pos, "e1xi9"));
  play (&pos, "e1xe6");
  assert_text (&pos, "9 2 b e2b4s,g3b8@2,e5b5,e6a3n,i9b1 0");
  g_assert_cmpint (pos.changed, ==, 1);

  /* not one's own pieces */
  load (&pos, "9 2 a e1a3n,e5a5,i9b8@2 0");
  g_assert_false (is_legal_text (&pos, "e1xe5"));
}

/* B's whole block follows it by the same vector. */
static void
test_destroy_in_block (void)
{
  LevelsPos pos;

  load (&pos, "9 2 a e1a3n^a2,a2a4e,e5b5,i9b8@2 0");
  play (&pos, "e1xe5");
  assert_text (&pos, "9 2 b e5a3n^a6,a6a4e,i9b8@2 0");
}

/* A destroyed dominator's subordinates become roots of their own colour. */
static void
test_destroy_dominator (void)
{
  LevelsPos pos;

  load (&pos, "9 2 a e1a3n,e5b5,h8b4s^e5,i9b8@2 0");
  play (&pos, "e1xe5");
  assert_text (&pos, "9 2 b e5a3n,h8b4s,i9b8@2 0");
}

/* The block cannot follow: off the board, or onto a piece. Alone, the
 * same destructions are legal. */
static void
test_destroy_refused (void)
{
  LevelsPos pos;

  load (&pos, "9 2 a e1a3n^a2,a2a4e,e5b5,a6b1,e9b6,i9b8@2 0");
  g_assert_false (is_legal_text (&pos, "e1xe5"));
  g_assert_false (is_legal_text (&pos, "e1xe9"));
  load (&pos, "9 2 a e1a3n,a2a4e,e5b5,a6b1,e9b6,i9b8@2 0");
  g_assert_true (is_legal_text (&pos, "e1xe5"));
  g_assert_true (is_legal_text (&pos, "e1xe9"));
}

/* ------------------------------------------------------------------------ */
/* Blocks forming                                                            */

/* b's L4 comes into view of a's moving L5: it leaves b's L5, and its
 * subtree comes with it, all a's now. */
static void
test_capture_subtree (void)
{
  LevelsPos pos;

  load (&pos, "9 2 a a1a5,d2b2^e3,e3b3n^e5,e5b4s^h9,h9b5,i9b8@2 0");
  play (&pos, "a1-a5");
  assert_text (&pos, "9 2 b d2a2^e3,e3a3n^e5,a5a5,e5a4s^a5,h9b5,i9b8@2 0");
  g_assert_cmpint (pos.changed, ==, 1);
  g_assert_cmpint (pos.quiet, ==, 0);
  g_assert_cmpint (levels_count_pieces (&pos, 0), ==, 4);
  g_assert_cmpint (levels_root (&pos, piece_on (&pos, "d2")), ==, piece_on (&pos, "a5"));
}

/* 1. The current dominator, though only the turned L3 sees it and d4 is
 * nearer, lower and sees the L3. */
static void
test_tie_current (void)
{
  LevelsPos pos;

  load (&pos, "9 2 a d4a4n,e5a3s^e8,e8a4n,i9b8@2 0");
  play (&pos, "e5>n");
  assert_text (&pos, "9 2 b d4a4n,e5a3n^e8,e8a4n,i9b8@2 1");
  /* without that link, d4 */
  load (&pos, "9 2 a d4a4n,e5a3s,e8a4n,i9b8@2 0");
  play (&pos, "e5>n");
  assert_text (&pos, "9 2 b d4a4n,e5a3n^d4,e8a4n,i9b8@2 1");
  /* a dominator only counts as a candidate if one of the pair is active */
  load (&pos, "9 2 a a1a3ne,e5b2^f6,f6b3n,i9b8@2 0");
  play (&pos, "a1-d4");
  assert_text (&pos, "9 2 b d4a3ne,e5a2^d4,f6b3n,i9b8@2 0");
}

/* 2. One that sees the piece, over one the piece sees though it is the
 * mover's, nearer and lower: a's own L2 goes over to b. */
static void
test_tie_sees (void)
{
  LevelsPos pos;

  load (&pos, "9 2 a d4a2,f6a3n,h8b3sw,i9b8@2 0");
  play (&pos, "d4-e5");
  assert_text (&pos, "9 2 b e5b2^h8,f6a3n,h8b3sw,i9b8@2 0");
  g_assert_cmpint (pos.changed, ==, 1);
}

/* 3. The mover's colour, over a nearer and lower one. */
static void
test_tie_mover (void)
{
  LevelsPos pos;

  load (&pos, "9 2 a d4b3ne,f4a2,h8a3sw,i9b8@2 0");
  play (&pos, "f4-e5");
  assert_text (&pos, "9 2 b d4b3ne,e5a2^h8,h8a3sw,i9b8@2 1");
}

/* 4. The nearest, over a lower cell. */
static void
test_tie_distance (void)
{
  LevelsPos pos;

  load (&pos, "9 2 a c3a3ne,f4a2,f6a3sw,i9b8@2 0");
  play (&pos, "f4-e5");
  assert_text (&pos, "9 2 b c3a3ne,e5a2^f6,f6a3sw,i9b8@2 1");
}

/* 5. The lowest cell, from either side. */
static void
test_tie_cell (void)
{
  LevelsPos pos;

  load (&pos, "9 2 a d4a3ne,d5a2,f6a3sw,i9b8@2 0");
  play (&pos, "d5-e5");
  assert_text (&pos, "9 2 b d4a3ne,e5a2^d4,f6a3sw,i9b8@2 1");
  load (&pos, "9 2 a e4a2,f4a3nw,d6a3se,i9b8@2 0");
  play (&pos, "e4-e5");
  assert_text (&pos, "9 2 b f4a3nw,e5a2^f4,d6a3se,i9b8@2 1");
}

/* Choices are made on the colours before the formation: c's L3 on f6
 * goes to a in the same formation, but the L2 chose between b and c, and
 * b's d4 is lower. */
static void
test_formation_simultaneous (void)
{
  LevelsPos pos;

  load (&pos, "9 3 a d4b3sw,f5a2^c8,f6c3ne,h7a4n,c8a3n^h7 0");
  play (&pos, "h7=g7");
  assert_text (&pos, "9 3 b d4b3sw,e5b2^d4,f6a3ne^g7,g7a4n,b8a3n^g7 0");
}

/* ------------------------------------------------------------------------ */
/* The end                                                                   */

static void
test_end_one_colour (void)
{
  LevelsPos pos;
  LevelsMove moves[LVL_MAX_MOVES];
  int winner;

  /* by destruction */
  load (&pos, "9 2 a e1a3n,e5b5 0");
  g_assert_cmpint (levels_outcome (&pos, &winner), ==, LVL_END_NONE);
  play (&pos, "e1xe5");
  g_assert_cmpint (levels_outcome (&pos, &winner), ==, LVL_END_ONE_COLOUR);
  g_assert_cmpint (winner, ==, 0);
  g_assert_cmpint (levels_gen_moves (&pos, moves), ==, 0);

  /* by capture */
  load (&pos, "9 2 a a1a5,e5b4s 0");
  play (&pos, "a1-a5");
  assert_text (&pos, "9 2 a a5a5,e5a4s^a5 0");
  g_assert_cmpint (levels_outcome (&pos, &winner), ==, LVL_END_ONE_COLOUR);
  g_assert_cmpint (winner, ==, 0);

  /* three players: b is out, a and c play on */
  load (&pos, "9 3 a e1a3n,e5b5,i9c8@2 0");
  play (&pos, "e1xe5");
  g_assert_cmpint (pos.end, ==, LVL_END_NONE);
  g_assert_cmpint (pos.to_move, ==, 2);

  /* a position read with one colour has ended */
  load (&pos, "9 2 b a1a2 0");
  g_assert_cmpint (levels_outcome (&pos, &winner), ==, LVL_END_ONE_COLOUR);
}

/* A player who cannot act passes. Nobody can reach a position where no
 * one can act by playing (a piece that moved can move back, a block can
 * be released, and the pieces that cannot act never fill a square), so
 * such a position is read from text. */
static void
test_end_no_action (void)
{
  LevelsPos pos;
  LevelsMove moves[LVL_MAX_MOVES];
  int winner;

  /* b is left a level-1 piece only: a again */
  load (&pos, "9 2 a e1a3n,e5b5,a9b1 7");
  play (&pos, "e1xe5");
  assert_text (&pos, "9 2 a e5a3n,a9b1 0");
  g_assert_false (levels_can_act (&pos, 1));
  g_assert_cmpint (pos.end, ==, LVL_END_NONE);
  /* three players: b is skipped */
  load (&pos, "9 3 a e1a3n,e5b5,a9b1,i9c8@2 0");
  play (&pos, "e1xe5");
  g_assert_cmpint (pos.to_move, ==, 2);
  /* a level-1 piece with a dominator can be released */
  load (&pos, "9 2 b a1a2,b1b1^c1,c1b2,i9a1 0");
  g_assert_true (levels_can_act (&pos, 1));

  load (&pos, "9 2 a a1a1,i9b1 0");
  g_assert_false (levels_can_act (&pos, 0));
  g_assert_false (levels_can_act (&pos, 1));
  g_assert_cmpint (levels_gen_moves (&pos, moves), ==, 0);
  g_assert_cmpint (levels_outcome (&pos, &winner), ==, LVL_END_NO_ACTION);
  g_assert_cmpint (winner, ==, -1);
  load (&pos, "9 3 a a1a1,b1a1,i9b1 0");
  g_assert_cmpint (levels_outcome (&pos, &winner), ==, LVL_END_NO_ACTION);
  g_assert_cmpint (winner, ==, 0);
  /* the turn read goes to the first who can act */
  load (&pos, "9 2 a a1a1,i9b2 0");
  g_assert_cmpint (pos.to_move, ==, 1);
  g_assert_cmpint (pos.end, ==, LVL_END_NONE);
}

static void
test_end_quiet (void)
{
  LevelsPos pos;
  int winner;

  load (&pos, "9 2 a a1a3n,c5a5,i9b8@2 98");
  play (&pos, "a1>e");
  g_assert_cmpint (pos.end, ==, LVL_END_NONE);
  g_assert_cmpint (pos.quiet, ==, 99);

  /* the hundredth quiet turn: most pieces wins */
  load (&pos, "9 2 a a1a3n,c5a5,i9b8@2 99");
  play (&pos, "a1>e");
  g_assert_cmpint (levels_outcome (&pos, &winner), ==, LVL_END_QUIET);
  g_assert_cmpint (winner, ==, 0);
  g_assert_cmpint (pos.quiet, ==, LVL_QUIET_LIMIT);

  /* as many pieces each: a draw */
  load (&pos, "9 2 a a1a3n,i9b8@2 99");
  play (&pos, "a1>e");
  g_assert_cmpint (levels_outcome (&pos, &winner), ==, LVL_END_QUIET);
  g_assert_cmpint (winner, ==, -1);

  /* a destruction on the hundredth turn starts the count again */
  load (&pos, "9 2 a e1a3n,e5b5,i9b8@2 99");
  play (&pos, "e1xe5");
  g_assert_cmpint (pos.end, ==, LVL_END_NONE);
  g_assert_cmpint (pos.quiet, ==, 0);
}

/* A game finished by the quiet limit is written with its count at the
 * limit; reading that text back gives the finished game. */
static void
test_end_quiet_text (void)
{
  LevelsPos pos, again;

  load (&pos, "9 2 a a1a3n,c5a5,i9b8@2 99");
  play (&pos, "a1>e");
  assert_text (&pos, "9 2 a a1a3e,c5a5,i9b8@2 100 1");
  g_assert_cmpint (levels_from_text (&again, text_of (&pos)), ==, LVL_TEXT_OK);
  g_assert_cmpint (again.end, ==, LVL_END_QUIET);
}

/* Plays plies actions of a cycle of four, from its first-th. */
static void
play_cycle (LevelsGame         *game,
            const char * const *cycle,
            int                 first,
            int                 plies)
{
  for (int i = first; i < first + plies; i++)
    {
      g_assert_cmpint (game->pos.end, ==, LVL_END_NONE);
      levels_game_play (game, parse (&game->pos, cycle[i % 4]));
    }
}

static void
test_end_repetition (void)
{
  static const char * const shuffle[] = { "a1>e", "i9>w", "a1>n", "i9>s" };
  /* b's L3 takes a's L2, a's L3 takes it back, both turn away: the
   * colours change twice a round and come back */
  static const char * const tug[] = { "e8>s", "e2>n", "e8>n", "e2>s" };
  LevelsGame game;
  LevelsPos start;
  int winner;

  load (&start, "9 2 a a1a3n,i9b3s 0");
  levels_game_init (&game, &start);
  play_cycle (&game, shuffle, 0, 7);
  g_assert_cmpint (game.pos.end, ==, LVL_END_NONE);
  /* back to the start for the third time */
  play_cycle (&game, shuffle, 3, 1);
  g_assert_cmpint (levels_outcome (&game.pos, &winner), ==, LVL_END_REPETITION);
  g_assert_cmpint (winner, ==, -1);

  /* a position may come again after a colour change: it still counts */
  load (&start, "9 2 b e2a3s,e5a2^e2,e8b3n 2");
  levels_game_init (&game, &start);
  play_cycle (&game, tug, 0, 1);
  assert_text (&game.pos, "9 2 a e2a3s,e5b2^e8,e8b3s 0");
  g_assert_cmpint (game.pos.changed, ==, 1);
  play_cycle (&game, tug, 1, 6);
  g_assert_cmpint (game.pos.end, ==, LVL_END_NONE);
  play_cycle (&game, tug, 3, 1);
  assert_text (&game.pos, "9 2 b e2a3s,e5a2^e2,e8b3n 2");
  g_assert_cmpint (levels_outcome (&game.pos, &winner), ==, LVL_END_REPETITION);
  /* levels_make alone knows nothing of repetitions */
  load (&start, "9 2 b e2a3s,e5a2^e2,e8b3n 2");
  for (int i = 0; i < 12; i++)
    play (&start, tug[i % 4]);
  g_assert_cmpint (start.end, ==, LVL_END_NONE);
}

/* ------------------------------------------------------------------------ */
/* Notation and text                                                         */

static void
test_notation (void)
{
  static const struct {
    const char *text;
    int kind, arg;
  } good[] = {
    { "c3-e5", LVL_ACT_MOVE, 0 },
    { "c3=e5", LVL_ACT_BLOCK, 0 },
    { "c3xe7", LVL_ACT_DESTROY, 0 },
    { "c3>ne", LVL_ACT_TURN, LVL_NE },
    { "c3>nw", LVL_ACT_TURN, LVL_NW },
    { "c3@5", LVL_ACT_STATE, LVL_STATE_ARG (5, 0) },
    { "c3@2", LVL_ACT_STATE, LVL_STATE_ARG (2, 0) },
    { "c3@3ne", LVL_ACT_STATE, LVL_STATE_ARG (3, LVL_NE) },
    { "c3@4w", LVL_ACT_STATE, LVL_STATE_ARG (4, LVL_W) },
    { "c3/", LVL_ACT_RELEASE, 0 },
  };
  static const char * const bad[] = {
    "", "c3", "c3-", "c3-e", "c3-j5", "c3-e10", "c0-e5", "c3--e5", "c3-e5x", "C3-e5",
    "c3>", "c3>x", "c3>nn", "c3>N", "c3@", "c3@7", "c3@8", "c3@0", "c3@3", "c3@4",
    "c3@5ne", "c3@1n", "c3@33n", "c3/x", "c3 /", "c3 - e5", "c3-e5 ", " c3-e5", "c3xe",
    "c3=", "o15-a1", "c03-e5", "c3-e05", "c3-e5-f6", "c3/ ",
  };
  LevelsPos pos;
  LevelsMove m;
  char text[32];
  int cell;

  levels_init (&pos, 9, 2);
  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_assert_true (levels_parse_move (&pos, good[i].text, &m));
      g_assert_cmpint (LVL_MOVE_KIND (m), ==, good[i].kind);
      g_assert_cmpint (LVL_MOVE_FROM (m), ==, 2 * 9 + 2);
      g_assert_cmpint (LVL_MOVE_ARG (m), ==, good[i].arg);
      levels_move_to_text (&pos, m, text, sizeof text);
      g_assert_cmpstr (text, ==, good[i].text);
    }
  g_assert_true (levels_parse_move (&pos, "c3xe7", &m));
  g_assert_cmpint (LVL_MOVE_TO (m), ==, 6 * 9 + 4);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    if (levels_parse_move (&pos, bad[i], &m))
      g_error ("“%s” read as an action", bad[i]);
  /* well formed but never legal */
  g_assert_true (levels_parse_move (&pos, "a1-a1", &m));
  g_assert_false (levels_is_legal (&pos, m));
  g_assert_cmpint (levels_move_from_text (&pos, "a1xa1"), ==, LVL_MOVE_NONE);
  g_assert_cmpint (levels_move_from_text (&pos, "e1-e2"), ==, LVL_MOVE_NONE);
  g_assert_cmpint (levels_move_from_text (&pos, "nonsense"), ==, LVL_MOVE_NONE);
  g_assert_cmpint (levels_move_from_text (&pos, "h1>e"), ==, LVL_MOVE (LVL_ACT_TURN, 7, 7, LVL_E));

  /* two-digit ranks */
  levels_init (&pos, 15, 2);
  g_assert_true (levels_parse_move (&pos, "o15-a1", &m));
  g_assert_cmpint (LVL_MOVE_FROM (m), ==, 224);
  g_assert_cmpint (LVL_MOVE_TO (m), ==, 0);
  levels_move_to_text (&pos, m, text, sizeof text);
  g_assert_cmpstr (text, ==, "o15-a1");
  g_assert_false (levels_parse_move (&pos, "p1-a1", &m));
  g_assert_false (levels_parse_move (&pos, "a16-a1", &m));
  levels_cell_name (&pos, 9 * 15 + 11, text, sizeof text);
  g_assert_cmpstr (text, ==, "l10");
  g_assert_cmpint (levels_parse_cell (15, "l10x", &cell), ==, 3);
  g_assert_cmpint (cell, ==, 9 * 15 + 11);
  g_assert_cmpint (levels_parse_cell (12, "m1", &cell), ==, 0);
  g_assert_cmpint (levels_parse_cell (12, "a13", &cell), ==, 0);
  g_assert_cmpint (levels_parse_cell (12, "l12", &cell), ==, 3);
  g_assert_cmpint (cell, ==, 143);
  for (int d = 0; d < LVL_DIRS; d++)
    {
      g_assert_cmpstr (levels_dir_name (d), ==, ref_dir_names[d]);
      g_assert_cmpint (levels_dir_dx[d], ==, ref_dx[d]);
      g_assert_cmpint (levels_dir_dy[d], ==, ref_dy[d]);
    }
}

static void
test_text_errors (void)
{
  static const struct {
    const char     *text;
    LevelsTextError error;
  } cases[] = {
    { "", LVL_TEXT_SYNTAX },
    { "9 2 a", LVL_TEXT_SYNTAX },
    { "9 2 a a1a2;i9b2 0", LVL_TEXT_SYNTAX },
    { "9 2 a a1a2q,i9b2 0", LVL_TEXT_SYNTAX },
    { "9 2 a a1a2,i9b2 x", LVL_TEXT_SYNTAX },
    { "9 2 a a1a2,i9b2 0 extra", LVL_TEXT_SYNTAX },
    { "9 2 a a1a2,i9b2 -1", LVL_TEXT_SYNTAX },
    { "9 2 a a1a2,i9b2 101", LVL_TEXT_SYNTAX },
    { "9 2 c a1a2,i9b2 0", LVL_TEXT_SYNTAX },
    { "9 2 A a1a2,i9b2 0", LVL_TEXT_SYNTAX },
    { "10 2 a a1a2,i9b2 0", LVL_TEXT_BOARD },
    { "18 2 a a1a2,i9b2 0", LVL_TEXT_BOARD },
    { "6 2 a a1a2,i9b2 0", LVL_TEXT_BOARD },
    { "9 1 a a1a2 0", LVL_TEXT_BOARD },
    { "9 5 a a1a2,i9b2 0", LVL_TEXT_BOARD },
    { "9 2 a a10a2,i9b2 0", LVL_TEXT_PIECE },
    { "9 2 a j1a2,i9b2 0", LVL_TEXT_PIECE },
    { "9 2 a a1a2,a1b2 0", LVL_TEXT_PIECE },
    { "9 2 a a1c2,i9b2 0", LVL_TEXT_PIECE },
    { "9 2 a a1a9,i9b2 0", LVL_TEXT_PIECE },
    { "9 2 a a1a0,i9b2 0", LVL_TEXT_PIECE },
    { "9 2 a a1a2,b1b2,c1a2 0", LVL_TEXT_COUNT },
    { "9 4 a a1a2,b1b2,c1c2,d1d2,e1a2 0", LVL_TEXT_COUNT },
    { "9 2 a a1a3,i9b2 0", LVL_TEXT_ORIENT },
    { "9 2 a a1a2n,i9b2 0", LVL_TEXT_ORIENT },
    { "9 2 a a1a5@5,i9b2 0", LVL_TEXT_ORIENT },
    { "9 2 a a1a7,i9b2 0", LVL_TEXT_ORIENT },
    { "9 2 a a1a7@2,i9b2 0", LVL_TEXT_ORIENT },
    { "9 2 a a1a7@3,i9b2 0", LVL_TEXT_ORIENT },
    { "9 2 a a1a8@4,i9b2 0", LVL_TEXT_ORIENT },
    { "9 2 a a1a7@5ne,i9b2 0", LVL_TEXT_ORIENT },
    { "9 2 a a1a8@7,i9b2 0", LVL_TEXT_ORIENT },
    { "9 2 a a1a2^b1,b1a4n,i9b2 0", LVL_TEXT_BLOCK },
    { "9 2 a a1a2^b1,b1b3n,i9b2 0", LVL_TEXT_BLOCK },
    { "9 2 a a1a2^b1,i9b2 0", LVL_TEXT_BLOCK },
    { "9 2 a a1a2^a1,i9b2 0", LVL_TEXT_BLOCK },
    { "9 2 a a1a2^b1,b1b3n^c1,c1b4n,i9b2 0", LVL_TEXT_BLOCK },
  };
  LevelsPos pos;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      LevelsTextError e = levels_from_text (&pos, cases[i].text);
      if (e != cases[i].error)
        g_error ("“%s”: error %d, expected %d", cases[i].text, e, cases[i].error);
    }

  /* any order in, cell order out; the counts may be left out */
  load (&pos, "15 4 d o15d2,a1a2 5");
  assert_text (&pos, "15 4 d a1a2,o15d2 5 0");
  load (&pos, "15 4 d o15d2,a1a2 5 77");
  assert_text (&pos, "15 4 d a1a2,o15d2 5 77");
  load (&pos, "9 2 b i9b2^h8,h8b3sw,a1a2");
  assert_text (&pos, "9 2 b a1a2,h8b3sw,i9b2^h8 0 0");
  g_assert_cmpint (pos.piece[piece_on (&pos, "i9")].dom, ==, piece_on (&pos, "h8"));
}

/* ------------------------------------------------------------------------ */
/* Perft                                                                     */

static guint64
ref_perft (const Ref *ref,
           int        depth)
{
  g_autoptr(GPtrArray) moves = ref_gen (ref);
  guint64 n = 0;

  if (depth == 1)
    return moves->len;
  for (guint i = 0; i < moves->len; i++)
    {
      Ref next = *ref;
      ref_play (&next, moves->pdata[i]);
      n += ref_perft (&next, depth - 1);
    }
  return n;
}

static void
test_perft (void)
{
  LevelsPos pos;
  Ref ref;

  levels_init (&pos, 9, 2);
  g_assert_cmpuint (levels_perft (&pos, 1), ==, 138);
  g_assert_cmpuint (levels_perft (&pos, 2), ==, 20189);
  g_assert_cmpuint (levels_perft (&pos, 3), ==, 2913258);
  /* the reference counts the same */
  ref_from_text (&ref, text_of (&pos));
  g_assert_cmpuint (ref_perft (&ref, 1), ==, 138);
  g_assert_cmpuint (ref_perft (&ref, 2), ==, 20189);
  g_assert_cmpuint (ref_perft (&ref, 3), ==, 2913258);

  /* and on the other boards, two plies */
  for (int size = 12; size <= LVL_MAX_SIZE; size += 3)
    for (int players = 3; players <= 4; players++)
      {
        levels_init (&pos, size, players);
        ref_from_text (&ref, text_of (&pos));
        g_assert_cmpuint (levels_perft (&pos, 2), ==, ref_perft (&ref, 2));
      }
}

/* ------------------------------------------------------------------------ */
/* Properties: many random games through LudoGame                            */

/* The reference follows the game: built from RULES.md's start (not the
 * engine's) and played on by the game's own moves, with its own record of
 * the positions for the repetition rule. The driver checks every ply in
 * order, so the reference is kept between calls and plays one move a
 * ply; it is built again from the start whenever it is not at the ply
 * before (a new game is always checked first at ply 0). A stale reference
 * could only make the test fail, never pass: everything it says is
 * compared with the engine. */
static struct {
  LudoGame  *game;      /* compared, never used: not a reference */
  guint      ply;
  Ref        ref;
  GPtrArray *keys;      /* each ply's position without its counts */
} follower;

/* A position's identity for the repetition rule: its text without the
 * quiet count and the turns played. */
static char *
ref_key (const Ref *ref)
{
  char text[LVL_TEXT_MAX];

  ref_to_text (ref, text);
  *strrchr (text, ' ') = '\0';
  *strrchr (text, ' ') = '\0';
  return g_strdup (text);
}

/* The third time a position is reached within the last LVL_REPEAT_WINDOW
 * turns ends a game not ended otherwise. */
static void
ref_play_in_game (const char *move)
{
  Ref *ref = &follower.ref;
  char *key;
  guint seen = 0, ply;

  ref_play (ref, move);
  key = ref_key (ref);
  g_ptr_array_add (follower.keys, key);
  ply = follower.keys->len - 1;
  for (guint i = ply > LVL_REPEAT_WINDOW ? ply - LVL_REPEAT_WINDOW : 0; i < ply; i++)
    seen += strcmp (follower.keys->pdata[i], key) == 0;
  if (seen >= 2 && ref->end == LVL_END_NONE)
    ref->end = LVL_END_REPETITION;
}

static const Ref *
ref_from_game (LudoGame *game)
{
  guint ply = ludo_game_get_position (game);

  if (follower.game == game && follower.keys && follower.ply == ply && ply > 0)
    return &follower.ref;
  if (follower.game == game && follower.keys && follower.ply + 1 == ply && ply > 1)
    {
      ref_play_in_game (ludo_game_get_move (game, ply - 1));
      follower.ply = ply;
      return &follower.ref;
    }

  {
    char text[LVL_TEXT_MAX];

    expected_start (ludo_game_get_option (game, "size"), ludo_game_get_option (game, "players"), text);
    ref_from_text (&follower.ref, text);
  }
  g_clear_pointer (&follower.keys, g_ptr_array_unref);
  follower.keys = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (follower.keys, ref_key (&follower.ref));
  follower.game = game;
  for (guint i = 0; i < ply; i++)
    ref_play_in_game (ludo_game_get_move (game, i));
  follower.ply = ply;
  return &follower.ref;
}

#define BROKEN(...) g_error ("levels invariant: " __VA_ARGS__)

/* The engine's own bookkeeping, from the state alone (and the states
 * before it, for the repetition window). */
static void
check_engine_state (LudoGame         *game,
                    const LevelsGame *g)
{
  const LevelsPos *pos = &g->pos;
  guint ply = ludo_game_get_position (game);
  int cells = pos->size * pos->size, counts[LVL_MAX_PLAYERS] = { 0 }, live = 0, colours = 0;
  LevelsSet occupied = { { 0 } };
  char text[LVL_TEXT_MAX];

  if (pos->size != ludo_game_get_option (game, "size") || pos->players != ludo_game_get_option (game, "players"))
    BROKEN ("a %d×%d board for %d players, the options say %d×%d for %d", pos->size, pos->size, pos->players,
            ludo_game_get_option (game, "size"), ludo_game_get_option (game, "size"),
            ludo_game_get_option (game, "players"));
  levels_to_text (pos, text, sizeof text);

  /* pieces and board agree both ways; the occupied set is the board */
  for (int i = 0; i < LVL_MAX_PIECES; i++)
    {
      const LevelsPiece *p = &pos->piece[i];
      int level = levels_piece_level (i);

      if (p->cell == LVL_NO_CELL)
        {
          if (p->dom != -1)
            BROKEN ("the destroyed piece %d keeps a dominator %d in %s", i, p->dom, text);
          continue;
        }
      if (i / LVL_LEVELS >= pos->players)
        BROKEN ("piece %d is on the board with %d players in %s", i, pos->players, text);
      if (p->cell >= cells || pos->board[p->cell] != i + 1)
        BROKEN ("piece %d on cell %d, but the board has %d there in %s", i, p->cell,
                p->cell < cells ? pos->board[p->cell] - 1 : -2, text);
      if (p->colour >= pos->players)
        BROKEN ("piece %d has colour %d of %d players in %s", i, p->colour, pos->players, text);
      levels_set_add (&occupied, p->cell);
      counts[p->colour]++;
      live++;

      /* states and directions the level can have */
      if (level <= 6 ? p->state != level
          : level == 7 ? !(p->state == 1 || p->state == 3 || p->state == 5)
          : !(p->state == 2 || p->state == 4 || p->state == 6))
        BROKEN ("a level %d on cell %d sees as level %d in %s", level, p->cell, p->state, text);
      if ((p->state == 3 || p->state == 4) ? p->dir >= LVL_DIRS : p->dir != 0)
        BROKEN ("a level %d in state %d on cell %d has direction %d in %s", level, p->state, p->cell, p->dir, text);

      /* links: one level up, to a piece on the board; a block is its
       * root's colour */
      if (p->dom >= 0)
        {
          if (p->dom >= LVL_MAX_PIECES || pos->piece[p->dom].cell == LVL_NO_CELL)
            BROKEN ("piece %d is dominated by piece %d, not on the board, in %s", i, p->dom, text);
          if (levels_piece_level (p->dom) != level + 1)
            BROKEN ("a level %d is dominated by a level %d in %s", level, levels_piece_level (p->dom), text);
        }
      else if (p->dom != -1)
        BROKEN ("piece %d has dominator %d in %s", i, p->dom, text);
      if (pos->piece[levels_root (pos, i)].colour != p->colour)
        BROKEN ("the piece on cell %d is not its block's colour in %s", p->cell, text);
    }
  for (int c = 0; c < LVL_MAX_CELLS; c++)
    {
      int i = pos->board[c] - 1;

      if (i >= 0 && (c >= cells || i >= LVL_MAX_PIECES || pos->piece[i].cell != c))
        BROKEN ("the board has piece %d on cell %d, which is elsewhere, in %s", i, c, text);
    }
  if (memcmp (&occupied, &pos->occupied, sizeof occupied) != 0)
    BROKEN ("the occupied cells are not the board's in %s", text);
  if (levels_count_pieces (pos, -1) != live)
    BROKEN ("%d pieces counted, %d on the board in %s", levels_count_pieces (pos, -1), live, text);
  for (int p = 0; p < pos->players; p++)
    {
      if (levels_count_pieces (pos, p) != counts[p])
        BROKEN ("%d pieces of colour %d counted, %d on the board in %s", levels_count_pieces (pos, p), p, counts[p], text);
      colours += counts[p] > 0;
    }

  /* the counters: a turn a ply, the quiet count reset by every change */
  if (pos->turns != ply || pos->turns > LVL_TURN_LIMIT)
    BROKEN ("%d turns played at ply %u in %s", pos->turns, ply, text);
  if (pos->quiet > pos->turns || pos->quiet > LVL_QUIET_LIMIT || (pos->changed != 0) != (ply > 0 && pos->quiet == 0))
    BROKEN ("quiet count %d, changed %d after %d turns in %s", pos->quiet, pos->changed, pos->turns, text);
  if (pos->to_move >= pos->players)
    BROKEN ("player %d to move of %d in %s", pos->to_move, pos->players, text);

  /* the end: its own condition, and none of the others before it */
  switch (pos->end)
    {
    case LVL_END_NONE:
      if (colours < 2 || pos->quiet >= LVL_QUIET_LIMIT || pos->turns >= LVL_TURN_LIMIT)
        BROKEN ("the game goes on with %d colours, %d quiet turns, %d turns in %s", colours, pos->quiet, pos->turns, text);
      if (counts[pos->to_move] == 0 || !levels_can_act (pos, pos->to_move))
        BROKEN ("player %d is to move but cannot act in %s", pos->to_move, text);
      break;
    case LVL_END_ONE_COLOUR:
      if (colours != 1)
        BROKEN ("ended on one colour with %d colours in %s", colours, text);
      break;
    case LVL_END_QUIET:
      if (colours < 2 || pos->quiet != LVL_QUIET_LIMIT)
        BROKEN ("ended quietly after %d quiet turns in %s", pos->quiet, text);
      break;
    case LVL_END_TURN_LIMIT:
      if (colours < 2 || pos->quiet >= LVL_QUIET_LIMIT || pos->turns != LVL_TURN_LIMIT)
        BROKEN ("ended by the turn limit after %d turns in %s", pos->turns, text);
      break;
    case LVL_END_NO_ACTION:
    case LVL_END_REPETITION:
      if (colours < 2 || pos->quiet >= LVL_QUIET_LIMIT || pos->turns >= LVL_TURN_LIMIT)
        BROKEN ("ended (%s) with %d colours, %d quiet turns, %d turns in %s", end_names[pos->end], colours,
                pos->quiet, pos->turns, text);
      if (pos->end == LVL_END_NO_ACTION)
        for (int p = 0; p < pos->players; p++)
          if (counts[p] > 0 && levels_can_act (pos, p))
            BROKEN ("nobody can act, but player %d can in %s", p, text);
      break;
    default:
      BROKEN ("end %d in %s", pos->end, text);
    }

  /* the hash from scratch: the same position read from its text numbers
   * its pieces its own way and hashes the same (an ended game may read
   * back with another player to move) */
  {
    LevelsPos again;

    if (levels_from_text (&again, text) != LVL_TEXT_OK)
      BROKEN ("the engine cannot read its own text %s", text);
    if (pos->end == LVL_END_NONE && (again.end != LVL_END_NONE || again.to_move != pos->to_move))
      BROKEN ("%s reads back as another position", text);
    if (again.to_move == pos->to_move && again.hash != pos->hash)
      BROKEN ("the hash %016" G_GINT64_MODIFIER "x is not %016" G_GINT64_MODIFIER "x of the same position read from %s",
              pos->hash, again.hash, text);
  }

  /* the repetition window: the hashes of the positions acted on, the
   * last LVL_REPEAT_WINDOW of them */
  if (g->n_history != MIN (ply, LVL_REPEAT_WINDOW) || g->next != ply % LVL_REPEAT_WINDOW)
    BROKEN ("%d positions in the window (next %d) at ply %u", g->n_history, g->next, ply);
  for (guint k = 1; k <= g->n_history; k++)
    {
      const LevelsGame *before = ludo_game_get_state_at (game, ply - k);

      if (g->history[(ply - k) % LVL_REPEAT_WINDOW] != before->pos.hash)
        BROKEN ("the window does not hold the hash of ply %u at ply %u", ply - k, ply);
    }
}

/* The engine against the reference: the position, the views, the blocks,
 * who can act, the seat to move and the outcome. */
static void
check_against_follower (LudoGame         *game,
                        const LevelsGame *g,
                        const Ref        *ref)
{
  const LevelsPos *pos = &g->pos;
  char text[LVL_TEXT_MAX], expected[LVL_TEXT_MAX], fields[LVL_TEXT_MAX];
  LudoOutcome outcome;
  Ref from_fields;
  int winner;

  levels_to_text (pos, text, sizeof text);
  ref_to_text (ref, expected);
  if (strcmp (text, expected) != 0 || pos->end != ref->end || pos->changed != ref->changed)
    BROKEN ("at ply %u after %s:\n  engine    %s (end %s, changed %d)\n  reference %s (end %s, changed %d)",
            ludo_game_get_position (game),
            ludo_game_get_position (game) ? ludo_game_get_move (game, ludo_game_get_position (game) - 1) : "the start",
            text, end_names[pos->end], pos->changed, expected, end_names[ref->end], ref->changed);
  /* the fields say what the text says */
  ref_from_pos (&from_fields, pos);
  ref_to_text (&from_fields, fields);
  if (strcmp (fields, text) != 0)
    BROKEN ("the position's fields are %s, its text %s", fields, text);

  for (int c = 0; c < pos->size * pos->size; c++)
    {
      int i = levels_piece_at (pos, c), root, members[LVL_MAX_PIECES], m;
      const RefView *v;
      const LevelsSet *view;
      uint32_t bits = 0;

      if (i < 0)
        continue;
      v = ref_view (ref, c);
      view = levels_view (pos, i);
      if (levels_set_count (view) != v->n)
        BROKEN ("the piece on cell %d sees %d cells, the reference %d, in %s", c, levels_set_count (view), v->n, text);
      for (int k = 0; k < v->n; k++)
        if (!levels_set_has (view, v->cells[k]))
          BROKEN ("the piece on cell %d does not see cell %d in %s", c, v->cells[k], text);
      root = ref_root (ref, c);
      if (pos->piece[levels_root (pos, i)].cell != root)
        BROKEN ("the root of the piece on cell %d is on cell %d, the reference says %d, in %s", c,
                pos->piece[levels_root (pos, i)].cell, root, text);
      if (root == c)
        {
          m = ref_members (ref, root, members);
          for (int k = 0; k < m; k++)
            bits |= 1u << levels_piece_at (pos, members[k]);
          if (levels_block_members (pos, i) != bits)
            BROKEN ("the block of cell %d has members %08x, the reference %08x, in %s", c,
                    levels_block_members (pos, i), bits, text);
        }
    }
  for (int p = 0; p < pos->players; p++)
    {
      if (levels_count_pieces (pos, p) != ref_count (ref, p))
        BROKEN ("player %d has %d pieces, the reference says %d, in %s", p, levels_count_pieces (pos, p),
                ref_count (ref, p), text);
      if (levels_can_act (pos, p) != ref_can_act (ref, p))
        BROKEN ("player %d can act: engine %d, reference %d, in %s", p, levels_can_act (pos, p),
                ref_can_act (ref, p), text);
    }

  /* the seat to move and the outcome, through the game */
  if (ludo_game_get_current_seat (game) != (ref->end != LVL_END_NONE ? -1 : ref->turn))
    BROKEN ("seat %d to move, the reference says %d (end %s) in %s", ludo_game_get_current_seat (game),
            ref->turn, end_names[ref->end], text);
  ludo_game_get_outcome (game, &outcome);
  if (levels_outcome (pos, &winner) != (LevelsEnd) ref->end)
    BROKEN ("levels_outcome says %s, the reference %s in %s", end_names[levels_outcome (pos, &winner)],
            end_names[ref->end], text);
  if (ref->end == LVL_END_NONE)
    {
      if (outcome.kind != LUDO_RESULT_NONE)
        BROKEN ("the game is over, the reference says it goes on, in %s", text);
    }
  else
    {
      int expected_winner = ref_winner (ref);

      if (winner != expected_winner ||
          outcome.kind != (expected_winner >= 0 ? LUDO_RESULT_WIN : LUDO_RESULT_DRAW) ||
          (expected_winner >= 0 && outcome.winner != expected_winner) ||
          g_strcmp0 (outcome.reason, end_names[ref->end]) != 0)
        BROKEN ("the outcome is %d (winner %d, %s), the reference says winner %d by %s in %s", outcome.kind,
                outcome.winner, outcome.reason, expected_winner, end_names[ref->end], text);
    }
}

/* What the hooks saw, that the games reached something */
static struct {
  guint64 positions, changed, destroys, block_moves, links, ended;
} seen;

static void
property_check_state (LudoGame      *game,
                      gconstpointer  state)
{
  const LevelsGame *g = state;
  guint ply = ludo_game_get_position (game);

  check_engine_state (game, g);
  check_against_follower (game, g, ref_from_game (game));

  seen.positions++;
  seen.changed += g->pos.changed;
  seen.ended += g->pos.end != LVL_END_NONE;
  if (ply > 0)
    {
      int kind = LVL_MOVE_KIND (levels_move_from_text (&((const LevelsGame *) ludo_game_get_state_at (game, ply - 1))->pos,
                                                       ludo_game_get_move (game, ply - 1)));
      seen.destroys += kind == LVL_ACT_DESTROY;
      seen.block_moves += kind == LVL_ACT_BLOCK;
    }
  seen.links += count_links (&g->pos);
}

static GPtrArray *
property_reference_moves (LudoGame      *game,
                          gconstpointer  state)
{
  return ref_gen (ref_from_game (game));
}

static void
test_properties (void)
{
  const LudoPropertySpec spec = {
    .game_id = "levels",
    /* Random games run to the turn limit (500 turns) and seldom end
     * sooner; what costs is the computer (one game in eight has one),
     * some 17 ms a move in a debug build, more than four fifths of the
     * time. 40 plies keep a game near 0.1 s and are plenty for
     * captures, destructions, block moves and releases (the limits on
     * turns and quiet turns have tests of their own above). */
    .max_plies = 40,
    /* and 50 random games to their end (a colour alone, the quiet turns
     * or the turn limit): some 470 plies each, 8 s in all */
    .whole_games = 50,
    .check_state = property_check_state,
    .reference_moves = property_reference_moves,
  };
  LudoPropertyStats stats;

  memset (&seen, 0, sizeof seen);
  ludo_properties_run (&spec, &stats);
  g_clear_pointer (&follower.keys, g_ptr_array_unref);
  follower.game = NULL;
  g_test_message ("levels: %" G_GUINT64_FORMAT " positions checked, %" G_GUINT64_FORMAT " with a change of colour "
                  "or a destruction, %" G_GUINT64_FORMAT " destructions, %" G_GUINT64_FORMAT " block moves, %"
                  G_GUINT64_FORMAT " links seen, %" G_GUINT64_FORMAT " ended",
                  seen.positions, seen.changed, seen.destroys, seen.block_moves, seen.links, seen.ended);

  /* every position went through the hooks, and every one still going had
   * its moves compared */
  g_assert_cmpuint (seen.positions, ==, stats.plies + stats.games);
  g_assert_cmpuint (seen.ended, ==, stats.finished);
  g_assert_cmpuint (stats.moves_compared, >=, stats.plies + stats.games - stats.finished);
  /* floors, per game, once there are games enough for the rates to
   * settle (the quick suite plays a handful) */
  if (stats.games >= 100)
    {
      g_assert_cmpuint (stats.finished, >=, MIN (spec.whole_games, stats.games / 20));
      g_assert_cmpuint (stats.computer_moves, >, stats.games);
      g_assert_cmpuint (stats.plies, >, 30 * stats.games);
      g_assert_cmpuint (seen.changed, >, 5 * stats.games);
      g_assert_cmpuint (seen.destroys, >, stats.games / 10);
      g_assert_cmpuint (seen.block_moves, >, stats.games);
      g_assert_cmpuint (seen.links, >, 10 * stats.games);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/levels-rules/view/every-cell", test_view_every_cell);
  g_test_add_func ("/levels-rules/view/counts", test_view_counts);
  g_test_add_func ("/levels-rules/view/states", test_view_states);
  g_test_add_func ("/levels-rules/start", test_start);
  g_test_add_func ("/levels-rules/action/move", test_action_move);
  g_test_add_func ("/levels-rules/action/block", test_action_block);
  g_test_add_func ("/levels-rules/action/turn", test_action_turn);
  g_test_add_func ("/levels-rules/action/state", test_action_state);
  g_test_add_func ("/levels-rules/action/release", test_action_release);
  g_test_add_func ("/levels-rules/block/joint-view", test_block_joint_view);
  g_test_add_func ("/levels-rules/block/edge-and-piece", test_block_edge_and_piece);
  g_test_add_func ("/levels-rules/destroy/alone", test_destroy_alone);
  g_test_add_func ("/levels-rules/destroy/in-block", test_destroy_in_block);
  g_test_add_func ("/levels-rules/destroy/dominator", test_destroy_dominator);
  g_test_add_func ("/levels-rules/destroy/refused", test_destroy_refused);
  g_test_add_func ("/levels-rules/formation/capture-subtree", test_capture_subtree);
  g_test_add_func ("/levels-rules/formation/tie-current", test_tie_current);
  g_test_add_func ("/levels-rules/formation/tie-sees", test_tie_sees);
  g_test_add_func ("/levels-rules/formation/tie-mover", test_tie_mover);
  g_test_add_func ("/levels-rules/formation/tie-distance", test_tie_distance);
  g_test_add_func ("/levels-rules/formation/tie-cell", test_tie_cell);
  g_test_add_func ("/levels-rules/formation/simultaneous", test_formation_simultaneous);
  g_test_add_func ("/levels-rules/end/one-colour", test_end_one_colour);
  g_test_add_func ("/levels-rules/end/no-action", test_end_no_action);
  g_test_add_func ("/levels-rules/end/quiet", test_end_quiet);
  g_test_add_func ("/levels-rules/end/repetition", test_end_repetition);
  g_test_add_func ("/levels-rules/end/quiet-text", test_end_quiet_text);
  g_test_add_func ("/levels-rules/notation", test_notation);
  g_test_add_func ("/levels-rules/text-errors", test_text_errors);
  g_test_add_func ("/levels-rules/perft", test_perft);
  g_test_add_func ("/levels-rules/against-reference", test_against_reference);
  g_test_add_func ("/levels-rules/properties", test_properties);

  return g_test_run ();
}
