/* ludo-emperor-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A 10×10 grid of LudoCells. The castle (e5 f5 e6 f6) is drawn with a
 * heavy border around it, the forts (d4 g4 d7 g7) each with a border of
 * their own, as the patent's figure borders them. Moves are made by
 * click-click, by drag and drop, or by keyboard: the arrow keys move a
 * cursor over the squares (only the cursor's square is in the Tab chain),
 * Enter or Space picks a piece up and puts it down, Escape lets it go.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "app/ludo-cell.h"
#include "emperor-rules.h"
#include "ludo-emperor-game.h"
#include "ludo-emperor-view.h"

struct _LudoEmperorView
{
  LudoGameView parent_instance;

  GtkWidget   *frame_grid;
  GtkWidget   *overlay;
  GtkWidget   *grid;
  GtkWidget   *drag_layer;
  GtkWidget   *rank_labels;
  GtkWidget   *file_labels;
  GtkWidget   *side;
  GtkWidget   *claim_label;
  GtkWidget   *emperor_label;
  GtkWidget   *flip_button;
  GtkWidget   *promotion;

  LudoCell    *cells[EMP_SQUARES];
  GtkWidget   *file_label[10];
  GtkWidget   *rank_label[10];
  GHashTable  *textures;     /* (piece << 16 | size) << 1 | dark → GdkTexture */

  gboolean     flipped;
  int          cursor;       /* the square with the keyboard */
  int          selected;     /* the piece picked up, or -1 */
  uint8_t      target[EMP_SQUARES];
  int          hint_from, hint_to;
  int          last_from, last_to;   /* the move that led here */
  int          promo_from, promo_to;

  GdkPixbuf   *drag_pixbuf;  /* the piece dragged under the pointer, drawn by cairo */
};

G_DEFINE_FINAL_TYPE (LudoEmperorView, ludo_emperor_view, LUDO_TYPE_GAME_VIEW)

enum {
  PROP_0,
  PROP_FLIPPED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const piece_files[8] = {
  NULL, "pawn", "knight", "bishop", "rook", "queen", "general", "king",
};

static const EmperorPos *
position (LudoEmperorView *self)
{
  return ludo_emperor_game_get_position (LUDO_EMPEROR_GAME (ludo_game_view_get_game (LUDO_GAME_VIEW (self))));
}

static const char *
piece_name (uint8_t piece)
{
  static const char * const white[8] = {
    NULL, N_("white pawn"), N_("white knight"), N_("white bishop"), N_("white rook"),
    N_("white queen"), N_("white general"), N_("white king"),
  };
  static const char * const black[8] = {
    NULL, N_("black pawn"), N_("black knight"), N_("black bishop"), N_("black rook"),
    N_("black queen"), N_("black general"), N_("black king"),
  };

  return _(EMP_COLOR (piece) ? black[EMP_TYPE (piece)] : white[EMP_TYPE (piece)]);
}

static const char *
type_name (int type)
{
  static const char * const names[8] = {
    NULL, N_("Pawn"), N_("Knight"), N_("Bishop"), N_("Rook"), N_("Queen"), N_("General"), N_("King"),
  };

  return _(names[type]);
}

/* ------------------------------------------------------------------------ */
/* Pieces                                                                    */

static gboolean
is_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* A piece's SVG as drawn. On the dark style's dark squares a black
 * piece's black rim would hardly show, so there it is ringed light (as
 * Spider Web's and Levels' dark pieces are). */
#define BLACK_RIM "stroke=\"#000000\""
#define BLACK_RIM_ON_DARK "stroke=\"#d9d6d1\""

static GString *
piece_svg (const char *name)
{
  g_autofree char *path = g_strdup_printf (RESOURCE_BASE "/games/emperor/pieces/%s.svg", name);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  GString *svg;
  gsize length;
  const char *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  svg = g_string_new_len (data, length);
  if (g_str_has_prefix (name, "black-") && is_dark ())
    g_string_replace (svg, BLACK_RIM, BLACK_RIM_ON_DARK, 0);
  return svg;
}

/* The first colour the SVG gives attribute (stop-color, stroke). */
static void
svg_colour (const GString *svg,
            const char    *attribute,
            GdkRGBA       *colour)
{
  g_autofree char *key = g_strconcat (" ", attribute, "=\"", NULL);
  const char *start = strstr (svg->str, key), *end;
  g_autofree char *value = NULL;

  *colour = (GdkRGBA) { 0, 0, 0, 0 };
  if (start == NULL || (end = strchr (start + strlen (key), '"')) == NULL)
    return;
  value = g_strndup (start + strlen (key), end - start - strlen (key));
  gdk_rgba_parse (colour, value);
}

/* A piece's body (its gradient's first colour) and its rim (its outline) */
static void
piece_colours (const char *name,
               GdkRGBA    *body,
               GdkRGBA    *rim)
{
  g_autoptr(GString) svg = piece_svg (name);

  g_return_if_fail (svg != NULL);
  svg_colour (svg, "stop-color", body);
  svg_colour (svg, "stroke", rim);
}

