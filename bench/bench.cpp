// run_bench (bench.h): device-wide timings of our kernels beside CUB, a device copy, a read-only
// bandwidth probe and the CPU, every result checked against a CPU reference.
#include "bench/bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <map>
#include <numeric>
#include <stdexcept>
#include <thread>
#include <tuple>

#include "bench/bench_detail.h"
#include "engine/catalogue.h"
#include "kernels/device/bench_backend.h"
#include "kernels/device/compact_device.h"
#include "kernels/device/sort_device.h"
#include "kernels/device/strategies.h"

namespace scanscope {

namespace {

const BenchKernel* find_spec(const std::string& id) {
  for (const auto& s : bench_kernels())
    if (id == s.id) return &s;
  return nullptr;
}

// Bytes a kernel must move at least: reductions and the probe read n values; scans and the copy
// read n and write n.
double bytes_moved(const BenchKernel& s, long long n) { return (s.scan ? 8.0 : 4.0) * static_cast<double>(n); }

// Input: a hash of the index, so any size is reproducible. Ints in [-8, 7]; floats in
// {+-1/16, ..., +-15/16}, mean 0, so float sums stay small and rounding stays far from the
// tolerance (no overflow either: |prefix| <= 8n < 2^31 for n <= 2^28).
uint32_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return static_cast<uint32_t>(x ^ (x >> 31));
}

template <class T>
double elapsed_ms(std::chrono::steady_clock::time_point a) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a).count();
}

template <class T>
double median(std::vector<T> v) {
  std::sort(v.begin(), v.end());
  size_t k = v.size();
  return k == 0 ? 0 : (k % 2 ? v[k / 2] : 0.5 * (v[k / 2 - 1] + v[k / 2]));
}

// Times f on the CPU: one warm-up, then up to `repeats` runs (3 when one run takes over 50 ms).
template <class F>
double time_cpu(F&& f, int repeats) {
  auto t0 = std::chrono::steady_clock::now();
  f();
  if (elapsed_ms<int>(t0) > 50) repeats = std::min(repeats, 3);
  std::vector<double> ms;
  for (int r = 0; r < std::max(1, repeats); ++r) {
    auto t = std::chrono::steady_clock::now();
    f();
    ms.push_back(elapsed_ms<int>(t));
  }
  return median(ms);
}

template <class T>
void run_cpu_kernel(const std::string& id, const std::vector<T>& in, std::vector<T>& out) {
  if (id == "cpu-sequential-reduce") {
    T sum = T(0);
    for (T v : in) sum += v;
    out[0] = sum;
  } else if (id == "cpu-std-reduce") {
    out[0] = std::reduce(in.begin(), in.end(), T(0));
  } else if (id == "cpu-sequential-scan") {  // the scan paper's CPU scan (exclusive)
    T sum = T(0);
    for (size_t i = 0; i < in.size(); ++i) {
      out[i] = sum;
      sum += in[i];
    }
  } else {
    std::inclusive_scan(in.begin(), in.end(), out.begin());
  }
}

std::string iso_date_utc() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string cpu_name() {
  unsigned cores = std::thread::hardware_concurrency();
  return "cpu: " + std::to_string(cores) + " hardware threads (no GPU)";
}

// The CPU baselines are slow at large n: a few runs give their median.
constexpr int kMaxCpuRepeats = 5;

