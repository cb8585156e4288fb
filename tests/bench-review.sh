#!/bin/sh
# bench-review.sh CLI — what the review of a whole game costs, for every
# game the CLI lists, from its sample save at the game's own budget:
#   meson test -C BUILDDIR --benchmark bench-review --verbose
# Figures, not pass or fail. Each game also gets the time a review of 100
# moves of each seat (200 moves) would take at the same pace.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cli=$1
games=$("$cli" --help 2>&1 | sed -n 's/^Games: //p')
for id in $games; do
  sample="$LUDOTEKA_GAMES_SRCDIR/$id/tests/data/good/$id-selfplay.ludoteka"
  start=$(date +%s%N)
  lines=$("$cli" review "$sample" | grep -c '^ply=')
  ms=$((($(date +%s%N) - start) / 1000000))
  awk -v id="$id" -v n="$lines" -v ms="$ms" 'BEGIN {
    per = n > 0 ? ms / n : 0
    printf "%-10s %4d moves reviewed in %6.1f s: %5.0f ms a move, %5.1f s for a 100-move game\n", id, n, ms / 1000, per, per * 200 / 1000
  }' 
done
