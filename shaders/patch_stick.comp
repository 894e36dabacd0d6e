#version 450
// Stage "patch stick", after the contact cascade and before collide: one work group per free body. A solid
// body that its static cone marked stick (the friction cone pass of the last substep) moves rigidly so that
// its rigid slip at its contact patch is taken out, and each of its cascade contacts then takes out its own
// slip (shared/patch_stick_math.h). The sums are
// added in a fixed order (each thread a strided partial sum, then a pairwise tree; the CPU reference,
// gpu::momentumReduce and gpu::patchReduce, adds in the same order). No atomics.
#extension GL_GOOGLE_include_directive : require
#define VKXPBD_CUSTOM_WORKGROUP
#include "solver_passes.glsl"

layout(local_size_x = VKXPBD_MOMENTUM_REDUCE_SIZE) in;

shared vec4 partialFirst[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialSquare[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialMixed[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialImpulse[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialMoment[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialFirstMoment[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialLoad[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialNormal[VKXPBD_MOMENTUM_REDUCE_SIZE];

void store(uint t, MomentumSums m, PatchSums p) {
  partialFirst[t] = m.first;
  partialSquare[t] = m.square;
  partialMixed[t] = m.mixed;
  partialImpulse[t] = m.impulse;
  partialMoment[t] = m.moment;
  partialFirstMoment[t] = p.first;
  partialLoad[t] = p.load;
  partialNormal[t] = p.normal;
}

MomentumSums loadBody(uint t) {
  MomentumSums m = noMomentumSums();
  m.first = partialFirst[t];
  m.square = partialSquare[t];
  m.mixed = partialMixed[t];
  m.impulse = partialImpulse[t];
  m.moment = partialMoment[t];
  return m;
}

PatchSums loadPatch(uint t) {
  PatchSums p;
  p.first = partialFirstMoment[t];
  p.load = partialLoad[t];
  p.normal = partialNormal[t];
  return p;
}

// Particle i's motion over the substep so far (its low part now minus the substep's start x* − v*Δt).
vec3 movedInSubstep(uint i) {
  return positionLow[i].xyz - (predicted[i].xyz - velocities[i].xyz * params.dt);
}

void main() {
  uint b = gl_WorkGroupID.x;
  uint t = gl_LocalInvocationID.x;
  MomentumBody body = momentumBodyOf(b);
  // The same for the whole work group: a body that is not solid or does not stick does not move.
  if (body.solid == 0u || stickMarkOf(body.first) <= 0.0f) return;
  vec3 origin = positions[body.first].xyz;  // positions relative to the body's first particle
  MomentumSums m = noMomentumSums();
  PatchSums p = noPatchSums();
  for (uint k = t; k < body.count; k += VKXPBD_MOMENTUM_REDUCE_SIZE) {
    uint i = body.first + k;
    if (positions[i].w <= 0.0f) continue;
    float mass = 1.0f / positions[i].w;
    vec3 q = positionIn(i, origin);
    m = addMomentumSums(m, momentumTerms(q, movedInSubstep(i), mass));
    vec4 contact = cascadeContactOf(i);
    if (hasPatchContact(contact)) p = addPatchSums(p, patchTerms(q, contact, mass));
  }
  store(t, m, p);
  barrier();
  for (uint stride = VKXPBD_MOMENTUM_REDUCE_SIZE / 2u; stride > 0u; stride /= 2u) {
    if (t < stride)
      store(t, addMomentumSums(loadBody(t), loadBody(t + stride)), addPatchSums(loadPatch(t), loadPatch(t + stride)));
    barrier();
  }
  MomentumSums bodySums = loadBody(0u);
  PatchSums contacts = loadPatch(0u);
  barrier();  // every thread has read the sums before the radius reuses the first array
  // The patch's mean radius: a second pass over the contacts, around the centre just summed.
  vec3 centre = patchCentroid(contacts);
  vec3 normal = vec3(patchNormal(contacts));
  float radius = 0.0f;
  for (uint k = t; k < body.count; k += VKXPBD_MOMENTUM_REDUCE_SIZE) {
    uint i = body.first + k;
    if (positions[i].w <= 0.0f || !hasPatchContact(cascadeContactOf(i))) continue;
    radius += patchRadiusTerm(positionIn(i, origin), centre, normal);
  }
  partialFirst[t] = vec4(radius, 0.0f, 0.0f, 0.0f);
  barrier();
  for (uint stride = VKXPBD_MOMENTUM_REDUCE_SIZE / 2u; stride > 0u; stride /= 2u) {
    if (t < stride) partialFirst[t] = partialFirst[t] + partialFirst[t + stride];
    barrier();
  }
  // Every thread computes the same move and moves only its own particles: no barrier needed after it.
  MomentumFix move = patchStickMove(bodySums, contacts, partialFirst[0].x);
  for (uint k = t; k < body.count; k += VKXPBD_MOMENTUM_REDUCE_SIZE) {
    uint i = body.first + k;
    if (positions[i].w <= 0.0f) continue;
    positionLow[i].xyz += patchStickDisplacement(move, positionIn(i, origin));
    vec4 contact = cascadeContactOf(i);
    if (hasPatchContact(contact)) positionLow[i].xyz += patchContactStick(movedInSubstep(i), contact);
  }
}
