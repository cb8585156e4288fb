/* ludo-logik-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Laid out as the source describes the board: on the left the viewer's own
 * code (bottom) under the opponent's guesses at it; on the right the
 * viewer's guesses under the opponent's hidden code (top). Rows fill from
 * the bottom up. Every peg hole and result is a LudoCell with a name, and
 * the whole game can be played from the keyboard: letters or digits put a
 * colour in the next hole, Backspace takes one back, Ctrl+Enter sends.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "app/ludo-cell.h"
#include "logik-rules.h"
#include "ludo-logik-game.h"
#include "ludo-logik-view.h"

/* What a peg cell shows, besides a colour 0 … 9 */
enum {
  PEG_EMPTY = -1,    /* a hole to fill */
  PEG_HIDDEN = -2,   /* a code nobody here may see */
  PEG_SECRET = -3,   /* a guess sent but not shown yet */
  PEG_NONE = -4,     /* a row not played */
};

/* What a result cell shows, besides blacks * 8 + whites */
enum {
  RESULT_NONE = -1,
  RESULT_WAITING = -2,
};

struct _LudoLogikView
{
  LudoGameView parent_instance;

  GtkWidget *boards;
  GtkWidget *left_box;
  GtkWidget *right_box;
  GtkWidget *left_title;
  GtkWidget *right_title;
  GtkWidget *left_grid;
  GtkWidget *right_grid;
  GtkWidget *composer;
  GtkWidget *palette;
  GtkWidget *delete_button;
  GtkWidget *submit_button;

  int places;
  int colours;
  int rows;

  LudoCell *right_code[LOGIK_MAX_PLACES];
  LudoCell *right_pegs[LOGIK_MAX_ROWS][LOGIK_MAX_PLACES];
  LudoCell *right_result[LOGIK_MAX_ROWS];
  LudoCell *left_pegs[LOGIK_MAX_ROWS][LOGIK_MAX_PLACES];
  LudoCell *left_result[LOGIK_MAX_ROWS];
  LudoCell *left_code[LOGIK_MAX_PLACES];
  LudoCell *swatches[LOGIK_MAX_COLOURS];

  /* The row being composed: a code or a guess of the viewer's seat. */
  LudoCell **holes;               /* left_code or a row of right_pegs, or NULL */
  int        pending[LOGIK_MAX_PLACES];
  int        cursor;
  int        selected_colour;
  guint      pending_ply;         /* the position the pending row belongs to */
  gboolean   composing_code;
  gboolean   updating;
};

G_DEFINE_FINAL_TYPE (LudoLogikView, ludo_logik_view, LUDO_TYPE_GAME_VIEW)

/* The pegs are physical objects: the same colours in light and dark style.
 * Each also carries its letter, so no colour depends on colour vision. */
static const GdkRGBA peg_rgba[LOGIK_MAX_COLOURS] = {
  { 0.84, 0.16, 0.16, 1 },   /* red */
  { 0.98, 0.52, 0.05, 1 },   /* orange */
  { 0.97, 0.86, 0.10, 1 },   /* yellow */
  { 0.20, 0.65, 0.24, 1 },   /* green */
  { 0.12, 0.76, 0.80, 1 },   /* teal */
  { 0.15, 0.35, 0.85, 1 },   /* blue */
  { 0.55, 0.26, 0.70, 1 },   /* purple */
  { 0.96, 0.50, 0.72, 1 },   /* pink */
  { 0.52, 0.33, 0.16, 1 },   /* brown */
  { 0.62, 0.62, 0.60, 1 },   /* grey */
};

static const LogikState *
rules (LudoLogikView *self)
{
  return ludo_game_get_state (ludo_game_view_get_game (LUDO_GAME_VIEW (self)));
}

static char *
colour_label (int colour)
{
  /* Translators: a peg colour and its letter, e.g. "red (A)" */
  return g_strdup_printf (_("%s (%c)"), ludo_logik_colour_name (colour), 'A' + colour);
}

static char *
code_description (const LogikCode *code,
                  int              places)
{
  GString *out = g_string_new (NULL);

  for (int i = 0; i < places; i++)
    {
      g_autofree char *c = colour_label (code->peg[i]);
      if (i > 0)
        g_string_append (out, ", ");
      g_string_append (out, c);
    }
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------ */
/* Drawing                                                                   */

static void
fg_color (GtkWidget *widget,
          GdkRGBA   *rgba)
{
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), rgba);
G_GNUC_END_IGNORE_DEPRECATIONS
}

/* How strong the marks are drawn in the text colour: an empty hole's
 * outline, a code nobody here may see, a guess not shown yet. Each stands
 * out 3:1 of the board, in light and dark style. */
