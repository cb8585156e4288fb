/* ludo-xml.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ludo-xml.h"

gboolean
ludo_xml_is (xmlNodePtr  node,
             const char *name)
{
  return node != NULL && node->type == XML_ELEMENT_NODE && xmlStrEqual (node->name, BAD_CAST name);
}

xmlNodePtr
ludo_xml_child (xmlNodePtr  parent,
                const char *name)
{
  for (xmlNodePtr n = parent ? parent->children : NULL; n; n = n->next)
    if (ludo_xml_is (n, name))
      return n;
  return NULL;
}

char *
ludo_xml_prop (xmlNodePtr  node,
               const char *name)
{
  /* only the attribute without a namespace: x:fen is not fen */
  xmlChar *value = xmlGetNoNsProp (node, BAD_CAST name);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

/* White space collapsed to single spaces, none at the ends (xsd:token). */
static char *
collapse (const char *in)
{
  GString *text = g_string_new (NULL);

  for (const char *p = in; p && *p; p++)
    {
      if (g_ascii_isspace (*p))
        {
          if (text->len && text->str[text->len - 1] != ' ')
            g_string_append_c (text, ' ');
        }
      else
        g_string_append_c (text, *p);
    }
  if (text->len && text->str[text->len - 1] == ' ')
    g_string_truncate (text, text->len - 1);
  return g_string_free (text, FALSE);
}

char *
ludo_xml_token (xmlNodePtr  node,
                const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, BAD_CAST name);
  char *token = value ? collapse ((const char *) value) : NULL;

  xmlFree (value);
  return token;
}

char *
ludo_xml_text (xmlNodePtr node)
{
  xmlChar *content = xmlNodeGetContent (node);
  char *text = collapse ((const char *) content);

  xmlFree (content);
  return text;
}
