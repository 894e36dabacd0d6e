#!/usr/bin/env python3
"""A strict reader of the USD ASCII (.usda) subset that `vkxpbd run --export` writes (docs/export.md).

usage: check_usda_syntax.py FILE.usda            check one file; exit 0 and a summary, or 1 and the first error
       check_usda_syntax.py --self-test FILE.usda  FILE must pass, and each of a list of broken copies of it
                                                   must fail (the reader catches real defects)

The grammar accepted (anything else is an error naming the line and column):

    layer     := '#usda 1.0' NEWLINE [ '(' metadata* ')' ] prim*
    metadata  := NAME '=' value
    prim      := 'def' ('Xform' | 'Mesh') STRING '{' (prim | attribute)* '}'
    attribute := ['uniform'] TYPE NAME ( '=' value [ '(' metadata* ')' ]
                                       | '.timeSamples' '=' '{' (INT ':' value ',')* '}'
                                       | '(' metadata* ')' )
    value     := NUMBER | STRING | '[' [value (',' value)*] ']' | '(' value (',' value)* ')'

Every value must fit its declared type (point3f[] an array of finite 3-tuples, int[] integers, ...), and the
counts must agree: faceVertexCounts sums to the number of faceVertexIndices, every index is below the point
count, every time sample of points, normals and extent has the same count as the others (a tearing body's
topology and UVs are time-sampled, at exactly the times of points, and then each sample's counts must agree
with the points and normals of its time, whose number may change from one time to the next), the extent samples
bound their points, primvars:st:indices has one index per face corner below the number of UVs, the sample
times increase and lie within startTimeCode .. endTimeCode, and defaultPrim names a root prim.
"""
import math
import re
import sys


class UsdaError(Exception):
    pass


TOKEN_RE = re.compile(
    r"""(?P<ws>[ \t]+)|(?P<nl>\n)|(?P<string>"(?:[^"\\\n]|\\.)*")|"""
    r"""(?P<number>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?![A-Za-z_]))|"""
    r"""(?P<name>[A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z_][A-Za-z0-9_]*)*(?:\[\])?)|(?P<punct>[{}()\[\],=:.])"""
)

SCALAR_TYPES = {"bool": 0, "int": 0, "float": 0, "double": 0, "token": "s", "string": "s"}
TUPLE_TYPES = {"float2": 2, "float3": 3, "point3f": 3, "normal3f": 3, "texCoord2f": 2}
LAYER_KEYS = {
    "defaultPrim": "s", "doc": "s", "endTimeCode": 0, "startTimeCode": 0, "framesPerSecond": 0,
    "timeCodesPerSecond": 0, "metersPerUnit": 0, "upAxis": "s",
}
ATTRIBUTE_KEYS = {"interpolation": ("constant", "uniform", "vertex", "varying", "faceVarying")}
PRIM_TYPES = ("Xform", "Mesh")


class Token:
    def __init__(self, kind, text, line, col):
        self.kind, self.text, self.line, self.col = kind, text, line, col

    def where(self):
        return f"line {self.line}, column {self.col}"


def tokenize(text):
    if not text.startswith("#usda 1.0\n"):
        raise UsdaError("line 1: the file does not start with the header '#usda 1.0'")
    tokens, line, line_start, pos = [], 2, len("#usda 1.0\n"), len("#usda 1.0\n")
    while pos < len(text):
        m = TOKEN_RE.match(text, pos)
        if not m:
            raise UsdaError(f"line {line}, column {pos - line_start + 1}: unexpected character {text[pos]!r}")
        kind = m.lastgroup
        if kind == "nl":
            line, line_start = line + 1, m.end()
        elif kind != "ws":
            tokens.append(Token(kind, m.group(), line, pos - line_start + 1))
        pos = m.end()
    tokens.append(Token("eof", "", line, pos - line_start + 1))
    return tokens


