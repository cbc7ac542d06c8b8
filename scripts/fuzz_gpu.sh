#!/usr/bin/env bash
# Differential fuzzing on the GPU machine (issue 26; docs/validation.md, "Random kernels"):
#   scripts/fuzz_gpu.sh SEED COUNT
# builds scanscope and scanscope_gen without the window (as scripts/validate_gpu.sh does), writes
# COUNT random kernel files of run SEED (each pinned to one size, N = 256 or 1000, so that each runs
# once), screens them on the interpreter alone (an error, a fault, a race or a failed check there is
# a generator or interpreter bug: kept under $OUT/rejected/), then runs validate's corpus stage on
# the rest: every timed kernel under Nsight Compute, then `validate --sources` with that CSV (the
# interpreter's trace == the GPU run of the same text, outputs and shared memory at every barrier;
# predicted shared and global counters == Nsight Compute's). $OUT/summary.txt says how many agree;
# each mismatch's kernel file is kept in $OUT/mismatches/ with its table row, and
# $OUT/mismatches/reduce.sh holds a reducer command for each (docs/validation.md says how to turn
# one into a regression kernel); at the end that folder is packed into $OUT/mismatches.tar.gz, the
# generated kernels are removed (scanscope_gen makes them again from the run number) and ncu.csv
# is gzipped. REDUCE=K also runs the reducer on the GPU for the first K
# kernels whose trace differs from the GPU run (minutes each). Budget: COUNT=200 is meant to finish
# inside 9 minutes on an H100 (16 cores), build included.
set -u
seed=${1:?usage: scripts/fuzz_gpu.sh SEED COUNT}
count=${2:?usage: scripts/fuzz_gpu.sh SEED COUNT}
OUT=${OUT:-/tmp/scanscope-fuzz}
build=${BUILD:-build-gpu}
jobs=${JOBS:-16}
mkdir -p "$OUT"
log() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$OUT/summary.txt"; }

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee -a "$OUT/summary.txt"
date -u +%Y-%m-%dT%H:%M:%SZ | tee -a "$OUT/summary.txt"
log "build (scanscope, scanscope_gen)"
cmake -S . -B "$build" -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DSCANSCOPE_GUI=OFF -DSCANSCOPE_TESTS=ON >"$OUT/configure.log" 2>&1 || { tail -20 "$OUT/configure.log"; exit 1; }
cmake --build "$build" -j "$jobs" --target scanscope scanscope_gen >"$OUT/build.log" 2>&1 || { grep -E "error" "$OUT/build.log" | head -30; exit 1; }
bin=$(realpath "$build/app/scanscope")
gen=$(realpath "$build/tools/gen/scanscope_gen")

kernels="$OUT/kernels"
rm -rf "$kernels" "$OUT/rejected" "$OUT/mismatches"
mkdir -p "$OUT/rejected" "$OUT/mismatches"
"$gen" --seed "$seed" --count "$count" --one-size --out "$kernels" | tee -a "$OUT/summary.txt"
echo "scanscope_gen --seed $seed --count $count --one-size (commit $(git rev-parse --short HEAD 2>/dev/null))" >>"$OUT/summary.txt"

