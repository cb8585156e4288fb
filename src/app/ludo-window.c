/* ludo-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window shows the game chooser, or a game: a LudoSession, which
 * decides who sees what and who moves, rendered by a LudoGamePage. The
 * window keeps its header bar and actions in step with the session, opens
 * files and offers the unfinished games. Its actions and dialogs are in
 * ludo-window-actions.c.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "app/ludo-accessible.h"
#include "app/ludo-game-chooser.h"
#include "app/ludo-new-game-dialog.h"
#include "app/ludo-stats-window.h"
#include "app/ludo-window-private.h"
#include "core/ludo-registry.h"

G_DEFINE_FINAL_TYPE (LudoWindow, ludo_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_SESSION,
  PROP_PAUSED,
  PROP_REPLAY_PLAYING,
  PROP_SIDE_PANEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
in_game (LudoWindow *self)
{
  return self->session != NULL &&
         g_str_equal (gtk_stack_get_visible_child_name (GTK_STACK (self->stack)), "game");
}

void
_ludo_window_toast (LudoWindow *self,
                    const char *text)
{
  /* a toast's title is Pango markup: file names and messages are not */
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (self->toast_overlay), adw_toast_new (escaped));
}

void
_ludo_window_show_error (LudoWindow *self,
                         const char *heading,
                         const char *body)
{
  GtkWidget *dialog = ludo_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ------------------------------------------------------------------------ */
/* Keeping up with the session                                               */

static void
update_title (LudoWindow *self)
{
  AdwWindowTitle *title = ADW_WINDOW_TITLE (self->window_title);

  if (in_game (self))
    {
      LudoGame *game = ludo_session_get_game (self->session);
      GFile *file = ludo_session_get_file (self->session);
      g_autofree char *name = file ? g_file_get_basename (file) : NULL;
      g_autofree char *window_title = NULL;

      adw_window_title_set_title (title, _(ludo_game_get_info (game)->name));
      adw_window_title_set_subtitle (title, name ? name : "");
      /* the window's own title names it to the window list and to screen
       * readers: "GAME — Ludoteka" */
      window_title = g_strdup_printf (_("%s — Ludoteka"), _(ludo_game_get_info (game)->name));
      gtk_window_set_title (GTK_WINDOW (self), window_title);
    }
  else
    {
      adw_window_title_set_title (title, _("Ludoteka"));
      adw_window_title_set_subtitle (title, "");
      gtk_window_set_title (GTK_WINDOW (self), _("Ludoteka"));
    }
}

static void
update_actions (LudoWindow *self)
{
  GtkWidget *w = GTK_WIDGET (self);
  LudoSession *session = self->session;
  LudoGame *game = session ? ludo_session_get_game (session) : NULL;
  gboolean shown = in_game (self);
  gboolean replaying = session && ludo_session_get_replaying (session);
  gboolean live = shown && !replaying;
  gboolean demo = session && ludo_session_get_demo (session);
  guint position = game ? ludo_game_get_position (game) : 0;
  guint n = game ? ludo_game_get_n_moves (game) : 0;

  /* undo and redo may change the position behind the privacy screen;
   * the session never shows it until the person to move confirms */
  gtk_widget_action_set_enabled (w, "win.undo", live && ludo_session_can_undo (session));
  gtk_widget_action_set_enabled (w, "win.redo", live && ludo_session_can_redo (session));
  gtk_widget_action_set_enabled (w, "win.save", session != NULL);
  gtk_widget_action_set_enabled (w, "win.save-as", session != NULL);
  gtk_widget_action_set_enabled (w, "win.export-board", shown && !ludo_session_get_privacy (session));
  gtk_widget_action_set_enabled (w, "win.export-moves", session != NULL);
  gtk_widget_action_set_enabled (w, "win.replay", shown && (replaying || n > 0));
  gtk_widget_action_set_enabled (w, "win.replay-first", replaying && position > 0);
  gtk_widget_action_set_enabled (w, "win.replay-back", replaying && position > 0);
  gtk_widget_action_set_enabled (w, "win.replay-forward", replaying && position < n);
  gtk_widget_action_set_enabled (w, "win.replay-last", replaying && position < n);
  gtk_widget_action_set_enabled (w, "win.replay-playing", replaying);
  gtk_widget_action_set_enabled (w, "win.replay-continue", replaying);
  gtk_widget_action_set_enabled (w, "win.review", shown && ludo_session_can_review (session) &&
                                                  !ludo_session_get_reviewing (session));
  gtk_widget_action_set_enabled (w, "win.review-cancel", session && ludo_session_get_reviewing (session));
  gtk_widget_action_set_enabled (w, "win.next-mistake", replaying && ludo_session_find_mistake (session, TRUE) >= 0);
  gtk_widget_action_set_enabled (w, "win.previous-mistake", replaying && ludo_session_find_mistake (session, FALSE) >= 0);
  gtk_widget_action_set_enabled (w, "win.hint", live && ludo_session_get_can_move (session));
  gtk_widget_action_set_enabled (w, "win.paused", live && demo);
  gtk_widget_action_set_enabled (w, "win.side-panel", shown);
  gtk_widget_set_visible (self->pause_button, shown && demo);
  if (self->mode_keys)
    gtk_event_controller_set_propagation_phase (self->mode_keys,
                                                replaying || (live && demo) ? GTK_PHASE_CAPTURE : GTK_PHASE_NONE);
  /* the chooser itself starts games: the game's buttons go with the game */
  gtk_widget_set_visible (self->back_button, shown);
  gtk_widget_set_visible (self->new_game_button, shown);
  gtk_widget_set_visible (self->undo_box, shown);
  gtk_widget_set_visible (self->hint_button, shown);
  gtk_widget_set_visible (self->side_button, shown);
}

void
_ludo_window_update (LudoWindow *self)
{
  update_title (self);
  update_actions (self);
}

static void
session_notify_cb (LudoWindow *self,
                   GParamSpec *pspec)
{
  _ludo_window_update (self);
  /* the window's property actions show the session's */
  if (g_str_equal (pspec->name, "paused"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
  else if (g_str_equal (pspec->name, "replay-playing"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLAY_PLAYING]);
}

static void
notice_cb (LudoWindow *self,
           const char *text)
{
  _ludo_window_toast (self, text);
}

/* An open Statistics window shows the new count. */
static void
statistics_changed_cb (LudoWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  for (GList *l = app ? gtk_application_get_windows (app) : NULL; l; l = l->next)
    if (LUDO_IS_STATS_WINDOW (l->data))
      ludo_stats_window_reload (l->data);
}

static void
disconnect_session (LudoWindow *self)
{
  if (self->session == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (self->session_handlers); i++)
    g_clear_signal_handler (&self->session_handlers[i], self->session);
  g_clear_signal_handler (&self->game_handler, ludo_session_get_game (self->session));
}

/* The game page is built when the first game starts, not with the window:
 * the window then comes up sooner and smaller with the game chooser. */
static void
ensure_page (LudoWindow *self)
{
  if (self->page != NULL)
    return;
  self->page = g_object_new (LUDO_TYPE_GAME_PAGE, NULL);
  gtk_stack_add_named (GTK_STACK (self->stack), self->page, "game");
  g_object_bind_property (self, "side-panel", self->page, "side-panel",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
}

/* Shows session; the session shown before goes, its autosave too if
 * discard (another game takes its place) or kept for the next start. */
static void
set_session (LudoWindow  *self,
             LudoSession *session,
             gboolean     discard)
{
  LudoGame *game = ludo_session_get_game (session);

  ensure_page (self);
  if (self->session && discard)
    ludo_session_discard (self->session);
  disconnect_session (self);
  g_set_object (&self->session, session);
  /* files asked for before this game are not shown over it */
  self->shown_serial = self->open_serial;

  self->session_handlers[0] = g_signal_connect_swapped (session, "notify", G_CALLBACK (session_notify_cb), self);
  self->session_handlers[1] = g_signal_connect_swapped (session, "notice", G_CALLBACK (notice_cb), self);
  self->session_handlers[2] = g_signal_connect_swapped (session, "statistics-changed",
                                                        G_CALLBACK (statistics_changed_cb), self);
  self->game_handler = g_signal_connect_swapped (game, "position-changed", G_CALLBACK (_ludo_window_update), self);
  ludo_game_page_set_session (LUDO_GAME_PAGE (self->page), session);
  g_settings_set_string (self->settings, "last-game", ludo_game_get_id (game));

  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "game");
  ludo_session_set_suspended (session, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
  _ludo_window_update (self);
  ludo_game_page_focus_board (LUDO_GAME_PAGE (self->page));
}

void
ludo_window_set_game (LudoWindow *self,
                      LudoGame   *game,
                      GFile      *file)
{
  g_autoptr(LudoSession) session = NULL;

  g_return_if_fail (LUDO_IS_WINDOW (self));
  g_return_if_fail (LUDO_IS_GAME (game));

  session = ludo_session_new (game, file);
  set_session (self, session, TRUE);
}

LudoSession *
ludo_window_get_session (LudoWindow *self)
{
  g_return_val_if_fail (LUDO_IS_WINDOW (self), NULL);
  return self->session;
}

/* ------------------------------------------------------------------------ */
/* The chooser and the unfinished games                                      */

/* "GAME" / "12 moves · last played 7 December 2026, 10:31 ·
 * game.ludoteka" */
static char *
describe_unfinished (LudoGame   *game,
                     GDateTime  *when,
                     GFile      *file)
{
  guint n = ludo_game_get_n_moves (game);
  g_autofree char *moves = g_strdup_printf (ngettext ("%u move", "%u moves", n), n);
  g_autofree char *date = when ? g_date_time_format (when, "%x %H:%M") : NULL;
  g_autofree char *played = date ? g_strdup_printf (_("last played %s"), date) : NULL;
  g_autofree char *name = file ? g_file_get_basename (file) : NULL;
  GString *text = g_string_new (moves);

  if (played)
    /* Translators: the parts of an unfinished game's description */
    g_string_append_printf (text, _(" · %s"), played);
  if (name)
    g_string_append_printf (text, _(" · %s"), name);
  return g_string_free (text, FALSE);
}

/* The chooser offers the game on this window's board first (if it is not
 * over), then the unfinished games nobody plays, newest first. */
static void
offer_unfinished (LudoWindow *self)
{
  g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) descriptions = g_ptr_array_new_with_free_func (g_free);

  if (self->session && !ludo_game_is_over (ludo_session_get_game (self->session)))
    {
      LudoGame *game = ludo_session_get_game (self->session);

      /* Translators: a row of the game chooser: the game on the board of this window */
      g_ptr_array_add (titles, g_strdup_printf (_("Back to %s"), _(ludo_game_get_info (game)->name)));
      g_ptr_array_add (descriptions, describe_unfinished (game, NULL, ludo_session_get_file (self->session)));
    }
  for (guint i = 0; self->unfinished && i < self->unfinished->len; i++)
    {
      LudoAutosaveEntry *entry = self->unfinished->pdata[i];

      g_ptr_array_add (titles, g_strdup (_(ludo_game_get_info (entry->game)->name)));
      g_ptr_array_add (descriptions, describe_unfinished (entry->game, entry->saved, entry->origin));
    }
  g_ptr_array_add (titles, NULL);
  g_ptr_array_add (descriptions, NULL);
  ludo_game_chooser_set_unfinished (LUDO_GAME_CHOOSER (self->chooser),
                                    (const char * const *) titles->pdata,
                                    (const char * const *) descriptions->pdata);
}

static void
unfinished_found_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(LudoWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = ludo_autosave_list_finish (result, &error);

  if (entries == NULL)
    return;
  g_clear_pointer (&self->unfinished, g_ptr_array_unref);
  self->unfinished = g_ptr_array_new_with_free_func ((GDestroyNotify) ludo_autosave_entry_free);
  for (guint i = 0; i < entries->len; i++)
    {
      LudoAutosaveEntry *entry = entries->pdata[i];

      if (entry->game)
        g_ptr_array_add (self->unfinished, g_steal_pointer (&entries->pdata[i]));
      else if (entry->kept)
        {
          g_autofree char *text = g_strdup_printf (_("An unfinished game could not be read. It is kept as “%s”."),
                                                   entry->kept);
          g_debug ("%s: %s", entry->path, entry->error->message);
          _ludo_window_toast (self, text);
        }
    }
  offer_unfinished (self);
}

void
ludo_window_find_unfinished (LudoWindow *self)
{
  g_return_if_fail (LUDO_IS_WINDOW (self));

  if (self->unfinished_cancellable)
    g_cancellable_cancel (self->unfinished_cancellable);
  g_set_object (&self->unfinished_cancellable, g_cancellable_new ());
  ludo_autosave_list_async (self->unfinished_cancellable, unfinished_found_cb, g_object_ref (self));
}

void
ludo_window_show_chooser (LudoWindow *self)
{
  g_return_if_fail (LUDO_IS_WINDOW (self));

  if (self->session)
    ludo_session_set_suspended (self->session, TRUE);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "chooser");
  offer_unfinished (self);
  ludo_window_find_unfinished (self);
  _ludo_window_update (self);
}

GPtrArray *
ludo_window_get_unfinished (LudoWindow *self)
{
  g_return_val_if_fail (LUDO_IS_WINDOW (self), NULL);
  return self->unfinished;
}

/* The game left unfinished is taken up where it was, in its autosave and
 * with its file; the game on this board (if any) is kept for later. */
void
ludo_window_resume (LudoWindow *self,
                    guint       index)
{
  g_autoptr(LudoSession) session = NULL;
  LudoAutosaveEntry *entry;

  g_return_if_fail (LUDO_IS_WINDOW (self));
  g_return_if_fail (self->unfinished && index < self->unfinished->len);

  entry = self->unfinished->pdata[index];
  session = ludo_session_new_resumed (entry->game, entry->origin, entry->id);
  g_ptr_array_remove_index (self->unfinished, index);
  if (self->load_cancellable)
    g_cancellable_cancel (self->load_cancellable);
  g_set_object (&self->load_cancellable, g_cancellable_new ());
  set_session (self, session, FALSE);
}

static void
resume_activated_cb (LudoWindow *self,
                     guint       index)
{
  gboolean current = self->session && !ludo_game_is_over (ludo_session_get_game (self->session));

  if (current && index == 0)
    {
      /* back to the game on the board */
      gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "game");
      ludo_session_set_suspended (self->session, FALSE);
      _ludo_window_update (self);
      ludo_game_page_focus_board (LUDO_GAME_PAGE (self->page));
      return;
    }
  ludo_window_resume (self, index - (current ? 1 : 0));
}

/* ------------------------------------------------------------------------ */
/* Replacing the game                                                        */

static void
abandon_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     LudoWindow       *self)
{
  LudoGame *game = g_object_get_data (G_OBJECT (dialog), "game");
  GFile *file = g_object_get_data (G_OBJECT (dialog), "file");

  if (g_str_equal (response, "abandon"))
    ludo_window_set_game (self, game, file);
}

