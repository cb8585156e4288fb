/* ludo-session.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything here runs on the main loop but the computer's search, the
 * autosave's writing and the statistics' file, which go to worker threads:
 * no GTK, so that the model tests drive it without a display.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "ludo-ai.h"
#include "ludo-autosave.h"
#include "ludo-review.h"
#include "ludo-save.h"
#include "ludo-session.h"
#include "ludo-stats.h"

/* A demo waits this long between moves, so that people can follow it
 * (LUDOTEKA_DEMO_DELAY_MS overrides it, for tests). */
#define DEMO_DELAY_MS 900
#define REPLAY_INTERVAL_MS 1000

/* What a file was when it was last read or written here. */
typedef struct {
  gboolean known;
  dev_t    dev;
  ino_t    ino;
  goffset  size;
  gint64   mtime_ns;
} FileStamp;

struct _LudoSession
{
  GObject       parent_instance;

  LudoGame     *game;
  GFile        *file;
  FileStamp     stamp;
  LudoAutosave *autosave;
  char         *resume_id;       /* construct-only: the slot to take */
  gulong        handlers[3];
  gulong        autosave_handler;

  GCancellable *ai_cancellable;
  GCancellable *hint_cancellable;
  GCancellable *review_cancellable;
  guint         review_done;
  guint         review_total;
  guint         ai_delay_source;
  guint         replay_source;
  guint         replay_interval;
  guint         replay_return_ply;

  /* privacy: the person who confirmed, and where the session last was */
  int           confirmed_seat;
  guint         last_position;
  guint         navigating;      /* > 0 while the session itself moves the cursor */

  guint         saved_position;  /* the cursor the file has */

  /* what the window shows, as last notified */
  int           viewer;
  gboolean      privacy;
  gboolean      can_move;

  guint         thinking : 1;
  guint         hinting : 1;
  guint         replaying : 1;
  guint         replay_playing : 1;
  guint         paused : 1;
  guint         suspended : 1;
  guint         counted : 1;        /* the game's end is in the statistics */
  guint         unlike_file : 1;    /* the moves, the seats or the review are not the file's */
  guint         unsaved : 1;
  guint         autosave_failed : 1;
  guint         discarded : 1;      /* given up: no autosave any more */
  guint         disposed : 1;
};

G_DEFINE_FINAL_TYPE (LudoSession, ludo_session, G_TYPE_OBJECT)
G_DEFINE_QUARK (ludo-session-error-quark, ludo_session_error)

enum {
  PROP_0,
  PROP_GAME,
  PROP_FILE,
  PROP_RESUME_ID,
  PROP_VIEWER,
  PROP_PRIVACY,
  PROP_CAN_MOVE,
  PROP_THINKING,
  PROP_HINTING,
  PROP_REPLAYING,
  PROP_REPLAY_PLAYING,
  PROP_REPLAY_INTERVAL,
  PROP_PAUSED,
  PROP_UNSAVED,
  PROP_REVIEWING,
  PROP_REVIEW_DONE,
  PROP_REVIEW_TOTAL,
  N_PROPS
};

