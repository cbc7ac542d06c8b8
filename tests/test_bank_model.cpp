// The bank model's rule, and the source documents' bank-conflict claims.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <tuple>
#include <random>

#include "engine/bank_model.h"
#include "engine/check.h"
#include "engine/compiler_view.h"
#include "engine/gpu/nvrtc.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "engine/runner.h"
#include "engine/validation_plan.h"

using namespace scanscope;

namespace {

Trace trace(const std::string& kernel, int n, Pad pad = Pad::None, int banks = 32, int threads = 0) {
  TraceRequest r;
  r.kernel = kernel;
  r.n = n;
  r.pad = pad;
  r.banks = banks;
  r.warp_issue = banks == 16 ? 16 : 32;
  r.threads = threads;
  return run_emulator(r);
}

int max_degree(const Trace& t, Phase phase) {
  int d = 0;
  for (const auto& s : t.steps)
    if (s.phase == phase) d = std::max(d, s.max_degree);
  return d;
}

int max_degree_all(const Trace& t) {
  int d = 0;
  for (const auto& s : t.steps) d = std::max(d, s.max_degree);
  return d;
}

}  // namespace

TEST(BankRule, DistinctWordsPerBank) {
  int same_word[4] = {5, 5, 5, 5};
  EXPECT_EQ(wavefronts_of(same_word, 4, 32), 1);  // broadcast
  int stride2[32];
  for (int i = 0; i < 32; ++i) stride2[i] = 2 * i;
  EXPECT_EQ(wavefronts_of(stride2, 32, 32), 2);
  int stride32[32];
  for (int i = 0; i < 32; ++i) stride32[i] = 32 * i;
  EXPECT_EQ(wavefronts_of(stride32, 32, 32), 32);
  EXPECT_EQ(wavefronts_of(stride32, 16, 16), 16);
  int consecutive[32];
  for (int i = 0; i < 32; ++i) consecutive[i] = 100 + i;
  EXPECT_EQ(wavefronts_of(consecutive, 32, 32), 1);
  EXPECT_EQ(wavefronts_of(nullptr, 0, 32), 0);
}

// Scan paper: "if we are scanning a 512-element array, the shared memory reads and writes in the
// inner loops of Listing 2 experience up to 16-way bank conflicts" (G80: 16 banks, half-warps).
TEST(ScanPaperClaims, Unpadded512InG80ModeIsUpTo16Way) {
  Trace t = trace("scan-blelloch", 512, Pad::None, 16);
  EXPECT_EQ(max_degree(t, Phase::Up), 16);
  EXPECT_EQ(max_degree(t, Phase::Down), 16);
  EXPECT_EQ(max_degree_all(t), 16);
  // The degree doubles with the stride: 2, 4, 8, 16 over the first up-sweep levels.
  EXPECT_EQ(t.steps[1].max_degree, 2);
  EXPECT_EQ(t.steps[2].max_degree, 4);
  EXPECT_EQ(t.steps[3].max_degree, 8);
  EXPECT_EQ(t.steps[4].max_degree, 16);
}

// "each thread loads two adjacent elements, resulting in interleaved indexing of the shared memory
// array, incurring two-way bank conflicts" (block A), and the halves-load of the padded version avoids them.
TEST(ScanPaperClaims, InterleavedLoadIsTwoWayHalvesLoadIsNot) {
  EXPECT_EQ(trace("scan-blelloch", 512, Pad::None, 16).steps[0].max_degree, 2);
  EXPECT_EQ(trace("scan-blelloch", 512, Pad::Harris, 16).steps[0].max_degree, 1);
}

// Figure 4: with padding every NUM_BANKS words, the offset-1 and offset-2 levels are conflict-free.
// What it leaves: at deeper levels (stride >= NUM_BANKS) simple padding still gives 2-way conflicts;
// the corrected ZERO_BANK_CONFLICTS padding (index/NB + index/NB^2) removes them all.
TEST(ScanPaperClaims, WhatPaddingRemovesAndWhatItLeaves) {
  for (int banks : {16, 32}) {
    int n = banks == 16 ? 512 : 2048;
    Trace none = trace("scan-blelloch", n, Pad::None, banks);
    Trace harris = trace("scan-blelloch", n, Pad::Harris, banks);
    Trace zero = trace("scan-blelloch", n, Pad::Zero, banks);
    EXPECT_EQ(harris.steps[1].max_degree, 1) << banks;  // offset 1
    EXPECT_EQ(harris.steps[2].max_degree, 1) << banks;  // offset 2
    EXPECT_EQ(max_degree(harris, Phase::Up), 2) << banks;
    EXPECT_EQ(max_degree(harris, Phase::Down), 2) << banks;
    EXPECT_EQ(max_degree_all(zero), 1) << banks;
    EXPECT_EQ(zero.totals.ld.conflicts + zero.totals.st.conflicts, 0) << banks;
    EXPECT_GT(none.totals.ld.conflicts, 10 * harris.totals.ld.conflicts) << banks;
    EXPECT_GT(harris.totals.ld.conflicts, 0) << banks;
    // Same answer either way.
    EXPECT_EQ(none.output, zero.output);
    EXPECT_EQ(none.output, harris.output);
  }
}

// Harris's reduction: sequential addressing is conflict-free, interleaved (index = 2*s*tid) is not.
TEST(ReductionClaims, SequentialAddressingIsConflictFree) {
  for (int n : {64, 256, 1024}) {
    Trace t = trace("reduce-sequential", n);
    EXPECT_EQ(max_degree_all(t), 1) << n;
    EXPECT_EQ(t.totals.ld.conflicts + t.totals.st.conflicts, 0) << n;
  }
  Trace t = trace("reduce-first-add", 2048);
  EXPECT_EQ(t.totals.ld.conflicts + t.totals.st.conflicts, 0);
}

TEST(ReductionClaims, InterleavedAddressingConflicts) {
  Trace t = trace("reduce-interleaved", 1024);
  EXPECT_EQ(t.steps[1].max_degree, 2);   // stride 1: index 2*tid, 2-way
  EXPECT_EQ(t.steps[2].max_degree, 4);   // stride 2: 4-way
  EXPECT_EQ(t.steps[5].max_degree, 32);  // stride 16: every lane in one bank
  EXPECT_GT(t.totals.ld.conflicts, 0);
}

// Divergence: reduce-interleaved-divergent keeps a few lanes of every warp busy; reduce-interleaved
// packs the working threads into as few warps as possible.
TEST(ReductionClaims, DivergentVersusContiguousWarps) {
  Trace div = trace("reduce-interleaved-divergent", 1024);
  Trace con = trace("reduce-interleaved", 1024);
  const Step& d = div.steps[2];  // stride 2: every 4th thread
  const Step& c = con.steps[2];
  EXPECT_EQ(d.active_threads, c.active_threads);
  int warps_d = 0, warps_c = 0;
  for (int w = 0; w < 32; ++w) {
    warps_d += active_lanes(d, w) != 0;
    warps_c += active_lanes(c, w) != 0;
  }
  EXPECT_EQ(warps_d, 32);  // all warps busy, each with 8 of 32 lanes: divergent
  EXPECT_EQ(warps_c, 8);   // 256 threads in 8 full warps
  EXPECT_EQ(active_lanes(d, 0), 0x11111111u);
}

TEST(BankTotals, CountsInstructionsPerWarpAndSite) {
  // reduce-sequential, n = 64, 64 threads: load = 2 warps x 1 store; stride 32: 1 warp x (2 ld + 1 st) ...
  Trace t = trace("reduce-sequential", 64);
  EXPECT_EQ(t.steps[0].instructions.size(), 2u);
  EXPECT_EQ(t.steps[1].instructions.size(), 3u);
  // Totals: stores 2 (load) + 6 strides x 1 + 0; loads 6 x 2 + 1 (result) = 13.
  EXPECT_EQ(t.totals.st.inst, 8);
  EXPECT_EQ(t.totals.ld.inst, 13);
  EXPECT_EQ(t.totals.ld.wavefronts, 13);
}

TEST(BankTotals, G80IssuesHalfWarpsSeparately) {
  // 32 lanes at stride 16 in G80 mode: each half-warp has all 16 lanes in one bank: 16 + 16 wavefronts.
  Trace t = trace("reduce-interleaved", 1024, Pad::None, 16);
  const Step& s = t.steps[4];  // stride 8: index = 16*tid
  EXPECT_EQ(s.max_degree, 16);
  for (const auto& wi : s.instructions)
    if (wi.lanes == 0xffffffffu) {
      EXPECT_EQ(wi.wavefronts, 32);
      EXPECT_EQ(wi.conflicts, 30);
    }
}

// Every correct kernel separates each cross-thread write and read by a barrier: no step of any
// validation-plan trace has a hazard. The interpreter finds hazards from the source's accesses;
// the compiler's view (NVRTC, most of this test's time before) changes counts, not who touches what.
TEST(Hazards, CorrectKernelsHaveNone) {
  for (const auto& e : validation_plan()) {
    if (!wrong_by_design(*find_kernel_file(e.request.kernel), e.request).empty()) continue;
    Trace t = run_interpreter(resolve_kernel(e.request));
    for (const auto& s : t.steps) {
      EXPECT_TRUE(s.global_hazards.empty()) << e.name << ", step " << s.label << ": a race on " << global_element_name(t, s.global_hazards[0]);
      EXPECT_TRUE(s.hazards.empty()) << e.name << ", step " << s.label << ": " << s.hazards.size() << " hazards, first on word "
                                     << s.hazards[0].word << " (" << s.hazards[0].kind << ", threads " << s.hazards[0].first_tid
                                     << " and " << s.hazards[0].second_tid << ")";
    }
  }
}

TEST(Hazards, FindsAReadBeforeAnotherThreadsWrite) {
  Step s;
  s.accesses = {{0, 1, kLoad, 5, 1.0}, {3, 2, kStore, 5, 2.0}, {4, 1, kLoad, 6, 0.0}, {4, 1, kStore, 6, 1.0}};
  find_hazards(s);
  ASSERT_EQ(s.hazards.size(), 1u);
  EXPECT_EQ(s.hazards[0].word, 5);
  EXPECT_STREQ(s.hazards[0].kind, "write-after-read");
  EXPECT_EQ(s.hazards[0].first_tid, 0);
  EXPECT_EQ(s.hazards[0].second_tid, 3);
}

// find_hazards on step s (accesses of words 0 .. words - 1) against the pairwise search: per word,
// the first pair in program order of two threads, not both loads nor both atomics, that no tile
// barrier orders (tile_ordered; no pair is when no access passed one).
namespace {
void expect_the_pairwise_search(Step& s, int words, int round) {
  find_hazards(s);
  std::vector<std::pair<int, int>> expected;  // (first_access, second_access) per word, by word
  for (int word = 0; word < words; ++word) {
    std::vector<int> list;
    for (int i = 0; i < static_cast<int>(s.accesses.size()); ++i)
      if (s.accesses[i].word == word) list.push_back(i);
    bool found = false;
    for (size_t a = 0; a < list.size() && !found; ++a)
      for (size_t b = a + 1; b < list.size() && !found; ++b) {
        const Access &x = s.accesses[list[a]], &y = s.accesses[list[b]];
        if (x.tid == y.tid || (x.op == kLoad && y.op == kLoad) || (x.op == kAtomic && y.op == kAtomic)) continue;
        if (tile_ordered(x.tid, x.tile_syncs, y.tid, y.tile_syncs)) continue;
        expected.push_back({list[a], list[b]});
        found = true;
      }
  }
  ASSERT_EQ(s.hazards.size(), expected.size()) << "round " << round;
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(s.hazards[i].first_access, expected[i].first) << "round " << round;
    EXPECT_EQ(s.hazards[i].second_access, expected[i].second) << "round " << round;
  }
}
}  // namespace

// find_hazards reports, per word, the first conflicting pair in program order; it finds it in one
// pass. Checked against the pairwise search on random steps of few threads, words and ops.
TEST(Hazards, OnePassFindsTheFirstPairOfThePairwiseSearch) {
  std::mt19937 rng(16);
  const AccessOp ops[] = {kLoad, kStore, kAtomic};
  for (int round = 0; round < 2000; ++round) {
    Step s;
    const int count = 1 + static_cast<int>(rng() % 12);
    for (int i = 0; i < count; ++i) s.accesses.push_back({static_cast<int>(rng() % 3), 1, ops[rng() % 3], static_cast<int>(rng() % 3), 0.0});
    expect_the_pairwise_search(s, 3, round);
  }
}

// One thread's 10^6 accesses of one word (a 64 MB trace) are no hazard (once quadratic in them:
// a hang that ctest's per-test timeout reports; no clock is read here).
TEST(Hazards, OneThreadsMillionAccessesAreQuick) {
  Step s;
  for (int i = 0; i < 1000000; ++i) s.accesses.push_back({0, 1, i % 2 ? kStore : kLoad, 0, 0.0});
  find_hazards(s);
  EXPECT_TRUE(s.hazards.empty());
}

// With barriers of tiles of several warps (Access::tile_syncs), find_hazards reports the first
// pair in program order that conflicts and that no tile barrier orders (tile_ordered): checked
// against the pairwise search on random steps of threads in tiles of 64 and 128, each tile's
// threads with counts that one tile barrier count per tile of 64 decides, as a run makes them.
TEST(Hazards, TileBarriersOrderOnlyTheirOwnThreads) {
  std::mt19937 rng(29);
  const AccessOp ops[] = {kLoad, kStore, kAtomic};
  const int tids[] = {0, 5, 63, 64, 100, 130, 200};
  for (int round = 0; round < 3000; ++round) {
    Step s;
    const int count = 1 + static_cast<int>(rng() % 14);
    // per tile of 64: an epoch e gives counts {e + extra of 128, 128's}, the same for its threads
    int extra[4];
    for (int& x : extra) x = static_cast<int>(rng() % 2);
    for (int i = 0; i < count; ++i) {
      Access a{tids[rng() % 7], 1, ops[rng() % 3], static_cast<int>(rng() % 3), 0.0};
      const int e = static_cast<int>(rng() % 3);
      a.tile_syncs = {static_cast<uint32_t>(e), static_cast<uint32_t>(e > 0 ? (e + extra[a.tid / 64]) / 2 : 0), 0, 0, 0};
      s.accesses.push_back(a);
    }
    std::stable_sort(s.accesses.begin(), s.accesses.end(), [](const Access& x, const Access& y) { return x.tid < y.tid; });
    expect_the_pairwise_search(s, 3, round);
  }
}

namespace {

// A hand-made trace of one step: `threads` threads, each making the accesses `of(tid)` gives
// (site, op, word, mask), over the sites `sites`.
Trace hand_trace(int threads, const std::vector<SourceSite>& sites,
                 const std::function<std::vector<std::tuple<int, AccessOp, int, uint8_t>>(int)>& of) {
  Trace t;
  t.threads = threads;
  t.sites = sites;
  Step s;
  for (int tid = 0; tid < threads; ++tid)
    for (const auto& [site, op, word, mask] : of(tid)) {
      Access a;
      a.tid = tid;
      a.site = site;
      a.op = op;
      a.word = word;
      a.mask = mask;
      s.accesses.push_back(a);
    }
  t.steps.push_back(s);
  return t;
}

SourceSite site_of(int bytes, AccessOp op, int group = -1, int width = 1) {
  SourceSite s;
  s.bytes = bytes;
  s.op = op;
  s.vector_group = group;
  s.vector_width = width;
  return s;
}

}  // namespace

// A struct's byte at 0 and char2 at bytes 2-3 that the compiler stores as one 32-bit STS (a
// width-1 group, engine/compiler_view.cpp): one lane of one instruction per thread while the
// bytes do not overlap; a second store of byte 0 by the same thread is another instruction.
TEST(BankTotals, NarrowMembersOfOneWordInAGroupAreOneAccess) {
  const std::vector<SourceSite> sites = {site_of(1, kStore, 0), site_of(2, kStore, 0)};
  Trace t = hand_trace(64, sites, [](int tid) {
    return std::vector<std::tuple<int, AccessOp, int, uint8_t>>{{0, kStore, 3 * tid, 0x1}, {1, kStore, 3 * tid, 0xc}};
  });
  analyze_banks(t);
  EXPECT_EQ(t.totals.st.inst, 2);  // two warps, one instruction each
  Trace again = hand_trace(32, sites, [](int tid) {
    return std::vector<std::tuple<int, AccessOp, int, uint8_t>>{{0, kStore, tid, 0x1}, {1, kStore, tid, 0xc}, {0, kStore, tid, 0x1}};
  });
  analyze_banks(again);
  EXPECT_EQ(again.totals.st.inst, 2);
  // not in a group: each site its own instruction
  Trace apart = hand_trace(32, {site_of(1, kStore), site_of(2, kStore)}, [](int tid) {
    return std::vector<std::tuple<int, AccessOp, int, uint8_t>>{{0, kStore, tid, 0x1}, {1, kStore, tid, 0xc}};
  });
  analyze_banks(apart);
  EXPECT_EQ(apart.totals.st.inst, 2);
  EXPECT_EQ(apart.totals.st.inst, t.totals.st.inst);
}

