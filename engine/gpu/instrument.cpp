// The GPU's texts of a kernel (see instrument.h).
#include "engine/gpu/instrument.h"

#include "engine/cuda/printer.h"

namespace scanscope {

GpuSources gpu_sources(const ResolvedKernel& k, int max_steps, int launch) {
  const KernelBuild& b = *k.build;
  const std::vector<cuda::Token>& toks = b.pre.tokens;
  const ResolvedLaunch& L = k.launches.at(static_cast<size_t>(launch));
  GpuSources g;
  const std::string call = L.entry_expr.empty() ? L.entry_name : L.entry_expr;  // what the traced wrapper calls
  g.entry = L.entry_cast + call;  // NVRTC's name expression (an overloaded kernel's picks it with a cast)
  g.max_steps = max_steps;
  std::vector<cuda::TokenEdit> host_only;
  cuda::drop_host_decls(*b.compiled.program, &host_only);
  g.timed = cuda::print_program(b.files, b.pre, host_only);
  g.snapshot_words = static_cast<int>((L.spec.dynamic_smem_bytes + 3) / 4);
  g.counter_word = (g.snapshot_words + 3) / 4 * 4;

  // Every __syncthreads() becomes __ss_barrier(); the kernel becomes a __device__ function that
  // the wrapper calls.
  std::vector<cuda::TokenEdit> edits = host_only;
  auto is = [&](size_t i, const char* text) { return i < toks.size() && toks[i].text == text; };
  for (size_t i = 0; i < toks.size(); ++i) {
    if (toks[i].kind == cuda::Tok::Ident && toks[i].text == "__syncthreads" && is(i + 1, "(") && is(i + 2, ")"))
      edits.push_back({i, 1, "__ss_barrier"});
    // __syncthreads_count(p) and its kin: the barrier's value, then the snapshot
    if (toks[i].kind == cuda::Tok::Ident && is(i + 1, "(") &&
        (toks[i].text == "__syncthreads_count" || toks[i].text == "__syncthreads_and" || toks[i].text == "__syncthreads_or"))
      edits.push_back({i, 1, "__ss_barrier" + toks[i].text.substr(std::string("__syncthreads").size())});
    if (toks[i].kind == cuda::Tok::Ident && toks[i].text == "__global__") {
      for (size_t j = i + 1; j + 1 < toks.size(); ++j)
        if (toks[j].kind == cuda::Tok::Ident && is(j + 1, "(")) {
          // a template's instantiations are named NAME<ARGS>: its declaration is NAME's
          if (toks[j].text == L.entry_name.substr(0, L.entry_name.find_first_of("<("))) edits.push_back({i, 1, "__device__"});
          break;
        }
    }
  }
  // A cooperative group's sync of the block is a barrier too; a thread_group's is the block's when
  // the group has the block's size (the interpreter's rule), else the group's own sync.
  for (const auto& s : b.compiled.program->group_syncs) {
    if (s.block) {
      edits.push_back({s.first, s.last - s.first + 1, "__ss_barrier()"});
      continue;
    }
    edits.push_back({s.first, s.obj_first - s.first, "__ss_group_sync("});
    edits.push_back({s.obj_last + 1, s.last - s.obj_last, ")"});
  }
  const std::string prefix =
      "// scanscope: the traced build. Each __syncthreads() also copies the block's dynamic shared\n"
      "// memory to a log; the wrapper at the end takes the last copy when the kernel returns.\n"
      "#define SS_WORDS " + std::to_string(g.snapshot_words) + "u\n"
      "#define SS_COUNTER " + std::to_string(g.counter_word) + "u\n"
      "#define SS_STEPS " + std::to_string(max_steps) + "u\n"
      "extern __shared__ unsigned int __ss_smem[];\n"
      "__device__ unsigned int* __ss_log;\n"
      "// linear ids, x fastest (blocks and threads of a dim3 launch, as the interpreter numbers them)\n"
      "#define __SS_TID (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))\n"
      "#define __SS_BLOCK (blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * (unsigned long long)blockIdx.z))\n"
      "__device__ __noinline__ void __ss_barrier() {\n"
      "  __syncthreads();\n"
      "  const unsigned int step = __ss_smem[SS_COUNTER];\n"
      "  if (step < SS_STEPS) {\n"
      "    unsigned int* dst = __ss_log + ((unsigned long long)__SS_BLOCK * SS_STEPS + step) * (SS_WORDS + 1u);\n"
      "    for (unsigned int w = __SS_TID; w < SS_WORDS; w += blockDim.x * blockDim.y * blockDim.z) dst[w] = __ss_smem[w];\n"
      "    if (__SS_TID == 0) dst[SS_WORDS] = 1u;  // this snapshot was taken\n"
      "  }\n"
      "  __syncthreads();\n"
      "  if (__SS_TID == 0) __ss_smem[SS_COUNTER] = step + 1u;\n"
      "  __syncthreads();\n"
      "}\n"
      "__device__ int __ss_barrier_count(int p) { const int r = __syncthreads_count(p); __ss_barrier(); return r; }\n"
      "__device__ int __ss_barrier_and(int p) { const int r = __syncthreads_and(p); __ss_barrier(); return r; }\n"
      "__device__ int __ss_barrier_or(int p) { const int r = __syncthreads_or(p); __ss_barrier(); return r; }\n"
      "template <class Group> __device__ void __ss_group_sync(const Group& g) {\n"
      "  if (g.size() == blockDim.x * blockDim.y * blockDim.z) __ss_barrier(); else g.sync();\n"
      "}\n";
  const cuda::Function& fn = *b.compiled.functions[L.entry].fn;
  std::string params, args;
  for (size_t p = 0; p < fn.params.size(); ++p) {
    params += fn.params[p]->type.name() + " p" + std::to_string(p) + ", ";
    args += (p ? ", p" : "p") + std::to_string(p);
  }
  const std::string wrapper = "\nextern \"C\" __global__ void __ss_traced(" + params +
                              "unsigned int* log) {\n"
                              "  if (__SS_TID == 0) __ss_smem[SS_COUNTER] = 0u;\n"
                              "  __ss_log = log;  // every thread stores the same pointer\n"
                              "  __syncthreads();\n"
                              "  " + call + "(" + args + ");\n"
                              "  __ss_barrier();\n"
                              "}\n";
  g.traced = prefix + cuda::print_program(b.files, b.pre, edits) + wrapper;
  return g;
}

}  // namespace scanscope
