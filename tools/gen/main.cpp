// scanscope_gen: random kernel files for differential testing, and a reducer for the ones that
// show a difference (docs/validation.md, "Random kernels").
//
//   scanscope_gen --seed S [--count K] [--first I] --out DIR [--one-size] [--inject-race]
//   scanscope_gen reduce FILE --keep 'COMMAND' [--out FILE] [--max-tests N]
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "tools/gen/generator.h"
#include "tools/gen/reducer.h"

namespace fs = std::filesystem;
using namespace scanscope::gen;

namespace {

const char* kUsage =
    "usage: scanscope_gen --seed S [--count K] [--first I] --out DIR [--one-size] [--inject-race]\n"
    "       scanscope_gen reduce FILE --keep 'COMMAND' [--out FILE] [--max-tests N]\n"
    "\n"
    "The first form writes K (default 1) random kernel files gen-S-I.cu, I = first .. first + K - 1,\n"
    "into DIR: each is valid by construction (no races, no out-of-bounds accesses) and checks its\n"
    "output (check: copy or reduce). --one-size pins each to N = 256 or 1000 (require:), so that\n"
    "`scanscope validate --sources DIR` runs it once; --inject-race leaves out one barrier.\n"
    "\n"
    "reduce deletes lines of FILE while COMMAND still exits 0 on the smaller file ({} in COMMAND is\n"
    "its path; else the path is appended) and writes the result to --out (default FILE.reduced.cu).\n";

struct Fail {
  std::string what;
};

long long number(const std::string& opt, const std::string& v) {
  if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos || v.size() > 18)
    throw Fail{opt + ": '" + v + "' is not a non-negative decimal number"};
  return std::stoll(v);
}

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw Fail{path + ": " + std::strerror(errno)};
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f || !(f << text) || !f.flush()) throw Fail{"cannot write " + path};
}

int cmd_generate(const std::vector<std::string>& args) {
  long long seed = -1, count = 1, first = 0;
  std::string out;
  Options opt;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) throw Fail{a + " needs a value"};
      return args[++i];
    };
    if (a == "--seed") seed = number(a, value());
    else if (a == "--count") count = number(a, value());
    else if (a == "--first") first = number(a, value());
    else if (a == "--out") out = value();
    else if (a == "--one-size") opt.one_size = true;
    else if (a == "--inject-race") opt.inject_race = true;
    else throw Fail{"unknown argument '" + a + "'"};
  }
  if (seed < 0) throw Fail{"--seed S is required"};
  if (out.empty()) throw Fail{"--out DIR is required"};
  if (count < 1 || count > 100000) throw Fail{"--count must be 1 to 100000"};
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec) throw Fail{out + ": " + ec.message()};
  for (long long i = first; i < first + count; ++i)
    write_file(out + "/" + kernel_file_name(static_cast<uint64_t>(seed), static_cast<int>(i)),
               generate_kernel(static_cast<uint64_t>(seed), static_cast<int>(i), opt));
  std::cout << count << " kernel files in " << out << "\n";
  return 0;
}

int cmd_reduce(const std::vector<std::string>& args) {
  std::string file, keep, out;
  long long max_tests = 5000;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) throw Fail{a + " needs a value"};
      return args[++i];
    };
    if (a == "--keep") keep = value();
    else if (a == "--out") out = value();
    else if (a == "--max-tests") max_tests = number(a, value());
    else if (!a.empty() && a[0] == '-') throw Fail{"unknown argument '" + a + "'"};
    else if (file.empty()) file = a;
    else throw Fail{"one FILE only ('" + a + "' too)"};
  }
  if (file.empty()) throw Fail{"reduce needs a FILE"};
  if (keep.empty()) throw Fail{"reduce needs --keep 'COMMAND'"};
  if (out.empty()) {
    out = file;
    if (out.size() > 3 && out.compare(out.size() - 3, 3, ".cu") == 0) out.resize(out.size() - 3);
    out += ".reduced.cu";
  }
  if (fs::exists(out) && fs::equivalent(out, file)) throw Fail{"--out must not be FILE itself"};
  const std::string text = read_file(file);
  char scratch[] = "/tmp/scanscope-reduce-XXXXXX";
  if (!mkdtemp(scratch)) throw Fail{std::string("cannot make a scratch folder: ") + std::strerror(errno)};
  const std::string candidate = std::string(scratch) + "/" + fs::path(file).filename().string();
  ReduceStats st;
  std::string best;
  try {
    best = reduce_lines(text, [&](const std::string& t) { return command_keeps(keep, candidate, t); },
                        static_cast<int>(max_tests), &st);
  } catch (const std::runtime_error& e) {
    fs::remove_all(scratch);
    throw Fail{file + ": " + e.what()};
  }
  fs::remove_all(scratch);
  write_file(out, best);
  std::cout << file << ": " << st.lines_before << " lines -> " << st.lines_after << " in " << out << " (" << st.tests
            << " tests" << (st.budget_spent ? ", stopped at --max-tests" : "") << ")\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  try {
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
      std::cout << kUsage;
      return args.empty() ? 2 : 0;
    }
    if (args[0] == "reduce") return cmd_reduce({args.begin() + 1, args.end()});
    return cmd_generate(args);
  } catch (const Fail& f) {
    std::cerr << "scanscope_gen: " << f.what << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "scanscope_gen: " << e.what() << "\n";
    return 2;
  }
}
