// The five documents the lessons, kernels and exercises follow, cited by title and author (a
// short form after the first mention): the bibliography the window's Sources section shows and
// docs/sources.md writes out. Also the kernel ids the catalogue had before it cited them so.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace scanscope {

struct SourceDocument {
  const char* authors;     // "Mark Harris"; "" where the copy the project has names none
  const char* title;       // "Parallel Prefix Sum (Scan) with CUDA"; "" where it has none
  const char* what;        // "NVIDIA, April 2007": publisher, kind, date
  const char* short_form;  // "Harris's scan paper": how a text names it after the first mention
  const char* taken;       // what the project takes from it
};
const std::vector<SourceDocument>& source_documents();

// "Mark Harris, "Parallel Prefix Sum (Scan) with CUDA" (NVIDIA, April 2007)": the full citation
// as plain text, the title in quotes.
std::string citation(const SourceDocument& d);

// The document whose short form `text` begins with ("Demouth's slides, two blocks"), ignoring a
// leading "the " and case; nullptr when it begins with none of them.
const SourceDocument* document_cited_first(const std::string& text);

// The catalogue's former kernel ids and the ids they are now ("seed002-reduce-two-blocks" ->
// "demouth-reduce-two-blocks"): a lesson, exercise, trace or settings file that names an old id
// still loads. current_kernel_id returns any other id unchanged.
const std::vector<std::pair<std::string, std::string>>& renamed_kernel_ids();
std::string current_kernel_id(const std::string& id);
// The same for the timing panel's presets (--timing-preset): "seeds" is now "sources".
std::string current_timing_preset(const std::string& id);
// The ids of the timing panel's presets (bench_view.h's timing_presets(), in its order; a test
// keeps the two equal), for what checks a name without the bench library: a lesson's timing-preset.
const std::vector<std::string>& timing_preset_names();

}  // namespace scanscope
