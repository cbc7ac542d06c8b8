// The window's start-up without a window (startup.h): the AppState the options ask for (panels,
// settings, first trace, recorded sweep, lesson, step), the window's size, the settings written
// back, and the clear errors of bad options. The same function the window runs before it opens.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "engine/assets.h"
#include "keys.h"
#include "model.h"
#include "settings.h"
#include "startup.h"

using namespace scanscope;

namespace {

WindowOptions cpu_options() {
  WindowOptions o;
  o.device = Device::Cpu;
  return o;
}

std::string temp_dir(const std::string& name) {
  auto d = std::filesystem::temp_directory_path() / ("scanscope_startup_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d.string();
}

// The message of the UsageError that start_app throws for the default options changed by `set`
// ("" when it throws none).
template <class Set>
std::string usage_error(Set set) {
  WindowOptions o = cpu_options();
  set(o);
  AppState s;
  try {
    start_app(s, o, "");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(WindowStartup, NoOptionsShowTheDefaultKernelInTheDefaultPanels) {
  AppState s;
  const WindowSize size = start_app(s, cpu_options(), "");
  EXPECT_TRUE(s.have_trace);
  EXPECT_EQ(s.trace.kernel, "scan-blelloch");
  EXPECT_EQ(s.panels, default_panels());
  EXPECT_EQ(s.step, 0);
  EXPECT_TRUE(s.settings_path.empty());  // no settings folder: nothing read, nothing written
  EXPECT_TRUE(s.lesson.loaded);
  EXPECT_EQ(s.lesson.active, -1);
  EXPECT_EQ(size.width, 1600);
  EXPECT_EQ(size.height, 900);
}

TEST(WindowStartup, EveryPanelOfTheTableCanBeAskedFor) {
  for (const PanelInfo& p : kPanels) {
    WindowOptions o = cpu_options();
    o.panels = p.name;
    AppState s;
    start_app(s, o, "");
    EXPECT_EQ(s.panels, std::vector<std::string>{p.name});
  }
  WindowOptions o = cpu_options();
  o.panels = panel_name_list(",");
  AppState s;
  start_app(s, o, "");
  EXPECT_EQ(s.panels.size(), std::size(kPanels));
}

TEST(WindowStartup, ARequestAStepAndAComparisonPartner) {
  WindowOptions o = cpu_options();
  o.have_request = true;
  o.request.kernel = "reduce-interleaved";
  o.request.n = 64;
  o.compare_kernel = "reduce-sequential";
  o.step = 2;
  o.width = 1280;
  o.presenter = true;
  AppState s;
  const WindowSize size = start_app(s, o, "");
  EXPECT_EQ(s.trace.kernel, "reduce-interleaved");
  EXPECT_TRUE(s.have_compare);
  EXPECT_EQ(s.panels, (std::vector<std::string>{"tree", "compare", "smem", "warps"}));
  EXPECT_EQ(s.step, 2);
  EXPECT_TRUE(s.settings.presenter);
  EXPECT_EQ(size.width, 1280);
  EXPECT_EQ(size.height, 720);  // 16:9
}

TEST(WindowStartup, ALessonOpensItsStepWithTheAnswerWhenAsked) {
  WindowOptions o = cpu_options();
  o.lesson = "race";
  o.lesson_step = 1;
  o.show_answer = true;
  AppState s;
  start_app(s, o, "");
  ASSERT_NE(current_lesson_step(s), nullptr);
  EXPECT_EQ(s.lesson.lessons[s.lesson.active].name, "race");
  EXPECT_EQ(s.lesson.step, 1);
  EXPECT_TRUE(s.lesson.answer_shown);
  o.show_answer = false;
  AppState t;
  start_app(t, o, "");
  EXPECT_FALSE(t.lesson.answer_shown);
}

TEST(WindowStartup, ARecordedSweepAddsTheTimingPanel) {
  WindowOptions o = cpu_options();
  o.bench_path = asset_dir() + "/bench/h200-int.json";
  AppState s;
  start_app(s, o, "");
  EXPECT_TRUE(s.have_bench);
  EXPECT_EQ(s.bench_origin, o.bench_path);
  EXPECT_EQ(s.panels.back(), "timing");
}

TEST(WindowStartup, ATraceTheCommandLineLoadedIsShownWithoutReadingTheFileAgain) {
  AppState first;
  start_app(first, cpu_options(), "");
  WindowOptions o = cpu_options();
  o.open_path = "/nonexistent/trace.json";
  o.opened_trace = std::make_shared<Trace>(first.trace);
  AppState s;
  start_app(s, o, "");
  EXPECT_EQ(s.trace.kernel, first.trace.kernel);
  EXPECT_EQ(s.where, "loaded from /nonexistent/trace.json");
}

TEST(WindowStartup, BadOptionsAreTheCommandLinesMessages) {
  using O = WindowOptions;
  const auto npos = std::string::npos;
  EXPECT_NE(usage_error([](O& o) { o.panels = "tree,bogus"; }).find("unknown panel 'bogus'"), npos);
  EXPECT_NE(usage_error([](O& o) { o.step = 99; }).find("--step 99 is out of range"), npos);
  EXPECT_NE(usage_error([](O& o) { o.lesson = "no-such-lesson"; }).find("no-such-lesson"), npos);
  EXPECT_NE(usage_error([](O& o) { o.width = 200; }).find("--size must be from 320 to 7680 pixels, not 200"), npos);
  EXPECT_NE(usage_error([](O& o) { o.width = 2147483647; }).find("--size must be from 320 to 7680 pixels, not 2147483647"), npos);
  // the stated range from its start: 320 to 355 (a height under 200) were once refused
  EXPECT_EQ(usage_error([](O& o) { o.width = 320; }), "");
  EXPECT_EQ(usage_error([](O& o) { o.width = 355; }), "");
  // The scripted runs' options only where they mean something.
  EXPECT_NE(usage_error([](O& o) { o.frame_stats = true; }).find("--frame-stats needs --screenshot"), npos);
  EXPECT_NE(usage_error([](O& o) { o.lesson_walk = "/tmp"; }).find("--lesson-walk needs --screenshot"), npos);
  EXPECT_NE(usage_error([](O& o) {
              o.screenshot_path = "/tmp/x.png";
              o.exit_after_frames = 3;
            }).find("--exit-after-frames"),
            npos);
  EXPECT_EQ(usage_error([](O&) {}), "");
}

TEST(WindowStartup, TheSettingsAreReadAtTheStartAndWrittenAtTheEnd) {
  const std::string dir = temp_dir("settings");
  Settings saved;
  saved.kernel = "reduce-sequential";
  saved.panels = "tree,code";
  saved.width = 1000;
  saved.height = 700;
  saved.sidebar = false;
  save_settings(dir + "/settings.ini", saved);

  AppState s;
  WindowSize size = start_app(s, cpu_options(), dir);
  EXPECT_EQ(s.settings_path, dir + "/settings.ini");
  EXPECT_TRUE(s.sidebar_hidden);  // hidden when the window was closed
  EXPECT_EQ(s.trace.kernel, "reduce-sequential");  // the kernel run last
  EXPECT_EQ(s.panels, (std::vector<std::string>{"tree", "code"}));
  EXPECT_EQ(size.width, 1000);
  EXPECT_EQ(size.height, 700);

  s.panels = {"warps", "smem"};
  s.sidebar_hidden = false;  // Tab
  save_app_settings(s, 1200, 800);
  const Settings back = load_settings(dir + "/settings.ini");
  EXPECT_TRUE(back.sidebar);
  EXPECT_EQ(back.panels, "warps,smem");
  EXPECT_EQ(back.kernel, "reduce-sequential");
  EXPECT_EQ(back.width, 1200);
  EXPECT_EQ(back.height, 800);

  // A screenshot run is given no settings folder: the defaults, whatever was saved.
  WindowOptions o = cpu_options();
  o.screenshot_path = "/tmp/never.png";
  AppState shot;
  size = start_app(shot, o, "");
  EXPECT_EQ(shot.trace.kernel, "scan-blelloch");
  EXPECT_EQ(shot.panels, default_panels());
  EXPECT_FALSE(shot.sidebar_hidden);
  EXPECT_EQ(size.width, 1600);
  std::filesystem::remove_all(dir);
}

// The start screen (issue 24, first contact): the first start of a window given nothing to show
// opens with it; a later start, or one given a kernel or a lesson, does not; --welcome asks for
// it. It lists every lesson in order and every step with an exercise; a choice opens that step.
TEST(WindowStartup, TheFirstStartOpensTheStartScreen) {
  const std::string dir = temp_dir("welcome");
  {
    AppState s;
    start_app(s, cpu_options(), dir);
    EXPECT_TRUE(s.welcome_open);
    save_app_settings(s, 1280, 720);  // what closing the window does
  }
  ASSERT_TRUE(std::filesystem::exists(dir + "/settings.ini"));
  {
    AppState s;
    start_app(s, cpu_options(), dir);
    EXPECT_FALSE(s.welcome_open);  // not a newcomer any more
  }
  {
    AppState s;
    WindowOptions o = cpu_options();
    o.welcome = true;
    start_app(s, o, dir);
    EXPECT_TRUE(s.welcome_open);
    KeyPress esc;
    esc.key = "escape";
    EXPECT_TRUE(apply_key(s, esc));  // Esc explores the trace behind it
    EXPECT_FALSE(s.welcome_open);
  }
  std::filesystem::remove_all(dir);
  const std::string fresh = temp_dir("welcome_lesson");
  {
    AppState s;
    WindowOptions o = cpu_options();
    o.lesson = "padding";
    start_app(s, o, fresh);
    EXPECT_FALSE(s.welcome_open);  // asked for something: shown that
  }
  std::filesystem::remove_all(fresh);
}

TEST(WindowStartup, TheStartScreenListsTheLessonsInOrderAndTheExercises) {
  AppState s;
  WindowOptions o = cpu_options();
  o.welcome = true;
  start_app(s, o, "");
  ASSERT_TRUE(s.welcome_open);
  const WelcomeItems w = welcome_items(s);
  ASSERT_EQ(w.lessons.size(), s.lesson.lessons.size());
  ASSERT_GE(w.lessons.size(), 11u);
  for (size_t i = 0; i < w.lessons.size(); ++i) {
    EXPECT_EQ(w.lessons[i].lesson, static_cast<int>(i));
    EXPECT_EQ(w.lessons[i].label.rfind(std::to_string(i + 1) + ". " + s.lesson.lessons[i].title, 0), 0u) << w.lessons[i].label;
  }
  ASSERT_GE(w.exercises.size(), 3u);
  int with_exercise = 0;
  for (const Lesson& l : s.lesson.lessons)
    for (const LessonStep& st : l.steps) with_exercise += !st.exercise.empty();
  EXPECT_EQ(static_cast<int>(w.exercises.size()), with_exercise);
  const WelcomeItem pick = w.exercises.front();
  choose_welcome(s, pick);
  EXPECT_FALSE(s.welcome_open);
  EXPECT_EQ(s.lesson.active, pick.lesson);
  EXPECT_EQ(s.lesson.step, pick.step);
  ASSERT_NE(current_lesson_step(s), nullptr);
  EXPECT_FALSE(current_lesson_step(s)->exercise.empty());
}

// The request the command line resolved (WindowOptions::resolved) is the first run's: start_app
// resolves that request again (resolve_count(request), the engine's counter); without it, once.
TEST(WindowStartup, AResolvedRequestIsNotResolvedAgain) {
  WindowOptions o = cpu_options();
  o.have_request = true;
  o.request.kernel = "scan-blelloch";
  o.request.n = 32;
  o.resolved = std::make_shared<ResolvedKernel>(resolve_kernel(o.request));
  const long long before = resolve_count(o.request);  // 1: the one above (the lessons' steps ask other things)
  AppState s;
  start_app(s, o, "");
  EXPECT_EQ(resolve_count(o.request), before);
  ASSERT_TRUE(s.have_trace);
  EXPECT_EQ(s.trace.n, 32);
  o.resolved.reset();
  AppState again;
  start_app(again, o, "");
  EXPECT_EQ(resolve_count(o.request), before + 1);
  EXPECT_EQ(again.trace.steps.size(), s.trace.steps.size());
}

// The lessons load without resolving any step's kernel (LessonResolve::OnDemand): a plain start
// resolves its request and no lesson step. --lesson resolves the step it opens, once; the steps
// opened after it (Next, Prev), each once. A step the command line resolved (lesson_checked,
// lesson_resolved) is not resolved again, nor is its kernel.
TEST(WindowStartup, APlainStartResolvesNoLessonStep) {
  const long long steps = lesson_step_resolutions(), kernels = resolve_count();
  AppState s;
  start_app(s, cpu_options(), "");
  ASSERT_TRUE(s.lesson.loaded);
  ASSERT_GE(s.lesson.lessons.size(), 11u);
  EXPECT_EQ(lesson_step_resolutions(), steps);
  EXPECT_EQ(s.lesson.resolutions, 0);
  EXPECT_TRUE(s.lesson.resolved.empty());
  EXPECT_EQ(resolve_count(), kernels + 1);  // the kernel shown (the command line's resolution, when there is one: none)
}

TEST(WindowStartup, ALessonStartResolvesTheStepItOpensAndEachStepOnce) {
  WindowOptions o = cpu_options();
  o.lesson = "bank-conflicts";
  o.lesson_step = 1;
  const long long steps = lesson_step_resolutions();
  AppState s;
  start_app(s, o, "");
  ASSERT_NE(current_lesson_step(s), nullptr);
  EXPECT_EQ(s.lesson.step, 1);
  EXPECT_EQ(lesson_step_resolutions(), steps + 1);
  EXPECT_EQ(s.lesson.resolutions, 1);
  const int li = s.lesson.active;
  ASSERT_EQ(s.lesson.resolved.size(), 1u);
  EXPECT_EQ(s.lesson.resolved.begin()->first, std::make_pair(li, 1));
  for (int k : {2, 1, 0, 1, 2}) {  // Next, Prev, Prev, Next, Next
    go_lesson_step(s, li, k);
    EXPECT_EQ(s.lesson.step, k);
  }
  EXPECT_EQ(s.lesson.resolutions, 3);
  EXPECT_EQ(lesson_step_resolutions(), steps + 3);
  EXPECT_EQ(lesson_progress(s), "step 3 of 3");

  // As the command line hands it over: the step resolved and checked there.
  const Lesson l = find_lesson("bank-conflicts", "", LessonResolve::OnDemand);
  o.lesson_checked = true;
  o.lesson_resolved = std::make_shared<ResolvedKernel>(resolve_lesson_step(l, l.steps[1]));
  const long long handed = lesson_step_resolutions(), its_kernel = resolve_count(l.steps[1].request);
  AppState t;
  start_app(t, o, "");
  EXPECT_EQ(t.lesson.step, 1);
  EXPECT_EQ(t.lesson.resolutions, 0);
  EXPECT_EQ(lesson_step_resolutions(), handed);
  EXPECT_EQ(resolve_count(l.steps[1].request), its_kernel);
  EXPECT_EQ(t.trace.kernel, l.steps[1].request.kernel);
  EXPECT_EQ(t.step, l.steps[1].at);
}
