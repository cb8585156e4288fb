/* ludo-move-list.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Row 0 is the start position, row n the position after move n; the row of
 * the current position is selected. The rows come from a LudoMoveModel,
 * which describes secret moves as the viewer may see them, and a list view
 * builds only the rows in sight: a move costs the same at ply 10 and 900.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "core/ludo-move-model.h"
#include "ludo-move-list.h"

struct _LudoMoveList
{
  AdwBin         parent_instance;

  GtkWidget     *scroller;
  GtkWidget     *list;
  GtkSingleSelection *selection;

  LudoMoveModel *model;
  gulong         changed_handler;
  guint          scroll_source;
  gboolean       updating;
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

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_list_item_set_child (item, label);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item)
{
  LudoMoveItem *move = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  GtkWidget *row = gtk_widget_get_parent (label);

  gtk_label_set_text (GTK_LABEL (label), ludo_move_item_get_text (move));
  if (ludo_move_item_get_tail (move))
    gtk_widget_add_css_class (label, "dim-label");   /* the redo tail */
  else
    gtk_widget_remove_css_class (label, "dim-label");
  /* the row a screen reader lands on says the move itself (GTK 4.8 gives
   * a list item no name of its own) */
  if (row)
    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    ludo_move_item_get_spoken (move), -1);
}

static gboolean
scroll_cb (gpointer data)
{
  LudoMoveList *self = data;
  guint selected = gtk_single_selection_get_selected (self->selection);

  self->scroll_source = 0;
  if (selected != GTK_INVALID_LIST_POSITION)
    gtk_widget_activate_action (self->list, "list.scroll-to-item", "u", selected);
  return G_SOURCE_REMOVE;
}

/* The row of the current position is selected and in sight. */
static void
select_position (LudoMoveList *self)
{
  LudoGame *game = ludo_move_model_get_game (self->model);
  guint position = game ? ludo_game_get_position (game) : GTK_INVALID_LIST_POSITION;

  self->updating = TRUE;
  gtk_single_selection_set_selected (self->selection, position);
  self->updating = FALSE;
  /* once the list has heard of the new rows and measured them */
  if (self->scroll_source == 0 && position != GTK_INVALID_LIST_POSITION)
    self->scroll_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, scroll_cb, self, NULL);
}

static void
selection_changed_cb (LudoMoveList *self)
{
  guint selected = gtk_single_selection_get_selected (self->selection);

  /* a person chose a row (by mouse or keyboard): the position follows */
  if (!self->updating && selected != GTK_INVALID_LIST_POSITION)
    g_signal_emit (self, signals[PLY_ACTIVATED], 0, selected);
}

static void
activate_cb (LudoMoveList *self,
             guint         position)
{
  g_signal_emit (self, signals[PLY_ACTIVATED], 0, position);
}

static void
ludo_move_list_dispose (GObject *object)
{
  LudoMoveList *self = LUDO_MOVE_LIST (object);

  g_clear_handle_id (&self->scroll_source, g_source_remove);
  ludo_move_list_set_game (self, NULL);
  G_OBJECT_CLASS (ludo_move_list_parent_class)->dispose (object);
}

static void
ludo_move_list_finalize (GObject *object)
{
  LudoMoveList *self = LUDO_MOVE_LIST (object);

  g_clear_object (&self->model);
  G_OBJECT_CLASS (ludo_move_list_parent_class)->finalize (object);
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
      g_value_set_object (value, ludo_move_model_get_game (self->model));
      break;
    case PROP_VIEWER:
      g_value_set_int (value, ludo_move_model_get_viewer (self->model));
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
  object_class->finalize = ludo_move_list_finalize;
  object_class->get_property = ludo_move_list_get_property;
  object_class->set_property = ludo_move_list_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, LUDO_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWER] =
    g_param_spec_int ("viewer", NULL, NULL, LUDO_VIEWER_NONE, G_MAXINT, LUDO_VIEWER_ALL,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A row was chosen: the ply to go to (0 is the start). */
  signals[PLY_ACTIVATED] =
    g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-move-list.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoMoveList, scroller);
  gtk_widget_class_bind_template_child (widget_class, LudoMoveList, list);
  gtk_widget_class_bind_template_child (widget_class, LudoMoveList, selection);
  gtk_widget_class_bind_template_callback (widget_class, setup_row_cb);
  gtk_widget_class_bind_template_callback (widget_class, bind_row_cb);
  gtk_widget_class_bind_template_callback (widget_class, selection_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, activate_cb);
}

static void
ludo_move_list_init (LudoMoveList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->model = ludo_move_model_new (NULL);
  self->updating = TRUE;
  gtk_single_selection_set_model (self->selection, G_LIST_MODEL (self->model));
  self->updating = FALSE;
}

void
ludo_move_list_set_game (LudoMoveList *self,
                         LudoGame     *game)
{
  LudoGame *old;

  g_return_if_fail (LUDO_IS_MOVE_LIST (self));

  old = ludo_move_model_get_game (self->model);
  if (old == game)
    return;
  if (old)
    g_clear_signal_handler (&self->changed_handler, old);
  self->updating = TRUE;
  ludo_move_model_set_game (self->model, game);
  self->updating = FALSE;
  /* after the model, which the game tells first, has its rows */
  if (game)
    self->changed_handler = g_signal_connect_object (game, "position-changed",
                                                     G_CALLBACK (select_position), self,
                                                     G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  select_position (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

LudoGame *
ludo_move_list_get_game (LudoMoveList *self)
{
  g_return_val_if_fail (LUDO_IS_MOVE_LIST (self), NULL);
  return ludo_move_model_get_game (self->model);
}

void
ludo_move_list_set_viewer (LudoMoveList *self,
                           int           viewer)
{
  g_return_if_fail (LUDO_IS_MOVE_LIST (self));

  if (ludo_move_model_get_viewer (self->model) == viewer)
    return;
  self->updating = TRUE;
  ludo_move_model_set_viewer (self->model, viewer);
  self->updating = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
}
