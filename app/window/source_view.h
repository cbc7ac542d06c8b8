// The code view's model: the kernel's files as the trace carries them, where each access site is
// written (file, line, the expression's columns), and how the view lays the lines out: tabs
// expanded, long lines wrapped onto marked continuation rows, the expression's span on them.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "engine/trace.h"

namespace scanscope {

std::vector<std::string> split_lines(const std::string& text);

// The file the code view opens on: the kernel file itself.
int main_file_index(const Trace& t);

// "temp[bi], line 31" (or "site 7" when the trace holds no source).
std::string site_label(const Trace& t, int site);

// The text of the site's expression (one line), or "".
std::string site_text(const Trace& t, int site);

// The compiler view's notes (Trace::compiler_notes, "PATH:LINE: text") on the site's line and on
// the line of its statement, without the "PATH:LINE: " prefix, blank-line separated; "" if none.
std::string site_compiler_notes(const Trace& t, int site);

// The access the views point at in a step: the warp view's selected instruction (`inst`, an index
// into the selected warp's instructions, clamped), else the step's first access; -1 when the step
// has no access.
int current_site(const Trace& t, int step, int warp, int inst);
// A step's global-memory warp-instruction `inst` (the grid panel's, clamped): its site, -1 when
// the step has none.
int current_global_site(const Trace& t, int step, int inst);
// The 0-based lines of file `file` where the step's warp instructions are written.
std::set<int> step_site_lines(const Trace& t, int step, int file);

// The sites one warp instruction covers: the site itself and, when the compiler merged it with
// others into one 8- or 16-byte access (SourceSite::vector_group), the others of its group, in
// source order.
std::vector<int> instruction_sites(const Trace& t, int site);

// The code view shows a tab as spaces up to the next multiple of kTabWidth columns; the trace's
// columns count a tab as one column (bytes, as the compiler counts them).
constexpr int kTabWidth = 4;
std::string expand_tabs(const std::string& line);
// Where the trace's 1-based column `col` of `line` starts in expand_tabs(line) (a byte offset,
// clamped to the shown line's length).
int shown_offset(const std::string& line, int col);

// Characters (UTF-8 code points) of text[begin, end).
int utf8_chars(const std::string& text, int begin = 0, int end = -1);

// One row of the code view: the piece [begin, end) (bytes) of a shown (tab-expanded) line. A line
// wider than the view goes on over continuation rows, which the view indents like the line
// (`indent` spaces) and marks in the line-number gutter.
struct CodeRow {
  int line = 0;  // 0-based
  int begin = 0, end = 0;
  int indent = 0;
  bool continuation = false;
};
// Rows of the shown lines for a view `width` characters wide (at least 8 are used). A line breaks
// in the second half of a row: after ", " or "; " where there is one, else after a blank, else
// after a punctuation mark, else at the row's end; never inside a UTF-8 character. A
// continuation row starts at its first non-blank, indented like the line (at most width / 3).
std::vector<CodeRow> wrap_code(const std::vector<std::string>& shown_lines, int width);
// The index of the first row of `line` (0-based), or -1.
int first_row_of(const std::vector<CodeRow>& rows, int line);

// The lines (1-based) a lesson's text cites in the kernel file `path` ("line 37 of
// kernels/reduce/reduce-sequential.cu", "lines 101 and 102", "line 38" with no file named: the
// step's own kernel, `own` true): the code view marks them and keeps them in view beside the access.
std::vector<int> cited_lines(const std::string& text, const std::string& path, bool own);

// What the code view scrolls to for a step (issue 24: a line the lesson's text cites is in view):
// the rows of the current access's lines and of the cited lines (0-based lines), centred where
// they all fit in `visible` rows; else the cited lines alone, centred (the access's line is named
// above the code); else from the first cited line down, as many as fit, the others stated
// ("line 38 below"). Without cited lines: the current line a third down. `top` is the first row
// shown, a whole row (never half a line at the view's top; the view scrolls by whole rows).
struct CodeScroll {
  int top = 0;       // in rows
  int span = 0;      // rows from the first to the last row the view wants (cited and current)
  bool fits = true;  // the cited lines all fit in `visible` rows
};
CodeScroll code_scroll(const std::vector<CodeRow>& rows, const std::set<int>& cur_lines, const std::set<int>& cited, int visible);
// The cited lines (0-based) not whole in the rows [first, first + visible) (a line taller than the
// view is in view from its first row at the top), as a note for the view:
// "line 38 below", "lines 37 and 40 below; line 12 above" ("" when all are in view); *in_view:
// how many are.
std::string cited_out_of_view(const std::vector<CodeRow>& rows, const std::set<int>& cited, int first, int visible, int* in_view);

// What an expression covers on one shown line: bytes [begin, end) of that line.
struct CodeSpan {
  int line = 0;  // 0-based
  int begin = 0, end = 0;
};
// The spans of a site's expression in its file's lines as they are (`raw_lines`, bytes: a tab is
// one): one per line the expression covers; a line after the first starts at its first non-blank.
std::vector<CodeSpan> site_byte_spans(const Trace& t, int site, const std::vector<std::string>& raw_lines);
// The same spans on the shown lines (tabs expanded; `raw_lines`: the file split, tabs not expanded).
std::vector<CodeSpan> site_spans(const Trace& t, int site, const std::vector<std::string>& raw_lines);

}  // namespace scanscope
