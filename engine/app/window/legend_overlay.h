// The colour and stress views' legend in the window: a small undecorated ImGui window at the bottom
// centre of the 3D view, drawn from the same render::Legend as the PNGs of `vkxpbd render`.
#pragma once

#include <optional>

#include "render/legend.h"

namespace vkxpbd::window {

// Centred at the bottom of the 3D view, whose horizontal centre is `viewCentreX` (ImGui display units).
void drawLegendOverlay(const std::optional<render::Legend>& legend, float viewCentreX);

}  // namespace vkxpbd::window
