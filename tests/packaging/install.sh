#!/usr/bin/env bash
# `cmake --install` as a lab administrator uses it: the prefix holds the program, its data, the man
# page, completion, menu entry, icons, metainfo and docs; moved elsewhere as a whole it still runs
# from any folder, on its own data (not the source tree's), with no environment variable set.
# Usage: install.sh BUILD_DIR SOURCE_DIR
set -u
build="$1" src="$2"
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || { echo "FAIL: cmake --install"; cat "$tmp/install.log"; exit 1; }

files=(bin/scanscope share/scanscope/kernels/ops.cuh share/scanscope/kernels/scan/scan-blelloch.cu
       share/scanscope/kernels/scan/block-scan.cuh share/scanscope/kernels/listings/scan-paper-listing3.cu
       share/scanscope/assets/lessons/06-padding.lesson share/scanscope/assets/exercises/pad-blelloch.exercise
       share/scanscope/assets/exercises/pad-blelloch-solution.cu share/scanscope/assets/bench/h200-int.json
       share/scanscope/assets/traces/h100-scan-blelloch-512-g80.json
       share/doc/scanscope/README.md share/doc/scanscope/docs/kernel-files.md)
files+=(share/man/man1/scanscope.1.gz share/bash-completion/completions/scanscope)
files+=(share/applications/org.scanscope.scanscope.desktop share/metainfo/org.scanscope.scanscope.metainfo.xml
        share/icons/hicolor/scalable/apps/org.scanscope.scanscope.svg share/icons/hicolor/48x48/apps/org.scanscope.scanscope.png)
files+=(share/doc/scanscope/copyright share/doc/scanscope/changelog.gz share/mime/packages/org.scanscope.scanscope.xml)
for f in "${files[@]}"; do
  [ -e "$prefix/$f" ] || { echo "FAIL: the install lacks $f"; fail=1; }
done
# Only what runs: no build files, no C++ of kernels/device.
extra=$(cd "$prefix/share/scanscope" && find . -name 'CMakeLists.txt' -o -path './kernels/device*' -o -name '*.cpp' -o -name '*.h' | head)
[ -z "$extra" ] || { echo "FAIL: the install holds build-only files: $extra"; fail=1; }

# Moved as a whole: the program finds the data beside it. A kernel file only the moved copy has
# shows that it reads its own data, not the source tree's.
mv "$prefix" "$tmp/moved"
inst="$tmp/moved"
sed 's/^\/\/ title: .*/\/\/ title: Only in the installed copy/' "$inst/share/scanscope/kernels/reduce/reduce-sequential.cu" \
  >"$inst/share/scanscope/kernels/reduce/zz-installed-only.cu"
mkdir -p "$tmp/home" "$tmp/elsewhere"
# Only PATH and HOME (and a sanitizer build's options) reach the program.
sanitizer_env=()
for v in ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS; do [ -z "${!v:-}" ] || sanitizer_env+=("$v=${!v}"); done
run() { (cd "$tmp/elsewhere" && env -i PATH=/usr/bin:/bin HOME="$tmp/home" "${sanitizer_env[@]}" "$inst/bin/scanscope" "$@"); }
# ok DESCRIPTION COMMAND...: the command exits 0 (its output in $tmp/out).
ok() {
  local what="$1"; shift
  if "$@" >"$tmp/out" 2>&1; then echo "ok:   $what"; else echo "FAIL: $what:"; head -c 3000 "$tmp/out"; fail=1; fi
}
ok "list" run list
grep -q "file: kernels/scan/scan-blelloch.cu" "$tmp/out" || { echo "FAIL: list does not name kernels/scan/scan-blelloch.cu"; fail=1; }
grep -q "^zz-installed-only " "$tmp/out" || { echo "FAIL: list does not read the installed kernels folder"; fail=1; }
ok "trace" run trace --kernel scan-blelloch --n 16 --pad none
ok "lesson list" run lesson list
grep -q "^padding " "$tmp/out" || { echo "FAIL: lesson list lacks padding"; fail=1; }
ok "lesson show" run lesson show padding --step 0
ok "check of an exercise's model solution" run check "$inst/share/scanscope/assets/exercises/pad-blelloch-solution.cu" --exercise pad-blelloch
ok "--version" run --version
# The file type of lessons, as the desktop's database takes it, and a lesson file opened by its path
# (a file manager runs `scanscope FILE`; `lesson show FILE` reads the same file).
ok "the .lesson file type" sh -c "mkdir -p '$tmp/mime/packages' && cp '$inst/share/mime/packages/org.scanscope.scanscope.xml' '$tmp/mime/packages/' &&
  update-mime-database '$tmp/mime' && grep -q 'application/x-scanscope-lesson' '$tmp/mime/globs2' && grep -q '\\*.lesson' '$tmp/mime/globs2'"
cp "$inst/share/scanscope/assets/lessons/06-padding.lesson" "$tmp/elsewhere/own.lesson"
ok "lesson show by its path" run lesson show own.lesson --step 0
grep -q "^Padding" "$tmp/out" || { echo "FAIL: lesson show own.lesson: $(head -2 "$tmp/out")"; fail=1; }
ok "man page" sh -c "gzip -dc '$inst/share/man/man1/scanscope.1.gz' | grep -q '^\.SS \"scanscope trace\"'"
# Nothing was written beside the program or into its data.
written=$(find "$inst" -newer "$inst/share/scanscope/kernels/reduce/zz-installed-only.cu" -type f | head)
[ -z "$written" ] || { echo "FAIL: running wrote into the installation: $written"; fail=1; }

# With the source and build trees out of reach (a mount namespace hides them), where it can be done.
# (A sanitizer build's suppressions file is in the hidden tree: leak checking is off there.)
if unshare --mount --propagation private true 2>/dev/null; then
  e="env -i PATH=/usr/bin:/bin HOME='$tmp/home' ASAN_OPTIONS=detect_leaks=0 '$inst/bin/scanscope'"
  ok "list, trace and check with the source tree hidden" unshare --mount --propagation private sh -c "
    mount -t tmpfs none '$src' && { [ ! -e '$src/kernels' ] || exit 3; } && cd '$tmp/elsewhere' &&
    $e list >/dev/null && $e trace --kernel reduce-sequential --n 64 >/dev/null &&
    $e check '$inst/share/scanscope/assets/exercises/pad-blelloch-solution.cu' --exercise pad-blelloch"
else
  echo "note: no mount namespace here: the source tree stayed visible (the moved copy's own kernel showed above)"
fi
[ $fail -eq 0 ] && echo "install: all passed"
exit $fail
