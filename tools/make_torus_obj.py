#!/usr/bin/env python3
"""Writes a closed, outward-wound torus as an OBJ (metres), the mesh collider of scenes/cloth_on_torus.json.

usage: tools/make_torus_obj.py OUT.obj [--major R] [--minor r] [--segments N] [--sides M]
"""
import argparse
import math


def torus(major, minor, segments, sides):
    vertices, faces = [], []
    for i in range(segments):
        u = 2.0 * math.pi * i / segments  # around the y axis
        for j in range(sides):
            v = 2.0 * math.pi * j / sides  # around the tube
            ring = major + minor * math.cos(v)
            vertices.append((ring * math.cos(u), minor * math.sin(v), ring * math.sin(u)))
    for i in range(segments):
        for j in range(sides):
            a = i * sides + j
            b = ((i + 1) % segments) * sides + j
            c = ((i + 1) % segments) * sides + (j + 1) % sides
            d = i * sides + (j + 1) % sides
            # Counter-clockwise seen from outside the tube.
            faces.append((a, d, c))
            faces.append((a, c, b))
    return vertices, faces


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--major", type=float, default=0.3, help="ring radius, m")
    parser.add_argument("--minor", type=float, default=0.1, help="tube radius, m")
    parser.add_argument("--segments", type=int, default=32)
    parser.add_argument("--sides", type=int, default=16)
    args = parser.parse_args()
    vertices, faces = torus(args.major, args.minor, args.segments, args.sides)
    with open(args.out, "w", encoding="ascii") as f:
        f.write(f"# torus: major radius {args.major} m, minor radius {args.minor} m "
                f"(tools/make_torus_obj.py)\n")
        for x, y, z in vertices:
            f.write(f"v {x:.6f} {y:.6f} {z:.6f}\n")
        for a, b, c in faces:
            f.write(f"f {a + 1} {b + 1} {c + 1}\n")


if __name__ == "__main__":
    main()
