#!/usr/bin/env python3
# translate-pages.py ITSTOOL MO LANG OUTDIR PAGE… — the C pages with a
# language's translations merged in, written as OUTDIR/PAGE (the build's
# LANG/ folder, laid out as yelp finds the manual installed).
# SPDX-License-Identifier: GPL-3.0-or-later
import subprocess, sys

itstool, mo, lang, outdir, pages = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
subprocess.run([itstool, '-m', mo, '-l', lang, '-o', outdir] + pages, check=True)
