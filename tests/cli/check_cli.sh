#!/usr/bin/env bash
# `scanscope check` and `scanscope exercise` as a course's grading script uses them: exit 0 when
# every check passes, 1 when one fails, 2 for bad input; a line per check, a summary line for
# several files, and the JSON of docs/exercises.md. Usage: check_cli.sh SCANSCOPE SOURCE_DIR
set -u
bin="$1"
cd "$2" || exit 1
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect_rc RC ARGS...: scanscope ARGS exits RC; stdout in $tmp/out, stderr in $tmp/err.
expect_rc() {
  local want="$1"; shift
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ $rc -ne "$want" ]; then
    echo "FAIL: scanscope $* -> rc=$rc, expected $want; stdout: $(head -c 2000 "$tmp/out"); stderr: $(cat "$tmp/err")"
    fail=1
  else
    echo "ok:   scanscope $* -> rc=$rc"
  fi
}
# has FILE PATTERN (grep -E): the file has a matching line.
has() {
  if ! grep -qE -- "$2" "$1"; then
    echo "FAIL: no line matching '$2' in:"; cat "$1"; fail=1
  fi
}

start=assets/exercises/pad-blelloch-start.cu
solution=assets/exercises/pad-blelloch-solution.cu

# 0: the model solution passes every check, one line each.
expect_rc 0 check "$solution" --exercise pad-blelloch
has "$tmp/out" "^  PASS  conflicts  \[512 floats, 16 banks \(G80\)\] no bank conflicts with 16 banks$"
has "$tmp/out" "^$solution: PASS \(all 8 checks\)$"
[ "$(grep -c '^  PASS' "$tmp/out")" -eq 8 ] || { echo "FAIL: 8 PASS lines expected"; cat "$tmp/out"; fail=1; }

# 1: the start fails, and says where.
expect_rc 1 check "$start" --exercise pad-blelloch
has "$tmp/out" "^  FAIL  conflicts  \[512 floats, 16 banks \(G80\)\] 1056 bank conflicts with 16 banks \(loads 652, stores 404\), at most 0 allowed: 2-way conflicts remain at step 'load' \(line 29\)$"
has "$tmp/out" "^$start: FAIL \(2 of 8 checks failed\)$"

# Several files: a block each, then one summary line; 1 when any fails.
expect_rc 1 check "$solution" "$start" --exercise pad-blelloch
has "$tmp/out" "^summary: 2 files against pad-blelloch, 1 passed, 1 failed \($start\)$"
expect_rc 0 check kernels/reduce/reduce-sequential.cu kernels/reduce/reduce-first-add.cu --exercise missing-barrier
has "$tmp/out" "^summary: 2 files against missing-barrier, 2 passed, 0 failed$"

# A kernel that does not compile is a failed check (1), named as given, with its line.
sed 's/temp\[bi\] += temp\[ai\];/temp[bi] += temp[ai]/' "$start" >"$tmp/broken.cu"
expect_rc 1 check "$tmp/broken.cu" --exercise pad-blelloch
has "$tmp/out" "^  FAIL  runs       \[512 floats, 16 banks \(G80\)\] does not compile: $tmp/broken.cu:[0-9]+:[0-9]+: "
has "$tmp/out" "^  SKIP  output     \[512 floats, 16 banks \(G80\)\] not checked: the kernel did not run$"

# A hostile submission (docs/kernel-files.md, "Limits"): an endless loop and 20000 nested
# parentheses are failed checks with the limit's line (each limit counts work, not time; a hang
# is left to ctest's per-test timeout).
printf '// launch: k<<<1, 1024>>>(out)\n__global__ void k(int *out) { while (1) { } }\n' >"$tmp/endless.cu"
python3 -c 'print("// launch: k<<<1, 1>>>(out)\n__global__ void k(int *out) { out[0] = " + "(" * 20000 + "1" + ")" * 20000 + "; }")' >"$tmp/nested.cu"
expect_rc 1 check "$tmp/endless.cu" "$tmp/nested.cu"
has "$tmp/out" "^  FAIL  runs    stops with a fault: .*endless.cu:2:31: thread 0: the block ran more than 50000000 instructions: a loop that never ends\?"
has "$tmp/out" "^  FAIL  runs    does not compile: .*nested.cu:2:238: nested more than 200 levels deep"
# #include of a file outside the submission's tree (issue 28): a failed run, nothing of the file quoted.
printf '#include "/etc/passwd"\n// launch: k<<<1, 1>>>(out)\n__global__ void k(int *out) { out[0] = 0; }\n' >"$tmp/passwd.cu"
printf '#include "../../../../../../../../etc/hostname"\n// launch: k<<<1, 1>>>(out)\n__global__ void k(int *out) { out[0] = 0; }\n' >"$tmp/hostname.cu"
expect_rc 1 check "$tmp/passwd.cu" "$tmp/hostname.cu"
has "$tmp/out" "^  FAIL  runs    does not compile: .*passwd.cu:1:10: #include \"/etc/passwd\": an absolute path"
has "$tmp/out" "^  FAIL  runs    does not compile: .*hostname.cu:1:10: #include \"(\.\./)+etc/hostname\": outside the folders"
if grep -qw "root" "$tmp/out" "$tmp/err"; then echo "FAIL: a file outside the tree was quoted"; cat "$tmp/out"; fail=1; fi

