// The body of every solver stage, for one element (particle, constraint or Jacobi row); each pass
// shader (one per stage) calls one of these per thread. Kept apart from the entry points so that
// other ways of scheduling the stages (e.g. a frame fused into one dispatch) reuse the same code.
#include "solver_common.glsl"

// Volume row r (its four words follow the triangles and corners in VKXPBD_BINDING_VOLUME_INDICES).
VolumeRow volumeRowAt(uint r) {
  uint base = params.volumeRowBase + 4u * r;
  VolumeRow row;
  row.particle = volumeTriangles[base];
  row.firstCorner = volumeTriangles[base + 1u];
  row.cornerCount = volumeTriangles[base + 2u];
  row.body = volumeTriangles[base + 3u];
  return row;
}

// Particle k's position relative to `origin` (m), from both parts (shared/position_math.h). Every pass
// evaluates its particles in the frame of one of them, so no result depends on the distance to the
// world origin.
vec3 positionIn(uint k, vec3 origin) { return positionRelativeTo(positions[k].xyz, positionLow[k].xyz, origin); }

// Substep start: v* = v + g·Δt, x* = x + v*·Δt; pinned particles move to their target. x* and v* are
// kept for the velocity update at the end of the substep.
// The motion goes into the low part of the position; the high part stays until the substep's end.
void predictParticle(uint i, uint substep) {
  vec4 x = positions[i];
  vec3 lo = positionLow[i].xyz;
  vec3 v = vec3(0.0f);
  uint pin = particlePin[i];
  if (pin != VKXPBD_NONE) {
    Pin p = pins[pin];
    if (p.motion != VKXPBD_NONE || p.attach != 0u) {
      float t = substepEndTime(clock.frame, substep, params.frameDt, params.dt);
      vec3 offset = p.attach != 0u ? attachedPinOffset(colliders[p.attach - 1u], p.target.xyz, p.targetLow.xyz, t)
                                   : pinOffset(motions[p.motion], t);
      vec3 target = p.targetLow.xyz + offset;  // relative to the high part p.target
      v = (target - positionRelativeTo(x.xyz, lo, p.target.xyz)) * params.invDt;
      x.xyz = p.target.xyz;
      lo = target;
    }
  } else if (x.w > 0.0f) {
    vec3 current = velocities[i].xyz;
    uint previous = params.particleCount + i;
    if (params.integrator == VKXPBD_INTEGRATOR_BDF2 && integratorHistory[i].w > 0.0f) {
      v = bdf2PredictedVelocity(integratorHistory[i].xyz, current, integratorHistory[previous].xyz, params.gravity.xyz,
                                params.dt);
    } else {
      v = predictVelocity(current, params.gravity.xyz, params.dt);
    }
    // vⁿ, for the momentum projection (momentumTermsBdf2); the update replaces it when it restarts.
    if (params.integrator == VKXPBD_INTEGRATOR_BDF2) integratorHistory[previous] = vec4(current, 0.0f);
    lo += v * params.dt;
  }
  predicted[i] = vec4(lo, x.w);
  velocities[i] = vec4(v, 0.0f);
  positions[i] = x;
  positionLow[i] = vec4(lo, 0.0f);
}

// Projects stored distance constraint `index` against the current positions and accumulates its λ
// (taken as 0 on the first iteration: XPBD resets λ once per substep), taken as `step` says (Gauss-Seidel
// once, the batch with split masses: JacobiStep, xpbd_math.h). The caller applies the
// returned corrections.
DistanceCorrection projectStoredDistance(uint index, bool firstIteration, JacobiStep step) {
  DistanceConstraint c = distance[index - pc.distanceBase];  // the bound window (binding_windows.h)
  vec4 xa = positions[c.a];
  float lambda = firstIteration ? 0.0f : lambdas[index];
  DistanceCorrection r = scaledDistanceCorrection(
      projectDistance(positionLow[c.a].xyz, positionIn(c.b, xa.xyz), xa.w / step.massShare,
                      positions[c.b].w / step.massShare, c, params.alphaScale, lambda, params.constraintModel),
      step);
  lambdas[index] = lambda + r.deltaLambda;
  return r;
}

// Particles that do not move may be shared within a colour: never write them.
void moveParticle(uint p, vec3 delta) {
  if (positions[p].w > 0.0f) positionLow[p].xyz += delta;
}

// Coloured Gauss-Seidel: no two constraints of a colour share a moving particle, so constraint k
// writes both ends directly.
void solveDistanceConstraint(uint k, bool firstIteration) {
  // projectStoredDistance and moveParticle in one, each particle's two parts loaded once (the hot path).
  DistanceConstraint c = distance[k - pc.distanceBase];  // the bound window (binding_windows.h)
  vec4 xa = positions[c.a];
  vec4 xb = positions[c.b];
  vec3 la = positionLow[c.a].xyz;
  vec3 lb = positionLow[c.b].xyz;
  float lambda = firstIteration ? 0.0f : lambdas[k];
  DistanceCorrection r = projectDistance(la, positionRelativeTo(xb.xyz, lb, xa.xyz), xa.w, xb.w, c, params.alphaScale,
                                         lambda, params.constraintModel);
  lambdas[k] = lambda + r.deltaLambda;
  if (xa.w > 0.0f) positionLow[c.a] = vec4(la + r.deltaA, 0.0f);
  if (xb.w > 0.0f) positionLow[c.b] = vec4(lb + r.deltaB, 0.0f);
}

// Hierarchy, a coarse constraint from its two vec4s in VKXPBD_BINDING_HIERARCHY.
CoarseConstraint coarseConstraintFrom(vec4 p, vec4 q) {
  CoarseConstraint c;
  c.a = floatBitsToUint(p.x);
  c.b = floatBitsToUint(p.y);
  c.restLength = p.z;
  c.compliance = p.w;
  c.invMassA = q.x;
  c.invMassB = q.y;
  c.flags = floatBitsToUint(q.z);
  c.compressionCompliance = q.w;
  return c;
}

// Tearing with the hierarchy: the torn marks are the hierarchy buffer's first vec4s, two per particle.
uint tornLevels(uint particle) { return floatBitsToUint(hierarchy[VKXPBD_TEAR_MARK_VEC4S * particle].z); }