static GdkPixbuf *
load_pixbuf (const char *name,
             int         size)
{
  g_autoptr(GString) svg = piece_svg (name);
  g_autoptr(GdkPixbufLoader) loader = NULL;

  if (svg == NULL)
    return NULL;
  loader = gdk_pixbuf_loader_new_with_type ("svg", NULL);
  if (loader == NULL)
    return NULL;
  gdk_pixbuf_loader_set_size (loader, size, size);
  if (!gdk_pixbuf_loader_write (loader, (const guchar *) svg->str, svg->len, NULL) ||
      !gdk_pixbuf_loader_close (loader, NULL))
    return NULL;
  return g_object_ref (gdk_pixbuf_loader_get_pixbuf (loader));
}

static GdkTexture *
load_texture (LudoEmperorView *self,
              const char      *name,
              int              size,
              guint            key)
{
  GdkTexture *texture;

  key = key << 1 | is_dark ();
  texture = g_hash_table_lookup (self->textures, GUINT_TO_POINTER (key));
  if (texture == NULL)
    {
      g_autoptr(GdkPixbuf) pixbuf = load_pixbuf (name, size);

      if (pixbuf == NULL)
        return NULL;
      texture = gdk_texture_new_for_pixbuf (pixbuf);
      g_hash_table_insert (self->textures, GUINT_TO_POINTER (key), texture);
    }
  return texture;
}

static char *
piece_file (uint8_t piece)
{
  return g_strdup_printf ("%s-%s", EMP_COLOR (piece) ? "black" : "white", piece_files[EMP_TYPE (piece)]);
}

static GdkTexture *
piece_texture (LudoEmperorView *self,
               uint8_t          piece,
               int              size)
{
  g_autofree char *name = piece_file (piece);

  return load_texture (self, name, size, (guint) piece << 16 | (guint) size);
}

static GdkTexture *
badge_texture (LudoEmperorView *self,
               const char      *name,
               int              size)
{
  return load_texture (self, name, size, (name[0] == 'c' ? 0xF0u : 0xF1u) << 16 | (guint) size);
}

/* ------------------------------------------------------------------------ */
/* Drawing                                                                   */

static void
rect (GtkSnapshot   *snapshot,
      const GdkRGBA *color,
      double         x,
      double         y,
      double         w,
      double         h)
{
  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x, y, w, h));
}

/* The colours of the board: the squares', the marks' and the castle's.
 * A mark is a tint over the square and a band round it, the band ringed
 * dark where it would not stand out of every square by itself. */
typedef enum { MARK_LAST, MARK_HINT, MARK_SELECTED, N_MARKS } Mark;

static const char * const mark_names[N_MARKS] = { "last move", "hint", "selection" };

static GdkRGBA
square_colour (gboolean light_square,
               gboolean dark)
{
  if (light_square)
    return dark ? (GdkRGBA) { 0.62, 0.59, 0.55, 1 } : (GdkRGBA) { 0.94, 0.85, 0.71, 1 };
  return dark ? (GdkRGBA) { 0.40, 0.36, 0.33, 1 } : (GdkRGBA) { 0.71, 0.53, 0.39, 1 };
}

static void
mark_colours (Mark      mark,
              gboolean  dark,
              GdkRGBA  *tint,
              GdkRGBA  *band,
              GdkRGBA  *rim)
{
  switch (mark)
    {
    case MARK_LAST:
      *band = (GdkRGBA) { 0.96, 0.83, 0.18, 1 };
      break;
    case MARK_HINT:
      *band = (GdkRGBA) { 0.20, 0.82, 0.48, 1 };
      break;
    default:
      *band = dark ? (GdkRGBA) { 0.60, 0.76, 0.95, 1 } : (GdkRGBA) { 0.21, 0.52, 0.89, 1 };
      break;
    }
  *tint = *band;
  tint->alpha = mark == MARK_LAST ? 0.45 : 0.50;
  *rim = (GdkRGBA) { 0.14, 0.12, 0.19, 1 };
}

static void
castle_colours (gboolean  dark,
                GdkRGBA  *line,
                GdkRGBA  *rim)
{
  /* dark red stands out of both light squares; gold only of the dark
   * style's dark ones, so it is ringed */
  *line = dark ? (GdkRGBA) { 0.96, 0.76, 0.25, 1 } : (GdkRGBA) { 0.45, 0.11, 0.06, 1 };
  *rim = dark ? (GdkRGBA) { 0.14, 0.12, 0.19, 1 } : (GdkRGBA) { 0, 0, 0, 0 };
}

/* a frame t wide inside x, y, w, h */
static void
ring (GtkSnapshot   *snapshot,
      const GdkRGBA *color,
      double         x,
      double         y,
      double         w,
      double         h,
      double         t)
{
  rect (snapshot, color, x, y, w, t);
  rect (snapshot, color, x, y + h - t, w, t);
  rect (snapshot, color, x, y + t, t, h - 2 * t);
  rect (snapshot, color, x + w - t, y + t, t, h - 2 * t);
}

static void
ringed (GtkSnapshot   *snapshot,
        const GdkRGBA *color,
        const GdkRGBA *rim,
        double         x,
        double         y,
        double         w,
        double         h,
        double         t)
{
  if (rim->alpha > 0)
    {
      ring (snapshot, rim, x, y, w, h, t);
      x += 1, y += 1, w -= 2, h -= 2, t -= 2;
    }
  ring (snapshot, color, x, y, w, h, t);
}

