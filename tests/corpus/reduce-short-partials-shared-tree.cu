// title: sum with short partial sums: 2-byte counters in shared memory, a tree per block, an atomic per block
// about: Each block of 128 threads sums its 256 inputs in a shared array of short (2 bytes an
//   element: two threads' partial sums share a word, and a warp's 32 consecutive shorts are 64
//   bytes, one wavefront). The inputs are small (a block's sum fits in a short); every addition is
//   done in int, as C++ promotes a short, and stored back truncated to 16 bits. Thread 0 adds the
//   block's sum to the total with atomicAdd on an int.
// launch: reduce_short<<<(N + 255) / 256, 128>>>(in, out, N)
// out: 1
// init: out = 0
// check: reduce
// types: int

__global__ void reduce_short(const int *in, int *out, int n) {
  __shared__ short partial[128];
  const unsigned int t = threadIdx.x;
  const unsigned int i = blockIdx.x * 256 + t;
  short mine = 0;
  if (i < n) mine += in[i];
  if (i + 128 < n) mine += in[i + 128];
  partial[t] = mine;
  __syncthreads();  // step(load): two inputs per thread
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) partial[t] += partial[t + s];
    __syncthreads();  // step(reduce): s = {s}
  }
  if (t == 0) atomicAdd(out, (int)partial[0]);
}
