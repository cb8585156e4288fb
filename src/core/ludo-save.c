/* ludo-save.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading is careful: the file may come from anywhere. libxml2 parses it
 * with network access off and entities left alone, a document type
 * declaration stops the parser at once (saves never have one: it is how
 * entity bombs and external entities get in), the tree is checked against
 * the RELAX NG schema, and then every move is replayed through the rules.
 * Every error names what is wrong and where.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlwriter.h>

#include "ludo-core-resources.h"
#include "ludo-save.h"
#include "ludo-xml.h"

G_DEFINE_QUARK (ludo-save-error-quark, ludo_save_error)

#define SCHEMA_RESOURCE RESOURCE_BASE "/ludoteka-save.rng"

GBytes *
ludo_save_get_schema (void)
{
  return g_resource_lookup_data (ludo_core_get_resource (), SCHEMA_RESOURCE, 0, NULL);
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

char *
ludo_save_to_data (LudoGame *game,
                   gsize    *length)
{
  LudoGameClass *klass = LUDO_GAME_GET_CLASS (game);
  const LudoGameInfo *info = ludo_game_get_info (game);
  xmlBufferPtr buffer = xmlBufferCreate ();
  xmlTextWriterPtr w;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *created = format_date (ludo_game_get_created (game));
  g_autofree char *saved = NULL;
  guint n_moves = ludo_game_get_n_moves (game);
  LudoOutcome outcome;
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
  xmlTextWriterEndElement (w);

  xmlTextWriterStartElement (w, BAD_CAST "options");
  for (guint i = 0; i < info->n_options; i++)
    {
      xmlTextWriterStartElement (w, BAD_CAST "option");
      xmlTextWriterWriteAttribute (w, BAD_CAST "name", BAD_CAST info->options[i].id);
      xmlTextWriterWriteFormatAttribute (w, BAD_CAST "value", "%d",
                                         ludo_game_get_option (game, info->options[i].id));
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);

  xmlTextWriterStartElement (w, BAD_CAST "seats");
  for (guint i = 0; i < ludo_game_get_n_seats (game); i++)
    {
      const char *name = ludo_game_get_seat_name (game, i);
      gboolean computer = ludo_game_get_seat_kind (game, i) == LUDO_SEAT_COMPUTER;

      xmlTextWriterStartElement (w, BAD_CAST "seat");
      xmlTextWriterWriteAttribute (w, BAD_CAST "kind", BAD_CAST (computer ? "computer" : "human"));
      if (computer)
        xmlTextWriterWriteAttribute (w, BAD_CAST "level",
                                     BAD_CAST ludo_level_to_string (ludo_game_get_seat_level (game, i)));
      if (name && *name)
        {
          g_autofree char *shortened = g_utf8_substring (name, 0, MIN (g_utf8_strlen (name, -1), 64));
          xmlTextWriterWriteAttribute (w, BAD_CAST "name", BAD_CAST shortened);
        }
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);

  if (klass->write_setup)
    {
      xmlTextWriterStartElement (w, BAD_CAST "setup");
      klass->write_setup (game, w);
      xmlTextWriterEndElement (w);
    }

  xmlTextWriterStartElement (w, BAD_CAST "moves");
  xmlTextWriterWriteFormatAttribute (w, BAD_CAST "position", "%u", ludo_game_get_position (game));
  for (guint i = 0; i < n_moves; i++)
    {
      xmlTextWriterStartElement (w, BAD_CAST "move");
      xmlTextWriterWriteFormatAttribute (w, BAD_CAST "seat", "%d", ludo_game_get_move_seat (game, i));
      xmlTextWriterWriteString (w, BAD_CAST ludo_game_get_move (game, i));
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);

  /* The result of the whole history, not of the cursor. */
  ludo_game_get_outcome_at (game, n_moves, &outcome);
  if (outcome.kind != LUDO_RESULT_NONE)
    {
      xmlTextWriterStartElement (w, BAD_CAST "result");
      if (outcome.kind == LUDO_RESULT_WIN)
        {
          xmlTextWriterWriteAttribute (w, BAD_CAST "outcome", BAD_CAST "win");
          xmlTextWriterWriteFormatAttribute (w, BAD_CAST "winner", "%d", outcome.winner);
        }
      else
        xmlTextWriterWriteAttribute (w, BAD_CAST "outcome", BAD_CAST "draw");
      if (outcome.reason)
        xmlTextWriterWriteAttribute (w, BAD_CAST "reason", BAD_CAST outcome.reason);
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
ludo_save_write (LudoGame    *game,
                 const char  *path,
                 GError     **error)
{
  g_autofree char *data = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) local_error = NULL;
  gsize length;

  data = ludo_save_to_data (game, &length);
  g_mkdir_with_parents (dir, 0755);
  if (!g_file_set_contents_full (path, data, length, G_FILE_SET_CONTENTS_CONSISTENT,
                                 0644, &local_error))
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO,
                   _("The game could not be saved: %s"), local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Reading                                                                   */

static void
stop_at_dtd (void          *user_data,
             const xmlChar *name,
             const xmlChar *external_id,
             const xmlChar *system_id)
{
  xmlParserCtxtPtr ctxt = user_data;

  ctxt->_private = GINT_TO_POINTER (xmlSAX2GetLineNumber (ctxt));
  xmlStopParser (ctxt);
}

static gboolean
is_truncation (int code)
{
  switch (code)
    {
    case XML_ERR_TAG_NOT_FINISHED:
    case XML_ERR_LTSLASH_REQUIRED:
    case XML_ERR_GT_REQUIRED:
    case XML_ERR_ATTRIBUTE_NOT_FINISHED:
    case XML_ERR_LITERAL_NOT_FINISHED:
    case XML_ERR_COMMENT_NOT_FINISHED:
    case XML_ERR_PI_NOT_FINISHED:
    case XML_ERR_CDATA_NOT_FINISHED:
      return TRUE;
    default:
      return FALSE;
    }
}

static char *
clean_message (const char *message)
{
  char *text = g_strdup (message ? message : "");

  return g_strstrip (text);
}

static xmlDocPtr
parse (const char  *data,
       gsize        length,
       GError     **error)
{
  xmlParserCtxtPtr ctxt = xmlNewParserCtxt ();
  xmlDocPtr doc;
  int dtd_line;

  if (ctxt == NULL)
    g_error ("out of memory");
  quiet_libxml ();

  /* A DTD is how entity bombs and external entities come in: stop there. */
  ctxt->sax->internalSubset = stop_at_dtd;
  ctxt->_private = NULL;
  doc = xmlCtxtReadMemory (ctxt, data, (int) length, "save.ludoteka", NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  dtd_line = GPOINTER_TO_INT (ctxt->_private);

  if (dtd_line > 0)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_FORBIDDEN,
                   _("Line %d: the file declares a document type (DTD) with possible entities. "
                     "Ludoteka files never do, so it is not read."), dtd_line);
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  else if (doc == NULL || !ctxt->wellFormed)
    {
      const xmlError *err = xmlCtxtGetLastError (ctxt);
      g_autofree char *detail = clean_message (err ? err->message : NULL);
      int line = err ? err->line : 0;

      /* Truncated: the parser ran out of text inside an open construct. */
      int last_line = 1;
      for (gsize i = 0; i < length; i++)
        last_line += data[i] == '\n';
      if (length == 0 || (err && is_truncation (err->code) && line >= last_line))
        g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TRUNCATED,
                     _("The file ends too early, at line %d: it is incomplete (%s)."),
                     line, detail);
      else
        g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_NOT_XML,
                     _("Line %d: this is not a well-formed XML file (%s)."), line, detail);
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  else if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_FORBIDDEN,
                   _("Line %d: the file declares a document type (DTD) with possible entities. "
                     "Ludoteka files never do, so it is not read."), 1);
      g_clear_pointer (&doc, xmlFreeDoc);
    }

  xmlFreeParserCtxt (ctxt);
  return doc;
}

