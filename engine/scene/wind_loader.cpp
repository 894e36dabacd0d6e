#include "scene/wind_loader.h"

namespace vkxpbd::scene_json {

namespace {
const Bounds kCoefficient = between(0.0, true, 100.0, true);  // dimensionless
constexpr int64_t kMaxSeed = 1 << 24;                         // seeds are stored exactly in a float
}  // namespace

WindSettings readWind(const Node& node) {
  node.expectObject({"velocity", "density", "gust"});
  WindSettings wind;
  wind.enabled = true;
  gpu::WindField& f = wind.field;
  if (auto n = node.find("velocity")) f.velocity = glm::vec4(n->vec3(), f.velocity.w);
  f.velocity.w = optionalNumber(node, "density", f.velocity.w, kDensity);
  if (auto n = node.find("gust")) {
    n->expectObject({"amplitude", "frequency", "wavelength", "seed"});
    f.gust.x = optionalNumber(*n, "amplitude", f.gust.x, between(0.0, true, kMaxMagnitude, true));
    f.gust.y = optionalNumber(*n, "frequency", f.gust.y, kFrequency);
    f.gust.z = optionalNumber(*n, "wavelength", f.gust.z, kLength);
    if (auto s = n->find("seed")) f.gust.w = static_cast<float>(s->integer(0, kMaxSeed));
  }
  return wind;
}

glm::vec3 readAerodynamics(const Node& node, glm::vec3 defaults) {
  node.expectObject({"normal_drag", "tangential_drag", "lift"});
  return {optionalNumber(node, "normal_drag", defaults.x, kCoefficient),
          optionalNumber(node, "tangential_drag", defaults.y, kCoefficient),
          optionalNumber(node, "lift", defaults.z, kCoefficient)};
}

}  // namespace vkxpbd::scene_json
