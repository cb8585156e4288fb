/* ludo-rules-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The manual's Mallard pages are built into the resources in every
 * language (itstool at build time); this view renders one with libxml2
 * into a text view: titles, paragraphs, notes, quotes, lists, terms,
 * tables and images, with links between pages that work.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "core/ludo-xml.h"
#include "ludo-rules-view.h"

#define HELP_PATH RESOURCE_BASE "/help"

struct _LudoRulesView
{
  GtkWidget  parent_instance;

  GtkWidget *contents_button;
  GtkWidget *language_dropdown;
  GtkWidget *help_button;
  GtkWidget *scroller;
  GtkWidget *text_view;

  char      *page;
  char      *language;
  gboolean   updating;
};

G_DEFINE_FINAL_TYPE (LudoRulesView, ludo_rules_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PAGE,
  PROP_LANGUAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const languages[] = { "C", "hu", "ru", "et", NULL };
/* Each language by its own name: a reader looks for their own. */
static const char * const language_names[] = { "English", "Magyar", "Русский", "Eesti", NULL };

const char * const *
ludo_rules_view_get_languages (void)
{
  return languages;
}

const char *
ludo_rules_view_default_language (void)
{
  const char * const *names = g_get_language_names ();

  for (guint i = 0; names[i]; i++)
    for (guint l = 1; languages[l]; l++)
      if (g_str_has_prefix (names[i], languages[l]) &&
          (names[i][2] == '\0' || names[i][2] == '_' || names[i][2] == '.' || names[i][2] == '@'))
        return languages[l];
  return "C";
}

/* ------------------------------------------------------------------------ */
/* Rendering                                                                 */

typedef struct {
  LudoRulesView *self;
  GtkTextBuffer *buffer;
  GtkTextIter    iter;
  gboolean       at_line_start;   /* collapse white space as Mallard does */
  gboolean       pending_space;
} Render;

static xmlDocPtr
load_page (const char *language,
           const char *page)
{
  g_autofree char *path = g_strdup_printf (HELP_PATH "/%s/%s.page", language, page);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  gsize size;
  const char *data;

  if (bytes == NULL && !g_str_equal (language, "C"))
    return load_page ("C", page);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &size);
  return xmlReadMemory (data, (int) size, path, "UTF-8",
                        XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
}

/* The text of a page's title, for links without their own text. */
static char *
page_title (const char *language,
            const char *page)
{
  xmlDocPtr doc = load_page (language, page);
  xmlNodePtr root = doc ? xmlDocGetRootElement (doc) : NULL;
  xmlNodePtr title = root ? ludo_xml_child (root, "title") : NULL;
  char *text = NULL;

  if (title)
    text = ludo_xml_text (title);
  xmlFreeDoc (doc);
  return text ? text : g_strdup (page);
}

static void
insert (Render     *r,
        const char *text,
        GSList     *tags)
{
  GtkTextIter start;
  int offset = gtk_text_iter_get_offset (&r->iter);

  gtk_text_buffer_insert (r->buffer, &r->iter, text, -1);
  gtk_text_buffer_get_iter_at_offset (r->buffer, &start, offset);
  for (GSList *t = tags; t; t = t->next)
    gtk_text_buffer_apply_tag (r->buffer, t->data, &start, &r->iter);
}

static void
insert_words (Render     *r,
              const char *text,
              GSList     *tags)
{
  GString *out = g_string_new (NULL);

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
    insert (r, out->str, tags);
  g_string_free (out, TRUE);
}

static GtkTextTag *
tag (Render     *r,
     const char *name)
{
  return gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (r->buffer), name);
}

static void render_inline (Render *r, xmlNodePtr node, GSList *tags);
static void render_blocks (Render *r, xmlNodePtr parent, GSList *tags, int depth);

static void
render_link (Render     *r,
             xmlNodePtr  node,
             GSList     *tags)
{
  g_autofree char *xref = ludo_xml_prop (node, "xref");
  g_autofree char *href = ludo_xml_prop (node, "href");
  GtkTextTag *link = gtk_text_buffer_create_tag (r->buffer, NULL, NULL);
  GSList *with = g_slist_prepend (g_slist_prepend (g_slist_copy (tags), tag (r, "link")), link);

  g_object_set_data_full (G_OBJECT (link), "xref", g_strdup (xref), g_free);
  g_object_set_data_full (G_OBJECT (link), "href", g_strdup (href), g_free);
  if (node->children)
    render_inline (r, node->children, with);
  else if (xref)
    {
      g_autofree char *title = page_title (r->self->language, xref);
      insert_words (r, title, with);
    }
  else if (href)
    insert_words (r, href, with);
  g_slist_free (with);
}

