// Declarations shared by the tear passes (PassLayout::Tear, docs/tearing.md): their own descriptor set
// (VKXPBD_TEAR_BINDING_* from shared/config.h) and the accessors through which the shared split
// (shared/tear_split.h) reads and writes it. One invocation per dispatch: the split is serial.
#extension GL_GOOGLE_include_directive : require
#include "shared/gpu_types.h"
#include "shared/tear_layout.h"

layout(local_size_x = 1) in;

layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_POSITIONS) restrict buffer Positions { vec4 positions[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_POSITION_LOW) restrict buffer PositionLow { vec4 positionLow[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_VELOCITIES) restrict buffer Velocities { vec4 velocities[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_HISTORY) restrict buffer History { vec4 history[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_DISTANCE) restrict buffer Distance { DistanceConstraint distance[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_ELEMENTS) restrict buffer Elements { ElementConstraint elements[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_TRIANGLES) restrict buffer Triangles { uint triangles[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_TABLE) restrict buffer TearTable { uint tearTable[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_REST_W) restrict buffer RestW { float restW[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_BROKEN) restrict buffer TearBroken { uint tearCount; uint tearBroken[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_TRIANGLE_OFFSETS) restrict buffer TriangleOffsets { uint triangleOffsets[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_PARTICLE_TRIANGLES) restrict buffer ParticleTriangles { uint particleTriangles[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_JACOBI_ROWS) restrict buffer JacobiRows { uint jacobiRows[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_JACOBI_SLOTS) restrict buffer JacobiSlots { uint jacobiSlots[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_JACOBI_SCALE) restrict buffer JacobiScale { float jacobiScale[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_JACOBI_SCRATCH) restrict buffer JacobiScratch { uint jacobiScratch[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_CONTACT_TRIANGLES) restrict buffer ContactTriangles { uint contactTriangles[]; };
layout(std430, set = 0, binding = VKXPBD_TEAR_BINDING_HASH_PARTICLES) restrict buffer HashParticles { uint hashParticles[]; };

// pc.first: the chunk (0 .. VKXPBD_TEAR_CHUNKS − 1); pc.count: 1 with a BDF2 history; pc.flags: 1 with
// contacts (the stitch partners at hashParticles[2N + p], sim/contact_hash.h).
layout(push_constant) uniform Push { PassConstants pc; };

uint tsTable(uint i) { return tearTable[i]; }
void tsSetTable(uint i, uint v) { tearTable[i] = v; }
uint tsCorner(uint i) { return triangles[i]; }
void tsSetCorner(uint i, uint v) { triangles[i] = v; }
uint tsDistA(uint k) { return distance[k].a; }
uint tsDistB(uint k) { return distance[k].b; }
uint tsDistKind(uint k) { return distance[k].kind; }
// ConstraintKind::Stitch (sim/model.h).
#define TEAR_KIND_STITCH 3u
void tsSetDist(uint k, uint a, uint b) {
  // A stitch that the split moves to a copy (or removes) takes its partners with it: the contacts
  // leave partners out. The CPU reference builds them again from its constraints (CpuSolver).
  if ((pc.flags & 1u) != 0u && distance[k].kind == TEAR_KIND_STITCH) {
    uint base = 2u * tearTable[VKXPBD_TEAR_HDR_PARTICLES];
    hashParticles[base + distance[k].a] = VKXPBD_NONE;
    hashParticles[base + distance[k].b] = VKXPBD_NONE;
    if (a != b) {
      hashParticles[base + a] = b;
      hashParticles[base + b] = a;
    }
  }
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
// pc.count: 1 when the integrator keeps a BDF2 history (2 per particle).
void tsCopyParticle(uint p, uint copy, float w) {
  positions[copy] = vec4(positions[p].xyz, w);
  positions[p].w = w;
  positionLow[copy] = positionLow[p];
  velocities[copy] = velocities[p];
  if (pc.count != 0u) {
    uint n = tearTable[VKXPBD_TEAR_HDR_PARTICLES];
    history[copy] = history[p];
    history[n + copy] = history[n + p];
  }
}

#include "shared/tear_split.h"

// The chunk's share [begin, end) of `total` items.
uvec2 tearChunk(uint total) {
  uint per = (total + VKXPBD_TEAR_CHUNKS - 1u) / VKXPBD_TEAR_CHUNKS;
  uint begin = min(total, pc.first * per);
  return uvec2(begin, min(total, begin + per));
}
