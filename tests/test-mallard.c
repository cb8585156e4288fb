/* test-mallard.c — the rules pane's reader of the manual: conditional
 * processing by language, as yelp does it, so that a quote in the
 * reader's own language is not followed by the same words again; a
 * quote's words in their language, and its translation set apart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "core/ludo-mallard.h"

/* The texts of the runs of the quote, joined by "|": the source's words
 * (styled as a quote), then the translation (a note in the quote, set
 * apart: not in italics as the quote); "@LANG" after the words of a run
 * whose language is not the page's. */
static char *
quoted (const char *lang,
        const char *test)
{
  g_autofree char *page = g_strdup_printf (
    "<page xmlns='http://projectmallard.org/1.0/' xmlns:if='http://projectmallard.org/if/1.0/'"
    " xmlns:its='http://www.w3.org/2005/11/its' id='p'%s%s%s>"
    "<title>T</title><quote><cite>Source</cite>"
    "<p its:translate='no' xml:lang='et'>Kumbki <em>mängija</em></p>"
    "<note style='plain'%s%s%s><p>Each player</p></note></quote><p>After</p></page>",
    lang ? " xml:lang='" : "", lang ? lang : "", lang ? "'" : "",
    test ? " if:test='" : "", test ? test : "", test ? "'" : "");
  g_autoptr(GPtrArray) runs = ludo_mallard_render (page, strlen (page), "p", NULL);
  g_autoptr(GString) text = g_string_new (NULL);

  g_assert_nonnull (runs);
  for (guint i = 0; i < runs->len; i++)
    {
      LudoMallardRun *run = g_ptr_array_index (runs, i);

      if (run->kind != LUDO_MALLARD_RUN_TEXT || (run->styles & LUDO_MALLARD_CITE) ||
          *g_strstrip (run->text) == '\0')
        continue;
      if (run->styles & LUDO_MALLARD_TRANSLATION)
        g_assert_false (run->styles & LUDO_MALLARD_QUOTE);
      else if (!(run->styles & LUDO_MALLARD_QUOTE))
        continue;
      g_string_append_printf (text, "%s%s%s%s", text->len ? "|" : "", run->text,
                              run->lang ? "@" : "", run->lang ? run->lang : "");
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
assert_quoted (const char *lang,
               const char *test,
               const char *expected)
{
  g_autofree char *text = quoted (lang, test);

  g_test_message ("xml:lang=%s if:test=%s: %s", lang ? lang : "-", test ? test : "-", text);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_lang (void)
{
  /* the manual's use: the translation is left out in Estonian only */
  assert_quoted (NULL, "!lang:et", "Kumbki@et|mängija@et|Each player");
  assert_quoted ("hu", "!lang:et", "Kumbki@et|mängija@et|Each player");
  assert_quoted ("et", "!lang:et", "Kumbki|mängija");
  assert_quoted ("et-EE", "!lang:et", "Kumbki@et|mängija@et");
  assert_quoted ("eto", "!lang:et", "Kumbki@et|mängija@et|Each player");
  /* no test, lang:C, alternatives, all tokens of one alternative */
  assert_quoted ("et", NULL, "Kumbki|mängija|Each player");
  assert_quoted (NULL, "lang:C", "Kumbki@et|mängija@et|Each player");
  assert_quoted ("ru", "lang:C", "Kumbki@et|mängija@et");
  assert_quoted ("ru", "lang:hu, lang:ru", "Kumbki@et|mängija@et|Each player");
  assert_quoted ("ru", "lang:ru !lang:et", "Kumbki@et|mängija@et|Each player");
  assert_quoted ("ru", "lang:ru lang:hu", "Kumbki@et|mängija@et");
  /* a token yelp would not know is false, as there */
  assert_quoted (NULL, "platform:unknown", "Kumbki@et|mängija@et");
  assert_quoted (NULL, "!platform:unknown", "Kumbki@et|mängija@et|Each player");
  assert_quoted (NULL, "", "Kumbki@et|mängija@et");
  assert_quoted (NULL, "lang:", "Kumbki@et|mängija@et");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mallard/if-lang", test_lang);
  return g_test_run ();
}
