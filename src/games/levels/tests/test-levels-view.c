/* test-levels-view.c — the board on the screen: cells with names, choosing
 * and acting by activation, by dragging, by keyboard and by the named
 * actions, what an action would do shown before it is played, every board
 * drawn, a game in the window against the computer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With LUDOTEKA_FIGURES_DIR set, it also draws the manual's figures there
 * from the view itself (src/games/levels/help/figures/levels-*.svg):
 *   LUDOTEKA_FIGURES_DIR=$PWD/src/games/levels/help/figures meson test -C _build test-levels-view
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "app/ludo-application.h"
#include "app/ludo-cell.h"
#include "app/ludo-window-private.h"
#include "core/ludo-review.h"
#include "core/ludo-save.h"
#include "games/levels/ludo-levels-game.h"
#include "games/levels/ludo-levels-view.h"
#include "ludo-testing.h"
#include "ludo-ui-testing.h"

static LudoApplication *app;
static char *tmpdir;

static LudoGame *
new_game (int size,
          int players)
{
  g_autoptr(GVariant) options = g_variant_ref_sink (
    g_variant_new_parsed ("{'size': %i, 'players': %i}", size, players));
  LudoGame *game = ludo_game_new ("levels", g_variant_ref (options), NULL);

  g_assert_nonnull (game);
  return game;
}

static LudoGame *
game_from (const char *position)
{
  LevelsPos pos;
  LudoGame *game;

  g_assert_cmpint (levels_from_text (&pos, position), ==, LVL_TEXT_OK);
  game = new_game (pos.size, pos.players);
  g_assert_true (ludo_levels_game_set_start_position (LUDO_LEVELS_GAME (game), position, NULL));
  return game;
}

/* A view in a window of its own, shown. */
static LudoLevelsView *
show_view (LudoGame   *game,
           GtkWindow **window)
{
  return LUDO_LEVELS_VIEW (ludo_test_show_view (game, 900, 640, window));
}

static int
cell (LudoGame   *game,
      const char *name)
{
  int c;

  g_assert_cmpint (levels_parse_cell (ludo_levels_game_get_position (LUDO_LEVELS_GAME (game))->size, name, &c),
                   ==, (int) strlen (name));
  return c;
}

static const char *
label (LudoLevelsView *view,
       LudoGame       *game,
       const char     *name)
{
  return ludo_cell_get_label (ludo_levels_view_get_cell (view, cell (game, name)));
}

static const char *
status (LudoLevelsView *view)
{
  return ludo_game_view_get_status (LUDO_GAME_VIEW (view));
}

/* A key on the cursor's cell (the key controller sits on the grid, above
 * the cells). */
static gboolean
press_key (LudoLevelsView *view,
           guint           keyval)
{
  return ludo_test_press_key (GTK_WIDGET (ludo_levels_view_get_cell (view, ludo_levels_view_get_cursor (view))),
                              keyval);
}

/* ------------------------------------------------------------------------ */

/* Every cell has a name that says where it is, what stands there, and
 * how it is joined to a block. */
static void
test_names (void)
{
  g_autoptr(LudoGame) game = new_game (9, 2);
  GtkWindow *window;
  LudoLevelsView *view = show_view (game, &window);

  g_assert_cmpstr (label (view, game, "b1"), ==, "b1, white level 4, looking north");
  g_assert_cmpstr (label (view, game, "f1"), ==, "f1, white level 7, in state 1");
  g_assert_cmpstr (label (view, game, "h9"), ==, "h9, black level 4, looking south");
  g_assert_cmpstr (label (view, game, "e5"), ==, "e5, empty");
  g_assert_cmpstr (status (view), ==, "Player 1 (White, round pieces) to act.");
  g_assert_cmpuint (ludo_test_count_to_play (GTK_WIDGET (view)), ==, 1);

  /* g1-g2: the level 5 under the 6 on c1, Black's 4 on h9 under the 5 */
  g_assert_true (ludo_game_play (game, "g1-g2", NULL));
  g_assert_cmpstr (label (view, game, "g2"), ==, "g2, white level 5, dominated by c1");
  g_assert_cmpstr (label (view, game, "c1"), ==, "c1, white level 6, heads a block of 3 pieces");
  g_assert_cmpstr (label (view, game, "h9"), ==, "h9, white level 4, looking south, dominated by g2");
  g_assert_cmpstr (status (view), ==, "Player 2 (Black, square pieces) to act.");
  g_assert_cmpuint (ludo_test_count_to_play (GTK_WIDGET (view)), ==, 1);

  /* four players: four rows, one marked */
  {
    g_autoptr(LudoGame) four = new_game (12, 4);
    GtkWindow *w4;
    LudoLevelsView *v4 = show_view (four, &w4);
    g_assert_cmpuint (ludo_test_count_to_play (GTK_WIDGET (v4)), ==, 1);
    g_assert_cmpstr (label (v4, four, "a2"), ==, "a2, black level 1");
    g_assert_cmpstr (label (v4, four, "l9"), ==, "l9, blue level 3, looking west");
    gtk_window_destroy (w4);
  }
  gtk_window_destroy (window);
}

