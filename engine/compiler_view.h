// What nvcc makes of a kernel's shared-memory accesses. The interpreter records every access the
// source makes; the compiler may merge adjacent 4-byte accesses into one 8- or 16-byte access
// (Listing 2's temp[2*thid] and temp[2*thid+1] become one st.shared.v2), which the hardware serves
// by other bank rules. The PTX of the very text the interpreter ran (compiled by NVRTC, the CUDA
// toolkit's runtime compiler; no GPU needed) says which: its .loc lines name the source line of
// every ld/st.shared and its width. Without the toolkit the accesses are modelled as written and
// the trace says so.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <utility>
#include <string>
#include <vector>

#include "engine/interp.h"

namespace scanscope {

// Source lines whose shared accesses of one kind the compiled code serves with one instruction:
// a vector access (width 2 or 4: the lanes' neighbouring words in one 8- or 16-byte access), or
// one 4-byte instruction (width 1: the two arms of an if/else merged).
struct LineGroup {
  int file = 0;
  bool store = false;
  std::vector<int> lines;
  int width = 1;
  bool same_text = false;  // only the accesses written identically on those lines (a common load)
  std::string why;         // who merged them: nvcc (in the PTX) or ptxas (predicted from the PTX)
  // With the SASS, a line of several widths: the widths (in words) of its instructions, which a
  // thread's accesses joined in program order may match (SourceSite::vector_in_order)
  std::vector<int> sass_widths;
  // With the SASS, a line of several widths in one straight run: [round, reg, offset, bytes, ...]
  // (SourceSite::vector_layout), round the PTX's words on the line (a thread's accesses per run of
  // the line), then each instruction's base register, byte offset and bytes, in code order
  std::vector<int> sass_layout;
  // With the SASS, a runtime-bounded loop's row (`for (j = 0; j < e; ++j) v[j] = s[r * 4 + ((j + 2)
  // & 3)]`): ptxas loads the words a thread's first iterations read with one straight block of
  // wide loads (an LDS.128, two for int2s) before its body unrolled by 4, and makes its
  // remainder's copies one element each. The words of that block: the group (aligned blocks of
  // `width`) stands where every thread makes exactly that many words of the line's accesses in a
  // step, in 4 iterations or more (e == the row's elements: no remainder), and is dropped
  // elsewhere (noted where a thread of 4 iterations or more reads other words).
  int row_words = 0;
  // With the SASS, a line of several widths in one straight run whose instructions hold more words
  // a thread than the PTX's accesses of the line (ptxas joined other lines' 4-byte stores into
  // them: gen-20261206-192's STS.64 named with the line of word 3 holds words 0 and 1, two one-line
  // inner if/else): the other lines whose instructions of the run share a base register with the
  // line's (`joined_lines`), and the layout of all those lines' instructions (`joined_layout`, as
  // sass_layout, round their words a thread). apply_compiler_view adds the lines near them without
  // instructions of the kind (their stores named with these lines) and keeps the group where the
  // layout places every thread's words of them all.
  std::vector<int> joined_lines;
  std::vector<int> joined_layout;
  // With the SASS, a line of wide store instructions where the PTX has no store (the line table
  // names a line of register work for them: gen-20261207-27's STS.128 on a loop's `v[j] = ~v[j]`):
  // their layout, in one straight run of one function, as sass_layout, round the instructions'
  // words. apply_compiler_view gives them the stores near the line on lines without a store
  // instruction, of one array, whose words the layout places for every thread.
  std::vector<int> foreign_layout;
};
// A group of its first members; the members the SASS's rules fill later start empty.
inline LineGroup line_group(int file, bool store, std::vector<int> lines, int width, bool same_text, std::string why) {
  LineGroup g;
  g.file = file;
  g.store = store;
  g.lines = std::move(lines);
  g.width = width;
  g.same_text = same_text;
  g.why = std::move(why);
  return g;
}

using LineKeyT = std::tuple<int, int, bool>;  // (file index, line, store?)

struct CompilerView {
  bool asked = false;               // PTX was produced
  bool sass = false;                // `lines` and `groups` read from the cubin's machine code (SASS), not predicted from the PTX
  std::string compiler;             // e.g. "NVRTC 13.0 (PTX for sm_90)", or why none was asked
  // The shared-memory instructions by source line: (file index, line, store?) -> widths; the
  // SASS's where it was read (`sass`), else the PTX's.
  std::map<std::tuple<int, int, bool>, std::vector<int>> lines;
  // The PTX's, always (with the SASS: what ptxas was given, to tell a merged or removed access
  // from one the line table names another line for).
  std::map<std::tuple<int, int, bool>, std::vector<int>> ptx_lines;
  // With the SASS: the bytes per lane of each line's instructions (LDS.U8 1, LDS.U16 2, LDS 4,
  // LDS.64 8), in the order of `lines`.
  std::map<std::tuple<int, int, bool>, std::vector<int>> line_bytes;
  // With the SASS: lines (file, line) whose first loads in code order lie before a predicated EXIT
  // that the line's other instructions follow: the bytes of those loads, in code order. Every
  // warp that reaches the statement makes them (sass::MemInstruction::exit_after).
  std::map<std::pair<int, int>, std::vector<int>> before_exit;
  // With the SASS: lines (file, line, store?) whose instructions of that kind are the copies of a
  // loop ptxas unrolled with a remainder, in one function: their shape (SourceSite::unrolled).
  std::map<LineKeyT, std::vector<int>> unrolled;
  // With the SASS: lines with more instructions of a kind than the PTX has in a shape the model
  // does not follow: the SASS's count and the PTX's, whether some copies lie in a loop of the
  // machine code (a segment of the copies' plan, SourceSite::unrolled) and whether the segments'
  // sizes are the copies a pass makes times powers of two (ptxas's unrolling by 16, 8, 4, 2; a
  // segment of 31 is a copy ptxas dropped or moved), and the widest copy's bytes per lane.
  // apply_compiler_view notes such a line where the run says the copies may count otherwise.
  struct Unknown {
    int sass = 0, ptx = 0;
    bool looped = false, irregular = false;
    int widest = 4;
  };
  std::map<LineKeyT, Unknown> unrolled_unknown;
  // With the SASS: the same for a line's global loads or stores (LDG/STG; a grid-stride loop that
  // ptxas unrolled by 16, then 8, then 4, with a remainder loop).
  std::map<LineKeyT, std::vector<int>> unrolled_global;
  // With the SASS: lines (file, line, global?) whose loads of that space ptxas made only in the
  // threads of a later store (sass::MemInstruction::gate_line): every load instruction of the line,
  // in every function, gated by a store of one line. The store's (file, line, global?) and
  // whether an EXIT's complement gates every one of them (else the store's own guard predicate
  // gates some or all).
  struct Gate {
    int file = 0, line = 0;
    bool global = false, exit = false;
  };
  std::map<LineKeyT, Gate> gated;
  // With the SASS: every line (file, line, global?) with a load of that space gated so, one or
  // more of its instructions, by any store: the gating stores' lines (file, line, global?), how
  // many of the line's loads are gated and how many it has (the notes of apply_compiler_view: a
  // gate no rule above follows).
  struct SomeGated {
    std::set<LineKeyT> gates;
    int gated = 0, of = 0;
  };
  std::map<LineKeyT, SomeGated> gated_some;
  // With the SASS: shared-load lines (file, line, false) with an unpredicated load after a
  // predicated EXIT that no store gates (sass::MemInstruction::after_exit: `return s[0]` of a
  // helper, made after the EXIT of the threads that skip the caller's `if (t == 0) atomicMax(..)`).
  std::set<LineKeyT> after_exit;
  // With the SASS: shared-load lines (file, line) whose instructions, all in one function and of
  // 4 bytes, are the copies of a loop ptxas unrolled, some of them gated (sass::MemInstruction::
  // gate_line), each by one STG of one line whose STGs in that function are as many (the loop that
  // stores the loaded values, unrolled the same way: its copies in the order of its iterations).
  // Per load copy in code order, the index of its gate among that line's STGs (the store loop's
  // iteration that uses the value), or -1 for a copy every thread makes (`v = s[r]` of the copies
  // whose values ptxas kept in registers before a branch: gen-20261204-128's line 76).
  struct GatedCopies {
    int file = 0, line = 0;  // the STGs' line
    std::vector<int> copies;
  };
  std::map<std::pair<int, int>, GatedCopies> gated_copies;
  // With the SASS: shared-load lines (file, line) of several 4-byte copies in one function, some
  // of them gated each by an STG of a line that has that one STG (SourceSite::gated_sites): the
  // gated copies' store lines (file, line), in the SASS's order (which execution each is: from the
  // run's values).
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> gated_each;
  // With the SASS: shared-load lines (file, line) whose instructions, all in one function and of 4
  // bytes, some of them inside the branch around a global atomic (sass::MemInstruction::red_line:
  // `@P2 BRA` over `LDS; RED`, the `if (g < n) atomicAdd(&dst[g], v[j])` that uses the value), are
  // the copies of a loop whose atomic line has as many REDs / ATOMGs in that function, none gated
  // otherwise. As gated_copies: the atomics' line and, per load copy in code order, the index of
  // its gating atomic among the line's (in code order: the atomic loop's iterations), or -1.
  std::map<std::pair<int, int>, GatedCopies> gated_red;
  // With the SASS: lines (file, line) of a shared atomic that ptxas made a loop of (an LDS of the
  // old value and an ATOMS.CAS inside one back edge: a float atomicAdd on sm_90): the LDS's bytes.
  // The loop's instructions are left out of `lines`; the atomic's site gets SourceSite::cas_loop.
  std::map<std::pair<int, int>, int> cas_loops;
  // With the SASS: where each shared instruction of a line (file, line, store?) lies, in the order
  // of `lines`: its function (an index), its straight run of code (the control-flow instructions
  // before it in the function), its barrier region (the BARs before it) and whether it is
  // predicated. Two unpredicated instructions of one run are executed by the same threads.
  // `looped`: inside a loop of the machine code (between a backward branch and its target) with no
  // BAR in it, so a warp may execute it several times between two barriers.
  struct Place {
    int function = 0, run = 0, region = 0;
    bool guarded = false, looped = false;
    int guard = -1;  // the guard predicate (as sass::MemInstruction::guard: 8 and up negated), -1 none
  };
  std::map<LineKeyT, std::vector<Place>> places;
  // The source's if/else statements (from the parsed program, whatever the compiler made of them):
  // the `if`'s line and the first and last statement lines of each arm, in one file. Where ptxas
  // made one straight run of code of the two arms, each arm's k-th store and the other's are one
  // instruction (apply_compiler_view pairs them in order where the SASS says so).
  struct Branch {
    int file = 0, line = 0;
    int then_first = 0, then_last = 0, else_first = 0, else_last = 0;
  };
  std::vector<Branch> branches;
  std::vector<LineGroup> groups;
  // With the cubin: where ptxas placed each launched kernel's static shared arrays (by kernel:
  // index into Compiled::functions), where that differs from the interpreter's layout (the front
  // end removes arrays no code touches; file-scope arrays come after a kernel's own). Read from the
  // PTX's declarations in ptxas's order and checked against the cubin's .nv.shared sections.
  cuda::SharedLayouts layouts;
  std::vector<std::string> notes;   // e.g. the compiler rejected the text
  std::string ptx;                  // the PTX itself
  std::string sass_why;             // why the SASS was not read (then the PTX's prediction is used)
};

// Cached per kernel text and prelude. Never throws: a compiler that cannot be run or that rejects
// the text is reported in `compiler` / `notes`.
std::shared_ptr<const CompilerView> compiler_view(const ResolvedKernel& k);

// The layouts run_interpreter is to use (null: the interpreter's own): the view's, but in G80 mode
// (16 banks or half-warps), which models the scan paper's GPU and compiler.
const cuda::SharedLayouts* gpu_shared_layouts(const CompilerView& v, const TraceRequest& r);

// Marks the trace's sites with the vector groups and re-runs the bank model. In G80 mode (16
// banks, half-warps) the accesses stay 4 bytes, as the scan paper's compiler issued them.
void apply_compiler_view(const CompilerView& v, Trace& t);

}  // namespace scanscope
