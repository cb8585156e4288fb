/* test-kombi-reference.c — the Kombi rules engine checked against a slow
 * reference written from the rules alone (RULES.md §5, Hungarian patent
 * 180181), and on hand-made cases
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/kombi/kombi-rules.h"
#include "ludo-properties.h"
#include "ludo-test-scale.h"

#define TEXT_LEN 512

/* ------------------------------------------------------------------------ */
/* A slow reference, written from the rules and not from the engine:
 * fields as three sector numbers in the order the patent's words give,
 * task fields as flags by sector, a game as the list of its claims (the
 * owner of the i-th claim is field role i mod F) and moves as notation
 * strings, read by a parser of its own. */

typedef struct {
  int s[3];                   /* sectors 1–7, rising */
} RefField;

static RefField ref_fields[KOMBI_FIELDS + 1];   /* 1-based */

/* "From one field to the next, the third marked sector moves one place
 * right if it can; if not, the first is kept, the second moves one right
 * and the third goes right next to it; if even that is impossible, the
 * first moves one right and the other two go right next to it." */
static void
ref_next_field (const int prev[3],
                int       next[3])
{
  if (prev[2] + 1 <= KOMBI_SECTORS)
    {
      next[0] = prev[0];
      next[1] = prev[1];
      next[2] = prev[2] + 1;
    }
  else if (prev[1] + 2 <= KOMBI_SECTORS)
    {
      next[0] = prev[0];
      next[1] = prev[1] + 1;
      next[2] = next[1] + 1;
    }
  else
    {
      next[0] = prev[0] + 1;
      next[1] = next[0] + 1;
      next[2] = next[1] + 1;
    }
}

static void
ref_fields_init (void)
{
  static gboolean done;
  int cur[3] = { 1, 2, 3 };

  if (done)
    return;
  for (int n = 1; n <= KOMBI_FIELDS; n++)
    {
      int next[3];

      memcpy (ref_fields[n].s, cur, sizeof cur);
      ref_next_field (cur, next);
      memcpy (cur, next, sizeof cur);
    }
  done = TRUE;
}

static gboolean
ref_field_has (int field,
               int sector)
{
  for (int k = 0; k < 3; k++)
    if (ref_fields[field].s[k] == sector)
      return TRUE;
  return FALSE;
}

/* The engine's mask of a set of sectors given by flags (interface only). */
static guint8
ref_mask (const gboolean set[KOMBI_SECTORS + 1])
{
  guint8 mask = 0;

  for (int s = 1; s <= KOMBI_SECTORS; s++)
    if (set[s])
      mask |= 1u << (s - 1);
  return mask;
}

typedef struct {
  int      fp, tp, limit, shifts, games;
  int      game;                              /* 0-based */
  int      n_claims;
  int      claim[KOMBI_FIELDS];               /* field numbers 1–35, in the order claimed */
  int      n_task_turns;
  gboolean marked[2];                         /* upper, lower: ever marked in this game */
  gboolean task[2][KOMBI_SECTORS + 1];        /* [task field][sector 1–7] */
  int      earlier[KOMBI_MAX_SEATS];          /* the match's finished games, by seat */
} Ref;

enum { REF_CLAIM, REF_TASK, REF_NEXT_GAME, REF_OVER };

static void
ref_init (Ref      *r,
          int       fp,
          int       tp,
          int       limit,
          int       shifts,
          gboolean  match)
{
  ref_fields_init ();
  memset (r, 0, sizeof *r);
  r->fp = fp;
  r->tp = tp;
  r->limit = limit;
  r->shifts = shifts;
  r->games = match ? fp + tp : 1;
}

static gboolean
ref_valid_options (int      fp,
                   int      tp,
                   int      limit,
                   int      shifts)
{
  return fp >= 1 && fp <= 3 && tp >= 1 && tp <= 2 && limit >= 1 && limit <= 35
         && shifts >= 1 && shifts <= 2;
}

static int
ref_seats (const Ref *r)
{
  return r->fp + r->tp;
}

/* Has the task turn after the limit-th claim been played? */
static gboolean
ref_game_finished (const Ref *r)
{
  return r->n_claims == r->limit && r->n_task_turns == r->limit;
}

static int
ref_phase (const Ref *r)
{
  if (ref_game_finished (r))
    return r->game + 1 == r->games ? REF_OVER : REF_NEXT_GAME;
  /* claim, task turn, claim, task turn … */
  return r->n_task_turns < r->n_claims ? REF_TASK : REF_CLAIM;
}

/* The task field of the next task turn: upper, lower, upper … */
static int
ref_task_field (const Ref *r)
{
  return r->n_task_turns % r->tp;
}

static int
ref_role_to_move (const Ref *r)
{
  switch (ref_phase (r))
    {
    case REF_CLAIM:
      return r->n_claims % r->fp;
    case REF_TASK:
      return r->fp + r->n_task_turns % r->tp;
    case REF_NEXT_GAME:
      return 0;
    default:
      return -1;
    }
}

static int
ref_seat_to_move (const Ref *r)
{
  int role = ref_role_to_move (r);
  int game = r->game + (ref_phase (r) == REF_NEXT_GAME);

  return role < 0 ? -1 : (role + game) % ref_seats (r);
}

/* The field role covering field, or -1. */
static int
ref_owner (const Ref *r,
           int        field)
{
  for (int i = 0; i < r->n_claims; i++)
    if (r->claim[i] == field)
      return i % r->fp;
  return -1;
}

static int
ref_field_value (const Ref *r,
                 int        field)
{
  int value = 0;

  for (int t = 0; t < 2; t++)
    {
      if (!r->marked[t])
        continue;   /* not in play */
      for (int k = 0; k < 3; k++)
        value += r->task[t][ref_fields[field].s[k]];
    }
  return value;
}

static int
ref_role_value (const Ref *r,
                int        role)
{
  int value = 0;

  for (int i = 0; i < r->n_claims; i++)
    if (i % r->fp == role)
      value += ref_field_value (r, r->claim[i]);
  return value;
}

/* What seat earns in the current game: its role's value if a field role. */
static int
ref_seat_game_value (const Ref *r,
                     int        seat)
{
  int n = ref_seats (r);
  int role = ((seat - r->game) % n + n) % n;

  return role < r->fp ? ref_role_value (r, role) : 0;
}

static int
ref_seat_total (const Ref *r,
                int        seat)
{
  return r->earlier[seat] + (ref_game_finished (r) ? ref_seat_game_value (r, seat) : 0);
}

/* ---- moves as text ---- */

typedef struct {
  char     kind;                        /* 'c' a claim, 't' a task field's new set */
  int      field;                       /* 1–35 for a claim */
  gboolean set[KOMBI_SECTORS + 1];
  guint    bad_from, bad_to;            /* sectors at fault (bit s), for the detail */
  gboolean in_range;                    /* every number read is a sector */
} RefMove;

#define FAULT(e) (1u << (e))

static const char *
skip_number (const char *p,
             int        *n)
{
  int digits = 0;

  *n = 0;
  while (g_ascii_isdigit (*p))
    {
      if (digits < 4)
        *n = *n * 10 + (*p - '0');
      digits++;
      p++;
    }
  if (digits == 0)
    return NULL;
  if (digits > 4)
    *n = 9999;
  return p;
}

/* Reads text as a move for r: every fault the text has, as a set of
 * KombiParseError bits (0 when it is legal, move then filled in). An
 * engine's error must be one of them. */
