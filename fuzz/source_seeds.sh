#!/usr/bin/env bash
# Seeds for fuzz_source: every kernel file of the catalogue (kernels/*/*.cu, and kernels/ops.cuh)
# and of the language corpus (tests/corpus: templates, cooperative groups, structs, class
# templates, printf, init: lines, dim3), as the target reads its input: one option byte (0: --n 16,
# int, sum) and then the text.
# Usage: source_seeds.sh CORPUS_DIR
set -euo pipefail
out="$1"
kernels="$(cd "$(dirname "$0")/../kernels" && pwd)"
corpus="$(cd "$(dirname "$0")/../tests/corpus" && pwd)"
mkdir -p "$out"
for f in "$kernels"/ops.cuh "$kernels"/{reduce,scan,app,memory,listings}/*.cu; do
  { printf '\0'; cat "$f"; } >"$out/kernel-$(basename "$f")"
done
for f in "$corpus"/*.cu; do
  { printf '\0'; cat "$f"; } >"$out/corpus-$(basename "$f")"
done
echo "seeded with $(ls "$out" | grep -c '^corpus-') corpus files and $(ls "$out" | grep -c '^kernel-') kernel files"