static void
render_inline (Render     *r,
               xmlNodePtr  node,
               GSList     *tags)
{
  for (; node; node = node->next)
    {
      if (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE)
        {
          insert_words (r, (const char *) node->content, tags);
          continue;
        }
      if (node->type != XML_ELEMENT_NODE)
        continue;

      const char *style = NULL;
      if (ludo_xml_is (node, "em"))
        {
          g_autofree char *s = ludo_xml_prop (node, "style");
          style = g_strcmp0 (s, "strong") == 0 ? "strong" : "em";
        }
      else if (ludo_xml_is (node, "gui") || ludo_xml_is (node, "key") || ludo_xml_is (node, "app") || ludo_xml_is (node, "keyseq"))
        style = "strong";
      else if (ludo_xml_is (node, "code") || ludo_xml_is (node, "cmd") || ludo_xml_is (node, "sys") || ludo_xml_is (node, "file") ||
               ludo_xml_is (node, "input") || ludo_xml_is (node, "output") || ludo_xml_is (node, "var"))
        style = "code";
      else if (ludo_xml_is (node, "link"))
        {
          render_link (r, node, tags);
          continue;
        }

      if (ludo_xml_is (node, "keyseq"))
        {
          /* Ctrl+Z */
          gboolean first = TRUE;
          for (xmlNodePtr k = node->children; k; k = k->next)
            if (ludo_xml_is (k, "key"))
              {
                GSList *with = g_slist_prepend (g_slist_copy (tags), tag (r, "strong"));
                if (!first)
                  insert_words (r, "+", with);
                render_inline (r, k->children, with);
                g_slist_free (with);
                first = FALSE;
              }
          continue;
        }

      GSList *with = style ? g_slist_prepend (g_slist_copy (tags), tag (r, style)) : g_slist_copy (tags);
      render_inline (r, node->children, with);
      g_slist_free (with);
    }
}

static void
end_paragraph (Render *r,
               GSList *tags)
{
  insert (r, "\n", tags);
  r->at_line_start = TRUE;
  r->pending_space = FALSE;
}

static void
render_paragraph (Render     *r,
                  xmlNodePtr  node,
                  GSList     *tags,
                  const char *prefix)
{
  r->at_line_start = TRUE;
  r->pending_space = FALSE;
  if (prefix)
    {
      insert (r, prefix, tags);
      r->at_line_start = TRUE;
    }
  render_inline (r, node->children, tags);
  end_paragraph (r, tags);
}

static void
render_table (Render     *r,
              xmlNodePtr  table)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkTextChildAnchor *anchor;
  int y = 0;

  gtk_widget_add_css_class (grid, "rules-table");
  gtk_grid_set_column_spacing (GTK_GRID (grid), 0);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 0);

  for (xmlNodePtr part = table->children; part; part = part->next)
    {
      xmlNodePtr rows = (ludo_xml_is (part, "thead") || ludo_xml_is (part, "tbody") || ludo_xml_is (part, "tfoot")) ? part->children
                        : ludo_xml_is (part, "tr") ? part : NULL;
      for (xmlNodePtr tr = rows; tr; tr = (rows == part ? NULL : tr->next))
        {
          int x = 0;
          if (!ludo_xml_is (tr, "tr"))
            continue;
          for (xmlNodePtr td = tr->children; td; td = td->next)
            {
              GtkWidget *label;
              g_autofree char *text = NULL;

              if (!ludo_xml_is (td, "td") && !ludo_xml_is (td, "th"))
                continue;
              text = ludo_xml_text (td);
              label = gtk_label_new (text);
              gtk_label_set_wrap (GTK_LABEL (label), TRUE);
              gtk_label_set_xalign (GTK_LABEL (label), 0);
              gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
              gtk_label_set_selectable (GTK_LABEL (label), FALSE);
              gtk_widget_add_css_class (label, "rules-cell");
              if (ludo_xml_is (td, "th") || (y == 0 && ludo_xml_is (part, "thead")))
                gtk_widget_add_css_class (label, "heading");
              gtk_grid_attach (GTK_GRID (grid), label, x++, y, 1, 1);
            }
          y++;
        }
    }

  r->at_line_start = TRUE;
  anchor = gtk_text_buffer_create_child_anchor (r->buffer, &r->iter);
  gtk_text_view_add_child_at_anchor (GTK_TEXT_VIEW (r->self->text_view), grid, anchor);
  insert (r, "\n", NULL);
}

