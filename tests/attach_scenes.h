// Scenes and checks of the attachment tests (test_attach.cpp, test_gpu_attach.cpp; docs/attachments.md).
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "scene/scene.h"
#include "sim/contact_hash.h"
#include "sim/model.h"

namespace vkxpbd::test {

// A 9 × 9 cloth (0.6 m, vertical) whose top row (region pin) and centre particle (grid pin) follow a
// capsule that moves, oscillates and spins about a tilted axis.
inline SceneDesc attachedClothScene(SolverMode mode) {
  SceneDesc scene = parseScene(R"({
    "solver": {"substeps": 10, "iterations": 2},
    "colliders": [{"type": "capsule", "name": "arm", "center": [0, 1, 0], "radius": 0.05, "half_length": 0.3,
                   "rotation": [0, 0, 20], "velocity": [0.2, 0, 0], "angular_velocity": [0, 1.5, 0.5],
                   "oscillation": {"amplitude": [0, 0.1, 0], "frequency": 0.5}}],
    "cloths": [{"name": "cape", "size": [0.6, 0.6], "resolution": [9, 9], "center": [0, 0.75, 0.06],
                "plane": "xy", "compliance": {"stretch": 1e-6},
                "pins": [{"box": {"min": [-1, 1.04, -1], "max": [1, 1.1, 1]}, "attach": "arm"},
                         {"i": 4, "j": 4, "attach": 0}]}]
  })",
                               "<attached cloth>");
  scene.solver.mode = mode;
  return scene;
}

// The attached cloth at 17 × 17 (centre pin at (8, 8)) with the hierarchy on, so that there is a coarse
// level (runtime pins with the hierarchy).
inline SceneDesc attachedClothWithHierarchy(SolverMode mode) {
  SceneDesc scene = attachedClothScene(mode);
  scene.cloths[0].resolution = glm::uvec2(17u, 17u);
  scene.cloths[0].pins[1].i = 8;
  scene.cloths[0].pins[1].j = 8;
  scene.solver.hierarchy.enabled = true;
  return scene;
}

// Two free 6 × 6 sheets (0.5 m, horizontal) 2 cm apart along x, moving towards and across each other,
// no gravity; the facing edges are stitched (6 stitches).
inline SceneDesc stitchedSheetsScene(SolverMode mode) {
  SceneDesc scene = parseScene(R"({
    "solver": {"substeps": 10, "iterations": 2, "gravity": [0, 0, 0]},
    "cloths": [{"name": "left", "size": [0.5, 0.5], "resolution": [6, 6], "center": [-0.26, 1, 0],
                "velocity": [0.1, 0, 0.05]},
               {"name": "right", "size": [0.5, 0.5], "resolution": [6, 6], "center": [0.26, 1, 0],
                "velocity": [-0.05, 0.1, 0]}],
    "stitches": [{"a": {"body": "left", "box": {"min": [-0.05, 0, -1], "max": [0, 2, 1]}},
                  "b": {"body": "right", "box": {"min": [0, 0, -1], "max": [0.05, 2, 1]}},
                  "max_distance": 0.03}]
  })",
                               "<stitched sheets>");
  scene.solver.mode = mode;
  return scene;
}

// The stitched sheets with particle and point–triangle contacts (1.5 cm) and only the facing edges' half at
// z < 0 stitched (3 stitches): the unstitched half of the edges meets too, and contacts hold it apart.
inline SceneDesc stitchedSheetsWithContacts(SolverMode mode) {
  SceneDesc scene = parseScene(R"({
    "solver": {"substeps": 10, "iterations": 2, "gravity": [0, 0, 0]},
    "contacts": {"distance": 0.015, "triangles": true},
    "cloths": [{"name": "left", "size": [0.5, 0.5], "resolution": [6, 6], "center": [-0.26, 1, 0],
                "velocity": [0.1, 0, 0.05]},
               {"name": "right", "size": [0.5, 0.5], "resolution": [6, 6], "center": [0.26, 1, 0],
                "velocity": [-0.05, 0.1, 0]}],
    "stitches": [{"a": {"body": "left", "box": {"min": [-0.05, 0, -1], "max": [0, 2, 0]}},
                  "b": {"body": "right", "box": {"min": [0, 0, -1], "max": [0.05, 2, 0]}},
                  "max_distance": 0.03}]
  })",
                               "<stitched sheets with contacts>");
  scene.solver.mode = mode;
  return scene;
}

// The smallest distance (m) between a particle of the left sheet (the first 36 particles) and one of the
// right sheet (the next 36) that are not stitch partners.
inline double closestUnstitchedPair(const Model& model, const std::vector<glm::vec4>& positions) {
  const std::vector<uint32_t> partners = stitchPartners(model);
  double closest = 1e30;
  for (uint32_t a = 0; a < 36; ++a)
    for (uint32_t b = 36; b < 72; ++b) {
      if (partners[a] == b) continue;
      closest = std::min(
          closest, glm::length(glm::dvec3(glm::vec3(positions[a])) - glm::dvec3(glm::vec3(positions[b]))));
    }
  return closest;
}

// Where an attached pin with rest target `target` (m) should be at time t (s): the collider's pose at t
// applied to the target's offset in the collider's frame at t = 0, in double precision.
inline glm::dvec3 expectedAttachedPosition(const Collider& c, glm::vec3 target, double t) {
  const glm::dquat q0(c.rotation.w, c.rotation.x, c.rotation.y, c.rotation.z);
  const glm::dvec3 c0(glm::vec3(c.position));
  const glm::dvec3 local = glm::inverse(q0) * (glm::dvec3(target) - c0);
  const glm::dvec3 w(glm::vec3(c.angularVelocity));
  const double speed = glm::length(w);  // rad/s
  const glm::dquat turn = speed > 0.0 ? glm::angleAxis(speed * t, w / speed) : glm::dquat(1.0, 0.0, 0.0, 0.0);
  const double phase = 2.0 * 3.14159265358979323846 * double(c.oscillation.w) * t;  // rad
  const glm::dvec3 centre = c0 + glm::dvec3(glm::vec3(c.linearVelocity)) * t +
                            glm::dvec3(glm::vec3(c.oscillation)) * std::sin(phase);
  return centre + (turn * q0) * local;
}

// The largest distance (m) of an attached pin from where its collider carries it at time t (s).
inline double attachedPinError(const Model& model, const std::vector<glm::vec4>& positions, double t) {
  double worst = 0.0;
  for (const Pin& p : model.pins) {
    if (p.attach == 0u) continue;
    const glm::dvec3 expected =
        expectedAttachedPosition(model.colliders[p.attach - 1u], glm::vec3(p.target), t);
    worst = std::max(worst, glm::length(glm::dvec3(glm::vec3(positions[p.particle])) - expected));
  }
  return worst;
}

// The longest stitch (m).
inline double longestStitch(const Model& model, const std::vector<glm::vec4>& positions) {
  double longest = 0.0;
  for (const DistanceConstraint& c : model.distance)
    if (c.kind == static_cast<uint32_t>(ConstraintKind::Stitch))
      longest = std::max(longest, glm::length(glm::dvec3(glm::vec3(positions[c.a])) -
                                              glm::dvec3(glm::vec3(positions[c.b]))));
  return longest;
}

inline uint32_t stitchCount(const Model& model) {
  uint32_t n = 0;
  for (const DistanceConstraint& c : model.distance)
    n += c.kind == static_cast<uint32_t>(ConstraintKind::Stitch);
  return n;
}

}  // namespace vkxpbd::test
