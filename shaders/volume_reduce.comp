#version 450
// Stage "volume reduce": one work group per volume body sums V and Σ w|∇V|² in a fixed order (each
// thread a strided partial sum, then a pairwise tree; the CPU reference, gpu::volumeReduce, adds in
// the same order), then takes the body's XPBD step. No atomics: bitwise reproducible.
#extension GL_GOOGLE_include_directive : require
#define VKXPBD_CUSTOM_WORKGROUP
#include "solver_passes.glsl"

layout(local_size_x = VKXPBD_VOLUME_REDUCE_SIZE) in;

shared float partialVolume[VKXPBD_VOLUME_REDUCE_SIZE];
shared float partialWGrad[VKXPBD_VOLUME_REDUCE_SIZE];

void main() {
  uint b = gl_WorkGroupID.x;
  uint t = gl_LocalInvocationID.x;
  VolumeBody body = volumeBodies[b];
  vec3 origin = volumeOrigin(b);
  float volume = 0.0f;
  for (uint k = t; k < body.triangleCount; k += VKXPBD_VOLUME_REDUCE_SIZE) {
    uint tri = 3u * (body.firstTriangle + k);
    volume += triangleVolume(positionIn(volumeTriangles[tri], origin), positionIn(volumeTriangles[tri + 1u], origin),
                             positionIn(volumeTriangles[tri + 2u], origin));
  }
  float wGrad = 0.0f;
  for (uint k = t; k < body.rowCount; k += VKXPBD_VOLUME_REDUCE_SIZE) wGrad += volumeGradient[body.firstRow + k].w;
  partialVolume[t] = volume;
  partialWGrad[t] = wGrad;
  barrier();
  for (uint stride = VKXPBD_VOLUME_REDUCE_SIZE / 2u; stride > 0u; stride /= 2u) {
    if (t < stride) {
      partialVolume[t] += partialVolume[t + stride];
      partialWGrad[t] += partialWGrad[t + stride];
    }
    barrier();
  }
  if (t == 0u) {
    bool firstIteration = (pc.flags & VKXPBD_FLAG_FIRST_ITERATION) != 0u;
    float lambda = firstIteration ? 0.0f : volumeState[b].lambda;
    volumeState[b] = volumeStep(body, partialVolume[0], partialWGrad[0], params.alphaScale, lambda, params.constraintModel);
  }
}
