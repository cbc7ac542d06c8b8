// The generator's kernels (tools/gen/) on the interpreter: a fixed set of seeds, each kernel at a
// few sizes, must run without an error or a fault, without a race between two threads on a shared
// word (the hazard detector), and pass its own check: (copy or reduce, by construction). Where the
// CUDA toolkit is present, NVRTC must accept each kernel's text (the compiler view of every run
// compiles it to PTX) and, for a fixed subset, the texts the GPU runs (the timed kernel to sm_90
// machine code, each launch's traced kernel to PTX): the GPU side accepts them too. The work is
// bounded by counts (kShards x kPerShard kernels), never by time.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "engine/catalogue.h"
#include "engine/gpu/instrument.h"
#include "engine/gpu/nvrtc.h"
#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "engine/runner.h"
#include "engine/validation_plan.h"
#include "tools/gen/generator.h"
#include "tools/gen/reducer.h"

using namespace scanscope;

namespace {

constexpr uint64_t kSeed = 2026;
constexpr int kShards = 8;
constexpr int kPerShard = 20;  // 160 kernels (240 until CI's time needed the 30 s)
// The GPU's own texts (the timed kernel to sm_90 machine code, each launch's traced kernel to PTX)
// for every kCompileEvery-th kernel: NVRTC takes about half a second a file, and every kernel's
// text already goes through NVRTC (to PTX) for the compiler view of each run.
constexpr int kCompileEvery = 6;

std::string scratch_dir() {
  const std::string d = (std::filesystem::temp_directory_path() / ("scanscope-gen-test-" + std::to_string(::getpid()))).string();
  std::filesystem::create_directories(d);
  return d;
}

std::string write_kernel(const std::string& dir, uint64_t seed, int index, const gen::Options& o = {}) {
  const std::string path = dir + "/" + gen::kernel_file_name(seed, index);
  std::ofstream(path) << gen::generate_kernel(seed, index, o);
  return path;
}

int hazards(const Trace& t) {
  int h = 0;
  for (const Step& s : t.steps) h += static_cast<int>(s.hazards.size() + s.global_hazards.size());
  return h;
}

// The sizes each kernel runs at: the two of `validate --sources`, and one small one (a partial
// tile, often a single block), chosen by the kernel's index so that the set is fixed.
std::vector<int> sizes_for(int index) {
  const int small[] = {1, 7, 31, 33, 100, 129, 200, 333};
  return {small[index % 8], index % 2 ? 256 : 1000};
}

class Generated : public ::testing::TestWithParam<int> {};

TEST_P(Generated, RunCleanOnTheInterpreterAndPassTheirCheck) {
  const std::string dir = scratch_dir();
  std::string why_nvrtc;
  const bool nvrtc_here = nvrtc::available(&why_nvrtc);
  if (!nvrtc_here && GetParam() == 0) std::cout << "no CUDA toolkit (" << why_nvrtc << "): NVRTC compiles skipped\n";
  int runs = 0, compiled = 0;
  for (int i = GetParam() * kPerShard; i < (GetParam() + 1) * kPerShard; ++i) {
    const std::string path = write_kernel(dir, kSeed, i);
    const std::string name = gen::kernel_file_name(kSeed, i);
    const KernelFile file = load_kernel_file(path);
    ASSERT_FALSE(file.header.check.empty()) << name;
    for (ValueType type : kernel_options(file).types) {
      for (int n : sizes_for(i)) {
        const TraceRequest r = source_request(path, type, n);
        Trace t;
        try {
          t = run_emulator(r);
        } catch (const std::exception& e) {
          ADD_FAILURE() << name << " n=" << n << ": " << e.what() << "\n" << gen::generate_kernel(kSeed, i);
          continue;
        }
        ++runs;
        EXPECT_TRUE(t.fault.empty()) << name << " n=" << n << ": " << t.fault;
        EXPECT_EQ(hazards(t), 0) << name << " n=" << n << ": a race (shared memory, or global within a block)";
        std::string why;
        EXPECT_TRUE(check_output(t, &why)) << name << " n=" << n << ": " << why;
        if (nvrtc_here) {
          EXPECT_EQ(t.compiler.find("rejected"), std::string::npos) << name << ": " << t.compiler << " "
                                                                    << (t.compiler_notes.empty() ? "" : t.compiler_notes[0]);
        }
        if (nvrtc_here && i % kCompileEvery == 0 && n == sizes_for(i).back()) {  // the GPU's own texts, once per kernel file
          const ResolvedKernel k = resolve_kernel(r);
          for (size_t L = 0; L < k.launches.size(); ++L) {
            const GpuSources src = gpu_sources(k, 64, static_cast<int>(L));
            if (L == 0) {
              const nvrtc::Result timed = nvrtc::compile(src.timed, k.file.display, "sm_90", true, src.entry);
              EXPECT_TRUE(timed.ok) << name << " (timed): " << timed.log;
            }
            const nvrtc::Result traced = nvrtc::compile(src.traced, k.file.display, "compute_90", false);
            EXPECT_TRUE(traced.ok) << name << " (traced, launch " << L << "): " << traced.log;
            ++compiled;
          }
        }
      }
    }
  }
  std::filesystem::remove_all(dir);
  EXPECT_GT(runs, 0);
  if (nvrtc_here) {
    EXPECT_GT(compiled, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Batches, Generated, ::testing::Range(0, kShards));

TEST(Generator, IsDeterministicAndVaried) {
  EXPECT_EQ(gen::generate_kernel(7, 3), gen::generate_kernel(7, 3));
  EXPECT_NE(gen::generate_kernel(7, 3), gen::generate_kernel(7, 4));
  EXPECT_NE(gen::generate_kernel(7, 3), gen::generate_kernel(8, 3));
  // Over the test's kernels, every construct the generator promises appears somewhere.
  std::string all;
  for (int i = 0; i < kShards * kPerShard; ++i) all += gen::generate_kernel(kSeed, i);
  for (const char* construct :
       {"__shfl_sync", "__shfl_xor_sync", "__shfl_up_sync", "__shfl_down_sync", "__ballot_sync", "__syncwarp",
        "__syncthreads_count", "__any_sync", "__all_sync", "atomicAdd(&dst", "atomicAdd(&s", "atomicOr", "atomicXor",
        "atomicExch", "#pragma unroll", "#pragma unroll 1", "reinterpret_cast<const int2 *>(src)",
        "reinterpret_cast<int2 *>(dst)", "make_int2", "make_float2", "int2 q", "dim3(", "// array:", "// init:",
        "in + N / 4 * 2", "for (int rep = 0; rep < reps;", "j < e;", "blockIdx.x & 1", "(i) >> 5", "(i) * 3", "][",
        "check: copy", "check: reduce", "types: float", "const int B0", "if (g >= 0", "__restrict__",
        "__device__ int perm", "__device__ __forceinline__ int perm"})
    EXPECT_NE(all.find(construct), std::string::npos) << "no generated kernel has " << construct;
}

TEST(Generator, OneSizePinsEachKernelToOneSizeOfTheHarness) {
  gen::Options o;
  o.one_size = true;
  const std::string dir = scratch_dir();
  std::set<int> seen;
  for (int i = 0; i < 6; ++i) {
    const std::string path = write_kernel(dir, 11, i, o);
    const std::vector<int> sizes = accepted_sizes(path, ValueType::Int, {1, 7, 32, 100, 256, 1000});
    const std::vector<int> fsizes = accepted_sizes(path, ValueType::Float, {1, 7, 32, 100, 256, 1000});
    const std::vector<int>& s = sizes.empty() ? fsizes : sizes;
    ASSERT_EQ(s.size(), 1u) << gen::kernel_file_name(11, i);
    seen.insert(s[0]);
  }
  std::filesystem::remove_all(dir);
  EXPECT_EQ(seen, (std::set<int>{256, 1000}));
}

TEST(Generator, AnInjectedRaceIsOneTheHazardDetectorFinds) {
  gen::Options o;
  o.inject_race = true;
  const std::string dir = scratch_dir();
  int raced = 0, tried = 0;
  for (int i = 0; i < 40 && raced < 3; ++i) {
    const std::string text = gen::generate_kernel(kSeed, i, o);
    // (one launch: with several, what the race leaves in an array may fault the next launch)
    if (text.find("(no barrier here") == std::string::npos || text.find("// launch:") != text.rfind("// launch:")) continue;
    ++tried;
    const std::string path = write_kernel(dir, kSeed, i, o);
    const KernelFile file = load_kernel_file(path);
    try {  // the race is marked, the kernel does not fault: the words were zeroed first
      if (hazards(run_emulator(source_request(path, kernel_options(file).types.front(), 256))) > 0) ++raced;
    } catch (const std::exception& e) {
      ADD_FAILURE() << gen::kernel_file_name(kSeed, i) << " with its race: " << e.what();
    }
  }
  std::filesystem::remove_all(dir);
  EXPECT_GT(tried, 0);
  EXPECT_GT(raced, 0);
}

// The reducer on a property of the text alone: two lines must stay, in order.
TEST(Reducer, KeepsWhatThePropertyNeedsAndDropsTheRest) {
  std::string text;
  for (int i = 0; i < 200; ++i) text += i == 37 ? "needle one\n" : i == 150 ? "needle two\n" : "filler " + std::to_string(i) + "\n";
  text += "if (x) {\n  filler\n  needle three\n}\n";
  auto keeps = [](const std::string& t) {
    const size_t a = t.find("needle one"), b = t.find("needle two"), c = t.find("needle three");
    return a != std::string::npos && b != std::string::npos && c != std::string::npos && a < b && b < c;
  };
  gen::ReduceStats st;
  const std::string out = gen::reduce_lines(text, keeps, 10000, &st);
  EXPECT_EQ(out, "needle one\nneedle two\n  needle three\n");
  EXPECT_EQ(st.lines_after, 3);
  EXPECT_FALSE(st.budget_spent);
  EXPECT_LT(st.tests, 400);  // delta debugging, not line-by-line over and over
  EXPECT_THROW(gen::reduce_lines("nothing\n", keeps, 100, nullptr), std::runtime_error);
}

}  // namespace
