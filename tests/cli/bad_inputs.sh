# The one list of bad inputs: what each one is, a pattern (grep -E) its single stderr line must
# match, and the arguments. Sourced by tests/cli/cli_errors.sh, which asserts every case, and by
# scripts/bad_inputs_table.sh, which writes docs/bad-inputs.md from it. Before sourcing, the
# sourcing script sets bin (the scanscope binary) and tmp (a scratch folder) and defines
#   bad_input LABEL PATTERN ARGS...         a bad input on any machine
#   bad_input_no_gpu LABEL PATTERN ARGS...  a bad input where no usable GPU is (the GPU cases)
# Add a case here and both the test and the table have it.

# The files the cases open, under $tmp.
printf '{"format":"scanscope-trace","version":1' >"$tmp/truncated.json"
printf '{"format":"scanscope-bench","version":1}' >"$tmp/bench-as-trace.json"
"$bin" trace --kernel scan-blelloch --input 3,1,7,0 --device cpu --quiet --json "$tmp/good.json"
python3 - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
g = json.load(open(d + "/good.json"))
def w(name, edit):
    j = json.loads(json.dumps(g)); edit(j); json.dump(j, open(d + "/" + name, "w"))
w("version2.json", lambda j: j.update(version=2))
w("n-contradicts.json", lambda j: j.update(n=5))
w("bad-word.json", lambda j: j["steps"][1]["accesses"][0].update(word=99999))
w("bad-tid.json", lambda j: j["steps"][1]["accesses"][0].update(tid=-1))
w("huge-n.json", lambda j: j.update(n=10**12))
w("smem-short.json", lambda j: j["steps"][2]["smem"].pop())
w("no-steps.json", lambda j: j.update(steps=[]))
w("escape-kernel.json", lambda j: j.update(kernel="\x1b]0;title\x07\x1b[2J"))
w("long-device.json", lambda j: j.update(device="x" * 17000))
w("long-label.json", lambda j: j["steps"][0].update(label="y" * 100000))
def c1_kernel(j):
    j.update(kernel="\u009b2J\u202emagic"); del j["files"]; del j["sites"]
w("c1-kernel.json", c1_kernel)
w("big-input.json", lambda j: j["input"].__setitem__(0, 9223372036854775807))
open(d + "/bomb-arrays.json", "w").write("[" * 200000 + "]" * 200000)
open(d + "/bomb-objects.json", "w").write("[" + ",".join(["{}"] * 30000) + "]")
import struct, zlib
def png(w, h):
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)
    chunk = lambda t, b: struct.pack(">I", len(b)) + t + b + struct.pack(">I", zlib.crc32(t + b))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")
