// Single-block scans: Hillis-Steele (scan paper Listing 1), Blelloch's work-efficient scan with
// the paper's bank-conflict padding (Listings 2 and 3), and a warp-shuffle scan (seed 004's
// scanIncWarp, done with __shfl_up_sync).
#pragma once

#include "kernels/device/block.h"

namespace scanscope {

namespace scan_site {
enum : int { load = 1, load_b = 2, hs_a = 3, hs_b = 4, hs_st = 5, hs_copy_ld = 6, hs_copy_st = 7,
             up_a = 8, up_b = 9, up_st = 10, clear = 11, down_a = 12, down_b = 13, down_st_a = 14,
             down_b2 = 15, down_st_b = 16, store_a = 17, store_b = 18, shfl = 19, warp_total = 20,
             total_load = 21, total_store = 22, carry_load = 23, store = 24 };
}

// scan-hillis-steele: the naive scan of Listing 1, double-buffered (temp[2][n]). The listing
// prints temp[pout*n+thid] += temp[pin*n+thid - offset], which adds to a stale value of the
// *output* buffer; the algorithm it illustrates (Algorithm 2) reads both terms from the input
// buffer, as here.
struct ScanHillisSteele {
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, const KernelParams& p, const T* in, T* out) {
    const int n = p.n;
    auto temp = b.template shared<T>(2 * n);
    int pout = 0, pin = 1;
    b.threads([&](int tid) {
      // exclusive: shift right by one and put the identity first
      T x = p.inclusive ? in[tid] : (tid > 0 ? in[tid - 1] : Op::template identity<T>());
      temp.store(tid, scan_site::load, pout * n + tid, x);  // SITE load
    });
    b.sync(Phase::Load, p.inclusive ? "load" : "load, shifted right");
    for (int offset = 1; offset < n; offset *= 2) {
      pout = 1 - pout;  // swap double buffer indices
      pin = 1 - pout;
      b.threads([&](int tid) {
        if (tid >= offset) {
          T a = temp.load(tid, scan_site::hs_a, pin * n + tid - offset);  // SITE hs_a
          T c = temp.load(tid, scan_site::hs_b, pin * n + tid);           // SITE hs_b
          temp.store(tid, scan_site::hs_st, pout * n + tid, Op::apply(a, c));  // SITE hs_st
        } else {
          T c = temp.load(tid, scan_site::hs_copy_ld, pin * n + tid);  // SITE hs_copy_ld
          temp.store(tid, scan_site::hs_copy_st, pout * n + tid, c);    // SITE hs_copy_st
        }
      });
      b.sync(Phase::Scan, "offset %d", offset);
    }
    b.threads([&](int tid) { out[tid] = temp.load(tid, scan_site::store, pout * n + tid); });  // SITE store
    b.end(Phase::Store, "write output");
  }
};

// The work-efficient exclusive scan in place on temp[0, m) (m a power of two, m/2 threads):
// up-sweep (Algorithm 3), clear the last element (block C), down-sweep (Algorithm 4). Shared by
// scan-blelloch and the applications (compaction, radix sort).
template <class Op, class T, class Block, class S, class Pad_>
SS_HD void blelloch_sweeps(Block& b, const S& temp, int m, Pad_ cfo) {
  const T identity = Op::template identity<T>();
  int offset = 1;
  for (int d = m >> 1; d > 0; d >>= 1) {  // build sum in place up the tree
    b.threads([&](int tid) {
      if (tid < d) {  // Block B
        int ai = offset * (2 * tid + 1) - 1;
        int bi = offset * (2 * tid + 2) - 1;
        ai += cfo(ai);
        bi += cfo(bi);
        T x = temp.load(tid, scan_site::up_a, ai);  // SITE up_a
        T y = temp.load(tid, scan_site::up_b, bi);  // SITE up_b
        temp.store(tid, scan_site::up_st, bi, Op::apply(x, y));  // SITE up_st
      }
    });
    b.sync(Phase::Up, "up-sweep d=%d", d);
    offset *= 2;
  }
  b.threads([&](int tid) {  // Block C: clear the last element
    if (tid == 0) temp.store(tid, scan_site::clear, m - 1 + cfo(m - 1), identity);  // SITE clear
  });
  b.sync(Phase::Clear, "clear last element");
  for (int d = 1; d < m; d *= 2) {  // traverse down tree & build scan
    offset >>= 1;
    b.threads([&](int tid) {
      if (tid < d) {  // Block D
        int ai = offset * (2 * tid + 1) - 1;
        int bi = offset * (2 * tid + 2) - 1;
        ai += cfo(ai);
        bi += cfo(bi);
        T t = temp.load(tid, scan_site::down_a, ai);                            // SITE down_a
        temp.store(tid, scan_site::down_st_a, ai, temp.load(tid, scan_site::down_b, bi));  // SITE down_b
        temp.store(tid, scan_site::down_st_b, bi, Op::apply(temp.load(tid, scan_site::down_b2, bi), t));  // SITE down_b2
      }
    });
    b.sync(Phase::Down, "down-sweep d=%d", d);
  }
}

