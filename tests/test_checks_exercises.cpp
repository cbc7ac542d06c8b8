// Checks (engine/check.h) and exercises (formats/exercise.h): every model solution passes every
// check of its exercise, every starting kernel fails the check the exercise is about, and the
// sentences name the element, the step, the threads and the line a student must look at.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

#include "engine/check.h"
#include "engine/kernel_file.h"
#include "engine/runner.h"
#include "formats/exercise.h"
#include "formats/lesson.h"

using namespace scanscope;

namespace {

const std::string kExercises = std::string(SCANSCOPE_SOURCE_DIR) + "/assets/exercises";

std::string failures(const CheckReport& r) {
  std::string out;
  for (const CheckOutcome& c : r.checks)
    if (!c.passed) out += "\n  [" + c.run + "] " + c.check + ": " + c.sentence;
  return out;
}

const CheckOutcome* find_check(const CheckReport& r, const std::string& name) {
  for (const CheckOutcome& c : r.checks)
    if (c.check == name) return &c;
  return nullptr;
}

// The 1-based line of a file's text where `needle` first stands after `after` ("" for the start).
int line_of(const std::string& text, const std::string& needle, const std::string& after = "") {
  const size_t from = after.empty() ? 0 : text.find(after);
  const size_t at = text.find(needle, from == std::string::npos ? 0 : from);
  if (at == std::string::npos) return -1;
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

std::string catalogue_text(const std::string& id) { return find_kernel_file(id)->text; }

TraceRequest catalogue_request(const std::string& id, int n) {
  TraceRequest r;
  r.kernel = id;
  r.n = n;
  return r;
}

}  // namespace

// The exercises the source documents call for, each with the check its start fails: a model solution passes
// all of its checks, the start fails that one (and the report says so in a sentence).
TEST(Exercises, EveryModelSolutionPassesAndEveryStartFailsItsCheck) {
  const std::map<std::string, std::string> fails = {
      {"sequential-addressing", "divergence"}, {"conflict-free-reduction", "conflicts"}, {"pad-blelloch", "conflicts"},
      {"missing-barrier", "race"},             {"warp-shuffle", "output"},             {"first-add", "launch"},
      {"in-order-reduce", "output"},           {"listing1-double-buffer", "runs"},     {"warp-scan-syncwarp", "race"},
      {"transpose-padding", "conflicts"}};
  const std::vector<Exercise> all = load_exercises(kExercises);
  ASSERT_GE(all.size(), 8u);
  std::set<std::string> seen;
  for (const Exercise& e : all) {
    SCOPED_TRACE(e.name);
    seen.insert(e.name);
    EXPECT_FALSE(e.title.empty());
    EXPECT_FALSE(e.task.empty());
    EXPECT_FALSE(e.hint.empty());
    ASSERT_FALSE(e.runs.empty());
    const CheckReport good = check_exercise(e, read_exercise_file(e.solution_path), e.solution_path);
    EXPECT_TRUE(good.passed) << e.solution_path << failures(good);
    size_t expected_checks = 0;
    for (const ExerciseRun& run : e.runs) expected_checks += 1 + run.checks.size();  // "runs" first
    EXPECT_EQ(good.checks.size(), expected_checks);

    const CheckReport start = check_exercise(e, read_exercise_file(e.start_path), e.start_path);
    EXPECT_FALSE(start.passed) << e.start_path << " passes every check";
    ASSERT_TRUE(fails.count(e.name)) << "a new exercise: say which check its start fails";
    bool failed_it = false;
    for (const CheckOutcome& c : start.checks) {
      if (c.passed) continue;
      EXPECT_FALSE(c.sentence.empty());
      failed_it = failed_it || c.check == fails.at(e.name);
    }
    EXPECT_TRUE(failed_it) << e.start_path << " does not fail '" << fails.at(e.name) << "':" << failures(start);
  }
  for (const auto& [name, check] : fails) EXPECT_TRUE(seen.count(name)) << name;
}

TEST(Checks, WrongOutputNamesTheFirstWrongElement) {
  // Listing 1 with its output buffer cleared: the paper's 3,1,7,0,4,1,6,3 gives 0,0,1,7,7,0,5,8.
  TraceRequest r = catalogue_request("scan-paper-listing1", 8);
  r.type = ValueType::Float;
  r.input = {3, 1, 7, 0, 4, 1, 6, 3};
  r.defines = {{"CLEAR_OUTPUT_BUFFER", "1"}};
  const CheckReport rep = check_request(r, {{CheckKind::Output, 0}});
  ASSERT_EQ(rep.checks.size(), 2u);
  EXPECT_TRUE(rep.checks[0].passed) << rep.checks[0].sentence;
  EXPECT_FALSE(rep.passed);
  EXPECT_EQ(rep.checks[1].check, "output");
  EXPECT_EQ(rep.checks[1].sentence, "wrong output at element 1: 0, expected 3");
  // Algorithm 2 as printed: 1,2,3,4 gives 1,2,5,7 instead of 1,3,6,10.
  TraceRequest a = catalogue_request("scan-paper-algorithm2", 4);
  a.type = ValueType::Float;
  a.input = {1, 2, 3, 4};
  EXPECT_EQ(check_request(a, {{CheckKind::Output, 0}}).checks[1].sentence, "wrong output at element 1: 2, expected 3");
  // An element the kernel never writes: the start of pad-blelloch without its second store.
  const Exercise pad = find_exercise("pad-blelloch", kExercises);
  std::string text = read_exercise_file(pad.start_path);
  const std::string second = "g_odata[2*thid+1] = temp[2*thid+1];";
  ASSERT_NE(text.find(second), std::string::npos);
  text.erase(text.find(second), second.size());
  const CheckReport half = check_exercise(pad, text, "half.cu");
  const CheckOutcome& paper = half.checks.back();  // the last run: the paper's 8 numbers
  EXPECT_EQ(paper.run, "the paper's 8 numbers");
  EXPECT_EQ(paper.sentence, "wrong output at element 1: never written, expected 3");
  // Right: the sentence names the reference.
  TraceRequest ok = catalogue_request("scan-blelloch", 8);
  ok.input = {3, 1, 7, 0, 4, 1, 6, 3};
  const CheckReport good = check_request(ok, {{CheckKind::Output, 0}});
  EXPECT_TRUE(good.passed);
  EXPECT_EQ(good.checks[1].sentence, "the output matches the sequential exclusive scan (sum) of the 8 int inputs");
}

TEST(Checks, ConflictsNameTheFirstStepAndLineWhereTheyRemain) {
  // Listing 3's simple padding with 16 banks: 2-way conflicts remain at the deep up-sweep levels.
  TraceRequest r = catalogue_request("scan-blelloch", 512);
  r.type = ValueType::Float;
  r.pad = Pad::Harris;
  r.banks = 16;
  r.warp_issue = 16;
  const CheckReport rep = check_request(r, {{CheckKind::Conflicts, 0}});
  const int line = line_of(catalogue_text("scan-blelloch"), "temp[bi] = OP(temp[ai], temp[bi]);");
  ASSERT_GT(line, 0);
  ASSERT_EQ(rep.checks.size(), 2u);
  EXPECT_EQ(rep.checks[1].sentence, "32 bank conflicts with 16 banks (loads 20, stores 12), at most 0 allowed: 2-way conflicts remain at "
                                    "step 'up-sweep d=16' (line " + std::to_string(line) + ")");
  EXPECT_EQ(rep.checks[1].line, line);
  // Within a limit, and the corrected padding.
  EXPECT_TRUE(check_request(r, {{CheckKind::Conflicts, 32}}).passed);
  EXPECT_FALSE(check_request(r, {{CheckKind::Conflicts, 31}}).passed);
  r.pad = Pad::Zero;
  const CheckReport zero = check_request(r, {{CheckKind::Conflicts, 0}});
  EXPECT_TRUE(zero.passed);
  EXPECT_EQ(zero.checks[1].sentence, "no bank conflicts with 16 banks");
}

TEST(Checks, RaceNamesTheThreadsAndTheLine) {
  const CheckReport rep = check_request(catalogue_request("reduce-missing-barrier", 256), {{CheckKind::Race, 0}});
  const int line = line_of(catalogue_text("reduce-missing-barrier"), "sdata[tid] = OP(sdata[tid], sdata[tid + s]);", "forgotten");
  ASSERT_GT(line, 0);
  ASSERT_EQ(rep.checks.size(), 2u);
  EXPECT_EQ(rep.checks[1].check, "race");
  EXPECT_EQ(rep.checks[1].sentence, "RACE between thread 0 and thread 64 at line " + std::to_string(line) +
                                        ": both touch shared word 64 in step 'strides 128 and half: NO barrier' with no barrier between, "
                                        "one of them writing (64 words raced in all); threads 0 and 64 are in different warps: put "
                                        "__syncthreads() between the two accesses");
  EXPECT_EQ(rep.checks[1].line, line);
  EXPECT_TRUE(check_request(catalogue_request("reduce-sequential", 256), {{CheckKind::Race, 0}}).passed);
}

TEST(Checks, AWarpSynchronousRaceSaysWhatVoltaChanged) {
  Hazard h;
  h.first_tid = 0;
  h.second_tid = 1;
  EXPECT_NE(race_fix(h).find("in one warp, and code that assumed a warp runs in lockstep (volatile shared memory, no __syncwarp) is a race "
                             "since Volta's independent thread scheduling"),
            std::string::npos);
  h.second_tid = 32;
  EXPECT_EQ(race_fix(h), "threads 0 and 32 are in different warps: put __syncthreads() between the two accesses");
}

TEST(Checks, DivergenceTellsInterleavedFromSequentialAddressing) {
  const CheckReport bad = check_request(catalogue_request("reduce-interleaved-divergent", 256), {{CheckKind::Divergence, 0}});
  const int line = line_of(catalogue_text("reduce-interleaved-divergent"), "sdata[tid] = OP(sdata[tid], sdata[tid + s]);");
  ASSERT_EQ(bad.checks.size(), 2u);
  EXPECT_EQ(bad.checks[1].sentence, "16 of 32 lanes idle in warp 0 at step 'stride 1' (line " + std::to_string(line) +
                                        "): its 128 active threads are spread over 8 warps but would fill 4 (7 steps like this, at most 0 "
                                        "allowed)");
  EXPECT_EQ(bad.checks[1].line, line);
  // Sequential addressing and the strided index keep the working threads together.
  for (const char* id : {"reduce-sequential", "reduce-interleaved", "reduce-first-add"})
    EXPECT_TRUE(check_request(catalogue_request(id, 256), {{CheckKind::Divergence, 0}}).passed) << id;
  // A limit of 7 divergent steps lets the divergent tree pass; 6 does not.
  EXPECT_TRUE(check_request(catalogue_request("reduce-interleaved-divergent", 256), {{CheckKind::Divergence, 7}}).passed);
  EXPECT_FALSE(check_request(catalogue_request("reduce-interleaved-divergent", 256), {{CheckKind::Divergence, 6}}).passed);
  // One block of 32 threads is one warp: nothing to pack.
  EXPECT_TRUE(check_request(catalogue_request("reduce-interleaved-divergent", 32), {{CheckKind::Divergence, 0}}).passed);
}

TEST(Checks, LaunchShapeAndBarriers) {
  const CheckReport rep = check_request(catalogue_request("reduce-sequential", 64), {{CheckKind::ElementsPerThread, 2}, {CheckKind::Barriers, 1}});
  ASSERT_EQ(rep.checks.size(), 3u);
  EXPECT_EQ(rep.checks[1].sentence, "the launch uses 64 threads for 64 elements; with 2 elements per thread it needs at most 32");
  EXPECT_EQ(rep.checks[1].line, line_of(catalogue_text("reduce-sequential"), "// launch:"));
  EXPECT_EQ(rep.checks[2].sentence, "the block waits at 7 __syncthreads() barriers, at most 1 allowed: the 2nd ends step 'stride 32'");
  const CheckReport first_add = check_request(catalogue_request("reduce-first-add", 64), {{CheckKind::ElementsPerThread, 2}});
  EXPECT_TRUE(first_add.passed);
  EXPECT_EQ(first_add.checks[1].sentence, "the launch uses 32 threads for 64 elements (at least 2 elements per thread)");
  // 1000 elements: a tree of 512 threads is what first add during load launches.
  EXPECT_TRUE(check_request(catalogue_request("reduce-first-add", 1000), {{CheckKind::ElementsPerThread, 2}}).passed);
  EXPECT_FALSE(check_request(catalogue_request("reduce-sequential", 1000), {{CheckKind::ElementsPerThread, 2}}).passed);
  EXPECT_TRUE(check_request(catalogue_request("reduce-warp-shuffle", 256), {{CheckKind::Barriers, 1}}).passed);
}

// A kernel that does not compile, faults or is refused is a failed "runs" check with its line;
// nothing is thrown, the other checks are skipped.
TEST(Checks, CompileErrorsAndFaultsAreFailedChecks) {
  const Exercise e = find_exercise("sequential-addressing", kExercises);
  std::string text = read_exercise_file(e.solution_path);
  const int line = line_of(text, "sdata[tid] = OP(sdata[tid], sdata[tid + s]);");
  const size_t at = text.find("sdata[tid] = OP(sdata[tid], sdata[tid + s]);");
  std::string broken = text;
  broken.replace(at, std::string("sdata[tid] = OP(sdata[tid], sdata[tid + s]);").size(), "sdata[tid] = OP(sdata[tid], sdata[tid + s])");
  CheckReport rep;
  ASSERT_NO_THROW(rep = check_exercise(e, broken, "alice.cu"));
  EXPECT_FALSE(rep.passed);
  ASSERT_FALSE(rep.checks.empty());
  EXPECT_EQ(rep.checks[0].check, "runs");
  EXPECT_EQ(rep.checks[0].run, e.runs[0].title);
  EXPECT_EQ(rep.checks[0].sentence.rfind("does not compile: alice.cu:" + std::to_string(line + 1) + ":", 0), 0u) << rep.checks[0].sentence;
  EXPECT_EQ(rep.checks[0].line, line + 1);  // the parser finds the missing ';' at the next token
  for (size_t i = 1; i <= e.runs[0].checks.size(); ++i) {
    EXPECT_TRUE(rep.checks[i].skipped) << rep.checks[i].check;
    EXPECT_FALSE(rep.checks[i].passed);
  }
  // A fault while it runs: Listing 1 reads the never-written output buffer.
  TraceRequest l1 = catalogue_request("scan-paper-listing1", 8);
  l1.type = ValueType::Float;
  const CheckReport fault = check_request(l1, {{CheckKind::Output, 0}});
  const int fault_line = line_of(catalogue_text("scan-paper-listing1"), "temp[pout*n+thid] += temp[pin*n+thid - offset];");
  EXPECT_EQ(fault.checks[0].sentence, "stops with a fault: kernels/listings/scan-paper-listing1.cu:" + std::to_string(fault_line) +
                                          ":13: thread 1: reads temp[9] (shared-memory word 9), which no thread has written yet");
  EXPECT_EQ(fault.checks[0].line, fault_line);
  EXPECT_TRUE(fault.checks[1].skipped);
  // No launch line, an empty text, a require: the run breaks: failed, not thrown.
  for (const std::string& bad : {std::string("__global__ void k(int* out) {}\n"), std::string(),
                                 std::string("// launch: k<<<1, N>>>(out)\n// require: N < 4 : too many\n__global__ void k(int* out) {}\n")}) {
    CheckReport r;
    ASSERT_NO_THROW(r = check_exercise(e, bad, "bob.cu"));
    EXPECT_FALSE(r.passed);
    EXPECT_FALSE(r.checks[0].passed);
    EXPECT_NE(r.checks[0].sentence.find("bob"), std::string::npos) << r.checks[0].sentence;  // bob.cu, or its id in a require: message
  }
}

// The output must be the exercise's operation: a file cannot pass by changing its check: line.
TEST(Checks, TheExerciseNotTheFileSaysWhatTheOutputMustBe) {
  const Exercise e = find_exercise("warp-shuffle", kExercises);
  std::string text = read_exercise_file(e.start_path);
  const size_t at = text.find("// check: reduce");
  ASSERT_NE(at, std::string::npos);
  text.erase(at, std::string("// check: reduce").size());
  const CheckReport rep = check_exercise(e, text, "cheat.cu");
  const CheckOutcome* out = find_check(rep, "output");
  ASSERT_NE(out, nullptr);
  EXPECT_FALSE(out->passed);
  EXPECT_EQ(out->sentence.rfind("wrong output at element 0: ", 0), 0u) << out->sentence;
}

TEST(Checks, SpecsAsWritten) {
  CheckSpec s;
  std::string why;
  ASSERT_TRUE(parse_check_spec("max-conflicts 4", &s, &why));
  EXPECT_EQ(s, (CheckSpec{CheckKind::Conflicts, 4}));
  EXPECT_EQ(spec_text(s), "max-conflicts 4");
  ASSERT_TRUE(parse_check_spec("no-race", &s, &why));
  EXPECT_EQ(s.kind, CheckKind::Race);
  EXPECT_FALSE(parse_check_spec("no-race 3", &s, &why));
  EXPECT_EQ(why, "'no-race' takes no number");
  EXPECT_FALSE(parse_check_spec("max-conflicts", &s, &why));
  EXPECT_NE(why.find("'max-conflicts' needs one whole number of at least 0"), std::string::npos) << why;
  EXPECT_FALSE(parse_check_spec("elements-per-thread 0", &s, &why));
  EXPECT_FALSE(parse_check_spec("max-conflicts -1", &s, &why));
  EXPECT_FALSE(parse_check_spec("fast", &s, &why));
  EXPECT_EQ(why, "unknown check 'fast' (known: " + check_spec_forms() + ")");
  EXPECT_EQ(check_spec_forms(), "output, max-conflicts K, no-race, max-divergent-steps K, max-barriers K, elements-per-thread E");
}

namespace {

std::string exercise_error(const std::string& text) {
  try {
    parse_exercise(text, kExercises + "/bad.exercise");
  } catch (const ExerciseError& e) {
    const std::string w = e.what();
    return w.substr(w.find("bad.exercise"));
  }
  return "";
}

}  // namespace

TEST(Exercises, MalformedFilesNameFileAndLine) {
  const std::string head =
      "exercise: x\ntitle: X\nstart: reduce-sequential\nsolution: reduce-first-add\ntask: do it\nhint: like so\n";
  EXPECT_EQ(exercise_error("title: X\n"), "bad.exercise:1: missing 'exercise:' at the top");
  EXPECT_EQ(exercise_error(head), "bad.exercise:6: the exercise has no runs");
  EXPECT_EQ(exercise_error(head + "run: a\nn: 8\n"), "bad.exercise:7: run 'a' has no check");
  EXPECT_EQ(exercise_error(head + "run: a\ncheck: fast\n"), "bad.exercise:8: check: unknown check 'fast' (known: " + check_spec_forms() + ")");
  EXPECT_EQ(exercise_error(head + "run: a\nn: 0\ncheck: output\n"), "bad.exercise:8: n: 0 is outside 1..1048576");
  EXPECT_EQ(exercise_error(head + "run: a\nkernel: reduce-sequential\n").substr(0, 39), "bad.exercise:8: unknown key 'kernel' in");
  EXPECT_EQ(exercise_error(head + "run: a\nn: 100000\ncheck: output\n"),
            "bad.exercise:7: the model solution cannot take this run: reduce-first-add takes --n from 1 to 65536, not 100000");
  EXPECT_EQ(exercise_error("exercise: x\ntitle: X\nstart: no-such-kernel\nsolution: reduce-first-add\ntask: t\nhint: h\nrun: a\ncheck: output\n"),
            "bad.exercise:3: start: 'no-such-kernel' is neither a .cu file beside the exercise nor a catalogue kernel");
  EXPECT_NE(exercise_error("exercise: x\ntitle: X\nstart: missing.cu\nsolution: reduce-first-add\ntask: t\nhint: h\nrun: a\ncheck: output\n")
                .find("bad.exercise:3: start: " + kExercises + "/missing.cu: no such file"),
            std::string::npos);
  EXPECT_EQ(exercise_error(head + "run: a\ncheck: output\x1b[2J\n"), "bad.exercise:8: contains a control character (code 27)");
  // 2,000 runs at n = 65536 once hung check: refused as the file is read (issue 28)
  std::string runs = head;
  for (int i = 0; i < 2000; ++i) runs += "run: r\nn: 65536\ncheck: output\n";
  EXPECT_EQ(exercise_error(runs), "bad.exercise:" + std::to_string(7 + 3 * kMaxExerciseRuns) + ": more than " + std::to_string(kMaxExerciseRuns) +
                                      " runs in one exercise");
  EXPECT_EQ(exercise_error(head + "run: a\ncheck: " + std::string(5000, 'x') + "\n"), "bad.exercise:8: 'check' is longer than 4000 characters");
  const std::string folder = ::testing::TempDir() + "/scanscope_folder_" + std::to_string(::getpid()) + ".exercise";
  std::filesystem::create_directories(folder);
  try {
    load_exercise_file(folder);
    FAIL() << "a folder loaded";
  } catch (const ExerciseError& e) {
    EXPECT_EQ(std::string(e.what()), folder + ":0: a folder, not an exercise");
  }
  std::filesystem::remove_all(folder);
  // A good one: continuation lines, several checks in order, the operation from the solution.
  const Exercise e = parse_exercise(head + "run: a\nn: 64\ncheck: output\ncheck: elements-per-thread 2\n  \ncheck: no-race\n", "ok.exercise");
  ASSERT_EQ(e.runs.size(), 1u);
  EXPECT_EQ(e.runs[0].request.n, 64);
  EXPECT_EQ(e.runs[0].expect, "reduce");
  EXPECT_EQ(e.runs[0].checks, (std::vector<CheckSpec>{{CheckKind::Output, 0}, {CheckKind::ElementsPerThread, 2}, {CheckKind::Race, 0}}));
  EXPECT_EQ(e.solution_path, find_kernel_file("reduce-first-add")->path);
}

TEST(Exercises, FindByNameAndUnknownNames) {
  EXPECT_EQ(find_exercise("pad-blelloch", kExercises).name, "pad-blelloch");
  try {
    find_exercise("fly", kExercises);
    FAIL() << "found";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("no exercise 'fly' (exercises: conflict-free-reduction, first-add, ", 0), 0u) << e.what();
  }
  EXPECT_THROW(load_exercises("/no/such/folder"), UsageError);
  EXPECT_THROW(read_exercise_file("/no/such.cu"), UsageError);
}

