#!/usr/bin/env python3
"""Writes the bad-input corpus: scene, OBJ and TetGen files under this folder and cases.tsv, one case per
line (category, expected exit code, text the output must contain, command line). The files are committed;
run this again after changing it. run_corpus.sh runs the cases (tests/CMakeLists.txt registers it)."""
import copy
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []


def write(rel, text, binary=False):
    path = os.path.join(HERE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if binary else "w") as f:
        f.write(text)


def case(category, code, text, *args):
    assert "\t" not in text and all("\t" not in a for a in args)
    cases.append((category, str(code), text, " ".join(args)))


def set_at(doc, path, value):
    """path: list of keys/indices; value None with delete=True removes."""
    node = doc
    for key in path[:-1]:
        if isinstance(node, dict) and key not in node:
            node[key] = {}
        node = node[key]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value


DELETE = object()
RUN = "run @DIR@/{file} --headless --frames 1 --out @OUT@"


def field_name(path):
    text = ""
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else (("." if text else "") + key)
    return text


def scene_case(name, base, path, value, expect_path=None, code=3, extra=""):
    doc = copy.deepcopy(base)
    set_at(doc, path, value)
    file = f"scenes/{name}.json"
    write(file, json.dumps(doc, indent=1) + "\n")
    field = expect_path if expect_path is not None else field_name(path)
    case("scene", code, f"{name}.json: {field}{extra}", RUN.format(file=file))


CLOTH = {"cloths": [{"resolution": [4, 4]}]}
SOFT = {"soft_bodies": [{"mesh": {"type": "box", "size": [0.2, 0.2, 0.2], "cells": [2, 2, 2]}}]}
SHELL = {"shells": [{"mesh": {"type": "icosphere", "radius": 0.1, "subdivisions": 1}}]}
TETGEN = {"soft_bodies": [{"mesh": {"type": "tetgen", "node": "../meshes/cube.node", "ele": "../meshes/cube.ele"}}]}
OBJ = {"shells": [{"mesh": {"type": "obj", "file": "../meshes/tri.obj"}}]}
COLL = {"cloths": [{"resolution": [4, 4]}], "colliders": [{"type": "sphere", "center": [0, 0, 0], "radius": 0.5}]}

# ---- solver ---------------------------------------------------------------------------------------------
for name, value in [("zero", 0), ("negative", -1), ("denormal", 5e-324), ("tiny_float", 1e-40), ("below_min", 1e-7),
                    ("too_long", 2), ("string", "0.01"), ("null", None), ("array", [0.01]), ("bool", True)]:
    scene_case(f"solver_dt_{name}", CLOTH, ["solver", "dt"], value)
for key in ["substeps", "iterations"]:
    for name, value in [("zero", 0), ("too_many", 1001), ("fraction", 1.5), ("negative", -3), ("string", "3"),
                        ("huge", 1e30), ("uint64", 18446744073709551615)]:
        scene_case(f"solver_{key}_{name}", CLOTH, ["solver", key], value)
for key, value in [("mode", "newton"), ("model", "fem"), ("integrator", "rk4"), ("mode", 1)]:
    scene_case(f"solver_{key}_{'bad' if isinstance(value, str) else 'number'}", CLOTH, ["solver", key], value)
for name, value in [("zero", 0), ("too_large", 2.5), ("negative", -1)]:
    scene_case(f"solver_omega_{name}", CLOTH, ["solver", "omega"], value)
for name, value in [("negative", -1), ("huge", 1e7)]:
    scene_case(f"solver_damping_{name}", CLOTH, ["solver", "damping"], value)
for name, value, p in [("short", [0, -9.8], ["solver", "gravity"]), ("string", [0, "g", 0], ["solver", "gravity", 1]),
                       ("huge", [0, -1e7, 0], ["solver", "gravity", 1]), ("float_overflow", [0, -1e39, 0], ["solver", "gravity", 1])]:
    scene_case(f"solver_gravity_{name}", CLOTH, ["solver", "gravity"], value, expect_path=field_name(p))
scene_case("solver_max_colours_zero", CLOTH, ["solver", "max_colours"], 0)
scene_case("solver_min_colour_size_negative", CLOTH, ["solver", "min_colour_size"], -1)
scene_case("solver_unknown_key", CLOTH, ["solver", "dtt"], 0.01, extra=": unknown key (did you mean 'dt'?)")

# ---- cloths ---------------------------------------------------------------------------------------------
C = ["cloths", 0]
for name, value, p in [("zero", [0, 1], C + ["size", 0]), ("huge", [3e38, 1], C + ["size", 0]),
                       ("tiny", [1e-7, 1], C + ["size", 0]), ("short", [1], C + ["size"]),
                       ("string", "1x1", C + ["size"]), ("negative", [1, -1], C + ["size", 1])]:
    scene_case(f"cloth_size_{name}", CLOTH, C + ["size"], value, expect_path=field_name(p))
for name, value, p in [("one", [1, 4], C + ["resolution", 0]), ("too_large", [5000, 4], C + ["resolution", 0]),
                       ("fraction", [2.5, 4], C + ["resolution", 0]), ("negative", [4, -3], C + ["resolution", 1]),
                       ("three", [4, 4, 4], C + ["resolution"])]:
    scene_case(f"cloth_resolution_{name}", CLOTH, C + ["resolution"], value, expect_path=field_name(p))
scene_case("cloth_center_huge", CLOTH, C + ["center"], [1e7, 0, 0], expect_path=field_name(C + ["center", 0]))
scene_case("cloth_center_float_overflow", CLOTH, C + ["center"], [0, 0, 1e39], expect_path=field_name(C + ["center", 2]))
scene_case("cloth_plane_bad", CLOTH, C + ["plane"], "yz")
for name, value in [("zero", 0), ("tiny", 1e-30), ("huge", 1e7), ("negative", -0.1)]:
    scene_case(f"cloth_areal_density_{name}", CLOTH, C + ["areal_density"], value)
