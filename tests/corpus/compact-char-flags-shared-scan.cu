// title: stream compaction with a char flag per element: flags, a shared scan of them, scatter (course style)
// about: One block compacts the odd inputs in chunks of BLOCK. Each thread sets a one-byte flag
//   (char keep[BLOCK] in shared memory: four flags share a word, and a warp's 32 flag stores are one
//   wavefront with no race, byte stores being byte-granular), then a Hillis-Steele scan of the flags
//   in an int array gives every kept element its place, and the keepers scatter to out. The count
//   goes to out[N].
// launch: compact_flags<<<1, BLOCK>>>(in, out, N)
// out: N + 1
// check: compact
// types: int
#define BLOCK 128

__global__ void compact_flags(const int *in, int *out, int n) {
  __shared__ char keep[BLOCK];
  __shared__ int pos[BLOCK];
  int base = 0;
  for (int start = 0; start < n; start += BLOCK) {
    const int i = start + threadIdx.x;
    const int v = i < n ? in[i] : 0;
    keep[threadIdx.x] = (i < n && v % 2 != 0) ? 1 : 0;
    __syncthreads();  // step(load): one flag byte per element
    pos[threadIdx.x] = keep[threadIdx.x];
    __syncthreads();
    for (int offset = 1; offset < BLOCK; offset *= 2) {
      const int add = threadIdx.x >= offset ? pos[threadIdx.x - offset] : 0;
      __syncthreads();
      pos[threadIdx.x] += add;
      __syncthreads();  // step(scan): inclusive sums of the flags
    }
    if (keep[threadIdx.x]) out[base + pos[threadIdx.x] - 1] = v;
    base += pos[BLOCK - 1];
    __syncthreads();  // everyone has read pos before the next chunk writes it
  }
  if (threadIdx.x == 0) out[n] = base;
}
