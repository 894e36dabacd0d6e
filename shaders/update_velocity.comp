#version 450
// Stage "update velocity": one thread per particle. The last substep of a frame also advances the
// frame clock. pc.slotBase: BDF2 with the hierarchy, the flags of the hierarchy's particles in the hierarchy
// buffer (they integrate with implicit Euler: shared/integrator_math.h, eulerBodyHistory), else VKXPBD_NONE.
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i == 0u && (pc.flags & VKXPBD_FLAG_LAST_SUBSTEP) != 0u) clock.frame += 1u;
  if (i < params.particleCount) updateParticleVelocity(i, pc.slotBase);
}
