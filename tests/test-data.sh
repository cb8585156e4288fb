#!/bin/sh
# test-data.sh SRCDIR BUILDDIR PAGES — the data files validate, every
# translation is complete, every manual page is valid Mallard and built
# (PAGES: the pages the build makes, comma-separated; the build lays them
# out in BUILDDIR/help/C and BUILDDIR/help/LANG, as they are installed).
# LUDOTEKA_SKIP_PO_CHECKS=1 leaves out whether the translations are
# complete (test-plug-in.sh: a new game's strings are not translated yet);
# the .po files must still compile.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
src=$1; build=$2; pages=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
n=0; fail=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; fail=1; }
run() {  # run NAME COMMAND…
  name=$1; shift
  if "$@" >"$tmp/out" 2>&1; then ok "$name"; else notok "$name"; sed 's/^/# /' "$tmp/out"; fi
}

app=io.github.ludoteka.Ludoteka
run "desktop file validates" desktop-file-validate "$build/data/$app.desktop"
run "metainfo validates" appstreamcli validate --no-net --pedantic "$build/data/$app.metainfo.xml"
run "GSettings schema compiles strictly" glib-compile-schemas --strict --dry-run "$build/data"
run "MIME type file is well-formed" xmllint --noout "$build/data/$app.xml"
# the format's good saves (tests/data/good) and every game's (src/games/ID/tests/data/good)
run "save schema accepts the good saves" xmllint --noout --relaxng "$src/data/ludoteka-save.rng" \
  "$src"/tests/data/good/*.ludoteka "$src"/src/games/*/tests/data/good/*.ludoteka

# Every file with a translatable string is listed: the shared ones in
# po/POTFILES.in, each game's in its meson.build.
listed=$(cat "$src/po/POTFILES.in" "$build/po/POTFILES.games" | grep -v '^#')
unlisted=
for f in $(cd "$src" && grep -rlE '(^|[^a-zA-Z_])N?_\(|translatable="yes"' src ui data \
             --include='*.c' --include='*.ui' --include='*.in' --include='*.gschema.xml'); do
  echo "$listed" | grep -qx "$f" || unlisted="$unlisted $f"
done
if [ -z "$unlisted" ]; then ok "every file with strings is listed for translation"
else notok "every file with strings is listed for translation"; echo "# not listed:$unlisted"; fi

# UI translations: merge a fresh template from the sources into each .po,
# so a string added to the code and not translated fails here.
xgettext --files-from="$src/po/POTFILES.in" --directory="$src" --output="$tmp/ludoteka.pot" \
  --from-code=UTF-8 --add-comments --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dngettext:2,3 --keyword=ngettext:1,2 --flag=N_:1:pass-c-format \
  --flag=C_:2:pass-c-format --flag=g_strdup_printf:1:c-format --flag=g_set_error:4:c-format \
  $(cat "$build/po/POTFILES.games") 2>"$tmp/xgettext.log" || { notok "xgettext"; cat "$tmp/xgettext.log"; }
check_po() {  # check_po NAME PO POT
  if [ "${LUDOTEKA_SKIP_PO_CHECKS:-0}" = 1 ]; then
    run "$1 compiles" msgfmt --check -o /dev/null "$2"
    n=$((n + 1)); echo "ok $n - $1 complete # SKIP LUDOTEKA_SKIP_PO_CHECKS"
    return
  fi
  msgmerge --quiet --no-fuzzy-matching -o "$tmp/merged.po" "$2" "$3" 2>/dev/null
  stats=$(msgfmt --check --statistics -o /dev/null "$tmp/merged.po" 2>&1 | tail -n 1)
  if msgfmt --check -o /dev/null "$2" 2>"$tmp/err" && ! echo "$stats" | grep -qE "fuzzy|untranslated"; then
    ok "$1 complete ($stats)"
  else
    notok "$1 complete ($stats)"; sed 's/^/# /' "$tmp/err"
    msgattrib --untranslated --only-fuzzy "$tmp/merged.po" 2>/dev/null | grep '^msgid' | head -5 | sed 's/^/# /'
    msgattrib --untranslated "$tmp/merged.po" 2>/dev/null | grep '^msgid' | head -10 | sed 's/^/# /'
  fi
}
for lang in $(cat "$src/po/LINGUAS"); do
  check_po "po/$lang.po" "$src/po/$lang.po" "$tmp/ludoteka.pot"
done

# The manual: the pages (the shared ones and each game's, as the build lays
# them out), and each language's translation of them.
itstool -o "$tmp/help.pot" "$build"/help/C/*.page
for lang in $(cat "$src/help/LINGUAS"); do
  check_po "help/$lang/$lang.po" "$src/help/$lang/$lang.po" "$tmp/help.pot"
done
run "manual pages are valid Mallard" yelp-check validate "$build"/help/C/*.page
for lang in $(cat "$src/help/LINGUAS"); do
  run "manual pages in $lang are valid Mallard" yelp-check validate "$build/help/$lang"/*.page
  # a quote in the reader's own language is shown once: its translation,
  # the same words again, is left out (if:test="!lang:LANG" on the page)
  twice=$(for f in "$build/help/$lang"/*.page; do
            xmllint --xpath "//*[local-name()='quote']/*[local-name()='p'][not(contains(@*[local-name()='test'], '!lang:$lang'))][normalize-space(.) = normalize-space(preceding-sibling::*[local-name()='p'][1])]" \
              "$f" 2>/dev/null | sed "s|^|${f##*/}: |"
          done)
  if [ -z "$twice" ]; then ok "no quote in $lang says the same twice"
  else notok "no quote in $lang says the same twice"; echo "$twice" | head -5 | sed 's/^/# /'; fi
done
# every page is built (and so in the app and for yelp): the shared ones and
# each game's, from its folder
for page in "$src"/help/C/*.page "$src"/src/games/*/help/*.page; do
  name=${page##*/}
  case ",$pages," in *",$name,"*) ok "$name is built";; *) notok "$name is built";; esac
done

echo "1..$n"
exit $fail
