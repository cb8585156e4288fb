/* test-kombi-view.c — the board on the screen: fields and sectors with
 * names, claiming, marking and moving markers by activation, by dragging,
 * by keyboard and by the Done action, matches shown on request, the match
 * table, a hint with its exact value, a game in the window against the
 * computer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With LUDOTEKA_FIGURES_DIR set, it also draws the manual's figures there
 * from the view itself (src/games/kombi/help/figures/kombi-*.svg):
 *   LUDOTEKA_FIGURES_DIR=$PWD/src/games/kombi/help/figures meson test -C _build test-kombi-view
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "app/ludo-application.h"
#include "app/ludo-cell.h"
#include "app/ludo-window-private.h"
#include "core/ludo-ai.h"
#include "core/ludo-save.h"
#include "games/kombi/kombi-ai.h"
#include "games/kombi/ludo-kombi-game.h"
#include "games/kombi/ludo-kombi-view.h"
#include "ludo-testing.h"
#include "ludo-ui-testing.h"

static LudoApplication *app;
static char *tmpdir;

static LudoGame *
new_game (int field_players,
          int task_players,
          int claims,
          int shifts,
          int match)
{
  g_autoptr(GVariant) options = g_variant_ref_sink (
    g_variant_new_parsed ("{'field-players': %i, 'task-players': %i, 'claims': %i, 'shifts': %i, 'match': %i}",
                          field_players, task_players, claims, shifts, match));
  LudoGame *game = ludo_game_new ("kombi", g_variant_ref (options), NULL);

  g_assert_nonnull (game);
  return game;
}

static void
play_all (LudoGame           *game,
          const char * const *moves)
{
  for (guint i = 0; moves[i]; i++)
    ludo_test_play_ok (game, moves[i]);
}

/* A view in a window of its own, shown. */
static LudoKombiView *
show_view (LudoGame   *game,
           GtkWindow **window)
{
  return LUDO_KOMBI_VIEW (ludo_test_show_view (game, 1100, 720, window));
}

static const char *
label (LudoKombiView *view,
       int            place)
{
  return ludo_cell_get_label (ludo_kombi_view_get_cell (view, place));
}

static const char *
status (LudoKombiView *view)
{
  return ludo_game_view_get_status (LUDO_GAME_VIEW (view));
}

/* A key on the cursor's place (the key controller sits above the places). */
static gboolean
press_key (LudoKombiView *view,
           guint          keyval)
{
  return ludo_test_press_key (GTK_WIDGET (ludo_kombi_view_get_cell (view, ludo_kombi_view_get_cursor (view))), keyval);
}

/* Every field and sector says what it is and what is on it. */
static void
test_names (void)
{
  static const char * const moves[] = { "claim:17", "mark:1,4,6", NULL };
  g_autoptr(LudoGame) game = new_game (1, 2, 12, 1, 1);
  GtkWindow *window;
  LudoKombiView *view;

  play_all (game, moves);
  ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, "Ada");
  view = show_view (game, &window);
  /* field 17 = {2,3,5}: marker 51, 54, 56 match none of it */
  ludo_test_assert_contains (label (view, 16), "Field 17, marked 52, 53, 55");
  ludo_test_assert_contains (label (view, 16), "covered by Ada");
  ludo_test_assert_contains (label (view, 16), "value 0");
  ludo_test_assert_contains (label (view, 10), "Field 11, marked 51, 54, 56");
  ludo_test_assert_contains (label (view, 10), "matches 3 markers now");
  ludo_test_assert_contains (label (view, LUDO_KOMBI_PLACE_UPPER + 3), "Upper task field, sector 4, code mark 54, marker");
  ludo_test_assert_contains (label (view, LUDO_KOMBI_PLACE_UPPER + 1), "sector 2, code mark 52, free");
  ludo_test_assert_contains (label (view, LUDO_KOMBI_PLACE_LOWER), "Lower task field, sector 1, code mark 51, free");
  ludo_test_assert_contains (status (view), "claim a free field");
  gtk_window_destroy (window);
}

/* A whole game by activation: claims, the first marking (played when the
 * third sector is chosen), one marker moved, two markers moved and one
 * with Done; wrong places ring and play nothing. */
