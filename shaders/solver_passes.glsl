// The body of every solver stage, for one element (particle, constraint or Jacobi row); each pass
// shader (one per stage) calls one of these per thread. Kept apart from the entry points so that
// other ways of scheduling the stages (e.g. a frame fused into one dispatch) reuse the same code.
#include "solver_common.glsl"

// Substep start: v* = v + g·Δt, x* = x + v*·Δt; pinned particles move to their target. x* and v* are
// kept for the velocity update at the end of the substep.
void predictParticle(uint i, uint substep) {
  vec4 x = positions[i];
  vec3 v = vec3(0.0f);
  uint pin = particlePin[i];
  if (pin != VKXPBD_NONE) {
    Pin p = pins[pin];
    if (p.motion != VKXPBD_NONE) {
      float t = substepEndTime(clock.frame, substep, params.frameDt, params.dt);
      vec3 target = pinTarget(p.target.xyz, motions[p.motion], t);
      v = (target - x.xyz) * params.invDt;
      x.xyz = target;
    }
  } else if (x.w > 0.0f) {
    v = predictVelocity(velocities[i].xyz, params.gravity.xyz, params.dt);
    x.xyz += v * params.dt;
  }
  predicted[i] = x;
  velocities[i] = vec4(v, 0.0f);
  positions[i] = x;
}

// Projects stored distance constraint `index` against the current positions and accumulates its λ
// (taken as 0 on the first iteration: XPBD resets λ once per substep). The caller applies the
// returned corrections.
DistanceCorrection projectStoredDistance(uint index, bool firstIteration) {
  DistanceConstraint c = distance[index];
  vec4 xa = positions[c.a];
  vec4 xb = positions[c.b];
  float lambda = firstIteration ? 0.0f : lambdas[index];
  DistanceCorrection r =
      projectDistance(xa.xyz, xb.xyz, xa.w, xb.w, c, params.alphaScale, lambda, params.constraintModel);
  lambdas[index] = lambda + r.deltaLambda;
  return r;
}

// Coloured Gauss-Seidel: no two constraints of a colour share a moving particle, so constraint k
// writes both ends directly.
void solveDistanceConstraint(uint k, bool firstIteration) {
  DistanceConstraint c = distance[k];
  DistanceCorrection r = projectStoredDistance(k, firstIteration);
  // Particles that do not move may be shared within a colour: never write them.
  if (positions[c.a].w > 0.0f) positions[c.a].xyz += r.deltaA;
  if (positions[c.b].w > 0.0f) positions[c.b].xyz += r.deltaB;
}

// Projects stored element constraint `index` (λ after the distance constraints' λ) like
// projectStoredDistance; the caller applies the corrections.
ElementCorrection projectStoredElement(uint index, bool firstIteration) {
  ElementConstraint e = elements[index];
  uint lambdaIndex = params.elementLambdaBase + 2u * index;
  vec4 q0 = vec4(0.0f);
  vec4 q1 = vec4(0.0f);
  vec4 q2 = vec4(0.0f);
  uint dataSize = elementDataSize(e.type);
  if (dataSize > 0u) q0 = elementData[e.data];
  if (dataSize > 1u) {
    q1 = elementData[e.data + 1u];
    q2 = elementData[e.data + 2u];
  }
  float lambda = firstIteration ? 0.0f : lambdas[lambdaIndex];
  float lambda2 = firstIteration ? 0.0f : lambdas[lambdaIndex + 1u];
  ElementCorrection r = projectElement(e, positions[e.a], positions[e.b], positions[e.c], positions[e.d], q0, q1, q2,
                                       params.alphaScale, lambda, lambda2, params.constraintModel);
  lambdas[lambdaIndex] = lambda + r.deltaLambda;
  lambdas[lambdaIndex + 1u] = lambda2 + r.deltaLambda2;
  return r;
}

void moveParticle(uint p, vec3 delta) {
  if (positions[p].w > 0.0f) positions[p].xyz += delta;
}

// Coloured Gauss-Seidel, element constraint k of a colour: no other constraint of the colour shares
// one of its moving particles.
void solveElementConstraint(uint k, bool firstIteration) {
  ElementConstraint e = elements[k];
  ElementCorrection r = projectStoredElement(k, firstIteration);
  moveParticle(e.a, r.d0);
  moveParticle(e.b, r.d1);
  moveParticle(e.c, r.d2);
  moveParticle(e.d, r.d3);
}

