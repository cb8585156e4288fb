/* replay.c — runs a fuzz target on files, without libFuzzer: the model
 * suite passes every seed and every input a fuzzer once failed on
 * (tests/data/fuzz/TARGET) through the target's checks, with any compiler.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* the slowest input, for the figures: a long fuzzing run's corpus replayed
 * here shows whether any input takes longer than it should */
static gint64 slowest_us;
static char *slowest_path;

static guint
replay (const char *path)
{
  g_autofree char *data = NULL;
  gsize size;
  guint n = 0;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return 0;   /* a target no fuzzer has failed on yet */
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir && (name = g_dir_read_name (dir)))
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          n += replay (child);
        }
      return n;
    }
  if (!g_file_get_contents (path, &data, &size, NULL))
    g_error ("cannot read %s", path);
  g_print ("# %s\n", path);
  gint64 start = g_get_monotonic_time ();
  LLVMFuzzerTestOneInput ((const guint8 *) data, size);
  gint64 took = g_get_monotonic_time () - start;
  if (took > slowest_us)
    {
      slowest_us = took;
      g_free (slowest_path);
      slowest_path = g_strdup (path);
    }
  return 1;
}

int
main (int    argc,
      char **argv)
{
  guint n = 0;

  /* flags are for libFuzzer */
  for (int i = 1; i < argc; i++)
    if (argv[i][0] != '-')
      n += replay (argv[i]);
  g_print ("1..1\nok 1 - %u inputs, the slowest %.0f ms (%s)\n", n, slowest_us / 1000.0,
           slowest_path ? slowest_path : "none");
  g_free (slowest_path);
  return n > 0 ? 0 : 1;
}
