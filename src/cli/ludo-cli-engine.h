/* ludo-cli-engine.h — a LudoCliEngine's functions on a game's rules, as a
 * template
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game's cli file defines the macros below, includes this header once
 * and puts LUDO_CLI_ENGINE_RULES first in its LudoCliEngine: the
 * functions take the game's own positions and moves.
 *
 *   CLI_POS, CLI_MOVE                          the game's types
 *   CLI_MAX_MOVES
 *   CLI_PERFT (pos, depth)
 *   CLI_GEN_MOVES (pos, moves)                 the legal moves, their number
 *   CLI_MAKE (pos, move)
 *   CLI_MOVE_TO_TEXT (pos, move, text, size)   the game's notation
 * and for a game with a search of core/ludo-search.h:
 *   CLI_SEARCH (pos, limits, result)
 *   CLI_GAME, CLI_GAME_INIT (game, pos)        if it searches a game from pos
 *                                              (a position and its history)
 */

#include "cli/ludo-cli.h"

static guint64
cli_perft (gconstpointer pos,
           int           depth)
{
  return CLI_PERFT ((const CLI_POS *) pos, depth);
}

static void
cli_make (gpointer pos,
          uint32_t move)
{
  CLI_MAKE ((CLI_POS *) pos, (CLI_MOVE) move);
}

static void
cli_move_to_text (gconstpointer  pos,
                  uint32_t       move,
                  char          *text,
                  gsize          size)
{
  CLI_MOVE_TO_TEXT ((const CLI_POS *) pos, (CLI_MOVE) move, text, size);
}

static void
cli_each_move (gconstpointer   position,
               LudoCliMoveFunc func,
               gpointer        data)
{
  const CLI_POS *pos = position;
  CLI_MOVE *moves = g_new (CLI_MOVE, CLI_MAX_MOVES);
  int n = CLI_GEN_MOVES (pos, moves);

  for (int i = 0; i < n; i++)
    {
      CLI_POS next = *pos;
      char text[32];

      CLI_MAKE (&next, moves[i]);
      CLI_MOVE_TO_TEXT (pos, moves[i], text, sizeof text);
      func (text, &next, data);
    }
  g_free (moves);
}

#ifdef CLI_SEARCH

static void
cli_search (gconstpointer           pos,
            const LudoSearchLimits *limits,
            LudoSearchResult       *result)
{
#ifdef CLI_GAME
  CLI_GAME game;

  CLI_GAME_INIT (&game, (const CLI_POS *) pos);
  CLI_SEARCH (&game, limits, result);
#else
  CLI_SEARCH ((const CLI_POS *) pos, limits, result);
#endif
}

#define LUDO_CLI_ENGINE_SEARCH .search = cli_search,
#else
#define LUDO_CLI_ENGINE_SEARCH
#endif

#define LUDO_CLI_ENGINE_RULES                                  \
  .position_size = sizeof (CLI_POS),                           \
  .perft = cli_perft,                                          \
  .each_move = cli_each_move,                                  \
  .move_to_text = cli_move_to_text,                            \
  .make = cli_make,                                            \
  LUDO_CLI_ENGINE_SEARCH
