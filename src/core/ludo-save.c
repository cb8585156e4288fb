/* ludo-save.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading is careful: the file may come from anywhere. It is read only if
 * it is a regular file, and never more of it than a save can hold. Before
 * libxml2 sees the text, no start tag may carry more than a few
 * attributes (libxml2 2.9 takes quadratic time over them). libxml2 parses
 * with network access off and entities left alone; a document type
 * declaration or a namespace declaration stops the parser at once (saves
 * never have either: the first is how entity bombs and external entities
 * get in, the second is slow in numbers). The tree is checked against the
 * RELAX NG schema, and then every move is replayed through the rules.
 * Every error names what is wrong and where, in our words, never
 * libxml2's (ludo-save-errors.c), and quotes the file's text only cleaned
 * and shortened.
 *
 * Writing goes to a temporary file in the same folder, renamed over the
 * target, keeping the target's permissions; through a symbolic link to
 * the file it names; in place for a file with several hard links.
 * Temporary files a killed process left are removed by the next start.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlwriter.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ludo-core-resources.h"
#include "ludo-save.h"
#include "ludo-save-errors.h"
#include "ludo-text.h"
#include "ludo-xml.h"

G_DEFINE_QUARK (ludo-save-error-quark, ludo_save_error)

#define SCHEMA_RESOURCE RESOURCE_BASE "/ludoteka-save.rng"

GBytes *
ludo_save_get_schema (void)
{
  return g_resource_lookup_data (ludo_core_get_resource (), SCHEMA_RESOURCE, 0, NULL);
}

static GQuark
origin_quark (void)
{
  return g_quark_from_static_string ("ludo-save-origin");
}

const char *
ludo_save_get_origin (LudoGame *game)
{
  g_return_val_if_fail (LUDO_IS_GAME (game), NULL);
  return g_object_get_qdata (G_OBJECT (game), origin_quark ());
}

char *
ludo_save_autosave_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "ludoteka", "autosave.ludoteka", NULL);
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                   */

/* xsd:dateTime wants four digits of year, which %Y does not pad to */
static char *
format_date (GDateTime *date)
{
  g_autoptr(GDateTime) utc = g_date_time_to_utc (date);

  return g_strdup_printf ("%04d-%02d-%02dT%02d:%02d:%02dZ",
                          g_date_time_get_year (utc), g_date_time_get_month (utc),
                          g_date_time_get_day_of_month (utc), g_date_time_get_hour (utc),
                          g_date_time_get_minute (utc), g_date_time_get_second (utc));
}

/* libxml2 reports through its own handlers; ours go into the GError */
static void
ignore_error (void       *ctx,
              const char *format,
              ...)
{
}

static void
quiet_libxml (void)
{
  xmlSetGenericErrorFunc (NULL, ignore_error);
}

/* What a save holds, taken from the game at once on the thread that plays
 * it: the file is then written from this in a worker thread, while the
 * game goes on. */
struct _LudoSaveSnapshot
{
  const LudoGameInfo *info;
  GArray             *option_values;   /* int, in the order of info->options */
  GArray             *seats;           /* Seat */
  xmlDocPtr           setup;           /* the <setup> the game wrote, or NULL */
  GPtrArray          *moves;           /* notation */
  GArray             *move_seats;      /* int */
  guint               position;
  LudoOutcome         outcome;         /* of the whole history */
  gboolean            scored;          /* the game counts scores of its own */
  GDateTime          *created;
  char               *origin;
  GPtrArray          *review;          /* LudoMoveReview, or NULL */
  guint               review_budget;
};

typedef struct {
  gboolean   computer;
  LudoLevel  level;
  char      *name;
} Seat;

static void
clear_seat (gpointer data)
{
  g_free (((Seat *) data)->name);
}

LudoSaveSnapshot *
ludo_save_snapshot_new (LudoGame *game)
{
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (game);
  LudoSaveSnapshot *self = g_new0 (LudoSaveSnapshot, 1);
  guint n_moves = ludo_game_get_n_moves (game);

  g_return_val_if_fail (LUDO_IS_GAME (game), NULL);

  self->info = ludo_game_get_info (game);
  self->option_values = g_array_sized_new (FALSE, FALSE, sizeof (int), self->info->n_options);
  for (guint i = 0; i < self->info->n_options; i++)
    {
      int value = ludo_game_get_option (game, self->info->options[i].id);
      g_array_append_val (self->option_values, value);
    }

  self->seats = g_array_new (FALSE, TRUE, sizeof (Seat));
  g_array_set_clear_func (self->seats, clear_seat);
  for (guint i = 0; i < ludo_game_get_n_seats (game); i++)
    {
      Seat seat = {
        ludo_game_get_seat_kind (game, i) == LUDO_SEAT_COMPUTER,
        ludo_game_get_seat_level (game, i),
        g_strdup (ludo_game_get_seat_name (game, i)),
      };
      g_array_append_val (self->seats, seat);
    }

  /* the game's own part, kept as a small tree and written out as it is */
  if (klass->write_setup)
    {
      xmlTextWriterPtr w;

      quiet_libxml ();
      self->setup = xmlNewDoc (BAD_CAST "1.0");
      w = xmlNewTextWriterTree (self->setup, NULL, 0);
      xmlTextWriterStartElement (w, BAD_CAST "setup");
      klass->write_setup (game, w);
      xmlTextWriterEndElement (w);
      xmlFreeTextWriter (w);
    }

  /* the one part that grows with the game: pointers and short strings */
  self->moves = g_ptr_array_new_full (n_moves, g_free);
  self->move_seats = g_array_sized_new (FALSE, FALSE, sizeof (int), n_moves);
  for (guint i = 0; i < n_moves; i++)
    {
      int seat = ludo_game_get_move_seat (game, i);

      g_ptr_array_add (self->moves, g_strdup (ludo_game_get_move (game, i)));
      g_array_append_val (self->move_seats, seat);
    }
  self->position = ludo_game_get_position (game);
  ludo_game_get_outcome_at (game, n_moves, &self->outcome);
  self->scored = ludo_game_counts_score (game);
  self->created = g_date_time_ref (ludo_game_get_created (game));
  if (ludo_game_get_review (game))
    {
      GPtrArray *review = ludo_game_get_review (game);

      self->review = g_ptr_array_new_full (review->len, (GDestroyNotify) ludo_move_review_free);
      for (guint i = 0; i < review->len; i++)
        g_ptr_array_add (self->review, ludo_move_review_copy (review->pdata[i]));
      self->review_budget = ludo_game_get_review_budget (game);
    }
  return self;
}

void
ludo_save_snapshot_set_origin (LudoSaveSnapshot *self,
                               const char       *uri)
{
  g_free (self->origin);
  self->origin = g_strdup (uri);
}