static guint
ref_parse (const Ref  *r,
           const char *text,
           RefMove    *move)
{
  int phase = ref_phase (r);
  guint faults = 0;
  const char *p;

  memset (move, 0, sizeof *move);
  move->in_range = TRUE;
  if (phase == REF_OVER)
    faults |= FAULT (KOMBI_PARSE_OVER);

  if (g_str_has_prefix (text, "claim:"))
    {
      int n;

      p = skip_number (text + 6, &n);
      if (!p || *p)
        {
          /* claim:-3 is bad form, or a number outside 1–35 */
          const char *q = text[6] == '-' ? skip_number (text + 7, &n) : NULL;
          return faults | FAULT (KOMBI_PARSE_SYNTAX) | (q && !*q ? FAULT (KOMBI_PARSE_NO_FIELD) : 0);
        }
      move->kind = 'c';
      move->field = n;
      if (n < 1 || n > KOMBI_FIELDS)
        {
          faults |= FAULT (KOMBI_PARSE_NO_FIELD);
          move->in_range = FALSE;
        }
      if (phase == REF_TASK)
        faults |= FAULT (KOMBI_PARSE_NOT_FIELD_TURN);
      if (phase != REF_NEXT_GAME && move->in_range && ref_owner (r, n) >= 0)
        faults |= FAULT (KOMBI_PARSE_COVERED);
      return faults;
    }

  if (g_str_has_prefix (text, "mark:"))
    {
      int list[16], count = 0;
      gboolean repeat = FALSE;

      p = text + 5;
      if (!*p)
        return faults | FAULT (KOMBI_PARSE_SYNTAX) | FAULT (KOMBI_PARSE_MARK_COUNT);
      for (;;)
        {
          int n;

          p = skip_number (p, &n);
          if (!p)
            return faults | FAULT (KOMBI_PARSE_SYNTAX);
          if (count < 16)
            list[count++] = n;
          if (*p == '\0')
            break;
          if (*p != ',')
            return faults | FAULT (KOMBI_PARSE_SYNTAX);
          p++;
        }
      move->kind = 't';
      for (int i = 0; i < count; i++)
        {
          if (list[i] < 1 || list[i] > KOMBI_SECTORS)
            {
              faults |= FAULT (KOMBI_PARSE_SYNTAX) | FAULT (KOMBI_PARSE_MARK_COUNT);
              move->in_range = FALSE;
              continue;
            }
          repeat |= move->set[list[i]];
          move->set[list[i]] = TRUE;
        }
      if (count != KOMBI_MARKED || repeat)
        faults |= FAULT (KOMBI_PARSE_MARK_COUNT);
      if (phase == REF_CLAIM || phase == REF_NEXT_GAME)
        faults |= FAULT (KOMBI_PARSE_NOT_TASK_TURN);
      if (phase == REF_TASK && r->marked[ref_task_field (r)])
        faults |= FAULT (KOMBI_PARSE_MARKED_BEFORE);
      return faults;
    }

  if (g_str_has_prefix (text, "shift:"))
    {
      int from[16], to[16], count = 0, t = ref_task_field (r);
      const gboolean *old = r->task[t];

      p = text + 6;
      for (;;)
        {
          int a, b;

          p = skip_number (p, &a);
          if (!p || *p != '-')
            return faults | FAULT (KOMBI_PARSE_SYNTAX);
          p = skip_number (p + 1, &b);
          if (!p)
            return faults | FAULT (KOMBI_PARSE_SYNTAX);
          if (count < 16)
            {
              from[count] = a;
              to[count] = b;
              count++;
            }
          if (*p == '\0')
            break;
          if (*p != ',')
            return faults | FAULT (KOMBI_PARSE_SYNTAX);
          p++;
        }
      move->kind = 't';
      if (count > KOMBI_MAX_SHIFTS)
        faults |= FAULT (KOMBI_PARSE_TOO_MANY) | FAULT (KOMBI_PARSE_SYNTAX);
      if (count > r->shifts)
        faults |= FAULT (KOMBI_PARSE_TOO_MANY);
      for (int i = 0; i < count; i++)
        if (from[i] < 1 || from[i] > KOMBI_SECTORS || to[i] < 1 || to[i] > KOMBI_SECTORS)
          {
            faults |= FAULT (KOMBI_PARSE_SYNTAX) | FAULT (KOMBI_PARSE_NO_MARKER) | FAULT (KOMBI_PARSE_TAKEN);
            move->in_range = FALSE;
          }
      /* the same marker twice, twice onto one sector: whatever the turn */
      for (int i = 0; i < count; i++)
        for (int j = 0; j < i; j++)
          {
            if (from[i] == from[j])
              {
                faults |= FAULT (KOMBI_PARSE_MOVED_TWICE);
                move->bad_from |= 1u << (from[i] & 15);
              }
            if (to[i] == to[j])
              {
                faults |= FAULT (KOMBI_PARSE_ONTO_ONE);
                move->bad_to |= 1u << (to[i] & 15);
              }
          }
      if (phase == REF_CLAIM || phase == REF_NEXT_GAME)
        faults |= FAULT (KOMBI_PARSE_NOT_TASK_TURN);
      if (phase == REF_TASK && !r->marked[t])
        faults |= FAULT (KOMBI_PARSE_NOT_MARKED);
      if (phase == REF_TASK && r->marked[t] && move->in_range)
        {
          /* every marker moved from a sector marked at the start of the
           * turn, onto one unmarked at its start */
          for (int i = 0; i < count; i++)
            {
              if (!old[from[i]])
                {
                  faults |= FAULT (KOMBI_PARSE_NO_MARKER);
                  move->bad_from |= 1u << from[i];
                }
              if (old[to[i]])
                {
                  faults |= FAULT (KOMBI_PARSE_TAKEN);
                  move->bad_to |= 1u << to[i];
                }
            }
          if (!faults)
            {
              memcpy (move->set, old, sizeof move->set);
              for (int i = 0; i < count; i++)
                move->set[from[i]] = FALSE;
              for (int i = 0; i < count; i++)
                move->set[to[i]] = TRUE;
            }
        }
      return faults;
    }

  return faults | FAULT (KOMBI_PARSE_SYNTAX);
}

/* The engine's encoding of a legal reference move (interface only). */
static KombiMove
ref_encode (const RefMove *m)
{
  if (m->kind == 'c')
    return KOMBI_MOVE_CLAIM (m->field - 1);
  return KOMBI_MOVE_MARKS (ref_mask (m->set));
}

static void
add_text (GPtrArray  *out,
          const char *fmt,
          ...) G_GNUC_PRINTF (2, 3);

static void
add_text (GPtrArray  *out,
          const char *fmt,
          ...)
{
  va_list args;

  va_start (args, fmt);
  g_ptr_array_add (out, g_strdup_vprintf (fmt, args));
  va_end (args);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* Every legal move, spelt canonically, sorted: by results, every 3-set a
 * task field may be given. */
static GPtrArray *
ref_moves (const Ref *r)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  int phase = ref_phase (r);

  if (phase == REF_CLAIM || phase == REF_NEXT_GAME)
    {
      /* between games the claim clears the board first */
      for (int f = 1; f <= KOMBI_FIELDS; f++)
        if (phase == REF_NEXT_GAME || ref_owner (r, f) < 0)
          add_text (out, "claim:%d", f);
    }
  else if (phase == REF_TASK)
    {
      int t = ref_task_field (r);

      for (int a = 1; a <= KOMBI_SECTORS; a++)
        for (int b = a + 1; b <= KOMBI_SECTORS; b++)
          for (int c = b + 1; c <= KOMBI_SECTORS; c++)
            {
              int gone[3], come[3], k = 0, l = 0;
              GString *s;

              if (!r->marked[t])
                {
                  add_text (out, "mark:%d,%d,%d", a, b, c);
                  continue;
                }
              for (int x = 1; x <= KOMBI_SECTORS; x++)
                {
                  gboolean now = x == a || x == b || x == c;
                  if (r->task[t][x] && !now)
                    gone[k++] = x;
                  if (!r->task[t][x] && now)
                    come[l++] = x;
                }
              g_assert_cmpint (k, ==, l);
              if (k < 1 || k > r->shifts)
                continue;
              s = g_string_new ("shift:");
              for (int i = 0; i < k; i++)
                g_string_append_printf (s, "%s%d-%d", i ? "," : "", gone[i], come[i]);
              g_ptr_array_add (out, g_string_free (s, FALSE));
            }
    }
  g_ptr_array_sort (out, compare_strings);
  return out;
}

static void
ref_start_next_game (Ref *r)
{
  for (int seat = 0; seat < ref_seats (r); seat++)
    r->earlier[seat] += ref_seat_game_value (r, seat);
  r->game++;
  r->n_claims = 0;
  r->n_task_turns = 0;
  memset (r->marked, 0, sizeof r->marked);
  memset (r->task, 0, sizeof r->task);
}

static void
ref_play (Ref        *r,
          const char *text)
{
  RefMove m;
  guint faults = ref_parse (r, text, &m);

  if (faults)
    g_error ("the reference cannot play %s (faults %x)", text, faults);
  if (m.kind == 'c')
    {
      if (ref_phase (r) == REF_NEXT_GAME)
        ref_start_next_game (r);
      r->claim[r->n_claims++] = m.field;
    }
  else
    {
      int t = ref_task_field (r);

      memcpy (r->task[t], m.set, sizeof m.set);
      r->marked[t] = TRUE;
      r->n_task_turns++;
    }
}

static guint64
ref_perft (const Ref *r,
           int        depth)
{
  g_autoptr(GPtrArray) moves = ref_moves (r);
  guint64 n = 0;

  if (depth <= 0)
    return 1;
  if (depth == 1)
    return moves->len;
  for (guint i = 0; i < moves->len; i++)
    {
      Ref next = *r;
      ref_play (&next, moves->pdata[i]);
      n += ref_perft (&next, depth - 1);
    }
  return n;
}

/* ------------------------------------------------------------------------ */
/* The engine against the reference                                        */

static const char * const error_names[] = {
  "OK", "SYNTAX", "OVER", "NOT_FIELD_TURN", "NOT_TASK_TURN", "NO_FIELD", "COVERED",
  "MARK_COUNT", "MARKED_BEFORE", "NOT_MARKED", "TOO_MANY", "NO_MARKER", "TAKEN",
  "MOVED_TWICE", "ONTO_ONE",
};
#define N_ERRORS G_N_ELEMENTS (error_names)

static const char *
faults_text (guint faults)
{
  static char buf[256];

  buf[0] = '\0';
  for (guint e = 0; e < N_ERRORS; e++)
    if (faults & FAULT (e))
      {
        g_strlcat (buf, buf[0] ? "|" : "", sizeof buf);
        g_strlcat (buf, error_names[e], sizeof buf);
      }
  return buf[0] ? buf : "none";
}

static const char *
text_of (const KombiPos *pos)
{
  static char bufs[4][TEXT_LEN];
  static int next;
  char *buf = bufs[next++ % 4];

  kombi_to_text (pos, buf, TEXT_LEN);
  return buf;
}

typedef struct {
  guint64 positions, moves, played, games, singles, matches, strings, refused, variants;
  guint64 encodings, perft_positions, perft_leaves, round_trips;
  guint64 by_error[N_ERRORS];
} Tally;

/* The engine's reading of text is the reference's; a sample of strings
 * per position comes here. */
static void
check_parse (const KombiPos *pos,
             const Ref      *r,
             const char     *text,
             Tally          *tally)
{
  RefMove m;
  guint faults = ref_parse (r, text, &m);
  KombiParseError error = (KombiParseError) 99;
  int detail = -77;
  KombiMove move = kombi_move_from_text (pos, text, &error, &detail);

  tally->strings++;
  if (!faults)
    {
      char back[64];

      if (move != ref_encode (&m) || (error != KOMBI_PARSE_OK && (int) error != 99))
        g_error ("%s: kombi_move_from_text (\"%s\") = %#x (error %d), the reference reads %#x",
                 text_of (pos), text, move, error, ref_encode (&m));
      kombi_move_to_text (pos, move, back, sizeof back);
      {
        RefMove again;
        g_assert_cmpuint (ref_parse (r, back, &again), ==, 0);
        g_assert_cmphex (ref_encode (&again), ==, move);
      }
      return;
    }
  if (move != KOMBI_MOVE_NONE)
    g_error ("%s: kombi_move_from_text (\"%s\") = %#x, the reference refuses it (%s)",
             text_of (pos), text, move, faults_text (faults));
  if ((guint) error >= N_ERRORS || !(faults & FAULT (error)))
    g_error ("%s: kombi_move_from_text (\"%s\") refuses with %s, the reference finds %s",
             text_of (pos), text, (guint) error < N_ERRORS ? error_names[error] : "(not set)",
             faults_text (faults));
  /* the detail names what is at fault */
  if (error == KOMBI_PARSE_COVERED && detail != m.field)
    g_error ("%s: \"%s\" refused as COVERED with detail %d", text_of (pos), text, detail);
  if ((error == KOMBI_PARSE_NO_MARKER || error == KOMBI_PARSE_MOVED_TWICE) && m.in_range && detail != 0
      && (detail < 1 || detail > 7 || !(m.bad_from & (1u << detail))))
    g_error ("%s: \"%s\" refused as %s with detail %d", text_of (pos), text, error_names[error], detail);
  if ((error == KOMBI_PARSE_TAKEN || error == KOMBI_PARSE_ONTO_ONE) && m.in_range && detail != 0
      && (detail < 1 || detail > 7 || !(m.bad_to & (1u << detail))))
    g_error ("%s: \"%s\" refused as %s with detail %d", text_of (pos), text, error_names[error], detail);
  tally->refused++;
  tally->by_error[error]++;
}

