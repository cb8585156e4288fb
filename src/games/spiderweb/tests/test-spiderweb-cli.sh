#!/bin/sh
# test-spiderweb-cli.sh CLI SRCDIR TAP — Spider Web's own ludoteka-cli commands.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cli=$1; src=$2; . "$3"
placing="4x8 ab.a.ba./b.a.b.ba/ba.a.ab./..a.bb.a a 1,1 1,2 2,1 0,0 0"
moving="4x8 b.a.a.a./a.bababb/..ab.b../a.b.b.b. a 0,0 3,0 0,3 1,2 0"
check "perft start" 0 "^nodes=862944 " "$cli" perft --game spiderweb --depth 4
check "perft other web" 0 "^nodes=306 " "$cli" perft --game spiderweb --depth 2 --rings 3 --spokes 6 --players 4
check "perft position" 0 "^nodes=831 " "$cli" perft --game spiderweb --depth 3 --position "$placing"
check "perft divide" 0 "^place:3.0: 16" "$cli" perft --game spiderweb --depth 2 --divide --position "$placing"
check "perft moving" 0 "^nodes=" "$cli" perft --game spiderweb --depth 3 --position "$moving"
check "perft bad position" 2 "bad position" "$cli" perft --game spiderweb --depth 2 --position "4x8 a"
check "perft bad web" 2 "3–6 rings" "$cli" perft --game spiderweb --depth 2 --spokes 7
check "perft no depth" 2 "depth" "$cli" perft --game spiderweb
check "analyse" 0 "^best=place:[0-9]\.[0-9] score=" "$cli" analyse --game spiderweb --nodes 20000
check "analyse takes a piece" 0 "^best=move:" "$cli" analyse --game spiderweb --position "$moving" --level medium
check "analyse bad level" 2 "unknown level" "$cli" analyse --game spiderweb --level grand
check "bench" 0 "^perft_nodes=" "$cli" bench spiderweb --depth 3
check "selfplay" 0 "games=2 wins_seat0=" "$cli" selfplay --game spiderweb --games 2 --level easy --seed 7 --save "$tmp/games"
check "selfplay saves validate" 0 "spiderweb-002.ludoteka: ok (spiderweb" "$cli" validate "$tmp/games/spiderweb-001.ludoteka" "$tmp/games/spiderweb-002.ludoteka"
check "selfplay options" 0 "wins_seat3=" "$cli" selfplay --game spiderweb --option players=4 --option rings=5 --games 1 --level easy
check "selfplay bad option" 2 "NAME one of: rings, spokes, players" "$cli" selfplay --game spiderweb --option colours=3
check "selfplay seven spokes" 2 "cannot be 7" "$cli" selfplay --game spiderweb --option spokes=7
check "selfplay match" 0 "level_wins=[0-9]* versus_wins=" "$cli" selfplay --game spiderweb --level medium --versus easy --games 2
check "validate a set-up the game does not read" 1 "error: Line 13: the file gives a set-up, but Spider Web has none.$" "$cli" validate "$src/data/bad/spiderweb-setup.ludoteka"
check "replay" 0 "^POSITION 4x8 " "$cli" replay "$src/data/good/spiderweb-selfplay.ludoteka"
finish