// Four shorts in an 8-byte block joined into one LDS.64 (width 2): the four 2-byte accesses are
// one lane; a warp's 32 lanes of 8 bytes are two wavefronts, as a warp's int2 loads are.
TEST(BankTotals, NarrowMembersOfAnEightByteBlockAreOneVectorAccess) {
  std::vector<SourceSite> sites;
  for (int k = 0; k < 4; ++k) sites.push_back(site_of(2, kLoad, 0, 2));
  Trace t = hand_trace(32, sites, [](int tid) {
    std::vector<std::tuple<int, AccessOp, int, uint8_t>> v;
    for (int k = 0; k < 4; ++k) v.emplace_back(k, kLoad, 2 * tid + k / 2, k % 2 ? 0xc : 0x3);
    return v;
  });
  analyze_banks(t);
  EXPECT_EQ(t.totals.ld.inst, 1);
  EXPECT_EQ(t.totals.ld.wavefronts, 2);
}

// A load the machine code makes in every warp (SourceSite::every_warp), made by thread 0 alone
// in the source: one instruction of one wavefront in each of the block's four warps.
TEST(BankTotals, ALoadOfEveryWarpCountsInWarpsWithoutAnAccess) {
  std::vector<SourceSite> sites = {site_of(2, kLoad)};
  sites[0].every_warp = true;
  Trace t = hand_trace(100, sites, [](int tid) {
    return tid == 0 ? std::vector<std::tuple<int, AccessOp, int, uint8_t>>{{0, kLoad, 1, 0x3}} : std::vector<std::tuple<int, AccessOp, int, uint8_t>>{};
  });
  analyze_banks(t);
  EXPECT_EQ(t.totals.ld.inst, 4);
  EXPECT_EQ(t.totals.ld.wavefronts, 4);
  EXPECT_EQ(t.totals.ld.conflicts, 0);
  t.sites[0].every_warp = false;
  analyze_banks(t);
  EXPECT_EQ(t.totals.ld.inst, 1);
}

// A loop ptxas unrolled with a remainder (SourceSite::unrolled, the SASS of gen-20261127-125's
// `for (int i = t; i < 97; i += 32) s[i] = 0;`): three blocks of one copy (the remainder, n mod 4
// iterations), a loop of 16 copies, blocks of 8 and 4. Lane 0 runs 4 iterations (the block of 4),
// lanes 1-31 run 3 (the remainder's three copies): the warp executes 7 instructions, where one
// per iteration of the source's loop would be 4 (Nsight Compute measured 7 on an H200).
TEST(BankTotals, AnUnrolledLoopsWarpRunsTheCopiesItsLanesReach) {
  std::vector<SourceSite> sites = {site_of(4, kStore)};
  auto zeroing = [](int tid) {
    std::vector<std::tuple<int, AccessOp, int, uint8_t>> v;
    for (int i = tid; i < 97; i += 32) v.emplace_back(0, kStore, i, 0);
    return v;
  };
  Trace t = hand_trace(32, sites, zeroing);
  analyze_banks(t);
  EXPECT_EQ(t.totals.st.inst, 4);
  t.sites[0].unrolled = {1, 1, 1, -16, 8, 4};
  analyze_banks(t);
  EXPECT_EQ(t.totals.st.inst, 7);
  EXPECT_EQ(t.totals.st.wavefronts, 7);  // each copy's lanes store words of distinct banks
  // every lane the same count: as many instructions as iterations (12 = 8 + 4; 35 = 3 + 16 + 16)
  for (int n : {12, 35, 2}) {
    Trace u = hand_trace(32, sites, [n](int tid) {
      std::vector<std::tuple<int, AccessOp, int, uint8_t>> v;
      for (int i = 0; i < n; ++i) v.emplace_back(0, kStore, 32 * i + tid, 0);
      return v;
    });
    u.sites[0].unrolled = {1, 1, 1, -16, 8, 4};
    analyze_banks(u);
    EXPECT_EQ(u.totals.st.inst, n) << n;
  }
  // the slots: a lane of 4 runs the block of 4; one of 3 the remainder; 20 = 16 + 4
  EXPECT_LT(unrolled_slot({1, 1, 1, -16, 8, 4}, 3, 2), unrolled_slot({1, 1, 1, -16, 8, 4}, 4, 0));
  EXPECT_EQ(unrolled_slot({1, 1, 1, -16, 8, 4}, 20, 16), unrolled_slot({1, 1, 1, -16, 8, 4}, 4, 0));
  EXPECT_EQ(unrolled_slot({1, 1, 1, -16, 8, 4}, 4, 4), -1);
  // the shapes the compiler view accepts
  EXPECT_TRUE(unrolled_shape({1, 1, 1, -16, 8, 4}));
  EXPECT_TRUE(unrolled_shape({-1, -16, 8, 4}));
  EXPECT_TRUE(unrolled_shape({-16, 8, 4, -1}));
  EXPECT_FALSE(unrolled_shape({1, 1, -16, 8, 4}));  // a remainder of 2 for blocks of 4
  EXPECT_FALSE(unrolled_shape({1, -16, 4}));       // no block of 8
  EXPECT_FALSE(unrolled_shape({-4}));
}

namespace {

// A site written at `line` of file 0 as `text` (its columns those of the text in that line).
SourceSite written(int line, const std::string& text, int bytes, AccessOp op) {
  SourceSite s = site_of(bytes, op);
  s.file = 0;
  s.line = s.stmt_line = s.end_line = line;
  s.col = 5;
  s.end_col = 5 + static_cast<int>(text.size());
  return s;
}

// Lines 1-20 of a file, `texts` at some of them (from column 5).
std::string file_of(const std::map<int, std::string>& texts) {
  std::string f;
  for (int l = 1; l <= 20; ++l) f += (texts.count(l) ? "    " + texts.at(l) + ";" : std::string("    ;")) + "\n";
  return f;
}

}  // namespace

// The int2 stores of an if/else's two arms (lines 5 and 11, written alike) that ptxas makes one
// STS.64 after the branch, which the line table names with line 11 (gen-20261130-97): with the
// SASS's lines, one instruction per warp whose lanes take both arms; without the merge, two.
TEST(CompilerViewRules, AWideStoreInBothArmsIsOneInstructionOfItsWidth) {
  const std::string text = "s[PAD(w)]";
  Trace t = hand_trace(32, {written(5, text, 8, kStore), written(11, text, 8, kStore)}, [](int tid) {
    const int site = tid & 8 ? 0 : 1;  // each arm keeps bit 3 of the thread
    return std::vector<std::tuple<int, AccessOp, int, uint8_t>>{{site, kStore, 2 * tid, 0}, {site, kStore, 2 * tid + 1, 0}};
  });
  t.files = {"k.cu"};
  t.file_texts = {file_of({{5, text}, {11, text}})};
  CompilerView v;
  v.asked = v.sass = true;
  v.lines[{0, 11, true}] = {2};
  v.ptx_lines[{0, 11, true}] = {2};
  apply_compiler_view(v, t);
  EXPECT_EQ(t.totals.st.inst, 1);
  EXPECT_EQ(t.totals.st.wavefronts, 2);
  EXPECT_EQ(t.sites[0].vector_group, t.sites[1].vector_group);
  // written differently: two stores (which one the instruction is, is not known)
  t.file_texts = {file_of({{5, text}, {11, "s[w]"}})};
  t.sites[1].end_col = 5 + 4;
  apply_compiler_view(v, t);
  EXPECT_EQ(t.totals.st.inst, 2);
  // the SASS has an STS.64 on each arm's line: two
  t.file_texts = {file_of({{5, text}, {11, text}})};
  t.sites[1].end_col = 5 + static_cast<int>(text.size());
  v.lines[{0, 5, true}] = {2};
  apply_compiler_view(v, t);
  EXPECT_EQ(t.totals.st.inst, 2);
}

// Two float2 stores of one aligned 16-byte block (lines 3 and 7: w = 2k and 2k + 1) that ptxas
// makes one STS.128, named with line 7 (gen-20261130-84): each thread's two halves are one lane.
// Where the two are not in one block for a thread, they stay two stores.
TEST(CompilerViewRules, TwoWideStoresOfOneBlockAreOneLaneOfTheWiderInstruction) {
  auto run = [](int stride) {
    Trace t = hand_trace(32, {written(3, "s[w]", 8, kStore), written(7, "s[w]", 8, kStore)}, [stride](int tid) {
      return std::vector<std::tuple<int, AccessOp, int, uint8_t>>{
          {0, kStore, 4 * tid, 0}, {0, kStore, 4 * tid + 1, 0}, {1, kStore, 4 * tid + stride, 0}, {1, kStore, 4 * tid + stride + 1, 0}};
    });
    t.files = {"k.cu"};
    t.file_texts = {file_of({{3, "s[w]"}, {7, "s[w]"}})};
    CompilerView v;
    v.asked = v.sass = true;
    v.lines[{0, 7, true}] = {4};
    v.ptx_lines[{0, 3, true}] = {2};
    v.ptx_lines[{0, 7, true}] = {2};
    v.groups.push_back(line_group(0, true, {7}, 4, false, "SASS STS.128"));
    apply_compiler_view(v, t);
    return t.totals.st;
  };
  const OpTotals one = run(2);
  EXPECT_EQ(one.inst, 1);
  EXPECT_EQ(one.wavefronts, 4);
  EXPECT_EQ(run(130).inst, 2);  // the second value in another block
}

// The stores of an if/else's arms written alike, two in one arm (an if/else of their own on lines
// 5-6, without instructions) and one in the other (line 10), that ptxas makes one STS after the
// branch, named with line 10 (gen-20261130-287): one instruction per warp. Not where a thread makes
// both (statements one after the other), nor where a line near has more stores in the SASS than
// in the PTX (the other arm's own, named with a line of a loop).
TEST(CompilerViewRules, TheArmsStoresWrittenAlikeAreOneStoreWithTheLineThatHasIt) {
  const std::string text = "s[PAD(w)]";
  auto run = [&](bool both, bool extra, bool* joined = nullptr) {
    Trace t = hand_trace(32, {written(5, text, 4, kStore), written(6, text, 4, kStore), written(10, text, 4, kStore)}, [both](int tid) {
      std::vector<std::tuple<int, AccessOp, int, uint8_t>> v;
      if (tid & 1) v.emplace_back(tid & 2 ? 0 : 1, kStore, tid, 0);
      if (!(tid & 1) || both) v.emplace_back(2, kStore, 64 + tid, 0);
      return v;
    });
    t.files = {"k.cu"};
    t.file_texts = {file_of({{5, text}, {6, text}, {10, text}})};
    CompilerView v;
    v.asked = v.sass = true;
    v.lines[{0, 10, true}] = {1};
    v.ptx_lines[{0, 10, true}] = {1};
    if (extra) {
      v.lines[{0, 12, true}] = {1, 1};
      v.ptx_lines[{0, 12, true}] = {1};
    }
    apply_compiler_view(v, t);
    if (joined) *joined = t.sites[2].vector_group >= 0 && t.sites[2].vector_group == t.sites[0].vector_group;
    return t.totals.st.inst;
  };
  bool joined = false;
  EXPECT_EQ(run(false, false, &joined), 1);
  EXPECT_TRUE(joined);
  run(true, false, &joined);  // odd threads store twice: the group of lines 5-6, then line 10
  EXPECT_FALSE(joined);
  EXPECT_EQ(run(false, true, &joined), 2);
  EXPECT_FALSE(joined);
}

// A line whose loads ptxas made an LDS and an LDS.128 (gen-20261130-255: `for (i < 4) total +=
// bins[i]` with bins at word 543): the compiler view's group of the widest width makes each
// aligned block of four words one lane, so words 543 and 544-546 are two instructions; an array
// that starts a block, one.
TEST(CompilerViewRules, ALineOfSeveralWidthsIsOneInstructionPerAlignedBlock) {
  auto loads = [](int first) {
    Trace t = hand_trace(1, {written(4, "bins[i]", 4, kLoad)}, [first](int) {
      std::vector<std::tuple<int, AccessOp, int, uint8_t>> v;
      for (int i = 0; i < 4; ++i) v.emplace_back(0, kLoad, first + i, 0);
      return v;
    });
    t.files = {"k.cu"};
    t.file_texts = {file_of({{4, "bins[i]"}})};
    CompilerView v;
    v.asked = v.sass = true;
    v.lines[{0, 4, false}] = {4, 1};
    v.ptx_lines[{0, 4, false}] = {1};
    v.groups.push_back(line_group(0, false, {4}, 4, false, "SASS (LDS of several widths on one line: each aligned block one instruction)"));
    apply_compiler_view(v, t);
    return t.totals.ld.inst;
  };
  EXPECT_EQ(loads(543), 2);
  EXPECT_EQ(loads(544), 1);
}

// A group of several widths joined in program order (SourceSite::vector_in_order): the longest
// run of a thread's next accesses that fills an aligned block.
TEST(CompilerViewRules, InOrderRunsFillAlignedBlocksAsTheyCome) {
  auto runs = [](const std::vector<int>& words, int widest) {
    std::vector<int> out;
    for (size_t i = 0; i < words.size(); i += static_cast<size_t>(out.back())) out.push_back(in_order_run(words, i, widest));
    return out;
  };
  EXPECT_EQ(runs({1, 0, 7, 6, 5, 4, 3, 2}, 4), (std::vector<int>{2, 4, 2}));
  EXPECT_EQ(runs({2, 3, 4, 5, 6, 7, 0, 1}, 4), (std::vector<int>{2, 4, 2}));
  EXPECT_EQ(runs({3, 4, 5, 6}, 4), (std::vector<int>{1, 2, 1}));
  EXPECT_EQ(runs({0, 1, 2, 3}, 2), (std::vector<int>{2, 2}));
}

// The SASS's addresses place a thread's accesses (layout_cover): each instruction's base register
// and byte offset. Words 3-7 and 0-2 of an 8-word block (STS [R18], .., [R18+0x10], STS.64 [R17],
// STS [R17+0x8]); a load made again from the address another register holds (LDS.128 [R13],
// LDS [R14]); an unaligned wide access or two placements are not placed.
TEST(CompilerViewRules, LayoutCoverPlacesWordsByBaseRegisterAndOffset) {
  std::vector<std::vector<int>> cover;
  ASSERT_TRUE(layout_cover({83, 84, 85, 86, 87, 80, 81, 82}, {{18, 0, 4}, {18, 4, 4}, {18, 8, 4}, {18, 12, 4}, {18, 16, 4}, {17, 0, 8}, {17, 8, 4}},
                           false, &cover));
  EXPECT_EQ(cover, (std::vector<std::vector<int>>{{0}, {1}, {2}, {3}, {4}, {5, 6}, {7}}));
  // (the code's order is not the program's: offsets 0, 8, 16, 4, 12)
  ASSERT_TRUE(layout_cover({83, 84, 85, 86, 87, 80, 81, 82}, {{9, 0, 4}, {9, 8, 4}, {9, 16, 4}, {9, 4, 4}, {9, 12, 4}, {4, 8, 4}, {4, 0, 8}}, false, &cover));
  EXPECT_EQ(cover, (std::vector<std::vector<int>>{{0}, {2}, {4}, {1}, {3}, {7}, {5, 6}}));
  ASSERT_TRUE(layout_cover({43, 42, 41, 40}, {{13, 0, 16}, {14, 0, 4}}, true, &cover));
  EXPECT_EQ(cover, (std::vector<std::vector<int>>{{3, 2, 1, 0}, {3}}));
  EXPECT_FALSE(layout_cover({43, 42, 41, 40}, {{13, 0, 16}, {14, 0, 4}}, false, &cover));  // a store is made once
  EXPECT_FALSE(layout_cover({41, 42, 43, 44}, {{5, 0, 16}}, false, &cover));               // not 16-byte aligned
  EXPECT_FALSE(layout_cover({40, 41, 42, 43}, {{5, 0, 8}, {6, 0, 8}}, false, &cover));     // which pair is which: not known
}

