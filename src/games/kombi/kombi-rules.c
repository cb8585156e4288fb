/* kombi-rules.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kombi-rules.h"

/* The patent's order: the third marked sector moves right if it can, else
 * the second does and the third follows it, else the first does and the
 * others follow: the 3-sets in lexicographic order. */
const uint8_t kombi_field_sectors[KOMBI_FIELDS] = {
  0x07, 0x0b, 0x13, 0x23, 0x43, 0x0d, 0x15, 0x25, 0x45, 0x19,
  0x29, 0x49, 0x31, 0x51, 0x61, 0x0e, 0x16, 0x26, 0x46, 0x1a,
  0x2a, 0x4a, 0x32, 0x52, 0x62, 0x1c, 0x2c, 0x4c, 0x34, 0x54,
  0x64, 0x38, 0x58, 0x68, 0x70,
};

int
kombi_field_of_set (uint8_t set)
{
  for (int f = 0; f < KOMBI_FIELDS; f++)
    if (kombi_field_sectors[f] == set)
      return f;
  return -1;
}

bool
kombi_valid_options (int  field_players,
                     int  task_players,
                     int  limit,
                     int  shifts,
                     bool match)
{
  return field_players >= 1 && field_players <= KOMBI_MAX_FIELD_PLAYERS
         && task_players >= 1 && task_players <= KOMBI_MAX_TASK_PLAYERS
         && limit >= 1 && limit <= KOMBI_FIELDS
         && shifts >= 1 && shifts <= KOMBI_MAX_SHIFTS;
}

static void
clear_board (KombiPos *pos)
{
  pos->claims = 0;
  pos->task_turns = 0;
  memset (pos->marks, 0, sizeof pos->marks);
  memset (pos->owner, KOMBI_NO_OWNER, sizeof pos->owner);
  pos->claimed = 0;
}

void
kombi_init (KombiPos *pos,
            int       field_players,
            int       task_players,
            int       limit,
            int       shifts,
            bool      match)
{
  memset (pos, 0, sizeof *pos);
  pos->field_players = field_players;
  pos->task_players = task_players;
  pos->limit = limit;
  pos->shifts = shifts;
  pos->games = match ? field_players + task_players : 1;
  clear_board (pos);
}

int
kombi_role_to_move (const KombiPos *pos)
{
  if (kombi_match_over (pos))
    return -1;
  if (kombi_game_over (pos))
    return 0;
  if (kombi_task_to_move (pos))
    return pos->field_players + pos->task_turns % pos->task_players;
  return pos->claims % pos->field_players;
}

int
kombi_seat_to_move (const KombiPos *pos)
{
  int role = kombi_role_to_move (pos);

  if (role < 0)
    return -1;
  return kombi_role_seat (pos, kombi_game_over (pos) ? pos->game + 1 : pos->game, role);
}

int
kombi_match (uint8_t field_sectors,
             uint8_t task_set)
{
  return __builtin_popcount (field_sectors & task_set);
}

int
kombi_field_value (const KombiPos *pos,
                   int             field)
{
  int value = 0;

  for (int t = 0; t < pos->task_players; t++)
    value += kombi_match (kombi_field_sectors[field], pos->marks[t]);
  return value;
}

int
kombi_role_value (const KombiPos *pos,
                  int             role)
{
  int value = 0;

  for (int f = 0; f < KOMBI_FIELDS; f++)
    if (pos->owner[f] == role)
      value += kombi_field_value (pos, f);
  return value;
}

int
kombi_seat_total (const KombiPos *pos,
                  int             seat)
{
  return pos->totals[seat];
}

/* ------------------------------------------------------------------------ */
/* Moves                                                                     */

/* Is set one the task field at t may take this turn? */
static bool
task_set_allowed (const KombiPos *pos,
                  int             t,
                  uint8_t         set)
{
  uint8_t old = pos->marks[t];
  int moved;

  if (__builtin_popcount (set) != KOMBI_MARKED || (set & ~0x7f))
    return false;
  if (old == 0)
    return true;
  moved = KOMBI_MARKED - __builtin_popcount (set & old);
  return moved >= 1 && moved <= pos->shifts;
}

