#!/bin/sh
# run-fuzzer.sh FUZZER SECONDS WORKDIR [SEED-DIR…] — runs one libFuzzer target
# for a bounded time (LUDOTEKA_FUZZ_SECONDS, if set, instead of SECONDS),
# growing its corpus in WORKDIR from the seeds.
# A crash, a sanitizer report, a leak or an input slower than the timeout
# fails the run, and libFuzzer prints the input that did it (kept in
# WORKDIR as crash-*, leak-*, timeout-* or slow-unit-*).
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
fuzzer=$1 seconds=${LUDOTEKA_FUZZ_SECONDS:-$2} work=$3
shift 3
mkdir -p "$work/corpus"
# a seed folder that does not exist yet (no regression found so far) is
# left out: libFuzzer would stop at it
for arg; do
  shift
  case $arg in
    -*) set -- "$@" "$arg";;
    *) [ ! -d "$arg" ] || set -- "$@" "$arg";;
  esac
done
# LUDOTEKA_FUZZ_TIMEOUT: the slowest input allowed, in seconds; 10 by
# default, for a slow machine under the sanitizers (a long run uses 1)
exec "$fuzzer" -max_total_time="$seconds" -timeout="${LUDOTEKA_FUZZ_TIMEOUT:-10}" \
  -error_exitcode=99 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
  -artifact_prefix="$work/" "$work/corpus" "$@"
