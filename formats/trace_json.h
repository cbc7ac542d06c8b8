// Trace JSON (docs/trace-json.md): writing, and reading with validation.
#pragma once

#include <string>

#include "engine/trace.h"

namespace scanscope {

std::string trace_to_json(const Trace& t, int indent = -1);

// Parses and validates; throws std::runtime_error naming the file (`origin`) and what is wrong.
Trace trace_from_json(const std::string& text, const std::string& origin);

// The largest trace file read: the largest real trace (app-radix-sort, n = 2048) is about 17 MB.
constexpr long long kMaxTraceBytes = 128LL << 20;
Trace load_trace_file(const std::string& path);

}  // namespace scanscope
