/* fuzz-fen.c — libFuzzer target for the Emperor Chess FEN reader: any
 * text is a position or an error, and a position it accepts is one the
 * rest of the engine can work with.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "games/emperor/emperor-rules.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* abort (), not g_error (): libFuzzer keeps the input of an abort */
#define FAIL(...) (g_printerr (__VA_ARGS__), g_printerr ("\n"), abort ())

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  EmperorPos pos, again;
  EmperorMove moves[EMP_MAX_MOVES];
  char fen[256], fen_again[256];
  int n, winner;

  emperor_init ();
  if (emperor_from_fen (&pos, text) != EMP_FEN_OK)
    return 0;

  /* written out and read back: the same position */
  emperor_to_fen (&pos, fen, sizeof fen, true);
  if (emperor_from_fen (&again, fen) != EMP_FEN_OK)
    FAIL ("“%s” was read, but its own FEN “%s” is refused", text, fen);
  emperor_to_fen (&again, fen_again, sizeof fen_again, true);
  g_assert (strcmp (fen, fen_again) == 0);
  g_assert (again.hash == pos.hash);

  /* every move can be written, found again, and made; and the result of
   * the position can be asked */
  emperor_outcome (&pos, &winner);
  n = emperor_gen_legal (&pos, moves);
  g_assert (n >= 0 && n <= EMP_MAX_MOVES);
  for (int i = 0; i < n; i++)
    {
      EmperorPos next = pos;
      char uci[16], san[32];

      emperor_move_to_uci (moves[i], uci, sizeof uci);
      emperor_move_to_san (&pos, moves[i], san, sizeof san);
      g_assert (emperor_move_from_uci (&pos, uci) == moves[i]);
      emperor_make (&next, moves[i]);
      emperor_outcome (&next, &winner);
      emperor_to_fen (&next, fen, sizeof fen, true);
    }
  return 0;
}
