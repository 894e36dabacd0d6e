#include "sim/momentum_bodies.h"

#include <algorithm>
#include <numeric>

namespace vkxpbd {

namespace {

struct UnionFind {
  std::vector<uint32_t> parent;
  explicit UnionFind(uint32_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  uint32_t find(uint32_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  }
  void join(uint32_t a, uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
};

}  // namespace

std::vector<MomentumBody> findFreeBodies(const Model& model) {
  const uint32_t n = model.particleCount();
  UnionFind sets(n);
  for (const DistanceConstraint& c : model.distance) sets.join(c.a, c.b);
  for (const ElementConstraint& e : model.elements) {
    sets.join(e.a, e.b);
    sets.join(e.a, e.c);
    sets.join(e.a, e.d);
  }
  for (size_t t = 0; t + 2 < model.volumeTriangles.size(); t += 3) {
    sets.join(model.volumeTriangles[t], model.volumeTriangles[t + 1]);
    sets.join(model.volumeTriangles[t], model.volumeTriangles[t + 2]);
  }
  for (const Tether& t : model.tethers) sets.join(t.particle, t.anchor);
  // Per root (the smallest index of its set): particle count, largest index, and whether one is pinned.
  std::vector<uint32_t> count(n, 0u), last(n, 0u);
  std::vector<bool> pinned(n, false), solid(n, false);
  for (const ElementConstraint& e : model.elements)
    if (e.type == VKXPBD_ELEMENT_TET_VOLUME || e.type == VKXPBD_ELEMENT_NEOHOOKEAN)
      solid[sets.find(e.a)] = true;
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t r = sets.find(i);
    ++count[r];
    last[r] = i;
    if (model.restPositions[i].w <= 0.0f) pinned[r] = true;
  }
  std::vector<MomentumBody> bodies;
  for (uint32_t r = 0; r < n; ++r) {
    if (sets.find(r) != r || count[r] < 2 || pinned[r] || last[r] - r + 1 != count[r]) continue;
    bodies.push_back(MomentumBody{r, count[r], solid[r] ? 1u : 0u, 0u});
  }
  return bodies;
}

}  // namespace vkxpbd
