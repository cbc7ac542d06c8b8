// title: stream compaction in two launches: block counts with __syncthreads_count, a __device__ total, a shared-memory scan to place the keepers
// about: The first launch counts each block's keepers (the odd inputs) with __syncthreads_count,
//   which is a barrier that also counts the threads whose predicate holds; thread 0 stores the
//   count in block_count and adds it to d_count, a __device__ int that starts at zero as CUDA
//   zero-initialises it. The second launch places them in order: thread 0 of each block adds up
//   the counts of the blocks before it, the block scans its keep flags in shared memory
//   (Hillis-Steele, inclusive), and every keeper writes out[offset + place]. The count at out[N]
//   comes from d_count, which the first launch filled.
// launch: count_keepers<<<(N + 127) / 128, 128>>>(in, block_count, N)
// launch: scatter_keepers<<<(N + 127) / 128, 128>>>(in, block_count, out, N)
// array: block_count[(N + 127) / 128]
// out: N + 1
// check: compact
// types: int

__device__ int d_count;

__global__ void count_keepers(const int *in, int *block_count, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int kept = __syncthreads_count(i < n && (in[i] & 1) != 0);
  if (threadIdx.x == 0) {
    block_count[blockIdx.x] = kept;
    atomicAdd(&d_count, kept);
  }
}

__global__ void scatter_keepers(const int *in, const int *block_count, int *out, int n) {
  __shared__ int flags[128];
  __shared__ int offset;
  const int tid = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + tid;
  const int v = i < n ? in[i] : 0;
  const int keep = i < n && (v & 1) != 0;
  if (tid == 0) {
    int before = 0;
    for (int b = 0; b < blockIdx.x; ++b) before += block_count[b];
    offset = before;
  }
  flags[tid] = keep;
  __syncthreads();  // step(load): keep flags
  for (int d = 1; d < blockDim.x; d *= 2) {
    const int add = tid >= d ? flags[tid - d] : 0;
    __syncthreads();
    flags[tid] += add;
    __syncthreads();  // step(scan): sums over {d} more flags
  }
  if (keep) out[offset + flags[tid] - 1] = v;
  if (blockIdx.x == 0 && tid == 0) out[n] = d_count;
}
