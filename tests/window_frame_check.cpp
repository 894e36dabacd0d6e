// usage: window_frame_check FRAME.png PANEL_WIDTH_PX
// Checks a recorded window frame (run --record): the bodies (the cloth's orange front and blue back,
// shared/render_types.h) are drawn, none of their pixels lies under the docked panel (x < PANEL_WIDTH_PX),
// and the framing camera centres them in the 3D view right of it. Prints what it measured; exits 1 on a
// failure.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "render/image.h"

namespace {

bool isBody(uint8_t r, uint8_t g, uint8_t b) {
  const bool front = r > g + 40 && g > b;                // orange, linear (0.80, 0.22, 0.05)
  const bool back = b > r + 40 && b > g + 40 && r < 60;  // blue, linear (0.05, 0.25, 0.70)
  return front || back;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: window_frame_check FRAME.png PANEL_WIDTH_PX\n");
    return 2;
  }
  try {
    const vkxpbd::render::Image image = vkxpbd::render::readPng(argv[1]);
    const int panel = std::atoi(argv[2]);
    const int width = static_cast<int>(image.width), height = static_cast<int>(image.height);
    long inView = 0, underPanel = 0;
    int minX = width, maxX = -1, minY = height, maxY = -1;
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        const size_t i = 4 * (static_cast<size_t>(y) * image.width + static_cast<size_t>(x));
        if (!isBody(image.rgba[i], image.rgba[i + 1], image.rgba[i + 2])) continue;
        if (x < panel) {
          ++underPanel;
          continue;
        }
        ++inView;
        minX = std::min(minX, x), maxX = std::max(maxX, x);
        minY = std::min(minY, y), maxY = std::max(maxY, y);
      }
    const double viewCentre = 0.5 * (panel + width), bodyCentre = 0.5 * (minX + maxX);
    const double viewWidth = width - panel;
    std::printf(
        "%s: %dx%d, panel %d px; body pixels %ld in the view, %ld under the panel; body box x %d..%d, "
        "y %d..%d; centre %.0f px from the view's centre (view %.0f px wide)\n",
        argv[1], width, height, panel, inView, underPanel, minX, maxX, minY, maxY, bodyCentre - viewCentre,
        viewWidth);
    bool ok = true;
    if (inView < static_cast<long>(0.02 * viewWidth * height)) {
      std::printf("FAIL: the bodies cover less than 2%% of the 3D view\n");
      ok = false;
    }
    if (underPanel > 0) {
      std::printf("FAIL: body pixels under the panel\n");
      ok = false;
    }
    if (inView > 0 && std::abs(bodyCentre - viewCentre) > 0.15 * viewWidth) {
      std::printf("FAIL: the bodies are not centred in the 3D view\n");
      ok = false;
    }
    return ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "window_frame_check: %s\n", e.what());
    return 1;
  }
}
