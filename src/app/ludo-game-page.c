/* ludo-game-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "app/ludo-accessible.h"
#include "app/ludo-game-page.h"
#include "app/ludo-move-list.h"
#include "app/ludo-replay-bar.h"
#include "app/ludo-review-graph.h"
#include "app/ludo-rules-view.h"

struct _LudoGamePage
{
  AdwBin        parent_instance;

  GtkWidget    *flap;
  GtkWidget    *result_revealer;
  GtkWidget    *result_title;
  GtkWidget    *result_label;
  GtkWidget    *play_again_button;
  GtkWidget    *thinking_spinner;
  GtkWidget    *status_label;
  GtkWidget    *last_move_label;
  GtkWidget    *board_stack;
  GtkWidget    *view_bin;
  GtkWidget    *privacy_page;
  GtkWidget    *privacy_button;
  GtkWidget    *replay_revealer;
  GtkWidget    *replay_bar;
  GtkWidget    *review_graph;
  GtkWidget    *result_table;
  GtkWidget    *status_area;
  gboolean      best_shown;
  GtkWidget    *side_stack;
  GtkWidget    *move_list;
  GtkWidget    *rules_view;

  GSettings    *settings;
  LudoSession  *session;
  LudoGameView *view;
  gulong        session_handler;
  gulong        game_handlers[2];
  gulong        status_handler;
  gboolean      side_panel;
  gboolean      result_shown;   /* the banner is up for this game's end */
};

G_DEFINE_FINAL_TYPE (LudoGamePage, ludo_game_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_SESSION,
  PROP_SIDE_PANEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A name inside a label with a mnemonic: its own underscores are not. */
static char *
escape_underscores (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, "_", -1);

  return g_strjoinv ("__", parts);
}

/* The banner's headline: to the one person playing the computer, whether
 * they won; to people sharing the screen, who did. */
static char *
describe_result (LudoGame *game)
{
  LudoOutcome outcome;

  ludo_game_get_outcome (game, &outcome);
  if (outcome.kind == LUDO_RESULT_DRAW)
    return g_strdup (C_("result", "Draw"));
  if (outcome.kind != LUDO_RESULT_WIN)
    return g_strdup (_("Game Over"));
  if (ludo_game_count_humans (game) == 1)
    return g_strdup (outcome.winner == ludo_game_get_first_human (game) ? _("You Won") : _("The Computer Won"));
  {
    g_autofree char *who = ludo_game_get_seat_label (game, outcome.winner);
    /* Translators: the headline at the end of a game: "Anna Won", "Player 2 Won" */
    return g_strdup_printf (_("%s Won"), who);
  }
}

/* A revealer out of sight is hidden as well: its content would otherwise
 * stay in the accessibility tree, controls nobody can see. */
static void
reveal (GtkWidget *revealer,
        gboolean   on)
{
  if (on)
    gtk_widget_set_visible (revealer, TRUE);
  gtk_revealer_set_reveal_child (GTK_REVEALER (revealer), on);
}

static void
revealer_done_cb (GtkRevealer *revealer,
                  GParamSpec  *pspec,
                  gpointer     user_data)
{
  if (!gtk_revealer_get_reveal_child (revealer) && !gtk_revealer_get_child_revealed (revealer))
    gtk_widget_set_visible (GTK_WIDGET (revealer), FALSE);
}

/* The move that led to the position shown, in the words of the move list:
 * whoever played it, the computer too, and each move stepped through in a
 * replay; a screen reader reads it out. At the end of a game the result
 * banner says what happened. */
static void
update_last_move (LudoGamePage *self)
{
  LudoGame *game = ludo_session_get_game (self->session);
  guint position = ludo_game_get_position (game);
  gboolean replaying = ludo_session_get_replaying (self->session);
  gboolean shown = position > 0 && !ludo_session_get_privacy (self->session) &&
                   (replaying || !ludo_game_is_over (game));

  if (shown)
    {
      g_autofree char *text = ludo_game_describe_move_line (game, position - 1,
                                                            ludo_session_get_viewer (self->session));
      gtk_label_set_text (GTK_LABEL (self->last_move_label), text);
    }
  gtk_widget_set_visible (self->last_move_label, shown);
}

