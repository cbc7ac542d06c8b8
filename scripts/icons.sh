#!/usr/bin/env bash
# Draws the icon's PNG sizes from packaging/icons/scanscope.svg (run after changing the SVG; the
# PNGs are committed, so building needs no SVG renderer). Needs rsvg-convert (librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/../packaging/icons"
for size in 16 24 32 48 64 128 256; do
  rsvg-convert -w "$size" -h "$size" scanscope.svg -o "scanscope-$size.png"
done
