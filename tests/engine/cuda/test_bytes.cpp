// 1- and 2-byte types: char, signed char, unsigned char, short, unsigned short, int8_t, uint8_t,
// int16_t, uint16_t (and bool, one byte in memory). Values: C++'s integer promotions, conversions
// on assignment (truncation, sign and zero extension), casts, sizeof, character constants, each
// expression printed by the kernel and compared with what C++ on this host computes for the same
// text. Memory: byte-addressed pointers into words, the bank model's same-word rule (a warp's 32
// consecutive bytes are one wavefront), the hazard detector at byte granularity, global arrays of
// bytes as `in` and `out` (in + k, init: lines, sectors), local arrays, and the one-line errors for
// what stays outside (atomics on them, which CUDA does not have; char3 and the other three-member vectors).
#include <gtest/gtest.h>

#include <cstdio>

#include "engine/runner.h"
#include "formats/trace_json.h"
#include "tests/engine/cuda/inline_kernel.h"
#include "tests/engine/cuda/printed_cases.h"

using namespace scanscope;

namespace {

// The variables both sides start from: the kernel's text and this file's code are the same tokens.
#define BYTE_VARS                  \
  signed char c = -100;            \
  unsigned char uc = 200;          \
  short sh = -30000;               \
  unsigned short us = 60000;       \
  char ch = 'a';                   \
  int8_t i8 = -128;                \
  uint8_t u8 = 255;                \
  int16_t i16 = 32767;             \
  uint16_t u16 = 65535;            \
  int i = -7;                      \
  unsigned u = 3000000000u;        \
  float f = 2.5f;                  \
  signed char c2 = 0;              \
  unsigned char uc2 = 0;           \
  short s2 = 0;                    \
  unsigned short us2 = 0;
#define CASE(T, F, E) PRINTED_CASE(T, F, E)

// The reference compares signed with unsigned values on purpose: that is what is under test.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Woverflow"

std::vector<PrintedCase> cases() {
  BYTE_VARS
  (void)c, (void)uc, (void)sh, (void)us, (void)ch, (void)i8, (void)u8, (void)i16, (void)u16, (void)i, (void)u, (void)f;
  // (a braced list is evaluated left to right: the assignments below happen in this order on both sides)
  return {
      // promotions: every operand of 1 or 2 bytes becomes an int before the operator
      CASE(int, "%d", c + uc), CASE(int, "%d", uc * uc), CASE(int, "%d", sh * 2), CASE(int, "%d", us + us),
      CASE(int, "%d", u8 + i8), CASE(int, "%d", i16 + 1), CASE(int, "%d", u16 + 1), CASE(int, "%d", -uc), CASE(int, "%d", ~uc),
      CASE(int, "%d", !uc), CASE(int, "%d", uc >> 3), CASE(int, "%d", c >> 2), CASE(int, "%d", us << 4),
      CASE(int, "%d", uc / 7), CASE(int, "%d", c / 7), CASE(int, "%d", c % 7), CASE(int, "%d", uc & c), CASE(int, "%d", uc ^ 0xFF),
      CASE(int, "%d", uc | sh),
      // comparisons: after promotion (an unsigned char is never negative; a char against an unsigned converts)
      CASE(int, "%d", uc > c), CASE(int, "%d", c < u), CASE(int, "%d", uc < u), CASE(int, "%d", us > sh), CASE(int, "%d", u8 == 255),
      CASE(int, "%d", i8 == -128), CASE(int, "%d", (uc > 100 ? uc : c)),
      // casts: truncation, sign and zero extension
      CASE(int, "%d", (unsigned char)(uc + 100)), CASE(int, "%d", (signed char)uc), CASE(int, "%d", (char)300),
      CASE(int, "%d", (unsigned char)-1), CASE(int, "%d", (short)70000), CASE(int, "%d", (unsigned short)-1), CASE(int, "%d", (short)us),
      CASE(int, "%d", (signed char)i), CASE(int, "%d", (unsigned char)i), CASE(int, "%d", (unsigned short)i), CASE(unsigned, "%u", (unsigned)c),
      CASE(long long, "%lld", (long long)c), CASE(long long, "%lld", uc + 5000000000ll), CASE(int, "%d", (uint8_t)(u >> 4)),
      CASE(int, "%d", (int16_t)u),
      // floats: an in-range value converts as C++ does; a char or short converts to float exactly
      CASE(int, "%d", (unsigned char)f), CASE(int, "%d", (short)(f * -1000)), CASE(double, "%.9g", (float)uc / 3),
      CASE(double, "%.9g", uc * f), CASE(double, "%.17g", c * 0.5), CASE(double, "%.9g", (float)sh),
      // sizeof and character constants ('a' is a char)
      CASE(unsigned, "%u", sizeof(char)), CASE(unsigned, "%u", sizeof(unsigned short)), CASE(unsigned, "%u", sizeof(int8_t)),
      CASE(unsigned, "%u", sizeof(uc + uc)), CASE(unsigned, "%u", sizeof('a')), CASE(unsigned, "%u", sizeof(c)), CASE(unsigned, "%u", sizeof(sh)),
      CASE(int, "%d", 'a' + 1), CASE(int, "%d", 'z' - 'a'), CASE(int, "%d", '\n'), CASE(int, "%d", '\x41'), CASE(int, "%d", '\0'),
      CASE(int, "%d", '\\'), CASE(int, "%d", '\''), CASE(int, "%d", '\101'), CASE(int, "%d", ch - 'a'), CASE(int, "%d", '\xff'),
      // assignment converts to the left side's type; compound assignment computes in int and converts back
      CASE(int, "%d", (uc2 = 511, uc2)), CASE(int, "%d", (c2 = 200, c2)), CASE(int, "%d", (uc2 += 100, uc2)),
      CASE(int, "%d", (c2 -= 100, c2)), CASE(int, "%d", (s2 = 32767, s2++, s2)), CASE(int, "%d", (uc2 = 255, ++uc2)),
      CASE(int, "%d", (us2 = 1, us2 -= 2, us2)), CASE(int, "%d", (c2 = 'A', c2 *= 3, c2)), CASE(int, "%d", (s2 = -1, s2 >>= 1, s2)),
      CASE(int, "%d", (uc2 = 3, uc2 <<= 7, uc2)), CASE(int, "%d", (c2 = 127, c2++)), CASE(int, "%d", c2),
  };
}
#pragma GCC diagnostic pop

std::string one_block(const std::string& params, const std::string& body, const std::string& head = "", int threads = 32) {
  return "// launch: k<<<1, " + std::to_string(threads) + ">>>(in, out, N)\n" + head + "#include <stdio.h>\n__global__ void k(" + params +
         ") {\n" + body + "}\n";
}

Trace trace_of(const std::string& text, const std::vector<double>& input) {
  TraceRequest r = inline_request(text, static_cast<int>(input.size()));
  r.input = input;
  return run_interpreter(resolve_kernel(r));
}

std::vector<double> iota(int n, int from = 0) {
  std::vector<double> v;
  for (int k = 0; k < n; ++k) v.push_back(from + k);
  return v;
}

}  // namespace

