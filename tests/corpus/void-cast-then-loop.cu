// title: a (void) cast before loops (the idiom that silences an unused variable)
// about: Regression: (void)x; once popped a value that was never pushed, and the loops after it ran on a broken stack.
// launch: k<<<1, 1>>>(in, out, N)
// check: reduce
// ops: sum
__global__ void k(const T *in, T *out, int n) {
  int tid = threadIdx.x;
  (void)tid; int z = 0; (void)z;
  int c = 0;
  for (int o = 16; o > 0; o /= 2) c++;
  T v = IDENTITY;
  for (int i = 0; i < n; ++i) v = OP(v, in[i]);
  out[0] = c == 5 ? v : T(-1);
}
