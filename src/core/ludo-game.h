/* ludo-game.h — the contract between a game and everything else
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Views, the window, saves, the CLI and the AI runner only talk to a game
 * through LudoGame. It owns the history and the seats; a subclass supplies
 * the rules through the class vfuncs, working on its own plain-C state
 * struct of state_size bytes.
 */
#pragma once

#include <gio/gio.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>

#include "ludo-registry.h"
#include "ludo-review.h"

G_BEGIN_DECLS

typedef enum {
  LUDO_SEAT_HUMAN,
  LUDO_SEAT_COMPUTER,
} LudoSeatKind;

typedef enum {
  LUDO_LEVEL_EASY,
  LUDO_LEVEL_MEDIUM,
  LUDO_LEVEL_HARD,
} LudoLevel;

typedef enum {
  LUDO_RESULT_NONE,
  LUDO_RESULT_WIN,
  LUDO_RESULT_DRAW,
} LudoResultKind;

#define LUDO_MAX_SEATS 8

typedef struct {
  LudoResultKind  kind;
  int             winner;   /* the seat, for LUDO_RESULT_WIN */
  const char     *reason;   /* a fixed machine word: "solved", "rows-used" … */
  /* Once the game is over, every seat's place and score: rank 1 is the
   * first place, and seats that tie share the better place (1, 2, 2, 4);
   * the score is what placed them, in the game's measure
   * (LudoGameClass.score_name): pieces left, a field value, or 1, ½ and 0
   * for a win, a draw and a loss. n_seats is 0 until then. */
  guint           n_seats;
  guint           rank[LUDO_MAX_SEATS];
  double          score[LUDO_MAX_SEATS];
} LudoOutcome;

/* Ranks n_seats seats by score, the highest first (for get_outcome). */
void ludo_outcome_rank_by_score (LudoOutcome  *outcome,
                                 guint         n_seats,
                                 const double *score);

/* Who is looking at the game, for what may be shown of secret moves. */
#define LUDO_VIEWER_ALL   (-1)   /* everything (game over, a demo, a referee) */
#define LUDO_VIEWER_NONE  (-2)   /* no secret at all (replaying a game between people) */

#define LUDO_GAME_ERROR (ludo_game_error_quark ())

typedef enum {
  LUDO_GAME_ERROR_ILLEGAL_MOVE,
  LUDO_GAME_ERROR_GAME_OVER,
  LUDO_GAME_ERROR_BAD_OPTION,
  LUDO_GAME_ERROR_UNKNOWN_GAME,
  LUDO_GAME_ERROR_BAD_SETUP,
} LudoGameError;

#define LUDO_TYPE_GAME (ludo_game_get_type ())
G_DECLARE_DERIVABLE_TYPE (LudoGame, ludo_game, LUDO, GAME, GObject)

struct _LudoGameClass
{
  GObjectClass parent_class;

  /* Size of the game's rules state; the history keeps one per ply. */
  gsize     state_size;