scene_case("cloth_mass_distribution_bad", CLOTH, C + ["mass_distribution"], "volume")
scene_case("cloth_shear_string", CLOTH, C + ["shear"], "yes")
scene_case("cloth_bend_number", CLOTH, C + ["bend"], 1)
scene_case("cloth_bending_bad", CLOTH, C + ["bending"], "spring")
scene_case("cloth_tethers_null", CLOTH, C + ["tethers"], None)
for name, value, p in [("negative", {"stretch": -1}, C + ["compliance", "stretch"]),
                       ("huge", {"bend": 1e11}, C + ["compliance", "bend"]),
                       ("unknown", {"twist": 1}, C + ["compliance", "twist"])]:
    scene_case(f"cloth_compliance_{name}", CLOTH, C + ["compliance"], value, expect_path=field_name(p))
scene_case("cloth_stiffness_above_one", CLOTH, C + ["stiffness"], {"shear": 2}, expect_path=field_name(C + ["stiffness", "shear"]))
for name, value, p in [("outside", [{"i": 99, "j": 0}], C + ["pins", 0, "i"]),
                       ("missing_j", [{"i": 0}], C + ["pins", 0, "j"]),
                       ("duplicate", [{"i": 0, "j": 0}, {"i": -4, "j": 0}], C + ["pins", 1]),
                       ("huge_index", [{"i": 0, "j": 1e10}], C + ["pins", 0, "j"]),
                       ("motion_type", [{"i": 0, "j": 0, "motion": {"type": "spin", "vector": [0, 0, 0]}}], C + ["pins", 0, "motion", "type"]),
                       ("sine_no_frequency", [{"i": 0, "j": 0, "motion": {"type": "sine", "vector": [0, 0.1, 0]}}], C + ["pins", 0, "motion", "frequency"]),
                       ("sine_frequency_zero", [{"i": 0, "j": 0, "motion": {"type": "sine", "vector": [0, 0.1, 0], "frequency": 0}}], C + ["pins", 0, "motion", "frequency"]),
                       ("linear_frequency", [{"i": 0, "j": 0, "motion": {"type": "linear", "vector": [0, 0.1, 0], "frequency": 1}}], C + ["pins", 0, "motion", "frequency"]),
                       ("motion_huge", [{"i": 0, "j": 0, "motion": {"type": "linear", "vector": [0, 1e8, 0]}}], C + ["pins", 0, "motion", "vector", 1]),
                       ("not_array", {"i": 0}, C + ["pins"])]:
    scene_case(f"cloth_pins_{name}", CLOTH, C + ["pins"], value, expect_path=field_name(p))
for key in ["rotation", "velocity", "angular_velocity"]:
    scene_case(f"cloth_{key}_huge", CLOTH, C + [key], [0, 1e7, 0], expect_path=field_name(C + [key, 1]))
scene_case("cloth_friction_negative", CLOTH, C + ["friction"], {"static": -1}, expect_path=field_name(C + ["friction", "static"]))
scene_case("cloth_friction_kinetic_above_static", CLOTH, C + ["friction"], {"static": 0.1, "kinetic": 0.5},
           expect_path=field_name(C + ["friction", "kinetic"]))
scene_case("cloth_name_empty", CLOTH, C + ["name"], "")
scene_case("cloth_name_nul", CLOTH, C + ["name"], "a\u0000b", extra=": must not contain a NUL character")
scene_case("cloth_unknown_key", CLOTH, C + ["colour"], "red")

# ---- top level ------------------------------------------------------------------------------------------
scene_case("top_name_empty", CLOTH, ["name"], "")
scene_case("top_thickness_negative", CLOTH, ["thickness"], -0.001)
scene_case("top_thickness_huge", CLOTH, ["thickness"], 1e7)
scene_case("top_no_bodies", {"cloths": []}, ["cloths"], [], expect_path="(top level)")
scene_case("top_unknown_key", CLOTH, ["clothes"], [], extra=": unknown key (did you mean 'cloths'?)")
scene_case("top_cloths_object", CLOTH, ["cloths"], {"resolution": [4, 4]})
scene_case("top_colliders_object", CLOTH, ["colliders"], {})
scene_case("top_soft_bodies_string", CLOTH, ["soft_bodies"], "cube")
for name, text, expect in [
        ("top_array", "[1, 2]\n", "top_array.json: (top level): must be an object"),
        ("empty", "", "empty.json: JSON parse error"),
        ("not_json", "cloths: [1]\n", "not_json.json: JSON parse error"),
        ("trailing_garbage", '{"cloths": [{}]} x\n', "trailing_garbage.json: JSON parse error"),
        ("duplicate_key", '{"cloths": [{}], "cloths": []}\n', "duplicate_key.json: cloths: duplicate key"),
        ("duplicate_nested_key", '{"cloths": [{"size": [1, 1], "size": [2, 2]}]}\n', "duplicate_nested_key.json: cloths[0].size: duplicate key"),
        ("number_beyond_double", '{"cloths": [{"size": [1e400, 1]}]}\n', "number_beyond_double.json: cloths[0].size[0]: must be finite"),
        ("deep_arrays", "[" * 75000 + "]" * 75000 + "\n", "deep_arrays.json: "),
        ("deep_objects", '{"a":' * 20000 + "1" + "}" * 20000 + "\n", "deep_objects.json: "),
        ("deep_in_field", '{"cloths": [{"size": ' + "[" * 100 + "]" * 100 + "}]}\n", "deep_in_field.json: cloths[0].size"),
        ("unterminated_string", '{"cloths": [{"name": "abc}]}\n', "unterminated_string.json: JSON parse error"),
        ("invalid_utf8", b'{"cloths": [{"name": "\xff\xfe"}]}\n', "invalid_utf8.json: JSON parse error"),
        ("nul_byte", b'{"cloths": [{}]}\x00\n', "nul_byte.json: a NUL byte at offset 16"),
        ("nan_literal", '{"cloths": [{"size": [NaN, 1]}]}\n', "nan_literal.json: JSON parse error"),
        ("bom_only", b"\xef\xbb\xbf", "bom_only.json: JSON parse error")]:
    binary = isinstance(text, bytes)
    write(f"scenes/{name}.json", text, binary=binary)
    if name.startswith("deep"):
        expect += "[0][0] && nested deeper than 64 levels" if name == "deep_arrays" else (
            "a.a.a && nested deeper than 64 levels" if name == "deep_objects" else " && nested deeper")
    case("scene", 3, expect, RUN.format(file=f"scenes/{name}.json"))

