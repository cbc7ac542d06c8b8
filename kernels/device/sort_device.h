// Device-wide LSD radix sort of 32-bit keys, and of key-value pairs (32-bit values), stable, in the
// style of Onesweep (Andy Adinets and Duane Merrill, "Onesweep: A Faster Least Significant Digit
// Radix Sort for GPUs", 2022): 8-bit digits, four passes, and per pass one launch that reads the
// keys (and values) once and writes them once, the digit offsets of each tile found by a decoupled
// look-back over per-digit tile counts instead of a separate upsweep over the keys (the paper's
// ~2n global reads and writes per digit pass against ~3n of the reduce-then-scan sort).
// The launches of one sort:
//   memset     the four 256-counter digit histograms to zero;
//   histogram  one read of the keys (16-byte loads, a grid-stride over max_blocks blocks): every
//              key adds 1 to its digit's counter in each of the four passes' histograms (shared-
//              memory atomics per block, then one global atomic per nonzero counter);
//   scan       one block: each pass's 256 counts to their exclusive scan, in place (the digit's
//              first place in the sorted output);
//   pass 0..3  one tile of THREADS x ITEMS keys per block (the tile is the block index, as scan-best
//              and the compactions do; OnesweepTileV6, "pass v6" for keys and "v7" for pairs in
//              docs/performance.md, whose history has the passes v1 to v5 it replaced). Each tile:
//                1. loads its keys (and values) warp-striped: item k of lane l of warp w is the
//                   tile's element w * 32 * ITEMS + k * 32 + l (coalesced 4-byte loads); each
//                   warp zeroes its own 256 digit counters in shared memory;
//                2. counts its keys' digits in its warp's counters (shared-memory atomics, no
//                   order needed); then per digit (one thread each) the warps' counts scanned in
//                   warp order, the tile's count published at once to the look-back words (flag
//                   A, or P for tile 0), and the tile's counts scanned across the block: each
//                   warp's counter of a digit becomes the digit's first place in the tile for it;
//                3. ranks the keys (warp match ranking): for item k = 0, 1, ..., every warp
//                   groups its lanes of equal digit (the AND of 8 ballots, one per digit bit); the
//                   group's highest lane advances the warp's counter of that digit by the group's
//                   size, and each lane's place in the tile is the counter before plus its lower
//                   lanes in the group; the key (and value) goes to that place in shared memory.
//                   So places follow the input order within a warp (k, then lane). On the CPU the
//                   ballots are computed from the warp's keys and the lanes run in order, the
//                   leader last: the same masks, counters and places;
//                4. per digit (the same thread): looks back over the tiles before (one 64-bit word
//                   per tile and digit, flag and count, tagged by the pass as the scans' words are:
//                   block_steps.h) for the digit's count before the tile, publishes the inclusive
//                   count (flag P), and keeps out[j] = offset[digit] + before - tile's first place
//                   of the digit for element j of the sorted tile;
//                5. writes the sorted tile out from shared memory, consecutive threads at
//                   consecutive elements (a digit's run of the tile lands at consecutive
//                   addresses), the value beside its key.
//   or, for n <= 4096, one launch of one block that sorts in shared memory (OnesweepSingleTile).
// Double buffers: pass 0 reads the caller's keys and writes the workspace's copy, pass 1 writes the
// caller's output, pass 2 the copy, pass 3 the output: the input is never written and the result
// ends in the caller's output.
// Key order: unsigned keys as they are; int keys with the sign bit flipped; float keys by the
// sign-flip trick (negatives: every bit flipped, plus one in the shipped rows; positives: the sign
// bit), -0.0 taken for +0.0: -0.0 and +0.0 are equal as std::stable_sort's operator< has them (and
// CUB's DeviceRadixSort), so they keep their input order. NaNs sort by their bits (negative ones
// first, positive ones last). The keys are written as they came in, bit for bit. The shipped rows
// (OnesweepSequence with ONCE) change the keys' bits once: unsigned and int keys are sorted by the
// unsigned pass in passes 0 to 2 (an int key's bytes 0 to 2 are its digits), int keys' pass 3 takes
// its digit with the sign bit flipped; float keys are turned into codes (float_code: the order's
// bits, -0.0 apart) by pass 0, which writes the codes, sorted by the unsigned pass in passes 1 and 2,
// and turned back by pass 3. The x-...-eachpass rows compute the order from the keys as they came in
// at every use, in every pass (the programs before the change).
// The same block programs run on the GPU (sort_device.cu) and on the CPU (EmuExec, tests).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/device/block_steps.h"
#include "engine/ops.h"

namespace scanscope {
namespace device {

enum class SortKey { Unsigned, Int, Float };
constexpr int kRadixBits = 8, kRadixDigits = 1 << kRadixBits, kRadixPasses = 32 / kRadixBits;

SS_HD uint32_t float_code_order(uint32_t k);  // the order of float keys transformed once (below)

// The bits of a key in an order where unsigned comparison is the key's order.
template <SortKey K>
SS_HD uint32_t radix_order(uint32_t k) {
  if (K == SortKey::Int) return k ^ 0x80000000u;
  if (K == SortKey::Float) {
    if (k == 0x80000000u) k = 0;  // -0.0 ranks as +0.0
    return k ^ (static_cast<uint32_t>(static_cast<int32_t>(k) >> 31) | 0x80000000u);
  }
  return k;
}
template <SortKey K>
SS_HD int radix_digit(uint32_t k, int pass) {
  return static_cast<int>((radix_order<K>(k) >> (kRadixBits * pass)) & (kRadixDigits - 1));
}
// The digit in the order of the sequences with ONCE (float keys: float_code_order; the others as
// radix_digit).
template <SortKey K>
SS_HD int code_digit(uint32_t k, int pass) {
  const uint32_t order = K == SortKey::Float ? float_code_order(k) : radix_order<K>(k);
  return static_cast<int>((order >> (kRadixBits * pass)) & (kRadixDigits - 1));
}

// ---- Float keys transformed once (the sequences with ONCE, the shipped rows among them): pass 0
// turns each float key into its code and writes the codes, passes 1 and 2 sort the codes as
// unsigned keys (the unsigned pass, KeyPass::Bits), and pass 3 reads codes and writes each key's own
// bits back. The order of these sorts (float_code_order, the histogram's digits too): a negative
// key's bits negated (two's complement: every bit flipped, plus one), a non-negative key's sign bit
// set. It is radix_order<Float>'s order (negative keys one higher), and the negation takes -0.0
// (0x80000000) to 0x80000000, +0.0's order, without a test; no key's order is 0. The code is that
// order except for -0.0, whose code is 0: so the code is one to one (pass 3 gives -0.0 back bit for
// bit), and its bytes 0 to 2 are the order's (-0.0's order, 0x80000000, has zero bytes 0 to 2, as
// its code has): the digits of passes 0 to 2 are the code's bytes. Pass 3's digit is the code's
// byte 3 but 0x80 for the code 0 (float_code_top_label). No one-to-one code can spare that test:
// the keys whose top digit is 0x80 are -0.0, +0.0 and the 2^24 - 1 positive keys below 2^-125,
// 2^24 + 1 keys for the 2^24 codes with that top byte.
SS_HD uint32_t float_code_order(uint32_t k) { return static_cast<int32_t>(k) < 0 ? 0u - k : k | 0x80000000u; }
SS_HD uint32_t float_code(uint32_t k) { return static_cast<int32_t>(k) < 0 ? (0u - k) & 0x7fffffffu : k | 0x80000000u; }
SS_HD uint32_t float_from_code(uint32_t c) { return static_cast<int32_t>(c) < 0 ? c & 0x7fffffffu : (0u - c) | 0x80000000u; }
// Pass 3's label of a code (sel: its byte, as key_label's): the code's byte, 0x80 for the code 0
// (-0.0). On the GPU in one asm volatile: recomputed where it is used (see key_label).
SS_HD unsigned float_code_top_label(uint32_t c, unsigned sel) {
#if defined(__CUDA_ARCH__)
  unsigned label;
  asm volatile("{\n\t.reg .pred p;\n\tprmt.b32 %0, %1, 0, %2;\n\tsetp.eq.u32 p, %1, 0;\n\t@p mov.b32 %0, 0x80;\n}" : "=r"(label) : "r"(c), "r"(sel));
  return label;
#else
  return c == 0 ? 0x80u : (c >> (8 * (sel & 3u))) & 0xffu;
#endif
}

// The warp match's leader: the highest lane of a group of equal digits (a mask; its size is
// popcount32, block_steps.h).
SS_HD int match_leader(unsigned peers) {
#if defined(__CUDA_ARCH__)
  return 31 - __clz(peers);
#else
  return 31 - __builtin_clz(peers);
#endif
}

// ---- The histogram launch: every pass's digit counts in one read of the keys.
struct SortHistArgs {
  const uint32_t* keys;  // 16-byte aligned
  long long n;
  int* hist;  // kRadixPasses x kRadixDigits counters, zeroed before the launch
};

// CODES: float keys' digits in float_code_order (the sequences with ONCE); else radix_digit's.
template <int THREADS, int U, SortKey K, bool CODES = false>
struct SortHistogram {
  static_assert(THREADS % kWarpSize == 0, "whole warps");
  static constexpr bool kDynamic = false, kMaxShared = false;
  static constexpr int kThreads = THREADS, kMaxThreads = THREADS, kMinBlocks = 1;
  static constexpr int kChunkQuads = THREADS * U;  // quads a block reads per round (U 16-byte loads per thread in flight)
  static constexpr int kSmemWords = kRadixPasses * kRadixDigits;

