#!/bin/sh
# planted-breaks.sh [BUILDDIR] — does the quick suite catch a broken rule?
# Plants, one at a time, a break in each game's rules and in one string
# of the window, rebuilds, runs the quick suite and lists the tests that
# failed on it. Every file is restored afterwards (also on Ctrl+C). The
# script fails if a break goes unnoticed. Some five minutes on 2 cores.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cd "$(dirname "$0")/.."
build=${1:-_build}
tab=$(printf '\t')

# FILE <tab> LINE AS IT IS <tab> THE LINE BROKEN <tab> WHAT IT BREAKS
breaks() {
  cat <<'EOF'
src/games/logik/logik-rules.c	  sc.whites = common - sc.blacks;	  sc.whites = common;	Logik: a white peg for every colour in common, the black ones too
src/games/emperor/emperor-rules.c	  if (is_castle[to] && !castle_landing_ok (g, from, to, slider))	  if (0 && is_castle[to] && !castle_landing_ok (g, from, to, slider))	Emperor Chess: any piece may land in the castle
src/games/spiderweb/spiderweb-rules.c	      if ((w->neighbours[n] & empty) == 0)	      if ((w->neighbours[n] & empty) == 0 && n > 0)	Spider Web: the first node's piece is never enclosed
src/games/levels/levels-rules.c	          (view->w[2] & ~pos->occupied.w[2]) | (view->w[3] & ~pos->occupied.w[3])) != 0;	          (view->w[2] & ~pos->occupied.w[2])) != 0;	Levels: a piece does not see the empty cells of the last quarter of a large board
src/games/kombi/kombi-rules.c	  return __builtin_popcount (field_sectors & task_set);	  return __builtin_popcount (field_sectors & task_set & 0x3f);	Kombi: the seventh sector never matches
ui/ludo-game-page.ui	translatable="yes">_Play Again</property>	translatable="yes">_Play again</property>	a string of the window changed, not translated
EOF
}

restore() {
  if [ -n "${planted:-}" ]; then
    mv "$planted.planted-orig" "$planted"
    touch "$planted"  # newer than the broken build: ninja builds it again
    planted=
  fi
}
trap 'restore; exit 130' INT TERM

missed=0
breaks > "${TMPDIR:-/tmp}/planted-breaks.$$"
while IFS="$tab" read -r file from to what; do
  if [ "$(grep -cF -- "$from" "$file")" -ne 1 ]; then
    echo "planted-breaks.sh: the line to break is not once in $file: $from" >&2
    missed=1
    continue
  fi
  planted=$file
  cp -p "$file" "$file.planted-orig"
  FROM=$from TO=$to perl -pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$file"
  echo "== $what ($file)"
  if ! ninja -C "$build" >/dev/null 2>&1; then
    echo "   the build fails"
  else
    meson test -C "$build" --no-rebuild --suite quick --num-processes "$(nproc)" >/dev/null 2>&1
    failed=$(python3 -c 'import json, sys
for line in open(sys.argv[1]):
    t = json.loads(line)
    if t["result"] not in ("OK", "SKIP", "EXPECTEDFAIL"):
        print(t["name"])' "$build/meson-logs/testlog.json")
    if [ -z "$failed" ]; then
      echo "   NOT CAUGHT"
      missed=1
    else
      echo "$failed" | sed 's/^/   failed: /'
    fi
  fi
  restore
done < "${TMPDIR:-/tmp}/planted-breaks.$$"
rm -f "${TMPDIR:-/tmp}/planted-breaks.$$"
ninja -C "$build" >/dev/null
exit $missed
