/* test-logik-rules.c — Logik scoring, turn order and every way a game ends
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdarg.h>
#include <string.h>

#include "games/logik/logik-ai.h"
#include "games/logik/logik-rules.h"
#include "ludo-properties.h"

static LogikCode
code (const char *letters)
{
  LogikCode c = { { 0 } };

  for (int i = 0; letters[i]; i++)
    c.peg[i] = (uint8_t) (letters[i] - 'A');
  return c;
}

static void
check_score (const char *guess,
             const char *secret,
             int         blacks,
             int         whites)
{
  LogikCode g = code (guess), s = code (secret);
  LogikScore sc = logik_score (&g, &s, (int) strlen (guess));

  if (sc.blacks != blacks || sc.whites != whites)
    g_error ("score(%s, %s) = %d/%d, expected %d/%d", guess, secret,
             sc.blacks, sc.whites, blacks, whites);
  /* scoring is symmetric */
  sc = logik_score (&s, &g, (int) strlen (guess));
  g_assert_cmpint (sc.blacks, ==, blacks);
  g_assert_cmpint (sc.whites, ==, whites);
}

static void
test_score_cases (void)
{
  check_score ("ABCDE", "ABCDE", 5, 0);
  check_score ("ABCDE", "EDCBA", 1, 4);
  check_score ("ABCDE", "FGHFG", 0, 0);
  check_score ("AAAAA", "ABCDE", 1, 0);
  check_score ("AAAAB", "ABBBB", 2, 0);
  check_score ("ABBBB", "BAAAA", 0, 2);
  check_score ("AABBC", "BBAAC", 1, 4);
  check_score ("AABBC", "ABABC", 3, 2);
  check_score ("AAABB", "BBBAA", 0, 4);
  check_score ("ABCDE", "BCDEA", 0, 5);
  check_score ("HHHHH", "HHHHG", 4, 0);
  check_score ("GHGHG", "HGHGH", 0, 4);
  /* four and six places */
  check_score ("ABCD", "DCBA", 0, 4);
  check_score ("AABB", "ABAB", 2, 2);
  check_score ("AAAAAA", "AJJJJJ", 1, 0);
  check_score ("ABCDEF", "FEDCBA", 0, 6);
  check_score ("JJIIHH", "HHIIJJ", 2, 4);
}

/* The textbook way: mark exact matches, then match the rest one by one. */
static LogikScore
reference_score (const LogikCode *g,
                 const LogikCode *s,
                 int              places)
{
  gboolean used_g[LOGIK_MAX_PLACES] = { 0 }, used_s[LOGIK_MAX_PLACES] = { 0 };
  LogikScore sc = { 0, 0 };

  for (int i = 0; i < places; i++)
    if (g->peg[i] == s->peg[i])
      {
        sc.blacks++;
        used_g[i] = used_s[i] = TRUE;
      }
  for (int i = 0; i < places; i++)
    {
      if (used_g[i])
        continue;
      for (int j = 0; j < places; j++)
        if (!used_s[j] && g->peg[i] == s->peg[j])
          {
            sc.whites++;
            used_s[j] = TRUE;
            break;
          }
    }
  return sc;
}

static void
test_score_reference (void)
{
  GRand *rand = g_rand_new_with_seed (7);

  for (int places = LOGIK_MIN_PLACES; places <= LOGIK_MAX_PLACES; places++)
    for (int colours = LOGIK_MIN_COLOURS; colours <= LOGIK_MAX_COLOURS; colours++)
      {
        const LogikTable *t = logik_table_get (places, colours);
        uint32_t n = logik_table_n_codes (t);

        for (int k = 0; k < 20000; k++)
          {
            uint32_t a = g_rand_int_range (rand, 0, n), b = g_rand_int_range (rand, 0, n);
            LogikCode ca, cb;
            logik_code_from_index (a, places, colours, &ca);
            logik_code_from_index (b, places, colours, &cb);
            g_assert_cmpuint (logik_code_to_index (&ca, places, colours), ==, a);

            LogikScore fast = logik_score (&ca, &cb, places);
            LogikScore ref = reference_score (&ca, &cb, places);
            g_assert_cmpint (fast.blacks, ==, ref.blacks);
            g_assert_cmpint (fast.whites, ==, ref.whites);
            /* the solver's packed scoring agrees too */
            g_assert_cmpint (logik_table_feedback (t, a, b), ==,
                             ref.blacks * (LOGIK_MAX_PLACES + 1) + ref.whites);
          }
      }
  g_rand_free (rand);
}

