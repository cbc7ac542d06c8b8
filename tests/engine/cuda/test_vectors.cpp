// CUDA's vector types (int2, int4, uint2, uint4, float2, float4, int3, uint3, float3): values,
// alignment, the one 8- or 16-byte access per thread that a whole vector's load or store is (PTX
// ld.v2.b32 / ld.v4.b32), how the bank model and the global model count it, the misaligned-address
// fault, and the one-line errors for what CUDA does not define either.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/bank_model.h"
#include "engine/runner.h"
#include "formats/trace_json.h"
#include "tests/engine/cuda/inline_kernel.h"

using namespace scanscope;

namespace {

// A one-block kernel k(in, out, n) of `threads` threads, `out` with n elements, checked as a copy.
std::string kernel(const std::string& before, const std::string& body, int threads = 32, const std::string& types = "int") {
  return "// launch: k<<<1, " + std::to_string(threads) + ">>>(in, out, N)\n// check: copy\n// types: " + types + "\n" + before +
         "__global__ void k(const " + (types == "float" ? std::string("float") : std::string("int")) + " *in, " +
         (types == "float" ? "float" : "int") + " *out, int n) {\n" + body + "}\n";
}

// The trace of `text` with input 0, 1, 2, ... (n elements); `compiler`: with the compiler view
// (NVRTC's PTX where the toolkit is here), as `scanscope trace` makes it.
Trace trace_of(const std::string& text, int n, ValueType type = ValueType::Int, bool compiler = false) {
  TraceRequest r;
  r.n = n;
  r.type = type;
  for (int i = 0; i < n; ++i) r.input.push_back(i);
  r.source = kernel_dir() + "/app/inline.cu";
  r.source_text = text;
  r.has_source_text = true;
  return compiler ? run_emulator(r) : run_interpreter(resolve_kernel(r));
}

// The warp-instructions of a step that come from source line `line` (loads or stores).
std::vector<const WarpInstruction*> at_line(const Trace& t, const Step& s, int line, AccessOp op) {
  std::vector<const WarpInstruction*> out;
  for (const auto& wi : s.instructions)
    if (wi.op == op && t.sites[static_cast<size_t>(wi.site)].line == line) out.push_back(&wi);
  return out;
}

std::vector<double> iota(int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(i);
  return v;
}

}  // namespace

TEST(Vectors, MembersConstructorsCopiesAndSizes) {
  const Outcome o = run_text(kernel("",
                                    "  int t = threadIdx.x;\n"
                                    "  int2 a = make_int2(t, 2 * t);\n"
                                    "  int4 b = {a.x, a.y, 3, 4};\n"
                                    "  uint4 u = make_uint4(1u, 2u, 3u, 4u);\n"
                                    "  float2 f = make_float2(0.5f, 1.5f);\n"
                                    "  float3 g = make_float3(1, 2, 3);\n"
                                    "  int3 h = make_int3(7, 8, 9);\n"
                                    "  int4 c = b;\n"
                                    "  c.w = c.x + c.y + c.z;\n"
                                    "  int sizes = sizeof(int2) + sizeof(int4) + sizeof(float3) + sizeof(uint2) + sizeof(float4);\n"
                                    "  out[t] = c.w - 3 * t - 3 + int(f.x + f.y) - 2 + int(g.z) - 3 + h.y - 8 + int(u.w) - 4 + sizes - 60 + in[t];\n"),
                             32);
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out, std::vector<double>(32, 1.0));  // in[t] is 1: out = 1 only if every term cancels
}

TEST(Vectors, ParametersReturnsPointersAndSharedArrays) {
  const Outcome o = run_text(kernel("__device__ float4 twice(float4 v) { return make_float4(2 * v.x, 2 * v.y, 2 * v.z, 2 * v.w); }\n"
                                    "__device__ float sum(const float4 &v) { return v.x + v.y + v.z + v.w; }\n"
                                    "struct Tagged { int tag; float4 v; };\n",
                                    "  __shared__ float4 s[16];\n"
                                    "  extern __shared__ float2 dyn[];\n"
                                    "  int t = threadIdx.x;\n"
                                    "  const float4 *in4 = reinterpret_cast<const float4 *>(in);\n"
                                    "  if (t < 16) s[t] = twice(in4[t]);\n"
                                    "  __syncthreads();\n"
                                    "  float4 *p = s + 3;\n"
                                    "  Tagged x = {5, s[t % 16]};\n"
                                    "  float4 local[2];\n"
                                    "  local[1] = *p;\n"
                                    "  float *w = (float *)(s + 1);\n"
                                    "  out[t] = sum(x.v) + p->y + local[1].w + w[2] + (&s[2] - s) + sizeof(Tagged) + (float)in[t];\n",
                                    32, "float"),
                             64, ValueType::Float);
  ASSERT_EQ(o.kind, "ok") << o.what;
  // in is all ones: sum(x.v) = 8, s[3].y = 2, s[3].w = 2, word 2 of s[1] = 2, 2 vectors apart,
  // sizeof(Tagged) = 32 (the float4 member 16-byte aligned), plus in[t] = 1
  EXPECT_EQ(o.out[0], 8 + 2 + 2 + 2 + 2 + 32 + 1);
}

