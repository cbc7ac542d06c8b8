// The device-wide strategies on the CPU: the registry's launch sequences (strategies.h) run with
// EmuExec (every block of every launch, in order), and with SizeExec for the workspace count.
#include <stdexcept>

#include "kernels/device/compact_device.h"
#include "kernels/device/emu_exec.h"
#include "kernels/device/sort_device.h"
#include "kernels/device/strategies.h"

namespace scanscope {
namespace device {

size_t workspace_bytes(const StrategyInfo& s, long long n, int max_blocks) {
  SizeExec ex;
  Carve ws;
  if (!run_strategy<OpSum, int>(s, ex, RunArgs<int>{nullptr, nullptr, n, false, ws, max_blocks, s.id}))
    throw std::logic_error(std::string(s.id) + ": no int launch");  // every row takes int
  return ws.used;
}

template <class T>
std::vector<T> emulate(const StrategyInfo& s, const std::vector<T>& in, bool inclusive, int max_blocks, int* launches) {
  if (inclusive && !s.inclusive) throw std::invalid_argument(std::string(s.id) + " takes no inclusive form");
  const long long n = static_cast<long long>(in.size());
  std::vector<char> ws_buf(workspace_bytes(s, n, max_blocks) + 256, 0);
  Carve ws;
  ws.base = ws_buf.data();
  std::vector<T> out(s.scan() ? in.size() : 1, T(-12345));  // poisoned: every element must be written
  EmuExec<T> ex;
  if (!run_strategy<OpSum, T>(s, ex, RunArgs<T>{in.data(), out.data(), n, inclusive, ws, max_blocks, s.id}))
    throw std::invalid_argument(std::string(s.id) + " is not built for " + (std::is_same<T, float>::value ? "float" : "int"));
  if (launches) *launches = ex.launches;
  return out;
}

size_t compaction_workspace_bytes(const CompactInfo& c, long long n) {
  SizeExec ex;
  Carve ws;
  run_compaction<int>(c, ex, CompactRun<int>{nullptr, nullptr, nullptr, nullptr, n, 0, ws, c.id});
  return ws.used;
}

template <class T>
CompactResult<T> emulate_compaction(const CompactInfo& c, const std::vector<T>& in, const std::vector<uint8_t>& flags, T threshold, T poison, long long lookahead_from) {
  const long long n = static_cast<long long>(in.size());
  if (c.mode == SelectMode::Flagged && flags.size() != in.size())
    throw std::invalid_argument(std::string(c.id) + ": " + std::to_string(flags.size()) + " flags for " + std::to_string(n) + " elements");
  std::vector<char> ws_buf(compaction_workspace_bytes(c, n) + 256, 0);
  Carve ws;
  ws.base = ws_buf.data();
  CompactResult<T> r;
  r.out.assign(in.size(), poison);
  EmuExec<T> ex;
  run_compaction<T>(c, ex, CompactRun<T>{in.data(), flags.empty() ? nullptr : flags.data(), r.out.data(), &r.selected, n, threshold, ws, c.id, 0, lookahead_from});
  r.lookahead_launches = ex.compact_lookahead_launches;
  return r;
}

size_t sort_workspace_bytes(const SortInfo& s, long long n) {
  SizeExec ex;
  Carve ws;
  run_sort(s, ex, SortRun{SortKey::Unsigned, nullptr, nullptr, nullptr, nullptr, n, ws, 1, s.id});
  return ws.used;
}

SortResult emulate_sort(const SortInfo& s, SortKey key, const std::vector<uint32_t>& keys, const std::vector<uint32_t>& values, int max_blocks) {
  const long long n = static_cast<long long>(keys.size());
  if (s.pairs && values.size() != keys.size())
    throw std::invalid_argument(std::string(s.id) + ": " + std::to_string(values.size()) + " values for " + std::to_string(n) + " keys");
  if (n >= (1LL << 31)) throw std::invalid_argument(std::string(s.id) + ": at most 2^31 - 1 keys (32-bit counts)");
  std::vector<char> ws_buf(sort_workspace_bytes(s, n) + 256, 0);
  Carve ws;
  ws.base = ws_buf.data();
  SortResult r;
  r.keys.assign(keys.size(), 0xdeadbeefu);  // poisoned: every element must be written
  if (s.pairs) r.values.assign(keys.size(), 0xdeadbeefu);
  EmuExec<int> ex;
  run_sort(s, ex, SortRun{key, keys.data(), r.keys.data(), s.pairs ? values.data() : nullptr, s.pairs ? r.values.data() : nullptr, n, ws, max_blocks, s.id});
  r.launches = ex.launches;
  return r;
}

template CompactResult<int> emulate_compaction<int>(const CompactInfo&, const std::vector<int>&, const std::vector<uint8_t>&, int, int, long long);
template CompactResult<float> emulate_compaction<float>(const CompactInfo&, const std::vector<float>&, const std::vector<uint8_t>&, float, float, long long);

template std::vector<int> emulate<int>(const StrategyInfo&, const std::vector<int>&, bool, int, int*);
template std::vector<float> emulate<float>(const StrategyInfo&, const std::vector<float>&, bool, int, int*);

}  // namespace device
}  // namespace scanscope
