/* emperor-rules.h — Emperor Chess, Simmins' chess-like game of 1900
 * (RULES.md §2)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain C for speed: a 10×10 mailbox with precomputed leaper and ray
 * tables, a copyable position (about 140 bytes), a legal move generator
 * that handles checks and pins without trying moves, copy-make, Zobrist
 * hashing, FEN and move notation. Squares are rank * 10 + file, a1 = 0,
 * j10 = 99.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EMP_SQUARES    100
#define EMP_MAX_MOVES  600
#define EMP_NO_SQUARE  0xFF
#define EMP_CLAIM_MOVES 50

#define EMP_SQ(file, rank) ((rank) * 10 + (file))
#define EMP_FILE(sq)       ((sq) % 10)
#define EMP_RANK(sq)       ((sq) / 10)

enum {
  EMP_WHITE = 0,
  EMP_BLACK = 1,
};

enum {
  EMP_EMPTY   = 0,
  EMP_PAWN    = 1,
  EMP_KNIGHT  = 2,
  EMP_BISHOP  = 3,
  EMP_ROOK    = 4,
  EMP_QUEEN   = 5,
  EMP_GENERAL = 6,
  EMP_KING    = 7,
};

#define EMP_PIECE(color, type) ((uint8_t) ((type) | ((color) << 3)))
#define EMP_TYPE(piece)        ((piece) & 7)
#define EMP_COLOR(piece)       ((piece) >> 3)

/* Castling rights */
enum {
  EMP_CASTLE_WK = 1,   /* White O-O:   king g1→i1, rook j1→h1 */
  EMP_CASTLE_WQ = 2,   /* White O-O-O: king g1→c1, rook a1→d1 */
  EMP_CASTLE_BK = 4,
  EMP_CASTLE_BQ = 8,
};

/* How a game ended, when the position itself says so */
typedef enum {
  EMP_END_NONE,
  EMP_END_CHECKMATE,
  EMP_END_STALEMATE,
  EMP_END_CASTLE,         /* emperor and three officers hold the castle */
  EMP_END_CLAIMS_FAILED,  /* both sides lost their claim: "the game is over" */
  EMP_END_FIFTY,          /* 100 half-moves without capture or pawn move */
  EMP_END_REPETITION,
} EmperorEnd;

/* A move: from, to, promotion piece type, flags */
typedef uint32_t EmperorMove;

enum {
  EMP_FLAG_EP     = 1,
  EMP_FLAG_CASTLE = 2,
  EMP_FLAG_DOUBLE = 4,
};

#define EMP_MOVE(from, to, promo, flags) \
  ((EmperorMove) ((from) | ((to) << 7) | ((promo) << 14) | ((flags) << 17)))
#define EMP_MOVE_FROM(m)   ((int) ((m) & 0x7F))
#define EMP_MOVE_TO(m)     ((int) (((m) >> 7) & 0x7F))
#define EMP_MOVE_PROMO(m)  ((int) (((m) >> 14) & 7))
#define EMP_MOVE_FLAGS(m)  ((int) (((m) >> 17) & 7))
#define EMP_MOVE_NONE      ((EmperorMove) 0)

typedef struct {
  uint8_t  board[EMP_SQUARES];
  uint8_t  side;          /* to move */
  uint8_t  castling;
  uint8_t  ep;            /* en passant target square, or EMP_NO_SQUARE */
  uint8_t  halfmove;      /* since the last capture or pawn move */
  uint16_t fullmove;
  uint8_t  king[2];
  /* the castle game */
  int8_t   claimant;      /* the side with the claim to the castle, -1 none */
  uint8_t  claim_left;    /* the claimant's own moves left to enter */
  uint8_t  entered;       /* a king has entered the castle in this game */
  uint8_t  failed;        /* bit per side: lost its claim */
  /* result, when make() or the game decided it */
  uint8_t  end;           /* EmperorEnd */
  int8_t   winner;        /* side, or -1 for a draw */
  uint8_t  repetitions;   /* times this position has been seen (the game keeps it) */
  uint64_t hash;
} EmperorPos;

typedef enum {
  EMP_FEN_OK,
  EMP_FEN_SYNTAX,       /* not ten ranks of ten squares, a bad field */
  EMP_FEN_KINGS,        /* not exactly one king each */
  EMP_FEN_PAWNS,        /* a pawn on the first or last rank */
  EMP_FEN_CASTLING,     /* a castling right without its king and rook */
  EMP_FEN_EN_PASSANT,   /* an en passant square no pawn can have made */
  EMP_FEN_CHECK,        /* the side not to move is in check */
  EMP_FEN_CLAIM,        /* the castle fields do not fit */
  EMP_FEN_CHECKERS,     /* the side to move is checked by more than two pieces */
} EmperorFenError;

/* The largest full-move number; the counter stops there. */
#define EMP_MAX_FULLMOVE 65535

#define EMP_START_FEN "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR w KQkq - 0 1"

void            emperor_init            (void);

/* FEN: Fairy-Stockfish's six fields, optionally followed by our four:
 * claimant (w, b or -), its moves left (0–50), whether a king has entered
 * the castle (0 or 1), which claims have failed (-, w, b or wb). */
EmperorFenError emperor_from_fen        (EmperorPos *pos, const char *fen);
void            emperor_to_fen          (const EmperorPos *pos, char *buf, size_t len, bool castle_fields);

/* Legal moves; none once the game is decided by the castle rules. */
int             emperor_gen_legal       (const EmperorPos *pos, EmperorMove *moves);
void            emperor_make            (EmperorPos *pos, EmperorMove move);
bool            emperor_in_check        (const EmperorPos *pos);
bool            emperor_is_emperor      (const EmperorPos *pos, int side);
bool            emperor_is_immune       (const EmperorPos *pos, int side);
bool            emperor_is_castle       (int sq);
bool            emperor_is_fort         (int sq);
bool            emperor_attacked        (const EmperorPos *pos, int sq, int by);
int             emperor_officers        (const EmperorPos *pos, int side);
/* The result of the position: the castle rules (from make), checkmate,
 * stalemate, the hundred half-moves, repetition (from the game). */
EmperorEnd      emperor_outcome         (const EmperorPos *pos, int *winner);

uint64_t        emperor_perft           (const EmperorPos *pos, int depth);

/* Long algebraic notation: e2e4, g1i1, c9c10q */
void            emperor_move_to_uci     (EmperorMove move, char *buf, size_t len);
/* Finds the legal move written in long algebraic notation. */
EmperorMove     emperor_move_from_uci   (const EmperorPos *pos, const char *text);
/* Standard algebraic notation, with + and #: Nc3, exd5, c10=Q+, O-O */
void            emperor_move_to_san     (const EmperorPos *pos, EmperorMove move, char *buf, size_t len);
/* Square names: a1 … j10 */
void            emperor_square_name     (int sq, char *buf);
int             emperor_parse_square    (const char *text, int *consumed);
