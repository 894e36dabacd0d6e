// Tetrahedral meshes for soft bodies: generated (box lattice, ball) or read from TetGen's .node/.ele
// files, with their boundary surface. Every tetrahedron is positively oriented:
// dot(x1 − x0, cross(x2 − x0, x3 − x0)) > 0. Coordinates in metres.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace vkxpbd {

struct TetMesh {
  std::vector<glm::vec3> vertices;  // m
  std::vector<uint32_t> tets;       // 4 per tetrahedron
  std::vector<uint32_t> surface;    // 3 per boundary triangle, counter-clockwise seen from outside
};

// Signed volume of (x0, x1, x2, x3), m³.
double tetVolume(glm::vec3 x0, glm::vec3 x1, glm::vec3 x2, glm::vec3 x3);

// The faces used by exactly one tetrahedron, oriented outward (tetrahedra positively oriented).
std::vector<uint32_t> boundaryTriangles(const std::vector<uint32_t>& tets);

// Throws SceneError naming `source` and the tetrahedron when one is inverted (negative volume) or
// degenerate (volume below 1e-9 of its edge-length cube), or an index is out of range.
void validateTets(const TetMesh& mesh, const std::string& source);

// A box of `size` (m) centred at the origin: cells.x × cells.y × cells.z cubes of 6 tetrahedra each
// (Kuhn subdivision along each cube's main diagonal, so neighbouring cubes share their face diagonals).
TetMesh makeBoxTets(glm::vec3 size, glm::uvec3 cells);

// A ball of `radius` (m) centred at the origin: a box lattice of cells³ cubes mapped radially onto the
// ball (each point p of the cube [−r, r]³ moves to p·‖p‖∞/‖p‖₂).
TetMesh makeSphereTets(float radius, uint32_t cells);

// TetGen's .node and .ele files (4-node tetrahedra; 0- or 1-based indices as the .node file starts).
// TetGen writes its tetrahedra with one orientation; the loader takes the orientation of the majority
// as the file's convention, converts to ours, and rejects a tetrahedron of the other orientation as
// inverted. Throws SceneError naming the file and the line or element.
TetMesh loadTetGen(const std::string& nodePath, const std::string& elePath);
// The same from the files' texts; the paths are only used in messages.
TetMesh parseTetGen(const std::string& nodeText, const std::string& eleText, const std::string& nodePath,
                    const std::string& elePath);

}  // namespace vkxpbd