static void
test_score_exhaustive_small (void)
{
  const LogikTable *t = logik_table_get (4, 6);

  for (uint32_t a = 0; a < 1296; a++)
    for (uint32_t b = 0; b < 1296; b++)
      {
        LogikCode ca, cb;
        logik_code_from_index (a, 4, 6, &ca);
        logik_code_from_index (b, 4, 6, &cb);
        LogikScore ref = reference_score (&ca, &cb, 4);
        g_assert_cmpint (logik_table_feedback (t, a, b), ==,
                         ref.blacks * (LOGIK_MAX_PLACES + 1) + ref.whites);
      }
}

/* ------------------------------------------------------------------------ */

static const LogikOptions default_options = { 5, 8, 10, false };

static void
play (LogikState *s,
      const char *text)
{
  LogikMove move;
  LogikError err = logik_parse_move (s, text, &move, NULL);

  if (err != LOGIK_OK)
    g_error ("move %s rejected: %d", text, err);
  logik_apply (s, &move);
}

static void
test_turn_order (void)
{
  LogikState s;

  logik_state_init (&s, &default_options);
  g_assert_true (logik_in_setup (&s));
  g_assert_cmpint (logik_current_seat (&s), ==, 0);
  play (&s, "code:ABCDE");
  g_assert_cmpint (logik_current_seat (&s), ==, 1);
  play (&s, "code:HHHHH");
  g_assert_false (logik_in_setup (&s));
  g_assert_cmpint (logik_current_seat (&s), ==, 0);
  g_assert_cmpint (logik_rounds_revealed (&s), ==, 0);
  play (&s, "guess:AAAAA");
  /* seat 0's guess is scored but not shown until seat 1 has guessed */
  g_assert_cmpint (logik_current_seat (&s), ==, 1);
  g_assert_cmpint (logik_rounds_revealed (&s), ==, 0);
  g_assert_cmpint (s.score[0][0].blacks, ==, 0);
  play (&s, "guess:ABBBB");
  g_assert_cmpint (logik_rounds_revealed (&s), ==, 1);
  g_assert_cmpint (s.score[1][0].blacks, ==, 2);
  g_assert_cmpint (s.score[1][0].whites, ==, 0);
  g_assert_cmpint (logik_current_seat (&s), ==, 0);
  g_assert_cmpint (s.result, ==, LOGIK_RESULT_NONE);
}

static void
test_end_seat0_wins (void)
{
  LogikState s;

  logik_state_init (&s, &default_options);
  play (&s, "code:ABCDE");
  play (&s, "code:HGFED");
  play (&s, "guess:HGFED");   /* seat 0 solves … */
  g_assert_cmpint (s.result, ==, LOGIK_RESULT_NONE);  /* … but the round goes on */
  play (&s, "guess:AAAAA");
  g_assert_cmpint (s.result, ==, LOGIK_RESULT_WIN);
  g_assert_cmpint (s.winner, ==, 0);
  g_assert_cmpint (s.end, ==, LOGIK_END_SOLVED);
  g_assert_cmpint (logik_current_seat (&s), ==, -1);
}

static void
test_end_seat1_wins (void)
{
  LogikState s;

  logik_state_init (&s, &default_options);
  play (&s, "code:ABCDE");
  play (&s, "code:HGFED");
  play (&s, "guess:AAAAA");
  play (&s, "guess:BBBBB");
  play (&s, "guess:CCCCC");
  play (&s, "guess:ABCDE");
  g_assert_cmpint (s.result, ==, LOGIK_RESULT_WIN);
  g_assert_cmpint (s.winner, ==, 1);
}

