#!/bin/sh
# test-debian.sh SRCDIR BUILDDIR — the Debian packaging agrees with the
# project: debian/control's Build-Depends are build-aux/debian-packages.txt's
# "## build-depends" sections, the changelog's version is the project's and
# the metainfo's newest release, every language has both manual pages, and
# ludoteka-cli links no GTK (its package must run without a desktop).
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
# Debian's own Python, which python3-debian is for
exec /usr/bin/python3 - "$1" "$2" <<'PYTHON'
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

from debian.changelog import Changelog
from debian.deb822 import Deb822, PkgRelation

src, build = sys.argv[1], sys.argv[2]
n = 0
failed = False


def check(name, problems):
    global n, failed
    n += 1
    if problems:
        failed = True
        print(f"not ok {n} - {name}")
        for p in problems:
            print(f"# {p}")
    else:
        print(f"ok {n} - {name}")


# the list: each package with the section it stands in
listed = {}
section = None
with open(f"{src}/build-aux/debian-packages.txt", encoding="utf-8") as f:
    for line in f:
        line = line.strip()
        if line.startswith("##"):
            section = line[2:].strip()
        elif line and not line.startswith("#"):
            listed[line.split()[0]] = section

with open(f"{src}/debian/control", encoding="utf-8") as f:
    paragraphs = list(Deb822.iter_paragraphs(f))
source = paragraphs[0]
declared = {}
for alternatives in PkgRelation.parse_relations(source["Build-Depends"]):
    rel = alternatives[0]
    if not rel["name"]:   # after the last comma
        continue
    profiles = {p.profile for group in (rel.get("restrictions") or []) for p in group}
    declared[rel["name"]] = "build-depends <!nocheck>" if "nocheck" in profiles else "build-depends"
declared.pop("debhelper-compat", None)
wanted = {p: s for p, s in listed.items() if s and s.startswith("build-depends")}
problems = []
for p in sorted(set(wanted) | set(declared)):
    if p not in declared:
        problems.append(f"{p} is in the list's “{wanted[p]}” but not in debian/control")
    elif p not in wanted:
        problems.append(f"{p} is in debian/control ({declared[p]}) but not in the list's build-depends sections")
    elif wanted[p] != declared[p]:
        problems.append(f"{p}: the list says “{wanted[p]}”, debian/control “{declared[p]}”")
check("debian/control's Build-Depends are build-aux/debian-packages.txt's", problems)

# one version everywhere
with open(f"{src}/debian/changelog", encoding="utf-8") as f:
    changelog = str(Changelog(f).version)
project = json.loads(subprocess.run(["meson", "introspect", "--projectinfo", build],
                                    check=True, capture_output=True, text=True).stdout)["version"]
metainfo = ET.parse(f"{src}/data/io.github.ludoteka.Ludoteka.metainfo.xml.in")
release = metainfo.find("releases/release").get("version")
check("the changelog, meson.build and the metainfo's newest release give one version",
      [] if changelog == project == release
      else [f"debian/changelog {changelog}, meson.build {project}, metainfo {release}"])

# the manual pages: English, and each language of po/LINGUAS with the same sections
def sections(path):
    with open(path, encoding="utf-8") as f:
        return sum(1 for line in f if line.startswith(".SH "))

problems = []
with open(f"{src}/po/LINGUAS", encoding="utf-8") as f:
    languages = [w for line in f if not line.startswith("#") for w in line.split()]
for page in ["ludoteka.6", "ludoteka-cli.6"]:
    english = sections(f"{src}/data/man/{page}")
    for lang in languages:
        path = f"{src}/data/man/{lang}/{page}"
        try:
            if sections(path) != english:
                problems.append(f"{path} has {sections(path)} sections, the English {english}")
        except OSError as e:
            problems.append(f"{path}: {e.strerror}")
check("both manual pages in English and in every language of po/LINGUAS", problems)

# ludoteka-cli's own libraries: no GTK, no libadwaita
dynamic = subprocess.run(["readelf", "-d", f"{build}/src/cli/ludoteka-cli"],
                         check=True, capture_output=True, text=True).stdout
needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.*?)\]", dynamic)
check("ludoteka-cli links no GTK", [f"it needs {lib}" for lib in needed if re.match(r"lib(gtk|adwaita|gdk)", lib)]
      + ([] if needed else ["readelf found no library at all"]))

print(f"1..{n}")
sys.exit(1 if failed else 0)
PYTHON
