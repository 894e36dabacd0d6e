#version 450
// Stage "volume gradient": one thread per surface particle of the volume bodies: ∇V and w|∇V|².
#include "solver_passes.glsl"

void main() {
  uint r = threadIndex();
  if (r < pc.count) volumeGradientRow(r);
}
