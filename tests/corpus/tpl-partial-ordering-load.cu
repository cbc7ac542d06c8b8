// title: sum through overloaded helper templates: the more specialised one is picked
// about: A helper reads a value either from a pointer or as it is given: two function templates
//   of one name, value_of(T) and value_of(const T *). A pointer argument fits both exactly, and
//   C++ picks the more specialised template (const T * deduces from nothing that T * could not
//   give it); an int argument fits only the first. A plain function add() beside a template add()
//   wins when both fit equally well. Each block sums 2 * blockDim.x inputs in shared memory.
// launch: reduce_helpers<<<(N + 511) / 512, 256>>>(in, out, N)
// out: 1
// init: out = 0
// check: reduce
// types: int

template <typename T> __device__ T value_of(T v) { return v; }
template <typename T> __device__ T value_of(const T *p) { return *p; }

__device__ int add(int a, int b) { return a + b; }
template <typename T> __device__ T add(T a, T b) { return b + a; }

__global__ void reduce_helpers(const int *in, int *out, int n) {
  __shared__ int sdata[256];
  const unsigned int t = threadIdx.x;
  const unsigned int i = blockIdx.x * 512 + t;
  int sum = value_of(0);
  if (i < n) sum = add(sum, value_of(in + i));
  if (i + 256 < n) sum = add(sum, value_of(in + i + 256));
  sdata[t] = sum;
  __syncthreads();  // step(load): two inputs per thread
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) sdata[t] = add(sdata[t], sdata[t + s]);
    __syncthreads();  // step(reduce): s = {s}
  }
  if (t == 0) atomicAdd(out, sdata[0]);
}