template <class T>
void run_typed(const BenchConfig& config, const std::vector<std::string>& ids, const std::vector<long long>& sizes,
               device::GpuBenchSession* gpu, const BenchProgress& progress, const std::atomic<bool>* cancel, const BenchPointSink& on_point,
               BenchResults& r) {
  auto emit = [&](const BenchPoint& p) {
    r.points.push_back(p);
    if (on_point) on_point(r);
  };
  std::vector<std::string> gpu_ids, select_ids, sort_ids;
  for (const auto& id : ids) {
    if (find_spec(id)->gpu) gpu_ids.push_back(find_spec(id)->gpu_kernel);
    if (find_spec(id)->select != BenchSelect::None) select_ids.push_back(id);
    if (find_spec(id)->sort != BenchSort::None) sort_ids.push_back(id);
  }
  int runnable = 0;
  for (const auto& id : ids) {
    const int points = find_spec(id)->select != BenchSelect::None ? static_cast<int>(config.kept_percent.size()) : 1;
    runnable += (gpu || !find_spec(id)->gpu) ? points : 0;
  }
  const int total = static_cast<int>(runnable * sizes.size());
  int done = 0;
  // Before each point: progress, the cancel check, the point's kernel, family and n; false when cancelled.
  auto start_point = [&](const BenchKernel& s, long long n, const std::string& label, BenchPoint& p) {
    if (progress) progress(done, total, label);
    if (cancel && cancel->load()) {
      r.messages.push_back("cancelled");
      if (gpu) gpu->release();
      return false;
    }
    ++done;
    p.kernel = s.id;
    p.family = s.family;
    p.n = n;
    return true;
  };
  bool cpu_kernels = false;
  for (const auto& id : ids) cpu_kernels = cpu_kernels || !find_spec(id)->gpu;
  if (cpu_kernels && config.repeats > kMaxCpuRepeats)  // said, not silently capped
    r.messages.push_back("the CPU baselines are timed at most " + std::to_string(kMaxCpuRepeats) + " times per point (--repeats " +
                         std::to_string(config.repeats) + " applies to the GPU kernels)");
  for (long long n : sizes) {
    std::vector<T> in(static_cast<size_t>(n));
    for (long long i = 0; i < n; ++i) {
      uint32_t h = mix(static_cast<uint64_t>(i)) & 15u;
      in[i] = bench_detail::value_from<T>(h);
    }
    std::string gpu_note;
    if (gpu) {
      gpu_note = gpu->prepare(n, std::is_same<T, float>::value, in.data(), gpu_ids);
      if (!gpu_note.empty()) r.messages.push_back("n=" + std::to_string(n) + ": " + gpu_note);
    }
    std::vector<T> out;
    for (const auto& id : ids) {
      const BenchKernel& s = *find_spec(id);
      if (s.gpu && !gpu) continue;  // said once in messages
      if (s.select != BenchSelect::None) continue;  // below, one point per kept fraction
      if (s.sort != BenchSort::None) continue;      // below, on their own input
      BenchPoint p;
      if (!start_point(s, n, id + " n=" + std::to_string(n), p)) return;
      out.assign(s.scan ? static_cast<size_t>(n) : 1, T(0));
      try {
        if (s.gpu) {
          if (!gpu_note.empty()) {
            p.note = gpu_note;
            emit(p);
            continue;
          }
          p.ms = gpu->time(s.gpu_kernel, s.inclusive, config.warmup, config.repeats, out.data(), out.size());
        } else {
          p.ms = time_cpu([&] { run_cpu_kernel(id, in, out); }, std::min(config.repeats, kMaxCpuRepeats));
        }
        std::string why;
        if (id == "copy") p.verified = bench_detail::check_copy(in, out, &why);
        else if (s.scan) p.verified = bench_detail::check_scan(in, out, s.inclusive, &why);
        else p.verified = bench_detail::check_reduce(in, out[0], &why);
        if (!p.verified) p.note = "WRONG RESULT: " + why;
        p.gbps = p.ms > 0 ? bytes_moved(s, n) / (p.ms * 1e6) : 0;
      } catch (const std::exception& e) {
        p.note = std::string("error: ") + e.what();
        r.messages.push_back(p.note);
      }
      emit(p);
    }
    if (!select_ids.empty() && gpu) {
      // The compactions: their own input (1000 levels, select_value), one point per kept fraction;
      // the flags are the predicate's, so every select kernel keeps the same elements.
      std::vector<T> sin(static_cast<size_t>(n));
      for (long long i = 0; i < n; ++i) sin[i] = bench_detail::select_value<T>(mix(static_cast<uint64_t>(i) ^ 0x5e1ec7ULL) % 1000u);
      std::vector<uint8_t> flags(static_cast<size_t>(n));
      out.assign(static_cast<size_t>(n), T(0));
      for (int kept : config.kept_percent) {
        const T threshold = bench_detail::select_threshold<T>(kept);
        for (long long i = 0; i < n; ++i) flags[i] = sin[i] > threshold;
        std::string upload_error;
        if (gpu_note.empty()) {
          try {
            gpu->upload_select(sin.data(), flags.data());
          } catch (const std::exception& e) {
            upload_error = std::string("error: ") + e.what();
            r.messages.push_back(upload_error);
          }
        }
        for (const auto& id : select_ids) {
          const BenchKernel& s = *find_spec(id);
          BenchPoint p;
          if (!start_point(s, n, id + " kept " + std::to_string(kept) + "% n=" + std::to_string(n), p)) return;
          p.kept_percent = kept;
          if (!gpu_note.empty() || !upload_error.empty()) {
            p.note = gpu_note.empty() ? upload_error : gpu_note;
            emit(p);
            continue;
          }
          try {
            long long selected = -1;
            p.ms = gpu->time_select(s.gpu_kernel, static_cast<double>(threshold), config.warmup, config.repeats, out.data(), &selected);
            if (selected >= 0 && selected <= n) p.selected = selected;  // a count out of range stays out of the file (the note says it)
            std::string why;
            p.verified = bench_detail::check_select(sin, flags, threshold, s.select, out, selected, &why);
            if (!p.verified) p.note = "WRONG RESULT: " + why;
            p.gbps = p.ms > 0 && p.selected >= 0 ? bench_detail::select_bytes(s.select, n, p.selected) / (p.ms * 1e6) : 0;
          } catch (const std::exception& e) {
            p.note = std::string("error: ") + e.what();
            r.messages.push_back(p.note);
          }
          emit(p);
        }
      }
    }
    if (!sort_ids.empty() && gpu) {
      // The sorts: their own input (32 random bits per key, the values 0 .. n - 1), the reference
      // (std::stable_sort) made once per n, at the first result to check.
      std::vector<T> keys(static_cast<size_t>(n));
      for (long long i = 0; i < n; ++i) keys[i] = bench_detail::sort_key<T>(mix(static_cast<uint64_t>(i) ^ 0x50f7ULL));
      std::vector<uint32_t> values(static_cast<size_t>(n)), order;
      std::iota(values.begin(), values.end(), 0u);
      std::string upload_error;
      if (gpu_note.empty()) {
        try {
          gpu->upload_sort(keys.data(), values.data());
        } catch (const std::exception& e) {
          upload_error = std::string("error: ") + e.what();
          r.messages.push_back(upload_error);
        }
      }
      std::vector<T> out_keys;
      std::vector<uint32_t> out_values;
      for (const auto& id : sort_ids) {
        const BenchKernel& s = *find_spec(id);
        BenchPoint p;
        if (!start_point(s, n, id + " n=" + std::to_string(n), p)) return;
        if (!gpu_note.empty() || !upload_error.empty()) {
          p.note = gpu_note.empty() ? upload_error : gpu_note;
          emit(p);
          continue;
        }
        try {
          const bool pairs = s.sort == BenchSort::Pairs;
          out_keys.assign(static_cast<size_t>(n), T(0));
          out_values.assign(pairs ? static_cast<size_t>(n) : 0, 0u);
          p.ms = gpu->time_sort(s.gpu_kernel, config.warmup, config.repeats, out_keys.data(), pairs ? out_values.data() : nullptr);
          if (order.empty()) order = bench_detail::sort_reference(keys);
          std::string why;
          p.verified = bench_detail::check_sort(keys, values, order, out_keys, pairs ? &out_values : nullptr, &why);
          if (!p.verified) p.note = "WRONG RESULT: " + why;
          p.gbps = p.ms > 0 ? bench_detail::sort_bytes(s.sort, n) / (p.ms * 1e6) : 0;
        } catch (const std::exception& e) {
          p.note = std::string("error: ") + e.what();
          r.messages.push_back(p.note);
        }
        emit(p);
      }
    }
  }
  if (gpu) gpu->release();
  if (progress) progress(total, total, "done");
}

}  // namespace

