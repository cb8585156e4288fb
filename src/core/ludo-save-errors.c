/* ludo-save-errors.c — what is wrong with a file, in our words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libxml2's messages are English, name the parser's workings ("Premature
 * end of data in tag", "Datatype element move has child elements") and
 * some misname the fault. People read ours: each says what is wrong in
 * the file and on which line, in their language. A fault with no
 * sentence of ours gets a plain one with the line, never libxml2's.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <string.h>

#include "ludo-save.h"
#include "ludo-save-errors.h"
#include "ludo-text.h"
#include "ludo-xml.h"

static char *
quote (const char *text)
{
  return ludo_text_for_message (text, LUDO_SAVE_QUOTE_CHARS);
}

/* ------------------------------------------------------------------------ */
/* Well-formedness                                                           */

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

static int
line_at (const char *data,
         gsize       offset)
{
  int line = 1;

  for (gsize i = 0; i < offset; i++)
    line += data[i] == '\n';
  return line;
}

#define BOM "\xEF\xBB\xBF"

/* UTF-16 text has zero bytes, and is not UTF-8: its signature is a byte
 * order mark or the first '<' in two bytes. */
static gboolean
is_utf16 (const char *data,
          gsize       length)
{
  static const char * const starts[] = { "\xFF\xFE", "\xFE\xFF", "<\0?\0", "\0<\0?" };

  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    if (length >= 4 && memcmp (data, starts[i], i < 2 ? 2 : 4) == 0)
      return TRUE;
  return FALSE;
}

/* The encoding the XML declaration names, or NULL. */
static char *
declared_encoding (const char *data,
                   gsize       length)
{
  g_autofree char *head = NULL;
  const char *p, *end;
  char quote_char;

  if (length >= 3 && memcmp (data, BOM, 3) == 0)
    data += 3, length -= 3;
  if (length < 5 || memcmp (data, "<?xml", 5) != 0)
    return NULL;
  head = g_strndup (data, MIN (length, 200));
  end = strstr (head, "?>");
  p = strstr (head, "encoding");
  if (p == NULL || (end && p > end))
    return NULL;
  p += strlen ("encoding");
  while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
    p++;
  if (*p++ != '=')
    return NULL;
  while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
    p++;
  quote_char = *p++;
  if ((quote_char != '"' && quote_char != '\'') || strchr (p, quote_char) == NULL)
    return NULL;
  return g_strndup (p, strchr (p, quote_char) - p);
}

/* A well-formedness error in our words: libxml2's own are English, and
 * name the parser's workings rather than the file. NULL where we have no
 * sentence for it. */
