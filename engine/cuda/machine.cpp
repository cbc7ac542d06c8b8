// The interpreter's machine (see machine.h).
#include "engine/cuda/machine.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <tuple>

#include "engine/cuda/limits.h"
#include "engine/cuda/math_builtins.h"

namespace scanscope::cuda {

const char* builtin_name(Builtin b) {
  switch (b) {
    case Builtin::SyncThreads: return "__syncthreads()";
    case Builtin::SyncThreadsCount: return "__syncthreads_count()";
    case Builtin::SyncThreadsAnd: return "__syncthreads_and()";
    case Builtin::SyncThreadsOr: return "__syncthreads_or()";
    case Builtin::SyncWarp: return "__syncwarp()";
    case Builtin::ShflSync: return "__shfl_sync()";
    case Builtin::ShflUpSync: return "__shfl_up_sync()";
    case Builtin::ShflDownSync: return "__shfl_down_sync()";
    case Builtin::ShflXorSync: return "__shfl_xor_sync()";
    case Builtin::BallotSync: return "__ballot_sync()";
    case Builtin::AnySync: return "__any_sync()";
    case Builtin::AllSync: return "__all_sync()";
    case Builtin::ReduceAddSync: return "__reduce_add_sync()";
    case Builtin::ReduceMinSync: case Builtin::ReduceUMinSync: return "__reduce_min_sync()";
    case Builtin::ReduceMaxSync: case Builtin::ReduceUMaxSync: return "__reduce_max_sync()";
    case Builtin::ReduceAndSync: return "__reduce_and_sync()";
    case Builtin::ReduceOrSync: return "__reduce_or_sync()";
    case Builtin::ReduceXorSync: return "__reduce_xor_sync()";
    case Builtin::TileSync: return "a tile's sync()";
    default: return "the end of the kernel";
  }
}

const char* atomic_name(Builtin b) {
  switch (b) {
    case Builtin::AtomicAdd: return "atomicAdd";
    case Builtin::AtomicSub: return "atomicSub";
    case Builtin::AtomicMin: return "atomicMin";
    case Builtin::AtomicMax: return "atomicMax";
    case Builtin::AtomicExch: return "atomicExch";
    case Builtin::AtomicCAS: return "atomicCAS";
    case Builtin::AtomicAnd: return "atomicAnd";
    case Builtin::AtomicOr: return "atomicOr";
    case Builtin::AtomicXor: return "atomicXor";
    case Builtin::AtomicInc: return "atomicInc";
    case Builtin::AtomicDec: return "atomicDec";
    default: return "an atomic";
  }
}

int SharedPlacement::first_word(const Var* v) const {
  return v->extern_shared ? dynamic_base : slot_word(v->slot);
}

SharedPlacement place_shared(const CompiledFunction& kernel, const SharedLayout* gpu, long long dynamic_words) {
  SharedPlacement p;
  if (!gpu) {
    p.dynamic_base = kernel.dynamic_base;
    p.words = static_cast<int>(std::max<long long>(kernel.static_shared_words, dynamic_words > 0 ? kernel.dynamic_base + dynamic_words : 0));
    return p;
  }
  p.dynamic_base = gpu->dynamic_base;
  long long end = std::max<long long>(gpu->static_words, dynamic_words > 0 ? gpu->dynamic_base + dynamic_words : 0);
  for (const SharedLayout::Array& a : gpu->arrays) {
    int w = a.first;
    if (w < 0) {  // removed by the compiler: past the block's other words
      const int al = std::max(1, a.align);
      w = static_cast<int>((end + al - 1) / al * al);
      end = w + a.words;
    }
    if (a.slot >= static_cast<int>(p.moved.size())) p.moved.resize(static_cast<size_t>(a.slot) + 1, -1);
    p.moved[static_cast<size_t>(a.slot)] = w;
  }
  p.words = static_cast<int>(end);
  return p;
}

std::vector<Base> shared_wide_types(const Compiled& program, int entry, int words, const SharedPlacement* placed) {
  std::vector<Base> out(static_cast<size_t>(std::max(0, words)), Base::Void);
  const CompiledFunction& k = program.functions.at(static_cast<size_t>(entry));
  for (const Var* v : k.shared_vars) {
    if (!v->type.is_wide()) continue;
    const int first = placed ? placed->first_word(v) : v->extern_shared ? k.dynamic_base : v->slot;
    const int last = v->extern_shared || v->array_len <= 0 ? words : std::min(words, first + v->array_len);
    for (int w = std::max(0, first); w < last; ++w) out[static_cast<size_t>(w)] = v->type.base;
  }
  return out;
}

namespace {

constexpr uint32_t kStackSlots = kStackWords;  // per thread: frames and operand stack
constexpr uint32_t kMaxDepth = kMaxCallDepth;  // nested calls per thread
constexpr int kMaxThreads = 1024;
constexpr uint32_t kMaxLoopNest = 64;  // loops inside loops, per thread (the catalogue: 2)

enum Space : uint64_t { kNone = 0, kGlobal = 1, kShared = 2, kLocal = 3 };

// A pointer: its space (2 bits), its array (14 bits: a buffer, or 0 for shared and local memory)
// and a signed 48-bit byte offset (memory is words: byte b is in word b / 4; a local's frame slot
// k holds the word at bytes 4k to 4k + 3 in its low half). Offsets are 64-bit arithmetic, as on the
// GPU: `s + 2^32` is 2^32 elements past s (and faults when used), never s[0] again. A pointer moved
// more than 2^47 bytes from its array faults where it is moved (no GPU has that much memory).
constexpr int kOffsetBits = 48;
constexpr uint64_t kOffsetMask = (uint64_t{1} << kOffsetBits) - 1, kArrayMask = ~kOffsetMask;
constexpr int64_t kMaxOffset = (int64_t{1} << (kOffsetBits - 1)) - 1;
constexpr int kMaxBuffers = 1 << 14;

inline uint64_t make_ptr(uint64_t space, uint64_t buffer, int64_t offset) {
  return (space << 62) | (buffer << kOffsetBits) | (static_cast<uint64_t>(offset) & kOffsetMask);
}
inline uint64_t space_of(uint64_t p) { return p >> 62; }
inline int buffer_of(uint64_t p) { return static_cast<int>((p >> kOffsetBits) & (kMaxBuffers - 1)); }
inline int64_t offset_of(uint64_t p) { return static_cast<int64_t>(p << (64 - kOffsetBits)) >> (64 - kOffsetBits); }
// The word a pointer's byte offset lies in, and the pointer `bytes` further on.
inline int word_of(uint64_t p) { return static_cast<int>(offset_of(p) >> 2); }
inline uint64_t moved_by(uint64_t p, int64_t bytes) { return (p & kArrayMask) | (static_cast<uint64_t>(offset_of(p) + bytes) & kOffsetMask); }
// The bytes of its word an access of `size` bytes at `p` touches (bit k: byte k).
inline uint8_t byte_mask(uint64_t p, int size) { return size >= 4 ? 0xF : static_cast<uint8_t>(((1u << size) - 1) << (offset_of(p) & 3)); }
// A 1- or 2-byte value (Ld's, St's and Ext's kU8..kS16) from the low bits of v, extended to an int.
inline uint64_t extend_small(uint32_t v, int32_t width) {
  switch (width) {
    case kU8: return v & 0xFFu;
    case kS8: return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(static_cast<uint8_t>(v))));
    case kU16: return v & 0xFFFFu;
    default: return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(static_cast<uint16_t>(v))));
  }
}

inline float as_f(uint64_t v) {
  float f;
  uint32_t u = static_cast<uint32_t>(v);
  std::memcpy(&f, &u, 4);
  return f;
}
inline uint64_t from_f(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline int32_t as_i(uint64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(v)); }
inline uint32_t as_u(uint64_t v) { return static_cast<uint32_t>(v); }
inline uint64_t from_i(int32_t i) { return static_cast<uint32_t>(i); }
inline int64_t as_l(uint64_t v) { return static_cast<int64_t>(v); }
inline double as_d(uint64_t v) {
  double d;
  std::memcpy(&d, &v, 8);
  return d;
}
inline uint64_t from_d(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}
inline uint64_t from_l(int64_t v) { return static_cast<uint64_t>(v); }

// The GPU's cvt.rzi.{s,u}64.f{32,64}: saturating, NaN to 0.
int64_t d2l(double f) {
  if (std::isnan(f)) return 0;
  if (f >= 9223372036854775808.0) return std::numeric_limits<int64_t>::max();
  if (f <= -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(f);
}
uint64_t d2ul(double f) {
  if (std::isnan(f) || f <= 0.0) return 0;
  if (f >= 18446744073709551616.0) return std::numeric_limits<uint64_t>::max();
  return static_cast<uint64_t>(f);
}

// The GPU's cvt.rzi.s32.f32 / cvt.rzi.u32.f32: saturating, NaN to 0.
int32_t f2i(float f) {
  if (std::isnan(f)) return 0;
  if (f >= 2147483648.0f) return std::numeric_limits<int32_t>::max();
  if (f <= -2147483648.0f) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(f);
}
uint32_t f2u(float f) {
  if (std::isnan(f) || f <= 0.0f) return 0;
  if (f >= 4294967296.0f) return std::numeric_limits<uint32_t>::max();
  return static_cast<uint32_t>(f);
}
int32_t d2i(double f) {
  if (std::isnan(f)) return 0;
  if (f >= 2147483648.0) return std::numeric_limits<int32_t>::max();
  if (f <= -2147483648.0) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(f);
}
uint32_t d2u(double f) {
  if (std::isnan(f) || f <= 0.0) return 0;
  if (f >= 4294967296.0) return std::numeric_limits<uint32_t>::max();
  return static_cast<uint32_t>(f);
}

}  // namespace

// A value as the trace shows it: 4-byte types from the low 32 bits, 8-byte ones from all 64 (a
// 64-bit integer beyond 2^53 rounded to the nearest double).
double value_of(uint64_t bits64, Base type) {
  const uint32_t bits = static_cast<uint32_t>(bits64);
  switch (type) {
    case Base::Float: {
      float f;
      std::memcpy(&f, &bits, 4);
      return f;
    }
    case Base::Double: return as_d(bits64);
    case Base::Long: return static_cast<double>(as_l(bits64));
    case Base::ULong: return static_cast<double>(bits64);
    case Base::Unsigned: return static_cast<double>(bits);
    case Base::Bool: return bits != 0;
    default: return static_cast<int32_t>(bits);
  }
}

namespace {

std::string stack_overflow() {
  return "stack overflow: more than " + std::to_string(kStackSlots) + " words of locals, arguments and operands (calls nested too deep?)";
}

std::string hex(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}

}  // namespace

Machine::Machine(const Compiled& program, const SourceSet& files) : prog_(program), files_(files) {}

int Machine::add_buffer(std::string name, std::vector<uint32_t> words, size_t bytes, int elem_bytes) {
  if (buffers_.size() >= static_cast<size_t>(kMaxBuffers)) throw std::invalid_argument("more than " + std::to_string(kMaxBuffers) + " arrays");
  buffers_.emplace_back();
  Buffer& b = buffers_.back();
  b.name = std::move(name);
  b.own = std::move(words);
  b.data = b.own.data();  // stays valid when buffers_ grows: a moved vector keeps its storage
  b.size = b.own.size();
  b.bytes = bytes && bytes <= 4 * b.size ? bytes : 4 * b.size;
  b.elem_bytes = elem_bytes > 0 ? elem_bytes : 4;
  return static_cast<int>(buffers_.size()) - 1;
}

