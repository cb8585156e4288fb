/* ludo-window-actions.c — the window's actions and the dialogs they open
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Menus, buttons, keys and tests all drive the window through these
 * actions; what they do to the game, the session decides.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "app/ludo-accessible.h"
#include "app/ludo-export-view.h"
#include "app/ludo-rules-view.h"
#include "app/ludo-stats-window.h"
#include "app/ludo-window-private.h"
#include "core/ludo-export.h"
#include "core/ludo-registry.h"
#include "core/ludo-save.h"

static LudoGame *
game_of (LudoWindow *self)
{
  return ludo_session_get_game (self->session);
}

/* ------------------------------------------------------------------------ */
/* Playing                                                                   */

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  ludo_window_new_game_dialog (LUDO_WINDOW (widget), NULL);
}

static void
choose_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ludo_window_show_chooser (LUDO_WINDOW (widget));
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);

  if (g_str_equal (action_name, "win.undo"))
    ludo_session_undo (self->session);
  else
    ludo_session_redo (self->session);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ludo_session_hint (LUDO_WINDOW (widget)->session);
}

/* ------------------------------------------------------------------------ */
/* Replay                                                                    */

static void
replay_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);

  if (!ludo_session_get_replaying (self->session))
    ludo_session_start_replay (self->session);
  else
    ludo_session_end_replay (self->session);   /* back to the game as it was */
}

static void
review_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);

  if (self->session == NULL)
    return;
  if (g_str_equal (action_name, "win.review"))
    ludo_session_review (self->session);
  else if (g_str_equal (action_name, "win.review-cancel"))
    ludo_session_cancel_review (self->session);
  else
    ludo_session_seek_mistake (self->session, g_str_equal (action_name, "win.next-mistake"));
}

static void
replay_step_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);
  guint position = ludo_game_get_position (game_of (self));
  guint n = ludo_game_get_n_moves (game_of (self));

  if (g_str_equal (action_name, "win.replay-first"))
    position = 0;
  else if (g_str_equal (action_name, "win.replay-back"))
    position = position > 0 ? position - 1 : 0;
  else if (g_str_equal (action_name, "win.replay-forward"))
    position = MIN (position + 1, n);
  else
    position = n;
  ludo_session_seek (self->session, position);
}

static void
replay_continue_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  ludo_session_continue_from_here (LUDO_WINDOW (widget)->session);
}

/* ------------------------------------------------------------------------ */
/* Opening files (in the background)                                                             */

typedef struct {
  GFile *file;
  guint  serial;
} OpenData;

static void
open_data_free (OpenData *data)
{
  g_object_unref (data->file);
  g_free (data);
}

static void
show_open_error (LudoWindow *self,
                 GFile      *file,
                 const char *message)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);

  _ludo_window_show_error (self, heading, message);
}

static void
file_loaded_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  LudoWindow *self = g_task_get_source_object (task);
  OpenData *data = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoGame) game = ludo_save_read_finish (result, &error);

  if (game == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_open_error (self, data->file, error->message);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* of several files, the last asked for wins, whichever is read first */
  if (data->serial > self->shown_serial)
    {
      _ludo_window_replace_game (self, game, data->file);
      self->shown_serial = data->serial;
    }
  g_task_return_boolean (task, TRUE);
}

void
ludo_window_open_file (LudoWindow          *self,
                       GFile               *file,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *path = NULL;
  OpenData *data;

  g_return_if_fail (LUDO_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, self->load_cancellable, callback, user_data);
  g_task_set_source_tag (task, ludo_window_open_file);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      show_open_error (self, file, _("Only local files can be opened."));
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               "%s", _("Only local files can be opened."));
      return;
    }

  data = g_new0 (OpenData, 1);
  data->file = g_object_ref (file);
  data->serial = ++self->open_serial;
  g_task_set_task_data (task, data, (GDestroyNotify) open_data_free);
  /* read in a worker thread: no file keeps the window busy */
  ludo_save_read_async (path, self->load_cancellable, file_loaded_cb, g_steal_pointer (&task));
}

gboolean
ludo_window_open_file_finish (LudoWindow    *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ------------------------------------------------------------------------ */
/* Files                                                                     */

static void save_as_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter);

static GtkFileFilter *
save_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Ludoteka games"));
  gtk_file_filter_add_mime_type (filter, "application/x-ludoteka");
  gtk_file_filter_add_pattern (filter, "*.ludoteka");
  return filter;
}

static void
saved (LudoWindow *self,
       GFile      *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *text = g_strdup_printf (_("Saved as “%s”"), name);

  _ludo_window_toast (self, text);
  _ludo_window_update (self);
}