static char *
describe_xml_error (const xmlError *err,
                    const char     *data,
                    gsize           length)
{
  g_autofree char *s1 = quote (err->str1);
  g_autofree char *s2 = quote (err->str2);

  switch (err->code)
    {
    case XML_ERR_TAG_NAME_MISMATCH:
      /* Translators: each phrase of this switch ends "Line N: this is not a well-formed XML file: …" */
      return g_strdup_printf (_("the element <%s> opened on line %d is closed as </%s>"),
                              s1, err->int1, s2);
    case XML_ERR_TAG_NOT_FINISHED:
      if (err->str1 == NULL)
        return NULL;
      return g_strdup_printf (_("the element <%s> opened on line %d is never closed"), s1, err->int1);
    case XML_ERR_ATTRIBUTE_REDEFINED:
      return g_strdup_printf (_("an element has the attribute “%s” twice"), s1);
    case XML_ERR_INVALID_CHAR:
      return g_strdup (_("it contains a character that XML does not allow"));
    case XML_ERR_INVALID_CHARREF:
    case XML_ERR_INVALID_DEC_CHARREF:
    case XML_ERR_INVALID_HEX_CHARREF:
    case XML_ERR_CHARREF_AT_EOF:
    case XML_ERR_CHARREF_IN_PROLOG:
    case XML_ERR_CHARREF_IN_EPILOG:
      return g_strdup (_("it refers to a character (&#…;) that XML does not allow there"));
    case XML_ERR_INVALID_ENCODING:
    case XML_ERR_UNKNOWN_ENCODING:
    case XML_ERR_UNSUPPORTED_ENCODING:
      {
        g_autofree char *name = declared_encoding (data, length);
        g_autofree char *quoted = quote (name ? name : err->str1);

        if (name == NULL && err->str1 == NULL)
          return g_strdup (_("its text is not in the encoding it declares"));
        if (err->code == XML_ERR_INVALID_ENCODING)
          return g_strdup_printf (_("it declares the encoding “%s”, but its text is not in it"), quoted);
        return g_strdup_printf (_("it declares the encoding “%s”, which Ludoteka cannot read"), quoted);
      }
    case XML_ERR_ENCODING_NAME:
    case XML_ERR_XMLDECL_NOT_STARTED:
    case XML_ERR_XMLDECL_NOT_FINISHED:
    case XML_ERR_VERSION_MISSING:
    case XML_ERR_STANDALONE_VALUE:
      return g_strdup (_("its XML declaration (<?xml …?>) is not written correctly"));
    case XML_ERR_UNKNOWN_VERSION:
    case XML_ERR_VERSION_MISMATCH:
      return g_strdup (_("it declares an XML version other than 1.0"));
    case XML_ERR_RESERVED_XML_NAME:
      return g_strdup (_("the XML declaration (<?xml …?>) is not at the very start of the file"));
    case XML_ERR_DOCUMENT_START:
    case XML_ERR_DOCUMENT_EMPTY:
      return g_strdup (_("there is text where the first element should begin"));
    case XML_ERR_DOCUMENT_END:
    case XML_ERR_EXTRA_CONTENT:
      return g_strdup (_("there is more after the end of the document"));
    case XML_ERR_UNDECLARED_ENTITY:
    case XML_WAR_UNDECLARED_ENTITY:
      return g_strdup_printf (_("it refers to an unknown entity “%s”"), s1);
    case XML_ERR_ENTITYREF_NO_NAME:
    case XML_ERR_ENTITYREF_SEMICOL_MISSING:
      return g_strdup (_("an “&” is not written as an entity such as &amp;"));
    case XML_ERR_NAME_REQUIRED:
      return g_strdup (_("a “<” or “&” is not followed by a valid name"));
    case XML_ERR_GT_REQUIRED:
      if (err->str1 == NULL)
        return g_strdup (_("a tag is not closed with “>”"));
      return g_strdup_printf (_("the tag <%s> is not closed with “>”"), s1);
    case XML_ERR_LTSLASH_REQUIRED:
      return g_strdup (_("an end tag is not written as </name>"));
    case XML_ERR_LT_IN_ATTRIBUTE:
      return g_strdup (_("an attribute’s value contains “<”, which XML does not allow there"));
    case XML_ERR_STRING_NOT_STARTED:
    case XML_ERR_STRING_NOT_CLOSED:
    case XML_ERR_ATTRIBUTE_NOT_STARTED:
    case XML_ERR_ATTRIBUTE_NOT_FINISHED:
    case XML_ERR_ATTRIBUTE_WITHOUT_VALUE:
    case XML_ERR_LITERAL_NOT_STARTED:
    case XML_ERR_LITERAL_NOT_FINISHED:
    case XML_ERR_SPACE_REQUIRED:
    case XML_ERR_EQUAL_REQUIRED:
      return g_strdup (_("an attribute is not written as name=\"value\""));
    case XML_ERR_HYPHEN_IN_COMMENT:
      return g_strdup (_("a comment contains “--”, which XML does not allow there"));
    case XML_ERR_COMMENT_NOT_FINISHED:
      return g_strdup (_("a comment (<!-- … -->) is never closed"));
    case XML_ERR_PI_NOT_STARTED:
    case XML_ERR_PI_NOT_FINISHED:
      return g_strdup (_("a processing instruction (<?…?>) is not written correctly"));
    case XML_ERR_CDATA_NOT_FINISHED:
      return g_strdup (_("a CDATA section (<![CDATA[ … ]]>) is never closed"));
    case XML_ERR_MISPLACED_CDATA_END:
      return g_strdup (_("the text contains “]]>”, which XML does not allow there"));
    case XML_ERR_NAME_TOO_LONG:
      return g_strdup (_("a name in it is too long"));
    default:
      return NULL;
    }
}

