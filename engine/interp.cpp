// Running a resolved kernel in the interpreter (see interp.h); resolving is resolve.cpp.
#include "engine/interp.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "engine/bank_model.h"
#include "engine/cuda/const_expr.h"
#include "engine/cuda/limits.h"
#include "engine/cuda/overload.h"
#include "engine/reference.h"

namespace scanscope {

namespace {

using cuda::Base;

uint64_t bits_of_value(double v, Base type) {
  if (type == Base::Float) {
    float f = static_cast<float>(v);
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  }
  if (type == Base::Double) {
    uint64_t u;
    std::memcpy(&u, &v, 8);
    return u;
  }
  if (type == Base::Long || type == Base::ULong) return static_cast<uint64_t>(static_cast<int64_t>(v));
  if (type == Base::Bool) return v != 0;
  return static_cast<uint32_t>(static_cast<int64_t>(v));
}

// Packs elements of a 1- or 2-byte type (their low bytes) into words, little-endian, as the
// GPU's memory holds them; the last word's bytes past them are 0.
std::vector<uint32_t> pack_small(const std::vector<uint64_t>& bits, Base type) {
  const size_t eb = static_cast<size_t>(cuda::base_bytes(type));
  std::vector<uint32_t> words((bits.size() * eb + 3) / 4, 0u);
  for (size_t i = 0; i < bits.size(); ++i) {
    const size_t byte = i * eb;
    const uint32_t v = static_cast<uint32_t>(bits[i]) & (eb == 1 ? 0xFFu : 0xFFFFu);
    words[byte / 4] |= v << (8 * (byte % 4));
  }
  return words;
}

// Appends an element's words (two for an 8-byte type, low word first).
void push_element(std::vector<uint32_t>* words, uint64_t bits, Base type) {
  words->push_back(static_cast<uint32_t>(bits));
  if (cuda::is_wide_base(type)) words->push_back(static_cast<uint32_t>(bits >> 32));
}

double value_of_bits(uint64_t u, Base type) {
  if (type == Base::Double) {
    double d;
    std::memcpy(&d, &u, 8);
    return d;
  }
  if (type == Base::Long) return static_cast<double>(static_cast<int64_t>(u));
  if (type == Base::ULong) return static_cast<double>(u);
  if (type == Base::Float) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
  if (type == Base::Unsigned) return static_cast<uint32_t>(u);
  if (type == Base::Bool || type == Base::UChar) return static_cast<uint8_t>(u);
  if (type == Base::SChar || type == Base::Char) return static_cast<int8_t>(static_cast<uint8_t>(u));
  if (type == Base::UShort) return static_cast<uint16_t>(u);
  if (type == Base::Short) return static_cast<int16_t>(static_cast<uint16_t>(u));
  return static_cast<int32_t>(static_cast<uint32_t>(u));
}

// The values of an array's words, an element at a time.
std::vector<double> element_values(const std::vector<uint32_t>& words, Base type) {
  std::vector<double> out;
  if (cuda::base_bytes(type) < 4) {  // packed: every element the words hold
    const size_t eb = static_cast<size_t>(cuda::base_bytes(type));
    for (size_t byte = 0; byte + eb <= 4 * words.size(); byte += eb)
      out.push_back(value_of_bits(words[byte / 4] >> (8 * (byte % 4)), type));
    return out;
  }
  const size_t w = cuda::is_wide_base(type) ? 2 : 1;
  for (size_t i = 0; i + w <= words.size(); i += w)
    out.push_back(value_of_bits(w == 2 ? words[i] | (static_cast<uint64_t>(words[i + 1]) << 32) : words[i], type));
  return out;
}

}  // namespace

std::vector<uint32_t> kernel_input_words(const ResolvedKernel& k) {
  if (k.arrays[0].is_small()) {
    std::vector<uint64_t> bits;
    for (double v : k.request.input) bits.push_back(bits_of_value(v, k.in_type));
    return pack_small(bits, k.in_type);
  }
  std::vector<uint32_t> in;
  for (double v : k.request.input) push_element(&in, bits_of_value(v, k.in_type), k.in_type);
  return in;
}

std::vector<uint32_t> initial_array_words(const ResolvedKernel& k, size_t a, bool* set) {
  if (set) *set = a == 0 || k.arrays[a].has_init;
  if (a == 0) return kernel_input_words(k);
  if (k.arrays[a].device_var >= 0) {  // its initialiser, the rest zero
    std::vector<uint32_t> w(static_cast<size_t>(k.arrays[a].count), 0u);
    std::copy(k.arrays[a].init_words.begin(), k.arrays[a].init_words.begin() + static_cast<long>(std::min(w.size(), k.arrays[a].init_words.size())), w.begin());
    return w;
  }
  if (k.arrays[a].init_from_input) {  // the input, as the array's type holds it; the rest poisoned
    const ResolvedArray& arr = k.arrays[a];
    std::vector<uint64_t> bits;
    for (double v : k.request.input) bits.push_back(bits_of_value(v, arr.type));
    std::vector<uint32_t> w;
    if (arr.is_small()) {
      w = pack_small(bits, arr.type);
    } else {
      for (uint64_t x : bits) push_element(&w, x, arr.type);
    }
    w.resize(static_cast<size_t>(arr.count), 0xffffffffu);
    return w;
  }
  if (k.arrays[a].has_init && k.arrays[a].is_small()) {  // every element the init: value, packed
    std::vector<uint32_t> w = pack_small(std::vector<uint64_t>(static_cast<size_t>(k.arrays[a].elements()), k.arrays[a].init_bits), k.arrays[a].type);
    w.resize(static_cast<size_t>(k.arrays[a].count), 0u);
    return w;
  }
  if (k.arrays[a].has_init && k.arrays[a].words() == 2) {
    std::vector<uint32_t> w;
    for (long long i = 0; i < k.arrays[a].count / 2; ++i) push_element(&w, k.arrays[a].init_bits, k.arrays[a].type);
    return w;
  }
  return std::vector<uint32_t>(static_cast<size_t>(k.arrays[a].count), k.arrays[a].has_init ? static_cast<uint32_t>(k.arrays[a].init_bits) : 0xffffffffu);
}

std::vector<double> array_word_values(const ResolvedArray& arr, const std::vector<uint32_t>& words) {
  std::vector<double> out;
  if (arr.is_small()) {
    for (uint32_t w : words) out.push_back(static_cast<double>(w));
    return out;
  }
  for (double v : element_values(words, arr.type))
    for (int k = 0; k < arr.words(); ++k) out.push_back(v);
  return out;
}

std::string init_hint(const ResolvedKernel& k, size_t a) {
  return "add '// init: " + k.arrays[a].name + " = 0' if the host zeroes it";
}

std::vector<double> kernel_output(const ResolvedKernel& k, const std::vector<uint32_t>& words) {
  std::vector<double> out = element_values(words, k.out_type);
  if (k.arrays[1].is_small() && static_cast<long long>(out.size()) > k.arrays[1].elements()) out.resize(static_cast<size_t>(k.arrays[1].elements()));
  const int n = k.request.n;
  if (k.check == "compact" && static_cast<int>(out.size()) == n + 1) {
    const double count = out[n];
    out.resize(count >= 0 && count <= n ? static_cast<size_t>(count) : 0);
  } else if (k.check == "reduce") {
    out.resize(1);
  }
  return out;
}

void emulate_kernel_launch(const std::string& id, ValueType type, const std::string& defines, const std::string& entry, int grid,
                           int block, long long smem_bytes, const std::vector<HostArg>& args) {
  const KernelFile* file = find_kernel_file(id);
  if (!file) throw std::logic_error("emulate_kernel_launch: no kernel file '" + id + "'");
  std::shared_ptr<const KernelBuild> b = build_kernel(*file, kernel_prelude(*file, type, Operator::Sum, defines));
  const int f = b->compiled.find_function(entry);
  if (f < 0 || !b->compiled.functions[f].fn->is_global) throw std::logic_error(id + ": no __global__ " + entry);
  cuda::Machine m(b->compiled, b->files);
  cuda::LaunchSpec spec;
  spec.grid = grid;
  spec.block = block;
  spec.dynamic_smem_bytes = smem_bytes;
  for (const HostArg& a : args) {
    if (a.data) spec.args.push_back(cuda::Machine::pointer_to(m.add_external("array", static_cast<uint32_t*>(a.data), static_cast<size_t>(a.count))));
    else spec.args.push_back(static_cast<uint32_t>(a.value));
  }
  m.launch(f, spec, nullptr, -1);
}

namespace {
// The trace of a run whose launches are done (or stopped at a fault): header, steps, arrays.
Trace finish_interpreter_trace(const ResolvedKernel& k, const cuda::Machine& m, cuda::BlockRecord& rec, std::vector<LaunchInfo> launches);
}  // namespace

Trace run_interpreter(const ResolvedKernel& k, const cuda::SharedLayouts* layouts) {
  const KernelBuild& b = *k.build;
  const TraceRequest& r = k.request;
  cuda::Machine m(b.compiled, b.files);
  m.set_shared_layouts(layouts);
  m.set_trace_budget(k.instruction_budget);  // one budget for all blocks and launches
  m.set_budget(std::min(cuda::kMaxInstructionsPerBlock, k.instruction_budget));
  // Buffers in the order of k.arrays, so that a recorded global access's buffer is its array.
  // What the host did not set is poisoned (as the GPU run does) and unwritten: reading it faults.
  for (size_t a = 0; a < k.arrays.size(); ++a) {
    bool set = false;
    const int id = m.add_buffer(k.arrays[a].name, initial_array_words(k, a, &set), static_cast<size_t>(k.arrays[a].bytes),
                                cuda::base_bytes(k.arrays[a].type));
    if (!set) m.set_unwritten(id, init_hint(k, a));
    if (k.arrays[a].init_from_input) {  // the words past the input's stay unset
      const size_t copied = (k.arrays[a].is_small() ? static_cast<size_t>(k.request.input.size()) * static_cast<size_t>(cuda::base_bytes(k.arrays[a].type)) + 3
                                                    : static_cast<size_t>(k.request.input.size()) * static_cast<size_t>(k.arrays[a].words()) * 4) / 4;
      if (copied < static_cast<size_t>(k.arrays[a].count)) m.set_unwritten(id, init_hint(k, a), copied);
    }
    if (k.arrays[a].device_var >= 0) m.bind_device_var(k.arrays[a].device_var, id);
  }
  cuda::BlockRecord rec;
  rec.value_type = r.type == ValueType::Float ? Base::Float : Base::Int;
  const bool grid = k.is_grid();
  std::vector<LaunchInfo> launches;
  for (size_t i = 0; i < k.launches.size(); ++i) {
    const ResolvedLaunch& L = k.launches[i];
    cuda::LaunchSpec spec = L.spec;
    for (size_t a = 0; a < L.arg_array.size(); ++a)
      if (L.arg_array[a] >= 0) spec.args[a] = cuda::Machine::pointer_to(L.arg_array[a], L.arg_offset[a]);
    rec.launch = static_cast<int>(i);
    LaunchInfo info;
    info.text = L.text;
    info.entry = L.entry_name;
    info.grid = L.spec.grid;
    info.block = L.spec.block;
    info.grid_dim = L.spec.grid_shape();
    info.block_dim = L.spec.block_shape();
    info.smem_bytes = L.spec.dynamic_smem_bytes;
    info.dynamic_base = m.shared_placement(L.entry, L.spec.dynamic_smem_bytes).dynamic_base;
    info.first_step = static_cast<int>(rec.steps.size());
    try {
      m.launch(L.entry, spec, &rec, grid ? cuda::Machine::kAllBlocks : 0);
    } catch (const cuda::CudaError& e) {
      // A fault of a recorded block: the trace up to it goes with the error. A fault in a block
      // that is not recorded (one-block traces record block 0) has nothing to show.
      if (!e.fault || !m.record_to_fault()) throw;
      info.steps = static_cast<int>(rec.steps.size()) - info.first_step;
      launches.push_back(info);
      auto t = std::make_shared<Trace>(finish_interpreter_trace(k, m, rec, std::move(launches)));
      if (!t->steps.empty()) t->steps.back().label = "up to the fault";
      t->fault = e.message;  // its position in fault_file, fault_line, fault_col
      t->fault_file = e.pos.file;
      t->fault_line = e.pos.line;
      t->fault_col = e.pos.col;
      t->fault_tid = e.tid;
      t->work = m.executed_total();
      throw TraceFault(e, std::move(t));
    }
    info.steps = static_cast<int>(rec.steps.size()) - info.first_step;
    launches.push_back(info);
  }
  Trace t = finish_interpreter_trace(k, m, rec, std::move(launches));
  t.work = m.executed_total();
  return t;
}

namespace {

Trace finish_interpreter_trace(const ResolvedKernel& k, const cuda::Machine& m, cuda::BlockRecord& rec, std::vector<LaunchInfo> launches) {
  const KernelBuild& b = *k.build;
  const TraceRequest& r = k.request;
  const int out_buf = 1;

  Trace t;
  t.request = r;
  t.check = k.check;
  t.kernel = k.file.id;
  t.source = r.source.empty() ? "" : k.file.path;
  t.n = r.n;
  t.threads = k.launches.front().spec.block;
  t.banks = r.banks;
  t.warp_issue = r.warp_issue;
  t.pad = r.pad;
  t.op = r.op;
  t.type = r.type;
  t.inclusive = k.inclusive;
  t.bits = k.bits;
  t.matrix_cols = k.matrix_cols;
  t.device = "cpu-emulator";
  t.tile_barriers = has_tile_barriers(k);
  t.input = r.input;
  t.output = kernel_output(k, m.buffer(out_buf));
  t.smem_words = rec.smem_words;
  t.arrays = rec.arrays;
  t.steps = std::move(rec.steps);
  t.prints = std::move(rec.prints);
  for (size_t s = 0; s < t.steps.size(); ++s) t.steps[s].barrier = rec.barrier_steps[s];
  t.main_file = b.pre.main_file;
  for (const auto& f : b.files.files) {
    t.files.push_back(f.path);
    t.file_texts.push_back(f.text);
  }
  for (const auto& s : b.compiled.sites) {
    SourceSite ss;
    ss.file = s.span.begin.file;
    ss.line = s.span.begin.line;
    ss.col = s.span.begin.col;
    ss.end_line = s.span.end.line;
    ss.end_col = s.span.end.col;
    ss.stmt_line = s.stmt.line;
    ss.stmt_col = s.stmt.col;
    ss.op = s.op;
    ss.bytes = s.bytes;
    t.sites.push_back(ss);
  }
  t.defines = r.defines;
  t.launch = k.launches.front().text;
  t.launches = std::move(launches);
  for (size_t a = 0; a < k.arrays.size(); ++a) {
    GlobalArrayInfo g;
    g.name = k.arrays[a].name;
    g.count = static_cast<int>(k.arrays[a].count);
    g.final = array_word_values(k.arrays[a], m.buffer(static_cast<int>(a)));
    t.global_arrays.push_back(std::move(g));
  }
  t.word_index = k.word_index;
  // the padding map counts words from the interpreter's dynamic base (resolve.cpp): from the trace's
  const int moved = t.launches.empty() ? 0 : t.launches.front().dynamic_base - b.compiled.functions.at(static_cast<size_t>(k.launches.front().entry)).dynamic_base;
  if (moved != 0 && !t.word_index.empty()) {
    std::vector<int> w(t.word_index.size() + static_cast<size_t>(std::max(0, moved)), -1);
    for (size_t i = 0; i < t.word_index.size(); ++i)
      if (static_cast<long long>(i) + moved >= 0 && static_cast<size_t>(static_cast<long long>(i) + moved) < w.size()) w[i + moved] = t.word_index[i];
    t.word_index = std::move(w);
  }
  analyze_banks(t);
  analyze_global(t);
  return t;
}

}  // namespace

bool reference_output(const Trace& t, const std::string& check, std::vector<double>* want, bool* is_scan) {
  want->clear();
  *is_scan = false;
  if (check == "copy") {
    *want = t.input;
  } else if (check == "transpose") {  // in: rows x cols, row-major; out: its transpose, cols x rows
    const long long n = static_cast<long long>(t.input.size()), cols = t.matrix_cols;
    if (cols < 1 || n % cols != 0) return false;
    const long long rows = n / cols;
    want->resize(t.input.size());
    for (long long r = 0; r < rows; ++r)
      for (long long c = 0; c < cols; ++c) (*want)[static_cast<size_t>(c * rows + r)] = t.input[static_cast<size_t>(r * cols + c)];
  } else if (check == "compact") {
    for (double x : t.input)
      if (static_cast<long long>(x) % 2 != 0) want->push_back(x);
  } else if (check == "sort") {
    const long long mask = t.bits <= 0 || t.bits >= 31 ? 0x7fffffffLL : (1LL << t.bits) - 1;
    *want = t.input;
    std::stable_sort(want->begin(), want->end(), [&](double a, double b) {
      return (static_cast<long long>(a) & mask) < (static_cast<long long>(b) & mask);
    });
  } else if (check == "histogram") {
    // out has B bins (its out: count); bin b counts the inputs v with v mod B == b (the floor of
    // v for float inputs, the remainder taken non-negative)
    const long long bins = static_cast<long long>(std::max<size_t>(t.output.size(), 1));
    want->assign(static_cast<size_t>(bins), 0.0);
    for (double x : t.input) {
      const long long v = static_cast<long long>(std::floor(x));
      (*want)[static_cast<size_t>(((v % bins) + bins) % bins)] += 1;
    }
  } else if (check == "max-segment-sum") {
    // the largest sum of consecutive inputs, the empty segment's 0 included (Kadane's scan)
    double best = 0, ending = 0;
    for (double x : t.input) {
      ending = std::max(0.0, ending + x);
      best = std::max(best, ending);
    }
    *want = {best};
  } else if (check == "inclusive-scan" || check == "exclusive-scan") {
    *is_scan = true;
    *want = reference_scan(t.input, t.op, t.type, check == "inclusive-scan");
  } else if (check == "reduce") {
    *want = {reference_reduce(t.input, t.op, t.type)};
  } else {
    return false;
  }
  return true;
}

bool check_kernel_output(const Trace& t, const std::string& check, std::string* why) {
  std::vector<double> want;
  bool is_scan = false;
  if (!reference_output(t, check, &want, &is_scan)) {
    if (why) *why = "the kernel file names no check";
    return true;
  }
  return outputs_match(t.output, want, t.input, t.op, t.type, is_scan, why);
}

}  // namespace scanscope
