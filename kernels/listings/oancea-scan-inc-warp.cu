// Oancea and Henriksen's scanIncWarp written as the lecture instructs: an inclusive scan of one
// warp in shared memory that relies on the warp's lanes running in lockstep (no __syncwarp()).
// title: Oancea and Henriksen, scanIncWarp (lockstep warp scan in shared memory)
// from: Oancea and Henriksen, "On the CUDA implementation of Reduce and Scan" (warp-level inclusive scan; pbbKernels.cu.h's scanIncWarp)
// about: for d = 0 to lgWARP-1, h = 2^d, each lane with lane >= h sets ptr[idx] = ptr[idx-h] op
//    ptr[idx] in place: the lecture's "forall i = h to n-1" becomes "if (lane >= h)", the
//    d loop is unrolled, and the warp is trusted to run in lockstep, so there is no barrier
//    between one lane's read of ptr[idx-h] and lane idx-h's write of it. One warp, n <= 32.
// note: Since Volta's independent thread scheduling the lanes of a warp need not run in lockstep:
//    the read of ptr[idx - h] and the write of ptr[idx - h] by lane idx - h in the same round are
//    a race (volatile only keeps each access in memory, it orders nothing across lanes).
//    scanscope marks every such pair as a hazard, and the step has no __syncwarp() to split it;
//    compute-sanitizer's racecheck flags it too. scanscope runs each lane through all five
//    rounds before the next lane starts, so its output is wrong; on a GPU it usually is not.
//    The safe forms: read, __syncwarp(), write, __syncwarp() (reduce-unroll-warp), or shuffles
//    (scan-warp-shuffle).
// broken: relies on lockstep warps: a race between lanes since Volta.
// launch: scan_inc_warp<<<1, 32, 32 * sizeof(T)>>>(out, in, N)
// check: inclusive-scan
// require: N <= 32 : scans one warp: takes --n from 1 to 32, not {N}

#define WARP 32
#define lgWARP 5

// Inclusive scan of the warp's ptr[idx - lane .. idx - lane + WARP) in place.
__device__ inline T scanIncWarp(volatile T* ptr, const unsigned int idx)
{
    const unsigned int lane = idx & (WARP - 1);
    #pragma unroll
    for (int d = 0; d < lgWARP; d++) {
        int h = 1 << d;
        if (lane >= h) {
            ptr[idx] = OP(ptr[idx - h], ptr[idx]);
        }
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
}  // step(scan): lockstep warp scan (no barrier), write output
