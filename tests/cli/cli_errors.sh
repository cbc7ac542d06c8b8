#!/usr/bin/env bash
# Runs scanscope with every bad input of bad_inputs.sh; each must exit non-zero with exactly one
# stderr line that names the problem (the case's pattern). Then the good commands must succeed.
# Usage: cli_errors.sh SCANSCOPE. No case is timed: each limit counts work, and a hang is left to
# ctest's per-test timeout (a busy machine is slow, not wrong).
set -u
bin="$1"
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One bad input (tests/cli/bad_inputs.sh): non-zero exit, exactly one stderr line matching the
# pattern.
bad_input() {  # label, pattern, args...
  local label="$1" pattern="$2"; shift 2
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  local lines
  lines=$(wc -l <"$tmp/err")
  if [ $rc -eq 0 ] || [ "$lines" -ne 1 ] || ! grep -qE -- "$pattern" "$tmp/err"; then
    echo "FAIL: $label: scanscope $* -> rc=$rc, stderr ($lines lines): $(cat "$tmp/err")"
    fail=1
  else
    echo "ok:   $label: scanscope $* -> $(cat "$tmp/err")"
  fi
}
# The GPU cases only where there is none.
if nvidia-smi >/dev/null 2>&1; then
  bad_input_no_gpu() { :; }
else
  bad_input_no_gpu() { bad_input "$@"; }
fi

expect_ok() {
  if ! "$bin" "$@" >"$tmp/out" 2>"$tmp/err"; then
    echo "FAIL: scanscope $* should succeed: $(cat "$tmp/err")"
    fail=1
  else
    echo "ok:   scanscope $* succeeds"
  fi
}

. "$(dirname "$0")/bad_inputs.sh"

# A lesson step whose `at` is past its trace's last step: refused by lesson list, lesson show and
# the window, naming the file, the line of `at` and the trace's steps (never shown at the last).
mkdir -p "$tmp/assets/lessons"
printf 'lesson: far\ntitle: Far\nstep: one\nkernel: reduce-sequential\ninput: 2,4,6,8\nat: 99999\ntext: t\n' >"$tmp/assets/lessons/01-far.lesson"
far="01-far.lesson:6: at: 99999 is past the last step: reduce-sequential n=4 sum/int has 4 steps, 0 to 3"
SCANSCOPE_ASSETS="$tmp/assets" bad_input "lesson at past the trace (list)" "$far" lesson list
SCANSCOPE_ASSETS="$tmp/assets" bad_input "lesson at past the trace (show)" "$far" lesson show far
SCANSCOPE_ASSETS="$tmp/assets" bad_input "lesson at past the trace (window)" "$far" --lesson far --screenshot "$tmp/x.png"

# The kernel of the missing-init case (bad_inputs.sh) with the host's zeroing in its header: the
# fault is gone and the sum is right.
{ echo '// init: out = 0'; cat "$tmp/missing-init.cu"; } >"$tmp/with-init.cu"
expect_ok trace --source "$tmp/with-init.cu" --n 8 --input 1,2,3,4,5,6,7,8 --device cpu
if ! grep -qx "output: 36" "$tmp/out" || ! grep -qx "output matches the sequential CPU reference" "$tmp/out"; then
  echo "FAIL: with-init.cu: expected 'output: 36' and a match: $(tail -3 "$tmp/out")"
  fail=1
fi

