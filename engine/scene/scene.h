// Scene description: the parsed, validated contents of a scene JSON file (format: docs/scene-format.md).
// buildModel() (engine/sim/cloth_builder.h) turns it into a Model.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd {

// Thrown for any problem with a scene: the message names the file and the field (e.g.
// "scenes/flag.json: cloths[0].resolution[1]: must be an integer >= 2, got 1").
class SceneError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct PinMotionDesc {
  uint32_t type = VKXPBD_MOTION_LINEAR;  // VKXPBD_MOTION_*
  glm::vec3 vector{0.0f};                // LINEAR: velocity m/s; SINE: amplitude m
  float frequency = 0.0f;                // SINE: Hz
};

// A pinned grid particle; negative indices count from the end (-1 = last row/column).
struct PinDesc {
  int i = 0;  // index along the cloth's first axis
  int j = 0;  // index along the cloth's second axis
  std::optional<PinMotionDesc> motion;
};

enum class ClothPlane {
  XZ,
  XY
};  // XZ: horizontal (i along x, j along z); XY: vertical (i along x, j along y)
enum class MassDistribution { Area, Uniform };  // Area: lumped triangle areas; Uniform: equal masses

struct ClothDesc {
  std::string name = "cloth";
  glm::vec2 size{1.0f, 1.0f};          // m, extent along the first and second axis
  glm::uvec2 resolution{32u, 32u};     // particles along the first and second axis (>= 2 each)
  glm::vec3 center{0.0f, 1.0f, 0.0f};  // m
  ClothPlane plane = ClothPlane::XZ;
  float arealDensity = 0.1f;  // kg/m²
  MassDistribution massDistribution = MassDistribution::Area;
  bool shear = true;               // both quad diagonals
  bool bend = true;                // skip-one distance bending along both axes
  bool tethers = false;            // long-range attachment of every particle to its nearest pin
  float complianceStretch = 0.0f;  // m/N
  float complianceShear = 0.0f;    // m/N
  float complianceBend = 0.0f;     // m/N
  float stiffnessStretch = 1.0f;   // PBD k in [0,1]
  float stiffnessShear = 1.0f;     // PBD k in [0,1]
  float stiffnessBend = 1.0f;      // PBD k in [0,1]
  std::vector<PinDesc> pins;
};

struct SceneDesc {
  std::string path;  // file it came from ("<builtin>" for built-in scenes)
  std::string name;
  SolverSettings solver;
  std::vector<ClothDesc> cloths;
  std::vector<PlaneCollider> planes;
  std::vector<SphereCollider> spheres;
  float thickness = 0.005f;  // m
};

// Parses and validates a scene file. Throws SceneError naming the file and field.
SceneDesc loadScene(const std::string& path);
// Same, from JSON text; `path` is only used in error messages.
SceneDesc parseScene(const std::string& jsonText, const std::string& path);

}  // namespace vkxpbd
