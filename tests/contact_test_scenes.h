// Scenes and list checks shared by the CPU and GPU contact tests.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/contact_hash.h"

namespace vkxpbd::test {

// Two cloths of 5 cm spacing stacked 3 cm apart with point–triangle contacts, at rest (no gravity, one
// substep: a solver's lists are those of the initial positions), every particle jittered by up to 2 mm.
struct ClothStack {
  SceneDesc scene;
  Model model;
};

inline ClothStack jitteredClothStack(uint32_t seed) {
  ClothStack stack;
  stack.scene = parseScene(R"({"solver": {"substeps": 1, "gravity": [0, 0, 0]},
    "contacts": {"distance": 0.001, "search_radius": 0.09, "triangles": true, "max_neighbours": 64, "max_triangles": 64},
    "cloths": [{"size": [0.5, 0.5], "resolution": [11, 11], "center": [0, 0, 0]},
               {"size": [0.5, 0.5], "resolution": [11, 11], "center": [0.02, 0.03, 0.01]}]})",
                           "stack.json");
  stack.model = buildModel(stack.scene);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> jitter(-0.002f, 0.002f);
  for (glm::vec4& x : stack.model.restPositions) x += glm::vec4(jitter(rng), jitter(rng), jitter(rng), 0.0f);
  return stack;
}

// A coarse sheet (5 cm spacing) dropped on a coarse trampoline of the same spacing, offset by half a
// cell so that its particles fall into the middle of the trampoline's cells. The contact distance
// (1.5 cm) is far below the spacing: particle contacts alone let it fall through the gaps.
inline const char* kClothLayers = R"({"solver": {"substeps": 10, "iterations": 2, "damping": 0.1},
  "contacts": {"distance": 0.015, "triangles": true, "friction": {"static": 0.5, "kinetic": 0.4}},
  "cloths": [
    {"name": "trampoline", "size": [1, 1], "resolution": [21, 21], "center": [0, 0.5, 0],
     "compliance": {"bend": 1}, "pins": [{"i": 0, "j": 0}, {"i": -1, "j": 0}, {"i": 0, "j": -1}, {"i": -1, "j": -1}]},
    {"name": "sheet", "size": [0.5, 0.5], "resolution": [11, 11], "center": [0.025, 0.75, 0.025],
     "compliance": {"bend": 1}, "friction": {"static": 0.6, "kinetic": 0.5}}]})";
inline constexpr uint32_t kTrampolineParticles = 21 * 21;

// Each particle's list, sorted, equals `expected` (ascending). Returns the number of entries.
inline size_t expectListsAreTheSets(const NeighbourLists& lists,
                                    const std::vector<std::vector<uint32_t>>& expected) {
  size_t entries = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    const auto begin = lists.neighbours.begin() + static_cast<std::ptrdiff_t>(i * lists.maxNeighbours);
    std::vector<uint32_t> list(begin, begin + lists.count[i]);
    std::sort(list.begin(), list.end());
    EXPECT_EQ(list, expected[i]) << "particle " << i;
    if (list != expected[i]) break;  // one report is enough
    entries += list.size();
  }
  return entries;
}

}  // namespace vkxpbd::test
