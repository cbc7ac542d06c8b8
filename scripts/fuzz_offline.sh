#!/usr/bin/env bash
# Predictions compared offline with the counters a GPU run recorded (issue 26): no GPU needed.
#   scripts/fuzz_offline.sh [BUILD] [--first N] [--expect FILE]
#       the random kernels of the H200's run of 2026-11-27, regenerated (scanscope_gen --seed
#       20261127 --count 150 --one-size; four checked against the texts that run kept, in
#       tests/gen/h200-20261127/kept) and compared with its counters (ncu.csv.gz there)
#   scripts/fuzz_offline.sh [BUILD] --ncu-csv CSV [--plan | --sources DIR | --gen SEED COUNT]
#                           [--kept DIR] [--label TEXT] [--first N] [--expect FILE]
#       any recorded run: the validation plan (--plan: `scanscope validate`, the catalogue), a
#       folder of kernel files (--sources: the corpus, or the kernels a fuzzing run kept) or the
#       generator's kernels of a seed (--gen; --kept DIR: texts the run kept, which the generator
#       must still write byte for byte). CSV: the run's `ncu --csv` output (gzip or not; the ID,
#       kernel, metric and value columns); its launches must be those of the same entries in the
#       same order (the same catalogue, the same folder's files).
#       --first N: only the first N kernel files (of --gen or --sources, in validate's order, one
#       configuration each as the generator's --one-size makes) and their launches' CSV rows.
#       --expect FILE: the configurations FILE lists (one a line, as the table names them, without
#       the folder) must agree, else exit 1 naming them (a regression); those that agree and FILE
#       lacks are listed. Exit 77 when the compiler view had no NVRTC (nothing to compare).
#   scripts/fuzz_offline.sh --diff BEFORE_TABLE AFTER_TABLE
#       the configurations that agree in one table and not in the other (regressions and fixes).
# BUILD is a build folder or an installed prefix: BUILD/app/scanscope (default build). Without a
# GPU `validate` compares only the predicted counters with the measured ones (the comparison
# scripts/fuzz_gpu.sh and scripts/validate_gpu.sh make): how many configurations' ten counters all
# equal ncu's, and the rows that differ. Needs NVRTC for the compiler view (the SASS read from the
# cubin; else the PTX's). OUT (default /tmp/scanscope-fuzz-offline) keeps the kernels, the table
# (table.md), the differing rows (mismatches.md) and validate's log. Exit 0 when it ran (whatever
# the count; with --expect, when no listed configuration lost its agreement), 1 when it could not.
# CTest runs the checked-in run's first kernels with their list (gen_offline_h200, tests/gen).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = --diff ]; then
  [ $# -eq 3 ] || { echo "usage: $0 --diff BEFORE_TABLE AFTER_TABLE" >&2; exit 1; }
  rows() { grep '^| .* | \(yes[^|]*\|NO\) |$' "$1" | sed 's/^| \([^|]*\) |.*| \(yes\|NO\)[^|]* |$/\1\t\2/' | sed 's|^/[^ ]*/||'; }
  join -t $'\t' <(rows "$2" | sort) <(rows "$3" | sort) >/tmp/scanscope-diff.$$ || true
  echo "agree before, differ after:"
  awk -F'\t' '$2 == "yes" && $3 == "NO" { print "  " $1 }' /tmp/scanscope-diff.$$
  echo "differ before, agree after:"
  awk -F'\t' '$2 == "NO" && $3 == "yes" { print "  " $1 }' /tmp/scanscope-diff.$$
  rm -f /tmp/scanscope-diff.$$
  exit 0
fi

build=build
case "${1:-}" in --*|'') ;; *) build=$1; shift ;; esac
OUT=${OUT:-/tmp/scanscope-fuzz-offline}
bin=$(realpath "$build/app/scanscope") || exit 1
csv="" mode=gen seed=20261127 count=150 sources="" kept="$here/tests/gen/h200-20261127/kept" label="" first="" expect=""
while [ $# -gt 0 ]; do
  case "$1" in
    --ncu-csv) csv=$2; shift 2 ;;
    --plan) mode=plan; kept=""; shift ;;
    --sources) mode=sources; sources=$2; kept=""; shift 2 ;;
    --gen) mode=gen; seed=$2; count=$3; kept=""; shift 3 ;;
    --kept) kept=$2; shift 2 ;;
    --label) label=$2; shift 2 ;;
    --first) first=$2; shift 2 ;;
    --expect) expect=$2; shift 2 ;;
    *) echo "unknown argument $1 (see the comment at the top of $0)" >&2; exit 1 ;;
  esac
done
if [ -z "$csv" ] && [ "$mode" = gen ] && [ "$seed" = 20261127 ] && [ "$count" = 150 ]; then  # the checked-in run
  csv="$here/tests/gen/h200-20261127/ncu.csv.gz"
  [ -n "$label" ] || label="the H200's ncu counters (2026-11-27)"
