// The window's Run with a hostile kernel text (docs/kernel-files.md, "Limits"): the same engine as
// the command line, so the same one-line error, shown in the form and a toast, quickly, and the
// trace on screen stays (a fault: what ran up to it is shown instead).
#include <gtest/gtest.h>

#include <string>

#include "app_state.h"
#include "engine/cuda/limits.h"
#include "engine/kernel_file.h"

using namespace scanscope;

namespace {

// Runs `text` in place of kernels/app/hostile.cu in a window that shows scan-blelloch at n=8;
// returns the form's error and checks that the old trace stays (a text that does not run: a toast
// says why) or, for a fault while it runs, that the trace up to the fault replaces it (the banner
// says why).
std::string run_hostile(const std::string& text, bool faults = false) {
  AppState s;
  TraceRequest good;
  good.kernel = "scan-blelloch";
  good.n = 8;
  EXPECT_TRUE(run_request(s, good, Device::Cpu));
  TraceRequest r;
  r.source = kernel_dir() + "/app/hostile.cu";
  r.source_text = text;
  r.has_source_text = true;
  EXPECT_FALSE(run_request(s, r, Device::Cpu));  // each limit counts work; a hang is ctest's timeout
  if (faults) {
    EXPECT_EQ(s.trace.steps.back().label, "up to the fault");
    EXPECT_EQ(s.output_note.rfind("Kernel fault at line ", 0), 0u) << s.output_note;
  } else {
    EXPECT_EQ(s.trace.kernel, "scan-blelloch");
    EXPECT_EQ(s.trace.n, 8);
    EXPECT_FALSE(s.toasts.empty() || !s.toasts.back().error);
  }
  EXPECT_EQ(s.form_error.find('\n'), std::string::npos);
  return s.form_error;
}

}  // namespace

TEST(WindowHostileSources, EachLimitIsOneLineInTheForm) {
  const std::string launch = "// launch: k<<<1, 1>>>(out)\n";
  EXPECT_EQ(run_hostile(launch + "__global__ void k(int *out) { out[0] = " + std::string(20000, '(') + "1" + std::string(20000, ')') + "; }\n"),
            "kernels/app/hostile.cu:2:238: nested more than 200 levels deep (parentheses, operators, calls, blocks or statements)");
  std::string bomb = launch + "#define A0 x\n";
  for (int i = 1; i <= 40; ++i) bomb += "#define A" + std::to_string(i) + " A" + std::to_string(i - 1) + " A" + std::to_string(i - 1) + "\n";
  EXPECT_EQ(run_hostile(bomb + "__global__ void k(int *out) { int x = 0; out[0] = A40; }\n"),
            "kernels/app/hostile.cu:43:51: macro expansion comes to more than 1000000 tokens (at macro 'A4': a macro that uses another many times?)");
  EXPECT_EQ(run_hostile("// launch: k<<<1, 1024>>>(out)\n__global__ void k(int *out) { while (1) { } }\n", true),
            "kernels/app/hostile.cu:2:31: thread 0: the block ran more than 50000000 instructions: a loop that never ends? (thread 0 was here)");
  const std::string huge = launch + "// " + std::string(cuda::kMaxSourceBytes, 'x') + "\n";
  EXPECT_EQ(run_hostile(huge), "kernels/app/hostile.cu: " + std::to_string(huge.size()) + " bytes, more than the 1 MiB a kernel file may have");
}
