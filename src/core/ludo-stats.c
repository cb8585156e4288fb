/* ludo-stats.c — finished games, counted per game and mode
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <fcntl.h>
#include <libxml/relaxng.h>
#include <libxml/xmlwriter.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "ludo-core-resources.h"
#include "ludo-save.h"
#include "ludo-stats.h"
#include "ludo-xml.h"

G_DEFINE_QUARK (ludo-stats-error-quark, ludo_stats_error)

#define SCHEMA_RESOURCE RESOURCE_BASE "/ludoteka-statistics.rng"
/* no count grows past what the schema reads back */
#define MAX_COUNT 1000000000u
#define MAX_POINTS 1e12

struct _LudoStats
{
  GHashTable *games;   /* id → GPtrArray of LudoStatsMode */
};

static void
mode_free (LudoStatsMode *mode)
{
  g_free (mode->seats);
  g_free (mode);
}

LudoStats *
ludo_stats_new (void)
{
  LudoStats *self = g_new0 (LudoStats, 1);

  self->games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) g_ptr_array_unref);
  return self;
}

void
ludo_stats_free (LudoStats *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->games);
  g_free (self);
}

static LudoStatsMode *
find_mode (LudoStats  *self,
           const char *game_id,
           const char *seats)
{
  GPtrArray *modes = g_hash_table_lookup (self->games, game_id);
  LudoStatsMode *mode;

  if (modes == NULL)
    {
      modes = g_ptr_array_new_with_free_func ((GDestroyNotify) mode_free);
      g_hash_table_insert (self->games, g_strdup (game_id), modes);
    }
  for (guint i = 0; i < modes->len; i++)
    if (g_str_equal (((LudoStatsMode *) modes->pdata[i])->seats, seats))
      return modes->pdata[i];

  mode = g_new0 (LudoStatsMode, 1);
  mode->seats = g_strdup (seats);
  mode->n_seats = 1;
  for (const char *c = seats; *c; c++)
    mode->n_seats += *c == ' ';
  g_ptr_array_add (modes, mode);
  return mode;
}

static void
add_count (guint *count,
           guint  n)
{
  *count = n > MAX_COUNT - *count ? MAX_COUNT : *count + n;
}

/* no sum grows past what the schema reads back */
static void
add_points (double *points,
            double  n)
{
  *points = CLAMP (*points + n, -MAX_POINTS, MAX_POINTS);
}

guint
ludo_stats_mode_total (const LudoStatsMode *mode)
{
  guint total = mode->draws;

  for (guint i = 0; i < mode->n_seats; i++)
    add_count (&total, mode->wins[i]);
  return total;
}

char *
ludo_stats_mode_of (LudoGame *game)
{
  GString *seats = g_string_new (NULL);

  for (guint i = 0; i < ludo_game_get_n_seats (game); i++)
    {
      if (i > 0)
        g_string_append_c (seats, ' ');
      if (ludo_game_get_seat_kind (game, i) == LUDO_SEAT_HUMAN)
        g_string_append (seats, "human");
      else
        g_string_append (seats, ludo_level_to_string (ludo_game_get_seat_level (game, i)));
    }
  return g_string_free (seats, FALSE);
}

void
ludo_stats_add_result (LudoStats         *self,
                       const char        *game_id,
                       const char        *seats,
                       const LudoOutcome *outcome)
{
  LudoStatsMode *mode;

  g_return_if_fail (self != NULL);
  g_return_if_fail (outcome->kind != LUDO_RESULT_NONE);

  mode = find_mode (self, game_id, seats);
  g_return_if_fail (mode->n_seats <= LUDO_STATS_MAX_SEATS);
  if (outcome->kind == LUDO_RESULT_DRAW)
    add_count (&mode->draws, 1);
  else if (outcome->winner >= 0 && (guint) outcome->winner < mode->n_seats)
    add_count (&mode->wins[outcome->winner], 1);
  if (outcome->n_seats != mode->n_seats)
    return;
  add_count (&mode->placed, 1);
  for (guint s = 0; s < mode->n_seats; s++)
    {
      if (outcome->rank[s] >= 1 && outcome->rank[s] <= mode->n_seats)
        add_count (&mode->places[s][outcome->rank[s] - 1], 1);
      add_points (&mode->points[s], outcome->score[s]);
    }
}

