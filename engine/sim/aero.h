// Wind and aerodynamics on the host side (docs/wind.md): what the surface set's aero buffer holds and
// whether the aero passes run. The math is shared/aero_math.h.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"
#include "sim/surface_triangles.h"

namespace vkxpbd {

// Whether the frame schedule runs the aero passes: the scene has a "wind" and some surface triangle.
bool aeroEnabled(const Model& model, const SurfaceTriangles& surface);

// VKXPBD_SURFACE_BINDING_AERO: the WindField (2 vec4), then per surface triangle its coefficients
// (C_n, C_t, C_l, flags), those of the SurfaceMesh it belongs to; flags: aeroSurfaceFlags (a free body's,
// a one-sided surface).
std::vector<glm::vec4> packAero(const Model& model, const SurfaceTriangles& surface);

}  // namespace vkxpbd