static void
render_media (Render     *r,
              xmlNodePtr  node,
              GSList     *tags)
{
  g_autofree char *src = ludo_xml_prop (node, "src");
  g_autofree char *path = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GSList *caption = g_slist_prepend (g_slist_copy (tags), tag (r, "caption"));

  if (src == NULL)
    return;
  path = g_strdup_printf (HELP_PATH "/%s", src);
  texture = gdk_texture_new_from_resource (path);
  if (texture)
    {
      insert (r, "\n", NULL);
      gtk_text_buffer_insert_paintable (r->buffer, &r->iter, GDK_PAINTABLE (texture));
      insert (r, "\n", NULL);
    }
  /* the text inside is the figure's caption here (and its fallback in yelp) */
  for (xmlNodePtr c = node->children; c; c = c->next)
    if (ludo_xml_is (c, "p"))
      render_paragraph (r, c, caption, NULL);
  g_slist_free (caption);
}

/* The pages that name this one as their guide, as links. */
static void
render_topic_links (Render     *r,
                    const char *guide,
                    const char *groups,
                    GSList     *tags)
{
  g_auto(GStrv) wanted = groups ? g_strsplit (groups, " ", -1) : NULL;
  g_auto(GStrv) names = g_resources_enumerate_children (HELP_PATH "/C", 0, NULL);
  GSList *item_tags = g_slist_prepend (g_slist_copy (tags), tag (r, "item"));

  for (guint i = 0; names && names[i]; i++)
    {
      g_autofree char *id = NULL;
      xmlDocPtr doc;
      xmlNodePtr info;
      gboolean listed = FALSE;

      if (!g_str_has_suffix (names[i], ".page"))
        continue;
      id = g_strndup (names[i], strlen (names[i]) - 5);
      if (g_str_equal (id, guide))
        continue;
      doc = load_page ("C", id);
      info = doc ? ludo_xml_child (xmlDocGetRootElement (doc), "info") : NULL;
      for (xmlNodePtr l = info ? info->children : NULL; l; l = l->next)
        if (ludo_xml_is (l, "link"))
          {
            g_autofree char *type = ludo_xml_prop (l, "type");
            g_autofree char *xref = ludo_xml_prop (l, "xref");
            g_autofree char *group = ludo_xml_prop (l, "group");
            listed |= g_strcmp0 (type, "guide") == 0 && g_strcmp0 (xref, guide) == 0 &&
                      (wanted == NULL || (group && g_strv_contains ((const char * const *) wanted, group)));
          }
      xmlFreeDoc (doc);
      if (!listed)
        continue;

      {
        xmlNodePtr link = xmlNewNode (NULL, BAD_CAST "link");
        xmlSetProp (link, BAD_CAST "xref", BAD_CAST id);
        r->at_line_start = TRUE;
        insert (r, "•  ", item_tags);
        r->at_line_start = TRUE;
        render_link (r, link, item_tags);
        end_paragraph (r, item_tags);
        xmlFreeNode (link);
      }
    }
  g_slist_free (item_tags);
}

