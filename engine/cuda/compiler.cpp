// Lowers the typed syntax tree to bytecode (see bytecode.h). Evaluation order: operands and
// arguments left to right; the right side of an assignment before the left (C++17).
#include <algorithm>
#include <map>

#include "engine/cuda/bytecode.h"
#include "engine/cuda/limits.h"

namespace scanscope::cuda {

namespace {

class Compiler {
 public:
  Compiler(const SourceSet& files, Compiled& out) : files_(files), out_(out) {}

  void run() {
    Program& p = *out_.program;
    out_.static_shared_words = p.static_shared_words;
    out_.dynamic_base = (p.static_shared_words + 3) / 4 * 4;  // 16-byte aligned, as CUDA places it
    for (const Var* v : p.static_shared) out_.shared_vars.push_back(v);
    for (const Var* v : p.extern_shared) out_.shared_vars.push_back(v);
    for (const auto& f : p.functions) {
      CompiledFunction cf;
      cf.name = f->name;
      cf.fn = f.get();
      cf.params = 0;  // slots: a struct parameter takes one per member word, a scalar one (8 bytes too)
      for (const Var* v : f->params) cf.params += v->type.is_struct() ? v->type.words() : 1;
      if (f->is_global) {
        cf.static_shared_words = f->shared_words;
        cf.dynamic_base = (f->shared_words + 3) / 4 * 4;
        cf.shared_vars = f->shared_vars;
      } else {
        cf.static_shared_words = out_.static_shared_words;
        cf.dynamic_base = out_.dynamic_base;
        cf.shared_vars = out_.shared_vars;
      }
      out_.functions.push_back(cf);
    }
    for (size_t i = 0; i < p.functions.size(); ++i) {
      const Function& f = *p.functions[i];
      if (!f.body) continue;
      fn_ = &out_.functions[i];
      slots_ = max_slots_ = f.frame_slots;
      fn_->entry = static_cast<int>(out_.code.size());
      stmt(*f.body);
      // falling off the end
      if (f.is_global) {
        SyncPoint sp;
        sp.pos = f.close;
        sp.kind = Builtin::None;
        sp.label = f.end_label.get();
        add_label_slots(sp);
        out_.syncs.push_back(sp);
        // a `return` in the kernel jumps here, to the Exit (not past it, into the next function)
        for (int target : returns_) out_.code[target].a = static_cast<int>(out_.code.size());
        returns_.clear();
        emit(Op::Exit, f.close, static_cast<int>(out_.syncs.size()) - 1);
      } else if (f.ret.is_void()) {
        emit(Op::Ret, f.close, 0);
      } else {
        emit(Op::FaultNoReturn, f.close);
      }
      fn_->frame_slots = max_slots_;
    }
  }

 private:
  // PAdd's b: the integer operand is unsigned (zero-extended to 64 bits, as the GPU does), and/or
  // subtracted (the pointer moves back by it: `p - u` is not `p + (-u)` for an unsigned u).
  static int padd_flags(Type operand, bool subtract) {
    return (operand.is_unsigned() ? kPAddUnsigned : 0) | (operand.is_wide() ? kPAddWide : 0) | (subtract ? kPAddSubtract : 0);
  }
  // Ld's and St's b: 2 for an 8-byte scalar (one 64-bit access), kU8..kS16 for a bool or a 1- or
  // 2-byte integer, else 0 (4 bytes).
  static int width(Type t) {
    if (t.pointer) return 0;
    switch (t.base) {
      case Base::Bool: case Base::UChar: return kU8;
      case Base::Char: case Base::SChar: return kS8;
      case Base::UShort: return kU16;
      case Base::Short: return kS16;
      default: return t.is_wide() ? 2 : 0;
    }
  }
  // A local scalar's value: its slot (a 1- or 2-byte one extended again from its low bytes, which a
  // store through a pointer to it may have changed alone).
  void ldl(const Var& v, Pos p) {
    emit(Op::Ldl, p, v.slot);
    if (v.type.is_small()) emit(Op::Ext, p, width(v.type));
  }

