// Trace JSON (docs/trace-json.md): writing, and reading with validation.
#pragma once

#include <string>

#include "engine/trace.h"

namespace scanscope {

std::string trace_to_json(const Trace& t, int indent = -1);

// Parses and validates; throws std::runtime_error naming the file (`origin`) and what is wrong.
Trace trace_from_json(const std::string& text, const std::string& origin);

Trace load_trace_file(const std::string& path);

// Writes atomically: a temporary file beside the target, then rename. Throws on failure.
void write_file_atomic(const std::string& path, const std::string& contents);

}  // namespace scanscope