static void
test_end_both_draw (void)
{
  LogikState s;

  logik_state_init (&s, &default_options);
  play (&s, "code:ABCDE");
  play (&s, "code:HGFED");
  play (&s, "guess:HGFED");
  play (&s, "guess:ABCDE");
  g_assert_cmpint (s.result, ==, LOGIK_RESULT_DRAW);
  g_assert_cmpint (s.end, ==, LOGIK_END_BOTH_SOLVED);
}

static void
test_end_rows_used (void)
{
  LogikOptions opt = { 4, 6, 6, false };
  LogikState s;

  logik_state_init (&s, &opt);
  play (&s, "code:ABCD");
  play (&s, "code:FFFF");
  for (int r = 0; r < 6; r++)
    {
      g_assert_cmpint (s.result, ==, LOGIK_RESULT_NONE);
      play (&s, "guess:AAAA");
      play (&s, "guess:BBBB");
    }
  g_assert_cmpint (s.result, ==, LOGIK_RESULT_DRAW);
  g_assert_cmpint (s.end, ==, LOGIK_END_ROWS_USED);
  g_assert_cmpint (logik_current_seat (&s), ==, -1);
}

static void
test_end_solo (void)
{
  LogikOptions opt = { 4, 6, 6, true };
  LogikState s;

  /* solved */
  logik_state_init (&s, &opt);
  g_assert_cmpint (logik_current_seat (&s), ==, 1);   /* the code maker first */
  play (&s, "code:ABCD");
  g_assert_cmpint (logik_current_seat (&s), ==, 0);
  play (&s, "guess:AAAA");
  g_assert_cmpint (logik_rounds_revealed (&s), ==, 1);  /* solo shows at once */
  g_assert_cmpint (logik_current_seat (&s), ==, 0);
  play (&s, "guess:ABCD");
  g_assert_cmpint (s.result, ==, LOGIK_RESULT_WIN);
  g_assert_cmpint (s.winner, ==, 0);

  /* not solved: the code maker wins */
  logik_state_init (&s, &opt);
  play (&s, "code:ABCD");
  for (int r = 0; r < 6; r++)
    play (&s, "guess:EEEE");
  g_assert_cmpint (s.result, ==, LOGIK_RESULT_WIN);
  g_assert_cmpint (s.winner, ==, 1);
  g_assert_cmpint (s.end, ==, LOGIK_END_ROWS_USED);
}

static void
test_illegal_moves (void)
{
  LogikState s;
  LogikMove move;
  int bad;

  logik_state_init (&s, &default_options);
  g_assert_cmpint (logik_parse_move (&s, "ABCDE", &move, NULL), ==, LOGIK_ERR_SYNTAX);
  g_assert_cmpint (logik_parse_move (&s, "code:", &move, NULL), ==, LOGIK_ERR_LENGTH);
  g_assert_cmpint (logik_parse_move (&s, "code:ABCDEF", &move, NULL), ==, LOGIK_ERR_LENGTH);
  g_assert_cmpint (logik_parse_move (&s, "code:ABCDI", &move, &bad), ==, LOGIK_ERR_COLOUR);
  g_assert_cmpint (bad, ==, 4);
  g_assert_cmpint (logik_parse_move (&s, "code:abcde", &move, &bad), ==, LOGIK_ERR_COLOUR);
  g_assert_cmpint (logik_parse_move (&s, "guess:ABCDE", &move, NULL), ==, LOGIK_ERR_WRONG_KIND);
  play (&s, "code:ABCDE");
  play (&s, "code:ABCDE");
  g_assert_cmpint (logik_parse_move (&s, "code:ABCDE", &move, NULL), ==, LOGIK_ERR_WRONG_KIND);
  play (&s, "guess:ABCDE");
  play (&s, "guess:ABCDE");
  g_assert_cmpint (s.result, ==, LOGIK_RESULT_DRAW);
  g_assert_cmpint (logik_parse_move (&s, "guess:ABCDE", &move, NULL), ==, LOGIK_ERR_GAME_OVER);
}

