#include "sim/tearing.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "shared/tear_math.h"
#include "shared/tear_split.h"
#include "sim/tear_table.h"

namespace vkxpbd {

using glm::vec3;

Tearing::Tearing(const Model& model, const SolverLayout& layout) : table_(buildTearTable(model, layout)) {}

uint32_t Tearing::sparesUsed(size_t k) const {
  return at(VKXPBD_TEAR_HDR_BODY_TABLE,
            static_cast<uint32_t>(k) * VKXPBD_TEAR_BODY_STRIDE + VKXPBD_TEAR_BODY_NEXT_SPARE);
}

uint32_t Tearing::originOf(uint32_t p) const {
  return at(VKXPBD_TEAR_HDR_ORIGIN, p);
}

std::vector<uint32_t> Tearing::findBroken(const Model& model, const SolverLayout& layout,
                                          const std::vector<glm::vec4>& positions,
                                          const std::vector<float>& lambdas, float alphaScale,
                                          std::vector<uint32_t>* bins) const {
  // Pass 1: which constraints break, from the frame's end positions (independent of each other).
  std::vector<uint32_t> broken;
  if (bins) bins->clear();
  for (uint32_t k = 0; k < layout.distance.size(); ++k) {
    const DistanceConstraint& c = layout.distance[k];
    if (c.a == c.b) continue;  // removed by an earlier tear
    const uint32_t body = at(VKXPBD_TEAR_HDR_TEAR_OF, c.a);
    if (body == VKXPBD_NONE || at(VKXPBD_TEAR_HDR_TEAR_OF, c.b) != body) continue;
    const TearSettings& s = model.tears[body].settings;
    const float force = tearForceLimit(layout, model.tears[body]);
    const float lambda = k < lambdas.size() ? lambdas[k] : 0.0f;
    if (!gpu::tearBreaks(vec3(positions[c.a]), vec3(positions[c.b]), c.restLength, s.strain, lambda,
                         alphaScale, force))
      continue;
    broken.push_back(k);
    if (bins)
      bins->push_back(gpu::tearStrainBin(vec3(positions[c.a]), vec3(positions[c.b]), c.restLength, s.strain,
                                         lambda, alphaScale, force));
  }
  return broken;
}

TearSelection selectMostStrained(const std::vector<uint32_t>& broken, const std::vector<uint32_t>& bins,
                                 uint32_t cap) {
  TearSelection out;
  if (broken.size() <= cap) {
    out.broken = broken;
    out.quota = static_cast<uint32_t>(broken.size());
    return out;
  }
  if (bins.size() != broken.size())
    throw std::logic_error("tearing: a strain bin for each flagged constraint");
  std::vector<uint32_t> count(VKXPBD_TEAR_BINS, 0u);
  for (uint32_t b : bins) ++count.at(b);
  // From the top bin down: the first bin that would take the total past the cap is the cutoff.
  uint32_t above = 0;
  for (uint32_t j = VKXPBD_TEAR_BINS; j-- > 0;) {
    if (above + count[j] > cap) {
      out.cutoffBin = j;
      out.quota = cap - above;
      break;
    }
    above += count[j];
  }
  uint32_t quota = out.quota;
  for (size_t i = 0; i < broken.size(); ++i) {
    if (bins[i] < out.cutoffBin) continue;
    if (bins[i] == out.cutoffBin) {
      if (quota == 0) continue;
      --quota;
    }
    out.broken.push_back(broken[i]);
  }
  return out;
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
  if (report.broken.empty()) return report;
  // Pass 2, the shared code (shared/tear_split.h) on the host vectors: in layout order, break each and
  // split one of its particles; then the triangles-stay-held pass over every tearing surface.
  gpu::TearAccess ctx{table_.data(),
                      layout.surface.indices.data(),
                      layout.distance.data(),
                      layout.elements.data(),
                      state.positions.data(),
                      state.positionsLow.empty() ? nullptr : state.positionsLow.data(),
                      state.velocities.data(),
                      history.empty() ? nullptr : history.data(),
                      model.restPositions.data(),
                      model.particleCount()};
  gpu::tearResetCounters(ctx);
  for (uint32_t k : report.broken) gpu::tearBreak(ctx, k);
  for (uint32_t body = 0; body < model.tears.size(); ++body) {
    const uint32_t first =
        at(VKXPBD_TEAR_HDR_BODY_TABLE, body * VKXPBD_TEAR_BODY_STRIDE + VKXPBD_TEAR_BODY_TRI_FIRST);
    const uint32_t count =
        at(VKXPBD_TEAR_HDR_BODY_TABLE, body * VKXPBD_TEAR_BODY_STRIDE + VKXPBD_TEAR_BODY_TRI_COUNT);
    for (uint32_t t = first; t < first + count; ++t) gpu::tearHoldTriangle(ctx, t);
  }
  totalBroken_ += report.broken.size();
  report.removed = at(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_REMOVED);
  report.splits = at(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLITS);
  report.brokenElements = at(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_BROKEN_ELEMENTS);
  report.heldTriangles = at(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_HELD);
  report.collapsedTriangles = at(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_COLLAPSED);

  // The packed surface back into the model's surfaces, then what follows from the topology.
  for (size_t s = 0; s < model.surfaces.size(); ++s) {
    std::vector<uint32_t>& indices = model.surfaces[s].indices;
    std::copy(layout.surface.indices.begin() + layout.surface.surfaceStart[s],
              layout.surface.indices.begin() + layout.surface.surfaceStart[s + 1], indices.begin());
  }
  layout.adjacency = buildJacobiAdjacency(model, layout);
  layout.surface = buildSurfaceTriangles(model);
  return report;
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