void
ludo_save_snapshot_free (LudoSaveSnapshot *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->option_values);
  g_array_unref (self->seats);
  g_clear_pointer (&self->setup, xmlFreeDoc);
  g_ptr_array_unref (self->moves);
  g_array_unref (self->move_seats);
  g_date_time_unref (self->created);
  g_free (self->origin);
  g_clear_pointer (&self->review, g_ptr_array_unref);
  g_free (self);
}

/* The computer's review: a <verdict> for each move reviewed, values in
 * hundredths of the game's unit */
static void
write_review (xmlTextWriterPtr  w,
              GPtrArray        *review,
              guint             budget_ms)
{
  xmlTextWriterStartElement (w, BAD_CAST "review");
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "budget-ms", "%u", budget_ms);
  for (guint i = 0; i < review->len; i++)
    {
      const LudoMoveReview *r = review->pdata[i];

      xmlTextWriterStartElement (w, BAD_CAST "verdict");
      xmlTextWriterWriteFormatAttribute (w, BAD_CAST "ply", "%u", r->ply);
      xmlTextWriterWriteFormatAttribute (w, BAD_CAST "value-before", "%d", r->value_before);
      xmlTextWriterWriteFormatAttribute (w, BAD_CAST "value-after", "%d", r->value_after);
      if (r->best)
        xmlTextWriterWriteAttribute (w, BAD_CAST "best", BAD_CAST r->best);
      xmlTextWriterWriteFormatAttribute (w, BAD_CAST "best-value", "%d", r->best_value);
      xmlTextWriterWriteAttribute (w, BAD_CAST "mark", BAD_CAST ludo_mark_to_string (r->mark));
      if (r->exact)
        xmlTextWriterWriteAttribute (w, BAD_CAST "exact", BAD_CAST "true");
      if (r->remaining >= 0)
        xmlTextWriterWriteFormatAttribute (w, BAD_CAST "remaining", "%" G_GINT64_FORMAT, r->remaining);
      if (r->best_remaining >= 0)
        xmlTextWriterWriteFormatAttribute (w, BAD_CAST "best-remaining", "%" G_GINT64_FORMAT, r->best_remaining);
      /* thousandths of a guess, an integer: no locale in a file */
      if (r->best_expected >= 0)
        xmlTextWriterWriteFormatAttribute (w, BAD_CAST "best-expected", "%ld", lround (r->best_expected * 1000));
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
}

/* An element of the setup tree, through the writer, as the game wrote it. */
static void
write_tree (xmlTextWriterPtr w,
            xmlNodePtr       node)
{
  xmlTextWriterStartElement (w, node->name);
  for (xmlAttrPtr a = node->properties; a; a = a->next)
    {
      xmlChar *value = xmlNodeGetContent ((xmlNodePtr) a);
      xmlTextWriterWriteAttribute (w, a->name, value ? value : BAD_CAST "");
      xmlFree (value);
    }
  for (xmlNodePtr c = node->children; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE)
      write_tree (w, c);
    else if (c->type == XML_TEXT_NODE && c->content)
      xmlTextWriterWriteString (w, c->content);
  xmlTextWriterEndElement (w);
}

char *
ludo_save_snapshot_to_data (LudoSaveSnapshot *self,
                            gsize            *length)
{
  const LudoGameInfo *info = self->info;
  xmlBufferPtr buffer = xmlBufferCreate ();
  xmlTextWriterPtr w;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *created = format_date (self->created);
  g_autofree char *saved = NULL;
  char *data;

  quiet_libxml ();
  w = xmlNewTextWriterMemory (buffer, 0);
  now = g_date_time_new_now_utc ();
  saved = format_date (now);

  xmlTextWriterSetIndent (w, 1);
  xmlTextWriterSetIndentString (w, BAD_CAST "  ");
  xmlTextWriterStartDocument (w, NULL, "UTF-8", NULL);

  xmlTextWriterStartElement (w, BAD_CAST "ludoteka");
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "version", "%d", LUDO_SAVE_FORMAT_VERSION);
  xmlTextWriterWriteAttribute (w, BAD_CAST "game", BAD_CAST info->id);

  xmlTextWriterStartElement (w, BAD_CAST "info");
  xmlTextWriterWriteAttribute (w, BAD_CAST "app-version", BAD_CAST PACKAGE_VERSION);
  xmlTextWriterWriteAttribute (w, BAD_CAST "created", BAD_CAST created);
  xmlTextWriterWriteAttribute (w, BAD_CAST "saved", BAD_CAST saved);
  if (self->origin)
    xmlTextWriterWriteAttribute (w, BAD_CAST "origin", BAD_CAST self->origin);
  xmlTextWriterEndElement (w);

  xmlTextWriterStartElement (w, BAD_CAST "options");
  for (guint i = 0; i < info->n_options; i++)
    {
      xmlTextWriterStartElement (w, BAD_CAST "option");
      xmlTextWriterWriteAttribute (w, BAD_CAST "name", BAD_CAST info->options[i].id);
      xmlTextWriterWriteFormatAttribute (w, BAD_CAST "value", "%d",
                                         g_array_index (self->option_values, int, i));
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);

  xmlTextWriterStartElement (w, BAD_CAST "seats");
  for (guint i = 0; i < self->seats->len; i++)
    {
      Seat *seat = &g_array_index (self->seats, Seat, i);

      xmlTextWriterStartElement (w, BAD_CAST "seat");
      xmlTextWriterWriteAttribute (w, BAD_CAST "kind", BAD_CAST (seat->computer ? "computer" : "human"));
      if (seat->computer)
        xmlTextWriterWriteAttribute (w, BAD_CAST "level", BAD_CAST ludo_level_to_string (seat->level));
      /* the game keeps names clean; clean again, never to write what cannot be read */
      if (seat->name && *seat->name)
        {
          g_autofree char *clean = ludo_text_clean_name (seat->name);
          if (clean)
            xmlTextWriterWriteAttribute (w, BAD_CAST "name", BAD_CAST clean);
        }
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);

  if (self->setup && xmlDocGetRootElement (self->setup))
    write_tree (w, xmlDocGetRootElement (self->setup));

  xmlTextWriterStartElement (w, BAD_CAST "moves");
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "position", "%u", self->position);
  for (guint i = 0; i < self->moves->len; i++)
    {
      xmlTextWriterStartElement (w, BAD_CAST "move");
      xmlTextWriterWriteFormatAttribute (w, BAD_CAST "seat", "%d", g_array_index (self->move_seats, int, i));
      xmlTextWriterWriteString (w, BAD_CAST self->moves->pdata[i]);
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);

  /* The result of the whole history, not of the cursor. */
  if (self->outcome.kind != LUDO_RESULT_NONE)
    {
      xmlTextWriterStartElement (w, BAD_CAST "result");
      if (self->outcome.kind == LUDO_RESULT_WIN)
        {
          xmlTextWriterWriteAttribute (w, BAD_CAST "outcome", BAD_CAST "win");
          xmlTextWriterWriteFormatAttribute (w, BAD_CAST "winner", "%d", self->outcome.winner);
        }
      else
        xmlTextWriterWriteAttribute (w, BAD_CAST "outcome", BAD_CAST "draw");
      if (self->outcome.reason)
        xmlTextWriterWriteAttribute (w, BAD_CAST "reason", BAD_CAST self->outcome.reason);
      /* each seat's place, and its score where the game counts one (a
       * whole number: pieces, a field value) */
      for (guint s = 0; s < self->outcome.n_seats; s++)
        {
          xmlTextWriterStartElement (w, BAD_CAST "place");
          xmlTextWriterWriteFormatAttribute (w, BAD_CAST "seat", "%u", s);
          xmlTextWriterWriteFormatAttribute (w, BAD_CAST "rank", "%u", self->outcome.rank[s]);
          if (self->scored)
            xmlTextWriterWriteFormatAttribute (w, BAD_CAST "score", "%.0f", self->outcome.score[s]);
          xmlTextWriterEndElement (w);
        }
      xmlTextWriterEndElement (w);
    }

  if (self->review && self->review->len > 0)
    write_review (w, self->review, self->review_budget);

  xmlTextWriterEndElement (w);
  xmlTextWriterEndDocument (w);
  xmlFreeTextWriter (w);

  data = g_strndup ((const char *) xmlBufferContent (buffer), xmlBufferLength (buffer));
  if (length)
    *length = xmlBufferLength (buffer);
  xmlBufferFree (buffer);
  return data;
}