  int emit(Op op, Pos pos, int a = 0, int b = 0) {
    out_.code.push_back(Instr{op, a, b});
    out_.code_pos.push_back(pos);
    if (out_.code.size() > static_cast<size_t>(kMaxInstructions))
      fail_at(files_, pos, "the program is too large (more than " + std::to_string(kMaxInstructions) + " instructions)");
    return static_cast<int>(out_.code.size()) - 1;
  }
  int here() const { return static_cast<int>(out_.code.size()); }
  void patch(int at, int target) { out_.code[at].a = target; }
  // A temporary: live within one statement's expressions only, so the next statement reuses it.
  int temp() {
    max_slots_ = std::max(max_slots_, slots_ + 1);
    return slots_++;
  }

  int site(const Expr& e, AccessOp op, int words = 1) {
    AccessSite s;
    s.span = e.span;
    s.stmt = e.stmt.file >= 0 ? e.stmt : e.span.begin;
    s.op = op;
    s.type = e.type.pointer ? Base::Int : e.type.base;
    s.words = e.type.is_wide() ? 2 : words;
    s.bytes = !e.type.pointer && (e.type.is_small() || e.type.base == Base::Bool) ? e.type.bytes() : 4 * s.words;
    if (e.type.is_struct()) s.type = e.type.sdef->fields.front().type.base;  // a vector type: its members'
    if (e.type.is_packed()) {  // a uchar4, short2, ...: its bytes as one word (or two), a char2 its 2 bytes
      s.bytes = e.type.bytes();
      s.type = s.bytes == 1 ? Base::UChar : s.bytes == 2 ? Base::UShort : Base::Unsigned;
    }

    if (out_.sites.size() >= static_cast<size_t>(kMaxSites))
      fail_at(files_, e.span.begin, "more than " + std::to_string(kMaxSites) + " shared- and global-memory accesses in the program");
    out_.sites.push_back(s);
    return static_cast<int>(out_.sites.size()) - 1;
  }

  void add_label_slots(SyncPoint& sp) {
    if (!sp.label) return;
    for (const Var* v : sp.label->vars) {
      sp.var_slots.push_back(v->slot);
      sp.var_types.push_back(v->type.pointer ? Base::Int : v->type.base);
    }
  }

  // ---- statements
  struct Loop {
    std::vector<int> breaks, continues;
  };
  std::vector<Loop> loops_;
  std::vector<int> returns_;

  void stmt(const Stmt& s) {
    const int saved = slots_;  // the temporaries of this statement are dead after it
    lower(s);
    slots_ = saved;
  }