static void
render_blocks (Render     *r,
               xmlNodePtr  parent,
               GSList     *tags,
               int         depth)
{
  for (xmlNodePtr node = parent->children; node; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE || ludo_xml_is (node, "info"))
        continue;

      if (ludo_xml_is (node, "title"))
        {
          GSList *with = g_slist_prepend (g_slist_copy (tags), tag (r, depth == 0 ? "title" : "heading"));
          render_paragraph (r, node, with, NULL);
          g_slist_free (with);
        }
      else if (ludo_xml_is (node, "p") || ludo_xml_is (node, "desc"))
        {
          GSList *with = g_slist_prepend (g_slist_copy (tags), tag (r, "p"));
          render_paragraph (r, node, with, NULL);
          g_slist_free (with);
        }
      else if (ludo_xml_is (node, "section") || ludo_xml_is (node, "div"))
        render_blocks (r, node, tags, depth + 1);
      else if (ludo_xml_is (node, "note"))
        {
          GSList *with = g_slist_prepend (g_slist_copy (tags), tag (r, "note"));
          render_blocks (r, node, with, depth);
          g_slist_free (with);
        }
      else if (ludo_xml_is (node, "quote"))
        {
          /* the words first, then whose they are */
          GSList *with = g_slist_prepend (g_slist_copy (tags), tag (r, "quote"));
          GSList *by = g_slist_prepend (g_slist_copy (tags), tag (r, "cite"));
          xmlNodePtr cite = ludo_xml_child (node, "cite");
          for (xmlNodePtr c = node->children; c; c = c->next)
            if (ludo_xml_is (c, "p"))
              render_paragraph (r, c, with, NULL);
          if (cite)
            render_paragraph (r, cite, by, "— ");
          g_slist_free (with);
          g_slist_free (by);
        }
      else if (ludo_xml_is (node, "list") || ludo_xml_is (node, "steps"))
        {
          int n = 0;
          GSList *with = g_slist_prepend (g_slist_copy (tags), tag (r, depth > 8 ? "item" : "item"));
          for (xmlNodePtr item = node->children; item; item = item->next)
            {
              g_autofree char *bullet = NULL;
              if (!ludo_xml_is (item, "item"))
                continue;
              bullet = ludo_xml_is (node, "steps") ? g_strdup_printf ("%d.  ", ++n) : g_strdup ("•  ");
              /* the first paragraph of the item carries the bullet */
              xmlNodePtr first = item->children;
              while (first && first->type != XML_ELEMENT_NODE)
                first = first->next;
              if (first && ludo_xml_is (first, "p"))
                {
                  render_paragraph (r, first, with, bullet);
                  for (xmlNodePtr rest = first->next; rest; rest = rest->next)
                    if (ludo_xml_is (rest, "p"))
                      render_paragraph (r, rest, with, NULL);
                }
              else
                render_paragraph (r, item, with, bullet);
            }
          g_slist_free (with);
        }
      else if (ludo_xml_is (node, "terms"))
        {
          GSList *term = g_slist_prepend (g_slist_copy (tags), tag (r, "term"));
          GSList *desc = g_slist_prepend (g_slist_copy (tags), tag (r, "item"));
          for (xmlNodePtr item = node->children; item; item = item->next)
            {
              if (!ludo_xml_is (item, "item"))
                continue;
              for (xmlNodePtr c = item->children; c; c = c->next)
                if (ludo_xml_is (c, "title"))
                  render_paragraph (r, c, term, NULL);
                else if (ludo_xml_is (c, "p"))
                  render_paragraph (r, c, desc, NULL);
                else if (c->type == XML_ELEMENT_NODE)
                  render_blocks (r, c, desc, depth);
            }
          g_slist_free (term);
          g_slist_free (desc);
        }
      else if (ludo_xml_is (node, "table"))
        render_table (r, node);
      else if (ludo_xml_is (node, "media"))
        render_media (r, node, tags);
      else if (ludo_xml_is (node, "code") || ludo_xml_is (node, "screen"))
        {
          xmlChar *content = xmlNodeGetContent (node);
          GSList *with = g_slist_prepend (g_slist_copy (tags), tag (r, "code-block"));
          insert (r, g_strstrip ((char *) content), with);
          end_paragraph (r, with);
          xmlFree (content);
          g_slist_free (with);
        }
      else if (ludo_xml_is (node, "links"))
        {
          g_autofree char *type = ludo_xml_prop (node, "type");
          g_autofree char *groups = ludo_xml_prop (node, "groups");
          if (g_strcmp0 (type, "topic") == 0)
            render_topic_links (r, r->self->page, groups, tags);
        }
    }
}

