#!/usr/bin/env bash
# CI's check of the Debian package: unpacks it (dpkg-deb -x) into a scratch root and runs the
# program from there as an installed one runs, with the source tree out of reach: `list`, a
# `trace`, a `check` of an exercise's model solution, and a window screenshot under Xvfb. The
# source tree (the build tree with it) is hidden under an empty tmpfs in a mount namespace; where
# no namespace can be made, the program still shows that it reads the unpacked data: a kernel
# file only the unpacked copy has is in its `list`.
# Usage: scripts/check_package.sh [PACKAGE.deb]   (default: build/package/scanscope_*.deb)
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
deb=${1:-$(ls build/package/scanscope_*.deb)}
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
sed 's/^\/\/ title: .*/\/\/ title: Only in the unpacked package/' "$root/usr/share/scanscope/kernels/reduce/reduce-sequential.cu" \
  >"$root/usr/share/scanscope/kernels/reduce/zz-unpacked-only.cu"
mkdir -p "$root/home" "$root/work"

# The runs, as one script for `bash -c` (read before the source tree is hidden).
runs='set -euo pipefail
cd "$ROOT/work"
# Nothing of the environment but PATH and HOME (and the sanitizer options of a CI build).
san=(); for v in ASAN_OPTIONS UBSAN_OPTIONS; do [ -z "${!v:-}" ] || san+=("$v=${!v}"); done
s() { env -i PATH=/usr/bin:/bin HOME="$ROOT/home" "${san[@]}" "$ROOT/usr/bin/scanscope" "$@"; }
[ ! -e "$SRC/kernels" ] || [ "$HIDDEN" = 0 ] || { echo "the source tree is still visible"; exit 1; }
s --version >version.txt
head -1 version.txt
s list >list.txt
grep -q "^zz-unpacked-only " list.txt || { echo "list does not read the unpacked kernels"; exit 1; }
grep -q "file: kernels/scan/scan-blelloch.cu" list.txt
s trace --kernel scan-blelloch --n 16 --pad none >trace.txt
grep -q "totals" trace.txt || { cat trace.txt; exit 1; }
s check "$ROOT/usr/share/scanscope/assets/exercises/pad-blelloch-solution.cu" --exercise pad-blelloch | tail -1
xvfb-run -a -s "-screen 0 1280x720x24" sh -c '\''exec env -i PATH=/usr/bin:/bin HOME="$2" DISPLAY="$DISPLAY" \
  XAUTHORITY="$XAUTHORITY" ASAN_OPTIONS="$4" "$1" --kernel scan-blelloch --n 8 --step 3 --screenshot "$3"'\'' sh \
  "$ROOT/usr/bin/scanscope" "$ROOT/home" "$ROOT/work/window.png" "${ASAN_OPTIONS:-}"
[ -s "$ROOT/work/window.png" ] || { echo "no screenshot"; exit 1; }
echo "package: list, trace, check and a window screenshot ran from the unpacked package"'

if unshare --mount --propagation private true 2>/dev/null; then
  echo "== scanscope: the unpacked package, the source tree hidden ($src)"
  ROOT=$root SRC=$src HIDDEN=1 unshare --mount --propagation private bash -c "mount -t tmpfs none '$src' && $runs"
else
  echo "== scanscope: the unpacked package (no mount namespace here: the source tree stays visible)"
  ROOT=$root SRC=$src HIDDEN=0 bash -c "$runs"
fi
