// The maximum segment sum of reduce-mss-in-order, reduced with sequential addressing instead: the
// tree that is right for sum joins tuples out of order here.
// title: Maximum segment sum reduced with sequential addressing: out of order, wrong
// from: Oancea and Henriksen, On the CUDA implementation of Reduce and Scan (MSSP: the operator is
//    not commutative)
// about: The same tuples and join as reduce-mss-in-order; the tree is sequential addressing's,
//    join(part[t], part[t + s]) with s halving. Thread 0's first join puts the chunk of thread
//    s right after chunk 0, as if they were neighbours in the input: the segments it combines are
//    not segments of the input, and out[0] is usually wrong.
// broken: the tree joins part[t] with part[t + s], which are not neighbours in the input; MSS's
//    join is not commutative, so only an order-preserving tree (reduce-mss-in-order) is right
// launch: reduce_mss_reordered<<<1, THREADS, THREADS * sizeof(MSS)>>>(in, out, N)
// out: 1
// check: max-segment-sum
// types: int
// ops: sum
// require: N <= 65536 : takes --n from 1 to 65536, not {N}
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (its tree halves the block), not {THREADS}

#ifndef THREADS
#define THREADS min(64, next_pow2(N))
#endif

#include "mss.cuh"

__global__ void reduce_mss_reordered(const int *in, int *out, int n) {
  extern __shared__ MSS part[];
  int t = threadIdx.x;
  int chunk = (n + blockDim.x - 1) / blockDim.x;
  MSS acc = {0, 0, 0, 0};
  for (int i = t * chunk; i < min(n, (t + 1) * chunk); ++i) acc = join(acc, mss_of(in[i]));
  part[t] = acc;
  __syncthreads();  // step(load): each thread's CHUNK elements folded in order
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) part[t] = join(part[t], part[t + s]);
    __syncthreads();  // step(reduce): part[t] joined with part[t + s]: not its neighbour
  }
  if (t == 0) out[0] = part[0].mss;
}
