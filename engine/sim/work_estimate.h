// What a scene will cost, estimated from its description before the model is built: particles,
// constraints, memory and the solver's work per frame. Beyond a limit the scene is refused (SceneError naming
// the field, with the estimate and the limit); when merely long, a warning gives the estimated frame time.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scene/scene.h"

namespace vkxpbd {

// Memory per particle and per constraint: a fit of the peak resident memory of `vkxpbd run` (host and
// lavapipe's device memory together) for the 256² and 512² standard cloths, measured on lavapipe, 2 cores.
constexpr double kBytesPerParticle = 300.0;
constexpr double kBytesPerConstraint = 700.0;
// Constraint projections per second of the Gauss-Seidel solver on lavapipe (2 cores, 256² cloth, measured).
constexpr double kLavapipeProjectionsPerSecond = 1.2e7;
constexpr double kMaxProjectionsPerFrame = 1.0e10;  // constraints × substeps × iterations
constexpr double kWarnSecondsPerFrame = 5.0;        // estimated lavapipe frame time that gets a warning

struct BodyEstimate {
  std::string field;  // the field that sets its size, e.g. "cloths[0].resolution"
  double particles = 0.0;
  double constraints = 0.0;  // distance constraints and elements (upper bound)
};

struct WorkEstimate {
  std::vector<BodyEstimate> bodies;  // generated bodies only: meshes from files are bounded by file size
  double particles = 0.0;
  double constraints = 0.0;
  double bytes = 0.0;                // memory, host and device
  double projectionsPerFrame = 0.0;  // constraints × substeps × iterations
};

WorkEstimate estimateWork(const SceneDesc& scene);

// The field of the generated body with the most constraints ("" when there is none).
std::string largestBodyField(const WorkEstimate& estimate);

// A body whose mesh came from a file, once loaded (before its instances are placed): the same limits.
void checkLoadedBody(const SceneDesc& scene, const std::string& field, double particles, double constraints,
                     double memoryBytes);

// Physical memory of this machine, bytes (0 when unknown).
double physicalMemoryBytes();

// Throws SceneError "FILE: FIELD: ..." when the estimate exceeds the particle index range, 3/4 of
// `memoryBytes` or kMaxProjectionsPerFrame; prints a warning to stderr above kWarnSecondsPerFrame.
void checkWorkLimits(const SceneDesc& scene, const WorkEstimate& estimate, double memoryBytes);

}  // namespace vkxpbd
