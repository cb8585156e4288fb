/* ludo-board.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ludo-board.h"

struct _LudoBoard
{
  GtkWidget parent_instance;
};

static void ludo_board_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LudoBoard, ludo_board, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, ludo_board_buildable_init))

static GtkBuildableIface *parent_buildable_iface;

static void
ludo_board_add_child (GtkBuildable *buildable,
                      GtkBuilder   *builder,
                      GObject      *child,
                      const char   *type)
{
  if (GTK_IS_WIDGET (child))
    gtk_widget_set_parent (GTK_WIDGET (child), GTK_WIDGET (buildable));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
ludo_board_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = ludo_board_add_child;
}

static void
ludo_board_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ludo_board_parent_class)->dispose (object);
}

static void
ludo_board_class_init (LudoBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ludo_board_dispose;

  /* measured by the largest child, every child given the whole board */
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "ludoboard");
}

static void
ludo_board_init (LudoBoard *self)
{
}

GtkWidget *
ludo_board_new (void)
{
  return g_object_new (LUDO_TYPE_BOARD, NULL);
}

GtkSizeRequestMode
ludo_layers_get_request_mode (GtkWidget *widget)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  return child ? gtk_widget_get_request_mode (child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

void
ludo_layers_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  *minimum = *natural = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_should_layout (child))
      {
        int child_min, child_nat, child_min_baseline = -1, child_nat_baseline = -1;

        gtk_widget_measure (child, orientation, for_size, &child_min, &child_nat,
                            &child_min_baseline, &child_nat_baseline);
        *minimum = MAX (*minimum, child_min);
        *natural = MAX (*natural, child_nat);
        if (child_min_baseline > -1)
          *minimum_baseline = MAX (*minimum_baseline, child_min_baseline);
        if (child_nat_baseline > -1)
          *natural_baseline = MAX (*natural_baseline, child_nat_baseline);
      }
}

void
ludo_layers_allocate (GtkWidget *widget,
                      int        width,
                      int        height,
                      int        baseline)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_should_layout (child))
      gtk_widget_allocate (child, width, height, baseline, NULL);
}
