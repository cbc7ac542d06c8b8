// Trace files: round trip, and clear errors for malformed, wrong-format, truncated and
// self-contradicting files.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "engine/assets.h"
#include "engine/bank_model.h"
#include "engine/runner.h"
#include "engine/validation_plan.h"
#include "formats/files.h"
#include "formats/trace_json.h"

using namespace scanscope;

namespace {

Trace sample() {
  TraceRequest r;
  r.kernel = "scan-blelloch";
  r.input = {3, 1, 7, 0, 4, 1, 6, 3};
  r.n = 8;
  r.pad = Pad::Harris;
  return run_emulator(r);
}

std::string error_of(const std::string& text) {
  try {
    trace_from_json(text, "t.json");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(TraceJson, RoundTripIsExact) {
  Trace t = sample();
  Trace back = trace_from_json(trace_to_json(t), "mem");
  std::string why;
  EXPECT_TRUE(traces_equal(t, back, &why)) << why;
  EXPECT_EQ(back.totals, t.totals);
  EXPECT_EQ(back.pad, Pad::Harris);
  EXPECT_EQ(back.device, "cpu-emulator");
  for (size_t s = 0; s < t.steps.size(); ++s) EXPECT_EQ(back.steps[s].max_degree, t.steps[s].max_degree);
  EXPECT_EQ(back.gpu_us, 0.0);
  t.gpu_us = 3.25;  // a GPU's time of the same text travels with the trace
  EXPECT_EQ(trace_from_json(trace_to_json(t), "mem").gpu_us, 3.25);
}

TEST(TraceJson, RoundTripFloatAndUnwrittenWords) {
  TraceRequest r;
  r.kernel = "scan-hillis-steele";
  r.type = ValueType::Float;
  r.n = 37;
  r.seed = 5;
  Trace t = run_emulator(r);
  // The second buffer is unwritten after the load step: null in JSON, NaN in memory.
  EXPECT_TRUE(std::isnan(t.steps[0].smem[40]));
  Trace back = trace_from_json(trace_to_json(t), "mem");
  std::string why;
  EXPECT_TRUE(traces_equal(t, back, &why)) << why;
}

TEST(TraceJson, HasTheDesignFields) {
  auto j = nlohmann::json::parse(trace_to_json(sample()));
  for (const char* key : {"format", "version", "kernel", "n", "threads", "banks", "warp_issue", "pad", "op", "type", "device",
                          "input", "output", "steps", "totals"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["format"], "scanscope-trace");
  EXPECT_EQ(j["steps"][1]["accesses"][0]["op"], "ld");
  EXPECT_TRUE(j["totals"]["ld"].contains("wavefronts"));
}

TEST(TraceJson, ErrorsNameTheProblem) {
  std::string good = trace_to_json(sample());
  EXPECT_NE(error_of("{not json").find("not valid JSON"), std::string::npos);
  EXPECT_NE(error_of(good.substr(0, good.size() / 2)).find("not valid JSON"), std::string::npos);  // truncated
  EXPECT_NE(error_of("[1,2]").find("expected an object"), std::string::npos);

  auto j = nlohmann::json::parse(good);
  auto with = [&](auto edit) {
    auto c = j;
    edit(c);
    return error_of(c.dump());
  };
  EXPECT_NE(with([](auto& c) { c["format"] = "scanscope-bench"; }).find("format"), std::string::npos);
  EXPECT_NE(with([](auto& c) { c["version"] = 2; }).find("version 1"), std::string::npos);
  EXPECT_NE(with([](auto& c) {
              c["kernel"] = "reduce-magic";
              c.erase("files");
              c.erase("sites");
            }).find("unknown kernel"), std::string::npos);
  {  // a kernel the catalogue lacks still opens when the trace holds its source
    auto c = j;
    c["kernel"] = "my-kernel";
    EXPECT_EQ(trace_from_json(c.dump(), "t").kernel, "my-kernel");
  }
  EXPECT_NE(with([](auto& c) { c["n"] = 9; }).find("input"), std::string::npos);  // n contradicts input
  EXPECT_NE(with([](auto& c) { c["n"] = -4; }).find("outside"), std::string::npos);
  EXPECT_NE(with([](auto& c) { c["banks"] = 17; }).find("banks"), std::string::npos);
  EXPECT_NE(with([](auto& c) { c.erase("steps"); }).find("missing field \"steps\""), std::string::npos);
  EXPECT_NE(with([](auto& c) { c["steps"][2]["smem"].push_back(1); }).find("steps[2].smem"), std::string::npos);
  EXPECT_NE(with([](auto& c) { c["steps"][1]["accesses"][0]["tid"] = 99; }).find("steps[1].accesses[0].tid"), std::string::npos);
  EXPECT_NE(with([](auto& c) { c["steps"][1]["accesses"][0]["op"] = "rw"; }).find("ld, st, shfl or atom"), std::string::npos);
  EXPECT_NE(with([](auto& c) { c["steps"][1]["accesses"][0]["word"] = 1000; }).find("word"), std::string::npos);
  EXPECT_NE(with([](auto& c) { c["output"] = {1, 2}; }).find("output"), std::string::npos);
  EXPECT_NE(with([](auto& c) { c["input"][0] = "x"; }).find("input[0]"), std::string::npos);
  // inputs the value type cannot hold (the CPU reference converted 9.2e18 to an int: found by
  // tests/window/test_window_frames.cpp under UBSan)
  EXPECT_NE(with([](auto& c) { c["input"][0] = 9223372036854775807LL; }).find("input[0]: 9.2233720368547758e+18 is not a 32-bit integer"), std::string::npos);
  EXPECT_NE(with([](auto& c) { c["input"][1] = 2.5; }).find("input[1]: 2.5 is not a 32-bit integer"), std::string::npos);
  EXPECT_NE(with([](auto& c) {
              c["type"] = "float";
              c["input"][0] = 1e300;
            }).find("input[0]: 1.0000000000000001e+300 is not a float"), std::string::npos);
  // Derived fields are recomputed, not trusted: a lying max_degree is ignored.
  auto c = j;
  c["steps"][1]["max_degree"] = 99;
  EXPECT_EQ(trace_from_json(c.dump(), "t").steps[1].max_degree, sample().steps[1].max_degree);
}

TEST(TraceJson, FilesAreWrittenAtomically) {
  std::string path = ::testing::TempDir() + "/scanscope_atomic.json";
  write_output(path, "old contents");
  write_output(path, trace_to_json(sample()));
  EXPECT_EQ(load_trace_file(path).kernel, "scan-blelloch");
  // A write into a directory that does not exist fails with a message and leaves nothing behind.
  EXPECT_THROW(write_output(::testing::TempDir() + "/no/such/dir/x.json", "x"), std::runtime_error);
  EXPECT_THROW(load_trace_file(::testing::TempDir() + "/missing.json"), std::runtime_error);
  std::remove(path.c_str());
}

// Found by fuzz_trace_json's sibling: nlohmann throws out_of_range (not parse_error) for a number
// beyond a double's range; it must still be one clear error.
TEST(TraceJson, NumberTooLargeIsAClearError) {
  EXPECT_NE(error_of("{\"format\":\"scanscope-trace\",\"version\":1,\"n\":444E404}").find("not valid JSON"), std::string::npos);
}

// "n": 1e309 is a clean line, without the JSON library's "[json.exception...]" tag (issue 28).
TEST(TraceJson, NumberBeyondADoubleIsOneCleanLine) {
  EXPECT_EQ(error_of("{\"format\":\"scanscope-trace\",\"version\":1,\"n\":1e309}"),
            "t.json: not valid JSON (byte 49: a number beyond a double's range)");
}

// A known key's bulk is refused while the text is read too: an array the format bounds ("input"
// holds at most a trace's largest n) ends the read at its first value too many, so 60 million
// numbers under "input" are never built (they once took 2.7 GB before "input" was looked at).
TEST(TraceJson, ArraysTheFormatBoundsAreRefusedAtTheFirstValueTooMany) {
  const std::string good = trace_to_json(sample());
  auto with_input = [&](long long count) {
    std::string text = good;
    const size_t at = text.find("\"input\":[");
    const size_t end = text.find(']', at);
    std::string values;
    for (long long i = 0; i < count; ++i) values += i ? ",1" : "1";
    return text.substr(0, at) + "\"input\":[" + values + text.substr(end);
  };
  EXPECT_EQ(error_of(with_input(kMaxTraceN + 1)), "t.json: not a scanscope file (\"input\" holds more than " + std::to_string(kMaxTraceN) + " values)");
  // at the limit the shape check lets it through; the reader then compares it with n
  EXPECT_EQ(error_of(with_input(kMaxTraceN)).find("holds more than"), std::string::npos);
  std::string smem = good;
  const size_t s = smem.find("\"smem\":[");
  ASSERT_NE(s, std::string::npos);
  std::string words;
  for (int i = 0; i <= kMaxSharedBytes / 4; ++i) words += "0,";
  smem.insert(s + 8, words);
  EXPECT_EQ(error_of(smem), "t.json: not a scanscope file (\"smem\" holds more than " + std::to_string(kMaxSharedBytes / 4) + " values)");
  // Every array of the format is named: an array of objects holds no number, and a key that never
  // holds an array (60 million numbers under "totals" were once built and then ignored) holds none.
  std::string steps = good;
  const size_t st = steps.find("\"steps\":[");
  ASSERT_NE(st, std::string::npos);
  steps.insert(st + 9, "1,");
  EXPECT_EQ(error_of(steps), "t.json: not a scanscope file (\"steps\" holds objects, not single values)");
  std::string totals = good;
  const size_t tt = totals.find("\"totals\":");
  ASSERT_NE(tt, std::string::npos);
  totals.replace(tt, 9, "\"totals\":[1,2,3],\"x_totals\":");
  EXPECT_EQ(error_of(totals), "t.json: not a scanscope file (\"totals\" holds no array in this format)");
}

// A key outside the format is refused while the text is read, before anything is built (issue 28:
// 67 million numbers under a key nobody reads took 19 s and 2.9 GB to accept); the keys of
// "defines" are the file's own macro names, and a grid trace's every key is known.
TEST(TraceJson, UnknownKeysAreRefusedBeforeAnythingIsBuilt) {
  const std::string good = trace_to_json(sample());
  std::string junk = good;
  junk.insert(1, "\"junk\":[" + std::string("0,", 0) + "1,2,3],");
  EXPECT_EQ(error_of(junk), "t.json: not a scanscope file (unknown key 'junk')");
  std::string nested = good;
  const size_t steps = nested.find("\"steps\":[{");
  ASSERT_NE(steps, std::string::npos);
  nested.insert(steps + 10, "\"extra\":[1],");
  EXPECT_EQ(error_of(nested), "t.json: not a scanscope file (unknown key 'extra')");
  TraceRequest r;
  r.kernel = "scan-blelloch";
  r.n = 16;
  r.defines = {{"ANY_NAME_AT_ALL", "1"}};
  const Trace d = run_emulator(r);
  EXPECT_EQ(trace_from_json(trace_to_json(d), "d.json").request.defines, r.defines);
  TraceRequest g;
  g.kernel = "app-radix-sort-blocks";
  g.n = 256;
  const Trace grid = run_emulator(g);
  std::string why;
  EXPECT_TRUE(traces_equal(grid, trace_from_json(trace_to_json(grid), "g.json"), &why)) << why;
}

// Kernels that carve several shared arrays name them; the names travel with the trace file.
TEST(TraceJson, NamedSharedArraysRoundTrip) {
  TraceRequest r;
  r.kernel = "app-radix-sort";
  r.n = 8;
  Trace t = run_emulator(r);
  ASSERT_EQ(t.arrays.size(), 4u);
  EXPECT_EQ(t.arrays[2].name, "zeros");
  EXPECT_EQ(t.arrays[2].first_word, 16);
  EXPECT_EQ(t.arrays[2].words, 1);
  Trace back = trace_from_json(trace_to_json(t), "mem");
  ASSERT_EQ(back.arrays.size(), 4u);
  EXPECT_EQ(back.arrays[3].name, "sorted");
  EXPECT_EQ(back.arrays[3].first_word, 17);
  auto j = nlohmann::json::parse(trace_to_json(t));
  j["arrays"][0]["words"] = 1000;
  EXPECT_NE(error_of(j.dump()).find("arrays[0].words"), std::string::npos);
  r.kernel = "scan-blelloch";  // one extern array: listed by its name
  Trace b = run_emulator(r);
  ASSERT_EQ(b.arrays.size(), 1u);
  EXPECT_EQ(b.arrays[0].name, "temp");
}

// A trace loaded from a file can be re-run: request_of gives back the request, scan kind included.
TEST(TraceJson, RequestOfReproducesTheTrace) {
  TraceRequest r;
  r.kernel = "scan-hillis-steele";
  r.n = 37;
  r.scan = "inclusive";
  r.type = ValueType::Float;
  Trace t = run_emulator(r);
  Trace again = run_emulator(request_of(trace_from_json(trace_to_json(t), "mem")));
  std::string why;
  EXPECT_TRUE(traces_equal(t, again, &why)) << why;
  EXPECT_TRUE(again.inclusive);
}

// The trace recorded on the GPU machine (assets/traces, docs/validation.md) replays here: it
// loads, says which GPU checked it, and the CPU emulator's run of its own request and embedded
// kernel text gives the same steps, accesses, snapshots and totals.
TEST(TraceJson, RecordedGpuTraceReplays) {
  const Trace rec = load_trace_file(asset_dir() + "/traces/h100-scan-blelloch-512-g80.json");
  EXPECT_EQ(rec.device.rfind("gpu:", 0), 0u) << rec.device;
  EXPECT_EQ(rec.gpu_check.rfind("the GPU run of the same text agrees", 0), 0u) << rec.gpu_check;
  EXPECT_EQ(rec.banks, 16);
  Trace again = run_emulator(request_of(rec));
  std::string why;
  EXPECT_TRUE(traces_equal(rec, again, &why)) << why;
  EXPECT_EQ(again.totals, rec.totals);
}

// An access after a tile's sync() carries the tile barriers its thread had passed ("tile_syncs"):
// they travel with the trace, and the hazards found again on load are the run's (none here).
TEST(TraceJson, TileBarrierCountsRoundTrip) {
  const Trace t = run_emulator(source_request(std::string(SCANSCOPE_SOURCE_DIR) + "/tests/corpus/cg-tile128-tree-and-reduce.cu", ValueType::Int, 600));
  long long counted = 0;
  for (const Step& s : t.steps)
    for (const Access& a : s.accesses) counted += a.tile_syncs[0] > 0;
  EXPECT_GT(counted, 0);
  const std::string text = trace_to_json(t);
  EXPECT_NE(text.find("\"tile_syncs\""), std::string::npos);
  const Trace back = trace_from_json(text, "mem");
  std::string why;
  EXPECT_TRUE(traces_equal(t, back, &why)) << why;
  for (const Step& s : back.steps) EXPECT_TRUE(s.hazards.empty()) << s.label;
  // The kernel has such barriers (its shared counters on a GPU hold their polling: the window says
  // so), and the trace says it, loaded too; a kernel without them writes no key.
  EXPECT_TRUE(t.tile_barriers);
  EXPECT_NE(text.find("\"tile_barriers\":true"), std::string::npos);
  EXPECT_TRUE(back.tile_barriers);
  const Trace plain = sample();
  EXPECT_FALSE(plain.tile_barriers);
  EXPECT_EQ(trace_to_json(plain).find("tile_barriers"), std::string::npos);
  EXPECT_FALSE(trace_from_json(trace_to_json(plain), "mem").tile_barriers);
}

// A gated load (SourceSite::gated: made only by the threads of a later store) travels with its
// store's site and whether an EXIT gates it; the totals read back are recomputed with it. A gate
// on a store, a gate naming a load, or gated_exit alone are refused.
TEST(TraceJson, GatedLoadsRoundTrip) {
  Trace t = sample();
  int load = -1, store = -1;
  for (int s = 0; s < static_cast<int>(t.sites.size()); ++s) {
    if (t.sites[s].op == kLoad && load < 0) load = s;
    if (t.sites[s].op == kStore && store < 0) store = s;
  }
  ASSERT_GE(load, 0);
  ASSERT_GE(store, 0);
  t.sites[load].gated = store;
  t.sites[load].gated_exit = true;
  analyze_banks(t);
  const Trace back = trace_from_json(trace_to_json(t), "mem");
  EXPECT_EQ(back.sites[load].gated, store);
  EXPECT_TRUE(back.sites[load].gated_exit);
  EXPECT_EQ(back.totals, t.totals);
  auto j = nlohmann::json::parse(trace_to_json(t));
  auto with = [&](auto edit) {
    auto c = j;
    edit(c);
    return error_of(c.dump());
  };
  const std::string at = "sites[" + std::to_string(load) + "]";
  EXPECT_NE(with([&](auto& c) { c["sites"][load]["gated"] = load; }).find(at + ".gated: must name a store's site"), std::string::npos);
  EXPECT_NE(with([&](auto& c) { c["sites"][store]["gated"] = store; }).find("only a load is gated"), std::string::npos);
  EXPECT_NE(with([&](auto& c) { c["sites"][load].erase("gated"); }).find(at + ".gated_exit"), std::string::npos);
  // gated copy by copy (SourceSite::gated_copies): the iterations travel, and so does each global
  // access's innermost loop count (GlobalAccess::iteration); a copy list without a gate, or an
  // iteration below -1, is refused
  t.sites[load].gated_copies = {-1, 0, 3};
  GlobalAccess g;
  g.site = store;
  g.iteration = 3;
  t.global_arrays.resize(std::max<size_t>(t.global_arrays.size(), 1));
  if (t.global_arrays[0].count < 1) t.global_arrays[0].count = 1;
  t.steps[0].global.push_back(g);
  const Trace copies = trace_from_json(trace_to_json(t), "mem");
  EXPECT_EQ(copies.sites[load].gated_copies, (std::vector<int>{-1, 0, 3}));
  ASSERT_FALSE(copies.steps[0].global.empty());
  EXPECT_EQ(copies.steps[0].global.back().iteration, 3);
  j = nlohmann::json::parse(trace_to_json(t));
  EXPECT_NE(with([&](auto& c) {
              c["sites"][load].erase("gated");
              c["sites"][load].erase("gated_exit");
            }).find(at + ".gated_copies: needs"),
            std::string::npos);
  EXPECT_NE(with([&](auto& c) { c["sites"][load]["gated_copies"][0] = -2; }).find(at + ".gated_copies"), std::string::npos);
  // gated each by the store of its own line (SourceSite::gated_sites): the sites travel; one that
  // is not a store's is refused
  t.sites[load].gated_copies.clear();
  t.sites[load].gated_sites = {-1, store};
  const Trace each = trace_from_json(trace_to_json(t), "mem");
  EXPECT_EQ(each.sites[load].gated_sites, (std::vector<int>{-1, store}));
  j = nlohmann::json::parse(trace_to_json(t));
  EXPECT_NE(with([&](auto& c) { c["sites"][load]["gated_sites"][1] = load; }).find(at + ".gated_sites: must name"), std::string::npos);
}