namespace {

// A kernel text through the interpreter and the compiler view (NVRTC's SASS), at size n.
Trace sass_trace(const std::string& text, int n) {
  TraceRequest r;
  r.n = n;
  r.source = kernel_dir() + "/app/sass-test.cu";
  r.source_text = text;
  r.has_source_text = true;
  return run_emulator(r);
}

bool read_sass(const Trace& t) { return t.compiler.find("SASS for sm_90") != std::string::npos; }

const char* kHeader =
    "// init: out = 0\n// out: 1\n// check: reduce\n// types: int\n// ops: sum\n// require: N == 256 : one size\n";

}  // namespace

// ptxas joins a thread's eight stores, made in the order of words 1, 0, 7, 6, 5, 4, 3, 2 of its
// 8-word block, as they come: STS.64, STS.128, STS.64 (gen-20261201-10). One instruction per
// aligned 16-byte block whatever the order would be two; the SASS's three are what runs.
TEST(CompilerViewSass, ALineOfSeveralWidthsJoinsAThreadsAccessesInTheirOrder) {
  const Trace t = sass_trace(std::string("// title: eight words in the order 1, 0, 7, 6, 5, 4, 3, 2\n// launch: k<<<1, 32>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x;
  int v[8];
  #pragma unroll
  for (int j = 0; j < 8; ++j) v[j] = src[j * 32 + t];
  #pragma unroll
  for (int j = 7; j >= 0; --j) {
    const int w = ((t * 13) & 31) * 8 + ((j + 2) & 7);
    s[w] = v[j];
  }
  __syncthreads();
  int acc = 0;
  #pragma unroll
  for (int j = 0; j < 8; ++j) acc += s[t * 8 + j];
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 3) << t.compiler;
  // (the instructions' addresses place the words now; the program order where they do not)
  EXPECT_NE(t.compiler.find("from its address"), std::string::npos) << t.compiler;
}

// A thread's eight stores to words 3, 4, 5, 6, 7, 0, 1, 2 of its 8-word block (gen-20261203-0):
// ptxas addresses words 3-7 from a base it knows only 4-byte aligned and words 0-2 from the
// block's, STS x 5 and STS.64 + STS, seven a warp (not three by aligned blocks, nor four in
// order). The instructions' registers and offsets say which words each stores.
TEST(CompilerViewSass, ALineOfSeveralWidthsIsPlacedByItsInstructionsAddresses) {
  const Trace t = sass_trace(std::string("// title: eight words from word 3\n// launch: k<<<1, 64>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[512];
  const int t = threadIdx.x;
  int v[8];
  for (int j = 0; j < 8; ++j) v[j] = src[(t * 8 + j) & 255];
  for (int j = 0; j < 8; ++j) {
    const int w = (((t ^ 32) & 31) * 2 + ((t ^ 32) >> 5)) * 8 + ((j + 3) & 7);
    s[w] = v[j];
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 8; ++j) acc += s[j * 64 + t];
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 14) << t.compiler;
  EXPECT_NE(t.compiler.find("from its address"), std::string::npos) << t.compiler;
}

// `for (j = 3; j >= 0; --j) v[j] = s[t * 4 + j]` after an if/else's stores (gen-20261203-220):
// ptxas makes LDS.128 [R13] and LDS [R14], R14 the same address computed again; the second loads
// word t * 4 once more, 4 wavefronts a warp: 2 loads and 8 wavefronts a warp, not 1 and 4.
TEST(CompilerViewSass, AWordLoadedAgainFromTheSameAddressIsAnInstructionOfItsOwn) {
  const Trace t = sass_trace(std::string("// title: four loads counted down\n// launch: k<<<1, 128>>>(in, out, N, 1)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n, int reps) {
  __shared__ int s[512];
  const int t = threadIdx.x;
  int v[4];
  for (int j = 0; j < 4; ++j) v[j] = src[((t ^ 43) * 4 + ((j + 2) & 3)) & 255];
  #pragma unroll
  for (int j = 0; j < 4; ++j) {
    const int w = j * 128 + t;
    if ((v[j] & 1) != 0) s[w] = v[j];
    else s[w] = v[j];
  }
  __syncthreads();
  for (int j = 3; j >= 0; --j) {
    const int r = t * 4 + j;
    v[j] = s[r];
  }
  __syncthreads();
  for (int rep = 0; rep < reps; ++rep) {
    for (int j = 0; j < 4; ++j) v[j] = ~v[j];
    for (int j = 3; j >= 0; --j) v[j] = ~v[j];
  }
  int acc = 0;
  #pragma unroll
  for (int j = 0; j < 4; ++j) acc += v[j];
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.ld, (OpTotals{8, 32, 12})) << t.compiler;
}

// The stores of an if/else's arms on a bit of the thread (gen-20261201-113): ptxas makes each arm
// predicated stores of its own, and the line table names the loop over tiles, 13 lines above,
// for one arm's two. They are not the other arm's (one STS per warp for both): each warp of the
// two runs both arms' two, 3 blocks x 2 warps x 4 = 24, not 12.
TEST(CompilerViewSass, AnArmsStoresNamedWithAFarLoopLineStayItsOwn) {
  const Trace t = sass_trace(std::string("// title: the arms' stores of a tile loop\n// launch: k<<<3, 64>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[128];
  const int t = threadIdx.x;
  int v[2];
  int acc = 0;
  const int tiles = (n + 8 + 127) / 128;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * 128 - 8;
    {
      const int g = base + ((t * 9) & 63) * 2 + 1;
      v[0] = g >= 0 && g < n ? src[g] : 0;
    }
    {
      const int g = base + ((t * 9) & 63) * 2;
      v[1] = g >= 0 && g < n ? src[g] : 0;
    }
    if ((t & 1) >= 1) {  // each arm keeps bit 0 of t
      for (int j = 1; j >= 0; --j) {
        const int w = j * 64 + (((t ^ 44) + 63) & 63);
        if ((v[j] & 1) != 0) s[w] = v[j];
        else s[w] = v[j];
      }
    } else {
      #pragma unroll
      for (int j = 0; j < 2; ++j) {
        const int w = j * 64 + (((t ^ 48) + 63) & 63);
        s[w] = v[j];
      }
    }
    __syncthreads();
    acc += s[t] + s[t + 64];
    __syncthreads();
  }
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 24) << t.compiler;
}

// Four stores of a thread's 16-byte block, the last an if/else of the same store, which ptxas makes
// one STS.128 (gen-20261201-122, kept whole: 8 store instructions and 32 wavefronts on an H100).
TEST(CompilerViewSass, AnArmsStoreAmongStatementsJoinedIntoOneWideStoreIsALaneOfIt) {
  TraceRequest r;
  r.n = 1000;
  r.source = std::string(SCANSCOPE_SOURCE_DIR) + "/tests/gen/regressions/sass-20261201-122.cu";
  const Trace t = run_emulator(r);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st, (OpTotals{8, 32, 0})) << t.compiler;
}

// The reduction's grid-stride load (the validation plan's entries of reduce-sequential and three
// more at n = 5000, 128 threads): ptxas unrolls it into a loop of 16 copies, a block of 8, a loop
// of 4 and a remainder loop; Nsight Compute counted 164 load requests on an H100 (2026-11-24 to
// 2026-12-07, docs/validation.md), 625 sectors. Each warp runs the copies its lanes reach.
TEST(CompilerViewSass, TheGridStrideLoadRunsTheCopiesPtxasMade) {
  for (const char* kernel : {"reduce-sequential", "reduce-interleaved", "reduce-warp-shuffle"}) {
    TraceRequest r;
    r.kernel = kernel;
    r.n = 5000;
    r.threads = 128;
    r.seed = 3;
    const Trace t = run_emulator(r);
    if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
    EXPECT_EQ(t.totals.global.ld.requests, 164) << kernel << ": " << t.compiler;
    EXPECT_EQ(t.totals.global.ld.sectors, 625) << kernel;
  }
}

// The arms of `if (t & 1)` store words 0-3 of a thread's block in four statements each, written
// alike (gen-20261201-100): ptxas makes each arm's first three an STS.64 and an STS, and the two
// arms' last store one STS after the branch, named with the second arm's line. That store and the
// first arm's, 17 lines apart, are one instruction: 5 stores a warp, not 6.
TEST(CompilerViewSass, TheArmsLastStoresWrittenAlikeAreOneStoreAfterTheBranch) {
  const Trace t = sass_trace(std::string("// title: four stores in each arm\n// launch: k<<<1, 64>>>(in, out, N)\n") + kHeader + R"(__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x;
  int v[4];
  for (int j = 0; j < 4; ++j) v[j] = src[j * 64 + t];
  if (t & 1) {  // each arm keeps bit 0 of t
    {
      const int w = (((t ^ 50) & 31) * 2 + ((t ^ 50) >> 5)) * 4 + 0;
      s[w] = v[0];
    }
    {
      const int w = (((t ^ 50) & 31) * 2 + ((t ^ 50) >> 5)) * 4 + 1;
      s[w] = v[1];
    }
    {
      const int w = (((t ^ 50) & 31) * 2 + ((t ^ 50) >> 5)) * 4 + 2;
      s[w] = v[2];
    }
    {
      const int w = (((t ^ 50) & 31) * 2 + ((t ^ 50) >> 5)) * 4 + 3;
      s[w] = v[3];
    }
  } else {
    {
      const int w = (((t ^ 56) & 31) * 2 + ((t ^ 56) >> 5)) * 4 + 0;
      s[w] = v[0];
    }
    {
      const int w = (((t ^ 56) & 31) * 2 + ((t ^ 56) >> 5)) * 4 + 1;
      s[w] = v[1];
    }
    {
      const int w = (((t ^ 56) & 31) * 2 + ((t ^ 56) >> 5)) * 4 + 2;
      s[w] = v[2];
    }
    {
      const int w = (((t ^ 56) & 31) * 2 + ((t ^ 56) >> 5)) * 4 + 3;
      s[w] = v[3];
    }
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 4; ++j) acc += s[j * 64 + t];
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 10) << t.compiler;
}

// A grid-stride loop's global load that ptxas unrolled (reduce-sequential at n = 5000 with 128
// threads: 16 copies in a loop, a block of 8, 4 copies in a loop, a remainder loop of one; the SASS
// reader's plan {-16, 8, -4, -1}). Threads 0-7 run 40 iterations (16 + 16 + 8), the others 39
// (16 + 16 + 4 + 3): warp 0 issues 47 load instructions, warps 1-3 39 each, 164 in all, as Nsight
// Compute measured on an H100 (docs/validation.md); counted per iteration of the source: 157.
// The sectors are the same either way (625).
TEST(GlobalTotals, AnUnrolledGridStrideLoadRunsTheCopiesItsLanesReach) {
  Trace t;
  t.threads = 128;
  t.sites = {site_of(4, kLoad)};
  t.global_arrays.resize(1);
  t.steps.resize(1);
  for (int tid = 0; tid < 128; ++tid)
    for (int i = 0; tid + 128 * i < 5000; ++i) {
      GlobalAccess g;
      g.tid = tid;
      g.site = 0;
      g.index = tid + 128 * i;
      g.iter = static_cast<uint64_t>(i + 1);
      t.steps[0].global.push_back(g);
    }
  analyze_global(t);
  EXPECT_EQ(t.totals.global.ld.requests, 157);
  EXPECT_EQ(t.totals.global.ld.sectors, 625);
  EXPECT_TRUE(unrolled_shape({-16, 8, -4, -1}));
  t.sites[0].unrolled = {-16, 8, -4, -1};
  analyze_global(t);
  EXPECT_EQ(t.totals.global.ld.requests, 164);
  EXPECT_EQ(t.totals.global.ld.sectors, 625);
  // a lane of 40 runs the block of 8 (copies 32-39), one of 39 the loop of 4 once and the remainder
  EXPECT_EQ(unrolled_slot({-16, 8, -4, -1}, 40, 32), unrolled_slot({-16, 8, -4, -1}, 24, 16));
  EXPECT_EQ(unrolled_slot({-16, 8, -4, -1}, 39, 32), unrolled_slot({-16, 8, -4, -1}, 4, 0));
  EXPECT_NE(unrolled_slot({-16, 8, -4, -1}, 39, 36), unrolled_slot({-16, 8, -4, -1}, 40, 36));
  EXPECT_FALSE(unrolled_shape({-16, 8, -8, -1}));  // a loop of 8 after a block of 8: not the shape
}

// A load ptxas makes only in the threads of a later store (SourceSite::gated, gen-20261127-121's
// `v = s[r]; if (g >= 0 && g < n) dst[g] = v;`): threads 0-5 of 64 store. Whether the others left
// at an EXIT before the load or the load has the store's predicate, warp 1 makes no load (Nsight
// Compute counts no instruction of a warp whose lanes are all predicated off); a global load the
// same, without a request.
TEST(BankTotals, AGatedLoadIsMadeByTheStoringThreadsOnly) {
  const std::vector<SourceSite> sites = {site_of(4, kLoad), site_of(4, kStore), site_of(4, kLoad)};
  Trace t = hand_trace(64, sites, [](int tid) {
    std::vector<std::tuple<int, AccessOp, int, uint8_t>> v = {{0, kLoad, tid, 0}};
    if (tid < 6) v.emplace_back(1, kStore, 100 + tid, 0);
    return v;
  });
  for (int tid = 0; tid < 64; ++tid) {
    GlobalAccess g;
    g.tid = tid;
    g.site = 2;
    g.index = tid;
    t.steps[0].global.push_back(g);
  }
  t.global_arrays.resize(1);
  auto run = [&](int gate, bool exit) {
    t.sites[0].gated = t.sites[2].gated = gate;
    t.sites[0].gated_exit = t.sites[2].gated_exit = exit;
    analyze_banks(t);
    analyze_global(t);
  };
  run(-1, false);
  EXPECT_EQ(t.totals.ld.inst, 2);
  EXPECT_EQ(t.totals.ld.wavefronts, 2);
  EXPECT_EQ(t.totals.global.ld.requests, 2);
  EXPECT_EQ(t.totals.global.ld.sectors, 8);
  run(1, true);
  EXPECT_EQ(t.totals.ld.inst, 1);
  EXPECT_EQ(t.totals.ld.wavefronts, 1);
  EXPECT_EQ(t.totals.global.ld.requests, 1);
  EXPECT_EQ(t.totals.global.ld.sectors, 1);
  run(1, false);
  EXPECT_EQ(t.totals.ld.inst, 1);
  EXPECT_EQ(t.totals.ld.wavefronts, 1);
  EXPECT_EQ(t.totals.global.ld.requests, 1);
  EXPECT_EQ(t.totals.st.inst, 1);  // the store itself as before
}

// The same through NVRTC: the SASS of `v = s[t ^ 1]; if (x < n) out[x] = v;` makes the shared load
// only in the threads that store (after the exit of the others, or predicated), which the compiler
// view reads from the cubin and marks on the load's site. At n = 70, block 1 has 6 storing threads.
TEST(CompilerViewRules, ALoadWhoseValueOnlyAGuardedStoreUsesIsMadeByTheStoringThreads) {
  std::string why;
  if (!nvrtc::available(&why)) GTEST_SKIP() << "no NVRTC: " << why;
  const std::string text =
      "// launch: k<<<2, 64>>>(in, out, N)\n"
      "// check: copy\n"
      "__global__ void k(const int *in, int *out, int n) {\n"
      "  __shared__ int s[64];\n"
      "  const int t = threadIdx.x;\n"
      "  const int g = blockIdx.x * 64 + t;\n"
      "  s[t] = g < n ? in[g] : 0;\n"
      "  __syncthreads();\n"
      "  const int v = s[t ^ 1];\n"
      "  const int x = g ^ 1;\n"
      "  if (x < n) out[x] = v;\n"
      "}\n";
  TraceRequest r;
  r.n = 70;
  r.input.assign(70, 1.0);
  r.source = kernel_dir() + "/app/inline.cu";
  r.source_text = text;
  r.has_source_text = true;
  std::string where;
  const Trace t = run_trace(resolve_kernel(r), Device::Cpu, &where);
  ASSERT_NE(t.compiler.find("SASS"), std::string::npos) << t.compiler;
  int load = -1, store = -1;
  for (int s = 0; s < static_cast<int>(t.sites.size()); ++s) {
    if (t.sites[s].line == 9 && t.sites[s].op == kLoad) load = s;
    if (t.sites[s].line == 11 && t.sites[s].op == kStore) store = s;
  }
  ASSERT_GE(load, 0);
  ASSERT_GE(store, 0);
  EXPECT_EQ(t.sites[load].gated, store) << t.compiler;
  EXPECT_NE(t.compiler.find("a load made only by the threads that store after it"), std::string::npos) << t.compiler;
  // block 0: two warps; block 1: warp 0's lanes 0-5 (warp 1 left at the exit, or has every lane
  // predicated off)
  EXPECT_EQ(t.totals.ld.inst, 3);
  EXPECT_EQ(t.totals.ld.wavefronts, 3);
  // the source's load in every thread, without the compiler view's gate: 4 and 4
  Trace plain = t;
  plain.sites[load].gated = -1;
  analyze_banks(plain);
  EXPECT_EQ(plain.totals.ld.inst, 4);
  EXPECT_EQ(plain.totals.ld.wavefronts, 4);
}

// Two if/else on bit 2 of t that ptxas made straight code (gen-20261204-119): each arm's `a[w] =
// v` and `b[w] = x` are one unpredicated STS for both arms, and the second if/else's `c[w] = v`
// one STS named with the line of the loads after the barrier, a line without stores. That instruction is not
// an arm's own (those are predicated or branched around, between the same barriers): the first
// if/else's arms still join their stores, 4 STS a warp, 8 for the two warps (10 before).
TEST(CompilerViewSass, AStoreOfAnotherBarrierRegionNamedWithALineWithoutStoresLetsTheArmsJoin) {
  const Trace t = sass_trace(std::string("// title: two divergent if/else made straight code\n// launch: k<<<1, 64>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int a[64];
  __shared__ int b[64];
  __shared__ int c[64];
  __shared__ int d[64];
  const int t = threadIdx.x;
  int v = src[t];
  int x = t;
  if ((t >> 2) & 1) {  // each arm keeps bit 2 of t
    const int w = (((t ^ 18) * 11) & 31) + (t & 32);
    if ((v & 1) != 0) a[w] = v;
    else a[w] = v;
    b[w] = x;
  } else {
    const int w = (((t ^ 16) * 11) & 31) + (t & 32);
    a[w] = v;
    b[w] = x;
  }
  __syncthreads();
  v = a[(t * 5) & 63];
  x = b[(t * 7) & 63];
  if ((t >> 2) & 1) {
    const int w = (((t ^ 27) ^ 3) + 12 & 31) + (t & 32);
    c[w] = v;
    d[w] = x;
  } else {
    const int w = (((t ^ 25) ^ 3) + 12 & 31) + (t & 32);
    if ((v & 1) != 0) c[w] = v;
    else c[w] = v;
    d[w] = x;
  }
  __syncthreads();
  atomicAdd(&dst[0], c[t] + d[(t + 3) & 63]);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 8) << t.compiler;
}

// sm_90 has no shared float atomicAdd: ptxas makes a loop of an LDS of the old value and an
// ATOMS.CAS, back to the LDS while a lane's CAS failed (gen-20261204-77). A round's CAS succeeds for
// one lane a bank, so a warp makes as many rounds as the most lanes in one bank, each round a load
// instruction of the lanes still trying. `f[2 * t]`: 32 words two to a bank, two rounds (32 lanes,
// 2 wavefronts; 16 lanes, 1); `g[t & 3]`: 4 words 8 lanes each, 8 rounds of 1 wavefront. Two warps:
// 20 load instructions, 22 wavefronts, 2 conflicts more than the atomics as written (none).
TEST(CompilerViewSass, AFloatSharedAtomicsCompareAndSwapLoopIsALoadARound) {
  const Trace t = sass_trace(std::string("// title: float shared atomics\n// launch: k<<<1, 64>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ float f[128];
  __shared__ float g[4];
  const int t = threadIdx.x;
  f[t] = 0;
  f[t + 64] = 0;
  if (t < 4) g[t] = 0;
  __syncthreads();
  atomicAdd(&f[2 * t], (float)src[t]);
  atomicAdd(&g[t & 3], 1.0f);
  __syncthreads();
  atomicAdd(&dst[0], (int)(f[2 * t] + g[t & 3]));
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  int loops = 0;
  for (const auto& s : t.sites) loops += s.cas_loop ? 1 : 0;
  EXPECT_EQ(loops, 2) << t.compiler;
  Trace plain = t;
  for (auto& s : plain.sites) s.cas_loop = false;
  analyze_banks(plain);
  EXPECT_EQ(t.totals.ld.inst - plain.totals.ld.inst, 20) << t.compiler;
  EXPECT_EQ(t.totals.ld.wavefronts - plain.totals.ld.wavefronts, 22);
  EXPECT_EQ(t.totals.ld.conflicts - plain.totals.ld.conflicts, 2);
  EXPECT_EQ(t.totals.st.inst, plain.totals.st.inst);  // the CAS is neither a load nor a store
}

// A divergent if/else on bit 1 of t that ptxas made one straight run of code (gen-20261204-148):
// every thread runs four unpredicated STS, each the k-th store of both arms, its address chosen by
// the arm the thread took; the line table names one with a line without stores (`v[1] ^= 3407`)
// and the others with the else-arm's lines, so the then-arm's stores, 22 lines and more from
// theirs, have no instruction of their own. Paired in order, 4 STS a warp: 8 for the two warps
// (16 as written).
TEST(CompilerViewSass, AnIfElseMadeStraightCodeIsOneStoreForEachPairOfItsArmsStores) {
  const Trace t = sass_trace(std::string("// title: a divergent if/else made straight code\n// launch: k<<<1, 64>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int a[288];
  const int t = threadIdx.x;
  int v[4];
  for (int j = 0; j < 4; ++j) v[j] = src[j * 64 + t];
  {
    v[0] ^= 3407;
  }
  {
    v[1] ^= 3407;
  }
  {
    v[2] ^= 3407;
  }
  {
    v[3] ^= 3407;
  }
  if ((t >> 1) & 1) {  // each arm keeps bit 1 of t
    {
      const int w = ((t ^ 13) ^ 1) * 4 + 0;
      a[w + (w >> 5)] = v[0];
    }
    {
      const int w = ((t ^ 13) ^ 1) * 4 + 1;
      a[w + (w >> 5)] = v[1];
    }
    {
      const int w = ((t ^ 13) ^ 1) * 4 + 2;
      a[w + (w >> 5)] = v[2];
    }
    {
      const int w = ((t ^ 13) ^ 1) * 4 + 3;
      a[w + (w >> 5)] = v[3];
    }
  } else {
    {
      const int w = ((t ^ 12) ^ 1) * 4 + 0;
      if ((v[0] & 1) != 0) a[w + (w >> 5)] = v[0];
      else a[w + (w >> 5)] = v[0];
    }
    {
      const int w = ((t ^ 12) ^ 1) * 4 + 1;
      a[w + (w >> 5)] = v[1];
    }
    {
      const int w = ((t ^ 12) ^ 1) * 4 + 2;
      a[w + (w >> 5)] = v[2];
    }
    {
      const int w = ((t ^ 12) ^ 1) * 4 + 3;
      a[w + (w >> 5)] = v[3];
    }
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 4; ++j) {
    const int r = j * 64 + t;
    acc += a[r + (r >> 5)] ^ 3407;
  }
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 8) << t.compiler;
  EXPECT_NE(t.compiler.find("an if/else made one straight run"), std::string::npos) << t.compiler;
}

// The same arms without the `v[j] ^= 3407` statements before them: ptxas keeps the branch (the
// then-arm's three STS, a BRA, the else-arm's three, then one STS for both arms' last stores after
// the join), two straight runs, so the arms are not paired in order: 7 STS a warp, 14 for two.
TEST(CompilerViewSass, AnIfElseKeptAsABranchKeepsEachArmsStores) {
  const Trace t = sass_trace(std::string("// title: a divergent if/else kept as a branch\n// launch: k<<<1, 64>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int a[288];
  const int t = threadIdx.x;
  int v[4];
  for (int j = 0; j < 4; ++j) v[j] = src[j * 64 + t];
  if ((t >> 1) & 1) {  // each arm keeps bit 1 of t
    {
      const int w = ((t ^ 13) ^ 1) * 4 + 0;
      a[w + (w >> 5)] = v[0];
    }
    {
      const int w = ((t ^ 13) ^ 1) * 4 + 1;
      a[w + (w >> 5)] = v[1];
    }
    {
      const int w = ((t ^ 13) ^ 1) * 4 + 2;
      a[w + (w >> 5)] = v[2];
    }
    {
      const int w = ((t ^ 13) ^ 1) * 4 + 3;
      a[w + (w >> 5)] = v[3];
    }
  } else {
    {
      const int w = ((t ^ 12) ^ 1) * 4 + 0;
      a[w + (w >> 5)] = v[0];
    }
    {
      const int w = ((t ^ 12) ^ 1) * 4 + 1;
      a[w + (w >> 5)] = v[1];
    }
    {
      const int w = ((t ^ 12) ^ 1) * 4 + 2;
      a[w + (w >> 5)] = v[2];
    }
    {
      const int w = ((t ^ 12) ^ 1) * 4 + 3;
      a[w + (w >> 5)] = v[3];
    }
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 4; ++j) {
    const int r = j * 64 + t;
    acc += a[r + (r >> 5)];
  }
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 14) << t.compiler;
  EXPECT_EQ(t.compiler.find("an if/else made one straight run"), std::string::npos) << t.compiler;
}

// A divergent if/else whose arms ptxas keeps apart (branched around), both ending in `b[w] =
// x[1]` (gen-20261205-172): ptxas made the two last stores one STS after the join, named with the
// else arm's line; the then arm's line has none. The pair is one instruction (not the then arm's
// line joined with its `a` store before it, "one store for two statements"): the then arm's three
// STS (its inner if/else one), the else arm's three and the tail, 7 a warp, 14 for two (16 before).
TEST(CompilerViewSass, AnIfElsesArmsLastStoresMadeOneAfterTheJoinAreOneInstruction) {
  const Trace t = sass_trace(std::string("// title: the arms' last stores one STS after the join\n// launch: k<<<1, 64>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int a[160];
  __shared__ int b[128];
  const int t = threadIdx.x;
  int v[2], x[2];
  for (int j = 0; j < 2; ++j) {
    v[j] = src[j * 64 + t];
    x[j] = j * 64 + t;
  }
  if ((t >> 1) & 1) {  // each arm keeps bit 1 of t
    {
      const int w = (((t ^ 28) * 5) & 63) * 2 + 0;
      if ((v[0] & 1) != 0) a[w + (w >> 5)] = v[0];
      else a[w + (w >> 5)] = v[0];
      b[w] = x[0];
    }
    {
      const int w = (((t ^ 28) * 5) & 63) * 2 + 1;
      a[w + (w >> 5)] = v[1];
      b[w] = x[1];
    }
  } else {
    {
      const int w = (((t ^ 52) * 5) & 63) * 2 + 0;
      a[w + (w >> 5)] = v[0];
      b[w] = x[0];
    }
    {
      const int w = (((t ^ 52) * 5) & 63) * 2 + 1;
      a[w + (w >> 5)] = v[1];
      b[w] = x[1];
    }
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 2; ++j) {
    const int r = j * 64 + t;
    acc += a[r + (r >> 5)] + b[r];
  }
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 14) << t.compiler;
  EXPECT_NE(t.compiler.find("one store after the join"), std::string::npos) << t.compiler;
  for (const auto& note : t.compiler_notes) EXPECT_EQ(note.find("is not known before running"), std::string::npos) << note;
}

// Both arms of a divergent if/else a loop whose body has an inner if/else written alike (`if (c)
// a[w] = v[j]; else a[w] = v[j];`) and a store of another array, in a loop of run-time length
// (gen-20261207-260): ptxas kept the outer arms apart by predicates (`@P2 STS` for the then arm's
// copies, `@!P2 STS` for the else arm's; the remainder's copies branched around) and names no
// store with the inner if/else's lines. The four lines, written alike within 12 lines, were one
// group: one instruction a copy for the lanes of both arms (24 STS for the two warps' two
// passes). Each arm's inner if/else is an instruction of its own: 8 STS a pass, 32.
TEST(CompilerViewSass, SameTextInnerIfElseInBothArmsKeptApartByPredicatesIsOneInstructionPerArm) {
  const Trace t = sass_trace(std::string("// title: inner if/else in both arms kept apart by predicates\n// launch: k<<<1, 64>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int a[160];
  __shared__ int b[160];
  const int t = threadIdx.x;
  int v[2], x[2];
  for (int j = 0; j < 2; ++j) {
    v[j] = src[j * 64 + t];
    x[j] = j * 64 + t;
  }
  for (int rep = 0; rep < n / 128; ++rep) {
    if ((t >> 2) & 1) {  // each arm keeps bit 2 of t
      for (int j = 0; j < 2; ++j) {
        const int w = j * 64 + (((t ^ 11) + 57) & 63);
        if ((v[j] & 1) != 0) a[w + (w >> 5)] = v[j];
        else a[w + (w >> 5)] = v[j];
        b[w + (w >> 4)] = x[j];
      }
    } else {
      for (int j = 0; j < 2; ++j) {
        const int w = j * 64 + (((t ^ 48) + 57) & 63);
        if ((v[j] & 1) != 0) a[w + (w >> 5)] = v[j];
        else a[w + (w >> 5)] = v[j];
        b[w + (w >> 4)] = x[j];
      }
    }
    __syncthreads();
    {
      const int r = t;
      v[0] = a[r + (r >> 5)];
      x[0] = b[r + (r >> 4)];
    }
    {
      const int r = 64 + t;
      v[1] = a[r + (r >> 5)];
      x[1] = b[r + (r >> 4)];
    }
    __syncthreads();
  }
  atomicAdd(&dst[0], v[0] + v[1] + x[0] + x[1]);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 32) << t.compiler;
  EXPECT_NE(t.compiler.find("kept apart by predicates"), std::string::npos) << t.compiler;
}

// Three one-line inner if/else in a row, each arm storing `a[w * 2] = v[k]` (gen-20261205-2):
// ptxas made each one STS, which the line table names with a line of loads or another array's
// store; the last `else` lies 13 lines from the first `if`, past the 12-line reach of the arms'
// group, and was joined with the next line's `b[w] = w` ("one store for two statements": 9 STS
// predicted). The group chains through the lines it holds: 8 STS, as the SASS has.
TEST(CompilerViewSass, SameTextArmsMoreThanTheReachApartChainIntoOneGroup) {
  const Trace t = sass_trace(std::string("// title: three inner if/else in a row\n// launch: k<<<1, 32>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int a[256];
  __shared__ int b[128];
  const int t = threadIdx.x;
  int v[4];
  for (int j = 0; j < 4; ++j) v[j] = src[j * 32 + t] ^ 778;
  {
    const int w = 0 * 32 + ((t * 7) & 31);
    a[w * 2] = v[0];
    b[w] = w;
  }
  {
    const int w = 1 * 32 + ((t * 7) & 31);
    if ((v[1] & 1) != 0) a[w * 2] = v[1];
    else a[w * 2] = v[1];
    b[w] = w;
  }
  {
    const int w = 2 * 32 + ((t * 7) & 31);
    if ((v[2] & 1) != 0) a[w * 2] = v[2];
    else a[w * 2] = v[2];
    b[w] = w;
  }
  {
    const int w = 3 * 32 + ((t * 7) & 31);
    if ((v[3] & 1) != 0) a[w * 2] = v[3];
    else a[w * 2] = v[3];
    b[w] = w;
  }
  __syncwarp();
  int acc = 0;
  for (int j = 0; j < 4; ++j) {
    const int r = j * 32 + (t ^ 31);
    acc += a[r * 2] + b[r];
  }
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 8) << t.compiler;
  EXPECT_EQ(t.totals.st.wavefronts, 12) << t.compiler;
  EXPECT_EQ(t.compiler.find("one store for two statements"), std::string::npos) << t.compiler;
}

// An if/else inside each arm of a divergent if/else, both inner arms storing `a[w] = v[j]`
// (gen-20261204-276): ptxas made one STS of each inner if/else a copy of the loop, which the line
// table names with the arm's next statement (`b[w] = x[j]`: 4 STS there where the PTX has 2), and
// kept the outer arms apart (branched around). Each arm's inner if/else is an instruction of its
// own, not one for both arms: 8 STS a warp, 16 for the two warps (12 before).
TEST(CompilerViewSass, AnInnerIfElsesStoreInEachArmOfADivergentIfElseIsThatArmsOwn) {
  const Trace t = sass_trace(std::string("// title: an inner if/else in both arms\n// launch: k<<<1, 64>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int a[128];
  __shared__ int b[128];
  const int t = threadIdx.x;
  int v[2], x[2];
  v[0] = src[t];
  v[1] = src[t + 64];
  x[0] = t;
  x[1] = t + 64;
  if (t & 2) {  // each arm keeps bit 1 of t
    for (int j = 0; j < 2; ++j) {
      const int w = (63 - (t ^ 12)) * 2 + j;
      if ((v[j] & 1) != 0) a[w] = v[j];
      else a[w] = v[j];
      b[w] = x[j];
    }
  } else {
    for (int j = 1; j >= 0; --j) {
      const int w = (63 - (t ^ 29)) * 2 + j;
      if ((v[j] & 1) != 0) a[w] = v[j];
      else a[w] = v[j];
      b[w] = x[j];
    }
  }
  __syncthreads();
  atomicAdd(&dst[0], a[t] + b[(t + 3) & 127]);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 16) << t.compiler;
}

// One arm's loop of an if/else whose arms store alike (`if (v[j] < 0) a[w] = v[j]; else a[w] =
// v[j];`, the first never taken), the other arm four plain stores (gen-20261204-8, -74): ptxas
// made the loop's 4 STS, which the line table names with the loop's own line (a line without
// stores), in that arm's code. The arm's line joins no other arm's store: 8 STS a warp, 16 for
// the two warps (14 before, the loop's joined with the other arm's first store).
TEST(CompilerViewSass, AnArmsStoresNamedWithItsLoopsLineJoinNoOtherArmsStore) {
  const Trace t = sass_trace(std::string("// title: an inner if/else in one arm\n// launch: k<<<1, 64>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int a[256];
  const int t = threadIdx.x;
  int v[4];
  for (int j = 0; j < 4; ++j) v[j] = src[t + 64 * j];
  if (t & 1) {  // each arm keeps bit 0 of t
    for (int j = 0; j < 4; ++j) {
      const int w = j * 64 + (63 - (t ^ 28));
      if (v[j] < 0) a[w] = v[j];
      else a[w] = v[j];
    }
  } else {
    {
      const int w = 0 * 64 + (63 - (t ^ 18));
      a[w] = v[0];
    }
    {
      const int w = 1 * 64 + (63 - (t ^ 18));
      a[w] = v[1];
    }
    {
      const int w = 2 * 64 + (63 - (t ^ 18));
      a[w] = v[2];
    }
    {
      const int w = 3 * 64 + (63 - (t ^ 18));
      a[w] = v[3];
    }
  }
  __syncthreads();
  atomicAdd(&dst[0], a[t] + a[(t + 3) & 255]);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 16) << t.compiler;
}

// An unrolled loop's loads whose values only a guarded store uses, ptxas gated copy by copy
// (gen-20261204-128, -185): of `v[j] = s[j * 64 + (t ^ 1)]` (j = 0, 1) each LDS is made only by the
// threads of the STG copy that stores its value, the first predicated with that store's
// condition, the second after the EXIT of the threads that do not make the last store. At n = 80
// both warps store their j = 0 elements, only warp 0 its j = 1 elements (64 + (t ^ 1) < 80): 3
// load instructions. Gated by the whole step (any store of the thread) it would be 4, as without
// the gate. The store loop counting down (the first STG stores j = 1) reads the same: which load
// feeds which store comes from the values.
TEST(CompilerViewSass, AnUnrolledLoopsLoadsAreGatedCopyByCopyByTheStoresThatUseThem) {
  for (const char* loop : {"for (int j = 0; j < 2; ++j)", "for (int j = 1; j >= 0; --j)"}) {
    const Trace t = sass_trace(std::string(R"(// title: an unrolled loop's loads gated copy by copy
// launch: k<<<1, 64>>>(in, out, N)
// check: copy
// types: int
// require: N == 80 : one size
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[128];
  const int t = threadIdx.x;
  s[t] = t < n ? src[t] : 0;
  s[t + 64] = t + 64 < n ? src[t + 64] : 0;
  __syncthreads();
  int v[2];
#pragma unroll
  for (int j = 0; j < 2; ++j) v[j] = s[j * 64 + (t ^ 1)];
#pragma unroll
  )") + loop + R"( {
    const int g = j * 64 + (t ^ 1);
    if (g < n) dst[g] = v[j];
  }
}
)", 80);
    if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
    int load = -1;
    for (int s = 0; s < static_cast<int>(t.sites.size()); ++s)
      if (t.sites[s].line == 14 && t.sites[s].op == kLoad) load = s;
    ASSERT_GE(load, 0) << loop;
    ASSERT_EQ(t.sites[load].gated_copies.size(), 2u) << loop << ": " << t.compiler;
    EXPECT_NE(t.compiler.find("each with its store's copy"), std::string::npos) << t.compiler;
    EXPECT_EQ(t.totals.ld.inst, 3) << loop;
    EXPECT_EQ(t.totals.ld.wavefronts, 3) << loop;
    Trace whole = t;  // gated by the step's stores, not copy by copy
    whole.sites[load].gated_copies.clear();
    analyze_banks(whole);
    EXPECT_EQ(whole.totals.ld.inst, 4) << loop;
    Trace plain = t;
    plain.sites[load].gated = -1;
    plain.sites[load].gated_copies.clear();
    analyze_banks(plain);
    EXPECT_EQ(plain.totals.ld.inst, 4) << loop;
  }
}

// An unrolled loop's loads whose values a guarded global atomic uses (gen-20261207-296's gk1,
// gen-20261208-114): ptxas makes one of the four LDS inside the branch around its RED (`@P2 BRA`
// over `LDS; RED`), the others before their branches. The LDS inside is the second in code order
// and serves the store loop's first iteration (j = 3 of loops that count down), which only lanes
// 56-63 of warp 1 make at n = 200 (g = 192 + 63 - t < 200): warp 0 skips that copy, 7 load
// instructions, 8 without the gate. With the atomic loop counting up the copy inside the branch
// serves its first iteration, j = 0, which every lane makes: 8 (the values tell which load each
// atomic uses).
TEST(CompilerViewSass, LoadsInsideTheBranchAroundAGlobalAtomicAreMadeByItsThreadsCopyByCopy) {
  for (const char* loop : {"for (int j = 3; j >= 0; --j)", "for (int j = 0; j < 4; ++j)"}) {
    const bool down = std::string(loop).find("--j") != std::string::npos;
    const Trace t = sass_trace(std::string(R"(// title: loads inside the branch around an atomic
// launch: k<<<1, 64>>>(in, out, N)
// init: out = 0
// check: copy
// types: int
// require: N == 200 : one size
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x;
  for (int j = 0; j < 4; ++j) s[j * 64 + t] = j * 64 + t < n ? src[j * 64 + t] : 0;
  __syncthreads();
  int v[4];
  for (int j = 3; j >= 0; --j) v[j] = s[j * 64 + (63 - t)];
  )") + loop + R"( {
    const int g = j * 64 + (63 - t);
    if (g < n) atomicAdd(&dst[g], v[j]);
  }
}
)", 200);
    if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
    int load = -1;
    for (int s = 0; s < static_cast<int>(t.sites.size()); ++s)
      if (t.sites[s].line == 13 && t.sites[s].op == kLoad) load = s;
    ASSERT_GE(load, 0) << loop;
    ASSERT_EQ(t.sites[load].gated_copies.size(), 4u) << loop << ": " << t.compiler;
    EXPECT_NE(t.compiler.find("inside the branch around the global atomic"), std::string::npos) << t.compiler;
    EXPECT_EQ(t.totals.ld.inst, down ? 7 : 8) << loop;
    Trace plain = t;
    plain.sites[load].gated = -1;
    plain.sites[load].gated_copies.clear();
    analyze_banks(plain);
    EXPECT_EQ(plain.totals.ld.inst, 8) << loop;
  }
}

// The same loads where each value has a store of its own line (gen-20261207-244, gen-20261208-25):
// ptxas gates each LDS by the one STG of the line that stores its value (`@!P0 LDS` with v[0]'s
// store's predicate, v[1]'s LDS after the EXIT of the threads that do not store it). At n = 80:
// 3 load instructions, 4 without the gates. With the stores' lines in the other order (v[1]'s
// first) the values tell which load each store uses all the same.
TEST(CompilerViewSass, AnUnrolledLoopsLoadsAreGatedEachByTheStoreOfItsOwnLine) {
  const std::string first = "  {\n    const int g = t ^ 1;\n    if (g < n) dst[g] = v[0];\n  }\n";
  const std::string second = "  {\n    const int g = 64 + (t ^ 1);\n    if (g < n) dst[g] = v[1];\n  }\n";
  for (const bool swapped : {false, true}) {
    const Trace t = sass_trace(std::string(R"(// title: an unrolled loop's loads gated each by the store of its own line
// launch: k<<<1, 64>>>(in, out, N)
// check: copy
// types: int
// require: N == 80 : one size
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[128];
  const int t = threadIdx.x;
  s[t] = t < n ? src[t] : 0;
  s[t + 64] = t + 64 < n ? src[t + 64] : 0;
  __syncthreads();
  int v[2];
#pragma unroll
  for (int j = 0; j < 2; ++j) v[j] = s[j * 64 + (t ^ 1)];
)") + (swapped ? second + first : first + second) + "}\n", 80);
    if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
    int load = -1;
    for (int s = 0; s < static_cast<int>(t.sites.size()); ++s)
      if (t.sites[s].line == 14 && t.sites[s].op == kLoad) load = s;
    ASSERT_GE(load, 0);
    ASSERT_EQ(t.sites[load].gated_sites.size(), 2u) << swapped << ": " << t.compiler;
    EXPECT_NE(t.sites[load].gated_sites[0], t.sites[load].gated_sites[1]);
    EXPECT_NE(t.compiler.find("the one store of the line that uses each"), std::string::npos) << t.compiler;
    EXPECT_EQ(t.totals.ld.inst, 3) << swapped;
    EXPECT_EQ(t.totals.ld.wavefronts, 3) << swapped;
    // the first execution (v[0]) gated by the store of v[0]'s line: line 17, or 21 when swapped
    EXPECT_EQ(t.sites[static_cast<size_t>(t.sites[load].gated_sites[0])].stmt_line, swapped ? 21 : 17);
    EXPECT_EQ(t.sites[static_cast<size_t>(t.sites[load].gated_sites[1])].stmt_line, swapped ? 17 : 21);
    Trace plain = t;
    plain.sites[load].gated = -1;
    plain.sites[load].gated_sites.clear();
    analyze_banks(plain);
    EXPECT_EQ(plain.totals.ld.inst, 4) << swapped;
  }
}

// The same kernel where every value is 1 (the input's, and the words past n): the values fit
// either order of loads and stores, and the two orders gate different copies, so which load's
// value each store uses is not known from the run. The loads are not gated copy by copy (every
// thread stores in the step, so the step's gate leaves them as written: 4 load instructions,
// where the copies' gates make 3), and the compiler view's note on the line says why.
TEST(CompilerViewSass, LoadsGatedCopyByCopyWhoseStoresTheValuesDoNotTellAreNoted) {
  TraceRequest r;
  r.n = 80;
  r.input.assign(80, 1.0);
  r.source = kernel_dir() + "/app/sass-test.cu";
  r.source_text = R"(// title: an unrolled loop's loads gated copy by copy, every value 1
// launch: k<<<1, 64>>>(in, out, N)
// check: copy
// types: int
// require: N == 80 : one size
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[128];
  const int t = threadIdx.x;
  s[t] = t < n ? src[t] : 1;
  s[t + 64] = t + 64 < n ? src[t + 64] : 1;
  __syncthreads();
  int v[2];
#pragma unroll
  for (int j = 0; j < 2; ++j) v[j] = s[j * 64 + (t ^ 1)];
#pragma unroll
  for (int j = 0; j < 2; ++j) {
    const int g = j * 64 + (t ^ 1);
    if (g < n) dst[g] = v[j];
  }
}
)";
  r.has_source_text = true;
  const Trace t = run_emulator(r);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  bool noted = false;
  for (const auto& note : t.compiler_notes)
    noted = noted || (note.find("sass-test.cu:14:") != std::string::npos && note.find("is not known from this run") != std::string::npos);
  EXPECT_TRUE(noted) << t.compiler;
  for (const auto& s : t.sites) EXPECT_TRUE(s.gated_copies.empty());
  EXPECT_EQ(t.totals.ld.inst, 4);
}

// The notes of the SASS's signs that a line's prediction may be wrong (issue 26: a difference the
// model cannot know of is shown where it occurs; compiler_view.cpp, note_uncertain_lines). Each
// kernel is the shape of a generated or corpus kernel whose counters differ from an H100's.
namespace {

Trace sass_trace_n(const std::string& title, const std::string& launch, const std::string& check, int n, const std::string& body) {
  TraceRequest r;
  r.n = n;
  r.source = kernel_dir() + "/app/sass-test.cu";
  r.source_text = "// title: " + title + "\n// launch: " + launch + "\n" + (check == "reduce" ? "// init: out = 0\n// out: 1\n" : "") +
                  "// check: " + check + "\n// types: int\n// require: N == " + std::to_string(n) + " : one size\n" + body;
  r.has_source_text = true;
  return run_emulator(r);
}

// The note of line `line` that holds `text`, or "".
std::string note_at(const Trace& t, int line, const std::string& text) {
  for (const auto& note : t.compiler_notes)
    if (note.find("sass-test.cu:" + std::to_string(line) + ":") != std::string::npos && note.find(text) != std::string::npos) return note;
  return "";
}

std::string all_notes(const Trace& t) {
  std::string s = t.compiler;
  for (const auto& note : t.compiler_notes) s += "\n" + note;
  return s;
}

}  // namespace

// gen-20261204-0: an if/else's stores `s[w] = v[j]` in a loop of four, which ptxas made one
// STS.128 a thread that the line table names with a line without stores (the loads' loop after
// the barrier). The model kept the arms' 4-byte stores (16 instructions predicted, 4 STS.128 run)
// and noted the arms' line; the STS.128's address places each thread's four words now
// (LineGroup::foreign_layout; docs/validation.md, 2026-12-08 "joined wide stores"): 4, not noted.
TEST(CompilerViewSass, AnArmsStoresMergedIntoAWiderStoreNamedWithAnotherLineFollowItsAddress) {
  const Trace t = sass_trace_n("an if/else's stores made one STS.128", "k<<<1, 128>>>(in, out, N)", "reduce", 512, R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[512];
  const int t = threadIdx.x;
  int v[4];
  for (int j = 0; j < 4; ++j) v[j] = src[t * 4 + j];
  for (int j = 3; j >= 0; --j) {
    const int w = ((t + 112) & 127) * 4 + ((j + 2) & 3);
    if ((v[j] & 1) != 0) s[w] = v[j];
    else s[w] = v[j];
  }
  __syncthreads();
  int acc = 0;
  for (int j = 3; j >= 0; --j) {
    const int r = t * 4 + j;
    acc += s[r];
  }
  atomicAdd(&dst[0], acc);
}
)");
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 4) << all_notes(t);  // four warps, one STS.128 each (main at f871439: 16)
  EXPECT_EQ(note_at(t, 16, "a 16-byte store (STS.128)"), "") << all_notes(t);
  EXPECT_EQ(note_at(t, 23, "the SASS"), "") << all_notes(t);  // the loads' line: an LDS.128 a thread, as predicted
}

// gen-20261205-75: one arm's four int2 stores, elements 1, 0, 3, 2 of a thread's row, which the
// PTX has as four st.shared.v2 and ptxas as STS.64, STS.64, STS.128. The prediction took the PTX's
// four and noted the line ("the SASS has 3 shared-memory stores on this line where the PTX has 4",
// this test's former name FewerInstructionsInTheSassThanThePtxOutsideLoopsThanPredictedAreNoted);
// the instructions' addresses place the words now (docs/validation.md, ~23:15 UTC), and nothing
// is noted. The other arm's four in order are two STS.128, as predicted.
TEST(CompilerViewSass, AnArmsInt2StoresOfSeveralWidthsFollowTheirAddressesAndAreNotNoted) {
  const Trace t = sass_trace_n("four int2 stores of a thread in the order 2, 3, 0, 1", "k<<<1, 128>>>(in, out, N)", "reduce", 512, R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int2 sp[512];
  const int t = threadIdx.x;
  int v[4], x[4];
  for (int j = 0; j < 4; ++j) {
    v[j] = src[t * 4 + j];
    x[j] = t * 4 + j;
  }
  if ((t & 127) >= 64) {
    for (int j = 3; j >= 0; --j) {
      const int w = ((((t ^ 41)) & 31) * 4 + (((t ^ 41)) >> 5)) * 4 + ((j + 2) & 3);
      sp[w] = make_int2(v[j], x[j]);
    }
  } else {
    for (int j = 0; j < 4; ++j) {
      const int w = ((((t ^ 49)) & 31) * 4 + (((t ^ 49)) >> 5)) * 4 + j;
      sp[w] = make_int2(v[j], x[j]);
    }
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 4; ++j) acc += sp[t * 4 + j].x;
  atomicAdd(&dst[0], acc);
}
)");
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  // (the then arm's line is STS.64, STS.64, STS.128: the instructions' addresses place its
  // words now, so its prediction is the SASS's three and nothing is noted; before they did, the
  // PTX's four st.shared.v2 were predicted and the line noted: "the SASS has 3 shared-memory
  // stores on this line where the PTX has 4")
  EXPECT_EQ(note_at(t, 20, "the SASS has 3 shared-memory stores on this line where the PTX has 4"), "") << all_notes(t);
  EXPECT_NE(t.compiler.find("each instruction's words from its address"), std::string::npos) << t.compiler;
  EXPECT_EQ(note_at(t, 25, "the SASS"), "") << all_notes(t);
}

// The note of a line, none of whose instructions lie in a loop, with fewer in the SASS than in
// the PTX and fewer than the prediction counts for a warp (note_uncertain_lines). Three int2
// stores of one line, the third only where `a` is odd: the PTX's three st.shared.v2, ptxas's
// STS.128 for the first two and @!P0 STS.64 for the third. The instructions' addresses place no
// thread's words (threads store 2 or 3 values), so the prediction takes the PTX's width: 3
// instructions for a warp with both kinds of thread, where the SASS has 2 at most. Unconditional,
// the third store is one more STS.64 whose addresses place every thread's words: 2 predicted for
// a warp, as the SASS makes them, and nothing noted.
TEST(CompilerViewSass, AConditionalInt2StorePtxasJoinedOutsideLoopsIsNotedWhereThePredictionCountsMore) {
  const std::string head = R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int2 sp[512];
  const int t = threadIdx.x;
  const int a = src[t], b = src[t + 128];
  sp[2 * t] = make_int2(a, b); sp[2 * t + 1] = make_int2(b, a); )";
  const std::string tail = R"(sp[256 + t] = make_int2(a, a);
  __syncthreads();
  atomicAdd(&dst[0], sp[2 * t].x + sp[2 * t + 1].y);
}
)";
  const Trace t = sass_trace_n("three int2 stores of a line, the third under a condition", "k<<<1, 128>>>(in, out, N)", "reduce", 512,
                               head + "if (a & 1) " + tail);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_NE(note_at(t, 13, "the SASS has 2 shared-memory stores on this line where the PTX has 3, none in a loop, and the prediction counts up to 3"), "")
      << all_notes(t);
  EXPECT_EQ(note_at(t, 15, "the SASS"), "") << all_notes(t);
  const Trace u = sass_trace_n("three int2 stores of a line", "k<<<1, 128>>>(in, out, N)", "reduce", 512, head + tail);
  EXPECT_NE(u.compiler.find("each instruction's words from its address"), std::string::npos) << u.compiler;
  EXPECT_EQ(note_at(u, 13, "the SASS"), "") << all_notes(u);
  EXPECT_EQ(u.totals.st.inst, 8);  // an STS.128 and an STS.64 a warp, 4 warps
}

// tests/corpus/sort-bitonic-swap-by-reference.cu: `swap_if(keys[i], keys[p], up)` takes int& and
// reads a and b again in the swap (`t = a; a = b;`), which nvcc kept in registers: neither the PTX
// nor the SASS has a load on those lines, and the model counts them. Fully unrolled (a constant
// loop bound), the condition's line holds every copy's loads and the lines near it more loads than
// predicted for them: then nothing is noted.
TEST(CompilerViewSass, LoadsNeitherThePtxNorTheSassHasAreNotedWhereNoNeighbourHoldsThem) {
  const std::string body = R"(
__device__ void swap_if(int &a, int &b, bool up) {
  if ((a > b) == up) {
    const int t = a;
    a = b;
    b = t;
  }
}
__global__ void k(const int *in, int *out, int n) {
  __shared__ int keys[64];
  const unsigned int i = threadIdx.x;
  keys[i] = in[i];
  __syncthreads();
  for (unsigned int k = 2; k <= BOUND; k <<= 1) {
    for (unsigned int j = k >> 1; j > 0; j >>= 1) {
      const unsigned int p = i ^ j;
      if (p > i) swap_if(keys[i], keys[p], (i & k) == 0);
      __syncthreads();
    }
  }
  out[i] = keys[i];
}
)";
  auto with = [&](const std::string& bound) {
    std::string b = body;
    b.replace(b.find("BOUND"), 5, bound);
    return sass_trace_n("a compare-and-swap by reference", "k<<<1, 64>>>(in, out, N)", "sort", 64, b);
  };
  const Trace t = with("blockDim.x");
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_NE(note_at(t, 9, "neither the PTX nor the SASS has a shared-memory load on this line"), "") << all_notes(t);
  EXPECT_NE(note_at(t, 10, "neither the PTX nor the SASS has a shared-memory load on this line"), "") << all_notes(t);
  const Trace u = with("64");
  EXPECT_EQ(note_at(u, 9, "neither the PTX"), "") << all_notes(u);
  EXPECT_EQ(note_at(u, 10, "neither the PTX"), "") << all_notes(u);
  EXPECT_EQ(t.totals.ld.inst, u.totals.ld.inst);  // (the notes change no counter)
}

// gen-20261127-21: a line's two loads of an unrolled loop, each made only by the threads of its
// own store (`@!P0 LDS` before `@!P0 STG`; after the EXIT of the threads that do not store the
// second), two store lines. The loads are gated each by the store of its own line
// (SourceSite::gated_sites): at n = 80 the second store's elements are threads 0-15's, so warp 1
// loads nothing there: 3 load instructions, and no note says the load counters may differ. At
// n = 128 every warp stores at both lines: 4, no note.
TEST(CompilerViewSass, LoadsGatedEachByTheStoreOfItsOwnLineAreCountedWhereAWarpStoresNothing) {
  const std::string body = R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[128];
  const int t = threadIdx.x;
  s[t] = t < n ? src[t] : 1;
  s[t + 64] = t + 64 < n ? src[t + 64] : 1;
  __syncthreads();
  int v[2];
#pragma unroll
  for (int j = 0; j < 2; ++j) v[j] = s[j * 64 + (t ^ 1)];
  const int g0 = t ^ 1, g1 = 64 + (t ^ 1);
  if (g0 < n) dst[g0] = v[0];
  if (g1 < n) dst[g1] = v[1];
}
)";
  const Trace t = sass_trace_n("two loads of a line, each gated by its store", "k<<<1, 64>>>(in, out, N)", "copy", 80, body);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(note_at(t, 15, "ptxas makes"), "") << all_notes(t);
  EXPECT_EQ(t.totals.ld.inst, 3) << t.compiler;
  const Trace u = sass_trace_n("two loads of a line, each gated by its store", "k<<<1, 64>>>(in, out, N)", "copy", 128, body);
  EXPECT_EQ(note_at(u, 15, "ptxas makes"), "") << all_notes(u);
  EXPECT_EQ(u.totals.ld.inst, 4) << u.compiler;
}

// tests/corpus/reduce-operator-class-static-members.cu: a helper's `return s[0]`, which ptxas
// made after the EXIT of the threads that skip the caller's `if (threadIdx.x == 0) atomicAdd(..)`
// (no store gates it: an atomic follows). Warps 1-7 make no access after it: they may have left.
TEST(CompilerViewSass, ALoadAfterTheExitOfWarpsThatMakeNothingLaterIsNoted) {
  const Trace t = sass_trace_n("a helper's return s[0] after the exit", "k<<<1, 256>>>(in, out, N)", "reduce", 256, R"(
__device__ int block_sum(int *s, int v) {
  const int t = threadIdx.x;
  s[t] = v;
  __syncthreads();
  for (int half = 128; half > 0; half >>= 1) {
    if (t < half) s[t] += s[t + half];
    __syncthreads();
  }
  return s[0];
}
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[256];
  const int total = block_sum(s, src[threadIdx.x]);
  if (threadIdx.x == 0) atomicAdd(&dst[0], total);
}
)");
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_NE(note_at(t, 17, "after an EXIT of some threads"), "") << all_notes(t);
  EXPECT_EQ(note_at(t, 15, "after an EXIT"), "") << all_notes(t);
}

