// The CPU reference solver: it walks the GPU solver's frame schedule (sim/solver_schedule.h), pass by
// pass in the same order, over the same SolverLayout, with the same math (shaders/shared/*.h).
// Single-threaded; tests compare the two.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <vector>

#include "shared/collider_math.h"
#include "shared/contact_math.h"
#include "shared/element_math.h"
#include "sim/contact_hash.h"
#include "sim/contact_triangles.h"
#include "sim/model.h"
#include "sim/solver_layout.h"
#include "sim/solver_schedule.h"
#include "sim/tearing.h"

namespace vkxpbd {

class CpuSolver {
 public:
  // Refers to `model` and `layout` (they must outlive the solver) unless the model has tearing bodies:
  // then it solves copies of them that the tear step changes.
  CpuSolver(const Model& model, const SolverSettings& settings, const SolverLayout& layout);
  CpuSolver(const CpuSolver&) = delete;
  CpuSolver& operator=(const CpuSolver&) = delete;

  // Called after every iteration of every substep with the state at that point (λ: lambdas()).
  using IterationObserver = std::function<void(uint32_t substep, uint32_t iteration, const State& state)>;

  // Advances the state by one frame (settings.substeps substeps).
  void stepFrame(State& state, const IterationObserver& observer = {});

  // The grab constraint (see GpuSolver::setGrab), solved after the others in every iteration.
  void setGrab(uint32_t particle, glm::vec3 target, float compliance);
  void releaseGrab();

  // λ of every constraint after the last substep: distance constraints then elements, each in layout
  // order (N·s² for distance constraints; force = λ / Δt²).
  const std::vector<float>& lambdas() const { return lambdas_; }
  // Contact candidate lists of the last substep (empty without contacts / triangle contacts).
  const NeighbourLists& neighbours() const { return neighbours_; }
  const NeighbourLists& triangleNeighbours() const { return triangleNeighbours_; }

  // The model and layout as solved now: a tearing body's surfaces, constraints and split particles'
  // masses change at the end of a frame (sim/tearing.h); without tearing, those given.
  const Model& model() const { return model_; }
  const SolverLayout& layout() const { return layout_; }
  // What the last frame's tear step did (empty without tearing bodies).
  const TearReport& lastTear() const { return lastTear_; }
  // Each particle's stitch partner as the contacts use it (after tears: as the stitches are now).
  const std::vector<uint32_t>& stitchPartnersNow() const { return stitchPartners_; }
  // The tear step's bookkeeping; only with tearing bodies.
  const Tearing& tearing() const { return tear_->tearing; }

