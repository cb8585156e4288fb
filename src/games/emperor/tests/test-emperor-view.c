/* test-emperor-view.c — Emperor Chess in the window: moves by clicking
 * squares and by dragging pieces, promotion, hints, the crown drawn, a castling's two pieces
 * sliding, the board turned, and the computer cancelled at any moment
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "app/ludo-application.h"
#include "app/ludo-cell.h"
#include "app/ludo-window-private.h"
#include "games/emperor/ludo-emperor-game.h"
#include "games/emperor/ludo-emperor-view.h"
#include "ludo-test-scale.h"
#include "ludo-ui-testing.h"

static LudoApplication *app;

static LudoGame *
emperor_game (const char   *fen,
              LudoSeatKind  black)
{
  LudoGame *game = ludo_game_new ("emperor", NULL, NULL);

  if (fen)
    g_assert_true (ludo_emperor_game_set_start_fen (LUDO_EMPEROR_GAME (game), fen, NULL));
  ludo_game_set_seed (game, 3);
  ludo_game_set_seat (game, 1, black, LUDO_LEVEL_EASY, NULL);
  return game;
}

static void
test_play (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = emperor_game (NULL, LUDO_SEAT_COMPUTER);
  LudoEmperorView *view;

  ludo_window_set_game (window, game, NULL);
  view = LUDO_EMPEROR_VIEW (ludo_window_get_view (window));
  g_assert_false (ludo_window_privacy_shown (window));   /* no secrets in chess */

  /* click-click: pick up the pawn, put it down two squares on */
  ludo_emperor_view_activate_square (view, EMP_SQ (4, 1));
  g_assert_cmpint (ludo_emperor_view_get_selected (view), ==, EMP_SQ (4, 1));
  ludo_emperor_view_activate_square (view, EMP_SQ (4, 5));   /* not a legal target: let go */
  g_assert_cmpint (ludo_emperor_view_get_selected (view), ==, -1);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);
  ludo_emperor_view_activate_square (view, EMP_SQ (4, 1));
  ludo_emperor_view_activate_square (view, EMP_SQ (4, 3));
  g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "e2e4");
  ludo_test_wait_until (ludo_test_not_thinking, window, 30);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 2);
  g_assert_nonnull (strstr (ludo_window_get_status (window), "to move"));

  /* the other side's pieces do not move */
  ludo_emperor_view_activate_square (view, EMP_SQ (0, 8));
  g_assert_cmpint (ludo_emperor_view_get_selected (view), ==, -1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (ludo_game_get_position (game), ==, 0);

  g_assert_false (ludo_emperor_view_get_flipped (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "emperor.flip", NULL));
  g_assert_true (ludo_emperor_view_get_flipped (view));
  ludo_test_check_names (GTK_WIDGET (window));
  ludo_test_close_window (window);
}

/* The board's cell for square sq. */
static GtkWidget *
square_cell (LudoEmperorView *view,
             int              sq)
{
  g_autoptr(GPtrArray) cells = ludo_test_find_all (GTK_WIDGET (view), LUDO_TYPE_CELL);

  for (guint i = 0; i < cells->len; i++)
    if (ludo_cell_get_data (cells->pdata[i]) == sq)
      return cells->pdata[i];
  g_assert_not_reached ();
}

/* Dragging a piece with the pointer: a twitch, the other side's piece, an
 * illegal square and off the board play nothing; a drop on a legal
 * square plays that move. */