// Lessons offer exercises; a name the exercises folder beside the lessons lacks is an error.
TEST(Exercises, LessonStepsNameExercises) {
  int offered = 0;
  for (const Lesson& l : load_lessons(std::string(SCANSCOPE_SOURCE_DIR) + "/assets/lessons"))
    for (const LessonStep& s : l.steps) offered += !s.exercise.empty();
  EXPECT_GE(offered, 2);
  const auto root = std::filesystem::temp_directory_path() / ("scanscope_exercise_lessons_" + std::to_string(::getpid()));
  std::filesystem::create_directories(root / "lessons");
  std::filesystem::create_directories(root / "exercises");
  std::filesystem::copy_file(kExercises + "/first-add.exercise", root / "exercises" / "first-add.exercise");
  const std::string lesson = "lesson: x\ntitle: X\nstep: a\nkernel: reduce-sequential\nn: 8\nexercise: ";
  std::ofstream(root / "lessons" / "01-x.lesson") << lesson << "first-add\ntext: t\n";
  const std::vector<Lesson> ok = load_lessons((root / "lessons").string());
  ASSERT_EQ(ok.size(), 1u);
  EXPECT_EQ(ok[0].steps[0].exercise, "first-add");
  std::ofstream(root / "lessons" / "01-x.lesson") << lesson << "second-add\ntext: t\n";
  try {
    load_lessons((root / "lessons").string());
    FAIL() << "loaded";
  } catch (const LessonError& e) {
    EXPECT_EQ(std::string(e.what()), (root / "lessons" / "01-x.lesson").string() + ":6: exercise: no exercise 'second-add' (exercises: first-add)");
  }
  std::filesystem::remove_all(root);
}

// With --gpu (on_gpu) every run of a model solution ends with a passing "gpu" outcome: the GPU ran
// the same text to the interpreter's output and shared memory. Runs for real on the GPU machine.
TEST(Exercises, OnAGpuEveryModelSolutionAgreesWithTheGpu) {
  if (!gpu_status().usable) GTEST_SKIP() << "no usable GPU: " << gpu_status().why;
  for (const Exercise& e : load_exercises(kExercises)) {
    SCOPED_TRACE(e.name);
    const CheckReport rep = check_exercise(e, read_exercise_file(e.solution_path), e.solution_path, /*on_gpu=*/true);
    EXPECT_TRUE(rep.passed) << failures(rep);
    size_t gpu = 0;
    for (const CheckOutcome& c : rep.checks)
      if (c.check == "gpu") {
        ++gpu;
        EXPECT_TRUE(c.passed) << c.sentence;
        EXPECT_NE(c.sentence.find("us as written"), std::string::npos) << c.sentence;
      }
    EXPECT_EQ(gpu, e.runs.size());
  }
}
