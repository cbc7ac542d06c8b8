// title: histogram from six-byte records in shared memory: three shorts each, records across words
// about: Each thread turns its two inputs into records of three shorts (a bin, a count and a flag
//   that says the record holds an input): 6 bytes aligned to 2, so CUDA packs an array of them at
//   6-byte steps and every other record starts in the middle of a word (record 1's bin is bytes
//   2-3 of word 1, its count and flag word 2). A thread keeps its two records in a local array of
//   them, folds the second into the first when both fall in one bin, and writes them to the
//   block's shared array; after a barrier each of the first NUM_BINS threads reads every record
//   (all lanes the same one: a broadcast) and adds the counts of its bin to the global histogram.
// launch: record_histogram<<<(N + 255) / 256, 128>>>(in, out, N)
// out: NUM_BINS
// init: out = 0
// check: histogram
// types: int
#define NUM_BINS 8

struct Record {
  short bin;
  short count;
  short used;  // 1 when the record holds an input
};

__device__ Record record_of(int v) {
  Record r;
  r.bin = (short)(((v % NUM_BINS) + NUM_BINS) % NUM_BINS);
  r.count = 1;
  r.used = 1;
  return r;
}

__global__ void record_histogram(const int *in, unsigned int *out, int n) {
  __shared__ Record recs[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * 256 + t;
  Record mine[2];
  for (int k = 0; k < 2; ++k) {
    mine[k].used = 0;
    mine[k].count = 0;
    mine[k].bin = 0;
    if (i + k * 128 < n) mine[k] = record_of(in[i + k * 128]);
  }
  if (mine[1].used && mine[0].used && mine[1].bin == mine[0].bin) {
    mine[0].count += mine[1].count;  // one record for both
    mine[1].used = 0;
  }
  recs[2 * t] = mine[0];
  recs[2 * t + 1] = mine[1];
  __syncthreads();  // step(store): two records per thread, 6 bytes each
  if (t < NUM_BINS) {
    unsigned int c = 0;
    for (int k = 0; k < 256; ++k) {
      const Record r = recs[k];
      if (r.used && r.bin == t) c += r.count;
    }
    atomicAdd(&out[t], c);
  }
}
