#!/usr/bin/env python3
"""Checks a state.json of tests/data/moving_cube.json (a 0.2 m Neo-Hookean cube of 1000 kg/m^3, v = (1, 0, 0) m/s,
omega = (0, 0, 2) rad/s, no gravity) from the outside: recomputes the diagnostics from the model and the
positions and velocities in the file and compares them with the summary and with the scene's values.
The trajectory file of the same run gives the state of frame 0, against which momentum conservation is checked.
usage: check_state_json.py STATE.json TRAJECTORY.bin"""
import json
import struct
import sys


def sub(a, b):
    return [a[i] - b[i] for i in range(3)]


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def det(a, b, c):
    return sum(a[i] * cross(b, c)[i] for i in range(3))


def near(actual, expected, tolerance, what):
    if abs(actual - expected) > tolerance:
        sys.exit(f"check_state_json: {what} = {actual}, expected {expected} within {tolerance}")


state = json.load(open(sys.argv[1]))
model, x, v = state["model"], state["positions"], state["velocities"]
diag = state["summary"]["diagnostics"]
m = model["masses_kg"]
mass = sum(m)
near(mass, 8.0, 1e-3, "total mass (kg)")
c = [sum(m[i] * x[i][k] for i in range(len(x))) / mass for k in range(3)]
p = [sum(m[i] * v[i][k] for i in range(len(x))) for k in range(3)]
angular = [0.0, 0.0, 0.0]
for i in range(len(x)):
    l = cross(sub(x[i], c), v[i])
    angular = [angular[k] + m[i] * l[k] for k in range(3)]
total = diag["momentum"]["total"]
for k in range(3):
    near(total["linear_kg_m_per_s"][k], p[k], 1e-6, f"summary P[{k}] vs recomputed")
    near(total["angular_kg_m2_per_s"][k], angular[k], 1e-6, f"summary L[{k}] vs recomputed")
# float32 positions near y = 1 m round each correction: P drifts by ~4e-4 of |P| in 6 frames (measured)
near(p[0], 8.0, 8e-3, "P_x = M v_x (kg m/s)")
near(p[1], 0.0, 8e-3, "P_y")
# Frame 0 from the trajectory: P0 = M v and L0 = I omega of the scene; both are conserved (no gravity, no colliders).
with open(sys.argv[2], "rb") as f:
    header = json.loads(f.read(1024))
    n = header["particles"]
    (frame,) = struct.unpack("<I", f.read(4))
    x0 = [list(t) for t in struct.iter_unpack("<3f", f.read(12 * n))]
    v0 = [list(t) for t in struct.iter_unpack("<3f", f.read(12 * n))]
if frame != 0 or n != len(x):
    sys.exit("check_state_json: the trajectory does not start at frame 0 with the same particles")
c0 = [sum(m[i] * x0[i][k] for i in range(n)) / mass for k in range(3)]
angular0 = [0.0, 0.0, 0.0]
rigid = [0.0, 0.0, 0.0]
for i in range(n):
    r = sub(x0[i], c0)
    l = cross(r, v0[i])
    w = cross(r, cross([0.0, 0.0, 2.0], r))
    angular0 = [angular0[k] + m[i] * l[k] for k in range(3)]
    rigid = [rigid[k] + m[i] * w[k] for k in range(3)]
size = abs(rigid[2])
if not size > 0:
    sys.exit("check_state_json: no spin")
for k in range(3):
    near(angular0[k], rigid[k], 1e-4 * size, f"L0[{k}] vs I omega")
    near(angular[k], angular0[k], 1e-3 * size, f"L[{k}] conserved")
# Tetrahedron volume ratios recomputed from the tetrahedra and the Neo-Hookean rows of D_m^-1: V/V0 = det F.
ratios = []
for e in model["element_constraints"]:
    a, b, cc, d = e["particles"]
    rows = model["element_data"][e["data"]: e["data"] + 3]
    six = det(sub(x[b], x[a]), sub(x[cc], x[a]), sub(x[d], x[a]))
    ratios.append(six * det(rows[0][:3], rows[1][:3], rows[2][:3]))
tets = diag["tetrahedra"]
near(tets["min_volume_ratio"], min(ratios), 1e-5, "min V/V0")
near(tets["max_volume_ratio"], max(ratios), 1e-5, "max V/V0")
if tets["count"] != len(ratios) or tets["inverted"] != sum(1 for r in ratios if r <= 0):
    sys.exit("check_state_json: tetrahedra count or inverted count differs")
if tets["count"] != 48 or len(model["tetrahedra"]) != 48:
    sys.exit(f"check_state_json: expected 48 tetrahedra (8 cells x 6), got {tets['count']}")
print(f"check_state_json: ok (P = {p}, L = {angular}, V/V0 {min(ratios):.6f} .. {max(ratios):.6f})")