# Without --exercise: the file's own check: line and the limits given.
expect_rc 0 check kernels/reduce/reduce-sequential.cu --n 256 --max-conflicts 0 --no-race --max-divergent-steps 0
has "$tmp/out" "^kernels/reduce/reduce-sequential.cu: n=256 sum/int$"
expect_rc 1 check kernels/reduce/reduce-interleaved.cu --n 256 --max-conflicts 0
has "$tmp/out" "^  FAIL  conflicts  105 bank conflicts \(loads 70, stores 35\), at most 0 allowed: 2-way conflicts remain at step 'stride 1' \(line 35\)$"
expect_rc 1 check kernels/reduce/reduce-missing-barrier.cu --n 256 --no-race
has "$tmp/out" "^  FAIL  race +RACE between thread 0 and thread 64 at line 44: "
expect_rc 1 check kernels/listings/scan-paper-listing1.cu --input 3,1,7,0,4,1,6,3 --type float -D CLEAR_OUTPUT_BUFFER=1
has "$tmp/out" "^  FAIL  output  wrong output at element 1: 0, expected 3$"
expect_rc 0 check kernels/reduce/reduce-first-add.cu --n 1000 --elements-per-thread 2 --max-barriers 10

# 2: bad input, one line on stderr, nothing graded.
expect_rc 2 check "$solution" --exercise fly
has "$tmp/err" "^scanscope: error: no exercise 'fly' \(exercises: conflict-free-reduction, first-add, "
expect_rc 2 check "$solution" "$tmp/missing.cu" --exercise pad-blelloch
has "$tmp/err" "^scanscope: error: $tmp/missing.cu: no such file$"
[ ! -s "$tmp/out" ] || { echo "FAIL: a bad input graded something"; cat "$tmp/out"; fail=1; }
expect_rc 2 check "$solution" --exercise pad-blelloch --n 64
expect_rc 2 check kernels/reduce/reduce-sequential.cu --max-conflicts -3
expect_rc 2 check kernels/reduce/reduce-sequential.cu --op mul
expect_rc 2 check kernels/reduce/reduce-sequential.cu --banks 8
expect_rc 2 check
expect_rc 2 check --json "$start" --exercise pad-blelloch
expect_rc 2 check "$solution" --exercise pad-blelloch --json "$tmp/nodir/grades.json"   # checked before any grading
has "$tmp/err" "--json $tmp/nodir/grades.json: no folder"
cmp -s "$start" assets/exercises/pad-blelloch-start.cu || { echo "FAIL: --json overwrote a kernel file"; fail=1; }

# JSON to stdout (the lines go to stderr), and to a file (the lines stay on stdout).
expect_rc 1 check "$solution" "$start" --exercise pad-blelloch --json
python3 - "$tmp/out" "$solution" "$start" <<'PY' || fail=1
import json, sys
j = json.load(open(sys.argv[1]))
assert j["format"] == "scanscope-check" and j["version"] == 1, j
assert j["exercise"] == "pad-blelloch" and j["passed"] is False
assert j["summary"] == {"files": 2, "passed": 1, "failed": 1}, j["summary"]
good, bad = j["files"]
assert good["file"] == sys.argv[2] and good["passed"] is True and len(good["checks"]) == 8
assert bad["file"] == sys.argv[3] and bad["passed"] is False
c = [c for c in bad["checks"] if not c["passed"]][0]
assert set(c) == {"run", "check", "passed", "skipped", "line", "sentence"}, c
assert c["run"] == "512 floats, 16 banks (G80)" and c["check"] == "conflicts" and c["line"] == 29 and c["skipped"] is False, c
assert c["sentence"].endswith("2-way conflicts remain at step 'load' (line 29)"), c
PY
has "$tmp/err" "^summary: 2 files against pad-blelloch, 1 passed, 1 failed"
expect_rc 0 check kernels/reduce/reduce-sequential.cu --n 64 --no-race --json "$tmp/r.json"
has "$tmp/out" "^  PASS  race"
python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["exercise"] is None and j["passed"] and [c["check"] for c in j["files"][0]["checks"]] == ["runs", "output", "race"], j' "$tmp/r.json" \
  || { echo "FAIL: --json FILE"; fail=1; }

# The exercises, listed and shown.
expect_rc 0 check --list
[ "$(wc -l <"$tmp/out")" -ge 8 ] || { echo "FAIL: check --list lists fewer than 8 exercises"; cat "$tmp/out"; fail=1; }
has "$tmp/out" "^pad-blelloch +Pad the Blelloch scan"
expect_rc 0 exercise list
expect_rc 0 exercise show first-add
has "$tmp/out" "^  checks: output, elements-per-thread 2, max-conflicts 0$"
expect_rc 2 exercise show fly

if [ $fail -ne 0 ]; then echo "check_cli: FAILED"; exit 1; fi
echo "check_cli: all passed"
