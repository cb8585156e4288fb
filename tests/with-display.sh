#!/bin/sh
# with-display.sh COMMAND [ARG...] — COMMAND in a virtual X server and a
# D-Bus session of its own, so that UI tests run side by side without
# sharing a display, a session bus or an accessibility bus. The server
# picks a free display number itself (-displayfd): no race between tests
# that start together.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
dir=$(mktemp -d "${TMPDIR:-/tmp}/ludoteka-display-XXXXXX")
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset 3>"$dir/display" 2>"$dir/log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$dir"' EXIT INT TERM
tries=0
until [ -s "$dir/display" ]; do
  if ! kill -0 "$server" 2>/dev/null || [ "$tries" -ge 300 ]; then
    echo "with-display.sh: Xvfb did not start:" >&2
    cat "$dir/log" >&2
    exit 1
  fi
  sleep 0.1
  tries=$((tries + 1))
done
DISPLAY=:$(head -n 1 "$dir/display")
export DISPLAY
unset WAYLAND_DISPLAY
# the bus and what it starts (the accessibility registry says hello on
# its standard output) write to stderr: the test's own output stays TAP
dbus-run-session -- sh -c 'exec "$@" 1>&3 3>&-' sh "$@" 3>&1 1>&2
