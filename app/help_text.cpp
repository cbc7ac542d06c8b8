// Help, version and man page (see help_text.h).
#include "help_text.h"

#include <sstream>
#include <vector>

#include <CLI/CLI.hpp>

#include "window/window_options.h"

namespace scanscope {

namespace {

// UTF-8 characters in s[from, to): every byte but continuation bytes.
size_t columns(const std::string& s, size_t from = 0, size_t to = std::string::npos) {
  size_t n = 0;
  for (size_t i = from; i < s.size() && i < to; ++i) n += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
  return n;
}

// The byte offset of the `col`-th character of s (s.size() when shorter).
size_t byte_at(const std::string& s, size_t col) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
    if (n == col) return i;
    ++n;
  }
  return s.size();
}

size_t leading_spaces(const std::string& line) {
  const size_t i = line.find_first_not_of(' ');
  return i == std::string::npos ? line.size() : i;
}

void wrap_line(const std::string& line, size_t width, std::string* out) {
  // A continuation goes under the line's text: after a name and its padding (two spaces or more)
  // when there is one ("  --name TYPE   description", "    tree   title"), else under the first word.
  size_t indent = leading_spaces(line);
  const size_t gap = line.find("  ", indent);
  if (gap != std::string::npos) {
    const size_t text = line.find_first_not_of(' ', gap);
    if (text != std::string::npos && columns(line, 0, text) <= width * 3 / 4) indent = columns(line, 0, text);
  }
  if (indent > width * 3 / 4) indent = 2;  // a continuation would leave almost no room
  std::string rest = line;
  while (columns(rest) > width) {
    const size_t limit = byte_at(rest, width);  // the first character past the width
    size_t cut = rest.rfind(' ', limit);
    const size_t start = leading_spaces(rest);
    if (cut == std::string::npos || cut <= start) {
      cut = rest.find(' ', limit);  // a word longer than the line: kept whole
      if (cut == std::string::npos) break;
    }
    size_t end = cut;
    while (end > start && rest[end - 1] == ' ') --end;
    *out += rest.substr(0, end) + "\n";
    const size_t next = rest.find_first_not_of(' ', cut);
    if (next == std::string::npos) {
      rest.clear();
      break;
    }
    rest = std::string(indent, ' ') + rest.substr(next);
  }
  if (!rest.empty() || line.empty()) *out += rest + "\n";
}

class WrappingFormatter : public CLI::Formatter {
 public:
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override {
    return wrap_help(CLI::Formatter::make_help(app, std::move(name), mode), kHelpWidth);
  }
};

// roff: a backslash, a hyphen (a minus in options), and a line's leading dot or quote escaped.
std::string roff(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool line_start = i == 0 || text[i - 1] == '\n';
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\') out += "\\e";
    else if (c == '-') out += "\\-";
    else out += c;
  }
  return out;
}

// A description's lines, each after the first on a line break of its own (the panel and preset lists).
std::string roff_paragraph(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  std::string line;
  bool first = true;
  while (std::getline(in, line)) {
    const size_t start = line.find_first_not_of(' ');
    if (start == std::string::npos) continue;
    out += (first ? "" : ".br\n") + roff(first ? line : std::string(start > 2 ? 2 : start, ' ') + line.substr(start)) + "\n";
    first = false;
  }
  return out;
}

std::vector<const CLI::Option*> shown_options(const CLI::App& app) {
  std::vector<const CLI::Option*> out;
  for (const CLI::Option* o : app.get_options([](const CLI::Option* o) { return !o->get_group().empty(); }))
    if (o->get_name() != "--help" && o->get_name() != "-h,--help") out.push_back(o);
  return out;
}

void man_options(const CLI::App& app, std::ostringstream& os) {
  CLI::Formatter f;
  std::string group;
  for (const CLI::Option* o : shown_options(app)) {
    const std::string g = o->get_group();
    if (g != group && g != "Options" && g != "OPTIONS" && g != "Positionals") os << ".PP\n\\fI" << roff(g) << "\\fR\n";
    group = g;
    std::string name = f.make_option_name(o, o->nonpositional() == false);
    const std::string opts = f.make_option_opts(o);
    os << ".TP\n\\fB" << roff(name) << "\\fR" << (opts.empty() ? "" : "\\fI" + roff(opts) + "\\fR") << "\n";
    os << roff_paragraph(o->get_description());
  }
}

}  // namespace