// tests/corpus/histogram-shared-ull-bins.cu: sm_90 has no 64-bit shared atomicAdd; ptxas makes a
// loop of an LDS.64 and an ATOMS.CAS, whose rounds the model counts only for 4-byte atomics.
TEST(CompilerViewSass, AnEightByteAtomicsCompareAndSwapLoopIsNoted) {
  const Trace t = sass_trace_n("64-bit shared atomics", "k<<<1, 64>>>(in, out, N)", "reduce", 64, R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ unsigned long long c[4];
  const int t = threadIdx.x;
  if (t < 4) c[t] = 0;
  __syncthreads();
  atomicAdd(&c[t & 3], (unsigned long long)src[t]);
  __syncthreads();
  if (t == 0) atomicAdd(&dst[0], (int)(c[0] + c[1] + c[2] + c[3]));
}
)");
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_NE(note_at(t, 14, "8-byte atomic a loop of a shared load and a compare-and-swap"), "") << all_notes(t);
  for (const auto& s : t.sites) EXPECT_FALSE(s.cas_loop);
}

// The front end removes a __shared__ array no code touches, and ptxas lays out the others in their
// order, each at a multiple of its alignment: p (float2) at byte 16, where the interpreter's own
// layout, which keeps `unused`, puts it at byte 24. A thread's four float2 of one 32-byte row are
// two LDS.128 at the GPU's 16-byte aligned address (gen-20261205-119's shape); at byte 24 they
// would cross three aligned 16-byte blocks. The trace takes the GPU's layout from the compiler view.
TEST(CompilerViewSass, SharedArraysLieWherePtxasPlacesThem) {
  TraceRequest r;
  r.n = 256;
  r.type = ValueType::Float;
  r.source = kernel_dir() + "/app/sass-test.cu";
  r.source_text = std::string("// title: a float2 array after one the front end removes\n// launch: k<<<1, 32>>>(in, out, N)\n") +
                  "// init: out = 0\n// out: 1\n// check: reduce\n// types: float\n// ops: sum\n// require: N == 256 : one size\n" + R"(
__global__ void k(const float *src, float *dst, int n) {
  __shared__ float a[4];
  __shared__ float unused[2];
  __shared__ float2 p[128];
  const int t = threadIdx.x;
  if (t < 4) a[t] = src[t];
  for (int j = 0; j < 4; ++j) p[j * 32 + t] = make_float2(src[j * 32 + t], src[128 + j * 32 + t]);
  __syncthreads();
  float v[4], x[4];
  for (int j = 3; j >= 0; --j) {
    const float2 q = p[((t + 7) & 31) * 4 + ((j + 2) & 3)];
    v[j] = q.x;
    x[j] = q.y;
  }
  float acc = a[t & 3];
  for (int j = 0; j < 4; ++j) acc += v[j] * x[j];
  atomicAdd(&dst[0], acc);
}
)";
  r.has_source_text = true;
  const Trace t = run_emulator(r);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  int p_first = -1;
  for (const auto& a : t.arrays)
    if (a.name == "p") p_first = a.first_word;
  EXPECT_EQ(p_first, 4);  // the interpreter's own layout: 6
  EXPECT_EQ(t.totals.ld.inst, 3) << t.compiler;  // two LDS.128 and a's LDS (4 with p at word 6)
  EXPECT_EQ(t.totals.ld.wavefronts, 17) << t.compiler;
  // without the compiler view, the interpreter's own layout
  const Trace own = run_interpreter(resolve_kernel(r));
  for (const auto& a : own.arrays) {
    if (a.name == "p") {
      EXPECT_EQ(a.first_word, 6);
    }
  }
}

