/* ludo-mallard.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Titles, paragraphs, notes, quotes, lists, terms, tables, images and
 * links of the Mallard pages of the manual, as runs. A page with a
 * document type declaration is not read: the manual's pages have none,
 * and it is how entities that expand without end get in. libxml2 keeps
 * the tree at most 256 deep, which bounds the recursion here.
 *
 * Conditional processing (if:test) is read for the reader's language, as
 * yelp does: a quote in the reader's own language is shown once, without
 * the translation that would repeat it word for word.
 *
 * A quote is the source's words, in their own language (xml:lang), and
 * under them, in a note, our translation: each run says its language
 * where it is not the page's, so that it is shaped and read out in it.
 */
#include "config.h"

#include <string.h>
#include <libxml/parser.h>

#include "ludo-mallard.h"
#include "ludo-xml.h"

static const char * const style_names[LUDO_MALLARD_N_STYLES] = {
  "title", "heading", "p", "em", "strong", "code", "code-block", "item", "term",
  "note", "quote", "cite", "caption", "link", "translation",
};

const char *
ludo_mallard_style_name (LudoMallardStyle style)
{
  for (guint i = 0; i < LUDO_MALLARD_N_STYLES; i++)
    if (style == 1u << i)
      return style_names[i];
  g_return_val_if_reached (NULL);
}

typedef struct {
  GPtrArray              *runs;
  const char             *page;
  const LudoMallardPages *pages;
  gboolean                at_line_start;   /* collapse white space as Mallard does */
  gboolean                pending_space;
  char                   *page_lang;       /* the root's xml:lang; NULL: the original, English */
  GPtrArray              *langs;           /* the xml:lang values read, owned */
} Render;

typedef struct {
  guint       styles;
  const char *xref;
  const char *href;
  const char *lang;
} Style;

static void
run_free (gpointer data)
{
  LudoMallardRun *run = data;

  g_free (run->text);
  g_free (run->xref);
  g_free (run->href);
  g_free (run->lang);
  if (run->cells)
    g_array_unref (run->cells);
  g_free (run);
}

static void
cell_clear (gpointer data)
{
  g_free (((LudoMallardCell *) data)->text);
}

static LudoMallardRun *
add_run (Render             *r,
         LudoMallardRunKind  kind,
         const char         *text,
         const Style        *style)
{
  LudoMallardRun *run = g_new0 (LudoMallardRun, 1);

  run->kind = kind;
  run->text = g_strdup (text);
  if (style)
    {
      run->styles = style->styles;
      run->xref = g_strdup (style->xref);
      run->href = g_strdup (style->href);
      run->lang = g_strdup (style->lang);
    }
  g_ptr_array_add (r->runs, run);
  return run;
}

static void
insert (Render      *r,
        const char  *text,
        const Style *style)
{
  add_run (r, LUDO_MALLARD_RUN_TEXT, text, style);
}

static Style
with (const Style *style,
      guint        styles)
{
  Style s = *style;

  s.styles |= styles;
  return s;
}

/* style, in the language node gives its words (xml:lang), if it has one:
 * NULL again where that is the page's own */
static Style
in_language (Render      *r,
             xmlNodePtr   node,
             const Style *style)
{
  Style s = *style;
  xmlChar *lang = xmlGetNsProp (node, BAD_CAST "lang", XML_XML_NAMESPACE);

  if (lang)
    {
      if (g_strcmp0 ((const char *) lang, r->page_lang ? r->page_lang : "en") == 0)
        s.lang = NULL;
      else
        {
          s.lang = g_strdup ((const char *) lang);
          g_ptr_array_add (r->langs, (gpointer) s.lang);
        }
      xmlFree (lang);
    }
  return s;
}

static void
insert_words (Render      *r,
              const char  *text,
              const Style *style)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    {
      if (g_ascii_isspace (*p))
        {
          r->pending_space = TRUE;
          continue;
        }
      if (r->pending_space && !r->at_line_start)
        g_string_append_c (out, ' ');
      r->pending_space = FALSE;
      r->at_line_start = FALSE;
      g_string_append_c (out, *p);
    }
  if (out->len)
    insert (r, out->str, style);
}

