// The free bodies of a model: the sets of particles joined by constraints that contain no pinned
// particle. Their constraints must keep their linear and angular momentum, which the solvers enforce
// once per iteration (shared/momentum_math.h).
#pragma once

#include <vector>

#include "sim/model.h"

namespace vkxpbd {

// Connected components of the distance, element and global volume constraints with at least two
// particles, none pinned (inverse mass 0), each a contiguous range of particles (as every builder
// places a body); a component that is not contiguous is left out. A component with tetrahedra (tet volume
// or Neo-Hookean elements) is marked solid.
std::vector<MomentumBody> findFreeBodies(const Model& model);

}  // namespace vkxpbd
