/* ludo-levels-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board is drawn in two layers: underneath, the cells, the frames of
 * the 3×3 squares, the field of view of the piece in hand (and its
 * block's), the last move and the lines that join each piece to its
 * dominator; above, one LudoCell per cell that draws the piece on it, so
 * that each has a name for assistive technology and takes clicks, Enter
 * and Space. The arrow keys move a cursor over the cells.
 *
 * A piece is chosen first; then a cell it sees is a move, an enemy it may
 * destroy is a destruction, and with "Move the Block" on, a cell is where
 * the chosen piece lands with its whole block. Turning, switching state
 * and releasing are buttons, named actions (levels.turn, levels.state,
 * levels.release, levels.block-mode) and the keys T, S, R and B. Whatever
 * an action would capture, recolour or destroy is drawn on the board and
 * said in the status line before it is played.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "app/ludo-cell.h"
#include "app/ludo-player-row.h"
#include "ludo-levels-game.h"
#include "ludo-levels-view.h"

struct _LudoLevelsView
{
  LudoGameView     parent_instance;

  GtkWidget       *overlay;
  GtkWidget       *board_area;
  GtkWidget       *grid;
  GtkWidget       *top_layer;
  GtkWidget       *rank_labels;
  GtkWidget       *file_labels;
  GtkWidget       *turn_label;
  GtkWidget       *piece_label;
  GtkWidget       *block_button;
  GtkWidget       *turn_button;
  GtkWidget       *state_button;
  GtkWidget       *players;
  GtkWidget       *turn_popover;
  GtkWidget       *state_popover;

  LudoCell        *cells[LVL_MAX_CELLS];
  int              size;
  LudoPlayerRow   *player_row[LVL_MAX_PLAYERS];

  int              cursor;           /* the cell with the keyboard */
  int              selected;         /* the cell of the chosen piece, or -1 */
  gboolean         block_mode;       /* cells are where the block lands */
  LevelsMove       target[LVL_MAX_CELLS];   /* what activating a cell plays */
  int              pointed;          /* the cell under the pointer or cursor, or -1 */
  LevelsMove       preview;          /* the action whose effect is shown */
  LudoLevelsEffect effect;          /* of the preview, with the position it leaves */
  LevelsMove       hint;
  int              last_from, last_to;
};

G_DEFINE_FINAL_TYPE (LudoLevelsView, ludo_levels_view, LUDO_TYPE_GAME_VIEW)

static void refresh (LudoLevelsView *self);

static const LevelsPos *
position (LudoLevelsView *self)
{
  LudoGame *game = ludo_game_view_get_game (LUDO_GAME_VIEW (self));

  return ludo_levels_game_get_position (LUDO_LEVELS_GAME (game));
}

static gboolean
interactive (LudoLevelsView *self)
{
  return ludo_game_view_get_interactive (LUDO_GAME_VIEW (self));
}

static char *
cell_name (const LevelsPos *pos,
           int              cell)
{
  char name[8];

  levels_cell_name (pos, cell, name, sizeof name);
  return g_strdup (name);
}

/* ------------------------------------------------------------------------ */
/* The pieces: a colour and a shape for each player                          */

typedef enum { SHAPE_ROUND, SHAPE_SQUARE, SHAPE_DIAMOND, SHAPE_HEXAGON } Shape;

/* A player's side and the shape of its pieces, for the side panel. */
static const char *
side_words (int colour)
{
  static const char * const names[LVL_MAX_PLAYERS] = {
    N_("White, round pieces"), N_("Black, square pieces"),
    N_("Red, diamond pieces"), N_("Blue, hexagonal pieces"),
  };

  return _(names[colour & 3]);
}

static void
piece_colours (int      colour,
               gboolean dark,
               GdkRGBA *fill,
               GdkRGBA *line,
               GdkRGBA *text)
{
  switch (colour)
    {
    case 0:
      *fill = (GdkRGBA) { 0.98, 0.97, 0.94, 1 };
      *line = (GdkRGBA) { 0.25, 0.23, 0.21, 1 };
      *text = (GdkRGBA) { 0.10, 0.10, 0.10, 1 };
      break;
    case 1:
      *fill = (GdkRGBA) { 0.14, 0.14, 0.16, 1 };
      *line = dark ? (GdkRGBA) { 0.85, 0.84, 0.82, 1 } : (GdkRGBA) { 0, 0, 0, 1 };
      *text = (GdkRGBA) { 0.98, 0.98, 0.98, 1 };
      break;
    case 2:
      *fill = (GdkRGBA) { 0.72, 0.13, 0.12, 1 };
      *line = dark ? (GdkRGBA) { 0.98, 0.80, 0.78, 1 } : (GdkRGBA) { 0.40, 0.05, 0.03, 1 };
      *text = (GdkRGBA) { 1, 1, 1, 1 };
      break;
    default:
      *fill = (GdkRGBA) { 0.13, 0.38, 0.78, 1 };
      *line = dark ? (GdkRGBA) { 0.78, 0.86, 0.98, 1 } : (GdkRGBA) { 0.04, 0.16, 0.40, 1 };
      *text = (GdkRGBA) { 1, 1, 1, 1 };
      break;
    }
}

/* The board's colours, and the marks': the last move and the hint tint
 * their cells and band them, the band ringed in ink on the light board,
 * which yellow and green alone do not stand out of. */
static void
board_colours (gboolean dark,
               GdkRGBA *light_sq,
               GdkRGBA *dark_sq,
               GdkRGBA *ink)
{
  *light_sq = dark ? (GdkRGBA) { 0.27, 0.27, 0.29, 1 } : (GdkRGBA) { 0.95, 0.92, 0.84, 1 };
  *dark_sq = dark ? (GdkRGBA) { 0.22, 0.22, 0.24, 1 } : (GdkRGBA) { 0.88, 0.83, 0.72, 1 };
  *ink = dark ? (GdkRGBA) { 0.80, 0.78, 0.74, 1 } : (GdkRGBA) { 0.33, 0.24, 0.16, 1 };
}

static const GdkRGBA view_colour = { 0.21, 0.52, 0.89, 1 };
static const GdkRGBA last_colour = { 0.96, 0.76, 0.10, 1 };
static const GdkRGBA hint_colour = { 0.18, 0.76, 0.42, 1 };
#define VIEW_OWN 0.28
#define VIEW_BLOCK 0.15

/* lighter on the dark board, where they brighten what they tint */
static double
mark_tint (gboolean dark)
{
  return dark ? 0.30 : 0.45;
}

/* what stands out of the board's ink in each style */
static GdkRGBA
ray_colour (gboolean dark)
{
  return dark ? (GdkRGBA) { 0.92, 0.90, 0.86, 1 } : (GdkRGBA) { 0.20, 0.15, 0.10, 1 };
}

static GdkRGBA
band_rim (gboolean dark)
{
  return dark ? (GdkRGBA) { 0, 0, 0, 0 } : ray_colour (dark);
}

/* the piece picked up, and what may be destroyed: deeper on the light
 * board; paler on the dark, and ringed there in black for the cells the
 * marks brighten */
static GdkRGBA
select_colour (gboolean dark)
{
  return dark ? (GdkRGBA) { 0.60, 0.76, 0.95, 1 } : (GdkRGBA) { 0.10, 0.37, 0.71, 1 };
}

static GdkRGBA
destroy_colour (gboolean dark)
{
  return dark ? (GdkRGBA) { 0.98, 0.60, 0.55, 1 } : (GdkRGBA) { 0.65, 0.11, 0.18, 1 };
}

static GdkRGBA
ring_rim (gboolean dark)
{
  return dark ? (GdkRGBA) { 0, 0, 0, 1 } : (GdkRGBA) { 0, 0, 0, 0 };
}

static GdkRGBA
tinted (const GdkRGBA *ground,
        const GdkRGBA *tint,
        double         alpha)
{
  GdkRGBA top = *tint;

  top.alpha = alpha;
  return ludo_colour_over (&top, ground);
}