static void
test_drag (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = emperor_game (NULL, LUDO_SEAT_HUMAN);
  LudoEmperorView *view;
  GtkWidget *e2, *e4;
  g_autofree char *status = NULL;

  ludo_window_set_game (window, game, NULL);
  view = LUDO_EMPEROR_VIEW (ludo_window_get_view (window));
  ludo_test_spin (100);
  e2 = square_cell (view, EMP_SQ (4, 1));
  e4 = square_cell (view, EMP_SQ (4, 3));

  /* shorter than the lift: not picked up, nothing played */
  ludo_test_drag (e2, NULL, 3, 2);
  g_assert_cmpint (ludo_emperor_view_get_selected (view), ==, -1);
  /* Black's pawn, White to move: nothing picked up, nothing said */
  status = g_strdup (ludo_window_get_status (window));
  ludo_test_drag (square_cell (view, EMP_SQ (4, 8)), square_cell (view, EMP_SQ (4, 6)), 0, 0);
  g_assert_cmpint (ludo_emperor_view_get_selected (view), ==, -1);
  g_assert_cmpstr (ludo_window_get_status (window), ==, status);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);

  /* an illegal square, then off the board: the pawn stays, picked up */
  ludo_test_drag (e2, square_cell (view, EMP_SQ (4, 5)), 0, 0);
  g_assert_cmpint (ludo_emperor_view_get_selected (view), ==, EMP_SQ (4, 1));
  ludo_test_drag (e2, NULL, -5000, 0);
  g_assert_cmpint (ludo_emperor_view_get_selected (view), ==, EMP_SQ (4, 1));
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);
  g_assert_cmpint (ludo_game_view_get_drag (LUDO_GAME_VIEW (view), NULL, NULL), ==, -1);

  ludo_test_drag (e2, e4, 0, 0);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
  g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "e2e4");
  g_assert_cmpint (ludo_emperor_view_get_selected (view), ==, -1);
  /* Black's answer, dragged as well */
  ludo_test_drag (square_cell (view, EMP_SQ (4, 8)), square_cell (view, EMP_SQ (4, 6)), 0, 0);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (ludo_game_get_move (game, 1), ==, "e9e7");
  ludo_test_close_window (window);
}

static void
test_promotion (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = emperor_game ("k9/5P4/10/10/10/10/10/10/10/9K w - - 0 1", LUDO_SEAT_HUMAN);
  LudoEmperorView *view;

  ludo_window_set_game (window, game, NULL);
  view = LUDO_EMPEROR_VIEW (ludo_window_get_view (window));
  ludo_emperor_view_activate_square (view, EMP_SQ (5, 8));
  ludo_emperor_view_activate_square (view, EMP_SQ (5, 9));
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);   /* it asks first */
  ludo_emperor_view_choose_promotion (view, EMP_GENERAL);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
  g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "f9f10g");
  g_assert_cmpint (EMP_TYPE (ludo_emperor_game_get_position (LUDO_EMPEROR_GAME (game))->board[EMP_SQ (5, 9)]), ==,
                   EMP_GENERAL);
  ludo_test_close_window (window);
}

static gboolean
hint_found (gpointer data)
{
  return g_str_has_prefix (ludo_window_get_status (data), "Hint: ");
}

/* A hint names a move in the status; asking again, or starting another
 * game, while the computer looks leaves no stale spinner behind. */
static void
test_hint (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) first = emperor_game (NULL, LUDO_SEAT_HUMAN);
  g_autoptr(LudoGame) second = emperor_game ("k9/10/1K8/10/10/10/10/10/10/9R w - - 0 1", LUDO_SEAT_HUMAN);

  ludo_window_set_game (window, first, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_cmpstr (ludo_window_get_status (window), ==, "Looking for a hint…");
  ludo_window_set_game (window, second, NULL);
  g_assert_cmpstr (ludo_window_get_status (window), !=, "Looking for a hint…");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  ludo_test_spin (100);   /* the first, cancelled, has answered by now */
  g_assert_true (hint_found (window) || g_str_equal (ludo_window_get_status (window), "Looking for a hint…"));
  ludo_test_wait_until (hint_found, window, 30);
  /* mate in one: the rook to the tenth rank */
  g_assert_cmpstr (ludo_window_get_status (window), ==, "Hint: Rj10#.");
  ludo_test_close_window (window);
}

