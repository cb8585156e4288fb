#!/bin/sh
# test-valgrind.sh CLI — a game of each kind played by the computer under
# valgrind: no byte definitely lost, no invalid read or write.
# SPDX-License-Identifier: GPL-3.0-or-later
cli=$1
n=0 failed=0
for game in $("$cli" --help 2>&1 | sed -n 's/^Games: //p'); do
  n=$((n + 1))
  log=$(valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9 \
        "$cli" selfplay --game "$game" --games 1 --level easy 2>&1)
  status=$?
  summary=$(echo "$log" | grep -E "definitely lost|ERROR SUMMARY" | sed 's/^==[0-9]*== *//' | tr '\n' ' ')
  if [ $status -eq 0 ]; then
    echo "ok $n - $game: $summary"
  else
    echo "not ok $n - $game (status $status): $summary"
    echo "$log" | grep -A12 -E "definitely lost in|Invalid (read|write)" | sed 's/^/# /' | head -40
    failed=1
  fi
done
echo "1..$n"
exit $failed
