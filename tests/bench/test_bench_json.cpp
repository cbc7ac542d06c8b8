// Bench JSON: round trip, and malformed files rejected with the file and the problem named.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "bench/bench.h"
#include "formats/files.h"
#include "formats/trace_json.h"

using namespace scanscope;

namespace {

BenchResults sample() {
  BenchResults r;
  r.device = "NVIDIA H100 80GB HBM3";
  r.driver = "driver 13.0, runtime 13.0";
  r.cub = "CUB 3.0.1";
  r.date = "2026-11-22T00:00:00Z";
  r.type = ValueType::Float;
  r.messages = {"n=1073741824: skipped: needs 8200 MiB"};
  BenchPoint p;
  p.kernel = "reduce-best";
  p.family = BenchFamily::Reduce;
  p.n = 1 << 20;
  p.ms = 0.0061;
  p.gbps = 687.5;
  p.ratio_to_cub = 1.9;
  p.ratio_to_copy = 0.4;
  p.verified = true;
  r.points.push_back(p);
  p.kernel = "cub-scan";
  p.family = BenchFamily::Scan;
  p.verified = false;
  p.note = "skipped: does not fit";
  r.points.push_back(p);
  return r;
}

std::string error_of(const std::string& text) {
  try {
    bench_from_json(text, "x.json");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(BenchJson, RoundTrip) {
  BenchResults a = sample();
  BenchResults b = bench_from_json(bench_to_json(a), "mem");
  EXPECT_EQ(b.device, a.device);
  EXPECT_EQ(b.driver, a.driver);
  EXPECT_EQ(b.cub, a.cub);
  EXPECT_EQ(b.date, a.date);
  EXPECT_EQ(b.type, a.type);
  EXPECT_EQ(b.messages, a.messages);
  ASSERT_EQ(b.points.size(), 2u);
  EXPECT_EQ(b.points[0].kernel, "reduce-best");
  EXPECT_EQ(b.points[0].n, 1 << 20);
  EXPECT_DOUBLE_EQ(b.points[0].ms, 0.0061);
  EXPECT_DOUBLE_EQ(b.points[0].ratio_to_cub, 1.9);
  EXPECT_TRUE(b.points[0].verified);
  EXPECT_EQ(b.points[1].note, "skipped: does not fit");
}

// A compaction point carries its kept fraction and count; other points carry neither, so a file
// written before the compactions (RecordedAssetsLoadAndAreVerified) reads as it did.
TEST(BenchJson, SelectPointsKeepTheirKeptFractionAndCount) {
  BenchResults a = sample();
  BenchPoint p;
  p.kernel = "compact-best";
  p.family = BenchFamily::Select;
  p.n = 4096;
  p.ms = 0.004;
  p.gbps = 12;
  p.verified = true;
  p.kept_percent = 10;
  p.selected = 410;
  a.points.push_back(p);
  const std::string text = bench_to_json(a);
  EXPECT_EQ(text.find("kept_percent"), text.rfind("kept_percent"));  // only the select point has one
  BenchResults b = bench_from_json(text, "mem");
  ASSERT_EQ(b.points.size(), 3u);
  EXPECT_EQ(b.points[0].kept_percent, -1);
  EXPECT_EQ(b.points[0].selected, -1);
  EXPECT_EQ(b.points[2].family, BenchFamily::Select);
  EXPECT_EQ(b.points[2].kept_percent, 10);
  EXPECT_EQ(b.points[2].selected, 410);
  // A select point without its kept fraction, or a count above n, is refused.
  std::string no_kept = text;
  no_kept.replace(no_kept.find("\"kept_percent\""), std::string("\"kept_percent\"").size(), "\"kept_percentage\"");
  EXPECT_NE(error_of(no_kept).find("kept_percent"), std::string::npos) << error_of(no_kept);
  std::string too_many = text;
  too_many.replace(too_many.find("410"), 3, "5000");
  EXPECT_NE(error_of(too_many).find("selected"), std::string::npos) << error_of(too_many);
}

// A sort point is a plain point of family "sort": it reads back as one, with no compaction fields.
TEST(BenchJson, SortPointsRoundTrip) {
  BenchResults a = sample();
  BenchPoint p;
  p.kernel = "sort-onesweep-pairs";
  p.family = BenchFamily::Sort;
  p.n = 1 << 20;
  p.ms = 0.2;
  p.gbps = 356.5;
  p.ratio_to_cub = 1.05;
  p.verified = true;
  a.points.push_back(p);
  const std::string text = bench_to_json(a);
  EXPECT_NE(text.find("\"family\": \"sort\""), std::string::npos) << text;
  EXPECT_EQ(text.find("kept_percent"), std::string::npos);
  BenchResults b = bench_from_json(text, "mem");
  ASSERT_EQ(b.points.size(), 3u);
  EXPECT_EQ(b.points[2].family, BenchFamily::Sort);
  EXPECT_EQ(b.points[2].kernel, "sort-onesweep-pairs");
  EXPECT_EQ(b.points[2].kept_percent, -1);
  EXPECT_DOUBLE_EQ(b.points[2].ratio_to_cub, 1.05);
  std::string bad = text;
  bad.replace(bad.find("\"sort\""), 6, "\"sorts\"");
  EXPECT_NE(error_of(bad).find("select or sort"), std::string::npos) << error_of(bad);
}

TEST(BenchJson, FileRoundTripThroughAtomicWrite) {
  std::string path = ::testing::TempDir() + "bench_roundtrip.json";
  write_output(path, bench_to_json(sample()));
  EXPECT_EQ(load_bench_file(path).points.size(), 2u);
  std::remove(path.c_str());
}

TEST(BenchJson, RejectsMalformed) {
  EXPECT_NE(error_of("{not json").find("x.json: not valid JSON"), std::string::npos);
  EXPECT_NE(error_of("[1,2]").find("x.json: expected an object"), std::string::npos);
  // Found by fuzz_bench_json: a number beyond a double's range is a clear error, not a crash.
  EXPECT_NE(error_of("444E404").find("x.json: not valid JSON"), std::string::npos);
  std::string good = bench_to_json(sample());
  auto with = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    auto at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return s.replace(at, from.size(), to);
  };
  EXPECT_NE(error_of(with("\"scanscope-bench\"", "\"scanscope-trace\"")).find("expected 'scanscope-bench'"), std::string::npos);
  EXPECT_NE(error_of(with("\"version\": 1", "\"version\": 7")).find("version"), std::string::npos);
  EXPECT_NE(error_of(with("\"type\": \"float\"", "\"type\": \"double\"")).find("type"), std::string::npos);
  EXPECT_NE(error_of(with("\"family\": \"reduce\"", "\"family\": \"shuffle\"")).find("points[0]"), std::string::npos);
  EXPECT_NE(error_of(with("\"ms\": 0.0061", "\"ms\": \"fast\"")).find("points[0].ms: expected a number"), std::string::npos);
  EXPECT_NE(error_of(with("\"ms\": 0.0061", "\"ms\": -1.0")).find("points[0].ms: -1 is outside 0.."), std::string::npos);
  EXPECT_NE(error_of(with("\"verified\": true", "\"verified\": 1")).find("verified"), std::string::npos);
  EXPECT_NE(error_of(with("\"n\": 1048576", "\"n\": 0")).find("points[0].n: 0 is outside 1.."), std::string::npos);
  EXPECT_NE(error_of(with("\"kernel\": \"reduce-best\",", "")).find("points[0]: missing field \"kernel\""), std::string::npos);
}

TEST(BenchJson, MissingFileNamesThePath) {
  try {
    load_bench_file("/nonexistent/bench.json");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/bench.json"), std::string::npos);
  }
}

// The sweeps recorded on the GPU machine (assets/bench/) load, name their device and date, and
// every point in them was verified.
TEST(BenchJson, RecordedAssetsLoadAndAreVerified) {
  int files = 0;
  for (const char* name : {"h200-int.json", "h200-float.json", "h200-harris-table2.json", "h200-oancea.json"}) {
    BenchResults r = load_bench_file(std::string(SCANSCOPE_BENCH_ASSETS) + "/" + name);
    ++files;
    EXPECT_NE(r.device.find("H200"), std::string::npos) << name;
    EXPECT_FALSE(r.date.empty()) << name;
    EXPECT_FALSE(r.points.empty()) << name;
    for (const auto& p : r.points) EXPECT_TRUE(p.verified) << name << ": " << p.kernel << " n=" << p.n;
  }
  EXPECT_EQ(files, 4);
}
