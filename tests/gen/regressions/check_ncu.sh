#!/usr/bin/env bash
# Regression kernels of the fuzzing (docs/validation.md, "Random kernels"): each file here states,
# in a line
#   // ncu: DEVICE, DATE: ld inst A, ld wavefronts B, ld conflicts C, st inst D, st wavefronts E,
#   //   st conflicts F, global ld requests G, global ld sectors H, global st requests I, global st sectors J
# (one comment, possibly over two lines), what Nsight Compute measured for its timed launches at
# its one size (`// require: N == ...`). The prediction (`scanscope validate --sources` with
# those numbers as an ncu CSV) must equal them (the compiler view reads the SASS; without NVRTC
# the test is skipped, exit 77). A NAME.ncu file instead names a kernel file of the project
# (`// source: tests/corpus/X.cu`) and its size (`// n: N`) beside that line.
# Usage: check_ncu.sh SCANSCOPE DIR
set -u
bin=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
root=$(cd "$(dirname "$0")/../../.." && pwd)
# Without NVRTC there is no compiler view to compare: skipped (one small trace says; each file's
# own trace beside its validate run was an interpreter run and a compile more per file).
if "$bin" trace --kernel reduce-sequential --n 8 --device cpu 2>&1 | grep -q "no CUDA compiler"; then echo "SKIP: no NVRTC here"; exit 77; fi
for f in "$dir"/*.cu "$dir"/*.ncu; do
  [ -e "$f" ] || continue
  if [ "${f##*.}" = ncu ]; then
    # A kernel file of the project measured at one size: `// source: PATH` (from the repository's
    # root) and `// n: N` beside the ncu line; the file is taken as it is, pinned to that size.
    src="$root/$(sed -n 's|^// source: ||p' "$f")"
    n=$(sed -n 's|^// n: ||p' "$f")
    [ -f "$src" ] && [ -n "$n" ] || { echo "FAIL: $(basename "$f"): no '// source:' file or '// n:' line"; fail=1; continue; }
    mkdir -p "$tmp/made"
    made="$tmp/made/$(basename "$f" .ncu).cu"
    { grep -v '^// require:' "$src" | sed "1a // require: N == $n : the size measured"; cat "$f"; } >"$made"
    f=$made
  fi
  b=$(basename "$f" .cu)
  numbers=$(sed -n '/^\/\/ ncu: /,/^\/\/ *global st sectors/p' "$f" | tr '\n' ' ' | sed 's|//||g')
  [ -n "$numbers" ] || { echo "FAIL: $b states no '// ncu:' line"; fail=1; continue; }
  get() { echo "$numbers" | sed -n "s/.*[:,] *$1 \([0-9][0-9]*\).*/\1/p"; }
  launches=$(grep -c '^// launch:' "$f")
  [ "$launches" -ge 1 ] || launches=1
  mkdir -p "$tmp/$b" && cp "$f" "$tmp/$b/"
  csv="$tmp/$b/ncu.csv"
  echo '"ID","Kernel Name","Metric Name","Metric Value"' >"$csv"
  i=0
  while [ "$i" -lt "$launches" ]; do  # the file's totals on its first launch, zeros on the others (validate sums them)
    for m in "ld inst:smsp__sass_inst_executed_op_shared_ld.sum" "st inst:smsp__sass_inst_executed_op_shared_st.sum" \
             "ld wavefronts:l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum" "st wavefronts:l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum" \
             "ld conflicts:l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum" "st conflicts:l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum" \
             "global ld requests:l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum" "global ld sectors:l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum" \
             "global st requests:l1tex__t_requests_pipe_lsu_mem_global_op_st.sum" "global st sectors:l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"; do
      v=$(get "${m%%:*}")
      [ -n "$v" ] || { echo "FAIL: $b: no '${m%%:*}' number in its ncu line"; exit 1; }
      [ "$i" -gt 0 ] && v=0
      echo "\"$i\",\"k\",\"${m#*:}\",\"$v\"" >>"$csv"
    done
    i=$((i + 1))
  done
  out=$("$bin" validate --sources "$tmp/$b" --ncu-csv "$csv" --markdown - 2>&1)
  row=$(echo "$out" | grep "^| .*$b.cu")
  if echo "$row" | grep -q '| yes |$'; then
    echo "ok: $b: predicted == ncu"
  else
    echo "FAIL: $b: predicted differs from the ncu numbers it states (predicted, then (ncu X)):"
    echo "$row"
    fail=1
  fi
done
exit $fail
