/* ludo-kombi-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every game field and every sector of a task field is a LudoCell, so
 * that each is named for assistive technology, takes the keyboard cursor
 * (the arrow keys move it over the board as it is drawn: the upper task
 * field, seven rows of five fields, the lower task field) and is
 * activated by click, Enter or Space. A field player claims a field by
 * activating it. A task player marks three sectors the first time (the
 * turn is played when the third is chosen), and afterwards picks a marker
 * and puts it on a free sector, by two activations or by dragging it;
 * when two markers may move, Done ends the turn after one.
 *
 * Covered fields show their value with the markers as they stand; "Show
 * Matches" marks on every field which of its sectors match them.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "app/ludo-cell.h"
#include "core/ludo-ai.h"
#include "app/ludo-player-row.h"
#include "kombi-ai.h"
#include "ludo-kombi-game.h"
#include "ludo-kombi-view.h"

#define FIELD_COLUMNS 5

struct _LudoKombiView
{
  LudoGameView   parent_instance;

  GtkWidget     *board;
  GtkWidget     *upper_title;
  GtkWidget     *upper_grid;
  GtkWidget     *field_grid;
  GtkWidget     *lower_title;
  GtkWidget     *lower_grid;
  GtkWidget     *turn_label;
  GtkWidget     *detail_label;
  GtkWidget     *matches_button;
  GtkWidget     *done_button;
  GtkWidget     *players;
  GtkWidget     *match_grid;
  GtkWidget     *best_label;

  LudoCell      *cells[LUDO_KOMBI_N_PLACES];
  LudoPlayerRow *player_row[KOMBI_MAX_SEATS];
  int            cursor;
  gboolean       show_matches;

  /* the task turn being made */
  guint8         chosen;           /* a first marking: the sectors chosen so far */
  int            picked;           /* the sector of the marker picked up, or -1 */
  guint8         moved_from;       /* markers moved so far this turn … */
  guint8         moved_to;         /* … and where to */

  /* what to point out */
  int            hint_field;
  guint8         hint_from, hint_to;
  int            last_field;
  guint8         last_from, last_to;
  int            last_task;        /* the task field of the last marking, or -1 */
  guint          shown_position;
  guint          shown_serial;

  /* a single game's best play from the start */
  GCancellable  *best_cancellable;
  int            best_value;
};

G_DEFINE_FINAL_TYPE (LudoKombiView, ludo_kombi_view, LUDO_TYPE_GAME_VIEW)

static void refresh (LudoKombiView *self);

static LudoGame *
game_of (LudoKombiView *self)
{
  return ludo_game_view_get_game (LUDO_GAME_VIEW (self));
}

static const KombiPos *
position (LudoKombiView *self)
{
  return ludo_kombi_game_get_position (LUDO_KOMBI_GAME (game_of (self)));
}

static gboolean
interactive (LudoKombiView *self)
{
  return ludo_game_view_get_interactive (LUDO_GAME_VIEW (self));
}

static gboolean
is_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* The task field a person may work on now, or -1. */
static int
active_task_field (LudoKombiView *self)
{
  const KombiPos *pos = position (self);

  if (!interactive (self) || kombi_game_over (pos) || !kombi_task_to_move (pos))
    return -1;
  return kombi_task_field_of_role (pos, kombi_role_to_move (pos));
}

/* The markers as the turn being made leaves them. */
static guint8
working_set (LudoKombiView *self,
             int            t)
{
  const KombiPos *pos = position (self);

  if (t == active_task_field (self))
    return pos->marks[t] ? (pos->marks[t] & ~self->moved_from) | self->moved_to : self->chosen;
  return pos->marks[t];
}

/* ------------------------------------------------------------------------ */
/* Colours: covers, markers and the paper                                    */

static void
owner_colour (int      role,
              GdkRGBA *colour)
{
  static const GdkRGBA colours[KOMBI_MAX_FIELD_PLAYERS] = {
    { 0.21, 0.52, 0.89, 1 },   /* blue */
    { 0.90, 0.38, 0.00, 1 },   /* orange */
    { 0.15, 0.64, 0.41, 1 },   /* green */
  };

  *colour = colours[role % KOMBI_MAX_FIELD_PLAYERS];
}

static void
marker_colour (int      t,
               GdkRGBA *fill,
               GdkRGBA *line)
{
  /* ringed light: a marker shows on the pale sectors by its fill, on
   * the dark ones (and on a field's dark sectors) by its rim */
  if (t == KOMBI_UPPER)
    {
      *fill = (GdkRGBA) { 0.75, 0.11, 0.16, 1 };
      *line = (GdkRGBA) { 0.98, 0.80, 0.78, 1 };
    }
  else
    {
      *fill = (GdkRGBA) { 0.38, 0.21, 0.51, 1 };
      *line = (GdkRGBA) { 0.86, 0.80, 0.96, 1 };
    }
}

