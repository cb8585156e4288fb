/* test-spiderweb-view.c — the web on the screen: nodes with names, playing
 * by activation, by dragging and by keyboard, what a move would enclose, every board
 * and number of players drawn, a game in the window against the computer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With LUDOTEKA_FIGURES_DIR set, it also draws the manual's figures there
 * from the view itself (src/games/spiderweb/help/figures/spiderweb-*.svg):
 *   LUDOTEKA_FIGURES_DIR=$PWD/src/games/spiderweb/help/figures meson test -C _build test-spiderweb-view
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "app/ludo-application.h"
#include "app/ludo-cell.h"
#include "app/ludo-window-private.h"
#include "core/ludo-save.h"
#include "games/spiderweb/ludo-spiderweb-game.h"
#include "games/spiderweb/ludo-spiderweb-view.h"
#include "ludo-testing.h"
#include "ludo-ui-testing.h"

static LudoApplication *app;
static char *tmpdir;

static LudoGame *
new_game (int rings,
          int spokes,
          int players)
{
  g_autoptr(GVariant) options = g_variant_ref_sink (
    g_variant_new_parsed ("{'rings': %i, 'spokes': %i, 'players': %i}", rings, spokes, players));
  LudoGame *game = ludo_game_new ("spiderweb", g_variant_ref (options), NULL);

  g_assert_nonnull (game);
  return game;
}

/* A view in a window of its own, shown. */
static LudoSpiderwebView *
show_view (LudoGame   *game,
           GtkWindow **window)
{
  return LUDO_SPIDERWEB_VIEW (ludo_test_show_view (game, 760, 560, window));
}

static int
node (const SpiderwebPos *pos,
      int                 ring,
      int                 spoke)
{
  return ring * pos->spokes + spoke;
}

/* Every piece placed, at random (the same each run): the moving begins. */
static void
play_placing (LudoGame *game)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  while (ludo_spiderweb_game_get_position (LUDO_SPIDERWEB_GAME (game))->phase == SPW_PLACING)
    {
      g_auto(GStrv) moves = ludo_game_legal_moves (game);
      g_assert_true (ludo_game_play (game, moves[g_rand_int_range (rand, 0, g_strv_length (moves))], NULL));
    }
}

/* A key on the cursor's node (the key controller sits on the web, above
 * the nodes). */
static gboolean
press_key (LudoSpiderwebView *view,
           guint              keyval)
{
  return ludo_test_press_key (GTK_WIDGET (ludo_spiderweb_view_get_cell (view, ludo_spiderweb_view_get_cursor (view))),
                              keyval);
}

/* ------------------------------------------------------------------------ */

/* Every node has a name that says where it is and what is there. */
static void
test_names (void)
{
  g_autoptr(LudoGame) game = new_game (4, 8, 2);
  GtkWindow *window;
  LudoSpiderwebView *view = show_view (game, &window);
  const SpiderwebPos *pos = ludo_spiderweb_game_get_position (LUDO_SPIDERWEB_GAME (game));

  g_assert_cmpstr (ludo_cell_get_label (ludo_spiderweb_view_get_cell (view, node (pos, 1, 4))), ==,
                   "ring 2, spoke 5, empty, a piece may be placed here");
  g_assert_true (ludo_game_play (game, "place:1.4", NULL));
  g_assert_cmpstr (ludo_cell_get_label (ludo_spiderweb_view_get_cell (view, node (pos, 1, 4))), ==,
                   "ring 2, spoke 5, piece of Player 1 (dark round)");
  g_assert_true (g_str_has_prefix (ludo_game_view_get_status (LUDO_GAME_VIEW (view)),
                                   "Player 2 (light diamond) to place, 12 in hand"));
  /* the side panel marks the player to play, and only that one — also
   * for a game opened in the middle */
  {
    g_autoptr(LudoGame) four = new_game (5, 8, 4);
    GtkWindow *w4;
    LudoSpiderwebView *v4;
    GRand *rand = g_rand_new_with_seed (4);
    for (int i = 0; i < 30; i++)
      {
        g_auto(GStrv) moves = ludo_game_legal_moves (four);
        g_assert_true (ludo_game_play (four, moves[g_rand_int_range (rand, 0, g_strv_length (moves))], NULL));
      }
    g_rand_free (rand);
    v4 = show_view (four, &w4);
    g_assert_cmpuint (ludo_test_count_to_play (GTK_WIDGET (v4)), ==, 1);
    gtk_window_destroy (w4);
  }
  for (int i = 0; i < 3; i++)
    {
      g_assert_cmpuint (ludo_test_count_to_play (GTK_WIDGET (view)), ==, 1);
      g_assert_true (ludo_game_play (game, i == 0 ? "place:2.2" : i == 1 ? "place:3.5" : "place:0.0", NULL));
    }
  gtk_window_destroy (window);
}