int Machine::add_external(std::string name, uint32_t* data, size_t words, size_t bytes) {
  if (buffers_.size() >= static_cast<size_t>(kMaxBuffers)) throw std::invalid_argument("more than " + std::to_string(kMaxBuffers) + " arrays");
  buffers_.emplace_back();
  Buffer& b = buffers_.back();
  b.name = std::move(name);
  b.data = data;
  b.size = words;
  b.bytes = bytes && bytes <= 4 * words ? bytes : 4 * words;
  return static_cast<int>(buffers_.size()) - 1;
}

void Machine::bind_device_var(int var, int buffer) {
  const size_t n = prog_.program->device_vars.size();
  if (var < 0 || static_cast<size_t>(var) >= n || buffer < 0 || buffer >= static_cast<int>(buffers_.size()))
    throw std::invalid_argument("bind_device_var: no __device__ variable " + std::to_string(var) + " or buffer " + std::to_string(buffer));
  device_buffers_.resize(n, -1);
  device_buffers_[static_cast<size_t>(var)] = buffer;
}

void Machine::set_unwritten(int buffer, std::string hint, size_t from) {
  Buffer& b = buffers_.at(static_cast<size_t>(buffer));
  b.written.assign(b.size, 0);
  std::fill(b.written.begin(), b.written.begin() + static_cast<long>(std::min(from, b.size)), uint8_t{0xF});
  b.hint = std::move(hint);
}

uint64_t Machine::iteration_key(int tid) const {
  uint64_t h = 1469598103934665603ULL;  // FNV-1a over the counts of the loops the thread is in
  const uint32_t* c = &loop_counts_[static_cast<size_t>(tid) * kMaxLoopNest];
  for (uint32_t i = 0; i < th_[tid].loop_depth; ++i) h = (h ^ (c[i] + 1)) * 1099511628211ULL;
  return th_[tid].loop_depth ? (h & ((1ULL << 53) - 1)) | 1 : 0;  // 53 bits: exact in a JSON number
}

uint64_t Machine::pointer_to(int buffer, long long offset_bytes) { return make_ptr(kGlobal, static_cast<uint64_t>(buffer), offset_bytes); }

std::string Machine::who(int tid) const {
  auto index = [](int id, const Dim3& d) {  // (x, y) or (x, y, z) of a linear id
    std::string s = " (" + std::to_string(id % d.x) + ", " + std::to_string(id / d.x % d.y);
    return s + (d.z > 1 ? ", " + std::to_string(id / (d.x * d.y)) : std::string()) + ")";
  };
  std::string s = "thread " + std::to_string(tid);
  if (!block_shape_.linear()) s += index(tid, block_shape_);
  if (grid_ > 1) s += " of block " + std::to_string(block_) + (grid_shape_.linear() ? std::string() : index(block_, grid_shape_));
  return s;
}

void Machine::fault(int tid, int pc, const std::string& message) const {
  Pos p = pc >= 0 && pc < static_cast<int>(prog_.code_pos.size()) ? prog_.code_pos[pc] : Pos{};
  const std::string m = who(tid) + ": " + message;
  CudaError e(files_.where(p) + ": " + m, p, m);
  e.fault = true;
  e.tid = tid;
  throw e;
}

// "XY_1[0] (shared-memory word 1024)" when the word lies in a named array of the launched kernel
// (an extern one: up to the block's end), else "shared-memory word 1024".
std::string Machine::shared_word_name(int64_t off, int64_t byte) const {
  const std::string word = "shared-memory word " + std::to_string(off);
  if (!kernel_) return word;
  for (const Var* v : kernel_->shared_vars) {
    const int64_t first = placed_.first_word(v);
    const int64_t len = v->extern_shared ? static_cast<int64_t>(smem_.size()) - first : v->array_len < 0 ? v->type.words() : v->array_len;
    if (off < first || off >= first + len) continue;
    const int64_t elem = (off - first) / v->type.words();
    if (!v->is_array()) return v->name + " (" + word + ")";
    std::string idx;
    if (v->type.bytes() < 4 && byte >= 0) {  // the element an access starts at
      idx = "[" + std::to_string((byte - 4 * first) / v->type.bytes()) + "]";
    } else if (v->type.bytes() < 4) {  // bool, char, short: packed, the word's elements (flat)
      const int64_t per = 4 / v->type.bytes(), lo = (off - first) * per;
      idx = "[" + std::to_string(lo) + ".." + std::to_string(lo + per - 1) + "]";
    } else if (v->dims.size() > 1) {  // row-major: the index of each dimension
      int64_t rest = elem;
      std::vector<int64_t> parts(v->dims.size());
      for (size_t d = v->dims.size(); d-- > 0;) {
        parts[d] = rest % v->dims[d];
        rest /= v->dims[d];
      }
      for (int64_t p : parts) idx += "[" + std::to_string(p) + "]";
    } else {
      idx = "[" + std::to_string(elem) + "]";
    }
    return v->name + idx + " (" + word + ")";
  }
  return word;
}

uint32_t* Machine::memory(int tid, int pc, uint64_t ptr, bool is_load, uint32_t sp, const char* atomic, int size) {
  const int64_t off = offset_of(ptr);
  const int64_t w = off >> 2;  // the word
  const uint8_t mask = byte_mask(ptr, size);
  if (size > 1 && ((off % size) + size) % size != 0 && space_of(ptr) != kNone) check_aligned(tid, pc, ptr, size, is_load);
  switch (space_of(ptr)) {
    case kShared: {
      if (off < 0 || w >= static_cast<int64_t>(smem_.size()))
        fault(tid, pc, "shared-memory word " + std::to_string(w) + " is outside the block's " + std::to_string(smem_.size()) +
                           " words (the launch gives the kernel " + std::to_string(smem_.size() * 4) + " bytes)");
      if (is_load && (written_[w] & mask) != mask) {
        fault(tid, pc, size >= 4 ? "reads " + shared_word_name(w) + ", which no thread has written yet"
                                 : "reads byte " + std::to_string(off) + " of shared memory (in " + shared_word_name(w) + "), which no thread has written yet");
      }
      return &smem_[w];
    }
    case kGlobal: {
      const int b = buffer_of(ptr);
      if (b >= static_cast<int>(buffers_.size())) fault(tid, pc, "invalid global pointer");
      Buffer& buf = buffers_[b];
      const int64_t unit = size >= 4 ? 4 : size;  // how the message counts elements: words, or the 1- or 2-byte elements
      if (off < 0 || static_cast<uint64_t>(off) + static_cast<uint64_t>(std::min(size, 4)) > buf.bytes)
        fault(tid, pc, std::string(is_load ? "reads " : "writes ") + buf.name + "[" + std::to_string(off / unit) + "], outside its " +
                           std::to_string(buf.bytes / static_cast<uint64_t>(unit)) + " elements");
      if (!buf.written.empty() && (buf.written[w] & mask) != mask) {  // a byte per word, a bit per byte: memory the host did not set
        if (is_load)
          fault(tid, pc, std::string(atomic ? atomic : "reads") + (atomic ? " reads " : " ") + buf.name + "[" + std::to_string(off / unit) +
                             "], which no thread has written and no init: line sets" + (buf.hint.empty() ? "" : "; " + buf.hint));
        buf.written[w] |= mask;
      }
      return &buf.data[w];
    }
    case kLocal: {
      const uint32_t base = static_cast<uint32_t>(tid) * kStackSlots;
      if (off < 0 || w >= static_cast<int64_t>(sp))
        fault(tid, pc, "a pointer to a local variable is used outside that variable's array");
      return reinterpret_cast<uint32_t*>(&stack_[base + w]);  // the slot's low half (little-endian)
    }
    default:
      if (ptr == 0) fault(tid, pc, "dereferences a null pointer (NULL, nullptr, 0, or a pointer never set)");
      fault(tid, pc, "dereferences a pointer that points nowhere");
  }
}

void Machine::check_aligned(int tid, int pc, uint64_t ptr, int bytes, bool is_load) const {
  // Shared memory starts 16-byte aligned and global arrays 256-byte aligned (as cudaMalloc places
  // them), so an access is aligned when its byte offset is a multiple of its size. A local's
  // address is the compiler's to align: the interpreter's frames are checked only for a 1-, 2- or
  // 4-byte access, which must not straddle a slot.
  const int64_t off = offset_of(ptr);
  if (bytes <= 1 || ((off % bytes) + bytes) % bytes == 0) return;
  if (space_of(ptr) == kLocal && bytes > 4) return;
  const std::string n = std::to_string(bytes);
  std::string where;
  // the element the access starts at (in[6] of a char array, not the word in[1..])
  if (space_of(ptr) == kShared) {
    where = shared_word_name(off >> 2, off);
  } else if (space_of(ptr) == kGlobal && buffer_of(ptr) < static_cast<int>(buffers_.size())) {
    const Buffer& buf = buffers_[static_cast<size_t>(buffer_of(ptr))];
    where = buf.name + "[" + std::to_string(off / buf.elem_bytes) + "]";
  } else if (space_of(ptr) == kLocal) {
    where = "a local variable";
  } else {
    return;  // memory() says what is wrong with the pointer
  }
  // "s[3] (shared-memory word 3, byte 12, ...)" for a word of a named array
  const std::string byte = "byte " + std::to_string(off) + ", not a multiple of " + n + ")";
  where = !where.empty() && where.back() == ')' ? where.substr(0, where.size() - 1) + ", " + byte : where + " (" + byte;
  fault(tid, pc, std::string("misaligned address: ") + (bytes == 8 ? "an " : "a ") + n + "-byte " + (is_load ? "load of " : "store to ") + where);
}

void Machine::wide_words(int tid, int pc, uint64_t ptr, bool is_load, uint32_t sp, uint32_t** lo, uint32_t** hi, const char* atomic) {
  *hi = nullptr;
  if (space_of(ptr) == kLocal) {  // a local's slot holds the whole value
    *lo = memory(tid, pc, ptr, is_load, sp, atomic);
    return;
  }
  check_aligned(tid, pc, ptr, 8, is_load);
  // both words checked before either is used: a fault leaves no part of the access
  *lo = memory(tid, pc, ptr, is_load, sp, atomic);
  *hi = memory(tid, pc, moved_by(ptr, 4), is_load, sp, atomic);
}

void Machine::record_wide(int tid, int site, AccessOp op, uint64_t ptr, uint64_t value, int round, int pc) {
  if (space_of(ptr) == kShared && op != kLoad) {
    written_[static_cast<size_t>(word_of(ptr))] = 0xF;
    written_[static_cast<size_t>(word_of(ptr) + 1)] = 0xF;
  }
  if (!record_ || (space_of(ptr) != kShared && space_of(ptr) != kGlobal)) return;
  for (int k = 0; k < 2; ++k) {
    RawAccess a{tid, site, op, word_of(ptr) + k, value, round, -1};
    a.part = k;
    if (space_of(ptr) == kGlobal) {
      a.array = buffer_of(ptr);
      a.iter = iteration_key(tid);
    }
    record(a, pc);
  }
}

