#include "sim/contact_cascade.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <stdexcept>

#include "shared/cascade_math.h"

namespace vkxpbd {

namespace {

float bits(uint32_t u) {
  return std::bit_cast<float>(u);
}

// The K largest weights (by magnitude; ties by particle) renormalised to sum 1, so a translation of the
// level still moves the point exactly.
std::map<uint32_t, float> keepLargest(const std::map<uint32_t, float>& weights) {
  std::vector<std::pair<uint32_t, float>> sorted(weights.begin(), weights.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& x, const auto& y) { return std::fabs(x.second) > std::fabs(y.second); });
  if (sorted.size() > VKXPBD_CASCADE_WEIGHTS) sorted.resize(VKXPBD_CASCADE_WEIGHTS);
  double sum = 0.0;
  for (const auto& [q, a] : sorted) sum += a;
  std::map<uint32_t, float> kept;
  for (const auto& [q, a] : sorted) kept[q] = sum != 0.0 ? float(a / sum) : a;
  return kept;
}

}  // namespace

bool bodyUsesContactCascade(const Model& model, const SolverSettings& settings, size_t body) {
  const HierarchySettings hs = bodyHierarchySettings(model, settings, body);
  return hs.enabled && hs.contacts;
}

ContactCascade buildContactCascade(const Model& model, const SolverSettings& settings,
                                   const Hierarchy& hierarchy, uint32_t base) {
  ContactCascade cascade;
  cascade.base = base;
  if (hierarchy.empty()) return cascade;
  const uint32_t n = model.particleCount();
  std::vector<uint32_t> entryOf(n, VKXPBD_NONE);
  std::vector<uint32_t> particles;
  const size_t bodies = std::max<size_t>(model.bodies.size(), 1);
  for (size_t b = 0; b < bodies; ++b) {
    if (!bodyUsesContactCascade(model, settings, b)) continue;
    const uint32_t first = model.bodies.empty() ? 0 : model.bodies[b].first;
    const uint32_t count = model.bodies.empty() ? n : model.bodies[b].count;
    for (const TearBody& t : model.tears)
      if (t.body == b)
        throw std::invalid_argument("hierarchy of body '" + model.bodies[b].name +
                                    "': \"contacts\" cannot be combined with tearing");
    for (uint32_t p = first; p < first + count; ++p) {
      entryOf[p] = static_cast<uint32_t>(particles.size());
      particles.push_back(p);
    }
  }
  // Nothing to touch: no tables (the tearing check above still applies).
  if (particles.empty() || model.colliders.empty()) return cascade;
  const uint32_t m = static_cast<uint32_t>(particles.size());
  const uint32_t levels = hierarchy.levelCount();
  cascade.entries = m;
  std::vector<glm::vec4>& w = cascade.words;
  w.assign(size_t{m} * VKXPBD_CASCADE_ENTRY_VEC4S, glm::vec4(0.0f));
  for (uint32_t i = 0; i < m; ++i) w[size_t{i} * VKXPBD_CASCADE_ENTRY_VEC4S].x = bits(particles[i]);

  // Each entry's composed weights, level by level: a left-out particle's share goes to its parents.
  std::vector<std::map<uint32_t, float>> composed(m);
  for (uint32_t i = 0; i < m; ++i) composed[i][particles[i]] = 1.0f;
  for (uint32_t l = 1; l <= levels; ++l) {
    const HierarchyLevel& level = hierarchy.levels[l - 1];
    std::vector<int32_t> rowOf(n, -1);
    for (size_t r = 0; r < level.prolongation.size(); ++r) rowOf[level.prolongation[r].particle] = int32_t(r);
    std::vector<float> invMass(n, 0.0f);
    for (size_t k = 0; k < level.particles.size(); ++k)
      if (model.restPositions[level.particles[k]].w > 0.0f)
        invMass[level.particles[k]] = float(1.0 / level.masses[k]);
    CascadeLevel out;
    out.weightsBase = base + static_cast<uint32_t>(w.size());
    w.resize(w.size() + size_t{m} * VKXPBD_CASCADE_WEIGHTS, glm::vec4(0.0f));
    std::map<uint32_t, std::vector<std::pair<uint32_t, float>>> gather;  // level particle → (entry, a)
    for (uint32_t i = 0; i < m; ++i) {
      std::map<uint32_t, float> next;
      for (const auto& [q, a] : composed[i]) {
        const int32_t r = rowOf[q];
        if (r < 0) {
          next[q] += a;
          continue;
        }
        const gpu::ProlongationRow& row = level.prolongation[r];
        const uint32_t parents[4] = {row.parent0, row.parent1, row.parent2, row.parent3};
        for (uint32_t k = 0; k < row.count; ++k) next[parents[k]] += a * row.weights[k];
      }
      composed[i] = keepLargest(next);
      uint32_t k = 0;
      for (const auto& [q, a] : composed[i]) {
        if (entryOf[q] == VKXPBD_NONE) continue;  // not a cascade particle (cannot happen within a body)
        w[out.weightsBase - base + size_t{i} * VKXPBD_CASCADE_WEIGHTS + k++] =
            glm::vec4(bits(entryOf[q]), a, invMass[q], 0.0f);
        if (invMass[q] > 0.0f) gather[q].push_back({i, a});
      }
    }
    out.gatherBase = base + static_cast<uint32_t>(w.size());
    out.gatherCount = static_cast<uint32_t>(gather.size());
    uint32_t list = out.gatherBase + out.gatherCount;
    for (const auto& [q, contacts] : gather) {
      w.push_back(
          glm::vec4(bits(entryOf[q]), bits(list), bits(static_cast<uint32_t>(contacts.size())), invMass[q]));
      list += static_cast<uint32_t>(contacts.size());
    }
    for (const auto& [q, contacts] : gather)
      for (const auto& [i, a] : contacts) w.push_back(glm::vec4(bits(i), a, 0.0f, 0.0f));
    out.rowBase = base + static_cast<uint32_t>(w.size());
    for (const gpu::ProlongationRow& row : level.prolongation) {
      if (entryOf[row.particle] == VKXPBD_NONE) continue;
      const uint32_t parents[4] = {row.parent0, row.parent1, row.parent2, row.parent3};
      glm::vec4 parentEntries(bits(0u));
      for (uint32_t k = 0; k < row.count; ++k) parentEntries[k] = bits(entryOf[parents[k]]);
      w.push_back(glm::vec4(bits(entryOf[row.particle]), bits(row.count), 0.0f, 0.0f));
      w.push_back(parentEntries);
      w.push_back(row.weights);
      ++out.rowCount;
    }
    cascade.levels.push_back(out);
  }
  return cascade;
}

}  // namespace vkxpbd