/* Placing by activation; moving by picking up and putting down; the
 * pieces a move would enclose, shown before it is played. */
static void
test_play_and_preview (void)
{
  g_autoptr(LudoGame) game = new_game (4, 8, 2);
  GtkWindow *window;
  LudoSpiderwebView *view = show_view (game, &window);
  const SpiderwebPos *pos = ludo_spiderweb_game_get_position (LUDO_SPIDERWEB_GAME (game));
  LudoCell *cell;

  /* the hint, the cell and the move list name the node alike */
  ludo_game_view_show_hint (LUDO_GAME_VIEW (view), "place:0.1");
  g_assert_cmpstr (ludo_game_view_get_status (LUDO_GAME_VIEW (view)), ==, "Hint: place on ring 1, spoke 2.");
  {
    g_autofree char *where = ludo_spiderweb_node_label (pos, node (pos, 0, 1));
    g_autofree char *hint = g_strdup_printf ("Hint: place on %s.", where);
    g_autofree char *placed = g_strdup_printf ("places on %s", where);
    g_autofree char *said = NULL;

    g_assert_cmpstr (ludo_game_view_get_status (LUDO_GAME_VIEW (view)), ==, hint);
    g_assert_true (g_str_has_prefix (ludo_cell_get_label (ludo_spiderweb_view_get_cell (view, node (pos, 0, 1))),
                                     where));
    ludo_spiderweb_view_activate_node (view, node (pos, 0, 1));
    g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
    said = ludo_game_describe_move (game, 0, LUDO_VIEWER_ALL);
    g_assert_cmpstr (said, ==, placed);
  }
  g_assert_cmpuint (ludo_game_view_get_n_slides (LUDO_GAME_VIEW (view)), ==, 0);   /* placed: it fades in */
  g_assert_true (ludo_game_play (game, "place:0.0", NULL));
  g_assert_true (ludo_game_play (game, "place:0.7", NULL));
  g_assert_true (ludo_game_play (game, "place:3.3", NULL));
  pos = ludo_spiderweb_game_get_position (LUDO_SPIDERWEB_GAME (game));

  /* with the keyboard on 1.0, the placement there would take b's 0.0 */
  cell = ludo_spiderweb_view_get_cell (view, node (pos, 1, 0));
  gtk_widget_set_focusable (GTK_WIDGET (cell), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (cell));
  ludo_test_spin (20);
  g_assert_cmphex (ludo_spiderweb_view_get_preview (view), ==, 1ull << node (pos, 0, 0));
  g_assert_nonnull (strstr (ludo_cell_get_label (cell), "it encloses 1 piece"));
  g_signal_emit_by_name (cell, "activate");
  pos = ludo_spiderweb_game_get_position (LUDO_SPIDERWEB_GAME (game));
  g_assert_cmpint (spiderweb_owner (pos, node (pos, 0, 0)), ==, -1);
  g_assert_cmpint (pos->lost[1], ==, 1);

  /* a forbidden node: the status says why, nothing is played */
  {
    guint n = ludo_game_get_n_moves (game);
    ludo_spiderweb_view_activate_node (view, node (pos, 0, 1));
    g_assert_cmpuint (ludo_game_get_n_moves (game), ==, n);
    g_assert_nonnull (strstr (ludo_game_view_get_status (LUDO_GAME_VIEW (view)), "taken"));
  }
  gtk_window_destroy (window);
}

