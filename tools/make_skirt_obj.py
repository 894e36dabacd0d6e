#!/usr/bin/env python3
"""Writes a flared skirt (an open, truncated cone of triangles) with pattern UVs as an OBJ (metres), the
garment of scenes/garment_drape.json.

The skirt hangs along -y from a waist ring of radius --top at y = 0 to a hem of radius --bottom at
y = -length. UVs are the pattern coordinates in metres: u along the circumference at the mid radius (the
weft), v down the slant (the warp). The last column repeats the first at u = circumference, so the file has
a UV seam there; welding joins its positions (docs/meshes.md), the UVs stay per corner.

usage: tools/make_skirt_obj.py OUT.obj [--top R] [--bottom R] [--length L] [--around N] [--rows M]
"""
import argparse
import math


def skirt(top, bottom, length, around, rows):
    mid = 0.5 * (top + bottom)
    slant = math.hypot(length, bottom - top)
    vertices, uvs, faces = [], [], []
    for j in range(rows + 1):  # j = 0 at the waist
        t = j / rows
        radius = top + (bottom - top) * t
        for i in range(around + 1):  # i = around repeats i = 0 (the seam)
            angle = 2.0 * math.pi * i / around
            vertices.append((radius * math.cos(angle), -length * t, radius * math.sin(angle)))
            uvs.append((2.0 * math.pi * mid * i / around, slant * t))
    for j in range(rows):
        for i in range(around):
            a = j * (around + 1) + i
            b = a + 1
            c = a + around + 1
            d = c + 1
            # Counter-clockwise seen from outside.
            faces.append((a, b, d))
            faces.append((a, d, c))
    return vertices, uvs, faces


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--top", type=float, default=0.16, help="waist radius, m")
    parser.add_argument("--bottom", type=float, default=0.36, help="hem radius, m")
    parser.add_argument("--length", type=float, default=0.45, help="height from waist to hem, m")
    parser.add_argument("--around", type=int, default=48, help="quads around")
    parser.add_argument("--rows", type=int, default=18, help="quads from waist to hem")
    args = parser.parse_args()
    vertices, uvs, faces = skirt(args.top, args.bottom, args.length, args.around, args.rows)
    with open(args.out, "w") as f:
        f.write("# flared skirt: tools/make_skirt_obj.py (metres; vt = pattern coordinates, m)\n")
        f.write("o skirt\n")
        for v in vertices:
            f.write("v %.6f %.6f %.6f\n" % v)
        for uv in uvs:
            f.write("vt %.6f %.6f\n" % uv)
        for face in faces:
            f.write("f " + " ".join("%d/%d" % (k + 1, k + 1) for k in face) + "\n")


if __name__ == "__main__":
    main()