#define HOLE_ALPHA 0.6
#define HIDDEN_ALPHA 0.8
#define SECRET_ALPHA 0.6

/* A peg's rim: dark on the light board, light on the dark one, so that
 * light pegs show on the one and dark pegs on the other */
static GdkRGBA
peg_rim (void)
{
  if (adw_style_manager_get_dark (adw_style_manager_get_default ()))
    return (GdkRGBA) { 1, 1, 1, 0.85 };
  return (GdkRGBA) { 0, 0, 0, 0.7 };
}

static const GdkRGBA select_rgba = { 0.21, 0.52, 0.89, 1 };
static const GdkRGBA black_key_rgba = { 0.1, 0.1, 0.1, 1 };
static const GdkRGBA white_key_rgba = { 0.98, 0.98, 0.98, 1 };

static void
list_colours (LudoGameView *view,
              GArray       *pairs)
{
  GtkWidget *board = GTK_WIDGET (view);
  GdkRGBA window = { 1, 1, 1, 1 }, card = { 1, 1, 1, 1 }, fg, rim = peg_rim (), mark;

  /* the board is a card over the window (style.css) */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_lookup_color (gtk_widget_get_style_context (board), "window_bg_color", &window);
  gtk_style_context_lookup_color (gtk_widget_get_style_context (board), "card_bg_color", &card);
G_GNUC_END_IGNORE_DEPRECATIONS
  card = ludo_colour_over (&card, &window);
  fg_color (board, &fg);

  for (int c = 0; c < LOGIK_MAX_COLOURS; c++)
    {
      g_autofree char *name = g_strdup_printf ("%s peg", ludo_logik_colour_name (c));
      ludo_colour_pairs_add (pairs, name, &peg_rgba[c], &rim, "board", &card);
    }
  ludo_colour_pairs_add (pairs, "black key peg", &black_key_rgba, &(GdkRGBA) { 1, 1, 1, 0.6 }, "board", &card);
  ludo_colour_pairs_add (pairs, "white key peg", &white_key_rgba, &(GdkRGBA) { 0, 0, 0, 0.7 }, "board", &card);
  ludo_colour_pairs_add (pairs, "selection", &select_rgba, NULL, "board", &card);
  mark = fg;
  mark.alpha = fg.alpha * HOLE_ALPHA;
  ludo_colour_pairs_add (pairs, "empty hole's rim", &mark, NULL, "board", &card);
  mark.alpha = fg.alpha * HIDDEN_ALPHA;
  ludo_colour_pairs_add (pairs, "hidden peg", &mark, NULL, "board", &card);
  mark.alpha = fg.alpha * SECRET_ALPHA;
  ludo_colour_pairs_add (pairs, "guess not shown yet", &mark, NULL, "board", &card);
}

static void
circle (cairo_t *cr,
        double   cx,
        double   cy,
        double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
}

