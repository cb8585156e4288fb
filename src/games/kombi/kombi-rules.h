/* kombi-rules.h — Kombi, the combinatorial logic game of Hungarian patent
 * 180181 (RULES.md §5)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain C for speed. A sector set is a 7-bit mask, bit s for sector s + 1
 * (code mark 51 + s). The 35 game fields are the 3-of-7 sector sets in the
 * patent's order (field 1 = {1,2,3} … field 35 = {5,6,7}); a set of fields
 * is a 64-bit mask, bit f for field f + 1.
 *
 * Seats take roles: the first field_players roles are the field players
 * (in their turn order), the next task_players the task players (upper,
 * then lower task field). In game g of a match, role r is played by seat
 * (r + g) mod seats, so every seat plays every role once. A game is
 * claim, task turn, claim, task turn …; it ends after the task turn that
 * follows the last claim. The next game of a match begins with its first
 * claim, so the finished board stays in view until then.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KOMBI_SECTORS            7
#define KOMBI_FIELDS             35
#define KOMBI_MARKED             3     /* sectors marked on a game field, markers on a task field */
#define KOMBI_MAX_FIELD_PLAYERS  3
#define KOMBI_MAX_TASK_PLAYERS   2
#define KOMBI_MAX_SEATS          (KOMBI_MAX_FIELD_PLAYERS + KOMBI_MAX_TASK_PLAYERS)
#define KOMBI_DEFAULT_LIMIT      12    /* claims in a game [reconstructed] */
#define KOMBI_MAX_SHIFTS         2
#define KOMBI_NO_OWNER           0xff
#define KOMBI_FIRST_CODE         51    /* the code mark of sector 1 */
/* A bound on the legal moves of any position: every field, or every
 * sector set a task field can take. */
#define KOMBI_MAX_MOVES          KOMBI_FIELDS

enum { KOMBI_UPPER, KOMBI_LOWER };

typedef struct {
  /* the options */
  uint8_t  field_players;   /* 1–3 */
  uint8_t  task_players;    /* 1–2 */
  uint8_t  limit;           /* claims in a game, 1–35 */
  uint8_t  shifts;          /* markers a task player may move in a turn: 1 or 2 */
  uint8_t  games;           /* 1 (a single game) or one per seat (a match) */
  /* the game being played (or the one just over) */
  uint8_t  game;            /* 0-based */
  uint8_t  claims;          /* claims made in it */
  uint8_t  task_turns;      /* task turns played in it: claims or claims - 1 */
  uint8_t  marks[KOMBI_MAX_TASK_PLAYERS];  /* sector sets; 0 until first marked */
  uint8_t  owner[KOMBI_FIELDS];            /* the field role covering it, or KOMBI_NO_OWNER */
  uint64_t claimed;
  /* the match so far: each finished game's field value by seat */
  uint8_t  values[KOMBI_MAX_SEATS][KOMBI_MAX_SEATS];   /* [game][seat] */
  uint16_t totals[KOMBI_MAX_SEATS];
} KombiPos;

/* A move: a claim of a field, or the sector set a task field is given
 * (its first marking, or the set after its markers moved). */
typedef uint16_t KombiMove;
#define KOMBI_MOVE_NONE          0
#define KOMBI_MOVE_CLAIM(field)  ((KombiMove) (0x100 | (field)))
#define KOMBI_MOVE_MARKS(set)    ((KombiMove) (0x200 | (set)))
#define KOMBI_MOVE_IS_CLAIM(m)   (((m) & 0x300) == 0x100)
#define KOMBI_MOVE_IS_MARKS(m)   (((m) & 0x300) == 0x200)
#define KOMBI_MOVE_FIELD(m)      ((m) & 0xff)
#define KOMBI_MOVE_SET(m)        ((m) & 0x7f)

/* The sectors of each field (patent order), and the field of a 3-sector
 * set (-1 for any other set). */
extern const uint8_t kombi_field_sectors[KOMBI_FIELDS];
int      kombi_field_of_set      (uint8_t set);

bool     kombi_valid_options     (int field_players, int task_players, int limit, int shifts, bool match);
void     kombi_init              (KombiPos *pos, int field_players, int task_players,
                                  int limit, int shifts, bool match);

static inline int
kombi_seats (const KombiPos *pos)
{
  return pos->field_players + pos->task_players;
}

/* Roles and seats in game g */
static inline int
kombi_role_seat (const KombiPos *pos,
                 int             game,
                 int             role)
{
  return (role + game) % kombi_seats (pos);
}

static inline int
kombi_seat_role (const KombiPos *pos,
                 int             game,
                 int             seat)
{
  int n = kombi_seats (pos);

  return ((seat - game) % n + n) % n;
}

