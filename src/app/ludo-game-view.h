/* ludo-game-view.h — what every game's board view has in common
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A view shows its game for one viewer (a seat, or LUDO_VIEWER_ALL /
 * LUDO_VIEWER_NONE), takes moves from people while it is interactive and
 * plays them with ludo_game_play(). It tells the window what to say in the
 * status line. The window decides the viewer and when the view is
 * interactive (not in a replay, not while the computer is to move).
 */
#pragma once

#include <gtk/gtk.h>

#include "core/ludo-game.h"

G_BEGIN_DECLS

#define LUDO_TYPE_GAME_VIEW (ludo_game_view_get_type ())
G_DECLARE_DERIVABLE_TYPE (LudoGameView, ludo_game_view, LUDO, GAME_VIEW, GtkWidget)

struct _LudoGameViewClass
{
  GtkWidgetClass parent_class;

  /* The game, the viewer or interactivity changed: redraw everything. */
  void (*update)    (LudoGameView *self);
  /* Show a suggested move (the same search as the computer's). */
  void (*show_hint) (LudoGameView *self,
                     const char   *move);
  /* The move into the position just shown carried pieces from cell to
   * cell: appends each piece's two cells, from then to, to cells. A view
   * that has slides draws its cells by layer (see LudoCellLayer). */
  void (*collect_slides) (LudoGameView *self,
                          GPtrArray    *cells);
  /* Required. Forget what a person was in the middle of and every
   * transient mark (a colour in hand, pegs not sent, a piece picked up or
   * dragged, a preview, an open chooser, a hint shown): the position or
   * the viewer changed, and it was for another. Called before update. */
  void (*clear_input)    (LudoGameView *self);
  /* Appends a LudoColourPair to pairs for every colour the view draws a
   * piece or a mark in, against every ground it can stand on, as drawn in
   * the current style (light or dark, high contrast): the contrast test
   * reads them. */
  void (*list_colours)   (LudoGameView *self,
                          GArray       *pairs);

  gpointer padding[1];
};

/* A piece or a mark and what it stands on. A rim (alpha 0 if none) is an
 * outline round the colour: the shape shows if its colour stands out of
 * the ground, or its rim stands out of both. */
typedef struct
{
  const char *what;     /* "black piece", "last move" (interned) */
  const char *ground;   /* "dark square" (interned) */
  GdkRGBA     colour;   /* each opaque: laid over the ground */
  GdkRGBA     rim;
  GdkRGBA     ground_colour;
} LudoColourPair;

LudoGameView *ludo_game_view_new_for_game    (LudoGame     *game);

LudoGame     *ludo_game_view_get_game        (LudoGameView *self);
int           ludo_game_view_get_viewer      (LudoGameView *self);
void          ludo_game_view_set_viewer      (LudoGameView *self,
                                              int           viewer);
gboolean      ludo_game_view_get_interactive (LudoGameView *self);
void          ludo_game_view_set_interactive (LudoGameView *self,
                                              gboolean      interactive);
const char   *ludo_game_view_get_status      (LudoGameView *self);
/* How many pieces are sliding from one cell to another now. */
guint         ludo_game_view_get_n_slides    (LudoGameView *self);
void          ludo_game_view_show_hint       (LudoGameView *self,
                                              const char   *move);
/* Forgets a hint shown and what a person had in hand. */
void          ludo_game_view_clear_input     (LudoGameView *self);

/* The view's LudoColourPairs in the current style; g_array_unref() it. */
GArray       *ludo_game_view_list_colours    (LudoGameView *self);
void          ludo_colour_pairs_add          (GArray        *pairs,
                                              const char    *what,
                                              const GdkRGBA *colour,
                                              const GdkRGBA *rim,
                                              const char    *ground,
                                              const GdkRGBA *ground_colour);
/* top laid over an opaque ground: an opaque colour */
GdkRGBA       ludo_colour_over               (const GdkRGBA *top,
                                              const GdkRGBA *ground);
/* WCAG 2.1 contrast ratio of two opaque colours, 1 to 21 */
double        ludo_colour_contrast           (const GdkRGBA *a,
                                              const GdkRGBA *b);
/* How well the pair's shape stands out of its ground: its colour's
 * contrast with the ground, or if better the least of its rim's with the
 * ground and with the colour. */
double        ludo_colour_pair_contrast      (const LudoColourPair *pair);

/* Loads each game's own style sheet (games/ID/style.css in the
 * resources) for display, once: the first game view does. */
void          ludo_game_view_load_styles     (GdkDisplay   *display);

/* For subclasses */

/* How a view answers the keys and the pointer on its board
 * (ludo_game_view_add_input ()). A cell is the data of the LudoCell under
 * the pointer (ludo_cell_pick ()), -1 for none. Any member may be NULL. */
typedef struct
{
  /* A key, before the others (a game that reads letters): TRUE if it took it. */
  gboolean (*key_pressed) (LudoGameView    *self,
                           guint            keyval,
                           GdkModifierType  state);
  /* The arrow keys without Ctrl or Alt: the cursor goes right cells to
   * the right and up cells up. */
  void     (*move_cursor) (LudoGameView    *self,
                           int              right,
                           int              up);
  /* Escape without Ctrl or Alt: forgets what is in hand; FALSE if nothing
   * was (the key goes on). */
  gboolean (*escape)      (LudoGameView    *self);
  /* The pointer is over a cell, or left the board (-1); not during a
   * drag. */
  void     (*point_at)    (LudoGameView    *self,
                           int              cell);

  /* Dragging a piece: may one be picked up on cell? */
  gboolean (*drag_start)  (LudoGameView    *self,
                           int              cell);
  /* Once the pointer went 6 pixels, the piece is lifted: FALSE if it
   * cannot be (the drag ends). NULL: it is. */
  gboolean (*drag_lift)   (LudoGameView    *self,
                           int              from);
  /* The lifted piece moved over cell (ludo_game_view_get_drag () says
   * where it is). */
  void     (*drag_move)   (LudoGameView    *self,
                           int              cell);
  /* The lifted piece is let go over cell (-1: off the board). */
  void     (*drop)        (LudoGameView    *self,
                           int              from,
                           int              cell);
  /* 0, or how far from where it was picked up a piece must be let go to
   * be dropped, lifted or not (a view whose pieces are not drawn under the
   * pointer, and a shorter drag is a click). */
  int        drop_distance;

  /* The keys are seen before the board's children are (the capture
   * phase). */
  gboolean   keys_first;
} LudoGameViewInput;

/* Puts on board the controllers that input answers (a drag gesture, a
 * motion controller, a key controller, in that order). input must last as
 * long as the view (a static const). */
void          ludo_game_view_add_input       (LudoGameView            *self,
                                              GtkWidget               *board,
                                              const LudoGameViewInput *input);
/* The cell whose piece is dragged (-1 if none is) and where the pointer
 * is on the board. x and y may be NULL. */
int           ludo_game_view_get_drag        (LudoGameView *self,
                                              double       *x,
                                              double       *y);

void          ludo_game_view_set_status      (LudoGameView *self,
                                              const char   *status);
/* Plays a move; on error shows it in the status line. */
gboolean      ludo_game_view_play            (LudoGameView *self,
                                              const char   *move);

G_END_DECLS