static void
centred_text (GtkWidget  *widget,
              cairo_t    *cr,
              const char *text,
              double      cx,
              double      cy,
              double      size)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
  int w, h;

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, cx - w / 2.0, cy - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
draw_peg (LudoCell    *cell,
          GtkSnapshot *snapshot,
          int          width,
          int          height,
          gpointer     user_data)
{
  GtkWidget *widget = GTK_WIDGET (cell);
  int peg = ludo_cell_get_data (cell);
  double cx = width / 2.0, cy = height / 2.0;
  double r = MIN (width, height) / 2.0 - 3;
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  GdkRGBA fg;

  fg_color (widget, &fg);
  cairo_set_line_width (cr, 1.5);

  if (peg >= 0)
    {
      const GdkRGBA *c = &peg_rgba[peg];
      double lum = 0.3 * c->red + 0.59 * c->green + 0.11 * c->blue;
      char letter[2] = { (char) ('A' + peg), 0 };

      circle (cr, cx, cy, r);
      gdk_cairo_set_source_rgba (cr, c);
      cairo_fill_preserve (cr);
      {
        GdkRGBA rim = peg_rim ();
        gdk_cairo_set_source_rgba (cr, &rim);
      }
      cairo_stroke (cr);
      /* a highlight, so the peg reads as round */
      circle (cr, cx - r * 0.35, cy - r * 0.35, r * 0.25);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
      cairo_fill (cr);
      if (lum > 0.55)
        cairo_set_source_rgba (cr, 0, 0, 0, 0.85);
      else
        cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
      centred_text (widget, cr, letter, cx, cy, r * 1.05);
    }
  else if (peg == PEG_EMPTY)
    {
      circle (cr, cx, cy, r);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.07);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * HOLE_ALPHA);
      cairo_stroke (cr);
    }
  else if (peg == PEG_HIDDEN || peg == PEG_SECRET)
    {
      circle (cr, cx, cy, r);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * (peg == PEG_HIDDEN ? HIDDEN_ALPHA : SECRET_ALPHA));
      cairo_fill (cr);
      if (peg == PEG_HIDDEN)
        {
          cairo_set_source_rgba (cr, 1 - fg.red, 1 - fg.green, 1 - fg.blue, 0.9);
          centred_text (widget, cr, "?", cx, cy, r * 1.05);
        }
    }
  else
    {
      circle (cr, cx, cy, r * 0.22);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.22);
      cairo_fill (cr);
    }

  if (ludo_cell_get_selected (cell))
    {
      circle (cr, cx, cy, r + 1.5);
      cairo_set_line_width (cr, 3);
      gdk_cairo_set_source_rgba (cr, &select_rgba);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

static void
draw_result (LudoCell    *cell,
             GtkSnapshot *snapshot,
             int          width,
             int          height,
             gpointer     user_data)
{
  LudoLogikView *self = user_data;
  GtkWidget *widget = GTK_WIDGET (cell);
  int result = ludo_cell_get_data (cell);
  int cols = (self->places + 1) / 2;
  double step = MIN ((double) width / cols, height / 2.0);
  double r = step / 2 - 1.5;
  double x0 = (width - cols * step) / 2, y0 = (height - 2 * step) / 2;
  cairo_t *cr;
  GdkRGBA fg;

  if (result == RESULT_NONE)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  fg_color (widget, &fg);
  cairo_set_line_width (cr, 1.2);

  if (result == RESULT_WAITING)
    {
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.6);
      centred_text (widget, cr, "…", width / 2.0, height / 2.0, height * 0.45);
      cairo_destroy (cr);
      return;
    }

  int blacks = result / 8, whites = result % 8;
  for (int k = 0; k < self->places; k++)
    {
      double cx = x0 + (k % cols + 0.5) * step, cy = y0 + (k / cols + 0.5) * step;

      circle (cr, cx, cy, r);
      if (k < blacks)
        {
          gdk_cairo_set_source_rgba (cr, &black_key_rgba);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 1, 1, 1, 0.6);   /* visible on a dark board */
          cairo_stroke (cr);
        }
      else if (k < blacks + whites)
        {
          gdk_cairo_set_source_rgba (cr, &white_key_rgba);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 0, 0, 0, 0.7);
          cairo_stroke (cr);
        }
      else
        {
          cairo_arc (cr, cx, cy, r * 0.3, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.25);
          cairo_fill (cr);
        }
    }
  cairo_destroy (cr);
}

/* ------------------------------------------------------------------------ */
/* Composing a code or a guess                                               */

static int
first_empty_from (LudoLogikView *self,
                  int            from)
{
  for (int k = 0; k < self->places; k++)
    {
      int i = (from + k) % self->places;
      if (self->pending[i] < 0)
        return i;
    }
  return self->places;   /* full */
}

static gboolean
pending_complete (LudoLogikView *self)
{
  return first_empty_from (self, 0) == self->places;
}

/* The row being composed starts afresh, and nothing is in hand: the
 * next person does not find the last one's colour picked. */
static void
clear_pending (LudoLogikView *self)
{
  for (int i = 0; i < LOGIK_MAX_PLACES; i++)
    self->pending[i] = -1;
  self->cursor = 0;
  self->selected_colour = -1;
}

static void update_composer (LudoLogikView *self);

static void
focus_cursor (LudoLogikView *self)
{
  if (self->holes && self->cursor < self->places)
    gtk_widget_grab_focus (GTK_WIDGET (self->holes[self->cursor]));
  else if (gtk_widget_get_sensitive (self->submit_button))
    gtk_widget_grab_focus (self->submit_button);
}

static void
put_colour (LudoLogikView *self,
            int            colour)
{
  gboolean had_focus;

  if (self->holes == NULL || colour < 0 || colour >= self->colours)
    return;
  had_focus = self->cursor < self->places &&
              gtk_widget_has_focus (GTK_WIDGET (self->holes[self->cursor]));
  if (self->cursor >= self->places)
    self->cursor = first_empty_from (self, 0);
  if (self->cursor >= self->places)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  self->selected_colour = colour;
  self->pending[self->cursor] = colour;
  self->cursor = first_empty_from (self, self->cursor + 1);
  update_composer (self);
  if (had_focus)
    focus_cursor (self);
}

