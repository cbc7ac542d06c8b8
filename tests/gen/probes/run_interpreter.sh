#!/usr/bin/env bash
# Every probe kernel of this folder runs clean on the interpreter at its one size (no error, no
# fault, no race), so that the next visit to the GPU machine can run them as README.md says.
#   run_interpreter.sh SCANSCOPE DIR
set -u
bin=$1 dir=$2 bad=0 ran=0
for f in "$dir"/*.cu; do
  n=$(sed -n 's|^// require: N == \([0-9]*\).*|\1|p' "$f")
  ty=$(sed -n 's|^// types: ||p' "$f")
  if [ -z "$n" ] || [ -z "$ty" ]; then echo "FAIL $f: no '// require: N == ...' or '// types:' line"; bad=1; continue; fi
  log=$("$bin" trace --source "$f" --device cpu --n "$n" --type "$ty" --quiet 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || grep -q "RACE:" <<<"$log"; then echo "FAIL $f (exit $rc):"; head -20 <<<"$log"; bad=1; fi
  ran=$((ran + 1))
done
echo "$ran probe kernels run on the interpreter"
[ "$ran" -gt 0 ] || bad=1
exit $bad