// `for (j = 0; j < e; ++j) v[j] = s[r * 4 + ((j + 2) & 3)]` with e a kernel parameter: ptxas
// loads the thread's row of four words with one LDS.128 before the loop's body unrolled by 4
// (whose addresses repeat every four iterations) and makes the remainder's iterations 4-byte
// loads (gen-20261205-100, -46; -229's int2s: two LDS.128). With e = 4 every warp makes the one
// LDS.128 (1 instruction, not 4); with e = 3 the remainder's three copies, as written and with no
// note; with e = 8 (a row read twice) which copies run is not known: as written, noted.
TEST(CompilerViewSass, ARuntimeBoundedLoopsRowIsOneWideLoad) {
  auto run = [](int e) {
    TraceRequest r;
    r.n = 256;
    r.source = kernel_dir() + "/app/sass-test.cu";
    r.source_text = "// title: a runtime-bounded loop over a thread's row\n// launch: k<<<1, 32>>>(in, out, N, " + std::to_string(e) +
                    ")\n// init: out = 0\n// out: 1\n// check: reduce\n// types: int\n// ops: sum\n// require: N == 256 : one size\n" + R"(
__global__ void k(const int *src, int *dst, int n, int e) {
  __shared__ int s[128];
  const int t = threadIdx.x;
  for (int j = 0; j < 4; ++j) s[j * 32 + t] = src[j * 32 + t];
  __syncthreads();
  int v[8];
  for (int j = 0; j < e; ++j) {
    const int r = ((t * 8) & 31) * 4 + ((j + 2) & 3);
    v[j] = s[r];
  }
  int acc = 0;
  for (int j = 0; j < e; ++j) acc += v[j];
  atomicAdd(&dst[0], acc);
}
)";
    r.has_source_text = true;
    return run_emulator(r);
  };
  const Trace four = run(4);
  if (!read_sass(four)) GTEST_SKIP() << "no SASS read here: " << four.compiler;
  EXPECT_EQ(four.totals.ld.inst, 1) << four.compiler;
  EXPECT_NE(four.compiler.find("a runtime-bounded loop's row"), std::string::npos) << four.compiler;
  EXPECT_EQ(note_at(four, 18, "one wide load"), "") << all_notes(four);
  const Trace three = run(3);
  EXPECT_EQ(three.totals.ld.inst, 3) << three.compiler;
  EXPECT_EQ(note_at(three, 18, "one wide load"), "") << all_notes(three);
  const Trace eight = run(8);
  EXPECT_EQ(eight.totals.ld.inst, 8) << eight.compiler;
  EXPECT_NE(note_at(eight, 18, "one wide load of 4 words"), "") << all_notes(eight);
}

