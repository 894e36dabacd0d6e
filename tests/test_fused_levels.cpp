// The fused coarse levels' shared copies (sim/solver_layout.h, coarse_levels.comp): the particles their
// steps read fit in the work group's shared memory, every end and parent has a slot, and the packed copies
// are the levels' constraints and rows with slots for particles. GpuHierarchy checks that the fused
// dispatch matches the CPU reference bitwise.
#include <algorithm>
#include <cstring>
#include <set>

#include <gtest/gtest.h>

#include "hierarchy_scenes.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/model.h"
#include "sim/solver_layout.h"

namespace vkxpbd {
namespace {

template <class T>
T wordsAt(const std::vector<glm::vec4>& words, uint32_t at) {
  T value;
  std::memcpy(&value, words.data() + at, sizeof(T));
  return value;
}

// Checks the layout's shared copies against its levels; returns the slots used.
size_t checkSharedCopies(const SolverLayout& layout) {
  const std::vector<uint32_t>& table = layout.coarseSharedParticles;
  EXPECT_TRUE(std::is_sorted(table.begin(), table.end()));
  EXPECT_EQ(std::adjacent_find(table.begin(), table.end()), table.end());  // no particle twice
  EXPECT_LE(table.size(), VKXPBD_COARSE_SHARED_PARTICLES);
  EXPECT_LE(layout.coarseProgram.size(), VKXPBD_COARSE_SHARED_STEPS);
  const std::vector<glm::vec4> words = packHierarchy(layout);
  const auto header = wordsAt<glm::uvec4>(words, layout.coarseProgramBase);
  EXPECT_EQ(header, glm::uvec4(layout.coarseSharedBase, table.size(), 0u, 0u));
  auto particleOfSlot = [&](uint32_t slot) {
    EXPECT_LT(slot, table.size());
    uint32_t p = 0;
    std::memcpy(&p, reinterpret_cast<const char*>(words.data() + layout.coarseSharedBase) + 4 * slot, 4);
    EXPECT_EQ(p, table.at(slot));
    return p;
  };
  std::set<uint32_t> read;   // particles a step reads
  std::set<uint32_t> moved;  // particles a row moves (each at most once)
  for (size_t s = 0; s < layout.coarseProgram.size(); ++s) {
    const glm::uvec4 step = layout.coarseProgram[s];
    EXPECT_EQ(wordsAt<glm::uvec4>(words, layout.coarseProgramBase + 1 + static_cast<uint32_t>(s)), step);
    const HierarchyLevel& level = layout.hierarchy.levels.at(layout.coarseProgramLevel[s] - 1);
    for (uint32_t k = step.z; k < step.z + step.w; ++k) {
      if (step.x == VKXPBD_COARSE_STEP_SOLVE) {
        const auto c =
            wordsAt<gpu::SharedCoarseConstraint>(words, step.y + VKXPBD_SHARED_CONSTRAINT_VEC4S * k);
        const gpu::CoarseConstraint& original = level.constraints.at(k);
        EXPECT_EQ(particleOfSlot(c.constraint.a), original.a);
        EXPECT_EQ(particleOfSlot(c.constraint.b), original.b);
        EXPECT_EQ(glm::uvec2(c.particleA, c.particleB), glm::uvec2(original.a, original.b));
        EXPECT_EQ(std::memcmp(&c.constraint.restLength, &original.restLength, 6 * sizeof(float)), 0);
        read.insert({original.a, original.b});
        continue;
      }
      const auto r = wordsAt<gpu::SharedProlongationRow>(words, step.y + VKXPBD_SHARED_ROW_VEC4S * k);
      const gpu::ProlongationRow& original = level.prolongation.at(k);
      EXPECT_EQ(r.particle, original.particle);
      EXPECT_TRUE(moved.insert(original.particle).second);
      // A particle without a slot: no step reads it, before or after.
      if (r.row.particle == VKXPBD_NONE)
        EXPECT_FALSE(std::binary_search(table.begin(), table.end(), original.particle));
      else
        EXPECT_EQ(particleOfSlot(r.row.particle), original.particle);
      EXPECT_EQ(glm::uvec3(r.row.count, r.row.pad0, r.row.pad1),
                glm::uvec3(original.count, original.pad0, original.pad1));
      EXPECT_EQ(r.row.weights, original.weights);
      const uint32_t slots[] = {r.row.parent0, r.row.parent1, r.row.parent2, r.row.parent3};
      const uint32_t parents[] = {original.parent0, original.parent1, original.parent2, original.parent3};
      const uint32_t copied[] = {r.parentParticle0, r.parentParticle1, r.parentParticle2, r.parentParticle3};
      for (uint32_t j = 0; j < 4; ++j) {
        EXPECT_EQ(copied[j], parents[j]);
        if (j < original.count) {
          EXPECT_EQ(particleOfSlot(slots[j]), parents[j]);
          read.insert(parents[j]);
        } else {
          EXPECT_EQ(slots[j], VKXPBD_NONE);
        }
      }
    }
  }
  // Exactly the particles the steps read have slots.
  EXPECT_EQ(std::vector<uint32_t>(read.begin(), read.end()), table);
  return table.size();
}

// 128²: level 2 (1,089 particles, 4,160 constraints) fits with the levels below it, so with a bound above
// its constraints the fused range starts there; at the default bound (2048) from level 3.
TEST(FusedLevels, SharedCopiesMatchTheLevels) {
  for (uint32_t fuse : {2048u, 8192u}) {
    SceneDesc scene = test::hierarchyCloth(128, true);
    scene.solver.fuseSmallLevels = fuse;
    const SolverLayout layout = buildSolverLayout(buildModel(scene), scene.solver);
    EXPECT_EQ(layout.fusedLevel, fuse == 8192 ? 2u : 3u);
    const size_t slots = checkSharedCopies(layout);
    std::printf("128², fuse %u: fused from level %u, %zu steps, %zu particles in shared memory\n", fuse,
                layout.fusedLevel, layout.coarseProgram.size(), slots);
  }
}

// 256² at a bound that admits every level's constraints: level 2 has more particles than the shared
// memory holds, so the fused range starts at level 3; a soft body and a shell fuse too.
TEST(FusedLevels, StopWhereTheParticlesNoLongerFit) {
  SceneDesc scene = test::hierarchyCloth(256, true);
  scene.solver.fuseSmallLevels = 1u << 20;
  const SolverLayout layout = buildSolverLayout(buildModel(scene), scene.solver);
  ASSERT_GE(layout.hierarchy.levelCount(), 3u);
  EXPECT_GT(layout.hierarchy.levels[1].particles.size(), VKXPBD_COARSE_SHARED_PARTICLES);
  EXPECT_EQ(layout.fusedLevel, 3u);
  checkSharedCopies(layout);
  const SceneDesc shell = parseScene(R"({"shells": [{"mesh": {"type": "icosphere", "radius": 0.3,
    "subdivisions": 4}, "pin_box": {"min": [-1, 0.25, -1], "max": [1, 1, 1]}}],
    "solver": {"hierarchy": {"enabled": true}}})",
                                     "shell.json");
  for (const SceneDesc& other : {loadScene(VKXPBD_SOURCE_DIR "/scenes/soft_column.json"), shell}) {
    const SolverLayout l = buildSolverLayout(buildModel(other), other.solver);
    EXPECT_GT(l.fusedLevel, 0u);
    const size_t slots = checkSharedCopies(l);
    EXPECT_GT(slots, 0u);
    std::printf("%s: fused from level %u of %u, %zu steps, %zu particles in shared memory\n",
                other.name.c_str(), l.fusedLevel, l.hierarchy.levelCount(), l.coarseProgram.size(), slots);
  }
}

}  // namespace
}  // namespace vkxpbd
