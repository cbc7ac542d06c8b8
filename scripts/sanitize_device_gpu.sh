#!/usr/bin/env bash
# On the GPU machine: compute-sanitizer's memcheck, racecheck, synccheck and initcheck over every
# device-wide kernel of `scanscope bench` (sizes 1000 .. 64000, powers of two and not, int and
# float, every result checked against the CPU). Prints one summary line per tool and type.
set -u
OUT=${OUT:-/tmp/scanscope-sanitize}
mkdir -p "$OUT"
build=${BUILD:-build-gpu}
if [ ! -x "$build/app/scanscope" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DSCANSCOPE_GUI=OFF -DSCANSCOPE_TESTS=OFF >"$OUT/configure.log" 2>&1 || exit 1
  cmake --build "$build" -j 16 >"$OUT/build.log" 2>&1 || { grep error "$OUT/build.log" | head; exit 1; }
fi
bin="$build/app/scanscope"
# Our kernels (CUB's are NVIDIA's): every device-wide strategy, the stream compactions (kept 10, 50, 90 %), the radix sorts, the copy and the read probe.
gpu_kernels=reduce-tree,reduce-block,reduce-chunked,reduce-atomic,reduce-two-pass,reduce-warp-shuffle,reduce-best,scan-propagate,scan-reduce-then-scan,scan-decoupled,scan-best,scan-best-inclusive,compact-best,compact-flagged,compact-partition,sort-onesweep,sort-onesweep-pairs,copy,read-probe
for type in int float; do
  for tool in memcheck racecheck synccheck initcheck; do
    compute-sanitizer --tool $tool --error-exitcode 9 "$bin" bench --kernel "$gpu_kernels" --type $type --min 1000 --max 64000 \
      --repeats 1 --warmup 0 --quiet >"$OUT/$tool-$type.log" 2>&1
    rc=$?
    echo "$tool $type: exit $rc; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/$tool-$type.log" | tail -1); $(tail -1 "$OUT/$tool-$type.log")"
  done
done | tee "$OUT/summary.txt"
echo "kernels: $gpu_kernels" | tee -a "$OUT/summary.txt"
(cd "$OUT" && tar czf logs.tar.gz *.log && rm -f *.log)