enum {
  HINT_FOUND,
  NOTICE,
  STATISTICS_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void maybe_let_computer_move (LudoSession *self);

static guint
demo_delay (void)
{
  const char *env = g_getenv ("LUDOTEKA_DEMO_DELAY_MS");
  guint64 ms;

  if (env && g_ascii_string_to_unsigned (env, 10, 0, 60000, &ms, NULL))
    return (guint) ms;
  return DEMO_DELAY_MS;
}

static void
notify (LudoSession *self,
        guint        prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* ------------------------------------------------------------------------ */
/* Who sees what                                                             */

/* The viewer follows the position shown, never the end of the history: at
 * the end everything is shown, and after an undo from there the seat to
 * move plays on. */
static void
recompute (LudoSession *self)
{
  LudoGame *game = self->game;
  guint humans = ludo_game_count_humans (game);
  int seat = ludo_game_get_current_seat (game);
  gboolean over = ludo_game_is_over (game);
  int viewer;
  gboolean privacy = FALSE;
  gboolean can_move, unsaved;

  if (humans == 0 || over)
    viewer = LUDO_VIEWER_ALL;
  else if (humans == 1)
    viewer = ludo_game_get_first_human (game);
  else if (self->replaying || seat < 0 || ludo_game_seat_is_computer (game, seat))
    viewer = LUDO_VIEWER_NONE;   /* people sharing the screen: nobody's secrets */
  else if (ludo_game_has_secrets (game) && self->confirmed_seat != seat)
    {
      viewer = LUDO_VIEWER_NONE;
      privacy = TRUE;
    }
  else
    viewer = seat;
  can_move = !self->replaying && !over && !privacy && seat >= 0 && !ludo_game_seat_is_computer (game, seat);
  unsaved = self->file == NULL || self->unlike_file || ludo_game_get_position (game) != self->saved_position;

  g_object_freeze_notify (G_OBJECT (self));
  if (viewer != self->viewer)
    {
      self->viewer = viewer;
      notify (self, PROP_VIEWER);
    }
  if (privacy != self->privacy)
    {
      self->privacy = privacy;
      notify (self, PROP_PRIVACY);
    }
  if (can_move != self->can_move)
    {
      self->can_move = can_move;
      notify (self, PROP_CAN_MOVE);
    }
  if (unsaved != self->unsaved)
    {
      self->unsaved = unsaved;
      notify (self, PROP_UNSAVED);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

static void
forget_privacy (LudoSession *self)
{
  self->confirmed_seat = -1;
}

/* A confirmation outlives a change of position only if it is a move the
 * person who confirmed played, after which it is still their turn. */
static void
follow_privacy (LudoSession *self)
{
  guint position = ludo_game_get_position (self->game);

  if (self->confirmed_seat >= 0 &&
      !(self->navigating == 0 && !self->replaying && position == self->last_position + 1 &&
        ludo_game_get_move_seat (self->game, self->last_position) == self->confirmed_seat &&
        ludo_game_get_current_seat (self->game) == self->confirmed_seat))
    forget_privacy (self);
  self->last_position = position;
}

/* ------------------------------------------------------------------------ */
/* Autosave and statistics                                                   */

static void
autosave_failed_cb (LudoSession  *self,
                    const GError *error)
{
  g_autofree char *text = NULL;

  /* said once: the next move would only say it again */
  if (self->autosave_failed)
    return;
  self->autosave_failed = TRUE;
  /* Translators: %s says why, e.g. "The game could not be saved: No space left on device" */
  text = g_strdup_printf (_("The unfinished game is not being kept. %s"), error->message);
  g_signal_emit (self, signals[NOTICE], 0, text);
}

/* An unfinished game with moves that are in no file. */
static gboolean
unfinished_and_unsaved (LudoSession *self)
{
  return self->unsaved && ludo_game_get_n_moves (self->game) > 0 && !ludo_game_is_over_at_end (self->game);
}

/* Such a game is kept in its own autosave; any other has none. */
static void
autosave (LudoSession *self)
{
  if (self->replaying || self->discarded || self->disposed)
    return;
  if (unfinished_and_unsaved (self))
    ludo_autosave_save (self->autosave, self->game, self->file);
  else
    ludo_autosave_discard (self->autosave);
}

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
  LudoSession *self = LUDO_SESSION (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = g_task_propagate_pointer (G_TASK (result), &error);

  if (error)
    g_signal_emit (self, signals[NOTICE], 0, error->message);
  else if (kept)
    {
      g_autofree char *text = g_strdup_printf (_("The statistics file could not be read. It is kept as “%s”."), kept);
      g_signal_emit (self, signals[NOTICE], 0, text);
    }
  g_signal_emit (self, signals[STATISTICS_CHANGED], 0);
}

/* A game counts once, when it ends as it is played here: not a finished
 * game opened from a file, not the same game ended again after an undo.
 * The file is written in a worker thread. */
static void
count_if_finished (LudoSession *self)
{
  g_autoptr(GTask) task = NULL;
  Finished *finished;

  if (self->counted || self->replaying || !ludo_game_is_over_at_end (self->game) ||
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

/* ------------------------------------------------------------------------ */
/* The computer                                                              */

/* The search's answer holds the session weakly: a session let go while
 * the computer thinks goes at once, and its dispose cancels the search. */
static GWeakRef *
weak_session_new (LudoSession *self)
{
  GWeakRef *ref = g_new (GWeakRef, 1);

  g_weak_ref_init (ref, self);
  return ref;
}

static LudoSession *
weak_session_steal (gpointer data)
{
  GWeakRef *ref = data;
  LudoSession *self = g_weak_ref_get (ref);

  g_weak_ref_clear (ref);
  g_free (ref);
  return self;
}

/* The answer was cancelled, or came for a position no longer on the
 * board: whoever made it stale has already taken care of the session. */
static gboolean
superseded (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
         g_error_matches (error, LUDO_AI_ERROR, LUDO_AI_ERROR_STALE);
}

static void
set_thinking (LudoSession *self,
              gboolean     thinking)
{
  if (self->thinking == !!thinking)
    return;
  self->thinking = !!thinking;
  notify (self, PROP_THINKING);
}

static void
set_hinting (LudoSession *self,
             gboolean     hinting)
{
  if (self->hinting == !!hinting)
    return;
  self->hinting = !!hinting;
  notify (self, PROP_HINTING);
}

static void
cancel_thinking (LudoSession *self)
{
  if (self->ai_cancellable)
    g_cancellable_cancel (self->ai_cancellable);
  g_clear_object (&self->ai_cancellable);
  g_clear_handle_id (&self->ai_delay_source, g_source_remove);
  set_thinking (self, FALSE);
}

static void
cancel_review (LudoSession *self)
{
  if (self->review_cancellable == NULL)
    return;
  g_cancellable_cancel (self->review_cancellable);
  g_clear_object (&self->review_cancellable);
  notify (self, PROP_REVIEWING);
}

static void
cancel_hint (LudoSession *self)
{
  if (self->hint_cancellable)
    g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
  set_hinting (self, FALSE);
}

/* The search's answer, if it is still wanted: NULL if the session went,
 * or the question was cancelled or made stale by a change. */
static LudoSession *
take_answer (GObject       *source,
             GAsyncResult  *result,
             gpointer       user_data,
             char         **move,
             GError       **error)
{
  LudoSession *self = weak_session_steal (user_data);
  GError *local_error = NULL;

  *move = ludo_ai_think_finish (LUDO_GAME (source), result, &local_error);
  if (self == NULL || self->disposed || superseded (local_error))
    {
      g_clear_error (&local_error);
      g_clear_pointer (move, g_free);
      g_clear_object (&self);
      return NULL;
    }
  if (local_error)
    g_propagate_error (error, local_error);
  return self;
}

static void
ai_done_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *move = NULL;
  g_autoptr(LudoSession) self = take_answer (source, result, user_data, &move, &error);

  if (self == NULL)
    return;
  g_clear_object (&self->ai_cancellable);
  set_thinking (self, FALSE);
  if (move == NULL)
    g_signal_emit (self, signals[NOTICE], 0, error->message);
  else if (!ludo_game_play (self->game, move, &error))
    g_critical ("The computer played an illegal move %s: %s", move, error->message);
}

static void
think_now (LudoSession *self)
{
  int seat = ludo_game_get_current_seat (self->game);

  self->ai_cancellable = g_cancellable_new ();
  set_thinking (self, TRUE);
  ludo_ai_think_async (self->game, ludo_game_get_seat_level (self->game, seat),
                       self->ai_cancellable, ai_done_cb, weak_session_new (self));
}

static gboolean
demo_delay_done_cb (gpointer data)
{
  LudoSession *self = data;

  self->ai_delay_source = 0;
  think_now (self);
  return G_SOURCE_REMOVE;
}

static void
maybe_let_computer_move (LudoSession *self)
{
  int seat;

  if (self->disposed || self->replaying || self->paused || self->suspended ||
      self->thinking || self->ai_delay_source)
    return;
  seat = ludo_game_get_current_seat (self->game);
  if (seat < 0 || !ludo_game_seat_is_computer (self->game, seat))
    return;
  /* a demo goes at a pace people can follow; its first move at once
   * (whatever stops it meanwhile cancels the wait) */
  if (ludo_game_count_humans (self->game) == 0 && ludo_game_get_n_moves (self->game) > 0)
    self->ai_delay_source = g_timeout_add (demo_delay (), demo_delay_done_cb, self);
  else
    think_now (self);
}

/* ------------------------------------------------------------------------ */
/* The game                                                                  */

static void
position_changed_cb (LudoSession *self)
{
  cancel_thinking (self);
  cancel_hint (self);
  follow_privacy (self);
  recompute (self);
  autosave (self);
  count_if_finished (self);
  maybe_let_computer_move (self);
}

/* After position-changed, which has autosaved the move already. */
static void
move_played_cb (LudoSession *self)
{
  if (!self->unlike_file)
    {
      self->unlike_file = TRUE;
      recompute (self);
    }
}

static void
seats_changed_cb (LudoSession *self)
{
  cancel_thinking (self);
  forget_privacy (self);
  self->unlike_file = TRUE;
  recompute (self);
  autosave (self);
  maybe_let_computer_move (self);
}

static void
take_stamp (FileStamp  *stamp,
            GFile      *file)
{
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  GStatBuf st;

  stamp->known = path != NULL && g_stat (path, &st) == 0;
  if (!stamp->known)
    return;
  stamp->dev = st.st_dev;
  stamp->ino = st.st_ino;
  stamp->size = st.st_size;
  stamp->mtime_ns = (gint64) st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_mtim.tv_nsec;
}

static gboolean
same_stamp (const FileStamp *a,
            const FileStamp *b)
{
  return a->known == b->known &&
         (!a->known || (a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mtime_ns == b->mtime_ns));
}

/* ------------------------------------------------------------------------ */

static void
ludo_session_constructed (GObject *object)
{
  LudoSession *self = LUDO_SESSION (object);
  LudoGame *game = self->game;

  G_OBJECT_CLASS (ludo_session_parent_class)->constructed (object);

  g_assert (LUDO_IS_GAME (game));
  self->autosave = ludo_autosave_new (self->resume_id);
  self->autosave_handler = g_signal_connect_object (self->autosave, "failed",
                                                    G_CALLBACK (autosave_failed_cb), self, G_CONNECT_SWAPPED);
  take_stamp (&self->stamp, self->file);
  self->saved_position = ludo_game_get_position (game);
  /* a resumed game's last moves are in no file but its autosave */
  self->unlike_file = self->resume_id != NULL;
  self->counted = ludo_game_is_over_at_end (game);
  self->last_position = ludo_game_get_position (game);

  /* before any view: the window hears of a new position from here, and
   * sets the viewer, before a view draws it */
  self->handlers[0] = g_signal_connect_swapped (game, "position-changed", G_CALLBACK (position_changed_cb), self);
  self->handlers[1] = g_signal_connect_swapped (game, "move-played", G_CALLBACK (move_played_cb), self);
  self->handlers[2] = g_signal_connect_swapped (game, "seats-changed", G_CALLBACK (seats_changed_cb), self);

  self->viewer = G_MININT;   /* so that the first recompute notifies */
  recompute (self);
  autosave (self);
  maybe_let_computer_move (self);
}

static void
ludo_session_dispose (GObject *object)
{
  LudoSession *self = LUDO_SESSION (object);

  self->disposed = TRUE;
  cancel_thinking (self);
  cancel_hint (self);
  cancel_review (self);
  g_clear_handle_id (&self->replay_source, g_source_remove);
  if (self->game)
    for (guint i = 0; i < G_N_ELEMENTS (self->handlers); i++)
      g_clear_signal_handler (&self->handlers[i], self->game);
  if (self->autosave)
    {
      /* an unfinished game stays on disk for the next start */
      g_clear_signal_handler (&self->autosave_handler, self->autosave);
      ludo_autosave_close (self->autosave);
      g_clear_object (&self->autosave);
    }
  g_clear_object (&self->game);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (ludo_session_parent_class)->dispose (object);
}

static void
ludo_session_finalize (GObject *object)
{
  LudoSession *self = LUDO_SESSION (object);

  g_free (self->resume_id);
  G_OBJECT_CLASS (ludo_session_parent_class)->finalize (object);
}

static void
ludo_session_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  LudoSession *self = LUDO_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_RESUME_ID:
      g_value_set_string (value, self->resume_id);
      break;
    case PROP_VIEWER:
      g_value_set_int (value, self->viewer);
      break;
    case PROP_PRIVACY:
      g_value_set_boolean (value, self->privacy);
      break;
    case PROP_CAN_MOVE:
      g_value_set_boolean (value, self->can_move);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;
    case PROP_HINTING:
      g_value_set_boolean (value, self->hinting);
      break;
    case PROP_REPLAYING:
      g_value_set_boolean (value, self->replaying);
      break;
    case PROP_REPLAY_PLAYING:
      g_value_set_boolean (value, self->replay_playing);
      break;
    case PROP_REPLAY_INTERVAL:
      g_value_set_uint (value, self->replay_interval);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    case PROP_UNSAVED:
      g_value_set_boolean (value, self->unsaved);
      break;
    case PROP_REVIEWING:
      g_value_set_boolean (value, self->review_cancellable != NULL);
      break;
    case PROP_REVIEW_DONE:
      g_value_set_uint (value, self->review_done);
      break;
    case PROP_REVIEW_TOTAL:
      g_value_set_uint (value, self->review_total);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_session_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  LudoSession *self = LUDO_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;
    case PROP_FILE:
      self->file = g_value_dup_object (value);
      break;
    case PROP_RESUME_ID:
      self->resume_id = g_value_dup_string (value);
      break;
    case PROP_REPLAY_PLAYING:
      ludo_session_set_replay_playing (self, g_value_get_boolean (value));
      break;
    case PROP_REPLAY_INTERVAL:
      ludo_session_set_replay_interval (self, g_value_get_uint (value));
      break;
    case PROP_PAUSED:
      ludo_session_set_paused (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_session_class_init (LudoSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = ludo_session_constructed;
  object_class->dispose = ludo_session_dispose;
  object_class->finalize = ludo_session_finalize;
  object_class->get_property = ludo_session_get_property;
  object_class->set_property = ludo_session_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, LUDO_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* where the game is saved: read from, or last written to */
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY |
                         G_PARAM_STATIC_STRINGS);
  /* the autosave slot of an unfinished game taken up again */
  properties[PROP_RESUME_ID] =
    g_param_spec_string ("resume-id", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* whose secrets the board shows: a seat, or LUDO_VIEWER_ALL / _NONE */
  properties[PROP_VIEWER] =
    g_param_spec_int ("viewer", NULL, NULL, G_MININT, G_MAXINT, LUDO_VIEWER_NONE,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* the board is hidden until the person to move confirms */
  properties[PROP_PRIVACY] =
    g_param_spec_boolean ("privacy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* a person may move now */
  properties[PROP_CAN_MOVE] =
    g_param_spec_boolean ("can-move", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HINTING] =
    g_param_spec_boolean ("hinting", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REPLAYING] =
    g_param_spec_boolean ("replaying", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REPLAY_PLAYING] =
    g_param_spec_boolean ("replay-playing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REPLAY_INTERVAL] =
    g_param_spec_uint ("replay-interval", NULL, NULL, 10, 60000, REPLAY_INTERVAL_MS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* moves or a position that no file has */
  properties[PROP_UNSAVED] =
    g_param_spec_boolean ("unsaved", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* the computer's review of the game runs (ludo_session_review ()), and
   * how far it is: done moves of total */
  properties[PROP_REVIEWING] =
    g_param_spec_boolean ("reviewing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REVIEW_DONE] =
    g_param_spec_uint ("review-done", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REVIEW_TOTAL] =
    g_param_spec_uint ("review-total", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The computer's suggestion for the person to move, in notation. */
  signals[HINT_FOUND] =
    g_signal_new ("hint-found", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* Something to tell the person, in a sentence: the computer found no
   * move, the autosave failed… */
  signals[NOTICE] =
    g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* A finished game was counted. */
  signals[STATISTICS_CHANGED] =
    g_signal_new ("statistics-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ludo_session_init (LudoSession *self)
{
  self->confirmed_seat = -1;
  self->replay_interval = REPLAY_INTERVAL_MS;
}

LudoSession *
ludo_session_new (LudoGame *game,
                  GFile    *file)
{
  g_return_val_if_fail (LUDO_IS_GAME (game), NULL);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), NULL);

  return g_object_new (LUDO_TYPE_SESSION, "game", game, "file", file, NULL);
}

LudoSession *
ludo_session_new_resumed (LudoGame   *game,
                          GFile      *file,
                          const char *autosave_id)
{
  g_return_val_if_fail (LUDO_IS_GAME (game), NULL);
  g_return_val_if_fail (autosave_id != NULL, NULL);

  return g_object_new (LUDO_TYPE_SESSION, "game", game, "file", file, "resume-id", autosave_id, NULL);
}

LudoGame *
ludo_session_get_game (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), NULL);
  return self->game;
}

GFile *
ludo_session_get_file (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), NULL);
  return self->file;
}

const char *
ludo_session_get_autosave_id (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), NULL);
  return self->autosave ? ludo_autosave_get_id (self->autosave) : NULL;
}

int
ludo_session_get_viewer (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), LUDO_VIEWER_NONE);
  return self->viewer;
}

gboolean
ludo_session_get_privacy (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return self->privacy;
}

gboolean
ludo_session_get_can_move (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return self->can_move;
}

gboolean
ludo_session_get_thinking (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return self->thinking;
}

gboolean
ludo_session_is_computer_busy (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return self->thinking || self->ai_delay_source != 0;
}

gboolean
ludo_session_get_hinting (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return self->hinting;
}

gboolean
ludo_session_get_replaying (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return self->replaying;
}

gboolean
ludo_session_get_replay_playing (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return self->replay_playing;
}

gboolean
ludo_session_get_paused (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return self->paused;
}

gboolean
ludo_session_get_unsaved (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return self->unsaved;
}

gboolean
ludo_session_get_demo (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return !self->replaying && ludo_game_count_humans (self->game) == 0 && !ludo_game_is_over (self->game);
}

gboolean
ludo_session_is_in_progress (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return unfinished_and_unsaved (self) && ludo_game_count_humans (self->game) > 0;
}

gboolean
ludo_session_can_undo (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return !self->replaying && ludo_game_can_undo (self->game);
}

gboolean
ludo_session_can_redo (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  return !self->replaying && ludo_game_can_redo (self->game);
}

/* ------------------------------------------------------------------------ */
/* Playing                                                                   */

void
ludo_session_confirm_privacy (LudoSession *self)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  if (!self->privacy)
    return;
  self->confirmed_seat = ludo_game_get_current_seat (self->game);
  self->last_position = ludo_game_get_position (self->game);
  recompute (self);
}

/* The session moves the cursor itself: that forgets who confirmed. */
static void
navigate (LudoSession *self,
          guint        ply)
{
  self->navigating++;
  ludo_game_seek (self->game, ply);
  self->navigating--;
}

void
ludo_session_undo (LudoSession *self)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  if (!ludo_session_can_undo (self))
    return;
  cancel_thinking (self);
  self->navigating++;
  ludo_game_undo (self->game);
  self->navigating--;
}

void
ludo_session_redo (LudoSession *self)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  if (!ludo_session_can_redo (self))
    return;
  cancel_thinking (self);
  self->navigating++;
  ludo_game_redo (self->game);
  self->navigating--;
}

/* (a hint asked for again cancels the first, which must not stop the
 * spinner of the second) */
static void
hint_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *move = NULL;
  g_autoptr(LudoSession) self = take_answer (source, result, user_data, &move, &error);

  if (self == NULL)
    return;
  g_clear_object (&self->hint_cancellable);
  set_hinting (self, FALSE);
  if (move == NULL)
    g_signal_emit (self, signals[NOTICE], 0, error->message);
  else
    g_signal_emit (self, signals[HINT_FOUND], 0, move);
}

void
ludo_session_hint (LudoSession *self)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  if (!self->can_move)
    return;
  cancel_hint (self);
  self->hint_cancellable = g_cancellable_new ();
  set_hinting (self, TRUE);
  ludo_ai_think_async (self->game, LUDO_LEVEL_HARD, self->hint_cancellable,
                       hint_done_cb, weak_session_new (self));
}

void
ludo_session_set_paused (LudoSession *self,
                         gboolean     paused)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  paused = !!paused;
  if (self->paused == paused)
    return;
  self->paused = paused;
  if (paused)
    cancel_thinking (self);
  notify (self, PROP_PAUSED);
  maybe_let_computer_move (self);
}

