/* ludo-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window owns the game being played and decides, after every change,
 * who may see what (the viewer), whether a person may move (the view is
 * interactive), when the computer thinks (in a worker thread, through
 * LudoAi) and whether the privacy screen must hide the board before the
 * device is handed to the next person.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "app/ludo-accessible.h"
#include "app/ludo-export-view.h"
#include "app/ludo-game-chooser.h"
#include "app/ludo-move-list.h"
#include "app/ludo-new-game-dialog.h"
#include "app/ludo-replay-bar.h"
#include "app/ludo-rules-view.h"
#include "app/ludo-stats-window.h"
#include "app/ludo-window.h"
#include "core/ludo-ai.h"
#include "core/ludo-export.h"
#include "core/ludo-registry.h"
#include "core/ludo-save.h"
#include "core/ludo-stats.h"

/* A demo waits this long between moves, so that people can follow it
 * (LUDOTEKA_DEMO_DELAY_MS overrides it, for tests). */
#define DEMO_DELAY_MS 900

static guint
demo_delay (void)
{
  const char *env = g_getenv ("LUDOTEKA_DEMO_DELAY_MS");
  guint64 ms;

  if (env && g_ascii_string_to_unsigned (env, 10, 0, 60000, &ms, NULL))
    return (guint) ms;
  return DEMO_DELAY_MS;
}

struct _LudoWindow
{
  AdwApplicationWindow parent_instance;

  GtkWidget    *shortcuts;   /* built when first asked for */
  GtkWidget    *toast_overlay;
  GtkWidget    *back_button;
  GtkWidget    *new_game_button;
  GtkWidget    *undo_box;
  GtkWidget    *hint_button;
  GtkWidget    *side_button;
  GtkWidget    *window_title;
  GtkWidget    *pause_button;
  GtkWidget    *stack;
  GtkWidget    *chooser;
  /* the game page, from ludo-game-page.ui: NULL until the first game */
  GtkWidget    *flap;
  GtkWidget    *result_revealer;
  GtkWidget    *result_title;
  GtkWidget    *result_label;
  GtkWidget    *thinking_spinner;
  GtkWidget    *status_label;
  GtkWidget    *last_move_label;
  GtkWidget    *board_stack;
  GtkWidget    *view_bin;
  GtkWidget    *privacy_page;
  GtkWidget    *privacy_button;
  GtkWidget    *replay_revealer;
  GtkWidget    *replay_bar;
  GtkWidget    *side_stack;
  GtkWidget    *move_list;
  GtkWidget    *rules_view;
  GtkEventController *mode_keys;

  GSettings    *settings;
  LudoGame     *game;
  LudoGameView *view;
  GFile        *file;
  LudoGame     *autosaved;         /* an unfinished game to offer */
  GCancellable *load_cancellable;  /* files being read; cancelled by a new game */
  guint         open_serial;       /* files asked for … */
  guint         shown_serial;      /* … and the last of them shown */
  GCancellable *ai_cancellable;
  GCancellable *hint_cancellable;
  gboolean      hinting;
  guint         ai_delay_source;
  guint         replay_source;
  gulong        game_handlers[3];
  gulong        status_handler;
  guint         replay_return_ply;
  int           privacy_seat;      /* the person who last saw the board */
  guint         thinking : 1;
  guint         counted : 1;       /* the game's end is in the statistics */
  guint         unsaved : 1;       /* moves played since the file was written */
  guint         replaying : 1;
  guint         replay_playing : 1;
  guint         paused : 1;
  guint         side_panel : 1;
};

G_DEFINE_FINAL_TYPE (LudoWindow, ludo_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_GAME,
  PROP_PAUSED,
  PROP_REPLAY_PLAYING,
  PROP_SIDE_PANEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void update (LudoWindow *self);
static void maybe_let_computer_move (LudoWindow *self);
static void focus_view (LudoWindow *self);
static void ensure_game_page (LudoWindow *self);

/* A name inside a label with a mnemonic: its own underscores are not. */
static char *
escape_underscores (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, "_", -1);

  return g_strjoinv ("__", parts);
}

/* ------------------------------------------------------------------------ */
/* Who sees what                                                             */

static gboolean
over_at_end (LudoGame *game)
{
  LudoOutcome outcome;

  ludo_game_get_outcome_at (game, ludo_game_get_n_moves (game), &outcome);
  return outcome.kind != LUDO_RESULT_NONE;
}

static int
single_human (LudoGame *game)
{
  for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
    if (ludo_game_get_seat_kind (game, s) == LUDO_SEAT_HUMAN)
      return s;
  return -1;
}

static int
compute_viewer (LudoWindow *self)
{
  LudoGame *game = self->game;
  guint humans = ludo_game_count_humans (game);
  int seat = ludo_game_get_current_seat (game);

  /* everything is shown once the game is over, and in a demo */
  if (humans == 0 || ludo_game_is_over (game) || over_at_end (game))
    return LUDO_VIEWER_ALL;
  if (humans == 1)
    return single_human (game);
  /* people sharing the screen: only the one to move, and nobody in a replay */
  if (self->replaying || seat < 0 || ludo_game_seat_is_computer (game, seat))
    return LUDO_VIEWER_NONE;
  return seat;
}

/* The banner's headline: to the one person playing the computer, whether
 * they won; to people sharing the screen, who did. */
static char *
describe_result (LudoGame *game)
{
  LudoOutcome outcome;
  int person = single_human (game);

  ludo_game_get_outcome_at (game, ludo_game_get_position (game), &outcome);
  if (outcome.kind == LUDO_RESULT_DRAW)
    return g_strdup (C_("result", "Draw"));
  if (outcome.kind != LUDO_RESULT_WIN)
    return g_strdup (_("Game Over"));
  if (ludo_game_count_humans (game) == 1)
    return g_strdup (outcome.winner == person ? _("You Won") : _("The Computer Won"));
  {
    g_autofree char *who = ludo_game_get_seat_label (game, outcome.winner);
    /* Translators: the headline at the end of a game: "Anna Won", "Player 2 Won" */
    return g_strdup_printf (_("%s Won"), who);
  }
}

