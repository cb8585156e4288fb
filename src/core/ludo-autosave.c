/* ludo-autosave.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A slot is ID.ludoteka with ID.lock beside it. Whoever holds a slot holds
 * an exclusive flock () on its lock file for as long as it lives; the
 * lock goes with the process, so a killed app leaves its slot free for
 * the next start to offer. flock () locks belong to an open file, so the
 * same process cannot take a slot twice either.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "ludo-autosave.h"
#include "ludo-save.h"

#define EXTENSION ".ludoteka"

typedef struct {
  LudoSaveSnapshot *snapshot;   /* NULL: remove the file */
  char             *path;
} Job;

struct _LudoAutosave
{
  GObject   parent_instance;

  char     *id;
  char     *path;
  char     *lock_path;
  int       lock_fd;

  GMutex    mutex;
  GCond     cond;
  gboolean  in_flight;      /* under mutex: a job runs in a worker thread */
  Job      *pending;        /* main thread: the next job */
  gboolean  maybe_on_disk;  /* a file may be there to remove */
  gboolean  closed;         /* let go: the next start may offer it */
};

G_DEFINE_FINAL_TYPE (LudoAutosave, ludo_autosave, G_TYPE_OBJECT)

enum {
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

char *
ludo_autosave_get_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "ludoteka", "autosaves", NULL);
}

static void
job_free (Job *job)
{
  ludo_save_snapshot_free (job->snapshot);
  g_free (job->path);
  g_free (job);
}

/* An id this module made: a UUID's characters and nothing else, so that it
 * is a file name and never a path. */
static gboolean
is_id (const char *id)
{
  gsize n = strlen (id);

  if (n == 0 || n > 64)
    return FALSE;
  for (const char *c = id; *c; c++)
    if (!g_ascii_isxdigit (*c) && *c != '-')
      return FALSE;
  return TRUE;
}

/* The lock of the slot id, held; -1 if someone else holds it. */
static int
take_lock (const char *lock_path)
{
  int fd = g_open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);

  if (fd < 0)
    return -1;
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      close (fd);
      return -1;
    }
  return fd;
}

static gboolean
do_job (Job     *job,
        GError **error)
{
  g_autofree char *folder = NULL;

  if (job->snapshot == NULL)
    {
      if (g_unlink (job->path) != 0 && errno != ENOENT)
        {
          int e = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (e),
                       _("The unfinished game could not be removed: %s"), g_strerror (e));
          return FALSE;
        }
      return TRUE;
    }
  folder = g_path_get_dirname (job->path);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int e = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (e),
                   _("The game could not be saved: %s"), g_strerror (e));
      return FALSE;
    }
  return ludo_save_snapshot_write (job->snapshot, job->path, LUDO_SAVE_PRIVATE, error);
}

static void
job_thread (GTask        *task,
            gpointer      source,
            gpointer      data,
            GCancellable *cancellable)
{
  LudoAutosave *self = source;
  GError *error = NULL;
  gboolean ok = do_job (data, &error);

  g_mutex_lock (&self->mutex);
  self->in_flight = FALSE;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->mutex);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void kick (LudoAutosave *self);

static void
job_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  LudoAutosave *self = LUDO_AUTOSAVE (source);
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    g_signal_emit (self, signals[FAILED], 0, error);
  kick (self);
}

/* Starts the pending job, unless one is in flight: its end starts the
 * next. */
static void
kick (LudoAutosave *self)
{
  g_autoptr(GTask) task = NULL;

  if (self->pending == NULL)
    return;
  g_mutex_lock (&self->mutex);
  if (self->in_flight)
    {
      g_mutex_unlock (&self->mutex);
      return;
    }
  self->in_flight = TRUE;
  g_mutex_unlock (&self->mutex);

  task = g_task_new (self, NULL, job_done_cb, NULL);
  g_task_set_source_tag (task, kick);
  g_task_set_task_data (task, g_steal_pointer (&self->pending), (GDestroyNotify) job_free);
  g_task_run_in_thread (task, job_thread);
}

static void
set_pending (LudoAutosave     *self,
             LudoSaveSnapshot *snapshot)
{
  Job *job = g_new0 (Job, 1);

  job->snapshot = snapshot;
  job->path = g_strdup (self->path);
  /* the newest state wins over one that was still waiting */
  g_clear_pointer (&self->pending, job_free);
  self->pending = job;
  kick (self);
}

void
ludo_autosave_save (LudoAutosave *self,
                    LudoGame     *game,
                    GFile        *origin)
{
  LudoSaveSnapshot *snapshot;

  g_return_if_fail (LUDO_IS_AUTOSAVE (self));
  g_return_if_fail (LUDO_IS_GAME (game));

  if (self->closed)
    return;
  snapshot = ludo_save_snapshot_new (game);
  if (origin && g_file_is_native (origin))
    {
      g_autofree char *uri = g_file_get_uri (origin);
      ludo_save_snapshot_set_origin (snapshot, uri);
    }
  self->maybe_on_disk = TRUE;
  set_pending (self, snapshot);
}