static void
take_back (LudoLogikView *self)
{
  int i;

  if (self->holes == NULL)
    return;
  /* the peg before the cursor, or the last one placed */
  i = MIN (self->cursor, self->places) - 1;
  while (i >= 0 && self->pending[i] < 0)
    i--;
  if (i < 0)
    for (i = self->places - 1; i >= 0 && self->pending[i] < 0; i--)
      ;
  if (i < 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  self->pending[i] = -1;
  self->cursor = i;
  update_composer (self);
}

static void
submit (LudoLogikView *self)
{
  char move[32];
  int k;

  if (self->holes == NULL || !pending_complete (self))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  k = g_snprintf (move, sizeof move, "%s:", self->composing_code ? "code" : "guess");
  for (int i = 0; i < self->places; i++)
    move[k++] = (char) ('A' + self->pending[i]);
  move[k] = '\0';
  if (ludo_game_view_play (LUDO_GAME_VIEW (self), move))
    clear_pending (self);
}

static void
delete_clicked_cb (LudoLogikView *self)
{
  take_back (self);
}

static void
submit_clicked_cb (LudoLogikView *self)
{
  submit (self);
}

static void
hole_activated_cb (LudoCell      *cell,
                   LudoLogikView *self)
{
  int i;

  for (i = 0; i < self->places && self->holes && self->holes[i] != cell; i++)
    ;
  if (self->holes == NULL || i >= self->places)
    return;
  /* the colour in hand goes into the hole; the same colour again takes it out */
  if (self->pending[i] >= 0 && self->pending[i] == self->selected_colour)
    self->pending[i] = -1;
  else if (self->selected_colour >= 0)
    self->pending[i] = self->selected_colour;
  self->cursor = self->pending[i] >= 0 ? first_empty_from (self, i + 1) : i;
  if (self->cursor >= self->places)
    self->cursor = i;
  update_composer (self);
}

static void
hole_focus_cb (GtkEventControllerFocus *controller,
               LudoLogikView           *self)
{
  LudoCell *cell = LUDO_CELL (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));

  if (self->updating || self->holes == NULL)
    return;
  for (int i = 0; i < self->places; i++)
    if (self->holes[i] == cell && self->cursor != i)
      {
        self->cursor = i;
        update_composer (self);
      }
}

static void
swatch_activated_cb (LudoCell      *cell,
                     LudoLogikView *self)
{
  put_colour (self, ludo_cell_get_data (cell));
}

static gboolean
key_pressed (LudoGameView    *view,
             guint            keyval,
             GdkModifierType  state)
{
  LudoLogikView *self = LUDO_LOGIK_VIEW (view);
  guint32 ch = gdk_keyval_to_unicode (keyval);

  if (self->holes == NULL)
    return GDK_EVENT_PROPAGATE;
  if ((keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter) && (state & GDK_CONTROL_MASK))
    {
      submit (self);
      return GDK_EVENT_STOP;
    }
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return GDK_EVENT_PROPAGATE;
  if (keyval == GDK_KEY_BackSpace)
    {
      take_back (self);
      return GDK_EVENT_STOP;
    }
  if (keyval == GDK_KEY_Delete || keyval == GDK_KEY_KP_Delete)
    {
      if (self->cursor < self->places && self->pending[self->cursor] >= 0)
        {
          self->pending[self->cursor] = -1;
          update_composer (self);
        }
      return GDK_EVENT_STOP;
    }
  if (ch >= 'a' && ch < (guint32) ('a' + self->colours))
    ch -= 'a' - 'A';
  if (ch >= 'A' && ch < (guint32) ('A' + self->colours))
    {
      put_colour (self, (int) (ch - 'A'));
      return GDK_EVENT_STOP;
    }
  if (ch >= '1' && ch <= '9' && (int) (ch - '1') < self->colours)
    {
      put_colour (self, (int) (ch - '1'));
      return GDK_EVENT_STOP;
    }
  if (ch == '0' && self->colours == 10)
    {
      put_colour (self, 9);
      return GDK_EVENT_STOP;
    }
  return GDK_EVENT_PROPAGATE;
}

/* ------------------------------------------------------------------------ */
/* Showing the state                                                         */

static void
set_peg (LudoCell   *cell,
         int         peg,
         const char *label)
{
  ludo_cell_set_data (cell, peg);
  ludo_cell_set_label (cell, label);
}

static char *
peg_label (const char *where,
           int         place,
           int         peg)
{
  g_autofree char *what = NULL;

  if (peg >= 0)
    what = colour_label (peg);
  else if (peg == PEG_EMPTY)
    what = g_strdup (C_("peg hole", "empty"));
  else if (peg == PEG_NONE)
    what = g_strdup (C_("peg hole", "not played"));
  else
    what = g_strdup (C_("peg hole", "hidden"));
  /* Translators: "Your code, place 2: red (B)" */
  return g_strdup_printf (_("%s, place %d: %s"), where, place + 1, what);
}

