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
  std::string name;        // a valid USD prim name and file name: [A-Za-z_][A-Za-z0-9_]*
  uint32_t modelBody = 0;  // index into Model::bodies
  // A tearing body (Model::tears): its vertices and triangles change as it tears (recollectExportBody),
  // up to maxVertices vertices (its particles before any tear plus its spares).
  bool tears = false;
  uint32_t maxVertices = 0;
  std::vector<uint32_t> particles;  // model particle of each exported vertex (ascending)
  std::vector<uint32_t> triangles;  // 3 per triangle, into `particles`
  std::vector<glm::vec2> uvs;       // unique (u, v) values; empty when the body has none
  std::vector<uint32_t> cornerUvs;  // per triangle corner, into `uvs` (empty with `uvs`)
};

// One ExportBody per model body that has surface triangles (model.surfaces): its vertices are the
// particles its triangles use (a soft body's inner particles are left out). Names are the bodies'
// names with every other character replaced by '_', made unique with a suffix "_2", "_3", ...
// Triangles with two corners on one particle (collapsed by a tear) are left out.
std::vector<ExportBody> exportBodies(const Model& model);

// Collects a tearing body's vertices, triangles and UVs again from `model` as torn (the solver's
// model(): split particles are new vertices, the triangles on the far side of a crack use them); the
// name and the model body stay.
void recollectExportBody(ExportBody& body, const Model& model);

// Whether two collections of a body have the same vertices, triangles and UVs.
bool sameTopology(const ExportBody& a, const ExportBody& b);

// Unit area-weighted vertex normals of one body at the given model positions (m); a vertex of only
// degenerate triangles gets (0, 1, 0).
std::vector<glm::vec3> vertexNormals(const ExportBody& body, const std::vector<glm::vec4>& positions);

// An upper bound of the bytes written by `frames` exported frames (OBJ files and scene.usda).
uint64_t estimateExportBytes(const std::vector<ExportBody>& bodies, uint64_t frames);

}  // namespace vkxpbd
