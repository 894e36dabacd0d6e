#version 450
// Stage "jacobi apply": one thread per particle of the Jacobi batch.
#include "solver_passes.glsl"

void main() {
  uint row = threadIndex();
  if (row < pc.count) jacobiApplyRow(row);
}