namespace bench_detail {

template <>
int value_from<int>(uint32_t h) {
  return static_cast<int>(h) - 8;
}
template <>
float value_from<float>(uint32_t h) {
  return (static_cast<float>(h) - 7.5f) / 8.0f;
}

// Float results may differ from the double-precision reference by rounding: any summation order
// of n values errs by at most about (steps x eps) x sum|x|; 1e-6 sum|x| is far above what a
// correct kernel shows here, and far below a lost or doubled element at the sizes tests use.
template <class T>
bool check_reduce(const std::vector<T>& in, T got, std::string* why) {
  double ref = 0, abs_sum = 0;
  int64_t iref = 0;
  for (T v : in) {
    ref += v;
    abs_sum += std::fabs(static_cast<double>(v));
    iref += static_cast<int64_t>(v);
  }
  bool ok;
  if (std::is_same<T, int>::value) ok = static_cast<int64_t>(got) == iref;
  else ok = std::fabs(static_cast<double>(got) - ref) <= 1e-6 * abs_sum + 1e-3;
  if (!ok && why) *why = "sum " + std::to_string(got) + ", expected " + (std::is_same<T, int>::value ? std::to_string(iref) : std::to_string(ref));
  return ok;
}

template <class T>
bool check_scan(const std::vector<T>& in, const std::vector<T>& out, bool inclusive, std::string* why) {
  if (out.size() != in.size()) {
    if (why) *why = "output has " + std::to_string(out.size()) + " elements, expected " + std::to_string(in.size());
    return false;
  }
  double ref = 0, abs_sum = 0;
  int64_t iref = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    if (inclusive) {
      ref += in[i];
      iref += static_cast<int64_t>(in[i]);
      abs_sum += std::fabs(static_cast<double>(in[i]));
    }
    bool ok;
    if (std::is_same<T, int>::value) ok = static_cast<int64_t>(out[i]) == iref;
    else ok = std::fabs(static_cast<double>(out[i]) - ref) <= 1e-6 * abs_sum + 1e-3;  // NaN fails
    if (!ok) {
      if (why) *why = std::string(inclusive ? "inclusive" : "exclusive") + " scan: element " + std::to_string(i) + " is " + std::to_string(out[i]) + ", expected " +
                      (std::is_same<T, int>::value ? std::to_string(iref) : std::to_string(ref));
      return false;
    }
    if (!inclusive) {
      ref += in[i];
      iref += static_cast<int64_t>(in[i]);
      abs_sum += std::fabs(static_cast<double>(in[i]));
    }
  }
  return true;
}

