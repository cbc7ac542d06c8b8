// Maps the runtime choice (kernel id, operator, value type) to a template instantiation.
// F must provide  template <class Alg, class Op, class T> static R call(Args...).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <string>

#include "engine/catalogue.h"
#include "engine/ops.h"
#include "kernels/legacy/app_kernels.h"
#include "kernels/legacy/reduce_kernels.h"
#include "kernels/legacy/scan_kernels.h"

namespace scanscope {

template <class F, class Op, class T, class... Args>
auto dispatch_kernel(KernelId id, Args&&... args) {
  switch (id) {
    case KernelId::ReduceInterleavedDivergent: return F::template call<ReduceInterleavedDivergent, Op, T>(args...);
    case KernelId::ReduceInterleaved: return F::template call<ReduceInterleaved, Op, T>(args...);
    case KernelId::ReduceSequential: return F::template call<ReduceSequential, Op, T>(args...);
    case KernelId::ReduceFirstAdd: return F::template call<ReduceFirstAdd, Op, T>(args...);
    case KernelId::ReduceUnrollWarp: return F::template call<ReduceUnrollWarp, Op, T>(args...);
    case KernelId::ReduceWarpShuffle: return F::template call<ReduceWarpShuffle, Op, T>(args...);
    case KernelId::ScanHillisSteele: return F::template call<ScanHillisSteele, Op, T>(args...);
    case KernelId::ScanBlelloch: return F::template call<ScanBlelloch, Op, T>(args...);
    case KernelId::ScanWarpShuffle: return F::template call<ScanWarpShuffle, Op, T>(args...);
    case KernelId::ReduceMissingBarrier: return F::template call<ReduceMissingBarrier, Op, T>(args...);
    case KernelId::AppCompact:
    case KernelId::AppRadixSort:
      // Applications run on int with a sum scan only (resolve() refuses the rest).
      if constexpr (std::is_same_v<Op, OpSum> && std::is_same_v<T, int32_t>) {
        if (id == KernelId::AppCompact) return F::template call<AppCompact, Op, T>(args...);
        return F::template call<AppRadixSort, Op, T>(args...);
      }
      break;
  }
  throw std::logic_error("unknown kernel id");
}

template <class F, class T, class... Args>
auto dispatch_op(KernelId id, const std::string& op, Args&&... args) {
  if (op == "sum") return dispatch_kernel<F, OpSum, T>(id, args...);
  if (op == "min") return dispatch_kernel<F, OpMin, T>(id, args...);
  if (op == "max") return dispatch_kernel<F, OpMax, T>(id, args...);
  if constexpr (std::is_integral_v<T>) {
    if (op == "or") return dispatch_kernel<F, OpOr, T>(id, args...);
    if (op == "mat2") return dispatch_kernel<F, OpMat2, T>(id, args...);
  }
  throw std::logic_error("operator " + op + " not available for this type");
}

}  // namespace scanscope