static void
update_status (LudoGamePage *self)
{
  LudoSession *session = self->session;
  LudoGame *game;
  gboolean thinking, hinting;
  g_autofree char *text = NULL;

  if (session == NULL)
    return;
  game = ludo_session_get_game (session);
  thinking = ludo_session_get_thinking (session);
  hinting = ludo_session_get_hinting (session);
  if (hinting && !thinking)
    text = g_strdup (_("Looking for a hint…"));
  else if (thinking)
    {
      int seat = ludo_game_get_current_seat (game);
      g_autofree char *who = seat >= 0 ? ludo_game_get_seat_label (game, seat) : g_strdup ("");
      text = g_strdup_printf (_("%s is thinking…"), who);
    }
  else if (ludo_session_get_replaying (session))
    {
      guint position = ludo_game_get_position (game);
      const LudoMoveReview *verdict = ludo_session_get_shown_verdict (session);
      g_autofree char *best = verdict ? ludo_review_describe_best (game, verdict, ludo_session_get_viewer (session)) : NULL;

      if (best)
        /* Translators: in a reviewed replay: "Replay: position after move 11 of 40; the computer would play e2-e4" */
        text = g_strdup_printf (_("Replay: position after move %u of %u; the computer would play %s"),
                                position, ludo_game_get_n_moves (game), best);
      else
        text = g_strdup_printf (_("Replay: position after move %u of %u"), position, ludo_game_get_n_moves (game));
    }
  else if (ludo_session_get_paused (session) && !ludo_game_is_over (game))
    text = g_strdup (_("Paused"));
  else
    text = g_strdup (self->view ? ludo_game_view_get_status (self->view) : "");
  gtk_label_set_text (GTK_LABEL (self->status_label), text);
  /* at the end the result banner says it; an empty label would reach a
   * screen reader as a nameless object */
  gtk_widget_set_visible (self->status_label,
                          *text != '\0' && !(ludo_game_is_over (game) && !ludo_session_get_replaying (session)));
  update_last_move (self);
  gtk_spinner_set_spinning (GTK_SPINNER (self->thinking_spinner), thinking || hinting);
  gtk_widget_set_visible (self->thinking_spinner, thinking || hinting);
}

/* As a game ends the focus goes to what comes next: the board has
 * nothing left to do, and the control that had the focus may be gone.
 * (A dialog open over the window keeps its own focus.) */
static void
focus_result (LudoGamePage *self)
{
  if (gtk_widget_get_root (GTK_WIDGET (self)) != NULL)
    gtk_widget_grab_focus (self->play_again_button);
}

static void
add_cell (GtkGrid    *table,
          const char *text,
          int         column,
          int         row,
          const char *style)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 16);
  if (style)
    gtk_widget_add_css_class (label, style);
  gtk_grid_attach (table, label, column, row, 1, 1);
}

/* The places of a finished game with more than two seats, or with scores
 * of its own: a column a seat, the first place on the left (a tie keeps
 * the seats' order), its place and player, and its score. */
static void
update_result_table (LudoGamePage *self,
                     LudoGame     *game)
{
  GtkGrid *table = GTK_GRID (self->result_table);
  gboolean scored = ludo_game_counts_score (game);
  guint order[LUDO_MAX_SEATS];
  LudoOutcome outcome;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->result_table)))
    gtk_grid_remove (table, child);
  ludo_game_get_outcome (game, &outcome);
  gtk_widget_set_visible (self->result_table, outcome.n_seats > 2 || (outcome.n_seats > 0 && scored));
  if (!gtk_widget_get_visible (self->result_table))
    return;

  for (guint i = 0; i < outcome.n_seats; i++)
    {
      guint j = i;
      for (; j > 0 && outcome.rank[order[j - 1]] > outcome.rank[i]; j--)
        order[j] = order[j - 1];
      order[j] = i;
    }
  add_cell (table, _("Place"), 0, 0, "dim-label");
  if (scored)
    add_cell (table, ludo_game_get_score_name (game), 0, 1, "dim-label");
  for (guint i = 0; i < outcome.n_seats; i++)
    {
      guint seat = order[i];
      g_autofree char *who = ludo_game_get_seat_label (game, seat);
      /* Translators: a place in the result's table: "1. Anna" */
      g_autofree char *place = g_strdup_printf (_("%u. %s"), outcome.rank[seat], who);
      g_autofree char *score = g_strdup_printf ("%g", outcome.score[seat]);

      add_cell (table, place, (int) i + 1, 0, outcome.rank[seat] == 1 ? "heading" : NULL);
      if (scored)
        add_cell (table, score, (int) i + 1, 1, "numeric");
    }
}