static void
test_play_by_activation (void)
{
  g_autoptr(LudoGame) game = new_game (1, 1, 4, 2, 0);
  GtkWindow *window;
  LudoKombiView *view = show_view (game, &window);

  ludo_kombi_view_activate_place (view, 16);                       /* claim 17 */
  g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "claim:17");
  ludo_kombi_view_activate_place (view, 5);                        /* not a claim now */
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 0);
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 3);
  ludo_test_assert_contains (label (view, LUDO_KOMBI_PLACE_UPPER + 3), "marker");
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 5);
  g_assert_cmpstr (ludo_game_get_move (game, 1), ==, "mark:1,4,6");

  ludo_kombi_view_activate_place (view, 0);                        /* claim 1 */
  /* two markers: 51 → 52, then Done */
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 0);
  ludo_test_assert_contains (label (view, LUDO_KOMBI_PLACE_UPPER + 0), "picked up");
  ludo_test_assert_contains (label (view, LUDO_KOMBI_PLACE_UPPER + 1), "the marker may move here");
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 1);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "kombi.done", NULL));
  g_assert_cmpstr (ludo_game_get_move (game, 3), ==, "shift:1-2");

  ludo_kombi_view_activate_place (view, 34);                       /* claim 35 */
  /* two markers at once: 54 → 57, 56 → 53 */
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 3);
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 6);
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 5);
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 3);   /* vacated this turn: no */
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 5);
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 2);
  g_assert_cmpstr (ludo_game_get_move (game, 5), ==, "shift:4-3,6-7");

  ludo_kombi_view_activate_place (view, 1);
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 1);
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "kombi.done", NULL));
  g_assert_true (ludo_game_is_over (game));
  /* the single game's best play is shown from the table */
  ludo_test_spin (50);
  g_assert_cmpint (ludo_kombi_view_get_best_value (view), ==, kombi_start_value (2, 4));
  gtk_window_destroy (window);
}

/* Dragging a marker along its task field: shorter than a drop (a click,
 * which the sector's own activation answers), from a free sector, or let
 * go on a field or off the row plays nothing and picks nothing up; let go
 * on a free sector, it moves there (one shift a turn: played at once). */
static void
test_drag (void)
{
  static const char * const moves[] = { "claim:17", "mark:1,4,6", "claim:1", NULL };
  g_autoptr(LudoGame) game = new_game (1, 1, 4, 1, 0);
  GtkWindow *window;
  LudoKombiView *view;
  GtkWidget *first, *second;

  play_all (game, moves);
  view = show_view (game, &window);
  first = GTK_WIDGET (ludo_kombi_view_get_cell (view, LUDO_KOMBI_PLACE_UPPER + 0));
  second = GTK_WIDGET (ludo_kombi_view_get_cell (view, LUDO_KOMBI_PLACE_UPPER + 1));

  /* with 54 picked up, 7 px on 51: past the lift (6) but short of a drop
   * (8), a click that the sector answers itself; 54 stays in hand */
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 3);
  ludo_test_drag (first, NULL, 7, 0);
  ludo_test_assert_contains (label (view, LUDO_KOMBI_PLACE_UPPER + 3), "picked up");
  ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + 3);   /* put back */
  ludo_test_drag (second, first, 0, 0);   /* no marker on sector 2 */
  ludo_test_drag (first, GTK_WIDGET (ludo_kombi_view_get_cell (view, 5)), 0, 0);   /* a field */
  ludo_test_drag (first, NULL, 0, -5000);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 3);
  g_assert_null (strstr (label (view, LUDO_KOMBI_PLACE_UPPER + 0), "picked up"));
  g_assert_null (strstr (label (view, LUDO_KOMBI_PLACE_UPPER + 1), "marker"));

  ludo_test_drag (first, second, 0, 0);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 4);
  g_assert_cmpstr (ludo_game_get_move (game, 3), ==, "shift:1-2");
  gtk_window_destroy (window);
}

/* The keyboard: arrows across rows of five and seven, Enter claims,
 * Escape drops a marker picked up; Ctrl+M shows the matches. */