static void
set_source (cairo_t       *cr,
            const GdkRGBA *c,
            double         alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

/* A cover: the owner's colour and a hatching of its own, so that owners
 * differ without colour too. */
static void
draw_cover (cairo_t *cr,
            int      role,
            double   x,
            double   y,
            double   w,
            double   h)
{
  GdkRGBA c;
  double step = MAX (6, h / 4);

  owner_colour (role, &c);
  cairo_save (cr);
  cairo_rectangle (cr, x, y, w, h);
  set_source (cr, &c, 0.30);
  cairo_fill_preserve (cr);
  cairo_clip (cr);
  set_source (cr, &c, 0.55);
  cairo_set_line_width (cr, 1.2);
  for (double d = -h; d < w + h; d += step)
    {
      if (role == 0 || role == 2)
        {
          cairo_move_to (cr, x + d, y + h);
          cairo_line_to (cr, x + d + h, y);
        }
      if (role == 1 || role == 2)
        {
          cairo_move_to (cr, x + d, y);
          cairo_line_to (cr, x + d + h, y + h);
        }
    }
  cairo_stroke (cr);
  cairo_restore (cr);
  cairo_rectangle (cr, x + 1, y + 1, w - 2, h - 2);
  set_source (cr, &c, 1);
  cairo_set_line_width (cr, 2.5);
  cairo_stroke (cr);
}

/* A task field's marker: the upper's round, the lower's square. */
static void
draw_marker (cairo_t *cr,
             int      t,
             double   cx,
             double   cy,
             double   r,
             double   alpha)
{
  GdkRGBA fill, line;

  marker_colour (t, &fill, &line);
  cairo_new_path (cr);
  if (t == KOMBI_UPPER)
    cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  else
    cairo_rectangle (cr, cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8);
  set_source (cr, &fill, alpha);
  cairo_fill_preserve (cr);
  set_source (cr, &line, alpha);
  cairo_set_line_width (cr, MAX (1.0, r * 0.18));
  cairo_stroke (cr);
}

static void
draw_player_icon (GtkDrawingArea *area,
                  cairo_t        *cr,
                  int             width,
                  int             height,
                  gpointer        user_data)
{
  /* the seat's role in the game shown */
  GtkWidget *self = gtk_widget_get_ancestor (GTK_WIDGET (area), LUDO_TYPE_KOMBI_VIEW);
  int seat = GPOINTER_TO_INT (user_data), role;
  const KombiPos *pos;
  double s = MIN (width, height);

  if (self == NULL || game_of (LUDO_KOMBI_VIEW (self)) == NULL)
    return;
  pos = position (LUDO_KOMBI_VIEW (self));
  role = kombi_seat_role (pos, kombi_game_over (pos) && !kombi_match_over (pos) ? pos->game + 1 : pos->game, seat);
  if (role < pos->field_players)
    draw_cover (cr, role, (width - s * 0.8) / 2, (height - s * 0.6) / 2, s * 0.8, s * 0.6);
  else
    draw_marker (cr, kombi_task_field_of_role (pos, role), width / 2.0, height / 2.0, s * 0.28, 1);
}

/* ------------------------------------------------------------------------ */
/* Drawing the places                                                        */

static void
draw_text (cairo_t       *cr,
           GtkWidget     *widget,
           const char    *text,
           double         x,
           double         y,
           double         w,
           double         h,
           gboolean       bold,
           const GdkRGBA *colour)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_new ();
  int tw, th;

  pango_font_description_set_absolute_size (font, MAX (7, MIN (h * 0.62, 15)) * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_get_pixel_size (layout, &tw, &th);
  set_source (cr, colour, 1);
  cairo_move_to (cr, x + (w - tw) / 2, y + (h - th) / 2);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
ink_colours (GdkRGBA *ink,
             GdkRGBA *paper)
{
  if (is_dark ())
    {
      *ink = (GdkRGBA) { 0.88, 0.87, 0.84, 1 };
      *paper = (GdkRGBA) { 0.22, 0.22, 0.24, 1 };
    }
  else
    {
      *ink = (GdkRGBA) { 0.26, 0.24, 0.22, 1 };
      *paper = (GdkRGBA) { 0.99, 0.98, 0.95, 1 };
    }
}

/* The marks: the last move and the hint tint and outline what they
 * touch, the outline ringed in ink on the light paper, which yellow and
 * green alone do not stand out of. */
static const GdkRGBA last_colour = { 0.96, 0.76, 0.10, 1 };
static const GdkRGBA hint_colour = { 0.18, 0.76, 0.42, 1 };

static GdkRGBA
mark_rim (void)
{
  GdkRGBA ink, paper;

  ink_colours (&ink, &paper);
  return is_dark () ? (GdkRGBA) { 0, 0, 0, 0 } : ink;
}

/* the marker picked up: deeper on the light sectors, paler on the dark */
static GdkRGBA
picked_colour (void)
{
  return is_dark () ? (GdkRGBA) { 0.60, 0.76, 0.95, 0.95 } : (GdkRGBA) { 0.10, 0.37, 0.71, 0.95 };
}

static GdkRGBA
sector_colour (int t)
{
  return (GdkRGBA) { t == KOMBI_UPPER ? 0.99 : 0.93, t == KOMBI_UPPER ? 0.94 : 0.91, t == KOMBI_UPPER ? 0.78 : 0.98,
                     is_dark () ? 0.22 : 1 };
}

/* a marked outline: the rim under the colour */
static void
stroke_mark (cairo_t       *cr,
             const GdkRGBA *colour,
             double         width)
{
  GdkRGBA rim = mark_rim ();

  if (rim.alpha > 0)
    {
      gdk_cairo_set_source_rgba (cr, &rim);
      cairo_set_line_width (cr, width + 2);
      cairo_stroke_preserve (cr);
    }
  gdk_cairo_set_source_rgba (cr, colour);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

static void
list_colours (LudoGameView *view,
              GArray       *pairs)
{
  static const char * const owners[KOMBI_MAX_FIELD_PLAYERS] = { "blue cover", "orange cover", "green cover" };
  GdkRGBA ink, paper, window = { 1, 1, 1, 1 }, rim = mark_rim (), picked = picked_colour (), set, outline;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (view)), "window_bg_color", &window);
  G_GNUC_END_IGNORE_DEPRECATIONS
  ink_colours (&ink, &paper);
  set = ink;
  set.alpha = 0.85;
  outline = ink;
  outline.alpha = 0.6;
  ludo_colour_pairs_add (pairs, "marked sector", &set, NULL, "field's paper", &paper);
  ludo_colour_pairs_add (pairs, "sector outline", &outline, NULL, "window", &window);
  ludo_colour_pairs_add (pairs, "last claim", &last_colour, &rim, "window", &window);
  ludo_colour_pairs_add (pairs, "hint", &hint_colour, &rim, "window", &window);
  for (int role = 0; role < KOMBI_MAX_FIELD_PLAYERS; role++)
    {
      GdkRGBA c;
      owner_colour (role, &c);
      ludo_colour_pairs_add (pairs, owners[role], &c, NULL, "window", &window);
    }
  for (int t = KOMBI_UPPER; t <= KOMBI_LOWER; t++)
    {
      GdkRGBA fill, line, bg = sector_colour (t), ground, marked;
      const char *name = t == KOMBI_UPPER ? "upper sector" : "lower sector";

      /* a sector's paper lies over the window */
      ground = ludo_colour_over (&bg, &window);
      marked = ludo_colour_over (&set, &paper);
      marker_colour (t, &fill, &line);
      ludo_colour_pairs_add (pairs, t == KOMBI_UPPER ? "upper marker" : "lower marker", &fill, &line, name, &ground);
      ludo_colour_pairs_add (pairs, t == KOMBI_UPPER ? "upper marker" : "lower marker", &fill, &line,
                             "field's marked sector", &marked);
      ludo_colour_pairs_add (pairs, "last move", &last_colour, &rim, name, &ground);
      ludo_colour_pairs_add (pairs, "hint", &hint_colour, &rim, name, &ground);
      ludo_colour_pairs_add (pairs, "marker picked up", &picked, NULL, name, &ground);
    }
}

static void
draw_field (LudoKombiView *self,
            LudoCell      *cell,
            cairo_t       *cr,
            int            width,
            int            height,
            int            f)
{
  const KombiPos *pos = position (self);
  guint8 set = kombi_field_sectors[f];
  GdkRGBA ink, paper;
  double num_w = MAX (width * 0.19, 22), val_w = width * 0.16;   /* two digits at the smallest */
  double sx = num_w + 2, sw = (width - num_w - val_w - 2) / KOMBI_SECTORS;
  /* a strip, not a comb: sectors a little taller than wide */
  double sh = MIN (height * 0.7, sw * 1.5), sy = (height - sh) / 2;
  char text[16];

  ink_colours (&ink, &paper);
  /* the last claim, and a hint */
  if (f == self->last_field || f == self->hint_field)
    {
      double ch = MIN (height, sh + 18);
      const GdkRGBA *c = f == self->hint_field ? &hint_colour : &last_colour;
      cairo_rectangle (cr, 0, (height - ch) / 2, width, ch);
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, f == self->hint_field ? 0.45 : 0.40);
      cairo_fill (cr);
      cairo_rectangle (cr, 2, (height - ch) / 2 + 2, width - 4, ch - 4);
      stroke_mark (cr, c, 2);
    }
  g_snprintf (text, sizeof text, "%d", f + 1);
  draw_text (cr, GTK_WIDGET (cell), text, 0, 0, num_w, height, TRUE, &ink);

  for (int s = 0; s < KOMBI_SECTORS; s++)
    {
      double x = sx + s * sw;
      cairo_rectangle (cr, x + 0.5, sy + 0.5, sw - 1, sh - 1);
      set_source (cr, set >> s & 1 ? &ink : &paper, set >> s & 1 ? 0.85 : 1);
      cairo_fill_preserve (cr);
      set_source (cr, &ink, 0.6);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      /* the markers this sector matches */
      if (self->show_matches && (set >> s & 1))
        for (int t = 0; t < pos->task_players; t++)
          if (working_set (self, t) >> s & 1)
            draw_marker (cr, t, x + sw / 2, sy + sh * (pos->task_players == 1 ? 0.5 : t == 0 ? 0.3 : 0.72),
                         MIN (sw, sh) * (pos->task_players == 1 ? 0.3 : 0.22), 1);
    }

  if (pos->owner[f] != KOMBI_NO_OWNER)
    {
      /* over the strip and its value, clear of the field's number and of the
       * cell's edge, where the keyboard focus is drawn */
      double ch = MIN (height - 10, sh + 14);
      draw_cover (cr, pos->owner[f], sx - 4, (height - ch) / 2, width - sx + 4 - 5, ch);
      g_snprintf (text, sizeof text, "%d", kombi_field_value (pos, f));
      draw_text (cr, GTK_WIDGET (cell), text, width - val_w - 3, 0, val_w, height, TRUE, &ink);
    }
  else if (self->show_matches)
    {
      int k = 0;
      for (int t = 0; t < pos->task_players; t++)
        k += kombi_match (set, working_set (self, t));
      g_snprintf (text, sizeof text, "%d", k);
      draw_text (cr, GTK_WIDGET (cell), text, width - val_w - 3, 0, val_w, height, FALSE, &ink);
    }
}