open(d + "/zero.png", "wb").write(png(0, 0))
open(d + "/huge.png", "wb").write(png(65536, 65536))
open(d + "/truncated.pgm", "wb").write(b"P5\n30000 2000\n255\n" + b"\x80" * 1000)
# Formats not read, refused by name: a 46-byte PSD claiming 8192x8192, a TGA with 10 bytes of pixels,
# a truncated RLE HDR (stb once made a black picture of the first two and hung on the third).
psd = b"8BPS\x00\x01" + b"\x00" * 6 + b"\x00\x03" + struct.pack(">II", 8192, 8192) + b"\x00\x08\x00\x03"
open(d + "/header.psd", "wb").write(psd + b"\x00" * (46 - len(psd)))
open(d + "/short.tga", "wb").write(b"\x00\x00\x02" + b"\x00" * 9 + struct.pack("<HHBB", 64, 64, 24, 0) + b"\x7f" * 10)
open(d + "/rle.hdr", "wb").write(b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 8 +X 64\n\x02\x02\x00\x40\x81\xff")
open(d + "/idat.png", "wb").write(png(8192, 8192))
open(d + "/ppm16.ppm", "wb").write(b"P6\n4096 4096\n65535\n" + b"\xff" * 2000)
PY
mkdir -p "$tmp/folder.json"
mkfifo "$tmp/fifo"
printf 'frames 2\n' >"$tmp/script.txt"
printf '{"format":"scanscope-trace","version":1,"n":1e309}' >"$tmp/n-1e309.json"
root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mkdir -p "$tmp/assets2/lessons" && cp "$root_dir/assets/lessons/01-reduction-tree.lesson" "$tmp/assets2/lessons/"
cp -r "$root_dir/kernels" "$tmp/kernels"
printf 'not an image' >"$tmp/fake.png"
printf '// ops: sum mul\n// launch: k<<<1, 1>>>(out)\n__global__ void k(int* out) { out[0] = 0; }\n' >"$tmp/bad-ops.cu"
# Hostile kernel files (docs/kernel-files.md, "Limits"): each ends in its one line, quickly.
python3 - "$tmp" <<'PY'
import sys
d = sys.argv[1]
head = "// launch: k<<<1, 1>>>(out)\n"
body = "__global__ void k(int *out) { out[0] = 0; }\n"
def w(name, text):
    open(d + "/" + name, "w").write(text)
w("huge.cu", head + body + "// " + "x" * (1 << 20) + "\n")
w("nested.cu", head + "__global__ void k(int *out) { out[0] = " + "(" * 20000 + "1" + ")" * 20000 + "; }\n")
w("bomb.cu", head + "#define A0 x\n" + "".join("#define A%d A%d A%d\n" % (i, i - 1, i - 1) for i in range(1, 41)) +
  "__global__ void k(int *out) { int x = 0; out[0] = A40; }\n")
w("self.cu", head + '#include "self.cu"\n' + body)
w("recursive.cu", head + "__device__ int f(int x) { return f(x + 1); }\n__global__ void k(int *out) { out[0] = f(0); }\n")
w("endless.cu", "// launch: k<<<1, 1024>>>(out)\n__global__ void k(int *out) { while (1) { } }\n")
w("endless-barrier.cu", "// launch: k<<<1, 64>>>(out)\n__global__ void k(int *out) { while (1) __syncthreads(); }\n")
w("big-shared.cu", head + "__shared__ int s[12288], t[12288];\n" + body)
w("big-local.cu", head + "__global__ void k(int *out) { int a[100000000]; out[0] = 0; }\n")
w("big-block.cu", "// launch: k<<<1, 1 << 40>>>(out)\n" + body)
w("plain.cu", head + body)
# #include out of the kernel's tree (issue 28): neither read nor quoted
w("inc-passwd.cu", '#include "/etc/passwd"\n' + head + body)
w("inc-hostname.cu", '#include "../../../../../../../../../etc/hostname"\n' + head + body)
w("inc-proc.cu", '#include "/proc/self/maps"\n' + head + body)
# an output onto the file a kernel includes
w("inc.cuh", "#define ONE 1\n")
w("main.cu", '#include "inc.cuh"\n' + head + "__global__ void k(int *out) { out[0] = ONE; }\n")
# pointers 2^32 elements past their array
w("wrap-shared.cu", head + "__global__ void k(int *out) {\n  __shared__ int s[4];\n  s[0] = 0;\n  *(s + 2147483648u + 2147483648u) = 1;\n  out[0] = s[0];\n}\n")
w("wrap-out.cu", head + "__global__ void k(int *out) {\n  *(out + 2147483648u + 2147483648u) = 1;\n}\n")
# a grid of 4096 one-thread blocks, each a loop under the block's budget
w("grid-budget.cu", "// launch: k<<<4096, 1>>>(out)\n// out: N\n__global__ void k(int *out) {\n  int x = 0;\n"
  "  for (int i = 0; i < 3000000; ++i) x += i;\n  out[blockIdx.x] = x;\n}\n")
w("escape.cu", head + "// title: \x1b[2J\n" + body)
# the first grid reduction many students write: atomicAdd into an out the host never zeroed
w("missing-init.cu", "// launch: k<<<2, 4>>>(in, out)\n// check: reduce\n"
  "__global__ void k(const int *in, int *out) { atomicAdd(out, in[blockIdx.x * 4 + threadIdx.x]); }\n")
PY

bad_input "unknown kernel" "unknown kernel 'reduce-magic' \(known: reduce-[a-z-]*, reduce-first-add, .* and [0-9]+ more, which scanscope list names; or --source FILE.cu\)" trace --kernel reduce-magic --device cpu
bad_input "unknown kernel, no family" "unknown kernel 'magic' \(scanscope list names the [0-9]+ known; or --source FILE.cu\)" trace --kernel magic --device cpu
bad_input "n too large for the kernel" "takes --n from 1 to 2048, not 4096" trace --kernel scan-blelloch --n 4096 --device cpu
bad_input "n = 0" "takes --n of at least 1, not 0" trace --kernel scan-hillis-steele --n 0 --device cpu
bad_input "n = 1 for Blelloch" "needs --n of at least 2" trace --kernel scan-blelloch --n 1 --device cpu
bad_input "n not a number" "Could not convert: --n = twelve" trace --kernel scan-blelloch --n twelve
bad_input "n overflows an int" "Could not convert: --n = 99999999999" trace --kernel scan-blelloch --n 99999999999
bad_input "threads > 1024" "--threads must be from 1 to 1024" trace --kernel reduce-sequential --n 64 --threads 2048 --device cpu
bad_input "threads not a power of two" "needs --threads a power of two" trace --kernel reduce-sequential --n 64 --threads 48 --device cpu
bad_input "threads the kernel cannot run" "runs exactly 8 threads, not 4" trace --kernel scan-blelloch --n 16 --threads 4 --device cpu
bad_input "too few threads for unrolling" "needs at least 64 threads" trace --kernel reduce-unroll-warp --n 64 --threads 32 --device cpu
bad_input "unknown padding" "--pad must be none, harris or zero, not 'half'" trace --kernel scan-blelloch --n 16 --pad half --device cpu
bad_input "padding on a reduction" "does not take --pad" trace --kernel reduce-sequential --n 16 --pad harris --device cpu
bad_input "8 banks" "--banks must be 32 or 16, not 8" trace --kernel scan-blelloch --n 16 --banks 8 --device cpu
bad_input "warp issue 8" "--warp-issue must be 32 or 16" trace --kernel scan-blelloch --n 16 --warp-issue 8 --device cpu
bad_input "unknown operator" "unknown --op 'mul'" trace --kernel reduce-sequential --n 16 --op mul --device cpu
bad_input "bitwise or on floats" "--op or is bitwise and needs --type int" trace --kernel reduce-sequential --n 16 --op or --type float --device cpu
bad_input "unknown type" "--type must be int or float" trace --kernel reduce-sequential --n 16 --type double --device cpu
bad_input "inclusive Blelloch" "exclusive scan only" trace --kernel scan-blelloch --n 16 --scan inclusive --device cpu
bad_input "exclusive warp-shuffle scan" "inclusive scan only" trace --kernel scan-warp-shuffle --n 16 --scan exclusive --device cpu
bad_input "unknown scan kind" "--scan must be inclusive or exclusive" trace --kernel scan-hillis-steele --n 16 --scan both --device cpu
bad_input "--scan on a reduction" "is a reduction and takes no --scan" trace --kernel reduce-sequential --n 16 --scan inclusive --device cpu
bad_input "input item not a number" "--input item 3 'x' is not an integer" trace --kernel scan-blelloch --input 1,2,x,4 --device cpu
bad_input "empty input item" "--input item 2 is empty" trace --kernel scan-blelloch --input 1,,3 --device cpu
bad_input "input beyond int32" "does not fit in a 32-bit int" trace --kernel scan-blelloch --input 1,99999999999 --device cpu
bad_input "NaN float input" "not a finite float" trace --kernel scan-blelloch --type float --input 1,nan --device cpu
bad_input "float input beyond a float" "--input item 1 .3.5e38. is beyond a float.s range" trace --kernel scan-blelloch --type float --input 3.5e38,1 --device cpu
bad_input "input count vs --n" "--input has 3 values but --n is 8" trace --kernel scan-blelloch --input 1,2,3 --n 8 --device cpu
bad_input "negative radix key" "sorts non-negative ints; --input has -1" trace --kernel app-radix-sort --input 3,-1 --device cpu
bad_input "kernel file with an unknown operator" "bad-ops.cu:1: unknown operator 'mul' \(known: sum, min, max, or, mat2" trace --source "$tmp/bad-ops.cu" --device cpu
bad_input "kernel file over 1 MiB" "huge.cu: 1048652 bytes, more than the 1 MiB a kernel file may have" trace --source "$tmp/huge.cu" --device cpu
bad_input "20000 nested parentheses" "nested.cu:2:238: nested more than 200 levels deep" trace --source "$tmp/nested.cu" --device cpu
bad_input "macro expansion bomb" "bomb.cu:43:51: macro expansion comes to more than 1000000 tokens" trace --source "$tmp/bomb.cu" --device cpu
bad_input "kernel file including itself" "self.cu:2:10: #include \"self.cu\": includes nested more than 32 deep" trace --source "$tmp/self.cu" --device cpu
bad_input "recursive __device__ function" "recursive.cu:2:34: thread 0: calls nested more than 64 deep \(recursion\?\)" trace --source "$tmp/recursive.cu" --device cpu
bad_input "endless loop" "endless.cu:2:31: thread 0: the block ran more than 50000000 instructions" trace --source "$tmp/endless.cu" --device cpu
bad_input "endless loop around a barrier" "endless-barrier.cu:2:41: thread 0: the trace would have more than 4096 steps" trace --source "$tmp/endless-barrier.cu" --device cpu
bad_input "shared memory over 48 KiB" "big-shared needs 98304 bytes of shared memory, more than the 49152" trace --source "$tmp/big-shared.cu" --device cpu
bad_input "local array of 10^8 elements" "big-local.cu:2:37: local array 'a' of 100000000 elements \(1 to 1024 allowed\)" trace --source "$tmp/big-local.cu" --device cpu
bad_input "block of 2^40 threads" "launches 1099511627776 threads per block .*a block has 1 to 1024" trace --source "$tmp/big-block.cu" --device cpu
bad_input "escape sequence in a kernel file" "escape.cu:2:11: a control character \(byte 0x1B\): a kernel file is text" trace --source "$tmp/escape.cu" --device cpu
bad_input "#include of /etc/passwd" "inc-passwd.cu:1:10: #include \"/etc/passwd\": an absolute path; a kernel file includes by relative paths, inside the folders a kernel file may include from" trace --source "$tmp/inc-passwd.cu" --device cpu
bad_input "#include of ../../etc/hostname" "inc-hostname.cu:1:10: #include \"(\.\./)+etc/hostname\": outside the folders a kernel file may include from" trace --source "$tmp/inc-hostname.cu" --device cpu
bad_input "#include of /proc/self/maps" "inc-proc.cu:1:10: #include \"/proc/self/maps\": an absolute path" trace --source "$tmp/inc-proc.cu" --device cpu
bad_input "pointer 2^32 elements past shared memory" "wrap-shared.cu:5:3: thread 0: shared-memory word 4294967296 is outside the block's 4 words" trace --source "$tmp/wrap-shared.cu" --device cpu
bad_input "pointer 2^32 elements past out" "wrap-out.cu:3:3: thread 0: writes out\[4294967296\], outside its" trace --source "$tmp/wrap-out.cu" --device cpu
bad_input "grid of 4096 blocks under the block's budget" "grid-budget.cu:5:37: thread 0 of block 2: the trace ran more than 100000000 instructions \(all blocks and launches together\): a loop that never ends" trace --source "$tmp/grid-budget.cu" --n 4096 --device cpu
bad_input "n beyond a trace" "--n must be from 1 to 65536 \(a trace's limit\), not 2000000000" trace --source "$tmp/plain.cu" --n 2000000000 --device cpu
bad_input "atomicAdd on an out the host did not set" "kernel fault: .*/missing-init.cu:3:46: thread 0 of block 0: atomicAdd reads out\\[0\\], which no thread has written and no init: line sets; add '// init: out = 0' if the host zeroes it" trace --source "$tmp/missing-init.cu" --n 8 --device cpu
bad_input "application with --op max" "app-compact takes --op sum, not max" trace --kernel app-compact --n 16 --op max --device cpu
bad_input "unknown device" "--device must be auto, cpu or gpu" trace --kernel scan-blelloch --device tpu
bad_input_no_gpu "--device gpu without a GPU" "--device gpu: no usable GPU: " trace --kernel scan-blelloch --n 16 --device gpu
bad_input_no_gpu "--timed without a GPU" "--timed runs the timed kernel on the GPU: no usable GPU" trace --kernel scan-blelloch --n 16 --timed
bad_input "trace file missing" "missing.json: cannot open for reading" --open "$tmp/missing.json" --screenshot "$tmp/x.png"
bad_input "trace file truncated" "truncated.json: not valid JSON" --open "$tmp/truncated.json" --screenshot "$tmp/x.png"
bad_input "benchmark file opened as trace" "bench-as-trace.json: format: is not \"scanscope-trace\"" --open "$tmp/bench-as-trace.json" --screenshot "$tmp/x.png"
bad_input "trace version 2" "version2.json: version: is 2" --open "$tmp/version2.json" --screenshot "$tmp/x.png"
bad_input "trace n contradicts its input" "n-contradicts.json: input: has 4 values but n is 5" --open "$tmp/n-contradicts.json" --screenshot "$tmp/x.png"
bad_input "trace n huge" "huge-n.json: n: 1000000000000 is outside" --open "$tmp/huge-n.json" --screenshot "$tmp/x.png"
bad_input "trace word out of range" "bad-word.json: steps\[1\]\.accesses\[0\]\.word: 99999 is outside" --open "$tmp/bad-word.json" --screenshot "$tmp/x.png"
bad_input "trace thread id negative" "bad-tid.json: steps\[1\]\.accesses\[0\]\.tid: -1 is outside" --open "$tmp/bad-tid.json" --screenshot "$tmp/x.png"
bad_input "trace shared memory short" "smem-short.json: steps\[2\]\.smem: has 3 words, expected 4" --open "$tmp/smem-short.json" --screenshot "$tmp/x.png"
bad_input "image that is not one" "fake.png: cannot read as an image" histeq --image "$tmp/fake.png"
bad_input "image missing" "none.png: cannot open for reading" histeq --image "$tmp/none.png"
bad_input "unknown lesson" "no lesson 'flying'" lesson show flying
bad_input "float-order data kind" "--data must be uniform, mixed or cancel" float-order --data gaussian
bad_input "float-order n too large" "--n must be from 1 to 65536" float-order --n 100000
bad_input "bench: unknown kernel" "unknown bench kernel 'fastest'" bench --kernel fastest
bad_input "bench: min above max" "sizes must satisfy 1 <= --min <= --max" bench --min 4096 --max 1024
bad_input "bench: kept fraction over 100 %" "--kept takes percentages 0 to 100, comma-separated, not '120'" bench --kept 10,120
bad_input "bench: kept fraction not a number" "--kept takes percentages 0 to 100, comma-separated, not '10%'" bench --kept 10%
# The timing panel's names are checked before any window opens (and in builds without one).
bad_input "unknown timing preset" "--timing-preset: no preset 'fastest' \(one of: reduce-vs-cub, scan-vs-cub, compaction-vs-cub, applications-vs-cub, sources, harris-table2, oancea\)" --timing-preset fastest --screenshot "$tmp/x.png"
bad_input "unknown timing series" "--series: no series 'scan-fastest' \(accepted: reduce-tree, .*cpu-std-inclusive-scan" --series scan-best,scan-fastest --screenshot "$tmp/x.png"
bad_input "timing series twice" "--series: 'copy' is named twice" --series copy,cub-scan,copy --screenshot "$tmp/x.png"
bad_input "timing preset and series" "--timing-preset and --series both choose the timing panel's series: give one of them" --timing-preset sources --series copy --screenshot "$tmp/x.png"
bad_input "unknown timing view" "--timing-view: 'bars' is not a view \(one of: time, ratio\)" --timing-view bars --screenshot "$tmp/x.png"
bad_input "step negative" "--step must be 0 or more" --step -5 --screenshot "$tmp/x.png"
# Empty values and numbers that are not decimal are refused, never replaced by a default.
bad_input "empty --input" "--input: an empty value" trace --kernel scan-blelloch --input '' --device cpu
bad_input "empty --json" "--json: an empty value" trace --kernel scan-blelloch --n 8 --device cpu --json ''
bad_input "empty --seed" "--seed: an empty value" trace --kernel scan-blelloch --n 8 --device cpu --seed ''
bad_input "empty --screenshot" "--screenshot: an empty value" --screenshot ''
bad_input "empty histeq --out" "--out: an empty value" histeq --out ''
bad_input "n negative" "--n must be 1 or more, not -1" trace --kernel scan-blelloch --n -1 --device cpu
bad_input "n octal-looking" "--n: '010' is not a decimal number" trace --kernel scan-blelloch --n 010 --device cpu
bad_input "threads hexadecimal" "--threads: '0x10' is not a decimal number" trace --kernel reduce-sequential --n 32 --threads 0x10 --device cpu
bad_input "lesson step negative" "--step must be 0 or more, not -5" lesson show padding --step -5
bad_input "window size overflowing" "--size must be from 320 to 7680 pixels, not 2147483647" --size 2147483647 --screenshot "$tmp/x.png"
bad_input "exit after 2^63 frames" "--exit-after-frames must be from 0 to 1000000, not 9223372036854775807" --exit-after-frames 9223372036854775807
bad_input "exit after 2^63 frames, overflowing" "exit-after-frames" --exit-after-frames 9223372036854775808
bad_input "threads 0" "--threads must be from 1 to 1024 \(a block's limit\), not 0" trace --kernel reduce-sequential --n 64 --threads 0 --device cpu
bad_input "warp issue 0" "--warp-issue must be 32 or 16 \(G80 half-warps\), not 0" trace --kernel scan-blelloch --n 16 --warp-issue 0 --device cpu
bad_input "bits 0" "--bits must be from 1 to 31, not 0" trace --kernel app-radix-sort --n 16 --bits 0 --device cpu
bad_input "bench max 0" "sizes must satisfy 1 <= --min <= --max <= 2\^30 \(1073741824\), not --min 1024 --max 0" bench --max 0
bad_input "window size too large" "--size must be from 320 to 7680 pixels, not 40000" --size 40000 --screenshot "$tmp/x.png"
bad_input_no_gpu "bench of 2^30 without a GPU" "without a GPU --max is at most 2\^26" bench --min 1073741824 --max 1073741824
# Outputs are checked before the work, and never overwrite an input.
bad_input "output folder missing" "--json $tmp/nodir/b.json: no folder" bench --min 1024 --max 1024 --json "$tmp/nodir/b.json"
bad_input "screenshot over its own trace" "--screenshot .*good.json: is also an input" --open "$tmp/good.json" --screenshot "$tmp/good.json"
bad_input "trace JSON onto a kernel file by its name" "--json .*inc.cuh would replace a kernel file" trace --source "$tmp/main.cu" --device cpu --json "$tmp/inc.cuh"
ln -f "$tmp/inc.cuh" "$tmp/inc-link.json"
bad_input "trace JSON onto a file the kernel includes (a hard link)" "--json .*inc-link.json: is also an input" trace --source "$tmp/main.cu" --device cpu --json "$tmp/inc-link.json"
ln -f "$tmp/kernels/scan/scan-blelloch.cu" "$tmp/blelloch-link.json"
SCANSCOPE_KERNEL_DIR="$tmp/kernels" bad_input "trace JSON onto the catalogue kernel traced" "--json .*blelloch-link.json: is also an input" trace --kernel scan-blelloch --n 16 --device cpu --json "$tmp/blelloch-link.json"
bad_input "screenshot onto the edit script" "--screenshot .*script.txt: is also an input" --edit-script "$tmp/script.txt" --screenshot "$tmp/script.txt"
SCANSCOPE_ASSETS="$tmp/assets2" bad_input "screenshot onto the lesson shown" "--screenshot .*01-reduction-tree.lesson: is also an input" --lesson reduction-tree --screenshot "$tmp/assets2/lessons/01-reduction-tree.lesson"
bad_input "output is a folder" "is a folder, not a file" trace --kernel scan-blelloch --n 8 --device cpu --json "$tmp/folder.json"
# Files that are not what they claim, refused while reading.
bad_input "trace with no steps" "no-steps.json: steps: is empty" --open "$tmp/no-steps.json" --screenshot "$tmp/x.png"
bad_input "trace kernel with escape codes" "escape-kernel.json: kernel: contains a control character \(code 27\)" --open "$tmp/escape-kernel.json" --screenshot "$tmp/x.png"
bad_input "trace device of 17000 characters" "long-device.json: device: 17000 characters, more than 1024" --open "$tmp/long-device.json" --screenshot "$tmp/x.png"
bad_input "trace step label of 100000 characters" "long-label.json: steps\[0\]\.label: 100000 characters" --open "$tmp/long-label.json" --screenshot "$tmp/x.png"
bad_input "trace kernel with a C1 control and a bidi override, quoted in the error" "c1-kernel.json: kernel: unknown kernel '.u009b2J.u202emagic'" --open "$tmp/c1-kernel.json" --screenshot "$tmp/x.png"
bad_input "trace int input of 2^63" "big-input.json: input\[0\]: 9.2233720368547758e\+18 is not a 32-bit integer" --open "$tmp/big-input.json" --screenshot "$tmp/x.png"
bad_input "JSON bomb of nested arrays" "bomb-arrays.json: not a scanscope file \(nested more than 16 deep\)" --open "$tmp/bomb-arrays.json" --screenshot "$tmp/x.png"
bad_input "JSON bomb of empty objects" "bomb-objects.json: not a scanscope file \(more than one object or array per 8 bytes\)" --open "$tmp/bomb-objects.json" --screenshot "$tmp/x.png"
bad_input "folder as a trace" "folder.json: a folder, not a trace" --open "$tmp/folder.json" --screenshot "$tmp/x.png"
bad_input "device as a trace" "/dev/zero: not a regular file" --open /dev/zero --screenshot "$tmp/x.png"
bad_input "trace n of 1e309" "n-1e309.json: not valid JSON \(byte [0-9]+: a number beyond a double's range\)" --open "$tmp/n-1e309.json" --screenshot "$tmp/x.png"
bad_input "ncu CSV a FIFO" "fifo: not a regular file \(a device, FIFO or socket\), not an ncu CSV file" validate --ncu-csv "$tmp/fifo"
bad_input "ncu CSV /dev/zero" "/dev/zero: not a regular file" validate --ncu-csv /dev/zero
bad_input "edit script a FIFO" "fifo: not a regular file \(a device, FIFO or socket\), not an edit script" --edit-script "$tmp/fifo" --screenshot "$tmp/x.png"
bad_input "edit script /dev/zero" "/dev/zero: not a regular file" --edit-script /dev/zero --screenshot "$tmp/x.png"
bad_input "edit script a folder" "folder.json: a folder, not an edit script" --edit-script "$tmp/folder.json" --screenshot "$tmp/x.png"
bad_input "PNG header of 0x0" "zero.png: the PNG header says 0x0 pixels" histeq --image "$tmp/zero.png"
bad_input "PNG header of 65536x65536" "huge.png: the PNG header says 65536x65536 pixels" histeq --image "$tmp/huge.png"
bad_input "truncated PGM" "truncated.pgm: the header says 30000x2000 pixels \(60000018 bytes\), but the file has 1018 bytes: truncated" histeq --image "$tmp/truncated.pgm"
bad_input "truncated 16-bit PPM of 4096x4096" "ppm16.ppm: the header says 4096x4096 pixels \(100663315 bytes\), but the file has 2019 bytes: truncated" histeq --image "$tmp/ppm16.ppm"
bad_input "PNG of 8192x8192 with no pixel data" "idat.png: the PNG header says 8192x8192 pixels \(67117056 bytes\), but its compressed data \(0 bytes\) cannot hold that many: truncated" histeq --image "$tmp/idat.png"
bad_input "PSD of 46 bytes claiming 8192x8192" "header.psd: a PSD image, which scanscope does not read \(it reads PNG, JPEG, PGM/PPM \(P5/P6\) and BMP\)" histeq --image "$tmp/header.psd"
bad_input "TGA with 10 bytes of pixels" "short.tga: a TGA image, which scanscope does not read" histeq --image "$tmp/short.tga"
bad_input "truncated RLE HDR" "rle.hdr: a Radiance HDR image, which scanscope does not read" histeq --image "$tmp/rle.hdr"
# scanscope check and exercise: bad input is exit 2, one line, nothing graded.
bad_input "check: unknown exercise" "no exercise 'fly' \(exercises: conflict-free-reduction, " check "$tmp/bad-ops.cu" --exercise fly
bad_input "check: file missing" "nothing.cu: no such file" check "$tmp/nothing.cu"
bad_input "check: no files" "check needs one or more kernel files" check
bad_input_no_gpu "check --gpu without a GPU" "--gpu: no usable GPU: " check "$tmp/bad-ops.cu" --gpu
bad_input "check: run options with an exercise" "--n cannot be combined with --exercise" check "$tmp/bad-ops.cu" --exercise first-add --n 64
bad_input "check: negative limit" "--max-conflicts must be 0 or more, not -3" check "$tmp/bad-ops.cu" --max-conflicts -3
bad_input "check: --json onto a kernel file" "--json .*bad-ops.cu would overwrite a kernel file" check --json "$tmp/bad-ops.cu"
bad_input "unknown exercise" "no exercise 'fly'" exercise show fly
# Outputs never replace inputs: validate --markdown over a kernel file of its --sources, and a
# picture of --lesson-walk over the edit script, refused before any work.
mkdir -p "$tmp/srcs" "$tmp/walk"
printf '// launch: k<<<1, 32>>>(in, out, N)\n// check: copy\n__global__ void k(const int *in, int *out, int n) { out[threadIdx.x] = in[threadIdx.x]; }\n' >"$tmp/srcs/copy.cu"
ln -f "$tmp/srcs/copy.cu" "$tmp/copy-link.md"
bad_input "validate --markdown over a kernel file" "--markdown .*copy-link.md: is also an input" validate --sources "$tmp/srcs" --markdown "$tmp/copy-link.md"
printf 'frames 1\n' >"$tmp/walk/padding-0.png"
bad_input "--lesson-walk over the edit script" "--lesson-walk .*padding-0.png: is also an input" --lesson padding --screenshot "$tmp/s.png" --lesson-walk "$tmp/walk" --edit-script "$tmp/walk/padding-0.png"
bad_input "compile with no output" "give --ptx FILE, --cubin FILE and/or --bytecode FILE" compile --kernel scan-blelloch
cp "$tmp/srcs/copy.cu" "$tmp/shot-target.cu"
printf 'frames 1\nshot %s\n' "$tmp/shot-target.cu" >"$tmp/shot-script.txt"
bad_input "edit script: shot over the kernel file" "shot-script.txt:2: shot .*shot-target.cu: is also an input" --source "$tmp/shot-target.cu" --screenshot "$tmp/s.png" --edit-script "$tmp/shot-script.txt"
bad_input "a mistyped command" "'tarce' is neither a command \(list, trace, .*\) nor a file" tarce
cp "$tmp/srcs/copy.cu" "$tmp/srcs/copy.cu.txt"
bad_input "a file of no kind scanscope opens" "copy.cu.txt: scanscope opens kernel files \(.cu\), lessons \(.lesson\) and recordings \(.json\)" "$tmp/srcs/copy.cu.txt"
bad_input "a file to open and --open" "the file to open and --open both say what to show" "$tmp/good.json" --open "$tmp/good.json"
# Nor the program's own data, which the window and check read (a copy of it, under $tmp): a picture
# over a recording, check --json over an exercise file; and a shot over a file the kernel includes.
mkdir -p "$tmp/data"
cp -r "$(dirname "$0")/../../assets" "$tmp/data/assets"
SCANSCOPE_ASSETS="$tmp/data/assets" bad_input "--screenshot over a recording of the program" "--screenshot .*data/assets/bench/h200-int.json: is also an input" --panels timing --screenshot "$tmp/data/assets/bench/h200-int.json"
SCANSCOPE_ASSETS="$tmp/data/assets" bad_input "check --json over an exercise file" "--json .*first-add.exercise: is also an input" check "$tmp/data/assets/exercises/first-add-solution.cu" --exercise first-add --json "$tmp/data/assets/exercises/first-add.exercise"
printf '#define SCALE 1\n' >"$tmp/srcs/scale.cuh"
{ printf '#include "scale.cuh"\n'; cat "$tmp/srcs/copy.cu"; } >"$tmp/srcs/with-include.cu"
printf 'frames 1\nshot %s\n' "$tmp/srcs/scale.cuh" >"$tmp/shot-include.txt"
bad_input "edit script: shot over an included file" "shot-include.txt:2: shot .*scale.cuh: is also an input" --source "$tmp/srcs/with-include.cu" --screenshot "$tmp/s.png" --edit-script "$tmp/shot-include.txt"
bad_input "compile --bytecode over a kernel file by its name" "--bytecode .*copy.cu would replace a kernel file" compile --kernel scan-blelloch --bytecode "$tmp/srcs/copy.cu"
