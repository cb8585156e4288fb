#!/usr/bin/env python3
# translate-pages.py ITSTOOL MO LANG OUTDIR PAGE… — the C pages with a
# language's translations merged in, written as OUTDIR/LANG-PAGE (gnome.yelp
# builds OUTDIR/LANG/PAGE for installing; these are for the app's resources).
# SPDX-License-Identifier: GPL-3.0-or-later
import os, shutil, subprocess, sys, tempfile

itstool, mo, lang, outdir, pages = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([itstool, '-m', mo, '-l', lang, '-o', tmp] + pages, check=True)
    for page in pages:
        name = os.path.basename(page)
        shutil.move(os.path.join(tmp, name), os.path.join(outdir, f'{lang}-{name}'))