static void
draw_sector (LudoKombiView *self,
             LudoCell      *cell,
             cairo_t       *cr,
             int            width,
             int            height,
             int            t,
             int            s)
{
  const KombiPos *pos = position (self);
  guint8 bit = 1 << s, now = working_set (self, t), before = pos->marks[t];
  GdkRGBA ink, paper, fill, line;
  double cy = height * 0.62, r = MIN (width, height) * 0.22;
  char text[8];

  ink_colours (&ink, &paper);
  marker_colour (t, &fill, &line);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  {
    GdkRGBA bg = sector_colour (t);
    gdk_cairo_set_source_rgba (cr, &bg);
  }
  cairo_fill_preserve (cr);
  set_source (cr, &ink, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  g_snprintf (text, sizeof text, "%d", KOMBI_FIRST_CODE + s);
  draw_text (cr, GTK_WIDGET (cell), text, 0, 0, width, height * 0.34, TRUE, &ink);

  if ((t == self->last_task && (self->last_to & bit)) || (t == active_task_field (self) && (self->hint_to & bit)))
    {
      const GdkRGBA *c = self->hint_to & bit ? &hint_colour : &last_colour;
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, 0.45);
      cairo_new_path (cr);
      cairo_arc (cr, width / 2.0, cy, r * 1.5, 0, 2 * G_PI);
      cairo_fill_preserve (cr);
      stroke_mark (cr, c, 2);
    }
  /* where a marker left this turn, or the hint says it should leave */
  if ((t == active_task_field (self) && ((self->moved_from | self->hint_from) & bit))
      || (t == self->last_task && (self->last_from & bit)))
    {
      set_source (cr, &fill, 0.7);
      cairo_set_line_width (cr, 1.5);
      cairo_set_dash (cr, (double[]) { 3, 3 }, 2, 0);
      cairo_new_path (cr);
      cairo_arc (cr, width / 2.0, cy, r, 0, 2 * G_PI);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  if (now & bit)
    draw_marker (cr, t, width / 2.0, cy, r, before & bit || before == 0 ? 1 : 0.8);
  if (t == active_task_field (self) && s == self->picked)
    {
      GdkRGBA picked = picked_colour ();
      gdk_cairo_set_source_rgba (cr, &picked);
      cairo_set_line_width (cr, MAX (2.5, r * 0.25));
      cairo_new_path (cr);
      cairo_arc (cr, width / 2.0, cy, r * 1.45, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
}

static void
draw_place (LudoCell    *cell,
            GtkSnapshot *snapshot,
            int          width,
            int          height,
            gpointer     user_data)
{
  LudoKombiView *self = user_data;
  int place = ludo_cell_get_data (cell);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  if (place < KOMBI_FIELDS)
    draw_field (self, cell, cr, width, height, place);
  else if (place < LUDO_KOMBI_PLACE_LOWER)
    draw_sector (self, cell, cr, width, height, KOMBI_UPPER, place - LUDO_KOMBI_PLACE_UPPER);
  else
    draw_sector (self, cell, cr, width, height, KOMBI_LOWER, place - LUDO_KOMBI_PLACE_LOWER);
  cairo_destroy (cr);
}

static void
redraw (LudoKombiView *self)
{
  for (int i = 0; i < LUDO_KOMBI_N_PLACES; i++)
    gtk_widget_queue_draw (GTK_WIDGET (self->cells[i]));
}

/* ------------------------------------------------------------------------ */
/* Words: names for assistive technology, the side panel, the status         */

static void
update_labels (LudoKombiView *self)
{
  LudoGame *game = game_of (self);
  const KombiPos *pos = position (self);
  int active = active_task_field (self);

  for (int f = 0; f < KOMBI_FIELDS; f++)
    {
      g_autofree char *codes = ludo_kombi_sectors_label (kombi_field_sectors[f]);
      GString *label = g_string_new (NULL);
      int k = 0;

      /* Translators: a game field for assistive technology: its number and
       * the code marks of its marked sectors */
      g_string_append_printf (label, _("Field %d, marked %s"), f + 1, codes);
      for (int t = 0; t < pos->task_players; t++)
        k += kombi_match (kombi_field_sectors[f], working_set (self, t));
      if (pos->owner[f] != KOMBI_NO_OWNER)
        {
          int seat = kombi_role_seat (pos, pos->game, pos->owner[f]);
          g_autofree char *who = ludo_game_get_seat_label (game, seat);
          g_string_append (label, ", ");
          g_string_append_printf (label, _("covered by %s"), who);
          g_string_append (label, ", ");
          g_string_append_printf (label, ngettext ("value %d", "value %d", k), k);
        }
      else
        {
          g_string_append_printf (label, ", %s", C_("field", "free"));
          g_string_append (label, ", ");
          g_string_append_printf (label, ngettext ("matches %d marker now", "matches %d markers now", k), k);
        }
      if (f == self->hint_field)
        g_string_append_printf (label, ", %s", _("the hint"));
      ludo_cell_set_label (self->cells[f], label->str);
      g_string_free (label, TRUE);
    }

  for (int t = 0; t < KOMBI_MAX_TASK_PLAYERS; t++)
    for (int s = 0; s < KOMBI_SECTORS; s++)
      {
        int place = (t == KOMBI_UPPER ? LUDO_KOMBI_PLACE_UPPER : LUDO_KOMBI_PLACE_LOWER) + s;
        guint8 bit = 1 << s, now = working_set (self, t);
        GString *label = g_string_new (NULL);

        /* Translators: "Upper task field, sector 4, code mark 54" */
        g_string_append_printf (label, t == KOMBI_UPPER ? _("Upper task field, sector %d, code mark %d")
                                                        : _("Lower task field, sector %d, code mark %d"),
                                s + 1, KOMBI_FIRST_CODE + s);
        g_string_append_printf (label, ", %s", now & bit ? _("marker") : C_("sector", "free"));
        if (t == active)
          {
            if (pos->marks[t] == 0 && !(now & bit))
              g_string_append_printf (label, ", %s", _("may be marked"));
            else if (s == self->picked)
              g_string_append_printf (label, ", %s", _("picked up"));
            else if (self->picked >= 0 && !(pos->marks[t] & bit) && !(self->moved_to & bit))
              g_string_append_printf (label, ", %s", _("the marker may move here"));
          }
        ludo_cell_set_label (self->cells[place], label->str);
        g_string_free (label, TRUE);
      }
}

/* What the player to move does now, in words. */
static char *
turn_words (LudoKombiView *self)
{
  LudoGame *game = game_of (self);
  const KombiPos *pos = position (self);
  int seat = kombi_seat_to_move (pos), role = kombi_role_to_move (pos), t;
  g_autofree char *who = NULL;
  g_autofree char *what = NULL;

  if (seat < 0)
    return NULL;
  who = ludo_game_get_seat_label (game, seat);
  if (kombi_game_over (pos))
    /* Translators: between two games of a match */
    return g_strdup_printf (_("Game %d is over. %s begins game %d as field player: claim a field."),
                            pos->game + 1, who, pos->game + 2);
  what = ludo_kombi_role_name (pos, role);
  if (!kombi_task_to_move (pos))
    return g_strdup_printf (_("%s (%s): claim a free field."), who, what);
  t = kombi_task_field_of_role (pos, role);
  {
    const char *field = t == KOMBI_UPPER ? _("the upper task field") : _("the lower task field");
    if (pos->marks[t] == 0)
      /* Translators: "Player 2 (task player): mark three sectors of the upper task field." */
      return g_strdup_printf (_("%s (%s): mark three sectors of %s."), who, what, field);
    if (pos->shifts == 1)
      return g_strdup_printf (_("%s (%s): move one marker of %s to a free sector."), who, what, field);
    return g_strdup_printf (_("%s (%s): move one or two markers of %s to free sectors."), who, what, field);
  }
}

static void
update_status (LudoKombiView *self)
{
  LudoGame *game = game_of (self);
  g_autofree char *status = NULL;

  if (ludo_game_is_over (game))
    status = ludo_game_describe_outcome (game);
  else
    status = turn_words (self);
  ludo_game_view_set_status (LUDO_GAME_VIEW (self), status);
}

static void
clear_children (GtkWidget *grid)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (grid)))
    gtk_grid_remove (GTK_GRID (grid), child);
}

