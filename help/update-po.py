#!/usr/bin/env python3
# update-po.py ITSTOOL MSGMERGE POT BUILDDIR PAGES [PO…] — the manual's
# translation template POT, from the C pages as the build lays them out
# (BUILDDIR/C/PAGE, PAGES comma-separated, in the template's order), and
# each PO merged with it. itstool runs in BUILDDIR and is given each page as
# ../help/C/PAGE: the template's references read as they did when every
# page was in help/C of the sources, whichever folder a page comes from and
# wherever the build dir is.
# SPDX-License-Identifier: GPL-3.0-or-later
import os, subprocess, sys

itstool, msgmerge, pot, builddir, pages = sys.argv[1:6]
pos = sys.argv[6:]
pot = os.path.abspath(pot)
subprocess.run([itstool, '-o', pot] + [f'../help/C/{page}' for page in pages.split(',')],
               cwd=builddir, check=True)
for po in pos:
    subprocess.run([msgmerge, '-q', '-o', po, po, pot], check=True)