// A loop's four int2 stores of one thread's 32-byte row, in the order 1, 0, 3, 2 (`w = row * 4 +
// ((j + 2) & 3)`, j = 3 down to 0): the PTX has four st.shared.v2, and ptxas joined two of them
// into one STS.128 and left the other two STS.64, element 1's from a base register of its own
// (gen-20261205-75, -55, -85). The instructions' addresses place every thread's words: three
// stores a warp, not the PTX's four.
TEST(CompilerViewSass, AnInt2LoopsStoresJoinedIntoSeveralWidthsFollowTheirAddresses) {
  const Trace t = sass_trace(std::string("// title: a loop's four int2 stores of one row\n// launch: k<<<1, 128>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int2 p[512];
  const int t = threadIdx.x;
  int v[4], x[4];
  for (int j = 0; j < 4; ++j) {
    v[j] = src[(j * 32 + t) & 255];
    x[j] = src[(128 + j * 32 + t) & 255];
  }
  for (int j = 3; j >= 0; --j) {
    const int w = ((((t ^ 41)) & 31) * 4 + (((t ^ 41)) >> 5)) * 4 + ((j + 2) & 3);
    p[w] = make_int2(v[j], x[j]);
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 4; ++j) {
    const int2 q = p[j * 128 + t];
    acc += q.x ^ q.y;
  }
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 12) << t.compiler;  // 16 with the PTX's four 8-byte stores a thread
  EXPECT_EQ(t.totals.st.wavefronts, 384) << t.compiler;
}

// Four statements store a thread's 16-byte row (words 3, 0, 1, 2), words 0 and 1 each a one-line
// inner if/else written alike in both arms (gen-20261206-192's shape, also -91, -191, -197).
// ptxas makes them STS and STS.64 named with word 3's line and STS [+0x8] named with word 2's: the
// STS.64 holds the inner if/else's two words, whose lines have no instruction. The instructions'
// addresses (the STS.64 shares its base register with word 2's store) place every thread's four
// words: three stores a warp, not four, and the line is not noted.
TEST(CompilerViewSass, WiderStoresHoldingOtherLinesWordsFollowTheirAddresses) {
  const Trace t = sass_trace(std::string("// title: a row's stores, two of them one-line inner if/else\n// launch: k<<<1, 64>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[1024];
  const int t = threadIdx.x;
  int v[4];
  for (int j = 0; j < 4; ++j) v[j] = src[(j * 64 + t * 11) & 255];
  const int row = (t & 31) * 8 + (t >> 5);
  {
    const int w = row * 4 + 3;
    s[w] = v[0];
  }
  {
    const int w = row * 4 + 0;
    if ((v[1] & 1) != 0) s[w] = v[1];
    else s[w] = v[1];
  }
  {
    const int w = row * 4 + 1;
    if ((v[2] & 1) != 0) s[w] = v[2];
    else s[w] = v[2];
  }
  {
    const int w = row * 4 + 2;
    s[w] = v[3];
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 4; ++j) acc += s[((t + 1) & 31) * 32 + (t >> 5) * 4 + j];  // (a neighbour lane's row)
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 2 * 3) << all_notes(t);  // two warps, three instructions each (main: 10)
  EXPECT_EQ(note_at(t, 18, "shared-memory stores on this line and the PTX"), "") << all_notes(t);
}

// An if/else whose arms each store a thread's 16-byte row with four statements (two of the else
// arm's one-line inner if/else written alike; gen-20261208-67's shape, whose gk0 this is, cut
// after the stores). nvcc made the arms straight code, each store's address chosen per thread,
// and ptxas joined the four stores into one unpredicated STS.128 named with the else arm's last
// line: one instruction a warp for both arms (each thread's four words one aligned block).
TEST(CompilerViewSass, AnIfElseMadeStraightCodeWhoseStoresAreOneWideStoreIsOneInstructionAWarp) {
  const Trace t = sass_trace(R"(// title: arms made straight code, one STS.128
// launch: gk0<<<2, dim3(16, 2)>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 256 : one size
#define B0 32
#define E0 4
#define TILE0 (B0 * E0)
#define S0 10
__global__ void gk0(const int *__restrict__ src, int *__restrict__ dst, int n) {
  __shared__ int sv0_0[128];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  int v[E0];
  int acc = 0;
  const int tiles = (n + S0 + TILE0 - 1) / TILE0;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int base = tile * TILE0 - S0;  // the tile's first element
    {
      const int k = (t ^ 20) * (E0 / 2) + 0;  // a pair of elements, one 8-byte load
      const int g = base + 2 * k;
      int2 q = make_int2(0, 0);
      if (g >= 0 && g + 1 < n) {
        q = reinterpret_cast<const int2 *>(src)[g / 2];
      } else {
        if (g >= 0 && g < n) q.x = src[g];
        if (g + 1 >= 0 && g + 1 < n) q.y = src[g + 1];
      }
      v[2 * 0] = q.x;
      v[2 * 0 + 1] = q.y;
    }
    {
      const int k = (t ^ 20) * (E0 / 2) + 1;  // a pair of elements, one 8-byte load
      const int g = base + 2 * k;
      int2 q = make_int2(0, 0);
      if (g >= 0 && g + 1 < n) {
        q = reinterpret_cast<const int2 *>(src)[g / 2];
      } else {
        if (g >= 0 && g < n) q.x = src[g];
        if (g + 1 >= 0 && g + 1 < n) q.y = src[g + 1];
      }
      v[2 * 1] = q.x;
      v[2 * 1 + 1] = q.y;
    }
    if ((t >> 0) & 1) {  // divergent: each arm keeps bit 0 of t
      {
        const int w = (((t ^ 4) * 17) & 31) * E0 + ((0 + 2) & (E0 - 1));
        sv0_0[w] = v[0];
      }
      {
        const int w = (((t ^ 4) * 17) & 31) * E0 + ((1 + 2) & (E0 - 1));
        sv0_0[w] = v[1];
      }
      {
        const int w = (((t ^ 4) * 17) & 31) * E0 + ((2 + 2) & (E0 - 1));
        sv0_0[w] = v[2];
      }
      {
        const int w = (((t ^ 4) * 17) & 31) * E0 + ((3 + 2) & (E0 - 1));
        sv0_0[w] = v[3];
      }
    } else {
      {
        const int w = (((t ^ 20) * 17) & 31) * E0 + ((0 + 2) & (E0 - 1));
        if ((v[0] & 1) != 0) sv0_0[w] = v[0];
        else sv0_0[w] = v[0];
      }
      {
        const int w = (((t ^ 20) * 17) & 31) * E0 + ((1 + 2) & (E0 - 1));
        sv0_0[w] = v[1];
      }
      {
        const int w = (((t ^ 20) * 17) & 31) * E0 + ((2 + 2) & (E0 - 1));
        if ((v[2] & 1) != 0) sv0_0[w] = v[2];
        else sv0_0[w] = v[2];
      }
      {
        const int w = (((t ^ 20) * 17) & 31) * E0 + ((3 + 2) & (E0 - 1));
        sv0_0[w] = v[3];
      }
    }
    __syncthreads();
    for (int j = 0; j < 4; ++j) acc += sv0_0[((t + 1) & 31) * 4 + j];
    __syncthreads();
  }
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 3) << all_notes(t);  // three tiles, one warp each (main: 15)
  EXPECT_EQ(t.totals.st.conflicts, 0) << all_notes(t);
}

// An if/else whose then arm stores a thread's 16-byte row with a loop and whose else arm's loop
// is of one-line inner if/else written alike (gen-20261208-81's shape). ptxas kept the arms apart
// and made each arm's four stores one STS.128, `@P0 STS.128` and `@!P0 STS.128`, both named with
// the then arm's line; the else arm's lines have none. Every warp holds threads of both arms:
// two store instructions a warp, not one for the then arm and one a word for the else arm.
TEST(CompilerViewSass, AnArmsWideStoreNamedWithTheOtherArmsLineIsOneInstructionAWarp) {
  const Trace t = sass_trace(R"(// title: an arm's STS.128 named with the other arm's line
// launch: k<<<2, 128>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[512];
  const int t = threadIdx.x;
  int v[4];
  const int base = blockIdx.x * 512;
  for (int j = 3; j >= 0; --j) {
    const int g = base + (127 - t) * 4 + ((j + 3) & 3);
    v[j] = 0;
    if (g >= 0 && g < n) v[j] = src[g];
  }
  if ((t & 7) >= 4) {
    #pragma unroll
    for (int j = 0; j < 4; ++j) {
      const int w = ((t ^ 121) ^ 55) * 4 + j;
      s[w] = v[j];
    }
  } else {
    for (int j = 3; j >= 0; --j) {
      const int w = ((t ^ 32) ^ 55) * 4 + j;
      if ((v[j] & 1) != 0) s[w] = v[j];
      else s[w] = v[j];
    }
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 4; ++j) acc += s[((t + 1) & 127) * 4 + j];
  atomicAdd(&dst[0], acc);
}
)", 1000);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 2 * 4 * 2) << all_notes(t);  // two blocks of four warps, two each (main: 40)
  EXPECT_EQ(t.totals.st.conflicts, 0) << all_notes(t);
}

// The same with the then arm four statements (the second a one-line inner if/else written alike;
// gen-20261206-106's shape): both STS.128 are named with the then arm's last line, where the PTX
// has one store; the extra words are those beyond the then arm's four a thread.
TEST(CompilerViewSass, AnArmsWideStoreNamedWithTheOtherArmsLastStatementsLineIsOneInstructionAWarp) {
  const Trace t = sass_trace(R"(// title: an arm's four statements and the other arm's loop, two STS.128
// launch: k<<<2, 128>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 1000 : one size
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[512];
  const int t = threadIdx.x;
  int v[4];
  const int base = blockIdx.x * 512;
  for (int j = 3; j >= 0; --j) {
    const int g = base + (127 - t) * 4 + ((j + 3) & 3);
    v[j] = 0;
    if (g >= 0 && g < n) v[j] = src[g];
  }
  if ((t & 7) >= 4) {
    {
      const int w = ((t ^ 121) ^ 55) * 4 + 0;
      s[w] = v[0];
    }
    {
      const int w = ((t ^ 121) ^ 55) * 4 + 1;
      if ((v[1] & 1) != 0) s[w] = v[1];
      else s[w] = v[1];
    }
    {
      const int w = ((t ^ 121) ^ 55) * 4 + 2;
      s[w] = v[2];
    }
    {
      const int w = ((t ^ 121) ^ 55) * 4 + 3;
      s[w] = v[3];
    }
  } else {
    for (int j = 3; j >= 0; --j) {
      const int w = ((t ^ 32) ^ 55) * 4 + j;
      if ((v[j] & 1) != 0) s[w] = v[j];
      else s[w] = v[j];
    }
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 4; ++j) acc += s[((t + 1) & 127) * 4 + j];
  atomicAdd(&dst[0], acc);
}
)", 1000);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 2 * 4 * 2) << all_notes(t);  // two blocks of four warps, two each (main: 40)
  EXPECT_EQ(t.totals.st.conflicts, 0) << all_notes(t);
}