void
ludo_session_set_suspended (LudoSession *self,
                            gboolean     suspended)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  suspended = !!suspended;
  if (self->suspended == suspended)
    return;
  self->suspended = suspended;
  if (suspended)
    {
      cancel_thinking (self);
      cancel_hint (self);
    }
  maybe_let_computer_move (self);
}

/* ------------------------------------------------------------------------ */
/* Replay                                                                    */

static void
stop_replay_timer (LudoSession *self)
{
  g_clear_handle_id (&self->replay_source, g_source_remove);
  if (self->replay_playing)
    {
      self->replay_playing = FALSE;
      notify (self, PROP_REPLAY_PLAYING);
    }
}

static void
set_replaying (LudoSession *self,
               gboolean     replaying)
{
  if (self->replaying == !!replaying)
    return;
  stop_replay_timer (self);
  cancel_thinking (self);
  cancel_hint (self);
  forget_privacy (self);
  self->replaying = !!replaying;
  recompute (self);
  notify (self, PROP_REPLAYING);
  if (!replaying)
    {
      autosave (self);
      maybe_let_computer_move (self);
    }
}

void
ludo_session_start_replay (LudoSession *self)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  if (self->replaying)
    return;
  self->replay_return_ply = ludo_game_get_position (self->game);
  set_replaying (self, TRUE);
  /* a finished game is replayed from its start */
  if (ludo_game_is_over (self->game))
    navigate (self, 0);
}

