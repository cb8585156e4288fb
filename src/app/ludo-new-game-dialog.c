/* ludo-new-game-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "ludo-accessible.h"
#include "ludo-new-game-dialog.h"
#include "ludo-setup-form.h"

struct _LudoNewGameDialog
{
  AdwWindow  parent_instance;

  GtkWidget *window_title;
  GtkWidget *start_button;
  GtkWidget *players_group;
  GtkWidget *options_group;

  LudoSetupForm *form;
};

G_DEFINE_FINAL_TYPE (LudoNewGameDialog, ludo_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  GAME_CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

LudoGame *
ludo_new_game_dialog_build_game (LudoNewGameDialog *self)
{
  return ludo_setup_form_build_game (self->form);
}

void
ludo_new_game_dialog_start (LudoNewGameDialog *self)
{
  g_autoptr(LudoGame) game = ludo_new_game_dialog_build_game (self);

  ludo_setup_form_save (self->form);
  g_signal_emit (self, signals[GAME_CREATED], 0, game);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
start_clicked_cb (LudoNewGameDialog *self)
{
  ludo_new_game_dialog_start (self);
}

static void
ludo_new_game_dialog_dispose (GObject *object)
{
  LudoNewGameDialog *self = LUDO_NEW_GAME_DIALOG (object);

  g_clear_object (&self->form);
  G_OBJECT_CLASS (ludo_new_game_dialog_parent_class)->dispose (object);
}

static void
ludo_new_game_dialog_class_init (LudoNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ludo_new_game_dialog_dispose;

  /* Start was pressed: the new game, with its seats set. */
  signals[GAME_CREATED] =
    g_signal_new ("game-created", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, LUDO_TYPE_GAME);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoNewGameDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, LudoNewGameDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, LudoNewGameDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, LudoNewGameDialog, options_group);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ludo_new_game_dialog_init (LudoNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* named for the window list and for screen readers */
  gtk_window_set_title (GTK_WINDOW (self), _("New Game"));
  ludo_accessible_strip_mnemonics (GTK_WIDGET (self));
  ludo_accessible_unfocus_scrollers (GTK_WIDGET (self));
}

LudoNewGameDialog *
ludo_new_game_dialog_new (GtkWindow  *parent,
                          const char *game_id,
                          GSettings  *settings)
{
  LudoNewGameDialog *self = g_object_new (LUDO_TYPE_NEW_GAME_DIALOG,
                                          "transient-for", parent,
                                          NULL);
  const LudoGameInfo *info = ludo_registry_lookup (game_id);

  g_return_val_if_fail (info != NULL, self);
  adw_window_title_set_subtitle (ADW_WINDOW_TITLE (self->window_title), _(info->name));
  self->form = ludo_setup_form_new (game_id, settings, ADW_PREFERENCES_GROUP (self->players_group),
                                    ADW_PREFERENCES_GROUP (self->options_group), TRUE);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->start_button);
  gtk_widget_grab_focus (self->start_button);
  return self;
}

void
ludo_new_game_dialog_set_seat (LudoNewGameDialog *self,
                               guint              seat,
                               guint              choice)
{
  ludo_setup_form_set_seat (self->form, seat, choice);
}

void
ludo_new_game_dialog_set_option (LudoNewGameDialog *self,
                                 const char        *option,
                                 int                value)
{
  ludo_setup_form_set_option (self->form, option, value);
}
