/* main.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "ludo-application.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(LudoApplication) app = NULL;
  const char *localedir = g_getenv ("LUDOTEKA_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("Ludoteka"));
  app = ludo_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