static void
save_refused_cb (AdwMessageDialog *dialog,
                 const char       *response,
                 LudoWindow       *self)
{
  GFile *file = g_object_get_data (G_OBJECT (dialog), "file");
  g_autoptr(GError) error = NULL;

  if (self->session == NULL)
    return;
  if (g_str_equal (response, "save-as"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.save-as", NULL);
  else if (g_str_equal (response, "overwrite"))
    {
      if (ludo_session_save (self->session, file, LUDO_SESSION_SAVE_OVERWRITE_CHANGED, &error))
        saved (self, file);
      else
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);
          _ludo_window_show_error (self, heading, error->message);
        }
    }
}

/* The file is read-only, or changed on disk since it was read or written
 * here: say so, and offer to save elsewhere (or over it after all, if it
 * only changed), as GNOME Text Editor does. */
static void
ask_about_refusal (LudoWindow   *self,
                   GFile        *file,
                   const GError *error)
{
  g_autofree char *name = g_file_get_basename (file);
  gboolean read_only = g_error_matches (error, LUDO_SESSION_ERROR, LUDO_SESSION_ERROR_READ_ONLY);
  g_autofree char *heading = read_only ? g_strdup_printf (_("“%s” Is Read-Only"), name)
                                       : g_strdup_printf (_("“%s” Changed on Disk"), name);
  const char *body = read_only ? _("Its permissions keep it from being written over. "
                                   "Save the game under another name instead.")
                               : _("Another program or window saved this file after it was opened "
                                   "or saved here. Saving now replaces what is there with this game.");
  GtkWidget *dialog = ludo_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"));
  if (!read_only)
    {
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "overwrite", _("Save _Anyway"));
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "overwrite",
                                                  ADW_RESPONSE_DESTRUCTIVE);
    }
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "save-as", _("Save _As…"));
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save-as", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save-as");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "file", g_object_ref (file), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (save_refused_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
ludo_window_save_to_file (LudoWindow  *self,
                          GFile       *file,
                          GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (LUDO_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (self->session != NULL, FALSE);

  if (ludo_session_save (self->session, file, LUDO_SESSION_SAVE_NONE, &local_error))
    {
      saved (self, file);
      return TRUE;
    }
  if (g_error_matches (local_error, LUDO_SESSION_ERROR, LUDO_SESSION_ERROR_READ_ONLY) ||
      g_error_matches (local_error, LUDO_SESSION_ERROR, LUDO_SESSION_ERROR_CHANGED_ON_DISK))
    ask_about_refusal (self, file, local_error);
  else
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);
      _ludo_window_show_error (self, heading, local_error->message);
    }
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

static void
open_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  LudoWindow      *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      ludo_window_open_file (self, file, NULL, NULL);
    }
  g_object_unref (dialog);
}

static void
save_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  LudoWindow      *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->session)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      /* the extension makes the file a Ludoteka game to the desktop */
      if (path && !g_str_has_suffix (path, ".ludoteka"))
        {
          g_autofree char *with = g_strconcat (path, ".ludoteka", NULL);
          g_set_object (&file, g_file_new_for_path (with));
        }
      ludo_window_save_to_file (self, file, NULL);
    }
  g_object_unref (dialog);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (_("Open a Game"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Open"), _("_Cancel"));

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), save_filter ());
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response_cb), self);
  ludo_accessible_show_file_chooser (GTK_NATIVE_DIALOG (dialog));
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (_("Save the Game"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                 _("_Save"), _("_Cancel"));
  GFile *file = ludo_session_get_file (self->session);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d %H.%M");
  g_autofree char *name = g_strdup_printf ("%s %s.ludoteka", _(ludo_game_get_info (game_of (self))->name), date);

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), save_filter ());
  if (file)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), file, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (save_response_cb), self);
  ludo_accessible_show_file_chooser (GTK_NATIVE_DIALOG (dialog));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);
  GFile *file = ludo_session_get_file (self->session);

  if (file)
    ludo_window_save_to_file (self, file, NULL);
  else
    save_as_action (widget, action_name, parameter);
}

/* ------------------------------------------------------------------------ */
/* Export                                                                    */

/* "GAME, move 12": the position shown, as a file name */
static char *
export_name (LudoWindow *self,
             const char *extension)
{
  /* Translators: a file name for an exported position: game name, move number */
  return g_strdup_printf (_("%s, move %u.%s"), _(ludo_game_get_info (game_of (self))->name),
                          ludo_game_get_position (game_of (self)), extension);
}

