// The source documents and the kernel ids renamed when the project began to cite them by title.
#include "engine/sources.h"

#include <algorithm>
#include <cctype>

namespace scanscope {

const std::vector<SourceDocument>& source_documents() {
  static const std::vector<SourceDocument> docs = {
      {"", "Parallel prefix sum and reduction: the core parallel primitives", "an article of a 28-part CUDA tutorial series",
       "the primitives tutorial",
       "tree reduction, warp shuffles, Hillis-Steele and Blelloch scans, stream compaction, radix sort, histogram "
       "equalization, floating-point order, and the \"common mistake\" of a missing __syncthreads()"},
      {"", "", "a tutorial problem on parallel reduction", "the reduction problem",
       "reduce_sum_kernel: a tree reduction in shared memory, a grid-stride loop, block partial sums reduced again"},
      {"Julien Demouth", "Parallel Reduction with CUDA", "NVIDIA slides, 2012", "Demouth's slides",
       "two blocks of four threads over 16 values, the scan primitive of a block, radix sort over a grid"},
      {"Mark Harris", "Parallel Prefix Sum (Scan) with CUDA", "NVIDIA, April 2007", "Harris's scan paper",
       "Listings 1 to 3, the up- and down-sweep, \"Avoiding Bank Conflicts\" with its G80 16-bank padding, Table 2, "
       "and Figure 6's scan of large arrays"},
      {"Cosmin Oancea and Troels Henriksen", "On the CUDA implementation of Reduce and Scan", "course notes, September 2025",
       "Oancea and Henriksen's notes",
       "chunked and staged loads, coalescing, reduce-then-scan, scanIncWarp, and which reductions need a commutative operator"},
  };
  return docs;
}

std::string citation(const SourceDocument& d) {
  std::string s = d.authors;
  if (*d.title) s += (s.empty() ? "\"" : ", \"") + std::string(d.title) + "\"";
  return s.empty() ? d.what : s + " (" + d.what + ")";
}

namespace {

std::string lower_without_the(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s.rfind("the ", 0) == 0 ? s.substr(4) : s;
}

}  // namespace

const SourceDocument* document_cited_first(const std::string& text) {
  const std::string t = lower_without_the(text);
  for (const SourceDocument& d : source_documents())
    if (t.rfind(lower_without_the(d.short_form), 0) == 0) return &d;
  return nullptr;
}

const std::vector<std::pair<std::string, std::string>>& renamed_kernel_ids() {
  static const std::vector<std::pair<std::string, std::string>> ids = {
      {"seed000-reduce-warp-shuffle", "tutorial-reduce-warp-shuffle"},
      {"seed001-reduce-sum", "problem-reduce-sum"},
      {"seed001-reduce-grid", "problem-reduce-grid"},
      {"seed002-reduce-two-blocks", "demouth-reduce-two-blocks"},
      {"seed004-scan-inc-warp", "oancea-scan-inc-warp"},
  };
  return ids;
}

std::string current_kernel_id(const std::string& id) {
  for (const auto& [old_id, now] : renamed_kernel_ids())
    if (id == old_id) return now;
  return id;
}

std::string current_timing_preset(const std::string& id) { return id == "seeds" ? "sources" : id; }

const std::vector<std::string>& timing_preset_names() {
  static const std::vector<std::string> names = {"reduce-vs-cub", "scan-vs-cub", "compaction-vs-cub", "applications-vs-cub", "sources", "harris-table2", "oancea"};
  return names;
}

}  // namespace scanscope