static gboolean
has_secrets (LudoGame *game)
{
  return LUDO_GAME_GET_CLASS (game)->move_is_secret != NULL;
}

static gboolean
needs_privacy (LudoWindow *self)
{
  int seat;

  if (self->game == NULL || self->replaying || ludo_game_is_over (self->game) ||
      ludo_game_count_humans (self->game) < 2 || !has_secrets (self->game))
    return FALSE;
  seat = ludo_game_get_current_seat (self->game);
  return seat >= 0 && !ludo_game_seat_is_computer (self->game, seat) && seat != self->privacy_seat;
}

/* ------------------------------------------------------------------------ */
/* Showing the state                                                         */

/* A revealer out of sight is hidden as well: its content would otherwise
 * stay in the accessibility tree, controls nobody can see. */
static void
reveal (GtkWidget *revealer,
        gboolean   on)
{
  if (on)
    gtk_widget_set_visible (revealer, TRUE);
  gtk_revealer_set_reveal_child (GTK_REVEALER (revealer), on);
}

static void
revealer_done_cb (GtkRevealer *revealer,
                  GParamSpec  *pspec,
                  gpointer     user_data)
{
  if (!gtk_revealer_get_reveal_child (revealer) && !gtk_revealer_get_child_revealed (revealer))
    gtk_widget_set_visible (GTK_WIDGET (revealer), FALSE);
}

/* The move that led to the position shown, in the words of the move list:
 * whoever played it, the computer too, a screen reader reads it out. */
static void
update_last_move (LudoWindow *self)
{
  guint position = ludo_game_get_position (self->game);
  gboolean shown = position > 0 && !self->replaying && !needs_privacy (self) &&
                   !ludo_game_is_over (self->game);

  if (shown)
    {
      g_autofree char *who = ludo_game_get_seat_label (self->game, ludo_game_get_move_seat (self->game, position - 1));
      g_autofree char *what = ludo_game_describe_move (self->game, position - 1, compute_viewer (self));
      g_autofree char *text = g_strdup_printf (_("%u. %s: %s"), position, who, what);

      gtk_label_set_text (GTK_LABEL (self->last_move_label), text);
    }
  gtk_widget_set_visible (self->last_move_label, shown);
}

static void
update_status (LudoWindow *self)
{
  g_autofree char *text = NULL;

  if (self->game == NULL)
    return;
  if (self->hinting && !self->thinking)
    text = g_strdup (_("Looking for a hint…"));
  else if (self->thinking)
    {
      int seat = ludo_game_get_current_seat (self->game);
      g_autofree char *who = seat >= 0 ? ludo_game_get_seat_label (self->game, seat) : g_strdup ("");
      text = g_strdup_printf (_("%s is thinking…"), who);
    }
  else if (self->replaying)
    text = g_strdup_printf (_("Replay: position after move %u of %u"),
                            ludo_game_get_position (self->game), ludo_game_get_n_moves (self->game));
  else if (self->paused && !ludo_game_is_over (self->game))
    text = g_strdup (_("Paused"));
  else
    text = g_strdup (self->view ? ludo_game_view_get_status (self->view) : "");
  gtk_label_set_text (GTK_LABEL (self->status_label), text);
  /* at the end the result banner says it; an empty label would reach a
   * screen reader as a nameless object */
  gtk_widget_set_visible (self->status_label, *text != '\0' && !(ludo_game_is_over (self->game) && !self->replaying));
  update_last_move (self);
  gtk_spinner_set_spinning (GTK_SPINNER (self->thinking_spinner), self->thinking || self->hinting);
  gtk_widget_set_visible (self->thinking_spinner, self->thinking || self->hinting);
}