/* Choosing a piece and acting with it by activation; what the action
 * would do, shown and said before it is played; a cell where the piece
 * can do nothing says why. */
static void
test_choose_and_preview (void)
{
  g_autoptr(LudoGame) game = new_game (9, 2);
  GtkWindow *window;
  LudoLevelsView *view = show_view (game, &window);

  /* the level 5 on g1: g2 would capture Black's level 4 on h9 */
  ludo_levels_view_activate_cell (view, cell (game, "g1"));
  g_assert_cmpint (ludo_levels_view_get_selected (view), ==, cell (game, "g1"));
  ludo_test_assert_contains (label (view, game, "g1"), "chosen");
  ludo_test_assert_contains (label (view, game, "g2"), "the chosen piece can move here "
                                             "(h9: black level 4 turns white; g2 joins a block)");
  ludo_levels_view_point_at (view, cell (game, "g2"));
  g_assert_cmpuint (ludo_levels_view_get_preview (view), ==,
                    LVL_MOVE (LVL_ACT_MOVE, cell (game, "g1"), cell (game, "g2"), 0));
  g_assert_cmpstr (status (view), ==, "g1 moves to g2: h9: black level 4 turns white; g2 joins a block.");
  /* g4 is in sight of Black's level 6 on g9: the level 5 would be lost */
  ludo_levels_view_point_at (view, cell (game, "g4"));
  g_assert_cmpstr (status (view), ==, "g1 moves to g4: g4: white level 5 turns black; h9 joins a block.");
  ludo_levels_view_point_at (view, -1);
  g_assert_cmpuint (ludo_levels_view_get_preview (view), ==, LVL_MOVE_NONE);

  /* another of one's pieces chooses that one; the chosen one again puts it down */
  ludo_levels_view_activate_cell (view, cell (game, "a1"));
  g_assert_cmpint (ludo_levels_view_get_selected (view), ==, cell (game, "a1"));
  ludo_levels_view_point_at (view, cell (game, "a2"));
  g_assert_cmpstr (status (view), ==, "a1 moves to a2: captures nothing.");
  ludo_levels_view_activate_cell (view, cell (game, "a1"));
  g_assert_cmpint (ludo_levels_view_get_selected (view), ==, -1);

  /* a cell the level 2 does not see: nothing is played, the status says why */
  ludo_levels_view_activate_cell (view, cell (game, "a1"));
  ludo_levels_view_activate_cell (view, cell (game, "a5"));
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (status (view), ==, "the level 2 on a1 does not see a5");

  /* an enemy piece cannot be chosen */
  ludo_levels_view_activate_cell (view, cell (game, "a9"));
  g_assert_cmpint (ludo_levels_view_get_selected (view), ==, -1);

  ludo_levels_view_activate_cell (view, cell (game, "g1"));
  ludo_levels_view_activate_cell (view, cell (game, "g2"));
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
  g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "g1-g2");
  g_assert_cmpint (ludo_levels_view_get_selected (view), ==, -1);

  /* a hint, in words: the move list's, once played */
  ludo_game_view_show_hint (LUDO_GAME_VIEW (view), "g9-h8");
  g_assert_true (g_str_has_prefix (status (view), "Hint: g9 moves to h8"));
  g_assert_true (ludo_game_play (game, "g9-h8", NULL));
  {
    g_autofree char *said = ludo_game_describe_move (game, 1, LUDO_VIEWER_ALL);
    g_assert_true (g_str_has_prefix (said, "g9 moves to h8"));
  }
  gtk_window_destroy (window);
}