static void
list_colours (LudoGameView *view,
              GArray       *pairs)
{
  static const char * const pieces[4] = { "white piece", "black piece", "red piece", "blue piece" };
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  GdkRGBA light_sq, dark_sq, ink, ray = ray_colour (dark), rim = band_rim (dark);
  GdkRGBA selected = select_colour (dark), destroyed = destroy_colour (dark), ring = ring_rim (dark);

  board_colours (dark, &light_sq, &dark_sq, &ink);
  /* as draw_ring () draws them */
  selected.alpha = destroyed.alpha = 0.95;
  ring.alpha *= 0.95;
  for (int sq = 0; sq < 2; sq++)
    {
      const GdkRGBA *square = sq ? &dark_sq : &light_sq;
      const char *name = sq ? "dark strip" : "light strip";
      GdkRGBA grounds[] = {
        *square,
        tinted (square, &view_colour, VIEW_OWN),
        tinted (square, &view_colour, VIEW_BLOCK),
        tinted (square, &last_colour, mark_tint (dark)),
        tinted (square, &hint_colour, mark_tint (dark)),
      };
      const char * const ground_names[] = { "", ", field of view", ", block's view", ", last move", ", hint" };

      ludo_colour_pairs_add (pairs, "last move", &last_colour, &rim, name, square);
      ludo_colour_pairs_add (pairs, "hint", &hint_colour, &rim, name, square);
      for (guint g = 0; g < G_N_ELEMENTS (grounds); g++)
        {
          g_autofree char *ground = g_strconcat (name, ground_names[g], NULL);

          for (int c = 0; c < 4; c++)
            {
              GdkRGBA fill, line, text;
              piece_colours (c, dark, &fill, &line, &text);
              ludo_colour_pairs_add (pairs, pieces[c], &fill, &line, ground, &grounds[g]);
              if (g == 0)
                {
                  g_autofree char *link = g_strconcat (pieces[c], "'s block link", NULL);
                  fill.alpha = 0.95;
                  line.alpha = 0.85;
                  ludo_colour_pairs_add (pairs, link, &fill, &line, ground, &grounds[g]);
                }
            }
          ludo_colour_pairs_add (pairs, "ray", &ray, NULL, ground, &grounds[g]);
          ludo_colour_pairs_add (pairs, "selection", &selected, &ring, ground, &grounds[g]);
          ludo_colour_pairs_add (pairs, "to be destroyed", &destroyed, &ring, ground, &grounds[g]);
        }
    }
  for (int c = 0; c < 4; c++)
    {
      GdkRGBA fill, line, text;
      g_autofree char *digit = g_strconcat (pieces[c], "'s level", NULL);
      piece_colours (c, dark, &fill, &line, &text);
      ludo_colour_pairs_add (pairs, digit, &text, NULL, pieces[c], &fill);
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
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
      break;
    case SHAPE_SQUARE:
      {
        double s = r * 0.9, k = r * 0.25;
        cairo_new_sub_path (cr);
        cairo_arc (cr, cx + s - k, cy - s + k, k, -G_PI / 2, 0);
        cairo_arc (cr, cx + s - k, cy + s - k, k, 0, G_PI / 2);
        cairo_arc (cr, cx - s + k, cy + s - k, k, G_PI / 2, G_PI);
        cairo_arc (cr, cx - s + k, cy - s + k, k, G_PI, 3 * G_PI / 2);
        cairo_close_path (cr);
      }
      break;
    case SHAPE_DIAMOND:
      cairo_move_to (cr, cx, cy - r * 1.15);
      cairo_line_to (cr, cx + r * 1.15, cy);
      cairo_line_to (cr, cx, cy + r * 1.15);
      cairo_line_to (cr, cx - r * 1.15, cy);
      cairo_close_path (cr);
      break;
    default:
      for (int k = 0; k < 6; k++)
        {
          double a = G_PI / 6 + k * G_PI / 3;
          if (k == 0)
            cairo_move_to (cr, cx + r * 1.05 * cos (a), cy + r * 1.05 * sin (a));
          else
            cairo_line_to (cr, cx + r * 1.05 * cos (a), cy + r * 1.05 * sin (a));
        }
      cairo_close_path (cr);
      break;
    }
}

static void
draw_text (cairo_t    *cr,
           const char *text,
           double      cx,
           double      cy,
           double      height,
           GdkRGBA    *colour)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Cantarell Bold");
  int w, h;

  pango_font_description_set_absolute_size (font, MAX (1, height) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, colour->alpha);
  cairo_move_to (cr, cx - w / 2.0, cy - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* A piece: its shape in its colour, its level, the ray it looks along and
 * the state of a level 7 or 8. alpha < 1 for a ghost. */
static void
draw_piece (cairo_t         *cr,
            const LevelsPos *pos,
            int              piece,
            double           cx,
            double           cy,
            double           r,
            double           alpha)
{
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  const LevelsPiece *p = &pos->piece[piece];
  int level = levels_piece_level (piece);
  GdkRGBA fill, line, text;
  char digit[4];

  piece_colours (p->colour, dark, &fill, &line, &text);
  cairo_save (cr);
  cairo_push_group (cr);

  /* the ray: a wedge on the rim, outside the shape */
  if (p->state == 3 || p->state == 4)
    {
      double a = -G_PI / 2 + p->dir * G_PI / 4;   /* north is up */
      double tip = r * 1.5, base = r * 0.75, half = 0.5;
      cairo_move_to (cr, cx + tip * cos (a), cy + tip * sin (a));
      cairo_line_to (cr, cx + base * cos (a + half), cy + base * sin (a + half));
      cairo_line_to (cr, cx + base * cos (a - half), cy + base * sin (a - half));
      cairo_close_path (cr);
      /* in the board's ink, so that it shows on the board whatever the
       * piece's colour */
      GdkRGBA ray = ray_colour (dark);
      gdk_cairo_set_source_rgba (cr, &ray);
      cairo_fill (cr);
    }

  shape_path (cr, (Shape) (p->colour & 3), cx, cy, r);
  cairo_set_source_rgba (cr, fill.red, fill.green, fill.blue, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, line.red, line.green, line.blue, 1);
  cairo_set_line_width (cr, MAX (1.2, r * 0.1));
  cairo_stroke (cr);

  g_snprintf (digit, sizeof digit, "%d", level);
  draw_text (cr, digit, cx, cy, r * (level >= 7 ? 0.95 : 1.1), &text);

  /* the state of a level 7 or 8: a small disc at the foot */
  if (level >= 7)
    {
      double bx = cx + r * 0.72, by = cy + r * 0.72, br = r * 0.42;
      char state[4];
      /* in the colour of the level's digit, ringed, to stand out of any piece */
      cairo_new_sub_path (cr);
      cairo_arc (cr, bx, by, br, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, text.red, text.green, text.blue, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, line.red, line.green, line.blue, 1);
      cairo_set_line_width (cr, MAX (1.0, r * 0.07));
      cairo_stroke (cr);
      g_snprintf (state, sizeof state, "%d", p->state);
      draw_text (cr, state, bx, by, br * 1.35, &fill);
    }
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, alpha);
  cairo_restore (cr);
}

static void
draw_player_icon (GtkDrawingArea *area,
                  cairo_t        *cr,
                  int             width,
                  int             height,
                  gpointer        user_data)
{
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  int colour = GPOINTER_TO_INT (user_data);
  GdkRGBA fill, line, text;

  piece_colours (colour, dark, &fill, &line, &text);
  shape_path (cr, (Shape) colour, width / 2.0, height / 2.0, MIN (width, height) * 0.36);
  cairo_set_source_rgba (cr, fill.red, fill.green, fill.blue, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, line.red, line.green, line.blue, 1);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
}

/* ------------------------------------------------------------------------ */
/* Geometry: the board area and the grid of cells fill the same LudoBoard   */

static void
cell_centre (LudoLevelsView *self,
             int             cell,
             double          width,
             double          height,
             double         *x,
             double         *y)
{
  double w = width / self->size, h = height / self->size;

  *x = (cell % self->size + 0.5) * w;
  *y = (self->size - 1 - cell / self->size + 0.5) * h;
}

/* ------------------------------------------------------------------------ */
/* Drawing                                                                   */

/* The piece whose field of view is shaded: the one in hand, else the one
 * under the pointer or cursor. */
static int
inspected_piece (LudoLevelsView *self)
{
  const LevelsPos *pos = position (self);

  if (self->selected >= 0)
    return levels_piece_at (pos, self->selected);
  if (self->pointed >= 0)
    return levels_piece_at (pos, self->pointed);
  return -1;
}

