#version 450
// Stage "update velocity": one thread per particle. The last substep of a frame also advances the
// frame clock. pc.slotBase: the coarse levels' displacements in the hierarchy buffer (BDF2 with the
// hierarchy), else VKXPBD_NONE.
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i == 0u && (pc.flags & VKXPBD_FLAG_LAST_SUBSTEP) != 0u) clock.frame += 1u;
  if (i < params.particleCount) updateParticleVelocity(i, pc.slotBase);
}
