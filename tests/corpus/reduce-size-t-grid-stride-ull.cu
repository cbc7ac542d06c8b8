// title: a grid-stride sum with size_t indices into one unsigned long long total
// about: The course's grid-stride loop with 64-bit indices (size_t i = blockIdx.x *
//   (size_t)blockDim.x + threadIdx.x), which no longer overflows for arrays of more than 2^31
//   elements; each thread adds its inputs into an unsigned long long, a warp's lanes combine theirs
//   with 64-bit shuffles, and lane 0 adds the warp's sum to the single total with the 64-bit
//   atomicAdd. out is an unsigned long long (its parameter's type), zeroed by the host.
// launch: sum_ull<<<min(8, (N + 255) / 256), 128>>>(in, out, N)
// out: 1
// init: out = 0
// check: reduce
// types: int
// ops: sum
__global__ void sum_ull(const int *in, unsigned long long *total, size_t n) {
  unsigned long long sum = 0;
  const size_t stride = (size_t)gridDim.x * blockDim.x;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride) sum += (unsigned long long)in[i];
  for (int d = 16; d > 0; d >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, d);
  if ((threadIdx.x & 31) == 0) atomicAdd(total, sum);
}