/* Cancelling the computer at any moment — undo, a new game, closing the
 * window while it thinks — a thousand times: no crash, and no move lands
 * where it no longer belongs (the game it was for is gone, or it is a
 * person's turn). The computer plays Easy, which answers in time to
 * be caught now and then. */
static void
test_cancel_computer (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1204);
  g_autoptr(GPtrArray) left = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) left_moves = g_array_new (FALSE, FALSE, sizeof (guint));
  /* not shown: drawing a thousand boards would take minutes, and what is
   * tested happens off screen */
  LudoWindow *window = ludo_window_new (ADW_APPLICATION (app));
  LudoGame *game = NULL;
  guint undos = 0, news = 0, closes = 0, computer_moves = 0, rounds = ludo_test_scaled (1000);

  for (guint i = 0; i < rounds; i++)
    {
      g_auto(GStrv) moves = NULL;
      guint n;

      if (game == NULL || ludo_game_is_over (game))
        {
          if (game)
            {
              g_ptr_array_add (left, game);
              n = ludo_game_get_n_moves (game);
              g_array_append_val (left_moves, n);
            }
          game = emperor_game (NULL, LUDO_SEAT_COMPUTER);
          ludo_game_set_seed (game, g_rand_int (rand));
          ludo_window_set_game (window, game, NULL);
        }

      /* the person's turn: whatever the computer was thinking was
       * cancelled, and nothing may arrive now */
      n = ludo_game_get_n_moves (game);
      ludo_test_spin (g_rand_int_range (rand, 1, 4));
      g_assert_cmpuint (ludo_game_get_n_moves (game), ==, n);
      g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);

      moves = ludo_game_legal_moves (game);
      g_assert_true (ludo_game_play (game, moves[g_rand_int_range (rand, 0, g_strv_length (moves))], NULL));
      if (ludo_game_is_over (game))
        continue;
      g_assert_true (ludo_window_is_thinking (window));
      /* now and then the computer finishes first */
      if (g_rand_int_range (rand, 0, 4) == 0)
        {
          ludo_test_wait_until (ludo_test_not_thinking, window, 60);
          computer_moves++;
          g_assert_cmpint (ludo_game_get_current_seat (game), !=, 1);
          if (ludo_game_is_over (game))
            continue;
          g_assert_true (ludo_game_play (game, "", NULL) == FALSE);
          moves = (g_strfreev (moves), ludo_game_legal_moves (game));
          g_assert_true (ludo_game_play (game, moves[g_rand_int_range (rand, 0, g_strv_length (moves))], NULL));
          if (ludo_game_is_over (game))
            continue;
        }
      else
        ludo_test_spin (g_rand_int_range (rand, 0, 3));

      switch (g_rand_int_range (rand, 0, 3))
        {
        case 0:   /* undo the person's move while the computer answers it */
          if (ludo_window_is_thinking (window))
            {
              g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
              g_assert_false (ludo_window_is_thinking (window));
              undos++;
            }
          else
            {
              /* it answered already: take back both */
              g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
              g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
            }
          break;
        case 1:   /* another game */
        case 2:   /* or closing the window */
          g_ptr_array_add (left, game);
          n = ludo_game_get_n_moves (game);
          g_array_append_val (left_moves, n);
          game = NULL;
          if (g_rand_boolean (rand))
            {
              news++;
              game = emperor_game (NULL, LUDO_SEAT_COMPUTER);
              ludo_game_set_seed (game, g_rand_int (rand));
              ludo_window_set_game (window, game, NULL);
            }
          else
            {
              closes++;
              gtk_window_destroy (GTK_WINDOW (window));
              window = ludo_window_new (ADW_APPLICATION (app));
            }
          break;
        default:
          g_assert_not_reached ();
        }
    }

  /* every answer still under way has come and gone: the games left
   * behind did not move since */
  ludo_test_spin (500);
  for (guint i = 0; i < left->len; i++)
    g_assert_cmpuint (ludo_game_get_n_moves (left->pdata[i]), ==, g_array_index (left_moves, guint, i));
  g_test_message ("%u rounds: %u undos, %u new games and %u closed windows while the computer "
                  "thought; it answered %u times", rounds, undos, news, closes, computer_moves);
  /* each kind of interruption was met often (the quick suite meets few) */
  if (!ludo_test_is_reduced ())
    {
      g_assert_cmpuint (undos, >, 100);
      g_assert_cmpuint (news, >, 100);
      g_assert_cmpuint (closes, >, 100);
    }
  g_clear_object (&game);
  ludo_test_close_window (window);
}