typedef struct {
  int   line;
  char *message;
} FirstError;

static void
keep_first_error (void        *user_data,
                  xmlErrorPtr  err)
{
  FirstError *first = user_data;

  if (first->message == NULL)
    {
      first->line = err->line;
      first->message = clean_message (err->message);
    }
}

static gboolean
validate (xmlDocPtr   doc,
          GError    **error)
{
  static GMutex lock;
  static xmlRelaxNGPtr schema;
  xmlRelaxNGValidCtxtPtr vctxt;
  FirstError first = { 0, NULL };
  int ret;

  g_mutex_lock (&lock);
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
  g_mutex_unlock (&lock);

  vctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (vctxt, keep_first_error, &first);
  ret = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlRelaxNGFreeValidCtxt (vctxt);

  if (ret != 0)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_INVALID,
                   _("Line %d: the file does not follow the Ludoteka save format (%s)."),
                   first.line, first.message ? first.message : "?");
      g_free (first.message);
      return FALSE;
    }
  g_free (first.message);
  return TRUE;
}

static guint64
attr_uint (xmlNodePtr  node,
           const char *name)
{
  g_autofree char *value = ludo_xml_prop (node, name);
  guint64 n = 0;

  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT32, &n, NULL))
    return G_MAXUINT32;
  return n;
}

