// Text for the raster plots: UTF-8 strings drawn with a TrueType font by stb_truetype (libstb-dev), and
// RGB PNG files by stb_image_write. Both compiled in their own file (glyphs.cpp) with private copies.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vkxpbd::plot {

// A text drawn as coverage (0..255) on a width × height box; the baseline is `baseline` px below its top.
struct TextBitmap {
  int width = 0, height = 0, baseline = 0;
  std::vector<uint8_t> coverage;
};

// The font: VKXPBD_PLOT_FONT, else DejaVu Sans (fonts-dejavu-core). nullopt with `why` set when none.
bool fontAvailable(std::string* why);
// The file of that font (the window app's panel uses it too); nullopt when none.
std::optional<std::string> fontPath();
// The text at `pixelSize` (the font's ascent − descent); fontAvailable() must be true.
TextBitmap drawText(const std::string& utf8, double pixelSize);

// Writes an RGB image (rows top to bottom) as PNG; false on failure.
bool writeRgbPng(const std::string& path, int width, int height, const std::vector<uint8_t>& rgb);

}  // namespace vkxpbd::plot
