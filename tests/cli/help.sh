#!/usr/bin/env bash
# The command line's help as a person and a terminal see it: `scanscope --help` and every command's
# --help fit 100 columns; --version prints the CMake project's VERSION; the man page the build made
# from the program's help has every command and renders without roff warnings.
# Usage: help.sh SCANSCOPE VERSION MANPAGE
set -u
bin="$1" version="$2" man="$3"
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# widest FILE...: each file's longest line's width in characters (UTF-8), one a line (one Python
# for all of them: its start-up is most of this test's time).
widest() { python3 -c 'import sys; [print(max((len(l.rstrip("\n")) for l in open(f, encoding="utf-8")), default=0)) for f in sys.argv[1:]]' "$@"; }

commands=$("$bin" --help | awk 'tolower($0) ~ /^subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }')
[ "$(echo "$commands" | wc -w)" -ge 10 ] || { echo "FAIL: --help lists too few commands: $commands"; fail=1; }
i=0
for cmd in "" $commands; do
  i=$((i + 1))
  "$bin" $cmd --help >"$tmp/help.$i" 2>&1
  echo $? >"$tmp/rc.$i"
done
mapfile -t widths < <(widest $(for k in $(seq 1 $i); do echo "$tmp/help.$k"; done))
i=0
for cmd in "" $commands; do
  i=$((i + 1))
  rc=$(cat "$tmp/rc.$i")
  w=${widths[$((i - 1))]:-999}
  if [ "$rc" -ne 0 ] || [ "$w" -gt 100 ]; then
    echo "FAIL: scanscope $cmd --help: rc=$rc, widest line $w columns (at most 100):"
    awk 'length > 100' "$tmp/help.$i"
    fail=1
  else
    echo "ok:   scanscope $cmd --help: $w columns"
  fi
done
# Wrapping keeps every word: the long --edit-script description is all there.
"$bin" --help | tr -s ' \n' ' ' | grep -q "drive the editor as FILE says, a command a line: goto LINE:COL, type TEXT" ||
  { echo "FAIL: --edit-script's description lost words in wrapping"; fail=1; }

out=$("$bin" --version)
first=$(echo "$out" | head -1)
if [ "$first" != "scanscope $version" ]; then
  echo "FAIL: --version printed '$first', expected 'scanscope $version' (CMake's project VERSION)"; fail=1
else
  echo "ok:   --version: $first"
fi

[ -s "$man" ] || { echo "FAIL: no man page at $man"; exit 1; }
grep -q "^\.TH SCANSCOPE 1 .*scanscope $version" "$man" || { echo "FAIL: the man page's .TH lacks version $version"; fail=1; }
for cmd in $commands; do
  grep -qF ".SS \"scanscope ${cmd//-/\\-}\"" "$man" || { echo "FAIL: the man page has no section for $cmd"; fail=1; }
done
# Every option of `trace --help` is in the man page.
for opt in $("$bin" trace --help | grep -oE '(^|[ ,])--[a-z][-a-z]*' | tr -d ' ,' | sort -u); do
  grep -qF -- "$(echo "$opt" | sed 's/-/\\-/g')" "$man" || { echo "FAIL: the man page lacks trace's $opt"; fail=1; }
done
if command -v groff >/dev/null; then
  groff -man -Tutf8 -ww -z "$man" 2>"$tmp/warn"
  [ ! -s "$tmp/warn" ] || { echo "FAIL: groff warns about the man page:"; cat "$tmp/warn"; fail=1; }
fi
[ $fail -eq 0 ] && echo "help: all passed"
exit $fail