/* In a replay, the review: its button while a move is not reviewed, how
 * far it is while it runs, its graph once there is one, and on the board
 * the computer's best move from the position shown, drawn as a hint is
 * (the status says it in words). */
static void
update_review (LudoGamePage *self)
{
  LudoSession *session = self->session;
  LudoGame *game = ludo_session_get_game (session);
  GPtrArray *review = ludo_game_get_review (game);
  guint n_reviewed = review ? review->len : 0;
  gboolean reviewing = ludo_session_get_reviewing (session);
  const LudoMoveReview *verdict = ludo_session_get_shown_verdict (session);
  gboolean best_shown = verdict && verdict->best;

  ludo_replay_bar_set_review (LUDO_REPLAY_BAR (self->replay_bar),
                              ludo_session_can_review (session) && n_reviewed < ludo_game_get_n_moves (game),
                              reviewing, ludo_session_get_review_done (session),
                              ludo_session_get_review_total (session));
  ludo_review_graph_set_game (LUDO_REVIEW_GRAPH (self->review_graph), game);
  gtk_widget_set_visible (self->review_graph, n_reviewed > 0 && !reviewing);
  if (best_shown)
    ludo_game_view_show_hint (self->view, verdict->best);
  else if (self->best_shown)
    ludo_game_view_clear_input (self->view);
  self->best_shown = best_shown;
}

static void
update (LudoGamePage *self)
{
  LudoSession *session = self->session;
  LudoGame *game;
  gboolean privacy, over, replaying;
  int viewer;

  if (session == NULL)
    return;
  game = ludo_session_get_game (session);
  privacy = ludo_session_get_privacy (session);
  viewer = ludo_session_get_viewer (session);
  replaying = ludo_session_get_replaying (session);
  over = ludo_game_is_over (game);

  ludo_game_view_set_viewer (self->view, viewer);
  ludo_game_view_set_interactive (self->view, ludo_session_get_can_move (session));
  ludo_move_list_set_viewer (LUDO_MOVE_LIST (self->move_list), viewer);

  if (privacy)
    {
      int seat = ludo_game_get_current_seat (game);
      g_autofree char *who = ludo_game_get_seat_label (game, seat);
      g_autofree char *who_escaped = escape_underscores (who);
      g_autofree char *title = g_strdup_printf (_("Pass the Device to %s"), who);
      g_autofree char *button = g_strdup_printf (_("_Show the Board of %s"), who_escaped);

      adw_status_page_set_title (ADW_STATUS_PAGE (self->privacy_page), title);
      adw_status_page_set_description (ADW_STATUS_PAGE (self->privacy_page),
                                       _("The board is hidden so that nobody sees a code that is not theirs."));
      gtk_button_set_label (GTK_BUTTON (self->privacy_button), button);
      gtk_button_set_use_underline (GTK_BUTTON (self->privacy_button), TRUE);
      if (!ludo_game_page_privacy_shown (self))
        {
          gtk_stack_set_visible_child_name (GTK_STACK (self->board_stack), "privacy");
          gtk_widget_grab_focus (self->privacy_button);
        }
    }
  else
    gtk_stack_set_visible_child_name (GTK_STACK (self->board_stack), "view");

  reveal (self->result_revealer, over && !replaying);
  gtk_widget_set_visible (self->status_area, !over || replaying);
  if (over)
    {
      g_autofree char *outcome = ludo_game_describe_outcome (game);
      g_autofree char *headline = describe_result (game);

      gtk_label_set_text (GTK_LABEL (self->result_title), headline);
      gtk_label_set_text (GTK_LABEL (self->result_label), outcome);
      update_result_table (self, game);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->play_again_button),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, outcome, -1);
    }
  if (over && !replaying && !self->result_shown)
    focus_result (self);
  self->result_shown = over && !replaying;

  reveal (self->replay_revealer, replaying);
  ludo_replay_bar_set_position (LUDO_REPLAY_BAR (self->replay_bar),
                                ludo_game_get_position (game), ludo_game_get_n_moves (game));
  update_review (self);
  update_status (self);
}

