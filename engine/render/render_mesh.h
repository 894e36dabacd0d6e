// CPU-built, static geometry of the renderer: the cloth's triangles with a per-particle triangle
// adjacency list (for the deterministic normal pass).
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"
#include "sim/surface_triangles.h"

namespace vkxpbd::render {

// Every surface of the model as one triangle list with its per-particle adjacency: the solver's
// surface triangles (sim/surface_triangles.h), built by the same code.
using ClothMesh = SurfaceTriangles;

ClothMesh buildClothMesh(const Model& model);

// Per-particle unit normals (area-weighted sum over adjacent triangles, summed in adjacency order, the
// same order as normals.comp); zero for particles on no triangle.
std::vector<glm::vec4> computeVertexNormals(const ClothMesh& mesh, const std::vector<glm::vec4>& positions);

}  // namespace vkxpbd::render
