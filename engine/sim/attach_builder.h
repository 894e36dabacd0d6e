// Attachments at load time (docs/attachments.md): pins that follow a collider, pins selected by a region,
// and stitches (zero-length distance constraints between nearby particles of two bodies).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scene/scene.h"
#include "sim/model.h"

namespace vkxpbd {

// Pin::attach for a pin's "attach": 1 + the collider's index, or 0 without one. Throws SceneError for a
// name or index that names no collider.
uint32_t attachIndex(const SceneDesc& scene, const std::optional<ColliderRefDesc>& attach);

// Pins every particle of [first, first + count) whose rest position lies inside each region pin of
// `pins` (grid pins are skipped) and is not pinned yet; adds the number pinned by entry k to pinned[k]
// (resized to pins.size()).
void addRegionPins(const SceneDesc& scene, Model& model, const std::vector<PinDesc>& pins, uint32_t first,
                   uint32_t count, std::vector<uint32_t>& pinned);
// After every instance of a body: a region pin that pinned nothing is a SceneError naming its field.
void requireRegionPins(const SceneDesc& scene, const std::vector<PinDesc>& pins,
                       const std::vector<uint32_t>& pinned, const std::string& bodyName);

// The scene's stitches: per entry, candidate pairs (a of body A, b of body B, a ≠ b, rest distance ≤
// max_distance, not both pinned) taken nearest first (ties by a, then b), each particle in at most one
// stitch of the scene. A stitch entry that finds no pair is a SceneError. Call after every body is built.
void addStitches(const SceneDesc& scene, Model& model);

}  // namespace vkxpbd
