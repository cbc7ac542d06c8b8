#!/usr/bin/env bash
# One command: install the packages, build everything, run the whole test suite (CTest).
# Tests that need a GPU skip with a message saying why when there is none.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANSCOPE_TESTS=ON
cmake --build build
ctest --test-dir build --output-on-failure -j "$(nproc)"
