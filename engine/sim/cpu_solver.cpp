#include "sim/cpu_solver.h"

#include <array>
#include <utility>

#include "shared/attach_math.h"
#include "shared/collide_limit.h"
#include "shared/collider_math.h"
#include "shared/element_math.h"
#include "shared/hierarchy_math.h"
#include "shared/hierarchy_tear.h"
#include "shared/integrator_math.h"
#include "shared/momentum_math.h"
#include "shared/position_math.h"
#include "shared/volume_math.h"
#include "sim/aero.h"
#include "sim/sim_params.h"
#include "sim/tear_table.h"
#include "sim/tet_adjacency.h"

namespace vkxpbd {

using glm::vec3;
using glm::vec4;

CpuSolver::CpuSolver(const Model& model, const SolverSettings& settings, const SolverLayout& layout)
    : tear_(model.tears.empty() ? nullptr : std::make_unique<TearCopy>(model, layout)),
      model_(tear_ ? tear_->model : model),
      layout_(tear_ ? tear_->layout : layout),
      settings_(settings),
      params_(makeSimParams(model, settings)),
      schedule_(buildFrameSchedule(model, settings, layout, false)) {
  pinOfParticle_.assign(model.particleCount(), VKXPBD_NONE);
  for (uint32_t p = 0; p < model.pins.size(); ++p) pinOfParticle_[model.pins[p].particle] = p;
  predicted_.resize(model.particleCount());
  stick_.assign(model.particleCount(), 0.0f);
  coneTerms_.assign(model.particleCount(), glm::vec4(0.0f));
  cascadeCone_.assign(model.particleCount(), glm::vec4(0.0f));
  cascadeContact_.assign(model.particleCount(), glm::vec4(0.0f));
  coneSurplus_.assign(model.momentumBodies.size(), 0.0f);
  lambdas_.assign(layout.lambdaCount(), 0.0f);
  volumeState_.assign(layout.volumes.size(), gpu::VolumeState{});
  slotDelta_.assign(layout.slotCount(), vec4(0.0f));
  contactTriangles_ = packContactTriangles(model);
  stitchPartners_ = stitchPartners(model);
  aero_ = packAero(model, layout.surface);
  tetAdjacency_ = packTetAdjacency(model_, layout_);
  collideLimit_.assign(model.particleCount(), 0.0f);
  cascade_ = layout_.cascade.words;
}

void CpuSolver::stepFrame(State& state, const IterationObserver& observer) {
  state.positionsLow.resize(model_.particleCount(), vec4(0.0f));
  if (params_.integrator == VKXPBD_INTEGRATOR_BDF2 && history_.empty()) startHistory(state);
  const std::vector<ScheduledPass>& passes = schedule_.passes;
  for (size_t k = 0; k < passes.size(); ++k) {
    runPass(state, passes[k]);
    // The observer sees the state after each iteration's last pass.
    const ScheduledPass& p = passes[k];
    const bool iterationEnds = k + 1 == passes.size() || passes[k + 1].iteration != p.iteration ||
                               passes[k + 1].substep != p.substep;
    if (observer && p.iteration != kNoIteration && iterationEnds) observer(p.substep, p.iteration, state);
  }
  if (tear_) {
    // Once per frame, after the last substep (docs/tearing.md): the constraints the tear check pass
    // found break, and the surface splits along them.
    lastTear_ = tear_->tearing.split(tear_->model, tear_->layout, state, history_, std::move(tearBroken_));
    lastTear_.flagged = tearFlagged_;
    tearBroken_.clear();
    tearFlagged_ = 0;
    if (!lastTear_.broken.empty()) {
      contactTriangles_ = packContactTriangles(model_);
      // A stitch on a split particle went with its constraint to the copy (shared/tear_split.h: the side
      // of its partner): the partners follow.
      stitchPartners_ = stitchPartners(tear_->layout.distance, model_.particleCount());
    }
  }
  state.frame += 1;
}

void CpuSolver::runPass(State& state, const ScheduledPass& p) {
  // One case per pass of the table. A group of passes that only hands intermediate results from one to
  // the next on the GPU (the hash, the Jacobi batch, the volume and momentum reductions, the contacts) is
  // computed whole at its first pass; the later passes of the group have nothing left to do here.
  const bool first = (p.constants.flags & VKXPBD_FLAG_FIRST_ITERATION) != 0u;
  switch (p.pass) {
    case PassId::AeroForces:
      aeroForces(state, p.substep);
      break;
    case PassId::AeroApply:
      aeroApply(state);
      break;
    case PassId::Predict:
      predict(state, p.substep);
      break;
    case PassId::TearCheck: {
      std::vector<uint32_t> bins;
      tearBroken_ =
          tear_->tearing.findBroken(model_, layout_, state.positions, lambdas_, params_.alphaScale, &bins);
      // The hierarchy follows the tear from the next frame on (docs/hierarchy.md), as the GPU's tear check.
      markHierarchyTears(tear_->layout.hierarchy, layout_.distance, tearBroken_);
      tearFlagged_ = static_cast<uint32_t>(tearBroken_.size());
      // Where the GPU splits, its tear split pass breaks at most VKXPBD_TEAR_CHUNKS ×
      // VKXPBD_TEAR_SPLIT_PER_CHUNK flagged constraints a frame, the most strained (by strain bin, the
      // cutoff bin in layout order); the others stay whole and are checked again next frame
      // (docs/tearing.md). The reference does the same (the torn marks above, like the GPU's, cover every
      // flagged constraint).
      if (tearSplitsOnGpu(model_))
        tearBroken_ =
            selectMostStrained(tearBroken_, bins, VKXPBD_TEAR_CHUNKS * VKXPBD_TEAR_SPLIT_PER_CHUNK).broken;
      break;
    }
    case PassId::TearSplit:  // the CPU reference splits after the frame (Tearing::split, same code)
    case PassId::TearHold:
    case PassId::TearSurface:
    case PassId::TearJacobi:
      break;
    case PassId::HashClear:
      neighbours_ = findNeighbours(state.positions, params_, &stitchPartners_);
      break;
    case PassId::HashCount:
    case PassId::HashScanBlocks:
    case PassId::HashScanTop:
    case PassId::HashScanAdd:
    case PassId::HashScatter:
    case PassId::HashSort:
    case PassId::HashNeighbours:
      break;  // with HashClear
    case PassId::TriangleNeighbours:
      triangleNeighbours_ =
          findTriangleNeighbours(state.positions, params_, neighbours_, contactTriangles_, &stitchPartners_);
      break;
    case PassId::CoarseSolve:
      solveCoarseColour(state, p.index, p.colour);
      break;
    case PassId::Prolongate:
      prolongate(layout_.hierarchy.levels[p.index - 1], predicted_, state.positionsLow, &state.positions,
                 tearMarks());
      break;
    case PassId::CoarseLevels:
      for (size_t s = 0; s < layout_.coarseProgram.size(); ++s) {
        // The same steps as the GPU's work group, in order.
        const glm::uvec4 step = layout_.coarseProgram[s];
        const uint32_t level = layout_.coarseProgramLevel[s];
        if (step.x == VKXPBD_COARSE_STEP_SOLVE)
          solveCoarseRange(state, level, ConstraintRange{step.z, step.w});
        else
          prolongate(layout_.hierarchy.levels[level - 1], predicted_, state.positionsLow, &state.positions,
                     tearMarks());
      }
      break;
    case PassId::MomentumStart:
      // As momentumStartParticle in the shaders: BDF2 keeps the substep's start xⁿ = x* − v*Δt instead.
      if (params_.integrator != VKXPBD_INTEGRATOR_BDF2) {
        momentumStart_ = state.positionsLow;
      } else if (first) {
        momentumStart_.resize(model_.particleCount());
        for (uint32_t i = 0; i < model_.particleCount(); ++i)
          momentumStart_[i] = vec4(vec3(predicted_[i]) - vec3(state.velocities[i]) * params_.dt, 0.0f);
      }
      break;
    case PassId::SolveColour:
    case PassId::SolveDistance:
      solveColour(state, p.index, first);
      break;
    case PassId::JacobiConstraints:
    case PassId::JacobiDistance:
      solveJacobi(state, first);
      break;
    case PassId::JacobiApply:
      break;  // with JacobiConstraints
    case PassId::VolumeGradient:
      solveVolumes(state, first);
      break;
    case PassId::VolumeReduce:
    case PassId::VolumeApply:
      break;  // with VolumeGradient
    case PassId::MomentumReduce:
      keepMomentum(state);
      break;
    case PassId::MomentumApply:
      break;  // with MomentumReduce
    case PassId::ContactCount:
      solveContacts(state);
      break;
    case PassId::TriangleContactSolve:
    case PassId::ContactSolve:
    case PassId::ContactApply:
      break;  // with ContactCount
    case PassId::Tethers:
      solveTethers(state);
      break;
    case PassId::Grab:
      solveGrab(state, first);
      break;
    case PassId::FrictionCone:
      frictionCones(state);
      break;
    case PassId::PatchStick:
      patchStick(state);
      break;
    case PassId::CascadeDetect:
    case PassId::CascadeCount:
    case PassId::CascadeSolve:
    case PassId::CascadeApply:
    case PassId::CascadeProlongate:
      runCascadePass(state, p);
      break;
    case PassId::CollideLimit:
      collideLimits(state, p.substep);
      break;
    case PassId::Collide:
      collide(state, p.substep);
      break;
    case PassId::UpdateVelocity:
      updateVelocities(state);
      break;
    case PassId::Count:
      break;
  }
}

void CpuSolver::solveTethers(State& state) {
  for (const Tether& t : model_.tethers) {
    // In the anchor's frame, as solveTether in the shaders.
    const vec3 anchorHi(state.positions[t.anchor]);
    const vec3 x = local(state, t.particle, anchorHi);
    const vec3 moved = gpu::projectTether(x, vec3(state.positionsLow[t.anchor]), t.maxLength);
    state.positionsLow[t.particle] += vec4(moved - x, 0.0f);
  }
}

void CpuSolver::solveCoarseColour(State& state, uint32_t level, uint32_t colour) {
  solveCoarseRange(state, level, layout_.hierarchy.levels[level - 1].colours[colour]);
}

void CpuSolver::solveCoarseRange(State& state, uint32_t level, ConstraintRange range) {
  // As solveCoarseConstraint in the shaders: in particle a's frame, with the level's inverse masses.
  const HierarchyLevel& l = layout_.hierarchy.levels[level - 1];
  for (uint32_t k = range.first; k < range.first + range.count; ++k) {
    gpu::CoarseConstraint c = l.constraints[k];
    if ((c.flags & VKXPBD_COARSE_TEARS) != 0u &&
        gpu::coarseConstraintTorn(
            c, layout_.hierarchy.tearMarks[VKXPBD_TEAR_MARK_VEC4S * c.a][VKXPBD_TEAR_MARK_MASK],
            layout_.hierarchy.tearMarks[VKXPBD_TEAR_MARK_VEC4S * c.b][VKXPBD_TEAR_MARK_MASK]))
      continue;
    c.invMassA = gpu::coarseEndInvMass(c.invMassA, state.positions[c.a].w);
    c.invMassB = gpu::coarseEndInvMass(c.invMassB, state.positions[c.b].w);
    const vec3 la(state.positionsLow[c.a]);
    const gpu::DistanceCorrection r =
        gpu::projectCoarse(la, local(state, c.b, vec3(state.positions[c.a])), c, params_.alphaScale);
    if (c.invMassA > 0.0f) state.positionsLow[c.a] = vec4(la + r.deltaA, 0.0f);
    if (c.invMassB > 0.0f) state.positionsLow[c.b] += vec4(r.deltaB, 0.0f);
  }
}

void CpuSolver::predict(State& state, uint32_t substep) {
  const float t =
      gpu::substepEndTime(static_cast<uint32_t>(state.frame), substep, params_.frameDt, params_.dt);
  for (uint32_t i = 0; i < model_.particleCount(); ++i) {
    // As predictParticle in the shaders: the motion goes into the low part; the high part stays.
    vec4 x = state.positions[i];
    vec3 lo(state.positionsLow[i]);
    vec3 v(0.0f);
    uint32_t pin = pinOfParticle_[i];
    if (pin != VKXPBD_NONE) {
      const Pin& p = model_.pins[pin];
      if (p.motion != VKXPBD_NONE || p.attach != 0u) {
        const vec3 offset = p.attach != 0u ? gpu::attachedPinOffset(model_.colliders[p.attach - 1u],
                                                                    vec3(p.target), vec3(p.targetLow), t)
                                           : gpu::pinOffset(model_.motions[p.motion], t);
        const vec3 target = vec3(p.targetLow) + offset;  // relative to the high part p.target
        v = (target - gpu::positionRelativeTo(vec3(x), lo, vec3(p.target))) * params_.invDt;
        x = vec4(vec3(p.target), x.w);
        lo = target;
      }
    } else if (x.w > 0.0f) {
      const vec3 current(state.velocities[i]);
      const size_t previous = model_.particleCount() + i;
      if (params_.integrator == VKXPBD_INTEGRATOR_BDF2 && history_[i].w > 0.0f) {
        v = gpu::bdf2PredictedVelocity(vec3(history_[i]), current, vec3(history_[previous]),
                                       vec3(params_.gravity), params_.dt);
      } else {
        v = gpu::predictVelocity(current, vec3(params_.gravity), params_.dt);
      }
      // vⁿ, for the momentum projection (momentumTermsBdf2); the update replaces it when it restarts.
      if (params_.integrator == VKXPBD_INTEGRATOR_BDF2) history_[previous] = vec4(current, 0.0f);

      lo += v * params_.dt;
    }
    predicted_[i] = vec4(lo, x.w);
    state.velocities[i] = vec4(v, 0.0f);
    state.positions[i] = x;
    state.positionsLow[i] = vec4(lo, 0.0f);
  }
}

gpu::DistanceCorrection CpuSolver::projectStoredDistance(const State& state, uint32_t index,
                                                         bool firstIteration, gpu::JacobiStep step) {
  const DistanceConstraint& c = layout_.distance[index];
  const vec4 xa = state.positions[c.a];
  const vec4 xb = state.positions[c.b];
  const float lambda = firstIteration ? 0.0f : lambdas_[index];
  const gpu::DistanceCorrection r = gpu::scaledDistanceCorrection(
      gpu::projectDistance(vec3(state.positionsLow[c.a]), local(state, c.b, vec3(xa)), xa.w / step.massShare,
                           xb.w / step.massShare, c, params_.alphaScale, lambda, params_.constraintModel),
      step);
  lambdas_[index] = lambda + r.deltaLambda;
  return r;
}

std::array<vec4, 3> CpuSolver::elementDataOf(const ElementConstraint& e) const {
  std::array<vec4, 3> q = {vec4(0.0f), vec4(0.0f), vec4(0.0f)};
  for (uint32_t i = 0; i < gpu::elementDataSize(e.type); ++i) q[i] = model_.elementData[e.data + i];
  return q;
}

gpu::ElementCorrection CpuSolver::projectStoredElement(const State& state, uint32_t index,
                                                       bool firstIteration, gpu::JacobiStep step) {
  const ElementConstraint& e = layout_.elements[index];
  const uint32_t lambdaIndex = static_cast<uint32_t>(layout_.distance.size()) + 2 * index;
  const float lambda = firstIteration ? 0.0f : lambdas_[lambdaIndex];
  const float lambda2 = firstIteration ? 0.0f : lambdas_[lambdaIndex + 1];
  const std::array<vec4, 3> q = elementDataOf(e);
  const vec3 origin(state.positions[e.a]);
  auto at = [&](uint32_t k) { return vec4(local(state, k, origin), state.positions[k].w / step.massShare); };
  const gpu::ElementCorrection r = gpu::scaledElementCorrection(
      gpu::projectElement(e, at(e.a), at(e.b), at(e.c), at(e.d), q[0], q[1], q[2], params_.alphaScale, lambda,
                          lambda2, params_.constraintModel),
      step);
  lambdas_[lambdaIndex] = lambda + r.deltaLambda;
  lambdas_[lambdaIndex + 1] = lambda2 + r.deltaLambda2;
  return r;
}

void CpuSolver::startHistory(const State& state) {
  // No past yet (w = 0): each particle's first substep is an implicit Euler one (shared/integrator_math.h).
  const uint32_t n = model_.particleCount();
  history_.assign(2 * size_t{n}, vec4(0.0f));
  for (uint32_t i = 0; i < n; ++i) history_[i] = history_[n + i] = vec4(vec3(state.velocities[i]), 0.0f);
}

vec3 CpuSolver::local(const State& state, uint32_t k, vec3 origin) {
  return gpu::positionRelativeTo(vec3(state.positions[k]), vec3(state.positionsLow[k]), origin);
}

namespace {
void moveParticle(State& state, uint32_t p, vec3 delta) {
  if (state.positions[p].w > 0.0f) state.positionsLow[p] += vec4(delta, 0.0f);
}
}  // namespace

void CpuSolver::solveColour(State& state, uint32_t colour, bool firstIteration) {
  const ConstraintRange range = layout_.colours[colour];
  for (uint32_t k = range.first; k < range.first + range.count; ++k) {
    const DistanceConstraint& c = layout_.distance[k];
    const gpu::DistanceCorrection r = projectStoredDistance(state, k, firstIteration, gpu::gaussSeidelStep());
    moveParticle(state, c.a, r.deltaA);
    moveParticle(state, c.b, r.deltaB);
  }
  const ConstraintRange elements = layout_.elementColours[colour];
  for (uint32_t k = elements.first; k < elements.first + elements.count; ++k) {
    const ElementConstraint& e = layout_.elements[k];
    const gpu::ElementCorrection r = projectStoredElement(state, k, firstIteration, gpu::gaussSeidelStep());
    moveParticle(state, e.a, r.d0);
    moveParticle(state, e.b, r.d1);
    moveParticle(state, e.c, r.d2);
    moveParticle(state, e.d, r.d3);
  }
}

void CpuSolver::solveJacobi(State& state, bool firstIteration) {
  const ConstraintRange batch = layout_.jacobi;
  for (uint32_t k = 0; k < batch.count; ++k) {
    const gpu::DistanceCorrection r = projectStoredDistance(
        state, batch.first + k, firstIteration, gpu::jacobiStep(layout_.jacobiScale[k], params_.omega));
    slotDelta_[2 * k] = vec4(r.deltaA, 0.0f);
    slotDelta_[2 * k + 1] = vec4(r.deltaB, 0.0f);
  }
  const ConstraintRange elements = layout_.jacobiElements;
  for (uint32_t k = 0; k < elements.count; ++k) {
    const gpu::ElementCorrection r =
        projectStoredElement(state, elements.first + k, firstIteration,
                             gpu::jacobiStep(layout_.jacobiScale[batch.count + k], params_.omega));
    const uint32_t slot = layout_.elementSlotBase() + 4 * k;
    slotDelta_[slot] = vec4(r.d0, 0.0f);
    slotDelta_[slot + 1] = vec4(r.d1, 0.0f);
    slotDelta_[slot + 2] = vec4(r.d2, 0.0f);
    slotDelta_[slot + 3] = vec4(r.d3, 0.0f);
  }
  const JacobiAdjacency& adj = layout_.adjacency;
  for (uint32_t row = 0; row < adj.rowCount(); ++row) {
    vec3 sum(0.0f);
    for (uint32_t s = adj.offsets[row]; s < adj.offsets[row + 1]; ++s) sum += vec3(slotDelta_[adj.slots[s]]);
    state.positionsLow[adj.particles[row]] += vec4(sum, 0.0f);
  }
}

void CpuSolver::solveVolumes(State& state, bool firstIteration) {
  // The GPU's three passes: gradients per row, the reduction per body, the move per row.
  // Each body in the frame of its first triangle's first corner (volumeOrigin in the shaders).
  auto origin = [&](const VolumeBody& body) {
    return vec3(state.positions[model_.volumeTriangles[3 * body.firstTriangle]]);
  };
  std::vector<vec4> gradient(layout_.volumeRows.size());
  for (uint32_t r = 0; r < layout_.volumeRows.size(); ++r) {
    const gpu::VolumeRow row = layout_.volumeRows[r];
    const vec3 o = origin(layout_.volumes[row.body]);
    vec3 g(0.0f);
    for (uint32_t k = row.firstCorner; k < row.firstCorner + row.cornerCount; ++k) {
      const uint32_t t = layout_.volumeCorners[k] / 3, corner = layout_.volumeCorners[k] % 3;
      const uint32_t* tri = &model_.volumeTriangles[3 * t];
      g += gpu::volumeCornerGradient(local(state, tri[(corner + 1) % 3], o),
                                     local(state, tri[(corner + 2) % 3], o));
    }
    gradient[r] = vec4(g, state.positions[row.particle].w * dot(g, g));
  }
  for (uint32_t b = 0; b < layout_.volumes.size(); ++b) {
    const VolumeBody& body = layout_.volumes[b];
    const vec3 o = origin(body);
    // The same summation order as the GPU reduction.
    float volume = gpu::volumeReduce(body.triangleCount, [&](uint32_t t) {
      const uint32_t* tri = &model_.volumeTriangles[3 * (body.firstTriangle + t)];
      return gpu::triangleVolume(local(state, tri[0], o), local(state, tri[1], o), local(state, tri[2], o));
    });
    float wGrad = gpu::volumeReduce(body.rowCount, [&](uint32_t r) { return gradient[body.firstRow + r].w; });
    const float lambda = firstIteration ? 0.0f : volumeState_[b].lambda;
    volumeState_[b] =
        gpu::volumeStep(body, volume, wGrad, params_.alphaScale, lambda, params_.constraintModel);
  }
  for (uint32_t r = 0; r < layout_.volumeRows.size(); ++r) {
    const gpu::VolumeRow row = layout_.volumeRows[r];
    moveParticle(state, row.particle,
                 state.positions[row.particle].w * volumeState_[row.body].deltaLambda * vec3(gradient[r]));
  }
}

void CpuSolver::keepMomentum(State& state) {
  // The GPU's two passes: one reduction per body (in the same summation order), then the move per particle.
  const bool bdf2 = params_.integrator == VKXPBD_INTEGRATOR_BDF2;
  std::vector<gpu::MomentumFix> fixes(model_.momentumBodies.size());
  for (size_t b = 0; b < fixes.size(); ++b) {
    const MomentumBody& body = model_.momentumBodies[b];
    // In the frame of the body's first particle (its high part), as momentum_reduce.comp.
    const vec3 origin(state.positions[body.first]);
    const gpu::MomentumSums sums = gpu::momentumReduce(body.count, [&](uint32_t k) {
      const uint32_t i = body.first + k;
      const float w = state.positions[i].w;
      const float mass = w > 0.0f ? 1.0f / w : 0.0f;
      const vec3 lever = momentumLever(state, i, origin);
      if (bdf2)
        return gpu::momentumTermsBdf2(local(state, i, origin), lever, vec3(state.velocities[i]),
                                      vec3(state.positionsLow[i]) - vec3(predicted_[i]),
                                      vec3(state.positionsLow[i]) - vec3(momentumStart_[i]), history_[i],
                                      vec3(history_[model_.particleCount() + i]), vec3(params_.gravity), mass,
                                      params_.dt);
      return gpu::momentumTerms(lever, vec3(state.positionsLow[i]) - vec3(momentumStart_[i]), mass);
    });
    fixes[b] = gpu::momentumFix(sums, vec3(0.0f));
  }
  for (size_t b = 0; b < fixes.size(); ++b) {
    const MomentumBody& body = model_.momentumBodies[b];
    const vec3 origin(state.positions[body.first]);
    for (uint32_t i = body.first; i < body.first + body.count; ++i) {
      const vec4 correction(gpu::momentumCorrection(fixes[b], momentumLever(state, i, origin)), 0.0f);
      if (gpu::momentumInVelocity(momentumHistory(i)))
        state.velocities[i] += correction * params_.invDt;
      else
        state.positionsLow[i] += correction;
    }
  }
}

vec4 CpuSolver::momentumHistory(uint32_t i) const {
  return params_.integrator == VKXPBD_INTEGRATOR_BDF2 ? history_[i] : vec4(0.0f);
}

vec3 CpuSolver::momentumLever(const State& state, uint32_t i, vec3 origin) const {
  return gpu::momentumLever(substepStart(state, i, origin), local(state, i, origin), momentumHistory(i));
}

glm::vec2 CpuSolver::pairFriction(uint32_t i, uint32_t j) const {
  glm::vec2 mu(params_.staticFriction, params_.kineticFriction);
  if (params_.bodyFriction == 0u) return mu;
  const glm::vec2 fi = model_.particleFriction[i], fj = model_.particleFriction[j];
  return {gpu::combinedFriction(gpu::combinedFriction(mu.x, fi.x), gpu::combinedFriction(mu.x, fj.x)),
          gpu::combinedFriction(gpu::combinedFriction(mu.y, fi.y), gpu::combinedFriction(mu.y, fj.y))};
}

vec3 CpuSolver::substepStart(const State& state, uint32_t i, vec3 origin) const {
  return gpu::positionRelativeTo(vec3(state.positions[i]),
                                 vec3(predicted_[i]) - vec3(state.velocities[i]) * params_.dt, origin);
}

void CpuSolver::setGrab(uint32_t particle, glm::vec3 target, float compliance) {
  grab_.particle = particle;
  grab_.enabled = 1u;
  grab_.compliance = storedCompliance(layout_, particle, compliance);
  grab_.target = vec4(target, 0.0f);
  schedule_ = buildFrameSchedule(model_, settings_, layout_, true);
}

void CpuSolver::releaseGrab() {
  grab_.enabled = 0u;
  schedule_ = buildFrameSchedule(model_, settings_, layout_, false);
}

void CpuSolver::solveGrab(State& state, bool firstIteration) {
  // In the particle's frame, as solveGrab in the shaders.
  const vec4 x = state.positions[grab_.particle];
  gpu::GrabConstraint g = grab_;
  g.target = vec4(vec3(grab_.target) - vec3(x), 0.0f);
  const float lambda = firstIteration ? 0.0f : grab_.lambda;
  gpu::DistanceCorrection r = gpu::projectGrab(vec3(state.positionsLow[grab_.particle]), x.w, g,
                                               params_.alphaScale, lambda, params_.constraintModel);
  moveParticle(state, grab_.particle, r.deltaA);
  grab_.lambda = lambda + r.deltaLambda;
}

namespace {
// The signed-distance grid of collider c at local point p (the GPU's sampleSdf in solver_passes.glsl).
gpu::GridSample sampleSdf(const std::vector<float>& values, const Collider& c, vec3 p) {
  const gpu::GridCell g = gpu::gridCell(p, vec3(c.shape), c.shape.w, c.sdfDimX, c.sdfDimY, c.sdfDimZ);
  const uint32_t sy = c.sdfDimX, sz = c.sdfDimX * c.sdfDimY;
  const uint32_t base = c.sdfFirst + g.ix + g.iy * sy + g.iz * sz;
  gpu::GridSample s = gpu::trilinear(values[base], values[base + 1], values[base + sy], values[base + sy + 1],
                                     values[base + sz], values[base + sz + 1], values[base + sz + sy],
                                     values[base + sz + sy + 1], g.f, c.shape.w);
  s.distance += g.outside;
  return s;
}
}  // namespace

CpuSolver::ParticleCollision CpuSolver::collideParticle(const State& state, uint32_t i, float t,
                                                        float stick) const {
  // In the particle's frame (its high part as the origin), as collideParticle in the shaders.
  const vec4 x = state.positions[i];
  const vec3 predicted(predicted_[i]);
  const vec3 start = predicted - vec3(state.velocities[i]) * params_.dt;
  ParticleCollision r{vec3(state.positionsLow[i]), vec3(0.0f), false, vec4(0.0f)};
  const float mass = 1.0f / x.w;  // kg
  const glm::vec2 body = params_.bodyFriction != 0u ? model_.particleFriction[i] : glm::vec2(-1.0f);
  for (const Collider& world : model_.colliders) {
    const Collider c = gpu::colliderRelativeTo(world, vec3(x));
    const GridContact grid = gridContact(c, r.p, t);
    const float muStatic = gpu::combinedFriction(c.staticFriction, body.x);
    const gpu::ColliderContact k =
        gpu::collideWithFriction(c, r.p, start, t, params_.dt, params_.thickness, grid.distance, grid.normal,
                                 muStatic, gpu::combinedFriction(c.kineticFriction, body.y), stick);
    r.p += k.delta;
    r.cone += gpu::frictionConeTerms(k, muStatic, mass);
    if (k.touching > 0.0f) {
      r.dv += gpu::restitutionChange(c, r.p, predicted, vec3(state.velocities[i]) + r.dv, k.normal, t,
                                     params_.invDt);
      r.touched = true;
    }
  }
  return r;
}

void CpuSolver::frictionCones(const State& state) {
  // As friction_cone.comp: the terms collide and the cascade wrote, summed per body in the GPU reduction's
  // order; the marks are for the next substep's collide and patch stick.
  for (const MomentumBody& body : model_.momentumBodies) {
    if (body.solid == 0u) continue;
    // Positions relative to the body's first particle, as friction_cone.comp.
    const vec3 origin(state.positions[body.first]);
    auto terms = [&](uint32_t i) {
      return state.positions[i].w > 0.0f ? coneTerms_[i] + cascadeCone_[i] : vec4(0.0f);
    };
    const vec4 sums = gpu::frictionConeReduce(body.count, [&](uint32_t k) { return terms(body.first + k); });
    // A particle without contact adds 0 (friction_cone.comp skips it).
    const vec4 pressure = gpu::frictionConeReduce(body.count, [&](uint32_t k) {
      const uint32_t i = body.first + k;
      return terms(i) == vec4(0.0f) ? vec4(0.0f)
                                    : gpu::frictionPressureTerms(terms(i), local(state, i, origin));
    });
    const vec4 torque = gpu::frictionConeReduce(body.count, [&](uint32_t k) {
      const uint32_t i = body.first + k;
      return terms(i) == vec4(0.0f) ? vec4(0.0f)
                                    : gpu::frictionTorqueTerms(terms(i), local(state, i, origin));
    });
    const glm::vec2 cone = gpu::frictionConeSums(sums, pressure, torque);
    float& surplus = coneSurplus_[&body - model_.momentumBodies.data()];
    surplus = gpu::frictionConeSurplus(surplus, cone, params_.dt);
    const float stick = gpu::bodySticks(surplus, cone) ? 1.0f : 0.0f;
    for (uint32_t i = body.first; i < body.first + body.count; ++i) stick_[i] = stick;
  }
}

CpuSolver::GridContact CpuSolver::gridContact(const Collider& c, vec3 p, float t) const {
  GridContact g;
  if (c.type != VKXPBD_COLLIDER_SDF) return g;
  const gpu::GridSample s = sampleSdf(model_.sdfValues, c, gpu::colliderLocal(c, p, t));
  g.distance = s.distance;
  if (glm::length(s.gradient) > 0.0f) g.normal = glm::normalize(s.gradient);
  return g;
}

void CpuSolver::collideLimits(const State& state, uint32_t substep) {
  const float t =
      gpu::substepEndTime(static_cast<uint32_t>(state.frame), substep, params_.frameDt, params_.dt);
  const uint32_t n = model_.particleCount();
  if (tetAdjacency_.empty()) return;
  for (uint32_t i = 0; i < n; ++i) {
    collideLimit_[i] = 0.0f;
    if (state.positions[i].w <= 0.0f || tetAdjacency_[i] == tetAdjacency_[i + 1]) continue;
    // As collideLimitParticle in the shaders: in the particle's frame, the other corners where they are.
    const vec3 delta = collideParticle(state, i, t, stick_[i]).p - vec3(state.positionsLow[i]);
    const vec3 o(state.positions[i]);
    float bound = 1.0f;
    const uint32_t end = delta == vec3(0.0f) ? tetAdjacency_[i] : tetAdjacency_[i + 1];  // no contact: s = 1
    for (uint32_t j = tetAdjacency_[i]; j < end; ++j) {
      const ElementConstraint& e = layout_.elements[tetAdjacency_[n + 1 + j]];
      const gpu::ElementGradient g = gpu::tetVolumeGradient(local(state, e.a, o), local(state, e.b, o),
                                                            local(state, e.c, o), local(state, e.d, o), 0.0f);
      const vec3 gradient = i == e.a ? g.g0 : i == e.b ? g.g1 : i == e.c ? g.g2 : g.g3;
      const std::array<vec4, 3> q = elementDataOf(e);
      bound = gpu::collideLimitOfTet(gradient, g.C, gpu::tetRestVolume(e, q[0], q[1], q[2]), delta, bound);
    }
    collideLimit_[i] = 1.0f - bound;
  }
}

void CpuSolver::collide(State& state, uint32_t substep) {
  const float t =
      gpu::substepEndTime(static_cast<uint32_t>(state.frame), substep, params_.frameDt, params_.dt);
  for (uint32_t i = 0; i < model_.particleCount(); ++i) {
    if (state.positions[i].w <= 0.0f) continue;
    // stick_ stays 0 outside solid bodies, as the GPU's collide without VKXPBD_FLAG_SOLID_CONES.
    const ParticleCollision r = collideParticle(state, i, t, stick_[i]);
    coneTerms_[i] = r.cone;
    state.positionsLow[i] =
        vec4(gpu::limitedCollide(vec3(state.positionsLow[i]), r.p, 1.0f - collideLimit_[i]), 0.0f);
    state.velocities[i] += vec4(r.dv, 0.0f);
    if (r.touched && params_.integrator == VKXPBD_INTEGRATOR_BDF2)
      history_[i].w = VKXPBD_HISTORY_TOUCHED;  // an impact: restart
  }
}

void CpuSolver::updateVelocities(State& state) {
  for (uint32_t i = 0; i < model_.particleCount(); ++i) {
    // As updateParticleVelocity in the shaders: the substep's motion is lo − lo*; then renormalise.
    const vec3 lo(state.positionsLow[i]);
    if (params_.integrator == VKXPBD_INTEGRATOR_BDF2 && state.positions[i].w > 0.0f) {
      const vec3 mean =
          gpu::updateVelocity(lo, vec3(predicted_[i]), vec3(state.velocities[i]), params_.invDt, 1.0f);
      gpu::Bdf2Update u =
          gpu::bdf2Update(mean, history_[i], vec3(params_.gravity), params_.dt, params_.dampingFactor);
      if (integratesWithEuler(layout_, i)) u.mean = gpu::eulerBodyHistory(u.mean);
      state.velocities[i] = vec4(u.velocity, 0.0f);
      history_[i] = u.mean;
      if (u.writePrevious) history_[model_.particleCount() + i] = vec4(u.previous, 0.0f);
    } else {
      state.velocities[i] = vec4(gpu::updateVelocity(lo, vec3(predicted_[i]), vec3(state.velocities[i]),
                                                     params_.invDt, params_.dampingFactor),
                                 0.0f);
    }
    const gpu::SplitPosition s = gpu::renormalizePosition(vec3(state.positions[i]), lo);
    state.positions[i] = vec4(s.hi, state.positions[i].w);
    state.positionsLow[i] = vec4(s.lo, 0.0f);
  }
}

}  // namespace vkxpbd
