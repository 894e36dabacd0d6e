#include "sim/mesh_cloth_builder.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "mesh/triangle_mesh.h"
#include "sim/element_builder.h"
#include "sim/initial_velocity.h"

namespace vkxpbd {

namespace {

constexpr float kTan22_5 = 0.41421356f;  // tan(22.5°): warp / weft / shear boundaries of a UV direction

[[noreturn]] void fail(const SceneDesc& scene, const std::string& field, const std::string& what) {
  throw SceneError(scene.path + ": " + field + ": " + what);
}

// Every undirected edge on at most two triangles; throws naming the file and the edge otherwise.
void requireManifoldEdges(const TriangleMesh& mesh, const std::string& file) {
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> triangles;
  for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3)
    for (size_t e = 0; e < 3; ++e) {
      const auto edge = std::minmax(mesh.indices[t + e], mesh.indices[t + (e + 1) % 3]);
      if (++triangles[edge] == 3)
        throw SceneError(
            file + ": edge (vertices " + std::to_string(edge.first) + ", " + std::to_string(edge.second) +
            ") of triangle " + std::to_string(t / 3) +
            " is on more than two triangles (non-manifold); a cloth needs every edge on one or two");
    }
}

// The mesh's rotation about the file's origin; `position` is added afterwards, in double (addMeshCloth).
glm::mat4 rotation(const ClothDesc& cloth) {
  glm::mat4 m(1.0f);
  m = glm::rotate(m, glm::radians(cloth.rotation.z), glm::vec3(0.0f, 0.0f, 1.0f));
  m = glm::rotate(m, glm::radians(cloth.rotation.y), glm::vec3(0.0f, 1.0f, 0.0f));
  m = glm::rotate(m, glm::radians(cloth.rotation.x), glm::vec3(1.0f, 0.0f, 0.0f));
  return m;
}

// Particle masses (kg): a third of each triangle's mass to each corner, or the total shared equally.
std::vector<double> masses(const ClothDesc& cloth, const TriangleMesh& mesh,
                           const std::vector<glm::vec3>& x) {
  std::vector<double> m(x.size(), 0.0);
  double total = 0.0;  // kg
  for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    const glm::dvec3 a(x[mesh.indices[t]]), b(x[mesh.indices[t + 1]]), c(x[mesh.indices[t + 2]]);
    const double mass = cloth.arealDensity * 0.5 * glm::length(glm::cross(b - a, c - a));  // kg
    total += mass;
    for (size_t corner = 0; corner < 3; ++corner) m[mesh.indices[t + corner]] += mass / 3.0;
  }
  if (cloth.massDistribution == MassDistribution::Uniform)
    m.assign(x.size(), total / static_cast<double>(x.size()));
  return m;
}

void addDistance(Model& model, uint32_t a, uint32_t b, float compliance, float stiffness,
                 ConstraintKind kind) {
  const float rest = glm::length(restOffset(model, a, b));
  model.distance.push_back(
      DistanceConstraint{a, b, rest, compliance, stiffness, static_cast<uint32_t>(kind)});
}

// Stretch and shear: every edge once, in order of first appearance, its kind from its UV direction.
void addEdges(Model& model, const ClothDesc& cloth, const std::vector<uint32_t>& triangles,
              const std::vector<glm::vec2>& uvs) {
  std::map<std::pair<uint32_t, uint32_t>, bool> seen;
  for (size_t t = 0; t + 2 < triangles.size(); t += 3) {
    for (size_t e = 0; e < 3; ++e) {
      const size_t i = t + e, j = t + (e + 1) % 3;
      const auto edge = std::minmax(triangles[i], triangles[j]);
      if (!seen.emplace(edge, true).second) continue;
      const UvEdge kind = uvs.empty() ? UvEdge::Warp : classifyUvEdge(uvs[j] - uvs[i]);
      if (uvs.empty()) {
        addDistance(model, edge.first, edge.second, cloth.complianceStretch, cloth.stiffnessStretch,
                    ConstraintKind::Stretch);
      } else if (kind == UvEdge::Warp) {
        addDistance(model, edge.first, edge.second, cloth.complianceWarp.value_or(cloth.complianceStretch),
                    cloth.stiffnessStretch, ConstraintKind::Stretch);
      } else if (kind == UvEdge::Weft) {
        addDistance(model, edge.first, edge.second, cloth.complianceWeft.value_or(cloth.complianceStretch),
                    cloth.stiffnessStretch, ConstraintKind::Stretch);
      } else if (cloth.shear) {
        addDistance(model, edge.first, edge.second, cloth.complianceShear, cloth.stiffnessShear,
                    ConstraintKind::Shear);
      }
    }
  }
}

// Bending across every interior edge: a distance constraint between the two wing vertices, or a
// dihedral or isometric element.
void addMeshBending(Model& model, const ClothDesc& cloth, const std::vector<uint32_t>& triangles) {
  if (!cloth.bend) return;
  if (cloth.bending == ClothBending::Distance) {
    for (const EdgeStencil& s : bendingStencils(triangles))
      addDistance(model, s.p2, s.p3, cloth.complianceBend, cloth.stiffnessBend, ConstraintKind::Bend);
    return;
  }
  const BendingModel bending =
      cloth.bending == ClothBending::Dihedral ? BendingModel::Dihedral : BendingModel::Isometric;
  addBending(model, triangles, bending, cloth.complianceBend, cloth.stiffnessBend);
}

