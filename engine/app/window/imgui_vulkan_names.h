// The Vulkan functions handed to ImGui's Vulkan backend (ImGui_ImplVulkan_LoadFunctions): the real
// ones, except that the functions creating objects also give them debug names ("imgui vertex buffer",
// "imgui font image", ...), so that ImGui's objects are named in RenderDoc captures and validation
// messages like every other object of the app.
#pragma once

#include "vk/context.h"

namespace vkxpbd {

// Objects are named through `ctx` (which must outlive ImGui's backend); `user` of the loader is unused.
void setImGuiNamingContext(const vk::Context* ctx);
PFN_vkVoidFunction loadNamedImGuiVulkanFunction(const char* name, void* user);

}  // namespace vkxpbd
