#!/bin/sh
# test-logik-cli.sh CLI SRCDIR TAP — Logik at the command line: its saves
# validated, replayed and exported in its words, self-play, the code
# breaker's benchmark.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cli=$1; src=$2; . "$3"
good="$src/data/good/logik-selfplay.ludoteka"
check "validate" 0 "ok (logik, 10 moves)" "$cli" validate "$good"
check "validate an illegal colour" 1 "error: Line 19: move 5" "$cli" validate "$src/data/bad/logik-illegal-colour.ludoteka"
check "replay" 0 "Player 2 solved the code in round 4" "$cli" replay "$good"
check "selfplay" 0 "games=3 " "$cli" selfplay --game logik --games 3 --level hard,easy --seed 5 --save "$tmp/games"
check "selfplay saves validate" 0 "logik-003.ludoteka: ok" "$cli" validate "$tmp/games/logik-001.ludoteka" "$tmp/games/logik-002.ludoteka" "$tmp/games/logik-003.ludoteka"
check "selfplay deterministic" 0 "game 1: seed 5" "$cli" selfplay --game logik --level hard --seed 5
"$cli" selfplay --game logik --games 2 --level medium --seed 9 | head -2 >"$tmp/a"
"$cli" selfplay --game logik --games 2 --level medium --seed 9 | head -2 >"$tmp/b"
if cmp -s "$tmp/a" "$tmp/b"; then ok "same seed, same games"; else notok "same seed, same games"; fi
check "bench needs a mode" 2 "either --all" "$cli" bench logik
check "bench bad size" 2 "places must be" "$cli" bench logik --sample 3 --places 9
check "bench sample" 0 "^average=[0-9.]* worst=[0-9]* mean_ms_per_guess=" "$cli" bench logik --sample 30 --level medium
check "export text to the output" 0 "^10. Player 2: Guess 4: BADDA — 5 black, 0 white" "$cli" export "$good"
check "export text has the result" 0 "^Result: Player 2 solved the code in round 4" "$cli" export --text - "$good"
check "export text at a ply" 0 "^3. Player 1: Guess 1: AABCD" "$cli" export --ply 3 "$good"
check "export text to a file" 0 "" "$cli" export --text "$tmp/moves.txt" "$good"
check "export text file" 0 "^Who guesses: Both players guess" cat "$tmp/moves.txt"
check "export ply out of range" 2 "ply 11 is out of range: this game has plies 0 to 10" "$cli" export --ply 11 "$good"
check "export bad file" 1 "error: Line 19: move 5" "$cli" export "$src/data/bad/logik-illegal-colour.ludoteka"
finish
