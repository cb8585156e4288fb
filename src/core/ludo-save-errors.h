/* ludo-save-errors.h — what is wrong with a file, in our words (private
 * to the save reader)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

G_BEGIN_DECLS

/* How much of the file's own text a message quotes. */
#define LUDO_SAVE_QUOTE_CHARS 48

/* Sets error to why libxml2 could not read data: first is the first
 * error it raised (the cause), last the last (which names the element a
 * truncated file ends in). */
void ludo_save_set_parse_error  (GError         **error,
                                 const xmlError  *first,
                                 const xmlError  *last,
                                 const char      *data,
                                 gsize            length);

/* The first schema error that says where; libxml2 reports some without a
 * node (a value outside a choice, a missing attribute) and the one that
 * names the node next. */
typedef struct {
  gboolean    seen;
  xmlNodePtr  node;
  int         code;
  char       *str1;
  char       *str2;
} LudoSchemaError;

/* An xmlStructuredErrorFunc for RELAX NG validation; user_data is a
 * zeroed LudoSchemaError. */
void ludo_schema_error_keep     (void             *user_data,
                                 xmlErrorPtr       err);
void ludo_schema_error_clear    (LudoSchemaError  *e);
/* Sets error to what the first schema error of doc means. */
void ludo_save_set_schema_error (GError          **error,
                                 LudoSchemaError  *first,
                                 xmlDocPtr         doc);

G_END_DECLS
