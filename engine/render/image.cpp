#include "render/image.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#include <stb/stb_image.h>

namespace vkxpbd::render {

void writePng(const std::string& path, const Image& image) {
  std::filesystem::path p(path);
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
  std::vector<uint8_t> rgb(size_t{image.width} * image.height * 3);
  for (size_t i = 0, n = size_t{image.width} * image.height; i < n; ++i)
    for (size_t c = 0; c < 3; ++c) rgb[3 * i + c] = image.rgba[4 * i + c];
  const int w = static_cast<int>(image.width), h = static_cast<int>(image.height);
  if (stbi_write_png(path.c_str(), w, h, 3, rgb.data(), 3 * w) == 0)
    throw std::runtime_error(path + ": cannot write PNG");
}

Image readPng(const std::string& path) {
  int w = 0, h = 0, channels = 0;
  stbi_uc* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
  if (data == nullptr) throw std::runtime_error(path + ": cannot read PNG (" + stbi_failure_reason() + ")");
  Image image;
  image.width = static_cast<uint32_t>(w);
  image.height = static_cast<uint32_t>(h);
  image.rgba.assign(data, data + size_t{image.width} * image.height * 4);
  stbi_image_free(data);
  return image;
}

double meanAbsoluteDifference(const Image& a, const Image& b) {
  if (a.width != b.width || a.height != b.height)
    throw std::invalid_argument("meanAbsoluteDifference: images differ in size");
  const size_t pixels = size_t{a.width} * a.height;
  if (pixels == 0) return 0.0;
  uint64_t sum = 0;
  for (size_t i = 0; i < pixels; ++i)
    for (size_t c = 0; c < 3; ++c)
      sum += static_cast<uint64_t>(std::abs(a.rgba[4 * i + c] - b.rgba[4 * i + c]));
  return static_cast<double>(sum) / static_cast<double>(3 * pixels);
}

}  // namespace vkxpbd::render