#define MALLARD_IF_NS "http://projectmallard.org/if/1.0/"

/* One token of an if:test: lang:C is the original page (no xml:lang),
 * lang:XX a page in XX (or XX-YY); any other token, as in yelp when it
 * does not know it, is false. */
static gboolean
token_holds (xmlNodePtr  node,
             const char *token)
{
  xmlChar *lang;
  gboolean holds = FALSE;
  gsize n;

  if (!g_str_has_prefix (token, "lang:"))
    return FALSE;
  token += strlen ("lang:");
  n = strlen (token);
  lang = xmlNodeGetLang (node);
  if (g_ascii_strcasecmp (token, "C") == 0)
    holds = lang == NULL;
  else if (lang != NULL && n > 0)
    holds = g_ascii_strncasecmp ((const char *) lang, token, n) == 0 && (lang[n] == '\0' || lang[n] == '-');
  xmlFree (lang);
  return holds;
}

/* Whether an element's if:test lets it show: the test is alternatives
 * separated by commas, each tokens separated by spaces that must all hold
 * (a token after "!" must not). No test: shown. */
static gboolean
shown (xmlNodePtr node)
{
  xmlChar *test = xmlGetNsProp (node, BAD_CAST "test", BAD_CAST MALLARD_IF_NS);
  g_auto(GStrv) alternatives = NULL;
  gboolean any = FALSE;

  if (test == NULL)
    return TRUE;
  alternatives = g_strsplit ((const char *) test, ",", -1);
  xmlFree (test);
  for (guint i = 0; alternatives[i] && !any; i++)
    {
      g_auto(GStrv) tokens = g_strsplit_set (g_strstrip (alternatives[i]), " \t\n", -1);
      gboolean all = TRUE;

      for (guint k = 0; tokens[k] && all; k++)
        {
          const char *token = tokens[k];
          gboolean negated = token[0] == '!';

          if (*token == '\0')
            continue;
          all = token_holds (node, negated ? token + 1 : token) != negated;
        }
      any = all;
    }
  return any;
}

static void render_inline (Render *r, xmlNodePtr node, const Style *style);
static void render_blocks (Render *r, xmlNodePtr parent, const Style *style, int depth);

static void
render_link (Render      *r,
             xmlNodePtr   node,
             const Style *style)
{
  g_autofree char *xref = ludo_xml_prop (node, "xref");
  g_autofree char *href = ludo_xml_prop (node, "href");
  Style s = with (style, LUDO_MALLARD_LINK);

  s.xref = xref;
  s.href = href;
  if (node->children)
    render_inline (r, node->children, &s);
  else if (xref)
    {
      g_autofree char *title = r->pages && r->pages->page_title ?
                               r->pages->page_title (xref, r->pages->data) : NULL;
      insert_words (r, title ? title : xref, &s);
    }
  else if (href)
    insert_words (r, href, &s);
}

static void
render_inline (Render      *r,
               xmlNodePtr   node,
               const Style *style)
{
  for (; node; node = node->next)
    {
      guint add = 0;
      Style here, s;

      if (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE)
        {
          if (node->content)
            insert_words (r, (const char *) node->content, style);
          continue;
        }
      if (node->type != XML_ELEMENT_NODE)
        continue;

      here = in_language (r, node, style);
      if (ludo_xml_is (node, "em"))
        {
          g_autofree char *how = ludo_xml_prop (node, "style");
          add = g_strcmp0 (how, "strong") == 0 ? LUDO_MALLARD_STRONG : LUDO_MALLARD_EM;
        }
      else if (ludo_xml_is (node, "gui") || ludo_xml_is (node, "key") || ludo_xml_is (node, "app"))
        add = LUDO_MALLARD_STRONG;
      else if (ludo_xml_is (node, "code") || ludo_xml_is (node, "cmd") || ludo_xml_is (node, "sys") ||
               ludo_xml_is (node, "file") || ludo_xml_is (node, "input") || ludo_xml_is (node, "output") ||
               ludo_xml_is (node, "var"))
        add = LUDO_MALLARD_CODE;
      else if (ludo_xml_is (node, "link"))
        {
          render_link (r, node, &here);
          continue;
        }
      else if (ludo_xml_is (node, "keyseq"))
        {
          /* Ctrl+Z */
          gboolean first = TRUE;

          s = with (&here, LUDO_MALLARD_STRONG);
          for (xmlNodePtr k = node->children; k; k = k->next)
            if (ludo_xml_is (k, "key"))
              {
                if (!first)
                  insert_words (r, "+", &s);
                render_inline (r, k->children, &s);
                first = FALSE;
              }
          continue;
        }
      s = with (&here, add);
      render_inline (r, node->children, &s);
    }
}

