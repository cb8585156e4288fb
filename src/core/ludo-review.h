/* ludo-review.h — the computer's verdict on every move of a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A review values, for each move, the position before it for the seat
 * that moved, the position after the move played, and the engine's best
 * move, and marks the move by what it lost, in the game's own unit
 * (pawns, pieces, points). It runs in a worker thread, as the computer's
 * moves do, and is cancellable; its budget is a number of nodes, named in
 * milliseconds of this machine, so that the same file reviews the same
 * way anywhere.
 */
#pragma once

#include <gio/gio.h>

#include "ludo-search.h"

G_BEGIN_DECLS

typedef struct _LudoGame LudoGame;

typedef enum {
  LUDO_MARK_NONE,
  LUDO_MARK_ONLY,         /* "!": the only move that keeps the value, where the others lose much */
  LUDO_MARK_INACCURACY,   /* "?!" */
  LUDO_MARK_MISTAKE,      /* "?" */
  LUDO_MARK_BLUNDER,      /* "??" */
  LUDO_N_MARKS,
} LudoMark;

/* A position valued for a seat (LudoGameClass.evaluate). */
typedef struct {
  int       value;   /* for the seat asked about, in hundredths of the game's unit */
  char     *best;    /* the best move of the player to move, in notation; NULL if none was left */
  gboolean  exact;   /* the value is best play's (the game solved to its end), not an estimate */
} LudoEvaluation;

/* How a game's review is measured (LudoGameClass.review_scale). */
typedef struct {
  const char *unit;             /* the unit, plural, translatable (N_): "pawns" */
  int         cap;              /* a won game's value, in hundredths: no value goes beyond ± cap */
  int         thresholds[3];    /* the loss from which a move is an inaccuracy, a mistake, a blunder */
  guint64     nodes_per_ms;     /* the budget's nodes for a millisecond of this machine */
  guint       budget_ms;        /* the budget for a position, unless one is given */
  gboolean    solves;           /* values may be best play's: the review says which (exact) */
  gboolean    values_ends;      /* evaluate values ended games too (a score, not a win or a loss) */
} LudoReviewScale;

/* One move's verdict. Values in hundredths of the game's unit, for the
 * seat that moved. */
typedef struct {
  guint     ply;             /* the move's number, from 1 */
  int       seat;
  char     *move;
  int       value_before;
  int       value_after;
  char     *best;            /* the best move; NULL if there was none to search */
  int       best_value;
  int       loss;            /* value_before - value_after, never below 0 */
  LudoMark  mark;
  gboolean  exact;           /* every value is best play's */
  /* a code breaker's guess (Logik); -1 elsewhere */
  gint64    remaining;       /* codes still possible after the guess */
  gint64    best_remaining;  /* after the best guess */
  double    best_expected;   /* the best guess's expected number of further guesses */
} LudoMoveReview;

#define LUDO_REVIEW_ERROR (ludo_review_error_quark ())

typedef enum {
  LUDO_REVIEW_ERROR_CANCELLED,
  LUDO_REVIEW_ERROR_NOT_OFFERED,
  LUDO_REVIEW_ERROR_FAILED,       /* the engine found nothing to value */
} LudoReviewError;

GQuark          ludo_review_error_quark   (void);

/* "!", "?!", "?", "??", or "-" for none. */
const char     *ludo_mark_to_string       (LudoMark               mark);
/* The inverse; FALSE for anything else. */
gboolean        ludo_mark_from_string     (const char            *text,
                                           LudoMark              *mark);

void            ludo_evaluation_clear     (LudoEvaluation        *evaluation);
void            ludo_move_review_clear    (LudoMoveReview        *review);
void            ludo_move_review_free     (LudoMoveReview        *review);
LudoMoveReview *ludo_move_review_copy     (const LudoMoveReview  *review);

/* Whether the game offers a review, and how it measures one. */
gboolean               ludo_game_can_review      (LudoGame *game);
const LudoReviewScale *ludo_game_get_review_scale (LudoGame *game);

/* The verdict in words, for a screen reader: "a mistake; the computer
 * would play …", the best move described as the game describes moves
 * for viewer. NULL for a move with no mark. */
char           *ludo_review_describe      (LudoGame              *game,
                                           const LudoMoveReview  *review,
                                           int                    viewer);

/* The best move in words, as the game describes moves for viewer; NULL
 * if there was none. */
char           *ludo_review_describe_best (LudoGame              *game,
                                           const LudoMoveReview  *review,
                                           int                    viewer);

/* The mark of a loss (hundredths), by the game's thresholds. */
LudoMark        ludo_review_mark_for_loss (const LudoReviewScale *scale,
                                           int                    loss);
/* An engine's score, with sure wins at ± win and beyond, as the review's
 * value: a sure win (or loss) is ± scale->cap, any other score is kept
 * within it. */
int             ludo_review_clamp         (const LudoReviewScale *scale,
                                           int                    score,
                                           int                    win);

/* An alpha-beta engine's limits (its Hard level's, in *limits) made an
 * evaluation's: budget nodes and no clock, no noise, stopped by
 * cancellable. */
void            ludo_review_search_limits (LudoSearchLimits      *limits,
                                           guint64                budget,
                                           GCancellable          *cancellable);

/* An engine's search as an evaluation: found (a move was searched), its
 * score for the seat asked about, sure wins at ± win and beyond, and the
 * best move in notation. FALSE if nothing was found or cancellable was
 * cancelled. */
gboolean        ludo_review_take_search   (const LudoReviewScale *scale,
                                           gboolean               found,
                                           int                    score,
                                           int                    win,
                                           const char            *best,
                                           GCancellable          *cancellable,
                                           LudoEvaluation        *evaluation);

/* The verdict on the move at index (from 0) of game's history, searched
 * for budget_ms (0: the game's budget) per position. Runs in any thread
 * on a game nobody changes meanwhile; FALSE, with an error, if cancelled
 * or if the game offers no review. */
gboolean        ludo_review_move          (LudoGame              *game,
                                           guint                  index,
                                           guint                  budget_ms,
                                           GCancellable          *cancellable,
                                           LudoMoveReview        *review,
                                           GError               **error);

/* Called after each move reviewed: done of n. */
typedef void (*LudoReviewProgress) (guint    done,
                                    guint    n,
                                    gpointer data);

/* Every move of the game's history (LudoMoveReview, in order), or NULL
 * with an error. */
GPtrArray      *ludo_review_game          (LudoGame              *game,
                                           guint                  budget_ms,
                                           LudoReviewProgress     progress,
                                           gpointer               data,
                                           GCancellable          *cancellable,
                                           GError               **error);

/* The same in a worker thread, on a copy of the game as it is now: the
 * game may change meanwhile. progress is called in the caller's main
 * context. The result holds the verdicts on the copy's moves: before
 * setting them on the game, check that its moves are still those
 * (ludo_review_matches ()). */
void            ludo_review_game_async    (LudoGame              *game,
                                           guint                  budget_ms,
                                           LudoReviewProgress     progress,
                                           gpointer               data,
                                           GCancellable          *cancellable,
                                           GAsyncReadyCallback    callback,
                                           gpointer               user_data);
GPtrArray      *ludo_review_game_finish   (GAsyncResult          *result,
                                           GError               **error);
/* Whether the verdicts are on game's first moves, as they stand. */
gboolean        ludo_review_matches       (GPtrArray             *reviews,
                                           LudoGame              *game);

G_END_DECLS