/* Some faults libxml2 misnames, so the text is looked at first: a second
 * byte order mark is "no document" to it, a zero byte "premature end of
 * data". */
void
ludo_save_set_parse_error (GError         **error,
                           const xmlError  *err,
                           const xmlError  *last,
                           const char      *data,
                           gsize            length)
{
  g_autofree char *detail = NULL;
  g_autofree char *encoding = NULL;
  const char *start = data, *bad;
  int line = err ? err->line : 1;
  int last_line = line_at (data, length);
  gsize skip = 0;

  if (line < 1)
    line = 1;
  while (skip + 3 <= length && memcmp (data + skip, BOM, 3) == 0)
    skip += 3;
  for (start = data + skip; start < data + length && g_ascii_isspace (*start); start++)
    ;
  if (start == data + length)
    {
      g_set_error_literal (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TRUNCATED,
                           _("The file is empty: it holds no game."));
      return;
    }
  if (skip > 3)
    {
      g_set_error_literal (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_NOT_XML,
                           _("Line 1: this is not a well-formed XML file: it begins with more than one "
                             "byte order mark (the invisible character U+FEFF)."));
      return;
    }
  /* the first byte that is not UTF-8 (a zero byte counts), where libxml2
   * stopped or before */
  encoding = declared_encoding (data, length);
  if (is_utf16 (data, length))
    bad = NULL;
  else if (encoding == NULL || g_ascii_strcasecmp (encoding, "UTF-8") == 0)
    bad = g_utf8_validate_len (data, length, &bad) ? NULL : bad;
  else
    bad = memchr (data, '\0', length);
  if (bad && line_at (data, bad - data) <= line)
    {
      if (*bad == '\0')
        g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_NOT_XML,
                     _("Line %d: this is not a well-formed XML file: it contains a zero byte, "
                       "which no text file has."), line_at (data, bad - data));
      else
        g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_NOT_XML,
                     _("Line %d: this is not a well-formed XML file: it is not valid UTF-8 text."),
                     line_at (data, bad - data));
      return;
    }

  /* Truncated: the parser ran out of text inside an open construct; the
   * last error names the element it was in. */
  if (err && is_truncation (err->code) && line >= last_line)
    {
      if (last && last->code == XML_ERR_TAG_NOT_FINISHED && last->str1)
        {
          g_autofree char *name = quote (last->str1);
          g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TRUNCATED,
                       _("The file ends too early, at line %d: the element <%s> opened on line %d "
                         "is never closed, so the file is incomplete."), line, name, last->int1);
        }
      else
        g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_TRUNCATED,
                     _("The file ends too early, at line %d: it is incomplete."), line);
      return;
    }

  detail = err ? describe_xml_error (err, data, length) : NULL;
  if (detail)
    g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_NOT_XML,
                 /* Translators: %s is one of the phrases above ("the element <a> opened on line 3 is closed as </b>" …) */
                 _("Line %d: this is not a well-formed XML file: %s."), line, detail);
  else
    g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_NOT_XML,
                 _("Line %d: this is not a well-formed XML file."), line);
}

/* ------------------------------------------------------------------------ */
/* The schema                                                                */

void
ludo_schema_error_keep (void        *user_data,
                        xmlErrorPtr  err)
{
  LudoSchemaError *first = user_data;
  xmlNodePtr node = err->node;

  if (first->node != NULL)
    return;
  if (node && node->type == XML_ATTRIBUTE_NODE)
    node = node->parent;
  if (node && node->type != XML_ELEMENT_NODE && node->parent && node->parent->type == XML_ELEMENT_NODE)
    node = node->parent;
  if (first->seen && node == NULL)
    return;

  g_free (first->str1);
  g_free (first->str2);
  first->seen = TRUE;
  first->node = node;
  first->code = err->code;
  first->str1 = g_strdup (err->str1);
  first->str2 = g_strdup (err->str2);
}

/* ---- What the schema allows an element's attributes, for messages ---- */

/* The schema as a tree: libxml2 says only "failed to validate
 * attributes"; which attribute, and why, is read from the schema. */
