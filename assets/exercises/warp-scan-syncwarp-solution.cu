// Exercise warp-scan-syncwarp, a model solution: Oancea and Henriksen's scanIncWarp made safe for
// warps whose lanes do not run in lockstep (Volta and later): every round reads, waits at
// __syncwarp(), writes, and waits again.
// title: Exercise solution: the warp scan in shared memory with __syncwarp()
// from: Oancea and Henriksen, *On the CUDA implementation of Reduce and Scan* (scanIncWarp); NVIDIA, Using CUDA Warp-Level Primitives
//    (__syncwarp between a read and a write of shared memory)
// about: Round d (h = 2^d): lanes with lane >= h read ptr[idx - h] and ptr[idx] into a register;
//    __syncwarp() makes every read of the round happen before any write; then they store the
//    sum, and a second __syncwarp() orders those writes before the next round's reads. The
//    lecture's loop and its result, with no race between lanes.
// launch: scan_inc_warp<<<1, 32, 32 * sizeof(T)>>>(out, in, N)
// check: inclusive-scan
// require: N <= 32 : scans one warp: takes --n from 1 to 32, not {N}

#define WARP 32
#define lgWARP 5

// Inclusive scan of the warp's ptr[idx - lane .. idx - lane + WARP) in place.
__device__ inline T scanIncWarp(volatile T* ptr, const unsigned int idx)
{
    const unsigned int lane = idx & (WARP - 1);
    for (int d = 0; d < lgWARP; d++) {
        int h = 1 << d;
        T v = ptr[idx];
        if (lane >= h) v = OP(ptr[idx - h], v);
        __syncwarp();  // step(scan): h={h}: read
        ptr[idx] = v;
        __syncwarp();  // step(scan): h={h}: write
    }
    return ptr[idx];
}

__global__ void scan_inc_warp(T *d_out, const T *d_in, int n)
{
    extern __shared__ T sh[];

    const unsigned int idx = threadIdx.x;
    sh[idx] = (idx < n) ? d_in[idx] : IDENTITY;
    __syncthreads();  // step(load): load

    T res = scanIncWarp(sh, idx);

    if (idx < n) d_out[idx] = res;
}  // step(store): write output
