// Meshes for bodies (engine/mesh): generated tetrahedral meshes, TetGen and OBJ import, welding, and
// the errors that bad input gets.
#include <cmath>
#include <functional>
#include <string>

#include <gtest/gtest.h>

#include "scene_error_of.h"

#include "mesh/tet_mesh.h"
#include "mesh/triangle_mesh.h"
#include "scene/scene.h"

namespace vkxpbd {
namespace {

const std::string kMeshes = std::string(VKXPBD_SOURCE_DIR) + "/tests/data/meshes/";

double totalVolume(const TetMesh& mesh, double* smallest = nullptr) {
  double total = 0.0, least = 1e30;
  for (size_t t = 0; t < mesh.tets.size(); t += 4) {
    const double v = tetVolume(mesh.vertices[mesh.tets[t]], mesh.vertices[mesh.tets[t + 1]],
                               mesh.vertices[mesh.tets[t + 2]], mesh.vertices[mesh.tets[t + 3]]);
    total += v;
    least = std::min(least, v);
  }
  if (smallest) *smallest = least;
  return total;
}

TriangleMesh surfaceOf(const TetMesh& mesh) {
  return TriangleMesh{mesh.vertices, mesh.surface};
}

TEST(TetMesh, BoxLatticeIsConformingAndPositive) {
  const TetMesh mesh = makeBoxTets({0.3f, 0.2f, 0.1f}, {3, 2, 1});
  EXPECT_EQ(mesh.vertices.size(), 4u * 3u * 2u);
  EXPECT_EQ(mesh.tets.size() / 4, 6u * 3u * 2u * 1u);
  double smallest = 0.0;
  EXPECT_NEAR(totalVolume(mesh, &smallest), 0.3 * 0.2 * 0.1, 1e-9);
  EXPECT_GT(smallest, 0.0);
  // Conforming: the boundary is exactly the box's 2·(3·2 + 3·1 + 2·1) squares, two triangles each, and
  // it is closed with the tetrahedra's volume inside.
  EXPECT_EQ(mesh.surface.size() / 3, 2u * 2u * (6u + 3u + 2u));
  EXPECT_TRUE(isClosedManifold(surfaceOf(mesh)));
  EXPECT_NEAR(enclosedVolume(surfaceOf(mesh)), 0.3 * 0.2 * 0.1, 1e-9);
  EXPECT_NO_THROW(validateTets(mesh, "box"));
}

TEST(TetMesh, BallVolumeConverges) {
  double previousError = 1.0;
  for (uint32_t cells : {4u, 8u, 16u}) {
    const TetMesh mesh = makeSphereTets(0.5f, cells);
    double smallest = 0.0;
    const double volume = totalVolume(mesh, &smallest);
    const double exact = 4.0 / 3.0 * M_PI * 0.125;
    const double error = std::abs(volume - exact) / exact;
    EXPECT_GT(smallest, 0.0) << cells;
    EXPECT_LT(error, previousError) << cells;
    previousError = error;
    EXPECT_TRUE(isClosedManifold(surfaceOf(mesh)));
    EXPECT_NEAR(enclosedVolume(surfaceOf(mesh)), volume, 1e-6);
    EXPECT_NO_THROW(validateTets(mesh, "ball"));
  }
  EXPECT_LT(previousError, 0.03);  // 16 cells per axis: within 3% of 4/3·π·r³
}

TEST(TetGen, LoadsTheToolsOutput) {
  const TetMesh mesh = loadTetGen(kMeshes + "cube.node", kMeshes + "cube.ele");
  EXPECT_EQ(mesh.vertices.size(), 75u);
  EXPECT_EQ(mesh.tets.size() / 4, 144u);
  double smallest = 0.0;
  EXPECT_NEAR(totalVolume(mesh, &smallest), 1.0, 1e-9);  // the unit cube
  EXPECT_GT(smallest, 0.0);
  EXPECT_TRUE(isClosedManifold(surfaceOf(mesh)));
  EXPECT_NEAR(enclosedVolume(surfaceOf(mesh)), 1.0, 1e-6);
}

TEST(TetGen, RejectsBadFiles) {
  EXPECT_NE(errorOf([] {
              loadTetGen(kMeshes + "cube.node", kMeshes + "cube_inverted.ele");
            }).find("cube_inverted.ele: tetrahedron 5 is inverted"),
            std::string::npos);
  EXPECT_NE(errorOf([] {
              loadTetGen(kMeshes + "cube.node", kMeshes + "quadratic.ele");
            }).find("quadratic.ele: only 4-node tetrahedra are supported, got 10"),
            std::string::npos);
  EXPECT_NE(errorOf([] {
              loadTetGen(kMeshes + "cube.node", kMeshes + "out_of_range.ele");
            }).find("out_of_range.ele: tetrahedron 0: node 99 is out of range"),
            std::string::npos);
  EXPECT_NE(errorOf([] {
              loadTetGen(kMeshes + "missing.node", kMeshes + "cube.ele");
            }).find("missing.node: cannot open TetGen file"),
            std::string::npos);
  TetMesh flat{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}, {0, 1, 2, 3}, {}};
  EXPECT_NE(errorOf([&] { validateTets(flat, "flat.ele"); }).find("flat.ele: tetrahedron 0 is degenerate"),
            std::string::npos);
}

TEST(Obj, WeldsSeamsIntoAClosedSurface) {
  const TriangleMesh mesh = loadObj(kMeshes + "cube_seams.obj", 0.0f);
  EXPECT_EQ(mesh.vertices.size(), 8u);
  EXPECT_EQ(mesh.indices.size() / 3, 12u);
  EXPECT_TRUE(isClosedManifold(mesh));
  EXPECT_NEAR(enclosedVolume(mesh), 1.0, 1e-9);
  // With a weld distance, vertices closer than it join as well.
  const TriangleMesh again = loadObj(kMeshes + "cube_seams.obj", 1e-4f);
  EXPECT_EQ(again.vertices.size(), 8u);
}

TEST(Obj, RejectsBadFiles) {
  EXPECT_NE(errorOf([] {
              loadObj(kMeshes + "degenerate.obj", 0.0f);
            }).find("degenerate.obj: triangle 1 (vertices 0, 1, 3) is degenerate"),
            std::string::npos);
  EXPECT_NE(errorOf([] { loadObj(kMeshes + "no_such.obj", 0.0f); }).find("no_such.obj: cannot open OBJ file"),
            std::string::npos);
  // Welding that collapses a triangle is reported too.
  EXPECT_NE(errorOf([] { loadObj(kMeshes + "cube_seams.obj", 2.0f); }).find("is degenerate"),
            std::string::npos);
}

TEST(Icosphere, ClosedAndConvergingToTheSphere) {
  double previousError = 1.0;
  for (uint32_t s = 0; s <= 3; ++s) {
    const TriangleMesh mesh = makeIcosphere(2.0f, s);
    EXPECT_TRUE(isClosedManifold(mesh));
    const double exact = 4.0 / 3.0 * M_PI * 8.0;
    const double error = std::abs(enclosedVolume(mesh) - exact) / exact;
    EXPECT_LT(error, previousError);
    previousError = error;
  }
  EXPECT_LT(previousError, 0.01);
}

}  // namespace
}  // namespace vkxpbd