static xmlDocPtr
schema_tree (void)
{
  static xmlDocPtr tree;

  /* read once, then only read from, by any thread */
  if (g_once_init_enter (&tree))
    {
      g_autoptr(GBytes) bytes = ludo_save_get_schema ();
      gsize size;
      const char *text = g_bytes_get_data (bytes, &size);
      xmlDocPtr doc = xmlReadMemory (text, (int) size, NULL, NULL, XML_PARSE_NONET | XML_PARSE_NOBLANKS);

      g_assert (doc != NULL);
      g_once_init_leave (&tree, doc);
    }
  return tree;
}

static xmlNodePtr
schema_element (xmlNodePtr  node,
                const char *name)
{
  for (; node; node = node->next)
    {
      g_autofree char *n = NULL;
      xmlNodePtr found;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      n = ludo_xml_prop (node, "name");
      if (ludo_xml_is (node, "element") && g_strcmp0 (n, name) == 0)
        return node;
      if ((found = schema_element (node->children, name)))
        return found;
    }
  return NULL;
}

/* A <value> or <data> a schema attribute holds. */
static xmlNodePtr
schema_content (xmlNodePtr attribute)
{
  for (xmlNodePtr c = attribute->children; c; c = c->next)
    if (ludo_xml_is (c, "value") || ludo_xml_is (c, "data") || ludo_xml_is (c, "choice"))
      return c;
  return NULL;
}

/* The values a <value> or <choice> of them allows, appended to values. */
static void
schema_values (xmlNodePtr  content,
               GPtrArray  *values)
{
  if (ludo_xml_is (content, "value"))
    g_ptr_array_add (values, ludo_xml_text (content));
  else if (ludo_xml_is (content, "choice"))
    for (xmlNodePtr c = content->children; c; c = c->next)
      schema_values (c, values);
}

/* Every definition of the attribute name in a schema element (a
 * <choice> may define it more than once). */
static void
schema_attributes (xmlNodePtr  node,
                   const char *name,
                   GPtrArray  *defs)
{
  for (; node; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE || ludo_xml_is (node, "element"))
        continue;
      if (ludo_xml_is (node, "attribute"))
        {
          g_autofree char *n = ludo_xml_prop (node, "name");
          if (g_strcmp0 (n, name) == 0)
            g_ptr_array_add (defs, node);
        }
      else
        schema_attributes (node->children, name, defs);
    }
}

static char *
join_values (GPtrArray *values)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < values->len; i++)
    g_string_append_printf (text, i ? ", “%s”" : "“%s”", (char *) values->pdata[i]);
  return g_strdup (text->str);
}

/* The schema's datatypes, as a person says them. */
static const char *
describe_datatype (const char *type)
{
  if (g_strcmp0 (type, "int") == 0)
    return _("a whole number");
  if (g_strcmp0 (type, "nonNegativeInteger") == 0)
    return _("a whole number, 0 or more");
  if (g_strcmp0 (type, "dateTime") == 0)
    return _("a date and time such as 2026-12-02T14:11:44Z");
  return NULL;
}

/* Does raw fit a schema attribute's <value>, <choice> or <data>? As
 * libxml2 reads them, near enough to tell which attribute is wrong. */
static gboolean
value_fits (xmlNodePtr  content,
            const char *raw)
{
  g_autofree char *token = NULL;
  g_autofree char *type = NULL;

  if (content == NULL)
    return TRUE;
  if (ludo_xml_is (content, "choice"))
    {
      for (xmlNodePtr c = content->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && value_fits (c, raw))
          return TRUE;
      return FALSE;
    }
  token = g_strstrip (g_strdup (raw));
  if (ludo_xml_is (content, "value"))
    {
      g_autofree char *value = ludo_xml_text (content);
      return g_strcmp0 (value, token) == 0;
    }
  type = ludo_xml_prop (content, "type");
  if (g_strcmp0 (type, "int") == 0 &&
      !g_ascii_string_to_signed (token + (token[0] == '+'), 10, G_MININT32, G_MAXINT32, NULL, NULL))
    return FALSE;
  /* libxml2 reads at most 24 digits */
  if (g_strcmp0 (type, "nonNegativeInteger") == 0 &&
      !g_regex_match_simple ("^(\\+?0*[0-9]{1,24}|-0+)$", token, 0, 0))
    return FALSE;
  if (g_strcmp0 (type, "dateTime") == 0)
    {
      g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
      g_autoptr(GDateTime) date = g_date_time_new_from_iso8601 (token, utc);
      if (date == NULL)
        return FALSE;
    }
  for (xmlNodePtr param = content->children; param; param = param->next)
    {
      g_autofree char *name = ludo_xml_is (param, "param") ? ludo_xml_prop (param, "name") : NULL;
      g_autofree char *value = name ? ludo_xml_text (param) : NULL;

      if (g_strcmp0 (name, "maxLength") == 0 &&
          g_utf8_strlen (raw, -1) > g_ascii_strtoll (value, NULL, 10))
        return FALSE;
      if (g_strcmp0 (name, "pattern") == 0)
        {
          g_autofree char *anchored = g_strconcat ("^(?:", value, ")$", NULL);
          if (!g_regex_match_simple (anchored, token, 0, 0))
            return FALSE;
        }
    }
  return TRUE;
}

