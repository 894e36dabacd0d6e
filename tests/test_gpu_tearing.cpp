// Tearing on the GPU solver (gpu/gpu_tearing.cpp) against the CPU reference (sim/tearing.h), under the
// validation layer with synchronization validation: the same constraints break, the same particles are
// split, the same surface is drawn, and the positions agree; two GPU runs are bitwise equal. Both modes.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <utility>

#include <gtest/gtest.h>

#include "bitwise_state.h"
#include "gpu/gpu_solver.h"
#include "gpu_cpu_run.h"
#include "gpu_test_fixture.h"
#include "param_print.h"
#include "render/picking.h"
#include "scene/scene.h"
#include "shared/collider_math.h"
#include "shared/config.h"
#include "shared/tear_math.h"
#include "sim/cloth_builder.h"
#include "sim/colouring.h"
#include "sim/contact_hash.h"
#include "sim/contact_triangles.h"
#include "sim/tear_table.h"
#include "state_totals.h"
#include "tear_scenes.h"

namespace vkxpbd {
namespace {

class GpuTearing : public test::GpuTest, public ::testing::WithParamInterface<SolverMode> {};

// The sheet of tear_scenes.h, 90 frames (1.5 s): it tears through on the CPU reference in both modes
// with these settings (test_tearing.cpp).
SceneDesc sheet(SolverMode mode) {
  SceneDesc scene = test::tearSheet(mode, 0.1f, mode == SolverMode::Jacobi ? 1.5f : 1.2f);
  if (mode == SolverMode::Jacobi) scene.solver.iterations = 20;
  return scene;
}

TEST_P(GpuTearing, SameTearsAsTheCpuReference) {
  const SceneDesc scene = sheet(GetParam());
  test::Lockstep run(*ctx, scene);
  uint32_t cpuBroken = 0, gpuBroken = 0;
  for (int f = 0; f < 90; ++f) {
    run.step(1);
    cpuBroken += static_cast<uint32_t>(run.cpu.lastTear().broken.size());
    gpuBroken += static_cast<uint32_t>(run.gpu.lastTear().broken.size());
    // The tear check pass's list, sorted by the host: the same constraints in the same frame.
    EXPECT_EQ(run.gpu.lastTear().broken, run.cpu.lastTear().broken) << "frame " << f;
  }
  const State gpuState = run.gpu.download();
  ASSERT_GT(cpuBroken, 0u);
  EXPECT_EQ(gpuBroken, cpuBroken);
  EXPECT_GT(run.gpu.topologyVersion(), 0u);
  EXPECT_EQ(run.gpu.model().surfaces[0].indices, run.cpu.model().surfaces[0].indices);
  EXPECT_EQ(run.gpu.layout().surface.indices, run.cpu.layout().surface.indices);
  for (size_t k = 0; k < run.layout.distance.size(); ++k) {
    EXPECT_EQ(run.gpu.layout().distance[k].a, run.cpu.layout().distance[k].a) << "constraint " << k;
    EXPECT_EQ(run.gpu.layout().distance[k].b, run.cpu.layout().distance[k].b) << "constraint " << k;
  }
  float largest = 0.0f;
  for (size_t i = 0; i < run.cpuState.positions.size(); ++i) {
    largest = std::max(largest,
                       glm::length(glm::vec3(gpuState.positions[i]) - glm::vec3(run.cpuState.positions[i])));
    EXPECT_EQ(gpuState.positions[i].w, run.cpuState.positions[i].w) << "inverse mass of particle " << i;
  }
  EXPECT_LT(largest, 1e-4f) << "m";
}

using test::Totals;
using test::totals;

// The shipped scene, scenes/cloth_tear.json (48×32 particles, 1,024 spares, the top edge pulled apart),
// 120 frames (2 s) in both modes: the GPU breaks the same constraints in the same frame and ends with
// the same topology (surface indices, constraint and element ends, inverse masses, spares taken) as the
// CPU reference, its positions within 10⁻⁴ m; the colouring is still valid after the tears, the total
// mass is the mass as loaded (a split halves it between original and copy) and the momentum is the CPU
// reference's.
// With point–triangle contacts the tear surface pass copies the rebuilt triangles and adjacency into
// the contact triangle buffer: after 60 frames of cloth_tear.json (it tears within them) the GPU's
// buffer is what the host packs from the GPU's torn model (the shared counting sort), and no longer
// what was packed at load.
TEST_P(GpuTearing, ContactTrianglesFollowTheTearOnTheGpu) {
  SceneDesc scene = loadScene(VKXPBD_SOURCE_DIR "/scenes/cloth_tear.json");
  scene.solver.mode = GetParam();
  scene.contacts.enabled = true;
  scene.contacts.triangles = true;
  scene.contacts.distance = 0.004f;
  scene.contacts.searchRadius = 0.03f;
  const Model model = buildModel(scene);
  ASSERT_TRUE(tearSplitsOnGpu(model));
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  GpuSolver gpu(*ctx, model, scene.solver, layout);
  gpu.upload(makeInitialState(model));
  const std::vector<uint32_t> loaded = packContactTriangles(model);
  ASSERT_FALSE(loaded.empty());
  uint32_t splits = 0;
  for (int f = 0; f < 60; ++f) {
    gpu.simulate(1);
    splits += gpu.lastTear().splits;
  }
  std::printf("[ measured ] %s: %u particles split in 60 frames with contacts\n", solverModeName(GetParam()),
              splits);
  EXPECT_GT(splits, 0u);
  const std::vector<uint32_t> got = gpu.downloadContactTriangles();
  EXPECT_EQ(got, packContactTriangles(gpu.model()));
  EXPECT_NE(got, loaded);
}

TEST_P(GpuTearing, ShippedSceneAsTheCpuReference) {
  if (!cpuArithmetic()) GTEST_SKIP() << test::kExactTopologyNeedsCpuRounding;
  SceneDesc scene = loadScene(VKXPBD_SOURCE_DIR "/scenes/cloth_tear.json");
  scene.solver.mode = GetParam();
  test::Lockstep run(*ctx, scene);
  const Totals loaded = totals(run.cpuState);
  uint32_t broken = 0, frameMismatches = 0;
  for (int f = 0; f < 120; ++f) {
    run.step(1);
    broken += static_cast<uint32_t>(run.cpu.lastTear().broken.size());
    if (run.gpu.lastTear().broken != run.cpu.lastTear().broken) ++frameMismatches;
  }
  EXPECT_EQ(frameMismatches, 0u) << "frames whose broken lists differ";
  const uint32_t splits = run.cpu.tearing().sparesUsed(0);
  std::printf("[ measured ] %s: %u constraints broken, %u particles split in 120 frames\n",
              solverModeName(GetParam()), broken, splits);
  EXPECT_GT(broken, 0u);
  EXPECT_GT(splits, 0u);
  const State gpuState = run.gpu.download();
  EXPECT_EQ(run.gpu.model().surfaces[0].indices, run.cpu.model().surfaces[0].indices);
  EXPECT_EQ(run.gpu.layout().surface.indices, run.cpu.layout().surface.indices);
  EXPECT_EQ(run.gpu.layout().surface.offsets, run.cpu.layout().surface.offsets);
  EXPECT_EQ(run.gpu.layout().surface.triangles, run.cpu.layout().surface.triangles);
  uint32_t endMismatches = 0;
  for (size_t k = 0; k < run.layout.distance.size(); ++k) {
    const DistanceConstraint &g = run.gpu.layout().distance[k], &c = run.cpu.layout().distance[k];
    if (g.a != c.a || g.b != c.b) ++endMismatches;
  }
  for (size_t k = 0; k < run.layout.elements.size(); ++k) {
    const ElementConstraint &g = run.gpu.layout().elements[k], &c = run.cpu.layout().elements[k];
    if (g.a != c.a || g.b != c.b || g.c != c.c || g.d != c.d) ++endMismatches;
  }
  EXPECT_EQ(endMismatches, 0u) << "constraints or elements with other ends";
  EXPECT_EQ(run.gpu.layout().adjacency.offsets, run.cpu.layout().adjacency.offsets);
  EXPECT_EQ(run.gpu.layout().adjacency.particles, run.cpu.layout().adjacency.particles);
  EXPECT_EQ(run.gpu.layout().adjacency.slots, run.cpu.layout().adjacency.slots);
  EXPECT_EQ(run.gpu.layout().jacobiScale, run.cpu.layout().jacobiScale);
  float largest = 0.0f;
  uint32_t massMismatches = 0;
  for (size_t i = 0; i < run.cpuState.positions.size(); ++i) {
    largest = std::max(largest,
                       glm::length(glm::vec3(gpuState.positions[i]) - glm::vec3(run.cpuState.positions[i])));
    if (gpuState.positions[i].w != run.cpuState.positions[i].w) ++massMismatches;
  }
  EXPECT_EQ(massMismatches, 0u) << "particles with another inverse mass";
  EXPECT_LT(largest, 1e-4f) << "m";
  const LayoutColouring lc = layoutColouring(run.gpu.model(), run.gpu.layout());
  EXPECT_EQ(validateColouring(lc.problem, lc.colouring), std::nullopt);
  const Totals g = totals(gpuState), c = totals(run.cpuState);
  EXPECT_NEAR(g.mass, loaded.mass, 1e-6 * loaded.mass) << "kg";
  EXPECT_NEAR(c.mass, loaded.mass, 1e-6 * loaded.mass) << "kg";
  std::printf("[ measured ] momentum GPU - CPU: %.3g %.3g %.3g kg m/s (CPU %.4g %.4g %.4g)\n",
              g.momentum.x - c.momentum.x, g.momentum.y - c.momentum.y, g.momentum.z - c.momentum.z,
              c.momentum.x, c.momentum.y, c.momentum.z);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(g.momentum[k], c.momentum[k], 1e-4 * loaded.mass) << "kg m/s";
}

// After a tearing run: every particle's inverse mass (split or not) equal, positions within 1e-4 m.
void expectSameMassesAndPositions(const State& gpuState, const State& cpuState) {
  uint32_t massMismatches = 0;
  float largest = 0.0f;
  for (size_t i = 0; i < cpuState.positions.size(); ++i) {
    largest =
        std::max(largest, glm::length(glm::vec3(gpuState.positions[i]) - glm::vec3(cpuState.positions[i])));
    if (gpuState.positions[i].w != cpuState.positions[i].w) ++massMismatches;
  }
  EXPECT_EQ(massMismatches, 0u);
  EXPECT_LT(largest, 1e-4f) << "m";
}

// BDF2 (the integrator keeps two past velocities per particle): the tear split pass gives a copy its
// original's history on the GPU as Tearing::split does on the CPU; 90 frames of the tearing sheet, the
// same broken lists in every frame, identical topology and inverse masses, positions within 10⁻⁴ m.
TEST_P(GpuTearing, Bdf2SameTearsAsTheCpuReference) {
  SceneDesc scene = sheet(GetParam());
  scene.solver.integrator = Integrator::Bdf2;
  test::Lockstep run(*ctx, scene);
  uint32_t splits = 0, frameMismatches = 0;
  for (int f = 0; f < 90; ++f) {
    run.step(1);
    splits += run.cpu.lastTear().splits;
    if (run.gpu.lastTear().broken != run.cpu.lastTear().broken ||
        run.gpu.lastTear().splits != run.cpu.lastTear().splits)
      ++frameMismatches;
  }
  EXPECT_EQ(frameMismatches, 0u);
  EXPECT_GT(splits, 0u);
  EXPECT_EQ(run.gpu.layout().surface.indices, run.cpu.layout().surface.indices);
  expectSameMassesAndPositions(run.gpu.download(), run.cpuState);
}

// A frame breaks at most 256 constraints where the GPU splits (VKXPBD_TEAR_CHUNKS ×
// VKXPBD_TEAR_SPLIT_PER_CHUNK); when it flags more, the most strained break (by strain bin,
// shared/tear_math.h; in the cutoff bin the first in layout order), the others stay whole and are checked
// again in the next frame, with no host in the frame, and the CPU reference takes the same:
// cloth_tear.json with a tear strain of 1.02 (it flags hundreds of constraints in some frames), 40 frames.
// In every frame the GPU flags as many and breaks the same list as the CPU reference; in every frame past
// the limit each broken constraint's strain ratio |x_a − x_b| / (strain · L₀) is ≥ every flagged unbroken
// one's, except within the cutoff bin (one bin is 1/16 of an octave of the ratio wide), where the broken
// ones come first in layout order; the tearing goes on after them, the colouring stays valid, the mass is
// the mass loaded and the positions are the CPU reference's. Both modes.
TEST_P(GpuTearing, FramesPastThePassLimitBreakTheMostStrainedAsTheCpuReference) {
  if (!cpuArithmetic()) GTEST_SKIP() << test::kExactTopologyNeedsCpuRounding;
  SceneDesc scene = loadScene(VKXPBD_SOURCE_DIR "/scenes/cloth_tear.json");
  scene.solver.mode = GetParam();
  Model model = buildModel(scene);
  const float strain = 1.02f;
  model.tears.at(0).settings.strain = strain;
  ASSERT_EQ(model.tears.at(0).settings.force, 0.0f);  // the ratio below is the stretch's alone
  ASSERT_TRUE(tearSplitsOnGpu(model));
  const uint32_t limit = VKXPBD_TEAR_CHUNKS * VKXPBD_TEAR_SPLIT_PER_CHUNK;
  ASSERT_EQ(limit, 256u);
  test::Lockstep run(*ctx, std::move(model), scene.solver);
  const Totals loaded = totals(run.cpuState);
  int firstAtLimit = -1;
  uint32_t mismatches = 0, framesAtLimit = 0, splitsAfter = 0, orderViolations = 0, sharedCutoff = 0;
  uint32_t mostFlagged = 0;
  double worstMargin = 1e30;  // over frames past the limit: min broken ratio above the cutoff − max unbroken
  for (int f = 0; f < 40; ++f) {
    // The ends as the tear check sees them (the split moves no particle: the copies start where their
    // originals are, so the frame's end positions are the check's).
    const std::vector<DistanceConstraint> ends = run.cpu.layout().distance;
    run.step(1);
    const TearReport& want = run.cpu.lastTear();
    const TearReport got = run.gpu.lastTear();
    EXPECT_LE(want.broken.size(), limit) << "frame " << f;
    EXPECT_EQ(got.flagged, want.flagged) << "frame " << f;
    if (got.broken != want.broken) ++mismatches;
    if (firstAtLimit >= 0) splitsAfter += got.splits;
    if (want.flagged <= limit) {
      EXPECT_EQ(want.broken.size(), want.flagged) << "frame " << f;
      continue;
    }
    ASSERT_EQ(want.broken.size(), limit) << "frame " << f;
    ++framesAtLimit;
    mostFlagged = std::max(mostFlagged, want.flagged);
    if (firstAtLimit < 0) firstAtLimit = f;
    // The flagged constraints again, with their ratios and bins, from the check's ends and positions.
    struct Flagged {
      uint32_t k, bin;
      double ratio;
      bool broken;
    };
    std::vector<Flagged> flagged;
    for (uint32_t k = 0; k < ends.size(); ++k) {
      const DistanceConstraint& c = ends[k];
      if (c.a == c.b) continue;
      const glm::vec3 xa(run.cpuState.positions[c.a]), xb(run.cpuState.positions[c.b]);
      if (!gpu::tearBreaks(xa, xb, c.restLength, strain, 0.0f, 0.0f, 0.0f)) continue;
      const double ratio = glm::length(glm::dvec3(xa) - glm::dvec3(xb)) / (double(strain) * c.restLength);
      flagged.push_back({k, gpu::tearStrainBin(xa, xb, c.restLength, strain, 0.0f, 0.0f, 0.0f), ratio,
                         std::binary_search(want.broken.begin(), want.broken.end(), k)});
    }
    ASSERT_EQ(flagged.size(), want.flagged) << "frame " << f;
    uint32_t minBrokenBin = VKXPBD_TEAR_BINS, maxWholeBin = 0;
    for (const Flagged& x : flagged) {
      if (x.broken)
        minBrokenBin = std::min(minBrokenBin, x.bin);
      else
        maxWholeBin = std::max(maxWholeBin, x.bin);
    }
    EXPECT_GE(minBrokenBin, maxWholeBin) << "frame " << f;
    const uint32_t cutoff = minBrokenBin;
    if (minBrokenBin == maxWholeBin) ++sharedCutoff;
    double minAbove = 1e30, maxWhole = 0.0, minBroken = 1e30, maxWholeBelow = 0.0;
    bool wholeSeenInCutoff = false;
    for (const Flagged& x : flagged) {  // layout order
      if (x.broken) {
        minBroken = std::min(minBroken, x.ratio);
        if (x.bin > cutoff) minAbove = std::min(minAbove, x.ratio);
        // In the cutoff bin the broken ones come first in layout order.
        if (x.bin == cutoff && wholeSeenInCutoff) ++orderViolations;
      } else {
        maxWhole = std::max(maxWhole, x.ratio);
        if (x.bin < cutoff) maxWholeBelow = std::max(maxWholeBelow, x.ratio);
        if (x.bin == cutoff) wholeSeenInCutoff = true;
      }
    }
    // Every broken one above the cutoff bin is more strained than every unbroken one, and every broken
    // one more than every unbroken one below the cutoff bin.
    if (minAbove < 1e30) {
      EXPECT_GE(minAbove, maxWhole) << "frame " << f;
      worstMargin = std::min(worstMargin, minAbove - maxWhole);
    }
    EXPECT_GE(minBroken, maxWholeBelow) << "frame " << f;
  }
  std::printf(
      "[ measured ] %s: %u frames flagged more than 256 (the first: %d, at most %u flagged), cutoff bin "
      "shared by broken and whole in %u, smallest ratio margin above it %.4g, %u particles split after\n",
      solverModeName(GetParam()), framesAtLimit, firstAtLimit, mostFlagged, sharedCutoff, worstMargin,
      splitsAfter);
  ASSERT_GE(firstAtLimit, 0) << "no frame flagged more than 256 constraints";
  EXPECT_EQ(mismatches, 0u);
  EXPECT_EQ(orderViolations, 0u);
  EXPECT_GT(splitsAfter, 0u) << "the tearing stopped after the frame past the limit";
  const LayoutColouring lc = layoutColouring(run.gpu.model(), run.gpu.layout());
  EXPECT_EQ(validateColouring(lc.problem, lc.colouring), std::nullopt);
  EXPECT_NEAR(totals(run.gpu.download()).mass, loaded.mass, 1e-6 * loaded.mass) << "kg";
  expectSameMassesAndPositions(run.gpu.download(), run.cpuState);
}

// The device owns the torn topology: over 90 frames of cloth_tear.json that nobody inspects, the host
// reads nothing back (no per-frame wait); asked at the end, it reads once, and the torn cloth equals the
// CPU reference's (surface, constraint and element ends, inverse masses, positions). Both modes.
TEST_P(GpuTearing, NothingIsReadBackWhileNobodyAsks) {
  SceneDesc scene = loadScene(VKXPBD_SOURCE_DIR "/scenes/cloth_tear.json");
  scene.solver.mode = GetParam();
  Model model = buildModel(scene);
  ASSERT_TRUE(tearSplitsOnGpu(model));
  test::Lockstep run(*ctx, std::move(model), scene.solver);
  uint32_t broken = 0;
  for (int f = 0; f < 90; ++f) {
    run.step(1);
    broken += static_cast<uint32_t>(run.cpu.lastTear().broken.size());
  }
  std::printf("[ measured ] %s: %u broken in 90 frames, %llu tear read-backs before asking\n",
              solverModeName(GetParam()), broken, static_cast<unsigned long long>(run.gpu.tearReadbacks()));
  ASSERT_GT(broken, 0u) << "cloth_tear.json did not tear in 90 frames";
  EXPECT_EQ(run.gpu.tearReadbacks(), 0u) << "the host read tear results while nobody asked";
  const auto gpuSurface = run.gpu.layout().surface.indices;  // asking for the layout reads back, once
  EXPECT_EQ(run.gpu.tearReadbacks(), 1u);
  EXPECT_GT(run.gpu.topologyVersion(), 0u);
  (void)run.gpu.lastTear();
  EXPECT_EQ(run.gpu.tearReadbacks(), 1u) << "asking again without a new frame must read nothing";
  // The topology read back is the CPU reference's where the device rounds as the CPU does (fixture).
  if (cpuArithmetic()) {
    EXPECT_EQ(gpuSurface, run.cpu.layout().surface.indices);
    EXPECT_EQ(run.gpu.model().surfaces[0].indices, run.cpu.model().surfaces[0].indices);
    EXPECT_EQ(run.gpu.lastTear().broken, run.cpu.lastTear().broken);
    uint32_t endMismatches = 0;
    for (size_t k = 0; k < run.layout.distance.size(); ++k)
      if (run.gpu.layout().distance[k].a != run.cpu.layout().distance[k].a ||
          run.gpu.layout().distance[k].b != run.cpu.layout().distance[k].b)
        ++endMismatches;
    for (size_t k = 0; k < run.layout.elements.size(); ++k) {
      const ElementConstraint &g = run.gpu.layout().elements[k], &c = run.cpu.layout().elements[k];
      if (g.a != c.a || g.b != c.b || g.c != c.c || g.d != c.d) ++endMismatches;
    }
    EXPECT_EQ(endMismatches, 0u);
    EXPECT_EQ(run.gpu.layout().adjacency.offsets, run.cpu.layout().adjacency.offsets);
    EXPECT_EQ(run.gpu.layout().adjacency.slots, run.cpu.layout().adjacency.slots);
    expectSameMassesAndPositions(run.gpu.download(), run.cpuState);
  }
  // Another frame: one more read-back when asked, none before.
  run.gpu.simulate(1);
  EXPECT_EQ(run.gpu.tearReadbacks(), 1u);
  (void)run.gpu.lastTear();
  EXPECT_EQ(run.gpu.tearReadbacks(), 2u);
}

// The tearing sheet with a free patch (2 × 8 particles, 6 mm in front) stitched along its left column to
// the sheet's column left of the crack, 1 cm to the crack's side of it, and 4 mm particle contacts: a
// split of a stitched particle moves the stitch to the copy that takes the triangles on the patch's side
// (the shared split: a constraint that is no triangle edge goes by the side of its other particle), and
// the stitch partners the contacts leave out follow it, on the GPU in the split pass (event by event)
// and on the CPU reference rebuilt from its constraints.
SceneDesc stitchedSheet(SolverMode mode) {
  SceneDesc scene = sheet(mode);
  scene.cloths[0].name = "sheet";
  ClothDesc patch = scene.cloths[0];
  patch.name = "patch";
  patch.resolution = {2, 8};
  patch.size = {0.02f, 0.35f};             // the sheet's rows, 2 cm wide
  patch.center = {-0.005f, 1.0f, 0.006f};  // columns at x = −0.015 and 0.005 m; the sheet's 5 and 6 at ∓0.025
  patch.pins.clear();
  patch.tear.reset();
  scene.cloths.push_back(patch);
  StitchDesc stitch;
  stitch.bodyA = "sheet";
  stitch.bodyB = "patch";
  RegionDesc a, b;
  a.min = {-0.03f, 0.0f, -1.0f};
  a.max = {-0.02f, 2.0f, 1.0f};
  b.min = {-0.02f, 0.0f, -1.0f};
  b.max = {-0.01f, 2.0f, 1.0f};
  stitch.regionA = a;
  stitch.regionB = b;
  stitch.maxDistance = 0.015f;
  scene.stitches.push_back(stitch);
  scene.contacts.enabled = true;
  scene.contacts.distance = 0.004f;
  scene.contacts.searchRadius = 0.006f;
  return scene;
}

TEST_P(GpuTearing, StitchPartnersFollowTheSplit) {
  const SceneDesc scene = stitchedSheet(GetParam());
  Model model = buildModel(scene);
  const uint32_t n = model.particleCount();
  const std::vector<uint32_t> loaded = stitchPartners(model);
  ASSERT_EQ(std::count_if(loaded.begin(), loaded.end(), [](uint32_t q) { return q != VKXPBD_NONE; }), 16)
      << "8 stitches";
  test::Lockstep run(*ctx, std::move(model), scene.solver);
  uint32_t broken = 0, frameMismatches = 0;
  for (int f = 0; f < 90; ++f) {
    run.step(1);
    broken += static_cast<uint32_t>(run.cpu.lastTear().broken.size());
    if (run.gpu.lastTear().broken != run.cpu.lastTear().broken) ++frameMismatches;
  }
  const std::vector<uint32_t> got = run.gpu.downloadStitchPartners();
  const std::vector<uint32_t>& want = run.cpu.stitchPartnersNow();
  const std::vector<uint32_t> ofStitches =
      stitchPartners(run.gpu.layout().distance, n);  // as the GPU's stitches are
  const TearBody& tear = run.model.tears.at(0);
  uint32_t onCopies = 0;  // the sheet's spares taken as copies that hold a stitch
  for (uint32_t p = tear.spareFirst; p < tear.spareFirst + tear.spareCount; ++p)
    onCopies += ofStitches[p] != VKXPBD_NONE ? 1u : 0u;
  std::printf("[ measured ] %s: %u broken in 90 frames, %u stitched particles are copies\n",
              solverModeName(GetParam()), broken, onCopies);
  ASSERT_GT(broken, 0u);
  EXPECT_EQ(frameMismatches, 0u);
  EXPECT_GT(onCopies, 0u) << "no stitch went to a copy: the test shows nothing";
  EXPECT_NE(got, loaded);
  EXPECT_EQ(got, ofStitches) << "the GPU's partners are not its stitches'";
  EXPECT_EQ(got, want) << "GPU and CPU reference partners differ";
  EXPECT_EQ(run.gpu.layout().surface.indices, run.cpu.layout().surface.indices);
}

TEST_P(GpuTearing, RerunsAreBitwiseEqual) {
  const SceneDesc scene = sheet(GetParam());
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  auto run = [&]() {
    GpuSolver gpu(*ctx, model, scene.solver, layout);
    gpu.simulate(60);
    EXPECT_GT(gpu.topologyVersion(), 0u);
    return gpu.download();
  };
  const State a = run();
  const State b = run();
  test::expectBitwiseEqual(a, b);
}

// Frames past the pass limit (the strain bins counted with atomics, the cutoff, the quota carried from
// chunk to chunk) rerun bitwise: cloth_tear.json at tear strain 1.02, 36 frames, twice on the GPU; the
// same frames flag more than 256, and the positions, velocities and constraint ends are equal.
TEST_P(GpuTearing, RerunsPastThePassLimitAreBitwiseEqual) {
  SceneDesc scene = loadScene(VKXPBD_SOURCE_DIR "/scenes/cloth_tear.json");
  scene.solver.mode = GetParam();
  Model model = buildModel(scene);
  model.tears.at(0).settings.strain = 1.02f;
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  struct Run {
    State state;
    std::vector<DistanceConstraint> ends;
    std::vector<int> pastLimit;
  };
  auto run = [&]() {
    Run r;
    GpuSolver gpu(*ctx, model, scene.solver, layout);
    for (int f = 0; f < 36; ++f) {
      gpu.simulate(1);
      if (gpu.lastTear().flagged > VKXPBD_TEAR_CHUNKS * VKXPBD_TEAR_SPLIT_PER_CHUNK) r.pastLimit.push_back(f);
    }
    r.state = gpu.download();
    r.ends = gpu.layout().distance;
    return r;
  };
  const Run a = run();
  const Run b = run();
  std::printf("[ measured ] %s: %zu frames past the limit in 36\n", solverModeName(GetParam()),
              a.pastLimit.size());
  ASSERT_FALSE(a.pastLimit.empty()) << "no frame flagged more than 256: the test shows nothing";
  EXPECT_EQ(a.pastLimit, b.pastLimit);
  test::expectBitwiseEqual(a.state, b.state);
  uint32_t endMismatches = 0;
  for (size_t k = 0; k < a.ends.size(); ++k)
    if (a.ends[k].a != b.ends[k].a || a.ends[k].b != b.ends[k].b) ++endMismatches;
  EXPECT_EQ(endMismatches, 0u);
}

// The force threshold on the GPU (the tear check pass reads λ): the hanging strip of test_tear_force.cpp,
// whose top stretch constraints carry the weight of their column (measured there against m·g). With the
// tear force 3% below that weight the GPU breaks the same constraints in the same frame as the CPU
// reference (by frame 2); 3% above, neither breaks anything in 20 frames.
TEST_P(GpuTearing, ForceThresholdAsTheCpuReference) {
  for (const float factor : {0.97f, 1.03f}) {
    const SceneDesc scene = test::hangingStrip(GetParam(), 0.0f);
    Model model = buildModel(scene);
    model.tears[0].settings.force = factor * test::hangingStripColumnWeight(model, scene.solver);  // N
    test::Lockstep run(*ctx, std::move(model), scene.solver);
    uint32_t broken = 0;
    for (int f = 0; f < 20; ++f) {
      run.step(1);
      EXPECT_EQ(run.gpu.lastTear().broken, run.cpu.lastTear().broken)
          << "factor " << factor << ", frame " << f;
      broken += static_cast<uint32_t>(run.gpu.lastTear().broken.size());
    }
    if (factor < 1.0f)
      EXPECT_EQ(broken, 2u) << "the two top constraints";
    else
      EXPECT_EQ(broken, 0u);
  }
}

// The same strip with the hierarchy in a BDF2 run: a body with coarse levels integrates with Euler, its
// compliances stored × 4/9 and its tear force × 9/4 (docs/hierarchy.md "BDF2"). The coarse levels carry
// most of the weight, so the thresholds are set from the top constraints' force F in a CPU Euler run with
// the hierarchy: at 0.97 F the GPU breaks the two top constraints in the same frame as the CPU reference,
// at 1.03 F neither breaks anything in 20 frames (without the × 9/4 both broke at 1.03 F in frame 1).
TEST_P(GpuTearing, ForceThresholdWithTheHierarchyInABdf2Run) {
  SceneDesc scene = test::hangingStrip(GetParam(), 0.0f);
  scene.solver.hierarchy.enabled = true;
  scene.solver.hierarchy.minParticles = 2;  // levels for the 10-particle strip
  const Model model = buildModel(scene);
  float force = 0.0f;  // N: the top constraints' largest force, CPU reference, Euler, after 20 frames
  {
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    ASSERT_GT(layout.hierarchy.levelCount(), 0u);
    CpuSolver cpu(model, scene.solver, layout);
    State state = makeInitialState(model);
    for (int f = 0; f < 20; ++f) cpu.stepFrame(state);
    for (uint32_t k : test::hangingStripTop(layout))
      force = std::max(force, std::abs(cpu.lambdas()[k]) * scene.solver.alphaScale());
  }
  ASSERT_GT(force, 0.0f);
  scene.solver.integrator = Integrator::Bdf2;
  for (const float factor : {0.97f, 1.03f}) {
    Model limited = model;
    limited.tears[0].settings.force = factor * force;  // N
    test::Lockstep run(*ctx, std::move(limited), scene.solver);
    int firstTear = -1;  // frame
    size_t firstBroken = 0;
    for (int f = 0; f < 20; ++f) {
      run.step(1);
      EXPECT_EQ(run.gpu.lastTear().broken, run.cpu.lastTear().broken)
          << "factor " << factor << ", frame " << f;
      if (firstTear < 0 && !run.gpu.lastTear().broken.empty()) {
        firstTear = f;
        firstBroken = run.gpu.lastTear().broken.size();
      }
    }
    if (factor < 1.0f) {
      EXPECT_LE(firstTear, 4) << "no tear at 0.97 of " << force << " N";
      EXPECT_EQ(firstBroken, 2u) << "the two top constraints first";
    } else {
      EXPECT_EQ(firstTear, -1) << "tore at 1.03 of " << force << " N";
    }
  }
}

// Picking (the window's grab and P key) on the torn sheet: rays along −z at x = 0, where the crack opened,
// and over the right piece. Against the solver's torn model, which the window picks on, no ray in the crack
// finds a triangle, every particle picked over the right piece belongs to it, and the copies along the
// crack's edge can be picked. The model as loaded still has the triangles that spanned the crack (rays there
// hit them: the window grabbed the cloth in the empty crack before it picked on solver.model()) and names
// no copy.
TEST_P(GpuTearing, PickingFollowsTheTear) {
  const SceneDesc scene = sheet(GetParam());
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  GpuSolver gpu(*ctx, model, scene.solver, layout);
  gpu.simulate(240);
  const State state = gpu.download();
  const Model& torn = gpu.model();
  test::TornPieces pieces(gpu.layout(), torn.particleCount());
  constexpr uint32_t kNx = 12, kNy = 8;
  const uint32_t right = pieces.find((kNy - 1) * kNx + kNx - 1);  // the right pins' piece
  ASSERT_NE(right, pieces.find((kNy - 1) * kNx)) << "the sheet did not tear through";
  const uint32_t spareFirst = model.tears.at(0).spareFirst;
  // The rays span the right piece's particles (m).
  glm::vec3 lo(1e9f), hi(-1e9f);
  for (uint32_t p = 0; p < torn.particleCount(); ++p)
    if (state.positions[p].w > 0.0f && pieces.find(p) == right) {
      lo = glm::min(lo, glm::vec3(state.positions[p]));
      hi = glm::max(hi, glm::vec3(state.positions[p]));
    }
  uint32_t crackTorn = 0, crackLoaded = 0, picked = 0, otherPiece = 0, copiesTorn = 0, copiesLoaded = 0;
  for (float y = lo.y; y <= hi.y; y += 0.01f) {
    const render::Ray crack{glm::vec3(0.0f, y, 5.0f), glm::vec3(0.0f, 0.0f, -1.0f)};
    crackTorn += render::pickParticle(crack, torn, state.positions) ? 1u : 0u;
    crackLoaded += render::pickParticle(crack, model, state.positions) ? 1u : 0u;
    for (float x = lo.x; x <= hi.x; x += 0.01f) {
      const render::Ray ray{glm::vec3(x, y, 5.0f), glm::vec3(0.0f, 0.0f, -1.0f)};
      if (const std::optional<render::PickHit> hit = render::pickParticle(ray, torn, state.positions)) {
        ++picked;
        otherPiece += pieces.find(hit->particle) != right ? 1u : 0u;
        copiesTorn += hit->particle >= spareFirst ? 1u : 0u;
      }
      if (const std::optional<render::PickHit> hit = render::pickParticle(ray, model, state.positions))
        copiesLoaded += hit->particle >= spareFirst ? 1u : 0u;
    }
  }
  std::printf(
      "rays in the crack hitting: torn %u, loaded %u; picks over the right piece %u (of another piece "
      "%u), copies picked: torn %u, loaded %u\n",
      crackTorn, crackLoaded, picked, otherPiece, copiesTorn, copiesLoaded);
  EXPECT_EQ(crackTorn, 0u);
  EXPECT_GT(crackLoaded, 0u);
  EXPECT_GT(picked, 100u);
  EXPECT_EQ(otherPiece, 0u);
  EXPECT_GT(copiesTorn, 0u);
  EXPECT_EQ(copiesLoaded, 0u);
}

class GpuTearScene : public test::GpuTest {};

// The shipped scenes/cloth_tear_sphere.json (a 1 m sheet held along its four edges, a 0.18 m sphere rising
// through it at 0.4 m/s), 120 frames on the GPU (Gauss-Seidel, its default): the sphere tears a hole and
// passes through. Most rays down the sphere's path find no triangle of the torn sheet, rays halfway to the
// edges still do (the sheet holds around the hole), particles were split, no cloth particle is inside the
// sphere, and the sphere's centre is above the sheet by more than its radius.
TEST_F(GpuTearScene, SphereTearsAHoleThroughTheSheet) {
  const SceneDesc scene = loadScene(VKXPBD_SOURCE_DIR "/scenes/cloth_tear_sphere.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  GpuSolver gpu(*ctx, model, scene.solver, layout);
  uint32_t splits = 0;
  for (int f = 0; f < 120; ++f) {
    gpu.simulate(1);
    splits += gpu.lastTear().splits;
  }
  const State state = gpu.download();
  const Model& torn = gpu.model();
  const auto down = [](float x, float z) {
    return render::Ray{glm::vec3(x, 5.0f, z), glm::vec3(0.0f, -1.0f, 0.0f)};
  };
  // The hole may keep torn shards hanging in it (their place is chaotic: it changes with the last bits of
  // the rest positions), so most rays of a 5×5 grid over ±6 cm about the sphere's path find nothing.
  int hits = 0;
  for (int i = -2; i <= 2; ++i)
    for (int j = -2; j <= 2; ++j)
      hits +=
          render::pickParticle(down(0.03f * float(i), 0.03f * float(j)), torn, state.positions).has_value();
  std::printf("[ measured ] %d of 25 rays down the sphere's path hit the torn sheet\n", hits);
  EXPECT_LE(hits, 8) << "no hole where the sphere passed";
  for (const glm::vec2 at : {glm::vec2(0.25f, 0.25f), glm::vec2(-0.25f, 0.25f), glm::vec2(0.25f, -0.25f),
                             glm::vec2(-0.25f, -0.25f)})
    EXPECT_TRUE(render::pickParticle(down(at.x, at.y), torn, state.positions).has_value())
        << "the sheet is gone at (" << at.x << ", " << at.y << ")";
  EXPECT_GT(splits, 0u);
  const Collider& sphere = model.colliders.at(0);
  const float time = gpu.time(), radius = sphere.shape.w;  // s, m
  const glm::vec3 centre = gpu::colliderCentre(sphere, time);
  float closest = 1e9f;
  for (uint32_t p = 0; p < model.particleCount(); ++p)
    if (state.positions[p].w > 0.0f)
      closest = std::min(closest, glm::distance(glm::vec3(state.positions[p]), centre));
  std::printf(
      "[ measured ] %u particles split; sphere centre at y = %.3f m; closest particle %.4f m from it "
      "(radius %.3f m)\n",
      splits, centre.y, closest, radius);
  EXPECT_GT(closest, 0.99f * radius);
  EXPECT_GT(centre.y, 1.0f + radius);
}

INSTANTIATE_TEST_SUITE_P(Modes, GpuTearing, ::testing::Values(SolverMode::GaussSeidel, SolverMode::Jacobi),
                         [](const auto& p) { return std::string(solverModeName(p.param)); });

}  // namespace
}  // namespace vkxpbd