static void
grid_label (GtkWidget  *grid,
            const char *text,
            int         column,
            int         row,
            gboolean    heading,
            gboolean    dim)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0 : 1);
  if (heading)
    gtk_widget_add_css_class (label, "caption-heading");
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "numeric");
  gtk_grid_attach (GTK_GRID (grid), label, column, row, 1, 1);
}

/* Seats down, games across, then the totals: a field player's value, or
 * a dash where the seat was a task player. */
static void
update_match_table (LudoKombiView *self)
{
  LudoGame *game = game_of (self);
  const KombiPos *pos = position (self);
  int seats = kombi_seats (pos);

  clear_children (self->match_grid);
  for (int g = 0; g < pos->games; g++)
    {
      char text[16];
      g_snprintf (text, sizeof text, "%d", g + 1);
      grid_label (self->match_grid, pos->games > 1 ? text : _("Game"), g + 1, 0, TRUE, FALSE);
    }
  if (pos->games > 1)
    grid_label (self->match_grid, _("Total"), pos->games + 1, 0, TRUE, FALSE);
  for (int seat = 0; seat < seats; seat++)
    {
      g_autofree char *who = ludo_game_get_seat_label (game, seat);
      grid_label (self->match_grid, who, 0, seat + 1, FALSE, FALSE);
      for (int g = 0; g < pos->games; g++)
        {
          int role = kombi_seat_role (pos, g, seat);
          g_autofree char *text = NULL;
          gboolean done = g < pos->game || (g == pos->game && kombi_game_over (pos));
          if (role >= pos->field_players)
            text = g_strdup ("—");
          else if (done)
            text = g_strdup_printf ("%d", pos->values[g][seat]);
          else if (g == pos->game)
            text = g_strdup_printf ("%d", kombi_role_value (pos, role));
          else
            text = g_strdup ("·");
          grid_label (self->match_grid, text, g + 1, seat + 1, FALSE, !done);
        }
      if (pos->games > 1)
        {
          char text[16];
          g_snprintf (text, sizeof text, "%d", kombi_seat_total (pos, seat));
          grid_label (self->match_grid, text, pos->games + 1, seat + 1, TRUE, FALSE);
        }
    }
}