/* Dragging a piece with the pointer: a twitch, the other side's piece, a
 * cell it does not see and off the board play nothing; a drop on a cell
 * it can move to plays that move. */
static void
test_drag (void)
{
  g_autoptr(LudoGame) game = new_game (9, 2);
  GtkWindow *window;
  LudoLevelsView *view = show_view (game, &window);
  GtkWidget *a1 = GTK_WIDGET (ludo_levels_view_get_cell (view, cell (game, "a1")));
  GtkWidget *g1 = GTK_WIDGET (ludo_levels_view_get_cell (view, cell (game, "g1")));

  /* shorter than the lift: not chosen, nothing played */
  ludo_test_drag (g1, NULL, 2, -3);
  g_assert_cmpint (ludo_levels_view_get_selected (view), ==, -1);
  /* Black's level 6 on g9, White to act */
  ludo_test_drag (GTK_WIDGET (ludo_levels_view_get_cell (view, cell (game, "g9"))),
                  GTK_WIDGET (ludo_levels_view_get_cell (view, cell (game, "g8"))), 0, 0);
  g_assert_cmpint (ludo_levels_view_get_selected (view), ==, -1);

  /* a5, which the level 2 does not see, then off the board: still chosen */
  ludo_test_drag (a1, GTK_WIDGET (ludo_levels_view_get_cell (view, cell (game, "a5"))), 0, 0);
  g_assert_cmpint (ludo_levels_view_get_selected (view), ==, cell (game, "a1"));
  ludo_test_drag (a1, NULL, 0, 5000);
  g_assert_cmpint (ludo_levels_view_get_selected (view), ==, cell (game, "a1"));
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);
  g_assert_cmpint (ludo_game_view_get_drag (LUDO_GAME_VIEW (view), NULL, NULL), ==, -1);

  /* let go on g2, a cell it can move to: the move is played */
  ludo_test_drag (g1, GTK_WIDGET (ludo_levels_view_get_cell (view, cell (game, "g2"))), 0, 0);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
  g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "g1-g2");
  g_assert_cmpint (ludo_levels_view_get_selected (view), ==, -1);
  gtk_window_destroy (window);
}

/* Destroying, turning, switching state, releasing and moving the block:
 * each by the view, by its named action. */
