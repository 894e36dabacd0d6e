#!/usr/bin/env python3
"""Imports an export's OBJ sequence into Blender (a real reader) where Blender is installed.

usage: check_obj_with_blender.py EXPORT_DIR

Exit 77 (ctest: skipped) when `blender` is not on the PATH (CI does not install it; Debian 12's package is
Blender 3.4). Otherwise every EXPORT_DIR/BODY/*.obj is imported with Blender's own OBJ importer
(bpy.ops.wm.obj_import, Y up as the files are written) in a background Blender, and each imported mesh must
have as many vertices and faces as the file has `v` and `f` lines, a UV layer when the file has `vt` lines,
and vertex k at the file's k-th position turned to Blender's Z-up frame, (x, y, z) → (x, −z, y), within
1e-6 m + 1e-6 relative; exit 1 on any difference. (Debian's Blender is built without USD, so the .usda
file cannot be checked this way: tests/check_usda_with_pxr.py does that where pxr exists.)
"""
import os
import shutil
import subprocess
import sys


def parse_obj(path):
    """The positions (m), the face count and whether the file has texture coordinates."""
    positions, faces, uvs = [], 0, False
    with open(path) as f:
        for line in f:
            if line.startswith("v "):
                positions.append(tuple(float(x) for x in line.split()[1:4]))
            elif line.startswith("f "):
                faces += 1
            elif line.startswith("vt "):
                uvs = True
    return positions, faces, uvs


def obj_files(export_dir):
    files = []
    for body in sorted(os.listdir(export_dir)):
        d = os.path.join(export_dir, body)
        if os.path.isdir(d):
            files += [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith(".obj")]
    return files


def inside_blender(export_dir):
    import bpy  # noqa: only inside Blender

    bpy.ops.wm.read_factory_settings(use_empty=True)
    files = obj_files(export_dir)
    if not files:
        sys.exit(f"{export_dir}: no OBJ files")
    for path in files:
        before = set(bpy.data.objects)
        bpy.ops.wm.obj_import(filepath=path, forward_axis="NEGATIVE_Z", up_axis="Y")
        new = [o for o in bpy.data.objects if o not in before]
        if len(new) != 1 or new[0].type != "MESH":
            sys.exit(f"{path}: Blender imported {len(new)} objects, expected one mesh")
        obj = new[0]
        mesh = obj.data
        positions, faces, uvs = parse_obj(path)
        if len(mesh.vertices) != len(positions) or len(mesh.polygons) != faces:
            sys.exit(f"{path}: Blender has {len(mesh.vertices)} vertices and {len(mesh.polygons)} faces, "
                     f"the file {len(positions)} and {faces}")
        if uvs and len(mesh.uv_layers) == 0:
            sys.exit(f"{path}: the file has texture coordinates, Blender's mesh no UV layer")
        worst = 0.0
        for k, (x, y, z) in enumerate(positions):
            co = obj.matrix_world @ mesh.vertices[k].co
            for got, want in zip(co, (x, -z, y)):
                error = abs(got - want)
                worst = max(worst, error)
                if error > 1e-6 + 1e-6 * abs(want):
                    sys.exit(f"{path}: vertex {k} is {tuple(co)} in Blender, the file says {(x, y, z)} (Y up)")
        print(f"{path}: {len(positions)} vertices, {faces} faces, UVs {uvs}: as in the file "
              f"(largest difference {worst:.1e} m)")
    print(f"Blender {bpy.app.version_string} imported {len(files)} OBJ files")


def main():
    if "--" in sys.argv:  # run by Blender: the arguments after "--" are ours
        inside_blender(sys.argv[sys.argv.index("--") + 1])
        return
    export_dir = sys.argv[1]
    blender = shutil.which("blender")
    if blender is None:
        print("blender is not installed: skipped")
        sys.exit(77)
    run = subprocess.run([blender, "-b", "--factory-startup", "--python-exit-code", "1", "--python",
                          os.path.abspath(__file__), "--", export_dir],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    print(run.stdout)
    # Whatever way the script inside ends, only its last line says that every file was checked.
    done = any(line.startswith("Blender ") and line.endswith(" OBJ files") for line in run.stdout.splitlines())
    if run.returncode != 0 or not done:
        sys.exit(f"{export_dir}: Blender's import failed (exit {run.returncode})")


if __name__ == "__main__":
    main()