/* Why the value of the attribute name of node fits none of the schema's
 * definitions of it (def: the element's), or NULL if it fits one. */
static char *
diagnose_value (xmlNodePtr  node,
                xmlNodePtr  def,
                const char *name)
{
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *raw = ludo_xml_prop (node, name);
  g_autofree char *element = quote ((const char *) node->name);
  g_autofree char *quoted_name = quote (name);
  g_autofree char *quoted = quote (raw);
  g_autoptr(GPtrArray) defs = g_ptr_array_new ();
  const char *type = NULL;

  schema_attributes (def->children, name, defs);
  for (guint i = 0; i < defs->len; i++)
    {
      xmlNodePtr content = schema_content (defs->pdata[i]);
      g_autofree char *t = NULL;

      if (value_fits (content, raw))
        return NULL;
      schema_values (content, values);
      t = ludo_xml_is (content, "data") ? ludo_xml_prop (content, "type") : NULL;
      if (type == NULL)
        type = describe_datatype (t);
    }
  if (values->len > 0)
    {
      g_autofree char *list = join_values (values);
      /* Translators: <seat> has kind=“robot”, but the save format allows only “human”, “computer” there */
      return g_strdup_printf (_("<%s> has %s=“%s”, but the save format allows only %s there"),
                              element, quoted_name, quoted, list);
    }
  if (type)
    /* Translators: the last %s is "a whole number", "a whole number, 0 or more" or "a date and time such as …" */
    return g_strdup_printf (_("<%s> has %s=“%s”, but it must be %s"), element, quoted_name, quoted, type);
  return g_strdup_printf (_("<%s> has %s=“%s”, a value the save format does not allow there"),
                          element, quoted_name, quoted);
}

/* The first attribute of a <group> (the alternatives of a <result>) that
 * node lacks, where the attributes it has choose that group. */
static char *
missing_in_group (xmlNodePtr node,
                  xmlNodePtr group)
{
  const char *missing = NULL;
  gboolean chosen = FALSE;

  for (xmlNodePtr a = group->children; a; a = a->next)
    {
      g_autofree char *name = ludo_xml_is (a, "attribute") ? ludo_xml_prop (a, "name") : NULL;
      g_autofree char *raw = name ? ludo_xml_prop (node, name) : NULL;

      if (name == NULL)
        continue;
      if (raw == NULL)
        {
          if (missing == NULL)
            missing = (const char *) xmlHasProp (a, BAD_CAST "name")->children->content;
        }
      else if (!value_fits (schema_content (a), raw))
        return NULL;
      else
        chosen = TRUE;
    }
  return chosen && missing ? g_strdup (missing) : NULL;
}

static char *
find_missing (xmlNodePtr node,
              xmlNodePtr schema)
{
  for (xmlNodePtr c = schema; c; c = c->next)
    {
      char *missing = NULL;

      if (c->type != XML_ELEMENT_NODE || ludo_xml_is (c, "element"))
        continue;
      if (ludo_xml_is (c, "group"))
        missing = missing_in_group (node, c);
      else if (ludo_xml_is (c, "choice"))
        missing = find_missing (node, c->children);
      if (missing)
        return missing;
    }
  return NULL;
}