// Four statements store a thread's 16-byte row (the last a one-line inner if/else written alike;
// gen-20261207-27's shape). ptxas joined them into one STS.128 that the line table names with the
// register loop before them (`v[j] = ~v[j]`, a line without stores); the statements' lines have
// no instruction. Its address places each thread's four words: one instruction a warp.
TEST(CompilerViewSass, AWideStoreNamedWithALineWithoutStoresTakesTheStoresItsAddressPlaces) {
  const Trace t = sass_trace(R"(// title: an STS.128 named with a register loop's line
// launch: k<<<1, 64>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 256 : one size
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[512];
  const int t = threadIdx.x;
  int v[4];
  for (int j = 0; j < 4; ++j) v[j] = src[(j * 64 + t * 11) & 255];
  for (int j = 0; j < 4; ++j) {
    v[j] = ~v[j];
  }
  {
    const int w = (((t ^ 9) + 107) & 63) * 4 + 0;
    s[w] = v[0];
  }
  {
    const int w = (((t ^ 9) + 107) & 63) * 4 + 1;
    s[w] = v[1];
  }
  {
    const int w = (((t ^ 9) + 107) & 63) * 4 + 2;
    s[w] = v[2];
  }
  {
    const int w = (((t ^ 9) + 107) & 63) * 4 + 3;
    if ((v[3] & 1) != 0) s[w] = v[3];
    else s[w] = v[3];
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 4; ++j) acc += s[((t + 1) & 63) * 4 + j];
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 2) << all_notes(t);  // two warps, one each (main: 8)
  EXPECT_EQ(t.totals.st.conflicts, 0) << all_notes(t);
}

// A divergent if/else whose then arm stores a thread's 32-byte row of int2 with four statements
// (elements 3, 0, 1, 2; gen-20261207-189's shape). ptxas made them an STS.128 named with element
// 1's line (elements 0 and 1), an STS.64 named with element 2's and one named with element 3's;
// element 0's line has none. Element 0 is a lane's half of element 1's STS.128 (its aligned block
// holds both), not an STS.64 beside element 3's: three stores a warp in each arm, six in all.
TEST(CompilerViewSass, AnInt2StoreJoinsTheWiderStoreOfItsRowsNeighbour) {
  const Trace t = sass_trace(R"(// title: two int2 stores of a row one STS.128
// launch: k<<<1, 64>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// types: int
// ops: sum
// require: N == 256 : one size
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int2 sp[256];
  const int t = threadIdx.x;
  int v[4], x[4];
  for (int j = 0; j < 4; ++j) {
    v[j] = src[(t * 4 + j) & 255];
    x[j] = t * 4 + j;
  }
  if ((t >> 4) & 1) {
    {
      const int w = (((t ^ 11) + 27) & 63) * 4 + 3;
      sp[w] = make_int2(v[0], x[0]);
    }
    {
      const int w = (((t ^ 11) + 27) & 63) * 4 + 0;
      sp[w] = make_int2(v[1], x[1]);
    }
    {
      const int w = (((t ^ 11) + 27) & 63) * 4 + 1;
      sp[w] = make_int2(v[2], x[2]);
    }
    {
      const int w = (((t ^ 11) + 27) & 63) * 4 + 2;
      sp[w] = make_int2(v[3], x[3]);
    }
  } else {
    for (int j = 0; j < 4; ++j) {
      const int w = (((t ^ 2) + 27) & 63) * 4 + ((j + 3) & 3);
      sp[w] = make_int2(v[j], x[j]);
    }
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 4; ++j) {
    const int2 q = sp[((t + 1) & 63) * 4 + j];
    acc += q.x + q.y;
  }
  atomicAdd(&dst[0], acc);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 2 * 6) << all_notes(t);  // two warps, three a warp in each arm (main: 14)
}

// A loop of a runtime count that ptxas unrolled into a copy, a loop of 4, 2 and 1 (the line's 8
// STS where the PTX has 1, a shape no rule follows). Every warp runs one copy a pass where its
// lanes make the store equally often: the model's count (one instruction a pass) is the SASS's,
// and nothing is noted. Where the lanes of a warp run the loop 1 to 8 times each, which copies a
// warp runs (the unrolled body's or the remainder's) depends on the counts: the line is noted.
TEST(CompilerViewSass, AnUnrolledLoopsCopiesAreNotedWhereTheLanesOfAWarpRunItUnevenly) {
  const std::string loop = R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[512];
  const int t = threadIdx.x;
  const int e = COUNT;
  for (int r = 0; r < e; ++r) {
    s[(t * 4 + r) & 511] = r + t;
  }
  __syncthreads();
  atomicAdd(&dst[0], s[t * 4]);  // (the word every lane wrote)
}
)";
  auto with = [&](const std::string& count) {
    std::string body = loop;
    body.replace(body.find("COUNT"), 5, count);
    return sass_trace_n("a loop of a runtime count", "k<<<1, 128>>>(in, out, N)", "reduce", 512, body);
  };
  const Trace uneven = with("(src[t] & 7) + 1");  // each lane its own count
  if (!read_sass(uneven)) GTEST_SKIP() << "no SASS read here: " << uneven.compiler;
  EXPECT_NE(note_at(uneven, 14, "the lanes of a warp make this access a different number of times"), "") << all_notes(uneven);
  const Trace even = with("(n >> 7) + 1");  // 5 for every lane
  EXPECT_EQ(note_at(even, 14, "shared-memory stores on this line and the PTX"), "") << all_notes(even);
  EXPECT_EQ(even.totals.st.inst, 4 * ((512 >> 7) + 1)) << even.compiler;  // 4 warps, 5 passes each
}

// An if/else's same store in a loop of two (gen-20261205-5's shape): the PTX gives the arms' stores
// no line, and the SASS names them with the next statement's line, `b[w] = x[j]` (3 STS there where
// the PTX has 2), in one straight run with no loop around it. The copies are the PTX's accesses as
// written, the extra one the arms' (one instruction for both arms, as the prediction counts them):
// 4 STS a warp, as predicted, and no note on the line.
TEST(CompilerViewSass, StraightCopiesThatAreAnotherLinesInstructionsAreNotNoted) {
  const Trace t = sass_trace_n("an if/else's store named with the next line", "k<<<1, 128>>>(in, out, N)", "reduce", 512, R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int s[512];
  __shared__ int b[512];
  const int t = threadIdx.x;
  int v[2], x[2];
  for (int j = 0; j < 2; ++j) {
    v[j] = src[t * 2 + j];
    x[j] = t * 2 + j;
  }
  for (int j = 0; j < 2; ++j) {
    const int w = j * 128 + ((t * 5) & 127);
    if ((v[j] & 1) != 0) s[w] = v[j];
    else s[w] = v[j];
    b[w] = x[j];
  }
  __syncthreads();
  int acc = 0;
  for (int j = 0; j < 2; ++j) acc += s[j * 128 + t] + b[j * 128 + t];
  atomicAdd(&dst[0], acc);
}
)");
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 4 * 4) << t.compiler;
  EXPECT_EQ(note_at(t, 22, "shared-memory stores on this line"), "") << all_notes(t);
}

// tests/corpus/scan-blelloch-cg-template.cu: the down-sweep's loop of a constant bound, unrolled,
// has `ai` and `bi` next to each other in its last copy (offset 1), whose two loads and two stores
// ptxas makes one LDS.64 and one STS.64; the prediction makes them one by one (the other copies
// are 4 bytes apart from none). The lines of 8-byte instructions whose accesses are 4 bytes and
// in no group are noted; the up-sweep's line (4-byte instructions only) is not.
TEST(CompilerViewSass, WiderInstructionsOnALineOfUngroupedFourByteAccessesAreNoted) {
  TraceRequest r;
  r.n = 256;
  r.source = std::string(SCANSCOPE_SOURCE_DIR) + "/tests/corpus/scan-blelloch-cg-template.cu";
  const Trace t = run_emulator(r);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  auto note = [&](int line, const std::string& text) {
    for (const auto& n : t.compiler_notes)
      if (n.find("scan-blelloch-cg-template.cu:" + std::to_string(line) + ":") != std::string::npos && n.find(text) != std::string::npos) return n;
    return std::string();
  };
  std::string all;
  for (const auto& n : t.compiler_notes) all += n + "\n";
  EXPECT_NE(note(36, "8-byte shared-memory load (LDS.64)"), "") << all;
  EXPECT_NE(note(39, "8-byte shared-memory store (STS.64)"), "") << all;
  EXPECT_EQ(note(25, "the SASS"), "") << all;
}

