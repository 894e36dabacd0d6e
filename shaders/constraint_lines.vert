#version 450
// Constraint debug views: a non-indexed line list. The first 2·distanceCount vertices are the distance
// constraints of the solver's layout (one line each); then 12 vertices per element constraint: the six
// edges of a tetrahedron (tet volume, Neo-Hookean), or only the hinge edge (a, b) of a bending element.
// Everything is read from the solver's own buffers (positions, constraints, elements, λ); the colour
// is worked out here and passed flat to the fragment stage.
#extension GL_GOOGLE_include_directive : require
#include "shared/gpu_types.h"
#include "shared/element_math.h"
#include "shared/integrator_math.h"
#include "shared/render_types.h"

layout(std430, set = 0, binding = VKXPBD_VIEW_BINDING_POSITIONS) readonly buffer Positions { vec4 positions[]; };
layout(std430, set = 0, binding = VKXPBD_VIEW_BINDING_CONSTRAINTS) readonly buffer Constraints {
  DistanceConstraint constraints[];
};
layout(std430, set = 0, binding = VKXPBD_VIEW_BINDING_LAMBDA) readonly buffer Lambdas { float lambdas[]; };
layout(std430, set = 0, binding = VKXPBD_VIEW_BINDING_COLOURS) readonly buffer Colours { uint colours[]; };
layout(std430, set = 0, binding = VKXPBD_VIEW_BINDING_ELEMENTS) readonly buffer Elements {
  ElementConstraint elements[];
};
layout(std430, set = 0, binding = VKXPBD_VIEW_BINDING_ELEMENT_DATA) readonly buffer ElementData {
  vec4 elementData[];
};

layout(std430, set = 0, binding = VKXPBD_VIEW_BINDING_HIERARCHY) readonly buffer Hierarchy { vec4 hierarchy[]; };

layout(push_constant) uniform Push { ConstraintViewConstants view; };

// The force (N) of a constraint whose first particle is `particle`, from |λ|·α̃/α: × 4/9 where that
// particle's body integrates with Euler in a BDF2 run (its compliances are stored × 4/9).
float constraintForce(uint particle, float forceFromLambda) {
  bool euler = view.eulerFlagBase != VKXPBD_NONE && hierarchy[view.eulerFlagBase + particle].x != 0.0f;
  return euler ? eulerForceInBdf2(forceFromLambda) : forceFromLambda;
}

layout(location = 0) flat out vec4 outColour;  // alpha 0: not drawn in this view

// The colour of constraint `index` (distance constraints, then elements) in the colours view.
vec4 graphColour(uint index) {
  uint colour = colours[index];
  return colour == VKXPBD_NONE ? vec4(1.0) : vec4(graphColourRgb(colour), 1.0);
}

void distanceVertex(uint vertex) {
  uint k = vertex / 2u;
  DistanceConstraint c = constraints[k];
  uint particle = (vertex & 1u) == 0u ? c.a : c.b;
  gl_Position = view.viewProj * vec4(positions[particle].xyz, 1.0);

  if (view.mode == VKXPBD_VIEW_WIREFRAME) {
    // Triangle edges only: stretch (kind 0) and shear (kind 1) constraints.
    outColour = vec4(0.85, 0.85, 0.85, c.kind <= 1u ? 1.0 : 0.0);
  } else if (view.mode == VKXPBD_VIEW_COLOURS) {
    outColour = graphColour(k);
  } else {
    float force = constraintForce(c.a, abs(lambdas[k]) * view.invDtSquared);  // N
    outColour = vec4(heatColour(force / view.stressScale), 1.0);
  }
}

void elementVertex(uint vertex) {
  uint k = vertex / 12u;
  uint edge = (vertex % 12u) / 2u;
  ElementConstraint e = elements[k];
  uint corners[4] = uint[4](e.a, e.b, e.c, e.d);
  uint edgeStart[6] = uint[6](0u, 0u, 0u, 1u, 1u, 2u);
  uint edgeEnd[6] = uint[6](1u, 2u, 3u, 2u, 3u, 3u);
  uint corner = (vertex & 1u) == 0u ? edgeStart[edge] : edgeEnd[edge];
  gl_Position = view.viewProj * vec4(positions[corners[corner]].xyz, 1.0);

  bool tet = e.type == VKXPBD_ELEMENT_TET_VOLUME || e.type == VKXPBD_ELEMENT_NEOHOOKEAN;
  // Bending elements: their hinge only, and not in the wireframe (like bend distance constraints).
  bool drawn = tet ? true : (edge == 0u && view.mode != VKXPBD_VIEW_WIREFRAME);
  if (!drawn) {
    outColour = vec4(0.0);
  } else if (view.mode == VKXPBD_VIEW_WIREFRAME) {
    outColour = vec4(0.85, 0.85, 0.85, 1.0);
  } else if (view.mode == VKXPBD_VIEW_COLOURS) {
    outColour = graphColour(view.distanceCount + k);
  } else {
    vec4 q0 = vec4(0.0);
    vec4 q1 = vec4(0.0);
    vec4 q2 = vec4(0.0);
    uint dataSize = elementDataSize(e.type);
    if (dataSize > 0u) q0 = elementData[e.data];
    if (dataSize > 1u) {
      q1 = elementData[e.data + 1u];
      q2 = elementData[e.data + 2u];
    }
    uint lambda = view.distanceCount + 2u * k;  // λ buffer: distance constraints, then 2 per element
    float force = constraintForce(e.a, elementForce(e, positions[e.a], positions[e.b], positions[e.c],
                                                    positions[e.d], q0, q1, q2, view.invDtSquared, lambdas[lambda],
                                                    lambdas[lambda + 1u]));  // N
    outColour = vec4(heatColour(force / view.stressScale), 1.0);
  }
}

void main() {
  uint vertex = uint(gl_VertexIndex);
  if (vertex < 2u * view.distanceCount) {
    distanceVertex(vertex);
  } else {
    elementVertex(vertex - 2u * view.distanceCount);
  }
}
