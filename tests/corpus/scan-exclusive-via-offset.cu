// title: exclusive scan as an inclusive scan written one element on (launched on out + 1)
// about: A course's trick: scan in[0..n-2] inclusively into out + 1 (a Hillis-Steele scan in one
//   block, double-buffered in shared memory), and let one thread store the identity at out[0].
//   out[k] is then the combination of in[0..k-1]: the exclusive scan.
// launch: scan_inclusive<<<1, max(1, next_pow2(N - 1)), 2 * max(1, next_pow2(N - 1)) * sizeof(T)>>>(in, out + 1, N - 1)
// launch: store_identity<<<1, 1>>>(out)
// check: exclusive-scan
// require: N <= 1025 : scans one block of up to 1024 elements (n - 1), not {N} - 1

__global__ void scan_inclusive(const T *in, T *out, int n) {
  extern __shared__ T buf[];
  int tid = threadIdx.x;
  int width = blockDim.x;
  int src = 0;
  buf[tid] = tid < n ? in[tid] : IDENTITY;
  __syncthreads();
  for (int offset = 1; offset < width; offset *= 2) {
    int dst = 1 - src;
    buf[dst * width + tid] = tid >= offset ? OP(buf[src * width + tid - offset], buf[src * width + tid]) : buf[src * width + tid];
    __syncthreads();
    src = dst;
  }
  if (tid < n) out[tid] = buf[src * width + tid];
}

__global__ void store_identity(T *out) { out[0] = IDENTITY; }
