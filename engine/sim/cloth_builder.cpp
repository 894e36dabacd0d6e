// Builds the simulation model of a scene: one particle grid per cloth, its triangles, masses, distance
// constraints and pins; colliders are copied.
//
// Grid of a cloth with resolution (nx, ny); particle (i, j) has index base + j * nx + i:
//
//   j=1  nx ---- nx+1 ---- nx+2        XZ plane: i along +x, j along +z (horizontal)
//         | \     | \     |           XY plane: i along +x, j along +y (vertical)
//         |   \   |   \   |           each quad splits along its (i+1, j)-(i, j+1) diagonal
//   j=0   0 ----- 1 ------ 2
//        i=0     i=1      i=2
#include "sim/cloth_builder.h"

#include "sim/attach_builder.h"
#include "sim/body_builder.h"
#include "sim/contact_triangles.h"
#include "sim/element_builder.h"
#include "sim/initial_velocity.h"
#include "sim/mesh_cloth_builder.h"
#include "sim/momentum_bodies.h"
#include "sim/work_estimate.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

namespace vkxpbd {
namespace {

// Particle indices of one cloth inside the model.
struct Grid {
  uint32_t base = 0;  // index of particle (0, 0)
  uint32_t nx = 0;    // particles along the first axis
  uint32_t ny = 0;    // particles along the second axis

