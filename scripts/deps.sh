#!/usr/bin/env bash
# Installs the Debian 12 packages scanscope needs (only those missing). Needs root or sudo.
# CUDA is optional and not a Debian package here: when nvcc is at /usr/local/cuda/bin the build
# adds the GPU kernels, otherwise it builds the CPU emulator only and says so.
set -euo pipefail
# The last line: the installed program's checks and the Debian package (tests/packaging, scripts/package.sh).
packages=(cmake ninja-build g++ pkg-config libglfw3-dev libimgui-dev python3-glad libpng-dev libjpeg62-turbo-dev nlohmann-json3-dev
          libcli11-dev libgtest-dev xvfb xauth fonts-dejavu-core python3 clang libclang-rt-14-dev
          dpkg-dev lintian desktop-file-utils appstream bash-completion shared-mime-info)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "scanscope: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
