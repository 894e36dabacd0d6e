#include "app/window/window_export.h"

#include <cstdio>
#include <filesystem>
#include <limits>
#include <stdexcept>

namespace vkxpbd::window {

namespace {

// Frame numbers in the file names are padded to this many digits (the window runs open-ended).
constexpr uint64_t kPaddingFrames = 9'999'999;

}  // namespace

bool WindowExport::start(const std::string& dir, const Model& model, float frameDt) {
  stop();
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) {
    std::printf("no export: %s: cannot create the folder (%s)\n", dir.c_str(), error.message().c_str());
    return false;
  }
  try {
    exporter_.emplace(dir, model, frameDt, kPaddingFrames);
  } catch (const std::exception& e) {
    std::printf("no export: %s\n", e.what());
    exporter_.reset();
    return false;
  }
  dir_ = dir;
  perFrameBytes_ = estimateExportBytes(exporter_->bodies(), 1) - estimateExportBytes(exporter_->bodies(), 0);
  last_.reset();
  std::printf("exporting the animation into %s (OBJ per body per frame, scene.usda when stopped)\n",
              dir.c_str());
  return true;
}

void WindowExport::write(uint64_t frame, GpuSolver& solver) {
  if (!exporter_ || last_ == frame) return;
  std::error_code error;
  const std::filesystem::space_info space = std::filesystem::space(dir_, error);
  const uint64_t free = error ? std::numeric_limits<uint64_t>::max() : space.available;
  if (free < 2 * perFrameBytes_) {
    std::printf("export stopped: %s has %llu bytes free, a frame may take %llu\n", dir_.c_str(),
                static_cast<unsigned long long>(free), static_cast<unsigned long long>(perFrameBytes_));
    stop();
    return;
  }
  try {
    const State state = solver.download();
    exporter_->write(frame, state.positions, solver.model());
    last_ = frame;
  } catch (const std::exception& e) {
    std::printf("export stopped: %s\n", e.what());
    stop();
  }
}

void WindowExport::stop() {
  if (!exporter_) return;
  try {
    exporter_->close();
    std::printf("exported %llu frames of %zu bodies to %s/scene.usda and %s/BODY/*.obj\n",
                static_cast<unsigned long long>(exporter_->framesWritten()), exporter_->bodies().size(),
                dir_.c_str(), dir_.c_str());
  } catch (const std::exception& e) {
    std::printf("export: scene.usda not written: %s\n", e.what());
  }
  exporter_.reset();
}

}  // namespace vkxpbd::window