  void lower(const Stmt& s) {
    switch (s.kind) {
      case Sk::Block:
        for (const auto& b : s.body) stmt(*b);
        return;
      case Sk::Empty:
        return;
      case Sk::Decl:
        if (s.var->is_array() && s.var->byte_len >= 0) {  // bool, char, short: packed; each element stored through its address
          const int b = s.var->type.bytes();
          for (int k = 0; k < s.var->array_len && !s.array_init.empty(); ++k) {  // the elements the braces leave out are zero
            emit(Op::Push, s.pos, 0);
            emit(Op::Stl, s.pos, s.var->slot + k);
          }
          for (size_t k = 0; k < s.array_init.size(); ++k) {
            value(*s.array_init[k]);
            emit(Op::LocalPtr, s.pos, s.var->slot);
            emit(Op::Push, s.pos, static_cast<int32_t>(k) * b);
            emit(Op::PAdd, s.pos);
            emit(Op::St, s.pos, -1, width(s.var->type));
            emit(Op::Pop, s.pos);
          }
        } else if (s.var->is_array()) {
          const int w = s.var->type.words();  // an 8-byte element takes two slots, its value in the first
          for (int k = 0; k * w < s.var->array_len; ++k) {
            if (k < static_cast<int>(s.array_init.size())) value(*s.array_init[k]);
            else if (!s.array_init.empty()) emit(s.var->type.is_wide() ? Op::PushL : Op::Push, s.pos, 0);
            else continue;
            emit(Op::Stl, s.pos, s.var->slot + k * w);
          }
        } else if (s.expr) {
          value(*s.expr);
          emit(Op::Stl, s.pos, s.var->slot);
          if (s.var->type.pointer) {  // a pointer into shared memory names that part of it
            out_.names.push_back(s.var->name);
            emit(Op::NamePtr, s.pos, s.var->slot, static_cast<int>(out_.names.size()) - 1);
          }
        }
        return;
      case Sk::Expr:
        effect(*s.expr);
        return;
      case Sk::If: {
        value(*s.expr);
        int jz = emit(Op::Jz, s.pos);
        stmt(*s.body[0]);
        if (s.body.size() > 1) {
          int jmp = emit(Op::Jmp, s.pos);
          patch(jz, here());
          stmt(*s.body[1]);
          patch(jmp, here());
        } else {
          patch(jz, here());
        }
        return;
      }
      case Sk::For: {
        if (s.init) stmt(*s.init);
        emit(Op::LoopEnter, s.pos);
        int top = here();
        int jz = -1;
        if (s.expr) {
          value(*s.expr);
          jz = emit(Op::Jz, s.pos);
        }
        loops_.emplace_back();
        stmt(*s.body[0]);
        int cont = here();
        if (s.step) effect(*s.step);
        emit(Op::LoopNext, s.pos);
        emit(Op::Jmp, s.pos, top);
        int end = here();
        emit(Op::LoopExit, s.pos);
        if (jz >= 0) patch(jz, end);
        close_loop(cont, end);
        return;
      }
      case Sk::While: {
        emit(Op::LoopEnter, s.pos);
        int top = here();
        value(*s.expr);
        int jz = emit(Op::Jz, s.pos);
        loops_.emplace_back();
        stmt(*s.body[0]);
        int cont = here();
        emit(Op::LoopNext, s.pos);
        emit(Op::Jmp, s.pos, top);
        int end = here();
        emit(Op::LoopExit, s.pos);
        patch(jz, end);
        close_loop(cont, end);
        return;
      }
      case Sk::Do: {
        emit(Op::LoopEnter, s.pos);
        int top = here();
        loops_.emplace_back();
        stmt(*s.body[0]);
        int cont = here();
        value(*s.expr);
        int jz = emit(Op::Jz, s.pos);
        emit(Op::LoopNext, s.pos);
        emit(Op::Jmp, s.pos, top);
        int end = here();
        emit(Op::LoopExit, s.pos);
        patch(jz, end);
        close_loop(cont, end);
        return;
      }
      case Sk::Break:
        loops_.back().breaks.push_back(emit(Op::Jmp, s.pos));
        return;
      case Sk::Continue:
        loops_.back().continues.push_back(emit(Op::Jmp, s.pos));
        return;
      case Sk::Return:
        if (fn_->fn->is_global) {  // return from the kernel: jump to its end (the Exit)
          returns_.push_back(emit(Op::Jmp, s.pos));
          return;
        }
        if (s.expr) value(*s.expr);
        emit(Op::Ret, s.pos, s.expr ? 1 : 0);
        return;
    }
  }

  void close_loop(int cont, int end) {
    for (int j : loops_.back().breaks) patch(j, end);
    for (int j : loops_.back().continues) patch(j, cont);
    loops_.pop_back();
  }

  // ---- expressions
  void effect(const Expr& e) { expr(e, false); }
  void value(const Expr& e) { expr(e, true); }

  static bool is_local_scalar(const Expr& e) {
    return e.kind == Ek::Var && !e.var->is_array() && e.var->storage != Storage::Shared && e.var->storage != Storage::Device;
  }

  // Pushes the address of a memory lvalue.
  void address(const Expr& e) {
    switch (e.kind) {
      case Ek::Var:
        if (e.var->storage == Storage::Shared) emit(Op::SharedPtr, e.span.begin, e.var->slot);
        else if (e.var->storage == Storage::Device) emit(Op::DevicePtr, e.span.begin, e.var->slot);
        else emit(Op::LocalPtr, e.span.begin, e.var->slot);  // &local
        return;
      case Ek::Index:
        value(*e.kids[0]);
        value(*e.kids[1]);
        emit(Op::PAdd, e.span.begin, 0, padd_flags(e.kids[1]->type, false));
        return;
      case Ek::Deref:
        value(*e.kids[0]);
        return;
      default:
        fail_at(files_, e.span.begin, "internal: not an lvalue");
    }
  }

  void load(const Expr& lv) {
    if (is_local_scalar(lv)) {
      ldl(*lv.var, lv.span.begin);
      return;
    }
    address(lv);
    emit(Op::Ld, lv.span.begin, site(lv, kLoad), width(lv.type));
  }

