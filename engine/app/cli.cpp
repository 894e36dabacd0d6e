#include "app/cli.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "app/cli_help.h"

namespace vkxpbd {

namespace {

// Walks the argument list; every option's value is checked where it is read.
class ArgReader {
 public:
  explicit ArgReader(const std::vector<std::string>& args) : args_(args) {}
  bool done() const { return i_ >= args_.size(); }
  const std::string& next() { return args_[i_++]; }
  std::string value(const std::string& option) {
    if (done()) throw UsageError(option + ": missing value");
    const std::string& v = next();
    if (v.empty()) throw UsageError(option + ": empty value");
    return v;
  }
  uint32_t count(const std::string& option, uint32_t min, uint32_t max) {
    std::string v = value(option);
    char* end = nullptr;
    errno = 0;
    long long n = std::strtoll(v.c_str(), &end, 10);
    if (end == v.c_str() || *end != '\0' || errno != 0 || n < min || n > max)
      throw UsageError(option + ": expected an integer in [" + std::to_string(min) + ", " +
                       std::to_string(max) + "], got '" + v + "'");
    return static_cast<uint32_t>(n);
  }
  // "X,Y,Z": three finite numbers (m).
  glm::vec3 point(const std::string& option) {
    const std::string v = value(option);
    glm::vec3 p(0.0f);
    const char* s = v.c_str();
    for (int k = 0; k < 3; ++k) {
      char* end = nullptr;
      p[k] = std::strtof(s, &end);
      const char expected = k < 2 ? ',' : '\0';
      if (end == s || *end != expected || !std::isfinite(p[k]) || std::abs(p[k]) > 1e9f)
        throw UsageError(option + ": expected X,Y,Z (three numbers in metres, e.g. 1,0.5,2), got '" + v +
                         "'");
      s = end + 1;
    }
    return p;
  }
  float positive(const std::string& option, float max) {
    std::string v = value(option);
    char* end = nullptr;
    float x = std::strtof(v.c_str(), &end);
    if (end == v.c_str() || *end != '\0' || !std::isfinite(x) || x <= 0.0f || x > max)
      throw UsageError(option + ": expected a number in (0, " + std::to_string(max) + "], got '" + v + "'");
    return x;
  }

