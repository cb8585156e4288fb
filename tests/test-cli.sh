#!/bin/sh
# test-cli.sh CLI SRCDIR [RENDER] — the command line tool: exit statuses and
# output, for every game it lists (ludoteka-cli --help, "Games:"), each from
# its sample save (LUDOTEKA_GAMES_SRCDIR/ID/tests/data/good/ID-selfplay.ludoteka)
# and its bad saves. A game's own commands and words: its folder's
# test-ID-cli.sh.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cli=$1; src=$2
# export --png/--svg runs this (the one built with the CLI)
[ -n "${3-}" ] && export LUDOTEKA_RENDER="$3"
. "$src/tap.sh"
gamesdir=$LUDOTEKA_GAMES_SRCDIR
games=$("$cli" --help 2>&1 | sed -n 's/^Games: //p')
first=${games%% *}
sample() { echo "$gamesdir/$1/tests/data/good/$1-selfplay.ludoteka"; }
# the games that have a command of their own, in the order of the list:
# those that its --help names
games_with() {
  list=
  "$cli" "$1" --help >"$tmp/help" 2>&1
  for id in $games; do
    if grep -qE "^ludoteka-cli $1 (--game )?$id( |$)" "$tmp/help"; then list="$list${list:+, }$id"; fi
  done
  echo "$list"
}

check "the games are listed" 0 "^Games: [a-z]" "$cli" --help
[ -n "$first" ] || notok "the CLI lists the games"
check "no command" 2 "Usage" "$cli"
check "help" 0 "selfplay" "$cli" --help
check "unknown command" 2 "unknown command" "$cli" frobnicate
check "validate --help" 0 "FILE" "$cli" validate --help
check "validate no file" 2 "no file" "$cli" validate
check "validate unknown option" 2 "Unknown option" "$cli" validate --frob x
# a bad save: the first game's sample with a move after its end
sed 's|</moves>|<move seat="0">x</move></moves>|' "$(sample "$first")" >"$tmp/after-end.ludoteka"
bad_line=$(grep -n "</moves>" "$tmp/after-end.ludoteka" | cut -d: -f1)
"$cli" validate "$(sample "$first")" >"$tmp/out" 2>&1
bad_move=$(($(sed -n "s/.*ok ($first, \([0-9]*\) moves).*/\1/p" "$tmp/out") + 1))
check "validate bad" 1 "error: Line $bad_line: move $bad_move" "$cli" validate "$tmp/after-end.ludoteka"
check "validate mixed" 1 "ok ($first" "$cli" validate "$(sample "$first")" "$src/data/bad/truncated.ludoteka"
check "validate missing file" 1 "could not be read" "$cli" validate "$tmp/nothing.ludoteka"
check "validate no name" 1 "no file name was given" "$cli" validate ""
ln -s nowhere.ludoteka "$tmp/dangling.ludoteka"
check "validate dangling link" 1 "a link to “nowhere.ludoteka”, which does not exist" "$cli" validate "$tmp/dangling.ludoteka"
check "validate folder" 1 "a folder, not a file" "$cli" validate "$tmp"
check "validate quotes a file's text cleaned" 1 'lo\\u{009B}\[31mgik' "$cli" validate "$src/data/bad/game-id-controls.ludoteka"
if LC_ALL=C grep -q "$(printf '\302\233')" "$tmp/out"; then notok "no control character reaches the terminal"
else ok "no control character reaches the terminal"; fi
check "validate truncated, in our words" 1 "error: The file ends too early, at line 8: the element <options> opened on line 4 is never closed, so the file is incomplete.$" "$cli" validate "$src/data/bad/truncated-options.ludoteka"
# every bad file, the format's and each game's: the message the library
# gives (its .expect), and none of libxml2's English
bad_files="$src/data/bad/*.ludoteka"
for id in $games; do bad_files="$bad_files $gamesdir/$id/tests/data/bad/*.ludoteka"; done
for save in $bad_files; do
  [ -e "$save" ] || continue
  name=$(basename "$save")
  "$cli" validate "$save" >"$tmp/out" 2>&1; got=$?
  want=$(sed -n 2p "${save%.ludoteka}.expect")
  if [ "$got" -ne 1 ] || ! grep -qF -- "$want" "$tmp/out" ||
     grep -qE "Premature|XML_PARSE_HUGE|Datatype|Excessive|failed to validate|Did not expect" "$tmp/out"; then
    notok "validate $name says “$want” in our words"; sed 's/^/# /' "$tmp/out"
  else
    ok "validate $name says “$want” in our words"
  fi
