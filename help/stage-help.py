#!/usr/bin/env python3
# stage-help.py STAMP TREE SRCDIR BUILDDIR LANGS PAGES MEDIA — the manual laid
# out in the build dir as yelp finds it installed, TREE/help/LANG/ludoteka/
# (the C pages and figures from the sources, the others as
# translate-pages.py built them), so that `meson devenv` can point
# XDG_DATA_DIRS at TREE and help:ludoteka/PAGE opens the page just built.
# Links, not copies: a C page edited shows at once. Writes STAMP last.
# SPDX-License-Identifier: GPL-3.0-or-later
import os, shutil, sys

stamp, tree, srcdir, builddir = sys.argv[1:5]
langs, pages, media = (a.split(',') for a in sys.argv[5:8])
help_dir = os.path.join(tree, 'help')
shutil.rmtree(help_dir, ignore_errors=True)
for lang in langs:
    folder = os.path.join(help_dir, lang, 'ludoteka')
    os.makedirs(folder)
    for page in pages:
        source = os.path.join(srcdir, 'C', page) if lang == 'C' else os.path.join(builddir, f'{lang}-{page}')
        os.symlink(os.path.abspath(source), os.path.join(folder, page))
    for m in filter(None, media):
        os.makedirs(os.path.join(folder, os.path.dirname(m)), exist_ok=True)
        os.symlink(os.path.abspath(os.path.join(srcdir, 'C', m)), os.path.join(folder, m))
with open(stamp, 'w') as f:
    f.write('')