/* A view that can turn its board round (a "flipped" property) shows the
 * side of the one person playing the computer at the bottom, unless the
 * preferences keep the first player there. */
static void
orient_view (LudoGamePage *self)
{
  GParamSpec *pspec;
  g_autofree char *orientation = NULL;
  LudoGame *game;

  if (self->view == NULL)
    return;
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self->view), "flipped");
  if (pspec == NULL || !(pspec->flags & G_PARAM_WRITABLE) || pspec->value_type != G_TYPE_BOOLEAN)
    return;
  game = ludo_game_view_get_game (self->view);
  orientation = g_settings_get_string (self->settings, "board-orientation");
  g_object_set (self->view, "flipped",
                g_str_equal (orientation, "person") && ludo_game_count_humans (game) == 1 &&
                ludo_game_get_first_human (game) > 0,
                NULL);
}

static void
privacy_clicked_cb (LudoGamePage *self)
{
  ludo_session_confirm_privacy (self->session);
  ludo_game_page_focus_board (self);
}

static void
ply_activated_cb (LudoGamePage *self,
                  guint         ply)
{
  if (self->session)
    ludo_session_seek (self->session, ply);
}

static void
replay_speed_cb (LudoGamePage *self)
{
  if (self->session)
    ludo_session_set_replay_interval (self->session,
                                      ludo_replay_bar_get_interval (LUDO_REPLAY_BAR (self->replay_bar)));
}

static void
hint_found_cb (LudoGamePage *self,
               const char   *move)
{
  if (self->view)
    ludo_game_view_show_hint (self->view, move);
}

static void
disconnect_session (LudoGamePage *self)
{
  LudoGame *game;

  if (self->session == NULL)
    return;
  game = ludo_session_get_game (self->session);
  g_clear_signal_handler (&self->session_handler, self->session);
  for (guint i = 0; i < G_N_ELEMENTS (self->game_handlers); i++)
    g_clear_signal_handler (&self->game_handlers[i], game);
  if (self->view)
    g_clear_signal_handler (&self->status_handler, self->view);
  g_signal_handlers_disconnect_by_func (self->session, hint_found_cb, self);
}

static void
ludo_game_page_dispose (GObject *object)
{
  LudoGamePage *self = LUDO_GAME_PAGE (object);

  disconnect_session (self);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ludo_game_page_parent_class)->dispose (object);
}

static void
ludo_game_page_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  LudoGamePage *self = LUDO_GAME_PAGE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_SIDE_PANEL:
      g_value_set_boolean (value, self->side_panel);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_game_page_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  LudoGamePage *self = LUDO_GAME_PAGE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      ludo_game_page_set_session (self, g_value_get_object (value));
      break;
    case PROP_SIDE_PANEL:
      if (self->side_panel != g_value_get_boolean (value))
        {
          self->side_panel = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_game_page_class_init (LudoGamePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ludo_game_page_dispose;
  object_class->get_property = ludo_game_page_get_property;
  object_class->set_property = ludo_game_page_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, LUDO_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* the moves and the rules beside the board */
  properties[PROP_SIDE_PANEL] =
    g_param_spec_boolean ("side-panel", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (LUDO_TYPE_MOVE_LIST);
  g_type_ensure (LUDO_TYPE_REPLAY_BAR);
  g_type_ensure (LUDO_TYPE_REVIEW_GRAPH);
  g_type_ensure (LUDO_TYPE_RULES_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-game-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, flap);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, result_revealer);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, result_title);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, result_label);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, play_again_button);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, thinking_spinner);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, status_label);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, last_move_label);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, board_stack);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, view_bin);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, privacy_page);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, privacy_button);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, replay_revealer);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, replay_bar);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, review_graph);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, result_table);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, status_area);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, side_stack);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, move_list);
  gtk_widget_class_bind_template_child (widget_class, LudoGamePage, rules_view);
  gtk_widget_class_bind_template_callback (widget_class, revealer_done_cb);
  gtk_widget_class_bind_template_callback (widget_class, privacy_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, ply_activated_cb);
}