static void
list_colours (LudoGameView *view,
              GArray       *pairs)
{
  gboolean dark = is_dark ();

  for (int light = 0; light < 2; light++)
    {
      GdkRGBA grounds[1 + N_MARKS], band, rim, tint, line;
      const char *name = light ? "light square" : "dark square";

      grounds[0] = square_colour (light, dark);
      for (Mark m = 0; m < N_MARKS; m++)
        {
          mark_colours (m, dark, &tint, &band, &rim);
          ludo_colour_pairs_add (pairs, mark_names[m], &band, &rim, name, &grounds[0]);
          grounds[1 + m] = ludo_colour_over (&tint, &grounds[0]);
        }
      castle_colours (dark, &line, &rim);
      ludo_colour_pairs_add (pairs, "castle and fort", &line, &rim, name, &grounds[0]);

      /* every piece as its file draws it, on the square plain and marked */
      for (int piece = 1; piece < 16; piece++)
        {
          g_autofree char *file = NULL;
          GdkRGBA body;

          if (EMP_TYPE (piece) == 0)
            continue;
          file = piece_file (piece);
          piece_colours (file, &body, &rim);
          for (int g = 0; g <= N_MARKS; g++)
            {
              g_autofree char *ground = g == 0 ? g_strdup (name) : g_strdup_printf ("%s, %s", name, mark_names[g - 1]);
              ludo_colour_pairs_add (pairs, file, &body, &rim, ground, &grounds[g]);
            }
        }
    }
}

/* The square under the piece: its colour, the marks of the last move,
 * the hint and the selection, a king's check, the castle and the forts. */
static void
draw_ground (LudoEmperorView *self,
             int              sq,
             GtkSnapshot     *snapshot,
             int              width,
             int              height)
{
  const EmperorPos *pos = position (self);
  int file = EMP_FILE (sq), rank = EMP_RANK (sq);
  gboolean dark = is_dark ();
  uint8_t piece = pos->board[sq];
  int size = MIN (width, height);
  GdkRGBA base = square_colour ((file + rank) % 2 == 1, dark);
  double t = MAX (4, size / 14.0);

  rect (snapshot, &base, 0, 0, width, height);

  for (Mark m = 0; m < N_MARKS; m++)
    if (m == MARK_LAST ? sq == self->last_from || sq == self->last_to
        : m == MARK_HINT ? sq == self->hint_from || sq == self->hint_to
        : sq == self->selected)
      {
        GdkRGBA tint, band, rim;
        mark_colours (m, dark, &tint, &band, &rim);
        rect (snapshot, &tint, 0, 0, width, height);
        ringed (snapshot, &band, &rim, 0, 0, width, height, t);
      }

  /* a king in check glows red */
  if (piece && EMP_TYPE (piece) == EMP_KING && EMP_COLOR (piece) == pos->side && emperor_in_check (pos))
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
      cairo_pattern_t *glow = cairo_pattern_create_radial (width / 2.0, height / 2.0, 0,
                                                           width / 2.0, height / 2.0, size * 0.6);
      cairo_pattern_add_color_stop_rgba (glow, 0, 0.9, 0.1, 0.1, 0.9);
      cairo_pattern_add_color_stop_rgba (glow, 1, 0.9, 0.1, 0.1, 0);
      cairo_set_source (cr, glow);
      cairo_paint (cr);
      cairo_pattern_destroy (glow);
      cairo_destroy (cr);
    }

  /* the castle and the forts, bordered as in the patent */
  {
    GdkRGBA line, rim;
    castle_colours (dark, &line, &rim);
    if (emperor_is_castle (sq))
      {
        /* the outer edges of the 2×2 castle, whichever way the board is
         * turned; the rims first, so that the edges join at the corners */
        gboolean left = (file == 4) != self->flipped, right = (file == 5) != self->flipped;
        gboolean top = (rank == 5) != self->flipped, bottom = (rank == 4) != self->flipped;
        double r = rim.alpha > 0 ? 1 : 0;
        for (int pass = r > 0 ? 0 : 1; pass < 2; pass++)
          {
            const GdkRGBA *c = pass == 0 ? &rim : &line;
            double in = pass == 0 ? 0 : r;
            if (left) rect (snapshot, c, in, 0, t - 2 * in, height);
            if (right) rect (snapshot, c, width - t + in, 0, t - 2 * in, height);
            if (top) rect (snapshot, c, 0, in, width, t - 2 * in);
            if (bottom) rect (snapshot, c, 0, height - t + in, width, t - 2 * in);
          }
      }
    else if (emperor_is_fort (sq))
      {
        double inset = size * 0.06;
        ringed (snapshot, &line, &rim, inset, inset, width - 2 * inset, height - 2 * inset,
                MAX (2, t * 0.7) + (rim.alpha > 0 ? 2 : 0));
      }
  }
}