void
ludo_session_end_replay (LudoSession *self)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  if (!self->replaying)
    return;
  set_replaying (self, FALSE);
  navigate (self, MIN (self->replay_return_ply, ludo_game_get_n_moves (self->game)));
}

void
ludo_session_continue_from_here (LudoSession *self)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  set_replaying (self, FALSE);
}

void
ludo_session_seek (LudoSession *self,
                   guint        ply)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  ply = MIN (ply, ludo_game_get_n_moves (self->game));
  if (!self->replaying)
    {
      self->replay_return_ply = ludo_game_get_position (self->game);
      set_replaying (self, TRUE);
    }
  navigate (self, ply);
}

static gboolean
replay_tick_cb (gpointer data)
{
  LudoSession *self = data;
  guint position = ludo_game_get_position (self->game);

  if (position >= ludo_game_get_n_moves (self->game))
    {
      self->replay_source = 0;
      stop_replay_timer (self);
      return G_SOURCE_REMOVE;
    }
  navigate (self, position + 1);
  return G_SOURCE_CONTINUE;
}

void
ludo_session_set_replay_playing (LudoSession *self,
                                 gboolean     playing)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  playing = !!playing && self->replaying;
  if (self->replay_playing == playing)
    return;
  g_clear_handle_id (&self->replay_source, g_source_remove);
  self->replay_playing = playing;
  if (playing)
    {
      if (ludo_game_get_position (self->game) >= ludo_game_get_n_moves (self->game))
        navigate (self, 0);
      self->replay_source = g_timeout_add (self->replay_interval, replay_tick_cb, self);
    }
  notify (self, PROP_REPLAY_PLAYING);
}