static void
update_title (LudoWindow *self)
{
  AdwWindowTitle *title = ADW_WINDOW_TITLE (self->window_title);
  gboolean in_game = g_str_equal (gtk_stack_get_visible_child_name (GTK_STACK (self->stack)), "game");

  if (self->game && in_game)
    {
      g_autofree char *name = self->file ? g_file_get_basename (self->file) : NULL;
      g_autofree char *window_title = NULL;

      adw_window_title_set_title (title, _(ludo_game_get_info (self->game)->name));
      adw_window_title_set_subtitle (title, name ? name : "");
      /* the window's own title names it to the window list and to screen
       * readers: "Emperor Chess — Ludoteka" */
      window_title = g_strdup_printf (_("%s — Ludoteka"), _(ludo_game_get_info (self->game)->name));
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
  gboolean has_game = self->game != NULL;
  gboolean in_game = g_str_equal (gtk_stack_get_visible_child_name (GTK_STACK (self->stack)), "game");
  gboolean live = has_game && in_game && !self->replaying;
  gboolean demo = has_game && !self->replaying &&
                  ludo_game_count_humans (self->game) == 0 && !ludo_game_is_over (self->game);
  gboolean interactive = self->view && ludo_game_view_get_interactive (self->view);

  gtk_widget_action_set_enabled (w, "win.undo", live && ludo_game_can_undo (self->game));
  gtk_widget_action_set_enabled (w, "win.redo", live && ludo_game_can_redo (self->game));
  gtk_widget_action_set_enabled (w, "win.save", has_game);
  gtk_widget_action_set_enabled (w, "win.save-as", has_game);
  gtk_widget_action_set_enabled (w, "win.export-board", has_game && in_game && !ludo_window_privacy_shown (self));
  gtk_widget_action_set_enabled (w, "win.export-moves", has_game);
  gtk_widget_action_set_enabled (w, "win.replay", has_game && in_game &&
                                 (self->replaying || ludo_game_get_n_moves (self->game) > 0));
  gtk_widget_action_set_enabled (w, "win.replay-first", self->replaying && ludo_game_get_position (self->game) > 0);
  gtk_widget_action_set_enabled (w, "win.replay-back", self->replaying && ludo_game_get_position (self->game) > 0);
  gtk_widget_action_set_enabled (w, "win.replay-forward", self->replaying &&
                                 ludo_game_get_position (self->game) < ludo_game_get_n_moves (self->game));
  gtk_widget_action_set_enabled (w, "win.replay-last", self->replaying &&
                                 ludo_game_get_position (self->game) < ludo_game_get_n_moves (self->game));
  gtk_widget_action_set_enabled (w, "win.replay-playing", self->replaying);
  gtk_widget_action_set_enabled (w, "win.replay-continue", self->replaying);
  gtk_widget_action_set_enabled (w, "win.hint", live && interactive);
  gtk_widget_action_set_enabled (w, "win.paused", live && demo);
  gtk_widget_action_set_enabled (w, "win.side-panel", in_game);
  gtk_widget_set_visible (self->pause_button, in_game && demo);
  if (self->mode_keys)
    gtk_event_controller_set_propagation_phase (self->mode_keys,
                                                self->replaying || (live && demo) ? GTK_PHASE_CAPTURE
                                                                                  : GTK_PHASE_NONE);
  /* the chooser itself starts games: the game's buttons go with the game */
  gtk_widget_set_visible (self->back_button, in_game);
  gtk_widget_set_visible (self->new_game_button, in_game);
  gtk_widget_set_visible (self->undo_box, in_game);
  gtk_widget_set_visible (self->hint_button, in_game);
  gtk_widget_set_visible (self->side_button, in_game);
}

static void
update (LudoWindow *self)
{
  gboolean privacy, interactive, over;
  int viewer, seat;

  update_title (self);
  if (self->game == NULL)
    {
      update_actions (self);
      return;
    }

  privacy = needs_privacy (self);
  viewer = compute_viewer (self);
  seat = ludo_game_get_current_seat (self->game);
  over = ludo_game_is_over (self->game);
  interactive = !self->replaying && !over && !privacy && seat >= 0 &&
                !ludo_game_seat_is_computer (self->game, seat);

  ludo_game_view_set_viewer (self->view, privacy ? LUDO_VIEWER_NONE : viewer);
  ludo_game_view_set_interactive (self->view, interactive);
  ludo_move_list_set_viewer (LUDO_MOVE_LIST (self->move_list), privacy ? LUDO_VIEWER_NONE : viewer);

  if (privacy)
    {
      g_autofree char *who = ludo_game_get_seat_label (self->game, seat);
      g_autofree char *who_escaped = escape_underscores (who);
      g_autofree char *title = g_strdup_printf (_("Pass the Device to %s"), who);
      g_autofree char *button = g_strdup_printf (_("_Show the Board of %s"), who_escaped);
      adw_status_page_set_title (ADW_STATUS_PAGE (self->privacy_page), title);
      adw_status_page_set_description (ADW_STATUS_PAGE (self->privacy_page),
                                       _("The board is hidden so that nobody sees a code that is not theirs."));
      gtk_button_set_label (GTK_BUTTON (self->privacy_button), button);
      gtk_button_set_use_underline (GTK_BUTTON (self->privacy_button), TRUE);
      if (!g_str_equal (gtk_stack_get_visible_child_name (GTK_STACK (self->board_stack)), "privacy"))
        {
          gtk_stack_set_visible_child_name (GTK_STACK (self->board_stack), "privacy");
          gtk_widget_grab_focus (self->privacy_button);
        }
    }
  else
    gtk_stack_set_visible_child_name (GTK_STACK (self->board_stack), "view");

  reveal (self->result_revealer, over && !self->replaying);
  if (over)
    {
      g_autofree char *outcome = ludo_game_describe_outcome (self->game);
      g_autofree char *headline = describe_result (self->game);

      gtk_label_set_text (GTK_LABEL (self->result_title), headline);
      gtk_label_set_text (GTK_LABEL (self->result_label), outcome);
    }

  reveal (self->replay_revealer, self->replaying);
  ludo_replay_bar_set_position (LUDO_REPLAY_BAR (self->replay_bar),
                                ludo_game_get_position (self->game), ludo_game_get_n_moves (self->game));
  update_status (self);
  update_actions (self);
}

static void
toast (LudoWindow *self,
       const char *text)
{
  /* a toast's title is Pango markup: file names and messages are not */
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (self->toast_overlay), adw_toast_new (escaped));
}

static void
show_error (LudoWindow *self,
            const char *heading,
            const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ------------------------------------------------------------------------ */
/* Autosave                                                                  */

static void
autosave (LudoWindow *self)
{
  g_autofree char *path = ludo_save_autosave_path ();
  g_autoptr(GError) error = NULL;

  if (self->game == NULL || self->replaying)
    return;
  if (over_at_end (self->game))
    {
      g_remove (path);
      return;
    }
  {
    g_autofree char *dir = g_path_get_dirname (path);
    g_mkdir_with_parents (dir, 0700);
  }
  if (!ludo_save_write (self->game, path, &error))
    g_warning ("Autosave failed: %s", error->message);
}

/* An autosave that cannot be read is kept under another name, not
 * overwritten by the next game: nothing on disk is lost. */
static void
keep_unreadable_autosave (LudoWindow   *self,
                          const char   *path,
                          const GError *error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  g_autofree char *name = g_strdup_printf ("unreadable-autosave-%s.ludoteka", stamp);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *kept = g_build_filename (dir, name, NULL);

  g_debug ("The autosaved game cannot be read: %s", error->message);
  if (g_rename (path, kept) == 0)
    {
      g_autofree char *text = g_strdup_printf (_("The unfinished game could not be read. It is kept as “%s”."), kept);
      toast (self, text);
    }
}

static void
autosave_loaded_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(LudoWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoGame) game = ludo_save_read_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (game == NULL)
    {
      g_autofree char *path = ludo_save_autosave_path ();
      keep_unreadable_autosave (self, path, error);
      return;
    }
  /* a file opened meanwhile, or a game started, comes first */
  if (self->game != NULL || over_at_end (game))
    return;

  g_set_object (&self->autosaved, game);
  {
    guint n = ludo_game_get_n_moves (game);
    g_autofree char *when = g_date_time_format (ludo_game_get_created (game), "%x");
    g_autofree char *text =
      g_strdup_printf (ngettext ("%s, started %s, %u move", "%s, started %s, %u moves", n),
                       _(ludo_game_get_info (game)->name), when, n);
    ludo_game_chooser_set_resume (LUDO_GAME_CHOOSER (self->chooser), text);
  }
}

