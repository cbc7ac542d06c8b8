// title: Brent-Kung scan of sections of SECTION_SIZE, then a hierarchical scan over the sections (Kirk & Hwu textbook style)
// about: Each block of SECTION_SIZE / 2 threads loads two elements per thread and runs the
//   textbook Brent-Kung tree: a reduction phase (index = (threadIdx.x + 1) * 2 * stride - 1) and
//   a distribution phase back down. The last thread stores the section's total in S; launch 2
//   scans S with the same kernel, and launch 3 adds S[blockIdx.x - 1] to every later section.
// launch: brent_kung_scan<<<SECTIONS, SECTION_SIZE / 2>>>(in, out, S, N)
// launch: brent_kung_scan<<<1, SECTION_SIZE / 2>>>(S, S, S_total, SECTIONS)
// launch: add_section_sums<<<SECTIONS, SECTION_SIZE>>>(out, S, N)
// array: S[SECTIONS]
// array: S_total[1]
// check: inclusive-scan
// require: N <= 512 * 512 : the sums of at most 512 sections are scanned in one section, not {N} / 512

#define SECTION_SIZE 512
#define SECTIONS ((N + SECTION_SIZE - 1) / SECTION_SIZE)

__global__ void brent_kung_scan(const T *X, T *Y, T *S, unsigned int n) {
  __shared__ T XY[SECTION_SIZE];
  unsigned int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
  XY[threadIdx.x] = i < n ? X[i] : IDENTITY;
  XY[threadIdx.x + blockDim.x] = i + blockDim.x < n ? X[i + blockDim.x] : IDENTITY;
  for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
    __syncthreads();  // step(up): stride {stride}
    unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
    if (index < SECTION_SIZE) XY[index] = OP(XY[index - stride], XY[index]);
  }
  for (int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
    __syncthreads();  // step(down): stride {stride}
    unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
    if (index + stride < SECTION_SIZE) XY[index + stride] = OP(XY[index], XY[index + stride]);
  }
  __syncthreads();  // step(store): the section is scanned
  if (i < n) Y[i] = XY[threadIdx.x];
  if (i + blockDim.x < n) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
  if (threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[SECTION_SIZE - 1];
}

__global__ void add_section_sums(T *Y, const T *S, unsigned int n) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x > 0 && i < n) Y[i] = OP(S[blockIdx.x - 1], Y[i]);
}
