#!/bin/sh
# bench-startup.sh — Ludoteka's start-up against GNOME Chess's, side by side.
#
#   bench-startup.sh LUDOTEKA-BINARY [ROUNDS]
#
# Runs under an X display the caller provides, e.g.
#   xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- \
#     meson test -C BUILDDIR --benchmark bench-startup --verbose
#
# Each round runs each program once (alternating which goes first), with a
# fresh private HOME and XDG config, data and state folders (no autosave or
# settings left from a previous round; the cache folder is shared, see
# below) and GSETTINGS_BACKEND=memory. It measures:
#   ms   from fork to the moment the X server maps a window whose
#        _NET_WM_PID is the program's (a MapNotify on the root window; there
#        is no window manager, so mapped means viewable, what "xdotool search
#        --onlyvisible" calls visible). A small helper in Python (ctypes and
#        libX11, no module to install) starts the program and blocks on the X
#        connection for the event, so the figure is exact to a millisecond
#        and takes no CPU from the program measured. Polling xdotool instead
#        is no good: each "xdotool search" takes ~110 ms here, and spawning
#        it every few ms would steal one of the machine's CPUs.
#   drawn  from fork to the last time the program drew into that window
#        before it settled (XDamage on the window; settled: 1.5 s without
#        drawing). A mapped window is not yet a painted one: with GL the
#        first frame comes some 100 ms later, and a second frame can follow.
#   CPU  the CPU time all the program's threads used until then
#        (/proc/PID/task/*/schedstat): the work start-up took, less noisy
#        than the wall-clock figures on a shared machine
#   RSS  VmRSS of /proc/PID/status once settled
#   PSS  Pss of /proc/PID/smaps_rollup at the same moment: RSS with shared
#        pages divided among the processes sharing them
# then kills the program. ROUNDS defaults to 5 (BENCH_ROUNDS too). A
# first, unmeasured round of each starts the D-Bus services both use (the
# desktop portal, the accessibility bus), which would otherwise count
# against whichever program comes first, and fills the one cache folder
# all rounds share (XDG_CACHE_HOME: Mesa's compiled GL shaders, the same
# GTK ones for both), as a person's is: compiling them anew each round
# costs either program ~35 MB and a few hundred ms, and is no part of
# its own start-up.
#
# Both use GTK's default renderer (GL, llvmpipe under Xvfb) unless the
# caller sets GSK_RENDERER. Exit status 77 (skipped) if there is no display
# (xdotool checks it), no xdotool or no GNOME Chess (apt-get install
# gnome-chess xdotool).

set -u

app=${1:-}
rounds=${2:-${BENCH_ROUNDS:-5}}
chess=${GNOME_CHESS:-/usr/games/gnome-chess}
settle=1.5

skip () {
  echo "SKIP: $*"
  exit 77
}

if [ -z "$app" ] || [ ! -x "$app" ]; then
  echo "usage: $0 LUDOTEKA-BINARY [ROUNDS]" >&2
  exit 2
fi
[ -n "${DISPLAY:-}" ] || skip "no X display (run under xvfb-run)"
[ -x /usr/bin/python3 ] || skip "/usr/bin/python3 missing"
command -v xdotool >/dev/null 2>&1 || skip "xdotool missing (apt-get install xdotool)"
xdotool getdisplaygeometry >/dev/null 2>&1 || skip "cannot open display $DISPLAY"
[ -x "$chess" ] || skip "GNOME Chess missing at $chess (apt-get install gnome-chess)"

# Ludoteka run from its build directory, as the tests do
builddir=$(cd "$(dirname "$app")/../.." && pwd)
export GSETTINGS_BACKEND=memory LC_ALL="${LC_ALL:-C.UTF-8}"
unset GTK_A11Y G_DEBUG GSETTINGS_SCHEMA_DIR

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-startup.XXXXXX")
: >"$work/results"
cleanup () {
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Starts the program (arguments 2…), waits for its window, waits argument 1
# seconds without drawing, prints "MS DRAWN-MS CPU-MS RSS-MB PSS-MB" and
# ends the program.
measure=$(cat <<'EOF'
import ctypes, ctypes.util, os, select, subprocess, sys, time

settle = float(sys.argv[1])
cmd = sys.argv[2:]
x = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
x.XOpenDisplay.restype = ctypes.c_void_p
x.XOpenDisplay.argtypes = [ctypes.c_char_p]
x.XDefaultRootWindow.restype = ctypes.c_ulong
x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
x.XConnectionNumber.argtypes = [ctypes.c_void_p]
x.XPending.argtypes = [ctypes.c_void_p]
x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
x.XInternAtom.restype = ctypes.c_ulong
x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
x.XGetWindowProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long,
                                 ctypes.c_int, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                                 ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong),
                                 ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
x.XFree.argtypes = [ctypes.c_void_p]
# a window gone before we read its pid is no reason to exit
handler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)(lambda d, e: 0)
x.XSetErrorHandler(handler)

dpy = x.XOpenDisplay(None)
if not dpy:
    sys.exit("cannot open display")
root = x.XDefaultRootWindow(dpy)
x.XSelectInput(dpy, root, 1 << 19)  # SubstructureNotifyMask
x.XSync(dpy, 0)
net_wm_pid = x.XInternAtom(dpy, b"_NET_WM_PID", 0)
fd = x.XConnectionNumber(dpy)
ev = (ctypes.c_long * 24)()

