/* test-logik-rules.c — Logik scoring, turn order and every way a game ends
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "games/logik/logik-ai.h"
#include "games/logik/logik-rules.h"

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

  return g_test_run ();
}