/* Is the current game over (its last task turn played)? */
static inline bool
kombi_game_over (const KombiPos *pos)
{
  return pos->claims >= pos->limit && pos->task_turns == pos->claims;
}

/* Is the whole match (or the single game) over? */
static inline bool
kombi_match_over (const KombiPos *pos)
{
  return kombi_game_over (pos) && pos->game + 1 >= pos->games;
}

/* Is the next move a task turn (of the current game)? */
static inline bool
kombi_task_to_move (const KombiPos *pos)
{
  return pos->task_turns < pos->claims;
}

/* The role to move (the next game's first field player between two games
 * of a match), -1 once the match is over. */
int      kombi_role_to_move      (const KombiPos *pos);
/* The seat to move, -1 once the match is over. */
int      kombi_seat_to_move      (const KombiPos *pos);
/* The task field a task role works on (role - field_players). */
static inline int
kombi_task_field_of_role (const KombiPos *pos,
                          int             role)
{
  return role - pos->field_players;
}

/* Matches and values, with the markers as they stand */
int      kombi_match             (uint8_t field_sectors, uint8_t task_set);
int      kombi_field_value       (const KombiPos *pos, int field);
/* The total value of a field role's fields in the current game. */
int      kombi_role_value        (const KombiPos *pos, int role);
/* A seat's total over the match, the current game counted once it is over. */
int      kombi_seat_total        (const KombiPos *pos, int seat);

int      kombi_gen_moves         (const KombiPos *pos, KombiMove *moves);
bool     kombi_is_legal          (const KombiPos *pos, KombiMove move);
/* Plays a legal move; a claim between two games starts the next one. */
void     kombi_make              (KombiPos *pos, KombiMove move);
uint64_t kombi_perft             (const KombiPos *pos, int depth);

/* Notation: claim:17, mark:1,4,6, shift:4-7 or shift:4-7,6-2 (sectors
 * 1–7). Text gives the canonical spelling (sectors in rising order). */
void      kombi_move_to_text     (const KombiPos *pos, KombiMove move, char *buf, size_t len);

typedef enum {
  KOMBI_PARSE_OK,
  KOMBI_PARSE_SYNTAX,        /* not claim:N, mark:A,B,C or shift:A-B[,C-D] */
  KOMBI_PARSE_OVER,          /* the match is over */
  KOMBI_PARSE_NOT_FIELD_TURN,/* a claim on a task turn */
  KOMBI_PARSE_NOT_TASK_TURN, /* a mark or shift on a field turn */
  KOMBI_PARSE_NO_FIELD,      /* claim of a field outside 1–35 */
  KOMBI_PARSE_COVERED,       /* claim of a covered field */
  KOMBI_PARSE_MARK_COUNT,    /* mark of other than three different sectors */
  KOMBI_PARSE_MARKED_BEFORE, /* mark of a task field already marked: shift */
  KOMBI_PARSE_NOT_MARKED,    /* shift on a task field never marked: mark */
  KOMBI_PARSE_TOO_MANY,      /* more markers moved than the option allows */
  KOMBI_PARSE_NO_MARKER,     /* shift from a sector with no marker */
  KOMBI_PARSE_TAKEN,         /* shift onto a sector marked at the start of the turn */
  KOMBI_PARSE_MOVED_TWICE,   /* shift of the same marker twice */
  KOMBI_PARSE_ONTO_ONE,      /* shift of two markers onto one sector */
} KombiParseError;

/* Reads a move for the position; on error returns KOMBI_MOVE_NONE and
 * says why (detail: the field or sector at fault, 1-based, or 0). */
KombiMove kombi_move_from_text   (const KombiPos *pos, const char *text,
                                  KombiParseError *error, int *detail);

/* Positions as text, for the CLI and tests:
 *   F T LIMIT SHIFTS GAMES GAME TURN FIELDS UPPER LOWER
 * F, T: field and task players; GAMES 1 or F+T; GAME 1-based; TURN f
 * (field player), t (task player) or - (this game is over); FIELDS the
 * covered fields as 17a,3b… (field, owner role a–c) or -; UPPER and LOWER
 * the marked sectors as 146 or -. The match's earlier games are not kept. */
typedef enum {
  KOMBI_TEXT_OK,
  KOMBI_TEXT_SYNTAX,
  KOMBI_TEXT_OPTIONS,     /* players, limit, shifts or games out of range */
  KOMBI_TEXT_FIELDS,      /* a field twice, out of 1–35, or an owner out of range */
  KOMBI_TEXT_TURNS,       /* claims, owners, turn and markers do not fit the turn order */
} KombiTextError;

KombiTextError kombi_from_text   (KombiPos *pos, const char *text);
void           kombi_to_text     (const KombiPos *pos, char *buf, size_t len);

/* A 64-bit key of the position of the current game (not of the match). */
uint64_t kombi_hash              (const KombiPos *pos);
