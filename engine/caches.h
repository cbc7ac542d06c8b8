// Forgetting what the engine caches between requests: the builds of kernel texts and their option
// macros (engine/kernel_file.cpp), the per-request resolution counts (engine/resolve.cpp). For
// fuzz/fuzz_source.cpp, after each input (fuzz/fuzz_cli.cpp: the counts only): what one input
// allocates it frees again, so libFuzzer re-runs an input for its leak check only where its mallocs
// outnumber its frees because of a leak.
#pragma once

namespace scanscope {

void clear_build_caches();
void clear_resolve_counts();

}  // namespace scanscope
