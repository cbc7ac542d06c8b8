// title: histogram whose decode step is an overloaded function template (one value, or an int2 pair), as the CUB samples' DecodePixel
// about: The CUB histogram samples decode a pixel into bins with one template per pixel type
//   (DecodePixel for float4, for uchar4, ...), and the call picks the overload by the argument's
//   type. Here each thread reads two inputs at once as an int2 and decodes them with
//   decode<BINS>(int2, bins); an odd tail element goes through decode<BINS>(int, bins). Counts
//   go to per-block bins in shared memory, then one global atomicAdd per bin and block. Value v
//   goes to bin v % BINS (the host zeroes the global bins: init: out = 0).
// launch: histogram_pairs<BINS><<<min((N / 2 + 127) / 128 + 1, 4), 128>>>(in, out, N)
// out: BINS
// init: out = 0
// check: histogram
// types: int
#define BINS 8

template <int NUM_BINS>
__device__ int decode(int2 pair, unsigned int *bins) {
  bins[0] = (unsigned int)pair.x % NUM_BINS;
  bins[1] = (unsigned int)pair.y % NUM_BINS;
  return 2;
}

template <int NUM_BINS>
__device__ int decode(int value, unsigned int *bins) {
  bins[0] = (unsigned int)value % NUM_BINS;
  return 1;
}

template <int NUM_BINS>
__global__ void histogram_pairs(const int *in, unsigned int *out, int n) {
  __shared__ unsigned int local[NUM_BINS];
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();  // step: the block's bins are zero
  const int2 *pairs = reinterpret_cast<const int2 *>(in);
  const int stride = blockDim.x * gridDim.x;
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < (n + 1) / 2; p += stride) {
    unsigned int bins[2];
    const int count = 2 * p + 1 < n ? decode<NUM_BINS>(pairs[p], bins) : decode<NUM_BINS>(in[2 * p], bins);
    for (int c = 0; c < count; ++c) atomicAdd(&local[bins[c]], 1u);
  }
  __syncthreads();  // step: the block's counts are in shared memory
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) atomicAdd(&out[b], local[b]);
}