static void
exported (LudoWindow   *self,
          GFile        *file,
          const GError *error)
{
  g_autofree char *name = g_file_get_basename (file);

  if (error == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Exported as “%s”"), name);
      _ludo_window_toast (self, text);
    }
  else
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Export “%s”"), name);
      _ludo_window_show_error (self, heading, error->message);
    }
}

static void
export_board_response_cb (GtkNativeDialog *dialog,
                          int              response,
                          LudoWindow      *self)
{
  LudoGameView *view = ludo_window_get_view (self);

  if (response == GTK_RESPONSE_ACCEPT && view)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;

      ludo_export_view_save (GTK_WIDGET (view), file, &error);
      exported (self, file, error);
    }
  g_object_unref (dialog);
}

/* The board as it is shown, in the replay too: PNG, or SVG by its name. */
static void
export_board_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (_("Export the Board as a Picture"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  g_autofree char *name = export_name (self, "png");
  GtkFileFilter *png = gtk_file_filter_new ();
  GtkFileFilter *svg = gtk_file_filter_new ();

  gtk_file_filter_set_name (png, _("PNG pictures"));
  gtk_file_filter_add_mime_type (png, "image/png");
  gtk_file_filter_add_pattern (png, "*.png");
  gtk_file_filter_set_name (svg, _("SVG pictures (type a name ending in .svg)"));
  gtk_file_filter_add_mime_type (svg, "image/svg+xml");
  gtk_file_filter_add_pattern (svg, "*.svg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), png);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), svg);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (export_board_response_cb), self);
  ludo_accessible_show_file_chooser (GTK_NATIVE_DIALOG (dialog));
}

/* The moves up to the position shown, with only what the screen may show:
 * the session's viewer, which is nobody behind the privacy screen. */
gboolean
ludo_window_export_moves (LudoWindow  *self,
                          GFile       *file,
                          GError     **error)
{
  g_return_val_if_fail (self->session != NULL, FALSE);
  return ludo_export_moves_to_file (game_of (self), ludo_session_get_viewer (self->session), file, error);
}

static void
export_moves_response_cb (GtkNativeDialog *dialog,
                          int              response,
                          LudoWindow      *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->session)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;

      ludo_window_export_moves (self, file, &error);
      exported (self, file, error);
    }
  g_object_unref (dialog);
}

static void
export_moves_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (_("Export the Moves as Text"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  g_autofree char *name = export_name (self, "txt");
  GtkFileFilter *text = gtk_file_filter_new ();

  gtk_file_filter_set_name (text, _("Text files"));
  gtk_file_filter_add_mime_type (text, "text/plain");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), text);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (export_moves_response_cb), self);
  ludo_accessible_show_file_chooser (GTK_NATIVE_DIALOG (dialog));
}

/* ------------------------------------------------------------------------ */
/* Other windows                                                             */

/* One Statistics window for the application, opened at the current game. */
static void
statistics_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autofree char *last = g_settings_get_string (self->settings, "last-game");
  GtkWidget *stats = NULL;

  for (GList *l = app ? gtk_application_get_windows (app) : NULL; l && !stats; l = l->next)
    if (LUDO_IS_STATS_WINDOW (l->data))
      stats = l->data;
  if (stats == NULL)
    stats = ludo_stats_window_new (GTK_WINDOW (self));
  else
    ludo_stats_window_reload (LUDO_STATS_WINDOW (stats));
  ludo_stats_window_show_game (LUDO_STATS_WINDOW (stats), self->session ? ludo_game_get_id (game_of (self)) : last);
  gtk_window_present (GTK_WINDOW (stats));
}

static void
show_rules_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);

  if (self->session == NULL)
    {
      /* no game: the manual's index, in Help */
      g_autofree char *uri = ludo_rules_view_help_uri (NULL);

      gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
      return;
    }
  ludo_game_page_show_rules (LUDO_GAME_PAGE (self->page));
}

/* GtkShortcutsShortcut never wraps its title: the longest would make a
 * page wider than a 1024×768 screen, in every language. */
static void
wrap_shortcut_titles (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      /* the title, not the keys' labels */
      if (GTK_IS_LABEL (child) && gtk_widget_get_ancestor (child, GTK_TYPE_SHORTCUTS_SHORTCUT)
          && !gtk_widget_get_ancestor (child, GTK_TYPE_SHORTCUT_LABEL))
        {
          gtk_label_set_wrap (GTK_LABEL (child), TRUE);
          gtk_label_set_max_width_chars (GTK_LABEL (child), 30);
        }
      wrap_shortcut_titles (child);
    }
}

