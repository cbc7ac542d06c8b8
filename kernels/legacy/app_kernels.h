// Applications of scan, traced like the kernels they are built from (seeds 000 and 002):
// stream compaction (flags, exclusive scan, scatter) and radix sort (one-bit split: flags,
// exclusive scan, scatter; repeated for every bit). Both scan with blelloch_sweeps.
#pragma once

#include <climits>
#include <type_traits>

#include "kernels/device/block.h"
#include "engine/ops.h"
#include "kernels/legacy/scan_kernels.h"

namespace scanscope {

namespace app_site {
enum : int { flag = 30, scatter_ld = 31, key_load = 32, key_flag = 33, total_st = 34, total_ld = 35, split_ld = 36,
             split_st = 37, store = 38, count_ld = 39 };
}

SS_HD int no_padding(int) { return 0; }

// app-compact: keep the odd values, in order. Seed 000: input [A,B,C,D,E], flags [1,0,1,1,0],
// exclusive scan [0,1,1,2,3]: A goes to 0, C to 1, D to 2; count = scan[n-1] + flag[n-1].
// out[0, count) receives the kept values and out[n] the count.
struct AppCompact {
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, const KernelParams& p, const T* in, T* out) {
    if constexpr (std::is_integral_v<T>) {
      const int m = p.m;
      auto flags = b.template shared<int>(m, "flags, then their exclusive scan");
      auto keep = [&](int i) { return i < p.n && (in[i] & 1) != 0; };
      b.threads([&](int tid) {
        for (int i = 2 * tid; i <= 2 * tid + 1; ++i) flags.store(tid, app_site::flag, i, keep(i) ? 1 : 0);  // SITE flag
      });
      b.sync(Phase::Load, "flags: 1 = keep (odd value)");
      blelloch_sweeps<OpSum, int>(b, flags, m, no_padding);
      b.threads([&](int tid) {
        for (int i = 2 * tid; i <= 2 * tid + 1; ++i) {
          int where = flags.load(tid, app_site::scatter_ld, i);  // SITE scatter_ld
          if (keep(i)) out[where] = in[i];
          if (i == p.n - 1) out[p.n] = static_cast<T>(where + (keep(i) ? 1 : 0));
        }
      });
      b.end(Phase::Store, "scatter kept values to their scanned index");
    }
  }
};

// app-radix-sort: least-significant-bit-first radix sort of non-negative ints, one bit per pass
// (seed 000's "radix sort building block"): e = NOT bit, f = exclusive scan of e, zeros go to f[i],
// ones to i - f[i] + (number of zeros). Stable, so after p.bits passes the keys are sorted.
// With --bits 1 it is the one-bit split alone. Padding keys (beyond n) are INT_MAX: all ones, last.
struct AppRadixSort {
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, const KernelParams& p, const T* in, T* out) {
    if constexpr (std::is_integral_v<T>) {
      const int m = p.m;
      auto keys = b.template shared<int>(m, "keys (buffer A)");
      auto flags = b.template shared<int>(m, "flags, then their scan");
      auto zeros = b.template shared<int>(1, "zeros");
      auto sorted = b.template shared<int>(m, "keys (buffer B)");
      auto k0 = b.template regs<int>();
      auto k1 = b.template regs<int>();
      b.threads([&](int tid) {
        for (int i = 2 * tid; i <= 2 * tid + 1; ++i) keys.store(tid, app_site::key_load, i, i < p.n ? static_cast<int>(in[i]) : INT_MAX);  // SITE key_load
      });
      b.sync(Phase::Load, "load keys");
      for (int bit = 0; bit < p.bits; ++bit) {
        auto& src = bit % 2 == 0 ? keys : sorted;
        auto& dst = bit % 2 == 0 ? sorted : keys;
        b.threads([&](int tid) {
          k0[tid] = src.load(tid, app_site::key_flag, 2 * tid);      // SITE key_flag
          k1[tid] = src.load(tid, app_site::key_flag, 2 * tid + 1);  // SITE key_flag
          flags.store(tid, app_site::flag, 2 * tid, ((k0[tid] >> bit) & 1) == 0 ? 1 : 0);      // SITE flag
          flags.store(tid, app_site::flag, 2 * tid + 1, ((k1[tid] >> bit) & 1) == 0 ? 1 : 0);  // SITE flag
        });
        b.sync(Phase::Load, "bit %d: e = NOT bit", bit);
        blelloch_sweeps<OpSum, int>(b, flags, m, no_padding);
        b.threads([&](int tid) {
          if (tid == p.threads - 1)  // the last element's scan plus its own flag: how many zeros
            zeros.store(tid, app_site::total_st, 0, flags.load(tid, app_site::count_ld, m - 1) + (((k1[tid] >> bit) & 1) == 0 ? 1 : 0));  // SITE total_st
        });
        b.sync(Phase::Combine, "bit %d: count the zeros", bit);
        b.threads([&](int tid) {
          int total = zeros.load(tid, app_site::total_ld, 0);  // SITE total_ld
          for (int j = 0; j < 2; ++j) {
            int i = 2 * tid + j;
            int key = j == 0 ? k0[tid] : k1[tid];
            int f = flags.load(tid, app_site::split_ld, i);  // SITE split_ld
            int dest = ((key >> bit) & 1) == 0 ? f : i - f + total;
            dst.store(tid, app_site::split_st, dest, key);  // SITE split_st
          }
        });
        b.sync(Phase::Store, "bit %d: scatter (zeros first, stable)", bit);
      }
      auto& result = p.bits % 2 == 0 ? keys : sorted;
      b.threads([&](int tid) {
        for (int i = 2 * tid; i <= 2 * tid + 1; ++i)
          if (i < p.n) out[i] = static_cast<T>(result.load(tid, app_site::store, i));  // SITE store
      });
      b.end(Phase::Store, "write sorted keys");
    }
  }
};

}  // namespace scanscope