static void
update_best_label (LudoKombiView *self)
{
  LudoGame *game = game_of (self);
  const KombiPos *pos = position (self);
  g_autofree char *text = NULL;

  if (!ludo_game_is_over (game) || pos->games != 1 || pos->field_players != 1)
    {
      gtk_widget_set_visible (self->best_label, FALSE);
      return;
    }
  if (self->best_value >= 0)
    /* Translators: at the end of a single game */
    text = g_strdup_printf (_("Field value reached: %d. Best play by both sides from the start: %d."),
                            kombi_role_value (pos, 0), self->best_value);
  else if (self->best_value == -2)
    text = g_strdup_printf (_("Field value reached: %d. Best play from the start could not be worked out "
                              "within a minute."), kombi_role_value (pos, 0));
  else
    text = g_strdup_printf (_("Field value reached: %d. Working out best play from the start…"),
                            kombi_role_value (pos, 0));
  gtk_label_set_text (GTK_LABEL (self->best_label), text);
  gtk_widget_set_visible (self->best_label, TRUE);
}

static void
update_side (LudoKombiView *self)
{
  LudoGame *game = game_of (self);
  const KombiPos *pos = position (self);
  int to_move = kombi_seat_to_move (pos);
  int game_index = kombi_game_over (pos) && !kombi_match_over (pos) ? pos->game + 1 : pos->game;
  g_autofree char *heading = NULL;
  g_autofree char *detail = NULL;

  if (pos->games > 1)
    heading = g_strdup_printf (_("Game %d of %d"), game_index + 1, pos->games);
  else
    heading = g_strdup (_("Single game"));
  if (ludo_game_is_over (game))
    {
      g_free (heading);
      heading = g_strdup (_("Game Over"));
      detail = ludo_game_describe_outcome (game);
    }
  else
    detail = turn_words (self);
  gtk_label_set_text (GTK_LABEL (self->turn_label), heading);
  gtk_label_set_text (GTK_LABEL (self->detail_label), detail ? detail : "");

  for (int seat = 0; seat < KOMBI_MAX_SEATS; seat++)
    {
      LudoPlayerRow *row = self->player_row[seat];
      g_autofree char *who = NULL;
      g_autofree char *name = NULL;
      g_autofree char *role_name = NULL;
      GString *details;
      int role;

      gtk_widget_set_visible (GTK_WIDGET (row), seat < kombi_seats (pos));
      if (seat >= kombi_seats (pos))
        continue;
      role = kombi_seat_role (pos, game_index, seat);
      who = ludo_game_get_seat_label (game, seat);
      name = seat == to_move ? g_strdup_printf (_("%s — to play"), who) : g_strdup (who);
      role_name = ludo_kombi_role_name (pos, role);
      details = g_string_new (role_name);
      if (role < pos->field_players && game_index == pos->game)
        {
          int v = kombi_role_value (pos, role);
          g_string_append (details, ", ");
          /* Translators: a field player's value now, in the side panel */
          g_string_append_printf (details, ngettext ("fields worth %d", "fields worth %d", v), v);
        }
      if (pos->games > 1)
        {
          g_string_append (details, ", ");
          g_string_append_printf (details, _("match total %d"), kombi_seat_total (pos, seat));
        }
      ludo_player_row_set_player (row, name, details->str, seat == to_move);
      ludo_player_row_redraw_icon (row);
      g_string_free (details, TRUE);
    }
  update_match_table (self);
  update_best_label (self);

  gtk_widget_set_visible (self->lower_title, pos->task_players > 1);
  gtk_widget_set_visible (self->lower_grid, pos->task_players > 1);
  gtk_widget_set_visible (self->done_button, pos->shifts > 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "kombi.done",
                                 active_task_field (self) >= 0 && __builtin_popcount (self->moved_from) == 1);
}

/* ------------------------------------------------------------------------ */
/* A single game's best play from the start, worked out in a thread          */

static void
solve_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  const KombiPos *start = task_data;
  KombiLimits limits = { 0 };
  KombiResult result;
  int value;

  limits.max_ms = 60000;
  limits.table_mb = 64;
  limits.stop = ludo_ai_cancelled;
  limits.stop_data = cancellable;
  if (kombi_solve (start, &limits, &value, &result))
    g_task_return_int (task, value);
  else
    g_task_return_int (task, -2);
}

static void
solved_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(LudoKombiView) self = user_data;
  g_autoptr(GError) error = NULL;
  gssize value = g_task_propagate_int (G_TASK (result), &error);

  if (error)
    return;  /* cancelled: the game changed */
  self->best_value = (int) value;
  if (value >= 0)
    ludo_kombi_game_store_exact (LUDO_KOMBI_GAME (game_of (self)),
                                 ludo_kombi_game_get_position_at (LUDO_KOMBI_GAME (game_of (self)), 0),
                                 (int) value);
  update_best_label (self);
}