/* Each game's section of the shortcuts window comes from its folder
 * (src/games/ID/shortcuts.ui, in its resources as games/ID/shortcuts.ui:
 * a GtkShortcutsSection "shortcuts"), after the general one, in the
 * chooser's order, named by the game's id. GTK 4.8 has no call to add a
 * section; the window's GtkBuildable add_child () is how a .ui file adds
 * one. */
static void
add_game_shortcuts (GtkWidget *window)
{
  GtkBuildableIface *buildable = GTK_BUILDABLE_GET_IFACE (window);
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint i = 0; i < n_games; i++)
    {
      g_autofree char *path = g_strdup_printf (RESOURCE_BASE "/games/%s/shortcuts.ui", games[i]->id);
      g_autoptr(GtkBuilder) builder = gtk_builder_new ();
      g_autoptr(GError) error = NULL;
      GObject *section;

      if (!gtk_builder_add_from_resource (builder, path, &error) ||
          !GTK_IS_SHORTCUTS_SECTION (section = gtk_builder_get_object (builder, "shortcuts")))
        {
          g_critical ("%s has no section of the shortcuts window: %s", games[i]->id,
                      error ? error->message : "no GtkShortcutsSection “shortcuts”");
          continue;
        }
      g_object_set (section, "section-name", games[i]->id, NULL);
      buildable->add_child (GTK_BUILDABLE (window), builder, section, NULL);
    }
}

/* The shortcuts window is built the first time it is asked for, not with
 * every window as GtkApplication's gtk/help-overlay.ui would be: it is a
 * good part of a window's making, and most windows never show it. It
 * opens at the section of the game shown, named by its id. */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  LudoWindow *self = LUDO_WINDOW (widget);
  LudoGame *game = ludo_window_get_game (self);
  gboolean in_game = g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->stack)), "game") == 0;

  if (self->shortcuts == NULL)
    {
      g_autoptr(GtkBuilder) builder =
        gtk_builder_new_from_resource (RESOURCE_BASE "/ui/ludo-shortcuts-window.ui");

      self->shortcuts = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
      add_game_shortcuts (self->shortcuts);
      gtk_window_set_transient_for (GTK_WINDOW (self->shortcuts), GTK_WINDOW (self));
      gtk_window_set_hide_on_close (GTK_WINDOW (self->shortcuts), TRUE);
      ludo_accessible_name_shortcuts_window (self->shortcuts);
      wrap_shortcut_titles (self->shortcuts);
    }
  g_object_set (self->shortcuts, "section-name", game && in_game ? ludo_game_get_id (game) : "general", NULL);
  gtk_window_present (GTK_WINDOW (self->shortcuts));
}

/* ------------------------------------------------------------------------ */

void
_ludo_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_shortcuts_action);
  gtk_widget_class_install_action (widget_class, "win.choose-game", NULL, choose_game_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.replay", NULL, replay_action);
  gtk_widget_class_install_action (widget_class, "win.replay-first", NULL, replay_step_action);
  gtk_widget_class_install_action (widget_class, "win.replay-back", NULL, replay_step_action);
  gtk_widget_class_install_action (widget_class, "win.replay-forward", NULL, replay_step_action);
  gtk_widget_class_install_action (widget_class, "win.replay-last", NULL, replay_step_action);
  gtk_widget_class_install_action (widget_class, "win.replay-continue", NULL, replay_continue_action);
  gtk_widget_class_install_action (widget_class, "win.review", NULL, review_action);
  gtk_widget_class_install_action (widget_class, "win.review-cancel", NULL, review_action);
  gtk_widget_class_install_action (widget_class, "win.next-mistake", NULL, review_action);
  gtk_widget_class_install_action (widget_class, "win.previous-mistake", NULL, review_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.show-rules", NULL, show_rules_action);
  gtk_widget_class_install_action (widget_class, "win.statistics", NULL, statistics_action);
  gtk_widget_class_install_action (widget_class, "win.export-board", NULL, export_board_action);
  gtk_widget_class_install_action (widget_class, "win.export-moves", NULL, export_moves_action);
  gtk_widget_class_install_property_action (widget_class, "win.paused", "paused");
  gtk_widget_class_install_property_action (widget_class, "win.replay-playing", "replay-playing");
  gtk_widget_class_install_property_action (widget_class, "win.side-panel", "side-panel");

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new-game", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_S, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.hint", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "win.replay", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F1, 0, "win.show-rules", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.side-panel", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.choose-game", NULL);
}
