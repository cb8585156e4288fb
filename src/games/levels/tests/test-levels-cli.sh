#!/bin/sh
# test-levels-cli.sh CLI SRCDIR TAP — Levels' own ludoteka-cli commands.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cli=$1; src=$2; . "$3"
block="9 2 a a1a6,b2a5^a1,e5a2,i9b2 0"
destroy="9 2 a b2a3ne,a1a2,f6b6,i9b2 0"
check "perft start" 0 "^nodes=2913258 " "$cli" perft --game levels --depth 3
check "perft other board" 0 "^nodes=32343 " "$cli" perft --game levels --depth 2 --size 12 --players 4
check "perft position" 0 "^nodes=1144 " "$cli" perft --game levels --depth 2 --position "$block"
check "perft divide" 0 "^a1=a4: " "$cli" perft --game levels --depth 2 --divide --position "$block"
check "perft bad position" 2 "bad position" "$cli" perft --game levels --depth 2 --position "9 2 a z"
check "perft bad board" 2 "9, 12 or 15 cells wide" "$cli" perft --game levels --depth 2 --size 10
check "perft no depth" 2 "depth" "$cli" perft --game levels
check "analyse" 0 "^best=[a-i][1-9][-=x>@/]" "$cli" analyse --game levels --nodes 20000
check "analyse destroys" 0 "^best=b2xf6 " "$cli" analyse --game levels --position "$destroy" --level medium
check "analyse bad level" 2 "unknown level" "$cli" analyse --game levels --level grand
check "bench" 0 "^perft_nodes=" "$cli" bench levels --depth 1
check "selfplay" 0 "games=2 wins_seat0=" "$cli" selfplay --game levels --games 2 --level easy --seed 7 --save "$tmp/games"
check "selfplay saves validate" 0 "levels-002.ludoteka: ok (levels" "$cli" validate "$tmp/games/levels-001.ludoteka" "$tmp/games/levels-002.ludoteka"
# a whole four-player game on the middle board: some 6 s, a minute under
# the sanitizers; a reduced run (LUDOTEKA_TEST_SCALE under 1) plays one on
# the small board
if awk "BEGIN { exit !(${LUDOTEKA_TEST_SCALE:-1} < 1) }"; then
  check "selfplay options" 0 "wins_seat2=" "$cli" selfplay --game levels --option players=3 --option size=9 --games 1 --level easy
else
  check "selfplay options" 0 "wins_seat3=" "$cli" selfplay --game levels --option players=4 --option size=12 --games 1 --level easy
fi
check "selfplay bad option" 2 "NAME one of: size, players" "$cli" selfplay --game levels --option rings=3
check "selfplay bad size" 2 "size" "$cli" selfplay --game levels --option size=10
check "replay" 0 "^POSITION 9 2 " "$cli" replay "$src/data/good/levels-selfplay.ludoteka"
check "replay set up" 0 "^POSITION 9 2 b a4a6,b5a5^a4,e5a2,i9b2 " "$cli" replay "$src/data/good/levels-set-up.ludoteka"
finish
