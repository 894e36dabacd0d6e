// Shared by the fuzz targets: the input as text, and a split of one input into two files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

namespace vkxpbd::fuzz {

inline std::string text(const uint8_t* data, size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// "FIRST<separator>SECOND": the two parts (SECOND empty when the separator is missing).
inline std::pair<std::string, std::string> split(const std::string& input, const std::string& separator) {
  const size_t at = input.find(separator);
  if (at == std::string::npos) return {input, std::string()};
  return {input.substr(0, at), input.substr(at + separator.size())};
}

}  // namespace vkxpbd::fuzz