# The interpreter alone, in parallel: each must run clean at its size (and NVRTC must take it:
# `compile` builds the timed kernel to machine code as the GPU will).
log "screen on the interpreter and NVRTC ($jobs at a time)"
screen_one() {
  f=$1 bin=$2 out=$3
  n=$(sed -n 's|^// require: N == \([0-9]*\).*|\1|p' "$f")
  ty=$(sed -n 's|^// types: ||p' "$f")
  b=$(basename "$f" .cu)
  if ! "$bin" trace --source "$f" --device cpu --n "$n" --type "$ty" --quiet >"$out/rejected/$b.log" 2>&1 ||
     grep -q "RACE:" "$out/rejected/$b.log"; then
    echo "$b: interpreter: $(grep -m1 -E 'error|fault|RACE|DIFFERS|thread' "$out/rejected/$b.log")" >>"$out/rejected/why.txt"
    mv "$f" "$out/rejected/"
    return
  fi
  if ! "$bin" compile --source "$f" --n "$n" --type "$ty" --cubin "$out/rejected/$b.cubin" >"$out/rejected/$b.log" 2>&1; then
    echo "$b: NVRTC: $(head -c 300 "$out/rejected/$b.log" | tr '\n' ' ')" >>"$out/rejected/why.txt"
    mv "$f" "$out/rejected/"
    return
  fi
  rm -f "$out/rejected/$b.log" "$out/rejected/$b.cubin"
}
export -f screen_one
ls "$kernels"/*.cu | xargs -P "$jobs" -I{} bash -c 'screen_one "$@"' _ {} "$bin" "$OUT"
rejected=$(ls "$OUT"/rejected/*.cu 2>/dev/null | wc -l)
echo "rejected before the GPU: $rejected (see rejected/why.txt)" | tee -a "$OUT/summary.txt"
[ -f "$OUT/rejected/why.txt" ] && head -20 "$OUT/rejected/why.txt" | tee -a "$OUT/summary.txt"

log "every timed kernel under ncu"
ncu --csv --metrics "$("$bin" validate --ncu-metrics)" "$bin" validate --sources "$kernels" --launch-timed >"$OUT/ncu.csv" 2>"$OUT/ncu_err.log"
echo "ncu exit $?" | tee -a "$OUT/summary.txt"
log "interpreter == GPU run of the same text, outputs, predicted totals == ncu"
"$bin" validate --sources "$kernels" --ncu-csv "$OUT/ncu.csv" --markdown "$OUT/fuzz_table.md" >"$OUT/validate.log" 2>&1
rc=$?
echo "validate exit $rc: $(tail -1 "$OUT/validate.log")" | tee -a "$OUT/summary.txt"
ncu_compared=1
if [ ! -s "$OUT/fuzz_table.md" ]; then
  # the ncu CSV may be what it refused: the GPU comparison alone, without it
  log "no table with ncu's counters; validate again without them (interpreter == GPU run only)"
  "$bin" validate --sources "$kernels" --markdown "$OUT/fuzz_table.md" >"$OUT/validate_no_ncu.log" 2>&1
  echo "validate exit $?: $(tail -1 "$OUT/validate_no_ncu.log")" | tee -a "$OUT/summary.txt"
  ncu_compared=0
fi
if [ ! -s "$OUT/fuzz_table.md" ]; then
  # validate stopped at a kernel (an exception): find it with one GPU trace per kernel
  log "validate wrote no table; each kernel's GPU trace instead"
  for f in "$kernels"/*.cu; do
    n=$(sed -n 's|^// require: N == \([0-9]*\).*|\1|p' "$f")
    ty=$(sed -n 's|^// types: ||p' "$f")
    if ! "$bin" trace --source "$f" --device gpu --n "$n" --type "$ty" --quiet >"$OUT/one.log" 2>&1 || grep -q DIFFERS "$OUT/one.log"; then
      cp "$f" "$OUT/mismatches/"
      echo "$(basename "$f"): $(grep -m1 -E 'error|DIFFERS|fault' "$OUT/one.log")" | tee -a "$OUT/mismatches/rows.md" "$OUT/summary.txt"
    fi
  done
  exit 1
fi

# The table's rows: | /path/gen-S-I.cu n=N sum/TYPE | output | interpreter == GPU | ... | ncu agrees |
total=0 agree=0
: >"$OUT/mismatches/rows.md"
printf '#!/usr/bin/env bash\n# One reducer run per mismatch (see docs/validation.md, "Random kernels"); run it in this folder.\n' >"$OUT/mismatches/reduce.sh"
while IFS= read -r row; do
  name=$(echo "$row" | awk -F'|' '{print $2}' | sed 's/^ *//; s/ *$//')
  case "$name" in *.cu*) ;; *) continue ;; esac
  total=$((total + 1))
  out_ok=$(echo "$row" | awk -F'|' '{print $3}')
  equal=$(echo "$row" | awk -F'|' '{print $4}')
  ncu_ok=$(echo "$row" | awk -F'|' '{print $(NF-1)}')
  file=${name%% n=*}
  n=$(echo "$name" | sed 's/.* n=\([0-9]*\).*/\1/')
  ty=$(echo "$name" | sed 's|.*/||')
  if [ "$ncu_compared" = 0 ] && echo "$ncu_ok" | grep -q 'not measured'; then ncu_ok=yes; fi
  if echo "$out_ok" | grep -q correct && echo "$equal" | grep -q '^ *equal *$' && echo "$ncu_ok" | grep -q '^ *yes'; then
    agree=$((agree + 1))
  else
    cp "$file" "$OUT/mismatches/"
    echo "$row" >>"$OUT/mismatches/rows.md"
    b=$(basename "$file")
    if ! echo "$equal" | grep -q '^ *equal *$'; then
      keep="$bin trace --source {} --device gpu --n $n --type $ty --quiet 2>&1 | grep -q DIFFERS"
    elif ! echo "$out_ok" | grep -q correct; then  # the timed kernel's output
      keep="d=\$(mktemp -d) && cp {} \$d/ && $bin validate --sources \$d | grep -q WRONG; r=\$?; rm -rf \$d; exit \$r"
    else  # a counter: the smaller file must still differ from ncu (one ncu run per candidate)
      keep="d=\$(mktemp -d) && cp {} \$d/ && ncu --csv --metrics \"\$($bin validate --ncu-metrics)\" $bin validate --sources \$d --launch-timed >\$d/n.csv 2>/dev/null; $bin validate --sources \$d --ncu-csv \$d/n.csv | grep -q '| NO |'; r=\$?; rm -rf \$d; exit \$r"
    fi
    printf "%s reduce %s --keep %q --out %s" "$gen" "$b" "$keep" "${b%.cu}.reduced.cu" >>"$OUT/mismatches/reduce.sh"
    echo >>"$OUT/mismatches/reduce.sh"
  fi