 private:
  const std::vector<std::string>& args_;
  size_t i_ = 0;
};

// A debug view's name (render --view, run --view), checked.
std::string viewName(const std::string& option, const std::string& name) {
  if (name != "shaded" && name != "wireframe" && name != "colours" && name != "stress")
    throw UsageError(option + ": unknown view '" + name +
                     "' (expected shaded, wireframe, colours or stress)");
  return name;
}

SolverMode parseMode(const std::string& option, const std::string& v) {
  if (v == "gs") return SolverMode::GaussSeidel;
  if (v == "jacobi") return SolverMode::Jacobi;
  throw UsageError(option + ": unknown solver '" + v + "' (expected 'gs' or 'jacobi')");
}

Integrator parseIntegrator(const std::string& option, const std::string& v) {
  if (v == "euler") return Integrator::Euler;
  if (v == "bdf2") return Integrator::Bdf2;
  throw UsageError(option + ": unknown integrator '" + v + "' (expected 'euler' or 'bdf2')");
}

// Options every command understands; returns false when `arg` is not one of them.
bool readShared(ArgReader& r, const std::string& arg, SolverOverrides& o, CommonOptions& c) {
  if (arg == "--solver") {
    o.mode = parseMode(arg, r.value(arg));
  } else if (arg == "--model") {
    std::string v = r.value(arg);
    if (v == "xpbd")
      o.constraintModel = ConstraintModel::Xpbd;
    else if (v == "pbd")
      o.constraintModel = ConstraintModel::Pbd;
    else
      throw UsageError(arg + ": unknown constraint model '" + v + "' (expected 'xpbd' or 'pbd')");
  } else if (arg == "--integrator") {
    o.integrator = parseIntegrator(arg, r.value(arg));
  } else if (arg == "--substeps") {
    o.substeps = r.count(arg, 1, 1000);
  } else if (arg == "--iterations") {
    o.iterations = r.count(arg, 1, 1000);
  } else if (arg == "--omega") {
    o.omega = r.positive(arg, 2.0f);
  } else if (arg == "--hierarchy" || arg == "--no-hierarchy") {
    o.hierarchy = arg == "--hierarchy";
  } else if (arg == "--fuse-small-levels") {
    o.fuseSmallLevels = r.count(arg, 0, kMaxFuseSmallLevels);
  } else if (arg == "--coarse-threads") {
    o.coarseThreads = r.count(arg, 1, kMaxCoarseLevelsThreads);
  } else if (arg == "--device") {
    c.device = r.value(arg);
  } else if (arg == "--validation") {
    c.validation = true;
  } else if (arg == "--quiet") {
    c.quiet = true;
  } else {
    return false;
  }
  return true;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> parts;
  std::stringstream ss(s);
  for (std::string part; std::getline(ss, part, ',');) parts.push_back(part);
  return parts;
}

}  // namespace

void SolverOverrides::applyTo(SolverSettings& settings) const {
  if (mode) settings.mode = *mode;
  if (constraintModel) settings.constraintModel = *constraintModel;
  if (integrator) settings.integrator = *integrator;
  if (substeps) settings.substeps = *substeps;
  if (iterations) settings.iterations = *iterations;
  if (omega) settings.omega = *omega;
  if (fuseSmallLevels) settings.fuseSmallLevels = *fuseSmallLevels;
  if (coarseThreads) settings.coarseLevelsThreads = *coarseThreads;
  if (hierarchy) {
    settings.hierarchy.enabled = *hierarchy;
    settings.hierarchy.overridesBodies = true;
  }
}

RunOptions parseRunOptions(const std::vector<std::string>& args) {
  RunOptions o;
  ArgReader r(args);
  while (!r.done()) {
    const std::string arg = r.next();
    if (readShared(r, arg, o.overrides, o.common)) continue;
    if (arg == "--frames") {
      o.frames = r.count(arg, 1, 10'000'000);
      o.framesGiven = true;
    } else if (arg == "--headless")
      o.headless = true;
    else if (arg == "--out")
      o.outDir = r.value(arg);
    else if (arg == "--no-timestamps")
      o.timestamps = false;
    else if (arg == "--capture-frame")
      o.captureFrame = r.count(arg, 0, 10'000'000 - 1);
    else if (arg == "--renderdoc")
      o.renderDoc = true;
    else if (arg == "--stats")
      o.stats = true;
    else if (arg == "--record")
      o.recordDir = r.value(arg);
    else if (arg == "--view")
      o.view = viewName(arg, r.value(arg));
    else if (arg == "--trajectory")
      o.trajectory = r.value(arg);
    else if (arg == "--trajectory-every")
      o.trajectoryEvery = r.count(arg, 1, 10'000'000);
    else if (arg == "--export")
      o.exportDir = r.value(arg);
    else if (arg == "--every")
      o.exportEvery = r.count(arg, 1, 10'000'000);
    else if (arg.rfind("--", 0) == 0)
      throw UsageError("run: unknown option '" + arg + "'" + didYouMean("run", arg));
    else if (arg.empty())
      throw UsageError("run: the scene path is empty");
    else if (o.scene.empty())
      o.scene = arg;
    else
      throw UsageError("run: more than one scene given ('" + o.scene + "' and '" + arg + "')");
  }
  if (o.captureFrame) {
    if (*o.captureFrame >= o.frames)
      throw UsageError("--capture-frame: frame " + std::to_string(*o.captureFrame) +
                       " is not below --frames " + std::to_string(o.frames));
  }
  if (!o.exportDir.empty()) o.headless = true;  // the export is written by the headless run
  return o;
}

RenderOptions parseRenderOptions(const std::vector<std::string>& args) {
  RenderOptions o;
  ArgReader r(args);
  while (!r.done()) {
    const std::string arg = r.next();
    if (readShared(r, arg, o.overrides, o.common)) continue;
    if (arg == "--frames")
      o.frames = r.count(arg, 0, 10'000'000);
    else if (arg == "--out")
      o.outDir = r.value(arg);
    else if (arg == "--width")
      o.width = r.count(arg, 16, 8192);
    else if (arg == "--height")
      o.height = r.count(arg, 16, 8192);
    else if (arg == "--every")
      o.every = r.count(arg, 1, 10'000'000);
    else if (arg == "--export")
      o.exportDir = r.value(arg);
    else if (arg == "--view")
      o.view = viewName(arg, r.value(arg));
    else if (arg == "--eye")
      o.eye = r.point(arg);
    else if (arg == "--target")
      o.target = r.point(arg);
    else if (arg == "--fov") {
      o.fovDegrees = r.positive(arg, 179.0f);
      if (*o.fovDegrees < 1.0f)
        throw UsageError(arg + ": expected degrees in [1, 179], got '" + std::to_string(*o.fovDegrees) + "'");
    } else if (arg == "--stress-scale")
      o.stressScale = r.positive(arg, 1e12f);
    else if (arg == "--no-video")
      o.video = false;
    else if (arg.rfind("--", 0) == 0)
      throw UsageError("render: unknown option '" + arg + "'" + didYouMean("render", arg));
    else if (arg.empty())
      throw UsageError("render: the scene path is empty");
    else if (o.scene.empty())
      o.scene = arg;
    else
      throw UsageError("render: more than one scene given ('" + o.scene + "' and '" + arg + "')");
  }
  return o;
}

BenchOptions parseBenchOptions(const std::vector<std::string>& args) {
  BenchOptions o;
  ArgReader r(args);
  while (!r.done()) {
    const std::string arg = r.next();
    if (readShared(r, arg, o.overrides, o.common)) continue;
    if (arg == "--out") {
      o.outFile = r.value(arg);
    } else if (arg == "--frames") {
      o.frames = r.count(arg, 1, 100'000);
    } else if (arg == "--tethers") {
      o.tethers = true;
    } else if (arg == "--contacts-size") {
      o.contactsSize = r.count(arg, 0, 4096);
    } else if (arg == "--soft-bodies") {
      o.softBodies = r.count(arg, 0, 100000);
    } else if (arg == "--render-size") {
      o.renderSize = r.count(arg, 0, 4096);
    } else if (arg == "--warmup") {
      o.warmupFrames = r.count(arg, 0, 100'000);
    } else if (arg == "--sizes") {
      o.sizes.clear();
      for (const std::string& s : split(r.value(arg))) {
        char* end = nullptr;
        long n = std::strtol(s.c_str(), &end, 10);
        if (end == s.c_str() || *end != '\0' || n < 2 || n > 4096)
          throw UsageError("--sizes: expected comma-separated integers in [2, 4096], got '" + s + "'");
        o.sizes.push_back(static_cast<uint32_t>(n));
      }
    } else if (arg == "--modes") {
      o.modes.clear();
      for (const std::string& s : split(r.value(arg))) o.modes.push_back(parseMode(arg, s));
    } else {
      throw UsageError("bench: unknown argument '" + arg + "'" + didYouMean("bench", arg));
    }
  }
  if (o.overrides.mode) throw UsageError("bench: use --modes instead of --solver");
  return o;
}

ConvergeOptions parseConvergeOptions(const std::vector<std::string>& args) {
  ConvergeOptions o;
  ArgReader r(args);
  while (!r.done()) {
    const std::string arg = r.next();
    if (arg == "--frames-before")
      o.framesBefore = r.count(arg, 0, 100'000);
    else if (arg == "--iterations")
      o.iterations = r.count(arg, 1, 1000);
    else if (arg == "--out")
      o.outDir = r.value(arg);
    else if (arg == "--device")
      o.common.device = r.value(arg);
    else if (arg == "--validation")
      o.common.validation = true;
    else if (arg == "--quiet")
      o.common.quiet = true;
    else if (arg == "--integrator")
      o.integrator = parseIntegrator(arg, r.value(arg));
    else if (arg.rfind("--", 0) == 0)
      throw UsageError("converge: unknown option '" + arg + "'" + didYouMean("converge", arg));
    else if (arg.empty())
      throw UsageError("converge: the scene path is empty");
    else if (o.scene.empty())
      o.scene = arg;
    else
      throw UsageError("converge: more than one scene given ('" + o.scene + "' and '" + arg + "')");
  }
  return o;
}

StiffnessOptions parseStiffnessOptions(const std::vector<std::string>& args) {
  StiffnessOptions o;
  ArgReader r(args);
  while (!r.done()) {
    const std::string arg = r.next();
    if (arg == "--frames") {
      o.frames = r.count(arg, 1, 100'000);
    } else if (arg == "--iterations") {
      o.iterations.clear();
      for (const std::string& s : split(r.value(arg))) {
        char* end = nullptr;
        long n = std::strtol(s.c_str(), &end, 10);
        if (end == s.c_str() || *end != '\0' || n < 1 || n > 1000)
          throw UsageError("--iterations: expected comma-separated integers in [1, 1000], got '" + s + "'");
        o.iterations.push_back(static_cast<uint32_t>(n));
      }
    } else if (arg == "--out") {
      o.outDir = r.value(arg);
    } else if (arg == "--device") {
      o.common.device = r.value(arg);
    } else if (arg == "--validation") {
      o.common.validation = true;
    } else if (arg == "--quiet") {
      o.common.quiet = true;
    } else if (arg == "--integrator") {
      o.integrator = parseIntegrator(arg, r.value(arg));
    } else if (arg.rfind("--", 0) == 0) {
      throw UsageError("stiffness: unknown option '" + arg + "'" + didYouMean("stiffness", arg));
    } else if (arg.empty()) {
      throw UsageError("stiffness: the scene path is empty");
    } else if (o.scene.empty()) {
      o.scene = arg;
    } else {
      throw UsageError("stiffness: more than one scene given ('" + o.scene + "' and '" + arg + "')");
    }
  }
  return o;
}

std::string usageText() {
  return R"(vkxpbd - XPBD cloth on the GPU with Vulkan compute

usage:
  vkxpbd run [SCENE.json] [--headless] [--frames N] [--solver gs|jacobi] [--model xpbd|pbd]
             [--integrator euler|bdf2] [--substeps S] [--iterations I] [--omega W] [--device N|name] [--out DIR]
             [--no-timestamps] [--validation] [--capture-frame F] [--renderdoc] [--stats] [--record DIR]
             [--view shaded|wireframe|colours|stress]
             [--trajectory FILE [--trajectory-every K]] [--hierarchy|--no-hierarchy]
             [--fuse-small-levels N] [--coarse-threads N] [--quiet] [--export DIR [--every K]]
      Opens a window showing SCENE (default: the built-in flag scene) with a settings panel (keys and
      mouse: docs/rendering.md); --frames N closes it after N displayed frames; --record DIR writes each
      displayed frame to DIR/frame_NNNNN.png (and video.mp4 with ffmpeg); --view: the view at start.
      With --headless (or no display) it simulates N frames (default 120), writes DIR/final.obj and
      DIR/state.json (default DIR: out; the summary, the model and the final state) and prints a
      summary. --capture-frame F records frame F with RenderDoc into DIR/capture_frame*.rdc
      (docs/profiling.md); --renderdoc makes F12 capture in the window. --stats prints FPS and per-pass GPU times every second in the window.
      --trajectory FILE (headless) writes positions and velocities of frame 0 and every K-th frame to
      FILE (engine/common/trajectory.h). --export DIR (headless) writes frame 0 and every K-th frame as
      OBJ files DIR/BODY/BODY_0000.obj and one USD file DIR/scene.usda (docs/export.md); an export
      larger than the free space or 64 GiB is refused first. A NaN or infinity exits with code 4,
      naming the particle, element and frame. Progress goes to stderr (--quiet: none).
  vkxpbd bench [--out FILE.json] [--sizes 64,128,256,512] [--modes gs,jacobi] [--frames N]
               [--warmup N] [--substeps S] [--iterations I] [--omega W] [--device N|name]
               [--tethers] [--hierarchy]  (the cloth cases with tethers / with the hierarchy)
               [--fuse-small-levels N] [--coarse-threads N]
               [--render-size N]  (the case with rendering: default 128, 0 for none)
               [--soft-bodies N]  (Neo-Hookean blocks in the soft-body case: default 100, 0 for none)
               [--contacts-size N]  (the self-colliding standard cloth: default 256, 0 for none)
               [--validation] [--quiet]
      Runs the standard cloth (docs/benchmarks.md) at each size and mode; writes JSON naming the device.
      With --hierarchy each cloth case also times, in the same run and frame by frame in turn, the
      flat solver and the hierarchy with every level its own passes (with --fuse-small-levels 0: with
      the small levels fused at 2048), with ratios to the flat one ("same_run"); the tearing cases run
      with it too.
      --hierarchy / --no-hierarchy (every command that simulates): hierarchical XPBD on or off for
      every body, whatever the scene says (docs/hierarchy.md). --fuse-small-levels N: the hierarchy's
      levels of at most N coarse constraints (and all coarser ones) run in one dispatch (default 2048,
      the scene's solver "fuse_small_levels"; 0: each level its own passes). --coarse-threads N: that
      dispatch's work group has N threads (default 16 on a CPU device, 256 on a GPU or its limit if
      lower; at most what the device allows, else exit 2); the result is the same at any N
      (tools/device-bench.sh compares).
  vkxpbd render [SCENE.json] [--frames N] [--out DIR] [--width W] [--height H] [--every K]
                [--view shaded|wireframe|colours|stress] [--stress-scale N] [--eye X,Y,Z]
                [--target X,Y,Z] [--fov DEG] [--no-video] [--export DIR]
                [--solver gs|jacobi] [--model xpbd|pbd] [--integrator euler|bdf2] [--substeps S]
                [--iterations I] [--omega W] [--hierarchy|--no-hierarchy] [--fuse-small-levels N]
                [--device N|name] [--validation] [--quiet]
      Simulates SCENE (default: the built-in flag scene) for N frames (default 120) and draws it
      offscreen (no window) at W x H pixels (default 960 x 540): writes DIR/frame_FFFFF.png (default
      DIR: out/frames) for frame 0, every K-th frame (default 1) and the last (docs/rendering.md).
      The colours and stress views carry a legend (stress: force in N, red at --stress-scale N, by
      default the 99th percentile of the forces at the first frame with any). The camera: --eye and --target
      (m) and --fov (vertical, degrees), else the scene's "camera", else one framing the scene. With
      ffmpeg installed it also writes DIR/video.mp4 (one frame per picture; not with --no-video).
      --export DIR also writes the rendered frames as an OBJ sequence and DIR/scene.usda (docs/export.md).
  vkxpbd converge [SCENE.json] [--frames-before F] [--iterations K] [--integrator euler|bdf2]
                  [--out DIR] [--device N|name] [--validation] [--quiet]
      Convergence lab (docs/convergence.md): after F frames (default 30) of SCENE (default: the standard
      cloth), runs one substep with k = 1..K iterations (default 30) in Gauss-Seidel, Jacobi (omega 1 and
      tuned), hybrid and PBD; writes DIR/converge.csv, converge.json and three plots, each as SVG and
      PNG: residual_vs_iterations, residual_vs_gpu_time and full_residual_vs_iterations (default DIR:
      out/converge).
  vkxpbd stiffness [SCENE.json] [--frames N] [--iterations 1,5,20,100] [--integrator euler|bdf2]
                   [--out DIR] [--device N|name] [--validation] [--quiet]
      Simulates SCENE N frames (default 60) with PBD and with XPBD at each iteration count per substep;
      writes DIR/stiffness.csv, stiffness.svg/.png (the sag below the pins; without pins the height lost
      against the rest shape, when a collider holds the bodies) and stiffness_stretch.svg/.png (median and
      max stretch strain) (default DIR: out/stiffness).
  vkxpbd devices
      Lists the Vulkan devices (index, name, type).
  vkxpbd help [COMMAND]
      This text, or one command's part of it (as COMMAND --help).

environment:
  VKXPBD_VALIDATION=1   enable the validation layer with synchronization validation (as --validation)
)";
}

}  // namespace vkxpbd