static void
test_moving (void)
{
  g_autoptr(LudoGame) game = new_game (3, 6, 2);
  GtkWindow *window;
  LudoSpiderwebView *view;
  const SpiderwebPos *pos;

  play_placing (game);
  view = show_view (game, &window);
  pos = ludo_spiderweb_game_get_position (LUDO_SPIDERWEB_GAME (game));
  g_assert_cmpint (pos->phase, ==, SPW_MOVING);
  {
    g_auto(GStrv) moves = ludo_game_legal_moves (game);
    SpiderwebMove m;
    guint n = ludo_game_get_n_moves (game);

    g_assert_true (spiderweb_parse_move (pos, moves[0], &m));
    ludo_spiderweb_view_activate_node (view, SPW_MOVE_FROM (m));
    g_assert_cmpint (ludo_spiderweb_view_get_selected (view), ==, SPW_MOVE_FROM (m));
    g_assert_nonnull (strstr (ludo_cell_get_label (ludo_spiderweb_view_get_cell (view, SPW_MOVE_TO (m))),
                              "it can go here"));
    ludo_spiderweb_view_activate_node (view, SPW_MOVE_TO (m));
    g_assert_cmpuint (ludo_game_get_n_moves (game), ==, n + 1);
    g_assert_cmpstr (ludo_game_get_move (game, n), ==, moves[0]);
    g_assert_cmpint (ludo_spiderweb_view_get_selected (view), ==, -1);
    /* the piece slides along its line */
    g_assert_cmpuint (ludo_game_view_get_n_slides (LUDO_GAME_VIEW (view)), ==, 1);
    while (ludo_game_view_get_n_slides (LUDO_GAME_VIEW (view)) > 0)
      ludo_test_spin (20);
  }

  /* by keyboard: Enter on a piece picks it up, Esc puts it back, Enter on
   * its target plays the move */
  pos = ludo_spiderweb_game_get_position (LUDO_SPIDERWEB_GAME (game));
  if (pos->phase == SPW_MOVING)
    {
      g_auto(GStrv) moves = ludo_game_legal_moves (game);
      LudoCell *from, *to;
      SpiderwebMove m;
      guint n = ludo_game_get_n_moves (game);

      g_assert_true (spiderweb_parse_move (pos, moves[0], &m));
      from = ludo_spiderweb_view_get_cell (view, SPW_MOVE_FROM (m));
      to = ludo_spiderweb_view_get_cell (view, SPW_MOVE_TO (m));
      ludo_cell_move_cursor (ludo_spiderweb_view_get_cell (view, ludo_spiderweb_view_get_cursor (view)), from);
      gtk_widget_activate (GTK_WIDGET (from));
      g_assert_cmpint (ludo_spiderweb_view_get_selected (view), ==, SPW_MOVE_FROM (m));
      g_assert_nonnull (strstr (ludo_cell_get_label (from), "picked up"));
      g_assert_true (press_key (view, GDK_KEY_Escape));
      g_assert_cmpint (ludo_spiderweb_view_get_selected (view), ==, -1);
      gtk_widget_activate (GTK_WIDGET (from));
      gtk_widget_activate (GTK_WIDGET (to));
      g_assert_cmpuint (ludo_game_get_n_moves (game), ==, n + 1);
    }

  /* a hint: the move along its line, and said in words */
  {
    g_auto(GStrv) moves = ludo_game_legal_moves (game);
    if (moves[0])
      {
        SpiderwebMove m;
        g_autofree char *from = NULL;
        g_autofree char *to = NULL;
        g_autofree char *hint = NULL;
        g_autofree char *said = NULL;

        ludo_game_view_show_hint (LUDO_GAME_VIEW (view), moves[0]);
        g_assert_true (g_str_has_prefix (ludo_game_view_get_status (LUDO_GAME_VIEW (view)), "Hint: move from ring "));
        /* in the words of the cells, and of the move list once played */
        g_assert_true (spiderweb_parse_move (pos, moves[0], &m));
        from = ludo_spiderweb_node_label (pos, SPW_MOVE_FROM (m));
        to = ludo_spiderweb_node_label (pos, SPW_MOVE_TO (m));
        hint = g_strdup_printf ("Hint: move from %s to %s.", from, to);
        g_assert_cmpstr (ludo_game_view_get_status (LUDO_GAME_VIEW (view)), ==, hint);
        g_assert_true (g_str_has_prefix (ludo_cell_get_label (ludo_spiderweb_view_get_cell (view, SPW_MOVE_FROM (m))),
                                         from));
        g_assert_true (ludo_game_play (game, moves[0], NULL));
        said = ludo_game_describe_move (game, ludo_game_get_n_moves (game) - 1, LUDO_VIEWER_ALL);
        {
          g_autofree char *moved = g_strdup_printf ("moves from %s to %s", from, to);
          g_assert_true (g_str_has_prefix (said, moved));
        }
      }
  }
  gtk_window_destroy (window);
}

