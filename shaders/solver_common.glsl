// Declarations shared by every solver pass: the one descriptor set (bindings from shared/config.h),
// the parameter block and the push constants. All structs come from shared/gpu_types.h.
#extension GL_GOOGLE_include_directive : require
#include "shared/element_math.h"
#include "shared/volume_math.h"
#include "shared/contact_math.h"
#include "shared/collider_math.h"
#include "shared/collide_limit.h"
#include "shared/attach_math.h"
#include "shared/position_math.h"
#include "shared/integrator_math.h"
#include "shared/momentum_math.h"
#include "shared/hierarchy_math.h"
#include "shared/cascade_math.h"
#include "shared/patch_stick_math.h"

#ifndef VKXPBD_CUSTOM_WORKGROUP
layout(local_size_x = VKXPBD_WORKGROUP_SIZE) in;
#endif

// Every binding is a buffer of its own (engine/gpu/gpu_solver.cpp), so none aliases another: `restrict`
// lets the compiler keep a value it loaded across stores to other buffers.
layout(std430, set = 0, binding = VKXPBD_BINDING_POSITIONS) restrict buffer Positions { vec4 positions[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_PREDICTED) restrict buffer Predicted { vec4 predicted[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_VELOCITIES) restrict buffer Velocities { vec4 velocities[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_PARTICLE_PIN) restrict readonly buffer ParticlePin { uint particlePin[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_PINS) restrict readonly buffer Pins { Pin pins[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_MOTIONS) restrict readonly buffer Motions { PinMotion motions[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_DISTANCE) restrict readonly buffer Distance { DistanceConstraint distance[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_LAMBDA) restrict buffer Lambdas { float lambdas[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_JACOBI_DELTA) restrict buffer JacobiDelta { vec4 jacobiDelta[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_JACOBI_ROWS) restrict readonly buffer JacobiRows { uint jacobiRows[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_JACOBI_SLOTS) restrict readonly buffer JacobiSlots { uint jacobiSlots[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_INTEGRATOR_HISTORY) restrict buffer IntegratorHistory { vec4 integratorHistory[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_JACOBI_SCALE) restrict readonly buffer JacobiScale { float jacobiScale[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_COLLIDERS) restrict readonly buffer Colliders { Collider colliders[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_SDF_VALUES) restrict readonly buffer SdfValues { float sdfValues[]; };
layout(std140, set = 0, binding = VKXPBD_BINDING_PARAMS) uniform Params { SimParams params; };
layout(std430, set = 0, binding = VKXPBD_BINDING_CONTROL) restrict buffer Control { GrabConstraint grab; FrameClock clock; };
layout(std430, set = 0, binding = VKXPBD_BINDING_HIERARCHY) restrict buffer HierarchyData { vec4 hierarchy[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_TETHERS) restrict readonly buffer Tethers { Tether tethers[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_ELEMENTS) restrict readonly buffer Elements { ElementConstraint elements[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_ELEMENT_DATA) restrict readonly buffer ElementData { vec4 elementData[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_VOLUME_BODIES) restrict readonly buffer VolumeBodies { VolumeBody volumeBodies[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_VOLUME_INDICES) restrict readonly buffer VolumeIndices { uint volumeTriangles[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_VOLUME_GRADIENT) restrict buffer VolumeGradient { vec4 volumeGradient[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_VOLUME_STATE) restrict buffer VolumeStates { VolumeState volumeState[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_HASH_CELLS) restrict buffer HashCells { uint hashCells[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_HASH_PARTICLES) restrict buffer HashParticles { uint hashParticles[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_CONTACTS) restrict buffer Contacts { uint contacts[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_CONTACT_DELTA) restrict buffer ContactDelta { vec4 contactDelta[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_PARTICLE_FRICTION) restrict readonly buffer ParticleFriction { float particleFriction[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_CONTACT_TRIANGLES) restrict readonly buffer ContactTriangles { uint contactTriangles[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_POSITION_LOW) restrict buffer PositionLow { vec4 positionLow[]; };
layout(std430, set = 0, binding = VKXPBD_BINDING_MOMENTUM) restrict buffer Momentum { uint momentumWords[]; };


layout(push_constant) uniform Push { PassConstants pc; };

// Linear thread index; dispatches wider than maxComputeWorkGroupCount[0] groups use a second dimension.
uint threadIndex() { return gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x; }

// The pass's thread index in a pass recorded as chunks (engine/gpu/binding_windows.h: colour and Jacobi
// passes): this dispatch's threads are [pc.chunkFirst, pc.chunkFirst + pc.chunkCount); past them, an
// index no range holds.
uint chunkThreadIndex() {
  uint t = threadIndex();
  return t < pc.chunkCount ? pc.chunkFirst + t : 0xFFFFFFFFu;
}

// The momentum buffer's layout (shared/config.h, VKXPBD_BINDING_MOMENTUM).
vec4 loadMomentumWords(uint w) {
  return uintBitsToFloat(uvec4(momentumWords[w], momentumWords[w + 1u], momentumWords[w + 2u], momentumWords[w + 3u]));
}
void storeMomentumWords(uint w, vec4 v) {
  uvec4 u = floatBitsToUint(v);
  momentumWords[w] = u.x;
  momentumWords[w + 1u] = u.y;
  momentumWords[w + 2u] = u.z;
  momentumWords[w + 3u] = u.w;
}
uint momentumBodyWord(uint b) { return VKXPBD_MOMENTUM_PARTICLE_WORDS * params.particleCount + 16u * b; }
// Particle i's words: 0–2 its momentum start (xyz), 3 its body's stick mark (written by the friction cone
// pass for the next substep's collide), 4–7 its static-cone terms (m Δ_t, m μs depth; kg·m, written by
// collide).
vec3 momentumStartOf(uint i) { return loadMomentumWords(VKXPBD_MOMENTUM_PARTICLE_WORDS * i).xyz; }
void storeMomentumStart(uint i, vec4 x) {
  uint w = VKXPBD_MOMENTUM_PARTICLE_WORDS * i;
  momentumWords[w] = floatBitsToUint(x.x);
  momentumWords[w + 1u] = floatBitsToUint(x.y);
  momentumWords[w + 2u] = floatBitsToUint(x.z);
}
uint momentumConeWord(uint i) { return VKXPBD_MOMENTUM_PARTICLE_WORDS * i + 4u; }
vec4 coneTermsOf(uint i) { return loadMomentumWords(momentumConeWord(i)); }
void storeConeTerms(uint i, vec4 cone) { storeMomentumWords(momentumConeWord(i), cone); }
// Words 8–11 and 12–15 (shared/config.h): the cone terms of its cascade contact and the contact (normal,
// normal impulse), written by the cascade for a particle of a body that has it. A model without free
// bodies has no momentum words at all: then nothing is written.
bool momentumWordsHold(uint i) { return VKXPBD_MOMENTUM_PARTICLE_WORDS * (i + 1u) <= uint(momentumWords.length()); }
uint cascadeConeWord(uint i) { return VKXPBD_MOMENTUM_PARTICLE_WORDS * i + 8u; }
uint cascadeContactWord(uint i) { return VKXPBD_MOMENTUM_PARTICLE_WORDS * i + 12u; }
vec4 cascadeConeTermsOf(uint i) { return loadMomentumWords(cascadeConeWord(i)); }
vec4 cascadeContactOf(uint i) { return loadMomentumWords(cascadeContactWord(i)); }
float stickMarkOf(uint i) { return uintBitsToFloat(momentumWords[VKXPBD_MOMENTUM_PARTICLE_WORDS * i + 3u]); }
void storeStickMark(uint i, float stick) { momentumWords[VKXPBD_MOMENTUM_PARTICLE_WORDS * i + 3u] = floatBitsToUint(stick); }
MomentumBody momentumBodyOf(uint b) {
  uint w = momentumBodyWord(b);
  MomentumBody body;
  body.first = momentumWords[w];
  body.count = momentumWords[w + 1u];
  body.solid = momentumWords[w + 2u];
  body.pad1 = 0u;
  return body;
}
// A solid body's static-cone mean surplus (kg·m, shared/collider_math.h), kept in its MomentumBody's last word.
float frictionSurplusOf(uint b) { return uintBitsToFloat(momentumWords[momentumBodyWord(b) + 3u]); }
void storeFrictionSurplus(uint b, float s) { momentumWords[momentumBodyWord(b) + 3u] = floatBitsToUint(s); }
MomentumFix momentumFixOf(uint b) {
  uint w = momentumBodyWord(b) + 4u;
  MomentumFix f;
  f.shift = loadMomentumWords(w);
  f.rotation = loadMomentumWords(w + 4u);
  f.centre = loadMomentumWords(w + 8u);
  return f;
}
void storeMomentumFix(uint b, MomentumFix f) {
  uint w = momentumBodyWord(b) + 4u;
  storeMomentumWords(w, f.shift);
  storeMomentumWords(w + 4u, f.rotation);
  storeMomentumWords(w + 8u, f.centre);
}