TEST(Vectors, AKernelTakesPointersToVectors) {
  const Outcome o = run_text(
      "// launch: k<<<1, 16>>>(in, out, N / 4)\n// check: copy\n// types: float\n"
      "__global__ void k(const float4 *in, float4 *out, int n4) {\n"
      "  int i = threadIdx.x;\n"
      "  if (i < n4) out[i] = in[i];\n"
      "}\n",
      64, ValueType::Float);
  ASSERT_EQ(o.kind, "ok") << o.what;
  EXPECT_EQ(o.out, std::vector<double>(64, 1.0));
}

TEST(Vectors, OneInt4LoadIsOneSixteenByteAccessPerLaneInGlobalAndSharedMemory) {
  const Trace t = trace_of(kernel("",
                                  "  __shared__ int4 s[32];\n"
                                  "  int i = threadIdx.x;\n"
                                  "  int4 v = reinterpret_cast<const int4 *>(in)[i];\n"
                                  "  s[i] = v;\n"
                                  "  __syncthreads();\n"
                                  "  reinterpret_cast<int4 *>(out)[i] = s[i];\n"),
                           128);
  EXPECT_EQ(t.output, iota(128));
  // the sites of the vector load from `in`, the store to s and the copy back: 16 bytes each
  int wide = 0;
  for (const auto& s : t.sites) wide += s.bytes == 16;
  EXPECT_EQ(wide, 4);
  // global: per direction one request (one warp-instruction) of 16 sectors (32 lanes x 16 bytes)
  EXPECT_EQ(t.totals.global.ld.requests, 1);
  EXPECT_EQ(t.totals.global.ld.sectors, 16);
  EXPECT_EQ(t.totals.global.st.requests, 1);
  EXPECT_EQ(t.totals.global.st.sectors, 16);
  // shared: one store instruction and one load instruction, each with every lane once and 4 words
  // a lane, in quarter-warps: 4 wavefronts, no conflict
  EXPECT_EQ(t.totals.st.inst, 1);
  EXPECT_EQ(t.totals.st.wavefronts, 4);
  EXPECT_EQ(t.totals.st.conflicts, 0);
  EXPECT_EQ(t.totals.ld.inst, 1);
  EXPECT_EQ(t.totals.ld.wavefronts, 4);
  EXPECT_EQ(t.totals.ld.conflicts, 0);
  const WarpInstruction& st = t.steps[0].instructions.at(0);
  EXPECT_EQ(st.width, 4);
  EXPECT_EQ(st.lanes, 0xffffffffu);
  EXPECT_EQ(st.access_index.size(), 128u);  // each lane's one access: its 4 words, each with its value
  const Access& lane5 = t.steps[0].accesses[st.access_index[4 * 5 + 2]];
  EXPECT_EQ(lane5.tid, 5);
  EXPECT_EQ(lane5.word, 22);
  EXPECT_EQ(lane5.value, 22);
  // one global load instruction whose lane 7 covers in[28..31]
  const GlobalInstruction& gl = t.steps[0].global_instructions.at(0);
  EXPECT_EQ(gl.op, kLoad);
  EXPECT_EQ(gl.lanes, 0xffffffffu);
  ASSERT_EQ(gl.access_index.size(), 128u);
  EXPECT_EQ(t.steps[0].global[gl.access_index[4 * 7]].index, 28);
  EXPECT_EQ(t.steps[0].global[gl.access_index[4 * 7 + 3]].index, 31);
}