fi
[ -n "$csv" ] && [ -f "$csv" ] || { echo "no ncu CSV (--ncu-csv)" >&2; exit 1; }
[ -n "$label" ] || label="ncu ($csv)"
mkdir -p "$OUT"
case "$csv" in
  *.gz) gunzip -c "$csv" >"$OUT/ncu.csv" || exit 1 ;;
  *) [ "$(realpath "$csv")" = "$(realpath -m "$OUT/ncu.csv")" ] || cp "$csv" "$OUT/ncu.csv" || exit 1 ;;
esac
args=()
if [ "$mode" = gen ]; then
  gen=$(realpath "$build/tools/gen/scanscope_gen") || exit 1
  rm -rf "$OUT/kernels"
  "$gen" --seed "$seed" --count "$count" --one-size --out "$OUT/kernels" >/dev/null || exit 1
  args=(--sources "$OUT/kernels")
elif [ "$mode" = sources ]; then
  args=(--sources "$sources")
fi
if [ -n "$first" ]; then  # the first N files (validate's order: by name, bytewise) and their launches' rows
  [ "$mode" != plan ] || { echo "--first needs --gen or --sources" >&2; exit 1; }
  from=$OUT/kernels
  [ "$mode" = sources ] && from=$sources
  rm -rf "$OUT/first" && mkdir -p "$OUT/first"
  launches=0
  for f in $(cd "$from" && LC_ALL=C ls -- *.cu | head -n "$first"); do
    cp "$from/$f" "$OUT/first/"
    n=$(grep -c '^// launch:' "$from/$f")
    launches=$((launches + (n > 0 ? n : 1)))
  done
  awk -v k="$launches" -F'","' '!/^"[0-9]+"/ || substr($1, 2) + 0 < k' "$OUT/ncu.csv" >"$OUT/ncu.first.csv" && mv "$OUT/ncu.first.csv" "$OUT/ncu.csv"
  args=(--sources "$OUT/first")
fi
# the generator (or the folder) must still hold what the GPU ran (the run kept these texts)
if [ -n "$kept" ]; then
  for f in "$kept"/*.cu; do
    dir=$OUT/kernels
    [ "$mode" = sources ] && dir=$sources
    [ -n "$first" ] && [ ! -f "$OUT/first/$(basename "$f")" ] && continue
    cmp -s "$f" "$dir/$(basename "$f")" || { echo "$(basename "$f") is not as the GPU ran it (kept in $kept): build the generator of that run" >&2; exit 1; }
  done
fi
"$bin" validate "${args[@]}" --ncu-csv "$OUT/ncu.csv" --markdown "$OUT/table.md" >"$OUT/validate.log" 2>&1
[ -s "$OUT/table.md" ] || { echo "validate wrote no table (see $OUT/validate.log)" >&2; tail -3 "$OUT/validate.log" >&2; exit 1; }
rows='^| .* | \(yes[^|]*\|NO\) |$'
total=$(grep -c "$rows" "$OUT/table.md")
agree=$(grep "$rows" "$OUT/table.md" | grep -c '| yes[^|]* |$')
# the compiler view this build has here (a kernel of the regression set, on the interpreter)
view=$("$bin" trace --source "$here/tests/gen/regressions/sass-10.cu" --device cpu --n 1000 2>&1 | sed -n 's/^compiler: \([^.]*\).*/\1/p')
echo "compiler view: ${view:-unknown}"
case "$view" in *NVRTC*) ;; *) echo "SKIP: no NVRTC here, no compiler view to compare"; exit 77 ;; esac
echo "$total configurations: predicted counters == $label in $agree, differ in $((total - agree))"
grep '| NO |$' "$OUT/table.md" | sed 's|^| |' >"$OUT/mismatches.md"
echo "table: $OUT/table.md; mismatching rows: $OUT/mismatches.md"
if [ -n "$expect" ]; then
  agreeing=$(grep "$rows" "$OUT/table.md" | grep '| yes[^|]* |$' | sed 's/^| \([^|]*\) |.*/\1/; s|^/[^ ]*/||' | LC_ALL=C sort)
  lost=$(LC_ALL=C comm -23 <(grep -v '^#' "$expect" | LC_ALL=C sort) <(echo "$agreeing"))
  gained=$(LC_ALL=C comm -13 <(grep -v '^#' "$expect" | LC_ALL=C sort) <(echo "$agreeing"))
  [ -z "$gained" ] || { echo "agree now and $expect does not list them (add them):"; echo "$gained" | sed 's/^/  /'; }
  if [ -n "$lost" ]; then
    echo "FAIL: listed in $expect as agreeing with ncu, differ now:"
    echo "$lost" | sed 's/^/  /'
    grep -F -f <(echo "$lost") "$OUT/mismatches.md"
    exit 1
  fi
  echo "every configuration $expect lists agrees"
fi