static void
draw_square (LudoCell    *cell,
             GtkSnapshot *snapshot,
             int          width,
             int          height,
             gpointer     user_data)
{
  LudoEmperorView *self = user_data;
  const EmperorPos *pos = position (self);
  int sq = ludo_cell_get_data (cell);
  uint8_t piece = pos->board[sq];
  int size = MIN (width, height);
  LudoCellLayer layer = ludo_cell_get_layer (cell);

  if (layer != LUDO_CELL_LAYER_PIECE)
    draw_ground (self, sq, snapshot, width, height);

  /* the piece, unless it is being dragged or slides in */
  if (piece && sq != ludo_game_view_get_drag (LUDO_GAME_VIEW (self), NULL, NULL) && layer != LUDO_CELL_LAYER_BOARD)
    {
      int psize = (int) (size * 0.86);
      GdkTexture *texture = piece_texture (self, piece, psize);
      if (texture)
        gtk_snapshot_append_texture (snapshot, texture,
                                     &GRAPHENE_RECT_INIT ((width - psize) / 2.0, (height - psize) / 2.0,
                                                          psize, psize));
      if (EMP_TYPE (piece) == EMP_KING && emperor_is_castle (sq))
        {
          int bsize = MAX (12, size * 3 / 10);
          GdkTexture *crown = badge_texture (self, "crown", bsize);
          if (crown)
            gtk_snapshot_append_texture (snapshot, crown, &GRAPHENE_RECT_INIT (width - bsize - 1, 1, bsize, bsize));
          if (emperor_is_immune (pos, EMP_COLOR (piece)))
            {
              GdkTexture *shield = badge_texture (self, "shield", bsize);
              if (shield)
                gtk_snapshot_append_texture (snapshot, shield, &GRAPHENE_RECT_INIT (1, 1, bsize, bsize));
            }
        }
    }

  /* where the piece picked up may go */
  if (self->target[sq] && layer != LUDO_CELL_LAYER_PIECE)
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
      cairo_set_source_rgba (cr, 0.08, 0.08, 0.08, 0.35);
      if (piece)
        {
          cairo_set_line_width (cr, size * 0.08);
          cairo_arc (cr, width / 2.0, height / 2.0, size * 0.44, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
      else
        {
          cairo_arc (cr, width / 2.0, height / 2.0, size * 0.15, 0, 2 * G_PI);
          cairo_fill (cr);
        }
      cairo_destroy (cr);
    }
}

static void
draw_drag (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  LudoEmperorView *self = user_data;
  double x, y;
  int size;

  if (ludo_game_view_get_drag (LUDO_GAME_VIEW (self), &x, &y) < 0 || self->drag_pixbuf == NULL)
    return;
  size = gdk_pixbuf_get_width (self->drag_pixbuf);
  gdk_cairo_set_source_pixbuf (cr, self->drag_pixbuf, x - size / 2.0, y - size / 2.0);
  cairo_paint (cr);
}

static void
redraw (LudoEmperorView *self)
{
  for (int sq = 0; sq < EMP_SQUARES; sq++)
    gtk_widget_queue_draw (GTK_WIDGET (self->cells[sq]));
}

/* ------------------------------------------------------------------------ */
/* Names for assistive technology                                            */

static void
update_labels (LudoEmperorView *self)
{
  const EmperorPos *pos = position (self);
  gboolean in_check = emperor_in_check (pos);

  for (int sq = 0; sq < EMP_SQUARES; sq++)
    {
      GString *label = g_string_new (NULL);
      uint8_t piece = pos->board[sq];
      char name[4];

      emperor_square_name (sq, name);
      g_string_append (label, name);
      g_string_append (label, ", ");
      g_string_append (label, piece ? piece_name (piece) : C_("square", "empty"));
      if (emperor_is_castle (sq))
        g_string_append_printf (label, ", %s", _("castle"));
      else if (emperor_is_fort (sq))
        g_string_append_printf (label, ", %s", _("fort"));
      if (piece && EMP_TYPE (piece) == EMP_KING)
        {
          if (emperor_is_castle (sq))
            g_string_append_printf (label, ", %s", emperor_is_immune (pos, EMP_COLOR (piece)) ? _("emperor, immune")
                                                                                             : _("emperor"));
          if (EMP_COLOR (piece) == pos->side && in_check)
            g_string_append_printf (label, ", %s", _("in check"));
        }
      if (sq == self->selected)
        g_string_append_printf (label, ", %s", _("picked up"));
      if (self->target[sq])
        g_string_append_printf (label, ", %s", _("it can go here"));
      ludo_cell_set_label (self->cells[sq], label->str);
      g_string_free (label, TRUE);
    }
}

static void
update_side (LudoEmperorView *self)
{
  LudoGame *game = ludo_game_view_get_game (LUDO_GAME_VIEW (self));
  const EmperorPos *pos = position (self);
  g_autofree char *claim = NULL;
  g_autofree char *emperor = NULL;

  if (pos->claimant < 0)
    claim = g_strdup (_("Both sides have lost their claim."));
  else
    {
      g_autofree char *who = ludo_game_get_seat_label (game, pos->claimant);
      if (emperor_is_emperor (pos, pos->claimant))
        claim = g_strdup_printf (_("%s has the claim, and its king stands in the castle."), who);
      else
        claim = g_strdup_printf (ngettext ("%s claims the castle: %d own move left to enter it.",
                                           "%s claims the castle: %d own moves left to enter it.",
                                           pos->claim_left),
                                 who, pos->claim_left);
    }
  gtk_label_set_text (GTK_LABEL (self->claim_label), claim);

  for (int side = 0; side < 2 && emperor == NULL; side++)
    if (emperor_is_emperor (pos, side))
      {
        g_autofree char *who = ludo_game_get_seat_label (game, side);
        if (emperor_is_immune (pos, side))
          emperor = g_strdup_printf (_("The king of %s is emperor and immune: no enemy on the castle or the forts."), who);
        else
          emperor = g_strdup_printf (_("The king of %s is emperor, but not immune: an enemy stands on the castle or a fort."), who);
      }
  if (emperor == NULL)
    emperor = g_strdup (pos->entered ? _("No king is in the castle. A king has entered it before: nothing may land on an attacked castle square.")
                                     : _("No king has entered the castle yet."));
  gtk_label_set_text (GTK_LABEL (self->emperor_label), emperor);
}

static void
update_status (LudoEmperorView *self)
{
  LudoGame *game = ludo_game_view_get_game (LUDO_GAME_VIEW (self));
  const EmperorPos *pos = position (self);
  g_autofree char *status = NULL;

  if (ludo_game_is_over (game))
    status = ludo_game_describe_outcome (game);
  else
    {
      g_autofree char *who = ludo_game_get_seat_label (game, pos->side);
      const char *colour = pos->side == EMP_WHITE ? _("White") : _("Black");
      if (emperor_in_check (pos))
        /* Translators: "Player 2 (Black) to move, in check" */
        status = g_strdup_printf (_("%s (%s) to move, in check."), who, colour);
      else
        status = g_strdup_printf (_("%s (%s) to move."), who, colour);
    }
  ludo_game_view_set_status (LUDO_GAME_VIEW (self), status);
}

/* ------------------------------------------------------------------------ */
/* Moving                                                                    */

static void
clear_selection (LudoEmperorView *self)
{
  self->selected = -1;
  memset (self->target, 0, sizeof self->target);
}

static void
select_square (LudoEmperorView *self,
               int              sq)
{
  const EmperorPos *pos = position (self);
  EmperorMove moves[EMP_MAX_MOVES];
  int n = emperor_gen_legal (pos, moves);
  gboolean any = FALSE;

  clear_selection (self);
  for (int i = 0; i < n; i++)
    if (EMP_MOVE_FROM (moves[i]) == sq)
      {
        self->target[EMP_MOVE_TO (moves[i])] = 1;
        any = TRUE;
      }
  self->selected = any ? sq : -1;
  if (!any)
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
play (LudoEmperorView *self,
      int              from,
      int              to,
      int              promo)
{
  const EmperorPos *pos = position (self);
  EmperorMove moves[EMP_MAX_MOVES];
  int n = emperor_gen_legal (pos, moves);

  for (int i = 0; i < n; i++)
    if (EMP_MOVE_FROM (moves[i]) == from && EMP_MOVE_TO (moves[i]) == to &&
        EMP_MOVE_PROMO (moves[i]) == promo)
      {
        char text[16];
        emperor_move_to_uci (moves[i], text, sizeof text);
        clear_selection (self);
        self->hint_from = self->hint_to = -1;
        ludo_game_view_play (LUDO_GAME_VIEW (self), text);
        return;
      }
}

static gboolean
is_promotion (LudoEmperorView *self,
              int              from,
              int              to)
{
  const EmperorPos *pos = position (self);
  uint8_t piece = pos->board[from];

  return EMP_TYPE (piece) == EMP_PAWN && EMP_RANK (to) == (EMP_COLOR (piece) == EMP_WHITE ? 9 : 0);
}

static void
promotion_clicked_cb (GtkButton       *button,
                      LudoEmperorView *self)
{
  ludo_emperor_view_choose_promotion (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece")));
}

static void
ask_promotion (LudoEmperorView *self,
               int              from,
               int              to)
{
  static const int types[] = { EMP_QUEEN, EMP_ROOK, EMP_BISHOP, EMP_KNIGHT, EMP_GENERAL };
  const EmperorPos *pos = position (self);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  graphene_rect_t bounds;

  self->promo_from = from;
  self->promo_to = to;
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      GtkWidget *button = gtk_button_new ();
      GdkTexture *texture = piece_texture (self, EMP_PIECE (pos->side, types[i]), 48);
      GtkWidget *image = gtk_image_new_from_paintable (GDK_PAINTABLE (texture));

      gtk_image_set_pixel_size (GTK_IMAGE (image), 48);
      gtk_button_set_child (GTK_BUTTON (button), image);
      gtk_widget_set_tooltip_text (button, type_name (types[i]));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      type_name (types[i]), -1);
      g_object_set_data (G_OBJECT (button), "piece", GINT_TO_POINTER (types[i]));
      g_signal_connect (button, "clicked", G_CALLBACK (promotion_clicked_cb), self);
      gtk_box_append (GTK_BOX (box), button);
    }
  gtk_popover_set_child (GTK_POPOVER (self->promotion), box);
  if (gtk_widget_compute_bounds (GTK_WIDGET (self->cells[to]), GTK_WIDGET (self), &bounds))
    gtk_popover_set_pointing_to (GTK_POPOVER (self->promotion),
                                 &(GdkRectangle) { bounds.origin.x, bounds.origin.y,
                                                   bounds.size.width, bounds.size.height });
  gtk_popover_popup (GTK_POPOVER (self->promotion));
  gtk_widget_grab_focus (gtk_widget_get_first_child (box));
}

void
ludo_emperor_view_choose_promotion (LudoEmperorView *self,
                                    int              type)
{
  int from = self->promo_from, to = self->promo_to;

  gtk_popover_popdown (GTK_POPOVER (self->promotion));
  if (from < 0)
    return;
  self->promo_from = self->promo_to = -1;
  play (self, from, to, type);
}

/* Try to move the picked-up piece to sq (-1: off the board); true if it
 * went (or asks). */
static gboolean
drop_on (LudoEmperorView *self,
         int              sq)
{
  int from = self->selected;

  if (from < 0 || sq < 0 || !self->target[sq])
    return FALSE;
  if (is_promotion (self, from, sq))
    ask_promotion (self, from, sq);
  else
    play (self, from, sq, 0);
  return TRUE;
}

void
ludo_emperor_view_activate_square (LudoEmperorView *self,
                                   int              sq)
{
  const EmperorPos *pos = position (self);
  uint8_t piece;

  if (!ludo_game_view_get_interactive (LUDO_GAME_VIEW (self)))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (drop_on (self, sq))
    return;
  piece = pos->board[sq];
  if (piece && EMP_COLOR (piece) == pos->side && sq != self->selected)
    select_square (self, sq);
  else
    clear_selection (self);
  update_labels (self);
  redraw (self);
}

static void
cell_activated_cb (LudoCell        *cell,
                   LudoEmperorView *self)
{
  int sq = ludo_cell_get_data (cell);

  if (self->cursor != sq)
    {
      gtk_widget_set_focusable (GTK_WIDGET (self->cells[self->cursor]), FALSE);
      self->cursor = sq;
      gtk_widget_set_focusable (GTK_WIDGET (cell), TRUE);
    }
  ludo_emperor_view_activate_square (self, sq);
}

/* ------------------------------------------------------------------------ */
/* Keyboard: a roving cursor                                                 */

static void
move_cursor (LudoGameView *view,
             int           dfile,
             int           drank)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (view);
  int file = EMP_FILE (self->cursor), rank = EMP_RANK (self->cursor);
  int sq;

  if (self->flipped)
    {
      dfile = -dfile;
      drank = -drank;
    }
  file = CLAMP (file + dfile, 0, 9);
  rank = CLAMP (rank + drank, 0, 9);
  sq = EMP_SQ (file, rank);
  ludo_cell_move_cursor (self->cells[self->cursor], self->cells[sq]);
  self->cursor = sq;
}

