// The language corpus (tests/corpus/*.cu): kernels of our own, written in the styles of the public
// teaching material (NVIDIA's samples and blog, textbooks, course code), one or more per construct
// of the CUDA C++ the interpreter speaks. Each file is an ordinary kernel file (docs/kernel-files.md)
// and runs here on the interpreter against its `check:` line's CPU reference, at every size of a
// spread that its launch and require: lines accept; on a GPU the same text also runs there and
// must agree (output and shared memory at every barrier). Its traces also load back from JSON.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "engine/catalogue.h"
#include "engine/check.h"
#include "engine/gpu/instrument.h"
#include "engine/gpu/nvrtc.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "engine/runner.h"
#include "engine/validation_plan.h"
#include "formats/trace_json.h"

using namespace scanscope;

namespace {

std::string corpus_dir() { return std::string(SCANSCOPE_SOURCE_DIR) + "/tests/corpus"; }

std::vector<std::string> corpus_files() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(corpus_dir()))
    if (e.is_regular_file() && e.path().extension() == ".cu") out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

// The sizes of the spread that the file accepts: one, a few, a warp and one past it, a block's
// worth and one past, and several blocks with a ragged end (1000 and 2048 were dropped for CI's time:
// they are no edge that 1024 and 4099 lack).
std::vector<int> sizes_for(const std::string& path, ValueType type) {
  return accepted_sizes(path, type, {1, 7, 32, 33, 100, 256, 257, 1024, 4099});
}

class Corpus : public ::testing::TestWithParam<std::string> {};

TEST_P(Corpus, RunsOnTheInterpreterAndMatchesTheCpuReference) {
  const std::string path = corpus_dir() + "/" + GetParam();
  const KernelFile file = load_kernel_file(path);
  ASSERT_FALSE(file.header.check.empty()) << path << " has no check: line, so nothing would be compared";
  const KernelOptions o = kernel_options(file);
  for (ValueType type : o.types) {
    const std::vector<int> sizes = sizes_for(path, type);
    ASSERT_FALSE(sizes.empty()) << path << " (" << type_name(type) << ") accepts none of the sizes tried";
    for (int n : sizes) {
      const TraceRequest r = source_request(path, type, n);
      Trace t;
      try {
        t = run_emulator(r);
      } catch (const std::exception& e) {
        FAIL() << GetParam() << " n=" << n << " " << type_name(type) << ": " << e.what();
      }
      std::string why;
      EXPECT_TRUE(check_output(t, &why)) << GetParam() << " n=" << n << " " << type_name(type) << ": " << why;
      EXPECT_FALSE(has_race(t)) << GetParam() << " n=" << n << " " << type_name(type) << ": a race in shared or global memory";
      if (n == sizes.front() || n == sizes.back()) {  // the trace it makes loads back, as the window opens it
        try {
          const Trace back = trace_from_json(trace_to_json(t), GetParam());
          EXPECT_EQ(back.output.size(), t.output.size()) << GetParam() << " n=" << n;
        } catch (const std::exception& e) {
          ADD_FAILURE() << GetParam() << " n=" << n << " " << type_name(type) << ": its trace JSON does not load back: " << e.what();
        }
      }
    }
  }
}

TEST_P(Corpus, AgreesWithTheGpu) {
  const GpuStatus g = gpu_status();
  if (!g.usable) GTEST_SKIP() << "no usable GPU: " << g.why;
  const std::string path = corpus_dir() + "/" + GetParam();
  const KernelFile file = load_kernel_file(path);
  for (ValueType type : kernel_options(file).types) {
    for (int n : sizes_for(path, type)) {
      const TraceRequest r = source_request(path, type, n);
      std::string where;
      try {
        const Trace t = run_trace(r, Device::Gpu, &where);
        std::string why;
        EXPECT_TRUE(check_output(t, &why)) << GetParam() << " n=" << n << ": " << why;
        EXPECT_EQ(t.gpu_check.rfind("the GPU run of the same text agrees", 0), 0u) << GetParam() << " n=" << n << ": " << t.gpu_check;
      } catch (const std::exception& e) {
        ADD_FAILURE() << GetParam() << " n=" << n << " " << type_name(type) << ": " << e.what();
      }
    }
  }
}

// Without a GPU, NVRTC (where the toolkit is) still compiles what the GPU run would: each launch's
// text as the user wrote it, and its traced build (shared memory snapshotted at every barrier).
TEST_P(Corpus, CompilesUnderNvrtc) {
  std::string why;
  if (!nvrtc::available(&why)) GTEST_SKIP() << "no NVRTC: " << why;
  const std::string path = corpus_dir() + "/" + GetParam();
  const KernelFile file = load_kernel_file(path);
  const ValueType type = kernel_options(file).types.front();
  const std::vector<int> sizes = sizes_for(path, type);
  ASSERT_FALSE(sizes.empty());
  const ResolvedKernel k = resolve_kernel(source_request(path, type, sizes.back()));
  for (size_t i = 0; i < k.launches.size(); ++i) {
    const GpuSources g = gpu_sources(k, 64, static_cast<int>(i));
    for (const std::string* text : {&g.timed, &g.traced}) {
      const nvrtc::Result c = nvrtc::compile(*text, GetParam(), "compute_90", false, text == &g.timed ? g.entry : "");
      EXPECT_TRUE(c.ok) << GetParam() << " launch " << i << (text == &g.timed ? " (as written)" : " (traced build)") << ": " << c.log;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Corpus, ::testing::ValuesIn(corpus_files()), [](const auto& info) {
  std::string s = info.param.substr(0, info.param.size() - 3);
  for (char& c : s)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
});

}  // namespace

// The compiler view counts the SASS's sub-word shared instructions (LDS.U16, LDS.S16, STS.U16):
// it once skipped them and predicted no loads for this kernel. Nsight Compute on an H100
// (2026-11-27): 17 and 68 load instructions, 12 and 48 stores, at n = 256 and 1000.
TEST(CorpusCounters, ShortLoadsAreCountedFromTheSass) {
  std::string why;
  if (!nvrtc::available(&why)) GTEST_SKIP() << "no NVRTC: " << why;
  const std::string path = corpus_dir() + "/reduce-short-partials-shared-tree.cu";
  const Trace a = run_emulator(source_request(path, ValueType::Int, 256));
  EXPECT_EQ(a.totals.ld.inst, 17);
  EXPECT_EQ(a.totals.st.inst, 12);
  const Trace b = run_emulator(source_request(path, ValueType::Int, 1000));
  EXPECT_EQ(b.totals.ld.inst, 68);
  EXPECT_EQ(b.totals.st.inst, 48);
}
