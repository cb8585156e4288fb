/* ludo-spiderweb-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The web drawn as concentric polygons joined by spokes, with the
 * patent's spider in the centre (it "has no meaning for the game"). Every
 * node is a LudoCell laid over the drawing by the overlay, so each has a
 * name for assistive technology and takes clicks, Enter and Space. The
 * arrow keys move a cursor along the web's lines: Left and Right round the
 * polygon, Up and Down along the spoke, out and in. Pieces differ by
 * shape as well as colour. Before a move is played, the pieces it would
 * enclose are ringed in red; after it, the piece moved slides along its
 * line and the pieces taken fade away (LudoGameView's animation).
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "app/ludo-cell.h"
#include "app/ludo-player-row.h"
#include "ludo-spiderweb-game.h"
#include "ludo-spiderweb-view.h"
#include "spiderweb-rules.h"

struct _LudoSpiderwebView
{
  LudoGameView parent_instance;

  GtkWidget   *overlay;
  GtkWidget   *web;
  GtkWidget   *phase_label;
  GtkWidget   *phase_detail;
  GtkWidget   *players;

  LudoCell    *cells[SPW_MAX_NODES];
  int          n_nodes;
  int          rings, spokes;
  LudoPlayerRow *player_row[SPW_MAX_PLAYERS];

  int          cursor;        /* the node with the keyboard */
  int          selected;      /* the piece picked up, or -1 */
  uint64_t     targets;       /* where it, or a new piece, may go */
  int          pointed;       /* the node under the pointer or cursor, or -1 */
  uint64_t     would_remove;  /* what a move to the pointed node encloses */
  uint64_t     castles[SPW_MAX_PLAYERS];
  int          hint_from, hint_to;
  int          last_from, last_to;

  guint        shown_position;
  guint        shown_serial;
};

G_DEFINE_FINAL_TYPE (LudoSpiderwebView, ludo_spiderweb_view, LUDO_TYPE_GAME_VIEW)

static const SpiderwebPos *
position (LudoSpiderwebView *self)
{
  LudoGame *game = ludo_game_view_get_game (LUDO_GAME_VIEW (self));

  return ludo_spiderweb_game_get_position (LUDO_SPIDERWEB_GAME (game));
}

/* ------------------------------------------------------------------------ */
/* The players' pieces: a colour and a shape each                            */

typedef enum { SHAPE_ROUND, SHAPE_DIAMOND, SHAPE_TRIANGLE, SHAPE_SQUARE } Shape;

static const char *
piece_description (int player)
{
  static const char * const names[SPW_MAX_PLAYERS] = {
    N_("dark round"), N_("light diamond"), N_("red triangle"), N_("blue square"),
  };

  return _(names[player]);
}

static void
piece_colours (int      player,
               gboolean dark,
               GdkRGBA *fill,
               GdkRGBA *line)
{
  switch (player)
    {
    case 0:
      *fill = (GdkRGBA) { 0.16, 0.15, 0.17, 1 };
      *line = dark ? (GdkRGBA) { 0.85, 0.84, 0.82, 1 } : (GdkRGBA) { 0, 0, 0, 1 };
      break;
    case 1:
      *fill = (GdkRGBA) { 0.97, 0.95, 0.90, 1 };
      *line = (GdkRGBA) { 0.30, 0.28, 0.26, 1 };
      break;
    case 2:
      *fill = (GdkRGBA) { 0.80, 0.20, 0.17, 1 };
      *line = dark ? (GdkRGBA) { 0.98, 0.80, 0.78, 1 } : (GdkRGBA) { 0.40, 0.05, 0.03, 1 };
      break;
    default:
      *fill = (GdkRGBA) { 0.18, 0.44, 0.82, 1 };
      *line = dark ? (GdkRGBA) { 0.78, 0.86, 0.98, 1 } : (GdkRGBA) { 0.04, 0.16, 0.40, 1 };
      break;
    }
}

/* The web's paper and ink, and the marks': the last move's and the
 * hint's lines are ringed in ink on the light paper, which yellow and
 * green alone do not stand out of. */
static void
web_colours (gboolean dark,
             GdkRGBA *paper,
             GdkRGBA *ink)
{
  *paper = dark ? (GdkRGBA) { 0.20, 0.20, 0.22, 1 } : (GdkRGBA) { 0.96, 0.93, 0.85, 1 };
  *ink = dark ? (GdkRGBA) { 0.78, 0.76, 0.72, 1 } : (GdkRGBA) { 0.33, 0.24, 0.16, 1 };
}

static const GdkRGBA last_colour = { 0.96, 0.76, 0.10, 1 };
static const GdkRGBA hint_colour = { 0.18, 0.76, 0.42, 1 };
static const GdkRGBA select_colour = { 0.21, 0.52, 0.89, 1 };

static GdkRGBA
remove_colour (gboolean dark)
{
  /* a lighter red on the dark paper */
  return dark ? (GdkRGBA) { 0.96, 0.38, 0.32, 1 } : (GdkRGBA) { 0.88, 0.11, 0.14, 1 };
}

