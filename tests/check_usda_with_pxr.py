#!/usr/bin/env python3
"""Opens an exported .usda with Pixar's USD library (pxr, the usd-core package) where it is installed.

usage: check_usda_with_pxr.py FILE.usda

Exit 77 (ctest: skipped) when pxr cannot be imported, as on the machine these tests were written on (no PyPI,
no Debian package). Otherwise the stage must open, every Mesh must have points at every authored time with
as many points as its first sample (unless its topology is time-sampled: a tearing body's), face vertex
indices below the point count at every time, and the layer's time range and default prim must be the ones
written; exit 1 on any difference.
"""
import sys

try:
    from pxr import Usd, UsdGeom
except ImportError:
    print("pxr (usd-core) is not installed: skipped")
    sys.exit(77)


def main():
    path = sys.argv[1]
    stage = Usd.Stage.Open(path)
    if stage is None:
        sys.exit(f"{path}: pxr cannot open the stage")
    if not stage.GetDefaultPrim():
        sys.exit(f"{path}: no default prim")
    start, end = stage.GetStartTimeCode(), stage.GetEndTimeCode()
    meshes = 0
    for prim in stage.Traverse():
        if not prim.IsA(UsdGeom.Mesh):
            continue
        meshes += 1
        mesh = UsdGeom.Mesh(prim)
        points = mesh.GetPointsAttr()
        times = points.GetTimeSamples() or [Usd.TimeCode.Default()]
        counts_attr, indices_attr = mesh.GetFaceVertexCountsAttr(), mesh.GetFaceVertexIndicesAttr()
        # A tearing body's topology is time-sampled with its points; otherwise every sample has as many
        # points as the first.
        varying = bool(indices_attr.GetTimeSamples())
        sizes = {len(points.Get(t)) for t in times}
        if not varying and len(sizes) != 1:
            sys.exit(f"{path}: {prim.GetPath()}: point counts differ between samples: {sorted(sizes)}")
        for t in times:
            n = len(points.Get(t))
            indices = indices_attr.Get(t)
            if sum(counts_attr.Get(t)) != len(indices) or max(indices) >= n:
                sys.exit(f"{path}: {prim.GetPath()}: the faces at time {t} do not fit its {n} points")
        if points.GetTimeSamples() and (times[0] != start or times[-1] != end):
            sys.exit(f"{path}: {prim.GetPath()}: samples {times[0]} .. {times[-1]}, layer {start} .. {end}")
    if meshes == 0:
        sys.exit(f"{path}: no mesh")
    print(f"{path}: pxr opened it: {meshes} meshes, time codes {start} .. {end}")


if __name__ == "__main__":
    main()
