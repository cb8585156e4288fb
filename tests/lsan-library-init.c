/* lsan-library-init.c — linked into every test program
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under LeakSanitizer, what the libraries allocate in their constructors,
 * before main (), is not counted as leaked: it lives as long as the
 * process, and GLib drops one such block on purpose. GLib's table of
 * quarks is made in libglib's constructor, and once a program has more
 * than 2048 quarks GLib replaces it and leaks the old one so that lookups
 * need no lock (gquark.c: "This leaks the old quarks array"); test-ui,
 * which builds every game's view, has that many. The sanitizers' quick
 * stacks stop in g_malloc (), so no suppression can tell that block from
 * a leak of ours. Leak checking is off from the program's pre-init (before
 * any library's constructor) until its own constructors run (after all of
 * them), in this thread only: every allocation from main () on counts.
 */
#if defined(__SANITIZE_ADDRESS__)
# define LUDO_LSAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#  define LUDO_LSAN 1
# endif
#endif

#ifdef LUDO_LSAN
#include <sanitizer/lsan_interface.h>

static void
library_init_begins (void)
{
  __lsan_disable ();
}

__attribute__((section (".preinit_array"), used))
static void (*const ludo_lsan_preinit) (void) = library_init_begins;

__attribute__((constructor))
static void
library_init_ends (void)
{
  __lsan_enable ();
}
#endif