TEST(Vectors, WavefrontsOfAWarpsFloat4AndFloat2LoadsOfConsecutiveElements) {
  const std::string text = kernel("",
                                  "  __shared__ float4 q[32];\n"
                                  "  __shared__ float2 h[32];\n"
                                  "  int i = threadIdx.x;\n"
                                  "  q[i] = make_float4(in[i], 0, 0, 0);\n"
                                  "  h[i] = make_float2(in[i], 0);\n"
                                  "  __syncthreads();\n"
                                  "  float4 a = q[i];\n"  // line 11
                                  "  float2 b = h[i];\n"  // line 12
                                  "  out[i] = a.x + b.x - in[i];\n",
                                  32, "float");
  for (bool compiler : {false, true}) {
    const Trace t = trace_of(text, 32, ValueType::Float, compiler);
    EXPECT_EQ(t.output, iota(32));
    const Step& s = t.steps.back();
    const auto a = at_line(t, s, 11, kLoad), b = at_line(t, s, 12, kLoad);
    ASSERT_EQ(a.size(), 1u) << "compiler view " << compiler;
    ASSERT_EQ(b.size(), 1u) << "compiler view " << compiler;
    EXPECT_EQ(a[0]->width, 4);
    EXPECT_EQ(a[0]->wavefronts, 4);  // 512 bytes: a quarter-warp's 128 bytes per wavefront
    EXPECT_EQ(a[0]->conflicts, 0);
    EXPECT_EQ(b[0]->width, 2);
    EXPECT_EQ(b[0]->wavefronts, 2);  // a half-warp's 128 bytes per wavefront
    EXPECT_EQ(b[0]->conflicts, 0);
    // the two stores before the barrier likewise
    EXPECT_EQ(t.totals.st.inst, 2);
    EXPECT_EQ(t.totals.st.wavefronts, 6);
  }
}

TEST(Vectors, AStridedFloat2LoadHasBankConflicts) {
  // lane i reads h[2 i]: 16 bytes apart, so a half-warp's 16 lanes cover 256 bytes, two words in
  // each bank: 2 wavefronts per half-warp instead of 1
  const std::string text = kernel("",
                                  "  __shared__ float2 h[64];\n"
                                  "  int i = threadIdx.x;\n"
                                  "  h[2 * i] = make_float2(in[i], 1);\n"
                                  "  h[2 * i + 1] = make_float2(0, 0);\n"
                                  "  __syncthreads();\n"
                                  "  float2 b = h[2 * i];\n"  // line 10
                                  "  out[i] = b.x;\n",
                                  32, "float");
  for (bool compiler : {false, true}) {
    const Trace t = trace_of(text, 32, ValueType::Float, compiler);
    EXPECT_EQ(t.output, iota(32));
    const auto b = at_line(t, t.steps.back(), 10, kLoad);
    ASSERT_EQ(b.size(), 1u);
    EXPECT_EQ(b[0]->wavefronts, 4);
    EXPECT_EQ(b[0]->conflicts, 2);
    EXPECT_EQ(b[0]->degree, 2);
  }
}

TEST(Vectors, MembersInSharedMemoryAreFourByteAccesses) {
  // s[i].y alone is one 4-byte load per lane: lanes 16 bytes apart, 4 words per bank
  const Trace t = trace_of(kernel("",
                                  "  __shared__ int4 s[32];\n"
                                  "  int i = threadIdx.x;\n"
                                  "  s[i] = make_int4(0, in[i], 0, 0);\n"
                                  "  __syncthreads();\n"
                                  "  out[i] = s[i].y;\n"),
                           32);
  EXPECT_EQ(t.output, iota(32));
  const auto y = at_line(t, t.steps.back(), 9, kLoad);
  ASSERT_EQ(y.size(), 1u);
  EXPECT_EQ(y[0]->width, 1);
  EXPECT_EQ(y[0]->wavefronts, 4);
  EXPECT_EQ(y[0]->conflicts, 3);
}

TEST(Vectors, SharedArraysOfVectorsAreAligned) {
  // a 3-word array first: the float4 array after it starts at word 4, the int2 one at an even word
  const Trace t = trace_of(kernel("",
                                  "  __shared__ int odd[3];\n"
                                  "  __shared__ float4 q[2];\n"
                                  "  __shared__ int one;\n"
                                  "  __shared__ int2 p[2];\n"
                                  "  int i = threadIdx.x;\n"
                                  "  if (i == 0) { odd[0] = 1; one = 2; q[1] = make_float4(1, 2, 3, 4); p[1] = make_int2(5, 6); }\n"
                                  "  __syncthreads();\n"
                                  "  out[i] = in[i];\n"),
                           32);
  int q = -1, p = -1;
  for (const auto& a : t.arrays) {
    if (a.name == "q") q = a.first_word;
    if (a.name == "p") p = a.first_word;
  }
  EXPECT_EQ(q, 4);
  EXPECT_EQ(p, 14);  // one at word 12, then the next 8-byte boundary
}