void
ludo_window_check_autosave (LudoWindow *self)
{
  g_autofree char *path = ludo_save_autosave_path ();

  g_return_if_fail (LUDO_IS_WINDOW (self));

  /* what a process killed while autosaving left beside the autosave */
  ludo_save_remove_stale (path);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return;
  ludo_save_read_async (path, self->load_cancellable, autosave_loaded_cb, g_object_ref (self));
}

/* A new game or the resumed one replaces whatever was being read. */
static void
cancel_loading (LudoWindow *self)
{
  g_cancellable_cancel (self->load_cancellable);
  g_set_object (&self->load_cancellable, g_cancellable_new ());
}

/* ------------------------------------------------------------------------ */
/* The computer                                                              */

/* The search's answer holds the window weakly: a window closed while the
 * computer thinks goes at once, and its dispose cancels the search. A
 * strong reference would keep it, and its game, alive for the answer —
 * which would then be played into a game nobody sees any more. */
static GWeakRef *
weak_window_new (LudoWindow *self)
{
  GWeakRef *ref = g_new (GWeakRef, 1);

  g_weak_ref_init (ref, self);
  return ref;
}

static LudoWindow *
weak_window_steal (gpointer data)
{
  GWeakRef *ref = data;
  LudoWindow *self = g_weak_ref_get (ref);

  g_weak_ref_clear (ref);
  g_free (ref);
  return self;
}

static void
cancel_thinking (LudoWindow *self)
{
  if (self->ai_cancellable)
    g_cancellable_cancel (self->ai_cancellable);
  g_clear_object (&self->ai_cancellable);
  g_clear_handle_id (&self->ai_delay_source, g_source_remove);
  self->thinking = FALSE;
}

/* The answer was cancelled, or came for a position no longer on the board:
 * whoever made it stale has already taken care of the window. */
static gboolean
superseded (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
         g_error_matches (error, LUDO_AI_ERROR, LUDO_AI_ERROR_STALE);
}

static void
ai_done_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(LudoWindow) self = weak_window_steal (user_data);
  g_autoptr(GError) error = NULL;
  g_autofree char *move = ludo_ai_think_finish (LUDO_GAME (source), result, &error);

  if (self == NULL || LUDO_GAME (source) != self->game || superseded (error))
    return;
  if (move == NULL)
    {
      self->thinking = FALSE;
      toast (self, error->message);
      update (self);
      return;
    }

  self->thinking = FALSE;
  g_clear_object (&self->ai_cancellable);
  if (!ludo_game_play (self->game, move, &error))
    {
      g_critical ("The computer played an illegal move %s: %s", move, error->message);
      update (self);
    }
}

static void
think_now (LudoWindow *self)
{
  int seat = ludo_game_get_current_seat (self->game);

  self->thinking = TRUE;
  self->ai_cancellable = g_cancellable_new ();
  ludo_ai_think_async (self->game, ludo_game_get_seat_level (self->game, seat),
                       self->ai_cancellable, ai_done_cb, weak_window_new (self));
  update_status (self);
}

static gboolean
demo_delay_done_cb (gpointer data)
{
  LudoWindow *self = data;

  self->ai_delay_source = 0;
  if (self->game && !self->replaying && !self->paused)
    think_now (self);
  return G_SOURCE_REMOVE;
}

static void
maybe_let_computer_move (LudoWindow *self)
{
  int seat;

  if (self->game == NULL || self->replaying || self->paused || self->thinking || self->ai_delay_source)
    return;
  seat = ludo_game_get_current_seat (self->game);
  if (seat < 0 || !ludo_game_seat_is_computer (self->game, seat))
    return;
  if (ludo_game_count_humans (self->game) == 0 && ludo_game_get_n_moves (self->game) > 0)
    self->ai_delay_source = g_timeout_add (demo_delay (), demo_delay_done_cb, self);
  else
    think_now (self);
}

/* ------------------------------------------------------------------------ */
/* The game                                                                  */

static void
cancel_hint (LudoWindow *self)
{
  if (self->hint_cancellable)
    g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
  self->hinting = FALSE;
}

/* ------------------------------------------------------------------------ */
/* Statistics                                                                */

typedef struct {
  char        *game_id;
  char        *seats;
  LudoOutcome  outcome;
} Finished;

static void
finished_free (Finished *finished)
{
  g_free (finished->game_id);
  g_free (finished->seats);
  g_free (finished);
}

static void
count_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  Finished *finished = data;
  g_autofree char *path = ludo_stats_default_path ();
  g_autoptr(GError) error = NULL;
  char *kept = NULL;

  if (ludo_stats_record (path, finished->game_id, finished->seats, &finished->outcome, &kept, &error))
    g_task_return_pointer (task, kept, g_free);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