  void arith(BinaryOp op, Type t, Pos p) {
    using B = BinaryOp;
    const bool f = t.is_float(), u = t.base == Base::Unsigned;
    Op o;
    if (t.is_wide()) {  // long long, unsigned long long, double
      const bool d = t.base == Base::Double, ul = t.base == Base::ULong;
      if (op == B::Add) o = d ? Op::DAdd : Op::LAdd;
      else if (op == B::Sub) o = d ? Op::DSub : Op::LSub;
      else if (op == B::Mul) o = d ? Op::DMul : Op::LMul;
      else if (op == B::Div) o = d ? Op::DDiv : ul ? Op::ULDiv : Op::LDiv;
      else if (op == B::Rem) o = ul ? Op::ULRem : Op::LRem;
      else if (op == B::BitAnd) o = Op::LAnd;
      else if (op == B::BitOr) o = Op::LOr;
      else if (op == B::BitXor) o = Op::LXor;
      else if (op == B::Shl) o = Op::LShl;
      else if (op == B::Shr) o = ul ? Op::ULShr : Op::LShr;
      else fail_at(files_, p, std::string("internal: operator ") + to_string(op));
      emit(o, p);
      return;
    }
    if (op == B::Add) o = f ? Op::FAdd : Op::IAdd;
    else if (op == B::Sub) o = f ? Op::FSub : Op::ISub;
    else if (op == B::Mul) o = f ? Op::FMul : Op::IMul;
    else if (op == B::Div) o = f ? Op::FDiv : u ? Op::UDiv : Op::IDiv;
    else if (op == B::Rem) o = u ? Op::URem : Op::IRem;
    else if (op == B::BitAnd) o = Op::IAnd;
    else if (op == B::BitOr) o = Op::IOr;
    else if (op == B::BitXor) o = Op::IXor;
    else if (op == B::Shl) o = Op::Shl;
    else if (op == B::Shr) o = u ? Op::UShr : Op::Shr;
    else fail_at(files_, p, std::string("internal: operator ") + to_string(op));
    emit(o, p);
  }

  void compare(BinaryOp op, Type t, Pos p) {
    const int k = static_cast<int>(op) - static_cast<int>(BinaryOp::Eq);  // ==, !=, <, <=, >, >= as the machine's Eq..Ge
    if (t.is_wide()) {
      const Op first = t.base == Base::Double ? Op::DEq : t.base == Base::ULong && k >= 2 ? Op::ULLt : Op::LEq;
      emit(static_cast<Op>(static_cast<int>(first) + (first == Op::ULLt ? k - 2 : k)), p);
      return;
    }
    Op base;
    if (t.pointer) base = Op::PEq;
    else if (t.is_float()) base = Op::FEq;
    else if (t.base == Base::Unsigned) base = k < 2 ? Op::IEq : Op::ULt;
    else base = Op::IEq;
    if (!t.pointer && !t.is_float() && t.base == Base::Unsigned && k >= 2) {
      emit(static_cast<Op>(static_cast<int>(Op::ULt) + (k - 2)), p);
      return;
    }
    emit(static_cast<Op>(static_cast<int>(base) + k), p);
  }

  void convert(Type from, Type to, Pos p) {
    if (from == to || to.is_void() || from.pointer || to.pointer) return;  // a pointer cast keeps the address
    if (from.is_small()) from = Type{Base::Int, false};  // its value is an int already (sign- or zero-extended)
    if (to.is_small()) {  // to int first (a float by the GPU's conversion), then its low bytes
      convert(from, Type{Base::Int, false}, p);
      emit(Op::Ext, p, width(to));
      return;
    }
    if (from == to) return;
    if (from.is_wide() || to.is_wide()) {
      convert_wide(from.base, to.base, p);
      return;
    }
    if (to.base == Base::Bool) {
      if (from.is_float()) emit(Op::F2B, p);
      else if (from.base != Base::Bool) emit(Op::I2B, p);
      return;
    }
    if (to.is_float()) {
      if (from.base == Base::Unsigned) emit(Op::U2F, p);
      else if (!from.is_float()) emit(Op::I2F, p);
      return;
    }
    if (from.is_float()) emit(to.base == Base::Unsigned ? Op::F2U : Op::F2I, p);
    // int <-> unsigned <-> bool (0/1): the same bits
  }