char *
ludo_save_to_data (LudoGame *game,
                   gsize    *length)
{
  LudoSaveSnapshot *snapshot = ludo_save_snapshot_new (game);
  char *data = ludo_save_snapshot_to_data (snapshot, length);

  ludo_save_snapshot_free (snapshot);
  return data;
}

/* ------------------------------------------------------------------------ */
/* Writing a file                                                            */

static gboolean
io_error (GError    **error,
          int         saved_errno)
{
  g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO,
               _("The game could not be saved: %s"), g_strerror (saved_errno));
  return FALSE;
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = ENOSPC;
          return FALSE;
        }
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

/* The file a path names, through any symbolic links: saving writes there,
 * as editors do, so the link stays a link. */
static char *
resolve_links (const char  *path,
               GError     **error)
{
  char *target = g_canonicalize_filename (path, NULL);

  for (int hops = 0; ; hops++)
    {
      GStatBuf st;
      g_autofree char *link = NULL;
      g_autofree char *dir = NULL;

      if (g_lstat (target, &st) != 0 || !S_ISLNK (st.st_mode))
        return target;
      if (hops == 40)
        {
          g_free (target);
          io_error (error, ELOOP);
          return NULL;
        }
      link = g_file_read_link (target, NULL);
      if (link == NULL)
        return target;
      dir = g_path_get_dirname (target);
      g_free (target);
      target = g_canonicalize_filename (link, dir);
    }
}

/* A file with other hard links is overwritten in place, or the other
 * names would keep the old game. The space is reserved first, so that a
 * full disk fails before anything is overwritten. */
static gboolean
write_in_place (const char  *path,
                const char  *data,
                gsize        length,
                GError     **error)
{
  int fd = g_open (path, O_WRONLY | O_CLOEXEC, 0);
  int e;

  if (fd < 0)
    return io_error (error, errno);
  e = posix_fallocate (fd, 0, (off_t) length);
  if (e != 0 && e != EOPNOTSUPP && e != EINVAL)
    {
      close (fd);
      return io_error (error, e);
    }
  if (!write_all (fd, data, length) || ftruncate (fd, (off_t) length) != 0 || fsync (fd) != 0)
    {
      e = errno;
      close (fd);
      return io_error (error, e);
    }
  if (close (fd) != 0)
    return io_error (error, errno);
  return TRUE;
}

/* Writes to a temporary file beside the target and renames it over the
 * target: a failed or interrupted write leaves the old file as it was and
 * no temporary file behind. The temporary file is locked while it is
 * written, and until it has its name: one that nobody holds locked was
 * left by a process that died, and ludo_save_remove_stale () removes it. */
static gboolean
write_replacing (const char      *path,
                 const GStatBuf  *old,
                 const char      *data,
                 gsize            length,
                 LudoSaveFlags    flags,
                 GError         **error)
{
  g_autofree char *tmp = g_strconcat (path, ".XXXXXX", NULL);
  gboolean private = (flags & LUDO_SAVE_PRIVATE) != 0;
  int fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, private ? 0600 : 0666);
  int e;

  if (fd < 0)
    return io_error (error, errno);
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    goto failed;
  /* a new file gets 0666 less the umask; a replaced one keeps its
   * permissions exactly, and its owner too where we may; a private one
   * is the user's alone, whatever the folder and the old file were */
  if (private)
    {
      if (fchmod (fd, 0600) != 0)
        goto failed;
    }
  else if (old)
    {
      if (fchmod (fd, old->st_mode & 07777) != 0)
        goto failed;
      if ((old->st_uid != getuid () || old->st_gid != getgid ()) &&
          fchown (fd, old->st_uid, old->st_gid) != 0)
        { /* not ours to give away: the file stays ours */ }
    }
  if (!write_all (fd, data, length) || fsync (fd) != 0)
    goto failed;
  if (g_rename (tmp, path) != 0)
    goto failed;
  /* fsync () has put the data on the disk: what close () may still say
   * comes too late to be about this file's bytes */
  close (fd);
  return TRUE;

failed:
  e = errno;
  g_unlink (tmp);
  close (fd);
  return io_error (error, e);
}

/* Is name a temporary file of base's, as write_replacing () makes them? */
static gboolean
is_temporary_of (const char *name,
                 const char *base)
{
  gsize n = strlen (base);

  if (strncmp (name, base, n) != 0 || name[n] != '.' || strlen (name + n + 1) != 6)
    return FALSE;
  for (const char *c = name + n + 1; *c; c++)
    if (!g_ascii_isalnum (*c))
      return FALSE;
  return TRUE;
}

guint
ludo_save_remove_stale (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint removed = 0;

  if (d == NULL)
    return 0;
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *tmp = NULL;
      GStatBuf st;
      int fd;

      if (!is_temporary_of (name, base))
        continue;
      tmp = g_build_filename (dir, name, NULL);
      fd = g_open (tmp, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0);
      if (fd < 0)
        continue;
      /* a file some process still writes is locked; the lock is held
       * while it is removed, so that no writer takes it meanwhile */
      if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) &&
          flock (fd, LOCK_EX | LOCK_NB) == 0 && g_unlink (tmp) == 0)
        removed++;
      close (fd);
    }
  return removed;
}

