#include "sim/attach_builder.h"

#include <algorithm>
#include <tuple>

namespace vkxpbd {
namespace {

// Candidate pairs of one stitch entry at most (|A| × |B| distance tests).
constexpr double kMaxStitchTests = 1.0e8;

[[noreturn]] void fail(const SceneDesc& scene, const std::string& path, const std::string& what) {
  throw SceneError(scene.path + ": " + path + ": " + what);
}

// The particles of every body named `name` (instances share their body's name), inside `region` if set.
std::vector<uint32_t> selectParticles(const SceneDesc& scene, const Model& model, const std::string& name,
                                      const std::optional<RegionDesc>& region, const std::string& path) {
  std::vector<uint32_t> out;
  bool found = false;
  for (const BodyRange& body : model.bodies) {
    if (body.name != name) continue;
    found = true;
    for (uint32_t p = body.first; p < body.first + body.count; ++p)
      if (!region || region->contains(glm::vec3(model.restPositions[p]))) out.push_back(p);
  }
  if (!found) fail(scene, path, "no body is named '" + name + "'");
  if (out.empty()) fail(scene, path, "the region selects no particle of body '" + name + "'");
  return out;
}

}  // namespace

uint32_t attachIndex(const SceneDesc& scene, const std::optional<ColliderRefDesc>& attach) {
  if (!attach) return 0u;
  if (attach->name.empty()) {
    if (attach->index < 0 || static_cast<size_t>(attach->index) >= scene.colliders.size())
      fail(scene, attach->path,
           "collider index " + std::to_string(attach->index) + " is not in 'colliders' (" +
               std::to_string(scene.colliders.size()) + " colliders)");
    return static_cast<uint32_t>(attach->index) + 1u;
  }
  const auto it = std::find(scene.colliderNames.begin(), scene.colliderNames.end(), attach->name);
  if (it == scene.colliderNames.end())
    fail(scene, attach->path, "no collider is named '" + attach->name + "'");
  return static_cast<uint32_t>(it - scene.colliderNames.begin()) + 1u;
}

void addRegionPins(const SceneDesc& scene, Model& model, const std::vector<PinDesc>& pins, uint32_t first,
                   uint32_t count, std::vector<uint32_t>& pinned) {
  pinned.resize(pins.size(), 0u);
  for (size_t k = 0; k < pins.size(); ++k) {
    const PinDesc& pin = pins[k];
    if (!pin.region) continue;
    const uint32_t attach = attachIndex(scene, pin.attach);
    for (uint32_t p = first; p < first + count; ++p) {
      const glm::vec4 x = model.restPositions[p];
      if (x.w <= 0.0f || !pin.region->contains(glm::vec3(x))) continue;
      pinAtRest(model, p, VKXPBD_NONE, attach);
      ++pinned[k];
    }
  }
}

void requireRegionPins(const SceneDesc& scene, const std::vector<PinDesc>& pins,
                       const std::vector<uint32_t>& pinned, const std::string& bodyName) {
  for (size_t k = 0; k < pins.size(); ++k) {
    const PinDesc& pin = pins[k];
    if (pin.region && (k >= pinned.size() || pinned[k] == 0))
      fail(scene, pin.path,
           std::string(pin.region->shape == RegionDesc::Shape::Box ? "box" : "sphere") +
               " selects no particle of body '" + bodyName +
               "' (none lies inside at rest that is not pinned yet)");
  }
}

void addStitches(const SceneDesc& scene, Model& model) {
  std::vector<bool> used(model.particleCount(), false);
  for (const StitchDesc& s : scene.stitches) {
    const std::vector<uint32_t> a = selectParticles(scene, model, s.bodyA, s.regionA, s.path + ".a");
    const std::vector<uint32_t> b = selectParticles(scene, model, s.bodyB, s.regionB, s.path + ".b");
    if (double(a.size()) * double(b.size()) > kMaxStitchTests)
      fail(scene, s.path,
           std::to_string(a.size()) + " x " + std::to_string(b.size()) +
               " particles to compare, more than the limit of 1e8: select the edges with a box or sphere");
    std::vector<std::tuple<double, uint32_t, uint32_t>> candidates;  // rest distance (m), a, b
    for (uint32_t pa : a) {
      const glm::dvec3 xa = restPosition(model, pa);
      for (uint32_t pb : b) {
        if (pa == pb) continue;
        if (model.restPositions[pa].w <= 0.0f && model.restPositions[pb].w <= 0.0f) continue;
        const double d = glm::length(xa - restPosition(model, pb));
        if (d <= double(s.maxDistance)) candidates.emplace_back(d, std::min(pa, pb), std::max(pa, pb));
      }
    }
    std::sort(candidates.begin(), candidates.end());
    uint32_t stitched = 0;
    for (const auto& [d, p, q] : candidates) {
      if (used[p] || used[q]) continue;
      used[p] = used[q] = true;
      model.distance.push_back(
          {p, q, 0.0f, s.compliance, 1.0f, static_cast<uint32_t>(ConstraintKind::Stitch)});
      ++stitched;
    }
    if (stitched == 0)
      fail(scene, s.path + ".max_distance",
           "no free particle of '" + s.bodyA + "' is within " + std::to_string(s.maxDistance) +
               " m of one of '" + s.bodyB + "'");
  }
}

}  // namespace vkxpbd