# The missing-init case itself keeps what ran before its fault: the table up to the fault on
# stdout (its last step "up to the fault"), the fault's one line on stderr, exit 1, and --json
# writes that trace with the fault in it.
"$bin" trace --source "$tmp/missing-init.cu" --n 8 --device cpu --json "$tmp/fault.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 1 ] || ! grep -q "up to the fault" "$tmp/out" || ! grep -q "^the kernel faulted" "$tmp/out" ||
   [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -q '"fault":{"col":46' "$tmp/fault.json"; then
  echo "FAIL: a fault's trace: rc=$rc, stdout: $(tail -3 "$tmp/out"), stderr: $(cat "$tmp/err"), json: $(grep -o '"fault":{[^}]*}' "$tmp/fault.json")"
  fail=1
else
  echo "ok:   a fault's trace: the table up to it, its line, exit 1, and the JSON"
fi
expect_ok --open "$tmp/fault.json" --help

# The edit script that --lesson-walk must not replace (bad_inputs.sh) is still there.
grep -qx "frames 1" "$tmp/walk/padding-0.png" || { echo "FAIL: the edit script was replaced"; fail=1; }

# The interpreter's bytecode needs no toolkit: an instruction a line with its source position.
expect_ok compile --kernel scan-blelloch --bytecode "$tmp/blelloch.bytecode"
if ! grep -qE '^ +[0-9]+ +[0-9]+:[0-9]+ +SyncThreads +__syncthreads\(\), sync point 0, step "up-sweep' "$tmp/blelloch.bytecode" ||
   ! grep -qE 'St +site [0-9]+: st temp\[bi\]' "$tmp/blelloch.bytecode"; then
  echo "FAIL: compile --bytecode: $(head -5 "$tmp/blelloch.bytecode")"
  fail=1
fi

# A 16-bit binary PPM (once a crash in stb): read by our own reader, equalized, written.
python3 -c 'import sys; open(sys.argv[1], "wb").write(b"P6 64 64 65535\n" + bytes(i % 251 for i in range(64 * 64 * 6)))' "$tmp/ok16.ppm"
expect_ok histeq --image "$tmp/ok16.ppm" --out "$tmp/ok16.png"
expect_ok histeq --image "$tmp/ok16.png"

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
# --code: the reduction problem's loop under its steps, the store and both loads of the tree line marked.
"$bin" trace --kernel reduce-sequential --input 5,3,8,1,7,2,9,4 --device cpu --code >"$tmp/out" 2>&1
grep -qE "^      kernels/reduce/reduce-sequential.cu:[0-9]+  sdata\[tid\] = OP\(sdata\[tid\], sdata\[tid \+ s\]\);" "$tmp/out" \
  || { echo "FAIL: --code shows the tree's line"; cat "$tmp/out"; fail=1; }
grep -qE "^ +==========      \^{10}  \^{14}$" "$tmp/out" || { echo "FAIL: --code marks the store and the two loads"; cat "$tmp/out"; fail=1; }
# --no-compiler-view: no NVRTC, every shared access as the source writes it, and the compiler line
# says so; the race and the output are the interpreter's, the same as with the view.
"$bin" trace --kernel reduce-missing-barrier --n 256 --device cpu --no-compiler-view >"$tmp/plain" 2>&1
"$bin" trace --kernel reduce-missing-barrier --n 256 --device cpu >"$tmp/viewed" 2>&1
if ! grep -q "^compiler: not asked (--no-compiler-view): every shared access is modelled as the source writes it" "$tmp/plain" ||
   ! grep -q "RACE:" "$tmp/plain" || [ "$(grep "^output:" "$tmp/plain")" != "$(grep "^output:" "$tmp/viewed")" ] ||
   [ "$(grep -c "RACE:" "$tmp/plain")" -ne "$(grep -c "RACE:" "$tmp/viewed")" ]; then
  echo "FAIL: trace --no-compiler-view: $(grep -E "^compiler|^output" "$tmp/plain") / $(grep -E "^compiler|^output" "$tmp/viewed")"; fail=1
fi
# Where the compiler merges accesses (Listing 2's pairs: one LDS.64, one STS.64), only the view
# counts them merged; without NVRTC both are as written.
"$bin" trace --kernel scan-paper-listing2 --n 512 --type float --device cpu --no-compiler-view >"$tmp/plain" 2>&1
"$bin" trace --kernel scan-paper-listing2 --n 512 --type float --device cpu >"$tmp/viewed" 2>&1
grep -q "ld inst 244, wavefronts 763, conflicts 519; st inst 77," "$tmp/plain" || { echo "FAIL: Listing 2 as written: $(grep "^totals" "$tmp/plain")"; fail=1; }
ld_inst() { sed -n 's/^totals.*: ld inst \([0-9]*\),.*/\1/p' "$1"; }
if grep -q "^compiler: NVRTC" "$tmp/viewed"; then
  [ "$(ld_inst "$tmp/viewed")" -lt 244 ] || { echo "FAIL: Listing 2 with the compiler view, no load merged: $(grep "^totals" "$tmp/viewed")"; fail=1; }
else
  [ "$(grep "^totals" "$tmp/plain")" = "$(grep "^totals" "$tmp/viewed")" ] || { echo "FAIL: no NVRTC, yet the totals differ"; fail=1; }
fi
# Output that cannot be written is an error (exit 1), not a silent loss.
# (lesson list over a folder of one small lesson: it runs every step of every lesson before it
# prints, and the shipped ones are run by the lesson tests and install.sh)
mkdir -p "$tmp/one-lesson/lessons"
printf 'lesson: one\ntitle: One\nstep: a\nkernel: reduce-sequential\ninput: 2,4,6,8\ntext: t\n' >"$tmp/one-lesson/lessons/01-one.lesson"
for args in "list" "list --json" "trace --kernel scan-blelloch --n 8 --device cpu --json -" "lesson list"; do
  # shellcheck disable=SC2086
  SCANSCOPE_ASSETS="$tmp/one-lesson" "$bin" $args >/dev/full 2>"$tmp/err"
  rc=$?
  if [ $rc -ne 1 ] || ! grep -qE "cannot write standard output|standard output: cannot write" "$tmp/err"; then
    echo "FAIL: scanscope $args >/dev/full -> rc=$rc: $(cat "$tmp/err")"; fail=1
  else
    echo "ok:   scanscope $args >/dev/full -> $(cat "$tmp/err")"
  fi
done
# Devices are written, never replaced (root may rename over /dev/null).
"$bin" trace --kernel scan-blelloch --n 8 --device cpu --quiet --json /dev/null || { echo "FAIL: --json /dev/null"; fail=1; }
[ -c /dev/null ] || { echo "FAIL: /dev/null is no longer a device"; fail=1; }
"$bin" trace --kernel scan-blelloch --n 8 --device cpu --quiet --json /dev/full 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "No space left on device" "$tmp/err" || { echo "FAIL: --json /dev/full: $(cat "$tmp/err")"; fail=1; }
# "-" is standard output for every writer, never a file named "-".
(cd "$tmp" && "$bin" histeq --out - 2>/dev/null | head -c 4 | od -c | grep -q "P   N   G") || { echo "FAIL: histeq --out - writes a PNG to stdout"; fail=1; }
# (validate over a folder of one small kernel file: the whole plan on the CPU took two minutes
# under the sanitizers)
mkdir -p "$tmp/one" && cp "$tmp/with-init.cu" "$tmp/one/"
(cd "$tmp" && "$bin" validate --sources "$tmp/one" --markdown - >"$tmp/validate.out" 2>&1; [ ! -e "$tmp/-" ]) || { echo "FAIL: validate --markdown - created a file named -"; fail=1; }
grep -q "with-init.cu" "$tmp/validate.out" || { echo "FAIL: validate --markdown - wrote no table to stdout: $(head -3 "$tmp/validate.out")"; fail=1; }
# JSON to stdout is valid JSON and the table goes to stderr.
"$bin" trace --kernel scan-blelloch --n 8 --device cpu --json - 2>/dev/null | python3 -c 'import json,sys; j=json.load(sys.stdin); assert j["format"]=="scanscope-trace"' \
  || { echo "FAIL: --json - is not JSON"; fail=1; }

if [ $fail -ne 0 ]; then echo "cli_errors: FAILED"; exit 1; fi
echo "cli_errors: all passed"
