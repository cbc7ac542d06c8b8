// title: block reduction template whose dynamic shared array is declared type first (extern V __shared__ sdata[])
// about: The CUDA samples' threadFenceReduction declares its dynamic shared memory as
//   `extern float __shared__ smem[]`: C++ takes a declaration's specifiers in any order, so the
//   type may come before __shared__ (and volatile before or after either). This template kernel
//   sums 2 * BLOCK elements per block (the first add during the load), reduces them in a tree in
//   that array, and thread 0 adds the block's sum to out[0]. Its sizes are uint32_t, which nvcc's
//   host headers declare without an #include; the GPU's text declares them for NVRTC.
// launch: reduce_type_first<int, 128><<<(N + 255) / 256, 128, 128 * sizeof(int)>>>(in, out, N)
// init: out = 0
// check: reduce
// ops: sum
// types: int

template <typename V, unsigned int BLOCK>
__global__ void reduce_type_first(const V *in, V *out, uint32_t n) {
  extern V __shared__ sdata[];
  volatile __shared__ V block_total;
  const uint32_t tid = threadIdx.x;
  const uint32_t i = blockIdx.x * (2 * BLOCK) + tid;
  V sum = i < n ? in[i] : 0;
  if (i + BLOCK < n) sum += in[i + BLOCK];
  sdata[tid] = sum;
  __syncthreads();  // step(load): each thread stores its first sum
  for (uint32_t s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
    __syncthreads();  // step(reduce): {s} threads add
  }
  if (tid == 0) block_total = sum;
  __syncthreads();
  if (tid == 0) atomicAdd(out, block_total);
}
