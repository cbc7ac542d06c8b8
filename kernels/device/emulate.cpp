// The device-wide strategies on the CPU: the launch sequences of strategies.h run with EmuExec.
#include "kernels/device/emu_exec.h"
#include "kernels/device/strategies.h"

namespace scanscope {
namespace device {

size_t workspace_bytes(Strategy s, long long n, int max_blocks) {
  SizeExec ex;
  Carve ws;
  run_strategy<OpSum, float>(ex, s, nullptr, nullptr, n, false, ws, max_blocks);
  return ws.used;
}

template <class T>
std::vector<T> emulate(Strategy s, const std::vector<T>& in, bool inclusive, int max_blocks, int* launches) {
  const long long n = static_cast<long long>(in.size());
  std::vector<char> ws_buf(workspace_bytes(s, n, max_blocks) + 256, 0);
  Carve ws;
  ws.base = ws_buf.data();
  bool scan = false;
  for (const auto& info : strategies())
    if (info.strategy == s) scan = info.scan;
  std::vector<T> out(scan ? in.size() : 1, T(-12345));  // poisoned: every element must be written
  EmuExec<T> ex;
  run_strategy<OpSum, T>(ex, s, in.data(), out.data(), n, inclusive, ws, max_blocks);
  if (launches) *launches = ex.launches;
  return out;
}

template std::vector<int> emulate<int>(Strategy, const std::vector<int>&, bool, int, int*);
template std::vector<float> emulate<float>(Strategy, const std::vector<float>&, bool, int, int*);

}  // namespace device
}  // namespace scanscope