void Machine::launch(int entry, const LaunchSpec& spec, BlockRecord* record, int record_block) {
  if (spec.block < 1 || spec.block > kMaxThreads) throw std::invalid_argument("block of " + std::to_string(spec.block) + " threads");
  if (spec.grid < 1) throw std::invalid_argument("grid of " + std::to_string(spec.grid) + " blocks");
  const Dim3 gs = spec.grid_shape(), bs = spec.block_shape();
  if (gs.x < 1 || gs.y < 1 || gs.z < 1 || gs.count() != spec.grid || bs.x < 1 || bs.y < 1 || bs.z < 1 || bs.count() != spec.block)
    throw std::invalid_argument("a launch shape that does not multiply to its grid of " + std::to_string(spec.grid) + " blocks of " +
                                std::to_string(spec.block) + " threads");
  grid_shape_ = gs;
  block_shape_ = bs;
  const CompiledFunction& f = prog_.functions[entry];
  if (static_cast<int>(spec.args.size()) != f.params)
    throw std::invalid_argument(f.name + " takes " + std::to_string(f.params) + " parameters, the launch gives " + std::to_string(spec.args.size()));
  grid_ = spec.grid;
  out_ = record;
  // __device__ variables: the buffers bound to them, or buffers of their own from the first launch on
  const auto& dvars = prog_.program->device_vars;
  device_buffers_.resize(dvars.size(), -1);
  for (size_t d = 0; d < dvars.size(); ++d) {
    if (device_buffers_[d] >= 0) continue;
    std::vector<uint32_t> words(static_cast<size_t>(dvars[d].var->is_array() ? dvars[d].var->array_len : 1), 0u);
    std::copy(dvars[d].init.begin(), dvars[d].init.begin() + static_cast<long>(std::min(words.size(), dvars[d].init.size())), words.begin());
    device_buffers_[d] = add_buffer(dvars[d].var->name, std::move(words));
  }
  if (record && record_block == kAllBlocks) {
    if (static_cast<long long>(record->blocks) + spec.grid > kMaxTracedBlocks)
      throw CudaError("the trace would record more than " + std::to_string(kMaxTracedBlocks) + " blocks (all launches together; this launch has " +
                          std::to_string(spec.grid) + ")",
                      Pos{}, "more than " + std::to_string(kMaxTracedBlocks) + " blocks to trace");
    record->all_blocks = true;
  }
  for (int b = 0; b < spec.grid; ++b) {
    const bool rec = record && (record_block == kAllBlocks || b == record_block);
    run_block(entry, spec, b, rec);
    if (rec) ++record->blocks;
  }
}

SharedPlacement Machine::shared_placement(int entry, long long dynamic_bytes) const {
  const SharedLayout* gpu = nullptr;
  if (layouts_) {
    auto it = layouts_->find(entry);
    if (it != layouts_->end()) gpu = &it->second;
  }
  return place_shared(prog_.functions[static_cast<size_t>(entry)], gpu, (dynamic_bytes + 3) / 4);
}

void Machine::run_block(int entry, const LaunchSpec& spec, int block, bool record) {
  const CompiledFunction& f = prog_.functions[entry];
  threads_ = spec.block;
  block_dim_ = spec.block;
  block_ = block;
  record_ = record;
  executed_before_ += executed_;
  executed_ = 0;
  kernel_ = &f;  // its shared memory: the arrays it can reach
  placed_ = shared_placement(entry, spec.dynamic_smem_bytes);
  const int words = placed_.words;
  smem_.assign(words, 0u);
  written_.assign(words, 0);
  wide_type_ = shared_wide_types(prog_, entry, words, &placed_);
  th_.assign(threads_, Thread());
  stack_.assign(static_cast<size_t>(threads_) * kStackSlots, 0);
  frames_.assign(static_cast<size_t>(threads_) * kMaxDepth, Frame{0, 0, 0});
  loop_counts_.assign(static_cast<size_t>(threads_) * kMaxLoopNest, 0u);
  raw_.clear();
  // recorded_ is never reset: the limit counts every access the trace records, all blocks and launches
  round_labels_.clear();
  pointer_names_.clear();
  pointer_seen_.clear();
  if (record_) {
    if (!out_->all_blocks) {
      out_->steps.clear();
      out_->barrier_steps.clear();
    }
    out_->smem_words = std::max(out_->all_blocks ? out_->smem_words : 0, words);
    phase_start_smem_ = smem_;
    phase_start_written_ = written_;
  }
  for (int t = 0; t < threads_; ++t) {
    Thread& th = th_[t];
    uint64_t* st = &stack_[static_cast<size_t>(t) * kStackSlots];
    for (int k = 0; k < f.params; ++k) st[k] = spec.args[k];
    th.fp = 0;
    th.sp = static_cast<uint32_t>(f.frame_slots);
    th.pc = static_cast<uint32_t>(f.entry);
    th.depth = 0;
  }
  const int warps = (threads_ + kWarpSize - 1) / kWarpSize;
  while (true) {
    for (int w = 0; w < warps; ++w) settle_warp(w);
    // Tiles of several warps whose threads all wait at their barrier go on first (that ends no step).
    if (release_tiles()) continue;
    // Every thread now waits at a barrier or has exited.
    int at_barrier = 0, exited = 0, first_barrier = -1, first_exited = -1;
    for (int t = 0; t < threads_; ++t) {
      if (th_[t].status == Status::Barrier) {
        if (first_barrier < 0) first_barrier = t;
        ++at_barrier;
        const int s = th_[t].wait, s0 = th_[first_barrier].wait;
        if (!(prog_.syncs[s].pos == prog_.syncs[s0].pos))
          fault(t, static_cast<int>(th_[t].pc) - 1,
                  std::string("waits at the ") + builtin_name(prog_.syncs[s].kind) + " of line " + std::to_string(prog_.syncs[s].pos.line) +
                      " while thread " + std::to_string(first_barrier) + " waits at the " + builtin_name(prog_.syncs[s0].kind) + " of line " +
                      std::to_string(prog_.syncs[s0].pos.line) + ": threads of a block must meet at the same barrier (the GPU would hang or misbehave)");
      } else {
        if (first_exited < 0) first_exited = t;
        ++exited;
      }
    }
    if (at_barrier == 0) {
      end_phase(true);
      return;
    }
    if (exited > 0)
      fault(first_barrier, static_cast<int>(th_[first_barrier].pc) - 1,
            std::string(builtin_name(prog_.syncs[th_[first_barrier].wait].kind)) + " reached by " + std::to_string(at_barrier) + " of the block's " + std::to_string(threads_) +
                " threads; thread " + std::to_string(first_exited) +
                " has already left the kernel (barrier divergence: on a GPU this hangs or misbehaves)");
    // __syncthreads_count/and/or: every thread's predicate is on its stack; each gets the block's
    // count of true ones, or whether all or any are true
    const Builtin kind = static_cast<Builtin>(prog_.code[th_[0].pc - 1].a);
    if (kind == Builtin::SyncThreadsCount || kind == Builtin::SyncThreadsAnd || kind == Builtin::SyncThreadsOr) {
      int count = 0;
      for (int t = 0; t < threads_; ++t) count += as_u(stack_[static_cast<size_t>(t) * kStackSlots + th_[t].sp - 1]) != 0;
      const uint32_t r = kind == Builtin::SyncThreadsCount ? static_cast<uint32_t>(count)
                         : kind == Builtin::SyncThreadsAnd ? (count == threads_) : (count > 0);
      for (int t = 0; t < threads_; ++t) stack_[static_cast<size_t>(t) * kStackSlots + th_[t].sp - 1] = r;
    }
    end_phase(false);
    for (auto& th : th_) {
      th.status = Status::Running;
      th.round = 0;
      th.tile_syncs = TileSyncs{};
    }
  }
}

std::string Machine::barrier_name(int sync) const {
  const SyncPoint& sp = prog_.syncs[static_cast<size_t>(sync)];
  return sp.kind == Builtin::TileSync ? sp.text : builtin_name(sp.kind);
}

bool Machine::release_tiles() {
  auto size_of = [&](int t) { return as_u(stack_[static_cast<size_t>(t) * kStackSlots + th_[t].sp - 1]); };
  auto pos_of = [&](int t) { return prog_.syncs[static_cast<size_t>(th_[t].wait)].pos; };
  // u waits at the same tile barrier as t (the same call, the same size)
  auto same = [&](int u, int t) { return th_[u].status == Status::TileBarrier && size_of(u) == size_of(t) && pos_of(u) == pos_of(t); };
  bool released = false;
  int stuck = -1;  // the first thread whose tile cannot go now
  for (int t = 0; t < threads_;) {
    if (th_[t].status != Status::TileBarrier) {
      ++t;
      continue;
    }
    const uint32_t size = size_of(t);
    if (size < 64 || size > 1024 || (size & (size - 1)))
      fault(t, static_cast<int>(th_[t].pc) - 1, barrier_name(th_[t].wait) + " of a tile of " + std::to_string(size) + " threads (a tile of several warps has 64, 128, ..., 1024)");
    const int first = t / static_cast<int>(size) * static_cast<int>(size), end = first + static_cast<int>(size);
    if (end > threads_)
      fault(t, static_cast<int>(th_[t].pc) - 1,
            barrier_name(th_[t].wait) + " of a tile of " + std::to_string(size) + " threads, but the block's " + std::to_string(threads_) +
                " threads leave its tile of threads " + std::to_string(first) + ".." + std::to_string(end - 1) + " only " +
                std::to_string(threads_ - first) + " (the GPU's barrier waits for the missing warps: it hangs; make the block a multiple of the tile)");
    int u = first;
    while (u < end && same(u, t)) ++u;
    if (u == end) {
      const int level = __builtin_ctz(size) - 6;
      for (int v = first; v < end; ++v) {
        Thread& th = th_[v];
        --th.sp;  // the size
        th.status = Status::Running;
        for (int k = 0; k <= level; ++k) ++th.tile_syncs[static_cast<size_t>(k)];
      }
      released = true;
      t = end;
      continue;
    }
    if (stuck < 0) stuck = t;
    t = u > t ? u : t + 1;  // threads t..u-1 wait for the same tile
  }
  if (released || stuck < 0) return released;
  // No tile can go: name why the first one waiting cannot.
  const int t = stuck;
  const int size = static_cast<int>(size_of(t)), first = t / size * size, end = first + size;
  const int pc = static_cast<int>(th_[t].pc) - 1;
  const std::string what = barrier_name(th_[t].wait) + " of line " + std::to_string(pos_of(t).line);
  const std::string tile = "the tile of threads " + std::to_string(first) + ".." + std::to_string(end - 1);
  int reached = 0, exited = -1, at_block = -1, other = -1;
  for (int u = first; u < end; ++u) {
    if (same(u, t)) ++reached;
    else if (th_[u].status == Status::Exited) exited = exited < 0 ? u : exited;
    else if (th_[u].status == Status::Barrier) at_block = at_block < 0 ? u : at_block;
    else other = other < 0 ? u : other;
  }
  if (other >= 0)
    fault(other, static_cast<int>(th_[other].pc) - 1,
          "waits at the " + barrier_name(th_[other].wait) + " of line " + std::to_string(prog_.code_pos[th_[other].pc - 1].line) + " while thread " +
              std::to_string(t) + " waits at the " + what + ": the threads of " + tile + " must meet at the same barrier (the GPU would hang or misbehave)");
  if (exited >= 0)
    fault(t, pc, barrier_name(th_[t].wait) + " of a tile of " + std::to_string(size) + " threads reached by " + std::to_string(reached) +
                     " of its threads; thread " + std::to_string(exited) + " of " + tile +
                     " has already left the kernel (barrier divergence: on a GPU this hangs or misbehaves)");
  fault(t, pc, barrier_name(th_[t].wait) + " of a tile of " + std::to_string(size) + " threads waits for thread " + std::to_string(at_block) +
                   ", which waits at the " + barrier_name(th_[at_block].wait) + " of line " + std::to_string(prog_.syncs[static_cast<size_t>(th_[at_block].wait)].pos.line) +
                   ": a deadlock (a tile's barrier waits for its own threads only, a block barrier for every thread; the GPU would hang)");
}

