// A cloth made from any triangle mesh (`cloths[].mesh`, docs/scene-format.md#cloth-from-a-mesh): the OBJ is
// welded and kept with its UVs; every edge is a distance constraint, bending acts across every interior
// edge with the cloth's `bending` model, and pins come from vertex numbers or a box.
//
// Edges and UVs: with UVs on every corner, an edge whose UV direction is within 22.5° of u is a warp edge
// (kind stretch, compliance `warp`, else `stretch`), within 22.5° of v a weft edge (kind stretch,
// compliance `weft`, else `stretch`), any other a shear edge (kind shear, compliance `shear`; left out
// with "shear": false, like a grid's diagonals). Without UVs every edge is a stretch edge.
#pragma once

#include <cstddef>

#include "scene/scene.h"
#include "sim/model.h"

namespace vkxpbd {

// Adds the cloth's particles, surface (with UVs), constraints, pins, friction and body to the model.
// Throws SceneError naming the scene field or the OBJ file and the element: a missing or unreadable
// file, no triangles, a degenerate triangle, an edge on more than two triangles (non-manifold), a
// non-finite UV, a pinned vertex that is not in the file or on no triangle.
void addMeshCloth(const SceneDesc& scene, Model& model, const ClothDesc& cloth, size_t index);

// The kind an edge gets from its UV direction (du, dv) (see above); Stretch for (0, 0).
enum class UvEdge { Warp, Weft, Shear };
UvEdge classifyUvEdge(glm::vec2 duv);

}  // namespace vkxpbd
