/* test-export.c — every game's board exported as PNG and SVG, at the start
 * and half-way through a saved game (as in a replay): the PNG loads and is
 * not blank, the SVG parses and draws.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <string.h>

#include "app/ludo-export-view.h"
#include "app/ludo-game-view.h"
#include "core/ludo-registry.h"
#include "core/ludo-save.h"
#include "ludo-testing.h"

static char *tmpdir;

/* The PNG loads, has the view's size and more than one colour. */
static void
check_png (const char *path,
           int         width,
           int         height)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (path, &error);
  g_autofree guint32 *pixels = NULL;
  int w, h, differ = 0;

  g_assert_no_error (error);
  w = gdk_texture_get_width (texture);
  h = gdk_texture_get_height (texture);
  g_assert_cmpint (w, >, 0);
  g_assert_cmpint (h, >, 0);
  g_assert_cmpint (w, ==, width);
  g_assert_cmpint (h, ==, height);
  pixels = g_new (guint32, (gsize) w * h);
  gdk_texture_download (texture, (guchar *) pixels, (gsize) w * 4);
  for (int i = 1; i < w * h; i++)
    differ += pixels[i] != pixels[0];
  /* a board, not one colour: at least 1 % of the pixels are not the first's */
  g_assert_cmpint (differ, >, w * h / 100);
  /* and opaque: on the window's background */
  g_assert_cmpuint (pixels[0] >> 24, ==, 0xff);
}

static gboolean
draws (xmlNodePtr node)
{
  static const char * const shapes[] = { "path", "rect", "image", "use", "circle", "ellipse", "line", "polygon", "polyline" };

  for (xmlNodePtr child = node->children; child; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE)
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
        if (xmlStrEqual (child->name, BAD_CAST shapes[i]))
          return TRUE;
      if (draws (child))
        return TRUE;
    }
  return FALSE;
}

/* The SVG parses, its root is <svg> and it draws something. */
static void
check_svg (const char *path)
{
  xmlDocPtr doc = xmlReadFile (path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  xmlNodePtr root;

  g_assert_nonnull (doc);
  root = xmlDocGetRootElement (doc);
  g_assert_nonnull (root);
  g_assert_cmpstr ((const char *) root->name, ==, "svg");
  g_assert_true (draws (root));
  xmlFreeDoc (doc);
}

static void
export_and_check (GtkWidget  *view,
                  const char *name)
{
  g_autofree char *png_path = g_strdup_printf ("%s/%s.png", tmpdir, name);
  g_autofree char *svg_path = g_strdup_printf ("%s/%s.svg", tmpdir, name);
  g_autoptr(GFile) png = g_file_new_for_path (png_path);
  g_autoptr(GFile) svg = g_file_new_for_path (svg_path);
  g_autoptr(GError) error = NULL;

  g_assert_true (ludo_export_view_wait_drawn (view, 20000, &error));
  g_assert_no_error (error);
  g_assert_true (ludo_export_view_png (view, png, &error));
  g_assert_no_error (error);
  g_assert_true (ludo_export_view_svg (view, svg, &error));
  g_assert_no_error (error);
  check_png (png_path, gtk_widget_get_width (view), gtk_widget_get_height (view));
  check_svg (svg_path);
  if (g_getenv ("LUDOTEKA_TEST_KEEP") == NULL)
    {
      g_unlink (png_path);
      g_unlink (svg_path);
    }
}

static GtkWidget *
show_view (LudoGame *game)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = GTK_WIDGET (ludo_game_view_new_for_game (game));

  ludo_game_view_set_viewer (LUDO_GAME_VIEW (view), LUDO_VIEWER_ALL);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  return view;
}

/* Runs check on each game's view, shown, of its sample save (a finished
 * game). */
static void
for_each_game (void (*check) (LudoGame  *game,
                              GtkWidget *view))
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint g = 0; g < n_games; g++)
    {
      g_autoptr(LudoGame) game = ludo_test_load_sample (games[g]->id);
      GtkWidget *view = show_view (game);

      g_test_message ("%s", games[g]->id);
      check (game, view);
      gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));
    }
}

/* The start and half-way (the replay's seek), drawn anew for each. */
static void
check_start_and_middle (LudoGame  *game,
                        GtkWidget *view)
{
  g_autofree char *start = g_strconcat (ludo_game_get_id (game), "-start", NULL);
  g_autofree char *middle = g_strconcat (ludo_game_get_id (game), "-middle", NULL);

  ludo_game_seek (game, 0);
  export_and_check (view, start);
  ludo_game_seek (game, ludo_game_get_n_moves (game) / 2);
  export_and_check (view, middle);
}