/* Which attribute of node the schema refuses, and why; NULL if it cannot
 * be told. */
static char *
diagnose_attributes (xmlNodePtr node)
{
  xmlNodePtr def = schema_element (xmlDocGetRootElement (schema_tree ()), (const char *) node->name);
  g_autofree char *element = quote ((const char *) node->name);
  g_autofree char *missing = NULL;

  if (def == NULL)
    return NULL;

  /* an attribute the element cannot have, or a value it cannot have */
  for (xmlAttrPtr a = node->properties; a; a = a->next)
    {
      g_autoptr(GPtrArray) defs = g_ptr_array_new ();
      char *why;

      schema_attributes (def->children, (const char *) a->name, defs);
      if (defs->len == 0)
        {
          /* <setup> takes any attribute (its game checks them), of a
           * length the schema says */
          xmlNodePtr any = NULL;
          for (xmlNodePtr c = def->children; c; c = c->next)
            if (ludo_xml_is (c, "zeroOrMore") && ludo_xml_child (c, "attribute") &&
                !xmlHasProp (ludo_xml_child (c, "attribute"), BAD_CAST "name"))
              any = ludo_xml_child (c, "attribute");
          if (any)
            {
              g_autofree char *raw = ludo_xml_prop (node, (const char *) a->name);
              g_autofree char *name = quote ((const char *) a->name);
              g_autofree char *quoted = quote (raw);
              if (!value_fits (ludo_xml_child (any, "data"), raw))
                return g_strdup_printf (_("<%s> has %s=“%s”, a value the save format does not allow there"),
                                        element, name, quoted);
            }
          else
            {
              g_autofree char *name = quote ((const char *) a->name);
              return g_strdup_printf (_("<%s> has the attribute “%s”, which the save format does not allow there"),
                                      element, name);
            }
          continue;
        }
      why = diagnose_value (node, def, (const char *) a->name);
      if (why)
        return why;
    }

  /* an attribute it must have: of the element itself, or of the
   * alternative its other attributes choose */
  for (xmlNodePtr c = def->children; c && !missing; c = c->next)
    if (ludo_xml_is (c, "attribute"))
      {
        g_autofree char *name = ludo_xml_prop (c, "name");
        if (!xmlHasNsProp (node, BAD_CAST name, NULL))
          missing = g_steal_pointer (&name);
      }
  if (missing == NULL)
    missing = find_missing (node, def->children);
  if (missing)
    {
      g_autofree char *quoted = quote (missing);
      return g_strdup_printf (_("<%s> lacks the attribute “%s”, which the save format requires"),
                              element, quoted);
    }
  return NULL;
}

static char *
describe_schema_error (const LudoSchemaError *e)
{
  g_autofree char *s1 = quote (e->str1);
  g_autofree char *element = quote (e->node ? (const char *) e->node->name : e->str1);

  switch (e->code)
    {
    case XML_RELAXNG_ERR_INVALIDATTR:
    case XML_RELAXNG_ERR_TYPEVAL:
    case XML_RELAXNG_ERR_ATTRVALID:
    case XML_RELAXNG_ERR_ATTRNAME:
      {
        char *why = e->node ? diagnose_attributes (e->node) : NULL;

        if (why)
          return why;
        if (e->code == XML_RELAXNG_ERR_INVALIDATTR)
          return g_strdup_printf (_("<%s> has the attribute “%s”, which the save format does not allow there"),
                                  element, s1);
        return g_strdup_printf (_("an attribute of <%s> is missing or wrong"), element);
      }
    case XML_RELAXNG_ERR_VALUE:
      {
        g_autofree char *v = quote (e->str1);
        return g_strdup_printf (_("<%s> has the value “%s”, which the save format does not allow there"), element, v);
      }
    case XML_RELAXNG_ERR_ELEMWRONG:
    case XML_RELAXNG_ERR_ELEMNAME:
    case XML_RELAXNG_ERR_NOTELEM:
      return g_strdup_printf (_("the element <%s> does not belong there"), s1);
    case XML_RELAXNG_ERR_TEXTWRONG:
    case XML_RELAXNG_ERR_EXTRACONTENT:
    case XML_RELAXNG_ERR_LISTEXTRA:
    case XML_RELAXNG_ERR_INTERSEQ:
    case XML_RELAXNG_ERR_INTEREXTRA:
    case XML_RELAXNG_ERR_INTERNODATA:
      return g_strdup_printf (_("<%s> has content that does not belong there"), element);
    case XML_RELAXNG_ERR_ELEMNOTEMPTY:
      return g_strdup_printf (_("<%s> must be empty, but it has content"), element);
    case XML_RELAXNG_ERR_DATAELEM:
    case XML_RELAXNG_ERR_VALELEM:
    case XML_RELAXNG_ERR_LISTELEM:
      return g_strdup_printf (_("<%s> may hold only text, but it holds an element"), element);
    case XML_RELAXNG_ERR_NOELEM:
      return g_strdup_printf (_("an element is missing in <%s>"), element);
    case XML_RELAXNG_ERR_DATATYPE:
    case XML_RELAXNG_ERR_CONTENTVALID:
    case XML_RELAXNG_ERR_TYPE:
    case XML_RELAXNG_ERR_TYPECMP:
    case XML_RELAXNG_ERR_LIST:
    case XML_RELAXNG_ERR_LISTEMPTY:
    case XML_RELAXNG_ERR_EXTRADATA:
    case XML_RELAXNG_ERR_LACKDATA:
      return g_strdup_printf (_("the text of <%s> is not what the save format allows there"), element);
    default:
      return NULL;
    }
}