TEST(Vectors, AMisalignedVectorAccessFaults) {
  Outcome o = run_text(kernel("",
                              "  int4 v = reinterpret_cast<const int4 *>(in + 2)[threadIdx.x];\n"
                              "  out[threadIdx.x] = v.x;\n"),
                       256);
  EXPECT_EQ(o.kind, "fault");
  EXPECT_NE(o.what.find("inline.cu:5:12: thread 0: misaligned address: a 16-byte load of in[2] (byte 8, not a multiple of 16)"),
            std::string::npos)
      << o.what;
  o = run_text(kernel("",
                      "  __shared__ int s[96];\n"
                      "  int i = threadIdx.x;\n"
                      "  s[i] = in[i]; s[i + 32] = 0; s[i + 64] = 0;\n"
                      "  __syncthreads();\n"
                      "  int2 *p = (int2 *)&s[3 * i];\n"
                      "  *p = make_int2(1, 2);\n"),
               64);
  EXPECT_EQ(o.kind, "fault");
  EXPECT_NE(o.what.find("inline.cu:10:3: thread 1: misaligned address: an 8-byte store to s[3] (shared-memory word 3, byte 12, not a multiple of 8)"),
            std::string::npos)
      << o.what;
  // an aligned offset is fine: in + 4 is 16 bytes on
  o = run_text(kernel("",
                      "  int4 v = reinterpret_cast<const int4 *>(in + 4)[threadIdx.x];\n"
                      "  out[threadIdx.x] = v.x;\n"),
               256);
  EXPECT_EQ(o.kind, "ok") << o.what;
}

TEST(Vectors, WhatCudaDoesNotDefineIsAnErrorNamingIt) {
  struct Case {
    std::string body, want;
  };
  const std::vector<Case> cases = {
      {"  float4 a = make_float4(1, 2, 3, 4), b = a;\n  float4 c = a + b;\n",
       "inline.cu:6:16: '+' on float4: CUDA defines no operators on its vector types"},
      {"  int2 a = make_int2(1, 2);\n  a *= 2;\n", "inline.cu:6:5: '*=' on int2: CUDA defines no operators on its vector types"},
      {"  int2 a = make_int2(1, 2);\n  int b = a;\n", "inline.cu:6:11: cannot convert int2 to int"},
      {"  int2 a = make_int2(1);\n", "inline.cu:5:12: 'make_int2' takes 2 arguments, given 1"},
      {"  float4 a = float4(1, 2, 3, 4);\n", "inline.cu:5:21: CUDA's vector types have no constructors: write make_float4(...)"},
      {"  double2 d;\n", "inline.cu:5:3: type 'double2' is not supported"},
      {"  int4 a = make_int4(1, 2, 3, 4);\n  int x = a.q;\n", "inline.cu:6:13: 'int4' has no member 'q'"},
      {"  int2 a = make_int2(1, 2);\n  int2 b = a.x ? a : a;\n", "'?:' choosing between structs is not supported"},
      {"  int x = reinterpret_cast<int>(in[0]);\n", "reinterpret_cast is supported between pointers only"},
  };
  for (const auto& c : cases) expect_error_line(run_text(kernel("", c.body)), c.want, c.body);
  const Outcome o = run_text("// launch: k<<<1, 32>>>(in, out, N)\n// check: copy\nstruct int2 { int a, b; };\n"
                             "__global__ void k(const int *in, int *out, int n) { out[threadIdx.x] = in[threadIdx.x]; }\n");
  EXPECT_EQ(o.kind, "error");
  EXPECT_NE(o.what.find("inline.cu:3:8: 'int2' is one of CUDA's vector types"), std::string::npos) << o.what;
}

TEST(Vectors, TheTraceKeepsTheAccessWidthThroughJson) {
  const Trace t = trace_of(kernel("",
                                  "  __shared__ int2 s[32];\n"
                                  "  int i = threadIdx.x;\n"
                                  "  s[i] = make_int2(in[i], i);\n"
                                  "  __syncthreads();\n"
                                  "  out[i] = s[i ^ 1].x;\n"),
                           32);
  const Trace back = trace_from_json(trace_to_json(t), "vectors");
  ASSERT_EQ(back.sites.size(), t.sites.size());
  for (size_t s = 0; s < t.sites.size(); ++s) EXPECT_EQ(back.sites[s].bytes, t.sites[s].bytes);
  EXPECT_EQ(back.totals, t.totals);
  EXPECT_EQ(t.totals.st.wavefronts, 2);
}

