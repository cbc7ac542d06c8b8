// title: maximum segment sum: a struct of four ints, combined in order
// about: The maximum segment sum as Oancea and Henriksen's lecture reduces it: each element
//   becomes a 4-tuple (best segment, best prefix, best suffix, total) and an associative but not
//   commutative operator joins two neighbours. Each thread folds its own run of elements from
//   left to right, then a tree with interleaved addressing joins part[i] with part[i + s], the
//   left neighbour always first. Structs travel by value and come back from functions; the
//   partial tuples are a dynamic __shared__ array of structs.
// launch: mss_block<<<1, 64, 64 * sizeof(MSS)>>>(in, out, N)
// out: 1
// check: max-segment-sum
// types: int
struct MSS {
  int mss;  // the best segment anywhere (the empty one: 0)
  int mis;  // the best prefix
  int mcs;  // the best suffix
  int ts;   // the total
};

__device__ MSS mss_of(int x) {
  int p = max(x, 0);
  MSS r = {p, p, p, x};
  return r;
}

// a then b: not commutative (a's suffix meets b's prefix)
__device__ MSS join(MSS a, const MSS &b) {
  MSS r;
  r.mss = max(max(a.mss, b.mss), a.mcs + b.mis);
  r.mis = max(a.mis, a.ts + b.mis);
  r.mcs = max(a.mcs + b.ts, b.mcs);
  r.ts = a.ts + b.ts;
  return r;
}

__global__ void mss_block(const int *in, int *out, int n) {
  extern __shared__ MSS part[];
  int t = threadIdx.x;
  int per = (n + blockDim.x - 1) / blockDim.x;
  MSS acc = MSS{0, 0, 0, 0};
  for (int i = t * per; i < min(n, (t + 1) * per); ++i) acc = join(acc, mss_of(in[i]));
  part[t] = acc;
  __syncthreads();   // step(load): each thread's run folded
  for (int s = 1; s < blockDim.x; s *= 2) {
    int i = 2 * s * t;
    if (i + s < blockDim.x) part[i] = join(part[i], part[i + s]);
    __syncthreads();   // step(reduce): neighbours s={s} apart joined
  }
  if (t == 0) out[0] = part[0].mss;
}