static void
test_format (void)
{
  LogikState s;
  LogikMove move;
  char buf[32];

  logik_state_init (&s, &default_options);
  g_assert_cmpint (logik_parse_move (&s, "code:HGFAB", &move, NULL), ==, LOGIK_OK);
  logik_format_move (&s, &move, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "code:HGFAB");
}

/* ------------------------------------------------------------------------ */
/* Properties: many random games through LudoGame                            */

/* Fails naming the game to play again: its seed, options and moves. */
static G_GNUC_NORETURN G_GNUC_PRINTF (2, 3) void
property_fail (LudoGame   *game,
               const char *format,
               ...)
{
  g_autoptr(GString) moves = g_string_new (NULL);
  g_autofree char *options = g_variant_print (ludo_game_get_options (game), FALSE);
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  for (guint i = 0; i < ludo_game_get_position (game); i++)
    g_string_append_printf (moves, " %s", ludo_game_get_move (game, i));
  g_error ("%s; game seed %" G_GUINT64_FORMAT ", options %s, moves:%s",
           what, ludo_game_get_seed (game), options, moves->str);
}

/* A slow reference of a game's flow, written from RULES.md §1 and not from
 * the engine: the ply number alone says who moves and what (codes first,
 * seat 0 then seat 1 — in solo only seat 1, the code maker —, then rounds
 * in which seat 0 guesses, then seat 1); codes and guesses are kept as
 * letters; a guess is scored by reference_score; a round ends the game when
 * a guess equals the code it is aimed at (one seat: it wins; both: a draw)
 * or when the last row is used (a draw; in solo the code maker wins). */
typedef struct {
  int      places, colours, rows;
  gboolean solo;
  guint    n_moves;
  int      seat_of_move[2 + 2 * LOGIK_MAX_ROWS];
  gboolean has_code[2];
  char     code[2][LOGIK_MAX_PLACES + 1];
  int      n_guesses[2];
  char     guess[2][LOGIK_MAX_ROWS][LOGIK_MAX_PLACES + 1];
  int      blacks[2][LOGIK_MAX_ROWS], whites[2][LOGIK_MAX_ROWS];
  gboolean over;
  LudoResultKind result;
  int      winner;
  const char *reason;
} Ref;

static void
ref_init (Ref      *r,
          int       places,
          int       colours,
          int       rows,
          gboolean  solo)
{
  memset (r, 0, sizeof *r);
  r->places = places;
  r->colours = colours;
  r->rows = rows;
  r->solo = solo;
  r->result = LUDO_RESULT_NONE;
  r->winner = -1;
}

/* What ply n is: the seat that makes it and whether it sets a code. */
static int
ref_seat_at (const Ref *r,
             guint      n,
             gboolean  *is_code)
{
  guint codes = r->solo ? 1 : 2;

  *is_code = n < codes;
  if (r->solo)
    return n == 0 ? 1 : 0;
  return n < codes ? (int) n : (int) ((n - codes) % 2);
}

static int
ref_to_move (const Ref *r)
{
  gboolean is_code;

  return r->over ? -1 : ref_seat_at (r, r->n_moves, &is_code);
}

