#include "sim/solver_schedule.h"

#include <algorithm>

#include "sim/aero.h"
#include "sim/sim_params.h"
#include "sim/tear_table.h"
#include "sim/tet_adjacency.h"

namespace vkxpbd {

namespace {

class ScheduleBuilder {
 public:
  ScheduleBuilder(const Model& model, const SolverSettings& settings, const SolverLayout& layout)
      : model_(model), settings_(settings), layout_(layout) {
    for (const PassInfo& info : kPassTable)
      if (info.timing == TimingGroup::Pass) stageOfPass_[static_cast<uint32_t>(info.id)] = stage(info.name);
    colourStage_ = static_cast<uint32_t>(schedule_.stageNames.size());
    for (size_t c = 0; c < layout.colours.size(); ++c)
      schedule_.stageNames.push_back("solve colour " + std::to_string(c));
    levelStage_ = static_cast<uint32_t>(schedule_.stageNames.size());
    for (uint32_t l = 1; l <= layout.hierarchy.levelCount(); ++l)
      schedule_.stageNames.push_back("level " + std::to_string(l));
  }

  // Appends a pass unless it has nothing to do (0 threads).
  void add(PassId id, uint32_t threads, gpu::PassConstants pc, uint32_t index = 0, uint32_t colour = 0) {
    if (threads == 0) return;
    ScheduledPass p;
    p.pass = id;
    p.substep = substep_;
    p.iteration = iteration_;
    p.index = index;
    p.colour = colour;
    p.threads = threads;
    pc.substep = substep_;
    p.constants = pc;
    switch (passInfo(id).timing) {
      case TimingGroup::Pass:
        p.stage = stageOfPass_[static_cast<uint32_t>(id)];
        break;
      case TimingGroup::Colour:
        p.stage = colourStage_ + index;
        break;
      case TimingGroup::Level:
        p.stage = levelStage_ + index - 1;
        break;
    }
    schedule_.passes.push_back(p);
  }

  FrameSchedule build(bool grab);

 private:
  uint32_t stage(const char* name) {
    auto& names = schedule_.stageNames;
    auto it = std::find(names.begin(), names.end(), name);
    if (it != names.end()) return static_cast<uint32_t>(it - names.begin());
    names.emplace_back(name);
    return static_cast<uint32_t>(names.size() - 1);
  }
  static gpu::PassConstants range(uint32_t first, uint32_t count, uint32_t flags = 0) {
    gpu::PassConstants pc{};
    pc.first = first;
    pc.count = count;
    pc.flags = flags;
    return pc;
  }
  void hash();
  void hierarchy();
  void cascade();
  void iteration(bool grab, bool momentumStarted);

