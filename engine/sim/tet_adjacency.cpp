#include "sim/tet_adjacency.h"

namespace vkxpbd {

bool isTetrahedron(const ElementConstraint& e) {
  return e.type == VKXPBD_ELEMENT_TET_VOLUME || e.type == VKXPBD_ELEMENT_NEOHOOKEAN;
}

bool hasTetrahedra(const SolverLayout& layout) {
  for (const ElementConstraint& e : layout.elements)
    if (isTetrahedron(e)) return true;
  return false;
}

std::vector<uint32_t> packTetAdjacency(const Model& model, const SolverLayout& layout) {
  const uint32_t n = model.particleCount();
  std::vector<uint32_t> offsets(n + 1, 0u);
  uint32_t total = 0;
  for (const ElementConstraint& e : layout.elements) {
    if (!isTetrahedron(e)) continue;
    for (uint32_t q : {e.a, e.b, e.c, e.d}) ++offsets[q + 1];
    total += 4;
  }
  if (total == 0) return {};
  for (uint32_t i = 0; i < n; ++i) offsets[i + 1] += offsets[i];
  std::vector<uint32_t> packed(offsets);
  packed.resize(n + 1 + size_t{total});
  std::vector<uint32_t> fill(offsets.begin(), offsets.end() - 1);
  for (uint32_t k = 0; k < layout.elements.size(); ++k) {
    const ElementConstraint& e = layout.elements[k];
    if (!isTetrahedron(e)) continue;
    for (uint32_t q : {e.a, e.b, e.c, e.d}) packed[n + 1 + fill[q]++] = k;
  }
  return packed;
}

uint32_t tetAdjacencyBase(const Model& model, const SolverLayout& layout) {
  return static_cast<uint32_t>(2 * model.volumeTriangles.size() + 4 * layout.volumeRows.size());
}

}  // namespace vkxpbd
