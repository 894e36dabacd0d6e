// Each particle's tetrahedra, for the collide limit pass (shared/collide_limit.h).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/model.h"
#include "sim/solver_layout.h"

namespace vkxpbd {

bool isTetrahedron(const ElementConstraint& e);  // a tet volume or Neo-Hookean element
bool hasTetrahedra(const SolverLayout& layout);

// CSR over the particles: offsets [N + 1], then the indices (into layout.elements, ascending) of the
// tetrahedra (tet volume and Neo-Hookean elements) each particle is a corner of. Empty without
// tetrahedra. On the GPU it follows the volume rows in VKXPBD_BINDING_VOLUME_INDICES.
std::vector<uint32_t> packTetAdjacency(const Model& model, const SolverLayout& layout);

// Where it starts in VKXPBD_BINDING_VOLUME_INDICES (words): after the volume triangles, their corners and
// the volume rows (4 words each).
uint32_t tetAdjacencyBase(const Model& model, const SolverLayout& layout);

}  // namespace vkxpbd