template <class T>
bool check_copy(const std::vector<T>& in, const std::vector<T>& out, std::string* why) {
  for (size_t i = 0; i < in.size(); ++i)
    if (!(out[i] == in[i])) {
      if (why) *why = "copy differs at element " + std::to_string(i);
      return false;
    }
  return true;
}

template bool check_reduce<int>(const std::vector<int>&, int, std::string*);
template bool check_reduce<float>(const std::vector<float>&, float, std::string*);
template bool check_scan<int>(const std::vector<int>&, const std::vector<int>&, bool, std::string*);
template bool check_scan<float>(const std::vector<float>&, const std::vector<float>&, bool, std::string*);
template bool check_copy<int>(const std::vector<int>&, const std::vector<int>&, std::string*);
template bool check_copy<float>(const std::vector<float>&, const std::vector<float>&, std::string*);

template <>
int select_value<int>(uint32_t h) {
  return static_cast<int>(h);
}
template <>
float select_value<float>(uint32_t h) {
  return (static_cast<float>(h) + 0.5f) / 1000.0f;
}
template <>
int select_threshold<int>(int kept_percent) {
  return 999 - 10 * kept_percent;
}
template <>
float select_threshold<float>(int kept_percent) {
  return static_cast<float>(1000 - 10 * kept_percent) / 1000.0f;
}

