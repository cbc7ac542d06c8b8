// title: stream compaction in three launches, its kernels in namespaces as course projects write them (map to booleans, scan, scatter)
// about: The course-project layout: every kernel lives in namespace StreamCompaction, the shared
//   pieces in StreamCompaction::Common and the scan in StreamCompaction::Efficient, and the launch
//   lines name them qualified as the host code does. Launch 1 maps each input to 1 when it is
//   kept (odd) and 0 otherwise; launch 2 is one block that scans those flags exclusively, a tile
//   of 256 at a time with a carry in shared memory; launch 3 scatters each keeper to its index and
//   the last thread stores the count at out[N].
// launch: StreamCompaction::Common::kernMapToBoolean<<<(N + 127) / 128, 128>>>(N, bools, in)
// launch: StreamCompaction::Efficient::kernScanOneBlock<<<1, TILE>>>(N, indices, bools)
// launch: StreamCompaction::Common::kernScatter<<<(N + 127) / 128, 128>>>(N, out, in, bools, indices)
// array: bools[N]
// array: indices[N]
// out: N + 1
// check: compact
// types: int

namespace StreamCompaction {
namespace Common {

__device__ int isKept(int v) { return (v & 1) != 0; }

__global__ void kernMapToBoolean(int n, int *bools, const int *idata) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= n) return;
  bools[index] = Common::isKept(idata[index]);
}

__global__ void kernScatter(int n, int *odata, const int *idata, const int *bools, const int *indices) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= n) return;
  if (bools[index] == 1) odata[indices[index]] = idata[index];
  if (index == n - 1) odata[n] = indices[index] + bools[index];  // the count
}

}  // namespace Common

namespace Efficient {

#define TILE 256
const int kTile = TILE;

// One block: an exclusive scan of idata, tile after tile, each tile's total carried to the next.
__global__ void kernScanOneBlock(int n, int *odata, const int *idata) {
  __shared__ int tile[TILE];
  __shared__ int carry;
  if (threadIdx.x == 0) carry = 0;
  for (int base = 0; base < n; base += kTile) {
    const int i = base + threadIdx.x;
    const int v = i < n ? idata[i] : 0;
    tile[threadIdx.x] = v;
    __syncthreads();
    for (int offset = 1; offset < kTile; offset *= 2) {
      const int t = threadIdx.x >= offset ? tile[threadIdx.x - offset] : 0;
      __syncthreads();
      tile[threadIdx.x] += t;
      __syncthreads();  // step(scan): offset {offset}
    }
    if (i < n) odata[i] = carry + tile[threadIdx.x] - v;  // exclusive: the sum before it
    __syncthreads();
    if (threadIdx.x == kTile - 1) carry += tile[kTile - 1];
    __syncthreads();
  }
}

}  // namespace Efficient
}  // namespace StreamCompaction
