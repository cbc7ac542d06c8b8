// title: rank sort in one block: each element's place is a __syncthreads_count over the block
// about: Every thread holds one element in shared memory. For each element j in turn, every
//   thread asks whether its own element goes before element j (smaller, or equal and earlier, so
//   the sort is stable), and __syncthreads_count, a barrier that also counts the threads whose
//   predicate holds, returns that count to all of them: the place of element j in the sorted
//   output. Thread j writes it there. N barriers, each a step; every thread reads keys[j] at
//   once (one word: a broadcast, no bank conflict).
// require: N <= 256 : takes one element per thread in one block of at most 256 threads, not {N}
// launch: rank_sort<<<1, N>>>(in, out, N)
// check: sort
// types: int

__global__ void rank_sort(const int *in, int *out, int n) {
  __shared__ int keys[256];
  const int tid = threadIdx.x;
  const int mine = in[tid];
  keys[tid] = mine;
  __syncthreads();  // step(load): the block's elements
  for (int j = 0; j < n; ++j) {
    const int other = keys[j];
    const int place = __syncthreads_count(mine < other || (mine == other && tid < j));
    if (tid == j) out[place] = mine;
  }
}
