/* test-move-model.c — the move list's model, kept up row by row
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For every game of the registry: after any mix of moves, undo, redo,
 * seeks, new viewers and new names, the model kept up by items-changed
 * holds what a model built afresh holds, and a list that applied the
 * model's items-changed holds the same items. A move at the end of a long
 * game touches one row, and an undo of one ply one row.
 */
#include "core/ludo-ai.h"
#include "core/ludo-game.h"
#include "core/ludo-move-model.h"
#include "core/ludo-registry.h"

/* What a list view holds: the items, as items-changed told of them. */
typedef struct {
  GPtrArray *items;
  guint      touched;   /* rows removed and added, all told */
} Mirror;

static void
mirror_changed_cb (GListModel *model,
                   guint       position,
                   guint       removed,
                   guint       added,
                   Mirror     *mirror)
{
  g_assert_cmpuint (position + removed, <=, mirror->items->len);
  g_ptr_array_remove_range (mirror->items, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (mirror->items, position + i, g_list_model_get_item (model, position + i));
  mirror->touched += removed + added;
  g_assert_cmpuint (mirror->items->len, ==, g_list_model_get_n_items (model));
}

static void
assert_same_rows (LudoMoveModel *model,
                  Mirror        *mirror,
                  LudoGame      *game)
{
  g_autoptr(LudoMoveModel) fresh = ludo_move_model_new (game);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (model));

  ludo_move_model_set_viewer (fresh, ludo_move_model_get_viewer (model));
  g_assert_cmpuint (n, ==, ludo_game_get_n_moves (game) + 1);
  g_assert_cmpuint (n, ==, g_list_model_get_n_items (G_LIST_MODEL (fresh)));
  g_assert_cmpuint (n, ==, mirror->items->len);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(LudoMoveItem) a = g_list_model_get_item (G_LIST_MODEL (model), i);
      g_autoptr(LudoMoveItem) b = g_list_model_get_item (G_LIST_MODEL (fresh), i);

      g_assert_true (a == mirror->items->pdata[i]);
      g_assert_cmpuint (ludo_move_item_get_ply (a), ==, i);
      g_assert_cmpstr (ludo_move_item_get_text (a), ==, ludo_move_item_get_text (b));
      g_assert_cmpint (ludo_move_item_get_tail (a), ==, ludo_move_item_get_tail (b));
      g_assert_cmpint (ludo_move_item_get_tail (a), ==, i > ludo_game_get_position (game));
    }
}

/* A move for the seat to move: a random legal one, or the computer's. */
static gboolean
play_something (LudoGame *game,
                GRand    *rand)
{
  g_auto(GStrv) legal = ludo_game_legal_moves (game);
  g_autofree char *move = NULL;

  if (ludo_game_is_over (game))
    return FALSE;
  if (legal && legal[0])
    move = g_strdup (legal[g_rand_int_range (rand, 0, g_strv_length (legal))]);
  else
    move = ludo_game_compute_move (game, ludo_game_get_state (game), LUDO_LEVEL_EASY,
                                   g_rand_int (rand), NULL);
  g_assert_nonnull (move);
  g_assert_true (ludo_game_play (game, move, NULL));
  return TRUE;
}

static void
test_rows_follow (gconstpointer data)
{
  const LudoGameInfo *info = data;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(LudoGame) game = ludo_game_new (info->id, NULL, NULL);
  g_autoptr(LudoMoveModel) model = NULL;
  Mirror mirror = { g_ptr_array_new_with_free_func (g_object_unref), 0 };

  /* people at both seats: undo steps to where a person moves */
  ludo_game_set_seed (game, 7);
  model = ludo_move_model_new (game);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
    g_ptr_array_add (mirror.items, g_list_model_get_item (G_LIST_MODEL (model), i));
  g_signal_connect (model, "items-changed", G_CALLBACK (mirror_changed_cb), &mirror);

  for (guint step = 0; step < 300; step++)
    {
      guint n = ludo_game_get_n_moves (game);

      switch (g_rand_int_range (rand, 0, 10))
        {
        case 0:
          ludo_game_undo (game);
          break;
        case 1:
          ludo_game_redo (game);
          break;
        case 2:
          ludo_game_seek (game, g_rand_int_range (rand, 0, n + 1));
          break;
        case 3:
          {
            int viewers[] = { LUDO_VIEWER_ALL, LUDO_VIEWER_NONE, 0, 1 };
            ludo_move_model_set_viewer (model, viewers[g_rand_int_range (rand, 0, 4)]);
          }
          break;
        case 4:
          if (g_rand_int_range (rand, 0, 4) == 0)
            ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_MEDIUM,
                                g_rand_boolean (rand) ? "Anna" : NULL);
          break;
        default:
          if (!play_something (game, rand))
            ludo_game_seek (game, g_rand_int_range (rand, 0, n + 1));
          break;
        }
      assert_same_rows (model, &mirror, game);
    }
  g_ptr_array_unref (mirror.items);
}

/* The first game of the registry with no secrets and a list of moves. */
static LudoGame *
open_game (void)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  for (guint i = 0; i < n_games; i++)
    {
      LudoGame *game = ludo_game_new (games[i]->id, NULL, NULL);
      g_auto(GStrv) legal = ludo_game_legal_moves (game);

      if (!ludo_game_has_secrets (game) && legal != NULL)
        return game;
      g_object_unref (game);
    }
  g_assert_not_reached ();
}

static void
test_one_row_a_move (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(LudoGame) game = open_game ();
  g_autoptr(LudoMoveModel) model = ludo_move_model_new (game);
  Mirror mirror = { g_ptr_array_new_with_free_func (g_object_unref), 0 };
  guint n;

  /* a demo: undo steps one ply */
  for (guint s = 0; s < ludo_game_get_n_seats (game); s++)
    ludo_game_set_seat (game, s, LUDO_SEAT_COMPUTER, LUDO_LEVEL_EASY, NULL);
  for (guint i = 0; i < 60 && play_something (game, rand); i++)
    ;
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
    g_ptr_array_add (mirror.items, g_list_model_get_item (G_LIST_MODEL (model), i));
  g_signal_connect (model, "items-changed", G_CALLBACK (mirror_changed_cb), &mirror);
  n = ludo_game_get_n_moves (game);
  g_assert_cmpuint (n, >=, 20);

  mirror.touched = 0;
  ludo_game_undo (game);
  g_assert_cmpuint (mirror.touched, ==, 2);    /* the last row, now in the tail */
  mirror.touched = 0;
  ludo_game_redo (game);
  g_assert_cmpuint (mirror.touched, ==, 2);
  mirror.touched = 0;
  if (play_something (game, rand))
    g_assert_cmpuint (mirror.touched, ==, 1);  /* a row added */
  mirror.touched = 0;
  ludo_game_seek (game, n / 2);
  /* every row the cursor crossed, and no other */
  g_assert_cmpuint (mirror.touched, ==, 2 * (ludo_game_get_n_moves (game) - n / 2));
  assert_same_rows (model, &mirror, game);
  g_ptr_array_unref (mirror.items);
}

int
main (int    argc,
      char **argv)
{
  guint n_games;
  const LudoGameInfo * const *games = ludo_registry_get_games (&n_games);

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < n_games; i++)
    {
      g_autofree char *path = g_strdup_printf ("/move-model/rows-follow/%s", games[i]->id);
      g_test_add_data_func (path, games[i], test_rows_follow);
    }
  g_test_add_func ("/move-model/one-row-a-move", test_one_row_a_move);

  return g_test_run ();
}
