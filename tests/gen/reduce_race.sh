#!/usr/bin/env bash
# The reducer in CI, on a synthetic property: a generated kernel with one barrier left out
# (--inject-race) races on a shared word; `scanscope_gen reduce` with the property "the
# interpreter still reports a race" must keep the race and leave a much shorter file.
# Also: the program's usage errors, one line each.
# Usage: reduce_race.sh SCANSCOPE_GEN SCANSCOPE
set -u
gen=$1
scanscope=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A race shows as RACE: in the step table, or as a read of a word no thread has written yet.
# (--no-compiler-view: races come from the interpreter alone; NVRTC for each of the reducer's
# hundreds of candidates was most of this test's time)
# Under the sanitizers a leak report in that output fails the test (the reducer's candidates below
# run without the leak check).
races() {
  local out
  out=$("$scanscope" trace --source "$1" --device cpu --n 256 --type "$2" --no-compiler-view 2>&1)
  if grep -q "LeakSanitizer" <<<"$out"; then fail "a leak tracing $1: $out"; fi
  grep -q "RACE:" <<<"$out"
}

# The first of a few fixed kernels whose missing barrier is a race the interpreter sees.
file=""
for i in 0 1 2 3 4 5 6 7 8 9; do
  "$gen" --seed 5 --first "$i" --count 1 --inject-race --out "$dir" >/dev/null || fail "scanscope_gen --seed 5 --first $i"
  f="$dir/gen-5-$i.cu"
  grep -q "no barrier here" "$f" || continue
  if races "$f" "$(sed -n 's|^// types: ||p' "$f")"; then file=$f; break; fi
done
[ -n "$file" ] || fail "none of seed 5's first ten kernels races with a barrier left out"
before=$(grep -c . "$file")

# (the reducer may drop the types: line, so the type is given; it keeps the race whatever else goes)
type=$(sed -n 's|^// types: ||p' "$file")
# The candidates run with LeakSanitizer's scan at exit off: under the sanitizers (2026-12-07) it
# doubled the test, 10.9 -> 20.6 CPU s and 18 -> 36 s on the clock over the reducer's ~300 runs
# (with scripts/test.sh's use_tls=0 a run's glibc blocks look leaked, and matching them to
# scripts/lsan.supp starts llvm-symbolizer: 85 starts, 7.3 CPU s), and a leak report there went
# to grep, never failing the test. The runs above and the reduced file's check below keep it, and
# fail on a report.
quiet_leaks="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
keep="ASAN_OPTIONS='$quiet_leaks' '$scanscope' trace --source {} --device cpu --n 256 --type $type --no-compiler-view 2>&1 | grep -q 'RACE:'"
"$gen" reduce "$file" --keep "$keep" --out "$dir/reduced.cu" --max-tests 600 || fail "reduce failed"
after=$(grep -c . "$dir/reduced.cu")
echo "reduced $(basename "$file"): $before lines -> $after"
cat "$dir/reduced.cu"
races "$dir/reduced.cu" "$type" || fail "the reduced file no longer races"
grep -q "launch:" "$dir/reduced.cu" || fail "the reduced file lost its launch line"
[ "$after" -le $((before / 3)) ] || fail "only $before -> $after lines (expected at most a third)"
# The same property on a file that does not have it: one clear line and a failure.
"$gen" --seed 5 --first 0 --count 1 --out "$dir/clean" >/dev/null
if "$gen" reduce "$dir/clean/gen-5-0.cu" --keep "$keep" --out "$dir/none.cu" 2>"$dir/err"; then fail "reduced a file without the property"; fi
grep -q "does not hold" "$dir/err" || fail "no message for a file without the property: $(cat "$dir/err")"
# The program's own mistakes: one line on stderr, exit 2.
for args in "--count 3 --out $dir/x" "--seed 1" "--seed x --out $dir/x" "--seed 1 --out $dir/x --bogus" "reduce" \
            "reduce $dir/reduced.cu" "reduce $dir/missing.cu --keep true"; do
  # shellcheck disable=SC2086
  "$gen" $args >/dev/null 2>"$dir/err"
  rc=$?
  [ "$rc" -eq 2 ] || fail "scanscope_gen $args: exit $rc, not 2"
  [ "$(wc -l <"$dir/err")" -eq 1 ] && grep -q "^scanscope_gen: " "$dir/err" || fail "scanscope_gen $args: $(cat "$dir/err")"
done
echo "PASS"
