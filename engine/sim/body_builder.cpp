#include "sim/body_builder.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "mesh/tet_mesh.h"
#include "mesh/triangle_mesh.h"
#include "shared/volume_math.h"
#include "sim/attach_builder.h"
#include "sim/element_builder.h"
#include "sim/initial_velocity.h"
#include "sim/work_estimate.h"

namespace vkxpbd {
namespace {

[[noreturn]] void fail(const SceneDesc& scene, const std::string& path, const std::string& what) {
  throw SceneError(scene.path + ": " + path + ": " + what);
}

// Rotation about x, then y, then z (degrees), then translation.
glm::mat4 instanceTransform(const InstanceDesc& instance) {
  glm::mat4 m = glm::translate(glm::mat4(1.0f), instance.position);
  m = glm::rotate(m, glm::radians(instance.rotation.z), glm::vec3(0.0f, 0.0f, 1.0f));
  m = glm::rotate(m, glm::radians(instance.rotation.y), glm::vec3(0.0f, 1.0f, 0.0f));
  m = glm::rotate(m, glm::radians(instance.rotation.x), glm::vec3(1.0f, 0.0f, 0.0f));
  return m;
}

TetMesh tetMeshOf(const MeshSourceDesc& source) {
  using Type = MeshSourceDesc::Type;
  if (source.type == Type::Box) return makeBoxTets(source.size, source.cells);
  if (source.type == Type::Sphere) return makeSphereTets(source.radius, source.resolution);
  TetMesh mesh = loadTetGen(source.file, source.secondFile);
  for (glm::vec3& v : mesh.vertices) v *= source.scale;
  return mesh;
}

TriangleMesh surfaceMeshOf(const MeshSourceDesc& source) {
  if (source.type == MeshSourceDesc::Type::Icosphere) return makeIcosphere(source.radius, source.resolution);
  TriangleMesh mesh = loadObj(source.file, source.weldDistance);
  for (glm::vec3& v : mesh.vertices) v *= source.scale;
  return mesh;
}

// Appends one instance's particles (inverse masses from `masses`, kg) and returns the first index.
uint32_t addParticles(Model& model, const std::vector<glm::vec3>& vertices, const std::vector<double>& masses,
                      const InstanceDesc& instance) {
  const uint32_t base = model.particleCount();
  // Rotated in float about the mesh's origin, then moved in double: the rest shape is exact wherever the
  // instance sits (Model::restPositionsLow).
  InstanceDesc unmoved = instance;
  unmoved.position = glm::vec3(0.0f);
  const glm::mat4 rotation = instanceTransform(unmoved);
  for (size_t v = 0; v < vertices.size(); ++v) {
    const glm::vec3 turned(rotation * glm::vec4(vertices[v], 1.0f));
    appendParticle(model, glm::dvec3(instance.position) + glm::dvec3(turned),
                   static_cast<float>(1.0 / masses[v]));
  }
  if (model.initialVelocities.size() < base) model.initialVelocities.resize(base, glm::vec4(0.0f));
  model.initialVelocities.resize(model.particleCount(), glm::vec4(instance.velocity, 0.0f));
  return base;
}

std::vector<uint32_t> offsetIndices(const std::vector<uint32_t>& indices, uint32_t base) {
  std::vector<uint32_t> out(indices);
  for (uint32_t& i : out) i += base;
  return out;
}

void pinInside(Model& model, uint32_t first, uint32_t count, const std::optional<PinBoxDesc>& box) {
  if (!box) return;
  for (uint32_t p = first; p < first + count; ++p) {
    const glm::vec4 x = model.restPositions[p];
    if (glm::all(glm::greaterThanEqual(glm::vec3(x), box->min)) &&
        glm::all(glm::lessThanEqual(glm::vec3(x), box->max))) {
      pinAtRest(model, p, VKXPBD_NONE, 0u);
    }
  }
}

std::string bodyPath(const char* section, size_t k) {
  return std::string(section) + "[" + std::to_string(k) + "]";
}

}  // namespace

void addSoftBodies(const SceneDesc& scene, Model& model) {
  for (size_t k = 0; k < scene.softBodies.size(); ++k) {
    const SoftBodyDesc& body = scene.softBodies[k];
    const TetMesh mesh = tetMeshOf(body.mesh);
    // Each tetrahedron gives a quarter of its mass to each of its vertices.
    std::vector<double> masses(mesh.vertices.size(), 0.0);
    for (size_t t = 0; t + 3 < mesh.tets.size(); t += 4) {
      const double volume =
          std::abs(tetVolume(mesh.vertices[mesh.tets[t]], mesh.vertices[mesh.tets[t + 1]],
                             mesh.vertices[mesh.tets[t + 2]], mesh.vertices[mesh.tets[t + 3]]));
      for (size_t corner = 0; corner < 4; ++corner)
        masses[mesh.tets[t + corner]] += body.density * volume / 4.0;
    }
    for (size_t v = 0; v < masses.size(); ++v)
      if (!(masses[v] > 0.0))
        fail(scene, bodyPath("soft_bodies", k) + ".mesh",
             "vertex " + std::to_string(v) + " is on no tetrahedron");
    const double instances = static_cast<double>(body.instances.size());
    checkLoadedBody(scene, bodyPath("soft_bodies", k) + ".instances",
                    instances * double(mesh.vertices.size()), instances * 2.0 * double(mesh.tets.size() / 4),
                    physicalMemoryBytes());
    std::vector<uint32_t> regionPinned;  // per entry of body.pins
    for (size_t i = 0; i < body.instances.size(); ++i) {
      const uint32_t base = addParticles(model, mesh.vertices, masses, body.instances[i]);
      const std::string source = bodyPath("soft_bodies", k) + ".instances[" + std::to_string(i) + "]";
      try {
        addTetMaterial(model, offsetIndices(mesh.tets, base), body.material, scene.path + ": " + source);
      } catch (const std::invalid_argument& e) {
        throw SceneError(e.what());
      }
      model.surfaces.push_back({body.name, offsetIndices(mesh.surface, base), {}, body.aero, true});
      setBodyFriction(model, base, static_cast<uint32_t>(mesh.vertices.size()), body.friction);
      pinInside(model, base, static_cast<uint32_t>(mesh.vertices.size()), body.pinBox);
      addRegionPins(scene, model, body.pins, base, static_cast<uint32_t>(mesh.vertices.size()), regionPinned);
      setBodyVelocity(model, body.name, base, static_cast<uint32_t>(mesh.vertices.size()),
                      body.instances[i].velocity, body.instances[i].angularVelocity);
      model.bodies.back().hierarchy = body.hierarchy;
    }
    requireRegionPins(scene, body.pins, regionPinned, body.name);
  }
}

void addShells(const SceneDesc& scene, Model& model) {
  for (size_t k = 0; k < scene.shells.size(); ++k) {
    const ShellDesc& shell = scene.shells[k];
    const TriangleMesh mesh = surfaceMeshOf(shell.mesh);
    if (shell.pressure && !isClosedManifold(mesh))
      fail(scene, bodyPath("shells", k) + ".pressure", "needs a closed, consistently oriented mesh");
    // Each triangle gives a third of its mass to each of its vertices.
    std::vector<double> masses(mesh.vertices.size(), 0.0);
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
      const glm::dvec3 a(mesh.vertices[mesh.indices[t]]), b(mesh.vertices[mesh.indices[t + 1]]),
          c(mesh.vertices[mesh.indices[t + 2]]);
      const double area = 0.5 * glm::length(glm::cross(b - a, c - a));  // m²
      for (size_t corner = 0; corner < 3; ++corner)
        masses[mesh.indices[t + corner]] += shell.arealDensity * area / 3.0;
    }
    for (size_t v = 0; v < masses.size(); ++v)
      if (!(masses[v] > 0.0))
        fail(scene, bodyPath("shells", k) + ".mesh", "vertex " + std::to_string(v) + " is on no triangle");
    std::vector<uint32_t> regionPinned;  // per entry of shell.pins
    for (const InstanceDesc& instance : shell.instances) {
      const uint32_t base = addParticles(model, mesh.vertices, masses, instance);
      const std::vector<uint32_t> triangles = offsetIndices(mesh.indices, base);
      // Stretch: every edge once, in order of first appearance.
      std::map<std::pair<uint32_t, uint32_t>, bool> seen;
      for (size_t t = 0; t + 2 < triangles.size(); t += 3) {
        for (size_t e = 0; e < 3; ++e) {
          const auto edge = std::minmax(triangles[t + e], triangles[t + (e + 1) % 3]);
          if (!seen.emplace(edge, true).second) continue;
          const float rest = glm::length(restOffset(model, edge.first, edge.second));
          model.distance.push_back({edge.first, edge.second, rest, shell.complianceStretch, 1.0f,
                                    static_cast<uint32_t>(ConstraintKind::Stretch)});
        }
      }
      if (shell.bend) addBending(model, triangles, shell.bending, shell.complianceBend, 1.0f);
      if (shell.pressure) {
        VolumeBody volume{};
        volume.firstTriangle = static_cast<uint32_t>(model.volumeTriangles.size() / 3);
        volume.triangleCount = static_cast<uint32_t>(triangles.size() / 3);
        // About the first corner, as the solver measures it (volumeOrigin in the shaders).
        double rest = 0.0;
        const uint32_t o = triangles[0];
        for (size_t t = 0; t + 2 < triangles.size(); t += 3)
          rest +=
              gpu::triangleVolume(restOffset(model, triangles[t], o), restOffset(model, triangles[t + 1], o),
                                  restOffset(model, triangles[t + 2], o));
        volume.restVolume = static_cast<float>(rest);
        volume.pressure = *shell.pressure;
        volume.compliance = shell.pressureCompliance;
        model.volumeTriangles.insert(model.volumeTriangles.end(), triangles.begin(), triangles.end());
        model.volumes.push_back(volume);
      }
      model.surfaces.push_back({shell.name, triangles, {}, shell.aero});
      setBodyFriction(model, base, static_cast<uint32_t>(mesh.vertices.size()), shell.friction);
      pinInside(model, base, static_cast<uint32_t>(mesh.vertices.size()), shell.pinBox);
      addRegionPins(scene, model, shell.pins, base, static_cast<uint32_t>(mesh.vertices.size()),
                    regionPinned);
      setBodyVelocity(model, shell.name, base, static_cast<uint32_t>(mesh.vertices.size()), instance.velocity,
                      instance.angularVelocity);
      model.bodies.back().hierarchy = shell.hierarchy;
    }
    requireRegionPins(scene, shell.pins, regionPinned, shell.name);
  }
}

}  // namespace vkxpbd