static void
set_holes_active (LudoCell **holes,
                  int        places,
                  gboolean   active)
{
  for (int i = 0; i < places; i++)
    {
      GtkWidget *w = GTK_WIDGET (holes[i]);
      gtk_widget_set_focusable (w, active);
      gtk_widget_set_can_target (w, active);
      gtk_accessible_update_state (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_STATE_DISABLED, !active, -1);
      if (!active)
        ludo_cell_set_selected (holes[i], FALSE);
    }
}

static void
update_composer (LudoLogikView *self)
{
  gboolean active = self->holes != NULL;

  for (int c = 0; c < self->colours; c++)
    ludo_cell_set_selected (self->swatches[c], active && c == self->selected_colour);

  if (active)
    {
      const char *where = self->composing_code ? _("Your code") : _("Your guess");
      for (int i = 0; i < self->places; i++)
        {
          int peg = self->pending[i] >= 0 ? self->pending[i] : PEG_EMPTY;
          g_autofree char *label = peg_label (where, i, peg);
          set_peg (self->holes[i], peg, label);
          ludo_cell_set_selected (self->holes[i], i == self->cursor);
        }
    }
  gtk_widget_set_sensitive (self->palette, active);
  gtk_widget_set_sensitive (self->delete_button, active);
  gtk_widget_set_sensitive (self->submit_button, active && pending_complete (self));
  gtk_button_set_label (GTK_BUTTON (self->submit_button),
                        self->composing_code ? _("_Set Code") : _("_Send Guess"));
}

static void
show_guess_row (LudoLogikView    *self,
                LudoCell        **pegs,
                LudoCell         *result,
                const LogikState *s,
                int               seat,
                int               row,
                gboolean          visible,
                gboolean          revealed,
                const char       *whose)   /* NULL: the viewer's own */
{
  g_autofree char *where = whose ? g_strdup_printf (_("Guess %d of %s"), row + 1, whose)
                                 : g_strdup_printf (_("Your guess %d"), row + 1);
  g_autofree char *description = NULL;
  g_autofree char *label = NULL;

  for (int i = 0; i < self->places; i++)
    {
      int peg;
      g_autofree char *plabel = NULL;

      if (row >= s->n_guesses[seat])
        peg = PEG_NONE;
      else if (visible)
        peg = s->guess[seat][row].peg[i];
      else
        peg = PEG_SECRET;
      plabel = peg_label (where, i, peg);
      set_peg (pegs[i], peg, plabel);
    }

  if (row >= s->n_guesses[seat])
    {
      ludo_cell_set_data (result, RESULT_NONE);
      label = g_strdup_printf (_("%s: not played yet"), where);
      gtk_widget_set_focusable (GTK_WIDGET (result), FALSE);
    }
  else
    {
      description = visible ? code_description (&s->guess[seat][row], self->places)
                            : g_strdup (C_("guess", "hidden"));
      if (revealed)
        {
          LogikScore sc = s->score[seat][row];
          ludo_cell_set_data (result, sc.blacks * 8 + sc.whites);
          /* Translators: "Guess 3 of Player 1: red (A), …, blue (F) — 2 black, 1 white" */
          label = g_strdup_printf (_("%s: %s — %d black, %d white"), where, description,
                                   sc.blacks, sc.whites);
        }
      else
        {
          ludo_cell_set_data (result, RESULT_WAITING);
          label = g_strdup_printf (_("%s: %s — the result shows when both players have guessed"),
                                   where, description);
        }
      gtk_widget_set_focusable (GTK_WIDGET (result), TRUE);
    }
  ludo_cell_set_label (result, label);
}

static void
show_code (LudoLogikView    *self,
           LudoCell        **cells,
           const LogikState *s,
           int               seat,
           gboolean          visible,
           const char       *where)
{
  for (int i = 0; i < self->places; i++)
    {
      int peg = !s->has_code[seat] ? PEG_EMPTY : visible ? s->code[seat].peg[i] : PEG_HIDDEN;
      g_autofree char *label = peg_label (where, i, peg);
      set_peg (cells[i], peg, label);
    }
}