void pinParticle(Model& model, uint32_t particle, const std::optional<PinMotionDesc>& motionDesc) {
  uint32_t motion = VKXPBD_NONE;
  if (motionDesc) {
    motion = static_cast<uint32_t>(model.motions.size());
    model.motions.push_back(
        PinMotion{glm::vec4(motionDesc->vector, 0.0f), motionDesc->frequency, motionDesc->type, 0u, 0u});
  }
  pinAtRest(model, particle, motion, 0u);
}

void addMeshPins(const SceneDesc& scene, Model& model, const ClothDesc& cloth, const TriangleMesh& mesh,
                 uint32_t base, size_t index) {
  const std::string path = "cloths[" + std::to_string(index) + "].pins";
  std::vector<bool> pinned(mesh.vertices.size(), false);
  for (size_t m = 0; m < cloth.mesh->pins.size(); ++m) {
    const MeshPinDesc& pin = cloth.mesh->pins[m];
    const std::string field = path + "[" + std::to_string(m) + "].vertex";
    if (pin.vertex >= mesh.weldedOf.size())
      fail(scene, field,
           std::to_string(pin.vertex) + " is not a vertex of " + cloth.mesh->file + " (it has " +
               std::to_string(mesh.weldedOf.size()) + ", numbered from 0)");
    const uint32_t v = mesh.weldedOf[pin.vertex];
    if (v == UINT32_MAX) fail(scene, field, "vertex " + std::to_string(pin.vertex) + " is on no triangle");
    if (pinned[v])
      fail(scene, field, "vertex " + std::to_string(pin.vertex) + " is welded to a vertex pinned before");
    pinned[v] = true;
    pinParticle(model, base + v, pin.motion);
  }
  if (!cloth.mesh->pinBoxMin) return;
  for (uint32_t v = 0; v < mesh.vertices.size(); ++v) {
    const glm::vec3 x(model.restPositions[base + v]);
    if (!pinned[v] && glm::all(glm::greaterThanEqual(x, *cloth.mesh->pinBoxMin)) &&
        glm::all(glm::lessThanEqual(x, cloth.mesh->pinBoxMax)))
      pinParticle(model, base + v, std::nullopt);
  }
}

}  // namespace

UvEdge classifyUvEdge(glm::vec2 duv) {
  const float du = std::abs(duv.x), dv = std::abs(duv.y);
  if (dv <= kTan22_5 * du) return UvEdge::Warp;  // includes (0, 0)
  if (du <= kTan22_5 * dv) return UvEdge::Weft;
  return UvEdge::Shear;
}

void addMeshCloth(const SceneDesc& scene, Model& model, const ClothDesc& cloth, size_t index) {
  const ClothMeshDesc& source = *cloth.mesh;
  TriangleMesh mesh = loadObj(source.file, source.weldDistance);  // names the file: no triangles, degenerate
  requireManifoldEdges(mesh, source.file);
  for (size_t c = 0; c < mesh.cornerUvs.size(); ++c)
    if (!std::isfinite(mesh.cornerUvs[c].x) || !std::isfinite(mesh.cornerUvs[c].y))
      throw SceneError(source.file + ": triangle " + std::to_string(c / 3) +
                       " has a non-finite texture coordinate");
  // x: the scaled, rotated mesh about its own origin, where its shape is exact; the masses come from it.
  const glm::mat4 turn = rotation(cloth);
  std::vector<glm::vec3> x(mesh.vertices.size());
  for (size_t v = 0; v < x.size(); ++v)
    x[v] = glm::vec3(turn * glm::vec4(mesh.vertices[v] * source.scale, 1.0f));
  TriangleMesh placed{x, mesh.indices, {}, {}};
  validateTriangles(placed, source.file);  // the scale could make a triangle degenerate

  const uint32_t base = model.particleCount();
  const std::vector<double> m = masses(cloth, mesh, x);
  for (size_t v = 0; v < x.size(); ++v)
    appendParticle(model, glm::dvec3(source.position) + glm::dvec3(x[v]), static_cast<float>(1.0 / m[v]));
  SurfaceMesh surface;
  surface.name = cloth.name;
  for (const uint32_t i : mesh.indices) surface.indices.push_back(base + i);
  surface.uvs = mesh.cornerUvs;
  surface.aero = cloth.aero;  // feels the scene's "wind" like a grid cloth
  model.surfaces.push_back(surface);

  addEdges(model, cloth, surface.indices, surface.uvs);
  addMeshBending(model, cloth, surface.indices);
  const uint32_t count = static_cast<uint32_t>(x.size());
  setBodyFriction(model, base, count, cloth.friction);
  addMeshPins(scene, model, cloth, mesh, base, index);
  setBodyVelocity(model, cloth.name, base, count, cloth.velocity, cloth.angularVelocity);
  model.bodies.back().hierarchy = cloth.hierarchy;
}

}  // namespace vkxpbd