  uint32_t index(uint32_t i, uint32_t j) const { return base + j * nx + i; }
  uint32_t count() const { return nx * ny; }
};

[[noreturn]] void fail(const SceneDesc& scene, const std::string& path, const std::string& what) {
  throw SceneError(scene.path + ": " + path + ": " + what);
}

std::string clothPath(size_t k) {
  return "cloths[" + std::to_string(k) + "]";
}

std::string pinPath(size_t k, size_t m) {
  return clothPath(k) + ".pins[" + std::to_string(m) + "]";
}

// Checks what a hand-built description could get wrong and the particle grid depends on
// (parseScene already rejects all of it for scenes read from files).
void validateCloth(const SceneDesc& scene, const ClothDesc& cloth, size_t k) {
  if (cloth.resolution.x < 2 || cloth.resolution.y < 2) {
    fail(scene, clothPath(k) + ".resolution", "must be at least 2 x 2");
  }
  if (!(cloth.size.x > 0.0f && cloth.size.y > 0.0f) || !std::isfinite(cloth.size.x) ||
      !std::isfinite(cloth.size.y)) {
    fail(scene, clothPath(k) + ".size", "must be positive and finite");
  }
  if (!(cloth.arealDensity > 0.0f) || !std::isfinite(cloth.arealDensity)) {
    fail(scene, clothPath(k) + ".areal_density", "must be positive and finite (a cloth needs mass)");
  }
}

// Rest position of grid particle (i, j), m: the centre plus the rotated offset, added in double so that
// the grid keeps its exact spacing far from the origin (Model::restPositionsLow).
glm::dvec3 gridPosition(const ClothDesc& cloth, uint32_t i, uint32_t j) {
  const double u = (static_cast<double>(i) / (cloth.resolution.x - 1) - 0.5) * cloth.size.x;
  const double v = (static_cast<double>(j) / (cloth.resolution.y - 1) - 0.5) * cloth.size.y;
  const glm::vec3 offset = cloth.plane == ClothPlane::XZ
                               ? glm::vec3(static_cast<float>(u), 0.0f, static_cast<float>(v))
                               : glm::vec3(static_cast<float>(u), static_cast<float>(v), 0.0f);
  // Rotation about x, then y, then z (degrees), around the centre.
  glm::mat4 r(1.0f);
  r = glm::rotate(r, glm::radians(cloth.rotation.z), glm::vec3(0.0f, 0.0f, 1.0f));
  r = glm::rotate(r, glm::radians(cloth.rotation.y), glm::vec3(0.0f, 1.0f, 0.0f));
  r = glm::rotate(r, glm::radians(cloth.rotation.x), glm::vec3(1.0f, 0.0f, 0.0f));
  return glm::dvec3(cloth.center) + glm::dvec3(glm::vec3(r * glm::vec4(offset, 0.0f)));
}

// Two triangles per quad, counter-clockwise seen from +y (XZ) or +z (XY).
SurfaceMesh gridTriangles(const ClothDesc& cloth, const Grid& grid) {
  SurfaceMesh mesh;
  mesh.name = cloth.name;
  mesh.indices.reserve(6 * size_t{grid.nx - 1} * (grid.ny - 1));
  // x × y = +z but x × z = -y, so the XZ grid needs the opposite vertex order to face +y.
  const bool flip = cloth.plane == ClothPlane::XZ;
  auto addTriangle = [&](uint32_t a, uint32_t b, uint32_t c) {
    mesh.indices.insert(mesh.indices.end(), {a, flip ? c : b, flip ? b : c});
  };
  for (uint32_t j = 0; j + 1 < grid.ny; ++j) {
    for (uint32_t i = 0; i + 1 < grid.nx; ++i) {
      const uint32_t p00 = grid.index(i, j), p10 = grid.index(i + 1, j);
      const uint32_t p01 = grid.index(i, j + 1), p11 = grid.index(i + 1, j + 1);
      addTriangle(p00, p10, p01);
      addTriangle(p10, p11, p01);
    }
  }
  // Grid UVs: u = i / (nx - 1), v = j / (ny - 1).
  mesh.uvs.reserve(mesh.indices.size());
  for (const uint32_t p : mesh.indices) {
    const uint32_t local = p - grid.base;
    mesh.uvs.emplace_back(static_cast<float>(local % grid.nx) / static_cast<float>(grid.nx - 1),
                          static_cast<float>(local / grid.nx) / static_cast<float>(grid.ny - 1));
  }
  return mesh;
}

// Particle masses of one cloth, kg.
std::vector<double> particleMasses(const ClothDesc& cloth, const Grid& grid, const SurfaceMesh& mesh,
                                   const Model& model) {
  const double density = cloth.arealDensity;  // kg/m²
  if (cloth.massDistribution == MassDistribution::Uniform) {
    const double area = static_cast<double>(cloth.size.x) * cloth.size.y;  // m²
    return std::vector<double>(grid.count(), density * area / grid.count());
  }
  // Area: each triangle gives a third of its mass to each of its vertices.
  std::vector<double> masses(grid.count(), 0.0);
  for (size_t t = 0; t < mesh.indices.size(); t += 3) {
    const uint32_t a = mesh.indices[t];
    const glm::dvec3 ab(restOffset(model, mesh.indices[t + 1], a)),
        ac(restOffset(model, mesh.indices[t + 2], a));
    const double area = 0.5 * glm::length(glm::cross(ab, ac));  // m²
    for (size_t corner = 0; corner < 3; ++corner)
      masses[mesh.indices[t + corner] - grid.base] += density * area / 3.0;
  }
  return masses;
}

void addParticles(Model& model, const ClothDesc& cloth, const Grid& grid) {
  for (uint32_t j = 0; j < grid.ny; ++j) {
    for (uint32_t i = 0; i < grid.nx; ++i) appendParticle(model, gridPosition(cloth, i, j), 0.0f);
  }
  model.surfaces.push_back(gridTriangles(cloth, grid));
  const std::vector<double> masses = particleMasses(cloth, grid, model.surfaces.back(), model);
  for (uint32_t p = 0; p < grid.count(); ++p)
    model.restPositions[grid.base + p].w = static_cast<float>(1.0 / masses[p]);
}

void addDistance(Model& model, uint32_t a, uint32_t b, float compliance, float stiffness,
                 ConstraintKind kind) {
  const float restLength = glm::length(restOffset(model, a, b));
  model.distance.push_back(
      DistanceConstraint{a, b, restLength, compliance, stiffness, static_cast<uint32_t>(kind)});
}

// Calls add(a, b) for the pairs (i, j)-(i + step, j) and (i, j)-(i, j + step) of every particle, row-major.
template <typename AddPair>
void forEachAxisPair(const Grid& grid, uint32_t step, AddPair add) {
  for (uint32_t j = 0; j < grid.ny; ++j) {
    for (uint32_t i = 0; i < grid.nx; ++i) {
      if (i + step < grid.nx) add(grid.index(i, j), grid.index(i + step, j));
      if (j + step < grid.ny) add(grid.index(i, j), grid.index(i, j + step));
    }
  }
}

// All stretch constraints (grid edges), then shear (both quad diagonals), then bend (skip-one pairs);
// each kind row-major.
void addConstraints(Model& model, const ClothDesc& cloth, const Grid& grid) {
  auto stretch = [&](uint32_t a, uint32_t b) {
    addDistance(model, a, b, cloth.complianceStretch, cloth.stiffnessStretch, ConstraintKind::Stretch);
  };
  auto shear = [&](uint32_t a, uint32_t b) {
    addDistance(model, a, b, cloth.complianceShear, cloth.stiffnessShear, ConstraintKind::Shear);
  };
  auto bend = [&](uint32_t a, uint32_t b) {
    addDistance(model, a, b, cloth.complianceBend, cloth.stiffnessBend, ConstraintKind::Bend);
  };
  forEachAxisPair(grid, 1, stretch);
  if (cloth.shear) {
    for (uint32_t j = 0; j + 1 < grid.ny; ++j) {
      for (uint32_t i = 0; i + 1 < grid.nx; ++i) {
        shear(grid.index(i, j), grid.index(i + 1, j + 1));
        shear(grid.index(i + 1, j), grid.index(i, j + 1));
      }
    }
  }
  if (cloth.bend && cloth.bending == ClothBending::Distance) forEachAxisPair(grid, 2, bend);
}

// Dihedral or isometric bending across the interior edges of the cloth's triangles.
void addElementBending(Model& model, const ClothDesc& cloth) {
  if (!cloth.bend || cloth.bending == ClothBending::Distance) return;
  const BendingModel bending =
      cloth.bending == ClothBending::Dihedral ? BendingModel::Dihedral : BendingModel::Isometric;
  addBending(model, model.surfaces.back().indices, bending, cloth.complianceBend, cloth.stiffnessBend);
}

// Grid index counted from the start (>= 0) or the end (< 0), or -1 when outside a resolution of n.
int64_t resolvePinIndex(int index, uint32_t n) {
  const int64_t resolved = index < 0 ? int64_t{n} + index : int64_t{index};
  return (resolved >= 0 && resolved < int64_t{n}) ? resolved : -1;
}

void addPins(const SceneDesc& scene, Model& model, const ClothDesc& cloth, const Grid& grid, size_t k) {
  std::unordered_map<uint32_t, size_t> pinOfParticle;  // particle -> index of the pin holding it
  for (size_t m = 0; m < cloth.pins.size(); ++m) {
    const PinDesc& desc = cloth.pins[m];
    if (desc.region) continue;  // addRegionPins
    const int64_t i = resolvePinIndex(desc.i, grid.nx), j = resolvePinIndex(desc.j, grid.ny);
    if (i < 0 || j < 0) {
      // Built by appending: GCC 12 reports a false -Wrestrict for "(" + std::to_string(...).
      std::string message = "(";
      message += std::to_string(desc.i) + ", " + std::to_string(desc.j) + ") is outside the ";
      message += std::to_string(grid.nx) + " x " + std::to_string(grid.ny) + " grid";
      fail(scene, pinPath(k, m), message);
    }
    const uint32_t particle = grid.index(static_cast<uint32_t>(i), static_cast<uint32_t>(j));
    const auto [earlier, inserted] = pinOfParticle.emplace(particle, m);
    if (!inserted) fail(scene, pinPath(k, m), "pins the same particle as " + pinPath(k, earlier->second));

    uint32_t motion = VKXPBD_NONE;
    if (desc.motion) {
      motion = static_cast<uint32_t>(model.motions.size());
      model.motions.push_back(
          PinMotion{glm::vec4(desc.motion->vector, 0.0f), desc.motion->frequency, desc.motion->type, 0u, 0u});
    }
    pinAtRest(model, particle, motion, attachIndex(scene, desc.attach));
  }
}

// Long-range attachments: every moving particle of the cloth to its nearest pin of the same cloth,
// at the rest distance (for a flat sheet also the distance along the cloth).
void addTethers(Model& model, const Grid& grid, size_t firstPin) {
  for (uint32_t p = grid.base; p < grid.base + grid.nx * grid.ny; ++p) {
    if (model.restPositions[p].w <= 0.0f) continue;
    float best = std::numeric_limits<float>::max();
    uint32_t anchor = VKXPBD_NONE;
    for (size_t k = firstPin; k < model.pins.size(); ++k) {
      const float d = glm::length(restOffset(model, p, model.pins[k].particle));
      if (d < best) {
        best = d;
        anchor = model.pins[k].particle;
      }
    }
    if (anchor != VKXPBD_NONE) model.tethers.push_back(Tether{p, anchor, best, 0u});
  }
}

// Particle indices are uint32 with VKXPBD_NONE reserved.
void checkParticleCount(const SceneDesc& scene) {
  uint64_t total = 0;
  for (const ClothDesc& cloth : scene.cloths) {
    if (!cloth.mesh) total += uint64_t{cloth.resolution.x} * cloth.resolution.y;
    if (cloth.tear) total += cloth.tear->spareParticles;
  }
  if (total >= VKXPBD_NONE / 2) fail(scene, "cloths", "too many particles (" + std::to_string(total) + ")");
}

// Particles joined by a constraint must not collide: the contact distance stays below every rest
// distance between two particles of one constraint.
void checkContactDistance(const SceneDesc& scene, const Model& model) {
  float shortest = std::numeric_limits<float>::max();
  auto rest = [&](uint32_t a, uint32_t b) { return glm::length(restOffset(model, a, b)); };
  for (const DistanceConstraint& c : model.distance) shortest = std::min(shortest, rest(c.a, c.b));
  for (const ElementConstraint& e : model.elements) {
    const uint32_t p[4] = {e.a, e.b, e.c, e.d};
    for (int i = 0; i < 4; ++i)
      for (int j = i + 1; j < 4; ++j) shortest = std::min(shortest, rest(p[i], p[j]));
  }
  if (model.contacts.distance >= shortest) {
    fail(scene, "contacts.distance",
         std::to_string(model.contacts.distance) +
             " m is not below the shortest rest distance between particles of "
             "one constraint, " +
             std::to_string(shortest) + " m (they would collide)");
  }
}

// Point–triangle contacts find a triangle through a corner in the particle's neighbour list. A point
// within triangleSearch of a triangle is within triangleSearch + L/√3 of its nearest corner (L the
// longest edge; the farthest point of a triangle from all its corners is at most L/√3 from one), with
// 10% allowed for stretching: that "reach" must fit inside the search radius.
void setTriangleSearch(const SceneDesc& scene, Model& model) {
  ContactSettings& contacts = model.contacts;
  const float reach = 1.1f * longestSurfaceEdge(model) / std::sqrt(3.0f);
  if (!contacts.searchRadiusGiven) contacts.searchRadius = 1.5f * contacts.distance + reach;
  contacts.triangleSearch = contacts.searchRadius - reach;
  if (contacts.triangleSearch < contacts.distance) {
    fail(scene, "contacts.search_radius",
         std::to_string(contacts.searchRadius) +
             " m is too small for triangle contacts: it must be at least "
             "the distance plus 1.1·(longest triangle edge)/√3, " +
             std::to_string(contacts.distance + reach) + " m");
  }
}

// The spare particles of a tearing cloth, after its grid: inverse mass 0 (they take no part in the
// solve) and parked 1 km below the cloth's first particle, away from its contacts, until a split takes
// them (sim/tearing.h). The body's range covers them; its hierarchy leaves them out (sim/hierarchy.h).
void addSpareParticles(Model& model, const TearSettings& tear) {
  BodyRange& body = model.bodies.back();
  TearBody t;
  t.body = static_cast<uint32_t>(model.bodies.size() - 1);
  t.surface = static_cast<uint32_t>(model.surfaces.size() - 1);
  t.first = body.first;
  t.count = body.count;
  t.spareFirst = model.particleCount();
  t.spareCount = tear.spareParticles;
  t.settings = tear;
  const glm::dvec3 parked = restPosition(model, body.first) - glm::dvec3(0.0, 1000.0, 0.0);
  for (uint32_t s = 0; s < t.spareCount; ++s) appendParticle(model, parked, 0.0f);
  body.count += t.spareCount;
  if (!model.particleFriction.empty())
    model.particleFriction.resize(model.particleCount(), model.particleFriction[t.first]);
  model.tears.push_back(t);
}

// A free tearing body keeps its momentum with its copies: its momentum body takes in its spares (mass 0
// until used).
void includeSpares(Model& model) {
  for (const TearBody& t : model.tears) {
    for (MomentumBody& m : model.momentumBodies)
      if (m.first == t.first && m.count == t.count) m.count += t.spareCount;
  }
}
}  // namespace

Model buildModel(const SceneDesc& scene) {
  if (scene.cloths.empty() && scene.softBodies.empty() && scene.shells.empty())
    fail(scene, "cloths", "the scene has no body (cloths, soft_bodies or shells)");
  for (size_t k = 0; k < scene.cloths.size(); ++k) validateCloth(scene, scene.cloths[k], k);
  checkParticleCount(scene);
  const WorkEstimate work = estimateWork(scene);
  checkWorkLimits(scene, work, physicalMemoryBytes());  // before anything is allocated

  Model model;
  model.name = scene.name;
  model.largestBodyField = largestBodyField(work);
  model.sourcePath = scene.path;
  for (size_t k = 0; k < scene.cloths.size(); ++k) {
    const ClothDesc& cloth = scene.cloths[k];
    if (cloth.mesh) {  // sim/mesh_cloth_builder.h
      if (cloth.tear)
        fail(scene, "cloths[" + std::to_string(k) + "].tear",
             "tearing works on grid cloths only, not yet on a cloth made from a mesh");
      const size_t firstPin = model.pins.size();
      const uint32_t base = model.particleCount();
      addMeshCloth(scene, model, cloth, k);
      if (cloth.tethers) addTethers(model, Grid{base, model.particleCount() - base, 1}, firstPin);
      continue;
    }
    const Grid grid{model.particleCount(), cloth.resolution.x, cloth.resolution.y};
    addParticles(model, cloth, grid);
    model.surfaces.back().aero = cloth.aero;
    addConstraints(model, cloth, grid);
    addElementBending(model, cloth);
    setBodyFriction(model, grid.base, grid.count(), cloth.friction);
    const size_t firstPin = model.pins.size();
    addPins(scene, model, cloth, grid, k);
    std::vector<uint32_t> regionPinned;
    addRegionPins(scene, model, cloth.pins, grid.base, grid.count(), regionPinned);
    requireRegionPins(scene, cloth.pins, regionPinned, cloth.name);
    setBodyVelocity(model, cloth.name, grid.base, grid.count(), cloth.velocity, cloth.angularVelocity);
    model.bodies.back().hierarchy = cloth.hierarchy;
    if (cloth.tethers) addTethers(model, grid, firstPin);
    if (cloth.tear) addSpareParticles(model, *cloth.tear);
  }
  addSoftBodies(scene, model);
  addShells(scene, model);
  model.initialVelocities.resize(model.particleCount(), glm::vec4(0.0f));
  if (!model.particleFriction.empty()) model.particleFriction.resize(model.particleCount(), glm::vec2(-1.0f));
  model.contacts = scene.contacts;
  if (model.contacts.enabled) checkContactDistance(scene, model);
  if (model.contacts.enabled && model.contacts.triangles) setTriangleSearch(scene, model);
  model.colliders = scene.colliders;
  model.sdfValues = scene.sdfValues;
  model.colliderSurfaces = scene.colliderSurfaces;
  model.thickness = scene.thickness;
  addStitches(scene, model);  // after the contact checks: a stitch's ends are meant to meet
  model.wind = scene.wind;
  model.momentumBodies = findFreeBodies(model);
  includeSpares(model);
  return model;
}

}  // namespace vkxpbd
