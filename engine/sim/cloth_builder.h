// Turns a scene description into a simulation Model: particle grids, masses, constraints, pins.
#pragma once

#include "scene/scene.h"
#include "sim/model.h"

namespace vkxpbd {

// Grid particle (i, j) of a cloth with resolution (nx, ny) has index base + j * nx + i.
// Throws SceneError (naming the scene file and field) when the description cannot form a valid model,
// e.g. a pin outside the grid or a cloth without mass.
Model buildModel(const SceneDesc& scene);

}  // namespace vkxpbd
