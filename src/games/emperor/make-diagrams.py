#!/usr/bin/env python3
# make-diagrams.py — the board diagrams of the Emperor Chess manual, drawn
# from the app's own piece set. Run it after changing a diagram or a piece:
#   python3 src/games/emperor/make-diagrams.py
# SPDX-License-Identifier: GPL-3.0-or-later
import os, re

HERE = os.path.dirname(os.path.abspath(__file__))
PIECES = os.path.join(HERE, 'pieces')
OUT = os.path.join(HERE, 'help', 'figures')
NAMES = {'p': 'pawn', 'n': 'knight', 'b': 'bishop', 'r': 'rook', 'q': 'queen', 'g': 'general', 'k': 'king'}
S = 40            # square size
M = 22            # margin for coordinates
LIGHT, DARK, LINE = '#f0d9b5', '#b58863', '#731c10'
CASTLE = {(4, 4), (5, 4), (4, 5), (5, 5)}
FORTS = {(3, 3), (6, 3), (3, 6), (6, 6)}

def piece_svg(letter):
    colour = 'white' if letter.isupper() else 'black'
    text = open(os.path.join(PIECES, f'{colour}-{NAMES[letter.lower()]}.svg')).read()
    inner = re.sub(r'^.*?<svg[^>]*>', '', text, flags=re.S)
    return re.sub(r'</svg>\s*$', '', inner.strip())

def parse(fen):
    board = {}
    for r, row in enumerate(fen.split()[0].split('/')):
        rank, f, i = 9 - r, 0, 0
        while i < len(row):
            if row[i].isdigit():
                n = int(row[i:i + 2]) if row[i:i + 2] == '10' else int(row[i])
                i += 2 if n == 10 else 1
                f += n
            else:
                board[(f, rank)] = row[i]
                f += 1
                i += 1
    return board

def diagram(name, fen, marks=(), note=None):
    board = parse(fen)
    size = 10 * S + M
    # drawn at 300 pixels: it has to fit the rules pane beside the board
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 {size} {size}">',
           f'<rect width="{size}" height="{size}" fill="#ffffff"/>']
    for f in range(10):
        for r in range(10):
            x, y = M + f * S, (9 - r) * S
            out.append(f'<rect x="{x}" y="{y}" width="{S}" height="{S}" fill="{LIGHT if (f + r) % 2 else DARK}"/>')
    for (f, r) in marks:
        x, y = M + f * S, (9 - r) * S
        out.append(f'<rect x="{x}" y="{y}" width="{S}" height="{S}" fill="#33d17a" fill-opacity="0.45"/>')
    # the castle: one heavy border round the four squares; each fort its own
    out.append(f'<rect x="{M + 4 * S + 1.5}" y="{4 * S + 1.5}" width="{2 * S - 3}" height="{2 * S - 3}" fill="none" stroke="{LINE}" stroke-width="3"/>')
    for (f, r) in FORTS:
        x, y = M + f * S, (9 - r) * S
        out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{S - 6}" height="{S - 6}" fill="none" stroke="{LINE}" stroke-width="2"/>')
    for (f, r), letter in board.items():
        x, y = M + f * S, (9 - r) * S
        out.append(f'<svg x="{x + 2}" y="{y + 2}" width="{S - 4}" height="{S - 4}" viewBox="0 0 64 64">{piece_svg(letter)}</svg>')
    for i in range(10):
        out.append(f'<text x="{M + i * S + S / 2}" y="{10 * S + 16}" font-family="sans-serif" font-size="13" text-anchor="middle" fill="#3d3846">{chr(97 + i)}</text>')
        out.append(f'<text x="{M / 2}" y="{(9 - i) * S + S / 2 + 5}" font-family="sans-serif" font-size="13" text-anchor="middle" fill="#3d3846">{i + 1}</text>')
    out.append('</svg>')
    with open(os.path.join(OUT, name), 'w') as f:
        f.write('\n'.join(out) + '\n')

# the start position
diagram('emperor-start.svg', 'rnbqggkbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQGGKBNR')
# the castle (e5 f5 e6 f6) and the forts (d4 g4 d7 g7), nothing else
diagram('emperor-castle.svg', '10/10/10/10/10/10/10/10/10/10', marks=sorted(CASTLE | FORTS))
# an immune emperor: the black rook bears on him, but no black piece is on
# the castle or a fort, so it is not check
diagram('emperor-immune.svg', '6k3/10/10/10/10/4K5/10/10/10/4r5')
# the immunity lost: a black knight on the fort g4
diagram('emperor-fort.svg', '6k3/10/10/10/10/4K5/6n3/10/10/4r5')
# castle victory: the emperor and three officers hold the castle, no black on a fort
diagram('emperor-victory.svg', '6k3/10/10/10/4GR4/4KN4/10/10/10/10')
print('diagrams written to', OUT)
