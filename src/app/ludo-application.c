/* ludo-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/ludo-registry.h"
#include "ludo-application.h"
#include "ludo-window.h"

/* Where each game keeps its resources: RESOURCE_BASE/games/ID/. */
#define GAMES_PATH RESOURCE_BASE "/games"

struct _LudoApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (LudoApplication, ludo_application, ADW_TYPE_APPLICATION)

static LudoWindow *
get_window (LudoApplication *self,
            gboolean        *created)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  *created = window == NULL;
  if (window == NULL)
    window = GTK_WINDOW (ludo_window_new (ADW_APPLICATION (self)));
  return LUDO_WINDOW (window);
}

static void
ludo_application_activate (GApplication *app)
{
  gboolean created;
  LudoWindow *window = get_window (LUDO_APPLICATION (app), &created);

  if (created)
    ludo_window_check_autosave (window);
  gtk_window_present (GTK_WINDOW (window));
}

static void
ludo_application_open (GApplication  *app,
                       GFile        **files,
                       int            n_files,
                       const char    *hint)
{
  gboolean created;
  LudoWindow *window = get_window (LUDO_APPLICATION (app), &created);

  gtk_window_present (GTK_WINDOW (window));
  /* one game per window: the last file wins, errors are shown for each */
  for (int i = 0; i < n_files; i++)
    ludo_window_open_file (window, files[i], NULL, NULL);
  if (created && ludo_window_get_game (window) == NULL)
    ludo_window_check_autosave (window);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  static const char *developers[] = { "Ludoteka developers", NULL };
  GtkApplication *app = user_data;
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (app),
                        "application-name", _("Ludoteka"),
                        "application-icon", APP_ID,
                        "developer-name", _("The Ludoteka developers"),
                        "version", PACKAGE_VERSION,
                        "developers", developers,
                        "copyright", "© 2026 The Ludoteka developers",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        /* Translators: put your names here, one per line */
                        "translator-credits", _("translator-credits"),
                        "comments", _("Five forgotten board games, played again: Emperor Chess and Spider Web "
                                      "from Hungarian patents of 1900 and 1906, Kombi from a Hungarian patent, "
                                      "Yakov Feldman’s Levels and the two-player Mastermind Logik."),
                        NULL);
  /* the sources of the games there are, from the registry */
  {
    guint n_games;
    const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);
    g_autoptr(GPtrArray) sources = g_ptr_array_new_with_free_func (g_free);

    for (guint i = 0; i < n_games; i++)
      /* Translators: a game and its historical source, in the About window */
      g_ptr_array_add (sources, g_strdup_printf (_("%s: %s"), _(games[i]->name), _(games[i]->origin)));
    g_ptr_array_add (sources, NULL);
    adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), _("Historical sources"),
                                         (const char **) sources->pdata);
  }
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

/* The application's style.css comes by itself; each game's own comes
 * with the game, as games/ID/style.css. */
static void
load_game_styles (void)
{
  g_auto(GStrv) games = g_resources_enumerate_children (GAMES_PATH, 0, NULL);

  for (guint i = 0; games && games[i]; i++)
    {
      g_autofree char *path = g_strconcat (GAMES_PATH "/", games[i], "style.css", NULL);
      g_autoptr(GtkCssProvider) provider = NULL;

      if (!g_resources_get_info (path, 0, NULL, NULL, NULL))
        continue;
      provider = gtk_css_provider_new ();
      gtk_css_provider_load_from_resource (provider, path);
      gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
}

static void
ludo_application_startup (GApplication *app)
{
  static const GActionEntry entries[] = {
    { "about", about_action },
    { "quit", quit_action },
  };

  G_APPLICATION_CLASS (ludo_application_parent_class)->startup (app);
  load_game_styles ();

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", (const char *[]) { "<Control>q", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "window.close", (const char *[]) { "<Control>w", NULL });
}

static void
ludo_application_class_init (LudoApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = ludo_application_activate;
  app_class->open = ludo_application_open;
  app_class->startup = ludo_application_startup;
}

static void
ludo_application_init (LudoApplication *self)
{
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Plays five forgotten board games. FILE is a saved game (.ludoteka) to open."));
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
}

LudoApplication *
ludo_application_new (void)
{
  return g_object_new (LUDO_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}