/* The engine's text, read by the header's description, says what the
 * reference holds. */
static void
check_text (const char *text,
            const Ref  *r)
{
  g_auto(GStrv) w = g_strsplit (text, " ", -1);
  int phase = ref_phase (r), seen[KOMBI_FIELDS + 1], count = 0;
  char turn = phase == REF_CLAIM ? 'f' : phase == REF_TASK ? 't' : '-';

  if (g_strv_length (w) != 10)
    g_error ("position text “%s” has %u words, not 10", text, g_strv_length (w));
  if (atoi (w[0]) != r->fp || atoi (w[1]) != r->tp || atoi (w[2]) != r->limit
      || atoi (w[3]) != r->shifts || atoi (w[4]) != r->games || atoi (w[5]) != r->game + 1
      || strlen (w[6]) != 1 || w[6][0] != turn)
    g_error ("position text “%s”: the reference has %d %d %d %d %d %d %c …", text,
             r->fp, r->tp, r->limit, r->shifts, r->games, r->game + 1, turn);
  for (int f = 0; f <= KOMBI_FIELDS; f++)
    seen[f] = -1;
  if (strcmp (w[7], "-") != 0)
    {
      g_auto(GStrv) items = g_strsplit (w[7], ",", -1);

      for (int i = 0; items[i]; i++)
        {
          int f = 0, k = 0;

          while (g_ascii_isdigit (items[i][k]))
            f = f * 10 + items[i][k++] - '0';
          if (k == 0 || f < 1 || f > KOMBI_FIELDS || items[i][k] < 'a' || items[i][k] > 'c'
              || items[i][k + 1] || seen[f] >= 0)
            g_error ("position text “%s”: cannot read “%s”", text, items[i]);
          seen[f] = items[i][k] - 'a';
          count++;
        }
    }
  if (count != r->n_claims)
    g_error ("position text “%s”: %d fields covered, the reference has %d", text, count, r->n_claims);
  for (int f = 1; f <= KOMBI_FIELDS; f++)
    if (seen[f] != ref_owner (r, f))
      g_error ("position text “%s”: field %d owner %d, the reference has %d", text, f, seen[f], ref_owner (r, f));
  for (int t = 0; t < 2; t++)
    {
      char expect[8] = "-";
      int n = 0;

      if (r->marked[t])
        for (int s = 1; s <= KOMBI_SECTORS; s++)
          if (r->task[t][s])
            expect[n++] = '0' + s, expect[n] = '\0';
      if (strcmp (w[8 + t], expect) != 0)
        g_error ("position text “%s”: %s task field “%s”, the reference has “%s”",
                 text, t ? "lower" : "upper", w[8 + t], expect);
    }
}

/* Everything the engine says of a position is what the reference says. */
static void
check_state (const KombiPos *pos,
             const Ref      *r,
             gboolean        totals)
{
  const char *text = text_of (pos);
  int phase = ref_phase (r);
  guint64 claimed = 0;

  check_text (text, r);
  g_assert_cmpint (pos->field_players, ==, r->fp);
  g_assert_cmpint (pos->task_players, ==, r->tp);
  g_assert_cmpint (pos->limit, ==, r->limit);
  g_assert_cmpint (pos->shifts, ==, r->shifts);
  g_assert_cmpint (pos->games, ==, r->games);
  g_assert_cmpint (pos->game, ==, r->game);
  g_assert_cmpint (pos->claims, ==, r->n_claims);
  g_assert_cmpint (pos->task_turns, ==, r->n_task_turns);
  for (int t = 0; t < 2; t++)
    g_assert_cmphex (pos->marks[t], ==, r->marked[t] ? ref_mask (r->task[t]) : 0);
  for (int f = 1; f <= KOMBI_FIELDS; f++)
    {
      int o = ref_owner (r, f);

      g_assert_cmpint (pos->owner[f - 1], ==, o < 0 ? KOMBI_NO_OWNER : o);
      if (o >= 0)
        claimed |= G_GUINT64_CONSTANT (1) << (f - 1);
    }
  g_assert_cmphex (pos->claimed, ==, claimed);

  if (kombi_seat_to_move (pos) != ref_seat_to_move (r) || kombi_role_to_move (pos) != ref_role_to_move (r))
    g_error ("%s: seat %d role %d to move, the reference says seat %d role %d", text,
             kombi_seat_to_move (pos), kombi_role_to_move (pos), ref_seat_to_move (r), ref_role_to_move (r));
  if (kombi_game_over (pos) != ref_game_finished (r) || kombi_match_over (pos) != (phase == REF_OVER)
      || kombi_task_to_move (pos) != (phase == REF_TASK))
    g_error ("%s: game over %d, match over %d, task to move %d; the reference says %d %d %d", text,
             kombi_game_over (pos), kombi_match_over (pos), kombi_task_to_move (pos),
             ref_game_finished (r), phase == REF_OVER, phase == REF_TASK);
  for (int f = 1; f <= KOMBI_FIELDS; f++)
    if (kombi_field_value (pos, f - 1) != ref_field_value (r, f))
      g_error ("%s: field %d has value %d, the reference says %d", text, f,
               kombi_field_value (pos, f - 1), ref_field_value (r, f));
  for (int role = 0; role < r->fp; role++)
    if (kombi_role_value (pos, role) != ref_role_value (r, role))
      g_error ("%s: role %c has value %d, the reference says %d", text, 'a' + role,
               kombi_role_value (pos, role), ref_role_value (r, role));
  if (totals)
    for (int seat = 0; seat < ref_seats (r); seat++)
      if (kombi_seat_total (pos, seat) != ref_seat_total (r, seat))
        g_error ("%s (game %d of %d): seat %d has total %d, the reference says %d", text,
                 r->game + 1, r->games, seat, kombi_seat_total (pos, seat), ref_seat_total (r, seat));
}

/* The engine's legal moves as canonical text, into texts (in the
 * engine's order) and sorted; fails on duplicates. */
static GPtrArray *
engine_moves (const KombiPos *pos,
              KombiMove      *moves,
              char            texts[][32],
              int            *n_out)
{
  GPtrArray *sorted = g_ptr_array_new ();
  int n = kombi_gen_moves (pos, moves);

  g_assert_cmpint (n, >=, 0);
  g_assert_cmpint (n, <=, KOMBI_MAX_MOVES);
  for (int i = 0; i < n; i++)
    {
      kombi_move_to_text (pos, moves[i], texts[i], 32);
      g_ptr_array_add (sorted, texts[i]);
    }
  g_ptr_array_sort (sorted, compare_strings);
  for (guint i = 1; i < sorted->len; i++)
    if (strcmp (sorted->pdata[i - 1], sorted->pdata[i]) == 0)
      g_error ("%s: %s generated twice", text_of (pos), (char *) sorted->pdata[i]);
  *n_out = n;
  return sorted;
}

static void
assert_same_moves (const KombiPos *pos,
                   GPtrArray      *got,
                   GPtrArray      *want)
{
  guint i = 0, j = 0;
  g_autoptr(GString) diff = g_string_new (NULL);

  while (i < got->len || j < want->len)
    {
      int c = i == got->len ? 1 : j == want->len ? -1 : strcmp (got->pdata[i], want->pdata[j]);
      if (c == 0)
        i++, j++;
      else if (c < 0)
        g_string_append_printf (diff, " +%s", (char *) got->pdata[i++]);
      else
        g_string_append_printf (diff, " -%s", (char *) want->pdata[j++]);
    }
  if (diff->len)
    g_error ("legal moves of\n  %s\ndiffer from the reference (+ engine only, - reference only):%s",
             text_of (pos), diff->str);
}

static const char * const garbage[] = {
  "", "claim", "claim:", "claim:x", "claim:1x", "claim:-1", "claim:1,2", "claim:1-2", "claim:1:",
  "claims:1", "mark", "mark:", "mark:1,2,", "mark:,1,2,3", "mark:1;2;3", "mark:a,b,c", "mark:1-2,3",
  "mark:1,2,3,", "marks:1,2,3", "shift", "shift:", "shift:1", "shift:1-", "shift:-1", "shift:1-2,",
  "shift:1-2-3", "shift:1-2;3-4", "shift:1,2", "shift:a-b", "shift:1--2", "hello", ":", "-",
};

/* The sectors of a task field, marked and unmarked, as lists. */
static void
split_sectors (const gboolean set[KOMBI_SECTORS + 1],
               int            on[KOMBI_SECTORS],
               int           *n_on,
               int            off[KOMBI_SECTORS],
               int           *n_off)
{
  *n_on = *n_off = 0;
  for (int s = 1; s <= KOMBI_SECTORS; s++)
    if (set[s])
      on[(*n_on)++] = s;
    else
      off[(*n_off)++] = s;
}

