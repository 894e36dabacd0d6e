#version 450
// Compile check (ctest glsl.tear_split_compiles): the shared tear split (shared/tear_split.h) is valid
// GLSL, with its accessors defined over buffers the way a tear pass would define them. Not a pass of
// the solver: nothing dispatches it.
#extension GL_GOOGLE_include_directive : require
#include "shared/gpu_types.h"
#include "shared/tear_layout.h"

layout(local_size_x = 1) in;

layout(std430, binding = 0) restrict buffer TearTable { uint tearTable[]; };
layout(std430, binding = 1) restrict buffer Triangles { uint triangles[]; };
layout(std430, binding = 2) restrict buffer Distance { DistanceConstraint distance[]; };
layout(std430, binding = 3) restrict buffer Elements { ElementConstraint elements[]; };
layout(std430, binding = 4) restrict buffer Positions { vec4 positions[]; };
layout(std430, binding = 5) restrict buffer PositionLow { vec4 positionLow[]; };
layout(std430, binding = 6) restrict buffer Velocities { vec4 velocities[]; };
layout(std430, binding = 7) restrict buffer History { vec4 history[]; };
layout(std430, binding = 8) restrict buffer RestW { float restW[]; };
layout(std430, binding = 9) restrict readonly buffer Broken { uint brokenCount; uint broken[]; };

uint tsTable(uint i) { return tearTable[i]; }
void tsSetTable(uint i, uint v) { tearTable[i] = v; }
uint tsCorner(uint i) { return triangles[i]; }
void tsSetCorner(uint i, uint v) { triangles[i] = v; }
uint tsDistA(uint k) { return distance[k].a; }
uint tsDistB(uint k) { return distance[k].b; }
uint tsDistKind(uint k) { return distance[k].kind; }
void tsSetDist(uint k, uint a, uint b) {
  distance[k].a = a;
  distance[k].b = b;
}
uint tsElem(uint k, uint j) {
  return j == 0u ? elements[k].a : j == 1u ? elements[k].b : j == 2u ? elements[k].c : elements[k].d;
}
void tsSetElem(uint k, uint a, uint b, uint c, uint d) {
  elements[k].a = a;
  elements[k].b = b;
  elements[k].c = c;
  elements[k].d = d;
}
vec4 tsPosition(uint p) { return positions[p]; }
float tsRestW(uint p) { return restW[p]; }
void tsSetRestW(uint p, float w) { restW[p] = w; }
void tsCopyParticle(uint p, uint copy, float w) {
  uint n = tearTable[VKXPBD_TEAR_HDR_PARTICLES];
  positions[copy] = vec4(positions[p].xyz, w);
  positions[p].w = w;
  positionLow[copy] = positionLow[p];
  velocities[copy] = velocities[p];
  history[copy] = history[p];
  history[n + copy] = history[n + p];
}

#include "shared/tear_split.h"

void main() {
  tearResetCounters();
  for (uint i = 0u; i < brokenCount; ++i) tearBreak(broken[i]);
  uint bodies = tearTable[VKXPBD_TEAR_HDR_BODIES];
  for (uint body = 0u; body < bodies; ++body) {
    uint first = tearBodyAt(body, VKXPBD_TEAR_BODY_TRI_FIRST);
    uint count = tearBodyAt(body, VKXPBD_TEAR_BODY_TRI_COUNT);
    for (uint t = first; t < first + count; ++t) tearHoldTriangle(t);
  }
}