/* Dragging a piece with the pointer, which only moves (a piece is placed by
 * activation): while placing, a twitch, another player's piece, an
 * occupied node and off the board play nothing; a drop on a node joined to
 * it and empty plays that step. */
static void
test_drag (void)
{
  g_autoptr(LudoGame) game = new_game (3, 6, 2);
  GtkWindow *window;
  LudoSpiderwebView *view = show_view (game, &window);
  const SpiderwebPos *pos;
  g_auto(GStrv) moves = NULL;
  SpiderwebMove m;
  GtkWidget *from, *theirs = NULL;
  guint n;

  /* nothing to pick up while placing */
  ludo_test_drag (GTK_WIDGET (ludo_spiderweb_view_get_cell (view, 0)),
                  GTK_WIDGET (ludo_spiderweb_view_get_cell (view, 1)), 0, 0);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 0);
  g_assert_cmpint (ludo_spiderweb_view_get_selected (view), ==, -1);

  play_placing (game);
  pos = ludo_spiderweb_game_get_position (LUDO_SPIDERWEB_GAME (game));   /* the current one, from now */
  moves = ludo_game_legal_moves (game);
  g_assert_true (spiderweb_parse_move (pos, moves[0], &m));
  n = ludo_game_get_n_moves (game);
  from = GTK_WIDGET (ludo_spiderweb_view_get_cell (view, SPW_MOVE_FROM (m)));
  for (int i = 0; i < spiderweb_n_nodes (pos) && !theirs; i++)
    if (spiderweb_owner (pos, i) >= 0 && spiderweb_owner (pos, i) != pos->to_move)
      theirs = GTK_WIDGET (ludo_spiderweb_view_get_cell (view, i));
  g_assert_nonnull (theirs);

  /* shorter than the lift, and the other player's piece: not picked up */
  ludo_test_drag (from, NULL, -3, 3);
  g_assert_cmpint (ludo_spiderweb_view_get_selected (view), ==, -1);
  ludo_test_drag (theirs, GTK_WIDGET (ludo_spiderweb_view_get_cell (view, SPW_MOVE_TO (m))), 0, 0);
  g_assert_cmpint (ludo_spiderweb_view_get_selected (view), ==, -1);

  /* onto the other player's piece, then off the board: still picked up */
  ludo_test_drag (from, theirs, 0, 0);
  g_assert_cmpint (ludo_spiderweb_view_get_selected (view), ==, SPW_MOVE_FROM (m));
  ludo_test_drag (from, NULL, 5000, 0);
  g_assert_cmpint (ludo_spiderweb_view_get_selected (view), ==, SPW_MOVE_FROM (m));
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, n);
  g_assert_cmpint (ludo_game_view_get_drag (LUDO_GAME_VIEW (view), NULL, NULL), ==, -1);

  ludo_test_drag (from, GTK_WIDGET (ludo_spiderweb_view_get_cell (view, SPW_MOVE_TO (m))), 0, 0);
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, n + 1);
  g_assert_cmpstr (ludo_game_get_move (game, n), ==, moves[0]);
  g_assert_cmpint (ludo_spiderweb_view_get_selected (view), ==, -1);
  gtk_window_destroy (window);
}