static void
ludo_game_page_init (LudoGamePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ludo_accessible_strip_mnemonics (GTK_WIDGET (self));
  ludo_accessible_unfocus_scrollers (self->privacy_page);

  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "rules-language", self->rules_view, "language", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "replay-speed", self->replay_bar, "speed", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->replay_bar, "notify::speed", G_CALLBACK (replay_speed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::board-orientation",
                           G_CALLBACK (orient_view), self, G_CONNECT_SWAPPED);
  g_object_bind_property (self, "side-panel", self->flap, "reveal-flap",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
}

LudoSession *
ludo_game_page_get_session (LudoGamePage *self)
{
  g_return_val_if_fail (LUDO_IS_GAME_PAGE (self), NULL);
  return self->session;
}

void
ludo_game_page_set_session (LudoGamePage *self,
                            LudoSession  *session)
{
  LudoGame *game;

  g_return_if_fail (LUDO_IS_GAME_PAGE (self));
  g_return_if_fail (session == NULL || LUDO_IS_SESSION (session));

  if (self->session == session)
    return;
  disconnect_session (self);
  g_set_object (&self->session, session);
  self->view = NULL;
  self->result_shown = FALSE;
  self->best_shown = FALSE;
  if (session == NULL)
    {
      adw_bin_set_child (ADW_BIN (self->view_bin), NULL);
      ludo_move_list_set_game (LUDO_MOVE_LIST (self->move_list), NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
      return;
    }

  game = ludo_session_get_game (session);
  ludo_session_set_replay_interval (session, ludo_replay_bar_get_interval (LUDO_REPLAY_BAR (self->replay_bar)));
  self->view = ludo_game_view_new_for_game (game);
  orient_view (self);
  adw_bin_set_child (ADW_BIN (self->view_bin), GTK_WIDGET (self->view));
  ludo_move_list_set_game (LUDO_MOVE_LIST (self->move_list), game);
  ludo_rules_view_set_page (LUDO_RULES_VIEW (self->rules_view), ludo_game_info_get_help_page (ludo_game_get_info (game)));

  /* the session tells of a new viewer first, then the position shown */
  self->session_handler = g_signal_connect_swapped (session, "notify", G_CALLBACK (update), self);
  self->game_handlers[0] = g_signal_connect_swapped (game, "position-changed", G_CALLBACK (update), self);
  self->game_handlers[1] = g_signal_connect_swapped (game, "seats-changed", G_CALLBACK (update), self);
  self->status_handler = g_signal_connect_swapped (self->view, "notify::status", G_CALLBACK (update_status), self);
  g_signal_connect_swapped (session, "hint-found", G_CALLBACK (hint_found_cb), self);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

LudoGameView *
ludo_game_page_get_view (LudoGamePage *self)
{
  g_return_val_if_fail (LUDO_IS_GAME_PAGE (self), NULL);
  return self->view;
}

gboolean
ludo_game_page_privacy_shown (LudoGamePage *self)
{
  g_return_val_if_fail (LUDO_IS_GAME_PAGE (self), FALSE);
  return g_str_equal (gtk_stack_get_visible_child_name (GTK_STACK (self->board_stack)), "privacy");
}

const char *
ludo_game_page_get_status (LudoGamePage *self)
{
  g_return_val_if_fail (LUDO_IS_GAME_PAGE (self), "");
  return gtk_label_get_text (GTK_LABEL (self->status_label));
}

void
ludo_game_page_focus_board (LudoGamePage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  g_return_if_fail (LUDO_IS_GAME_PAGE (self));

  if (self->view == NULL || ludo_game_page_privacy_shown (self))
    return;
  if (self->result_shown)
    {
      focus_result (self);
      return;
    }
  if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->view)))
    gtk_widget_child_focus (GTK_WIDGET (self->view), GTK_DIR_TAB_FORWARD);
}

void
ludo_game_page_show_rules (LudoGamePage *self)
{
  g_return_if_fail (LUDO_IS_GAME_PAGE (self));

  gtk_stack_set_visible_child_name (GTK_STACK (self->side_stack), "rules");
  g_object_set (self, "side-panel", TRUE, NULL);
}