/* What replaces the game on the board from the window's own commands
 * (a new game, Open): asks first if that abandons a game in progress. */
void
_ludo_window_replace_game (LudoWindow *self,
              LudoGame   *game,
              GFile      *file)
{
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (self->session == NULL || !ludo_session_is_in_progress (self->session) ||
      !g_settings_get_boolean (self->settings, "confirm-abandon"))
    {
      ludo_window_set_game (self, game, file);
      return;
    }
  body = g_strdup_printf (_("The game of %s on the board is not finished, and its last moves are not saved. "
                            "They are lost if another game takes its place."),
                          _(ludo_game_get_info (ludo_session_get_game (self->session))->name));
  dialog = ludo_message_dialog_new (GTK_WINDOW (self), _("Abandon the Game in Progress?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Keep Playing"),
                                    "abandon", _("_Abandon Game"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "abandon", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "game", g_object_ref (game), g_object_unref);
  if (file)
    g_object_set_data_full (G_OBJECT (dialog), "file", g_object_ref (file), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (abandon_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A new game or the resumed one replaces whatever was being read. */
static void
cancel_loading (LudoWindow *self)
{
  g_cancellable_cancel (self->load_cancellable);
  g_set_object (&self->load_cancellable, g_cancellable_new ());
}

static void
game_created_cb (LudoWindow *self,
                 LudoGame   *game)
{
  cancel_loading (self);
  _ludo_window_replace_game (self, game, NULL);
}

GtkWindow *
ludo_window_new_game_dialog (LudoWindow *self,
                             const char *game_id)
{
  g_autofree char *last = g_settings_get_string (self->settings, "last-game");
  LudoNewGameDialog *dialog;

  if (game_id == NULL && self->session)
    game_id = ludo_game_get_id (ludo_session_get_game (self->session));
  /* with no game on the screen, Ctrl+N starts the kind played last */
  if (game_id == NULL && ludo_registry_lookup (last))
    game_id = last;
  if (game_id == NULL)
    {
      ludo_window_show_chooser (self);
      return NULL;
    }
  dialog = ludo_new_game_dialog_new (GTK_WINDOW (self), game_id, self->settings);
  g_signal_connect_swapped (dialog, "game-created", G_CALLBACK (game_created_cb), self);
  /* take the keyboard back, also where no window manager hands it over */
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (gtk_window_present), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

static void
game_activated_cb (LudoWindow *self,
                   const char *game_id)
{
  ludo_window_new_game_dialog (self, game_id);
}

/* ------------------------------------------------------------------------ */
/* What the tests and the application look at                                */

LudoGame *
ludo_window_get_game (LudoWindow *self)
{
  g_return_val_if_fail (LUDO_IS_WINDOW (self), NULL);
  return self->session ? ludo_session_get_game (self->session) : NULL;
}

LudoGameView *
ludo_window_get_view (LudoWindow *self)
{
  g_return_val_if_fail (LUDO_IS_WINDOW (self), NULL);
  return self->page ? ludo_game_page_get_view (LUDO_GAME_PAGE (self->page)) : NULL;
}

GFile *
ludo_window_get_file (LudoWindow *self)
{
  g_return_val_if_fail (LUDO_IS_WINDOW (self), NULL);
  return self->session ? ludo_session_get_file (self->session) : NULL;
}

gboolean
ludo_window_is_thinking (LudoWindow *self)
{
  return self->session && ludo_session_is_computer_busy (self->session);
}

gboolean
ludo_window_is_replaying (LudoWindow *self)
{
  return self->session && ludo_session_get_replaying (self->session);
}

gboolean
ludo_window_privacy_shown (LudoWindow *self)
{
  return self->page && ludo_game_page_privacy_shown (LUDO_GAME_PAGE (self->page));
}

gboolean
ludo_window_is_blank (LudoWindow *self)
{
  g_return_val_if_fail (LUDO_IS_WINDOW (self), FALSE);
  return self->session == NULL && self->open_serial == 0;
}

const char *
ludo_window_get_status (LudoWindow *self)
{
  return self->page ? ludo_game_page_get_status (LUDO_GAME_PAGE (self->page)) : "";
}

/* ------------------------------------------------------------------------ */

static void
ludo_window_dispose (GObject *object)
{
  LudoWindow *self = LUDO_WINDOW (object);

  disconnect_session (self);
  if (self->shortcuts)
    {
      gtk_window_destroy (GTK_WINDOW (self->shortcuts));
      self->shortcuts = NULL;
    }
  if (self->load_cancellable)
    g_cancellable_cancel (self->load_cancellable);
  if (self->unfinished_cancellable)
    g_cancellable_cancel (self->unfinished_cancellable);
  g_clear_object (&self->load_cancellable);
  g_clear_object (&self->unfinished_cancellable);
  g_clear_pointer (&self->unfinished, g_ptr_array_unref);
  /* the page lets go of the session before the session goes: an
   * unfinished game's autosave stays for the next start */
  if (self->page)
    ludo_game_page_set_session (LUDO_GAME_PAGE (self->page), NULL);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ludo_window_parent_class)->dispose (object);
}

static void
ludo_window_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  LudoWindow *self = LUDO_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->session && ludo_session_get_paused (self->session));
      break;
    case PROP_REPLAY_PLAYING:
      g_value_set_boolean (value, self->session && ludo_session_get_replay_playing (self->session));
      break;
    case PROP_SIDE_PANEL:
      g_value_set_boolean (value, self->side_panel);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_window_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  LudoWindow *self = LUDO_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PAUSED:
      if (self->session)
        ludo_session_set_paused (self->session, g_value_get_boolean (value));
      break;
    case PROP_REPLAY_PLAYING:
      if (self->session)
        ludo_session_set_replay_playing (self->session, g_value_get_boolean (value));
      break;
    case PROP_SIDE_PANEL:
      if (self->side_panel != g_value_get_boolean (value))
        {
          self->side_panel = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_window_class_init (LudoWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ludo_window_dispose;
  object_class->get_property = ludo_window_get_property;
  object_class->set_property = ludo_window_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, LUDO_TYPE_SESSION,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* the session's, for the property actions win.paused and
   * win.replay-playing */
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REPLAY_PLAYING] =
    g_param_spec_boolean ("replay-playing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIDE_PANEL] =
    g_param_spec_boolean ("side-panel", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (LUDO_TYPE_GAME_CHOOSER);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LudoWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, LudoWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, LudoWindow, undo_box);
  gtk_widget_class_bind_template_child (widget_class, LudoWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, LudoWindow, side_button);
  gtk_widget_class_bind_template_child (widget_class, LudoWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, LudoWindow, pause_button);
  gtk_widget_class_bind_template_child (widget_class, LudoWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, LudoWindow, chooser);
  gtk_widget_class_bind_template_callback (widget_class, game_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, resume_activated_cb);

  _ludo_window_class_actions_init (widget_class);
}

/* Keys that only mean something during a replay or a demo: they are taken
 * before the board sees them, so the controller only listens in those modes
 * (a shortcut of a disabled action would still swallow its key). */
static void
add_mode_shortcuts (LudoWindow *self)
{
  static const struct {
    guint       key;
    const char *action;
  } keys[] = {
    { GDK_KEY_Home, "win.replay-first" },
    { GDK_KEY_Left, "win.replay-back" },
    { GDK_KEY_Right, "win.replay-forward" },
    { GDK_KEY_End, "win.replay-last" },
    { GDK_KEY_space, "win.replay-playing" },
    { GDK_KEY_Page_Down, "win.next-mistake" },
    { GDK_KEY_Page_Up, "win.previous-mistake" },
    { GDK_KEY_p, "win.paused" },
    { GDK_KEY_Pause, "win.paused" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, 0),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
  self->mode_keys = controller;
}

static void
ludo_window_init (LudoWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ludo_accessible_strip_mnemonics (GTK_WIDGET (self));

  self->load_cancellable = g_cancellable_new ();
  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "side-panel", self, "side-panel", G_SETTINGS_BIND_DEFAULT);

  add_mode_shortcuts (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "chooser");
  _ludo_window_update (self);
}

LudoWindow *
ludo_window_new (AdwApplication *application)
{
  return g_object_new (LUDO_TYPE_WINDOW, "application", application, NULL);
}
