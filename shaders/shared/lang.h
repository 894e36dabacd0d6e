// Lets one header be compiled both as GLSL 4.50 and as C++20.
// In C++ the GLSL vector types come from GLM (same names, same functions: dot, length, max, ...).
#ifndef VKXPBD_SHARED_LANG_H
#define VKXPBD_SHARED_LANG_H

#ifdef __cplusplus
#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>
#define XPBD_BEGIN_NAMESPACE \
  namespace vkxpbd::gpu {    \
  using glm::vec2;           \
  using glm::vec3;           \
  using glm::vec4;           \
  using glm::dot;            \
  using glm::length;         \
  using glm::max;            \
  using glm::min;            \
  using glm::sin;            \
  using glm::cos;            \
  using glm::sqrt;           \
  using glm::cross;          \
  using glm::floor;          \
  using glm::abs;            \
  using std::atan2;          \
  using uint = std::uint32_t;
#define XPBD_END_NAMESPACE }
#define XPBD_FN inline
#else
#define XPBD_BEGIN_NAMESPACE
#define XPBD_END_NAMESPACE
#define XPBD_FN
#define atan2(y, x) atan(y, x)  // GLSL spells the two-argument arc tangent atan(y, x)
#endif

#endif