gboolean
ludo_save_write (LudoGame    *game,
                 const char  *path,
                 GError     **error)
{
  LudoSaveSnapshot *snapshot;
  gboolean ok;

  g_return_val_if_fail (LUDO_IS_GAME (game), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  snapshot = ludo_save_snapshot_new (game);
  ok = ludo_save_snapshot_write (snapshot, path, 0, error);
  ludo_save_snapshot_free (snapshot);
  return ok;
}

gboolean
ludo_save_snapshot_write (LudoSaveSnapshot  *snapshot,
                          const char        *path,
                          LudoSaveFlags      flags,
                          GError           **error)
{
  g_autofree char *data = NULL;
  g_autofree char *target = NULL;
  gsize length;
  GStatBuf st;

  g_return_val_if_fail (snapshot != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (*path == '\0')
    {
      g_set_error_literal (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO,
                           _("The game could not be saved: no file name was given."));
      return FALSE;
    }
  target = resolve_links (path, error);
  if (target == NULL)
    return FALSE;

  data = ludo_save_snapshot_to_data (snapshot, &length);
  if (g_stat (target, &st) != 0)
    {
      if (errno != ENOENT)
        return io_error (error, errno);
      return write_replacing (target, NULL, data, length, flags, error);
    }
  if (S_ISDIR (st.st_mode))
    return io_error (error, EISDIR);
  if (!S_ISREG (st.st_mode))
    {
      g_set_error_literal (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO,
                           _("The game could not be saved: the name is taken by something that is not a file."));
      return FALSE;
    }
  if (st.st_nlink > 1)
    return write_in_place (target, data, length, error);
  return write_replacing (target, &st, data, length, flags, error);
}

/* ------------------------------------------------------------------------ */
/* Reading                                                                   */

static char *
quote (const char *text)
{
  return ludo_text_for_message (text, LUDO_SAVE_QUOTE_CHARS);
}

/* libxml2 2.9 checks every attribute of a start tag against all the
 * others: 50,000 attributes on one element take 14 s, 300,000 a quarter
 * of an hour. No save needs more than a handful, so they are counted
 * before libxml2 sees the text. An attribute is an '=' and a quote; a
 * start tag lies between one '<' and the next, since '<' may not appear
 * in an attribute value. Text and comments may only make the count
 * larger, never smaller. */
static gboolean
check_attribute_counts (const char  *data,
                        gsize        length,
                        GError     **error)
{
  guint count = 0, line = 1, tag_line = 1;

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (c == '\n')
        line++;
      else if (c == '<')
        {
          count = 0;
          tag_line = line;
        }
      else if (c == '=')
        {
          gsize j = i + 1;
          while (j < length && (data[j] == ' ' || data[j] == '\t' || data[j] == '\n' || data[j] == '\r'))
            j++;
          if (j < length && (data[j] == '"' || data[j] == '\'') &&
              ++count > LUDO_SAVE_MAX_ATTRIBUTES)
            {
              g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TOO_LARGE,
                           _("Line %u: an element has more than %d attributes; "
                             "a Ludoteka file has only a few, so it is not read."),
                           tag_line, LUDO_SAVE_MAX_ATTRIBUTES);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* What the SAX hooks saw before they stopped the parser. */
typedef struct {
  long  dtd_line;
  long  ns_line;
  long  deep_line;
  guint depth;
  xmlError first_error;   /* libxml2 reads on after it, and says only its last */
} ParseGuard;

static void
keep_first_error (void        *user_data,
                  xmlErrorPtr  err)
{
  xmlParserCtxtPtr ctxt = user_data;
  ParseGuard *guard = ctxt->_private;

  if (guard && err->level >= XML_ERR_ERROR && guard->first_error.code == XML_ERR_OK)
    xmlCopyError (err, &guard->first_error);
}

static void
stop_at_dtd (void          *user_data,
             const xmlChar *name,
             const xmlChar *external_id,
             const xmlChar *system_id)
{
  xmlParserCtxtPtr ctxt = user_data;
  ParseGuard *guard = ctxt->_private;

  guard->dtd_line = xmlSAX2GetLineNumber (ctxt);
  xmlStopParser (ctxt);
}

static void
stop_at_namespace (void           *user_data,
                   const xmlChar  *localname,
                   const xmlChar  *prefix,
                   const xmlChar  *uri,
                   int             n_namespaces,
                   const xmlChar **namespaces,
                   int             n_attributes,
                   int             n_defaulted,
                   const xmlChar **attributes)
{
  xmlParserCtxtPtr ctxt = user_data;
  ParseGuard *guard = ctxt->_private;
  gboolean prefixed = prefix != NULL;

  for (int i = 0; i < n_attributes; i++)
    prefixed |= attributes[i * 5 + 1] != NULL;
  if (n_namespaces > 0 || prefixed)
    {
      guard->ns_line = xmlSAX2GetLineNumber (ctxt);
      xmlStopParser (ctxt);
      return;
    }
  /* stopped here, in our words, long before libxml2's own limit */
  if (++guard->depth > LUDO_SAVE_MAX_DEPTH)
    {
      guard->deep_line = xmlSAX2GetLineNumber (ctxt);
      xmlStopParser (ctxt);
      return;
    }
  xmlSAX2StartElementNs (ctxt, localname, prefix, uri, n_namespaces, namespaces,
                         n_attributes, n_defaulted, attributes);
}

static void
end_element (void          *user_data,
             const xmlChar *localname,
             const xmlChar *prefix,
             const xmlChar *uri)
{
  xmlParserCtxtPtr ctxt = user_data;
  ParseGuard *guard = ctxt->_private;

  guard->depth--;
  xmlSAX2EndElementNs (ctxt, localname, prefix, uri);
}

xmlDocPtr
ludo_save_parse_xml (const char  *data,
                     gsize        length,
                     GError     **error)
{
  xmlParserCtxtPtr ctxt;
  ParseGuard guard = { 0, };
  xmlDocPtr doc;

  if (!check_attribute_counts (data, length, error))
    return NULL;

  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    g_error ("out of memory");
  quiet_libxml ();

  ctxt->sax->internalSubset = stop_at_dtd;
  ctxt->sax->startElementNs = stop_at_namespace;
  ctxt->sax->endElementNs = end_element;
  ctxt->sax->serror = keep_first_error;
  ctxt->_private = &guard;
  doc = xmlCtxtReadMemory (ctxt, data, (int) length, "save.ludoteka", NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                           XML_PARSE_BIG_LINES);

  if (guard.dtd_line > 0)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_FORBIDDEN,
                   _("Line %ld: the file declares a document type (DTD) with possible entities. "
                     "Ludoteka files never do, so it is not read."), guard.dtd_line);
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  else if (guard.ns_line > 0)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_FORBIDDEN,
                   _("Line %ld: the file uses XML namespaces. Ludoteka files never do, so it is not read."),
                   guard.ns_line);
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  else if (guard.deep_line > 0)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TOO_LARGE,
                   _("Line %ld: elements are nested more than %d deep; "
                     "a Ludoteka file has only a few levels, so it is not read."),
                   guard.deep_line, LUDO_SAVE_MAX_DEPTH);
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  else if (doc == NULL || !ctxt->wellFormed)
    {
      const xmlError *last = xmlCtxtGetLastError (ctxt);

      ludo_save_set_parse_error (error, guard.first_error.code != XML_ERR_OK ? &guard.first_error : last,
                                 last, data, length);
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  else if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_FORBIDDEN,
                   _("Line %ld: the file declares a document type (DTD) with possible entities. "
                     "Ludoteka files never do, so it is not read."), 1L);
      g_clear_pointer (&doc, xmlFreeDoc);
    }

  ctxt->_private = NULL;
  xmlFreeParserCtxt (ctxt);
  xmlResetError (&guard.first_error);
  return doc;
}