// The correction of coarse constraint c between particles pa and pb, whose low parts are la and lb (m);
// false when it carries no load (torn). c's inverse masses become those of its ends in the state.
bool coarseCorrection(inout CoarseConstraint c, uint pa, uint pb, vec3 la, vec3 lb, out DistanceCorrection r) {
  if ((c.flags & VKXPBD_COARSE_TEARS) != 0u && coarseConstraintTorn(c, tornLevels(pa), tornLevels(pb))) return false;
  vec4 xa = positions[pa];
  c.invMassA = coarseEndInvMass(c.invMassA, xa.w);
  c.invMassB = coarseEndInvMass(c.invMassB, positions[pb].w);
  r = projectCoarse(la, positionRelativeTo(positions[pb].xyz, lb, xa.xyz), c, params.alphaScale);
  return true;
}

// Hierarchy, coarse constraint `index` (2 vec4s each from `base` in VKXPBD_BINDING_HIERARCHY).
void solveCoarseConstraint(uint base, uint index) {
  CoarseConstraint c = coarseConstraintFrom(hierarchy[base + 2u * index], hierarchy[base + 2u * index + 1u]);
  vec3 la = positionLow[c.a].xyz;
  vec3 lb = positionLow[c.b].xyz;
  DistanceCorrection r;
  if (!coarseCorrection(c, c.a, c.b, la, lb, r)) return;
  if (c.invMassA > 0.0f) positionLow[c.a] = vec4(la + r.deltaA, 0.0f);
  if (c.invMassB > 0.0f) positionLow[c.b] = vec4(lb + r.deltaB, 0.0f);
}

// Whether prolongation leaves particle i where it is: pinned in the state, or (a tearing body's row,
// `level` ≠ 0: its parents' level) torn at its own level.
bool prolongationSkips(uint i, uint level) {
  return !prolongationMoves(positions[i].w) || (level != 0u && prolongationTorn(level, tornLevels(i)));
}

// Hierarchy, prolongation row `index` (3 vec4 each): its particle moves by its parents' weighted changes
// since the substep's prediction (the hierarchy runs right after it, so x* is the start).
void prolongateRow(uint base, uint index) {
  vec4 head = hierarchy[base + 3u * index];
  uvec4 parents = floatBitsToUint(hierarchy[base + 3u * index + 1u]);
  vec4 weights = hierarchy[base + 3u * index + 2u];
  uint i = floatBitsToUint(head.x);
  if (prolongationSkips(i, floatBitsToUint(head.z))) return;
  uint count = floatBitsToUint(head.y);
  vec3 d[4] = vec3[4](vec3(0.0f), vec3(0.0f), vec3(0.0f), vec3(0.0f));
  for (uint k = 0u; k < count; ++k) d[k] = positionLow[parents[k]].xyz - predicted[parents[k]].xyz;
  positionLow[i].xyz += prolongationDelta(weights, d[0], d[1], d[2], d[3]);
}

// Element e's data rows (elementDataSize of them; the rest 0), as CpuSolver::elementDataOf.
void loadElementData(ElementConstraint e, out vec4 q0, out vec4 q1, out vec4 q2) {
  q0 = vec4(0.0f);
  q1 = vec4(0.0f);
  q2 = vec4(0.0f);
  uint dataSize = elementDataSize(e.type);
  if (dataSize > 0u) q0 = elementData[e.data];
  if (dataSize > 1u) {
    q1 = elementData[e.data + 1u];
    q2 = elementData[e.data + 2u];
  }
}

// Projects stored element constraint `index` (λ after the distance constraints' λ) like
// projectStoredDistance (taken as `step` says); the caller applies the corrections.
ElementCorrection projectStoredElement(uint index, bool firstIteration, JacobiStep step) {
  ElementConstraint e = elements[index];
  uint lambdaIndex = params.elementLambdaBase + 2u * index;
  vec4 q0;
  vec4 q1;
  vec4 q2;
  loadElementData(e, q0, q1, q2);
  float lambda = firstIteration ? 0.0f : lambdas[lambdaIndex];
  float lambda2 = firstIteration ? 0.0f : lambdas[lambdaIndex + 1u];
  vec3 origin = positions[e.a].xyz;
  ElementCorrection r = scaledElementCorrection(
      projectElement(e, vec4(positionLow[e.a].xyz, positions[e.a].w / step.massShare),
                     vec4(positionIn(e.b, origin), positions[e.b].w / step.massShare),
                     vec4(positionIn(e.c, origin), positions[e.c].w / step.massShare),
                     vec4(positionIn(e.d, origin), positions[e.d].w / step.massShare), q0, q1, q2, params.alphaScale, lambda,
                     lambda2, params.constraintModel),
      step);
  lambdas[lambdaIndex] = lambda + r.deltaLambda;
  lambdas[lambdaIndex + 1u] = lambda2 + r.deltaLambda2;
  return r;
}

// Coloured Gauss-Seidel, element constraint k of a colour: no other constraint of the colour shares
// one of its moving particles.
void solveElementConstraint(uint k, bool firstIteration) {
  ElementConstraint e = elements[k];
  ElementCorrection r = projectStoredElement(k, firstIteration, gaussSeidelStep());
  moveParticle(e.a, r.d0);
  moveParticle(e.b, r.d1);
  moveParticle(e.c, r.d2);
  moveParticle(e.d, r.d3);
}

// Jacobi batch, phase 1, element constraint `first + k`: its four Δp (JacobiStep, xpbd_math.h) to its
// four slots.
// scaleBase: the element batch's first entry in jacobiScale (after the distance constraints).
void jacobiElementConstraint(uint first, uint k, uint slotBase, uint scaleBase, bool firstIteration) {
  ElementCorrection r = projectStoredElement(first + k, firstIteration, jacobiStep(jacobiScale[scaleBase + k], params.omega));
  uint slot = slotBase + 4u * k - pc.deltaBase;  // in the bound window (binding_windows.h)
  jacobiDelta[slot] = vec4(r.d0, 0.0f);
  jacobiDelta[slot + 1u] = vec4(r.d1, 0.0f);
  jacobiDelta[slot + 2u] = vec4(r.d2, 0.0f);
  jacobiDelta[slot + 3u] = vec4(r.d3, 0.0f);
}

// A volume body is evaluated in the frame of its first triangle's first corner (high part).
vec3 volumeOrigin(uint body) { return positions[volumeTriangles[3u * volumeBodies[body].firstTriangle]].xyz; }