 private:
  // One pass of the schedule (a switch over PassId).
  void runPass(State& state, const ScheduledPass& pass);
  void predict(State& state, uint32_t substep);
  // Wind (cpu_solver_aero.cpp): every surface triangle's force, then each particle's Δv from its triangles.
  void aeroForces(const State& state, uint32_t substep);
  void aeroApply(State& state) const;
  void solveTethers(State& state);
  // Hierarchy: one colour of coarse level `level` (1 = the finest coarse level).
  void solveCoarseColour(State& state, uint32_t level, uint32_t colour);
  void solveCoarseRange(State& state, uint32_t level, ConstraintRange range);
  // Projects layout constraint `index` with this substep's λ (0 on the first iteration), taken as `step`
  // says (gaussSeidelStep, or the batch's split-mass jacobiStep: shared/xpbd_math.h) and accumulates λ;
  // the caller applies the corrections. Mirrors projectStoredDistance in the shaders.
  gpu::DistanceCorrection projectStoredDistance(const State& state, uint32_t index, bool firstIteration,
                                                gpu::JacobiStep step);
  // Element e's data rows (elementDataSize of them; the rest 0), as loadElementData in the shaders.
  std::array<glm::vec4, 3> elementDataOf(const ElementConstraint& e) const;
  gpu::ElementCorrection projectStoredElement(const State& state, uint32_t index, bool firstIteration,
                                              gpu::JacobiStep step);
  void solveColour(State& state, uint32_t colour, bool firstIteration);
  void solveVolumes(State& state, bool firstIteration);
  // Removes the rigid part of each free body's displacement by this iteration's constraint passes.
  void keepMomentum(State& state);
  // Particle and point–triangle contacts, one Jacobi iteration (cpu_solver_contacts.cpp).
  void solveContacts(State& state);
  // Computes every listed point–triangle contact once (triangleContactSolve in the shaders) and counts
  // the touching ones for their four particles.
  void computeTriangleContacts(const State& state, std::vector<gpu::PointTriangleCorrection>& results,
                               std::vector<uint32_t>& touching) const;
  glm::vec2 pairFriction(uint32_t i, uint32_t j) const;
  // Position of particle i at the start of the current substep relative to `origin` (m), as
  // substepStart in the shaders.
  glm::vec3 substepStart(const State& state, uint32_t i, glm::vec3 origin) const;
  // Particle i's lever in the momentum projection relative to `origin` (m; shared/momentum_math.h).
  glm::vec3 momentumLever(const State& state, uint32_t i, glm::vec3 origin) const;
  // Particle i's BDF2 history uⁿ as the momentum projection reads it (0 with implicit Euler).
  glm::vec4 momentumHistory(uint32_t i) const;
  // Position of particle k relative to `origin` (m), from both parts (shared/position_math.h).
  static glm::vec3 local(const State& state, uint32_t k, glm::vec3 origin);
  void solveJacobi(State& state, bool firstIteration);
  void solveGrab(State& state, bool firstIteration);
  // One particle against every collider at the end of the substep (time t, s); stick > 0: its body holds
  // in its static cone (shared/collider_math.h). Changes nothing.
  struct ParticleCollision {
    glm::vec3 p;     // the particle's low part after the colliders, m
    glm::vec3 dv;    // restitution's change of v*, m/s
    bool touched;    // it touched a collider
    glm::vec4 cone;  // its terms of the body's static cone (frictionConeTerms), kg·m
  };
  ParticleCollision collideParticle(const State& state, uint32_t i, float t, float stick) const;
  // The solid bodies' static cones (the friction cone pass, after collide): marks the particles of each
  // one stick or not for the next substep's collide.
  void frictionCones(const State& state);
  void patchStick(State& state);  // cpu_solver_cascade.cpp
  // The collide limit pass (shared/collide_limit.h): each particle's 1 − s, stored as the GPU stores it
  // (velocities' w there).
  void collideLimits(const State& state, uint32_t substep);
  void collide(State& state, uint32_t substep);
  // What collideWithFriction needs of collider c (in the particle's frame) at low part p, time t (s): a
  // signed-distance grid's distance (m) and unit normal there (the GPU's sampleSdf); 0 and +y otherwise.
  struct GridContact {
    float distance = 0.0f;
    glm::vec3 normal{0.0f, 1.0f, 0.0f};
  };
  GridContact gridContact(const Collider& c, glm::vec3 p, float t) const;
  // The contact cascade's passes (shared/cascade_math.h, cpu_solver_cascade.cpp): the thread bodies of
  // shaders/solver_passes.glsl's cascadeDetect, cascadeCount, cascadeSolve, cascadeApply and
  // cascadeProlongate, on cascade_ (the cascade's words as the GPU's hierarchy buffer holds them).
  void runCascadePass(State& state, const ScheduledPass& pass);
  void cascadeDetect(State& state, uint32_t entry, uint32_t substep);
  void cascadeCount(uint32_t gather, uint32_t index);
  void cascadeSolve(const State& state, uint32_t weights, uint32_t entry, bool friction);
  void cascadeApply(State& state, uint32_t gather, uint32_t index);
  void cascadeProlongate(State& state, uint32_t rows, uint32_t index);
  // A word of the cascade at hierarchy-buffer position `at`, and word `slot` of entry `entry`.
  glm::vec4& cascadeWord(uint32_t at) { return cascade_[at - layout_.cascade.base]; }
  glm::vec4& cascadeEntry(uint32_t entry, uint32_t slot);
  const glm::vec4& cascadeEntry(uint32_t entry, uint32_t slot) const;
  uint32_t cascadeParticleOf(uint32_t entry) const;
  glm::vec3 cascadeMoved(const State& state, uint32_t entry) const;
  void updateVelocities(State& state);
  // BDF2: a history with no past, from the state's velocities.
  void startHistory(const State& state);