static void
find_best_value (LudoKombiView *self)
{
  LudoKombiGame *game = LUDO_KOMBI_GAME (game_of (self));
  const KombiPos *start = ludo_kombi_game_get_position_at (game, 0);
  g_autoptr(GTask) task = NULL;
  int value;

  if (self->best_value != -1 || !ludo_game_is_over (LUDO_GAME (game)) || start->games != 1 || start->field_players != 1)
    return;
  value = start->task_players == 1 ? kombi_start_value (start->shifts, start->limit) : -1;
  if (value >= 0 || ludo_kombi_game_lookup_exact (game, start, &value))
    {
      self->best_value = value;
      return;
    }
  if (self->best_cancellable)
    return;
  self->best_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->best_cancellable, solved_cb, g_object_ref (self));
  g_task_set_task_data (task, g_memdup2 (start, sizeof *start), g_free);
  g_task_run_in_thread (task, solve_thread);
}

static void
cancel_best_value (LudoKombiView *self)
{
  if (self->best_cancellable)
    g_cancellable_cancel (self->best_cancellable);
  g_clear_object (&self->best_cancellable);
  self->best_value = -1;
}

/* ------------------------------------------------------------------------ */
/* Playing                                                                   */

static void
reset_turn (LudoKombiView *self)
{
  self->chosen = 0;
  self->picked = -1;
  self->moved_from = self->moved_to = 0;
}

static void
refresh (LudoKombiView *self)
{
  update_labels (self);
  update_side (self);
  redraw (self);
}

static void
play (LudoKombiView *self,
      KombiMove      move)
{
  const KombiPos *pos = position (self);
  char text[32];

  kombi_move_to_text (pos, move, text, sizeof text);
  reset_turn (self);
  /* the game tells the window, which updates the view */
  if (!ludo_game_view_play (LUDO_GAME_VIEW (self), text))
    refresh (self);
}

/* The turn with the markers moved so far. */
static void
play_moved (LudoKombiView *self,
            int            t)
{
  play (self, KOMBI_MOVE_MARKS (working_set (self, t)));
}

static void
activate_sector (LudoKombiView *self,
                 int            t,
                 int            s)
{
  const KombiPos *pos = position (self);
  guint8 bit = 1 << s, old = pos->marks[t];

  if (t != active_task_field (self))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (old == 0)
    {
      self->chosen ^= bit;
      if (__builtin_popcount (self->chosen) == KOMBI_MARKED)
        {
          play_moved (self, t);
          return;
        }
    }
  else if ((old & bit) && !(self->moved_from & bit))
    self->picked = self->picked == s ? -1 : s;     /* pick up, or put back */
  else if (self->moved_to & bit)
    self->moved_from = self->moved_to = 0;          /* take the turn's moves back */
  else if (self->picked >= 0 && !(old & bit))
    {
      self->moved_from |= 1 << self->picked;
      self->moved_to |= bit;
      self->picked = -1;
      if (__builtin_popcount (self->moved_from) == pos->shifts)
        {
          play_moved (self, t);
          return;
        }
    }
  else
    gtk_widget_error_bell (GTK_WIDGET (self));
  refresh (self);
}

void
ludo_kombi_view_activate_place (LudoKombiView *self,
                                int            place)
{
  const KombiPos *pos = position (self);

  g_return_if_fail (place >= 0 && place < LUDO_KOMBI_N_PLACES);
  if (!interactive (self) || ludo_game_is_over (game_of (self)))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (place < KOMBI_FIELDS)
    {
      KombiMove move = KOMBI_MOVE_CLAIM (place);
      if (kombi_is_legal (pos, move))
        play (self, move);
      else
        {
          /* say why in the status line */
          char text[16];
          g_snprintf (text, sizeof text, "claim:%d", place + 1);
          ludo_game_view_play (LUDO_GAME_VIEW (self), text);
        }
      return;
    }
  if (place < LUDO_KOMBI_PLACE_LOWER)
    activate_sector (self, KOMBI_UPPER, place - LUDO_KOMBI_PLACE_UPPER);
  else
    activate_sector (self, KOMBI_LOWER, place - LUDO_KOMBI_PLACE_LOWER);
}

static void
set_cursor (LudoKombiView *self,
            int            place)
{
  if (place == self->cursor)
    return;
  ludo_cell_move_cursor (self->cells[self->cursor], self->cells[place]);
  self->cursor = place;
}

static void
cell_activated_cb (LudoCell      *cell,
                   LudoKombiView *self)
{
  int place = ludo_cell_get_data (cell);

  if (self->cursor != place)
    {
      gtk_widget_set_focusable (GTK_WIDGET (self->cells[self->cursor]), FALSE);
      self->cursor = place;
      gtk_widget_set_focusable (GTK_WIDGET (cell), TRUE);
    }
  ludo_kombi_view_activate_place (self, place);
}

/* ------------------------------------------------------------------------ */
/* Keyboard: rows as drawn                                                   */

/* The board's rows: -1 the upper task field, 0–6 the fields, 7 the lower. */
static void
place_row_column (int  place,
                  int *row,
                  int *column,
                  int *width)
{
  if (place < KOMBI_FIELDS)
    {
      *row = place / FIELD_COLUMNS;
      *column = place % FIELD_COLUMNS;
      *width = FIELD_COLUMNS;
    }
  else
    {
      *row = place < LUDO_KOMBI_PLACE_LOWER ? -1 : 7;
      *column = (place - LUDO_KOMBI_PLACE_UPPER) % KOMBI_SECTORS;
      *width = KOMBI_SECTORS;
    }
}

static int
place_at (int row,
          int column)
{
  if (row < 0)
    return LUDO_KOMBI_PLACE_UPPER + column;
  if (row > 6)
    return LUDO_KOMBI_PLACE_LOWER + column;
  return row * FIELD_COLUMNS + column;
}

static void
move_cursor (LudoGameView *view,
             int           dcolumn,
             int           up)
{
  LudoKombiView *self = LUDO_KOMBI_VIEW (view);
  const KombiPos *pos = position (self);
  int row, column, width, drow = -up, last_row = pos->task_players > 1 ? 7 : 6;

  place_row_column (self->cursor, &row, &column, &width);
  if (dcolumn)
    column = CLAMP (column + dcolumn, 0, width - 1);
  else
    {
      int new_row = CLAMP (row + drow, -1, last_row);
      int new_width = new_row < 0 || new_row > 6 ? KOMBI_SECTORS : FIELD_COLUMNS;
      /* the same place across, between rows of five and of seven */
      if (new_width != width)
        column = (2 * column + 1) * new_width / (2 * width);
      row = new_row;
    }
  set_cursor (self, place_at (row, column));
}