/* A sample of strings, legal and not, read by both. */
static void
check_strings (const KombiPos *pos,
               const Ref      *r,
               GPtrArray      *legal,
               GRand          *rand,
               Tally          *tally)
{
  char s[64];
  int t = ref_task_field (r), on[7], off[7], n_on, n_off;
  gboolean all[KOMBI_SECTORS + 1];

  /* every legal move, as written and written otherwise */
  for (guint i = 0; i < legal->len; i++)
    {
      const char *text = legal->pdata[i];
      int a, b, c, d;

      check_parse (pos, r, text, tally);
      if (sscanf (text, "mark:%d,%d,%d", &a, &b, &c) == 3)
        {
          const int perm[5][3] = { { a, c, b }, { b, a, c }, { b, c, a }, { c, a, b }, { c, b, a } };
          for (int k = 0; k < 5; k++)
            {
              snprintf (s, sizeof s, "mark:%d,%d,%d", perm[k][0], perm[k][1], perm[k][2]);
              check_parse (pos, r, s, tally);
              tally->variants++;
            }
        }
      else if (sscanf (text, "shift:%d-%d,%d-%d", &a, &b, &c, &d) == 4)
        {
          snprintf (s, sizeof s, "shift:%d-%d,%d-%d", c, d, a, b);
          check_parse (pos, r, s, tally);
          snprintf (s, sizeof s, "shift:%d-%d,%d-%d", a, d, c, b);
          check_parse (pos, r, s, tally);
          snprintf (s, sizeof s, "shift:%d-%d,%d-%d", c, b, a, d);
          check_parse (pos, r, s, tally);
          tally->variants += 3;
        }
    }

  /* claims of every field, and of none: covered, wrong turn, out of range */
  for (int f = 0; f <= KOMBI_FIELDS + 1; f++)
    {
      snprintf (s, sizeof s, "claim:%d", f);
      check_parse (pos, r, s, tally);
    }
  check_parse (pos, r, "claim:99", tally);

  /* marks of 2, 3 or 4 sectors, some repeated, some off the wheel */
  for (int k = 0; k < 6; k++)
    {
      int len = k < 2 ? 3 : g_rand_int_range (rand, 0, 5);
      GString *m = g_string_new ("mark:");

      for (int i = 0; i < len; i++)
        g_string_append_printf (m, "%s%d", i ? "," : "",
                                g_rand_int_range (rand, 0, 12) ? g_rand_int_range (rand, 1, 8) : g_rand_int_range (rand, 0, 10));
      if (len == 0)
        g_string_append (m, "1,1,2");
      check_parse (pos, r, m->str, tally);
      g_string_free (m, TRUE);
    }
  if (r->marked[t])
    split_sectors (r->task[t], on, &n_on, off, &n_off);
  else
    {
      for (int x = 1; x <= KOMBI_SECTORS; x++)
        all[x] = x <= 3;
      split_sectors (all, on, &n_on, off, &n_off);
    }
#define ON  on[g_rand_int_range (rand, 0, n_on)]
#define OFF off[g_rand_int_range (rand, 0, n_off)]
  {
    int a = ON, b = OFF, c, d;
    do
      c = ON;
    while (c == a);
    do
      d = OFF;
    while (d == b);

    /* from an unmarked sector; onto a marked one; onto the sector moved from */
    snprintf (s, sizeof s, "shift:%d-%d", b, d);
    check_parse (pos, r, s, tally);
    snprintf (s, sizeof s, "shift:%d-%d", a, c);
    check_parse (pos, r, s, tally);
    snprintf (s, sizeof s, "shift:%d-%d", a, a);
    check_parse (pos, r, s, tally);
    /* the same marker twice; twice onto one sector; onto one vacated now */
    snprintf (s, sizeof s, "shift:%d-%d,%d-%d", a, b, a, d);
    check_parse (pos, r, s, tally);
    snprintf (s, sizeof s, "shift:%d-%d,%d-%d", a, b, c, b);
    check_parse (pos, r, s, tally);
    snprintf (s, sizeof s, "shift:%d-%d,%d-%d", a, c, c, b);
    check_parse (pos, r, s, tally);
    snprintf (s, sizeof s, "shift:%d-%d,%d-%d", c, b, a, c);
    check_parse (pos, r, s, tally);
    /* two moves (too many when shifts is 1), three moves */
    snprintf (s, sizeof s, "shift:%d-%d,%d-%d", a, b, c, d);
    check_parse (pos, r, s, tally);
    {
      int e = 0, f = 0;
      for (int x = 0; x < n_on; x++)
        if (on[x] != a && on[x] != c)
          e = on[x];
      for (int x = 0; x < n_off; x++)
        if (off[x] != b && off[x] != d)
          f = off[x];
      snprintf (s, sizeof s, "shift:%d-%d,%d-%d,%d-%d", a, b, c, d, e, f);
      check_parse (pos, r, s, tally);
    }
    /* sectors off the wheel */
    snprintf (s, sizeof s, "shift:%d-%d", a, g_rand_boolean (rand) ? 0 : 8);
    check_parse (pos, r, s, tally);
    snprintf (s, sizeof s, "shift:%d-%d", g_rand_boolean (rand) ? 0 : 9, b);
    check_parse (pos, r, s, tally);
  }
  /* random shifts of one to three pairs, mostly marked to unmarked */
  for (int k = 0; k < 6; k++)
    {
      int pairs = g_rand_int_range (rand, 0, 8);
      GString *m = g_string_new ("shift:");

      pairs = pairs < 3 ? 1 : pairs < 7 ? 2 : 3;
      for (int i = 0; i < pairs; i++)
        g_string_append_printf (m, "%s%d-%d", i ? "," : "",
                                g_rand_int_range (rand, 0, 4) ? ON : OFF,
                                g_rand_int_range (rand, 0, 4) ? OFF : ON);
      check_parse (pos, r, m->str, tally);
      g_string_free (m, TRUE);
    }
#undef ON
#undef OFF
  /* garbage */
  for (int k = 0; k < 3; k++)
    check_parse (pos, r, garbage[g_rand_int_range (rand, 0, G_N_ELEMENTS (garbage))], tally);
}

/* kombi_is_legal on every encoding of a claim or a set, against the
 * reference's legal moves. */
static void
check_encodings (const KombiPos *pos,
                 const Ref      *r,
                 GPtrArray      *legal,
                 Tally          *tally)
{
  gboolean ok[0x300] = { FALSE };

  for (guint i = 0; i < legal->len; i++)
    {
      RefMove m;
      g_assert_cmpuint (ref_parse (r, legal->pdata[i], &m), ==, 0);
      ok[ref_encode (&m)] = TRUE;
    }
  g_assert_false (kombi_is_legal (pos, KOMBI_MOVE_NONE));
  for (int f = 0; f < 256; f++)
    if (kombi_is_legal (pos, KOMBI_MOVE_CLAIM (f)) != ok[KOMBI_MOVE_CLAIM (f)])
      g_error ("%s: kombi_is_legal (claim of field index %d) = %d, the reference says %d",
               text_of (pos), f, !ok[KOMBI_MOVE_CLAIM (f)], ok[KOMBI_MOVE_CLAIM (f)]);
  for (int set = 0; set < 128; set++)
    if (kombi_is_legal (pos, KOMBI_MOVE_MARKS (set)) != ok[KOMBI_MOVE_MARKS (set)])
      g_error ("%s: kombi_is_legal (marks %#x) = %d, the reference says %d",
               text_of (pos), set, !ok[KOMBI_MOVE_MARKS (set)], ok[KOMBI_MOVE_MARKS (set)]);
  tally->encodings += 1 + 256 + 128;
}

/* Every check on one position; returns the engine's moves and their
 * texts for the playout. */
static int
check_position (const KombiPos *pos,
                const Ref      *r,
                GRand          *rand,
                Tally          *tally,
                KombiMove      *moves,
                char            texts[][32])
{
  g_autoptr(GPtrArray) got = NULL;
  g_autoptr(GPtrArray) want = NULL;
  char text[TEXT_LEN], again[TEXT_LEN];
  KombiPos reloaded;
  KombiTextError terr;
  int n;

  check_state (pos, r, TRUE);
  got = engine_moves (pos, moves, texts, &n);
  want = ref_moves (r);
  assert_same_moves (pos, got, want);
  for (int i = 0; i < n; i++)
    if (!kombi_is_legal (pos, moves[i]))
      g_error ("%s: %s generated but not legal", text_of (pos), texts[i]);
  check_encodings (pos, r, want, tally);
  check_strings (pos, r, want, rand, tally);

  /* the text reads back to the same position, which plays the same */
  kombi_to_text (pos, text, sizeof text);
  terr = kombi_from_text (&reloaded, text);
  if (terr != KOMBI_TEXT_OK)
    g_error ("kombi_from_text (\"%s\") = %d, the engine's own text", text, terr);
  kombi_to_text (&reloaded, again, sizeof again);
  g_assert_cmpstr (again, ==, text);
  g_assert_cmphex (kombi_hash (&reloaded), ==, kombi_hash (pos));
  check_state (&reloaded, r, FALSE);
  {
    KombiMove other[64];
    char other_texts[64][32];
    int m;
    g_autoptr(GPtrArray) same = engine_moves (&reloaded, other, other_texts, &m);
    assert_same_moves (&reloaded, same, want);
  }
  tally->round_trips++;

  tally->positions++;
  tally->moves += n;
  return n;
}

/* Plays a match (or a single game) at random on both, checking every
 * position; every so often a perft from where it stands. */
static void
playout (int       fp,
         int       tp,
         int       limit,
         int       shifts,
         gboolean  match,
         GRand    *rand,
         Tally    *tally)
{
  KombiPos pos;
  Ref r;
  KombiMove moves[64];
  char texts[64][32];

  kombi_init (&pos, fp, tp, limit, shifts, match);
  ref_init (&r, fp, tp, limit, shifts, match);
  if (match)
    tally->matches++;
  else
    tally->singles++;
  for (;;)
    {
      int n = check_position (&pos, &r, rand, tally, moves, texts), pick;

      if (ref_game_finished (&r))
        tally->games++;
      if (n == 0)
        break;
      if (g_rand_int_range (rand, 0, 400) == 0)
        {
          int depth = g_rand_int_range (rand, 1, 4);
          guint64 want = ref_perft (&r, depth);
          if (kombi_perft (&pos, depth) != want)
            g_error ("%s: kombi_perft (%d) = %" G_GUINT64_FORMAT ", the reference counts %" G_GUINT64_FORMAT,
                     text_of (&pos), depth, kombi_perft (&pos, depth), want);
          tally->perft_positions++;
          tally->perft_leaves += want;
        }
      pick = g_rand_int_range (rand, 0, n);
      kombi_make (&pos, moves[pick]);
      ref_play (&r, texts[pick]);
      tally->played++;
    }
}

