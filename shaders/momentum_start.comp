#version 450
// Stage "momentum start": one thread per particle: the positions before this iteration's constraint
// passes, against which the momentum reduction measures their displacement.
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < pc.count) momentumStartParticle(i);
}
