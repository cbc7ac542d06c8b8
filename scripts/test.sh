#!/usr/bin/env bash
# One command: install the packages, build everything, run the whole test suite.
#  1. the normal build (GPU kernels when nvcc is there, the window) and all its tests; then the
#     Debian package made from it, unpacked and run with the source tree out of reach;
#  2. the CPU code and the window again with clang under AddressSanitizer and UndefinedBehaviorSanitizer:
#     the same unit, command-line and window tests (the window under Xvfb), plus bounded libFuzzer
#     runs of every loader, the parser and the interpreter.
# Tests that need a GPU skip with a message saying why when there is none.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
jobs=$(nproc)

echo "== scanscope: build and test"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCANSCOPE_TESTS=ON
cmake --build build
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== scanscope: the Debian package, run from its unpacked files"
# From the Release build above (nothing built again): the .deb, unpacked with dpkg-deb -x into a
# scratch root and run from there with the source tree hidden (scripts/check_package.sh).
scripts/package.sh --no-check
scripts/check_package.sh

echo "== scanscope: sanitizers (ASan + UBSan) and fuzzing, the window included"
# One build with clang under the sanitizers (one compile of everything: CI's time), its tests in
# two runs: everything but the window with LeakSanitizer on, then the window's tests under Xvfb
# with leak checking off, because Mesa's OpenGL driver (llvmpipe), loaded and unloaded by GLFW,
# leaves allocations that LeakSanitizer cannot even name. ASan and UBSan stop either at any memory
# error or undefined behaviour.
CC=clang CXX=clang++ cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSCANSCOPE_CUDA=OFF \
  -DSCANSCOPE_GUI=ON -DSCANSCOPE_SANITIZE=ON -DSCANSCOPE_FUZZ=ON -DSCANSCOPE_TESTS=ON \
  -DSCANSCOPE_FUZZ_SECONDS="${SCANSCOPE_FUZZ_SECONDS:-20}"
cmake --build build-asan
# print_suppressions=0: the list of suppressions used would be more lines on stderr, where the
# command-line tests expect one. use_tls=0: LeakSanitizer's tracer crashed at exit scanning NVRTC's thread-local storage (in one
# interpreter test, in some builds); scripts/lsan.supp names the C library's blocks that then look leaked.
ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="use_tls=0:print_suppressions=0:suppressions=$PWD/scripts/lsan.supp" UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs" -E '^Window'
ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build-asan --output-on-failure -j "$jobs" -R '^Window'
