// title: the naive histogram: every input one atomicAdd on a global bin, grid-stride loop (course style)
// about: Before privatization is taught: no shared memory, each thread adds 1 to out[bin] in
//   global memory for each of its elements, all threads contending for BINS words. The host
//   zeroes the bins (init: out = 0).
// launch: histogram_global<<<min(8, (N + 127) / 128), 128>>>(in, out, N)
// out: BINS
// init: out = 0
// check: histogram
// types: int
#define BINS 10

__global__ void histogram_global(const int *in, int *bins, int n) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    int b = in[i] % BINS;
    atomicAdd(&bins[b < 0 ? b + BINS : b], 1);
  }
}