def window_pid(w):
    t, f, n, after = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_ulong(), ctypes.c_ulong()
    data = ctypes.c_void_p()
    if x.XGetWindowProperty(dpy, w, net_wm_pid, 0, 1, 0, 6, ctypes.byref(t), ctypes.byref(f),
                            ctypes.byref(n), ctypes.byref(after), ctypes.byref(data)) != 0 or not data:
        return None
    pid = ctypes.cast(data, ctypes.POINTER(ctypes.c_long))[0] if n.value == 1 and f.value == 32 else None
    x.XFree(data)
    return pid

start = time.monotonic()
child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
ms = None
while ms is None and time.monotonic() - start < 30 and child.poll() is None:
    if not x.XPending(dpy):
        select.select([fd], [], [], 0.05)
        continue
    x.XNextEvent(dpy, ev)
    if ev[0] & 0xffffffff == 19 and window_pid(ev[5]) == child.pid:  # MapNotify, its window
        ms = (time.monotonic() - start) * 1000
if ms is None:
    child.kill()
    sys.exit("no window")

# every drawing into the window, until it has not drawn for settle seconds
xd = ctypes.CDLL(ctypes.util.find_library("Xdamage") or "libXdamage.so.1")
xd.XDamageQueryExtension.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
xd.XDamageCreate.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int]
xd.XDamageCreate.restype = ctypes.c_ulong
damage_event, damage_error = ctypes.c_int(), ctypes.c_int()
if not xd.XDamageQueryExtension(dpy, ctypes.byref(damage_event), ctypes.byref(damage_error)):
    child.kill()
    sys.exit("no XDamage extension")
xd.XDamageCreate(dpy, ev[5], 0)  # XDamageReportRawRectangles: every drawing
x.XSync(dpy, 0)
drawn = ms
while time.monotonic() - start < drawn / 1000 + settle:
    if not x.XPending(dpy):
        select.select([fd], [], [], 0.05)
        continue
    x.XNextEvent(dpy, ev)
    if ev[0] & 0xffffffff == damage_event.value:
        drawn = (time.monotonic() - start) * 1000

def cpu_ms(pid):
    total = 0
    for task in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/schedstat" % (pid, task)) as f:
            total += int(f.read().split()[0])
    return total / 1e6
cpu = cpu_ms(child.pid)
def field(path, key):
    with open(path) as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1]) / 1024
rss = field("/proc/%d/status" % child.pid, "VmRSS:")
pss = field("/proc/%d/smaps_rollup" % child.pid, "Pss:")
child.terminate()
child.wait()
print("%.0f %.0f %.0f %.1f %.1f" % (ms, drawn, cpu, rss, pss))
EOF
)

# run NAME ROUND COMMAND...: prints "NAME ROUND MS DRAWN CPU RSS PSS"
# (round 0: not)
run () {
  name=$1 round=$2
  shift 2
  home=$work/$name-$round
  mkdir -p "$home/config" "$home/data" "$home/state"
  figures=$(HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data \
            XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$home/state \
            /usr/bin/python3 -c "$measure" "$settle" "$@") || {
    echo "$name round $round: $figures" >&2
    return 1
  }
  [ "$round" -eq 0 ] && return 0
  # shellcheck disable=SC2086 # three numbers, split on purpose
  set -- $figures
  printf '%-12s %5s %8s %8s %8s %8s %8s\n' "$name" "$round" "$1" "$2" "$3" "$4" "$5" | tee -a "$work/results"
}

# summary NAME COLUMN LABEL: min/median/max of a column for one program
summary () {
  awk -v n="$1" '$1 == n { print $'"$2"' }' "$work/results" | sort -n | awk -v n="$1" -v l="$3" '
    { v[NR] = $1 }
    END {
      if (NR == 0) exit
      med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
      printf "%-12s %-8s %8s %8s %8s\n", n, l, v[1], med, v[NR]
    }'
}

echo "display $DISPLAY, GSK_RENDERER=${GSK_RENDERER:-(default)}, $rounds rounds, settle ${settle} s"
printf '%-12s %5s %8s %8s %8s %8s %8s\n' program round "ms" "drawn ms" "CPU ms" "RSS MB" "PSS MB"
failed=0
r=0
while [ "$r" -le "$rounds" ]; do
  # alternate which goes first
  if [ $((r % 2)) -eq 1 ]; then
    order="ludoteka chess"
  else
    order="chess ludoteka"
  fi
  for p in $order; do
    case $p in
      ludoteka)
        run ludoteka "$r" env GSETTINGS_SCHEMA_DIR="$builddir/data" \
          LUDOTEKA_LOCALEDIR="$builddir/po" "$app" || failed=1
        ;;
      chess)
        run gnome-chess "$r" "$chess" || failed=1
        ;;
    esac
  done
  r=$((r + 1))
done

echo
printf '%-12s %-8s %8s %8s %8s\n' program figure min median max
for p in ludoteka gnome-chess; do
  summary "$p" 3 "ms"
  summary "$p" 4 "drawn ms"
  summary "$p" 5 "CPU ms"
  summary "$p" 6 "RSS MB"
  summary "$p" 7 "PSS MB"
done
exit $failed