static gboolean
escape (LudoGameView *view)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (view);

  if (self->selected < 0)
    return FALSE;
  clear_selection (self);
  update_labels (self);
  redraw (self);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Drag and drop                                                             */

static gboolean
drag_start (LudoGameView *view,
            int           sq)
{
  const EmperorPos *pos = position (LUDO_EMPEROR_VIEW (view));

  return ludo_game_view_get_interactive (view) && pos->board[sq] && EMP_COLOR (pos->board[sq]) == pos->side;
}

static gboolean
drag_lift (LudoGameView *view,
           int           from)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (view);
  uint8_t piece = position (self)->board[from];
  g_autofree char *name = piece_file (piece);
  /* a little larger than on its square: it is lifted */
  int size = MAX (16, gtk_widget_get_width (GTK_WIDGET (self->cells[0])) * 11 / 10);

  g_clear_object (&self->drag_pixbuf);
  self->drag_pixbuf = load_pixbuf (name, size);
  if (self->selected != from)
    select_square (self, from);
  redraw (self);
  return TRUE;
}

static void
drag_move (LudoGameView *view,
           int           sq)
{
  gtk_widget_queue_draw (LUDO_EMPEROR_VIEW (view)->drag_layer);
}

static void
drop (LudoGameView *view,
      int           from,
      int           sq)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (view);

  gtk_widget_queue_draw (self->drag_layer);
  if (!drop_on (self, sq))
    {
      /* dropped off target: the piece stays where it was, still picked up */
      update_labels (self);
      redraw (self);
    }
}