static void
test_against_reference (void)
{
  GRand *rand = g_rand_new_with_seed (180181);
  Tally tally = { 0 };
  gint64 start = g_get_monotonic_time ();
  g_autoptr(GString) errors = g_string_new (NULL);
  int rounds = (int) ludo_test_scaled (g_test_slow () ? 60 : 24);

  for (int round = 0; round < rounds; round++)
    for (int fp = 1; fp <= KOMBI_MAX_FIELD_PLAYERS; fp++)
      for (int tp = 1; tp <= KOMBI_MAX_TASK_PLAYERS; tp++)
        for (int shifts = 1; shifts <= KOMBI_MAX_SHIFTS; shifts++)
          for (int match = 0; match <= 1; match++)
            {
              const int limits[] = { 1, 2, 12, 35, g_rand_int_range (rand, 3, 35) };
              for (guint k = 0; k < G_N_ELEMENTS (limits); k++)
                playout (fp, tp, limits[k], shifts, match, rand, &tally);
            }

  for (guint e = 1; e < N_ERRORS; e++)
    g_string_append_printf (errors, " %s %" G_GUINT64_FORMAT, error_names[e], tally.by_error[e]);
  g_test_message ("%" G_GUINT64_FORMAT " positions compared (%" G_GUINT64_FORMAT " games in %" G_GUINT64_FORMAT
                  " single games and %" G_GUINT64_FORMAT " matches), %" G_GUINT64_FORMAT " legal moves compared, %"
                  G_GUINT64_FORMAT " played both ways, %" G_GUINT64_FORMAT " text round trips, %" G_GUINT64_FORMAT
                  " encodings judged, %" G_GUINT64_FORMAT " strings read (%" G_GUINT64_FORMAT " other spellings of legal moves, %"
                  G_GUINT64_FORMAT " refused:%s), %" G_GUINT64_FORMAT " perfts (%" G_GUINT64_FORMAT " leaves); %.1f s",
                  tally.positions, tally.games, tally.singles, tally.matches, tally.moves, tally.played, tally.round_trips, tally.encodings, tally.strings,
                  tally.variants, tally.refused, errors->str, tally.perft_positions, tally.perft_leaves,
                  (g_get_monotonic_time () - start) / 1e6);
  /* enough positions, and every way of refusing, were met (the quick
   * suite meets less) */
  if (!ludo_test_is_reduced ())
    {
      g_assert_cmpuint (tally.positions, >, 50000);
      for (guint e = 1; e < N_ERRORS; e++)
        g_assert_cmpuint (tally.by_error[e], >, 0);
    }
  g_rand_free (rand);
}

/* ------------------------------------------------------------------------ */
/* Position texts                                                            */

/* The reference writes the header's format: covered fields rising. */
static void
ref_to_text (const Ref *r,
             char      *buf,
             gsize      len)
{
  int phase = ref_phase (r);
  GString *s = g_string_new (NULL);
  int n = 0;

  g_string_append_printf (s, "%d %d %d %d %d %d %c ", r->fp, r->tp, r->limit, r->shifts, r->games,
                          r->game + 1, phase == REF_CLAIM ? 'f' : phase == REF_TASK ? 't' : '-');
  for (int f = 1; f <= KOMBI_FIELDS; f++)
    if (ref_owner (r, f) >= 0)
      g_string_append_printf (s, "%s%d%c", n++ ? "," : "", f, 'a' + ref_owner (r, f));
  if (n == 0)
    g_string_append_c (s, '-');
  for (int t = 0; t < 2; t++)
    {
      g_string_append_c (s, ' ');
      if (!r->marked[t])
        g_string_append_c (s, '-');
      else
        for (int x = 1; x <= KOMBI_SECTORS; x++)
          if (r->task[t][x])
            g_string_append_c (s, '0' + x);
    }
  g_strlcpy (buf, s->str, len);
  g_string_free (s, TRUE);
}

#define TFAULT(e) (1u << (e))

static gboolean
read_int (const char *word,
          int        *n)
{
  const char *end = skip_number (word, n);
  return end && !*end;
}

/* Every fault of a position text (as KombiTextError bits), from the
 * rules: the turn order fixes the claims' owners, the turn and which
 * task fields have been marked. */
static guint
ref_text_faults (const char *text)
{
  g_auto(GStrv) w = g_strsplit (text, " ", -1);
  int fp, tp, limit, shifts, games, game, count = 0, task_turns, owned[3] = { 0 };
  gboolean seen[KOMBI_FIELDS + 1] = { FALSE }, marked[2];
  guint faults = 0;
  char turn;

  if (g_strv_length (w) != 10 || !read_int (w[0], &fp) || !read_int (w[1], &tp) || !read_int (w[2], &limit)
      || !read_int (w[3], &shifts) || !read_int (w[4], &games) || !read_int (w[5], &game)
      || strlen (w[6]) != 1 || !strchr ("ft-", w[6][0]))
    return TFAULT (KOMBI_TEXT_SYNTAX);
  turn = w[6][0];
  for (int t = 0; t < 2; t++)
    {
      const char *m = w[8 + t];
      marked[t] = strcmp (m, "-") != 0;
      if (marked[t] && (strlen (m) != 3 || m[0] < '1' || m[2] > '7' || m[0] >= m[1] || m[1] >= m[2]))
        return TFAULT (KOMBI_TEXT_SYNTAX);
    }
  /* out of range; a number too wide for its word may be read as bad form */
  if (!ref_valid_options (fp, tp, limit, shifts) || (games != 1 && games != fp + tp))
    return TFAULT (KOMBI_TEXT_OPTIONS) | TFAULT (KOMBI_TEXT_SYNTAX);
  if (game < 1 || game > games)
    return TFAULT (KOMBI_TEXT_OPTIONS) | TFAULT (KOMBI_TEXT_TURNS) | TFAULT (KOMBI_TEXT_SYNTAX);
  if (strcmp (w[7], "-") != 0)
    {
      g_auto(GStrv) items = g_strsplit (w[7], ",", -1);

      for (int i = 0; items[i]; i++)
        {
          int f;
          const char *end = skip_number (items[i], &f);

          if (!end || end[0] < 'a' || end[0] > 'z' || end[1])
            return TFAULT (KOMBI_TEXT_SYNTAX);
          if (f < 1 || f > KOMBI_FIELDS || seen[f] || end[0] - 'a' >= fp)
            faults |= TFAULT (KOMBI_TEXT_FIELDS);
          else
            {
              seen[f] = TRUE;
              owned[end[0] - 'a']++;
            }
          count++;
        }
    }
  if (faults)
    return faults;
  task_turns = turn == 't' ? count - 1 : count;
  if (count > limit)
    return TFAULT (KOMBI_TEXT_TURNS) | TFAULT (KOMBI_TEXT_FIELDS);
  if ((turn == 'f' && count >= limit) || (turn == 't' && count < 1) || (turn == '-' && count != limit))
    faults |= TFAULT (KOMBI_TEXT_TURNS);
  for (int role = 0; role < fp; role++)
    if (owned[role] != (count - role + fp - 1) / fp)
      faults |= TFAULT (KOMBI_TEXT_TURNS);
  if (task_turns >= 0 && (marked[0] != (task_turns >= 1) || marked[1] != (tp == 2 && task_turns >= 2)))
    faults |= TFAULT (KOMBI_TEXT_TURNS);
  return faults;
}

/* A random position of a random game, by the reference alone. */
static void
random_ref (Ref   *r,
            GRand *rand)
{
  int fp = g_rand_int_range (rand, 1, 4), tp = g_rand_int_range (rand, 1, 3);
  int limit = g_rand_boolean (rand) ? g_rand_int_range (rand, 1, 4) : g_rand_int_range (rand, 1, 36);
  int plies;

  ref_init (r, fp, tp, limit, g_rand_int_range (rand, 1, 3), g_rand_boolean (rand));
  plies = g_rand_int_range (rand, 0, r->games * (2 * limit + 1) + 1);
  for (int i = 0; i < plies; i++)
    {
      g_autoptr(GPtrArray) moves = ref_moves (r);
      if (moves->len == 0)
        break;
      ref_play (r, moves->pdata[g_rand_int_range (rand, 0, moves->len)]);
    }
}

static const char * const text_error_names[] = { "OK", "SYNTAX", "OPTIONS", "FIELDS", "TURNS" };

/* One word of a good text changed, keeping its form mostly. */
static void
mutate_text (const char *good,
             GRand      *rand,
             char       *out,
             gsize       len)
{
  g_auto(GStrv) w = g_strsplit (good, " ", -1);
  int k = g_rand_int_range (rand, 0, 10);
  char word[256];

  switch (k)
    {
    case 0: case 1: case 2: case 3: case 4: case 5:
      {
        const int choices[] = { 0, 1, 2, 3, 4, 5, 6, 35, 36 };
        snprintf (word, sizeof word, "%d", g_rand_boolean (rand) ? atoi (w[k]) + g_rand_int_range (rand, -1, 2)
                                                               : choices[g_rand_int_range (rand, 0, 9)]);
        break;
      }
    case 6:
      snprintf (word, sizeof word, "%c", "ft-"[g_rand_int_range (rand, 0, 3)]);
      break;
    case 7:
      {
        /* drop, add or re-own a field */
        GString *s = g_string_new (NULL);
        g_auto(GStrv) items = strcmp (w[7], "-") ? g_strsplit (w[7], ",", -1) : g_new0 (char *, 1);
        int n = g_strv_length (items), what = g_rand_int_range (rand, 0, 3), at = n ? g_rand_int_range (rand, 0, n) : -1;

        for (int i = 0; i < n; i++)
          {
            if (what == 0 && i == at)
              continue;
            if (what == 1 && i == at)
              items[i][strlen (items[i]) - 1] = 'a' + g_rand_int_range (rand, 0, 3);
            g_string_append_printf (s, "%s%s", s->len ? "," : "", items[i]);
          }
        if (what == 2 || n == 0)
          g_string_append_printf (s, "%s%d%c", s->len ? "," : "", g_rand_int_range (rand, 1, 37),
                                  'a' + g_rand_int_range (rand, 0, 3));
        g_strlcpy (word, s->len ? s->str : "-", sizeof word);
        g_string_free (s, TRUE);
        break;
      }
    default:
      if (g_rand_boolean (rand))
        strcpy (word, "-");
      else
        {
          int a = g_rand_int_range (rand, 1, 6), b = g_rand_int_range (rand, a + 1, 7), c = g_rand_int_range (rand, b + 1, 8);
          snprintf (word, sizeof word, "%d%d%d", a, b, c);
        }
      break;
    }
  g_free (w[k]);
  w[k] = g_strdup (word);
  {
    g_autofree char *joined = g_strjoinv (" ", w);
    g_strlcpy (out, joined, len);
  }
}