static void
fill_cell (cairo_t        *cr,
           LudoLevelsView *self,
           int             cell,
           double          w,
           double          h)
{
  cairo_rectangle (cr, (cell % self->size) * w, (self->size - 1 - cell / self->size) * h, w, h);
  cairo_fill (cr);
}

/* Does the straight line between two cells pass over another piece? */
static gboolean
crosses_a_piece (LudoLevelsView  *self,
                 const LevelsPos *pos,
                 int              from,
                 int              to)
{
  double x0 = from % self->size, y0 = from / self->size, x1 = to % self->size, y1 = to / self->size;
  double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;

  for (int c = 0; c < self->size * self->size; c++)
    {
      double px = c % self->size - x0, py = c / self->size - y0, t, ex, ey;

      if (c == from || c == to || levels_piece_at (pos, c) < 0)
        continue;
      t = (px * dx + py * dy) / len2;
      if (t <= 0 || t >= 1)
        continue;
      ex = px - t * dx;
      ey = py - t * dy;
      if (ex * ex + ey * ey < 0.45 * 0.45)
        return TRUE;
    }
  return FALSE;
}

/* A line from a piece to its dominator, from rim to rim, with an arrow
 * head at the dominator: drawn above the pieces, and bowed aside where a
 * straight line would run over a third piece and seem to join it too. */
static void
draw_link (cairo_t         *cr,
           LudoLevelsView  *self,
           const LevelsPos *pos,
           int              from,
           int              to,
           double           width,
           double           height,
           gboolean         head)
{
  double x0, y0, x1, y1, dx, dy, len, r = MIN (width, height) / self->size * 0.42;
  double bow = 0, mx, my, ax, ay, bx, by, hx, hy, tx, ty, tl, s;

  cell_centre (self, from, width, height, &x0, &y0);
  cell_centre (self, to, width, height, &x1, &y1);
  dx = x1 - x0;
  dy = y1 - y0;
  len = sqrt (dx * dx + dy * dy);
  if (len <= 2 * r)
    return;
  if (crosses_a_piece (self, pos, from, to))
    bow = MIN (width, height) / self->size * 0.55;
  /* the control point, off the middle of the line by the bow */
  mx = (x0 + x1) / 2 - dy / len * bow;
  my = (y0 + y1) / 2 + dx / len * bow;
  /* leave and arrive at the rims, along the curve's ends */
  tx = mx - x0;
  ty = my - y0;
  tl = sqrt (tx * tx + ty * ty);
  ax = x0 + tx / tl * r;
  ay = y0 + ty / tl * r;
  tx = x1 - mx;
  ty = y1 - my;
  tl = sqrt (tx * tx + ty * ty);
  tx /= tl;
  ty /= tl;
  bx = x1 - tx * r;
  by = y1 - ty * r;
  cairo_move_to (cr, ax, ay);
  cairo_curve_to (cr, (ax + 2 * mx) / 3, (ay + 2 * my) / 3, (bx + 2 * mx) / 3, (by + 2 * my) / 3, bx, by);
  cairo_stroke (cr);
  if (head)
    {
      hx = bx;
      hy = by;
      s = r * 0.45;
      cairo_move_to (cr, hx, hy);
      cairo_line_to (cr, hx - tx * s - ty * s * 0.6, hy - ty * s + tx * s * 0.6);
      cairo_line_to (cr, hx - tx * s + ty * s * 0.6, hy - ty * s - tx * s * 0.6);
      cairo_close_path (cr);
      cairo_fill (cr);
    }
}

static void
draw_board (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  LudoLevelsView *self = user_data;
  const LevelsPos *pos = position (self);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  GdkRGBA light_sq, dark_sq, ink, rim = band_rim (dark);
  double w = (double) width / self->size, h = (double) height / self->size;
  int inspected = inspected_piece (self);

  board_colours (dark, &light_sq, &dark_sq, &ink);
  /* the squares, a shade apart, so that the wide strips show */
  for (int c = 0; c < self->size * self->size; c++)
    {
      GdkRGBA *bg = ((c % self->size) / 3 + (c / self->size) / 3) % 2 ? &dark_sq : &light_sq;
      cairo_set_source_rgba (cr, bg->red, bg->green, bg->blue, 1);
      fill_cell (cr, self, c, w, h);
    }

  /* the field of view: the block's lightly, the piece's own clearly */
  if (inspected >= 0)
    {
      LevelsSet block;
      const LevelsSet *own = levels_view (pos, inspected);
      /* a piece merely pointed at, while one could be chosen, more lightly */
      double strength = self->selected >= 0 || !interactive (self) ? 1.0 : 0.6;

      levels_block_view (pos, inspected, &block);
      for (int c = 0; c < self->size * self->size; c++)
        {
          if (levels_set_has (own, c))
            cairo_set_source_rgba (cr, view_colour.red, view_colour.green, view_colour.blue, VIEW_OWN * strength);
          else if (levels_set_has (&block, c))
            cairo_set_source_rgba (cr, view_colour.red, view_colour.green, view_colour.blue, VIEW_BLOCK * strength);
          else
            continue;
          fill_cell (cr, self, c, w, h);
        }
    }

  /* the last move and a hint */
  if (self->last_to >= 0)
    {
      cairo_set_source_rgba (cr, last_colour.red, last_colour.green, last_colour.blue, mark_tint (dark));
      if (self->last_from >= 0 && self->last_from != self->last_to)
        fill_cell (cr, self, self->last_from, w, h);
      fill_cell (cr, self, self->last_to, w, h);
    }
  if (self->hint != LVL_MOVE_NONE)
    {
      cairo_set_source_rgba (cr, hint_colour.red, hint_colour.green, hint_colour.blue, mark_tint (dark));
      fill_cell (cr, self, LVL_MOVE_FROM (self->hint), w, h);
      fill_cell (cr, self, LVL_MOVE_TO (self->hint), w, h);
    }

  /* thin lines between cells, strong frames round the squares */
  cairo_set_source_rgba (cr, ink.red, ink.green, ink.blue, 0.25);
  cairo_set_line_width (cr, 1);
  for (int i = 1; i < self->size; i++)
    if (i % 3)
      {
        cairo_move_to (cr, i * w, 0);
        cairo_line_to (cr, i * w, height);
        cairo_move_to (cr, 0, i * h);
        cairo_line_to (cr, width, i * h);
      }
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, ink.red, ink.green, ink.blue, 0.9);
  cairo_set_line_width (cr, MAX (2.0, w / 14));
  for (int i = 0; i <= self->size; i += 3)
    {
      cairo_move_to (cr, i * w, 0);
      cairo_line_to (cr, i * w, height);
      cairo_move_to (cr, 0, i * h);
      cairo_line_to (cr, width, i * h);
    }
  cairo_stroke (cr);

  /* the last move's and the hint's bands, inside the frame lines */
  for (int pass = 0; pass < 2; pass++)
    {
      const GdkRGBA *colour = pass == 0 ? &last_colour : &hint_colour;
      int cells[2] = { -1, -1 };
      double t = MAX (2.0, w / 20), inset = MAX (2.0, w / 14) / 2 + 1 + t / 2;

      if (pass == 0 && self->last_to >= 0)
        cells[0] = self->last_to, cells[1] = self->last_from;
      else if (pass == 1 && self->hint != LVL_MOVE_NONE)
        cells[0] = LVL_MOVE_FROM (self->hint), cells[1] = LVL_MOVE_TO (self->hint);
      for (int i = 0; i < 2; i++)
        {
          int c = cells[i];
          if (c < 0 || (i == 1 && c == cells[0]))
            continue;
          cairo_rectangle (cr, (c % self->size) * w + inset, (self->size - 1 - c / self->size) * h + inset,
                           w - 2 * inset, h - 2 * inset);
          if (rim.alpha > 0)
            {
              gdk_cairo_set_source_rgba (cr, &rim);
              cairo_set_line_width (cr, t + 2);
              cairo_stroke_preserve (cr);
            }
          gdk_cairo_set_source_rgba (cr, colour);
          cairo_set_line_width (cr, t);
          cairo_stroke (cr);
        }
    }
}

