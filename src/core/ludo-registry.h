/* ludo-registry.h — the games Ludoteka can play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One table lists them; the game chooser, the CLI, the save loader and the
 * tests iterate it. Adding a game means adding its folder and its id to
 * the list in src/games/meson.build.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct {
  const char         *id;             /* "places" — the name in save files */
  const char         *label;          /* N_() */
  int                 min;
  int                 max;
  int                 default_value;
  const char * const *choices;        /* NULL for a number; else N_() labels for min … max */
  int                 step;           /* between allowed values; 0 means 1 */
} LudoOptionSpec;

typedef struct {
  const char           *id;           /* "ID": save files, CLI, help, GSettings; the
                                       * icon and the manual page are named after it */
  const char           *name;         /* N_() */
  const char           *summary;      /* N_() one line for the chooser */
  const char           *origin;       /* N_() the historical source */
  int                   n_seats;        /* the most there can be */
  const LudoOptionSpec *options;
  guint                 n_options;
  GType               (*get_type) (void);
  /* The seats for these options (values in the order of options), when
   * the options decide it; NULL: always n_seats. */
  guint               (*count_seats) (const int *option_values);
} LudoGameInfo;

const LudoGameInfo * const *ludo_registry_get_games (guint       *n_games);
const LudoGameInfo         *ludo_registry_lookup    (const char  *id);
const LudoGameInfo         *ludo_registry_lookup_type (GType      type);
/* "ludoteka-ID": the game's icon in the app's icon theme path (its
 * folder's ludoteka-ID.svg, compiled into its resources). */
const char                 *ludo_game_info_get_icon_name (const LudoGameInfo *info);
/* "ID": the Mallard page id of the game's manual page (its folder's
 * help/ID.page). */
const char                 *ludo_game_info_get_help_page (const LudoGameInfo *info);
const LudoOptionSpec       *ludo_game_info_find_option (const LudoGameInfo *info,
                                                        const char         *id);
/* The seats a game of these options has (values in the order of options). */
guint                       ludo_game_info_count_seats (const LudoGameInfo *info,
                                                        const int          *option_values);
/* Is value one the option can take (in range, on a step)? */
gboolean                    ludo_option_spec_allows    (const LudoOptionSpec *spec,
                                                        int                   value);
/* The value nearest to value that the option can take. */
int                         ludo_option_spec_nearest   (const LudoOptionSpec *spec,
                                                        int                   value);

G_END_DECLS