int
kombi_gen_moves (const KombiPos *pos,
                 KombiMove      *moves)
{
  int n = 0;

  if (kombi_match_over (pos))
    return 0;
  if (kombi_game_over (pos))
    {
      /* the next game's first claim: every field is free again */
      for (int f = 0; f < KOMBI_FIELDS; f++)
        moves[n++] = KOMBI_MOVE_CLAIM (f);
      return n;
    }
  if (kombi_task_to_move (pos))
    {
      int t = kombi_task_field_of_role (pos, kombi_role_to_move (pos));
      for (int f = 0; f < KOMBI_FIELDS; f++)
        if (task_set_allowed (pos, t, kombi_field_sectors[f]))
          moves[n++] = KOMBI_MOVE_MARKS (kombi_field_sectors[f]);
      return n;
    }
  for (int f = 0; f < KOMBI_FIELDS; f++)
    if (!(pos->claimed >> f & 1))
      moves[n++] = KOMBI_MOVE_CLAIM (f);
  return n;
}

bool
kombi_is_legal (const KombiPos *pos,
                KombiMove       move)
{
  if (kombi_match_over (pos))
    return false;
  if (KOMBI_MOVE_IS_CLAIM (move))
    {
      int f = KOMBI_MOVE_FIELD (move);
      if (f >= KOMBI_FIELDS || kombi_task_to_move (pos))
        return false;
      return kombi_game_over (pos) || !(pos->claimed >> f & 1);
    }
  if (KOMBI_MOVE_IS_MARKS (move))
    {
      if (kombi_game_over (pos) || !kombi_task_to_move (pos))
        return false;
      return task_set_allowed (pos, kombi_task_field_of_role (pos, kombi_role_to_move (pos)),
                               KOMBI_MOVE_SET (move));
    }
  return false;
}

/* The last task turn of a game: the field roles' values go to their seats. */
static void
score_game (KombiPos *pos)
{
  for (int role = 0; role < pos->field_players; role++)
    {
      int seat = kombi_role_seat (pos, pos->game, role);
      int value = kombi_role_value (pos, role);
      pos->values[pos->game][seat] = value;
      pos->totals[seat] += value;
    }
}

void
kombi_make (KombiPos  *pos,
            KombiMove  move)
{
  if (KOMBI_MOVE_IS_CLAIM (move))
    {
      int f = KOMBI_MOVE_FIELD (move);
      if (kombi_game_over (pos))
        {
          pos->game++;
          clear_board (pos);
        }
      pos->owner[f] = pos->claims % pos->field_players;
      pos->claimed |= 1ull << f;
      pos->claims++;
      return;
    }
  pos->marks[pos->task_turns % pos->task_players] = KOMBI_MOVE_SET (move);
  pos->task_turns++;
  if (kombi_game_over (pos))
    score_game (pos);
}

uint64_t
kombi_perft (const KombiPos *pos,
             int             depth)
{
  KombiMove moves[KOMBI_MAX_MOVES];
  int n = kombi_gen_moves (pos, moves);
  uint64_t nodes = 0;

  if (depth <= 1)
    return depth == 1 ? (uint64_t) n : 1;
  for (int i = 0; i < n; i++)
    {
      KombiPos next = *pos;
      kombi_make (&next, moves[i]);
      nodes += kombi_perft (&next, depth - 1);
    }
  return nodes;
}

/* ------------------------------------------------------------------------ */
/* Notation                                                                  */

/* Appends the sectors of set, in rising order, joined by sep. */
static size_t
append_sectors (char       *buf,
                size_t      len,
                size_t      at,
                uint8_t     set,
                const char *sep)
{
  bool first = true;

  for (int s = 0; s < KOMBI_SECTORS && at < len; s++)
    if (set >> s & 1)
      {
        at += snprintf (buf + at, len - at, "%s%d", first ? "" : sep, s + 1);
        first = false;
      }
  return at;
}

void
kombi_move_to_text (const KombiPos *pos,
                    KombiMove       move,
                    char           *buf,
                    size_t          len)
{
  uint8_t old, set, from, to;
  size_t at;

  if (KOMBI_MOVE_IS_CLAIM (move))
    {
      snprintf (buf, len, "claim:%d", KOMBI_MOVE_FIELD (move) + 1);
      return;
    }
  set = KOMBI_MOVE_SET (move);
  old = kombi_task_to_move (pos) ? pos->marks[pos->task_turns % pos->task_players] : 0;
  if (old == 0)
    {
      at = snprintf (buf, len, "mark:");
      append_sectors (buf, len, at, set, ",");
      return;
    }
  /* the markers leave old & ~set for set & ~old, rising with rising */
  from = old & ~set;
  to = set & ~old;
  at = snprintf (buf, len, "shift:");
  while (from && at < len)
    {
      int a = __builtin_ctz (from), b = __builtin_ctz (to);
      at += snprintf (buf + at, len - at, "%s%d-%d", at > 6 ? "," : "", a + 1, b + 1);
      from &= from - 1;
      to &= to - 1;
    }
}