static void
draw_ring (cairo_t *cr,
           double   cx,
           double   cy,
           double   r,
           double   red,
           double   green,
           double   blue,
           double   width)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, red, green, blue, 0.95);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

/* a ring in a mark's colour, over its rim if it has one */
static void
draw_mark_ring (cairo_t       *cr,
                double         cx,
                double         cy,
                double         r,
                const GdkRGBA *colour,
                double         width)
{
  GdkRGBA rim = ring_rim (adw_style_manager_get_dark (adw_style_manager_get_default ()));

  if (rim.alpha > 0)
    draw_ring (cr, cx, cy, r, rim.red, rim.green, rim.blue, width + 2);
  draw_ring (cr, cx, cy, r, colour->red, colour->green, colour->blue, width);
}

static void
draw_cell (LudoCell    *cell,
           GtkSnapshot *snapshot,
           int          width,
           int          height,
           gpointer     user_data)
{
  LudoLevelsView *self = user_data;
  const LevelsPos *pos = position (self);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  int c = ludo_cell_get_data (cell);
  int piece = levels_piece_at (pos, c);
  double cx = width / 2.0, cy = height / 2.0, r = MIN (width, height) * 0.34;
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  LevelsMove t = self->target[c];
  LudoCellLayer layer = ludo_cell_get_layer (cell);
  gboolean ghost = FALSE;

  if (layer == LUDO_CELL_LAYER_PIECE)
    {
      /* what slides to this cell */
      if (piece >= 0)
        draw_piece (cr, pos, piece, cx, cy, r, 1);
      cairo_destroy (cr);
      return;
    }

  /* a previewed action that moves pieces: faded where they leave, a
   * ghost where they land; a piece to be destroyed stays whole, crossed
   * out below */
  if (piece >= 0 && c != ludo_game_view_get_drag (LUDO_GAME_VIEW (self), NULL, NULL) && layer != LUDO_CELL_LAYER_BOARD)
    draw_piece (cr, pos, piece, cx, cy, r,
                self->preview != LVL_MOVE_NONE && piece != self->effect.destroyed &&
                levels_piece_at (&self->effect.after, c) != piece ? 0.4 : 1);
  if (self->preview != LVL_MOVE_NONE && (piece < 0 || piece != self->effect.destroyed))
    {
      int there = levels_piece_at (&self->effect.after, c);
      if (there >= 0 && there != piece)
        {
          draw_piece (cr, &self->effect.after, there, cx, cy, r, 0.6);
          ghost = TRUE;
        }
    }

  /* what the previewed action recolours: a ring in the new colour */
  if (self->preview != LVL_MOVE_NONE && piece >= 0 && (self->effect.recoloured & (1u << piece)))
    {
      GdkRGBA fill, line, text;
      piece_colours (self->effect.after.piece[piece].colour, dark, &fill, &line, &text);
      draw_ring (cr, cx, cy, r * 1.3, line.red, line.green, line.blue, MAX (4.0, r * 0.32));
      draw_ring (cr, cx, cy, r * 1.3, fill.red, fill.green, fill.blue, MAX (2.0, r * 0.18));
    }
  /* what it destroys: a red cross, open in the middle so that the level
   * it destroys stays legible */
  if (self->preview != LVL_MOVE_NONE && piece >= 0 && piece == self->effect.destroyed)
    {
      GdkRGBA destroyed = destroy_colour (dark);
      cairo_set_source_rgba (cr, destroyed.red, destroyed.green, destroyed.blue, 0.95);
      cairo_set_line_width (cr, MAX (3.0, r * 0.28));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      for (int dx = -1; dx <= 1; dx += 2)
        for (int dy = -1; dy <= 1; dy += 2)
          {
            cairo_move_to (cr, cx + dx * r * 0.55, cy + dy * r * 0.55);
            cairo_line_to (cr, cx + dx * r * 1.1, cy + dy * r * 1.1);
          }
      cairo_stroke (cr);
    }

  if (c == self->selected)
    {
      GdkRGBA selected = select_colour (dark);
      draw_mark_ring (cr, cx, cy, r * 1.3, &selected, MAX (2.5, r * 0.2));
    }

  /* where the piece in hand may act: a dot on an empty cell, a red ring
   * round a piece it may destroy */
  if (t != LVL_MOVE_NONE)
    {
      if (LVL_MOVE_KIND (t) == LVL_ACT_DESTROY)
        {
          GdkRGBA destroyed = destroy_colour (dark);
          draw_mark_ring (cr, cx, cy, r * 1.3, &destroyed, MAX (2.5, r * (c == self->pointed ? 0.3 : 0.16)));
        }
      else if ((piece < 0 || c == self->pointed) && !ghost)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, cx, cy, r * (c == self->pointed ? 0.42 : 0.26), 0, 2 * G_PI);
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, c == self->pointed ? 0.85 : 0.6);
          cairo_fill (cr);
        }
    }
  cairo_destroy (cr);
}

/* Above the pieces: the blocks, what a previewed action would link, and
 * the piece being dragged. */
static void
draw_top (GtkDrawingArea *area,
          cairo_t        *cr,
          int             width,
          int             height,
          gpointer        user_data)
{
  LudoLevelsView *self = user_data;
  const LevelsPos *pos = position (self);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  double w = (double) width / self->size, drag_x, drag_y;
  int piece, dragged = ludo_game_view_get_drag (LUDO_GAME_VIEW (self), &drag_x, &drag_y);

  /* blocks: each piece joined to its dominator, in the block's colour */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < LVL_MAX_PIECES; i++)
      {
        const LevelsPiece *p = &pos->piece[i];
        GdkRGBA fill, line, text;

        if (p->cell == LVL_NO_CELL || p->dom < 0)
          continue;
        piece_colours (p->colour, dark, &fill, &line, &text);
        /* an outline first, then the colour inside it */
        if (pass == 0)
          {
            cairo_set_line_width (cr, MAX (4.0, w * 0.13));
            cairo_set_source_rgba (cr, line.red, line.green, line.blue, 0.85);
          }
        else
          {
            cairo_set_line_width (cr, MAX (2.0, w * 0.06));
            cairo_set_source_rgba (cr, fill.red, fill.green, fill.blue, 0.95);
          }
        draw_link (cr, self, pos, p->cell, pos->piece[p->dom].cell, width, height, pass == 0);
      }

  /* what the previewed action would link: dashed, in the accent colour */
  if (self->preview != LVL_MOVE_NONE)
    {
      double dash = MAX (3.0, w * 0.12);
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_set_line_width (cr, MAX (2.5, w * 0.08));
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.95);
      for (uint32_t rest = self->effect.joined; rest; rest &= rest - 1)
        {
          int i = __builtin_ctz (rest);
          const LevelsPos *after = &self->effect.after;
          draw_link (cr, self, after, after->piece[i].cell, after->piece[after->piece[i].dom].cell, width, height, TRUE);
        }
      cairo_set_dash (cr, NULL, 0, 0);
    }

  if (dragged >= 0 && (piece = levels_piece_at (pos, dragged)) >= 0)
    draw_piece (cr, pos, piece, drag_x, drag_y, MIN (width, height) / (double) self->size * 0.4, 1);
}

static void
redraw (LudoLevelsView *self)
{
  gtk_widget_queue_draw (self->board_area);
  gtk_widget_queue_draw (self->top_layer);
  for (int c = 0; c < self->size * self->size; c++)
    gtk_widget_queue_draw (GTK_WIDGET (self->cells[c]));
}

/* ------------------------------------------------------------------------ */
/* Words: names for assistive technology, the side panel, the status        */

static char *
piece_words (LudoLevelsView *self,
             int             piece)
{
  const LevelsPos *pos = position (self);
  const LevelsPiece *p = &pos->piece[piece];
  g_autofree char *what = ludo_levels_piece_description (pos, piece);
  GString *text = g_string_new (what);
  uint32_t members = levels_block_members (pos, piece);
  int n_members = __builtin_popcount (members);

  if (p->dom >= 0)
    {
      g_autofree char *dom = cell_name (pos, pos->piece[p->dom].cell);
      /* Translators: "white level 4 looking north-east, dominated by e6" */
      g_string_append_printf (text, _(", dominated by %s"), dom);
    }
  else if (n_members > 1)
    /* Translators: the root of a block */
    g_string_append_printf (text, ngettext (", heads a block of %d piece", ", heads a block of %d pieces", n_members),
                            n_members);
  return g_string_free (text, FALSE);
}