  // Conversions where one side is an 8-byte scalar: C++'s, with the GPU's saturating float-to-integer.
  void convert_wide(Base from, Base to, Pos p) {
    auto is_small_int = [](Base b) { return b == Base::Int || b == Base::Bool; };  // sign-extended to 64 bits
    if (to == Base::Bool) {
      emit(from == Base::Double ? Op::D2B : Op::L2B, p);
      return;
    }
    if (to == Base::Double) {
      if (from == Base::Float) emit(Op::F2D, p);
      else if (from == Base::Unsigned) emit(Op::U2D, p);
      else if (is_small_int(from)) emit(Op::I2D, p);
      else emit(from == Base::ULong ? Op::UL2D : Op::L2D, p);
      return;
    }
    if (from == Base::Double) {
      switch (to) {
        case Base::Float: emit(Op::D2F, p); return;
        case Base::Unsigned: emit(Op::D2U, p); return;
        case Base::Long: emit(Op::D2L, p); return;
        case Base::ULong: emit(Op::D2UL, p); return;
        default: emit(Op::D2I, p); return;
      }
    }
    if (to == Base::Long || to == Base::ULong) {  // from a 4-byte type, or between the 64-bit integers (the same bits)
      if (from == Base::Float) emit(to == Base::ULong ? Op::F2UL : Op::F2L, p);
      else if (is_small_int(from)) emit(Op::I2L, p);
      return;  // unsigned: the slot holds it zero-extended already
    }
    // from long long or unsigned long long to a 4-byte type
    if (to == Base::Float) emit(from == Base::ULong ? Op::UL2F : Op::L2F, p);
    else emit(Op::L2I, p);
  }

  void push_wide(uint64_t bits, Pos p) {
    emit(Op::PushL, p, static_cast<int32_t>(static_cast<uint32_t>(bits)), static_cast<int32_t>(static_cast<uint32_t>(bits >> 32)));
  }

