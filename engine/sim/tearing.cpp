#include "sim/tearing.h"

#include <algorithm>
#include <utility>

#include "shared/tear_math.h"

namespace vkxpbd {

using glm::vec3;
using glm::vec4;

namespace {

// CSR from (row, value) pairs in the order given.
void buildCsr(uint32_t rows, const std::vector<std::pair<uint32_t, uint32_t>>& pairs,
              std::vector<uint32_t>& offsets, std::vector<uint32_t>& values) {
  offsets.assign(size_t{rows} + 1, 0);
  for (const auto& [row, value] : pairs) ++offsets[row + 1];
  for (uint32_t r = 0; r < rows; ++r) offsets[r + 1] += offsets[r];
  values.resize(pairs.size());
  std::vector<uint32_t> fill(offsets.begin(), offsets.end() - 1);
  for (const auto& [row, value] : pairs) values[fill[row]++] = value;
}

bool isBroken(const DistanceConstraint& c) {
  return c.a == c.b;
}
bool isBroken(const ElementConstraint& e) {
  return e.a == e.b && e.a == e.c && e.a == e.d;
}

vec3 at(const State& state, uint32_t p) {
  return vec3(state.positions[p]);
}

// A removed constraint keeps its slot with all its ends on one particle: a particle that does not move
// when it has one, so that it never has more moving ends than before (the GPU's Jacobi slot lists have
// one entry per moving end and a fixed size).
bool resting(const Model& model, uint32_t p) {
  return model.restPositions[p].w <= 0.0f;
}
void removeDistance(const Model& model, DistanceConstraint& c) {
  c.a = c.b = resting(model, c.b) ? c.b : c.a;
}
void removeElement(const Model& model, ElementConstraint& e) {
  uint32_t keep = e.a;
  for (uint32_t p : {e.d, e.c, e.b, e.a})
    if (resting(model, p)) keep = p;
  e.a = e.b = e.c = e.d = keep;
}

bool sameSet(const uint32_t* t, uint32_t a, uint32_t b, uint32_t c) {
  auto has = [&](uint32_t v) { return t[0] == v || t[1] == v || t[2] == v; };
  return has(a) && has(b) && has(c);
}

}  // namespace

// A triangle around the particle being split: its packed index, its corners before the split, and
// whether it moves to the copy.
struct Tearing::Corner {
  uint32_t triangle;
  uint32_t v[3];
  bool moved;
};

Tearing::Tearing(const Model& model, const SolverLayout& layout) {
  const uint32_t n = model.particleCount();
  tearOf_.assign(n, VKXPBD_NONE);
  for (uint32_t k = 0; k < model.tears.size(); ++k) {
    const TearBody& t = model.tears[k];
    for (uint32_t p = t.first; p < t.first + t.count; ++p) tearOf_[p] = k;
  }
  origin_.resize(n);
  for (uint32_t p = 0; p < n; ++p) origin_[p] = p;
  nextSpare_.assign(model.tears.size(), 0);
  onCrack_.assign(n, 0u);
  sibling_.assign(n, VKXPBD_NONE);

  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  surfaceBase_.push_back(0);
  for (const SurfaceMesh& s : model.surfaces) {
    const uint32_t base = surfaceBase_.back();
    for (uint32_t t = 0; 3 * t + 2 < s.indices.size(); ++t)
      for (uint32_t k = 0; k < 3; ++k) pairs.emplace_back(s.indices[3 * t + k], base + t);
    surfaceBase_.push_back(base + static_cast<uint32_t>(s.indices.size() / 3));
  }
  buildCsr(n, pairs, triangleOffsets_, triangles_);

  pairs.clear();
  const uint32_t distanceCount = static_cast<uint32_t>(layout.distance.size());
  for (uint32_t k = 0; k < distanceCount; ++k) {
    const DistanceConstraint& c = layout.distance[k];
    if (tearOf_[c.a] == VKXPBD_NONE && tearOf_[c.b] == VKXPBD_NONE) continue;
    pairs.emplace_back(c.a, k);
    pairs.emplace_back(c.b, k);
  }
  for (uint32_t k = 0; k < layout.elements.size(); ++k) {
    const ElementConstraint& e = layout.elements[k];
    if (tearOf_[e.a] == VKXPBD_NONE) continue;
    for (uint32_t p : {e.a, e.b, e.c, e.d}) pairs.emplace_back(p, distanceCount + k);
  }
  buildCsr(n, pairs, constraintOffsets_, constraints_);
}

std::vector<uint32_t> Tearing::findBroken(const Model& model, const SolverLayout& layout,
                                          const std::vector<glm::vec4>& positions,
                                          const std::vector<float>& lambdas, float alphaScale) const {
  // Pass 1: which constraints break, from the frame's end positions (independent of each other).
  std::vector<uint32_t> broken;
  for (uint32_t k = 0; k < layout.distance.size(); ++k) {
    const DistanceConstraint& c = layout.distance[k];
    if (isBroken(c)) continue;
    const uint32_t body = tearOf_[c.a];
    if (body == VKXPBD_NONE || tearOf_[c.b] != body) continue;
    const TearSettings& s = model.tears[body].settings;
    const float lambda = k < lambdas.size() ? lambdas[k] : 0.0f;
    if (gpu::tearBreaks(vec3(positions[c.a]), vec3(positions[c.b]), c.restLength, s.strain, lambda,
                        alphaScale, s.force))
      broken.push_back(k);
  }
  return broken;
}

TearReport Tearing::step(Model& model, SolverLayout& layout, State& state, std::vector<glm::vec4>& history,
                         const std::vector<float>& lambdas, float alphaScale) {
  if (model.tears.empty()) return TearReport{};
  return split(model, layout, state, history,
               findBroken(model, layout, state.positions, lambdas, alphaScale));
}

TearReport Tearing::split(Model& model, SolverLayout& layout, State& state, std::vector<glm::vec4>& history,
                          std::vector<uint32_t> broken) {
  TearReport report;
  report.broken = std::move(broken);
  // Pass 2: in layout order, break each and split one of its particles.
  for (uint32_t k : report.broken) {
    DistanceConstraint& c = layout.distance[k];
    const uint32_t a = c.a, b = c.b;
    if (isBroken(c)) continue;
    const vec3 xa = at(state, a), xb = at(state, b);
    bool split = false;
    if (c.kind == static_cast<uint32_t>(ConstraintKind::Bend)) {
      // A distance bending constraint reaches over a particle: across an opening crack it is only removed.
    } else if (onCrack_[a] != onCrack_[b]) {
      // At a crack's end: the crack runs on through the other particle t, split across the direction in
      // which the crack opens at c (from c to the copy it was last split from or into).
      const uint32_t crack = onCrack_[a] ? a : b, t = onCrack_[a] ? b : a;
      split = splitParticle(t, at(state, sibling_[crack]) - at(state, crack), model, layout, state, history,
                            report);
    } else {
      split = splitParticle(a, xb - xa, model, layout, state, history, report) ||
              splitParticle(b, xa - xb, model, layout, state, history, report);
    }
    // With a split the constraint went with its triangles to one side of the crack (it holds nothing
    // across it any more); without one it is removed.
    if (!split) {
      removeDistance(model, c);
      ++report.removed;
      if (c.kind != static_cast<uint32_t>(ConstraintKind::Bend)) cutEdge(a, b, model, layout, report);
    }
  }
  totalBroken_ += report.broken.size();
  if (!report.broken.empty()) {
    holdTriangles(model, layout, report);
    layout.adjacency = buildJacobiAdjacency(model, layout);
    layout.surface = buildSurfaceTriangles(model);
  }
  return report;
}

bool Tearing::splitParticle(uint32_t p, vec3 n, Model& model, SolverLayout& layout, State& state,
                            std::vector<glm::vec4>& history, TearReport& report) {
  const uint32_t body = tearOf_[p];
  const float w = state.positions[p].w;
  if (w <= 0.0f || body == VKXPBD_NONE) return false;  // pinned particles stay whole
  const TearBody& tb = model.tears[body];
  if (nextSpare_[body] >= tb.spareCount) return false;  // out of spares: the constraint only breaks
  const vec3 xp = at(state, p);

  // The triangles around p, and the side of the crack each lies on.
  auto corners = [&](uint32_t t) {
    const auto s = static_cast<size_t>(std::upper_bound(surfaceBase_.begin(), surfaceBase_.end(), t) -
                                       surfaceBase_.begin() - 1);
    return &model.surfaces[s].indices[3 * size_t{t - surfaceBase_[s]}];
  };
  std::vector<Corner> around;
  uint32_t moved = 0;
  const uint32_t o = origin_[p];
  for (uint32_t i = triangleOffsets_[o]; i < triangleOffsets_[o + 1]; ++i) {
    const uint32_t* t = corners(triangles_[i]);
    if (t[0] != p && t[1] != p && t[2] != p) continue;
    uint32_t v[3] = {t[0], t[1], t[2]};
    std::sort(v, v + 3);
    const bool far =
        gpu::tearOnFarSide(gpu::tearCentroid(at(state, v[0]), at(state, v[1]), at(state, v[2])), xp, n);
    around.push_back(Corner{triangles_[i], {t[0], t[1], t[2]}, far});
    moved += far ? 1u : 0u;
  }
  if (moved == 0 || moved == around.size()) return false;  // the crack would not open here

  // The copy: same place and velocity, each with half the mass.
  const uint32_t copy = tb.spareFirst + nextSpare_[body]++;
  const float wSplit = gpu::tearSplitInverseMass(w);
  origin_[copy] = o;
  tearOf_[copy] = body;
  onCrack_[p] = onCrack_[copy] = 1u;
  sibling_[p] = copy;
  sibling_[copy] = p;
  state.positions[copy] = vec4(xp, wSplit);
  state.positions[p].w = wSplit;
  if (!state.positionsLow.empty()) state.positionsLow[copy] = state.positionsLow[p];
  state.velocities[copy] = state.velocities[p];
  if (!history.empty()) {
    const size_t count = model.particleCount();
    history[copy] = history[p];
    history[count + copy] = history[count + p];
  }
  model.restPositions[p].w = wSplit;
  model.restPositions[copy].w = wSplit;

  // Triangles on the far side move to the copy.
  for (const Corner& c : around) {
    if (!c.moved) continue;
    uint32_t* t = corners(c.triangle);
    for (uint32_t k = 0; k < 3; ++k)
      if (t[k] == p) t[k] = copy;
  }
  // The side of the triangle (a, b, c) around p: 1 moved, 0 stayed, -1 not around p.
  auto triangleSide = [&](uint32_t a, uint32_t b, uint32_t c) {
    for (const Corner& k : around)
      if (sameSet(k.v, a, b, c)) return k.moved ? 1 : 0;
    return -1;
  };
  // Distance constraints follow the triangles that hold their edge (an edge on the crack, with
  // triangles on both sides, stays with p); others go by the side of their other particle.
  const uint32_t distanceCount = static_cast<uint32_t>(layout.distance.size());
  for (uint32_t i = constraintOffsets_[o]; i < constraintOffsets_[o + 1]; ++i) {
    const uint32_t k = constraints_[i];
    if (k < distanceCount) {
      DistanceConstraint& c = layout.distance[k];
      if (isBroken(c) || (c.a != p && c.b != p)) continue;
      const uint32_t r = c.a == p ? c.b : c.a;
      uint32_t movedHolders = 0, stayedHolders = 0;
      for (const Corner& t : around) {
        if (t.v[0] != r && t.v[1] != r && t.v[2] != r) continue;
        (t.moved ? movedHolders : stayedHolders) += 1;
      }
      const bool toCopy =
          movedHolders + stayedHolders > 0 ? stayedHolders == 0 : gpu::tearOnFarSide(at(state, r), xp, n);
      if (!toCopy) continue;
      if (c.a == p) c.a = copy;
      if (c.b == p) c.b = copy;
    } else {
      ElementConstraint& e = layout.elements[k - distanceCount];
      if (isBroken(e) || (e.a != p && e.b != p && e.c != p && e.d != p)) continue;
      // Bending: the triangles (a, b, c) and (b, a, d).
      const int s1 = (e.a == p || e.b == p || e.c == p) ? triangleSide(e.a, e.b, e.c) : -1;
      const int s2 = (e.a == p || e.b == p || e.d == p) ? triangleSide(e.a, e.b, e.d) : -1;
      if (s1 >= 0 && s2 >= 0 && s1 != s2) {
        removeElement(model, e);  // spans the crack: broken
        ++report.brokenElements;
        continue;
      }
      if (std::max(s1, s2) != 1) continue;
      for (uint32_t* v : {&e.a, &e.b, &e.c, &e.d})
        if (*v == p) *v = copy;
    }
  }
  // The copy's constraints are the origin's: list them for the copy's own later splits (origin_).
  ++report.splits;
  return true;
}

void Tearing::cutEdge(uint32_t a, uint32_t b, Model& model, SolverLayout& layout, TearReport& report) {
  // The triangles on edge (a, b) collapse onto a (zero area: not drawn, no normal, no contact).
  const uint32_t o = origin_[a];
  for (uint32_t i = triangleOffsets_[o]; i < triangleOffsets_[o + 1]; ++i) {
    const uint32_t t = triangles_[i];
    const auto s = static_cast<size_t>(std::upper_bound(surfaceBase_.begin(), surfaceBase_.end(), t) -
                                       surfaceBase_.begin() - 1);
    uint32_t* v = &model.surfaces[s].indices[3 * size_t{t - surfaceBase_[s]}];
    const bool hasA = v[0] == a || v[1] == a || v[2] == a, hasB = v[0] == b || v[1] == b || v[2] == b;
    if (hasA && hasB) v[0] = v[1] = v[2] = a;
  }
  // Bending elements across the edge break with it.
  const uint32_t distanceCount = static_cast<uint32_t>(layout.distance.size());
  for (uint32_t i = constraintOffsets_[o]; i < constraintOffsets_[o + 1]; ++i) {
    if (constraints_[i] < distanceCount) continue;
    ElementConstraint& e = layout.elements[constraints_[i] - distanceCount];
    if (isBroken(e) || !((e.a == a && e.b == b) || (e.a == b && e.b == a))) continue;
    removeElement(model, e);
    ++report.brokenElements;
  }
}

void Tearing::holdTriangles(Model& model, SolverLayout& layout, TearReport& report) {
  // The edges held now: intact stretch and shear constraints, as (smaller, larger) particle pairs.
  std::vector<std::pair<uint32_t, uint32_t>> held;
  for (const DistanceConstraint& c : layout.distance) {
    const auto kind = static_cast<ConstraintKind>(c.kind);
    if (!isBroken(c) && (kind == ConstraintKind::Stretch || kind == ConstraintKind::Shear))
      held.emplace_back(std::min(c.a, c.b), std::max(c.a, c.b));
  }
  std::sort(held.begin(), held.end());
  auto isHeld = [&](uint32_t a, uint32_t b) {
    return std::binary_search(held.begin(), held.end(), std::make_pair(std::min(a, b), std::max(a, b)));
  };
  auto heldEdges = [&](const uint32_t* v) {
    return (isHeld(v[0], v[1]) ? 1 : 0) + (isHeld(v[1], v[2]) ? 1 : 0) + (isHeld(v[2], v[0]) ? 1 : 0);
  };
  const uint32_t distanceCount = static_cast<uint32_t>(layout.distance.size());
  for (uint32_t body = 0; body < model.tears.size(); ++body) {
    const TearBody& tb = model.tears[body];
    std::vector<uint32_t>& indices = model.surfaces[tb.surface].indices;
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
      uint32_t* v = &indices[t];
      if (v[0] == v[1] || v[1] == v[2] || v[0] == v[2] || heldEdges(v) >= 2) continue;
      // A flap across the crack: one corner belongs to another piece. Give that corner to the particle of
      // its origin (the original, then its copies in the order taken) that holds the triangle on two edges.
      const uint32_t before[3] = {v[0], v[1], v[2]};
      bool fixed = false;
      for (uint32_t k = 0; k < 3 && !fixed; ++k) {
        const uint32_t o = origin_[before[k]];
        for (uint32_t i = 0; i <= nextSpare_[body] && !fixed; ++i) {
          const uint32_t r = i == 0 ? o : tb.spareFirst + i - 1;
          if (r == before[k] || origin_[r] != o) continue;
          v[k] = r;
          fixed = heldEdges(v) >= 2;
          if (!fixed) v[k] = before[k];
        }
      }
      if (fixed) {
        ++report.heldTriangles;
      } else {
        v[1] = v[2] = v[0];  // held by nothing: collapses (not drawn)
        ++report.collapsedTriangles;
      }
      // Bending elements built on the triangle as it was no longer match it: they break.
      for (uint32_t i = constraintOffsets_[origin_[before[0]]];
           i < constraintOffsets_[origin_[before[0]] + 1]; ++i) {
        if (constraints_[i] < distanceCount) continue;
        ElementConstraint& e = layout.elements[constraints_[i] - distanceCount];
        if (isBroken(e)) continue;
        auto has = [&](uint32_t p) { return e.a == p || e.b == p || e.c == p || e.d == p; };
        if (!has(before[0]) || !has(before[1]) || !has(before[2])) continue;
        removeElement(model, e);
        ++report.brokenElements;
      }
    }
  }
}