/* The cursor goes along the lines: round the polygon, out and in along the
 * spoke; Enter places. */
static void
test_keyboard (void)
{
  g_autoptr(LudoGame) game = new_game (4, 8, 2);
  GtkWindow *window;
  LudoSpiderwebView *view = show_view (game, &window);
  const SpiderwebPos *pos = ludo_spiderweb_game_get_position (LUDO_SPIDERWEB_GAME (game));

  /* it starts at the top of the outer polygon */
  g_assert_cmpint (ludo_spiderweb_view_get_cursor (view), ==, node (pos, 3, 0));
  g_assert_true (press_key (view, GDK_KEY_Left));
  g_assert_cmpint (ludo_spiderweb_view_get_cursor (view), ==, node (pos, 3, 7));
  g_assert_true (press_key (view, GDK_KEY_Right));
  g_assert_true (press_key (view, GDK_KEY_Right));
  g_assert_cmpint (ludo_spiderweb_view_get_cursor (view), ==, node (pos, 3, 1));
  g_assert_true (press_key (view, GDK_KEY_Down));
  g_assert_true (press_key (view, GDK_KEY_Down));
  g_assert_cmpint (ludo_spiderweb_view_get_cursor (view), ==, node (pos, 1, 1));
  g_assert_true (press_key (view, GDK_KEY_Up));
  g_assert_cmpint (ludo_spiderweb_view_get_cursor (view), ==, node (pos, 2, 1));
  /* the cursor's node alone is in the Tab chain, and has the focus */
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (ludo_spiderweb_view_get_cell (view, node (pos, 2, 1)))));
  g_assert_false (gtk_widget_get_focusable (GTK_WIDGET (ludo_spiderweb_view_get_cell (view, node (pos, 3, 1)))));
  gtk_widget_activate (GTK_WIDGET (ludo_spiderweb_view_get_cell (view, node (pos, 2, 1))));
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 1);
  g_assert_cmpstr (ludo_game_get_move (game, 0), ==, "place:2.1");
  gtk_window_destroy (window);
}

/* Every board option and number of players draws, light and dark; the
 * pieces of each player are there in their colours. */
static void
test_draw_every_board (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (int dark = 0; dark <= 1; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      for (int rings = 3; rings <= 6; rings++)
        for (int spokes = 6; spokes <= 8; spokes += 2)
          for (int players = 2; players <= 4; players++)
            {
              g_autoptr(LudoGame) game = new_game (rings, spokes, players);
              GtkWindow *window;
              LudoSpiderwebView *view;
              g_autoptr(GdkPaintable) paintable = NULL;
              g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
              g_autoptr(GskRenderNode) render = NULL;

              for (int p = 0; p < players; p++)
                {
                  g_auto(GStrv) moves = ludo_game_legal_moves (game);
                  g_assert_true (ludo_game_play (game, moves[(p * 5) % g_strv_length (moves)], NULL));
                }
              view = show_view (game, &window);
              paintable = gtk_widget_paintable_new (GTK_WIDGET (view));
              gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot),
                                      gtk_widget_get_width (GTK_WIDGET (view)),
                                      gtk_widget_get_height (GTK_WIDGET (view)));
              render = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
              g_assert_nonnull (render);
              /* a node for every place of the web, each with a size */
              for (int n = 0; n < rings * spokes; n++)
                g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (ludo_spiderweb_view_get_cell (view, n))), >=, 8);
              gtk_window_destroy (window);
            }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* ------------------------------------------------------------------------ */
