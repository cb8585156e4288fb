/* test-logik-game.c — Logik as a LudoGame: what stays secret, and when
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "core/ludo-export.h"
#include "core/ludo-game.h"
#include "ludo-testing.h"

static LudoGame *
two_people (void)
{
  LudoGame *game = ludo_game_new ("logik", NULL, NULL);

  ludo_game_set_seat (game, 0, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, NULL);
  ludo_game_set_seat (game, 1, LUDO_SEAT_HUMAN, LUDO_LEVEL_EASY, NULL);
  return game;
}

/* A code is hidden until the end, a guess until its round ends. */
static void
test_secrets (void)
{
  g_autoptr(LudoGame) game = two_people ();
  g_autofree char *hidden = NULL, *own = NULL, *shown = NULL;

  ludo_test_play_ok (game, "code:ABCDE");
  ludo_test_play_ok (game, "code:HHHHH");
  ludo_test_play_ok (game, "guess:AAAAA");
  g_assert_true (ludo_game_move_is_secret (game, 0, 3));
  g_assert_true (ludo_game_move_is_secret (game, 2, 3));
  hidden = ludo_game_describe_move (game, 2, 1);
  own = ludo_game_describe_move (game, 2, 0);
  g_assert_null (strstr (hidden, "AAAAA"));
  g_assert_nonnull (strstr (own, "AAAAA"));
  ludo_test_play_ok (game, "guess:BBBBB");
  g_assert_false (ludo_game_move_is_secret (game, 2, 4));
  g_assert_true (ludo_game_move_is_secret (game, 0, 4));
  shown = ludo_game_describe_move (game, 2, LUDO_VIEWER_NONE);
  g_assert_nonnull (strstr (shown, "AAAAA"));
}

/* People sharing the screen: the codes are not in the default export, and
 * are in everyone's. */
static void
test_export_secrets (void)
{
  g_autoptr(LudoGame) game = two_people ();
  g_autofree char *hidden = NULL;
  g_autofree char *all = NULL;

  ludo_test_play_ok (game, "code:ABCDE");
  ludo_test_play_ok (game, "code:EDCBA");
  g_assert_cmpint (ludo_export_default_viewer (game), ==, LUDO_VIEWER_NONE);

  hidden = ludo_export_moves_text (game, NULL);
  g_assert_null (strstr (hidden, "ABCDE"));
  g_assert_null (strstr (hidden, "EDCBA"));
  all = ludo_export_moves_text_for_viewer (game, LUDO_VIEWER_ALL, NULL);
  g_assert_nonnull (strstr (all, "ABCDE"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/logik/game/secrets", test_secrets);
  g_test_add_func ("/logik/game/export-secrets", test_export_secrets);

  return g_test_run ();
}
