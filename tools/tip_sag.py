#!/usr/bin/env python3
"""Tip sag of a cantilever from a `vkxpbd run --trajectory FILE --trajectory-every K` file: the free end is
the particles whose rest x (frame 0) is within 1e-4 m of the largest; its sag (m) is the mean downward
displacement (−Δy) of those particles. Prints one line per record (frame, sag in mm), so that one run shows
whether the body has settled.
usage: tip_sag.py TRAJECTORY.bin"""
import json
import struct
import sys

with open(sys.argv[1], "rb") as f:
    header = f.readline()
    meta = json.loads(header)
    n, records = meta["particles"], meta["records"]
    f.seek(len(header))
    rest = None
    for _ in range(records):
        (frame,) = struct.unpack("<I", f.read(4))
        x = list(struct.iter_unpack("<3f", f.read(12 * n)))
        f.read(12 * n)  # velocities
        if rest is None:
            rest = x
            end = max(p[0] for p in rest)
            tip = [i for i in range(n) if rest[i][0] > end - 1e-4]
        sag = sum(rest[i][1] - x[i][1] for i in tip) / len(tip)
        print(f"frame {frame:5d}  tip sag {1e3 * sag:9.3f} mm  ({len(tip)} tip particles)")