  SS_HD static void count(const Shared<int>& h, uint32_t key) {
    SS_UNROLL for (int p = 0; p < kRadixPasses; ++p) atomic_add(h.data + p * kRadixDigits + (CODES ? code_digit<K>(key, p) : radix_digit<K>(key, p)), 1);
  }

  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const SortHistArgs& a) {
    auto h = b.template shared<int>(kSmemWords);
    b.threads([&](int tid) {
      for (int i = tid; i < kSmemWords; i += THREADS) h.store(i, 0);
    });
    b.sync();  // counters zeroed
    b.threads([&](int tid) {
      const long long quads = a.n / 4;
      for (long long c = g.block; c * kChunkQuads < quads; c += g.blocks) {
        Vec4<uint32_t> v[U];
        SS_UNROLL for (int u = 0; u < U; ++u) {
          const long long q = c * kChunkQuads + u * THREADS + tid;
          v[u] = q < quads ? load_vec4(a.keys + 4 * q) : Vec4<uint32_t>{0, 0, 0, 0};
        }
        SS_UNROLL for (int u = 0; u < U; ++u) {
          if (c * kChunkQuads + u * THREADS + tid >= quads) continue;
          count(h, v[u].x);
          count(h, v[u].y);
          count(h, v[u].z);
          count(h, v[u].w);
        }
      }
      if (g.block == 0 && tid < a.n - 4 * quads) count(h, a.keys[4 * quads + tid]);  // the last 1 to 3 keys
    });
    b.sync();  // the block's counts complete
    b.threads([&](int tid) {
      for (int i = tid; i < kSmemWords; i += THREADS) {
        const int c = h.load(i);
        if (c != 0) atomic_add(a.hist + i, c);
      }
    });
  }
};

// ---- The scan launch: one block of kRadixDigits threads, each pass's counts to their exclusive scan.
template <int PASSES>
struct SortHistScan {
  static constexpr bool kDynamic = false, kMaxShared = false;
  static constexpr int kThreads = kRadixDigits, kMaxThreads = kRadixDigits, kMinBlocks = 1;
  static constexpr int kSmemWords = kWarpSize;

  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx, int* const& hist) {
    auto wt = b.template shared<int>(kSmemWords);
    auto val = b.template regs<int>();
    auto total = b.template regs<int>();
    auto other = b.template regs<int>();
    for (int p = 0; p < PASSES; ++p) {
      b.threads([&](int tid) { val[tid] = hist[p * kRadixDigits + tid]; });
      block_exclusive_scan<OpSum, int>(b, val, total, other, wt);
      b.threads([&](int tid) { hist[p * kRadixDigits + tid] = val[tid]; });
    }
  }
};

// ---- One digit pass.
struct OnesweepArgs {
  const uint32_t* keys_in;
  uint32_t* keys_out;
  const uint32_t* vals_in;  // pairs only
  uint32_t* vals_out;
  long long n;                 // < 2^31: the counts are 32-bit
  const int* offsets;          // this pass's kRadixDigits exclusive digit offsets (the scanned histogram)
  unsigned long long* status;  // tiles x kRadixDigits look-back words (tile-major)
  unsigned tag;                // this pass's look-back tag (look_back_tag)
  int pass;                    // the digit: bits 8 * pass .. 8 * pass + 7 of the key's order
};

// The count of digit d in the tiles before `tile`: its own serial look-back (the thread of digit d
// walks back tile by tile until a word with flag P; on the GPU it spins while a word is unpublished;
// on the CPU, where tiles run in order, every predecessor has published).
SS_HD int digit_look_back(unsigned long long* status, long long tile, int d, unsigned tag) {
  int before = 0;
  for (long long t = tile - 1; t >= 0; --t) {
    const unsigned long long* w = status + t * kRadixDigits + d;
    unsigned long long s = load_coherent(w);
#if defined(__CUDA_ARCH__)
    while (status_flag(s, tag) == kFlagNone) s = load_coherent(w);
#else
    if (status_flag(s, tag) == kFlagNone) throw std::logic_error("digit look-back: a predecessor has not published (tiles run in order on the CPU)");
#endif
    before += static_cast<int>(static_cast<uint32_t>(s));
    if (status_flag(s, tag) == kFlagPrefix) break;
  }
  return before;
}

// ---- Steps the tile programs share.
// The constants of a tile program of THREADS x ITEMS keys, MIN_BLOCKS blocks per SM (the launch's
// bounds): the pass (OnesweepTileV6) and the one-block path (OnesweepSingleTile) derive from it.
template <int THREADS, int ITEMS, int MIN_BLOCKS>
struct SortTileShape {
  static_assert(THREADS % kWarpSize == 0 && THREADS >= kRadixDigits && THREADS <= 1024, "whole warps, a thread per digit");
  static_assert(ITEMS >= 1 && ITEMS <= 32, "items per thread");
  static constexpr bool kDynamic = false, kMaxShared = true;
  static constexpr int kThreads = THREADS, kItems = ITEMS, kTile = THREADS * ITEMS;
  static constexpr int kMaxThreads = THREADS, kMinBlocks = MIN_BLOCKS;
  static constexpr int kWarps = THREADS / kWarpSize, kWarpItems = kWarpSize * ITEMS;
};

// Thread tid's items, warp-striped: item k is element (tid / 32) x 32 x ITEMS + 32k + tid % 32 of
// the tile that starts at src; items past count are left as they are.
template <int ITEMS, class ItemsT>
SS_HD void load_warp_striped(ItemsT& items, int tid, const uint32_t* src, int count, bool full) {
  const int first = (tid / kWarpSize) * kWarpSize * ITEMS + tid % kWarpSize;
  SS_UNROLL for (int k = 0; k < ITEMS; ++k)
    if (full || first + k * kWarpSize < count) items[k] = src[first + k * kWarpSize];
}

// Per digit (thread tid < kRadixDigits): the digit's count in the tiles before (look-back), the
// inclusive count published (flag P), and the digit's out offset: element j of the sorted tile with
// this digit goes to out[dout[label] + j] (tile_count: the tile's count of the digit; first_place:
// its first place in the tile). dout is indexed by label: digit tid's is tid ^ flip, as in
// warp_counts_to_places. The digit's global offset is loaded before the look-back, so that its
// latency passes under the walk's instead of after it.
SS_HD void digit_out_offset(const OnesweepArgs& a, long long tile, int tid, int tile_count, int first_place, const Shared<int>& dout, unsigned flip) {
  if (tid >= kRadixDigits) return;
  const int offset = a.offsets[tid];
  const int before = tile == 0 ? 0 : digit_look_back(a.status, tile, tid, a.tag);
  if (tile > 0) store_status(a.status + tile * kRadixDigits + tid, pack_status(a.tag, kFlagPrefix, before + tile_count));
  dout.store(static_cast<int>(tid ^ flip), offset + before - first_place);
}

// The early counts (the organisation of CUB's onesweep ranking, written anew here): the tile's
// digit counts come before the ranking, so the ranking's counters are already places in the tile.
// warp_counts_to_places: every warp's counters filled with its count of each label, turned into the
// label's first place in the tile for that warp (the warps before it in the same digit, plus every
// smaller digit's count). Returns (in cnt) the tile's count of digit tid and (in val) the digit's
// first place in the tile, for tid < kRadixDigits. publish(tid, count) runs for each digit once its
// count is known (before the block scan). Ends with a barrier. The counters are indexed by label:
// the digit itself, or for pass v6 the digit ^ flip (digit tid has label tid ^ flip).
template <int THREADS, class Block, class R, class Publish>
SS_HD void warp_counts_to_places(Block& b, const Shared<int>& whist, const Shared<int>& wt, R& cnt, R& val, R& total, R& other, unsigned flip, Publish&& publish) {
  constexpr int kWarps = THREADS / kWarpSize;
  // The counters after a barrier, through a plain pointer: the warps' counts of a digit are loaded
  // four at a time, then scanned (Shared::load is volatile: one load after the other).
  int* const wh = whist.data;
  b.threads([&](int tid) {
    int run = 0;
    if (tid < kRadixDigits) {
      const int label = static_cast<int>(tid ^ flip);
      constexpr int kGroup = kWarps < 4 ? kWarps : 4;  // 4 loads in flight (more would cost registers at the peak)
      static_assert(kWarps % kGroup == 0, "whole groups of warps");
      SS_UNROLL for (int w0 = 0; w0 < kWarps; w0 += kGroup) {
        int c[kGroup];
        SS_UNROLL for (int w = 0; w < kGroup; ++w) c[w] = wh[(w0 + w) * kRadixDigits + label];
        SS_UNROLL for (int w = 0; w < kGroup; ++w) {
          wh[(w0 + w) * kRadixDigits + label] = run;
          run += c[w];
        }
      }
      publish(tid, run);
    }
    cnt[tid] = run;
    val[tid] = run;
  });
  block_exclusive_scan<OpSum, int>(b, val, total, other, wt);  // ends with a barrier
  b.threads([&](int tid) {
    if (tid < kRadixDigits) {
      const int label = static_cast<int>(tid ^ flip);
      constexpr int kGroup = kWarps < 4 ? kWarps : 4;
      SS_UNROLL for (int w0 = 0; w0 < kWarps; w0 += kGroup) {
        int c[kGroup];
        SS_UNROLL for (int w = 0; w < kGroup; ++w) c[w] = wh[(w0 + w) * kRadixDigits + label];
        SS_UNROLL for (int w = 0; w < kGroup; ++w) whist.store((w0 + w) * kRadixDigits + label, c[w] + val[tid]);  // volatile: the group's stores stay in order before the next loads
      }
    }
  });
  b.sync();  // the warps' counters are places in the tile
}
// The one-block path's steps 1 and 2 of a pass: every warp's counters zeroed and filled with its
// count of each digit (shared-memory atomics), then warp_counts_to_places (no look-back to publish to).
template <int THREADS, int ITEMS, SortKey K, class Block, class Keys, class R, class Publish>
SS_HD void early_counts(Block& b, const Shared<int>& whist, const Shared<int>& wt, Keys& keys, R& cnt, R& val, R& total, R& other, int pass, int count, bool full,
                        Publish&& publish) {
  constexpr int kWarps = THREADS / kWarpSize, kWarpItems = kWarpSize * ITEMS;
  b.threads([&](int tid) {
    for (int i = tid; i < kWarps * kRadixDigits; i += THREADS) whist.store(i, 0);
  });
  b.sync();  // counters zeroed
  b.threads([&](int tid) {
    const int lane = tid % kWarpSize, warp = tid / kWarpSize;
    SS_UNROLL for (int k = 0; k < ITEMS; ++k)
      if (full || warp * kWarpItems + k * kWarpSize + lane < count) atomic_add(whist.data + warp * kRadixDigits + radix_digit<K>(keys[tid][k], pass), 1);
  });
  b.sync();  // every warp's counts complete
  warp_counts_to_places<THREADS>(b, whist, wt, cnt, val, total, other, 0u, publish);
}

