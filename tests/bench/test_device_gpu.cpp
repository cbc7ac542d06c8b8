// On a GPU: every device-wide kernel (ours, CUB, copy, the read probe) x size x type (x inclusive
// and exclusive for scans) against the CPU reference, through the bench's own GPU session.
// Without a usable GPU every test skips and says why.
#include <gtest/gtest.h>

#include "bench/bench.h"
#include "bench/bench_detail.h"
#include "kernels/device/bench_backend.h"
#include "kernels/device/compact_device.h"
#include "kernels/device/sort_device.h"
#include "kernels/device/strategies.h"
#include "engine/runner.h"

using namespace scanscope;

namespace {

std::unique_ptr<device::GpuBenchSession> session_or_skip(std::string* why) {
  GpuStatus s = gpu_status();
  if (!s.usable) {
    *why = s.why;
    return nullptr;
  }
  return device::open_gpu_bench(why);
}

template <class T>
void check_all_kernels() {
  std::string why;
  auto gpu = session_or_skip(&why);
  if (!gpu) GTEST_SKIP() << "no usable GPU: " << why;
  std::vector<std::string> kernels = {"cub-reduce", "cub-scan", "cub-scan-inclusive", "copy", "read-probe"};
  for (const auto& s : device::strategies())  // every row of the registry, tuning variants (int only) too
    if (s.takes_float || std::is_same<T, int>::value) kernels.push_back(s.id);
  // 6144 .. 6914: scan-best's tile and partial tiles ending inside a warp's part and inside a 16-byte group.
  for (long long n : {1LL, 31LL, 1000LL, 1025LL, 4097LL, 6144LL, 6145LL, 6914LL, 8193LL, 1LL << 16, 65537LL, 1000003LL, 1LL << 22, (1LL << 24) + 3}) {
    std::vector<T> in(static_cast<size_t>(n));
    uint32_t x = static_cast<uint32_t>(n) * 2654435761u;
    for (auto& e : in) {
      x = x * 1664525u + 1013904223u;
      e = bench_detail::value_from<T>((x >> 24) & 15u);
    }
    ASSERT_EQ(gpu->prepare(n, std::is_same<T, float>::value, in.data(), kernels), "") << "n=" << n;
    for (const auto& k : kernels) {
      const device::StrategyInfo* s = device::find_strategy(k);
      const bool scan = s ? s->scan() : k == "copy" || k.rfind("cub-scan", 0) == 0;
      for (bool inclusive : {false, true}) {
        if (inclusive && (s ? !s->inclusive : k != "cub-scan-inclusive")) continue;
        if (!inclusive && k == "cub-scan-inclusive") continue;
        std::vector<T> out(scan ? static_cast<size_t>(n) : 1);
        gpu->time(k, inclusive, 2, 2, out.data(), out.size());  // warm-up and repeats reuse the workspace
        bool ok = k == "copy" ? bench_detail::check_copy(in, out, &why)
                  : scan      ? bench_detail::check_scan(in, out, inclusive, &why)
                              : bench_detail::check_reduce(in, out[0], &why);
        EXPECT_TRUE(ok) << k << (inclusive ? " inclusive" : "") << " n=" << n << ": " << why;
      }
    }
  }
  gpu->release();
}

}  // namespace

TEST(DeviceKernelsGpu, EveryKernelEverySizeInt) { check_all_kernels<int>(); }
TEST(DeviceKernelsGpu, EveryKernelEverySizeFloat) { check_all_kernels<float>(); }

