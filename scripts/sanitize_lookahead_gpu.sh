#!/usr/bin/env bash
# On the GPU machine: compute-sanitizer on the lookahead scan at sizes where every block wraps its
# ring of stages (a stage is loaded again after its scanned tile was copied out), beside the ragged
# sizes where no stage is reused. Each run: tool, kernel, type, n, exit code, the summary line and
# whether every result was right; the first hazard reports of each racecheck run go to
# $OUT/racecheck-reports.txt.   Usage: scripts/sanitize_lookahead_gpu.sh [quick|large]
#   quick  skips the 2^28 + 7 runs (minutes under racecheck); large runs only those
set -uo pipefail
OUT=${OUT:-$PWD/sanitize-out}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
build=${BUILD:-build-gpu}
if [ ! -x "$build/app/scanscope" ]; then
  t0=$(date +%s)
  cmake -S . -B "$build" -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DSCANSCOPE_GUI=OFF -DSCANSCOPE_TESTS=ON >"$OUT/build.log" 2>&1 &&
    cmake --build "$build" -j16 --target scanscope scanscope_bench_tests >>"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
  echo "build: $(($(date +%s) - t0)) s"
fi
bin=$build/app/scanscope
compute-sanitizer --version | tail -1
reports=$OUT/racecheck-reports.txt
: >"$reports"

# tool kernel type n
one() {
  local tool=$1 kernel=$2 type=$3 n=$4 t0 rc log
  log=$(mktemp)
  t0=$(date +%s)
  timeout 280 compute-sanitizer --tool "$tool" --error-exitcode 9 --show-backtrace no --print-limit 40 \
    "$bin" bench --kernel "$kernel" --type "$type" --min "$n" --max "$n" --repeats 1 --warmup 0 >"$log" 2>&1
  rc=$?
  echo "$tool $kernel $type n=$n: exit $rc ($(($(date +%s) - t0)) s); $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -1); wrong: $(grep -c WRONG "$log")"
  if [ "$tool" = racecheck ] && [ "$rc" != 0 ]; then
    { echo "===== $kernel $type n=$n"; grep -vE '^\s*$' "$log" | head -80; } >>"$reports"
  fi
  rm -f "$log"
}

# No stage is used twice at 6145 and 1000003 (at most 8 tiles per block); from n of about 4.06M
# every block of scan-lookahead (3840-element tiles, 8 stages, one block per SM: 132 on an H100)
# loads some stage again, and x-scan-la-16x15s4's (7680, 4 stages) too; scan-best from 2^24
# (7680, 6 stages) at 2^24 + 7 and 2^28 + 7.
la=scan-lookahead,scan-lookahead-inclusive,scan-best,scan-best-inclusive
[ "${1:-}" != large ] && for tool in racecheck memcheck synccheck; do
  for type in int float; do
    one $tool $la $type 6145
    one $tool $la $type 1000003
    one $tool scan-lookahead,scan-lookahead-inclusive$([ $type = int ] && echo ,x-scan-la-16x15s4) $type 4600003
    one $tool scan-best,scan-best-inclusive $type 16777223
  done
done
if [ "${1:-}" != quick ]; then
  for tool in racecheck memcheck synccheck; do
    one $tool scan-best int 268435463
    one $tool scan-best-inclusive float 268435463
  done
fi