template <class T>
bool check_select(const std::vector<T>& in, const std::vector<uint8_t>& flags, T threshold, BenchSelect mode, const std::vector<T>& out, long long selected,
                  std::string* why) {
  auto fail = [&](const std::string& what) {
    if (why) *why = what;
    return false;
  };
  const size_t n = in.size();
  if (mode == BenchSelect::None) return fail("not a compaction");
  if (mode == BenchSelect::Flagged && flags.size() != n) return fail("no flags");
  auto keep = [&](size_t i) { return mode == BenchSelect::Flagged ? flags[i] != 0 : in[i] > threshold; };
  size_t kept = 0;
  for (size_t i = 0; i < n; ++i) kept += keep(i);
  if (selected != static_cast<long long>(kept)) return fail("count " + std::to_string(selected) + ", expected " + std::to_string(kept));
  const size_t written = mode == BenchSelect::Partition ? n : kept;
  if (out.size() < written) return fail("output has " + std::to_string(out.size()) + " elements, expected at least " + std::to_string(written));
  // One pass in input order: the j-th kept element at out[j] (std::copy_if's order), and for a
  // partition the r-th rejected one at out[n - 1 - r] (std::stable_partition's back half, reversed).
  auto same = [](T a, T b) { return bits_of(a) == bits_of(b); };
  size_t j = 0, r = 0;
  for (size_t i = 0; i < n; ++i) {
    if (keep(i)) {
      if (!same(out[j], in[i])) return fail("kept element " + std::to_string(j) + " is " + std::to_string(out[j]) + ", expected " + std::to_string(in[i]));
      ++j;
    } else if (mode == BenchSelect::Partition) {
      if (!same(out[n - 1 - r], in[i]))
        return fail("rejected element " + std::to_string(r) + " (at " + std::to_string(n - 1 - r) + ", from the back) is " + std::to_string(out[n - 1 - r]) +
                    ", expected " + std::to_string(in[i]));
      ++r;
    }
  }
  return true;
}

double select_bytes(BenchSelect mode, long long n, long long selected) {
  const double nn = static_cast<double>(n), k = static_cast<double>(selected);
  switch (mode) {
    case BenchSelect::If: return 4 * nn + 4 * k;
    case BenchSelect::Flagged: return 5 * nn + 4 * k;
    case BenchSelect::Partition: return 8 * nn;
    case BenchSelect::None: break;
  }
  return 0;
}

template <>
int sort_key<int>(uint32_t h) {
  return static_cast<int>(h);
}
template <>
float sort_key<float>(uint32_t h) {
  if (((h >> 23) & 0xffu) == 0xffu) h &= ~(0x80u << 23);  // no NaN, no infinity
  return device::from_bits<float>(h);
}

template <class T>
std::vector<uint32_t> sort_reference(const std::vector<T>& keys) {
  struct Keyed {
    T key;
    uint32_t index;
  };
  std::vector<Keyed> v(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i] != keys[i]) throw std::invalid_argument("sort_reference: key " + std::to_string(i) + " is NaN (std::stable_sort has no order for it)");
    v[i] = {keys[i], static_cast<uint32_t>(i)};
  }
  std::stable_sort(v.begin(), v.end(), [](const Keyed& a, const Keyed& b) { return a.key < b.key; });
  std::vector<uint32_t> order(keys.size());
  for (size_t j = 0; j < v.size(); ++j) order[j] = v[j].index;
  return order;
}

template <class T>
bool check_sort(const std::vector<T>& keys, const std::vector<uint32_t>& values, const std::vector<uint32_t>& order, const std::vector<T>& out_keys,
                const std::vector<uint32_t>* out_values, std::string* why) {
  auto fail = [&](const std::string& what) {
    if (why) *why = what;
    return false;
  };
  const size_t n = keys.size();
  if (order.size() != n) return fail("the reference has " + std::to_string(order.size()) + " elements, expected " + std::to_string(n));
  if (out_keys.size() != n) return fail("output has " + std::to_string(out_keys.size()) + " keys, expected " + std::to_string(n));
  if (out_values && (out_values->size() != n || values.size() != n)) return fail("expected " + std::to_string(n) + " values in and out");
  for (size_t j = 0; j < n; ++j) {
    const T want = keys[order[j]];
    if (bits_of(out_keys[j]) != bits_of(want))
      return fail("key " + std::to_string(j) + " is " + std::to_string(out_keys[j]) + ", expected " + std::to_string(want) + " (input element " +
                  std::to_string(order[j]) + ")");
    if (out_values && (*out_values)[j] != values[order[j]])
      return fail("value " + std::to_string(j) + " is " + std::to_string((*out_values)[j]) + ", expected " + std::to_string(values[order[j]]) +
                  " (the stable order's input element " + std::to_string(order[j]) + ")");
  }
  return true;
}

