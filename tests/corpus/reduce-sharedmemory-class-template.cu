// title: SharedMemory<T>: the samples' class template that turns dynamic shared memory into a T*
// about: NVIDIA's samples cannot write `extern __shared__ T sdata[]` in a template (two
//   instantiations would declare one symbol with two types), so a struct with a conversion
//   operator hands out the dynamic array as a T*, with a specialization for double. Here the
//   struct feeds a two-level reduction with blockSize a template parameter, cg::sync between levels
//   and a shuffle warp at the end; the file keeps the samples' include guard and <stdio.h>.
// launch: reduce_tpl<T, 128><<<min(4, (N + 255) / 256), 128, 128 * sizeof(T)>>>(in, partial, N)
// launch: reduce_tpl<T, 64><<<1, 64, 64 * sizeof(T)>>>(partial, out, min(4, (N + 255) / 256))
// array: partial[4]
// out: 1
// check: reduce
// types: int, float
#ifndef CORPUS_SHAREDMEMORY_GUARD
#define CORPUS_SHAREDMEMORY_GUARD

#include <cooperative_groups.h>
#include <stdio.h>

namespace cg = cooperative_groups;

template <class T>
struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __dyn_words[];
    return (T *)__dyn_words;
  }

  __device__ inline operator const T *() const {
    extern __shared__ int __dyn_words[];
    return (T *)__dyn_words;
  }
};

// A double's array must be 8-byte aligned: its own declaration (never instantiated here).
template <>
struct SharedMemory<double> {
  __device__ inline operator double *() {
    extern __shared__ double __dyn_doubles[];
    return (double *)__dyn_doubles;
  }
};

template <class T>
__device__ __forceinline__ T warp_sum(unsigned int mask, T v) {
  for (int d = warpSize / 2; d > 0; d /= 2) v += __shfl_down_sync(mask, v, d);
  return v;
}

template <class T, unsigned int blockSize>
__global__ void reduce_tpl(const T *__restrict__ g_in, T *__restrict__ g_out, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  T mySum = 0;
  for (unsigned int i = blockIdx.x * blockSize * 2 + tid; i < n; i += blockSize * 2 * gridDim.x) {
    mySum += g_in[i];
    if (i + blockSize < n) mySum += g_in[i + blockSize];
  }
  sdata[tid] = mySum;
  cg::sync(cta);   // step(load): each thread's sum of its elements
  for (unsigned int s = blockSize / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    cg::sync(cta);   // step(reduce): s={s}
  }
  if (tid < 32) {
    if (blockSize >= 64) mySum += sdata[tid + 32];
    mySum = warp_sum<T>(0xffffffffu, mySum);
  }
  if (tid == 0) g_out[blockIdx.x] = mySum;
}

#endif
