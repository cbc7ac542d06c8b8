// All of the window's state in one struct (no function statics), and the actions on it that do
// not need ImGui: running a request, stepping, playing, the comparison partner, toasts.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <tuple>
#include <string>
#include <thread>
#include <vector>

#include "bench/bench.h"
#include "timing_model.h"
#include "demos/float_order.h"
#include "demos/histeq.h"
#include "formats/lesson.h"

#include "editor.h"
#include "exercise_state.h"
#include "keys.h"
#include "layout.h"
#include "window_options.h"
#include "settings.h"
#include "engine/trace.h"

namespace scanscope {

struct Toast {
  std::string text;
  double until = 0;  // AppState::time when it disappears
  bool error = false;
};

// The run form of the sidebar, as the user edits it.
struct RunForm {
  int kernel = 0;          // index into kernel_files()
  int n = 16;
  int threads = 0;
  int banks = 32;          // 32 or 16 (16 = G80: half-warps)
  int pad = 0;             // Pad
  int op = 0;              // Operator
  int type = 0;            // ValueType
  int input_mode = 0;      // 0 random, 1 typed list, 2 preset
  char input_text[1024] = "";
  int seed = 1;
  int preset = 0;
  int device = 0;          // auto, cpu, gpu
  // What the form has no field for, kept from the request it was filled from (a --source file
  // and --entry, -D macros, --scan, --bits): Run passes them on while that kernel stays selected.
  TraceRequest kept;
  bool use_source = false;  // the kernel is kept.source, not kernel_files()[kernel]
  bool source_pad = false;  // kept.source takes --pad
};

// A benchmark sweep running on a background thread (start_sweep; the timing panel asks for it,
// shows its progress and cancels it).
struct BenchJob {
  std::thread worker;
  std::atomic<bool> cancel{false};
  std::atomic<bool> finished{false};
  std::mutex mu;  // guards the fields below
  int done = 0, total = 0;
  std::string label;
  BenchResults partial;  // the points so far (run_bench's on_point), drawn while the sweep runs
  int partial_version = 0, shown_version = 0;
  double min_n = 0, max_n = 0;  // the sweep's sizes: the plot's n axis while it runs
  BenchResults result;
  std::string error;
  ~BenchJob() {
    cancel = true;
    if (worker.joinable()) worker.join();
  }
};

// A lesson step resolved: its kernel resolved (resolve_lesson_step), then its trace and comparison
// run on the CPU (run_lesson_step: its `at` and placeholders against them). The window resolves a
// step when it first opens it (or lesson_step_resolution asks), once: the result is kept.
struct StepResolution {
  std::string error;  // the LessonError that refuses the step ("FILE:LINE: ..."); "": it opens
  // The step's kernel, resolved: every opening of the step runs it (run_request) without resolving
  // it again. Null for a step without a kernel, or one that does not resolve.
  std::shared_ptr<const ResolvedKernel> kernel;
};

// The guided lessons (formats/lesson.h): those that loaded, and where the user is in one.
struct LessonState {
  bool loaded = false;
  std::vector<Lesson> lessons;     // the files that parsed, sorted by file name
  std::vector<std::string> errors; // LessonError::what() of those that did not ("file:line: ...")
  int active = -1;                 // index into lessons; -1: no lesson open
  int step = 0;
  bool answer_shown = false;
  bool confirm_leave = false;      // "Leave the lesson?" is asked (Esc with an exercise's verdict on screen)
  // Pixels the lesson box needs beyond its share to show the step's text, question and answer
  // whole (measured by the box as it draws; the layout adds them, up to its limit), and the
  // (lesson, step, answer shown) they were measured for.
  float grow = 0;
  std::tuple<int, int, bool> grow_for{-1, -1, false};
  std::vector<std::string> panels_before;  // restored when the lesson is left
  FilledStep shown;                // the open step's text, question and answer, placeholders filled
  // (lesson, step) resolved so far, each once (lesson_step_resolution). The files load with
  // LessonResolve::OnDemand: the list costs no kernel resolution, a step its own when first opened.
  std::map<std::pair<int, int>, StepResolution> resolved;
  long long resolutions = 0;  // the steps this window resolved (tests count them: each at most once)
};

// The float-order view: one report per data kind, computed when first shown.
struct FloatOrderView {
  int kind = 0;  // index into float_order_kinds()
  unsigned seed = 1;
  int n = 65536;
  int computed_kind = -1;
  unsigned computed_seed = 0;
  FloatOrderReport report;
  std::string error;
};

// The histogram-equalization view: the picture, its equalization, and where it came from.
struct HistEqView {
  bool ready = false;
  int generation = 0;  // bumped whenever image/eq change (the view re-uploads its textures)
  GrayImage image;
  Equalization eq;
  std::string source;  // "synthetic" or the file's path
  char path_buf[512] = "";
};

struct AppState {
  WindowOptions options;
  Settings settings;
  std::string settings_path;  // "" = do not persist (screenshot runs)