static void
ref_play (Ref        *r,
          LudoGame   *game,
          const char *text)
{
  gboolean is_code;
  int seat = ref_seat_at (r, r->n_moves, &is_code);
  const char *prefix = is_code ? "code:" : "guess:";
  const char *letters = text + strlen (prefix);

  if (r->over)
    property_fail (game, "reference: the engine took “%s” after the game ended", text);
  if (!g_str_has_prefix (text, prefix))
    property_fail (game, "reference: the engine took “%s” at ply %u, where a “%s” move is due", text, r->n_moves, prefix);
  if ((int) strlen (letters) != r->places)
    property_fail (game, "reference: the engine took “%s” with %d places", text, r->places);
  for (int i = 0; i < r->places; i++)
    if (letters[i] < 'A' || letters[i] >= 'A' + r->colours)
      property_fail (game, "reference: the engine took “%s” with %d colours", text, r->colours);

  r->seat_of_move[r->n_moves++] = seat;
  if (is_code)
    {
      r->has_code[seat] = TRUE;
      strcpy (r->code[seat], letters);
      return;
    }

  /* a guess at the other seat's code */
  int row = r->n_guesses[seat]++;
  LogikCode g = code (letters), c = code (r->code[1 - seat]);
  LogikScore sc = reference_score (&g, &c, r->places);

  strcpy (r->guess[seat][row], letters);
  r->blacks[seat][row] = sc.blacks;
  r->whites[seat][row] = sc.whites;

  if (r->solo)
    {
      if (strcmp (letters, r->code[1]) == 0)
        {
          r->over = TRUE;
          r->result = LUDO_RESULT_WIN;
          r->winner = 0;
          r->reason = "solved";
        }
      else if (r->n_guesses[0] == r->rows)
        {
          r->over = TRUE;
          r->result = LUDO_RESULT_WIN;
          r->winner = 1;
          r->reason = "rows-used";
        }
      return;
    }
  if (seat == 0)
    return;   /* the round is not complete */

  gboolean solved[2];
  for (int s = 0; s < 2; s++)
    solved[s] = strcmp (r->guess[s][row], r->code[1 - s]) == 0;
  if (solved[0] || solved[1])
    {
      r->over = TRUE;
      r->result = solved[0] && solved[1] ? LUDO_RESULT_DRAW : LUDO_RESULT_WIN;
      r->winner = solved[0] && solved[1] ? -1 : solved[0] ? 0 : 1;
      r->reason = solved[0] && solved[1] ? "both-solved" : "solved";
    }
  else if (row + 1 == r->rows)
    {
      r->over = TRUE;
      r->result = LUDO_RESULT_DRAW;
      r->reason = "rows-used";
    }
}

/* The reference, brought to the game's position by its own moves. */
static void
ref_from_game (Ref      *r,
               LudoGame *game)
{
  ref_init (r, ludo_game_get_option (game, "places"), ludo_game_get_option (game, "colours"),
            ludo_game_get_option (game, "rows"), ludo_game_get_option (game, "solo") != 0);
  for (guint i = 0; i < ludo_game_get_position (game); i++)
    ref_play (r, game, ludo_game_get_move (game, i));
}

/* Is move i still secret at the reference's position? Until the game ends a
 * code is; a guess is until its round is complete (in solo, never). */
static gboolean
ref_secret (const Ref *r,
            guint      i)
{
  gboolean is_code;
  guint codes = r->solo ? 1 : 2;

  ref_seat_at (r, i, &is_code);
  if (r->over)
    return FALSE;
  if (is_code)
    return TRUE;
  if (r->solo)
    return FALSE;
  /* the round of guess i is complete when seat 1's guess of it is played */
  return codes + ((i - codes) / 2) * 2 + 1 >= r->n_moves;
}

/* The endings seen, by variant and reason: every one must come up. */
static guint property_endings[2][3];