done
check "replay two files" 2 "exactly one" "$cli" replay a b
check "replay bad" 1 "DTD" "$cli" replay "$src/data/bad/billion-laughs.ludoteka"
check "selfplay no game" 2 "required" "$cli" selfplay
check "selfplay unknown game" 2 "unknown game" "$cli" selfplay --game chess
check "selfplay bad level" 2 "unknown level" "$cli" selfplay --game "$first" --level godlike
check "selfplay bad games" 2 "at least 1" "$cli" selfplay --game "$first" --games 0
check "selfplay not a number" 2 "games" "$cli" selfplay --game "$first" --games many
check "help lists the games' commands" 0 "analyse" "$cli" --help
# a game's own command: for the games that have it, named in that order
for command in bench perft analyse; do
  with=$(games_with "$command")
  check "“$command” is for some games" 0 "" test -n "$with"
  check "$command without a game" 2 "“$command” is for the games: $with\$" "$cli" "$command" --depth 2
  check "$command for no game" 2 "“$command” is for the games: $with\$" "$cli" "$command" chess --all
  for id in $games; do
    case ", $with, " in
      *", $id, "*) check "$command --help names $id" 0 "^ludoteka-cli $command .*$id" "$cli" "$command" --help ;;
      *) check "$command --game $id: not one of its games" 2 "“$command” is for the games: $with\$" \
           "$cli" "$command" --game "$id" --depth 2 ;;
    esac
  done
done
# --game=ID is --game ID
for id in $(games_with perft | tr -d ,); do
  "$cli" perft --game "$id" --depth 1 >"$tmp/spaced" 2>&1
  check "perft --game=$id" 0 "^$(sed -n 's/ time_ms=.*//p' "$tmp/spaced") " "$cli" perft --game="$id" --depth 1
done

# each game: its sample validates, replays to its result, exports its
# moves; self-play saves games that validate, the same for the same seed
for id in $games; do
  good=$(sample "$id")
  check "$id has a sample save" 0 "" test -f "$good"
  check "validate $id" 0 "ok ($id, [0-9]* moves)" "$cli" validate "$good"
  plies=$(sed -n "s/.*ok ($id, \([0-9]*\) moves).*/\1/p" "$tmp/out")
  "$cli" export --text - "$good" | sed -n 's/^Result: //p' >"$tmp/result"
  check "$id: export says its result" 0 "" test -s "$tmp/result"
  check "$id: replay ends with the result" 0 "" sh -c "'$cli' replay '$good' | tail -n 1 | grep -qxF \"\$(cat '$tmp/result')\""
  check "$id: export text, the last move" 0 "^$plies\. " "$cli" export "$good"
  check "$id: export text at a ply" 0 "^3\. " "$cli" export --ply 3 "$good"
  if "$cli" export --ply 3 "$good" | grep -q "^4\. \|^Result"; then notok "$id: export at a ply stops there"
  else ok "$id: export at a ply stops there"; fi
  check "$id: export text to a file" 0 "" "$cli" export --text "$tmp/moves.txt" "$good"
  "$cli" export "$good" >"$tmp/moves-out.txt" 2>&1
  check "$id: the file has what the output has" 0 "" cmp "$tmp/moves.txt" "$tmp/moves-out.txt"
  next=$((plies + 1))
  check "$id: export ply out of range" 2 "ply $next is out of range: this game has plies 0 to $plies" "$cli" export --ply "$next" "$good"
  check "$id: export ply not a number" 2 "ply -1 is out of range" "$cli" export --ply -1 "$good"
  check "$id: export text to a missing folder" 1 "$tmp/no/moves.txt" "$cli" export --text "$tmp/no/moves.txt" "$good"
  check "$id: selfplay" 0 "games=2 " "$cli" selfplay --game "$id" --games 2 --level easy --seed 5 --save "$tmp/$id"
  check "$id: selfplay saves validate" 0 "$id-002.ludoteka: ok ($id" "$cli" validate "$tmp/$id/$id-001.ludoteka" "$tmp/$id/$id-002.ludoteka"
  "$cli" selfplay --game "$id" --games 2 --level easy --seed 9 | head -2 >"$tmp/a"
  "$cli" selfplay --game "$id" --games 2 --level easy --seed 9 | head -2 >"$tmp/b"
  if cmp -s "$tmp/a" "$tmp/b"; then ok "$id: same seed, same games"; else notok "$id: same seed, same games"; fi