done <"$OUT/fuzz_table.md"
mism=$((total - agree))
what="output, interpreter == GPU, every counter == ncu"
[ "$ncu_compared" = 0 ] && what="output, interpreter == GPU; ncu NOT compared"
log "$total kernels run on the GPU: $agree agree on everything ($what), $mism mismatch; $rejected rejected before the GPU"
[ "$mism" -gt 0 ] && head -40 "$OUT/mismatches/rows.md" | tee -a "$OUT/summary.txt"

if [ "${REDUCE:-0}" -gt 0 ] && [ "$mism" -gt 0 ]; then
  log "reducing the first ${REDUCE} kernels whose trace differs from the GPU run"
  (cd "$OUT/mismatches" && grep "device gpu" reduce.sh | head -"$REDUCE" | while IFS= read -r cmd; do
     bash -c "$cmd --max-tests 300" 2>&1 | tee -a "$OUT/summary.txt"
   done)
fi
(cd "$OUT" && tar czf logs.tar.gz ./*.log 2>/dev/null && rm -f ./*.log)
# The device tool brings back at most 8 files of $OUT: the mismatches' kernels go into one archive
# and the CSV is compressed, so that summary.txt, fuzz_table.md and ncu.csv.gz always come back
# (2026-12-07: a run's 44 mismatch files took every place, and a second run's table was lost).
(cd "$OUT" && gzip -f ncu.csv 2>/dev/null; rm -rf kernels; tar czf mismatches.tar.gz mismatches && rm -rf mismatches)
[ "$mism" -eq 0 ]
