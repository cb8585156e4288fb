/* ludo-move-list.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Row 0 is the start position, row n the position after move n; the row of
 * the current position is selected. Secret moves are described as the
 * viewer may see them.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ludo-move-list.h"

struct _LudoMoveList
{
  AdwBin     parent_instance;

  GtkWidget *scroller;
  GtkWidget *list;

  LudoGame  *game;
  int        viewer;
  gulong     changed_handler;
  gulong     seats_handler;
  gboolean   updating;
};

G_DEFINE_FINAL_TYPE (LudoMoveList, ludo_move_list, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_GAME,
  PROP_VIEWER,
  N_PROPS
};

enum {
  PLY_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static GtkWidget *
append_row (GtkListBox *list,
            const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_list_box_append (list, label);
  /* the row a screen reader lands on says the move itself */
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (label)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  return label;
}

static void
rebuild (LudoMoveList *self)
{
  GtkListBox *list = GTK_LIST_BOX (self->list);
  GtkWidget *child;
  GtkListBoxRow *current;
  guint n, position;

  self->updating = TRUE;
  while ((child = gtk_widget_get_first_child (self->list)))
    gtk_list_box_remove (list, child);

  if (self->game == NULL)
    {
      self->updating = FALSE;
      return;
    }

  n = ludo_game_get_n_moves (self->game);
  position = ludo_game_get_position (self->game);
  append_row (list, _("Start"));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *who = ludo_game_get_seat_label (self->game, ludo_game_get_move_seat (self->game, i));
      g_autofree char *what = ludo_game_describe_move (self->game, i, self->viewer);
      /* Translators: a line of the move list: "7. Player 1: Guess 3: ABCDE — 2 black, 1 white" */
      g_autofree char *text = g_strdup_printf (_("%u. %s: %s"), i + 1, who, what);
      GtkWidget *label = append_row (list, text);

      if (i >= position)
        gtk_widget_add_css_class (label, "dim-label");   /* the redo tail */
    }

  current = gtk_list_box_get_row_at_index (list, position);
  gtk_list_box_select_row (list, current);
  self->updating = FALSE;
}

static gboolean
scroll_to_selected (gpointer data)
{
  LudoMoveList *self = data;
  GtkListBoxRow *row = gtk_list_box_get_selected_row (GTK_LIST_BOX (self->list));
  graphene_rect_t bounds;

  if (row && gtk_widget_compute_bounds (GTK_WIDGET (row), self->list, &bounds))
    {
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
      double page = gtk_adjustment_get_page_size (adj);
      double value = gtk_adjustment_get_value (adj);
      if (bounds.origin.y < value)
        gtk_adjustment_set_value (adj, bounds.origin.y);
      else if (bounds.origin.y + bounds.size.height > value + page)
        gtk_adjustment_set_value (adj, bounds.origin.y + bounds.size.height - page);
    }
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
changed_cb (LudoMoveList *self)
{
  rebuild (self);
  g_idle_add (scroll_to_selected, g_object_ref (self));
}

static void
row_activated_cb (LudoMoveList  *self,
                  GtkListBoxRow *row)
{
  if (!self->updating)
    g_signal_emit (self, signals[PLY_ACTIVATED], 0, (guint) gtk_list_box_row_get_index (row));
}

static void
ludo_move_list_dispose (GObject *object)
{
  LudoMoveList *self = LUDO_MOVE_LIST (object);

  ludo_move_list_set_game (self, NULL);
  G_OBJECT_CLASS (ludo_move_list_parent_class)->dispose (object);
}

static void
ludo_move_list_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  LudoMoveList *self = LUDO_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_VIEWER:
      g_value_set_int (value, self->viewer);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_move_list_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  LudoMoveList *self = LUDO_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_GAME:
      ludo_move_list_set_game (self, g_value_get_object (value));
      break;
    case PROP_VIEWER:
      ludo_move_list_set_viewer (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_move_list_class_init (LudoMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ludo_move_list_dispose;
  object_class->get_property = ludo_move_list_get_property;
  object_class->set_property = ludo_move_list_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, LUDO_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWER] =
    g_param_spec_int ("viewer", NULL, NULL, LUDO_VIEWER_NONE, 8, LUDO_VIEWER_ALL,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A row was chosen: the ply to go to (0 is the start). */
  signals[PLY_ACTIVATED] =
    g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-move-list.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoMoveList, scroller);
  gtk_widget_class_bind_template_child (widget_class, LudoMoveList, list);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
}

static void
ludo_move_list_init (LudoMoveList *self)
{
  self->viewer = LUDO_VIEWER_ALL;
  gtk_widget_init_template (GTK_WIDGET (self));
}

void
ludo_move_list_set_game (LudoMoveList *self,
                         LudoGame     *game)
{
  g_return_if_fail (LUDO_IS_MOVE_LIST (self));

  if (self->game == game)
    return;
  if (self->game)
    {
      g_clear_signal_handler (&self->changed_handler, self->game);
      g_clear_signal_handler (&self->seats_handler, self->game);
    }
  g_set_object (&self->game, game);
  if (game)
    {
      self->changed_handler = g_signal_connect_swapped (game, "position-changed",
                                                        G_CALLBACK (changed_cb), self);
      self->seats_handler = g_signal_connect_swapped (game, "seats-changed",
                                                      G_CALLBACK (rebuild), self);
    }
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

LudoGame *
ludo_move_list_get_game (LudoMoveList *self)
{
  g_return_val_if_fail (LUDO_IS_MOVE_LIST (self), NULL);
  return self->game;
}

void
ludo_move_list_set_viewer (LudoMoveList *self,
                           int           viewer)
{
  g_return_if_fail (LUDO_IS_MOVE_LIST (self));

  if (self->viewer == viewer)
    return;
  self->viewer = viewer;
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
}