// Calls on one workspace that nothing clears between them, each on new input values: the
// single-pass scans' status words of a call must never be read by the next (the look-back's
// per-call tags, the lookahead's epoch). Sizes where scan-best takes each of its three paths, and
// a smaller call after a larger one (its tiles' words are all stale).
TEST(DeviceKernelsGpu, SinglePassScansNeverReadAnEarlierCallsStatusWords) {
  std::string why;
  auto gpu = session_or_skip(&why);
  if (!gpu) GTEST_SKIP() << "no usable GPU: " << why;
  const std::vector<std::string> kernels = {"scan-best", "scan-lookahead", "scan-lookback", "scan-decoupled"};
  for (long long n : {(1LL << 20) + 3, (1LL << 23) + 5, (1LL << 24) + 7}) {
    ASSERT_EQ(gpu->prepare(n, false, std::vector<int>(static_cast<size_t>(n), 1).data(), kernels), "") << "n=" << n;
    for (const auto& k : kernels) {
      for (int call = 0; call < 3; ++call) {
        std::vector<int> in(static_cast<size_t>(n));
        uint32_t x = static_cast<uint32_t>(n) * 2654435761u + static_cast<uint32_t>(call) * 7919u;
        for (auto& e : in) {
          x = x * 1664525u + 1013904223u;
          e = bench_detail::value_from<int>((x >> 24) & 15u);
        }
        gpu->upload(in.data());
        std::vector<int> out(static_cast<size_t>(n));
        gpu->run_once(k, call == 1, out.data(), out.size());
        EXPECT_TRUE(bench_detail::check_scan(in, out, call == 1, &why)) << k << " n=" << n << " call " << call << ": " << why;
      }
    }
  }
  gpu->release();
}

// Every stream compaction (ours, tuning variants, CUB's) at small and ragged n and kept fractions
// 0 to 100 %, int and float, against the CPU (check_select: std::copy_if, std::stable_partition).
template <class T>
void check_all_compactions() {
  std::string why;
  auto gpu = session_or_skip(&why);
  if (!gpu) GTEST_SKIP() << "no usable GPU: " << why;
  std::vector<std::string> every = {"cub-select", "cub-select-flagged", "cub-partition"};
  for (const auto& k : bench_kernels())
    if (k.select != BenchSelect::None && k.id.rfind("cub-", 0) != 0) every.push_back(k.id);
  // The shipped rows take the lookahead rows from kCompactLookaheadFrom (2^26): one ragged n past
  // it, for them alone (about 0.6 GB on the GPU; the check on the CPU is the time).
  const long long past = device::kCompactLookaheadFrom + 3;
  const std::vector<std::string> shipped = {"compact-best", "compact-flagged", "compact-partition"};
  for (long long n : {1LL, 31LL, 1000LL, 4095LL, 4097LL, 6145LL, 8199LL, 10003LL, (1LL << 16) + 7, 1000003LL, (1LL << 24) + 7, past}) {
    const std::vector<std::string>& kernels = n == past ? shipped : every;
    std::vector<T> in(static_cast<size_t>(n));
    uint32_t x = static_cast<uint32_t>(n) * 2654435761u;
    for (auto& e : in) {
      x = x * 1664525u + 1013904223u;
      e = bench_detail::select_value<T>((x >> 8) % 1000u);
    }
    ASSERT_EQ(gpu->prepare(n, std::is_same<T, float>::value, in.data(), kernels), "") << "n=" << n;
    for (int kept : {0, 10, 50, 90, 100}) {
      if (n == past && (kept == 0 || kept == 100)) continue;
      const T threshold = bench_detail::select_threshold<T>(kept);
      std::vector<uint8_t> flags(static_cast<size_t>(n));
      for (long long i = 0; i < n; ++i) flags[i] = (i * 7919 + kept) % 100 < kept ? 1 : 0;  // not the predicate's
      gpu->upload_select(in.data(), flags.data());
      for (const auto& k : kernels) {
        const BenchKernel* spec = nullptr;
        for (const auto& b : bench_kernels())
          if (b.id == k) spec = &b;
        ASSERT_TRUE(spec) << k;
        std::vector<T> out(static_cast<size_t>(n));
        long long selected = -1;
        gpu->time_select(k, static_cast<double>(threshold), 1, 2, out.data(), &selected);
        EXPECT_TRUE(bench_detail::check_select(in, flags, threshold, spec->select, out, selected, &why)) << k << " n=" << n << " kept " << kept << "%: " << why;
      }
    }
  }
  gpu->release();
}