static void
test_keyboard (void)
{
  g_autoptr(LudoGame) game = new_game (1, 1, 4, 1, 0);
  GtkWindow *window;
  LudoKombiView *view = show_view (game, &window);

  g_assert_cmpint (ludo_kombi_view_get_cursor (view), ==, 0);
  g_assert_true (press_key (view, GDK_KEY_Right));
  g_assert_true (press_key (view, GDK_KEY_Down));
  g_assert_cmpint (ludo_kombi_view_get_cursor (view), ==, 6);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (ludo_kombi_view_get_cell (view, 6))));
  g_signal_emit_by_name (ludo_kombi_view_get_cell (view, 6), "activate");
  g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "claim:7");
  /* up from the first row is the upper task field, the same place across */
  g_assert_true (press_key (view, GDK_KEY_Up));
  g_assert_true (press_key (view, GDK_KEY_Up));
  g_assert_cmpint (ludo_kombi_view_get_cursor (view), ==, LUDO_KOMBI_PLACE_UPPER + 2);
  for (int s = 0; s < 3; s++)
    {
      g_signal_emit_by_name (ludo_kombi_view_get_cell (view, ludo_kombi_view_get_cursor (view)), "activate");
      press_key (view, GDK_KEY_Right);
    }
  g_assert_cmpstr (ludo_game_get_move (game, 1), ==, "mark:3,4,5");
  g_assert_true (press_key (view, GDK_KEY_Down));
  g_signal_emit_by_name (ludo_kombi_view_get_cell (view, ludo_kombi_view_get_cursor (view)), "activate");
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 3);
  g_assert_true (press_key (view, GDK_KEY_Up));
  g_signal_emit_by_name (ludo_kombi_view_get_cell (view, LUDO_KOMBI_PLACE_UPPER + 2), "activate");
  ludo_test_assert_contains (label (view, LUDO_KOMBI_PLACE_UPPER + 2), "picked up");
  g_assert_true (press_key (view, GDK_KEY_Escape));
  g_assert_null (strstr (label (view, LUDO_KOMBI_PLACE_UPPER + 2), "picked up"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "kombi.show-matches", NULL));
  gtk_window_destroy (window);
}

/* The side panel: roles, live values, the match table; a hint that knows
 * the exact value. */
static void
test_side_and_hint (void)
{
  static const char * const moves[] = { "claim:1", "mark:1,4,6", "claim:12", NULL };
  g_autoptr(LudoGame) game = new_game (1, 1, 3, 1, 1);
  GtkWindow *window;
  LudoKombiView *view;
  g_autofree char *move = NULL;
  g_autoptr(GError) error = NULL;

  play_all (game, moves);
  view = show_view (game, &window);
  ludo_test_assert_contains (status (view), "move one marker of the upper task field");
  move = ludo_ai_think (game, LUDO_LEVEL_HARD, NULL, &error);
  g_assert_no_error (error);
  ludo_game_view_show_hint (LUDO_GAME_VIEW (view), move);
  ludo_test_assert_contains (status (view), "Hint: move 5");
  ludo_test_assert_contains (status (view), "With best play from here the field player scores ");
  gtk_window_destroy (window);
}

/* Every seat combination draws, light and dark. */
static void
test_draw_every_combination (void)
{
  for (int f = 1; f <= 3; f++)
    for (int t = 1; t <= 2; t++)
      {
        static const char * const moves[] = { "claim:1", "mark:1,2,3", "claim:2", NULL };
        g_autoptr(LudoGame) game = new_game (f, t, 12, 2, 1);
        GtkWindow *window;
        LudoKombiView *view;

        play_all (game, moves);
        view = show_view (game, &window);
        adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                            (f + t) % 2 ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "kombi.show-matches", NULL));
        ludo_test_spin (60);
        g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (ludo_kombi_view_get_cell (view, 34))), >, 60);
        gtk_window_destroy (window);
      }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

/* ------------------------------------------------------------------------ */
/* The manual's figures, drawn by the view                                   */

static void
write_figure (const char         *dir,
              const char         *name,
              LudoGame           *game,
              gboolean            matches,
              GtkWidget *       (*part) (LudoKombiView *view))
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  GtkWindow *window;
  LudoKombiView *view = show_view (game, &window);

  gtk_window_set_default_size (window, 900, 560);
  ludo_game_view_set_interactive (LUDO_GAME_VIEW (view), FALSE);
  if (matches)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "kombi.show-matches", NULL));
  /* the task fields' titles are words: the captions, translated, say
   * which task field is which */
  for (GtkWidget *child = gtk_widget_get_first_child (ludo_kombi_view_get_board (view)); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child))
      gtk_widget_set_visible (child, FALSE);
  ludo_test_spin (100);
  ludo_test_draw_svg (part (view), path, FALSE);
  gtk_window_destroy (window);
}

