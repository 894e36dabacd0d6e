// Triangle surfaces: OBJ import (with vertices welded by position) and a generated icosphere, with the
// checks that bodies built from them need. Coordinates in metres.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace vkxpbd {

struct TriangleMesh {
  std::vector<glm::vec3> vertices;  // m
  std::vector<uint32_t> indices;    // 3 per triangle
  // OBJ only: texture coordinates (u, v) per index (corner), when every corner has one; else empty.
  std::vector<glm::vec2> cornerUvs;
  // OBJ only: the vertex of each of the file's vertices (0-based, file order); UINT32_MAX when on no face.
  std::vector<uint32_t> weldedOf;
};

// Reads every shape of an OBJ file (polygons fan-triangulated) and welds vertices closer than
// weldDistance (m; 0 welds identical positions only), so that seams (vertices repeated for normals or
// texture coordinates) do not split the surface. Throws SceneError naming the file: missing or
// unreadable file, no triangles, non-finite coordinates, degenerate triangles (after welding).
TriangleMesh loadObj(const std::string& path, float weldDistance);
// The same from the file's text; `path` is only used in messages.
TriangleMesh parseObj(const std::string& text, const std::string& path, float weldDistance);

// Throws SceneError naming `source` and the triangle (index in file order and its vertices) when a
// triangle repeats a vertex or has an area below 1e-12 of the squared bounding-box diagonal.
void validateTriangles(const TriangleMesh& mesh, const std::string& source);

// Every edge is shared by exactly two triangles that traverse it in opposite directions.
bool isClosedManifold(const TriangleMesh& mesh);

// Signed enclosed volume Σ x_a·(x_b × x_c)/6, m³ (positive for an outward-oriented closed surface).
double enclosedVolume(const TriangleMesh& mesh);

// A closed, outward-oriented sphere of `radius` (m): an icosahedron subdivided `subdivisions` times.
TriangleMesh makeIcosphere(float radius, uint32_t subdivisions);

}  // namespace vkxpbd
