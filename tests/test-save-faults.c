/* test-save-faults.c — saving when the system fails under it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A full disk, a read-only folder, a write that stops half-way, a flush or
 * a rename that fails: each is injected by this program's own open (),
 * write (), fsync (), rename () … which come before the C library's in symbol lookup,
 * for GLib's calls as for ours. Whatever fails, the save must say so in
 * words, leave the file that was there byte for byte, and leave no
 * temporary file behind.
 */
/* both names of each call are replaced, so neither may stand for the other */
#undef _FILE_OFFSET_BITS
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "core/ludo-game.h"
#include "core/ludo-save.h"
#include "ludo-testing.h"

typedef enum {
  FAULT_NONE,
  FAULT_OPEN,        /* creating or opening the file */
  FAULT_WRITE,       /* after `budget` bytes have been written */
  FAULT_FALLOCATE,
  FAULT_FSYNC,
  FAULT_RENAME,
} FaultCall;

static struct {
  FaultCall call;
  int       error;
  gsize     budget;
  guint     hits;      /* how many times the fault fired */
} fault;

#define REAL(name) ((__typeof__ (&name)) dlsym (RTLD_NEXT, #name))

static gboolean
fires (FaultCall call)
{
  if (fault.call != call)
    return FALSE;
  fault.hits++;
  errno = fault.error;
  return TRUE;
}

typedef int (*OpenFunc) (const char *path, int flags, ...);

static int
open_with_faults (OpenFunc    real,
                  const char *path,
                  int         flags,
                  va_list     args)
{
  mode_t mode = (flags & (O_CREAT | O_TMPFILE)) ? va_arg (args, mode_t) : 0;

  if ((flags & O_ACCMODE) != O_RDONLY && fires (FAULT_OPEN))
    return -1;
  return real (path, flags, mode);
}

int
open (const char *path,
      int         flags,
      ...)
{
  va_list args;
  int fd;

  va_start (args, flags);
  fd = open_with_faults (REAL (open), path, flags, args);
  va_end (args);
  return fd;
}

int
open64 (const char *path,
        int         flags,
        ...)
{
  va_list args;
  int fd;

  va_start (args, flags);
  fd = open_with_faults (REAL (open64), path, flags, args);
  va_end (args);
  return fd;
}

ssize_t
write (int         fd,
       const void *data,
       size_t      length)
{
  /* the test's own output is not the file being saved */
  if (fd > STDERR_FILENO && fault.call == FAULT_WRITE)
    {
      if (fault.budget == 0)
        {
          fires (FAULT_WRITE);
          return -1;
        }
      /* a short write, as the disk fills: the rest fails next time */
      length = MIN (length, fault.budget);
      fault.budget -= length;
    }
  return REAL (write) (fd, data, length);
}

int
posix_fallocate (int   fd,
                 off_t offset,
                 off_t length)
{
  /* posix_fallocate () returns the error, it does not set errno */
  if (fires (FAULT_FALLOCATE))
    return fault.error;
  return REAL (posix_fallocate) (fd, offset, length);
}

int
posix_fallocate64 (int     fd,
                   off64_t offset,
                   off64_t length)
{
  if (fires (FAULT_FALLOCATE))
    return fault.error;
  return REAL (posix_fallocate64) (fd, offset, length);
}

int
fsync (int fd)
{
  if (fires (FAULT_FSYNC))
    return -1;
  return REAL (fsync) (fd);
}

int
rename (const char *from,
        const char *to)
{
  if (fires (FAULT_RENAME))
    return -1;
  return REAL (rename) (from, to);
}

/* ------------------------------------------------------------------------ */