// Global volume, pass 1: row r's gradient ∇V (m²) and w|∇V|².
void volumeGradientRow(uint r) {
  VolumeRow row = volumeRowAt(r);
  vec3 origin = volumeOrigin(row.body);
  vec3 g = vec3(0.0f);
  for (uint k = row.firstCorner; k < row.firstCorner + row.cornerCount; ++k) {
    uint t = volumeTriangles[params.volumeCornerBase + k] / 3u;
    uint corner = volumeTriangles[params.volumeCornerBase + k] % 3u;
    g += volumeCornerGradient(positionIn(volumeTriangles[3u * t + (corner + 1u) % 3u], origin),
                              positionIn(volumeTriangles[3u * t + (corner + 2u) % 3u], origin));
  }
  volumeGradient[r] = vec4(g, positions[row.particle].w * dot(g, g));
}

// Global volume, pass 3: row r moves by w ∇V Δλ of its body.
void volumeApplyRow(uint r) {
  VolumeRow row = volumeRowAt(r);
  moveParticle(row.particle, positions[row.particle].w * volumeState[row.body].deltaLambda * volumeGradient[r].xyz);
}

// Jacobi batch, phase 1: constraint `first + k` is projected against the current positions and taken
// as its JacobiStep says (split masses, xpbd_math.h); each end's Δp goes to its own slot, to be summed per
// particle by jacobiApplyRow.
void jacobiDistanceConstraint(uint first, uint k, uint slotBase, bool firstIteration) {
  DistanceCorrection r = projectStoredDistance(first + k, firstIteration, jacobiStep(jacobiScale[k], params.omega));
  uint slot = slotBase + 2u * k - pc.deltaBase;  // in the bound window (binding_windows.h)
  jacobiDelta[slot] = vec4(r.deltaA, 0.0f);
  jacobiDelta[slot + 1u] = vec4(r.deltaB, 0.0f);
}

// Jacobi batch, phase 2: a particle gathers its slots' Δp in a fixed order (no atomics, so the result
// is bitwise reproducible) and moves by their sum (each already taken as its constraint's JacobiStep says).
// Only the slots in [pc.deltaBegin, pc.deltaEnd), inside the window bound from slot pc.deltaBase: a batch
// whose deltas exceed maxStorageBufferRange is applied once per window (engine/gpu/binding_windows.h).
void jacobiApplyRow(uint row) {
  uint begin = jacobiRows[row];
  uint end = jacobiRows[row + 1u];
  if (begin == end) return;  // a tearing model's row not taken yet (no particle)
  vec3 sum = vec3(0.0f);
  bool any = false;
  for (uint s = begin; s < end; ++s) {
    uint slot = jacobiSlots[s];
    if (slot < pc.deltaBegin || slot >= pc.deltaEnd) continue;
    sum += jacobiDelta[slot - pc.deltaBase].xyz;
    any = true;
  }
  if (!any) return;
  uint p = jacobiRows[pc.count + 1u + row];  // pc.count: the rows
  positionLow[p].xyz += sum;
}

// Tether k: its particle back within maxLength of its (pinned) anchor. Tethers share no moving
// particle (one per particle), so all of them run in one dispatch.
void solveTether(uint k) {
  Tether t = tethers[k];
  vec3 origin = positions[t.anchor].xyz;  // in the anchor's frame
  vec3 x = positionIn(t.particle, origin);
  positionLow[t.particle].xyz += projectTether(x, positionLow[t.anchor].xyz, t.maxLength) - x;
}

// The grab constraint (mouse dragging), after the other constraints of each iteration.
void solveGrab(bool firstIteration) {
  if (grab.enabled == 0u) return;
  uint p = grab.particle;
  vec4 x = positions[p];
  GrabConstraint g = grab;
  g.target.xyz -= x.xyz;  // in the particle's frame
  float lambda = firstIteration ? 0.0f : grab.lambda;
  DistanceCorrection r = projectGrab(positionLow[p].xyz, x.w, g, params.alphaScale, lambda, params.constraintModel);
  moveParticle(p, r.deltaA);
  grab.lambda = lambda + r.deltaLambda;
}

// The signed-distance grid of collider c at local point p (trilinear; beyond the grid, plus the distance
// to it). The CPU reference has the same function (cpu_solver.cpp).
GridSample sampleSdf(Collider c, vec3 p) {
  GridCell g = gridCell(p, c.shape.xyz, c.shape.w, c.sdfDimX, c.sdfDimY, c.sdfDimZ);
  uint sy = c.sdfDimX;
  uint sz = c.sdfDimX * c.sdfDimY;
  uint base = c.sdfFirst + g.ix + g.iy * sy + g.iz * sz;
  GridSample s = trilinear(sdfValues[base], sdfValues[base + 1u], sdfValues[base + sy], sdfValues[base + sy + 1u],
                           sdfValues[base + sz], sdfValues[base + sz + 1u], sdfValues[base + sz + sy],
                           sdfValues[base + sz + sy + 1u], g.f, c.shape.w);
  s.distance += g.outside;
  return s;
}

// What collideWithFriction needs of collider c (in the particle's frame) at low part p, time t: a
// signed-distance grid's distance (m) and unit normal there; 0 and +y for the other shapes.
void gridContactAt(Collider c, vec3 p, float t, out float distance, out vec3 normal) {
  distance = 0.0f;
  normal = vec3(0.0f, 1.0f, 0.0f);
  if (c.type != VKXPBD_COLLIDER_SDF) return;
  GridSample s = sampleSdf(c, colliderLocal(c, p, t));
  distance = s.distance;
  if (length(s.gradient) > 0.0f) normal = normalize(s.gradient);
}

// One particle (not pinned) against every collider in turn (projection to the surface + thickness,
// Coulomb friction against the collider's motion): its new low part, restitution's change of v*, and its
// terms of its body's static cone. stick > 0: its solid body holds in its static cone. Writes nothing.
struct ParticleCollision {
  vec3 p;        // low part after the colliders, m
  vec3 dv;       // m/s
  bool touched;
  vec4 cone;     // frictionConeTerms summed over the colliders, kg·m
};

