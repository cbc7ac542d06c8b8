// title: sum with a struct of byte and short members: a count, a flag and sign bits beside each partial sum
// about: Each thread keeps a small record of what it added: a one-byte flag, a char2 of sign
//   bits, a short count and the int sum. CUDA lays the record out at its members' own sizes and
//   alignments (flag at byte 0, signs at 2, count at 4, sum at 8: 12 bytes), and the interpreter
//   reads and writes each member as one access of its bytes. The records meet in a shared tree
//   with sequential addressing; thread 0 adds the block's sum to the total when the count says
//   the block saw any input.
// launch: reduce_stats<<<(N + 255) / 256, 128>>>(in, out, N)
// out: 1
// init: out = 0
// check: reduce
// types: int

struct Stats {
  unsigned char seen;  // 1 once a value was added
  char2 signs;         // x: a negative value was seen, y: a positive one
  short count;         // values added (at most 256 in a block)
  int sum;
};

__device__ Stats stats_of(int v) {
  Stats s;
  s.seen = 1;
  s.signs = make_char2(v < 0, v > 0);
  s.count = 1;
  s.sum = v;
  return s;
}

__device__ Stats combine(Stats a, const Stats &b) {
  a.seen |= b.seen;
  a.signs.x |= b.signs.x;
  a.signs.y |= b.signs.y;
  a.count += b.count;
  a.sum += b.sum;
  return a;
}

__global__ void reduce_stats(const int *in, int *out, int n) {
  __shared__ Stats part[128];
  const unsigned int t = threadIdx.x;
  const unsigned int i = blockIdx.x * 256 + t;
  Stats mine = {0, make_char2(0, 0), 0, 0};
  if (i < n) mine = combine(mine, stats_of(in[i]));
  if (i + 128 < n) mine = combine(mine, stats_of(in[i + 128]));
  part[t] = mine;
  __syncthreads();  // step(load): two inputs per thread
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) part[t] = combine(part[t], part[t + s]);
    __syncthreads();  // step(reduce): s = {s}
  }
  if (t == 0 && part[0].count > 0 && part[0].seen) atomicAdd(out, part[0].sum);
}
