#version 450
// Stage "collide limit": one thread per particle (shared/collide_limit.h).
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < params.particleCount) collideLimitParticle(i, pc.substep);
}
