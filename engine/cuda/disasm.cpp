// The bytecode as text (see disasm.h).
#include "engine/cuda/disasm.h"
#include "engine/cuda/math_builtins.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "engine/cuda/machine.h"

namespace scanscope::cuda {

const char* op_name(Op op) {
  switch (op) {
    case Op::Push: return "Push";
    case Op::SharedPtr: return "SharedPtr";
    case Op::LocalPtr: return "LocalPtr";
    case Op::Ldl: return "Ldl";
    case Op::Stl: return "Stl";
    case Op::Pop: return "Pop";
    case Op::Dup: return "Dup";
    case Op::Swap: return "Swap";
    case Op::IAdd: return "IAdd";
    case Op::ISub: return "ISub";
    case Op::IMul: return "IMul";
    case Op::IDiv: return "IDiv";
    case Op::UDiv: return "UDiv";
    case Op::IRem: return "IRem";
    case Op::URem: return "URem";
    case Op::INeg: return "INeg";
    case Op::IAnd: return "IAnd";
    case Op::IOr: return "IOr";
    case Op::IXor: return "IXor";
    case Op::INot: return "INot";
    case Op::Shl: return "Shl";
    case Op::Shr: return "Shr";
    case Op::UShr: return "UShr";
    case Op::FAdd: return "FAdd";
    case Op::FSub: return "FSub";
    case Op::FMul: return "FMul";
    case Op::FDiv: return "FDiv";
    case Op::FNeg: return "FNeg";
    case Op::IEq: return "IEq";
    case Op::INe: return "INe";
    case Op::ILt: return "ILt";
    case Op::ILe: return "ILe";
    case Op::IGt: return "IGt";
    case Op::IGe: return "IGe";
    case Op::ULt: return "ULt";
    case Op::ULe: return "ULe";
    case Op::UGt: return "UGt";
    case Op::UGe: return "UGe";
    case Op::FEq: return "FEq";
    case Op::FNe: return "FNe";
    case Op::FLt: return "FLt";
    case Op::FLe: return "FLe";
    case Op::FGt: return "FGt";
    case Op::FGe: return "FGe";
    case Op::PEq: return "PEq";
    case Op::PNe: return "PNe";
    case Op::PLt: return "PLt";
    case Op::PLe: return "PLe";
    case Op::PGt: return "PGt";
    case Op::PGe: return "PGe";
    case Op::LNot: return "LNot";
    case Op::I2F: return "I2F";
    case Op::U2F: return "U2F";
    case Op::F2I: return "F2I";
    case Op::F2U: return "F2U";
    case Op::I2B: return "I2B";
    case Op::F2B: return "F2B";
    case Op::PAdd: return "PAdd";
    case Op::PDiff: return "PDiff";
    case Op::Ld: return "Ld";
    case Op::St: return "St";
    case Op::LdV: return "LdV";
    case Op::StV: return "StV";
    case Op::Jmp: return "Jmp";
    case Op::Jz: return "Jz";
    case Op::Jnz: return "Jnz";
    case Op::Call: return "Call";
    case Op::Ret: return "Ret";
    case Op::Special: return "Special";
    case Op::IMin: return "IMin";
    case Op::UMin: return "UMin";
    case Op::FMin: return "FMin";
    case Op::IMax: return "IMax";
    case Op::UMax: return "UMax";
    case Op::FMax: return "FMax";
    case Op::IAbs: return "IAbs";
    case Op::FAbs: return "FAbs";
    case Op::Popc: return "Popc";
    case Op::Clz: return "Clz";
    case Op::Ffs: return "Ffs";
    case Op::SyncThreads: return "SyncThreads";
    case Op::Collective: return "Collective";
    case Op::TileSync: return "TileSync";
    case Op::Atomic: return "Atomic";
    case Op::NamePtr: return "NamePtr";
    case Op::FaultNoReturn: return "FaultNoReturn";
    case Op::Exit: return "Exit";
    case Op::LoopEnter: return "LoopEnter";
    case Op::LoopNext: return "LoopNext";
    case Op::LoopExit: return "LoopExit";
    case Op::Printf: return "Printf";
    case Op::DevicePtr: return "DevicePtr";
    case Op::ActiveMask: return "ActiveMask";
    case Op::PushL: return "PushL";
    case Op::LAdd: return "LAdd";
    case Op::LSub: return "LSub";
    case Op::LMul: return "LMul";
    case Op::LDiv: return "LDiv";
    case Op::ULDiv: return "ULDiv";
    case Op::LRem: return "LRem";
    case Op::ULRem: return "ULRem";
    case Op::LNeg: return "LNeg";
    case Op::LAnd: return "LAnd";
    case Op::LOr: return "LOr";
    case Op::LXor: return "LXor";
    case Op::LBitNot: return "LBitNot";
    case Op::LShl: return "LShl";
    case Op::LShr: return "LShr";
    case Op::ULShr: return "ULShr";
    case Op::LEq: return "LEq";
    case Op::LNe: return "LNe";
    case Op::LLt: return "LLt";
    case Op::LLe: return "LLe";
    case Op::LGt: return "LGt";
    case Op::LGe: return "LGe";
    case Op::ULLt: return "ULLt";
    case Op::ULLe: return "ULLe";
    case Op::ULGt: return "ULGt";
    case Op::ULGe: return "ULGe";
    case Op::DAdd: return "DAdd";
    case Op::DSub: return "DSub";
    case Op::DMul: return "DMul";
    case Op::DDiv: return "DDiv";
    case Op::DNeg: return "DNeg";
    case Op::DEq: return "DEq";
    case Op::DNe: return "DNe";
    case Op::DLt: return "DLt";
    case Op::DLe: return "DLe";
    case Op::DGt: return "DGt";
    case Op::DGe: return "DGe";
    case Op::I2L: return "I2L";
    case Op::L2I: return "L2I";
    case Op::L2B: return "L2B";
    case Op::D2B: return "D2B";
    case Op::I2D: return "I2D";
    case Op::U2D: return "U2D";
    case Op::L2D: return "L2D";
    case Op::UL2D: return "UL2D";
    case Op::F2D: return "F2D";
    case Op::D2F: return "D2F";
    case Op::L2F: return "L2F";
    case Op::UL2F: return "UL2F";
    case Op::D2I: return "D2I";
    case Op::D2U: return "D2U";
    case Op::D2L: return "D2L";
    case Op::D2UL: return "D2UL";
    case Op::F2L: return "F2L";
    case Op::F2UL: return "F2UL";
    case Op::LMin: return "LMin";
    case Op::ULMin: return "ULMin";
    case Op::DMin: return "DMin";
    case Op::LMax: return "LMax";
    case Op::ULMax: return "ULMax";
    case Op::DMax: return "DMax";
    case Op::LAbs: return "LAbs";
    case Op::DAbs: return "DAbs";
    case Op::Math: return "Math";
    case Op::Ext: return "Ext";
  }
  return "?";
}

namespace {

// A 1- or 2-byte access's or Ext's width, as its C++ type.
std::string small_width_name(int32_t w) {
  return w == kU8 ? "unsigned char" : w == kS8 ? "char" : w == kU16 ? "unsigned short" : "short";
}

// The text of a span when it lies on one line ("temp[bi]"), else "".
std::string span_text(const SourceSet& files, const Span& s) {
  if (s.begin.file < 0 || s.begin.file >= static_cast<int>(files.files.size()) || s.end.file != s.begin.file || s.end.line != s.begin.line)
    return "";
  const std::string& text = files.files[static_cast<size_t>(s.begin.file)].text;
  size_t at = 0;
  for (int l = 1; l < s.begin.line && at != std::string::npos; ++l) {
    at = text.find('\n', at);
    if (at != std::string::npos) ++at;
  }
  if (at == std::string::npos) return "";
  const size_t b = at + static_cast<size_t>(s.begin.col - 1), e = at + static_cast<size_t>(s.end.col - 1);
  return e > b && e <= text.size() ? text.substr(b, e - b) : "";
}

std::string source_line(const SourceSet& files, const Pos& p) {
  if (p.file < 0 || p.file >= static_cast<int>(files.files.size())) return "";
  const std::string& text = files.files[static_cast<size_t>(p.file)].text;
  size_t at = 0;
  for (int l = 1; l < p.line && at != std::string::npos; ++l) {
    at = text.find('\n', at);
    if (at != std::string::npos) ++at;
  }
  if (at == std::string::npos) return "";
  std::string line = text.substr(at, text.find('\n', at) - at);
  const size_t first = line.find_first_not_of(" \t");
  line = first == std::string::npos ? "" : line.substr(first);
  if (line.size() > 96) line = line.substr(0, 93) + "...";
  return line;
}

// What an instruction's operands mean, as a reader of the source names them.
std::string operands(const Compiled& c, const SourceSet& files, const Instr& in) {
  auto num = [](long long v) { return std::to_string(v); };
  auto site = [&](int i) -> std::string {
    if (i < 0 || i >= static_cast<int>(c.sites.size())) return "site " + num(i);
    const AccessSite& s = c.sites[static_cast<size_t>(i)];
    std::string t = span_text(files, s.span);
    return "site " + num(i) + ": " + access_op_name(s.op) + (t.empty() ? "" : " " + t) + (s.words > 1 ? " (" + num(s.words * 4) + " bytes)" : "");
  };
  auto sync = [&](int i) -> std::string {
    if (i < 0 || i >= static_cast<int>(c.syncs.size())) return "sync point " + num(i);
    const SyncPoint& sp = c.syncs[static_cast<size_t>(i)];
    return "sync point " + num(i) + (sp.label ? ", step \"" + sp.label->text + "\"" : "");
  };
  switch (in.op) {
    case Op::Push: {
      float f;
      const uint32_t bits = static_cast<uint32_t>(in.a);
      std::memcpy(&f, &bits, 4);
      if (in.a > -(1 << 20) && in.a < (1 << 20)) return num(in.a);  // a small integer is not a float constant
      char buf[64];
      std::snprintf(buf, sizeof buf, "%d (0x%08x, as float %g)", in.a, bits, static_cast<double>(f));
      return buf;
    }
    case Op::PushL: {
      const uint64_t bits = (static_cast<uint64_t>(static_cast<uint32_t>(in.b)) << 32) | static_cast<uint32_t>(in.a);
      double d;
      std::memcpy(&d, &bits, 8);
      char buf[96];
      std::snprintf(buf, sizeof buf, "%lld (0x%016llx, as double %g)", static_cast<long long>(bits), static_cast<unsigned long long>(bits), d);
      return buf;
    }
    case Op::SharedPtr: return (in.b ? "dynamic shared word " : "shared word ") + num(in.a);
    case Op::LocalPtr:
    case Op::Ldl:
    case Op::Stl: return "slot " + num(in.a);
    case Op::PAdd:
      return std::string((in.b & kPAddSubtract) ? "subtract" : "add") + ((in.b & kPAddUnsigned) ? ", unsigned offset" : "");
    case Op::Ld:
    case Op::St:
    case Op::LdV:
    case Op::StV:
      if (is_small_width(in.b)) return site(in.a) + ", " + small_width_name(in.b);
      return site(in.a) + (in.op == Op::LdV || in.op == Op::StV || in.b == 2 ? ", " + num(in.b) + " words" : "");
    case Op::Ext: return is_small_width(in.a) ? small_width_name(in.a) : num(in.a);
    case Op::Jmp:
    case Op::Jz:
    case Op::Jnz: return "-> " + num(in.a);
    case Op::Call:
      return in.a >= 0 && in.a < static_cast<int>(c.functions.size()) ? c.functions[static_cast<size_t>(in.a)].name : "function " + num(in.a);
    case Op::Ret: return in.a ? "value" : "";
    case Op::Special: return special_reg_name(in.a) ? special_reg_name(in.a) : "register " + num(in.a);
    case Op::SyncThreads:
    case Op::Collective: return std::string(builtin_name(static_cast<Builtin>(in.a))) + ", " + sync(in.b);
    case Op::TileSync:
      return (in.b >= 0 && in.b < static_cast<int>(c.syncs.size()) ? c.syncs[static_cast<size_t>(in.b)].text + ", " : std::string()) + sync(in.b);
    case Op::Atomic: return std::string(atomic_name(static_cast<Builtin>(in.a))) + ", " + site(in.b);
    case Op::NamePtr:
      return "slot " + num(in.a) + " is '" + (in.b >= 0 && in.b < static_cast<int>(c.names.size()) ? c.names[static_cast<size_t>(in.b)] : "?") + "'";
    case Op::Exit: return sync(in.a);
    case Op::Printf: return "format " + num(in.a) + ", " + num(in.b) + " values";
    case Op::Math: {
      const MathBuiltin* m = math_builtin(in.a);
      return m ? std::string(m->name[0] == ' ' ? m->name + 1 : m->name) : "row " + num(in.a);
    }
    case Op::DevicePtr: {
      const auto& dv = c.program->device_vars;
      return in.a >= 0 && in.a < static_cast<int>(dv.size()) && dv[static_cast<size_t>(in.a)].var ? "__device__ " + dv[static_cast<size_t>(in.a)].var->name
                                                                                                  : "__device__ variable " + num(in.a);
    }
    default: return in.a || in.b ? num(in.a) + (in.b ? ", " + num(in.b) : "") : "";
  }
}

}  // namespace

std::string disassemble(const Compiled& c, const SourceSet& files) {
  std::string out;
  char buf[64];
  for (size_t f = 0; f < c.functions.size(); ++f) {
    const CompiledFunction& fn = c.functions[f];
    size_t end = c.code.size();  // where the next function's code starts
    for (const CompiledFunction& other : c.functions)
      if (other.entry > fn.entry) end = std::min(end, static_cast<size_t>(other.entry));
    out += (f ? "\n" : "") + std::string("== ") + fn.name + ": " + std::to_string(fn.params) + " parameters, " + std::to_string(fn.frame_slots) +
           " frame slots, code " + std::to_string(fn.entry) + ".." + std::to_string(end == 0 ? 0 : end - 1) + "\n";
    Pos last{-2, 0, 0};
    for (size_t i = static_cast<size_t>(fn.entry); i < end; ++i) {
      const Pos p = i < c.code_pos.size() ? c.code_pos[i] : Pos{};
      if (p.file != last.file || p.line != last.line) {
        if (p.file >= 0 && p.file < static_cast<int>(files.files.size()))
          out += "     ; " + files.files[static_cast<size_t>(p.file)].path + ":" + std::to_string(p.line) + "  " + source_line(files, p) + "\n";
        last = p;
      }
      std::snprintf(buf, sizeof buf, "%5zu %4d:%-3d %-13s ", i, p.line, p.col, op_name(c.code[i].op));
      std::string line = buf + operands(c, files, c.code[i]);
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  }
  return out;
}

}  // namespace scanscope::cuda
