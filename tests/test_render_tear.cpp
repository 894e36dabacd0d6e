// The renderer draws a torn cloth from the GPU solver's own triangle buffer (render/scene_renderer.h,
// docs/tearing.md): the buffer the tear passes rewrite is the index buffer bound, the normals pass reads
// the adjacency the tear surface pass rebuilt, and the picture equals the one the renderer made when it
// uploaded the host's copy of the torn surface after every tear (the path before). Under the validation
// layer with synchronization validation (the index reads after the solver's writes).
#include <algorithm>

#include <gtest/gtest.h>

#include "gpu/gpu_solver.h"
#include "gpu_test_fixture.h"
#include "render/offscreen_renderer.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/surface_triangles.h"

namespace vkxpbd {
namespace {

class RenderTear : public test::GpuTest {};

uint32_t differingPixels(const render::Image& a, const render::Image& b) {
  uint32_t n = 0;
  for (uint32_t y = 0; y < a.height; ++y)
    for (uint32_t x = 0; x < a.width; ++x) n += a.pixel(x, y) != b.pixel(x, y) ? 1u : 0u;
  return n;
}

TEST_F(RenderTear, DrawsTheTornSurfaceFromTheSolversTriangleBuffer) {
  const SceneDesc scene = loadScene(VKXPBD_SOURCE_DIR "/scenes/cloth_tear.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  GpuSolver solver(*ctx, model, scene.solver, layout, render::rendererSolverOptions(GpuSolverOptions{false}));
  const uint32_t w = 240, h = 150;
  render::OffscreenRenderer drawn(*ctx, model, solver, w, h);                  // the solver's buffers
  render::OffscreenRenderer uploaded(*ctx, model, solver, w, h, true, false);  // the path before
  render::OffscreenRenderer asLoaded(*ctx, model, solver, w, h, true, false);  // never told of a tear
  ASSERT_TRUE(drawn.scene().drawsSolverSurface());
  ASSERT_FALSE(uploaded.scene().drawsSolverSurface());

  solver.simulate(90);  // 1.5 s: the sheet tears open from the top edge
  const std::vector<uint32_t> loaded = buildSurfaceTriangles(model).indices;
  const SurfaceTriangles& torn = solver.layout().surface;
  ASSERT_NE(torn.indices, loaded) << "cloth_tear.json did not tear in 90 frames";
  const auto moved = static_cast<size_t>(std::count_if(
      torn.indices.begin(), torn.indices.end(), [&](uint32_t p) { return p >= model.tears[0].spareFirst; }));
  EXPECT_GT(moved, 0u) << "no triangle corner on a copy";
  uploaded.scene().updateSurface(torn);

  const render::OrbitCamera camera = drawn.framingCamera();
  const render::Image a = drawn.render(camera), b = uploaded.render(camera), c = asLoaded.render(camera);
  EXPECT_EQ(drawn.scene().boundIndexBuffer(), solver.surfaceBuffers().indices)
      << "the torn cloth must be drawn from the solver's own triangle buffer";
  EXPECT_NE(uploaded.scene().boundIndexBuffer(), solver.surfaceBuffers().indices);
  const uint32_t vsUploaded = differingPixels(a, b), vsLoaded = differingPixels(a, c);
  std::printf(
      "corners on copies %zu; pixels differing from the uploaded surface's picture %u, from the "
      "surface as loaded %u (of %u)\n",
      moved, vsUploaded, vsLoaded, w * h);
  EXPECT_EQ(vsUploaded, 0u) << "the picture must equal the one drawn from an upload of the torn surface";
  EXPECT_GT(vsLoaded, 20u) << "the tear must show: the picture must differ from the surface as loaded";
  // Normals: the solver's adjacency (rebuilt on the device) gives the host's normals of the torn surface.
  EXPECT_EQ(drawn.scene().downloadNormals(), uploaded.scene().downloadNormals());
}

}  // namespace
}  // namespace vkxpbd
