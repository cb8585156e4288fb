#!/bin/sh
# test-emperor-cli.sh CLI SRCDIR TAP — Emperor Chess's own ludoteka-cli
# commands (perft, analyse, bench), self-play, and its saves replayed as
# FEN.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cli=$1; src=$2; . "$3"
check "perft --game=ID" 0 "^nodes=15380 " "$cli" perft --game=emperor --depth 3
check "perft start" 0 "^nodes=15380 " "$cli" perft --game emperor --depth 3
check "perft divide" 0 "^b1c3: 24" "$cli" perft --game emperor --depth 2 --divide
check "perft fen" 0 "^nodes=7457 " "$cli" perft --game emperor --depth 4 --fen "k9/10/4r5/10/10/10/10/3n6/10/4K5 w - - 0 1"
check "perft bad fen" 2 "bad FEN" "$cli" perft --game emperor --depth 3 --fen "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGQBNR w - - 0 1"
check "perft no depth" 2 "depth" "$cli" perft --game emperor
check "perft --help without a game" 0 "ludoteka-cli perft --game emperor" "$cli" perft --help
check "selfplay" 0 "games=1 " "$cli" selfplay --game emperor --games 1 --level medium,easy --seed 3 --save "$tmp/emperor"
check "selfplay saves validate" 0 "emperor-001.ludoteka: ok (emperor" "$cli" validate "$tmp/emperor/emperor-001.ludoteka"
check "replay" 0 "FEN " "$cli" replay "$src/data/good/emperor-selfplay.ludoteka"
# the move counter stops where a FEN can still give it
"$cli" replay "$src/data/good/emperor-fullmove-limit.ludoteka" | sed -n 's/^FEN //p' >"$tmp/fen"
check "replayed FEN reads back" 0 "^nodes=" "$cli" perft --game emperor --depth 1 --fen "$(cat "$tmp/fen")"
check "replayed FEN keeps the counter" 0 " 65535 " cat "$tmp/fen"
check "analyse" 0 "^best=[a-j][0-9]*[a-j][0-9]* score=-*[0-9]* depth=[0-9]* nodes=" "$cli" analyse --game emperor --nodes 20000
check "analyse bad fen" 2 "bad FEN" "$cli" analyse --game emperor --fen "10/10 w - - 0 1"
check "analyse bad level" 2 "unknown level" "$cli" analyse --game emperor --level grand
check "bench" 0 "^nodes=" "$cli" bench emperor --depth 3 --fairy-ini "$src/../emperor-fairy.ini"
finish
