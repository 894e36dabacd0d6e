// Animation export of a tearing body (engine/export/, docs/export.md "Tearing bodies"): the tear test's
// sheet (tests/tear_scenes.h), pulled apart on the CPU reference for 4 s and exported every 60th frame. Each
// OBJ holds the sheet as torn at its frame (split particles are new vertices, the triangles beyond the
// crack use them), so no exported triangle spans the opening crack, the last frame has as many pieces as
// the solver's torn model, and scene.usda has the same topology as time samples.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "export/animation_export.h"
#include "export_readers.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/solver_layout.h"
#include "tear_scenes.h"

namespace vkxpbd {
namespace {

namespace fs = std::filesystem;

constexpr uint32_t kFrames = 240, kEvery = 60;

// Connected pieces of a triangle list (vertices joined by triangles), counting only used vertices.
uint32_t pieces(const std::vector<std::array<glm::uvec3, 3>>& faces) {
  std::map<uint32_t, uint32_t> parent;
  const auto find = [&](uint32_t v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (const auto& face : faces)
    for (const glm::uvec3& corner : face) parent.emplace(corner.x, corner.x);
  for (const auto& face : faces) {
    const uint32_t a = find(face[0].x);
    for (int c = 1; c < 3; ++c) {
      const uint32_t b = find(face[c].x);
      parent[std::max(a, b)] = std::min(a, b);
    }
  }
  std::set<uint32_t> roots;
  for (const auto& [v, p] : parent) roots.insert(find(v));
  return static_cast<uint32_t>(roots.size());
}

class ExportTear : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = (fs::temp_directory_path() / ("vkxpbd_export_tear_" + std::to_string(::getpid()))).string();
    fs::remove_all(dir);
    const SceneDesc scene = test::tearSheet(SolverMode::GaussSeidel, 0.1f, 1.2f);
    model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    CpuSolver solver(model, scene.solver, layout);
    State state = makeInitialState(model);
    AnimationExporter exporter(dir, model, scene.solver.frameDt, kFrames);
    exporter.write(0, state.positions, solver.model());
    record(0, solver, state);
    for (uint32_t frame = 1; frame <= kFrames; ++frame) {
      solver.stepFrame(state);
      if (frame % kEvery == 0) {
        exporter.write(frame, state.positions, solver.model());
        record(frame, solver, state);
      }
    }
    exporter.close();
    name = exporter.bodies().at(0).name;
  }
  void TearDown() override { fs::remove_all(dir); }

  // The solver's torn surface at an exported frame (its triangles with three distinct corners) and the
  // positions of their particles.
  void record(uint32_t frame, const CpuSolver& solver, const State& state) {
    std::vector<uint32_t>& triangles = torn[frame];
    const std::vector<uint32_t>& indices = solver.model().surfaces.at(0).indices;
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
      if (indices[t] != indices[t + 1] && indices[t + 1] != indices[t + 2] && indices[t] != indices[t + 2])
        triangles.insert(triangles.end(), indices.begin() + ptrdiff_t(t), indices.begin() + ptrdiff_t(t + 3));
    positions[frame] = state.positions;
  }
  std::string objFile(uint64_t frame) const {
    char number[16];
    std::snprintf(number, sizeof(number), "%04u", static_cast<unsigned>(frame));
    return dir + "/" + name + "/" + name + "_" + number + ".obj";
  }

