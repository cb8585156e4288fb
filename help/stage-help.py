#!/usr/bin/env python3
# stage-help.py STAMP TREE BUILDDIR LANGS PAGES C-PAGES MEDIA — the manual
# laid out in the build dir as yelp finds it installed,
# TREE/help/LANG/ludoteka/, so that `meson devenv` can point XDG_DATA_DIRS
# at TREE and help:ludoteka/PAGE opens the page just built. C-PAGES and
# MEDIA are NAME=PATH pairs: each C page and figure is a link to its file
# (a C page edited shows at once); the other languages' pages are links to
# those translate-pages.py built (BUILDDIR/LANG/PAGE). Writes STAMP last.
# SPDX-License-Identifier: GPL-3.0-or-later
import os, shutil, sys

stamp, tree, builddir = sys.argv[1:4]
langs, pages, c_pages, media = (list(filter(None, a.split(','))) for a in sys.argv[4:8])
c_pages = dict(p.split('=', 1) for p in c_pages)
media = dict(m.split('=', 1) for m in media)
help_dir = os.path.join(tree, 'help')
shutil.rmtree(help_dir, ignore_errors=True)
for lang in ['C'] + langs:
    folder = os.path.join(help_dir, lang, 'ludoteka')
    os.makedirs(folder)
    for page in pages:
        source = c_pages[page] if lang == 'C' else os.path.join(builddir, lang, page)
        os.symlink(os.path.abspath(source), os.path.join(folder, page))
    for name, source in media.items():
        os.makedirs(os.path.join(folder, os.path.dirname(name)), exist_ok=True)
        os.symlink(os.path.abspath(source), os.path.join(folder, name))
with open(stamp, 'w') as f:
    f.write('')