static void
ludo_logik_view_update (LudoGameView *view)
{
  LudoLogikView *self = LUDO_LOGIK_VIEW (view);
  LudoGame *game = ludo_game_view_get_game (view);
  const LogikState *s = rules (self);
  int viewer = ludo_game_view_get_viewer (view);
  gboolean all = viewer == LUDO_VIEWER_ALL;
  int p = viewer >= 0 ? viewer : 0;          /* whose side the boards show */
  int q = 1 - p;
  int current = logik_current_seat (s);
  int revealed = logik_rounds_revealed (s);
  gboolean composing = ludo_game_view_get_interactive (view) && viewer >= 0 && current == viewer;
  g_autofree char *plabel = ludo_game_get_seat_label (game, p);
  g_autofree char *qlabel = ludo_game_get_seat_label (game, q);
  g_autofree char *title = NULL;
  g_autofree char *status = NULL;
  LudoCell **holes = NULL;

  self->updating = TRUE;

  /* which row is being composed; a new position starts it afresh */
  if (composing)
    {
      self->composing_code = logik_in_setup (s);
      holes = self->composing_code ? self->left_code : self->right_pegs[s->n_guesses[viewer]];
    }
  if (holes != self->holes || self->pending_ply != ludo_game_get_position (game))
    {
      if (self->holes)
        set_holes_active (self->holes, self->places, FALSE);
      clear_pending (self);
      self->pending_ply = ludo_game_get_position (game);
    }
  self->holes = holes;

  /* the boards shown: in classic Mastermind each side has only one */
  gtk_widget_set_visible (self->left_box, !s->opt.solo || p == 1);
  gtk_widget_set_visible (self->right_box, !s->opt.solo || p == 0);
  gtk_widget_set_visible (self->composer, viewer >= 0);

  /* right: p's guesses under q's hidden code */
  if (viewer == p)
    gtk_label_set_text (GTK_LABEL (self->right_title), _("Your guesses"));
  else
    {
      title = g_strdup_printf (_("Guesses of %s"), plabel);
      gtk_label_set_text (GTK_LABEL (self->right_title), title);
      g_clear_pointer (&title, g_free);
    }
  {
    g_autofree char *where = g_strdup_printf (_("Code of %s"), qlabel);
    show_code (self, self->right_code, s, q, all, where);
  }
  for (int r = 0; r < self->rows; r++)
    if (!(holes && holes == self->right_pegs[r]))
      show_guess_row (self, self->right_pegs[r], self->right_result[r], s, p, r,
                      all || viewer == p || r < revealed, r < revealed,
                      viewer == p ? NULL : plabel);
    else
      {
        g_autofree char *label = g_strdup_printf (_("Guess %d: being composed"), r + 1);
        ludo_cell_set_data (self->right_result[r], RESULT_NONE);
        ludo_cell_set_label (self->right_result[r], label);
        gtk_widget_set_focusable (GTK_WIDGET (self->right_result[r]), FALSE);
      }

  /* left: q's guesses at p's code, which is at the bottom */
  if (viewer == p)
    title = g_strdup_printf (_("Your code, guessed by %s"), qlabel);
  else
    title = g_strdup_printf (_("Code of %s, guessed by %s"), plabel, qlabel);
  gtk_label_set_text (GTK_LABEL (self->left_title), title);
  for (int r = 0; r < self->rows; r++)
    show_guess_row (self, self->left_pegs[r], self->left_result[r], s, q, r,
                    all || r < revealed, r < revealed, qlabel);
  if (holes != self->left_code)
    {
      g_autofree char *where = viewer == p ? g_strdup (_("Your code")) : g_strdup_printf (_("Code of %s"), plabel);
      show_code (self, self->left_code, s, p, all || viewer == p, where);
    }

  if (holes)
    set_holes_active (holes, self->places, TRUE);
  update_composer (self);

  /* the status line: the round, and who is to do what */
  if (s->result != LOGIK_RESULT_NONE)
    status = ludo_game_describe_outcome (game);
  else if (logik_in_setup (s))
    {
      g_autofree char *who = ludo_game_get_seat_label (game, current);
      if (composing)
        status = g_strdup (_("Choose your secret code: a colour for each place, then Set Code."));
      else
        status = g_strdup_printf (_("%s is choosing a secret code."), who);
    }
  else
    {
      g_autofree char *who = ludo_game_get_seat_label (game, current);
      int round = MIN (revealed + 1, s->opt.rows);
      if (composing)
        /* Translators: "Round 3 of 10 · Your guess: …" */
        status = g_strdup_printf (_("Round %d of %d · Your guess: a colour for each place, then Send Guess."),
                                  round, s->opt.rows);
      else
        status = g_strdup_printf (_("Round %d of %d · %s is guessing."), round, s->opt.rows, who);
    }
  ludo_game_view_set_status (view, status);

  self->updating = FALSE;

  /* keep the keyboard in the row being composed, and never on a cell that
   * can no longer take it */
  {
    GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
    GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
    gboolean inside = focus && gtk_widget_is_ancestor (focus, GTK_WIDGET (self));

    if (holes && (focus == NULL || !inside || !gtk_widget_get_focusable (focus)))
      focus_cursor (self);
    else if (inside && !gtk_widget_get_focusable (focus))
      gtk_widget_child_focus (GTK_WIDGET (self), GTK_DIR_TAB_FORWARD);
  }
}

