/* logik-rules.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "logik-rules.h"

#include <stdio.h>
#include <string.h>

bool
logik_options_valid (const LogikOptions *opt)
{
  return opt->places >= LOGIK_MIN_PLACES && opt->places <= LOGIK_MAX_PLACES &&
         opt->colours >= LOGIK_MIN_COLOURS && opt->colours <= LOGIK_MAX_COLOURS &&
         opt->rows >= LOGIK_MIN_ROWS && opt->rows <= LOGIK_MAX_ROWS;
}

void
logik_state_init (LogikState      *s,
                  const LogikOptions *opt)
{
  memset (s, 0, sizeof *s);
  s->opt = *opt;
  s->winner = -1;
}

bool
logik_seat_guesses (const LogikState *s,
                    int               seat)
{
  return !s->opt.solo || seat == 0;
}

bool
logik_in_setup (const LogikState *s)
{
  return (!s->opt.solo && !s->has_code[0]) || !s->has_code[1];
}

int
logik_current_seat (const LogikState *s)
{
  if (s->result != LOGIK_RESULT_NONE)
    return -1;
  if (!s->opt.solo && !s->has_code[0])
    return 0;
  if (!s->has_code[1])
    return 1;
  if (s->opt.solo)
    return 0;
  return s->n_guesses[0] == s->n_guesses[1] ? 0 : 1;
}

int
logik_rounds_revealed (const LogikState *s)
{
  if (s->opt.solo)
    return s->n_guesses[0];
  return s->n_guesses[0] < s->n_guesses[1] ? s->n_guesses[0] : s->n_guesses[1];
}

LogikScore
logik_score (const LogikCode *guess,
             const LogikCode *code,
             int              places)
{
  uint8_t in_guess[LOGIK_MAX_COLOURS] = { 0 };
  uint8_t in_code[LOGIK_MAX_COLOURS] = { 0 };
  LogikScore sc = { 0, 0 };
  int common = 0;

  for (int i = 0; i < places; i++)
    {
      if (guess->peg[i] == code->peg[i])
        sc.blacks++;
      in_guess[guess->peg[i]]++;
      in_code[code->peg[i]]++;
    }
  for (int c = 0; c < LOGIK_MAX_COLOURS; c++)
    common += in_guess[c] < in_code[c] ? in_guess[c] : in_code[c];
  sc.whites = common - sc.blacks;
  return sc;
}

LogikError
logik_parse_move (const LogikState *s,
                  const char       *text,
                  LogikMove        *move,
                  int              *bad_index)
{
  const char *letters;
  size_t n;

  if (bad_index)
    *bad_index = -1;
  memset (move, 0, sizeof *move);

  if (strncmp (text, "code:", 5) == 0)
    {
      move->kind = LOGIK_MOVE_CODE;
      letters = text + 5;
    }
  else if (strncmp (text, "guess:", 6) == 0)
    {
      move->kind = LOGIK_MOVE_GUESS;
      letters = text + 6;
    }
  else
    return LOGIK_ERR_SYNTAX;

  n = strlen (letters);
  if (n != s->opt.places)
    return LOGIK_ERR_LENGTH;
  for (size_t i = 0; i < n; i++)
    {
      int c = letters[i] - 'A';
      if (c < 0 || c >= s->opt.colours)
        {
          if (bad_index)
            *bad_index = (int) i;
          return LOGIK_ERR_COLOUR;
        }
      move->code.peg[i] = (uint8_t) c;
    }
  return logik_check_move (s, move);
}

LogikError
logik_check_move (const LogikState *s,
                  const LogikMove  *move)
{
  if (logik_current_seat (s) < 0)
    return LOGIK_ERR_GAME_OVER;
  for (int i = 0; i < s->opt.places; i++)
    if (move->code.peg[i] >= s->opt.colours)
      return LOGIK_ERR_COLOUR;
  if ((move->kind == LOGIK_MOVE_CODE) != logik_in_setup (s))
    return LOGIK_ERR_WRONG_KIND;
  return LOGIK_OK;
}

/* Called when a round is complete: decide whether the game ends. */
static void
check_end (LogikState *s)
{
  int round = s->n_guesses[0] - 1;
  int places = s->opt.places;
  bool solved0 = s->score[0][round].blacks == places;

  if (s->opt.solo)
    {
      if (solved0)
        {
          s->result = LOGIK_RESULT_WIN;
          s->winner = 0;
          s->end = LOGIK_END_SOLVED;
        }
      else if (round + 1 >= s->opt.rows)
        {
          /* The code maker wins when the guesser runs out of rows. */
          s->result = LOGIK_RESULT_WIN;
          s->winner = 1;
          s->end = LOGIK_END_ROWS_USED;
        }
      return;
    }

  bool solved1 = s->score[1][round].blacks == places;
  if (solved0 && solved1)
    {
      s->result = LOGIK_RESULT_DRAW;
      s->end = LOGIK_END_BOTH_SOLVED;
    }
  else if (solved0 || solved1)
    {
      s->result = LOGIK_RESULT_WIN;
      s->winner = solved0 ? 0 : 1;
      s->end = LOGIK_END_SOLVED;
    }
  else if (round + 1 >= s->opt.rows)
    {
      s->result = LOGIK_RESULT_DRAW;
      s->end = LOGIK_END_ROWS_USED;
    }
}

void
logik_apply (LogikState      *s,
             const LogikMove *move)
{
  int seat = logik_current_seat (s);

  if (move->kind == LOGIK_MOVE_CODE)
    {
      s->code[seat] = move->code;
      s->has_code[seat] = true;
      return;
    }

  int row = s->n_guesses[seat]++;
  s->guess[seat][row] = move->code;
  /* seat guesses the other seat's code */
  s->score[seat][row] = logik_score (&move->code, &s->code[1 - seat], s->opt.places);

  if (s->opt.solo || seat == 1)
    check_end (s);
}

void
logik_format_code (const LogikCode *code,
                   int              places,
                   char            *buf,
                   size_t           len)
{
  size_t i;

  for (i = 0; i < (size_t) places && i + 1 < len; i++)
    buf[i] = (char) ('A' + code->peg[i]);
  buf[i] = '\0';
}

void
logik_format_move (const LogikState *s,
                   const LogikMove  *move,
                   char             *buf,
                   size_t            len)
{
  char letters[LOGIK_MAX_PLACES + 1];

  logik_format_code (&move->code, s->opt.places, letters, sizeof letters);
  snprintf (buf, len, "%s:%s", move->kind == LOGIK_MOVE_CODE ? "code" : "guess", letters);
}

uint32_t
logik_n_codes (int places,
               int colours)
{
  uint32_t n = 1;

  for (int i = 0; i < places; i++)
    n *= (uint32_t) colours;
  return n;
}

uint32_t
logik_code_to_index (const LogikCode *code,
                     int              places,
                     int              colours)
{
  uint32_t index = 0;

  for (int i = places - 1; i >= 0; i--)
    index = index * (uint32_t) colours + code->peg[i];
  return index;
}

void
logik_code_from_index (uint32_t   index,
                       int        places,
                       int        colours,
                       LogikCode *code)
{
  memset (code, 0, sizeof *code);
  for (int i = 0; i < places; i++)
    {
      code->peg[i] = (uint8_t) (index % (uint32_t) colours);
      index /= (uint32_t) colours;
    }
}
