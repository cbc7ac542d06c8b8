// Reading shared-memory instructions out of PTX (see ptx.h).
#include "engine/gpu/ptx.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <sstream>

namespace scanscope::ptx {

std::vector<SharedInstruction> shared_instructions(const std::string& ptx) {
  std::vector<SharedInstruction> out;
  std::map<int, std::string> files;  // the .file directives come after the code: read them first
  {
    std::istringstream pre(ptx);
    std::string l;
    while (std::getline(pre, l)) {
      size_t a = l.find_first_not_of(" \t");
      if (a == std::string::npos || l.compare(a, 5, ".file") != 0 || a + 5 >= l.size() || !std::isspace(static_cast<unsigned char>(l[a + 5]))) continue;
      std::istringstream f(l.substr(a + 6));
      int id = 0;
      f >> id;
      size_t q1 = l.find('"'), q2 = l.rfind('"');
      if (q1 != std::string::npos && q2 > q1) files[id] = l.substr(q1 + 1, q2 - q1 - 1);
    }
  }
  std::istringstream in(ptx);
  std::string line;
  std::string file;
  int src_line = 0, src_col = 0;
  while (std::getline(in, line)) {
    size_t a = line.find_first_not_of(" \t");
    if (a == std::string::npos) continue;
    std::string s = line.substr(a);
    if (s.compare(0, 4, ".loc") == 0 && s.size() > 4 && std::isspace(static_cast<unsigned char>(s[4]))) {  // .loc 1 42 13
      std::istringstream f(s.substr(4));
      int id = 0;
      f >> id >> src_line >> src_col;
      file = files.count(id) ? files[id] : "";
      continue;
    }
    // an instruction may carry a predicate: @%p1 st.shared.f32 ...
    if (s[0] == '@') {
      size_t sp = s.find_first_of(" \t");
      if (sp == std::string::npos) continue;
      s = s.substr(s.find_first_not_of(" \t", sp));
    }
    // ld/st/atom/red with .shared among its qualifiers (ld.volatile.shared.u32, st.shared.v2.f32, ...)
    const std::string opcode = s.substr(0, s.find_first_of(" \t"));
    if (opcode.find(".shared") == std::string::npos) continue;
    const std::string head = opcode.substr(0, opcode.find('.'));
    const bool ld = head == "ld", st = head == "st", at = head == "atom" || head == "red";
    if (!ld && !st && !at) continue;
    SharedInstruction i;
    i.file = file;
    i.line = src_line;
    i.col = src_col;
    i.store = st;
    i.atomic = at;
    // words covered: the vector count times the element's size in words (.v2.f32: 2; .u64: 2)
    const std::string op = s.substr(0, s.find_first_of(" \t"));
    int vec = 1, bytes = 4;
    size_t p = 0;
    while (p < op.size()) {
      size_t q = op.find('.', p);
      if (q == std::string::npos) q = op.size();
      const std::string part = op.substr(p, q - p);
      if (part == "v2") vec = 2;
      else if (part == "v4") vec = 4;
      else if (part.size() >= 2 && (part[0] == 'b' || part[0] == 'u' || part[0] == 's' || part[0] == 'f') &&
               std::isdigit(static_cast<unsigned char>(part[1])))
        bytes = std::atoi(part.c_str() + 1) / 8;
      p = q + 1;
    }
    i.width = std::max(1, vec * bytes / 4);
    out.push_back(i);
  }
  return out;
}

}  // namespace scanscope::ptx
