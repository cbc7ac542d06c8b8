// The source documents (engine/sources.h): shipped text cites them by title and author or by a
// short form, never by the internal numbers ("seed 000") the project once used; the bibliography
// of docs/sources.md is the program's; and the kernel ids those numbers were part of still load.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/interp.h"
#include "engine/kernel_file.h"
#include "engine/runner.h"
#include "engine/sources.h"
#include "formats/exercise.h"
#include "formats/lesson.h"
#include "formats/trace_json.h"

using namespace scanscope;
namespace fs = std::filesystem;

namespace {

const std::string kRoot = SCANSCOPE_SOURCE_DIR;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The text the program shows or ships, by file: lessons, exercises, every file under kernels/
// (the code panel shows a kernel file whole), README.md, docs/*.md, and the string literals of
// the program's own code (window strings, command-line help and messages). engine/sources.*
// hold the former names on purpose and are left out.
std::vector<std::pair<std::string, std::string>> shipped_text() {
  std::vector<std::pair<std::string, std::string>> out;
  auto whole = [&](const fs::path& p) { out.push_back({fs::relative(p, kRoot).string(), read(p)}); };
  for (const char* dir : {"assets/lessons", "assets/exercises", "docs"})
    for (const auto& e : fs::directory_iterator(fs::path(kRoot) / dir))
      if (e.is_regular_file() && e.path().extension() != ".png") whole(e.path());
  for (const auto& e : fs::recursive_directory_iterator(fs::path(kRoot) / "kernels"))
    if (e.is_regular_file() && e.path().filename() != "CMakeLists.txt") whole(e.path());
  whole(fs::path(kRoot) / "README.md");
  const std::regex literal(R"("(?:[^"\\\n]|\\.)*")");
  for (const char* dir : {"app", "engine", "formats", "bench", "demos"})
    for (const auto& e : fs::recursive_directory_iterator(fs::path(kRoot) / dir)) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".cpp" && ext != ".h") || e.path().stem() == "sources") continue;
      const std::string text = read(e.path());
      std::string literals;
      for (std::sregex_iterator m(text.begin(), text.end(), literal), end; m != end; ++m) literals += m->str() + "\n";
      out.push_back({fs::relative(e.path(), kRoot).string() + " (string literals)", literals});
    }
  return out;
}

// Where "seed" is the random input's seed: the option (--seed), the key (seed: 9, "seed",
// `seed`), a value ("seed 13", "seeds 1-5", "seed S"), or a sentence about randomness. Anything
// else, and every citation shape ("seed 000", "seeds 000, 001", "seed002-...", "Seed 004's",
// "the seeds' listings", kernels/seeds/), is a source cited the old way.
std::string seed_problem(const std::string& text, size_t at) {
  const std::string after = text.substr(at, 24), before = text.substr(at >= 48 ? at - 48 : 0, at >= 48 ? 48 : at);
  static const std::regex citation(R"(^seeds?(\s*[-_]?\s*0\d\d|\d|'|/))", std::regex::icase);
  if (std::regex_search(after, citation)) return "a source cited by number";
  static const std::regex value(R"(^seeds?(:| [0-9]| S\b))", std::regex::icase);
  const char open = before.empty() ? ' ' : before.back();
  const bool named = (open == '"' || open == '`') && after.size() > 4 && after[4] == open;  // "seed", `seed`
  static const std::regex random(R"(random)", std::regex::icase);
  const bool option = before.size() >= 2 && before.compare(before.size() - 2, 2, "--") == 0;  // --seed
  if (std::regex_search(after, value) || named || option) return "";
  if (std::regex_search(before + after, random)) return "";
  return "\"seed\" not as the random input's seed";
}

}  // namespace

TEST(Sources, ShippedTextCitesNoSourceBySeedNumber) {
  int files = 0;
  std::vector<std::string> problems;
  for (const auto& [name, text] : shipped_text()) {
    ++files;
    std::string lower = text;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (size_t at = lower.find("seed"); at != std::string::npos; at = lower.find("seed", at + 4)) {
      const std::string why = seed_problem(text, at);
      if (why.empty()) continue;
      const size_t line = static_cast<size_t>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n')) + 1;
      const size_t b = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
      problems.push_back(name + ":" + std::to_string(line) + ": " + why + ": " + text.substr(b, std::min<size_t>(text.find('\n', at) - b, 160)));
    }
  }
  EXPECT_GT(files, 100);  // lessons, exercises, kernels, docs, the code's strings: all found
  for (const auto& p : problems) ADD_FAILURE() << p;
}

