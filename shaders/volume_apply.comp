#version 450
// Stage "volume apply": one thread per surface particle of the volume bodies: x += w ∇V Δλ.
#include "solver_passes.glsl"

void main() {
  uint r = threadIndex();
  if (r < pc.count) volumeApplyRow(r);
}
