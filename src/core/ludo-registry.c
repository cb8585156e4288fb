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

/* The names a game's folder gives its files by its id (see
 * src/games/meson.build), in this one place. */
const char *
ludo_game_info_get_icon_name (const LudoGameInfo *info)
{
  g_autofree char *name = g_strconcat ("ludoteka-", info->id, NULL);

  return g_intern_string (name);
}

const char *
ludo_game_info_get_help_page (const LudoGameInfo *info)
{
  return info->id;
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

guint
ludo_game_info_count_seats (const LudoGameInfo *info,
                            const int          *option_values)
{
  if (info->count_seats == NULL)
    return (guint) info->n_seats;
  return MIN (info->count_seats (option_values), (guint) info->n_seats);
}

static int
option_step (const LudoOptionSpec *spec)
{
  return spec->step > 0 ? spec->step : 1;
}

gboolean
ludo_option_spec_allows (const LudoOptionSpec *spec,
                         int                   value)
{
  return value >= spec->min && value <= spec->max && (value - spec->min) % option_step (spec) == 0;
}

int
ludo_option_spec_nearest (const LudoOptionSpec *spec,
                          int                   value)
{
  int step = option_step (spec);
  int v = CLAMP (value, spec->min, spec->max);

  v = spec->min + (v - spec->min + step / 2) / step * step;
  return MIN (v, spec->max);
}
