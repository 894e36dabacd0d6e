// `run --export DIR [--every K]`: an animation export (docs/export.md). Frame 0 and every K-th frame are
// written as
//   - one Wavefront OBJ per body per frame, DIR/BODY/BODY_FFFF.obj (F the frame number, zero-padded to
//     at least 4 digits): positions (m), per-vertex normals, UVs when the body has them, triangles;
//   - one USD ASCII layer, DIR/scene.usda: a Mesh prim per body under /World with its topology and UVs
//     once and time-sampled points (m), normals and extent; the time code is the frame number and
//     timeCodesPerSecond the frame rate; metersPerUnit 1, upAxis Y. A tearing body's files follow its
//     tears: each OBJ has the body as torn at that frame, and when the topology changed during the export
//     its USD topology and UVs are time-sampled too.
// Numbers are written with 9 significant digits, so a float32 reads back exactly.
#pragma once

#include <array>
#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "export/export_bodies.h"
#include "sim/model.h"

namespace vkxpbd {

// The exported frames of a run of `frames` frames, exporting every `every`-th: 0, K, 2K, ... <= frames.
uint64_t exportedFrameCount(uint64_t frames, uint64_t every);

// Why an export of `frames` frames, every `every`-th, into `dir` is refused, or "" when it is not: its
// estimated size (estimateExportBytes) is above the space free on DIR's file system or above
// kExportLimitBytes. The message gives the estimate. (`run` makes it a command-line error, exit 2.)
constexpr uint64_t kExportLimitBytes = uint64_t{64} << 30;  // 64 GiB
std::string exportSizeError(const std::string& dir, const std::vector<ExportBody>& bodies, uint64_t frames,
                            uint64_t every);

class AnimationExporter {
 public:
  // `lastFrame` (the run's frame count) sets the padding of the frame numbers; frameDt in s.
  AnimationExporter(std::string dir, const Model& model, float frameDt, uint64_t lastFrame);
  ~AnimationExporter();
  AnimationExporter(const AnimationExporter&) = delete;
  AnimationExporter& operator=(const AnimationExporter&) = delete;

  // Writes frame `frame` (positions xyz m) of `solved`, the solver's model() now: a tearing body's vertices
  // and triangles are taken from it as torn (without tearing bodies it is the model given at construction).
  // Throws std::runtime_error naming the file on a write error.
  void write(uint64_t frame, const std::vector<glm::vec4>& positions, const Model& solved);
  // Writes DIR/scene.usda from the frames written so far and removes the temporary files.
  void close();

  uint64_t framesWritten() const { return frames_.size(); }
  const std::vector<ExportBody>& bodies() const { return bodies_; }
  // DIR/BODY/BODY_FFFF.obj
  std::string objPath(const ExportBody& body, uint64_t frame) const;

 private:
  std::string dir_;
  std::string sceneName_;
  float frameDt_;
  int digits_;
  std::vector<ExportBody> bodies_;
  std::vector<uint64_t> frames_;
  std::vector<std::vector<glm::vec3>> extents_;                   // per body: min, max per frame (m)
  std::vector<std::unique_ptr<std::ofstream>> points_, normals_;  // per body: time samples so far
  // Tearing bodies: the topology of the first exported frame, whether a later one differs, and the
  // topology time samples so far (faceVertexCounts, faceVertexIndices, primvars:st, its indices).
  std::vector<ExportBody> initial_;
  std::vector<bool> topologyChanged_;
  std::vector<std::array<std::unique_ptr<std::ofstream>, 4>> topology_;
  bool closed_ = false;

  void writeTopologySamples(size_t body, uint64_t frame);
  void removeTemporaryFiles();

  std::string tempPath(size_t body, const char* what) const;
};

}  // namespace vkxpbd
