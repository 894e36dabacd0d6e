// Animation export (run --export, engine/export/): a cloth and a soft body simulated by the CPU reference,
// exported every 2nd frame, read back from the OBJ sequence and from scene.usda with the small parsers of
// tests/export_readers.h, and compared with the states: positions equal to the printed precision (9
// significant digits read back as float32 are the same float), the frame numbers, the topology, the grid UVs
// and the normals.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "export/animation_export.h"
#include "export_readers.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/solver_layout.h"

namespace vkxpbd {
namespace {

namespace fs = std::filesystem;
using test::ObjFile;
using test::readObj;
using test::readUsda;
using test::UsdFile;
using test::UsdMesh;

// A 6 × 5 cloth pinned at two corners above a 0.1 m soft box named "soft body".
constexpr const char* kScene = R"({
  "name": "export test",
  "cloths": [{"name": "flag", "resolution": [6, 5], "size": [0.5, 0.4], "center": [0, 1, 0],
              "pins": [{"i": 0, "j": 0}, {"i": -1, "j": 0}]}],
  "soft_bodies": [{"name": "soft body", "mesh": {"type": "box", "size": [0.1, 0.1, 0.1], "cells": [2, 2, 2]},
                   "instances": [{"position": [0, 0.3, 0]}]}]
})";
constexpr uint32_t kFrames = 6, kEvery = 2;

class Export : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = (fs::temp_directory_path() / ("vkxpbd_export_test_" + std::to_string(::getpid()))).string();
    fs::remove_all(dir);
    scene = parseScene(kScene, "test.json");
    model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    CpuSolver solver(model, scene.solver, layout);
    State state = makeInitialState(model);
    AnimationExporter exporter(dir, model, scene.solver.frameDt, kFrames);
    exporter.write(0, state.positions, model);
    states[0] = state.positions;
    for (uint32_t frame = 1; frame <= kFrames; ++frame) {
      solver.stepFrame(state);
      if (frame % kEvery == 0) {
        exporter.write(frame, state.positions, model);
        states[frame] = state.positions;
      }
    }
    exporter.close();
    bodies = exporter.bodies();
  }
  void TearDown() override { fs::remove_all(dir); }
  // DIR/NAME/NAME_FFFF.obj
  std::string objFile(const std::string& name, uint64_t frame) const {
    char number[16];
    std::snprintf(number, sizeof(number), "%04u", static_cast<unsigned>(frame));
    return dir + "/" + name + "/" + name + "_" + number + ".obj";
  }

  std::string dir;
  SceneDesc scene;
  Model model;
  std::map<uint64_t, std::vector<glm::vec4>> states;  // exported frame -> positions
  std::vector<ExportBody> bodies;
};

TEST_F(Export, WritesOneObjPerBodyPerExportedFrameAndNothingElse) {
  ASSERT_EQ(bodies.size(), 2u);
  EXPECT_EQ(bodies[0].name, "flag");
  EXPECT_EQ(bodies[1].name, "soft_body");  // "soft body": a USD prim name has no space
  std::vector<std::string> files;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) files.push_back(fs::relative(e.path(), dir).string());
  std::sort(files.begin(), files.end());
  const std::vector<std::string> expected{"flag/flag_0000.obj",
                                          "flag/flag_0002.obj",
                                          "flag/flag_0004.obj",
                                          "flag/flag_0006.obj",
                                          "scene.usda",
                                          "soft_body/soft_body_0000.obj",
                                          "soft_body/soft_body_0002.obj",
                                          "soft_body/soft_body_0004.obj",
                                          "soft_body/soft_body_0006.obj"};
  EXPECT_EQ(files, expected);  // no temporary files left, every K-th frame only
}

TEST_F(Export, ObjSequenceHoldsTheStatesPositionsTrianglesUvsAndNormals) {
  for (const auto& [frame, positions] : states) {
    for (size_t b = 0; b < bodies.size(); ++b) {
      const ObjFile obj = readObj(objFile(bodies[b].name, frame));
      const SurfaceMesh& surface = model.surfaces[b];
      ASSERT_EQ(obj.faces.size(), surface.indices.size() / 3) << bodies[b].name << " frame " << frame;
      // Every face corner is at its particle's position, exactly (the topology and the positions).
      for (size_t t = 0; t < obj.faces.size(); ++t) {
        for (int c = 0; c < 3; ++c) {
          const glm::uvec3 corner = obj.faces[t][c];
          ASSERT_GE(corner.x, 1u);
          ASSERT_LE(corner.x, obj.v.size());
          EXPECT_EQ(obj.v[corner.x - 1], glm::vec3(positions[surface.indices[3 * t + c]]))
              << bodies[b].name << " frame " << frame << " triangle " << t;
          const glm::vec3 n = obj.vn.at(corner.z - 1);
          EXPECT_NEAR(glm::length(n), 1.0f, 1e-6f);
          if (b == 0 && frame == 0) {
            EXPECT_NEAR(n.y, 1.0f, 1e-6f) << "the flat XZ cloth faces +y";
          }
          if (b == 0) {
            // Grid UVs: particle (i, j) of the 6 × 5 grid has (i / 5, j / 4).
            const uint32_t p = surface.indices[3 * t + c];
            EXPECT_EQ(obj.vt.at(corner.y - 1),
                      glm::vec2(static_cast<float>(p % 6) / 5.0f, static_cast<float>(p / 6) / 4.0f));
          }
        }
      }
      // A soft body writes only its surface vertices: the 2×2×2 box has 27 particles, 26 on the surface.
      EXPECT_EQ(obj.v.size(), b == 0 ? 30u : 26u);
      EXPECT_EQ(obj.vn.size(), obj.v.size());
      if (b == 1) {
        EXPECT_TRUE(obj.vt.empty());
      }
    }
  }
}

