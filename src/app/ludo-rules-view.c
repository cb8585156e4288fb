/* ludo-rules-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The manual's Mallard pages are built into the resources in every
 * language (itstool at build time); this view shows one in a text view,
 * as LudoMallard reads it: titles, paragraphs, notes, quotes, lists,
 * terms, tables and images, with links between pages that work.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "core/ludo-mallard.h"
#include "ludo-accessible.h"
#include "ludo-board.h"
#include "ludo-figure.h"
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
  GPtrArray *figures;       /* LudoFigure: the page's, in order */
  int        figure_width;  /* the widest a figure fits in the text; 0 till known */
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

const char * const *
ludo_rules_view_get_language_names (void)
{
  return language_names;
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

static GBytes *
load_page (const char *language,
           const char *page)
{
  g_autofree char *path = g_strdup_printf (HELP_PATH "/%s/%s.page", language, page);
  GBytes *bytes = g_resources_lookup_data (path, 0, NULL);

  if (bytes == NULL && !g_str_equal (language, "C"))
    return load_page ("C", page);
  return bytes;
}

/* The text of a page's title, for links without their own text. */
static char *
page_title (const char *page,
            gpointer    data)
{
  LudoRulesView *self = data;
  g_autoptr(GBytes) bytes = load_page (self->language, page);
  gsize size;
  const char *text = bytes ? g_bytes_get_data (bytes, &size) : NULL;

  return text ? ludo_mallard_title (text, size) : NULL;
}

/* The pages of the manual that list guide as theirs. */
static GStrv
topics (const char *guide,
        const char *groups,
        gpointer    data)
{
  g_auto(GStrv) names = g_resources_enumerate_children (HELP_PATH "/C", 0, NULL);
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();

  for (guint i = 0; names && names[i]; i++)
    {
      g_autofree char *id = NULL;
      g_autoptr(GBytes) bytes = NULL;
      gsize size;
      const char *text;

      if (!g_str_has_suffix (names[i], ".page"))
        continue;
      id = g_strndup (names[i], strlen (names[i]) - 5);
      if (g_str_equal (id, guide) || (bytes = load_page ("C", id)) == NULL)
        continue;
      text = g_bytes_get_data (bytes, &size);
      if (ludo_mallard_lists_under (text, size, guide, groups))
        g_strv_builder_add (ids, id);
    }
  return g_strv_builder_end (ids);
}

static void
insert (GtkTextBuffer *buffer,
        GtkTextIter   *iter,
        const char    *text,
        guint          styles,
        GtkTextTag    *link)
{
  GtkTextTagTable *table = gtk_text_buffer_get_tag_table (buffer);
  GtkTextIter start;
  int offset = gtk_text_iter_get_offset (iter);

  gtk_text_buffer_insert (buffer, iter, text, -1);
  gtk_text_buffer_get_iter_at_offset (buffer, &start, offset);
  for (guint i = 0; i < LUDO_MALLARD_N_STYLES; i++)
    if (styles & (1u << i))
      gtk_text_buffer_apply_tag (buffer, gtk_text_tag_table_lookup (table, ludo_mallard_style_name (1u << i)),
                                 &start, iter);
  if (link)
    gtk_text_buffer_apply_tag (buffer, link, &start, iter);
}

static void
insert_table (LudoRulesView        *self,
              GtkTextBuffer        *buffer,
              GtkTextIter          *iter,
              const LudoMallardRun *run)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkTextChildAnchor *anchor;

  gtk_widget_add_css_class (grid, "rules-table");
  for (guint i = 0; i < run->cells->len; i++)
    {
      const LudoMallardCell *cell = &g_array_index (run->cells, LudoMallardCell, i);
      GtkWidget *label = gtk_label_new (cell->text);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
      gtk_widget_add_css_class (label, "rules-cell");
      if (cell->heading)
        gtk_widget_add_css_class (label, "heading");
      gtk_grid_attach (GTK_GRID (grid), label, (int) cell->column, (int) cell->row, 1, 1);
    }
  anchor = gtk_text_buffer_create_child_anchor (buffer, iter);
  gtk_text_view_add_child_at_anchor (GTK_TEXT_VIEW (self->text_view), grid, anchor);
}

/* A figure takes its place at once and is drawn when in sight (LudoFigure);
 * one the page showed before (in another language) is kept as it is. */
