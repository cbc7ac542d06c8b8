// title: work-efficient (Blelloch) exclusive scan as a template over the value type and block size, barriers by cg::this_thread_block (course style)
// about: template <typename V, int BLOCK> scans 2 * BLOCK elements in one block: an up-sweep that
//   builds partial sums in place, the root cleared to the identity, and a down-sweep that pushes
//   prefixes back down (left child takes the parent's prefix, right child the prefix combined with
//   the left sum). Every barrier is block.sync() of a cg::thread_block.
// launch: blelloch_scan<T, 512><<<1, 512>>>(in, out, N)
// check: exclusive-scan
// require: N <= 1024 : scans one block of 1024 elements at most, not {N}
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <typename V, int BLOCK>
__global__ void blelloch_scan(const V *in, V *out, int n) {
  __shared__ V temp[2 * BLOCK];
  cg::thread_block block = cg::this_thread_block();
  const int tid = block.thread_rank();
  temp[tid] = tid < n ? in[tid] : V(IDENTITY);
  temp[tid + BLOCK] = tid + BLOCK < n ? in[tid + BLOCK] : V(IDENTITY);
  int offset = 1;
  for (int d = BLOCK; d > 0; d >>= 1) {
    block.sync();  // step(up): {d} pairs
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      temp[bi] = OP(temp[ai], temp[bi]);
    }
    offset *= 2;
  }
  if (tid == 0) temp[2 * BLOCK - 1] = V(IDENTITY);
  for (int d = 1; d <= BLOCK; d *= 2) {
    offset >>= 1;
    block.sync();  // step(down): {d} pairs
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      V left = temp[ai];
      V prefix = temp[bi];
      temp[ai] = prefix;
      temp[bi] = OP(prefix, left);
    }
  }
  block.sync();  // step(store): scanned
  if (tid < n) out[tid] = temp[tid];
  if (tid + BLOCK < n) out[tid + BLOCK] = temp[tid + BLOCK];
}
