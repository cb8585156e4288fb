/* spiderweb-rules.h — Spider Web, Hegeler's web game of 1906 (RULES.md §3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain C for speed: the web's nodes are the bits of a 64-bit mask (at
 * most 6 rings of 8), a copyable position of about 80 bytes, move
 * generation, make with the removal of enclosed pieces, the end and the
 * score, Zobrist hashing, notation and a position text for tests and the
 * command line. Node (ring r, spoke s) is r * spokes + s; ring 0 is the
 * innermost polygon, which is not joined to the spider in the centre.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SPW_MIN_RINGS      3
#define SPW_MAX_RINGS      6
#define SPW_MAX_SPOKES     8
#define SPW_MAX_NODES      (SPW_MAX_RINGS * SPW_MAX_SPOKES)
#define SPW_MIN_PLAYERS    2
#define SPW_MAX_PLAYERS    4
#define SPW_MAX_MOVES      64     /* a placement per node, or 12 pieces × 4 lines */
#define SPW_QUIET_LIMIT    100    /* moving turns without a removal end the game */
#define SPW_MIN_EMPTY      6      /* nodes left empty when every piece is placed */
#define SPW_PIECES_LEFT_LOSE 2    /* a player down to this many has lost */

typedef enum {
  SPW_PLACING,
  SPW_MOVING,
  SPW_OVER,
} SpiderwebPhase;

typedef enum {
  SPW_END_NONE,
  SPW_END_TWO_LEFT,     /* the patent's end: a player has two pieces left */
  SPW_END_NO_MOVES,     /* nobody can move */
  SPW_END_REPETITION,   /* the same position for the third time */
  SPW_END_QUIET,        /* SPW_QUIET_LIMIT moving turns without a removal */
} SpiderwebEnd;

/* A move: a placement on a node, or a step from a node to the next. */
typedef uint16_t SpiderwebMove;

#define SPW_MOVE_NONE          ((SpiderwebMove) 0)
#define SPW_PLACE(to)          ((SpiderwebMove) (0x4000 | (to)))
#define SPW_STEP(from, to)     ((SpiderwebMove) (0x8000 | ((from) << 6) | (to)))
#define SPW_MOVE_IS_PLACE(m)   (((m) & 0x4000) != 0)
#define SPW_MOVE_FROM(m)       ((int) (((m) >> 6) & 63))
#define SPW_MOVE_TO(m)         ((int) ((m) & 63))

typedef struct {
  uint64_t pieces[SPW_MAX_PLAYERS];  /* a bit per node, per player */
  uint64_t removed;                  /* the nodes the last move's removal emptied */
  uint64_t hash;
  uint8_t  rings;
  uint8_t  spokes;
  uint8_t  players;
  uint8_t  to_move;
  uint8_t  phase;                    /* SpiderwebPhase */
  uint8_t  end;                      /* SpiderwebEnd, when the phase is SPW_OVER */
  uint8_t  quiet;                    /* moving turns since the last removal */
  uint8_t  in_hand[SPW_MAX_PLAYERS]; /* not placed yet */
  uint8_t  aside[SPW_MAX_PLAYERS];   /* still in hand when nobody could place */
  uint8_t  lost[SPW_MAX_PLAYERS];    /* removed from the board */
  uint8_t  taken[SPW_MAX_PLAYERS];   /* removals counted to this player */
} SpiderwebPos;

/* A position and the ones before it since the last removal: what a game
 * needs to see a repetition. */
typedef struct {
  SpiderwebPos pos;
  uint8_t      n_history;
  uint64_t     history[SPW_QUIET_LIMIT + 1];
} SpiderwebGame;

/* The pieces each player gets: 12, 8 or 6 for 2, 3 or 4 players (the
 * patent's 12 for two; RULES.md for more), fewer on a web too small to
 * leave SPW_MIN_EMPTY nodes empty. */
int           spiderweb_pieces_each   (int rings, int spokes, int players);
bool          spiderweb_valid_board   (int rings, int spokes, int players);

