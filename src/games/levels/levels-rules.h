/* levels-rules.h — Levels, Yakov Feldman's "Level Theory" game (RULES.md §4)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain C for speed. The board is 9×9, 12×12 or 15×15 cells, framed in
 * squares of 3×3; cell (file x, rank y) is y * size + x, a1 = 0. Each
 * player starts with one piece of every level 1–8, so piece i has level
 * i % 8 + 1 for the whole game (a piece changes colour, never level).
 * Fields of view come from tables (never blocked by other pieces); blocks
 * are trees kept as each piece's dominator, one level higher. A position
 * is a few hundred bytes and is copied, not undone.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LVL_MIN_SIZE      9
#define LVL_MAX_SIZE      15
#define LVL_MAX_CELLS     (LVL_MAX_SIZE * LVL_MAX_SIZE)
#define LVL_MIN_PLAYERS   2
#define LVL_MAX_PLAYERS   4
#define LVL_LEVELS        8
#define LVL_MAX_PIECES    (LVL_LEVELS * LVL_MAX_PLAYERS)
#define LVL_NO_CELL       255
#define LVL_QUIET_LIMIT   100    /* turns without a destruction or a colour change end the game */
#define LVL_REPEAT_WINDOW 100    /* the turns looked back on for a repetition */
/* Captures can be undone by captures, so neither rule above has to end a
 * game: after this many turns in all, it ends anyway. */
#define LVL_TURN_LIMIT    500
/* A bound on the legal actions of any position: every piece to every
 * empty cell, every block by every vector, turns, states, releases. */
#define LVL_MAX_MOVES     24576

/* Directions of rays, clockwise from north (up the board, rank 1 at the
 * bottom): n ne e se s sw w nw. */
enum { LVL_N, LVL_NE, LVL_E, LVL_SE, LVL_S, LVL_SW, LVL_W, LVL_NW, LVL_DIRS };

extern const int8_t levels_dir_dx[LVL_DIRS];
extern const int8_t levels_dir_dy[LVL_DIRS];

/* A set of cells: a bit per cell. */
typedef struct {
  uint64_t w[4];
} LevelsSet;

static inline bool
levels_set_has (const LevelsSet *s,
                int              cell)
{
  return (s->w[cell >> 6] >> (cell & 63)) & 1;
}

static inline void
levels_set_add (LevelsSet *s,
                int        cell)
{
  s->w[cell >> 6] |= 1ull << (cell & 63);
}

static inline void
levels_set_remove (LevelsSet *s,
                   int        cell)
{
  s->w[cell >> 6] &= ~(1ull << (cell & 63));
}

int  levels_set_count (const LevelsSet *s);

typedef struct {
  uint8_t cell;    /* LVL_NO_CELL once destroyed */
  uint8_t colour;  /* the player it belongs to now */
  uint8_t state;   /* the level it sees as: its own, or 1/3/5 for level 7, 2/4/6 for level 8 */
  uint8_t dir;     /* the ray's direction, when it sees as level 3 or 4 (else 0) */
  int8_t  dom;     /* the piece dominating it in its block, or -1 */
} LevelsPiece;

static inline int
levels_piece_level (int piece)
{
  return piece % LVL_LEVELS + 1;
}

typedef enum {
  LVL_END_NONE,
  LVL_END_ONE_COLOUR,   /* Feldman's end: only one colour is left on the board */
  LVL_END_NO_ACTION,    /* nobody who has pieces can act: all pass in a row */
  LVL_END_REPETITION,   /* the same position for the third time within LVL_REPEAT_WINDOW turns */
  LVL_END_QUIET,        /* LVL_QUIET_LIMIT turns without a destruction or a colour change */
  LVL_END_TURN_LIMIT,   /* LVL_TURN_LIMIT turns in all */
} LevelsEnd;

typedef struct {
  LevelsPiece piece[LVL_MAX_PIECES];
  uint8_t     board[LVL_MAX_CELLS];   /* the piece on a cell + 1, or 0 */
  LevelsSet   occupied;
  uint64_t    hash;
  uint8_t     size;
  uint8_t     players;
  uint8_t     to_move;
  uint8_t     end;                    /* LevelsEnd */
  uint8_t     quiet;                  /* turns since the last destruction or colour change */
  uint8_t     changed;                /* the last action destroyed or recoloured a piece */
  uint16_t    turns;                  /* turns played since the start */
} LevelsPos;

/* A position and the hashes of the positions before it, the last
 * LVL_REPEAT_WINDOW of them (a ring): what a game needs to see a
 * repetition. A colour change can be undone by the next capture, so a
 * position may come again after any action. */
typedef struct {
  LevelsPos pos;
  uint8_t   n_history;
  uint8_t   next;
  uint64_t  history[LVL_REPEAT_WINDOW];
} LevelsGame;

/* An action: kind, the cell acted from, the cell acted on, an argument.
 * A block move names the cell of one member (the root, when generated)
 * and where that member lands. */
typedef uint32_t LevelsMove;

typedef enum {
  LVL_ACT_MOVE = 1,     /* c3-e5: a piece alone to a cell it sees */
  LVL_ACT_BLOCK,        /* c3=e5: its whole block, rigidly */
  LVL_ACT_DESTROY,      /* c3xe7 */
  LVL_ACT_TURN,         /* c3>ne: arg the direction */
  LVL_ACT_STATE,        /* c3@3ne: arg the state | direction << 4 */
  LVL_ACT_RELEASE,      /* c3/ */
} LevelsAction;

