/* logik-rules.h — the rules of Logik, two-player Mastermind (RULES.md §1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain C: a small copyable state, no allocation, no GObject. Seat 0 and
 * seat 1 each hide a code and guess the other's. In the one-sided variant
 * ("solo", classic Mastermind) seat 1 only sets a code and seat 0 only
 * guesses.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#define LOGIK_MIN_PLACES   4
#define LOGIK_MAX_PLACES   6
#define LOGIK_MIN_COLOURS  6
#define LOGIK_MAX_COLOURS  10
#define LOGIK_MIN_ROWS     6
#define LOGIK_MAX_ROWS     16
#define LOGIK_DEFAULT_PLACES  5
#define LOGIK_DEFAULT_COLOURS 8
#define LOGIK_DEFAULT_ROWS    10
/* Feedback (blacks, whites) packed as blacks * (LOGIK_MAX_PLACES + 1) + whites */
#define LOGIK_N_FEEDBACK   ((LOGIK_MAX_PLACES + 1) * (LOGIK_MAX_PLACES + 1))

typedef struct {
  uint8_t places;
  uint8_t colours;
  uint8_t rows;
  bool    solo;      /* only seat 0 guesses; seat 1 only sets the code */
} LogikOptions;

typedef struct {
  uint8_t peg[LOGIK_MAX_PLACES];   /* colour 0 … colours-1 */
} LogikCode;

typedef struct {
  uint8_t blacks;   /* right colour, right place */
  uint8_t whites;   /* right colour, wrong place */
} LogikScore;

typedef enum {
  LOGIK_RESULT_NONE,
  LOGIK_RESULT_WIN,        /* winner holds the seat */
  LOGIK_RESULT_DRAW,
} LogikResultKind;

typedef enum {
  LOGIK_END_NONE,
  LOGIK_END_SOLVED,        /* one seat solved the other's code */
  LOGIK_END_BOTH_SOLVED,   /* both in the same round: a draw */
  LOGIK_END_ROWS_USED,     /* every row used, nobody solved */
} LogikEnd;

typedef struct {
  LogikOptions opt;
  bool       has_code[2];
  LogikCode  code[2];                 /* code[s] is seat s's secret */
  uint8_t    n_guesses[2];
  LogikCode  guess[2][LOGIK_MAX_ROWS];
  LogikScore score[2][LOGIK_MAX_ROWS]; /* scored at once, shown when the round is complete */
  uint8_t    result;                  /* LogikResultKind */
  int8_t     winner;                  /* seat, when result is a win */
  uint8_t    end;                     /* LogikEnd */
} LogikState;

typedef enum {
  LOGIK_MOVE_CODE,
  LOGIK_MOVE_GUESS,
} LogikMoveKind;

typedef struct {
  LogikMoveKind kind;
  LogikCode     code;
} LogikMove;

typedef enum {
  LOGIK_OK = 0,
  LOGIK_ERR_SYNTAX,         /* not "code:…" or "guess:…" */
  LOGIK_ERR_LENGTH,         /* wrong number of places */
  LOGIK_ERR_COLOUR,         /* a letter outside the palette */
  LOGIK_ERR_WRONG_KIND,     /* a guess while codes are being set, or the reverse */
  LOGIK_ERR_GAME_OVER,
} LogikError;

bool        logik_options_valid   (const LogikOptions *opt);
void        logik_state_init      (LogikState *s, const LogikOptions *opt);

/* The seat to move, or -1 when the game is over. */
int         logik_current_seat    (const LogikState *s);
bool        logik_in_setup        (const LogikState *s);
/* Rounds whose feedback both seats may see. */
int         logik_rounds_revealed (const LogikState *s);
/* The seat that guesses seat's code, or -1 (the code maker's code is never guessed in solo) */
bool        logik_seat_guesses    (const LogikState *s, int seat);

LogikScore  logik_score           (const LogikCode *guess, const LogikCode *code, int places);

LogikError  logik_parse_move      (const LogikState *s, const char *text, LogikMove *move, int *bad_index);
LogikError  logik_check_move      (const LogikState *s, const LogikMove *move);
void        logik_apply           (LogikState *s, const LogikMove *move);
/* "code:ABCDE" / "guess:ABCDE"; buf holds at least 16 bytes */
void        logik_format_move     (const LogikState *s, const LogikMove *move, char *buf, size_t len);
/* "ABCDE" */
void        logik_format_code     (const LogikCode *code, int places, char *buf, size_t len);

/* Codes as numbers 0 … colours^places - 1, place 0 least significant. */
uint32_t    logik_n_codes         (int places, int colours);
uint32_t    logik_code_to_index   (const LogikCode *code, int places, int colours);
void        logik_code_from_index (uint32_t index, int places, int colours, LogikCode *code);