TEST(Sources, TheCheckTellsARandomSeedFromACitation) {
  auto problem = [](std::string s) {
    std::string lower = s;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return seed_problem(s, lower.find("seed"));
  };
  for (const char* ok : {"--seed S", "seed: 9", "n = 512 (seed 13)", "with seeds 1-5", "a random seed", "`seed`", "InputInt(\"seed\"", "[--seed S]"})
    EXPECT_EQ(problem(ok), "") << ok;
  for (const char* bad : {"seed 000", "Seed 004's scanIncWarp", "seeds 000, 001", "seed002-reduce-two-blocks", "kernels/seeds/x.cu",
                          "the seeds' listings", "a seed's listing as printed", "from the seeds", "\"seed example\"", "`seeds` preset"})
    EXPECT_NE(problem(bad), "") << bad;
}

TEST(Sources, TheBibliographyIsTheProgramsList) {
  const std::string doc = read(fs::path(kRoot) / "docs/sources.md");
  ASSERT_EQ(source_documents().size(), 5u);
  for (const SourceDocument& d : source_documents()) {
    EXPECT_NE(doc.find(d.short_form), std::string::npos) << d.short_form;
    if (*d.title) {
      EXPECT_NE(doc.find(std::string("*") + d.title + "*"), std::string::npos) << d.title;
    }
    if (*d.authors) {
      EXPECT_NE(doc.find(d.authors), std::string::npos) << d.authors;
    }
    EXPECT_EQ(document_cited_first(std::string(d.short_form) + ", Figure 5"), &d) << d.short_form;
  }
  EXPECT_EQ(document_cited_first("Merrill & Garland 2016"), nullptr);
  EXPECT_EQ(document_cited_first("scanscope"), nullptr);
  EXPECT_EQ(citation(source_documents()[2]), "Julien Demouth, \"Parallel Reduction with CUDA\" (NVIDIA slides, 2012)");
  EXPECT_EQ(citation(source_documents()[1]), "a tutorial problem on parallel reduction");
}

TEST(Sources, EveryFormerKernelIdFindsTheFileItBecame) {
  for (const auto& [old_id, now] : renamed_kernel_ids()) {
    const KernelFile* f = find_kernel_file(now);
    ASSERT_NE(f, nullptr) << now;
    EXPECT_EQ(find_kernel_file(old_id), f) << old_id;
    EXPECT_EQ(current_kernel_id(old_id), now);
    for (const KernelFile& k : kernel_files()) EXPECT_NE(k.id, old_id);
    EXPECT_EQ(f->display, "kernels/listings/" + now + ".cu");
  }
  EXPECT_EQ(current_kernel_id("scan-blelloch"), "scan-blelloch");
  EXPECT_EQ(find_kernel_file("seed003-scan"), nullptr);  // no such file ever
}

// A request, a trace file, a lesson and an exercise written with a former id load as the kernel
// it names now.
TEST(Sources, AFormerIdStillLoads) {
  TraceRequest r;
  r.kernel = "seed001-reduce-sum";
  r.input = {5, 3, 8, 1, 7, 2, 9, 4};
  r.n = 8;
  r.threads = 4;
  EXPECT_EQ(resolve_kernel(r).request.kernel, "problem-reduce-sum");
  const Trace t = run_emulator(r);
  EXPECT_EQ(t.kernel, "problem-reduce-sum");
  ASSERT_FALSE(t.output.empty());
  EXPECT_EQ(t.output[0], 39);

  nlohmann::json j = nlohmann::json::parse(trace_to_json(t));
  ASSERT_EQ(j["kernel"], "problem-reduce-sum");
  j["kernel"] = "seed001-reduce-sum";  // as a recording made before the rename
  const Trace back = trace_from_json(j.dump(), "old.json");
  EXPECT_EQ(back.kernel, "problem-reduce-sum");
  EXPECT_EQ(back.output, t.output);

  const Lesson l = parse_lesson("lesson: x\ntitle: X\nstep: s\nkernel: seed002-reduce-two-blocks\nn: 32\ncompare-kernel: seed001-reduce-grid\ntext: t\n", "x.lesson");
  ASSERT_EQ(l.steps.size(), 1u);
  EXPECT_EQ(l.steps[0].request.kernel, "demouth-reduce-two-blocks");
  EXPECT_EQ(l.steps[0].compare_kernel, "problem-reduce-grid");

  const std::string file = kRoot + "/assets/exercises/warp-scan-syncwarp.exercise";
  std::string text = read(file);
  const size_t start = text.find("start: oancea-scan-inc-warp\n");
  ASSERT_NE(start, std::string::npos);
  text.replace(start, std::string("start: oancea-scan-inc-warp").size(), "start: seed004-scan-inc-warp");
  const Exercise e = parse_exercise(text, file);
  EXPECT_EQ(e.start_path, find_kernel_file("oancea-scan-inc-warp")->path);
}