class Parser:
    def __init__(self, text):
        self.tokens = tokenize(text)
        self.i = 0

    def peek(self, offset=0):
        return self.tokens[min(self.i + offset, len(self.tokens) - 1)]

    def next(self):
        token = self.peek()
        self.i += 1
        return token

    def expect(self, text, what):
        token = self.next()
        if token.text != text or token.kind not in ("punct", "name"):
            context = f" ({what})" if what else ""
            raise UsdaError(f"{token.where()}: expected '{text}'{context}, found {token.text or 'end of file'!r}")
        return token

    def value(self):
        token = self.next()
        if token.kind == "number":
            number = float(token.text)
            if not math.isfinite(number):
                raise UsdaError(f"{token.where()}: number {token.text} is not finite")
            return number
        if token.kind == "string":
            return ("string", re.sub(r"\\(.)", r"\1", token.text[1:-1]))
        if token.text == "[":
            items = []
            if self.peek().text == "]":
                self.next()
                return items
            while True:
                items.append(self.value())
                closing = self.next()
                if closing.text == "]":
                    return items
                if closing.text != ",":
                    raise UsdaError(f"{closing.where()}: expected ',' or ']' in an array, found {closing.text!r}")
        if token.text == "(":
            items = [self.value()]
            while True:
                closing = self.next()
                if closing.text == ")":
                    return tuple(items)
                if closing.text != ",":
                    raise UsdaError(f"{closing.where()}: expected ',' or ')' in a tuple, found {closing.text!r}")
                items.append(self.value())
        if token.kind == "name" and token.text.lower() in ("nan", "inf", "infinity"):
            raise UsdaError(f"{token.where()}: number {token.text} is not finite")
        raise UsdaError(f"{token.where()}: expected a value, found {token.text or 'end of file'!r}")

    def metadata_block(self, allowed):
        """'(' (NAME '=' value)* ')' with the keys in `allowed` (a dict key -> kind or choices)."""
        self.expect("(", "to open a metadata block")
        entries = {}
        while self.peek().text != ")":
            key = self.next()
            if key.kind != "name" or key.text not in allowed:
                raise UsdaError(f"{key.where()}: unknown metadata {key.text or 'end of file'!r}")
            if key.text in entries:
                raise UsdaError(f"{key.where()}: metadata {key.text} given twice")
            self.expect("=", "after a metadata key")
            where = self.peek().where()
            value = self.value()
            kind = allowed[key.text]
            if kind == "s" or isinstance(kind, tuple):
                if not (isinstance(value, tuple) and len(value) == 2 and value[0] == "string"):
                    raise UsdaError(f"{where}: {key.text} must be a string")
                value = value[1]
                if isinstance(kind, tuple) and value not in kind:
                    raise UsdaError(f"{where}: {key.text} = {value!r} is not one of {', '.join(kind)}")
            elif not isinstance(value, float):
                raise UsdaError(f"{where}: {key.text} must be a number")
            entries[key.text] = value
        self.next()
        return entries

    def typed(self, type_name, value, where, name):
        """Checks that a value fits its type; returns it."""
        array = type_name.endswith("[]")
        base = type_name[:-2] if array else type_name

        def one(v):
            if base in TUPLE_TYPES:
                if not (isinstance(v, tuple) and len(v) == TUPLE_TYPES[base] and all(isinstance(c, float) for c in v)):
                    raise UsdaError(f"{where}: {name}: expected {base} ({TUPLE_TYPES[base]} numbers), found {v!r}"[:200])
            elif SCALAR_TYPES[base] == "s":
                if not (isinstance(v, tuple) and len(v) == 2 and v[0] == "string"):
                    raise UsdaError(f"{where}: {name}: expected a quoted {base}")
            elif base in ("int", "bool"):
                if not (isinstance(v, float) and v == int(v)):
                    raise UsdaError(f"{where}: {name}: expected an integer, found {v!r}")
                if base == "bool" and v not in (0.0, 1.0):
                    raise UsdaError(f"{where}: {name}: a bool is 0 or 1, found {v!r}")
            elif not isinstance(v, float):
                raise UsdaError(f"{where}: {name}: expected a number, found {v!r}"[:200])

        if array:
            if not isinstance(value, list):
                raise UsdaError(f"{where}: {name}: expected an array of {base}")
            for v in value:
                one(v)
        else:
            one(value)
        return value

    def attribute(self, prim):
        start = self.peek()
        uniform = start.text == "uniform"
        if uniform:
            self.next()
        type_token = self.next()
        base = type_token.text[:-2] if type_token.text.endswith("[]") else type_token.text
        if type_token.kind != "name" or (base not in SCALAR_TYPES and base not in TUPLE_TYPES):
            raise UsdaError(f"{type_token.where()}: unknown attribute type {type_token.text!r}")
        name_token = self.next()
        if name_token.kind != "name" or name_token.text.endswith("[]"):
            raise UsdaError(f"{name_token.where()}: expected an attribute name, found {name_token.text!r}")
        name = name_token.text
        attrs = prim["attributes"]
        entry = attrs.setdefault(name, {"type": type_token.text, "uniform": uniform})
        if entry["type"] != type_token.text or entry["uniform"] != uniform:
            raise UsdaError(f"{type_token.where()}: {name} declared again with another type")
        if self.peek().text == ".":
            self.next()
            self.expect("timeSamples", "after '.'")
            if uniform:
                raise UsdaError(f"{name_token.where()}: a uniform attribute ({name}) cannot have time samples")
            if "samples" in entry:
                raise UsdaError(f"{name_token.where()}: {name}.timeSamples given twice")
            self.expect("=", "after timeSamples")
            self.expect("{", "to open the time samples")
            samples = []
            while self.peek().text != "}":
                time = self.next()
                if time.kind != "number":
                    raise UsdaError(f"{time.where()}: expected a time code, found {time.text!r}")
                t = float(time.text)
                if samples and t <= samples[-1][0]:
                    raise UsdaError(f"{time.where()}: time code {time.text} does not increase")
                self.expect(":", "after a time code")
                where = self.peek().where()
                samples.append((t, self.typed(type_token.text, self.value(), where, name), where))
                self.expect(",", "after a time sample")
            self.next()
            if not samples:
                raise UsdaError(f"{name_token.where()}: {name}.timeSamples is empty")
            entry["samples"] = samples
            return
        if self.peek().text == "(":
            entry.setdefault("metadata", {}).update(self.metadata_block(ATTRIBUTE_KEYS))
            return
        self.expect("=", f"after {name}")
        if "value" in entry:
            raise UsdaError(f"{name_token.where()}: {name} given twice")
        where = self.peek().where()
        entry["value"] = self.typed(type_token.text, self.value(), where, name)
        entry["where"] = where
        if self.peek().text == "(":
            entry.setdefault("metadata", {}).update(self.metadata_block(ATTRIBUTE_KEYS))

    def prim(self):
        self.expect("def", "to start a prim")
        type_token = self.next()
        if type_token.text not in PRIM_TYPES:
            raise UsdaError(f"{type_token.where()}: unknown prim type {type_token.text!r}")
        name_token = self.next()
        if name_token.kind != "string" or not re.fullmatch(r'"[A-Za-z_][A-Za-z0-9_]*"', name_token.text):
            raise UsdaError(f"{name_token.where()}: a prim name is a quoted identifier, found {name_token.text!r}")
        prim = {"type": type_token.text, "name": name_token.text[1:-1], "where": name_token.where(),
                "attributes": {}, "children": []}
        self.expect("{", "to open the prim")
        while self.peek().text != "}":
            if self.peek().text == "def":
                child = self.prim()
                if any(c["name"] == child["name"] for c in prim["children"]):
                    raise UsdaError(f"{child['where']}: prim {child['name']} defined twice")
                prim["children"].append(child)
            elif self.peek().kind == "eof":
                raise UsdaError(f"{self.peek().where()}: end of file inside prim {prim['name']} (missing '}}')")
            else:
                self.attribute(prim)
        self.next()
        return prim

    def layer(self):
        metadata = self.metadata_block(LAYER_KEYS) if self.peek().text == "(" else {}
        prims = []
        while self.peek().kind != "eof":
            prim = self.prim()
            if any(p["name"] == prim["name"] for p in prims):
                raise UsdaError(f"{prim['where']}: prim {prim['name']} defined twice")
            prims.append(prim)
        return metadata, prims