ParticleCollision collideParticleAt(uint i, uint substep, float stick) {
  vec4 x = positions[i];
  // In the particle's frame: its high part is the origin, so p, start and x* are its small low parts.
  float t = substepEndTime(clock.frame, substep, params.frameDt, params.dt);
  vec3 xPredicted = predicted[i].xyz;
  vec3 vPredicted = velocities[i].xyz;
  vec3 start = xPredicted - vPredicted * params.dt;
  ParticleCollision r;
  r.p = positionLow[i].xyz;
  r.dv = vec3(0.0f);
  r.touched = false;
  r.cone = vec4(0.0f);
  float mass = 1.0f / x.w;  // kg
  for (uint n = 0u; n < params.colliderCount; ++n) {
    Collider c = colliderRelativeTo(colliders[n], x.xyz);
    float gridDistance;
    vec3 gridNormal;
    gridContactAt(c, r.p, t, gridDistance, gridNormal);
    float bodyStatic = params.bodyFriction != 0u ? particleFriction[2u * i] : -1.0f;
    float bodyKinetic = params.bodyFriction != 0u ? particleFriction[2u * i + 1u] : -1.0f;
    float muStatic = combinedFriction(c.staticFriction, bodyStatic);
    ColliderContact k = collideWithFriction(c, r.p, start, t, params.dt, params.thickness, gridDistance, gridNormal,
                                            muStatic, combinedFriction(c.kineticFriction, bodyKinetic), stick);
    r.p += k.delta;
    r.cone += frictionConeTerms(k, muStatic, mass);
    if (k.touching > 0.0f) {
      r.dv += restitutionChange(c, r.p, xPredicted, vPredicted + r.dv, k.normal, t, params.invDt);
      r.touched = true;
    }
  }
  return r;
}

// The collide limit pass (shared/collide_limit.h), before collide: particle i's collide move against
// its tetrahedra (adjacency CSR at pc.slotBase in VKXPBD_BINDING_VOLUME_INDICES), the other corners where
// they are; 1 − s goes to the velocity's w (unused otherwise: predict and the velocity update write 0).
// Reads positions only, so that every particle sees its neighbours before collide.
void collideLimitParticle(uint i, uint substep) {
  float bound = 1.0f;
  uint begin = volumeTriangles[pc.slotBase + i];
  uint end = volumeTriangles[pc.slotBase + i + 1u];
  if (positions[i].w > 0.0f && begin < end) {
    bool cones = (pc.flags & VKXPBD_FLAG_SOLID_CONES) != 0u;
    vec3 delta = collideParticleAt(i, substep, cones ? stickMarkOf(i) : 0.0f).p - positionLow[i].xyz;
    vec3 origin = positions[i].xyz;
    uint listBase = pc.slotBase + params.particleCount + 1u;
    if (delta == vec3(0.0f)) end = begin;  // no contact: s = 1 (most particles; the tetrahedra are the cost)
    for (uint j = begin; j < end; ++j) {
      ElementConstraint e = elements[volumeTriangles[listBase + j]];
      ElementGradient g = tetVolumeGradient(positionIn(e.a, origin), positionIn(e.b, origin), positionIn(e.c, origin),
                                            positionIn(e.d, origin), 0.0f);
      vec3 gradient = i == e.a ? g.g0 : (i == e.b ? g.g1 : (i == e.c ? g.g2 : g.g3));
      vec4 q0;
      vec4 q1;
      vec4 q2;
      loadElementData(e, q0, q1, q2);
      bound = collideLimitOfTet(gradient, g.C, tetRestVolume(e, q0, q1, q2), delta, bound);
    }
  }
  velocities[i].w = 1.0f - bound;
}

// Per-particle collision and the restitution's change of the predicted velocity. With solid bodies'
// cones (VKXPBD_FLAG_SOLID_CONES): the stick mark is 1 when the friction cone pass found the particle's
// solid body sticking in the previous substep, and the particle's cone terms go to the momentum buffer
// for this substep's friction cone pass.
void collideParticle(uint i, uint substep) {
  if (positions[i].w <= 0.0f) return;
  bool cones = (pc.flags & VKXPBD_FLAG_SOLID_CONES) != 0u;
  ParticleCollision r = collideParticleAt(i, substep, cones ? stickMarkOf(i) : 0.0f);
  if (cones) storeConeTerms(i, r.cone);
  positionLow[i].xyz = limitedCollide(positionLow[i].xyz, r.p, 1.0f - velocities[i].w);
  velocities[i].xyz = velocities[i].xyz + r.dv;
  if (r.touched && params.integrator == VKXPBD_INTEGRATOR_BDF2) integratorHistory[i].w = VKXPBD_HISTORY_TOUCHED;  // an impact: restart
}

// Substep end: v = v* + (x − x*)/Δt, damped, where x − x* = lo − lo* (the high part did not move);
// then the two parts are renormalised exactly.
// BDF2: that is the substep's mean velocity u, and v = 3/2 u − 1/2 u_previous (shared/integrator_math.h).
// hierarchyBase: BDF2 with the hierarchy, where the flags of its particles are (a body with coarse levels
// integrates with implicit Euler: eulerBodyHistory), else VKXPBD_NONE.
void updateParticleVelocity(uint i, uint hierarchyBase) {
  vec3 lo = positionLow[i].xyz;
  if (params.integrator == VKXPBD_INTEGRATOR_BDF2 && positions[i].w > 0.0f) {
    vec3 mean = updateVelocity(lo, predicted[i].xyz, velocities[i].xyz, params.invDt, 1.0f);
    Bdf2Update u = bdf2Update(mean, integratorHistory[i], params.gravity.xyz, params.dt, params.dampingFactor);
    if (hierarchyBase != VKXPBD_NONE && hierarchy[hierarchyBase + i].x != 0.0f) u.mean = eulerBodyHistory(u.mean);
    velocities[i] = vec4(u.velocity, 0.0f);
    integratorHistory[i] = u.mean;
    if (u.writePrevious) integratorHistory[params.particleCount + i] = vec4(u.previous, 0.0f);
  } else {
    velocities[i] = vec4(updateVelocity(lo, predicted[i].xyz, velocities[i].xyz, params.invDt, params.dampingFactor), 0.0f);
  }
  SplitPosition s = renormalizePosition(positions[i].xyz, lo);
  positions[i].xyz = s.hi;
  positionLow[i].xyz = s.lo;
}

// ---- Particle contacts: the spatial hash (once per substep) and the contact solve (per iteration) ----
// hashCells: bucket starts [0, T] (counts before the prefix sum), scatter cursors [T + 1, 2T + 1), scan
// block sums from 2T + 1. hashParticles: bucket of each particle [0, N), particles sorted by bucket
// [N, 2N), each particle's stitch partner or VKXPBD_NONE [2N, 3N) (uploaded once: contacts leave stitch
// partners out, docs/attachments.md). contacts: neighbour count per particle [0, N), overflow count [N],
// lists from N + 1.

