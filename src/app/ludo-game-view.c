/* ludo-game-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ludo-accessible.h"
#include "ludo-game-view.h"
#include "app/ludo-game-views.h"

typedef struct
{
  LudoGame *game;
  int       viewer;
  gboolean  interactive;
  char     *status;
  gulong    position_handler;
  gulong    seats_handler;
} LudoGameViewPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (LudoGameView, ludo_game_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_VIEWER,
  PROP_INTERACTIVE,
  PROP_STATUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The views of the games, by game id: the app-side half of the registry,
 * made from the list of games. */
static const struct {
  const char *id;
  GType     (*get_type) (void);
} views[] = { LUDO_GAME_VIEWS };

LudoGameView *
ludo_game_view_new_for_game (LudoGame *game)
{
  const char *id = ludo_game_get_id (game);

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    if (g_str_equal (views[i].id, id))
      return g_object_new (views[i].get_type (), "game", game, NULL);
  g_critical ("No view for the game %s", id);
  return NULL;
}

static void
update (LudoGameView *self)
{
  LudoGameViewClass *klass = LUDO_GAME_VIEW_GET_CLASS (self);

  if (klass->update)
    klass->update (self);
}

static void
ludo_game_view_constructed (GObject *object)
{
  LudoGameView *self = LUDO_GAME_VIEW (object);
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  G_OBJECT_CLASS (ludo_game_view_parent_class)->constructed (object);

  g_assert (priv->game != NULL);
  /* the view carries the game's actions (flip, show matches…): a screen
   * reader names it after the game, not after its type */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _(ludo_game_get_info (priv->game)->name), -1);
  ludo_accessible_strip_mnemonics (GTK_WIDGET (self));
  priv->position_handler = g_signal_connect_swapped (priv->game, "position-changed",
                                                     G_CALLBACK (update), self);
  priv->seats_handler = g_signal_connect_swapped (priv->game, "seats-changed",
                                                  G_CALLBACK (update), self);
}

static void
ludo_game_view_dispose (GObject *object)
{
  LudoGameView *self = LUDO_GAME_VIEW (object);
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  if (priv->game)
    {
      g_clear_signal_handler (&priv->position_handler, priv->game);
      g_clear_signal_handler (&priv->seats_handler, priv->game);
      g_clear_object (&priv->game);
    }
  g_clear_pointer (&priv->status, g_free);

  G_OBJECT_CLASS (ludo_game_view_parent_class)->dispose (object);
}

static void
ludo_game_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  LudoGameView *self = LUDO_GAME_VIEW (object);
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, priv->game);
      break;
    case PROP_VIEWER:
      g_value_set_int (value, priv->viewer);
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, priv->interactive);
      break;
    case PROP_STATUS:
      g_value_set_string (value, priv->status);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_game_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  LudoGameView *self = LUDO_GAME_VIEW (object);
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_GAME:
      priv->game = g_value_dup_object (value);
      break;
    case PROP_VIEWER:
      ludo_game_view_set_viewer (self, g_value_get_int (value));
      break;
    case PROP_INTERACTIVE:
      ludo_game_view_set_interactive (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_game_view_class_init (LudoGameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = ludo_game_view_constructed;
  object_class->dispose = ludo_game_view_dispose;
  object_class->get_property = ludo_game_view_get_property;
  object_class->set_property = ludo_game_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, LUDO_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWER] =
    g_param_spec_int ("viewer", NULL, NULL, LUDO_VIEWER_NONE, 8, LUDO_VIEWER_ALL,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATUS] =
    g_param_spec_string ("status", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "gameview");
}

static void
ludo_game_view_init (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  priv->viewer = LUDO_VIEWER_ALL;
}

LudoGame *
ludo_game_view_get_game (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_val_if_fail (LUDO_IS_GAME_VIEW (self), NULL);
  return priv->game;
}

int
ludo_game_view_get_viewer (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_val_if_fail (LUDO_IS_GAME_VIEW (self), LUDO_VIEWER_NONE);
  return priv->viewer;
}

void
ludo_game_view_set_viewer (LudoGameView *self,
                           int           viewer)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_if_fail (LUDO_IS_GAME_VIEW (self));
  if (priv->viewer == viewer)
    return;
  priv->viewer = viewer;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWER]);
}

gboolean
ludo_game_view_get_interactive (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_val_if_fail (LUDO_IS_GAME_VIEW (self), FALSE);
  return priv->interactive;
}

void
ludo_game_view_set_interactive (LudoGameView *self,
                                gboolean      interactive)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_if_fail (LUDO_IS_GAME_VIEW (self));
  interactive = !!interactive;
  if (priv->interactive == interactive)
    return;
  priv->interactive = interactive;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

const char *
ludo_game_view_get_status (LudoGameView *self)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_val_if_fail (LUDO_IS_GAME_VIEW (self), NULL);
  return priv->status;
}

void
ludo_game_view_set_status (LudoGameView *self,
                           const char   *status)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);

  g_return_if_fail (LUDO_IS_GAME_VIEW (self));
  if (g_strcmp0 (priv->status, status) == 0)
    return;
  g_free (priv->status);
  priv->status = g_strdup (status);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

void
ludo_game_view_show_hint (LudoGameView *self,
                          const char   *move)
{
  LudoGameViewClass *klass = LUDO_GAME_VIEW_GET_CLASS (self);

  g_return_if_fail (LUDO_IS_GAME_VIEW (self));
  if (klass->show_hint)
    klass->show_hint (self, move);
}

gboolean
ludo_game_view_play (LudoGameView *self,
                     const char   *move)
{
  LudoGameViewPrivate *priv = ludo_game_view_get_instance_private (self);
  g_autoptr(GError) error = NULL;

  if (!priv->interactive)
    return FALSE;
  if (!ludo_game_play (priv->game, move, &error))
    {
      ludo_game_view_set_status (self, error->message);
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }
  return TRUE;
}