// The wide-access rule against Nsight Compute: the same patterns as standalone CUDA programs on an
// NVIDIA H200 (2026-11-26, CUDA 13.0; docs/validation.md, "vector types"), one block of 64
// threads (two warps; f_float2: 128), each kernel's shared loads (l1tex__data_pipe_lsu_wavefronts_
// mem_shared_op_ld.sum, l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum) and stores.
TEST(Vectors, WideSharedAccessesCountAsNsightComputeMeasured) {
  struct Case {
    const char* name;
    std::string body;
    int threads;
    OpTotals ld, st;
  };
  const std::string int4_store = "  __shared__ int4 s[64];\n  int t = threadIdx.x;\n  s[t] = reinterpret_cast<const int4 *>(in)[t];\n  __syncthreads();\n";
  const std::string int2_store =
      "  __shared__ int2 h[128];\n  int t = threadIdx.x;\n  const int2 *in2 = reinterpret_cast<const int2 *>(in);\n"
      "  h[t] = in2[t];\n  h[t + 64] = in2[t + 64];\n  __syncthreads();\n";
  auto int4_load = [&](const std::string& index) { return int4_store + "  int4 v = s[" + index + "];\n  reinterpret_cast<int4 *>(out)[t] = v;\n"; };
  auto int2_load = [&](const std::string& index) { return int2_store + "  int2 v = h[" + index + "];\n  reinterpret_cast<int2 *>(out)[t] = v;\n"; };
  const std::vector<Case> cases = {
      {"a_contig", int4_load("t"), 64, {2, 8, 0}, {2, 8, 0}},
      {"b_stride2", int4_load("(2 * t) % 64"), 64, {2, 16, 8}, {2, 8, 0}},
      {"c_bcast", int4_load("0"), 64, {2, 4, 0}, {2, 8, 0}},
      {"p1_q8", int4_load("t % 8"), 64, {2, 8, 0}, {2, 8, 0}},
      {"p5_half01", int4_load("t / 16 % 2"), 64, {2, 4, 0}, {2, 8, 0}},
      {"p6_pairs", int4_load("t / 2"), 64, {2, 4, 0}, {2, 8, 0}},
      {"p8_quarters_same_bank", int4_load("(t % 4) * 8 + (t / 8 % 4) * 2"), 64, {2, 32, 24}, {2, 8, 0}},
      {"y_member", int4_store + "  out[t] = s[(t + 1) % 64].y;\n", 64, {2, 8, 6}, {2, 8, 0}},
      {"d_contig2", int2_load("t"), 64, {2, 4, 0}, {4, 8, 0}},
      {"e_stride2_2", int2_load("(2 * t) % 128"), 64, {2, 8, 4}, {4, 8, 0}},
      {"p3_b2", int2_load("0"), 64, {2, 2, 0}, {4, 8, 0}},
      {"p4_h16", int2_load("t % 16"), 64, {2, 4, 0}, {4, 8, 0}},
      {"p9_pairs2", int2_load("t / 2"), 64, {2, 2, 0}, {4, 8, 0}},
      {"f_float2",
       "  __shared__ float2 s[256];\n  int t = threadIdx.x;\n  s[2 * t] = reinterpret_cast<const float2 *>(in)[t];\n  __syncthreads();\n"
       "  reinterpret_cast<float2 *>(out)[t] = s[2 * t];\n",
       128, {4, 16, 8}, {4, 16, 8}},
  };
  for (const auto& c : cases) {
    const bool is_float = std::string(c.name) == "f_float2";
    const Trace t = trace_of(kernel("", c.body, c.threads, is_float ? "float" : "int"), 256, is_float ? ValueType::Float : ValueType::Int);
    EXPECT_EQ(t.totals.ld, c.ld) << c.name << ": ld inst " << t.totals.ld.inst << ", wavefronts " << t.totals.ld.wavefronts << ", conflicts "
                                 << t.totals.ld.conflicts;
    EXPECT_EQ(t.totals.st, c.st) << c.name << ": st inst " << t.totals.st.inst << ", wavefronts " << t.totals.st.wavefronts << ", conflicts "
                                 << t.totals.st.conflicts;
  }
}

// The compiler view (NVRTC's PTX) agrees with a vector load where nvcc names the line that uses the
// value, and says so where the PTX has no access of that width (the value is never used).
TEST(Vectors, TheCompilerViewChecksVectorAccessesAgainstThePtx) {
  const std::string used = kernel("",
                                  "  __shared__ float4 buf[32];\n"
                                  "  int t = threadIdx.x;\n"
                                  "  buf[t] = reinterpret_cast<const float4 *>(in)[t];\n"
                                  "  __syncthreads();\n"
                                  "  float4 v = buf[31 - t];\n"
                                  "  reinterpret_cast<float4 *>(out)[31 - t] = v;\n",
                                  32, "float");
  const Trace t = trace_of(used, 128, ValueType::Float, true);
  if (t.compiler.rfind("NVRTC", 0) != 0) GTEST_SKIP() << "no CUDA compiler here: " << t.compiler;
  EXPECT_EQ(t.output, iota(128));
  EXPECT_TRUE(t.compiler_notes.empty()) << t.compiler_notes.front();
  EXPECT_EQ(t.totals.ld.inst, 1);
  EXPECT_EQ(t.totals.ld.wavefronts, 4);
  const std::string unused = kernel("",
                                    "  __shared__ float4 buf[32];\n"
                                    "  int t = threadIdx.x;\n"
                                    "  buf[t] = make_float4(1, 2, 3, 4);\n"
                                    "  __syncthreads();\n"
                                    "  float4 v = buf[t];\n"
                                    "  out[t] = in[t];\n",
                                    32, "float");
  // nvcc removes the load and then the store no load reads: a note for each, the model keeps both
  const Trace u = trace_of(unused, 32, ValueType::Float, true);
  ASSERT_EQ(u.compiler_notes.size(), 2u);
  EXPECT_NE(u.compiler_notes[0].find("inline.cu:7: the source stores a whole 16-byte value here and the PTX has no 16-byte shared store"),
            std::string::npos)
      << u.compiler_notes[0];
  EXPECT_NE(u.compiler_notes[1].find("inline.cu:9: the source loads a whole 16-byte value here and the PTX has no 16-byte shared load"),
            std::string::npos)
      << u.compiler_notes[1];
  EXPECT_EQ(u.totals.ld.inst, 1);
}

