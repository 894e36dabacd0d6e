// Wind and aerodynamics of surface triangles (docs/wind.md): the wind field and the per-triangle
// coefficients the surface passes read (VKXPBD_SURFACE_BINDING_AERO). C++ and GLSL.
#ifndef VKXPBD_SHARED_AERO_MATH_H
#define VKXPBD_SHARED_AERO_MATH_H

#include "shared/lang.h"

XPBD_BEGIN_NAMESPACE

// The air: a constant wind plus deterministic gusts (a function of time and position only).
struct WindField {
  vec4 velocity;  // xyz the constant wind velocity (m/s); w the air density ρ (kg/m³)
  vec4 gust;      // x amplitude (m/s), y frequency (Hz), z wavelength (m), w seed (an integer, as float)
};

XPBD_END_NAMESPACE

#ifdef __cplusplus
static_assert(sizeof(vkxpbd::gpu::WindField) == 32);
#endif

#endif