std::string version_text() {
  std::string v = "scanscope " SCANSCOPE_VERSION "\n";
#ifdef SCANSCOPE_HAVE_CUDA
  v += "GPU kernels built in (CUDA); GPU runs need an NVIDIA driver and CUDA 13's NVRTC at run time\n";
#else
  v += "built without CUDA: kernels run on the CPU interpreter only\n";
#endif
  v += window_built() ? "the window: built in\n" : "the window: not built (command line only)\n";
  return v;
}

std::string wrap_help(const std::string& text, size_t width) {
  std::string out;
  size_t from = 0;
  while (from < text.size()) {
    size_t nl = text.find('\n', from);
    const bool last = nl == std::string::npos;
    if (last) nl = text.size();
    wrap_line(text.substr(from, nl - from), width, &out);
    if (last) out.pop_back();  // the text's own last line had no line break
    from = nl + 1;
  }
  return out;
}

void use_wrapped_help(CLI::App& app) { app.formatter(std::make_shared<WrappingFormatter>()); }

std::string man_page(const CLI::App& app) {
  std::ostringstream os;
  os << ".TH SCANSCOPE 1 \"\" \"scanscope " SCANSCOPE_VERSION "\" \"User Commands\"\n";
  os << ".nh\n.ad l\n";  // option names and file names are not hyphenated or stretched
  os << ".SH NAME\nscanscope \\- watch GPU reduction and scan kernels run, one tree level at a time\n";
  os << ".SH SYNOPSIS\n.B scanscope\n[\\fIOPTIONS\\fR]\n.br\n.B scanscope\n\\fICOMMAND\\fR [\\fIOPTIONS\\fR]\n";
  os << ".SH DESCRIPTION\n"
     << roff(
            "scanscope runs a CUDA kernel file on the CPU, thread by thread, records every shared-memory "
            "access with the expression that made it, and draws the run: the tree level by level, shared "
            "memory by bank, warps and bank conflicts, the source line of each access. On a machine with an "
            "NVIDIA GPU the same text also runs there, timed and checked against the interpreter.\n")
     << ".PP\n"
     << roff("Without a command, scanscope opens the window with the options below. A command runs without "
             "a window and prints its result.\n");
  os << ".SH OPTIONS\n";
  man_options(app, os);
  os << ".SH COMMANDS\n";
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    os << ".SS \"scanscope " << roff(sub->get_name()) << "\"\n" << roff_paragraph(sub->get_description());
    man_options(*sub, os);
  }
  os << ".SH FILES\n"
     << ".TP\n\\fI/usr/share/scanscope/\\fR\n"
     << roff("The kernel files (kernels/), and the lessons, exercises, recorded benchmarks and traces "
             "(assets/): found beside the program, in its folder's ../share/scanscope, wherever it is installed.\n")
     << ".TP\n\\fI$XDG_CONFIG_HOME/scanscope/\\fR (default \\fI~/.config/scanscope\\fR)\n"
     << roff("The window's settings (settings.ini) and layout (imgui.ini).\n")
     << ".TP\n\\fI$XDG_DATA_HOME/scanscope/\\fR (default \\fI~/.local/share/scanscope\\fR)\n"
     << roff("Your work: kernels saved from the window (my-kernels/) and your version of each exercise (my-exercises/).\n");
  os << ".SH ENVIRONMENT\n"
     << ".TP\n\\fBSCANSCOPE_ASSETS\\fR\n" << roff("An assets folder (lessons, exercises, bench, traces) to use instead.\n")
     << ".TP\n\\fBSCANSCOPE_KERNEL_DIR\\fR\n" << roff("A folder to take the kernel catalogue from instead.\n")
     << ".TP\n\\fBCUDA_HOME\\fR\n" << roff("Where to look for NVRTC (lib64/libnvrtc.so.13) before /usr/local/cuda.\n");
  os << ".SH EXIT STATUS\n"
     << roff("0 on success; 1 when a kernel faults, a check fails or a file cannot be written; 2 for a bad "
             "option value or input file, with one line on standard error saying what is wrong.\n");
  os << ".SH SEE ALSO\n"
     << roff("The README and docs/ in /usr/share/doc/scanscope: the kernel file format (kernel-files.md), "
             "the window (window.md), exercises (exercises.md), trace files (trace-json.md).\n");
  return os.str();
}

}  // namespace scanscope