void Machine::settle_warp(int warp) {
  const int first = warp * kWarpSize, last = std::min(threads_, first + kWarpSize);
  while (true) {
    for (int t = first; t < last; ++t)
      if (th_[t].status == Status::Running) run_thread(t);
    if (fire_active_mask(warp)) continue;
    // Fire the collective of the lowest waiting lane, if every lane of its mask is there.
    int leader = -1;
    for (int t = first; t < last; ++t)
      if (th_[t].status == Status::Collective) {
        leader = t;
        break;
      }
    if (leader < 0) return;
    const Thread& lt = th_[leader];
    const uint64_t* lst = &stack_[static_cast<size_t>(leader) * kStackSlots];
    const Instr& in = prog_.code[lt.pc - 1];
    const Builtin kind = static_cast<Builtin>(in.a);
    const int nargs = kind == Builtin::SyncWarp ? 1 : (kind == Builtin::BallotSync || kind == Builtin::AnySync || kind == Builtin::AllSync || is_warp_reduce(kind)) ? 2 : 4;
    const uint32_t mask = as_u(lst[lt.sp - nargs]);
    const int lane = leader - first;
    if (!(mask & (1u << lane)))
      fault(leader, static_cast<int>(lt.pc) - 1, std::string(builtin_name(kind)) + " with mask " + hex(mask) + ", which does not include the calling lane " + std::to_string(lane));
    for (int l = 0; l < kWarpSize; ++l) {
      if (!(mask & (1u << l))) continue;
      const int t = first + l;
      if (t >= last)
        fault(leader, static_cast<int>(lt.pc) - 1, std::string(builtin_name(kind)) + " with mask " + hex(mask) + " names lane " +
                                                      std::to_string(l) + ", which does not exist (the block has " + std::to_string(threads_) + " threads)");
      const Thread& o = th_[t];
      if (o.status == Status::Collective) {
        const Instr& oi = prog_.code[o.pc - 1];
        const uint64_t* ost = &stack_[static_cast<size_t>(t) * kStackSlots];
        if (static_cast<Builtin>(oi.a) == kind && as_u(ost[o.sp - nargs]) == mask) continue;
        fault(leader, static_cast<int>(lt.pc) - 1,
              std::string(builtin_name(kind)) + " with mask " + hex(mask) + ": lane " + std::to_string(l) + " waits at a different warp operation (" +
                  files_.where(prog_.code_pos[o.pc - 1]) + ")");
      }
      const std::string where = o.status == Status::Exited ? "has already left the kernel"
                                : "waits at the " + barrier_name(o.wait) + " of line " + std::to_string(prog_.code_pos[o.pc - 1].line);
      fault(leader, static_cast<int>(lt.pc) - 1,
            std::string(builtin_name(kind)) + " with mask " + hex(mask) + " names lane " + std::to_string(l) + ", which " + where +
                " (every lane in the mask must reach the same warp operation)");
    }
    fire(warp, mask, leader);
  }
}

// __activemask(): once every lane of the warp has run as far as it can, the lanes that wait at the
// same __activemask() (the same instruction, in the same iterations of the loops around it, called
// from the same place) are the ones that execute it together; each gets their mask. It ends no
// round (it synchronises nothing) and goes before the other warp operations, so that lanes of a
// divergent branch take it while the others wait at a shuffle or a barrier after the branch. Of
// several, the one earliest in the code goes first (lanes still in a loop take theirs before the
// lanes that have left it take one after the loop, as the GPU reconverges them after it).
bool Machine::fire_active_mask(int warp) {
  const int first = warp * kWarpSize, last = std::min(threads_, first + kWarpSize);
  auto at_mask = [&](int t) { return th_[t].status == Status::Collective && prog_.code[th_[t].pc - 1].op == Op::ActiveMask; };
  auto caller = [&](int t) { return th_[t].depth ? frames_[static_cast<size_t>(t) * kMaxDepth + th_[t].depth - 1].ret_pc : 0u; };
  int leader = -1;
  for (int t = first; t < last; ++t)
    if (at_mask(t) && (leader < 0 || th_[t].pc < th_[leader].pc)) leader = t;
  if (leader < 0) return false;
  const uint64_t key = iteration_key(leader);
  uint32_t mask = 0;
  for (int t = first; t < last; ++t)
    if (at_mask(t) && th_[t].pc == th_[leader].pc && th_[t].depth == th_[leader].depth && caller(t) == caller(leader) && iteration_key(t) == key)
      mask |= 1u << (t - first);
  for (int t = first; t < last; ++t)
    if (mask & (1u << (t - first))) {
      stack_[static_cast<size_t>(t) * kStackSlots + th_[t].sp++] = mask;
      th_[t].status = Status::Running;
    }
  return true;
}

void Machine::fire(int warp, uint32_t mask, int leader) {
  const int first = warp * kWarpSize;
  const Instr& in = prog_.code[th_[leader].pc - 1];
  const Builtin kind = static_cast<Builtin>(in.a);
  const SyncPoint& sp = prog_.syncs[in.b];
  uint64_t result[kWarpSize] = {};
  if (kind == Builtin::ShflSync || kind == Builtin::ShflUpSync || kind == Builtin::ShflDownSync || kind == Builtin::ShflXorSync) {
    uint64_t var[kWarpSize] = {};
    for (int l = 0; l < kWarpSize; ++l)
      if (mask & (1u << l)) {
        const Thread& t = th_[first + l];
        var[l] = stack_[static_cast<size_t>(first + l) * kStackSlots + t.sp - 3];
      }
    for (int l = 0; l < kWarpSize; ++l) {
      if (!(mask & (1u << l))) continue;
      const int tid = first + l;
      const Thread& t = th_[tid];
      const uint64_t* st = &stack_[static_cast<size_t>(tid) * kStackSlots + t.sp];
      const int32_t arg = as_i(st[-2]);
      int32_t width = as_i(st[-1]);
      if (width < 1 || width > kWarpSize || (width & (width - 1)))
        fault(tid, static_cast<int>(t.pc) - 1, std::string(builtin_name(kind)) + ": width " + std::to_string(width) + " is not a power of two from 1 to 32");
      const int seg = l / width * width, lw = l % width;
      int src = l;
      switch (kind) {
        case Builtin::ShflSync: src = seg + ((arg % width) + width) % width; break;
        case Builtin::ShflUpSync: src = lw - static_cast<int>(static_cast<uint32_t>(arg)) >= 0 ? l - static_cast<int>(static_cast<uint32_t>(arg)) : l; break;
        case Builtin::ShflDownSync: src = lw + static_cast<int64_t>(static_cast<uint32_t>(arg)) < width ? l + static_cast<int>(static_cast<uint32_t>(arg)) : l; break;
        default: {
          const int x = l ^ arg;
          src = x >= seg && x < seg + width ? x : l;
        }
      }
      if (!(mask & (1u << src)))
        fault(tid, static_cast<int>(t.pc) - 1, std::string(builtin_name(kind)) + " reads lane " + std::to_string(src) + ", which is not in the mask " + hex(mask));
      result[l] = var[src];
      if (record_ && sp.site >= 0)
        record(RawAccess{tid, sp.site, kShuffle, src, var[src], t.round, -1}, static_cast<int>(t.pc) - 1);
    }
  } else if (kind == Builtin::BallotSync || kind == Builtin::AnySync || kind == Builtin::AllSync) {
    uint32_t ballot = 0;
    for (int l = 0; l < kWarpSize; ++l)
      if (mask & (1u << l)) {
        const Thread& t = th_[first + l];
        if (as_i(stack_[static_cast<size_t>(first + l) * kStackSlots + t.sp - 1]) != 0) ballot |= 1u << l;
      }
    const uint64_t v = kind == Builtin::BallotSync ? ballot : kind == Builtin::AnySync ? (ballot != 0) : (ballot == mask);
    for (int l = 0; l < kWarpSize; ++l) result[l] = v;
  } else if (is_warp_reduce(kind)) {
    // every lane of the mask gives its value; each gets the 32-bit result (add wraps, as the GPU's)
    uint32_t acc = 0;
    bool any = false;
    for (int l = 0; l < kWarpSize; ++l) {
      if (!(mask & (1u << l))) continue;
      const Thread& t = th_[first + l];
      const uint32_t x = as_u(stack_[static_cast<size_t>(first + l) * kStackSlots + t.sp - 1]);
      if (!any) {
        acc = x;
        any = true;
        continue;
      }
      switch (kind) {
        case Builtin::ReduceAddSync: acc += x; break;
        case Builtin::ReduceMinSync: acc = static_cast<int32_t>(x) < static_cast<int32_t>(acc) ? x : acc; break;
        case Builtin::ReduceMaxSync: acc = static_cast<int32_t>(x) > static_cast<int32_t>(acc) ? x : acc; break;
        case Builtin::ReduceUMinSync: acc = std::min(acc, x); break;
        case Builtin::ReduceUMaxSync: acc = std::max(acc, x); break;
        case Builtin::ReduceAndSync: acc &= x; break;
        case Builtin::ReduceOrSync: acc |= x; break;
        default: acc ^= x; break;
      }
    }
    for (int l = 0; l < kWarpSize; ++l) result[l] = acc;
  }
  const int nargs = kind == Builtin::SyncWarp ? 1 : (kind == Builtin::BallotSync || kind == Builtin::AnySync || kind == Builtin::AllSync || is_warp_reduce(kind)) ? 2 : 4;
  for (int l = 0; l < kWarpSize; ++l) {
    if (!(mask & (1u << l))) continue;
    const int tid = first + l;
    Thread& t = th_[tid];
    note_round_end(tid, in.b);
    t.sp -= nargs;
    if (kind != Builtin::SyncWarp) stack_[static_cast<size_t>(tid) * kStackSlots + t.sp++] = result[l];
    t.status = Status::Running;
    ++t.round;
  }
}