# ---- contacts -------------------------------------------------------------------------------------------
CT = {"cloths": [{"resolution": [4, 4]}], "contacts": {"distance": 0.01}}
scene_case("contacts_distance_missing", CT, ["contacts", "distance"], DELETE)
for name, value in [("zero", 0), ("tiny", 1e-7), ("too_large", 0.5)]:
    scene_case(f"contacts_distance_{name}", CT, ["contacts", "distance"], value)
scene_case("contacts_search_radius_small", CT, ["contacts", "search_radius"], 0.005)
scene_case("contacts_max_neighbours_zero", CT, ["contacts", "max_neighbours"], 0)
scene_case("contacts_max_neighbours_huge", CT, ["contacts", "max_neighbours"], 1000)
scene_case("contacts_max_triangles_zero", CT, ["contacts", "max_triangles"], 0)
scene_case("contacts_max_triangles_too_many", CT, ["contacts", "max_triangles"], 65)
scene_case("contacts_rebuild_interval_zero", CT, ["contacts", "rebuild_interval"], 0)
scene_case("contacts_friction_negative", CT, ["contacts", "friction"], {"static": -0.5}, expect_path="contacts.friction.static")
scene_case("contacts_triangles_string", CT, ["contacts", "triangles"], "yes")
scene_case("contacts_unknown_key", CT, ["contacts", "radius"], 0.1)

# ---- soft bodies ----------------------------------------------------------------------------------------
S = ["soft_bodies", 0]
M = S + ["mesh"]
scene_case("soft_mesh_missing", SOFT, M, DELETE)
scene_case("soft_mesh_type_bad", SOFT, M + ["type"], "cylinder")
for name, value, p in [("zero", [0, 0.2, 0.2], M + ["size", 0]), ("huge", [0.2, 1e9, 0.2], M + ["size", 1]),
                       ("short", [0.2, 0.2], M + ["size"])]:
    scene_case(f"soft_box_size_{name}", SOFT, M + ["size"], value, expect_path=field_name(p))
for name, value, p in [("zero", [0, 2, 2], M + ["cells", 0]), ("too_many", [2, 300, 2], M + ["cells", 1]),
                       ("fraction", [2, 2, 2.5], M + ["cells", 2])]:
    scene_case(f"soft_box_cells_{name}", SOFT, M + ["cells"], value, expect_path=field_name(p))
scene_case("soft_box_extra_key", SOFT, M + ["radius"], 0.1)
SPH = {"soft_bodies": [{"mesh": {"type": "sphere", "radius": 0.1, "cells": 4}}]}
scene_case("soft_sphere_radius_zero", SPH, M + ["radius"], 0)
scene_case("soft_sphere_cells_one", SPH, M + ["cells"], 1)
scene_case("soft_sphere_cells_array", SPH, M + ["cells"], [4, 4, 4])
for name, value in [("zero", 0), ("tiny", 1e-30), ("huge", 1e9)]:
    scene_case(f"soft_density_{name}", SOFT, S + ["density"], value)
NH = {"model": "neohookean", "youngs_modulus": 1e5, "poisson_ratio": 0.3}
for name, key, value in [("model_bad", "model", "mooney"), ("youngs_zero", "youngs_modulus", 0),
                         ("youngs_huge", "youngs_modulus", 1e20), ("poisson_half", "poisson_ratio", 0.5),
                         ("poisson_zero", "poisson_ratio", 0), ("stiffness_two", "stiffness", 2)]:
    base = copy.deepcopy(SOFT)
    base["soft_bodies"][0]["material"] = dict(NH)
    scene_case(f"soft_material_{name}", base, S + ["material", key], value)
VOL = copy.deepcopy(SOFT)
VOL["soft_bodies"][0]["material"] = {"model": "volume"}
scene_case("soft_material_volume_compliance_negative", VOL, S + ["material", "compliance"], -1)
scene_case("soft_material_volume_youngs", VOL, S + ["material", "youngs_modulus"], 1e5)
scene_case("soft_instances_empty", SOFT, S + ["instances"], [])
scene_case("soft_instances_position_huge", SOFT, S + ["instances"], [{"position": [0, 2e6, 0]}], expect_path=field_name(S + ["instances", 0, "position", 1]))
scene_case("soft_instances_unknown", SOFT, S + ["instances"], [{"scale": 2}], expect_path=field_name(S + ["instances", 0, "scale"]))
scene_case("soft_pin_box_inverted", SOFT, S + ["pin_box"], {"min": [1, 0, 0], "max": [0, 1, 1]})
scene_case("soft_name_empty", SOFT, S + ["name"], "")
scene_case("soft_unknown_key", SOFT, S + ["mass"], 1)

# ---- TetGen files ---------------------------------------------------------------------------------------
NODE = "".join(f"{i} {x} {y} {z}\n" for i, (x, y, z) in enumerate([(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 1)]))
GOOD_NODE = "5 3 0 0\n" + NODE
GOOD_ELE = "2 4 0\n0 0 1 2 3\n1 1 2 3 4\n"
write("meshes/tet.node", GOOD_NODE)
write("meshes/tet.ele", GOOD_ELE)


def tetgen_case(name, node_text, ele_text, expect, code=3):
    node = f"meshes/{name}.node" if node_text is not None else "meshes/tet.node"
    ele = f"meshes/{name}.ele" if ele_text is not None else "meshes/tet.ele"
    if node_text is not None:
        write(node, node_text)
    if ele_text is not None:
        write(ele, ele_text)
    doc = {"soft_bodies": [{"mesh": {"type": "tetgen", "node": "../" + node, "ele": "../" + ele}}]}
    write(f"scenes/tetgen_{name}.json", json.dumps(doc) + "\n")
    case("tetgen", code, expect, RUN.format(file=f"scenes/tetgen_{name}.json"))


