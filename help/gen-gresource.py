#!/usr/bin/env python3
# gen-gresource.py OUT LANGS PAGES MEDIA — the resource list of the manual:
# every page in every language, and the figures once, as the build lays
# them out (C/PAGE, LANG/PAGE and C/figures/NAME of the build dir).
# SPDX-License-Identifier: GPL-3.0-or-later
import sys

out, langs, pages, media = sys.argv[1], sys.argv[2].split(','), sys.argv[3].split(','), sys.argv[4]
lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<gresources>',
         '  <gresource prefix="/io/github/ludoteka/Ludoteka/help">']
for lang in langs:
    for page in pages:
        lines.append(f'    <file alias="{lang}/{page}">{lang}/{page}</file>')
for m in filter(None, media.split(',')):
    lines.append(f'    <file alias="{m}">C/{m}</file>')
lines += ['  </gresource>', '</gresources>', '']
with open(out, 'w') as f:
    f.write('\n'.join(lines))
