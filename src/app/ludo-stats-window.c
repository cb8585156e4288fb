/* ludo-stats-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "app/ludo-accessible.h"
#include "core/ludo-registry.h"
#include "core/ludo-stats.h"
#include "ludo-stats-chart.h"
#include "ludo-stats-window.h"

struct _LudoStatsWindow
{
  AdwWindow   parent_instance;

  GtkWidget  *toast_overlay;
  GtkWidget  *stack;
  GHashTable *pages;     /* game id → its GtkStack: "empty" or "counts" */
};

G_DEFINE_FINAL_TYPE (LudoStatsWindow, ludo_stats_window, ADW_TYPE_WINDOW)

/* ------------------------------------------------------------------------ */
/* Words                                                                     */

/* "Person", "Computer (Hard)": one seat's word of a mode. */
static char *
describe_seat (const char *word)
{
  LudoLevel level;

  if (ludo_level_from_string (word, &level))
    /* Translators: a seat taken by the computer at a level, e.g. "Computer (Hard)" */
    return g_strdup_printf (_("Computer (%s)"), ludo_level_get_label (level));
  return g_strdup (_("Person"));
}

/* "Person against Computer (Hard)", or a list for three and more seats. */
static char *
describe_mode (const LudoStatsMode *mode)
{
  g_auto(GStrv) words = g_strsplit (mode->seats, " ", -1);
  g_autoptr(GPtrArray) seats = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; words[i]; i++)
    g_ptr_array_add (seats, describe_seat (words[i]));
  if (seats->len == 2)
    /* Translators: who played: "Person against Computer (Hard)" */
    return g_strdup_printf (_("%s against %s"), (char *) seats->pdata[0], (char *) seats->pdata[1]);
  g_ptr_array_add (seats, NULL);
  /* Translators: the separator of the seats of three or more players */
  return g_strjoinv (_(", "), (char **) seats->pdata);
}

static guint
percent (guint count,
         guint total)
{
  return total ? (guint) ((count * 100.0) / total + 0.5) : 0;
}

static char *
format_count (guint count,
              guint total)
{
  /* Translators: a count and its share of the games, e.g. "3 (60 %)" */
  return g_strdup_printf (_("%u (%u %%)"), count, percent (count, total));
}

/* ------------------------------------------------------------------------ */
/* Pages                                                                     */

static GtkWidget *
count_row (const char *title,
           const char *subtitle,
           guint       count,
           guint       total,
           int         colour,
           GString    *summary)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *value = format_count (count, total);
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), ludo_stats_chart_new_swatch (colour));
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  if (summary->len)
    g_string_append (summary, _(", "));
  /* Translators: one share in the chart's spoken summary: "Player 1 wins: 3 (60 %)" */
  g_string_append_printf (summary, _("%s: %s"), title, value);
  return row;
}

/* "place 1: 3, place 2: 1": the places a seat took, and how often. */
static char *
describe_places (const LudoStatsMode *mode,
                 guint                seat)
{
  GString *text = g_string_new (NULL);

  for (guint r = 0; r < mode->n_seats; r++)
    {
      if (mode->places[seat][r] == 0)
        continue;
      if (text->len)
        g_string_append (text, _(", "));
      /* Translators: how often a player took a place: "place 2: 5" (games) */
      g_string_append_printf (text, _("place %u: %u"), r + 1, mode->places[seat][r]);
    }
  return g_string_free (text, FALSE);
}

/* Under a heading, each seat's places, as a bar paler place by place,
 * and the points it made, over the games counted since places were kept. */
static void
add_places (GtkWidget           *group,
            const LudoStatsMode *mode,
            const char          *score_name)
{
  GtkWidget *list = gtk_list_box_new ();
  g_auto(GStrv) words = g_strsplit (mode->seats, " ", -1);
  g_autofree char *heading = g_strdup_printf (ngettext ("Places and scores in %u game", "Places and scores in %u games",
                                                        mode->placed),
                                              mode->placed);
  GtkWidget *label = gtk_label_new (heading);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_top (label, 12);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_widget_add_css_class (label, "heading");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), label);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint s = 0; s < mode->n_seats; s++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *chart = ludo_stats_chart_new ();
      g_autofree char *who = g_strdup_printf (_("Player %u"), s + 1);
      g_autofree char *kind = describe_seat (words[s]);
      g_autofree char *places = describe_places (mode, s);
      g_autofree char *subtitle = *places ? g_strdup_printf ("%s — %s", kind, places) : g_strdup (kind);
      g_autofree char *points = g_strdup_printf ("%g", mode->points[s]);
      /* Translators: a seat's score in the statistics: "Pieces left: 14" */
      g_autofree char *score = g_strdup_printf (_("%s: %s"), score_name, points);
      g_autofree char *spoken = g_strdup_printf ("%s — %s", who, places);
      GtkWidget *value = gtk_label_new (score);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), who);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), ludo_stats_chart_new_swatch ((int) s));
      ludo_stats_chart_set_places (LUDO_STATS_CHART (chart), mode->places[s], mode->n_seats, (int) s);
      gtk_widget_set_size_request (chart, 72, -1);
      gtk_widget_set_valign (chart, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (chart),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
      gtk_widget_add_css_class (value, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), value);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), chart);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
}