static GtkWidget *
whole_board (LudoKombiView *view)
{
  return ludo_kombi_view_get_board (view);
}

static GtkWidget *
upper_task_field (LudoKombiView *view)
{
  return gtk_widget_get_parent (GTK_WIDGET (ludo_kombi_view_get_cell (view, LUDO_KOMBI_PLACE_UPPER)));
}

static void
test_figures (void)
{
  static const char * const shift[] = { "claim:17", "mark:1,4,6", "claim:3", "shift:4-7", NULL };
  static const char * const value[] = {
    "claim:1", "mark:1,4,6", "claim:12", "shift:1-2", "claim:24", "shift:2-1",
    "claim:27", "shift:4-5", "claim:35", "shift:5-4", NULL,
  };
  gboolean scratch;
  g_autofree char *dir = ludo_test_figures_dir (&scratch);

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  {
    g_autoptr(LudoGame) game = new_game (1, 2, 12, 1, 1);
    write_figure (dir, "kombi-start.svg", game, FALSE, whole_board);
  }
  {
    g_autoptr(LudoGame) game = new_game (1, 1, 12, 1, 1);
    play_all (game, shift);
    write_figure (dir, "kombi-shift.svg", game, FALSE, upper_task_field);
  }
  {
    g_autoptr(LudoGame) game = new_game (1, 1, 5, 1, 0);
    play_all (game, value);
    write_figure (dir, "kombi-value.svg", game, TRUE, whole_board);
  }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  ludo_test_figures_done (dir, scratch, "kombi-", 3);
}

/* ------------------------------------------------------------------------ */
/* In the window                                                             */

/* A person against the computer in a match: the person claims in game 1
 * and marks in game 2; the computer answers in its thread; undo comes
 * back to the person; the game saves and opens again. */
static void
test_window_game (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = new_game (1, 1, 2, 1, 1);
  g_autofree char *path = g_build_filename (tmpdir, "kombi.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  LudoKombiView *view;
  int timeout = 0;

  ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, "Ada");
  ludo_game_set_seat (game, 1, LUDO_SEAT_COMPUTER, LUDO_LEVEL_HARD, NULL);
  ludo_window_set_game (window, game, NULL);
  view = LUDO_KOMBI_VIEW (ludo_window_get_view (window));

  while (!ludo_game_is_over (game) && timeout < 2000)
    {
      const KombiPos *pos = ludo_kombi_game_get_position (LUDO_KOMBI_GAME (game));

      if (ludo_game_get_current_seat (game) != 0 || ludo_window_is_thinking (window))
        {
          ludo_test_spin (10);
          timeout++;
          continue;
        }
      ludo_test_spin (30);
      g_assert_true (ludo_game_view_get_interactive (LUDO_GAME_VIEW (view)));
      {
        GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
        g_assert_true (LUDO_IS_CELL (focus));
      }
      if (!kombi_task_to_move (pos) || kombi_game_over (pos))
        {
          int f = 0;
          while (!kombi_game_over (pos) && (pos->claimed >> f & 1))
            f++;
          ludo_kombi_view_activate_place (view, f);
        }
      else if (pos->marks[0] == 0)
        for (int s = 0; s < 3; s++)
          ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + s);
      else
        {
          int from = __builtin_ctz (pos->marks[0]), to = __builtin_ctz (~pos->marks[0] & 0x7f);
          ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + from);
          ludo_kombi_view_activate_place (view, LUDO_KOMBI_PLACE_UPPER + to);
        }
    }
  g_assert_true (ludo_game_is_over (game));
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 8);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);
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

int
main (int    argc,
      char **argv)
{
  int status;

  tmpdir = ludo_test_init (&argc, &argv);
  app = ludo_test_app_new ();

  g_test_add_func ("/kombi-view/names", test_names);
  g_test_add_func ("/kombi-view/play-by-activation", test_play_by_activation);
  g_test_add_func ("/kombi-view/drag", test_drag);
  g_test_add_func ("/kombi-view/keyboard", test_keyboard);
  g_test_add_func ("/kombi-view/side-and-hint", test_side_and_hint);
  g_test_add_func ("/kombi-view/draw-every-combination", test_draw_every_combination);
  g_test_add_func ("/kombi-view/figures", test_figures);
  g_test_add_func ("/kombi-view/window-game", test_window_game);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