  /* The start position, from the options. */
  void      (*init_state)       (LudoGame       *self,
                                 gpointer        state);
  /* Checks a move given in notation for the seat to move and plays it on
   * state; on error leaves state untouched. */
  gboolean  (*apply)            (LudoGame       *self,
                                 gpointer        state,
                                 const char     *notation,
                                 GError        **error);
  /* The seat to move, -1 once the game is over. */
  int       (*current_seat)     (LudoGame       *self,
                                 gconstpointer   state);
  void      (*get_outcome)      (LudoGame       *self,
                                 gconstpointer   state,
                                 LudoOutcome    *outcome);
  /* Moves for people, in the UI language. before is the state the move was
   * played on; viewer says which secrets may be shown (a seat, or one of
   * LUDO_VIEWER_*); revealed says whether the game has made the move's
   * secret public by the current position. */
  char     *(*describe_move)    (LudoGame       *self,
                                 gconstpointer   before,
                                 int             seat,
                                 const char     *notation,
                                 int             viewer,
                                 gboolean        revealed);
  char     *(*describe_outcome) (LudoGame       *self,
                                 gconstpointer   state);
  /* Is the move at index still secret at ply (e.g. a secret code, or a guess
   * whose round is not complete)? NULL: nothing is ever secret. */
  gboolean  (*move_is_secret)   (LudoGame       *self,
                                 guint           index,
                                 guint           ply);
  /* Legal moves in notation, NULL if there are too many to list. */
  GStrv     (*legal_moves)      (LudoGame       *self,
                                 gconstpointer   state);
  /* The computer's move. Runs in a worker thread on a copy of the state:
   * it may read nothing of self but what is immutable (the options). */
  char     *(*ai_move)          (LudoGame       *self,
                                 gconstpointer   state,
                                 LudoLevel       level,
                                 guint64         seed,
                                 GCancellable   *cancellable);
  /* The position as text, for the CLI. */
  char     *(*format_position)  (LudoGame       *self,
                                 gconstpointer   state);
  /* The game's own part of a save file (optional). */
  void      (*write_setup)      (LudoGame       *self,
                                 xmlTextWriterPtr writer);
  gboolean  (*read_setup)       (LudoGame       *self,
                                 xmlNodePtr      setup,
                                 GError        **error);
  /* What read_setup reads of <setup>: its attributes and the names of its
   * <value> elements (NULL-terminated, NULL for none). The save reader
   * refuses anything else in a setup, and a value given twice, before
   * read_setup runs; without read_setup, a game takes no <setup>. */
  const char * const *setup_attributes;
  const char * const *setup_values;

  /* The review (ludo-review.h). The position valued for seat by the
   * game's strongest search, of budget nodes (not time: the same file
   * reviews the same way on any machine), without the move exclude
   * (NULL: none). Runs in a worker thread on a copy of the state, as
   * ai_move does; FALSE if cancelled, or if exclude was the only move.
   * NULL: the game offers no review. */
  gboolean  (*evaluate)         (LudoGame       *self,
                                 gconstpointer   state,
                                 int             seat,
                                 const char     *exclude,
                                 guint64         budget,
                                 GCancellable   *cancellable,
                                 LudoEvaluation *evaluation);
  /* A game's own verdict on the move at index (optional; by default the
   * review compares evaluations): Logik counts the codes a guess left. */
  gboolean  (*review_move)      (LudoGame       *self,
                                 guint           index,
                                 guint64         budget,
                                 GCancellable   *cancellable,
                                 LudoMoveReview *review);
  const LudoReviewScale *review_scale;
  /* What an outcome's scores count, plural, translatable (N_): "pieces
   * left"; NULL: points, 1 for a win and ½ for a draw (get_outcome leaves
   * the ranks to the winner). */
  const char *score_name;

  gpointer padding[2];
};

GQuark              ludo_game_error_quark        (void);

/* options (a{si}, NULL for the defaults) are taken: a floating variant,
 * or a reference the caller gives up (g_variant_ref (mine)). */
LudoGame           *ludo_game_new                (const char     *id,
                                                  GVariant       *options,
                                                  GError        **error);
const LudoGameInfo *ludo_game_get_info           (LudoGame       *self);
const char         *ludo_game_get_id             (LudoGame       *self);
int                 ludo_game_get_option         (LudoGame       *self,
                                                  const char     *id);
GVariant           *ludo_game_get_options        (LudoGame       *self);

guint               ludo_game_get_n_seats        (LudoGame       *self);
LudoSeatKind        ludo_game_get_seat_kind      (LudoGame       *self,
                                                  guint           seat);
LudoLevel           ludo_game_get_seat_level     (LudoGame       *self,
                                                  guint           seat);
const char         *ludo_game_get_seat_name      (LudoGame       *self,
                                                  guint           seat);
void                ludo_game_set_seat           (LudoGame       *self,
                                                  guint           seat,
                                                  LudoSeatKind    kind,
                                                  LudoLevel       level,
                                                  const char     *name);
guint               ludo_game_count_humans       (LudoGame       *self);
/* The first seat a person plays (the one person against the computer),
 * -1 if nobody's. */
int                 ludo_game_get_first_human    (LudoGame       *self);
gboolean            ludo_game_seat_is_computer   (LudoGame       *self,
                                                  int             seat);

gboolean            ludo_game_play               (LudoGame       *self,
                                                  const char     *notation,
                                                  GError        **error);
