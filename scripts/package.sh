#!/usr/bin/env bash
# Builds the Debian package from the Release build in build/ (made first when missing) and checks
# it: build/package/scanscope_VERSION_ARCH.deb, then lintian (errors fail), desktop-file-validate
# and appstreamcli on what it installs. `scripts/package.sh --no-check` only builds it.
# BUILD=DIR packages another configured build tree (CI: its sanitizer build, scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
check=1
[ "${1:-}" = --no-check ] && check=0
build=${BUILD:-build}
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build"
rm -f "$build"/package/scanscope_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/package/scanscope_*.deb)
echo "scanscope: built $deb"
[ "$check" -eq 1 ] || exit 0

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
desktop-file-validate "$root"/usr/share/applications/*.desktop
appstreamcli validate --no-net "$root"/usr/share/metainfo/*.metainfo.xml
# lintian: errors fail the build; warnings and notes are printed for a person to read.
lintian --fail-on error --tag-display-limit 0 "$deb"
echo "scanscope: $deb: lintian, desktop-file-validate and appstreamcli passed"