TEST(DeviceKernelsGpu, EveryCompactionInt) { check_all_compactions<int>(); }
TEST(DeviceKernelsGpu, EveryCompactionFloat) { check_all_compactions<float>(); }

namespace {

// The sorts the bench times (ours, tuning shapes, CUB's), and the values 0, 1, ..., n - 1 that the
// pairs sorts carry.
std::vector<std::string> sort_kernel_ids() {
  std::vector<std::string> kernels;
  for (const auto& k : bench_kernels())
    if (k.sort != BenchSort::None) kernels.push_back(k.id);
  return kernels;
}
std::vector<uint32_t> index_values(long long n) {
  std::vector<uint32_t> values(static_cast<size_t>(n));
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<uint32_t>(i);
  return values;
}

}  // namespace

// Every radix sort (ours, tuning shapes, CUB's), keys and pairs, at small and ragged n, int and
// float, on random keys and on few-valued ones (long runs of equal keys), against std::stable_sort.
template <class T>
void check_all_sorts() {
  std::string why;
  auto gpu = session_or_skip(&why);
  if (!gpu) GTEST_SKIP() << "no usable GPU: " << why;
  const std::vector<std::string> kernels = sort_kernel_ids();
  for (long long n : {1LL, 7LL, 255LL, 256LL * 17 + 3, 4097LL, 8199LL, 10003LL, (1LL << 16) + 7, 1000003LL, (1LL << 24) + 7}) {
    std::vector<T> in(static_cast<size_t>(n));
    ASSERT_EQ(gpu->prepare(n, std::is_same<T, float>::value, in.data(), kernels), "") << "n=" << n;
    for (int few : {0, 1}) {
      uint32_t x = static_cast<uint32_t>(n) * 2654435761u + few;
      for (auto& e : in) {
        x = x * 1664525u + 1013904223u;
        e = bench_detail::sort_key<T>(few ? (x >> 29) * 0x01010101u : x ^ (x >> 15));
      }
      const std::vector<uint32_t> values = index_values(n);
      gpu->upload_sort(in.data(), values.data());
      const auto order = bench_detail::sort_reference(in);
      for (const auto& k : kernels) {
        const BenchKernel* spec = nullptr;
        for (const auto& b : bench_kernels())
          if (b.id == k) spec = &b;
        ASSERT_TRUE(spec) << k;
        const bool pairs = spec->sort == BenchSort::Pairs;
        std::vector<T> out(static_cast<size_t>(n));
        std::vector<uint32_t> vout(pairs ? static_cast<size_t>(n) : 0);
        gpu->time_sort(k, 1, 2, out.data(), pairs ? vout.data() : nullptr);
        EXPECT_TRUE(bench_detail::check_sort(in, values, order, out, pairs ? &vout : nullptr, &why)) << k << " n=" << n << (few ? " few values" : "") << ": " << why;
      }
    }
  }
  gpu->release();
}

TEST(DeviceKernelsGpu, EverySortInt) { check_all_sorts<int>(); }
TEST(DeviceKernelsGpu, EverySortFloat) { check_all_sorts<float>(); }

