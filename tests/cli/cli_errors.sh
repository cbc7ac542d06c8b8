#!/usr/bin/env bash
# Runs scanscope with bad options; each must exit non-zero with exactly one stderr line that names
# the problem (a pattern checked here), and the good commands must succeed.
set -u
bin="$1"
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expect_error() {  # pattern, args...
  local pattern="$1"; shift
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  local lines
  lines=$(wc -l <"$tmp/err")
  if [ $rc -eq 0 ] || [ "$lines" -ne 1 ] || ! grep -qE -- "$pattern" "$tmp/err"; then
    echo "FAIL: scanscope $* -> rc=$rc, stderr ($lines lines): $(cat "$tmp/err")"
    fail=1
  else
    echo "ok:   scanscope $* -> $(cat "$tmp/err")"
  fi
}

expect_ok() {
  if ! "$bin" "$@" >"$tmp/out" 2>"$tmp/err"; then
    echo "FAIL: scanscope $* should succeed: $(cat "$tmp/err")"
    fail=1
  else
    echo "ok:   scanscope $* succeeds"
  fi
}

expect_error "unknown kernel 'reduce-magic' \(known: reduce-interleaved-divergent" trace --kernel reduce-magic --device cpu
expect_error "takes --n from 1 to 2048, not 4096" trace --kernel scan-blelloch --n 4096 --device cpu
expect_error "takes --n from 1 to 1024, not 0" trace --kernel scan-hillis-steele --n 0 --device cpu
expect_error "--threads must be from 1 to 1024" trace --kernel reduce-sequential --n 64 --threads 2048 --device cpu
expect_error "needs --threads a power of two" trace --kernel reduce-sequential --n 64 --threads 48 --device cpu
expect_error "runs exactly 8 threads, not 4" trace --kernel scan-blelloch --n 16 --threads 4 --device cpu
expect_error "needs at least 64 threads" trace --kernel reduce-unroll-warp --n 64 --threads 32 --device cpu
expect_error "--pad must be none, harris or zero, not 'half'" trace --kernel scan-blelloch --n 16 --pad half --device cpu
expect_error "does not take --pad" trace --kernel reduce-sequential --n 16 --pad harris --device cpu
expect_error "--banks must be 32 or 16, not 8" trace --kernel scan-blelloch --n 16 --banks 8 --device cpu
expect_error "--warp-issue must be 32 or 16" trace --kernel scan-blelloch --n 16 --warp-issue 8 --device cpu
expect_error "unknown --op 'mul'" trace --kernel reduce-sequential --n 16 --op mul --device cpu
expect_error "--op or is bitwise and needs --type int" trace --kernel reduce-sequential --n 16 --op or --type float --device cpu
expect_error "--type must be int or float" trace --kernel reduce-sequential --n 16 --type double --device cpu
expect_error "exclusive scan only" trace --kernel scan-blelloch --n 16 --scan inclusive --device cpu
expect_error "inclusive scan only" trace --kernel scan-warp-shuffle --n 16 --scan exclusive --device cpu
expect_error "--scan must be inclusive or exclusive" trace --kernel scan-hillis-steele --n 16 --scan both --device cpu
expect_error "is a reduction and takes no --scan" trace --kernel reduce-sequential --n 16 --scan inclusive --device cpu
expect_error "--input item 3 'x' is not an integer" trace --kernel scan-blelloch --input 1,2,x,4 --device cpu
expect_error "--input item 2 is empty" trace --kernel scan-blelloch --input 1,,3 --device cpu
expect_error "does not fit in a 32-bit int" trace --kernel scan-blelloch --input 1,99999999999 --device cpu
expect_error "not a finite float" trace --kernel scan-blelloch --type float --input 1,nan --device cpu
expect_error "--device must be auto, cpu or gpu" trace --kernel scan-blelloch --device tpu
expect_error "needs --n of at least 2" trace --kernel scan-blelloch --n 1 --device cpu
expect_error "--input has 3 values but --n is 8" trace --kernel scan-blelloch --input 1,2,3 --n 8 --device cpu
expect_error "error: .*(--n|n).*" trace --kernel scan-blelloch --n twelve
expect_error "cannot open for reading" --open "$tmp/missing.json" --screenshot "$tmp/x.png"
echo '{"format":"scanscope-trace","version":1' >"$tmp/trunc.json"
expect_error "trunc.json: not valid JSON" --open "$tmp/trunc.json" --screenshot "$tmp/x.png"
if "$bin" list --json | grep -q '"gpu"'; then :; fi
# --device gpu without a GPU: one line that says why.
if ! nvidia-smi >/dev/null 2>&1; then
  expect_error "--device gpu: no usable GPU: " trace --kernel scan-blelloch --n 16 --device gpu
fi

expect_ok list
expect_ok list --json
expect_ok trace --kernel scan-blelloch --n 16 --pad none --device cpu
expect_ok trace --kernel reduce-warp-shuffle --n 1000 --type float --op max --device cpu
expect_ok trace --kernel scan-blelloch --n 8 --input 3,1,7,0,4,1,6,3 --device cpu --json "$tmp/t.json"
expect_ok --open "$tmp/t.json" --help

# The table shows the scan paper's values.
"$bin" trace --kernel scan-blelloch --input 3,1,7,0,4,1,6,3 --device cpu >"$tmp/out" 2>&1
grep -q "output: 0 3 4 11 11 15 16 22" "$tmp/out" || { echo "FAIL: blelloch output line"; fail=1; }
grep -qE "up-sweep d=4 +4 +1 " "$tmp/out" || { echo "FAIL: up-sweep row"; cat "$tmp/out"; fail=1; }
# JSON to stdout is valid JSON and the table goes to stderr.
"$bin" trace --kernel scan-blelloch --n 8 --device cpu --json - 2>/dev/null | python3 -c 'import json,sys; j=json.load(sys.stdin); assert j["format"]=="scanscope-trace"' \
  || { echo "FAIL: --json - is not JSON"; fail=1; }

if [ $fail -ne 0 ]; then echo "cli_errors: FAILED"; exit 1; fi
echo "cli_errors: all passed"
