// Scene JSON reader (format: docs/scene-format.md). Every value is checked where it is read, and every
// error names the file and the field path, e.g. "scenes/flag.json: cloths[0].resolution[1]: ...".
// Unknown and duplicate keys are errors, so a typo cannot silently fall back to a default.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/input_file.h"
#include "scene/attach_loader.h"
#include "scene/body_loader.h"
#include "scene/cloth_materials.h"
#include "scene/collider_loader.h"
#include "scene/json_node.h"
#include "scene/scene.h"
#include "scene/wind_loader.h"
#include "sim/colouring.h"

namespace vkxpbd {
namespace {

using Json = nlohmann::json;
using namespace scene_json;  // NOLINT: the reader's vocabulary

constexpr int64_t kMaxResolution = 4096;  // particles along one axis of a cloth
constexpr int64_t kMaxSubstepsOrIterations = 1000;
constexpr size_t kMaxShownPathLength = 60;        // characters of a deep field path quoted in a message
constexpr int kMaxJsonDepth = 64;                 // nesting of arrays and objects in a scene file
constexpr uint64_t kMaxSceneBytes = 64ull << 20;  // size of a scene file, bytes

// ---- JSON text ------------------------------------------------------------------------------------------

// Follows the parser through the document so that a duplicate key, or a number too large for a double
// (which nlohmann reports without a location), can be reported with its field path.
class PathTracker {
 public:
  bool onEvent(nlohmann::json::parse_event_t event, const Json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    switch (event) {
      case Event::object_start:
        pushFrame(false);
        break;
      case Event::array_start:
        pushFrame(true);
        break;
      case Event::key:
        onKey(parsed.get<std::string>());
        break;
      case Event::object_end:
      case Event::array_end:
        frames_.pop_back();
        elementDone();
        break;
      case Event::value:
        elementDone();
        break;
    }
    return true;
  }

  // Path of the value being parsed now.
  std::string currentPath() const {
    std::string path;
    for (const Frame& frame : frames_) {
      path = frame.isArray ? indexPath(path, frame.nextIndex) : childPath(path, frame.lastKey);
    }
    return path;
  }

  const std::optional<std::string>& duplicatePath() const { return duplicatePath_; }

 private:
  struct Frame {
    bool isArray = false;
    size_t nextIndex = 0;        // arrays: index of the element being parsed
    std::string lastKey;         // objects: key of the member being parsed
    std::set<std::string> keys;  // objects: keys seen so far
  };

  void pushFrame(bool isArray) {
    frames_.emplace_back();
    frames_.back().isArray = isArray;
  }

  void onKey(const std::string& key) {
    Frame& frame = frames_.back();
    frame.lastKey = key;
    if (!frame.keys.insert(key).second && !duplicatePath_) duplicatePath_ = currentPath();
  }

  void elementDone() {
    if (!frames_.empty() && frames_.back().isArray) ++frames_.back().nextIndex;
  }

