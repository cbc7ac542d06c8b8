// title: Kogge-Stone inclusive scan of one section, the section size a file-scope constant (textbook style)
// about: `const int SECTION_SIZE = 256;` sizes the shared array; each iteration adds the
//   neighbour `stride` to the left into a register, waits, then stores, so no thread reads a word
//   another has already overwritten in the same iteration.
// launch: kogge_stone_scan<<<1, SECTION_SIZE>>>(in, out, N)
// check: inclusive-scan
// require: N <= 256 : scans one section of 256 elements at most, not {N}
// ops: sum
const int SECTION_SIZE = 256;
typedef T value_t;

__global__ void kogge_stone_scan(const value_t *X, value_t *Y, unsigned int n) {
  __shared__ value_t XY[SECTION_SIZE];
  unsigned int i = threadIdx.x;
  XY[i] = i < n ? X[i] : value_t(0);
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    value_t temp;
    if (i >= stride) temp = XY[i] + XY[i - stride];
    __syncthreads();  // step(scan): stride {stride}
    if (i >= stride) XY[i] = temp;
  }
  if (i < n) Y[i] = XY[i];
}
