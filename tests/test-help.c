/* test-help.c BUILDDIR — what Help opens is there: for the URI the rules
 * pane opens for each game's page and the one F1 opens on the game
 * chooser, the page yelp would show, looked up as yelp does (help/LANG/
 * ludoteka/PAGE.page under $XDG_DATA_HOME, then each of $XDG_DATA_DIRS),
 * in every language of the manual. test-help.sh runs it in the
 * environment of `meson devenv`, so the page must be the one this build
 * made, in its language, with its figures beside it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "app/ludo-rules-view.h"
#include "core/ludo-registry.h"

static const char *builddir;

/* The page id a help: URI of the manual names ("help:ludoteka" is its
 * start, the index). */
static char *
page_of (const char *uri)
{
  g_assert_true (g_str_has_prefix (uri, "help:ludoteka"));
  uri += strlen ("help:ludoteka");
  if (*uri == '\0')
    return g_strdup ("index");
  g_assert_true (*uri == '/');
  return g_strdup (uri + 1);
}

/* Where yelp finds page in language, or NULL. */
static char *
find_page (const char *language,
           const char *page)
{
  g_autofree char *name = g_strconcat (page, ".page", NULL);
  const char * const *dirs = g_get_system_data_dirs ();
  char *path = g_build_filename (g_get_user_data_dir (), "help", language, "ludoteka", name, NULL);

  for (guint i = 0; !g_file_test (path, G_FILE_TEST_IS_REGULAR) && dirs[i]; i++)
    {
      g_free (path);
      path = g_build_filename (dirs[i], "help", language, "ludoteka", name, NULL);
    }
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    g_clear_pointer (&path, g_free);
  return path;
}

static char *
contents (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

/* The source's words that stay untranslated say their language, so that a
 * screen reader reads them in it; a quote holds them, and our translation
 * under them in a note, set apart. */
static void
assert_sources_tagged (const char *path,
                       const char *text)
{
  for (const char *at = strstr (text, "its:translate=\"no\""); at; at = strstr (at + 1, "its:translate=\"no\""))
    {
      g_autofree char *tag = g_strndup (at, strcspn (at, ">"));

      if (strstr (tag, "xml:lang=\"") == NULL)
        g_error ("%s: words left untranslated without their language: <… %s>", path, tag);
    }
  for (const char *quote = strstr (text, "<quote"); quote; quote = strstr (quote + 1, "<quote"))
    {
      const char *end = strstr (quote, "</quote>");
      g_autofree char *inside = g_strndup (quote, end ? (gsize) (end - quote) : strlen (quote));

      g_assert_nonnull (end);
      if (strstr (inside, "xml:lang=\"") == NULL || strstr (inside, "<note style=\"plain\"") == NULL)
        g_error ("%s: a quote without the source's language or without its translation in a note: %.200s",
                 path, inside);
    }
}

static void
check_uri (const char *uri)
{
  g_autofree char *page = page_of (uri);
  g_autofree char *name = g_strconcat (page, ".page", NULL);
  /* the C page as the build lays it out: a copy of its source (help/C or
   * the game's folder) */
  g_autofree char *source = g_build_filename (builddir, "help", "C", name, NULL);
  g_autofree char *original = contents (source);
  const char * const *languages = ludo_rules_view_get_languages ();

  for (guint l = 0; languages[l]; l++)
    {
      g_autofree char *path = find_page (languages[l], page);
      g_autofree char *text = NULL;
      g_autofree char *lang = NULL;
      g_autofree char *dir = NULL;
      const char *media;

      g_test_message ("%s in %s: %s", uri, languages[l], path ? path : "not found");
      g_assert_nonnull (path);
      /* the page this build made, not one installed before */
      g_assert_true (g_str_has_prefix (path, builddir));
      text = contents (path);
      if (g_str_equal (languages[l], "C"))
        g_assert_cmpstr (text, ==, original);
      else
        {
          lang = g_strdup_printf ("xml:lang=\"%s\"", languages[l]);
          g_assert_nonnull (strstr (text, lang));
          g_assert_cmpstr (text, !=, original);
        }
      assert_sources_tagged (path, text);
      /* its figures beside it */
      dir = g_path_get_dirname (path);
      for (media = strstr (text, "<media"); media; media = strstr (media + 1, "<media"))
        {
          const char *src = strstr (media, " src=\"");
          g_autofree char *file = NULL;
          g_autofree char *figure = NULL;

          g_assert_nonnull (src);
          src += strlen (" src=\"");
          file = g_strndup (src, strcspn (src, "\""));
          figure = g_build_filename (dir, file, NULL);
          if (!g_file_test (figure, G_FILE_TEST_IS_REGULAR))
            g_error ("%s: the figure %s is missing", path, figure);
        }
    }
}

/* The rules pane's "Open in Help", for each game's page */
static void
test_game_pages (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  g_assert_cmpuint (n_games, >, 0);
  for (guint g = 0; g < n_games; g++)
    {
      g_autofree char *uri = ludo_rules_view_help_uri (ludo_game_info_get_help_page (games[g]));
      check_uri (uri);
    }
}

/* F1 on the game chooser, and the pane's button on the index */
static void
test_index (void)
{
  g_autofree char *start = ludo_rules_view_help_uri (NULL);
  g_autofree char *index = ludo_rules_view_help_uri ("index");

  check_uri (start);
  check_uri (index);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-help BUILDDIR (run by test-help.sh)");
  builddir = argv[1];

  g_test_add_func ("/help/game-pages", test_game_pages);
  g_test_add_func ("/help/index", test_index);
  return g_test_run ();
}