static void
test_snapshot (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = emperor_game ("k9/10/10/10/4K5/10/10/10/10/10 w - - 0 1 w 50 1 -", LUDO_SEAT_HUMAN);
  g_autofree guchar *pixels = NULL;
  int w, h, gold = 0;

  /* the suite's high-contrast run draws it again there */
  ludo_test_check_high_contrast ();

  ludo_window_set_game (window, game, NULL);
  ludo_test_spin (200);
  pixels = ludo_test_render_view (window, &w, &h);
  /* the emperor's crown is drawn: gold pixels */
  for (int i = 0; i < w * h; i++)
    gold += pixels[4 * i + 2] > 220 && pixels[4 * i + 1] > 170 && pixels[4 * i + 1] < 225 && pixels[4 * i] < 90;
  g_assert_cmpint (gold, >, 10);
  ludo_test_close_window (window);
}

/* A castling shows itself: the king and the rook slide. */
static void
test_castling_slides (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) castling = emperor_game ("4k5/10/10/10/10/10/10/10/10/6K2R w K - 0 1", LUDO_SEAT_HUMAN);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkSettings *gtk = gtk_widget_get_settings (GTK_WIDGET (window));
  g_autoptr(GError) error = NULL;

  g_object_set (gtk, "gtk-enable-animations", TRUE, NULL);
  g_settings_set_uint (settings, "animation-speed", 1);   /* slow: 600 ms */
  ludo_window_set_game (window, castling, NULL);
  ludo_test_spin (200);
  g_assert_true (ludo_game_play (castling, "g1i1", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ludo_game_view_get_n_slides (ludo_window_get_view (window)), ==, 2);
  ludo_test_wait_until (ludo_test_board_still, window, 10);
  g_settings_reset (settings, "animation-speed");
  ludo_test_close_window (window);
}

/* A person playing Black against the computer sees Black at the bottom,
 * unless the preferences keep the first player there. */
static void
test_orientation (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = emperor_game (NULL, LUDO_SEAT_HUMAN);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  LudoEmperorView *view;

  ludo_game_set_seat (game, 0, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY, NULL);
  g_settings_set_string (settings, "board-orientation", "person");
  ludo_window_set_game (window, game, NULL);
  ludo_test_wait_until (ludo_test_not_thinking, window, 30);
  view = LUDO_EMPEROR_VIEW (ludo_window_get_view (window));
  g_assert_true (ludo_emperor_view_get_flipped (view));
  g_settings_set_string (settings, "board-orientation", "first");
  g_assert_false (ludo_emperor_view_get_flipped (view));
  g_settings_reset (settings, "board-orientation");
  ludo_test_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmpdir = NULL;
  int status;

  tmpdir = ludo_test_init (&argc, &argv);
  app = ludo_test_app_new ();

  g_test_add_func ("/emperor-view/play", test_play);
  g_test_add_func ("/emperor-view/drag", test_drag);
  g_test_add_func ("/emperor-view/promotion", test_promotion);
  g_test_add_func ("/emperor-view/hint", test_hint);
  g_test_add_func ("/emperor-view/snapshot", test_snapshot);
  g_test_add_func ("/emperor-view/castling-slides", test_castling_slides);
  g_test_add_func ("/emperor-view/orientation", test_orientation);
  g_test_add_func ("/emperor-view/cancel-computer", test_cancel_computer);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
