/* ludo-registry.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ludo-registry.h"
#include "ludo-registry-games.h"

/* The one table of games, made from the list in src/games/meson.build;
 * each row lives with its game. */
static const LudoGameInfo * const games[] = { LUDO_REGISTRY_GAMES };

const LudoGameInfo * const *
ludo_registry_get_games (guint *n_games)
{
  if (n_games)
    *n_games = G_N_ELEMENTS (games);
  return games;
}

const LudoGameInfo *
ludo_registry_lookup (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    if (g_strcmp0 (games[i]->id, id) == 0)
      return games[i];
  return NULL;
}

const LudoGameInfo *
ludo_registry_lookup_type (GType type)
{
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    if (games[i]->get_type () == type)
      return games[i];
  return NULL;
}

const LudoOptionSpec *
ludo_game_info_find_option (const LudoGameInfo *info,
                            const char         *id)
{
  for (guint i = 0; i < info->n_options; i++)
    if (g_strcmp0 (info->options[i].id, id) == 0)
      return &info->options[i];
  return NULL;
}
