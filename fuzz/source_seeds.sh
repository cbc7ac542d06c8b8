#!/usr/bin/env bash
# Seeds for fuzz_source: every kernel file of the catalogue (kernels/*/*.cu, and kernels/ops.cuh),
# as the target reads its input: one option byte (0: --n 16, int, sum) and then the text.
# Usage: source_seeds.sh CORPUS_DIR
set -euo pipefail
out="$1"
kernels="$(cd "$(dirname "$0")/../kernels" && pwd)"
mkdir -p "$out"
for f in "$kernels"/ops.cuh "$kernels"/{reduce,scan,app,seeds}/*.cu; do
  { printf '\0'; cat "$f"; } >"$out/kernel-$(basename "$f")"
done
echo "seeded with $(ls "$out" | grep -c '^kernel-') kernel files"
