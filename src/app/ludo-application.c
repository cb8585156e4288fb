/* ludo-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#ifdef HAVE_MALLOC_TRIM
#include <malloc.h>
#endif

#include "core/ludo-registry.h"
#include "ludo-application.h"
#include "ludo-preferences-window.h"
#include "ludo-window.h"

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

#ifdef HAVE_MALLOC_TRIM
static gboolean
trim_cb (gpointer data)
{
  malloc_trim (0);
  return G_SOURCE_REMOVE;
}

static void
first_frame_cb (GdkFrameClock *clock,
                gpointer       data)
{
  g_signal_handlers_disconnect_by_func (clock, first_frame_cb, data);
  g_idle_add_full (G_PRIORITY_LOW, trim_cb, NULL, NULL);
}
#endif

/* Building and drawing the first window frees several MB (GTK's parsed
 * CSS and templates, the GL driver's shader compilation) that the
 * allocator would keep for the life of the process: once the first frame
 * is on screen, it is handed back. */
static void
trim_after_first_frame (GtkWindow *window)
{
#ifdef HAVE_MALLOC_TRIM
  static gboolean done;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));

  if (done || clock == NULL)
    return;
  done = TRUE;
  g_signal_connect (clock, "after-paint", G_CALLBACK (first_frame_cb), NULL);
#endif
}

static void
ludo_application_activate (GApplication *app)
{
  gboolean created;
  LudoWindow *window = get_window (LUDO_APPLICATION (app), &created);

  if (created)
    ludo_window_find_unfinished (window);
  gtk_window_present (GTK_WINDOW (window));
  trim_after_first_frame (GTK_WINDOW (window));
}

/* The window already showing file, if any. */
static LudoWindow *
find_window_for_file (LudoApplication *self,
                      GFile           *file)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    {
      GFile *shown;

      if (!LUDO_IS_WINDOW (l->data))
        continue;
      shown = ludo_window_get_file (l->data);
      if (shown != NULL && g_file_equal (shown, file))
        return l->data;
    }
  return NULL;
}

/* Each file gets a window of its own, so that opening a save never takes
 * the board from a game in progress: a window that shows the same file is
 * brought forward, a blank one (the game chooser) is used, and otherwise a
 * new window opens. A second "ludoteka FILE" lands here too, in the
 * instance already running (GApplication is single-instance over D-Bus). */
static void
ludo_application_open (GApplication  *app,
                       GFile        **files,
                       int            n_files,
                       const char    *hint)
{
  LudoApplication *self = LUDO_APPLICATION (app);

  for (int i = 0; i < n_files; i++)
    {
      LudoWindow *window = find_window_for_file (self, files[i]);
      GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (app));

      if (window == NULL)
        {
          if (LUDO_IS_WINDOW (active) && ludo_window_is_blank (LUDO_WINDOW (active)))
            window = LUDO_WINDOW (active);
          else
            {
              window = ludo_window_new (ADW_APPLICATION (app));
              /* the first window offers the unfinished games if the file fails */
              if (active == NULL)
                ludo_window_find_unfinished (window);
            }
          ludo_window_open_file (window, files[i], NULL, NULL);
        }
      gtk_window_present (GTK_WINDOW (window));
      trim_after_first_frame (GTK_WINDOW (window));
    }
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
                        /* the games themselves: the credits below, from the registry */
                        "comments", _("Forgotten board games from old patents and rule books, to play again"),
                        NULL);
  /* the games there are and their sources, from the registry */
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

/* One Preferences window for the application. */
static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  GtkApplication *app = user_data;
  GtkWindow *parent = gtk_application_get_active_window (app);
  GtkWidget *preferences = NULL;

  for (GList *l = gtk_application_get_windows (app); l && !preferences; l = l->next)
    if (LUDO_IS_PREFERENCES_WINDOW (l->data))
      preferences = l->data;
  if (preferences == NULL)
    preferences = ludo_preferences_window_new (parent);
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
ludo_application_startup (GApplication *app)
{
  static const GActionEntry entries[] = {
    { "about", about_action },
    { "preferences", preferences_action },
    { "quit", quit_action },
  };

  /* the application's style.css comes by itself; each game's with the
   * first game view (ludo_game_view_init) */
  G_APPLICATION_CLASS (ludo_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", (const char *[]) { "<Control>q", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay",
                                         (const char *[]) { "<Control>question", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", (const char *[]) { "<Control>comma", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "window.close", (const char *[]) { "<Control>w", NULL });
}

/* Ctrl+Q ends the main loop at once: the windows go here, and with them
 * their games, each unfinished one written to its autosave first. */
static void
ludo_application_shutdown (GApplication *app)
{
  GList *windows;

  while ((windows = gtk_application_get_windows (GTK_APPLICATION (app))) != NULL)
    gtk_window_destroy (windows->data);
  G_APPLICATION_CLASS (ludo_application_parent_class)->shutdown (app);
}

static void
ludo_application_class_init (LudoApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = ludo_application_activate;
  app_class->open = ludo_application_open;
  app_class->startup = ludo_application_startup;
  app_class->shutdown = ludo_application_shutdown;
}

/* What `ludoteka --help` says above the options: the games there are,
 * each with its one line from the chooser, from the registry; then what
 * FILE is (in the words of the MIME type's name for a save). */
static char *
option_summary (void)
{
  GString *text = g_string_new (_("Play forgotten board games"));
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  g_string_append (text, "\n");
  for (guint i = 0; i < n_games; i++)
    g_string_append_printf (text, "\n  %s — %s", _(games[i]->name), _(games[i]->summary));
  g_string_append_printf (text, "\n\n%s: %s (*.ludoteka)", _("FILE"), _("Ludoteka game"));
  return g_string_free (text, FALSE);
}

static void
ludo_application_init (LudoApplication *self)
{
  g_autofree char *summary = option_summary ();

  g_application_set_option_context_summary (G_APPLICATION (self), summary);
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