static void
ludo_logik_view_show_hint (LudoGameView *view,
                           const char   *move)
{
  LudoLogikView *self = LUDO_LOGIK_VIEW (view);
  const char *letters = strchr (move, ':');
  g_autofree char *status = NULL;

  if (self->holes == NULL || letters == NULL || (int) strlen (letters + 1) != self->places)
    return;
  for (int i = 0; i < self->places; i++)
    self->pending[i] = letters[1 + i] - 'A';
  self->cursor = self->places;
  update_composer (self);
  focus_cursor (self);
  status = g_strdup_printf (_("Hint: %s. Send it, or change it first."), letters + 1);
  ludo_game_view_set_status (view, status);
}

/* ------------------------------------------------------------------------ */
/* Building the boards                                                       */

static LudoCell *
new_peg (LudoLogikView *self,
         gboolean       hole)
{
  LudoCell *cell = LUDO_CELL (ludo_cell_new (hole));

  ludo_cell_set_size (cell, 30);
  ludo_cell_set_data (cell, PEG_NONE);
  ludo_cell_set_draw_func (cell, draw_peg, self, NULL);
  gtk_widget_add_css_class (GTK_WIDGET (cell), "peg");
  if (hole)
    {
      g_signal_connect (cell, "activate", G_CALLBACK (hole_activated_cb), self);
      GtkEventController *focus = gtk_event_controller_focus_new ();
      g_signal_connect (focus, "enter", G_CALLBACK (hole_focus_cb), self);
      gtk_widget_add_controller (GTK_WIDGET (cell), focus);
      set_holes_active (&cell, 1, FALSE);
    }
  return cell;
}

static LudoCell *
new_result (LudoLogikView *self)
{
  LudoCell *cell = LUDO_CELL (ludo_cell_new (FALSE));

  ludo_cell_set_size (cell, 34);
  ludo_cell_set_data (cell, RESULT_NONE);
  ludo_cell_set_draw_func (cell, draw_result, self, NULL);
  /* the key pegs of a result come one after the other */
  ludo_cell_set_wipe (cell, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (cell), "result");
  return cell;
}

static GtkWidget *
row_number (int row)
{
  g_autofree char *text = g_strdup_printf ("%d", row + 1);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "numeric");
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  return label;
}

static void
build (LudoLogikView *self)
{
  GtkGrid *left = GTK_GRID (self->left_grid), *right = GTK_GRID (self->right_grid);

  /* right: the hidden code on top, then rows from the last down to the first */
  for (int i = 0; i < self->places; i++)
    {
      self->right_code[i] = new_peg (self, FALSE);
      gtk_grid_attach (right, GTK_WIDGET (self->right_code[i]), 1 + i, 0, 1, 1);
    }
  gtk_widget_add_css_class (GTK_WIDGET (self->right_code[0]), "first-code-peg");
  for (int r = 0; r < self->rows; r++)
    {
      int y = self->rows - r + 1;
      gtk_grid_attach (right, row_number (r), 0, y, 1, 1);
      for (int i = 0; i < self->places; i++)
        {
          self->right_pegs[r][i] = new_peg (self, TRUE);
          gtk_grid_attach (right, GTK_WIDGET (self->right_pegs[r][i]), 1 + i, y, 1, 1);
        }
      self->right_result[r] = new_result (self);
      gtk_grid_attach (right, GTK_WIDGET (self->right_result[r]), 1 + self->places, y, 1, 1);
    }
  /* a gap between the code and the rows */
  gtk_grid_attach (right, gtk_separator_new (GTK_ORIENTATION_HORIZONTAL), 1, 1, self->places, 1);

  /* left: rows from the last down to the first, then the own code */
  for (int r = 0; r < self->rows; r++)
    {
      int y = self->rows - r - 1;
      gtk_grid_attach (left, row_number (r), 0, y, 1, 1);
      for (int i = 0; i < self->places; i++)
        {
          self->left_pegs[r][i] = new_peg (self, FALSE);
          gtk_grid_attach (left, GTK_WIDGET (self->left_pegs[r][i]), 1 + i, y, 1, 1);
        }
      self->left_result[r] = new_result (self);
      gtk_grid_attach (left, GTK_WIDGET (self->left_result[r]), 1 + self->places, y, 1, 1);
    }
  gtk_grid_attach (left, gtk_separator_new (GTK_ORIENTATION_HORIZONTAL), 1, self->rows, self->places, 1);
  for (int i = 0; i < self->places; i++)
    {
      self->left_code[i] = new_peg (self, TRUE);
      gtk_grid_attach (left, GTK_WIDGET (self->left_code[i]), 1 + i, self->rows + 1, 1, 1);
    }

  for (int c = 0; c < self->colours; c++)
    {
      g_autofree char *label = colour_label (c);
      g_autofree char *tip = g_strdup_printf ("%s — %c / %d", label, 'A' + c, (c + 1) % 10);
      LudoCell *swatch = LUDO_CELL (ludo_cell_new (TRUE));

      ludo_cell_set_size (swatch, 36);
      ludo_cell_set_data (swatch, c);
      ludo_cell_set_draw_func (swatch, draw_peg, self, NULL);
      ludo_cell_set_label (swatch, label);
      gtk_widget_set_tooltip_text (GTK_WIDGET (swatch), tip);
      gtk_widget_add_css_class (GTK_WIDGET (swatch), "swatch");
      g_signal_connect (swatch, "activate", G_CALLBACK (swatch_activated_cb), self);
      gtk_box_append (GTK_BOX (self->palette), GTK_WIDGET (swatch));
      self->swatches[c] = swatch;
    }
}

