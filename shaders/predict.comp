#version 450
// Stage "predict": one thread per particle.
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < params.particleCount) predictParticle(i, pc.substep);
}