std::string Machine::label_text(int tid, int sync) const {
  const SyncPoint& sp = prog_.syncs[sync];
  if (!sp.label) {
    if (sp.kind == Builtin::None) return "end of kernel";
    return std::string(builtin_name(sp.kind)) + " at line " + std::to_string(sp.pos.line);
  }
  const std::string& text = sp.label->text;
  std::string out;
  size_t k = 0, v = 0;
  const Thread& t = th_[tid];
  while (k < text.size()) {
    if (text[k] == '{') {
      size_t close = text.find('}', k);
      if (v < sp.var_slots.size()) {
        const uint64_t bits = stack_[static_cast<size_t>(tid) * kStackSlots + t.fp + sp.var_slots[v]];
        const double val = value_of(bits, sp.var_types[v]);
        char buf[32];
        if (sp.var_types[v] == Base::Float || sp.var_types[v] == Base::Double) std::snprintf(buf, sizeof buf, "%g", val);
        else if (sp.var_types[v] == Base::Long) std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(bits));
        else if (sp.var_types[v] == Base::ULong) std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(bits));
        else std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(val));
        out += buf;
      }
      ++v;
      k = close == std::string::npos ? text.size() : close + 1;
      continue;
    }
    out += text[k++];
  }
  return out;
}

void Machine::record(const RawAccess& a, int pc) {
  if (recorded_ + static_cast<long long>(raw_.size()) >= kMaxAccesses)
    fault(a.tid, pc, "the trace would record more than " + std::to_string(kMaxAccesses) + " memory accesses (a loop that never ends?)");
  raw_.push_back(a);
  raw_.back().tile_syncs = th_[static_cast<size_t>(a.tid)].tile_syncs;
  if (a.array >= 0) {  // a global access: which iteration of its innermost loop
    const uint32_t depth = th_[static_cast<size_t>(a.tid)].loop_depth;
    raw_.back().iteration = depth ? static_cast<int>(loop_counts_[static_cast<size_t>(a.tid) * kMaxLoopNest + depth - 1]) : 0;
  }
}

void Machine::note_round_end(int tid, int sync) {
  if (!record_) return;
  const int r = th_[tid].round;
  // This round ends step number `steps`; each step holds a snapshot of the block's shared memory.
  const long long steps = static_cast<long long>(out_->steps.size()) + r + 1;
  if (steps > kMaxSteps)
    fault(tid, static_cast<int>(th_[tid].pc) - 1, "the trace would have more than " + std::to_string(kMaxSteps) +
                                                      " steps (barriers and warp synchronisations; a loop that never ends?)");
  if (steps * static_cast<long long>(smem_.size()) > kMaxSnapshotWords)
    fault(tid, static_cast<int>(th_[tid].pc) - 1, "the trace would hold more than " + std::to_string(kMaxSnapshotWords) +
                                                      " words of shared-memory snapshots (" + std::to_string(steps) + " steps of " +
                                                      std::to_string(smem_.size()) + " words; a loop that never ends?)");
  if (static_cast<int>(round_labels_.size()) <= r) round_labels_.resize(r + 1);
  RoundLabel& l = round_labels_[r];
  if (l.set) return;
  l.set = true;
  l.text = label_text(tid, sync);
  const SyncPoint& sp = prog_.syncs[sync];
  l.phase = sp.label ? sp.label->phase : Phase::Other;
}

void Machine::flush_prints(int first_step, int rounds) {
  if (!out_) {
    pending_prints_.clear();
    return;
  }
  // a step's lines in thread order, each thread's in the order it printed them
  std::stable_sort(pending_prints_.begin(), pending_prints_.end(),
                   [](const PendingPrint& a, const PendingPrint& b) { return std::tie(a.round, a.tid) < std::tie(b.round, b.tid); });
  for (auto& p : pending_prints_) {
    PrintLine l;
    l.launch = out_->launch;
    l.block = block_;
    l.tid = p.tid;
    l.step = first_step < 0 ? -1 : first_step + std::min(p.round, rounds - 1);
    l.text = std::move(p.text);
    out_->prints.push_back(std::move(l));
  }
  pending_prints_.clear();
}

std::string Machine::format_print(int tid, int pc, int format, const std::vector<uint64_t>& values) const {
  std::string out;
  size_t v = 0;
  char buf[kMaxPrintChars + 1];
  for (const FormatPiece& piece : prog_.program->formats[static_cast<size_t>(format)]) {
    if (!piece.conversion) {
      out += piece.text;
    } else {
      const uint64_t bits64 = values[v++];
      const uint32_t bits = static_cast<uint32_t>(bits64);
      const char c = piece.text.back();
      int n;
      if (piece.is_float) n = std::snprintf(buf, sizeof buf, piece.text.c_str(), as_d(bits64));  // promoted to double, as C passes it
      else if (piece.wide && (c == 'd' || c == 'i')) n = std::snprintf(buf, sizeof buf, piece.text.c_str(), static_cast<long long>(bits64));
      else if (piece.wide) n = std::snprintf(buf, sizeof buf, piece.text.c_str(), static_cast<unsigned long long>(bits64));
      else if (c == 'd' || c == 'i' || c == 'c') n = std::snprintf(buf, sizeof buf, piece.text.c_str(), as_i(bits));
      else n = std::snprintf(buf, sizeof buf, piece.text.c_str(), bits);
      if (n < 0 || n > kMaxPrintChars) fault(tid, pc, "printf's '" + piece.text + "' prints more than " + std::to_string(kMaxPrintChars) + " characters");
      out.append(buf, static_cast<size_t>(n));
    }
    if (out.size() > static_cast<size_t>(kMaxPrintChars))
      fault(tid, pc, "one printf prints more than " + std::to_string(kMaxPrintChars) + " characters");
  }
  return out;
}

bool Machine::record_to_fault() {
  if (!record_ || !out_ || raw_.size() > static_cast<size_t>(kMaxAccesses)) return false;
  try {
    end_phase(true);  // the accesses made before the fault, and the named arrays
    return true;
  } catch (const CudaError&) {
    return false;  // a limit of the trace itself: no partial trace
  }
}

void Machine::end_phase(bool final_phase) {
  if (!record_) {
    flush_prints(-1, 1);
    return;
  }
  int rounds = 1;
  for (const auto& t : th_) rounds = std::max(rounds, t.round + 1);
  const int first_step = out_ ? static_cast<int>(out_->steps.size()) : 0;
  // Replay the stores round by round from the phase's start: each round's snapshot.
  std::vector<uint32_t> mem = phase_start_smem_;
  std::vector<uint8_t> wr = phase_start_written_;
  mem.resize(smem_.size(), 0u);
  wr.resize(smem_.size(), 0);
  std::vector<std::vector<size_t>> by_round(rounds);
  for (size_t i = 0; i < raw_.size(); ++i) by_round[std::min(raw_[i].round, rounds - 1)].push_back(i);
  for (int r = 0; r < rounds; ++r) {
    Step s;
    if (r < static_cast<int>(round_labels_.size()) && round_labels_[r].set) {
      s.label = round_labels_[r].text;
      s.phase = round_labels_[r].phase;
    } else {
      s.label = final_phase ? "end of kernel" : "step";
      s.phase = Phase::Other;
    }
    std::vector<size_t>& idx = by_round[r];
    for (size_t i : idx) {
      const RawAccess& a = raw_[i];
      if (a.array < 0 && (a.op == kStore || a.op == kAtomic)) {
        if (a.mask) {  // a 1- or 2-byte store: its bytes of the word
          const int shift = 8 * __builtin_ctz(a.mask);
          const uint32_t bits = (a.mask & (a.mask >> 1)) ? 0xFFFFu : 0xFFu;
          mem[a.word] = (mem[a.word] & ~(bits << shift)) | ((static_cast<uint32_t>(a.bits) & bits) << shift);
          wr[a.word] |= a.mask;
        } else {
          mem[a.word] = static_cast<uint32_t>(a.part == 1 ? a.bits >> 32 : a.bits);
          wr[a.word] = 0xF;
        }
      }
    }
    // program order is per thread: each thread's accesses together, in the order it made them
    std::stable_sort(idx.begin(), idx.end(), [&](size_t x, size_t y) { return raw_[x].tid < raw_[y].tid; });
    s.accesses.reserve(idx.size());
    s.launch = out_->launch;
    s.block = block_;
    for (size_t i : idx) {
      const RawAccess& a = raw_[i];
      if (a.array >= 0) {
        GlobalAccess g;
        g.tid = a.tid;
        g.site = a.site;
        g.op = a.op;
        g.array = a.array;
        g.index = a.word;
        g.mask = a.mask;
        g.value = value_of(a.bits, prog_.sites[a.site].type);
        g.iter = a.iter;
        g.iteration = a.iteration;
        g.tile_syncs = a.tile_syncs;
        s.global.push_back(g);
        continue;
      }
      Access acc;
      acc.tid = a.tid;
      acc.site = a.site;
      acc.op = a.op;
      acc.word = a.word;
      acc.mask = a.mask;
      acc.value = value_of(a.bits, prog_.sites[a.site].type);
      acc.tile_syncs = a.tile_syncs;
      s.accesses.push_back(acc);
    }
    s.smem.resize(mem.size());
    for (size_t w = 0; w < mem.size(); ++w) s.smem[w] = wr[w] ? value_of(mem[w], out_->value_type) : std::numeric_limits<double>::quiet_NaN();
    // an array of 8-byte values: both words of an element show its value (NaN until both are written)
    for (size_t w = 0; w + 1 < mem.size() && w + 1 < wide_type_.size(); ++w) {
      if (wide_type_[w] == Base::Void || (w & 1)) continue;
      const double v = wr[w] && wr[w + 1] ? value_of(mem[w] | (static_cast<uint64_t>(mem[w + 1]) << 32), wide_type_[w]) : std::numeric_limits<double>::quiet_NaN();
      s.smem[w] = s.smem[w + 1] = v;
    }
    out_->steps.push_back(std::move(s));
    out_->barrier_steps.push_back(r == rounds - 1);
  }
  flush_prints(first_step, rounds);
  recorded_ += static_cast<long long>(raw_.size());
  raw_.clear();
  round_labels_.clear();
  phase_start_smem_ = smem_;
  phase_start_written_ = written_;
  if (final_phase) {
    // Named arrays: static and extern shared arrays, and pointers into shared memory.
    struct Name {
      int first;
      std::string name;
      std::vector<int> dims;  // an array of several dimensions
    };
    std::vector<Name> names;
    auto inside_matrix = [&](int word) {  // a row pointer (T *row = tile[y]) names no region of its own
      for (const Var* v : kernel_->shared_vars)
        if (!v->dims.empty() && !v->extern_shared && word > placed_.first_word(v) && word < placed_.first_word(v) + v->array_len) return true;
      return false;
    };
    for (const auto& p : pointer_names_)
      if (!inside_matrix(p.first)) names.push_back({p.first, p.second, {}});
    for (const Var* v : kernel_->shared_vars) names.push_back({placed_.first_word(v), v->name, v->dims});
    std::stable_sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    out_->arrays.clear();
    for (size_t i = 0; i < names.size(); ++i) {
      // one name per offset: the first pointer declared there (keys) over the array it points
      // into (smem), and over later aliases
      if (i > 0 && names[i - 1].first == names[i].first) continue;
      const int start = names[i].first;
      int end = static_cast<int>(smem_.size());
      for (size_t j = i + 1; j < names.size(); ++j)
        if (names[j].first > start) {
          end = names[j].first;
          break;
        }
      // a pointer may point past the block's shared memory (keys + m with m beyond the launch's
      // size): the name covers only the words that exist
      end = std::min(end, static_cast<int>(smem_.size()));
      if (start >= 0 && start < end) {
        SharedArrayInfo a{names[i].name, start, end - start, names[i].dims};
        long long cells = 1;
        for (int d : a.dims) cells *= d;
        if (cells != a.words) a.dims.clear();  // cut short by another name: no longer the matrix declared
        out_->arrays.push_back(std::move(a));
      }
    }
  }
}

