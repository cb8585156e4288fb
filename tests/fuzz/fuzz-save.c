/* fuzz-save.c — libFuzzer target for the save loader: any bytes must give a
 * game or a GError, never a crash, a leak or a hang.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Build and run (see tests/fuzz/README):
 *   CC=clang meson setup _fuzz -Dfuzzing=true -Dui_tests=false --buildtype=debug \
 *     -Db_sanitize=address,undefined
 *   ninja -C _fuzz tests/fuzz-save
 *   _fuzz/tests/fuzz-save tests/data/good tests/data/bad src/games/GAME/tests/data/good … \
 *     -dict=tests/fuzz/save.dict -max_total_time=300   (the good and bad saves of each GAME)
 */
#include <glib.h>
#include <libxml/parser.h>

#include "core/ludo-save.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  GError *error = NULL;
  LudoGame *game = ludo_save_read_data ((const char *) data, size, &error);

  /* exactly one of the two */
  g_assert ((game == NULL) != (error == NULL));
  if (game)
    {
      /* what loads, saves and loads again to the same moves */
      gsize length;
      char *again = ludo_save_to_data (game, &length);
      LudoGame *reloaded = ludo_save_read_data (again, length, NULL);
      g_assert (reloaded != NULL);
      g_assert (ludo_game_get_n_moves (reloaded) == ludo_game_get_n_moves (game));
      g_object_unref (reloaded);
      g_free (again);
      g_object_unref (game);
    }
  g_clear_error (&error);
  return 0;
}
