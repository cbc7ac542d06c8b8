// The bench without a GPU (and its CPU half anywhere): CPU baselines verified, presets, option
// checks, cancel, and the command line's table, JSON and errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <limits>
#include <cstdio>
#include <memory>

#include "bench/bench.h"
#include "bench/bench_detail.h"
#include "engine/catalogue.h"
#include "engine/runner.h"

using namespace scanscope;

namespace {

BenchConfig cpu_only(long long max_n) {
  BenchConfig c;
  c.kernels = {"cpu-sequential-reduce", "cpu-std-reduce", "cpu-sequential-scan", "cpu-std-inclusive-scan"};
  c.min_n = 1000;
  c.max_n = max_n;
  c.repeats = 2;
  return c;
}

struct CliRun {
  int code;
  std::string out;
};

CliRun run_cli(const std::string& args) {
  std::string cmd = std::string(SCANSCOPE_BINARY) + " " + args + " 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  std::string out;
  std::array<char, 4096> buf;
  size_t k;
  while ((k = fread(buf.data(), 1, buf.size(), p.get())) > 0) out.append(buf.data(), k);
  int status = pclose(p.release());
  return {WEXITSTATUS(status), out};
}

}  // namespace

TEST(BenchCpu, BaselinesAreVerifiedForBothTypes) {
  for (ValueType type : {ValueType::Int, ValueType::Float}) {
    BenchConfig c = cpu_only(1 << 14);
    c.type = type;
    BenchResults r = run_bench(c, nullptr, nullptr);
    ASSERT_EQ(r.points.size(), 4u * 5u) << type_name(type);  // 1000, 2000, 4000, 8000, 16000
    for (const auto& p : r.points) {
      EXPECT_TRUE(p.verified) << p.kernel << " " << p.n << ": " << p.note;
      EXPECT_EQ(p.family, BenchFamily::Cpu);
      EXPECT_GT(p.ms, 0);
      EXPECT_GT(p.gbps, 0);
    }
    EXPECT_EQ(r.type, type);
    EXPECT_FALSE(r.date.empty());
  }
}

TEST(BenchCpu, ChecksCatchWrongResults) {
  std::vector<int> in = {3, 1, 7, 0, 4, 1, 6, 3};
  std::string why;
  EXPECT_TRUE(bench_detail::check_reduce(in, 25, &why));
  EXPECT_FALSE(bench_detail::check_reduce(in, 24, &why));
  EXPECT_TRUE(bench_detail::check_scan(in, {0, 3, 4, 11, 11, 15, 16, 22}, false, &why));
  EXPECT_FALSE(bench_detail::check_scan(in, {0, 3, 4, 11, 11, 15, 16, 23}, false, &why));
  EXPECT_NE(why.find("element 7"), std::string::npos);
  EXPECT_TRUE(bench_detail::check_scan(in, {3, 4, 11, 11, 15, 16, 22, 25}, true, &why));
  std::vector<float> f = {0.5f, -0.25f};
  EXPECT_FALSE(bench_detail::check_scan(f, {0.5f, std::numeric_limits<float>::quiet_NaN()}, true, &why));  // NaN never passes
}

TEST(BenchCpu, WithoutGpuSaysWhy) {
  if (gpu_status().usable) GTEST_SKIP() << "a GPU is present: this test is for machines without one";
  BenchConfig c = cpu_only(2000);
  c.kernels.push_back("reduce-best");
  BenchResults r = run_bench(c, nullptr, nullptr);
  ASSERT_FALSE(r.messages.empty());
  EXPECT_NE(r.messages[0].find("GPU kernels not run"), std::string::npos);
  for (const auto& p : r.points) EXPECT_EQ(p.family, BenchFamily::Cpu);
}

TEST(BenchCpu, PresetsAndProgressAndCancel) {
  EXPECT_EQ(bench_detail::preset_sizes("oancea"), (std::vector<long long>{1000, 1000000}));
  auto h = bench_detail::preset_sizes("harris-table2");
  ASSERT_EQ(h.size(), 11u);
  EXPECT_EQ(h.front(), 1024);
  EXPECT_EQ(h.back(), 16777216);
  std::atomic<bool> cancel{false};
  int calls = 0;
  BenchConfig c = cpu_only(1 << 13);
  BenchResults r = run_bench(c, [&](int done, int, const std::string&) {
    ++calls;
    if (done == 2) cancel = true;
  }, &cancel);
  EXPECT_EQ(r.points.size(), 2u);
  EXPECT_GE(calls, 3);
  EXPECT_EQ(r.messages.back(), "cancelled");
}