static void
test_actions (void)
{
  static const char *start = "9 2 a a1a6,b2a5^a1,c2a3n,e5a7@1,c8b6,i9b2 0";
  GtkWindow *window;

  {
    g_autoptr(LudoGame) game = game_from (start);
    LudoLevelsView *view = show_view (game, &window);
    /* the level 3 on c2 sees Black's level 6 on c8, three levels higher */
    ludo_levels_view_activate_cell (view, cell (game, "c2"));
    ludo_test_assert_contains (label (view, game, "c8"), "the chosen piece can destroy it");
    ludo_levels_view_point_at (view, cell (game, "c8"));
    g_assert_cmpstr (status (view), ==, "c2 destroys black level 6 on c8: captures nothing.");
    ludo_levels_view_activate_cell (view, cell (game, "c8"));
    g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "c2xc8");
    /* the destroyer slides to its victim's cell, whose piece fades */
    g_assert_cmpuint (ludo_game_view_get_n_slides (LUDO_GAME_VIEW (view)), ==, 1);
    while (ludo_game_view_get_n_slides (LUDO_GAME_VIEW (view)) > 0)
      ludo_test_spin (20);
    gtk_window_destroy (window);
  }
  {
    g_autoptr(LudoGame) game = game_from (start);
    LudoLevelsView *view = show_view (game, &window);
    /* nothing chosen: the actions do nothing */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "levels.release", NULL));
    g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);
    ludo_levels_view_activate_cell (view, cell (game, "c2"));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "levels.turn-to", "s", "e"));
    g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "c2>e");
    g_assert_cmpuint (ludo_game_view_get_n_slides (LUDO_GAME_VIEW (view)), ==, 0);   /* it turns in place */
    gtk_window_destroy (window);
  }
  {
    g_autoptr(LudoGame) game = game_from (start);
    LudoLevelsView *view = show_view (game, &window);
    ludo_levels_view_activate_cell (view, cell (game, "e5"));
    /* a state it is in already is no action */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "levels.state-to", "s", "1"));
    g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "levels.state-to", "s", "3ne"));
    g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "e5@3ne");
    gtk_window_destroy (window);
  }
  {
    g_autoptr(LudoGame) game = game_from (start);
    LudoLevelsView *view = show_view (game, &window);
    ludo_levels_view_activate_cell (view, cell (game, "b2"));
    ludo_test_assert_contains (label (view, game, "b2"), "white level 5, dominated by a1, chosen");
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "levels.release", NULL));
    g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "b2/");
    gtk_window_destroy (window);
  }
  {
    g_autoptr(LudoGame) game = game_from (start);
    LudoLevelsView *view = show_view (game, &window);
    const LevelsPos *pos;
    /* the block of a1 and b2, chosen by b2: b5 is where b2 lands */
    ludo_levels_view_activate_cell (view, cell (game, "b2"));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "levels.block-mode", NULL));
    ludo_test_assert_contains (label (view, game, "b5"), "the chosen piece can land here with its block");
    ludo_levels_view_point_at (view, cell (game, "b5"));
    g_assert_cmpuint (ludo_levels_view_get_preview (view), ==,
                      LVL_MOVE (LVL_ACT_BLOCK, cell (game, "a1"), cell (game, "a4"), 0));
    /* block mode off and on again, then played */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "levels.block-mode", NULL));
    ludo_test_assert_contains (label (view, game, "b5"), "the chosen piece can move here");
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "levels.block-mode", NULL));
    ludo_levels_view_activate_cell (view, cell (game, "b5"));
    g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "a1=a4");
    g_assert_cmpuint (ludo_game_view_get_n_slides (LUDO_GAME_VIEW (view)), ==, 2);   /* the block, both */
    pos = ludo_levels_game_get_position (LUDO_LEVELS_GAME (game));
    g_assert_cmpint (levels_piece_at (pos, cell (game, "b5")), >=, 0);
    g_assert_cmpint (levels_piece_at (pos, cell (game, "a4")), >=, 0);
    gtk_window_destroy (window);
  }
}

/* Every named action has its key, and the choosers offer what the piece
 * can do. */
static void
test_keys (void)
{
  static const struct {
    guint       key;
    const char *action;
  } keys[] = {
    { GDK_KEY_b, "levels.block-mode" },
    { GDK_KEY_t, "levels.turn" },
    { GDK_KEY_s, "levels.state" },
    { GDK_KEY_r, "levels.release" },
  };
  g_autoptr(LudoGame) game = new_game (9, 2);
  GtkWindow *window;
  LudoLevelsView *view = show_view (game, &window);
  guint found = 0;
  GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (c)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (c), k);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          for (guint j = 0; j < G_N_ELEMENTS (keys); j++)
            if (GTK_IS_KEYVAL_TRIGGER (trigger) && GTK_IS_NAMED_ACTION (action) &&
                gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keys[j].key &&
                gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0 &&
                g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)), keys[j].action))
              found |= 1u << j;
        }
    }
  g_object_unref (controllers);
  g_assert_cmphex (found, ==, (1u << G_N_ELEMENTS (keys)) - 1);

  /* T opens the compass of the chosen ray: seven directions to turn to */
  ludo_levels_view_activate_cell (view, cell (game, "b1"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "levels.turn", NULL));
  ludo_test_spin (50);
  {
    GtkPopover *popover = gtk_menu_button_get_popover (
      GTK_MENU_BUTTON (gtk_widget_get_ancestor (GTK_WIDGET (gtk_window_get_focus (window)), GTK_TYPE_MENU_BUTTON)));
    g_assert_nonnull (popover);
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
    /* the focus is on a direction, whose action is previewed */
    g_assert_true (GTK_IS_BUTTON (gtk_window_get_focus (window)));
    g_assert_cmpint (LVL_MOVE_KIND (ludo_levels_view_get_preview (view)), ==, LVL_ACT_TURN);
    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (gtk_window_get_focus (window))), ==,
                     "levels.turn-to");
    /* a button activated by the keyboard clicks when its press is shown */
    gtk_widget_activate (GTK_WIDGET (gtk_window_get_focus (window)));
    ludo_test_spin (400);
    g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
    g_assert_true (g_str_has_prefix (ludo_game_get_move (game, 0), "b1>"));
  }
  gtk_window_destroy (window);
}