double sort_bytes(BenchSort mode, long long n) {
  const double nn = static_cast<double>(n);
  switch (mode) {
    case BenchSort::Keys: return 4 * nn + 4 * 8 * nn;
    case BenchSort::Pairs: return 4 * nn + 4 * 16 * nn;
    case BenchSort::None: break;
  }
  return 0;
}

template std::vector<uint32_t> sort_reference<int>(const std::vector<int>&);
template std::vector<uint32_t> sort_reference<float>(const std::vector<float>&);
template bool check_sort<int>(const std::vector<int>&, const std::vector<uint32_t>&, const std::vector<uint32_t>&, const std::vector<int>&, const std::vector<uint32_t>*,
                              std::string*);
template bool check_sort<float>(const std::vector<float>&, const std::vector<uint32_t>&, const std::vector<uint32_t>&, const std::vector<float>&,
                                const std::vector<uint32_t>*, std::string*);

template bool check_select<int>(const std::vector<int>&, const std::vector<uint8_t>&, int, BenchSelect, const std::vector<int>&, long long, std::string*);
template bool check_select<float>(const std::vector<float>&, const std::vector<uint8_t>&, float, BenchSelect, const std::vector<float>&, long long, std::string*);

void compute_ratios(BenchResults& r) {
  // (kernel, n, kept percent): a compaction has one point per kept fraction, everything else -1.
  std::map<std::tuple<std::string, long long, int>, const BenchPoint*> at;
  for (const auto& p : r.points)
    if (p.ms > 0 && p.note.empty()) at[{p.kernel, p.n, p.kept_percent}] = &p;
  auto ms_of = [&](const std::string& k, long long n, int kept) -> double {
    auto it = at.find({k, n, kept});
    return it == at.end() ? 0 : it->second->ms;
  };
  for (auto& p : r.points) {
    p.ratio_to_cub = p.ratio_to_copy = 0;
    if (p.ms <= 0 || !p.note.empty()) continue;
    const BenchKernel* s = find_spec(p.kernel);
    std::string cub;
    if (s && s->select != BenchSelect::None) cub = select_cub_counterpart(s->select);
    else if (s && s->sort != BenchSort::None) cub = sort_cub_counterpart(s->sort);
    else if (s && s->scan && p.kernel != "copy") cub = s->inclusive && ms_of("cub-scan-inclusive", p.n, -1) > 0 ? "cub-scan-inclusive" : "cub-scan";
    else if (s && p.kernel != "copy") cub = "cub-reduce";
    double cub_ms = cub.empty() ? 0 : ms_of(cub, p.n, p.kept_percent);
    if (cub_ms > 0) p.ratio_to_cub = cub_ms / p.ms;
    auto copy = at.find({"copy", p.n, -1});
    if (copy != at.end() && copy->second->gbps > 0) p.ratio_to_copy = p.gbps / copy->second->gbps;
  }
}

std::vector<std::string> preset_kernels(const std::string& preset) {
  if (preset == "harris-table2") return {"cpu-sequential-scan", "scan-propagate", "scan-best", "cub-scan", "copy"};
  if (preset == "oancea") return {"reduce-tree", "reduce-block", "reduce-chunked", "reduce-atomic", "reduce-best", "cub-reduce", "copy"};
  return {};
}

std::vector<long long> preset_sizes(const std::string& preset) {
  if (preset == "harris-table2") {  // Table 2 of the scan paper (its 8388688 is a typo for 2^23)
    std::vector<long long> v = {1024};
    for (long long n = 32768; n <= 16777216; n *= 2) v.push_back(n);
    return v;
  }
  if (preset == "oancea") return {1000, 1000000};
  return {};
}

}  // namespace bench_detail