TEST(BenchCpu, BadConfigThrowsUsageError) {
  BenchConfig c = cpu_only(1 << 12);
  c.kernels = {"reduce-magic"};
  EXPECT_THROW(run_bench(c, nullptr, nullptr), UsageError);
  c = cpu_only(1 << 12);
  c.max_n = 1LL << 31;
  EXPECT_THROW(run_bench(c, nullptr, nullptr), UsageError);
  c = cpu_only(1 << 12);
  c.preset = "knuth";
  EXPECT_THROW(run_bench(c, nullptr, nullptr), UsageError);
}

// The issue's line `--kernel compact-best,cub-select,sort-best,cub-sort`: sort-best, sort-best-pairs
// and cub-sort stand for the rows sort-onesweep, sort-onesweep-pairs and cub-sort-keys (the results
// carry those ids); a kernel named twice runs once.
TEST(BenchCpu, AliasesResolveToTheirRows) {
  EXPECT_EQ(resolve_bench_kernel("sort-best"), "sort-onesweep");
  EXPECT_EQ(resolve_bench_kernel("sort-best-pairs"), "sort-onesweep-pairs");
  EXPECT_EQ(resolve_bench_kernel("cub-sort"), "cub-sort-keys");
  EXPECT_EQ(resolve_bench_kernel("compact-best"), "compact-best");
  EXPECT_EQ(resolve_bench_kernel("sort-fastest"), "sort-fastest");
  for (const auto& a : bench_kernel_aliases()) {
    bool is_id = false, target_known = false;
    for (const auto& k : bench_kernels()) {
      is_id = is_id || k.id == a.name;
      target_known = target_known || k.id == a.id;
    }
    EXPECT_FALSE(is_id) << a.name << " would hide a kernel of that id";
    EXPECT_TRUE(target_known) << a.name << " -> " << a.id;
  }
  BenchConfig c = cpu_only(1024);
  c.kernels = {"cpu-std-reduce", "compact-best", "cub-select", "sort-best", "cub-sort", "sort-onesweep", "cpu-std-reduce"};
  c.kept_percent = {50};
  BenchResults r = run_bench(c, nullptr, nullptr);
  std::vector<std::string> ran;
  for (const auto& p : r.points) ran.push_back(p.kernel);
  if (gpu_status().usable) {  // one point each, in the bench's order
    std::sort(ran.begin(), ran.end());
    EXPECT_EQ(ran, (std::vector<std::string>{"compact-best", "cpu-std-reduce", "cub-select", "cub-sort-keys", "sort-onesweep"}));
  } else {
    EXPECT_EQ(ran, (std::vector<std::string>{"cpu-std-reduce"}));  // one point: named twice, run once
  }
  c.kernels = {"sort-bestest"};
  try {
    run_bench(c, nullptr, nullptr);
    ADD_FAILURE() << "no UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("'sort-bestest'"), std::string::npos) << e.what();
  }
}

TEST(BenchCli, TheIssuesSortLine) {
  CliRun r = run_cli("bench --kernel compact-best,cub-select,sort-best,cub-sort --min 1024 --max 1024 --kept 50 --repeats 1 --warmup 0 --quiet");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.find("unknown bench kernel"), std::string::npos) << r.out;
  if (gpu_status().usable) {
    EXPECT_NE(r.out.find("sort-onesweep"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("cub-sort-keys"), std::string::npos) << r.out;
  }
  CliRun help = run_cli("bench --help");
  std::string words;  // the help as one line (it wraps)
  for (char ch : help.out) {
    const bool space = ch == ' ' || ch == '\n';
    if (!space || (!words.empty() && words.back() != ' ')) words += space ? ' ' : ch;
  }
  EXPECT_NE(words.find("other names: sort-best (sort-onesweep), sort-best-pairs (sort-onesweep-pairs), cub-sort (cub-sort-keys)"), std::string::npos) << help.out;
}

TEST(BenchCli, BadOptionsGiveOneLineAndExit2) {
  for (const char* args : {"bench --type double", "bench --kernel reduce-magic", "bench --repeats 0", "bench --min 64 --max 32",
                           "bench --preset knuth", "bench --max 4294967296"}) {
    CliRun r = run_cli(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("scanscope: error:"), std::string::npos) << args;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << "\n" << r.out;
  }
}

TEST(BenchCli, TableAndJson) {
  std::string path = ::testing::TempDir() + "bench_cli.json";
  CliRun r = run_cli("bench --kernel cpu-std-reduce,cpu-sequential-scan --min 1024 --max 4096 --repeats 2 --quiet --json " + path);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("cpu-std-reduce"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" ok"), std::string::npos) << r.out;
  BenchResults b = load_bench_file(path);
  EXPECT_EQ(b.points.size(), 6u);
  std::remove(path.c_str());
}
