// Diagnostics that see every constraint (sim/diagnostics.h, common/diagnostics_json.h): strain per
// kind on a stretched cloth, tetrahedron volume ratios and inverted elements, balloon volume ratios,
// momentum, the non-finite report naming the particle and constraint, the model in state.json, and
// the trajectory file round trip.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>

#include <gtest/gtest.h>

#include "common/diagnostics_json.h"
#include "common/trajectory.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/diagnostics.h"
#include "sim/element_builder.h"

namespace vkxpbd {
namespace {

// One tetrahedron (0,0,0), (1,0,0), (0,1,0), (0,0,1) m of positive volume 1/6 m³, with `material`.
Model oneTet(TetMaterial::Model material) {
  Model model;
  for (glm::vec3 x : {glm::vec3(0, 0, 0), glm::vec3(1, 0, 0), glm::vec3(0, 1, 0), glm::vec3(0, 0, 1)})
    model.restPositions.emplace_back(x, 1.0f);
  TetMaterial m;
  m.model = material;
  addTetMaterial(model, {0, 1, 2, 3}, m, "test");
  return model;
}

TEST(Diagnostics, InvertedTetrahedronIsCountedForBothMaterials) {
  for (TetMaterial::Model material : {TetMaterial::Model::Volume, TetMaterial::Model::NeoHookean}) {
    const Model model = oneTet(material);
    std::vector<glm::vec4> x = model.restPositions;
    TetStats rest = measureTets(model, x);
    EXPECT_EQ(rest.tets, 1u);
    EXPECT_NEAR(rest.minVolumeRatio, 1.0, 1e-6);
    EXPECT_EQ(rest.inverted, 0u);
    for (glm::vec4& p : x) p = glm::vec4(1.1f * glm::vec3(p), p.w);  // V/V₀ = 1.1³
    EXPECT_NEAR(measureTets(model, x).maxVolumeRatio, 1.331, 1e-5);
    x = model.restPositions;
    x[3].z = -1.0f;  // the fourth corner through the opposite face: V = −1/6 m³
    const TetStats inverted = measureTets(model, x);
    EXPECT_EQ(inverted.inverted, 1u);
    EXPECT_EQ(inverted.firstInverted, 0);
    EXPECT_NEAR(inverted.minVolumeRatio, -1.0, 1e-6);
    const nlohmann::json j = diagnosticsJson(model, measureDiagnostics(model, State{x, {}, x, 0}));
    EXPECT_EQ(j["tetrahedra"]["inverted"], 1);
    EXPECT_NE(diagnosticsText(measureDiagnostics(model, State{x, {}, x, 0})).find("inverted 1"),
              std::string::npos);
  }
}

// A cloth of square cells a = 1/(n−1) m stretched by 1% along x: stretch edges along x and the
// skip-one bend constraints along x by 1%, those along z by 0; the diagonals by √(1.01² + 1)/√2 − 1.
TEST(Diagnostics, StrainPerKindOnAStretchedCloth) {
  const Model model =
      buildModel(parseScene(R"({"cloths": [{"size": [1, 1], "resolution": [9, 9]}]})", "t.json"));
  State state = makeInitialState(model);
  for (glm::vec4& p : state.positions) p.x *= 1.01f;
  const Diagnostics d = measureDiagnostics(model, state);
  const StrainStats& stretch = d.kinds[static_cast<size_t>(ConstraintKind::Stretch)];
  const StrainStats& shear = d.kinds[static_cast<size_t>(ConstraintKind::Shear)];
  const StrainStats& bend = d.kinds[static_cast<size_t>(ConstraintKind::Bend)];
  EXPECT_EQ(stretch.constraints, 2u * 8u * 9u);
  EXPECT_EQ(shear.constraints, 2u * 8u * 8u);
  EXPECT_EQ(bend.constraints, 2u * 7u * 9u);
  EXPECT_NEAR(stretch.maxStrain, 0.01, 1e-5);
  EXPECT_NEAR(shear.maxStrain, std::sqrt((1.01 * 1.01 + 1.0) / 2.0) - 1.0, 1e-5);
  EXPECT_NEAR(shear.medianStrain, shear.maxStrain, 1e-5);
  EXPECT_NEAR(bend.maxStrain, 0.01, 1e-5);
  EXPECT_NEAR(stretch.maxViolation, 0.01 / 8.0, 1e-6);  // m
  const nlohmann::json j = diagnosticsJson(model, d);
  EXPECT_NEAR(j["strain_per_kind"]["shear"]["max_strain"].get<double>(), shear.maxStrain, 1e-12);
  EXPECT_EQ(j["tetrahedra"]["count"], 0);
}

TEST(Diagnostics, BalloonVolumeRatio) {
  const Model model = buildModel(parseScene(R"({"shells": [{"mesh": {"type": "icosphere", "radius": 0.2,
    "subdivisions": 2}, "pressure": {"factor": 1.5}}]})",
                                            "t.json"));
  State state = makeInitialState(model);
  ASSERT_EQ(measureDiagnostics(model, state).balloons.size(), 1u);
  EXPECT_NEAR(measureDiagnostics(model, state).balloons[0], 1.0, 1e-5);
  for (glm::vec4& p : state.positions) p = glm::vec4(1.1f * glm::vec3(p), p.w);
  EXPECT_NEAR(measureDiagnostics(model, state).balloons[0], 1.331, 1e-4);
}