static void
test_text (void)
{
  GRand *rand = g_rand_new_with_seed (1984);
  guint read = 0, refused = 0, by_error[5] = { 0 };

  for (int k = 0; k < 3000; k++)
    {
      Ref r;
      KombiPos pos;
      char good[TEXT_LEN], back[TEXT_LEN];
      KombiTextError error;

      random_ref (&r, rand);
      ref_to_text (&r, good, sizeof good);
      g_assert_cmpuint (ref_text_faults (good), ==, 0);
      error = kombi_from_text (&pos, good);
      if (error != KOMBI_TEXT_OK)
        g_error ("kombi_from_text (\"%s\") = %s, written by the reference from a game", good, text_error_names[error]);
      kombi_to_text (&pos, back, sizeof back);
      g_assert_cmpstr (back, ==, good);
      check_state (&pos, &r, FALSE);
      read++;

      for (int m = 0; m < 8; m++)
        {
          char bad[TEXT_LEN];
          guint faults;

          mutate_text (good, rand, bad, sizeof bad);
          faults = ref_text_faults (bad);
          error = kombi_from_text (&pos, bad);
          read++;
          if (!faults)
            {
              if (error != KOMBI_TEXT_OK)
                g_error ("kombi_from_text (\"%s\") = %s; the reference finds it consistent", bad, text_error_names[error]);
              kombi_to_text (&pos, back, sizeof back);
              g_assert_cmpuint (ref_text_faults (back), ==, 0);
              continue;
            }
          if (error == KOMBI_TEXT_OK || (guint) error >= 5 || !(faults & TFAULT (error)))
            {
              g_autoptr(GString) f = g_string_new (NULL);
              for (int e = 1; e < 5; e++)
                if (faults & TFAULT (e))
                  g_string_append_printf (f, " %s", text_error_names[e]);
              g_error ("kombi_from_text (\"%s\") = %s; the reference finds:%s", bad,
                       (guint) error < 5 ? text_error_names[error] : "?", f->str);
            }
          refused++;
          by_error[error]++;
        }
    }
  g_test_message ("%u texts read, %u refused (SYNTAX %u, OPTIONS %u, FIELDS %u, TURNS %u)", read, refused,
                  by_error[1], by_error[2], by_error[3], by_error[4]);
  g_rand_free (rand);
}

/* ------------------------------------------------------------------------ */
/* Fields                                                                    */

static void
test_fields (void)
{
  const struct { int field, a, b, c; } cases[] = {
    { 1, 1, 2, 3 }, { 2, 1, 2, 4 }, { 5, 1, 2, 7 }, { 6, 1, 3, 4 }, { 15, 1, 6, 7 },
    { 16, 2, 3, 4 }, { 26, 3, 4, 5 }, { 31, 3, 6, 7 }, { 32, 4, 5, 6 }, { 35, 5, 6, 7 },
  };
  int seen[128];

  ref_fields_init ();
  /* the reference's successor gives the patent's examples */
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const int *s = ref_fields[cases[i].field].s;
      g_assert_cmpint (s[0], ==, cases[i].a);
      g_assert_cmpint (s[1], ==, cases[i].b);
      g_assert_cmpint (s[2], ==, cases[i].c);
      g_assert_cmphex (kombi_field_sectors[cases[i].field - 1], ==,
                       (1u << (cases[i].a - 1)) | (1u << (cases[i].b - 1)) | (1u << (cases[i].c - 1)));
    }
  /* 35 different 3-sets, each the engine's */
  memset (seen, 0, sizeof seen);
  for (int f = 1; f <= KOMBI_FIELDS; f++)
    {
      gboolean set[KOMBI_SECTORS + 1] = { FALSE };
      guint8 mask;

      g_assert_true (ref_fields[f].s[0] >= 1 && ref_fields[f].s[0] < ref_fields[f].s[1]
                     && ref_fields[f].s[1] < ref_fields[f].s[2] && ref_fields[f].s[2] <= 7);
      for (int k = 0; k < 3; k++)
        set[ref_fields[f].s[k]] = TRUE;
      mask = ref_mask (set);
      g_assert_cmpint (seen[mask]++, ==, 0);
      if (kombi_field_sectors[f - 1] != mask)
        g_error ("field %d: the engine has sectors %#x, the reference %d,%d,%d", f,
                 kombi_field_sectors[f - 1], ref_fields[f].s[0], ref_fields[f].s[1], ref_fields[f].s[2]);
    }
  /* the field of every 7-bit mask */
  for (int mask = 0; mask < 128; mask++)
    {
      int want = -1;

      for (int f = 1; f <= KOMBI_FIELDS; f++)
        {
          gboolean same = TRUE;
          for (int s = 1; s <= KOMBI_SECTORS; s++)
            same &= ref_field_has (f, s) == !!(mask & (1 << (s - 1)));
          if (same)
            want = f - 1;
        }
      if (kombi_field_of_set (mask) != want)
        g_error ("kombi_field_of_set (%#x) = %d, the reference says %d", mask, kombi_field_of_set (mask), want);
    }
  /* matches: shared sectors */
  for (int f = 1; f <= KOMBI_FIELDS; f++)
    for (int mask = 0; mask < 128; mask++)
      {
        int want = 0;

        if (__builtin_popcount (mask) != 3 && mask != 0)
          continue;
        for (int k = 0; k < 3; k++)
          want += !!(mask & (1 << (ref_fields[f].s[k] - 1)));
        g_assert_cmpint (kombi_match (kombi_field_sectors[f - 1], mask), ==, want);
      }
}

/* ------------------------------------------------------------------------ */
/* Options and the start                                                     */

static void
test_options (void)
{
  for (int fp = -1; fp <= 4; fp++)
    for (int tp = -1; tp <= 3; tp++)
      for (int limit = -1; limit <= 37; limit++)
        for (int shifts = -1; shifts <= 3; shifts++)
          for (int match = 0; match <= 1; match++)
            if (kombi_valid_options (fp, tp, limit, shifts, match) != ref_valid_options (fp, tp, limit, shifts))
              g_error ("kombi_valid_options (%d, %d, %d, %d, %d) = %d", fp, tp, limit, shifts, match,
                       kombi_valid_options (fp, tp, limit, shifts, match));

  for (int fp = 1; fp <= 3; fp++)
    for (int tp = 1; tp <= 2; tp++)
      for (int match = 0; match <= 1; match++)
        {
          KombiPos pos;
          Ref r;

          kombi_init (&pos, fp, tp, KOMBI_DEFAULT_LIMIT, 1, match);
          ref_init (&r, fp, tp, KOMBI_DEFAULT_LIMIT, 1, match);
          check_state (&pos, &r, TRUE);
          g_assert_cmpint (kombi_seats (&pos), ==, fp + tp);
          g_assert_cmpint (pos.games, ==, match ? fp + tp : 1);
          g_assert_cmpint (kombi_seat_to_move (&pos), ==, 0);
          g_assert_cmpint (kombi_gen_moves (&pos, (KombiMove[64]) { 0 }), ==, KOMBI_FIELDS);
        }
}

/* ------------------------------------------------------------------------ */
/* Turn order and roles                                                      */

static int
gcd (int a,
     int b)
{
  return b ? gcd (b, a % b) : a;
}

static void
play (KombiPos   *pos,
      const char *text)
{
  KombiParseError error = KOMBI_PARSE_OK;
  int detail = 0;
  KombiMove move = kombi_move_from_text (pos, text, &error, &detail);

  if (move == KOMBI_MOVE_NONE)
    g_error ("%s: %s refused (%s, %d)", text_of (pos), text,
             (guint) error < N_ERRORS ? error_names[error] : "?", detail);
  g_assert_true (kombi_is_legal (pos, move));
  kombi_make (pos, move);
}

/* Plays the engine's first legal move (and the reference's, the same). */
static void
play_first (KombiPos *pos,
            Ref      *r)
{
  KombiMove moves[64];
  char text[32];
  int n = kombi_gen_moves (pos, moves);

  g_assert_cmpint (n, >, 0);
  kombi_move_to_text (pos, moves[0], text, sizeof text);
  kombi_make (pos, moves[0]);
  ref_play (r, text);
}

