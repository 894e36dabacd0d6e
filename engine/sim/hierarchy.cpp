// Mesh hierarchy construction (docs/hierarchy.md): per body, level 0's edge graph, then coarsening by a
// greedy maximal independent set with promotion until every left-out particle has k kept neighbours,
// parents and prolongation weights, coarse edges (nearest parent, merged), coarse masses; then all
// bodies' levels merged and coloured.
#include "sim/hierarchy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "shared/hierarchy_math.h"
#include "shared/hierarchy_tear.h"

#include "sim/hierarchy_weights.h"

namespace vkxpbd {

namespace {

constexpr uint32_t kLevelCap = 12;          // coarse levels of a body at most
constexpr double kMaxKeptShare = 0.8;       // a level keeping more of the previous one is no progress
constexpr double kDegenerateLength = 1e-9;  // m: coarse edges shorter than this at rest are dropped

// A contribution to an edge before merging: `value` is k (N/m) at level 0 and k_i·L_i (N) when coarse.
struct RawEdge {
  uint32_t a, b;  // global particle indices, a < b
  double value;
  bool rigid;
};

// A merged edge of one level's graph.
struct Edge {
  uint32_t a, b;  // global particle indices, a < b
  double rest;    // m
  double k;       // N/m (unused when rigid)
  bool rigid;
};

// One level of one body.
struct BodyLevel {
  std::vector<uint32_t> particles;  // global indices, ascending
  std::vector<double> masses;       // kg, as particles (pinned: the mass passed to them)
  std::vector<Edge> edges;          // sorted by (a, b), no duplicates
};

struct Coarsened {
  BodyLevel next;
  std::vector<gpu::ProlongationRow> rows;
  std::vector<uint8_t> linear;
  uint32_t inverseDistanceRows = 0;
  uint32_t degenerateDropped = 0;
};

glm::dvec3 restOf(const Model& model, uint32_t p) {
  return restPosition(model, p);
}
bool pinnedAtRest(const Model& model, uint32_t p) {
  return model.restPositions[p].w == 0.0f;
}

void addRaw(std::vector<RawEdge>& raw, uint32_t a, uint32_t b, double value, bool rigid) {
  if (a == b) return;
  raw.push_back(RawEdge{std::min(a, b), std::max(a, b), value, rigid});
}

// Merges contributions of the same pair; the stiffness is Σ value / L when `divideByLength` (coarse
// edges: springs in series), else Σ value (level 0: parallel springs). Edges of zero rest length drop.
std::vector<Edge> mergeEdges(std::vector<RawEdge> raw, const Model& model, bool divideByLength,
                             uint32_t& dropped) {
  std::stable_sort(raw.begin(), raw.end(),
                   [](const RawEdge& x, const RawEdge& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
  std::vector<Edge> edges;
  for (size_t i = 0; i < raw.size();) {
    Edge e{raw[i].a, raw[i].b, 0.0, 0.0, false};
    double sum = 0.0;
    for (; i < raw.size() && raw[i].a == e.a && raw[i].b == e.b; ++i) {
      sum += raw[i].value;
      e.rigid = e.rigid || raw[i].rigid;
    }
    e.rest = glm::length(restOf(model, e.a) - restOf(model, e.b));
    if (e.rest < kDegenerateLength) {
      ++dropped;
      continue;
    }
    e.k = divideByLength ? sum / e.rest : sum;
    edges.push_back(e);
  }
  return edges;
}

uint32_t bodyOf(const std::vector<uint32_t>& particleBody, uint32_t p) {
  return p < particleBody.size() ? particleBody[p] : VKXPBD_NONE;
}

// Per body: a sheet with rigid bending, that is at least one bending constraint (skip-one distance,
// dihedral or isometric) and every one at compliance 0 and stiffness 1, and no tetrahedra. Such a sheet
// cannot buckle at any scale, so by default its coarse constraints resist compression as well
// (HierarchySettings::bilateral, docs/hierarchy.md "Which coarse constraints push back").
std::vector<uint8_t> rigidBendingSheets(const Model& model, const std::vector<uint32_t>& particleBody,
                                        size_t bodyCount) {
  std::vector<uint8_t> bending(bodyCount, 0), soft(bodyCount, 0);
  auto note = [&](uint32_t p, bool rigid) {
    const uint32_t body = bodyOf(particleBody, p);
    if (body == VKXPBD_NONE) return;
    bending[body] = 1;
    if (!rigid) soft[body] = 1;
  };
  for (const DistanceConstraint& c : model.distance)
    if (c.kind == static_cast<uint32_t>(ConstraintKind::Bend))
      note(c.a, c.compliance == 0.0f && c.stiffness == 1.0f);
  for (const ElementConstraint& e : model.elements) {
    const bool bend = e.type == VKXPBD_ELEMENT_DIHEDRAL || e.type == VKXPBD_ELEMENT_ISOMETRIC_BEND;
    note(e.a, bend && e.compliance == 0.0f && e.stiffness == 1.0f);  // a tetrahedron counts as soft
  }
  std::vector<uint8_t> rigid(bodyCount, 0);
  for (size_t b = 0; b < bodyCount; ++b) rigid[b] = bending[b] && !soft[b];
  return rigid;
}

// Per body: whether it has tetrahedra (a soft body); a body without is a sheet (cloth or shell).
std::vector<uint8_t> solidBodies(const Model& model, const std::vector<uint32_t>& particleBody,
                                 size_t bodyCount) {
  std::vector<uint8_t> solid(bodyCount, 0);
  for (const ElementConstraint& e : model.elements) {
    if (e.type != VKXPBD_ELEMENT_TET_VOLUME && e.type != VKXPBD_ELEMENT_NEOHOOKEAN) continue;
    const uint32_t body = bodyOf(particleBody, e.a);
    if (body != VKXPBD_NONE) solid[body] = 1;
  }
  return solid;
}

// Per body: the factor (dimensionless, ≥ 1) on its coarse constraints' rest lengths. An inflated balloon (a
// volume body with pressure p > 1) is in equilibrium at about its rest shape scaled by ∛p, with every
// edge stretched; coarse constraints at the rest shape's lengths would pull it back towards its rest
// size in every substep while the pressure pushes it out again, and the two fight (in Jacobi mode the
// balloon crumpled). At ∛p the coarse levels are satisfied at the body's equilibrium, as every other
// body's are at rest (docs/hierarchy.md "Pressurised shells"). A deflated one (p < 1) wrinkles at its
// rest lengths: 1.
std::vector<double> inflationFactors(const Model& model, const std::vector<uint32_t>& particleBody,
                                     size_t bodyCount) {
  std::vector<double> factor(bodyCount, 1.0);
  for (const VolumeBody& volume : model.volumes) {
    if (volume.triangleCount == 0) continue;
    const uint32_t body = bodyOf(particleBody, model.volumeTriangles[3 * size_t{volume.firstTriangle}]);
    if (body != VKXPBD_NONE) factor[body] = std::cbrt(std::max(1.0, double(volume.pressure)));
  }
  return factor;
}

// Level-0 edge contributions of every body (indexed by body), constraints between bodies left out.
std::vector<std::vector<RawEdge>> levelZeroEdges(const Model& model,
                                                 const std::vector<uint32_t>& particleBody,
                                                 size_t bodyCount) {
  std::vector<std::vector<RawEdge>> raw(bodyCount);
  auto sameBody = [&](std::initializer_list<uint32_t> ps) {
    const uint32_t body = bodyOf(particleBody, *ps.begin());
    for (uint32_t p : ps)
      if (bodyOf(particleBody, p) != body) return VKXPBD_NONE;
    return body;
  };
  for (const DistanceConstraint& c : model.distance) {
    // Skip-one bending edges stay out: they widen every neighbourhood, so each level kept a sixth of the
    // previous one instead of a quarter, and the standard cloth 128² (10 × 1, unilateral) stretched more:
    // p99 4.6% with them, 3.4% without (docs/hierarchy.md).
    if (c.kind == static_cast<uint32_t>(ConstraintKind::Bend)) continue;
    if (c.kind == static_cast<uint32_t>(ConstraintKind::Stitch)) continue;  // rest length 0, not a shape
    const uint32_t body = sameBody({c.a, c.b});
    if (body == VKXPBD_NONE) continue;
    const bool rigid = c.compliance == 0.0f;
    addRaw(raw[body], c.a, c.b, rigid ? 0.0 : 1.0 / double(c.compliance), rigid);
  }
  for (const ElementConstraint& e : model.elements) {
    if (e.type != VKXPBD_ELEMENT_TET_VOLUME && e.type != VKXPBD_ELEMENT_NEOHOOKEAN) continue;
    const uint32_t body = sameBody({e.a, e.b, e.c, e.d});
    if (body == VKXPBD_NONE) continue;
    const uint32_t corner[4] = {e.a, e.b, e.c, e.d};
    const bool rigid = e.compliance == 0.0f;
    for (int i = 0; i < 4; ++i)
      for (int j = i + 1; j < 4; ++j) {
        const double length = glm::length(restOf(model, corner[i]) - restOf(model, corner[j]));  // m
        double k = 0.0;                                                                          // N/m
        if (!rigid && length > 0.0) {
          const double alpha = e.compliance;
          k = e.type == VKXPBD_ELEMENT_NEOHOOKEAN ? 1.0 / (alpha * length * length)
                                                  : double(e.rest) * e.rest / (alpha * length * length);
        }
        addRaw(raw[body], corner[i], corner[j], k, rigid);
      }
  }
  return raw;
}

// Neighbours of each level particle (CSR over the positions in level.particles).
struct Adjacency {
  std::vector<uint32_t> offsets, neighbours;  // neighbours: positions in level.particles
};

Adjacency adjacency(const BodyLevel& level, const std::vector<uint32_t>& slotOf) {
  Adjacency adj;
  const size_t n = level.particles.size();
  adj.offsets.assign(n + 1, 0);
  for (const Edge& e : level.edges) {
    ++adj.offsets[slotOf[e.a] + 1];
    ++adj.offsets[slotOf[e.b] + 1];
  }
  for (size_t i = 0; i < n; ++i) adj.offsets[i + 1] += adj.offsets[i];
  adj.neighbours.resize(adj.offsets[n]);
  std::vector<uint32_t> cursor(adj.offsets.begin(), adj.offsets.end() - 1);
  for (const Edge& e : level.edges) {
    adj.neighbours[cursor[slotOf[e.a]]++] = slotOf[e.b];
    adj.neighbours[cursor[slotOf[e.b]]++] = slotOf[e.a];
  }
  return adj;
}

// Level l → l+1 of one body. `slotOf` maps a global particle index to its position in level.particles
// (valid for the level's particles only).
// `positiveWeights` (a tearing body): the rows move by the weights' positive parts, renormalised, the shares
// with which the masses are passed on, so that every coarse pass keeps linear momentum exactly; a torn-off
// piece is no free body whose momentum projection would remove the difference (docs/hierarchy.md).
Coarsened coarsen(const Model& model, const BodyLevel& level, std::vector<uint32_t>& slotOf, uint32_t k,
                  bool positiveWeights) {
  const uint32_t n = static_cast<uint32_t>(level.particles.size());
  for (uint32_t i = 0; i < n; ++i) slotOf[level.particles[i]] = i;
  const Adjacency adj = adjacency(level, slotOf);
  enum : uint8_t { Undecided, Kept, Out };
  std::vector<uint8_t> state(n, Undecided);
  for (uint32_t i = 0; i < n; ++i)
    if (pinnedAtRest(model, level.particles[i])) state[i] = Kept;
  auto keptNeighbours = [&](uint32_t i) {
    uint32_t count = 0;
    for (uint32_t j = adj.offsets[i]; j < adj.offsets[i + 1]; ++j) count += state[adj.neighbours[j]] == Kept;
    return count;
  };
  for (uint32_t i = 0; i < n; ++i)  // greedy maximal independent set in particle order
    if (state[i] == Undecided) state[i] = keptNeighbours(i) == 0 ? Kept : Out;
  for (uint32_t i = 0; i < n; ++i)  // promotion: a left-out particle needs k kept neighbours
    if (state[i] == Out && keptNeighbours(i) < k) state[i] = Kept;

  Coarsened out;
  std::vector<uint32_t> nextSlot(n, VKXPBD_NONE), nearest(n);
  for (uint32_t i = 0; i < n; ++i) {
    nearest[i] = i;
    if (state[i] != Kept) continue;
    nextSlot[i] = static_cast<uint32_t>(out.next.particles.size());
    out.next.particles.push_back(level.particles[i]);
    out.next.masses.push_back(level.masses[i]);
  }
  // Parents (kept neighbours, nearest first), weights, and the masses passed to the parents.
  for (uint32_t i = 0; i < n; ++i) {
    if (state[i] != Out) continue;
    const uint32_t p = level.particles[i];
    const glm::dvec3 x = restOf(model, p);
    std::vector<std::pair<double, uint32_t>> candidates;  // (rest distance m, slot)
    for (uint32_t j = adj.offsets[i]; j < adj.offsets[i + 1]; ++j)
      if (state[adj.neighbours[j]] == Kept) {
        const uint32_t s = adj.neighbours[j];
        candidates.emplace_back(glm::length(restOf(model, level.particles[s]) - x), s);
      }
    std::sort(candidates.begin(), candidates.end());
    const uint32_t count = std::min<uint32_t>(static_cast<uint32_t>(candidates.size()), VKXPBD_MAX_PARENTS);
    glm::dvec3 parents[VKXPBD_MAX_PARENTS];
    gpu::ProlongationRow row{p,           count,          0, 0, VKXPBD_NONE, VKXPBD_NONE, VKXPBD_NONE,
                             VKXPBD_NONE, glm::vec4(0.0f)};
    uint32_t* parentSlots[VKXPBD_MAX_PARENTS] = {&row.parent0, &row.parent1, &row.parent2, &row.parent3};
    for (uint32_t j = 0; j < count; ++j) {
      *parentSlots[j] = level.particles[candidates[j].second];
      parents[j] = restOf(model, *parentSlots[j]);
    }
    const ParentWeights w = prolongationWeights(x, parents, count);
    bool negative = false;
    double positiveSum = 0.0;
    for (uint32_t j = 0; j < count; ++j) {
      negative = negative || w.weights[j] < 0.0f;
      positiveSum += std::max(0.0, double(w.weights[j]));
    }
    for (uint32_t j = 0; j < count; ++j)
      row.weights[static_cast<int>(j)] =
          positiveWeights && negative ? static_cast<float>(std::max(0.0, double(w.weights[j])) / positiveSum)
                                      : w.weights[j];
    out.rows.push_back(row);
    out.linear.push_back(w.linearPrecision && !(positiveWeights && negative) ? 1 : 0);
    out.inverseDistanceRows += w.inverseDistance ? 1 : 0;
    nearest[i] = candidates[0].second;
    // Mass passed on with the weights' positive parts (renormalised), so that no coarse mass can turn
    // negative; equal to w·m when no weight is negative.
    double positive = 0.0;
    for (uint32_t j = 0; j < count; ++j) positive += std::max(0.0, double(w.weights[j]));
    for (uint32_t j = 0; j < count; ++j)
      out.next.masses[nextSlot[candidates[j].second]] +=
          std::max(0.0, double(w.weights[j])) / positive * level.masses[i];
  }
  // Coarse edges: each end replaced by itself (kept) or its nearest parent.
  std::vector<RawEdge> raw;
  raw.reserve(level.edges.size());
  for (const Edge& e : level.edges) {
    const uint32_t a = level.particles[nearest[slotOf[e.a]]];
    const uint32_t b = level.particles[nearest[slotOf[e.b]]];
    addRaw(raw, a, b, e.rigid ? 0.0 : e.k * e.rest, e.rigid);
  }
  out.next.edges = mergeEdges(std::move(raw), model, true, out.degenerateDropped);
  return out;
}

// The constraints of one level coloured with at most 64 colours per pass; a tail is coloured again and
// its colours appended until none is left. Sorts the constraints by colour.
void colourLevel(HierarchyLevel& level, uint32_t particleCount) {
  const ColouringOptions options{kMaxColours, 0};
  std::vector<uint32_t> colourOf(level.constraints.size(), kTailColour);
  std::vector<uint32_t> pending(level.constraints.size());
  for (uint32_t c = 0; c < pending.size(); ++c) pending[c] = c;
  uint32_t colourBase = 0;
  std::vector<uint32_t> sizes;
  while (!pending.empty()) {
    ColouringProblem problem;
    problem.particleCount = particleCount;
    for (uint32_t c : pending) problem.add({level.constraints[c].a, level.constraints[c].b});
    const Colouring colouring = colourConstraints(problem, options);
    std::vector<uint32_t> tail;
    for (uint32_t i = 0; i < pending.size(); ++i) {
      if (colouring.colourOf[i] == kTailColour)
        tail.push_back(pending[i]);
      else
        colourOf[pending[i]] = colourBase + colouring.colourOf[i];
    }
    if (tail.size() == pending.size())
      throw std::logic_error("hierarchy: the colouring placed none of " + std::to_string(tail.size()) +
                             " constraints");
    sizes.insert(sizes.end(), colouring.colourSizes.begin(), colouring.colourSizes.end());
    colourBase += colouring.colourCount();
    pending = std::move(tail);
  }
  std::vector<uint32_t> order(level.constraints.size());
  for (uint32_t c = 0; c < order.size(); ++c) order[c] = c;
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t x, uint32_t y) { return colourOf[x] < colourOf[y]; });
  std::vector<gpu::CoarseConstraint> sorted;
  sorted.reserve(order.size());
  for (uint32_t c : order) sorted.push_back(level.constraints[c]);
  level.constraints = std::move(sorted);
  level.colours.clear();
  uint32_t first = 0;
  for (uint32_t size : sizes) {
    level.colours.push_back(ConstraintRange{first, size});
    first += size;
  }
  level.stats = ColouringStats{};
  level.stats.constraints = static_cast<uint32_t>(level.constraints.size());
  level.stats.colours = static_cast<uint32_t>(sizes.size());
  if (!sizes.empty()) {
    level.stats.largestColour = *std::max_element(sizes.begin(), sizes.end());
    level.stats.smallestColour = *std::min_element(sizes.begin(), sizes.end());
  }
}

}  // namespace

uint32_t solvedFromLevel(const HierarchySettings& settings, bool solid, size_t levelOneConstraints) {
  if (settings.solveFromLevel != 0) return settings.solveFromLevel;
  if (solid || levelOneConstraints <= kSmallLevelOne) return 1;
  return 2;
}

double coarseStiffnessScale(const HierarchySettings& settings, uint32_t level) {
  return double(settings.stiffnessScale) * std::pow(double(settings.stiffnessGrowth), double(level) - 1.0);
}

HierarchySettings bodyHierarchySettings(const Model& model, const SolverSettings& settings, size_t body) {
  HierarchySettings hs = body < model.bodies.size()
                             ? model.bodies[body].hierarchy.value_or(settings.hierarchy)
                             : settings.hierarchy;
  if (settings.hierarchy.overridesBodies) hs.enabled = settings.hierarchy.enabled;
  return hs;
}

Hierarchy buildHierarchy(const Model& model, const SolverSettings& settings) {
  std::vector<BodyRange> bodies = model.bodies;
  if (bodies.empty()) bodies.push_back(BodyRange{model.name, 0, model.particleCount(), std::nullopt});
  const uint32_t particleCount = model.particleCount();
  std::vector<uint32_t> particleBody(particleCount, VKXPBD_NONE);
  std::vector<HierarchySettings> resolved(bodies.size());
  bool any = false;
  for (size_t b = 0; b < bodies.size(); ++b) {
    const BodyRange& body = bodies[b];
    resolved[b] = bodyHierarchySettings(model, settings, b);
    if (!resolved[b].enabled) continue;
    any = true;
    const std::string name = "hierarchy of body '" + body.name + "': ";
    if (resolved[b].parents < 1 || resolved[b].parents > VKXPBD_MAX_PARENTS)
      throw std::invalid_argument(name + "parents must be in 1.." + std::to_string(VKXPBD_MAX_PARENTS) +
                                  ", got " + std::to_string(resolved[b].parents));
    if (uint64_t(body.first) + body.count > particleCount)
      throw std::invalid_argument(name + "particles [" + std::to_string(body.first) + ", " +
                                  std::to_string(uint64_t(body.first) + body.count) + ") past the model's " +
                                  std::to_string(particleCount));
    for (uint32_t p = body.first; p < body.first + body.count; ++p) {
      if (particleBody[p] != VKXPBD_NONE)
        throw std::invalid_argument(name + "particle " + std::to_string(p) + " also belongs to body '" +
                                    bodies[particleBody[p]].name + "'");
      particleBody[p] = static_cast<uint32_t>(b);
    }
  }
  Hierarchy hierarchy;
  if (!any) return hierarchy;

  std::vector<std::vector<RawEdge>> raw = levelZeroEdges(model, particleBody, bodies.size());
  std::vector<uint32_t> slotOf(particleCount, VKXPBD_NONE);
  const std::vector<uint8_t> rigidSheet = rigidBendingSheets(model, particleBody, bodies.size());
  const std::vector<double> inflation = inflationFactors(model, particleBody, bodies.size());
  const std::vector<uint8_t> solid = solidBodies(model, particleBody, bodies.size());
  // Tearing with the hierarchy (docs/hierarchy.md): a tearing body's spares are in no level (they are
  // pinned at rest, so they would be kept in every level); its coarse constraints and rows carry their
  // level and are skipped across a tear (Hierarchy::tearMarks).
  std::vector<const TearBody*> tearOf(bodies.size(), nullptr);
  for (const TearBody& t : model.tears)
    if (t.body < bodies.size()) tearOf[t.body] = &t;
  for (size_t b = 0; b < bodies.size(); ++b) {
    const HierarchySettings& hs = resolved[b];
    if (!hs.enabled) continue;
    const bool bilateral = hs.bilateral.value_or(hs.compressionCompliance < 0.0f && rigidSheet[b]);
    BodyLevel level;
    const uint32_t end = tearOf[b] ? tearOf[b]->first + tearOf[b]->count : bodies[b].first + bodies[b].count;
    for (uint32_t p = bodies[b].first; p < end; ++p) {
      const float w = model.restPositions[p].w;  // 1/kg
      level.particles.push_back(p);
      level.masses.push_back(w == 0.0f ? 0.0 : 1.0 / double(w));
    }
    uint32_t dropped = 0;
    level.edges = mergeEdges(std::move(raw[b]), model, false, dropped);
    const uint32_t cap = hs.maxLevels == 0 ? kLevelCap : std::min(hs.maxLevels, kLevelCap);
    std::vector<std::vector<gpu::CoarseConstraint>> bodyConstraints;  // per level of this body
    for (uint32_t l = 0; l < cap; ++l) {
      Coarsened c = coarsen(model, level, slotOf, hs.parents, tearOf[b] != nullptr);
      const size_t kept = c.next.particles.size();
      if (kept < hs.minParticles || double(kept) > kMaxKeptShare * double(level.particles.size())) break;
      if (hierarchy.levels.size() <= l) hierarchy.levels.resize(l + 1);
      HierarchyLevel& out = hierarchy.levels[l];
      out.particleCount += static_cast<uint32_t>(kept);
      out.particles.insert(out.particles.end(), c.next.particles.begin(), c.next.particles.end());
      out.masses.insert(out.masses.end(), c.next.masses.begin(), c.next.masses.end());
      out.prolongation.insert(out.prolongation.end(), c.rows.begin(), c.rows.end());
      out.linearPrecision.insert(out.linearPrecision.end(), c.linear.begin(), c.linear.end());
      for (uint8_t linear : c.linear) out.linearRows += linear;
      out.inverseDistanceRows += c.inverseDistanceRows;
      out.degenerateDropped += c.degenerateDropped;
      for (uint32_t i = 0; i < kept; ++i) slotOf[c.next.particles[i]] = i;
      const bool compression = !bilateral && hs.compressionCompliance >= 0.0f;
      // Level l + 1's stiffness multiplier (docs/hierarchy.md "Soft bodies: the soft column").
      const double scale = coarseStiffnessScale(hs, l + 1);
      const uint32_t tears = tearOf[b] ? VKXPBD_COARSE_TEARS | (l + 1) << VKXPBD_COARSE_LEVEL_SHIFT : 0u;
      const uint32_t flags = tears | (bilateral     ? VKXPBD_COARSE_BILATERAL
                                      : compression ? VKXPBD_COARSE_COMPRESSION
                                                    : 0u);
      if (tearOf[b]) {
        // The first of the row's pads: the parents' level, for prolongationTorn.
        for (size_t r = out.prolongation.size() - c.rows.size(); r < out.prolongation.size(); ++r)
          out.prolongation[r].pad0 = l + 1;
        std::vector<glm::uvec4>& marks = hierarchy.tearMarks;  // VKXPBD_TEAR_MARK_VEC4S per particle
        if (marks.empty()) marks.assign(VKXPBD_TEAR_MARK_VEC4S * size_t{particleCount}, glm::uvec4(0u));
        for (uint32_t p : level.particles)  // in the hierarchy: kept in every level until a row says not
          if (marks[VKXPBD_TEAR_MARK_VEC4S * p][VKXPBD_TEAR_MARK_LEVEL] == 0u)
            marks[VKXPBD_TEAR_MARK_VEC4S * p][VKXPBD_TEAR_MARK_LEVEL] = VKXPBD_NONE;
        for (const gpu::ProlongationRow& row : c.rows) {
          marks[VKXPBD_TEAR_MARK_VEC4S * row.particle] = glm::uvec4(l + 1, row.count, 0u, 0u);
          marks[VKXPBD_TEAR_MARK_VEC4S * row.particle + 1] =
              glm::uvec4(row.parent0, row.parent1, row.parent2, row.parent3);
        }
      }
      std::vector<gpu::CoarseConstraint>& constraints = bodyConstraints.emplace_back();
      for (const Edge& e : c.next.edges) {
        const double ma = c.next.masses[slotOf[e.a]], mb = c.next.masses[slotOf[e.b]];  // kg
        gpu::CoarseConstraint cc{};
        cc.a = e.a;
        cc.b = e.b;
        cc.restLength = static_cast<float>(e.rest * inflation[b]);
        cc.compliance = e.rigid || !(e.k > 0.0) ? 0.0f : static_cast<float>(1.0 / (e.k * scale));
        cc.invMassA = pinnedAtRest(model, e.a) ? 0.0f : static_cast<float>(1.0 / ma);
        cc.invMassB = pinnedAtRest(model, e.b) ? 0.0f : static_cast<float>(1.0 / mb);
        if (hs.naturalFrequency > 0.0f) {
          // A spring of natural frequency ω between the two ends: k = ω²/(w_a + w_b) (HierarchySettings).
          const double omega = hs.naturalFrequency;  // rad/s
          cc.compliance =
              static_cast<float>((double(cc.invMassA) + double(cc.invMassB)) / (omega * omega * scale));
        }
        cc.flags = flags;
        cc.compressionCompliance = compression ? hs.compressionCompliance : 0.0f;
        constraints.push_back(cc);
      }
      level = std::move(c.next);
    }
    // The levels finer than the first solved one (the coarsest, if the body has fewer levels) only carry
    // corrections down: their edges built the next level, but they are not solved.
    const size_t levelOne = bodyConstraints.empty() ? 0 : bodyConstraints.front().size();
    const size_t solvedFrom =
        std::min<size_t>(solvedFromLevel(hs, solid[b] != 0, levelOne), bodyConstraints.size());
    for (size_t l = solvedFrom == 0 ? 0 : solvedFrom - 1; l < bodyConstraints.size(); ++l)
      hierarchy.levels[l].constraints.insert(hierarchy.levels[l].constraints.end(),
                                             bodyConstraints[l].begin(), bodyConstraints[l].end());
  }
  for (HierarchyLevel& level : hierarchy.levels) colourLevel(level, particleCount);
  return hierarchy;
}

void prolongate(const HierarchyLevel& level, const std::vector<glm::vec4>& lowStart,
                std::vector<glm::vec4>& lowNow, const std::vector<glm::vec4>* statePositions,
                const std::vector<glm::uvec4>* tearMarks) {
  // The shared math of the GPU's prolongate pass (shared/hierarchy_math.h); unused parents move by 0.
  for (const gpu::ProlongationRow& row : level.prolongation) {
    if (statePositions && !gpu::prolongationMoves((*statePositions)[row.particle].w)) continue;
    const uint32_t parents[VKXPBD_MAX_PARENTS] = {row.parent0, row.parent1, row.parent2, row.parent3};
    if (tearMarks && row.pad0 != 0u &&
        gpu::prolongationTorn(row.pad0,
                              (*tearMarks)[VKXPBD_TEAR_MARK_VEC4S * row.particle][VKXPBD_TEAR_MARK_MASK]))
      continue;
    glm::vec3 d[VKXPBD_MAX_PARENTS] = {glm::vec3(0.0f), glm::vec3(0.0f), glm::vec3(0.0f), glm::vec3(0.0f)};
    for (uint32_t j = 0; j < row.count; ++j)
      d[j] = glm::vec3(lowNow[parents[j]]) - glm::vec3(lowStart[parents[j]]);
    lowNow[row.particle] += glm::vec4(gpu::prolongationDelta(row.weights, d[0], d[1], d[2], d[3]), 0.0f);
  }
}

void markHierarchyTears(Hierarchy& hierarchy, const std::vector<DistanceConstraint>& distance,
                        const std::vector<uint32_t>& broken) {
  if (hierarchy.tearMarks.empty()) return;
  gpu::TearMarkAccess access{&hierarchy.tearMarks[0].x};
  for (uint32_t k : broken) {
    gpu::markTornParticle(access, distance[k].a, hierarchy.levelCount());
    gpu::markTornParticle(access, distance[k].b, hierarchy.levelCount());
  }
}

}  // namespace vkxpbd