// Two particles of 1 kg and 3 kg (the pinned third counts for nothing): c = (0.75, 0, 0) m,
// P = 1·(0,1,0) + 3·(0,−1,0) = (0,−2,0) kg·m/s, L = (−0.75,0,0)×(0,1,0)·1 + (0.25,0,0)×(0,−1,0)·3.
TEST(Diagnostics, MomentumAboutTheCentreOfMass) {
  State s;
  s.positions = {{0, 0, 0, 1.0f}, {1, 0, 0, 1.0f / 3.0f}, {5, 5, 5, 0.0f}};
  s.velocities = {{0, 1, 0, 0}, {0, -1, 0, 0}, {9, 9, 9, 0}};
  const Momentum m = measureMomentum(s, 0, 3);
  EXPECT_NEAR(m.mass, 4.0, 1e-6);
  EXPECT_NEAR(m.centre.x, 0.75, 1e-6);
  EXPECT_NEAR(m.linear.y, -2.0, 1e-6);
  EXPECT_NEAR(m.linear.x, 0.0, 1e-12);
  EXPECT_NEAR(m.angular.z, -0.75 - 0.75, 1e-6);
}

TEST(Diagnostics, NonFiniteNamesTheParticleTheConstraintAndTheFrame) {
  const Model model =
      buildModel(parseScene(R"({"cloths": [{"name": "flag", "resolution": [3, 3]}]})", "t.json"));
  State state = makeInitialState(model);
  state.frame = 7;
  EXPECT_FALSE(nonFiniteError(model, state));
  state.positions[4].y = std::numeric_limits<float>::quiet_NaN();
  const std::optional<std::string> error = nonFiniteError(model, state);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("by frame 7"), std::string::npos) << *error;
  EXPECT_NE(error->find("particle 4 (body 'flag')"), std::string::npos) << *error;
  EXPECT_NE(error->find("distance constraint"), std::string::npos) << *error;
  state.positions[4].y = 0.0f;
  state.velocities[2].z = std::numeric_limits<float>::infinity();
  EXPECT_NE(nonFiniteError(model, state)->find("particle 2"), std::string::npos);
}

TEST(Diagnostics, ModelJsonHoldsWhatAnOutsideCheckNeeds) {
  const Model model =
      buildModel(parseScene(R"({"cloths": [{"resolution": [3, 3], "pins": [{"i": 0, "j": 0}]}],
    "soft_bodies": [{"mesh": {"type": "box", "size": [0.1, 0.1, 0.1], "cells": [1, 1, 1]}}]})",
                            "t.json"));
  const nlohmann::json j = modelJson(model);
  ASSERT_EQ(j["masses_kg"].size(), model.particleCount());
  EXPECT_EQ(j["masses_kg"][0], 0.0);  // pinned
  EXPECT_NEAR(j["masses_kg"][1].get<double>(), 1.0 / model.restPositions[1].w, 1e-9);
  EXPECT_EQ(j["distance_constraints"].size(), model.distance.size());
  EXPECT_EQ(j["distance_constraints"][0][4], "stretch");
  EXPECT_EQ(j["element_constraints"].size(), model.elements.size());
  EXPECT_EQ(j["tetrahedra"].size(), 6u);  // a cube cell in six tetrahedra
  EXPECT_EQ(j["pins"].size(), 1u);
  EXPECT_EQ(j["bodies"].size(), 2u);
  EXPECT_EQ(j["surface_triangles"].size(), model.surfaces.size());
  // The Neo-Hookean rest inverse D_m⁻¹ rows are there: det F = 1 recomputed from them at rest.
  EXPECT_EQ(j["element_data"].size(), model.elementData.size());
}

TEST(Trajectory, RoundTripsAndCountsItsRecords) {
  const std::string path = (std::filesystem::temp_directory_path() / "vkxpbd_test_trajectory.bin").string();
  State state;
  state.positions = {{1, 2, 3, 1}, {4, 5, 6, 0}};
  state.velocities = {{-1, -2, -3, 0}, {0.5f, 0, 0, 0}};
  {
    TrajectoryWriter writer(path, 2, 5, 1.0f / 60.0f);
    for (uint64_t frame = 0; frame <= 10; frame += 5) {
      state.frame = frame;
      state.positions[0].x = static_cast<float>(frame);
      writer.append(state);
    }
    writer.close();
    EXPECT_EQ(writer.records(), 3u);
  }
  const Trajectory t = readTrajectory(path);
  EXPECT_EQ(t.header["records"], 3);
  EXPECT_EQ(t.header["every"], 5);
  ASSERT_EQ(t.frames, (std::vector<uint32_t>{0, 5, 10}));
  EXPECT_EQ(t.positions[2][0], glm::vec3(10, 2, 3));
  EXPECT_EQ(t.positions[1][1], glm::vec3(4, 5, 6));
  EXPECT_EQ(t.velocities[0][1], glm::vec3(0.5f, 0, 0));
  EXPECT_EQ(std::filesystem::file_size(path), kTrajectoryHeaderBytes + 3 * (4 + 2 * 2 * 12));
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 1);
  EXPECT_THROW(readTrajectory(path), std::runtime_error);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace vkxpbd