static void
test_turn_order (void)
{
  /* literal: who moves in the first 2·lcm plies of a game */
  const struct { int fp, tp, game; const char *seats; } literal[] = {
    { 1, 1, 0, "0 1" },
    { 1, 1, 1, "1 0" },
    { 1, 2, 0, "0 1 0 2" },
    { 2, 1, 0, "0 2 1 2" },
    { 2, 1, 1, "1 0 2 0" },
    { 2, 1, 2, "2 1 0 1" },
    { 2, 2, 0, "0 2 1 3" },
    { 3, 1, 0, "0 3 1 3 2 3" },
    { 3, 2, 0, "0 3 1 4 2 3 0 4 1 3 2 4" },
    { 3, 2, 1, "1 4 2 0 3 4 1 0 2 4 3 0" },
    { 3, 2, 4, "4 2 0 3 1 2 4 3 0 2 1 3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (literal); i++)
    {
      KombiPos pos;
      Ref r;
      g_autoptr(GString) got = g_string_new (NULL);
      int lcm = literal[i].fp * literal[i].tp / gcd (literal[i].fp, literal[i].tp);

      kombi_init (&pos, literal[i].fp, literal[i].tp, KOMBI_FIELDS, 1, TRUE);
      ref_init (&r, literal[i].fp, literal[i].tp, KOMBI_FIELDS, 1, TRUE);
      /* game g starts with the claim made while game g - 1 is over */
      if (literal[i].game > 0)
        while (pos.game + 1 < literal[i].game || !kombi_game_over (&pos))
          play_first (&pos, &r);
      for (int ply = 0; ply < 2 * lcm; ply++)
        {
          g_string_append_printf (got, "%s%d", ply ? " " : "", kombi_seat_to_move (&pos));
          g_assert_cmpint (ref_seat_to_move (&r), ==, kombi_seat_to_move (&pos));
          play_first (&pos, &r);
        }
      if (strcmp (got->str, literal[i].seats) != 0)
        g_error ("F=%d T=%d game %d: seats %s, expected %s", literal[i].fp, literal[i].tp,
                 literal[i].game + 1, got->str, literal[i].seats);
    }

  /* every (F, T), every game of a match, every ply: the i-th claim by field
   * role i mod F, the j-th task turn by task role F + j mod T, role r in
   * game g by seat (r + g) mod seats */
  for (int fp = 1; fp <= 3; fp++)
    for (int tp = 1; tp <= 2; tp++)
      {
        int n = fp + tp, lcm = fp * tp / gcd (fp, tp);
        int played[KOMBI_MAX_SEATS][KOMBI_MAX_SEATS] = { { 0 } };   /* [seat][role] */
        KombiPos pos;
        Ref r;

        kombi_init (&pos, fp, tp, 4 * lcm, 2, TRUE);
        ref_init (&r, fp, tp, 4 * lcm, 2, TRUE);
        for (int g = 0; g < n; g++)
          for (int ply = 0; ply < 2 * 4 * lcm; ply++)
            {
              int i = ply / 2, role = ply % 2 == 0 ? i % fp : fp + i % tp;
              int seat = (role + g) % n;

              /* the first claim of game g is made while game g - 1 stands over */
              g_assert_cmpint (pos.game, ==, ply == 0 && g > 0 ? g - 1 : g);
              g_assert_cmpint (kombi_game_over (&pos), ==, ply == 0 && g > 0);
              g_assert_cmpint (kombi_role_to_move (&pos), ==, role);
              g_assert_cmpint (kombi_seat_to_move (&pos), ==, seat);
              g_assert_cmpint (kombi_task_to_move (&pos), ==, ply % 2 == 1);
              g_assert_cmpint (kombi_role_seat (&pos, g, role), ==, seat);
              g_assert_cmpint (kombi_seat_role (&pos, g, seat), ==, role);
              g_assert_cmpint (ref_seat_to_move (&r), ==, seat);
              if (ply % 2 == 1)
                g_assert_cmpint (kombi_task_field_of_role (&pos, role), ==, i % tp);
              played[seat][role]++;
              play_first (&pos, &r);
            }
        g_assert_true (kombi_match_over (&pos));
        g_assert_cmpint (kombi_seat_to_move (&pos), ==, -1);
        g_assert_cmpint (kombi_role_to_move (&pos), ==, -1);
        /* every seat played every role, and as often as the game asks */
        for (int seat = 0; seat < n; seat++)
          for (int role = 0; role < n; role++)
            g_assert_cmpint (played[seat][role], ==, role < fp ? 4 * lcm / fp : 4 * lcm / tp);
      }
}

static void
test_rotation (void)
{
  /* limit 1: claim, task turn, and the next game */
  const struct { int fp, tp; const char *seats; } literal[] = {
    { 1, 1, "0 1 1 0 -1" },
    { 2, 1, "0 2 1 0 2 1 -1" },
    { 1, 2, "0 1 1 2 2 0 -1" },
    { 3, 2, "0 3 1 4 2 0 3 1 4 2 -1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (literal); i++)
    {
      KombiPos pos;
      Ref r;
      g_autoptr(GString) got = g_string_new (NULL);

      kombi_init (&pos, literal[i].fp, literal[i].tp, 1, 1, TRUE);
      ref_init (&r, literal[i].fp, literal[i].tp, 1, 1, TRUE);
      for (;;)
        {
          g_string_append_printf (got, "%s%d", got->len ? " " : "", kombi_seat_to_move (&pos));
          if (kombi_match_over (&pos))
            break;
          play_first (&pos, &r);
        }
      if (strcmp (got->str, literal[i].seats) != 0)
        g_error ("F=%d T=%d limit 1: seats %s, expected %s", literal[i].fp, literal[i].tp,
                 got->str, literal[i].seats);
    }
}

/* ------------------------------------------------------------------------ */
/* The end of a game, and of the match                                       */

static void
test_end (void)
{
  const int limits[] = { 1, 2, 3, 12, 34, 35 };

  for (guint k = 0; k < G_N_ELEMENTS (limits); k++)
    for (int fp = 1; fp <= 3; fp++)
      for (int tp = 1; tp <= 2; tp++)
        for (int match = 0; match <= 1; match++)
          {
            int limit = limits[k], games = match ? fp + tp : 1;
            KombiPos pos;
            Ref r;
            KombiMove moves[64];

            kombi_init (&pos, fp, tp, limit, 1 + (limit & 1), match);
            ref_init (&r, fp, tp, limit, 1 + (limit & 1), match);
            for (int g = 0; g < games; g++)
              {
                for (int claim = 1; claim <= limit; claim++)
                  {
                    g_assert_false (kombi_task_to_move (&pos));
                    play_first (&pos, &r);
                    g_assert_cmpint (pos.game, ==, g);
                    /* after the claim: never over, a task turn follows */
                    g_assert_false (kombi_game_over (&pos));
                    g_assert_false (kombi_match_over (&pos));
                    g_assert_true (kombi_task_to_move (&pos));
                    g_assert_cmpint (kombi_seat_to_move (&pos), ==, (fp + (claim - 1) % tp + g) % (fp + tp));
                    play_first (&pos, &r);
                    g_assert_cmpint (kombi_game_over (&pos), ==, claim == limit);
                  }
                /* exactly after the task turn that follows the limit-th claim */
                g_assert_true (kombi_game_over (&pos));
                g_assert_cmpint (pos.claims, ==, limit);
                g_assert_cmpint (kombi_match_over (&pos), ==, g == games - 1);
                check_state (&pos, &r, TRUE);
                if (g == games - 1)
                  {
                    KombiParseError error = KOMBI_PARSE_OK;
                    int detail;

                    g_assert_cmpint (kombi_gen_moves (&pos, moves), ==, 0);
                    g_assert_cmpint (kombi_seat_to_move (&pos), ==, -1);
                    for (int f = 0; f < KOMBI_FIELDS; f++)
                      g_assert_false (kombi_is_legal (&pos, KOMBI_MOVE_CLAIM (f)));
                    g_assert_cmpint (kombi_move_from_text (&pos, "claim:1", &error, &detail), ==, KOMBI_MOVE_NONE);
                    g_assert_cmpint (error, ==, KOMBI_PARSE_OVER);
                  }
                else
                  {
                    /* the next game's first claim, any field, by its field role a */
                    g_assert_cmpint (kombi_gen_moves (&pos, moves), ==, KOMBI_FIELDS);
                    g_assert_cmpint (kombi_seat_to_move (&pos), ==, (g + 1) % (fp + tp));
                    g_assert_cmpint (kombi_role_to_move (&pos), ==, 0);
                    g_assert_false (kombi_task_to_move (&pos));
                  }
              }
          }
}

/* ------------------------------------------------------------------------ */
/* Values and totals                                                         */

static void
assert_values (const KombiPos *pos,
               const Ref      *r,
               int             f1,
               int             f35,
               int             role_a,
               int             seat0,
               int             seat1)
{
  g_assert_cmpint (kombi_field_value (pos, 0), ==, f1);
  g_assert_cmpint (kombi_field_value (pos, 34), ==, f35);
  g_assert_cmpint (kombi_role_value (pos, 0), ==, role_a);
  g_assert_cmpint (kombi_seat_total (pos, 0), ==, seat0);
  g_assert_cmpint (kombi_seat_total (pos, 1), ==, seat1);
  g_assert_cmpint (ref_field_value (r, 1), ==, f1);
  g_assert_cmpint (ref_field_value (r, 35), ==, f35);
  g_assert_cmpint (ref_role_value (r, 0), ==, role_a);
  g_assert_cmpint (ref_seat_total (r, 0), ==, seat0);
  g_assert_cmpint (ref_seat_total (r, 1), ==, seat1);
  check_state (pos, r, TRUE);
}

static void
both (KombiPos   *pos,
      Ref        *r,
      const char *text)
{
  play (pos, text);
  ref_play (r, text);
}

static void
test_values (void)
{
  KombiPos pos;
  Ref r;

  /* one field player, one task player, two claims a game, a match of two */
  kombi_init (&pos, 1, 1, 2, 1, TRUE);
  ref_init (&r, 1, 1, 2, 1, TRUE);
  both (&pos, &r, "claim:1");
  assert_values (&pos, &r, 0, 0, 0, 0, 0);     /* no task field in play */
  both (&pos, &r, "mark:1,2,3");
  assert_values (&pos, &r, 3, 0, 3, 0, 0);
  both (&pos, &r, "claim:35");
  assert_values (&pos, &r, 3, 0, 3, 0, 0);     /* values 3 and 0 */
  g_assert_cmpstr (text_of (&pos), ==, "1 1 2 1 2 1 t 1a,35a 123 -");
  both (&pos, &r, "shift:1-5");                /* {2,3,5}: 2 + 1 */
  assert_values (&pos, &r, 2, 1, 3, 3, 0);     /* over: seat 0 earns 3 */
  g_assert_cmpstr (text_of (&pos), ==, "1 1 2 1 2 1 - 1a,35a 235 -");
  /* game 2: seat 1 claims, seat 0 moves the markers; the claim clears the board */
  g_assert_cmpint (kombi_seat_to_move (&pos), ==, 1);
  both (&pos, &r, "claim:35");
  assert_values (&pos, &r, 0, 0, 0, 3, 0);
  g_assert_cmpstr (text_of (&pos), ==, "1 1 2 1 2 2 t 35a - -");
  g_assert_cmpint (kombi_seat_to_move (&pos), ==, 0);
  both (&pos, &r, "mark:5,6,7");
  assert_values (&pos, &r, 0, 3, 3, 3, 0);
  both (&pos, &r, "claim:1");
  assert_values (&pos, &r, 0, 3, 3, 3, 0);
  both (&pos, &r, "shift:5-4");                /* {4,6,7} */
  assert_values (&pos, &r, 0, 2, 2, 3, 2);
  g_assert_true (kombi_match_over (&pos));

  /* two task fields: the lower is not in play until marked, then adds */
  kombi_init (&pos, 2, 2, 3, 2, FALSE);
  ref_init (&r, 2, 2, 3, 2, FALSE);
  both (&pos, &r, "claim:1");       /* a */
  both (&pos, &r, "mark:1,2,3");    /* upper */
  both (&pos, &r, "claim:35");      /* b */
  g_assert_cmpint (kombi_field_value (&pos, 0), ==, 3);
  g_assert_cmpint (kombi_field_value (&pos, 34), ==, 0);
  both (&pos, &r, "mark:3,6,7");    /* lower */
  g_assert_cmpint (kombi_field_value (&pos, 0), ==, 4);
  g_assert_cmpint (kombi_field_value (&pos, 34), ==, 2);
  g_assert_cmpint (kombi_field_value (&pos, 15), ==, 3);      /* field 16 = {2,3,4} */
  g_assert_cmpint (kombi_role_value (&pos, 0), ==, 4);
  g_assert_cmpint (kombi_role_value (&pos, 1), ==, 2);
  both (&pos, &r, "claim:16");      /* a */
  g_assert_cmpint (kombi_role_value (&pos, 0), ==, 7);
  both (&pos, &r, "shift:2-5,1-4"); /* upper {3,4,5} */
  g_assert_cmpstr (text_of (&pos), ==, "2 2 3 2 1 1 - 1a,16a,35b 345 367");
  /* field 1: 1 + 1, field 16: 2 + 1, field 35: 1 + 2 */
  g_assert_cmpint (kombi_role_value (&pos, 0), ==, 5);
  g_assert_cmpint (kombi_role_value (&pos, 1), ==, 3);
  g_assert_cmpint (kombi_seat_total (&pos, 0), ==, 5);
  g_assert_cmpint (kombi_seat_total (&pos, 1), ==, 3);
  g_assert_cmpint (kombi_seat_total (&pos, 2), ==, 0);
  g_assert_cmpint (kombi_seat_total (&pos, 3), ==, 0);
  check_state (&pos, &r, TRUE);
}

/* ------------------------------------------------------------------------ */
/* Notation                                                                  */

static void
expect_refused (KombiPos        *pos,
                const char      *text,
                KombiParseError  want)
{
  KombiParseError error = KOMBI_PARSE_OK;
  int detail = 0;

  if (kombi_move_from_text (pos, text, &error, &detail) != KOMBI_MOVE_NONE || error != want)
    g_error ("%s: \"%s\" gives %s, expected %s", text_of (pos), text,
             (guint) error < N_ERRORS ? error_names[error] : "?", error_names[want]);
}

static void
test_notation (void)
{
  KombiPos pos;
  KombiMove move;
  KombiParseError error;
  int detail;
  char buf[32];

  kombi_init (&pos, 1, 1, 12, 2, FALSE);
  play (&pos, "claim:17");
  expect_refused (&pos, "claim:3", KOMBI_PARSE_NOT_FIELD_TURN);
  expect_refused (&pos, "shift:1-2", KOMBI_PARSE_NOT_MARKED);
  expect_refused (&pos, "mark:1,4", KOMBI_PARSE_MARK_COUNT);
  expect_refused (&pos, "mark:1,4,6,7", KOMBI_PARSE_MARK_COUNT);
  expect_refused (&pos, "mark:1,4,4", KOMBI_PARSE_MARK_COUNT);
  move = kombi_move_from_text (&pos, "mark:6,1,4", &error, &detail);
  g_assert_cmphex (move, ==, KOMBI_MOVE_MARKS (0x29));
  kombi_move_to_text (&pos, move, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "mark:1,4,6");
  kombi_make (&pos, move);
  expect_refused (&pos, "mark:1,2,3", KOMBI_PARSE_NOT_TASK_TURN);
  expect_refused (&pos, "claim:17", KOMBI_PARSE_COVERED);
  expect_refused (&pos, "claim:36", KOMBI_PARSE_NO_FIELD);
  expect_refused (&pos, "claim:0", KOMBI_PARSE_NO_FIELD);
  expect_refused (&pos, "claim", KOMBI_PARSE_SYNTAX);
  play (&pos, "claim:3");

  /* {1,4,6} → {1,2,7}: from 4 and 6 to 2 and 7, in any pairing and order */
  move = kombi_move_from_text (&pos, "shift:6-2,4-7", &error, &detail);
  g_assert_cmphex (move, ==, KOMBI_MOVE_MARKS (0x43));
  kombi_move_to_text (&pos, move, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "shift:4-2,6-7");
  g_assert_cmphex (kombi_move_from_text (&pos, "shift:4-2,6-7", &error, &detail), ==, move);
  g_assert_cmphex (kombi_move_from_text (&pos, "shift:6-7,4-2", &error, &detail), ==, move);
  g_assert_cmphex (kombi_move_from_text (&pos, "shift:4-7,6-2", &error, &detail), ==, move);
  expect_refused (&pos, "shift:2-3", KOMBI_PARSE_NO_MARKER);
  expect_refused (&pos, "shift:4-6", KOMBI_PARSE_TAKEN);
  expect_refused (&pos, "shift:4-4", KOMBI_PARSE_TAKEN);
  expect_refused (&pos, "shift:4-2,6-4", KOMBI_PARSE_TAKEN);        /* onto one vacated now */
  expect_refused (&pos, "shift:4-2,4-3", KOMBI_PARSE_MOVED_TWICE);  /* the same marker twice */
  expect_refused (&pos, "shift:4-2,6-2", KOMBI_PARSE_ONTO_ONE);     /* twice onto one */
  expect_refused (&pos, "shift:4-7,6-7", KOMBI_PARSE_ONTO_ONE);
  expect_refused (&pos, "shift:4-2,3-5", KOMBI_PARSE_NO_MARKER);    /* no marker on the second */
  expect_refused (&pos, "mark:1,2,3", KOMBI_PARSE_MARKED_BEFORE);
  kombi_make (&pos, move);
  g_assert_cmpstr (text_of (&pos), ==, "1 1 12 2 1 1 f 3a,17a 127 -");

  /* one marker only */
  kombi_init (&pos, 1, 1, 12, 1, FALSE);
  play (&pos, "claim:17");
  play (&pos, "mark:1,4,6");
  play (&pos, "claim:3");
  expect_refused (&pos, "shift:4-2,6-7", KOMBI_PARSE_TOO_MANY);
  move = kombi_move_from_text (&pos, "shift:4-7", &error, &detail);
  g_assert_cmphex (move, ==, KOMBI_MOVE_MARKS (0x61));
  kombi_move_to_text (&pos, move, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "shift:4-7");
  g_assert_cmpint (kombi_gen_moves (&pos, (KombiMove[64]) { 0 }), ==, 12);
}

/* ------------------------------------------------------------------------ */
/* Perft                                                                     */

static void
test_perft (void)
{
  const struct { int fp, tp, limit, shifts; gboolean match; } sets[] = {
    { 1, 1, 1, 1, TRUE },     /* the third ply starts game 2 */
    { 1, 1, 12, 1, FALSE },
    { 2, 1, 2, 2, TRUE },
    { 3, 2, 12, 2, FALSE },
    { 1, 2, 35, 2, TRUE },
    { 2, 2, 1, 1, FALSE },    /* over after two plies */
  };

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      KombiPos pos;
      Ref r;

      kombi_init (&pos, sets[i].fp, sets[i].tp, sets[i].limit, sets[i].shifts, sets[i].match);
      ref_init (&r, sets[i].fp, sets[i].tp, sets[i].limit, sets[i].shifts, sets[i].match);
      for (int depth = 1; depth <= 3; depth++)
        {
          guint64 want = ref_perft (&r, depth), got = kombi_perft (&pos, depth);
          if (got != want)
            g_error ("%s: kombi_perft (%d) = %" G_GUINT64_FORMAT ", the reference counts %" G_GUINT64_FORMAT,
                     text_of (&pos), depth, got, want);
        }
    }
  /* by hand: 35 claims, 35 markings, 34 (or 35 in the next game) claims */
  {
    Ref r;

    ref_init (&r, 1, 1, 12, 1, FALSE);
    g_assert_cmpuint (ref_perft (&r, 3), ==, 35 * 35 * 34);
    ref_init (&r, 1, 1, 1, 1, TRUE);
    g_assert_cmpuint (ref_perft (&r, 3), ==, 35 * 35 * 35);
    ref_init (&r, 2, 2, 1, 1, FALSE);
    g_assert_cmpuint (ref_perft (&r, 3), ==, 0);
    g_assert_cmpuint (ref_perft (&r, 2), ==, 35 * 35);
    /* a shift: 12 sets with one marker, 30 with up to two */
    ref_init (&r, 1, 1, 12, 1, FALSE);
    ref_play (&r, "claim:1");
    ref_play (&r, "mark:1,2,3");
    ref_play (&r, "claim:2");
    g_assert_cmpuint (ref_perft (&r, 1), ==, 12);
    r.shifts = 2;
    g_assert_cmpuint (ref_perft (&r, 1), ==, 30);
  }
}

/* ------------------------------------------------------------------------ */
/* Properties: many random games through LudoGame                            */

/* The reference, brought to the game's position by its own moves. */
static void
ref_from_game (Ref      *r,
               LudoGame *game)
{
  ref_init (r, ludo_game_get_option (game, "field-players"), ludo_game_get_option (game, "task-players"),
            ludo_game_get_option (game, "claims"), ludo_game_get_option (game, "shifts"),
            ludo_game_get_option (game, "match") != 0);
  for (guint i = 0; i < ludo_game_get_position (game); i++)
    ref_play (r, ludo_game_get_move (game, i));
}

static void
property_check_state (LudoGame      *game,
                      gconstpointer  state)
{
  Ref r;

  ref_from_game (&r, game);
  check_state (state, &r, TRUE);
}

static GPtrArray *
property_reference_moves (LudoGame      *game,
                          gconstpointer  state)
{
  Ref r;

  ref_from_game (&r, game);
  return ref_moves (&r);
}

static void
test_properties (void)
{
  const LudoPropertySpec spec = {
    .game_id = "kombi",
    .max_plies = 1000,
    .check_state = property_check_state,
    .reference_moves = property_reference_moves,
  };
  LudoPropertyStats stats;

  ludo_properties_run (&spec, &stats);
  g_assert_cmpuint (stats.finished, ==, stats.games);
  /* the computer played (the quick suite plays a handful of games) */
  if (!ludo_test_is_reduced ())
    g_assert_cmpuint (stats.computer_moves, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  ref_fields_init ();

  g_test_add_func ("/kombi-reference/fields", test_fields);
  g_test_add_func ("/kombi-reference/options", test_options);
  g_test_add_func ("/kombi-reference/turn-order", test_turn_order);
  g_test_add_func ("/kombi-reference/rotation", test_rotation);
  g_test_add_func ("/kombi-reference/end", test_end);
  g_test_add_func ("/kombi-reference/values", test_values);
  g_test_add_func ("/kombi-reference/notation", test_notation);
  g_test_add_func ("/kombi-reference/text", test_text);
  g_test_add_func ("/kombi-reference/perft", test_perft);
  g_test_add_func ("/kombi-reference/against-reference", test_against_reference);
  g_test_add_func ("/kombi-reference/properties", test_properties);

  return g_test_run ();
}