/* Reads a sector 1–7; moves *p past it. */
static int
read_sector (const char **p)
{
  const char *s = *p;

  if (*s < '1' || *s > '7' || (s[1] >= '0' && s[1] <= '9'))
    return 0;
  *p = s + 1;
  return *s - '0';
}

static KombiMove
fail (KombiParseError *error,
      KombiParseError  why,
      int             *detail,
      int              what)
{
  if (error)
    *error = why;
  if (detail)
    *detail = what;
  return KOMBI_MOVE_NONE;
}

static KombiMove
parse_claim (const KombiPos  *pos,
             const char      *p,
             KombiParseError *error,
             int             *detail)
{
  char *end;
  long field;

  if (*p < '0' || *p > '9')
    return fail (error, KOMBI_PARSE_SYNTAX, detail, 0);
  field = strtol (p, &end, 10);
  if (*end != '\0' || end - p > 3)
    return fail (error, KOMBI_PARSE_SYNTAX, detail, 0);
  if (field < 1 || field > KOMBI_FIELDS)
    return fail (error, KOMBI_PARSE_NO_FIELD, detail, 0);
  if (kombi_match_over (pos))
    return fail (error, KOMBI_PARSE_OVER, detail, 0);
  if (kombi_task_to_move (pos))
    return fail (error, KOMBI_PARSE_NOT_FIELD_TURN, detail, 0);
  if (!kombi_game_over (pos) && (pos->claimed >> (field - 1) & 1))
    return fail (error, KOMBI_PARSE_COVERED, detail, (int) field);
  return KOMBI_MOVE_CLAIM (field - 1);
}

/* The task field to move, or a parse error. */
static int
task_field_to_move (const KombiPos  *pos,
                    KombiParseError *error)
{
  if (kombi_match_over (pos))
    *error = KOMBI_PARSE_OVER;
  else if (kombi_game_over (pos) || !kombi_task_to_move (pos))
    *error = KOMBI_PARSE_NOT_TASK_TURN;
  else
    return kombi_task_field_of_role (pos, kombi_role_to_move (pos));
  return -1;
}

static KombiMove
parse_mark (const KombiPos  *pos,
            const char      *p,
            KombiParseError *error,
            int             *detail)
{
  KombiParseError why = KOMBI_PARSE_OK;
  uint8_t set = 0;
  int count = 0, t;

  for (;;)
    {
      int s = read_sector (&p);
      if (s == 0)
        return fail (error, KOMBI_PARSE_SYNTAX, detail, 0);
      if (set >> (s - 1) & 1)
        return fail (error, KOMBI_PARSE_MARK_COUNT, detail, s);
      set |= 1 << (s - 1);
      count++;
      if (*p == '\0')
        break;
      if (*p++ != ',' || count >= KOMBI_SECTORS)
        return fail (error, KOMBI_PARSE_SYNTAX, detail, 0);
    }
  t = task_field_to_move (pos, &why);
  if (t < 0)
    return fail (error, why, detail, 0);
  if (pos->marks[t] != 0)
    return fail (error, KOMBI_PARSE_MARKED_BEFORE, detail, 0);
  if (count != KOMBI_MARKED)
    return fail (error, KOMBI_PARSE_MARK_COUNT, detail, count);
  return KOMBI_MOVE_MARKS (set);
}