/* The keyboard alone: the cursor over the cells, Enter chooses, Esc puts
 * down, Enter acts; resting the cursor on a cell previews. */
static void
test_keyboard (void)
{
  g_autoptr(LudoGame) game = new_game (9, 2);
  GtkWindow *window;
  LudoLevelsView *view = show_view (game, &window);
  LudoCell *d1;

  /* it starts in the middle of the second rank */
  g_assert_cmpint (ludo_levels_view_get_cursor (view), ==, cell (game, "e2"));
  g_assert_true (press_key (view, GDK_KEY_Left));
  g_assert_true (press_key (view, GDK_KEY_Down));
  g_assert_true (press_key (view, GDK_KEY_Down));   /* stays on the edge */
  g_assert_cmpint (ludo_levels_view_get_cursor (view), ==, cell (game, "d1"));
  /* the board takes the arrows before the window: it shows the focus itself */
  gtk_window_set_focus_visible (window, FALSE);
  g_assert_true (press_key (view, GDK_KEY_Up));
  g_assert_true (gtk_window_get_focus_visible (window));
  g_assert_true (press_key (view, GDK_KEY_Down));
  d1 = ludo_levels_view_get_cell (view, cell (game, "d1"));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (d1)));
  g_assert_false (gtk_widget_get_focusable (GTK_WIDGET (ludo_levels_view_get_cell (view, cell (game, "e2")))));

  gtk_widget_activate (GTK_WIDGET (d1));
  g_assert_cmpint (ludo_levels_view_get_selected (view), ==, cell (game, "d1"));
  g_assert_true (press_key (view, GDK_KEY_Escape));
  g_assert_cmpint (ludo_levels_view_get_selected (view), ==, -1);
  gtk_widget_activate (GTK_WIDGET (d1));
  g_assert_true (press_key (view, GDK_KEY_Up));
  ludo_test_spin (20);
  /* the cursor on d2: the level 8 moving there, previewed */
  g_assert_cmpuint (ludo_levels_view_get_preview (view), ==,
                    LVL_MOVE (LVL_ACT_MOVE, cell (game, "d1"), cell (game, "d2"), 0));
  gtk_widget_activate (GTK_WIDGET (ludo_levels_view_get_cell (view, cell (game, "d2"))));
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
  g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "d1-d2");
  gtk_window_destroy (window);
}

/* Every board and number of players draws, light and dark, with a piece
 * chosen and a block on it. */
static void
test_draw_every_board (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (int dark = 0; dark <= 1; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      for (int size = 9; size <= 15; size += 3)
        for (int players = 2; players <= 4; players++)
          {
            g_autoptr(LudoGame) game = new_game (size, players);
            GtkWindow *window;
            LudoLevelsView *view;
            g_autoptr(GdkPaintable) paintable = NULL;
            g_autoptr(GskRenderNode) render = NULL;
            const LevelsPos *pos;

            for (int p = 0; p < players; p++)
              {
                g_auto(GStrv) moves = ludo_game_legal_moves (game);
                g_assert_true (ludo_game_play (game, moves[(p * 7) % g_strv_length (moves)], NULL));
              }
            view = show_view (game, &window);
            pos = ludo_levels_game_get_position (LUDO_LEVELS_GAME (game));
            for (int c = 0; c < size * size; c++)
              {
                int piece = levels_piece_at (pos, c);
                if (piece >= 0 && pos->piece[piece].colour == pos->to_move && levels_piece_level (piece) >= 3)
                  {
                    ludo_levels_view_activate_cell (view, c);
                    break;
                  }
              }
            g_assert_cmpint (ludo_levels_view_get_selected (view), >=, 0);
            paintable = gtk_widget_paintable_new (GTK_WIDGET (view));
            /* a slow run (valgrind, the sanitizers) lays the window out
             * later: until then the widget draws nothing */
            for (int i = 0; i < 500 && render == NULL; i++)
              {
                g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();

                ludo_test_spin (20);
                gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot),
                                        gtk_widget_get_width (GTK_WIDGET (view)),
                                        gtk_widget_get_height (GTK_WIDGET (view)));
                render = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
              }
            g_assert_nonnull (render);
            for (int c = 0; c < size * size; c++)
              g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (ludo_levels_view_get_cell (view, c))), >=, 12);
            gtk_window_destroy (window);
          }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* ------------------------------------------------------------------------ */
