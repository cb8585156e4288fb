#!/usr/bin/env python3
# add-keywords.py IN OUT IDS — the desktop file IN with each game's id
# (IDS, comma-separated: the list in src/games/meson.build) added to its
# Keywords in every language, where the translation has not got it yet.
# SPDX-License-Identifier: GPL-3.0-or-later
import re, sys

source, output, ids = sys.argv[1], sys.argv[2], sys.argv[3].split(',')
lines = []
for line in open(source, encoding='utf-8').read().split('\n'):
    m = re.match(r'(Keywords(\[[^]]*\])?=)(.*)$', line)
    if m:
        words = [w for w in m.group(3).split(';') if w]
        words += [i for i in ids if i.lower() not in (w.lower() for w in words)]
        line = m.group(1) + ''.join(w + ';' for w in words)
    lines.append(line)
with open(output, 'w', encoding='utf-8') as f:
    f.write('\n'.join(lines))