// A vector load that runs past an array faults before any of its words is recorded: the trace up
// to the fault holds whole accesses only.
TEST(Vectors, AVectorReachingPastTheArrayFaultsWhole) {
  TraceRequest r;
  r.n = 6;
  r.input.assign(6, 1.0);
  r.source = kernel_dir() + "/app/inline.cu";
  r.source_text = kernel("",
                         "  __shared__ int4 s[2];\n"
                         "  int t = threadIdx.x;\n"
                         "  if (t < 2) s[t] = reinterpret_cast<const int4 *>(in)[t];\n",
                         2);
  r.has_source_text = true;
  const ResolvedKernel k = resolve_kernel(r);
  try {
    run_interpreter(k);
    FAIL() << "thread 1 reads in[4..7] of 6 and must fault";
  } catch (const TraceFault& f) {
    EXPECT_EQ(f.tid, 1);
    ASSERT_TRUE(f.trace);
    const Trace& t = *f.trace;
    EXPECT_NE(t.fault.find("reads in[6], outside its 6 elements"), std::string::npos) << t.fault;
    int loads = 0;
    for (const auto& s : t.steps)
      for (const auto& g : s.global) loads += g.tid == 1 && g.op == kLoad;
    EXPECT_EQ(loads, 0);  // none of thread 1's four words
    int stores = 0;
    for (const auto& s : t.steps)
      for (const auto& a : s.accesses) stores += a.tid == 0 && a.op == kStore;
    EXPECT_EQ(stores, 4);  // thread 0's whole int4
  }
}

// Vectors of bytes and shorts (char1/2/4, uchar1/2/4, short2/4, ushort2/4): CUDA's sizes and
// alignments (vector_types.h), members packed in their bytes, in a frame too; make_*, parameters,
// returns, references, struct members, a local's bytes through a byte pointer.
TEST(Vectors, VectorsOfBytesAndShortsHoldTheirMembersPacked) {
  const Outcome o = run_text(
      "// launch: k<<<1, 1>>>(in, out, N)\n// out: 24\n"
      "struct Px { uchar4 c; short2 s; int n; };\n"
      "__device__ uchar4 brighter(uchar4 p, int d) { return make_uchar4(p.x + d, p.y + d, p.z + d, p.w); }\n"
      "__device__ int sum(const uchar4 &p) { return p.x + p.y + p.z + p.w; }\n"
      "__device__ void darken(uchar4 &p) { p.x -= 1; }\n"
      "__global__ void k(const int *in, int *out, int n) {\n"
      "  uchar4 p = make_uchar4(1, 2, 250, 7);\n"
      "  uchar4 q = brighter(p, 10);\n"
      "  darken(q);\n"
      "  char2 c = make_char2(-3, 100);\n"
      "  short2 s = make_short2(-30000, 30000);\n"
      "  ushort4 u = make_ushort4(65535, 1, 2, 3);\n"
      "  short4 h = make_short4(-1, -2, -3, -4);\n"
      "  char1 c1 = make_char1(-5);\n"
      "  uchar2 u2 = make_uchar2(200, 201);\n"
      "  Px px = {q, s, 9};\n"
      "  uchar4 r = px.c;\n"
      "  r.w = 255;\n"
      "  unsigned char *b = reinterpret_cast<unsigned char *>(&p);\n"
      "  unsigned int word = 0x04030201u;\n"
      "  unsigned char *wb = reinterpret_cast<unsigned char *>(&word);\n"
      "  char4 neg = {-1, -2, -3, -4};\n"
      "  u.y += 65535;\n"
      "  out[0] = q.x; out[1] = q.y; out[2] = q.z; out[3] = q.w;\n"
      "  out[4] = c.x; out[5] = c.y; out[6] = s.x; out[7] = s.y;\n"
      "  out[8] = u.x + u.y + u.z + u.w; out[9] = h.w; out[10] = c1.x; out[11] = u2.y;\n"
      "  out[12] = sum(px.c) + px.s.y + px.n; out[13] = r.w + r.x;\n"
      "  out[14] = b[0] + 10 * b[1] + 100 * b[3]; out[15] = wb[2];\n"
      "  out[16] = neg.z;\n"
      "  out[17] = sizeof(char1) + 10 * sizeof(char2) + 100 * sizeof(uchar4) + 1000 * sizeof(short2) + 10000 * sizeof(ushort4);\n"
      "  out[18] = alignof(char2) + 10 * alignof(uchar4) + 100 * alignof(short2) + 1000 * alignof(short4) + 10000 * alignof(uchar1);\n"
      "  out[19] = sizeof(Px);\n"
      "  out[20] = sizeof(p.x) + sizeof(s.y);\n"
      "  out[21] = p.z;\n"
      "  uchar2 arr[5];\n  char1 ones[3];\n  arr[4] = make_uchar2(7, 8);\n"
      "  out[22] = (int)sizeof(c) + 100 * (int)sizeof(arr) + 1000 * (int)sizeof(ones) + 10000 * arr[4].y;\n"
      "  out[23] = in[0];\n"
      "}\n");
  ASSERT_EQ(o.kind, "ok") << o.what;
  const std::vector<double> want = {
      10, 12, 4, 7,                       // 1 + 10 - 1, 2 + 10, (250 + 10) mod 256, 7
      -3, 100, -30000, 30000,             //
      65535.0 + 0 + 2 + 3, -4, -5, 201,   // u.y: 1 + 65535 wraps to 0
      10 + 12 + 4 + 7 + 30000 + 9, 265,   //
      1 + 20 + 700, 3, -3,                //
      1 + 20 + 400 + 4000 + 80000,        // sizes 1, 2, 4, 4, 8
      2 + 40 + 400 + 8000 + 10000,        // alignments 2, 4, 4, 8, 1
      12, 3, 250, 2 + 1000 + 3000 + 80000, 1};
  EXPECT_EQ(o.out, want);
}

