#!/bin/sh
# test-kombi-cli.sh CLI SRCDIR TAP — Kombi's own ludoteka-cli commands.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cli=$1; src=$2; . "$3"
# one field player has 15, 29, 31 and 34 against markers 54, 56, 57: the last claim is to come
late="1 1 5 1 1 1 f 15a,29a,31a,34a 467 -"
check "perft start" 0 "^nodes=41650 " "$cli" perft --game kombi --depth 3
check "perft two markers" 0 "^nodes=1249500 " "$cli" perft --game kombi --depth 4 --shifts 2
check "perft more seats" 0 "^nodes=" "$cli" perft --game kombi --depth 3 --field-players 3 --task-players 2
check "perft position" 0 "^nodes=372 " "$cli" perft --game kombi --depth 2 --position "$late"
check "perft divide" 0 "^claim:22: 12" "$cli" perft --game kombi --depth 2 --divide --position "$late"
check "perft bad position" 2 "bad position" "$cli" perft --game kombi --depth 2 --position "1 1 5 1 1 1 t - - -"
check "perft bad options" 2 "1–3 field players" "$cli" perft --game kombi --depth 2 --field-players 4
check "perft no depth" 2 "depth" "$cli" perft --game kombi
check "analyse solves the end" 0 "^best=claim:22 value=7.000 exact=yes" "$cli" analyse --game kombi --position "$late"
check "analyse start" 0 "^best=claim:[0-9]* " "$cli" analyse --game kombi --nodes 20000
check "analyse bad level" 2 "unknown level" "$cli" analyse --game kombi --level grand
check "bench" 0 "^limit=6 value=8 nodes=" "$cli" bench kombi --max-limit 6
check "bench two markers" 0 "^limit=5 value=6 " "$cli" bench kombi --max-limit 5 --shifts 2
check "bench bad shifts" 2 "shifts" "$cli" bench kombi --shifts 3
check "selfplay" 0 "games=2 wins_seat0=" "$cli" selfplay --game kombi --games 2 --level easy --seed 7 --save "$tmp/games"
check "selfplay saves validate" 0 "kombi-002.ludoteka: ok (kombi" "$cli" validate "$tmp/games/kombi-001.ludoteka" "$tmp/games/kombi-002.ludoteka"
check "selfplay seats" 0 "wins_seat4=" "$cli" selfplay --game kombi --option field-players=3 --option task-players=2 --option claims=6 --games 1 --level easy
check "selfplay bad option" 2 "NAME one of: field-players, task-players, claims, shifts, match" "$cli" selfplay --game kombi --option rings=3
check "replay" 0 "^POSITION 1 1 12 1 2 2 - " "$cli" replay "$src/data/good/kombi-selfplay.ludoteka"
finish