  std::string dir, name;
  Model model;
  std::map<uint64_t, std::vector<uint32_t>> torn;        // frame -> torn triangles (model particles)
  std::map<uint64_t, std::vector<glm::vec4>> positions;  // frame -> positions (m)
};

// Every OBJ is the torn sheet of its frame: its faces are the solver's torn triangles, corner by corner
// at their particles' positions; the vertex count grows by the spares taken; no triangle is longer than
// the tear strain lets an intact edge be (before the fix the exported triangles kept their first
// particles, and those spanning the crack measured up to 0.8 m); the last frame is two pieces.
TEST_F(ExportTear, ObjSequenceFollowsTheTear) {
  const float longestRestEdge = 0.05f * std::sqrt(2.0f);  // the 5 cm cells' diagonal, m
  size_t firstVertices = 0;
  for (const auto& [frame, triangles] : torn) {
    const test::ObjFile obj = test::readObj(objFile(frame));
    ASSERT_EQ(obj.faces.size() * 3, triangles.size()) << "frame " << frame;
    std::set<uint32_t> used(triangles.begin(), triangles.end());
    EXPECT_EQ(obj.v.size(), used.size()) << "frame " << frame << ": a vertex per particle on the surface";
    float longest = 0.0f;
    for (size_t t = 0; t < obj.faces.size(); ++t) {
      for (int c = 0; c < 3; ++c) {
        const glm::vec3 corner = obj.v.at(obj.faces[t][c].x - 1);
        EXPECT_EQ(corner, glm::vec3(positions[frame][triangles[3 * t + c]]))
            << "frame " << frame << " face " << t;
        longest = std::max(longest, glm::distance(corner, obj.v.at(obj.faces[t][(c + 1) % 3].x - 1)));
      }
    }
    EXPECT_LT(longest, 1.25f * longestRestEdge) << "frame " << frame << ": a triangle spans the crack";
    if (frame == 0) firstVertices = obj.v.size();
    if (frame == kFrames) {
      EXPECT_GT(obj.v.size(), firstVertices) << "the split particles are vertices";
      EXPECT_EQ(pieces(obj.faces), 2u) << "the sheet is torn in two";
    }
  }
  EXPECT_EQ(pieces(test::readObj(objFile(0)).faces), 1u);
}

// scene.usda: the sheet's topology is time-sampled at the exported frames, each sample the OBJ's faces of
// its frame, and each points sample has that OBJ's vertices.
TEST_F(ExportTear, UsdTopologyIsTimeSampledWithThePoints) {
  const test::UsdFile usd = test::readUsda(dir + "/scene.usda");
  const test::UsdMesh& mesh = usd.meshes.at(name);
  EXPECT_TRUE(mesh.faceVertexIndices.empty()) << "a tearing body's topology is not written once";
  ASSERT_EQ(mesh.faceVertexIndexSamples.size(), torn.size());
  ASSERT_EQ(mesh.faceVertexCountSamples.size(), torn.size());
  for (const auto& [frame, triangles] : torn) {
    const test::ObjFile obj = test::readObj(objFile(frame));
    const std::vector<uint32_t>& indices = mesh.faceVertexIndexSamples.at(frame);
    ASSERT_EQ(indices.size(), 3 * obj.faces.size()) << "frame " << frame;
    EXPECT_EQ(mesh.faceVertexCountSamples.at(frame), std::vector<uint32_t>(obj.faces.size(), 3u));
    for (size_t t = 0; t < obj.faces.size(); ++t)
      for (int c = 0; c < 3; ++c) EXPECT_EQ(indices[3 * t + c] + 1, obj.faces[t][c].x) << "frame " << frame;
    EXPECT_EQ(mesh.points.at(frame), obj.v) << "frame " << frame;
    EXPECT_EQ(mesh.normals.at(frame).size(), obj.v.size()) << "frame " << frame;
  }
  EXPECT_NE(mesh.faceVertexIndexSamples.begin()->second, mesh.faceVertexIndexSamples.rbegin()->second);
}

// The size estimate bounds a tearing body's export (its topology every frame, its vertices up to its
// particles plus spares).
TEST_F(ExportTear, SizeEstimateBoundsTheTornExport) {
  uint64_t written = 0;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) written += e.file_size();
  const std::vector<ExportBody> bodies = exportBodies(model);
  ASSERT_TRUE(bodies.at(0).tears);
  EXPECT_EQ(bodies[0].maxVertices, model.bodies.at(0).count);  // 96 particles and 96 spares
  const uint64_t estimate = estimateExportBytes(bodies, exportedFrameCount(kFrames, kEvery));
  EXPECT_GE(estimate, written);
  EXPECT_LT(estimate, 6 * written);
}

}  // namespace
}  // namespace vkxpbd