// An STS.64 of lanes 8-15 and 24-31 (`if (t & 8)`), 16 words of distinct banks in each half-warp
// and 32 in the two together (gen-20261207-83's arms): the GPU serves a store's half-warps in a
// wavefront each, 2 a warp, no conflict (measured on an H100, docs/validation.md, 2026-12-08); the
// pair rule is a load's: `b[t >> 1]` of the whole warp (each int2 two lanes') is 1 wavefront,
// `a[t & 15]` (64 words counted half by half) 2.
TEST(CompilerViewSass, AStoresHalfWarpsTakeAWavefrontEach) {
  const Trace t = sass_trace(std::string("// title: an int2 store of half of each half-warp\n// launch: k<<<1, 32>>>(in, out, N)\n") + kHeader + R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int2 a[16];
  __shared__ int2 b[16];
  const int t = threadIdx.x;
  int acc = 0;
  for (int j = 0; j < 8; ++j) acc += src[j * 32 + t];
  if (t & 8) a[(t & 7) + ((t >> 4) & 1) * 8] = make_int2(acc, 1);
  if (t < 16) b[t] = make_int2(0, 1);
  __syncthreads();
  const int2 r = a[t & 15];
  const int2 q = b[t >> 1];
  atomicAdd(&dst[0], acc * r.y * q.y);
}
)", 256);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 2) << t.compiler;
  EXPECT_EQ(t.totals.st.wavefronts, 3) << t.compiler;  // 2 (the two halves of `a`'s store) + 1 (`b`'s, lanes 0-15)
  EXPECT_EQ(t.totals.st.conflicts, 0) << t.compiler;
  EXPECT_EQ(t.totals.ld.inst, 2) << t.compiler;
  EXPECT_EQ(t.totals.ld.wavefronts, 3) << t.compiler;  // 2 (`a[t & 15]`) + 1 (`b[t >> 1]`, a pair)
  EXPECT_EQ(t.totals.ld.conflicts, 0) << t.compiler;
}

// A divergent if/else in a loop with a barrier, each arm two whole int2 stores `p[w] =
// make_int2(v[k], x[k])` (gen-20261207-23): ptxas unrolled the loop, and in each copy (a barrier
// region each) kept the arms' first stores apart (`@!P1 STS.64`, `@P1 STS.64`) and made their
// second stores one STS.64 after the join, named with the else arm's line. The pair is one
// instruction: 3 a warp a pass, 24 for two warps' four passes (32 before: the rule of the arms'
// last stores took 4-byte stores in one barrier region only).
TEST(CompilerViewSass, TheArmsLastInt2StoresMadeOneAfterTheJoinInEachUnrolledCopyAreOneInstruction) {
  const Trace t = sass_trace_n("the arms' last int2 stores one STS.64 after the join, in a loop", "k<<<1, 64>>>(in, out, N)", "reduce", 256, R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int2 p[128];
  const int t = threadIdx.x;
  int v[2], x[2];
  for (int j = 0; j < 2; ++j) {
    v[j] = src[j * 64 + t];
    x[j] = j * 64 + t;
  }
  for (int rep = 0; rep < n / 64; ++rep) {
    if (t & 1) {  // each arm keeps bit 0 of t
      {
        const int w = (t ^ 54) * 2 + 0;
        p[w] = make_int2(v[0], x[0]);
      }
      {
        const int w = (t ^ 54) * 2 + 1;
        p[w] = make_int2(v[1], x[1]);
      }
    } else {
      {
        const int w = (t ^ 30) * 2 + 0;
        p[w] = make_int2(v[0], x[0]);
      }
      {
        const int w = (t ^ 30) * 2 + 1;
        p[w] = make_int2(v[1], x[1]);
      }
    }
    __syncthreads();
    for (int j = 0; j < 2; ++j) {
      const int2 q = p[((t & 31) * 2 + (t >> 5)) * 2 + ((j + 1) & 1)];
      v[j] = q.x;
      x[j] = q.y;
    }
    __syncthreads();
  }
  atomicAdd(&dst[0], v[0] + v[1] + x[0] + x[1]);
}
)");
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 24) << t.compiler;
  EXPECT_NE(t.compiler.find("one store after the join"), std::string::npos) << t.compiler;
}

// A divergent if/else whose then arm's first statements and the first copy of the else arm's loop
// are written alike (`atomicOr(&a[..], v[0]); b[w / 32][w % 32] = x[0];`, the same address)
// (gen-20261206-260): ptxas made them one ATOMS and one STS before the branch, named with the else
// arm's line, and kept the rest of the arms apart (branched around). The pair is one instruction
// (a common head): 3 STS a warp in the branch, 24 in all for the four blocks (28 before).
TEST(CompilerViewSass, TheArmsFirstStoresMadeOneBeforeTheBranchAreOneInstruction) {
  const Trace t = sass_trace_n("the arms' first stores one STS before the branch", "k<<<max(1, N / 64), 32>>>(in, out, N)", "copy", 256, R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int a[65];
  __shared__ int b[2][33];
  const int t = threadIdx.x;
  const int base = blockIdx.x * 64;
  int v[2], x[2];
  v[0] = 0;
  if (base + (t ^ 17) < n) v[0] = src[base + (t ^ 17)];
  x[0] = t ^ 17;
  v[1] = base + 32 + (t ^ 17) < n ? src[base + 32 + (t ^ 17)] : 0;
  x[1] = 32 + (t ^ 17);
  for (int i = t; i < 65; i += 32) a[i] = 0;
  __syncthreads();
  if (t & 8) {  // each arm keeps bit 3 of t
    {
      const int w = (((t ^ 18) + 19) & 31) * 2 + 1;
      atomicOr(&a[w + (w >> 5)], v[0]);
      b[w / 32][w % 32] = x[0];
    }
    {
      const int w = (((t ^ 18) + 19) & 31) * 2 + 0;
      atomicOr(&a[w + (w >> 5)], v[1]);
      b[w / 32][w % 32] = x[1];
    }
  } else {
    for (int j = 0; j < 2; ++j) {
      const int w = (((t ^ 18) + 19) & 31) * 2 + ((j + 1) & 1);
      atomicOr(&a[w + (w >> 5)], v[j]);
      b[w / 32][w % 32] = x[j];
    }
  }
  __syncthreads();
  for (int j = 1; j >= 0; --j) {
    const int r = (t ^ 30) * 2 + ((j + 1) & 1);
    v[j] = a[r + (r >> 5)];
    x[j] = b[r / 32][r % 32];
  }
  for (int j = 0; j < 2; ++j)
    if (base + x[j] < n) dst[base + x[j]] = v[j];
}
)");
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 24) << t.compiler;
  EXPECT_NE(t.compiler.find("one store before the branch"), std::string::npos) << t.compiler;
  for (const auto& note : t.compiler_notes) EXPECT_EQ(note.find("is not known before running"), std::string::npos) << note;
}

// Loads that ptxas made only in the threads of a later store, after an EXIT of the others
// (gen-20261206-77): the store is the STS.64 of both arms' `p[w] = make_int2(v, x)` of `if (t &
// 32)`, named with the else arm's line. Every thread makes it, so every thread makes the loads:
// 3 LDS a warp, 24 (16 before: the loads gated by the else arm's store alone), and no note of a
// warp that loads and does not store.
TEST(CompilerViewSass, LoadsGatedByAStoreThatIsBothArmsOneInstructionAreMadeByEveryThread) {
  const Trace t = sass_trace_n("loads gated by a store that is both arms' one STS.64", "k<<<2, dim3(32, 4)>>>(in, out, N)", "copy", 256, R"(
__global__ void k(const int *__restrict__ src, int *dst, int n) {
  __shared__ int a[128];
  __shared__ int b[638];
  __shared__ int2 p[128];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int lane = t & 31;
  const int warp = t >> 5;
  for (int tile = blockIdx.x; tile < (n + 127) / 128; tile += gridDim.x) {
    const int base = tile * 128;
    int v = base + ((t * 7) & 127) < n ? src[base + ((t * 7) & 127)] : 0;
    int x = (t * 7) & 127;
    {
      const int w = warp * 32 + (31 - lane);
      a[w] = v;
      b[w * 5 + 2] = x;
    }
    __syncwarp();
    {
      const int r = warp * 32 + (31 - lane);
      v = a[r];
      x = b[r * 5 + 2];
    }
    if (t & 32) {  // each arm keeps bit 5 of t
      const int w = t ^ 26;
      p[w] = make_int2(v, x);
    } else {
      const int w = t ^ 93;
      p[w] = make_int2(v, x);
    }
    __syncthreads();
    const int2 q = p[t];
    if (base + q.y < n) dst[base + q.y] = q.x;
    __syncthreads();
  }
}
)");
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.ld.inst, 24) << t.compiler;
  for (const auto& note : t.compiler_notes) EXPECT_EQ(note.find("stores nothing at line"), std::string::npos) << note;
}

// A divergent if/else whose two arms are each a loop over a thread's eight elements with an inner
// if/else written alike (`if (c) a[w + (w >> 5)] = v[j]; else a[w + (w >> 5)] = v[j];`)
// (gen-20261206-186): ptxas branched around the two arms, one STS a copy in each, named with each
// arm's loop's line, none with the inner if/else's lines. The four lines, written alike within 12
// lines, were one group: one instruction a copy for the lanes of both arms (8 a warp, 16). Each
// arm's inner if/else is an instruction of its own: 16 a warp, 32.
TEST(CompilerViewSass, SameTextInnerIfElseInBothArmsBranchedAroundIsOneInstructionPerArm) {
  const Trace t = sass_trace_n("an inner if/else in both arms' loops, the arms branched around", "k<<<1, 64>>>(in, out, N)", "reduce", 512, R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int a[527];
  const int t = threadIdx.x;
  int v[8];
  #pragma unroll
  for (int j = 0; j < 8; ++j) v[j] = src[j * 64 + t];
  if ((t & 15) >= 8) {  // each arm keeps bit 3 of t
    for (int j = 7; j >= 0; --j) {
      const int w = j * 64 + ((t ^ 51) ^ 43);
      if ((v[j] & 1) != 0) a[w + (w >> 5)] = v[j];
      else a[w + (w >> 5)] = v[j];
    }
  } else {
    #pragma unroll
    for (int j = 0; j < 8; ++j) {
      const int w = j * 64 + ((t ^ 32) ^ 43);
      if ((v[j] & 1) != 0) a[w + (w >> 5)] = v[j];
      else a[w + (w >> 5)] = v[j];
    }
  }
  __syncthreads();
  int acc = 0;
  #pragma unroll
  for (int j = 0; j < 8; ++j) {
    const int r = (((t & 31) * 2 + (t >> 5)) * 8 + ((j + 2) & 7));
    acc += a[r + (r >> 5)];
  }
  atomicAdd(&dst[0], acc);
}
)");
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 32) << t.compiler;
  EXPECT_NE(t.compiler.find("kept apart by branches"), std::string::npos) << t.compiler;
}

// A divergent if/else in a tile loop, the then arm a loop of an inner if/else written alike, the
// else arm a store and a one-line inner if/else whose then arm no thread takes (`v[1] < 0`)
// (gen-20261206-183): ptxas predicated the arms, `@P0 STS` for the then arm's two copies named with
// the tile loop's line (outside the branch, more than 12 lines above the inner if/else) and `@!P0
// STS` for the else arm's two. The then arm's lines and the else arm's line that ran were one group
// (one instruction for both arms' lanes, 3 STS); each arm's are its own: 4.
TEST(CompilerViewSass, SameTextInnerIfElseInBothArmsOneArmsCopiesNamedOutsideTheBranchIsOneInstructionPerArm) {
  const Trace t = sass_trace_n("an inner if/else in both arms, one arm's copies named with the loop's line", "k<<<1, 32>>>(in, out, N / 64)", "reduce", 256, R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int a[67];
  const int t = threadIdx.x;
  int v[2];
  int acc = 0;
  for (int tile = blockIdx.x; tile < (n + 69) / 64; tile += gridDim.x) {
    const int base = tile * 64 - 6;  // the tile's first element
    // each thread loads two elements of the tile, zero past the end
    // (the loop's line, more than 12 lines above the inner if/else)
    #pragma unroll
    for (int j = 0; j < 2; ++j) {
      const int g = base + (t ^ 23) * 2 + j;
      v[j] = 0;
      if (g >= 0 && g < n) v[j] = src[g];
    }
    if ((t >> 1) & 1) {  // each arm keeps bit 1 of t
      #pragma unroll
      for (int j = 0; j < 2; ++j) {
        const int w = ((t + 30) & 31) * 2 + j;
        if ((v[j] & 1) != 0) a[w + (w >> 4)] = v[j];
        else a[w + (w >> 4)] = v[j];
      }
    } else {
      {
        const int w = (((t ^ 17) + 30) & 31) * 2 + 0;
        a[w + (w >> 4)] = v[0];
      }
      {
        const int w = (((t ^ 17) + 30) & 31) * 2 + 1;
        if (v[1] < 0) a[w + (w >> 4)] = v[1];
        else a[w + (w >> 4)] = v[1];
      }
    }
    __syncthreads();
    for (int j = 1; j >= 0; --j) {
      const int r = ((t + 24) & 31) * 2 + j;
      acc += a[r + (r >> 4)];
    }
    __syncthreads();
  }
  atomicAdd(&dst[0], acc);
}
)");
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.st.inst, 4) << t.compiler;
  EXPECT_NE(t.compiler.find("kept apart by predicates"), std::string::npos) << t.compiler;
}

// Two kernels in one file (gen-20261206-149, kept whole): the line table names gk0's loads of
// `v[j] = sv0_14[..]` with a line of no shared accesses, and gk1's `v[j] = sv1_1[..]` is made after
// `@P0 EXIT`, only by the threads that store it. The reader merged gk0's line with the nearest line
// of loads in the file, gk1's, another kernel's: the group kept gk1's gate off (60 load
// instructions, 116 wavefronts). A line is merged only with a line of a launch that runs it; the
// H100 measured 59 and 115 (run 20261206).
TEST(CompilerViewSass, ALoadNamedWithAnotherLineIsNotMergedWithAnotherKernelsLine) {
  TraceRequest r;
  r.n = 256;
  r.source = std::string(SCANSCOPE_SOURCE_DIR) + "/tests/gen/regressions/sass-20261206-149.cu";
  const Trace t = run_emulator(r);
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.ld, (OpTotals{59, 115, 56})) << t.compiler;
  for (const auto& note : t.compiler_notes) EXPECT_EQ(note.find("stores nothing at line"), std::string::npos) << note;
}

// A uniform if/else whose arms each load `v` from their own array (gen-20261208-107's gk1):
// ptxas makes the two loads one LDS after the join, after the EXIT of the threads that do not
// store (`if (g < n) dst[g] = ..`), named with the line after the branch (`v -= 377`), which has
// no shared sites. In the last tile (n = 200) warp 0 stores nothing and makes no load: 7 load
// instructions, 8 with the arms' loads made by every thread.
TEST(CompilerViewSass, TheArmsLoadsMadeOneAfterTheJoinAreGatedByTheStoreAfterIt) {
  const Trace t = sass_trace_n("the arms' loads made one after the join", "k<<<4, 64>>>(in, out, N)", "copy", 200, R"(
__global__ void k(const int *src, int *dst, int n) {
  __shared__ int a[64];
  __shared__ int b[66];
  const int t = threadIdx.x;
  const int base = blockIdx.x * 64;
  int v = base + t < n ? src[base + t] : 0;
  int x;
  if (blockIdx.x & 1) {  // uniform: the whole block goes one way
    a[63 - t] = v;
    __syncthreads();
    v = a[t];
    x = 63 - t;
  } else {
    b[t + (t >> 5)] = v;
    __syncthreads();
    v = b[t + (t >> 5)];
    x = t;
  }
  v -= 377;
  const int g = base + (63 - x);
  if (g < n) dst[g] = v + 377;
}
)");
  if (!read_sass(t)) GTEST_SKIP() << "no SASS read here: " << t.compiler;
  EXPECT_EQ(t.totals.ld.inst, 7) << t.compiler;
  EXPECT_NE(t.compiler.find("made one after the join, only by the threads that store"), std::string::npos) << t.compiler;
}
