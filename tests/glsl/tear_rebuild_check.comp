#version 450
// Compile check (ctest glsl.tear_rebuild_compiles): the shared rebuilds that follow a tear, the surface
// triangle adjacency (shared/surface_csr.h) and the Jacobi rows and step scales (shared/jacobi_rows.h),
// are valid GLSL with their accessors defined over buffers. Not a pass of the solver: nothing
// dispatches it.
#extension GL_GOOGLE_include_directive : require
#include "shared/gpu_types.h"

layout(local_size_x = 1) in;

layout(std430, binding = 0) restrict readonly buffer Indices { uint surfaceIndices[]; };
layout(std430, binding = 1) restrict buffer Offsets { uint surfaceOffsets[]; };
layout(std430, binding = 2) restrict buffer Triangles { uint particleTriangles[]; };
layout(std430, binding = 3) restrict readonly buffer Distance { DistanceConstraint distance[]; };
layout(std430, binding = 4) restrict readonly buffer Elements { ElementConstraint elements[]; };
layout(std430, binding = 5) restrict readonly buffer Positions { vec4 positions[]; };
layout(std430, binding = 6) restrict buffer Scratch { uint degree[]; };
layout(std430, binding = 7) restrict buffer RowOf { uint rowOf[]; };
layout(std430, binding = 8) restrict buffer Rows { uint rowCount; uint rowParticles[]; };
layout(std430, binding = 9) restrict buffer RowOffsets { uint rowOffsets[]; };
layout(std430, binding = 10) restrict buffer Slots { uint slots[]; };
layout(std430, binding = 11) restrict buffer Scale { float scale[]; };

layout(push_constant) uniform Push {
  uint particles, corners, distanceFirst, distanceCount, elementFirst, elementCount;
};

uint scIndex(uint k) { return surfaceIndices[k]; }
uint scOffset(uint p) { return surfaceOffsets[p]; }
void scSetOffset(uint p, uint v) { surfaceOffsets[p] = v; }
void scSetTriangle(uint i, uint t) { particleTriangles[i] = t; }

uint jrDistanceEnd(uint k, uint j) { return j == 0u ? distance[distanceFirst + k].a : distance[distanceFirst + k].b; }
uint jrElementEnd(uint e, uint j) {
  ElementConstraint c = elements[elementFirst + e];
  return j == 0u ? c.a : j == 1u ? c.b : j == 2u ? c.c : c.d;
}
bool jrMoves(uint p) { return positions[p].w > 0.0f; }
uint jrDegree(uint p) { return degree[p]; }
void jrSetDegree(uint p, uint v) { degree[p] = v; }
uint jrRowOf(uint p) { return rowOf[p]; }
void jrSetRowOf(uint p, uint r) { rowOf[p] = r; }
uint jrOffset(uint r) { return rowOffsets[r]; }
void jrSetOffset(uint r, uint v) { rowOffsets[r] = v; }
uint jrParticle(uint r) { return rowParticles[r]; }
void jrSetParticle(uint r, uint p) { rowParticles[r] = p; }
void jrSetSlot(uint i, uint s) { slots[i] = s; }
void jrSetScale(uint k, float s) { scale[k] = s; }

#include "shared/surface_csr.h"
#include "shared/jacobi_rows.h"

void main() {
  buildSurfaceCsr(particles, corners);
  rowCount = buildJacobiRows(particles, distanceCount, elementCount);
}