// A histogram of RGBA pixels, as the courses write it: one uchar4 load per thread (a 4-byte access
// of the pixel's bytes: a warp's 32 pixels are 4 sectors in one request), the channels' bins counted
// with atomics.
TEST(Vectors, AUchar4PixelIsOneFourByteAccess) {
  const std::string text =
      "// launch: hist<<<1, 32>>>(in, N / 4, out)\n// out: 8\n// init: out = 0\n// check: histogram\n// types: int\n"
      "__global__ void hist(const uchar4 *pixels, int count, unsigned int *bins) {\n"
      "  __shared__ uchar4 tile[32];\n"
      "  int i = threadIdx.x;\n"
      "  if (i < count) tile[i] = pixels[i];\n"
      "  __syncthreads();\n"
      "  if (i >= count) return;\n"
      "  uchar4 p = tile[i];\n"
      "  atomicAdd(&bins[p.x % 8], 1);\n"
      "  atomicAdd(&bins[p.y % 8], 1);\n"
      "  atomicAdd(&bins[p.z % 8], 1);\n"
      "  atomicAdd(&bins[p.w % 8], 1);\n"
      "}\n";
  TraceRequest r = inline_request(text, 128);
  for (int k = 0; k < 128; ++k) r.input[static_cast<size_t>(k)] = (k * 7) % 11;
  const Trace t = run_interpreter(resolve_kernel(r));
  std::vector<double> want(8, 0.0);
  for (int k = 0; k < 128; ++k) want[static_cast<size_t>(((k * 7) % 11) % 8)] += 1;
  EXPECT_EQ(t.output, want);
  // global: one request of 4 sectors (32 lanes x 4 bytes, consecutive)
  const Step& s0 = t.steps[0];
  const std::vector<const WarpInstruction*> st = at_line(t, s0, 9, kStore);
  ASSERT_EQ(st.size(), 1u);
  EXPECT_EQ(t.sites[static_cast<size_t>(st[0]->site)].bytes, 4);
  ASSERT_EQ(s0.global_instructions.size(), 1u);
  EXPECT_EQ(t.sites[static_cast<size_t>(s0.global_instructions[0].site)].bytes, 4);
  EXPECT_EQ(st[0]->wavefronts, 1);  // 32 consecutive words: one wavefront, no conflict
  EXPECT_EQ(st[0]->access_index.size(), 32u);
  EXPECT_EQ(t.totals.global.ld.requests, 1);
  EXPECT_EQ(t.totals.global.ld.sectors, 4);
  // lane 5's pixel is in[20..23]: its word holds those four bytes, as one value
  const Access& lane5 = s0.accesses[st[0]->access_index[5]];
  EXPECT_EQ(lane5.word, 5);
  const uint32_t bytes = static_cast<uint32_t>((20 * 7) % 11) | static_cast<uint32_t>((21 * 7) % 11) << 8 |
                         static_cast<uint32_t>((22 * 7) % 11) << 16 | static_cast<uint32_t>((23 * 7) % 11) << 24;
  EXPECT_EQ(static_cast<uint32_t>(lane5.value), bytes);
  const Step& s1 = t.steps[1];
  const std::vector<const WarpInstruction*> ld1 = at_line(t, s1, 12, kLoad);
  ASSERT_EQ(ld1.size(), 1u);
  EXPECT_EQ(ld1[0]->wavefronts, 1);
  EXPECT_EQ(ld1[0]->conflicts, 0);
  EXPECT_EQ(t.sites[static_cast<size_t>(ld1[0]->site)].bytes, 4);
}