static void
counted_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  LudoWindow *self = LUDO_WINDOW (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = g_task_propagate_pointer (G_TASK (result), &error);
  GtkApplication *app;

  if (error)
    toast (self, error->message);
  else if (kept)
    {
      g_autofree char *text = g_strdup_printf (_("The statistics file could not be read. It is kept as “%s”."), kept);
      toast (self, text);
    }
  /* an open statistics window shows the new count */
  app = gtk_window_get_application (GTK_WINDOW (self));
  for (GList *l = app ? gtk_application_get_windows (app) : NULL; l; l = l->next)
    if (LUDO_IS_STATS_WINDOW (l->data))
      ludo_stats_window_reload (l->data);
}

/* A game counts once, when it ends as it is played here: not a finished
 * game opened from a file, not the same game ended again after an undo.
 * The file is written in a worker thread; the window never waits. */
static void
count_if_finished (LudoWindow *self)
{
  g_autoptr(GTask) task = NULL;
  Finished *finished;

  if (self->counted || self->replaying || !over_at_end (self->game) ||
      ludo_game_get_position (self->game) != ludo_game_get_n_moves (self->game))
    return;
  self->counted = TRUE;
  finished = g_new0 (Finished, 1);
  finished->game_id = g_strdup (ludo_game_get_id (self->game));
  finished->seats = ludo_stats_mode_of (self->game);
  ludo_game_get_outcome_at (self->game, ludo_game_get_n_moves (self->game), &finished->outcome);
  task = g_task_new (self, NULL, counted_cb, NULL);
  g_task_set_source_tag (task, count_if_finished);
  g_task_set_task_data (task, finished, (GDestroyNotify) finished_free);
  g_task_run_in_thread (task, count_thread);
}

static void
position_changed_cb (LudoWindow *self)
{
  cancel_thinking (self);
  cancel_hint (self);
  self->unsaved = TRUE;
  update (self);
  autosave (self);
  count_if_finished (self);
  maybe_let_computer_move (self);
}

static void
seats_changed_cb (LudoWindow *self)
{
  cancel_thinking (self);
  update (self);
  maybe_let_computer_move (self);
}

static void
disconnect_game (LudoWindow *self)
{
  if (self->game == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (self->game_handlers); i++)
    g_clear_signal_handler (&self->game_handlers[i], self->game);
  if (self->view)
    g_clear_signal_handler (&self->status_handler, self->view);
}

/* A view that can turn its board round (a "flipped" property) shows the
 * side of the one person playing the computer at the bottom, unless the
 * preferences keep the first player there. */
static void
orient_view (LudoWindow *self)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self->view), "flipped");
  g_autofree char *orientation = g_settings_get_string (self->settings, "board-orientation");
  int person = single_human (self->game);

  if (pspec == NULL || !(pspec->flags & G_PARAM_WRITABLE) || pspec->value_type != G_TYPE_BOOLEAN)
    return;
  g_object_set (self->view, "flipped",
                g_str_equal (orientation, "person") && ludo_game_count_humans (self->game) == 1 && person > 0,
                NULL);
}

static void
orientation_changed_cb (LudoWindow *self)
{
  if (self->view)
    orient_view (self);
}

static void
stop_replay_timer (LudoWindow *self)
{
  g_clear_handle_id (&self->replay_source, g_source_remove);
  if (self->replay_playing)
    {
      self->replay_playing = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLAY_PLAYING]);
    }
}

void
ludo_window_set_game (LudoWindow *self,
                      LudoGame   *game,
                      GFile      *file)
{
  g_return_if_fail (LUDO_IS_WINDOW (self));
  g_return_if_fail (LUDO_IS_GAME (game));

  ensure_game_page (self);
  cancel_thinking (self);
  cancel_hint (self);
  stop_replay_timer (self);
  disconnect_game (self);

  g_set_object (&self->game, game);
  g_set_object (&self->file, file);
  /* files asked for before this game are not shown over it */
  self->shown_serial = self->open_serial;
  if (self->autosaved != game)
    g_clear_object (&self->autosaved);
  ludo_game_chooser_set_resume (LUDO_GAME_CHOOSER (self->chooser), NULL);
  self->replaying = FALSE;
  self->paused = FALSE;
  self->privacy_seat = -1;
  self->counted = over_at_end (game);
  self->unsaved = file == NULL;

  self->view = ludo_game_view_new_for_game (game);
  orient_view (self);
  adw_bin_set_child (ADW_BIN (self->view_bin), GTK_WIDGET (self->view));
  self->status_handler = g_signal_connect_swapped (self->view, "notify::status",
                                                   G_CALLBACK (update_status), self);
  self->game_handlers[0] = g_signal_connect_swapped (game, "position-changed",
                                                     G_CALLBACK (position_changed_cb), self);
  self->game_handlers[1] = g_signal_connect_swapped (game, "seats-changed",
                                                     G_CALLBACK (seats_changed_cb), self);
  self->game_handlers[2] = g_signal_connect_swapped (game, "notify::is-over",
                                                     G_CALLBACK (update), self);

  ludo_move_list_set_game (LUDO_MOVE_LIST (self->move_list), game);
  ludo_rules_view_set_page (LUDO_RULES_VIEW (self->rules_view), ludo_game_get_info (game)->help_page);
  g_settings_set_string (self->settings, "last-game", ludo_game_get_id (game));

  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "game");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
  update (self);
  autosave (self);
  focus_view (self);
  maybe_let_computer_move (self);
}

LudoGame *
ludo_window_get_game (LudoWindow *self)
{
  g_return_val_if_fail (LUDO_IS_WINDOW (self), NULL);
  return self->game;
}

LudoGameView *
ludo_window_get_view (LudoWindow *self)
{
  g_return_val_if_fail (LUDO_IS_WINDOW (self), NULL);
  return self->view;
}

GFile *
ludo_window_get_file (LudoWindow *self)
{
  g_return_val_if_fail (LUDO_IS_WINDOW (self), NULL);
  return self->file;
}