void
ludo_autosave_discard (LudoAutosave *self)
{
  g_return_if_fail (LUDO_IS_AUTOSAVE (self));

  if (self->closed)
    return;
  if (!self->maybe_on_disk)
    {
      g_clear_pointer (&self->pending, job_free);
      return;
    }
  self->maybe_on_disk = FALSE;
  set_pending (self, NULL);
}

void
ludo_autosave_flush (LudoAutosave *self)
{
  g_autoptr(GError) error = NULL;
  Job *job;

  g_return_if_fail (LUDO_IS_AUTOSAVE (self));

  g_mutex_lock (&self->mutex);
  while (self->in_flight)
    g_cond_wait (&self->cond, &self->mutex);
  g_mutex_unlock (&self->mutex);

  job = g_steal_pointer (&self->pending);
  if (job == NULL)
    return;
  if (!do_job (job, &error))
    g_signal_emit (self, signals[FAILED], 0, error);
  job_free (job);
}

const char *
ludo_autosave_get_id (LudoAutosave *self)
{
  g_return_val_if_fail (LUDO_IS_AUTOSAVE (self), NULL);
  return self->id;
}

void
ludo_autosave_close (LudoAutosave *self)
{
  g_return_if_fail (LUDO_IS_AUTOSAVE (self));

  /* nothing asked for is lost with the game that asked */
  ludo_autosave_flush (self);
  if (self->lock_fd >= 0)
    {
      /* a slot with no game in it goes, lock and all (still held while
       * it is removed, so that nobody takes it meanwhile) */
      if (!g_file_test (self->path, G_FILE_TEST_EXISTS))
        g_unlink (self->lock_path);
      close (self->lock_fd);
      self->lock_fd = -1;
    }
  self->closed = TRUE;
}

static void
ludo_autosave_finalize (GObject *object)
{
  LudoAutosave *self = LUDO_AUTOSAVE (object);

  ludo_autosave_close (self);
  g_free (self->id);
  g_free (self->path);
  g_free (self->lock_path);
  g_mutex_clear (&self->mutex);
  g_cond_clear (&self->cond);

  G_OBJECT_CLASS (ludo_autosave_parent_class)->finalize (object);
}

static void
ludo_autosave_class_init (LudoAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ludo_autosave_finalize;

  /* A write or a removal failed: the GError says why. */
  signals[FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
ludo_autosave_init (LudoAutosave *self)
{
  self->lock_fd = -1;
  g_mutex_init (&self->mutex);
  g_cond_init (&self->cond);
}

LudoAutosave *
ludo_autosave_new (const char *id)
{
  LudoAutosave *self = g_object_new (LUDO_TYPE_AUTOSAVE, NULL);
  g_autofree char *folder = ludo_autosave_get_folder ();
  g_autofree char *fresh = NULL;

  g_mkdir_with_parents (folder, 0700);
  if (id == NULL || !is_id (id))
    id = fresh = g_uuid_string_random ();
  for (;;)
    {
      g_autofree char *name = g_strconcat (id, EXTENSION, NULL);
      g_autofree char *lock = g_strconcat (id, ".lock", NULL);

      self->path = g_build_filename (folder, name, NULL);
      self->lock_path = g_build_filename (folder, lock, NULL);
      self->lock_fd = take_lock (self->lock_path);
      /* a start looking for unfinished games holds each slot a moment
       * while it reads it; a game being played holds it for good */
      for (guint tries = 0; self->lock_fd < 0 && fresh == NULL && tries < 50; tries++)
        {
          g_usleep (10000);
          self->lock_fd = take_lock (self->lock_path);
        }
      /* held by another game, or no folder to lock in: a slot of our own
       * (without a lock, writing may still work, and fails loudly if not) */
      if (self->lock_fd >= 0 || fresh != NULL)
        break;
      g_clear_pointer (&self->path, g_free);
      g_clear_pointer (&self->lock_path, g_free);
      id = fresh = g_uuid_string_random ();
    }
  self->id = g_strdup (id);
  self->maybe_on_disk = g_file_test (self->path, G_FILE_TEST_EXISTS);
  return self;
}

/* ------------------------------------------------------------------------ */
/* What the next start offers                                                */

void
ludo_autosave_entry_free (LudoAutosaveEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->id);
  g_free (entry->path);
  g_clear_object (&entry->game);
  g_clear_object (&entry->origin);
  g_clear_pointer (&entry->saved, g_date_time_unref);
  g_clear_error (&entry->error);
  g_free (entry->kept);
  g_free (entry);
}

/* Ludoteka 0.x kept one autosave beside the statistics: it becomes a slot. */
static void
adopt_old_autosave (const char *folder)
{
  g_autofree char *old = ludo_save_autosave_path ();
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  ludo_save_remove_stale (old);
  if (!g_file_test (old, G_FILE_TEST_IS_REGULAR))
    return;
  id = g_uuid_string_random ();
  name = g_strconcat (id, EXTENSION, NULL);
  path = g_build_filename (folder, name, NULL);
  g_chmod (old, 0600);
  g_rename (old, path);
}

/* An autosave that cannot be read is put aside under another name, not
 * overwritten or removed: nothing on disk is lost. */
static char *
put_aside (const char *path)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *parent = g_path_get_dirname (folder);

  for (guint n = 0; n < 100; n++)
    {
      g_autofree char *name = n == 0 ? g_strdup_printf ("unreadable-autosave-%s.ludoteka", stamp)
                                     : g_strdup_printf ("unreadable-autosave-%s-%u.ludoteka", stamp, n);
      char *kept = g_build_filename (parent, name, NULL);

      if (!g_file_test (kept, G_FILE_TEST_EXISTS) && g_rename (path, kept) == 0)
        return kept;
      g_free (kept);
    }
  return NULL;
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  const LudoAutosaveEntry *x = *(LudoAutosaveEntry * const *) a;
  const LudoAutosaveEntry *y = *(LudoAutosaveEntry * const *) b;

  return g_date_time_compare (y->saved, x->saved);
}