static KombiMove
parse_shift (const KombiPos  *pos,
             const char      *p,
             KombiParseError *error,
             int             *detail)
{
  KombiParseError why = KOMBI_PARSE_OK;
  int from[KOMBI_MARKED + 1], to[KOMBI_MARKED + 1], n = 0, t;
  uint8_t old, set, left = 0, arrived = 0;

  for (;;)
    {
      if (n > KOMBI_MARKED)
        return fail (error, KOMBI_PARSE_SYNTAX, detail, 0);
      from[n] = read_sector (&p);
      if (from[n] == 0 || *p++ != '-')
        return fail (error, KOMBI_PARSE_SYNTAX, detail, 0);
      to[n] = read_sector (&p);
      if (to[n] == 0)
        return fail (error, KOMBI_PARSE_SYNTAX, detail, 0);
      n++;
      if (*p == '\0')
        break;
      if (*p++ != ',')
        return fail (error, KOMBI_PARSE_SYNTAX, detail, 0);
    }
  t = task_field_to_move (pos, &why);
  if (t < 0)
    return fail (error, why, detail, 0);
  old = pos->marks[t];
  if (old == 0)
    return fail (error, KOMBI_PARSE_NOT_MARKED, detail, 0);
  if (n > pos->shifts)
    return fail (error, KOMBI_PARSE_TOO_MANY, detail, n);
  for (int i = 0; i < n; i++)
    {
      uint8_t a = 1 << (from[i] - 1), b = 1 << (to[i] - 1);
      if (left & a)
        return fail (error, KOMBI_PARSE_MOVED_TWICE, detail, from[i]);
      if (!(old & a))
        return fail (error, KOMBI_PARSE_NO_MARKER, detail, from[i]);
      /* elsewhere: onto a sector free at the start of the turn */
      if (old & b)
        return fail (error, KOMBI_PARSE_TAKEN, detail, to[i]);
      if (arrived & b)
        return fail (error, KOMBI_PARSE_ONTO_ONE, detail, to[i]);
      left |= a;
      arrived |= b;
    }
  set = (old & ~left) | arrived;
  return KOMBI_MOVE_MARKS (set);
}

KombiMove
kombi_move_from_text (const KombiPos  *pos,
                      const char      *text,
                      KombiParseError *error,
                      int             *detail)
{
  if (error)
    *error = KOMBI_PARSE_OK;
  if (detail)
    *detail = 0;
  if (text == NULL)
    return fail (error, KOMBI_PARSE_SYNTAX, detail, 0);
  if (strncmp (text, "claim:", 6) == 0)
    return parse_claim (pos, text + 6, error, detail);
  if (strncmp (text, "mark:", 5) == 0)
    return parse_mark (pos, text + 5, error, detail);
  if (strncmp (text, "shift:", 6) == 0)
    return parse_shift (pos, text + 6, error, detail);
  return fail (error, KOMBI_PARSE_SYNTAX, detail, 0);
}

/* ------------------------------------------------------------------------ */
/* Positions as text                                                         */

static bool
read_int (const char *word,
          int         min,
          int         max,
          int        *value)
{
  char *end;
  long v;

  if (*word < '0' || *word > '9')
    return false;
  v = strtol (word, &end, 10);
  if (*end != '\0' || v < min || v > max)
    return false;
  *value = (int) v;
  return true;
}

static bool
read_sectors (const char *word,
              uint8_t    *set)
{
  *set = 0;
  if (strcmp (word, "-") == 0)
    return true;
  for (const char *p = word; *p; p++)
    {
      if (*p < '1' || *p > '7' || (*set >> (*p - '1') & 1))
        return false;
      *set |= 1 << (*p - '1');
    }
  return __builtin_popcount (*set) == KOMBI_MARKED;
}