  bool have_trace = false;
  int trace_generation = 0;   // bumped whenever trace or compare changes: panels cache by it
  Trace trace;
  TraceRequest request;
  std::string where;          // run_trace's explanation of where it ran
  // A grid trace (every block of every launch, Trace::is_grid): `grid` holds it; `trace` is the
  // block the panels show (grid_model.h block_trace) and `step` a step of that block.
  bool have_grid = false;
  Trace grid;
  int grid_launch = 0, grid_block = 0;
  int grid_inst = 0;  // the grid panel's global warp-instruction of the step
  bool have_predicted = false;
  Trace predicted;            // the emulator's prediction beside a GPU measurement

  bool have_compare = false;
  Trace compare;
  std::string compare_pad, compare_kernel;  // what the partner differs in
  bool compare_original = false;  // the partner runs the editor's original text (with compare_pad when set)
  bool compare_swap = false;      // the comparison shows the partner as A and the trace as B

  int step = 0, prev_step = 0;
  float anim = 1.0f;          // 0 -> 1 while the view moves from prev_step to step
  bool playing = false;
  double play_clock = 0;

  int selected_warp = 0;
  int selected_inst = 0;
  float tree_zoom = 1.0f, tree_pan = 0.0f;

  std::vector<std::string> panels;
  RunForm form;
  std::string form_error;
  char path_buf[512] = "trace.json";
  char png_buf[512] = "scanscope.png";
  char bench_buf[512] = "";

  bool have_bench = false;
  BenchResults bench;
  std::string bench_origin;            // file it came from, or "sweep on this machine"
  std::unique_ptr<BenchJob> bench_job;  // null when no sweep runs
  TimingState timing;                   // the timing panel's series, preset and view (timing_model.h)

  // The current trace's output against the CPU reference, and why it is wrong when it is.
  bool output_ok = true;
  std::string output_note;

  EditorState editor;  // the kernel editor (editor.h): the text, its file, errors, the prompts

  LessonState lesson;
  ExerciseState exercise;  // the lessons' exercises (exercise_state.h): loaded ones, each one's work
  FloatOrderView float_order;
  HistEqView histeq;

  std::vector<Toast> toasts;
  double time = 0;
  bool fullscreen = false;
  bool toggle_fullscreen = false;
  std::string export_png_path;  // set by the UI: write the next frame to this file
  bool style_dirty = true;      // presenter / scale changed: rebuild fonts and style
  bool quit = false;            // the window may close (request_close, once unsaved changes are answered)

