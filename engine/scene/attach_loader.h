// Readers of the attachment keys (docs/attachments.md): region pins ({"box": ...} or {"sphere": ...}),
// a pin's "attach" (a collider by name or index), the colliders' names, and the top-level "stitches".
#pragma once

#include <string>
#include <vector>

#include "scene/json_node.h"
#include "scene/scene.h"

namespace vkxpbd::scene_json {

// True when a pin object selects by region ("box" or "sphere") instead of by grid index.
bool isRegionPin(const Node& pin);
// {"box": {"min", "max"}} or {"sphere": {"center", "radius"}}, with an optional "attach".
PinDesc readRegionPin(const Node& pin);
// "attach": a collider's name (string) or its index in "colliders" (integer >= 0).
ColliderRefDesc readColliderRef(const Node& node);
// The "pins" of a shell or soft body: region pins only.
std::vector<PinDesc> readRegionPins(const Node& node);
// A collider's "name" (unique), else "collider K"; appends it to scene.colliderNames.
void readColliderName(const Node& collider, SceneDesc& scene);
// "stitches": [{"a": body, "b": body, "max_distance": m, "compliance": m/N}], a body given by its name
// or as {"body": name, "box" | "sphere": region}.
std::vector<StitchDesc> readStitches(const Node& node);

}  // namespace vkxpbd::scene_json