static gboolean
escape (LudoGameView *view)
{
  LudoKombiView *self = LUDO_KOMBI_VIEW (view);

  if (!self->chosen && self->picked < 0 && !self->moved_from)
    return FALSE;
  reset_turn (self);
  refresh (self);
  return TRUE;
}

static const LudoGameViewInput key_input = {
  .move_cursor = move_cursor,
  .escape = escape,
};

/* ------------------------------------------------------------------------ */
/* Dragging a marker                                                         */

static gboolean
drag_start (LudoGameView *view,
            int           place)
{
  LudoKombiView *self = LUDO_KOMBI_VIEW (view);
  const KombiPos *pos = position (self);
  int t, s;

  if (place < LUDO_KOMBI_PLACE_UPPER)
    return FALSE;
  t = place < LUDO_KOMBI_PLACE_LOWER ? KOMBI_UPPER : KOMBI_LOWER;
  s = (place - LUDO_KOMBI_PLACE_UPPER) % KOMBI_SECTORS;
  return t == active_task_field (self) && (pos->marks[t] >> s & 1) && !(self->moved_from >> s & 1);
}

static void
drop (LudoGameView *view,
      int           from,
      int           to)
{
  LudoKombiView *self = LUDO_KOMBI_VIEW (view);

  if (to < LUDO_KOMBI_PLACE_UPPER || (to < LUDO_KOMBI_PLACE_LOWER) != (from < LUDO_KOMBI_PLACE_LOWER))
    return;
  self->picked = (from - LUDO_KOMBI_PLACE_UPPER) % KOMBI_SECTORS;
  ludo_kombi_view_activate_place (self, to);
}

/* on each row of the task fields */
static const LudoGameViewInput drag_input = {
  .drag_start = drag_start,
  .drop = drop,
  .drop_distance = 8,   /* a click: the cell's own activation does it */
};

/* ------------------------------------------------------------------------ */
/* Actions                                                                   */

static void
show_matches_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LudoKombiView *self = LUDO_KOMBI_VIEW (widget);

  self->show_matches = !self->show_matches;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->matches_button), self->show_matches);
  refresh (self);
}

static void
done_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LudoKombiView *self = LUDO_KOMBI_VIEW (widget);
  int t = active_task_field (self);

  if (t >= 0 && __builtin_popcount (self->moved_from) == 1)
    play_moved (self, t);
}

/* ------------------------------------------------------------------------ */

static void
ludo_kombi_view_update (LudoGameView *view)
{
  LudoKombiView *self = LUDO_KOMBI_VIEW (view);
  LudoGame *game = ludo_game_view_get_game (view);
  guint ply = ludo_game_get_position (game);
  GtkRoot *root;

  if (ply != self->shown_position || ludo_game_get_serial (game) != self->shown_serial)
    {
      const KombiPos *pos = position (self);

      self->last_field = -1;
      self->last_task = -1;
      self->last_from = self->last_to = 0;
      if (ply > 0 && !(pos->claims == 0 && pos->task_turns == 0))
        {
          const KombiPos *before = ludo_kombi_game_get_position_at (LUDO_KOMBI_GAME (game), ply - 1);
          KombiMove move = kombi_move_from_text (before, ludo_game_get_move (game, ply - 1), NULL, NULL);
          if (KOMBI_MOVE_IS_CLAIM (move))
            self->last_field = KOMBI_MOVE_FIELD (move);
          else if (KOMBI_MOVE_IS_MARKS (move))
            {
              int t = kombi_task_field_of_role (before, kombi_role_to_move (before));
              self->last_task = t;
              self->last_from = before->marks[t] & ~KOMBI_MOVE_SET (move);
              self->last_to = KOMBI_MOVE_SET (move) & ~before->marks[t];
            }
        }
      if (ludo_game_get_serial (game) != self->shown_serial || !ludo_game_is_over (game))
        cancel_best_value (self);
      self->shown_position = ply;
      self->shown_serial = ludo_game_get_serial (game);
    }
  reset_turn (self);
  find_best_value (self);
  update_labels (self);
  update_side (self);
  update_status (self);
  redraw (self);

  /* keep the keyboard on the board when it is a person's turn */
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (root && interactive (self))
    {
      GtkWidget *focus = gtk_root_get_focus (root);
      if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
        gtk_widget_grab_focus (GTK_WIDGET (self->cells[self->cursor]));
    }
}

/* A new position or another viewer: no marker is picked up, moved or
 * dragged, no field chosen, no hint shown any more. */
static void
ludo_kombi_view_clear_input (LudoGameView *view)
{
  LudoKombiView *self = LUDO_KOMBI_VIEW (view);

  reset_turn (self);
  self->hint_field = -1;
  self->hint_from = self->hint_to = 0;
}

static void
ludo_kombi_view_show_hint (LudoGameView *view,
                           const char   *move)
{
  LudoKombiView *self = LUDO_KOMBI_VIEW (view);
  const KombiPos *pos = position (self);
  KombiMove m = kombi_move_from_text (pos, move, NULL, NULL);
  g_autofree char *status = NULL;
  int value;

  if (m == KOMBI_MOVE_NONE)
    return;
  reset_turn (self);
  if (KOMBI_MOVE_IS_CLAIM (m))
    {
      self->hint_field = KOMBI_MOVE_FIELD (m);
      /* Translators: a hint: "Hint: claim field 17." */
      status = g_strdup_printf (_("Hint: claim field %d."), self->hint_field + 1);
    }
  else
    {
      int t = kombi_task_field_of_role (pos, kombi_role_to_move (pos));
      g_autofree char *sectors = ludo_kombi_sectors_label (KOMBI_MOVE_SET (m));
      self->hint_from = pos->marks[t] & ~KOMBI_MOVE_SET (m);
      self->hint_to = KOMBI_MOVE_SET (m) & ~pos->marks[t];
      if (pos->marks[t] == 0)
        status = g_strdup_printf (_("Hint: mark %s."), sectors);
      else
        {
          GString *words = g_string_new (NULL);
          guint8 from = self->hint_from, to = self->hint_to;
          for (; from; from &= from - 1, to &= to - 1)
            g_string_append_printf (words, "%s%d → %d", words->len ? ", " : "",
                                    KOMBI_FIRST_CODE + __builtin_ctz (from), KOMBI_FIRST_CODE + __builtin_ctz (to));
          /* Translators: a hint: "Hint: move the marker 54 → 57." */
          status = g_strdup_printf (_("Hint: move %s."), words->str);
          g_string_free (words, TRUE);
        }
    }
  if (pos->field_players == 1 && ludo_kombi_game_lookup_exact (LUDO_KOMBI_GAME (game_of (self)), pos, &value))
    {
      g_autofree char *exact = g_strdup_printf (ngettext ("With best play from here the field player scores %d.",
                                                          "With best play from here the field player scores %d.",
                                                          value), value);
      g_autofree char *both = g_strdup_printf ("%s %s", status, exact);
      g_free (status);
      status = g_steal_pointer (&both);
    }
  ludo_game_view_set_status (view, status);
  update_labels (self);
  redraw (self);
}