uint hashBuckets() { return params.hashTableMask + 1u; }

ivec3 hashCellOf(vec3 x) {
  return ivec3(cellCoordinate(x.x, params.invCellSize), cellCoordinate(x.y, params.invCellSize),
               cellCoordinate(x.z, params.invCellSize));
}

void hashClear(uint k) {
  hashCells[k] = 0u;  // bucket counts and the last start
  if (k != 0u) return;
  contacts[params.particleCount] = 0u;  // overflow counts of this search: particle pairs, triangles
  if (params.maxTriangles > 0u)
    contacts[contactTriangleCountBase(params.particleCount, params.maxNeighbours) + params.particleCount] = 0u;
}

void hashCount(uint i) {
  ivec3 c = hashCellOf(positions[i].xyz);
  uint bucket = hashBucket(c.x, c.y, c.z, params.hashTableMask);
  hashParticles[i] = bucket;
  atomicAdd(hashCells[bucket], 1u);  // integer counts: the same whatever the order
}

// Prefix sum, phase 3: every bucket's start plus its block's offset; the scatter cursors start there.
void hashScanAdd(uint k) {
  uint start = hashCells[k] + hashCells[2u * hashBuckets() + 1u + k / VKXPBD_SCAN_BLOCK];
  hashCells[k] = start;
  hashCells[hashBuckets() + 1u + k] = start;
  if (k == 0u) hashCells[hashBuckets()] = params.particleCount;
}

void hashScatter(uint i) {
  uint slot = atomicAdd(hashCells[hashBuckets() + 1u + hashParticles[i]], 1u);
  hashParticles[params.particleCount + slot] = i;
}

// The scatter's order within a bucket depends on thread timing: sorting each bucket by particle index
// makes the lists, and everything after them, reproducible.
void hashSortBucket(uint k) {
  uint begin = params.particleCount + hashCells[k];
  uint end = params.particleCount + hashCells[k + 1u];
  for (uint a = begin + 1u; a < end; ++a) {
    uint value = hashParticles[a];
    uint b = a;
    while (b > begin && hashParticles[b - 1u] > value) {
      hashParticles[b] = hashParticles[b - 1u];
      --b;
    }
    hashParticles[b] = value;
  }
}

// Particle i's neighbours within the search radius: the 27 cells around its cell in a fixed order; of a
// cell's bucket only the particles really in that cell (a bucket holds every cell hashed to it, and two
// of the 27 cells may share one), by ascending index.
void hashNeighbours(uint i) {
  contacts[i] = 0u;
  vec4 xi = positions[i];
  if (xi.w <= 0.0f) return;
  float radius = 1.0f / params.invCellSize;
  float radiusSq = radius * radius;
  ivec3 c = hashCellOf(xi.xyz);
  uint count = 0u;
  uint listBase = params.particleCount + 1u + i * params.maxNeighbours;
  uint partner = hashParticles[2u * params.particleCount + i];
  for (int dz = -1; dz <= 1; ++dz)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        ivec3 cell = c + ivec3(dx, dy, dz);
        uint bucket = hashBucket(cell.x, cell.y, cell.z, params.hashTableMask);
        for (uint k = hashCells[bucket]; k < hashCells[bucket + 1u]; ++k) {
          uint j = hashParticles[params.particleCount + k];
          vec3 xj = positions[j].xyz;
          vec3 d = xi.xyz - xj;
          if (j == i || j == partner || dot(d, d) >= radiusSq || hashCellOf(xj) != cell) continue;
          if (count < params.maxNeighbours) {
            contacts[listBase + count] = j;
            ++count;
          } else {
            atomicAdd(contacts[params.particleCount], 1u);
          }
        }
      }
  contacts[i] = count;
}

// Friction of the pair (i, j): the particle contacts' value, or the mean of the two bodies' values.
vec2 pairFriction(uint i, uint j) {
  vec2 mu = vec2(params.staticFriction, params.kineticFriction);
  if (params.bodyFriction == 0u) return mu;
  return vec2(combinedFriction(combinedFriction(mu.x, particleFriction[2u * i]),
                               combinedFriction(mu.x, particleFriction[2u * j])),
              combinedFriction(combinedFriction(mu.y, particleFriction[2u * i + 1u]),
                               combinedFriction(mu.y, particleFriction[2u * j + 1u])));
}

// Particle i's position at the start of the substep relative to `origin` (m).
vec3 substepStart(uint i, vec3 origin) {
  return positionRelativeTo(positions[i].xyz, predicted[i].xyz - velocities[i].xyz * params.dt, origin);
}

// Momentum of the free bodies (shared/momentum_math.h), pass 1: positions before the constraint passes.
// (The low parts: the high parts do not move during a substep.)
// With BDF2 instead, once per substep, the substep's start xⁿ = x* − v*Δt (its low part), which the later
// iterations could no longer recover once v* is corrected (momentumTermsBdf2).
void momentumStartParticle(uint i) {
  if (params.integrator != VKXPBD_INTEGRATOR_BDF2)
    storeMomentumStart(i, vec4(positionLow[i].xyz, positions[i].w));
  else if ((pc.flags & VKXPBD_FLAG_FIRST_ITERATION) != 0u)
    storeMomentumStart(i, vec4(predicted[i].xyz - velocities[i].xyz * params.dt, positions[i].w));
}

// Particle i's BDF2 history uⁿ as the momentum projection reads it: 0 with implicit Euler.
vec4 momentumHistoryOf(uint i) {
  return params.integrator == VKXPBD_INTEGRATOR_BDF2 ? integratorHistory[i] : vec4(0.0f);
}

// Particle i's lever in the momentum projection relative to `origin` (shared/momentum_math.h).
vec3 momentumLeverOf(uint i, vec3 origin) {
  return momentumLever(substepStart(i, origin), positionIn(i, origin), momentumHistoryOf(i));
}