#define LVL_MOVE_NONE            ((LevelsMove) 0)
#define LVL_MOVE(kind, from, to, arg) \
  ((LevelsMove) (((uint32_t) (kind) << 24) | ((uint32_t) (arg) << 16) | ((uint32_t) (to) << 8) | (uint32_t) (from)))
#define LVL_MOVE_KIND(m)         ((int) ((m) >> 24))
#define LVL_MOVE_FROM(m)         ((int) ((m) & 0xff))
#define LVL_MOVE_TO(m)           ((int) (((m) >> 8) & 0xff))
#define LVL_MOVE_ARG(m)          ((int) (((m) >> 16) & 0xff))
#define LVL_STATE_ARG(state, dir) ((state) | ((dir) << 4))

bool       levels_valid_board     (int size, int players);
/* The start: RULES.md's eight pieces per player on their own edge. */
void       levels_init            (LevelsPos *pos, int size, int players);

static inline int
levels_piece_at (const LevelsPos *pos,
                 int              cell)
{
  return pos->board[cell] - 1;
}

/* What a piece sees (its own cell included), and what it would see as
 * state/direction on a cell: for the view and the tests. */
const LevelsSet *levels_view      (const LevelsPos *pos, int piece);
const LevelsSet *levels_view_as   (int size, int cell, int state, int dir);
/* The block's root, its members (a bit per piece) and its field of view. */
int        levels_root            (const LevelsPos *pos, int piece);
uint32_t   levels_block_members   (const LevelsPos *pos, int piece);
void       levels_block_view      (const LevelsPos *pos, int piece, LevelsSet *view);
/* Pieces on the board, of one colour or of all (colour -1). */
int        levels_count_pieces    (const LevelsPos *pos, int colour);
/* Can the player act at all? (A player with only level-1 pieces cannot.) */
bool       levels_can_act         (const LevelsPos *pos, int player);

int        levels_gen_moves       (const LevelsPos *pos, LevelsMove *moves);
/* Is the action legal? A block move may name any member of the block. */
bool       levels_is_legal        (const LevelsPos *pos, LevelsMove move);
/* The canonical form of a legal action (block moves named by the root). */
LevelsMove levels_canonical       (const LevelsPos *pos, LevelsMove move);
/* Plays a legal action: the action, the blocks it forms, the colours, the
 * next player who can act, the end. */
void       levels_make            (LevelsPos *pos, LevelsMove move);
/* The end and the winner (-1 for a draw) once pos->end is set. */
LevelsEnd  levels_outcome         (const LevelsPos *pos, int *winner);

void       levels_game_init       (LevelsGame *game, const LevelsPos *start);
/* levels_make, and the end by repetition. */
void       levels_game_play       (LevelsGame *game, LevelsMove move);

uint64_t   levels_perft           (const LevelsPos *pos, int depth);

/* Cells as a1 … o15; actions as c3-e5, c3=e5, c3xe7, c3>ne, c3@5, c3@3ne,
 * c3/. */
void       levels_cell_name       (const LevelsPos *pos, int cell, char *buf, size_t len);
/* A cell's name at the start of text; returns the characters read, 0 if none. */
int        levels_parse_cell      (int size, const char *text, int *cell);
const char *levels_dir_name       (int dir);
void       levels_move_to_text    (const LevelsPos *pos, LevelsMove move, char *buf, size_t len);
/* Parses the notation without looking at the pieces: false if it is not
 * an action's notation on this board. */
bool       levels_parse_move      (const LevelsPos *pos, const char *text, LevelsMove *move);
/* A legal action of the position written in notation, or LVL_MOVE_NONE. */
LevelsMove levels_move_from_text  (const LevelsPos *pos, const char *text);

/* A position as text: "SIZE PLAYERS TURN PIECES [QUIET [TURNS]]", e.g.
 * "9 2 a a1a2,b1a4n,…,f1a7@1,…,h1a3n^g1 0 0". Each piece is its cell, its
 * colour a–d, its level, then a direction (levels 3 and 4) or "@" and a
 * state with a direction for states 3 and 4 (levels 7 and 8), then "^"
 * and the cell of its dominator if it has one. Written in cell order. */
typedef enum {
  LVL_TEXT_OK,
  LVL_TEXT_SYNTAX,      /* not the fields above (QUIET and TURNS up to their limits) */
  LVL_TEXT_BOARD,       /* a size other than 9, 12, 15, or 2–4 players */
  LVL_TEXT_PIECE,       /* a cell off the board or taken twice, a colour or level out of range */
  LVL_TEXT_COUNT,       /* more pieces of one level than there are players */
  LVL_TEXT_ORIENT,      /* a direction or state the level cannot have */
  LVL_TEXT_BLOCK,       /* a dominator that is not one level higher, or a colour not its root's */
} LevelsTextError;

LevelsTextError levels_from_text  (LevelsPos *pos, const char *text);
void            levels_to_text    (const LevelsPos *pos, char *buf, size_t len);
#define LVL_TEXT_MAX 1024