/* Reads the slot called name, if nobody holds it. */
static LudoAutosaveEntry *
read_slot (const char *folder,
           const char *name)
{
  g_autofree char *id = g_strndup (name, strlen (name) - strlen (EXTENSION));
  g_autofree char *lock_name = g_strconcat (id, ".lock", NULL);
  g_autofree char *lock_path = g_build_filename (folder, lock_name, NULL);
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autoptr(LudoAutosaveEntry) entry = NULL;
  GStatBuf st;
  int lock;

  if (!is_id (id))
    return NULL;
  /* held while it is read: nobody takes it half-way */
  lock = take_lock (lock_path);
  if (lock < 0)
    return NULL;
  ludo_save_remove_stale (path);
  entry = g_new0 (LudoAutosaveEntry, 1);
  entry->id = g_strdup (id);
  entry->path = g_strdup (path);
  entry->game = ludo_save_read (path, &entry->error);
  if (g_stat (path, &st) == 0)
    {
      /* to the microsecond: two games written in one second keep their order */
      g_autoptr(GDateTime) second = g_date_time_new_from_unix_local (st.st_mtim.tv_sec);
      entry->saved = g_date_time_add (second, st.st_mtim.tv_nsec / 1000);
    }
  if (entry->game == NULL)
    {
      entry->kept = put_aside (path);
      if (entry->kept == NULL)
        g_clear_pointer (&entry, ludo_autosave_entry_free);   /* left where it is */
    }
  else if (ludo_game_is_over_at_end (entry->game) || ludo_game_get_n_moves (entry->game) == 0)
    {
      /* a finished game its app was killed before removing */
      g_unlink (path);
      g_clear_pointer (&entry, ludo_autosave_entry_free);
    }
  else
    {
      const char *origin = ludo_save_get_origin (entry->game);
      if (origin)
        entry->origin = g_file_new_for_uri (origin);
    }
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_unlink (lock_path);
  close (lock);
  if (entry && entry->saved == NULL)
    entry->saved = g_date_time_new_now_local ();
  return g_steal_pointer (&entry);
}

GPtrArray *
ludo_autosave_list (GCancellable *cancellable)
{
  g_autofree char *folder = ludo_autosave_get_folder ();
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) ludo_autosave_entry_free);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_mkdir_with_parents (folder, 0700);
  adopt_old_autosave (folder);
  dir = g_dir_open (folder, 0, NULL);
  while (dir && (name = g_dir_read_name (dir)) && !g_cancellable_is_cancelled (cancellable))
    {
      LudoAutosaveEntry *entry;

      if (!g_str_has_suffix (name, EXTENSION))
        continue;
      entry = read_slot (folder, name);
      if (entry)
        g_ptr_array_add (entries, entry);
    }
  g_ptr_array_sort (entries, newest_first);
  return entries;
}

static void
list_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  GPtrArray *entries = ludo_autosave_list (cancellable);

  if (g_task_return_error_if_cancelled (task))
    g_ptr_array_unref (entries);
  else
    g_task_return_pointer (task, entries, (GDestroyNotify) g_ptr_array_unref);
}

void
ludo_autosave_list_async (GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, ludo_autosave_list_async);
  g_task_run_in_thread (task, list_thread);
}

GPtrArray *
ludo_autosave_list_finish (GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