/* The manual's figures, drawn by the view                                   */

typedef enum {
  SHOW_PLAIN,     /* the position alone */
  SHOW_VIEW,      /* the field of view of the piece on `at` */
  SHOW_ACTION,    /* the piece on `at` chosen, the pointer on `to` */
  SHOW_BLOCK,     /* the same in block mode */
} Show;

static void
write_figure (const char *dir,
              const char *name,
              const char *position,
              Show        show,
              const char *at,
              const char *to)
{
  g_autoptr(LudoGame) game = game_from (position);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  GtkWindow *window;
  LudoLevelsView *view;
  GtkWidget *overlay, *board;

  view = show_view (game, &window);
  gtk_window_set_default_size (window, 640, 520);
  ludo_game_view_set_interactive (LUDO_GAME_VIEW (view), show >= SHOW_ACTION);
  if (show == SHOW_VIEW)
    ludo_levels_view_point_at (view, cell (game, at));
  else if (show >= SHOW_ACTION)
    {
      ludo_levels_view_activate_cell (view, cell (game, at));
      if (show == SHOW_BLOCK)
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "levels.block-mode", NULL));
      ludo_levels_view_point_at (view, cell (game, to));
      g_assert_cmpuint (ludo_levels_view_get_preview (view), !=, LVL_MOVE_NONE);
    }
  ludo_test_spin (100);

  /* the board with its ranks and files, without the frame's shadow (a
   * tiled image in SVG, slow for librsvg to draw) */
  overlay = gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (ludo_levels_view_get_cell (view, 0))));
  board = gtk_widget_get_parent (overlay);
  gtk_widget_remove_css_class (overlay, "levels-board");
  ludo_test_spin (50);
  ludo_test_draw_svg (board, path, FALSE);
  gtk_window_destroy (window);
}

static void
test_figures (void)
{
  gboolean scratch;
  g_autofree char *dir = ludo_test_figures_dir (&scratch);
  char start[LVL_TEXT_MAX];
  LevelsPos pos;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  levels_init (&pos, 9, 2);
  levels_to_text (&pos, start, sizeof start);
  write_figure (dir, "levels-start.svg", start, SHOW_PLAIN, NULL, NULL);
  write_figure (dir, "levels-view-1.svg", "9 2 a e5a1,i9b2 0", SHOW_VIEW, "e5", NULL);
  write_figure (dir, "levels-view-2.svg", "9 2 a e5a2,i9b2 0", SHOW_VIEW, "e5", NULL);
  write_figure (dir, "levels-view-3.svg", "9 2 a c3a3ne,i9b2 0", SHOW_VIEW, "c3", NULL);
  write_figure (dir, "levels-view-4.svg", "9 2 a e5a4e,a9b2 0", SHOW_VIEW, "e5", NULL);
  write_figure (dir, "levels-view-5.svg", "9 2 a e5a5,a1b2 0", SHOW_VIEW, "e5", NULL);
  write_figure (dir, "levels-view-6.svg", "9 2 a e5a6,a1b2 0", SHOW_VIEW, "e5", NULL);
  write_figure (dir, "levels-view-7.svg", "9 2 a e8a7@3s,a1b2 0", SHOW_VIEW, "e8", NULL);
  write_figure (dir, "levels-view-8.svg", "9 2 a h5a8@4w,a1b2 0", SHOW_VIEW, "h5", NULL);
  write_figure (dir, "levels-block.svg", "9 2 a c2a3n^c4,g3a5^e5,c4a4n^c7,e5a6,c7a5^e5,h8b8@2,a9b1,i9b2 0",
                SHOW_PLAIN, NULL, NULL);
  write_figure (dir, "levels-capture.svg", "9 2 a d2a5,a1a2,h6b4w,h4b3n^h6,i9b2,a9b1 0", SHOW_ACTION, "d2", "d5");
  write_figure (dir, "levels-destroy.svg", "9 2 a b2a3ne,a1a2,c3b4w,f6b6,a9b2 0", SHOW_ACTION, "b2", "f6");
  write_figure (dir, "levels-block-move.svg", "9 2 a d5a6,e4a5^d5,a1a2,i9b2,a9b1,h1b4n 0", SHOW_BLOCK, "d5", "g8");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  ludo_test_figures_done (dir, scratch, "levels-", 13);
}