void
ludo_session_set_replay_interval (LudoSession *self,
                                  guint        ms)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  ms = CLAMP (ms, 10, 60000);
  if (self->replay_interval == ms)
    return;
  self->replay_interval = ms;
  if (self->replay_playing)
    {
      /* the timer again, at the new pace */
      g_clear_handle_id (&self->replay_source, g_source_remove);
      self->replay_source = g_timeout_add (ms, replay_tick_cb, self);
    }
  notify (self, PROP_REPLAY_INTERVAL);
}

/* ------------------------------------------------------------------------ */
/* Files                                                                     */

/* Not to be written: the person said so with its permissions, even where
 * the system would let us (as root, access () says yes to anything). */
static gboolean
is_read_only (const char     *path,
              const GStatBuf *st)
{
  return (st->st_mode & 0222) == 0 || g_access (path, W_OK) != 0;
}

gboolean
ludo_session_save (LudoSession           *self,
                   GFile                 *file,
                   LudoSessionSaveFlags   flags,
                   GError               **error)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  GStatBuf st;

  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  name = g_file_get_basename (file);
  if (path == NULL)
    {
      g_set_error_literal (error, LUDO_SESSION_ERROR, LUDO_SESSION_ERROR_NOT_LOCAL,
                           _("Only local files can be saved."));
      return FALSE;
    }
  if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode))
    {
      if (is_read_only (path, &st))
        {
          g_set_error (error, LUDO_SESSION_ERROR, LUDO_SESSION_ERROR_READ_ONLY,
                       _("“%s” is read-only."), name);
          return FALSE;
        }
      if (!(flags & LUDO_SESSION_SAVE_OVERWRITE_CHANGED) && self->file && g_file_equal (file, self->file))
        {
          FileStamp now;

          take_stamp (&now, file);
          if (self->stamp.known && !same_stamp (&now, &self->stamp))
            {
              g_set_error (error, LUDO_SESSION_ERROR, LUDO_SESSION_ERROR_CHANGED_ON_DISK,
                           _("“%s” was changed on disk after it was opened or saved here."), name);
              return FALSE;
            }
        }
    }
  if (!ludo_save_write (self->game, path, error))
    return FALSE;

  if (self->file == NULL || !g_file_equal (file, self->file))
    {
      g_set_object (&self->file, file);
      notify (self, PROP_FILE);
    }
  take_stamp (&self->stamp, file);
  self->unlike_file = FALSE;
  self->saved_position = ludo_game_get_position (self->game);
  recompute (self);
  /* the file has it all */
  autosave (self);
  return TRUE;
}