  const Model& model_;
  const SolverSettings& settings_;
  const SolverLayout& layout_;
  FrameSchedule schedule_;
  uint32_t stageOfPass_[kPassCount] = {};
  uint32_t colourStage_ = 0, levelStage_ = 0;
  uint32_t substep_ = 0, iteration_ = kNoIteration;
};

void ScheduleBuilder::hash() {
  const gpu::SimParams params = makeSimParams(model_, settings_);
  const uint32_t buckets = params.hashTableMask + 1, n = model_.particleCount();
  const gpu::PassConstants pc{};
  add(PassId::HashClear, buckets + 1, pc);
  add(PassId::HashCount, n, pc);
  add(PassId::HashScanBlocks, params.scanBlocks, pc);
  add(PassId::HashScanTop, 1, pc);
  add(PassId::HashScanAdd, buckets, pc);
  add(PassId::HashScatter, n, pc);
  add(PassId::HashSort, buckets, pc);
  add(PassId::HashNeighbours, n, pc);
  if (model_.contacts.triangles) add(PassId::TriangleNeighbours, n, pc);
}

void ScheduleBuilder::hierarchy() {
  // Coarsest level first; each level's colours, then its left-out particles follow their parents.
  const auto& levels = layout_.hierarchy.levels;
  uint32_t finest = static_cast<uint32_t>(levels.size());  // the finest level still to schedule
  if (layout_.fusedLevel > 0) {  // the small levels in one work group, counted in the stage of the finest
    gpu::PassConstants pc = range(0, static_cast<uint32_t>(layout_.coarseProgram.size()));
    pc.slotBase = layout_.coarseProgramBase;
    add(PassId::CoarseLevels, 1, pc, layout_.fusedLevel);
    finest = layout_.fusedLevel - 1;
  }
  for (uint32_t l = finest; l >= 1; --l) {
    const HierarchyLevel& level = levels[l - 1];
    for (uint32_t c = 0; c < level.colours.size(); ++c) {
      gpu::PassConstants pc = range(level.colours[c].first, level.colours[c].count);
      pc.slotBase = layout_.hierarchyConstraintBase[l - 1];
      add(PassId::CoarseSolve, pc.count, pc, l, c);
    }
    gpu::PassConstants pc = range(0, static_cast<uint32_t>(level.prolongation.size()));
    pc.slotBase = layout_.hierarchyRowBase[l - 1];
    add(PassId::Prolongate, pc.count, pc, l);
  }
}

// The contact cascade (shared/cascade_math.h), once a substep after the iterations: coarsest level first,
// each level's contacts, their average, then its prolongation from the cascade's start. slotBase: the
// cascade's entries; elementSlotBase: the level's table; elementFirst: the level; elementCount: 1 on the
// level that takes friction (level 1).
void ScheduleBuilder::cascade() {
  const ContactCascade& c = layout_.cascade;
  if (c.empty()) return;
  gpu::PassConstants pc = range(0, c.entries);
  pc.slotBase = c.base;
  add(PassId::CascadeDetect, c.entries, pc);
  // One pass of a level over `count` items of its table at `table`.
  auto levelPass = [&](PassId id, uint32_t table, uint32_t count) {
    pc.elementSlotBase = table;
    pc.count = count;
    add(id, count, pc);
  };
  for (uint32_t l = static_cast<uint32_t>(c.levels.size()); l >= 1; --l) {
    const CascadeLevel& level = c.levels[l - 1];
    pc.elementFirst = l;
    pc.elementCount = l == 1 ? 1u : 0u;
    levelPass(PassId::CascadeCount, level.gatherBase, level.gatherCount);
    levelPass(PassId::CascadeSolve, level.weightsBase, c.entries);
    levelPass(PassId::CascadeApply, level.gatherBase, level.gatherCount);
    levelPass(PassId::CascadeProlongate, level.rowBase, level.rowCount);
  }
}

// `momentumStarted`: the momentum start of this iteration was taken before the hierarchy's passes.
void ScheduleBuilder::iteration(bool grab, bool momentumStarted) {
  const uint32_t n = model_.particleCount();
  const uint32_t flags = iteration_ == 0 ? VKXPBD_FLAG_FIRST_ITERATION : 0u;
  const uint32_t bodies = static_cast<uint32_t>(model_.momentumBodies.size());
  if (bodies > 0 && !momentumStarted) add(PassId::MomentumStart, n, range(0, n, flags));
  for (uint32_t c = 0; c < layout_.colours.size(); ++c) {
    gpu::PassConstants pc = range(layout_.colours[c].first, layout_.colours[c].count, flags);
    pc.elementFirst = layout_.elementColours[c].first;
    pc.elementCount = layout_.elementColours[c].count;
    add(pc.elementCount > 0 ? PassId::SolveColour : PassId::SolveDistance, pc.count + pc.elementCount, pc, c);
  }
  if (layout_.jacobi.count + layout_.jacobiElements.count > 0) {
    gpu::PassConstants pc = range(layout_.jacobi.first, layout_.jacobi.count, flags);
    pc.slotBase = 0;
    pc.elementFirst = layout_.jacobiElements.first;
    pc.elementCount = layout_.jacobiElements.count;
    pc.elementSlotBase = layout_.elementSlotBase();
    add(pc.elementCount > 0 ? PassId::JacobiConstraints : PassId::JacobiDistance, pc.count + pc.elementCount,
        pc);
    // A tearing model's rows: a fixed count with room for a row per spare (rows past the built ones
    // empty), so that no tear changes the dispatch (docs/tearing.md).
    const uint32_t rows = jacobiRowCapacity(model_, layout_);
    add(PassId::JacobiApply, rows, range(0, rows, flags));
  }
  if (!layout_.volumes.empty()) {
    const uint32_t rows = static_cast<uint32_t>(layout_.volumeRows.size());
    const gpu::PassConstants pc = range(0, rows, flags);
    add(PassId::VolumeGradient, rows, pc);
    add(PassId::VolumeReduce, static_cast<uint32_t>(layout_.volumes.size()), pc);
    add(PassId::VolumeApply, rows, pc);
  }
  if (bodies > 0) {
    add(PassId::MomentumReduce, bodies, range(0, n, flags));
    add(PassId::MomentumApply, bodies, range(0, n, flags));
  }
  // With BDF2 the momentum projection of a free body fixes its whole end velocity every iteration
  // (shared/momentum_math.h), so it would take back what an earlier iteration's contacts, tethers and grab
  // gave the body: those run once per substep, in the last iteration, after its projection.
  const bool external =
      bodies == 0 || settings_.integrator != Integrator::Bdf2 || iteration_ + 1 == settings_.iterations;
  if (!external) return;
  if (model_.contacts.enabled) {
    // Counts first (particle pairs, then the triangle contacts, computed once and stored), then the
    // scaled corrections: every contact's scale needs its particles' counts (docs/contacts.md).
    const gpu::PassConstants pc = range(0, n, flags);
    add(PassId::ContactCount, n, pc);
    if (model_.contacts.triangles) add(PassId::TriangleContactSolve, n, pc);
    add(PassId::ContactSolve, n, pc);
    add(PassId::ContactApply, n, pc);
  }
  const uint32_t tethers = static_cast<uint32_t>(model_.tethers.size());
  add(PassId::Tethers, tethers, range(0, tethers, flags));
  if (grab) add(PassId::Grab, 1, range(0, 1, flags));
}

// A free body with tetrahedra: its collider friction has a body-wide static cone (shared/collider_math.h).
bool hasSolidBody(const Model& model) {
  for (const MomentumBody& b : model.momentumBodies)
    if (b.solid != 0u) return true;
  return false;
}

FrameSchedule ScheduleBuilder::build(bool grab) {
  const uint32_t n = model_.particleCount();
  for (substep_ = 0; substep_ < settings_.substeps; ++substep_) {
    iteration_ = kNoIteration;
    if (aeroEnabled(model_, layout_.surface)) {
      const uint32_t triangles = layout_.surface.triangleCount();
      add(PassId::AeroForces, triangles, range(0, triangles));
      add(PassId::AeroApply, n, range(0, n));
    }
    add(PassId::Predict, n, range(0, n));
    if (model_.contacts.enabled && substep_ % model_.contacts.rebuildInterval == 0) hash();
    // The first iteration's momentum projection also takes the rigid part out of the coarse levels'
    // corrections (their masses and prolongation keep neither P nor L exactly: docs/hierarchy.md), so
    // its momentum start comes before them.
    const bool momentumFirst =
        !layout_.hierarchy.empty() && !model_.momentumBodies.empty() && settings_.iterations > 0;
    if (momentumFirst) add(PassId::MomentumStart, n, range(0, n, VKXPBD_FLAG_FIRST_ITERATION));
    hierarchy();
    for (iteration_ = 0; iteration_ < settings_.iterations; ++iteration_)
      iteration(grab, momentumFirst && iteration_ == 0);
    iteration_ = kNoIteration;
    // Solid bodies' cones: collide writes each particle's terms, the cone pass decides stick for the next
    // substep's collide (docs/contacts.md).
    const bool cones = !model_.colliders.empty() && hasSolidBody(model_);
    const uint32_t collideFlags = cones ? VKXPBD_FLAG_SOLID_CONES : 0u;
    cascade();
    // A sticking solid body with the cascade moves as a whole (shared/patch_stick_math.h).
    if (cones && !layout_.cascade.empty())
      add(PassId::PatchStick, static_cast<uint32_t>(model_.momentumBodies.size()), range(0, n));
    if (!model_.colliders.empty() && hasTetrahedra(layout_)) {
      // shared/collide_limit.h: no collide move turns a tetrahedron inside out.
      gpu::PassConstants limit = range(0, n, collideFlags);
      limit.slotBase = tetAdjacencyBase(model_, layout_);
      add(PassId::CollideLimit, n, limit);
    }
    if (!model_.colliders.empty()) add(PassId::Collide, n, range(0, n, collideFlags));
    if (cones) add(PassId::FrictionCone, static_cast<uint32_t>(model_.momentumBodies.size()), range(0, n));
    gpu::PassConstants velocity =
        range(0, n, substep_ + 1 == settings_.substeps ? VKXPBD_FLAG_LAST_SUBSTEP : 0u);
    velocity.slotBase = layout_.bdf2HierarchyBase;
    add(PassId::UpdateVelocity, n, velocity);
  }
  if (!model_.tears.empty()) {
    // Tearing: once per frame, from the last substep's end positions and λ (docs/tearing.md).
    substep_ = settings_.substeps - 1;
    const uint32_t distance = static_cast<uint32_t>(layout_.distance.size());
    // slotBase: the coarse levels whose torn marks the check sets (0: none; docs/hierarchy.md).
    gpu::PassConstants check = range(0, distance);
    check.slotBase = layout_.hierarchy.tearMarks.empty() ? 0u : layout_.hierarchy.levelCount();
    add(PassId::TearCheck, distance, check);
    // The split and the held-triangles pass, serial: one invocation per chunk (first: the chunk; count:
    // 1 with a BDF2 history; slotBase: the distance constraints, which the split's chunks walk). The
    // CPU reference splits after the frame (Tearing::split), the same code; so does the GPU solver's
    // host for surfaces too large for these passes.
    const uint32_t bdf2 = settings_.integrator == Integrator::Bdf2 ? 1u : 0u;
    if (tearSplitsOnGpu(model_)) {
      // flags: 1 with contacts (a stitch's partners follow it, shaders/tear_common.glsl).
      const uint32_t partners = model_.contacts.enabled ? 1u : 0u;
      for (uint32_t chunk = 0; chunk < VKXPBD_TEAR_CHUNKS; ++chunk) {
        gpu::PassConstants pc = range(chunk, bdf2, partners);
        pc.slotBase = distance;
        add(PassId::TearSplit, 1, pc);
      }
      for (uint32_t chunk = 0; chunk < VKXPBD_TEAR_CHUNKS; ++chunk)
        add(PassId::TearHold, 1, range(chunk, bdf2, partners));
      // The surface adjacency again (shared/surface_csr.h): five phases, each but the serial scan in
      // chunks (first: phase × chunks + chunk; slotBase: the corners, 3 × the surface triangles).
      // A sixth phase with contact triangles: the triangles and adjacency copied into their buffer.
      const bool contactTriangles = model_.contacts.enabled && model_.contacts.triangles;
      for (uint32_t phase = 0; phase < (contactTriangles ? 6u : 5u); ++phase)
        for (uint32_t chunk = 0; chunk < (phase == 2 ? 1u : VKXPBD_TEAR_CHUNKS); ++chunk) {
          gpu::PassConstants pc = range(phase * VKXPBD_TEAR_CHUNKS + chunk, bdf2);
          pc.slotBase = static_cast<uint32_t>(layout_.surface.indices.size());
          add(PassId::TearSurface, 1, pc);
        }
      // The Jacobi batch's rows, slots and scales (shared/jacobi_rows.h), five phases in chunks (first:
      // phase × chunks + chunk; count, slotBase: the batch's distance constraints, elementFirst and
      // elementCount its elements; elementSlotBase: the row capacity).
      if (layout_.jacobi.count + layout_.jacobiElements.count > 0)
        for (uint32_t phase = 0; phase < 5; ++phase)
          for (uint32_t chunk = 0; chunk < VKXPBD_TEAR_CHUNKS; ++chunk) {
            gpu::PassConstants pc = range(phase * VKXPBD_TEAR_CHUNKS + chunk, layout_.jacobi.count);
            pc.slotBase = layout_.jacobi.first;
            pc.elementFirst = layout_.jacobiElements.first;
            pc.elementCount = layout_.jacobiElements.count;
            pc.elementSlotBase = jacobiRowCapacity(model_, layout_);
            add(PassId::TearJacobi, 1, pc);
          }
    }
  }
  return std::move(schedule_);
}

}  // namespace

std::string FrameSchedule::label(const ScheduledPass& p) const {
  const PassInfo& info = passInfo(p.pass);
  std::string text;
  switch (info.timing) {
    case TimingGroup::Colour:
      text = "solve colour=" + std::to_string(p.index);
      break;
    case TimingGroup::Level:
      text = std::string(info.name) + " level=" + std::to_string(p.index);
      if (p.pass == PassId::CoarseSolve) text += " colour=" + std::to_string(p.colour);
      break;
    case TimingGroup::Pass:
      text = info.name;
      break;
  }
  text += " s=" + std::to_string(p.substep);
  if (p.iteration != kNoIteration) text += " it=" + std::to_string(p.iteration);
  return text;
}

uint32_t FrameSchedule::passCount(PassId id) const {
  return static_cast<uint32_t>(
      std::count_if(passes.begin(), passes.end(), [&](const ScheduledPass& p) { return p.pass == id; }));
}

FrameSchedule buildFrameSchedule(const Model& model, const SolverSettings& settings,
                                 const SolverLayout& layout, bool grab) {
  return ScheduleBuilder(model, settings, layout).build(grab);
}

}  // namespace vkxpbd