// Float keys where the sorts' codes need care (the shipped rows turn float keys into codes in pass 0
// and back in pass 3; pass 3's label of -0.0's code is a GPU-only asm): -0.0 and +0.0 mixed (input
// order kept, bits kept), denormals of both signs, the positive keys below 2^-125 that share pass
// 3's digit 0x80 with the zeros, infinities, the largest finite keys, random keys. Without NaNs
// every sort (CUB's too) against std::stable_sort, bit for bit; with NaNs of both signs (extreme
// payloads), our rows against the CPU emulation of the same row, whose order the emulated tests
// check (tests/bench/test_sort_emulated.cpp).
TEST(DeviceKernelsGpu, SortFloatZerosDenormalsAndNaNs) {
  std::string why;
  auto gpu = session_or_skip(&why);
  if (!gpu) GTEST_SKIP() << "no usable GPU: " << why;
  const std::vector<std::string> kernels = sort_kernel_ids();
  const uint32_t specials[] = {0x80000000u, 0u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00ffffffu, 0x00800000u,
                               0x7f800000u, 0xff800000u, 0x7f7fffffu, 0xff7fffffu, 0x3f800000u, 0xbf800000u};
  const uint32_t nans[] = {0xffffffffu, 0xff000001u, 0xffc00000u, 0xff800001u, 0x7fffffffu, 0x7f800001u, 0x7fc00000u};
  for (int with_nans : {0, 1})
    for (long long n : {4097LL, 9217LL, 20001LL, 100003LL, 1000003LL}) {
      if (with_nans && n > 100003) continue;  // the emulation's time
      std::vector<float> in(static_cast<size_t>(n));
      std::vector<uint32_t> bits(in.size());
      uint32_t x = static_cast<uint32_t>(n) * 2654435761u + with_nans;
      auto next = [&] {
        x = x * 1664525u + 1013904223u;
        return x ^ (x >> 15);
      };
      for (auto& k : bits) {
        const uint32_t h = next();
        switch (h % 7) {
          case 0: case 1: k = specials[next() % 14]; break;
          case 2: k = next() & 0x807fffffu; break;
          case 3: k = next() & 0x00ffffffu; break;
          case 4: k = with_nans ? nans[next() % 7] : 0x80000000u; break;
          default: k = bits_of(bench_detail::sort_key<float>(next())); break;
        }
      }
      for (size_t i = 0; i < in.size(); ++i) in[i] = device::from_bits<float>(bits[i]);
      ASSERT_EQ(gpu->prepare(n, true, in.data(), kernels), "") << "n=" << n;
      const std::vector<uint32_t> values = index_values(n);
      gpu->upload_sort(in.data(), values.data());
      const auto order = with_nans ? std::vector<uint32_t>{} : bench_detail::sort_reference(in);
      for (const auto& k : kernels) {
        const device::SortInfo* ours = device::find_sort(k);
        if (with_nans && !ours) continue;  // CUB's order of NaNs is its own
        const bool pairs = ours ? ours->pairs : k == "cub-sort-pairs";
        std::vector<float> out(static_cast<size_t>(n));
        std::vector<uint32_t> vout(pairs ? static_cast<size_t>(n) : 0);
        gpu->time_sort(k, 1, 1, out.data(), pairs ? vout.data() : nullptr);
        if (!with_nans) {
          EXPECT_TRUE(bench_detail::check_sort(in, values, order, out, pairs ? &vout : nullptr, &why)) << k << " n=" << n << ": " << why;
          continue;
        }
        const device::SortResult want = device::emulate_sort(*ours, device::SortKey::Float, bits, pairs ? values : std::vector<uint32_t>{});
        for (size_t j = 0; j < out.size(); ++j) {
          ASSERT_EQ(bits_of(out[j]), want.keys[j]) << k << " n=" << n << " key " << j;
          if (pairs) {
            ASSERT_EQ(vout[j], want.values[j]) << k << " n=" << n << " value " << j;
          }
        }
      }
    }
  gpu->release();
}

// The bench on the GPU: a short sweep where every point is verified and CUB ratios are filled.
TEST(DeviceKernelsGpu, BenchSweepIsVerified) {
  if (!gpu_status().usable) GTEST_SKIP() << "no usable GPU: " << gpu_status().why;
  BenchConfig c;
  c.min_n = 1000;
  c.max_n = 64000;
  c.repeats = 2;
  c.warmup = 1;
  BenchResults r = run_bench(c, nullptr, nullptr);
  for (const auto& p : r.points) EXPECT_TRUE(p.verified) << p.kernel << " n=" << p.n << ": " << p.note;
  for (const auto& p : r.points) {
    if (p.kernel == "reduce-best" || p.kernel == "scan-best" || p.kernel == "compact-best" || p.kernel == "compact-partition") {
      EXPECT_GT(p.ratio_to_cub, 0) << p.kernel;
    }
  }
}
