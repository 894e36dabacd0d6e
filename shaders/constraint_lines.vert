#version 450
// Constraint debug views: a non-indexed line list with two vertices per constraint of the solver's
// layout. Everything is read from the solver's own buffers (positions, constraints, λ); the colour
// is worked out here and passed flat to the fragment stage.
#extension GL_GOOGLE_include_directive : require
#include "shared/gpu_types.h"
#include "shared/render_types.h"

layout(std430, set = 0, binding = VKXPBD_VIEW_BINDING_POSITIONS) readonly buffer Positions { vec4 positions[]; };
layout(std430, set = 0, binding = VKXPBD_VIEW_BINDING_CONSTRAINTS) readonly buffer Constraints {
  DistanceConstraint constraints[];
};
layout(std430, set = 0, binding = VKXPBD_VIEW_BINDING_LAMBDA) readonly buffer Lambdas { float lambdas[]; };
layout(std430, set = 0, binding = VKXPBD_VIEW_BINDING_COLOURS) readonly buffer Colours { uint colours[]; };

layout(push_constant) uniform Push { ConstraintViewConstants view; };

layout(location = 0) flat out vec4 outColour;  // alpha 0: not drawn in this view

vec3 hueToRgb(float h) {
  return clamp(abs(mod(h * 6.0 + vec3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
}

// 0 → blue, 0.5 → green, 1 → red.
vec3 heat(float t) { return hueToRgb((1.0 - clamp(t, 0.0, 1.0)) * 0.66); }

void main() {
  uint k = uint(gl_VertexIndex) / 2u;
  DistanceConstraint c = constraints[k];
  uint particle = (gl_VertexIndex & 1) == 0 ? c.a : c.b;
  gl_Position = view.viewProj * vec4(positions[particle].xyz, 1.0);

  if (view.mode == VKXPBD_VIEW_WIREFRAME) {
    // Triangle edges only: stretch (kind 0) and shear (kind 1) constraints.
    outColour = vec4(0.85, 0.85, 0.85, c.kind <= 1u ? 1.0 : 0.0);
  } else if (view.mode == VKXPBD_VIEW_COLOURS) {
    uint colour = colours[k];
    // Golden-ratio hues keep neighbouring colour indices apart.
    outColour = colour == VKXPBD_NONE ? vec4(1.0) : vec4(hueToRgb(fract(float(colour) * 0.618034)), 1.0);
  } else {
    float force = abs(lambdas[k]) * view.invDtSquared;  // N
    outColour = vec4(heat(force / view.stressScale), 1.0);
  }
}
