// title: stream compaction with __ballot_sync and __popc: warp-aggregated positions, warp counts scanned in shared memory (course / blog style)
// about: One block walks the input in chunks of 256. In each warp, __ballot_sync gives the mask
//   of lanes keeping their element (odd values) and __popc of the mask's lanes below gives each
//   keeper's place; lane 0 stores the warp's count, warp 0 turns the 8 counts into offsets with
//   __shfl_up_sync, and every keeper writes out[base + offset + place]. Warps with no keeper skip
//   the writes (__any_sync). The count goes to out[N].
// launch: compact_ballot<<<1, 256>>>(in, out, N)
// out: N + 1
// check: compact
// types: int

__global__ void compact_ballot(const int *in, int *out, int n) {
  __shared__ int warp_offset[8];
  __shared__ int chunk_total;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int base = 0;
  for (int start = 0; start < n; start += blockDim.x) {
    const int i = start + threadIdx.x;
    const int v = i < n ? in[i] : 0;
    const bool keep = i < n && (v & 1) != 0;
    const unsigned int mask = __ballot_sync(0xffffffffu, keep);
    const int place = __popc(mask & ((1u << lane) - 1u));
    if (lane == 0) warp_offset[warp] = __popc(mask);
    __syncthreads();  // step(scan): 8 warp counts
    if (warp == 0) {
      const int c = lane < 8 ? warp_offset[lane] : 0;
      int incl = c;
      for (int d = 1; d < 8; d <<= 1) {
        int up = __shfl_up_sync(0xffffffffu, incl, d);
        if (lane >= d) incl += up;
      }
      if (lane < 8) warp_offset[lane] = incl - c;  // exclusive: the keepers of the warps before
      if (lane == 7) chunk_total = incl;
    }
    __syncthreads();  // step(combine): offsets and the chunk's count
    if (__any_sync(0xffffffffu, keep)) {
      if (keep) out[base + warp_offset[warp] + place] = v;
    }
    base += chunk_total;
    __syncthreads();  // everyone has read the offsets before the next chunk writes them
  }
  if (threadIdx.x == 0) out[n] = base;
}