// The warp match from ballots (the idea of CUB's MatchAny<LABEL_BITS>, written anew here): the
// lanes whose digit equals this lane's d, as the AND over the digit's kRadixBits bits of the lanes
// that agree with d on that bit; in a partial tile also of the lanes that agree on being inside n
// (a lane past n has digit kRadixDigits, whose low bits are digit 0's). bit_ballot(b) is the mask of
// the warp's lanes whose digit has bit b set, bit_ballot(kRadixBits) of the lanes inside n: one
// __ballot_sync each on the GPU, kRadixBits + 1 (or kRadixBits in a whole tile) cheap warp votes
// instead of one __match_any_sync, whose cost grows with the number of distinct digits in the warp
// (Nsight Compute on the H200: the v2 pass waits on the short scoreboard and is MIO-bound, CUB's is not).
template <class BitBallot>
SS_HD unsigned peers_by_ballots(int d, bool valid, bool full, BitBallot&& bit_ballot) {
  unsigned peers = 0xffffffffu;
  if (!full) {
    const unsigned inside = bit_ballot(kRadixBits);
    peers = valid ? inside : ~inside;
  }
  SS_UNROLL for (int b = 0; b < kRadixBits; ++b) {
    const unsigned v = bit_ballot(b);
    peers &= ((d >> b) & 1) ? v : ~v;
  }
  return peers;
}

// On the CPU: what each lane's __ballot_sync of a digit bit would return, from the warp's lanes'
// labels (label_of(j): lane j's digit, or kRadixDigits past n): (*this)(b) has the lanes whose label
// has bit b set, (*this)(kRadixBits) the lanes inside n.
struct EmulatedBallots {
  unsigned ballots[kRadixBits + 1] = {};
  template <class LabelOf>
  explicit EmulatedBallots(LabelOf&& label_of) {
    for (int j = 0; j < kWarpSize; ++j) {
      const int dj = label_of(j);
      for (int b = 0; b < kRadixBits; ++b) ballots[b] |= static_cast<unsigned>((dj >> b) & 1) << j;
      ballots[kRadixBits] |= static_cast<unsigned>(dj < kRadixDigits) << j;
    }
  }
  unsigned operator()(int b) const { return ballots[b]; }
};

// The one-block path's ranking for item k: the place in the tile of item k of thread tid (its
// warp's counter of the digit, advanced by the group of equal digits), or -1 past the end. Call for
// every thread of a warp, then warp_sync. The group from peers_by_ballots: on the GPU 8 or 9
// __ballot_sync, on the CPU the ballots made from the warp's keys (so the tests check their
// arithmetic).
template <int ITEMS, SortKey K, class Keys>
SS_HD int match_place(const Shared<int>& whist, const Keys& keys, int tid, int k, int pass, int count, bool full) {
  constexpr int kWarpItems = kWarpSize * ITEMS;
  const int lane = tid % kWarpSize, warp = tid / kWarpSize;
  const bool valid = full || warp * kWarpItems + k * kWarpSize + lane < count;
  const int d = valid ? radix_digit<K>(keys[tid][k], pass) : kRadixDigits;  // past n: a digit of its own, never counted
  const unsigned below = (1u << lane) - 1u;
#if defined(__CUDA_ARCH__)
  const unsigned peers = peers_by_ballots(d, valid, full, [&](int b) { return __ballot_sync(0xffffffffu, b == kRadixBits ? valid : ((d >> b) & 1) != 0); });
  const int leader = match_leader(peers);
  int first = 0;
  if (lane == leader && valid) first = atomicAdd(whist.data + warp * kRadixDigits + d, popcount32(peers));
  first = __shfl_sync(0xffffffffu, first, leader);  // the shuffle orders this item's add before the next item's
#else
  // The lanes in order; the group's leader (its highest lane) comes last, so the counter is still
  // the group's "before" for every lane of the group.
  const EmulatedBallots ballots([&](int j) {
    const bool valid_j = full || warp * kWarpItems + k * kWarpSize + j < count;
    return valid_j ? radix_digit<K>(keys[warp * kWarpSize + j][k], pass) : kRadixDigits;
  });
  const unsigned peers = peers_by_ballots(d, valid, full, ballots);
  const int leader = match_leader(peers);
  const int first = valid ? whist.load(warp * kRadixDigits + d) : 0;
  if (lane == leader && valid) whist.store(warp * kRadixDigits + d, first + popcount32(peers));
#endif
  return valid ? first + popcount32(peers & below) : -1;
}

// ---- Version 6 of the pass: v4 (keys) and v5 (pairs, the values' own exchange) with about 40 %
// fewer instructions per key (issue 27: Nsight Compute had the v4 pass issue-bound at 1.53x the
// instructions of CUB's onesweep pass on the same grid; the static SASS counts are in
// docs/performance.md). The same steps and the same ranks; what changes is how each is computed:
//   * a key's label: the byte of the key that holds the pass's digit, one PRMT (__byte_perm) on the
//     GPU instead of a flip, a shift and a mask. For unsigned and int keys the label is the key's
//     own byte and the digit is label ^ flip (int keys: the order flips the sign bit, so flip is
//     0x80 in the last pass, else 0): the warps' counters and the out offsets are indexed by label,
//     and the thread of digit d uses label d ^ flip. Float keys: the order's byte (flip 0), or, in
//     the sequences with ONCE, the code's byte (KeyPass, float_code);
//   * the warp match from the 8 ballots (peers_by_ballots' arithmetic) in PTX, so that ptxas sets
//     the 8 predicates with one instruction and inverts a ballot with one predicated not;
//   * the rank in a group from popc(peers & lanemask_le) (one popcount: the leader's is the group's
//     size, which it adds to the counter); a whole tile ranks without any per-key bound (the
//     ranking is compiled twice, for whole tiles and for the last one);
//   * no __syncwarp between items: the shuffle that hands the leader's counter to its group already
//     waits for the whole warp, so item k's add comes before item k+1's;
//   * the write: one 64-bit address per thread, each key's element at (out + tid) + dout[label] +
//     i x THREADS, so that i x THREADS goes into the store's immediate offset (ScatterOut);
//   * the digit's global offset loaded before the look-back, not after it.
// A key's label in pass `pass` (sel = 0x4440 + pass: byte `pass` of the bits, zeros above).
template <SortKey K>
SS_HD unsigned label_flip(int pass) {
  return K == SortKey::Int && pass == kRadixPasses - 1 ? 0x80u : 0u;
}
// On the GPU the label is recomputed where it is used (volatile asm): the compiler would otherwise
// keep the labels of the counting step alive through the ranking, ITEMS registers more.
template <SortKey K>
SS_HD unsigned key_label(uint32_t k, unsigned sel) {
#if defined(__CUDA_ARCH__)
  if (K == SortKey::Float) asm volatile("mov.b32 %0, %0;" : "+r"(k));
  const uint32_t bits = K == SortKey::Float ? radix_order<K>(k) : k;
  unsigned label;
  asm volatile("prmt.b32 %0, %1, 0, %2;" : "=r"(label) : "r"(bits), "r"(sel));
  return label;
#else
  const uint32_t bits = K == SortKey::Float ? radix_order<K>(k) : k;
  return (bits >> (8 * (sel & 3u))) & 0xffu;
#endif
}

