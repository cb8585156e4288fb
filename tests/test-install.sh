#!/bin/sh
# test-install.sh BUILDDIR SRCDIR — what a newcomer's desktop does with an
# installed Ludoteka: `meson install` into a staging folder, the caches
# updated as gnome.post_install does, then a save is a Ludoteka game to
# GIO (type, icon, default application) and `gio open` of it starts the
# app with that game on its board. Needs an X display (xdotool).
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
build=$1; src=$2
app=io.github.ludoteka.Ludoteka
tmp=$(mktemp -d); pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; pkill -f "$tmp/stage" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
n=0; fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
# a failure goes to stderr too, which CI's log shows
notok() { n=$((n + 1)); echo "not ok $n - $1"; echo "not ok $n - $1" >&2; fail=1; }
check() {  # check NAME COMMAND…
  name=$1; shift
  if "$@" >"$tmp/out" 2>&1; then ok "$name"; else notok "$name"; sed 's/^/# /' "$tmp/out" | tee /dev/stderr; fi
}

# the prefix the build was configured with, inside the staging folder
option() {
  meson introspect --buildoptions "$build" | /usr/bin/python3 -c \
    'import json,sys; print([o["value"] for o in json.load(sys.stdin) if o["name"] == sys.argv[1]][0])' "$1"
}
prefix=$(option prefix)
# bin, or games as the Debian package builds it (relative to the prefix)
bindir=$(option bindir)
stage=$tmp/stage; share=$stage$prefix/share
# the tools below warn about what this one package does not define
unset G_DEBUG
check "meson install" meson install -C "$build" --no-rebuild --quiet --destdir "$stage"
# what gnome.post_install runs on a real install (it skips a DESTDIR one)
check "MIME database" update-mime-database "$share/mime"
check "desktop database" update-desktop-database "$share/applications"
check "schemas" glib-compile-schemas "$share/glib-2.0/schemas"
check "icon cache" gtk4-update-icon-cache -q -t -f "$share/icons/hicolor"

# Help: yelp opens help:ludoteka/PAGE from $XDG_DATA_DIRS/help/LANG/ludoteka,
# in the desktop's language: every page, translated, with its figures
for lang in C $(cat "$src/help/LINGUAS"); do
  missing=
  for page in "$src"/help/C/*.page "$src"/src/games/*/help/*.page; do
    name=${page##*/}; f="$share/help/$lang/ludoteka/$name"
    if [ ! -f "$f" ]; then missing="$missing $name"; continue; fi
    [ "$lang" = C ] || grep -q "xml:lang=\"$lang\"" "$f" || missing="$missing $name(untranslated)"
    for figure in $(sed -n 's/.*<media[^>]* src="\([^"]*\)".*/\1/p' "$f"); do
      [ -f "$share/help/$lang/ludoteka/$figure" ] || missing="$missing $figure"
    done
  done
  if [ -z "$missing" ]; then ok "the manual in $lang is installed for yelp"
  else notok "the manual in $lang is installed for yelp"; echo "# missing:$missing" | tee /dev/stderr; fi
done

# a desktop that knows only this prefix and the system's base types
export XDG_DATA_DIRS="$share:/usr/share"
export XDG_DATA_HOME="$tmp/home/data" XDG_CONFIG_HOME="$tmp/home/config"
export XDG_CACHE_HOME="$tmp/home/cache" XDG_STATE_HOME="$tmp/home/state"
export XDG_CONFIG_DIRS="$tmp/home/etc"
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$XDG_CONFIG_DIRS"
export PATH="$stage$prefix/$bindir:$PATH"
export GSETTINGS_SCHEMA_DIR="$share/glib-2.0/schemas"
unset GTK_A11Y
export NO_AT_BRIDGE=1

# the first two games the installed ludoteka-cli lists, each by its sample
# save (src/games/ID/tests/data/good/ID-selfplay.ludoteka) and its name (the
# first line of its moves as text)
cli="$stage$prefix/$bindir/ludoteka-cli"
set -- $("$cli" --help | sed -n 's/^Games: //p')
first=$1; second=$2
sample() { echo "$src/src/games/$1/tests/data/good/$1-selfplay.ludoteka"; }
first_name=$("$cli" export --text - "$(sample "$first")" | head -n 1)
second_name=$("$cli" export --text - "$(sample "$second")" | head -n 1)
check "the installed ludoteka-cli names two games" test -n "$first_name" -a -n "$second_name"

save="$tmp/My game.ludoteka"
cp "$(sample "$first")" "$save"
check "a save is application/x-ludoteka" sh -c \
  "gio info -a standard::content-type '$save' | grep -q 'standard::content-type: application/x-ludoteka'"
check "even without its extension (by its root element)" sh -c \
  "cp '$save' '$tmp/noext' && gio info -a standard::content-type '$tmp/noext' | grep -q 'application/x-ludoteka'"
check "a save shows Ludoteka's icon" sh -c \
  "gio info -a standard::icon '$save' | grep -q '$app'"
check "the icon is installed" test -f "$share/icons/hicolor/scalable/apps/$app.svg"
check "gio mime names Ludoteka's desktop file" sh -c \
  "gio mime application/x-ludoteka | grep -q \"Default application for .application/x-ludoteka.: $app.desktop\""

# double-click: gio open launches the desktop file's Exec line
gio open "$save" >"$tmp/open.log" 2>&1 &
found=
for i in $(seq 1 200); do
  found=$(xdotool search --onlyvisible --name "^$first_name — Ludoteka\$" 2>/dev/null | head -n 1)
  [ -n "$found" ] && break
  sleep 0.1
done
if [ -n "$found" ]; then
  ok "gio open starts Ludoteka with the saved $first_name game"
  pid=$(xdotool getwindowpid "$found" 2>/dev/null)
  check "the window is the installed program" sh -c "readlink /proc/$pid/exe | grep -q '^$stage'"
else
  notok "gio open starts Ludoteka with the saved $first_name game"; sed 's/^/# /' "$tmp/open.log"
fi

# a second file while it runs: a new window of the same process, each
# window its own game; the second command hands the file over and ends
if [ -n "$pid" ]; then
  cp "$(sample "$second")" "$tmp/second.ludoteka"
  timeout 20 ludoteka "$tmp/second.ludoteka" >"$tmp/second.log" 2>&1
  status=$?
  shown=
  for i in $(seq 1 200); do
    shown=$(xdotool search --onlyvisible --name "^$second_name — Ludoteka\$" 2>/dev/null | head -n 1)
    [ -n "$shown" ] && break
    sleep 0.1
  done
  check "the second ludoteka hands its file to the running one and ends" test "$status" -eq 0
  if [ -n "$shown" ] && [ "$(xdotool getwindowpid "$shown")" = "$pid" ]; then
    ok "the second file opens in a new window of the running Ludoteka"
  else
    notok "the second file opens in a new window of the running Ludoteka"; sed 's/^/# /' "$tmp/second.log"
  fi
  check "the first window keeps its game" sh -c "xdotool search --onlyvisible --name '^$first_name — Ludoteka\$' | grep -q ."
fi

echo "1..$n"
exit $fail
