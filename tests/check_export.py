#!/usr/bin/env python3
"""Checks a `vkxpbd run --export DIR --every K` of the default flag against the run's state.json.

usage: check_export.py EXPORT_DIR STATE_JSON FRAMES EVERY

The OBJ sequence has one file per exported frame (0, K, 2K, ... <= FRAMES) and no other; the last one's
vertices are the final positions of state.json, equal as float32; scene.usda has one points time sample
per exported frame, and its last sample equals the same positions.
"""
import json
import os
import re
import struct
import sys


def f32(text):
    return struct.unpack("f", struct.pack("f", float(text)))[0]


def main():
    export_dir, state_path, frames, every = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    with open(state_path) as f:
        state = json.load(f)
    positions = [[f32(c) for c in p] for p in state["positions"]]
    expected = [f"flag_{n:04d}.obj" for n in range(0, frames + 1, every)]
    found = sorted(os.listdir(os.path.join(export_dir, "flag")))
    if found != expected:
        sys.exit(f"OBJ files {found}, expected {expected}")
    last = os.path.join(export_dir, "flag", expected[-1])
    with open(last) as f:
        vertices = [[f32(c) for c in line.split()[1:4]] for line in f if line.startswith("v ")]
    # The flag's particles are all on its surface, in order: the OBJ vertices are the state's positions.
    if vertices != positions:
        sys.exit(f"{last}: vertices differ from {state_path}")
    with open(os.path.join(export_dir, "scene.usda")) as f:
        usda = f.read()
    if not usda.startswith("#usda 1.0\n"):
        sys.exit("scene.usda: no #usda 1.0 header")
    block = usda.split("point3f[] points.timeSamples = {\n", 1)[1].split("\n        }", 1)[0]
    samples = re.findall(r"^ +(\d+): \[(.*)\],$", block, re.M)
    times = [int(t) for t, _ in samples]
    if times != list(range(0, frames + 1, every)):
        sys.exit(f"scene.usda: time samples {times}")
    points = [[f32(c) for c in t] for t in re.findall(r"\(([^,()]+), ([^,()]+), ([^,()]+)\)", samples[-1][1])]
    if points != positions:
        sys.exit("scene.usda: the last points sample differs from state.json")
    print(f"export ok: {len(expected)} OBJ files, {len(times)} USD samples, {len(positions)} points")


if __name__ == "__main__":
    main()
