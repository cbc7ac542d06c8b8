#!/usr/bin/env bash
# GPU validation of the kernel files, for one visit to the GPU machine (see docs/validation.md):
# build without the window; for every validation-plan entry a traced GPU run of the same text
# against the interpreter, the timed kernel's output, and Nsight Compute's counters against the
# bank model; the SASS of every timed kernel (with source lines) for docs/validation.md; the GPU
# tests; every exercise's model solution and start graded with --gpu (STAGE=exercises: only that).
# STAGE=sanitize runs compute-sanitizer's tools instead. STAGE=corpus validates the kernel files of
# tests/corpus (SOURCES=DIR: another folder) the same way, with the sanitizers and the corpus's GPU
# tests, building only the program and those tests. SKIP_GPU_TESTS=1 (validate): no GPU tests and no
# exercises, only the comparisons; SKIP_BENCH=1: no bench. Results go under $OUT.
set -u
OUT=${OUT:-/tmp/scanscope-validate}
STAGE=${STAGE:-validate}
mkdir -p "$OUT"
build=${BUILD:-build-gpu}
log() { echo "== $*" | tee -a "$OUT/summary.txt"; }

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee -a "$OUT/summary.txt"
date -u +%Y-%m-%dT%H:%M:%SZ | tee -a "$OUT/summary.txt"

cmake -S . -B "$build" -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DSCANSCOPE_GUI=OFF -DSCANSCOPE_TESTS=ON >"$OUT/configure.log" 2>&1 || { tail -20 "$OUT/configure.log"; exit 1; }
targets=()
[ "$STAGE" = corpus ] && targets=(--target scanscope scanscope_language_tests)
cmake --build "$build" -j 16 "${targets[@]}" >"$OUT/build.log" 2>&1 || { grep -E "error" "$OUT/build.log" | head -30; exit 1; }
bin="$build/app/scanscope"

if [ "$STAGE" = corpus ]; then
  sources=${SOURCES:-tests/corpus}
  log "corpus $sources: every timed kernel under ncu"
  ncu --csv --metrics "$("$bin" validate --ncu-metrics)" "$bin" validate --sources "$sources" --launch-timed >"$OUT/ncu.csv" 2>"$OUT/ncu_err.log"
  echo "ncu exit $?" | tee -a "$OUT/summary.txt"
  log "corpus: interpreter == GPU run of the same text, outputs, predicted totals == ncu"
  "$bin" validate --sources "$sources" --ncu-csv "$OUT/ncu.csv" --markdown "$OUT/corpus_table.md" >"$OUT/corpus.log" 2>&1
  echo "validate exit $?: $(tail -1 "$OUT/corpus.log")" | tee -a "$OUT/summary.txt"
  grep -E "DIFFERS|WRONG|\| NO \||\(ncu " "$OUT/corpus_table.md" | grep -v "| yes (" | head -40 | tee -a "$OUT/summary.txt"
  log "corpus GPU tests"
  "$build/tests/engine/cuda/scanscope_language_tests" --gtest_filter='*AgreesWithTheGpu*' >"$OUT/corpus_gpu_tests.log" 2>&1
  echo "exit $?: $(grep -E '^\[  (PASSED|FAILED) ' "$OUT/corpus_gpu_tests.log" | tr '\n' ' ')" | tee -a "$OUT/summary.txt"
  for tool in memcheck racecheck synccheck; do
    log "compute-sanitizer --tool $tool, every corpus entry's timed kernel"
    compute-sanitizer --tool "$tool" --error-exitcode 3 "$bin" validate --sources "$sources" --launch-timed >"$OUT/sanitize_$tool.log" 2>&1
    echo "exit $?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/sanitize_$tool.log" | tail -1)" | tee -a "$OUT/summary.txt"
  done
  exit 0
fi