gboolean
ludo_window_is_thinking (LudoWindow *self)
{
  return self->thinking || self->ai_delay_source != 0;
}

gboolean
ludo_window_is_replaying (LudoWindow *self)
{
  return self->replaying;
}

gboolean
ludo_window_privacy_shown (LudoWindow *self)
{
  return self->board_stack != NULL &&
         g_str_equal (gtk_stack_get_visible_child_name (GTK_STACK (self->board_stack)), "privacy");
}

gboolean
ludo_window_is_blank (LudoWindow *self)
{
  g_return_val_if_fail (LUDO_IS_WINDOW (self), FALSE);
  return self->game == NULL && self->open_serial == 0;
}

const char *
ludo_window_get_status (LudoWindow *self)
{
  if (self->status_label == NULL)
    return "";
  return gtk_label_get_text (GTK_LABEL (self->status_label));
}

void
ludo_window_show_chooser (LudoWindow *self)
{
  cancel_thinking (self);
  if (self->game && !ludo_game_is_over (self->game))
    {
      guint n = ludo_game_get_n_moves (self->game);
      g_autofree char *text = g_strdup_printf (ngettext ("%s, %u move", "%s, %u moves", n),
                                               _(ludo_game_get_info (self->game)->name), n);
      ludo_game_chooser_set_resume (LUDO_GAME_CHOOSER (self->chooser), text);
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "chooser");
  update (self);
}

/* A game people are playing, with moves not in any file. */
static gboolean
in_progress (LudoWindow *self)
{
  return self->game != NULL && self->unsaved && !over_at_end (self->game) &&
         ludo_game_get_n_moves (self->game) > 0 && ludo_game_count_humans (self->game) > 0;
}

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
static void
replace_game (LudoWindow *self,
              LudoGame   *game,
              GFile      *file)
{
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (!in_progress (self) || !g_settings_get_boolean (self->settings, "confirm-abandon"))
    {
      ludo_window_set_game (self, game, file);
      return;
    }
  body = g_strdup_printf (_("The game of %s on the board is not finished, and its last moves are not saved. "
                            "They are lost if another game takes its place."),
                          _(ludo_game_get_info (self->game)->name));
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Abandon the Game in Progress?"), body);
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

static void
game_created_cb (LudoWindow *self,
                 LudoGame   *game)
{
  cancel_loading (self);
  replace_game (self, game, NULL);
}

GtkWindow *
ludo_window_new_game_dialog (LudoWindow *self,
                             const char *game_id)
{
  g_autofree char *last = g_settings_get_string (self->settings, "last-game");
  LudoNewGameDialog *dialog;

  if (game_id == NULL && self->game)
    game_id = ludo_game_get_id (self->game);
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

static void
resume_activated_cb (LudoWindow *self)
{
  cancel_loading (self);
  if (self->autosaved)
    {
      g_autoptr(LudoGame) game = g_object_ref (self->autosaved);
      ludo_window_set_game (self, game, NULL);
    }
  else if (self->game)
    {
      ludo_game_chooser_set_resume (LUDO_GAME_CHOOSER (self->chooser), NULL);
      gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "game");
      update (self);
      maybe_let_computer_move (self);
    }
}

static void
privacy_clicked_cb (LudoWindow *self)
{
  self->privacy_seat = ludo_game_get_current_seat (self->game);
  update (self);
  focus_view (self);
}

/* ------------------------------------------------------------------------ */
/* Files                                                                     */

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

  show_error (self, heading, message);
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
      replace_game (self, game, data->file);
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

gboolean
ludo_window_save_to_file (LudoWindow  *self,
                          GFile       *file,
                          GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);

  g_return_val_if_fail (self->game != NULL, FALSE);

  if (path == NULL || !ludo_save_write (self->game, path, &local_error))
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);
      show_error (self, heading, local_error ? local_error->message : _("Only local files can be saved."));
      if (local_error)
        g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  g_set_object (&self->file, file);
  self->unsaved = FALSE;
  {
    g_autofree char *text = g_strdup_printf (_("Saved as “%s”"), name);
    toast (self, text);
  }
  update_title (self);
  return TRUE;
}

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
  if (response == GTK_RESPONSE_ACCEPT)
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
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
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
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d %H.%M");
  g_autofree char *name = g_strdup_printf ("%s %s.ludoteka", _(ludo_game_get_info (self->game)->name), date);

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), save_filter ());
  if (self->file)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), self->file, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (save_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ------------------------------------------------------------------------ */
/* Export                                                                    */

/* "Logik, move 12": the position shown, as a file name */
static char *
export_name (LudoWindow *self,
             const char *extension)
{
  /* Translators: a file name for an exported position: game name, move number */
  return g_strdup_printf (_("%s, move %u.%s"), _(ludo_game_get_info (self->game)->name),
                          ludo_game_get_position (self->game), extension);
}

static void
export_board_response_cb (GtkNativeDialog *dialog,
                          int              response,
                          LudoWindow      *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->view)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *name = g_file_get_basename (file);
      g_autoptr(GError) error = NULL;

      if (ludo_export_view_save (GTK_WIDGET (self->view), file, &error))
        {
          g_autofree char *text = g_strdup_printf (_("Exported as “%s”"), name);
          toast (self, text);
        }
      else
        {
          g_autofree char *heading = g_strdup_printf (_("Could Not Export “%s”"), name);
          show_error (self, heading, error->message);
        }
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
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* The moves up to the position shown, with only what the screen may show. */
gboolean
ludo_window_export_moves (LudoWindow  *self,
                          GFile       *file,
                          GError     **error)
{
  int viewer;

  g_return_val_if_fail (self->game != NULL, FALSE);
  viewer = needs_privacy (self) ? LUDO_VIEWER_NONE : compute_viewer (self);
  return ludo_export_moves_to_file (self->game, viewer, file, error);
}

static void
export_moves_response_cb (GtkNativeDialog *dialog,
                          int              response,
                          LudoWindow      *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->game)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *name = g_file_get_basename (file);
      g_autoptr(GError) error = NULL;

      if (ludo_window_export_moves (self, file, &error))
        {
          g_autofree char *text = g_strdup_printf (_("Exported as “%s”"), name);
          toast (self, text);
        }
      else
        {
          g_autofree char *heading = g_strdup_printf (_("Could Not Export “%s”"), name);
          show_error (self, heading, error->message);
        }
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
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);

  if (self->file)
    ludo_window_save_to_file (self, self->file, NULL);
  else
    save_as_action (widget, action_name, parameter);
}