TEST_F(Export, UsdHasTheLayerMetadataTopologyOnceAndATimeSamplePerExportedFrame) {
  const UsdFile usd = readUsda(dir + "/scene.usda");
  for (const char* line : {"    defaultPrim = \"World\"\n", "    startTimeCode = 0\n",
                           "    endTimeCode = 6\n", "    timeCodesPerSecond = 60\n",
                           "    framesPerSecond = 60\n", "    metersPerUnit = 1\n", "    upAxis = \"Y\"\n"})
    EXPECT_NE(usd.header.find(line), std::string::npos) << "missing: " << line;
  ASSERT_EQ(usd.meshes.size(), 2u);
  for (size_t b = 0; b < bodies.size(); ++b) {
    const UsdMesh& mesh = usd.meshes.at(bodies[b].name);
    const ObjFile obj = readObj(objFile(bodies[b].name, 0));
    ASSERT_EQ(mesh.faceVertexCounts, std::vector<uint32_t>(obj.faces.size(), 3u));
    ASSERT_EQ(mesh.faceVertexIndices.size(), 3 * obj.faces.size());
    for (size_t t = 0; t < obj.faces.size(); ++t)
      for (int c = 0; c < 3; ++c) EXPECT_EQ(mesh.faceVertexIndices[3 * t + c] + 1, obj.faces[t][c].x);
    std::vector<uint64_t> times;
    for (const auto& [time, points] : mesh.points) times.push_back(time);
    EXPECT_EQ(times, (std::vector<uint64_t>{0, 2, 4, 6}));
    EXPECT_EQ(mesh.normals.size(), times.size());
    for (const auto& [frame, positions] : states) {
      const std::vector<glm::vec3>& points = mesh.points.at(frame);
      ASSERT_EQ(points.size(), bodies[b].particles.size());
      for (size_t v = 0; v < points.size(); ++v)
        EXPECT_EQ(points[v], glm::vec3(positions[bodies[b].particles[v]]))
            << "frame " << frame << " point " << v;
    }
  }
  // The cloth fell between frame 0 and 6: the samples differ (the test reads real motion).
  EXPECT_NE(usd.meshes.at("flag").points.at(0), usd.meshes.at("flag").points.at(6));
}

TEST_F(Export, SizeEstimateBoundsWhatWasWrittenAndRefusesAbsurdExports) {
  uint64_t written = 0;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) written += e.file_size();
  const uint64_t estimate = estimateExportBytes(bodies, exportedFrameCount(kFrames, kEvery));
  EXPECT_EQ(exportedFrameCount(kFrames, kEvery), 4u);
  EXPECT_GE(estimate, written);
  EXPECT_LT(estimate, 4 * written);  // an estimate, not a wild guess
  EXPECT_EQ(exportSizeError(dir, bodies, kFrames, kEvery), "");
  const std::string refused = exportSizeError(dir, bodies, 10'000'000, 1);
  EXPECT_NE(refused.find("the export would write about"), std::string::npos) << refused;
  EXPECT_NE(refused.find("10000001 frames of 2 bodies"), std::string::npos) << refused;
}

// A scene name with a quote, a backslash and a newline stays inside the USD string and the OBJ comment.
TEST_F(Export, SceneNameIsEscapedInTheUsdStringAndTheObjComment) {
  Model named = model;
  named.name = "a \"b\" \\ c\nd";
  const std::string other = dir + "_named";
  {
    AnimationExporter exporter(other, named, 1.0f / 60.0f, 0);
    exporter.write(0, states.at(0), named);
    exporter.close();
  }
  std::ifstream usd(other + "/scene.usda");
  const std::string text((std::istreambuf_iterator<char>(usd)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("    doc = \"vkxpbd animation export of scene a \\\"b\\\" \\\\ c d: 1 frames"),
            std::string::npos)
      << text.substr(0, 300);
  std::ifstream obj(other + "/flag/flag_0000.obj");
  std::string first, second;
  std::getline(obj, first);
  std::getline(obj, second);
  EXPECT_EQ(first.rfind("# vkxpbd export: scene a \\\"b\\\" \\\\ c d, body flag, frame 0", 0), 0u) << first;
  EXPECT_EQ(second, "o flag");
  fs::remove_all(other);
}

}  // namespace
}  // namespace vkxpbd
