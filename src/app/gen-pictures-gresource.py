#!/usr/bin/env python3
# gen-pictures-gresource.py OUTPUT RESOURCE-BASE PICTURE… — the GResource
# list of the game chooser's PNG pictures, under RESOURCE-BASE/pictures.
import sys
from xml.sax.saxutils import escape

output, base, pictures = sys.argv[1], sys.argv[2], sys.argv[3:]
with open(output, 'w', encoding='utf-8') as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gresources>\n')
    out.write('  <gresource prefix="%s/pictures">\n' % escape(base))
    for picture in pictures:
        out.write('    <file compressed="false">%s</file>\n' % escape(picture))
    out.write('  </gresource>\n</gresources>\n')