static void
property_check_state (LudoGame      *game,
                      gconstpointer  state)
{
  const LogikState *s = state;
  static const LogikScore zero_score[LOGIK_MAX_ROWS];
  static const LogikCode zero_code[LOGIK_MAX_ROWS];
  char buf[LOGIK_MAX_PLACES + 1];
  LudoOutcome outcome;
  Ref r;

  ref_from_game (&r, game);

  /* the options */
  if (s->opt.places != r.places || s->opt.colours != r.colours || s->opt.rows != r.rows ||
      s->opt.solo != r.solo)
    property_fail (game, "the state's options %d/%d/%d/%d are not the game's %d/%d/%d/%d",
             s->opt.places, s->opt.colours, s->opt.rows, s->opt.solo,
             r.places, r.colours, r.rows, r.solo);
  if (!logik_options_valid (&s->opt))
    property_fail (game, "the state's options are out of range");

  /* who is to move, and who made every move */
  if (logik_current_seat (s) != ref_to_move (&r) || ludo_game_get_current_seat (game) != ref_to_move (&r))
    property_fail (game, "seat %d (game: %d) is to move, the reference says %d",
             logik_current_seat (s), ludo_game_get_current_seat (game), ref_to_move (&r));
  for (guint i = 0; i < r.n_moves; i++)
    if (ludo_game_get_move_seat (game, i) != r.seat_of_move[i])
      property_fail (game, "move %u was made by seat %d, the reference says %d",
               i, ludo_game_get_move_seat (game, i), r.seat_of_move[i]);
  if (logik_in_setup (s) != (!r.has_code[1] || (!r.solo && !r.has_code[0])))
    property_fail (game, "the state says codes are %sbeing set, the reference not", logik_in_setup (s) ? "" : "not ");
  for (int seat = 0; seat < 2; seat++)
    if (logik_seat_guesses (s, seat) != (!r.solo || seat == 0))
      property_fail (game, "seat %d guesses says the state, the reference not", seat);

  /* the codes */
  for (int seat = 0; seat < 2; seat++)
    {
      if (s->has_code[seat] != r.has_code[seat])
        property_fail (game, "seat %d has a code says the state (%d), the reference %d",
                 seat, s->has_code[seat], r.has_code[seat]);
      logik_format_code (&s->code[seat], r.places, buf, sizeof buf);
      if (r.has_code[seat] ? strcmp (buf, r.code[seat]) != 0
                           : memcmp (&s->code[seat], zero_code, sizeof (LogikCode)) != 0)
        property_fail (game, "seat %d's code is %s, the reference %s", seat, buf,
                 r.has_code[seat] ? r.code[seat] : "none");
      for (int p = r.places; p < LOGIK_MAX_PLACES; p++)
        if (s->code[seat].peg[p] != 0)
          property_fail (game, "seat %d's code has a peg past the last place", seat);
    }

  /* the guesses and their feedback */
  for (int seat = 0; seat < 2; seat++)
    {
      if (s->n_guesses[seat] != r.n_guesses[seat])
        property_fail (game, "seat %d has made %d guesses, the reference %d", seat, s->n_guesses[seat], r.n_guesses[seat]);
      for (int row = 0; row < r.n_guesses[seat]; row++)
        {
          logik_format_code (&s->guess[seat][row], r.places, buf, sizeof buf);
          if (strcmp (buf, r.guess[seat][row]) != 0)
            property_fail (game, "seat %d's guess %d is %s, the reference %s", seat, row + 1, buf, r.guess[seat][row]);
          for (int p = r.places; p < LOGIK_MAX_PLACES; p++)
            if (s->guess[seat][row].peg[p] != 0)
              property_fail (game, "seat %d's guess %d has a peg past the last place", seat, row + 1);
          if (s->score[seat][row].blacks != r.blacks[seat][row] || s->score[seat][row].whites != r.whites[seat][row])
            property_fail (game, "seat %d's guess %d (%s at %s) scores %d black %d white, the reference %d black %d white",
                     seat, row + 1, buf, r.code[1 - seat], s->score[seat][row].blacks, s->score[seat][row].whites,
                     r.blacks[seat][row], r.whites[seat][row]);
        }
      /* rows not played are empty, so that equal games have equal bytes */
      if (memcmp (&s->guess[seat][r.n_guesses[seat]], zero_code,
                  (LOGIK_MAX_ROWS - r.n_guesses[seat]) * sizeof (LogikCode)) != 0 ||
          memcmp (&s->score[seat][r.n_guesses[seat]], zero_score,
                  (LOGIK_MAX_ROWS - r.n_guesses[seat]) * sizeof (LogikScore)) != 0)
        property_fail (game, "seat %d has something in a row not played", seat);
    }
  if (logik_rounds_revealed (s) != (r.solo ? r.n_guesses[0] : r.n_guesses[1]))
    property_fail (game, "%d rounds are revealed, the reference says %d",
             logik_rounds_revealed (s), r.solo ? r.n_guesses[0] : r.n_guesses[1]);

  /* what is secret at this position */
  for (guint i = 0; i < r.n_moves; i++)
    if (ludo_game_move_is_secret (game, i, r.n_moves) != ref_secret (&r, i))
      property_fail (game, "move %u (%s) is %ssecret at ply %u, the reference says the opposite", i,
               ludo_game_get_move (game, i), ref_secret (&r, i) ? "not " : "", r.n_moves);

  /* the end and the result */
  ludo_game_get_outcome (game, &outcome);
  if (ludo_game_is_over (game) != r.over || outcome.kind != r.result ||
      (r.result == LUDO_RESULT_WIN && outcome.winner != r.winner) ||
      (r.over && g_strcmp0 (outcome.reason, r.reason) != 0))
    property_fail (game, "the game is %sover with result %d, winner %d, reason %s; the reference: %sover, %d, %d, %s",
             ludo_game_is_over (game) ? "" : "not ", outcome.kind, outcome.winner, outcome.reason,
             r.over ? "" : "not ", r.result, r.winner, r.reason);
  if ((s->result == LOGIK_RESULT_NONE) != !r.over ||
      (s->result == LOGIK_RESULT_WIN) != (r.result == LUDO_RESULT_WIN) ||
      s->winner != r.winner ||
      (s->end == LOGIK_END_NONE) != !r.over)
    property_fail (game, "the state's result %d, winner %d, end %d disagree with the reference", s->result, s->winner, s->end);
  if (r.over)
    {
      const char *reasons[] = { "solved", "both-solved", "rows-used" };
      for (int k = 0; k < 3; k++)
        if (strcmp (r.reason, reasons[k]) == 0)
          property_endings[r.solo][k]++;
    }

  /* moves of the wrong kind, colour or length are refused, and change
   * nothing */
  if (!r.over)
    {
      gboolean is_code;
      guint n = ludo_game_get_n_moves (game);
      g_autofree guint8 *copy = g_memdup2 (state, sizeof (LogikState));
      char letters[LOGIK_MAX_PLACES + 2];
      g_autofree char *wrong_kind = NULL, *wrong_colour = NULL, *too_short = NULL, *too_long = NULL;

      ref_seat_at (&r, r.n_moves, &is_code);
      for (int p = 0; p < r.places; p++)
        letters[p] = 'A' + p % r.colours;
      letters[r.places] = '\0';
      wrong_kind = g_strdup_printf ("%s:%s", is_code ? "guess" : "code", letters);
      letters[r.places - 1] = 'A' + r.colours;
      wrong_colour = g_strdup_printf ("%s:%s", is_code ? "code" : "guess", letters);
      letters[r.places - 1] = '\0';
      too_short = g_strdup_printf ("%s:%s", is_code ? "code" : "guess", letters);
      letters[r.places - 1] = 'A';
      letters[r.places] = 'A';
      letters[r.places + 1] = '\0';
      too_long = g_strdup_printf ("%s:%s", is_code ? "code" : "guess", letters);

      const char *illegal[] = { wrong_kind, wrong_colour, too_short, too_long };
      for (guint i = 0; i < G_N_ELEMENTS (illegal); i++)
        {
          g_autoptr(GError) error = NULL;

          if (ludo_game_play (game, illegal[i], &error))
            property_fail (game, "the illegal move %s was played", illegal[i]);
          g_assert_error (error, LUDO_GAME_ERROR, LUDO_GAME_ERROR_ILLEGAL_MOVE);
        }
      if (ludo_game_get_n_moves (game) != n || memcmp (copy, ludo_game_get_state (game), sizeof (LogikState)) != 0)
        property_fail (game, "a refused move changed the game");
    }
}

