// The scan primitive of Demouth, "Parallel Reduction with CUDA" ("Scan Primitive: Parallel Scan in
// a Block"): a buffer of 2 * blockDim.x words in shared memory, the identity in its first half and
// the threads' values in its second; at each step every thread combines the value `offset` places
// before its own (an identity when that falls in the first half), the offset doubling. Returns the
// thread's inclusive scan; afterwards smem[blockDim.x + t] holds thread t's inclusive scan, so
// smem[blockDim.x + t - 1] is its exclusive one (for t > 0). Keeps operand order, any block size.
__device__ T block_scan(T *smem, T my_sum)
{
    int tid = threadIdx.x;
    int B = blockDim.x;
    smem[tid] = IDENTITY;
    smem[B + tid] = my_sum;
    __syncthreads();  // step(scan): the threads' values after B identities

    for (int offset = 1; offset < B; offset *= 2) {
        T before = smem[B + tid - offset];
        __syncthreads();  // step(scan): offset {offset}: read
        my_sum = OP(before, my_sum);
        smem[B + tid] = my_sum;
        __syncthreads();  // step(scan): offset {offset}: combine
    }
    return my_sum;
}