tetgen_case("node_empty", "", None, "node_empty.node: empty file")
tetgen_case("node_comments_only", "# nothing\n\n", None, "node_comments_only.node: empty file")
tetgen_case("node_dimension_2", "5 2 0 0\n" + NODE, None, "node_dimension_2.node: dimension must be 3")
tetgen_case("node_count_too_many", "9 3 0 0\n" + NODE, None, "node_count_too_many.node: header announces 9 points")
tetgen_case("node_count_zero", "0 3 0 0\n", None, "node_count_zero.node: header announces 0 points")
tetgen_case("node_count_huge", "9223372036854775807 3 0 0\n" + NODE, None, "node_count_huge.node: header announces")
tetgen_case("node_count_overflow", "99999999999999999999 3 0 0\n" + NODE, None, "node_count_overflow.node:1: expected at least 2 numbers")
tetgen_case("node_header_text", "five 3 0 0\n" + NODE, None, "node_header_text.node:1: expected at least 2 numbers")
tetgen_case("node_first_index_huge", "5 3 0 0\n" + NODE.replace("0 0 0 0\n", "1e300 0 0 0\n", 1), None,
            "node_first_index_huge.node:2: the first point must be numbered 0 or 1, got 1e+300")
tetgen_case("node_first_index_five", "5 3 0 0\n" + NODE.replace("0 0 0 0\n", "5 0 0 0\n", 1), None,
            "node_first_index_five.node:2: the first point must be numbered 0 or 1, got 5")
tetgen_case("node_first_index_negative", "5 3 0 0\n" + NODE.replace("0 0 0 0\n", "-1 0 0 0\n", 1), None,
            "node_first_index_negative.node:2: the first point must be numbered 0 or 1")
tetgen_case("node_index_skip", "5 3 0 0\n" + NODE.replace("2 0 1 0", "7 0 1 0"), None, "node_index_skip.node:4: expected point 2")
tetgen_case("node_coordinate_nan", "5 3 0 0\n" + NODE.replace("1 1 0 0", "1 nan 0 0"), None, "node_coordinate_nan.node:3: expected at least 4 numbers")
tetgen_case("node_coordinate_inf", "5 3 0 0\n" + NODE.replace("1 1 0 0", "1 inf 0 0"), None, "node_coordinate_inf.node:3: expected at least 4 numbers")
tetgen_case("node_coordinate_overflow", "5 3 0 0\n" + NODE.replace("1 1 0 0", "1 1e400 0 0"), None, "node_coordinate_overflow.node:3: expected at least 4 numbers")
tetgen_case("node_coordinate_text", "5 3 0 0\n" + NODE.replace("1 1 0 0", "1 1x 0 0"), None, "node_coordinate_text.node:3: expected at least 4 numbers")
tetgen_case("node_short_line", "5 3 0 0\n" + NODE.replace("1 1 0 0", "1 1 0"), None, "node_short_line.node:3: expected at least 4 numbers")
tetgen_case("ele_empty", None, "", "ele_empty.ele: empty file")
tetgen_case("ele_quadratic", None, "2 10 0\n", "ele_quadratic.ele: only 4-node tetrahedra are supported")
tetgen_case("ele_count_too_many", None, "3 4 0\n0 0 1 2 3\n1 1 2 3 4\n", "ele_count_too_many.ele: header announces 3 tetrahedra")
tetgen_case("ele_index_out_of_range", None, "2 4 0\n0 0 1 2 3\n1 1 2 3 9\n", "ele_index_out_of_range.ele: tetrahedron 1: node 9 is out of range")
tetgen_case("ele_index_negative", None, "2 4 0\n0 0 1 2 3\n1 1 2 -3 4\n", "ele_index_negative.ele: tetrahedron 1: node -3 is out of range")
tetgen_case("ele_index_min_int64", None, "2 4 0\n0 0 1 2 3\n1 -9223372036854775808 2 3 4\n", "ele_index_min_int64.ele: tetrahedron 1: node -9223372036854775808 is out of range")
tetgen_case("ele_index_beyond_int64", None, "2 4 0\n0 0 1 2 3\n1 99999999999999999999 2 3 4\n", "ele_index_beyond_int64.ele:3: expected at least 5 numbers")
tetgen_case("ele_index_fraction", None, "2 4 0\n0 0 1 2 3\n1 1.5 2 3 4\n", "ele_index_fraction.ele:3: expected at least 5 numbers")
tetgen_case("ele_short_line", None, "2 4 0\n0 0 1 2 3\n1 1 2 3\n", "ele_short_line.ele:3: expected at least 5 numbers")
tetgen_case("ele_duplicate_tet", None, "2 4 0\n0 0 1 2 3\n1 0 2 1 3\n", "ele_duplicate_tet.ele: tetrahedron 1 repeats tetrahedron 0")
tetgen_case("ele_duplicate_tet_same_order", None, "3 4 0\n0 0 1 2 3\n1 1 2 3 4\n2 0 1 2 3\n", "ele_duplicate_tet_same_order.ele: tetrahedron 2 repeats tetrahedron 0")
tetgen_case("ele_repeated_vertex", None, "2 4 0\n0 0 1 2 3\n1 1 2 2 4\n", "ele_repeated_vertex.ele: tetrahedron 1 is degenerate")
tetgen_case("ele_degenerate", "5 3 0 0\n" + NODE.replace("4 1 1 1", "4 0.5 0.5 0"), None, "tet.ele: tetrahedron 1 is degenerate")
tetgen_case("ele_inverted", None, "3 4 0\n0 0 1 2 3\n1 1 2 3 4\n2 4 1 2 3\n", "ele_inverted.ele: tetrahedron")
tetgen_case("node_missing_file", None, None, "", code=3)
cases.pop()  # replaced by explicit missing-file cases below
for name, node, ele, expect in [("node_missing", "../meshes/none.node", "../meshes/tet.ele", "none.node: cannot open TetGen file"),
                                ("ele_missing", "../meshes/tet.node", "../meshes/none.ele", "none.ele: cannot open TetGen file"),
                                ("node_dev_zero", "/dev/zero", "../meshes/tet.ele", "/dev/zero: the TetGen file is not a regular file"),
                                ("node_directory", "../meshes", "../meshes/tet.ele", "meshes: cannot open TetGen file"),
                                ("node_nul_path", "../meshes/tet.node\u0000x", "../meshes/tet.ele", "tetgen_node_nul_path.json: soft_bodies[0].mesh.node: must not contain a NUL")]:
    doc = {"soft_bodies": [{"mesh": {"type": "tetgen", "node": node, "ele": ele}}]}
    write(f"scenes/tetgen_{name}.json", json.dumps(doc) + "\n")
    case("tetgen", 3, expect, RUN.format(file=f"scenes/tetgen_{name}.json"))