def values_of(attr):
    """The attribute's values: its time samples' or its one value, as (time or None, value, where)."""
    if attr is None:
        return []
    if "samples" in attr:
        return attr["samples"]
    if "value" in attr:
        return [(None, attr["value"], attr["where"])]
    return []


def check_mesh(mesh, start, end, stats):
    name, attrs = mesh["name"], mesh["attributes"]
    for required in ("faceVertexCounts", "faceVertexIndices", "points"):
        if required not in attrs or not values_of(attrs[required]):
            raise UsdaError(f"{mesh['where']}: mesh {name} has no {required}")
    expected_types = {"faceVertexCounts": "int[]", "faceVertexIndices": "int[]", "points": "point3f[]",
                      "normals": "normal3f[]", "extent": "float3[]", "primvars:st": "texCoord2f[]",
                      "primvars:st:indices": "int[]", "doubleSided": "bool", "subdivisionScheme": "token"}
    uniform = ("doubleSided", "subdivisionScheme")
    for attr_name, attr in attrs.items():
        if attr_name not in expected_types:
            raise UsdaError(f"{mesh['where']}: mesh {name}: unexpected attribute {attr_name}")
        if attr["type"] != expected_types[attr_name]:
            raise UsdaError(f"{mesh['where']}: mesh {name}: {attr_name} is {attr['type']}, expected "
                            f"{expected_types[attr_name]}")
        if attr["uniform"] != (attr_name in uniform):
            raise UsdaError(f"{mesh['where']}: mesh {name}: {attr_name} "
                            f"{'must' if attr_name in uniform else 'must not'} be uniform")
    scheme = values_of(attrs.get("subdivisionScheme"))
    if scheme and scheme[0][1][1] not in ("none", "catmullClark", "loop", "bilinear"):
        raise UsdaError(f"{scheme[0][2]}: mesh {name}: unknown subdivisionScheme {scheme[0][1][1]!r}")
    points = values_of(attrs["points"])
    times = [t for t, _, _ in points]

    def at_times(attr_name):
        """An attribute's value at each time of points: its one value, or (a tearing body's topology) its
        time samples, which must be at exactly the times of points."""
        samples = values_of(attrs.get(attr_name))
        if len(samples) == 1 and samples[0][0] is None:
            return [samples[0][1]] * len(points)
        if [t for t, _, _ in samples] != times:
            raise UsdaError(f"{mesh['where']}: mesh {name}: {attr_name} sampled at other times than points")
        return [v for _, v, _ in samples]

    counts_at, indices_at = at_times("faceVertexCounts"), at_times("faceVertexIndices")
    topology_sampled = values_of(attrs["faceVertexIndices"])[0][0] is not None
    if topology_sampled != (values_of(attrs["faceVertexCounts"])[0][0] is not None):
        raise UsdaError(f"{mesh['where']}: mesh {name}: faceVertexCounts and faceVertexIndices must both be "
                        f"time-sampled or neither")
    n = len(points[0][1])
    for (t, p, where), counts, indices in zip(points, counts_at, indices_at):
        if any(c < 3 for c in counts):
            raise UsdaError(f"{mesh['where']}: mesh {name}: a face with fewer than 3 vertices")
        if sum(counts) != len(indices):
            raise UsdaError(f"{mesh['where']}: mesh {name}: faceVertexCounts sum to {int(sum(counts))} but "
                            f"there are {len(indices)} faceVertexIndices")
        if not topology_sampled and len(p) != n:
            raise UsdaError(f"{where}: mesh {name}: points sample at {t} has {len(p)} points, the first has {n}")
        if any(i < 0 or i >= len(p) for i in indices):
            bad = next(i for i in indices if i < 0 or i >= len(p))
            raise UsdaError(f"{mesh['where']}: mesh {name}: face vertex index {int(bad)} outside "
                            f"0 .. {len(p) - 1}")
    for other in ("normals", "extent"):
        samples = values_of(attrs.get(other))
        if other in attrs and [t for t, _, _ in samples] != times:
            raise UsdaError(f"{mesh['where']}: mesh {name}: {other} sampled at other times than points")
        for (t, v, where), (_, p, _) in zip(samples, points):
            if other == "normals" and len(v) != len(p):
                raise UsdaError(f"{where}: mesh {name}: normals sample at {t} has {len(v)} normals for "
                                f"{len(p)} points")
            if other == "extent":
                if len(v) != 2:
                    raise UsdaError(f"{where}: mesh {name}: extent sample at {t} has {len(v)} corners, not 2")
                for axis in range(3):
                    lo, hi = min(q[axis] for q in p), max(q[axis] for q in p)
                    slack = 1e-6 * max(1.0, abs(lo), abs(hi))
                    if v[0][axis] > lo + slack or v[1][axis] < hi - slack:
                        raise UsdaError(f"{where}: mesh {name}: extent at {t} does not bound the points")
    if "normals" in attrs and attrs["normals"].get("metadata", {}).get("interpolation", "vertex") != "vertex":
        raise UsdaError(f"{mesh['where']}: mesh {name}: normals must have vertex interpolation")
    if "primvars:st" in attrs:
        if attrs["primvars:st"].get("metadata", {}).get("interpolation") != "faceVarying":
            raise UsdaError(f"{mesh['where']}: mesh {name}: primvars:st needs interpolation = \"faceVarying\"")
        if not values_of(attrs.get("primvars:st:indices")):
            raise UsdaError(f"{mesh['where']}: mesh {name}: primvars:st without primvars:st:indices")
        st_sampled = values_of(attrs["primvars:st"])[0][0] is not None
        if st_sampled != topology_sampled or st_sampled != (values_of(attrs["primvars:st:indices"])[0][0] is not None):
            raise UsdaError(f"{mesh['where']}: mesh {name}: primvars:st and its indices must be time-sampled "
                            f"exactly when the topology is")
        for st, st_indices, indices in zip(at_times("primvars:st"), at_times("primvars:st:indices"), indices_at):
            if len(st_indices) != len(indices):
                raise UsdaError(f"{mesh['where']}: mesh {name}: {len(st_indices)} primvars:st:indices for "
                                f"{len(indices)} face corners")
            if any(i < 0 or i >= len(st) for i in st_indices):
                raise UsdaError(f"{mesh['where']}: mesh {name}: a primvars:st index outside 0 .. {len(st) - 1}")
    elif "primvars:st:indices" in attrs:
        raise UsdaError(f"{mesh['where']}: mesh {name}: primvars:st:indices without primvars:st")
    for t in times:
        if t is not None and start is not None and not (start <= t <= end):
            raise UsdaError(f"{mesh['where']}: mesh {name}: sample time {t} outside {start} .. {end}")
    if times[0] is not None and start is not None and (times[0] != start or times[-1] != end):
        raise UsdaError(f"{mesh['where']}: mesh {name}: samples {times[0]} .. {times[-1]} but the layer says "
                        f"{start} .. {end}")
    stats["meshes"] += 1
    stats["points"] += n
    stats["samples"] = max(stats["samples"], len(points))


