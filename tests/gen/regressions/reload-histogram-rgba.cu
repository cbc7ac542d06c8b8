// title: histogram of RGBA pixels: one uchar4 load per pixel, thread-private bins through a reference to an array
// about: An image histogram as the courses set it: the input is RGBA pixels (`const uchar4 *`, four
//   channel bytes each), and every channel's value counts in the bins (its value modulo NUM_BINS).
//   A grid-stride loop loads one whole pixel per thread per pass: one 4-byte access (a warp's 32
//   pixels are 128 consecutive bytes: 4 sectors in one request). Each thread counts its pixels in a
//   private array of bins in local memory (cleared and filled by templates that take it as
//   `unsigned int (&bins)[BINS]`, the length deduced), then adds them to the block's shared bins
//   with atomicAdd, and after a barrier the block adds those to the global ones.
// launch: rgba_histogram<<<min((N / 4 + 127) / 128, 4), 128>>>(in, N / 4, out)
// require: N == 1000 : one size, the one measured
// out: NUM_BINS
// init: out = 0
// check: histogram
// types: int

// Regression kernel of the compiler view (docs/validation.md): tests/corpus/histogram-rgba-uchar4-pixels.cu
// whole, at one size; mechanism: line 50's (44 there) `if (histo_s[b] > 0u) atomicAdd(&histo[b], histo_s[b]);` reads
// histo_s[b] twice and ptxas loads it once (one LDS on the line), predicted as two loads until 2026-11-27.
// ncu: NVIDIA H200, 2026-11-27: ld inst 2, ld wavefronts 2, ld conflicts 0, st inst 2, st wavefronts 2,
//   st conflicts 0, global ld requests 8, global ld sectors 32, global st requests 0, global st sectors 0
#define NUM_BINS 8

template <int BINS>
__device__ void clear_bins(unsigned int (&bins)[BINS]) {
  for (int b = 0; b < BINS; ++b) bins[b] = 0u;
}

template <int BINS>
__device__ void count_pixel(unsigned int (&bins)[BINS], uchar4 pixel) {
  bins[pixel.x % BINS] += 1u;
  bins[pixel.y % BINS] += 1u;
  bins[pixel.z % BINS] += 1u;
  bins[pixel.w % BINS] += 1u;
}

__global__ void rgba_histogram(const uchar4 *pixels, int count, unsigned int *histo) {
  __shared__ unsigned int histo_s[NUM_BINS];
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) histo_s[b] = 0u;
  unsigned int mine[NUM_BINS];
  clear_bins(mine);
  __syncthreads();  // step(clear): shared bins cleared
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += blockDim.x * gridDim.x) {
    const uchar4 p = pixels[i];  // the pixel's four channels: one 4-byte load
    count_pixel(mine, p);
  }
  for (int b = 0; b < NUM_BINS; ++b)
    if (mine[b] > 0u) atomicAdd(&histo_s[b], mine[b]);
  __syncthreads();  // step(combine): the block's pixels counted
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    if (histo_s[b] > 0u) atomicAdd(&histo[b], histo_s[b]);
}