// How a pass program sees its keys:
//   OnTheFly  the keys as they came in: each label computed from the key's order at each use (float
//             keys: radix_order<Float> every time), int keys' digit the label ^ 0x80 in the last
//             pass (label_flip, chosen at run time): every pass of a sequence without ONCE;
//   Bits      the key's bits are its order (unsigned keys; int keys in passes 0 to 2; float codes in
//             passes 1 and 2): the unsigned pass, one program for all three kinds;
//   First     float keys' pass 0: each key turned into its float_code at the load, then as Bits (the
//             codes are written out);
//   Last      pass 3 of int keys (the label the key's byte, the digit label ^ 0x80, a constant) or of
//             float codes (the label float_code_top_label, each key written out as float_from_code).
enum class KeyPass { OnTheFly, Bits, First, Last };

template <SortKey K, KeyPass P>
SS_HD unsigned pass_label(uint32_t k, unsigned sel) {
  if (P == KeyPass::OnTheFly) return key_label<K>(k, sel);
  if (P == KeyPass::Last && K == SortKey::Float) return float_code_top_label(k, sel);
  return key_label<SortKey::Unsigned>(k, sel);
}
// The digit of label l is l ^ flip: int keys' last pass flips the sign bit.
template <SortKey K, KeyPass P>
SS_HD unsigned pass_flip(int pass) {
  if (P == KeyPass::OnTheFly) return label_flip<K>(pass);
  return P == KeyPass::Last && K == SortKey::Int ? 0x80u : 0u;
}

// The lanes at or below this one (%lanemask_le).
SS_HD unsigned lanemask_le(int lane) {
#if defined(__CUDA_ARCH__)
  (void)lane;
  unsigned m;
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(m));
  return m;
#else
  return 0xffffffffu >> (kWarpSize - 1 - lane);
#endif
}

// A warp's counters (kRadixDigits words of whist from the warp's own) by label. On the GPU through
// the 32-bit shared address of the first, hidden from the compiler, so that a label's counter is
// one multiply-add away (not the warp's offset plus the label, then scaled, then the base added).
struct WarpCounters {
  int* base;
#if defined(__CUDA_ARCH__)
  unsigned addr;
  SS_DEVICE WarpCounters(const Shared<int>& whist, int warp) : base(whist.data + warp * kRadixDigits) {
    addr = static_cast<unsigned>(__cvta_generic_to_shared(base));
    asm("mov.b32 %0, %0;" : "+r"(addr));
  }
  SS_DEVICE void count(unsigned label) const { asm volatile("red.shared.add.u32 [%0], 1;" ::"r"(addr + 4 * label) : "memory"); }
  // The leader's add (lead: this lane adds r to the counter of label; one predicated instruction, no
  // branch around it in the source): the counter before, or `before` where this lane does not add.
  SS_DEVICE int leader_add(unsigned label, bool lead, int r, int before) const {
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %1, 0;\n\t@p atom.shared.add.u32 %0, [%2], %3;\n}"
                 : "+r"(before)
                 : "r"(static_cast<unsigned>(lead)), "r"(addr + 4 * label), "r"(r)
                 : "memory");
    return before;
  }
#else
  WarpCounters(const Shared<int>& whist, int warp) : base(whist.data + warp * kRadixDigits) {}
  void count(unsigned label) const { ++base[label]; }
#endif
};

#if defined(__CUDA_ARCH__)
// peers_by_ballots for a whole warp (every lane takes part; label < 256) in PTX: per bit b the
// ballot of (label & 1 << b) != 0, inverted where this lane's bit is clear, the 8 masks ANDed three
// at a time. ptxas turns the 8 and/setp pairs into one R2P: 22 instructions per key, against about
// 58 for the C++ form (static counts, sm_90).
SS_DEVICE unsigned warp_peers8(unsigned label) {
  unsigned m[kRadixBits];
  SS_UNROLL for (int b = 0; b < kRadixBits; ++b)
    asm volatile(
        "{\n\t.reg .pred p;\n\t.reg .b32 t;\n\tand.b32 t, %1, %2;\n\tsetp.ne.u32 p, t, 0;\n\t"
        "vote.sync.ballot.b32 %0, p, 0xffffffff;\n\t@!p not.b32 %0, %0;\n}"
        : "=r"(m[b])
        : "r"(label), "r"(1u << b));
  unsigned x, y, z;
  asm("lop3.b32 %0, %1, %2, %3, 0x80;" : "=r"(x) : "r"(m[0]), "r"(m[1]), "r"(m[2]));
  asm("lop3.b32 %0, %1, %2, %3, 0x80;" : "=r"(y) : "r"(m[3]), "r"(m[4]), "r"(m[5]));
  asm("lop3.b32 %0, %1, %2, %3, 0x80;" : "=r"(z) : "r"(m[6]), "r"(m[7]), "r"(x));
  return y & z;
}
#endif

// Step 3 of a v6 tile for item k of thread tid: its place in the tile, or -1 past the end
// (label_at(t, k): the label of item k of thread t; le: lanemask_le). FULL: a whole tile. Call for
// every thread of a warp, item by item. On the CPU the ballots are made from the warp's labels and
// go through peers_by_ballots; the lanes run in order, the leader last (see OnesweepTile).
template <int ITEMS, bool FULL, class LabelAt>
SS_HD int match_place_v6(const Shared<int>& whist, LabelAt&& label_at, int tid, int k, int count, unsigned le) {
  constexpr int kWarpItems = kWarpSize * ITEMS;
  const int lane = tid % kWarpSize, warp = tid / kWarpSize;
  const bool valid = FULL || warp * kWarpItems + k * kWarpSize + lane < count;
  const unsigned d = label_at(tid, k);
  const WarpCounters wc(whist, warp);
#if defined(__CUDA_ARCH__)
  unsigned peers = warp_peers8(d);
  if (!FULL) {
    const unsigned inside = __ballot_sync(0xffffffffu, valid);
    peers &= valid ? inside : ~inside;
  }
  const int leader = match_leader(peers);
  const int r = popcount32(peers & le);  // this lane's place in its group from 1; the leader's: the group's size
  int first = wc.leader_add(d, lane == leader && valid, r, 0);
  first = __shfl_sync(0xffffffffu, first, leader);  // waits for the whole warp: this item's add before the next item's
#else
  const EmulatedBallots ballots([&](int j) {
    const bool valid_j = FULL || warp * kWarpItems + k * kWarpSize + j < count;
    return valid_j ? static_cast<int>(label_at(warp * kWarpSize + j, k)) : kRadixDigits;
  });
  const unsigned peers = peers_by_ballots(valid ? static_cast<int>(d) : kRadixDigits, valid, FULL, ballots);
  const int leader = match_leader(peers);
  const int r = popcount32(peers & le);
  const int first = valid ? wc.base[d] : 0;
  if (lane == leader && valid) wc.base[d] = first + r;
#endif
  return valid ? first + r - 1 : -1;
}

// Four zero words from word i of s (i a multiple of 4; one 16-byte store on the GPU).
SS_HD void zero4(const Shared<int>& s, int i) {
#if defined(__CUDA_ARCH__)
  *reinterpret_cast<Vec4<int>*>(s.data + i) = Vec4<int>{0, 0, 0, 0};
#else
  for (int j = 0; j < 4; ++j) s.store(i + j, 0);
#endif
}

// The write of pass v6: element j of the sorted tile to out[offset + j], through out + tid taken as
// it is (on the GPU: a global address from a conversion the compiler cannot see into), so that the
// address stays (out + tid) + offset: one 64-bit multiply-add per key, the i x THREADS of j = i x
// THREADS + tid in the store's immediate offset (the compiler would otherwise add tid and the
// array's base in 64 bits per key; and a plain store through the converted pointer would be a
// generic one).
struct ScatterOut {
  uint32_t* p;  // out + tid (on the GPU: in the global window)
  SS_HD ScatterOut(uint32_t* out, int tid) : p(out + tid) {
#if defined(__CUDA_ARCH__)
    asm("cvta.to.global.u64 %0, %0;" : "+l"(p));
#endif
  }
  SS_HD void put(int offset, int i_threads, uint32_t v) const {
#if defined(__CUDA_ARCH__)
    asm volatile("st.global.u32 [%0], %1;" ::"l"((p + offset) + i_threads), "r"(v));
#else
    (p + offset)[i_threads] = v;
#endif
  }
};

// P (KeyPass): how the pass sees its keys; the Bits pass is built once, as K = Unsigned, for every
// kind of key.
template <int THREADS, int ITEMS, int MIN_BLOCKS, SortKey K, bool PAIRS, KeyPass P = KeyPass::OnTheFly>
struct OnesweepTileV6 : SortTileShape<THREADS, ITEMS, MIN_BLOCKS> {
  static_assert(P != KeyPass::Bits || K == SortKey::Unsigned, "one Bits pass for every kind of key");
  static_assert(P != KeyPass::First || K == SortKey::Float, "only float keys change their bits in pass 0");
  static_assert(P != KeyPass::Last || K != SortKey::Unsigned, "unsigned keys' last pass is the Bits pass");
  using Shape = SortTileShape<THREADS, ITEMS, MIN_BLOCKS>;
  using Shape::kTile, Shape::kWarpItems;
  static constexpr int kZeroQuads = kRadixDigits / 4 / kWarpSize;  // 2: 16-byte stores per lane that zero its warp's counters
  // Shared memory, in words: the exchange (the tile sorted by digit), the values' exchange (pairs),
  // every warp's digit counters (places), each digit's out offset, the block scan's warp totals.
  static constexpr int kExchange = 0, kValues = kTile, kWarpHist = kValues + (PAIRS ? kTile : 0);
  static_assert(kWarpHist % 4 == 0, "16-byte aligned counters");
  static constexpr int kDigitOut = kWarpHist + Shape::kWarps * kRadixDigits, kScanWords = kDigitOut + kRadixDigits;
  static constexpr int kSmemWords = kScanWords + kWarpSize;
  static_assert(kSmemWords * 4 <= 227 * 1024, "at most 227 KiB of shared memory per block (sm_90; more than 48 KiB: CudaExec opts in)");