static void
find_elements (xmlNodePtr   node,
               const char  *name,
               xmlNodePtr  *found,
               guint       *n)
{
  for (; node && *n < 2; node = node->next)
    if (node->type == XML_ELEMENT_NODE)
      {
        if (xmlStrEqual (node->name, BAD_CAST name) && (*n)++ == 0)
          *found = node;
        find_elements (node->children, name, found, n);
      }
}

static xmlNodePtr
only_element_named (xmlNodePtr  root,
                    const char *name)
{
  xmlNodePtr found = NULL;
  guint n = 0;

  find_elements (root, name, &found, &n);
  return n == 1 ? found : NULL;
}

/* The first element called name whose attributes the schema refuses
 * (libxml2 names the element, but not which one). */
static xmlNodePtr
first_refused (xmlNodePtr  node,
               const char *name)
{
  for (; node; node = node->next)
    if (node->type == XML_ELEMENT_NODE)
      {
        xmlNodePtr found;

        if (xmlStrEqual (node->name, BAD_CAST name))
          {
            g_autofree char *why = diagnose_attributes (node);
            if (why)
              return node;
          }
        if ((found = first_refused (node->children, name)))
          return found;
      }
  return NULL;
}

void
ludo_save_set_schema_error (GError          **error,
                            LudoSchemaError  *first,
                            xmlDocPtr         doc)
{
  g_autofree char *what = NULL;

  /* where libxml2 does not say: the first element of that name whose
   * attributes are wrong, or the one element of that name */
  if (first->node == NULL && first->str1 != NULL && first->code == XML_RELAXNG_ERR_ATTRVALID)
    first->node = first_refused (xmlDocGetRootElement (doc), first->str1);
  if (first->node == NULL && first->str1 != NULL)
    first->node = only_element_named (xmlDocGetRootElement (doc), first->str1);
  what = describe_schema_error (first);

  if (first->node && what)
    g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_INVALID,
                 /* Translators: %s says what is wrong ("<seat> lacks the attribute “kind”, which the save format requires" …) */
                 _("Line %ld: the file does not follow the Ludoteka save format: %s."),
                 xmlGetLineNo (first->node), what);
  else if (first->node)
    g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_INVALID,
                 _("Line %ld: the file does not follow the Ludoteka save format."),
                 xmlGetLineNo (first->node));
  else if (what)
    g_set_error (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_INVALID,
                 _("The file does not follow the Ludoteka save format: %s."), what);
  else
    g_set_error_literal (error, LUDO_SAVE_ERROR, LUDO_SAVE_ERROR_INVALID,
                         _("The file does not follow the Ludoteka save format."));
}

void
ludo_schema_error_clear (LudoSchemaError *e)
{
  g_clear_pointer (&e->str1, g_free);
  g_clear_pointer (&e->str2, g_free);
}
