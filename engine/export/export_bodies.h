// The bodies of a model as the animation export writes them (docs/export.md): each body's surface
// vertices, its triangles in the body's own numbering, its UVs and its per-vertex normals.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd {

struct ExportBody {
  std::string name;                 // a valid USD prim name and file name: [A-Za-z_][A-Za-z0-9_]*
  std::vector<uint32_t> particles;  // model particle of each exported vertex (ascending)
  std::vector<uint32_t> triangles;  // 3 per triangle, into `particles`
  std::vector<glm::vec2> uvs;       // unique (u, v) values; empty when the body has none
  std::vector<uint32_t> cornerUvs;  // per triangle corner, into `uvs` (empty with `uvs`)
};

// One ExportBody per model body that has surface triangles (model.surfaces): its vertices are the
// particles its triangles use (a soft body's inner particles are left out). Names are the bodies'
// names with every other character replaced by '_', made unique with a suffix "_2", "_3", ...
std::vector<ExportBody> exportBodies(const Model& model);

// Unit area-weighted vertex normals of one body at the given model positions (m); a vertex of only
// degenerate triangles gets (0, 1, 0).
std::vector<glm::vec3> vertexNormals(const ExportBody& body, const std::vector<glm::vec4>& positions);

// An upper bound of the bytes written by `frames` exported frames (OBJ files and scene.usda).
uint64_t estimateExportBytes(const std::vector<ExportBody>& bodies, uint64_t frames);

}  // namespace vkxpbd
