#include "sim/tear_table.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "shared/config.h"
#include "shared/tear_layout.h"

namespace vkxpbd {

static_assert(static_cast<uint32_t>(ConstraintKind::Stretch) == VKXPBD_TEAR_KIND_STRETCH);
static_assert(static_cast<uint32_t>(ConstraintKind::Shear) == VKXPBD_TEAR_KIND_SHEAR);
static_assert(static_cast<uint32_t>(ConstraintKind::Bend) == VKXPBD_TEAR_KIND_BEND);

namespace {

// CSR from (row, value) pairs in the order given, appended to the table: offsets (absolute in the
// values section, starting at 0), then the values.
void appendCsr(uint32_t rows, const std::vector<std::pair<uint32_t, uint32_t>>& pairs,
               std::vector<uint32_t>& table, uint32_t offsetsSlot, uint32_t valuesSlot) {
  std::vector<uint32_t> offsets(size_t{rows} + 1, 0);
  for (const auto& [row, value] : pairs) ++offsets[row + 1];
  for (uint32_t r = 0; r < rows; ++r) offsets[r + 1] += offsets[r];
  std::vector<uint32_t> values(pairs.size());
  std::vector<uint32_t> fill(offsets.begin(), offsets.end() - 1);
  for (const auto& [row, value] : pairs) values[fill[row]++] = value;
  table[offsetsSlot] = static_cast<uint32_t>(table.size());
  table.insert(table.end(), offsets.begin(), offsets.end());
  table[valuesSlot] = static_cast<uint32_t>(table.size());
  table.insert(table.end(), values.begin(), values.end());
}

}  // namespace

std::vector<uint32_t> buildTearTable(const Model& model, const SolverLayout& layout) {
  const uint32_t n = model.particleCount();
  const auto distanceCount = static_cast<uint32_t>(layout.distance.size());
  std::vector<uint32_t> table(VKXPBD_TEAR_HEADER_SIZE, 0u);
  table[VKXPBD_TEAR_HDR_PARTICLES] = n;
  table[VKXPBD_TEAR_HDR_DISTANCE] = distanceCount;
  table[VKXPBD_TEAR_HDR_BODIES] = static_cast<uint32_t>(model.tears.size());

  std::vector<uint32_t> tearOf(n, VKXPBD_NONE);
  for (uint32_t k = 0; k < model.tears.size(); ++k) {
    const TearBody& t = model.tears[k];
    for (uint32_t p = t.first; p < t.first + t.count; ++p) tearOf[p] = k;
  }
  auto section = [&](uint32_t slot, const std::vector<uint32_t>& values) {
    table[slot] = static_cast<uint32_t>(table.size());
    table.insert(table.end(), values.begin(), values.end());
  };
  std::vector<uint32_t> origin(n);
  for (uint32_t p = 0; p < n; ++p) origin[p] = p;
  section(VKXPBD_TEAR_HDR_ORIGIN, origin);
  section(VKXPBD_TEAR_HDR_TEAR_OF, tearOf);
  section(VKXPBD_TEAR_HDR_ON_CRACK, std::vector<uint32_t>(n, 0u));
  section(VKXPBD_TEAR_HDR_SIBLING, std::vector<uint32_t>(n, VKXPBD_NONE));
  section(VKXPBD_TEAR_HDR_NEXT_COPY, std::vector<uint32_t>(n, VKXPBD_NONE));
  section(VKXPBD_TEAR_HDR_LAST_COPY, origin);

  // Per original particle: its triangles (packed over the surfaces, as SurfaceTriangles::indices) and
  // the constraints of tearing bodies that hold it (distance k, or distance count + element k).
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  std::vector<uint32_t> surfaceBase{0};
  for (const SurfaceMesh& s : model.surfaces) {
    const uint32_t base = surfaceBase.back();
    for (uint32_t t = 0; 3 * t + 2 < s.indices.size(); ++t)
      for (uint32_t k = 0; k < 3; ++k) pairs.emplace_back(s.indices[3 * t + k], base + t);
    surfaceBase.push_back(base + static_cast<uint32_t>(s.indices.size() / 3));
  }
  appendCsr(n, pairs, table, VKXPBD_TEAR_HDR_TRI_OFFSETS, VKXPBD_TEAR_HDR_TRIS);
  uint32_t maxAround = 0;
  for (uint32_t p = 0; p < n; ++p) {
    const uint32_t* offsets = &table[table[VKXPBD_TEAR_HDR_TRI_OFFSETS]];
    maxAround = std::max(maxAround, offsets[p + 1] - offsets[p]);
  }
  table[VKXPBD_TEAR_HDR_MAX_AROUND] = maxAround;

  pairs.clear();
  for (uint32_t k = 0; k < distanceCount; ++k) {
    const DistanceConstraint& c = layout.distance[k];
    if (tearOf[c.a] == VKXPBD_NONE && tearOf[c.b] == VKXPBD_NONE) continue;
    pairs.emplace_back(c.a, k);
    pairs.emplace_back(c.b, k);
  }
  for (uint32_t k = 0; k < layout.elements.size(); ++k) {
    const ElementConstraint& e = layout.elements[k];
    if (tearOf[e.a] == VKXPBD_NONE) continue;
    for (uint32_t p : {e.a, e.b, e.c, e.d}) pairs.emplace_back(p, distanceCount + k);
  }
  appendCsr(n, pairs, table, VKXPBD_TEAR_HDR_CON_OFFSETS, VKXPBD_TEAR_HDR_CONS);

  std::vector<uint32_t> bodies;
  for (const TearBody& t : model.tears) {
    bodies.push_back(t.spareFirst);
    bodies.push_back(t.spareCount);
    bodies.push_back(0u);
    bodies.push_back(surfaceBase[t.surface]);
    bodies.push_back(surfaceBase[t.surface + 1] - surfaceBase[t.surface]);
  }
  static_assert(VKXPBD_TEAR_BODY_STRIDE == 5);
  section(VKXPBD_TEAR_HDR_BODY_TABLE, bodies);
  section(VKXPBD_TEAR_HDR_AROUND, std::vector<uint32_t>(size_t{maxAround} * VKXPBD_TEAR_AROUND_STRIDE, 0u));
  section(VKXPBD_TEAR_HDR_COUNTERS, std::vector<uint32_t>(VKXPBD_TEAR_COUNTER_COUNT, 0u));
  return table;
}

uint32_t jacobiRowCapacity(const Model& model, const SolverLayout& layout) {
  return model.tears.empty() ? layout.adjacency.rowCount() : model.particleCount();
}

std::vector<uint32_t> packJacobiRows(const JacobiAdjacency& adjacency, uint32_t capacity) {
  if (capacity < adjacency.rowCount()) throw std::logic_error("jacobi rows past their capacity");
  std::vector<uint32_t> packed = adjacency.offsets;
  packed.resize(size_t{capacity} + 1, adjacency.offsets.back());
  packed.insert(packed.end(), adjacency.particles.begin(), adjacency.particles.end());
  packed.resize(2 * size_t{capacity} + 1, 0u);
  return packed;
}

bool tearSplitsOnGpu(const Model& model) {
  if (model.particleCount() > VKXPBD_TEAR_GPU_MAX_PARTICLES) return false;
  for (const TearBody& t : model.tears)
    if (model.surfaces[t.surface].indices.size() / 3 > VKXPBD_TEAR_GPU_MAX_TRIANGLES) return false;
  return true;
}

}  // namespace vkxpbd
