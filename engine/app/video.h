// Videos of rendered PNG frames with ffmpeg (the Debian package `ffmpeg`), when it is installed.
#pragma once

#include <optional>
#include <string>

namespace vkxpbd {

// Whether an `ffmpeg` executable is on the PATH (`command -v ffmpeg`).
bool ffmpegAvailable();

// Encodes DIR/frame_*.png (in name order) into `videoPath` (H.264, yuv420p, odd sizes padded by one
// pixel) at `framesPerSecond`. Returns an error message, or nothing on success.
std::optional<std::string> encodeVideo(const std::string& dir, const std::string& videoPath,
                                       double framesPerSecond);

}  // namespace vkxpbd