static GMutex schema_lock;

static gboolean
validate (xmlDocPtr   doc,
          GError    **error)
{
  static xmlRelaxNGPtr schema;
  xmlRelaxNGValidCtxtPtr vctxt;
  LudoSchemaError first = { 0, };
  int ret;

  /* one schema for every thread, and one validation at a time on it */
  g_mutex_lock (&schema_lock);
  if (schema == NULL)
    {
      g_autoptr(GBytes) bytes = ludo_save_get_schema ();
      gsize size;
      const char *text = g_bytes_get_data (bytes, &size);
      xmlRelaxNGParserCtxtPtr pctxt = xmlRelaxNGNewMemParserCtxt (text, (int) size);

      schema = xmlRelaxNGParse (pctxt);
      xmlRelaxNGFreeParserCtxt (pctxt);
      g_assert (schema != NULL);
    }
  vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (vctxt, ludo_schema_error_keep, &first);
  ret = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlRelaxNGFreeValidCtxt (vctxt);
  g_mutex_unlock (&schema_lock);

  if (ret != 0)
    ludo_save_set_schema_error (error, &first, doc);
  ludo_schema_error_clear (&first);
  return ret == 0;
}

/* An integer attribute read as the schema reads it (xsd:int,
 * xsd:nonNegativeInteger): white space around it, a sign, leading zeros.
 * text is the number as the file means it, for messages; value is
 * clamped to min … max. FALSE if it is missing, not a number or out of
 * range. */
static gboolean
attr_integer (xmlNodePtr   node,
              const char  *name,
              gint64       min,
              gint64       max,
              gint64      *value,
              char       **text)
{
  g_autofree char *raw = ludo_xml_prop (node, name);
  const char *p, *digits;
  gboolean negative = FALSE, in_range;
  gsize n;
  gint64 v;

  *value = min;
  if (text)
    *text = NULL;
  if (raw == NULL)
    return FALSE;
  p = g_strstrip (raw);
  if (*p == '+' || *p == '-')
    negative = *p++ == '-';
  while (*p == '0' && g_ascii_isdigit (p[1]))
    p++;
  digits = p;
  for (n = 0; g_ascii_isdigit (digits[n]); n++)
    ;
  if (n == 0 || digits[n] != '\0')
    {
      if (text)
        *text = quote (raw);
      return FALSE;
    }
  if (g_str_equal (digits, "0"))
    negative = FALSE;
  if (text)
    *text = g_strconcat (negative ? "-" : "", digits, NULL);

  if (n > 18)
    {
      *value = negative ? min : max;
      return FALSE;
    }
  v = g_ascii_strtoll (digits, NULL, 10);
  if (negative)
    v = -v;
  in_range = v >= min && v <= max;
  *value = CLAMP (v, min, max);
  return in_range;
}

static gboolean
read_version (xmlNodePtr   root,
              GError     **error)
{
  g_autofree char *text = NULL;
  gint64 v;

  if (!attr_integer (root, "version", 1, G_MAXINT64, &v, &text) && v == 1)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_INVALID,
                   _("Line %ld: the file has no valid format version."), xmlGetLineNo (root));
      return FALSE;
    }
  if (v > LUDO_SAVE_FORMAT_VERSION)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_NEWER_VERSION,
                   _("The file was saved by a newer version of Ludoteka (format %s; this version reads format %d)."),
                   text, LUDO_SAVE_FORMAT_VERSION);
      return FALSE;
    }
  return TRUE;
}

static gboolean
is_listed (const char * const *names,
           const char         *name)
{
  return names && name && g_strv_contains ((const char * const *) names, name);
}

/* The schema lets a <setup> hold any attributes and values: here it may
 * hold only what the game reads, each once, as a schema of the game's
 * own would say. */
static gboolean
check_setup (LudoGameClass       *klass,
             const LudoGameInfo  *info,
             xmlNodePtr           setup,
             GError             **error)
{
  g_autoptr(GHashTable) seen = NULL;

  if (setup == NULL)
    return TRUE;
  if (klass->read_setup == NULL)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_SETUP,
                   _("Line %ld: the file gives a set-up, but %s has none."),
                   xmlGetLineNo (setup), _(info->name));
      return FALSE;
    }
  for (xmlAttrPtr a = setup->properties; a; a = a->next)
    if (!is_listed (klass->setup_attributes, (const char *) a->name))
      {
        g_autofree char *quoted = quote ((const char *) a->name);
        g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_SETUP,
                     _("Line %ld: the set-up of %s has no attribute “%s”."),
                     xmlGetLineNo (setup), _(info->name), quoted);
        return FALSE;
      }

  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (xmlNodePtr v = setup->children; v; v = v->next)
    {
      g_autofree char *name = NULL;
      g_autofree char *quoted = NULL;
      gpointer first_line;

      if (v->type != XML_ELEMENT_NODE)
        continue;
      name = ludo_xml_token (v, "name");
      quoted = quote (name);
      if (!is_listed (klass->setup_values, name))
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_SETUP,
                       _("Line %ld: the set-up of %s has no value “%s”."),
                       xmlGetLineNo (v), _(info->name), quoted);
          return FALSE;
        }
      if (g_hash_table_lookup_extended (seen, name, NULL, &first_line))
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_SETUP,
                       _("Line %ld: the set-up value “%s” is given a second time (first on line %ld)."),
                       xmlGetLineNo (v), quoted, (long) GPOINTER_TO_SIZE (first_line));
          return FALSE;
        }
      g_hash_table_insert (seen, g_steal_pointer (&name), GSIZE_TO_POINTER ((gsize) xmlGetLineNo (v)));
    }
  return TRUE;
}

