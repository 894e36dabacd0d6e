// The CPU reference's contact cascade: the thread bodies of the passes cascade detect, cascade count,
// cascade solve, cascade apply and cascade prolongate in shaders/solver_passes.glsl, on the same packed words
// (shared/cascade_math.h, sim/contact_cascade.h).
#include <algorithm>
#include <bit>

#include "shared/cascade_math.h"
#include "shared/hierarchy_math.h"
#include "shared/patch_stick_math.h"
#include "shared/position_math.h"
#include "sim/cpu_solver.h"

namespace vkxpbd {

using glm::vec3;
using glm::vec4;

namespace {
uint32_t bitsOf(float f) {
  return std::bit_cast<uint32_t>(f);
}
}  // namespace

void CpuSolver::runCascadePass(State& state, const ScheduledPass& p) {
  const gpu::PassConstants& pc = p.constants;
  for (uint32_t k = 0; k < pc.count; ++k) {
    switch (p.pass) {
      case PassId::CascadeDetect:
        cascadeDetect(state, pc.first + k, p.substep);
        break;
      case PassId::CascadeCount:
        cascadeCount(pc.elementSlotBase, pc.first + k);
        break;
      case PassId::CascadeSolve:
        cascadeSolve(state, pc.elementSlotBase, pc.first + k, pc.elementCount != 0u);
        break;
      case PassId::CascadeApply:
        cascadeApply(state, pc.elementSlotBase, pc.first + k);
        break;
      case PassId::CascadeProlongate:
        cascadeProlongate(state, pc.elementSlotBase, pc.first + k);
        break;
      default:
        break;
    }
  }
}

glm::vec4& CpuSolver::cascadeEntry(uint32_t entry, uint32_t slot) {
  return cascade_[VKXPBD_CASCADE_ENTRY_VEC4S * entry + slot];
}

const glm::vec4& CpuSolver::cascadeEntry(uint32_t entry, uint32_t slot) const {
  return cascade_[VKXPBD_CASCADE_ENTRY_VEC4S * entry + slot];
}

uint32_t CpuSolver::cascadeParticleOf(uint32_t entry) const {
  return bitsOf(cascadeEntry(entry, VKXPBD_CASCADE_PARTICLE).x);
}

vec3 CpuSolver::cascadeMoved(const State& state, uint32_t entry) const {
  return vec3(state.positionsLow[cascadeParticleOf(entry)]) - vec3(cascadeEntry(entry, VKXPBD_CASCADE_START));
}

void CpuSolver::cascadeDetect(State& state, uint32_t entry, uint32_t substep) {
  const uint32_t i = cascadeParticleOf(entry);
  const vec4 x = state.positions[i];
  const vec3 p(state.positionsLow[i]);
  cascadeEntry(entry, VKXPBD_CASCADE_START) = vec4(p, 0.0f);
  gpu::CascadeContact best = gpu::noCascadeContact();
  if (x.w > 0.0f) {
    const float t =
        gpu::substepEndTime(static_cast<uint32_t>(state.frame), substep, params_.frameDt, params_.dt);
    const vec3 start = vec3(predicted_[i]) - vec3(state.velocities[i]) * params_.dt;
    const glm::vec2 body = params_.bodyFriction != 0u ? model_.particleFriction[i] : glm::vec2(-1.0f);
    for (const Collider& world : model_.colliders) {
      const Collider c = gpu::colliderRelativeTo(world, vec3(x));
      const GridContact grid = gridContact(c, p, t);
      best = gpu::deeperCascadeContact(best, c, p, start, vec3(state.velocities[i]), t, params_.dt,
                                       params_.thickness, grid.distance, grid.normal,
                                       gpu::combinedFriction(c.staticFriction, body.x),
                                       gpu::combinedFriction(c.kineticFriction, body.y));
    }
  }
  cascadeEntry(entry, VKXPBD_CASCADE_CONTACT) = vec4(best.normal, best.depth);
  cascadeEntry(entry, VKXPBD_CASCADE_SLIP) = vec4(best.slip, 0.0f);
  cascadeEntry(entry, VKXPBD_CASCADE_FRICTION) = vec4(best.muStatic, best.muKinetic, 0.0f, 0.0f);
  cascadeCone_[i] = vec4(0.0f);  // the body's cone and patch stick terms, written at level 1 (cascadeSolve)
  cascadeContact_[i] = vec4(0.0f);
}

void CpuSolver::cascadeCount(uint32_t gather, uint32_t index) {
  const vec4 h = cascadeWord(gather + index);
  const uint32_t first = bitsOf(h.y), count = bitsOf(h.z);
  float contacts = 0.0f;
  for (uint32_t j = first; j < first + count; ++j)
    if (cascadeEntry(bitsOf(cascadeWord(j).x), VKXPBD_CASCADE_CONTACT).w > 0.0f) contacts += 1.0f;
  cascadeEntry(bitsOf(h.x), VKXPBD_CASCADE_PARTICLE).y = contacts;
}

void CpuSolver::cascadeSolve(const State& state, uint32_t weights, uint32_t entry, bool friction) {
  const vec4 contact = cascadeEntry(entry, VKXPBD_CASCADE_CONTACT);
  cascadeEntry(entry, VKXPBD_CASCADE_CORRECTION) = vec4(0.0f);
  if (contact.w <= 0.0f) return;
  vec3 d(0.0f);
  float invMass = 0.0f, share = 0.0f;
  for (uint32_t k = 0; k < VKXPBD_CASCADE_WEIGHTS; ++k) {
    const vec4 q = cascadeWord(weights + VKXPBD_CASCADE_WEIGHTS * entry + k);
    if (q.y == 0.0f) continue;
    const uint32_t qe = bitsOf(q.x);
    d += q.y * cascadeMoved(state, qe);
    if (state.positions[cascadeParticleOf(qe)].w <= 0.0f || q.z <= 0.0f) continue;
    invMass += q.y * q.y * q.z;
    share += q.y / std::max(cascadeEntry(qe, VKXPBD_CASCADE_PARTICLE).y, 1.0f);
  }
  if (invMass <= 0.0f) return;
  const vec4 slip = cascadeEntry(entry, VKXPBD_CASCADE_SLIP);
  const vec4 mu = cascadeEntry(entry, VKXPBD_CASCADE_FRICTION);
  const gpu::CascadeContact c{vec3(contact), contact.w, vec3(slip), slip.w, mu.x, mu.y};
  const gpu::CascadeCorrection r = gpu::cascadeCorrection(c, d, invMass, share, friction);
  cascadeEntry(entry, VKXPBD_CASCADE_SLIP).w = r.pushed;
  cascadeEntry(entry, VKXPBD_CASCADE_CORRECTION) = vec4(r.correction / invMass, 1.0f);
  if (friction) {  // level 1, the last: the contact's whole normal impulse
    const uint32_t i = cascadeParticleOf(entry);
    if (share > 0.0f)
      cascadeCone_[i] = gpu::cascadeConeTerms(c.slip, c.normal, d, invMass, share, c.muStatic, r.pushed);
    cascadeContact_[i] = vec4(c.normal, r.pushed);
  }
}

void CpuSolver::patchStick(State& state) {
  // As patch_stick.comp: the body's and its contacts' sums in the GPU reduction's order, the patch's mean
  // radius in a second pass, then the rigid move and each contact's own stick.
  for (const MomentumBody& body : model_.momentumBodies) {
    if (body.solid == 0u || stick_[body.first] <= 0.0f) continue;
    const vec3 origin(state.positions[body.first]);
    auto moving = [&](uint32_t i) { return state.positions[i].w > 0.0f; };
    // A particle's motion over the substep so far.
    auto moved = [&](uint32_t i) {
      return vec3(state.positionsLow[i]) - (vec3(predicted_[i]) - vec3(state.velocities[i]) * params_.dt);
    };
    const gpu::MomentumSums sums = gpu::momentumReduce(body.count, [&](uint32_t k) {
      const uint32_t i = body.first + k;
      return moving(i) ? gpu::momentumTerms(local(state, i, origin), moved(i), 1.0f / state.positions[i].w)
                       : gpu::noMomentumSums();
    });
    const gpu::PatchSums contacts = gpu::patchReduce(body.count, [&](uint32_t k) {
      const uint32_t i = body.first + k;
      if (!moving(i) || !gpu::hasPatchContact(cascadeContact_[i])) return gpu::noPatchSums();
      return gpu::patchTerms(local(state, i, origin), cascadeContact_[i], 1.0f / state.positions[i].w);
    });
    const vec3 centre = gpu::patchCentroid(contacts);
    const vec3 normal(gpu::patchNormal(contacts));
    // The vec4 sum in the one-work-group order (the x part: patch_stick.comp's float partial sums).
    const vec4 radius = gpu::frictionConeReduce(body.count, [&](uint32_t k) {
      const uint32_t i = body.first + k;
      if (!moving(i) || !gpu::hasPatchContact(cascadeContact_[i])) return vec4(0.0f);
      return vec4(gpu::patchRadiusTerm(local(state, i, origin), centre, normal), 0.0f, 0.0f, 0.0f);
    });
    const gpu::MomentumFix move = gpu::patchStickMove(sums, contacts, radius.x);
    for (uint32_t i = body.first; i < body.first + body.count; ++i) {
      if (!moving(i)) continue;
      state.positionsLow[i] += vec4(gpu::patchStickDisplacement(move, local(state, i, origin)), 0.0f);
      if (gpu::hasPatchContact(cascadeContact_[i]))
        state.positionsLow[i] += vec4(gpu::patchContactStick(moved(i), cascadeContact_[i]), 0.0f);
    }
  }
}

void CpuSolver::cascadeApply(State& state, uint32_t gather, uint32_t index) {
  const vec4 h = cascadeWord(gather + index);
  const uint32_t q = cascadeParticleOf(bitsOf(h.x));
  if (state.positions[q].w <= 0.0f) return;
  const uint32_t first = bitsOf(h.y), count = bitsOf(h.z);
  vec3 sum(0.0f);
  float contacts = 0.0f;
  for (uint32_t j = first; j < first + count; ++j) {
    const vec4 link = cascadeWord(j);
    const vec4 correction = cascadeEntry(bitsOf(link.x), VKXPBD_CASCADE_CORRECTION);
    if (correction.w > 0.0f) {
      sum += vec3(correction) * link.y;
      contacts += 1.0f;
    }
  }
  if (contacts > 0.0f) state.positionsLow[q] += vec4(sum * (h.w / contacts), 0.0f);
}

void CpuSolver::cascadeProlongate(State& state, uint32_t rows, uint32_t index) {
  const vec4 head = cascadeWord(rows + 3 * index);
  const vec4 parents = cascadeWord(rows + 3 * index + 1);
  const vec4 weights = cascadeWord(rows + 3 * index + 2);
  const uint32_t i = cascadeParticleOf(bitsOf(head.x));
  if (!gpu::prolongationMoves(state.positions[i].w)) return;
  const uint32_t count = bitsOf(head.y);
  vec3 d[4] = {vec3(0.0f), vec3(0.0f), vec3(0.0f), vec3(0.0f)};
  for (uint32_t k = 0; k < count; ++k) d[k] = cascadeMoved(state, bitsOf(parents[k]));
  state.positionsLow[i] += vec4(gpu::prolongationDelta(weights, d[0], d[1], d[2], d[3]), 0.0f);
}

}  // namespace vkxpbd