/* ------------------------------------------------------------------------ */
/* Replay                                                                    */

static void
set_replaying (LudoWindow *self,
               gboolean    replaying)
{
  if (self->replaying == replaying)
    return;
  stop_replay_timer (self);
  cancel_thinking (self);
  self->replaying = replaying;
  update (self);
  if (!replaying)
    {
      autosave (self);
      maybe_let_computer_move (self);
    }
}

static void
replay_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);

  if (!self->replaying)
    {
      self->replay_return_ply = ludo_game_get_position (self->game);
      set_replaying (self, TRUE);
      if (ludo_game_is_over (self->game))
        ludo_game_seek (self->game, 0);
    }
  else
    {
      /* back to the game as it was */
      set_replaying (self, FALSE);
      ludo_game_seek (self->game, MIN (self->replay_return_ply, ludo_game_get_n_moves (self->game)));
    }
}

static void
replay_step_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);
  guint pos = ludo_game_get_position (self->game);
  guint n = ludo_game_get_n_moves (self->game);

  if (g_str_equal (action_name, "win.replay-first"))
    pos = 0;
  else if (g_str_equal (action_name, "win.replay-back"))
    pos = pos > 0 ? pos - 1 : 0;
  else if (g_str_equal (action_name, "win.replay-forward"))
    pos = MIN (pos + 1, n);
  else
    pos = n;
  ludo_game_seek (self->game, pos);
}

static void
replay_continue_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);

  set_replaying (self, FALSE);
}

static gboolean
replay_tick_cb (gpointer data)
{
  LudoWindow *self = data;
  guint pos = ludo_game_get_position (self->game);

  if (pos >= ludo_game_get_n_moves (self->game))
    {
      self->replay_source = 0;
      stop_replay_timer (self);
      return G_SOURCE_REMOVE;
    }
  ludo_game_seek (self->game, pos + 1);
  return G_SOURCE_CONTINUE;
}

static void
set_replay_playing (LudoWindow *self,
                    gboolean    playing)
{
  playing = !!playing && self->replaying;
  if (self->replay_playing == playing)
    return;
  g_clear_handle_id (&self->replay_source, g_source_remove);
  self->replay_playing = playing;
  if (playing)
    {
      if (ludo_game_get_position (self->game) >= ludo_game_get_n_moves (self->game))
        ludo_game_seek (self->game, 0);
      self->replay_source = g_timeout_add (ludo_replay_bar_get_interval (LUDO_REPLAY_BAR (self->replay_bar)),
                                           replay_tick_cb, self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLAY_PLAYING]);
}

static void
replay_speed_cb (LudoWindow *self)
{
  if (self->replay_playing)
    {
      /* restart the timer at the new pace */
      self->replay_playing = FALSE;
      set_replay_playing (self, TRUE);
    }
}

static void
ply_activated_cb (LudoWindow *self,
                  guint       ply)
{
  if (self->game == NULL)
    return;
  if (!self->replaying)
    {
      self->replay_return_ply = ludo_game_get_position (self->game);
      set_replaying (self, TRUE);
    }
  ludo_game_seek (self->game, ply);
}

/* ------------------------------------------------------------------------ */
/* Other actions                                                             */

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

  cancel_thinking (self);
  if (g_str_equal (action_name, "win.undo"))
    ludo_game_undo (self->game);
  else
    ludo_game_redo (self->game);
}

static void
hint_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(LudoWindow) self = weak_window_steal (user_data);
  g_autoptr(GError) error = NULL;
  g_autofree char *move = ludo_ai_think_finish (LUDO_GAME (source), result, &error);

  /* a hint asked for again cancels the first, which must not stop the
   * spinner of the second */
  if (self == NULL || LUDO_GAME (source) != self->game || superseded (error))
    return;
  self->hinting = FALSE;
  update_status (self);
  if (move == NULL)
    toast (self, error->message);
  else if (self->view)
    ludo_game_view_show_hint (self->view, move);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);

  cancel_hint (self);
  self->hint_cancellable = g_cancellable_new ();
  self->hinting = TRUE;
  update_status (self);
  ludo_ai_think_async (self->game, LUDO_LEVEL_HARD, self->hint_cancellable,
                       hint_done_cb, weak_window_new (self));
}

/* One Statistics window for the application, opened at the current game. */
static void
statistics_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GtkWidget *stats = NULL;

  for (GList *l = app ? gtk_application_get_windows (app) : NULL; l && !stats; l = l->next)
    if (LUDO_IS_STATS_WINDOW (l->data))
      stats = l->data;
  if (stats == NULL)
    stats = ludo_stats_window_new (GTK_WINDOW (self));
  else
    ludo_stats_window_reload (LUDO_STATS_WINDOW (stats));
  {
    g_autofree char *last = g_settings_get_string (self->settings, "last-game");
    ludo_stats_window_show_game (LUDO_STATS_WINDOW (stats), self->game ? ludo_game_get_id (self->game) : last);
  }
  gtk_window_present (GTK_WINDOW (stats));
}