static gboolean
read_version (xmlNodePtr   root,
              GError     **error)
{
  g_autofree char *version = ludo_xml_prop (root, "version");
  gint64 v;

  if (version == NULL || !g_ascii_string_to_signed (version, 10, 1, G_MAXINT32, &v, NULL))
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_INVALID,
                   _("Line %ld: the file has no valid format version."), xmlGetLineNo (root));
      return FALSE;
    }
  if (v > LUDO_SAVE_FORMAT_VERSION)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_NEWER_VERSION,
                   _("The file was saved by a newer version of Ludoteka (format %d; this version reads format %d)."),
                   (int) v, LUDO_SAVE_FORMAT_VERSION);
      return FALSE;
    }
  return TRUE;
}

static LudoGame *
build_game (xmlNodePtr   root,
            GError     **error)
{
  g_autofree char *id = ludo_xml_prop (root, "game");
  const LudoGameInfo *info = ludo_registry_lookup (id);
  g_autoptr(LudoGame) game = NULL;
  g_autoptr(GError) local_error = NULL;
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a{si}"));
  xmlNodePtr node;
  guint n_seats = 0;

  g_assert (info != NULL);   /* checked before the schema */

  node = ludo_xml_child (root, "options");
  for (xmlNodePtr o = node ? node->children : NULL; o; o = o->next)
    {
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;
      gint64 v;

      if (o->type != XML_ELEMENT_NODE)
        continue;
      name = ludo_xml_prop (o, "name");
      value = ludo_xml_prop (o, "value");
      if (!g_ascii_string_to_signed (value, 10, G_MININT32, G_MAXINT32, &v, NULL))
        v = G_MININT32;
      if (ludo_game_info_find_option (info, name) == NULL)
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_OPTION,
                       _("Line %ld: %s has no option “%s”."), xmlGetLineNo (o), _(info->name), name);
          return NULL;
        }
      const LudoOptionSpec *spec = ludo_game_info_find_option (info, name);
      if (v < spec->min || v > spec->max)
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_OPTION,
                       _("Line %ld: the option “%s” is %s, but must be between %d and %d."),
                       xmlGetLineNo (o), name, value, spec->min, spec->max);
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
      g_autofree char *created = ludo_xml_prop (node, "created");
      g_autoptr(GDateTime) date = created ? g_date_time_new_from_iso8601 (created, NULL) : NULL;
      if (date)
        ludo_game_set_created (game, date);
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
      kind = ludo_xml_prop (s, "kind");
      level_text = ludo_xml_prop (s, "level");
      name = ludo_xml_prop (s, "name");
      if (level_text)
        ludo_level_from_string (level_text, &level);
      ludo_game_set_seat (game, n_seats++,
                          g_strcmp0 (kind, "computer") == 0 ? LUDO_SEAT_COMPUTER : LUDO_SEAT_HUMAN,
                          level, name);
    }

  node = ludo_xml_child (root, "setup");
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
              GError     **error)
{
  xmlNodePtr moves = ludo_xml_child (root, "moves");
  guint64 position = attr_uint (moves, "position");
  guint index = 0;

  for (xmlNodePtr m = moves->children; m; m = m->next)
    {
      g_autofree char *text = NULL;
      g_autoptr(GError) local_error = NULL;
      guint64 seat;
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
      seat = attr_uint (m, "seat");
      to_move = ludo_game_get_current_seat (game);
      if (to_move >= 0 && seat != (guint64) to_move)
        {
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_ILLEGAL_MOVE,
                       _("Line %ld: move %u (“%s”) is given to seat %u, but seat %d is to move."),
                       xmlGetLineNo (m), index + 1, text, (guint) MIN (seat, G_MAXUINT), to_move);
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

  if (position > index)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_INVALID,
                   _("Line %ld: the position %u is after the last of the %u moves."),
                   xmlGetLineNo (moves), (guint) MIN (position, G_MAXUINT), index);
      return FALSE;
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

  g_autofree char *kind = ludo_xml_prop (result, "outcome");
  g_autofree char *reason = ludo_xml_prop (result, "reason");
  guint64 winner = attr_uint (result, "winner");
  gboolean matches;

  if (outcome.kind == LUDO_RESULT_NONE)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_BAD_RESULT,
                   _("Line %ld: the file gives a result, but the moves do not end the game."),
                   xmlGetLineNo (result));
      return FALSE;
    }
  if (g_strcmp0 (kind, "win") == 0)
    matches = outcome.kind == LUDO_RESULT_WIN && winner == (guint64) outcome.winner;
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
  return TRUE;
}