// Pass 2 (one work group per body, momentum_reduce.comp): particle i's terms of its body's sums.
// Everything relative to `origin`, the high part of the body's first particle.
MomentumSums momentumTermsOf(uint i, vec3 origin) {
  float w = positions[i].w;
  float mass = w > 0.0f ? 1.0f / w : 0.0f;
  vec3 lever = momentumLeverOf(i, origin);
  if (params.integrator == VKXPBD_INTEGRATOR_BDF2)
    return momentumTermsBdf2(positionIn(i, origin), lever, velocities[i].xyz, positionLow[i].xyz - predicted[i].xyz,
                             positionLow[i].xyz - momentumStartOf(i).xyz, integratorHistory[i], integratorHistory[params.particleCount + i].xyz, params.gravity.xyz,
                             mass, params.dt);
  return momentumTerms(lever, positionLow[i].xyz - momentumStartOf(i).xyz, mass);
}

// Pass 3: particle i of body b loses its share of the body's rigid correction: in its position (its low
// part, which keeps a correction far below the position's own resolution), or in v* (momentumInVelocity).
void momentumApplyParticle(uint b, uint i) {
  vec3 origin = positions[momentumBodyOf(b).first].xyz;  // the frame of the fix's centre
  vec3 correction = momentumCorrection(momentumFixOf(b), momentumLeverOf(i, origin));
  if (momentumInVelocity(momentumHistoryOf(i)))
    velocities[i].xyz += correction * params.invDt;
  else
    positionLow[i].xyz += correction;
}

// Touching contacts of particle j in this iteration: its particle pairs (contactCount) and the
// point–triangle contacts it takes part in (triangleContactSolve).
uint contactTouching(uint j) {
  uint count = uint(contactDelta[params.particleCount + j].x);
  if (params.maxTriangles > 0u)
    count += contacts[contactSumBase(params.particleCount, params.maxNeighbours, params.maxTriangles) + 4u * j + 3u];
  return count;
}

// Contact counting, before the solve: particle i's touching pairs, tested in the frame of the pair's lower
// index as in contactSolve, so i and j count their pair alike.
void contactCount(uint i) {
  uint touching = 0u;
  if (positions[i].w > 0.0f) {
    uint listBase = params.particleCount + 1u + i * params.maxNeighbours;
    for (uint k = 0u; k < contacts[i]; ++k) {
      uint j = contacts[listBase + k];
      uint a = min(i, j), b = max(i, j);
      if (particlesTouch(positionLow[a].xyz, positionIn(b, positions[a].xyz), positions[a].w, positions[b].w,
                         params.contactDistance))
        ++touching;
    }
  }
  contactDelta[params.particleCount + i] = vec4(float(touching), 0.0f, 0.0f, 0.0f);
}

// Adds a correction (m) to particle i's fixed-point sum.
void addContactSum(uint i, vec3 delta) {
  uint base = contactSumBase(params.particleCount, params.maxNeighbours, params.maxTriangles) + 4u * i;
  atomicAdd(contacts[base], uint(toContactFixed(delta.x)));
  atomicAdd(contacts[base + 1u], uint(toContactFixed(delta.y)));
  atomicAdd(contacts[base + 2u], uint(toContactFixed(delta.z)));
}

// Point q's stored point–triangle contacts of this iteration (triangleContactSolve), each scaled by one
// scale from its four particles' touching counts and added to their fixed-point sums.
void scatterTriangleContacts(uint q) {
  uint countBase = contactTriangleCountBase(params.particleCount, params.maxNeighbours);
  uint listBase = contactTriangleListBase(params.particleCount, params.maxNeighbours) + q * params.maxTriangles;
  uint resultBase = contactResultBase(params.particleCount, params.maxNeighbours, params.maxTriangles);
  for (uint k = 0u; k < contacts[countBase + q]; ++k) {
    uint r = resultBase + 6u * (q * params.maxTriangles + k);
    vec3 b = vec3(uintBitsToFloat(contacts[r + 3u]), uintBitsToFloat(contacts[r + 4u]), uintBitsToFloat(contacts[r + 5u]));
    if (b.x < 0.0f) continue;
    vec3 impulse = vec3(uintBitsToFloat(contacts[r]), uintBitsToFloat(contacts[r + 1u]), uintBitsToFloat(contacts[r + 2u]));
    uint t = contacts[listBase + k];
    uint a = contactTriangles[3u * t], bb = contactTriangles[3u * t + 1u], c = contactTriangles[3u * t + 2u];
    float s = contactScale(max(max(contactTouching(q), contactTouching(a)), max(contactTouching(bb), contactTouching(c))));
    addContactSum(q, (positions[q].w * s) * impulse);
    addContactSum(a, -(b.x * positions[a].w * s) * impulse);
    addContactSum(bb, -(b.y * positions[bb].w * s) * impulse);
    addContactSum(c, -(b.z * positions[c].w * s) * impulse);
  }
}

// Jacobi contact solve: particle i sums its pairs' corrections against the positions of this iteration.
// Each pair is evaluated in the frame of its lower index (the same bits in both particles' threads) and
// scaled by 1 / the larger touching count of its two particles, so the two corrections are equal and
// opposite. With triangle contacts, i's stored point–triangle contacts are scattered too.
void contactSolve(uint i) {
  vec4 xi = positions[i];
  vec3 sum = vec3(0.0f);
  if (xi.w > 0.0f) {
    uint countI = contactTouching(i);
    uint listBase = params.particleCount + 1u + i * params.maxNeighbours;
    for (uint k = 0u; k < contacts[i]; ++k) {
      uint j = contacts[listBase + k];
      uint a = min(i, j), b = max(i, j);
      vec3 origin = positions[a].xyz;  // in a's frame
      vec2 mu = pairFriction(a, b);
      vec4 p = particleContactImpulse(positionLow[a].xyz, positionIn(b, origin), substepStart(a, origin),
                                      substepStart(b, origin), positions[a].w, positions[b].w,
                                      params.contactDistance, mu.x, mu.y);
      if (p.w == 0.0f) continue;
      float s = contactPairScale(countI, contactTouching(j));
      sum += ((i == a ? xi.w : -xi.w) * s) * p.xyz;
    }
  }
  contactDelta[i] = vec4(sum, 0.0f);
  if (params.maxTriangles > 0u) scatterTriangleContacts(i);
}