static void
show_rules_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LudoWindow *self = LUDO_WINDOW (widget);

  if (self->game == NULL)
    {
      /* no game: the manual's index, in Help */
      gtk_show_uri (GTK_WINDOW (self), "help:ludoteka", GDK_CURRENT_TIME);
      return;
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->side_stack), "rules");
  if (!self->side_panel)
    {
      self->side_panel = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDE_PANEL]);
    }
}

/* ------------------------------------------------------------------------ */

/* Into the board, unless the view has put the focus there already. */
static void
focus_view (LudoWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->view)))
    gtk_widget_child_focus (GTK_WIDGET (self->view), GTK_DIR_TAB_FORWARD);
}

/* The shortcuts window is built the first time it is asked for, not with
 * every window as GtkApplication's gtk/help-overlay.ui would be: it is a
 * good part of a window's making, and most windows never show it. */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *param)
{
  LudoWindow *self = LUDO_WINDOW (widget);

  if (self->shortcuts == NULL)
    {
      g_autoptr(GtkBuilder) builder =
        gtk_builder_new_from_resource (RESOURCE_BASE "/ui/ludo-shortcuts-window.ui");

      self->shortcuts = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
      gtk_window_set_transient_for (GTK_WINDOW (self->shortcuts), GTK_WINDOW (self));
      gtk_window_set_hide_on_close (GTK_WINDOW (self->shortcuts), TRUE);
    }
  gtk_window_present (GTK_WINDOW (self->shortcuts));
}

static void
ludo_window_dispose (GObject *object)
{
  LudoWindow *self = LUDO_WINDOW (object);

  cancel_thinking (self);
  cancel_hint (self);
  stop_replay_timer (self);
  disconnect_game (self);
  if (self->shortcuts)
    {
      gtk_window_destroy (GTK_WINDOW (self->shortcuts));
      self->shortcuts = NULL;
    }
  if (self->load_cancellable)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  g_clear_object (&self->game);
  g_clear_object (&self->file);
  g_clear_object (&self->autosaved);
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
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    case PROP_REPLAY_PLAYING:
      g_value_set_boolean (value, self->replay_playing);
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
      self->paused = g_value_get_boolean (value);
      if (self->paused)
        cancel_thinking (self);
      update (self);
      maybe_let_computer_move (self);
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_REPLAY_PLAYING:
      set_replay_playing (self, g_value_get_boolean (value));
      break;
    case PROP_SIDE_PANEL:
      self->side_panel = g_value_get_boolean (value);
      g_object_notify_by_pspec (object, pspec);
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

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, LUDO_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
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

/* The game page is built when the first game starts, not with the window:
 * the window then comes up sooner and smaller with the game chooser. */
static void
ensure_game_page (LudoWindow *self)
{
  g_autoptr(GtkBuilder) builder = NULL;
  g_autoptr(GtkBuilderScope) scope = NULL;
  static const struct {
    const char *name;
    gsize       offset;
  } children[] = {
#define CHILD(name) { #name, G_STRUCT_OFFSET (LudoWindow, name) }
    CHILD (flap), CHILD (result_revealer), CHILD (result_title), CHILD (result_label),
    CHILD (thinking_spinner), CHILD (status_label), CHILD (last_move_label),
    CHILD (board_stack), CHILD (view_bin), CHILD (privacy_page), CHILD (privacy_button),
    CHILD (replay_revealer), CHILD (replay_bar), CHILD (side_stack), CHILD (move_list),
    CHILD (rules_view),
#undef CHILD
  };

  if (self->flap != NULL)
    return;

  g_type_ensure (LUDO_TYPE_MOVE_LIST);
  g_type_ensure (LUDO_TYPE_REPLAY_BAR);
  g_type_ensure (LUDO_TYPE_RULES_VIEW);
  scope = gtk_builder_cscope_new ();
  gtk_builder_cscope_add_callback_symbols (GTK_BUILDER_CSCOPE (scope),
                                           "revealer_done_cb", G_CALLBACK (revealer_done_cb),
                                           "privacy_clicked_cb", G_CALLBACK (privacy_clicked_cb),
                                           "ply_activated_cb", G_CALLBACK (ply_activated_cb),
                                           NULL);
  builder = gtk_builder_new ();
  gtk_builder_set_scope (builder, scope);
  /* the handlers get the window, as template callbacks would */
  gtk_builder_set_current_object (builder, G_OBJECT (self));
  gtk_builder_add_from_resource (builder, RESOURCE_BASE "/ui/ludo-game-page.ui", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (children); i++)
    G_STRUCT_MEMBER (GtkWidget *, self, children[i].offset) = GTK_WIDGET (gtk_builder_get_object (builder, children[i].name));
  g_assert (self->flap != NULL);

  gtk_stack_add_named (GTK_STACK (self->stack), self->flap, "game");
  ludo_accessible_strip_mnemonics (self->flap);
  g_settings_bind (self->settings, "rules-language", self->rules_view, "language", G_SETTINGS_BIND_DEFAULT);
  g_object_bind_property (self, "side-panel", self->flap, "reveal-flap",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_settings_bind (self->settings, "replay-speed", self->replay_bar, "speed", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_swapped (self->replay_bar, "notify::speed", G_CALLBACK (replay_speed_cb), self);
}

static void
ludo_window_init (LudoWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ludo_accessible_strip_mnemonics (GTK_WIDGET (self));

  self->privacy_seat = -1;
  self->load_cancellable = g_cancellable_new ();
  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "side-panel", self, "side-panel", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->settings, "changed::board-orientation",
                           G_CALLBACK (orientation_changed_cb), self, G_CONNECT_SWAPPED);

  add_mode_shortcuts (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "chooser");
  update (self);
}

LudoWindow *
ludo_window_new (AdwApplication *application)
{
  return g_object_new (LUDO_TYPE_WINDOW, "application", application, NULL);
}
