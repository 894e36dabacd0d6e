#include "scene/collider_loader.h"

#include <cmath>
#include <cstdio>
#include <filesystem>

#include <glm/gtc/quaternion.hpp>

#include "mesh/sdf_grid.h"
#include "mesh/triangle_mesh.h"
#include "scene/attach_loader.h"

namespace vkxpbd::scene_json {
namespace {

enum class Type { Plane, Sphere, Capsule, Box, Mesh };

constexpr double kMaxSdfPairs = 1.0e9;  // point–triangle evaluations of one bake
// s per evaluation: cloth_on_torus.json (7.8e4 nodes x 1024 triangles) loads in 4.1 s on lavapipe's machine
// (2 cores)
constexpr double kSdfSecondsPerPair = 5.0e-8;
constexpr double kWarnSeconds = 10.0;  // s of baking announced with a warning

glm::vec3 unitVector(const Node& node) {
  glm::vec3 v = node.vec3();
  const float length = glm::length(v);
  if (!(length > 0.0f) || !std::isfinite(length)) node.fail("must be a non-zero, finite vector");
  return v / length;
}

// Rotation about x, then y, then z (degrees) as a quaternion (x, y, z, w).
glm::vec4 rotationQuaternion(glm::vec3 degrees) {
  const glm::quat q = glm::angleAxis(glm::radians(degrees.z), glm::vec3(0, 0, 1)) *
                      glm::angleAxis(glm::radians(degrees.y), glm::vec3(0, 1, 0)) *
                      glm::angleAxis(glm::radians(degrees.x), glm::vec3(1, 0, 0));
  return glm::vec4(q.x, q.y, q.z, q.w);
}

// Friction, restitution, and the pose and motion of every shape but the plane.
void readCommon(const Node& node, Collider& c, bool moves) {
  if (auto n = node.find("friction")) {
    const glm::vec2 friction = readFriction(*n);
    c.staticFriction = friction.x;
    c.kineticFriction = friction.y;
  }
  c.restitution = optionalNumber(node, "restitution", 0.0f, kUnitInterval);
  c.rotation = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
  if (!moves) return;
  c.position = glm::vec4(node.member("center").vec3(), 0.0f);
  if (auto n = node.find("rotation")) c.rotation = rotationQuaternion(n->vec3());
  if (auto n = node.find("velocity")) c.linearVelocity = glm::vec4(n->vec3(), 0.0f);
  if (auto n = node.find("angular_velocity")) c.angularVelocity = glm::vec4(n->vec3(), 0.0f);
  if (auto n = node.find("oscillation")) {
    n->expectObject({"amplitude", "frequency"});
    c.oscillation = glm::vec4(n->member("amplitude").vec3(), n->member("frequency").number(kFrequency));
  }
}

std::string resolve(const Node& node, const std::string& folder) {
  const std::filesystem::path file = node.name();
  return file.is_absolute() || folder.empty() ? file.string()
                                              : (std::filesystem::path(folder) / file).string();
}

// The bake is O(nodes × triangles): refused beyond a limit, announced with its estimated time when long.
void checkBakeCost(const Node& cellSize, const SdfCost& cost, size_t triangles) {
  const double seconds = cost.pairs * kSdfSecondsPerPair;
  if (!(cost.nodes <= kMaxSdfNodes))
    cellSize.fail("the signed-distance grid would have " + formatNumber(cost.nodes) +
                  " nodes, more than the limit of " + formatNumber(kMaxSdfNodes) +
                  "; use a larger cell size");
  if (!(cost.pairs <= kMaxSdfPairs))
    cellSize.fail("baking the signed-distance grid would take " + formatNumber(cost.nodes) + " nodes x " +
                  std::to_string(triangles) + " triangles = " + formatNumber(cost.pairs) +
                  " distance evaluations (about " + formatNumber(std::round(seconds)) +
                  " s), more than the limit of " + formatNumber(kMaxSdfPairs) +
                  "; use a larger cell size or a coarser mesh");
  if (seconds > kWarnSeconds)
    std::fprintf(
        stderr,
        "warning: %s: %s: baking the signed-distance grid (%.3g nodes x %zu triangles) takes about %.0f s\n",
        cellSize.file().c_str(), cellSize.path().c_str(), cost.nodes, triangles, seconds);
}

}  // namespace

void readColliders(const Node& node, SceneDesc& scene, const std::string& folder) {
  const size_t count = node.arraySize(0);
  for (size_t k = 0; k < count; ++k) {
    const Node item = node.element(k);
    item.requireObject();
    const Type type = item.member("type").choice<Type>("collider type", {{"plane", Type::Plane},
                                                                         {"sphere", Type::Sphere},
                                                                         {"capsule", Type::Capsule},
                                                                         {"box", Type::Box},
                                                                         {"mesh", Type::Mesh}});
    Collider c{};
    switch (type) {
      case Type::Plane: {
        item.expectObject({"type", "normal", "offset", "friction", "restitution", "name"});
        glm::vec3 normal(0.0f, 1.0f, 0.0f);
        if (auto n = item.find("normal")) normal = unitVector(*n);
        c.type = VKXPBD_COLLIDER_PLANE;
        c.shape = glm::vec4(normal, optionalNumber(item, "offset", 0.0f, kCoordinate));
        readCommon(item, c, false);
        break;
      }
      case Type::Sphere:
        item.expectObject({"type", "center", "radius", "friction", "restitution", "velocity",
                           "angular_velocity", "oscillation", "name"});
        c.type = VKXPBD_COLLIDER_SPHERE;
        c.shape = glm::vec4(0.0f, 0.0f, 0.0f, item.member("radius").number(kLength));
        readCommon(item, c, true);
        break;
      case Type::Capsule:
        item.expectObject({"type", "center", "radius", "half_length", "rotation", "friction", "restitution",
                           "velocity", "angular_velocity", "oscillation", "name"});
        c.type = VKXPBD_COLLIDER_CAPSULE;
        c.shape = glm::vec4(item.member("half_length").number(between(0.0, true, kMaxMagnitude, true)), 0.0f,
                            0.0f, item.member("radius").number(kLength));
        readCommon(item, c, true);
        break;
      case Type::Box: {
        item.expectObject({"type", "center", "half_extents", "rotation", "friction", "restitution",
                           "velocity", "angular_velocity", "oscillation", "name"});
        const Node extents = item.member("half_extents");
        extents.arraySize(3, 3);
        c.type = VKXPBD_COLLIDER_BOX;
        c.shape = glm::vec4(extents.element(0).number(kLength), extents.element(1).number(kLength),
                            extents.element(2).number(kLength), 0.0f);
        readCommon(item, c, true);
        break;
      }
      case Type::Mesh: {
        item.expectObject({"type", "file", "scale", "cell_size", "center", "rotation", "friction",
                           "restitution", "velocity", "angular_velocity", "oscillation", "name"});
        const std::string file = resolve(item.member("file"), folder);
        const float scale = optionalNumber(item, "scale", 1.0f, kScale);
        const float cell = item.member("cell_size").number(kLength);
        TriangleMesh mesh = loadObj(file, 0.0f);
        for (glm::vec3& v : mesh.vertices) v *= scale;
        checkBakeCost(item.member("cell_size"), sdfBakeCost(mesh, cell), mesh.indices.size() / 3);
        const SdfGrid grid = buildSdf(mesh, cell, file);
        c.type = VKXPBD_COLLIDER_SDF;
        c.shape = glm::vec4(grid.origin, grid.spacing);
        c.sdfFirst = static_cast<uint32_t>(scene.sdfValues.size());
        c.sdfDimX = grid.dims.x;
        c.sdfDimY = grid.dims.y;
        c.sdfDimZ = grid.dims.z;
        scene.sdfValues.insert(scene.sdfValues.end(), grid.values.begin(), grid.values.end());
        scene.colliderSurfaces.push_back(
            {static_cast<uint32_t>(scene.colliders.size()), mesh.vertices, mesh.indices});
        readCommon(item, c, true);
        break;
      }
    }
    readColliderName(item, scene);
    scene.colliders.push_back(c);
  }
}

}  // namespace vkxpbd::scene_json
