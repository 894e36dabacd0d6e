// Renderer constants and structs shared by the C++ host code and the GLSL shaders
// (normals.comp, cloth/collider/ground .vert/.frag). Only scalars, vec4 and mat4 members, so the
// std430 push-constant layout is the same in both languages.
#ifndef VKXPBD_SHARED_RENDER_TYPES_H
#define VKXPBD_SHARED_RENDER_TYPES_H

#include "shared/lang.h"

// Threads per workgroup of the vertex-normal pass.
#define VKXPBD_NORMALS_WORKGROUP_SIZE 64

// Descriptor bindings of the vertex-normal pass (set 0).
#define VKXPBD_NORMALS_BINDING_POSITIONS 0  // vec4[particles]: the solver's position buffer (read)
#define VKXPBD_NORMALS_BINDING_INDICES 1    // uint[3 * triangles]: every surface's triangles
#define VKXPBD_NORMALS_BINDING_OFFSETS 2    // uint[particles + 1]: CSR offsets into ADJACENCY
#define VKXPBD_NORMALS_BINDING_ADJACENCY 3  // uint[]: triangles around each particle, ascending
#define VKXPBD_NORMALS_BINDING_NORMALS 4    // vec4[particles]: xyz unit normal (written), w 0
#define VKXPBD_NORMALS_BINDING_COUNT 5

// Colours in linear RGB (the colour target is sRGB, so they are encoded on write); comma lists, so
// `vec3(VKXPBD_CLOTH_FRONT_COLOUR)` works in GLSL and `glm::vec3(VKXPBD_CLOTH_FRONT_COLOUR)` in C++.
// The front side (where the triangles wind counter-clockwise) of the model's surfaces, in turn: surface
// k gets colour k mod VKXPBD_SURFACE_COLOURS, so bodies lying on each other can be told apart.
#define VKXPBD_SURFACE_COLOURS 5u
#define VKXPBD_CLOTH_FRONT_COLOUR 0.80f, 0.22f, 0.05f  // orange: the first surface
#define VKXPBD_SURFACE_COLOUR_1 0.10f, 0.50f, 0.12f    // green
#define VKXPBD_SURFACE_COLOUR_2 0.85f, 0.60f, 0.05f    // yellow
#define VKXPBD_SURFACE_COLOUR_3 0.60f, 0.05f, 0.25f    // crimson
#define VKXPBD_SURFACE_COLOUR_4 0.05f, 0.45f, 0.45f    // teal
#define VKXPBD_CLOTH_BACK_COLOUR 0.05f, 0.25f, 0.70f
#define VKXPBD_COLLIDER_COLOUR 0.45f, 0.50f, 0.45f
#define VKXPBD_GROUND_COLOUR 0.30f, 0.30f, 0.30f
#define VKXPBD_GRID_COLOUR 0.12f, 0.12f, 0.12f
#define VKXPBD_CLEAR_COLOUR 0.02f, 0.03f, 0.05f

// Debug views of the constraints (ConstraintViewConstants.mode).
#define VKXPBD_VIEW_WIREFRAME 1u  // stretch and shear constraints as lines: the triangle edges
#define VKXPBD_VIEW_COLOURS 2u    // every constraint coloured by its graph colour (Jacobi batch white)
#define VKXPBD_VIEW_STRESS 3u     // every constraint coloured by its force |λ|/Δt², blue → red

// Descriptor bindings of the constraint views (set 0, vertex stage): the solver's own buffers plus
// one static buffer of each constraint's colour.
#define VKXPBD_VIEW_BINDING_POSITIONS 0    // vec4[particles]: the solver's position buffer
#define VKXPBD_VIEW_BINDING_CONSTRAINTS 1  // DistanceConstraint[]: the solver's, in layout order
#define VKXPBD_VIEW_BINDING_LAMBDA 2       // float[]: the solver's λ (N·s²), layout order
#define VKXPBD_VIEW_BINDING_COLOURS \
  3  // uint[]: colour of each constraint, then each element; VKXPBD_NONE: Jacobi batch