static void
update_labels (LudoLevelsView *self)
{
  const LevelsPos *pos = position (self);

  for (int c = 0; c < self->size * self->size; c++)
    {
      g_autofree char *where = cell_name (pos, c);
      GString *label = g_string_new (where);
      int piece = levels_piece_at (pos, c);
      LevelsMove t = self->target[c];

      g_string_append (label, ", ");
      if (piece >= 0)
        {
          g_autofree char *what = piece_words (self, piece);
          g_string_append (label, what);
        }
      else
        g_string_append (label, C_("cell", "empty"));
      if (c == self->selected)
        g_string_append_printf (label, ", %s", _("chosen"));
      if (t != LVL_MOVE_NONE)
        {
          g_autofree char *effect = ludo_levels_describe_effect (pos, t);
          switch (LVL_MOVE_KIND (t))
            {
            case LVL_ACT_DESTROY:
              g_string_append_printf (label, ", %s", _("the chosen piece can destroy it"));
              break;
            case LVL_ACT_BLOCK:
              g_string_append_printf (label, ", %s", _("the chosen piece can land here with its block"));
              break;
            default:
              g_string_append_printf (label, ", %s", _("the chosen piece can move here"));
              break;
            }
          if (effect && LVL_MOVE_KIND (t) != LVL_ACT_DESTROY)
            g_string_append_printf (label, " (%s)", effect);
        }
      ludo_cell_set_label (self->cells[c], label->str);
      g_string_free (label, TRUE);
    }
}

static char *
seat_words (LudoLevelsView *self,
            int             colour)
{
  LudoGame *game = ludo_game_view_get_game (LUDO_GAME_VIEW (self));
  g_autofree char *who = ludo_game_get_seat_label (game, colour);

  /* Translators: "Player 1 (White, round pieces)" */
  return g_strdup_printf (_("%s (%s)"), who, side_words (colour));
}

static void
update_side (LudoLevelsView *self)
{
  LudoGame *game = ludo_game_view_get_game (LUDO_GAME_VIEW (self));
  const LevelsPos *pos = position (self);
  int piece = self->selected >= 0 ? levels_piece_at (pos, self->selected) : -1;

  if (ludo_game_is_over (game))
    gtk_label_set_text (GTK_LABEL (self->turn_label), _("Game Over"));
  else
    {
      g_autofree char *who = seat_words (self, pos->to_move);
      /* Translators: the heading of the side panel */
      g_autofree char *text = g_strdup_printf (_("%s to act"), who);
      gtk_label_set_text (GTK_LABEL (self->turn_label), text);
    }

  if (piece >= 0)
    {
      g_autofree char *where = cell_name (pos, self->selected);
      g_autofree char *what = piece_words (self, piece);
      /* Translators: the chosen piece: "e5: white level 4 looking north, heads a block of 3 pieces" */
      g_autofree char *text = g_strdup_printf (_("%s: %s"), where, what);
      gtk_label_set_text (GTK_LABEL (self->piece_label), text);
    }
  else if (interactive (self))
    gtk_label_set_text (GTK_LABEL (self->piece_label),
                        _("Choose one of your pieces: its field of view is shaded, its block’s more lightly."));
  else
    gtk_label_set_text (GTK_LABEL (self->piece_label), "");
  /* an empty label would reach a screen reader as a nameless object */
  gtk_widget_set_visible (self->piece_label, *gtk_label_get_text (GTK_LABEL (self->piece_label)) != '\0');

  for (int p = 0; p < LVL_MAX_PLAYERS; p++)
    {
      g_autofree char *name = NULL;
      g_autofree char *counts = NULL;
      int n = 0, blocks = 0;

      gtk_widget_set_visible (GTK_WIDGET (self->player_row[p]), p < pos->players);
      if (p >= pos->players)
        continue;
      name = seat_words (self, p);
      for (int i = 0; i < LVL_MAX_PIECES; i++)
        if (pos->piece[i].cell != LVL_NO_CELL && pos->piece[i].colour == p)
          {
            uint32_t members = levels_block_members (pos, i);
            n++;
            blocks += pos->piece[i].dom < 0 && (members & (members - 1)) != 0;
          }
      /* Translators: counts of a player's pieces, in the side panel */
      if (n == 0)
        counts = g_strdup (_("no pieces left"));
      else
        counts = g_strdup_printf (ngettext ("%d piece", "%d pieces", n), n);
      if (blocks > 0)
        {
          /* Translators: "8 pieces, 2 blocks" */
          g_autofree char *with = g_strdup_printf (ngettext ("%s, %d block", "%s, %d blocks", blocks), counts, blocks);
          g_free (counts);
          counts = g_steal_pointer (&with);
        }
      ludo_player_row_set_player (self->player_row[p], name, counts, !ludo_game_is_over (game) && p == pos->to_move);
    }
}

static void
update_status (LudoLevelsView *self)
{
  LudoGame *game = ludo_game_view_get_game (LUDO_GAME_VIEW (self));
  const LevelsPos *pos = position (self);
  g_autofree char *status = NULL;

  if (ludo_game_is_over (game))
    status = ludo_game_describe_outcome (game);
  else if (self->preview != LVL_MOVE_NONE)
    {
      g_autofree char *effect = ludo_levels_describe_effect (pos, self->preview);
      /* the action in the move list's words */
      g_autofree char *text = ludo_levels_describe_action (pos, self->preview);
      if (effect)
        /* Translators: "g1 moves to g2: h9: black level 4 turns white" */
        status = g_strdup_printf (_("%s: %s."), text, effect);
      else
        /* Translators: an action that changes nothing but itself */
        status = g_strdup_printf (_("%s: captures nothing."), text);
    }
  else
    {
      g_autofree char *who = seat_words (self, pos->to_move);
      status = g_strdup_printf (_("%s to act."), who);
    }
  ludo_game_view_set_status (LUDO_GAME_VIEW (self), status);
}

/* ------------------------------------------------------------------------ */
/* Choosing and acting                                                       */

static void
set_preview (LudoLevelsView *self,
             LevelsMove      move)
{
  if (self->preview == move)
    return;
  self->preview = move;
  /* no action: nothing moves, nothing changes */
  ludo_levels_effect (position (self), move, &self->effect);
  update_status (self);
  redraw (self);
}

static LevelsMove
piece_move (LudoLevelsView *self,
            int             kind,
            int             arg)
{
  if (self->selected < 0)
    return LVL_MOVE_NONE;
  return LVL_MOVE (kind, self->selected, self->selected, arg);
}

static gboolean
can_do (LudoLevelsView *self,
        LevelsMove      move)
{
  return interactive (self) && move != LVL_MOVE_NONE && levels_is_legal (position (self), move);
}

/* The actions of the chosen piece: what each cell means, and the buttons. */
static void
update_targets (LudoLevelsView *self)
{
  const LevelsPos *pos = position (self);
  int piece = self->selected >= 0 ? levels_piece_at (pos, self->selected) : -1;
  gboolean in_block = FALSE, turn = FALSE, state = FALSE;

  memset (self->target, 0, sizeof self->target);
  if (piece >= 0 && interactive (self))
    {
      LevelsMove *moves = g_new (LevelsMove, LVL_MAX_MOVES);
      int n = levels_gen_moves (pos, moves);
      uint32_t members = levels_block_members (pos, piece);
      int root_cell = pos->piece[levels_root (pos, piece)].cell;

      in_block = (members & (members - 1)) != 0;
      if (!in_block)
        self->block_mode = FALSE;
      for (int i = 0; i < n; i++)
        {
          LevelsMove m = moves[i];
          int kind = LVL_MOVE_KIND (m);

          if (self->block_mode && kind == LVL_ACT_BLOCK && LVL_MOVE_FROM (m) == root_cell)
            {
              /* the cell where the chosen piece lands */
              int land = self->selected + LVL_MOVE_TO (m) - LVL_MOVE_FROM (m);
              self->target[land] = m;
            }
          else if (!self->block_mode && LVL_MOVE_FROM (m) == self->selected &&
                   (kind == LVL_ACT_MOVE || kind == LVL_ACT_DESTROY))
            self->target[LVL_MOVE_TO (m)] = m;
          else if (LVL_MOVE_FROM (m) == self->selected && kind == LVL_ACT_TURN)
            turn = TRUE;
          else if (LVL_MOVE_FROM (m) == self->selected && kind == LVL_ACT_STATE)
            state = TRUE;
        }
      g_free (moves);
    }
  else
    self->block_mode = FALSE;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "levels.block-mode", in_block && interactive (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "levels.turn", turn);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "levels.state", state);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "levels.release",
                                 can_do (self, piece_move (self, LVL_ACT_RELEASE, 0)));
  gtk_widget_set_sensitive (self->turn_button, turn);
  gtk_widget_set_sensitive (self->state_button, state);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->block_button), self->block_mode);
}

