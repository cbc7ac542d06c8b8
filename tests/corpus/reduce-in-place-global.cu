// title: reduction in place in global memory: copy the input to out, then halve it there
// about: The first reduction before shared memory is taught: one block halves the array in
//   global memory, data[i] = data[i] + data[i + s] for s = half the length down to 1, with a
//   barrier between levels. It runs in place on out (passed as input and output): launch 1
//   copies in to out, launch 2 reduces out; out[0] ends with the total.
// launch: copy<<<(N + 255) / 256, 256>>>(in, out, N)
// launch: reduce_in_place<<<1, min(1024, max(1, next_pow2(N) / 2))>>>(out, N)
// check: reduce

__global__ void copy(const T *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}

__global__ void reduce_in_place(T *data, int n) {
  int tid = threadIdx.x;
  int len = n;
  while (len > 1) {
    int half = (len + 1) / 2;  // the upper half folds onto the lower
    for (int i = tid; i + half < len; i += blockDim.x) data[i] = OP(data[i], data[i + half]);
    __syncthreads();
    len = half;
  }
}