/* A random code, sometimes of few colours (so with repeats). */
static void
random_letters (GRand *rand,
                int    places,
                int    colours,
                char  *out)
{
  int palette = g_rand_int_range (rand, 0, 4) == 0 ? g_rand_int_range (rand, 1, 3) : colours;

  for (int p = 0; p < places; p++)
    out[p] = 'A' + g_rand_int_range (rand, 0, palette);
  out[places] = '\0';
}

/* A random legal move. A random guess hardly ever solves, so a game plays
 * more or less to the answer by its seed: never (the rows run out), or one
 * guess in 16, 4 or 2 is the answer itself; of the rest some are near it
 * (a peg changed, two swapped) for scores of many blacks and whites. The
 * answer is read from the state: a test's player may look. */
static char *
property_random_move (LudoGame      *game,
                      gconstpointer  state,
                      GRand         *rand)
{
  const LogikState *s = state;
  static const int cheat[] = { 0, 16, 4, 2 };
  int seat = logik_current_seat (s);
  int places = s->opt.places, colours = s->opt.colours;
  int one_in = cheat[ludo_game_get_seed (game) % G_N_ELEMENTS (cheat)];
  char letters[LOGIK_MAX_PLACES + 1];

  g_assert_cmpint (seat, >=, 0);
  random_letters (rand, places, colours, letters);
  if (logik_in_setup (s))
    return g_strdup_printf ("code:%s", letters);

  if (one_in && g_rand_int_range (rand, 0, 3) == 0)
    {
      logik_format_code (&s->code[1 - seat], places, letters, sizeof letters);
      if (g_rand_int_range (rand, 0, one_in) != 0)
        {
          /* near the answer, not always on it */
          int a = g_rand_int_range (rand, 0, places), b = g_rand_int_range (rand, 0, places);
          if (g_rand_boolean (rand))
            {
              char t = letters[a];
              letters[a] = letters[b];
              letters[b] = t;
            }
          else
            letters[a] = 'A' + g_rand_int_range (rand, 0, colours);
        }
    }
  else if (one_in && g_rand_int_range (rand, 0, one_in) == 0)
    logik_format_code (&s->code[1 - seat], places, letters, sizeof letters);
  return g_strdup_printf ("guess:%s", letters);
}

