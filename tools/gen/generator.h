// scanscope_gen's kernel generator: random but valid kernel files (docs/kernel-files.md) of the
// language the interpreter runs, in the spirit of Csmith and YARPGen. Every kernel is well-defined
// by construction: each shared word is written before it is read and between two barriers (or warp
// synchronisations, for a warp's own words) no two threads touch one word unless both read; every
// index is inside its array; each global word of the output is written by one thread (or by
// atomics onto a word the host zeroes). Its output is a known function of its input, so its
// `check:` holds by construction: a copy (`check: copy`: the values and their element indices
// travel together through shuffles, shared-memory permutations, ballot partitions and invertible
// arithmetic, and each value is stored at its index) or a sum (`check: reduce`: the same moves,
// then block reductions of several kinds and an atomic or a second launch across blocks).
// A kernel the interpreter rejects, or that races, faults or fails its check, is a generator bug
// or an interpreter bug (tests/gen/test_generated.cpp tells which by the message).
#pragma once

#include <cstdint>
#include <string>

namespace scanscope::gen {

struct Options {
  // Pin each kernel to one size of `validate --sources` (256 or 1000, by the kernel's own draw) with
  // a `require:` line, so that a GPU harness runs each kernel once. Without it a kernel takes any N.
  bool one_size = false;
  // Leave out one __syncthreads() that orders a shared write before other threads' reads: the
  // kernel races (for testing the reducer and the hazard detector); its check may still pass.
  bool inject_race = false;
};

// The kernel file number `index` of the run `seed`: the same text for the same three arguments on
// every machine (the generator's random numbers are its own, not the standard library's).
std::string generate_kernel(uint64_t seed, int index, const Options& options = {});

// The file name generate_kernel's text is written under: gen-SEED-INDEX.cu.
std::string kernel_file_name(uint64_t seed, int index);

}  // namespace scanscope::gen