static void
create_tags (GtkTextBuffer *buffer)
{
  gtk_text_buffer_create_tag (buffer, "title", "scale", 1.6, "weight", PANGO_WEIGHT_BOLD,
                              "pixels-below-lines", 12, NULL);
  gtk_text_buffer_create_tag (buffer, "heading", "scale", 1.2, "weight", PANGO_WEIGHT_BOLD,
                              "pixels-above-lines", 14, "pixels-below-lines", 6, NULL);
  gtk_text_buffer_create_tag (buffer, "p", "pixels-below-lines", 8, NULL);
  gtk_text_buffer_create_tag (buffer, "em", "style", PANGO_STYLE_ITALIC, NULL);
  gtk_text_buffer_create_tag (buffer, "strong", "weight", PANGO_WEIGHT_BOLD, NULL);
  gtk_text_buffer_create_tag (buffer, "code", "family", "Monospace", NULL);
  gtk_text_buffer_create_tag (buffer, "code-block", "family", "Monospace",
                              "left-margin", 36, "pixels-below-lines", 8, NULL);
  gtk_text_buffer_create_tag (buffer, "item", "left-margin", 40, "indent", -18,
                              "pixels-below-lines", 4, NULL);
  gtk_text_buffer_create_tag (buffer, "term", "weight", PANGO_WEIGHT_BOLD, "pixels-above-lines", 6, NULL);
  gtk_text_buffer_create_tag (buffer, "note", "left-margin", 36, "right-margin", 12,
                              "style", PANGO_STYLE_ITALIC, NULL);
  gtk_text_buffer_create_tag (buffer, "quote", "left-margin", 36, "right-margin", 24,
                              "style", PANGO_STYLE_ITALIC, NULL);
  gtk_text_buffer_create_tag (buffer, "cite", "left-margin", 36, "weight", PANGO_WEIGHT_BOLD,
                              "pixels-below-lines", 10, NULL);
  gtk_text_buffer_create_tag (buffer, "caption", "style", PANGO_STYLE_ITALIC, "scale", 0.9,
                              "left-margin", 24, "right-margin", 24, "pixels-below-lines", 10, NULL);
  gtk_text_buffer_create_tag (buffer, "link", "underline", PANGO_UNDERLINE_SINGLE,
                              "foreground", "#3584e4", NULL);
}

static void
reload (LudoRulesView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view));
  Render r = { self, buffer, { 0 }, TRUE, FALSE };
  xmlDocPtr doc;
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_delete (buffer, &start, &end);
  if (self->page == NULL)
    return;

  doc = load_page (self->language, self->page);
  gtk_text_buffer_get_start_iter (buffer, &r.iter);
  if (doc == NULL)
    {
      insert (&r, _("This page of the manual is missing."), NULL);
      return;
    }
  render_blocks (&r, xmlDocGetRootElement (doc), NULL, 0);
  xmlFreeDoc (doc);

  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
}

/* ------------------------------------------------------------------------ */

static void
follow_link (LudoRulesView *self,
             GtkTextIter   *iter)
{
  g_autoptr(GSList) tags = gtk_text_iter_get_tags (iter);

  for (GSList *t = tags; t; t = t->next)
    {
      const char *xref = g_object_get_data (t->data, "xref");
      const char *href = g_object_get_data (t->data, "href");

      if (xref)
        {
          /* "page#section" goes to the page */
          g_autofree char *page = g_strdup (xref);
          char *hash = strchr (page, '#');
          if (hash)
            *hash = '\0';
          ludo_rules_view_set_page (self, page);
          return;
        }
      if (href)
        {
          GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
          gtk_show_uri (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, href, GDK_CURRENT_TIME);
          return;
        }
    }
}

static void
released_cb (GtkGestureClick *gesture,
             int              n_press,
             double           x,
             double           y,
             LudoRulesView   *self)
{
  GtkTextView *view = GTK_TEXT_VIEW (self->text_view);
  GtkTextIter iter;
  int bx, by;

  gtk_text_view_window_to_buffer_coords (view, GTK_TEXT_WINDOW_WIDGET, (int) x, (int) y, &bx, &by);
  if (gtk_text_view_get_iter_at_location (view, &iter, bx, by))
    follow_link (self, &iter);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                LudoRulesView         *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view));
  GtkTextIter iter;

  if (keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter)
    return GDK_EVENT_PROPAGATE;
  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  follow_link (self, &iter);
  return GDK_EVENT_STOP;
}

static void
contents_clicked_cb (LudoRulesView *self)
{
  ludo_rules_view_set_page (self, "index");
}

static void
help_clicked_cb (LudoRulesView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *uri = g_strdup_printf ("help:ludoteka/%s", self->page ? self->page : "index");

  gtk_show_uri (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, uri, GDK_CURRENT_TIME);
}

static void
language_changed_cb (LudoRulesView *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->language_dropdown));

  if (!self->updating && selected < G_N_ELEMENTS (languages) - 1)
    ludo_rules_view_set_language (self, languages[selected]);
}