def check(text):
    metadata, prims = Parser(text).layer()
    if not prims:
        raise UsdaError("the layer defines no prim")
    default = metadata.get("defaultPrim")
    if default is not None and not any(p["name"] == default for p in prims):
        raise UsdaError(f"defaultPrim {default!r} names no root prim")
    start, end = metadata.get("startTimeCode"), metadata.get("endTimeCode")
    if (start is None) != (end is None) or (start is not None and start > end):
        raise UsdaError(f"startTimeCode {start} and endTimeCode {end} do not make a range")
    if metadata.get("upAxis", "Y") not in ("Y", "Z"):
        raise UsdaError(f"upAxis {metadata['upAxis']!r} is neither \"Y\" nor \"Z\"")
    stats = {"prims": 0, "meshes": 0, "points": 0, "samples": 0}

    def walk(prim):
        stats["prims"] += 1
        if prim["type"] == "Mesh":
            check_mesh(prim, start, end, stats)
            if prim["children"]:
                raise UsdaError(f"{prim['where']}: mesh {prim['name']} has child prims")
        elif prim["attributes"]:
            raise UsdaError(f"{prim['where']}: Xform {prim['name']} has attributes")
        for child in prim["children"]:
            walk(child)

    for prim in prims:
        walk(prim)
    if stats["meshes"] == 0:
        raise UsdaError("the layer has no Mesh prim")
    return stats


