#!/usr/bin/env bash
# One command: install the packages, build everything, run the whole test suite.
# One build (CI's time: two complete builds and two runs of the same tests took 36 minutes on two
# cores): clang with AddressSanitizer and UndefinedBehaviorSanitizer on the CPU code, the GPU
# kernels compiled by nvcc (when it is there), the window, and bounded libFuzzer runs of every
# loader, the parser and the interpreter. Then:
#  1. every test but the window's with LeakSanitizer on; the window's tests under Xvfb with leak
#     checking off, because Mesa's OpenGL driver (llvmpipe), loaded and unloaded by GLFW, leaves
#     allocations that LeakSanitizer cannot even name. ASan and UBSan stop at any memory error or
#     undefined behaviour;
#  2. the Debian package made from that build (the same install rules as a Release build's),
#     unpacked with dpkg-deb -x into a scratch root and run with the source tree out of reach.
# A Release build (README: scripts/run.sh, scripts/package.sh) compiles the same sources with the
# system's compiler; the GPU machine's scripts build and test it (docs/validation.md).
# Tests that need a GPU skip with a message saying why when there is none.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
jobs=$(nproc)

echo "== scanscope: build (clang, ASan + UBSan, nvcc, the window, libFuzzer targets)"
# Without a GPU (CI) nvcc compiles every kernel to compute_90 PTX only (90-virtual): the front end
# and cicc check all of them as before, ptxas's sm_90 machine code, which no test here runs, is left
# out (a GPU's driver would compile the PTX when loaded). With a GPU, and in the GPU machine's
# scripts (bench_gpu.sh, validate_gpu.sh, ...: -DCMAKE_CUDA_ARCHITECTURES=90), sm_90 as well.
# Debug information: RelWithDebInfo's -g is line tables only for clang (-gline-tables-only, from
# CMakeLists.txt with SCANSCOPE_SANITIZE): file:line in every frame of a sanitizer's report.
# nvcc's host -g stays: line tables alone (-Xcompiler=-g1) saved
# 1 % of sort_device.cu's compile (21.4 -> 21.1 CPU s, 2026-12-07), the device side (cicc) being
# nearly all of it.
cuda_arch=()
nvidia-smi -L >/dev/null 2>&1 || cuda_arch=(-DCMAKE_CUDA_ARCHITECTURES=90-virtual)
CC=clang CXX=clang++ cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSCANSCOPE_GUI=ON -DSCANSCOPE_SANITIZE=ON -DSCANSCOPE_FUZZ=ON -DSCANSCOPE_TESTS=ON "${cuda_arch[@]}" \
  -DSCANSCOPE_FUZZ_SECONDS="${SCANSCOPE_FUZZ_SECONDS:-6}"
cmake --build build-asan

echo "== scanscope: tests"
# print_suppressions=0: the list of suppressions used would be more lines on stderr, where the
# command-line tests expect one. use_tls=0: LeakSanitizer's tracer crashed at exit scanning NVRTC's thread-local storage (in one
# interpreter test, in some builds); scripts/lsan.supp names the C library's blocks that then look leaked.
ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="use_tls=0:print_suppressions=0:suppressions=$PWD/scripts/lsan.supp" UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs" -E '^Window'
ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build-asan --output-on-failure -j "$jobs" -R '^Window'

echo "== scanscope: the Debian package, run from its unpacked files"
# From the build above (nothing built again): the .deb, unpacked with dpkg-deb -x into a scratch
# root and run from there with the source tree hidden (scripts/check_package.sh). Leak checking is
# off there as for the window (its screenshot loads Mesa).
BUILD=build-asan scripts/package.sh --no-check
ASAN_OPTIONS=detect_leaks=0 scripts/check_package.sh build-asan/package/scanscope_*.deb