  // Step 3 for every item, FULL: a whole tile.
  template <bool FULL, class Block, class LabelAt, class Keys, class Vals, class R>
  SS_HD static void rank(Block& b, const Shared<int>& whist, const Shared<uint32_t>& exch, const Shared<uint32_t>& vexch, LabelAt&& label_at, const Keys& keys,
                         const Vals& vals, const R& le, int count) {
    SS_UNROLL for (int k = 0; k < ITEMS; ++k) {
      b.threads([&](int tid) {
        const int at = match_place_v6<ITEMS, FULL>(whist, label_at, tid, k, count, le[tid]);
        if (FULL || at >= 0) {
          exch.store(at, keys[tid][k]);
          if (PAIRS) vexch.store(at, vals[tid][k]);
        }
      });
    }
  }

  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const OnesweepArgs& a) {
    auto smem = b.template shared<uint32_t>(kSmemWords);
    auto exch = view_as<uint32_t>(smem, kExchange);
    auto vexch = view_as<uint32_t>(smem, kValues);
    auto whist = view_as<int>(smem, kWarpHist);
    auto dout = view_as<int>(smem, kDigitOut);
    auto wt = view_as<int>(smem, kScanWords);
    const uint32_t* exch_p = exch.data;  // after a barrier: plain loads (Shared::load is volatile: one after the other)
    const uint32_t* vexch_p = vexch.data;
    const int* dout_p = dout.data;
    auto keys = b.template regs<Items<uint32_t, ITEMS>>();
    auto vals = b.template regs<Items<uint32_t, PAIRS ? ITEMS : 1>>();
    auto le = b.template regs<unsigned>();
    auto cnt = b.template regs<int>();
    auto val = b.template regs<int>();
    auto total = b.template regs<int>();
    auto other = b.template regs<int>();
    const long long tile = g.block;
    const TileSpan span = tile_span(tile, kTile, a.n);
    const unsigned flip = pass_flip<K, P>(a.pass), sel = 0x4440u + static_cast<unsigned>(a.pass);
    // The ranking's labels with a selector that differs in bits PRMT ignores (16 and up): ptxas
    // would otherwise reuse the counting step's labels (and counter addresses) in the ranking and
    // keep ITEMS more registers alive between the two, which spills.
    const unsigned sel_rank = sel | 0x10000u;
    auto label_at = [&](int tid, int k) { return pass_label<K, P>(keys[tid][k], sel); };
    auto rank_label_at = [&](int tid, int k) { return pass_label<K, P>(keys[tid][k], sel_rank); };
    // 1. keys (and values) in, warp-striped; each warp zeroes its own counters (two 16-byte stores
    // a lane), so a warp barrier is enough before it counts
    b.threads([&](int tid) {
      load_warp_striped<ITEMS>(keys[tid], tid, a.keys_in + span.first, span.count, span.full);
      if (P == KeyPass::First) {  // float keys to their codes (items past the end too: never used)
        SS_UNROLL for (int k = 0; k < ITEMS; ++k) keys[tid][k] = float_code(keys[tid][k]);
      }
      if (PAIRS) load_warp_striped<ITEMS>(vals[tid], tid, a.vals_in + span.first, span.count, span.full);
      le[tid] = lanemask_le(tid % kWarpSize);
      SS_UNROLL for (int r = 0; r < kZeroQuads; ++r) zero4(whist, (tid / kWarpSize) * kRadixDigits + 4 * (r * kWarpSize + tid % kWarpSize));
    });
    b.warp_sync();  // the warp's counters zeroed
    // The rest twice, for a whole tile and for the last one (FULL: no bound per key).
    auto steps = [&](auto full_tag) {
      constexpr bool FULL = decltype(full_tag)::value;
      const int count = span.count;
      // 2. every key counted under its label in its warp's counters, then the counters to places
      b.threads([&](int tid) {
        const WarpCounters wc(whist, tid / kWarpSize);
        SS_UNROLL for (int k = 0; k < ITEMS; ++k) {
          if (FULL || (tid / kWarpSize) * kWarpItems + k * kWarpSize + tid % kWarpSize < count) wc.count(label_at(tid, k));
        }
      });
      b.sync();  // every warp's counts complete
      warp_counts_to_places<THREADS>(b, whist, wt, cnt, val, total, other, flip, [&](int d, int c) {
        store_status(a.status + tile * kRadixDigits + d, pack_status(a.tag, tile == 0 ? kFlagPrefix : kFlagAggregate, c));
      });
      // 3. the ranking: every key (and value) to its place in the tile
      rank<FULL>(b, whist, exch, vexch, rank_label_at, keys, vals, le, count);
      // 4. per digit: the count in the tiles before (look-back), published inclusive; the out offset
      b.threads([&](int tid) { digit_out_offset(a, tile, tid, cnt[tid], val[tid], dout, flip); });
      b.sync();  // the sorted tile and the out offsets in shared memory
      // 5. the sorted tile out, consecutive threads at consecutive elements: element j = i x THREADS
      // + tid to out[dout[label] + j]
      b.threads([&](int tid) {
        const ScatterOut kout(a.keys_out, tid), vout(PAIRS ? a.vals_out : a.keys_out, tid);
        SS_UNROLL for (int i = 0; i < ITEMS; ++i) {
          if (!FULL && i * THREADS + tid >= count) break;
          const uint32_t key = exch_p[i * THREADS + tid];
          const int o = dout_p[pass_label<K, P>(key, sel)];
          kout.put(o, i * THREADS, P == KeyPass::Last && K == SortKey::Float ? float_from_code(key) : key);
          if (PAIRS) vout.put(o, i * THREADS, vexch_p[i * THREADS + tid]);
        }
      });
    };
    if (span.full) steps(std::true_type{});
    else steps(std::false_type{});
  }
};