  std::vector<Frame> frames_;
  std::optional<std::string> duplicatePath_;
};

constexpr int kNumberOverflowError = 406;  // nlohmann out_of_range id for a number beyond double range

Json parseJson(const std::string& text, const std::string& file) {
  PathTracker tracker;
  Json document;
  try {
    document = Json::parse(text, [&](int depth, Json::parse_event_t event, Json& parsed) {
      // Deeper documents are refused before they are built: a deep value is recursed over when it is
      // copied, dumped into a message or compared, and 75,000 levels overflowed the stack.
      // `depth` counts the arrays and objects around the one that starts (0 for the top level).
      const bool opens =
          event == Json::parse_event_t::object_start || event == Json::parse_event_t::array_start;
      if (opens && depth >= kMaxJsonDepth) {
        std::string where = tracker.currentPath();
        if (where.size() > kMaxShownPathLength) where = where.substr(0, kMaxShownPathLength) + "...";
        throw SceneError(file + ": " + where + ": nested deeper than " + std::to_string(kMaxJsonDepth) +
                         " levels (the limit of a scene file)");
      }
      return tracker.onEvent(event, parsed);
    });
  } catch (const Json::out_of_range& e) {
    if (e.id != kNumberOverflowError) throw SceneError(file + ": JSON parse error: " + e.what());
    const std::string path = tracker.currentPath();
    throw SceneError(file + ": " + (path.empty() ? "(top level)" : path) +
                     ": must be finite, got a number beyond the range of a double");
  } catch (const Json::exception& e) {
    throw SceneError(file + ": JSON parse error: " + e.what());
  }
  if (tracker.duplicatePath()) throw SceneError(file + ": " + *tracker.duplicatePath() + ": duplicate key");
  return document;
}

// ---- sections -------------------------------------------------------------------------------------------

SolverSettings readSolver(const Node& node) {
  node.expectObject({"dt", "substeps", "iterations", "mode", "model", "integrator", "omega", "damping",
                     "gravity", "max_colours", "min_colour_size", "hierarchy", "fuse_small_levels"});
  SolverSettings solver;
  solver.frameDt = optionalNumber(node, "dt", solver.frameDt, kTimeStep);
  if (auto n = node.find("substeps")) solver.substeps = n->count(1, kMaxSubstepsOrIterations);
  if (auto n = node.find("iterations")) solver.iterations = n->count(1, kMaxSubstepsOrIterations);
  if (auto n = node.find("mode")) {
    solver.mode =
        n->choice<SolverMode>("solver", {{"gs", SolverMode::GaussSeidel}, {"jacobi", SolverMode::Jacobi}});
  }
  if (auto n = node.find("model")) {
    solver.constraintModel = n->choice<ConstraintModel>(
        "constraint model", {{"xpbd", ConstraintModel::Xpbd}, {"pbd", ConstraintModel::Pbd}});
  }
  if (auto n = node.find("integrator")) {
    solver.integrator =
        n->choice<Integrator>("integrator", {{"euler", Integrator::Euler}, {"bdf2", Integrator::Bdf2}});
  }
  solver.omega = optionalNumber(node, "omega", solver.omega, kRelaxation);
  solver.damping = optionalNumber(node, "damping", solver.damping, between(0.0, true, 1.0e6, true));
  if (auto n = node.find("gravity")) solver.gravity = n->vec3();
  if (auto n = node.find("max_colours")) solver.colouring.maxColours = n->count(1, kMaxColours);
  if (auto n = node.find("hierarchy")) solver.hierarchy = readHierarchy(*n, solver.hierarchy);
  if (auto n = node.find("fuse_small_levels")) solver.fuseSmallLevels = n->count(0, kMaxFuseSmallLevels);
  if (auto n = node.find("min_colour_size")) {
    solver.colouring.minColourSize = n->count(0, std::numeric_limits<uint32_t>::max());
  }
  return solver;
}

// The three per-kind values of "compliance" or "stiffness".
struct PerKind {
  float stretch, shear, bend;
};

PerKind readPerKind(const Node& node, PerKind fallback, const Bounds& bounds) {
  node.expectObject({"stretch", "shear", "bend"});
  return {optionalNumber(node, "stretch", fallback.stretch, bounds),
          optionalNumber(node, "shear", fallback.shear, bounds),
          optionalNumber(node, "bend", fallback.bend, bounds)};
}

PinMotionDesc readMotion(const Node& node) {
  node.expectObject({"type", "vector", "frequency"});
  PinMotionDesc motion;
  motion.type = node.member("type").choice<uint32_t>(
      "motion type", {{"linear", VKXPBD_MOTION_LINEAR}, {"sine", VKXPBD_MOTION_SINE}});
  motion.vector = node.member("vector").vec3();
  if (motion.type == VKXPBD_MOTION_SINE) {
    motion.frequency = node.member("frequency").number(kFrequency);
  } else if (node.find("frequency")) {
    node.failAt(childPath(node.path(), "frequency"), "only allowed with motion type 'sine'");
  }
  return motion;
}

// A grid index counted from the start (>= 0) or from the end (< 0) must lie inside a resolution of `n`.
int readPinIndex(const Node& node, uint32_t n) {
  const int64_t index =
      node.integer(std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max());
  const int64_t count = n;
  if (index < -count || index >= count) {
    node.fail("must be in [" + std::to_string(-count) + ", " + std::to_string(count - 1) +
              "] for a resolution of " + std::to_string(n) + ", got " + std::to_string(index));
  }
  return static_cast<int>(index);
}

uint32_t resolvedIndex(int index, uint32_t n) {
  return index < 0 ? n - static_cast<uint32_t>(-index) : static_cast<uint32_t>(index);
}

std::vector<PinDesc> readPins(const Node& node, glm::uvec2 resolution) {
  std::vector<PinDesc> pins;
  std::vector<std::pair<uint32_t, uint32_t>> pinned;  // resolved (i, j) of each pin so far
  const size_t count = node.arraySize(0);
  for (size_t m = 0; m < count; ++m) {
    const Node pinNode = node.element(m);
    if (scene_json::isRegionPin(pinNode)) {
      pins.push_back(scene_json::readRegionPin(pinNode));
      pinned.emplace_back(std::numeric_limits<uint32_t>::max(), static_cast<uint32_t>(m));  // no cell
      continue;
    }
    pinNode.expectObject({"i", "j", "motion", "attach"});
    PinDesc pin;
    pin.path = pinNode.path();
    pin.i = readPinIndex(pinNode.member("i"), resolution.x);
    pin.j = readPinIndex(pinNode.member("j"), resolution.y);
    if (auto motion = pinNode.find("motion")) pin.motion = readMotion(*motion);
    if (auto attach = pinNode.find("attach")) {
      if (pin.motion) attach->fail("a pin either follows a collider or has a 'motion', not both");
      pin.attach = scene_json::readColliderRef(*attach);
    }
    const std::pair<uint32_t, uint32_t> cell{resolvedIndex(pin.i, resolution.x),
                                             resolvedIndex(pin.j, resolution.y)};
    const auto earlier = std::find(pinned.begin(), pinned.end(), cell);
    if (earlier != pinned.end()) {
      pinNode.fail("pins the same particle as " +
                   indexPath("pins", static_cast<size_t>(earlier - pinned.begin())));
    }
    pinned.push_back(cell);
    pins.push_back(pin);
  }
  return pins;
}

// Pins of a cloth made from a mesh: {"vertex": N (0-based OBJ vertex), "motion": ...}.
std::vector<MeshPinDesc> readMeshPins(const Node& node) {
  std::vector<MeshPinDesc> pins;
  const size_t count = node.arraySize(0);
  for (size_t m = 0; m < count; ++m) {
    const Node pinNode = node.element(m);
    pinNode.expectObject({"vertex", "motion"});
    MeshPinDesc pin;
    pin.vertex = pinNode.member("vertex").count(0, std::numeric_limits<int32_t>::max());
    if (auto motion = pinNode.find("motion")) pin.motion = readMotion(*motion);
    for (size_t earlier = 0; earlier < pins.size(); ++earlier)
      if (pins[earlier].vertex == pin.vertex)
        pinNode.fail("pins the same vertex as " + indexPath("pins", earlier));
    pins.push_back(pin);
  }
  return pins;
}

// `cloths[].mesh`: {"file", "weld" (m), "scale", "position" (m)}.
ClothMeshDesc readClothMesh(const Node& node, const std::string& folder) {
  node.expectObject({"file", "weld", "scale", "position"});
  ClothMeshDesc mesh;
  const std::filesystem::path file = node.member("file").name();
  mesh.file =
      file.is_absolute() || folder.empty() ? file.string() : (std::filesystem::path(folder) / file).string();
  mesh.weldDistance =
      optionalNumber(node, "weld", mesh.weldDistance, between(0.0, true, kMaxMagnitude, true));
  mesh.scale = optionalNumber(node, "scale", mesh.scale, kScale);
  if (auto n = node.find("position")) mesh.position = n->vec3();
  return mesh;
}

// "material": a name from the material library; an unknown one names the closest.
const ClothMaterial& readClothMaterial(const Node& node) {
  const std::string name = node.name();
  if (const ClothMaterial* material = findClothMaterial(name)) return *material;
  std::vector<std::string> names;
  std::string closest;
  size_t best = 3;  // within two edits
  for (const ClothMaterial& m : clothMaterials()) {
    names.emplace_back(m.name);
    const size_t distance = editDistance(name, m.name);
    if (distance < best) {
      best = distance;
      closest = m.name;
    }
  }
  node.fail("unknown material '" + name + "'" +
            (closest.empty() ? "" : " (did you mean '" + closest + "'?)") + "; the materials are " +
            quotedAlternatives(names));
}

glm::uvec2 readResolution(const Node& node) {
  node.arraySize(2, 2);
  return {node.element(0).count(2, kMaxResolution), node.element(1).count(2, kMaxResolution)};
}

// "tear": {"strain", "force", "spare_particles"} (docs/tearing.md). A grid particle is on at most six
// triangles, so it can be split at most five times: more spares than 5·nx·ny could never be used.
TearSettings readTear(const Node& node, glm::uvec2 resolution) {
  node.expectObject({"strain", "force", "spare_particles"});
  TearSettings tear;
  tear.strain = optionalNumber(node, "strain", tear.strain, between(1.0, false, 1.0e6, true));
  tear.force = optionalNumber(node, "force", tear.force, between(0.0, true, 1.0e12, true));
  const int64_t particles = int64_t{resolution.x} * resolution.y;
  tear.spareParticles = static_cast<uint32_t>(particles);
  if (auto n = node.find("spare_particles")) tear.spareParticles = n->count(0, 5 * particles);
  return tear;
}

ClothDesc readCloth(const Node& node, size_t index, const std::string& folder) {
  node.expectObject({"name",
                     "size",
                     "resolution",
                     "center",
                     "plane",
                     "areal_density",
                     "mass_distribution",
                     "shear",
                     "bend",
                     "bending",
                     "tethers",
                     "compliance",
                     "stiffness",
                     "pins",
                     "rotation",
                     "friction",
                     "velocity",
                     "angular_velocity",
                     "hierarchy",
                     "mesh",
                     "material",
                     "pin_box",
                     "aerodynamics",
                     "tear"});
  ClothDesc cloth;
  cloth.name = index == 0 ? "cloth" : "cloth" + std::to_string(index);
  if (auto n = node.find("name")) cloth.name = n->name();
  // The material first: every key below overrides its values.
  if (auto n = node.find("material")) applyClothMaterial(readClothMaterial(*n), cloth);
  if (auto n = node.find("mesh")) {
    cloth.mesh = readClothMesh(*n, folder);
    for (const char* key : {"size", "resolution", "plane", "center"})
      if (node.find(key)) node.failAt(childPath(node.path(), key), "not used by a cloth made from a mesh");
    if (auto box = node.find("pin_box")) {
      box->expectObject({"min", "max"});
      cloth.mesh->pinBoxMin = box->member("min").vec3();
      cloth.mesh->pinBoxMax = box->member("max").vec3();
      for (int axis = 0; axis < 3; ++axis)
        if (!((*cloth.mesh->pinBoxMin)[axis] <= cloth.mesh->pinBoxMax[axis]))
          box->fail("min must not exceed max on any axis");
    }
  } else if (node.find("pin_box")) {
    node.failAt(childPath(node.path(), "pin_box"), "only a cloth made from a mesh takes a pin box");
  }
  if (auto n = node.find("size")) cloth.size = n->vec2(kLength);
  if (auto n = node.find("resolution")) cloth.resolution = readResolution(*n);
  if (auto n = node.find("center")) cloth.center = n->vec3();
  if (auto n = node.find("plane")) {
    cloth.plane = n->choice<ClothPlane>("plane", {{"xz", ClothPlane::XZ}, {"xy", ClothPlane::XY}});
  }
  if (auto n = node.find("rotation")) cloth.rotation = n->vec3();
  if (auto n = node.find("friction")) cloth.friction = readFriction(*n);
  if (auto n = node.find("hierarchy")) cloth.hierarchy = readHierarchy(*n, HierarchySettings{});
  if (auto n = node.find("velocity")) cloth.velocity = n->vec3();
  if (auto n = node.find("angular_velocity")) cloth.angularVelocity = n->vec3();
  cloth.arealDensity = optionalNumber(node, "areal_density", cloth.arealDensity, kDensity);
  if (auto n = node.find("mass_distribution")) {
    cloth.massDistribution = n->choice<MassDistribution>(
        "mass distribution", {{"area", MassDistribution::Area}, {"uniform", MassDistribution::Uniform}});
  }
  cloth.shear = optionalBoolean(node, "shear", cloth.shear);
  cloth.bend = optionalBoolean(node, "bend", cloth.bend);
  if (auto n = node.find("bending")) {
    cloth.bending = n->choice<ClothBending>("bending model", {{"distance", ClothBending::Distance},
                                                              {"dihedral", ClothBending::Dihedral},
                                                              {"isometric", ClothBending::Isometric}});
  }
  cloth.tethers = optionalBoolean(node, "tethers", cloth.tethers);
  if (auto n = node.find("compliance")) {
    // warp and weft: edges along a mesh's UV u and v directions (else stretch)
    n->expectObject({"stretch", "shear", "bend", "warp", "weft"});
    cloth.complianceStretch = optionalNumber(*n, "stretch", cloth.complianceStretch, kCompliance);
    cloth.complianceShear = optionalNumber(*n, "shear", cloth.complianceShear, kCompliance);
    cloth.complianceBend = optionalNumber(*n, "bend", cloth.complianceBend, kCompliance);
    if (auto w = n->find("warp")) cloth.complianceWarp = w->number(kCompliance);
    if (auto w = n->find("weft")) cloth.complianceWeft = w->number(kCompliance);
    if ((cloth.complianceWarp || cloth.complianceWeft) && !cloth.mesh)
      n->fail("warp and weft apply to a cloth made from a mesh with UVs");
  }
  if (auto n = node.find("stiffness")) {
    const PerKind k =
        readPerKind(*n, {cloth.stiffnessStretch, cloth.stiffnessShear, cloth.stiffnessBend}, kUnitInterval);
    cloth.stiffnessStretch = k.stretch;
    cloth.stiffnessShear = k.shear;
    cloth.stiffnessBend = k.bend;
  }
  if (auto n = node.find("pins")) {
    if (cloth.mesh)
      cloth.mesh->pins = readMeshPins(*n);
    else
      cloth.pins = readPins(*n, cloth.resolution);
  }
  if (auto n = node.find("aerodynamics")) cloth.aero = readAerodynamics(*n, cloth.aero);
  if (auto n = node.find("tear")) cloth.tear = readTear(*n, cloth.resolution);
  return cloth;
}

std::vector<ClothDesc> readCloths(const Node& node, const std::string& folder) {
  std::vector<ClothDesc> cloths;
  const size_t count = node.arraySize(0);
  for (size_t k = 0; k < count; ++k) cloths.push_back(readCloth(node.element(k), k, folder));
  return cloths;
}

ContactSettings readContacts(const Node& node) {
  node.expectObject({"distance", "search_radius", "friction", "max_neighbours", "triangles", "max_triangles",
                     "rebuild_interval"});
  ContactSettings contacts;
  contacts.enabled = true;
  contacts.distance = node.member("distance").number(kLength);
  contacts.searchRadius = 1.5f * contacts.distance;
  contacts.searchRadiusGiven = node.find("search_radius").has_value();
  if (auto n = node.find("triangles")) contacts.triangles = n->boolean();
  if (auto n = node.find("max_triangles")) contacts.maxTriangles = n->count(1, 64);
  if (auto n = node.find("rebuild_interval")) contacts.rebuildInterval = n->count(1, 1000);
  if (auto n = node.find("search_radius")) {
    contacts.searchRadius = n->number(kLength);
    if (contacts.searchRadius < contacts.distance) n->fail("must be at least the contact distance");
  }
  if (auto n = node.find("friction")) {
    n->expectObject({"static", "kinetic"});
    contacts.staticFriction = optionalNumber(*n, "static", 0.0f, between(0.0, true, 1.0e6, true));
    contacts.kineticFriction =
        optionalNumber(*n, "kinetic", contacts.staticFriction, between(0.0, true, 1.0e6, true));
  }
  if (auto n = node.find("max_neighbours")) contacts.maxNeighbours = n->count(1, 256);
  return contacts;
}

std::string defaultSceneName(const std::string& path) {
  const std::string stem = std::filesystem::path(path).stem().string();
  return stem.empty() ? "scene" : stem;
}

}  // namespace

namespace {

CameraDesc readCamera(const Node& node) {
  node.expectObject({"eye", "target", "fov_deg"});
  CameraDesc camera;
  camera.eye = node.member("eye").vec3();
  camera.target = node.member("target").vec3();
  camera.fovDegrees = optionalNumber(node, "fov_deg", camera.fovDegrees, between(1.0, true, 179.0, true));
  const glm::vec3 d = camera.eye - camera.target;
  if (!(glm::length(d) > 1e-6f)) node.fail("'eye' and 'target' must differ");
  if (std::abs(d.y) > 0.9999f * glm::length(d))
    node.fail("looks straight up or down (the picture's up is +y): move 'eye' sideways");
  return camera;
}

}  // namespace

SceneDesc parseScene(const std::string& jsonText, const std::string& path) {
  // The JSON parser stops at a NUL byte and would accept whatever came before it.
  if (const size_t nul = jsonText.find('\0'); nul != std::string::npos)
    throw SceneError(path + ": a NUL byte at offset " + std::to_string(nul) + " (a scene file is JSON text)");
  const Json document = parseJson(jsonText, path);
  const Node root(document, "", path);
  root.expectObject({"name", "solver", "thickness", "contacts", "cloths", "soft_bodies", "shells",
                     "colliders", "camera", "stitches", "wind"});
  SceneDesc scene;
  scene.path = path;
  scene.name = defaultSceneName(path);
  if (auto n = root.find("name")) scene.name = n->name();
  if (auto n = root.find("solver")) scene.solver = readSolver(*n);
  scene.thickness =
      optionalNumber(root, "thickness", scene.thickness, between(0.0, true, kMaxMagnitude, true));
  if (auto n = root.find("contacts")) scene.contacts = readContacts(*n);
  const std::string folder = path.empty() || path.front() == '<'
                                 ? std::string()
                                 : std::filesystem::path(path).parent_path().string();
  if (auto n = root.find("cloths")) scene.cloths = readCloths(*n, folder);
  if (auto n = root.find("soft_bodies")) scene.softBodies = readSoftBodies(*n, folder);
  if (auto n = root.find("shells")) scene.shells = readShells(*n, folder);
  if (scene.cloths.empty() && scene.softBodies.empty() && scene.shells.empty())
    root.fail("needs at least one body in 'cloths', 'soft_bodies' or 'shells'");
  if (auto n = root.find("colliders")) readColliders(*n, scene, folder);
  if (auto n = root.find("camera")) scene.camera = readCamera(*n);
  if (auto n = root.find("stitches")) scene.stitches = scene_json::readStitches(*n);
  if (auto n = root.find("wind")) scene.wind = readWind(*n);
  return scene;
}

SceneDesc loadScene(const std::string& path) {
  return parseScene(readInputFile(path, kMaxSceneBytes, "scene file"), path);
}

}  // namespace vkxpbd
