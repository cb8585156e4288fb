#!/bin/sh
# test-help.sh BUILDDIR PROGRAM — runs test-help in the environment that
# `meson devenv` (and so `build-aux/ludoteka run`) gives the app, and so
# the yelp it starts for Help.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
build=$1; program=$2
# what a desktop session has, or the XDG default: the devenv adds to it
unset XDG_DATA_HOME
env=$(meson devenv -C "$build" --dump)
# (it names variables the caller may not have set)
set +u
eval "$env"
set -u
exec "$program" --tap "$build"