void          spiderweb_init          (SpiderwebPos *pos, int rings, int spokes, int players);
int           spiderweb_n_nodes       (const SpiderwebPos *pos);
/* The nodes joined to a node by a line (ring or spoke). */
uint64_t      spiderweb_neighbours    (const SpiderwebPos *pos, int node);
uint64_t      spiderweb_occupied      (const SpiderwebPos *pos);
/* The player on a node, or -1. */
int           spiderweb_owner         (const SpiderwebPos *pos, int node);
/* On the board and in hand (pieces set aside are out of play). */
int           spiderweb_pieces_left   (const SpiderwebPos *pos, int player);
/* The pieces that have no empty neighbouring node (none, after a move). */
uint64_t      spiderweb_enclosed      (const SpiderwebPos *pos);
/* What a move would remove, before it is made: for the view. */
uint64_t      spiderweb_would_remove  (const SpiderwebPos *pos, SpiderwebMove move);
/* Empty nodes all of whose neighbours hold pieces of the player. */
uint64_t      spiderweb_castles       (const SpiderwebPos *pos, int player);

int           spiderweb_gen_moves     (const SpiderwebPos *pos, SpiderwebMove *moves);
bool          spiderweb_is_legal      (const SpiderwebPos *pos, SpiderwebMove move);
/* Plays a legal move: removal, the next player (skipping one who cannot
 * move), the end of the placing phase, the end of the game. */
void          spiderweb_make          (SpiderwebPos *pos, SpiderwebMove move);
SpiderwebEnd  spiderweb_outcome       (const SpiderwebPos *pos, int *winner);
/* The patent's points for the winner of a two-player game: the pieces
 * the loser lost, less those the loser took. */
int           spiderweb_points        (const SpiderwebPos *pos);
/* Players by pieces left, most first; places[i] is the rank (0 first,
 * equal counts share a rank). */
void          spiderweb_ranking       (const SpiderwebPos *pos, int *order, int *places);

void          spiderweb_game_init     (SpiderwebGame *game, const SpiderwebPos *start);
/* spiderweb_make, and the end by repetition. */
void          spiderweb_game_play     (SpiderwebGame *game, SpiderwebMove move);

uint64_t      spiderweb_perft         (const SpiderwebPos *pos, int depth);

/* Nodes as "r.s" (0-based ring and spoke); moves as place:2.5 and
 * move:2.5-3.5. */
void          spiderweb_node_name     (const SpiderwebPos *pos, int node, char *buf, size_t len);
void          spiderweb_move_to_text  (const SpiderwebPos *pos, SpiderwebMove move, char *buf, size_t len);
/* A legal move of the position written in notation, or SPW_MOVE_NONE. */
SpiderwebMove spiderweb_move_from_text (const SpiderwebPos *pos, const char *text);
/* Parses the notation without looking at the position: false if it is
 * not "place:r.s" or "move:r.s-r.s" on this web. */
bool          spiderweb_parse_move    (const SpiderwebPos *pos, const char *text, SpiderwebMove *move);

/* A position as text: "RxS BOARD TURN HAND LOST [TAKEN [ASIDE [QUIET]]]",
 * e.g. "4x8 a......./......../......../........ b 11,12 0,0": the board
 * ring by ring from the innermost, '.' empty and a–d the players; TURN a–d;
 * the others one number per player. The phase follows from the pieces in
 * hand. */
typedef enum {
  SPW_TEXT_OK,
  SPW_TEXT_SYNTAX,      /* not the fields above */
  SPW_TEXT_BOARD,       /* rings or spokes out of range, or too few nodes for the pieces */
  SPW_TEXT_COUNTS,      /* more pieces than a player has */
  SPW_TEXT_ENCLOSED,    /* a piece without an empty neighbour stands on the web */
} SpiderwebTextError;

SpiderwebTextError spiderweb_from_text (SpiderwebPos *pos, const char *text);
void               spiderweb_to_text   (const SpiderwebPos *pos, char *buf, size_t len);