/* The window's call: the name's extension chooses. */
static void
check_save (LudoGame  *game,
            GtkWidget *view)
{
  g_autofree char *png_path = g_build_filename (tmpdir, "board.PNG", NULL);
  g_autofree char *svg_path = g_build_filename (tmpdir, "board.Svg", NULL);
  g_autoptr(GFile) png = g_file_new_for_path (png_path);
  g_autoptr(GFile) svg = g_file_new_for_path (svg_path);
  g_autoptr(GError) error = NULL;
  int scale = gtk_widget_get_scale_factor (view);

  g_assert_true (ludo_export_view_wait_drawn (view, 20000, &error));
  g_assert_true (ludo_export_view_save (view, png, &error));
  g_assert_no_error (error);
  check_png (png_path, scale * gtk_widget_get_width (view), scale * gtk_widget_get_height (view));
  g_assert_true (ludo_export_view_save (view, svg, &error));
  g_assert_no_error (error);
  check_svg (svg_path);
  g_unlink (png_path);
  g_unlink (svg_path);
}

/* Twice the pixels at scale 2. */
static void
check_scale (LudoGame  *game,
             GtkWidget *view)
{
  g_autofree char *path = g_build_filename (tmpdir, "scaled.png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (ludo_export_view_wait_drawn (view, 20000, &error));
  g_assert_true (ludo_export_view_png_scaled (view, 2.0, file, &error));
  g_assert_no_error (error);
  check_png (path, 2 * gtk_widget_get_width (view), 2 * gtk_widget_get_height (view));
  g_unlink (path);
}

static void
test_games (void)
{
  for_each_game (check_start_and_middle);
}

static void
test_save (void)
{
  for_each_game (check_save);
}

static void
test_scale (void)
{
  for_each_game (check_scale);
}

/* A view that is not shown has no picture; a failed write names the file
 * and leaves the old one as it was. */
static void
check_errors (LudoGame  *game,
              GtkWidget *view)
{
  GtkWidget *hidden = GTK_WIDGET (ludo_game_view_new_for_game (game));
  GtkWidget *window = gtk_window_new ();
  g_autofree char *path = g_build_filename (tmpdir, "kept.png", NULL);
  g_autofree char *missing = g_build_filename (tmpdir, "no-such-folder", "board.svg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad = g_file_new_for_path (missing);
  g_autoptr(GFile) folder = g_file_new_for_path (tmpdir);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;

  /* in a window never shown: GTK 4.8 has not drawn it */
  gtk_window_set_child (GTK_WINDOW (window), hidden);
  g_assert_false (ludo_export_view_png (hidden, file, &error));
  g_assert_error (error, LUDO_EXPORT_VIEW_ERROR, LUDO_EXPORT_VIEW_ERROR_NOT_DRAWN);
  g_clear_error (&error);
  g_assert_false (ludo_export_view_wait_drawn (hidden, 100, &error));
  g_assert_error (error, LUDO_EXPORT_VIEW_ERROR, LUDO_EXPORT_VIEW_ERROR_NOT_DRAWN);
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  gtk_window_destroy (GTK_WINDOW (window));

  g_assert_true (ludo_export_view_wait_drawn (view, 20000, &error));
  g_assert_false (ludo_export_view_svg (view, bad, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, missing));
  g_clear_error (&error);

  /* the folder stays a folder */
  g_assert_false (ludo_export_view_png (view, folder, &error));
  g_assert_nonnull (strstr (error->message, tmpdir));
  g_clear_error (&error);
  g_assert_true (g_file_test (tmpdir, G_FILE_TEST_IS_DIR));

  /* an old file is replaced whole */
  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_true (ludo_export_view_png (view, file, &error));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (memcmp (contents, "\x89PNG\r\n\x1a\n", 8) == 0);
  g_unlink (path);
}

static void
test_errors (void)
{
  for_each_game (check_errors);
}

int
main (int    argc,
      char **argv)
{
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  ludo_export_view_load_styles (gdk_display_get_default ());
  tmpdir = ludo_test_make_tmp ("ludoteka-export-ui-XXXXXX");

  g_test_add_func ("/export/view/games", test_games);
  g_test_add_func ("/export/view/save", test_save);
  g_test_add_func ("/export/view/scale", test_scale);
  g_test_add_func ("/export/view/errors", test_errors);

  status = g_test_run ();
  if (g_getenv ("LUDOTEKA_TEST_KEEP") == NULL)
    g_rmdir (tmpdir);
  else
    g_printerr ("# kept in %s\n", tmpdir);
  g_free (tmpdir);
  return status;
}