static void
preview_pointed (LudoLevelsView *self)
{
  int c = self->pointed;

  set_preview (self, c >= 0 && interactive (self) ? self->target[c] : LVL_MOVE_NONE);
}

static void
refresh (LudoLevelsView *self)
{
  update_targets (self);
  preview_pointed (self);
  update_labels (self);
  update_side (self);
  update_status (self);
  redraw (self);
}

static void
choose (LudoLevelsView *self,
        int             cell)
{
  self->selected = cell;
  self->block_mode = FALSE;
  refresh (self);
}

static void
play (LudoLevelsView *self,
      LevelsMove      move)
{
  char text[24];

  levels_move_to_text (position (self), move, text, sizeof text);
  self->hint = LVL_MOVE_NONE;
  self->selected = -1;
  self->block_mode = FALSE;
  set_preview (self, LVL_MOVE_NONE);
  if (!ludo_game_view_play (LUDO_GAME_VIEW (self), text))
    refresh (self);
}

void
ludo_levels_view_activate_cell (LudoLevelsView *self,
                                int             cell)
{
  const LevelsPos *pos = position (self);
  int piece;

  g_return_if_fail (cell >= 0 && cell < self->size * self->size);
  if (!interactive (self))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (self->selected >= 0 && self->target[cell] != LVL_MOVE_NONE)
    {
      play (self, self->target[cell]);
      return;
    }
  piece = levels_piece_at (pos, cell);
  if (piece >= 0 && pos->piece[piece].colour == pos->to_move && cell != self->selected)
    choose (self, cell);
  else
    {
      if (self->selected >= 0 && cell != self->selected)
        {
          /* not a place the piece can go: say why in the status line */
          g_autofree char *why = NULL;
          char text[32];
          char from[8], to[8];
          levels_cell_name (pos, self->selected, from, sizeof from);
          levels_cell_name (pos, cell, to, sizeof to);
          g_snprintf (text, sizeof text, "%s%s%s", from,
                      self->block_mode ? "=" : piece >= 0 ? "x" : "-", to);
          why = ludo_levels_explain_illegal (pos, text);
          gtk_widget_error_bell (GTK_WIDGET (self));
          choose (self, -1);
          if (why)
            ludo_game_view_set_status (LUDO_GAME_VIEW (self), why);
          return;
        }
      choose (self, -1);
    }
}

void
ludo_levels_view_point_at (LudoLevelsView *self,
                           int             cell)
{
  if (self->pointed == cell)
    return;
  self->pointed = cell;
  preview_pointed (self);
  if (self->selected < 0)
    redraw (self);   /* the field of view under the pointer */
}

static void
cell_activated_cb (LudoCell       *cell,
                   LudoLevelsView *self)
{
  int c = ludo_cell_get_data (cell);

  if (self->cursor != c)
    {
      gtk_widget_set_focusable (GTK_WIDGET (self->cells[self->cursor]), FALSE);
      self->cursor = c;
      gtk_widget_set_focusable (GTK_WIDGET (cell), TRUE);
    }
  ludo_levels_view_activate_cell (self, c);
}

static void
cell_focus_cb (LudoLevelsView     *self,
               GParamSpec         *pspec,
               GtkEventController *controller)
{
  GtkWidget *cell = gtk_event_controller_get_widget (controller);

  if (gtk_event_controller_focus_is_focus (GTK_EVENT_CONTROLLER_FOCUS (controller)))
    ludo_levels_view_point_at (self, ludo_cell_get_data (LUDO_CELL (cell)));
}

/* ------------------------------------------------------------------------ */
/* Turn, state, release, block: actions, buttons and their choosers          */

static void
block_mode_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (widget);

  self->block_mode = !self->block_mode;
  refresh (self);
}

static void
release_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (widget);
  LevelsMove move = piece_move (self, LVL_ACT_RELEASE, 0);

  if (can_do (self, move))
    play (self, move);
}

static gboolean
parse_direction (const char *text,
                 int        *dir)
{
  for (int d = 0; d < LVL_DIRS; d++)
    if (g_strcmp0 (text, levels_dir_name (d)) == 0)
      {
        *dir = d;
        return TRUE;
      }
  return FALSE;
}

/* levels.turn-to("ne") */
static void
turn_to_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (widget);
  int dir;

  if (parse_direction (g_variant_get_string (parameter, NULL), &dir) &&
      can_do (self, piece_move (self, LVL_ACT_TURN, dir)))
    {
      gtk_popover_popdown (GTK_POPOVER (self->turn_popover));
      play (self, piece_move (self, LVL_ACT_TURN, dir));
    }
  else
    gtk_widget_error_bell (widget);
}

/* levels.state-to("3ne"), levels.state-to("5") */
static void
state_to_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (widget);
  const char *text = g_variant_get_string (parameter, NULL);
  int state = text[0] - '0', dir = 0;

  if (state >= 1 && state <= 6 && (text[1] == '\0' || parse_direction (text + 1, &dir)) &&
      can_do (self, piece_move (self, LVL_ACT_STATE, LVL_STATE_ARG (state, dir))))
    {
      gtk_popover_popdown (GTK_POPOVER (self->state_popover));
      play (self, piece_move (self, LVL_ACT_STATE, LVL_STATE_ARG (state, dir)));
    }
  else
    gtk_widget_error_bell (widget);
}

static void
turn_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (widget);

  gtk_menu_button_popup (GTK_MENU_BUTTON (self->turn_button));
}

static void
state_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (widget);

  gtk_menu_button_popup (GTK_MENU_BUTTON (self->state_button));
}

/* A chooser's button previews its action while the pointer or the
 * keyboard rests on it. */
static void
choice_enter_cb (GtkEventController *controller,
                 double              x,
                 double              y,
                 LudoLevelsView     *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (controller);

  set_preview (self, (LevelsMove) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "move")));
}

static void
choice_leave_cb (GtkEventController *controller,
                 LudoLevelsView     *self)
{
  set_preview (self, LVL_MOVE_NONE);
}

static void
choice_focus_cb (LudoLevelsView     *self,
                 GParamSpec         *pspec,
                 GtkEventController *controller)
{
  GtkWidget *button = gtk_event_controller_get_widget (controller);

  if (gtk_event_controller_focus_is_focus (GTK_EVENT_CONTROLLER_FOCUS (controller)))
    set_preview (self, (LevelsMove) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "move")));
}

static GtkWidget *
choice_button (LudoLevelsView *self,
               const char     *label,
               const char     *accessible,
               const char     *action,
               const char     *target,
               LevelsMove      move)
{
  GtkWidget *button = gtk_button_new_with_label (label);
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  const LevelsPos *pos = position (self);
  g_autofree char *effect = NULL;

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", target);
  g_object_set_data (G_OBJECT (button), "move", GUINT_TO_POINTER (move));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  effect = levels_is_legal (pos, move) ? ludo_levels_describe_effect (pos, move) : NULL;
  gtk_widget_set_tooltip_text (button, effect ? effect : accessible);
  if (effect)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, effect, -1);
  g_signal_connect (motion, "enter", G_CALLBACK (choice_enter_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (choice_leave_cb), self);
  g_signal_connect_swapped (focus, "notify::is-focus", G_CALLBACK (choice_focus_cb), self);
  gtk_widget_add_controller (button, motion);
  gtk_widget_add_controller (button, focus);
  return button;
}

