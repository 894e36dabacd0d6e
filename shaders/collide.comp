#version 450
// Stage "collide": one thread per particle.
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < params.particleCount) collideParticle(i, pc.substep);
}
