/* ludo-export.h — a game's moves as plain text, for people
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model half of exporting (no GTK): the window's "Export Moves as
 * Text…" and `ludoteka-cli export --text` both use it. The pictures of the
 * board are drawn by the UI layer (src/app/ludo-export-view.h).
 */
#pragma once

#include <gio/gio.h>

#include "ludo-game.h"

G_BEGIN_DECLS

/* The viewer an export uses when none is given: everything once the game
 * is over at its position or when nobody plays (a demo), the one person's
 * seat when one person plays the computer, and no secret at all when
 * people share the screen (as the window's move list shows it). */
int       ludo_export_default_viewer    (LudoGame   *game);

/* The game as people read it, in the UI language: a header (the game, the
 * date it was started, the seats, the options), a blank line, one numbered
 * line per move up to the game's position in the words of the app's move
 * list ("3. Player 1: …"), and, when the game is over at that position, a
 * blank line and its result. Secret moves are described as viewer may see
 * them (a seat or LUDO_VIEWER_*). Ends with a newline. */
char     *ludo_export_moves_text_for_viewer (LudoGame  *game,
                                             int        viewer,
                                             GError   **error);
/* The same for ludo_export_default_viewer (game). */
char     *ludo_export_moves_text        (LudoGame   *game,
                                         GError    **error);

/* Writes text to file atomically (a temporary file renamed over it), so a
 * failed write leaves an older file as it was. The error names the file. */
gboolean  ludo_export_write_text        (const char *text,
                                         GFile      *file,
                                         GError    **error);

/* The window's "Export Moves as Text…": the text for viewer, written with
 * ludo_export_write_text(). */
gboolean  ludo_export_moves_to_file     (LudoGame   *game,
                                         int         viewer,
                                         GFile      *file,
                                         GError    **error);

G_END_DECLS
