/* emperor-perft.h — positions whose perft counts Fairy-Stockfish 11.1 gave
 * (../shared/data/emperor-fairy.ini): the tests check them, the benchmark
 * times both programs on them. Kings are far enough from the castle that
 * the castle rules (which Fairy-Stockfish does not know) change no count up
 * to depth 5: at most the claimant's king steps in on the last ply.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>

typedef struct {
  const char *name;
  const char *fen;
  uint64_t    nodes[6];   /* nodes[d] = perft(d), d = 1 … 5 */
} EmperorPerftPosition;

static const EmperorPerftPosition emperor_perft_positions[] = {
  { "start",
    "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR w KQkq - 0 1",
    { 0, 24, 576, 15380, 409841, 12182291 } },
  { "castling-all",
    "r5k2r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R5K2R w KQkq - 0 1",
    { 0, 31, 961, 29202, 887364, 26518250 } },
  { "castling-black",
    "r1b3k2r/3g1pg1pp/2n3p3/p1ppB2p2/4p5/Pp6P1/2PnP1B2P/5P3R/2Q3PP2/RN1G2GKN1 b kq - 7 41",
    { 0, 49, 2957, 143132, 8427406, 410690937 } },
  { "castling-attacked",
    "r5k2r/10/10/10/10/10/10/5q4/10/R5K2R w KQkq - 0 1",
    { 0, 26, 1434, 35270, 1904716, 50440852 } },
  { "en-passant",
    "4b2kn1/r9/np1pgp4/2pg2pPpP/1b2p5/p3P4P/Pq4P3/6NR1N/r1R1GP1K2/5G1B2 w - i8 0 59",
    { 0, 51, 3349, 164179, 10711542, 523289065 } },
  { "en-passant-pin",
    "4k5/10/10/K2Pp4r/10/10/10/10/10/10 w - e8 0 1",
    { 0, 6, 113, 815, 16904, 115940 } },
  { "promotion",
    "rn4g1nr/p1Pp3k2/4g1p2p/1p5pp1/4pp4/3BPb2P1/1PP2P3P/B6QP1/P2K6/R3G1G1R1 w - - 1 39",
    { 0, 65, 2507, 154533, 6092666, 365608515 } },
  { "promotion-black",
    "rnN1gk1b2/5gp2p/2p1Gp1p2/10/1p3P1B2/P3p5/2PP2r2P/P1N7/7Kp1/R3GQ4 b - - 0 53",
    { 0, 46, 2628, 117325, 6650043, 298010614 } },
  { "promotion-capture",
    "1r8/P8k/10/10/10/10/10/10/p9/K9 w - - 0 1",
    { 0, 11, 159, 1666, 28225, 497852 } },
  { "check",
    "6Nk2/4n3bQ/b2rpr2n1/P1Pg1Bpp1P/3g6/2P3P2P/3P1p4/7P2/1B2G4R/RN3G1K2 w - - 2 57",
    { 0, 10, 473, 28517, 1279357, 76792268 } },
  { "check-black",
    "1ng2g1k2/r3pp2Q1/8rn/pp1N4p1/3p2p1pp/5P4/P1P3PPB1/qP1P1RR2K/1b2P4P/10 b - - 2 55",
    { 0, 4, 156, 7929, 312171, 16302875 } },
  { "double-check",
    "k9/10/4r5/10/10/10/10/3n6/10/4K5 w - - 0 1",
    { 0, 3, 87, 274, 7457, 38210 } },
  { "pins",
    "3k6/3q6/10/10/10/10/3N6/1b8/2G7/3K6 w - - 0 1",
    { 0, 5, 185, 3239, 127287, 2077455 } },
  { "generals",
    "g3k4g/2gg6/10/10/10/10/10/10/2GG6/G3K4G w - - 0 1",
    { 0, 23, 529, 12604, 300304, 7419372 } },
};