TEST(Bytes, ArithmeticAgreesWithTheHostsCxx) {
  const std::vector<PrintedCase> cs = cases();
  ASSERT_GE(cs.size(), 40u);
  expect_printed_cases(PRINTED_STR(BYTE_VARS), cs);
}

TEST(Bytes, ConsecutiveBytesOfSharedMemoryAreOneWavefront) {
  // 32 lanes store and load 32 consecutive bytes: 8 words in 8 banks, one wavefront each way; the
  // words are shared by 4 lanes each (the bank model's same-word rule), no conflict
  const std::string text = one_block("const int *in, int *out, int n",
                                     "  __shared__ unsigned char s[32];\n"
                                     "  int t = threadIdx.x;\n"
                                     "  s[t] = in[t] * 3;\n"
                                     "  __syncthreads();\n"
                                     "  out[t] = s[31 - t];\n",
                                     "// check: copy\n// types: int\n");
  Trace t;
  try {
    t = trace_of(text, iota(32));
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  ASSERT_EQ(t.output.size(), 32u);
  for (int k = 0; k < 32; ++k) EXPECT_EQ(t.output[k], 3 * (31 - k));
  EXPECT_EQ(t.totals.st.inst, 1);
  EXPECT_EQ(t.totals.st.wavefronts, 1);
  EXPECT_EQ(t.totals.ld.wavefronts, 1);
  EXPECT_EQ(t.totals.st.conflicts + t.totals.ld.conflicts, 0);
  // the accesses name the word and their byte of it; the sites say 1 byte
  int one = 0;
  for (const auto& s : t.sites) one += s.bytes == 1;
  EXPECT_EQ(one, 2);
  const Step& st = t.steps.front();
  ASSERT_FALSE(st.accesses.empty());
  for (const Access& a : st.accesses) {
    EXPECT_EQ(a.word, a.tid / 4);
    EXPECT_EQ(a.mask, 1 << (a.tid % 4));
  }
  // no race: different bytes of one word, written by different threads, is no conflict on the GPU
  EXPECT_TRUE(st.hazards.empty());
  // the trace's JSON keeps each access's byte and each site's bytes
  const Trace back = trace_from_json(trace_to_json(t), "bytes");
  ASSERT_EQ(back.steps.size(), t.steps.size());
  EXPECT_EQ(back.steps.front().accesses, st.accesses);
  ASSERT_EQ(back.sites.size(), t.sites.size());
  for (size_t k = 0; k < t.sites.size(); ++k) EXPECT_EQ(back.sites[k].bytes, t.sites[k].bytes);
  EXPECT_EQ(back.totals, t.totals);
  // the snapshot shows each word's 4 bytes as the word holds them (little-endian)
  const Step& last = t.steps.back();
  ASSERT_GE(last.smem.size(), 8u);
  EXPECT_EQ(static_cast<uint32_t>(static_cast<int32_t>(last.smem[1])), (3u * 4) | (3u * 5) << 8 | (3u * 6) << 16 | (3u * 7) << 24);
}

TEST(Bytes, TheBankModelSeesWordsNotBytes) {
  // s[lane * 4]: a byte of a different word per lane, 32 banks: one wavefront (the 4-byte rule);
  // s[lane * 128]: 32 different words of bank 0: 32 wavefronts
  auto run = [](const std::string& index) {
    const std::string text = one_block("const int *in, int *out, int n",
                                       "  __shared__ unsigned char s[4096];\n"
                                       "  int t = threadIdx.x;\n"
                                       "  for (int k = t; k < 4096; k += 32) s[k] = k & 255;\n"
                                       "  __syncthreads();\n"
                                       "  out[t] = s[" + index + "];\n",
                                       "// check: copy\n// types: int\n");
    TraceRequest r = inline_request(text, 32);
    return run_interpreter(resolve_kernel(r));
  };
  Trace four, strided;
  try {
    four = run("t * 4");
    strided = run("t * 128");
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  EXPECT_EQ(four.totals.ld.inst, 1);
  EXPECT_EQ(four.totals.ld.wavefronts, 1);
  EXPECT_EQ(four.totals.ld.conflicts, 0);
  EXPECT_EQ(strided.totals.ld.wavefronts, 32);
  EXPECT_EQ(strided.totals.ld.conflicts, 31);
  for (int k = 0; k < 32; ++k) EXPECT_EQ(strided.output[k], (k * 128) & 255);
  // the stores: lane t stores byte t + 32m, 32 consecutive bytes per instruction: one wavefront each
  EXPECT_EQ(four.totals.st.wavefronts, four.totals.st.inst);
}

TEST(Bytes, TheSameByteStoredByTwoThreadsIsARaceDifferentBytesAreNot) {
  auto step_hazards = [](const std::string& store) {
    const std::string text = one_block("const int *in, int *out, int n",
                                       "  __shared__ unsigned char s[64];\n"
                                       "  int t = threadIdx.x;\n"
                                       "  " + store + "\n"
                                       "  __syncthreads();\n"
                                       "  out[t] = in[t];\n",
                                       "// check: copy\n// types: int\n");
    TraceRequest r = inline_request(text, 32);
    const Trace t = run_interpreter(resolve_kernel(r));
    return t.steps.front().hazards;
  };
  try {
    EXPECT_TRUE(step_hazards("s[t] = t;").empty());  // 4 threads a word, a byte each
    EXPECT_TRUE(step_hazards("((unsigned short *)s)[t] = t;").empty());  // 2-byte stores: 2 threads a word
    const auto same = step_hazards("s[t / 2] = t;");  // threads 2m and 2m + 1 store byte m
    ASSERT_EQ(same.size(), 4u);  // bytes 0 to 15: 4 words, each raced (reported once, at its byte 0)
    EXPECT_STREQ(same.front().kind, "write-after-write");
    EXPECT_EQ(same.front().word, 0);
    const auto mixed = step_hazards("if (t < 4) s[t] = t; else if (t == 4) out[0] = s[2];");  // a load of byte 2 against thread 2's store
    ASSERT_EQ(mixed.size(), 1u);
    EXPECT_STREQ(mixed.front().kind, "read-after-write");
    EXPECT_EQ(mixed.front().first_tid, 2);
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
}

TEST(Bytes, GlobalByteArraysInAndOutWithOffsetsInitsAndSectors) {
  // in and out are arrays of unsigned char (their parameters' type): the host packs the input 4
  // a word, as the GPU's memory holds it; a warp's 32 consecutive bytes are one 32-byte sector
  const std::string text = "// launch: k<<<1, 32>>>(in + 1, out, N - 1)\n// out: N - 1\n"
                           "__global__ void k(const unsigned char *in, unsigned char *out, int n) {\n"
                           "  int t = threadIdx.x;\n"
                           "  if (t < n) out[t] = in[t];\n"
                           "}\n";
  std::vector<double> input = iota(33);
  Trace t;
  try {
    t = trace_of(text, input);
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  ASSERT_EQ(t.output.size(), 32u);
  for (int k = 0; k < 32; ++k) EXPECT_EQ(t.output[k], k + 1);
  // in + 1: bytes 1 to 32 are words 0 to 8, sectors 0 and 1; out: bytes 0 to 31, sector 0
  EXPECT_EQ(t.totals.global.ld.requests, 1);
  EXPECT_EQ(t.totals.global.ld.sectors, 2);
  EXPECT_EQ(t.totals.global.st.sectors, 1);
  ASSERT_EQ(t.global_arrays.size(), 2u);
  EXPECT_EQ(t.global_arrays[0].count, 9);  // 33 bytes: 9 words
  // an input value past a byte: the kernel sees its low byte, and so does the trace's input (the
  // check's reference)
  try {
    const Trace w = trace_of("// launch: k<<<1, 4>>>(in, out, N)\n"
                             "__global__ void k(const unsigned char *in, int *out, int n) { out[threadIdx.x] = in[threadIdx.x] + 1000; }\n",
                             {255, 256, 300, -1});
    EXPECT_EQ(w.output, (std::vector<double>{1255, 1000, 1044, 1255}));
    EXPECT_EQ(w.input, (std::vector<double>{255, 0, 44, 255}));
    const Trace sc = trace_of("// launch: k<<<1, 4>>>(in, out, N)\n"
                              "__global__ void k(const signed char *in, int *out, int n) { out[threadIdx.x] = in[threadIdx.x]; }\n",
                              {255, 256, 300, -1});
    EXPECT_EQ(sc.output, (std::vector<double>{-1, 0, 44, -1}));
  } catch (const std::exception& e) {
    ADD_FAILURE() << e.what();
  }
  // init: a byte array's every element (the array's type: the parameter it is passed as)
  const Outcome init = run_text("// launch: k<<<1, 8>>>(in, out, flags, N)\n// array: flags[10]\n// init: flags = 7\n"
                                "__global__ void k(const int *in, int *out, const unsigned char *flags, int n) { out[threadIdx.x] = in[threadIdx.x] + flags[threadIdx.x + 2]; }\n",
                                8);
  ASSERT_EQ(init.kind, "ok") << init.what;
  for (double v : init.out) EXPECT_EQ(v, 8);
  // reading past the array's bytes faults at its element
  const Outcome past = run_text("// launch: k<<<1, 32>>>(in, out, N)\n// check: copy\n// types: int\n"
                                "__global__ void k(const char *in, char *out, int n) { out[threadIdx.x] = in[threadIdx.x + 1]; }\n",
                                32);
  ASSERT_EQ(past.kind, "fault") << past.what;
  EXPECT_NE(past.what.find("reads in[32], outside its 32 elements"), std::string::npos) << past.what;
  const Outcome mix = run_text("// launch: k<<<1, 32>>>(in, out, N)\n// launch: j<<<1, 32>>>(in, out, N)\n"
                               "__global__ void k(const unsigned char *in, int *out, int n) { out[0] = in[0]; }\n"
                               "__global__ void j(const int *in, int *out, int n) { out[0] = in[0]; }\n");
  EXPECT_EQ(mix.kind, "usage");
  EXPECT_NE(mix.what.find("an array of 1-byte elements (its first parameter's type), as j's"), std::string::npos) << mix.what;
}

TEST(Bytes, InitLinesAndShortOutputs) {
  // out is an array of short: the init: value in every element, the kernel adds to some
  const Outcome o = run_text("// launch: k<<<1, 32>>>(in, out, N)\n// init: out = -2\n"
                             "__global__ void k(const int *in, short *out, int n) { if (threadIdx.x % 2) out[threadIdx.x] += in[threadIdx.x] * 1000; }\n",
                             32);
  ASSERT_EQ(o.kind, "ok") << o.what;
  ASSERT_EQ(o.out.size(), 32u);
  for (int k = 0; k < 32; ++k) EXPECT_EQ(o.out[k], k % 2 ? 998 : -2);
  const Outcome big = run_text("// launch: k<<<1, 32>>>(in, out, N)\n// init: out = 300\n"
                               "__global__ void k(const int *in, unsigned char *out, int n) { out[0] = 1; }\n",
                               32);
  EXPECT_EQ(big.kind, "usage");
  EXPECT_NE(big.what.find("out = 300 does not fit in a 1-byte unsigned char"), std::string::npos) << big.what;
}

TEST(Bytes, LocalArraysPointersIntoWordsAndMisalignment) {
  const Outcome o = run_text(one_block("const int *in, int *out, int n",
                                       "  char a[6] = {1, -2, 3};\n"
                                       "  short h[3];\n"
                                       "  for (int k = 0; k < 3; ++k) h[k] = (short)(k * 20000);\n"
                                       "  char *p = a + 1;\n"
                                       "  p[3] = 'x';\n"
                                       "  int x = -1;\n"
                                       "  unsigned char *b = (unsigned char *)&x;\n"
                                       "  b[1] = 0;\n"
                                       "  __shared__ unsigned char s[8];\n"
                                       "  if (threadIdx.x < 8) s[threadIdx.x] = threadIdx.x + 1;\n"
                                       "  __syncthreads();\n"
                                       "  const unsigned *w = (const unsigned *)s;\n"
                                       "  int v[8] = {a[0] + a[1] + a[2] + a[5], a[4], (int)sizeof(a), (int)sizeof(h), h[1] + h[2], x, (int)(w[1] >> 8), (int)(&a[5] - p)};\n"
                                       "  out[threadIdx.x] = v[threadIdx.x % 8];\n"),
                             32);
  ASSERT_EQ(o.kind, "ok") << o.what;
  ASSERT_EQ(o.out.size(), 32u);
  EXPECT_EQ(o.out[0], 2);
  EXPECT_EQ(o.out[1], 'x');
  EXPECT_EQ(o.out[2], 6);
  EXPECT_EQ(o.out[3], 6);
  EXPECT_EQ(o.out[4], 20000 + static_cast<short>(40000));
  EXPECT_EQ(o.out[5], static_cast<int>(0xFFFF00FFu));
  EXPECT_EQ(o.out[6], 0x080706);
  EXPECT_EQ(o.out[7], 4);
  // a 4-byte load at a byte that is not a multiple of 4 faults, as the GPU's misaligned address
  const Outcome m = run_text(one_block("const int *in, int *out, int n",
                                       "  __shared__ unsigned char s[16];\n"
                                       "  s[threadIdx.x % 16] = 1;\n"
                                       "  __syncthreads();\n"
                                       "  out[threadIdx.x] = *(int *)(s + 1);\n"),
                             32);
  ASSERT_EQ(m.kind, "fault") << m.what;
  EXPECT_NE(m.what.find("misaligned address: a 4-byte load of s[1] (shared-memory word 0, byte 1, not a multiple of 4)"), std::string::npos) << m.what;
}

TEST(Bytes, BoolFlagsAndShortCountersInSharedMemory) {
  // __shared__ bool flags: one byte each, as on the GPU; short counters summed into an int
  const Outcome o = run_text(one_block("const int *in, int *out, int n",
                                       "  __shared__ bool odd[32];\n"
                                       "  __shared__ short count[32];\n"
                                       "  int t = threadIdx.x;\n"
                                       "  odd[t] = in[t] % 2 != 0;\n"
                                       "  count[t] = (short)(odd[t] ? 1000 : -1);\n"
                                       "  __syncthreads();\n"
                                       "  int sum = 0;\n"
                                       "  for (int k = 0; k < 32; ++k) sum += count[k];\n"
                                       "  out[t] = (int)sizeof(odd) * 1000000 + sum;\n"),
                             32);
  ASSERT_EQ(o.kind, "ok") << o.what;
  // run_text's input is 32 ones: every flag set
  for (int k = 0; k < 32; ++k) EXPECT_EQ(o.out[k], 32 * 1000000 + 32 * 1000);
}

namespace {

void expect_error(const Outcome& o, const std::string& what, const std::string& want) {
  EXPECT_EQ(o.kind, "error") << what << ": " << o.what;
  EXPECT_EQ(o.what.find('\n'), std::string::npos) << o.what;
  EXPECT_NE(o.what.find(want), std::string::npos) << what << " -> " << o.what;
}

}  // namespace

TEST(Bytes, WhatStaysOutsideIsAOneLineError) {
  const std::pair<std::string, std::string> cases[] = {
      {"__shared__ unsigned char c[4]; atomicAdd(&c[0], 1);", "inline.cu:3:44: 'atomicAdd' on unsigned char does not exist in CUDA"},
      {"__shared__ short h[4]; atomicMax(h, 1);", "inline.cu:3:36: 'atomicMax' on short does not exist in CUDA"},
      {"uchar3 v;", "inline.cu:3:3: type 'uchar3' is not supported"},
      {"short3 v;", "inline.cu:3:3: type 'short3' is not supported"},
      {"int v = L'a';", "inline.cu:3:11"},
      {"int v = 'ab';", "inline.cu:3:11: character constant 'ab' is not supported: a character constant of more than one character"},
      {"short int unsigned v = 1;", "inline.cu:3:13: 'unsigned' after short"},
  };
  for (const auto& [decl, want] : cases)
    expect_error(run_text("// launch: k<<<1, 32>>>(in, out, N)\n__global__ void k(const int *in, int *out, int n) {\n  " + decl + "\n  out[0] = 1;\n}\n"),
                 decl, want);
}
