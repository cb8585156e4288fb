/* fuzz-moves.c — libFuzzer target for a game's move notation: built once
 * per game (FUZZ_GAME), it reads the input as options and then one move
 * per line, and plays each on the game as a person would type it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first bytes choose the options (one byte each, taken modulo the
 * option's range), the rest are moves. A move that is refused must come
 * with an error and leave the game as it was; a move that is played must
 * be described, listed and saved without trouble; and the game saved at
 * the end must load again to the same moves.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "core/ludo-game.h"
#include "core/ludo-save.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* abort (), not g_error (): libFuzzer keeps the input of an abort */
#define FAIL(...) (g_printerr (__VA_ARGS__), g_printerr ("\n"), abort ())

/* A person types a move on one line: longer ones are not moves. */
#define MAX_LINE 256

static LudoGame *
new_game (const guint8 **data,
          size_t        *size)
{
  const LudoGameInfo *info = ludo_registry_lookup (FUZZ_GAME);
  GVariantBuilder builder;

  g_assert (info != NULL);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  for (guint i = 0; i < info->n_options; i++)
    {
      const LudoOptionSpec *o = &info->options[i];
      int step = o->step ? o->step : 1;
      int choices = (o->max - o->min) / step + 1;
      int value = o->default_value;

      if (*size > 0)
        {
          value = o->min + step * ((*data)[0] % choices);
          (*data)++;
          (*size)--;
        }
      g_variant_builder_add (&builder, "{si}", o->id, value);
    }
  return ludo_game_new (FUZZ_GAME, g_variant_builder_end (&builder), NULL);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  LudoGame *game = new_game (&data, &size);
  gsize state_size;
  char line[MAX_LINE + 1];

  if (game == NULL)
    return 0;   /* options that do not go together: refused, and rightly */
  state_size = LUDO_GAME_GET_CLASS (game)->state_size;

  while (size > 0)
    {
      const guint8 *end = memchr (data, '\n', size);
      size_t length = end ? (size_t) (end - data) : size;
      g_autofree guint8 *before = NULL;
      guint n_moves = ludo_game_get_n_moves (game);
      GError *error = NULL;

      if (length <= MAX_LINE)
        {
          memcpy (line, data, length);
          line[length] = '\0';
          before = g_memdup2 (ludo_game_get_state (game), state_size);
          if (ludo_game_play (game, line, &error))
            {
              g_autofree char *said = ludo_game_describe_move (game, n_moves, LUDO_VIEWER_ALL);
              g_autofree char *position = ludo_game_format_position (game);
              g_auto(GStrv) moves = ludo_game_legal_moves (game);

              g_assert (error == NULL);
              g_assert (said != NULL && g_utf8_validate (said, -1, NULL));
              g_assert (position == NULL || g_utf8_validate (position, -1, NULL));
              /* what the game lists as legal it also plays */
              g_assert (moves == NULL || ludo_game_is_over (game) || moves[0] != NULL);
              g_assert (ludo_game_get_n_moves (game) == n_moves + 1);
            }
          else
            {
              /* refused: said why, and nothing changed */
              g_assert (error != NULL && g_utf8_validate (error->message, -1, NULL));
              g_assert (ludo_game_get_n_moves (game) == n_moves);
              g_assert (memcmp (before, ludo_game_get_state (game), state_size) == 0);
              g_clear_error (&error);
            }
        }
      data += end ? length + 1 : length;
      size -= end ? length + 1 : length;
    }

  {
    gsize length;
    g_autofree char *saved = ludo_save_to_data (game, &length);
    GError *error = NULL;
    LudoGame *loaded = ludo_save_read_data (saved, length, &error);

    if (loaded == NULL)
      FAIL ("a game played move by move does not load again: %s", error->message);
    g_assert (ludo_game_get_n_moves (loaded) == ludo_game_get_n_moves (game));
    g_object_unref (loaded);
  }
  g_object_unref (game);
  return 0;
}