  void expr(const Expr& e, bool want) {
    const Pos p = e.span.begin;
    switch (e.kind) {
      case Ek::IntLit:
        if (want && e.type.is_wide()) push_wide(static_cast<uint64_t>(e.ival), p);
        else if (want) emit(Op::Push, p, static_cast<int32_t>(static_cast<uint32_t>(e.ival)));
        return;
      case Ek::FloatLit:
        if (want && e.type.base == Base::Double) {
          uint64_t bits;
          static_assert(sizeof bits == sizeof e.fval);
          __builtin_memcpy(&bits, &e.fval, 8);
          push_wide(bits, p);
        } else if (want) {
          const float f = static_cast<float>(e.fval);
          uint32_t bits;
          __builtin_memcpy(&bits, &f, 4);
          emit(Op::Push, p, static_cast<int32_t>(bits));
        }
        return;
      case Ek::Special:
        if (want) emit(Op::Special, p, static_cast<int>(e.ival));
        return;
      case Ek::Var:
        if (e.var->is_array()) {
          if (!want) return;
          if (e.var->storage == Storage::Shared)
            emit(Op::SharedPtr, p, e.var->extern_shared ? 0 : e.var->slot, e.var->extern_shared ? 1 : 0);
          else if (e.var->storage == Storage::Device)
            emit(Op::DevicePtr, p, e.var->slot);
          else
            emit(Op::LocalPtr, p, e.var->slot);
          return;
        }
        load(e);
        if (!want) emit(Op::Pop, p);
        return;
      case Ek::Index:
      case Ek::Deref:
        load(e);
        if (!want) emit(Op::Pop, p);
        return;
      case Ek::AddrOf:
        if (is_local_scalar(*e.kids[0])) emit(Op::LocalPtr, p, e.kids[0]->var->slot);
        else address(*e.kids[0]);
        if (!want) emit(Op::Pop, p);
        return;
      case Ek::Unary:
        value(*e.kids[0]);
        if (e.uop == UnaryOp::Neg) emit(e.type.base == Base::Double ? Op::DNeg : e.type.is_wide() ? Op::LNeg : e.type.is_float() ? Op::FNeg : Op::INeg, p);
        else if (e.uop == UnaryOp::BitNot) emit(e.type.is_wide() ? Op::LBitNot : Op::INot, p);
        else emit(Op::LNot, p);
        if (!want) emit(Op::Pop, p);
        return;
      case Ek::Binary: {
        const Expr& a = *e.kids[0];
        const Expr& b = *e.kids[1];
        value(a);
        value(b);
        const BinaryOp o = e.bop;
        if (is_comparison(o)) compare(o, a.type, p);
        else if (a.type.pointer && b.type.pointer) emit(Op::PDiff, p);
        else if (a.type.pointer) emit(Op::PAdd, p, 0, padd_flags(b.type, o == BinaryOp::Sub));
        else arith(o, a.type, p);
        if (!want) emit(Op::Pop, p);
        return;
      }
      case Ek::Logical: {
        value(*e.kids[0]);
        emit(Op::Dup, p);
        int j = emit(e.bop == BinaryOp::LogicalAnd ? Op::Jz : Op::Jnz, p);
        emit(Op::Pop, p);
        value(*e.kids[1]);
        patch(j, here());
        if (!want) emit(Op::Pop, p);
        return;
      }
      case Ek::Cond: {
        value(*e.kids[0]);
        int jz = emit(Op::Jz, p);
        expr(*e.kids[1], want);
        int jmp = emit(Op::Jmp, p);
        patch(jz, here());
        expr(*e.kids[2], want);
        patch(jmp, here());
        return;
      }
      case Ek::Comma:
        effect(*e.kids[0]);
        expr(*e.kids[1], want);
        return;
      case Ek::Cast:
        if (e.type.is_void()) {  // (void)x: x for its effects, no value
          expr(*e.kids[0], false);
          return;
        }
        expr(*e.kids[0], true);
        convert(e.kids[0]->type, e.type, p);
        if (!want) emit(Op::Pop, p);
        return;
      case Ek::Assign: {
        const Expr& lhs = *e.kids[0];
        value(*e.kids[1]);  // the right side first (C++17)
        if (is_local_scalar(lhs)) {
          if (want) emit(Op::Dup, p);
          emit(Op::Stl, p, lhs.var->slot);
          return;
        }
        address(lhs);
        emit(Op::St, p, site(lhs, kStore), width(lhs.type));
        if (!want) emit(Op::Pop, p);
        return;
      }
      case Ek::Compound: {
        const Expr& lhs = *e.kids[0];
        const Type optype = type_from_code(e.ival);
        if (is_local_scalar(lhs)) {
          value(*e.kids[1]);
          int t = temp();
          emit(Op::Stl, p, t);
          ldl(*lhs.var, p);
          convert(lhs.type, optype, p);
          emit(Op::Ldl, p, t);
          combine(e.bop, optype, lhs.type, p, e.kids[1]->type);
          if (want) emit(Op::Dup, p);
          emit(Op::Stl, p, lhs.var->slot);
          return;
        }
        value(*e.kids[1]);  // E2 before E1 (C++17)
        int t = temp();
        emit(Op::Stl, p, t);
        address(lhs);
        emit(Op::Dup, p);
        emit(Op::Ld, p, site(lhs, kLoad), width(lhs.type));
        convert(lhs.type, optype, p);
        emit(Op::Ldl, p, t);
        combine(e.bop, optype, lhs.type, p, e.kids[1]->type);
        emit(Op::Swap, p);
        emit(Op::St, p, site(lhs, kStore), width(lhs.type));
        if (!want) emit(Op::Pop, p);
        return;
      }
      case Ek::IncDec: {
        const Expr& lv = *e.kids[0];
        const bool post = !e.prefix;
        auto step = [&]() {
          if (lv.type.pointer) {
            emit(Op::Push, p, e.uop == UnaryOp::Inc ? lv.type.pointee().bytes() : -lv.type.pointee().bytes());
            emit(Op::PAdd, p);
          } else if (lv.type.base == Base::Double) {
            push_wide(0x3ff0000000000000ULL, p);  // 1.0
            emit(e.uop == UnaryOp::Inc ? Op::DAdd : Op::DSub, p);
          } else if (lv.type.is_wide()) {
            push_wide(1, p);
            emit(e.uop == UnaryOp::Inc ? Op::LAdd : Op::LSub, p);
          } else if (lv.type.is_float()) {
            float one = 1.0f;
            uint32_t bits;
            __builtin_memcpy(&bits, &one, 4);
            emit(Op::Push, p, static_cast<int32_t>(bits));
            emit(e.uop == UnaryOp::Inc ? Op::FAdd : Op::FSub, p);
          } else {
            emit(Op::Push, p, 1);
            emit(e.uop == UnaryOp::Inc ? Op::IAdd : Op::ISub, p);
            if (lv.type.is_small()) emit(Op::Ext, p, width(lv.type));  // computed in int, stored back truncated
          }
        };
        if (is_local_scalar(lv)) {
          ldl(*lv.var, p);
          if (want && post) emit(Op::Dup, p);
          step();
          if (want && !post) emit(Op::Dup, p);
          emit(Op::Stl, p, lv.var->slot);
          return;
        }
        address(lv);
        emit(Op::Dup, p);
        emit(Op::Ld, p, site(lv, kLoad), width(lv.type));
        int t = -1;
        if (want && post) {
          t = temp();
          emit(Op::Dup, p);
          emit(Op::Stl, p, t);
        }
        step();
        emit(Op::Swap, p);
        emit(Op::St, p, site(lv, kStore), width(lv.type));
        if (!want || post) emit(Op::Pop, p);
        if (want && post) emit(Op::Ldl, p, t);
        return;
      }
      case Ek::Call:
        call(e, want);
        return;
      case Ek::VecMove: {
        const int w = static_cast<int>(e.ival);
        const Expr& src = *e.kids[0];
        const Expr& dst = *e.kids[1];
        if (src.type.is_packed() && src.type.bytes() < 4) {  // char1, char2, uchar2: one 1- or 2-byte access of its bytes
          const int width = src.type.bytes() == 1 ? kU8 : kU16;
          value(*src.kids[0]);
          emit(Op::Ld, src.span.begin, site(src, kLoad, 1), width);
          value(*dst.kids[0]);
          emit(Op::St, dst.span.begin, site(dst, kStore, 1), width);
          emit(Op::Pop, p);
          return;
        }
        if (src.kind == Ek::Deref) {
          value(*src.kids[0]);
          emit(Op::LdV, src.span.begin, site(src, kLoad, w), w);
        } else {
          for (const Var* m : src.var->members) emit(Op::Ldl, p, m->slot);
        }
        if (dst.kind == Ek::Deref) {
          value(*dst.kids[0]);
          emit(Op::StV, dst.span.begin, site(dst, kStore, w), w);
        } else {
          for (size_t k = dst.var->members.size(); k-- > 0;) emit(Op::Stl, p, dst.var->members[k]->slot);
        }
        return;
      }
    }
  }

