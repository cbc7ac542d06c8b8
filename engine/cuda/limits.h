// The interpreter's limits on a kernel program (docs/kernel-files.md, "Limits"). A text typed into
// the window or handed to an autograder may be anything; each limit keeps one stage within bounded
// time and memory and ends it with one error line that names the limit. The values are far above
// what the catalogue's kernels need (the comments say how far) and match what a trace file may
// hold (formats/trace_json.cpp), so that every trace the interpreter makes loads back.
#pragma once

namespace scanscope::cuda {

// Reading: a kernel file, an included file, or text given in place of a file (the window's editor).
// It is UTF-8 text: no control characters but tabs and line breaks (what a trace file may hold, and
// nothing that reaches a terminal as an escape sequence).
constexpr long long kMaxSourceBytes = 1 << 20;  // the largest catalogue file has 4.5 KB
constexpr int kMaxNameChars = 255;             // an identifier (the catalogue's longest: 28)

// Preprocessor.
constexpr int kMaxIncludeDepth = 32;          // #include inside #include (the catalogue: 2)
constexpr int kMaxFiles = 64;                 // files in one program, the host's text included (a trace holds 64)
constexpr long long kMaxProgramBytes = 2 << 20;  // all of them together (each file kMaxSourceBytes at most)
constexpr long long kMaxExpansion = 1000000;  // tokens macro expansions produce or collect, all told (the catalogue: < 200)
constexpr int kMaxMacroNesting = 200;         // a macro inside a macro's expansion or arguments (the catalogue: < 10)

// Parser: parentheses, operators, blocks and statements inside one another; also #if lines and
// the host's expressions (launch:, require:, out:). The catalogue nests 11 deep.
constexpr int kMaxNesting = 200;
constexpr int kMaxLabelChars = 200;  // a `// step:` label (the catalogue: < 50)
// Templates: functions made from templates (each a function of its own), and templates
// instantiated while another one is being parsed (recursion through a template's arguments).
constexpr int kMaxInstantiations = 1000;  // the corpus: < 10
constexpr long long kMaxInstantiatedTokens = 2000000;  // tokens parsed again by all instantiations together (a 1 MiB text has about 300,000; the corpus: < 10,000)
constexpr int kMaxInstantiationDepth = 64;

// Compiler.
constexpr int kMaxInstructions = 4000000;  // the catalogue: 705
constexpr int kMaxSites = 100000;          // shared- and global-memory accesses in the text (a trace holds 100000; the catalogue: 37)

// Machine: per thread, a stack of 64-bit words for locals and operands, and nested calls.
constexpr int kStackWords = 2048;
constexpr int kMaxStructWords = 256;  // a struct's members, nested ones counted (the corpus: 4)
constexpr int kMaxParams = 256;       // a function's parameters (CUDA: 4 KB of them; the catalogue: 4)
constexpr int kMaxFrameWords = 1024;  // locals and parameters of one function; a local array at most as many elements
constexpr int kMaxCallDepth = 64;    // the catalogue: 2
// Instructions one block may execute: an endless loop stops here, in well under a second (the
// catalogue's largest trace, app-radix-sort at n=2048, executes about 4 million).
constexpr long long kMaxInstructionsPerBlock = 50000000;
// Instructions a whole trace may execute: every block of every launch together (a grid of 4096
// blocks, each just under the block's limit, would otherwise run for minutes). The catalogue's
// grid traces execute at most about 4 million.
constexpr long long kMaxInstructionsPerTrace = 100000000;
// What a recorded block may produce: steps (barriers and warp synchronisations), shared-memory
// accesses, and words of shared-memory snapshots (a step's snapshot is the whole block's memory).
// The catalogue's largest trace: 106 steps, 106476 accesses, 651370 snapshot words.
constexpr int kMaxSteps = 4096;                 // a trace holds 4096
// A trace holds 1000000 accesses in one step, but writing one of a million (--json) took 1.1 GB
// and 5 s; a trace at all three limits below takes about 620 MB to write.
// The limit counts the shared- and global-memory accesses a trace records, all blocks and launches
// together (a 3-kernel scan of 2^16 elements makes about 900000).
constexpr long long kMaxAccesses = 2000000;
constexpr long long kMaxSnapshotWords = 1 << 23;  // 64 MiB of snapshots

// A file's launch sequence (docs/kernel-files.md, "Grids and launch sequences").
constexpr int kMaxLaunches = 16;        // launch lines in one file (the catalogue: 12, app-radix-sort-blocks)
constexpr int kMaxDeclaredArrays = 16;  // `// array:` lines (the catalogue: 3)
constexpr int kMaxInitLines = 17;       // `// init:` lines: out and every array once (the catalogue: 2)
constexpr long long kMaxArrayElements = 1 << 20;  // elements of one declared array
// `__device__` variables at file scope: each is a global array of its own in the trace.
constexpr int kMaxDeviceVars = 16;                   // the corpus: 2 in one file
constexpr long long kMaxDeviceElements = 1 << 20;    // elements of all of them together (the corpus: 9)
constexpr int kMaxTracedBlocks = 4096;
// printf: lines a run may print (all blocks and launches), and characters of one printf's output.
constexpr int kMaxPrintLines = 10000;
constexpr int kMaxPrintChars = 1000;  // blocks of all launches together (each makes a step at least)

}  // namespace scanscope::cuda