static void
too_large (GError **error,
           gsize    length)
{
  g_autofree char *size = g_strdup_printf ("%" G_GSIZE_FORMAT, length);

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
  gboolean ok = FALSE;

  if (length > LUDO_SAVE_MAX_BYTES)
    {
      too_large (error, length);
      return NULL;
    }

  doc = parse (data, length, error);
  if (doc == NULL)
    return NULL;

  root = xmlDocGetRootElement (doc);
  if (root == NULL || !xmlStrEqual (root->name, BAD_CAST "ludoteka") || root->ns != NULL)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_NOT_A_SAVE,
                   _("Line %ld: this XML file is not a Ludoteka game (its root element is <%s>)."),
                   root ? xmlGetLineNo (root) : 1, root ? (const char *) root->name : "");
      goto out;
    }

  if (!read_version (root, error))
    goto out;

  {
    g_autofree char *id = ludo_xml_prop (root, "game");
    if (id != NULL && ludo_registry_lookup (id) == NULL)
      {
        g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_UNKNOWN_GAME,
                     _("Line %ld: the file is a game of “%s”, which this version of Ludoteka does not know."),
                     xmlGetLineNo (root), id);
        goto out;
      }
  }

  if (!validate (doc, error))
    goto out;

  game = build_game (root, error);
  if (game == NULL)
    goto out;
  if (!replay_moves (game, root, error))
    goto out;
  if (!check_result (game, root, error))
    goto out;

  ludo_game_seek (game, attr_uint (ludo_xml_child (root, "moves"), "position"));
  ok = TRUE;

out:
  xmlFreeDoc (doc);
  return ok ? g_steal_pointer (&game) : NULL;
}

LudoGame *
ludo_save_read (const char  *path,
                GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO,
                   _("The file could not be read: %s"), local_error->message);
      return NULL;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error_literal (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO,
                           _("The file could not be read: it is not a regular file."));
      return NULL;
    }
  if (g_file_info_get_size (info) > LUDO_SAVE_MAX_BYTES)
    {
      too_large (error, (gsize) g_file_info_get_size (info));
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_IO,
                   _("The file could not be read: %s"), local_error->message);
      return NULL;
    }
  return ludo_save_read_data (data, length, error);
}