static GdkRGBA
line_rim (gboolean dark)
{
  GdkRGBA paper, ink;

  web_colours (dark, &paper, &ink);
  if (dark)
    return (GdkRGBA) { 0, 0, 0, 0 };
  return ink;
}

static void
set_source (cairo_t       *cr,
            const GdkRGBA *c,
            double         alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static void
list_colours (LudoGameView *view,
              GArray       *pairs)
{
  static const char * const players[SPW_MAX_PLAYERS] = {
    "dark round piece", "light diamond piece", "red triangle piece", "blue square piece",
  };
  static const char * const castles[SPW_MAX_PLAYERS] = {
    "dark castle mark", "light castle mark", "red castle mark", "blue castle mark",
  };
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  GdkRGBA paper, ink, fill, line, rim = line_rim (dark), removed = remove_colour (dark);
  GdkRGBA last_disc = last_colour, hint_disc = hint_colour, selected = select_colour;

  web_colours (dark, &paper, &ink);
  /* as drawn */
  selected.alpha = removed.alpha = 0.95;
  last_disc.alpha = 0.40;
  hint_disc.alpha = 0.40;
  ludo_colour_pairs_add (pairs, "web line", &ink, NULL, "paper", &paper);
  ludo_colour_pairs_add (pairs, "last move", &last_colour, &rim, "paper", &paper);
  ludo_colour_pairs_add (pairs, "hint", &hint_colour, &rim, "paper", &paper);
  ludo_colour_pairs_add (pairs, "selection", &selected, NULL, "paper", &paper);
  ludo_colour_pairs_add (pairs, "pieces to remove", &removed, NULL, "paper", &paper);
  for (int p = 0; p < SPW_MAX_PLAYERS; p++)
    {
      const GdkRGBA *grounds[] = { &paper, &last_disc, &hint_disc };
      const char * const ground_names[] = { "paper", "last move", "hint" };

      piece_colours (p, dark, &fill, &line);
      for (guint g = 0; g < G_N_ELEMENTS (grounds); g++)
        {
          GdkRGBA ground = ludo_colour_over (grounds[g], &paper);
          ludo_colour_pairs_add (pairs, players[p], &fill, &line, ground_names[g], &ground);
        }
      fill.alpha = line.alpha = 0.9;
      ludo_colour_pairs_add (pairs, castles[p], &fill, &line, "paper", &paper);
    }
}

static void
shape_path (cairo_t *cr,
            Shape    shape,
            double   cx,
            double   cy,
            double   r)
{
  switch (shape)
    {
    case SHAPE_ROUND:
      cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
      break;
    case SHAPE_DIAMOND:
      cairo_move_to (cr, cx, cy - r * 1.12);
      cairo_line_to (cr, cx + r * 1.12, cy);
      cairo_line_to (cr, cx, cy + r * 1.12);
      cairo_line_to (cr, cx - r * 1.12, cy);
      cairo_close_path (cr);
      break;
    case SHAPE_TRIANGLE:
      cairo_move_to (cr, cx, cy - r * 1.15);
      cairo_line_to (cr, cx + r * 1.05, cy + r * 0.75);
      cairo_line_to (cr, cx - r * 1.05, cy + r * 0.75);
      cairo_close_path (cr);
      break;
    default:
      cairo_rectangle (cr, cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7);
      break;
    }
}

/* A player's piece, filled (on the web) or hollow (a castle's mark). */
static void
draw_piece (cairo_t *cr,
            int      player,
            double   cx,
            double   cy,
            double   r,
            double   alpha,
            gboolean hollow)
{
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  GdkRGBA fill, line;

  piece_colours (player, dark, &fill, &line);
  shape_path (cr, (Shape) player, cx, cy, r);
  if (!hollow)
    {
      cairo_set_source_rgba (cr, fill.red, fill.green, fill.blue, alpha);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, line.red, line.green, line.blue, alpha);
      cairo_set_line_width (cr, MAX (1.5, r * 0.12));
    }
  else
    {
      /* the outline's colour round the fill's: a light mark stays seen on
       * the light web (and in high contrast), a dark one on the dark */
      cairo_set_source_rgba (cr, line.red, line.green, line.blue, alpha);
      cairo_set_line_width (cr, MAX (3.5, r * 0.34));
      cairo_stroke_preserve (cr);
      cairo_set_source_rgba (cr, fill.red, fill.green, fill.blue, alpha);
      cairo_set_line_width (cr, MAX (1.5, r * 0.16));
    }
  cairo_stroke (cr);
}

static void
draw_player_icon (GtkDrawingArea *area,
                  cairo_t        *cr,
                  int             width,
                  int             height,
                  gpointer        user_data)
{
  draw_piece (cr, GPOINTER_TO_INT (user_data), width / 2.0, height / 2.0, MIN (width, height) * 0.36, 1, FALSE);
}

/* ------------------------------------------------------------------------ */
/* Geometry                                                                  */

typedef struct {
  double x, y, size;   /* the web's square in the overlay */
} Frame;

static Frame
board_frame (LudoSpiderwebView *self)
{
  int w = gtk_widget_get_width (self->overlay), h = gtk_widget_get_height (self->overlay);
  double size = MIN (w, h);

  return (Frame) { (w - size) / 2, (h - size) / 2, size };
}

