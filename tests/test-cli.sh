#!/bin/sh
# test-cli.sh CLI SRCDIR — the command line tool: exit statuses and output.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cli=$1; src=$2
# export --png/--svg runs this (the one built with the CLI)
[ -n "${3-}" ] && export LUDOTEKA_RENDER="$3"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0; n=0
check() {  # check NAME EXPECTED-STATUS PATTERN COMMAND… (PATTERN "": any output)
  name=$1; want=$2; pattern=$3; shift 3
  n=$((n + 1))
  "$@" >"$tmp/out" 2>&1; got=$?
  if [ "$got" -ne "$want" ] || { [ -n "$pattern" ] && ! grep -q -- "$pattern" "$tmp/out"; }; then
    echo "not ok $n - $name (status $got, wanted $want; looked for “$pattern”)"; sed 's/^/# /' "$tmp/out"; fail=1
  else
    echo "ok $n - $name"
  fi
}
check "no command" 2 "Usage" "$cli"
check "help" 0 "selfplay" "$cli" --help
check "unknown command" 2 "unknown command" "$cli" frobnicate
check "validate --help" 0 "FILE" "$cli" validate --help
check "validate no file" 2 "no file" "$cli" validate
check "validate unknown option" 2 "Unknown option" "$cli" validate --frob x
check "validate good" 0 "ok (logik, 10 moves)" "$cli" validate "$src/data/good/logik-hard-selfplay.ludoteka"
check "validate bad" 1 "error: Line 19: move 5" "$cli" validate "$src/data/bad/illegal-colour.ludoteka"
check "validate mixed" 1 "ok (logik" "$cli" validate "$src/data/good/logik-hard-selfplay.ludoteka" "$src/data/bad/truncated.ludoteka"
check "validate missing file" 1 "could not be read" "$cli" validate "$tmp/nothing.ludoteka"
check "validate no name" 1 "no file name was given" "$cli" validate ""
ln -s nowhere.ludoteka "$tmp/dangling.ludoteka"
check "validate dangling link" 1 "a link to “nowhere.ludoteka”, which does not exist" "$cli" validate "$tmp/dangling.ludoteka"
check "validate folder" 1 "a folder, not a file" "$cli" validate "$tmp"
check "validate quotes a file's text cleaned" 1 'lo\\u{009B}\[31mgik' "$cli" validate "$src/data/bad/game-id-controls.ludoteka"
n=$((n + 1))
if LC_ALL=C grep -q "$(printf '\302\233')" "$tmp/out"; then echo "not ok $n - no control character reaches the terminal"; fail=1
else echo "ok $n - no control character reaches the terminal"; fi
check "validate truncated, in our words" 1 "error: The file ends too early, at line 8: the element <options> opened on line 4 is never closed, so the file is incomplete.$" "$cli" validate "$src/data/bad/truncated-options.ludoteka"
check "validate a set-up the game does not read" 1 "error: Line 13: the file gives a set-up, but Spider Web has none.$" "$cli" validate "$src/data/bad/spiderweb-setup.ludoteka"
# every bad file: the message the library gives (its .expect), and none of libxml2's English
for save in "$src"/data/bad/*.ludoteka; do
  n=$((n + 1)); name=$(basename "$save")
  "$cli" validate "$save" >"$tmp/out" 2>&1; got=$?
  want=$(sed -n 2p "${save%.ludoteka}.expect")
  if [ "$got" -ne 1 ] || ! grep -qF -- "$want" "$tmp/out" ||
     grep -qE "Premature|XML_PARSE_HUGE|Datatype|Excessive|failed to validate|Did not expect" "$tmp/out"; then
    echo "not ok $n - validate $name says “$want” in our words"; sed 's/^/# /' "$tmp/out"; fail=1
  else
    echo "ok $n - validate $name says “$want” in our words"
  fi
done
check "replay" 0 "Player 2 solved the code in round 4" "$cli" replay "$src/data/good/logik-hard-selfplay.ludoteka"
check "replay two files" 2 "exactly one" "$cli" replay a b
check "replay bad" 1 "DTD" "$cli" replay "$src/data/bad/billion-laughs.ludoteka"
check "selfplay no game" 2 "required" "$cli" selfplay
check "selfplay unknown game" 2 "unknown game" "$cli" selfplay --game chess
check "selfplay bad level" 2 "unknown level" "$cli" selfplay --game logik --level godlike
check "selfplay bad games" 2 "at least 1" "$cli" selfplay --game logik --games 0
check "selfplay not a number" 2 "games" "$cli" selfplay --game logik --games many
check "selfplay" 0 "games=3 " "$cli" selfplay --game logik --games 3 --level hard,easy --seed 5 --save "$tmp/games"
check "selfplay saves validate" 0 "logik-003.ludoteka: ok" "$cli" validate "$tmp/games/logik-001.ludoteka" "$tmp/games/logik-002.ludoteka" "$tmp/games/logik-003.ludoteka"
check "selfplay deterministic" 0 "game 1: seed 5" "$cli" selfplay --game logik --level hard --seed 5
"$cli" selfplay --game logik --games 2 --level medium --seed 9 | head -2 >"$tmp/a"
"$cli" selfplay --game logik --games 2 --level medium --seed 9 | head -2 >"$tmp/b"
n=$((n + 1)); if cmp -s "$tmp/a" "$tmp/b"; then echo "ok $n - same seed, same games"; else echo "not ok $n - same seed, same games"; fail=1; fi
check "bench needs a mode" 2 "either --all" "$cli" bench logik
check "bench wrong game" 2 "“bench” is for the games: logik, emperor" "$cli" bench chess --all
check "perft without a game" 2 "“perft” is for the games: emperor" "$cli" perft --depth 2
check "perft --help without a game" 0 "ludoteka-cli perft --game emperor" "$cli" perft --help
check "perft --game=ID" 0 "^nodes=15380 " "$cli" perft --game=emperor --depth 3
check "help lists the games' commands" 0 "analyse" "$cli" --help
check "perft start" 0 "^nodes=15380 " "$cli" perft --game emperor --depth 3
check "perft divide" 0 "^b1c3: 24" "$cli" perft --game emperor --depth 2 --divide
check "perft fen" 0 "^nodes=7457 " "$cli" perft --game emperor --depth 4 --fen "k9/10/4r5/10/10/10/10/3n6/10/4K5 w - - 0 1"
check "perft bad fen" 2 "bad FEN" "$cli" perft --game emperor --depth 3 --fen "rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGQBNR w - - 0 1"
check "perft no depth" 2 "depth" "$cli" perft --game emperor
check "perft wrong game" 2 "emperor" "$cli" perft --game logik --depth 2
check "selfplay emperor" 0 "games=1 " "$cli" selfplay --game emperor --games 1 --level medium,easy --seed 3 --save "$tmp/emperor"
check "selfplay emperor saves validate" 0 "emperor-001.ludoteka: ok (emperor" "$cli" validate "$tmp/emperor/emperor-001.ludoteka"
check "replay emperor" 0 "FEN " "$cli" replay "$src/data/good/emperor-easy-selfplay.ludoteka"
# the move counter stops where a FEN can still give it
"$cli" replay "$src/data/good/emperor-fullmove-limit.ludoteka" | sed -n 's/^FEN //p' >"$tmp/fen"
check "replayed FEN reads back" 0 "^nodes=" "$cli" perft --game emperor --depth 1 --fen "$(cat "$tmp/fen")"
check "replayed FEN keeps the counter" 0 " 65535 " cat "$tmp/fen"
check "analyse" 0 "^best=[a-j][0-9]*[a-j][0-9]* score=-*[0-9]* depth=[0-9]* nodes=" "$cli" analyse --game emperor --nodes 20000
check "analyse bad fen" 2 "bad FEN" "$cli" analyse --game emperor --fen "10/10 w - - 0 1"
check "analyse bad level" 2 "unknown level" "$cli" analyse --game emperor --level grand
check "bench emperor" 0 "^nodes=" "$cli" bench emperor --depth 3 --fairy-ini "$src/../src/games/emperor/emperor-fairy.ini"
check "bench bad size" 2 "places must be" "$cli" bench logik --sample 3 --places 9
check "bench sample" 0 "^average=[0-9.]* worst=[0-9]* mean_ms_per_guess=" "$cli" bench logik --sample 30 --level medium
good="$src/data/good/logik-hard-selfplay.ludoteka"
check "export text to the output" 0 "^10. Player 2: Guess 4: BADDA — 5 black, 0 white" "$cli" export "$good"
check "export text has the result" 0 "^Result: Player 2 solved the code in round 4" "$cli" export --text - "$good"
check "export text at a ply" 0 "^3. Player 1: Guess 1: AABCD" "$cli" export --ply 3 "$good"
n=$((n + 1))
if "$cli" export --ply 3 "$good" | grep -q "^4\. \|^Result"; then echo "not ok $n - export at a ply stops there"; fail=1
else echo "ok $n - export at a ply stops there"; fi
check "export text to a file" 0 "" "$cli" export --text "$tmp/moves.txt" "$good"
check "export text file" 0 "^Who guesses: Both players guess" cat "$tmp/moves.txt"
check "export ply out of range" 2 "ply 11 is out of range: this game has plies 0 to 10" "$cli" export --ply 11 "$good"
check "export ply not a number" 2 "ply -1 is out of range" "$cli" export --ply -1 "$good"
check "export no file" 2 "exactly one file" "$cli" export
check "export bad file" 1 "error: Line 19: move 5" "$cli" export "$src/data/bad/illegal-colour.ludoteka"
check "export missing file" 1 "could not be read" "$cli" export --png "$tmp/x.png" "$tmp/nothing.ludoteka"
check "export text to a missing folder" 1 "$tmp/no/moves.txt" "$cli" export --text "$tmp/no/moves.txt" "$good"
if [ -n "${DISPLAY-}${WAYLAND_DISPLAY-}" ]; then
  check "export png and svg" 0 "" "$cli" export --ply 5 --png "$tmp/board.png" --svg "$tmp/board.svg" "$src/data/good/emperor-easy-selfplay.ludoteka"
  n=$((n + 1))
  if [ "$(head -c 8 "$tmp/board.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]; then echo "ok $n - the PNG has a PNG header"
  else echo "not ok $n - the PNG has a PNG header"; fail=1; fi
  check "the SVG is an SVG" 0 "<svg" head -c 400 "$tmp/board.svg"
  check "export png and text" 0 "^Result: " "$cli" export --png "$tmp/web.png" "$src/data/good/spiderweb-selfplay.ludoteka" --text -
  check "export png to a missing folder" 1 "$tmp/no/board.png" "$cli" export --png "$tmp/no/board.png" "$good"
  check "export without ludoteka-render" 1 "could not be run" env LUDOTEKA_RENDER="$tmp/nowhere" "$cli" export --png "$tmp/b.png" "$good"
else
  check "export png without a display" 1 "there is no display" "$cli" export --png "$tmp/board.png" "$good"
fi
check "export png without a display" 1 "there is no display" env -u DISPLAY -u WAYLAND_DISPLAY "$cli" export --png "$tmp/board2.png" "$good"
n=$((n + 1))
if [ -e "$tmp/board2.png" ]; then echo "not ok $n - no picture without a display"; fail=1; else echo "ok $n - no picture without a display"; fi
echo "1..$n"
exit $fail
