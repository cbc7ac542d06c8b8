// The kernel catalogue and the validation of trace requests.
#include "engine/catalogue.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <random>
#include <sstream>

namespace scanscope {

namespace {

const std::vector<KernelInfo> kCatalogue = {
    {KernelId::ReduceInterleavedDivergent, "reduce-interleaved-divergent", "reduce",
     "Interleaved addressing, divergent branch",
     "seed 000 (tree trace); Harris, Optimizing Parallel Reduction, kernel 1",
     "Thread tid works when tid % (2*stride) == 0: every warp keeps a few busy lanes, so warps diverge and the modulo is slow.",
     "", "kernels/legacy/reduce_kernels.h", "ReduceInterleavedDivergent", false, false, false, true, 65536, 1},
    {KernelId::ReduceInterleaved, "reduce-interleaved", "reduce", "Interleaved addressing, strided index",
     "Harris, Optimizing Parallel Reduction, kernel 2",
     "index = 2*stride*tid keeps the working threads contiguous (no divergence), but lanes 2*stride words apart fall into the same bank: bank conflicts.",
     "", "kernels/legacy/reduce_kernels.h", "ReduceInterleaved", false, false, false, true, 65536, 1},
    {KernelId::ReduceSequential, "reduce-sequential", "reduce", "Sequential addressing",
     "seeds 000, 001 (reduce_sum, tree of seed 001); Demouth; Harris kernel 3",
     "The stride halves each step and thread tid combines sdata[tid] and sdata[tid+stride]: consecutive lanes touch consecutive words, conflict-free. Half the threads idle from the first step.",
     "", "kernels/legacy/reduce_kernels.h", "ReduceSequential", false, false, false, true, 65536, 1},
    {KernelId::ReduceFirstAdd, "reduce-first-add", "reduce", "First add during load",
     "Harris kernel 4",
     "Each thread adds two elements (threads apart) while loading, so half as many threads run the same sequential-addressing tree.",
     "", "kernels/legacy/reduce_kernels.h", "ReduceFirstAdd", false, false, false, true, 65536, 1},
    {KernelId::ReduceUnrollWarp, "reduce-unroll-warp", "reduce", "Unrolled last warp",
     "Harris kernel 5",
     "Once 64 partials remain, the last warp finishes without __syncthreads.",
     "Harris's original relies on lockstep warps and volatile shared memory, a race since Volta's independent thread scheduling; here each round reads, calls __syncwarp(), then writes. Needs at least 64 threads.",
     "kernels/legacy/reduce_kernels.h", "ReduceUnrollWarp", false, false, false, true, 65536, 64},
    {KernelId::ReduceWarpShuffle, "reduce-warp-shuffle", "reduce", "Warp shuffle reduction",
     "seed 000 (reduce_sum_warp_shuffle)",
     "Each warp reduces its registers with __shfl_down_sync (offsets 16, 8, 4, 2, 1); lane 0 of each warp writes one partial to shared memory and the first warp reduces those.",
     "Threads must be a multiple of 32.", "kernels/legacy/reduce_kernels.h", "ReduceWarpShuffle", false, false, false, true, 65536, 32},
    {KernelId::ScanHillisSteele, "scan-hillis-steele", "scan", "Hillis-Steele (naive) scan, double-buffered",
     "scan paper (Harris, Sengupta, Owens), Algorithm 2 and Listing 1; seed 000 ([1,2,3,4])",
     "Every step, element k adds element k-offset; offset doubles. O(n log n) work in log n steps, double-buffered because warps do not run in lockstep.",
     "Listing 1 prints temp[pout*n+thid] += temp[pin*n+thid-offset], which adds to the stale output buffer; Algorithm 2 (and this kernel) reads both terms from the input buffer.",
     "kernels/legacy/scan_kernels.h", "ScanHillisSteele", false, true, true, false, 1024, 1},
    {KernelId::ScanBlelloch, "scan-blelloch", "scan", "Blelloch work-efficient scan",
     "scan paper, Algorithms 3 and 4, Listings 2 and 3; seeds 000, 004",
     "Up-sweep builds a reduction tree in place, the root is cleared, the down-sweep swaps and adds back down: O(n) work, two elements per thread. --pad adds index/NUM_BANKS (harris) or index/NUM_BANKS + index/NUM_BANKS^2 (zero) to every index to break bank conflicts.",
     "The paper's ZERO_BANK_CONFLICTS macro prints ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS)): '+' binds tighter than '>>', and NUM_BANKS stands where LOG_NUM_BANKS is meant, so it computes (n >> (16 + n)) >> 8: 0 for every index (and undefined once 16 + n reaches 32), i.e. no padding at all. The corrected form ((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS)) also pads every NUM_BANKS^2 words, removing the conflicts the simple padding leaves at deep levels. Listing 2 also computes bankOffsetB from ai (it must be bi). Exclusive only.",
     "kernels/legacy/scan_kernels.h", "ScanBlelloch", true, false, true, false, 2048, 1},
    {KernelId::ScanWarpShuffle, "scan-warp-shuffle", "scan", "Warp-shuffle scan",
     "seed 004 (scanIncWarp), done with __shfl_up_sync",
     "Each warp scans 32 values in 5 shuffle rounds (lane >= h adds the value h lanes up), the last lane publishes the warp total, the first warp scans the totals, later warps add their carry.",
     "Inclusive only; threads are n rounded up to a multiple of 32.", "kernels/legacy/scan_kernels.h", "ScanWarpShuffle", false, true, false, false, 1024, 32},
    {KernelId::ReduceMissingBarrier, "reduce-missing-barrier", "reduce", "Sequential addressing with one __syncthreads() missing",
     "seed 000 (\"forgetting __syncthreads() between reduction levels\"); seed 001",
     "Deliberately broken: the barrier between the first two tree levels is left out, so a thread of the second level reads a partial that another thread has not written yet. The trace marks the hazard; compute-sanitizer's racecheck flags the same kernel on a GPU.",
     "Race lesson. The emulator runs each thread through both levels before the next thread starts, the worst order, so its result is wrong; on a GPU the result depends on timing.",
     "kernels/legacy/reduce_kernels.h", "ReduceMissingBarrier", false, false, false, true, 65536, 4, true},
    {KernelId::AppCompact, "app-compact", "app", "Stream compaction: keep the odd values",
     "seed 000 (stream compaction: flags, exclusive scan, scatter)",
     "Each element gets a flag (1 = keep), an exclusive scan of the flags gives every kept element its output index, and a scatter writes it there: no atomics, no contention.",
     "int and --op sum only; keeps the odd values (seed 000's example [A,B,C,D,E] with flags [1,0,1,1,0] is --input 1,2,3,5,6).",
     "kernels/legacy/app_kernels.h", "AppCompact", false, false, false, false, 2048, 1},
    {KernelId::AppRadixSort, "app-radix-sort", "app", "Radix sort, one bit per pass",
     "seeds 000 and 002 (radix sort; the one-bit split)",
     "For each bit from the least significant: e = NOT bit, an exclusive scan of e places the zeros first and the ones after them, keeping order (stable). After every bit the keys are sorted. --bits 1 shows the one-bit split alone.",
     "Non-negative int keys, --op sum only; --bits defaults to what the largest key needs.",
     "kernels/legacy/app_kernels.h", "AppRadixSort", false, false, false, false, 2048, 1},
};

bool is_pow2(int x) { return x > 0 && (x & (x - 1)) == 0; }

}  // namespace

const std::vector<KernelInfo>& catalogue() { return kCatalogue; }

const KernelInfo* find_kernel(const std::string& name) {
  for (const auto& k : kCatalogue)
    if (name == k.name) return &k;
  return nullptr;
}

const KernelInfo& kernel_info(KernelId id) { return kCatalogue[static_cast<int>(id)]; }

const std::vector<std::string>& operator_names() {
  static const std::vector<std::string> ops = {"sum", "min", "max", "or", "mat2"};
  return ops;
}

bool operator_is_integer_only(const std::string& op) { return op == "or" || op == "mat2"; }

int output_capacity(const KernelInfo& k, int n) {
  if (std::string(k.family) == "reduce") return 1;
  if (k.id == KernelId::AppCompact) return n + 1;
  return n;
}

void finish_output(const KernelInfo& k, int n, std::vector<double>& out) {
  if (k.id == KernelId::AppCompact && static_cast<int>(out.size()) == n + 1) {
    double count = out[n];
    out.resize(count >= 0 && count <= n ? static_cast<size_t>(count) : 0);
  }
}

bool preserves_operand_order(const KernelInfo& k, const KernelParams& p) {
  switch (k.id) {
    case KernelId::ReduceInterleavedDivergent:
    case KernelId::ReduceInterleaved: return p.threads >= p.n;  // grid-stride partials interleave
    case KernelId::ScanHillisSteele:
    case KernelId::ScanBlelloch:
    case KernelId::ScanWarpShuffle: return true;
    default: return false;
  }
}

const char* type_name(ValueType t) { return t == ValueType::Int ? "int" : "float"; }

KernelParams resolve(const TraceRequest& r, const KernelInfo** info_out) {
  const KernelInfo* k = find_kernel(r.kernel);
  if (!k) {
    std::string names;
    for (const auto& c : kCatalogue) names += std::string(names.empty() ? "" : ", ") + c.name;
    throw UsageError("unknown kernel '" + r.kernel + "' (known: " + names + ")");
  }
  if (info_out) *info_out = k;
  const std::string kn = k->name;
  const auto& ops = operator_names();
  if (std::find(ops.begin(), ops.end(), r.op) == ops.end())
    throw UsageError("unknown --op '" + r.op + "' (accepted: sum, min, max, or, mat2)");
  if (operator_is_integer_only(r.op) && r.type == ValueType::Float)
    throw UsageError("--op " + r.op + (r.op == "or" ? " is bitwise" : " packs a 2x2 byte matrix in an int") + " and needs --type int");
  if (r.banks != 32 && r.banks != 16) throw UsageError("--banks must be 32 or 16, not " + std::to_string(r.banks));
  if (r.warp_issue != 32 && r.warp_issue != 16)
    throw UsageError("--warp-issue must be 32 or 16 (G80 half-warps), not " + std::to_string(r.warp_issue));
  if (r.n < 1 || r.n > k->max_n)
    throw UsageError(kn + " takes --n from 1 to " + std::to_string(k->max_n) + ", not " + std::to_string(r.n));
  if (!k->takes_pad && r.pad != Pad::None)
    throw UsageError(kn + " does not take --pad (only scan-blelloch does)");
  if (!r.input.empty() && static_cast<int>(r.input.size()) != r.n)
    throw UsageError("--input has " + std::to_string(r.input.size()) + " values but --n is " + std::to_string(r.n));

  KernelParams p;
  p.n = r.n;
  p.pad = r.pad;
  p.log_banks = r.banks == 16 ? 4 : 5;
  const bool is_scan = std::string(k->family) == "scan";
  const bool is_app = std::string(k->family) == "app";
  if (is_app && (r.op != "sum" || r.type != ValueType::Int))
    throw UsageError(kn + " works on int values with --op sum (its scan adds flags), not --op " + r.op + " --type " + type_name(r.type));
  if (r.bits != 0 && k->id != KernelId::AppRadixSort) throw UsageError("--bits is for app-radix-sort only");
  if (is_scan) {
    if (r.scan.empty()) p.inclusive = !k->can_exclusive;
    else if (r.scan == "inclusive") p.inclusive = true;
    else if (r.scan == "exclusive") p.inclusive = false;
    else throw UsageError("--scan must be inclusive or exclusive, not '" + r.scan + "'");
    if (p.inclusive && !k->can_inclusive)
      throw UsageError(kn + " computes an exclusive scan only; use --scan exclusive, or scan-hillis-steele or scan-warp-shuffle for an inclusive one");
    if (!p.inclusive && !k->can_exclusive)
      throw UsageError(kn + " computes an inclusive scan only; use --scan inclusive, or scan-hillis-steele or scan-blelloch for an exclusive one");
  } else if (!r.scan.empty()) {
    throw UsageError(kn + " is a reduction and takes no --scan");
  }

  // Threads: each kernel's rule.
  int natural = 0;
  switch (k->id) {
    case KernelId::ScanHillisSteele: natural = r.n; p.m = r.n; break;
    case KernelId::ScanBlelloch:
    case KernelId::AppCompact:
    case KernelId::AppRadixSort:
      if (r.n < 2) throw UsageError(kn + " needs --n of at least 2 (two elements per thread)");
      p.m = next_pow2(r.n);
      natural = p.m / 2;
      break;
    case KernelId::ScanWarpShuffle:
    case KernelId::ReduceWarpShuffle:
      natural = std::min(kMaxThreads, (r.n + 31) / 32 * 32);
      p.m = natural;
      break;
    case KernelId::ReduceFirstAdd:
    case KernelId::ReduceUnrollWarp:
      natural = std::max(k->min_threads, std::min(kMaxThreads, std::max(1, next_pow2(r.n) / 2)));
      break;
    case KernelId::ReduceMissingBarrier:
      natural = std::max(k->min_threads, std::min(kMaxThreads, next_pow2(r.n)));
      break;
    default: natural = std::min(kMaxThreads, next_pow2(r.n)); break;
  }
  int threads = r.threads == 0 ? natural : r.threads;
  if (threads < 1 || threads > kMaxThreads)
    throw UsageError("--threads must be from 1 to 1024 (a block's limit), not " + std::to_string(threads));
  if (k->grid_stride) {
    if (k->id == KernelId::ReduceWarpShuffle) {
      if (threads % 32 != 0) throw UsageError(kn + " needs --threads a multiple of 32, not " + std::to_string(threads));
    } else if (!is_pow2(threads)) {
      throw UsageError(kn + " needs --threads a power of two (its tree halves the block), not " + std::to_string(threads));
    }
    if (threads < k->min_threads)
      throw UsageError(kn + " needs at least " + std::to_string(k->min_threads) + " threads, not " + std::to_string(threads));
    p.m = threads;
  } else if (threads != natural) {
    throw UsageError(kn + " with --n " + std::to_string(r.n) + " runs exactly " + std::to_string(natural) +
                     " threads, not " + std::to_string(threads));
  }
  p.threads = threads;

  // Shared memory the kernel will carve.
  long long words = 0;
  switch (k->id) {
    case KernelId::ScanHillisSteele: words = 2LL * r.n; break;
    case KernelId::ScanBlelloch: words = p.m + conflict_free_offset(p.m - 1, p.pad, p.log_banks); break;
    case KernelId::AppCompact: words = p.m; break;
    case KernelId::AppRadixSort: words = 3LL * p.m + 1; break;
    case KernelId::ScanWarpShuffle:
    case KernelId::ReduceWarpShuffle: words = threads / 32; break;
    default: words = threads; break;
  }
  if (words * 4 > kMaxSharedBytes)
    throw UsageError(kn + " needs " + std::to_string(words * 4) + " bytes of shared memory, more than the " +
                     std::to_string(kMaxSharedBytes) + " a block may use without opting in");
  p.smem_words = static_cast<int>(words);
  if (k->id == KernelId::AppRadixSort) {
    int need = 1;
    for (double v : request_input(r)) {
      if (v < 0) throw UsageError("app-radix-sort sorts non-negative ints; --input has " + std::to_string(static_cast<long long>(v)));
      while (need < 31 && static_cast<long long>(v) >= (1LL << need)) ++need;
    }
    if (r.bits < 0 || r.bits > 31) throw UsageError("--bits must be from 1 to 31, not " + std::to_string(r.bits));
    p.bits = r.bits == 0 ? need : r.bits;
  }
  return p;
}

std::vector<double> parse_input_list(const std::string& text, ValueType type) {
  std::vector<double> out;
  std::string item;
  std::stringstream ss(text);
  int index = 0;
  while (std::getline(ss, item, ',')) {
    size_t a = item.find_first_not_of(" \t"), b = item.find_last_not_of(" \t");
    std::string t = a == std::string::npos ? "" : item.substr(a, b - a + 1);
    if (t.empty()) throw UsageError("--input item " + std::to_string(index + 1) + " is empty (expected comma-separated numbers like 3,1,7,0)");
    char* end = nullptr;
    errno = 0;
    if (type == ValueType::Int) {
      long long v = std::strtoll(t.c_str(), &end, 10);
      if (*end != '\0' || errno == ERANGE)
        throw UsageError("--input item " + std::to_string(index + 1) + " '" + t + "' is not an integer (--type int)");
      if (v < INT32_MIN || v > INT32_MAX)
        throw UsageError("--input item " + std::to_string(index + 1) + " '" + t + "' does not fit in a 32-bit int");
      out.push_back(static_cast<double>(v));
    } else {
      double v = std::strtod(t.c_str(), &end);
      if (*end != '\0' || !std::isfinite(v) || std::fabs(v) > 3.0e38)
        throw UsageError("--input item " + std::to_string(index + 1) + " '" + t + "' is not a finite float");
      out.push_back(static_cast<double>(static_cast<float>(v)));
    }
    ++index;
  }
  if (out.empty()) throw UsageError("--input is empty (expected comma-separated numbers like 3,1,7,0)");
  if (!text.empty() && text.back() == ',') throw UsageError("--input ends with a comma");
  return out;
}

std::vector<double> request_input(const TraceRequest& r) {
  if (!r.input.empty()) return r.input;
  // Small values keep the picture readable and sums of up to 65536 elements far from overflow.
  std::mt19937 rng(r.seed);
  std::vector<double> v(r.n);
  if (r.op == "mat2") {
    // Shears [1 k; 0 1] and [1 0; k 1], k in 1..3: determinant 1, so products never collapse to
    // zero mod 256 and a change of order shows in the result.
    std::uniform_int_distribution<int> d(1, 3), upper(0, 1);
    for (auto& x : v) {
      int k = d(rng);
      x = static_cast<int32_t>(upper(rng) ? (1 | (k << 8) | (1 << 24)) : (1 | (k << 16) | (1 << 24)));
    }
  } else if (r.type == ValueType::Int) {
    std::uniform_int_distribution<int> d(0, 9);
    for (auto& x : v) x = d(rng);
  } else {
    std::uniform_int_distribution<int> d(0, 999);
    for (auto& x : v) x = static_cast<double>(static_cast<float>(d(rng) / 100.0f));
  }
  return v;
}

}  // namespace scanscope
