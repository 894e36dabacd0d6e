#include "scene/attach_loader.h"

#include <algorithm>
#include <limits>

namespace vkxpbd {

bool RegionDesc::contains(glm::vec3 x) const {
  if (shape == Shape::Sphere) return glm::length(x - center) <= radius;
  return glm::all(glm::greaterThanEqual(x, min)) && glm::all(glm::lessThanEqual(x, max));
}

namespace scene_json {
namespace {

constexpr size_t kMaxPins = 100000;     // entries of one "pins" array
constexpr size_t kMaxStitches = 10000;  // entries of "stitches"

// The region of an object that has exactly one of "box" and "sphere".
RegionDesc readRegion(const Node& node) {
  const bool box = node.hasKey("box"), sphere = node.hasKey("sphere");
  if (box == sphere) node.fail("needs exactly one of 'box' and 'sphere'");
  RegionDesc region;
  if (box) {
    const Node b = node.member("box");
    b.expectObject({"min", "max"});
    region.shape = RegionDesc::Shape::Box;
    region.min = b.member("min").vec3();
    region.max = b.member("max").vec3();
    for (int axis = 0; axis < 3; ++axis)
      if (!(region.min[axis] <= region.max[axis])) b.fail("min must not exceed max on any axis");
  } else {
    const Node s = node.member("sphere");
    s.expectObject({"center", "radius"});
    region.shape = RegionDesc::Shape::Sphere;
    region.center = s.member("center").vec3();
    region.radius = s.member("radius").number(kLength);
  }
  return region;
}

// A stitch's side: a body's name, or {"body": name, "box" | "sphere": region}.
void readStitchSide(const Node& node, std::string& body, std::optional<RegionDesc>& region) {
  if (node.isString()) {
    body = node.name();
    return;
  }
  node.expectObject({"body", "box", "sphere"});
  body = node.member("body").name();
  if (node.hasKey("box") || node.hasKey("sphere")) region = readRegion(node);
}

}  // namespace

bool isRegionPin(const Node& pin) {
  return pin.hasKey("box") || pin.hasKey("sphere");
}

ColliderRefDesc readColliderRef(const Node& node) {
  ColliderRefDesc ref;
  ref.path = node.path();
  if (node.isString()) {
    ref.name = node.name();
  } else {
    ref.index = node.integer(0, std::numeric_limits<int32_t>::max());
  }
  return ref;
}

PinDesc readRegionPin(const Node& pin) {
  pin.expectObject({"box", "sphere", "attach"});
  PinDesc desc;
  desc.path = pin.path();
  desc.region = readRegion(pin);
  if (auto n = pin.find("attach")) desc.attach = readColliderRef(*n);
  return desc;
}

std::vector<PinDesc> readRegionPins(const Node& node) {
  std::vector<PinDesc> pins;
  const size_t count = node.arraySize(0, kMaxPins);
  for (size_t k = 0; k < count; ++k) pins.push_back(readRegionPin(node.element(k)));
  return pins;
}

void readColliderName(const Node& collider, SceneDesc& scene) {
  std::string name = "collider " + std::to_string(scene.colliderNames.size());
  if (auto n = collider.find("name")) {
    name = n->name();
    if (std::find(scene.colliderNames.begin(), scene.colliderNames.end(), name) != scene.colliderNames.end())
      n->fail("another collider is already named '" + name + "'");
  }
  scene.colliderNames.push_back(name);
}

std::vector<StitchDesc> readStitches(const Node& node) {
  std::vector<StitchDesc> stitches;
  const size_t count = node.arraySize(0, kMaxStitches);
  for (size_t k = 0; k < count; ++k) {
    const Node item = node.element(k);
    item.expectObject({"a", "b", "max_distance", "compliance"});
    StitchDesc s;
    s.path = item.path();
    readStitchSide(item.member("a"), s.bodyA, s.regionA);
    readStitchSide(item.member("b"), s.bodyB, s.regionB);
    s.maxDistance = item.member("max_distance").number(kLength);
    s.compliance = optionalNumber(item, "compliance", s.compliance, kCompliance);
    stitches.push_back(s);
  }
  return stitches;
}

}  // namespace scene_json
}  // namespace vkxpbd