done

good=$(sample "$first")
check "export no file" 2 "exactly one file" "$cli" export
check "export bad file" 1 "error: Line $bad_line: move $bad_move" "$cli" export "$tmp/after-end.ludoteka"
check "export missing file" 1 "could not be read" "$cli" export --png "$tmp/x.png" "$tmp/nothing.ludoteka"
if [ -n "${DISPLAY-}${WAYLAND_DISPLAY-}" ]; then
  for id in $games; do
    check "$id: export png and svg" 0 "" "$cli" export --ply 5 --png "$tmp/$id.png" --svg "$tmp/$id.svg" "$(sample "$id")"
    if [ "$(head -c 8 "$tmp/$id.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]; then ok "$id: the PNG has a PNG header"
    else notok "$id: the PNG has a PNG header"; fi
    check "$id: the SVG is an SVG" 0 "<svg" head -c 400 "$tmp/$id.svg"
    check "$id: export png and text" 0 "^Result: " "$cli" export --png "$tmp/$id-2.png" "$(sample "$id")" --text -
  done
  check "export png to a missing folder" 1 "$tmp/no/board.png" "$cli" export --png "$tmp/no/board.png" "$good"
  check "export without ludoteka-render" 1 "could not be run" env LUDOTEKA_RENDER="$tmp/nowhere" "$cli" export --png "$tmp/b.png" "$good"
else
  check "export png without a display" 1 "there is no display" "$cli" export --png "$tmp/board.png" "$good"
fi
# review: one line a move and a summary a seat, values with a point
check "review no file" 2 "exactly one file" "$cli" review
check "review bad budget" 2 "budget-ms" "$cli" review --budget-ms -3 "$good"
value='-?[0-9]+\.[0-9]{2}'
for id in $games; do
  if "$cli" review --budget-ms 1 "$(sample "$id")" >"$tmp/review" 2>"$tmp/review-err"; then
    "$cli" validate "$(sample "$id")" >"$tmp/out" 2>&1
    moves=$(sed -n 's/.*ok ([a-z]*, \([0-9]*\) moves*).*/\1/p' "$tmp/out")
    lines=$(grep -cE "^ply=[0-9]+ seat=[0-9]+ move=[^ ]+ value_before=$value value_after=$value best=[^ ]+ best_value=$value loss=[0-9]+\.[0-9]{2} mark=(!|\?!|\?|\?\?|-)( |\$)" "$tmp/review")
    if [ "$lines" = "$moves" ]; then ok "$id: review, a line for each of its $moves moves"
    else notok "$id: review, a line for each of its $moves moves ($lines)"; sed 's/^/# /' "$tmp/review" | head -5; fi
    check "$id: review, a summary per seat" 0 "^summary seat=1 moves=[0-9]* only=[0-9]* inaccuracies=[0-9]* mistakes=[0-9]* blunders=[0-9]* average_loss=[0-9.]*$" cat "$tmp/review"
  else
    notok "$id: review"; sed 's/^/# /' "$tmp/review-err"
  fi
done
check "export png without a display" 1 "there is no display" env -u DISPLAY -u WAYLAND_DISPLAY "$cli" export --png "$tmp/board2.png" "$good"
if [ -e "$tmp/board2.png" ]; then notok "no picture without a display"; else ok "no picture without a display"; fi
finish