static void
test_properties (void)
{
  const LudoPropertySpec spec = {
    .game_id = "logik",
    /* a game has at most 2 codes and 2 × 16 guesses */
    .max_plies = 100,
    .check_state = property_check_state,
    .random_move = property_random_move,
  };
  LudoPropertyStats stats;

  memset (property_endings, 0, sizeof property_endings);
  ludo_properties_run (&spec, &stats);
  g_test_message ("endings (solved, both solved, rows used): both guess %u %u %u, solo %u %u %u",
                  property_endings[0][0], property_endings[0][1], property_endings[0][2],
                  property_endings[1][0], property_endings[1][1], property_endings[1][2]);
  g_assert_cmpuint (stats.finished, ==, stats.games);
  if (stats.games >= 100)
    {
      g_assert_cmpuint (stats.computer_moves, >, 0);
      g_assert_cmpuint (property_endings[0][0], >, 0);
      g_assert_cmpuint (property_endings[0][1], >, 0);
      g_assert_cmpuint (property_endings[0][2], >, 0);
      g_assert_cmpuint (property_endings[1][0], >, 0);
      g_assert_cmpuint (property_endings[1][2], >, 0);
      g_assert_cmpuint (property_endings[1][1], ==, 0);   /* no such ending in solo */
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/logik/score/cases", test_score_cases);
  g_test_add_func ("/logik/score/reference", test_score_reference);
  g_test_add_func ("/logik/score/exhaustive-4x6", test_score_exhaustive_small);
  g_test_add_func ("/logik/rules/turn-order", test_turn_order);
  g_test_add_func ("/logik/rules/end/seat0-wins", test_end_seat0_wins);
  g_test_add_func ("/logik/rules/end/seat1-wins", test_end_seat1_wins);
  g_test_add_func ("/logik/rules/end/both-draw", test_end_both_draw);
  g_test_add_func ("/logik/rules/end/rows-used", test_end_rows_used);
  g_test_add_func ("/logik/rules/end/solo", test_end_solo);
  g_test_add_func ("/logik/rules/illegal", test_illegal_moves);
  g_test_add_func ("/logik/rules/format", test_format);
  g_test_add_func ("/logik/properties", test_properties);

  return g_test_run ();
}
