// title: Kogge-Stone inclusive scan with double buffering: two shared arrays, pointers swapped each iteration (Kirk & Hwu exercise style)
// about: Instead of a second barrier per iteration, each step reads one buffer and writes the
//   other, then the two __shared__ pointers trade places: one __syncthreads() per stride. The
//   block is one section of SECTION_SIZE threads.
// launch: kogge_stone_double_buffer<<<1, SECTION_SIZE>>>(in, out, N)
// check: inclusive-scan
// require: N <= 1024 : scans one section of 1024 elements at most, not {N}

#define SECTION_SIZE 1024

__global__ void kogge_stone_double_buffer(const T *X, T *Y, unsigned int n) {
  __shared__ T XY_a[SECTION_SIZE];
  __shared__ T XY_b[SECTION_SIZE];
  T *src = XY_a;
  T *dst = XY_b;
  unsigned int i = threadIdx.x;
  src[i] = i < n ? X[i] : IDENTITY;
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();  // step(scan): stride {stride}
    T v = src[i];
    if (i >= stride) v = OP(src[i - stride], v);
    dst[i] = v;
    T *tmp = src;
    src = dst;
    dst = tmp;
  }
  __syncthreads();
  if (i < n) Y[i] = src[i];
}