KombiTextError
kombi_from_text (KombiPos   *pos,
                 const char *text)
{
  char words[10][160];
  int f, t, limit, shifts, games, game, count[KOMBI_MAX_FIELD_PLAYERS] = { 0 };
  int n = 0, claims = 0;
  KombiPos p;
  char turn;

  if (text == NULL || strlen (text) >= 10 * 160)
    return KOMBI_TEXT_SYNTAX;
  {
    const char *s = text;
    while (*s)
      {
        size_t k = 0;
        while (*s == ' ')
          s++;
        if (!*s)
          break;
        if (n == 10)
          return KOMBI_TEXT_SYNTAX;
        while (*s && *s != ' ')
          {
            if (k + 1 >= sizeof words[0])
              return KOMBI_TEXT_SYNTAX;
            words[n][k++] = *s++;
          }
        words[n++][k] = '\0';
      }
  }
  if (n != 10)
    return KOMBI_TEXT_SYNTAX;
  if (!read_int (words[0], 0, 99, &f) || !read_int (words[1], 0, 99, &t)
      || !read_int (words[2], 0, 99, &limit) || !read_int (words[3], 0, 9, &shifts)
      || !read_int (words[4], 0, 9, &games) || !read_int (words[5], 0, 9, &game)
      || strlen (words[6]) != 1)
    return KOMBI_TEXT_SYNTAX;
  if (!kombi_valid_options (f, t, limit, shifts, true)
      || (games != 1 && games != f + t) || game < 1 || game > games)
    return KOMBI_TEXT_OPTIONS;
  kombi_init (&p, f, t, limit, shifts, games > 1);
  p.game = game - 1;
  turn = words[6][0];
  if (turn != 'f' && turn != 't' && turn != '-')
    return KOMBI_TEXT_SYNTAX;

  if (strcmp (words[7], "-") != 0)
    {
      const char *s = words[7];
      for (;;)
        {
          char *end;
          long field = strtol (s, &end, 10);
          int role;
          if (end == s || *s < '0' || *s > '9' || *end < 'a' || *end > 'c')
            return KOMBI_TEXT_SYNTAX;
          role = *end - 'a';
          if (field < 1 || field > KOMBI_FIELDS || role >= f || p.owner[field - 1] != KOMBI_NO_OWNER)
            return KOMBI_TEXT_FIELDS;
          p.owner[field - 1] = role;
          p.claimed |= 1ull << (field - 1);
          count[role]++;
          claims++;
          s = end + 1;
          if (*s == '\0')
            break;
          if (*s++ != ',')
            return KOMBI_TEXT_SYNTAX;
        }
    }
  if (!read_sectors (words[8], &p.marks[KOMBI_UPPER]) || !read_sectors (words[9], &p.marks[KOMBI_LOWER]))
    return KOMBI_TEXT_SYNTAX;

  /* the turn order decides how many claims each role has made, and which
   * task fields are marked */
  p.claims = claims;
  p.task_turns = turn == 't' ? claims - 1 : claims;
  if (claims > limit || (turn == 't' && claims == 0) || (turn == '-' && claims != limit)
      || (turn == 'f' && claims == limit))
    return KOMBI_TEXT_TURNS;
  for (int role = 0; role < f; role++)
    if (count[role] != claims / f + (role < claims % f))
      return KOMBI_TEXT_TURNS;
  for (int k = 0; k < KOMBI_MAX_TASK_PLAYERS; k++)
    if ((p.marks[k] != 0) != (k < t && p.task_turns > k))
      return KOMBI_TEXT_TURNS;
  *pos = p;
  return KOMBI_TEXT_OK;
}

void
kombi_to_text (const KombiPos *pos,
               char           *buf,
               size_t          len)
{
  size_t at;
  bool any = false;

  at = snprintf (buf, len, "%d %d %d %d %d %d %c ", pos->field_players, pos->task_players, pos->limit,
                 pos->shifts, pos->games, pos->game + 1,
                 kombi_game_over (pos) ? '-' : kombi_task_to_move (pos) ? 't' : 'f');
  for (int f = 0; f < KOMBI_FIELDS && at < len; f++)
    if (pos->owner[f] != KOMBI_NO_OWNER)
      {
        at += snprintf (buf + at, len - at, "%s%d%c", any ? "," : "", f + 1, 'a' + pos->owner[f]);
        any = true;
      }
  if (!any && at < len)
    at += snprintf (buf + at, len - at, "-");
  for (int k = 0; k < KOMBI_MAX_TASK_PLAYERS && at < len; k++)
    {
      at += snprintf (buf + at, len - at, " ");
      if (pos->marks[k] == 0)
        at += snprintf (buf + at, len - at, "-");
      else
        at = append_sectors (buf, len, at, pos->marks[k], "");
    }
}

uint64_t
kombi_hash (const KombiPos *pos)
{
  /* FNV-1a over what the rest of the game depends on */
  uint64_t h = 0xcbf29ce484222325ull;
  const uint8_t head[] = { pos->field_players, pos->task_players, pos->limit, pos->shifts,
                           pos->claims, pos->task_turns, pos->marks[0], pos->marks[1] };

  for (size_t i = 0; i < sizeof head; i++)
    h = (h ^ head[i]) * 0x100000001b3ull;
  for (int f = 0; f < KOMBI_FIELDS; f++)
    h = (h ^ pos->owner[f]) * 0x100000001b3ull;
  return h;
}
