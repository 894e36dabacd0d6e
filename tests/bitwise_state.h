// The bitwise-rerun check many tests repeat: two runs of one scene must leave identical states.
#pragma once

#include <cstring>
#include <vector>

#include <gtest/gtest.h>
#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd::test {

// The same bytes in `a` and `b` (one array of a state; an empty array equals an empty one).
inline ::testing::AssertionResult sameBytes(const std::vector<glm::vec4>& a, const std::vector<glm::vec4>& b,
                                            const char* what) {
  if (a.size() != b.size())
    return ::testing::AssertionFailure() << what << ": " << a.size() << " against " << b.size() << " entries";
  if (!a.empty() && std::memcmp(a.data(), b.data(), a.size() * sizeof(glm::vec4)) != 0) {
    size_t i = 0;
    while (std::memcmp(&a[i], &b[i], sizeof(glm::vec4)) == 0) ++i;
    return ::testing::AssertionFailure() << what << " differ first at entry " << i << " of " << a.size();
  }
  return ::testing::AssertionSuccess();
}

// Positions, their low parts and velocities bit for bit the same (the first array that differs named).
inline ::testing::AssertionResult bitwiseEqual(const State& a, const State& b) {
  for (const auto& r : {sameBytes(a.positions, b.positions, "positions"),
                        sameBytes(a.positionsLow, b.positionsLow, "positionsLow"),
                        sameBytes(a.velocities, b.velocities, "velocities")})
    if (!r) return r;
  return ::testing::AssertionSuccess();
}

inline void expectBitwiseEqual(const State& a, const State& b) {
  EXPECT_TRUE(bitwiseEqual(a, b));
}

}  // namespace vkxpbd::test
