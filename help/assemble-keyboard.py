#!/usr/bin/env python3
# assemble-keyboard.py OUTPUT IDS TEMPLATE FRAGMENT… — the manual's keyboard
# page: TEMPLATE (help/C/keyboard.page) with each game's section, from its
# folder (src/games/ID/help/keyboard.xml: one <section id="ID">, after an
# optional comment), put in place of the comment that begins "Here each
# game's section", in the order of IDS (comma-separated, one fragment
# each), a blank line between them.
# SPDX-License-Identifier: GPL-3.0-or-later
import re, sys
import xml.etree.ElementTree as ET

output, games, template, fragments = sys.argv[1], sys.argv[2].split(','), sys.argv[3], sys.argv[4:]
if len(games) != len(fragments):
    sys.exit(f'{len(games)} games, {len(fragments)} sections')
text = open(template, encoding='utf-8').read()
marker = re.search(r"^[ \t]*<!-- Here each game's section.*?-->\n", text, re.S | re.M)
if marker is None:
    sys.exit(f"{template}: no comment “Here each game's section” to put the games' sections in")

sections = []
for game, path in zip(games, fragments):
    fragment = open(path, encoding='utf-8').read()
    start = re.search(r'^[ \t]*<section\b', fragment, re.M)
    if start is None:
        sys.exit(f'{path}: no <section>')
    section = fragment[start.start():].rstrip() + '\n'
    try:
        root = ET.fromstring(section)
    except ET.ParseError as e:
        sys.exit(f'{path}: {e}')
    if root.tag != 'section' or root.get('id') != game:
        sys.exit(f'{path}: the section must be <section id="{game}">')
    sections.append(section)

with open(output, 'w', encoding='utf-8') as f:
    f.write(text[:marker.start()] + '\n'.join(sections) + text[marker.end():])