scene_case("tetgen_scale_zero", TETGEN, M + ["scale"], 0)
scene_case("tetgen_unknown_key", TETGEN, M + ["faces"], "x.face")

# ---- OBJ files ------------------------------------------------------------------------------------------
TRI = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3\nf 2 4 3\n"
write("meshes/tri.obj", TRI)


def obj_case(name, text, expect, weld=None, binary=False):
    write(f"meshes/{name}.obj", text, binary=binary)
    mesh = {"type": "obj", "file": f"../meshes/{name}.obj"}
    if weld is not None:
        mesh["weld"] = weld
    write(f"scenes/obj_{name}.json", json.dumps({"shells": [{"mesh": mesh}]}) + "\n")
    case("obj", 3, expect, RUN.format(file=f"scenes/obj_{name}.json"))


obj_case("vertex_nan", TRI.replace("v 1 0 0", "v nan 0 0"), "vertex_nan.obj:2: vertex 2: value 1 is 'nan'")
obj_case("vertex_inf", TRI.replace("v 1 0 0", "v 1 inf 0"), "vertex_inf.obj:2: vertex 2: value 2 is 'inf'")
obj_case("vertex_text", TRI.replace("v 1 0 0", "v 1x 0 0"), "vertex_text.obj:2: vertex 2: value 1 is '1x'")
obj_case("vertex_beyond_float", TRI.replace("v 1 0 0", "v 1e39 0 0"), "vertex_beyond_float.obj:2: vertex 2: value 1 is '1e39'")
obj_case("vertex_beyond_double", TRI.replace("v 1 0 0", "v 1e400 0 0"), "vertex_beyond_double.obj:2: vertex 2: value 1 is '1e400'")
obj_case("vertex_two_values", TRI.replace("v 1 0 0", "v 1 0"), "vertex_two_values.obj:2: vertex 2: expected 3 coordinates")
obj_case("vertex_five_values", TRI.replace("v 1 0 0", "v 1 0 0 1 1"), "vertex_five_values.obj:2: vertex 2: expected 3 coordinates")
obj_case("vertex_empty", TRI.replace("v 1 0 0", "v"), "vertex_empty.obj:2: vertex 2: expected 3 coordinates")
obj_case("normal_nan", TRI + "vn nan 0 1\n", "normal_nan.obj:7: 'vn' value 1 is 'nan'")
obj_case("texcoord_text", TRI + "vt u 0\n", "texcoord_text.obj:7: 'vt' value 1 is 'u'")
obj_case("face_index_zero", TRI.replace("f 1 2 3", "f 0 2 3"), "face_index_zero.obj:5: face vertex 1: '0' does not start with a vertex index")
obj_case("face_index_high", TRI.replace("f 1 2 3", "f 1 2 9"), "face_index_high.obj:5: face vertex 3: index 9 refers to no vertex (4 in the file)")
obj_case("face_index_negative", TRI.replace("f 1 2 3", "f -1 -2 -9"), "face_index_negative.obj:5: face vertex 3: index -9 refers to no vertex (4 read before this line)")
obj_case("face_index_huge", TRI.replace("f 1 2 3", "f 1 2 99999999999999999999"), "face_index_huge.obj:5: face vertex 3: '99999999999999999999' does not start")
obj_case("face_index_text", TRI.replace("f 1 2 3", "f 1 b 3"), "face_index_text.obj:5: face vertex 2: 'b' does not start")
obj_case("face_slashes_bad", TRI.replace("f 1 2 3", "f 1/1 /2 3"), "face_slashes_bad.obj:5: face vertex 2: '/2' does not start")
obj_case("face_two_vertices", TRI.replace("f 1 2 3", "f 1 2"), "face_two_vertices.obj:5: face with 2 vertices")
obj_case("polygon_bad_index", TRI.replace("f 1 2 3", "f 1 2 4 7"), "polygon_bad_index.obj:5: face vertex 4: index 7 refers to no vertex")
obj_case("polygon_negative_bad_index", TRI.replace("f 2 4 3", "f 1 2 4 -5"), "polygon_negative_bad_index.obj:6: face vertex 4: index -5")
obj_case("line_element", TRI + "l 1 2\n", "line_element.obj:7: unsupported OBJ statement 'l'")
obj_case("point_element", TRI + "p 1\n", "point_element.obj:7: unsupported OBJ statement 'p'")
obj_case("curve", TRI + "curv 0 1 1 2\n", "curve.obj:7: unsupported OBJ statement 'curv'")
obj_case("garbage", TRI + "hello world\n", "garbage.obj:7: unsupported OBJ statement 'hello'")
obj_case("nul_byte", (TRI + "v 0 0\x00 1\n").encode(), "nul_byte.obj:7: a NUL byte", binary=True)
obj_case("binary", bytes(range(256)) * 4, "binary.obj:1: a NUL byte", binary=True)
obj_case("no_faces", "v 0 0 0\nv 1 0 0\nv 0 1 0\n", "no_faces.obj: no triangles")
obj_case("empty", "", "empty.obj: no triangles")
obj_case("degenerate", "v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n", "degenerate.obj: triangle 0 (vertices 0, 1, 2) is degenerate")
obj_case("repeated_vertex", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 2\n", "repeated_vertex.obj: triangle 0 (vertices 0, 1, 1) is degenerate")
obj_case("welded_to_degenerate", "v 0 0 0\nv 1 0 0\nv 0 0.001 0\nf 1 2 3\n", "welded_to_degenerate.obj: triangle 0", weld=0.01)
for name, path, expect in [("missing", "../meshes/none.obj", "none.obj: cannot open OBJ file"),
                           ("dev_zero", "/dev/zero", "/dev/zero: the OBJ file is not a regular file"),
                           ("directory", "../meshes", "meshes: cannot open OBJ file"),
                           ("nul_path", "../meshes/tri.obj\u0000junk", "obj_nul_path.json: shells[0].mesh.file: must not contain a NUL")]:
    write(f"scenes/obj_{name}.json", json.dumps({"shells": [{"mesh": {"type": "obj", "file": path}}]}) + "\n")
    case("obj", 3, expect, RUN.format(file=f"scenes/obj_{name}.json"))
scene_case("obj_weld_negative", OBJ, ["shells", 0, "mesh", "weld"], -0.01)
scene_case("obj_weld_huge", OBJ, ["shells", 0, "mesh", "weld"], 1e7)
scene_case("obj_scale_zero", OBJ, ["shells", 0, "mesh", "scale"], 0)
scene_case("obj_scale_huge", OBJ, ["shells", 0, "mesh", "scale"], 1e30)
scene_case("obj_file_number", OBJ, ["shells", 0, "mesh", "file"], 7)
scene_case("obj_file_empty", OBJ, ["shells", 0, "mesh", "file"], "")

# ---- shells ---------------------------------------------------------------------------------------------
SH = ["shells", 0]
scene_case("shell_icosphere_subdivisions_8", SHELL, SH + ["mesh", "subdivisions"], 8)
scene_case("shell_icosphere_radius_zero", SHELL, SH + ["mesh", "radius"], 0)
scene_case("shell_areal_density_zero", SHELL, SH + ["areal_density"], 0)
scene_case("shell_compliance_negative", SHELL, SH + ["compliance"], {"stretch": -1}, expect_path="shells[0].compliance.stretch")
scene_case("shell_compliance_huge", SHELL, SH + ["compliance"], {"bend": 1e30}, expect_path="shells[0].compliance.bend")
scene_case("shell_bending_bad", SHELL, SH + ["bending"], "spring")
scene_case("shell_pressure_zero", SHELL, SH + ["pressure"], {"factor": 0}, expect_path="shells[0].pressure.factor")
scene_case("shell_pressure_missing_factor", SHELL, SH + ["pressure"], {"compliance": 0}, expect_path="shells[0].pressure.factor")
scene_case("shell_pressure_huge", SHELL, SH + ["pressure"], {"factor": 1e9}, expect_path="shells[0].pressure.factor")
scene_case("shell_unknown_key", SHELL, SH + ["thickness"], 0.01)

# ---- colliders ------------------------------------------------------------------------------------------
K = ["colliders", 0]
scene_case("collider_type_bad", COLL, K + ["type"], "cone")
scene_case("collider_type_missing", COLL, K + ["type"], DELETE)
scene_case("collider_sphere_radius_zero", COLL, K + ["radius"], 0)
scene_case("collider_sphere_center_missing", COLL, K + ["center"], DELETE)
scene_case("collider_sphere_center_huge", COLL, K + ["center"], [0, 0, 1e8], expect_path="colliders[0].center[2]")
scene_case("collider_restitution_two", COLL, K + ["restitution"], 2)
scene_case("collider_velocity_huge", COLL, K + ["velocity"], [1e7, 0, 0], expect_path="colliders[0].velocity[0]")
scene_case("collider_oscillation_frequency_zero", COLL, K + ["oscillation"], {"amplitude": [0, 0.1, 0], "frequency": 0},
           expect_path="colliders[0].oscillation.frequency")
scene_case("collider_sphere_unknown_key", COLL, K + ["normal"], [0, 1, 0])
PL = {"cloths": [{"resolution": [4, 4]}], "colliders": [{"type": "plane"}]}
scene_case("collider_plane_normal_zero", PL, K + ["normal"], [0, 0, 0])
scene_case("collider_plane_offset_huge", PL, K + ["offset"], 1e9)
scene_case("collider_plane_center", PL, K + ["center"], [0, 0, 0])
CAP = {"cloths": [{"resolution": [4, 4]}], "colliders": [{"type": "capsule", "center": [0, 0, 0], "radius": 0.1, "half_length": 0.2}]}
scene_case("collider_capsule_half_length_negative", CAP, K + ["half_length"], -0.2)
scene_case("collider_capsule_radius_missing", CAP, K + ["radius"], DELETE)
BOX = {"cloths": [{"resolution": [4, 4]}], "colliders": [{"type": "box", "center": [0, 0, 0], "half_extents": [0.1, 0.1, 0.1]}]}
scene_case("collider_box_half_extents_short", BOX, K + ["half_extents"], [0.1, 0.1])
scene_case("collider_box_half_extents_zero", BOX, K + ["half_extents"], [0.1, 0, 0.1], expect_path="colliders[0].half_extents[1]")
MESHC = {"cloths": [{"resolution": [4, 4]}],
         "colliders": [{"type": "mesh", "file": "../../../scenes/meshes/torus.obj", "cell_size": 0.05, "center": [0, 0, 0]}]}
scene_case("collider_mesh_cell_tiny", MESHC, K + ["cell_size"], 1e-30)
scene_case("collider_mesh_cell_nodes", MESHC, K + ["cell_size"], 1e-4, extra=": the signed-distance grid would have")
scene_case("collider_mesh_cell_bake", MESHC, K + ["cell_size"], 0.0055, extra=": baking the signed-distance grid would take")
scene_case("collider_mesh_scale_zero", MESHC, K + ["scale"], 0)
scene_case("collider_mesh_file_missing", MESHC, K + ["file"], "none.obj", expect_path="", extra="none.obj: cannot open OBJ file")
cases[-1] = ("scene", "3", "none.obj: cannot open OBJ file", cases[-1][3])
scene_case("collider_mesh_open", MESHC, K + ["file"], "../meshes/tri.obj", expect_path="", extra="")
cases[-1] = ("scene", "3", "tri.obj: a mesh collider needs a closed, consistently oriented mesh", cases[-1][3])
scene_case("collider_mesh_cell_missing", MESHC, K + ["cell_size"], DELETE)

# ---- limits: memory and work estimated before anything is allocated ---------------------------------------
BIG = {"cloths": [{"name": f"c{k}", "resolution": [4096, 4096]} for k in range(8)]}
scene_case("limit_memory_cloths", BIG, ["cloths", 7, "bending"], "dihedral", expect_path="cloths[7].resolution",
           extra=": the scene would need about 573 GiB")
scene_case("limit_memory_soft_box", SOFT, M + ["cells"], [256, 256, 256], expect_path="soft_bodies[0].mesh.cells",
           extra=": the scene would need about 136 GiB")
SOFT_HUGE = copy.deepcopy(SOFT)
SOFT_HUGE["soft_bodies"][0]["instances"] = [{"position": [0, k, 0]} for k in range(200)]
scene_case("limit_particle_index", SOFT_HUGE, M + ["cells"], [256, 256, 256] , expect_path="soft_bodies[0].instances",
           extra=": the scene would have")
scene_case("limit_work_per_frame", {"cloths": [{"resolution": [256, 256]}], "solver": {"substeps": 1000}},
           ["solver", "iterations"], 1000, expect_path="solver.substeps x solver.iterations",
           extra=" (or --substeps, --iterations): 1e+03 x 1e+03 on 3.93e+05 constraints")

# ---- command lines --------------------------------------------------------------------------------------
GOOD = "@DIR@/scenes/good.json"
write("scenes/good.json", json.dumps(CLOTH) + "\n")
for args, expect in [
        ("frobnicate", "unknown command 'frobnicate'"),
        ("run --frames 0", "--frames: expected an integer in [1, 10000000], got '0'"),
        ("run --frames x", "--frames: expected an integer"),
        ("run --frames 1e99", "--frames: expected an integer"),
        ("run --frames 99999999999999999999", "--frames: expected an integer"),
        ("run --frames -1", "--frames: expected an integer"),
        ("run --view xray", "--view: unknown view 'xray'"),
        ("run --frames", "--frames: missing value"),
        ("run --frames ''", "--frames: empty value"),
        ("run --substeps 0", "--substeps: expected an integer in [1, 1000]"),
        ("run --iterations 1001", "--iterations: expected an integer in [1, 1000]"),
        ("run --omega 0", "--omega: expected a number in (0, "),
        ("run --omega 2.5", "--omega: expected a number in (0, "),
        ("run --omega nan", "--omega: expected a number"),
        ("run --omega inf", "--omega: expected a number"),
        ("run --omega 1e-50", "--omega: expected a number"),
        ("run --solver newton", "unknown solver 'newton'"),
        ("run --model fem", "unknown constraint model 'fem'"),
        ("run --integrator rk4", "unknown integrator 'rk4'"),
        ("run --framez 3", "run: unknown option '--framez'"),
        ("run ''", "run: the scene path is empty"),
        ("run a.json b.json", "run: more than one scene given"),
        ("run --out ''", "--out: empty value"),
        ("run --trajectory ''", "--trajectory: empty value"),
        ("run --trajectory-every 0", "--trajectory-every: expected an integer"),
        ("run --capture-frame 3 --frames 3", "--capture-frame: frame 3 is not below --frames 3"),
        ("run --device ''", "--device: empty value"),
        ("render ''", "render: the scene path is empty"),
        ("render --width 8", "--width: expected an integer in [16, 8192]"),
        ("render --height 9000", "--height: expected an integer in [16, 8192]"),
        ("render --every 0", "--every: expected an integer"),
        ("render --view xray", "--view: unknown view 'xray'"),
        ("render --stress-scale 0", "--stress-scale: expected a number in (0,"),
        ("render --stress-scale nan", "--stress-scale: expected a number in (0,"),
        ("render --frames -2", "--frames: expected an integer"),
        ("converge ''", "converge: the scene path is empty"),
        ("converge --iterations 0", "--iterations: expected an integer in [1, 1000]"),
        ("converge --frames-before x", "--frames-before: expected an integer"),
        ("converge --solver gs", "converge: unknown option '--solver'"),
        ("stiffness ''", "stiffness: the scene path is empty"),
        ("stiffness --iterations 0,5", "--iterations: expected comma-separated integers in [1, 1000], got '0'"),
        ("stiffness --iterations 5,,6", "--iterations: expected comma-separated integers in [1, 1000], got ''"),
        ("stiffness --frames 0", "--frames: expected an integer"),
        ("bench --sizes 1", "--sizes: expected comma-separated integers in [2, 4096], got '1'"),
        ("bench --sizes 64,x", "--sizes: expected comma-separated integers in [2, 4096], got 'x'"),
        ("bench --modes gs,newton", "--modes: unknown solver 'newton'"),
        ("bench --solver gs", "bench: use --modes instead of --solver"),
        ("bench --frames 0", "--frames: expected an integer"),
        ("bench scene.json", "bench: unknown argument 'scene.json'")]:
    case("cli", 2, expect, args)
for args, expect in [
        (f"run {GOOD} --headless --frames 1 --device 99 --out @OUT@", "--device 99: no such Vulkan device"),
        (f"run {GOOD} --headless --frames 1 --device no-such-gpu --out @OUT@", "--device no-such-gpu: no such Vulkan device"),
        (f"render {GOOD} --frames 1 --width 16 --height 16 --device 99 --out @OUT@", "--device 99: no such Vulkan device"),
        (f"converge {GOOD} --frames-before 0 --iterations 1 --device 7 --out @OUT@", "--device 7: no such Vulkan device")]:
    case("device", 2, expect, args)
# lavapipe's maxStorageBufferRange is 128 MiB: a 1024² cloth's distance constraints (144 MiB) are bound a window at
# a time (gpu/binding_windows.h), except where tearing passes bind them whole.
write("scenes/device_buffer_range.json",
      json.dumps({"cloths": [{"resolution": [1024, 1024], "tear": {"strain": 1.2, "spare_particles": 1024}}]}) + "\n")
case("device", 3, "device_buffer_range.json: scene 'device_buffer_range' is too large for llvmpipe && "
     "GPU buffer 'distance constraints (the tear passes bind it whole)' needs 143.8 MiB in one binding, "
     "more than the device's maxStorageBufferRange of 128.0 MiB; lower cloths[0].resolution",
     RUN.format(file="scenes/device_buffer_range.json"))
for args, expect, code in [
        ("run @DIR@/none.json --headless --out @OUT@", "none.json: cannot open scene file", 3),
        ("run @DIR@/scenes --headless --out @OUT@", "scenes: cannot open scene file", 3),
        ("run /dev/zero --headless --out @OUT@", "/dev/zero: the scene file is not a regular file", 3),
        ("run /dev/stdin --headless --out @OUT@", "/dev/stdin: the scene file is not a regular file", 3),
        ("render /dev/null --out @OUT@", "/dev/null: the scene file is not a regular file", 3),
        ("converge @DIR@/scenes/solver_dt_zero.json --out @OUT@", "solver_dt_zero.json: solver.dt", 3),
        ("stiffness @DIR@/scenes/cloth_size_huge.json --out @OUT@", "cloth_size_huge.json: cloths[0].size[0]", 3),
        ("render @DIR@/scenes/obj_vertex_nan.json --out @OUT@", "vertex_nan.obj:2: vertex 2", 3)]:
    case("cli", code, expect, args)

# ---- output paths ---------------------------------------------------------------------------------------
for args, expect in [
        (f"run {GOOD} --headless --frames 1 --out /proc/vkxpbd", "--out /proc/vkxpbd: cannot create the folder"),
        (f"run {GOOD} --headless --frames 1 --out @DIR@/cases.tsv", "--out @DIR@/cases.tsv: cannot create the folder"),
        (f"run {GOOD} --headless --frames 1 --out @DIR@/cases.tsv/sub", "--out @DIR@/cases.tsv/sub: cannot create the folder"),
        (f"run {GOOD} --headless --frames 1 --out /dev/null", "--out /dev/null: cannot create the folder"),
        (f"run {GOOD} --headless --frames 1 --out @OUT@ --trajectory @DIR@", "--trajectory @DIR@: is a folder, not a file"),
        (f"run {GOOD} --headless --frames 1 --out @OUT@ --trajectory /proc/vkxpbd/t.bin", "--trajectory /proc/vkxpbd/t.bin: cannot create the folder"),
        (f"render {GOOD} --frames 1 --out /proc/vkxpbd", "--out /proc/vkxpbd: cannot create the folder"),
        (f"converge {GOOD} --out /proc/vkxpbd", "--out /proc/vkxpbd: cannot create the folder"),
        (f"stiffness {GOOD} --out /proc/vkxpbd", "--out /proc/vkxpbd: cannot create the folder"),
        ("bench --out @DIR@", "--out @DIR@: is a folder, not a file"),
        ("bench --out /proc/vkxpbd/b.json", "--out /proc/vkxpbd/b.json: cannot create the folder")]:
    case("output", 2, expect, args)

# ---- animation export and cloths from meshes (issue 16) ----------------------------------------------------
for args, expect in [
        ("run --export ''", "--export: empty value"),
        ("run --every 0", "--every: expected an integer"),
        ("render --export ''", "--export: empty value")]:
    case("cli", 2, expect, args)
for args, expect in [
        (f"run {GOOD} --frames 1 --out @OUT@ --export /proc/vkxpbd", "--export /proc/vkxpbd: cannot create the folder"),
        (f"run {GOOD} --frames 1 --out @OUT@ --export @DIR@/cases.tsv", "--export @DIR@/cases.tsv: cannot create the folder"),
        (f"render {GOOD} --frames 1 --out @OUT@ --export /proc/vkxpbd", "--export /proc/vkxpbd: cannot create the folder")]:
    case("output", 2, expect, args)
write("meshes/cloth_fan.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 2 0 1\nv 2 1 -1\nf 1 2 3\nf 2 4 3\nf 2 5 3\n")
for name, cloth, expect in [
        ("cloth_mesh_non_manifold", {"mesh": {"file": "../meshes/cloth_fan.obj"}},
         "cloth_fan.obj: edge (vertices 1, 2) of triangle 2 is on more than two triangles (non-manifold)"),
        ("cloth_mesh_degenerate", {"mesh": {"file": "../meshes/degenerate.obj"}}, "degenerate.obj: triangle"),
        ("cloth_mesh_missing", {"mesh": {"file": "../meshes/no_such.obj"}}, "no_such.obj"),
        ("cloth_mesh_with_resolution", {"mesh": {"file": "../meshes/cloth_fan.obj"}, "resolution": [4, 4]},
         "cloths[0].resolution: not used by a cloth made from a mesh"),
        ("cloth_mesh_pin_off_mesh", {"mesh": {"file": "../meshes/degenerate.obj"}, "pins": [{"vertex": -1}]},
         "cloths[0].pins[0].vertex"),
        ("cloth_material_unknown", {"material": "denin"}, "unknown material 'denin' (did you mean 'denim'?)"),
        ("cloth_material_not_string", {"material": 3}, "cloths[0].material"),
        ("cloth_warp_on_grid", {"compliance": {"warp": 1e-3}}, "warp and weft apply to a cloth made from a mesh")]:
    write(f"scenes/{name}.json", json.dumps({"cloths": [cloth]}) + "\n")
    case("scene", 3, expect, RUN.format(file=f"scenes/{name}.json"))

# ---- soft-body aerodynamics and the hierarchy's compression compliance ---------------------------------------
scene_case("soft_aerodynamics_drag_negative", SOFT, S + ["aerodynamics"], {"normal_drag": -1})
scene_case("soft_aerodynamics_unknown_key", SOFT, S + ["aerodynamics"], {"drag": 1.0},
           expect_path="soft_bodies[0].aerodynamics.drag")
scene_case("hierarchy_compression_negative", CLOTH, ["solver", "hierarchy"], {"compression_compliance": -1},
           expect_path="solver.hierarchy.compression_compliance")
scene_case("hierarchy_compression_with_bilateral", CLOTH, ["solver", "hierarchy"],
           {"bilateral": True, "compression_compliance": 0.01}, expect_path="solver.hierarchy.compression_compliance",
           extra=": cannot be combined")

with open(os.path.join(HERE, "cases.tsv"), "w") as f:
    f.write("# category\texit code\ttext the output must contain\tcommand line (@DIR@: this folder, @OUT@: a fresh "
            "temporary folder). Written by make_cases.py.\n")
    for c in cases:
        f.write("\t".join(c) + "\n")
print(f"{len(cases)} cases")