// ---- Pass v10 of the pairs (OnesweepPairsTileV10; tuning rows x-sort-pairs-v10-*, not timed yet):
// the order of CUB's onesweep pass for pairs, which a static comparison of the two kernels' SASS
// found to be where they differ most (docs/performance.md, "Pairs: v7 beside CUB's onesweep,
// static comparison"): one exchange, the keys through it first and the values after them, instead
// of v7's two exchanges filled together during the ranking. So 47.6 KiB of shared memory a block
// at 384 x 23 against v7's 82.1: two blocks fit the 100 KiB shared-memory configuration of an
// sm_90 SM, which leaves 156 KB of its 256 KB to the L1 (v7's two blocks need 166 KiB; and every
// sort pass asks for the largest carveout, 228 KiB, which leaves the L1 28 KB). A tile:
//   1.-2. keys in (warp-striped), counts and places, published: as v6;
//   3. the ranking as v6 (match_place_v6: the same places, so the same stable order), each key
//      stored at its place in the exchange, and the place kept (ITEMS registers, as v7 keeps its
//      values during the ranking);
//   then the values loaded (warp-striped: each thread's values are its keys' elements), in flight
//   during the look-back and the keys' write;
//   4. the look-back as v6;
//   5. the keys written out as v6, each written element's label kept, a byte, in the warps'
//      counters' words (free since the ranking; 12 KiB hold 12288 labels);
//   6. a barrier (every key read from the exchange), each value stored at its key's place; a
//      barrier; the values written out, element j of the sorted tile to out[dout[label j] + j].
// Two barriers more a tile than v7, and per key two shared accesses more (the label's byte stored
// and loaded) and one more load of its digit's out offset. Registers: each thread keeps its keys'
// places (from the ranking to the values' store) and its values (from their load), 46, where v7
// keeps its keys and values through the ranking.
template <int THREADS, int ITEMS, int MIN_BLOCKS, SortKey K, bool PAIRS, KeyPass P = KeyPass::OnTheFly>
struct OnesweepPairsTileV10 : SortTileShape<THREADS, ITEMS, MIN_BLOCKS> {
  static_assert(PAIRS, "pass v10 is a pairs pass");
  static_assert(P != KeyPass::Bits || K == SortKey::Unsigned, "one Bits pass for every kind of key");
  static_assert(P != KeyPass::First || K == SortKey::Float, "only float keys change their bits in pass 0");
  static_assert(P != KeyPass::Last || K != SortKey::Unsigned, "unsigned keys' last pass is the Bits pass");
  using Shape = SortTileShape<THREADS, ITEMS, MIN_BLOCKS>;
  using Shape::kTile, Shape::kWarpItems;
  static constexpr int kZeroQuads = kRadixDigits / 4 / kWarpSize;
  // Shared memory, in words: the exchange (keys, then values), every warp's digit counters, each
  // digit's out offset, the block scan's warp totals.
  static constexpr int kExchange = 0, kWarpHist = (kTile + 3) / 4 * 4;
  static constexpr int kDigitOut = kWarpHist + Shape::kWarps * kRadixDigits, kScanWords = kDigitOut + kRadixDigits;
  static constexpr int kSmemWords = kScanWords + kWarpSize;
  static_assert(kSmemWords * 4 <= 227 * 1024, "at most 227 KiB of shared memory per block");
  static_assert(Shape::kWarps * kRadixDigits * 4 >= kTile, "a label byte per key in the counters' words");

  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx g, const OnesweepArgs& a) {
    auto smem = b.template shared<uint32_t>(kSmemWords);
    auto exch = view_as<uint32_t>(smem, kExchange);
    auto whist = view_as<int>(smem, kWarpHist);
    auto dout = view_as<int>(smem, kDigitOut);
    auto wt = view_as<int>(smem, kScanWords);
    auto labels = view_as<uint8_t>(smem, kWarpHist);  // after the ranking: each written element's label, a byte
    const uint32_t* exch_p = exch.data;  // after a barrier: plain loads
    const int* dout_p = dout.data;
    const uint8_t* labels_p = labels.data;
    auto keys = b.template regs<Items<uint32_t, ITEMS>>();
    auto vals = b.template regs<Items<uint32_t, ITEMS>>();
    auto place = b.template regs<Items<int, ITEMS>>();  // each key's place in the tile (-1 past the end)
    auto le = b.template regs<unsigned>();
    auto cnt = b.template regs<int>();
    auto val = b.template regs<int>();
    auto total = b.template regs<int>();
    auto other = b.template regs<int>();
    const long long tile = g.block;
    const TileSpan span = tile_span(tile, kTile, a.n);
    const unsigned flip = pass_flip<K, P>(a.pass), sel = 0x4440u + static_cast<unsigned>(a.pass);
    const unsigned sel_rank = sel | 0x10000u;  // as v6: the ranking's labels apart from the counting's
    auto label_at = [&](int tid, int k) { return pass_label<K, P>(keys[tid][k], sel); };
    auto rank_label_at = [&](int tid, int k) { return pass_label<K, P>(keys[tid][k], sel_rank); };
    // 1. the keys in, warp-striped; each warp zeroes its own counters
    b.threads([&](int tid) {
      load_warp_striped<ITEMS>(keys[tid], tid, a.keys_in + span.first, span.count, span.full);
      if (P == KeyPass::First) {
        SS_UNROLL for (int k = 0; k < ITEMS; ++k) keys[tid][k] = float_code(keys[tid][k]);
      }
      le[tid] = lanemask_le(tid % kWarpSize);
      SS_UNROLL for (int r = 0; r < kZeroQuads; ++r) zero4(whist, (tid / kWarpSize) * kRadixDigits + 4 * (r * kWarpSize + tid % kWarpSize));
    });
    b.warp_sync();  // the warp's counters zeroed
    auto steps = [&](auto full_tag) {
      constexpr bool FULL = decltype(full_tag)::value;
      const int count = span.count;
      // 2. counts, then places (as v6)
      b.threads([&](int tid) {
        const WarpCounters wc(whist, tid / kWarpSize);
        SS_UNROLL for (int k = 0; k < ITEMS; ++k) {
          if (FULL || (tid / kWarpSize) * kWarpItems + k * kWarpSize + tid % kWarpSize < count) wc.count(label_at(tid, k));
        }
      });
      b.sync();  // every warp's counts complete
      warp_counts_to_places<THREADS>(b, whist, wt, cnt, val, total, other, flip, [&](int d, int c) {
        store_status(a.status + tile * kRadixDigits + d, pack_status(a.tag, tile == 0 ? kFlagPrefix : kFlagAggregate, c));
      });
      // 3. the ranking: each key to its place in the exchange, the place kept
      SS_UNROLL for (int k = 0; k < ITEMS; ++k) {
        b.threads([&](int tid) {
          const int at = match_place_v6<ITEMS, FULL>(whist, rank_label_at, tid, k, count, le[tid]);
          if (FULL || at >= 0) exch.store(at, keys[tid][k]);
          place[tid][k] = at;
        });
      }
      // the values in (warp-striped, as the keys), in flight during the look-back and the keys' write
      b.threads([&](int tid) { load_warp_striped<ITEMS>(vals[tid], tid, a.vals_in + span.first, count, FULL); });
      // 4. per digit: the look-back and the out offset (as v6)
      b.threads([&](int tid) { digit_out_offset(a, tile, tid, cnt[tid], val[tid], dout, flip); });
      b.sync();  // the sorted keys and the out offsets in shared memory
      // 5. the keys out, consecutive threads at consecutive elements; each element's label kept in
      // the counters' words (free since the ranking), a byte each
      b.threads([&](int tid) {
        const ScatterOut kout(a.keys_out, tid);
        SS_UNROLL for (int i = 0; i < ITEMS; ++i) {
          if (!FULL && i * THREADS + tid >= count) break;
          const uint32_t key = exch_p[i * THREADS + tid];
          const unsigned label = pass_label<K, P>(key, sel);
          labels.store(i * THREADS + tid, static_cast<uint8_t>(label));
          kout.put(dout_p[label], i * THREADS, P == KeyPass::Last && K == SortKey::Float ? float_from_code(key) : key);
        }
      });
      b.sync();  // every key read from the exchange
      // 6. the values to their keys' places, then out beside their keys
      b.threads([&](int tid) {
        SS_UNROLL for (int k = 0; k < ITEMS; ++k)
          if (FULL || place[tid][k] >= 0) exch.store(place[tid][k], vals[tid][k]);
      });
      b.sync();  // the sorted values in the exchange
      b.threads([&](int tid) {
        const ScatterOut vout(a.vals_out, tid);
        SS_UNROLL for (int i = 0; i < ITEMS; ++i) {
          if (!FULL && i * THREADS + tid >= count) break;
          vout.put(dout_p[labels_p[i * THREADS + tid]], i * THREADS, exch_p[i * THREADS + tid]);
        }
      });
    };
    if (span.full) steps(std::true_type{});
    else steps(std::false_type{});
  }
};

// A tile program with the shared-memory carveout made for CARVE_FOR blocks per SM (the smallest
// configuration that holds them, the rest of the SM's 256 KB left to the L1) instead of the
// largest (kMaxShared). A type of its own, so that its kernel is not the base program's (the
// carveout is an attribute of the kernel); its code is the base program's.
template <class Tile, int CARVE_FOR>
struct CarvedTile : Tile {
  static constexpr bool kMaxShared = false;
  static constexpr int kCarveFor = CARVE_FOR;
};

// The tile programs a sequence can run (OnesweepSequence's PASS): PassV6 (OnesweepTileV6: the
// shipped rows' and most tuning rows'), PassV10 (pass v10 of the pairs), and Carved<PASS> (PASS's
// program with the carveout made for its blocks per SM: CarvedTile).
struct PassV6 {
  template <int THREADS, int ITEMS, int MIN_BLOCKS, SortKey K, bool PAIRS, KeyPass P>
  using Tile = OnesweepTileV6<THREADS, ITEMS, MIN_BLOCKS, K, PAIRS, P>;
};
struct PassV10 {
  template <int THREADS, int ITEMS, int MIN_BLOCKS, SortKey K, bool PAIRS, KeyPass P>
  using Tile = OnesweepPairsTileV10<THREADS, ITEMS, MIN_BLOCKS, K, PAIRS, P>;
};
template <class PASS>
struct Carved {
  template <int THREADS, int ITEMS, int MIN_BLOCKS, SortKey K, bool PAIRS, KeyPass P>
  using Tile = CarvedTile<typename PASS::template Tile<THREADS, ITEMS, MIN_BLOCKS, K, PAIRS, P>, MIN_BLOCKS>;
};

// ---- The small-n path: n <= THREADS x ITEMS keys sorted by one block, all four digit passes in
// shared memory (one launch, no histogram, no look-back). Each pass: early counts and the match by
// ballots as the pass before v6 had them (early_counts, match_place; with tile 0's offsets: the
// digit's first place in the tile), the keys (and values) through the exchange to their places,
// then read back warp-striped for the next pass; the keys stay in input order within a digit (the
// ranks follow the element order), so the result is stable. The last pass writes the exchange
// out, consecutive threads at consecutive elements.
struct SingleTileArgs {
  const uint32_t* keys_in;
  uint32_t* keys_out;
  const uint32_t* vals_in;  // pairs only
  uint32_t* vals_out;
  int n;  // <= the tile
};

template <int THREADS, int ITEMS, SortKey K, bool PAIRS>
struct OnesweepSingleTile : SortTileShape<THREADS, ITEMS, 1> {
  using Shape = SortTileShape<THREADS, ITEMS, 1>;
  using Shape::kTile, Shape::kWarpItems;
  static constexpr int kExchange = 0, kWarpHist = kTile, kScanWords = kWarpHist + Shape::kWarps * kRadixDigits;
  static constexpr int kSmemWords = kScanWords + kWarpSize;
  static_assert(kSmemWords * 4 <= 48 * 1024, "a launch without the opt-in to more than 48 KiB of shared memory");