LayoutColouring layoutColouring(const Model& model, const SolverLayout& layout) {
  LayoutColouring out;
  ColouringProblem& problem = out.problem;
  problem.particleCount = model.particleCount();
  const uint32_t distanceCount = static_cast<uint32_t>(layout.distance.size());
  const uint32_t total = distanceCount + static_cast<uint32_t>(layout.elements.size());
  out.colouring.colourOf.assign(total, kTailColour);
  out.colouring.colourSizes.assign(layout.colours.size(), 0);
  for (uint32_t colour = 0; colour < layout.colours.size(); ++colour) {
    const ConstraintRange d = layout.colours[colour], e = layout.elementColours[colour];
    for (uint32_t k = d.first; k < d.first + d.count; ++k) out.colouring.colourOf[k] = colour;
    for (uint32_t k = e.first; k < e.first + e.count; ++k) out.colouring.colourOf[distanceCount + k] = colour;
    out.colouring.colourSizes[colour] = d.count + e.count;
  }
  out.colouring.tailSize = layout.jacobi.count + layout.jacobiElements.count;
  auto addDistinct = [&](std::initializer_list<uint32_t> ends) {
    std::vector<uint32_t> listed;
    for (uint32_t p : ends)
      if (model.restPositions[p].w > 0.0f && std::find(listed.begin(), listed.end(), p) == listed.end())
        listed.push_back(p);
    problem.particles.insert(problem.particles.end(), listed.begin(), listed.end());
    problem.offsets.push_back(static_cast<uint32_t>(problem.particles.size()));
  };
  for (const DistanceConstraint& c : layout.distance) addDistinct({c.a, c.b});
  for (const ElementConstraint& e : layout.elements) addDistinct({e.a, e.b, e.c, e.d});
  return out;
}

}  // namespace vkxpbd