void
ludo_session_discard (LudoSession *self)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  cancel_thinking (self);
  cancel_hint (self);
  stop_replay_timer (self);
  self->discarded = TRUE;
  if (self->autosave)
    ludo_autosave_discard (self->autosave);
}

void
ludo_session_flush (LudoSession *self)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  if (self->autosave)
    ludo_autosave_flush (self->autosave);
}

/* ------------------------------------------------------------------------ */
/* The review                                                                */

gboolean
ludo_session_get_reviewing (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);

  return self->review_cancellable != NULL;
}

guint
ludo_session_get_review_done (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), 0);

  return self->review_done;
}

guint
ludo_session_get_review_total (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), 0);

  return self->review_total;
}

/* The review knows every secret (the codes, the moves not yet shown): a
 * game with secrets is reviewed only when the board shows them all. */
gboolean
ludo_session_can_review (LudoSession *self)
{
  g_return_val_if_fail (LUDO_IS_SESSION (self), FALSE);

  return ludo_game_can_review (self->game) && ludo_game_get_n_moves (self->game) > 0 &&
         (!ludo_game_has_secrets (self->game) || self->viewer == LUDO_VIEWER_ALL);
}

static void
review_progress_cb (guint    done,
                    guint    n,
                    gpointer data)
{
  LudoSession *self = data;

  self->review_done = done;
  notify (self, PROP_REVIEW_DONE);
}