static void
insert_media (LudoRulesView *self,
              GtkTextBuffer *buffer,
              GtkTextIter   *iter,
              const char    *src,
              GPtrArray     *before)
{
  g_autofree char *path = g_strdup_printf (HELP_PATH "/%s", src);
  g_autoptr(LudoFigure) figure = NULL;

  for (guint i = 0; before && i < before->len && figure == NULL; i++)
    if (g_str_equal (ludo_figure_get_path (before->pdata[i]), path))
      figure = g_object_ref (before->pdata[i]);
  if (figure == NULL && (figure = ludo_figure_new (path)) == NULL)
    return;
  ludo_figure_set_scale (figure, gtk_widget_get_scale_factor (GTK_WIDGET (self)));
  ludo_figure_set_max_width (figure, self->figure_width);
  g_ptr_array_add (self->figures, g_object_ref (figure));
  gtk_text_buffer_insert (buffer, iter, "\n", -1);
  gtk_text_buffer_insert_paintable (buffer, iter, GDK_PAINTABLE (figure));
  gtk_text_buffer_insert (buffer, iter, "\n", -1);
}

/* The figures of a page left that the new one does not show: what they
 * still have to draw is given up. */
static void
cancel_figures (GPtrArray *figures,
                GPtrArray *kept)
{
  for (guint i = 0; figures && i < figures->len; i++)
    if (kept == NULL || !g_ptr_array_find (kept, figures->pdata[i], NULL))
      ludo_figure_cancel (figures->pdata[i]);
}

/* One tag for each run of a link, which knows where the link goes. */
static GtkTextTag *
link_tag (GtkTextBuffer        *buffer,
          const LudoMallardRun *run)
{
  GtkTextTag *link;

  if (run->xref == NULL && run->href == NULL)
    return NULL;
  link = gtk_text_buffer_create_tag (buffer, NULL, NULL);
  g_object_set_data_full (G_OBJECT (link), "xref", g_strdup (run->xref), g_free);
  g_object_set_data_full (G_OBJECT (link), "href", g_strdup (run->href), g_free);
  return link;
}

/* The text's language, as Pango shapes and hyphenates it and as a screen
 * reader reads it (the text's language attribute): the page's, and a
 * quote of the source in its own. */
static GtkTextTag *
language_tag (GtkTextBuffer *buffer,
              const char    *language)
{
  GtkTextTagTable *table = gtk_text_buffer_get_tag_table (buffer);
  g_autofree char *name = g_strconcat ("lang-", language, NULL);
  GtkTextTag *tag = gtk_text_tag_table_lookup (table, name);

  if (tag == NULL)
    tag = gtk_text_buffer_create_tag (buffer, name, "language", language, NULL);
  return tag;
}

/* A run in another language than the page's, which goes over the page's */
static void
tag_language (GtkTextBuffer        *buffer,
              GtkTextIter          *end,
              const LudoMallardRun *run)
{
  GtkTextTag *tag = language_tag (buffer, run->lang);
  GtkTextIter start = *end;

  gtk_text_tag_set_priority (tag, gtk_text_tag_table_get_size (gtk_text_buffer_get_tag_table (buffer)) - 1);
  gtk_text_iter_backward_chars (&start, g_utf8_strlen (run->text, -1));
  gtk_text_buffer_apply_tag (buffer, tag, &start, end);
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
  /* our translation of a quote: under the source's words (in italics),
   * upright and shaded, so that the two do not run together; a grey that
   * is a shade lighter on a dark page and darker on a light one */
  gtk_text_buffer_create_tag (buffer, "translation", "left-margin", 48, "right-margin", 24,
                              "paragraph-background-rgba", &(GdkRGBA) { 0.5, 0.5, 0.5, 0.12 },
                              "pixels-above-lines", 4, NULL);
  gtk_text_buffer_create_tag (buffer, "caption", "style", PANGO_STYLE_ITALIC, "scale", 0.9,
                              "left-margin", 24, "right-margin", 24, "pixels-below-lines", 10, NULL);
  gtk_text_buffer_create_tag (buffer, "link", "underline", PANGO_UNDERLINE_SINGLE,
                              "foreground", "#3584e4", NULL);
}

