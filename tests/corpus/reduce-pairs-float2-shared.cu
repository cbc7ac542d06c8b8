// title: reduce keeping two running sums per thread as a pair (float2 or int2) in shared memory: 8-byte loads and stores
// about: Each thread reads two neighbouring elements with one 8-byte load (`reinterpret_cast<const
//   T2 *>(in)`, T2 being float2 or int2) and keeps them as two independent sums, x for the even
//   elements and y for the odd ones. The tree works on whole pairs in `__shared__ T2 part[128]`:
//   one ld.shared.v2 of part[tid], one of part[tid + s], one st.shared.v2. An 8-byte access is
//   served a half-warp per wavefront, so a warp's contiguous pairs take 2 wavefronts and no
//   conflict. Thread 0 combines the pair at the end; a second launch reduces the block sums.
// reorders: x and y sum the even and the odd elements apart, a thread's pairs are a grid apart, the tree pairs tid with tid + s
// launch: reduce_pairs<<<BLOCKS, 128>>>(in, partial, N)
// launch: reduce_pairs<<<1, 128>>>(partial, out, BLOCKS)
// array: partial[BLOCKS]
// out: 1
// check: reduce

#define BLOCKS min(8, (N + 255) / 256)

#if SS_INT
typedef int2 T2;
#else
typedef float2 T2;
#endif

__global__ void reduce_pairs(const T *in, T *out, int n) {
  __shared__ T2 part[128];
  unsigned int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = gridDim.x * blockDim.x;
  T2 acc = {IDENTITY, IDENTITY};
  for (int p = i; p < n / 2; p += stride) {
    T2 v = reinterpret_cast<const T2 *>(in)[p];  // elements 2p and 2p + 1, one 8-byte load
    acc.x = OP(acc.x, v.x);
    acc.y = OP(acc.y, v.y);
  }
  if (i == 0 && n % 2 == 1) acc.y = OP(acc.y, in[n - 1]);  // an odd n's last element
  part[tid] = acc;
  __syncthreads();  // step(load): each thread's pair of sums
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      T2 a = part[tid], b = part[tid + s];
      part[tid] = T2{OP(a.x, b.x), OP(a.y, b.y)};
    }
    __syncthreads();  // step(reduce): {s} threads add pairs
  }
  if (tid == 0) {
    T2 r = part[0];
    out[blockIdx.x] = OP(r.x, r.y);
  }
}
