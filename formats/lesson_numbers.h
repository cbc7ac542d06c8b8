// The numbers a lesson step writes out, each with what the words around it say it is (a value, a
// line, a degree, a document's figure ...): tests/test_lesson_numbers.cpp checks each against the
// step's traces, and the window's screen test that each is on the step's screen.
#pragma once

#include <string>
#include <vector>

namespace scanscope {

// A number written in a step, and what the words around it say it is.
enum class NumberKind {
  Value,    // compared with the values of the traces (see pool())
  Ref,      // Listing 3, Figure 2, Table 2, kernel 4, Algorithm 2: a reference, not a value
  Formula,  // a constant of a formula: n - 1, 2 * s * tid, NUM_BANKS^2
  Line,     // line 37 of FILE: a line of the kernel file that does what the text says
  Label,    // stride 4, d=16, offset 2, h = 8: a trace step's label
  Degree,   // 4-way
  Bank,     // bank 7
  Lane,     // lane 17
  Thread,   // thread 64
  Index,    // sdata[64], cell 1, elements 2 and 6: a word or element
  Bytes,    // 4-byte words, 256 bytes
  Banks,    // 16 banks
  Bit,      // bit 0: a bit of a 32-bit key
};

struct Written {
  std::string text;  // as written ("1.5")
  double value = 0;
  size_t offset = 0;
  NumberKind kind = NumberKind::Value;
  std::string label_key;  // Label: "stride", "d=", "offset", "h="
};

// The numbers of one value, with their kinds, in order. Placeholders ("{ld.inst}") are blanked out
// first (theirs are the trace's by construction); pass a filled text to get its numbers too. A
// number that is part of a name (G80, 2x2, log2, sm_90) is none.
std::vector<Written> written_numbers(const std::string& text);
// The text with each "{...}" replaced by '#'s of its length (offsets kept).
std::string blank_placeholders(std::string s);

// The whole numbers and decimals of any text as written ("73", "12.2"), each not part of a name
// (G80, sm_90, log2, 2x2): what a screen's text is searched for.
std::vector<std::string> number_tokens(const std::string& text);

}  // namespace scanscope