  template <class Op, class T, class Block>
  SS_HD static void run(Block& b, GridCtx, const SingleTileArgs& a) {
    auto smem = b.template shared<uint32_t>(kSmemWords);
    auto exch = view_as<uint32_t>(smem, kExchange);
    auto whist = view_as<int>(smem, kWarpHist);
    auto wt = view_as<int>(smem, kScanWords);
    auto keys = b.template regs<Items<uint32_t, ITEMS>>();
    auto vals = b.template regs<Items<uint32_t, PAIRS ? ITEMS : 1>>();
    auto place = b.template regs<Items<int, PAIRS ? ITEMS : 1>>();
    auto cnt = b.template regs<int>();
    auto val = b.template regs<int>();
    auto total = b.template regs<int>();
    auto other = b.template regs<int>();
    const int count = a.n;
    const bool full = count == kTile;
    b.threads([&](int tid) {
      const int first = (tid / kWarpSize) * kWarpItems + tid % kWarpSize;
      SS_UNROLL for (int k = 0; k < ITEMS; ++k)
        if (first + k * kWarpSize < count) {
          keys[tid][k] = a.keys_in[first + k * kWarpSize];
          if (PAIRS) vals[tid][k] = a.vals_in[first + k * kWarpSize];
        }
    });
    for (int pass = 0; pass < kRadixPasses; ++pass) {
      early_counts<THREADS, ITEMS, K>(b, whist, wt, keys, cnt, val, total, other, pass, count, full, [](int, int) {});
      SS_UNROLL for (int k = 0; k < ITEMS; ++k) {
        b.threads([&](int tid) {
          const int at = match_place<ITEMS, K>(whist, keys, tid, k, pass, count, full);
          if (at >= 0) exch.store(at, keys[tid][k]);
          if (PAIRS) place[tid][k] = at;
        });
        b.warp_sync();
      }
      b.sync();  // the keys in the exchange in this pass's order
      if (pass + 1 == kRadixPasses && !PAIRS) break;
      b.threads([&](int tid) {
        const int first = (tid / kWarpSize) * kWarpItems + tid % kWarpSize;
        SS_UNROLL for (int k = 0; k < ITEMS; ++k)
          if (first + k * kWarpSize < count) keys[tid][k] = exch.load(first + k * kWarpSize);
      });
      if (PAIRS) {
        b.sync();  // the keys read back
        b.threads([&](int tid) {
          SS_UNROLL for (int k = 0; k < ITEMS; ++k)
            if (place[tid][k] >= 0) exch.store(place[tid][k], vals[tid][k]);
        });
        b.sync();  // the values in the exchange
        if (pass + 1 == kRadixPasses) break;
        b.threads([&](int tid) {
          const int first = (tid / kWarpSize) * kWarpItems + tid % kWarpSize;
          SS_UNROLL for (int k = 0; k < ITEMS; ++k)
            if (first + k * kWarpSize < count) vals[tid][k] = exch.load(first + k * kWarpSize);
        });
      }
      b.sync();  // the exchange free for the next pass
    }
    // the exchange holds the last pass's order: the values (pairs), the keys (keys only); for pairs
    // the keys are in registers, warp-striped, in that order
    b.threads([&](int tid) {
      for (int j = tid; j < count; j += THREADS) (PAIRS ? a.vals_out : a.keys_out)[j] = exch.load(j);
      if (PAIRS) {
        const int first = (tid / kWarpSize) * kWarpItems + tid % kWarpSize;
        SS_UNROLL for (int k = 0; k < ITEMS; ++k)
          if (first + k * kWarpSize < count) a.keys_out[first + k * kWarpSize] = keys[tid][k];
      }
    });
  }
};

// What a sort launch takes besides its Exec.
struct SortRun {
  SortKey key;
  const uint32_t* keys_in;  // 16-byte aligned (the histogram's loads)
  uint32_t* keys_out;       // n keys, sorted (stable)
  const uint32_t* vals_in;  // pairs: the values, which follow their keys
  uint32_t* vals_out;
  long long n;              // < 2^31
  Carve& ws;                // the other buffers (keys, values), the histograms, the look-back words
  int max_blocks;           // the histogram's grid-stride: resident blocks (a few on the CPU)
  const char* name;
};

// The launches of one sort of keys alone (PAIRS false) or of pairs with the pass program
// OnesweepTileV6 of shape (THREADS, ITEMS, MIN_BLOCKS); an n of at most kSmall keys is sorted by one
// launch of OnesweepSingleTile (512 x 8) instead. Each sequence builds only its own kind's kernels.
// ONCE: the keys' bits changed once (KeyPass): every pass of unsigned keys and passes 0 to 2 of int
// keys are the unsigned pass (Bits), int keys' pass 3 flips the sign bit's digit (Last); float keys'
// pass 0 writes their codes (First), passes 1 and 2 are the unsigned pass, pass 3 writes the keys
// back (Last). Without ONCE every pass computes the order from the keys as they came in (OnTheFly).
// PASS: the tile program (PassV6: OnesweepTileV6; PassV10: pass v10 of the pairs; Carved<...>).
template <int THREADS, int ITEMS, int MIN_BLOCKS, bool PAIRS, bool ONCE = true, class PASS = PassV6>
struct OnesweepSequence {
  static constexpr bool kPairs = PAIRS, kOnce = ONCE;
  // Program P for keys of kind K (the Bits program built once, as K = Unsigned, for every kind).
  template <SortKey K, KeyPass P>
  using Tile = typename PASS::template Tile<THREADS, ITEMS, MIN_BLOCKS, P == KeyPass::Bits ? SortKey::Unsigned : K, PAIRS, P>;

  static constexpr int kTile = THREADS * ITEMS;
  static constexpr int kSmallThreads = 512, kSmallItems = 8;
  static constexpr int kSmall = kSmallThreads * kSmallItems;  // the one-block path's largest n
  static constexpr int kHistThreads = 256, kHistLoads = 4;    // the histogram's block, and its 16-byte loads in flight per thread
  template <SortKey K, class Exec>
  static void run_typed(Exec& ex, const SortRun& r) {
    using H = SortHistogram<kHistThreads, kHistLoads, K, ONCE && K == SortKey::Float>;
    const long long tiles = ceil_div(r.n, kTile);
    uint32_t* alt_keys = r.ws.template take<uint32_t>(r.n);
    uint32_t* alt_vals = PAIRS ? r.ws.template take<uint32_t>(r.n) : nullptr;
    int* hist = r.ws.template take<int>(kRadixPasses * kRadixDigits);
    unsigned long long* status = r.ws.template take<unsigned long long>(tiles * kRadixDigits);  // one set for every pass: each pass has its own tag
    if (Exec::counting || r.n == 0) return;
    if (r.n <= kSmall) {
      using Single = OnesweepSingleTile<kSmallThreads, kSmallItems, K, PAIRS>;
      ex.template launch<Single, OpSum>(1, Single::kThreads, Single::kSmemWords,
                                        SingleTileArgs{r.keys_in, r.keys_out, PAIRS ? r.vals_in : nullptr, PAIRS ? r.vals_out : nullptr, static_cast<int>(r.n)}, r.name);
      return;
    }
    ex.memset_zero(hist, sizeof(int) * kRadixPasses * kRadixDigits);
    const long long chunks = ceil_div(ceil_div(r.n, 4), H::kChunkQuads);
    const int hist_blocks = static_cast<int>(chunks < r.max_blocks ? chunks : (r.max_blocks > 0 ? r.max_blocks : 1));
    ex.template launch<H, OpSum>(hist_blocks, H::kThreads, H::kSmemWords, SortHistArgs{r.keys_in, r.n, hist}, r.name);
    ex.template launch<SortHistScan<kRadixPasses>, OpSum>(1, kRadixDigits, SortHistScan<kRadixPasses>::kSmemWords, hist, r.name);
    for (int pass = 0; pass < kRadixPasses; ++pass) {
      // in -> alt, alt -> out, out -> alt, alt -> out
      const uint32_t* kin = pass == 0 ? r.keys_in : pass % 2 ? alt_keys : r.keys_out;
      uint32_t* kout = pass % 2 ? r.keys_out : alt_keys;
      const uint32_t* vin = pass == 0 ? r.vals_in : pass % 2 ? alt_vals : r.vals_out;
      uint32_t* vout = pass % 2 ? r.vals_out : alt_vals;
      OnesweepArgs a{kin, kout, PAIRS ? vin : nullptr, PAIRS ? vout : nullptr, r.n, hist + pass * kRadixDigits, status, look_back_tag(), pass};
      auto launch = [&](auto program) {
        using Pass = Tile<K, decltype(program)::value>;
        ex.template launch<Pass, OpSum>(static_cast<int>(tiles), THREADS, Pass::kSmemWords, a, r.name);
      };
      using Fly = std::integral_constant<KeyPass, KeyPass::OnTheFly>;
      using Bits = std::integral_constant<KeyPass, KeyPass::Bits>;
      using First = std::integral_constant<KeyPass, KeyPass::First>;
      using Last = std::integral_constant<KeyPass, KeyPass::Last>;
      if constexpr (!ONCE) launch(Fly{});
      else if constexpr (K == SortKey::Unsigned) launch(Bits{});
      else if (pass == kRadixPasses - 1) launch(Last{});
      else if constexpr (K == SortKey::Float) {
        if (pass == 0) launch(First{});
        else launch(Bits{});
      } else launch(Bits{});
    }
  }
  template <class Exec>
  static void run(Exec& ex, const SortRun& r) {
    switch (r.key) {
      case SortKey::Unsigned: run_typed<SortKey::Unsigned>(ex, r); break;
      case SortKey::Int: run_typed<SortKey::Int>(ex, r); break;
      case SortKey::Float: run_typed<SortKey::Float>(ex, r); break;
    }
  }
};

