/* fuzz-mallard.c — libFuzzer target for the rules pane's Mallard reader:
 * any bytes as a page of the manual give runs fit for a text buffer, or
 * none, never a crash, a leak or a hang.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "core/ludo-mallard.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* abort (), not g_error (): libFuzzer keeps the input of an abort */
#define FAIL(...) (g_printerr (__VA_ARGS__), g_printerr ("\n"), abort ())

/* Other pages: some have a title, some do not; every guide has two. */
static char *
page_title (const char *page,
            gpointer    data)
{
  return strlen (page) % 2 ? g_strdup_printf ("Page “%s”", page) : NULL;
}

static GStrv
topics (const char *guide,
        const char *groups,
        gpointer    data)
{
  /* a page with a title (odd length) and the guide itself */
  const char * const ids[] = { "topic-1", guide, NULL };

  return g_strdupv ((char **) ids);
}

static void
check_text (const char *text)
{
  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    FAIL ("a run's text is not UTF-8");
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  const LudoMallardPages pages = { page_title, topics, NULL };
  g_autoptr(GPtrArray) runs = ludo_mallard_render ((const char *) data, size, "index", &pages);
  g_autofree char *title = ludo_mallard_title ((const char *) data, size);

  ludo_mallard_lists_under ((const char *) data, size, "index", "games rules");
  if (title)
    check_text (title);
  for (guint i = 0; runs && i < runs->len; i++)
    {
      const LudoMallardRun *run = runs->pdata[i];

      if (run->styles >= 1u << LUDO_MALLARD_N_STYLES)
        FAIL ("a run has a style there is no tag for");
      switch (run->kind)
        {
        case LUDO_MALLARD_RUN_TEXT:
        case LUDO_MALLARD_RUN_MEDIA:
          check_text (run->text);
          if ((run->xref && !g_utf8_validate (run->xref, -1, NULL)) ||
              (run->href && !g_utf8_validate (run->href, -1, NULL)))
            FAIL ("a link is not UTF-8");
          break;
        case LUDO_MALLARD_RUN_TABLE:
          for (guint c = 0; c < run->cells->len; c++)
            check_text (g_array_index (run->cells, LudoMallardCell, c).text);
          break;
        default:
          FAIL ("a run of no kind");
        }
    }
  return 0;
}
