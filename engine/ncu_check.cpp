// Parser for Nsight Compute's CSV output (one line per launch and metric).
#include "engine/ncu_check.h"

#include <map>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace scanscope {

namespace {
const char* kLdInst = "smsp__sass_inst_executed_op_shared_ld.sum";
const char* kStInst = "smsp__sass_inst_executed_op_shared_st.sum";
const char* kLdWave = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
const char* kStWave = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
const char* kLdConf = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
const char* kStConf = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
const char* kGlLdReq = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
const char* kGlLdSec = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
const char* kGlStReq = "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum";
const char* kGlStSec = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum";

std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) {
      out.push_back(cur);
      cur.clear();
    } else cur += c;
  }
  out.push_back(cur);
  return out;
}

long long parse_count(const std::string& s) {
  std::string digits;
  for (char c : s)
    if (c != ',' && c != ' ') digits += c;
  if (digits.empty()) throw std::runtime_error("empty metric value");
  size_t pos = 0;
  double v = std::stod(digits, &pos);
  return static_cast<long long>(v + 0.5);
}
}  // namespace

const char* ncu_metric_list() {
  static const std::string list = std::string(kLdConf) + "," + kStConf + "," + kLdWave + "," + kStWave + "," + kLdInst + "," + kStInst + "," +
                                  kGlLdReq + "," + kGlLdSec + "," + kGlStReq + "," + kGlStSec;
  return list.c_str();
}

std::vector<NcuKernelRow> parse_ncu_csv(const std::string& text, const std::string& name_filter) {
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> header;
  int col_id = -1, col_name = -1, col_metric = -1, col_value = -1;
  std::map<long long, NcuKernelRow> rows;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] != '"') continue;  // ncu's own "==PROF==" lines and program output
    auto cells = split_csv_line(line);
    if (header.empty()) {
      header = cells;
      for (int i = 0; i < static_cast<int>(cells.size()); ++i) {
        if (cells[i] == "ID") col_id = i;
        else if (cells[i] == "Kernel Name") col_name = i;
        else if (cells[i] == "Metric Name") col_metric = i;
        else if (cells[i] == "Metric Value") col_value = i;
      }
      if (col_id < 0 || col_name < 0 || col_metric < 0 || col_value < 0)
        throw std::runtime_error("not ncu --csv output: the header lacks ID, Kernel Name, Metric Name or Metric Value");
      continue;
    }
    if (static_cast<int>(cells.size()) <= col_value) continue;
    if (cells[col_name].find(name_filter) == std::string::npos) continue;
    long long id = std::stoll(cells[col_id]);
    NcuKernelRow& row = rows[id];
    row.kernel_name = cells[col_name];
    const std::string& m = cells[col_metric];
    long long v = parse_count(cells[col_value]);
    if (m == kLdInst) row.totals.ld.inst = v;
    else if (m == kStInst) row.totals.st.inst = v;
    else if (m == kLdWave) row.totals.ld.wavefronts = v;
    else if (m == kStWave) row.totals.st.wavefronts = v;
    else if (m == kLdConf) row.totals.ld.conflicts = v;
    else if (m == kStConf) row.totals.st.conflicts = v;
    else if (m == kGlLdReq) row.totals.global.ld.requests = v;
    else if (m == kGlLdSec) row.totals.global.ld.sectors = v;
    else if (m == kGlStReq) row.totals.global.st.requests = v;
    else if (m == kGlStSec) row.totals.global.st.sectors = v;
  }
  if (header.empty()) throw std::runtime_error("not ncu --csv output: no CSV header found");
  std::vector<NcuKernelRow> out;
  for (auto& [id, row] : rows) out.push_back(row);
  return out;
}

std::vector<NcuKernelRow> ncu_rows_per_entry(const std::vector<NcuKernelRow>& rows, const std::vector<size_t>& launches) {
  size_t total = 0;
  for (size_t l : launches) total += l;
  if (rows.size() != total)
    throw std::runtime_error(std::to_string(rows.size()) + " profiled timed launches, but the plan's " + std::to_string(launches.size()) +
                             " entries launch " + std::to_string(total));
  std::vector<NcuKernelRow> out;
  size_t next = 0;
  for (size_t count : launches) {
    NcuKernelRow sum;
    for (size_t l = 0; l < count; ++l, ++next) {
      const Totals& x = rows[next].totals;
      sum.kernel_name += (l ? "+" : "") + rows[next].kernel_name;
      for (auto [to, from] : {std::pair{&sum.totals.ld, &x.ld}, std::pair{&sum.totals.st, &x.st}}) {
        to->inst += from->inst;
        to->wavefronts += from->wavefronts;
        to->conflicts += from->conflicts;
      }
      for (auto [to, from] : {std::pair{&sum.totals.global.ld, &x.global.ld}, std::pair{&sum.totals.global.st, &x.global.st}}) {
        to->requests += from->requests;
        to->sectors += from->sectors;
      }
    }
    out.push_back(sum);
  }
  return out;
}

const char* const kTileBarrierCounters =
    "shared counters not compared: the GPU's sync() of a tile of several warps is a loop of atomics and loads on a shared word "
    "until the tile's last warp arrives, as many as the timing makes";

bool ncu_agrees(const Totals& predicted, Totals measured, const std::string& schedule, std::string* excluded, bool tile_barriers) {
  measured.global.atomics = predicted.global.atomics;  // not among the counters profiled
  if (!schedule.empty()) measured.global.ld = predicted.global.ld;  // the schedule's: polls of flags not yet set
  if (tile_barriers) measured.ld = predicted.ld, measured.st = predicted.st;
  if (excluded) {
    *excluded = schedule.empty() ? "" : "global loads not compared: " + schedule;
    if (tile_barriers) *excluded += (excluded->empty() ? "" : "; ") + std::string(kTileBarrierCounters);
  }
  return measured == predicted;
}

}  // namespace scanscope