// ---- The sort rows (as for_each_compaction lists the compactions): id, title, source, flags; keys
// or pairs by the sequence.
template <class Seq>
struct SortRow {
  using Sequence = Seq;
  const char* id;
  const char* title;
  const char* source;
  unsigned flags = 0;  // kBest, kTuning (strategies.h's meanings)
};

// The shipped rows are the shapes that measured best (docs/performance.md, "Radix sort"): keys at
// 384 x 24, 3 blocks per SM; pairs at 384 x 23 (CUB's sm_90 tile for 32-bit pairs), 2 per SM. The
// tuning rows (scripts/bench_gpu.sh sort-tune) are other shapes of the same programs, each built for
// the blocks per SM (MIN_BLOCKS) that its registers allow.
template <class Visit>
void for_each_sort(Visit&& v) {
  constexpr unsigned best = 1, tuning = 4;  // strategies.h's kBest and kTuning
  const char* onesweep = "scanscope (after Adinets & Merrill, Onesweep)";
  v(SortRow<OnesweepSequence<384, 24, 3, false>>{
      "sort-onesweep",
      "LSD radix sort of 32-bit keys, stable: one histogram pass, then 4 passes of 8 bits, each one read and one write of the keys with a decoupled look-back over per-digit tile counts, "
      "early counts and warp match ranking by ballots, float keys to ordered bits in the first pass and back in the last, 384 x 24 per tile (3 blocks/SM); n <= 4096 in one block",
      onesweep, best});
  v(SortRow<OnesweepSequence<384, 23, 2, true>>{"sort-onesweep-pairs",
                                                "sort-onesweep with a 32-bit value per key (the values follow their keys, stably, through their own exchange), 384 x 23 per tile (2 blocks/SM); n <= 4096 in one block",
                                                onesweep, best});
  // The shipped programs as they were before the keys' bits were changed once: every pass computes
  // the order from the keys as they came in (float keys: the order's bits at every use of a label).
  const char* fly = "scanscope (sort-onesweep's pass, the order computed in every pass)";
  v(SortRow<OnesweepSequence<384, 24, 3, false, false>>{"x-sort-v6-eachpass-384x24", "sort-onesweep with the keys' order computed from the keys in every pass (float: at every use of a digit) instead of once; n <= 4096 in one block", fly, tuning});
  v(SortRow<OnesweepSequence<384, 23, 2, true, false>>{"x-sort-pairs-v7-eachpass-384x23", "sort-onesweep-pairs with the keys' order computed from the keys in every pass (float: at every use of a digit) instead of once; n <= 4096 in one block", fly, tuning});
  const char* v6 = "scanscope (sort-onesweep's pass at other shapes)";
  v(SortRow<OnesweepSequence<384, 20, 3, false>>{"x-sort-v6-384x20", "sort-onesweep's pass (v6) at 384 x 20 (CUB's sm_90 tile for 32-bit keys), built for 3 blocks/SM; n <= 4096 in one block", v6, tuning});
  v(SortRow<OnesweepSequence<256, 16, 5, false>>{"x-sort-v6-256x16", "sort-onesweep's pass (v6) at 256 x 16, built for 5 blocks/SM; n <= 4096 in one block", v6, tuning});
  v(SortRow<OnesweepSequence<384, 16, 3, true>>{"x-sort-pairs-v7-384x16", "sort-onesweep-pairs' pass (v7) at 384 x 16, built for 3 blocks/SM; n <= 4096 in one block", v6, tuning});
  v(SortRow<OnesweepSequence<256, 16, 4, true>>{"x-sort-pairs-v7-256x16", "sort-onesweep-pairs' pass (v7) at 256 x 16, built for 4 blocks/SM; n <= 4096 in one block", v6, tuning});
  // Pairs shapes for the H100 at 2^28 (0.94x CUB at 384 x 23): more warps per SM, no spill, smaller blocks.
  v(SortRow<OnesweepSequence<512, 16, 2, true>>{"x-sort-pairs-v7-512x16", "sort-onesweep-pairs' pass (v7) at 512 x 16, built for 2 blocks/SM (32 warps per SM); n <= 4096 in one block", v6, tuning});
  v(SortRow<OnesweepSequence<384, 20, 2, true>>{"x-sort-pairs-v7-384x20", "sort-onesweep-pairs' pass (v7) at 384 x 20, built for 2 blocks/SM (80 registers, no spill for int keys); n <= 4096 in one block", v6, tuning});
  v(SortRow<OnesweepSequence<256, 24, 3, true>>{"x-sort-pairs-v7-256x24", "sort-onesweep-pairs' pass (v7) at 256 x 24, built for 3 blocks/SM (blocks of 8 warps); n <= 4096 in one block", v6, tuning});
  // The static comparison with CUB's onesweep for pairs (docs/performance.md, 2026-12-08): v7 with
  // the carveout made for its 2 blocks (196 KiB of shared memory, the L1 60 KB, against 228 and 28),
  // and pass v10 (CUB's order: one exchange, keys then values; 47.6 KiB a block) with the carveout
  // for 2 blocks (100 KiB, the L1 156 KB) and with the largest (as every other sort pass).
  const char* v10 = "scanscope (after CUB's onesweep for pairs: its order and shared-memory footprint)";
  v(SortRow<OnesweepSequence<384, 23, 2, true, true, Carved<PassV6>>>{
      "x-sort-pairs-v7-carve-384x23", "sort-onesweep-pairs' pass (v7) with the shared-memory carveout for its 2 blocks/SM (the L1 60 KB, not 28); n <= 4096 in one block", v10, tuning});
  v(SortRow<OnesweepSequence<384, 23, 2, true, true, Carved<PassV10>>>{
      "x-sort-pairs-v10-384x23",
      "pairs pass v10: one exchange, the keys through it then the values (loaded after the ranking), 47.6 KiB a block, the carveout for 2 blocks/SM (the L1 156 KB); n <= 4096 in one block", v10,
      tuning});
  v(SortRow<OnesweepSequence<384, 23, 2, true, true, PassV10>>{
      "x-sort-pairs-v10-maxshared-384x23", "pairs pass v10 with the largest shared-memory carveout (the L1 28 KB, as v7's); n <= 4096 in one block", v10, tuning});
  // The same lever for the keys: sort-onesweep's pass (v6) with the carveout made for its 3 blocks
  // of 49.1 KiB (the 164 KiB configuration, the L1 92 KB, against 228 and 28).
  const char* carve = "scanscope (sort-onesweep's pass with the shared-memory carveout for its blocks per SM)";
  v(SortRow<OnesweepSequence<384, 24, 3, false, true, Carved<PassV6>>>{
      "x-sort-v6-carve-384x24", "sort-onesweep's pass (v6) with the shared-memory carveout for its 3 blocks/SM (the L1 92 KB, not 28); n <= 4096 in one block", carve, tuning});
}

struct SortInfo {
  int row;  // position in for_each_sort
  const char* id;
  bool pairs;
  unsigned flags;
  const char* title;
  const char* source;
  int tile;   // keys per tile of a pass
  int small;  // the one-block path's largest n (one launch)
  bool tuning() const { return (flags & 4u) != 0; }
  bool best() const { return (flags & 1u) != 0; }
};

inline const std::vector<SortInfo>& sorts() {
  static const std::vector<SortInfo> list = [] {
    std::vector<SortInfo> v;
    for_each_sort([&](const auto& row) {
      using R = std::decay_t<decltype(row)>;
      v.push_back({static_cast<int>(v.size()), row.id, R::Sequence::kPairs, row.flags, row.title, row.source, R::Sequence::kTile, R::Sequence::kSmall});
    });
    return v;
  }();
  return list;
}

inline const SortInfo* find_sort(const std::string& id) {
  for (const auto& s : sorts())
    if (id == s.id) return &s;
  return nullptr;
}

// Runs sort s through ex (CudaExec, EmuExec, SizeExec); r.vals_in / vals_out only for a pairs row.
template <class Exec>
void run_sort(const SortInfo& s, Exec& ex, const SortRun& r) {
  int row_number = 0;
  for_each_sort([&](const auto& row) {
    using R = std::decay_t<decltype(row)>;
    if (row_number++ == s.row) R::Sequence::run(ex, r);
  });
}

// Workspace bytes sort s needs at n.
size_t sort_workspace_bytes(const SortInfo& s, long long n);

// CPU emulation of sort s (tests): every block of every launch in order on EmulatedBlock, the
// histogram over max_blocks blocks. Keys (and, for a pairs row, values: one per key) as bits; the
// outputs are poisoned before the run.
struct SortResult {
  std::vector<uint32_t> keys;
  std::vector<uint32_t> values;  // pairs rows only
  int launches = 0;
};
SortResult emulate_sort(const SortInfo& s, SortKey key, const std::vector<uint32_t>& keys, const std::vector<uint32_t>& values, int max_blocks = 3);

}  // namespace device
}  // namespace scanscope