static LudoGame *
build_game (xmlNodePtr   root,
            GError     **error)
{
  g_autofree char *id = ludo_xml_token (root, "game");
  const LudoGameInfo *info = ludo_registry_lookup (id);
  g_autoptr(LudoGame) game = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a{si}"));
  xmlNodePtr node;
  guint n_seats = 0;

  g_assert (info != NULL);   /* checked before the schema */

  node = ludo_xml_child (root, "options");
  for (xmlNodePtr o = node ? node->children : NULL; o; o = o->next)
    {
      g_autofree char *name = NULL;
      g_autofree char *text = NULL;
      const LudoOptionSpec *spec;
      gpointer first_line;
      gint64 v;

      if (o->type != XML_ELEMENT_NODE)
        continue;
      name = ludo_xml_token (o, "name");
      spec = ludo_game_info_find_option (info, name);
      if (spec == NULL)
        {
          g_autofree char *quoted = quote (name);
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_OPTION,
                       _("Line %ld: %s has no option “%s”."), xmlGetLineNo (o), _(info->name), quoted);
          return NULL;
        }
      if (g_hash_table_lookup_extended (seen, name, NULL, &first_line))
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_OPTION,
                       _("Line %ld: the option “%s” is given a second time (first on line %ld)."),
                       xmlGetLineNo (o), name, (long) GPOINTER_TO_SIZE (first_line));
          return NULL;
        }
      g_hash_table_insert (seen, g_strdup (name), GSIZE_TO_POINTER ((gsize) xmlGetLineNo (o)));
      if (!attr_integer (o, "value", spec->min, spec->max, &v, &text))
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_OPTION,
                       _("Line %ld: the option “%s” is %s, but must be between %d and %d."),
                       xmlGetLineNo (o), name, text ? text : "?", spec->min, spec->max);
          return NULL;
        }
      if (!ludo_option_spec_allows (spec, (int) v))
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_OPTION,
                       _("Line %ld: the option “%s” cannot be %s."), xmlGetLineNo (o), name, text);
          return NULL;
        }
      g_variant_builder_add (&builder, "{si}", name, (int) v);
    }

  game = ludo_game_new (id, g_variant_builder_end (&builder), &local_error);
  if (game == NULL)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_OPTION,
                   _("Line %ld: %s"), xmlGetLineNo (node ? node : root), local_error->message);
      return NULL;
    }

  node = ludo_xml_child (root, "info");
  if (node)
    {
      g_autofree char *created = ludo_xml_token (node, "created");
      g_autoptr(GDateTime) date = created ? g_date_time_new_from_iso8601 (created, NULL) : NULL;
      char *origin = ludo_xml_token (node, "origin");

      if (date)
        ludo_game_set_created (game, date);
      /* only a URI of a local file is worth remembering */
      if (origin && !g_str_has_prefix (origin, "file:///"))
        g_clear_pointer (&origin, g_free);
      if (origin)
        g_object_set_qdata_full (G_OBJECT (game), origin_quark (), origin, g_free);
    }

  node = ludo_xml_child (root, "seats");
  for (xmlNodePtr s = node->children; s; s = s->next)
    if (s->type == XML_ELEMENT_NODE)
      n_seats++;
  if (n_seats != ludo_game_get_n_seats (game))
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_INVALID,
                   ngettext ("Line %ld: the file lists %u seat, but %s has %u.",
                             "Line %ld: the file lists %u seats, but %s has %u.", n_seats),
                   xmlGetLineNo (node), n_seats, _(info->name), ludo_game_get_n_seats (game));
      return NULL;
    }
  n_seats = 0;
  for (xmlNodePtr s = node->children; s; s = s->next)
    {
      g_autofree char *kind = NULL;
      g_autofree char *level_text = NULL;
      g_autofree char *name = NULL;
      LudoLevel level = LUDO_LEVEL_MEDIUM;

      if (s->type != XML_ELEMENT_NODE)
        continue;
      kind = ludo_xml_token (s, "kind");
      level_text = ludo_xml_token (s, "level");
      name = ludo_xml_prop (s, "name");
      if (level_text)
        ludo_level_from_string (level_text, &level);
      ludo_game_set_seat (game, n_seats++,
                          g_strcmp0 (kind, "computer") == 0 ? LUDO_SEAT_COMPUTER : LUDO_SEAT_HUMAN,
                          level, name);
    }

  node = ludo_xml_child (root, "setup");
  if (!check_setup (LUDO_GAME_GET_CLASS (game), info, node, error))
    return NULL;
  if (LUDO_GAME_GET_CLASS (game)->read_setup &&
      !LUDO_GAME_GET_CLASS (game)->read_setup (game, node, &local_error))
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_SETUP,
                   _("Line %ld: %s"), xmlGetLineNo (node ? node : root), local_error->message);
      return NULL;
    }

  return g_steal_pointer (&game);
}

static gboolean
replay_moves (LudoGame    *game,
              xmlNodePtr   root,
              guint       *position,
              GError     **error)
{
  xmlNodePtr moves = ludo_xml_child (root, "moves");
  g_autofree char *position_text = NULL;
  gint64 wanted;
  guint index = 0;

  attr_integer (moves, "position", 0, G_MAXINT64, &wanted, &position_text);
  for (xmlNodePtr m = moves->children; m; m = m->next)
    {
      g_autofree char *text = NULL;
      g_autofree char *seat_text = NULL;
      g_autoptr(GError) local_error = NULL;
      gint64 seat;
      int to_move;

      if (m->type != XML_ELEMENT_NODE)
        continue;
      if (index >= LUDO_SAVE_MAX_MOVES)
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TOO_LARGE,
                       _("Line %ld: the file has more than %d moves."),
                       xmlGetLineNo (m), LUDO_SAVE_MAX_MOVES);
          return FALSE;
        }

      text = (char *) xmlNodeGetContent (m);
      attr_integer (m, "seat", 0, G_MAXINT64, &seat, &seat_text);
      to_move = ludo_game_get_current_seat (game);
      if (to_move >= 0 && seat != to_move)
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_ILLEGAL_MOVE,
                       _("Line %ld: move %u (“%s”) is given to seat %s, but seat %d is to move."),
                       xmlGetLineNo (m), index + 1, text, seat_text ? seat_text : "?", to_move);
          return FALSE;
        }
      if (to_move < 0)
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_ILLEGAL_MOVE,
                       _("Line %ld: move %u (“%s”) comes after the end of the game."),
                       xmlGetLineNo (m), index + 1, text);
          return FALSE;
        }
      if (!ludo_game_play (game, text, &local_error))
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_ILLEGAL_MOVE,
                       _("Line %ld: move %u (“%s”) is not legal: %s"),
                       xmlGetLineNo (m), index + 1, text, local_error->message);
          return FALSE;
        }
      index++;
    }

  if (wanted > (gint64) index)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_INVALID,
                   _("Line %ld: the position %s is after the last of the %u moves."),
                   xmlGetLineNo (moves), position_text ? position_text : "?", index);
      return FALSE;
    }
  *position = (guint) wanted;
  return TRUE;
}

/* The seats' places in a result, if given, are the moves' (a file
 * without them gets them from the moves). */