static const char * const arrows[LVL_DIRS] = { "↑", "↗", "→", "↘", "↓", "↙", "←", "↖" };
/* the compass buttons' names */
static const char * const look[LVL_DIRS] = {
  N_("Look north"), N_("Look north-east"), N_("Look east"), N_("Look south-east"),
  N_("Look south"), N_("Look south-west"), N_("Look west"), N_("Look north-west"),
};
/* the compass's cells: row and column of each direction */
static const int compass_row[LVL_DIRS] = { 0, 0, 1, 2, 2, 2, 1, 0 };
static const int compass_col[LVL_DIRS] = { 1, 2, 2, 2, 1, 0, 0, 0 };

/* Eight buttons round a centre, each a direction; skip (the current one)
 * is left out. */
static GtkWidget *
compass (LudoLevelsView *self,
         const char     *action,
         int             state,
         int             skip,
         GtkWidget     **first)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 4);
  gtk_widget_set_halign (grid, GTK_ALIGN_CENTER);
  for (int d = 0; d < LVL_DIRS; d++)
    {
      g_autofree char *target = state ? g_strdup_printf ("%d%s", state, levels_dir_name (d))
                                      : g_strdup (levels_dir_name (d));
      LevelsMove move = state ? piece_move (self, LVL_ACT_STATE, LVL_STATE_ARG (state, d))
                              : piece_move (self, LVL_ACT_TURN, d);
      GtkWidget *button = choice_button (self, arrows[d], _(look[d]), action, target, move);

      gtk_widget_set_size_request (button, 44, 44);
      gtk_widget_set_sensitive (button, d != skip);
      gtk_grid_attach (GTK_GRID (grid), button, compass_col[d], compass_row[d], 1, 1);
      if (d != skip && *first == NULL)
        *first = button;
    }
  return grid;
}

static GtkWidget *
chooser_title (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 26);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

/* The choosers are made again for the piece each time they open. */
static void
turn_popover_show_cb (LudoLevelsView *self)
{
  const LevelsPos *pos = position (self);
  int piece = self->selected >= 0 ? levels_piece_at (pos, self->selected) : -1;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *first = NULL;

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  if (piece >= 0 && (pos->piece[piece].state == 3 || pos->piece[piece].state == 4))
    {
      gtk_box_append (GTK_BOX (box), chooser_title (_("Turn the ray to look")));
      gtk_box_append (GTK_BOX (box), compass (self, "levels.turn-to", 0, pos->piece[piece].dir, &first));
    }
  gtk_popover_set_child (GTK_POPOVER (self->turn_popover), box);
  if (first)
    gtk_widget_grab_focus (first);
}

static void
state_popover_show_cb (LudoLevelsView *self)
{
  const LevelsPos *pos = position (self);
  int piece = self->selected >= 0 ? levels_piece_at (pos, self->selected) : -1;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *first = NULL;
  int level = piece >= 0 ? levels_piece_level (piece) : 0;

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  if (level >= 7)
    for (int s = level - 6; s <= 6; s += 2)
      {
        if (s == pos->piece[piece].state)
          continue;
        if (s == 3 || s == 4)
          {
            /* Translators: "State 3: a ray, looking" (then the directions) */
            g_autofree char *title = g_strdup_printf (_("State %d: as a level %d, looking"), s, s);
            gtk_box_append (GTK_BOX (box), chooser_title (title));
            gtk_box_append (GTK_BOX (box), compass (self, "levels.state-to", s, -1, &first));
          }
        else
          {
            g_autofree char *label = g_strdup_printf (_("State %d: as a level %d"), s, s);
            g_autofree char *target = g_strdup_printf ("%d", s);
            GtkWidget *button = choice_button (self, label, label, "levels.state-to", target,
                                               piece_move (self, LVL_ACT_STATE, LVL_STATE_ARG (s, 0)));
            gtk_box_append (GTK_BOX (box), button);
            if (first == NULL)
              first = button;
          }
      }
  gtk_popover_set_child (GTK_POPOVER (self->state_popover), box);
  if (first)
    gtk_widget_grab_focus (first);
}

static void
popover_closed_cb (LudoLevelsView *self)
{
  set_preview (self, LVL_MOVE_NONE);
  /* back to the board */
  if (self->cursor >= 0 && interactive (self))
    gtk_widget_grab_focus (GTK_WIDGET (self->cells[self->cursor]));
}

/* ------------------------------------------------------------------------ */
/* Keyboard: a roving cursor                                                 */

static void
move_cursor (LudoGameView *view,
             int           dx,
             int           dy)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (view);
  int x = CLAMP (self->cursor % self->size + dx, 0, self->size - 1);
  int y = CLAMP (self->cursor / self->size + dy, 0, self->size - 1);
  int c = y * self->size + x;

  ludo_cell_move_cursor (self->cells[self->cursor], self->cells[c]);
  self->cursor = c;
}

static gboolean
escape (LudoGameView *view)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (view);

  if (self->selected < 0)
    return FALSE;
  choose (self, -1);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* The pointer: hovering previews; drag and drop                             */

static void
hover (LudoGameView *view,
       int           c)
{
  ludo_levels_view_point_at (LUDO_LEVELS_VIEW (view), c);
}

static gboolean
drag_start (LudoGameView *view,
            int           c)
{
  const LevelsPos *pos = position (LUDO_LEVELS_VIEW (view));
  int piece = levels_piece_at (pos, c);

  return piece >= 0 && interactive (LUDO_LEVELS_VIEW (view)) && pos->piece[piece].colour == pos->to_move;
}

static gboolean
drag_lift (LudoGameView *view,
           int           from)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (view);

  if (self->selected != from)
    choose (self, from);
  return TRUE;
}

static void
drag_move (LudoGameView *view,
           int           c)
{
  ludo_levels_view_point_at (LUDO_LEVELS_VIEW (view), c);
  redraw (LUDO_LEVELS_VIEW (view));
}

static void
drop (LudoGameView *view,
      int           from,
      int           to)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (view);

  if (to >= 0 && self->target[to] != LVL_MOVE_NONE)
    play (self, self->target[to]);
  else
    redraw (self);   /* dropped off: still in hand */
}

static const LudoGameViewInput input = {
  .move_cursor = move_cursor,
  .escape = escape,
  .point_at = hover,
  .drag_start = drag_start,
  .drag_lift = drag_lift,
  .drag_move = drag_move,
  .drop = drop,
};

/* ------------------------------------------------------------------------ */

static void
ludo_levels_view_update (LudoGameView *view)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (view);
  LudoGame *game = ludo_game_view_get_game (view);
  guint ply = ludo_game_get_position (game);
  GtkRoot *root;

  self->last_from = self->last_to = -1;
  if (ply > 0)
    {
      const LevelsPos *before = ludo_levels_game_get_position_at (LUDO_LEVELS_GAME (game), ply - 1);
      LevelsMove move;
      if (levels_parse_move (before, ludo_game_get_move (game, ply - 1), &move))
        {
          self->last_from = LVL_MOVE_FROM (move);
          self->last_to = LVL_MOVE_TO (move);
        }
    }
  refresh (self);

  /* keep the keyboard on the board when it is a person's turn */
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (root && interactive (self))
    {
      GtkWidget *focus = gtk_root_get_focus (root);
      if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
        gtk_widget_grab_focus (GTK_WIDGET (self->cells[self->cursor]));
    }
}

/* Every piece the action carried to another cell slides there: the
 * piece moved, each member of a block moved or following a capture. */
static void
ludo_levels_view_collect_slides (LudoGameView *view,
                                 GPtrArray    *cells)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (view);
  LudoGame *game = ludo_game_view_get_game (view);
  guint ply = ludo_game_get_position (game);
  const LevelsPos *before, *after = position (self);

  if (ply == 0)
    return;
  before = ludo_levels_game_get_position_at (LUDO_LEVELS_GAME (game), ply - 1);
  for (int i = 0; i < LVL_MAX_PIECES; i++)
    {
      int from = before->piece[i].cell, to = after->piece[i].cell;
      if (from != to && from != LVL_NO_CELL && to != LVL_NO_CELL)
        {
          g_ptr_array_add (cells, self->cells[from]);
          g_ptr_array_add (cells, self->cells[to]);
        }
    }
}

/* A new position or another viewer: nothing is in hand, dragged,
 * previewed, chosen or hinted any more. */