/* ------------------------------------------------------------------------ */
/* In the window                                                             */

/* A person against the computer: the window lets the computer play in its
 * thread, the person plays by the view, undo takes back to the person's
 * turn, the game saves and opens again. */
static void
test_window_game (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = new_game (9, 2);
  g_autofree char *path = g_build_filename (tmpdir, "levels.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  LudoLevelsView *view;
  int timeout = 0;

  ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, "Ada");
  ludo_game_set_seat (game, 1, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY, NULL);
  ludo_window_set_game (window, game, NULL);
  view = LUDO_LEVELS_VIEW (ludo_window_get_view (window));

  for (int round = 0; round < 3 && !ludo_game_is_over (game); round++)
    {
      g_auto(GStrv) moves = ludo_game_legal_moves (game);
      const LevelsPos *pos = ludo_levels_game_get_position (LUDO_LEVELS_GAME (game));
      LevelsMove m = LVL_MOVE_NONE;

      g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);
      g_assert_true (ludo_game_view_get_interactive (LUDO_GAME_VIEW (view)));
      /* a move of a piece alone, played by choosing it and its cell */
      for (guint i = 0; moves[i] && m == LVL_MOVE_NONE; i++)
        {
          LevelsMove candidate = levels_move_from_text (pos, moves[i]);
          if (LVL_MOVE_KIND (candidate) == LVL_ACT_MOVE)
            m = candidate;
        }
      g_assert_cmpuint (m, !=, LVL_MOVE_NONE);
      ludo_levels_view_activate_cell (view, LVL_MOVE_FROM (m));
      ludo_levels_view_activate_cell (view, LVL_MOVE_TO (m));
      /* the computer answers, and it is Ada's turn again */
      while (!ludo_game_is_over (game) && (ludo_game_get_current_seat (game) != 0 || ludo_window_is_thinking (window)) &&
             timeout++ < 1000)
        ludo_test_spin (10);
      ludo_test_spin (50);
      /* the keyboard is back on the board for Ada */
      if (!ludo_game_is_over (game))
        {
          GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
          g_assert_true (LUDO_IS_CELL (focus));
          g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (view)));
        }
    }
  g_assert_cmpuint (ludo_game_get_n_moves (game), >=, 2);
  if (!ludo_game_is_over (game))
    {
      guint n = ludo_game_get_n_moves (game);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
      g_assert_cmpuint (ludo_game_get_position (game), ==, n - 2);
      g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);
    }

  g_assert_true (ludo_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  {
    g_autoptr(LudoGame) loaded = ludo_save_read (path, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (ludo_game_get_position (loaded), ==, ludo_game_get_position (game));
    g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, ludo_game_get_n_moves (game));
    g_assert_cmpstr (ludo_game_get_seat_name (loaded, 0), ==, "Ada");
  }
  g_remove (path);
  ludo_test_close_window (window);
}

/* The review from the replay bar, as a person asks for it: its button,
 * then marks in the move list, read out with the computer's verdict. The
 * sample's move 11 is a blunder (into a destruction), move 12 the only
 * move that keeps the value. */
static gboolean
reviewed (gpointer game)
{
  return ludo_game_get_review (game) != NULL;
}

