/* ludo-text.h — text that comes from people or from files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define LUDO_NAME_MAX_CHARS 64

/* A seat name as the game keeps it: valid UTF-8 in NFC, no character that
 * XML forbids or that is a control, line breaks and tabs made spaces, no
 * space at either end, at most LUDO_NAME_MAX_CHARS characters. NULL when
 * nothing is left. Every name a save can hold can be written and read back. */
char     *ludo_text_clean_name       (const char *name);
/* Text from a file, fit to be quoted in a message or printed on a
 * terminal: invalid UTF-8 replaced, controls, direction overrides and
 * characters that show as a space or as nothing (U+00A0, U+200B …)
 * written as \u{…}, cut to max_chars characters with an ellipsis. */
char     *ludo_text_for_message      (const char *text,
                                      gsize       max_chars);

G_END_DECLS