static GtkWidget *
mode_group (const LudoStatsMode *mode,
            const char          *score_name)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *chart = ludo_stats_chart_new ();
  g_auto(GStrv) words = g_strsplit (mode->seats, " ", -1);
  g_autofree char *title = describe_mode (mode);
  g_autofree char *description = NULL;
  g_autoptr(GString) summary = g_string_new (NULL);
  guint total = ludo_stats_mode_total (mode);
  guint counts[LUDO_STATS_MAX_SEATS + 1];
  int colours[LUDO_STATS_MAX_SEATS + 1];

  description = g_strdup_printf (ngettext ("%u finished game", "%u finished games", total), total);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);

  gtk_widget_set_margin_bottom (chart, 12);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), chart);
  {
    GtkWidget *list = gtk_list_box_new ();

    gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
    gtk_widget_add_css_class (list, "boxed-list");
    for (guint i = 0; i < mode->n_seats; i++)
      {
        /* Translators: a row of the statistics: the games the first seat won */
        g_autofree char *who = g_strdup_printf (_("Player %u wins"), i + 1);
        g_autofree char *kind = describe_seat (words[i]);

        gtk_list_box_append (GTK_LIST_BOX (list), count_row (who, kind, mode->wins[i], total, i, summary));
        counts[i] = mode->wins[i];
        colours[i] = i;
      }
    gtk_list_box_append (GTK_LIST_BOX (list),
                         count_row (_("Draws"), NULL, mode->draws, total, LUDO_STATS_CHART_DRAWS, summary));
    counts[mode->n_seats] = mode->draws;
    colours[mode->n_seats] = LUDO_STATS_CHART_DRAWS;
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
  }
  if (mode->placed > 0)
    add_places (group, mode, score_name);
  ludo_stats_chart_set_counts (LUDO_STATS_CHART (chart), counts, colours, mode->n_seats + 1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (chart),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, summary->str,
                                  -1);
  return group;
}

static GtkWidget *
reset_group (const LudoGameInfo *info)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Reset Statistics…"));
  g_autofree char *name = g_strdup_printf (_("Reset the statistics of %s"), _(info->name));

  gtk_widget_set_halign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_widget_add_css_class (button, "pill");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "stats.reset");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", info->id);
  ludo_accessible_name_button (button, name);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), button);
  return group;
}

static void
fill_page (LudoStatsWindow    *self,
           const LudoGameInfo *info,
           LudoStats          *stats)
{
  GtkStack *page = g_hash_table_lookup (self->pages, info->id);
  g_autoptr(GPtrArray) modes = stats ? ludo_stats_get_modes (stats, info->id) : NULL;
  GtkWidget *old = gtk_stack_get_child_by_name (page, "counts");
  g_autoptr(GTypeClass) klass = g_type_class_ref (info->get_type ());
  const char *score_name = ludo_game_class_get_score_name ((LudoGameClass *) klass);
  GtkWidget *counts;

  if (old)
    gtk_stack_remove (page, old);
  if (modes == NULL)
    {
      gtk_stack_set_visible_child_name (page, "empty");
      return;
    }
  counts = adw_preferences_page_new ();
  for (guint i = 0; i < modes->len; i++)
    adw_preferences_page_add (ADW_PREFERENCES_PAGE (counts), ADW_PREFERENCES_GROUP (mode_group (modes->pdata[i], score_name)));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (counts), ADW_PREFERENCES_GROUP (reset_group (info)));
  gtk_stack_add_named (page, counts, "counts");
  ludo_accessible_unfocus_scrollers (counts);
  gtk_stack_set_visible_child_name (page, "counts");
}

static GtkWidget *
new_page (const LudoGameInfo *info)
{
  GtkWidget *page = gtk_stack_new ();
  GtkWidget *empty = adw_status_page_new ();
  g_autofree char *description =
    g_strdup_printf (_("Every game of %s played to its end is counted here, by who played, who won and who placed where."),
                     _(info->name));

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), ludo_game_info_get_icon_name (info));
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Finished Games Yet"));
  adw_status_page_set_description (ADW_STATUS_PAGE (empty), description);
  gtk_stack_add_named (GTK_STACK (page), empty, "empty");
  ludo_accessible_unfocus_scrollers (empty);
  return page;
}