// Shared arrays of 2- and 8-byte vectors: a uchar2 per lane is 2 bytes (a warp's 32 in 16 words:
// one wavefront), a short4 per lane 8 bytes (two wavefronts, as an int2's).
TEST(Vectors, SharedArraysOfCharAndShortVectorsAccessTheirBytes) {
  const Trace t = trace_of(kernel("",
                                  "  __shared__ uchar2 a[32];\n"
                                  "  __shared__ short4 b[32];\n"
                                  "  int i = threadIdx.x;\n"
                                  "  a[i] = make_uchar2(in[i], in[i] + 1);\n"
                                  "  b[i] = make_short4(in[i], -in[i], 2, 3);\n"
                                  "  __syncthreads();\n"
                                  "  uchar2 x = a[31 - i];\n"
                                  "  short4 y = b[i];\n"
                                  "  out[i] = x.y - 1 + y.x + y.y + in[i] - (31 - i) + y.w - 3;\n"),
                           32);
  EXPECT_EQ(t.output, iota(32));
  const Step& s0 = t.steps[0];
  const std::vector<const WarpInstruction*> sa = at_line(t, s0, 8, kStore), sb = at_line(t, s0, 9, kStore);
  ASSERT_EQ(sa.size(), 1u);
  ASSERT_EQ(sb.size(), 1u);
  EXPECT_EQ(sa[0]->wavefronts, 1);
  EXPECT_EQ(sb[0]->wavefronts, 2);
  EXPECT_EQ(sb[0]->width, 2);
  EXPECT_EQ(t.sites[static_cast<size_t>(sa[0]->site)].bytes, 2);
  EXPECT_EQ(t.sites[static_cast<size_t>(sb[0]->site)].bytes, 8);
  // uchar2 a[32] is 64 bytes: 16 words, b follows 8-byte aligned
  EXPECT_EQ(s0.accesses[sa[0]->access_index[31]].word, 15);
}

TEST(Vectors, AMisalignedByteVectorFaultsAndWhatStaysOutIsAnError) {
  // the fault names the element the access starts at, counted in the array's own elements (in is
  // unsigned char: in[2], byte 2), not the word in[0..3]
  auto run_on = [](const std::string& in_type, const std::string& body) {
    return run_text("// launch: k<<<1, 32>>>(in, out, N)\n// types: int\n__global__ void k(const " + in_type + " *in, int *out, int n) {\n" + body + "}\n");
  };
  const Outcome o = run_on("unsigned char", "  uchar4 p = reinterpret_cast<const uchar4 *>(in + 2)[0];\n  out[threadIdx.x] = p.x;\n");
  EXPECT_EQ(o.kind, "fault");
  EXPECT_NE(o.what.find("misaligned address: a 4-byte load of in[2] (byte 2, not a multiple of 4)"), std::string::npos) << o.what;
  const Outcome sh = run_on("int", "  __shared__ int pad;\n  __shared__ unsigned char s[64];\n  if (threadIdx.x == 0) pad = 0;\n  s[threadIdx.x] = 1;\n"
                                   "  __syncthreads();\n  char2 v = reinterpret_cast<const char2 *>(s + 5)[0];\n  out[threadIdx.x] = v.x + pad;\n");
  EXPECT_EQ(sh.kind, "fault");
  EXPECT_NE(sh.what.find("inline.cu:9:"), std::string::npos) << sh.what;
  EXPECT_NE(sh.what.find("misaligned address: a 2-byte load of s[5] (shared-memory word 2, byte 9, not a multiple of 2)"), std::string::npos) << sh.what;
  const std::pair<std::string, std::string> cases[] = {
      {"uchar4 a = make_uchar4(1, 2, 3, 4), b = a; uchar4 c = a + b;", "'+' on uchar4: CUDA defines no operators on its vector types"},
      {"char3 v;", "type 'char3' is not supported"},
      {"uchar4 a = make_uchar4(1, 2, 3);", "'make_uchar4' takes 4 arguments, given 3"},
  };
  for (const auto& [body, want] : cases) expect_error_line(run_text(kernel("", "  " + body + "\n")), want, body);
}
