/* ludo-mallard.h — a Mallard page as runs of styled text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules pane shows the manual's pages. This is the part of it that
 * reads them, with no GTK: it walks a page's tree and gives a flat list of
 * runs (text with its styles and link, an image, a table), white space
 * collapsed as Mallard does. The pane turns the runs into a text buffer;
 * the fuzz target feeds it any bytes at all.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  LUDO_MALLARD_TITLE      = 1 << 0,
  LUDO_MALLARD_HEADING    = 1 << 1,
  LUDO_MALLARD_P          = 1 << 2,
  LUDO_MALLARD_EM         = 1 << 3,
  LUDO_MALLARD_STRONG     = 1 << 4,
  LUDO_MALLARD_CODE       = 1 << 5,
  LUDO_MALLARD_CODE_BLOCK = 1 << 6,
  LUDO_MALLARD_ITEM       = 1 << 7,
  LUDO_MALLARD_TERM       = 1 << 8,
  LUDO_MALLARD_NOTE       = 1 << 9,
  LUDO_MALLARD_QUOTE      = 1 << 10,
  LUDO_MALLARD_CITE       = 1 << 11,
  LUDO_MALLARD_CAPTION    = 1 << 12,
  LUDO_MALLARD_LINK       = 1 << 13,
  LUDO_MALLARD_TRANSLATION = 1 << 14,  /* a quote's translation: a note in the quote */
} LudoMallardStyle;

#define LUDO_MALLARD_N_STYLES 15

typedef enum {
  LUDO_MALLARD_RUN_TEXT,
  LUDO_MALLARD_RUN_MEDIA,   /* text: the image's src */
  LUDO_MALLARD_RUN_TABLE,   /* cells */
} LudoMallardRunKind;

typedef struct {
  guint  row;
  guint  column;
  gboolean heading;
  char  *text;
} LudoMallardCell;

typedef struct {
  LudoMallardRunKind  kind;
  guint               styles;   /* LudoMallardStyle */
  char               *text;
  char               *xref;     /* a link to another page ("page#section"), or NULL */
  char               *href;     /* a link out, or NULL */
  char               *lang;     /* the words' language (xml:lang) where it is not the page's, or NULL */
  GArray             *cells;    /* of LudoMallardCell, for a table */
} LudoMallardRun;

/* What the renderer asks about other pages: the title of one (for a link
 * without words), and the pages that list guide as theirs (for <links
 * type="topic">; groups as the attribute has them, or NULL). */
typedef struct {
  char  *(*page_title) (const char *page,
                        gpointer    data);
  GStrv  (*topics)     (const char *guide,
                        const char *groups,
                        gpointer    data);
  gpointer data;
} LudoMallardPages;

/* The names of the styles, as the pane's text tags are called. */
const char *ludo_mallard_style_name (LudoMallardStyle style);

/* Parses a page (no network, no entities, no DTD) and renders it; NULL if
 * it is not XML. page is the page's own id. Free with g_ptr_array_unref. */
GPtrArray  *ludo_mallard_render     (const char             *data,
                                     gsize                   length,
                                     const char             *page,
                                     const LudoMallardPages *pages);

/* The title of a page's text (collapsed), or NULL. */
char       *ludo_mallard_title      (const char             *data,
                                     gsize                   length);

/* The guide links of a page's <info>: is it listed under guide, in one of
 * groups (space-separated; NULL: any)? */
gboolean    ludo_mallard_lists_under (const char            *data,
                                      gsize                  length,
                                      const char            *guide,
                                      const char            *groups);

G_END_DECLS
