// The global volume constraint of a closed surface (balloons, inflatables), shared by the GLSL passes
// and the CPU reference. By the divergence theorem the enclosed volume of an outward-oriented closed
// triangle mesh is V = Σ_t x_a·(x_b × x_c)/6, and ∇_{x_i} V = Σ_{t ∋ i} (x_j × x_k)/6 over the triangles
// of particle i, (i, j, k) in the triangle's order. One constraint C = V − pressure·V₀ couples every
// surface particle, so it cannot be coloured: it is solved in its own passes (gradient per particle,
// one deterministic reduction per body, move per particle) once per iteration.
#ifndef VKXPBD_SHARED_VOLUME_MATH_H
#define VKXPBD_SHARED_VOLUME_MATH_H

#include "shared/xpbd_math.h"

XPBD_BEGIN_NAMESPACE

// A triangle's share of the enclosed volume, m³.
XPBD_FN float triangleVolume(vec3 a, vec3 b, vec3 c) {
  return dot(a, cross(b, c)) / 6.0f;
}

// ∇ of triangleVolume at one corner, given the next two corners in the triangle's order, m².
XPBD_FN vec3 volumeCornerGradient(vec3 next, vec3 nextNext) {
  return cross(next, nextNext) / 6.0f;
}

// One XPBD step of C = V − pressure·V₀ with Σ w_i |∇_i V|² = wGrad (PBD mode: stiffness 1).
XPBD_FN VolumeState volumeStep(VolumeBody body, float volume, float wGrad, float alphaScale, float lambda,
                               uint constraintModel) {
  VolumeState s;
  s.volume = volume;
  s.C = volume - body.pressure * body.restVolume;
  s.deltaLambda = 0.0f;
  if (wGrad > 0.0f) {
    if (constraintModel == VKXPBD_MODEL_PBD) {
      s.deltaLambda = -s.C / wGrad;
    } else {
      s.deltaLambda = xpbdDeltaLambda(s.C, wGrad, body.compliance * alphaScale, lambda);
    }
  }
  s.lambda = lambda + s.deltaLambda;
  return s;
}

XPBD_END_NAMESPACE

#ifdef __cplusplus
#include "shared/reduce_order.h"
namespace vkxpbd::gpu {
// The GPU reduction's summation order (volume_reduce.comp, shared/reduce_order.h).
template <typename Element>
float volumeReduce(uint32_t count, Element element) {
  return workGroupReduce<VKXPBD_VOLUME_REDUCE_SIZE>(count, 0.0f, element,
                                                    [](float a, float b) { return a + b; });
}
}  // namespace vkxpbd::gpu
#endif

#endif
