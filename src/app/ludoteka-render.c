/* ludoteka-render.c — draws a saved game's board into PNG and SVG files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `ludoteka-cli export --png/--svg` runs this (installed in libexecdir):
 * the CLI links only the model layer, and drawing a board takes the game's
 * view, GTK and a display. GTK 4.8 draws a widget only inside a window that
 * is mapped (see ludo-export-view.c), so this shows one, out of the user's
 * way: undecorated, and on X11 unmanaged (override-redirect: no window
 * manager frames, places, focuses or lists it) and off the screen. On
 * Wayland, where a client cannot place its windows, it asks for X11
 * (XWayland) first; without that the window may show for a moment.
 *
 *   ludoteka-render [--ply N] [--png OUT] [--svg OUT] [--width W]
 *                   [--height H] [--scale S] FILE
 *
 * Exit status: 0 success, 1 a bad file, a failed write or no display, 2 a
 * wrong command line. Messages start with the program's name as it was
 * called (argv[0]: the CLI passes "ludoteka-cli").
 */
#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>
#include <locale.h>

#ifdef HAVE_X11
#include <gdk/x11/gdkx.h>
#include <X11/Xlib.h>
#endif

#include "app/ludo-export-view.h"
#include "app/ludo-game-view.h"
#include "core/ludo-save.h"

/* the board's side panels and the board itself at a comfortable size */
#define DEFAULT_WIDTH   900
#define DEFAULT_HEIGHT  680
#define MAX_SIZE        4096
#define DRAW_TIMEOUT_MS 20000

static int
usage_error (GOptionContext *context,
             const char     *message)
{
  g_printerr ("%s: %s\n", g_get_prgname (), message);
  g_option_context_free (context);
  return 2;
}

/* Keeps the window out of the way before it is shown: no window manager
 * sees it, and it is placed beyond the top left corner of the screen. */
static void
hide_window (GtkWindow *window,
             int        width,
             int        height)
{
#ifdef HAVE_X11
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  if (GDK_IS_X11_SURFACE (surface))
    {
      Display *display = gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface));
      Window xid = gdk_x11_surface_get_xid (surface);
      XSetWindowAttributes attributes = { .override_redirect = True };

      XChangeWindowAttributes (display, xid, CWOverrideRedirect, &attributes);
      XMoveWindow (display, xid, -width - 100, -height - 100);
      XFlush (display);
    }
#endif
}

