#!/usr/bin/env bash
# One visit to the GPU machine for the device-wide kernels: build, GPU tests, sanitizers on small
# sizes, then the bench (quick: the best kernels and their baselines; full: every kernel, int and
# float, JSON for assets/bench/). Writes logs and JSON under $OUT (default ./bench-out).
#   scripts/bench_gpu.sh quick|full
set -uo pipefail
mode=${1:-quick}
OUT=${OUT:-$PWD/bench-out}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv | tee "$OUT/gpu.txt"

t0=$(date +%s)
cmake -S . -B build-gpu -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DSCANSCOPE_GUI=OFF -DSCANSCOPE_TESTS=ON > "$OUT/build.log" 2>&1 &&
  cmake --build build-gpu -j16 --target scanscope scanscope_bench_tests >> "$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
echo "build: $(( $(date +%s) - t0 )) s"
bin=build-gpu/app/scanscope

t0=$(date +%s)
build-gpu/tests/bench/scanscope_bench_tests --gtest_brief=1 > "$OUT/tests.log" 2>&1
echo "bench tests rc=$? ($(( $(date +%s) - t0 )) s)"; grep -E "PASSED|FAILED|SKIPPED|Failure|error" "$OUT/tests.log" | head -30

ours=reduce-tree,reduce-block,reduce-chunked,reduce-atomic,reduce-two-pass,reduce-warp-shuffle,reduce-best,scan-propagate,scan-reduce-then-scan,scan-decoupled,scan-best,scan-best-inclusive
if command -v compute-sanitizer > /dev/null; then
  for tool in memcheck racecheck synccheck; do
    compute-sanitizer --tool $tool --error-exitcode 9 $bin bench --kernel $ours --min 1000 --max 9000 --repeats 1 --warmup 0 --quiet > "$OUT/sanitizer-$tool.log" 2>&1
    echo "compute-sanitizer $tool rc=$? $(grep -E 'ERROR SUMMARY' "$OUT/sanitizer-$tool.log" | head -1)"
    compute-sanitizer --tool $tool --error-exitcode 9 $bin bench --kernel scan-best,scan-best-inclusive --min 40000 --max 40000 --repeats 1 --warmup 0 --quiet > "$OUT/sanitizer-$tool-scan.log" 2>&1
    echo "compute-sanitizer $tool rc=$? $(grep -E 'ERROR SUMMARY' "$OUT/sanitizer-$tool-scan.log" | head -1)"
  done
fi

best=reduce-best,cub-reduce,read-probe,scan-best,scan-best-inclusive,cub-scan,cub-scan-inclusive,copy
if [ "$mode" = tune ]; then
  $bin bench --kernel scan-best,x-scan-256x16-r64,x-scan-128x16,x-scan-256x8,x-scan-512x16-r64,x-scan-256x24-r64,cub-scan,copy,scan-reduce-then-scan,scan-decoupled --min 1048576 --max 268435456 --repeats 10 > "$OUT/tune.txt" 2>&1
  echo "bench tune rc=$?"
  grep -E "^(scan|x-|cub|copy)" "$OUT/tune.txt" | awk '$2==1048576 || $2==16777216 || $2==268435456'
elif [ "$mode" = quick ]; then
  $bin bench --kernel $best --min 1024 --max 268435456 --json "$OUT/best-int.json" > "$OUT/best-int.txt" 2> "$OUT/best-int.err"
  echo "bench best int rc=$?"
  $bin bench --kernel $ours,cub-reduce,cub-scan,copy,read-probe --min 1048576 --max 268435456 --repeats 5 > "$OUT/ours-int.txt" 2>&1
  echo "bench ours int rc=$?"
  grep -A40 "best kernels" "$OUT/best-int.txt"
  grep -E "^(reduce|scan|cub|copy|read)" "$OUT/ours-int.txt" | awk '$2==268435456 || $2==1048576' 
else
  for type in int float; do
    t0=$(date +%s)
    $bin bench --kernel all --type $type --json "$OUT/h-$type.json" > "$OUT/all-$type.txt" 2> "$OUT/all-$type.err"
    echo "bench all $type rc=$? ($(( $(date +%s) - t0 )) s)"
  done
  $bin bench --preset harris-table2 --json "$OUT/harris-table2.json" > "$OUT/harris-table2.txt" 2>&1; echo "harris rc=$?"
  $bin bench --preset oancea --json "$OUT/oancea.json" > "$OUT/oancea.txt" 2>&1; echo "oancea rc=$?"
  grep -A60 "best kernels" "$OUT/all-int.txt"
  grep -E "WRONG|error" "$OUT"/all-*.txt | head
fi
# Load and store widths of the timed kernels (LDG.E.128 = 16-byte loads).
for o in build-gpu/kernels/CMakeFiles/scanscope_kernels.dir/device/{reduce_device,scan_device}.cu.o; do
  cuobjdump -sass "$o" | awk '/Function :/{f=$3} /LDG|STG/{match($0,/(LDG|STG)[.A-Z0-9]*/); print f, substr($0,RSTART,RLENGTH)}' | sort | uniq -c
done > "$OUT/sass-ldg.txt" 2>&1
grep -E "ReduceBest|LookBackScanILi256ELi16" "$OUT/sass-ldg.txt" | head -12