static void
ludo_rules_view_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (ludo_rules_view_parent_class)->dispose (object);
}

static void
ludo_rules_view_finalize (GObject *object)
{
  LudoRulesView *self = LUDO_RULES_VIEW (object);

  g_free (self->page);
  g_free (self->language);
  G_OBJECT_CLASS (ludo_rules_view_parent_class)->finalize (object);
}

static void
ludo_rules_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  LudoRulesView *self = LUDO_RULES_VIEW (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      g_value_set_string (value, self->page);
      break;
    case PROP_LANGUAGE:
      g_value_set_string (value, self->language);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_rules_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  LudoRulesView *self = LUDO_RULES_VIEW (object);

  switch (prop_id)
    {
    case PROP_PAGE:
      ludo_rules_view_set_page (self, g_value_get_string (value));
      break;
    case PROP_LANGUAGE:
      ludo_rules_view_set_language (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_rules_view_class_init (LudoRulesViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ludo_rules_view_dispose;
  object_class->finalize = ludo_rules_view_finalize;
  object_class->get_property = ludo_rules_view_get_property;
  object_class->set_property = ludo_rules_view_set_property;

  properties[PROP_PAGE] =
    g_param_spec_string ("page", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LANGUAGE] =
    g_param_spec_string ("language", NULL, NULL, "C",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-rules-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoRulesView, contents_button);
  gtk_widget_class_bind_template_child (widget_class, LudoRulesView, language_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LudoRulesView, help_button);
  gtk_widget_class_bind_template_child (widget_class, LudoRulesView, scroller);
  gtk_widget_class_bind_template_child (widget_class, LudoRulesView, text_view);
  gtk_widget_class_bind_template_callback (widget_class, contents_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, help_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, language_changed_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "rulesview");
}

static void
ludo_rules_view_init (LudoRulesView *self)
{
  GtkGesture *click;
  GtkEventController *keys;
  g_autofree char *yelp = g_find_program_in_path ("yelp");

  gtk_widget_init_template (GTK_WIDGET (self));

  self->updating = TRUE;
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->language_dropdown),
                           G_LIST_MODEL (gtk_string_list_new ((const char * const *) language_names)));
  self->updating = FALSE;
  self->language = g_strdup (ludo_rules_view_default_language ());
  for (guint i = 0; languages[i]; i++)
    if (g_str_equal (languages[i], self->language))
      {
        self->updating = TRUE;
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->language_dropdown), i);
        self->updating = FALSE;
      }

  /* yelp shows the manual in the desktop's language */
  gtk_widget_set_visible (self->help_button, yelp != NULL);

  create_tags (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view)));
  click = gtk_gesture_click_new ();
  g_signal_connect (click, "released", G_CALLBACK (released_cb), self);
  gtk_widget_add_controller (self->text_view, GTK_EVENT_CONTROLLER (click));
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (self->text_view, keys);
}

const char *
ludo_rules_view_get_page (LudoRulesView *self)
{
  g_return_val_if_fail (LUDO_IS_RULES_VIEW (self), NULL);
  return self->page;
}

void
ludo_rules_view_set_page (LudoRulesView *self,
                          const char    *page)
{
  g_return_if_fail (LUDO_IS_RULES_VIEW (self));

  if (g_strcmp0 (self->page, page) == 0)
    return;
  g_free (self->page);
  self->page = g_strdup (page);
  reload (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}

const char *
ludo_rules_view_get_language (LudoRulesView *self)
{
  g_return_val_if_fail (LUDO_IS_RULES_VIEW (self), NULL);
  return self->language;
}

void
ludo_rules_view_set_language (LudoRulesView *self,
                              const char    *language)
{
  g_return_if_fail (LUDO_IS_RULES_VIEW (self));

  if (language == NULL || *language == '\0')
    language = ludo_rules_view_default_language ();
  if (!g_strv_contains (languages, language))
    language = "C";
  if (g_strcmp0 (self->language, language) == 0)
    return;
  g_free (self->language);
  self->language = g_strdup (language);
  for (guint i = 0; languages[i]; i++)
    if (g_str_equal (languages[i], language))
      {
        self->updating = TRUE;
        gtk_drop_down_set_selected (GTK_DROP_DOWN (self->language_dropdown), i);
        self->updating = FALSE;
      }
  reload (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LANGUAGE]);
}

char *
ludo_rules_view_get_text (LudoRulesView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}