static void
end_paragraph (Render      *r,
               const Style *style)
{
  insert (r, "\n", style);
  r->at_line_start = TRUE;
  r->pending_space = FALSE;
}

static void
render_paragraph (Render      *r,
                  xmlNodePtr   node,
                  const Style *style,
                  const char  *prefix)
{
  Style s = in_language (r, node, style);

  r->at_line_start = TRUE;
  r->pending_space = FALSE;
  if (prefix)
    {
      insert (r, prefix, style);
      r->at_line_start = TRUE;
    }
  render_inline (r, node->children, &s);
  end_paragraph (r, style);
}

static void
render_table (Render     *r,
              xmlNodePtr  table)
{
  LudoMallardRun *run = add_run (r, LUDO_MALLARD_RUN_TABLE, NULL, NULL);
  guint y = 0;

  run->cells = g_array_new (FALSE, FALSE, sizeof (LudoMallardCell));
  g_array_set_clear_func (run->cells, cell_clear);
  for (xmlNodePtr part = table->children; part; part = part->next)
    {
      gboolean group = ludo_xml_is (part, "thead") || ludo_xml_is (part, "tbody") || ludo_xml_is (part, "tfoot");
      xmlNodePtr rows = group ? part->children : ludo_xml_is (part, "tr") ? part : NULL;

      for (xmlNodePtr tr = rows; tr; tr = group ? tr->next : NULL)
        {
          guint x = 0;

          if (!ludo_xml_is (tr, "tr"))
            continue;
          for (xmlNodePtr td = tr->children; td; td = td->next)
            {
              LudoMallardCell cell;

              if (!ludo_xml_is (td, "td") && !ludo_xml_is (td, "th"))
                continue;
              cell.row = y;
              cell.column = x++;
              cell.heading = ludo_xml_is (td, "th") || (y == 0 && ludo_xml_is (part, "thead"));
              cell.text = ludo_xml_text (td);
              g_array_append_val (run->cells, cell);
            }
          y++;
        }
    }
  r->at_line_start = TRUE;
  insert (r, "\n", NULL);
}

static void
render_media (Render      *r,
              xmlNodePtr   node,
              const Style *style)
{
  g_autofree char *src = ludo_xml_prop (node, "src");
  Style caption = with (style, LUDO_MALLARD_CAPTION);

  if (src == NULL)
    return;
  add_run (r, LUDO_MALLARD_RUN_MEDIA, src, NULL);
  /* the text inside is the figure's caption here (and its fallback in yelp) */
  for (xmlNodePtr c = node->children; c; c = c->next)
    if (ludo_xml_is (c, "p"))
      render_paragraph (r, c, &caption, NULL);
}

/* The pages that name this one as their guide, as links. */
static void
render_topic_links (Render      *r,
                    const char  *groups,
                    const Style *style)
{
  g_auto(GStrv) ids = r->pages && r->pages->topics ?
                      r->pages->topics (r->page, groups, r->pages->data) : NULL;
  Style item = with (style, LUDO_MALLARD_ITEM);

  for (guint i = 0; ids && ids[i]; i++)
    {
      xmlNodePtr link = xmlNewNode (NULL, BAD_CAST "link");

      xmlSetProp (link, BAD_CAST "xref", BAD_CAST ids[i]);
      r->at_line_start = TRUE;
      insert (r, "•  ", &item);
      r->at_line_start = TRUE;
      render_link (r, link, &item);
      end_paragraph (r, &item);
      xmlFreeNode (link);
    }
}