static const LudoGameViewInput input = {
  .move_cursor = move_cursor,
  .escape = escape,
  .drag_start = drag_start,
  .drag_lift = drag_lift,
  .drag_move = drag_move,
  .drop = drop,
};

/* ------------------------------------------------------------------------ */
/* The board's layout                                                        */

static void
place_cells (LudoEmperorView *self)
{
  for (int sq = 0; sq < EMP_SQUARES; sq++)
    {
      GtkWidget *cell = GTK_WIDGET (self->cells[sq]);
      int column = self->flipped ? 9 - EMP_FILE (sq) : EMP_FILE (sq);
      int row = self->flipped ? EMP_RANK (sq) : 9 - EMP_RANK (sq);
      GtkLayoutManager *layout = gtk_widget_get_layout_manager (self->grid);
      GtkGridLayoutChild *child = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, cell));

      gtk_grid_layout_child_set_column (child, column);
      gtk_grid_layout_child_set_row (child, row);
    }
  for (int i = 0; i < 10; i++)
    {
      char text[4];
      int file = self->flipped ? 9 - i : i;
      int rank = self->flipped ? i : 9 - i;

      text[0] = (char) ('a' + file);
      text[1] = '\0';
      gtk_label_set_text (GTK_LABEL (self->file_label[i]), text);
      g_snprintf (text, sizeof text, "%d", rank + 1);
      gtk_label_set_text (GTK_LABEL (self->rank_label[i]), text);
    }
}

