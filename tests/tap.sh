# tap.sh — what the shell tests of the command line share (sourced):
# results in TAP, a scratch folder $tmp, and check.
# SPDX-License-Identifier: GPL-3.0-or-later
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0; n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; fail=1; }
check() {  # check NAME EXPECTED-STATUS PATTERN COMMAND… (PATTERN "": any output)
  name=$1; want=$2; pattern=$3; shift 3
  "$@" >"$tmp/out" 2>&1; got=$?
  if [ "$got" -ne "$want" ] || { [ -n "$pattern" ] && ! grep -q -- "$pattern" "$tmp/out"; }; then
    notok "$name (status $got, wanted $want; looked for “$pattern”)"; sed 's/^/# /' "$tmp/out"
  else
    ok "$name"
  fi
}
finish() { echo "1..$n"; exit $fail; }
