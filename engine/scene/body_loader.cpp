#include "scene/body_loader.h"

#include <cstdio>
#include <filesystem>

#include "scene/attach_loader.h"
#include "scene/wind_loader.h"

namespace vkxpbd::scene_json {
namespace {

constexpr int64_t kMaxCells = 256;  // lattice cells along one axis of a generated tetrahedral mesh
constexpr int64_t kMaxSubdivisions = 7;
constexpr int64_t kMaxInstances = 100000;

std::string resolvePath(const Node& node, const std::string& folder) {
  const std::filesystem::path file = node.name();
  return file.is_absolute() || folder.empty() ? file.string()
                                              : (std::filesystem::path(folder) / file).string();
}

glm::uvec3 readCells(const Node& node) {
  node.arraySize(3, 3);
  return {node.element(0).count(1, kMaxCells), node.element(1).count(1, kMaxCells),
          node.element(2).count(1, kMaxCells)};
}

glm::vec3 positiveVec3(const Node& node) {
  node.arraySize(3, 3);
  return {node.element(0).number(kLength), node.element(1).number(kLength), node.element(2).number(kLength)};
}

MeshSourceDesc readTetMesh(const Node& node, const std::string& folder) {
  using Type = MeshSourceDesc::Type;
  node.requireObject();
  MeshSourceDesc mesh;
  mesh.path = node.path();
  mesh.type = node.member("type").choice<Type>(
      "tetrahedral mesh type", {{"box", Type::Box}, {"sphere", Type::Sphere}, {"tetgen", Type::TetGen}});
  switch (mesh.type) {
    case Type::Box:
      node.expectObject({"type", "size", "cells"});
      mesh.size = positiveVec3(node.member("size"));
      mesh.cells = readCells(node.member("cells"));
      break;
    case Type::Sphere:
      node.expectObject({"type", "radius", "cells"});
      mesh.radius = node.member("radius").number(kLength);
      mesh.resolution = node.member("cells").count(2, kMaxCells);
      break;
    default:
      node.expectObject({"type", "node", "ele", "scale"});
      mesh.file = resolvePath(node.member("node"), folder);
      mesh.secondFile = resolvePath(node.member("ele"), folder);
      mesh.scale = optionalNumber(node, "scale", mesh.scale, kScale);
      break;
  }
  return mesh;
}

MeshSourceDesc readSurfaceMesh(const Node& node, const std::string& folder) {
  using Type = MeshSourceDesc::Type;
  node.requireObject();
  MeshSourceDesc mesh;
  mesh.path = node.path();
  mesh.type = node.member("type").choice<Type>("surface mesh type",
                                               {{"icosphere", Type::Icosphere}, {"obj", Type::Obj}});
  if (mesh.type == Type::Icosphere) {
    node.expectObject({"type", "radius", "subdivisions"});
    mesh.radius = node.member("radius").number(kLength);
    mesh.resolution = node.member("subdivisions").count(0, kMaxSubdivisions);
  } else {
    node.expectObject({"type", "file", "weld", "scale"});
    mesh.file = resolvePath(node.member("file"), folder);
    mesh.weldDistance =
        optionalNumber(node, "weld", mesh.weldDistance, between(0.0, true, kMaxMagnitude, true));
    mesh.scale = optionalNumber(node, "scale", mesh.scale, kScale);
  }
  return mesh;
}

std::vector<InstanceDesc> readInstances(const Node& node) {
  std::vector<InstanceDesc> instances;
  const size_t count = node.arraySize(1, kMaxInstances);
  for (size_t k = 0; k < count; ++k) {
    const Node item = node.element(k);
    item.expectObject({"position", "rotation", "velocity", "angular_velocity"});
    InstanceDesc instance;
    if (auto n = item.find("position")) instance.position = n->vec3();
    if (auto n = item.find("rotation")) instance.rotation = n->vec3();
    if (auto n = item.find("velocity")) instance.velocity = n->vec3();
    if (auto n = item.find("angular_velocity")) instance.angularVelocity = n->vec3();
    instances.push_back(instance);
  }
  return instances;
}

PinBoxDesc readPinBox(const Node& node) {
  node.expectObject({"min", "max"});
  PinBoxDesc box{node.member("min").vec3(), node.member("max").vec3()};
  for (int axis = 0; axis < 3; ++axis)
    if (!(box.min[axis] <= box.max[axis])) node.fail("min must not exceed max on any axis");
  return box;
}

TetMaterial readMaterial(const Node& node) {
  node.requireObject();
  TetMaterial material;
  material.model = node.member("model").choice<TetMaterial::Model>(
      "material model",
      {{"neohookean", TetMaterial::Model::NeoHookean}, {"volume", TetMaterial::Model::Volume}});
  if (material.model == TetMaterial::Model::NeoHookean) {
    node.expectObject({"model", "youngs_modulus", "poisson_ratio", "stiffness"});
    material.youngsModulus = node.member("youngs_modulus").number(kYoungsModulus);
    // ν = 0 makes λ = 0 and γ = 1 + μ/λ infinite; ν = 0.5 makes λ infinite.
    material.poissonRatio = node.member("poisson_ratio").number(between(0.0, false, 0.5, false));
  } else {
    node.expectObject({"model", "compliance", "stiffness"});
    material.volumeCompliance = optionalNumber(node, "compliance", 0.0f, kCompliance);
    // One volume constraint per tetrahedron has no shear stiffness: every volume-preserving deformation is
    // free, so such a body keeps its volume but not its shape (docs/constraints.md). Allowed (a fluid-like
    // blob), but said, since a solid was probably meant.
    std::fprintf(stderr,
                 "warning: %s: %s: the \"volume\" material keeps each tetrahedron's volume but has no shape "
                 "stiffness, so the body slumps under its own weight; a solid is \"neohookean\"\n",
                 node.file().c_str(), node.path().c_str());
  }
  material.stiffness = optionalNumber(node, "stiffness", material.stiffness, kUnitInterval);
  return material;
}

SoftBodyDesc readSoftBody(const Node& node, size_t index, const std::string& folder) {
  node.expectObject({"name", "mesh", "density", "material", "instances", "pin_box", "friction", "hierarchy",
                     "pins", "aerodynamics"});
  SoftBodyDesc body;
  body.name = "soft body " + std::to_string(index);
  if (auto n = node.find("name")) body.name = n->name();
  body.mesh = readTetMesh(node.member("mesh"), folder);
  body.density = optionalNumber(node, "density", body.density, kDensity);
  if (auto n = node.find("material")) body.material = readMaterial(*n);
  if (auto n = node.find("instances")) body.instances = readInstances(*n);
  if (auto n = node.find("pin_box")) body.pinBox = readPinBox(*n);
  if (auto n = node.find("friction")) body.friction = readFriction(*n);
  if (auto n = node.find("hierarchy")) body.hierarchy = readHierarchy(*n, HierarchySettings{});
  if (auto n = node.find("pins")) body.pins = readRegionPins(*n);
  if (auto n = node.find("aerodynamics")) body.aero = readAerodynamics(*n, body.aero);
  return body;
}

ShellDesc readShell(const Node& node, size_t index, const std::string& folder) {
  node.expectObject({"name", "mesh", "areal_density", "compliance", "bending", "pressure", "instances",
                     "pin_box", "friction", "hierarchy", "pins", "aerodynamics"});
  ShellDesc shell;
  shell.name = "shell " + std::to_string(index);
  if (auto n = node.find("name")) shell.name = n->name();
  shell.mesh = readSurfaceMesh(node.member("mesh"), folder);
  if (auto n = node.find("aerodynamics")) shell.aero = readAerodynamics(*n, shell.aero);
  shell.arealDensity = optionalNumber(node, "areal_density", shell.arealDensity, kDensity);
  if (auto n = node.find("compliance")) {
    n->expectObject({"stretch", "bend"});
    shell.complianceStretch = optionalNumber(*n, "stretch", shell.complianceStretch, kCompliance);
    shell.complianceBend = optionalNumber(*n, "bend", shell.complianceBend, kCompliance);
  }
  if (auto n = node.find("bending")) {
    enum class Choice { Dihedral, Isometric, None };
    const Choice c = n->choice<Choice>(
        "bending model",
        {{"dihedral", Choice::Dihedral}, {"isometric", Choice::Isometric}, {"none", Choice::None}});
    shell.bend = c != Choice::None;
    shell.bending = c == Choice::Isometric ? BendingModel::Isometric : BendingModel::Dihedral;
  }
  if (auto n = node.find("pressure")) {
    n->expectObject({"factor", "compliance"});
    shell.pressure = n->member("factor").number(between(0.0, false, 1.0e3, true));
    shell.pressureCompliance = optionalNumber(*n, "compliance", shell.pressureCompliance, kCompliance);
  }
  if (auto n = node.find("instances")) shell.instances = readInstances(*n);
  if (auto n = node.find("pin_box")) shell.pinBox = readPinBox(*n);
  if (auto n = node.find("friction")) shell.friction = readFriction(*n);
  if (auto n = node.find("hierarchy")) shell.hierarchy = readHierarchy(*n, HierarchySettings{});
  if (auto n = node.find("pins")) shell.pins = readRegionPins(*n);
  return shell;
}

}  // namespace

std::vector<SoftBodyDesc> readSoftBodies(const Node& node, const std::string& folder) {
  std::vector<SoftBodyDesc> bodies;
  const size_t count = node.arraySize(0);
  for (size_t k = 0; k < count; ++k) bodies.push_back(readSoftBody(node.element(k), k, folder));
  return bodies;
}

std::vector<ShellDesc> readShells(const Node& node, const std::string& folder) {
  std::vector<ShellDesc> shells;
  const size_t count = node.arraySize(0);
  for (size_t k = 0; k < count; ++k) shells.push_back(readShell(node.element(k), k, folder));
  return shells;
}

}  // namespace vkxpbd::scene_json