/* The computer's review of the game's first moves (LudoMoveReview, by
 * move index), or NULL; a move played over the redo tail drops the
 * review of the moves it replaces. set takes review (NULL: none). */
GPtrArray          *ludo_game_get_review         (LudoGame       *self);
guint               ludo_game_get_review_budget  (LudoGame       *self);
void                ludo_game_set_review         (LudoGame       *self,
                                                  GPtrArray      *review,
                                                  guint           budget_ms);
gboolean            ludo_game_can_undo           (LudoGame       *self);
gboolean            ludo_game_can_redo           (LudoGame       *self);
void                ludo_game_undo               (LudoGame       *self);
void                ludo_game_redo               (LudoGame       *self);
void                ludo_game_seek               (LudoGame       *self,
                                                  guint           ply);

guint               ludo_game_get_position       (LudoGame       *self);
guint               ludo_game_get_n_moves        (LudoGame       *self);
const char         *ludo_game_get_move           (LudoGame       *self,
                                                  guint           index);
int                 ludo_game_get_move_seat      (LudoGame       *self,
                                                  guint           index);
gconstpointer       ludo_game_get_state          (LudoGame       *self);
gconstpointer       ludo_game_get_state_at       (LudoGame       *self,
                                                  guint           ply);
guint               ludo_game_get_serial         (LudoGame       *self);
guint64             ludo_game_get_seed           (LudoGame       *self);
/* The seed decides the computer's moves and any draw by lot at the start;
 * set before the first move, it sets the start position up again. */
void                ludo_game_set_seed           (LudoGame       *self,
                                                  guint64         seed);

int                 ludo_game_get_current_seat   (LudoGame       *self);
gboolean            ludo_game_is_over            (LudoGame       *self);
/* Whether the history's last move ended the game (whatever the cursor). */
gboolean            ludo_game_is_over_at_end     (LudoGame       *self);
void                ludo_game_get_outcome        (LudoGame       *self,
                                                  LudoOutcome    *outcome);
void                ludo_game_get_outcome_at     (LudoGame       *self,
                                                  guint           ply,
                                                  LudoOutcome    *outcome);
char               *ludo_game_describe_move      (LudoGame       *self,
                                                  guint           index,
                                                  int             viewer);
char               *ludo_game_describe_move_line (LudoGame       *self,
                                                  guint           index,
                                                  int             viewer);
char               *ludo_game_describe_outcome   (LudoGame       *self);
/* What the outcome's scores count, translated: "Pieces left", "Points". */
const char         *ludo_game_get_score_name     (LudoGame       *self);
/* Whether the game counts a score of its own (LudoGameClass.score_name),
 * a whole number, rather than 1, ½ and 0 from the winner. */
gboolean            ludo_game_counts_score       (LudoGame       *self);
const char         *ludo_game_class_get_score_name (LudoGameClass *klass);
/* Whether any move of the game can ever be secret. */
gboolean            ludo_game_has_secrets        (LudoGame       *self);
gboolean            ludo_game_move_is_secret     (LudoGame       *self,
                                                  guint           index,
                                                  guint           ply);
GStrv               ludo_game_legal_moves        (LudoGame       *self);
char               *ludo_game_format_position    (LudoGame       *self);
char               *ludo_game_get_seat_label     (LudoGame       *self,
                                                  guint           seat);

GDateTime          *ludo_game_get_created        (LudoGame       *self);
void                ludo_game_set_created        (LudoGame       *self,
                                                  GDateTime      *created);

/* For subclasses reading their setup from a save: builds the start
 * position again (init_state) and empties the history. */
void                ludo_game_restart            (LudoGame       *self);

/* For the AI runner and the CLI: the computer's move for the position at
 * the cursor (synchronous; the runner calls it in a thread). */
char               *ludo_game_compute_move       (LudoGame       *self,
                                                  gconstpointer   state,
                                                  LudoLevel       level,
                                                  guint64         seed,
                                                  GCancellable   *cancellable);

const char         *ludo_level_to_string         (LudoLevel       level);
gboolean            ludo_level_from_string       (const char     *text,
                                                  LudoLevel      *level);
const char         *ludo_level_get_label         (LudoLevel       level);

G_END_DECLS
