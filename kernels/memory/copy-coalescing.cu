// Coalescing (Oancea and Henriksen's notes, "Coalesced Access to Global Memory"): a copy whose threads
// touch the array in three patterns. Every thread copies one element; which one is the lesson.
// title: Copy: coalesced, strided and misaligned global accesses
// from: Oancea and Henriksen, "On the CUDA implementation of Reduce and Scan" ("Coalesced Access to Global Memory"); the tutorial article "Parallel prefix sum and reduction: the core parallel primitives" (memory coalescing)
// about: With STRIDE 1 and OFFSET 0 the 32 lanes of a warp read 32 consecutive 4-byte words:
//    128 bytes, 4 sectors of 32 bytes per request. -D STRIDE=32 puts each lane 32 words (128
//    bytes) from the next: 32 sectors per request, 8 times the traffic for the same data.
//    -D OFFSET=1 shifts every access by one word: each warp's 128 bytes straddle 5 sectors.
// launch: copy<<<(N + THREADS - 1) / THREADS, THREADS>>>(out, in, N)
// check: copy
// ops: sum
// require: N % STRIDE == 0 : needs --n a multiple of STRIDE ({STRIDE}), not {N}
// require: STRIDE >= 1 && OFFSET >= 0 : needs -D STRIDE of at least 1 and -D OFFSET of at least 0

#ifndef THREADS
#define THREADS min(256, N)
#endif
#ifndef STRIDE
#define STRIDE 1   // words between neighbouring lanes
#endif
#ifndef OFFSET
#define OFFSET 0   // words every access is shifted by
#endif

__global__ void copy(T *out, const T *in, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    // thread t's element: lanes STRIDE words apart, a permutation of 0..n-1 (then shifted by OFFSET)
    int rows = n / STRIDE;
    int i = (t % rows) * STRIDE + t / rows;
    i = (i + OFFSET) % n;
    out[i] = in[i];
}  // step(store): copy