// Jacobi batch, phase 1, element constraint `first + k`: its four Δp to its four slots.
void jacobiElementConstraint(uint first, uint k, uint slotBase, bool firstIteration) {
  ElementCorrection r = projectStoredElement(first + k, firstIteration);
  uint slot = slotBase + 4u * k;
  jacobiDelta[slot] = vec4(r.d0, 0.0f);
  jacobiDelta[slot + 1u] = vec4(r.d1, 0.0f);
  jacobiDelta[slot + 2u] = vec4(r.d2, 0.0f);
  jacobiDelta[slot + 3u] = vec4(r.d3, 0.0f);
}

// Global volume, pass 1: row r's gradient ∇V (m²) and w|∇V|².
void volumeGradientRow(uint r) {
  VolumeRow row = volumeRows[r];
  vec3 g = vec3(0.0f);
  for (uint k = row.firstCorner; k < row.firstCorner + row.cornerCount; ++k) {
    uint t = volumeCorners[k] / 3u;
    uint corner = volumeCorners[k] % 3u;
    g += volumeCornerGradient(positions[volumeTriangles[3u * t + (corner + 1u) % 3u]].xyz,
                              positions[volumeTriangles[3u * t + (corner + 2u) % 3u]].xyz);
  }
  volumeGradient[r] = vec4(g, positions[row.particle].w * dot(g, g));
}

// Global volume, pass 3: row r moves by w ∇V Δλ of its body.
void volumeApplyRow(uint r) {
  VolumeRow row = volumeRows[r];
  moveParticle(row.particle, positions[row.particle].w * volumeState[row.body].deltaLambda * volumeGradient[r].xyz);
}

// Jacobi batch, phase 1: constraint `first + k` is projected against the current positions; each
// end's Δp goes to its own slot, to be averaged per particle by jacobiApplyRow.
void jacobiDistanceConstraint(uint first, uint k, uint slotBase, bool firstIteration) {
  DistanceCorrection r = projectStoredDistance(first + k, firstIteration);
  uint slot = slotBase + 2u * k;
  jacobiDelta[slot] = vec4(r.deltaA, 0.0f);
  jacobiDelta[slot + 1u] = vec4(r.deltaB, 0.0f);
}

// Jacobi batch, phase 2: a particle gathers its slots' Δp in a fixed order (no atomics, so the result
// is bitwise reproducible) and moves by ω times their average.
void jacobiApplyRow(uint row) {
  uint begin = jacobiOffsets[row];
  uint end = jacobiOffsets[row + 1u];
  vec3 sum = vec3(0.0f);
  for (uint s = begin; s < end; ++s) sum += jacobiDelta[jacobiSlots[s]].xyz;
  uint p = jacobiParticles[row];
  positions[p].xyz = jacobiAverage(positions[p].xyz, sum, float(end - begin), params.omega);
}

// Tether k: its particle back within maxLength of its (pinned) anchor. Tethers share no moving
// particle (one per particle), so all of them run in one dispatch.
void solveTether(uint k) {
  Tether t = tethers[k];
  vec4 x = positions[t.particle];
  positions[t.particle].xyz = projectTether(x.xyz, positions[t.anchor].xyz, t.maxLength);
}

// The grab constraint (mouse dragging), after the other constraints of each iteration.
void solveGrab(bool firstIteration) {
  if (grab.enabled == 0u) return;
  uint p = grab.particle;
  vec4 x = positions[p];
  float lambda = firstIteration ? 0.0f : grab.lambda;
  DistanceCorrection r = projectGrab(x.xyz, x.w, grab, params.alphaScale, lambda, params.constraintModel);
  if (x.w > 0.0f) positions[p].xyz = x.xyz + r.deltaA;
  grab.lambda = lambda + r.deltaLambda;
}

// Per-particle collision with the static planes and spheres (projection to the surface + thickness).
void collideParticle(uint i) {
  vec4 x = positions[i];
  if (x.w <= 0.0f) return;
  vec3 p = x.xyz;
  for (uint k = 0u; k < params.planeCount; ++k) p = collidePlane(p, planes[k], params.thickness);
  for (uint k = 0u; k < params.sphereCount; ++k) p = collideSphere(p, spheres[k], params.thickness);
  positions[i].xyz = p;
}

// Substep end: v = v* + (x − x*)/Δt, damped.
void updateParticleVelocity(uint i) {
  velocities[i] =
      vec4(updateVelocity(positions[i].xyz, predicted[i].xyz, velocities[i].xyz, params.invDt, params.dampingFactor), 0.0f);
}