static gboolean
render (LudoGame    *game,
        int          width,
        int          height,
        double       scale,
        GFile       *png,
        GFile       *svg,
        GError     **error)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = GTK_WIDGET (ludo_game_view_new_for_game (game));
  int minimum;
  gboolean ok;

  /* the file's whole content: every secret once the game shows them all */
  ludo_game_view_set_viewer (LUDO_GAME_VIEW (view), LUDO_VIEWER_ALL);
  ludo_game_view_set_interactive (LUDO_GAME_VIEW (view), FALSE);

  gtk_window_set_title (GTK_WINDOW (window), "ludoteka-render");
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_resizable (GTK_WINDOW (window), FALSE);
  gtk_window_set_child (GTK_WINDOW (window), view);
  /* never smaller than the view needs: nothing of the board is cut off */
  gtk_widget_measure (view, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  width = MAX (width, minimum);
  gtk_widget_measure (view, GTK_ORIENTATION_VERTICAL, width, &minimum, NULL, NULL, NULL);
  height = MAX (height, minimum);
  gtk_widget_set_size_request (view, width, height);
  gtk_widget_realize (window);
  hide_window (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  /* again: GDK may place the window as it maps it */
  hide_window (GTK_WINDOW (window), width, height);

  ok = ludo_export_view_wait_drawn (view, DRAW_TIMEOUT_MS, error) &&
       (png == NULL || ludo_export_view_png_scaled (view, scale, png, error)) &&
       (svg == NULL || ludo_export_view_svg (view, svg, error));

  gtk_window_destroy (GTK_WINDOW (window));
  /* let the window go before the program ends (no leak reports) */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return ok;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *png_path = NULL;
  g_autofree char *svg_path = NULL;
  g_autoptr(GFile) png = NULL;
  g_autoptr(GFile) svg = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoGame) game = NULL;
  gint64 ply = -1;
  int width = DEFAULT_WIDTH, height = DEFAULT_HEIGHT;
  double scale = 1.0;
  const char *localedir = g_getenv ("LUDOTEKA_LOCALEDIR");
  GOptionEntry entries[] = {
    { "ply", 0, 0, G_OPTION_ARG_INT64, &ply, N_("The position after this many moves, 0 for the start (default: the file’s position)"), "N" },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_path, N_("Write the board as a PNG picture to this file"), "OUT" },
    { "svg", 0, 0, G_OPTION_ARG_FILENAME, &svg_path, N_("Write the board as an SVG picture to this file"), "OUT" },
    { "width", 0, 0, G_OPTION_ARG_INT, &width, N_("Width of the board view in pixels"), "W" },
    { "height", 0, 0, G_OPTION_ARG_INT, &height, N_("Height of the board view in pixels"), "H" },
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &scale, N_("Pixels of the PNG per pixel of the view (default 1)"), "S" },
    { NULL }
  };
  GOptionContext *context;
  gboolean ok;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  context = g_option_context_new (_("FILE — draw a saved game’s board"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("give exactly one file"));
  if (png_path == NULL && svg_path == NULL)
    return usage_error (context, _("nothing to write: give --png or --svg"));
  if (width < 1 || width > MAX_SIZE || height < 1 || height > MAX_SIZE || !(scale >= 0.25 && scale <= 4))
    return usage_error (context, _("--width and --height must be between 1 and 4096, --scale between 0.25 and 4"));
  g_option_context_free (context);

  game = ludo_save_read (argv[1], &error);
  if (game == NULL)
    {
      g_printerr ("%s: %s: %s\n", g_get_prgname (), argv[1], error->message);
      return 1;
    }
  if (ply > (gint64) ludo_game_get_n_moves (game))
    {
      guint n_moves = ludo_game_get_n_moves (game);
      g_autofree char *ply_text = g_strdup_printf ("%" G_GINT64_FORMAT, ply);

      /* the words of ludoteka-cli export */
      g_printerr ("%s: ", g_get_prgname ());
      g_printerr (ngettext ("--ply %s is out of range: this game has plies 0 to %u (%u move)",
                            "--ply %s is out of range: this game has plies 0 to %u (%u moves)",
                            n_moves),
                  ply_text, n_moves, n_moves);
      g_printerr ("\n");
      return 2;
    }
  if (ply >= 0)
    ludo_game_seek (game, (guint) ply);

  /* nobody reads the off-screen board aloud; one picture needs no GL:
   * cairo starts sooner, and no GL driver is loaded (Mesa's EGL, unloaded
   * at exit, leaves LeakSanitizer a leak it cannot name to suppress); and
   * X11 first (see above) */
  g_setenv ("GTK_A11Y", "none", FALSE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
  gdk_set_allowed_backends ("x11,*");
  if (!gtk_init_check ())
    {
      g_printerr ("%s: %s\n", g_get_prgname (),
                  _("cannot draw the board: there is no display. Run it in a desktop session, "
                    "or under a virtual one (xvfb-run)."));
      return 1;
    }
  adw_init ();
  /* the pictures look the same whatever the desktop's dark style */
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  ludo_export_view_load_styles (gdk_display_get_default ());

  if (png_path)
    png = g_file_new_for_commandline_arg (png_path);
  if (svg_path)
    svg = g_file_new_for_commandline_arg (svg_path);
  ok = render (game, width, height, scale, png, svg, &error);
  if (!ok)
    {
      g_printerr ("%s: %s\n", g_get_prgname (), error->message);
      return 1;
    }
  return 0;
}