static gboolean
check_places (LudoGame          *game,
              xmlNodePtr         result,
              const LudoOutcome *outcome,
              GError           **error)
{
  gboolean scored = ludo_game_counts_score (game);
  guint seen = 0;

  for (xmlNodePtr p = result->children; p; p = p->next)
    {
      gint64 seat, rank, score;
      gboolean has_score;

      if (!ludo_xml_is (p, "place"))
        continue;
      attr_integer (p, "seat", 0, G_MAXINT64, &seat, NULL);
      attr_integer (p, "rank", 1, G_MAXINT64, &rank, NULL);
      has_score = attr_integer (p, "score", G_MININT64, G_MAXINT64, &score, NULL);
      if (seat >= outcome->n_seats || (seen & (1u << seat)))
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_RESULT,
                       _("Line %ld: the result places seat=“%d” twice, or a seat the game does not have."),
                       xmlGetLineNo (p), (int) seat);
          return FALSE;
        }
      seen |= 1u << seat;
      if (rank != outcome->rank[seat] || (has_score && (!scored || score != (gint64) outcome->score[seat])))
        {
          g_autofree char *who = ludo_game_get_seat_label (game, (guint) seat);
          if (scored)
            g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_RESULT,
                         _("Line %ld: the result places %s wrongly: the moves give place %u (%s: %g)."),
                         xmlGetLineNo (p), who, outcome->rank[seat],
                         ludo_game_get_score_name (game), outcome->score[seat]);
          else
            g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_RESULT,
                         _("Line %ld: the result places %s wrongly: the moves give place %u."),
                         xmlGetLineNo (p), who, outcome->rank[seat]);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_result (LudoGame    *game,
              xmlNodePtr   root,
              GError     **error)
{
  xmlNodePtr result = ludo_xml_child (root, "result");
  LudoOutcome outcome;

  ludo_game_get_outcome (game, &outcome);
  if (result == NULL)
    {
      if (outcome.kind != LUDO_RESULT_NONE)
        {
          g_set_error_literal (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_RESULT,
                               _("The moves end the game, but the file gives no result."));
          return FALSE;
        }
      return TRUE;
    }

  g_autofree char *kind = ludo_xml_token (result, "outcome");
  g_autofree char *reason = ludo_xml_token (result, "reason");
  gint64 winner;
  gboolean matches;

  if (outcome.kind == LUDO_RESULT_NONE)
    {
      guint n = ludo_game_get_n_moves (game);
      int seat = ludo_game_get_current_seat (game);
      g_autofree char *who = seat >= 0 ? ludo_game_get_seat_label (game, seat) : NULL;

      /* which move the game stopped on, and who would have to play next */
      if (n > 0 && who)
        g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_RESULT,
                     _("Line %ld: the file gives a result, but the moves do not end the game: "
                       "after move %u (“%s”) %s is still to play."),
                     xmlGetLineNo (result), n, ludo_game_get_move (game, n - 1), who);
      else
        g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_RESULT,
                     _("Line %ld: the file gives a result, but the moves do not end the game."),
                     xmlGetLineNo (result));
      return FALSE;
    }
  attr_integer (result, "winner", 0, G_MAXINT64, &winner, NULL);
  if (g_strcmp0 (kind, "win") == 0)
    matches = outcome.kind == LUDO_RESULT_WIN && winner == outcome.winner;
  else
    matches = outcome.kind == LUDO_RESULT_DRAW;
  if (reason && outcome.reason && g_strcmp0 (reason, outcome.reason) != 0)
    matches = FALSE;
  if (!matches)
    {
      g_autofree char *actual = ludo_game_describe_outcome (game);
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_RESULT,
                   _("Line %ld: the result in the file does not match the moves, which end: %s"),
                   xmlGetLineNo (result), actual);
      return FALSE;
    }
  return check_places (game, result, &outcome, error);
}

/* The computer's review, checked against the moves: the first moves in
 * order, values within what the game counts, best moves legal. */
static gboolean
read_review (LudoGame    *game,
             xmlNodePtr   root,
             GError     **error)
{
  xmlNodePtr node = ludo_xml_child (root, "review");
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (game);
  g_autoptr(GPtrArray) review = NULL;
  const LudoReviewScale *scale;
  guint n_moves = ludo_game_get_n_moves (game);
  gint64 budget;

  if (node == NULL)
    return TRUE;
  scale = ludo_game_get_review_scale (game);
  attr_integer (node, "budget-ms", 1, 600000, &budget, NULL);
  review = g_ptr_array_new_with_free_func ((GDestroyNotify) ludo_move_review_free);
  for (xmlNodePtr m = node->children; m; m = m->next)
    {
      static const char * const values[] = { "value-before", "value-after", "best-value" };
      gint64 ply, v[3], remaining, best_remaining, expected;
      g_autofree char *ply_text = NULL;
      g_autofree char *best = NULL;
      g_autofree char *mark = NULL;
      g_autofree char *exact = NULL;
      LudoMoveReview *r;

      if (m->type != XML_ELEMENT_NODE)
        continue;
      attr_integer (m, "ply", 1, G_MAXINT64, &ply, &ply_text);
      if (ply > n_moves)
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_REVIEW,
                       ngettext ("Line %ld: the review gives move %s, but the game has only %u move.",
                                 "Line %ld: the review gives move %s, but the game has only %u moves.", n_moves),
                       xmlGetLineNo (m), ply_text ? ply_text : "", n_moves);
          return FALSE;
        }
      if (ply != review->len + 1)
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_REVIEW,
                       _("Line %ld: the review gives move %s next, but it covers the game’s first moves in order: "
                         "move %u comes next."),
                       xmlGetLineNo (m), ply_text ? ply_text : "", review->len + 1);
          return FALSE;
        }
      for (guint k = 0; k < G_N_ELEMENTS (values); k++)
        {
          g_autofree char *text = NULL;

          if (!attr_integer (m, values[k], -scale->cap, scale->cap, &v[k], &text))
            {
              g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_REVIEW,
                           _("Line %ld: the review values move %u at %s, beyond what this game counts "
                             "(%d either way)."),
                           xmlGetLineNo (m), (guint) ply, text ? text : "", scale->cap);
              return FALSE;
            }
        }
      best = ludo_xml_prop (m, "best");
      if (best)
        {
          g_autofree guint8 *state = g_memdup2 (ludo_game_get_state_at (game, ply - 1), klass->state_size);

          if (!klass->apply (game, state, best, NULL))
            {
              g_autofree char *quoted = quote (best);
              g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_REVIEW,
                           _("Line %ld: the review’s best move for move %u, “%s”, is not a legal move there."),
                           xmlGetLineNo (m), (guint) ply, quoted);
              return FALSE;
            }
        }
      mark = ludo_xml_prop (m, "mark");
      exact = ludo_xml_prop (m, "exact");
      r = g_new0 (LudoMoveReview, 1);
      r->ply = (guint) ply;
      r->seat = ludo_game_get_move_seat (game, ply - 1);
      r->move = g_strdup (ludo_game_get_move (game, ply - 1));
      r->value_before = (int) v[0];
      r->value_after = (int) v[1];
      r->best_value = (int) v[2];
      r->best = g_steal_pointer (&best);
      r->loss = MAX (0, r->value_before - r->value_after);
      ludo_mark_from_string (mark, &r->mark);
      r->exact = exact != NULL;
      r->remaining = attr_integer (m, "remaining", 0, G_MAXINT64, &remaining, NULL) ? remaining : -1;
      r->best_remaining = attr_integer (m, "best-remaining", 0, G_MAXINT64, &best_remaining, NULL) ? best_remaining : -1;
      r->best_expected = attr_integer (m, "best-expected", 0, G_MAXINT32, &expected, NULL) ? expected / 1000.0 : -1;
      g_ptr_array_add (review, r);
    }
  ludo_game_set_review (game, g_steal_pointer (&review), (guint) budget);
  return TRUE;
}

