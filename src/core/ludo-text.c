/* ludo-text.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ludo-text.h"

/* XML 1.0 allows it in a document */
static gboolean
is_xml_char (gunichar c)
{
  /* XML 1.0, production [2] Char */
  return c == 0x9 || c == 0xA || c == 0xD ||
         (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) ||
         (c >= 0x10000 && c <= 0x10FFFF);
}

static gboolean
is_control (gunichar c)
{
  return c < 0x20 || (c >= 0x7F && c <= 0x9F);
}

/* Characters that change how the text around them is shown: a file's
 * text must not reorder or hide the message it is quoted in. */
static gboolean
is_format_override (gunichar c)
{
  return c == 0x200E || c == 0x200F || c == 0x061C ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) ||
         c == 0x2028 || c == 0x2029;
}

char *
ludo_text_clean_name (const char *name)
{
  g_autofree char *valid = NULL;
  g_autofree char *normal = NULL;
  GString *out;
  gsize n_chars = 0;

  if (name == NULL)
    return NULL;
  valid = g_utf8_make_valid (name, -1);
  normal = g_utf8_normalize (valid, -1, G_NORMALIZE_NFC);
  out = g_string_new (NULL);

  for (const char *p = normal; *p && n_chars < LUDO_NAME_MAX_CHARS; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\t' || c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029)
        c = ' ';
      if (!is_xml_char (c) || is_control (c))
        continue;
      /* no space at the start, and none doubled */
      if (c == ' ' && (out->len == 0 || out->str[out->len - 1] == ' '))
        continue;
      g_string_append_unichar (out, c);
      n_chars++;
    }
  while (out->len && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);

  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

/* Characters that show as nothing or as a plain space: quoted as they
 * are, a no-break space in a file's text would look like a space, and a
 * zero-width one like nothing at all. */
static gboolean
is_invisible (gunichar c)
{
  switch (g_unichar_type (c))
    {
    case G_UNICODE_FORMAT:
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
      return TRUE;
    case G_UNICODE_SPACE_SEPARATOR:
      return c != ' ';
    default:
      /* blank letters and symbols: Hangul fillers, the blank Braille pattern */
      return c == 0x034F || c == 0x115F || c == 0x1160 || c == 0x3164 || c == 0xFFA0 ||
             c == 0x2800;
    }
}

char *
ludo_text_for_message (const char *text,
                       gsize       max_chars)
{
  g_autofree char *valid = NULL;
  GString *out;
  gsize n_chars = 0;

  if (text == NULL)
    return g_strdup ("");
  valid = g_utf8_make_valid (text, -1);
  out = g_string_new (NULL);
  for (const char *p = valid; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (n_chars == max_chars)
        {
          g_string_append (out, "…");
          break;
        }
      if (is_control (c) || is_format_override (c) || is_invisible (c) || c == 0xFFFE || c == 0xFFFF)
        g_string_append_printf (out, "\\u{%04X}", c);
      else
        g_string_append_unichar (out, c);
      n_chars++;
    }
  return g_string_free (out, FALSE);
}
