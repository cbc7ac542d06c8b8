#!/usr/bin/env bash
# GPU validation of the trace engine, for one visit to the GPU machine (see ../shared/GPU.md):
# build without the window, run the GPU tests, compare predicted bank totals with Nsight Compute,
# run compute-sanitizer's memcheck, racecheck and synccheck, and write the results under $OUT.
set -u
OUT=${OUT:-/tmp/scanscope-validate}
mkdir -p "$OUT"
build=${BUILD:-build-gpu}
log() { echo "== $*" | tee -a "$OUT/summary.txt"; }

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$OUT/device.txt"
date -u +%Y-%m-%dT%H:%M:%SZ >>"$OUT/device.txt"

cmake -S . -B "$build" -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DSCANSCOPE_GUI=OFF -DSCANSCOPE_TESTS=ON >"$OUT/configure.log" 2>&1 || { tail -20 "$OUT/configure.log"; exit 1; }
cmake --build "$build" -j 16 >"$OUT/build.log" 2>&1 || { grep -E "error" "$OUT/build.log" | head -30; exit 1; }
bin="$build/app/scanscope"

log "SASS shared-memory instructions of the timed kernels (4-byte only expected)"
cuobjdump -sass "$bin" 2>/dev/null | awk '/Function :/{f=$3} /LDS|STS/{match($0,/(LDS|STS)[.A-Z0-9]*/); if (f ~ /timed_kernel/) print substr($0,RSTART,RLENGTH)}' | sort | uniq -c | tee -a "$OUT/summary.txt"

log "GPU tests (emulator == GPU trace, timed outputs, ncu totals)"
(cd "$build" && ctest -R "Gpu|NcuCsv" --output-on-failure) >"$OUT/ctest_gpu.log" 2>&1
tail -15 "$OUT/ctest_gpu.log" | tee -a "$OUT/summary.txt"

log "ncu: predicted vs measured for every plan entry"
ncu --csv --metrics "$("$bin" validate --help >/dev/null; echo l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum)" \
  "$bin" validate --launch-timed >"$OUT/ncu.csv" 2>"$OUT/ncu.err"
echo "ncu exit $?" | tee -a "$OUT/summary.txt"
"$bin" validate --ncu-csv "$OUT/ncu.csv" --markdown "$OUT/validation_table.md" >"$OUT/validate.log" 2>&1
echo "validate exit $?" | tee -a "$OUT/summary.txt"
tail -3 "$OUT/validate.log" | tee -a "$OUT/summary.txt"
grep -E "DIFFERS|WRONG|\| NO \|" "$OUT/validation_table.md" | head -20 | tee -a "$OUT/summary.txt"

for tool in memcheck racecheck synccheck initcheck; do
  log "compute-sanitizer $tool (timed kernels)"
  compute-sanitizer --tool $tool --error-exitcode 9 "$bin" validate --launch-timed >"$OUT/sanitizer_$tool.log" 2>&1
  echo "exit $?; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/sanitizer_$tool.log" | tail -1)" | tee -a "$OUT/summary.txt"
done
log "compute-sanitizer racecheck/synccheck on traced kernels (a few configurations)"
for args in "--kernel scan-blelloch --n 512 --pad zero" "--kernel reduce-unroll-warp --n 1024" "--kernel scan-warp-shuffle --n 1000" "--kernel reduce-warp-shuffle --n 1000" "--kernel scan-hillis-steele --n 777 --scan exclusive"; do
  for tool in racecheck synccheck memcheck; do
    compute-sanitizer --tool $tool --error-exitcode 9 "$bin" trace $args --device gpu --quiet >"$OUT/traced_$tool.log" 2>&1
    echo "$tool $args: exit $? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/traced_$tool.log" | tail -1)" | tee -a "$OUT/summary.txt"
  done
done
log "race lesson: reduce-missing-barrier, timed kernel, racecheck must flag it"
compute-sanitizer --tool racecheck --error-exitcode 9 "$bin" trace --kernel reduce-missing-barrier --n 256 --timed >"$OUT/race_racecheck.log" 2>&1
echo "racecheck exit $? (9 = hazards found): $(grep -E 'RACECHECK SUMMARY' "$OUT/race_racecheck.log" | tail -1)" | tee -a "$OUT/summary.txt"
grep -m3 -E "Error|Race|hazard" "$OUT/race_racecheck.log" | tee -a "$OUT/summary.txt"
for i in 1 2 3 4 5; do "$bin" trace --kernel reduce-missing-barrier --n 256 --seed $i --timed 2>&1 | tee -a "$OUT/summary.txt"; done
for n in 1024 65536; do "$bin" trace --kernel reduce-missing-barrier --n $n --threads 1024 --timed 2>&1 | tee -a "$OUT/summary.txt"; done
log "non-commutative mat2 on the GPU: order-keeping kernels right, reordering ones wrong"
for k in reduce-interleaved reduce-sequential reduce-warp-shuffle scan-blelloch scan-hillis-steele scan-warp-shuffle; do
  "$bin" trace --kernel $k --n 256 --op mat2 --timed 2>&1 | tee -a "$OUT/summary.txt"
done
"$bin" trace --kernel scan-blelloch --n 16 --pad none --device gpu >"$OUT/blelloch16_gpu.txt" 2>&1
"$bin" trace --kernel scan-blelloch --n 512 --banks 16 --device gpu --json "$OUT/blelloch512_g80_gpu.json" >/dev/null 2>&1
(cd "$OUT" && tar czf logs.tar.gz *.log *.md summary.txt && rm -f *.log)
