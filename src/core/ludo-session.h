/* ludo-session.h — a game being played: who sees what, who moves, the
 * computer, replay, saving and autosaving
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session owns a LudoGame and the file it belongs to, and decides,
 * after every change, what a window shows: the viewer (whose secrets may
 * be seen), whether the privacy screen must hide the board, whether a
 * person may move. It lets the computer think (in a worker thread,
 * through LudoAi), runs a replay's timer, autosaves (LudoAutosave) and
 * counts finished games in the statistics. A window only renders it.
 *
 * The privacy rule: where people share the screen in a game with secrets,
 * a person's board (their secret, their input) is shown only after that
 * person confirmed (ludo_session_confirm_privacy) at the current
 * position. The confirmation holds for the moves that person then makes
 * while it is still their turn; any other change of position — a move
 * that hands the turn on, undo, redo, a seek, a replay, another game —
 * forgets it.
 */
#pragma once

#include <gio/gio.h>

#include "ludo-game.h"

G_BEGIN_DECLS

#define LUDO_SESSION_ERROR (ludo_session_error_quark ())

typedef enum {
  LUDO_SESSION_ERROR_READ_ONLY,        /* the file may not be written */
  LUDO_SESSION_ERROR_CHANGED_ON_DISK,  /* since it was read or written here */
  LUDO_SESSION_ERROR_NOT_LOCAL,
} LudoSessionError;

typedef enum {
  LUDO_SESSION_SAVE_NONE = 0,
  /* write over the file even if it changed on disk since */
  LUDO_SESSION_SAVE_OVERWRITE_CHANGED = 1 << 0,
} LudoSessionSaveFlags;

#define LUDO_TYPE_SESSION (ludo_session_get_type ())
G_DECLARE_FINAL_TYPE (LudoSession, ludo_session, LUDO, SESSION, GObject)

GQuark        ludo_session_error_quark       (void);

/* A game played here: file is where it was read from (NULL for a new
 * game). It gets an autosave of its own. */
LudoSession  *ludo_session_new               (LudoGame     *game,
                                              GFile        *file);
/* A game the last start left unfinished, in its autosave autosave_id;
 * file is the one it belongs to (NULL if none). */
LudoSession  *ludo_session_new_resumed       (LudoGame     *game,
                                              GFile        *file,
                                              const char   *autosave_id);

LudoGame     *ludo_session_get_game          (LudoSession  *self);
GFile        *ludo_session_get_file          (LudoSession  *self);
const char   *ludo_session_get_autosave_id   (LudoSession  *self);

/* What a window shows */
int           ludo_session_get_viewer        (LudoSession  *self);
gboolean      ludo_session_get_privacy       (LudoSession  *self);
gboolean      ludo_session_get_can_move      (LudoSession  *self);
gboolean      ludo_session_get_thinking      (LudoSession  *self);
/* Thinking, or waiting to (a demo's pause between moves). */
gboolean      ludo_session_is_computer_busy  (LudoSession  *self);
gboolean      ludo_session_get_hinting       (LudoSession  *self);
gboolean      ludo_session_get_replaying     (LudoSession  *self);
gboolean      ludo_session_get_replay_playing (LudoSession *self);
gboolean      ludo_session_get_paused        (LudoSession  *self);
gboolean      ludo_session_get_unsaved       (LudoSession  *self);
/* The computer's review of every move (ludo-review.h), in a worker
 * thread; what comes of it lands in the game (ludo_game_get_review ()).
 * Offered once a move is played, for a game with secrets only when all
 * are shown. */
gboolean      ludo_session_can_review        (LudoSession  *self);
gboolean      ludo_session_get_reviewing     (LudoSession  *self);
guint         ludo_session_get_review_done   (LudoSession  *self);
guint         ludo_session_get_review_total  (LudoSession  *self);
void          ludo_session_review            (LudoSession  *self);
void          ludo_session_cancel_review     (LudoSession  *self);
/* The next (forward) or previous move the review marked an inaccuracy
 * or worse: the ply after it (-1: none), and a replay seeking to it. */
int           ludo_session_find_mistake      (LudoSession  *self,
                                              gboolean      forward);
gboolean      ludo_session_seek_mistake      (LudoSession  *self,
                                              gboolean      forward);
/* In a replay, the review's verdict on the move to be played from the
 * position shown (its best move is the computer's move there); NULL
 * outside a replay, behind the privacy screen, or past the review. */
const LudoMoveReview *ludo_session_get_shown_verdict (LudoSession *self);
/* No people, and not over: the computer plays itself. */
gboolean      ludo_session_get_demo          (LudoSession  *self);
/* People are playing it, and moves of it are in no file. */
gboolean      ludo_session_is_in_progress    (LudoSession  *self);
gboolean      ludo_session_can_undo          (LudoSession  *self);
gboolean      ludo_session_can_redo          (LudoSession  *self);

/* Playing */
void          ludo_session_confirm_privacy   (LudoSession  *self);
void          ludo_session_undo              (LudoSession  *self);
void          ludo_session_redo              (LudoSession  *self);
/* Asks the computer for a move for the person to move: "hint-found". */
void          ludo_session_hint              (LudoSession  *self);
void          ludo_session_set_paused        (LudoSession  *self,
                                              gboolean      paused);
/* While suspended (the window shows something else) the computer does
 * not think. */
void          ludo_session_set_suspended     (LudoSession  *self,
                                              gboolean      suspended);

/* Replay: the same history, looked at without playing */
void          ludo_session_start_replay      (LudoSession  *self);
/* Back to the game as it was when the replay started. */
void          ludo_session_end_replay        (LudoSession  *self);
/* Plays on from the position the replay shows. */
void          ludo_session_continue_from_here (LudoSession *self);
/* Goes to ply, starting a replay if none is on. */
void          ludo_session_seek              (LudoSession  *self,
                                              guint         ply);
void          ludo_session_set_replay_playing (LudoSession *self,
                                               gboolean     playing);
void          ludo_session_set_replay_interval (LudoSession *self,
                                                guint        ms);

/* Files */
gboolean      ludo_session_save              (LudoSession          *self,
                                              GFile                *file,
                                              LudoSessionSaveFlags  flags,
                                              GError              **error);
/* The game is given up (another takes its place): its autosave goes. */
void          ludo_session_discard           (LudoSession  *self);
/* Until the autosave is on disk. */
void          ludo_session_flush             (LudoSession  *self);

G_END_DECLS
