/* ludo-test-scale.h — how much of its work a test does
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * LUDOTEKA_TEST_SCALE, a number from 0 (exclusive) to 1, scales every
 * count a test chooses for itself: random games, reference positions,
 * rounds. The quick suite runs every test at a small scale; the full
 * suite at 1; a long run may go above 1. Counts never fall below one.
 */
#pragma once

#include <glib.h>

static inline double
ludo_test_scale (void)
{
  const char *env = g_getenv ("LUDOTEKA_TEST_SCALE");
  double scale = env ? g_ascii_strtod (env, NULL) : 1.0;

  return scale > 0 ? scale : 1.0;
}

/* n scaled, at least 1 (or 0 for 0). */
static inline guint
ludo_test_scaled (guint n)
{
  double scaled = n * ludo_test_scale ();

  return n == 0 ? 0 : MAX (1, (guint) (scaled + 0.5));
}

/* Whether the test runs at less than its whole size: checks that hold
 * only over the whole count are skipped then. */
static inline gboolean
ludo_test_is_reduced (void)
{
  return ludo_test_scale () < 1.0;
}