/* The manual's figures, drawn by the view                                   */

static void
write_figure (const char *dir,
              const char *name,
              const char *position,
              int         pointed_ring,
              int         pointed_spoke)
{
  g_autoptr(LudoGame) game = NULL;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  GtkWindow *window;
  LudoSpiderwebView *view;
  GtkWidget *board;
  SpiderwebPos pos;

  g_assert_cmpint (spiderweb_from_text (&pos, position), ==, SPW_TEXT_OK);
  game = new_game (pos.rings, pos.spokes, pos.players);
  /* set the position up by its placements, in turn */
  {
    int counts[SPW_MAX_PLAYERS] = { 0 };
    int left = 0;
    for (int p = 0; p < pos.players; p++)
      left += __builtin_popcountll (pos.pieces[p]);
    while (left > 0)
      {
        int p = ludo_game_get_current_seat (game);
        uint64_t rest = pos.pieces[p];
        char text[24];
        for (int k = 0; k < counts[p]; k++)
          rest &= rest - 1;
        g_assert_true (rest != 0);
        spiderweb_move_to_text (&pos, SPW_PLACE (__builtin_ctzll (rest)), text, sizeof text);
        g_assert_true (ludo_game_play (game, text, NULL));
        counts[p]++;
        left--;
      }
  }
  view = show_view (game, &window);
  gtk_window_set_default_size (window, 420, 420);
  /* the places a piece may go are shown only where the figure is about a move */
  ludo_game_view_set_interactive (LUDO_GAME_VIEW (view), pointed_ring >= 0);
  if (pointed_ring >= 0)
    {
      LudoCell *cell = ludo_spiderweb_view_get_cell (view, pointed_ring * pos.spokes + pointed_spoke);
      gtk_widget_set_focusable (GTK_WIDGET (cell), TRUE);
      gtk_widget_grab_focus (GTK_WIDGET (cell));
    }
  ludo_test_spin (100);

  /* the web alone, without the side panel, and without the frame's shadow
   * (a tiled image in SVG, slow for librsvg to draw) */
  board = gtk_widget_get_parent (GTK_WIDGET (ludo_spiderweb_view_get_cell (view, 0)));
  gtk_widget_remove_css_class (board, "spiderweb-board");
  ludo_test_spin (50);
  ludo_test_draw_svg (board, path, TRUE);
  gtk_window_destroy (window);
}

static void
test_figures (void)
{
  gboolean scratch;
  g_autofree char *dir = ludo_test_figures_dir (&scratch);

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  write_figure (dir, "spiderweb-start.svg", "4x8 ......../......../......../........ a 12,12 0,0", -1, 0);
  /* a placing on 1.0 encloses b's 0.0 */
  write_figure (dir, "spiderweb-enclose.svg", "4x8 ba.....a/......../......../...b.... a 10,10 0,0", 1, 0);
  /* a placing on 1.0 encloses a's own 0.0, which b takes */
  write_figure (dir, "spiderweb-own.svg", "4x8 aa.....b/......../..b...../........ a 10,10 0,0", 1, 0);
  /* a's castle on 1.1 */
  write_figure (dir, "spiderweb-castle.svg", "4x8 .a....../a.a...../.a....../...b.bb. b 8,9 0,0", -1, 0);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  ludo_test_figures_done (dir, scratch, "spiderweb-", 4);
}

/* ------------------------------------------------------------------------ */
/* In the window                                                             */

/* Three players, two of them the computer: the window lets the computer
 * play in its thread, a person plays by the view, undo takes back to the
 * person's turn, the game saves and opens again with its three seats. */