static void
render_list (Render      *r,
             xmlNodePtr   node,
             const Style *style)
{
  Style item_style = with (style, LUDO_MALLARD_ITEM);
  int n = 0;

  for (xmlNodePtr item = node->children; item; item = item->next)
    {
      g_autofree char *bullet = NULL;
      xmlNodePtr first;

      if (!ludo_xml_is (item, "item"))
        continue;
      bullet = ludo_xml_is (node, "steps") ? g_strdup_printf ("%d.  ", ++n) : g_strdup ("•  ");
      /* the first paragraph of the item carries the bullet */
      first = item->children;
      while (first && first->type != XML_ELEMENT_NODE)
        first = first->next;
      if (first && ludo_xml_is (first, "p"))
        {
          render_paragraph (r, first, &item_style, bullet);
          for (xmlNodePtr rest = first->next; rest; rest = rest->next)
            if (ludo_xml_is (rest, "p"))
              render_paragraph (r, rest, &item_style, NULL);
        }
      else
        render_paragraph (r, item, &item_style, bullet);
    }
}

static void
render_terms (Render      *r,
              xmlNodePtr   node,
              const Style *style,
              int          depth)
{
  Style term = with (style, LUDO_MALLARD_TERM);
  Style desc = with (style, LUDO_MALLARD_ITEM);

  for (xmlNodePtr item = node->children; item; item = item->next)
    {
      if (!ludo_xml_is (item, "item"))
        continue;
      for (xmlNodePtr c = item->children; c; c = c->next)
        if (ludo_xml_is (c, "title"))
          render_paragraph (r, c, &term, NULL);
        else if (ludo_xml_is (c, "p"))
          render_paragraph (r, c, &desc, NULL);
        else if (c->type == XML_ELEMENT_NODE)
          render_blocks (r, c, &desc, depth);
    }
}

static void
render_blocks (Render      *r,
               xmlNodePtr   parent,
               const Style *style,
               int          depth)
{
  for (xmlNodePtr node = parent->children; node; node = node->next)
    {
      Style s;

      if (node->type != XML_ELEMENT_NODE || ludo_xml_is (node, "info") || !shown (node))
        continue;

      if (ludo_xml_is (node, "title"))
        {
          s = with (style, depth == 0 ? LUDO_MALLARD_TITLE : LUDO_MALLARD_HEADING);
          render_paragraph (r, node, &s, NULL);
        }
      else if (ludo_xml_is (node, "p") || ludo_xml_is (node, "desc"))
        {
          s = with (style, LUDO_MALLARD_P);
          render_paragraph (r, node, &s, NULL);
        }
      else if (ludo_xml_is (node, "section") || ludo_xml_is (node, "div"))
        render_blocks (r, node, style, depth + 1);
      else if (ludo_xml_is (node, "note"))
        {
          s = with (style, LUDO_MALLARD_NOTE);
          render_blocks (r, node, &s, depth);
        }
      else if (ludo_xml_is (node, "quote"))
        {
          /* the words first, then whose they are */
          Style by = with (style, LUDO_MALLARD_CITE);
          xmlNodePtr cite = ludo_xml_child (node, "cite");

          Style translation = with (style, LUDO_MALLARD_TRANSLATION);

          s = with (style, LUDO_MALLARD_QUOTE);
          for (xmlNodePtr c = node->children; c; c = c->next)
            if (ludo_xml_is (c, "p") && shown (c))
              render_paragraph (r, c, &s, NULL);
            else if (ludo_xml_is (c, "note") && shown (c))
              render_blocks (r, c, &translation, depth);
          if (cite)
            render_paragraph (r, cite, &by, "— ");
        }
      else if (ludo_xml_is (node, "list") || ludo_xml_is (node, "steps"))
        render_list (r, node, style);
      else if (ludo_xml_is (node, "terms"))
        render_terms (r, node, style, depth);
      else if (ludo_xml_is (node, "table"))
        render_table (r, node);
      else if (ludo_xml_is (node, "media"))
        render_media (r, node, style);
      else if (ludo_xml_is (node, "code") || ludo_xml_is (node, "screen"))
        {
          xmlChar *content = xmlNodeGetContent (node);

          s = with (style, LUDO_MALLARD_CODE_BLOCK);
          insert (r, content ? g_strstrip ((char *) content) : "", &s);
          end_paragraph (r, &s);
          xmlFree (content);
        }
      else if (ludo_xml_is (node, "links"))
        {
          g_autofree char *type = ludo_xml_prop (node, "type");
          g_autofree char *groups = ludo_xml_prop (node, "groups");

          if (g_strcmp0 (type, "topic") == 0)
            render_topic_links (r, groups, style);
        }
    }
}

