// title: block sums with the runtime's headers in quotes, as Visual Studio's CUDA template writes them (course style)
// about: `#include "cuda_runtime.h"` and `#include "device_launch_parameters.h"`: no such file
//   lies beside the kernel, so the preprocessor takes them as the system headers, as C's does.
//   Each block sums its 128 elements in shared memory (halving the active threads each level)
//   and adds the block's sum to out[0] with atomicAdd.
// launch: sumKernel<<<(N + 127) / 128, 128>>>(out, in, N)
// init: out = 0
// out: 1
// check: reduce
// ops: sum
// types: int
#include "cuda_runtime.h"
#include "device_launch_parameters.h"

#include <stdio.h>

__global__ void sumKernel(int *total, const int *a, int n)
{
    __shared__ int partial[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    partial[threadIdx.x] = i < n ? a[i] : 0;
    __syncthreads();  // step(load): the block's elements
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();  // step(reduce): s={s}
    }
    if (threadIdx.x == 0) atomicAdd(total, partial[0]);
}
