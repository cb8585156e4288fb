/* ludo-save.h — .ludoteka files: XML with the whole undo history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libxml/tree.h>

#include "ludo-game.h"

G_BEGIN_DECLS

#define LUDO_SAVE_ERROR (ludo_save_error_quark ())

typedef enum {
  LUDO_SAVE_ERROR_IO,
  LUDO_SAVE_ERROR_TOO_LARGE,
  LUDO_SAVE_ERROR_NOT_XML,
  LUDO_SAVE_ERROR_TRUNCATED,
  LUDO_SAVE_ERROR_FORBIDDEN,       /* a DTD or entities */
  LUDO_SAVE_ERROR_NOT_A_SAVE,
  LUDO_SAVE_ERROR_NEWER_VERSION,
  LUDO_SAVE_ERROR_UNKNOWN_GAME,
  LUDO_SAVE_ERROR_INVALID,         /* does not follow the schema */
  LUDO_SAVE_ERROR_BAD_OPTION,
  LUDO_SAVE_ERROR_BAD_SETUP,
  LUDO_SAVE_ERROR_ILLEGAL_MOVE,
  LUDO_SAVE_ERROR_BAD_RESULT,
  LUDO_SAVE_ERROR_BAD_REVIEW,
} LudoSaveError;

#define LUDO_SAVE_FORMAT_VERSION 1
#define LUDO_SAVE_MAX_BYTES      (4 * 1024 * 1024)
/* more than any game's rules let it last (the longest, with their draw
 * rules, end within some thousands) */
#define LUDO_SAVE_MAX_MOVES      100000
/* on one element: saves have a handful (see check_attribute_counts) */
#define LUDO_SAVE_MAX_ATTRIBUTES 64
/* elements inside one another: saves have three (<ludoteka>, <moves>,
 * <move>); libxml2's own limit, 256, would speak its own words */
#define LUDO_SAVE_MAX_DEPTH      32

typedef enum {
  LUDO_SAVE_PRIVATE = 1 << 0,   /* mode 0600, whatever the folder or the old file */
} LudoSaveFlags;

/* What a save holds, taken from a game at once (a copy of its moves), to
 * be written out later in any thread while the game goes on. */
typedef struct _LudoSaveSnapshot LudoSaveSnapshot;

GQuark     ludo_save_error_quark   (void);

LudoSaveSnapshot *ludo_save_snapshot_new       (LudoGame          *game);
/* The file the game belongs to, as a URI: an autosave remembers it. */
void              ludo_save_snapshot_set_origin (LudoSaveSnapshot *self,
                                                 const char       *uri);
void              ludo_save_snapshot_free      (LudoSaveSnapshot  *self);
char             *ludo_save_snapshot_to_data   (LudoSaveSnapshot  *self,
                                                gsize             *length);
/* As ludo_save_write (). */
gboolean          ludo_save_snapshot_write     (LudoSaveSnapshot  *self,
                                                const char        *path,
                                                LudoSaveFlags      flags,
                                                GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LudoSaveSnapshot, ludo_save_snapshot_free)

char      *ludo_save_to_data       (LudoGame     *game,
                                    gsize        *length);
/* Writes to a temporary file and renames it over path: a failed or
 * interrupted write leaves the old file as it was. An existing file keeps
 * its permissions; a symbolic link stays a link to the file written. */
gboolean   ludo_save_write         (LudoGame     *game,
                                    const char   *path,
                                    GError      **error);
LudoGame  *ludo_save_read          (const char   *path,
                                    GError      **error);
/* The same in a worker thread, so that no file keeps a window busy. */
void       ludo_save_read_async    (const char          *path,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);
LudoGame  *ludo_save_read_finish   (GAsyncResult        *result,
                                    GError             **error);
LudoGame  *ludo_save_read_data     (const char   *data,
                                    gsize         length,
                                    GError      **error);

/* Parses XML as saves are read, for every file Ludoteka reads: no
 * network, no DTD or entities, no namespaces, an error that says where. */
xmlDocPtr  ludo_save_parse_xml     (const char   *data,
                                    gsize         length,
                                    GError      **error);

/* The RELAX NG schema of the format, from the resources. */
GBytes    *ludo_save_get_schema    (void);

/* The one autosave of Ludoteka 0.x, under the user data dir: the next
 * start moves it among the autosaves (LudoAutosave). */
char      *ludo_save_autosave_path (void);
/* The file a save read by ludo_save_read* () says its game belongs to (an
 * autosave's origin), as a URI; NULL if it names none. */
const char *ludo_save_get_origin   (LudoGame     *game);
/* Removes the temporary files that saving path left when its process was
 * killed half-way (none that a living process writes). Returns how many. */
guint      ludo_save_remove_stale  (const char   *path);

G_END_DECLS
