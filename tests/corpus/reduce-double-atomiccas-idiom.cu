// title: atomicAdd on double by atomicCAS: the programming guide's loop on the value's bits
// about: Before compute capability 6.0 CUDA had no atomicAdd for double; the CUDA C++ Programming
//   Guide shows how to build it from the 64-bit atomicCAS: read the word, add in double, and swap
//   the new bits in with __double_as_longlong unless another thread changed them meanwhile (then
//   retry with the value it left). Each block reduces its doubles in shared memory first, so only
//   one thread per block loops on the CAS. in and out hold doubles.
// launch: reduce_cas<<<min(4, (N + 127) / 128), 128>>>(in, out, N)
// out: 1
// init: out = 0
// check: reduce
// types: int float
// ops: sum
__device__ double atomic_add_double(double *address, double val) {
  unsigned long long int *address_as_ull = (unsigned long long int *)address;
  unsigned long long int old = *address_as_ull, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}

__global__ void reduce_cas(const double *in, double *out, int n) {
  __shared__ double partial[128];
  int tid = threadIdx.x;
  double v = 0.0;
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x) v += in[i];
  partial[tid] = v;
  __syncthreads();   // step(load): each thread's sum
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (tid < s) partial[tid] += partial[tid + s];
    __syncthreads();   // step(reduce): s={s}
  }
  if (tid == 0) atomic_add_double(out, partial[0]);
}