// Runs thread `tid` until it waits at a barrier or a warp operation, or leaves the kernel.
void Machine::run_thread(int tid) {
  Thread& th = th_[tid];
  uint64_t* st = &stack_[static_cast<size_t>(tid) * kStackSlots];
  Frame* frames = &frames_[static_cast<size_t>(tid) * kMaxDepth];
  uint32_t pc = th.pc, sp = th.sp, fp = th.fp;
  const Instr* code = prog_.code.data();
  // The block's budget, or what is left of the trace's when that is less.
  const bool trace_bound = trace_budget_ >= 0 && trace_budget_ - executed_before_ < budget_;
  const long long budget = trace_bound ? std::max<long long>(0, trace_budget_ - executed_before_) : budget_;
  const uint32_t lane = static_cast<uint32_t>(tid % kWarpSize);
  (void)lane;
#define POP() st[--sp]
#define TOP() st[sp - 1]
#define PUSH(v) st[sp++] = (v)
#define BIN_I(expr)            \
  {                            \
    int32_t b_ = as_i(POP());  \
    int32_t a_ = as_i(TOP());  \
    TOP() = from_i(expr);      \
  }
#define BIN_U(expr)            \
  {                            \
    uint32_t b_ = as_u(POP()); \
    uint32_t a_ = as_u(TOP()); \
    TOP() = (expr);            \
  }
#define BIN_F(expr)          \
  {                          \
    float b_ = as_f(POP());  \
    float a_ = as_f(TOP());  \
    TOP() = (expr);          \
  }
#define BIN_L(expr)            \
  {                            \
    int64_t b_ = as_l(POP());  \
    int64_t a_ = as_l(TOP());  \
    TOP() = (expr);            \
  }
#define BIN_D(expr)            \
  {                            \
    double b_ = as_d(POP());   \
    double a_ = as_d(TOP());   \
    TOP() = (expr);            \
  }
  // The thread stops here: where it is, and what it waits for.
  auto park = [&](Status status, int wait) {
    th.pc = pc;
    th.sp = sp;
    th.fp = fp;
    th.status = status;
    th.wait = wait;
  };
  while (true) {
    if (++executed_ > budget) {
      th.pc = pc;
      if (trace_bound)
        fault(tid, static_cast<int>(pc), "the trace ran more than " + std::to_string(trace_budget_) +
                                             " instructions (all blocks and launches together): a loop that never ends?");
      fault(tid, static_cast<int>(pc), "the block ran more than " + std::to_string(budget) +
                                           " instructions: a loop that never ends? (thread " + std::to_string(tid) + " was here)");
    }
    if (sp + 8 >= kStackSlots) fault(tid, static_cast<int>(pc), stack_overflow());
    const Instr in = code[pc++];
    switch (in.op) {
      case Op::Push: PUSH(static_cast<uint32_t>(in.a)); break;
      case Op::SharedPtr: PUSH(make_ptr(kShared, 0, 4LL * (in.b ? placed_.dynamic_base + in.a : placed_.slot_word(in.a)))); break;
      case Op::LocalPtr: PUSH(make_ptr(kLocal, 0, 4LL * (fp + static_cast<uint32_t>(in.a)))); break;
      case Op::Ldl: PUSH(st[fp + in.a]); break;
      case Op::Stl: st[fp + in.a] = POP(); break;
      case Op::Pop: --sp; break;
      case Op::Dup: st[sp] = st[sp - 1]; ++sp; break;
      case Op::Swap: std::swap(st[sp - 1], st[sp - 2]); break;
      case Op::IAdd: BIN_U(static_cast<uint32_t>(a_ + b_)); break;
      case Op::ISub: BIN_U(static_cast<uint32_t>(a_ - b_)); break;
      case Op::IMul: BIN_U(static_cast<uint32_t>(a_ * b_)); break;
      case Op::IDiv: {
        int32_t b = as_i(POP());
        int32_t a = as_i(TOP());
        if (b == 0) fault(tid, static_cast<int>(pc) - 1, "division by zero");
        TOP() = from_i(b == -1 ? static_cast<int32_t>(0u - static_cast<uint32_t>(a)) : a / b);
        break;
      }
      case Op::UDiv: {
        uint32_t b = as_u(POP());
        if (b == 0) fault(tid, static_cast<int>(pc) - 1, "division by zero");
        TOP() = as_u(TOP()) / b;
        break;
      }
      case Op::IRem: {
        int32_t b = as_i(POP());
        int32_t a = as_i(TOP());
        if (b == 0) fault(tid, static_cast<int>(pc) - 1, "remainder of a division by zero");
        TOP() = from_i(b == -1 ? 0 : a % b);
        break;
      }
      case Op::URem: {
        uint32_t b = as_u(POP());
        if (b == 0) fault(tid, static_cast<int>(pc) - 1, "remainder of a division by zero");
        TOP() = as_u(TOP()) % b;
        break;
      }
      case Op::INeg: TOP() = static_cast<uint32_t>(0u - as_u(TOP())); break;
      case Op::IAnd: BIN_U(a_ & b_); break;
      case Op::IOr: BIN_U(a_ | b_); break;
      case Op::IXor: BIN_U(a_ ^ b_); break;
      case Op::INot: TOP() = static_cast<uint32_t>(~as_u(TOP())); break;
      // Shifts of 32 or more: what the GPU's shift instructions give (they clamp the amount).
      case Op::Shl: BIN_U(b_ >= 32 ? 0u : a_ << b_); break;
      case Op::Shr: BIN_I(b_ < 0 || b_ >= 32 ? (a_ < 0 ? -1 : 0) : a_ >> b_); break;
      case Op::UShr: BIN_U(b_ >= 32 ? 0u : a_ >> b_); break;
      case Op::FAdd: BIN_F(from_f(a_ + b_)); break;
      case Op::FSub: BIN_F(from_f(a_ - b_)); break;
      case Op::FMul: BIN_F(from_f(a_ * b_)); break;
      case Op::FDiv: BIN_F(from_f(a_ / b_)); break;
      case Op::FNeg: TOP() = from_f(-as_f(TOP())); break;
      case Op::IEq: BIN_U(a_ == b_); break;
      case Op::INe: BIN_U(a_ != b_); break;
      case Op::ILt: BIN_I(a_ < b_); break;
      case Op::ILe: BIN_I(a_ <= b_); break;
      case Op::IGt: BIN_I(a_ > b_); break;
      case Op::IGe: BIN_I(a_ >= b_); break;
      case Op::ULt: BIN_U(a_ < b_); break;
      case Op::ULe: BIN_U(a_ <= b_); break;
      case Op::UGt: BIN_U(a_ > b_); break;
      case Op::UGe: BIN_U(a_ >= b_); break;
      case Op::FEq: BIN_F(a_ == b_); break;
      case Op::FNe: BIN_F(a_ != b_); break;
      case Op::FLt: BIN_F(a_ < b_); break;
      case Op::FLe: BIN_F(a_ <= b_); break;
      case Op::FGt: BIN_F(a_ > b_); break;
      case Op::FGe: BIN_F(a_ >= b_); break;
      case Op::PEq: case Op::PNe: case Op::PLt: case Op::PLe: case Op::PGt: case Op::PGe: {
        uint64_t b = POP();
        uint64_t a = TOP();
        if (in.op != Op::PEq && in.op != Op::PNe && (a & kArrayMask) != (b & kArrayMask))
          fault(tid, static_cast<int>(pc) - 1, "compares pointers into different arrays");
        const int64_t x = offset_of(a), y = offset_of(b);
        bool r = in.op == Op::PEq ? a == b : in.op == Op::PNe ? a != b : in.op == Op::PLt ? x < y : in.op == Op::PLe ? x <= y : in.op == Op::PGt ? x > y : x >= y;
        TOP() = r;
        break;
      }
      case Op::LNot: TOP() = as_u(TOP()) == 0; break;
      case Op::I2F: TOP() = from_f(static_cast<float>(as_i(TOP()))); break;
      case Op::U2F: TOP() = from_f(static_cast<float>(as_u(TOP()))); break;
      case Op::F2I: TOP() = from_i(f2i(as_f(TOP()))); break;
      case Op::F2U: TOP() = f2u(as_f(TOP())); break;
      case Op::I2B: TOP() = as_u(TOP()) != 0; break;
      case Op::F2B: TOP() = as_f(TOP()) != 0.0f; break;
      case Op::PAdd: {
        const uint64_t raw64 = POP();
        const uint32_t raw = as_u(raw64);
        const int64_t k = (in.b & kPAddWide) ? as_l(raw64) : (in.b & kPAddUnsigned) ? static_cast<int64_t>(raw) : static_cast<int64_t>(static_cast<int32_t>(raw));
        const uint64_t p = TOP();
        int64_t moved = 0;  // a 64-bit offset may overflow: then it is surely too far
        const bool over = (in.b & kPAddSubtract) ? __builtin_sub_overflow(offset_of(p), k, &moved) : __builtin_add_overflow(offset_of(p), k, &moved);
        const bool huge = (in.b & kPAddWide) && (in.b & kPAddUnsigned) && (raw64 >> 63);  // an unsigned offset of 2^63 or more
        if (over || huge || moved > kMaxOffset || moved < -kMaxOffset)
          fault(tid, static_cast<int>(pc) - 1, "pointer arithmetic moves a pointer more than 2^47 bytes from its array");
        TOP() = (p & kArrayMask) | (static_cast<uint64_t>(moved) & kOffsetMask);
        break;
      }
      case Op::PDiff: {
        uint64_t b = POP();
        uint64_t a = TOP();
        if ((a & kArrayMask) != (b & kArrayMask)) fault(tid, static_cast<int>(pc) - 1, "subtracts pointers into different arrays");
        TOP() = from_i(static_cast<int32_t>(offset_of(a) - offset_of(b)));  // bytes (the parser divides by the element's); the machine's ints are 32-bit
        break;
      }
      case Op::Ld: {
        uint64_t p = TOP();
        if (in.b == 2) {  // one 8-byte value
          uint32_t *lo, *hi;
          wide_words(tid, static_cast<int>(pc) - 1, p, true, sp, &lo, &hi);
          const uint64_t v = hi ? (*lo | (static_cast<uint64_t>(*hi) << 32)) : *reinterpret_cast<uint64_t*>(lo);
          TOP() = v;
          record_wide(tid, in.a, kLoad, p, v, th.round, static_cast<int>(pc) - 1);
          break;
        }
        if (is_small_width(in.b)) {  // a bool, char or short: its bytes of the word, extended
          const int size = small_bytes(in.b);
          const uint32_t* m = memory(tid, static_cast<int>(pc) - 1, p, true, sp, nullptr, size);
          const uint64_t v = extend_small(*m >> (8 * (offset_of(p) & 3)), in.b);
          TOP() = v;
          if (record_ && (space_of(p) == kShared || space_of(p) == kGlobal)) {
            RawAccess a{tid, in.a, kLoad, word_of(p), v, th.round, space_of(p) == kGlobal ? buffer_of(p) : -1};
            if (space_of(p) == kGlobal) a.iter = iteration_key(tid);
            a.mask = byte_mask(p, size);
            record(a, pc - 1);
          }
          break;
        }
        uint32_t* m = memory(tid, static_cast<int>(pc) - 1, p, true, sp);
        TOP() = *m;
        if (record_ && space_of(p) == kShared) record(RawAccess{tid, in.a, kLoad, word_of(p), *m, th.round, -1}, pc - 1);
        else if (record_ && space_of(p) == kGlobal)
          record(RawAccess{tid, in.a, kLoad, word_of(p), *m, th.round, buffer_of(p), iteration_key(tid)}, pc - 1);
        break;
      }
      case Op::St: {
        uint64_t p = POP();
        if (in.b == 2) {
          const uint64_t v = TOP();
          uint32_t *lo, *hi;
          wide_words(tid, static_cast<int>(pc) - 1, p, false, sp, &lo, &hi);
          if (hi) {
            *lo = static_cast<uint32_t>(v);
            *hi = static_cast<uint32_t>(v >> 32);
          } else {
            *reinterpret_cast<uint64_t*>(lo) = v;
          }
          record_wide(tid, in.a, kStore, p, v, th.round, static_cast<int>(pc) - 1);
          break;
        }
        uint32_t v = as_u(TOP());
        if (is_small_width(in.b)) {  // a bool, char or short: only its bytes of the word change
          const int size = small_bytes(in.b);
          uint32_t* m = memory(tid, static_cast<int>(pc) - 1, p, false, sp, nullptr, size);
          const int shift = 8 * static_cast<int>(offset_of(p) & 3);
          const uint32_t bits = size == 1 ? 0xFFu : 0xFFFFu;
          *m = (*m & ~(bits << shift)) | ((v & bits) << shift);
          const uint8_t mask = byte_mask(p, size);
          if (space_of(p) == kShared) written_[word_of(p)] |= mask;
          if (record_ && (space_of(p) == kShared || space_of(p) == kGlobal)) {
            RawAccess a{tid, in.a, kStore, word_of(p), extend_small(v, in.b), th.round, space_of(p) == kGlobal ? buffer_of(p) : -1};
            if (space_of(p) == kGlobal) a.iter = iteration_key(tid);
            a.mask = mask;
            record(a, pc - 1);
          }
          break;
        }
        uint32_t* m = memory(tid, static_cast<int>(pc) - 1, p, false, sp);
        *m = v;
        if (space_of(p) == kShared) {
          written_[word_of(p)] = 0xF;
          if (record_) record(RawAccess{tid, in.a, kStore, word_of(p), v, th.round, -1}, pc - 1);
        } else if (record_ && space_of(p) == kGlobal) {
          record(RawAccess{tid, in.a, kStore, word_of(p), v, th.round, buffer_of(p), iteration_key(tid)}, pc - 1);
        }
        break;
      }
      case Op::LdV: {
        const int w = in.b;
        const uint64_t p = POP();
        check_aligned(tid, static_cast<int>(pc) - 1, p, 4 * w, true);
        uint32_t* words[4];
        for (int k = 0; k < w; ++k)  // every word checked before any is recorded: a fault leaves no part of the access
          words[k] = memory(tid, static_cast<int>(pc) - 1, moved_by(p, 4 * k), true, sp);
        for (int k = 0; k < w; ++k) {
          const uint64_t q = moved_by(p, 4 * k);
          uint32_t* m = words[k];
          PUSH(*m);
          if (record_ && space_of(q) == kShared) record(RawAccess{tid, in.a, kLoad, word_of(q), *m, th.round, -1}, pc - 1);
          else if (record_ && space_of(q) == kGlobal)
            record(RawAccess{tid, in.a, kLoad, word_of(q), *m, th.round, buffer_of(q), iteration_key(tid)}, pc - 1);
        }
        break;
      }
      case Op::StV: {
        const int w = in.b;
        const uint64_t p = POP();
        sp -= static_cast<uint32_t>(w);
        check_aligned(tid, static_cast<int>(pc) - 1, p, 4 * w, false);
        uint32_t* words[4];
        for (int k = 0; k < w; ++k)
          words[k] = memory(tid, static_cast<int>(pc) - 1, moved_by(p, 4 * k), false, sp);
        for (int k = 0; k < w; ++k) {
          const uint64_t q = moved_by(p, 4 * k);
          const uint32_t v = as_u(st[sp + k]);
          uint32_t* m = words[k];
          *m = v;
          if (space_of(q) == kShared) {
            written_[word_of(q)] = 0xF;
            if (record_) record(RawAccess{tid, in.a, kStore, word_of(q), v, th.round, -1}, pc - 1);
          } else if (record_ && space_of(q) == kGlobal) {
            record(RawAccess{tid, in.a, kStore, word_of(q), v, th.round, buffer_of(q), iteration_key(tid)}, pc - 1);
          }
        }
        break;
      }
      case Op::Atomic: {
        const Builtin b = static_cast<Builtin>(in.a);
        const Base type = prog_.sites[in.b].type;
        const bool cas = b == Builtin::AtomicCAS;
        if (is_wide_base(type)) {  // atomicAdd on unsigned long long or double, atomicCAS on unsigned long long, ...
          const uint64_t val = POP();
          const uint64_t cmp = cas ? POP() : 0;
          const uint64_t p = POP();
          uint32_t *lo, *hi;
          wide_words(tid, static_cast<int>(pc) - 1, p, true, sp, &lo, &hi, atomic_name(b));
          const uint64_t old = hi ? (*lo | (static_cast<uint64_t>(*hi) << 32)) : *reinterpret_cast<uint64_t*>(lo);
          uint64_t nv = old;
          switch (b) {
            case Builtin::AtomicAdd: nv = type == Base::Double ? from_d(as_d(old) + as_d(val)) : old + val; break;
            case Builtin::AtomicSub: nv = old - val; break;
            case Builtin::AtomicExch: nv = val; break;
            case Builtin::AtomicMin: nv = type == Base::ULong ? std::min(old, val) : from_l(std::min(as_l(old), as_l(val))); break;
            case Builtin::AtomicMax: nv = type == Base::ULong ? std::max(old, val) : from_l(std::max(as_l(old), as_l(val))); break;
            case Builtin::AtomicAnd: nv = old & val; break;
            case Builtin::AtomicOr: nv = old | val; break;
            case Builtin::AtomicXor: nv = old ^ val; break;
            case Builtin::AtomicCAS: nv = old == cmp ? val : old; break;
            default: break;
          }
          if (hi) {
            *lo = static_cast<uint32_t>(nv);
            *hi = static_cast<uint32_t>(nv >> 32);
          } else {
            *reinterpret_cast<uint64_t*>(lo) = nv;
          }
          record_wide(tid, in.b, kAtomic, p, nv, th.round, static_cast<int>(pc) - 1);
          PUSH(old);
          break;
        }
        // atomicCAS(p, compare, val) pushed p, compare, val: val comes off first
        const uint32_t val = as_u(POP());
        const uint32_t cmp = cas ? as_u(POP()) : 0;
        uint64_t p = POP();
        uint32_t* m = memory(tid, static_cast<int>(pc) - 1, p, true, sp, atomic_name(b));
        const uint32_t old = *m;
        uint32_t nv = old;
        switch (b) {
          case Builtin::AtomicAdd: nv = type == Base::Float ? static_cast<uint32_t>(from_f(as_f(old) + as_f(val))) : old + val; break;
          case Builtin::AtomicSub: nv = old - val; break;
          case Builtin::AtomicExch: nv = val; break;
          case Builtin::AtomicMin: nv = type == Base::Unsigned ? std::min(old, val) : static_cast<uint32_t>(std::min(as_i(old), as_i(val))); break;
          case Builtin::AtomicMax: nv = type == Base::Unsigned ? std::max(old, val) : static_cast<uint32_t>(std::max(as_i(old), as_i(val))); break;
          case Builtin::AtomicAnd: nv = old & val; break;
          case Builtin::AtomicOr: nv = old | val; break;
          case Builtin::AtomicXor: nv = old ^ val; break;
          case Builtin::AtomicCAS: nv = old == cmp ? val : old; break;
          case Builtin::AtomicInc: nv = old >= val ? 0u : old + 1u; break;
          case Builtin::AtomicDec: nv = old == 0u || old > val ? val : old - 1u; break;
          default: break;
        }
        *m = nv;
        if (space_of(p) == kShared) {
          written_[word_of(p)] = 0xF;
          if (record_) record(RawAccess{tid, in.b, kAtomic, word_of(p), nv, th.round, -1}, pc - 1);
        } else if (record_ && space_of(p) == kGlobal) {
          record(RawAccess{tid, in.b, kAtomic, word_of(p), nv, th.round, buffer_of(p), iteration_key(tid)}, pc - 1);
        }
        PUSH(old);
        break;
      }
      case Op::PushL: PUSH((static_cast<uint64_t>(static_cast<uint32_t>(in.b)) << 32) | static_cast<uint32_t>(in.a)); break;
      case Op::LAdd: BIN_L(from_l(static_cast<int64_t>(static_cast<uint64_t>(a_) + static_cast<uint64_t>(b_)))); break;
      case Op::LSub: BIN_L(from_l(static_cast<int64_t>(static_cast<uint64_t>(a_) - static_cast<uint64_t>(b_)))); break;
      case Op::LMul: BIN_L(static_cast<uint64_t>(a_) * static_cast<uint64_t>(b_)); break;
      case Op::LDiv: case Op::LRem: {
        const int64_t b = as_l(POP()), a = as_l(TOP());
        if (b == 0) fault(tid, static_cast<int>(pc) - 1, in.op == Op::LDiv ? "division by zero" : "remainder of a division by zero");
        if (in.op == Op::LDiv) TOP() = b == -1 ? 0 - static_cast<uint64_t>(a) : from_l(a / b);
        else TOP() = b == -1 ? 0 : from_l(a % b);
        break;
      }
      case Op::ULDiv: case Op::ULRem: {
        const uint64_t b = POP(), a = TOP();
        if (b == 0) fault(tid, static_cast<int>(pc) - 1, in.op == Op::ULDiv ? "division by zero" : "remainder of a division by zero");
        TOP() = in.op == Op::ULDiv ? a / b : a % b;
        break;
      }
      case Op::LNeg: TOP() = 0 - TOP(); break;
      case Op::LAnd: BIN_L(from_l(a_ & b_)); break;
      case Op::LOr: BIN_L(from_l(a_ | b_)); break;
      case Op::LXor: BIN_L(from_l(a_ ^ b_)); break;
      case Op::LBitNot: TOP() = ~TOP(); break;
      // Shifts of 64 or more: what the GPU's 64-bit shifts give (the amount clamped), as for 32 bits.
      case Op::LShl: { const uint64_t b = POP(); TOP() = b >= 64 ? 0 : TOP() << b; break; }
      case Op::LShr: { const uint64_t b = POP(); const int64_t a = as_l(TOP()); TOP() = from_l(b >= 64 ? (a < 0 ? -1 : 0) : a >> b); break; }
      case Op::ULShr: { const uint64_t b = POP(); TOP() = b >= 64 ? 0 : TOP() >> b; break; }
      case Op::LEq: BIN_L(a_ == b_); break;
      case Op::LNe: BIN_L(a_ != b_); break;
      case Op::LLt: BIN_L(a_ < b_); break;
      case Op::LLe: BIN_L(a_ <= b_); break;
      case Op::LGt: BIN_L(a_ > b_); break;
      case Op::LGe: BIN_L(a_ >= b_); break;
      case Op::ULLt: { const uint64_t b = POP(); TOP() = TOP() < b; break; }
      case Op::ULLe: { const uint64_t b = POP(); TOP() = TOP() <= b; break; }
      case Op::ULGt: { const uint64_t b = POP(); TOP() = TOP() > b; break; }
      case Op::ULGe: { const uint64_t b = POP(); TOP() = TOP() >= b; break; }
      case Op::DAdd: BIN_D(from_d(a_ + b_)); break;
      case Op::DSub: BIN_D(from_d(a_ - b_)); break;
      case Op::DMul: BIN_D(from_d(a_ * b_)); break;
      case Op::DDiv: BIN_D(from_d(a_ / b_)); break;
      case Op::DNeg: TOP() = from_d(-as_d(TOP())); break;
      case Op::DEq: BIN_D(a_ == b_); break;
      case Op::DNe: BIN_D(a_ != b_); break;
      case Op::DLt: BIN_D(a_ < b_); break;
      case Op::DLe: BIN_D(a_ <= b_); break;
      case Op::DGt: BIN_D(a_ > b_); break;
      case Op::DGe: BIN_D(a_ >= b_); break;
      case Op::I2L: TOP() = from_l(as_i(TOP())); break;
      case Op::L2I: TOP() = as_u(TOP()); break;
      case Op::L2B: TOP() = TOP() != 0; break;
      case Op::D2B: TOP() = as_d(TOP()) != 0.0; break;
      case Op::I2D: TOP() = from_d(static_cast<double>(as_i(TOP()))); break;
      case Op::U2D: TOP() = from_d(static_cast<double>(as_u(TOP()))); break;
      case Op::L2D: TOP() = from_d(static_cast<double>(as_l(TOP()))); break;
      case Op::UL2D: TOP() = from_d(static_cast<double>(TOP())); break;
      case Op::F2D: TOP() = from_d(static_cast<double>(as_f(TOP()))); break;
      case Op::D2F: TOP() = from_f(static_cast<float>(as_d(TOP()))); break;
      case Op::L2F: TOP() = from_f(static_cast<float>(as_l(TOP()))); break;
      case Op::UL2F: TOP() = from_f(static_cast<float>(TOP())); break;
      case Op::D2I: TOP() = from_i(d2i(as_d(TOP()))); break;
      case Op::D2U: TOP() = d2u(as_d(TOP())); break;
      case Op::D2L: TOP() = from_l(d2l(as_d(TOP()))); break;
      case Op::D2UL: TOP() = d2ul(as_d(TOP())); break;
      case Op::F2L: TOP() = from_l(d2l(static_cast<double>(as_f(TOP())))); break;
      case Op::F2UL: TOP() = d2ul(static_cast<double>(as_f(TOP()))); break;
      case Op::LMin: BIN_L(from_l(std::min(a_, b_))); break;
      case Op::LMax: BIN_L(from_l(std::max(a_, b_))); break;
      case Op::ULMin: { const uint64_t b = POP(); TOP() = std::min(TOP(), b); break; }
      case Op::ULMax: { const uint64_t b = POP(); TOP() = std::max(TOP(), b); break; }
      case Op::DMin: BIN_D(from_d(std::fmin(a_, b_))); break;
      case Op::DMax: BIN_D(from_d(std::fmax(a_, b_))); break;
      case Op::LAbs: TOP() = as_l(TOP()) < 0 ? 0 - TOP() : TOP(); break;
      case Op::DAbs: TOP() = from_d(std::fabs(as_d(TOP()))); break;
      case Op::Jmp: pc = static_cast<uint32_t>(in.a); break;
      case Op::Jz: if (as_u(POP()) == 0) pc = static_cast<uint32_t>(in.a); break;
      case Op::Jnz: if (as_u(POP()) != 0) pc = static_cast<uint32_t>(in.a); break;
      case Op::Call: {
        const CompiledFunction& f = prog_.functions[in.a];
        if (th.depth + 1 >= kMaxDepth) fault(tid, static_cast<int>(pc) - 1, "calls nested more than " + std::to_string(kMaxDepth) + " deep (recursion?)");
        frames[th.depth++] = Frame{pc, fp, th.loop_depth};
        fp = sp - static_cast<uint32_t>(f.params);
        const uint32_t top = fp + static_cast<uint32_t>(f.frame_slots);
        if (top + 8 >= kStackSlots) fault(tid, static_cast<int>(pc) - 1, stack_overflow());
        for (uint32_t k = sp; k < top; ++k) st[k] = 0;
        sp = top;
        pc = static_cast<uint32_t>(f.entry);
        break;
      }
      case Op::Ret: {
        uint64_t v = in.a ? st[sp - 1] : 0;
        const Frame fr = frames[--th.depth];
        th.loop_depth = fr.loop_depth;  // a return from inside loops leaves them
        sp = fp;
        fp = fr.fp;
        pc = fr.ret_pc;
        if (in.a) PUSH(v);
        break;
      }
      case Op::Special: {
        uint32_t v = 0;
        const Dim3& b3 = block_shape_;
        const Dim3& g3 = grid_shape_;
        switch (static_cast<SpecialReg>(in.a)) {  // threadIdx and blockIdx from the linear ids, x fastest
          case SpecialReg::ThreadIdxX: v = static_cast<uint32_t>(tid % b3.x); break;
          case SpecialReg::ThreadIdxY: v = static_cast<uint32_t>(tid / b3.x % b3.y); break;
          case SpecialReg::ThreadIdxZ: v = static_cast<uint32_t>(tid / (b3.x * b3.y)); break;
          case SpecialReg::BlockIdxX: v = static_cast<uint32_t>(block_ % g3.x); break;
          case SpecialReg::BlockIdxY: v = static_cast<uint32_t>(block_ / g3.x % g3.y); break;
          case SpecialReg::BlockIdxZ: v = static_cast<uint32_t>(block_ / (static_cast<long long>(g3.x) * g3.y)); break;
          case SpecialReg::BlockDimX: v = static_cast<uint32_t>(b3.x); break;
          case SpecialReg::BlockDimY: v = static_cast<uint32_t>(b3.y); break;
          case SpecialReg::BlockDimZ: v = static_cast<uint32_t>(b3.z); break;
          case SpecialReg::GridDimX: v = static_cast<uint32_t>(g3.x); break;
          case SpecialReg::GridDimY: v = static_cast<uint32_t>(g3.y); break;
          case SpecialReg::GridDimZ: v = static_cast<uint32_t>(g3.z); break;
          case SpecialReg::WarpSize: v = kWarpSize; break;
          default: v = 0; break;
        }
        PUSH(v);
        break;
      }
      case Op::IMin: BIN_I(std::min(a_, b_)); break;
      case Op::UMin: BIN_U(std::min(a_, b_)); break;
      case Op::FMin: BIN_F(from_f(std::fmin(a_, b_))); break;
      case Op::IMax: BIN_I(std::max(a_, b_)); break;
      case Op::UMax: BIN_U(std::max(a_, b_)); break;
      case Op::FMax: BIN_F(from_f(std::fmax(a_, b_))); break;
      case Op::IAbs: TOP() = from_i(as_i(TOP()) < 0 ? static_cast<int32_t>(0u - as_u(TOP())) : as_i(TOP())); break;
      case Op::FAbs: TOP() = from_f(std::fabs(as_f(TOP()))); break;
      case Op::Popc: TOP() = static_cast<uint32_t>(__builtin_popcount(as_u(TOP()))); break;
      case Op::Clz: TOP() = as_u(TOP()) == 0 ? 32u : static_cast<uint32_t>(__builtin_clz(as_u(TOP()))); break;
      case Op::Ffs: TOP() = static_cast<uint32_t>(__builtin_ffs(as_i(TOP()))); break;
      case Op::NamePtr: {
        if (record_ && tid == 0 && space_of(st[fp + in.a]) == kShared) {
          const int off = word_of(st[fp + in.a]);
          if (pointer_seen_.insert(prog_.names[in.b]).second) pointer_names_.push_back({off, prog_.names[in.b]});
        }
        break;
      }
      case Op::SyncThreads:
        park(Status::Barrier, in.b);
        note_round_end(tid, in.b);
        return;
      case Op::Collective:
        park(Status::Collective, in.b);
        return;
      case Op::TileSync:  // the size stays on the stack until the tile goes (release_tiles)
        park(Status::TileBarrier, in.b);
        return;
      case Op::ActiveMask:  // waits for the lanes that take it together (fire_active_mask)
        park(Status::Collective, th.wait);
        return;
      case Op::Ext: TOP() = extend_small(as_u(TOP()), in.a); break;
      case Op::Math: {
        const MathBuiltin& m = *math_builtin(in.a);
        uint32_t a[3] = {0, 0, 0};
        for (int k = m.nargs - 1; k >= 0; --k) a[k] = as_u(POP());
        PUSH(static_cast<uint64_t>(m.eval(a)));
        break;
      }
      case Op::DevicePtr: PUSH(make_ptr(kGlobal, static_cast<uint64_t>(device_buffers_[static_cast<size_t>(in.a)]), 0)); break;
      case Op::FaultNoReturn:
        fault(tid, static_cast<int>(pc) - 1, "reached the end of a function that must return a value");
      case Op::LoopEnter:
        if (th.loop_depth >= kMaxLoopNest)
          fault(tid, static_cast<int>(pc) - 1, "loops nested more than " + std::to_string(kMaxLoopNest) + " deep");
        loop_counts_[static_cast<size_t>(tid) * kMaxLoopNest + th.loop_depth++] = 0;
        break;
      case Op::LoopNext:
        if (th.loop_depth > 0) ++loop_counts_[static_cast<size_t>(tid) * kMaxLoopNest + th.loop_depth - 1];
        break;
      case Op::LoopExit:
        if (th.loop_depth > 0) --th.loop_depth;
        break;
      case Op::Printf: {
        std::vector<uint64_t> values(static_cast<size_t>(in.b));
        for (int k = in.b - 1; k >= 0; --k) values[static_cast<size_t>(k)] = POP();
        const std::string text = format_print(tid, static_cast<int>(pc) - 1, in.a, values);
        PUSH(from_i(static_cast<int32_t>(text.size())));
        // a line each, as print_lines (trace.h) splits and escapes them
        for (std::string& line : print_lines(text)) {
          if (++printed_lines_ > kMaxPrintLines)
            fault(tid, static_cast<int>(pc) - 1, "more than " + std::to_string(kMaxPrintLines) + " printf lines in one run (a printf in a loop, or in every thread of a large grid?)");
          pending_prints_.push_back({tid, th.round, std::move(line)});
        }
        break;
      }
      case Op::Exit:
        park(Status::Exited, th.wait);
        note_round_end(tid, in.a);
        return;
    }
  }
#undef POP
#undef TOP
#undef PUSH
#undef BIN_I
#undef BIN_U
#undef BIN_F
#undef BIN_L
#undef BIN_D
}

}  // namespace scanscope::cuda