static void
reload (LudoRulesView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view));
  LudoMallardPages pages = { page_title, topics, self };
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  /* the figures shown till now, kept alive while the new page is laid out
   * so that it can show them again */
  g_autoptr(GPtrArray) before = g_steal_pointer (&self->figures);
  GtkTextIter start, end, iter;
  GtkTextTag *page_language;
  gsize size;
  const char *text;

  self->figures = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_delete (buffer, &start, &end);
  if (self->page == NULL)
    {
      cancel_figures (before, NULL);
      return;
    }

  bytes = load_page (self->language, self->page);
  text = bytes ? g_bytes_get_data (bytes, &size) : NULL;
  runs = text ? ludo_mallard_render (text, size, self->page, &pages) : NULL;
  gtk_text_buffer_get_start_iter (buffer, &iter);
  if (runs == NULL)
    {
      gtk_text_buffer_insert (buffer, &iter, _("This page of the manual is missing."), -1);
      cancel_figures (before, NULL);
      return;
    }
  for (guint i = 0; i < runs->len; i++)
    {
      const LudoMallardRun *run = runs->pdata[i];

      switch (run->kind)
        {
        case LUDO_MALLARD_RUN_TEXT:
          insert (buffer, &iter, run->text, run->styles, link_tag (buffer, run));
          if (run->lang)
            tag_language (buffer, &iter, run);
          break;
        case LUDO_MALLARD_RUN_MEDIA:
          insert_media (self, buffer, &iter, run->text, before);
          break;
        case LUDO_MALLARD_RUN_TABLE:
          insert_table (self, buffer, &iter, run);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  cancel_figures (before, self->figures);

  /* the page's language, under the quotes' own */
  page_language = language_tag (buffer, g_str_equal (self->language, "C") ? "en" : self->language);
  gtk_text_tag_set_priority (page_language, 0);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_apply_tag (buffer, page_language, &start, &end);

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
  g_autofree char *uri = ludo_rules_view_help_uri (self->page);

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
scale_factor_cb (LudoRulesView *self)
{
  for (guint i = 0; i < self->figures->len; i++)
    ludo_figure_set_scale (self->figures->pdata[i], gtk_widget_get_scale_factor (GTK_WIDGET (self)));
}

/* A bin (its child, the template's box) that tells its figures how wide the
 * text is, so that a figure wider than that is shown smaller, all of it. */
static void
ludo_rules_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  LudoRulesView *self = LUDO_RULES_VIEW (widget);
  GtkTextView *text = GTK_TEXT_VIEW (self->text_view);
  int figure_width;

  ludo_layers_allocate (widget, width, height, baseline);
  figure_width = gtk_widget_get_width (self->text_view) - gtk_text_view_get_left_margin (text) -
                 gtk_text_view_get_right_margin (text);
  if (figure_width <= 0 || figure_width == self->figure_width)
    return;
  self->figure_width = figure_width;
  for (guint i = 0; i < self->figures->len; i++)
    ludo_figure_set_max_width (self->figures->pdata[i], figure_width);
}

static void
ludo_rules_view_dispose (GObject *object)
{
  LudoRulesView *self = LUDO_RULES_VIEW (object);
  GtkWidget *child;

  /* the pane goes: no figure of it is drawn any more */
  cancel_figures (self->figures, NULL);

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
  g_ptr_array_unref (self->figures);
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
  widget_class->get_request_mode = ludo_layers_get_request_mode;
  widget_class->measure = ludo_layers_measure;
  widget_class->size_allocate = ludo_rules_view_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "rulesview");
}

static void
ludo_rules_view_init (LudoRulesView *self)
{
  GtkGesture *click;
  GtkEventController *keys;
  g_autofree char *yelp = g_find_program_in_path ("yelp");

  gtk_widget_init_template (GTK_WIDGET (self));
  self->figures = g_ptr_array_new_with_free_func (g_object_unref);
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (scale_factor_cb), NULL);
  ludo_accessible_label_drop_down (GTK_DROP_DOWN (self->language_dropdown), _("Language of the rules"));

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

char *
ludo_rules_view_help_uri (const char *page)
{
  return page ? g_strconcat ("help:ludoteka/", page, NULL) : g_strdup ("help:ludoteka");
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

guint
ludo_rules_view_get_n_pending (LudoRulesView *self)
{
  guint n = 0;

  g_return_val_if_fail (LUDO_IS_RULES_VIEW (self), 0);

  for (guint i = 0; i < self->figures->len; i++)
    n += !ludo_figure_is_drawn (self->figures->pdata[i]);
  return n;
}