void
ludo_stats_add (LudoStats *self,
                LudoGame  *game)
{
  g_autofree char *seats = NULL;
  LudoOutcome outcome;

  g_return_if_fail (LUDO_IS_GAME (game));

  ludo_game_get_outcome_at (game, ludo_game_get_n_moves (game), &outcome);
  seats = ludo_stats_mode_of (game);
  ludo_stats_add_result (self, ludo_game_get_id (game), seats, &outcome);
}

void
ludo_stats_reset (LudoStats  *self,
                  const char *game_id)
{
  g_return_if_fail (self != NULL);

  if (game_id)
    g_hash_table_remove (self->games, game_id);
  else
    g_hash_table_remove_all (self->games);
}

static int
compare_modes (gconstpointer a,
               gconstpointer b)
{
  const LudoStatsMode *ma = *(LudoStatsMode **) a, *mb = *(LudoStatsMode **) b;
  guint ta = ludo_stats_mode_total (ma), tb = ludo_stats_mode_total (mb);

  if (ta != tb)
    return ta > tb ? -1 : 1;
  return strcmp (ma->seats, mb->seats);
}

GPtrArray *
ludo_stats_get_modes (LudoStats  *self,
                      const char *game_id)
{
  GPtrArray *modes = g_hash_table_lookup (self->games, game_id);
  GPtrArray *out;

  if (modes == NULL || modes->len == 0)
    return NULL;
  /* the modes stay the set's; the array is the caller's */
  out = g_ptr_array_copy (modes, NULL, NULL);
  g_ptr_array_set_free_func (out, NULL);
  g_ptr_array_sort (out, compare_modes);
  return out;
}

/* ------------------------------------------------------------------------ */
/* Writing                                                                   */

/* The places and the points of each seat, once a game has them. */
static void
write_places (xmlTextWriterPtr     w,
              const LudoStatsMode *mode)
{
  if (mode->placed == 0)
    return;
  xmlTextWriterStartElement (w, BAD_CAST "placed");
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "games", "%u", mode->placed);
  for (guint s = 0; s < mode->n_seats; s++)
    {
      char points[G_ASCII_DTOSTR_BUF_SIZE];

      xmlTextWriterStartElement (w, BAD_CAST "seat");
      xmlTextWriterWriteFormatAttribute (w, BAD_CAST "index", "%u", s);
      g_ascii_formatd (points, sizeof points, "%.1f", mode->points[s]);
      xmlTextWriterWriteAttribute (w, BAD_CAST "points", BAD_CAST points);
      for (guint r = 0; r < mode->n_seats; r++)
        {
          if (mode->places[s][r] == 0)
            continue;
          xmlTextWriterStartElement (w, BAD_CAST "place");
          xmlTextWriterWriteFormatAttribute (w, BAD_CAST "rank", "%u", r + 1);
          xmlTextWriterWriteFormatAttribute (w, BAD_CAST "count", "%u", mode->places[s][r]);
          xmlTextWriterEndElement (w);
        }
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
}