static void
reviewed_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(LudoSession) self = weak_session_steal (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) reviews = ludo_review_game_finish (result, &error);

  if (self == NULL || self->disposed ||
      g_error_matches (error, LUDO_REVIEW_ERROR, LUDO_REVIEW_ERROR_CANCELLED))
    return;
  g_clear_object (&self->review_cancellable);
  if (reviews && ludo_review_matches (reviews, self->game))
    {
      ludo_game_set_review (self->game, g_steal_pointer (&reviews), ludo_game_get_review_scale (self->game)->budget_ms);
      /* the file, if any, has not got it */
      self->unlike_file = TRUE;
      recompute (self);
      autosave (self);
    }
  /* once the review is in the game: who hears of the end finds it there */
  notify (self, PROP_REVIEWING);
  if (error)
    g_signal_emit (self, signals[NOTICE], 0, error->message);
  else if (reviews)
    g_signal_emit (self, signals[NOTICE], 0, _("The moves changed during the review: review the game again."));
}

void
ludo_session_review (LudoSession *self)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  if (self->review_cancellable || !ludo_session_can_review (self))
    return;
  self->review_cancellable = g_cancellable_new ();
  self->review_done = 0;
  self->review_total = ludo_game_get_n_moves (self->game);
  g_object_freeze_notify (G_OBJECT (self));
  notify (self, PROP_REVIEW_DONE);
  notify (self, PROP_REVIEW_TOTAL);
  notify (self, PROP_REVIEWING);
  g_object_thaw_notify (G_OBJECT (self));
  ludo_review_game_async (self->game, 0, review_progress_cb, self, self->review_cancellable,
                          reviewed_cb, weak_session_new (self));
}

