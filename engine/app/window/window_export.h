// The window's animation export (the panel's "export animation" button; docs/export.md "From the window"):
// the same OBJ sequence and scene.usda as `run --export` (export/animation_export.h), written from the
// displayed frames while it is on: each displayed frame whose solver frame is new writes that frame's state
// (the frame number is the solver's frame count since the scene started). Before each frame it checks the
// space left on the folder's file system against an upper bound of one frame (estimateExportBytes) and
// stops, saying why, when it would not fit; stopping writes scene.usda.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "export/animation_export.h"
#include "gpu/gpu_solver.h"

namespace vkxpbd::window {

class WindowExport {
 public:
  // Starts exporting `model` (the scene as loaded) into `dir`, created when missing; false (and a printed
  // reason) when the folder cannot be created or written.
  bool start(const std::string& dir, const Model& model, float frameDt);
  // Writes solver frame `frame` of `solver` unless it was the last written; stops on a full disk or a
  // write error (printed).
  void write(uint64_t frame, GpuSolver& solver);
  // Writes scene.usda and prints what was exported; nothing when not exporting.
  void stop();

  bool active() const { return exporter_.has_value(); }
  uint64_t frames() const { return exporter_ ? exporter_->framesWritten() : 0; }
  const std::string& dir() const { return dir_; }

 private:
  std::optional<AnimationExporter> exporter_;
  std::string dir_;
  uint64_t perFrameBytes_ = 0;  // upper bound of one exported frame
  std::optional<uint64_t> last_;
};

}  // namespace vkxpbd::window