static void
ludo_logik_view_constructed (GObject *object)
{
  LudoLogikView *self = LUDO_LOGIK_VIEW (object);
  LudoGame *game;

  G_OBJECT_CLASS (ludo_logik_view_parent_class)->constructed (object);

  game = ludo_game_view_get_game (LUDO_GAME_VIEW (self));
  self->places = ludo_game_get_option (game, "places");
  self->colours = ludo_game_get_option (game, "colours");
  self->rows = ludo_game_get_option (game, "rows");
  build (self);
  ludo_logik_view_update (LUDO_GAME_VIEW (self));
}

static void
ludo_logik_view_clear_input (LudoGameView *view)
{
  clear_pending (LUDO_LOGIK_VIEW (view));
}

static void
ludo_logik_view_class_init (LudoLogikViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  LudoGameViewClass *view_class = LUDO_GAME_VIEW_CLASS (klass);

  object_class->constructed = ludo_logik_view_constructed;
  view_class->update = ludo_logik_view_update;
  view_class->show_hint = ludo_logik_view_show_hint;
  view_class->list_colours = list_colours;
  view_class->clear_input = ludo_logik_view_clear_input;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/ludo-logik-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LudoLogikView, boards);
  gtk_widget_class_bind_template_child (widget_class, LudoLogikView, left_box);
  gtk_widget_class_bind_template_child (widget_class, LudoLogikView, right_box);
  gtk_widget_class_bind_template_child (widget_class, LudoLogikView, left_title);
  gtk_widget_class_bind_template_child (widget_class, LudoLogikView, right_title);
  gtk_widget_class_bind_template_child (widget_class, LudoLogikView, left_grid);
  gtk_widget_class_bind_template_child (widget_class, LudoLogikView, right_grid);
  gtk_widget_class_bind_template_child (widget_class, LudoLogikView, composer);
  gtk_widget_class_bind_template_child (widget_class, LudoLogikView, palette);
  gtk_widget_class_bind_template_child (widget_class, LudoLogikView, delete_button);
  gtk_widget_class_bind_template_child (widget_class, LudoLogikView, submit_button);
  gtk_widget_class_bind_template_callback (widget_class, delete_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, submit_clicked_cb);
  gtk_widget_class_set_css_name (widget_class, "logikview");
}

static void
ludo_logik_view_init (LudoLogikView *self)
{
  /* the letters and digits put colours wherever the focus is */
  static const LudoGameViewInput input = {
    .key_pressed = key_pressed,
    .keys_first = TRUE,
  };

  gtk_widget_init_template (GTK_WIDGET (self));
  self->selected_colour = -1;
  clear_pending (self);
  ludo_game_view_add_input (LUDO_GAME_VIEW (self), GTK_WIDGET (self), &input);
}

char *
ludo_logik_view_get_pending (LudoLogikView *self)
{
  char *text = g_malloc0 (self->places + 1);

  for (int i = 0; i < self->places; i++)
    text[i] = self->pending[i] >= 0 ? (char) ('A' + self->pending[i]) : '_';
  return text;
}

int
ludo_logik_view_get_selected_colour (LudoLogikView *self)
{
  g_return_val_if_fail (LUDO_IS_LOGIK_VIEW (self), -1);
  return self->selected_colour;
}
