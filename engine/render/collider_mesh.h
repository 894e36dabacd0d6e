// CPU-built geometry of the colliders for drawing: each collider's surface in its own frame (m), with
// its dimensions applied, so the vertex shader only moves it to the collider's pose at the drawn time.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd::render {

// Triangles with a normal per vertex; counter-clockwise seen from outside.
struct SolidMesh {
  std::vector<glm::vec4> positions;  // xyz m, w 1
  std::vector<glm::vec4> normals;    // xyz unit outward normal, w 0
  std::vector<uint32_t> indices;     // 3 per triangle

  void append(const SolidMesh& other);
};

// A capsule along the local x axis: a cylinder of `halfLength` (m) either side of the centre, capped
// by hemispheres of `radius` (m); `slices` around the axis, `stacks` (even) from pole to pole.
SolidMesh buildCapsule(float radius, float halfLength, uint32_t slices, uint32_t stacks);
// A box of the given half extents (m) about the centre: 4 vertices per face with the face's normal.
SolidMesh buildBox(glm::vec3 halfExtents);
// A closed triangle surface drawn flat-shaded (3 vertices per triangle), turned outward if its
// triangles wind inward.
SolidMesh buildFlatSurface(const std::vector<glm::vec3>& vertices, const std::vector<uint32_t>& indices);

// The surface of model.colliders[index] in its own frame; empty for planes (drawn as the ground) and for
// a mesh collider without a kept surface.
SolidMesh buildColliderMesh(const Model& model, uint32_t index);

}  // namespace vkxpbd::render
