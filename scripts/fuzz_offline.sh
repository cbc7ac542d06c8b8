#!/usr/bin/env bash
# The random kernels of a GPU fuzzing run, predicted again here without a GPU (issue 26):
#   scripts/fuzz_offline.sh [BUILD]        (BUILD: the build folder, default build)
# regenerates the kernels of the H200's run of 2026-11-27 (scanscope_gen --seed 20261127 --count
# 150 --one-size), checks four of them against the texts that run kept, and runs
# `scanscope validate --sources DIR --ncu-csv` with the Nsight Compute counters that run measured
# (tests/gen/h200-20261127/ncu.csv.gz: the CSV's ID, kernel, metric and value columns). Without a
# GPU validate compares only the predicted counters with the measured ones, the same comparison
# scripts/fuzz_gpu.sh makes: how many kernels' ten counters all equal ncu's, and the rows that
# differ. Needs NVRTC for the compiler view (the SASS read from the cubin; else the PTX's).
# OUT (default /tmp/scanscope-fuzz-offline) keeps the kernels and the table.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
OUT=${OUT:-/tmp/scanscope-fuzz-offline}
bin=$(realpath "$build/app/scanscope") || exit 1
gen=$(realpath "$build/tools/gen/scanscope_gen") || exit 1
data="$here/tests/gen/h200-20261127"
rm -rf "$OUT/kernels" && mkdir -p "$OUT"
"$gen" --seed 20261127 --count 150 --one-size --out "$OUT/kernels" >/dev/null || exit 1
# the generator must still write what the GPU ran (the run kept these; sizes and text)
for f in "$data"/kept/*.cu; do
  cmp -s "$f" "$OUT/kernels/$(basename "$f")" || { echo "scanscope_gen no longer writes $(basename "$f") as the H200 ran it (commit 1145b05): build that generator" >&2; exit 1; }
done
gunzip -c "$data/ncu.csv.gz" >"$OUT/ncu.csv"
"$bin" validate --sources "$OUT/kernels" --ncu-csv "$OUT/ncu.csv" --markdown "$OUT/table.md" >"$OUT/validate.log" 2>&1
total=$(grep -c '^| .*\.cu n=' "$OUT/table.md")
agree=$(grep '^| .*\.cu n=' "$OUT/table.md" | grep -c '| yes[^|]* |$')
echo "$(grep -m1 -o 'NVRTC[^;]*' "$OUT/validate.log" | head -1)"
echo "$total kernels: predicted counters == the H200's ncu counters (2026-11-27) in $agree, differ in $((total - agree))"
grep '| NO |$' "$OUT/table.md" | sed 's|^| |' >"$OUT/mismatches.md"
echo "table: $OUT/table.md; mismatching rows: $OUT/mismatches.md"