static void
build_task_row (LudoKombiView *self,
                GtkWidget     *grid,
                int            first_place)
{
  for (int s = 0; s < KOMBI_SECTORS; s++)
    {
      LudoCell *cell = LUDO_CELL (ludo_cell_new (TRUE));
      int place = first_place + s;

      ludo_cell_set_size (cell, 52);
      ludo_cell_set_min_size (cell, 30);
      ludo_cell_set_data (cell, place);
      ludo_cell_set_draw_func (cell, draw_place, self, NULL);
      gtk_widget_set_focusable (GTK_WIDGET (cell), FALSE);
      g_signal_connect (cell, "activate", G_CALLBACK (cell_activated_cb), self);
      gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (cell), s, 0, 1, 1);
      self->cells[place] = cell;
    }
  ludo_game_view_add_input (LUDO_GAME_VIEW (self), grid, &drag_input);
}

static void
build (LudoKombiView *self)
{
  for (int f = 0; f < KOMBI_FIELDS; f++)
    {
      LudoCell *cell = LUDO_CELL (ludo_cell_new (TRUE));

      ludo_cell_set_size (cell, 40);
      ludo_cell_set_min_size (cell, 26);
      /* the number, six sectors and the value still read at 84 px: five
       * columns and the side column fit an 800 px window */
      gtk_widget_set_size_request (GTK_WIDGET (cell), 84, 30);
      ludo_cell_set_data (cell, f);
      ludo_cell_set_draw_func (cell, draw_place, self, NULL);
      gtk_widget_set_focusable (GTK_WIDGET (cell), FALSE);
      g_signal_connect (cell, "activate", G_CALLBACK (cell_activated_cb), self);
      gtk_grid_attach (GTK_GRID (self->field_grid), GTK_WIDGET (cell), f % FIELD_COLUMNS, f / FIELD_COLUMNS, 1, 1);
      self->cells[f] = cell;
    }
  build_task_row (self, self->upper_grid, LUDO_KOMBI_PLACE_UPPER);
  build_task_row (self, self->lower_grid, LUDO_KOMBI_PLACE_LOWER);
  self->cursor = 0;
  gtk_widget_set_focusable (GTK_WIDGET (self->cells[0]), TRUE);

  for (int seat = 0; seat < KOMBI_MAX_SEATS; seat++)
    {
      GtkWidget *row = ludo_player_row_new (draw_player_icon, seat);

      self->player_row[seat] = LUDO_PLAYER_ROW (row);
      gtk_list_box_append (GTK_LIST_BOX (self->players), row);
    }

  ludo_game_view_add_input (LUDO_GAME_VIEW (self), self->board, &key_input);
}

static void
style_changed_cb (LudoKombiView *self)
{
  redraw (self);
  for (int seat = 0; seat < KOMBI_MAX_SEATS; seat++)
    ludo_player_row_redraw_icon (self->player_row[seat]);
}

static void
ludo_kombi_view_constructed (GObject *object)
{
  LudoKombiView *self = LUDO_KOMBI_VIEW (object);

  G_OBJECT_CLASS (ludo_kombi_view_parent_class)->constructed (object);
  build (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (style_changed_cb), self, G_CONNECT_SWAPPED);
  ludo_kombi_view_update (LUDO_GAME_VIEW (self));
}

static void
ludo_kombi_view_dispose (GObject *object)
{
  LudoKombiView *self = LUDO_KOMBI_VIEW (object);

  cancel_best_value (self);
  G_OBJECT_CLASS (ludo_kombi_view_parent_class)->dispose (object);
}

static void
ludo_kombi_view_class_init (LudoKombiViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  LudoGameViewClass *view_class = LUDO_GAME_VIEW_CLASS (klass);

  object_class->constructed = ludo_kombi_view_constructed;
  object_class->dispose = ludo_kombi_view_dispose;
  view_class->update = ludo_kombi_view_update;
  view_class->show_hint = ludo_kombi_view_show_hint;
  view_class->clear_input = ludo_kombi_view_clear_input;
  view_class->list_colours = list_colours;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-kombi-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, board);
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, upper_title);
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, upper_grid);
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, field_grid);
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, lower_title);
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, lower_grid);
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, turn_label);
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, detail_label);
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, matches_button);
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, done_button);
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, players);
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, match_grid);
  gtk_widget_class_bind_template_child (widget_class, LudoKombiView, best_label);
  gtk_widget_class_install_action (widget_class, "kombi.show-matches", NULL, show_matches_action);
  gtk_widget_class_install_action (widget_class, "kombi.done", NULL, done_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK, "kombi.show-matches", NULL);
  gtk_widget_class_set_css_name (widget_class, "kombiview");
}

static void
ludo_kombi_view_init (LudoKombiView *self)
{
  self->picked = -1;
  self->hint_field = -1;
  self->last_field = -1;
  self->last_task = -1;
  self->best_value = -1;
  self->shown_position = G_MAXUINT;
  gtk_widget_init_template (GTK_WIDGET (self));
}

LudoCell *
ludo_kombi_view_get_cell (LudoKombiView *self,
                          int            place)
{
  g_return_val_if_fail (place >= 0 && place < LUDO_KOMBI_N_PLACES, NULL);
  return self->cells[place];
}

int
ludo_kombi_view_get_cursor (LudoKombiView *self)
{
  return self->cursor;
}

int
ludo_kombi_view_get_best_value (LudoKombiView *self)
{
  return self->best_value;
}

GtkWidget *
ludo_kombi_view_get_board (LudoKombiView *self)
{
  return self->board;
}
