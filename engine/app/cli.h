// Command-line parsing for the vkxpbd tool. Errors throw UsageError with a message naming the option.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/model.h"

namespace vkxpbd {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Settings given on the command line that replace the scene's.
struct SolverOverrides {
  std::optional<SolverMode> mode;
  std::optional<ConstraintModel> constraintModel;
  std::optional<Integrator> integrator;
  std::optional<uint32_t> substeps;
  std::optional<uint32_t> iterations;
  std::optional<float> omega;
  std::optional<bool> hierarchy;  // --hierarchy / --no-hierarchy: every body, whatever the scene says
  std::optional<uint32_t> fuseSmallLevels;  // --fuse-small-levels N (coarse constraints; 0: off)
  std::optional<uint32_t> coarseThreads;    // --coarse-threads N (the "coarse levels" work group)

  void applyTo(SolverSettings& settings) const;
};

struct CommonOptions {
  std::string device;       // --device N|name
  bool validation = false;  // --validation (or VKXPBD_VALIDATION=1)
  bool quiet = false;       // --quiet: no progress display
};

struct RunOptions {
  std::string scene;  // path, or empty for the built-in default scene
  uint32_t frames = 120;
  bool framesGiven = false;  // --frames given: the window app exits after that many displayed frames
  bool headless = false;
  std::string outDir = "out";
  bool timestamps = true;
  // --capture-frame N: RenderDoc capture of frame N (0-based, below frames): the solver frame when
  // headless, the displayed frame (solver frames and drawing) in the window app.
  std::optional<uint32_t> captureFrame;
  bool renderDoc = false;  // --renderdoc: load RenderDoc so F12 captures in the window app
  bool stats = false;      // --stats: the window app prints FPS and per-pass GPU times every second
  std::string recordDir;   // --record DIR: the window app writes every displayed frame there (PNG)
  std::string view =
      "shaded";            // --view: the window's debug view at start (shaded, wireframe, colours, stress)
  std::string trajectory;  // --trajectory FILE: headless runs write positions and velocities there
  uint32_t trajectoryEvery = 1;  // --trajectory-every K: one record every K frames
  std::string exportDir;         // --export DIR: OBJ sequence and scene.usda (runs headless)
  uint32_t exportEvery = 1;      // --every K: export frame 0 and every K-th frame
  SolverOverrides overrides;
  CommonOptions common;
};

struct BenchOptions {
  std::string outFile = "bench/results/bench.json";
  std::vector<uint32_t> sizes{64, 128, 256, 512};
  std::vector<SolverMode> modes{SolverMode::GaussSeidel, SolverMode::Jacobi};
  uint32_t warmupFrames = 30;
  uint32_t frames = 300;
  uint32_t renderSize = 128;    // cloth size of the case with rendering (0: none)
  bool tethers = false;         // --tethers: the standard cloth with long-range attachments
  uint32_t softBodies = 100;    // --soft-bodies N: blocks in the soft-body case (0: none)
  uint32_t contactsSize = 256;  // --contacts-size N: the self-colliding standard cloth, N×N (0: none)
  SolverOverrides overrides;
  CommonOptions common;
};

struct RenderOptions {
  std::string scene;  // path, or empty for the built-in default scene
  uint32_t frames = 120;
  std::string outDir = "out/frames";
  uint32_t width = 960;
  uint32_t height = 540;
  uint32_t every = 1;           // render every K-th frame (and the last)
  std::string view = "shaded";  // shaded, wireframe, colours or stress
  // The camera; each one given replaces the scene's "camera" (or the automatic framing) part.
  std::optional<glm::vec3> eye;     // --eye X,Y,Z (m)
  std::optional<glm::vec3> target;  // --target X,Y,Z (m)
  std::optional<float> fovDegrees;  // --fov DEG: vertical field of view (degrees)
  // --stress-scale N: the force (N) drawn in full red in the stress view; else chosen from the forces at
  // the first rendered frame that carries any (render/stress_scale.h) and kept, so frames compare.
  std::optional<float> stressScale;
  bool video = true;      // --no-video: PNG frames only, even with ffmpeg
  std::string exportDir;  // --export DIR: the rendered frames as OBJ sequence and scene.usda
  SolverOverrides overrides;
  CommonOptions common;
};

// `vkxpbd converge`: residual vs iterations within one substep (docs/convergence.md).
struct ConvergeOptions {
  std::string scene;           // path, or empty for the built-in standard cloth
  uint32_t framesBefore = 30;  // frames simulated (scene settings) before the measured substep
  uint32_t iterations = 30;    // K
  std::string outDir = "out/converge";
  std::optional<Integrator> integrator;  // --integrator: replaces the scene's
  CommonOptions common;
};

// `vkxpbd stiffness`: sag and stretch with PBD vs XPBD at several iteration counts.
struct StiffnessOptions {
  std::string scene;  // path, or empty for the built-in standard cloth
  uint32_t frames = 60;
  std::vector<uint32_t> iterations{1, 5, 20, 100};
  std::string outDir = "out/stiffness";
  std::optional<Integrator> integrator;  // --integrator: replaces the scene's
  CommonOptions common;
};

RunOptions parseRunOptions(const std::vector<std::string>& args);
StiffnessOptions parseStiffnessOptions(const std::vector<std::string>& args);
ConvergeOptions parseConvergeOptions(const std::vector<std::string>& args);
RenderOptions parseRenderOptions(const std::vector<std::string>& args);
BenchOptions parseBenchOptions(const std::vector<std::string>& args);

std::string usageText();

}  // namespace vkxpbd
