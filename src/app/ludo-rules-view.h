/* ludo-rules-view.h — a game's rules, from its Mallard page, in any of the
 * four languages whatever the UI language
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LUDO_TYPE_RULES_VIEW (ludo_rules_view_get_type ())
G_DECLARE_FINAL_TYPE (LudoRulesView, ludo_rules_view, LUDO, RULES_VIEW, GtkWidget)

/* "C", "hu", "ru", "et" */
const char * const *ludo_rules_view_get_languages (void);
/* Each language of the manual by its own name, in the same order. */
const char * const *ludo_rules_view_get_language_names (void);
/* The language of the UI, if the manual has it, else "C" */
const char         *ludo_rules_view_default_language (void);

/* What Help (yelp) is asked to open for page, or for the manual's start
 * if page is NULL: yelp finds it under $XDG_DATA_DIRS/help/LANG/ludoteka */
char       *ludo_rules_view_help_uri     (const char    *page);

const char *ludo_rules_view_get_page     (LudoRulesView *self);
void        ludo_rules_view_set_page     (LudoRulesView *self,
                                          const char    *page);
const char *ludo_rules_view_get_language (LudoRulesView *self);
void        ludo_rules_view_set_language (LudoRulesView *self,
                                          const char    *language);
/* The text shown, for tests */
char       *ludo_rules_view_get_text     (LudoRulesView *self);
/* The figures of the page not drawn yet, for tests */
guint       ludo_rules_view_get_n_pending (LudoRulesView *self);

G_END_DECLS
