/* ludo-stats.h — finished games, counted per game and mode
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A mode is who sat at the table, seat by seat: "human" or the computer's
 * level ("human hard" is a person moving first against the Hard computer).
 * For each game and mode the statistics count the wins of each seat and
 * the draws, as a game's source may keep them, and each seat's places
 * (1st, 2nd, …) and the scores it made (LudoOutcome), summed, in the
 * games counted since they were kept (placed). They live in
 * one XML file under the user data folder (data/ludoteka-statistics.rng),
 * written atomically.
 */
#pragma once

#include "ludo-game.h"

G_BEGIN_DECLS

#define LUDO_STATS_ERROR (ludo_stats_error_quark ())

typedef enum {
  LUDO_STATS_ERROR_IO,
  LUDO_STATS_ERROR_INVALID,
} LudoStatsError;

#define LUDO_STATS_MAX_SEATS LUDO_MAX_SEATS
#define LUDO_STATS_MAX_BYTES (1024 * 1024)

typedef struct {
  char   *seats;                        /* "human hard" */
  guint   n_seats;
  guint   draws;
  guint   wins[LUDO_STATS_MAX_SEATS];
  guint   placed;                       /* the games whose places are counted */
  guint   places[LUDO_STATS_MAX_SEATS][LUDO_STATS_MAX_SEATS];   /* [seat][place - 1] */
  double  points[LUDO_STATS_MAX_SEATS]; /* the scores, summed */
} LudoStatsMode;

typedef struct _LudoStats LudoStats;

GQuark               ludo_stats_error_quark  (void);

LudoStats           *ludo_stats_new          (void);
void                 ludo_stats_free         (LudoStats    *self);
/* An empty set if the file does not exist. */
LudoStats           *ludo_stats_load         (const char   *path,
                                              GError      **error);
gboolean             ludo_stats_save         (LudoStats    *self,
                                              const char   *path,
                                              GError      **error);
char                *ludo_stats_to_data      (LudoStats    *self,
                                              gsize        *length);
LudoStats           *ludo_stats_read_data    (const char   *data,
                                              gsize         length,
                                              GError      **error);

/* The mode of a game: its seats' words, space-separated. */
char                *ludo_stats_mode_of      (LudoGame     *game);
/* Counts a finished game (one whose history ends in a result). */
void                 ludo_stats_add          (LudoStats    *self,
                                              LudoGame     *game);
void                 ludo_stats_add_result   (LudoStats         *self,
                                              const char        *game_id,
                                              const char        *seats,
                                              const LudoOutcome *outcome);
void                 ludo_stats_reset        (LudoStats    *self,
                                              const char   *game_id);
/* The modes played of a game, most games first; NULL if none. */
GPtrArray           *ludo_stats_get_modes    (LudoStats    *self,
                                              const char   *game_id);
guint                ludo_stats_mode_total   (const LudoStatsMode *mode);

/* The user's file, under the user data folder. */
char                *ludo_stats_default_path (void);
/* Loads path, counts a result, writes path back, under a lock that keeps
 * two processes from counting over each other. A file that cannot be read
 * is kept beside it (its name in kept_as, or NULL) and counting starts
 * anew. Needs no LudoGame, so that it can run in a worker thread. */
gboolean             ludo_stats_record       (const char         *path,
                                              const char         *game_id,
                                              const char         *seats,
                                              const LudoOutcome  *outcome,
                                              char              **kept_as,
                                              GError            **error);

/* Forgets the games of game_id (or every game, if NULL) in the file. */
gboolean             ludo_stats_reset_file   (const char         *path,
                                              const char         *game_id,
                                              GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LudoStats, ludo_stats_free)

G_END_DECLS
