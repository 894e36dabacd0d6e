// The message of the SceneError a call throws, for tests of bad input.
#pragma once

#include <functional>
#include <string>

#include "scene/scene.h"

namespace vkxpbd {

// e.what() of the SceneError thrown by f, or "" if none was thrown.
inline std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

}  // namespace vkxpbd
