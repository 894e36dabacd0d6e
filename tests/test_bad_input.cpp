// Bad input (issue 15): the scene files of the bad-input corpus (tests/bad_input/cases.tsv) are read and
// built here too, so that the sanitizer build (VKXPBD_SANITIZE, CPU only) runs every one of them; and the
// readers' arithmetic on extreme values (welder cells, signed-distance grid size, TetGen numbering).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "scene_error_of.h"

#include "mesh/sdf_grid.h"
#include "mesh/tet_mesh.h"
#include "mesh/triangle_mesh.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"

namespace vkxpbd {
namespace {

const std::string kCorpus = std::string(VKXPBD_SOURCE_DIR) + "/tests/bad_input/";

std::string writeTemp(const std::string& name, const std::string& text) {
  const std::string path = (std::filesystem::temp_directory_path() / ("vkxpbd_bad_" + name)).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

struct CorpusCase {
  std::string text;   // what the message must contain (parts separated by " && ")
  std::string scene;  // path of the scene file
};

// The cases of cases.tsv that `run` answers with exit 3 for a scene file of the corpus, before any device.
std::vector<CorpusCase> sceneCases() {
  std::ifstream file(kCorpus + "cases.tsv");
  std::vector<CorpusCase> cases;
  const std::string prefix = "run @DIR@/";
  for (std::string line; std::getline(file, line);) {
    std::vector<std::string> fields;
    std::stringstream in(line);
    for (std::string field; std::getline(in, field, '\t');) fields.push_back(field);
    if (fields.size() != 4 || fields[1] != "3" || fields[3].rfind(prefix, 0) != 0) continue;
    if (fields[0] != "scene" && fields[0] != "tetgen" && fields[0] != "obj") continue;  // not device limits
    const std::string rest = fields[3].substr(prefix.size());
    cases.push_back({fields[2], kCorpus + rest.substr(0, rest.find(' '))});
  }
  return cases;
}

TEST(BadInputCorpus, EverySceneCaseIsRejectedNamingFileAndField) {
  const std::vector<CorpusCase> cases = sceneCases();
  ASSERT_GE(cases.size(), 150u);
  for (const CorpusCase& c : cases) {
    const std::string error = errorOf([&] { buildModel(loadScene(c.scene)); });
    ASSERT_FALSE(error.empty()) << c.scene << " was accepted";
    std::string rest = c.text;
    while (!rest.empty()) {
      const size_t split = rest.find(" && ");
      const std::string part = rest.substr(0, split);
      rest = split == std::string::npos ? "" : rest.substr(split + 4);
      EXPECT_NE(error.find(part), std::string::npos)
          << c.scene << ": '" << error << "' lacks '" << part << "'";
    }
  }
}

TEST(BadInput, FilesBeyondTheSizeLimitAreRefusedUnread) {
  const std::string path = writeTemp("big.json", "");
  std::filesystem::resize_file(path, (64u << 20) + 1);  // sparse: 64 MiB and one byte of zeros
  EXPECT_EQ(errorOf([&] { loadScene(path); }), path + ": the scene file is larger than the limit of 64 MiB");
  std::filesystem::resize_file(path, (256u << 20) + 1);
  EXPECT_EQ(errorOf([&] { loadObj(path, 0.0f); }),
            path + ": the OBJ file is larger than the limit of 256 MiB");
  std::remove(path.c_str());
  EXPECT_EQ(errorOf([] { loadObj("/dev/zero", 0.0f); }),
            "/dev/zero: the OBJ file is not a regular file (a device, pipe or socket)");
}

TEST(BadInput, DoubleThatIsZeroAsAFloatIsRejected) {
  const std::string error =
      errorOf([] { parseScene(R"({"solver": {"dt": 1e-50}, "cloths": [{}]})", "s.json"); });
  EXPECT_NE(error.find("s.json: solver.dt: must be in [1e-06, 1]"), std::string::npos) << error;
  // A compliance of 1e-45 m/N is > 0 as a double and a denormal float: refused, not silently changed.
  const std::string denormal =
      errorOf([] { parseScene(R"({"cloths": [{"compliance": {"stretch": 1e-45}}]})", "s.json"); });
  EXPECT_NE(
      denormal.find("s.json: cloths[0].compliance.stretch: is too small for a 32-bit float (a denormal"),
      std::string::npos)
      << denormal;
}

TEST(BadInput, NestingDepthLimitAcceptsDepth64AndRefuses65) {
  auto nested = [](int depth) {
    return R"({"name": "n", "cloths": [{}], "solver": {"gravity": [0, -9.8, 0]}, "x": )" +
           std::string(static_cast<size_t>(depth), '[') + std::string(static_cast<size_t>(depth), ']') + "}";
  };
  // The top-level object is level 1: 63 arrays in it make 64 levels, 64 arrays 65.
  EXPECT_NE(errorOf([&] { parseScene(nested(63), "d.json"); }).find("d.json: x: unknown key"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { parseScene(nested(64), "d.json"); }).find("nested deeper than 64 levels"),
            std::string::npos);
}

TEST(BadInput, WelderWithHugeCoordinatesAndTinyDistanceWeldsExactly) {
  // Coordinates near the float limit with a weld distance of 1e-30 m: the cell index is far beyond int64
  // (clamped, not overflowed). Vertices 1 and 4 coincide, vertex 5 is 1e32 m away from vertex 2.
  const std::string path = writeTemp("huge.obj",
                                     "v 3e38 0 0\nv 0 3e38 0\nv 0 0 3e38\nv 3e38 0 0\nv 1e32 3e38 0\n"
                                     "f 1 2 3\nf 4 3 5\n");
  const TriangleMesh mesh = loadObj(path, 1e-30f);
  EXPECT_EQ(mesh.vertices.size(), 4u);  // 5 vertices, two of them identical
  ASSERT_EQ(mesh.indices.size(), 6u);
  EXPECT_EQ(mesh.indices[3], mesh.indices[0]);
  const TriangleMesh exact = loadObj(path, 0.0f);
  EXPECT_EQ(exact.vertices.size(), 4u);
  std::remove(path.c_str());
}

TEST(BadInput, SdfCostOfATinyCellIsComputedWithoutOverflow) {
  const TriangleMesh sphere = makeIcosphere(0.5f, 1);  // 80 triangles, 1 m across
  const SdfCost cost = sdfBakeCost(sphere, 1e-30f);
  EXPECT_GT(cost.nodes, 1e89);  // (1 m / 1e-30 m)³
  EXPECT_NEAR(cost.pairs / cost.nodes, 80.0, 1e-9);
  EXPECT_NE(errorOf([&] {
              buildSdf(sphere, 1e-30f, "s.obj");
            }).find("s.obj: the signed-distance grid would have more"),
            std::string::npos);
  const SdfCost coarse = sdfBakeCost(sphere, 0.1f);
  const SdfGrid grid = buildSdf(sphere, 0.1f, "s.obj");
  EXPECT_EQ(coarse.nodes, double(grid.dims.x) * grid.dims.y * grid.dims.z);
}

TEST(BadInput, DuplicateTetrahedronIsRejected) {
  TetMesh mesh;
  mesh.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  mesh.tets = {0, 1, 2, 3, 1, 0, 3, 2};  // the same four vertices, also positively oriented
  EXPECT_NE(errorOf([&] { validateTets(mesh, "m.ele"); }).find("m.ele: tetrahedron 1 repeats tetrahedron 0"),
            std::string::npos);
}

TEST(BadInput, TetGenFirstIndexMustBeZeroOrOne) {
  const std::string node = writeTemp("n.node", "4 3 0 0\n1e300 0 0 0\n2 1 0 0\n3 0 1 0\n4 0 0 1\n");
  const std::string ele = writeTemp("n.ele", "1 4 0\n1 1 2 3 4\n");
  EXPECT_NE(
      errorOf([&] { loadTetGen(node, ele); }).find(":2: the first point must be numbered 0 or 1, got 1e+300"),
      std::string::npos);
  std::remove(node.c_str());
  std::remove(ele.c_str());
}

}  // namespace
}  // namespace vkxpbd