static void
too_large (GError **error,
           guint64  length)
{
  g_autofree char *size = g_strdup_printf ("%" G_GUINT64_FORMAT, length);

  g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TOO_LARGE,
               _("The file is too large (%s bytes; a save is at most %d)."),
               size, LUDO_SAVE_MAX_BYTES);
}

LudoGame *
ludo_save_read_data (const char  *data,
                     gsize        length,
                     GError     **error)
{
  g_autoptr(LudoGame) game = NULL;
  xmlDocPtr doc;
  xmlNodePtr root;
  guint position = 0;
  gboolean ok = FALSE;

  if (length > LUDO_SAVE_MAX_BYTES)
    {
      too_large (error, length);
      return NULL;
    }

  doc = ludo_save_parse_xml (data, length, error);
  if (doc == NULL)
    return NULL;

  root = xmlDocGetRootElement (doc);
  if (root == NULL || !xmlStrEqual (root->name, BAD_CAST "ludoteka") || root->ns != NULL)
    {
      g_autofree char *name = quote (root ? (const char *) root->name : "");
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_NOT_A_SAVE,
                   _("Line %ld: this XML file is not a Ludoteka game (its root element is <%s>)."),
                   root ? xmlGetLineNo (root) : 1, name);
      goto out;
    }

  if (!read_version (root, error))
    goto out;

  {
    g_autofree char *id = ludo_xml_token (root, "game");
    if (id != NULL && ludo_registry_lookup (id) == NULL)
      {
        g_autofree char *quoted = quote (id);
        g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_UNKNOWN_GAME,
                     _("Line %ld: the file is a game of “%s”, which this version of Ludoteka does not know."),
                     xmlGetLineNo (root), quoted);
        goto out;
      }
  }

  if (!validate (doc, error))
    goto out;

  game = build_game (root, error);
  if (game == NULL)
    goto out;
  if (!replay_moves (game, root, &position, error))
    goto out;
  if (!check_result (game, root, error))
    goto out;
  if (!read_review (game, root, error))
    goto out;

  ludo_game_seek (game, position);
  ok = TRUE;

out:
  xmlFreeDoc (doc);
  return ok ? g_steal_pointer (&game) : NULL;
}

/* ------------------------------------------------------------------------ */
/* Reading a file                                                            */

static gboolean
read_error (GError     **error,
            const char  *reason)
{
  g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO,
               _("The file could not be read: %s"), reason);
  return FALSE;
}

/* Why a path cannot be opened, in words: a dangling link is not
 * "no such file". */
static gboolean
open_error (GError     **error,
            const char  *path,
            int          saved_errno)
{
  GStatBuf st;

  if (saved_errno == ENOENT && g_lstat (path, &st) == 0 && S_ISLNK (st.st_mode))
    {
      g_autofree char *target = g_file_read_link (path, NULL);
      g_autofree char *quoted = quote (target);
      g_autofree char *reason = g_strdup_printf (_("it is a link to “%s”, which does not exist."), quoted);
      return read_error (error, reason);
    }
  return read_error (error, g_strerror (saved_errno));
}

/* Reads a regular file of at most LUDO_SAVE_MAX_BYTES, and never more
 * than that of it: a special file that claims to be empty (/proc) may
 * not be endless. A pipe or a device is refused before it is read (and
 * O_NONBLOCK keeps a pipe from holding up the open). */
static char *
read_bounded (const char  *path,
              gsize       *length,
              GError     **error)
{
  g_autofree char *data = NULL;
  gsize size = 0;
  GStatBuf st;
  int fd;

  if (path == NULL || *path == '\0')
    {
      read_error (error, _("no file name was given."));
      return NULL;
    }
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    {
      open_error (error, path, errno);
      return NULL;
    }
  if (fstat (fd, &st) != 0)
    {
      read_error (error, g_strerror (errno));
      close (fd);
      return NULL;
    }
  if (S_ISDIR (st.st_mode) || !S_ISREG (st.st_mode))
    {
      read_error (error, S_ISDIR (st.st_mode) ? _("it is a folder, not a file.")
                                             : _("it is not a regular file but a device, a pipe or a socket."));
      close (fd);
      return NULL;
    }
  if (st.st_size > LUDO_SAVE_MAX_BYTES)
    {
      too_large (error, (guint64) st.st_size);
      close (fd);
      return NULL;
    }

  /* whole 64 KiB reads: some /proc files refuse other sizes */
  data = g_malloc (LUDO_SAVE_MAX_BYTES + 65536);
  while (size <= LUDO_SAVE_MAX_BYTES)
    {
      gssize n = read (fd, data + size, 65536);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          read_error (error, g_strerror (errno));
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      size += (gsize) n;
    }
  close (fd);
  if (size > LUDO_SAVE_MAX_BYTES)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TOO_LARGE,
                   _("The file is too large (more than %d bytes; a save is at most %d)."),
                   LUDO_SAVE_MAX_BYTES, LUDO_SAVE_MAX_BYTES);
      return NULL;
    }
  *length = size;
  return g_realloc (g_steal_pointer (&data), MAX (size, 1));
}

LudoGame *
ludo_save_read (const char  *path,
                GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  data = read_bounded (path, &length, error);
  if (data == NULL)
    return NULL;
  return ludo_save_read_data (data, length, error);
}

static void
read_in_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GError *error = NULL;
  LudoGame *game;

  quiet_libxml ();
  game = ludo_save_read (task_data, &error);
  if (game)
    g_task_return_pointer (task, game, g_object_unref);
  else
    g_task_return_error (task, error);
}

void
ludo_save_read_async (const char          *path,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_return_if_fail (path != NULL);

  /* libxml2 wants its first use on the main thread */
  xmlInitParser ();
  g_task_set_source_tag (task, ludo_save_read_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  /* the window does not wait for a load it no longer wants */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, read_in_thread);
}

LudoGame *
ludo_save_read_finish (GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ludo_save_read_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