def mutations(text):
    """Broken copies of a good file, each with the defect it has."""
    def sub(pattern, replacement, count=1):
        broken, n = re.subn(pattern, replacement, text, count=count, flags=re.M)
        return broken if n else None

    first_points = re.search(r"^( +)0: \[\((.*?)\), ", text[text.index("points.timeSamples"):], re.M)
    yield "no header", text.replace("#usda 1.0\n", "", 1)
    yield "header version 2.0", text.replace("#usda 1.0", "#usda 2.0", 1)
    yield "a closing brace missing", text[: text.rstrip().rfind("}")]
    yield "an extra closing brace", text + "}\n"
    yield "a tuple not closed", sub(r"\(([-0-9.e]+), ([-0-9.e]+), ([-0-9.e]+)\)\]", r"(\1, \2, \3]")
    yield "an array not closed", sub(r"(faceVertexIndices[^\[]*\[[^\]]*)\]", r"\1")
    yield "a metadata block not closed", text.replace('    upAxis = "Y"\n)', '    upAxis = "Y"\n', 1)
    yield "NaN in points", sub(r"(points\.timeSamples = \{\n +\d+: \[\()[-0-9.e]+", r"\1nan")
    yield "inf in points", sub(r"(points\.timeSamples = \{\n +\d+: \[\()[-0-9.e]+", r"\g<1>1e999")
    # A tearing body's topology is time-sampled (vkxpbd run --export of cloth_tear.json).
    sampled = "faceVertexIndices.timeSamples" in text
    indices_at = r"(faceVertexIndices\.timeSamples = \{\n +\d+: \[)" if sampled else r"(faceVertexIndices = \[)"
    counts_at = r"(faceVertexCounts\.timeSamples = \{\n +\d+: \[)3" if sampled else r"(faceVertexCounts = \[)3"
    yield "a face index past the points", sub(indices_at + r"\d+", r"\g<1>100000000")
    yield "faceVertexCounts not summing to the indices", sub(counts_at, r"\g<1>4")
    if sampled:
        yield "topology sampled at other times than points", sub(
            r"(faceVertexIndices\.timeSamples = \{\n +)0:", r"\g<1>1:")
        yield "topology sampled, UVs not", sub(
            r"texCoord2f\[\] primvars:st \(\n.*\n +\)\n +texCoord2f\[\] primvars:st\.timeSamples = \{\n +\d+: (\[.*\]),\n(?: +\d+: .*\n)* +\}",
            r'texCoord2f[] primvars:st = \1 (\n            interpolation = "faceVarying"\n        )')
    if first_points:
        start = text.index("points.timeSamples")
        broken = text[:start] + text[start:].replace("(" + first_points.group(2) + "), ", "", 1)
        yield "a points sample with one point fewer", broken
    yield "a normals sample with one normal fewer", sub(
        r"(normals\.timeSamples = \{\n +\d+: \[)\([^)]*\), ", r"\1")
    yield "time samples out of order", sub(r"(points\.timeSamples = \{\n +)0:", r"\g<1>999999:")
    yield "an unknown attribute type", text.replace("point3f[] points", "pointf[] points", 1)
    yield "an unknown prim type", text.replace("def Mesh", "def Meshh", 1)
    yield "an unquoted prim name", sub(r'def Mesh "(\w+)"', r"def Mesh \1")
    yield "an unterminated string", text.replace('defaultPrim = "World"', 'defaultPrim = "World', 1)
    yield "defaultPrim naming nothing", text.replace('defaultPrim = "World"', 'defaultPrim = "Earth"', 1)
    yield "a duplicated attribute", sub(r"^( +uniform bool doubleSided = .*\n)", r"\1\1")
    yield "a bool that is 2", text.replace("uniform bool doubleSided = 1", "uniform bool doubleSided = 2", 1)
    yield "an unknown layer metadata key", text.replace("    metersPerUnit = 1\n", "    meterPerUnit = 1\n", 1)
    yield "a missing comma between tuples", sub(r"\), \(", ") (")
    yield "a time sample without its comma", sub(r"(points\.timeSamples = \{\n +\d+: \[.*\]),\n", r"\1\n")
    yield "an extent not bounding the points", sub(
        r"(extent\.timeSamples = \{\n +\d+: \[\()[-0-9.e]+", r"\g<1>1000")
    yield "a stray character", text.replace("def Xform", "def Xform @", 1)
    yield "an unknown mesh attribute", sub(r"^( +)(int\[\] faceVertexCounts)", r"\1float[] widths = [1]\n\1\2")
    yield "an unknown subdivision scheme", text.replace('subdivisionScheme = "none"', 'subdivisionScheme = "nurbs"', 1)
    yield "doubleSided not uniform", text.replace("uniform bool doubleSided", "bool doubleSided", 1)
    yield "a float as a face index", sub(indices_at + r"\d+", r"\g<1>0.5")
    if "primvars:st:indices" in text:
        uv_indices_at = r"(primvars:st:indices\.timeSamples = \{\n +\d+: \[)" if sampled else r"(primvars:st:indices = \[)"
        yield "a UV index past the UVs", sub(uv_indices_at + r"\d+", r"\g<1>100000000")
        yield "UVs without faceVarying", text.replace('interpolation = "faceVarying"', 'interpolation = "vertex"', 1)


def self_test(path):
    with open(path) as f:
        text = f.read()
    check(text)
    failures, cases = [], 0
    for what, broken in mutations(text):
        if broken is None or broken == text:
            failures.append(f"{what}: the mutation did not apply to {path}")
            continue
        cases += 1
        try:
            check(broken)
            failures.append(f"{what}: accepted")
        except UsdaError as e:
            print(f"rejected ({what}): {e}")
    if failures:
        sys.exit("self-test failed:\n  " + "\n  ".join(failures))
    print(f"self-test ok: {path} accepted, {cases} broken copies rejected")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--self-test":
        self_test(sys.argv[2])
        return
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    path = sys.argv[1]
    try:
        with open(path) as f:
            stats = check(f.read())
    except (UsdaError, UnicodeDecodeError, OSError) as e:
        sys.exit(f"{path}: {e}")
    print(f"{path}: usda ok: {stats['prims']} prims, {stats['meshes']} meshes, {stats['points']} points, "
          f"{stats['samples']} time samples")


if __name__ == "__main__":
    main()
