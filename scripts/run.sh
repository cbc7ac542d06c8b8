#!/usr/bin/env bash
# One command for a fresh Debian 12 machine: install the packages, build, start scanscope.
# Arguments are passed to scanscope (e.g. scripts/run.sh --kernel scan-blelloch --n 16).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
exec ./build/app/scanscope "$@"