char *
ludo_stats_to_data (LudoStats *self,
                    gsize     *length)
{
  xmlBufferPtr buffer = xmlBufferCreate ();
  xmlTextWriterPtr w = xmlNewTextWriterMemory (buffer, 0);
  g_autoptr(GList) ids = g_list_sort (g_hash_table_get_keys (self->games), (GCompareFunc) strcmp);
  char *data;

  xmlTextWriterSetIndent (w, 1);
  xmlTextWriterSetIndentString (w, BAD_CAST "  ");
  xmlTextWriterStartDocument (w, NULL, "UTF-8", NULL);
  xmlTextWriterStartElement (w, BAD_CAST "statistics");
  xmlTextWriterWriteAttribute (w, BAD_CAST "version", BAD_CAST "1");
  for (GList *l = ids; l; l = l->next)
    {
      g_autoptr(GPtrArray) modes = ludo_stats_get_modes (self, l->data);

      if (modes == NULL)
        continue;
      xmlTextWriterStartElement (w, BAD_CAST "game");
      xmlTextWriterWriteAttribute (w, BAD_CAST "id", BAD_CAST l->data);
      for (guint i = 0; i < modes->len; i++)
        {
          LudoStatsMode *mode = modes->pdata[i];

          xmlTextWriterStartElement (w, BAD_CAST "mode");
          xmlTextWriterWriteAttribute (w, BAD_CAST "seats", BAD_CAST mode->seats);
          xmlTextWriterWriteFormatAttribute (w, BAD_CAST "draws", "%u", mode->draws);
          for (guint s = 0; s < mode->n_seats; s++)
            {
              if (mode->wins[s] == 0)
                continue;
              xmlTextWriterStartElement (w, BAD_CAST "wins");
              xmlTextWriterWriteFormatAttribute (w, BAD_CAST "seat", "%u", s);
              xmlTextWriterWriteFormatAttribute (w, BAD_CAST "count", "%u", mode->wins[s]);
              xmlTextWriterEndElement (w);
            }
          write_places (w, mode);
          xmlTextWriterEndElement (w);
        }
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
  xmlTextWriterEndDocument (w);
  xmlFreeTextWriter (w);

  data = g_strndup ((const char *) xmlBufferContent (buffer), xmlBufferLength (buffer));
  if (length)
    *length = xmlBufferLength (buffer);
  xmlBufferFree (buffer);
  return data;
}

gboolean
ludo_stats_save (LudoStats   *self,
                 const char  *path,
                 GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  gsize length;

  data = ludo_stats_to_data (self, &length);
  /* a temporary file renamed over the old one: never half a file */
  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      !g_file_set_contents_full (path, data, (gssize) length,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0644, &local))
    {
      g_set_error (error, LUDO_STATS_ERROR, LUDO_STATS_ERROR_IO,
                   _("The statistics could not be saved: %s"),
                   local ? local->message : g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Reading                                                                   */

static GMutex schema_lock;

static gboolean
validate (xmlDocPtr   doc,
          GError    **error)
{
  static xmlRelaxNGPtr schema;
  xmlRelaxNGValidCtxtPtr vctxt;
  int ret;

  g_mutex_lock (&schema_lock);
  if (schema == NULL)
    {
      g_autoptr(GBytes) bytes = g_resource_lookup_data (ludo_core_get_resource (), SCHEMA_RESOURCE, 0, NULL);
      gsize size;
      const char *text = g_bytes_get_data (bytes, &size);
      xmlRelaxNGParserCtxtPtr pctxt = xmlRelaxNGNewMemParserCtxt (text, (int) size);

      schema = xmlRelaxNGParse (pctxt);
      xmlRelaxNGFreeParserCtxt (pctxt);
      g_assert (schema != NULL);
    }
  vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (vctxt, NULL, NULL);
  ret = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlRelaxNGFreeValidCtxt (vctxt);
  g_mutex_unlock (&schema_lock);

  if (ret != 0)
    g_set_error_literal (error, LUDO_STATS_ERROR, LUDO_STATS_ERROR_INVALID,
                         _("The statistics file does not follow its format."));
  return ret == 0;
}

static guint
count_prop (xmlNodePtr  node,
            const char *name)
{
  g_autofree char *text = ludo_xml_token (node, name);
  guint64 value = 0;

  /* the schema has checked it is a number up to MAX_COUNT */
  g_ascii_string_to_unsigned (text, 10, 0, MAX_COUNT, &value, NULL);
  return (guint) value;
}

/* A seat number, one of the mode's seats (seats, its words). */
static gboolean
read_seat (xmlNodePtr            node,
           const char           *name,
           const LudoStatsMode  *mode,
           const char           *seats,
           guint                *seat,
           GError              **error)
{
  *seat = count_prop (node, name);
  if (*seat < mode->n_seats)
    return TRUE;
  g_set_error (error, LUDO_STATS_ERROR, LUDO_STATS_ERROR_INVALID,
               _("Line %ld of the statistics file: seat %u is not one of the %u seats of “%s”."),
               xmlGetLineNo (node), *seat, mode->n_seats, seats);
  return FALSE;
}

static gboolean
read_places (xmlNodePtr      placed,
             LudoStatsMode  *mode,
             const char     *seats,
             GError        **error)
{
  add_count (&mode->placed, count_prop (placed, "games"));
  for (xmlNodePtr s = placed->children; s; s = s->next)
    {
      g_autofree char *points = NULL;
      guint seat;

      if (!ludo_xml_is (s, "seat"))
        continue;
      if (!read_seat (s, "index", mode, seats, &seat, error))
        return FALSE;
      /* the schema has checked it is a decimal number */
      points = ludo_xml_token (s, "points");
      add_points (&mode->points[seat], g_ascii_strtod (points, NULL));
      for (xmlNodePtr p = s->children; p; p = p->next)
        {
          guint rank;

          if (!ludo_xml_is (p, "place"))
            continue;
          rank = count_prop (p, "rank");
          if (rank < 1 || rank > mode->n_seats)
            {
              g_set_error (error, LUDO_STATS_ERROR, LUDO_STATS_ERROR_INVALID,
                           _("Line %ld of the statistics file: place %u is not one of the %u places of “%s”."),
                           xmlGetLineNo (p), rank, mode->n_seats, seats);
              return FALSE;
            }
          add_count (&mode->places[seat][rank - 1], count_prop (p, "count"));
        }
    }
  return TRUE;
}

LudoStats *
ludo_stats_read_data (const char  *data,
                      gsize        length,
                      GError     **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(LudoStats) self = NULL;
  xmlDocPtr doc;
  xmlNodePtr root;

  if (length > LUDO_STATS_MAX_BYTES)
    {
      g_set_error_literal (error, LUDO_STATS_ERROR, LUDO_STATS_ERROR_INVALID,
                           _("The statistics file is too large to be Ludoteka’s."));
      return NULL;
    }
  doc = ludo_save_parse_xml (data, length, &local);
  if (doc == NULL)
    {
      g_set_error (error, LUDO_STATS_ERROR, LUDO_STATS_ERROR_INVALID,
                   _("The statistics file cannot be read: %s"), local->message);
      return NULL;
    }
  if (!validate (doc, error))
    {
      xmlFreeDoc (doc);
      return NULL;
    }

  self = ludo_stats_new ();
  root = xmlDocGetRootElement (doc);
  for (xmlNodePtr g = root->children; g; g = g->next)
    {
      g_autofree char *id = NULL;

      if (!ludo_xml_is (g, "game"))
        continue;
      id = ludo_xml_token (g, "id");
      for (xmlNodePtr m = g->children; m; m = m->next)
        {
          g_autofree char *seats = NULL;
          LudoStatsMode *mode;

          if (!ludo_xml_is (m, "mode"))
            continue;
          seats = ludo_xml_token (m, "seats");
          /* a mode written twice adds up */
          mode = find_mode (self, id, seats);
          add_count (&mode->draws, count_prop (m, "draws"));
          for (xmlNodePtr w = m->children; w; w = w->next)
            {
              guint seat;

              if (ludo_xml_is (w, "placed"))
                {
                  if (!read_places (w, mode, seats, error))
                    {
                      xmlFreeDoc (doc);
                      return NULL;
                    }
                  continue;
                }
              if (!ludo_xml_is (w, "wins"))
                continue;
              if (!read_seat (w, "seat", mode, seats, &seat, error))
                {
                  xmlFreeDoc (doc);
                  return NULL;
                }
              add_count (&mode->wins[seat], count_prop (w, "count"));
            }
        }
    }
  xmlFreeDoc (doc);
  return g_steal_pointer (&self);
}

LudoStats *
ludo_stats_load (const char  *path,
                 GError     **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  GStatBuf st;
  gsize length;

  if (g_stat (path, &st) != 0)
    {
      if (errno == ENOENT)
        return ludo_stats_new ();
      g_set_error (error, LUDO_STATS_ERROR, LUDO_STATS_ERROR_IO,
                   _("The statistics could not be read: %s"), g_strerror (errno));
      return NULL;
    }
  /* refused from its size, before it is read whole */
  if (st.st_size > LUDO_STATS_MAX_BYTES)
    {
      g_set_error_literal (error, LUDO_STATS_ERROR, LUDO_STATS_ERROR_INVALID,
                           _("The statistics file is too large to be Ludoteka’s."));
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &length, &local))
    {
      g_set_error (error, LUDO_STATS_ERROR, LUDO_STATS_ERROR_IO,
                   _("The statistics could not be read: %s"), local->message);
      return NULL;
    }
  return ludo_stats_read_data (data, length, error);
}

char *
ludo_stats_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "ludoteka", "statistics.xml", NULL);
}