  // Tearing: the copies of the model and layout that the tear step changes; null without tearing bodies.
  struct TearCopy {
    Model model;
    SolverLayout layout;
    Tearing tearing;
    TearCopy(const Model& m, const SolverLayout& l) : model(m), layout(l), tearing(m, l) {}
  };
  std::unique_ptr<TearCopy> tear_;  // before model_ and layout_ (they refer to it)
  const Model& model_;
  const SolverLayout& layout_;
  // Tearing with the hierarchy: the torn marks the coarse passes read; null without them.
  const std::vector<glm::uvec4>* tearMarks() const {
    return layout_.hierarchy.tearMarks.empty() ? nullptr : &layout_.hierarchy.tearMarks;
  }
  SolverSettings settings_;
  gpu::SimParams params_;
  FrameSchedule schedule_;  // as the GPU solver's (with the grab pass while grabbing)
  // BDF2 only: per particle the last substep's mean velocity [0, N) and the velocity before it [N, 2N), m/s.
  std::vector<glm::vec4> history_;
  std::vector<uint32_t> pinOfParticle_;
  std::vector<glm::vec4> predicted_;    // x* of the current substep, m
  std::vector<uint32_t> tetAdjacency_;  // each particle's tetrahedra (sim/tet_adjacency.h)
  std::vector<float> collideLimit_;     // per particle: 1 − s of its collide move (0: all of it)
  std::vector<glm::vec4> cascade_;      // the contact cascade's words (layout_.cascade.words, then scratch)
  std::vector<float> coneSurplus_;  // per free body: its static cone's mean surplus (collider_math.h), kg·m
  std::vector<float> stick_;  // per particle: 1 when its solid body stuck in the last friction cone pass
  std::vector<glm::vec4> coneTerms_;  // per particle: its static-cone terms from the last collide, kg·m
  // Per particle of a body with the contact cascade: its cascade contact's cone terms (kg·m) and the contact
  // (normal, normal impulse in kg·m; 0 without one), written at the cascade's level 1
  // (shared/patch_stick_math.h).
  std::vector<glm::vec4> cascadeCone_;
  std::vector<glm::vec4> cascadeContact_;
  std::vector<float> lambdas_;
  std::vector<glm::vec4> slotDelta_;
  std::vector<glm::vec4>
      momentumStart_;  // low parts of the positions before this iteration's constraint passes, m
  gpu::GrabConstraint grab_{};
  std::vector<gpu::VolumeState> volumeState_;
  NeighbourLists neighbours_;               // of the current substep
  std::vector<uint32_t> contactTriangles_;  // packContactTriangles
  NeighbourLists triangleNeighbours_;       // point–triangle candidates of the current substep
  std::vector<uint32_t> stitchPartners_;    // stitchPartners: left out of the contacts
  std::vector<glm::vec4> aero_;             // packAero: the wind field, then per triangle its coefficients
  std::vector<glm::vec3> triangleForce_;    // per surface triangle, this substep (N)
  std::vector<uint32_t> tearBroken_;        // what the tear check pass found this frame (layout order)
  uint32_t tearFlagged_ = 0;                // how many it flagged (tearBroken_: those that break)
  TearReport lastTear_;
};

}  // namespace vkxpbd