static void
flip_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (widget);

  self->flipped = !self->flipped;
  place_cells (self);
  redraw (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

/* ------------------------------------------------------------------------ */

static void
ludo_emperor_view_update (LudoGameView *view)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (view);
  LudoGame *game = ludo_game_view_get_game (view);
  GtkRoot *root;

  self->last_from = self->last_to = -1;
  if (ludo_game_get_position (game) > 0)
    {
      const char *move = ludo_game_get_move (game, ludo_game_get_position (game) - 1);
      int n;
      self->last_from = emperor_parse_square (move, &n);
      self->last_to = self->last_from >= 0 ? emperor_parse_square (move + n, NULL) : -1;
    }
  update_labels (self);
  update_side (self);
  update_status (self);
  redraw (self);

  /* keep the keyboard on the board when it is a person's turn */
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (root && ludo_game_view_get_interactive (view))
    {
      GtkWidget *focus = gtk_root_get_focus (root);
      if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
        gtk_widget_grab_focus (GTK_WIDGET (self->cells[self->cursor]));
    }
}

/* The pieces of the side that moved which left a square and the ones
 * that came to a square: the piece that moved, and the rook of a castling.
 * Each goes to where the same piece arrived (a promoted pawn to wherever
 * the one piece left over arrived). */
static void
ludo_emperor_view_collect_slides (LudoGameView *view,
                                  GPtrArray    *cells)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (view);
  LudoGame *game = ludo_game_view_get_game (view);
  guint ply = ludo_game_get_position (game);
  const EmperorPos *before, *after = position (self);
  int left[4], came[4], n_left = 0, n_came = 0;

  if (ply == 0)
    return;
  before = ludo_emperor_game_get_position_at (LUDO_EMPEROR_GAME (game), ply - 1);
  for (int sq = 0; sq < EMP_SQUARES; sq++)
    {
      uint8_t was = before->board[sq], is = after->board[sq];
      if (was == is)
        continue;
      if (was && EMP_COLOR (was) == before->side && n_left < 4)
        left[n_left++] = sq;
      if (is && EMP_COLOR (is) == before->side && n_came < 4)
        came[n_came++] = sq;
    }
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < n_left; i++)
      for (int j = 0; j < n_came && left[i] >= 0; j++)
        if (came[j] >= 0 && (pass == 1 || before->board[left[i]] == after->board[came[j]]))
          {
            g_ptr_array_add (cells, self->cells[left[i]]);
            g_ptr_array_add (cells, self->cells[came[j]]);
            left[i] = came[j] = -1;
          }
}

/* A new position or another viewer: nothing is picked up, dragged,
 * promoting or hinted any more. */
static void
ludo_emperor_view_clear_input (LudoGameView *view)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (view);

  clear_selection (self);
  self->hint_from = self->hint_to = -1;
  gtk_widget_queue_draw (self->drag_layer);
  if (self->promo_from >= 0)
    {
      self->promo_from = self->promo_to = -1;
      gtk_popover_popdown (GTK_POPOVER (self->promotion));
    }
}

static void
ludo_emperor_view_show_hint (LudoGameView *view,
                             const char   *move)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (view);
  g_autofree char *status = NULL;
  const EmperorPos *pos = position (self);
  EmperorMove m = emperor_move_from_uci (pos, move);
  char san[24];

  if (m == EMP_MOVE_NONE)
    return;
  self->hint_from = EMP_MOVE_FROM (m);
  self->hint_to = EMP_MOVE_TO (m);
  emperor_move_to_san (pos, m, san, sizeof san);
  status = g_strdup_printf (_("Hint: %s."), san);
  ludo_game_view_set_status (view, status);
  redraw (self);
}

