#!/usr/bin/env python3
"""The icon's PNGs (packaging/icons/scanscope-N.png, installed as hicolor/NxN) are N x N pixels,
with an alpha channel, and every size the install rules name is there. Usage: icon_sizes.py DIR"""
import pathlib
import re
import struct
import sys

folder = pathlib.Path(sys.argv[1])
rules = (folder.parent / "CMakeLists.txt").read_text()
sizes = re.search(r"foreach\(size ([0-9 ]+)\)", rules).group(1).split()
failed = False
for size in sizes:
    png = folder / f"scanscope-{size}.png"
    data = png.read_bytes() if png.exists() else b""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        print(f"FAIL: {png} is missing or not a PNG")
        failed = True
        continue
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    if (width, height) != (int(size), int(size)) or colour != 6:
        print(f"FAIL: {png} is {width}x{height}, colour type {colour} (want {size}x{size} RGBA)")
        failed = True
    else:
        print(f"ok:   {png.name} {width}x{height} RGBA")
sys.exit(1 if failed else 0)