static void
ludo_levels_view_clear_input (LudoGameView *view)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (view);

  self->selected = -1;
  self->block_mode = FALSE;
  self->hint = LVL_MOVE_NONE;
  self->preview = LVL_MOVE_NONE;
  memset (&self->effect, 0, sizeof self->effect);
  if (self->turn_popover)
    {
      gtk_popover_popdown (GTK_POPOVER (self->turn_popover));
      gtk_popover_popdown (GTK_POPOVER (self->state_popover));
    }
}

static void
ludo_levels_view_show_hint (LudoGameView *view,
                            const char   *move)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (view);
  const LevelsPos *pos = position (self);
  LevelsMove m = levels_move_from_text (pos, move);
  g_autofree char *effect = NULL;
  g_autofree char *action = NULL;
  g_autofree char *status = NULL;

  if (m == LVL_MOVE_NONE)
    return;
  self->hint = m;
  effect = ludo_levels_describe_effect (pos, m);
  action = ludo_levels_describe_action (pos, m);
  status = effect ? g_strdup_printf (_("Hint: %s (%s)."), action, effect) : g_strdup_printf (_("Hint: %s."), action);
  ludo_game_view_set_status (view, status);
  redraw (self);
}

static void
build (LudoLevelsView *self)
{
  const LevelsPos *pos = position (self);

  self->size = pos->size;
  for (int c = 0; c < self->size * self->size; c++)
    {
      LudoCell *cell = LUDO_CELL (ludo_cell_new (TRUE));
      GtkEventController *focus = gtk_event_controller_focus_new ();

      ludo_cell_set_size (cell, self->size > 12 ? 36 : self->size > 9 ? 44 : 56);
      ludo_cell_set_min_size (cell, 20);
      ludo_cell_set_data (cell, c);
      ludo_cell_set_draw_func (cell, draw_cell, self, NULL);
      gtk_widget_set_hexpand (GTK_WIDGET (cell), TRUE);
      gtk_widget_set_vexpand (GTK_WIDGET (cell), TRUE);
      gtk_widget_set_focusable (GTK_WIDGET (cell), FALSE);
      g_signal_connect (cell, "activate", G_CALLBACK (cell_activated_cb), self);
      g_signal_connect_swapped (focus, "notify::is-focus", G_CALLBACK (cell_focus_cb), self);
      gtk_widget_add_controller (GTK_WIDGET (cell), focus);
      gtk_grid_attach (GTK_GRID (self->grid), GTK_WIDGET (cell), c % self->size, self->size - 1 - c / self->size, 1, 1);
      self->cells[c] = cell;
    }
  for (int i = 0; i < self->size; i++)
    {
      char text[4];
      GtkWidget *file = gtk_label_new (NULL), *rank = gtk_label_new (NULL);

      text[0] = (char) ('a' + i);
      text[1] = '\0';
      gtk_label_set_text (GTK_LABEL (file), text);
      g_snprintf (text, sizeof text, "%d", self->size - i);
      gtk_label_set_text (GTK_LABEL (rank), text);
      gtk_widget_add_css_class (file, "dim-label");
      gtk_widget_add_css_class (rank, "dim-label");
      gtk_widget_add_css_class (rank, "numeric");
      gtk_grid_attach (GTK_GRID (self->file_labels), file, i, 0, 1, 1);
      gtk_grid_attach (GTK_GRID (self->rank_labels), rank, 0, i, 1, 1);
    }
  /* the cursor starts in the middle of the first player's first square */
  self->cursor = self->size * 1 + self->size / 2;
  gtk_widget_set_focusable (GTK_WIDGET (self->cells[self->cursor]), TRUE);

  for (int p = 0; p < LVL_MAX_PLAYERS; p++)
    {
      self->player_row[p] = LUDO_PLAYER_ROW (ludo_player_row_new (draw_player_icon, p));
      gtk_list_box_append (GTK_LIST_BOX (self->players), GTK_WIDGET (self->player_row[p]));
    }

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->board_area), draw_board, self, NULL);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->top_layer), draw_top, self, NULL);

  self->turn_popover = gtk_popover_new ();
  self->state_popover = gtk_popover_new ();
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->turn_button), self->turn_popover);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->state_button), self->state_popover);
  g_signal_connect_swapped (self->turn_popover, "show", G_CALLBACK (turn_popover_show_cb), self);
  g_signal_connect_swapped (self->state_popover, "show", G_CALLBACK (state_popover_show_cb), self);
  g_signal_connect_swapped (self->turn_popover, "closed", G_CALLBACK (popover_closed_cb), self);
  g_signal_connect_swapped (self->state_popover, "closed", G_CALLBACK (popover_closed_cb), self);

  ludo_game_view_add_input (LUDO_GAME_VIEW (self), self->grid, &input);
}

static void
style_changed_cb (LudoLevelsView *self)
{
  redraw (self);
  for (int p = 0; p < LVL_MAX_PLAYERS; p++)
    ludo_player_row_redraw_icon (self->player_row[p]);
}

static void
ludo_levels_view_constructed (GObject *object)
{
  LudoLevelsView *self = LUDO_LEVELS_VIEW (object);

  G_OBJECT_CLASS (ludo_levels_view_parent_class)->constructed (object);
  build (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (style_changed_cb), self, G_CONNECT_SWAPPED);
  ludo_levels_view_update (LUDO_GAME_VIEW (self));
}

static void
ludo_levels_view_class_init (LudoLevelsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  LudoGameViewClass *view_class = LUDO_GAME_VIEW_CLASS (klass);

  object_class->constructed = ludo_levels_view_constructed;
  view_class->update = ludo_levels_view_update;
  view_class->collect_slides = ludo_levels_view_collect_slides;
  view_class->show_hint = ludo_levels_view_show_hint;
  view_class->clear_input = ludo_levels_view_clear_input;
  view_class->list_colours = list_colours;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-levels-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoLevelsView, overlay);
  gtk_widget_class_bind_template_child (widget_class, LudoLevelsView, board_area);
  gtk_widget_class_bind_template_child (widget_class, LudoLevelsView, grid);
  gtk_widget_class_bind_template_child (widget_class, LudoLevelsView, top_layer);
  gtk_widget_class_bind_template_child (widget_class, LudoLevelsView, rank_labels);
  gtk_widget_class_bind_template_child (widget_class, LudoLevelsView, file_labels);
  gtk_widget_class_bind_template_child (widget_class, LudoLevelsView, turn_label);
  gtk_widget_class_bind_template_child (widget_class, LudoLevelsView, piece_label);
  gtk_widget_class_bind_template_child (widget_class, LudoLevelsView, block_button);
  gtk_widget_class_bind_template_child (widget_class, LudoLevelsView, turn_button);
  gtk_widget_class_bind_template_child (widget_class, LudoLevelsView, state_button);
  gtk_widget_class_bind_template_child (widget_class, LudoLevelsView, players);

  gtk_widget_class_install_action (widget_class, "levels.block-mode", NULL, block_mode_action);
  gtk_widget_class_install_action (widget_class, "levels.turn", NULL, turn_action);
  gtk_widget_class_install_action (widget_class, "levels.turn-to", "s", turn_to_action);
  gtk_widget_class_install_action (widget_class, "levels.state", NULL, state_action);
  gtk_widget_class_install_action (widget_class, "levels.state-to", "s", state_to_action);
  gtk_widget_class_install_action (widget_class, "levels.release", NULL, release_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, 0, "levels.block-mode", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, 0, "levels.turn", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, 0, "levels.state", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, 0, "levels.release", NULL);
  gtk_widget_class_set_css_name (widget_class, "levelsview");
}

static void
ludo_levels_view_init (LudoLevelsView *self)
{
  self->selected = -1;
  self->pointed = -1;
  self->last_from = self->last_to = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
}

int
ludo_levels_view_get_selected (LudoLevelsView *self)
{
  return self->selected;
}

LevelsMove
ludo_levels_view_get_preview (LudoLevelsView *self)
{
  return self->preview;
}

int
ludo_levels_view_get_cursor (LudoLevelsView *self)
{
  return self->cursor;
}

LudoCell *
ludo_levels_view_get_cell (LudoLevelsView *self,
                           int             cell)
{
  g_return_val_if_fail (cell >= 0 && cell < self->size * self->size, NULL);
  return self->cells[cell];
}