static void
build (LudoEmperorView *self)
{
  for (int sq = 0; sq < EMP_SQUARES; sq++)
    {
      LudoCell *cell = LUDO_CELL (ludo_cell_new (TRUE));

      ludo_cell_set_size (cell, 60);
      ludo_cell_set_min_size (cell, 30);
      ludo_cell_set_data (cell, sq);
      ludo_cell_set_draw_func (cell, draw_square, self, NULL);
      gtk_widget_add_css_class (GTK_WIDGET (cell), "square");
      /* the keyboard focus is drawn to stand out of the square's colour */
      gtk_widget_add_css_class (GTK_WIDGET (cell), (EMP_FILE (sq) + EMP_RANK (sq)) % 2 ? "light" : "dark");
      if (emperor_is_castle (sq))
        gtk_widget_add_css_class (GTK_WIDGET (cell), "castle");
      gtk_widget_set_hexpand (GTK_WIDGET (cell), TRUE);
      gtk_widget_set_vexpand (GTK_WIDGET (cell), TRUE);
      gtk_widget_set_focusable (GTK_WIDGET (cell), FALSE);
      g_signal_connect (cell, "activate", G_CALLBACK (cell_activated_cb), self);
      gtk_grid_attach (GTK_GRID (self->grid), GTK_WIDGET (cell), 0, 0, 1, 1);
      self->cells[sq] = cell;
    }
  for (int i = 0; i < 10; i++)
    {
      self->file_label[i] = gtk_label_new (NULL);
      self->rank_label[i] = gtk_label_new (NULL);
      gtk_widget_add_css_class (self->file_label[i], "dim-label");
      gtk_widget_add_css_class (self->rank_label[i], "dim-label");
      gtk_widget_add_css_class (self->rank_label[i], "numeric");
      gtk_grid_attach (GTK_GRID (self->file_labels), self->file_label[i], i, 0, 1, 1);
      gtk_grid_attach (GTK_GRID (self->rank_labels), self->rank_label[i], 0, i, 1, 1);
    }
  self->cursor = EMP_SQ (4, 1);   /* e2: where a player starts thinking */
  gtk_widget_set_focusable (GTK_WIDGET (self->cells[self->cursor]), TRUE);
  place_cells (self);

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->drag_layer), draw_drag, self, NULL);
  ludo_game_view_add_input (LUDO_GAME_VIEW (self), self->grid, &input);

  self->promotion = gtk_popover_new ();
  gtk_widget_set_parent (self->promotion, GTK_WIDGET (self));
}

static void
style_changed_cb (LudoEmperorView *self)
{
  redraw (self);
}

static void
ludo_emperor_view_constructed (GObject *object)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (object);

  G_OBJECT_CLASS (ludo_emperor_view_parent_class)->constructed (object);
  build (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (style_changed_cb), self, G_CONNECT_SWAPPED);
  ludo_emperor_view_update (LUDO_GAME_VIEW (self));
}

static void
ludo_emperor_view_dispose (GObject *object)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (object);

  g_clear_pointer (&self->promotion, gtk_widget_unparent);
  g_clear_pointer (&self->textures, g_hash_table_unref);
  g_clear_object (&self->drag_pixbuf);
  G_OBJECT_CLASS (ludo_emperor_view_parent_class)->dispose (object);
}

static void
ludo_emperor_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_emperor_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  LudoEmperorView *self = LUDO_EMPEROR_VIEW (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      if (self->flipped != g_value_get_boolean (value))
        flip_action (GTK_WIDGET (self), NULL, NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ludo_emperor_view_class_init (LudoEmperorViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  LudoGameViewClass *view_class = LUDO_GAME_VIEW_CLASS (klass);

  object_class->constructed = ludo_emperor_view_constructed;
  object_class->dispose = ludo_emperor_view_dispose;
  object_class->get_property = ludo_emperor_view_get_property;
  object_class->set_property = ludo_emperor_view_set_property;
  view_class->update = ludo_emperor_view_update;
  view_class->collect_slides = ludo_emperor_view_collect_slides;
  view_class->show_hint = ludo_emperor_view_show_hint;
  view_class->clear_input = ludo_emperor_view_clear_input;
  view_class->list_colours = list_colours;

  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-emperor-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoEmperorView, frame_grid);
  gtk_widget_class_bind_template_child (widget_class, LudoEmperorView, overlay);
  gtk_widget_class_bind_template_child (widget_class, LudoEmperorView, grid);
  gtk_widget_class_bind_template_child (widget_class, LudoEmperorView, drag_layer);
  gtk_widget_class_bind_template_child (widget_class, LudoEmperorView, rank_labels);
  gtk_widget_class_bind_template_child (widget_class, LudoEmperorView, file_labels);
  gtk_widget_class_bind_template_child (widget_class, LudoEmperorView, side);
  gtk_widget_class_bind_template_child (widget_class, LudoEmperorView, claim_label);
  gtk_widget_class_bind_template_child (widget_class, LudoEmperorView, emperor_label);
  gtk_widget_class_bind_template_child (widget_class, LudoEmperorView, flip_button);

  gtk_widget_class_install_action (widget_class, "emperor.flip", NULL, flip_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "emperor.flip", NULL);
  gtk_widget_class_set_css_name (widget_class, "emperorview");
}

static void
ludo_emperor_view_init (LudoEmperorView *self)
{
  self->selected = -1;
  self->hint_from = self->hint_to = -1;
  self->last_from = self->last_to = -1;
  self->promo_from = self->promo_to = -1;
  self->textures = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  gtk_widget_init_template (GTK_WIDGET (self));
}

int
ludo_emperor_view_get_selected (LudoEmperorView *self)
{
  return self->selected;
}

gboolean
ludo_emperor_view_get_flipped (LudoEmperorView *self)
{
  return self->flipped;
}
