// title: Kogge-Stone exclusive scan: the load shifted one element right, the identity in XY[0] (Kirk & Hwu textbook style)
// about: The textbook's exclusive variant: thread i loads X[i - 1] (the identity for thread 0 and
//   past the end), then the same Kogge-Stone loop as the inclusive scan, holding each sum in a
//   register across the second barrier. SECTION_SIZE is a file-scope constant.
// launch: kogge_stone_exclusive<<<1, SECTION_SIZE>>>(in, out, N)
// check: exclusive-scan
// require: N <= 512 : scans one section of 512 elements at most, not {N}
const unsigned int SECTION_SIZE = 512;

__global__ void kogge_stone_exclusive(const T *X, T *Y, unsigned int n) {
  __shared__ T XY[SECTION_SIZE];
  unsigned int i = threadIdx.x;
  XY[i] = (i > 0 && i - 1 < n) ? X[i - 1] : IDENTITY;
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    T temp = XY[i];
    if (i >= stride) temp = OP(XY[i - stride], temp);
    __syncthreads();  // step(scan): stride {stride}
    XY[i] = temp;
  }
  __syncthreads();
  if (i < n) Y[i] = XY[i];
}