// Point–triangle candidates of particle q for this substep: the triangles around its particle
// neighbours (a triangle within triangleSearch of q has a corner within the search radius, see
// docs/contacts.md) that are nearer than triangleSearch and do not contain q, each once, in the order
// they are met.
void triangleNeighbours(uint q) {
  uint countBase = contactTriangleCountBase(params.particleCount, params.maxNeighbours);
  uint listBase = contactTriangleListBase(params.particleCount, params.maxNeighbours) + q * params.maxTriangles;
  uint count = 0u;
  vec3 xq = positions[q].xyz;
  uint neighbourBase = params.particleCount + 1u + q * params.maxNeighbours;
  uint offsetsBase = 3u * params.contactTriangles;
  uint incidentBase = offsetsBase + params.particleCount + 1u;
  float searchSq = params.triangleSearch * params.triangleSearch;
  uint partner = hashParticles[2u * params.particleCount + q];
  for (uint k = 0u; k < contacts[q]; ++k) {
    uint j = contacts[neighbourBase + k];
    for (uint s = contactTriangles[offsetsBase + j]; s < contactTriangles[offsetsBase + j + 1u]; ++s) {
      uint t = contactTriangles[incidentBase + s];
      uint a = contactTriangles[3u * t], b = contactTriangles[3u * t + 1u], c = contactTriangles[3u * t + 2u];
      if (a == q || b == q || c == q || a == partner || b == partner || c == partner) continue;
      vec3 d = xq - closestPointOnTriangle(xq, positions[a].xyz, positions[b].xyz, positions[c].xyz);
      if (dot(d, d) >= searchSq) continue;
      bool listed = false;
      for (uint m = 0u; m < count; ++m) listed = listed || contacts[listBase + m] == t;
      if (listed) continue;
      if (count < params.maxTriangles) {
        contacts[listBase + count] = t;
        ++count;
      } else {
        atomicAdd(contacts[countBase + params.particleCount], 1u);
      }
    }
  }
  contacts[countBase + q] = count;
}

// Point–triangle contacts of point q, before the scaled scatter: each contact is computed once, stored
// (impulse and barycentrics), and counted for its four particles with integer atomics (order-independent,
// so deterministic).
void triangleContactSolve(uint q) {
  uint countBase = contactTriangleCountBase(params.particleCount, params.maxNeighbours);
  uint listBase = contactTriangleListBase(params.particleCount, params.maxNeighbours) + q * params.maxTriangles;
  uint sumBase = contactSumBase(params.particleCount, params.maxNeighbours, params.maxTriangles);
  uint resultBase = contactResultBase(params.particleCount, params.maxNeighbours, params.maxTriangles);
  vec3 origin = positions[q].xyz;  // in q's frame
  for (uint k = 0u; k < contacts[countBase + q]; ++k) {
    uint t = contacts[listBase + k];
    uint a = contactTriangles[3u * t], b = contactTriangles[3u * t + 1u], c = contactTriangles[3u * t + 2u];
    vec2 mu = pairFriction(q, a);
    PointTriangleCorrection r = pointTriangleContact(
        positionIn(q, origin), positionIn(a, origin), positionIn(b, origin), positionIn(c, origin),
        substepStart(q, origin), substepStart(a, origin), substepStart(b, origin), substepStart(c, origin),
        vec4(positions[q].w, positions[a].w, positions[b].w, positions[c].w), params.contactDistance, mu.x, mu.y);
    uint slot = resultBase + 6u * (q * params.maxTriangles + k);
    if (r.touching == 0u) {
      contacts[slot + 3u] = floatBitsToUint(-1.0f);
      continue;
    }
    contacts[slot] = floatBitsToUint(r.impulse.x);
    contacts[slot + 1u] = floatBitsToUint(r.impulse.y);
    contacts[slot + 2u] = floatBitsToUint(r.impulse.z);
    contacts[slot + 3u] = floatBitsToUint(r.b.x);
    contacts[slot + 4u] = floatBitsToUint(r.b.y);
    contacts[slot + 5u] = floatBitsToUint(r.b.z);
    atomicAdd(contacts[sumBase + 4u * q + 3u], 1u);
    atomicAdd(contacts[sumBase + 4u * a + 3u], 1u);
    atomicAdd(contacts[sumBase + 4u * b + 3u], 1u);
    atomicAdd(contacts[sumBase + 4u * c + 3u], 1u);
  }
}

// Every particle moves by the sum of its scaled contact corrections (particle pairs and triangle
// contacts); the fixed-point sums and the triangle counts are cleared for the next iteration.
void contactApply(uint i) {
  vec3 sum = contactDelta[i].xyz;
  uint touching = contactTouching(i);
  if (params.maxTriangles > 0u) {
    uint base = contactSumBase(params.particleCount, params.maxNeighbours, params.maxTriangles) + 4u * i;
    sum += vec3(fromContactFixed(int(contacts[base])), fromContactFixed(int(contacts[base + 1u])),
                fromContactFixed(int(contacts[base + 2u])));
    contacts[base] = 0u;
    contacts[base + 1u] = 0u;
    contacts[base + 2u] = 0u;
    contacts[base + 3u] = 0u;
  }
  positionLow[i].xyz += sum;
  if (touching > 0u && params.integrator == VKXPBD_INTEGRATOR_BDF2)
    integratorHistory[i].w = VKXPBD_HISTORY_TOUCHED;  // an impact: restart (shared/integrator_math.h)
}

// The contact cascade (shared/cascade_math.h; CpuSolver::cascade* is the CPU twin). `base`: its entries
// in VKXPBD_BINDING_HIERARCHY.
uint cascadeEntry(uint base, uint entry) { return base + VKXPBD_CASCADE_ENTRY_VEC4S * entry; }
uint cascadeParticleOf(uint base, uint entry) { return floatBitsToUint(hierarchy[cascadeEntry(base, entry)].x); }
// How far entry's particle moved since the cascade's start (m).
vec3 cascadeMoved(uint base, uint entry) {
  return positionLow[cascadeParticleOf(base, entry)].xyz - hierarchy[cascadeEntry(base, entry) + VKXPBD_CASCADE_START].xyz;
}