if [ "$STAGE" = validate ]; then
  log "SASS of every plan entry's timed kernel (NVRTC, sm_90)"
  mkdir -p "$OUT/cubins"
  "$bin" validate --cubins "$OUT/cubins" | tee -a "$OUT/summary.txt"
  dis=$(command -v nvdisasm || ls /usr/local/cuda/bin/nvdisasm 2>/dev/null)
  mkdir -p "$OUT/sass"
  for f in "$OUT"/cubins/*.cubin; do
    b=$(basename "$f" .cubin)
    if [ -n "$dis" ]; then "$dis" -g -c "$f" >"$OUT/sass/$b.sass" 2>&1; else cuobjdump -sass "$f" >"$OUT/sass/$b.sass" 2>&1; fi
  done
  echo "disassembler: ${dis:-cuobjdump (no line information)}" | tee -a "$OUT/summary.txt"
  cp "$OUT/cubins/index.tsv" "$OUT/sass/"
  (cd "$OUT" && tar czf sass.tar.gz sass && rm -rf sass cubins)

  log "ncu: the six shared-memory and four global-memory counters of every timed kernel (each launch of every plan entry)"
  ncu --csv --metrics "$("$bin" validate --ncu-metrics)" \
    "$bin" validate --launch-timed >"$OUT/ncu.csv" 2>"$OUT/ncu_err.log"
  echo "ncu exit $?" | tee -a "$OUT/summary.txt"

  log "validate: interpreter == GPU run of the same text, outputs, predicted totals == ncu"
  "$bin" validate --ncu-csv "$OUT/ncu.csv" --markdown "$OUT/validation_table.md" >"$OUT/validate.log" 2>&1
  echo "validate exit $?" | tee -a "$OUT/summary.txt"
  tail -2 "$OUT/validate.log" | tee -a "$OUT/summary.txt"
  grep -E "DIFFERS|WRONG|\| NO \||\(ncu " "$OUT/validation_table.md" | grep -v "| yes (" | head -40 | tee -a "$OUT/summary.txt"

  if [ -z "${SKIP_GPU_TESTS:-}" ]; then  # SKIP_GPU_TESTS=1: a visit that only compares (about 4 minutes less)
    log "GPU tests (agreement, timed outputs, device-wide kernels, the model against ncu once more)"
    (cd "$build" && ctest -R "Gpu|NcuCsv" -E "Corpus" --output-on-failure) >"$OUT/ctest_gpu.log" 2>&1  # the corpus: STAGE=corpus
    tail -12 "$OUT/ctest_gpu.log" | tee -a "$OUT/summary.txt"
  fi
  "$bin" trace --kernel scan-blelloch --n 512 --banks 16 --device gpu --json "$OUT/blelloch512_g80_gpu.json" >"$OUT/blelloch512_g80.log" 2>&1
  echo "G80 trace on the GPU: exit $?; $(grep GPU: "$OUT/blelloch512_g80.log")" | tee -a "$OUT/summary.txt"

  if [ -z "${SKIP_BENCH:-}" ]; then  # SKIP_BENCH=1 when no device-wide code changed
    log "bench: the device strategies that launch teaching kernel files, beside CUB and the copy (int, float)"
    teaching=reduce-block,reduce-chunked,reduce-two-pass,reduce-warp-shuffle,scan-propagate,scan-reduce-then-scan
    for type in int float; do
      "$bin" bench --kernel $teaching,cub-reduce,cub-scan,copy --type $type --json "$OUT/teaching-$type.json" >"$OUT/bench_$type.log" 2>&1
      echo "bench $type exit $?; $(grep -cE "WRONG" "$OUT/bench_$type.log") wrong results" | tee -a "$OUT/summary.txt"
    done
  fi
fi

if { [ "$STAGE" = validate ] && [ -z "${SKIP_GPU_TESTS:-}" ]; } || [ "$STAGE" = exercises ]; then
  log "exercises on the GPU: every model solution passes (the gpu outcome included), every start fails"
  for ex in $(sed -n 's/^exercise: *//p' assets/exercises/*.exercise); do
    show=$("$bin" exercise show "$ex")
    start=$(printf '%s\n' "$show" | sed -n 's/^start: *//p')
    solution=$(printf '%s\n' "$show" | sed -n 's/^solution: *//p')
    "$bin" check "$solution" --exercise "$ex" --gpu >"$OUT/exercise_${ex}_solution.log" 2>&1
    rs=$?
    "$bin" check "$start" --exercise "$ex" --gpu >"$OUT/exercise_${ex}_start.log" 2>&1
    rt=$?
    echo "$ex: solution exit $rs (0 = passes), start exit $rt (1 = fails); $(grep -c 'PASS.*gpu\|gpu.*PASS' "$OUT/exercise_${ex}_solution.log") gpu passes; $(grep -m1 -o 'in [0-9.]* us as written' "$OUT/exercise_${ex}_solution.log")" | tee -a "$OUT/summary.txt"
    grep -E "FAIL" "$OUT/exercise_${ex}_solution.log" | head -3 | tee -a "$OUT/summary.txt"
  done
  (cd "$build" && ctest -R "Check|Exercise|check_cli|Nvrtc" --output-on-failure) >"$OUT/ctest_checks.log" 2>&1
  echo "check and exercise tests on the GPU: $(grep 'tests passed' "$OUT/ctest_checks.log")" | tee -a "$OUT/summary.txt"
  grep -E "Failed|FAIL" "$OUT/ctest_checks.log" | head -10 | tee -a "$OUT/summary.txt"

fi

if [ "$STAGE" = sanitize ]; then
  for tool in memcheck racecheck synccheck initcheck; do
    log "compute-sanitizer $tool (every timed kernel of the plan)"
    compute-sanitizer --tool $tool --error-exitcode 9 "$bin" validate --launch-timed >"$OUT/sanitizer_$tool.log" 2>&1
    echo "exit $?; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/sanitizer_$tool.log" | tail -1)" | tee -a "$OUT/summary.txt"
    grep -m5 -E "Error|Race|hazard|at .*\.cu:" "$OUT/sanitizer_$tool.log" | tee -a "$OUT/summary.txt"
  done
  log "the race lesson: reduce-missing-barrier, timed kernel; racecheck must flag it"
  compute-sanitizer --tool racecheck --error-exitcode 9 "$bin" trace --kernel reduce-missing-barrier --n 256 --timed >"$OUT/race_racecheck.log" 2>&1
  echo "racecheck exit $? (9 = hazards found): $(grep -E 'RACECHECK SUMMARY' "$OUT/race_racecheck.log" | tail -1)" | tee -a "$OUT/summary.txt"
  for i in 1 2 3; do "$bin" trace --kernel reduce-missing-barrier --n 256 --seed $i --timed 2>&1 | tee -a "$OUT/summary.txt"; done
  log "the traced builds under racecheck and synccheck (a few configurations)"
  for args in "--kernel scan-blelloch --n 512 --pad zero" "--kernel reduce-unroll-warp --n 1024" "--kernel scan-warp-shuffle --n 1000" "--kernel app-radix-sort --n 512"; do
    for tool in racecheck synccheck; do
      compute-sanitizer --tool $tool --error-exitcode 9 "$bin" trace $args --device gpu --quiet >"$OUT/traced_$tool.log" 2>&1
      echo "$tool $args: exit $? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/traced_$tool.log" | tail -1)" | tee -a "$OUT/summary.txt"
    done
  done
fi
(cd "$OUT" && tar czf logs.tar.gz *.log && rm -f *.log)
