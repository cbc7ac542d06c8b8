// Shared-memory instructions of a cubin, with their source lines (see sass.h).
#include "engine/gpu/sass.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <tuple>

namespace scanscope::sass {

namespace {

constexpr uint16_t kEmCuda = 190;

struct Section {
  std::string name;
  uint32_t type = 0, link = 0, info = 0;
  uint64_t offset = 0, size = 0;
};

struct Reader {
  const std::vector<char>& d;
  bool ok = true;
  template <class T>
  T at(uint64_t off) {
    T v{};
    if (off > d.size() || sizeof(T) > d.size() - off) {
      ok = false;
      return v;
    }
    std::memcpy(&v, d.data() + off, sizeof(T));
    return v;
  }
  std::string cstr(uint64_t off) {
    std::string s;
    while (off < d.size() && d[off] != 0) s += d[off++];
    if (off >= d.size()) ok = false;
    return s;
  }
};

// DWARF's variable-length numbers, bounded by `end`.
uint64_t uleb(const std::vector<char>& d, uint64_t& p, uint64_t end) {
  uint64_t r = 0;
  int shift = 0;
  while (p < end) {
    const uint8_t c = static_cast<uint8_t>(d[p++]);
    if (shift < 64) r |= static_cast<uint64_t>(c & 0x7f) << shift;
    shift += 7;
    if (!(c & 0x80)) break;
  }
  return r;
}
int64_t sleb(const std::vector<char>& d, uint64_t& p, uint64_t end) {
  int64_t r = 0;
  int shift = 0;
  uint8_t c = 0;
  while (p < end) {
    c = static_cast<uint8_t>(d[p++]);
    if (shift < 64) r |= static_cast<int64_t>(c & 0x7f) << shift;
    shift += 7;
    if (!(c & 0x80)) break;
  }
  if (shift < 64 && (c & 0x40)) r -= static_cast<int64_t>(1) << shift;
  return r;
}

struct Row {
  int section = -1;
  uint64_t address = 0;
  std::string file;
  int line = 0;
  bool end = false;
};

// The rows of a DWARF 2-4 line program; a sequence's start address is relocated to its section.
bool line_rows(Reader& r, const Section& s, const std::map<uint64_t, std::pair<int, uint64_t>>& relocs, std::vector<Row>* rows,
               std::string* why) {
  const std::vector<char>& d = r.d;
  uint64_t p = s.offset;
  const uint64_t stop = s.offset + s.size;
  while (p + 4 <= stop) {
    const uint32_t unit_length = r.at<uint32_t>(p);
    if (unit_length == 0xffffffffu) return *why = "64-bit DWARF line table", false;
    const uint64_t end = p + 4 + unit_length;
    if (end > stop) return *why = "line table past its section", false;
    const uint16_t version = r.at<uint16_t>(p + 4);
    if (version < 2 || version > 4) return *why = "DWARF line table version " + std::to_string(version), false;
    const uint32_t header_length = r.at<uint32_t>(p + 6);
    uint64_t q = p + 10;
    const uint8_t min_inst = r.at<uint8_t>(q++);
    if (version >= 4) ++q;  // maximum_operations_per_instruction
    ++q;                    // default_is_stmt
    const int8_t line_base = r.at<int8_t>(q++);
    const uint8_t line_range = r.at<uint8_t>(q++);
    const uint8_t opcode_base = r.at<uint8_t>(q++);
    if (!r.ok || line_range == 0 || opcode_base == 0) return *why = "malformed line table header", false;
    std::vector<uint8_t> lengths(opcode_base, 0);
    for (int i = 1; i < opcode_base; ++i) lengths[static_cast<size_t>(i)] = r.at<uint8_t>(q++);
    std::vector<std::string> dirs = {""};
    while (q < end && d[q]) {
      dirs.push_back(r.cstr(q));
      q += dirs.back().size() + 1;
    }
    ++q;
    std::vector<std::string> files;
    while (q < end && d[q]) {
      std::string name = r.cstr(q);
      q += name.size() + 1;
      const uint64_t dir = uleb(d, q, end);
      uleb(d, q, end);
      uleb(d, q, end);
      if (!name.empty() && name[0] != '/' && dir > 0 && dir < dirs.size()) name = dirs[dir] + "/" + name;
      files.push_back(name);
    }
    q = p + 10 + header_length;
    int section = -1;
    uint64_t address = 0;
    uint64_t file = 1;
    int64_t line = 1;
    auto emit = [&](bool is_end) {
      Row row;
      row.section = section;
      row.address = address;
      row.file = file >= 1 && file <= files.size() ? files[file - 1] : "";
      row.line = static_cast<int>(line);
      row.end = is_end;
      rows->push_back(row);
    };
    while (q < end && r.ok) {
      const uint8_t op = static_cast<uint8_t>(d[q++]);
      if (op >= opcode_base) {
        const int adj = op - opcode_base;
        address += static_cast<uint64_t>(adj / line_range) * min_inst;
        line += line_base + adj % line_range;
        emit(false);
      } else if (op == 0) {  // extended
        const uint64_t len = uleb(d, q, end);
        if (len == 0 || q + len > end) return *why = "malformed extended line opcode", false;
        const uint8_t sub = static_cast<uint8_t>(d[q]);
        if (sub == 1) {  // end_sequence
          emit(true);
          address = 0;
          file = 1;
          line = 1;
          section = -1;
        } else if (sub == 2) {  // set_address
          auto rel = relocs.find(q + 1 - s.offset);
          if (rel != relocs.end()) {
            section = rel->second.first;
            address = rel->second.second;
          } else {
            address = len >= 9 ? r.at<uint64_t>(q + 1) : 0;
          }
        }
        q += len;
      } else if (op == 1) {
        emit(false);
      } else if (op == 2) {
        address += uleb(d, q, end) * min_inst;
      } else if (op == 3) {
        line += sleb(d, q, end);
      } else if (op == 4) {
        file = uleb(d, q, end);
      } else if (op == 5) {
        uleb(d, q, end);
      } else if (op == 8) {
        address += static_cast<uint64_t>((255 - opcode_base) / line_range) * min_inst;
      } else if (op == 9) {
        address += r.at<uint16_t>(q);
        q += 2;
      } else if (op == 6 || op == 7 || op == 10 || op == 11) {
      } else {  // an opcode this reader does not know: skip its operands as the header says
        for (int i = 0; i < lengths[op]; ++i) uleb(d, q, end);
      }
    }
    p = end;
  }
  return r.ok ? true : (*why = "line table cut short", false);
}

}  // namespace

namespace {
// The section table of a 64-bit CUDA ELF file (names read), or false and *why.
bool read_sections(const std::vector<char>& cubin, std::vector<Section>* out, std::string* why) {
  Reader r{cubin};
  if (cubin.size() < 64 || std::memcmp(cubin.data(), "\x7f" "ELF", 4) != 0 || cubin[4] != 2)
    return *why = "not a 64-bit ELF file", false;
  if (r.at<uint16_t>(0x12) != kEmCuda) return *why = "not a CUDA cubin", false;
  const uint64_t shoff = r.at<uint64_t>(0x28);
  const uint16_t shentsize = r.at<uint16_t>(0x3A), shnum = r.at<uint16_t>(0x3C), shstrndx = r.at<uint16_t>(0x3E);
  if (!r.ok || shentsize < 64 || shstrndx >= shnum) return *why = "malformed ELF header", false;
  std::vector<Section>& secs = *out;
  secs.assign(shnum, Section{});
  for (uint16_t i = 0; i < shnum; ++i) {
    const uint64_t h = shoff + static_cast<uint64_t>(i) * shentsize;
    secs[i].type = r.at<uint32_t>(h + 4);
    secs[i].offset = r.at<uint64_t>(h + 24);
    secs[i].size = r.at<uint64_t>(h + 32);
    secs[i].link = r.at<uint32_t>(h + 40);
    secs[i].info = r.at<uint32_t>(h + 44);
    if (secs[i].type != 8 && (secs[i].offset > cubin.size() || secs[i].size > cubin.size() - secs[i].offset)) r.ok = false;
  }
  if (!r.ok) return *why = "malformed section table", false;
  for (uint16_t i = 0; i < shnum; ++i) {
    const uint64_t h = shoff + static_cast<uint64_t>(i) * shentsize;
    secs[i].name = r.cstr(secs[shstrndx].offset + r.at<uint32_t>(h));
  }
  return true;
}

}  // namespace

bool shared_instructions(const std::vector<char>& cubin, std::vector<MemInstruction>* out, std::string* why,
                         std::vector<FlowInstruction>* flow, std::vector<MemInstruction>* global, std::vector<MemInstruction>* reductions) {
  std::string ignored;
  if (!why) why = &ignored;
  out->clear();
  if (flow) flow->clear();
  if (global) global->clear();
  if (reductions) reductions->clear();
  Reader r{cubin};
  std::vector<Section> secs;
  if (!read_sections(cubin, &secs, why)) return false;
  const int shnum = static_cast<int>(secs.size());
  int line_sec = -1, symtab = -1, line_rela = -1;
  for (int i = 0; i < shnum; ++i) {
    if (secs[i].name == ".debug_line") line_sec = i;
    if (secs[i].type == 2) symtab = i;
  }
  for (int i = 0; i < shnum; ++i)
    if (secs[i].type == 4 && static_cast<int>(secs[i].info) == line_sec) line_rela = i;
  if (line_sec < 0) return *why = "the cubin has no line table (.debug_line: compile with -lineinfo)", false;
  // set_address operands relocated to a function's section: offset in .debug_line -> (section, address)
  std::map<uint64_t, std::pair<int, uint64_t>> relocs;
  if (line_rela >= 0 && symtab >= 0) {
    for (uint64_t e = 0; e + 24 <= secs[line_rela].size; e += 24) {
      const uint64_t base = secs[line_rela].offset + e;
      const uint64_t off = r.at<uint64_t>(base), info = r.at<uint64_t>(base + 8);
      const int64_t addend = r.at<int64_t>(base + 16);
      const uint64_t sym = secs[symtab].offset + (info >> 32) * 24;
      const uint16_t shndx = r.at<uint16_t>(sym + 6);
      const uint64_t value = r.at<uint64_t>(sym + 8);
      relocs[off] = {shndx, value + static_cast<uint64_t>(addend)};
    }
  }
  std::vector<Row> rows;
  if (!r.ok || !line_rows(r, secs[line_sec], relocs, &rows, why)) return false;
  std::vector<int> texts;
  for (int i = 0; i < shnum; ++i)
    if (secs[i].name.rfind(".text.", 0) == 0) texts.push_back(i);
  if (texts.size() == 1)  // an unrelocated table can only be this one function's
    for (Row& row : rows)
      if (row.section < 0) row.section = texts[0];
  for (int ti : texts) {
    const Section& t = secs[ti];
    if (t.size % 16 != 0) return *why = "instructions are not 128-bit words (a cubin older than sm_70)", false;
    std::vector<const Row*> mine;
    for (const Row& row : rows)
      if (row.section == ti && !row.end) mine.push_back(&row);
    std::stable_sort(mine.begin(), mine.end(), [](const Row* a, const Row* b) { return a->address < b->address; });
    size_t next = 0;
    const Row* cur = nullptr;
    std::vector<size_t> waiting;  // this function's unpredicated instructions since the last control-flow instruction
    // Loads of the straight run whose gate (MemInstruction::gate_line) is still open: (global?,
    // index), and whether a predicated EXIT came before them in the run.
    std::vector<std::pair<bool, size_t>> open;
    bool after_exit = false;
    // Shared loads (indices into *out) of a straight run that a predicated forward branch began,
    // waiting for an unpredicated RED / ATOMG of the run (MemInstruction::red_line).
    std::vector<size_t> open_red;
    bool after_branch = false;
    for (uint64_t o = 0; o < t.size; o += 16) {
      while (next < mine.size() && mine[next]->address <= o) cur = mine[next++];
      const uint64_t lo = r.at<uint64_t>(t.offset + o), hi = r.at<uint64_t>(t.offset + o + 8);
      const unsigned op = static_cast<unsigned>(lo & 0x1ff);
      // The guard predicate (bits 12-14, 7 = PT; bit 15 negates it) and the control-flow opcodes
      // of sm_70+ (0x141-0x15f: BRA, BSSY, BSYNC, EXIT, RET, CALL, WARPSYNC, ...; 0x11d BAR).
      const bool predicated = ((lo >> 12) & 7) != 7 || ((lo >> 15) & 1) != 0;
      if (op == 0x14d && predicated)
        for (size_t k : waiting) (*out)[k].exit_after = static_cast<int>(o);
      const int guard = predicated ? static_cast<int>((lo >> 12) & 7) + (((lo >> 15) & 1) ? 8 : 0) : -1;
      auto load_at = [&](const std::pair<bool, size_t>& p) -> MemInstruction& { return p.first ? (*global)[p.second] : (*out)[p.second]; };
      // Instructions that write predicates (bits 81-83 of ISETP, FSETP, DSETP, PLOP3, LOP3, IADD3,
      // LEA, VOTE, SHFL, FCHK; bits 84-86 too of those with a second, ISETP, FSETP, DSETP, PLOP3
      // and IADD3's two carries): a predicated load waiting for a store of its guard no longer has
      // it where its predicate may have been written in between. (Bits 84-86 of LEA are no
      // predicate written: `LEA R0, R5, R3, 0x2` has 0 there, which read as P0 ended the gate of
      // gen-20261204-226's `@!P0 LDS` before its `@!P0 STG`.)
      if (op == 0x00c || op == 0x00b || op == 0x02a || op == 0x01c || op == 0x012 || op == 0x010 || op == 0x011 || op == 0x006 ||
          op == 0x189 || op == 0x102) {
        const bool two = op == 0x00c || op == 0x00b || op == 0x02a || op == 0x01c || op == 0x010;
        const int pu = static_cast<int>((hi >> 17) & 7), pv = two ? static_cast<int>((hi >> 20) & 7) : 7;
        open.erase(std::remove_if(open.begin(), open.end(),
                                  [&](const std::pair<bool, size_t>& p) {
                                    const int g = load_at(p).guard;
                                    return g >= 0 && ((g & 7) == pu || (g & 7) == pv);
                                  }),
                   open.end());
      }
      if ((op >= 0x141 && op <= 0x15f) || op == 0x11d) {
        open.clear();
        open_red.clear();
        after_branch = false;
        if (op == 0x147 && predicated) {  // forward: its target (as below) past the branch
          const uint64_t bits = ((lo >> 34) | (hi << 30)) & ((uint64_t{1} << 48) - 1);
          const int64_t high = static_cast<int64_t>(bits) - ((bits >> 47) != 0 ? (int64_t{1} << 48) : 0);
          after_branch = static_cast<int64_t>((lo >> 16) & 0xff) + high * 256 > 0;
        }
        after_exit = op == 0x14d && predicated;
        waiting.clear();
        if (flow) {
          FlowInstruction f;
          f.function = t.name.substr(6);
          f.offset = static_cast<unsigned>(o);
          f.guard = guard;
          f.opcode = op;
          if (op == 0x147) {
            // BRA's relative target, in 4-byte units from the next instruction: its low 8 bits in
            // bits 16-23 of the word, the rest (signed) from bit 34 on
            // (sign-extended from 48 bits in unsigned arithmetic: shifting a negative int64_t
            // left is undefined before C++20)
            const uint64_t bits = ((lo >> 34) | (hi << 30)) & ((uint64_t{1} << 48) - 1);
            const int64_t high = static_cast<int64_t>(bits) - ((bits >> 47) != 0 ? (int64_t{1} << 48) : 0);
            const int64_t units = static_cast<int64_t>((lo >> 16) & 0xff) + high * 256;
            f.branch = true;
            f.target = static_cast<long long>(o) + 16 + 4 * units;
            if (f.target < 0 || f.target >= static_cast<long long>(t.size) || f.target % 16 != 0) f.target = -1;  // not understood
          }
          flow->push_back(f);
        }
      }
      if (op == 0x18e || op == 0x1a8) {  // RED, ATOMG: an unpredicated one is every thread of the run's
        for (size_t k : predicated ? std::vector<size_t>() : open_red) {
          (*out)[k].red_file = cur ? cur->file : std::string();
          (*out)[k].red_line = cur ? cur->line : 0;
          (*out)[k].red_offset = static_cast<int>(o);
        }
        if (!predicated) open_red.clear();
        if (reductions) {
          MemInstruction m;
          m.guard = guard;
          m.function = t.name.substr(6);
          m.offset = static_cast<unsigned>(o);
          m.atomic = true;
          m.global = true;
          m.opcode = op == 0x18e ? "RED" : "ATOMG";
          if (cur) {
            m.file = cur->file;
            m.line = cur->line;
          }
          reductions->push_back(m);
        }
        continue;
      }
      const bool is_global = global && (op == 0x181 || op == 0x186);  // LDG, STG
      // (0x18d: ATOMS.CAS, the compare-and-swap of the loop ptxas makes of a shared atomic without
      // an instruction of its own, a float atomicAdd on sm_90: MemInstruction::cas)
      const char* name = op == 0x184   ? "LDS"
                         : op == 0x188 ? "STS"
                         : op == 0x18c ? "ATOMS"
                         : op == 0x18d ? "ATOMS.CAS"
                         : !is_global  ? nullptr
                         : op == 0x181 ? "LDG"
                                       : "STG";
      if (!name) continue;
      if (!predicated && !is_global) waiting.push_back(out->size());
      MemInstruction m;
      m.function = t.name.substr(6);
      m.offset = static_cast<unsigned>(o);
      m.store = op == 0x188 || op == 0x186;
      m.atomic = op == 0x18c || op == 0x18d;
      m.cas = op == 0x18d;
      m.global = is_global;
      m.guard = guard;
      static const int kBytes[8] = {1, 1, 2, 2, 4, 8, 16, 16};
      static const char* kSuffix[8] = {".U8", ".S8", ".U16", ".S16", "", ".64", ".128", ".U.128"};
      const unsigned size = static_cast<unsigned>((hi >> 9) & 7);
      m.bytes = m.atomic ? 4 : kBytes[size];
      if (!is_global) {
        m.addr_reg = static_cast<int>((lo >> 24) & 0xff);
        const uint64_t imm = (lo >> 40) & 0xffffff;
        m.addr_imm = static_cast<long long>(imm) - ((imm >> 23) ? (1LL << 24) : 0);
      }
      m.opcode = std::string(name) + (m.atomic ? "" : kSuffix[size]);  // (ATOMS.CAS: its width not decoded)
      if (cur) {
        m.file = cur->file;
        m.line = cur->line;
      }
      std::vector<MemInstruction>& into = is_global ? *global : *out;
      if (m.store && !m.atomic) {  // the gate of the loads waiting for a store of its threads
        for (auto it = open.begin(); it != open.end();) {
          MemInstruction& l = load_at(*it);
          if ((l.guard >= 0 && l.guard == guard) || (l.gate_exit && guard < 0)) {
            l.gate_file = m.file;
            l.gate_line = m.line;
            l.gate_global = is_global;
            l.gate_offset = static_cast<int>(o);
            it = open.erase(it);
          } else {
            ++it;
          }
        }
      }
      m.after_exit = !m.store && !m.atomic && guard < 0 && after_exit;
      if (op == 0x184 && guard < 0 && after_branch) open_red.push_back(into.size());
      if (!m.store && !m.atomic && (guard >= 0 || after_exit)) {
        m.gate_exit = guard < 0;
        open.push_back({is_global, into.size()});
      }
      into.push_back(m);
    }
  }
  for (auto* v : {out, global})
    if (v)
      for (MemInstruction& m : *v)
        if (m.gate_line < 0) m.gate_exit = false;  // a load that found no store of its threads
  return r.ok ? true : (*why = "cubin cut short", false);
}

bool shared_sizes(const std::vector<char>& cubin, std::map<std::string, long long>* out, std::string* why) {
  std::string ignored;
  if (!why) why = &ignored;
  out->clear();
  std::vector<Section> secs;
  if (!read_sections(cubin, &secs, why)) return false;
  const std::string prefix = ".nv.shared.";
  for (const Section& s : secs)
    if (s.name.compare(0, prefix.size(), prefix) == 0 && s.name.compare(prefix.size(), 9, "reserved.") != 0)
      (*out)[s.name.substr(prefix.size())] = static_cast<long long>(s.size);
  return true;
}

}  // namespace scanscope::sass
