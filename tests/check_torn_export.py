#!/usr/bin/env python3
"""Checks a `vkxpbd run --export DIR` of a tearing scene (scenes/cloth_tear.json) on the GPU.

usage: check_torn_export.py EXPORT_DIR BODY

Every OBJ of BODY must be the body as torn at its frame: no triangle longer than 3 times the longest edge of
frame 0 (a triangle left spanning the opening crack measured 1.76 m against 0.036 m before the export followed
the tears), more vertices in the last frame than in the first (the split particles), and more than one piece
at the last frame. scene.usda must have BODY's topology time-sampled, its last faceVertexIndices sample equal
to the last OBJ's faces and its last points sample equal to the last OBJ's vertices (as float32).
"""
import math
import os
import re
import struct
import sys


def f32(text):
    return struct.unpack("f", struct.pack("f", float(text)))[0]


def read_obj(path):
    vertices, faces = [], []
    with open(path) as f:
        for line in f:
            if line.startswith("v "):
                vertices.append(tuple(f32(c) for c in line.split()[1:4]))
            elif line.startswith("f "):
                faces.append([int(c.split("/")[0]) - 1 for c in line.split()[1:]])
    return vertices, faces


def pieces(faces):
    parent = {v: v for face in faces for v in face}

    def find(v):
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for a, b, c in faces:
        for u, w in ((a, b), (a, c)):
            ru, rw = find(u), find(w)
            parent[max(ru, rw)] = min(ru, rw)
    return len({find(v) for v in parent})


def last_sample(usda, attribute):
    block = usda.split(f"{attribute}.timeSamples = {{\n", 1)
    if len(block) != 2:
        sys.exit(f"scene.usda: no {attribute}.timeSamples")
    samples = re.findall(r"^ +(\d+): \[(.*)\],$", block[1].split("\n        }", 1)[0], re.M)
    return samples[-1]


def main():
    export_dir, body = sys.argv[1], sys.argv[2]
    folder = os.path.join(export_dir, body)
    files = sorted(f for f in os.listdir(folder) if f.endswith(".obj"))
    if len(files) < 2:
        sys.exit(f"{folder}: {len(files)} OBJ files, expected at least 2")
    objs = [read_obj(os.path.join(folder, f)) for f in files]
    longest = [max(math.dist(v[f[k]], v[f[(k + 1) % 3]]) for f in faces for k in range(3)) for v, faces in objs]
    for name, edge in zip(files, longest):
        if edge > 3 * longest[0]:
            sys.exit(f"{name}: a triangle edge of {edge:.4f} m against {longest[0]:.4f} m at frame 0: it spans the tear")
    (first_v, _), (last_v, last_f) = objs[0], objs[-1]
    if len(last_v) <= len(first_v):
        sys.exit(f"{files[-1]}: {len(last_v)} vertices, not more than frame 0's {len(first_v)}: no split particle")
    if pieces(last_f) < 2:
        sys.exit(f"{files[-1]}: one piece: the export shows no tear")
    with open(os.path.join(export_dir, "scene.usda")) as f:
        usda = f.read()
    _, indices = last_sample(usda, "int[] faceVertexIndices")
    if [int(i) for i in indices.split(",")] != [i for face in last_f for i in face]:
        sys.exit("scene.usda: the last faceVertexIndices sample differs from the last OBJ's faces")
    _, points = last_sample(usda, "point3f[] points")
    points = [tuple(f32(c) for c in t) for t in re.findall(r"\(([^,()]+), ([^,()]+), ([^,()]+)\)", points)]
    if points != last_v:
        sys.exit("scene.usda: the last points sample differs from the last OBJ's vertices")
    print(f"torn export ok: {len(files)} OBJ files, {len(first_v)} -> {len(last_v)} vertices, "
          f"{pieces(last_f)} pieces at the end, longest triangle edge {max(longest):.4f} m "
          f"(frame 0: {longest[0]:.4f} m)")


if __name__ == "__main__":
    main()
