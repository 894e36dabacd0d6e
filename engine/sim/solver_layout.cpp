#include "sim/solver_layout.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "shared/integrator_math.h"
#include "shared/jacobi_rows.h"

namespace vkxpbd {

namespace {

bool moves(const Model& model, uint32_t particle) {
  return model.restPositions[particle].w > 0.0f;
}

// Colouring groups in solve order. Within a group every type is coloured together; the groups are
// solved one after the other, so the most important kind, stretch, goes last and is the least
// disturbed at the end of each iteration. Measured on the standard cloth (64², 330 frames, CPU
// reference): median edge stretch 0.09% with shear, bend, stretch as separate groups against 1.49%
// with one joint colouring of all kinds, at the same 12 colours.
struct SolveGroup {
  uint32_t distanceKinds;  // bit per ConstraintKind
  bool elements;           // every element type
};
constexpr uint32_t kindBit(ConstraintKind kind) {
  return 1u << static_cast<uint32_t>(kind);
}
constexpr SolveGroup kSolveGroups[] = {
    {kindBit(ConstraintKind::Shear), false},
    {kindBit(ConstraintKind::Bend), true},
    {kindBit(ConstraintKind::Stretch) | kindBit(ConstraintKind::Stitch), false}};

uint32_t elementParticle(const ElementConstraint& e, uint32_t end) {
  const uint32_t particles[4] = {e.a, e.b, e.c, e.d};
  return particles[end];
}

// Particles with inverse mass 0 are never written by a projection, so two constraints that share only
// such a particle do not conflict: they are left out of the colouring problem.
ColouringProblem colouringProblem(const Model& model, const std::vector<uint32_t>& distance,
                                  const std::vector<uint32_t>& elements) {
  ColouringProblem problem;
  problem.particleCount = model.particleCount();
  problem.offsets.reserve(distance.size() + elements.size() + 1);
  problem.particles.reserve(distance.size() * 2 + elements.size() * 4);
  for (uint32_t index : distance) {
    const DistanceConstraint& c = model.distance[index];
    for (uint32_t p : {c.a, c.b})
      if (moves(model, p)) problem.particles.push_back(p);
    problem.offsets.push_back(static_cast<uint32_t>(problem.particles.size()));
  }
  for (uint32_t index : elements) {
    for (uint32_t end = 0; end < 4; ++end) {
      const uint32_t p = elementParticle(model.elements[index], end);
      if (moves(model, p)) problem.particles.push_back(p);
    }
    problem.offsets.push_back(static_cast<uint32_t>(problem.particles.size()));
  }
  return problem;
}

// Statistics of the constraints [first, first + count) of a joint colouring (one type of the group).
ColouringStats typeStats(const Colouring& colouring, uint32_t first, uint32_t count) {
  std::vector<uint32_t> sizes(colouring.colourCount(), 0);
  ColouringStats stats;
  stats.constraints = count;
  for (uint32_t k = first; k < first + count; ++k) {
    const uint32_t colour = colouring.colourOf[k];
    if (colour == kTailColour) {
      ++stats.tail;
    } else {
      ++sizes[colour];
    }
  }
  for (uint32_t size : sizes) {
    if (size == 0) continue;
    ++stats.colours;
    stats.largestColour = std::max(stats.largestColour, size);
    stats.smallestColour = stats.smallestColour == 0 ? size : std::min(stats.smallestColour, size);
  }
  stats.tailShare = count > 0 ? static_cast<double>(stats.tail) / count : 0.0;
  return stats;
}

JacobiAdjacency buildAdjacency(const Model& model, SolverLayout& layout) {
  // The shared serial code (shared/jacobi_rows.h), sized for the most rows and slots, then trimmed.
  const uint32_t n = model.particleCount();
  std::vector<uint32_t> degree(n), rowOf(n);
  JacobiAdjacency adj;
  adj.particles.resize(n);
  adj.offsets.resize(size_t{n} + 1);
  adj.slots.resize(layout.slotCount());
  layout.jacobiScale.assign(layout.jacobi.count + layout.jacobiElements.count, 1.0f);
  gpu::JacobiRowsAccess ctx{layout.distance.data() + layout.jacobi.first,
                            layout.elements.data() + layout.jacobiElements.first,
                            model.restPositions.data(),
                            degree.data(),
                            rowOf.data(),
                            adj.particles.data(),
                            adj.offsets.data(),
                            adj.slots.data(),
                            layout.jacobiScale.data()};
  const uint32_t rows = gpu::buildJacobiRows(ctx, n, layout.jacobi.count, layout.jacobiElements.count);
  adj.particles.resize(rows);
  adj.offsets.resize(size_t{rows} + 1);
  adj.slots.resize(adj.offsets.back());
  return adj;
}

// Rows of the volume bodies: every moving particle of a body's triangles, ascending, with the corners
// (3·triangle + corner) it occupies, ascending.
void buildVolumeRows(const Model& model, SolverLayout& layout) {
  layout.volumes = model.volumes;
  std::vector<uint32_t> bodyOf(model.particleCount(), VKXPBD_NONE);
  for (uint32_t b = 0; b < layout.volumes.size(); ++b) {
    VolumeBody& body = layout.volumes[b];
    std::vector<std::vector<uint32_t>> corners(model.particleCount());
    std::vector<uint32_t> particles;
    for (uint32_t t = body.firstTriangle; t < body.firstTriangle + body.triangleCount; ++t) {
      for (uint32_t corner = 0; corner < 3; ++corner) {
        const uint32_t p = model.volumeTriangles[3 * t + corner];
        if (!moves(model, p)) continue;
        if (bodyOf[p] != VKXPBD_NONE && bodyOf[p] != b)
          throw std::runtime_error("particle " + std::to_string(p) + " belongs to two volume bodies");
        bodyOf[p] = b;
        if (corners[p].empty()) particles.push_back(p);
        corners[p].push_back(3 * t + corner);
      }
    }
    std::sort(particles.begin(), particles.end());
    body.firstRow = static_cast<uint32_t>(layout.volumeRows.size());
    body.rowCount = static_cast<uint32_t>(particles.size());
    for (uint32_t p : particles) {
      layout.volumeRows.push_back({p, static_cast<uint32_t>(layout.volumeCorners.size()),
                                   static_cast<uint32_t>(corners[p].size()), b});
      layout.volumeCorners.insert(layout.volumeCorners.end(), corners[p].begin(), corners[p].end());
    }
  }
}

}  // namespace

namespace {

// The particles a fused level's steps read and write in shared memory: its constraints' ends and its
// rows' parents. (A row's own particle is left out at this level, so only a finer fused level could
// read it: it is in shared memory if that level reads it, else the row writes it to the buffer.)
std::vector<uint32_t> particlesReadByLevel(const HierarchyLevel& level) {
  std::vector<uint32_t> read;
  for (const gpu::CoarseConstraint& c : level.constraints) read.insert(read.end(), {c.a, c.b});
  for (const gpu::ProlongationRow& row : level.prolongation) {
    const uint32_t parents[] = {row.parent0, row.parent1, row.parent2, row.parent3};
    read.insert(read.end(), parents, parents + row.count);
  }
  std::sort(read.begin(), read.end());
  read.erase(std::unique(read.begin(), read.end()), read.end());
  return read;
}

// The hierarchy and its bases in the packed buffer (vec4 units: 2 per constraint, 3 per row).
void setHierarchy(SolverLayout& layout, Hierarchy hierarchy, const Model& model, bool bdf2,
                  uint32_t fusedLevelConstraints) {
  static_assert(sizeof(gpu::CoarseConstraint) == 2 * sizeof(glm::vec4));
  static_assert(sizeof(gpu::ProlongationRow) == 3 * sizeof(glm::vec4));
  layout.hierarchy = std::move(hierarchy);
  // Tearing with the hierarchy: the torn marks first, VKXPBD_TEAR_MARK_VEC4S per particle, at 0 (so the
  // passes that read them need no base).
  uint32_t base = static_cast<uint32_t>(layout.hierarchy.tearMarks.size());
  // The small levels' program: from the coarsest level down while a level is small and the particles
  // the fused levels read still fit in the work group's shared memory. A level with no constraints (one
  // that is not solved, only prolongated) ends it: its rows are a single pass of their own, which spreads
  // them over the device where the one work group would take them in turn.
  const auto& levels = layout.hierarchy.levels;
  std::vector<uint8_t> shared(model.particleCount(), 0);
  uint32_t sharedCount = 0, steps = 0;
  for (uint32_t l = static_cast<uint32_t>(levels.size()); l >= 1; --l) {
    const size_t constraints = levels[l - 1].constraints.size();
    if (fusedLevelConstraints == 0 || constraints == 0 || constraints > fusedLevelConstraints) break;
    const std::vector<uint32_t> read = particlesReadByLevel(levels[l - 1]);
    const auto added = static_cast<uint32_t>(
        std::count_if(read.begin(), read.end(), [&](uint32_t p) { return shared[p] == 0; }));
    const auto levelSteps = static_cast<uint32_t>(levels[l - 1].colours.size()) + 1;
    if (sharedCount + added > VKXPBD_COARSE_SHARED_PARTICLES ||
        steps + levelSteps > VKXPBD_COARSE_SHARED_STEPS)
      break;
    for (uint32_t p : read) shared[p] = 1;
    sharedCount += added;
    steps += levelSteps;
    layout.fusedLevel = l;
  }
  for (uint32_t p = 0; p < shared.size(); ++p)
    if (shared[p] != 0) layout.coarseSharedParticles.push_back(p);
  // The levels with passes of their own: their constraints and rows (the fused levels have only the
  // shared copies below; VKXPBD_NONE).
  for (uint32_t l = 1; l <= levels.size(); ++l) {
    const bool own = layout.fusedLevel == 0 || l < layout.fusedLevel;
    layout.hierarchyConstraintBase.push_back(own ? base : VKXPBD_NONE);
    base += own ? 2 * static_cast<uint32_t>(levels[l - 1].constraints.size()) : 0;
    layout.hierarchyRowBase.push_back(own ? base : VKXPBD_NONE);
    base += own ? 3 * static_cast<uint32_t>(levels[l - 1].prolongation.size()) : 0;
  }
  // The program (a header, then the steps) and the shared copies: the table of slots (4 a vec4), then
  // each fused level's constraints and rows, which the steps point into.
  layout.coarseProgramBase = base;
  uint32_t copy = base + 1 + steps;
  layout.coarseSharedBase = copy;
  copy += (sharedCount + 3) / 4;
  for (uint32_t l = static_cast<uint32_t>(levels.size()); layout.fusedLevel > 0 && l >= layout.fusedLevel;
       --l) {
    for (const ConstraintRange& c : levels[l - 1].colours) {
      layout.coarseProgram.emplace_back(VKXPBD_COARSE_STEP_SOLVE, copy, c.first, c.count);
      layout.coarseProgramLevel.push_back(l);
    }
    copy += VKXPBD_SHARED_CONSTRAINT_VEC4S * static_cast<uint32_t>(levels[l - 1].constraints.size());
    layout.coarseProgramLevel.push_back(l);
    layout.coarseProgram.emplace_back(VKXPBD_COARSE_STEP_PROLONGATE, copy, 0u,
                                      static_cast<uint32_t>(levels[l - 1].prolongation.size()));
    copy += VKXPBD_SHARED_ROW_VEC4S * static_cast<uint32_t>(levels[l - 1].prolongation.size());
  }
  base = layout.fusedLevel > 0 ? copy : base;
  if (bdf2 && !layout.hierarchy.empty()) {
    // Level 1 keeps or leaves out (with a row) every level-0 particle of a body with coarse levels.
    layout.bdf2HierarchyBase = base;
    base += model.particleCount();
    layout.bdf2HierarchyParticles.assign(model.particleCount(), 0);
    const HierarchyLevel& first = layout.hierarchy.levels.front();
    for (uint32_t p : first.particles) layout.bdf2HierarchyParticles[p] = 1;
    for (const gpu::ProlongationRow& row : first.prolongation)
      layout.bdf2HierarchyParticles[row.particle] = 1;
    // A tearing body's spares too: a split makes them its particles.
    for (const TearBody& t : model.tears)
      if (layout.bdf2HierarchyParticles[t.first] != 0)
        std::fill_n(layout.bdf2HierarchyParticles.begin() + t.spareFirst, t.spareCount, uint8_t{1});
  }
  layout.hierarchyWords = base;
}

// BDF2 with the hierarchy: the bodies with coarse levels integrate with implicit Euler (docs/hierarchy.md
// "BDF2"). Their particles are flagged (setHierarchy), and their constraints' compliances are stored for
// Euler's α/Δt² (a constraint takes its first particle's flag; gpu::eulerComplianceInBdf2).
void storeEulerCompliances(SolverLayout& layout) {
  if (layout.bdf2HierarchyParticles.empty()) return;
  for (DistanceConstraint& c : layout.distance) c.compliance = storedCompliance(layout, c.a, c.compliance);
  for (ElementConstraint& e : layout.elements) {
    e.compliance = storedCompliance(layout, e.a, e.compliance);
    e.compliance2 = storedCompliance(layout, e.a, e.compliance2);
  }
  for (HierarchyLevel& level : layout.hierarchy.levels)
    for (gpu::CoarseConstraint& c : level.constraints) {
      c.compliance = storedCompliance(layout, c.a, c.compliance);
      c.compressionCompliance = storedCompliance(layout, c.a, c.compressionCompliance);
    }
  for (VolumeBody& body : layout.volumes)
    if (body.rowCount > 0)
      body.compliance = storedCompliance(layout, layout.volumeRows[body.firstRow].particle, body.compliance);
}
}  // namespace

bool integratesWithEuler(const SolverLayout& layout, uint32_t particle) {
  return particle < layout.bdf2HierarchyParticles.size() && layout.bdf2HierarchyParticles[particle] != 0;
}

float storedCompliance(const SolverLayout& layout, uint32_t particle, float compliance) {
  return integratesWithEuler(layout, particle) ? gpu::eulerComplianceInBdf2(compliance) : compliance;
}

float tearForceLimit(const SolverLayout& layout, const TearBody& body) {
  return integratesWithEuler(layout, body.first) ? gpu::eulerForceLimitInBdf2(body.settings.force)
                                                 : body.settings.force;
}

float constraintForce(const SolverLayout& layout, uint32_t particle, float forceFromLambda) {
  return integratesWithEuler(layout, particle) ? gpu::eulerForceInBdf2(forceFromLambda) : forceFromLambda;
}

namespace {
template <class T>
void putWords(std::vector<glm::vec4>& words, uint32_t at, const T& value) {
  static_assert(sizeof(T) % sizeof(glm::vec4) == 0);
  std::memcpy(words.data() + at, &value, sizeof(T));
}

// The fused levels' program and shared copies (SolverLayout::coarseSharedParticles): the header (slot
// table base, slots), the steps, the slot table, then each level's constraints and rows with slots for ends.
void packSharedCopies(const SolverLayout& layout, std::vector<glm::vec4>& words) {
  const std::vector<uint32_t>& table = layout.coarseSharedParticles;
  const auto slots = static_cast<uint32_t>(table.size());
  std::vector<uint32_t> slotOf(table.empty() ? 0 : table.back() + 1, VKXPBD_NONE);  // ascending table
  for (uint32_t s = 0; s < slots; ++s) slotOf[table[s]] = s;
  auto slot = [&](uint32_t p) { return p < slotOf.size() ? slotOf[p] : VKXPBD_NONE; };
  putWords(words, layout.coarseProgramBase, glm::uvec4(layout.coarseSharedBase, slots, 0u, 0u));
  std::memcpy(words.data() + layout.coarseProgramBase + 1, layout.coarseProgram.data(),
              layout.coarseProgram.size() * sizeof(glm::uvec4));
  std::vector<uint32_t> padded(table);
  padded.resize((slots + 3) / 4 * 4, VKXPBD_NONE);
  if (!padded.empty())
    std::memcpy(words.data() + layout.coarseSharedBase, padded.data(), padded.size() * sizeof(uint32_t));
  for (size_t s = 0; s < layout.coarseProgram.size(); ++s) {
    const glm::uvec4 step = layout.coarseProgram[s];
    const HierarchyLevel& level = layout.hierarchy.levels[layout.coarseProgramLevel[s] - 1];
    if (step.x == VKXPBD_COARSE_STEP_SOLVE) {
      for (uint32_t k = step.z; k < step.z + step.w; ++k) {
        gpu::SharedCoarseConstraint c{level.constraints[k], level.constraints[k].a, level.constraints[k].b,
                                      0u, 0u};
        c.constraint.a = slot(c.particleA);
        c.constraint.b = slot(c.particleB);
        putWords(words, step.y + VKXPBD_SHARED_CONSTRAINT_VEC4S * k, c);
      }
      continue;
    }
    for (uint32_t k = 0; k < step.w; ++k) {
      const gpu::ProlongationRow& row = level.prolongation[k];
      gpu::SharedProlongationRow r{row,         row.particle, 0u,          0u,         0u,
                                   row.parent0, row.parent1,  row.parent2, row.parent3};
      r.row.particle = slot(row.particle);
      const uint32_t parents[] = {row.parent0, row.parent1, row.parent2, row.parent3};
      uint32_t* rowParents[] = {&r.row.parent0, &r.row.parent1, &r.row.parent2, &r.row.parent3};
      for (uint32_t j = 0; j < 4; ++j) *rowParents[j] = j < row.count ? slot(parents[j]) : VKXPBD_NONE;
      putWords(words, step.y + VKXPBD_SHARED_ROW_VEC4S * k, r);
    }
  }
}
}  // namespace

std::vector<glm::vec4> packHierarchy(const SolverLayout& layout) {
  std::vector<glm::vec4> words(layout.hierarchyWords, glm::vec4(0.0f));
  static_assert(sizeof(glm::uvec4) == sizeof(glm::vec4));
  if (!layout.hierarchy.tearMarks.empty())
    std::memcpy(words.data(), layout.hierarchy.tearMarks.data(),
                layout.hierarchy.tearMarks.size() * sizeof(glm::vec4));
  for (uint32_t l = 0; l < layout.hierarchy.levelCount(); ++l) {
    const HierarchyLevel& level = layout.hierarchy.levels[l];
    // An unsolved level has no constraints (solve_from_level): memcpy takes no null pointer.
    if (layout.hierarchyConstraintBase[l] != VKXPBD_NONE && !level.constraints.empty())
      std::memcpy(words.data() + layout.hierarchyConstraintBase[l], level.constraints.data(),
                  level.constraints.size() * sizeof(gpu::CoarseConstraint));
    if (layout.hierarchyRowBase[l] != VKXPBD_NONE && !level.prolongation.empty())
      std::memcpy(words.data() + layout.hierarchyRowBase[l], level.prolongation.data(),
                  level.prolongation.size() * sizeof(gpu::ProlongationRow));
  }
  for (size_t i = 0; i < layout.bdf2HierarchyParticles.size(); ++i)  // BDF2: the hierarchy's particles
    words[layout.bdf2HierarchyBase + i].x = float(layout.bdf2HierarchyParticles[i]);
  if (layout.fusedLevel > 0) packSharedCopies(layout, words);
  std::copy(layout.cascade.words.begin(), layout.cascade.words.end(), words.begin() + layout.cascade.base);
  return words;
}

SolverLayout buildSolverLayout(const Model& model, const SolverSettings& settings) {
  SolverLayout layout;
  const uint32_t totalDistance = static_cast<uint32_t>(model.distance.size());
  const uint32_t totalElements = static_cast<uint32_t>(model.elements.size());
  layout.distance.reserve(totalDistance);
  layout.originalIndex.reserve(totalDistance);
  layout.elements.reserve(totalElements);
  layout.elementOriginalIndex.reserve(totalElements);
  std::vector<uint32_t> distanceTail;
  std::vector<uint32_t> elementTail;

  auto appendDistance = [&](uint32_t index) {
    layout.distance.push_back(model.distance[index]);
    layout.originalIndex.push_back(index);
  };
  auto appendElement = [&](uint32_t index) {
    layout.elements.push_back(model.elements[index]);
    layout.elementOriginalIndex.push_back(index);
  };

  if (settings.mode == SolverMode::GaussSeidel) {
    auto start = std::chrono::steady_clock::now();
    for (const SolveGroup& group : kSolveGroups) {
      // Members ordered by type, so that each type is a contiguous block of the colouring problem.
      std::vector<uint32_t> distance;
      std::vector<std::pair<std::string, ConstraintRange>> typeBlocks;
      for (uint32_t kind = 0; kind < static_cast<uint32_t>(ConstraintKind::Count); ++kind) {
        if ((group.distanceKinds & (1u << kind)) == 0) continue;
        const uint32_t first = static_cast<uint32_t>(distance.size());
        for (uint32_t i = 0; i < totalDistance; ++i)
          if (model.distance[i].kind == kind) distance.push_back(i);
        typeBlocks.push_back({constraintKindName(static_cast<ConstraintKind>(kind)),
                              {first, static_cast<uint32_t>(distance.size()) - first}});
      }
      std::vector<uint32_t> elements;
      if (group.elements) {
        for (uint32_t type = 0; type < VKXPBD_ELEMENT_TYPE_COUNT; ++type) {
          const uint32_t first = static_cast<uint32_t>(distance.size() + elements.size());
          for (uint32_t i = 0; i < totalElements; ++i)
            if (model.elements[i].type == type) elements.push_back(i);
          const uint32_t count = static_cast<uint32_t>(distance.size() + elements.size()) - first;
          if (count > 0) typeBlocks.push_back({elementTypeName(type), {first, count}});
        }
      }
      const Colouring colouring =
          colourConstraints(colouringProblem(model, distance, elements), settings.colouring);
      for (const auto& [name, block] : typeBlocks)
        layout.kinds.push_back({name, typeStats(colouring, block.first, block.count)});
      // Counting sort by colour, stable: original order inside a colour.
      std::vector<std::vector<uint32_t>> distanceByColour(colouring.colourCount());
      std::vector<std::vector<uint32_t>> elementsByColour(colouring.colourCount());
      const uint32_t distanceCount = static_cast<uint32_t>(distance.size());
      for (uint32_t k = 0; k < colouring.colourOf.size(); ++k) {
        const uint32_t colour = colouring.colourOf[k];
        if (k < distanceCount) {
          (colour == kTailColour ? distanceTail : distanceByColour[colour]).push_back(distance[k]);
        } else {
          (colour == kTailColour ? elementTail : elementsByColour[colour])
              .push_back(elements[k - distanceCount]);
        }
      }
      for (uint32_t c = 0; c < colouring.colourCount(); ++c) {
        layout.colours.push_back({static_cast<uint32_t>(layout.distance.size()),
                                  static_cast<uint32_t>(distanceByColour[c].size())});
        layout.elementColours.push_back({static_cast<uint32_t>(layout.elements.size()),
                                         static_cast<uint32_t>(elementsByColour[c].size())});
        for (uint32_t index : distanceByColour[c]) appendDistance(index);
        for (uint32_t index : elementsByColour[c]) appendElement(index);
      }
    }
    layout.colouringSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } else {
    for (uint32_t i = 0; i < totalDistance; ++i) distanceTail.push_back(i);
    for (uint32_t i = 0; i < totalElements; ++i) elementTail.push_back(i);
  }

  layout.jacobi = {static_cast<uint32_t>(layout.distance.size()), static_cast<uint32_t>(distanceTail.size())};
  for (uint32_t index : distanceTail) appendDistance(index);
  layout.jacobiElements = {static_cast<uint32_t>(layout.elements.size()),
                           static_cast<uint32_t>(elementTail.size())};
  for (uint32_t index : elementTail) appendElement(index);

  ColouringStats& stats = layout.stats;
  stats.constraints = totalDistance + totalElements;
  stats.colours = static_cast<uint32_t>(layout.colours.size());
  stats.tail = layout.jacobi.count + layout.jacobiElements.count;
  stats.tailShare = stats.constraints > 0 ? static_cast<double>(stats.tail) / stats.constraints : 0.0;
  for (uint32_t c = 0; c < layout.colours.size(); ++c) {
    const uint32_t size = layout.colours[c].count + layout.elementColours[c].count;
    stats.largestColour = std::max(stats.largestColour, size);
    stats.smallestColour = stats.smallestColour == 0 ? size : std::min(stats.smallestColour, size);
  }
  layout.adjacency = buildAdjacency(model, layout);
  buildVolumeRows(model, layout);
  setHierarchy(layout, buildHierarchy(model, settings), model, settings.integrator == Integrator::Bdf2,
               settings.fuseSmallLevels);
  layout.cascade = buildContactCascade(model, settings, layout.hierarchy, layout.hierarchyWords);
  layout.hierarchyWords += static_cast<uint32_t>(layout.cascade.words.size());
  storeEulerCompliances(layout);
  layout.surface = buildSurfaceTriangles(model);
  return layout;
}

JacobiAdjacency buildJacobiAdjacency(const Model& model, SolverLayout& layout) {
  return buildAdjacency(model, layout);
}

}  // namespace vkxpbd
