// What the user makes goes to the XDG folders, never beside the program: the data folder's
// location, Save As of a built-in kernel suggesting (and making) $XDG_DATA_HOME/scanscope/my-kernels,
// and each exercise's version kept in $XDG_DATA_HOME/scanscope/my-exercises for the next session.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app_state.h"
#include "editor.h"
#include "settings.h"

using namespace scanscope;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
  fs::path d = fs::temp_directory_path() / ("scanscope-user-data-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Sets an environment variable for the scope of one test.
class EnvVar {
 public:
  EnvVar(const char* name, const char* value) : name_(name) {
    if (const char* v = std::getenv(name)) saved_ = v, had_ = true;
    if (value) setenv(name, value, 1);
    else unsetenv(name);
  }
  ~EnvVar() {
    if (had_) setenv(name_, saved_.c_str(), 1);
    else unsetenv(name_);
  }

 private:
  const char* name_;
  std::string saved_;
  bool had_ = false;
};

void try_padding_exercise(AppState& s) {
  s.options.device = Device::Cpu;
  s.form.device = 1;
  load_lesson_list(s);
  const int li = find_lesson_index(s, "padding");
  ASSERT_GE(li, 0);
  const auto& steps = s.lesson.lessons[li].steps;
  int k = 0;
  while (k < static_cast<int>(steps.size()) && steps[k].exercise != "pad-blelloch") ++k;
  ASSERT_LT(k, static_cast<int>(steps.size()));
  ASSERT_TRUE(open_lesson_step(s, li, k));
  try_exercise(s);
  ASSERT_TRUE(exercise_in_editor(s));
}

}  // namespace

TEST(UserData, XdgDataHomeElseHomeLocalShare) {
  EnvVar home("HOME", "/home/student");
  {
    EnvVar xdg("XDG_DATA_HOME", "/data/xdg");
    EXPECT_EQ(user_data_dir(), "/data/xdg/scanscope");
  }
  {
    EnvVar xdg("XDG_DATA_HOME", "relative/xdg");  // the XDG spec: a relative path is ignored
    EXPECT_EQ(user_data_dir(), "/home/student/.local/share/scanscope");
  }
  {
    EnvVar xdg("XDG_DATA_HOME", nullptr);
    EXPECT_EQ(user_data_dir(), "/home/student/.local/share/scanscope");
    EnvVar nohome("HOME", nullptr);
    EXPECT_EQ(user_data_dir(), "");
  }
}

TEST(UserData, SaveAsOfABuiltInKernelGoesToTheDataFolderAndMakesIt) {
  const fs::path d = scratch("save");
  AppState s;
  s.editor.save_dir = (d / "scanscope" / "my-kernels").string();  // what start_app sets from user_data_dir()
  TraceRequest r;
  r.kernel = "scan-blelloch";
  r.n = 16;
  ASSERT_TRUE(run_request(s, r, Device::Cpu)) << s.form_error;
  ASSERT_TRUE(s.editor.builtin);
  s.editor.text += "\n// mine\n";
  editor_ask_save_as(s.editor);
  const std::string suggested = s.editor.path_buf;
  EXPECT_EQ(suggested, s.editor.save_dir + "/scan-blelloch-edit.cu");
  ASSERT_FALSE(fs::exists(s.editor.save_dir));
  ASSERT_TRUE(editor_save_as(s, suggested)) << s.editor.prompt_error;
  EXPECT_EQ(slurp(suggested), s.editor.text);
  EXPECT_EQ(s.editor.path, suggested);
  fs::remove_all(d);
}

TEST(UserData, SaveAsElsewhereDoesNotMakeFolders) {
  const fs::path d = scratch("elsewhere");
  AppState s;
  s.editor.save_dir = (d / "data" / "kernels").string();
  TraceRequest r;
  r.kernel = "scan-blelloch";
  r.n = 16;
  ASSERT_TRUE(run_request(s, r, Device::Cpu)) << s.form_error;
  EXPECT_FALSE(editor_save_as(s, (d / "no-such-folder" / "x.cu").string()));  // a missing folder is the user's mistake
  EXPECT_FALSE(fs::exists(d / "no-such-folder"));
  fs::remove_all(d);
}

TEST(UserData, AnExercisesVersionComesBackInTheNextSession) {
  const fs::path d = scratch("exercise");
  const std::string dir = (d / "scanscope" / "my-exercises").string();
  std::string mine;
  {
    AppState s;
    s.exercise.save_dir = dir;
    try_padding_exercise(s);
    mine = s.editor.text + "\n// my padding, half done\n";
    s.editor.text = mine;
    ASSERT_TRUE(editor_run(s));  // each Run keeps the version
    EXPECT_EQ(slurp(saved_exercise_path(s, "pad-blelloch")), mine);
  }
  {
    AppState s;  // the next session
    s.exercise.save_dir = dir;
    try_padding_exercise(s);
    EXPECT_EQ(s.editor.text, mine);
    // Back to the start: the version is the start again, so no file is kept.
    s.editor.text = s.editor.original;
    ASSERT_TRUE(editor_run(s));
    EXPECT_FALSE(fs::exists(saved_exercise_path(s, "pad-blelloch")));
  }
  {
    AppState s;
    s.exercise.save_dir = dir;
    try_padding_exercise(s);
    EXPECT_EQ(s.editor.text, s.editor.original);
  }
  fs::remove_all(d);
}

TEST(UserData, WithoutASaveDirNothingIsWritten) {
  // Tests and --screenshot runs: start_app leaves save_dir empty.
  AppState s;
  try_padding_exercise(s);
  EXPECT_EQ(saved_exercise_path(s, "pad-blelloch"), "");
  s.editor.text += "\n// x\n";
  ASSERT_TRUE(editor_run(s));
}
