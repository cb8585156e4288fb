/* ludo-cli.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cli/ludo-cli.h"

int
ludo_cli_usage_error (GOptionContext *context,
                      const char     *message)
{
  g_printerr ("ludoteka-cli: %s\n", message);
  g_printerr (_("Try “%s --help” for more information."), g_get_prgname ());
  g_printerr ("\n");
  g_option_context_free (context);
  return LUDO_CLI_EXIT_USAGE;
}

gboolean
ludo_cli_parse_options (GOptionContext  *context,
                        int             *argc,
                        char          ***argv,
                        int             *status)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *status = ludo_cli_usage_error (context, error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
ludo_cli_parse_level (GOptionContext *context,
                      const char     *text,
                      LudoLevel      *level,
                      int            *status)
{
  g_autofree char *message = NULL;

  if (text == NULL || ludo_level_from_string (text, level))
    return TRUE;
  message = g_strdup_printf (_("unknown level “%s” (use easy, medium or hard)"), text);
  *status = ludo_cli_usage_error (context, message);
  return FALSE;
}

void
ludo_cli_print_padded (const char *text,
                       int         width)
{
  int pad = ABS (width) - (int) g_utf8_strlen (text, -1);

  if (width > 0)
    for (int i = 0; i < pad; i++)
      g_print (" ");
  g_print ("%s", text);
  if (width < 0)
    for (int i = 0; i < pad; i++)
      g_print (" ");
}

void
ludo_cli_print_perft (guint64 nodes,
                      double  ms)
{
  g_print ("nodes=%" G_GUINT64_FORMAT " time_ms=%.0f nps=%.0f\n", nodes, ms,
           ms > 0 ? nodes / (ms / 1000.0) : 0.0);
}
