#!/bin/sh
# test-plug-in.sh SRCDIR UI_TESTS — a game plugs in by its folder and one line:
# the sources are copied to a folder of their own, src/games/logik is
# copied to src/games/toy with every logik, Logik and LOGIK in its file
# names and contents turned into toy, Toy and TOY, 'toy' is added to the
# list in src/games/meson.build, and the copy is configured, built and
# tested (the quick suite, and test-install) with nothing else changed
# (UI_TESTS: true or false, as the build's ui_tests option: the copy's UI
# tests, each in a virtual X server of its own, and test-install).
# Then what the game brings is checked where it lands: the registry, the
# manual in every language, installed for yelp, the shortcuts window's
# section and the keyboard page's, the desktop file's keywords, the
# settings' choices, `ludoteka --help`, its ludoteka-cli commands.
#
# The toy game's strings are new, and untranslated: the copy's test-data
# runs with LUDOTEKA_SKIP_PO_CHECKS=1, which leaves out its check that
# every translation is complete.
#
# LUDOTEKA_PLUG_IN_KEEP=1 keeps the copy (its folder is printed);
# LUDOTEKA_PLUG_IN_TESTS, if set, is the meson test arguments instead of
# the quick suite (e.g. "test-data-quick test-shortcuts-quick").
# A full build: minutes. It is in the data suite only.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
src=$(cd "$1" && pwd); ui_tests=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ludoteka-plug-in-XXXXXX")
if [ "${LUDOTEKA_PLUG_IN_KEEP:-0}" = 1 ]; then
  echo "# the copy: $tmp"
else
  trap 'rm -rf "$tmp"' EXIT
fi
n=0; fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; fail=1; }
check() {  # check NAME COMMAND…
  name=$1; shift
  if "$@" >"$tmp/out" 2>&1; then ok "$name"; else notok "$name"; tail -n 40 "$tmp/out" | sed 's/^/# /'; fi
}
finish() { echo "1..$n"; exit $fail; }

# The sources: what git has (and new files not ignored), or else the
# folder without its builds.
copy=$tmp/src
mkdir -p "$copy"
if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # (a file deleted and not yet committed is left out)
  # shellcheck disable=SC2016
  (cd "$src" && git ls-files -z --cached --others --exclude-standard |
     xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
     tar --null -T - -cf -) | (cd "$copy" && tar -xf -)
else
  (cd "$src" && tar --exclude='./_build*' --exclude='./build' -cf - .) | (cd "$copy" && tar -xf -)
fi
check "the sources are copied" test -f "$copy/src/games/logik/meson.build"

# The toy game: Logik under another name.
cp -R "$copy/src/games/logik" "$copy/src/games/toy"
find "$copy/src/games/toy" -depth -name '*logik*' | while read -r f; do
  d=${f%/*}; b=${f##*/}
  mv "$f" "$d/$(echo "$b" | sed 's/logik/toy/g')"
done
find "$copy/src/games/toy" -type f | while read -r f; do
  sed -i 's/logik/toy/g; s/Logik/Toy/g; s/LOGIK/TOY/g' "$f"
done
left=$(grep -rli logik "$copy/src/games/toy"; find "$copy/src/games/toy" -iname '*logik*')
if [ -z "$left" ]; then ok "src/games/toy has no logik left"
else notok "src/games/toy has no logik left"; echo "$left" | sed 's/^/# /'; fi
# its one line: the last of the list
awk '/^ludo_games = \[/ { list = 1 } list && /^\]/ { print "  '\''toy'\'',"; list = 0 } { print }' \
  "$copy/src/games/meson.build" >"$tmp/games.build" && mv "$tmp/games.build" "$copy/src/games/meson.build"
check "toy is in the list of games" grep -qx "  'toy'," "$copy/src/games/meson.build"
changed=$(cd "$src" && diff -rq src/games "$copy/src/games" 2>/dev/null | grep -v "^Only in $copy/src/games: toy$")
if [ "$changed" = "Files src/games/meson.build and $copy/src/games/meson.build differ" ]; then
  ok "nothing else is changed"
else
  notok "nothing else is changed"; echo "$changed" | sed 's/^/# /'
fi

build=$tmp/build
# unoptimised: it compiles in two thirds of the time, and the quick suite
# does little work
check "meson setup" meson setup "$build" "$copy" -Dui_tests="$ui_tests" -Dbuildtype=debug
[ $fail = 0 ] || finish
check "the build" nice ninja -C "$build"
[ $fail = 0 ] || finish

# The tests: the quick suite, then test-install (the game's saves and fuzz
# seeds came with the copy of Logik's folder). Under LUDOTEKA_SKIP_PO_CHECKS
# test-data leaves out whether every translation is complete.
export LUDOTEKA_SKIP_PO_CHECKS=1
if [ -n "${LUDOTEKA_PLUG_IN_TESTS:-}" ]; then
  # shellcheck disable=SC2086
  set -- $LUDOTEKA_PLUG_IN_TESTS
else
  # shellcheck disable=SC2046
  set -- $(meson test -C "$build" --no-rebuild --list --suite quick 2>/dev/null |
             sed -n 's|^[^ ]*:[^ ]* / \([^ ]*\)$|\1|p')
  [ "$ui_tests" != true ] || set -- "$@" test-install
fi
if (cd "$build" && nice meson test --no-rebuild --print-errorlogs "$@") >"$tmp/tests.log" 2>&1; then
  ok "the tests of the copy pass ($# tests, $(grep -E '^Ok:' "$tmp/tests.log" | tr -s ' '))"
else
  notok "the tests of the copy pass"
  grep -E '^ *[0-9]+/[0-9]+ .*(FAIL|TIMEOUT|ERROR)' "$tmp/tests.log" | awk '!seen[$0]++' | sed 's/^/# /'
  grep -E '^(not ok|Bail out)' "$build/meson-logs/testlog.txt" | head -n 40 | sed 's/^/# /'
fi
sed -n '/^Ok:/,/^Timeout:/p' "$tmp/tests.log" | sed 's/^/# /'

# What the toy game brought, where it lands.
cli=$build/src/cli/ludoteka-cli
check "ludoteka-cli plays it" "$cli" selfplay --game toy --games 1 --level easy --seed 1
check "ludoteka --help names it" sh -c "'$build/src/app/ludoteka' --help | grep -q '^  Toy — '"
check "its manual page is built, in every language" sh -c \
  "for l in C $(tr '\n' ' ' <"$copy/help/LINGUAS"); do test -f '$build/help/'\$l/toy.page || exit 1; done"
check "the keyboard page has its section" grep -q '<section id="toy">' "$build/help/C/keyboard.page"
check "the desktop file's keywords have its id" grep -q '^Keywords=.*;toy;' "$build/data/io.github.ludoteka.Ludoteka.desktop"
check "the settings take its id as the last game" grep -q "<choice value='toy'/>" \
  "$build/data/io.github.ludoteka.Ludoteka.gschema.xml"
check "installed for yelp" sh -c "meson install -C '$build' --no-rebuild --quiet --destdir '$tmp/stage' &&
  find '$tmp/stage' -path '*/share/help/C/ludoteka/toy.page' | grep -q . &&
  find '$tmp/stage' -path '*/share/help/hu/ludoteka/toy.page' | grep -q ."
finish
