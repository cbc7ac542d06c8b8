// title: a kernel that writes its input: negate in place, then negate again into out
// about: Launch 1 runs on in itself (in[i] = -in[i]), launch 2 reads it back negated into out,
//   so out equals the input. The host hands every run the input afresh: a timed GPU run repeats
//   the sequence, and a second run on the negated input would give -in.
// launch: negate<<<(N + 255) / 256, 256>>>(in, N)
// launch: negate_into<<<(N + 255) / 256, 256>>>(in, out, N)
// check: copy
// types: int

__global__ void negate(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = -data[i];
}

__global__ void negate_into(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = -in[i];
}
