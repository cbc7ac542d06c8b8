// Oancea and Henriksen's maximum segment sum (On the CUDA implementation of Reduce and Scan, "For
// Non-Commutative Operators (MSSP)"): a reduction whose operator is associative but not
// commutative, over 4-tuples kept in a struct.
// title: Maximum segment sum: a struct of four ints reduced in order (chunks, then an interleaved tree)
// from: Oancea and Henriksen, On the CUDA implementation of Reduce and Scan (MSSP: the map fused into
//    the reduction, CHUNK consecutive elements per thread, then the block's results together)
// about: Each element x becomes the tuple (best segment, best prefix, best suffix, total) =
//    (max(x,0), max(x,0), max(x,0), x); join(a, b) puts a's suffix before b's prefix, so
//    join(a, b) is not join(b, a). Each thread folds its CHUNK consecutive elements left to right,
//    then the interleaved tree joins part[i] with its right neighbour part[i + s]: every join keeps
//    the input's order, and out[0] is the largest sum of consecutive inputs.
// launch: reduce_mss<<<1, THREADS, THREADS * sizeof(MSS)>>>(in, out, N)
// out: 1
// check: max-segment-sum
// types: int
// ops: sum
// require: N <= 65536 : takes --n from 1 to 65536, not {N}
// require: (THREADS & (THREADS - 1)) == 0 : needs --threads a power of two (its tree doubles the stride), not {THREADS}

#ifndef THREADS
#define THREADS min(64, next_pow2(N))
#endif

#include "mss.cuh"

__global__ void reduce_mss(const int *in, int *out, int n) {
  extern __shared__ MSS part[];
  int t = threadIdx.x;
  int chunk = (n + blockDim.x - 1) / blockDim.x;
  MSS acc = {0, 0, 0, 0};  // the empty segment: join's identity
  for (int i = t * chunk; i < min(n, (t + 1) * chunk); ++i) acc = join(acc, mss_of(in[i]));
  part[t] = acc;
  __syncthreads();  // step(load): each thread's CHUNK elements folded in order
  for (int s = 1; s < blockDim.x; s *= 2) {
    int i = 2 * s * t;
    if (i + s < blockDim.x) part[i] = join(part[i], part[i + s]);
    __syncthreads();  // step(reduce): neighbours joined, left first
  }
  if (t == 0) out[0] = part[0].mss;
}