static void
test_window_game (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autoptr(LudoGame) game = new_game (5, 6, 3);
  g_autofree char *path = g_build_filename (tmpdir, "three.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  LudoSpiderwebView *view;
  int timeout = 0;

  ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, "Ada");
  ludo_game_set_seat (game, 1, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY, NULL);
  ludo_game_set_seat (game, 2, LUDO_SEAT_COMPUTER, LUDO_LEVEL_MEDIUM, NULL);
  ludo_window_set_game (window, game, NULL);
  view = LUDO_SPIDERWEB_VIEW (ludo_window_get_view (window));

  for (int round = 0; round < 3; round++)
    {
      g_auto(GStrv) moves = ludo_game_legal_moves (game);
      SpiderwebMove m;
      const SpiderwebPos *pos = ludo_spiderweb_game_get_position (LUDO_SPIDERWEB_GAME (game));

      g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);
      g_assert_true (ludo_game_view_get_interactive (LUDO_GAME_VIEW (view)));
      g_assert_true (spiderweb_parse_move (pos, moves[0], &m));
      ludo_spiderweb_view_activate_node (view, SPW_MOVE_TO (m));
      /* the two computers answer, and it is Ada's turn again */
      while ((ludo_game_get_current_seat (game) != 0 || ludo_window_is_thinking (window)) && timeout++ < 1000)
        ludo_test_spin (10);
      g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);
      ludo_test_spin (50);
      g_assert_cmpuint (ludo_test_count_to_play (GTK_WIDGET (view)), ==, 1);
    }
  g_assert_cmpuint (ludo_game_get_n_moves (game), ==, 9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpuint (ludo_game_get_position (game), ==, 6);
  g_assert_cmpint (ludo_game_get_current_seat (game), ==, 0);

  g_assert_true (ludo_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  {
    g_autoptr(LudoGame) loaded = ludo_save_read (path, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (ludo_game_get_n_seats (loaded), ==, 3);
    g_assert_cmpuint (ludo_game_get_position (loaded), ==, 6);
    g_assert_cmpuint (ludo_game_get_n_moves (loaded), ==, 9);
    g_assert_cmpstr (ludo_game_get_seat_name (loaded, 0), ==, "Ada");
  }
  g_remove (path);
  ludo_test_close_window (window);
}

static gboolean
label_shown (GtkWidget  *root,
             const char *text)
{
  g_autoptr(GPtrArray) labels = ludo_test_find_all (root, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (labels->pdata[i]) && g_str_equal (gtk_label_get_text (labels->pdata[i]), text))
      return TRUE;
  return FALSE;
}

/* Four players, three of them tied at four pieces: the result banner's
 * table puts them first, the one with two fourth, and counts the pieces. */
static void
test_window_places (void)
{
  LudoWindow *window = ludo_test_new_window (app);
  g_autofree char *path = ludo_test_game_file ("spiderweb", "data", "good", "spiderweb-four-players.ludoteka", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (ludo_test_open_file (window, file, NULL));
  ludo_test_spin (600);
  g_assert_true (label_shown (GTK_WIDGET (window), "Pieces left"));
  g_assert_true (label_shown (GTK_WIDGET (window), "1. Player 2"));
  g_assert_true (label_shown (GTK_WIDGET (window), "1. Player 4"));
  g_assert_true (label_shown (GTK_WIDGET (window), "4. Player 1"));
  ludo_test_close_window (window);
}

int
main (int    argc,
      char **argv)
{
  int status;

  tmpdir = ludo_test_init (&argc, &argv);
  app = ludo_test_app_new ();

  g_test_add_func ("/spiderweb-view/names", test_names);
  g_test_add_func ("/spiderweb-view/play-and-preview", test_play_and_preview);
  g_test_add_func ("/spiderweb-view/moving", test_moving);
  g_test_add_func ("/spiderweb-view/drag", test_drag);
  g_test_add_func ("/spiderweb-view/keyboard", test_keyboard);
  g_test_add_func ("/spiderweb-view/draw-every-board", test_draw_every_board);
  g_test_add_func ("/spiderweb-view/figures", test_figures);
  g_test_add_func ("/spiderweb-view/window-game", test_window_game);
  g_test_add_func ("/spiderweb-view/window-places", test_window_places);

  status = g_test_run ();
  g_object_unref (app);
  return status;
}