  // Keys and the layout around the panels (keys.h).
  std::vector<KeyPress> key_queue;  // presses since the last frame, in order (the shell queues them)
  bool sidebar_hidden = false;      // Tab, or the sidebar's "<<" button
  bool help_open = false;           // F1 or ?: the help overlay with the keys
  bool welcome_open = false;   // the start screen: the lessons in order, the exercises, your own kernel (welcome_items)
  std::string focus_panel;          // F: this panel fills the main area ("" : the tiling)
  bool compiler_notes_shown = false;  // N (or a click on the code panel's header): the line's compiler notes in full under it
  std::string hovered_panel;        // the panel under the mouse in the last frame
  LayoutReport layout_report;       // what the panels had to shrink, thin out or leave out, this frame
  // The resolutions of the request shown first (resolve_count(request)) when the start-up was done,
  // before the first frame: the command line's checks and the first run share one (an edit
  // script's `print` says how many).
  long long startup_resolutions = 0;
  // The process's work up to the first frame (the command line's and the start-up's together):
  // lesson steps resolved (lesson_step_resolutions: none at a plain start, the step asked for with
  // --lesson) and kernel resolutions of any request (resolve_count()).
  long long startup_lesson_steps = 0, startup_all_resolutions = 0;
};

void toast(AppState& s, const std::string& text, bool error);
// A question is open (the editor's, or the model solution's): it has the keys.
bool question_open(const AppState& s);

// Runs a request (on the device asked for), catching bad values and engine errors as a toast and
// form_error; keeps the old trace when it fails. Returns success. `resolved`, when not null, is `r`
// already resolved (the command line's, at start-up): it runs without resolving the file again.
bool run_request(AppState& s, const TraceRequest& r, Device device, const ResolvedKernel* resolved = nullptr);
// Shows a loaded trace.
void show_trace(AppState& s, Trace t, const std::string& where);
// Recomputes the comparison partner from compare_pad / compare_kernel / compare_original (clears
// it when none is set). Run calls it, so a partner of the edited text follows each Run.
bool update_compare(AppState& s);
// The comparison partner: the editor's original text, with padding `pad` ("" keeps the trace's):
// "my edit vs the original" (or the paper's padding). Returns update_compare's success.
bool compare_with_original(AppState& s, const std::string& pad);
void clear_compare(AppState& s);
// One side of the comparison named: kernel, padding, banks, and "my edit" / "original" where the
// editor's text is one of them. `partner`: the partner's side, else the trace's.
std::string compare_side_label(const AppState& s, bool partner);

int step_count(const AppState& s);
// printf's output as the console panel shows it: every line printed up to the step shown (a grid
// trace: all blocks' up to that block's step), in the trace's order (launch, block, step, thread),
// each with where it came from; `current`: printed in the step shown. At most `max_lines` (the
// last ones), `left_out` says how many earlier ones are not listed.
struct ConsoleLine {
  std::string where;  // "thread 3" or "block 1, thread 3" (several blocks or launches: "launch 2, block 1, thread 3")
  std::string text;
  bool current = false;
};
struct ConsoleView {
  std::vector<ConsoleLine> lines;
  int left_out = 0;
  int total = 0;  // the trace's lines in all
};
ConsoleView console_lines(const AppState& s, int max_lines = 2000);
// Is the step shown the last one of a trace stopped by a fault (Trace::fault), in the block that faulted?
bool at_fault_step(const AppState& s);
// One step forward or back; in a grid trace it goes on into the next block (or launch) after the
// block's last step, and back into the previous one before its first. False at either end.
bool step_by(AppState& s, int delta);
// A grid trace's step (its index in s.grid.steps): the block it belongs to becomes s.trace.
void select_grid_step(AppState& s, int grid_step);
// The grid step shown now (-1 without a grid trace).
int current_grid_step(const AppState& s);
void set_step(AppState& s, int step);
// Advances animation and playback by dt seconds.
void advance(AppState& s, double dt);
bool animating(const AppState& s);

// Lessons (lesson_state.cpp). Loads every *.lesson of dir (default asset_dir()/lessons) one file at a
// time: a file that fails becomes a toast naming file:line, the others stay usable.
void load_lesson_list(AppState& s, const std::string& dir = "");
// By name ("padding") or file stem ("06-padding"); -1 when there is none.
int find_lesson_index(const AppState& s, const std::string& name);
// Opens a lesson's step: its kernel and options, trace step, panels, comparison partner or view.
// The exercise the editor held is kept (keep_exercise_text) and let go; a step whose exercise was
// tried before opens it again, with the student's version (unless the editor holds unsaved
// changes of another text). Returns false (with a toast) when the lesson or step does not exist.
bool open_lesson_step(AppState& s, int lesson, int step);
// A step's resolution (StepResolution): the kept one, else the step resolved now and kept (the
// only place the window resolves a lesson step; LessonState::resolutions counts it). The lesson
// and step must exist.
const StepResolution& lesson_step_resolution(AppState& s, int lesson, int step);
// The start screen (issue 24's first contact): every lesson in order, each step that offers an
// exercise, and the way to a kernel of one's own. A lesson item opens its step (go_lesson_step)
// and closes the screen.
struct WelcomeItem {
  std::string label;
  int lesson = -1, step = 0;
};
struct WelcomeItems {
  std::vector<WelcomeItem> lessons, exercises;
};
WelcomeItems welcome_items(const AppState& s);
void choose_welcome(AppState& s, const WelcomeItem& item);
// The lesson menu's and the lesson box's way to a step: open_lesson_step, after asking when the
// step's kernel (or its exercise's kept text) would replace unsaved edits in the editor. An
// exercise's text is kept, not asked about.
void go_lesson_step(AppState& s, int lesson, int step);
// Leaves the lesson; the editor keeps the exercise's text (kept as its work too).
void leave_lesson(AppState& s);
// Esc and the Leave button: leaves at once, except while an exercise is tried (its verdict on
// screen, a stray Esc after Ctrl+Enter would lose it): then asks (LessonState::confirm_leave),
// and answer_leave_lesson leaves (true) or stays.
void ask_leave_lesson(AppState& s);
void answer_leave_lesson(AppState& s, bool leave);
const LessonStep* current_lesson_step(const AppState& s);
// "step 2 of 4"
std::string lesson_progress(const AppState& s);

// Views without a trace (view_state.cpp).
const std::vector<std::string>& float_order_kinds();  // uniform, mixed, cancel
void update_float_order(AppState& s);                 // recomputes when kind or seed changed
// Equalizes an image (the synthetic one when path is empty); errors become a toast and keep the old.
bool load_histeq(AppState& s, const std::string& path);
// Shows the equalization's traced scan in the normal panels.
void show_histeq_scan(AppState& s);
// The recording the timing view shows unless one is loaded: the shipped one of this machine's GPU
// (gpu_status().name), else assets/bench/h200-int.json (default_recording in bench_view.h).
bool ensure_timing_bench(AppState& s);
// Shows preset p's series (the toolbar's choice, a lesson step's timing-preset); where the shown
// recording is a shipped one lacking some of them, the shipped one holding the most of them.
void choose_timing_preset(AppState& s, const TimingPreset& p);
// The shipped recordings (asset_dir()/bench), listed once.
const RecordingList& timing_recordings(AppState& s);
// Shows a recording file (errors: a toast, the old one kept).
bool load_timing_recording(AppState& s, const std::string& path);
// The benchmark sweep on a background thread: run_bench of sweep_kernels(the shown series) at
// 2^10..2^22 (the preset's sizes for Harris Table 2 and Oancea), or of `kernels` at `sizes` when
// given. Its points replace the picture's as they come (collect_sweep, every frame); a finished
// sweep's results stay, and so do a cancelled one's points. start: nothing when one runs or there
// is nothing to time here (sweep_blocked says why).
// `after_point` (tests): called on the sweep's thread after each new set of points is published,
// with the number of points; it may wait (the sweep waits with it).
void start_sweep(AppState& s, const std::vector<std::string>& kernels = {}, const std::vector<long long>& sizes = {},
                 std::function<void(size_t)> after_point = {});
std::string sweep_blocked(const AppState& s);  // "" when a sweep of the shown series can start
void collect_sweep(AppState& s);
struct SweepProgress {
  bool running = false;
  int done = 0, total = 0;
  std::string label;
  double min_n = 0, max_n = 0;
};
SweepProgress sweep_progress(const AppState& s);
void cancel_sweep(AppState& s);

// The request that reproduces a trace (for a loaded trace: its kernel, sizes, options and input).

// The red note for a trace whose output is wrong: the check's reason and, where it is known, why
// (a deliberately broken kernel, a non-commutative operator on a kernel that reorders operands).
std::string wrong_result_note(const Trace& t, const std::string& why);

// The run form from a request and back (back throws UsageError for bad values).
void form_from_request(RunForm& f, const TraceRequest& r, Device d);
TraceRequest request_from_form(const RunForm& f, Device* device);
Device form_device(const RunForm& f);
// Does the form's kernel take --pad (the padding box is shown; Run drops the padding otherwise)?
bool form_takes_pad(const RunForm& f);

}  // namespace scanscope