static gboolean
review_button_shown (gpointer window)
{
  return ludo_test_find_button (window, "_Review the Game", FALSE) != NULL;
}

static void
test_window_review (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autofree char *path = ludo_test_game_sample ("levels");
  g_autoptr(LudoGame) game = ludo_save_read (path, NULL);
  g_autoptr(GPtrArray) labels = NULL;
  const LudoMoveReview *blunder;
  g_autofree char *verdict = NULL, *spoken = NULL;
  GtkWidget *marked = NULL;

  g_assert_nonnull (game);
  ludo_window_set_game (window, game, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.replay", NULL));
  ludo_test_wait_until (review_button_shown, window, 10);
  gtk_widget_activate (ludo_test_find_button (GTK_WIDGET (window), "_Review the Game", FALSE));
  ludo_test_wait_until (reviewed, game, 60);
  ludo_test_spin (100);

  blunder = ludo_game_get_review (game)->pdata[10];
  g_assert_cmpint (blunder->mark, ==, LUDO_MARK_BLUNDER);
  g_assert_cmpint (((LudoMoveReview *) ludo_game_get_review (game)->pdata[11])->mark, ==, LUDO_MARK_ONLY);
  /* the row of move 11 shows its mark … */
  labels = ludo_test_find_all (GTK_WIDGET (window), GTK_TYPE_LABEL);
  for (guint i = 0; i < labels->len && marked == NULL; i++)
    if (g_str_has_prefix (gtk_label_get_text (labels->pdata[i]), "11. ") &&
        g_str_has_suffix (gtk_label_get_text (labels->pdata[i]), " ??"))
      marked = labels->pdata[i];
  g_assert_nonnull (marked);
  /* … and a screen reader hears the verdict and the computer's move */
  verdict = ludo_review_describe (game, blunder, LUDO_VIEWER_ALL);
  g_assert_nonnull (strstr (verdict, "a blunder; the computer would play"));
  {
    g_autofree char *line = ludo_game_describe_move_line (game, 10, LUDO_VIEWER_ALL);

    spoken = g_strdup_printf ("%s — %s", line, verdict);
  }
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (gtk_widget_get_parent (marked)),
                                                     GTK_ACCESSIBLE_PROPERTY_LABEL, spoken));

  /* the next mistake (Page Down): from the start to the blunder, the
   * one error; none after it; the previous (Page Up) from the end */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-first", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-mistake", NULL));
  g_assert_cmpuint (ludo_game_get_position (game), ==, 11);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-mistake", NULL);
  g_assert_cmpuint (ludo_game_get_position (game), ==, 11);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-last", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-mistake", NULL));
  g_assert_cmpuint (ludo_game_get_position (game), ==, 11);

  /* before the blunder the board draws the computer's move as a hint,
   * and the status says it; back in the game, the hint is gone */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-back", NULL));
  ludo_test_spin (100);
  {
    g_autofree char *best = ludo_review_describe_best (game, blunder, LUDO_VIEWER_ALL);
    const char *hint = ludo_game_view_get_status (ludo_window_get_view (window));

    g_assert_true (g_str_has_prefix (hint, "Hint: "));
    ludo_test_assert_contains (ludo_window_get_status (window), best);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.replay-continue", NULL));
  ludo_test_spin (100);
  g_assert_false (g_str_has_prefix (ludo_game_view_get_status (ludo_window_get_view (window)), "Hint: "));
  ludo_test_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  int status;

  tmpdir = ludo_test_init (&argc, &argv);
  app = ludo_test_app_new ();

  g_test_add_func ("/levels-view/names", test_names);
  g_test_add_func ("/levels-view/choose-and-preview", test_choose_and_preview);
  g_test_add_func ("/levels-view/drag", test_drag);
  g_test_add_func ("/levels-view/actions", test_actions);
  g_test_add_func ("/levels-view/keys", test_keys);
  g_test_add_func ("/levels-view/keyboard", test_keyboard);
  g_test_add_func ("/levels-view/draw-every-board", test_draw_every_board);
  g_test_add_func ("/levels-view/figures", test_figures);
  g_test_add_func ("/levels-view/window-game", test_window_game);
  g_test_add_func ("/levels-view/window-review", test_window_review);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
