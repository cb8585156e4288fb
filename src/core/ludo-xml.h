/* ludo-xml.h — small helpers over libxml2 trees, for saves and the manual
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* Is node the element name? */
gboolean    ludo_xml_is          (xmlNodePtr  node,
                                  const char *name);
/* The first child element called name, or NULL (parent may be NULL). */
xmlNodePtr  ludo_xml_child       (xmlNodePtr  parent,
                                  const char *name);
/* An attribute as a GLib string (g_free() it), or NULL. */
char       *ludo_xml_prop        (xmlNodePtr  node,
                                  const char *name);
/* An attribute read as the schema reads a token (xsd:token, and every
 * <value>): white space collapsed, none at the ends. */
char       *ludo_xml_token       (xmlNodePtr  node,
                                  const char *name);
/* The text of an element, white space collapsed to single spaces. */
char       *ludo_xml_text        (xmlNodePtr  node);

G_END_DECLS