const std::vector<BenchKernel>& bench_kernels() {
  static const std::vector<BenchKernel> list = [] {
    std::vector<BenchKernel> v;
    std::vector<BenchKernel> tuning;  // listed last
    for (const auto& s : device::strategies()) {
      const BenchFamily family = s.scan() ? BenchFamily::Scan : BenchFamily::Reduce;
      (s.tuning() ? tuning : v).push_back({s.id, family, s.title, s.scan(), false, true, !s.tuning(), !s.takes_float, (s.flags & device::kBest) != 0, s.id});
      if (s.flags & device::kBenchInclusive)
        v.push_back({std::string(s.id) + "-inclusive", family, std::string(s.title) + "; inclusive", true, true, true, true, !s.takes_float, false, s.id});
    }
    // Stream compactions (kernels/device/compact_device.h).
    for (const auto& c : device::compactions()) {
      const BenchSelect sel = c.mode == device::SelectMode::If ? BenchSelect::If : c.mode == device::SelectMode::Flagged ? BenchSelect::Flagged : BenchSelect::Partition;
      BenchKernel k{c.id, BenchFamily::Select, c.title, false, false, true, !c.tuning(), false, c.best(), c.id};
      k.select = sel;
      (c.tuning() ? tuning : v).push_back(k);
    }
    // Radix sorts (kernels/device/sort_device.h). Not in --kernel all, nor are CUB's: the CPU's
    // std::stable_sort that checks them takes tens of seconds at 2^28 (`--kernel sort-onesweep,...`).
    for (const auto& so : device::sorts()) {
      BenchKernel k{so.id, BenchFamily::Sort, so.title, false, false, true, false, false, so.best(), so.id};
      k.sort = so.pairs ? BenchSort::Pairs : BenchSort::Keys;
      (so.tuning() ? tuning : v).push_back(k);
    }
    // Baselines: NVIDIA's CUB, the device copy, the read probe (kernels/device/baselines.cu) and the CPU.
    v.push_back({"cub-reduce", BenchFamily::Reduce, "cub::DeviceReduce::Sum", false, false, true, true, false, false, "cub-reduce"});
    v.push_back({"cub-scan", BenchFamily::Scan, "cub::DeviceScan::ExclusiveSum", true, false, true, true, false, false, "cub-scan"});
    v.push_back({"cub-scan-inclusive", BenchFamily::Scan, "cub::DeviceScan::InclusiveSum", true, true, true, true, false, false, "cub-scan-inclusive"});
    v.push_back({"cub-select", BenchFamily::Select, "cub::DeviceSelect::If (x > threshold)", false, false, true, true, false, false, "cub-select", BenchSelect::If});
    v.push_back({"cub-select-flagged", BenchFamily::Select, "cub::DeviceSelect::Flagged (a byte flag per element)", false, false, true, true, false, false, "cub-select-flagged",
                 BenchSelect::Flagged});
    v.push_back({"cub-partition", BenchFamily::Select, "cub::DevicePartition::If (x > threshold; the rest reversed at the back)", false, false, true, true, false, false,
                 "cub-partition", BenchSelect::Partition});
    v.push_back({"cub-sort-keys", BenchFamily::Sort, "cub::DeviceRadixSort::SortKeys (all 32 bits)", false, false, true, false, false, false, "cub-sort-keys",
                 BenchSelect::None, BenchSort::Keys});
    v.push_back({"cub-sort-pairs", BenchFamily::Sort, "cub::DeviceRadixSort::SortPairs (all 32 bits, 32-bit values)", false, false, true, false, false, false,
                 "cub-sort-pairs", BenchSelect::None, BenchSort::Pairs});
    v.push_back({"copy", BenchFamily::Copy, "cudaMemcpyAsync device to device", true, false, true, true, false, false, "copy"});
    v.push_back({"read-probe", BenchFamily::Copy, "read-bandwidth probe: 16-byte loads, all in flight, one atomic per block", false, false, true, true, false, false, "read-probe"});
    v.push_back({"cpu-sequential-reduce", BenchFamily::Cpu, "a sequential loop", false, false, false, true, false, false, ""});
    v.push_back({"cpu-std-reduce", BenchFamily::Cpu, "std::reduce", false, false, false, true, false, false, ""});
    v.push_back({"cpu-sequential-scan", BenchFamily::Cpu, "the scan paper's sequential exclusive scan", true, false, false, true, false, false, ""});
    v.push_back({"cpu-std-inclusive-scan", BenchFamily::Cpu, "std::inclusive_scan", true, true, false, true, false, false, ""});
    v.insert(v.end(), tuning.begin(), tuning.end());
    return v;
  }();
  return list;
}