#define VKXPBD_VIEW_BINDING_ELEMENTS 4      // ElementConstraint[]: the solver's, in layout order
#define VKXPBD_VIEW_BINDING_ELEMENT_DATA 5  // vec4[]: the solver's element data (Neo-Hookean D_m⁻¹ rows)
#define VKXPBD_VIEW_BINDING_HIERARCHY 6     // vec4[]: the solver's hierarchy buffer (eulerFlagBase)
#define VKXPBD_VIEW_BINDING_COUNT 7

XPBD_BEGIN_NAMESPACE
#ifdef __cplusplus
using glm::mat4;
#endif

// Push constants of the constraint views.
struct ConstraintViewConstants {
  mat4 viewProj;       // world (m) → clip space
  uint mode;           // VKXPBD_VIEW_*
  float invDtSquared;  // α̃/α of a substep (1/s²; 1/Δt², BDF2 9/(4Δt²)): force = |λ|·invDtSquared
  float stressScale;   // force (N) drawn in full red
  uint distanceCount;  // distance constraints; the element lines follow their 2·distanceCount vertices
  // BDF2 with the hierarchy: where the hierarchy buffer's per-particle flags start (x ≠ 0: the particle's
  // body integrates with Euler, its forces are × 4/9: eulerForceInBdf2); VKXPBD_NONE in other runs.
  uint eulerFlagBase;
  uint pad0;
  uint pad1;
  uint pad2;
};

// One channel of a fully saturated hue (hue6 = hue · 6, hue in [0, 1)); offset 0 red, 4 green, 2 blue.
XPBD_FN float hueChannel(float hue6, float offset) {
  float x = hue6 + offset;
  x = x - 6.0f * floor(x / 6.0f);
  return min(max(abs(x - 3.0f) - 1.0f, 0.0f), 1.0f);
}

// Linear RGB of a fully saturated hue in [0, 1): 0 red, 1/3 green, 2/3 blue.
XPBD_FN vec3 hueColour(float hue) {
  return vec3(hueChannel(hue * 6.0f, 0.0f), hueChannel(hue * 6.0f, 4.0f), hueChannel(hue * 6.0f, 2.0f));
}

// The stress view's heat map (lines and legend): t = 0 blue, 0.5 green, 1 red (clamped).
XPBD_FN vec3 heatColour(float t) {
  return hueColour((1.0f - min(max(t, 0.0f), 1.0f)) * 0.66f);
}

// The colours view: graph colour c (golden-ratio hues keep neighbouring indices apart).
XPBD_FN vec3 graphColourRgb(uint c) {
  float h = float(c) * 0.618034f;
  return hueColour(h - floor(h));
}

// Push constants of the vertex-normal pass.
struct NormalsConstants {
  uint vertexCount;  // particles
  uint pad0;
  uint pad1;
  uint pad2;
};

// Push constants of every draw (vertex and fragment stages).
struct DrawConstants {
  mat4 viewProj;  // world (m) → Vulkan clip space (depth 0..1, y down)
  vec4 eye;       // xyz camera position (m); w grid cell size on the ground (m)
  vec4 light;     // xyz unit direction towards the light; w ambient fraction in [0, 1]
  vec4 shape;     // cloth: rgb front colour (linear); collider: xyz centre (m); ground: xyz unit
                  // normal, w offset (m)
  vec4 extent;    // collider: orientation, unit quaternion (x, y, z, w); ground: xyz centre of the
                  // drawn square (m), w its half size (m)
};

XPBD_END_NAMESPACE

#ifdef __cplusplus
static_assert(sizeof(vkxpbd::gpu::NormalsConstants) == 16);
static_assert(sizeof(vkxpbd::gpu::ConstraintViewConstants) == 96);
static_assert(sizeof(vkxpbd::gpu::DrawConstants) == 128);  // the guaranteed push-constant size
#endif

#endif
