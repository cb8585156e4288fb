/* ludo-autosave.h — one autosave for each unfinished game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each game being played has its own autosave, named by an id, in
 * $XDG_DATA_HOME/ludoteka/autosaves: two windows, or two instances of the
 * app, never write or remove each other's. The game that holds a slot
 * keeps it locked (a lock file beside it); what the next start offers are
 * the slots nobody holds.
 *
 * Writing is off the main thread and coalesced: one write at a time for
 * a slot, and of the states asked for meanwhile only the newest is
 * written. A slot is private to its user (0600), whatever its folder.
 */
#pragma once

#include <gio/gio.h>

#include "ludo-game.h"

G_BEGIN_DECLS

#define LUDO_TYPE_AUTOSAVE (ludo_autosave_get_type ())
G_DECLARE_FINAL_TYPE (LudoAutosave, ludo_autosave, LUDO, AUTOSAVE, GObject)

/* $XDG_DATA_HOME/ludoteka/autosaves */
char         *ludo_autosave_get_folder (void);

/* Claims the slot id (NULL: a new one). If another game holds id, a new
 * slot is taken instead. */
LudoAutosave *ludo_autosave_new        (const char    *id);
const char   *ludo_autosave_get_id     (LudoAutosave  *self);
/* Writes the game as it is now (in the background); origin is the file
 * it belongs to, or NULL. A write that fails emits "failed". */
void          ludo_autosave_save       (LudoAutosave  *self,
                                        LudoGame      *game,
                                        GFile         *origin);
/* Removes the slot's file, after any write in flight. */
void          ludo_autosave_discard    (LudoAutosave  *self);
/* Until what was asked for is on disk: waits for the write in flight and
 * does what is pending here. */
void          ludo_autosave_flush      (LudoAutosave  *self);
/* Flushes, and lets the slot go: from now on another game, or the next
 * start, may take it. Nothing more is written. */
void          ludo_autosave_close      (LudoAutosave  *self);

/* An unfinished game nobody holds, as the next start offers it. */
typedef struct {
  char      *id;
  char      *path;
  LudoGame  *game;      /* NULL if the file could not be read */
  GFile     *origin;    /* the file it belongs to, or NULL */
  GDateTime *saved;     /* when it was last written */
  GError    *error;     /* why it could not be read */
  char      *kept;      /* where an unreadable one was put aside */
} LudoAutosaveEntry;

void          ludo_autosave_entry_free (LudoAutosaveEntry *entry);

/* Reads the autosaves nobody holds, in a worker thread: the games with
 * at least one move, newest first, and those that could not be read (put
 * aside under another name, never removed). Removes what killed writers
 * left, and the finished games' autosaves. */
void          ludo_autosave_list_async  (GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
/* A GPtrArray of LudoAutosaveEntry. */
GPtrArray    *ludo_autosave_list_finish (GAsyncResult        *result,
                                         GError             **error);
/* The same, blocking. */
GPtrArray    *ludo_autosave_list        (GCancellable        *cancellable);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LudoAutosaveEntry, ludo_autosave_entry_free)

G_END_DECLS