static xmlDocPtr
parse (const char *data,
       gsize       length)
{
  xmlDocPtr doc;

  if (length > G_MAXINT)
    return NULL;
  doc = xmlReadMemory (data, (int) length, "page.page", "UTF-8",
                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc && (doc->intSubset || doc->extSubset || xmlDocGetRootElement (doc) == NULL))
    g_clear_pointer (&doc, xmlFreeDoc);
  return doc;
}

GPtrArray *
ludo_mallard_render (const char             *data,
                     gsize                   length,
                     const char             *page,
                     const LudoMallardPages *pages)
{
  xmlDocPtr doc = parse (data, length);
  Render r = { NULL, page, pages, TRUE, FALSE, NULL, NULL };
  Style none = { 0, NULL, NULL, NULL };
  xmlChar *lang;

  if (doc == NULL)
    return NULL;
  r.runs = g_ptr_array_new_with_free_func (run_free);
  r.langs = g_ptr_array_new_with_free_func (g_free);
  lang = xmlGetNsProp (xmlDocGetRootElement (doc), BAD_CAST "lang", XML_XML_NAMESPACE);
  r.page_lang = g_strdup ((const char *) lang);
  xmlFree (lang);
  render_blocks (&r, xmlDocGetRootElement (doc), &none, 0);
  xmlFreeDoc (doc);
  g_ptr_array_unref (r.langs);
  g_free (r.page_lang);
  return r.runs;
}

char *
ludo_mallard_title (const char *data,
                    gsize       length)
{
  xmlDocPtr doc = parse (data, length);
  xmlNodePtr title = doc ? ludo_xml_child (xmlDocGetRootElement (doc), "title") : NULL;
  char *text = title ? ludo_xml_text (title) : NULL;

  if (doc)
    xmlFreeDoc (doc);
  return text;
}

gboolean
ludo_mallard_lists_under (const char *data,
                          gsize       length,
                          const char *guide,
                          const char *groups)
{
  xmlDocPtr doc = parse (data, length);
  xmlNodePtr info = doc ? ludo_xml_child (xmlDocGetRootElement (doc), "info") : NULL;
  g_auto(GStrv) wanted = groups ? g_strsplit (groups, " ", -1) : NULL;
  gboolean listed = FALSE;

  for (xmlNodePtr l = info ? info->children : NULL; l; l = l->next)
    if (ludo_xml_is (l, "link"))
      {
        g_autofree char *type = ludo_xml_prop (l, "type");
        g_autofree char *xref = ludo_xml_prop (l, "xref");
        g_autofree char *group = ludo_xml_prop (l, "group");

        listed |= g_strcmp0 (type, "guide") == 0 && g_strcmp0 (xref, guide) == 0 &&
                  (wanted == NULL || (group && g_strv_contains ((const char * const *) wanted, group)));
      }
  if (doc)
    xmlFreeDoc (doc);
  return listed;
}