static char *
list_folder (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *name;

  while ((name = g_dir_read_name (d)))
    g_ptr_array_add (names, (gpointer) name);
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

typedef struct {
  const char *what;
  FaultCall   call;
  int         error;
  gssize      budget;    /* for FAULT_WRITE: bytes; -1 half the file */
  gboolean    new_file;  /* saving where there was no file yet */
  gboolean    linked;    /* the file has a second name (written in place) */
} Case;

static const Case cases[] = {
  { "read-only folder", FAULT_OPEN, EROFS, 0, FALSE, FALSE },
  { "read-only folder (new file)", FAULT_OPEN, EROFS, 0, TRUE, FALSE },
  { "no room for a new file", FAULT_OPEN, ENOSPC, 0, TRUE, FALSE },
  { "not allowed", FAULT_OPEN, EACCES, 0, FALSE, FALSE },
  { "full disk at once", FAULT_WRITE, ENOSPC, 0, FALSE, FALSE },
  { "full disk at once (new file)", FAULT_WRITE, ENOSPC, 0, TRUE, FALSE },
  { "full disk half-way", FAULT_WRITE, ENOSPC, -1, FALSE, FALSE },
  { "full disk at the last byte", FAULT_WRITE, ENOSPC, -2, FALSE, FALSE },
  { "quota half-way", FAULT_WRITE, EDQUOT, -1, TRUE, FALSE },
  { "disk error half-way", FAULT_WRITE, EIO, -1, FALSE, FALSE },
  { "flush fails", FAULT_FSYNC, EIO, 0, FALSE, FALSE },
  { "flush fails (new file)", FAULT_FSYNC, EIO, 0, TRUE, FALSE },
  { "rename fails", FAULT_RENAME, EROFS, 0, FALSE, FALSE },
  { "rename fails (new file)", FAULT_RENAME, EIO, 0, TRUE, FALSE },
  { "linked file: full disk", FAULT_FALLOCATE, ENOSPC, 0, FALSE, TRUE },
  { "linked file: read-only", FAULT_OPEN, EROFS, 0, FALSE, TRUE },
};

static void
test_fault (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *dir = ludo_test_make_tmp ("ludoteka-faults-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "game.ludoteka", NULL);
  g_autofree char *other = g_build_filename (dir, "other-name.ludoteka", NULL);
  g_autofree char *before = NULL, *after = NULL;
  g_autofree char *old = NULL, *now = NULL, *data_now = NULL;
  g_autoptr(LudoGame) game = ludo_game_new (ludo_test_find_game (ludo_test_lists_moves)->id, NULL, NULL);
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  gboolean saved;

  g_assert_nonnull (dir);
  if (!c->new_file)
    {
      g_assert_true (ludo_save_write (game, path, &error));
      g_assert_no_error (error);
      if (c->linked)
        g_assert_cmpint (link (path, other), ==, 0);
      g_assert_true (g_file_get_contents (path, &old, NULL, NULL));
    }
  before = list_folder (dir);
  {
    g_auto(GStrv) legal = ludo_game_legal_moves (game);
    g_assert_true (ludo_game_play (game, legal[0], &error));
  }
  /* the game grows, so that the file written is not the file there */
  g_free (ludo_save_to_data (game, &length));

  fault.call = c->call;
  fault.error = c->error;
  fault.budget = c->budget == -1 ? length / 2 : c->budget == -2 ? length - 1 : (gsize) c->budget;
  fault.hits = 0;
  saved = ludo_save_write (game, path, &error);
  fault.call = FAULT_NONE;

  g_assert_cmpuint (fault.hits, >, 0);
  g_assert_false (saved);
  g_assert_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO);
  /* the message says what the system said, in words */
  g_assert_nonnull (strstr (error->message, g_strerror (c->error)));
  g_test_message ("%s: %s", c->what, error->message);

  /* the file that was there is as it was, or there is still none; and
   * nothing else was left in the folder */
  if (c->new_file)
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  else
    {
      g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
      g_assert_cmpstr (now, ==, old);
    }
  after = list_folder (dir);
  g_assert_cmpstr (after, ==, before);

  /* and once the system works again, the same save succeeds */
  g_clear_error (&error);
  g_assert_true (ludo_save_write (game, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data_now, NULL, NULL));
  g_assert_cmpuint (strlen (data_now), ==, length);
  if (c->linked)
    {
      g_autofree char *through_link = NULL;
      g_assert_true (g_file_get_contents (other, &through_link, NULL, NULL));
      g_assert_cmpstr (through_link, ==, data_now);
      g_remove (other);
    }
  g_remove (path);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/save-faults/%s", cases[i].what);
      g_strdelimit (name + 1, " ", '-');
      g_test_add_data_func (name, &cases[i], test_fault);
    }
  return g_test_run ();
}
