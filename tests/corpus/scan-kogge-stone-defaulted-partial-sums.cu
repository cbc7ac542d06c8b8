// title: Kogge-Stone section scan whose partial-sums pointer defaults to NULL, then the sums scanned and added back (textbook style)
// about: The textbook's hierarchical scan with one kernel for both levels: scan_sections takes
//   `T *partial_sums = NULL`, and the last thread stores the section's total there only when the
//   launch gives one. Launch 1 scans the input's sections and keeps their totals in S; launch 2
//   scans S in place and leaves the pointer out (the default: no totals); launch 3 adds
//   S[blockIdx.x - 1] to every later section.
// launch: scan_sections<<<SECTIONS, SECTION_SIZE>>>(in, out, N, S)
// launch: scan_sections<<<1, SECTION_SIZE>>>(S, S, SECTIONS)
// launch: add_carries<<<SECTIONS, SECTION_SIZE>>>(out, S, N)
// array: S[SECTIONS]
// check: inclusive-scan
// require: N <= SECTION_SIZE * SECTION_SIZE : the totals of at most 256 sections are scanned in one section, not {N} / 256

#define SECTION_SIZE 256
#define SECTIONS ((N + SECTION_SIZE - 1) / SECTION_SIZE)

__global__ void scan_sections(const T *X, T *Y, unsigned int n, T *partial_sums = NULL) {
  __shared__ T XY[SECTION_SIZE];
  const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  XY[threadIdx.x] = i < n ? X[i] : IDENTITY;
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    T temp = XY[threadIdx.x];
    if (threadIdx.x >= stride) temp = OP(XY[threadIdx.x - stride], temp);
    __syncthreads();  // step(scan): stride {stride}
    XY[threadIdx.x] = temp;
  }
  __syncthreads();
  if (i < n) Y[i] = XY[threadIdx.x];
  if (partial_sums != NULL && threadIdx.x == blockDim.x - 1) partial_sums[blockIdx.x] = XY[threadIdx.x];
}

__global__ void add_carries(T *Y, const T *S, unsigned int n) {
  const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x > 0 && i < n) Y[i] = OP(S[blockIdx.x - 1], Y[i]);
}
