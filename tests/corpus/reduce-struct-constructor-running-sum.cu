// title: sum with a running (count, sum) struct: constructors, member functions and operator+ (course style)
// about: struct Partial keeps how many elements a thread has seen and their sum; its constructors
//   set both (Partial() starts empty, Partial(c, s) takes them), add(v) counts one more element,
//   and operator+ merges two partials. Each thread folds a grid-stride run into one, the warp
//   merges its lanes' partials with shuffles of both members, and lane 0 adds the warp's sum to
//   out[0]; a partial whose count disagrees with the elements it saw poisons the result.
// launch: running_sum<<<min(4, (N + 127) / 128), 128>>>(in, out, N)
// init: out = 0
// out: 1
// check: reduce
// ops: sum
// types: int

struct Partial {
  int count, sum;
  __device__ Partial() : count(0), sum(0) {}
  __device__ Partial(int c, int s) : count(c), sum(s) {}
  __device__ void add(int v) {
    ++count;
    sum += v;
  }
  __device__ Partial operator+(const Partial &o) const { return Partial(count + o.count, sum + o.sum); }
};

__global__ void running_sum(const int *in, int *out, int n) {
  Partial p;
  int seen = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    p.add(in[i]);
    ++seen;
  }
  if (p.count != seen) p.sum += 1000000;  // what a broken add() would show
  for (int offset = 16; offset > 0; offset /= 2) {
    Partial other(__shfl_down_sync(0xffffffff, p.count, offset), __shfl_down_sync(0xffffffff, p.sum, offset));
    p = p + other;
  }
  if (threadIdx.x % 32 == 0) atomicAdd(out, p.sum);
}
