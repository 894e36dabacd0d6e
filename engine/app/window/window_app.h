// The interactive window app of `vkxpbd run`: a GLFW window showing the simulation drawn by the scene
// renderer straight from the solver's position buffer, an orbit camera and an ImGui settings panel
// (docs/rendering.md, "Window app").
#pragma once

#include <optional>

#include "app/cli.h"
#include "scene/scene.h"
#include "vk/context.h"
#include "vk/renderdoc.h"

namespace vkxpbd::window {

// Runs the window app on `scene` (command-line overrides already applied) until the window is closed,
// or for options.frames displayed frames when options.framesGiven. `contextOptions` are the command
// line's; the window's instance extensions and the swapchain are added. Returns the exit code, or
// nothing (having printed nothing) when there is no display: no DISPLAY / WAYLAND_DISPLAY or glfwInit
// fails; the caller then runs headless. `renderDoc` (loaded before this call, or not) takes the
// captures of --capture-frame and F12.
std::optional<int> runWindowApp(const RunOptions& options, const SceneDesc& scene,
                                vk::ContextOptions contextOptions, vk::RenderDoc& renderDoc);

}  // namespace vkxpbd::window
