#include "app/video.h"

#include <cstdio>
#include <cstdlib>

namespace vkxpbd {

namespace {

// `s` in single quotes for /bin/sh.
std::string shellQuoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

bool ffmpegAvailable() {
  return std::system("command -v ffmpeg >/dev/null 2>&1") == 0;
}

std::optional<std::string> encodeVideo(const std::string& dir, const std::string& videoPath,
                                       double framesPerSecond) {
  char rate[32];
  std::snprintf(rate, sizeof(rate), "%.6g", framesPerSecond);
  // The glob takes the frames in name order whatever their numbers (every K-th frame and the last).
  const std::string command = "ffmpeg -nostdin -y -loglevel error -framerate " + std::string(rate) +
                              " -pattern_type glob -i " + shellQuoted(dir + "/frame_*.png") +
                              " -vf 'pad=ceil(iw/2)*2:ceil(ih/2)*2' -c:v libx264 -pix_fmt yuv420p " +
                              shellQuoted(videoPath);
  const int code = std::system(command.c_str());
  if (code != 0) return "ffmpeg failed (exit status " + std::to_string(code) + "): " + command;
  return std::nullopt;
}

}  // namespace vkxpbd