#define INNER 0.26
#define OUTER 0.90

static double
ring_radius (LudoSpiderwebView *self,
             int                ring,
             double             size)
{
  double r = size / 2;

  return r * (INNER + (OUTER - INNER) * ring / MAX (1, self->rings - 1));
}

static void
node_centre (LudoSpiderwebView *self,
             int                node,
             const Frame       *f,
             double            *x,
             double            *y)
{
  double angle = -G_PI / 2 + 2 * G_PI * (node % self->spokes) / self->spokes;
  double radius = ring_radius (self, node / self->spokes, f->size);

  *x = f->x + f->size / 2 + radius * cos (angle);
  *y = f->y + f->size / 2 + radius * sin (angle);
}

/* As large as the nodes may be without touching. */
static double
cell_size (LudoSpiderwebView *self,
           double             size)
{
  double gap = size / 2 * (OUTER - INNER) / MAX (1, self->rings - 1);
  double chord = 2 * ring_radius (self, 0, size) * sin (G_PI / self->spokes);

  return 0.8 * MIN (gap, chord);
}

static gboolean
get_child_position_cb (GtkOverlay        *overlay,
                       GtkWidget         *widget,
                       GdkRectangle      *allocation,
                       LudoSpiderwebView *self)
{
  Frame f = board_frame (self);
  double x, y, s = cell_size (self, f.size);

  if (!LUDO_IS_CELL (widget))
    return FALSE;
  node_centre (self, ludo_cell_get_data (LUDO_CELL (widget)), &f, &x, &y);
  allocation->x = (int) (x - s / 2);
  allocation->y = (int) (y - s / 2);
  allocation->width = allocation->height = MAX (8, (int) s);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Drawing                                                                   */

static void
draw_spider (cairo_t *cr,
             double   cx,
             double   cy,
             double   r,
             GdkRGBA *ink)
{
  cairo_save (cr);
  cairo_set_source_rgba (cr, ink->red, ink->green, ink->blue, 0.55);
  cairo_set_line_width (cr, MAX (1.0, r * 0.045));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  /* four legs a side, bent at the knee */
  for (int side = -1; side <= 1; side += 2)
    for (int i = 0; i < 4; i++)
      {
        double a = (i - 1.5) * 0.42;
        double kx = cx + side * r * 0.55 * cos (a), ky = cy + r * (0.50 * sin (a) - 0.18);
        double fx = cx + side * r * 0.95 * cos (a * 1.5), fy = cy + r * (0.85 * sin (a * 1.4) + 0.12);
        cairo_move_to (cr, cx + side * r * 0.12, cy + (i - 1.5) * r * 0.07);
        cairo_curve_to (cr, kx, ky - r * 0.15, kx, ky, fx, fy);
        cairo_stroke (cr);
      }
  /* the body and the head */
  cairo_save (cr);
  cairo_translate (cr, cx, cy + r * 0.16);
  cairo_scale (cr, 0.22, 0.30);
  cairo_arc (cr, 0, 0, r, 0, 2 * G_PI);
  cairo_restore (cr);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy - r * 0.22, r * 0.13, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_web (GtkDrawingArea *area,
          cairo_t        *cr,
          int             width,
          int             height,
          gpointer        user_data)
{
  LudoSpiderwebView *self = user_data;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  GdkRGBA paper, ink, rim = line_rim (dark);
  Frame f = board_frame (self);
  double cx = f.x + f.size / 2, cy = f.y + f.size / 2, drag_x, drag_y;
  int dragged;

  web_colours (dark, &paper, &ink);
  /* the board */
  cairo_set_source_rgba (cr, paper.red, paper.green, paper.blue, 1);
  cairo_new_sub_path (cr);
  {
    double r = f.size * 0.04, x = f.x, y = f.y, s = f.size;
    cairo_arc (cr, x + s - r, y + r, r, -G_PI / 2, 0);
    cairo_arc (cr, x + s - r, y + s - r, r, 0, G_PI / 2);
    cairo_arc (cr, x + r, y + s - r, r, G_PI / 2, G_PI);
    cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  }
  cairo_close_path (cr);
  cairo_fill (cr);

  /* the polygons and the spokes */
  cairo_set_source_rgba (cr, ink.red, ink.green, ink.blue, 1);
  cairo_set_line_width (cr, MAX (1.5, f.size / 260));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (int r = 0; r < self->rings; r++)
    {
      for (int s = 0; s <= self->spokes; s++)
        {
          double x, y;
          node_centre (self, r * self->spokes + s % self->spokes, &f, &x, &y);
          if (s == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      cairo_stroke (cr);
    }
  for (int s = 0; s < self->spokes; s++)
    {
      double x0, y0, x1, y1;
      node_centre (self, s, &f, &x0, &y0);
      node_centre (self, (self->rings - 1) * self->spokes + s, &f, &x1, &y1);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      cairo_stroke (cr);
    }
  draw_spider (cr, cx, cy, ring_radius (self, 0, f.size) * 0.72, &ink);

  /* the last move, and a hint, along their line */
  for (int pass = 0; pass < 2; pass++)
    {
      gboolean hint = pass == 1;
      int from = hint ? self->hint_from : self->last_from, to = hint ? self->hint_to : self->last_to;
      double x0, y0, x1, y1, line_width = MAX (4, f.size / 70);

      if (from < 0 || to < 0 || (hint && from == to))
        continue;
      node_centre (self, from, &f, &x0, &y0);
      node_centre (self, to, &f, &x1, &y1);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      if (rim.alpha > 0)
        {
          set_source (cr, &rim, 1);
          cairo_set_line_width (cr, line_width + 3);
          cairo_stroke_preserve (cr);
        }
      set_source (cr, hint ? &hint_colour : &last_colour, 0.85);
      cairo_set_line_width (cr, line_width);
      cairo_stroke (cr);
    }

  /* the piece being dragged */
  if ((dragged = ludo_game_view_get_drag (LUDO_GAME_VIEW (self), &drag_x, &drag_y)) >= 0)
    {
      int owner = spiderweb_owner (position (self), dragged);
      if (owner >= 0)
        draw_piece (cr, owner, drag_x, drag_y, cell_size (self, f.size) * 0.42, 1, FALSE);
    }
}

static void
draw_node (LudoCell    *cell,
           GtkSnapshot *snapshot,
           int          width,
           int          height,
           gpointer     user_data)
{
  LudoSpiderwebView *self = user_data;
  const SpiderwebPos *pos = position (self);
  int n = ludo_cell_get_data (cell);
  uint64_t bit = 1ull << n;
  int owner = spiderweb_owner (pos, n);
  double cx = width / 2.0, cy = height / 2.0, r = MIN (width, height) * 0.36;
  LudoCellLayer layer = ludo_cell_get_layer (cell);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  if (layer == LUDO_CELL_LAYER_PIECE)
    {
      /* what slides along the line */
      if (owner >= 0)
        draw_piece (cr, owner, cx, cy, r, 1, FALSE);
      cairo_destroy (cr);
      return;
    }
  if (n == self->last_to || n == self->hint_to)
    {
      if (n == self->hint_to)
        set_source (cr, &hint_colour, 0.40);
      else
        set_source (cr, &last_colour, 0.40);
      cairo_arc (cr, cx, cy, r * 1.32, 0, 2 * G_PI);
      cairo_fill (cr);
    }

  if (owner >= 0 && n != ludo_game_view_get_drag (LUDO_GAME_VIEW (self), NULL, NULL) && layer != LUDO_CELL_LAYER_BOARD)
    draw_piece (cr, owner, cx, cy, r, 1, FALSE);
  else if (owner < 0)
    {
      /* a castle: its builder's mark in the empty node */
      for (int p = 0; p < pos->players; p++)
        if (self->castles[p] & bit)
          draw_piece (cr, p, cx, cy, r * 0.7, 0.9, TRUE);
    }

  /* what the move under the pointer would enclose */
  if (self->would_remove & bit)
    {
      GdkRGBA removed = remove_colour (adw_style_manager_get_dark (adw_style_manager_get_default ()));
      set_source (cr, &removed, 0.95);
      cairo_set_line_width (cr, MAX (2.5, r * 0.22));
      cairo_arc (cr, cx, cy, r * 1.25, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  if (n == self->selected)
    {
      set_source (cr, &select_colour, 0.95);
      cairo_set_line_width (cr, MAX (2.5, r * 0.2));
      cairo_arc (cr, cx, cy, r * 1.25, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  /* where a piece may go: plain while placing (nearly everywhere), clear
   * for the piece picked up */
  if ((self->targets & bit) && owner < 0)
    {
      gboolean placing = self->selected < 0;
      double size = n == self->pointed ? 0.42 : placing ? 0.18 : 0.28;
      set_source (cr, &select_colour, n == self->pointed ? 0.85 : placing ? 0.4 : 0.6);
      cairo_arc (cr, cx, cy, r * size, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
}

static void
redraw (LudoSpiderwebView *self)
{
  gtk_widget_queue_draw (self->web);
  for (int n = 0; n < self->n_nodes; n++)
    gtk_widget_queue_draw (GTK_WIDGET (self->cells[n]));
}

/* ------------------------------------------------------------------------ */
/* Words: names for assistive technology, the side panel, the status        */

static void
update_labels (LudoSpiderwebView *self)
{
  LudoGame *game = ludo_game_view_get_game (LUDO_GAME_VIEW (self));
  const SpiderwebPos *pos = position (self);
  uint64_t empty = ~spiderweb_occupied (pos);

  for (int p = 0; p < SPW_MAX_PLAYERS; p++)
    self->castles[p] = p < pos->players ? spiderweb_castles (pos, p) : 0;
  for (int n = 0; n < self->n_nodes; n++)
    {
      g_autofree char *where = ludo_spiderweb_node_label (pos, n);
      GString *label = g_string_new (where);
      int owner = spiderweb_owner (pos, n);
      uint64_t bit = 1ull << n;

      if (owner >= 0)
        {
          g_autofree char *who = ludo_game_get_seat_label (game, owner);
          g_string_append (label, ", ");
          /* Translators: "piece of Player 2 (light diamond)" */
          g_string_append_printf (label, _("piece of %s (%s)"), who, piece_description (owner));
          if (__builtin_popcountll (spiderweb_neighbours (pos, n) & empty & ((1ull << self->n_nodes) - 1)) == 1)
            g_string_append_printf (label, ", %s", _("one free node beside it"));
        }
      else
        {
          g_string_append_printf (label, ", %s", C_("node", "empty"));
          for (int p = 0; p < pos->players; p++)
            if (self->castles[p] & bit)
              {
                g_autofree char *who = ludo_game_get_seat_label (game, p);
                g_string_append (label, ", ");
                g_string_append_printf (label, _("castle of %s"), who);
              }
        }
      if (n == self->selected)
        g_string_append_printf (label, ", %s", _("picked up"));
      if (self->targets & bit)
        {
          uint64_t removes = 0;
          int k;

          if (pos->phase == SPW_PLACING)
            removes = spiderweb_would_remove (pos, SPW_PLACE (n));
          else if (self->selected >= 0)
            removes = spiderweb_would_remove (pos, SPW_STEP (self->selected, n));
          k = __builtin_popcountll (removes);
          g_string_append_printf (label, ", %s", pos->phase == SPW_PLACING ? _("a piece may be placed here")
                                                                            : _("it can go here"));
          if (k > 0)
            {
              g_string_append (label, ", ");
              g_string_append_printf (label, ngettext ("it encloses %d piece", "it encloses %d pieces", k), k);
            }
        }
      ludo_cell_set_label (self->cells[n], label->str);
      g_string_free (label, TRUE);
    }
}

static void
update_side (LudoSpiderwebView *self)
{
  LudoGame *game = ludo_game_view_get_game (LUDO_GAME_VIEW (self));
  const SpiderwebPos *pos = position (self);

  switch (pos->phase)
    {
    case SPW_PLACING:
      gtk_label_set_text (GTK_LABEL (self->phase_label), _("Placing"));
      gtk_label_set_text (GTK_LABEL (self->phase_detail),
                          _("In turn, place a piece on a free node with a free node beside it. "
                            "A piece with no free node beside it is taken, whoever enclosed it."));
      break;
    case SPW_MOVING:
      gtk_label_set_text (GTK_LABEL (self->phase_label), _("Moving"));
      gtk_label_set_text (GTK_LABEL (self->phase_detail),
                          _("In turn, move a piece along a line to the next free node. "
                            "A piece with no free node beside it is taken, whoever enclosed it."));
      break;
    default:
      gtk_label_set_text (GTK_LABEL (self->phase_label), _("Game Over"));
      gtk_label_set_text (GTK_LABEL (self->phase_detail), "");
      break;
    }
  /* an empty label would reach a screen reader as a nameless object */
  gtk_widget_set_visible (self->phase_detail, pos->phase == SPW_PLACING || pos->phase == SPW_MOVING);

  for (int p = 0; p < SPW_MAX_PLAYERS; p++)
    {
      LudoPlayerRow *row = self->player_row[p];
      g_autofree char *who = NULL;
      g_autofree char *counts = NULL;
      g_autofree char *name = NULL;
      int on_web;

      gtk_widget_set_visible (GTK_WIDGET (row), p < pos->players);
      if (p >= pos->players)
        continue;
      who = ludo_game_get_seat_label (game, p);
      on_web = __builtin_popcountll (pos->pieces[p]);
      if (pos->phase != SPW_OVER && p == pos->to_move)
        /* Translators: the player whose turn it is, in the side panel */
        name = g_strdup_printf (_("%s — to play"), who);
      else
        name = g_strdup (who);
      /* Translators: counts of a player's pieces, in the side panel */
      counts = g_strdup_printf (_("%d on the web, %d in hand, %d lost, %d taken"),
                                on_web, pos->in_hand[p], pos->lost[p], pos->taken[p]);
      if (pos->aside[p])
        {
          g_autofree char *with = g_strdup_printf (ngettext ("%s, %d set aside", "%s, %d set aside", pos->aside[p]),
                                                   counts, pos->aside[p]);
          g_free (counts);
          counts = g_steal_pointer (&with);
        }
      ludo_player_row_set_player (row, name, counts, pos->phase != SPW_OVER && p == pos->to_move);
    }
}

static void
update_status (LudoSpiderwebView *self)
{
  LudoGame *game = ludo_game_view_get_game (LUDO_GAME_VIEW (self));
  const SpiderwebPos *pos = position (self);
  g_autofree char *status = NULL;

  if (ludo_game_is_over (game))
    status = ludo_game_describe_outcome (game);
  else
    {
      g_autofree char *who = ludo_game_get_seat_label (game, pos->to_move);
      if (pos->phase == SPW_PLACING)
        /* Translators: "Player 1 (dark round) to place, 11 in hand." */
        status = g_strdup_printf (ngettext ("%s (%s) to place, %d in hand.", "%s (%s) to place, %d in hand.",
                                            pos->in_hand[pos->to_move]),
                                  who, piece_description (pos->to_move), pos->in_hand[pos->to_move]);
      else
        status = g_strdup_printf (_("%s (%s) to move."), who, piece_description (pos->to_move));
    }
  ludo_game_view_set_status (LUDO_GAME_VIEW (self), status);
}

/* ------------------------------------------------------------------------ */
/* Moving                                                                    */

static uint64_t
placeable_nodes (const SpiderwebPos *pos)
{
  SpiderwebMove moves[SPW_MAX_MOVES];
  int n = pos->phase == SPW_PLACING ? spiderweb_gen_moves (pos, moves) : 0;
  uint64_t nodes = 0;

  for (int i = 0; i < n; i++)
    nodes |= 1ull << SPW_MOVE_TO (moves[i]);
  return nodes;
}

static void
update_preview (LudoSpiderwebView *self)
{
  const SpiderwebPos *pos = position (self);
  int n = self->pointed;

  self->would_remove = 0;
  if (n < 0 || !(self->targets & (1ull << n)) || !ludo_game_view_get_interactive (LUDO_GAME_VIEW (self)))
    return;
  if (pos->phase == SPW_PLACING)
    self->would_remove = spiderweb_would_remove (pos, SPW_PLACE (n));
  else if (self->selected >= 0)
    self->would_remove = spiderweb_would_remove (pos, SPW_STEP (self->selected, n));
}

/* What may be done now: in the placing phase every node a piece may go
 * to; in the moving phase nothing until a piece is picked up. */
static void
reset_choice (LudoSpiderwebView *self)
{
  const SpiderwebPos *pos = position (self);

  self->selected = -1;
  self->targets = ludo_game_view_get_interactive (LUDO_GAME_VIEW (self)) ? placeable_nodes (pos) : 0;
  update_preview (self);
}

static void
refresh (LudoSpiderwebView *self)
{
  update_preview (self);
  update_labels (self);
  redraw (self);
}

static gboolean
pick_up (LudoSpiderwebView *self,
         int                node)
{
  const SpiderwebPos *pos = position (self);
  SpiderwebMove moves[SPW_MAX_MOVES];
  int n = spiderweb_gen_moves (pos, moves);

  self->selected = -1;
  self->targets = 0;
  for (int i = 0; i < n; i++)
    if (!SPW_MOVE_IS_PLACE (moves[i]) && SPW_MOVE_FROM (moves[i]) == node)
      self->targets |= 1ull << SPW_MOVE_TO (moves[i]);
  if (self->targets)
    self->selected = node;
  return self->targets != 0;
}

static void
play (LudoSpiderwebView *self,
      SpiderwebMove      move)
{
  const SpiderwebPos *pos = position (self);
  char text[24];

  spiderweb_move_to_text (pos, move, text, sizeof text);
  self->hint_from = self->hint_to = -1;
  ludo_game_view_play (LUDO_GAME_VIEW (self), text);
}

void
ludo_spiderweb_view_activate_node (LudoSpiderwebView *self,
                                   int                node)
{
  const SpiderwebPos *pos = position (self);

  g_return_if_fail (node >= 0 && node < self->n_nodes);
  if (!ludo_game_view_get_interactive (LUDO_GAME_VIEW (self)))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (pos->phase == SPW_PLACING)
    {
      char text[24];
      spiderweb_move_to_text (pos, SPW_PLACE (node), text, sizeof text);
      /* not a legal node: the game says why in the status */
      self->hint_from = self->hint_to = -1;
      ludo_game_view_play (LUDO_GAME_VIEW (self), text);
      return;
    }
  if (self->selected >= 0 && (self->targets & (1ull << node)))
    {
      play (self, SPW_STEP (self->selected, node));
      return;
    }
  if (spiderweb_owner (pos, node) == pos->to_move && node != self->selected)
    {
      if (!pick_up (self, node))
        gtk_widget_error_bell (GTK_WIDGET (self));
    }
  else
    reset_choice (self);
  refresh (self);
}

static void
cell_activated_cb (LudoCell          *cell,
                   LudoSpiderwebView *self)
{
  int node = ludo_cell_get_data (cell);

  if (self->cursor != node)
    {
      gtk_widget_set_focusable (GTK_WIDGET (self->cells[self->cursor]), FALSE);
      self->cursor = node;
      gtk_widget_set_focusable (GTK_WIDGET (cell), TRUE);
    }
  ludo_spiderweb_view_activate_node (self, node);
}

static void
point_at (LudoGameView *view,
          int           node)
{
  LudoSpiderwebView *self = LUDO_SPIDERWEB_VIEW (view);

  if (self->pointed == node)
    return;
  self->pointed = node;
  refresh (self);
}

static void
cell_focus_cb (LudoSpiderwebView  *self,
               GParamSpec         *pspec,
               GtkEventController *controller)
{
  GtkWidget *cell = gtk_event_controller_get_widget (controller);

  if (gtk_event_controller_focus_is_focus (GTK_EVENT_CONTROLLER_FOCUS (controller)))
    point_at (LUDO_GAME_VIEW (self), ludo_cell_get_data (LUDO_CELL (cell)));
}

/* ------------------------------------------------------------------------ */
/* Keyboard: a cursor along the lines                                        */

static void
move_cursor (LudoGameView *view,
             int           dspoke,
             int           dring)
{
  LudoSpiderwebView *self = LUDO_SPIDERWEB_VIEW (view);
  int ring = self->cursor / self->spokes, spoke = self->cursor % self->spokes;
  int node;

  spoke = (spoke + dspoke + self->spokes) % self->spokes;
  ring = CLAMP (ring + dring, 0, self->rings - 1);
  node = ring * self->spokes + spoke;
  ludo_cell_move_cursor (self->cells[self->cursor], self->cells[node]);
  self->cursor = node;
}

static gboolean
escape (LudoGameView *view)
{
  LudoSpiderwebView *self = LUDO_SPIDERWEB_VIEW (view);

  if (self->selected < 0)
    return FALSE;
  reset_choice (self);
  refresh (self);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* The pointer: hovering shows what a move encloses; drag and drop           */

static gboolean
drag_start (LudoGameView *view,
            int           node)
{
  const SpiderwebPos *pos = position (LUDO_SPIDERWEB_VIEW (view));

  return pos->phase == SPW_MOVING && ludo_game_view_get_interactive (view) && spiderweb_owner (pos, node) == pos->to_move;
}

static gboolean
drag_lift (LudoGameView *view,
           int           from)
{
  return pick_up (LUDO_SPIDERWEB_VIEW (view), from);
}

static void
drag_move (LudoGameView *view,
           int           node)
{
  LudoSpiderwebView *self = LUDO_SPIDERWEB_VIEW (view);

  self->pointed = node;
  refresh (self);
}

static void
drop (LudoGameView *view,
      int           from,
      int           to)
{
  LudoSpiderwebView *self = LUDO_SPIDERWEB_VIEW (view);

  if (to >= 0 && (self->targets & (1ull << to)))
    play (self, SPW_STEP (from, to));
  else
    refresh (self);   /* dropped off: still picked up */
}

static const LudoGameViewInput input = {
  .move_cursor = move_cursor,
  .escape = escape,
  .point_at = point_at,
  .drag_start = drag_start,
  .drag_lift = drag_lift,
  .drag_move = drag_move,
  .drop = drop,
};

/* ------------------------------------------------------------------------ */

static void
ludo_spiderweb_view_update (LudoGameView *view)
{
  LudoSpiderwebView *self = LUDO_SPIDERWEB_VIEW (view);
  LudoGame *game = ludo_game_view_get_game (view);
  guint ply = ludo_game_get_position (game);
  GtkRoot *root;

  if (ply != self->shown_position || ludo_game_get_serial (game) != self->shown_serial)
    {
      self->last_from = self->last_to = -1;
      if (ply > 0)
        {
          const SpiderwebPos *before = ludo_spiderweb_game_get_position_at (LUDO_SPIDERWEB_GAME (game), ply - 1);
          SpiderwebMove move;
          if (spiderweb_parse_move (before, ludo_game_get_move (game, ply - 1), &move))
            {
              self->last_to = SPW_MOVE_TO (move);
              self->last_from = SPW_MOVE_IS_PLACE (move) ? -1 : SPW_MOVE_FROM (move);
            }
        }
      self->shown_position = ply;
      self->shown_serial = ludo_game_get_serial (game);
    }
  reset_choice (self);
  update_labels (self);
  update_side (self);
  update_status (self);
  redraw (self);

  /* keep the keyboard on the web when it is a person's turn */
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (root && ludo_game_view_get_interactive (view))
    {
      GtkWidget *focus = gtk_root_get_focus (root);
      if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
        gtk_widget_grab_focus (GTK_WIDGET (self->cells[self->cursor]));
    }
}

/* A step slides the piece along its line; a piece placed fades in. */
static void
ludo_spiderweb_view_collect_slides (LudoGameView *view,
                                    GPtrArray    *cells)
{
  LudoSpiderwebView *self = LUDO_SPIDERWEB_VIEW (view);

  if (self->last_from >= 0 && self->last_to >= 0)
    {
      g_ptr_array_add (cells, self->cells[self->last_from]);
      g_ptr_array_add (cells, self->cells[self->last_to]);
    }
}

/* A new position or another viewer: nothing is picked up, dragged or
 * hinted any more. */
static void
ludo_spiderweb_view_clear_input (LudoGameView *view)
{
  LudoSpiderwebView *self = LUDO_SPIDERWEB_VIEW (view);

  self->hint_from = self->hint_to = -1;
  self->selected = -1;
  self->targets = 0;
}

static void
ludo_spiderweb_view_show_hint (LudoGameView *view,
                               const char   *move)
{
  LudoSpiderwebView *self = LUDO_SPIDERWEB_VIEW (view);
  const SpiderwebPos *pos = position (self);
  SpiderwebMove m = spiderweb_move_from_text (pos, move);
  g_autofree char *where = NULL;
  g_autofree char *status = NULL;

  if (m == SPW_MOVE_NONE)
    return;
  self->hint_to = SPW_MOVE_TO (m);
  self->hint_from = SPW_MOVE_IS_PLACE (m) ? SPW_MOVE_TO (m) : SPW_MOVE_FROM (m);
  where = ludo_spiderweb_node_label (pos, self->hint_to);
  if (SPW_MOVE_IS_PLACE (m))
    status = g_strdup_printf (_("Hint: place on %s."), where);
  else
    {
      g_autofree char *from = ludo_spiderweb_node_label (pos, self->hint_from);
      status = g_strdup_printf (_("Hint: move from %s to %s."), from, where);
    }
  ludo_game_view_set_status (view, status);
  redraw (self);
}

static void
build (LudoSpiderwebView *self)
{
  const SpiderwebPos *pos = position (self);

  self->rings = pos->rings;
  self->spokes = pos->spokes;
  self->n_nodes = spiderweb_n_nodes (pos);
  for (int n = 0; n < self->n_nodes; n++)
    {
      LudoCell *cell = LUDO_CELL (ludo_cell_new (TRUE));
      GtkEventController *focus = gtk_event_controller_focus_new ();

      ludo_cell_set_size (cell, 40);
      ludo_cell_set_min_size (cell, 12);
      ludo_cell_set_data (cell, n);
      ludo_cell_set_draw_func (cell, draw_node, self, NULL);
      gtk_widget_set_focusable (GTK_WIDGET (cell), FALSE);
      g_signal_connect (cell, "activate", G_CALLBACK (cell_activated_cb), self);
      g_signal_connect_swapped (focus, "notify::is-focus", G_CALLBACK (cell_focus_cb), self);
      gtk_widget_add_controller (GTK_WIDGET (cell), focus);
      gtk_overlay_add_overlay (GTK_OVERLAY (self->overlay), GTK_WIDGET (cell));
      self->cells[n] = cell;
    }
  /* the cursor starts on the outer polygon, at the top */
  self->cursor = (self->rings - 1) * self->spokes;
  gtk_widget_set_focusable (GTK_WIDGET (self->cells[self->cursor]), TRUE);

  for (int p = 0; p < SPW_MAX_PLAYERS; p++)
    {
      self->player_row[p] = LUDO_PLAYER_ROW (ludo_player_row_new (draw_player_icon, p));
      gtk_list_box_append (GTK_LIST_BOX (self->players), GTK_WIDGET (self->player_row[p]));
    }

  g_signal_connect (self->overlay, "get-child-position", G_CALLBACK (get_child_position_cb), self);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->web), draw_web, self, NULL);

  ludo_game_view_add_input (LUDO_GAME_VIEW (self), self->overlay, &input);
}

static void
style_changed_cb (LudoSpiderwebView *self)
{
  redraw (self);
  for (int p = 0; p < SPW_MAX_PLAYERS; p++)
    ludo_player_row_redraw_icon (self->player_row[p]);
}

static void
ludo_spiderweb_view_constructed (GObject *object)
{
  LudoSpiderwebView *self = LUDO_SPIDERWEB_VIEW (object);

  G_OBJECT_CLASS (ludo_spiderweb_view_parent_class)->constructed (object);
  build (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (style_changed_cb), self, G_CONNECT_SWAPPED);
  ludo_spiderweb_view_update (LUDO_GAME_VIEW (self));
}

static void
ludo_spiderweb_view_class_init (LudoSpiderwebViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  LudoGameViewClass *view_class = LUDO_GAME_VIEW_CLASS (klass);

  object_class->constructed = ludo_spiderweb_view_constructed;
  view_class->update = ludo_spiderweb_view_update;
  view_class->collect_slides = ludo_spiderweb_view_collect_slides;
  view_class->show_hint = ludo_spiderweb_view_show_hint;
  view_class->clear_input = ludo_spiderweb_view_clear_input;
  view_class->list_colours = list_colours;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-spiderweb-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoSpiderwebView, overlay);
  gtk_widget_class_bind_template_child (widget_class, LudoSpiderwebView, web);
  gtk_widget_class_bind_template_child (widget_class, LudoSpiderwebView, phase_label);
  gtk_widget_class_bind_template_child (widget_class, LudoSpiderwebView, phase_detail);
  gtk_widget_class_bind_template_child (widget_class, LudoSpiderwebView, players);
  gtk_widget_class_set_css_name (widget_class, "spiderwebview");
}

static void
ludo_spiderweb_view_init (LudoSpiderwebView *self)
{
  self->selected = -1;
  self->pointed = -1;
  self->hint_from = self->hint_to = -1;
  self->last_from = self->last_to = -1;
  self->shown_position = G_MAXUINT;
  gtk_widget_init_template (GTK_WIDGET (self));
}

int
ludo_spiderweb_view_get_selected (LudoSpiderwebView *self)
{
  return self->selected;
}

uint64_t
ludo_spiderweb_view_get_preview (LudoSpiderwebView *self)
{
  return self->would_remove;
}

int
ludo_spiderweb_view_get_cursor (LudoSpiderwebView *self)
{
  return self->cursor;
}

LudoCell *
ludo_spiderweb_view_get_cell (LudoSpiderwebView *self,
                              int                node)
{
  g_return_val_if_fail (node >= 0 && node < self->n_nodes, NULL);
  return self->cells[node];
}
