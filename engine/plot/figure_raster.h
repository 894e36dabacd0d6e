// A Figure rasterised by our own anti-aliased rasteriser: strokes (with dashes) by their distance to
// each pixel centre, fills by 4 × 4 samples per pixel, text by glyphs.h.
#pragma once

#include <cstdint>
#include <vector>

#include "plot/figure.h"

namespace vkxpbd::plot {

struct RgbImage {
  int width = 0, height = 0;
  std::vector<uint8_t> rgb;  // rows top to bottom
};

// The figure at `scale` × its size. Text needs fontAvailable(); without a font it is left out.
RgbImage rasterise(const Figure& figure, int scale);

}  // namespace vkxpbd::plot