/* A file that cannot be read is not overwritten: it is kept under a name
 * of its own. */
static char *
keep_aside (const char *path)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *name = g_strdup_printf ("unreadable-statistics-%s.xml", stamp);
  char *kept = g_build_filename (dir, name, NULL);

  if (g_rename (path, kept) != 0)
    g_clear_pointer (&kept, g_free);
  return kept;
}

/* Runs update on the file's statistics under a lock that serialises
 * read, change and write between processes, and writes them back. */
typedef void (*Update) (LudoStats *stats,
                        gpointer   data);

static gboolean
update_file (const char  *path,
             Update       update,
             gpointer     data,
             char       **kept_as,
             GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *lock_path = g_strconcat (path, ".lock", NULL);
  g_autoptr(LudoStats) stats = NULL;
  g_autoptr(GError) local = NULL;
  gboolean ok;
  int lock;

  if (kept_as)
    *kept_as = NULL;
  g_mkdir_with_parents (dir, 0700);
  lock = g_open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lock >= 0)
    while (flock (lock, LOCK_EX) != 0 && errno == EINTR)
      ;

  stats = ludo_stats_load (path, &local);
  if (stats == NULL && g_error_matches (local, LUDO_STATS_ERROR, LUDO_STATS_ERROR_INVALID))
    {
      char *kept = keep_aside (path);

      if (kept)
        {
          stats = ludo_stats_new ();
          if (kept_as)
            *kept_as = kept;
          else
            g_free (kept);
        }
    }
  if (stats == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      ok = FALSE;
    }
  else
    {
      update (stats, data);
      ok = ludo_stats_save (stats, path, error);
    }

  if (lock >= 0)
    close (lock);
  return ok;
}

typedef struct {
  const char        *game_id;
  const char        *seats;
  const LudoOutcome *outcome;
} Result;

static void
add_result (LudoStats *stats,
            gpointer   data)
{
  Result *result = data;

  ludo_stats_add_result (stats, result->game_id, result->seats, result->outcome);
}

gboolean
ludo_stats_record (const char         *path,
                   const char         *game_id,
                   const char         *seats,
                   const LudoOutcome  *outcome,
                   char              **kept_as,
                   GError            **error)
{
  Result result = { game_id, seats, outcome };

  return update_file (path, add_result, &result, kept_as, error);
}

static void
reset_game (LudoStats *stats,
            gpointer   data)
{
  ludo_stats_reset (stats, data);
}

gboolean
ludo_stats_reset_file (const char  *path,
                       const char  *game_id,
                       GError     **error)
{
  return update_file (path, reset_game, (gpointer) game_id, NULL, error);
}