void
ludo_stats_window_reload (LudoStatsWindow *self)
{
  g_autofree char *path = ludo_stats_default_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(LudoStats) stats = NULL;
  const LudoGameInfo * const *games;
  guint n_games;

  g_return_if_fail (LUDO_IS_STATS_WINDOW (self));

  stats = ludo_stats_load (path, &error);
  if (stats == NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (self->toast_overlay), adw_toast_new (error->message));
  games = ludo_registry_get_games (&n_games);
  for (guint i = 0; i < n_games; i++)
    fill_page (self, games[i], stats);
}

/* ------------------------------------------------------------------------ */
/* Reset                                                                     */

static void
reset_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   LudoStatsWindow  *self)
{
  const char *game_id = g_object_get_data (G_OBJECT (dialog), "game-id");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "reset"))
    return;
  path = ludo_stats_default_path ();
  if (!ludo_stats_reset_file (path, game_id, &error))
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (self->toast_overlay), adw_toast_new (error->message));
  ludo_stats_window_reload (self);
}

static void
reset_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  LudoStatsWindow *self = LUDO_STATS_WINDOW (widget);
  const char *game_id = g_variant_get_string (parameter, NULL);
  const LudoGameInfo *info = ludo_registry_lookup (game_id);
  g_autofree char *heading = NULL;
  GtkWidget *dialog;

  if (info == NULL)
    return;
  heading = g_strdup_printf (_("Reset the Statistics of %s?"), _(info->name));
  dialog = ludo_message_dialog_new (GTK_WINDOW (self), heading,
                                   _("The counts of every finished game of it are removed. This cannot be undone."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "reset", _("_Reset"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "reset", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "game-id", g_strdup (game_id), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (reset_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ------------------------------------------------------------------------ */

void
ludo_stats_window_show_game (LudoStatsWindow *self,
                             const char      *game_id)
{
  g_return_if_fail (LUDO_IS_STATS_WINDOW (self));

  if (game_id && g_hash_table_contains (self->pages, game_id))
    adw_view_stack_set_visible_child_name (ADW_VIEW_STACK (self->stack), game_id);
}

static void
collect_text (GtkWidget *widget,
              GString   *out)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));
      if (text && *text)
        g_string_append_printf (out, "%s\n", text);
    }
  if (GTK_IS_STACK (widget))
    {
      GtkWidget *child = gtk_stack_get_visible_child (GTK_STACK (widget));
      if (child)
        collect_text (child, out);
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_text (c, out);
}

char *
ludo_stats_window_get_text (LudoStatsWindow *self,
                            const char      *game_id)
{
  GtkWidget *page = g_hash_table_lookup (self->pages, game_id);
  GString *out = g_string_new (NULL);

  if (page)
    collect_text (page, out);
  return g_string_free (out, FALSE);
}

static void
ludo_stats_window_finalize (GObject *object)
{
  LudoStatsWindow *self = LUDO_STATS_WINDOW (object);

  g_hash_table_unref (self->pages);
  G_OBJECT_CLASS (ludo_stats_window_parent_class)->finalize (object);
}

static void
ludo_stats_window_class_init (LudoStatsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ludo_stats_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-stats-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoStatsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LudoStatsWindow, stack);

  gtk_widget_class_install_action (widget_class, "stats.reset", "s", reset_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ludo_stats_window_init (LudoStatsWindow *self)
{
  const LudoGameInfo * const *games;
  guint n_games;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->pages = g_hash_table_new (g_str_hash, g_str_equal);

  games = ludo_registry_get_games (&n_games);
  for (guint i = 0; i < n_games; i++)
    {
      GtkWidget *page = new_page (games[i]);
      AdwViewStackPage *stack_page =
        adw_view_stack_add_titled (ADW_VIEW_STACK (self->stack), page, games[i]->id, _(games[i]->name));

      adw_view_stack_page_set_icon_name (stack_page, ludo_game_info_get_icon_name (games[i]));
      g_hash_table_insert (self->pages, (gpointer) games[i]->id, page);
    }
  ludo_stats_window_reload (self);
}

GtkWidget *
ludo_stats_window_new (GtkWindow *parent)
{
  return g_object_new (LUDO_TYPE_STATS_WINDOW,
                       "transient-for", parent,
                       "application", parent ? gtk_window_get_application (parent) : NULL,
                       NULL);
}