// Cascade detect, one entry: its start, and its deepest collider contact.
void cascadeDetect(uint base, uint entry, uint substep) {
  uint e = cascadeEntry(base, entry);
  uint i = floatBitsToUint(hierarchy[e].x);
  vec4 x = positions[i];
  vec3 p = positionLow[i].xyz;
  hierarchy[e + VKXPBD_CASCADE_START] = vec4(p, 0.0f);
  CascadeContact best = noCascadeContact();
  if (x.w > 0.0f) {
    float t = substepEndTime(clock.frame, substep, params.frameDt, params.dt);
    vec3 start = predicted[i].xyz - velocities[i].xyz * params.dt;
    float bodyStatic = params.bodyFriction != 0u ? particleFriction[2u * i] : -1.0f;
    float bodyKinetic = params.bodyFriction != 0u ? particleFriction[2u * i + 1u] : -1.0f;
    for (uint n = 0u; n < params.colliderCount; ++n) {
      Collider c = colliderRelativeTo(colliders[n], x.xyz);
      float gridDistance;
      vec3 gridNormal;
      gridContactAt(c, p, t, gridDistance, gridNormal);
      best = deeperCascadeContact(best, c, p, start, velocities[i].xyz, t, params.dt, params.thickness, gridDistance, gridNormal,
                                  combinedFriction(c.staticFriction, bodyStatic),
                                  combinedFriction(c.kineticFriction, bodyKinetic));
    }
  }
  hierarchy[e + VKXPBD_CASCADE_CONTACT] = vec4(best.normal, best.depth);
  hierarchy[e + VKXPBD_CASCADE_SLIP] = vec4(best.slip, 0.0f);
  hierarchy[e + VKXPBD_CASCADE_FRICTION] = vec4(best.muStatic, best.muKinetic, 0.0f, 0.0f);
  if (momentumWordsHold(i)) {  // the body's cone and patch stick terms, written at level 1 (cascadeSolve)
    storeMomentumWords(cascadeConeWord(i), vec4(0.0f));
    storeMomentumWords(cascadeContactWord(i), vec4(0.0f));
  }
}

// Cascade count, one particle of the level (its header at `gather` + index): the contacts that share it.
void cascadeCount(uint base, uint gather, uint index) {
  vec4 h = hierarchy[gather + index];
  uint first = floatBitsToUint(h.y);
  uint count = floatBitsToUint(h.z);
  float contacts = 0.0f;
  for (uint j = first; j < first + count; ++j)
    if (hierarchy[cascadeEntry(base, floatBitsToUint(hierarchy[j].x)) + VKXPBD_CASCADE_CONTACT].w > 0.0f) contacts += 1.0f;
  hierarchy[cascadeEntry(base, floatBitsToUint(h.x)) + VKXPBD_CASCADE_PARTICLE].y = contacts;
}

// Cascade solve, one entry on the level whose composed weights start at `weights`.
void cascadeSolve(uint base, uint weights, uint entry, bool friction) {
  uint e = cascadeEntry(base, entry);
  vec4 contact = hierarchy[e + VKXPBD_CASCADE_CONTACT];
  hierarchy[e + VKXPBD_CASCADE_CORRECTION] = vec4(0.0f);
  if (contact.w <= 0.0f) return;
  vec3 d = vec3(0.0f);
  float invMass = 0.0f;
  float share = 0.0f;
  for (uint k = 0u; k < VKXPBD_CASCADE_WEIGHTS; ++k) {
    vec4 q = hierarchy[weights + VKXPBD_CASCADE_WEIGHTS * entry + k];
    if (q.y == 0.0f) continue;
    uint qe = floatBitsToUint(q.x);
    d += q.y * cascadeMoved(base, qe);
    if (positions[cascadeParticleOf(base, qe)].w <= 0.0f || q.z <= 0.0f) continue;
    invMass += q.y * q.y * q.z;
    share += q.y / max(hierarchy[cascadeEntry(base, qe) + VKXPBD_CASCADE_PARTICLE].y, 1.0f);
  }
  if (invMass <= 0.0f) return;
  vec4 slip = hierarchy[e + VKXPBD_CASCADE_SLIP];
  vec4 mu = hierarchy[e + VKXPBD_CASCADE_FRICTION];
  CascadeContact c;
  c.normal = contact.xyz;
  c.depth = contact.w;
  c.slip = slip.xyz;
  c.pushed = slip.w;
  c.muStatic = mu.x;
  c.muKinetic = mu.y;
  CascadeCorrection r = cascadeCorrection(c, d, invMass, share, friction);
  hierarchy[e + VKXPBD_CASCADE_SLIP].w = r.pushed;
  hierarchy[e + VKXPBD_CASCADE_CORRECTION] = vec4(r.correction / invMass, 1.0f);
  uint i = cascadeParticleOf(base, entry);
  if (friction && momentumWordsHold(i)) {  // level 1, the last: the contact's whole normal impulse
    if (share > 0.0f)
      storeMomentumWords(cascadeConeWord(i), cascadeConeTerms(c.slip, c.normal, d, invMass, share, c.muStatic, r.pushed));
    storeMomentumWords(cascadeContactWord(i), vec4(c.normal, r.pushed));
  }
}

// Cascade apply, one particle of the level (its header at `gather` + index): the average of its contacts.
void cascadeApply(uint base, uint gather, uint index) {
  vec4 h = hierarchy[gather + index];
  uint q = cascadeParticleOf(base, floatBitsToUint(h.x));
  if (positions[q].w <= 0.0f) return;
  uint first = floatBitsToUint(h.y);
  uint count = floatBitsToUint(h.z);
  vec3 sum = vec3(0.0f);
  float contacts = 0.0f;
  for (uint j = first; j < first + count; ++j) {
    vec4 link = hierarchy[j];
    vec4 correction = hierarchy[cascadeEntry(base, floatBitsToUint(link.x)) + VKXPBD_CASCADE_CORRECTION];
    if (correction.w > 0.0f) {
      sum += correction.xyz * link.y;
      contacts += 1.0f;
    }
  }
  if (contacts > 0.0f) positionLow[q].xyz += sum * (h.w / contacts);
}

// Cascade prolongate, one row (3 vec4s from `rows`): its particle follows its parents since the start.
void cascadeProlongate(uint base, uint rows, uint index) {
  vec4 head = hierarchy[rows + 3u * index];
  uvec4 parents = floatBitsToUint(hierarchy[rows + 3u * index + 1u]);
  vec4 weights = hierarchy[rows + 3u * index + 2u];
  uint i = cascadeParticleOf(base, floatBitsToUint(head.x));
  if (!prolongationMoves(positions[i].w)) return;
  uint count = floatBitsToUint(head.y);
  vec3 d[4] = vec3[4](vec3(0.0f), vec3(0.0f), vec3(0.0f), vec3(0.0f));
  for (uint k = 0u; k < count; ++k) d[k] = cascadeMoved(base, parents[k]);
  positionLow[i].xyz += prolongationDelta(weights, d[0], d[1], d[2], d[3]);
}