// scan-blelloch: work-efficient exclusive scan (Listing 2; Algorithms 3 and 4), two elements per
// thread, in place. With padding (Listing 3) each index gets CONFLICT_FREE_OFFSET added, and the
// two elements a thread loads come from the two halves of the array (block A of the paper).
// The listing computes bankOffsetB from ai; it must be bi, as here. Arrays whose length is not a
// power of two are padded with the identity up to p.m.
struct ScanBlelloch {
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, const KernelParams& p, const T* in, T* out) {
    const int m = p.m;
    auto cfo = [&](int i) { return conflict_free_offset(i, p.pad, p.log_banks); };
    auto temp = b.template shared<T>(m + cfo(m - 1));
    const T identity = Op::template identity<T>();
    // Block A: which two elements a thread owns.
    auto first = [&](int tid) { return p.pad == Pad::None ? 2 * tid : tid; };
    auto second = [&](int tid) { return p.pad == Pad::None ? 2 * tid + 1 : tid + m / 2; };
    b.threads([&](int tid) {
      int ai = first(tid), bi = second(tid);
      temp.store(tid, scan_site::load, ai + cfo(ai), ai < p.n ? in[ai] : identity);    // SITE load
      temp.store(tid, scan_site::load_b, bi + cfo(bi), bi < p.n ? in[bi] : identity);  // SITE load_b
    });
    b.sync(Phase::Load, "load");
    blelloch_sweeps<Op, T>(b, temp, m, cfo);
    b.threads([&](int tid) {  // Block E: write results to device memory
      int ai = first(tid), bi = second(tid);
      if (ai < p.n) out[ai] = temp.load(tid, scan_site::store_a, ai + cfo(ai));  // SITE store_a
      if (bi < p.n) out[bi] = temp.load(tid, scan_site::store_b, bi + cfo(bi));  // SITE store_b
    });
    b.end(Phase::Store, "write output");
  }
};

// scan-warp-shuffle: each warp scans its 32 values with __shfl_up_sync (seed 004's scanIncWarp:
// "if (lane >= h) B[i] = B[i-h] op B[i]"), the last lane of each warp publishes the warp's total,
// the first warp scans the totals, and every later warp adds the total of the warps before it.
template <class Op, class T, class Block, class R, class Pred>
SS_HD void warp_scan_inclusive(Block& b, R& val, R& other, Pred pred, const char* label) {
  for (int h = 1; h < kWarpSize; h *= 2) {
    b.shfl_up(other, val, h, scan_site::shfl, pred);  // SITE shfl
    b.threads([&](int tid) {
      if (pred(tid / kWarpSize) && tid % kWarpSize >= h) val[tid] = Op::apply(other[tid], val[tid]);
    });
    b.warp_sync(Phase::Shuffle, label, h);
  }
}

struct ScanWarpShuffle {
  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, const KernelParams& p, const T* in, T* out) {
    const int warps = p.threads / kWarpSize;
    auto totals = b.template shared<T>(warps);
    auto val = b.template regs<T>();
    auto other = b.template regs<T>();
    b.threads([&](int tid) { val[tid] = tid < p.n ? in[tid] : Op::template identity<T>(); });
    warp_scan_inclusive<Op, T>(b, val, other, AllWarps(), "warp scan, h=%d");
    b.threads([&](int tid) {
      if (tid % kWarpSize == kWarpSize - 1) totals.store(tid, scan_site::warp_total, tid / kWarpSize, val[tid]);  // SITE warp_total
    });
    b.sync(Phase::Combine, "warp totals to shared memory");
    if (warps > 1) {
      auto t = b.template regs<T>();
      b.threads([&](int tid) {
        if (tid < kWarpSize) t[tid] = tid < warps ? totals.load(tid, scan_site::total_load, tid) : Op::template identity<T>();  // SITE total_load
      });
      warp_scan_inclusive<Op, T>(b, t, other, FirstWarp(), "scan of warp totals, h=%d");
      b.threads([&](int tid) {
        if (tid < warps) totals.store(tid, scan_site::total_store, tid, t[tid]);  // SITE total_store
      });
      b.sync(Phase::Combine, "scanned totals to shared memory");
      b.threads([&](int tid) {
        int warp = tid / kWarpSize;
        if (warp > 0) val[tid] = Op::apply(totals.load(tid, scan_site::carry_load, warp - 1), val[tid]);  // SITE carry_load
      });
    }
    b.threads([&](int tid) {
      if (tid < p.n) out[tid] = val[tid];
    });
    b.end(Phase::Store, "add carries, write output");
  }
};

}  // namespace scanscope
