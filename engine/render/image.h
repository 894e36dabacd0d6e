// 8-bit RGBA images read back from the GPU, PNG files (stb_image / stb_image_write) and comparisons.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace vkxpbd::render {

struct Image {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<uint8_t> rgba;  // rows top to bottom, 4 bytes per pixel (sRGB-encoded colour, alpha)

  glm::u8vec4 pixel(uint32_t x, uint32_t y) const {
    const size_t i = 4 * (size_t{y} * width + x);
    return {rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]};
  }
};

// Writes the RGB channels as a PNG, creating parent folders. Throws std::runtime_error naming the file.
void writePng(const std::string& path, const Image& image);
// Reads a PNG as RGBA (alpha 255 when the file has none). Throws std::runtime_error naming the file.
Image readPng(const std::string& path);

// Mean absolute difference over the RGB channels, in 8-bit steps (0..255); the sizes must match.
double meanAbsoluteDifference(const Image& a, const Image& b);

}  // namespace vkxpbd::render
