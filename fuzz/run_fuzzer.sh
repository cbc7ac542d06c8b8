#!/usr/bin/env bash
# Bounded fuzz run for CI: replays the regression inputs (each a past crash, kept as a test), then
# fuzzes for $2 seconds from the seed corpus ($3, and what the script $5, when given, adds to it;
# with the dictionary fuzz/NAME.dict for fuzz/corpus/NAME where there is one).
# Exit non-zero on any crash, and on an input that runs longer than 30 s (a hang).
set -euo pipefail
fuzzer="$1"; seconds="$2"; seeds="$3"; regressions="$4"; more_seeds="${5:-}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if compgen -G "$regressions/[!.]*" >/dev/null; then
  "$fuzzer" -runs=0 -timeout=30 -rss_limit_mb=2048 "$regressions"/[!.]* 2>"$work/replay.log" || { tail -40 "$work/replay.log"; exit 1; }
  echo "replayed $(ls "$regressions" | grep -vc "^\.") regression inputs"
fi
cp -r "$seeds"/. "$work/corpus" 2>/dev/null || mkdir -p "$work/corpus"
[ -z "$more_seeds" ] || bash "$more_seeds" "$work/corpus"
dict="$(dirname "$(dirname "$seeds")")/$(basename "$seeds").dict"  # fuzz/NAME.dict for fuzz/corpus/NAME
dict_flag=()
[ -f "$dict" ] && dict_flag=(-dict="$dict")
"$fuzzer" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -max_len=8192 -close_fd_mask=3 "${dict_flag[@]}" \
  -artifact_prefix="$work/" "$work/corpus" 2>"$work/fuzz.log" || {
  tail -60 "$work/fuzz.log"
  echo "crash input kept as: $(ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* 2>/dev/null)"
  for f in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do [ -f "$f" ] && base64 -w0 "$f" && echo; done
  exit 1
}
grep -E "^Done|stat::number_of_executed_units" "$work/fuzz.log" | tail -2
echo "fuzzed $(basename "$fuzzer") for ${seconds}s: no crash"
