/* ludo-export.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The move lines are the app's move list's (src/app/ludo-move-list.c):
 * "N. SEAT: MOVE", with the same translatable format, so an exported game
 * reads as the window shows it.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ludo-export.h"

int
ludo_export_default_viewer (LudoGame *game)
{
  guint humans;

  g_return_val_if_fail (LUDO_IS_GAME (game), LUDO_VIEWER_NONE);

  humans = ludo_game_count_humans (game);
  if (humans == 0 || ludo_game_is_over (game))
    return LUDO_VIEWER_ALL;
  if (humans == 1)
    return ludo_game_get_first_human (game);
  return LUDO_VIEWER_NONE;
}

/* "Places: 5", or the choice's label for an option with choices */
static void
append_options (LudoGame *game,
                GString  *out)
{
  const LudoGameInfo *info = ludo_game_get_info (game);

  for (guint i = 0; i < info->n_options; i++)
    {
      const LudoOptionSpec *spec = &info->options[i];
      int value = ludo_game_get_option (game, spec->id);
      int step = spec->step > 0 ? spec->step : 1;
      g_autofree char *text = NULL;

      if (spec->choices && value >= spec->min && value <= spec->max)
        text = g_strdup (_(spec->choices[(value - spec->min) / step]));
      else
        text = g_strdup_printf ("%d", value);
      /* Translators: an option of the game in an exported move list, e.g. "Places: 5" */
      g_string_append_printf (out, _("%s: %s"), _(spec->label), text);
      g_string_append_c (out, '\n');
    }
}

static void
append_seats (LudoGame *game,
              GString  *out)
{
  guint n_seats = ludo_game_get_n_seats (game);

  for (guint s = 0; s < n_seats; s++)
    {
      g_autofree char *label = ludo_game_get_seat_label (game, s);

      if (ludo_game_get_seat_kind (game, s) == LUDO_SEAT_COMPUTER)
        /* Translators: a seat in an exported move list: "Player 2: computer (Hard)" */
        g_string_append_printf (out, _("%s: computer (%s)"), label,
                                ludo_level_get_label (ludo_game_get_seat_level (game, s)));
      else
        /* Translators: a seat in an exported move list: "Anna: a person" */
        g_string_append_printf (out, _("%s: a person"), label);
      g_string_append_c (out, '\n');
    }
}

char *
ludo_export_moves_text_for_viewer (LudoGame  *game,
                                   int        viewer,
                                   GError   **error)
{
  GString *out;
  GDateTime *created;
  GPtrArray *review;
  guint position;

  g_return_val_if_fail (LUDO_IS_GAME (game), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  out = g_string_new (NULL);
  g_string_append_printf (out, "%s\n", _(ludo_game_get_info (game)->name));

  created = ludo_game_get_created (game);
  if (created)
    {
      g_autoptr(GDateTime) local = g_date_time_to_local (created);
      g_autofree char *date = g_date_time_format (local, "%Y-%m-%d");
      /* Translators: the day a game was started, in an exported move list */
      g_string_append_printf (out, _("Date: %s"), date);
      g_string_append_c (out, '\n');
    }
  append_seats (game, out);
  append_options (game, out);
  g_string_append_c (out, '\n');

  position = ludo_game_get_position (game);
  review = ludo_game_get_review (game);
  if (position == 0)
    g_string_append_printf (out, "%s\n", _("No moves yet."));
  for (guint i = 0; i < position; i++)
    {
      g_autofree char *who = ludo_game_get_seat_label (game, ludo_game_get_move_seat (game, i));
      g_autofree char *what = ludo_game_describe_move (game, i, viewer);

      /* the move list's own words (ludo-move-list.c) */
      g_string_append_printf (out, _("%u. %s: %s"), i + 1, who, what);
      /* and the computer's mark, as chess books print it after the move */
      if (review && i < review->len && ((LudoMoveReview *) review->pdata[i])->mark != LUDO_MARK_NONE)
        g_string_append_printf (out, " %s", ludo_mark_to_string (((LudoMoveReview *) review->pdata[i])->mark));
      g_string_append_c (out, '\n');
    }

  if (ludo_game_is_over (game))
    {
      g_autofree char *result = ludo_game_describe_outcome (game);

      g_string_append_c (out, '\n');
      /* Translators: the last line of an exported move list */
      g_string_append_printf (out, _("Result: %s"), result ? result : "");
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

char *
ludo_export_moves_text (LudoGame  *game,
                        GError   **error)
{
  g_return_val_if_fail (LUDO_IS_GAME (game), NULL);
  return ludo_export_moves_text_for_viewer (game, ludo_export_default_viewer (game), error);
}

gboolean
ludo_export_write_text (const char  *text,
                        GFile       *file,
                        GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                G_FILE_CREATE_NONE, NULL, NULL, &local_error))
    {
      g_autofree char *name = g_file_get_parse_name (file);

      /* GIO's own messages mostly name the file already */
      if (strstr (local_error->message, name))
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, local_error->domain, local_error->code,
                     /* Translators: the file, then why (a system message) */
                     _("Could not write “%s”: %s"), name, local_error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
ludo_export_moves_to_file (LudoGame  *game,
                           int        viewer,
                           GFile     *file,
                           GError   **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (LUDO_IS_GAME (game), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  text = ludo_export_moves_text_for_viewer (game, viewer, error);
  return text != NULL && ludo_export_write_text (text, file, error);
}
