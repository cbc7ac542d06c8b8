#!/usr/bin/env bash
# Renders the documentation's screenshots from the table in docs/window.md ("## Screenshots": a
# row per file, its scanscope arguments in the first backquotes), so the pictures and the commands
# written beside them cannot part. A command naming bench.json gets one made by `scanscope bench`
# on this machine first, as the table says.
# Usage: [SCANSCOPE=path/to/scanscope] scripts/screenshots.sh [NAME ...]   (default
# build/app/scanscope; NAME: only the files whose name contains it)
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${SCANSCOPE:-build/app/scanscope}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
rows=$(sed -n '/^## Screenshots/,/^## /p' docs/window.md | grep -E '^\| `screenshots/[^`]+\.png` \| `')
while IFS= read -r row; do
  file=$(sed -E 's/^\| `(screenshots\/[^`]+\.png)`.*/\1/' <<<"$row")
  args=$(sed -E 's/^\| `[^`]+` \| `([^`]+)`.*/\1/' <<<"$row")
  if [ $# -gt 0 ]; then
    keep=0
    for want in "$@"; do [[ "$file" == *"$want"* ]] && keep=1; done
    [ $keep -eq 1 ] || continue
  fi
  if [[ " $args " == *" bench.json "* ]]; then
    [ -f "$tmp/bench.json" ] || "$bin" bench --min 1024 --max 4194304 --json "$tmp/bench.json" >/dev/null
    args=${args//bench.json/$tmp/bench.json}
  fi
  # shellcheck disable=SC2086  # the table's arguments are words
  if xvfb-run -a -s "-screen 0 1920x1080x24" "$bin" $args --screenshot "docs/$file" >"$tmp/out" 2>"$tmp/err"; then
    echo "ok:   docs/$file"
  else
    echo "FAIL: docs/$file: scanscope $args: $(cat "$tmp/err")"
    fail=1
  fi
done <<<"$rows"
exit $fail