  // [old value (optype), operand (optype; a pointer's: `operand`)] -> new value converted to `to`
  void combine(BinaryOp op, Type optype, Type to, Pos p, Type operand) {
    if (optype.pointer) {
      emit(Op::PAdd, p, 0, padd_flags(operand, op == BinaryOp::Sub));
      return;
    }
    arith(op, optype, p);
    convert(optype, to, p);
  }

  void call(const Expr& e, bool want) {
    const Pos p = e.span.begin;
    if (e.callee) {
      for (const auto& k : e.kids) value(*k);
      int idx = -1;
      for (size_t i = 0; i < out_.functions.size(); ++i)
        if (out_.functions[i].fn == e.callee) idx = static_cast<int>(i);
      emit(Op::Call, p, idx);
      if (!want && !e.type.is_void()) emit(Op::Pop, p);
      return;
    }
    const Builtin b = e.builtin;
    switch (b) {
      case Builtin::SyncThreads: case Builtin::SyncThreadsCount: case Builtin::SyncThreadsAnd: case Builtin::SyncThreadsOr: {
        for (const auto& k : e.kids) value(*k);  // the predicate
        int sp = sync_point(e);
        emit(Op::SyncThreads, p, static_cast<int>(b), sp);
        if (!want && b != Builtin::SyncThreads) emit(Op::Pop, p);
        return;
      }
      case Builtin::TileSync: {
        for (const auto& k : e.kids) value(*k);  // the tile's size
        int sp = sync_point(e);
        out_.syncs[sp].text = out_.program->tile_sync_texts.at(static_cast<size_t>(e.ival));
        emit(Op::TileSync, p, 0, sp);
        return;
      }
      case Builtin::ActiveMask:
        emit(Op::ActiveMask, p);
        if (!want) emit(Op::Pop, p);
        return;
      case Builtin::ThreadFence:
        return;
      case Builtin::Math:
        for (const auto& k : e.kids) value(*k);
        emit(Op::Math, p, static_cast<int>(e.ival));
        if (!want) emit(Op::Pop, p);
        return;
      case Builtin::Printf:  // pushes the characters printed, as printf returns them
        for (const auto& k : e.kids) value(*k);
        emit(Op::Printf, p, static_cast<int>(e.ival), static_cast<int>(e.kids.size()));
        if (!want) emit(Op::Pop, p);
        return;
      case Builtin::SyncWarp: case Builtin::ShflSync: case Builtin::ShflUpSync: case Builtin::ShflDownSync:
      case Builtin::ShflXorSync: case Builtin::BallotSync: case Builtin::AnySync: case Builtin::AllSync:
      case Builtin::ReduceAddSync: case Builtin::ReduceMinSync: case Builtin::ReduceMaxSync: case Builtin::ReduceUMinSync:
      case Builtin::ReduceUMaxSync: case Builtin::ReduceAndSync: case Builtin::ReduceOrSync: case Builtin::ReduceXorSync: {
        for (const auto& k : e.kids) value(*k);
        int sp = sync_point(e);
        // a shuffle records its exchange as an access at the call
        if (b != Builtin::SyncWarp && b != Builtin::BallotSync && b != Builtin::AnySync && b != Builtin::AllSync && !is_warp_reduce(b))
          out_.syncs[sp].site = site(e, kShuffle);
        emit(Op::Collective, p, static_cast<int>(b), sp);
        if (!want && !e.type.is_void()) emit(Op::Pop, p);
        return;
      }
      case Builtin::AtomicAdd: case Builtin::AtomicSub: case Builtin::AtomicMin: case Builtin::AtomicMax:
      case Builtin::AtomicExch: case Builtin::AtomicCAS: case Builtin::AtomicAnd: case Builtin::AtomicOr: case Builtin::AtomicXor:
      case Builtin::AtomicInc: case Builtin::AtomicDec: {
        for (const auto& k : e.kids) value(*k);
        emit(Op::Atomic, p, static_cast<int>(b), site(e, kAtomic));
        if (!want) emit(Op::Pop, p);
        return;
      }
      default:
        break;
    }
    for (const auto& k : e.kids) value(*k);
    const bool f = e.type.is_float(), u = e.type.base == Base::Unsigned;
    if (e.type.is_wide() && (b == Builtin::Min || b == Builtin::Max || b == Builtin::Abs)) {
      const bool d = e.type.base == Base::Double, ul = e.type.base == Base::ULong;
      if (b == Builtin::Min) emit(d ? Op::DMin : ul ? Op::ULMin : Op::LMin, p);
      else if (b == Builtin::Max) emit(d ? Op::DMax : ul ? Op::ULMax : Op::LMax, p);
      else emit(d ? Op::DAbs : Op::LAbs, p);
      if (!want) emit(Op::Pop, p);
      return;
    }
    switch (b) {
      case Builtin::Min: emit(f ? Op::FMin : u ? Op::UMin : Op::IMin, p); break;
      case Builtin::Max: emit(f ? Op::FMax : u ? Op::UMax : Op::IMax, p); break;
      case Builtin::Fminf: emit(Op::FMin, p); break;
      case Builtin::Fmaxf: emit(Op::FMax, p); break;
      case Builtin::Abs: emit(f ? Op::FAbs : Op::IAbs, p); break;
      case Builtin::Fabsf: emit(Op::FAbs, p); break;
      case Builtin::Popc: emit(Op::Popc, p); break;
      case Builtin::Clz: emit(Op::Clz, p); break;
      case Builtin::Ffs: emit(Op::Ffs, p); break;
      case Builtin::FloatAsInt: case Builtin::IntAsFloat: case Builtin::FloatAsUint: case Builtin::UintAsFloat:
      case Builtin::DoubleAsLongLong: case Builtin::LongLongAsDouble:
        break;  // the bits stay
      default:
        fail_at(files_, p, "internal: builtin not lowered");
    }
    if (!want) emit(Op::Pop, p);
  }

  int sync_point(const Expr& e) {
    SyncPoint sp;
    sp.pos = e.span.begin;
    sp.kind = e.builtin;
    sp.label = e.label.get();
    add_label_slots(sp);
    out_.syncs.push_back(sp);
    return static_cast<int>(out_.syncs.size()) - 1;
  }

  const SourceSet& files_;
  Compiled& out_;
  CompiledFunction* fn_ = nullptr;
  int slots_ = 0;
  int max_slots_ = 0;  // the most slots_ reached in the function: its frame
};

}  // namespace

Compiled compile(const SourceSet& files, std::unique_ptr<Program> program) {
  Compiled out;
  out.program = std::move(program);
  Compiler c(files, out);
  c.run();
  return out;
}

}  // namespace scanscope::cuda