std::vector<std::string> bench_kernel_ids() {
  std::vector<std::string> ids;
  for (const auto& s : bench_kernels())
    if (s.in_all) ids.push_back(s.id);
  return ids;
}

const std::vector<BenchAlias>& bench_kernel_aliases() {
  static const std::vector<BenchAlias> list = [] {
    std::vector<BenchAlias> v;
    for (const auto& s : device::sorts())
      if (s.best()) v.push_back({s.pairs ? "sort-best-pairs" : "sort-best", s.id});
    v.push_back({"cub-sort", "cub-sort-keys"});
    return v;
  }();
  return list;
}

std::string resolve_bench_kernel(const std::string& name) {
  for (const auto& a : bench_kernel_aliases())
    if (name == a.name) return a.id;
  return name;
}

BenchResults run_bench(const BenchConfig& config_in, const BenchProgress& progress, const std::atomic<bool>* cancel, const BenchPointSink& on_point) {
  BenchConfig config = config_in;
  if (!config.preset.empty()) {
    auto k = bench_detail::preset_kernels(config.preset);
    if (k.empty()) throw UsageError("--preset must be harris-table2 or oancea, not '" + config.preset + "'");
    if (config.kernels.empty()) config.kernels = k;
    if (config.sizes.empty()) config.sizes = bench_detail::preset_sizes(config.preset);
  }
  if (config.kept_percent.empty()) throw UsageError("--kept needs at least one percentage");
  for (int k : config.kept_percent)
    if (k < 0 || k > 100) throw UsageError("--kept takes percentages 0 to 100, not " + std::to_string(k));
  if (config.repeats < 1 || config.repeats > 1000) throw UsageError("--repeats must be 1 to 1000, not " + std::to_string(config.repeats));
  std::vector<std::string> ids;
  if (config.kernels.empty()) ids = bench_kernel_ids();
  for (const auto& name : config.kernels) {  // aliases to their ids; a kernel named twice runs once
    const std::string id = resolve_bench_kernel(name);
    if (!find_spec(id)) throw UsageError("unknown bench kernel '" + name + "' (see scanscope bench --help for the ids)");
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  std::vector<long long> sizes = config.sizes;
  if (sizes.empty()) {
    if (config.min_n < 1 || config.max_n < config.min_n || config.max_n > (1LL << 30))
      throw UsageError("sizes must satisfy 1 <= --min <= --max <= 2^30 (1073741824), not " + std::to_string(config.min_n) + ".." + std::to_string(config.max_n));
    for (long long n = config.min_n; n <= config.max_n; n *= 2) sizes.push_back(n);
  }
  for (long long n : sizes)
    if (n < 1 || n > (1LL << 30)) throw UsageError("sizes must be 1 to 2^30, not " + std::to_string(n));

  BenchResults r;
  r.type = config.type;
  r.date = iso_date_utc();
  bool want_gpu = false;
  for (const auto& id : ids) want_gpu = want_gpu || find_spec(id)->gpu;
  std::unique_ptr<device::GpuBenchSession> gpu;
  if (want_gpu) {
    std::string why;
    gpu = device::open_gpu_bench(&why);
    if (!gpu) r.messages.push_back("GPU kernels not run: " + why + "; only the CPU baselines were timed");
  }
  if (gpu) {
    r.device = gpu->device();
    r.driver = gpu->driver();
    r.cub = gpu->cub_version();
  } else {
    r.device = cpu_name();
    r.driver = "none";
  }
  if (config.type == ValueType::Int) run_typed<int>(config, ids, sizes, gpu.get(), progress, cancel, on_point, r);
  else run_typed<float>(config, ids, sizes, gpu.get(), progress, cancel, on_point, r);
  bench_detail::compute_ratios(r);
  return r;
}

}  // namespace scanscope