void
ludo_session_cancel_review (LudoSession *self)
{
  g_return_if_fail (LUDO_IS_SESSION (self));

  cancel_review (self);
}

const LudoMoveReview *
ludo_session_get_shown_verdict (LudoSession *self)
{
  GPtrArray *review;
  guint position;

  g_return_val_if_fail (LUDO_IS_SESSION (self), NULL);

  review = ludo_game_get_review (self->game);
  position = ludo_game_get_position (self->game);
  if (!self->replaying || ludo_session_get_privacy (self) || review == NULL || position >= review->len)
    return NULL;
  return review->pdata[position];
}

/* The position after the next (or the previous) move the review marked an
 * inaccuracy or worse, from the position shown; -1 if there is none. */
int
ludo_session_find_mistake (LudoSession *self,
                           gboolean     forward)
{
  GPtrArray *review;
  guint position;

  g_return_val_if_fail (LUDO_IS_SESSION (self), -1);

  review = ludo_game_get_review (self->game);
  position = ludo_game_get_position (self->game);
  if (review == NULL)
    return -1;
  /* ply p shows the board after move p, the review's entry p - 1 */
  if (forward)
    {
      for (guint p = position + 1; p <= review->len; p++)
        if (((LudoMoveReview *) review->pdata[p - 1])->mark >= LUDO_MARK_INACCURACY)
          return (int) p;
    }
  else
    {
      for (guint p = MIN (position, review->len + 1); p-- > 1;)
        if (((LudoMoveReview *) review->pdata[p - 1])->mark >= LUDO_MARK_INACCURACY)
          return (int) p;
    }
  return -1;
}

gboolean
ludo_session_seek_mistake (LudoSession *self,
                           gboolean     forward)
{
  int ply = ludo_session_find_mistake (self, forward);

  if (ply < 0)
    return FALSE;
  ludo_session_seek (self, (guint) ply);
  return TRUE;
}
